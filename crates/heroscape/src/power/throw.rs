//! Powers that throw a chosen figure to a space away from the figure using them (*Throw 14*):
//! how far it may land, and the damage it may take landing.
//!
//! A throw is a [`super::Placing`] whose `throw` is set: the triggered power chooses the figure
//! and rolls as any other, and on a success its player places it on an empty space within
//! [`Throw::within`] spaces of the user instead of next to it. Read in `power/parse/throw.rs`,
//! played in `game/powers/throw.rs`.

use serde::{Deserialize, Serialize};

/// Where a thrown figure may land, and the roll for the damage it takes there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Throw {
    /// The most spaces between the user and the landing space ("within 4 spaces of Jotun").
    pub within: u16,
    /// The figure must land within clear sight of the user.
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub clear_sight: bool,
    /// The d20 rolled once the figure is placed, and the wounds it takes on a success.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<ThrowDamage>,
}

/// The throwing damage: a d20 rolled for the thrown figure once it is placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThrowDamage {
    /// The least roll that wounds ("if you roll an 11 or higher").
    pub at_least: u8,
    /// The wounds the thrown figure receives then.
    pub wounds: u16,
    /// No roll when the figure lands on a level higher than the user's height: above the top
    /// of the user, its base level plus its card's height (the reading of "a level higher than
    /// the height of" that *Chain Grab*'s "levels above that Drow Chainfighter's height" has).
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub spared_above_top: bool,
    /// No roll when the figure lands on water.
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub spared_on_water: bool,
}

