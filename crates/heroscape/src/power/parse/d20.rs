//! Powers played with the 20-sided die around the turn, beyond a single threshold: a chosen
//! figure that cannot defend against the chooser this turn (*Whip*, *Paralyzing Stare*), a
//! threshold for heroes besides the squad figures' (*Stare of Stone*), a figure engaged with
//! another of yours (*Commander's Strike*), a power attempted once per game (*Ullar's Bolt of
//! the Witherwood*), a heal at the start of the turn (*Dragon Healing*), and tables of results
//! (*Chilling Touch*, *Self-Destruct*, *Fledgling Acid Breath*).

use std::sync::OnceLock;

use regex::Regex;

use super::{d20, rule, Caps, Ctx, Lexicon, Rule, D20};
use crate::card::Kind;
use crate::power::{Band, Effect, Filter, Outcome, Roll, Target, Trigger, Triggered};

/// A template with `<D20>` for the die's name.
fn d20_rule(template: &str, build: fn(&Caps, &Lexicon) -> Option<Vec<Effect>>) -> Rule {
    rule(&template.replace("<D20>", D20), build)
}

/// One triggered power.
fn one(
    trigger: Trigger,
    target: Option<Target>,
    roll: Roll,
    outcomes: Vec<Outcome>,
) -> Option<Vec<Effect>> {
    Some(vec![Effect::Triggered(Triggered {
        trigger,
        target,
        roll: Some(roll),
        outcomes,
    })])
}

/// *Whip*, *Paralyzing Stare*: the card says "choose" and "roll", no *you may*; on a success
/// the chosen figure rolls no defence dice if the chooser attacks it this turn.
fn no_defence(filter: Filter, within: Option<u16>, at_least: u8) -> Option<Vec<Effect>> {
    one(
        Trigger::AfterMoveBeforeAttack,
        Some(Target {
            adjacent: within.is_none(),
            within,
            filter,
            ..Target::default()
        }),
        Roll {
            forced: true,
            ..d20(at_least)
        },
        vec![Outcome::TargetDefenceAtMost(0)],
    )
}

const NO_DEFENSE: &str = r"roll <D20>\. if you roll (?:an? )?{N} or higher, the chosen figure cannot roll any defense dice if attacked by {S} this turn";

