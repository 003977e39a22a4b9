//! The course of a game: set-up and placement (*Rassemblez et placez votre armée*), rounds
//! (*La bataille commence*: markers, initiative, three turns each), turns (reveal, move,
//! attack), and the end (*Finir la bataille*, *Comptez les points*).

use std::collections::BTreeSet;
use std::sync::Arc;

use skirmish_board::hex::Hex;
use skirmish_dice::Dice;
use skirmish_engine::{Outcome, Pending, Rejection, Seat, SetupError};

use crate::battlefield::Level;

use super::frames::{self, HsFrame};
use super::powers::moves;
use super::powers::special;
use super::powers::{bonding, triggered};
use super::state::{
    D20Roll, Figure, GlyphState, Marker, Markers, Phase, Player, Scenario, Stage, State, Turn, Unit,
};
use super::{combat, geometry, glyphs, powers, Action, Decision, Event, RollFor};

/// Why a game ended, as the outcome's reason says it (in English; pages translate it back).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// One side has figures left.
    LastArmyStanding,
    /// Nobody has figures left.
    NoArmyLeft,
    /// The round limit: the most points on the battlefield win.
    RoundLimit,
}

impl EndReason {
    /// Every reason.
    pub const ALL: [EndReason; 3] = [
        EndReason::LastArmyStanding,
        EndReason::NoArmyLeft,
        EndReason::RoundLimit,
    ];

    /// The reason in a language.
    pub fn text(self, lang: skirmish_lang::Lang) -> &'static str {
        match self {
            EndReason::LastArmyStanding => lang.pick(
                "every enemy army is destroyed",
                "toutes les armées ennemies sont détruites",
            ),
            EndReason::NoArmyLeft => lang.pick("no army is left", "il ne reste aucune armée"),
            EndReason::RoundLimit => lang.pick(
                "round limit: most points of cards still on the battlefield",
                "limite de temps de jeu : le plus de points de cartes encore sur le champ de bataille",
            ),
        }
    }
}

/// Most d20 throws a roll-off makes before the lowest seat among those still tied wins (a
/// scripted die that keeps showing the same face would tie for ever).
const MAX_THROWS: usize = 50;

/// Builds the starting state: armies as units, figures, glyphs, and the placement roll-off.
pub fn setup(scenario: &Scenario, dice: &mut Dice) -> Result<State, SetupError> {
    let n = scenario.players.len();
    if !(2..=4).contains(&n) {
        return Err(SetupError::new(format!(
            "players: HeroScape is played by 2 to 4 players, not {n}"
        )));
    }
    if scenario.rounds == 0 {
        return Err(SetupError::new(
            "rounds: the round limit must be at least 1",
        ));
    }
    super::drafting::check(scenario)?;
    let mut teams: Vec<u8> = Vec::new();
    for p in &scenario.players {
        if !teams.contains(&p.team) {
            teams.push(p.team);
        }
    }
    if teams.len() < 2 {
        return Err(SetupError::new(
            "players: every player is on the same team; a battle needs two sides",
        ));
    }
    let zones = scenario.battlefield.start_zone_count();
    if usize::from(zones) < teams.len() {
        return Err(SetupError::new(format!(
            "battlefield '{}': {} start zone(s) for {} sides",
            scenario.battlefield.name,
            zones,
            teams.len()
        )));
    }
    let mut players = Vec::new();
    let mut units: Vec<Unit> = Vec::new();
    let mut figures = Vec::new();
    for (i, p) in scenario.players.iter().enumerate() {
        let seat = Seat(i as u8);
        if p.army.is_empty() && scenario.draft.is_none() {
            return Err(SetupError::new(format!(
                "players[{i}] ({}): the army has no card",
                p.name
            )));
        }
        let zone = teams.iter().position(|t| *t == p.team).unwrap_or(0) as u8 + 1;
        players.push(Player {
            name: p.name.clone(),
            team: p.team,
            zone,
            markers: Markers::default(),
            initiative: None,
        });
        let first_unit = units.len();
        for card in &p.army {
            if card.figures == 0 || card.life == 0 {
                return Err(SetupError::new(format!(
                    "players[{i}] card '{}': a card needs at least one figure and one life",
                    card.id
                )));
            }
            match units[first_unit..]
                .iter_mut()
                .find(|u| u.card.id == card.id)
            {
                Some(_) if card.rarity == crate::card::Rarity::Unique => {
                    return Err(SetupError::new(format!(
                        "players[{i}] ({}): the unique card '{}' is in the army twice",
                        p.name, card.name
                    )));
                }
                Some(u) => u.copies += 1,
                None => units.push(Unit {
                    id: units.len() as u16,
                    owner: seat,
                    card: Arc::new(card.clone()),
                    copies: 1,
                }),
            }
        }
    }
    for u in &units {
        for _ in 0..usize::from(u.card.figures) * usize::from(u.copies) {
            figures.push(Figure {
                id: figures.len() as u32 + 1,
                unit: u.id,
                owner: u.owner,
                hex: None,
                tail: None,
                level: 0,
                wounds: 0,
                destroyed: false,
            });
        }
    }
    let glyphs = scenario
        .battlefield
        .glyphs()
        .iter()
        .map(|spot| GlyphState {
            spot: *spot,
            face_up: spot.face_up,
            gone: false,
        })
        .collect();
    let mut state = State {
        field: scenario.battlefield.clone(),
        players,
        units,
        figures,
        glyphs,
        round: 1,
        rounds: scenario.rounds,
        options: scenario.options.clone(),
        placement_rolls: Vec::new(),
        phase: Phase::Over {
            outcome: Outcome {
                winners: Vec::new(),
                scores: Vec::new(),
                reason: String::new(),
            },
        },
        frames: Default::default(),
        specials: Default::default(),
        draft: None,
        glyph_choice: None,
        lasting: Default::default(),
        powers: Default::default(),
    };
    if let Some(d) = &scenario.draft {
        super::drafting::start(&mut state, d, dice);
        return Ok(state);
    }
    let seats: Vec<Seat> = state.seats().collect();
    let mut events = Vec::new();
    let first = roll_off(&state, dice, &seats, RollFor::Placement, &mut events);
    state.placement_rolls = events
        .iter()
        .filter_map(|e| match e {
            Event::RollOff { rolls, .. } => Some(rolls.clone()),
            _ => None,
        })
        .collect();
    state.phase = Phase::Placement {
        order: from_seat(&seats, first),
        index: 0,
    };
    advance_placement(&mut state, dice, &mut events);
    Ok(state)
}

