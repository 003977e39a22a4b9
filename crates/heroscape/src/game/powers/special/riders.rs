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
