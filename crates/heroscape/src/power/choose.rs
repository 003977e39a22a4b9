//! The card language's words for powers whose player chooses *how many* or *several* things,
//! or one of a power's options, before (or after) the dice ([`super::Effect::Choose`],
//! [`super::Outcome::HealChosen`]).
//!
//! - a number within bounds, asked once the roll is known (*Healing Touch*: "remove up to 2
//!   markers");
//! - several different figures chosen one at a time before any roll, each then rolled for
//!   (*Poisonous Acid Breath*: "choose up to 3 different small or medium figures");
//! - one of a power's options (*Volley unto Himself*: "reduce Syvarris' Range Value to 6 to make
//!   up to 2 normal attacks this turn. Or, you may reduce it to 3 to make up to 3").
//! - a figure chosen by each figure of the card (*Soul Devour*), how many figures act in the
//!   turn (*Hive Swarm*), more move toward an enemy (*Charging Assault*).
//!
//! Read in `power/parse/choose.rs`, played in `game/powers/choose.rs`.

use serde::{Deserialize, Serialize};

/// One word of this family. In a card file: `{ effect = "choose", rule = "more", more = 2 }`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "snake_case", deny_unknown_fields)]
pub enum Choose {
    /// A rider on the power's triggered effect: besides the first figure its target allows,
    /// the player may choose up to `more` other different figures it allows, one at a time,
    /// before any roll; then the power is rolled for each chosen figure in turn, in the order
    /// chosen, a hero against the roll's `hero_at_least` (*Poisonous Acid Breath*: "choose up
    /// to 3 different small or medium figures ... One at a time, roll the 20-sided die for each
    /// chosen figure").
    More {
        /// Other figures besides the first.
        more: u8,
    },
    /// After moving and before attacking, the player may choose one of `options`: the figure's
    /// range value becomes the option's `range` and it may make up to `attacks` normal attacks
    /// this turn (*Volley unto Himself*). The other values' changes (glyphs, auras) still add
    /// to the range value chosen.
    RangeForAttacks {
        /// The options, in print order.
        options: Vec<RangeOption>,
    },
    /// At the start of a turn with this card, its player must roll the 20-sided die: the
    /// line rolled says how many of the card's figures (every copy's, on a common card) may
    /// move and attack this turn, instead of one card's worth (*Hive Swarm*: "if you roll a
    /// 1-12, you may move and attack with up to 3 Marro Drones you control").
    Swarm {
        /// The lines, covering 1 to 20 in order; a total above 20 reads as the last.
        lines: Vec<SwarmLine>,
    },
    /// A rider on the power's triggered effect (at the start of a turn with this card): each
    /// figure of the card its player controls may choose one figure the power's target allows,
    /// asked one figure at a time; then the die is rolled once for each figure that chose, in
    /// the same order, and on a success the power's outcomes act with that figure as the user
    /// (*Soul Devour*: "each Shade of Bleakewoode you control may choose an adjacent Unique
    /// Hero. Roll the 20-sided die once for each Shade").
    EachFigure,
    /// Before moving with an unengaged figure of this card, its player may add `by` to its
    /// move value, when with that move it could end adjacent to an enemy figure; a figure that
    /// does must then end its move adjacent to an enemy figure if it can (*Charging Assault*).
    Charge {
        /// Spaces added to the move.
        by: u16,
    },
}

/// One line of [`Choose::Swarm`]'s table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SwarmLine {
    /// The lowest result of the line.
    pub from: u8,
    /// The highest.
    pub to: u8,
    /// The figures that may move and attack.
    pub figures: u16,
}

/// One option of [`Choose::RangeForAttacks`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeOption {
    /// The range value it reduces the figure's to.
    pub range: u16,
    /// The normal attacks the figure may make this turn, the first included.
    pub attacks: u8,
}

/// Wound markers removed from the chosen figure's card, the number left to a choice or every
/// one ([`super::Outcome::HealChosen`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Heal {
    /// The power's player chooses how many, from none up to this many (never more than the
    /// card holds): *Healing Touch*'s "remove up to 2 markers".
    UpTo(u16),
    /// Every wound marker on it ("remove all markers").
    All,
}
