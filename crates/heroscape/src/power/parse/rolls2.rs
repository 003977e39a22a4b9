//! Powers acting between an attack's rolls ([`Effect::DuringRoll`]): skulls added to the
//! attack roll of the figures an aura reaches (*Onslaught Aura*), attack dice rolled again
//! (*Brutality Aura*, *Chain Axe*); and a bonus while another card is controlled
//! (*Dynastic Leadership*, [`Condition::ControlsAnother`]). Played by `game/powers/rolls2.rs`.

use std::sync::OnceLock;

use super::{modify, rule, Ctx, Rule, Tpl};
use crate::card::Size;
use crate::power::rolls2::{Beside, DuringRoll, Once, Reach, RollChange, Splash};
use crate::power::{Condition, Effect, Filter, Stat, Who};

pub(super) fn rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        vec![
            // Onslaught Aura: "another Gladiator figure you control" leaves the card's figure
            // out of the first group; "any figure you control within 4 clear sight spaces"
            // keeps it in the second (an aura reaches its bearer unless the card says not).
            rule(
                r"once per player turn, after another {W} figure you control or any figure you control within {N} clear sight spaces of {S} rolls attack dice for a normal attack against an adjacent figure, it may add (?:1|one) skull to the roll",
                |c, lex| {
                    let filter = lex.filter(c.w(0)).filter(|f| !f.is_any())?;
                    Some(vec![Effect::DuringRoll {
                        roll: DuringRoll {
                            attackers: vec![
                                Reach {
                                    who: Who::OtherControlled,
                                    filter,
                                },
                                Reach {
                                    who: Who::ControlledWithin(c.n(0)),
                                    filter: Filter::default(),
                                },
                            ],
                            when: vec![Condition::NormalAttack, Condition::OpponentAdjacent],
                            change: RollChange::AddSkulls(1),
                            once: Some(Once::PlayerTurn),
                        },
                    }])
                },
            ),
            // Brutality Aura: the second sentence names the power itself.
            rule(
                r"when an? {W} you control within {N} clear sight spaces of {S} attacks an adjacent figure with a normal attack, before defense dice are rolled, you may re-roll all attack dice that did not show skulls\. [a-zäö' ]+ may only be used once per turn",
                |c, lex| {
                    let filter = lex.filter(c.w(0)).filter(|f| !f.is_any())?;
                    Some(vec![Effect::DuringRoll {
                        roll: DuringRoll {
                            attackers: vec![Reach {
                                who: Who::ControlledWithin(c.n(0)),
                                filter,
                            }],
                            when: vec![Condition::NormalAttack, Condition::OpponentAdjacent],
                            change: RollChange::RerollNonSkulls,
                            once: Some(Once::PlayerTurn),
                        },
                    }])
                },
            ),
            // Dragon Assault: Double Assault, and a die more on the first attack after flying.
            rule(
                r"when {S} attacks an adjacent figure or destructible object, {P} may attack (?:one|1) additional time\. if {S} used (?:his|her|its) flying special power this turn, roll {N} (?:additional|addtional) combat (?:die|dice) on the first attack",
                |c, _| {
                    Some(vec![
                        Effect::ExtraAttacksAfterAdjacent { count: 1 },
                        Effect::FlownFirstAttackDice { by: c.u8(0) },
                    ])
                },
            ),
            // Double Assault: the game has no destructible objects.
            rule(
                r"when {S} attacks an adjacent figure or destructible object, {P} may attack (?:one|1) additional time",
                |_, _| Some(vec![Effect::ExtraAttacksAfterAdjacent { count: 1 }]),
            ),
            // Reach (the card misspells its own name once: "this Fen Hyda's base")
            rule(
                r"if an opponent's figure is within {N} spaces of {S}, and its base is no more than {N} levels above {S} height or {N} levels below (?:{S}|this fen hyda's) base, {S} may add {N} to its range when attacking that figure",
                |c, _| {
                    Some(vec![Effect::ReachNear {
                        within: c.n(0),
                        above_top: c.n(1),
                        below_base: c.n(2),
                        by: c.n(3),
                    }])
                },
            ),
            // Dynastic Leadership
            rule(
                r"if you control {S} and another {W}, figures you control who follow {W} increase their move value by {N}",
                |c, lex| {
                    let other = lex.filter(c.w(0)).filter(|f| !f.is_any())?;
                    let filter = lex
                        .filter(&format!("figures who follow {}", c.w(1)))
                        .filter(|f| f.general.is_some())?;
                    Some(vec![modify(
                        Stat::Move,
                        c.i8(0),
                        Who::Controlled,
                        filter,
                        vec![Condition::ControlsAnother(other)],
                    )])
                },
            ),
        ]
    })
}

