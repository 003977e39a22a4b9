//! Powers used at a given moment that choose a figure and may roll the 20-sided die
//! ([`Triggered`]), beyond the Rise of the Valkyrie ones.

use std::sync::OnceLock;

use super::{d20, rule, Lexicon, Rule, D20};
use crate::card::{Kind, Rarity, Size};
use crate::power::{Effect, Filter, Outcome, Roll, Target, Trigger, Triggered};

/// A template with `<D20>` for the die's name.
fn d20_rule(template: &str, build: fn(&super::Caps, &Lexicon) -> Option<Vec<Effect>>) -> Rule {
    rule(&template.replace("<D20>", D20), build)
}

/// A roll the card makes without asking (*roll the 20-sided die*).
fn forced(at_least: u8) -> Roll {
    Roll {
        forced: true,
        ..d20(at_least)
    }
}

/// Bonding with one of several kinds of figures ("a Warlord or Profiteer Hero", "any small,
/// medium or large relentless Hero"): one bonding effect per kind, the power bonding with a
/// figure matching any of them. A reader, not a template: the kinds may be listed with commas.
pub(super) fn bonding_alternatives(text: &str, ctx: &super::Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<regex::Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        regex::Regex::new(
            r"^before taking a turn with (.+?), you may (?:first )?take a turn with (?:any|one|a|an) ([a-z][a-z' ,-]*)$",
        )
        .expect("the bonding pattern compiles")
    });
    let m = re.captures(text)?;
    if !ctx.me.is_self(&m[1]) {
        return None;
    }
    let kinds = alternatives(ctx.lex, &m[2])?;
    Some(
        kinds
            .into_iter()
            .map(|with| Effect::Bonding { with })
            .collect(),
    )
}

/// *Hivelord Life Bonding*'s second half: when the bonded figure's turn starts, it may destroy
/// an adjacent figure of this card you control to remove wound markers from its own card.
pub(super) fn bonded_sacrifice(text: &str, ctx: &super::Ctx) -> Option<Vec<Effect>> {
    static RULE: OnceLock<Rule> = OnceLock::new();
    let rule = RULE.get_or_init(|| {
        rule(
            r"at the start of that [a-z]+'s turn, you may destroy (?:1|one) adjacent {S} you control\. if you do, remove {N} wound markers? from the chosen [a-z]+'s army card",
            |c, _| {
                triggered(
                    Trigger::BondedTurnStarts,
                    Some(Target {
                        adjacent: true,
                        within: None,
                        opponents_only: false,
                        controlled_only: true,
                        filter: Filter::default(),
                        friendly_only: false,
                        wounded: false,
                        engaged_with_other: false,
                        with_user: false,
                        passed_over: false,
                    }),
                    None,
                    vec![Outcome::DestroyTarget, Outcome::Heal(c.n(0))],
                )
            },
        )
    });
    let mut effects = rule.apply(text, ctx.me, ctx.lex)?;
    // the destroyed figure is one of this card's: its name is the card's
    for e in &mut effects {
        if let Effect::Triggered(Triggered {
            target: Some(t), ..
        }) = e
        {
            t.filter.name = Some(ctx.card.name.clone());
        }
    }
    Some(effects)
}

/// One triggered power.
fn triggered(
    trigger: Trigger,
    target: Option<Target>,
    roll: Option<Roll>,
    outcomes: Vec<Outcome>,
) -> Option<Vec<Effect>> {
    Some(vec![Effect::Triggered(Triggered {
        trigger,
        target,
        roll,
        outcomes,
    })])
}

