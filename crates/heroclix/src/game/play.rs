//! Rounds, turns and actions: who is asked what, which actions are legal, and playing them.
//!
//! Rulebook *Rounds, tours et actions*, *Immunité au premier round*, *Total d'action*, *Marqueur
//! action*, *Dépassement*, *Donner des actions aux personnages*, *Actions libres*, *Actions de
//! déplacement*, *Évasion*; golden rule 4 (*Règle des marqueurs action*); FAQ *Action de passer*,
//! *Évasion*.

use skirmish_board::square::Square;
use skirmish_board::FigureId;
use skirmish_engine::{Dice, Pending, Picker, Rejection, Seat};

use super::action::{Action, Decision};
use super::capture;
use super::combat;
use super::event::{DamageKind, Event};
use super::frames;
use super::power_actions;
use super::powers;
use super::reach::{self, Purpose};
use super::rolls::{self, RollKind};
use super::score;
use super::setup;
use super::state::{AttackTarget, Fig, Interrupt, Phase, State};
use super::values::{compute, Change, Effect};
use crate::figure::{Power, Stat};
use crate::movement::{self, MoveQuery, Side, Standing};
use skirmish_path::Path;

/// What the game waits for.
pub fn pending(state: &State) -> Pending<Decision> {
    if let Some(o) = &state.outcome {
        return Pending::Over(o.outcome());
    }
    let n = state.order.len().max(1);
    if let Some(asked) = frames::pending::<Interrupt>(state) {
        return asked;
    }
    match &state.phase {
        Phase::ChooseMap => Pending::Decide {
            seats: vec![state.order[0]],
            decision: Decision::ChooseMap {
                maps: state.map_choices.iter().map(|m| m.name.clone()).collect(),
            },
        },
        Phase::ChooseZones { next } => Pending::Decide {
            seats: vec![state.order[(1 + next) % n]],
            decision: Decision::ChooseZone {
                zones: setup::zone_options(state),
            },
        },
        Phase::CancelCondition { next } => Pending::Decide {
            seats: vec![state.order[*next % n]],
            decision: Decision::CancelCondition {
                conditions: cancellable(state),
            },
        },
        Phase::PlaceObjects { next } => {
            let seat = state.order[*next % n];
            Pending::Decide {
                seats: vec![seat],
                decision: Decision::PlaceObject {
                    objects: setup::objects_to_place(state, seat),
                },
            }
        }
        Phase::Deploy { next } => {
            let seat = state.order[*next % n];
            Pending::Decide {
                seats: vec![seat],
                decision: Decision::Deploy {
                    figures: setup::unplaced(state, seat),
                },
            }
        }
        Phase::Play | Phase::Over => Pending::Decide {
            seats: vec![state.active_seat()],
            decision: Decision::Turn {
                round: state.round,
                actions_left: action_total(state).saturating_sub(state.actions_used),
            },
        },
    }
}

fn pending_seats(state: &State) -> Vec<Seat> {
    match pending(state) {
        Pending::Decide { seats, .. } => seats,
        Pending::Over(_) => Vec::new(),
    }
}

/// Figures on the board as a mover sees them: one entry per square of each base.
pub fn standings(state: &State, mover: &Fig) -> Vec<Standing> {
    let mut out = Vec::new();
    for o in state.in_play().filter(|o| o.id != mover.id) {
        let side = if state.allied(o.owner, mover.owner) {
            Side::Friend
        } else {
            Side::Enemy
        };
        for square in o.footprint() {
            out.push(Standing {
                square,
                figure: o.id,
                side,
            });
        }
    }
    out
}

/// Opposing figures adjacent to a figure.
pub fn adjacent_enemies(state: &State, f: &Fig) -> Vec<FigureId> {
    state
        .in_play()
        .filter(|o| state.opposed(f, o) && state.figures_adjacent(f, o))
        .map(|o| o.id)
        .collect()
}

/// Opposing figures a figure must break away from before moving: the adjacent ones, and the
/// ones within a giant's reach (spec COMB-8: a giant and the figures up to 2 squares from it
/// are adjacent for movement, both ways).
pub fn breakaway_enemies(state: &State, f: &Fig) -> Vec<FigureId> {
    state
        .in_play()
        .filter(|o| state.opposed(f, o) && reach::adjacent(state, f, o, Purpose::Movement))
        .map(|o| o.id)
        .collect()
}

/// True if a move action of this figure starts with a breakaway roll: an opposing figure is next
/// to it (or within a giant's reach) and nothing makes its breakaway automatic (Leap/Climb,
/// Phasing/Teleport on move actions): what `breaks_away` rolls, for texts and the judge.
pub fn rolls_to_break_away(state: &State, f: &Fig) -> bool {
    !breakaway_enemies(state, f).is_empty() && powers::breakaway(state, f, None).automatic.is_none()
}

/// Actions the active seat may give this turn: the action total, plus one for a successful
/// Leadership roll.
pub fn action_total(state: &State) -> u8 {
    state
        .action_total
        .saturating_add(u8::from(state.leadership_bonus))
}

/// What every move search starts from: the figures a mover must mind, the opposing figures
/// it breaks away from, the squares within giant reach, and its speed.
struct MoveInputs {
    others: Vec<Standing>,
    escaped: Vec<FigureId>,
    near: Vec<(Square, FigureId)>,
    speed: movement::Speed,
}

/// The [`MoveInputs`] of a move at `speed`. Breakaway is assumed to succeed against every
/// opposing figure it must break away from.
fn move_inputs(state: &State, f: &Fig, speed: movement::Speed) -> MoveInputs {
    MoveInputs {
        others: standings(state, f),
        escaped: breakaway_enemies(state, f),
        near: reach::near_squares(state, f),
        speed,
    }
}

impl MoveInputs {
    fn query(&self, from: Square) -> MoveQuery<'_> {
        MoveQuery {
            from,
            speed: self.speed,
            others: &self.others,
            broke_away_from: &self.escaped,
            near: &self.near,
        }
    }
}

/// The speed a figure moves at with `via` (`None`: a move action): Charge and Running Shot
/// halve it (a replacement, so modifiers apply after; spec SPD-5, SPD-12), Sidestep locks it
/// at 2. From hindering terrain the halving there is one more replacement, made before the
/// modifiers too (rulebook *Terrain gênant*, *Règles d'or*).
pub fn move_speed(state: &State, f: &Fig, via: Option<Power>) -> movement::Speed {
    let mut effects = powers::effects(state, f, Stat::Speed, None);
    if state.carrying.is_some_and(|(c, _)| c == f.id) {
        // Carry (spec COMB-2): −2 for the action, after any halving.
        effects.push(Effect::new(
            Change::Modify(-2),
            "carrying a friend",
            "transporte un ami",
        ));
    }
    match via {
        Some(Power::Charge | Power::RunningShot) => effects.push(Effect::new(
            Change::Halve,
            "half speed",
            "moitié de la vitesse",
        )),
        Some(Power::Sidestep) => {
            effects.push(Effect::new(Change::Lock(2), "Sidestep", "Pas de côté"))
        }
        _ => {}
    }
    let printed = i32::from(f.printed(Stat::Speed));
    let full = compute(printed, effects.clone()).value.max(0) as u32;
    effects.push(hindered_start());
    let hindered = compute(printed, effects).value.max(0) as u32;
    movement::Speed { full, hindered }
}

/// The halving of a move that starts in hindering terrain, as the values pipeline's
/// replacement (rulebook *Terrain gênant*: "réduit sa valeur de vitesse de moitié").
pub fn hindered_start() -> Effect {
    Effect::new(
        Change::Halve,
        "starts in hindering terrain",
        "commence dans un terrain gênant",
    )
}

/// The squares a move made with `via` may cover: its speed, halved when it starts in hindering
/// terrain that hinders this mover (rulebook *Terrain gênant*).
pub fn move_allowance(state: &State, f: &Fig, via: Option<Power>) -> u32 {
    let speed = move_speed(state, f, via);
    let Some(from) = f.square else {
        return speed.full;
    };
    let others = standings(state, f);
    // Stopping next to opposing figures does not change the allowance: no giant reach here.
    let q = MoveQuery {
        from,
        speed,
        others: &others,
        broke_away_from: &[],
        near: &[],
    };
    let mut mode = powers::move_mode(state, f, via);
    if via.is_none() && state.moving_and_attacking == Some(f.id) {
        mode.ignore_near_enemies = true;
    }
    movement::reach_with(&state.map, &q, mode).map_or(speed.full, |r| r.allowance)
}

