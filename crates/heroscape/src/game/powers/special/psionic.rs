//! *Psionic Blast*'s rider ([`Specials::MarkerOffOnWound`]): each figure the special attack
//! wounds loses one unrevealed order marker from its army card, chosen at random.
//!
//! The markers considered are the face-down ones lying on the figure's unit (every copy of a
//! common card, "or cards if your opponent has more than one Common card for that figure"),
//! whoever placed them; a die with one face for each, from the recorded dice stream, picks the
//! one that goes. [`Event::MarkersRemoved`] tells how many went, never which: the number stays
//! hidden from every seat, its owner's view showing only that the marker is gone.

use skirmish_dice::{Dice, Die};
use skirmish_engine::Seat;

use crate::game::state::State;
use crate::game::Event;
use crate::power::specials::Specials;

/// The place among its card's powers of the power named `name` when it carries `rider`.
fn power_with(state: &State, unit: u16, name: &str, rider: &Specials) -> Option<u8> {
    let card = &state.unit(unit)?.card;
    super::riders::riders(card, name)
        .into_iter()
        .find(|(_, r)| *r == rider)
        .map(|(i, _)| i)
}

/// After `attacker`'s special attack named `power` put `wounds` on `wounded`: the rider of the
/// power, if it has one.
pub(super) fn after_wounds(
    state: &mut State,
    attacker: u32,
    power: &str,
    wounded: u32,
    wounds: u16,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    if wounds == 0 {
        return;
    }
    let Some(by) = state.figure(attacker).map(|a| a.unit) else {
        return;
    };
    let Some(ix) = power_with(state, by, power, &Specials::MarkerOffOnWound) else {
        return;
    };
    let Some(unit) = state.figure(wounded).map(|f| f.unit) else {
        return;
    };
    let lying: Vec<(usize, usize)> = state
        .players
        .iter()
        .enumerate()
        .flat_map(|(seat, p)| {
            (0..4)
                .filter(move |&i| p.markers.on[i] == Some(unit) && !p.markers.revealed[i])
                .map(move |i| (seat, i))
        })
        .collect();
    if lying.is_empty() {
        return;
    }
    let faces: Vec<String> = (1..=lying.len()).map(|n| n.to_string()).collect();
    let Ok(die) = Die::custom("order marker", faces) else {
        return;
    };
    let face = usize::from(dice.roll(&die).max(1)) - 1;
    let Some(&(seat, i)) = lying.get(face) else {
        return;
    };
    let markers = &mut state.players[seat].markers;
    markers.on[i] = None;
    markers.revealed[i] = false;
    markers.lost[i] = false;
    events.push(Event::MarkersRemoved {
        figure: attacker,
        by,
        power: ix,
        seat: Seat(u8::try_from(seat).unwrap_or(u8::MAX)),
        unit,
        count: 1,
    });
}
