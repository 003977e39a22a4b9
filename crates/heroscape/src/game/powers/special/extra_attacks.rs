//! Several normal attacks in a turn ([`Effect::AttacksUpTo`]): *Hydra Heads* ("when this Fen
//! Hydra attacks, it may attack up to 4 times. Reduce the number of times this Fen Hydra can
//! attack by 1 for each wound marker on this Army Card"), *Flailing Tentacles*, *Feral Rage*
//! ("it may attack up to 2 additional times. A Quasatch Hunter cannot attack the same figure
//! more than once per turn").
//!
//! Each attack is an ordinary normal attack, at any figure the figure may attack then; the
//! player makes the next one or does something else. The wounds are counted when the next
//! attack is chosen, so a figure wounded by a counter strike has fewer left.

use crate::game::state::Figure;
use crate::power::Effect;

/// Whether `effect` lets `f`, having attacked the figures `made` this turn, attack `t` now.
pub fn allows(effect: &Effect, f: &Figure, made: &[u32], t: u32) -> bool {
    let Effect::AttacksUpTo {
        times,
        distinct,
        fewer_per_wound,
    } = effect
    else {
        return false;
    };
    let fewer = if *fewer_per_wound {
        usize::from(f.wounds)
    } else {
        0
    };
    made.len() < usize::from(*times).saturating_sub(fewer) && !(*distinct && made.contains(&t))
}