/// Where a figure can end a move made with `via` at `speed`, assuming any breakaway succeeds.
pub fn destinations_at_speed(
    state: &State,
    f: &Fig,
    via: Option<Power>,
    speed: movement::Speed,
) -> Vec<Square> {
    let Some((from, inputs, mode)) = move_search(state, f, via, speed) else {
        return Vec::new();
    };
    // Legal actions need only where the figure can go; paths are built for the move played.
    let q = inputs.query(from);
    if f.is_multi_base() {
        let (w, d) = (f.def.base.width, f.def.base.depth);
        return movement::reach_multi_destinations(&state.map, &q, w, d, mode);
    }
    movement::reach_with(&state.map, &q, mode)
        .map(|r| r.destinations().into_iter().map(|(s, _)| s).collect())
        .unwrap_or_default()
}

/// Where every move search of `f` at `speed` with `via` starts: its square, the figures around
/// it, and the movement rules it moves under.
fn move_search(
    state: &State,
    f: &Fig,
    via: Option<Power>,
    speed: movement::Speed,
) -> Option<(Square, MoveInputs, movement::MoveMode)> {
    let from = f.square?;
    Some((
        from,
        move_inputs(state, f, speed),
        powers::move_mode(state, f, via),
    ))
}

/// Where a figure can end a move made with `via`, with the path of each.
pub fn paths_at_speed(
    state: &State,
    f: &Fig,
    via: Option<Power>,
    speed: movement::Speed,
) -> Vec<(Square, Path<Square>)> {
    let Some((from, inputs, mode)) = move_search(state, f, via, speed) else {
        return Vec::new();
    };
    let q = inputs.query(from);
    if f.is_multi_base() {
        let (w, d) = (f.def.base.width, f.def.base.depth);
        return movement::reach_multi(&state.map, &q, w, d, mode).unwrap_or_default();
    }
    movement::reach_with(&state.map, &q, mode)
        .map(|r| {
            r.destinations()
                .into_iter()
                .filter_map(|(s, _)| r.path_to(s).ok().map(|p| (s, p)))
                .collect()
        })
        .unwrap_or_default()
}

/// The path of a figure moving to `to` at `speed`, if it can end its move there: one search,
/// and the one path built.
pub fn path_at_speed(
    state: &State,
    f: &Fig,
    via: Option<Power>,
    speed: movement::Speed,
    to: Square,
) -> Option<Path<Square>> {
    let (from, inputs, mode) = move_search(state, f, via, speed)?;
    let q = inputs.query(from);
    if f.is_multi_base() {
        let (w, d) = (f.def.base.width, f.def.base.depth);
        return movement::reach_multi_to(&state.map, &q, w, d, mode, to);
    }
    movement::reach_with(&state.map, &q, mode)
        .ok()?
        .path_to(to)
        .ok()
}

/// Where a figure given a Move and Attack move can stop to attack: squares next to opposing
/// figures do not end its move.
pub fn move_and_attack_stops(state: &State, f: &Fig) -> Vec<Square> {
    let Some(from) = f.square else {
        return Vec::new();
    };
    let others = standings(state, f);
    // Squares next to opposing figures do not stop this move: no giant reach to add.
    let q = MoveQuery {
        from,
        speed: move_speed(state, f, None),
        others: &others,
        broke_away_from: &[],
        near: &[],
    };
    let mode = movement::MoveMode {
        ignore_near_enemies: true,
        ..powers::move_mode(state, f, None)
    };
    movement::reach_with(&state.map, &q, mode)
        .map(|r| r.destinations().into_iter().map(|(s, _)| s).collect())
        .unwrap_or_default()
}

/// Friends `f` may carry on its next move (Carry).
pub fn passengers(state: &State, f: &Fig) -> Vec<FigureId> {
    if !powers::has(state, f, powers::Ability::Carry) {
        return Vec::new();
    }
    state
        .in_play()
        .filter(|p| powers::can_carry(state, f, p))
        .map(|p| p.id)
        .collect()
}

/// The game as the carrier's move sees it: the passenger off the map, the carrier slowed.
pub fn lifted(state: &State, carrier: FigureId, passenger: FigureId) -> State {
    let mut s = state.clone();
    if let Some(p) = s.fig_mut(passenger) {
        p.square = None;
    }
    s.carrying = Some((carrier, passenger));
    s
}

/// Lifts the passenger off the map for the carrier's move; returns where it stood.
pub fn start_carry(state: &mut State, carrier: FigureId, passenger: FigureId) -> Option<Square> {
    let from = state.fig(passenger).and_then(|p| p.square)?;
    if let Some(p) = state.fig_mut(passenger) {
        p.square = None;
    }
    state.carrying = Some((carrier, passenger));
    Some(from)
}

/// The carrier's move is over: ask where the passenger goes (or put it back where it was if
/// the move never happened). Steps already waiting keep their order after it.
pub fn end_carry(state: &mut State, moved: bool, from: Square) {
    let Some((carrier, passenger)) = state.carrying.take() else {
        return;
    };
    if !moved {
        if let Some(p) = state.fig_mut(passenger) {
            p.square = Some(from);
        }
        return;
    }
    state.carried_this_turn.push(passenger);
    state.frames().push(Interrupt::PlacePassenger {
        carrier,
        passenger,
        from,
    });
}

/// Squares the passenger may be placed on: next to the carrier, free, not blocking; where it
/// stood if none is.
pub fn passenger_squares(
    state: &State,
    carrier: FigureId,
    passenger: FigureId,
    from: Square,
) -> Vec<Square> {
    let (w, d) = state.fig(passenger).map_or((1, 1), |p| {
        (p.def.base.width.max(1), p.def.base.depth.max(1))
    });
    let Some(c) = state.fig(carrier) else {
        return vec![from];
    };
    let carrier_squares = c.footprint();
    let free = |s: Square| {
        state.map.cell(s).is_some_and(|x| !x.is_blocking()) && state.figure_at(s).is_none()
    };
    // Anchors whose whole base is free and touches the carrier (a multi-base passenger's base
    // stays on one level, as it always does).
    let mut out: Vec<Square> = Vec::new();
    for cs in &carrier_squares {
        for dy in -i32::from(d)..=1 {
            for dx in -i32::from(w)..=1 {
                let anchor = Square::new(cs.x + dx, cs.y + dy);
                let base = movement::footprint(anchor, w, d);
                let level = state.map.level(anchor);
                let fits = base
                    .iter()
                    .all(|s| free(*s) && state.map.level(*s) == level);
                let touches = base
                    .iter()
                    .any(|s| carrier_squares.iter().any(|c| state.map.adjacent(*c, *s)));
                if fits && touches && !out.contains(&anchor) {
                    out.push(anchor);
                }
            }
        }
    }
    out.sort();
    if out.is_empty() && movement::footprint(from, w, d).iter().all(|s| free(*s)) {
        vec![from]
    } else {
        out
    }
}

/// Where a figure can end a move made with `via` (`None`: a move action).
pub fn move_destinations_via(state: &State, f: &Fig, via: Option<Power>) -> Vec<Square> {
    destinations_at_speed(state, f, via, move_speed(state, f, via))
}

/// Where a figure given a move action can end, with the cost and the path of each move,
/// assuming any breakaway succeeds. Multi-base figures move their whole base.
pub fn move_paths(state: &State, f: &Fig) -> Vec<(Square, Path<Square>)> {
    paths_at_speed(state, f, None, move_speed(state, f, None))
}

/// Where a figure given a move action can end, assuming any breakaway succeeds (the paths are
/// not built: this runs for every figure on every decision).
pub fn move_destinations(state: &State, f: &Fig) -> Vec<Square> {
    destinations_at_speed(state, f, None, move_speed(state, f, None))
}

/// True if a move action given to the figure is not counted in the action total (Avengers,
/// Brotherhood of Mutants).
pub(super) fn free_move(state: &State, id: FigureId) -> bool {
    state.fig(id).is_some_and(|f| {
        powers::team(state, f, "avengers") || powers::team(state, f, "brotherhood_of_mutants")
    })
}