/// `seats` in table order starting at `first` (*le joueur situé sur sa gauche* next).
fn from_seat(seats: &[Seat], first: Seat) -> Vec<Seat> {
    let at = seats.iter().position(|s| *s == first).unwrap_or(0);
    seats[at..].iter().chain(&seats[..at]).copied().collect()
}

/// A d20 roll-off among `seats` (*relancez si égalité*): the highest total wins, ties throw
/// again keeping their modifiers.
pub(crate) fn roll_off(
    state: &State,
    dice: &mut Dice,
    seats: &[Seat],
    purpose: RollFor,
    events: &mut Vec<Event>,
) -> Seat {
    let mut contenders = seats.to_vec();
    for _ in 0..MAX_THROWS {
        if contenders.len() <= 1 {
            break;
        }
        let rolls: Vec<D20Roll> = contenders
            .iter()
            .map(|&seat| {
                let bonus = match purpose {
                    RollFor::Initiative => glyphs::initiative_bonus(state, seat),
                    RollFor::Placement | RollFor::Markers | RollFor::Draft | RollFor::Powers => {
                        glyphs::d20_bonus(state, seat)
                    }
                };
                let die = dice.d20();
                D20Roll {
                    seat,
                    die,
                    bonus,
                    total: u16::from(die) + bonus,
                }
            })
            .collect();
        let best = rolls.iter().map(|r| r.total).max().unwrap_or(0);
        contenders = rolls
            .iter()
            .filter(|r| r.total == best)
            .map(|r| r.seat)
            .collect();
        let winner = (contenders.len() == 1).then(|| contenders[0]);
        events.push(Event::RollOff {
            purpose,
            rolls,
            winner,
        });
    }
    contenders.first().copied().unwrap_or(Seat(0))
}

/// The next figure `seat` has to place.
fn unplaced(state: &State, seat: Seat) -> Option<&Figure> {
    state.figures.iter().find(|f| {
        f.owner == seat && !f.destroyed && f.hex.is_none() && !triggered::starts_off(state, f)
    })
}

/// Where a figure may be placed: free hexes of its player's start zone with room for it on
/// top (two neighbouring ones at one level for a double-space figure), glyphs left free.
pub fn placement_hexes(state: &State, f: &Figure) -> Vec<(Hex, Option<Hex>, Level)> {
    let zone = state.players[f.owner.index()].zone;
    let card = state.card_of(f);
    let height = card.height.max(1);
    let free = |h: Hex| -> Option<Level> {
        if state.figure_at(h).is_some() || glyphs::glyph_at(state, h).is_some() {
            return None;
        }
        if !state.field.start_players(h).has(zone) {
            return None;
        }
        let top = state.field.column(h)?.top_footing()?;
        top.headroom
            .is_none_or(|room| room >= height)
            .then_some(top.level)
    };
    let mut out = Vec::new();
    for h in state.field.start_zone(zone) {
        let Some(level) = free(h) else { continue };
        if card.base >= 2 {
            for n in h.neighbours() {
                if free(n) == Some(level) {
                    out.push((h, Some(n), level));
                }
            }
        } else {
            out.push((h, None, level));
        }
    }
    out
}

