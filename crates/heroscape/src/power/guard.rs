//! Powers answering an attack as a figure is *targeted*, before any die is rolled, and
//! powers answering wounds about to land: the effect data of [`super::Effect::Guard`]. Read in
//! `power/parse/guard.rs`, played in `game/powers/guard.rs`.

use serde::{Deserialize, Serialize};

use super::rolls2::Reach;
use super::Filter;

/// A power guarding figures when they are targeted or about to be wounded.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "guard", rename_all = "snake_case", deny_unknown_fields)]
pub enum Guard {
    /// The first time each turn a figure of the card is targeted by a figure matching `by`
    /// with a normal or special attack, the d20 is rolled: from `at_least` that attack and
    /// every other attack of the turn cannot target it (*Master of Disguise*).
    Disguise {
        /// The least roll that succeeds.
        at_least: u8,
        /// The attacking figures it answers (*a Squad figure*).
        by: Filter,
    },
    /// When a figure of the card, or a figure its owner controls adjacent to one, is targeted
    /// for a normal attack by an opponent's figure not adjacent to it, the d20 is rolled: from
    /// `at_least` every figure of the card and every figure its owner controls adjacent to
    /// one has no visible hit zone for the rest of the attacker's turn (*Smoke Powder*).
    Smoke {
        /// The least roll that succeeds.
        at_least: u8,
    },
    /// When a figure the power reaches would receive one or more wounds, from any source, the
    /// d20 is rolled: from `some` all wounds but one are ignored, from `all` every wound
    /// (*Amulet of Paivatar*).
    Amulet {
        /// The figures it reaches, seen from the card.
        wearers: Reach,
        /// The least roll ignoring all wounds but one.
        some: u8,
        /// The least roll ignoring every wound.
        all: u8,
    },
}
