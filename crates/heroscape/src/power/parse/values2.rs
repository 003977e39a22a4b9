//! Values set by where a figure began its turn over several land types (*Lurking Ambush*),
//! by the figures next to the attack's figures (*Mark of the Warlord*, *Adjacent Tough*), by
//! one of several cases (*Defend the Deep*, *Intimidate*), a figure without defence dice on water (*Negative
//! Element*), a spirit that hands *Life Drain* to another hero (*Life Drain Spirit*) and a friendly
//! figure healed when a normal attack destroys a figure (*Spear of Sankari*); played by
//! `game/powers/values3.rs`.

use std::sync::OnceLock;

use super::{modify, rule, Rule};
use crate::card::{Kind, Size};
use crate::power::{Condition, Effect, Filter, Outcome, Stat, Target, Trigger, Triggered, Who};

pub(super) fn rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        vec![
            // Lurking Ambush: both values for the whole turn, read from where it began it.
            rule(
                r"if {S} starts (?:his|her|its) turn unengaged and on at least one shadow or swamp water space, for this turn add {N} to {S} movement and {N} to (?:his|her|its) attack value",
                |c, _| {
                    let when = vec![
                        Condition::StartedTurnEngaged(false),
                        Condition::StartedTurnOnAny(vec!["shadow".into(), "swamp_water".into()]),
                    ];
                    Some(vec![
                        modify(Stat::Move, c.i8(0), Who::Bearer, Filter::default(), when.clone()),
                        modify(Stat::Attack, c.i8(1), Who::Bearer, Filter::default(), when),
                    ])
                },
            ),
            // Life Drain Spirit: "that hero" makes the card a hero's.
            rule(
                r"when {S} is destroyed, place this figure on the army card of {W}\. that hero now has life drain",
                |c, lex| {
                    let mut onto = lex.filter(c.w(0)).filter(|f| !f.is_any())?;
                    if onto.kind.is_some_and(|k| k != Kind::Hero) {
                        return None;
                    }
                    onto.kind = Some(Kind::Hero);
                    Some(vec![Effect::LifeDrainSpirit { onto }])
                },
            ),
            // Spear of Sankari: the user never heals itself (`with_user` false); destructible
            // objects are not figures the game destroys.
            rule(
                r"when {S} destroys a figure with a normal attack, you may choose a small or medium friendly figure within {N} clear sight spaces of {S}\. remove a wound marker from the chosen figure\. {S} cannot heal (?:herself|himself|itself) with [a-z' ]+, and it cannot be used when destroying a destructible object",
                |c, _| {
                    Some(vec![Effect::Triggered(Triggered {
                        trigger: Trigger::DestroysWithNormalAttack,
                        target: Some(Target {
                            within: Some(c.n(0)),
                            friendly_only: true,
                            filter: Filter {
                                sizes: vec![Size::Small, Size::Medium],
                                ..Filter::default()
                            },
                            ..Target::default()
                        }),
                        roll: None,
                        outcomes: vec![Outcome::HealTarget(1)],
                    })])
                },
            ),
            // Mark of the Warlord: any figure matching, whoever controls it.
            rule(
                r"when attacking a figure that is adjacent to any {W}, {S} add {N} to their attack dice",
                |c, lex| {
                    let warlord = lex.filter(c.w(0)).filter(|f| !f.is_any())?;
                    Some(vec![modify(
                        Stat::Attack,
                        c.i8(0),
                        Who::Bearer,
                        Filter::default(),
                        vec![Condition::Attacking, Condition::OpponentAdjacentTo(warlord)],
                    )])
                },
            ),
            // Adjacent Tough: one automatic shield while a friend of its general is next to it.
            rule(
                r"when rolling defense dice for {S}, if {S} is adjacent to at least one figure who follows {W} that you control, add {Q} automatic shields? to the defense roll",
                |c, lex| {
                    let general = lex.filter(c.w(0))?.general?;
                    let friend = Filter {
                        general: Some(general),
                        ..Filter::default()
                    };
                    Some(vec![Effect::Automatic {
                        stat: Stat::Defense,
                        count: u8::try_from(c.n(0)).ok()?,
                        when: vec![Condition::Defending, Condition::AdjacentControlled(friend)],
                    }])
                },
            ),
            // Defend the Deep: the two cases are one bonus, never added twice.
            rule(
                r"{S} adds {N} to its defense value when it is on a water space or when it defends against an attack from a figure that has height advantage",
                |c, _| {
                    Some(vec![modify(
                        Stat::Defense,
                        c.i8(0),
                        Who::Bearer,
                        Filter::default(),
                        vec![Condition::AnyOf(vec![
                            Condition::OnGround("water".into()),
                            Condition::OpponentHeightAdvantage,
                        ])],
                    )])
                },
            ),
            // Intimidate: the attacker one of the kinds named, controlled by the card's
            // player; only opponents' figures are ever attacked.
            rule(
                r"{W} within {N} clear sight spaces of {S} reduce their defense value by {N} when attacked by an? {W} you control",
                |c, lex| {
                    let defenders = lex.filter(c.w(0))?;
                    let attackers = lex.filters(c.w(1))?;
                    Some(vec![modify(
                        Stat::Defense,
                        -c.i8(1),
                        Who::OpponentsWithin(c.n(0)),
                        defenders,
                        vec![
                            Condition::Defending,
                            Condition::OpponentControlled,
                            Condition::AnyOf(
                                attackers.into_iter().map(Condition::Opponent).collect(),
                            ),
                        ],
                    )])
                },
            ),
            rule(
                r"{S} can never roll defense dice while it is on a water space",
                |_, _| {
                    Some(vec![Effect::NoDefenceDice {
                        when: vec![Condition::OnGround("water".into())],
                    }])
                },
            ),
        ]
    })
}