/// Why a figure of `seat` cannot be given a move action now: Avengers and Brotherhood move
/// actions do not count in the action total (spec TA-1, TA-3).
pub(super) fn move_refusal(state: &State, seat: Seat, id: FigureId) -> Option<String> {
    if free_move(state, id) {
        refusal_with(state, seat, id, true, false)
    } else {
        action_refusal(state, seat, id, true)
    }
}

/// Why a figure of `seat` cannot be given an action now, if it cannot. `counts`: a non-free
/// action counted in the action total.
pub fn action_refusal(state: &State, seat: Seat, id: FigureId, counts: bool) -> Option<String> {
    refusal_with(state, seat, id, counts, counts)
}

fn refusal_with(
    state: &State,
    seat: Seat,
    id: FigureId,
    non_free: bool,
    counts: bool,
) -> Option<String> {
    let Some(f) = state.fig(id) else {
        return Some(format!("there is no figure #{}", id.0));
    };
    if f.owner != seat {
        return Some(format!("{} is not one of your figures", f.label));
    }
    if !f.in_play() {
        return Some(format!("{} is not on the map", f.label));
    }
    if f.acted_this_turn {
        return Some(format!(
            "{} has already been given an action this turn (one action per figure per turn)",
            f.label
        ));
    }
    // Masters of Evil (spec TA-7): two tokens do not stop it, at the cost of 1 unavoidable damage.
    if non_free
        && !skirmish_clix::tokens::may_take_action(f.tokens)
        && !powers::team(state, f, "masters_of_evil")
    {
        return Some(format!(
            "{} has two action tokens: no action may give it a third (golden rule of action tokens)",
            f.label
        ));
    }
    if non_free && state.carried_this_turn.contains(&id) {
        return Some(format!(
            "{} was carried this turn: it cannot be given a non-free action until next turn",
            f.label
        ));
    }
    if counts && state.actions_used >= action_total(state) {
        return Some(format!(
            "all {} action(s) of this turn have been given (action total)",
            action_total(state)
        ));
    }
    None
}

/// Every legal action for `seat`.
pub fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
    if !pending_seats(state).contains(&seat) {
        return Vec::new();
    }
    let mut out = Vec::new();
    if let Some(answers) = frames::legal::<Interrupt>(state, seat) {
        return answers;
    }
    match &state.phase {
        Phase::ChooseMap => {
            for map in 0..state.map_choices.len() {
                out.push(Action::ChooseMap { map });
            }
        }
        Phase::ChooseZones { .. } => {
            for zone in setup::zone_options(state) {
                out.push(Action::ChooseZone { zone });
            }
        }
        Phase::CancelCondition { .. } => {
            out.push(Action::CancelCondition { condition: None });
            for condition in cancellable(state) {
                out.push(Action::CancelCondition {
                    condition: Some(condition),
                });
            }
        }
        Phase::PlaceObjects { .. } => {
            let objects = setup::objects_to_place(state, seat);
            let plain = setup::object_squares(state, false);
            let mut special = None;
            for object in objects {
                let squares = if state.objects[object].special.is_some() {
                    special.get_or_insert_with(|| setup::object_squares(state, true))
                } else {
                    &plain
                };
                for square in squares.iter() {
                    out.push(Action::PlaceObject {
                        object,
                        square: *square,
                    });
                }
            }
        }
        Phase::Deploy { .. } => {
            let squares = setup::placement_squares(state, seat);
            for figure in setup::unplaced(state, seat) {
                let Some(f) = state.fig(figure) else { continue };
                for square in &squares {
                    if !f.is_multi_base() || setup::base_fits(state, f, *square, &squares) {
                        out.push(Action::Place {
                            figure,
                            square: *square,
                        });
                    }
                }
            }
        }
        Phase::Play => {
            let occ = combat::occupancy(state);
            for f in state
                .figures
                .iter()
                .filter(|f| f.owner == seat && f.in_play())
            {
                out.extend(figure_actions(state, seat, f, &occ));
            }
            out.push(Action::EndTurn);
        }
        Phase::Over => {}
    }
    out
}

/// One legal action of `seat` at random, for playouts, without listing every figure's moves:
/// in a turn, ending it or one of the seat's figures is picked first (each as likely), then one
/// of that figure's actions. Elsewhere (set-up, a decision inside an action) every legal action
/// is as likely.
pub fn random_action(state: &State, seat: Seat, rng: &mut Picker) -> Option<Action> {
    if state.asked().is_some()
        || !matches!(state.phase, Phase::Play)
        || !pending_seats(state).contains(&seat)
    {
        let legal = legal_actions(state, seat);
        return rng.choose(&legal).cloned();
    }
    let occ = combat::occupancy(state);
    let mut figures: Vec<&Fig> = state
        .figures
        .iter()
        .filter(|f| f.owner == seat && f.in_play())
        .collect();
    loop {
        // The last slot is ending the turn, which is always legal.
        let pick = rng.below(figures.len() + 1)?;
        let Some(f) = figures.get(pick).copied() else {
            return Some(Action::EndTurn);
        };
        let actions = figure_actions(state, seat, f, &occ);
        match rng.choose(&actions) {
            Some(action) => return Some(action.clone()),
            None => {
                figures.swap_remove(pick);
            }
        }
    }
}

/// The actions a figure of `seat` may be given now in its side's turn.
pub fn figure_actions(
    state: &State,
    seat: Seat,
    f: &Fig,
    occ: &skirmish_los::OccupancyGrid,
) -> Vec<Action> {
    let mut out = Vec::new();
    let fresh = action_refusal(state, seat, f.id, true).is_none();
    out.extend(power_actions::legal_for(state, f, fresh, occ));
    if action_refusal(state, seat, f.id, false).is_some() {
        return out;
    }
    out.push(Action::Pass { figure: f.id });
    out.extend(super::tactics::feat_asides(state, f));
    for team in powers::wild_card_options(state, f) {
        out.push(Action::WildCard {
            figure: f.id,
            team: Some(team),
        });
    }
    if f.wild_card.is_some() && powers::is_wild_card(state, f) {
        out.push(Action::WildCard {
            figure: f.id,
            team: None,
        });
    }
    if move_refusal(state, seat, f.id).is_none() {
        // FAQ *Vengeurs*, *Brotherhood*: the free team move must move at least one square; a
        // move that stays put counts, so it needs an action left.
        let stay_counts = free_move(state, f.id) && !fresh;
        for to in move_destinations(state, f) {
            if stay_counts && Some(to) == f.square {
                continue;
            }
            out.push(Action::Move {
                figure: f.id,
                to,
                carry: None,
            });
        }
        for p in passengers(state, f) {
            let s = lifted(state, f.id, p);
            let Some(me) = s.fig(f.id) else { continue };
            for to in move_destinations(&s, me) {
                if Some(to) != f.square {
                    out.push(Action::Move {
                        figure: f.id,
                        to,
                        carry: Some(p),
                    });
                }
            }
        }
    }
    if !fresh {
        return out;
    }
    for target in power_actions::close_targets(state, f) {
        out.push(Action::CloseAttack {
            attacker: f.id,
            target,
            power: None,
        });
    }
    for target in super::objects::throw_targets(state, f, occ) {
        out.push(Action::ThrowObject {
            figure: f.id,
            target,
        });
    }
    for targets in combat::ranged_target_sets(state, f, occ) {
        out.push(Action::RangedAttack {
            attacker: f.id,
            targets,
            power: None,
        });
    }
    for (square, ranged) in combat::blocking_targets(state, f, occ) {
        out.push(Action::DestroyBlocking {
            attacker: f.id,
            square,
            ranged,
        });
    }
    for (square, dir, ranged) in combat::wall_targets(state, f, occ) {
        out.push(Action::DestroyWall {
            attacker: f.id,
            square,
            dir,
            ranged,
        });
    }
    for target in capture::capture_targets(state, f) {
        out.push(Action::Capture {
            figure: f.id,
            target,
        });
    }
    for (captor, captive) in capture::rescue_options(state, f) {
        out.push(Action::Rescue {
            figure: f.id,
            captor,
            captive,
        });
    }
    if move_refusal(state, seat, f.id).is_none() {
        for captive in capture::release_options(state, f) {
            out.push(Action::Release {
                figure: f.id,
                captive,
            });
        }
    }
    // FAQ 2002 *Le Scientifique*: carrying some objects forbids attacking.
    if super::objects::holds_with(state, f.id, crate::tactics::ObjectRule::HolderCannotAttack) {
        out.retain(|a| super::objects::attacker_of(state, a).is_none());
    }
    out
}