pub(super) fn rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        vec![
            // Whip: an adjacent figure of some sizes.
            d20_rule(
                &format!(
                    r"after moving and before attacking, choose (?:a|one|any) {{W}} adjacent to {{S}}\. {NO_DEFENSE}"
                ),
                |c, lex| no_defence(lex.filter(c.w(0))?, None, c.u8(0)),
            ),
            // Paralyzing Stare: a figure of some sizes in sight.
            d20_rule(
                &format!(
                    r"after moving and before attacking, choose (?:a|one|any) {{W}} within {{N}} clear sight spaces of {{S}}\. {NO_DEFENSE}"
                ),
                |c, lex| no_defence(lex.filter(c.w(0))?, Some(c.n(0)), c.u8(1)),
            ),
            // Stare of Stone: a squad figure destroyed on one roll, a hero on a higher one.
            d20_rule(
                r"instead of attacking, choose (?:a|one|any) figure within {N} clear sight spaces of {S}\. roll <D20>\. if the chosen figure is a squad figure and you roll (?:an? )?{N} or higher, destroy it\. if the chosen figure (?:is|if) a hero figure and you roll (?:an? )?{N} or higher, destroy the chosen hero",
                |c, _| {
                    one(
                        Trigger::InsteadOfAttacking,
                        Some(Target {
                            within: Some(c.n(0)),
                            ..Target::default()
                        }),
                        Roll {
                            forced: true,
                            hero_at_least: Some(c.u8(2)),
                            ..d20(c.u8(1))
                        },
                        vec![Outcome::DestroyTarget],
                    )
                },
            ),
            // Commander's Strike: an opponent's figure engaged with another of your figures.
            d20_rule(
                r"after moving and before attacking with {S}, you may choose (?:any|an|one) opponent's figure within {N} clear sight spaces that is engaged with any other figure you control\. roll <D20>\. if you roll (?:an? )?{N} or higher, the chosen figure (?:receives|takes) (?:1|one|a) wound",
                |c, _| {
                    one(
                        Trigger::AfterMoveBeforeAttack,
                        Some(Target {
                            within: Some(c.n(0)),
                            opponents_only: true,
                            engaged_with_other: true,
                            ..Target::default()
                        }),
                        d20(c.u8(1)),
                        vec![Outcome::WoundTarget(1)],
                    )
                },
            ),
            // Ullar's Bolt of the Witherwood: an opponent's figure destroyed, once per game.
            d20_rule(
                r"after moving and before attacking with {S}, you may choose (?:any|an|one) opponent's figure within {N} clear sight spaces of {S}\. roll <D20>\. if you roll (?:an? )?1 ?- ?{N}, nothing happens\. if you roll (?:an? )?{N} or higher, the chosen figure is destroyed\. {S} may attempt to use this power only once per game",
                |c, _| {
                    // "nothing happens" must be every roll under the threshold
                    if c.n(1) + 1 != c.n(2) {
                        return None;
                    }
                    one(
                        Trigger::AfterMoveBeforeAttack,
                        Some(Target {
                            within: Some(c.n(0)),
                            opponents_only: true,
                            ..Target::default()
                        }),
                        Roll {
                            once_per_game: true,
                            ..d20(c.u8(2))
                        },
                        vec![Outcome::DestroyTarget],
                    )
                },
            ),
            // Dragon Healing: a wound off a hero's card, the user's own included.
            d20_rule(
                r"at the start of {S} turn, you may choose {S} or a hero figure within {N} clear sight spaces of {S}\. roll <D20>\. if you roll (?:an? )?{N} or higher, remove (?:one|1) wound markers? from the chosen hero's army card",
                |c, _| {
                    one(
                        Trigger::StartOfTurn,
                        Some(Target {
                            within: Some(c.n(0)),
                            with_user: true,
                            passed_over: false,
                            filter: Filter {
                                kind: Some(Kind::Hero),
                                ..Filter::default()
                            },
                            ..Target::default()
                        }),
                        d20(c.u8(1)),
                        vec![Outcome::HealTarget(1)],
                    )
                },
            ),
            // Hide in Darkness: a normal attack's damage ignored, more likely in the dark.
            d20_rule(
                &format!(
                    r"if (?:an? )?{{S}} is attacked with a normal attack and at least (?:1|one) skull is rolled, roll <D20>\. if (?:that )?{{S}} is on a dungeon space,? add {{N}} to your die roll(?:\.|,) if (?:he|she|it) is on a shadow space,? add {{N}} to your die roll\. {NORMALLY}, ignore all damage that would be inflicted by the attack"
                ),
                |c, _| {
                    dodge(
                        c,
                        2,
                        Trigger::SkullRolled {
                            normal: true,
                            afar: false,
                        },
                        vec![
                            ("dungeon".into(), c.u8(0)),
                            ("shadow".into(), c.u8(1)),
                        ],
                        vec![Outcome::IgnoreWounds],
                    )
                },
            ),
            // Disappearing Ninja (a normal attack), Vanish (any attack): no damage, then a move
            // that must end away from every enemy figure.
            d20_rule(
                &format!(
                    r"if (?:an? )?{{S}} is attacked with a normal attack and at least (?:1|one) skull is rolled, roll <D20> to (?:disappear|vanish)\. {NORMALLY}, {VANISH}"
                ),
                |c, _| vanish(c, true),
            ),
            d20_rule(
                &format!(
                    r"if (?:an? )?{{S}} is attacked and at least (?:1|one) skull is rolled, roll <D20> to (?:disappear|vanish)\. {NORMALLY}, {VANISH}"
                ),
                |c, _| vanish(c, false),
            ),
            // Stealthy: an attack from afar dodged, then a move.
            d20_rule(
                &format!(
                    r"if (?:an? )?{{S}}(?: you control)? is attacked by an opponent's figure that is not adjacent and at least (?:1|one) skull is rolled, roll <D20>\. {NORMALLY}, (?:that )?{{S}} takes no damage and may immediately move up to {{N}} spaces"
                ),
                |c, _| {
                    dodge(
                        c,
                        0,
                        Trigger::SkullRolled {
                            normal: false,
                            afar: true,
                        },
                        Vec::new(),
                        vec![
                            Outcome::IgnoreWounds,
                            Outcome::MoveSelf {
                                spaces: c.n(2),
                                apart: false,
                            },
                        ],
                    )
                },
            ),
            // Unstable Blaster: a wound on a low roll after shooting from afar.
            d20_rule(
                r"after taking a turn with (?:an? |the )?{S}, if that {S} attacked a non-adjacent figure, you must roll <D20>\. if you roll (?:an? )?1 ?- ?{N}, that {S} receives (?:1|one|a) wound",
                |c, _| {
                    let last = u8::try_from(c.n(0)).ok().filter(|n| (1..20).contains(n))?;
                    one(
                        Trigger::AfterTurnAttackedFromAfar,
                        None,
                        Roll {
                            forced: true,
                            bands: vec![
                                Band {
                                    from: 1,
                                    to: last,
                                    outcomes: vec![Outcome::WoundSelf(1)],
                                },
                                Band {
                                    from: last + 1,
                                    to: 20,
                                    outcomes: Vec::new(),
                                },
                            ],
                            ..d20(1)
                        },
                        Vec::new(),
                    )
                },
            ),
            // Archer's Glory: another turn earned by destroying a hero from afar.
            d20_rule(
                r"after taking a turn with {S}, if (?:he|she|it) destroyed an opponent's non-adjacent {W}, you may take another turn with {S}",
                |c, lex| {
                    Some(vec![Effect::Triggered(Triggered {
                        trigger: Trigger::AfterTurnDestroyedFromAfar(lex.filter(c.w(0))?),
                        target: None,
                        roll: None,
                        outcomes: vec![Outcome::AnotherTurn],
                    })])
                },
            ),
            // Tactical Disengagement: a leaving-engagement attack's wounds ignored.
            d20_rule(
                r"if {S} would (?:take|receive) (?:1|one) or more wounds from a leaving engagement attack, roll <D20>\. if you roll (?:an? )?{N} or higher, ignore those wounds",
                |c, _| {
                    one(
                        Trigger::LeavingEngagementWounds,
                        None,
                        Roll {
                            forced: true,
                            ..d20(c.u8(0))
                        },
                        vec![Outcome::IgnoreWounds],
                    )
                },
            ),
        ]
    })
}

