//! Powers used at a given moment that choose a figure and may roll the 20-sided die
//! ([`Triggered`]), beyond the Rise of the Valkyrie ones.

use std::sync::OnceLock;

use super::{d20, rule, Rule};
use crate::card::{Kind, Rarity, Size};
use crate::power::{Effect, Filter, Outcome, Target, Trigger, Triggered};

pub(super) fn rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        vec![
            // Petrifying Glare, Dragon Swoop: one wound on a figure in sight, on a roll.
            rule(
                r"after moving and before attacking, you may choose (?:any|a|one) figure within {N} clear sight spaces(?: of {S})?\. roll (?:the )?20-sided die\. if you roll (?:an? )?{N} or higher, (?:that|the chosen) figure (?:takes|receives) (?:1|one|a) wound",
                |c, _| {
                    Some(vec![Effect::Triggered(Triggered {
                        trigger: Trigger::AfterMoveBeforeAttack,
                        target: Some(Target {
                            adjacent: false,
                            within: Some(c.n(0)),
                            opponents_only: false,
                            controlled_only: false,
                            filter: Filter::default(),
                        }),
                        roll: Some(d20(c.u8(1))),
                        outcomes: vec![Outcome::WoundTarget(1)],
                    })])
                },
            ),
            // Crushing Blow: a wound without a roll on an adjacent small or medium figure that
            // is not a unique hero ("a squad figure or a common hero").
            rule(
                r"after moving and before attacking, you may inflict (?:1|one) wound on a small or medium squad figure or a small or medium common hero adjacent to {S}",
                |_, _| {
                    Some(vec![Effect::Triggered(Triggered {
                        trigger: Trigger::AfterMoveBeforeAttack,
                        target: Some(Target {
                            adjacent: true,
                            within: None,
                            opponents_only: false,
                            controlled_only: false,
                            filter: Filter {
                                sizes: vec![Size::Small, Size::Medium],
                                except: Some(Box::new(Filter {
                                    kind: Some(Kind::Hero),
                                    rarity: Some(Rarity::Unique),
                                    ..Filter::default()
                                })),
                                ..Filter::default()
                            },
                        }),
                        roll: None,
                        outcomes: vec![Outcome::WoundTarget(1)],
                    })])
                },
            ),
        ]
    })
}

#[cfg(test)]
mod tests {
    use super::super::read_shared;
    use super::*;

    #[test]
    fn a_wound_on_a_chosen_figure() {
        let glare = read_shared("Sudema (SotC)", "After moving and before attacking, you may choose any figure within 5 clear sight spaces. Roll the 20-sided die. If you roll a 7 or higher, that figure takes 1 wound.").expect("petrifying glare reads");
        let [Effect::Triggered(t)] = glare.as_slice() else {
            panic!("{glare:?}")
        };
        assert_eq!(t.trigger, Trigger::AfterMoveBeforeAttack);
        assert_eq!(t.target.as_ref().and_then(|t| t.within), Some(5));
        assert_eq!(t.roll.as_ref().map(|r| r.at_least), Some(7));
        assert_eq!(t.outcomes, vec![Outcome::WoundTarget(1)]);
        // Crushing Blow: no roll, and never a unique hero (the card misspells its own name)
        let blow = read_shared("Knight Primus", "After moving and before attacking, you may inflict one wound on a small or medium squad figure or a small or medium common hero adjacent to Knight Primus Adelbern.").expect("crushing blow reads");
        let [Effect::Triggered(t)] = blow.as_slice() else {
            panic!("{blow:?}")
        };
        assert!(t.roll.is_none());
        let target = t.target.clone().expect("a chosen figure");
        assert!(target.adjacent);
        assert_eq!(
            target.filter.except.map(|e| (e.kind, e.rarity)),
            Some((Some(Kind::Hero), Some(Rarity::Unique)))
        );
    }
}
