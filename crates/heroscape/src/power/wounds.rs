//! Powers acting when a figure would receive wounds, from the defender's side: the effect data
//! of [`super::Effect::Wounds`]. Read in `power/parse/wounds.rs`, played in
//! `game/powers/wounds.rs`. (*Exoskeleton*, whose markers are a supply, is
//! [`super::Supply::IgnoreWounds`].)

use serde::{Deserialize, Serialize};

/// A power acting when a figure of its card receives wounds.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "wounds", rename_all = "snake_case", deny_unknown_fields)]
pub enum WoundPower {
    /// When a figure of the card, attacked with a normal attack by an opponent's figure,
    /// receives enough wounds to be destroyed: `dice` attack dice are rolled, and for each
    /// skull, one at a time, its owner may put 1 wound on any figure adjacent to it (no defence
    /// dice, several wounds on one figure allowed); then it is removed from the battlefield
    /// (*Dying Swipe*).
    DyingSwipe {
        /// Attack dice rolled.
        dice: u16,
    },
}
