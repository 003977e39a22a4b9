//! Turns with other figures when this card's order marker comes ([`Effect::TurnsWith`]):
//! *Mind Link*, *Utgar's Orders*, *Master of the Elements*, *Red Flag of Fury Aura* (instead of
//! this card's turn), *Command of the Wild* (before it).
//!
//! The marker is revealed as for any turn (the turn starts); the player may then take turns
//! with up to the power's number of figures, one after the other, each chosen when the one
//! before has ended. Each is a turn of the chosen figure's card in which only that figure moves
//! and attacks, as a bonded turn ([`super::bonding`]). When the player stops, or the number is
//! reached, the card's own turn follows (*before*) or the turn ends (*instead*). Declining the
//! first offer of an *instead* power is taking the card's own turn.

use serde::{Deserialize, Serialize};
use skirmish_engine::Seat;

use crate::power::{Effect, Filter, Trigger};

use super::super::frames::HsFrame;
use super::super::state::{Marker, Phase, Stage, State};
use super::super::{Action, Event};
use super::bonding::Bonded;
use super::matches;
use super::triggered::{candidates, Offer, Then};
use super::values::within_clear_sight;

/// The turns a power of this module is giving in the turn under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chain {
    /// The card whose marker it is.
    pub unit: u16,
    /// The power's place on it.
    pub power: u8,
    /// The figures that took (or are taking) a turn, in order.
    pub taken: Vec<u32>,
}

/// The printed limits of a [`Effect::TurnsWith`].
struct Spec<'a> {
    with: &'a Filter,
    up_to: u8,
    instead: bool,
    within: Option<u16>,
    marker: Option<u8>,
}

/// A card's turns-with power: its place and limits.
fn power_of(state: &State, unit: u16) -> Option<(u8, Spec<'_>)> {
    let card = &state.unit(unit)?.card;
    card.powers.iter().enumerate().find_map(|(i, p)| {
        p.effects.as_deref()?.iter().find_map(|e| match e {
            Effect::TurnsWith {
                with,
                up_to,
                instead,
                within,
                marker,
            } => Some((
                u8::try_from(i).ok()?,
                Spec {
                    with,
                    up_to: *up_to,
                    instead: *instead,
                    within: *within,
                    marker: *marker,
                },
            )),
            _ => None,
        })
    })
}

/// Whether `power` of `unit` is a turns-with power.
pub(crate) fn is_power(state: &State, unit: u16, power: u8) -> bool {
    power_of(state, unit).is_some_and(|(p, _)| p == power)
}

/// The figures `seat` may take the next turn with: its other cards' figures of the kind, not
/// yet chosen this turn, near enough to a figure of the card when the power says so.
fn partners(state: &State, seat: Seat, unit: u16, spec: &Spec, taken: &[u32]) -> Vec<u32> {
    let mine: Vec<_> = state.unit_alive(unit).filter(|f| f.on_field()).collect();
    state
        .figures
        .iter()
        .filter(|f| f.on_field() && f.owner == seat && f.unit != unit && !taken.contains(&f.id))
        .filter(|f| matches(state.card_of(f), spec.with))
        .filter(|f| {
            spec.within
                .is_none_or(|n| mine.iter().any(|m| within_clear_sight(state, m, f, n)))
        })
        .map(|f| f.id)
        .collect()
}

/// A turn has just started: a card with a turns-with power offers its first turn; true while
/// the question is pending.
pub fn before_turn(state: &mut State) -> bool {
    state.powers.chain = None;
    let Some(turn) = state.turn().cloned() else {
        return false;
    };
    let Some((power, spec)) = power_of(state, turn.unit) else {
        return false;
    };
    let on_marker = spec
        .marker
        .is_none_or(|m| usize::from(m) == turn.marker.index() + 1 && turn.marker != Marker::X);
    if !on_marker || partners(state, turn.seat, turn.unit, &spec, &[]).is_empty() {
        return false;
    }
    let Some(figure) = state.unit_alive(turn.unit).next().map(|f| f.id) else {
        return false;
    };
    state.powers.chain = Some(Chain {
        unit: turn.unit,
        power,
        taken: Vec::new(),
    });
    state.frames.as_mut().push(HsFrame::Power(Offer {
        seat: turn.seat,
        figure,
        unit: turn.unit,
        power,
        then: Then::Turn,
    }));
    true
}

/// The uses offered: a turn with each figure that may take it.
pub(crate) fn uses(state: &State, o: &Offer) -> Vec<Action> {
    let Some((_, spec)) = power_of(state, o.unit).filter(|(p, _)| *p == o.power) else {
        return Vec::new();
    };
    let taken = state
        .powers
        .chain
        .as_ref()
        .filter(|c| c.unit == o.unit)
        .map_or(&[][..], |c| &c.taken[..]);
    partners(state, o.seat, o.unit, &spec, taken)
        .into_iter()
        .map(|t| Action::UsePower {
            figure: o.figure,
            power: o.power,
            target: Some(t),
        })
        .collect()
}