/// Kinds of figures named as alternatives sharing their last words and what follows them:
/// "warlord or profiteer hero you control" is a Warlord hero or a Profiteer hero, "warrior,
/// witch, or scourge hero you control who follows revna" three kinds of Revna's heroes, and
/// "valiant or relentless hero you control whose affiliation is utgar or jandar" four kinds
/// (each personality with each general). Each alternative must read whole; a phrase naming one
/// kind is not read here.
fn alternatives(lex: &Lexicon, phrase: &str) -> Option<Vec<Filter>> {
    if let Some((kinds, generals)) = phrase.split_once(" whose affiliation is ") {
        let mut out = Vec::new();
        for g in generals.split(" or ") {
            out.extend(alternatives(
                lex,
                &format!("{kinds} who follows {}", g.trim()),
            )?);
        }
        return Some(out);
    }
    let (head, tail) = match phrase.find(" you control") {
        Some(i) => (&phrase[..i], &phrase[i..]),
        None => (phrase, ""),
    };
    let parts: Vec<&str> = head
        .split(", ")
        .flat_map(|p| p.split(" or "))
        .map(|p| p.trim().trim_start_matches("or ").trim())
        .filter(|p| !p.is_empty())
        .collect();
    let (last, firsts) = parts.split_last()?;
    if firsts.is_empty() || firsts.iter().any(|p| p.contains(' ')) {
        return None;
    }
    // the last alternative's words after its first are shared: "profiteer hero"
    let shared = last.split_once(' ').map_or("", |(_, rest)| rest);
    parts
        .iter()
        .map(|p| {
            let word = p.split(' ').next().unwrap_or(p);
            let whole = format!("{word} {shared}{tail}");
            lex.filter(whole.trim()).filter(|f| !f.is_any())
        })
        .collect()
}