/// Whether the card makes special attacks: the game asks between the rolls of normal attacks
/// only, so a power about all of a card's attacks is left as text on such a card.
fn has_special_attack(ctx: &Ctx) -> bool {
    ctx.card
        .powers
        .iter()
        .any(|p| p.name.to_lowercase().contains("special attack"))
}

/// *Cleave* and *Vydar's Hammer*: a figure chosen as the attack begins takes a wound if the
/// defending figure takes any. *Cleave* ("when Tandros Kreel attacks an adjacent figure", any
/// attack) is read on a card without special attacks only.
pub(super) fn splash(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static T: OnceLock<Vec<Tpl<Splash>>> = OnceLock::new();
    let rules = T.get_or_init(|| {
        let tail = r"\. if the defending figure (?:receives|recieves|takes) any wounds from {S} attack, the (?:chosen|chose) figure (?:receives|recieves|takes) (?:one|1) wound";
        vec![
            rule(
                &format!(r"when {{S}} attacks an adjacent figure, you may choose (?:one|1) {{W}} that is also adjacent to {{S}}{tail}"),
                |c, lex| {
                    Some(Splash {
                        when: vec![Condition::OpponentAdjacent],
                        beside: Beside::Attacker,
                        filter: lex.filter(c.w(0)).filter(|f| !f.is_any())?,
                        must: false,
                        wounds: 1,
                    })
                },
            ),
            rule(
                &format!(r"when {{S}} attacks an adjacent figure with a normal attack, you choose (?:one|1) small, medium,? or large figure that is adjacent to the defending figure{tail}"),
                |_, _| {
                    Some(Splash {
                        when: vec![Condition::NormalAttack, Condition::OpponentAdjacent],
                        beside: Beside::Defender,
                        filter: crate::power::Filter {
                            sizes: vec![Size::Small, Size::Medium, Size::Large],
                            ..crate::power::Filter::default()
                        },
                        must: true,
                        wounds: 1,
                    })
                },
            ),
        ]
    });
    let splash = rules.iter().find_map(|r| r.apply(text, ctx.me, ctx.lex))?;
    if !splash.when.contains(&Condition::NormalAttack) && has_special_attack(ctx) {
        return None;
    }
    Some(vec![Effect::Splash { splash }])
}

/// *Chain Axe*: "after rolling attack dice, before defense dice are rolled, you may re-roll
/// one die that did not roll a skull" — the card's own attacks. The game asks it between the
/// rolls of normal attacks, so a card that also makes special attacks is left as text.
pub(super) fn reroll_one(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    if text
        != "after rolling attack dice, before defense dice are rolled, you may re-roll one die that did not roll a skull"
    {
        return None;
    }
    if has_special_attack(ctx) {
        return None;
    }
    Some(vec![Effect::DuringRoll {
        roll: DuringRoll {
            attackers: vec![Reach {
                who: Who::Bearer,
                filter: Filter::default(),
            }],
            when: Vec::new(),
            change: RollChange::RerollOneNonSkull,
            once: None,
        },
    }])
}

#[cfg(test)]
mod tests {
    use super::super::read_shared;
    use super::*;
    use crate::game::test_support::printed;

    #[test]
    fn onslaught_aura_adds_a_skull_once_per_player_turn() {
        let card = "Taelord the Kyrie Warrior (SotC)";
        assert_eq!(
            read_shared(card, &printed(card, "ONSLAUGHT AURA")),
            Ok(vec![Effect::DuringRoll {
                roll: DuringRoll {
                    attackers: vec![
                        Reach {
                            who: Who::OtherControlled,
                            filter: Filter {
                                class: Some("Gladiator".into()),
                                ..Filter::default()
                            },
                        },
                        Reach {
                            who: Who::ControlledWithin(4),
                            filter: Filter::default(),
                        },
                    ],
                    when: vec![Condition::NormalAttack, Condition::OpponentAdjacent],
                    change: RollChange::AddSkulls(1),
                    once: Some(Once::PlayerTurn),
                },
            }])
        );
        // another change of the roll, or a reach without its figures, is not this power
        assert!(read_shared(card, "Once per player turn, after another Gladiator figure you control or any figure you control within 4 clear sight spaces of Taelord the Kyrie Warrior rolls attack dice for a normal attack against an adjacent figure, it may add 2 skulls to the roll.").is_err());
        assert!(read_shared(card, "Once per player turn, after another figure you control or any figure you control within 4 clear sight spaces of Taelord the Kyrie Warrior rolls attack dice for a normal attack against an adjacent figure, it may add 1 skull to the roll.").is_err());
    }

