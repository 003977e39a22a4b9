//! Powers reacting inside an attack on a figure they reach ([`Effect::React`]), read for
//! `game/powers/react.rs`: *Gift of the Empress Aura* (defence dice rolled again), *Cell
//! Divide* (a roll to ignore an attack's wounds, a destroyed figure placed back), *Teleport
//! Reinforcements* (figures placed beside a wounded figure).

use std::sync::OnceLock;

use regex::Regex;

use super::{pattern, Ctx};
use crate::card::Kind;
use crate::power::react::React;
use crate::power::rolls2::{DuringRoll, Reach, RollChange};
use crate::power::{Condition, Effect, Filter, Who};

/// *Gift of the Empress Aura*: "when you roll defense dice for any kyrie that you control who
/// follows einar and is within 5 clear sight spaces of empress kiova, you may re-roll all
/// defense dice that did not show shields. gift of the empress aura can be used only once for
/// each defense roll. empress kiova's gift of the empress aura does not affect empress kiova".
/// The aura reaches the figures the filter names within the spaces, the card's own left out;
/// the power named must be this one and the figure named the card's.
pub(super) fn gift(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^when you roll defense dice for any ([a-z ]+?) that you control who follows ([a-z]+) and is within (\d+) clear sight spaces of ([a-z' ]+?), you may re-roll all defense dice that did not show shields\. ([a-z' ]+?) can be used only once for each defense roll\. ([a-z' ]+?)'s ([a-z' ]+?) does not affect ([a-z' ]+?)$",
    )
    .captures(text)?;
    let own = [4, 6, 8].iter().all(|&i| ctx.me.is_self(&m[i]));
    if !own || m[5] != *ctx.name || m[7] != *ctx.name {
        return None;
    }
    let filter = ctx
        .lex
        .filter(&format!("{} who follows {}", &m[1], &m[2]))
        .filter(|f| f.general.is_some() && f.species.is_some())?;
    Some(vec![Effect::React(React::DefenceReroll {
        defenders: Reach {
            who: Who::OtherControlledWithin(m[3].parse().ok()?),
            filter,
        },
        when: Vec::new(),
        one: false,
    })])
}

/// *Cell Divide*: "when a marro divider you control receives one or more wounds from a normal
/// or special attack by an opponent's figure, you may roll the 20-sided die before removing
/// that figure. if you roll a 17 or higher, ignore any wounds that figure just received and,
/// if possible, place one of your previously destroyed marro dividers on a same-level space
/// adjacent to the defending marro divider". Every figure named must be the card's, and the
/// card a squad (its other figures are the ones destroyed before).
pub(super) fn cell_divide(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^when an? ([a-z ]+?) you control receives (?:one|1) or more wounds from a normal or special attack by an opponent's figure, you may roll the 20-sided die before removing that figure\. if you roll an? (\d+) or higher, ignore any wounds that figure just received and, if possible, place one of your previously destroyed ([a-z ]+?) on a same-level space adjacent to the defending ([a-z ]+?)$",
    )
    .captures(text)?;
    let own = [1, 3, 4].iter().all(|&i| ctx.me.is_self(&m[i]));
    if !own || ctx.card.kind != Kind::Squad {
        return None;
    }
    Some(vec![Effect::React(React::Divide {
        at_least: m[2].parse().ok()?,
    })])
}

