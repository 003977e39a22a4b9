//! Who may target a figure at all: *Apparition* ("figures must be within two spaces of Kita
//! the Springrunner to target her with a normal or special attack").
//!
//! The rule reaches only the figure an attack *targets*: the chosen figure of a normal attack
//! or of a single-target or explosion special attack. Figures an area affects without being
//! chosen (the others in an explosion, a fire line, every adjacent figure) are not targeted.

use crate::game::geometry;
use crate::game::state::{Figure, State};
use crate::power::Effect;

/// The most spaces from which `t` may be targeted, if one of its card's powers limits it.
pub fn reach_limit(state: &State, t: &Figure) -> Option<u16> {
    super::super::effects_of(state, t)
        .filter_map(|e| match e {
            Effect::TargetedOnlyWithin { spaces } => Some(*spaces),
            _ => None,
        })
        .min()
}

/// Whether `f` may target `t` with a normal or special attack as far as `t`'s powers say.
pub fn may_target(state: &State, f: &Figure, t: &Figure) -> bool {
    reach_limit(state, t)
        .is_none_or(|n| geometry::range(state, f, t).is_some_and(|d| d <= u32::from(n)))
}
