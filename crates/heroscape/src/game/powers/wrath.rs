//! Wounds around a figure of yours, then that figure destroyed (*Lolth's Wrath*:
//! [`Misc::WoundsAroundChosen`], riding on a *before attacking* triggered power that chooses
//! the figure).
//!
//! The power is used in the attack step by a figure that has not attacked, the figure
//! chosen with the use. Its attack dice are rolled at once ([`Event::WrathRolled`]); then, one
//! skull at a time, its player is asked on which figure of the sizes named, within the
//! spaces named of the chosen figure and in its clear sight, the skull puts a wound (no
//! defence dice, any figure, friend or foe, the same one again if they like), through the
//! power's own question; declining puts no more. The chosen figure is destroyed once the
//! skulls are spent or declined, or when no figure is left to wound. It stays on the
//! battlefield until then: the wounds are counted from where it stands. The figure that
//! used the power may then attack as usual ("before attacking").

use serde::{Deserialize, Serialize};
use skirmish_dice::Dice;

use super::triggered::{Offer, Then};
use crate::card::Size;
use crate::game::frames::HsFrame;
use crate::game::state::State;
use crate::game::{combat, geometry, Action, Event};
use crate::power::misc::Misc;
use crate::power::Effect;

/// What *Lolth's Wrath* remembers while its skulls are asked.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WrathMemory {
    /// The power's unit and place, the chosen figure, the skulls left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub striking: Option<(u16, u8, u32, u16)>,
}

/// The rider of the power at `power` of `unit`'s card: dice, spaces, sizes.
fn rider(state: &State, unit: u16, power: u8) -> Option<(u16, u16, Vec<Size>)> {
    state
        .unit(unit)?
        .card
        .powers
        .get(usize::from(power))?
        .effects
        .as_deref()
        .unwrap_or_default()
        .iter()
        .find_map(|e| match e {
            Effect::Misc(Misc::WoundsAroundChosen {
                dice,
                within,
                sizes,
            }) => Some((*dice, *within, sizes.clone())),
            _ => None,
        })
}

/// The figures a skull may wound: of the sizes named, within the spaces named of `chosen`
/// and in its clear sight.
fn around(state: &State, unit: u16, power: u8, chosen: u32) -> Vec<u32> {
    let (Some((_, within, sizes)), Some(c)) = (rider(state, unit, power), state.figure(chosen))
    else {
        return Vec::new();
    };
    state
        .figures
        .iter()
        .filter(|g| g.on_field() && g.id != chosen)
        .filter(|g| sizes.contains(&state.card_of(g).size))
        .filter(|g| geometry::range(state, c, g).is_some_and(|r| r <= u32::from(within)))
        .filter(|g| geometry::can_see(state, c, g))
        .map(|g| g.id)
        .collect()
}

/// Uses the power: its dice rolled, then the first skull asked, or the chosen figure
/// destroyed at once. False for a power without [`Misc::WoundsAroundChosen`].
pub(crate) fn use_power(
    state: &mut State,
    dice: &mut Dice,
    user: u32,
    chosen: Option<u32>,
    o: &Offer,
    events: &mut Vec<Event>,
) -> bool {
    let (Some((n, ..)), Some(chosen)) = (rider(state, o.unit, o.power), chosen) else {
        return false;
    };
    let attack = combat::roll(dice, n);
    let skulls = combat::skulls(&attack);
    events.push(Event::WrathRolled {
        figure: user,
        unit: o.unit,
        power: o.power,
        chosen,
        attack,
    });
    state.powers.wrath.striking = Some((o.unit, o.power, chosen, skulls));
    next_skull(state, user, o, events);
    true
}

/// Asks the next skull while one is left and a figure may take it; else the chosen figure
/// is destroyed.
fn next_skull(state: &mut State, user: u32, o: &Offer, events: &mut Vec<Event>) {
    let Some((unit, power, chosen, skulls)) = state.powers.wrath.striking else {
        return;
    };
    if skulls > 0 && !around(state, unit, power, chosen).is_empty() {
        state.frames.as_mut().push(HsFrame::Power(Offer {
            seat: o.seat,
            figure: user,
            unit,
            power,
            then: Then::Turn,
        }));
        return;
    }
    state.powers.wrath.striking = None;
    if state.figure(chosen).is_some_and(|f| f.on_field()) {
        combat::destroy(state, chosen, events);
    }
}

/// Whether `o` asks where a skull goes.
pub(crate) fn striking(state: &State, o: &Offer) -> bool {
    state
        .powers
        .wrath
        .striking
        .is_some_and(|(unit, power, ..)| (unit, power) == (o.unit, o.power))
}

/// The answers while `o` asks where a skull goes: each figure it may wound.
pub(crate) fn uses(state: &State, o: &Offer) -> Option<Vec<Action>> {
    let (unit, power, chosen, _) = state.powers.wrath.striking?;
    if !striking(state, o) {
        return None;
    }
    Some(
        around(state, unit, power, chosen)
            .into_iter()
            .map(|id| Action::UsePower {
                figure: o.figure,
                power: o.power,
                target: Some(id),
            })
            .collect(),
    )
}

/// A skull answered: a wound on the figure chosen, the next skull asked; declined, no more.
pub(crate) fn strike(state: &mut State, o: &Offer, target: Option<u32>, events: &mut Vec<Event>) {
    let Some((unit, power, chosen, skulls)) = state.powers.wrath.striking else {
        return;
    };
    match target {
        Some(t) => {
            let why = super::values::Why::Power {
                unit,
                power: state.units[usize::from(unit)].card.powers[usize::from(power)]
                    .name
                    .clone(),
            };
            combat::power_wound(state, t, 1, why, events);
            state.powers.wrath.striking = Some((unit, power, chosen, skulls.saturating_sub(1)));
        }
        None => {
            events.push(Event::PowerDeclined {
                figure: o.figure,
                unit: o.unit,
                power: o.power,
            });
            state.powers.wrath.striking = Some((unit, power, chosen, 0));
        }
    }
    next_skull(state, o.figure, o, events);
}
