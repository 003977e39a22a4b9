//! An enemy order marker looked at in secret, then maybe moved to another card of its player
//! (*Maddening Chitter 14*: [`crate::power::d20c::D20c::PeekMoveMarker`], once per round:
//! [`crate::power::d20c::D20c::OncePerRound`]).
//!
//! Secrecy: the face-down markers on a card are alike from the back, so the one looked at is
//! picked by a die with a face for each, from the recorded dice stream (as *Crippling
//! Glance* picks the one it removes), never by its number. Its number is then known to the
//! looking player (and teammates) for the rest of the round: their view of the markers
//! shows it, wherever it is moved, and the guesses the bots make of the hidden markers keep
//! it. The log tells everyone else that a marker was looked at and moved, never which.

use serde::{Deserialize, Serialize};
use skirmish_dice::Dice;
use skirmish_engine::{Seat, Viewer};

use super::triggered::{self, Offer, Then};
use crate::game::frames::HsFrame;
use crate::game::state::{Marker, State};
use crate::game::{Action, Event};

/// What these powers remember.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeekMemory {
    /// Powers used this round that may be used once per round: the round, the unit, the
    /// power.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<(u32, u16, u8)>,
    /// Markers looked at: the round, the looking player, the marker's player, the marker.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub known: Vec<(u32, Seat, Seat, Marker)>,
    /// The marker looked at whose move is asked: the power's unit and place, the marker's
    /// player, the marker.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moving: Option<(u16, u8, Seat, Marker)>,
}

/// What happened to a marker looked at, as the log tells it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "peek", rename_all = "snake_case")]
pub enum Peeked {
    /// `by` looked at a face-down marker of `seat` on the card `on`.
    Looked {
        /// The figure whose power it was.
        figure: u32,
        /// Its unit.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// The looking player.
        by: Seat,
        /// The marker's player.
        seat: Seat,
        /// The card it lies on.
        on: u16,
        /// Which, for those who may know.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        marker: Option<Marker>,
    },
    /// The marker looked at moved from one card of its player to another.
    Moved {
        /// The looking player.
        by: Seat,
        /// The marker's player.
        seat: Seat,
        /// Which, for those who may know.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        marker: Option<Marker>,
        /// The card it lay on.
        from: u16,
        /// The card it lies on now.
        to: u16,
    },
}

/// Whether the power at `power` of `unit` was used this round already (a power used once per
/// round).
pub(crate) fn spent_this_round(state: &State, unit: u16, power: u8) -> bool {
    state
        .powers
        .peek
        .rounds
        .contains(&(state.round, unit, power))
}

/// A power used once per round is used (its roll is made, whatever it gives).
pub(crate) fn note_round_use(state: &mut State, unit: u16, power: u8) {
    let round = state.round;
    let rounds = &mut state.powers.peek.rounds;
    rounds.retain(|r| r.0 == round);
    rounds.push((round, unit, power));
}

/// The face-down markers of the player of `unit` lying on it.
fn face_down(state: &State, unit: u16) -> Option<(Seat, Vec<Marker>)> {
    let seat = state.unit(unit)?.owner;
    let m = &state.players.get(seat.index())?.markers;
    let lying: Vec<Marker> = Marker::ALL
        .into_iter()
        .filter(|mk| m.on[mk.index()] == Some(unit) && !m.revealed[mk.index()])
        .collect();
    Some((seat, lying))
}

/// Whether the card of figure `id` holds a face-down marker of its player: a figure worth
/// choosing.
pub(crate) fn holds_face_down(state: &State, id: u32) -> bool {
    state
        .figure(id)
        .and_then(|f| face_down(state, f.unit))
        .is_some_and(|(_, lying)| !lying.is_empty())
}

/// The power succeeded on the `chosen` figure: one of the face-down markers on its card is
/// picked by the die and shown to the user's player, then its move is asked.
pub(crate) fn look(
    state: &mut State,
    dice: &mut Dice,
    user: u32,
    o: &Offer,
    chosen: u32,
    events: &mut Vec<Event>,
) {
    let Some(on) = state.figure(chosen).map(|f| f.unit) else {
        return;
    };
    let Some((seat, lying)) = face_down(state, on) else {
        return;
    };
    let marker = match lying.as_slice() {
        [] => return,
        [one] => *one,
        _ => {
            let faces: Vec<String> = (1..=lying.len()).map(|n| n.to_string()).collect();
            let Ok(die) = skirmish_dice::Die::custom("order marker", faces) else {
                return;
            };
            let face = usize::from(dice.roll(&die).max(1)) - 1;
            lying[face.min(lying.len() - 1)]
        }
    };
    let round = state.round;
    let memory = &mut state.powers.peek;
    memory.known.retain(|k| k.0 == round);
    memory.known.push((round, o.seat, seat, marker));
    memory.moving = Some((o.unit, o.power, seat, marker));
    events.push(Event::Peek {
        what: Peeked::Looked {
            figure: user,
            unit: o.unit,
            power: o.power,
            by: o.seat,
            seat,
            on,
            marker: Some(marker),
        },
    });
    if destinations(state, seat, on).is_empty() {
        state.powers.peek.moving = None;
        return;
    }
    state.frames.as_mut().push(HsFrame::Power(Offer {
        seat: o.seat,
        figure: user,
        unit: o.unit,
        power: o.power,
        then: Then::Turn,
    }));
}