/// A power of the family acting on its own ([`super::Effect::Throw`]). In a card file:
/// `{ effect = "throw", throw = "step_before_move", within = 5, ... }`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "throw", rename_all = "snake_case", deny_unknown_fields)]
pub enum ThrowPower {
    /// Once the card's figure has been placed by the [`super::Effect::Place`] move of the same
    /// power, its player rolls the d20 for each figure adjacent to it, friend or foe, adding 1
    /// for each wound marker on the card when `per_own_wound`; each figure receives the wounds
    /// of the highest band the total reaches (*Hive Tunnel*: 14 one wound, 20 three).
    RollsAround {
        /// The bands that wound, `(least total, wounds)`, lowest first; below the first,
        /// nothing happens.
        bands: Vec<(u8, u16)>,
        /// Add 1 to each roll for each wound marker on the card.
        #[serde(default, skip_serializing_if = "super::is_false")]
        per_own_wound: bool,
    },
    /// Before moving normally, the figure may be placed on an empty space within `within`
    /// spaces (counted as a flyer counts), then still move normally; `once_per_game`, taking
    /// no leaving-engagement attack with `disengage` (*Fey Step*).
    StepBeforeMove {
        /// The most spaces.
        within: u16,
        /// Used once per game.
        #[serde(default, skip_serializing_if = "super::is_false")]
        once_per_game: bool,
        /// Engaged, it takes no leaving-engagement attack.
        #[serde(default, skip_serializing_if = "super::is_false")]
        disengage: bool,
    },
    /// Instead of moving normally, the figure may be placed on any empty space adjacent to an
    /// opponent's figure within `within` clear-sight spaces of it; for the rest of its turn
    /// its attack value rises by `attack`, and at the end of that turn 1 attack die is rolled,
    /// a skull putting `skull_wounds` wounds on it; engaged, it takes no leaving-engagement
    /// attack with `disengage` (*Thunder Step*).
    StepBesideOpponent {
        /// The most clear-sight spaces to the chosen opponent's figure.
        within: u16,
        /// Added to its attack value for the rest of the turn.
        attack: i8,
        /// The wounds a skull on the die rolled at the end of the turn puts on it.
        skull_wounds: u16,
        /// Engaged, it takes no leaving-engagement attack.
        #[serde(default, skip_serializing_if = "super::is_false")]
        disengage: bool,
    },
    /// When a figure of the card attacks an opponent's figure matching `filter` with a normal
    /// attack, its player may switch the two figures' spaces (no leaving-engagement attack);
    /// the attack then goes on if the attacker still may make it, else it ends. An opponent's
    /// figure is switched once per turn at most (*Tactical Switch*).
    SwitchWhenAttacking {
        /// The defending figures it may switch with.
        filter: super::Filter,
    },
    /// After the figure attacks, its player may roll the d20 for each figure matching
    /// `filter` it attacked this turn and that still stands, one at a time; on `at_least` that
    /// figure is placed on an empty space within `within` clear-sight spaces of the user, on
    /// its own level or lower (no leaving-engagement attack), and a non-flying figure placed
    /// lower takes the falling damage of its drop (*Knockback*: played in
    /// `game/powers/knock.rs`).
    Knockback {
        /// The figures it may knock back.
        filter: super::Filter,
        /// The least roll that places the figure.
        at_least: u8,
        /// The most clear-sight spaces between the user and the landing space.
        within: u16,
    },
    /// At the start of each round, before the order markers are placed, its player may place
    /// one destroyed figure of the card on an empty space adjacent to a hero they control
    /// matching `beside` (*Risen By Revna*: played in `game/powers/rise.rs`).
    RiseBeside {
        /// The heroes it may rise next to.
        beside: super::Filter,
    },
    /// After moving and before attacking, its player may roll the d20, adding the number of
    /// figures they control matching `filter` adjacent to the user; the highest band the total
    /// reaches says how many such figures not adjacent to the user they may place on empty
    /// spaces adjacent to it, one after the other, no leaving-engagement attack (*Elven
    /// Summoning Spell*: played in `game/powers/summon.rs`).
    SummonAdjacent {
        /// The figures it summons, and counts.
        filter: super::Filter,
        /// `(least total, most figures)`, lowest first; below the first, nothing happens.
        bands: Vec<(u8, u8)>,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{PowerText as Power, Size};
    use crate::power::{Effect, Filter, Outcome, Placing, Roll, Trigger, Triggered};

    #[test]
    fn the_family_s_words_write_to_a_card_file_and_read_back() {
        let power = Power {
            name: "Throws".into(),
            text: String::new(),
            effects: Some(vec![
                Effect::Triggered(Triggered {
                    trigger: Trigger::AfterMoveBeforeAttack,
                    target: None,
                    roll: Some(Roll {
                        at_least: 14,
                        ..Roll::default()
                    }),
                    outcomes: vec![Outcome::Place(Placing {
                        optional: true,
                        throw: Some(Throw {
                            within: 4,
                            clear_sight: true,
                            damage: Some(ThrowDamage {
                                at_least: 11,
                                wounds: 2,
                                spared_above_top: true,
                                spared_on_water: true,
                            }),
                        }),
                        ..Placing::default()
                    })],
                }),
                Effect::Throw(ThrowPower::RollsAround {
                    bands: vec![(14, 1), (20, 3)],
                    per_own_wound: true,
                }),
                Effect::Throw(ThrowPower::StepBeforeMove {
                    within: 5,
                    once_per_game: true,
                    disengage: true,
                }),
                Effect::Throw(ThrowPower::StepBesideOpponent {
                    within: 5,
                    attack: 1,
                    skull_wounds: 1,
                    disengage: true,
                }),
                Effect::Throw(ThrowPower::SwitchWhenAttacking {
                    filter: Filter {
                        sizes: vec![Size::Small, Size::Medium],
                        ..Filter::default()
                    },
                }),
                Effect::Throw(ThrowPower::Knockback {
                    filter: Filter {
                        sizes: vec![Size::Small, Size::Medium],
                        ..Filter::default()
                    },
                    at_least: 14,
                    within: 3,
                }),
                Effect::Throw(ThrowPower::RiseBeside {
                    beside: Filter {
                        general: Some("Revna".into()),
                        ..Filter::default()
                    },
                }),
                Effect::Throw(ThrowPower::SummonAdjacent {
                    filter: Filter {
                        species: Some("Elf".into()),
                        ..Filter::default()
                    },
                    bands: vec![(5, 1), (12, 2), (18, 3)],
                }),
            ]),
        };
        let text = toml::to_string(&power).expect("writes");
        assert!(text.contains("throw = \"step_before_move\""), "{text}");
        assert_eq!(toml::from_str::<Power>(&text).expect("reads back"), power);
    }
}