/// Every way to share `damage` between `n` targets, each getting 0 or more.
pub fn splits(damage: u8, n: usize) -> Vec<Vec<u8>> {
    if n == 0 {
        return Vec::new();
    }
    if n == 1 {
        return vec![vec![damage]];
    }
    let mut out = Vec::new();
    for first in 0..=damage {
        for mut rest in splits(damage - first, n - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// Why an action is not legal.
pub fn explain_illegal(state: &State, seat: Seat, action: &Action) -> Rejection {
    let reason = reason(state, seat, action);
    Rejection::illegal(reason)
}

fn reason(state: &State, seat: Seat, action: &Action) -> String {
    if let Some(why) = super::objects::attack_refusal(state, action) {
        return why;
    }
    if state.outcome.is_some() {
        return "the game is over".into();
    }
    if !pending_seats(state).contains(&seat) {
        return format!("it is not {seat}'s decision now");
    }
    match (state.asked(), action) {
        (Some(Interrupt::SplitDamage { attack }), Action::SplitDamage { amounts }) => {
            let sum: u32 = amounts.iter().map(|a| u32::from(*a)).sum();
            return format!(
                "the damage split must give one amount to each of the {} targets hit, adding up to {} (got {} amount(s) adding up to {sum})",
                attack.hits.len(),
                attack.damage,
                amounts.len()
            );
        }
        (Some(Interrupt::KnockbackLine { options, .. }), Action::KnockbackVia { square }) => {
            return format!(
                "{square} is not one of the two squares that may set the knockback line ({} or {})",
                options[0], options[1]
            );
        }
        (Some(Interrupt::FreeAttack { power, .. }), Action::FreeAttack { .. }) => {
            return format!(
                "that attack is not one {} allows now: check the targets (adjacent for a close attack; range, line of fire and bolts for a ranged one) and the power named",
                power.name(skirmish_lang::Lang::En)
            );
        }
        (Some(Interrupt::PlaceMarkers { power, placed, .. }), Action::PlaceMarker { square }) => {
            return format!(
                "{square} cannot take a {} marker: it must be within range, {}, not blocking terrain{}",
                power.name(skirmish_lang::Lang::En),
                if placed.is_empty() {
                    "in line of fire for the first marker"
                } else {
                    "next to a marker already placed (up to 4)"
                },
                if *power == Power::Barrier {
                    ", on a clear unoccupied square"
                } else {
                    ""
                }
            );
        }
        (Some(Interrupt::MoveOn { speed, .. }), Action::MoveOn { to }) => {
            return format!("{to} cannot be reached with the {speed} square(s) of movement left");
        }
        (Some(i), _) => {
            let what = match i {
                Interrupt::SplitDamage { .. } => {
                    "split the attack's damage between the targets hit"
                }
                Interrupt::KnockbackLine { .. } => "choose the knockback line",
                Interrupt::Blades { .. } => {
                    "roll Blades/Claws/Fangs for the damage value (accept) or keep it (decline)"
                }
                Interrupt::FreeAttack { .. } | Interrupt::AbilityAttack { .. } => {
                    "make the free attack or decline it"
                }
                Interrupt::PlacePassenger { .. } => {
                    "place the carried friend on a free square next to its carrier"
                }
                Interrupt::PlaceCaptive { .. } => {
                    "place the freed captive on a free square next to its captor"
                }
                Interrupt::ElectKnockback { .. } => {
                    "choose whether the figure is knocked back (Combat Reflexes): accept or decline"
                }
                Interrupt::LeadershipToken { .. } => {
                    "clear a token from an adjacent cheaper friend (Leadership), or none (decline)"
                }
                Interrupt::PickUp { .. } => "pick up an object (Super Strength), or none",
                Interrupt::Controlled { .. } => {
                    "give the mind-controlled figure one of its actions, or none (decline)"
                }
                Interrupt::MoveOn { .. } => "move on with the rest of the movement, or decline",
                Interrupt::PlaceMarkers { .. } => "place the next marker, or stop (decline)",
                Interrupt::Reroll { .. } => {
                    "reroll the attack with Probability Control (accept) or let it stand (decline)"
                }
                Interrupt::RollReroll { .. } => {
                    "have the roll rerolled with Probability Control (accept) or let it stand (decline)"
                }
                Interrupt::Mastermind { .. } | Interrupt::MastermindHeld { .. } => {
                    "hand the damage to an adjacent cheaper friend (Mastermind), or take it (decline)"
                }
            };
            return format!("an action is waiting for a choice first: {what}");
        }
        _ => {}
    }
    match (&state.phase, action) {
        (Phase::ChooseMap, Action::ChooseMap { map }) => {
            format!("there is no map number {map} ({} to choose from)", state.map_choices.len())
        }
        (Phase::ChooseZones { .. }, Action::ChooseZone { zone }) => format!(
            "zone {zone} cannot be chosen; the zones open are {:?} (two players deploy on opposite sides)",
            setup::zone_options(state)
        ),
        (Phase::CancelCondition { .. }, Action::CancelCondition { condition }) => format!(
            "condition {} cannot be cancelled: the revealed conditions not yet cancelled are {:?}",
            condition.map_or(-1, |c| c as i64),
            cancellable(state)
        ),
        (Phase::PlaceObjects { .. }, Action::PlaceObject { object, square }) => {
            setup::object_refusal(state, *object, *square)
        }
        (Phase::Deploy { .. }, Action::Place { figure, square }) => {
            if !setup::unplaced(state, seat).contains(figure) {
                return format!("figure #{} is not one of your figures still to place", figure.0);
            }
            format!("{square} is not a free square of your deployment zone")
        }
        (Phase::Play, Action::WildCard { figure, team }) => format!(
            "figure #{} cannot use {}: a wild card chooses, before its player gives an action, a team ability that a friendly figure on the map possesses (rulebook Jokers)",
            figure.0,
            team.as_deref().unwrap_or("no team ability")
        ),
        (Phase::Play, Action::SetFeatAside { figure, feat }) => format!(
            "feat {feat} cannot be set aside for figure #{}: a feat is set aside by its owner, before the figure's action, while the figure uses it",
            figure.0
        ),
        (Phase::Play, Action::Pass { figure }) => action_refusal(state, seat, *figure, false)
            .unwrap_or_else(|| "the pass action cannot be given now".into()),
        (Phase::Play, a) if power_actions::refusal(state, seat, a).is_some() => {
            power_actions::refusal(state, seat, a).unwrap_or_default()
        }
        (Phase::Play, Action::Move { figure, carry: Some(p), .. }) => {
            if let Some(r) = move_refusal(state, seat, *figure) {
                return r;
            }
            match (state.fig(*figure), state.fig(*p)) {
                (Some(c), Some(pf)) if !powers::can_carry(state, c, pf) => format!(
                    "{} cannot carry {}: the carrier needs Carry (wing or transporter symbol) and the friend must stand next to it, with standard symbols, one square, no Battle Fury",
                    c.label, pf.label
                ),
                (Some(c), _) => format!(
                    "{} cannot get there carrying a friend: its speed is 2 lower",
                    c.label
                ),
                _ => "no such figure".into(),
            }
        }
        (Phase::Play, Action::Move { figure, to, .. }) => {
            if let Some(r) = move_refusal(state, seat, *figure) {
                return r;
            }
            let Some(f) = state.fig(*figure) else { return "no such figure".into() };
            let Some(from) = f.square else { return "the figure is not on the map".into() };
            let inputs = move_inputs(state, f, move_speed(state, f, None));
            let q = inputs.query(from);
            let why = if f.is_multi_base() {
                let graph = movement::MultiBaseGraph::with_mode(
                    &state.map,
                    &q,
                    f.def.base.width,
                    f.def.base.depth,
                    powers::move_mode(state, f, None),
                );
                graph.stand_refusal(*to).map_or_else(
                    || "its whole base cannot get there within its speed".to_string(),
                    |e| format!("its base cannot stand there: {}", e.text(skirmish_lang::Lang::En)),
                )
            } else {
                // The reason must count squares the way the figure moves (Flight, Leap/Climb...),
                // as the legality check does.
                match movement::reach_with(&state.map, &q, powers::move_mode(state, f, None))
                    .and_then(|r| r.path_to(*to).map(|_| ()))
                {
                    Err(e) => e.text(skirmish_lang::Lang::En),
                    Ok(()) => "the move is not allowed".into(),
                }
            };
            format!("{} cannot move to {to}: {why}", f.label)
        }
        (Phase::Play, Action::CloseAttack { attacker, target, .. }) => action_refusal(state, seat, *attacker, true)
            .unwrap_or_else(|| combat::close_refusal(state, *attacker, *target)),
        (Phase::Play, Action::RangedAttack { attacker, targets, .. }) => action_refusal(state, seat, *attacker, true)
            .unwrap_or_else(|| combat::ranged_refusal(state, *attacker, targets)),
        (Phase::Play, Action::DestroyBlocking { attacker, square, .. }) => action_refusal(state, seat, *attacker, true)
            .unwrap_or_else(|| format!("{square} is not blocking terrain the figure can attack: close combat needs it adjacent, ranged combat needs it in range with a line of fire to its centre")),
        (Phase::Play, Action::DestroyWall { attacker, square, dir, .. }) => action_refusal(state, seat, *attacker, true)
            .unwrap_or_else(|| format!("there is no wall the figure can attack along the {dir:?} edge of {square}: close combat reaches the walls of its own square; ranged combat needs both squares beside the wall in range and a line of fire to the far one that crosses the near one")),
        (Phase::Play, Action::Capture { figure, target }) => action_refusal(state, seat, *figure, true)
            .unwrap_or_else(|| capture::capture_refusal(state, *figure, *target)),
        (Phase::Play, Action::Rescue { figure, captor, captive }) => action_refusal(state, seat, *figure, true)
            .unwrap_or_else(|| capture::rescue_refusal(state, *figure, *captor, *captive)),
        (Phase::Play, Action::Release { figure, captive }) => move_refusal(state, seat, *figure)
            .or_else(|| action_refusal(state, seat, *figure, true))
            .unwrap_or_else(|| capture::release_refusal(state, *figure, *captive)),
        (Phase::Play, Action::EndTurn) => "the turn cannot end now".into(),
        (_, a) => format!("{a:?} does not answer the decision asked now ({:?})", pending(state)),
    }
}

/// Plays a legal action.
fn apply_now(
    state: &mut State,
    seat: Seat,
    action: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    match action {
        Action::ChooseMap { map } => {
            let Some(m) = state.map_choices.get(*map).cloned() else {
                return Err(Rejection::illegal("no such map"));
            };
            events.push(Event::MapChosen {
                name: m.name.clone(),
            });
            state.map = m;
            // The objects lie on the battlefield chosen.
            for o in &state.objects {
                if let Some(sq) = o.square {
                    std::sync::Arc::make_mut(&mut state.map)
                        .place_marker(sq, skirmish_board::square::Marker::Object);
                }
            }
            state.map_choices.clear();
            state.phase = Phase::ChooseZones { next: 0 };
        }
        Action::ChooseZone { zone } => {
            state.seats[seat.index()].zone = Some(*zone);
            events.push(Event::ZoneChosen { seat, zone: *zone });
            let Phase::ChooseZones { next } = state.phase else {
                return Err(Rejection::illegal("zones are not being chosen"));
            };
            if next + 1 >= state.order.len() {
                setup::grow_zones(state, events);
                setup::after_zones(state, events);
            } else {
                state.phase = Phase::ChooseZones { next: next + 1 };
            }
        }
        Action::CancelCondition { condition } => {
            let Phase::CancelCondition { next } = state.phase else {
                return Err(Rejection::illegal(
                    "no battlefield condition can be cancelled now",
                ));
            };
            let names = condition.and_then(|c| {
                state.conditions.get_mut(c).map(|x| {
                    x.cancelled = true;
                    (x.def.name.clone(), x.def.name_fr.clone())
                })
            });
            let (name, name_fr) = match names {
                Some((n, f)) => (Some(n), f),
                None => (None, None),
            };
            events.push(Event::ConditionCancelled {
                seat,
                name,
                name_fr,
            });
            state.phase = match setup::next_canceller(state, next + 1) {
                Some(next) => Phase::CancelCondition { next },
                None => setup::after_conditions(state),
            };
        }
        Action::PlaceObject { object, square } => {
            let Phase::PlaceObjects { next } = state.phase else {
                return Err(Rejection::illegal("objects are not being placed"));
            };
            let Some(o) = state.objects.get_mut(*object) else {
                return Err(Rejection::illegal("no such object"));
            };
            o.square = Some(*square);
            o.to_place = None;
            let name = o.name.clone();
            // A special object named after its card reads in French too.
            let name_fr = o
                .special
                .as_ref()
                .filter(|d| d.name == name)
                .and_then(|d| d.name_fr.clone());
            std::sync::Arc::make_mut(&mut state.map)
                .place_marker(*square, skirmish_board::square::Marker::Object);
            events.push(Event::ObjectPlaced {
                seat,
                name,
                name_fr,
                square: *square,
            });
            state.phase = match setup::next_object_seat(state, next + 1) {
                Some(next) => Phase::PlaceObjects { next },
                None => Phase::Deploy { next: 0 },
            };
        }
        Action::Place { figure, square }
            if matches!(state.asked(), Some(Interrupt::PlaceCaptive { .. })) =>
        {
            state.frames().pop();
            capture::place(state, *figure, *square, events);
            score::check_end(state, dice, events);
        }
        Action::Place { figure, square }
            if matches!(state.asked(), Some(Interrupt::PlacePassenger { .. })) =>
        {
            let carrier = match state.frames().pop() {
                Some(Interrupt::PlacePassenger { carrier, .. }) => Some(carrier),
                _ => None,
            };
            if let Some(p) = state.fig_mut(*figure) {
                p.square = Some(*square);
            }
            events.push(Event::Placed {
                figure: *figure,
                square: *square,
            });
            settle(state, carrier, dice, events);
        }
        Action::Place { figure, square } => {
            if let Some(f) = state.fig_mut(*figure) {
                f.square = Some(*square);
            }
            events.push(Event::Placed {
                figure: *figure,
                square: *square,
            });
            if setup::unplaced(state, seat).is_empty() {
                let Phase::Deploy { next } = state.phase else {
                    return Err(Rejection::illegal("figures are not being placed"));
                };
                if next + 1 >= state.order.len() {
                    state.phase = Phase::Play;
                    state.round = 1;
                    state.turn = 0;
                    events.push(Event::RoundStarted { round: 1 });
                    start_turn(state, events);
                } else {
                    state.phase = Phase::Deploy { next: next + 1 };
                }
            }
        }
        Action::WildCard { figure, team } => {
            if let Some(f) = state.fig_mut(*figure) {
                f.wild_card = team.clone();
            }
            events.push(Event::WildCardChosen {
                figure: *figure,
                team: team.clone(),
            });
        }
        Action::SetFeatAside { figure, feat } => {
            state.feats_aside.push((*figure, *feat));
            events.push(Event::FeatSetAside {
                figure: *figure,
                feat: state
                    .feats
                    .get(*feat)
                    .map_or_else(String::new, |x| x.def.name.clone()),
                name_fr: state.feats.get(*feat).and_then(|x| x.def.name_fr.clone()),
            });
        }
        Action::Pass { figure } => {
            if let Some(f) = state.fig_mut(*figure) {
                f.acted_this_turn = true;
                f.active = true;
            }
            events.push(Event::Passed { figure: *figure });
        }
        Action::Move { figure, to, carry } => {
            // A free team move must move at least one square (FAQ *Vengeurs*).
            let stays = state.fig(*figure).and_then(|f| f.square) == Some(*to);
            begin_action(state, *figure, stays || !free_move(state, *figure));
            let from = carry.and_then(|p| start_carry(state, *figure, p));
            let via = state
                .fig(*figure)
                .filter(|f| powers::phases_on_move(state, f))
                .map(|_| Power::PhasingTeleport);
            let (moved, _) = do_move(state, *figure, *to, via, dice, events);
            if let Some(from) = from {
                end_carry(state, moved, from);
            }
            if moved {
                super::objects::offer_pickup(state, *figure, events);
            }
            settle(state, Some(*figure), dice, events);
        }
        Action::MultiAttack { figure } => {
            begin_action(state, *figure, true);
            state.multi_attacking = Some(super::state::MultiAttacking {
                figure: *figure,
                first: None,
            });
            frames::ask(
                state,
                Interrupt::AbilityAttack {
                    figure: *figure,
                    ability: powers::Ability::MultiAttack,
                    second: false,
                },
            );
        }
        Action::Capture { figure, target } => {
            begin_action(state, *figure, true);
            let made = capture::attempt(state, *figure, *target, dice, events);
            // An attempt whose target escaped was never made: no token (FAQ *Skrulls*).
            power_actions::made_or_refund(state, *figure, made);
            settle(state, made.then_some(*figure), dice, events);
        }
        Action::Rescue {
            figure,
            captor,
            captive,
        } => {
            begin_action(state, *figure, true);
            let made = capture::rescue(state, *figure, *captor, *captive, dice, events);
            // An attempt whose target escaped was never made: no token (FAQ *Skrulls*).
            power_actions::made_or_refund(state, *figure, made);
            settle(state, made.then_some(*figure), dice, events);
        }
        Action::Release { figure, captive } => {
            // A move action that does not move the figure: counted even for a free team move
            // (FAQ *Vengeurs*).
            begin_action(state, *figure, true);
            capture::release(state, *figure, *captive, events);
            settle(state, Some(*figure), dice, events);
        }
        Action::DuoAttack { figure } => {
            begin_action(state, *figure, true);
            frames::ask(
                state,
                Interrupt::AbilityAttack {
                    figure: *figure,
                    ability: powers::Ability::DuoAttack,
                    second: false,
                },
            );
        }
        Action::MoveAndAttack { figure, to, carry } => {
            // FAQ *Vengeurs*: a free team move makes no attack, so Move and Attack counts.
            begin_action(state, *figure, true);
            state.moving_and_attacking = Some(*figure);
            let from = carry.and_then(|p| start_carry(state, *figure, p));
            let speed = state
                .fig(*figure)
                .map_or(0, |f| move_allowance(state, f, None));
            let (moved, cost) = do_move(state, *figure, *to, None, dice, events);
            if moved {
                state.frames().then(Interrupt::MoveOn {
                    figure: *figure,
                    speed: speed.saturating_sub(cost),
                });
                frames::ask(
                    state,
                    Interrupt::AbilityAttack {
                        figure: *figure,
                        ability: powers::Ability::MoveAndAttack,
                        second: false,
                    },
                );
            }
            if let Some(from) = from {
                // The friend is set down before the attack (FAQ 2002 *Personnage volant*).
                end_carry(state, moved, from);
            }
            if moved {
                super::objects::offer_pickup(state, *figure, events);
            }
            settle(state, Some(*figure), dice, events);
        }
        Action::CloseAttack { .. }
        | Action::RangedAttack { .. }
        | Action::AreaAttack { .. }
        | Action::PowerMove { .. }
        | Action::UsePower { .. }
        | Action::Outwit { .. }
        | Action::Telekinesis { .. }
        | Action::TelekinesisObject { .. }
        | Action::TelekinesisThrow { .. }
        | Action::SwitchOff { .. }
        | Action::SwitchOffTeam { .. }
        | Action::MindControl { .. }
        | Action::TeamAbility { .. }
        | Action::Perplex { .. } => {
            let actor = power_actions::apply(state, action, dice, events);
            // An attack whose every target escaped was never made: no token (FAQ *Skrulls*).
            let actor = actor.filter(|a| state.fig(*a).is_some_and(|f| f.acted_this_turn));
            settle(state, actor, dice, events);
        }
        Action::FreeAttack {
            targets,
            ranged,
            power,
        } => {
            let actor =
                power_actions::apply_free_attack(state, targets, *ranged, *power, dice, events);
            settle(state, actor, dice, events);
        }
        Action::PickUp { square } => {
            if let Some(Interrupt::PickUp { figure, .. }) = state.frames().pop() {
                super::objects::pick_up(state, figure, *square, events);
                settle(state, Some(figure), dice, events);
            }
        }
        Action::ThrowObject { figure, target } => {
            begin_action(state, *figure, true);
            let thrown = super::objects::use_held(state, *figure, events);
            let kind = combat::AttackKind {
                thrown,
                ..Default::default()
            };
            combat::attack(state, *figure, vec![*target], true, kind, dice, events);
            settle(state, Some(*figure), dice, events);
        }
        Action::Redirect { friend } => {
            let attacker = combat::resume_mastermind(state, Some(*friend), dice, events);
            settle(state, attacker, dice, events);
        }
        Action::PlaceMarker { square } => {
            let figure = match state.asked() {
                Some(Interrupt::PlaceMarkers { figure, .. }) => Some(*figure),
                _ => None,
            };
            power_actions::place_marker(state, *square, events);
            settle(state, figure, dice, events);
        }
        Action::MoveOn { to } => {
            if let Some(Interrupt::MoveOn { figure, .. }) = state.frames().pop() {
                let via =
                    (state.moving_and_attacking != Some(figure)).then_some(Power::HypersonicSpeed);
                let (moved, _) = do_move(state, figure, *to, via, dice, events);
                if moved {
                    super::objects::offer_pickup(state, figure, events);
                }
                settle(state, Some(figure), dice, events);
            }
        }
        Action::ClearToken { friend } => {
            state.frames().pop();
            if let Some(f) = state.fig_mut(*friend) {
                f.tokens = f.tokens.saturating_sub(1);
            }
            events.push(Event::TokenCleared { figure: *friend });
            settle(state, None, dice, events);
        }
        Action::Accept | Action::Decline => {
            let accept = matches!(action, Action::Accept);
            let actor = match state.asked().cloned() {
                Some(Interrupt::Reroll { .. }) => {
                    combat::resume_reroll(state, accept, dice, events)
                }
                Some(Interrupt::Mastermind { .. }) => {
                    combat::resume_mastermind(state, None, dice, events)
                }
                Some(Interrupt::ElectKnockback { .. }) => {
                    combat::resume_elect(state, accept, dice, events)
                }
                Some(Interrupt::Blades { .. }) => {
                    combat::resume_blades(state, accept, dice, events)
                }
                Some(Interrupt::LeadershipToken { .. }) => {
                    state.frames().pop();
                    None
                }
                Some(
                    Interrupt::PickUp { figure, .. }
                    | Interrupt::FreeAttack { figure, .. }
                    | Interrupt::AbilityAttack { figure, .. }
                    | Interrupt::MoveOn { figure, .. }
                    | Interrupt::PlaceMarkers { figure, .. },
                ) => {
                    state.frames().pop();
                    Some(figure)
                }
                _ => None,
            };
            settle(state, actor, dice, events);
        }
        Action::DestroyBlocking {
            attacker, square, ..
        } => {
            if multi_attack_answer(state) {
                power_actions::multi_attack_step(state, *attacker, AttackTarget::Square(*square));
                combat::destroy_blocking(state, *attacker, *square, events);
                settle(state, Some(*attacker), dice, events);
            } else {
                begin_action(state, *attacker, true);
                combat::destroy_blocking(state, *attacker, *square, events);
                finish_action(state, *attacker, dice, events);
            }
        }
        Action::DestroyWall {
            attacker,
            square,
            dir,
            ..
        } => {
            if multi_attack_answer(state) {
                let target = AttackTarget::Wall(*square, *dir);
                power_actions::multi_attack_step(state, *attacker, target);
                combat::destroy_wall(state, *attacker, *square, *dir, events);
                settle(state, Some(*attacker), dice, events);
            } else {
                begin_action(state, *attacker, true);
                combat::destroy_wall(state, *attacker, *square, *dir, events);
                finish_action(state, *attacker, dice, events);
            }
        }
        Action::SplitDamage { amounts } => {
            let attacker = combat::resume_split(state, amounts, dice, events);
            settle(state, attacker, dice, events);
        }
        Action::KnockbackVia { square } => {
            let attacker = combat::resume_knockback(state, *square, dice, events);
            settle(state, attacker, dice, events);
        }
        Action::EndTurn => end_turn(state, events, dice),
    }
    Ok(())
}

/// Plays an action: the answer to the question asked now, if any ([`frames`]), any other
/// action as usual.
pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    if let Some(answered) = frames::answer::<Interrupt>(state, seat, action, dice, events) {
        return answered;
    }
    apply_rolling(state, seat, action, dice, events)
}

/// Resolves the answer to the question asked now (the frame on top of the stack): the
/// mind-controlled figure's free action when one is asked for, the answer to a held-back
/// action's reroll or Mastermind choice, else the answer as an action of its own, which takes
/// the frame it answers off the stack.
pub fn resolve_answer(
    state: &mut State,
    seat: Seat,
    action: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    if let Some(Interrupt::Controlled { controller, figure }) = state.asked().cloned() {
        state.frames().pop();
        if matches!(action, Action::Decline) {
            if !power_actions::next_controlled(state, dice, events) {
                settle(state, Some(controller), dice, events);
            }
            state.rolls = Default::default();
            return Ok(());
        }
        power_actions::lend(state, figure, controller);
        return apply_rolling(state, seat, action, dice, events);
    }
    if let Some(Interrupt::RollReroll { .. }) = state.asked() {
        return resume_roll(state, matches!(action, Action::Accept), dice, events);
    }
    if let Some(Interrupt::MastermindHeld { .. }) = state.asked() {
        let to = match action {
            Action::Redirect { friend } => Some(*friend),
            _ => None,
        };
        return resume_redirect(state, to, dice, events);
    }
    apply_rolling(state, seat, action, dice, events)
}

/// Plays an action; if it made a roll that a Probability Control figure may have rerolled
/// ([`rolls`]), the action is held back — state as before it, events up to that roll — and the
/// choice is asked first.
fn apply_rolling(
    state: &mut State,
    seat: Seat,
    action: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    // Copying the state to hold the action back only pays when someone could reroll.
    if !rolls::armed(state) {
        let played = apply_now(state, seat, action, dice, events);
        state.rolls = Default::default();
        return played;
    }
    state.rolls.armed = true;
    let before = state.clone();
    let from = events.len();
    let played = apply_now(state, seat, action, dice, events);
    if played.is_err() || !state.rolls.holding() {
        state.rolls = Default::default();
        return played;
    }
    let tape = std::mem::take(&mut state.rolls);
    let mut offered = tape.offered;
    let redirects = tape.redirects;
    let action = Box::new(action.clone());
    let (held, shown_end) = if let Some(mut offer) = tape.offer {
        let drawn: Vec<u8> = tape.drawn.iter().take(offer.drawn).copied().collect();
        let seat_offered = state.fig(offer.figure).map_or(seat, |f| f.owner);
        offered.push((offer.ordinal, seat_offered));
        let end = offer.events_shown;
        offer.events_before = offer.events_before.saturating_sub(from);
        offer.events_shown = offer.events_shown.saturating_sub(from);
        let held = Interrupt::RollReroll {
            action,
            seat,
            offer,
            drawn,
            offered,
            redirects,
            waiting: None,
        };
        (held, end)
    } else if let Some(mut offer) = tape.redirect {
        let drawn: Vec<u8> = tape.drawn.iter().take(offer.drawn).copied().collect();
        let end = offer.events_shown;
        offer.events_shown = offer.events_shown.saturating_sub(from);
        let held = Interrupt::MastermindHeld {
            action,
            seat,
            offer,
            drawn,
            redirects,
            offered,
            waiting: None,
        };
        (held, end)
    } else {
        return played;
    };
    let shown: Vec<Event> = events
        .get(from..shown_end.max(from))
        .map(<[Event]>::to_vec)
        .unwrap_or_default();
    *state = before;
    events.truncate(from);
    events.extend(shown);
    // The step the action answered, if any, is part of the action held back: it is asked
    // again when the action is played again.
    let before_step = state.frames().pop().map(Box::new);
    state.rolls = Default::default();
    let held = match held {
        Interrupt::RollReroll {
            action,
            seat,
            offer,
            drawn,
            offered,
            redirects,
            ..
        } => Interrupt::RollReroll {
            action,
            seat,
            offer,
            drawn,
            offered,
            redirects,
            waiting: before_step,
        },
        Interrupt::MastermindHeld {
            action,
            seat,
            offer,
            drawn,
            redirects,
            offered,
            ..
        } => Interrupt::MastermindHeld {
            action,
            seat,
            offer,
            drawn,
            redirects,
            offered,
            waiting: before_step,
        },
        other => other,
    };
    frames::ask(state, held);
    Ok(())
}

/// The Probability Control answer on a roll: the held-back action is played again, its dice
/// up to that roll as they fell, the roll kept (decline) or rolled anew (accept).
fn resume_roll(
    state: &mut State,
    reroll: bool,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    let Some(Interrupt::RollReroll {
        action,
        seat,
        offer,
        drawn,
        offered,
        redirects,
        waiting,
    }) = state.frames().pop()
    else {
        return Ok(());
    };
    // The action answered a pending step (moving on after a Hypersonic Speed attack...): that
    // step is pending again for it.
    if let Some(step) = waiting {
        frames::ask(state, *step);
    }
    let keep = if reroll {
        combat::spend_reroll(state, offer.figure, offer.subject, events);
        offer.drawn.saturating_sub(offer.dice.len())
    } else {
        offer.drawn
    };
    state.rolls = rolls::Tape {
        forced: drawn.into_iter().take(keep).collect(),
        offered,
        forced_redirects: redirects,
        ..Default::default()
    };
    // What the offer showed is not shown twice: the replay's events up to the roll (up to what
    // the roll decided, when it stands) are dropped.
    let from = events.len();
    let result = apply_rolling(state, seat, &action, dice, events);
    let skip = if reroll {
        offer.events_before
    } else {
        offer.events_shown
    };
    let end = (from + skip).min(events.len());
    events.drain(from..end);
    result
}

/// True while a multiple attack waits for one of its attacks (which may be made against
/// blocking terrain or a wall).
fn multi_attack_answer(state: &State) -> bool {
    matches!(
        state.asked(),
        Some(Interrupt::AbilityAttack {
            ability: powers::Ability::MultiAttack,
            ..
        })
    )
}

/// A Mastermind's answer on damage outside an attack: the held-back action is played again,
/// its dice as they fell, the damage handed to `to` or taken.
fn resume_redirect(
    state: &mut State,
    to: Option<FigureId>,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    let Some(Interrupt::MastermindHeld {
        action,
        seat,
        offer,
        drawn,
        mut redirects,
        offered,
        waiting,
    }) = state.frames().pop()
    else {
        return Ok(());
    };
    if let Some(step) = waiting {
        frames::ask(state, *step);
    }
    redirects.push(to);
    state.rolls = rolls::Tape {
        forced: drawn,
        offered,
        forced_redirects: redirects,
        ..Default::default()
    };
    let from = events.len();
    let result = apply_rolling(state, seat, &action, dice, events);
    let end = (from + offer.events_shown).min(events.len());
    events.drain(from..end);
    result
}

/// A step of an action has ended: go on to the next step the action holds, or end the action
/// (`actor`'s token) — or, after a free action, just check for the end of the game.
fn settle(state: &mut State, actor: Option<FigureId>, dice: &mut Dice, events: &mut Vec<Event>) {
    if state.asked().is_some() || state.outcome.is_some() {
        return;
    }
    // The next step the action holds, if it can still be taken.
    if frames::resume::<Interrupt>(state) {
        return;
    }
    state.charging = None;
    state.moving_and_attacking = None;
    state.multi_attacking = None;
    state.ignoring.clear();
    power_actions::drop_orphans(state, events);
    // A mind-controlled figure's action is over: it goes home, and the next figure hit acts
    // or the Mind Control ends (spec SPD-6).
    if let Some(controller) = state
        .mind_control
        .as_ref()
        .filter(|m| m.acting.is_some())
        .map(|m| m.controller)
    {
        // The 2002 Mind Control (option): the controlled figure takes the token its action
        // gives, and is pushed as any figure (FAQ 2002 *Contrôle Psychique*, example 1).
        if state.options.powers.mind_control_tokens {
            if let Some(f) = state.mind_control.as_ref().and_then(|m| m.acting) {
                take_token(state, f, events);
            }
        }
        power_actions::release(state);
        if !power_actions::next_controlled(state, dice, events) {
            finish_action(state, controller, dice, events);
        }
        return;
    }
    match actor {
        Some(a) => finish_action(state, a, dice, events),
        None => score::check_end(state, dice, events),
    }
}

/// A non-free action given to a figure; `counts` in the action total (Avengers moves do not).
pub fn begin_action(state: &mut State, figure: FigureId, counts: bool) {
    // A feat set aside is set aside for this figure's action only.
    state.feats_aside.retain(|(f, _)| *f == figure);
    // A mind-controlled figure's action is free (spec SPD-6).
    let lent = state
        .mind_control
        .as_ref()
        .is_some_and(|m| m.acting == Some(figure));
    if counts && !lent {
        state.actions_used = state.actions_used.saturating_add(1);
    }
    if let Some(f) = state.fig_mut(figure) {
        f.acted_this_turn = true;
        f.active = true;
    }
}

/// Moves a figure (a move action, or a power's move `via`): the breakaway roll when it leaves
/// a square next to opposing figures, then the move. Returns whether it moved and the path's
/// cost.
pub fn do_move(
    state: &mut State,
    id: FigureId,
    to: Square,
    via: Option<Power>,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> (bool, u32) {
    let Some(from) = state.fig(id).and_then(|f| f.square) else {
        return (false, 0);
    };
    // FAQ *Évasion*: only a figure that actually leaves its square breaks away.
    if to != from && !breaks_away(state, id, via, dice, events) {
        return (false, 0);
    }
    let Some(f) = state.fig(id) else {
        return (false, 0);
    };
    let speed = move_speed(state, f, via);
    let found = path_at_speed(state, f, via, speed, to);
    let (path, cost) = found.map_or_else(|| (vec![from, to], 0), |p| (p.nodes, p.cost));
    if let Some(f) = state.fig_mut(id) {
        f.square = Some(to);
        f.active = true;
    }
    events.push(Event::Moved { figure: id, path });
    (true, cost)
}

/// The breakaway of a figure about to leave its square (rulebook *Évasion*): none needed away
/// from opposing figures; automatic with Leap/Climb, Phasing/Teleport or Hypersonic Speed;
/// otherwise a d6 — 4 or more succeeds, a 1 always fails, a 6 always succeeds, Plasticity
/// modifies it (spec SPD-7). Returns whether the figure may go.
fn breaks_away(
    state: &mut State,
    id: FigureId,
    via: Option<Power>,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> bool {
    let Some(f) = state.fig(id).cloned() else {
        return false;
    };
    let f = &f;
    if breakaway_enemies(state, f).is_empty() {
        return true;
    }
    let rule = powers::breakaway(state, f, via);
    if let Some(p) = rule.automatic {
        events.push(Event::Breakaway {
            figure: f.id,
            roll: 0,
            success: true,
            automatic: Some(p),
            modifier: 0,
        });
        return true;
    }
    let roll = rolls::d6(state, dice);
    let modifier: i32 = rule.modifier.iter().map(|m| m.0).sum();
    let success = movement::breakaway_succeeds(roll, modifier);
    let at = events.len();
    events.push(Event::Breakaway {
        figure: f.id,
        roll,
        success,
        automatic: None,
        modifier: modifier as i8,
    });
    // The acting side wants the figure to go, its own or one its Telekinesis moves.
    let side = state.active_seat();
    rolls::rolled(
        state,
        rolls::Rolled::binary(RollKind::Breakaway, f.id, side, vec![roll], success, at),
        events.len(),
    );
    success
}

/// Moves a figure to `to` for another figure's power (Telekinesis): it breaks away first when
/// next to figures opposing it (a failure leaves it where it is), then goes there; it takes no
/// damage on arrival (FAQ *Télékinésie*).
pub fn move_figure_to(
    state: &mut State,
    id: FigureId,
    to: Square,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> (bool, u32) {
    let Some(from) = state.fig(id).and_then(|f| f.square) else {
        return (false, 0);
    };
    if !breaks_away(state, id, Some(Power::Telekinesis), dice, events) {
        return (false, 0);
    }
    if let Some(f) = state.fig_mut(id) {
        f.square = Some(to);
    }
    events.push(Event::Moved {
        figure: id,
        path: vec![from, to],
    });
    (true, from.distance(to))
}

/// Ends an action: the token, pushing damage, and the end-of-game check (rulebook *Marqueur
/// action*, *Dépassement*; FAQ *Application des dégâts*).
pub fn finish_action(state: &mut State, id: FigureId, dice: &mut Dice, events: &mut Vec<Event>) {
    state.feats_aside.retain(|(f, _)| *f != id);
    take_token(state, id, events);
    power_actions::drop_orphans(state, events);
    score::check_end(state, dice, events);
}

/// The action token a figure takes at the end of its action, and the damage of pushing it
/// (rulebook *Marqueur action*, *Dépassement*).
fn take_token(state: &mut State, id: FigureId, events: &mut Vec<Event>) {
    let mut pushed = false;
    let mut beyond = false;
    let ignores = state
        .fig(id)
        .is_some_and(|f| powers::ignores_pushing(state, f));
    if let Some(f) = state.fig_mut(id) {
        if f.in_play() {
            let taken = skirmish_clix::tokens::take_token(f.tokens);
            beyond = taken.beyond;
            f.tokens = taken.tokens;
            f.token_this_turn = true;
            pushed = taken.second;
            events.push(Event::Token {
                figure: id,
                tokens: f.tokens,
            });
        }
    }
    if pushed && !ignores {
        combat::deal(state, id, 1, DamageKind::Pushing, None, events);
        combat::knock_out_if_done(state, &[id], events);
    }
    if beyond {
        // Masters of Evil (spec TA-7): an action beyond two tokens costs 1 unavoidable damage.
        combat::deal(state, id, 1, DamageKind::Unavoidable, None, events);
        combat::knock_out_if_done(state, &[id], events);
    }
}

fn start_turn(state: &mut State, events: &mut Vec<Event>) {
    state.actions_used = 0;
    events.push(Event::TurnStarted {
        seat: state.active_seat(),
        actions: state.action_total,
    });
    power_actions::turn_started(state, events);
}

/// Ends the active seat's turn: clears tokens of its figures that got none this turn, then the
/// next seat with figures on the map plays; after the last seat, a new round.
fn end_turn(state: &mut State, events: &mut Vec<Event>, dice: &mut Dice) {
    let seat = state.active_seat();
    let mut cleared = Vec::new();
    for f in state.figures.iter_mut().filter(|f| f.owner == seat) {
        if skirmish_clix::tokens::cleared_at_end_of_turn(f.tokens, f.token_this_turn, f.ko) {
            f.tokens = 0;
            cleared.push(f.id);
        }
        f.token_this_turn = false;
        f.acted_this_turn = false;
    }
    if !cleared.is_empty() {
        events.push(Event::TokensCleared { figures: cleared });
    }
    state.feats_aside.clear();
    power_actions::turn_ended(state, events);
    events.push(Event::TurnEnded { seat });
    let n = state.order.len();
    for _ in 0..n {
        state.turn += 1;
        if state.turn >= n {
            state.turn = 0;
            if let Some(limit) = state.options.round_limit {
                if state.round >= limit {
                    score::end_by_points(state, super::event::EndReason::RoundLimit, dice, events);
                    return;
                }
            }
            state.round += 1;
            events.push(Event::RoundStarted { round: state.round });
            super::tactics::turn_event(state, crate::tactics::EventTurn::RoundStart, events);
        }
        let next = state.active_seat();
        if state.in_play().any(|f| f.owner == next) {
            break;
        }
    }
    super::tactics::turn_event(state, crate::tactics::EventTurn::TurnStart, events);
    start_turn(state, events);
}

/// Revealed battlefield conditions not cancelled yet.
pub fn cancellable(state: &State) -> Vec<usize> {
    state
        .conditions
        .iter()
        .enumerate()
        .filter(|(_, c)| c.revealed && !c.cancelled)
        .map(|(i, _)| i)
        .collect()
}
