//! Choices made at the start of the game ([`Effect::StartChoice`]): *At the start of the
//! game, choose an Archmage, Dragon, King, or Queen Unique Hero you control to be the Liege*
//! (*Cleave to the Mighty*), *... to be the Greenscale Warriors' Lizard King* (*Loyalty to
//! the Lizard King*).
//!
//! Once every army is placed and before the first round, each card with such a power asks
//! its owner ([`HsFrame::StartChoice`], the [`Decision::UsePower`] of the power) which figure of
//! the army it chooses ([`Action::UsePower`] naming it); the choice holds for the whole game,
//! kept in [`super::choices::PowerState::chosen`] and shown on the card. The card's other
//! effects name that figure: a bonded turn with it ([`Effect::ChosenBonding`], through
//! [`super::bonding`]), a bonus while it is near ([`Condition::ChosenWithin`](crate::power::Condition::ChosenWithin)).
//! Players with choices to make choose in the order of a d20 roll-off (*Activer des pouvoirs
//! en simultané*). Nothing secret is shown: no order marker is down yet.

use serde::{Deserialize, Serialize};
use skirmish_dice::Dice;
use skirmish_engine::frames::Ask;
use skirmish_engine::{Rejection, Seat};

use crate::power::{Effect, Filter};

use super::super::frames::HsFrame;
use super::super::state::{Figure, State};
use super::super::{play, Action, Decision, Event, RollFor};
use super::matches;

/// A start-of-game choice asked of its card's owner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartChoice {
    /// Who chooses.
    pub seat: Seat,
    /// The card.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
}

/// A figure a card chose at the start of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chosen {
    /// The card that chose.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
    /// The figure chosen.
    pub figure: u32,
}

/// A card's choice as anyone sees it on the card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChosenView {
    /// The power's printed name.
    pub power: String,
    /// The figure chosen.
    pub figure: u32,
    /// Its card's name.
    pub name: String,
}

/// A card's start-of-game choices: each power's place and the kinds of figures it may choose.
fn rules(state: &State, unit: u16) -> Vec<(u8, &[Filter])> {
    let Some(u) = state.unit(unit) else {
        return Vec::new();
    };
    u.card
        .powers
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let choose = p.effects.as_deref()?.iter().find_map(|e| match e {
                Effect::StartChoice { choose } => Some(choose.as_slice()),
                _ => None,
            })?;
            Some((u8::try_from(i).ok()?, choose))
        })
        .collect()
}

/// The figures of `seat`'s army that a choice may name: in the game, matching one of `choose`.
fn candidates(state: &State, seat: Seat, choose: &[Filter]) -> Vec<u32> {
    state
        .figures
        .iter()
        .filter(|f| !f.destroyed && f.owner == seat)
        .filter(|f| choose.iter().any(|c| matches(state.card_of(f), c)))
        .map(|f| f.id)
        .collect()
}

/// A figure to name a card by in the question: its first figure in the game.
fn bearer(state: &State, unit: u16) -> u32 {
    state.unit_alive(unit).next().map_or(0, |f| f.id)
}

/// Every army is placed: the start-of-game choices are asked, players in the order of a d20
/// roll-off when several have one; true while they are (the first round starts once the last
/// is answered). Asked once per game.
pub fn at_start(state: &mut State, dice: &mut Dice, events: &mut Vec<Event>) -> bool {
    if state.lasting.start_asked {
        return false;
    }
    state.lasting.start_asked = true;
    let mut ready: Vec<StartChoice> = Vec::new();
    for unit in state.units.iter().map(|u| u.id) {
        if !state.unit_standing(unit) {
            continue;
        }
        let seat = state.units[usize::from(unit)].owner;
        for (power, choose) in rules(state, unit) {
            if !candidates(state, seat, choose).is_empty() {
                ready.push(StartChoice { seat, unit, power });
            }
        }
    }
    let mut seats: Vec<Seat> = Vec::new();
    for c in &ready {
        if !seats.contains(&c.seat) {
            seats.push(c.seat);
        }
    }
    if seats.len() > 1 {
        let first = play::roll_off(state, dice, &seats, RollFor::Powers, events);
        let all: Vec<Seat> = state.seats().collect();
        let at = all.iter().position(|s| *s == first).unwrap_or(0);
        let order: Vec<Seat> = all[at..].iter().chain(&all[..at]).copied().collect();
        ready.sort_by_key(|c| order.iter().position(|o| *o == c.seat));
    }
    let asked = !ready.is_empty();
    // the first to choose is asked first: on top of the stack
    for c in ready.into_iter().rev() {
        state.frames.as_mut().push(HsFrame::StartChoice(c));
    }
    asked
}