/// The failure line of a roll made when a skull is rolled, then the success's "if you roll":
/// its two numbers are the last failing result and the threshold.
const NORMALLY: &str = r"if you roll (?:an? )?1 ?- ?{N}, roll defense dice normally\. if you roll (?:an? )?{N} or higher";

/// *Disappearing Ninja*, *Vanish*: no damage, a move, and the move's condition.
const VANISH: &str = r"(?:that )?{S} takes no damage and (?:instead )?may (?:immediately )?move up to {N} spaces\. {S} can (?:disappear|vanish) only if (?:he|she|it|they) ends? (?:his|her|its|their) (?:disappearing|vanishing) move not adjacent to any enemy figures";

/// A roll when a skull is rolled against a figure of the card, its failure line read
/// ("if you roll 1-11, roll defense dice normally": every result under the threshold), the
/// numbers of that line at `at` and `at + 1`.
fn dodge(
    c: &Caps,
    at: usize,
    trigger: Trigger,
    ground_bonus: Vec<(String, u8)>,
    outcomes: Vec<Outcome>,
) -> Option<Vec<Effect>> {
    if c.n(at) + 1 != c.n(at + 1) {
        return None;
    }
    one(
        trigger,
        None,
        Roll {
            forced: true,
            ground_bonus,
            ..d20(c.u8(at + 1))
        },
        outcomes,
    )
}

/// *Disappearing Ninja* (`normal`: a normal attack only) and *Vanish*.
fn vanish(c: &Caps, normal: bool) -> Option<Vec<Effect>> {
    dodge(
        c,
        0,
        Trigger::SkullRolled {
            normal,
            afar: false,
        },
        Vec::new(),
        vec![
            Outcome::IgnoreWounds,
            Outcome::MoveSelf {
                spaces: c.n(2),
                apart: true,
            },
        ],
    )
}

