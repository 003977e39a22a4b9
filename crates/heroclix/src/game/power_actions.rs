//! Powers given as actions, and the choices inside them (spec §2–§5): which such actions are
//! legal, why one is refused, and playing them.
//!
//! | Power | Action | Here |
//! |---|---|---|
//! | Charge, Running Shot | power action: half speed, then a free close / ranged attack | [`Action::PowerMove`] then [`Action::FreeAttack`] |
//! | Hypersonic Speed | power action: move, one free attack from a legal end square, move on | [`Action::PowerMove`], [`Action::FreeAttack`], [`Action::MoveOn`] |
//! | Phasing/Teleport | power action (option: move action) | [`Action::PowerMove`] |
//! | Sidestep (2010) | free action, speed locked at 2 | [`Action::PowerMove`] |
//! | Flurry | close combat action: two attacks, the second free if Flurry still shows | [`Action::CloseAttack`] then [`Action::FreeAttack`] |
//! | Quake, Pulse Wave | close / ranged combat action on every figure around | [`Action::AreaAttack`] |
//! | Energy Explosion, Penetrating/Psychic Blast, Incapacitate, Exploit Weakness, Ranged and Close Combat Expert | ranged / close combat action (or power action for the experts) | `power` of [`Action::RangedAttack`], [`Action::CloseAttack`] |
//! | Regeneration, Support, Force Blast | power action | [`Action::UsePower`] |
//! | Poison, Leadership | free action at the beginning of the turn | [`Action::UsePower`] |
//! | Outwit, Perplex | free action, once per turn | [`Action::Outwit`], [`Action::Perplex`] |
//! | Telekinesis | power action: move a figure (an opposing one after an attack that deals no damage), move an object, or attack with an object | [`Action::Telekinesis`], [`Action::TelekinesisObject`], [`Action::TelekinesisThrow`] |

use skirmish_board::square::Square;
use skirmish_board::FigureId;
use skirmish_engine::{Dice, Seat};
use skirmish_los::Occupancy as _;

use super::action::Action;
use super::combat::{self, AttackKind};
use super::event::{DamageKind, EffectEnd, Event};
use super::frames;
use super::play;
use super::powers::{self, Ability, Counter, Perplexed};
use super::rolls::{self, RollKind};
use super::state::{Fig, Interrupt, ObjectKind, State};
use super::values::{compute, Change, Effect};
use crate::figure::{Power, Stat};

/// Powers a close combat action can activate, and Close Combat Expert.
pub const CLOSE_POWERS: [Power; 4] = [
    Power::Flurry,
    Power::ExploitWeakness,
    Power::Incapacitate,
    Power::CloseCombatExpert,
];

/// Powers a ranged combat action can activate, and Ranged Combat Expert.
pub const RANGED_POWERS: [Power; 4] = [
    Power::EnergyExplosion,
    Power::PenetratingPsychicBlast,
    Power::Incapacitate,
    Power::RangedCombatExpert,
];

/// Powers that move the figure ([`Action::PowerMove`]).
pub const MOVE_POWERS: [Power; 5] = [
    Power::Charge,
    Power::RunningShot,
    Power::HypersonicSpeed,
    Power::PhasingTeleport,
    Power::Sidestep,
];

/// Powers used through [`Action::UsePower`].
pub const USE_POWERS: [Power; 7] = [
    Power::SmokeCloud,
    Power::Barrier,
    Power::Regeneration,
    Power::Support,
    Power::ForceBlast,
    Power::Poison,
    Power::Leadership,
];

/// Powers used as free actions: they give no token, do not count in the action total, and
/// may be used by a figure that already acted (once per turn each).
pub fn is_free(p: Power) -> bool {
    matches!(
        p,
        Power::Sidestep | Power::Poison | Power::Leadership | Power::Outwit | Power::Perplex
    )
}

/// True while nothing has been given an action this turn (*au début de votre tour*).
pub fn beginning_of_turn(state: &State) -> bool {
    state.actions_used == 0
        && state
            .figures
            .iter()
            .all(|f| !f.acted_this_turn || f.owner != state.active_seat())
}

fn used(state: &State, f: FigureId, p: Power) -> bool {
    state.used_this_turn.contains(&(f, p))
}

/// Range of 10 squares with a line of fire that is not blocked, for Outwit and Perplex, with
/// the figures standing as `occ` says ([`combat::occupancy`], built once for every target).
fn in_reach_10(state: &State, from: &Fig, to: &Fig, occ: &skirmish_los::OccupancyGrid) -> bool {
    from.id == to.id || combat::best_line(state, from, to, 10, occ).is_some()
}

/// Opposing figures a figure may attack in close combat now, minus those that escaped it by
/// Shape Change or Skrulls this turn.
pub fn close_targets(state: &State, f: &Fig) -> Vec<FigureId> {
    combat::close_targets(state, f)
        .into_iter()
        .filter(|t| !state.shape_changed.contains(&(f.id, *t)))
        .collect()
}

/// May the power ride on an attack against these targets?
fn attack_power_ok(state: &State, f: &Fig, p: Power, targets: &[FigureId]) -> bool {
    if !powers::power(state, f, p) {
        return false;
    }
    match p {
        Power::RangedCombatExpert => targets.len() == 1,
        Power::Incapacitate if state.options.powers.battle_fury_blocks_incapacitate => {
            targets.iter().all(|t| {
                state
                    .fig(*t)
                    .is_some_and(|t| !powers::power(state, t, Power::BattleFury))
            })
        }
        _ => true,
    }
}

/// Figures a Pulse Wave from `f` would reach (ignoring figures for lines of fire), and
/// whether it may be made: it needs a ranged combat action and an opposing figure inside.
pub fn wave_ok(state: &State, f: &Fig) -> bool {
    if !powers::power(state, f, Power::PulseWave) || !can_shoot(state, f) {
        return false;
    }
    let radius = combat::half_range(state, f);
    let empty = skirmish_los::OccupancyGrid::new(&state.map);
    state.in_play().any(|o| {
        state.opposed(f, o)
            && !combat::immune(state, o)
            && combat::line_within(state, f, o, radius, &empty, false).is_some()
    })
}

/// May the figure be given a ranged combat action at all?
pub fn can_shoot(state: &State, f: &Fig) -> bool {
    combat::range(state, f) > 0
        && !powers::no_ranged(state, f)
        && (!state.next_to_enemy(f)
            || powers::sharpshooter(state, f)
            || powers::has(state, f, Ability::Colossal))
}

