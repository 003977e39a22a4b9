//! Powers about what the dice roll: a skull on every attack die (*Maul*, *Venomous Sting*,
//! *Lethal Sting*), the defence lowered per skull (*Hypnosis*), excess shields that wound the
//! attacker (*Evil Eye Protection*, *Arcane Riposte*, *Lumbering Bully*), an even roll that
//! wounds both figures (*Headbutt*), dice per wound already dealt this turn (*Combined
//! Arbalest*) and bonuses for each adjacent figure of this card (*Orc Archer Enhancement*).

use std::sync::OnceLock;

use super::{modify, rule, stat_word, Ctx, Lexicon, Rule, Tpl};
use crate::power::{Condition, Count, Effect, Filter, Stat, Who};

/// "Hypnosis does not affect destructible objects": the game has no destructible objects, so
/// the sentence is read and changes nothing (as *Life Drain*'s).
const NO_OBJECTS: &str = r"(?:\. [a-z' ]+ (?:does|do) not affect destructible objects)?";

pub(super) fn rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        let t = |s: &str| s.replace("<OBJ>", NO_OBJECTS);
        vec![
            rule(
                &t(r"when rolling attack dice(?: against {W})?, if {S} rolls a skull on every die, the defending figure can ?not roll (?:any )?defense dice<OBJ>"),
                |c, lex| all_skulls(c.w(0), lex, false, false),
            ),
            rule(
                &t(r"when rolling attack dice(?: against {W})?, if {S} rolls a skull on every die, the defending figure receives a wound for every skull, and cannot roll any defense dice<OBJ>"),
                |c, lex| all_skulls(c.w(0), lex, true, false),
            ),
            rule(
                &t(r"when rolling attack dice(?: against {W})?, if {S} rolls a skull on every die, the defending figure cannot roll any defense dice and is immediately destroyed<OBJ>"),
                |c, lex| all_skulls(c.w(0), lex, false, true),
            ),
            rule(
                &t(r"when {S} attacks an adjacent figure, the defender reduces its defense value by (?:1|one) for each skull in the attacking {S} roll<OBJ>"),
                |_, _| {
                    Some(vec![Effect::DefensePerSkull {
                        when: vec![Condition::Attacking, Condition::OpponentAdjacent],
                    }])
                },
            ),
            rule(
                r"when {S}(?: or an adjacent friendly {W})? successfully defends against a normal attack(?: from an? {W} (?:attacking )?figure)?, (?:the attacking figure takes (?:1|one) wound|inflict (?:1|one) wound on the attacking figure|that figure takes (?:1|one) wound) for each excess shield",
                |c, lex| {
                    let guards = match c.w(0) {
                        "" => None,
                        w => Some(lex.filter(w).filter(|f| !f.is_any())?),
                    };
                    let mut when = vec![Condition::Defending, Condition::NormalAttack];
                    match c.w(1) {
                        "" => {}
                        "adjacent" if guards.is_none() => {
                            // the rulebook's Counter Strike
                            return Some(vec![Effect::CounterStrike { except: None }]);
                        }
                        "adjacent" => when.push(Condition::OpponentAdjacent),
                        "non-adjacent" => when.push(Condition::OpponentNotAdjacent),
                        _ => return None,
                    }
                    Some(vec![Effect::Riposte { when, guards }])
                },
            ),
            rule(
                r"when attacking with {S}, all excess shields rolled by the defending figure count as unblockable hits inflicted by the defending figure on {S}",
                |_, _| Some(vec![Effect::ExcessShieldsWoundSelf]),
            ),
            rule(
                r"if {S} inflicts at least (?:1|one) wound with a normal attack(?: or {W})?, {P} inflicts {N} additional wounds?",
                |c, _| {
                    let leaving_engagement = match c.w(0) {
                        "" => false,
                        "leaving engagement attack" => true,
                        _ => return None,
                    };
                    Some(vec![Effect::ExtraWound {
                        by: c.n(0),
                        leaving_engagement,
                    }])
                },
            ),
            rule(
                r"while opponents' figures are within {N} clear sight spaces of {S}, they (?:lower|reduce) their defense values? by {N}",
                |c, _| {
                    Some(vec![modify(
                        Stat::Defense,
                        -c.i8(1),
                        Who::OpponentsWithin(c.n(0)),
                        Filter::default(),
                        vec![Condition::Defending],
                    )])
                },
            ),
            rule(
                r"{S} receives? {N} additional (?:attack )?dice when attacking any figure that was at least {N} (?:hexes|spaces) away at the start of {P} turn",
                |c, _| {
                    Some(vec![modify(
                        Stat::Attack,
                        c.i8(0),
                        Who::Bearer,
                        Filter::default(),
                        vec![Condition::Attacking, Condition::OpponentFarAtTurnStart(c.n(1))],
                    )])
                },
            ),
            rule(
                r"after {S} makes a normal attack, if there was an equal number of shields in the defense roll as skulls in the attack roll, {S} and the defender must each take {N} wounds?",
                |c, _| Some(vec![Effect::EvenRollWoundsBoth { wounds: c.n(0) }]),
            ),
        ]
    })
}