/// A power printed as a table of 20-sided die results (*Chilling Touch*: "if you roll 1-12,
/// nothing happens. If you roll 13-15, the chosen figure receives 1 wound..."; *Self-Destruct*:
/// "... each adjacent figure receives 2 wounds ... After using this power, Deathwalker is
/// always destroyed"). A reader, not a template: the table has any number of lines, and they
/// must cover every result from 1 to 20 with no gap nor overlap.
pub(super) fn table(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static HEADS: OnceLock<[Regex; 3]> = OnceLock::new();
    static BAND: OnceLock<Regex> = OnceLock::new();
    static TAIL: OnceLock<Regex> = OnceLock::new();
    let [touch, destruct, breath] = HEADS.get_or_init(|| {
        [
            Regex::new(r"^after moving and before attacking, (.+?) may attempt an? [a-z' -]+\. to do this, choose a figure adjacent to (.+?) and roll (?:the )?20-sided die$")
                .expect("the touch pattern compiles"),
            Regex::new(r"^after moving and instead of attacking, (.+?) may choose to [a-z' -]+\. roll (?:the )?20-sided die to determine if any other figures are wounded$")
                .expect("the self-destruct pattern compiles"),
            Regex::new(r"^instead of attacking with (?:an? |the )?(.+?), you may choose (?:one|a|any) ([a-z' -]+?) within (\d+) clear sight spaces of (.+?)\. roll (?:the )?20-sided die$")
                .expect("the breath pattern compiles"),
        ]
    });
    let band = BAND.get_or_init(|| {
        Regex::new(r"^if you roll (?:an? )?(\d+)(?: ?- ?(\d+)| or higher)?,? (.+)$")
            .expect("the band pattern compiles")
    });
    let tail = TAIL.get_or_init(|| {
        Regex::new(r"^after using this power, (.+?) is always destroyed$")
            .expect("the tail pattern compiles")
    });
    let sentences: Vec<&str> = text.split(". ").collect();
    let first_band = sentences
        .iter()
        .position(|s| s.starts_with("if you roll "))?;
    let head = sentences[..first_band].join(". ");
    let (trigger, target, chosen) = if let Some(m) = touch.captures(&head) {
        if !ctx.me.is_self(&m[1]) || !ctx.me.is_self(&m[2]) {
            return None;
        }
        (
            Trigger::AfterMoveBeforeAttack,
            Some(Target {
                adjacent: true,
                ..Target::default()
            }),
            true,
        )
    } else if let Some(m) = breath.captures(&head) {
        if !ctx.me.is_self(&m[1]) || !(&m[4] == "it" || ctx.me.is_self(&m[4])) {
            return None;
        }
        (
            Trigger::InsteadOfAttacking,
            Some(Target {
                within: Some(m[3].parse().ok()?),
                filter: ctx.lex.filter(&m[2])?,
                ..Target::default()
            }),
            true,
        )
    } else if let Some(m) = destruct.captures(&head) {
        if !ctx.me.is_self(&m[1]) {
            return None;
        }
        (Trigger::InsteadOfAttacking, None, false)
    } else {
        return None;
    };
    let mut bands = Vec::new();
    let mut rest = &sentences[first_band..];
    while let Some((s, more)) = rest.split_first() {
        let Some(m) = band.captures(s) else { break };
        let from: u8 = m[1].parse().ok()?;
        let to: u8 = match m.get(2) {
            Some(t) => t.as_str().parse().ok()?,
            None => from,
        };
        let open = m.get(0).is_some_and(|x| x.as_str().contains(" or higher"));
        let outcomes = band_outcomes(&m[3], chosen)?;
        bands.push(Band {
            from,
            to: if open { from.max(20) } else { to },
            outcomes,
        });
        rest = more;
    }
    // after the table, only Self-Destruct's "always destroyed"
    let outcomes = match rest {
        [] if chosen => Vec::new(),
        [s] if !chosen => {
            let m = tail.captures(s)?;
            if !ctx.me.is_self(&m[1]) {
                return None;
            }
            vec![Outcome::DestroySelf]
        }
        _ => return None,
    };
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
    let at_least = bands.iter().find(|b| !b.outcomes.is_empty())?.from;
    Some(vec![Effect::Triggered(Triggered {
        trigger,
        target,
        roll: Some(Roll {
            bands,
            ..d20(at_least)
        }),
        outcomes,
    })])
}