/// The power actions a figure may be given now (the plain ones come from `play`). `fresh`:
/// the figure may still be given a non-free action.
pub fn legal_for(
    state: &State,
    f: &Fig,
    fresh: bool,
    occ: &skirmish_los::OccupancyGrid,
) -> Vec<Action> {
    let mut out = Vec::new();
    let id = f.id;
    // FAQ *Vengeurs*, *Brotherhood*: the free team move may use any power that moves the figure,
    // Phasing/Teleport included; it is not counted in the action total.
    if !fresh
        && play::free_move(state, id)
        && play::move_refusal(state, f.owner, id).is_none()
        && powers::power(state, f, Power::PhasingTeleport)
        && !powers::phases_on_move(state, f)
    {
        for to in play::move_destinations_via(state, f, Some(Power::PhasingTeleport)) {
            if Some(to) != f.square {
                out.push(Action::PowerMove {
                    figure: id,
                    power: Power::PhasingTeleport,
                    to,
                    carry: None,
                });
            }
        }
    }
    if fresh {
        let close = close_targets(state, f);
        for p in CLOSE_POWERS {
            for t in &close {
                if attack_power_ok(state, f, p, &[*t]) {
                    out.push(Action::CloseAttack {
                        attacker: id,
                        target: *t,
                        power: Some(p),
                    });
                }
            }
        }
        if !close.is_empty() && powers::power(state, f, Power::Quake) {
            out.push(Action::AreaAttack {
                attacker: id,
                power: Power::Quake,
            });
        }
        let sets = combat::ranged_target_sets(state, f, occ);
        for p in RANGED_POWERS {
            for set in &sets {
                if attack_power_ok(state, f, p, set) {
                    out.push(Action::RangedAttack {
                        attacker: id,
                        targets: set.clone(),
                        power: Some(p),
                    });
                }
            }
        }
        if wave_ok(state, f) {
            out.push(Action::AreaAttack {
                attacker: id,
                power: Power::PulseWave,
            });
        }
        for p in [
            Power::Charge,
            Power::RunningShot,
            Power::HypersonicSpeed,
            Power::PhasingTeleport,
        ] {
            if p == Power::PhasingTeleport && powers::phases_on_move(state, f) {
                continue;
            }
            if powers::power(state, f, p) {
                for to in play::move_destinations_via(state, f, Some(p)) {
                    if to != f.square.unwrap_or(to) || p == Power::HypersonicSpeed {
                        out.push(Action::PowerMove {
                            figure: id,
                            power: p,
                            to,
                            carry: None,
                        });
                    }
                }
                // Carry works on every move a figure is given an action for (spec COMB-2).
                for passenger in play::passengers(state, f) {
                    let s = play::lifted(state, id, passenger);
                    let Some(me) = s.fig(id) else { continue };
                    for to in play::move_destinations_via(&s, me, Some(p)) {
                        if Some(to) != f.square {
                            out.push(Action::PowerMove {
                                figure: id,
                                power: p,
                                to,
                                carry: Some(passenger),
                            });
                        }
                    }
                }
            }
        }
        for p in [Power::SmokeCloud, Power::Barrier] {
            if powers::power(state, f, p) && !marker_squares(state, f, p, &[]).is_empty() {
                out.push(Action::UsePower {
                    figure: id,
                    power: p,
                    target: None,
                });
            }
        }
        if powers::has(state, f, Ability::DuoAttack)
            && ability_attack_options(state, id, Ability::DuoAttack).len() > 1
        {
            out.push(Action::DuoAttack { figure: id });
        }
        if multi_attack_ok(state, f) {
            out.push(Action::MultiAttack { figure: id });
        }
        if powers::has(state, f, Ability::MoveAndAttack) && !state.next_to_enemy(f) {
            for to in play::move_and_attack_stops(state, f) {
                out.push(Action::MoveAndAttack {
                    figure: id,
                    to,
                    carry: None,
                });
            }
            // Carry works on every move action (spec COMB-2), Move and Attack's included.
            for passenger in play::passengers(state, f) {
                let s = play::lifted(state, id, passenger);
                let Some(me) = s.fig(id) else { continue };
                for to in play::move_and_attack_stops(&s, me) {
                    if Some(to) != f.square {
                        out.push(Action::MoveAndAttack {
                            figure: id,
                            to,
                            carry: Some(passenger),
                        });
                    }
                }
            }
        }
        if powers::power(state, f, Power::Regeneration) {
            out.push(Action::UsePower {
                figure: id,
                power: Power::Regeneration,
                target: None,
            });
        }
        for targets in mind_control_sets(state, f, occ) {
            out.push(Action::MindControl {
                figure: id,
                targets,
            });
        }
        if powers::power(state, f, Power::Telekinesis)
            && !state.telekinesed.iter().any(|(x, _)| *x == id)
        {
            for (target, to) in telekinesis_moves(state, f) {
                out.push(Action::Telekinesis {
                    figure: id,
                    target,
                    to,
                });
            }
            let objects = telekinesis_objects(state, f, occ);
            if !objects.is_empty() {
                for &square in &objects {
                    for to in telekinesis_object_destinations(state, f, square, occ) {
                        out.push(Action::TelekinesisObject {
                            figure: id,
                            square,
                            to,
                        });
                    }
                }
                let targets = combat::ranged_targets_within(state, f, occ, TELEKINESIS_REACH);
                // An indestructible object never leaves the game: it cannot be hurled.
                let hurled = objects.iter().filter(|sq| {
                    super::objects::lying_at(state, **sq).is_none_or(|i| {
                        !super::objects::has_rule(
                            &state.objects[i],
                            crate::tactics::ObjectRule::Indestructible,
                        )
                    })
                });
                for &square in hurled {
                    for &target in &targets {
                        out.push(Action::TelekinesisThrow {
                            figure: id,
                            square,
                            target,
                        });
                    }
                }
            }
        }
        for (team, target) in team_ability_targets(state, f) {
            out.push(Action::TeamAbility {
                figure: id,
                team: team.to_string(),
                target,
            });
        }
        for t in support_targets(state, f) {
            out.push(Action::UsePower {
                figure: id,
                power: Power::Support,
                target: Some(t),
            });
        }
        for t in force_blast_targets(state, f) {
            out.push(Action::UsePower {
                figure: id,
                power: Power::ForceBlast,
                target: Some(t),
            });
        }
    }
    // Free actions.
    if powers::power(state, f, Power::Sidestep) && !used(state, id, Power::Sidestep) {
        for to in play::move_destinations_via(state, f, Some(Power::Sidestep)) {
            if Some(to) != f.square {
                out.push(Action::PowerMove {
                    figure: id,
                    power: Power::Sidestep,
                    to,
                    carry: None,
                });
            }
        }
    }
    if beginning_of_turn(state) {
        for p in [Power::Poison, Power::Leadership] {
            if powers::power(state, f, p) && !used(state, id, p) {
                if p == Power::Poison && play::adjacent_enemies(state, f).is_empty() {
                    continue;
                }
                out.push(Action::UsePower {
                    figure: id,
                    power: p,
                    target: None,
                });
            }
        }
    }
    // Rulebook Partie 3: powers and combat abilities are optional; Earthbound/Neutralized is
    // a drawback, not a choice, and Super Strength holding an object may not be (FAQ 2002).
    for ability in powers::possessed(state, f) {
        let holding = ability == Ability::Power(Power::SuperStrength)
            && super::objects::held(state, id).is_some();
        if ability != Ability::Power(Power::EarthboundNeutralized) && !holding {
            out.push(Action::SwitchOff {
                figure: id,
                ability,
            });
        }
    }
    for team in team_switch_offs(state, f) {
        out.push(Action::SwitchOffTeam { figure: id, team });
    }
    if powers::power(state, f, Power::Outwit) && !used(state, id, Power::Outwit) {
        let occ = combat::occupancy(state);
        for t in state.in_play() {
            if !state.opposed(f, t) || !in_reach_10(state, f, t, &occ) {
                continue;
            }
            for ability in powers::possessed(state, t) {
                if ability != Ability::Power(Power::EarthboundNeutralized) {
                    out.push(Action::Outwit {
                        figure: id,
                        target: t.id,
                        ability,
                    });
                }
            }
        }
    }
    if powers::power(state, f, Power::Perplex) && !used(state, id, Power::Perplex) {
        let occ = combat::occupancy(state);
        for t in state.in_play() {
            if !in_reach_10(state, f, t, &occ) {
                continue;
            }
            for stat in Stat::ALL {
                for delta in [1i8, -1] {
                    out.push(Action::Perplex {
                        figure: id,
                        target: t.id,
                        stat,
                        delta,
                    });
                }
            }
        }
    }
    out
}

/// Every Telekinesis move a figure may make (spec ATK-12, 2008 card; FAQ *Télékinésie*): a
/// single-base figure that is not giant or colossal (an opposing one needs the standard damage
/// symbol), and a free destination square, with user, figure and destination never more than 8
/// squares apart, lines of fire from the user to both (the figure moved does not block the
/// second), and a path for the figure that ignores hindering and elevated terrain but stops next
/// to figures opposing it.
pub fn telekinesis_moves(state: &State, f: &Fig) -> Vec<(FigureId, Square)> {
    let Some(from) = f.square else {
        return Vec::new();
    };
    let occ = combat::occupancy(state);
    let me = skirmish_los::Endpoint::at(&state.map, from).with_figure(f.id);
    let mut out = Vec::new();
    for t in state.in_play() {
        if t.id == f.id || t.is_multi_base() || combat::immune(state, t) && state.opposed(f, t) {
            continue;
        }
        let Some(tsq) = t.square else { continue };
        // Against an opposing figure the move needs an attack: a ranged one unless adjacent,
        // which Battle Fury or an adjacent opposing figure rules out (rulebook *Combat à
        // distance*).
        if state.opposed(f, t)
            && !state.figures_adjacent(f, t)
            && (powers::no_ranged(state, f)
                || (state.next_to_enemy(f) && !powers::sharpshooter(state, f)))
        {
            continue;
        }
        if tsq.distance(from) > 8
            || powers::has(state, t, Ability::Giant)
            || powers::has(state, t, Ability::Colossal)
            || (state.opposed(f, t)
                && t.def.symbols.damage != crate::figure::DamageSymbol::Starburst)
            || combat::best_line(state, f, t, 8, &occ).is_none()
        {
            continue;
        }
        // The figure moved does not block the line to its own destination.
        let mut without = occ.clone();
        without.set(tsq, None);
        for to in telekinesis_destinations(state, t) {
            if to.distance(from) > 8 || to.distance(tsq) > 8 {
                continue;
            }
            let there = skirmish_los::Endpoint::at(&state.map, to);
            if combat::square_verdict(state, me, there, &without) != skirmish_los::Verdict::Blocked
            {
                out.push((t.id, to));
            }
        }
    }
    out
}

/// How far apart the Telekinesis user, its target and the destination may be (spec ATK-12,
/// 2008 card); an object attack reaches as far, light or heavy.
pub const TELEKINESIS_REACH: u32 = 8;

/// The user's line of fire to a square, for Telekinesis on objects: not blocked, and a figure
/// standing on the square does not hide it (objects lie under figures: FAQ 2002 *Objets*).
fn sees_square(
    state: &State,
    f: &Fig,
    from: Square,
    sq: Square,
    occ: &skirmish_los::OccupancyGrid,
) -> bool {
    let me = skirmish_los::Endpoint::at(&state.map, from).with_figure(f.id);
    let mut there = skirmish_los::Endpoint::at(&state.map, sq);
    if let Some(o) = occ.occupant(sq) {
        there = there.with_figure(o.figure);
    }
    combat::square_verdict(state, me, there, occ) != skirmish_los::Verdict::Blocked
}

/// Squares of the objects Telekinesis may move or hurl (options 2 and 3): light or heavy (an
/// immobile object is never moved, rulebook *Objets immobiles*), lying on the map (a held one
/// cannot be targeted, *Porter un objet*), within 8 squares of the user with a line of fire
/// to it.
pub fn telekinesis_objects(
    state: &State,
    f: &Fig,
    occ: &skirmish_los::OccupancyGrid,
) -> Vec<Square> {
    let Some(from) = f.square else {
        return Vec::new();
    };
    // Most games have no object: no line of fire is drawn then.
    let mut out: Vec<Square> = state
        .objects
        .iter()
        .filter(|o| o.kind != ObjectKind::Immobile && o.held_by.is_none())
        .filter_map(|o| o.square)
        .filter(|sq| sq.distance(from) <= TELEKINESIS_REACH)
        .collect();
    if out.is_empty() {
        return out;
    }
    out.retain(|sq| sees_square(state, f, from, *sq, occ));
    out.sort();
    out
}

/// Where Telekinesis may move the object lying on `object` (option 2): a square within 8 of
/// both the user and the object, seen by the user, not blocking terrain and with no other
/// object lying on it. An object is placed, not walked: terrain and figures on the way do not
/// matter, and it may end under a figure (FAQ 2002 *Objets*).
pub fn telekinesis_object_destinations(
    state: &State,
    f: &Fig,
    object: Square,
    occ: &skirmish_los::OccupancyGrid,
) -> Vec<Square> {
    let Some(from) = f.square else {
        return Vec::new();
    };
    let r = TELEKINESIS_REACH as i32;
    let mut out = Vec::new();
    // The squares within 8 of both form the overlap of two boxes (Chebyshev distance).
    for y in (from.y.max(object.y) - r)..=(from.y.min(object.y) + r) {
        for x in (from.x.max(object.x) - r)..=(from.x.min(object.x) + r) {
            let to = Square::new(x, y);
            if to == object
                || state.map.cell(to).is_none_or(|c| c.is_blocking())
                || super::objects::lying_at(state, to).is_some()
            {
                continue;
            }
            if sees_square(state, f, from, to, occ) {
                out.push(to);
            }
        }
    }
    out
}

/// Why Telekinesis cannot take the object on `square` at all (options 2 and 3), if it cannot.
fn telekinesis_object_refusal(
    state: &State,
    f: &Fig,
    square: Square,
    occ: &skirmish_los::OccupancyGrid,
) -> Option<String> {
    let Some(i) = super::objects::lying_at(state, square) else {
        return Some(match state.figure_at(square) {
            Some(h) if super::objects::held(state, h.id).is_some() => format!(
                "{} holds its object: a held object cannot be targeted nor taken from its holder (rulebook Partie 4, Porter un objet)",
                h.label
            ),
            _ => format!("no object lies on {square}"),
        });
    };
    let o = &state.objects[i];
    let from = f.square?;
    if o.kind == ObjectKind::Immobile {
        return Some(format!(
            "{} on {square} is an immobile object: immobile objects are never picked up nor moved by any game effect (rulebook Partie 4, Objets immobiles)",
            o.name
        ));
    }
    let d = square.distance(from);
    if d > TELEKINESIS_REACH {
        return Some(format!(
            "{} on {square} is {d} squares from {}: Telekinesis reaches objects within 8 squares",
            o.name, f.label
        ));
    }
    if !sees_square(state, f, from, square, occ) {
        return Some(format!(
            "{} has no line of fire to {} on {square}: Telekinesis needs a clear line of fire to the object (FAQ 2002 Télékinésie)",
            f.label, o.name
        ));
    }
    None
}

