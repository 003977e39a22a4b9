//! Powers whose player chooses how many or several things, or one of the power's options
//! ([`crate::power::choose`]): a table of results one of whose lines removes "up to" a number
//! of wound markers (*Healing Touch*), several figures chosen before the rolls (*Poisonous
//! Acid Breath*), a range given up for more attacks (*Volley unto Himself*).

use std::sync::OnceLock;

use super::{d20, rule, Rule, D20};
use crate::card::Kind;
use crate::card::Rarity;
use crate::power::choose::{Choose, Heal, RangeOption, SwarmLine};
use crate::power::{Band, Effect, Outcome, Roll, Target, Trigger, Triggered};

pub(super) fn rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        vec![
            // Healing Touch: a wounded hero next to Kelda, a table of wound markers added or
            // removed, one line of which leaves the number to the player.
            rule(
                &r"after moving and before attacking, choose a wounded {W} figure adjacent to {S}\. then roll <D20> to add or remove wound markers from the chosen figure's card: -if you roll {N}, add {N} markers\. -?if you roll {N} ?- ?{N}, remove {N} markers?\. -?if you roll {N} ?- ?{N}, remove up to {N} markers\. -?if you roll {N} ?- ?{N}, remove all markers"
                    .replace("<D20>", D20),
                |c, lex| {
                    let filter = lex.filter(c.w(0))?;
                    if filter.kind != Some(Kind::Hero) {
                        return None;
                    }
                    let line = |i: usize| (c.u8(i), c.u8(i + 1));
                    let (one, _) = line(0);
                    let bands = vec![
                        Band {
                            from: one,
                            to: one,
                            outcomes: vec![Outcome::WoundTarget(c.n(1))],
                        },
                        Band {
                            from: line(2).0,
                            to: line(2).1,
                            outcomes: vec![Outcome::HealTarget(c.n(4))],
                        },
                        Band {
                            from: line(5).0,
                            to: line(5).1,
                            outcomes: vec![Outcome::HealChosen(Heal::UpTo(c.n(7)))],
                        },
                        Band {
                            from: line(8).0,
                            to: line(8).1,
                            outcomes: vec![Outcome::HealChosen(Heal::All)],
                        },
                    ];
                    // the lines cover 1 to 20, in order, each once
                    let mut next = 1u8;
                    for b in &bands {
                        if b.from != next || b.to < b.from {
                            return None;
                        }
                        next = b.to.checked_add(1)?;
                    }
                    if next != 21 {
                        return None;
                    }
                    Some(vec![Effect::Triggered(Triggered {
                        trigger: Trigger::AfterMoveBeforeAttack,
                        target: Some(Target {
                            adjacent: true,
                            wounded: true,
                            filter,
                            ..Target::default()
                        }),
                        // "choose ... then roll": no *you may*
                        roll: Some(Roll {
                            forced: true,
                            bands,
                            ..d20(1)
                        }),
                        outcomes: Vec::new(),
                    })])
                },
            ),
            // Poisonous Acid Breath: up to 3 figures in sight, a roll for each, a squad figure
            // destroyed on one threshold and a hero on another.
            rule(
                &r"instead of attacking, you may choose up to {N} different {W} figures within {N} clear sight spaces of {S}\. one at a time, roll <D20> for each chosen figure\. if the chosen figure is a squad figure and you roll (?:an? )?{N} or higher, destroy it\. if the chosen figure is a hero figure and you roll (?:an? )?{N} or higher, destroy the chosen hero\. \(since this is not an attack, engagement rules do not apply\)"
                    .replace("<D20>", D20),
                |c, lex| {
                    let most = u8::try_from(c.n(0)).ok().filter(|&n| n >= 2)?;
                    let filter = lex.filter(c.w(0))?;
                    // sizes only: the kind is the rolls' to tell
                    if filter.sizes.is_empty() || filter.kind.is_some() {
                        return None;
                    }
                    Some(vec![
                        Effect::Triggered(Triggered {
                            trigger: Trigger::InsteadOfAttacking,
                            target: Some(Target {
                                within: Some(c.n(1)),
                                filter,
                                ..Target::default()
                            }),
                            roll: Some(Roll {
                                hero_at_least: Some(c.u8(3)),
                                ..d20(c.u8(2))
                            }),
                            outcomes: vec![Outcome::DestroyTarget],
                        }),
                        Effect::Choose(Choose::More { more: most - 1 }),
                    ])
                },
            ),
            // Volley unto Himself: a shorter range for more normal attacks, two options.
            rule(
                r"after moving and before attacking, you may reduce {S} range value to {N} to make up to {N} normal attacks this turn\. or, you may reduce it to {N} to make up to {N} normal attacks this turn",
                |c, _| {
                    let option = |i: usize| RangeOption {
                        range: c.n(i),
                        attacks: c.u8(i + 1),
                    };
                    let options = vec![option(0), option(2)];
                    // each option gives up range for more attacks than the one before
                    if options[0].attacks < 2
                        || options[1].range >= options[0].range
                        || options[1].attacks <= options[0].attacks
                    {
                        return None;
                    }
                    Some(vec![Effect::Choose(Choose::RangeForAttacks { options })])
                },
            ),
            // Soul Devour: each Shade may choose a unique hero beside it; a roll for each Shade,
            // a success giving the hero's card for the Shade.
            rule(
                &r"at the start of {S} turn, each {S} you control may choose an adjacent {W}\. roll <D20> once for each {S}\. if you roll (?:an? )?{N} or higher, destroy that {S}, then take control of the chosen {W} and remove any order markers on its army card\. you now control that army card"
                    .replace("<D20>", D20),
                |c, lex| {
                    if c.w(0) != c.w(1) {
                        return None;
                    }
                    let filter = lex.filter(c.w(0))?;
                    if filter.rarity != Some(Rarity::Unique) || filter.kind != Some(Kind::Hero) {
                        return None;
                    }
                    Some(vec![
                        Effect::Triggered(Triggered {
                            trigger: Trigger::StartOfTurn,
                            target: Some(Target {
                                adjacent: true,
                                filter,
                                ..Target::default()
                            }),
                            roll: Some(d20(c.u8(0))),
                            // "destroy that Shade, then take control"
                            outcomes: vec![Outcome::DestroySelf, Outcome::TakeControl],
                        }),
                        Effect::Choose(Choose::EachFigure),
                    ])
                },
            ),
            // Charging Assault: 3 more spaces toward an enemy, ending beside one if it can.
            rule(
                r"before moving with an unengaged {S}, you may add {N} to that {S} move value if that {S} could move adjacent to an enemy figure with the increased move value\. if an? {S} uses charging assault, it must end (?:his|her|its) movement adjacent to an enemy figure if possible",
                |c, _| {
                    (c.n(0) > 0).then(|| vec![Effect::Choose(Choose::Charge { by: c.n(0) })])
                },
            ),
            // Hive Swarm: a roll at the start of the turn for how many Drones act.
            rule(
                &format!(
                    r"at the start of {{S}} turn, roll <D20>\. {line}\. {line}\. {line}",
                    line = r"if you roll (?:an? )?{N} ?- ?{N}, you may move and attack with up to {N} {S} you control"
                )
                .replace("<D20>", D20),
                |c, _| {
                    let lines: Vec<SwarmLine> = (0..3)
                        .map(|i| SwarmLine {
                            from: c.u8(3 * i),
                            to: c.u8(3 * i + 1),
                            figures: c.n(3 * i + 2),
                        })
                        .collect();
                    let mut next = 1u8;
                    for l in &lines {
                        if l.from != next || l.to < l.from || l.figures == 0 {
                            return None;
                        }
                        next = l.to.checked_add(1)?;
                    }
                    (next == 21).then(|| vec![Effect::Choose(Choose::Swarm { lines })])
                },
            ),
        ]
    })
}

