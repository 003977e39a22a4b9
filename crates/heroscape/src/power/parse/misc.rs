//! Readers of single leftover powers ([`Effect::Misc`], [`Outcome::Misc`]): a table of 20-sided
//! die results that costs a figure or raises the attack for the turn (*Stinger Drain*), a card
//! whose class is also others (*Pirate King*), and a move bonus for the whole army earned by
//! attacking (*Charge!!!*).

use std::sync::OnceLock;

use regex::Regex;

use super::pattern;
use super::Ctx;
use crate::power::misc::{Misc, MiscOutcome};
use crate::power::{Band, Effect, Outcome, Roll, Stat, Target, Trigger, Triggered};

fn stat(word: &str) -> Option<Stat> {
    Some(match word {
        "move" => Stat::Move,
        "range" => Stat::Range,
        "attack" => Stat::Attack,
        "defense" => Stat::Defense,
        _ => return None,
    })
}

/// What "add N to the attack value of this card" does: nothing for 0.
fn added(stat: Stat, n: i8) -> Vec<Outcome> {
    if n == 0 {
        Vec::new()
    } else {
        vec![Outcome::Misc(MiscOutcome::TurnValue { stat, by: n })]
    }
}

/// *Stinger Drain*: "after moving and before attacking, you may roll the 20-sided die. If you
/// roll a 1-4, you must destroy a Marro Stinger you control and you cannot attack this turn.
/// If you roll a 5-9, add 0 to the attack value of this card. If you roll a 10 or higher, add
/// 1 to the attack value of this card." The figure destroyed is one of the card's name; the
/// three lines must cover 1 to 20.
pub(super) fn stinger_drain(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^after moving and before attacking, you may roll the 20-sided die\. if you roll a 1 ?- ?(\d+), you must destroy an? (.+?) you control and you cannot attack this turn\. if you roll a (\d+) ?- ?(\d+), add (\d+) to the (move|range|attack|defense) value of this card\. if you roll a (\d+) or higher, add (\d+) to the (move|range|attack|defense) value of this card$",
    )
    .captures(text)?;
    let n = |i: usize| m[i].parse::<u8>().ok();
    let (low, mid_from, mid_to, high) = (n(1)?, n(3)?, n(4)?, n(7)?);
    // the named figure is one of this card's, and the lines follow each other
    if !ctx.me.is_self(&m[2])
        || matches!(&m[2], "he" | "she" | "it")
        || mid_from != low + 1
        || mid_to < mid_from
        || high != mid_to + 1
        || high > 20
    {
        return None;
    }
    let mid = added(stat(&m[6])?, i8::try_from(n(5)?).ok()?);
    let top = added(stat(&m[9])?, i8::try_from(n(8)?).ok()?);
    Some(vec![Effect::Triggered(Triggered {
        trigger: Trigger::AfterMoveBeforeAttack,
        target: None,
        roll: Some(Roll {
            at_least: high,
            bands: vec![
                Band {
                    from: 1,
                    to: low,
                    outcomes: vec![
                        Outcome::Misc(MiscOutcome::DestroyOwn),
                        Outcome::Misc(MiscOutcome::NoAttack),
                    ],
                },
                Band {
                    from: mid_from,
                    to: mid_to,
                    outcomes: mid,
                },
                Band {
                    from: high,
                    to: 20,
                    outcomes: top,
                },
            ],
            ..Roll::default()
        }),
        outcomes: Vec::new(),
    })])
}

/// *Javelin*: "after moving and before attacking with this master of the hunt, you may roll the
/// 20-sided die. if you roll a 16 or higher, add 3 to this master of the hunt's range value for
/// the duration of its turn." The value raised is the card's (the one figure of a hero's card),
/// for what is left of the turn: its attacks, which follow.
pub(super) fn turn_value(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^after moving and before attacking with (.+?), you may roll the 20-sided die\. if you roll an? (\d+) or higher, add (\d+) to (.+?)(?:'s|') (move|range|attack|defense) value for the duration of (?:its|his|her|their) turn$",
    )
    .captures(text)?;
    if !(ctx.me.is_self(&m[1]) && ctx.me.is_self(&m[4])) {
        return None;
    }
    let at_least: u8 = m[2].parse().ok()?;
    if !(1..=20).contains(&at_least) {
        return None;
    }
    let by = i8::try_from(m[3].parse::<u8>().ok()?).ok()?;
    Some(vec![Effect::Triggered(Triggered {
        trigger: Trigger::AfterMoveBeforeAttack,
        target: None,
        roll: Some(Roll {
            at_least,
            ..Roll::default()
        }),
        outcomes: added(stat(&m[5])?, by),
    })])
}

