//! Dice modifiers read by code rather than one template: automatic skulls and shields and
//! one-shield defences under the modifier grammar's conditions, counts of this card's own
//! figures, bonuses for not moving.

use std::sync::OnceLock;

use regex::Regex;

use super::{modify, number, rule, stat_word, Ctx, Rule, Tpl};
use crate::power::{Condition, Count, Effect, Filter, Stat, Who};

/// Modifiers whose figures the grammar has no word for: the figure attacked by this card's
/// figures, figures adjacent to the defender, friendly figures within a distance.
pub(super) fn rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        vec![
            rule(
                r"figures attacked by {S} subtract {N} from their defense dice(?:\. destructible objects are not affected by [a-z' ]+)?",
                |c, _| {
                    Some(vec![modify(
                        Stat::Defense,
                        -c.i8(0),
                        Who::AttackedBy,
                        Filter::default(),
                        vec![Condition::Defending],
                    )])
                },
            ),
            rule(
                r"{S} rolls? an additional die when attacking or defending against {W}",
                |c, lex| {
                    let f = lex.filter(c.w(0)).filter(|f| !f.is_any())?;
                    Some(vec![
                        modify(
                            Stat::Attack,
                            1,
                            Who::Bearer,
                            Filter::default(),
                            vec![Condition::Attacking, Condition::Opponent(f.clone())],
                        ),
                        modify(
                            Stat::Defense,
                            1,
                            Who::Bearer,
                            Filter::default(),
                            vec![Condition::Defending, Condition::Opponent(f)],
                        ),
                    ])
                },
            ),
            rule(
                r"figures that have the flying or stealth flying special power subtract {N} from their defense dice when attacked by {S}",
                |c, _| {
                    Some(vec![modify(
                        Stat::Defense,
                        -c.i8(0),
                        Who::AttackedBy,
                        Filter {
                            flying: Some(true),
                            ..Filter::default()
                        },
                        vec![Condition::Defending],
                    )])
                },
            ),
            rule(
                r"when attacking a non-adjacent figure, add (?:1|one) to {S} attack value for every {W} you control adjacent to the defending figure",
                |c, lex| {
                    Some(vec![Effect::PerCount {
                        stat: Stat::Attack,
                        count: Count::AdjacentToOpponent {
                            filter: lex.filter(c.w(0)).filter(|f| !f.is_any())?,
                            controlled: true,
                        },
                        max: None,
                        when: vec![Condition::Attacking, Condition::OpponentNotAdjacent],
                    }])
                },
            ),
            rule(
                r"while attacking, roll (?:1|one|an) additional attack die for each other friendly {W} adjacent to the target",
                |c, lex| {
                    Some(vec![Effect::PerCount {
                        stat: Stat::Attack,
                        count: Count::AdjacentToOpponent {
                            filter: lex.filter(c.w(0)).filter(|f| !f.is_any())?,
                            controlled: false,
                        },
                        max: None,
                        when: vec![Condition::Attacking],
                    }])
                },
            ),
            rule(
                r"add (?:1|one) to {S} attack dice for every {W} you control within {N} clear sight spaces of {S},? up to a maximum of \+{N} dice",
                |c, lex| {
                    Some(vec![Effect::PerCount {
                        stat: Stat::Attack,
                        count: Count::ControlledWithin {
                            filter: lex.filter(c.w(0)).filter(|f| !f.is_any())?,
                            within: c.n(0),
                        },
                        max: Some(c.n(1)),
                        when: vec![],
                    }])
                },
            ),
            rule(
                r"if {S} is attacking a non-adjacent figure that has the flying or stealth flying special power, add {N} dice to {S} attack",
                |c, _| {
                    Some(vec![modify(
                        Stat::Attack,
                        c.i8(0),
                        Who::Bearer,
                        Filter::default(),
                        vec![
                            Condition::Attacking,
                            Condition::OpponentNotAdjacent,
                            Condition::Opponent(Filter {
                                flying: Some(true),
                                ..Filter::default()
                            }),
                        ],
                    )])
                },
            ),
            rule(
                r"if {S} begins its turn unengaged, add {N} to its move value this turn\. if it begins its turn engaged, add {N} to its attack value this turn",
                |c, _| {
                    Some(vec![
                        modify(
                            Stat::Move,
                            c.i8(0),
                            Who::Bearer,
                            Filter::default(),
                            vec![Condition::StartedTurnEngaged(false)],
                        ),
                        modify(
                            Stat::Attack,
                            c.i8(1),
                            Who::Bearer,
                            Filter::default(),
                            vec![Condition::StartedTurnEngaged(true)],
                        ),
                    ])
                },
            ),
            rule(
                r"if {S} starts (?:his|her|its) turn unengaged and on a shadow space, add {N} to (?:his|her|its) attack this turn",
                |c, _| {
                    Some(vec![modify(
                        Stat::Attack,
                        c.i8(0),
                        Who::Bearer,
                        Filter::default(),
                        vec![
                            Condition::StartedTurnEngaged(false),
                            Condition::StartedTurnOn("shadow".into()),
                        ],
                    )])
                },
            ),
            rule(
                r"all {W} you control within {N} clear sight spaces of {S} add {N} to their attack dice and {N} to their defense dice",
                |c, lex| {
                    let filter = lex.filter(c.w(0)).filter(|f| !f.is_any())?;
                    Some(vec![
                        modify(
                            Stat::Attack,
                            c.i8(1),
                            Who::ControlledWithin(c.n(0)),
                            filter.clone(),
                            vec![],
                        ),
                        modify(
                            Stat::Defense,
                            c.i8(2),
                            Who::ControlledWithin(c.n(0)),
                            filter,
                            vec![],
                        ),
                    ])
                },
            ),
            rule(
                r"all {W} squad figures you control may leap an additional {N} levels up or down when using their stealth leap special power",
                |c, lex| {
                    let filter = lex.filter(c.w(0)).filter(|f| !f.is_any())?;
                    Some(vec![Effect::LeapLevels {
                        by: c.n(0),
                        filter: Filter {
                            kind: Some(crate::card::Kind::Squad),
                            ..filter
                        },
                    }])
                },
            ),
            rule(
                r"all friendly figures with a range of {N} or more who follow {W} and are within {N} clear sight spaces of {S} add {N} spaces to their range number\. [a-z' ]+ does not affect {S}",
                |c, lex| {
                    let general = lex.filter(c.w(0))?.general?;
                    Some(vec![modify(
                        Stat::Range,
                        c.i8(2),
                        Who::OtherFriendlyWithin(c.n(1)),
                        Filter {
                            min_range: Some(c.n(0)),
                            general: Some(general),
                            ..Filter::default()
                        },
                        vec![],
                    )])
                },
            ),
        ]
    })
}

