//! Markers, tiles and glyphs a card starts the game with, printed on the card and spent by its
//! powers (*Black Powder Pistols*, *Rod of Negation*): the effect data of [`super::Effect::Supply`]. Read in
//! `power/parse/supplies.rs`, played in `game/powers/supplies.rs`.

use serde::{Deserialize, Serialize};

use super::Stat;

/// A power that spends markers its card starts the game with.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "supply", rename_all = "snake_case", deny_unknown_fields)]
pub enum Supply {
    /// The card starts the game with `markers` markers (named `marker`, as printed: "black
    /// powder"); after moving and before attacking, its owner may remove one to add `by` to
    /// `stat` of the card's figures for the rest of the turn, at most once a round with
    /// `once_per_round` (*Black Powder Pistols*).
    Boost {
        /// The markers' printed name.
        marker: String,
        /// How many the card starts with.
        markers: u16,
        /// The value raised.
        stat: Stat,
        /// By how much.
        by: i8,
        /// At most once a round.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        once_per_round: bool,
    },
    /// The card starts the game with `markers` markers (named `marker`: "negation"); at the
    /// end of a turn with the card, while one is left, its owner may choose an opponent's
    /// unique figure within `within` clear-sight spaces of its figure and roll the 20-sided
    /// die: from `negate_from` a marker goes from this card onto the chosen figure's card,
    /// whose special powers are negated for the rest of the game; from `destroy_from` the
    /// chosen figure is destroyed instead; below, nothing happens (*Rod of Negation*).
    Negation {
        /// The markers' printed name.
        marker: String,
        /// How many the card starts with.
        markers: u16,
        /// Clear-sight spaces from the card's figure.
        within: u16,
        /// The lowest roll that negates.
        negate_from: u8,
        /// The lowest roll that destroys.
        destroy_from: u8,
    },
    /// The card starts the game with `markers` markers (named `marker`: "copper exoskeleton",
    /// one for each figure of the card); after a figure of the card rolls defence dice against
    /// a normal attack, its owner may remove one to ignore all wounds the attack inflicts
    /// (*Exoskeleton*; played in `game/powers/wounds.rs`).
    IgnoreWounds {
        /// The markers' printed name.
        marker: String,
        /// How many the card starts with.
        markers: u16,
    },
}

impl Supply {
    /// The markers the card starts the game with.
    pub fn markers(&self) -> u16 {
        match self {
            Supply::Boost { markers, .. }
            | Supply::Negation { markers, .. }
            | Supply::IgnoreWounds { markers, .. } => *markers,
        }
    }

    /// The markers' printed name.
    pub fn marker(&self) -> &str {
        match self {
            Supply::Boost { marker, .. }
            | Supply::Negation { marker, .. }
            | Supply::IgnoreWounds { marker, .. } => marker,
        }
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    use super::Supply;
    use crate::power::{Effect, Stat};

    #[test]
    fn supplies_read_back_from_a_card_file() {
        #[derive(Debug, PartialEq, Serialize, Deserialize)]
        struct Power {
            effects: Vec<Effect>,
        }
        let power = Power {
            effects: vec![
                Effect::Supply(Supply::Boost {
                    marker: "black powder".into(),
                    markers: 3,
                    stat: Stat::Range,
                    by: 4,
                    once_per_round: true,
                }),
                Effect::Supply(Supply::Negation {
                    marker: "brown negation".into(),
                    markers: 3,
                    within: 6,
                    negate_from: 16,
                    destroy_from: 20,
                }),
            ],
        };
        let text = toml::to_string(&power).expect("writes");
        assert!(text.contains("supply = \"negation\""), "{text}");
        assert_eq!(toml::from_str::<Power>(&text).expect("reads back"), power);
    }
}