#[cfg(test)]
mod tests {
    use super::super::read_shared;
    use super::*;
    use crate::card::Rarity;

    /// What the real card's printed power reads into.
    fn printed(card: &str, power: &str) -> Vec<Effect> {
        let c = crate::game::test_support::real(card);
        let text = &c
            .powers
            .iter()
            .find(|p| p.name == power)
            .unwrap_or_else(|| panic!("{card} has no power {power}"))
            .text;
        read_shared(card, text).unwrap_or_else(|e| panic!("{card}: {e}"))
    }

    #[test]
    fn lurking_ambush_reads_move_and_attack_from_where_othkurik_began_his_turn() {
        let when = vec![
            Condition::StartedTurnEngaged(false),
            Condition::StartedTurnOnAny(vec!["shadow".into(), "swamp_water".into()]),
        ];
        assert_eq!(
            printed("Othkurik The Black Dragon", "Lurking Ambush"),
            vec![
                modify(Stat::Move, 1, Who::Bearer, Filter::default(), when.clone()),
                modify(Stat::Attack, 3, Who::Bearer, Filter::default(), when),
            ]
        );
        // other land types are not these
        assert!(read_shared("Othkurik", "If Othkurik starts his turn unengaged and on at least one shadow or lava space, for this turn add 1 to Othkurik's movement and 3 to his Attack value.").is_err());
    }

    #[test]
    fn mark_adjacent_tough_and_defend_the_deep_read_their_conditions() {
        assert_eq!(
            printed("Grok Riders", "Mark of the Warlord"),
            vec![modify(
                Stat::Attack,
                2,
                Who::Bearer,
                Filter::default(),
                vec![
                    Condition::Attacking,
                    Condition::OpponentAdjacentTo(Filter {
                        species: Some("Marro".into()),
                        class: Some("Warlord".into()),
                        ..Filter::default()
                    }),
                ],
            )]
        );
        assert_eq!(
            printed("Hatamoto Taro", "Adjacent Tough 1"),
            vec![Effect::Automatic {
                stat: Stat::Defense,
                count: 1,
                when: vec![
                    Condition::Defending,
                    Condition::AdjacentControlled(Filter {
                        general: Some("Einar".into()),
                        ..Filter::default()
                    }),
                ],
            }]
        );
        assert_eq!(
            printed("Gelryie Vanguards", "DEFEND THE DEEP A"),
            vec![modify(
                Stat::Defense,
                2,
                Who::Bearer,
                Filter::default(),
                vec![Condition::AnyOf(vec![
                    Condition::OnGround("water".into()),
                    Condition::OpponentHeightAdvantage,
                ])],
            )]
        );
        assert_eq!(
            printed("Fire Elemental", "Negative Element"),
            vec![Effect::NoDefenceDice {
                when: vec![Condition::OnGround("water".into())],
            }]
        );
        assert_eq!(
            printed("Bok-Bur-Na", "Intimidate"),
            vec![modify(
                Stat::Defense,
                -1,
                Who::OpponentsWithin(3),
                Filter {
                    sizes: vec![Size::Small, Size::Medium],
                    ..Filter::default()
                },
                vec![
                    Condition::Defending,
                    Condition::OpponentControlled,
                    Condition::AnyOf(vec![
                        Condition::Opponent(Filter {
                            class: Some("Captain".into()),
                            ..Filter::default()
                        }),
                        Condition::Opponent(Filter {
                            class: Some("Pirate".into()),
                            ..Filter::default()
                        }),
                    ]),
                ],
            )]
        );
        // a word nothing knows fails the phrase
        assert!(read_shared("Grok Riders", "When attacking a figure that is adjacent to any Marro Gardener, Grok Riders add 2 to their attack dice.").is_err());
    }

    #[test]
    fn life_drain_spirit_reads_the_cards_it_may_lie_on() {
        assert_eq!(
            printed("Misaerx the Kyrie Warrior", "Life Drain Spirit"),
            vec![Effect::LifeDrainSpirit {
                onto: Filter {
                    class: Some("Warrior".into()),
                    general: Some("Revna".into()),
                    rarity: Some(Rarity::Unique),
                    kind: Some(Kind::Hero),
                    ..Filter::default()
                },
            }]
        );
        // a phrase naming no kind of figure reads nothing
        assert!(read_shared("Misaerx", "When Misaerx the Kyrie Warrior is destroyed, place this figure on the Army Card of a friend of yours. That Hero now has Life Drain.").is_err());
    }

    #[test]
    fn spear_of_sankari_chooses_a_small_or_medium_friend_within_four() {
        let read = printed("Mielki the Kyrie Warrior", "Spear of Sankari");
        let [Effect::Triggered(t)] = read.as_slice() else {
            panic!("a triggered power: {read:?}")
        };
        let t = t.clone();
        assert_eq!(t.trigger, Trigger::DestroysWithNormalAttack);
        assert_eq!(t.roll, None);
        assert_eq!(t.outcomes, vec![Outcome::HealTarget(1)]);
        let target = t.target.expect("a chosen figure");
        assert!(target.friendly_only && !target.with_user && !target.opponents_only);
        assert_eq!(target.within, Some(4));
        assert_eq!(target.filter.sizes, vec![Size::Small, Size::Medium]);
        // without the clause on herself, the power does not read
        assert!(read_shared("Mielki", "When Mielki destroys a figure with a normal attack, you may choose a Small or Medium friendly figure within 4 clear sight spaces of Mielki. Remove a Wound Marker from the chosen figure.").is_err());
    }
}