/// Moves placement on to the next figure that can be placed; starts the first round once every
/// army is down. A figure with no room left in its zone stays out of the game (*vous ne pouvez
/// pas utiliser toutes les figurines*).
pub(crate) fn advance_placement(state: &mut State, dice: &mut Dice, events: &mut Vec<Event>) {
    loop {
        let Phase::Placement { order, index } = &state.phase else {
            return;
        };
        let Some(&seat) = order.get(*index) else {
            if super::drafting::resume(state, events) {
                return;
            }
            // *at the start of the game* choices come before the first round
            if powers::start_choices::at_start(state, dice, events) {
                return;
            }
            start_round(state, dice, events);
            return;
        };
        let Some(f) = unplaced(state, seat).cloned() else {
            if let Phase::Placement { index, .. } = &mut state.phase {
                *index += 1;
            }
            continue;
        };
        if !placement_hexes(state, &f).is_empty() {
            return;
        }
        if let Some(g) = state.figure_mut(f.id) {
            g.destroyed = true;
        }
        events.push(Event::NoRoom { figure: f.id });
    }
}

/// A new round: markers are placed, all at once or in d20 order.
pub(crate) fn start_round(state: &mut State, dice: &mut Dice, events: &mut Vec<Event>) {
    if check_over(state, events) {
        return;
    }
    events.push(Event::RoundStarted { round: state.round });
    for p in &mut state.players {
        p.markers = Markers::default();
    }
    state.phase = Phase::Markers;
    let order = if state.options.markers_in_d20_order {
        let seats = frames::placing(state);
        let first = roll_off(state, dice, &seats, RollFor::Markers, events);
        let all: Vec<Seat> = state.seats().collect();
        from_seat(&all, first)
            .into_iter()
            .filter(|s| seats.contains(s))
            .collect()
    } else {
        Vec::new()
    };
    state.frames.as_mut().push(HsFrame::Markers { order });
    // *Risen By Revna* asks after the powers that roll at the round's start (`powers::rise`)
    powers::rise::start_of_round(state);
    triggered::start_of_round(state, dice, events);
}

/// Every marker is down: initiative is rolled and the first turn starts.
pub(crate) fn start_turns(state: &mut State, dice: &mut Dice, events: &mut Vec<Event>) {
    powers::markers::markers_down(state);
    // the first round's *after all order markers have been placed* moves come first
    if powers::extra_moves::before_initiative(state, dice, events) {
        return;
    }
    initiative(state, dice, events);
}

/// Initiative is rolled and the first turn starts.
pub(crate) fn initiative(state: &mut State, dice: &mut Dice, events: &mut Vec<Event>) {
    let seats: Vec<Seat> = state.seats().filter(|s| state.in_game(*s)).collect();
    let from = events.len();
    let first = roll_off(state, dice, &seats, RollFor::Initiative, events);
    for e in &events[from..] {
        if let Event::RollOff { rolls, .. } = e {
            for r in rolls {
                state.players[r.seat.index()].initiative = Some(r.total);
            }
        }
    }
    let order = from_seat(&seats, first);
    events.push(Event::TurnOrder {
        order: order.clone(),
    });
    state.phase = Phase::Turns {
        order,
        next: 0,
        turn: None,
    };
    next_turn(state, dice, events);
}

/// Starts the next turn that can be played: a marker on a destroyed card loses its turn.
pub(crate) fn next_turn(state: &mut State, dice: &mut Dice, events: &mut Vec<Event>) {
    loop {
        if check_over(state, events) {
            return;
        }
        let Phase::Turns { order, next, turn } = &mut state.phase else {
            return;
        };
        *turn = None;
        let n = order.len();
        if n == 0 || *next >= 3 * n {
            end_round(state, dice, events);
            return;
        }
        let seat = order[*next % n];
        let marker = Marker::of_turn(*next / n);
        *next += 1;
        if !state.in_game(seat) {
            continue;
        }
        let Some(unit) = state.players[seat.index()].markers.on[marker.index()] else {
            continue;
        };
        if !state.unit_standing(unit) {
            state.players[seat.index()].markers.lost[marker.index()] = true;
            events.push(Event::TurnLost { seat, marker });
            continue;
        }
        if powers::setup::before_reveal(state, seat, unit)
            || powers::glide::before_reveal(state, seat, marker)
            || bonding::before_reveal(state, seat, marker, unit)
        {
            return;
        }
        state.players[seat.index()].markers.revealed[marker.index()] = true;
        powers::markers::marker_revealed(state, seat);
        events.push(Event::TurnStarted { seat, marker, unit });
        let record = powers::attacks::TurnRecord::starting(state);
        if let Phase::Turns { turn, .. } = &mut state.phase {
            *turn = Some(Turn {
                seat,
                marker,
                unit,
                stage: Stage::Move,
                moved: Vec::new(),
                attacked: Vec::new(),
                record,
                carry: None,
            });
        }
        powers::setup::after_reveal(state);
        let asked = bonding::before_turn(state) || powers::extra_moves::before_turn(state);
        // asked on top of the others: the X is revealed with the numbered marker
        if powers::markers::offer_x(state) || asked {
            return;
        }
        if powers::choose::start_of_turn(state, dice, events) || powers::d20::start_of_turn(state) {
            return;
        }
        settle(state, dice, events);
        return;
    }
}

