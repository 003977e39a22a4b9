//! Powers that move other figures you control at a given moment ([`Effect::MoveOthers`]):
//! *Gladiatron Movement Bonding* before a turn with its card, *Scatter* after one of its
//! figures is attacked, *Cover Fire* after its figure's attack wounds, *Orc Battle Rush* once
//! the first round's order markers are down, before initiative (players in the order of a d20
//! roll-off when several have such a power: *Activer des Pouvoirs en simultané*).
//!
//! When the moment comes and at least one figure the power may move can move, a
//! [`HsFrame::PowerMoves`] frame asks the power's player ([`Decision::PowerMoves`]): each
//! answer is an [`Action::Move`] of one of those figures that has not moved by this use, to a
//! place the movement search allows within the power's spaces (the figure's own climbing,
//! flying, water, engagement and falls: leaving-engagement attacks and falling damage happen as
//! in a normal move), or [`Action::DeclinePower`] to move no more. The frame ends once the
//! power's count of figures has moved or none is left to move; what it interrupted then goes
//! on. These moves are not the moves of the turn: the figures moved are not marked as moved.

use serde::{Deserialize, Serialize};
use skirmish_dice::Dice;
use skirmish_engine::frames::Ask;
use skirmish_engine::{Rejection, Seat};

use crate::movement::Way;
use crate::power::{Effect, Filter, MoveMoment};

use super::super::frames::HsFrame;
use super::super::state::{Figure, State};
use super::super::RollFor;
use super::super::{geometry, glyphs, play, Action, Decision, Event};
use super::matches;
use super::triggered;

/// A use of a [`Effect::MoveOthers`] power under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerMoves {
    /// Who moves.
    pub seat: Seat,
    /// The figure using the power (the one the *within* and *not this figure* clauses mean).
    pub user: u32,
    /// The power's card.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
    /// The figures moved by this use so far.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moved: Vec<u32>,
    /// What goes on once the moves are over.
    pub then: Resume,
    /// The one figure a dodge lets move (*Vanish*, *Stealthy*: [`super::vanish`]), instead of
    /// the figures an [`Effect::MoveOthers`] power moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alone: Option<super::vanish::Alone>,
}

/// What goes on once a use of a power moving other figures is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resume {
    /// The turn under way goes on.
    Turn,
    /// The first round's initiative is rolled (*Orc Battle Rush*).
    Initiative,
}

/// What a [`Effect::MoveOthers`] power allows.
#[derive(Clone, Debug)]
struct Rule {
    when: MoveMoment,
    count: Option<u16>,
    filters: Vec<Filter>,
    unengaged: bool,
    spaces: u16,
    within: Option<u16>,
    not_user: bool,
}

/// The move-others powers of a unit's card, with their place among its powers.
fn rules(state: &State, unit: u16) -> Vec<(u8, Rule)> {
    let Some(u) = state.units.get(usize::from(unit)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, p) in u.card.powers.iter().enumerate() {
        for e in p.effects.iter().flatten() {
            if let Effect::MoveOthers {
                when,
                count,
                filters,
                unengaged,
                spaces,
                within,
                not_user,
            } = e
            {
                out.push((
                    u8::try_from(i).unwrap_or(u8::MAX),
                    Rule {
                        when: when.clone(),
                        count: *count,
                        filters: filters.clone(),
                        unengaged: *unengaged,
                        spaces: *spaces,
                        within: *within,
                        not_user: *not_user,
                    },
                ));
            }
        }
    }
    out
}

/// The spaces each figure may move in this use: the power's, or as many for each of the
/// player's order markers on the card ([`MoveMoment::EachRoundPerMarker`]: how many lie on a
/// card is what every player sees).
fn spaces(state: &State, m: &PowerMoves, rule: &Rule) -> u16 {
    if rule.when != MoveMoment::EachRoundPerMarker {
        return rule.spaces;
    }
    let markers = &state.players[m.seat.index()].markers;
    let here = markers.on.iter().filter(|u| **u == Some(m.unit)).count();
    rule.spaces
        .saturating_mul(u16::try_from(here).unwrap_or(u16::MAX))
}

fn rule_of(state: &State, unit: u16, power: u8) -> Option<Rule> {
    rules(state, unit)
        .into_iter()
        .find(|(p, _)| *p == power)
        .map(|(_, r)| r)
}

/// The figures this use may still move: on the battlefield, controlled by the power's player,
/// matching the power's filter and distance, not yet moved by it.
fn movable<'a>(state: &'a State, m: &'a PowerMoves, rule: &'a Rule) -> Vec<&'a Figure> {
    if rule.count.is_some_and(|n| m.moved.len() >= usize::from(n)) {
        return Vec::new();
    }
    let user = state.figure(m.user);
    state
        .figures
        .iter()
        .filter(|f| f.on_field() && f.owner == m.seat && !m.moved.contains(&f.id))
        .filter(|f| !(rule.not_user && f.id == m.user))
        .filter(|f| rule.filters.iter().any(|w| matches(state.card_of(f), w)))
        .filter(|f| !rule.unengaged || geometry::engaged_with(state, f).is_empty())
        .filter(|f| {
            rule.within.is_none_or(|n| {
                user.filter(|u| u.on_field()).is_some_and(|u| {
                    geometry::range(state, u, f).is_some_and(|r| r <= u32::from(n))
                        && geometry::can_see(state, u, f)
                })
            })
        })
        .collect()
}