/// What the frame asks: the power's use, naming a figure.
pub(crate) fn asks(state: &State, c: &StartChoice) -> Ask<Decision> {
    Ask {
        seats: vec![c.seat],
        decision: Decision::UsePower {
            figure: bearer(state, c.unit),
            unit: c.unit,
            power: c.power,
        },
    }
}

/// The answers of `seat`: each figure it may choose (the power says *choose*: no refusal).
pub(crate) fn answers(state: &State, c: &StartChoice, seat: Seat) -> Vec<Action> {
    if seat != c.seat {
        return Vec::new();
    }
    let Some((_, choose)) = rules(state, c.unit)
        .into_iter()
        .find(|(p, _)| *p == c.power)
    else {
        return Vec::new();
    };
    let figure = bearer(state, c.unit);
    candidates(state, seat, choose)
        .into_iter()
        .map(|t| Action::UsePower {
            figure,
            power: c.power,
            target: Some(t),
        })
        .collect()
}

/// Answers the frame: the choice is kept; the first round starts after the last choice.
pub(crate) fn resolve(
    state: &mut State,
    c: &StartChoice,
    seat: Seat,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    let &Action::UsePower {
        target: Some(chosen),
        ..
    } = answer
    else {
        return Err(Rejection::illegal(
            "choose a figure of your army for the card's power first",
        ));
    };
    if !answers(state, c, seat).contains(answer) {
        return Err(Rejection::illegal(format!(
            "figure {chosen} cannot be chosen: the power names which figures of your army it may \
             choose"
        )));
    }
    state.frames.as_mut().pop();
    state.lasting.chosen.push(Chosen {
        unit: c.unit,
        power: c.power,
        figure: chosen,
    });
    events.push(Event::StartChosen {
        figure: bearer(state, c.unit),
        unit: c.unit,
        power: c.power,
        chosen,
    });
    if !matches!(state.frames.top(), Some(HsFrame::StartChoice(_))) {
        play::start_round(state, dice, events);
    }
    Ok(())
}

/// The figure a card chose at the start of the game.
pub fn chosen(state: &State, unit: u16) -> Option<&Figure> {
    state
        .lasting
        .chosen
        .iter()
        .find(|c| c.unit == unit)
        .and_then(|c| state.figure(c.figure))
}

/// Whether `unit`'s chosen figure is on the battlefield within `n` clear-sight spaces of `f`.
pub fn chosen_within(state: &State, unit: u16, f: &Figure, n: u16) -> bool {
    chosen(state, unit)
        .filter(|g| g.on_field() && f.on_field() && g.id != f.id)
        .is_some_and(|g| super::values::within_clear_sight(state, g, f, n))
}

/// The figure `seat` may take a bonded turn with for `unit`'s card: its chosen figure, on the
/// battlefield and still under `seat`'s control.
pub fn chosen_partner(state: &State, seat: Seat, unit: u16) -> Vec<u32> {
    chosen(state, unit)
        .filter(|g| g.on_field() && g.owner == seat && g.unit != unit)
        .map(|g| g.id)
        .into_iter()
        .collect()
}

/// A card's choices as shown on it.
pub fn views(state: &State, unit: u16) -> Vec<ChosenView> {
    let Some(u) = state.unit(unit) else {
        return Vec::new();
    };
    state
        .lasting
        .chosen
        .iter()
        .filter(|c| c.unit == unit)
        .filter_map(|c| {
            let g = state.figure(c.figure)?;
            Some(ChosenView {
                power: u.card.powers.get(usize::from(c.power))?.name.clone(),
                figure: c.figure,
                name: state.card_of(g).name.clone(),
            })
        })
        .collect()
}

/// Wound markers on `unit`'s chosen figure while it is on the battlefield (*Highland Fury*).
pub fn chosen_wounds(state: &State, unit: u16) -> u16 {
    chosen(state, unit)
        .filter(|g| g.on_field())
        .map_or(0, |g| g.wounds)
}

/// Whether `f`'s card may not attack `t`: the figure its card chose, when the card spares it
/// ([`Effect::SpareChosen`]).
pub fn spares(state: &State, f: &Figure, t: &Figure) -> bool {
    super::effects_of(state, f).any(|e| matches!(e, Effect::SpareChosen))
        && chosen(state, f.unit).is_some_and(|g| g.id == t.id)
}