/// "COBRA Commander adds 1 automatic skull when attacking adjacent figures": automatic skulls
/// or shields with the conditions of the modifier grammar.
pub(super) fn automatic(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r"^(.+?) (?:always )?adds? (\d+|one|two|an|a) automatic (skull|shield)s?(?: to (?:whatever is rolled|(?:his|her|its|their) (?:attack|defense) rolls?))? ((?:when|while|if|against) .+)$")
            .expect("compiles")
    });
    let m = re.captures(text)?;
    if !ctx.me.is_self(&m[1]) {
        return None;
    }
    let count = u8::try_from(number(&m[2])?).ok()?;
    let (stat, role) = match &m[3] {
        "skull" => (Stat::Attack, Condition::Attacking),
        _ => (Stat::Defense, Condition::Defending),
    };
    let mut when = crate::power::grammar::condition(&m[4], ctx.me, ctx.lex)?;
    let other = match role {
        Condition::Attacking => Condition::Defending,
        _ => Condition::Attacking,
    };
    if when.contains(&other) {
        return None;
    }
    if !when.contains(&role) {
        when.insert(0, role);
    }
    Some(vec![Effect::Automatic { stat, count, when }])
}

/// "When a Warrior of Ashra rolls defense dice against a normal attack from an adjacent figure,
/// one shield will block all damage": the condition read by the modifier grammar.
pub(super) fn one_shield(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    let cond = text.strip_suffix(", one shield will block all damage")?;
    let mut when = crate::power::grammar::condition(cond, ctx.me, ctx.lex)?;
    if when.contains(&Condition::Attacking) {
        return None;
    }
    if !when.contains(&Condition::Defending) {
        when.insert(0, Condition::Defending);
    }
    Some(vec![Effect::OneShieldBlocksAll { when }])
}