/// The moves this use offers now.
fn moves(state: &State, m: &PowerMoves) -> Vec<Action> {
    if m.alone.is_some() {
        return super::vanish::moves(state, m);
    }
    let Some(rule) = rule_of(state, m.unit, m.power) else {
        return Vec::new();
    };
    movable(state, m, &rule)
        .into_iter()
        .flat_map(|f| {
            geometry::destinations_by(state, f, Way::Normal, spaces(state, m, &rule))
                .into_iter()
                .map(|d| Action::Move {
                    figure: f.id,
                    to: d.hex,
                    level: d.level,
                    tail: d.tail,
                })
        })
        .collect()
}

/// What the frame asks.
pub(crate) fn asks(m: &PowerMoves) -> Ask<Decision> {
    Ask {
        seats: vec![m.seat],
        decision: Decision::PowerMoves {
            unit: m.unit,
            power: m.power,
            moved: u16::try_from(m.moved.len()).unwrap_or(u16::MAX),
        },
    }
}

/// The answers of `seat`: the moves, or no more.
pub(crate) fn answers(state: &State, m: &PowerMoves, seat: Seat) -> Vec<Action> {
    if seat != m.seat {
        return Vec::new();
    }
    let mut out = moves(state, m);
    if super::vanish::may_stay(state, m) {
        out.push(Action::DeclinePower);
    }
    out
}

/// Answers the frame: a figure moves (the frame goes on while another may move), or the moves
/// end.
pub(crate) fn resolve(
    state: &mut State,
    mut m: PowerMoves,
    seat: Seat,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    if !answers(state, &m, seat).contains(answer) {
        return Err(Rejection::illegal(
            "move one of the figures the power moves, within its spaces, or move no more",
        ));
    }
    if let &Action::Move {
        figure,
        to,
        level,
        tail,
    } = answer
    {
        let spaces = match &m.alone {
            Some(alone) => alone.spaces,
            None => rule_of(state, m.unit, m.power).map_or(0, |r| spaces(state, &m, &r)),
        };
        let Some(f) = state.figure(figure).cloned() else {
            return Ok(());
        };
        let ends = geometry::destinations_by(state, &f, Way::Normal, spaces);
        let Some(dest) = ends
            .iter()
            .find(|d| d.hex == to && d.level == level && d.tail == tail)
            .cloned()
        else {
            return Ok(());
        };
        m.moved.push(figure);
        events.push(Event::PowerMoved {
            figure,
            unit: m.unit,
            power: m.power,
        });
        let engaged_before = geometry::engaged_with(state, &f);
        // a power firing on a space of the way stops the figure there (`midmove`)
        let watch = super::midmove::watch_power_move(state, &f, &dest.path, &ends);
        if let Some(top) = state.frames.as_mut().top_mut() {
            *top = HsFrame::PowerMoves(m.clone());
        }
        if let Some(at) = play::walk_from(state, &f, &dest.path, 1, &watch, dice, events) {
            let path = (dest.path, at);
            super::midmove::pause(state, figure, path, watch, (engaged_before, None), true);
            return Ok(());
        }
        walked(state, m, figure, &engaged_before, dice, events);
        return Ok(());
    }
    end(state, m, dice, events);
    Ok(())
}

/// A figure moved by the power of `m` (the frame on top) has ended its move: what follows a
/// move, then the frame goes on while another figure may move, or the moves end.
pub(crate) fn walked(
    state: &mut State,
    m: PowerMoves,
    figure: u32,
    engaged_before: &[u32],
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    if state.figure(figure).is_some_and(|g| !g.destroyed) {
        glyphs::stopped_on(state, figure, dice, events);
    }
    triggered::after_move(state, figure, engaged_before, dice, events);
    if !moves(state, &m).is_empty() && !play::check_over(state, events) {
        if let Some(top) = state.frames.as_mut().top_mut() {
            *top = HsFrame::PowerMoves(m);
        }
        return;
    }
    end(state, m, dice, events);
}

/// The moves of `m` (the frame on top) are over: the frame goes, and what it interrupted
/// resumes.
fn end(state: &mut State, m: PowerMoves, dice: &mut Dice, events: &mut Vec<Event>) {
    state.frames.as_mut().pop();
    // another use waiting (two powers answering one attack) is asked next
    if matches!(state.frames.top(), Some(HsFrame::PowerMoves(_))) {
        return;
    }
    match m.then {
        Resume::Turn => play::settle(state, dice, events),
        Resume::Initiative => play::initiative(state, dice, events),
    }
}