pub(super) fn rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        vec![
            // Lay On Hands: a heal on a roll for a wounded friendly hero next to the user.
            d20_rule(
                r"after moving and before attacking, you may choose a wounded friendly hero figure adjacent to {S} and roll <D20>\. if you roll (?:an? )?{N} or higher, remove {N} wound markers? from the chosen figure's army card",
                |c, _| {
                    triggered(
                        Trigger::AfterMoveBeforeAttack,
                        Some(Target {
                            adjacent: true,
                            within: None,
                            opponents_only: false,
                            controlled_only: false,
                            filter: Filter {
                                kind: Some(Kind::Hero),
                                ..Filter::default()
                            },
                            friendly_only: true,
                            wounded: true,
                            engaged_with_other: false,
                            with_user: false,
                            passed_over: false,
                        }),
                        Some(d20(c.u8(0))),
                        vec![Outcome::HealTarget(c.n(1))],
                    )
                },
            ),
            // Heart Finder Spear: a roll before attacking caps the defence of whom it attacks.
            d20_rule(
                r"before attacking with {S}, you may roll <D20>\. if you roll (?:an? )?{N} or higher, a figure attacked by {S} may roll no more than {N} dic?e? for defense",
                |c, _| {
                    triggered(
                        Trigger::BeforeAttacking,
                        None,
                        Some(d20(c.u8(0))),
                        vec![Outcome::DefenceAtMost {
                            dice: c.n(1),
                            filter: Filter::default(),
                        }],
                    )
                },
            ),
            // Net Trip: the same after moving, rolled without asking, for some figures only.
            d20_rule(
                r"after moving and before attacking, roll <D20>\. if you roll (?:an? )?{N} or higher, any {W} attacked by {S} this turn may roll no more than {N} dic?e? for defense",
                |c, lex| {
                    triggered(
                        Trigger::AfterMoveBeforeAttack,
                        None,
                        Some(forced(c.u8(0))),
                        vec![Outcome::DefenceAtMost {
                            dice: c.n(1),
                            filter: lex.filter(c.w(0))?,
                        }],
                    )
                },
            ),
            // Coil Crush: enough wounds inflicted on a figure of some sizes, a roll destroys it.
            d20_rule(
                r"when attacking a small, medium or large figure, if {S} inflicts at least {N} wounds, roll <D20>\. if you roll (?:an? )?{N} or higher, destroy the defending figure",
                |c, _| {
                    triggered(
                        Trigger::InflictsWounds(c.n(0)),
                        Some(Target {
                            adjacent: false,
                            within: None,
                            opponents_only: false,
                            controlled_only: false,
                            filter: Filter {
                                sizes: vec![Size::Small, Size::Medium, Size::Large],
                                ..Filter::default()
                            },
                            friendly_only: false,
                            wounded: false,
                            engaged_with_other: false,
                            with_user: false,
                            passed_over: false,
                        }),
                        Some(forced(c.u8(1))),
                        vec![Outcome::DestroyTarget],
                    )
                },
            ),
            // Toxic Skin: at the turn's end, a roll for each adjacent figure, some kinds spared.
            d20_rule(
                r"at the end of {S} turn, you must roll <D20> once for each figure adjacent to {S}\. if you roll (?:an? )?{N} or higher, that figure takes (?:1|one) wound\. {W} (?:are|is) not affected by [a-z' ]+(?: \d+)?",
                |c, lex| {
                    let spared = lex.filter(c.w(0)).filter(|f| !f.is_any())?;
                    triggered(
                        Trigger::AfterTurn,
                        Some(Target {
                            adjacent: true,
                            within: None,
                            opponents_only: false,
                            controlled_only: false,
                            filter: Filter {
                                except: Some(Box::new(spared)),
                                ..Filter::default()
                            },
                            friendly_only: false,
                            wounded: false,
                            engaged_with_other: false,
                            with_user: false,
                            passed_over: false,
                        }),
                        Some(Roll {
                            each_target: true,
                            ..forced(c.u8(0))
                        }),
                        vec![Outcome::WoundTarget(1)],
                    )
                },
            ),
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
                            friendly_only: false,
                            wounded: false,
                            engaged_with_other: false,
                            with_user: false,
                            passed_over: false,
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
                            friendly_only: false,
                            wounded: false,
                            engaged_with_other: false,
                            with_user: false,
                            passed_over: false,
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

    /// The one triggered power a text reads into.
    fn one(card: &str, text: &str) -> Triggered {
        let read = read_shared(card, text).unwrap_or_else(|e| panic!("{card}: {e}"));
        let [Effect::Triggered(t)] = read.as_slice() else {
            panic!("{card}: {read:?}")
        };
        t.clone()
    }

    #[test]
    fn bonding_with_one_of_several_kinds_of_heroes() {
        let read = read_shared("COBRA Troopers", "Before taking a turn with COBRA Troopers, you may first take a turn with a Warlord or Profiteer Hero you control.").expect("villainous bonding reads");
        let hero = |class: &str| Effect::Bonding {
            with: Filter {
                class: Some(class.into()),
                kind: Some(Kind::Hero),
                ..Filter::default()
            },
        };
        assert_eq!(read, vec![hero("Warlord"), hero("Profiteer")]);
        let read = read_shared("Gnarlfur Raiders", "Before taking a turn with the Gnarlfur Raiders, you may first take a turn with a Valiant or Relentless Hero you control whose Affiliation is Utgar or Jandar.").expect("mighty hero bonding reads");
        let kinds: Vec<(Option<String>, Option<String>, Option<Kind>)> = read
            .iter()
            .map(|e| match e {
                Effect::Bonding { with } => {
                    (with.personality.clone(), with.general.clone(), with.kind)
                }
                other => panic!("{other:?}"),
            })
            .collect();
        let kind = |p: &str, g: &str| (Some(p.to_string()), Some(g.to_string()), Some(Kind::Hero));
        assert_eq!(
            kinds,
            vec![
                kind("Valiant", "Utgar"),
                kind("Relentless", "Utgar"),
                kind("Valiant", "Jandar"),
                kind("Relentless", "Jandar")
            ]
        );
        let read = read_shared("Death Knights of Valkrill", "Before taking a turn with the Death Knights of Valkrill, you may first take a turn with any small, medium or large relentless Hero you control.").expect("unholy bonding reads");
        let sizes: Vec<Vec<Size>> = read
            .iter()
            .map(|e| match e {
                Effect::Bonding { with } => {
                    assert_eq!(with.personality.as_deref(), Some("Relentless"));
                    with.sizes.clone()
                }
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            sizes,
            vec![vec![Size::Small], vec![Size::Medium], vec![Size::Large]]
        );
        // a kind the cards do not know fails the whole power
        assert!(read_shared("COBRA Troopers", "Before taking a turn with COBRA Troopers, you may first take a turn with a Warlord or Plumber Hero you control.").is_err());
    }

    #[test]
    fn lay_on_hands_heals_a_wounded_friendly_hero_on_a_roll() {
        let t = one("Rhogar Dragonspine", "After moving and before attacking, you may choose a wounded friendly Hero figure adjacent to Rhogar Dragonspine and roll the 20-sided die. If you roll a 6 or higher, remove 1 wound marker from the chosen figure's Army Card.");
        assert_eq!(t.trigger, Trigger::AfterMoveBeforeAttack);
        let target = t.target.expect("a chosen figure");
        assert!(target.adjacent && target.friendly_only && target.wounded);
        assert!(!target.controlled_only && !target.opponents_only);
        assert_eq!(target.filter.kind, Some(Kind::Hero));
        assert_eq!(t.roll.map(|r| (r.at_least, r.forced)), Some((6, false)));
        assert_eq!(t.outcomes, vec![Outcome::HealTarget(1)]);
    }

    #[test]
    fn defence_caps_before_attacking_and_after_moving() {
        let spear = one("Vydar Queen Qhyrion", "Before attacking with Queen Qhyrion, you may roll 20-sided die. If you roll a 12 or higher, a figure attacked by Queen Qhyrion may roll no more than 1 die for defense.");
        assert_eq!(spear.trigger, Trigger::BeforeAttacking);
        assert!(spear.target.is_none());
        assert_eq!(
            spear.roll.map(|r| (r.at_least, r.forced)),
            Some((12, false))
        );
        assert_eq!(
            spear.outcomes,
            vec![Outcome::DefenceAtMost {
                dice: 1,
                filter: Filter::default()
            }]
        );
        let net = one("Retiarius", "After moving and before attacking, roll the 20-sided die. If you roll a 14 or higher, any small or medium figure attacked by Retiarius this turn may roll no more than 1 die for defense.");
        assert_eq!(net.trigger, Trigger::AfterMoveBeforeAttack);
        assert_eq!(net.roll.map(|r| (r.at_least, r.forced)), Some((14, true)));
        assert_eq!(
            net.outcomes,
            vec![Outcome::DefenceAtMost {
                dice: 1,
                filter: Filter {
                    sizes: vec![Size::Small, Size::Medium],
                    ..Filter::default()
                }
            }]
        );
    }

    #[test]
    fn coil_crush_rolls_once_two_wounds_are_inflicted() {
        let t = one("Wo-Sa-Ga", "When attacking a small, medium or large figure, if Wo-Sa-Ga inflicts at least 2 wounds, roll the 20-sided die. If you roll a 15 or higher, destroy the defending figure.");
        assert_eq!(t.trigger, Trigger::InflictsWounds(2));
        assert_eq!(
            t.target.map(|x| x.filter.sizes),
            Some(vec![Size::Small, Size::Medium, Size::Large])
        );
        assert_eq!(t.roll.map(|r| (r.at_least, r.forced)), Some((15, true)));
        assert_eq!(t.outcomes, vec![Outcome::DestroyTarget]);
    }

    #[test]
    fn toxic_skin_rolls_for_each_adjacent_figure_but_soulborgs() {
        let read = read_shared("Kee-Mo-Shi", "At the end of Kee-Mo-Shi\u{2019}s turn, you must roll the 20-sided die once for each figure adjacent to Kee\u{2011}Mo\u{2011}Shi. If you roll a 17 or higher, that figure takes one wound. Soulborgs are not affected by Toxic Skin 17.").expect("toxic skin reads");
        let [Effect::Triggered(t)] = read.as_slice() else {
            panic!("{read:?}")
        };
        assert_eq!(t.trigger, Trigger::AfterTurn);
        let target = t.target.clone().expect("the adjacent figures");
        assert!(target.adjacent && !target.opponents_only && !target.controlled_only);
        assert_eq!(
            target.filter.except.map(|e| e.species),
            Some(Some("Soulborg".into()))
        );
        let roll = t.roll.clone().expect("a roll");
        assert_eq!(
            (roll.at_least, roll.forced, roll.each_target),
            (17, true, true)
        );
        assert_eq!(t.outcomes, vec![Outcome::WoundTarget(1)]);
    }

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