/// The round is over: the next one, or the end at the round limit.
fn end_round(state: &mut State, dice: &mut Dice, events: &mut Vec<Event>) {
    for p in &mut state.players {
        p.initiative = None;
    }
    moves::lava_fields(state, dice, events);
    powers::destroyed::end_of_round(state, events);
    if check_over(state, events) {
        return;
    }
    if state.round >= state.rounds {
        finish(state, events, EndReason::RoundLimit);
        return;
    }
    state.round += 1;
    start_round(state, dice, events);
}

/// Teams with a figure still in the game.
fn teams_standing(state: &State) -> BTreeSet<u8> {
    state
        .figures
        .iter()
        .filter(|f| !f.destroyed)
        .map(|f| state.team(powers::control::true_owner(state, f)))
        .collect()
}

/// Ends the game when at most one side has figures left; true when it is over.
pub(crate) fn check_over(state: &mut State, events: &mut Vec<Event>) -> bool {
    if matches!(state.phase, Phase::Over { .. }) {
        return true;
    }
    match teams_standing(state).len() {
        0 => finish(state, events, EndReason::NoArmyLeft),
        1 => finish(state, events, EndReason::LastArmyStanding),
        _ => return false,
    }
    true
}

/// Ends the game: the side left standing, or the side with the most points on the battlefield.
fn finish(state: &mut State, events: &mut Vec<Event>, reason: EndReason) {
    state.frames.as_mut().clear();
    let scores: Vec<(Seat, i64)> = state
        .seats()
        .map(|s| (s, i64::from(state.points(s))))
        .collect();
    let winning_teams: BTreeSet<u8> = match reason {
        EndReason::LastArmyStanding => teams_standing(state),
        EndReason::NoArmyLeft => BTreeSet::new(),
        EndReason::RoundLimit => {
            let mut by_team: Vec<(u8, i64)> = Vec::new();
            for (s, pts) in &scores {
                let t = state.team(*s);
                match by_team.iter_mut().find(|(team, _)| *team == t) {
                    Some((_, total)) => *total += pts,
                    None => by_team.push((t, *pts)),
                }
            }
            let best = by_team.iter().map(|(_, p)| *p).max().unwrap_or(0);
            by_team
                .iter()
                .filter(|(_, p)| *p == best)
                .map(|(t, _)| *t)
                .collect()
        }
    };
    let outcome = Outcome {
        winners: state
            .seats()
            .filter(|s| winning_teams.contains(&state.team(*s)))
            .collect(),
        scores,
        reason: reason.text(skirmish_lang::Lang::En).to_string(),
    };
    events.push(Event::GameOver {
        outcome: outcome.clone(),
    });
    state.phase = Phase::Over { outcome };
}

/// What the game waits for outside the markers frame.
pub fn pending(state: &State) -> Pending<Decision> {
    match &state.phase {
        Phase::Over { outcome } => Pending::Over(outcome.clone()),
        Phase::Placement { order, index } => {
            let Some(&seat) = order.get(*index) else {
                return Pending::Over(no_outcome());
            };
            match unplaced(state, seat) {
                Some(f) => Pending::Decide {
                    seats: vec![seat],
                    decision: Decision::Place { figure: f.id },
                },
                None => Pending::Over(no_outcome()),
            }
        }
        Phase::Turns {
            turn: Some(turn), ..
        } => Pending::Decide {
            seats: vec![turn.seat],
            decision: moves::pending(turn).unwrap_or(match turn.stage {
                Stage::Move => Decision::Move {
                    marker: turn.marker,
                    unit: turn.unit,
                },
                Stage::Attack => Decision::Attack {
                    marker: turn.marker,
                    unit: turn.unit,
                },
            }),
        },
        Phase::Draft => {
            super::drafting::pending(state).unwrap_or_else(|| Pending::Over(no_outcome()))
        }
        // Markers are asked by their frame; a state without it waits for nobody.
        Phase::Markers | Phase::Turns { turn: None, .. } => Pending::Over(no_outcome()),
    }
}

fn no_outcome() -> Outcome {
    Outcome {
        winners: Vec::new(),
        scores: Vec::new(),
        reason: "the game is stuck".into(),
    }
}

/// The active unit's figures on the battlefield.
pub(crate) fn active_figures<'a>(
    state: &'a State,
    turn: &'a Turn,
) -> impl Iterator<Item = &'a Figure> {
    state
        .figures
        .iter()
        .filter(move |f| f.unit == turn.unit && f.on_field() && bonding::may_act(state, f))
        .filter(move |f| within_one_card(state, turn, f))
}

