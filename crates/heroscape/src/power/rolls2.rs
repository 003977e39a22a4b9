//! Powers acting inside an attack, between its rolls ([`super::Effect::DuringRoll`]): once
//! the attack dice are rolled and before the defence dice are, the owner of the power may
//! change the roll (*Onslaught Aura*: "it may add 1 skull to the roll"). The game asks the
//! question in the middle of the attack (`game::powers::rolls2`).

use serde::{Deserialize, Serialize};

use super::{Condition, Filter, Who};

/// A choice offered between an attack's rolls.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DuringRoll {
    /// The attacking figures it reaches: any of these ("another Gladiator figure you control
    /// or any figure you control within 4 clear sight spaces").
    pub attackers: Vec<Reach>,
    /// What the attack must be, seen from the attacker ("a normal attack against an adjacent
    /// figure").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub when: Vec<Condition>,
    /// What the power does to the roll.
    pub change: RollChange,
    /// How often it may be used (unlimited when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub once: Option<Once>,
}

/// Figures a [`DuringRoll`] reaches: `who` seen from the power's card, narrowed by `filter`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reach {
    /// Whom, seen from the card's figures.
    pub who: Who,
    /// Which of them.
    #[serde(default, skip_serializing_if = "Filter::is_any")]
    pub filter: Filter,
}

/// What a [`DuringRoll`] changes in the roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RollChange {
    /// Skulls added to the attack roll (not rolled: powers counting the skulls rolled do not
    /// count them).
    AddSkulls(u16),
    /// Every attack die that did not roll a skull is rolled again (*Brutality Aura*).
    RerollNonSkulls,
    /// One attack die that did not roll a skull is rolled again (*Chain Axe*): such dice all
    /// count alike (nothing), so which one is no choice.
    RerollOneNonSkull,
}

impl RollChange {
    /// Whether the change can alter these attack dice: a re-roll needs a die without a skull.
    pub fn changes(self, skulls: usize, dice: usize) -> bool {
        match self {
            RollChange::AddSkulls(n) => n > 0,
            RollChange::RerollNonSkulls | RollChange::RerollOneNonSkull => skulls < dice,
        }
    }
}

/// A figure chosen as an attack begins, which takes wounds if the defending figure does
/// (*Cleave*, *Vydar's Hammer*): "you may choose one Squad figure that is also adjacent to
/// Tandros Kreel. If the defending figure receives any wounds from Tandros Kreel's attack, the
/// chosen figure receives one wound."
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Splash {
    /// What the attack must be, seen from the attacker (a figure of this card).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub when: Vec<Condition>,
    /// Next to whom the chosen figure stands.
    pub beside: Beside,
    /// Which figures may be chosen (the defending figure never).
    #[serde(default, skip_serializing_if = "Filter::is_any")]
    pub filter: Filter,
    /// The choice must be made ("you choose") rather than may ("you may choose").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub must: bool,
    /// Wounds the chosen figure receives when the defending figure receives any.
    pub wounds: u16,
}

/// Next to whom a [`Splash`]'s figure stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Beside {
    /// The attacking figure ("also adjacent to Tandros Kreel").
    Attacker,
    /// The defending figure ("adjacent to the defending figure").
    Defender,
}

/// How often a power may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Once {
    /// Once in each player turn ("once per player turn", "once per turn").
    PlayerTurn,
}