/// What one line of a table does: nothing, wounds on the chosen figure (only when the power
/// chooses one), or wounds on every adjacent figure.
fn band_outcomes(phrase: &str, chosen: bool) -> Option<Vec<Outcome>> {
    static WOUNDS: OnceLock<Regex> = OnceLock::new();
    let wounds = WOUNDS.get_or_init(|| {
        Regex::new(r"^(the chosen figure|each adjacent figure) receives (\d+) wounds?$")
            .expect("the wounds pattern compiles")
    });
    if phrase == "nothing happens" || (!chosen && phrase == "all adjacent figures are safe") {
        return Some(Vec::new());
    }
    let m = wounds.captures(phrase)?;
    let n: u16 = m[2].parse().ok()?;
    match (&m[1], chosen) {
        ("the chosen figure", true) => Some(vec![Outcome::WoundTarget(n)]),
        ("each adjacent figure", false) => Some(vec![Outcome::WoundAdjacent(n)]),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::read_shared;
    use super::*;
    use crate::card::Size;

    /// The one triggered power the card's printed text reads into.
    fn printed(card: &str, power: &str) -> Triggered {
        let c = crate::game::test_support::real(card);
        let text = &c
            .powers
            .iter()
            .find(|p| p.name == power)
            .unwrap_or_else(|| panic!("{card} has no power {power}"))
            .text;
        let read = read_shared(card, text).unwrap_or_else(|e| panic!("{card}: {e}"));
        let [Effect::Triggered(t)] = read.as_slice() else {
            panic!("{card}: {read:?}")
        };
        t.clone()
    }

    #[test]
    fn whip_and_paralyzing_stare_leave_the_chosen_figure_without_defence() {
        let whip = printed("James Murphy", "Whip 12");
        assert_eq!(whip.trigger, Trigger::AfterMoveBeforeAttack);
        let target = whip.target.expect("a chosen figure");
        assert!(target.adjacent && target.within.is_none() && !target.opponents_only);
        assert_eq!(target.filter.sizes, vec![Size::Small, Size::Medium]);
        assert_eq!(whip.roll.map(|r| (r.at_least, r.forced)), Some((12, true)));
        assert_eq!(whip.outcomes, vec![Outcome::TargetDefenceAtMost(0)]);
        let stare = printed("Me-Burq-Sa", "Paralyzing Stare 16");
        let target = stare.target.expect("a chosen figure");
        assert!(!target.adjacent);
        assert_eq!(target.within, Some(6));
        assert_eq!(target.filter.sizes, vec![Size::Small, Size::Medium]);
        assert_eq!(stare.roll.map(|r| r.at_least), Some(16));
        assert_eq!(stare.outcomes, vec![Outcome::TargetDefenceAtMost(0)]);
    }

    #[test]
    fn stare_of_stone_needs_more_for_a_hero() {
        let t = printed("Sudema (ZD)", "Stare of Stone");
        assert_eq!(t.trigger, Trigger::InsteadOfAttacking);
        assert_eq!(t.target.and_then(|x| x.within), Some(4));
        let roll = t.roll.expect("a roll");
        assert_eq!((roll.at_least, roll.hero_at_least), (7, Some(17)));
        assert_eq!(t.outcomes, vec![Outcome::DestroyTarget]);
    }

    #[test]
    fn commanders_strike_chooses_a_figure_engaged_with_another_of_yours() {
        let t = printed("Mogrimm Forgehammer", "Commander's Strike");
        let target = t.target.expect("a chosen figure");
        assert!(target.engaged_with_other && target.opponents_only);
        assert_eq!(target.within, Some(5));
        assert_eq!(t.roll.map(|r| (r.at_least, r.forced)), Some((15, false)));
        assert_eq!(t.outcomes, vec![Outcome::WoundTarget(1)]);
    }

    #[test]
    fn ullars_bolt_is_attempted_once_per_game() {
        let t = printed("Atlaga the Kyrie Warrior", "Ullar's Bolt of the Witherwood");
        let target = t.target.expect("a chosen figure");
        assert!(target.opponents_only);
        assert_eq!(target.within, Some(5));
        let roll = t.roll.expect("a roll");
        assert_eq!((roll.at_least, roll.once_per_game), (16, true));
        assert_eq!(t.outcomes, vec![Outcome::DestroyTarget]);
        // "nothing happens" that leaves a result unread fails the power
        assert!(read_shared("Atlaga the Kyrie Warrior", "After moving and before attacking with Atlaga, you may choose any opponent's figure within 5 clear sight spaces of Atlaga. Roll the 20-sided die. If you roll a 1 - 14, nothing happens. If you roll a 16 or higher, the chosen figure is destroyed. Atlaga may attempt to use this power only once per game.").is_err());
    }

    #[test]
    fn dragon_healing_chooses_sonlen_or_a_hero_at_the_start_of_his_turn() {
        let t = printed("Sonlen (SotM)", "DRAGON HEALING");
        assert_eq!(t.trigger, Trigger::StartOfTurn);
        let target = t.target.expect("a chosen figure");
        assert!(target.with_user && !target.adjacent && !target.opponents_only);
        assert_eq!(
            (target.within, target.filter.kind),
            (Some(4), Some(Kind::Hero))
        );
        assert_eq!(t.roll.map(|r| (r.at_least, r.forced)), Some((15, false)));
        assert_eq!(t.outcomes, vec![Outcome::HealTarget(1)]);
    }

    #[test]
    fn tables_of_results_read_every_line() {
        let touch = printed("Cyprien Esenwein", "Chilling Touch");
        assert_eq!(touch.trigger, Trigger::AfterMoveBeforeAttack);
        assert!(touch.target.expect("a chosen figure").adjacent);
        let roll = touch.roll.expect("a roll");
        let lines: Vec<(u8, u8, Vec<Outcome>)> = roll
            .bands
            .iter()
            .map(|b| (b.from, b.to, b.outcomes.clone()))
            .collect();
        assert_eq!(
            lines,
            vec![
                (1, 12, vec![]),
                (13, 15, vec![Outcome::WoundTarget(1)]),
                (16, 17, vec![Outcome::WoundTarget(2)]),
                (18, 19, vec![Outcome::WoundTarget(3)]),
                (20, 20, vec![Outcome::WoundTarget(6)]),
            ]
        );
        assert_eq!(roll.at_least, 13);
        assert!(touch.outcomes.is_empty());
        let boom = printed("Deathwalker 7000", "Self-Destruct");
        assert_eq!(boom.trigger, Trigger::InsteadOfAttacking);
        assert!(boom.target.is_none());
        let lines: Vec<(u8, u8, Vec<Outcome>)> = boom
            .roll
            .expect("a roll")
            .bands
            .iter()
            .map(|b| (b.from, b.to, b.outcomes.clone()))
            .collect();
        assert_eq!(
            lines,
            vec![
                (1, 3, vec![]),
                (4, 15, vec![Outcome::WoundAdjacent(2)]),
                (16, 19, vec![Outcome::WoundAdjacent(4)]),
                (20, 20, vec![Outcome::WoundAdjacent(8)]),
            ]
        );
        assert_eq!(boom.outcomes, vec![Outcome::DestroySelf]);
        let breath = printed("Black Wyrmling", "Fledgling Acid Breath");
        assert_eq!(breath.trigger, Trigger::InsteadOfAttacking);
        let target = breath.target.expect("a chosen figure");
        assert_eq!(target.within, Some(4));
        assert_eq!(target.filter.sizes, vec![Size::Small, Size::Medium]);
        let lines: Vec<(u8, u8, Vec<Outcome>)> = breath
            .roll
            .expect("a roll")
            .bands
            .iter()
            .map(|b| (b.from, b.to, b.outcomes.clone()))
            .collect();
        assert_eq!(
            lines,
            vec![
                (1, 10, vec![]),
                (11, 15, vec![Outcome::WoundTarget(1)]),
                (16, 20, vec![Outcome::WoundTarget(2)]),
            ]
        );
        // a gap in the table (no line for 16) fails the power
        assert!(read_shared("Cyprien Esenwein", "After moving and before attacking, Cyprien Esenwein may attempt a Chilling Touch. To do this, choose a figure adjacent to Cyprien Esenwein and roll the 20-sided die. If you roll 1-12, nothing happens. If you roll 13-15, the chosen figure receives 1 wound. If you roll 17-19, the chosen figure receives 3 wounds. If you roll a 20 or higher, the chosen figure receives 6 wounds.").is_err());
    }
    #[test]
    fn skull_rolls_dodge_the_attack_and_may_move() {
        let ninja = printed("Ninjas of the Northern Wind", "Disappearing Ninja");
        assert_eq!(
            ninja.trigger,
            Trigger::SkullRolled {
                normal: true,
                afar: false
            }
        );
        assert_eq!(
            ninja.roll.as_ref().map(|r| (r.at_least, r.forced)),
            Some((12, true))
        );
        assert_eq!(
            ninja.outcomes,
            vec![
                Outcome::IgnoreWounds,
                Outcome::MoveSelf {
                    spaces: 4,
                    apart: true
                }
            ]
        );
        let isamu = printed("Isamu (FoV)", "Vanish 9");
        assert_eq!(
            isamu.trigger,
            Trigger::SkullRolled {
                normal: false,
                afar: false
            },
            "any attack"
        );
        assert_eq!(isamu.roll.map(|r| r.at_least), Some(9));
        assert_eq!(isamu.outcomes, ninja.outcomes);
        let exile = printed("Exiles of the Sundered Sea", "Stealthy 13");
        assert_eq!(
            exile.trigger,
            Trigger::SkullRolled {
                normal: false,
                afar: true
            }
        );
        assert_eq!(exile.roll.map(|r| r.at_least), Some(13));
        assert_eq!(
            exile.outcomes,
            vec![
                Outcome::IgnoreWounds,
                Outcome::MoveSelf {
                    spaces: 3,
                    apart: false
                }
            ]
        );
        // the three printings of Hide in Darkness
        for card in ["Deepwyrm Drow", "Drow Chainfighter", "Darrak Ambershard"] {
            let hide = printed(card, "Hide in Darkness");
            assert_eq!(
                hide.trigger,
                Trigger::SkullRolled {
                    normal: true,
                    afar: false
                },
                "{card}"
            );
            let roll = hide.roll.expect("a roll");
            assert_eq!(roll.at_least, 16, "{card}");
            assert_eq!(
                roll.ground_bonus,
                vec![("dungeon".to_string(), 3), ("shadow".to_string(), 6)],
                "{card}"
            );
            assert_eq!(hide.outcomes, vec![Outcome::IgnoreWounds], "{card}");
        }
        // a failure line leaving a result unread fails the power
        assert!(read_shared("Isamu (FoV)", "If Isamu is attacked and at least 1 skull is rolled, roll the 20-sided die to vanish. If you roll 1-7, roll defense dice normally. If you roll a 9 or higher, Isamu takes no damage and may immediately move up to 4 spaces. Isamu can vanish only if he ends his vanishing move not adjacent to any enemy figures.").is_err());
        // the move's condition may not be left out
        assert!(read_shared("Isamu (FoV)", "If Isamu is attacked and at least 1 skull is rolled, roll the 20-sided die to vanish. If you roll 1-8, roll defense dice normally. If you roll a 9 or higher, Isamu takes no damage and may immediately move up to 4 spaces.").is_err());
    }

    #[test]
    fn tactical_disengagement_rolls_against_leaving_engagement_wounds() {
        let t = printed("Sir Dupuis", "TACTICAL DISENGAGEMENT 7");
        assert_eq!(t.trigger, Trigger::LeavingEngagementWounds);
        assert!(t.target.is_none());
        assert_eq!(t.roll.map(|r| (r.at_least, r.forced)), Some((7, true)));
        assert_eq!(t.outcomes, vec![Outcome::IgnoreWounds]);
    }

    #[test]
    fn unstable_blaster_wounds_the_geistfire_on_a_low_roll() {
        let t = printed("Necrotech Geistfire", "UNSTABLE BLASTER");
        assert_eq!(t.trigger, Trigger::AfterTurnAttackedFromAfar);
        let roll = t.roll.expect("a roll");
        assert!(roll.forced);
        let lines: Vec<(u8, u8, Vec<Outcome>)> = roll
            .bands
            .iter()
            .map(|b| (b.from, b.to, b.outcomes.clone()))
            .collect();
        assert_eq!(
            lines,
            vec![(1, 5, vec![Outcome::WoundSelf(1)]), (6, 20, vec![])]
        );
        assert!(t.outcomes.is_empty());
    }

    #[test]
    fn archers_glory_gives_another_turn_for_a_unique_hero_destroyed_from_afar() {
        let t = printed("Brandis Skyhunter", "ARCHER\u{2019}S GLORY");
        let Trigger::AfterTurnDestroyedFromAfar(filter) = &t.trigger else {
            panic!("{:?}", t.trigger)
        };
        assert_eq!(
            (filter.kind, filter.rarity),
            (Some(Kind::Hero), Some(crate::card::Rarity::Unique))
        );
        assert!(t.roll.is_none() && t.target.is_none());
        assert_eq!(t.outcomes, vec![Outcome::AnotherTurn]);
    }
}