/// A skull on every die against the figures `targets` names (any figure when empty).
fn all_skulls(
    targets: &str,
    lex: &Lexicon,
    wound_per_skull: bool,
    destroy: bool,
) -> Option<Vec<Effect>> {
    let targets = match targets {
        "" => Filter::default(),
        w => lex.filter(w).filter(|f| !f.is_any())?,
    };
    Some(vec![Effect::AllSkulls {
        targets,
        wound_per_skull,
        destroy,
    }])
}

/// "When attacking with a Protector of Ullar, roll 1 additional attack die for each wound that
/// has been inflicted on the defending figure this turn by Protectors of Ullar you control":
/// the wounds counted are those of the figures of every copy of this card the attacker's
/// controller controls.
pub(super) fn wounds_this_turn(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static T: OnceLock<Tpl<()>> = OnceLock::new();
    let t = T.get_or_init(|| {
        rule(
            r"when attacking with {S}, roll (?:1|one|an) additional attack die for each wound that has been inflicted on the defending figure this turn by {S} you control",
            |_, _| Some(()),
        )
    });
    t.apply(text, ctx.me, ctx.lex)?;
    Some(vec![Effect::PerCount {
        stat: Stat::Attack,
        count: Count::WoundsThisTurn(Filter {
            name: Some(ctx.card.name.clone()),
            ..Filter::default()
        }),
        max: None,
        when: vec![Condition::Attacking],
    }])
}