/// "When defending with a Roman Legionnaire, increase that Roman Legionnaire's defense value by 1
/// for each adjacent Roman Legionnaire you control, to a maximum of +2": the count names this
/// card's figures, so its filter is the card's name.
pub(super) fn per_adjacent_self(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static T: OnceLock<Tpl<u16>> = OnceLock::new();
    let t = T.get_or_init(|| {
        rule(
            r"when defending with {S}, increase (?:that )?{S} defense value by (?:1|one) for each adjacent {S} you control, to a maximum of \+{N}",
            |c, _| Some(c.n(0)),
        )
    });
    let max = t.apply(text, ctx.me, ctx.lex)?;
    Some(vec![Effect::PerCount {
        stat: Stat::Defense,
        count: Count::AdjacentControlled(Filter {
            name: Some(ctx.card.name.clone()),
            ..Filter::default()
        }),
        max: Some(max),
        when: vec![Condition::Defending],
    }])
}

/// *Blade Dance*: "Unique Ullar Kyrie you control roll 1 additional die when attacking a figure
/// engaged with 1 or more of your Elites of Ullar": the figures named add dice while the
/// defender is engaged with one of the player's own figures of this card (engaged: adjacent
/// and enemies; an opponent's Elites of Ullar do not count).
pub(super) fn blade_dance(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r"^([a-z][a-z' ]*?) you control roll (\d+|one) additional (?:die|dice) when attacking a figure engaged with (?:1|one) or more of your ([a-z][a-z' ]*?)$")
            .expect("the pattern compiles")
    });
    let m = re.captures(text)?;
    if !ctx.me.is_self(&m[3]) {
        return None;
    }
    let who = ctx.lex.filter(&m[1]).filter(|f| !f.is_any())?;
    let by = if &m[2] == "one" {
        1
    } else {
        m[2].parse().ok()?
    };
    Some(vec![modify(
        Stat::Attack,
        by,
        Who::Controlled,
        who,
        vec![
            Condition::Attacking,
            Condition::OpponentEngagedWithOwn(Filter {
                name: Some(ctx.card.name.clone()),
                ..Filter::default()
            }),
        ],
    )])
}

/// "If an Ordo Borealis does not move on its turn, it may add 6 to its range value for the rest
/// of that turn".
pub(super) fn reload(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static T: OnceLock<Tpl<(Stat, i8)>> = OnceLock::new();
    let t = T.get_or_init(|| {
        rule(
            r"if {S} does not move (?:on|during) (?:its|his|her|their) turn, {P} may add {N} to {P} {T} for the rest of (?:that|the|this) turn",
            |c, _| Some((stat_word(c.w(0))?, c.i8(0))),
        )
    });
    let (stat, by) = t.apply(text, ctx.me, ctx.lex)?;
    Some(vec![modify(
        stat,
        by,
        Who::Bearer,
        Filter::default(),
        vec![Condition::NotMovedThisTurn],
    )])
}

