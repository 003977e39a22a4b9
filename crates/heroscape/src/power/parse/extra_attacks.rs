//! Several normal attacks in a turn ([`Effect::AttacksUpTo`]): *Hydra Heads*, *Flailing
//! Tentacles*, *Feral Rage*, played by `game/powers/special/extra_attacks.rs`; and one more
//! paid with dice ([`Effect::ExtraAttacks`] with a negative bonus: *Personal Arsenal*); whom an
//! adjacent opponent must attack ([`Effect::CombatChallenge`]).

use std::sync::OnceLock;

use super::{rule, Rule};
use crate::power::Effect;

pub(super) fn rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        vec![
            // Up to N attacks, one fewer for each wound.
            rule(
                r"when {S} attacks, {P} may attack up to {N} times\. reduce the number of times {S} can attack by (?:1|one) for each wound marker on this army card",
                |c, _| times(c.n(0), false, true),
            ),
            rule(
                r"{S} may attack up to {N} times on {P} turn\. reduce the number of attacks by (?:1|one) for each wound marker {P} has",
                |c, _| times(c.n(0), false, true),
            ),
            // N more attacks, never at the same figure twice.
            rule(
                r"when {S} attacks, {P} may attack up to {N} additional times\. {S} cannot attack the same figure more than once (?:per|each|in a) turn",
                |c, _| times(c.n(0).checked_add(1)?, true, false),
            ),
            // One more normal attack a turn, paid with attack dice (*Personal Arsenal*).
            rule(
                r"once per turn, after making a normal attack, {S} may reduce {P} attack value by {N} and make an additional normal attack",
                |c, _| {
                    Some(vec![Effect::ExtraAttacks {
                        count: 1,
                        normal_only: true,
                        adjacent_only: false,
                        bonus: -i8::try_from(c.n(0)).ok()?,
                    }])
                },
            ),
            // Adjacent opponents must attack it.
            rule(
                r"if an opponent's figure that is adjacent to {S} attacks with a normal or special attack, it must attack {S}",
                |_, _| Some(vec![Effect::CombatChallenge]),
            ),
        ]
    })
}

fn times(n: u16, distinct: bool, fewer_per_wound: bool) -> Option<Vec<Effect>> {
    let times = u8::try_from(n).ok().filter(|t| *t >= 2)?;
    Some(vec![Effect::AttacksUpTo {
        times,
        distinct,
        fewer_per_wound,
    }])
}

#[cfg(test)]
mod tests {
    use super::super::read_shared;
    use super::*;

    /// What the real card's power reads into (its text as the data prints it).
    fn read(card: &str, power: &str) -> Result<Vec<Effect>, String> {
        let c = crate::game::test_support::real(card);
        let p = c
            .powers
            .iter()
            .find(|p| p.name.starts_with(power))
            .unwrap_or_else(|| panic!("{card} has no power {power}"));
        read_shared(card, &p.text)
    }

    #[test]
    fn several_attacks_a_turn() {
        let up_to = |times, distinct, fewer_per_wound| {
            Ok(vec![Effect::AttacksUpTo {
                times,
                distinct,
                fewer_per_wound,
            }])
        };
        assert_eq!(read("Fen Hydra", "Hydra Heads"), up_to(4, false, true));
        assert_eq!(
            read("Krakenling", "FLAILING TENTACLES"),
            up_to(3, false, true)
        );
        assert_eq!(
            read("Quasatch Hunters", "Feral Rage"),
            up_to(3, true, false)
        );
        // without the wounds sentence Hydra Heads is not read as something less
        assert!(read_shared(
            "Fen Hydra",
            "When this Fen Hydra attacks, it may attack up to 4 times."
        )
        .is_err());
        assert_eq!(
            read("Destro", "PERSONAL ARSENAL"),
            Ok(vec![Effect::ExtraAttacks {
                count: 1,
                normal_only: true,
                adjacent_only: false,
                bonus: -2
            }])
        );
        assert_eq!(
            read("Tandros Kreel", "Combat Challenge"),
            Ok(vec![Effect::CombatChallenge])
        );
        // another card's name is not Tandros Kreel's
        assert!(read_shared("Tandros Kreel", "If an opponent's figure that is adjacent to Grimnak attacks with a normal or special attack, it must attack Grimnak.").is_err());
        // without "the same figure" sentence Feral Rage stays text
        assert!(read_shared(
            "Quasatch Hunters",
            "When a Quasatch Hunter attacks, it may attack up to 2 additional times."
        )
        .is_err());
    }
}
