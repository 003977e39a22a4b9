//! Powers that act on other cards' dice and on opponents' movement: roll bonuses for named
//! powers or cards (*Enhancement*, *Hive Supremacy*) and holds (*Cyberclaw*, *Swirling
//! Vortex*).

use std::sync::OnceLock;

use super::{rule, Rule};
use crate::card::Size;
use crate::power::{Effect, Filter};

fn cyberclaw(sizes: &[Size], engaged: bool) -> Vec<Effect> {
    vec![Effect::Cyberclaw {
        filter: Filter {
            sizes: sizes.to_vec(),
            ..Filter::default()
        },
        engaged,
    }]
}

pub(super) fn rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        vec![
            rule(
                r"when an opponent's small or medium figure moves onto a space within {N} clear sight spaces of {S} you control, that figure must end its move there\. figures can never move through any figure affected by swirling vortex",
                |c, _| {
                    Some(vec![Effect::SwirlingVortex {
                        within: c.n(0),
                        filter: Filter {
                            sizes: vec![Size::Small, Size::Medium],
                            ..Filter::default()
                        },
                    }])
                },
            ),
            rule(
                r"(?:you may )?add {N} to your die roll when you roll for the {W} power on any army card",
                |c, _| {
                    Some(vec![Effect::RollBonus {
                        by: c.i8(0),
                        power: Some(c.w(0).to_string()),
                        cards: Filter::default(),
                    }])
                },
            ),
            rule(
                r"anytime you roll the 20-sided die for [a-z' ]+'s {W}, you may add {N} to your die roll",
                |c, _| {
                    Some(vec![Effect::RollBonus {
                        by: c.i8(0),
                        power: Some(c.w(0).to_string()),
                        cards: Filter::default(),
                    }])
                },
            ),
            rule(
                r"anytime you roll the 20-sided die for an? {W} army card, you may add {N} to your die roll",
                |c, lex| {
                    // "a marro or wulsinu army card": one bonus per kind, a card being of one
                    Some(
                        lex.filters(c.w(0))?
                            .into_iter()
                            .map(|cards| Effect::RollBonus {
                                by: c.i8(0),
                                power: None,
                                cards,
                            })
                            .collect(),
                    )
                },
            ),
            rule(
                r"all small or medium opponent's figures that enter or occupy a space adjacent to {S} may not move\. figures affected by the [a-z ]+ cannot be moved by any special power on an army card or glyph",
                |_, _| Some(cyberclaw(&[Size::Small, Size::Medium], false)),
            ),
            rule(
                r"all small, medium or large opponent's figures that enter or occupy a space adjacent to {S} may not move\. figures affected by the [a-z ]+ cannot be moved by any special power on an army card or glyph",
                |_, _| Some(cyberclaw(&[Size::Small, Size::Medium, Size::Large], false)),
            ),
            // engagement only arises between opponents, so "figures engaged with" are opponents
            rule(
                r"small and medium figures engaged with {S} cannot move or be moved by any special power or glyph",
                |_, _| Some(cyberclaw(&[Size::Small, Size::Medium], true)),
            ),
        ]
    })
}

#[cfg(test)]
mod tests {
    use super::super::read_shared;
    use super::*;

    #[test]
    fn roll_bonuses_and_holds() {
        assert_eq!(
            read_shared(
                "Venoc Warlord",
                "Add 1 to your die roll when you roll for the Frenzy power on any Army Card."
            ),
            Ok(vec![Effect::RollBonus {
                by: 1,
                power: Some("frenzy".into()),
                cards: Filter::default()
            }])
        );
        let hive = read_shared("Su-Bak-Na", "Anytime you roll the 20-sided die for a Marro or Wulsinu Army Card, you may add 1 to your die roll.").expect("reads");
        let species: Vec<_> = hive
            .iter()
            .map(|e| match e {
                Effect::RollBonus {
                    by: 1,
                    power: None,
                    cards,
                } => cards.species.clone(),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(species, vec![Some("Marro".into()), Some("Wulsinu".into())]);
        assert_eq!(
            read_shared("Major X17", "All small, medium or large opponent's figures that enter or occupy a space adjacent to Major X17 may not move. Figures affected by the Cyberclaw cannot be moved by any special power on an Army Card or glyph."),
            Ok(vec![Effect::Cyberclaw {
                filter: Filter {
                    sizes: vec![Size::Small, Size::Medium, Size::Large],
                    ..Filter::default()
                },
                engaged: false,
            }])
        );
        assert_eq!(
            read_shared("Necrotech Ghoulgrip", "Small and medium figures engaged with a Necrotech Ghoulgrip cannot move or be moved by any special power or glyph."),
            Ok(cyberclaw(&[Size::Small, Size::Medium], true))
        );
    }

    #[test]
    fn swirling_vortex_catches_small_and_medium_opponents_within_two() {
        let text = crate::game::test_support::printed("Air Elemental", "Swirling Vortex");
        assert_eq!(
            read_shared("Air Elemental", &text),
            Ok(vec![Effect::SwirlingVortex {
                within: 2,
                filter: Filter {
                    sizes: vec![Size::Small, Size::Medium],
                    ..Filter::default()
                },
            }])
        );
        // without its second sentence the power is not all read
        let first = text.split(". ").next().expect("a sentence");
        assert!(read_shared("Air Elemental", first).is_err());
    }
}