#[cfg(test)]
mod tests {
    use super::super::read_shared;
    use super::*;
    use crate::card::Size;
    use crate::game::test_support::printed;
    use crate::power::Filter;

    fn read(card: &str, power: &str) -> Vec<Effect> {
        read_shared(card, &printed(card, power)).unwrap_or_else(|e| panic!("{card}: {e}"))
    }

    #[test]
    fn healing_touch_reads_its_table_with_a_line_left_to_the_player() {
        let read = read("Kelda the Kyrie Warrior", "Healing Touch");
        let [Effect::Triggered(t)] = read.as_slice() else {
            panic!("{read:?}")
        };
        assert_eq!(t.trigger, Trigger::AfterMoveBeforeAttack);
        let target = t.target.clone().expect("a chosen figure");
        assert!(target.adjacent && target.wounded && !target.opponents_only);
        assert_eq!(target.filter.kind, Some(Kind::Hero));
        let roll = t.roll.clone().expect("a roll");
        assert!(roll.forced, "choose, then roll: no you may");
        let bands: Vec<(u8, u8, Vec<Outcome>)> = roll
            .bands
            .into_iter()
            .map(|b| (b.from, b.to, b.outcomes))
            .collect();
        assert_eq!(
            bands,
            vec![
                (1, 1, vec![Outcome::WoundTarget(2)]),
                (2, 5, vec![Outcome::HealTarget(1)]),
                (6, 17, vec![Outcome::HealChosen(Heal::UpTo(2))]),
                (18, 20, vec![Outcome::HealChosen(Heal::All)]),
            ]
        );
        // a table that leaves a result unread stays text
        let gap = printed("Kelda the Kyrie Warrior", "Healing Touch").replace("6-17", "7-17");
        assert!(read_shared("Kelda the Kyrie Warrior", &gap).is_err());
    }