/// *Teleport Reinforcements* (printed "Teleport Reinforments"): "when tul-bak-ra receives one
/// or more wounds from an opposing figure's normal or special attack but is not destroyed, you
/// may choose one friendly marro squad figure for every wound tul-bak-ra just received. place
/// the chosen figure(s) on any empty space(s) adjacent to tul-bak-ra. if the teleported
/// figure(s) are engaged, they will not take any leaving engagement attacks". The figures
/// chosen must be squad figures of a known species.
pub(super) fn reinforcements(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^when ([a-z' -]+?) receives (?:one|1) or more wounds from an opposing figure's normal or special attack but is not destroyed, you may choose one friendly ([a-z]+) squad figure for every wound ([a-z' -]+?) just received\. place the chosen figure\(s\) on any empty space\(s\) adjacent to ([a-z' -]+?)\. if the teleported figure\(s\) are engaged, they will not take any leaving engagement attacks$",
    )
    .captures(text)?;
    let own = [1, 3, 4].iter().all(|&i| ctx.me.is_self(&m[i]));
    if !own {
        return None;
    }
    let filter = ctx
        .lex
        .filter(&format!("{} squad", &m[2]))
        .filter(|f| f.species.is_some() && f.kind == Some(Kind::Squad))?;
    Some(vec![Effect::React(React::Reinforce { filter })])
}

/// *Expendable Rabble*: "if a horned skull brute you control is attacked with a normal attack
/// by an opponent's figure and would receive 1 or more wounds, you may destroy a small goblin
/// figure you control that is adjacent to that horned skull brute to ignore those wounds". The
/// figure destroyed must be described by a size and a species.
pub(super) fn expendable(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^if an? ([a-z ]+?) you control is attacked with a normal attack by an opponent's figure and would receive (?:1|one) or more wounds, you may destroy an? ([a-z ]+?) figure you control that is adjacent to that ([a-z ]+?) to ignore those wounds$",
    )
    .captures(text)?;
    if !ctx.me.is_self(&m[1]) || !ctx.me.is_self(&m[3]) {
        return None;
    }
    let filter = ctx
        .lex
        .filter(&m[2])
        .filter(|f| !f.sizes.is_empty() && f.species.is_some())?;
    Some(vec![Effect::React(React::Sacrifice { filter })])
}

/// *Kieru*: "if shiori is attacked with a normal or special attack and would take 1 or more
/// wounds, roll the 20-sided die. if you roll a 14 or higher, you may place shiori on an empty
/// space within 2 spaces of shiori that is not more than 6 levels above or below shiori's
/// level. if you do, ignore those wounds". Every figure named must be the card's.
pub(super) fn kieru(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^if ([a-z ]+?) is attacked with a normal or special attack and would take (?:1|one) or more wounds, roll the 20-sided die\. if you roll an? (\d+) or higher, you may place ([a-z ]+?) on an empty space within (\d+) spaces of ([a-z ]+?) that is not more than (\d+) levels above or below ([a-z' ]+?) level\. if you do, ignore those wounds$",
    )
    .captures(text)?;
    let own = [1, 3, 5, 7].iter().all(|&i| ctx.me.is_self(&m[i]));
    if !own {
        return None;
    }
    Some(vec![Effect::React(React::Evade {
        at_least: m[2].parse().ok()?,
        within: m[4].parse().ok()?,
        levels: m[6].parse().ok()?,
    })])
}

/// *Mortal Strike*: "when an opponent's unique hero takes 1 or more wounds from a normal attack
/// from this master of the hunt, roll 1 combat die for each wound inflicted in that attack. for
/// each additional skull rolled, the defending figure takes 1 wound". The figures reached must
/// be described.
pub(super) fn mortal_strike(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^when an opponent's ([a-z ]+?) takes (?:1|one) or more wounds from a normal attack from ([a-z ]+?), roll (?:1|one) combat die for each wound inflicted in that attack\. for each additional skull rolled, the defending figure takes (?:1|one) wound$",
    )
    .captures(text)?;
    if !ctx.me.is_self(&m[2]) {
        return None;
    }
    let targets = ctx.lex.filter(&m[1]).filter(|f| !f.is_any())?;
    Some(vec![Effect::React(React::DicePerWound { targets })])
}

/// *Hero Worship*: "while a hero you control who follows revna attacks with a normal attack
/// or defends, if that hero is adjacent to one or more revnan acolytes you control, you may
/// re-roll 1 die". Attacking, it is the question between a normal attack's rolls (one attack
/// die without a skull rolled again, as *Chain Axe*); defending, in any attack, one defence
/// die without a shield. The figures beside it must be the card's.
pub(super) fn hero_worship(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^while an? ([a-z]+) you control who follows ([a-z]+) attacks with a normal attack or defends, if that ([a-z]+) is adjacent to one or more ([a-z ]+?) you control, you may re-roll (?:1|one) die$",
    )
    .captures(text)?;
    if m[1] != m[3] || !ctx.me.is_self(&m[4]) {
        return None;
    }
    let filter = ctx
        .lex
        .filter(&format!("{} who follows {}", &m[1], &m[2]))
        .filter(|f| f.general.is_some() && f.kind.is_some())?;
    let beside = Condition::AdjacentControlled(Filter {
        name: Some(ctx.card.name.clone()),
        ..Filter::default()
    });
    Some(vec![
        Effect::DuringRoll {
            roll: DuringRoll {
                attackers: vec![Reach {
                    who: Who::Controlled,
                    filter: filter.clone(),
                }],
                when: vec![Condition::NormalAttack, beside.clone()],
                change: RollChange::RerollOneNonSkull,
                once: None,
            },
        },
        Effect::React(React::DefenceReroll {
            defenders: Reach {
                who: Who::Controlled,
                filter,
            },
            when: vec![beside],
            one: true,
        }),
    ])
}