/// Takes the turn with `target`: a turn of its card in which only it acts.
pub(crate) fn use_power(
    state: &mut State,
    o: &Offer,
    target: Option<u32>,
    events: &mut Vec<Event>,
) {
    let Some(t) = target.and_then(|id| state.figure(id)).cloned() else {
        return;
    };
    let instead = power_of(state, o.unit).is_some_and(|(_, s)| s.instead);
    match &mut state.powers.chain {
        Some(c) if c.unit == o.unit => c.taken.push(t.id),
        chain => {
            *chain = Some(Chain {
                unit: o.unit,
                power: o.power,
                taken: vec![t.id],
            });
        }
    }
    state.powers.bonded = Some(Bonded {
        figure: t.id,
        then: o.unit,
    });
    super::bonding::extra_turn_with(state, t.unit);
    events.push(Event::TurnWith {
        figure: t.id,
        unit: o.unit,
        power: o.power,
        instead,
    });
}

/// The turn of a figure chosen by a turns-with power is over (`b`, taken off the state): the
/// next figure is offered while the number allows. `None` when `b` is not this module's (a
/// bonding's, or a *before* power's last turn: the card's own turn follows as after a
/// bonding); else whether a question is pending (false: the turn ends).
pub fn after_turn_with(state: &mut State, b: &Bonded) -> Option<bool> {
    let chain = state.powers.chain.clone().filter(|c| c.unit == b.then)?;
    let (_, spec) = power_of(state, chain.unit)?;
    let seat = state.turn()?.seat;
    let figure = state.unit_alive(chain.unit).next().map(|f| f.id);
    let more = usize::from(spec.up_to) > chain.taken.len()
        && state.unit_standing(chain.unit)
        && !partners(state, seat, chain.unit, &spec, &chain.taken).is_empty();
    let (instead, power) = (spec.instead, chain.power);
    let Some(figure) = figure.filter(|_| more) else {
        return instead.then_some(false);
    };
    let then = if instead {
        // declined, the turn ends: the last figure's turn is the one ending
        Then::EndTurn { seat }
    } else {
        // declined, the card's own turn follows
        state.powers.extra_turns += 1;
        if let Phase::Turns {
            turn: Some(turn), ..
        } = &mut state.phase
        {
            turn.unit = chain.unit;
            turn.stage = Stage::Move;
            turn.moved.clear();
            turn.attacked.clear();
        }
        Then::Turn
    };
    state.frames.as_mut().push(HsFrame::Power(Offer {
        seat,
        figure,
        unit: chain.unit,
        power,
        then,
    }));
    Some(true)
}

/// An order marker has just been revealed: a power of the same player's card that acts on the
/// revealed card's figure (*Healing Word*) is offered, to the figure bearing it, before any
/// other; true while the question is pending. The roll and the outcome are the triggered
/// power's ([`super::triggered`]).
pub fn after_reveal(state: &mut State) -> bool {
    let Some(turn) = state.turn().cloned() else {
        return false;
    };
    let mut offer = None;
    'units: for unit in state.units.iter().filter(|u| u.owner == turn.seat) {
        for (i, p) in unit.card.powers.iter().enumerate() {
            let Some(t) = p.effects.as_deref().and_then(|e| {
                e.iter().find_map(|e| match e {
                    Effect::Triggered(t) if t.trigger == Trigger::MarkerRevealedOnTarget => Some(t),
                    _ => None,
                })
            }) else {
                continue;
            };
            let (Some(target), Ok(power)) = (&t.target, u8::try_from(i)) else {
                continue;
            };
            for user in state.unit_alive(unit.id).filter(|f| f.on_field()) {
                let mut reached = candidates(state, turn.seat, user, target);
                only_revealed(state, &mut reached);
                if !reached.is_empty() {
                    offer = Some(Offer {
                        seat: turn.seat,
                        figure: user.id,
                        unit: unit.id,
                        power,
                        then: Then::Turn,
                    });
                    break 'units;
                }
            }
        }
    }
    let Some(offer) = offer else {
        return false;
    };
    state.frames.as_mut().push(HsFrame::Power(offer));
    true
}

/// Keeps the figures of the card whose marker was revealed for the turn under way.
pub(crate) fn only_revealed(state: &State, figures: &mut Vec<u32>) {
    let revealed = state.turn().map(|t| t.unit);
    figures.retain(|&id| state.figure(id).is_some_and(|f| Some(f.unit) == revealed));
}

#[cfg(test)]
#[path = "orders_tests.rs"]
mod tests;