/// *Lolth's Wrath*: "before attacking with pelloth, you may choose a drow figure you control
/// that is within 5 clear sight spaces of pelloth and roll 3 attack dice. one at a time for
/// each skull rolled, you may inflict 1 wound on any small or medium figure that is within 2
/// clear sight spaces of the chosen drow figure. you may inflict more than 1 wound on a single
/// figure using lolth's wrath. after using lolth's wrath, destroy the chosen drow figure." The
/// chosen figure is the triggered power's; the figure named must be the card's, the kind
/// chosen the same throughout, and the power named its own.
pub(super) fn wounds_around_chosen(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^before attacking with (?P<a>.+?), you may choose an? (?P<kind>[a-z' -]+?) figure you control that is within (?P<near>\d+) clear sight spaces of (?P<b>.+?) and roll (?P<dice>\d+) attack dice\. one at a time for each skull rolled, you may inflict (?:1|one) wound on any (?P<sizes>(?:small|medium|large|huge)(?: or (?:small|medium|large|huge))*) figure that is within (?P<within>\d+) clear sight spaces of the chosen (?P<k2>[a-z' -]+?) figure\. you may inflict more than (?:1|one) wound on a single figure using (?P<p1>[a-z' ]+?)\. after using (?P<p2>[a-z' ]+?), destroy the chosen (?P<k3>[a-z' -]+?) figure$",
    )
    .captures(text)?;
    if !(ctx.me.is_self(&m["a"]) && ctx.me.is_self(&m["b"]))
        || m["k2"] != m["kind"]
        || m["k3"] != m["kind"]
        || m["p1"] != *ctx.name
        || m["p2"] != *ctx.name
    {
        return None;
    }
    Some(vec![
        Effect::Triggered(Triggered {
            trigger: Trigger::BeforeAttacking,
            target: Some(Target {
                within: Some(m["near"].parse().ok()?),
                controlled_only: true,
                filter: ctx.lex.filter(&m["kind"])?,
                ..Target::default()
            }),
            roll: None,
            outcomes: Vec::new(),
        }),
        Effect::Misc(Misc::WoundsAroundChosen {
            dice: m["dice"].parse().ok()?,
            within: m["within"].parse().ok()?,
            sizes: super::midmove::sizes(&m["sizes"])?,
        }),
    ])
}

/// *Pirate King*: "Thormun's Class is also Pirate, Captain, and King."
pub(super) fn also_class(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^(.+?)'s class is also ([a-z]+(?:(?:,| and|, and) [a-z]+)*)$",
    )
    .captures(text)?;
    if !ctx.me.is_self(&m[1]) {
        return None;
    }
    let classes: Vec<String> = m[2]
        .replace(", and ", ", ")
        .replace(" and ", ", ")
        .split(", ")
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect())
                .unwrap_or_default()
        })
        .collect();
    Some(vec![Effect::Misc(Misc::AlsoClass { classes })])
}

/// *Charge!!!*: "If Dorim the Bulkhead Brawler attacks an opponent's figure during his turn,
/// the Move Value of all of your Army Cards is increased by 1 until the next time you reveal
/// an Order Marker."
pub(super) fn charge(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^if (.+?) attacks an opponent's figure during (?:his|her|its) turn, the (move|range|attack|defense) value of all of your army cards is increased by (\d+) until the next time you reveal an order marker$",
    )
    .captures(text)?;
    if !ctx.me.is_self(&m[1]) {
        return None;
    }
    Some(vec![Effect::Misc(Misc::AttackRaisesArmy {
        stat: stat(&m[2])?,
        by: m[3].parse().ok()?,
    })])
}

#[cfg(test)]
mod tests {
    use super::super::read_shared_as;
    use crate::game::test_support::printed;
    use crate::power::misc::{Misc, MiscOutcome};
    use crate::power::{Band, Effect, Outcome, Roll, Stat, Trigger, Triggered};

    fn read(card: &str, power: &str) -> Result<Vec<Effect>, String> {
        read_shared_as(card, power, &printed(card, power))
    }