    #[test]
    fn poisonous_acid_breath_chooses_up_to_three_figures_before_rolling() {
        let read = read("Braxas", "Poisonous Acid Breath");
        let [Effect::Triggered(t), Effect::Choose(Choose::More { more: 2 })] = read.as_slice()
        else {
            panic!("{read:?}")
        };
        assert_eq!(t.trigger, Trigger::InsteadOfAttacking);
        let target = t.target.clone().expect("a chosen figure");
        assert_eq!(target.within, Some(4));
        assert!(!target.opponents_only && !target.adjacent);
        assert_eq!(
            target.filter,
            Filter {
                sizes: vec![Size::Small, Size::Medium],
                ..Filter::default()
            }
        );
        let roll = t.roll.clone().expect("a roll");
        assert_eq!((roll.at_least, roll.hero_at_least), (8, Some(17)));
        assert!(!roll.forced);
        assert_eq!(t.outcomes, vec![Outcome::DestroyTarget]);
        // the hero's line may not be left out
        let text = printed("Braxas", "Poisonous Acid Breath");
        let cut = text.replace(
            " If the chosen figure is a Hero figure and you roll a 17 or higher, destroy the chosen Hero.",
            "",
        );
        assert_ne!(cut, text);
        assert!(read_shared("Braxas", &cut).is_err());
    }

    #[test]
    fn soul_devour_lets_each_shade_choose_a_unique_hero_beside_it() {
        let read = read("Shades of Bleakwoode", "SOUL DEVOUR 19");
        let [Effect::Triggered(t), Effect::Choose(Choose::EachFigure)] = read.as_slice() else {
            panic!("{read:?}")
        };
        assert_eq!(t.trigger, Trigger::StartOfTurn);
        let target = t.target.clone().expect("a chosen figure");
        assert!(target.adjacent && !target.opponents_only);
        assert_eq!(
            (target.filter.rarity, target.filter.kind),
            (Some(Rarity::Unique), Some(Kind::Hero))
        );
        assert_eq!(
            t.roll.as_ref().map(|r| (r.at_least, r.forced)),
            Some((19, false))
        );
        assert_eq!(t.outcomes, vec![Outcome::DestroySelf, Outcome::TakeControl]);
        // the markers' sentence may not be left out
        let text = printed("Shades of Bleakwoode", "SOUL DEVOUR 19")
            .replace(" and remove any Order Markers on its Army Card", "");
        assert!(read_shared("Shades of Bleakwoode", &text).is_err());
    }

    #[test]
    fn charging_assault_adds_three_spaces_toward_an_enemy() {
        let read = read("Kozuke Samurai", "CHARGING ASSAULT");
        assert_eq!(read, vec![Effect::Choose(Choose::Charge { by: 3 })]);
        // the duty to end beside an enemy may not be left out
        let text = printed("Kozuke Samurai", "CHARGING ASSAULT");
        let first = text
            .split(". If a Samurai")
            .next()
            .unwrap_or_default()
            .to_string();
        assert_ne!(first, text);
        assert!(read_shared("Kozuke Samurai", &first).is_err());
    }

    #[test]
    fn hive_swarm_reads_how_many_drones_act_for_each_line() {
        let read = read("Marro Drones", "HIVE SWARM");
        let line = |from, to, figures| SwarmLine { from, to, figures };
        assert_eq!(
            read,
            vec![Effect::Choose(Choose::Swarm {
                lines: vec![line(1, 12, 3), line(13, 16, 6), line(17, 20, 9)]
            })]
        );
        let text = printed("Marro Drones", "HIVE SWARM").replace("17", "18");
        assert!(read_shared("Marro Drones", &text).is_err());
    }

    #[test]
    fn volley_unto_himself_reads_both_options() {
        let read = read("Syvarris (GS)", "VOLLEY UNTO HIMSELF");
        assert_eq!(
            read,
            vec![Effect::Choose(Choose::RangeForAttacks {
                options: vec![
                    RangeOption {
                        range: 6,
                        attacks: 2
                    },
                    RangeOption {
                        range: 3,
                        attacks: 3
                    },
                ]
            })]
        );
        // the second option may not be left out
        let text = printed("Syvarris (GS)", "VOLLEY UNTO HIMSELF");
        let first = text.split(" Or,").next().unwrap_or_default().to_string();
        assert!(read_shared("Syvarris (GS)", &first).is_err());
    }
}