/// Asks a use of power `power` of `unit` for `user`, when a figure can move by it; true then.
fn offer(state: &mut State, user: u32, unit: u16, power: u8, then: Resume) -> bool {
    let m = PowerMoves {
        seat: state.units[usize::from(unit)].owner,
        user,
        unit,
        power,
        moved: Vec::new(),
        then,
        alone: None,
    };
    if moves(state, &m).is_empty() {
        return false;
    }
    state.frames.as_mut().push(HsFrame::PowerMoves(m));
    true
}

/// A turn has just started, its marker revealed: the card's *before taking a turn* moves are
/// asked first; true while they are.
pub fn before_turn(state: &mut State) -> bool {
    let Some(turn) = state.turn().cloned() else {
        return false;
    };
    let Some(user) = state
        .unit_alive(turn.unit)
        .find(|f| f.on_field())
        .map(|f| f.id)
    else {
        return false;
    };
    let mut asked = false;
    for (power, rule) in rules(state, turn.unit) {
        if rule.when == MoveMoment::BeforeTurn {
            asked |= offer(state, user, turn.unit, power, Resume::Turn);
        }
    }
    asked
}

/// A normal attack of `attacker` on `target` is over, `wounds` inflicted: the powers it
/// triggers are asked (the defender's *Scatter*, then on top the attacker's *Cover Fire*);
/// true while they are.
pub fn after_attack(state: &mut State, attacker: u32, target: u32, wounds: u16) -> bool {
    let (Some(a), Some(t)) = (
        state.figure(attacker).cloned(),
        state.figure(target).cloned(),
    ) else {
        return false;
    };
    let mut asked = false;
    // the defender's player: every card of theirs with a power this attack triggers
    if !state.allies(a.owner, t.owner) {
        let units: Vec<u16> = (0..state.units.len())
            .filter_map(|u| u16::try_from(u).ok())
            .filter(|&u| state.units[usize::from(u)].owner == t.owner)
            .collect();
        for unit in units {
            let alive = state.unit_alive(unit).find(|f| f.on_field()).map(|f| f.id);
            for (power, rule) in rules(state, unit) {
                match &rule.when {
                    MoveMoment::AttackedByOpponent(who) if matches(state.card_of(&t), who) => {
                        if let Some(user) = alive {
                            asked |= offer(state, user, unit, power, Resume::Turn);
                        }
                    }
                    // *Ullar's Pact* works "even if all of your Elites of Ullar are
                    // destroyed": the wounded figure, fallen or not, uses it then (no
                    // distance is counted from it)
                    MoveMoment::WoundedByOpponent(who)
                        if wounds > 0 && matches(state.card_of(&t), who) =>
                    {
                        let user = alive.unwrap_or(t.id);
                        asked |= offer(state, user, unit, power, Resume::Turn);
                    }
                    _ => {}
                }
            }
        }
    }
    if wounds > 0 && a.on_field() {
        for (power, rule) in rules(state, a.unit) {
            if rule.when == MoveMoment::WoundsWithNormalAttack {
                asked |= offer(state, attacker, a.unit, power, Resume::Turn);
            }
        }
    }
    // a dodge's move is immediate: on top
    asked |= super::vanish::ask(state);
    asked
}

/// The first round's order markers are down: the *after all order markers have been placed*
/// moves are asked before initiative is rolled, players in the order of a d20 roll-off when
/// several have one; true while they are.
pub fn before_initiative(state: &mut State, dice: &mut Dice, events: &mut Vec<Event>) -> bool {
    let mut ready: Vec<(Seat, u32, u16, u8)> = Vec::new();
    for unit in 0..state.units.len() {
        let Ok(unit) = u16::try_from(unit) else {
            continue;
        };
        let Some(user) = state.unit_alive(unit).find(|f| f.on_field()).map(|f| f.id) else {
            continue;
        };
        let seat = state.units[usize::from(unit)].owner;
        for (power, rule) in rules(state, unit) {
            let m = PowerMoves {
                seat,
                user,
                unit,
                power,
                moved: Vec::new(),
                then: Resume::Initiative,
                alone: None,
            };
            let now = match rule.when {
                MoveMoment::FirstRoundAfterMarkers => state.round == 1,
                MoveMoment::EachRoundPerMarker => true,
                _ => false,
            };
            if now && !moves(state, &m).is_empty() {
                ready.push((seat, user, unit, power));
            }
        }
    }
    let mut seats: Vec<Seat> = Vec::new();
    for (s, ..) in &ready {
        if !seats.contains(s) {
            seats.push(*s);
        }
    }
    if seats.len() > 1 {
        let first = play::roll_off(state, dice, &seats, RollFor::Powers, events);
        let all: Vec<Seat> = state.seats().collect();
        let at = all.iter().position(|s| *s == first).unwrap_or(0);
        let order: Vec<Seat> = all[at..].iter().chain(&all[..at]).copied().collect();
        ready.sort_by_key(|(s, ..)| order.iter().position(|o| o == s));
    }
    // the first to move is asked first: on top of the stack
    let mut asked = false;
    for (_, user, unit, power) in ready.into_iter().rev() {
        asked |= offer(state, user, unit, power, Resume::Initiative);
    }
    asked
}
