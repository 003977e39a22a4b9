//! Figures that come onto the battlefield during the game: the words of
//! [`Effect::Arrive`](super::Effect::Arrive). Read by `power/parse/arrive.rs`, played by
//! `game/powers/arrive.rs`.
//!
//! A card whose figures do not start on the battlefield says so with
//! [`Effect::StartsOffBattlefield`](super::Effect::StartsOffBattlefield); the words here say
//! how they come (*Iskra's Summoning*: only by another card's summoning) and the powers that
//! bring them (*Summon the Rechets of Bogdan*, *Glide In*), and the powers that bring destroyed
//! figures back (*Summon Elemental*, *Marro Rebirth*).

use serde::{Deserialize, Serialize};

use super::Filter;

/// A power about figures entering the battlefield.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arrive {
    /// The card's figures, which start off the battlefield, come onto it only by the summoning
    /// power of the card named `by` (*Iskra's Summoning*: "they must be summoned onto the
    /// battlefield by Iskra Esenwein"). No other power brings them; the summoning itself is
    /// [`Arrive::SummonCard`] on that card.
    OnlySummonedBy {
        /// The summoning card, as printed.
        by: String,
    },
    /// After taking a turn with this card, while the card named `card` is in its owner's army
    /// and has not yet been summoned (figures of it wait off the battlefield), its owner may
    /// roll the 20-sided die; from `at_least` every figure of that card waiting off the
    /// battlefield must be placed, one at a time, on an empty space within `within` clear
    /// sight spaces of this card's figure; a figure with no such space left is destroyed, never
    /// to be summoned; then, with `turn_after`, the owner may at once take a turn with the
    /// summoned card (*Summon the Rechets of Bogdan*).
    SummonCard {
        /// The card summoned, as printed.
        card: String,
        /// Its figures, as the power counts them ("all 3").
        figures: u8,
        /// The lowest roll that summons.
        at_least: u8,
        /// Clear-sight spaces from this card's figure.
        within: u16,
        /// A turn with the summoned card may follow at once.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        turn_after: bool,
    },
    /// While the card's figure waits off the battlefield ([`super::Effect::StartsOffBattlefield`]),
    /// each time its owner is about to reveal a numbered order marker, the owner may roll the
    /// 20-sided die; from `at_least` the figure is placed on an empty space not adjacent to
    /// any figure, then the owner may move any or all of their unrevealed order markers to this
    /// card (*Glide In*).
    GlideIn {
        /// The lowest roll that lands.
        at_least: u8,
    },
    /// At `moment`, its owner may roll the 20-sided die; from `at_least` the owner may place
    /// one of their previously destroyed figures matching `filter` (one that stood on the
    /// battlefield) on an empty space within `within` clear-sight spaces of this card's
    /// figure, or adjacent to it without `within` (*Summon Elemental*, *Marro Rebirth*).
    /// Figures whose card says this card cannot bring them back ([`Arrive::NotRebornBy`]) are
    /// never offered.
    Rebirth {
        /// When.
        moment: Moment,
        /// The lowest roll that brings one back.
        at_least: u8,
        /// The figures that may come back.
        filter: Filter,
        /// Clear-sight spaces from this card's figure; adjacent to it without.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        within: Option<u16>,
    },
    /// The card named `by` cannot bring this card's figures back with its
    /// [`Arrive::Rebirth`] (*Grok Training*, *Self Replicating*).
    NotRebornBy {
        /// The card whose power cannot, as printed.
        by: String,
    },
}

/// When an [`Arrive::Rebirth`] is offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Moment {
    /// After moving and before attacking with this card.
    AfterMoveBeforeAttack,
    /// After taking a turn with this card.
    AfterTurn,
}
