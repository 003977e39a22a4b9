//! Leaps other cards lengthen: *Master's Influence* ("All Monk squad figures you control may
//! leap an additional 13 levels up or down when using their Stealth Leap special power").

use crate::power::Effect;

use super::super::state::{Figure, State};
use super::matches;
use super::moves::MoveWay;
use super::values::named_effects;

/// The levels up or down the cards of `f`'s controller add to its leap by `way`: only a
/// *Stealth Leap* ([`Effect::Leap`] printed under that name) is lengthened.
pub fn extra_levels(state: &State, f: &Figure, way: MoveWay) -> u16 {
    if way != MoveWay::Leap {
        return 0;
    }
    let stealth_leap = named_effects(state.card_of(f)).any(|(name, e)| {
        matches!(e, Effect::Leap { .. }) && name.to_lowercase().starts_with("stealth leap")
    });
    if !stealth_leap {
        return 0;
    }
    let mine = state.card_of(f);
    state
        .units
        .iter()
        .filter(|u| u.owner == f.owner && state.unit_standing(u.id))
        .flat_map(|u| named_effects(&u.card))
        .filter_map(|(_, e)| match e {
            Effect::LeapLevels { by, filter } if matches(mine, filter) => Some(*by),
            _ => None,
        })
        .sum()
}