    #[test]
    fn brutality_aura_and_dynastic_leadership() {
        let card = "Loviatäk the Kyrie Warrior";
        assert_eq!(
            read_shared(card, &printed(card, "Brutality Aura")),
            Ok(vec![Effect::DuringRoll {
                roll: DuringRoll {
                    attackers: vec![Reach {
                        who: Who::ControlledWithin(4),
                        filter: Filter {
                            kind: Some(crate::card::Kind::Squad),
                            ..Filter::default()
                        },
                    }],
                    when: vec![Condition::NormalAttack, Condition::OpponentAdjacent],
                    change: RollChange::RerollNonSkulls,
                    once: Some(Once::PlayerTurn),
                },
            }])
        );
        // without its limit, it is another power
        assert!(read_shared(card, "When a Squad figure you control within 4 clear sight spaces of Loviatäk the Kyrie Warrior attacks an adjacent figure with a normal attack, before defense dice are rolled, you may re-roll all attack dice that did not show skulls.").is_err());
        assert_eq!(
            read_shared(card, &printed(card, "Dynastic Leadership")),
            Ok(vec![Effect::Modify {
                stat: Stat::Move,
                by: 1,
                who: Who::Controlled,
                filter: Filter {
                    general: Some("Utgar".into()),
                    ..Filter::default()
                },
                when: vec![Condition::ControlsAnother(Filter {
                    species: Some("Kyrie".into()),
                    general: Some("Utgar".into()),
                    kind: Some(crate::card::Kind::Hero),
                    rarity: Some(crate::card::Rarity::Unique),
                    ..Filter::default()
                })],
            }])
        );
    }

    #[test]
    fn cleave_and_vydars_hammer() {
        let card = "Tandros Kreel";
        assert_eq!(
            read_shared(card, &printed(card, "Cleave")),
            Ok(vec![Effect::Splash {
                splash: Splash {
                    when: vec![Condition::OpponentAdjacent],
                    beside: Beside::Attacker,
                    filter: Filter {
                        kind: Some(crate::card::Kind::Squad),
                        ..Filter::default()
                    },
                    must: false,
                    wounds: 1,
                }
            }])
        );
        let card = "Major Q11";
        assert_eq!(
            read_shared(card, &printed(card, "Vydar's Hammer")),
            Ok(vec![Effect::Splash {
                splash: Splash {
                    when: vec![Condition::NormalAttack, Condition::OpponentAdjacent],
                    beside: Beside::Defender,
                    filter: Filter {
                        sizes: vec![Size::Small, Size::Medium, Size::Large],
                        ..Filter::default()
                    },
                    must: true,
                    wounds: 1,
                }
            }])
        );
        // Cleave on a card that makes special attacks stays text
        assert!(read_shared(
            card,
            &printed("Tandros Kreel", "Cleave").replace("Tandros Kreel", "Major Q11")
        )
        .is_err());
    }

    #[test]
    fn reach_adds_range_against_a_near_opponent() {
        let card = "Fen Hydra";
        assert_eq!(
            read_shared(card, &printed(card, "Reach")),
            Ok(vec![Effect::ReachNear {
                within: 2,
                above_top: 3,
                below_base: 3,
                by: 1
            }])
        );
    }

    #[test]
    fn dragon_assault_is_double_assault_and_a_die_after_flying() {
        let card = "Sonlen (AoA)";
        let text = printed(card, "Dragon Assault");
        assert_eq!(
            read_shared(card, &text),
            Ok(vec![
                Effect::ExtraAttacksAfterAdjacent { count: 1 },
                Effect::FlownFirstAttackDice { by: 1 }
            ])
        );
        // a condition the game does not know is not read as flying
        let swum = text.replace("Flying Special Power", "Swimming Special Power");
        assert!(
            read_shared(card, &swum).is_err(),
            "{:?}",
            read_shared(card, &swum)
        );
    }

    #[test]
    fn double_assault_after_an_adjacent_attack() {
        let card = "Evar Scarcarver";
        assert_eq!(
            read_shared(card, &printed(card, "Double Assault")),
            Ok(vec![Effect::ExtraAttacksAfterAdjacent { count: 1 }])
        );
    }

    #[test]
    fn chain_axe_rerolls_one_die_without_a_skull() {
        let card = "Dorim the Bulkhead Brawler";
        assert_eq!(
            read_shared(card, &printed(card, "Chain Axe")),
            Ok(vec![Effect::DuringRoll {
                roll: DuringRoll {
                    attackers: vec![Reach {
                        who: Who::Bearer,
                        filter: Filter::default(),
                    }],
                    when: Vec::new(),
                    change: RollChange::RerollOneNonSkull,
                    once: None,
                },
            }])
        );
        assert!(read_shared(card, "After rolling attack dice, before defense dice are rolled, you may re-roll one die that did not roll a shield.").is_err());
    }
}