/// "All friendly Orc Archers add 1 to their Attack and Defense Values for each adjacent Swog
/// Rider you control": an aura on the friendly figures adjacent to this card's figures, once
/// for each adjacent one.
pub(super) fn per_adjacent_figure(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static T: OnceLock<Tpl<(String, i8, String)>> = OnceLock::new();
    let t = T.get_or_init(|| {
        rule(
            r"all friendly {W} adds? {N} to their {T} for each adjacent {S} you control",
            |c, _| Some((c.w(0).to_string(), c.i8(0), c.w(1).to_string())),
        )
    });
    let (who, by, stats) = t.apply(text, ctx.me, ctx.lex)?;
    let filter = ctx.lex.filter(&who).filter(|f| !f.is_any())?;
    let stats = stats
        .trim_end_matches('s')
        .trim_end_matches(" value")
        .split(" and ")
        .map(|w| stat_word(w.trim()))
        .collect::<Option<Vec<Stat>>>()?;
    Some(
        stats
            .into_iter()
            .map(|stat| {
                let when = match stat {
                    Stat::Attack => vec![Condition::Attacking],
                    Stat::Defense => vec![Condition::Defending],
                    _ => vec![],
                };
                modify(stat, by, Who::AdjacentFriendlyEach, filter.clone(), when)
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::super::read_shared;
    use crate::card::Size;
    use crate::game::test_support::printed;
    use crate::power::{Condition::*, Count, Effect, Filter, Stat, Who};

    fn read(card: &str, power: &str) -> Result<Vec<Effect>, String> {
        read_shared(card, &printed(card, power))
    }

    fn small_or_medium() -> Filter {
        Filter {
            sizes: vec![Size::Small, Size::Medium],
            ..Filter::default()
        }
    }

    #[test]
    fn a_skull_on_every_die() {
        assert_eq!(
            read("Deathstalkers", "Maul"),
            Ok(vec![Effect::AllSkulls {
                targets: small_or_medium(),
                wound_per_skull: true,
                destroy: false
            }])
        );
        assert_eq!(
            read("Wyvern", "Venomous Sting"),
            Ok(vec![Effect::AllSkulls {
                targets: Filter::default(),
                wound_per_skull: false,
                destroy: false
            }])
        );
        assert_eq!(
            read("Rechets of Bogdan", "Lethal Sting"),
            Ok(vec![Effect::AllSkulls {
                targets: small_or_medium(),
                wound_per_skull: false,
                destroy: true
            }])
        );
        // another card's roll is not this card's power
        assert!(read_shared("Wyvern", "When rolling attack dice, if Krug rolls a skull on every die, the defending figure can not roll defense dice.").is_err());
    }

    #[test]
    fn defence_lowered_per_skull_and_shields_that_wound() {
        assert_eq!(
            read("Ranoc Vipers", "HYPNOSIS"),
            Ok(vec![Effect::DefensePerSkull {
                when: vec![Attacking, OpponentAdjacent]
            }])
        );
        assert_eq!(
            read("Torin", "EVIL EYE PROTECTION"),
            Ok(vec![Effect::Riposte {
                when: vec![Defending, NormalAttack, OpponentNotAdjacent],
                guards: Some(Filter {
                    general: Some("Utgar".into()),
                    ..small_or_medium()
                })
            }])
        );
        assert_eq!(
            read("Gurei-Oni", "EVIL EYE DEFENSE"),
            Ok(vec![Effect::Riposte {
                when: vec![Defending, NormalAttack, OpponentNotAdjacent],
                guards: None
            }])
        );
        assert_eq!(
            read("Sharwin Wildborn", "ARCANE RIPOSTE"),
            Ok(vec![Effect::Riposte {
                when: vec![Defending, NormalAttack],
                guards: None
            }])
        );
        assert_eq!(
            read("Nishi Souta", "IMPROVED COUNTER STRIKE"),
            Ok(vec![Effect::CounterStrike { except: None }])
        );
        assert_eq!(
            read("Ogre Pulverizer", "Lumbering Bully"),
            Ok(vec![Effect::ExcessShieldsWoundSelf])
        );
        assert_eq!(
            read("Ramosaur Rider", "HEADBUTT"),
            Ok(vec![Effect::EvenRollWoundsBoth { wounds: 1 }])
        );
    }

    #[test]
    fn raelins_terrifying_aura_and_twist_the_blade() {
        assert_eq!(
            read("Raelin the Kyrie Warrior (AOA)", "Terrifying Aura"),
            Ok(vec![Effect::Modify {
                stat: Stat::Defense,
                by: -1,
                who: Who::OpponentsWithin(4),
                filter: Filter::default(),
                when: vec![Defending]
            }])
        );
        assert_eq!(
            read("Raelin the Kyrie Warrior (AOA)", "Twist the Blade"),
            Ok(vec![Effect::ExtraWound {
                by: 1,
                leaving_engagement: true
            }])
        );
    }

    #[test]
    fn templar_cavalry_charge_and_rabble() {
        assert_eq!(
            read("Templar Cavalry", "Galloping Charge"),
            Ok(vec![Effect::Modify {
                stat: Stat::Attack,
                by: 2,
                who: Who::Bearer,
                filter: Filter::default(),
                when: vec![Attacking, OpponentFarAtTurnStart(4)]
            }])
        );
        let rabble = Filter {
            kind: Some(crate::card::Kind::Squad),
            ..small_or_medium()
        };
        assert_eq!(
            read("Templar Cavalry", "Dismiss the Rabble"),
            Ok(vec![Effect::Modify {
                stat: Stat::Defense,
                by: 1,
                who: Who::Bearer,
                filter: Filter::default(),
                when: vec![Defending, OpponentAdjacent, Opponent(rabble)]
            }])
        );
    }

    #[test]
    fn counts_of_wounds_and_of_adjacent_heroes_and_lone_enemies() {
        assert_eq!(
            read("Protectors of Ullar", "Combined Arbalest"),
            Ok(vec![Effect::PerCount {
                stat: Stat::Attack,
                count: Count::WoundsThisTurn(Filter {
                    name: Some("Protectors of Ullar".into()),
                    ..Filter::default()
                }),
                max: None,
                when: vec![Attacking]
            }])
        );
        let archers = Filter {
            species: Some("Orc".into()),
            class: Some("Archer".into()),
            ..Filter::default()
        };
        assert_eq!(
            read("Swog Rider", "ORC ARCHER ENHANCEMENT"),
            Ok(vec![
                Effect::Modify {
                    stat: Stat::Attack,
                    by: 1,
                    who: Who::AdjacentFriendlyEach,
                    filter: archers.clone(),
                    when: vec![Attacking]
                },
                Effect::Modify {
                    stat: Stat::Defense,
                    by: 1,
                    who: Who::AdjacentFriendlyEach,
                    filter: archers,
                    when: vec![Defending]
                }
            ])
        );
        assert_eq!(
            read("Snake Eyes", "ASSASSINATE 2"),
            Ok(vec![Effect::Modify {
                stat: Stat::Attack,
                by: 2,
                who: Who::Bearer,
                filter: Filter::default(),
                when: vec![Attacking, OpponentAlone]
            }])
        );
    }
}