/// "Increase the Move, Attack, and Defense Values of this Army Card by 1 for each of your
/// destroyed Gnarlfur Raiders": one [`Count::Destroyed`] per value, the count naming this
/// card.
pub(super) fn per_destroyed_self(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static T: OnceLock<Tpl<()>> = OnceLock::new();
    let t = T.get_or_init(|| {
        rule(
            r"increase the move, attack,? and defense values of this army card by (?:1|one) for each of your destroyed {S}",
            |_, _| Some(()),
        )
    });
    t.apply(text, ctx.me, ctx.lex)?;
    let count = Count::Destroyed(Filter {
        name: Some(ctx.card.name.clone()),
        ..Filter::default()
    });
    Some(
        [Stat::Move, Stat::Attack, Stat::Defense]
            .into_iter()
            .map(|stat| Effect::PerCount {
                stat,
                count: count.clone(),
                max: None,
                when: vec![],
            })
            .collect(),
    )
}

/// *Bloodlust*: "For every opponent's figure a Tagawa Samurai destroys, place a purple
/// Experience Marker on this card. When attacking with Tagawa Samurai, roll one additional
/// attack die for each Experience Marker on this card. A maximum of 3 Experience Markers can be
/// placed on this card."
pub(super) fn experience(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static T: OnceLock<Tpl<u16>> = OnceLock::new();
    let t = T.get_or_init(|| {
        rule(
            r"for every opponent's figure {S} destroys, place an? (?:[a-z]+ )?experience marker on this card\. when attacking with {S}, roll (?:1|one) additional attack die for each experience marker on this card\. a maximum of {N} experience markers can be placed on this card",
            |c, _| Some(c.n(0)),
        )
    });
    let max = t.apply(text, ctx.me, ctx.lex)?;
    Some(vec![
        Effect::Experience { max },
        Effect::PerCount {
            stat: Stat::Attack,
            count: Count::ExperienceMarkers,
            max: None,
            when: vec![Condition::Attacking],
        },
    ])
}

/// *Eternal Servitude*: "Isamu cannot be destroyed by wounds on this Army Card except during
/// the end of a round".
pub(super) fn round_end_death(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static T: OnceLock<Tpl<()>> = OnceLock::new();
    let t = T.get_or_init(|| {
        rule(
            r"{S} cannot be destroyed by wounds on this army card except during the end of (?:a|the) round",
            |_, _| Some(()),
        )
    });
    t.apply(text, ctx.me, ctx.lex)?;
    Some(vec![Effect::DestroyedAtRoundEnd])
}

/// *Eternal Heartbreak*: "If you control Cyprien Esenwein and he is destroyed, Sonya Esenwein
/// immediately receives 2 wounds": the other card is named, never a kind of figure.
pub(super) fn heartbreak(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r"^if you control ([a-z][a-z' -]*?) and (?:he|she|it) is destroyed, (.+?) immediately receives (\d+|one|two|three) wounds?$")
            .expect("compiles")
    });
    let m = re.captures(text)?;
    let name = &m[1];
    if !ctx.me.is_self(&m[2])
        || ctx.me.is_self(name)
        || name.starts_with("a ")
        || name.starts_with("an ")
        || name.starts_with("any ")
    {
        return None;
    }
    Some(vec![Effect::Heartbreak {
        name: name.to_string(),
        wounds: number(&m[3])?,
    }])
}

#[cfg(test)]
mod tests {
    use super::super::read_shared;
    use crate::card::{Card, Size};
    use crate::power::{Condition::*, Count, Effect, Filter, Stat, Who};

    fn read(card: &str, power: &str) -> Result<Vec<Effect>, String> {
        let cards: Vec<Card> = crate::import::read_file(&crate::import::shared_cards_path())
            .expect("the shared card file reads")
            .into_iter()
            .map(|i| i.card)
            .collect();
        let c = cards
            .iter()
            .find(|c| c.name == card)
            .expect("a shared card");
        let text = &c
            .powers
            .iter()
            .find(|p| p.name == power)
            .expect("its power")
            .text;
        read_shared(card, text)
    }

    fn m(
        stat: Stat,
        by: i8,
        who: Who,
        filter: Filter,
        when: Vec<crate::power::Condition>,
    ) -> Effect {
        Effect::Modify {
            stat,
            by,
            who,
            filter,
            when,
        }
    }