/// Several copies of a common card share their figures, but a marker on either card gives a
/// turn to one card's worth of them (*chaque marqueur d'ordre placé sur l'une ou l'autre carte
/// Armée active les 4 figurines*): any of them, the first to move or attack being the ones
/// taken.
fn within_one_card(state: &State, turn: &Turn, f: &Figure) -> bool {
    let Some(unit) = state.unit(turn.unit) else {
        return true;
    };
    // *Hive Swarm* rolled how many may act this turn
    let swarm = powers::choose::acting_limit(state, turn);
    if unit.copies <= 1 && swarm.is_none() {
        return true;
    }
    let mut acting: Vec<u32> = turn
        .moved
        .iter()
        .chain(&turn.attacked)
        .copied()
        .filter(|id| state.figure(*id).is_some_and(|g| g.unit == turn.unit))
        .collect();
    acting.sort_unstable();
    acting.dedup();
    acting.contains(&f.id)
        || acting.len() < swarm.unwrap_or_else(|| usize::from(unit.card.figures.max(1)))
}

/// The figures `f` may attack: enemies in range and in sight; only those it is engaged with
/// when it is engaged (*Les figurines engagées ne peuvent attaquer que...*).
pub fn targets(state: &State, f: &Figure) -> Vec<u32> {
    let engaged = geometry::engaged_with(state, f);
    let range = u32::from(glyphs::range_of(state, f));
    state
        .figures
        .iter()
        .filter(|t| t.on_field() && !state.allies(t.owner, f.owner))
        .filter(|t| engaged.is_empty() || engaged.contains(&t.id))
        .filter(|t| geometry::within(state, f, t, range + powers::rolls2::reach_near(state, f, t)))
        .filter(|t| geometry::can_see(state, f, t))
        .filter(|t| powers::attacks::may_target(state, f, t))
        .map(|t| t.id)
        .collect()
}

/// The figures `f` of the active card may attack now: [`targets`], as often as its powers
/// allow ([`powers::attacks::attack_targets`]).
pub fn attack_targets(state: &State, turn: &Turn, f: &Figure) -> Vec<u32> {
    powers::attacks::attack_targets(state, turn, f, targets(state, f))
}

/// Every legal action of `seat` outside the markers frame.
pub fn legal(state: &State, seat: Seat) -> Vec<Action> {
    let Pending::Decide { seats, decision } = pending(state) else {
        return Vec::new();
    };
    if !seats.contains(&seat) {
        return Vec::new();
    }
    match decision {
        Decision::Place { figure } => state
            .figure(figure)
            .map(|f| {
                placement_hexes(state, f)
                    .into_iter()
                    .map(|(hex, tail, _)| Action::Place { figure, hex, tail })
                    .collect()
            })
            .unwrap_or_default(),
        Decision::Move { .. } => {
            let Some(turn) = state.turn() else {
                return Vec::new();
            };
            let mut out: Vec<Action> = active_figures(state, turn)
                .filter(|f| !turn.moved.contains(&f.id))
                .flat_map(|f| {
                    geometry::move_ends(state, f)
                        .into_iter()
                        .map(|d| Action::Move {
                            figure: f.id,
                            to: d.at.head.hex,
                            level: d.at.level(),
                            tail: d.at.tail.map(|t| t.hex),
                        })
                })
                .collect();
            out.extend(powers::choices::run_actions(state, turn));
            out.extend(powers::choose::charge_actions(state, turn));
            if moves::move_actions(state, turn, &mut out) {
                out.push(Action::EndMoves);
            }
            powers::choose::charge_ends(state, turn, &mut out);
            out
        }
        Decision::Attack { .. } => {
            let Some(turn) = state.turn() else {
                return Vec::new();
            };
            let mut out: Vec<Action> = active_figures(state, turn)
                .filter(|f| !special::normal_barred(state, f))
                .flat_map(|f| {
                    attack_targets(state, turn, f)
                        .into_iter()
                        .map(|t| Action::Attack {
                            figure: f.id,
                            target: t,
                        })
                })
                .collect();
            out.extend(special::actions(state));
            out.extend(triggered::turn_actions(state, turn));
            if powers::choices::may_overextend(state, turn) {
                out.push(Action::Overextend);
            }
            out.push(Action::EndTurn);
            out
        }
        Decision::PlaceCarried { .. } => moves::place_actions(state),
        // Markers, powers and spirits are asked by their frames; the draft and glyph choices
        // are asked before play's.
        _ => Vec::new(),
    }
}