/// *Acid Sacs*: "if a bursting hive soldier receives enough wounds to be destroyed by a normal
/// attack or leaving engagement attack, before destroying that soldier, roll the 20-sided die
/// once for each adjacent figure that is not a skordyre. if you roll a 9 or higher, that
/// figure receives 1 wound". Every figure named must be the card's; the figures spared must
/// be described.
pub(super) fn acid_sacs(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^if an? ([a-z ]+?) receives enough wounds to be destroyed by a normal attack or leaving engagement attack, before destroying that ([a-z ]+?), roll the 20-sided die once for each adjacent figure that is not an? ([a-z ]+?)\. if you roll an? (\d+) or higher, that figure receives (?:1|one) wound$",
    )
    .captures(text)?;
    if !ctx.me.is_self(&m[1]) || !ctx.me.is_self(&m[2]) {
        return None;
    }
    let spared = ctx.lex.filter(&m[3]).filter(|f| !f.is_any())?;
    Some(vec![Effect::React(React::Burst {
        at_least: m[4].parse().ok()?,
        spared,
    })])
}

#[cfg(test)]
mod tests {
    use super::super::read_shared;
    use crate::card::Kind;
    use crate::game::test_support::printed;
    use crate::power::react::React;
    use crate::power::rolls2::Reach;
    use crate::power::{Effect, Filter, Who};

    #[test]
    fn gift_of_the_empress_rerolls_the_defence_of_kyrie_around_her() {
        let card = "Empress Kiova";
        let text = printed(card, "Gift of the Empress Aura");
        assert_eq!(
            super::super::read_shared_as(card, "Gift of the Empress Aura", &text),
            Ok(vec![Effect::React(React::DefenceReroll {
                defenders: Reach {
                    who: Who::OtherControlledWithin(5),
                    filter: Filter {
                        species: Some("Kyrie".into()),
                        general: Some("Einar".into()),
                        ..Filter::default()
                    },
                },
                when: Vec::new(),
                one: false,
            })])
        );
        // without the sentence leaving Kiova out, or re-rolling every die, it is another power
        let without = text.replace(
            " Empress Kiova's Gift of the Empress Aura does not affect Empress Kiova.",
            "",
        );
        assert_ne!(without, text);
        assert!(super::super::read_shared_as(card, "Gift of the Empress Aura", &without).is_err());
        assert!(super::super::read_shared_as(
            card,
            "Gift of the Empress Aura",
            &text.replace(" that did not show shields", "")
        )
        .is_err());
    }

    #[test]
    fn cell_divide_ignores_the_wounds_and_places_a_divider_back() {
        let card = "Marro Dividers";
        let text = printed(card, "Cell Divide");
        assert_eq!(
            read_shared(card, &text),
            Ok(vec![Effect::React(React::Divide { at_least: 17 })])
        );
        // from normal attacks only, or another card's figures, it is another power
        assert!(read_shared(
            card,
            &text.replace("Normal or Special Attack", "Normal Attack")
        )
        .is_err());
        assert!(read_shared(
            card,
            &text.replace(
                "previously destroyed Marro Dividers",
                "previously destroyed Marro Warriors"
            )
        )
        .is_err());
    }

    #[test]
    fn teleport_reinforcements_choose_a_marro_squad_figure_for_each_wound() {
        let card = "Tul-Bak-Ra";
        let text = printed(card, "Teleport Reinforments");
        let read = read_shared(card, &text).expect("it reads");
        let [Effect::React(React::Reinforce { filter })] = read.as_slice() else {
            panic!("one reinforcement effect, not {read:?}");
        };
        assert_eq!(filter.species.as_deref(), Some("Marro"));
        assert_eq!(filter.kind, Some(Kind::Squad));
        // destroyed or not, or without the leaving-engagement sentence, it is another power
        assert!(read_shared(card, &text.replace(" but is not destroyed", "")).is_err());
        assert!(read_shared(
            card,
            &text.replace(
                " If the teleported figure(s) are engaged, they will not take any leaving engagement attacks.",
                ""
            )
        )
        .is_err());
    }

