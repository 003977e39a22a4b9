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