    #[test]
    fn figures_attacked_by_this_card() {
        assert_eq!(
            read("Death Knights of Valkrill", "Soul Weapons"),
            Ok(vec![m(
                Stat::Defense,
                -2,
                Who::AttackedBy,
                Filter::default(),
                vec![Defending]
            )])
        );
        assert_eq!(
            read("Air Elemental", "Air Mastery"),
            Ok(vec![m(
                Stat::Defense,
                -1,
                Who::AttackedBy,
                Filter {
                    flying: Some(true),
                    ..Filter::default()
                },
                vec![Defending]
            )])
        );
    }

    #[test]
    fn an_additional_die_attacking_or_defending() {
        let big = Filter {
            sizes: vec![Size::Large, Size::Huge],
            ..Filter::default()
        };
        assert_eq!(
            read("The Axegrinders of Burning Forge", "Fearless Advantage"),
            Ok(vec![
                m(
                    Stat::Attack,
                    1,
                    Who::Bearer,
                    Filter::default(),
                    vec![Attacking, Opponent(big.clone())]
                ),
                m(
                    Stat::Defense,
                    1,
                    Who::Bearer,
                    Filter::default(),
                    vec![Defending, Opponent(big)]
                ),
            ])
        );
    }

    #[test]
    fn figures_adjacent_to_the_defender_and_friendly_auras() {
        assert_eq!(
            read("Blastatrons", "HOMING DEVICE"),
            Ok(vec![Effect::PerCount {
                stat: Stat::Attack,
                count: Count::AdjacentToOpponent {
                    filter: Filter {
                        species: Some("Soulborg".into()),
                        general: Some("Vydar".into()),
                        ..Filter::default()
                    },
                    controlled: true
                },
                max: None,
                when: vec![Attacking, OpponentNotAdjacent]
            }])
        );
        assert_eq!(
            read("Jinx and Kamakura", "COORDINATED TAKEDOWN"),
            Ok(vec![Effect::PerCount {
                stat: Stat::Attack,
                count: Count::AdjacentToOpponent {
                    filter: Filter {
                        class: Some("Ninja".into()),
                        ..Filter::default()
                    },
                    controlled: false
                },
                max: None,
                when: vec![Attacking]
            }])
        );
        assert_eq!(
            read("Laglor", "Vydar\u{2019}s Range Enhancement Aura"),
            Ok(vec![m(
                Stat::Range,
                2,
                Who::OtherFriendlyWithin(4),
                Filter {
                    min_range: Some(4),
                    general: Some("Vydar".into()),
                    ..Filter::default()
                },
                vec![]
            )])
        );
        assert_eq!(
            read("Ana Karithon", "Protection From Evil Aura"),
            Ok(vec![m(
                Stat::Defense,
                1,
                Who::OtherControlledWithin(3),
                Filter {
                    sizes: vec![Size::Small, Size::Medium],
                    ..Filter::default()
                },
                vec![
                    Defending,
                    Opponent(Filter {
                        general: Some("Utgar".into()),
                        ..Filter::default()
                    })
                ]
            )])
        );
    }

