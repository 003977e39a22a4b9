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
