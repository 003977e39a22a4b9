//! The riders of special attacks ([`Specials`]): finding the one a power carries, and *Full
//! Barrage*'s range and attack pairs ([`Specials::Pairs`]).
//!
//! A power with pairs prints "Range Special. Attack Special": each attack names the dice of
//! one pair, which sets the attack's range too, and a pair already used by the figure with the
//! power this turn is refused (the dice each attack chose are in [`super::Use::chosen`]). The
//! special attack's own fields keep the rest: the pairs' dice offered, up to three attacks,
//! never the same figure twice.

use crate::card::Card;
use crate::game::state::{Figure, State};
use crate::power::specials::Specials;
use crate::power::{Effect, SpecialAttack};

use super::{this_turn, Aim, Refusal};

/// The riders of the power named `name` on `card`, with the power's place among the card's
/// powers.
pub(super) fn riders<'a>(card: &'a Card, name: &str) -> Vec<(u8, &'a Specials)> {
    card.powers
        .iter()
        .enumerate()
        .filter(|(_, p)| p.name == name)
        .flat_map(|(i, p)| {
            p.effects.iter().flatten().filter_map(move |e| match e {
                Effect::Specials(r) => Some((u8::try_from(i).ok()?, r)),
                _ => None,
            })
        })
        .collect()
}

/// Sets `power`'s range to the pair of the dice `aim` chose, when the power named `name` has
/// pairs; refuses a pair `f` already used with it this turn.
pub(super) fn pair_range(
    state: &State,
    f: &Figure,
    aim: &Aim,
    name: &str,
    power: &mut SpecialAttack,
) -> Result<(), Refusal> {
    let card = state.card_of(f);
    for (_, rider) in riders(card, name) {
        let Specials::Pairs { pairs } = rider else {
            continue;
        };
        let dice = aim
            .dice
            .ok_or_else(|| Refusal::NeedsDice(pairs.iter().map(|p| p.attack).collect()))?;
        let pair = pairs
            .iter()
            .find(|p| p.attack == dice)
            .ok_or(Refusal::NotOffered(dice))?;
        let used = this_turn(state)
            .iter()
            .filter(|u| u.figure == f.id && u.power == aim.power)
            .any(|u| u.chosen.contains(&dice));
        if used {
            return Err(Refusal::PairUsed(pair.range, pair.attack));
        }
        power.range = Some(pair.range);
    }
    Ok(())
}

/// *Thunder Ram Assault Special Attack* ([`Specials::NotAdjacentAtStart`]): refused at a
/// targeted figure `f` was adjacent to when the turn began (both where they stood then, as
/// *First Assault* reads it), and in a turn in which `f` moved by the card's power the rider
/// names.
pub(super) fn not_adjacent_at_start(
    state: &State,
    f: &Figure,
    name: &str,
    target: &Figure,
) -> Result<(), Refusal> {
    let card = state.card_of(f);
    for (_, rider) in riders(card, name) {
        let Specials::NotAdjacentAtStart { not_after } = rider else {
            continue;
        };
        if let Some(other) = not_after {
            let used = state.turn().is_some_and(|t| {
                t.record.moved_by.iter().any(|(id, way)| {
                    *id == f.id
                        && crate::game::powers::moves::power_name(card, *way)
                            .is_some_and(|n| n.eq_ignore_ascii_case(other))
                })
            });
            if used {
                return Err(Refusal::AfterPower(other.clone()));
            }
        }
        let values = crate::game::powers::values::at_turn_start;
        if crate::game::powers::values::adjacent(state, &values(state, f), &values(state, target)) {
            return Err(Refusal::AdjacentAtStart(target.id));
        }
    }
    Ok(())
}