    #[test]
    fn destroyed_figures_experience_and_heartbreak() {
        let raiders = Count::Destroyed(Filter {
            name: Some("Gnarlfur Raiders".into()),
            ..Filter::default()
        });
        assert_eq!(
            read("Gnarlfur Raiders", "BROTHERS IN BLOOD"),
            Ok([Stat::Move, Stat::Attack, Stat::Defense]
                .into_iter()
                .map(|stat| Effect::PerCount {
                    stat,
                    count: raiders.clone(),
                    max: None,
                    when: vec![]
                })
                .collect())
        );
        assert_eq!(
            read("Tagawa Samurai", "Bloodlust"),
            Ok(vec![
                Effect::Experience { max: 3 },
                Effect::PerCount {
                    stat: Stat::Attack,
                    count: Count::ExperienceMarkers,
                    max: None,
                    when: vec![Attacking]
                }
            ])
        );
        assert_eq!(
            read("Sir Dupuis", "Knight's Courage"),
            Ok(vec![Effect::PerCount {
                stat: Stat::Attack,
                count: Count::ControlledWithin {
                    filter: Filter {
                        class: Some("Knight".into()),
                        ..Filter::default()
                    },
                    within: 4
                },
                max: Some(3),
                when: vec![]
            }])
        );
        assert_eq!(
            read("Brandis Skyhunter", "Sky Watcher"),
            Ok(vec![m(
                Stat::Attack,
                2,
                Who::Bearer,
                Filter::default(),
                vec![
                    Attacking,
                    OpponentNotAdjacent,
                    Opponent(Filter {
                        flying: Some(true),
                        ..Filter::default()
                    })
                ]
            )])
        );
        assert_eq!(
            read("Frost Giant of Morh", "Indomitable"),
            Ok(vec![
                m(
                    Stat::Move,
                    2,
                    Who::Bearer,
                    Filter::default(),
                    vec![StartedTurnEngaged(false)]
                ),
                m(
                    Stat::Attack,
                    2,
                    Who::Bearer,
                    Filter::default(),
                    vec![StartedTurnEngaged(true)]
                ),
            ])
        );
        assert_eq!(
            read("Mika Connour", "Shadow Ambush"),
            Ok(vec![m(
                Stat::Attack,
                3,
                Who::Bearer,
                Filter::default(),
                vec![StartedTurnEngaged(false), StartedTurnOn("shadow".into())]
            )])
        );
        let influence = read("Master Win Chiu Woo", "Master's Influence").unwrap();
        assert_eq!(
            influence[0],
            Effect::LeapLevels {
                by: 13,
                filter: Filter {
                    class: Some("Monk".into()),
                    kind: Some(crate::card::Kind::Squad),
                    ..Filter::default()
                }
            }
        );
        assert_eq!(influence.len(), 3, "{influence:?}");
        assert_eq!(
            read("Isamu (SotC)", "ETERNAL SERVITUDE"),
            Ok(vec![Effect::DestroyedAtRoundEnd])
        );
        assert_eq!(
            read("Sonya Esenwein", "Eternal Heartbreak"),
            Ok(vec![Effect::Heartbreak {
                name: "cyprien esenwein".into(),
                wounds: 2
            }])
        );
        // Sonya's own name is not another hero's
        assert!(read_shared(
            "Sonya Esenwein",
            "If you control Sonya Esenwein and she is destroyed, Sonya Esenwein immediately receives 2 wounds."
        )
        .is_err());
    }

    #[test]
    fn blade_dance_adds_a_die_to_unique_ullar_kyrie_attacking_a_figure_engaged_with_elites() {
        use crate::power::Condition;
        let text = crate::game::test_support::printed("Elites of Ullar", "BLADE DANCE");
        let read = super::super::read_shared_as("Elites of Ullar", "BLADE DANCE", &text)
            .expect("Blade Dance reads");
        let [Effect::Modify {
            stat: Stat::Attack,
            by: 1,
            who: Who::Controlled,
            filter,
            when,
        }] = read.as_slice()
        else {
            panic!("{read:?}")
        };
        assert_eq!(filter.rarity, Some(crate::card::Rarity::Unique));
        assert_eq!(filter.general.as_deref(), Some("Ullar"));
        assert_eq!(filter.species.as_deref(), Some("Kyrie"));
        assert_eq!(
            when,
            &vec![
                Condition::Attacking,
                Condition::OpponentEngagedWithOwn(Filter {
                    name: Some("Elites of Ullar".into()),
                    ..Filter::default()
                }),
            ]
        );
        let other = text.replace("your Elites of Ullar", "your Protectors of Ullar");
        assert!(super::super::read_shared_as("Elites of Ullar", "BLADE DANCE", &other).is_err());
    }
}
