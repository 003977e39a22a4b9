//! Tiles a card starts the game with and lays on the battlefield during the game, and what a
//! figure's card makes of the land under it: the effect data of [`super::Effect::Tiles`]. Read in `power/parse/tiles.rs`, played in
//! `game/powers/tiles.rs`; the battlefield takes them in `battlefield/laid.rs`.

use serde::{Deserialize, Serialize};

use crate::battlefield::Ground;

/// A power laying tiles from its card onto the battlefield.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "tiles", rename_all = "snake_case", deny_unknown_fields)]
pub enum Tiles {
    /// The card starts the game with `count` one-hex tiles of `ground`; at the end of a turn
    /// with the card its owner may lay one where it fits normally: on the space the card's
    /// figure occupies with `own_space` (*Blend Into Shadow*), or on an empty space within
    /// `within` spaces of it, clear-sight spaces with `clear_sight` (*Nanite Smoke Grenade*:
    /// within 3 clear-sight spaces; *Create Water*: its own space or within 1 space).
    EndOfTurn {
        /// The tiles' land type (`shadow`, `water`).
        ground: Ground,
        /// How many the card starts with.
        count: u16,
        /// Spaces from the figure an empty space may lie at (0: none but its own).
        #[serde(default)]
        within: u16,
        /// The spaces are counted in clear sight of the figure.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        clear_sight: bool,
        /// The space the figure occupies may take the tile.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        own_space: bool,
    },
    /// The card starts the game with `commons` tiles of `common` and `rares` of `rare` for each
    /// copy; after a figure of the card its player controls is destroyed by a normal attack or
    /// a leaving-engagement attack, the player must roll the 20-sided die and lay one on the
    /// space the figure occupied, where it fits normally: from `rare_from` a `rare` tile while
    /// one is left, else a `common` one (*Volcanic Carapace*: lava field, molten lava from 19).
    WhenDestroyed {
        /// The usual tile (`lava_field`).
        common: Ground,
        /// How many of them on each copy of the card.
        commons: u16,
        /// The tile of the high rolls (`lava`: molten lava).
        rare: Ground,
        /// How many of them on each copy of the card.
        rares: u16,
        /// The least roll for a `rare` tile.
        rare_from: u8,
    },
    /// While a figure of the card stands on a space of `ground`, opponents' figures must be
    /// adjacent to it to attack it with a normal attack (*Lurk In Shadows*: the land tiles
    /// make, laid or printed).
    AdjacentOnlyOn {
        /// The land type (`shadow`).
        ground: Ground,
    },
}

impl Tiles {
    /// The tiles the card starts the game with (on each copy), by land type.
    pub fn supply(&self) -> Vec<(Ground, u16)> {
        match self {
            Tiles::EndOfTurn { ground, count, .. } => vec![(*ground, *count)],
            Tiles::WhenDestroyed {
                common,
                commons,
                rare,
                rares,
                ..
            } => vec![(*common, *commons), (*rare, *rares)],
            Tiles::AdjacentOnlyOn { .. } => Vec::new(),
        }
    }
}
