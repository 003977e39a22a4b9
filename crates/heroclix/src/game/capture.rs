//! Capture, the old ability of the Sentinels (rulebook Partie 3 *Capture*; FAQ 2002
//! *Sentinelles*, *Fureur*).
//!
//! The rulebook only names Capture and sends players to the publisher's site for the full rule,
//! which is gone; the FAQ rules on captives. What the engine plays puts the FAQ's rulings
//! together with the 2002 Sentinel sheet as players retell it (HCRealms threads of 2003), and
//! `docs/rules/heroclix-powers.md` lists it as a reconstruction:
//!
//! - **Capture attempt** (a close combat action): an attack on one adjacent opposing single-base
//!   figure, its defence +2 if it has Plasticity or Phasing/Teleport. It deals no damage, and so
//!   neither a 12 nor a 2 deals any (rulebook Partie 2 *Aucun dégât*, which stands against the
//!   2002 FAQ's critical click for Mind Control and Telekinesis, as it does for them). A hit
//!   takes the figure captive: off the map, out of play, not knocked out. A captor holds two
//!   captives at most. Battle Fury does not keep a figure from being captured (FAQ *Fureur*).
//! - **Release** (a move action that does not move the captor, whose whole base stands in its
//!   own starting area): one captive counts as knocked out and its captor's player scores
//!   twice its points (FAQ), three times for a hereditary enemy under the rules option
//!   `hereditary_enemies`.
//! - **Rescue** (a close combat action of a figure of the captive's side next to the captor):
//!   an attack that deals no damage; a hit frees one captive, which its owner places on a free
//!   square next to the captor, with an action token.
//! - **A captor knocked out** frees its captives the same way, next to where it stood (FAQ), even
//!   when it is knocked out by its own push after capturing an opponent's last figure (FAQ: the
//!   game does not end in the middle of an action).
//! - Captives at the end of the game score nothing; a side whose figures are all captive has left
//!   the map but is not vanquished, so victory points decide (rulebook *Désigner le vainqueur*).
//! - Capture is not a power: Outwit cannot counter it (FAQ).

use skirmish_board::square::Square;
use skirmish_board::FigureId;
use skirmish_engine::{Dice, Seat};

use super::combat;
use super::event::Event;
use super::frames;
use super::powers::{self, Ability, AttackCtx};
use super::rolls::{self, RollKind};
use super::state::{Fig, Interrupt, State};
use super::values::{compute, Change, Effect};
use crate::figure::{Power, Stat};

/// A captor holds this many captives at most.
pub const MAX_CAPTIVES: usize = 2;

/// Figures the figure may try to capture now: adjacent opposing single-base figures, while it
/// can use Capture and holds fewer than two captives.
pub fn capture_targets(state: &State, f: &Fig) -> Vec<FigureId> {
    if f.captives.len() >= MAX_CAPTIVES || !powers::has(state, f, Ability::Capture) {
        return Vec::new();
    }
    super::power_actions::close_targets(state, f)
        .into_iter()
        .filter(|t| state.fig(*t).is_some_and(|t| !t.is_multi_base()))
        .collect()
}

/// Rescues the figure may attempt: `(captor, captive)` for each adjacent opposing captor and
/// each of its captives on the figure's side.
pub fn rescue_options(state: &State, f: &Fig) -> Vec<(FigureId, FigureId)> {
    let mut out = Vec::new();
    for c in state.in_play() {
        if c.captives.is_empty() || !state.opposed(f, c) || !combat::in_close_reach(state, f, c) {
            continue;
        }
        for captive in &c.captives {
            if state
                .fig(*captive)
                .is_some_and(|x| state.allied(x.owner, f.owner))
            {
                out.push((c.id, *captive));
            }
        }
    }
    out
}

/// True if the figure's whole base stands in its own starting area (deployment zone).
pub fn in_starting_area(state: &State, f: &Fig) -> bool {
    let Some(zone) = state.seats.get(f.owner.index()).and_then(|s| s.zone) else {
        return false;
    };
    let area = super::setup::zone_squares(state, zone);
    let foot = f.footprint();
    !foot.is_empty() && foot.iter().all(|s| area.contains(s))
}

