//! Rounds, turns and actions: who is asked what, which actions are legal, and playing them.
//!
//! Rulebook *Rounds, tours et actions*, *Immunité au premier round*, *Total d'action*, *Marqueur
//! action*, *Dépassement*, *Donner des actions aux personnages*, *Actions libres*, *Actions de
//! déplacement*, *Évasion*; golden rule 4 (*Règle des marqueurs action*); FAQ *Action de passer*,
//! *Évasion*.

use skirmish_board::square::Square;
use skirmish_board::FigureId;
use skirmish_engine::{Dice, Pending, Rejection, Seat};

use super::action::{Action, Decision};
use super::combat;
use super::event::{DamageKind, Event};
use super::score;
use super::setup;
use super::state::{Fig, Interrupt, Phase, State};
use crate::figure::Stat;
use crate::movement::{self, MoveQuery, Side, Standing};
use skirmish_path::Path;

/// What the game waits for.
pub fn pending(state: &State) -> Pending<Decision> {
    if let Some(o) = &state.outcome {
        return Pending::Over(o.clone());
    }
    let n = state.order.len().max(1);
    if let Some(i) = &state.interrupt {
        return match i {
            Interrupt::SplitDamage { attack } => {
                let seat = state.fig(attack.attacker).map_or(Seat(0), |f| f.owner);
                Pending::Decide {
                    seats: vec![seat],
                    decision: Decision::SplitDamage {
                        attacker: attack.attacker,
                        targets: attack.hits.clone(),
                        damage: attack.damage,
                    },
                }
            }
            Interrupt::KnockbackLine {
                attack,
                figure,
                options,
                ..
            } => {
                let seat = state.fig(attack.attacker).map_or(Seat(0), |f| f.owner);
                Pending::Decide {
                    seats: vec![seat],
                    decision: Decision::KnockbackLine {
                        figure: *figure,
                        options: *options,
                    },
                }
            }
        };
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
                actions_left: state.action_total.saturating_sub(state.actions_used),
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

/// The figures a mover must mind and the speed it moves at: what every move search starts
/// from. Breakaway is assumed to succeed against every adjacent opposing figure.
fn move_inputs(state: &State, f: &Fig) -> (Vec<Standing>, Vec<FigureId>, u32) {
    let speed = combat::stat(state, f, Stat::Speed).value.max(0) as u32;
    (standings(state, f), adjacent_enemies(state, f), speed)
}

/// Where a figure given a move action can end, with the cost and the path of each move,
/// assuming any breakaway succeeds. Multi-base figures move their whole base.
pub fn move_paths(state: &State, f: &Fig) -> Vec<(Square, Path<Square>)> {
    let Some(from) = f.square else {
        return Vec::new();
    };
    let (others, escaped, speed) = move_inputs(state, f);
    let q = MoveQuery {
        from,
        speed,
        others: &others,
        broke_away_from: &escaped,
    };
    if f.is_multi_base() {
        return movement::reach_multi(&state.map, &q, f.def.base.width, f.def.base.depth)
            .unwrap_or_default();
    }
    movement::reach(&state.map, &q)
        .map(|r| {
            r.destinations()
                .into_iter()
                .filter_map(|(s, _)| r.path_to(s).ok().map(|p| (s, p)))
                .collect()
        })
        .unwrap_or_default()
}

/// Where a figure given a move action can end, assuming any breakaway succeeds (the paths are
/// not built: this runs for every figure on every decision).
pub fn move_destinations(state: &State, f: &Fig) -> Vec<Square> {
    let Some(from) = f.square else {
        return Vec::new();
    };
    if f.is_multi_base() {
        return move_paths(state, f).into_iter().map(|(s, _)| s).collect();
    }
    let (others, escaped, speed) = move_inputs(state, f);
    let q = MoveQuery {
        from,
        speed,
        others: &others,
        broke_away_from: &escaped,
    };
    movement::reach(&state.map, &q)
        .map(|r| r.destinations().into_iter().map(|(s, _)| s).collect())
        .unwrap_or_default()
}

/// Why a figure of `seat` cannot be given an action now, if it cannot.
fn action_refusal(state: &State, seat: Seat, id: FigureId, counts: bool) -> Option<String> {
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
    if counts && f.tokens >= 2 {
        return Some(format!(
            "{} has two action tokens: no action may give it a third (golden rule of action tokens)",
            f.label
        ));
    }
    if counts && state.actions_used >= state.action_total {
        return Some(format!(
            "all {} action(s) of this turn have been given (action total)",
            state.action_total
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
    if let Some(i) = &state.interrupt {
        match i {
            Interrupt::SplitDamage { attack } => {
                for amounts in splits(attack.damage, attack.hits.len()) {
                    out.push(Action::SplitDamage { amounts });
                }
            }
            Interrupt::KnockbackLine { options, .. } => {
                for square in options {
                    out.push(Action::KnockbackVia { square: *square });
                }
            }
        }
        return out;
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
            for f in state.figures.iter().filter(|f| f.owner == seat) {
                if action_refusal(state, seat, f.id, false).is_some() {
                    continue;
                }
                out.push(Action::Pass { figure: f.id });
                if action_refusal(state, seat, f.id, true).is_some() {
                    continue;
                }
                for to in move_destinations(state, f) {
                    out.push(Action::Move { figure: f.id, to });
                }
                for target in combat::close_targets(state, f) {
                    out.push(Action::CloseAttack {
                        attacker: f.id,
                        target,
                    });
                }
                for targets in combat::ranged_target_sets(state, f, &occ) {
                    out.push(Action::RangedAttack {
                        attacker: f.id,
                        targets,
                    });
                }
                for (square, ranged) in combat::blocking_targets(state, f, &occ) {
                    out.push(Action::DestroyBlocking {
                        attacker: f.id,
                        square,
                        ranged,
                    });
                }
                for (square, dir, ranged) in combat::wall_targets(state, f, &occ) {
                    out.push(Action::DestroyWall {
                        attacker: f.id,
                        square,
                        dir,
                        ranged,
                    });
                }
            }
            out.push(Action::EndTurn);
        }
        Phase::Over => {}
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
    if state.outcome.is_some() {
        return "the game is over".into();
    }
    if !pending_seats(state).contains(&seat) {
        return format!("it is not {seat}'s decision now");
    }
    match (&state.interrupt, action) {
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
        (Some(i), _) => {
            let what = match i {
                Interrupt::SplitDamage { .. } => {
                    "split the attack's damage between the targets hit"
                }
                Interrupt::KnockbackLine { .. } => "choose the knockback line",
            };
            return format!("an attack is waiting for a choice first: {what}");
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
        (Phase::Deploy { .. }, Action::Place { figure, square }) => {
            if !setup::unplaced(state, seat).contains(figure) {
                return format!("figure #{} is not one of your figures still to place", figure.0);
            }
            format!("{square} is not a free square of your deployment zone")
        }
        (Phase::Play, Action::Pass { figure }) => action_refusal(state, seat, *figure, false)
            .unwrap_or_else(|| "the pass action cannot be given now".into()),
        (Phase::Play, Action::Move { figure, to }) => {
            if let Some(r) = action_refusal(state, seat, *figure, true) {
                return r;
            }
            let Some(f) = state.fig(*figure) else { return "no such figure".into() };
            let Some(from) = f.square else { return "the figure is not on the map".into() };
            let (others, escaped, speed) = move_inputs(state, f);
            let q = MoveQuery { from, speed, others: &others, broke_away_from: &escaped };
            let why = if f.is_multi_base() {
                let graph = movement::MultiBaseGraph::new(&state.map, &q, f.def.base.width, f.def.base.depth);
                graph.stand_refusal(*to).map_or_else(
                    || "its whole base cannot get there within its speed".to_string(),
                    |e| format!("its base cannot stand there: {}", e.text(skirmish_lang::Lang::En)),
                )
            } else {
                match movement::reach(&state.map, &q).and_then(|r| r.path_to(*to).map(|_| ())) {
                    Err(e) => e.text(skirmish_lang::Lang::En),
                    Ok(()) => "the move is not allowed".into(),
                }
            };
            format!("{} cannot move to {to}: {why}", f.label)
        }
        (Phase::Play, Action::CloseAttack { attacker, target }) => action_refusal(state, seat, *attacker, true)
            .unwrap_or_else(|| combat::close_refusal(state, *attacker, *target)),
        (Phase::Play, Action::RangedAttack { attacker, targets }) => action_refusal(state, seat, *attacker, true)
            .unwrap_or_else(|| combat::ranged_refusal(state, *attacker, targets)),
        (Phase::Play, Action::DestroyBlocking { attacker, square, .. }) => action_refusal(state, seat, *attacker, true)
            .unwrap_or_else(|| format!("{square} is not blocking terrain the figure can attack: close combat needs it adjacent, ranged combat needs it in range with a line of fire to its centre")),
        (Phase::Play, Action::DestroyWall { attacker, square, dir, .. }) => action_refusal(state, seat, *attacker, true)
            .unwrap_or_else(|| format!("there is no wall the figure can attack along the {dir:?} edge of {square}: close combat reaches the walls of its own square; ranged combat needs both squares beside the wall in range and a line of fire to the far one that crosses the near one")),
        (Phase::Play, Action::EndTurn) => "the turn cannot end now".into(),
        (_, a) => format!("{a:?} does not answer the decision asked now ({:?})", pending(state)),
    }
}

/// Plays a legal action.
pub fn apply(
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
                state.phase = Phase::Deploy { next: 0 };
            } else {
                state.phase = Phase::ChooseZones { next: next + 1 };
            }
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
        Action::Pass { figure } => {
            if let Some(f) = state.fig_mut(*figure) {
                f.acted_this_turn = true;
                f.active = true;
            }
            events.push(Event::Passed { figure: *figure });
        }
        Action::Move { figure, to } => {
            begin_action(state, *figure);
            do_move(state, *figure, *to, dice, events);
            finish_action(state, *figure, dice, events);
        }
        Action::CloseAttack { attacker, target } => {
            begin_action(state, *attacker);
            combat::attack(state, *attacker, vec![*target], false, dice, events);
            if state.interrupt.is_none() {
                finish_action(state, *attacker, dice, events);
            }
        }
        Action::RangedAttack { attacker, targets } => {
            begin_action(state, *attacker);
            combat::attack(state, *attacker, targets.clone(), true, dice, events);
            if state.interrupt.is_none() {
                finish_action(state, *attacker, dice, events);
            }
        }
        Action::DestroyBlocking {
            attacker, square, ..
        } => {
            begin_action(state, *attacker);
            combat::destroy_blocking(state, *attacker, *square, events);
            finish_action(state, *attacker, dice, events);
        }
        Action::DestroyWall {
            attacker,
            square,
            dir,
            ..
        } => {
            begin_action(state, *attacker);
            combat::destroy_wall(state, *attacker, *square, *dir, events);
            finish_action(state, *attacker, dice, events);
        }
        Action::SplitDamage { amounts } => {
            let attacker = combat::resume_split(state, amounts, dice, events);
            if state.interrupt.is_none() {
                if let Some(a) = attacker {
                    finish_action(state, a, dice, events);
                }
            }
        }
        Action::KnockbackVia { square } => {
            let attacker = combat::resume_knockback(state, *square, dice, events);
            if state.interrupt.is_none() {
                if let Some(a) = attacker {
                    finish_action(state, a, dice, events);
                }
            }
        }
        Action::EndTurn => end_turn(state, events, dice),
    }
    Ok(())
}

/// An action given from the action total.
fn begin_action(state: &mut State, figure: FigureId) {
    state.actions_used = state.actions_used.saturating_add(1);
    if let Some(f) = state.fig_mut(figure) {
        f.acted_this_turn = true;
        f.active = true;
    }
}

fn do_move(state: &mut State, id: FigureId, to: Square, dice: &mut Dice, events: &mut Vec<Event>) {
    let Some(f) = state.fig(id) else { return };
    let Some(from) = f.square else { return };
    let escaped = adjacent_enemies(state, f);
    // FAQ *Évasion*: only a figure that actually leaves its square breaks away.
    if !escaped.is_empty() && to != from {
        let roll = dice.d6();
        // Rulebook *Évasion*: 1–3 fails, 4–6 succeeds; a 1 always fails, a 6 always succeeds.
        let success = roll != 1 && (roll == 6 || roll >= 4);
        events.push(Event::Breakaway {
            figure: id,
            roll,
            success,
        });
        if !success {
            return;
        }
    }
    let path = move_paths(state, f)
        .into_iter()
        .find(|(s, _)| *s == to)
        .map_or_else(|| vec![from, to], |(_, p)| p.nodes);
    if let Some(f) = state.fig_mut(id) {
        f.square = Some(to);
    }
    events.push(Event::Moved { figure: id, path });
}

/// Ends an action: the token, pushing damage, and the end-of-game check (rulebook *Marqueur
/// action*, *Dépassement*; FAQ *Application des dégâts*).
pub fn finish_action(state: &mut State, id: FigureId, dice: &mut Dice, events: &mut Vec<Event>) {
    let mut pushed = false;
    if let Some(f) = state.fig_mut(id) {
        if f.in_play() {
            f.tokens = (f.tokens + 1).min(2);
            f.token_this_turn = true;
            pushed = f.tokens == 2;
            events.push(Event::Token {
                figure: id,
                tokens: f.tokens,
            });
        }
    }
    if pushed {
        combat::deal(state, id, 1, DamageKind::Pushing, None, events);
        combat::knock_out_if_done(state, &[id], events);
    }
    score::check_end(state, dice, events);
}

fn start_turn(state: &mut State, events: &mut Vec<Event>) {
    state.actions_used = 0;
    events.push(Event::TurnStarted {
        seat: state.active_seat(),
        actions: state.action_total,
    });
}

/// Ends the active seat's turn: clears tokens of its figures that got none this turn, then the
/// next seat with figures on the map plays; after the last seat, a new round.
fn end_turn(state: &mut State, events: &mut Vec<Event>, dice: &mut Dice) {
    let seat = state.active_seat();
    let mut cleared = Vec::new();
    for f in state.figures.iter_mut().filter(|f| f.owner == seat) {
        if !f.token_this_turn && f.tokens > 0 && !f.ko {
            f.tokens = 0;
            cleared.push(f.id);
        }
        f.token_this_turn = false;
        f.acted_this_turn = false;
    }
    if !cleared.is_empty() {
        events.push(Event::TokensCleared { figures: cleared });
    }
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
        }
        let next = state.active_seat();
        if state.in_play().any(|f| f.owner == next) {
            break;
        }
    }
    start_turn(state, events);
}