/// Why an action is not legal now, for people.
pub fn explain(state: &State, seat: Seat, action: &Action) -> Rejection {
    let reason = match (&state.phase, action) {
        (Phase::Over { .. }, _) => "the game is over".to_string(),
        _ if seat.index() >= state.players.len() => format!("there is no {seat} in this game"),
        _ => match pending_seats(state) {
            seats if !seats.contains(&seat) => match seats.first() {
                Some(s) => format!("it is {s}'s decision, not yours"),
                None => "nobody is to act".to_string(),
            },
            _ => match (&state.phase, action) {
                (Phase::Markers, Action::PlaceMarker { marker, unit }) => format!(
                    "marker {} cannot go on card {unit}: markers go down in the order 1, 2, 3, X, \
                     on your own cards with a figure left",
                    marker.symbol()
                ),
                (Phase::Markers, _) => "lay your order markers first".to_string(),
                (Phase::Placement { .. }, Action::Place { figure, hex, .. }) => format!(
                    "figure {figure} cannot be placed on {hex}: place your next figure on a free \
                     hex of your start zone"
                ),
                (Phase::Placement { .. }, _) => "place your army first".to_string(),
                (
                    _,
                    &Action::Move {
                        figure,
                        to,
                        level,
                        tail,
                    },
                ) if moves::explain_move(state, figure, to, level, tail).is_some() => format!(
                    "figure {figure} cannot end a move on {to} at level {level}: {}",
                    moves::explain_move(state, figure, to, level, tail).unwrap_or_default()
                ),
                (
                    _,
                    Action::Move {
                        figure, to, level, ..
                    },
                ) => format!(
                    "figure {figure} cannot end a move on {to} at level {level}: it must be a \
                     figure of the active card that has not moved, and the hex within its move \
                     (one per hex, one more per level climbed, no climb higher than the figure, \
                     water and glyphs ending the move, no enemy crossed, no figure there)"
                ),
                (_, Action::SpecialAttack { .. }) => special::explain(state, action)
                    .unwrap_or_else(|| "that is not asked now".to_string()),
                (_, Action::Attack { figure, .. })
                    if state
                        .figure(*figure)
                        .is_some_and(|f| special::normal_barred(state, f)) =>
                {
                    special::barred_text(state, *figure).unwrap_or_default()
                }
                (_, Action::Attack { figure, target }) => format!(
                    "figure {figure} cannot attack figure {target}: the attacker must be a figure \
                     of the active card that has not attacked, the target an enemy in range and \
                     in sight (an engaged figure attacks only figures it is engaged with), and \
                     the moves must be over"
                ),
                (_, a) if moves::explain(state, a).is_some() => {
                    moves::explain(state, a).unwrap_or_default()
                }
                (_, Action::EndMoves) => "the moves are already over".to_string(),
                (_, Action::EndTurn) => "finish your moves first (end the moves)".to_string(),
                _ => "that is not asked now".to_string(),
            },
        },
    };
    Rejection::illegal(reason)
}

fn pending_seats(state: &State) -> Vec<Seat> {
    <super::HeroScape as skirmish_engine::Ruleset>::pending(state)
        .seats()
        .to_vec()
}

/// Plays a legal action outside the markers frame.
pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    match *action {
        Action::Place { figure, hex, tail } => {
            let level = state
                .field
                .column(hex)
                .and_then(|c| c.top_footing())
                .map_or(0, |f| f.level);
            super::powers::setup::stand(state, figure, hex, tail, level);
            events.push(Event::Placed { figure, hex, level });
            advance_placement(state, dice, events);
        }
        Action::Move {
            figure,
            to,
            level,
            tail,
        } => {
            let f = state
                .figure(figure)
                .cloned()
                .ok_or_else(|| explain(state, seat, action))?;
            let dest = geometry::destination(state, &f, to, level, tail)
                .ok_or_else(|| explain(state, seat, action))?;
            move_figure(state, &f, &dest, None, dice, events);
        }
        Action::PowerMove {
            figure,
            way,
            to,
            level,
            tail,
        } => {
            let f = state
                .figure(figure)
                .cloned()
                .ok_or_else(|| explain(state, seat, action))?;
            let dest = moves::power_destinations(state, &f, way)
                .into_iter()
                .find(|d| d.hex == to && d.level == level && d.tail == tail)
                .ok_or_else(|| explain(state, seat, action))?;
            events.push(Event::MovedBy { figure, way });
            if way == moves::MoveWay::DrillDrive {
                special::drill::set_off(state, &f, &dest.path);
            }
            if way == moves::MoveWay::Barrage {
                special::barrage::set_off(state, &f, &dest.path);
            }
            if way == moves::MoveWay::Mastery {
                special::mastery::placed(state, &f);
            }
            move_figure(state, &f, &dest, Some(way), dice, events);
        }
        Action::Carry { figure, friend } => moves::choose_carry(state, figure, friend, events),
        Action::PlaceCarried { figure, to, level } => {
            moves::place_carried(state, figure, to, level, dice, events);
            settle(state, dice, events);
        }
        Action::EndMoves => {
            if let Phase::Turns {
                turn: Some(turn), ..
            } = &mut state.phase
            {
                turn.stage = Stage::Attack;
            }
            settle(state, dice, events);
        }
        Action::Attack { figure, target } => {
            if let Phase::Turns {
                turn: Some(turn), ..
            } = &mut state.phase
            {
                if !turn.attacked.contains(&figure) {
                    turn.attacked.push(figure);
                }
            }
            // The target's side may call the attack off as it is targeted (*Master of
            // Disguise*, *Smoke Powder*): the attack is spent (`powers::guard`).
            if powers::guard::targeted(state, figure, target, true, dice, events) {
                settle(state, dice, events);
                return Ok(());
            }
            // A power of the target may answer the attack first (*Quickdraw*).
            if triggered::targeted(state, figure, target) {
                return Ok(());
            }
            // the attacker's *Tactical Switch* may be offered first (`powers::throw`)
            if powers::throw::attack_declared(state, figure, target) {
                return Ok(());
            }
            // a power between the rolls may ask first (`rolls2`): the attack goes on there
            let Some(wounds) = combat::attack_or_ask(state, figure, target, dice, events) else {
                return Ok(());
            };
            triggered::after_attack(state, figure, dice, events);
            if powers::extra_moves::after_attack(state, figure, target, wounds) {
                return Ok(());
            }
            settle(state, dice, events);
        }
        Action::SpecialAttack { .. } => {
            // a power of the figures it reaches may ask first (`powers::react`)
            if !special::apply(state, seat, action, dice, events)? {
                return Ok(());
            }
            if powers::vanish::ask(state) {
                return Ok(());
            }
            settle(state, dice, events);
        }
        Action::EndTurn => end_turn(state, seat, dice, events),
        Action::UsePower { .. } | Action::DeclinePower => {
            triggered::use_in_turn(state, seat, action, dice, events)?;
            settle(state, dice, events);
        }
        Action::Run { figure } => powers::choices::run(state, figure, events)?,
        Action::Overextend => {
            powers::choices::overextend(state, events)?;
            settle(state, dice, events);
        }
        _ => return Err(explain(state, seat, action)),
    }
    Ok(())
}