/// The figures on the battlefield of `seat` on cards other than `from`: where the marker may go.
fn destinations(state: &State, seat: Seat, from: u16) -> Vec<u32> {
    state
        .figures
        .iter()
        .filter(|f| f.on_field() && f.owner == seat && f.unit != from)
        .filter(|f| state.unit(f.unit).is_some_and(|u| u.owner == seat))
        .map(|f| f.id)
        .collect()
}

/// Whether `o` asks where the marker looked at goes.
pub(crate) fn moving(state: &State, o: &Offer) -> bool {
    state
        .powers
        .peek
        .moving
        .is_some_and(|(unit, power, ..)| (unit, power) == (o.unit, o.power))
}

/// The answers while `o` asks where the marker goes: a figure of each other card of its
/// player (declining leaves it where it is).
pub(crate) fn move_uses(state: &State, o: &Offer) -> Option<Vec<Action>> {
    let (_, _, seat, marker) = state.powers.peek.moving?;
    if !moving(state, o) {
        return None;
    }
    let from = state.players.get(seat.index())?.markers.on[marker.index()]?;
    Some(
        destinations(state, seat, from)
            .into_iter()
            .map(|id| Action::UsePower {
                figure: o.figure,
                power: o.power,
                target: Some(id),
            })
            .collect(),
    )
}

/// The move answered: the marker goes to the card of the `chosen` figure, or stays.
pub(crate) fn move_marker(
    state: &mut State,
    o: &Offer,
    chosen: Option<u32>,
    events: &mut Vec<Event>,
) {
    let Some((_, _, seat, marker)) = state.powers.peek.moving.take() else {
        return;
    };
    let (Some(to), Some(from)) = (
        chosen.and_then(|id| state.figure(id)).map(|f| f.unit),
        state.players[seat.index()].markers.on[marker.index()],
    ) else {
        events.push(Event::PowerDeclined {
            figure: o.figure,
            unit: o.unit,
            power: o.power,
        });
        return;
    };
    state.players[seat.index()].markers.on[marker.index()] = Some(to);
    events.push(Event::Peek {
        what: Peeked::Moved {
            by: o.seat,
            seat,
            marker: Some(marker),
            from,
            to,
        },
    });
}

/// The face-down markers of `seat` that `viewer` knows by a look this round.
pub(crate) fn known_to(state: &State, viewer: Viewer, seat: Seat) -> Vec<Marker> {
    let Viewer::Seat(me) = viewer else {
        return Vec::new();
    };
    let m = &state.players[seat.index()].markers;
    state
        .powers
        .peek
        .known
        .iter()
        .filter(|k| k.0 == state.round && k.2 == seat && state.allies(me, k.1))
        .map(|k| k.3)
        .filter(|mk| m.on[mk.index()].is_some() && !m.revealed[mk.index()])
        .collect()
}

/// A marker looked at as `viewer` sees it in the log: its number only for the looking
/// player and the marker's own.
pub(crate) fn event_view(what: &Peeked, viewer: Viewer) -> Peeked {
    let mut out = what.clone();
    match &mut out {
        Peeked::Looked {
            by, seat, marker, ..
        }
        | Peeked::Moved {
            by, seat, marker, ..
        } => {
            if !(viewer.sees_secrets_of(*by) || viewer.sees_secrets_of(*seat)) {
                *marker = None;
            }
        }
    }
    out
}

/// Uses an offered power of this family on the `chosen` figure: the roll, then the look on
/// a success. False for a power without [`crate::power::d20c::D20c::PeekMoveMarker`].
pub(crate) fn use_power(
    state: &mut State,
    dice: &mut Dice,
    user: u32,
    chosen: Option<u32>,
    o: &Offer,
    roll: &crate::power::Roll,
    events: &mut Vec<Event>,
) {
    if triggered::roll_d20(state, dice, user, o.power, roll, 0, events) {
        if let Some(chosen) = chosen {
            look(state, dice, user, o, chosen, events);
        }
    }
}
