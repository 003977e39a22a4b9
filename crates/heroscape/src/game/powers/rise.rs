//! *Risen By Revna* ([`ThrowPower::RiseBeside`]): at the start of each round, before the order
//! markers are placed, a card's player may place one of its destroyed figures on an empty space
//! adjacent to a hero they control matching the power's filter.
//!
//! As the round starts (`play::start_round`, the markers' frame already pushed), each card
//! with the power whose player has a destroyed figure of it and a space beside such a hero gets
//! a [`Rise`] frame above the markers' frame ([`Decision::Deploy`]): its player answers with
//! [`Action::Place`] on one of those spaces, or [`Action::DeclinePower`]. Once answered the
//! markers are placed. A card none of whose figures stands any more is out of the game, its
//! powers with it: nothing rises from it. The figure comes back without wounds; placing is not
//! moving (no glyph stopped on).

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_engine::frames::Ask;
use skirmish_engine::{Rejection, Seat};

use crate::battlefield::Level;
use crate::power::{Effect, Filter, Outcome, ThrowPower};

use super::super::frames::HsFrame;
use super::super::state::{Figure, State};
use super::super::{Action, Decision, Event};

/// A card's figure that may rise at the round's start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rise {
    /// The card's player.
    pub seat: Seat,
    /// The card.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
}

/// The power of a card: its place among the card's powers, and the heroes it rises beside.
fn rise_power(state: &State, unit: u16) -> Option<(u8, Filter)> {
    let card = &state.unit(unit)?.card;
    card.powers.iter().enumerate().find_map(|(i, p)| {
        p.effects.as_deref()?.iter().find_map(|e| match e {
            Effect::Throw(ThrowPower::RiseBeside { beside }) => {
                Some((u8::try_from(i).ok()?, beside.clone()))
            }
            _ => None,
        })
    })
}

/// The next destroyed figure of `unit` (one that stood on the battlefield).
fn destroyed(state: &State, unit: u16) -> Option<&Figure> {
    state
        .figures
        .iter()
        .find(|f| f.unit == unit && f.destroyed && f.hex.is_some())
}

/// Where the destroyed `figure` may rise: the empty spaces adjacent to a hero `seat` controls
/// matching `beside` where it fits, each once.
pub fn spaces(state: &State, seat: Seat, figure: &Figure, beside: &Filter) -> Vec<(Hex, Level)> {
    let mut out: Vec<(Hex, Level)> = Vec::new();
    for hero in state
        .figures
        .iter()
        .filter(|g| g.on_field() && g.owner == seat && super::matches(state.card_of(g), beside))
    {
        // the figure as if it stood beside the hero, for the room it needs
        let ghost = Figure {
            hex: hero.hex,
            tail: None,
            level: hero.level,
            destroyed: false,
            ..figure.clone()
        };
        for spot in super::moves::carry_places(state, hero, &ghost) {
            if !out.contains(&spot) {
                out.push(spot);
            }
        }
    }
    out
}

/// The round starts: each card with the power that has a figure to raise and a space for it
/// is asked, above the markers' frame.
pub(crate) fn start_of_round(state: &mut State) {
    let mut asks: Vec<Rise> = Vec::new();
    for u in &state.units {
        let Some((power, beside)) = rise_power(state, u.id) else {
            continue;
        };
        if !state.unit_standing(u.id) {
            continue;
        }
        let Some(f) = destroyed(state, u.id) else {
            continue;
        };
        if !spaces(state, u.owner, f, &beside).is_empty() {
            asks.push(Rise {
                seat: u.owner,
                unit: u.id,
                power,
            });
        }
    }
    for r in asks.into_iter().rev() {
        state.frames.as_mut().push(HsFrame::Rise(r));
    }
}

/// What the frame asks: where the destroyed figure rises.
pub(crate) fn asks(state: &State, r: &Rise) -> Ask<Decision> {
    Ask {
        seats: vec![r.seat],
        decision: Decision::Deploy {
            figure: destroyed(state, r.unit).map_or(0, |f| f.id),
            unit: r.unit,
            power: r.power,
        },
    }
}

/// The answers of `seat`: each space, or no figure rising.
pub(crate) fn answers(state: &State, r: &Rise, seat: Seat) -> Vec<Action> {
    if seat != r.seat {
        return Vec::new();
    }
    let (Some(f), Some((_, beside))) = (destroyed(state, r.unit), rise_power(state, r.unit)) else {
        return vec![Action::DeclinePower];
    };
    let mut out: Vec<Action> = spaces(state, seat, f, &beside)
        .into_iter()
        .map(|(hex, _)| Action::Place {
            figure: f.id,
            hex,
            tail: None,
        })
        .collect();
    out.dedup();
    out.push(Action::DeclinePower);
    out
}

/// Answers the frame: the figure rises on the space chosen (at the level offered there), or
/// none does; then the markers' frame asks.
pub(crate) fn resolve(
    state: &mut State,
    r: &Rise,
    seat: Seat,
    answer: &Action,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    if !answers(state, r, seat).contains(answer) {
        return Err(Rejection::illegal(
            "place the destroyed figure on an empty space adjacent to a hero the power names, \
             or place none",
        ));
    }
    match *answer {
        Action::Place { figure, hex, .. } => {
            let level = destroyed(state, r.unit)
                .zip(rise_power(state, r.unit))
                .and_then(|(f, (_, beside))| {
                    spaces(state, seat, f, &beside)
                        .into_iter()
                        .find(|(h, _)| *h == hex)
                        .map(|(_, l)| l)
                })
                .unwrap_or(0);
            super::setup::revive(state, figure, hex, level);
            events.push(Event::PowerUsed {
                figure,
                unit: r.unit,
                power: r.power,
                target: Some(figure),
                outcome: Outcome::ReturnDestroyedAdjacent,
            });
            events.push(Event::Placed { figure, hex, level });
        }
        _ => events.push(Event::PowerDeclined {
            figure: destroyed(state, r.unit).map_or(0, |f| f.id),
            unit: r.unit,
            power: r.power,
        }),
    }
    state.frames.as_mut().pop();
    skirmish_engine::frames::resume::<HsFrame>(state);
    Ok(())
}
