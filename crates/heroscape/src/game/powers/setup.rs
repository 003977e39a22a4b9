//! Figures that do not start the game on the battlefield and land before their card's turn
//! ([`Effect::LandBeforeReveal`], *Glider Landing*).
//!
//! When an order marker on such a card is about to be revealed and one of its figures is off
//! the battlefield and not destroyed, a [`HsFrame::Landing`] frame asks its player
//! ([`Decision::Deploy`]) to place that figure ([`Action::Place`]) on an empty space not
//! adjacent to any figure, or not ([`Action::DeclinePower`]); the marker is revealed after the
//! answer, and a landed figure cannot move normally in that turn (it counts as moved). Placing
//! is not moving: a figure landing on a glyph does not stop on it.

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_dice::Dice;
use skirmish_engine::frames::Ask;
use skirmish_engine::{Rejection, Seat};

use crate::battlefield::Level;
use crate::power::Effect;

use super::super::frames::HsFrame;
use super::super::state::{Figure, Phase, State};
use super::super::{play, Action, Decision, Event};

/// A landing offered before a marker is revealed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Landing {
    /// Who places.
    pub seat: Seat,
    /// The card.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
    /// The figure to place.
    pub figure: u32,
}

/// The place of a card's *Glider Landing* among its powers.
fn landing_power(state: &State, unit: u16) -> Option<u8> {
    let card = &state.unit(unit)?.card;
    card.powers
        .iter()
        .position(|p| {
            p.effects
                .iter()
                .flatten()
                .any(|e| matches!(e, Effect::LandBeforeReveal))
        })
        .and_then(|i| u8::try_from(i).ok())
}

/// The next figure of a unit off the battlefield and not destroyed.
fn waiting(state: &State, unit: u16) -> Option<&Figure> {
    state
        .figures
        .iter()
        .find(|f| f.unit == unit && !f.destroyed && f.hex.is_none())
}

/// Where a landing figure may be placed: an empty space (two at one level for a double-space
/// figure) where it fits, none adjacent to a figure.
pub fn landing_spaces(state: &State, f: &Figure) -> Vec<(Hex, Option<Hex>, Level)> {
    super::triggered::empty_spaces_apart(state, f, true)
}

/// Stands `figure` on `hex` (its second space on `tail`) at the level `spaces` offered there
/// (0 where none was), for the powers that set a figure down from off the battlefield; the
/// level.
pub(crate) fn set_down(
    state: &mut State,
    figure: u32,
    spaces: &[(Hex, Option<Hex>, Level)],
    hex: Hex,
    tail: Option<Hex>,
) -> Level {
    let level = spaces
        .iter()
        .find(|(h, t, _)| *h == hex && *t == tail)
        .map_or(0, |(_, _, l)| *l);
    stand(state, figure, hex, tail, level);
    level
}

/// Stands `figure` on `hex` (its second space on `tail`) at `level`: the one place a power
/// moves a figure onto a space without walking there (placing, throwing, summoning, switching).
pub(crate) fn stand(state: &mut State, figure: u32, hex: Hex, tail: Option<Hex>, level: Level) {
    if let Some(f) = state.figure_mut(figure) {
        f.hex = Some(hex);
        f.tail = tail;
        f.level = level;
    }
}

/// Brings a destroyed `figure` back onto `hex` at `level` with no wounds (*Cell Divide*, the
/// powers that return a destroyed figure beside another).
pub(crate) fn revive(state: &mut State, figure: u32, hex: Hex, level: Level) {
    if let Some(f) = state.figure_mut(figure) {
        f.destroyed = false;
        f.wounds = 0;
    }
    stand(state, figure, hex, None, level);
}

/// Before `seat` reveals a marker on `unit`: a figure of a card with *Glider Landing* waiting
/// off the battlefield may land (asked once per marker); true while the question is pending
/// (the turn starts again once answered).
pub fn before_reveal(state: &mut State, seat: Seat, unit: u16) -> bool {
    let Phase::Turns { next, .. } = &state.phase else {
        return false;
    };
    let key = (state.round, *next);
    if state.powers.landing_asked.contains(&key) {
        return false;
    }
    let Some(power) = landing_power(state, unit) else {
        return false;
    };
    let Some(f) = waiting(state, unit).filter(|f| !landing_spaces(state, f).is_empty()) else {
        return false;
    };
    let figure = f.id;
    state.powers.landing_asked.retain(|(r, _)| *r == key.0);
    state.powers.landing_asked.push(key);
    if let Phase::Turns { next, .. } = &mut state.phase {
        *next -= 1;
    }
    state.frames.as_mut().push(HsFrame::Landing(Landing {
        seat,
        unit,
        power,
        figure,
    }));
    true
}

/// The turn has started: a figure that landed just before it cannot move normally.
pub fn after_reveal(state: &mut State) {
    let Phase::Turns {
        next,
        turn: Some(turn),
        ..
    } = &mut state.phase
    else {
        return;
    };
    let key = (state.round, *next);
    for &(r, n, figure) in &state.powers.landed {
        if (r, n) == key && !turn.moved.contains(&figure) {
            turn.moved.push(figure);
        }
    }
}

/// What the frame asks.
pub(crate) fn asks(l: &Landing) -> Ask<Decision> {
    Ask {
        seats: vec![l.seat],
        decision: Decision::Deploy {
            figure: l.figure,
            unit: l.unit,
            power: l.power,
        },
    }
}

/// The answers of `seat`: each space, or no landing.
pub(crate) fn answers(state: &State, l: &Landing, seat: Seat) -> Vec<Action> {
    let Some(f) = state.figure(l.figure).filter(|_| seat == l.seat) else {
        return Vec::new();
    };
    let mut out: Vec<Action> = landing_spaces(state, f)
        .into_iter()
        .map(|(hex, tail, _)| Action::Place {
            figure: f.id,
            hex,
            tail,
        })
        .collect();
    out.push(Action::DeclinePower);
    out
}

/// Answers the frame: the figure lands (or not), then the marker is revealed.
pub(crate) fn resolve(
    state: &mut State,
    l: &Landing,
    seat: Seat,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    if !answers(state, l, seat).contains(answer) {
        return Err(Rejection::illegal(
            "place the figure on an empty space not adjacent to any figure, or do not",
        ));
    }
    state.frames.as_mut().pop();
    match *answer {
        Action::Place { figure, hex, tail } => {
            let spaces = state
                .figure(figure)
                .map(|f| landing_spaces(state, f))
                .unwrap_or_default();
            let level = set_down(state, figure, &spaces, hex, tail);
            events.push(Event::Landed {
                figure,
                unit: l.unit,
                power: l.power,
            });
            events.push(Event::Placed { figure, hex, level });
            // the turn about to start is the next one
            if let Phase::Turns { next, .. } = &state.phase {
                let key = (state.round, *next + 1, figure);
                state.powers.landed.retain(|(r, _, _)| *r == key.0);
                state.powers.landed.push(key);
            }
        }
        _ => events.push(Event::PowerDeclined {
            figure: l.figure,
            unit: l.unit,
            power: l.power,
        }),
    }
    play::next_turn(state, dice, events);
    Ok(())
}