    #[test]
    fn stinger_drain_reads_as_a_table_that_costs_a_stinger_or_raises_the_attack() {
        let band = |from, to, outcomes| Band { from, to, outcomes };
        assert_eq!(
            read("Marro Stingers", "Stinger Drain"),
            Ok(vec![Effect::Triggered(Triggered {
                trigger: Trigger::AfterMoveBeforeAttack,
                target: None,
                roll: Some(Roll {
                    at_least: 10,
                    bands: vec![
                        band(
                            1,
                            4,
                            vec![
                                Outcome::Misc(MiscOutcome::DestroyOwn),
                                Outcome::Misc(MiscOutcome::NoAttack)
                            ]
                        ),
                        band(5, 9, Vec::new()),
                        band(
                            10,
                            20,
                            vec![Outcome::Misc(MiscOutcome::TurnValue {
                                stat: Stat::Attack,
                                by: 1
                            })]
                        ),
                    ],
                    ..Roll::default()
                }),
                outcomes: Vec::new(),
            })])
        );
        // a gap in the table, or another card's figure destroyed, does not read
        let text = printed("Marro Stingers", "Stinger Drain");
        for wrong in [
            text.replace("5-9", "6-9"),
            text.replace("a Marro Stinger you control", "a Marro Warrior you control"),
        ] {
            assert!(
                read_shared_as("Marro Stingers", "Stinger Drain", &wrong).is_err(),
                "{wrong}"
            );
        }
    }

    #[test]
    fn pirate_king_reads_as_three_more_classes() {
        assert_eq!(
            read("Thormun", "PIRATE KING"),
            Ok(vec![Effect::Misc(Misc::AlsoClass {
                classes: vec!["Pirate".into(), "Captain".into(), "King".into()]
            })])
        );
        assert!(read_shared_as(
            "Thormun",
            "PIRATE KING",
            "Dorim's Class is also Pirate, Captain, and King."
        )
        .is_err());
    }

    #[test]
    fn charge_reads_as_a_move_bonus_for_the_army_until_the_next_reveal() {
        assert_eq!(
            read("Dorim the Bulkhead Brawler", "Charge!!!"),
            Ok(vec![Effect::Misc(Misc::AttackRaisesArmy {
                stat: Stat::Move,
                by: 1
            })])
        );
        let text = printed("Dorim the Bulkhead Brawler", "Charge!!!");
        // a bonus lasting another time is another power
        let wrong = text.replace(
            "the next time you reveal an Order Marker",
            "the end of the round",
        );
        assert!(read_shared_as("Dorim the Bulkhead Brawler", "Charge!!!", &wrong).is_err());
    }

    #[test]
    fn javelin_reads_as_a_roll_that_raises_the_range_for_the_turn() {
        assert_eq!(
            read("Master of the Hunt", "Javelin"),
            Ok(vec![Effect::Triggered(Triggered {
                trigger: Trigger::AfterMoveBeforeAttack,
                target: None,
                roll: Some(Roll {
                    at_least: 16,
                    ..Roll::default()
                }),
                outcomes: vec![Outcome::Misc(MiscOutcome::TurnValue {
                    stat: Stat::Range,
                    by: 3
                })],
            })])
        );
        let text = printed("Master of the Hunt", "Javelin");
        // another figure's range, or a bonus lasting longer than the turn, is another power
        for wrong in [
            text.replace(
                "this Master of the Hunt's Range",
                "Sgt. Drake Alexander's Range",
            ),
            text.replace("for the duration of its turn", "for the rest of the game"),
        ] {
            assert!(
                read_shared_as("Master of the Hunt", "Javelin", &wrong).is_err(),
                "{wrong}"
            );
        }
    }

    #[test]
    fn lolths_wrath_reads_as_wounds_around_a_chosen_drow_then_destroyed() {
        let read = read("Pelloth", "LOLTH\u{2019}S WRATH").expect("it reads");
        let [Effect::Triggered(t), Effect::Misc(Misc::WoundsAroundChosen {
            dice,
            within,
            sizes,
        })] = read.as_slice()
        else {
            panic!("{read:?}")
        };
        assert_eq!(t.trigger, Trigger::BeforeAttacking);
        let target = t.target.clone().expect("a chosen figure");
        assert_eq!(target.within, Some(5));
        assert!(target.controlled_only && !target.with_user);
        assert_eq!(target.filter.species.as_deref(), Some("Drow"));
        assert!(t.roll.is_none() && t.outcomes.is_empty());
        assert_eq!((*dice, *within), (3, 2));
        assert_eq!(
            sizes,
            &vec![crate::card::Size::Small, crate::card::Size::Medium]
        );
        // another kind destroyed than the one chosen, or an opponent's Drow, is another power
        let text = printed("Pelloth", "LOLTH\u{2019}S WRATH");
        for wrong in [
            text.replace("destroy the chosen Drow", "destroy the chosen Elf"),
            text.replace("you control", "an opponent controls"),
        ] {
            assert!(
                read_shared_as("Pelloth", "LOLTH\u{2019}S WRATH", &wrong).is_err(),
                "{wrong}"
            );
        }
    }
}