/// Captives the figure may release for points now.
pub fn release_options(state: &State, f: &Fig) -> Vec<FigureId> {
    if f.captives.is_empty() || !in_starting_area(state, f) {
        return Vec::new();
    }
    f.captives.clone()
}

/// The attack of a capture or rescue attempt: no damage, so no critical damage either way
/// (rulebook *Aucun dégât*); returns whether it hit, or `None` when the target escaped being
/// targeted (Shape Change, Skrulls) and no attack was made.
fn attack_without_damage(
    state: &mut State,
    figure: FigureId,
    target: FigureId,
    kind: RollKind,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<bool> {
    if combat::escapes_targeting(state, figure, target, dice, events) {
        return None;
    }
    let (Some(f), Some(t)) = (state.fig(figure).cloned(), state.fig(target).cloned()) else {
        return None;
    };
    let ctx = AttackCtx {
        attacker: Some(figure),
        target: Some(target),
        ranged: false,
        ..Default::default()
    };
    let (d1, d2) = rolls::two_d6(state, dice);
    let attack = combat::stat_in(state, &f, Stat::Attack, Some(&ctx));
    let total = i32::from(d1 + d2) + attack.value;
    let at = events.len();
    events.push(Event::AttackRoll {
        attacker: figure,
        ranged: false,
        dice: (d1, d2),
        attack: attack.clone(),
        total,
    });
    let mut effects = powers::effects(state, &t, Stat::Defense, Some(&ctx));
    if kind == RollKind::Capture
        && (powers::power(state, &t, Power::Plasticity)
            || powers::power(state, &t, Power::PhasingTeleport))
    {
        effects.push(Effect::new(
            Change::Modify(2),
            "hard to hold (Plasticity, Phasing/Teleport)",
            "difficile à retenir (Élasticité, Intangibilité/Téléportation)",
        ));
    }
    let defense = compute(i32::from(t.printed(Stat::Defense)), effects);
    let hit = combat::roll_hits((d1, d2), total, defense.value);
    events.push(Event::AttackResult {
        target,
        defense: defense.clone(),
        beside: None,
        hit,
        critical: combat::critical_of((d1, d2), false),
    });
    rolls::rolled(
        state,
        rolls::Rolled::binary(kind, figure, f.owner, vec![d1, d2], hit, at),
        events.len(),
    );
    Some(hit && !combat::evades(state, target, dice, events))
}

/// A capture attempt. Returns false when no attack was made (the target escaped being
/// targeted): the action is given back.
pub fn attempt(
    state: &mut State,
    figure: FigureId,
    target: FigureId,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> bool {
    let Some(hit) = attack_without_damage(state, figure, target, RollKind::Capture, dice, events)
    else {
        return false;
    };
    if !hit || !state.fig(figure).is_some_and(Fig::in_play) {
        return true;
    }
    let Some(square) = state
        .fig(target)
        .filter(|t| t.in_play())
        .and_then(|t| t.square)
    else {
        return true;
    };
    super::objects::drop_held(state, target, square, events);
    if let Some(t) = state.fig_mut(target) {
        t.square = None;
        t.tokens = 0;
        t.captured_by = Some(figure);
    }
    if let Some(f) = state.fig_mut(figure) {
        f.captives.push(target);
    }
    events.push(Event::Captured {
        figure,
        captive: target,
    });
    true
}

/// A rescue attempt. Returns false when no attack was made.
pub fn rescue(
    state: &mut State,
    figure: FigureId,
    captor: FigureId,
    captive: FigureId,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> bool {
    let Some(hit) = attack_without_damage(state, figure, captor, RollKind::Rescue, dice, events)
    else {
        return false;
    };
    if hit {
        free(state, captor, captive, Some(figure), events);
    }
    true
}

/// What releasing `captive` scores for `figure`'s player, and whether it is a hereditary enemy
/// of its captor: twice its points, three times for a hereditary enemy (FAQ *Sentinelles*).
pub fn release_points(state: &State, figure: FigureId, captive: FigureId) -> (u32, bool) {
    let (Some(f), Some(c)) = (state.fig(figure), state.fig(captive)) else {
        return (0, false);
    };
    let hereditary = combat::hereditary_enemies(state, &f.def, &c.def);
    let times = if hereditary { 3 } else { 2 };
    (c.points.saturating_mul(times), hereditary)
}

/// Releases a captive in the captor's starting area: it counts as knocked out, and the captor's
/// player scores twice its points, three times for a hereditary enemy of the captor (rules
/// option `hereditary_enemies`), and the victory points of the feats it carried.
pub fn release(state: &mut State, figure: FigureId, captive: FigureId, events: &mut Vec<Event>) {
    let scorer = state.fig(figure).map(|f| f.owner);
    let (points, hereditary) = release_points(state, figure, captive);
    if let Some(f) = state.fig_mut(figure) {
        f.captives.retain(|c| *c != captive);
    }
    if let Some(c) = state.fig_mut(captive) {
        c.captured_by = None;
        c.ko = true;
        c.square = None;
        c.tokens = 0;
    }
    if let Some(s) = scorer {
        state.seats[s.index()].victory_points += points;
    }
    events.push(Event::CaptiveReleased {
        figure,
        captive,
        scored_by: scorer,
        points,
        hereditary,
    });
    for (feat, name_fr, points) in super::tactics::feats_lost(state, captive) {
        if let Some(s) = scorer {
            state.seats[s.index()].victory_points += points;
        }
        events.push(Event::FeatScored {
            feat,
            name_fr,
            scored_by: scorer,
            points,
        });
    }
}

/// A captive goes free: its owner will place it next to the captor's base (as it stands now)
/// once the action is over.
fn free(
    state: &mut State,
    captor: FigureId,
    captive: FigureId,
    rescuer: Option<FigureId>,
    events: &mut Vec<Event>,
) {
    let around = state.fig(captor).map(Fig::footprint).unwrap_or_default();
    free_next_to(state, captor, captive, around, rescuer, events);
}

fn free_next_to(
    state: &mut State,
    captor: FigureId,
    captive: FigureId,
    around: Vec<Square>,
    rescuer: Option<FigureId>,
    events: &mut Vec<Event>,
) {
    if let Some(c) = state.fig_mut(captor) {
        c.captives.retain(|x| *x != captive);
    }
    if let Some(c) = state.fig_mut(captive) {
        c.captured_by = None;
    }
    events.push(Event::Freed {
        captive,
        captor,
        rescuer,
    });
    state.releasing.push((captive, around));
}

/// A captor knocked out frees its captives next to where it stood, the squares of its base
/// `stood` (FAQ 2002 *Sentinelles*).
pub fn captor_knocked_out(
    state: &mut State,
    captor: FigureId,
    around: Vec<Square>,
    events: &mut Vec<Event>,
) {
    let Some(c) = state.fig(captor) else { return };
    if c.captives.is_empty() {
        return;
    }
    for captive in c.captives.clone() {
        free_next_to(state, captor, captive, around.clone(), None, events);
    }
}

/// Before the end of the game is checked: the next captive set free waits to be placed. True
/// while one does (the game cannot end with captives on their way back to the map).
pub fn ask_placement(state: &mut State) -> bool {
    if state.releasing.is_empty() {
        return false;
    }
    if state.asked().is_none() {
        let (captive, around) = state.releasing.remove(0);
        frames::ask(state, Interrupt::PlaceCaptive { captive, around });
    }
    true
}

/// Squares a freed captive may be placed on: free squares next to the captor's base; where none
/// is free, the nearest free squares.
pub fn place_squares(state: &State, captive: FigureId, around: &[Square]) -> Vec<Square> {
    let Some(c) = state.fig(captive) else {
        return Vec::new();
    };
    let free = |s: Square| {
        state.map.cell(s).is_some_and(|x| !x.is_blocking())
            && state.figures.iter().all(|o| o.id == c.id || !o.occupies(s))
    };
    let cheb = |a: Square, b: Square| (a.x - b.x).abs().max((a.y - b.y).abs());
    let size = state.map.width().max(state.map.height());
    for reach in 1..=size {
        let mut out: Vec<Square> = Vec::new();
        for a in around {
            for dy in -reach..=reach {
                for dx in -reach..=reach {
                    let s = Square::new(a.x + dx, a.y + dy);
                    let nearest = around.iter().map(|b| cheb(*b, s)).min();
                    if nearest != Some(reach) || out.contains(&s) || !free(s) {
                        continue;
                    }
                    // Next to the base means adjacent as the rulebook counts it (no wall
                    // between, same level).
                    if reach == 1 && !around.iter().any(|b| state.map.adjacent(*b, s)) {
                        continue;
                    }
                    out.push(s);
                }
            }
        }
        if !out.is_empty() {
            out.sort();
            return out;
        }
    }
    Vec::new()
}

/// The freed captive is placed: it takes an action token (kept through its side's turn when
/// placed during it).
pub fn place(state: &mut State, captive: FigureId, square: Square, events: &mut Vec<Event>) {
    let own_turn = state
        .fig(captive)
        .is_some_and(|c| state.allied(c.owner, state.active_seat()));
    if let Some(c) = state.fig_mut(captive) {
        c.square = Some(square);
        c.tokens = (c.tokens + 1).min(2);
        c.token_this_turn |= own_turn;
    }
    events.push(Event::Placed {
        figure: captive,
        square,
    });
    if let Some(tokens) = state.fig(captive).map(|c| c.tokens) {
        events.push(Event::Token {
            figure: captive,
            tokens,
        });
    }
}

/// The seat that places a freed captive: its owner.
pub fn placing_seat(state: &State, captive: FigureId) -> Seat {
    state.fig(captive).map_or(Seat(0), |c| c.owner)
}

/// Why a capture attempt is refused (the figure may otherwise be given an action).
pub fn capture_refusal(state: &State, figure: FigureId, target: FigureId) -> String {
    let (Some(f), Some(t)) = (state.fig(figure), state.fig(target)) else {
        return "no such figure".into();
    };
    if !powers::has(state, f, Ability::Capture) {
        return format!(
            "{} cannot use Capture (a character card must give it)",
            f.label
        );
    }
    if f.captives.len() >= MAX_CAPTIVES {
        return format!(
            "{} already holds {MAX_CAPTIVES} captives, as many as a captor can",
            f.label
        );
    }
    if t.is_multi_base() {
        return format!(
            "{} is too big to be captured (a multi-base figure)",
            t.label
        );
    }
    combat::close_refusal(state, figure, target)
}

/// Why a rescue attempt is refused.
pub fn rescue_refusal(
    state: &State,
    figure: FigureId,
    captor: FigureId,
    captive: FigureId,
) -> String {
    let (Some(f), Some(c), Some(x)) = (state.fig(figure), state.fig(captor), state.fig(captive))
    else {
        return "no such figure".into();
    };
    if x.captured_by != Some(captor) {
        return format!("{} is not a captive of {}", x.label, c.label);
    }
    if !state.allied(f.owner, x.owner) {
        return format!(
            "{} is not on {}'s side: only its own side rescues it",
            x.label, f.label
        );
    }
    format!(
        "{} must stand next to {} (close combat) to attempt a rescue",
        f.label, c.label
    )
}

/// Why a release is refused.
pub fn release_refusal(state: &State, figure: FigureId, captive: FigureId) -> String {
    let Some(f) = state.fig(figure) else {
        return "no such figure".into();
    };
    if !f.captives.contains(&captive) {
        return format!("{} does not hold that figure captive", f.label);
    }
    format!(
        "{}'s whole base must stand in its own starting area to release a captive for points",
        f.label
    )
}