    #[test]
    fn expendable_rabble_destroys_an_adjacent_small_goblin() {
        let card = "Horned Skull Brutes";
        let text = printed(card, "EXPENDABLE RABBLE");
        let read = read_shared(card, &text).expect("it reads");
        let [Effect::React(React::Sacrifice { filter })] = read.as_slice() else {
            panic!("one sacrifice effect, not {read:?}");
        };
        assert_eq!(filter.species.as_deref(), Some("Goblin"));
        assert_eq!(filter.sizes, vec![crate::card::Size::Small]);
        // against any attack, or a figure not adjacent, it is another power
        assert!(read_shared(card, &text.replace(" with a normal attack", "")).is_err());
        assert!(read_shared(
            card,
            &text.replace(" that is adjacent to that Horned Skull Brute", "")
        )
        .is_err());
    }

    #[test]
    fn kieru_places_shiori_away_from_the_wounds() {
        let card = "Shiori (AOA)";
        let text = printed(card, "KIERU 14");
        assert_eq!(
            super::super::read_shared_as(card, "KIERU 14", &text),
            Ok(vec![Effect::React(React::Evade {
                at_least: 14,
                within: 2,
                levels: 6,
            })])
        );
        // without ignoring the wounds, or against normal attacks only, it is another power
        assert!(super::super::read_shared_as(
            card,
            "KIERU 14",
            &text.replace(" If you do, ignore those wounds.", "")
        )
        .is_err());
        assert!(super::super::read_shared_as(
            card,
            "KIERU 14",
            &text.replace("a normal or special attack", "a normal attack")
        )
        .is_err());
    }

    #[test]
    fn mortal_strike_rolls_a_die_per_wound_on_a_unique_hero() {
        let card = "Master of the Hunt";
        let text = printed(card, "MORTAL STRIKE");
        let read = read_shared(card, &text).expect("it reads");
        let [Effect::React(React::DicePerWound { targets })] = read.as_slice() else {
            panic!("one effect, not {read:?}");
        };
        assert_eq!(targets.kind, Some(Kind::Hero));
        assert_eq!(targets.rarity, Some(crate::card::Rarity::Unique));
        // from any attack, or another figure's attack, it is another power
        assert!(read_shared(
            card,
            &text.replace("from a normal attack", "from an attack")
        )
        .is_err());
        assert!(read_shared(
            card,
            &text.replace("from this Master of the Hunt", "from this Marro Warrior")
        )
        .is_err());
    }

    #[test]
    fn hero_worship_rerolls_one_die_of_a_revna_hero_beside_acolytes() {
        let card = "Revnan Acolytes";
        let text = printed(card, "Hero Worship");
        let read = read_shared(card, &text).expect("it reads");
        let [Effect::DuringRoll { roll }, Effect::React(React::DefenceReroll {
            defenders,
            when,
            one,
        })] = read.as_slice()
        else {
            panic!("a roll change and a defence re-roll, not {read:?}");
        };
        assert_eq!(
            roll.change,
            crate::power::rolls2::RollChange::RerollOneNonSkull
        );
        assert!(*one);
        assert_eq!(defenders.who, Who::Controlled);
        assert_eq!(defenders.filter.kind, Some(Kind::Hero));
        assert_eq!(defenders.filter.general.as_deref(), Some("Revna"));
        assert_eq!(
            when,
            &vec![crate::power::Condition::AdjacentControlled(Filter {
                name: Some("Revnan Acolytes".into()),
                ..Filter::default()
            })]
        );
        // attacking with any attack, or beside other figures, it is another power
        assert!(read_shared(
            card,
            &text.replace("attacks with a normal attack", "attacks")
        )
        .is_err());
        assert!(read_shared(
            card,
            &text.replace("Revnan Acolytes you control", "Marro Warriors you control")
        )
        .is_err());
    }

    #[test]
    fn acid_sacs_roll_for_each_adjacent_figure_as_the_soldier_falls() {
        let card = "Bursting Hive Soldier";
        let text = printed(card, "ACID SACS 9");
        assert_eq!(
            read_shared(card, &text),
            Ok(vec![Effect::React(React::Burst {
                at_least: 9,
                spared: Filter {
                    species: Some("Skordyre".into()),
                    ..Filter::default()
                },
            })])
        );
        // destroyed by any attack, or sparing nobody, it is another power
        assert!(read_shared(
            card,
            &text.replace("a normal attack or leaving engagement attack", "an attack")
        )
        .is_err());
        assert!(read_shared(card, &text.replace(" that is not a Skordyre", "")).is_err());
    }
}