/// Why Telekinesis cannot move the object on `square` to `to` (option 2).
fn telekinesis_object_move_refusal(state: &State, f: &Fig, square: Square, to: Square) -> String {
    let occ = combat::occupancy(state);
    if let Some(r) = telekinesis_object_refusal(state, f, square, &occ) {
        return r;
    }
    let Some(from) = f.square else {
        return format!("{} is not on the map", f.label);
    };
    let (du, dobj) = (to.distance(from), to.distance(square));
    match state.map.cell(to) {
        _ if to == square => format!("the object already lies on {to}"),
        None => format!("{to} is off the map"),
        _ if du > TELEKINESIS_REACH || dobj > TELEKINESIS_REACH => format!(
            "user, object and destination must lie within 8 squares of each other: {to} is {du} squares from {} and {dobj} from the object",
            f.label
        ),
        Some(c) if c.is_blocking() => {
            format!("{to} is blocking terrain: no object can be moved there")
        }
        _ if super::objects::lying_at(state, to).is_some() => {
            format!("another object already lies on {to}: two objects never share a square")
        }
        _ => format!(
            "{} has no line of fire to {to}: Telekinesis needs a clear line of fire to the destination square (FAQ 2002 Télékinésie)",
            f.label
        ),
    }
}

/// Why Telekinesis cannot attack `target` with the object on `square` (option 3).
fn telekinesis_throw_refusal(state: &State, f: &Fig, square: Square, target: FigureId) -> String {
    let occ = combat::occupancy(state);
    if let Some(r) = telekinesis_object_refusal(state, f, square, &occ) {
        return r;
    }
    let Some(t) = state.fig(target) else {
        return format!("there is no figure #{}", target.0);
    };
    if let Some(r) = combat::target_refusal(state, f, t) {
        return r;
    }
    if state.shape_changed.contains(&(f.id, t.id)) {
        return format!(
            "{} escaped {}'s attacks this turn (Shape Change or Skrulls)",
            t.label, f.label
        );
    }
    if powers::no_ranged(state, f) {
        return format!(
            "{} has Battle Fury: it makes no ranged attack, not even with an object",
            f.label
        );
    }
    if state.next_to_enemy(f) {
        return format!(
            "{} is adjacent to an opposing figure: the object attack is a ranged attack, which it cannot make (except a sharpshooter at adjacent figures, a colossal figure at the others)",
            f.label
        );
    }
    if combat::best_line(state, f, t, u32::MAX, &occ).is_none() {
        return format!(
            "the line of fire from {} to {} is blocked (a hindered line to a figure with Stealth is blocked)",
            f.label, t.label
        );
    }
    format!(
        "{} is more than 8 squares from {}: a Telekinesis object attack reaches 8 squares, light or heavy",
        t.label, f.label
    )
}

/// Where a figure moved by Telekinesis may end: 8 squares of movement ignoring hindering and
/// elevated terrain, stopping next to figures opposing it.
fn telekinesis_destinations(state: &State, t: &Fig) -> Vec<Square> {
    let Some(from) = t.square else {
        return Vec::new();
    };
    let others = play::standings(state, t);
    let escaped = play::breakaway_enemies(state, t);
    let near = super::reach::near_squares(state, t);
    let q = crate::movement::MoveQuery {
        from,
        speed: 8.into(),
        others: &others,
        broke_away_from: &escaped,
        near: &near,
    };
    let mode = crate::movement::MoveMode {
        ignore_hindering: true,
        ignore_elevation: true,
        ..Default::default()
    };
    crate::movement::reach_with(&state.map, &q, mode)
        .map(|r| {
            r.destinations()
                .into_iter()
                .map(|(s, _)| s)
                .filter(|s| *s != from)
                .collect()
        })
        .unwrap_or_default()
}

/// Telekinesis: the attack (against an opposing figure), the breakaway, the move.
fn telekinesis(
    state: &mut State,
    figure: FigureId,
    target: FigureId,
    to: Square,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let (Some(f), Some(t)) = (state.fig(figure).cloned(), state.fig(target).cloned()) else {
        return;
    };
    if state.opposed(&f, &t) {
        if combat::escapes_targeting(state, figure, target, dice, events) {
            // The attack cannot be made against it: no action was given (FAQ *Skrulls*).
            made_or_refund(state, figure, false);
            return;
        }
        // An attack that deals no damage: no critical damage, no knockback (rulebook *Aucun
        // dégât*; FAQ *Télékinésie* on doubles).
        let (d1, d2) = rolls::two_d6(state, dice);
        let attack = combat::stat(state, &f, Stat::Attack);
        let total = i32::from(d1 + d2) + attack.value;
        let at = events.len();
        events.push(Event::AttackRoll {
            attacker: figure,
            ranged: !combat::in_close_reach(state, &f, &t),
            dice: (d1, d2),
            attack: attack.clone(),
            total,
        });
        let ctx = powers::AttackCtx {
            attacker: Some(figure),
            target: Some(target),
            ranged: !combat::in_close_reach(state, &f, &t),
            ..Default::default()
        };
        let mut effects = powers::effects(state, &t, Stat::Defense, Some(&ctx));
        let occ = combat::occupancy(state);
        if ctx.ranged
            && combat::best_line(state, &f, &t, u32::MAX, &occ)
                .is_some_and(|(v, _)| v == skirmish_los::Verdict::Hindered)
        {
            effects.push(Effect::new(
                Change::Modify(1),
                "hindered line of fire",
                "ligne de vue gênée",
            ));
        }
        let defense = compute(i32::from(t.printed(Stat::Defense)), effects);
        let mut hit = combat::roll_hits((d1, d2), total, defense.value);
        events.push(Event::AttackResult {
            target,
            defense: defense.clone(),
            beside: None,
            hit,
            critical: None,
        });
        rolls::rolled(
            state,
            rolls::Rolled::binary(
                RollKind::Telekinesis,
                figure,
                f.owner,
                vec![d1, d2],
                hit,
                at,
            ),
            events.len(),
        );
        // Super Senses evades any attack (spec DEF-1).
        if hit && combat::evades(state, target, dice, events) {
            hit = false;
        }
        if !hit {
            return;
        }
    }
    let (moved, _) = play::move_figure_to(state, target, to, dice, events);
    if moved {
        let seat = state.active_seat();
        state.telekinesed.push((target, seat));
    }
}

/// Target sets a Mind Controller may attack (spec SPD-6): one adjacent opposing figure, or a
/// ranged set within its range (0 counts as 4); never a figure with Battle Fury.
pub fn mind_control_sets(
    state: &State,
    f: &Fig,
    occ: &skirmish_los::OccupancyGrid,
) -> Vec<Vec<FigureId>> {
    if !powers::power(state, f, Power::MindControl) {
        return Vec::new();
    }
    // The 2002 Mind Control gives the figure a token: one with two cannot be controlled (FAQ
    // 2002 *Contrôle Psychique*: « ne peut pas être utilisé contre un personnage dépassé »).
    let pushed_out = state.options.powers.mind_control_tokens;
    let fury = |t: &FigureId| {
        state.fig(*t).is_some_and(|t| {
            powers::power(state, t, Power::BattleFury) || pushed_out && t.tokens >= 2
        })
    };
    let mut out: Vec<Vec<FigureId>> = close_targets(state, f)
        .into_iter()
        .filter(|t| !fury(t))
        .map(|t| vec![t])
        .collect();
    let pinned = state.next_to_enemy(f) && !powers::sharpshooter(state, f);
    if !pinned && !powers::no_ranged(state, f) {
        let r = match combat::range(state, f) {
            0 => 4,
            r => r,
        };
        for set in combat::ranged_target_sets_within(state, f, occ, r) {
            if !set.iter().any(fury) && !out.contains(&set) {
                out.push(set);
            }
        }
    }
    out
}

/// Mind Control's attack: no damage (rulebook *Aucun dégât*: no critical damage either); the
/// figures hit are then lent to the controller one by one.
pub fn mind_control(
    state: &mut State,
    figure: FigureId,
    targets: &[FigureId],
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let Some(f) = state.fig(figure).cloned() else {
        return;
    };
    let targets: Vec<FigureId> = targets
        .iter()
        .copied()
        .filter(|t| !combat::escapes_targeting(state, figure, *t, dice, events))
        .collect();
    if targets.is_empty() {
        // Every target escaped being targeted: no action was given (FAQ *Skrulls*).
        made_or_refund(state, figure, false);
        return;
    }
    let (d1, d2) = rolls::two_d6(state, dice);
    let attack = combat::stat(state, &f, Stat::Attack);
    let total = i32::from(d1 + d2) + attack.value;
    let occ = combat::occupancy(state);
    let mut hits = Vec::new();
    let mut first = true;
    let at = events.len();
    for t in &targets {
        let Some(tf) = state.fig(*t).cloned() else {
            continue;
        };
        let ranged = !combat::in_close_reach(state, &f, &tf);
        if first {
            events.push(Event::AttackRoll {
                attacker: figure,
                ranged,
                dice: (d1, d2),
                attack: attack.clone(),
                total,
            });
            first = false;
        }
        let ctx = powers::AttackCtx {
            attacker: Some(figure),
            target: Some(*t),
            ranged,
            ..Default::default()
        };
        let mut effects = powers::effects(state, &tf, Stat::Defense, Some(&ctx));
        if ranged
            && combat::best_line(state, &f, &tf, u32::MAX, &occ)
                .is_some_and(|(v, _)| v == skirmish_los::Verdict::Hindered)
        {
            effects.push(Effect::new(
                Change::Modify(1),
                "hindered line of fire",
                "ligne de vue gênée",
            ));
        }
        let defense = compute(i32::from(tf.printed(Stat::Defense)), effects);
        let hit = combat::roll_hits((d1, d2), total, defense.value);
        events.push(Event::AttackResult {
            target: *t,
            defense: defense.clone(),
            beside: None,
            hit,
            critical: None,
        });
        if hit {
            hits.push(*t);
        }
    }
    rolls::rolled(
        state,
        rolls::Rolled {
            kind: RollKind::MindControl,
            subject: figure,
            side: f.owner,
            dice: vec![d1, d2],
            success: Some(hits.len() == targets.len()),
            better: hits.len() < targets.len(),
            worse: !hits.is_empty(),
            events_from: at,
        },
        events.len(),
    );
    hits.retain(|t| !combat::evades(state, *t, dice, events));
    if hits.is_empty() {
        return;
    }
    let points = hits
        .iter()
        .filter_map(|t| state.fig(*t))
        .map(|t| t.points)
        .sum();
    state.mind_control = Some(super::state::MindControl {
        controller: figure,
        waiting: hits,
        acting: None,
        saved: None,
        points,
    });
    next_controlled(state, dice, events);
}

