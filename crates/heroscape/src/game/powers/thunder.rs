//! *Thunder Step* at play ([`ThrowPower::StepBesideOpponent`], `power/throw.rs`).
//!
//! Instead of moving normally, the figure is placed on an empty space adjacent to an
//! opponent's figure within the card's clear-sight spaces of it: a move by power
//! ([`MoveWay::Beside`]) whose places are [`beside_destinations`]. The space chosen says the
//! figure chosen: every opponent's figure within reach next to that space is one the player
//! could have chosen, and nothing else depends on which, so the move asks only where.
//! Placing is not moving: no fall, no glyph passed over; engaged, the figure takes no
//! leaving-engagement attack, as the card says. The turn's record keeps the move
//! (`TurnRecord::moved_by`): for the rest of the turn the figure's attack value rises
//! ([`changes`]), and at the end of the turn one combat die is rolled for it, nobody asked, a
//! skull putting the card's wound markers on it ([`turn_ends`]). *Thunder Ram Assault
//! Special Attack* reads the same record (`special/riders.rs`).

use skirmish_board::hex::Hex;
use skirmish_dice::Dice;

use crate::battlefield::Level;
use crate::card::Card;
use crate::game::state::{Phase, Stage};
use crate::movement::Way;
use crate::power::{Effect, Stat, ThrowPower};

use super::super::geometry::{self, Destination};
use super::super::state::{Figure, State};
use super::super::{combat, Event};
use super::moves::MoveWay;
use super::react::Reacted;
use super::values::{self, Tally, Why};

/// A card's *Thunder Step*: its place among the card's powers and its numbers.
struct Step {
    power: u8,
    within: u16,
    attack: i8,
    skull_wounds: u16,
    disengage: bool,
}

fn step_of(card: &Card) -> Option<Step> {
    card.powers.iter().enumerate().find_map(|(i, p)| {
        p.effects.as_deref()?.iter().find_map(|e| match *e {
            Effect::Throw(ThrowPower::StepBesideOpponent {
                within,
                attack,
                skull_wounds,
                disengage,
            }) => Some(Step {
                power: u8::try_from(i).ok()?,
                within,
                attack,
                skull_wounds,
                disengage,
            }),
            _ => None,
        })
    })
}

/// The printed name of the card's power at `power`.
fn name(card: &Card, power: u8) -> String {
    card.powers
        .get(usize::from(power))
        .map_or_else(String::new, |p| p.name.clone())
}

/// Every place `f` may be put by its *Thunder Step*: empty spaces where it fits, at any level,
/// adjacent (engagement's adjacency) to an opponent's figure within the card's clear-sight
/// spaces of where `f` stands. The placing search reaches two spaces past that number: the
/// far hex of a double-space figure at the limit, and a space beside it.
pub fn beside_destinations(state: &State, f: &Figure) -> Vec<Destination> {
    let Some(step) = step_of(state.card_of(f)) else {
        return Vec::new();
    };
    let chosen: Vec<&Figure> = state
        .figures
        .iter()
        .filter(|g| g.on_field() && g.id != f.id && !state.allies(g.owner, f.owner))
        .filter(|g| values::within_clear_sight(state, f, g, step.within))
        .collect();
    if chosen.is_empty() {
        return Vec::new();
    }
    let mut out = geometry::destinations_by(state, f, Way::Teleport, step.within.saturating_add(2));
    out.retain(|d| {
        let there = Figure {
            hex: Some(d.hex),
            tail: d.tail,
            level: d.level,
            ..f.clone()
        };
        chosen.iter().any(|g| values::adjacent(state, &there, g))
    });
    if step.disengage {
        for d in &mut out {
            d.path.leaves.clear();
        }
    }
    out
}

/// Why `f` may not be put on `to` at `level` by its *Thunder Step*, for people (English, as the
/// game's rejections are).
pub fn explain(state: &State, f: &Figure, to: Hex, level: Level) -> String {
    let card = state.card_of(f);
    let Some(step) = step_of(card) else {
        return format!("figure {} has no Thunder Step", f.id);
    };
    let power = name(card, step.power);
    let may_move = state.turn().is_some_and(|t| {
        t.unit == f.unit && t.stage == Stage::Move && !t.moved.contains(&f.id) && f.on_field()
    });
    if !may_move {
        return format!(
            "{power} is used instead of moving normally: only a figure of the active card that \
             has not moved may use it, before the attacks"
        );
    }
    let chosen: Vec<&Figure> = state
        .figures
        .iter()
        .filter(|g| g.on_field() && g.id != f.id && !state.allies(g.owner, f.owner))
        .filter(|g| values::within_clear_sight(state, f, g, step.within))
        .collect();
    if chosen.is_empty() {
        return format!(
            "no opponent's figure is within {} clear sight spaces of figure {}: {power} has no \
             figure to choose",
            step.within, f.id
        );
    }
    let there = Figure {
        hex: Some(to),
        tail: None,
        level,
        ..f.clone()
    };
    if !chosen.iter().any(|g| values::adjacent(state, &there, g)) {
        return format!(
            "{to} at level {level} is adjacent to no opponent's figure within {} clear sight \
             spaces of figure {}: {power} places it beside the figure chosen",
            step.within, f.id
        );
    }
    format!(
        "{to} at level {level} is not an empty space where figure {} fits",
        f.id
    )
}

/// Whether `figure` moved by its *Thunder Step* in the turn under way.
fn stepped(state: &State, figure: u32) -> bool {
    state.turn().is_some_and(|t| {
        t.record
            .moved_by
            .iter()
            .any(|&(id, way)| id == figure && way == MoveWay::Beside)
    })
}

/// The attack value *Thunder Step* adds to `f` for the rest of the turn it was used in.
pub(crate) fn changes(state: &State, f: &Figure, stat: Stat, t: &mut Tally) {
    if stat != Stat::Attack || !stepped(state, f.id) {
        return;
    }
    let card = state.card_of(f);
    if let Some(step) = step_of(card) {
        t.add(
            Why::Power {
                unit: f.unit,
                power: name(card, step.power),
            },
            i16::from(step.attack),
        );
    }
}

/// The turn ends: each figure on the battlefield that moved by its *Thunder Step* rolls one
/// combat die, nobody asked; a skull puts the card's wound markers on it. The record forgets
/// those moves, so that a turn's end asked again (a power after the turn waiting for its
/// answer) rolls nothing more.
pub(crate) fn turn_ends(state: &mut State, dice: &mut Dice, events: &mut Vec<Event>) {
    let Phase::Turns {
        turn: Some(turn), ..
    } = &mut state.phase
    else {
        return;
    };
    let mut ids: Vec<u32> = turn
        .record
        .moved_by
        .iter()
        .filter(|(_, way)| *way == MoveWay::Beside)
        .map(|(id, _)| *id)
        .collect();
    ids.dedup();
    turn.record
        .moved_by
        .retain(|(_, way)| *way != MoveWay::Beside);
    for id in ids {
        let Some(f) = state.figure(id).filter(|f| f.on_field()).cloned() else {
            continue;
        };
        let Some(step) = step_of(state.card_of(&f)) else {
            continue;
        };
        let faces = combat::roll(dice, 1);
        let skulls = combat::skulls(&faces);
        events.push(Event::React {
            what: Reacted::DiceRolled {
                figure: id,
                unit: f.unit,
                power: step.power,
                dice: faces,
            },
        });
        let why = Why::Power {
            unit: f.unit,
            power: name(state.card_of(&f), step.power),
        };
        combat::power_wound(
            state,
            id,
            step.skull_wounds.saturating_mul(skulls),
            why,
            events,
        );
    }
}
