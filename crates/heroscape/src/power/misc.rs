//! The card language's words for single leftover powers ([`super::Effect::Misc`] and
//! [`super::Outcome::Misc`]): a card that also has other classes (*Pirate King*), a move bonus
//! for every card of its player earned by attacking (*Charge!!!*), and the outcomes of a table of
//! 20-sided die results that destroy one of the card's figures, forbid the turn's attacks or
//! raise a value for the turn (*Stinger Drain*). They are played in `game/powers/misc.rs`.

use serde::{Deserialize, Serialize};

use super::Stat;

/// One effect of this family. In a card file: `{ effect = "misc", rule = "also_class", classes =
/// ["Pirate"] }`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "snake_case", deny_unknown_fields)]
pub enum Misc {
    /// The card's class is also each of these, for everything that asks a figure's class
    /// (*Pirate King*: "Thormun's Class is also Pirate, Captain, and King").
    AlsoClass {
        /// The classes added to the printed one.
        classes: Vec<String>,
    },
    /// Once a figure of this card attacks an opponent's figure during its card's turn, the
    /// `stat` of every army card of its player rises by `by` until that player next reveals
    /// an order marker (*Charge!!!*).
    AttackRaisesArmy {
        /// The value raised.
        stat: Stat,
        /// By how much.
        by: i8,
    },
    /// Rides on the triggered power printed with it, which chooses a figure its player
    /// controls: `dice` attack dice are rolled; for each skull, one at a time, its player may
    /// put 1 wound (no defence dice) on any figure of `sizes` within `within` clear sight
    /// spaces of the chosen figure, the same figure more than once if they like; then the
    /// chosen figure is destroyed (*Lolth's Wrath*).
    WoundsAroundChosen {
        /// Attack dice rolled.
        dice: u16,
        /// Clear sight spaces from the chosen figure.
        within: u16,
        /// The sizes of the figures a skull may wound.
        sizes: Vec<crate::card::Size>,
    },
}

/// What one line of this family's tables does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "snake_case", deny_unknown_fields)]
pub enum MiscOutcome {
    /// Its player must destroy one figure it controls of the card's name, of its choice when
    /// it has several (*Stinger Drain*: "you must destroy a Marro Stinger you control").
    DestroyOwn,
    /// The card's figures cannot attack this turn (*Stinger Drain*).
    NoAttack,
    /// The card's `stat` changes by `by` for the rest of the turn (*Stinger Drain*: "add 1 to
    /// the attack value of this card", rolled after moving, for the attacks of the turn).
    TurnValue {
        /// The value.
        stat: Stat,
        /// By how much.
        by: i8,
    },
}