/// Friends a successful leader may clear a token from (2012/13 card, spec DMG-12): adjacent,
/// of a lower point value, with a token.
pub fn leadership_token_options(state: &State, leader: FigureId) -> Vec<FigureId> {
    let Some(l) = state.fig(leader) else {
        return Vec::new();
    };
    state
        .in_play()
        .filter(|o| {
            o.id != l.id
                && state.allied(o.owner, l.owner)
                && o.points < l.points
                && o.tokens > 0
                && state.figures_adjacent(o, l)
        })
        .map(|o| o.id)
        .collect()
}

/// Lends the next figure hit to the controller (an interrupt asks for its action), or ends
/// the Mind Control: the controller takes 1 damage per full 100 points hit. Returns true when a
/// figure is waiting for its action.
pub fn next_controlled(state: &mut State, dice: &mut Dice, events: &mut Vec<Event>) -> bool {
    loop {
        let Some(mc) = state.mind_control.as_mut() else {
            return false;
        };
        if mc.waiting.is_empty() {
            break;
        }
        let f = mc.waiting.remove(0);
        let controller = mc.controller;
        if state.fig(f).is_some_and(|x| x.in_play()) {
            frames::ask(
                state,
                Interrupt::Controlled {
                    controller,
                    figure: f,
                },
            );
            return true;
        }
    }
    let Some(mc) = state.mind_control.take() else {
        return false;
    };
    let amount = (mc.points / 100).min(255) as u8;
    if amount > 0 {
        combat::damage(
            state,
            mc.controller,
            amount,
            combat::Hurt {
                kind: DamageKind::Power,
                by: None,
                reduction: combat::Reduction::Normal,
            },
            dice,
            events,
        );
        combat::knock_out_if_done(state, &[mc.controller], events);
    }
    false
}

/// The game as the controlled figure's player sees it: the figure on the controller's side,
/// free to act (spec SPD-6: its action costs no token and no action).
pub fn lent_view(state: &State, figure: FigureId, controller: FigureId) -> State {
    let mut s = state.clone();
    let seat = state.fig(controller).map_or(Seat(0), |c| c.owner);
    s.frames().pop();
    s.actions_used = 0;
    let keep_tokens = state.options.powers.mind_control_tokens;
    if let Some(f) = s.fig_mut(figure) {
        f.controlled_from = Some(f.owner);
        f.owner = seat;
        if !keep_tokens {
            f.tokens = 0;
        }
        f.acted_this_turn = false;
    }
    s
}

/// The controlled figure starts its free action on the controller's side.
pub fn lend(state: &mut State, figure: FigureId, controller: FigureId) {
    let keep_tokens = state.options.powers.mind_control_tokens;
    let seat = state.fig(controller).map_or(Seat(0), |c| c.owner);
    let used = state.actions_used;
    let Some(f) = state.fig_mut(figure) else {
        return;
    };
    let saved = (f.tokens, f.acted_this_turn, f.token_this_turn);
    f.controlled_from = Some(f.owner);
    f.owner = seat;
    if !keep_tokens {
        f.tokens = 0;
    }
    f.acted_this_turn = false;
    if let Some(mc) = state.mind_control.as_mut() {
        mc.acting = Some(figure);
        mc.saved = Some((saved.0, saved.1, saved.2));
    }
    state.lent_actions_used = Some(used);
}

/// The controlled figure's action is over: it goes back to its owner as it was.
pub fn release(state: &mut State) {
    let keep_tokens = state.options.powers.mind_control_tokens;
    let Some(mc) = state.mind_control.as_mut() else {
        return;
    };
    let Some(figure) = mc.acting.take() else {
        return;
    };
    let saved = mc.saved.take();
    if let Some(used) = state.lent_actions_used.take() {
        state.actions_used = used;
    }
    if let Some(f) = state.fig_mut(figure) {
        if let Some(owner) = f.controlled_from.take() {
            f.owner = owner;
        }
        if let Some((tokens, acted, token)) = saved {
            // The 2002 Mind Control leaves the token the action gave (option); it goes at the
            // end of the owner's next turn unless the figure acts then.
            if !f.ko && !keep_tokens {
                f.tokens = tokens;
            }
            f.acted_this_turn = acted;
            f.token_this_turn = token;
        }
    }
}

/// The team abilities a figure may switch off now: those it possesses (its base's, or an
/// alternate team ability card's) that the engine runs, wild cards' own aside (a wild card
/// drops the ability it uses with `wild_card`).
pub fn team_switch_offs(state: &State, f: &Fig) -> Vec<String> {
    powers::team_abilities(state, f)
        .filter(|t| {
            powers::TEAM_ABILITIES_RUN.contains(t)
                && !matches!(*t, "minions_of_doom" | "spider_man")
                && powers::team(state, f, t)
        })
        .map(str::to_string)
        .collect()
}

/// Team abilities used as power actions, with the adjacent friends they may be used on:
/// X-Men (a damaged X-Men friend, once per turn per pair) and S.H.I.E.L.D. (a friend with a
/// range).
pub fn team_ability_targets(state: &State, f: &Fig) -> Vec<(&'static str, FigureId)> {
    let mut out = Vec::new();
    for o in state.in_play() {
        if o.id == f.id || !state.allied(o.owner, f.owner) || !state.figures_adjacent(f, o) {
            continue;
        }
        if powers::team(state, f, "x_men")
            && powers::team(state, o, "x_men")
            && o.click > o.start_click
            && !state
                .x_men_pairs
                .iter()
                .any(|p| *p == (f.id, o.id) || *p == (o.id, f.id))
        {
            out.push(("x_men", o.id));
        }
        if powers::team(state, f, "shield") && o.def.range > 0 {
            out.push(("shield", o.id));
        }
    }
    out
}

/// Adjacent friends a figure may Support: neither of them next to an opposing figure (spec
/// DMG-3).
pub fn support_targets(state: &State, f: &Fig) -> Vec<FigureId> {
    if !powers::power(state, f, Power::Support) || state.next_to_enemy(f) {
        return Vec::new();
    }
    state
        .in_play()
        .filter(|o| {
            o.id != f.id
                && state.allied(o.owner, f.owner)
                && state.figures_adjacent(f, o)
                && !state.next_to_enemy(o)
        })
        .map(|o| o.id)
        .collect()
}

/// Adjacent opposing figures a figure may Force Blast (not one that cannot be knocked back).
pub fn force_blast_targets(state: &State, f: &Fig) -> Vec<FigureId> {
    if !powers::power(state, f, Power::ForceBlast) {
        return Vec::new();
    }
    // The card names an adjacent figure, not a close attack: plain adjacency, so a giant's
    // 2-square reach does not extend it (spec COMB-8 item 7).
    combat::close_targets(state, f)
        .into_iter()
        .filter(|t| {
            state.fig(*t).is_some_and(|t| {
                state.figures_adjacent(f, t) && !powers::ignores_knockback(state, t)
            })
        })
        .collect()
}

/// The legal answers to an attack a combat ability grants: any close attack, or a ranged
/// attack (single target for Duo Attack).
pub fn ability_attack_options(state: &State, figure: FigureId, ability: Ability) -> Vec<Action> {
    let mut out = vec![Action::Decline];
    let Some(f) = state.fig(figure) else {
        return out;
    };
    if ability == Ability::MultiAttack {
        out.extend(multi_attack_options(state, f));
        return out;
    }
    for t in close_targets(state, f) {
        out.push(Action::FreeAttack {
            targets: vec![t],
            ranged: false,
            power: None,
        });
    }
    if can_shoot(state, f) {
        let occ = combat::occupancy(state);
        for set in combat::ranged_target_sets(state, f, &occ) {
            if ability == Ability::DuoAttack && set.len() > 1 {
                continue;
            }
            out.push(Action::FreeAttack {
                targets: set,
                ranged: true,
                power: None,
            });
        }
    }
    out
}

/// May the figure be given a multiple attack (FAQ 2002 *Sentinelles*): it can use it, holds no
/// captive, and has two different things to attack.
pub fn multi_attack_ok(state: &State, f: &Fig) -> bool {
    powers::has(state, f, Ability::MultiAttack)
        && f.captives.is_empty()
        && multi_attack_options(state, f).len() > 1
}

/// The attacks of a multiple attack: each a close or ranged combat action against one figure
/// (with a power those actions activate), or against a square of blocking terrain or a wall —
/// never against what the first attack was made against.
fn multi_attack_options(state: &State, f: &Fig) -> Vec<Action> {
    use super::state::AttackTarget;
    let first = state
        .multi_attacking
        .as_ref()
        .filter(|m| m.figure == f.id)
        .and_then(|m| m.first);
    let mut out = Vec::new();
    for t in close_targets(state, f) {
        if first == Some(AttackTarget::Figure(t)) {
            continue;
        }
        out.push(Action::FreeAttack {
            targets: vec![t],
            ranged: false,
            power: None,
        });
        for p in CLOSE_POWERS {
            if p != Power::Flurry && attack_power_ok(state, f, p, &[t]) {
                out.push(Action::FreeAttack {
                    targets: vec![t],
                    ranged: false,
                    power: Some(p),
                });
            }
        }
    }
    let occ = combat::occupancy(state);
    if can_shoot(state, f) {
        for t in combat::ranged_targets(state, f, &occ) {
            if first == Some(AttackTarget::Figure(t)) {
                continue;
            }
            out.push(Action::FreeAttack {
                targets: vec![t],
                ranged: true,
                power: None,
            });
            for p in RANGED_POWERS {
                if attack_power_ok(state, f, p, &[t]) {
                    out.push(Action::FreeAttack {
                        targets: vec![t],
                        ranged: true,
                        power: Some(p),
                    });
                }
            }
        }
    }
    for (square, ranged) in combat::blocking_targets(state, f, &occ) {
        if first != Some(AttackTarget::Square(square)) {
            out.push(Action::DestroyBlocking {
                attacker: f.id,
                square,
                ranged,
            });
        }
    }
    for (square, dir, ranged) in combat::wall_targets(state, f, &occ) {
        if first != Some(AttackTarget::Wall(square, dir)) {
            out.push(Action::DestroyWall {
                attacker: f.id,
                square,
                dir,
                ranged,
            });
        }
    }
    out
}

