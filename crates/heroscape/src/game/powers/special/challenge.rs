//! *Combat Challenge* ([`Effect::CombatChallenge`]): "if an opponent's figure that is adjacent
//! to Tandros Kreel attacks with a normal or special attack, it must attack Tandros Kreel."
//!
//! A figure adjacent to one or more enemy figures with the power may choose only one of them as
//! the target of a normal attack or of a special attack that chooses its target; a special
//! attack choosing no target (a line, every adjacent figure) must affect one of them.
//! Leaving-engagement attacks are neither.

use crate::game::state::{Figure, State};
use crate::power::Effect;

/// The enemy figures with *Combat Challenge* adjacent to `f`: those it must attack.
pub fn challengers(state: &State, f: &Figure) -> Vec<u32> {
    state
        .figures
        .iter()
        .filter(|c| c.on_field() && c.id != f.id && !state.allies(c.owner, f.owner))
        .filter(|c| {
            crate::game::powers::effects_of(state, c).any(|e| *e == Effect::CombatChallenge)
        })
        .filter(|c| super::area::adjacent(state, f, c))
        .map(|c| c.id)
        .collect()
}

/// Whether `f` may attack `t` as far as *Combat Challenge* says.
pub fn allows(state: &State, f: &Figure, t: u32) -> bool {
    let must = challengers(state, f);
    must.is_empty() || must.contains(&t)
}