/// Moves a figure of the active card to `dest` (its path already found), by its normal move
/// or by the power `way`: it walks the path (a power firing on a space of it stops it there
/// and asks: `powers::midmove`), stops on a glyph, and a carry it makes waits for its friend's
/// place.
fn move_figure(
    state: &mut State,
    f: &Figure,
    dest: &geometry::Destination,
    way: Option<moves::MoveWay>,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    if let Phase::Turns {
        turn: Some(turn), ..
    } = &mut state.phase
    {
        // a piece of a barrage move after another one: moved once
        if !turn.moved.contains(&f.id) {
            turn.moved.push(f.id);
        }
    }
    let engaged_before = geometry::engaged_with(state, f);
    let watch = powers::midmove::watch_move(state, f, &dest.path, way);
    // the space it sets off from is a point of the move too
    let at = if powers::midmove::offers_at(state, f.id, 0, &watch).is_empty() {
        walk_from(state, f, &dest.path, 1, &watch, dice, events)
    } else {
        Some(0)
    };
    if let Some(at) = at {
        let path = (dest.path.clone(), at);
        powers::midmove::pause(state, f.id, path, watch, (engaged_before, way), false);
        return;
    }
    finish_move(state, f.id, &engaged_before, way, dice, events);
}

/// What follows a figure's move of the active card, where it ended (by its normal move or by
/// the power `way`): a glyph stopped on, the powers after moving, the turn settling.
pub(crate) fn finish_move(
    state: &mut State,
    figure: u32,
    engaged_before: &[u32],
    way: Option<moves::MoveWay>,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    powers::throw::after_power_move(state, figure, way, dice, events);
    if state.figure(figure).is_some_and(|g| !g.destroyed) {
        glyphs::stopped_on(state, figure, dice, events);
    }
    triggered::after_move(state, figure, engaged_before, dice, events);
    let by_power: Vec<Event> = way
        .map(|way| Event::MovedBy { figure, way })
        .into_iter()
        .collect();
    moves::after_move(state, figure, &by_power);
    if powers::midmove::after_move(state, figure) {
        return;
    }
    special::barrage::after_move(state, figure);
    // *Drill-Drive*'s attack once its move is over, which a power of a figure it reaches may
    // stop to ask first (`powers::react`: the question's answer settles the turn then)
    match special::drill::after_move(state, figure, dice, events) {
        Some(false) => return,
        Some(true) if powers::vanish::ask(state) => return,
        _ => {}
    }
    settle(state, dice, events);
}