/// One attack of a multiple attack is made against `target`: the second is queued after the
/// first, and must be made against something else.
pub fn multi_attack_step(state: &mut State, figure: FigureId, target: super::state::AttackTarget) {
    let Some(Interrupt::AbilityAttack { second, .. }) = state.frames().pop() else {
        return;
    };
    if !second {
        state.frames().then(Interrupt::AbilityAttack {
            figure,
            ability: Ability::MultiAttack,
            second: true,
        });
    }
    if let Some(m) = state
        .multi_attacking
        .as_mut()
        .filter(|m| m.figure == figure)
    {
        m.first = Some(target);
    }
}

/// The legal answers to a free attack a power grants.
pub fn free_attack_options(state: &State, figure: FigureId, power: Power) -> Vec<Action> {
    let mut out = vec![Action::Decline];
    let Some(f) = state.fig(figure) else {
        return out;
    };
    let close_ok = matches!(
        power,
        Power::Charge | Power::HypersonicSpeed | Power::Flurry
    );
    let ranged_ok = matches!(power, Power::RunningShot | Power::HypersonicSpeed);
    if close_ok {
        let close = close_targets(state, f);
        for t in &close {
            out.push(Action::FreeAttack {
                targets: vec![*t],
                ranged: false,
                power: None,
            });
            if power == Power::Charge {
                for p in [Power::Flurry, Power::ExploitWeakness, Power::Incapacitate] {
                    if attack_power_ok(state, f, p, &[*t]) {
                        out.push(Action::FreeAttack {
                            targets: vec![*t],
                            ranged: false,
                            power: Some(p),
                        });
                    }
                }
            }
        }
        if power == Power::Charge && !close.is_empty() && powers::power(state, f, Power::Quake) {
            out.push(Action::FreeAttack {
                targets: Vec::new(),
                ranged: false,
                power: Some(Power::Quake),
            });
        }
    }
    if ranged_ok && can_shoot(state, f) {
        let occ = combat::occupancy(state);
        let sets = if power == Power::HypersonicSpeed {
            combat::ranged_target_sets_within(state, f, &occ, combat::half_range(state, f))
        } else {
            combat::ranged_target_sets(state, f, &occ)
        };
        for set in sets {
            if power == Power::RunningShot {
                for p in [
                    Power::EnergyExplosion,
                    Power::PenetratingPsychicBlast,
                    Power::Incapacitate,
                ] {
                    if attack_power_ok(state, f, p, &set) {
                        out.push(Action::FreeAttack {
                            targets: set.clone(),
                            ranged: true,
                            power: Some(p),
                        });
                    }
                }
            }
            out.push(Action::FreeAttack {
                targets: set,
                ranged: true,
                power: None,
            });
        }
        if power == Power::RunningShot && wave_ok(state, f) {
            out.push(Action::FreeAttack {
                targets: Vec::new(),
                ranged: true,
                power: Some(Power::PulseWave),
            });
        }
    }
    out
}

/// Why a power action is refused (the action is known not to be legal).
pub fn refusal(state: &State, seat: Seat, action: &Action) -> Option<String> {
    let (figure, p) = match action {
        Action::CloseAttack {
            attacker,
            power: Some(p),
            ..
        }
        | Action::RangedAttack {
            attacker,
            power: Some(p),
            ..
        }
        | Action::AreaAttack { attacker, power: p } => (*attacker, *p),
        Action::PowerMove { figure, power, .. } | Action::UsePower { figure, power, .. } => {
            (*figure, *power)
        }
        Action::Outwit { figure, .. } => (*figure, Power::Outwit),
        Action::SwitchOffTeam { figure, team } => {
            return Some(match state.fig(*figure) {
                None => format!("there is no figure #{}", figure.0),
                Some(f) if f.owner != seat => format!("{} is not one of your figures", f.label),
                Some(f) => format!(
                    "{} has no {} team ability working now to switch off (a wild card drops the one it uses by choosing none)",
                    f.label,
                    powers::team_name(team, skirmish_lang::Lang::En)
                ),
            });
        }
        Action::SwitchOff { figure, ability } => {
            return Some(match state.fig(*figure) {
                None => format!("there is no figure #{}", figure.0),
                Some(f) if f.owner != seat => format!("{} is not one of your figures", f.label),
                Some(f) if *ability == Ability::Power(Power::EarthboundNeutralized) => {
                    format!("{}'s Earthbound/Neutralized is not optional", f.label)
                }
                Some(f) if *ability == Ability::Power(Power::SuperStrength) => format!(
                    "{} holds an object: Super Strength is not optional then (FAQ 2002)",
                    f.label
                ),
                Some(f) => format!(
                    "{} does not have {} working now",
                    f.label,
                    ability.name(skirmish_lang::Lang::En)
                ),
            });
        }
        Action::Telekinesis { figure, .. }
        | Action::TelekinesisObject { figure, .. }
        | Action::TelekinesisThrow { figure, .. } => (*figure, Power::Telekinesis),
        Action::MindControl { figure, .. } => (*figure, Power::MindControl),
        Action::TeamAbility {
            figure,
            team,
            target,
        } => {
            let Some(f) = state.fig(*figure) else {
                return Some(format!("there is no figure #{}", figure.0));
            };
            if let Some(r) = play::action_refusal(state, seat, *figure, true) {
                return Some(r);
            }
            return Some(match team.as_str() {
                "x_men" | "shield" if !powers::team(state, f, team) => format!(
                    "{} does not have the {} team ability (nor uses it as a wild card)",
                    f.label,
                    powers::team_name(team, skirmish_lang::Lang::En)
                ),
                "x_men" => format!(
                    "X-Men heal an adjacent friendly X-Men figure that has taken damage, once per turn per pair (not #{})",
                    target.0
                ),
                "shield" => "S.H.I.E.L.D. supports an adjacent friendly figure with a range".into(),
                other => format!("`{other}` is not a team ability used as an action (x_men, shield)"),
            });
        }
        Action::DuoAttack { figure }
        | Action::MoveAndAttack { figure, .. }
        | Action::MultiAttack { figure } => {
            return Some(ability_refusal(state, seat, action, *figure));
        }
        Action::Perplex { figure, .. } => (*figure, Power::Perplex),
        _ => return None,
    };
    let Some(f) = state.fig(figure) else {
        return Some(format!("there is no figure #{}", figure.0));
    };
    if f.owner != seat {
        return Some(format!("{} is not one of your figures", f.label));
    }
    if !f.in_play() {
        return Some(format!("{} is not on the map", f.label));
    }
    if !powers::shows(f, p) {
        return Some(format!(
            "{} does not have {} on its current click",
            f.label,
            p.name(skirmish_lang::Lang::En)
        ));
    }
    if !powers::power(state, f, p) {
        let why = if state.ignoring.contains(&f.id) {
            "a Pulse Wave ignores it"
        } else if f.countered.iter().any(|c| c.ability == Ability::Power(p)) {
            "Outwit counters it until the Outwit user's next turn"
        } else {
            "this game plays the 2008 card, which does not have it (option powers.era = \"pac2010\")"
        };
        return Some(format!(
            "{}'s {} does not work now: {why}",
            f.label,
            p.name(skirmish_lang::Lang::En)
        ));
    }
    let free = is_free(p);
    if free && used(state, figure, p) {
        return Some(format!(
            "{} has already used {} this turn (once per turn)",
            f.label,
            p.name(skirmish_lang::Lang::En)
        ));
    }
    if matches!(p, Power::Poison | Power::Leadership) && !beginning_of_turn(state) {
        return Some(format!(
            "{} is a free action at the beginning of the turn, before any action is given",
            p.name(skirmish_lang::Lang::En)
        ));
    }
    if !free {
        if let Some(r) = play::action_refusal(state, seat, figure, true) {
            return Some(r);
        }
    }
    Some(match (action, p) {
        (Action::RangedAttack { targets, .. }, Power::RangedCombatExpert) if targets.len() > 1 => {
            "Ranged Combat Expert makes one attack against a single target".into()
        }
        (Action::RangedAttack { .. } | Action::AreaAttack { .. }, _) if !can_shoot(state, f) => {
            if powers::no_ranged(state, f) {
                format!("{} has Battle Fury: no ranged attack", f.label)
            } else {
                format!(
                    "{} cannot be given a ranged combat action (range 0, or adjacent to an opposing figure)",
                    f.label
                )
            }
        }
        (Action::AreaAttack { power, .. }, _) if !matches!(power, Power::Quake | Power::PulseWave) => {
            format!("{} is not an area attack: only Quake and Pulse Wave are", power.name(skirmish_lang::Lang::En))
        }
        (Action::AreaAttack { .. }, Power::Quake) => {
            "Quake needs at least one adjacent opposing figure to attack".into()
        }
        (Action::AreaAttack { .. }, _) => format!(
            "no opposing figure is within half of {}'s range ({} squares) with a line of fire",
            f.label,
            combat::half_range(state, f)
        ),
        (Action::PowerMove { .. }, p) if !MOVE_POWERS.contains(&p) => {
            format!("{} does not move a figure", p.name(skirmish_lang::Lang::En))
        }
        (Action::PowerMove { to, .. }, p) => format!(
            "{} cannot get to {to} with {}: {}",
            f.label,
            p.name(skirmish_lang::Lang::En),
            match p {
                Power::Charge | Power::RunningShot => "it moves at half speed (rounded up), under the normal movement rules",
                Power::Sidestep => "it moves at most 2 squares, under the normal movement rules",
                _ => "the square is out of reach or not a legal end square",
            }
        ),
        (Action::UsePower { power, .. }, _) if !USE_POWERS.contains(power) => format!(
            "{} is not used this way",
            power.name(skirmish_lang::Lang::En)
        ),
        (Action::UsePower { target, .. }, Power::Support) => match target {
            None => "Support needs an adjacent friendly figure as its target".into(),
            Some(_) => "Support's target must be an adjacent friendly figure, and neither of them may be adjacent to an opposing figure".into(),
        },
        (Action::UsePower { .. }, Power::ForceBlast) => {
            "Force Blast's target must be an adjacent opposing figure that can be knocked back (not multi-base, giant or colossal)".into()
        }
        (Action::UsePower { .. }, Power::Poison) => {
            "Poison needs an opposing figure adjacent to the figure".into()
        }
        (Action::MindControl { targets, .. }, _) => {
            let fury = targets.iter().filter_map(|t| state.fig(*t)).find(|t| powers::power(state, t, Power::BattleFury));
            match fury {
                Some(t) => format!("{} has Battle Fury: it cannot be mind-controlled", t.label),
                None => "Mind Control targets one adjacent opposing figure, or opposing figures a ranged attack could target (range 0 counts as 4)".into(),
            }
        }
        (
            Action::Telekinesis { .. }
            | Action::TelekinesisObject { .. }
            | Action::TelekinesisThrow { .. },
            _,
        ) if state.telekinesed.iter().any(|(x, _)| *x == figure) => {
            format!(
                "{} was moved by Telekinesis: no Telekinesis until the next turn of the player who moved it",
                f.label
            )
        }
        (Action::Telekinesis { target, to, .. }, _) => match state.fig(*target) {
            Some(t) => format!(
                "Telekinesis cannot move {} to {to}: user, figure and destination must lie within 8 squares of each other with lines of fire from the user; the figure must be single-base, not giant or colossal (an opposing one with the standard damage symbol), and reach the square ignoring hindering and elevated terrain, stopping next to opposing figures",
                t.label
            ),
            None => format!("there is no figure #{}", target.0),
        },
        (Action::TelekinesisObject { square, to, .. }, _) => {
            telekinesis_object_move_refusal(state, f, *square, *to)
        }
        (Action::TelekinesisThrow { square, target, .. }, _) => {
            telekinesis_throw_refusal(state, f, *square, *target)
        }
        (Action::Outwit { ability, target, .. }, _) => match state.fig(*target) {
            Some(t) if !state.opposed(f, t) => format!("Outwit targets an opposing figure; {} is friendly", t.label),
            Some(t) if !in_reach_10(state, f, t, &combat::occupancy(state)) => format!(
                "{} is not within 10 squares of {} with a line of fire",
                t.label, f.label
            ),
            Some(_) if *ability == Ability::Power(Power::EarthboundNeutralized) => {
                "Earthbound/Neutralized cannot be countered".into()
            }
            Some(t) => format!(
                "{} does not have {} to counter",
                t.label,
                ability.name(skirmish_lang::Lang::En)
            ),
            None => format!("there is no figure #{}", target.0),
        },
        (Action::Perplex { target, delta, .. }, _) => match state.fig(*target) {
            _ if delta.abs() != 1 => "Perplex modifies a value by +1 or −1".into(),
            Some(t) => format!(
                "{} is not within 10 squares of {} with a line of fire",
                t.label, f.label
            ),
            None => format!("there is no figure #{}", target.0),
        },
        (Action::CloseAttack { target, .. }, _) => combat::close_refusal(state, figure, *target),
        (Action::RangedAttack { targets, .. }, _) => combat::ranged_refusal(state, figure, targets),
        _ => "the power cannot be used this way now".into(),
    })
}

