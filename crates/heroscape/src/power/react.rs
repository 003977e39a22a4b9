//! Powers reacting inside an attack, normal or special, from the side of the figures it
//! reaches: the effect data of [`super::Effect::React`]. Read in `power/parse/react.rs`,
//! played in `game/powers/react.rs` (the pauses after each defence roll, before a defending
//! figure's wounds land and once they have landed).

use serde::{Deserialize, Serialize};

use super::rolls2::Reach;
use super::{Condition, Filter};

/// A power acting inside an attack on a figure it reaches.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "react", rename_all = "snake_case", deny_unknown_fields)]
pub enum React {
    /// Once the defence dice of a figure `defenders` reaches are rolled, in any attack, the
    /// power's owner may roll again every one of them that did not show a shield, once for
    /// each defence roll (*Gift of the Empress Aura*).
    DefenceReroll {
        /// The defending figures it reaches, seen from the card.
        defenders: Reach,
        /// What must hold for the defending figure (*Hero Worship*: "adjacent to one or more
        /// Revnan Acolytes you control").
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        when: Vec<Condition>,
        /// One die only, one that did not show a shield (*Hero Worship*: "re-roll 1 die");
        /// such dice all count alike, so which one is no choice.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        one: bool,
    },
    /// When a figure of the card would receive wounds from a normal or special attack by an
    /// opponent's figure, its owner may roll the d20: from `at_least` the wounds are ignored
    /// and, if possible, one of the owner's destroyed figures of this card's name (one that
    /// stood on the battlefield) is placed on an empty space on the defending figure's level
    /// adjacent to it (*Cell Divide*).
    Divide {
        /// The least roll that succeeds.
        at_least: u8,
    },
    /// When a figure of the card receives wounds from an opposing figure's normal or special
    /// attack and is not destroyed, its owner may choose a friendly figure matching `filter`
    /// for each wound received, each placed on an empty space adjacent to the wounded figure
    /// (placing is not moving: no leaving-engagement attack) (*Teleport Reinforcements*).
    Reinforce {
        /// The figures that may be chosen.
        filter: Filter,
    },
    /// When a figure of the card, attacked with a normal attack by an opponent's figure,
    /// would receive wounds, its owner may destroy a figure they control matching `filter`
    /// adjacent to it to ignore those wounds (*Expendable Rabble*).
    Sacrifice {
        /// The figures that may be destroyed.
        filter: Filter,
    },
    /// When a figure of the card, attacked with a normal or special attack, would take
    /// wounds, the d20 is rolled (nobody asked); from `at_least` its owner may place it on an
    /// empty space within `within` spaces (counted as a flyer counts) at most `levels` above or
    /// below its own level, and then ignores those wounds (*Kieru*).
    Evade {
        /// The least roll that succeeds.
        at_least: u8,
        /// The most spaces away.
        within: u16,
        /// The most levels above or below.
        levels: u16,
    },
    /// When a normal attack of a figure of the card puts wounds on an opponent's figure
    /// matching `targets`, one combat die is rolled for each wound, each skull one more wound
    /// on it (*Mortal Strike*).
    DicePerWound {
        /// The figures it reaches.
        targets: Filter,
    },
    /// When a figure of the card receives enough wounds to be destroyed by a normal attack or
    /// a leaving-engagement attack, before it is removed the d20 is rolled (nobody asked) for
    /// each figure adjacent to it not matching `spared`, one at a time: from `at_least` that
    /// figure receives a wound (*Acid Sacs*).
    Burst {
        /// The least roll that succeeds.
        at_least: u8,
        /// The figures no roll is made for.
        spared: Filter,
    },
}