/// Walks a figure along its path from its step `first` (`f` standing on the step before):
/// the falls the path holds roll their attack dice, a wound per skull; each enemy it leaves
/// rolls one attack die as soon as it stands somewhere not adjacent to it, a wound per skull,
/// no defence. A figure destroyed on the way stops there. It stops too on the first step
/// where a power fires (`watch`: what `powers::midmove` watches on the way): that step then,
/// `None` when the walk is over.
pub(crate) fn walk_from(
    state: &mut State,
    f: &Figure,
    path: &crate::movement::MovePath,
    first: usize,
    watch: &powers::midmove::Watch,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<usize> {
    let mut walked = Vec::new();
    let mut from = f.hex.map(|h| (h, f.level));
    let mut told = false;
    for (i, step) in path.steps.iter().enumerate().skip(first) {
        walked.push((step.head.hex, step.level()));
        if i + 1 < path.steps.len() {
            powers::midmove::passing(state, f.id, step);
        }
        if let Some(g) = state.figure_mut(f.id) {
            g.hex = Some(step.head.hex);
            g.tail = step.tail.map(|t| t.hex);
            g.level = step.level();
        }
        // Dice rolled on the way (a fall, a leaving-engagement die, molten lava) are rolled where
        // the figure stands: the log says it got there first.
        let rolls_here = path.falls.iter().any(|x| x.step == i)
            || path.molten == Some(i)
            || path.leaves.iter().any(|l| l.step == i);
        if rolls_here {
            let here = walked.last().copied();
            events.push(Event::Moved {
                figure: f.id,
                path: std::mem::take(&mut walked),
                from,
            });
            from = here;
            told = true;
        }
        for fall in path.falls.iter().filter(|x| x.step == i) {
            let faces = combat::roll(dice, u16::from(fall.dice));
            let wounds = combat::skulls(&faces);
            events.push(Event::Fell {
                figure: f.id,
                drop: fall.drop,
                dice: faces,
                wounds,
            });
            combat::wound_by(state, f.id, wounds, dice, events);
        }
        if path.molten == Some(i) && state.figure(f.id).is_some_and(|g| !g.destroyed) {
            moves::molten_lava(state, f.id, dice, events);
        }
        for leave in path.leaves.iter().filter(|l| l.step == i) {
            if state.figure(f.id).is_some_and(|g| g.destroyed) {
                break;
            }
            combat::leave_engagement(state, f.id, leave.enemy.0, dice, events);
        }
        if state.figure(f.id).is_some_and(|g| g.destroyed) {
            break;
        }
        if !watch.ends.is_empty() && !powers::midmove::offers_at(state, f.id, i, watch).is_empty() {
            if !walked.is_empty() {
                events.push(Event::Moved {
                    figure: f.id,
                    path: walked,
                    from,
                });
            }
            return Some(i);
        }
    }
    if !walked.is_empty() || !told {
        events.push(Event::Moved {
            figure: f.id,
            path: walked,
            from,
        });
    }
    None
}

/// After an action in a turn: the game may be over; the moves are over once every figure of the
/// card has moved; the turn is over once no figure can attack (*Si aucune de vos figurines ne
/// remplit ces deux conditions, ... votre tour s'arrête*).
pub(crate) fn settle(state: &mut State, dice: &mut Dice, events: &mut Vec<Event>) {
    if check_over(state, events) {
        return;
    }
    // A glyph's question comes first: its answer may change what the turn can still do.
    if state.glyph_choice.is_some() {
        return;
    }
    let Some(turn) = state.turn().cloned() else {
        return;
    };
    if moves::placing(&turn) {
        return;
    }
    if powers::control::at_turn_start(state, dice, events) {
        return;
    }
    if active_figures(state, &turn).next().is_none() {
        end_turn(state, turn.seat, dice, events);
        return;
    }
    if turn.stage == Stage::Move && active_figures(state, &turn).all(|f| turn.moved.contains(&f.id))
    {
        if let Phase::Turns { turn: Some(t), .. } = &mut state.phase {
            t.stage = Stage::Attack;
        }
    }
    let Some(turn) = state.turn().cloned() else {
        return;
    };
    // Powers used once the moves are over (*after moving and before attacking*) are asked
    // first.
    if turn.stage == Stage::Attack
        && (triggered::after_moves(state, dice, events) || powers::arrive::after_moves(state))
    {
        return;
    }
    // *Knockback* once an attack is over (`powers::knock`)
    if powers::knock::after_attack(state) {
        return;
    }
    if turn.stage == Stage::Attack
        && !active_figures(state, &turn)
            .filter(|f| !special::normal_barred(state, f))
            .any(|f| !attack_targets(state, &turn, f).is_empty())
        && !special::any_left(state)
        && triggered::turn_actions(state, &turn).is_empty()
        && !powers::choices::may_overextend(state, &turn)
    {
        end_turn(state, turn.seat, dice, events);
    }
}

pub(crate) fn end_turn(state: &mut State, seat: Seat, dice: &mut Dice, events: &mut Vec<Event>) {
    // *Thunder Step*'s die at the end of the turn, nobody asked (rolled once: the record
    // forgets it).
    powers::thunder::turn_ends(state, dice, events);
    // Powers used after the turn (*after taking a turn*) come first.
    if triggered::after_turn(state, seat, dice, events)
        || powers::arrive::after_turn(state, seat)
        || powers::tiles::after_turn(state, seat)
    {
        return;
    }
    // a card lent for the turn returns: the turn ending is again its player's
    let seat = powers::control::turn_over(state, events).unwrap_or(seat);
    if powers::control::after_turn(state, seat)
        || powers::markers::after_turn(state, seat, events)
        || powers::command::after_turn(state, seat, dice, events)
    {
        return;
    }
    events.push(Event::TurnEnded { seat });
    next_turn(state, dice, events);
}