fn ability_refusal(state: &State, seat: Seat, action: &Action, figure: FigureId) -> String {
    let Some(f) = state.fig(figure) else {
        return format!("there is no figure #{}", figure.0);
    };
    let ability = match action {
        Action::DuoAttack { .. } => Ability::DuoAttack,
        Action::MultiAttack { .. } => Ability::MultiAttack,
        _ => Ability::MoveAndAttack,
    };
    if let Some(r) = play::action_refusal(state, seat, figure, true) {
        return r;
    }
    if ability == Ability::MultiAttack && !powers::has(state, f, ability) {
        return format!(
            "{} cannot make a multiple attack (a character card must give it)",
            f.label
        );
    }
    if !powers::has(state, f, ability) {
        return format!(
            "{} does not have {} now (its base symbol, unless countered or Earthbound/Neutralized)",
            f.label,
            ability.name(skirmish_lang::Lang::En)
        );
    }
    match action {
        Action::MoveAndAttack { to, .. } if state.next_to_enemy(f) => format!(
            "{} starts next to an opposing figure: Move and Attack needs a move action begun away from them (cannot stop on {to})",
            f.label
        ),
        Action::MoveAndAttack { to, .. } => format!(
            "{} cannot stop on {to} to attack: out of reach or not a legal end square",
            f.label
        ),
        Action::MultiAttack { .. } if !f.captives.is_empty() => format!(
            "{} holds a captive: no multiple attack until it is released",
            f.label
        ),
        Action::MultiAttack { .. } => format!(
            "{} has not two different things to attack (figures, blocking terrain or walls)",
            f.label
        ),
        _ => format!("{} has no target for Duo Attack", f.label),
    }
}

