//! Powers on order markers and initiative: what the markers a player put on a card add to that
//! player's initiative roll (*Initiative Advantage*, *Combat Leader*).
//!
//! The bonus is read when the roll is made, after every marker is down; it shows in the
//! roll-off as every other bonus does. It tells how many markers lie on the card, as the
//! player announcing the bonus at the table does, never which numbers they are.

use skirmish_engine::Seat;

use crate::power::Effect;

use super::super::state::State;
use super::{effects, matches};

/// What the powers of `seat`'s cards add to its initiative roll.
pub fn initiative_bonus(state: &State, seat: Seat) -> u16 {
    let Some(player) = state.players.get(seat.index()) else {
        return 0;
    };
    let placed: Vec<u16> = player.markers.on.iter().flatten().copied().collect();
    let mut total = 0u16;
    for unit in state.units.iter().filter(|u| u.owner == seat) {
        let here = u16::try_from(placed.iter().filter(|&&u| u == unit.id).count()).unwrap_or(0);
        if here == 0 {
            continue;
        }
        for e in effects(&unit.card) {
            let Effect::InitiativeBonus {
                by,
                per_marker,
                max,
                markers_on,
            } = e
            else {
                continue;
            };
            let all_on = markers_on.as_ref().is_none_or(|filter| {
                placed.iter().all(|&u| {
                    state
                        .units
                        .get(usize::from(u))
                        .is_some_and(|x| matches(&x.card, filter))
                })
            });
            if !all_on {
                continue;
            }
            let add = if *per_marker { by * here } else { *by };
            total += max.map_or(add, |m| add.min(m));
        }
    }
    total
}

#[cfg(test)]
#[path = "turns_tests.rs"]
mod tests;