/// Plays a power action. Returns the figure whose action it is, for the end of the action.
pub fn apply(
    state: &mut State,
    action: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<FigureId> {
    match action {
        Action::CloseAttack {
            attacker,
            target,
            power,
        } => {
            play::begin_action(state, *attacker, true);
            if *power == Some(Power::Flurry) {
                state.frames().then(Interrupt::FreeAttack {
                    figure: *attacker,
                    power: Power::Flurry,
                    close: true,
                    ranged: false,
                });
            }
            let kind = AttackKind {
                power: *power,
                ..AttackKind::default()
            };
            let made = combat::attack(state, *attacker, vec![*target], false, kind, dice, events);
            made_or_refund(state, *attacker, made);
            Some(*attacker)
        }
        Action::RangedAttack {
            attacker,
            targets,
            power,
        } => {
            play::begin_action(state, *attacker, true);
            let kind = AttackKind {
                power: *power,
                ..AttackKind::default()
            };
            let made = combat::attack(state, *attacker, targets.clone(), true, kind, dice, events);
            made_or_refund(state, *attacker, made);
            Some(*attacker)
        }
        Action::AreaAttack { attacker, power } => {
            play::begin_action(state, *attacker, true);
            let targets = if *power == Power::Quake {
                state
                    .fig(*attacker)
                    .map(|f| close_targets(state, f))
                    .unwrap_or_default()
            } else {
                Vec::new()
            };
            let kind = AttackKind {
                power: Some(*power),
                ..AttackKind::default()
            };
            let ranged = *power == Power::PulseWave;
            combat::attack(state, *attacker, targets, ranged, kind, dice, events);
            Some(*attacker)
        }
        Action::PowerMove {
            figure,
            power,
            to,
            carry,
        } => {
            let team_move = *power == Power::PhasingTeleport
                && play::free_move(state, *figure)
                && state.fig(*figure).and_then(|f| f.square) != Some(*to);
            let free = if team_move {
                // The free team move (FAQ *Vengeurs*): the token, not the action total.
                play::begin_action(state, *figure, false);
                events.push(Event::PowerUsed {
                    figure: *figure,
                    power: *power,
                    target: None,
                });
                false
            } else {
                start_power(state, *figure, *power, None, events)
            };
            if *power == Power::Charge {
                state.charging = Some(*figure);
            }
            let from = carry.and_then(|p| play::start_carry(state, *figure, p));
            let speed = state
                .fig(*figure)
                .map_or(0, |f| play::move_allowance(state, f, Some(*power)));
            let (moved, cost) = play::do_move(state, *figure, *to, Some(*power), dice, events);
            if moved {
                match power {
                    Power::Charge | Power::RunningShot | Power::HypersonicSpeed => {
                        if *power == Power::HypersonicSpeed {
                            state.frames().then(Interrupt::MoveOn {
                                figure: *figure,
                                speed: speed.saturating_sub(cost),
                            });
                        }
                        frames::ask(
                            state,
                            Interrupt::FreeAttack {
                                figure: *figure,
                                power: *power,
                                close: *power != Power::RunningShot,
                                ranged: *power != Power::Charge,
                            },
                        );
                    }
                    _ => {}
                }
            }
            if let Some(from) = from {
                // The passenger is set down before the free attack (FAQ *Personnage volant*).
                play::end_carry(state, moved, from);
            }
            if moved {
                // Super Strength may pick up an object during the move (FAQ 2002 *Charge*: and use
                // it in the attack).
                super::objects::offer_pickup(state, *figure, events);
            }
            if free {
                None
            } else {
                Some(*figure)
            }
        }
        Action::UsePower {
            figure,
            power,
            target,
        } => {
            let free = start_power(state, *figure, *power, *target, events);
            match power {
                Power::SmokeCloud | Power::Barrier => {
                    frames::ask(
                        state,
                        Interrupt::PlaceMarkers {
                            figure: *figure,
                            power: *power,
                            placed: Vec::new(),
                        },
                    );
                }
                Power::Regeneration => {
                    // Spec DEF-11: d6 − 2, at least 0.
                    let roll = rolls::d6(state, dice);
                    let at = events.len();
                    events.push(Event::PowerRoll {
                        figure: *figure,
                        power: *power,
                        roll,
                    });
                    let healed = combat::heal(state, *figure, roll.saturating_sub(2));
                    events.push(Event::Healed {
                        figure: *figure,
                        amount: healed,
                        power: Some(*power),
                    });
                    let side = state.fig(*figure).map_or(state.active_seat(), |f| f.owner);
                    rolls::rolled(
                        state,
                        rolls::Rolled::graded(RollKind::Regeneration, *figure, side, roll, 2, at),
                        events.len(),
                    );
                }
                Power::Support => {
                    if let Some(t) = target {
                        support(state, *figure, *t, dice, events);
                    }
                }
                Power::ForceBlast => {
                    if let Some(t) = target {
                        let roll = rolls::d6(state, dice);
                        let at = events.len();
                        events.push(Event::PowerRoll {
                            figure: *figure,
                            power: *power,
                            roll,
                        });
                        let side = state.fig(*figure).map_or(state.active_seat(), |f| f.owner);
                        rolls::rolled(
                            state,
                            rolls::Rolled::graded(RollKind::ForceBlast, *figure, side, roll, 1, at),
                            events.len(),
                        );
                        combat::knockback_from(state, *figure, *t, roll, dice, events);
                    }
                }
                Power::Poison => {
                    let victims = state
                        .fig(*figure)
                        .map(|f| play::adjacent_enemies(state, f))
                        .unwrap_or_default();
                    for v in &victims {
                        combat::damage(
                            state,
                            *v,
                            1,
                            combat::Hurt {
                                kind: DamageKind::Power,
                                by: Some(*figure),
                                reduction: combat::Reduction::Normal,
                            },
                            dice,
                            events,
                        );
                    }
                    combat::knock_out_if_done(state, &victims, events);
                }
                Power::Leadership => {
                    let roll = rolls::d6(state, dice);
                    let at = events.len();
                    events.push(Event::PowerRoll {
                        figure: *figure,
                        power: *power,
                        roll,
                    });
                    let success = roll >= state.options.powers.leadership_threshold;
                    let side = state.fig(*figure).map_or(state.active_seat(), |f| f.owner);
                    rolls::rolled(
                        state,
                        rolls::Rolled::binary(
                            RollKind::Leadership,
                            *figure,
                            side,
                            vec![roll],
                            success,
                            at,
                        ),
                        events.len(),
                    );
                    if success && !state.leadership_bonus {
                        state.leadership_bonus = true;
                        events.push(Event::ExtraAction { figure: *figure });
                    }
                    // The 2012/13 card (option): the leader may also clear a token from an
                    // adjacent friend of lower point value.
                    if success && state.options.powers.leadership_clears_token {
                        let options = leadership_token_options(state, *figure);
                        if !options.is_empty() {
                            frames::ask(
                                state,
                                Interrupt::LeadershipToken {
                                    figure: *figure,
                                    options,
                                },
                            );
                        }
                    }
                }
                _ => {}
            }
            if free {
                None
            } else {
                Some(*figure)
            }
        }
        Action::MindControl { figure, targets } => {
            play::begin_action(state, *figure, true);
            events.push(Event::PowerUsed {
                figure: *figure,
                power: Power::MindControl,
                target: targets.first().copied().filter(|_| targets.len() == 1),
            });
            mind_control(state, *figure, targets, dice, events);
            Some(*figure)
        }
        Action::Telekinesis { figure, target, to } => {
            play::begin_action(state, *figure, true);
            events.push(Event::PowerUsed {
                figure: *figure,
                power: Power::Telekinesis,
                target: Some(*target),
            });
            telekinesis(state, *figure, *target, *to, dice, events);
            Some(*figure)
        }
        Action::TelekinesisObject { figure, square, to } => {
            start_power(state, *figure, Power::Telekinesis, None, events);
            super::objects::move_lying(state, *figure, *square, *to, events);
            Some(*figure)
        }
        Action::TelekinesisThrow {
            figure,
            square,
            target,
        } => {
            play::begin_action(state, *figure, true);
            // The power rides on the attack, which names it; the object's own damage replaces
            // the user's (rulebook *Utiliser les objets lors d'une attaque à distance*).
            let kind = AttackKind {
                power: Some(Power::Telekinesis),
                hurled: Some(*square),
                ..AttackKind::default()
            };
            let made = combat::attack(state, *figure, vec![*target], true, kind, dice, events);
            made_or_refund(state, *figure, made);
            Some(*figure)
        }
        Action::TeamAbility {
            figure,
            team,
            target,
        } => {
            play::begin_action(state, *figure, true);
            // The 2002 FAQ's exchange of a click needs no roll.
            let exchange = state.options.powers.x_men_exchange;
            let roll = (team == "x_men" && !exchange).then(|| rolls::d6(state, dice));
            let at = events.len();
            events.push(Event::TeamAbilityUsed {
                figure: *figure,
                team: team.clone(),
                target: *target,
                roll,
            });
            if let (Some(r), Some(side)) = (roll, state.fig(*figure).map(|f| f.owner)) {
                rolls::rolled(
                    state,
                    rolls::Rolled::binary(RollKind::XMen, *figure, side, vec![r], r > 4, at),
                    events.len(),
                );
            }
            if team == "x_men" {
                state.x_men_pairs.push((*figure, *target));
                let healed = combat::heal(state, *target, 1);
                events.push(Event::Healed {
                    figure: *target,
                    amount: healed,
                    power: None,
                });
                // Spec TA-2 (2012 wording; the 2008 threshold is not known): 1–4 hurts the
                // healer; the 2002 FAQ's exchange of a click always does (option).
                let hurt = exchange || roll.is_some_and(|r| r <= 4);
                if hurt {
                    combat::deal(state, *figure, 1, DamageKind::Unavoidable, None, events);
                    combat::knock_out_if_done(state, &[*figure], events);
                }
            } else {
                state.shield_boosts.push((*figure, *target));
            }
            Some(*figure)
        }
        Action::SwitchOffTeam { figure, team } => {
            if let Some(f) = state.fig_mut(*figure) {
                f.teams_off.push(team.clone());
            }
            events.push(Event::TeamSwitchedOff {
                figure: *figure,
                team: team.clone(),
            });
            None
        }
        Action::SwitchOff { figure, ability } => {
            if let Some(f) = state.fig_mut(*figure) {
                f.switched_off.push(*ability);
            }
            events.push(Event::SwitchedOff {
                figure: *figure,
                ability: *ability,
            });
            None
        }
        Action::Outwit {
            figure,
            target,
            ability,
        } => {
            state.used_this_turn.push((*figure, Power::Outwit));
            let until = state.active_seat();
            if let Some(t) = state.fig_mut(*target) {
                t.countered.push(Counter {
                    ability: *ability,
                    by: *figure,
                    until_turn_of: until,
                });
            }
            events.push(Event::Countered {
                figure: *target,
                ability: *ability,
                by: *figure,
            });
            None
        }
        Action::Perplex {
            figure,
            target,
            stat,
            delta,
        } => {
            state.used_this_turn.push((*figure, Power::Perplex));
            let seat = state.active_seat();
            if let Some(t) = state.fig_mut(*target) {
                t.perplexed.push(Perplexed {
                    stat: *stat,
                    delta: *delta,
                    by: *figure,
                    seat,
                });
            }
            events.push(Event::Perplexed {
                figure: *target,
                stat: *stat,
                delta: *delta,
                by: *figure,
            });
            None
        }
        _ => None,
    }
}

/// A power used: a free action is marked used for the turn, any other starts a non-free
/// action. Returns whether it was free.
fn start_power(
    state: &mut State,
    figure: FigureId,
    power: Power,
    target: Option<FigureId>,
    events: &mut Vec<Event>,
) -> bool {
    let free = is_free(power);
    if free {
        state.used_this_turn.push((figure, power));
    } else {
        play::begin_action(state, figure, true);
    }
    events.push(Event::PowerUsed {
        figure,
        power,
        target,
    });
    free
}

/// An attack every target of which escaped (Shape Change, Skrulls) was never made: the
/// attacker keeps its action (FAQ *Skrulls*: it may be given another).
pub(super) fn made_or_refund(state: &mut State, attacker: FigureId, made: bool) {
    if !made {
        state.actions_used = state.actions_used.saturating_sub(1);
        state.frames().clear_waiting();
        if let Some(f) = state.fig_mut(attacker) {
            f.acted_this_turn = false;
        }
    }
}

/// Support (spec DMG-3; rulebook *Obtenir 2 ou 12*): 2d6 + unmodified attack against the
/// friend's defence; a hit heals d6 − 2 (at least 1), +1 on a 12; a 2 deals the friend 1
/// unavoidable damage.
fn support(
    state: &mut State,
    figure: FigureId,
    target: FigureId,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let (Some(f), Some(t)) = (state.fig(figure).cloned(), state.fig(target).cloned()) else {
        return;
    };
    let (d1, d2) = rolls::two_d6(state, dice);
    let at = events.len();
    let attack = i32::from(f.printed(Stat::Attack));
    let total = i32::from(d1 + d2) + attack;
    events.push(Event::AttackRoll {
        attacker: figure,
        ranged: false,
        dice: (d1, d2),
        attack: super::values::compute(
            attack,
            vec![super::values::Effect::new(
                super::values::Change::Lock(attack),
                "Support: unmodified",
                "Soutien : non modifiée",
            )],
        ),
        total,
    });
    let defense = compute(
        i32::from(t.printed(Stat::Defense)),
        powers::effects(
            state,
            &t,
            Stat::Defense,
            Some(&powers::AttackCtx {
                attacker: Some(figure),
                target: Some(target),
                ..Default::default()
            }),
        )
        .into_iter()
        .filter(|e| matches!(e.change, Change::Set(_)))
        .collect::<Vec<Effect>>(),
    );
    let crit_miss = (d1, d2) == (1, 1);
    let crit_hit = (d1, d2) == (6, 6);
    let hit = combat::roll_hits((d1, d2), total, defense.value);
    events.push(Event::AttackResult {
        target,
        defense: defense.clone(),
        beside: None,
        hit,
        critical: None,
    });
    rolls::rolled(
        state,
        rolls::Rolled::binary(RollKind::Support, figure, f.owner, vec![d1, d2], hit, at),
        events.len(),
    );
    if crit_miss {
        combat::deal(state, target, 1, DamageKind::Unavoidable, None, events);
        combat::knock_out_if_done(state, &[target], events);
        return;
    }
    if hit {
        let roll = rolls::d6(state, dice);
        let at = events.len();
        events.push(Event::PowerRoll {
            figure,
            power: Power::Support,
            roll,
        });
        rolls::rolled(
            state,
            rolls::Rolled::graded(RollKind::SupportHeal, figure, f.owner, roll, 3, at),
            events.len(),
        );
        let amount = roll.saturating_sub(2).max(1) + u8::from(crit_hit);
        let healed = combat::heal(state, target, amount);
        events.push(Event::Healed {
            figure: target,
            amount: healed,
            power: Some(Power::Support),
        });
    }
}

/// The answer to a free attack a power grants.
pub fn apply_free_attack(
    state: &mut State,
    targets: &[FigureId],
    ranged: bool,
    power: Option<Power>,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<FigureId> {
    let (figure, by, kind_extra) = match state.frames().pop() {
        Some(Interrupt::FreeAttack { figure, power, .. }) => (figure, Some(power), None),
        Some(Interrupt::AbilityAttack {
            figure,
            ability,
            second,
        }) => (figure, None, Some((ability, second))),
        other => {
            if let Some(other) = other {
                state.frames().push(other);
            }
            return None;
        }
    };
    if let Some((ability, second)) = kind_extra {
        if ability == Ability::MultiAttack {
            if let Some(t) = targets.first() {
                frames::ask(
                    state,
                    Interrupt::AbilityAttack {
                        figure,
                        ability,
                        second,
                    },
                );
                multi_attack_step(state, figure, super::state::AttackTarget::Figure(*t));
            }
            let kind = AttackKind {
                power,
                ..AttackKind::default()
            };
            combat::attack(state, figure, targets.to_vec(), ranged, kind, dice, events);
            return Some(figure);
        }
        if ability == Ability::DuoAttack && !second {
            state.frames().then(Interrupt::AbilityAttack {
                figure,
                ability,
                second: true,
            });
        }
        let kind = AttackKind {
            power: None,
            move_and_attack: ability == Ability::MoveAndAttack,
            duo_second: second,
            ..AttackKind::default()
        };
        combat::attack(state, figure, targets.to_vec(), ranged, kind, dice, events);
        return Some(figure);
    }
    if power == Some(Power::Flurry) {
        state.frames().then(Interrupt::FreeAttack {
            figure,
            power: Power::Flurry,
            close: true,
            ranged: false,
        });
    }
    let targets = if power == Some(Power::Quake) {
        state
            .fig(figure)
            .map(|f| close_targets(state, f))
            .unwrap_or_default()
    } else {
        targets.to_vec()
    };
    // Hypersonic Speed's attack is no close or ranged combat action: nothing rides on it
    // that needs one (spec SPD-10), and its range is halved.
    let power = if by == Some(Power::HypersonicSpeed) {
        Some(Power::HypersonicSpeed)
    } else {
        power
    };
    let kind = AttackKind {
        power,
        ..AttackKind::default()
    };
    combat::attack(state, figure, targets, ranged, kind, dice, events);
    Some(figure)
}

/// Whether a step queued after the current one can still be taken when its turn comes
/// (Flurry's second attack only while Flurry shows and an opposing figure is adjacent).
pub fn step_possible(state: &State, next: &Interrupt) -> bool {
    match next {
        Interrupt::FreeAttack {
            figure,
            power: Power::Flurry,
            ..
        } => state.fig(*figure).is_some_and(|f| {
            powers::power(state, f, Power::Flurry) && !close_targets(state, f).is_empty()
        }),
        Interrupt::MoveOn { figure, speed } => {
            *speed > 0 && state.fig(*figure).is_some_and(|f| f.in_play())
        }
        Interrupt::AbilityAttack {
            figure, ability, ..
        } => {
            state.fig(*figure).is_some_and(|f| f.in_play())
                && ability_attack_options(state, *figure, *ability).len() > 1
        }
        Interrupt::FreeAttack { figure, .. } => state.fig(*figure).is_some_and(|f| f.in_play()),
        _ => true,
    }
}

/// Squares a figure may move on to after its Hypersonic Speed attack.
pub fn move_on_squares(state: &State, figure: FigureId, speed: u32) -> Vec<Square> {
    let Some(f) = state.fig(figure) else {
        return Vec::new();
    };
    let via = (state.moving_and_attacking != Some(figure)).then_some(Power::HypersonicSpeed);
    let Some(from) = f.square else {
        return Vec::new();
    };
    let others = play::standings(state, f);
    let q = crate::movement::MoveQuery {
        from,
        speed: speed.into(),
        others: &others,
        broke_away_from: &[],
        // Hypersonic Speed passes opposing figures and Move and Attack ignores the squares
        // next to them: giant reach stops neither.
        near: &[],
    };
    // The same move goes on: its allowance was set when it began, so no new halving.
    let mode = crate::movement::MoveMode {
        speed_locked: true,
        ignore_near_enemies: via.is_none(),
        ..powers::move_mode(state, f, via)
    };
    crate::movement::reach_with(&state.map, &q, mode)
        .map(|r| r.destinations().into_iter().map(|(s, _)| s).collect())
        .unwrap_or_default()
}

/// Squares where the next Smoke Cloud or Barrier marker may go (spec ATK-8, DEF-6): within
/// range (range 0: its own square and the adjacent ones for smoke, the adjacent ones for a
/// barrier), next to a marker already placed by this use, the first one in line of fire; smoke
/// goes anywhere but on blocking terrain, a barrier on clear unoccupied squares only.
pub fn marker_squares(state: &State, f: &Fig, power: Power, placed: &[Square]) -> Vec<Square> {
    let Some(from) = f.square else {
        return Vec::new();
    };
    if placed.len() >= 4 {
        return Vec::new();
    }
    let r = combat::range(state, f) as i32;
    let reach = r.max(1);
    let occ = combat::occupancy(state);
    let me = skirmish_los::Endpoint::at(&state.map, from).with_figure(f.id);
    let mut out = Vec::new();
    for y in (from.y - reach)..=(from.y + reach) {
        for x in (from.x - reach)..=(from.x + reach) {
            let sq = Square::new(x, y);
            let Some(c) = state.map.cell(sq) else {
                continue;
            };
            if placed.contains(&sq) || c.is_blocking() {
                continue;
            }
            if r == 0 && (power == Power::Barrier || sq != from) && !state.map.adjacent(from, sq) {
                continue;
            }
            let occupied = state.figure_at(sq).is_some();
            if power == Power::Barrier
                && (occupied || c.terrain_now() != skirmish_board::square::Terrain::CLEAR)
            {
                continue;
            }
            if power == Power::SmokeCloud && c.markers.has(skirmish_board::square::Marker::Smoke) {
                continue;
            }
            let ok = if placed.is_empty() {
                sq == from
                    || combat::square_verdict(
                        state,
                        me,
                        skirmish_los::Endpoint::at(&state.map, sq),
                        &occ,
                    ) != skirmish_los::Verdict::Blocked
            } else {
                placed.iter().any(|p| p.distance(sq) == 1)
            };
            if ok {
                out.push(sq);
            }
        }
    }
    out
}

/// A marker square is chosen.
pub fn place_marker(state: &mut State, square: Square, events: &mut Vec<Event>) {
    let Some(Interrupt::PlaceMarkers {
        figure,
        power,
        mut placed,
    }) = state.frames().pop()
    else {
        return;
    };
    let marker = if power == Power::Barrier {
        skirmish_board::square::Marker::Barrier
    } else {
        skirmish_board::square::Marker::Smoke
    };
    let seat = state.fig(figure).map_or(Seat(0), |f| f.owner);
    std::sync::Arc::make_mut(&mut state.map).place_marker(square, marker);
    state.power_markers.push(super::state::PowerMarker {
        owner: figure,
        seat,
        power,
        square,
        marker,
    });
    events.push(Event::MarkerPlaced {
        figure,
        marker,
        square,
    });
    placed.push(square);
    let more = state
        .fig(figure)
        .is_some_and(|f| !marker_squares(state, f, power, &placed).is_empty());
    if more {
        frames::ask(
            state,
            Interrupt::PlaceMarkers {
                figure,
                power,
                placed,
            },
        );
    }
}

/// Removes the markers a figure's power placed.
fn remove_markers(
    state: &mut State,
    keep: impl Fn(&super::state::PowerMarker) -> bool,
    events: &mut Vec<Event>,
) {
    let (gone, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut state.power_markers)
        .into_iter()
        .partition(|m| !keep(m));
    state.power_markers = kept;
    let mut by_owner: Vec<(FigureId, Vec<Square>)> = Vec::new();
    for m in gone {
        std::sync::Arc::make_mut(&mut state.map).remove_marker(m.square, m.marker);
        match by_owner.iter_mut().find(|x| x.0 == m.owner) {
            Some(x) => x.1.push(m.square),
            None => by_owner.push((m.owner, vec![m.square])),
        }
    }
    for (figure, squares) in by_owner {
        events.push(Event::MarkersRemoved { figure, squares });
    }
}

/// Start of a seat's turn: counters placed by its figures end, once-per-turn uses reset.
pub fn turn_started(state: &mut State, events: &mut Vec<Event>) {
    let seat = state.active_seat();
    state.carried_this_turn.clear();
    for f in state.figures.iter_mut() {
        f.switched_off.clear();
        f.teams_off.clear();
    }
    state.shield_boosts.clear();
    state.x_men_pairs.clear();
    state.telekinesed.retain(|(_, s)| *s != seat);
    remove_markers(state, |m| m.seat != seat, events);
    state.used_this_turn.clear();
    state.shape_changed.clear();
    state.leadership_bonus = false;
    if state.turn == 0 {
        state.used_this_round.clear();
    }
    let until_next = state.options.powers.perplex_until_next_turn;
    for i in 0..state.figures.len() {
        let mut ended = Vec::new();
        let f = &mut state.figures[i];
        f.countered.retain(|c| {
            let keep = c.until_turn_of != seat;
            if !keep {
                ended.push(EffectEnd::CounterEnds { ability: c.ability });
            }
            keep
        });
        if until_next {
            f.perplexed.retain(|p| {
                let keep = p.seat != seat;
                if !keep {
                    ended.push(EffectEnd::PerplexOn { stat: p.stat });
                }
                keep
            });
        }
        let id = f.id;
        for what in ended {
            events.push(Event::EffectEnded { figure: id, what });
        }
    }
}

/// End of a seat's turn: Perplex modifiers placed this turn end (2005 card reading).
pub fn turn_ended(state: &mut State, events: &mut Vec<Event>) {
    if state.options.powers.perplex_until_next_turn {
        return;
    }
    let seat = state.active_seat();
    for f in state.figures.iter_mut() {
        let before = f.perplexed.len();
        f.perplexed.retain(|p| p.seat != seat);
        if f.perplexed.len() != before {
            events.push(Event::EffectEnded {
                figure: f.id,
                what: EffectEnd::Perplex,
            });
        }
    }
}

/// Counters, Perplex modifiers and markers whose source lost its power or was knocked out end
/// at once (spec DMG-10, DMG-11, ATK-8, DEF-6).
pub fn drop_orphans(state: &mut State, events: &mut Vec<Event>) {
    super::objects::drop_if_lost(state, events);
    let holders: Vec<(FigureId, Power)> = state
        .power_markers
        .iter()
        .map(|m| (m.owner, m.power))
        .filter(|(o, p)| state.fig(*o).is_some_and(|f| powers::power(state, f, *p)))
        .collect();
    remove_markers(state, |m| holders.contains(&(m.owner, m.power)), events);
    let outwit: Vec<FigureId> = state
        .in_play()
        .filter(|f| powers::shows(f, Power::Outwit))
        .map(|f| f.id)
        .collect();
    let perplex: Vec<FigureId> = state
        .in_play()
        .filter(|f| powers::shows(f, Power::Perplex))
        .map(|f| f.id)
        .collect();
    for f in state.figures.iter_mut() {
        let id = f.id;
        let mut ended = Vec::new();
        f.countered.retain(|c| {
            let keep = outwit.contains(&c.by);
            if !keep {
                ended.push(EffectEnd::Countered { ability: c.ability });
            }
            keep
        });
        f.perplexed.retain(|p| {
            let keep = perplex.contains(&p.by);
            if !keep {
                ended.push(EffectEnd::PerplexUserLost);
            }
            keep
        });
        for what in ended {
            events.push(Event::EffectEnded { figure: id, what });
        }
    }
}
