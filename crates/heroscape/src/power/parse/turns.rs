//! Powers about the order markers and the turns they give, read as code: auras while a marker
//! lies face up (*Lead by Example*, *Might of Bleakewoode*, *Vigilance of Nastralund*), every
//! marker on one kind of card (*Gladiator Inspiration*), a defence lowered until the next
//! marker is revealed (*Corrosive Bile*), a bonding whose absence adds move (*Dwarven Strategic
//! Bonding*) and the X marker revealed with a numbered one (*Crag of Steel*). Played by
//! `game/powers/markers.rs`.

use std::sync::OnceLock;

use regex::Regex;

use super::{title, Ctx};
use crate::card::Size;
use crate::power::{Condition, Count, Effect, Filter, Stat, Who};

/// "one", "2": a small number.
fn number(word: &str) -> Option<i8> {
    match word {
        "one" => Some(1),
        "two" => Some(2),
        "three" => Some(3),
        _ => word.parse().ok().filter(|n| (1..=9).contains(n)),
    }
}

/// One kind of figure: a general whose name has several words ("g.i. joe"), or what the
/// lexicon reads.
fn kind(phrase: &str, ctx: &Ctx) -> Option<Filter> {
    let phrase = phrase.trim();
    if phrase.contains(' ') && ctx.lex.generals.contains(phrase) {
        return Some(Filter {
            general: Some(title(phrase)),
            ..Filter::default()
        });
    }
    ctx.lex.filter(phrase).filter(|f| !f.is_any())
}

/// "g.i. joe and soldier figures": one filter per kind, the second leaving out the figures of
/// the first so that a figure of both kinds is counted once (two kinds at most).
fn kinds(phrase: &str, ctx: &Ctx) -> Option<Vec<Filter>> {
    let phrase = phrase
        .trim()
        .trim_end_matches(" figures")
        .trim_end_matches(" figure");
    let parts: Vec<&str> = phrase.split(" and ").collect();
    match parts.as_slice() {
        [one] => Some(vec![kind(one, ctx)?]),
        [a, b] => {
            let first = kind(a, ctx)?;
            let second = Filter {
                except: Some(Box::new(first.clone())),
                ..kind(b, ctx)?
            };
            Some(vec![first, second])
        }
        _ => None,
    }
}

/// *Lead by Example*, *Might of Bleakewoode*, *Vigilance of Nastralund*: figures you control
/// near this card's figure add to their attack or defence while one of your order markers lies
/// face up on this card, or on one of your cards of a kind.
pub(super) fn revealed_marker_aura(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^(?:while (?P<here>.+?) has a revealed order marker on (?:his|her|its|this) army card, )?(?P<other>other )?(?P<kind>[a-z][a-z. ]*?) you control within (?P<n>\d+) clear sight spaces of (?P<of>.+?) add (?P<by>\d+|one) to their (?P<stat>attack|defense) value(?: if there is a revealed order marker on an? (?P<on>[a-z][a-z. ]*?) army card in your army)?$",
        )
        .expect("the revealed-marker aura pattern compiles")
    });
    let m = re.captures(text)?;
    let condition = match (m.name("here"), m.name("on")) {
        (Some(here), None) if ctx.me.is_self(here.as_str()) => Condition::RevealedMarkerHere,
        (None, Some(on)) => Condition::RevealedMarkerOn(kind(on.as_str(), ctx)?),
        _ => return None,
    };
    if !ctx.me.is_self(&m["of"]) {
        return None;
    }
    let n: u16 = m["n"].parse().ok()?;
    let who = if m.name("other").is_some() {
        Who::OtherControlledWithin(n)
    } else {
        Who::ControlledWithin(n)
    };
    let (stat, role) = match &m["stat"] {
        "attack" => (Stat::Attack, Condition::Attacking),
        _ => (Stat::Defense, Condition::Defending),
    };
    let by = number(&m["by"])?;
    Some(
        kinds(&m["kind"], ctx)?
            .into_iter()
            .map(|filter| Effect::Modify {
                stat,
                by,
                who,
                filter,
                when: vec![role.clone(), condition.clone()],
            })
            .collect(),
    )
}

/// *Gladiator Inspiration*: every marker of the round on cards of a kind, one on this card,
/// inspires the other figures of that kind for the round.
pub(super) fn inspiration(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^if all order markers for a round are placed on (?P<on>[a-z ]+?) army cards, and at least one order marker is placed on (?P<me>.+?), then all (?P<kind>[a-z ]+?) you control \(except (?P<me2>.+?)\) become inspired\. inspired (?P<kind2>[a-z ]+?) add (?P<mv>\d+|one) to their move number and add (?P<dice>\d+|one) extra attack die and defense die for the rest of the round$",
        )
        .expect("the inspiration pattern compiles")
    });
    let m = re.captures(text)?;
    if !ctx.me.is_self(&m["me"]) || !ctx.me.is_self(&m["me2"]) {
        return None;
    }
    let markers_on = kind(&m["on"], ctx)?;
    let filter = kind(&m["kind"], ctx)?;
    if kind(&m["kind2"], ctx)? != filter {
        return None;
    }
    let dice = number(&m["dice"])?;
    Some(vec![Effect::Inspiration {
        markers_on,
        filter,
        changes: vec![
            (Stat::Move, number(&m["mv"])?),
            (Stat::Attack, dice),
            (Stat::Defense, dice),
        ],
    }])
}

/// *Corrosive Bile*: the figure attacked defends with less until the next marker is revealed.
/// The game has no destructible objects: the words about them name nothing to act on.
pub(super) fn corrosive_bile(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^after an? (?P<me>.+?) attacks a figure(?: or destructible object)?, that figure(?: or destructible object)? reduces its defense value by (?P<by>\d+) until the next time any player reveals an order marker$",
        )
        .expect("the corrosive-bile pattern compiles")
    });
    let m = re.captures(text)?;
    if !ctx.me.is_self(&m["me"]) {
        return None;
    }
    Some(vec![Effect::LowerDefenceUntilReveal {
        by: m["by"].parse().ok()?,
    }])
}

/// *Dwarven Strategic Bonding*: a bonding, and more move for this card's turn when no bonded
/// turn came before it.
pub(super) fn bonding_or_move(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^before taking a turn with (?P<me>.+?), you may first take a turn with (?:a|an|any) (?P<kind>[a-z ]+?) you control\. if you do not take a turn with (?:a|an|any) (?P<kind2>[a-z ]+?) you control, add (?P<n>\d+) to (?P<me2>.+?) movement number$",
        )
        .expect("the bonding-or-move pattern compiles")
    });
    let m = re.captures(text)?;
    if !ctx.me.is_self(&m["me"]) || !ctx.me.is_self(&m["me2"]) {
        return None;
    }
    let with = kind(&m["kind"], ctx)?;
    if kind(&m["kind2"], ctx)? != with {
        return None;
    }
    Some(vec![
        Effect::Bonding { with },
        Effect::Modify {
            stat: Stat::Move,
            by: number(&m["n"])?,
            who: Who::Bearer,
            filter: Filter::default(),
            when: vec![Condition::NotBonded],
        },
    ])
}

/// *Crag of Steel*: the X revealed with a numbered marker on this card activates, for the
/// round, a defence raised, attack and move lowered, and attacks on each adjacent figure.
pub(super) fn crag(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^when revealing a numbered order marker on (?P<m1>.+?) army card, you may also reveal an x order marker that is on (?P<m2>.+?) army card to activate (?P<p1>.+?) for the duration of the round\. while (?P<p2>.+?) is active, add (?P<def>\d+) to (?P<m3>.+?) defense value and subtract (?P<down>\d+) from (?P<m4>.+?) attack and move values\. when (?P<m5>.+?) attacks while (?P<p3>.+?) is active, (?:he|she|it) may attack any or all adjacent to (?:him|her|it)\. roll each attack separately$",
        )
        .expect("the crag pattern compiles")
    });
    let m = re.captures(text)?;
    if !["m1", "m2", "m3", "m4", "m5"]
        .into_iter()
        .all(|k| ctx.me.is_self(&m[k]))
        || !["p1", "p2", "p3"].into_iter().all(|k| &m[k] == ctx.name)
    {
        return None;
    }
    let active = Condition::XRevealedHere;
    let def = number(&m["def"])?;
    let down = -number(&m["down"])?;
    let modify = |stat, by, role: Option<Condition>| Effect::Modify {
        stat,
        by,
        who: Who::Bearer,
        filter: Filter::default(),
        when: role.into_iter().chain([active.clone()]).collect(),
    };
    Some(vec![
        Effect::RevealXWithNumbered,
        modify(Stat::Defense, def, Some(Condition::Defending)),
        modify(Stat::Attack, down, Some(Condition::Attacking)),
        modify(Stat::Move, down, None),
        Effect::AttackEachAdjacentWhile {
            when: vec![active.clone()],
        },
    ])
}

/// *Frost Rage*: the X revealed with a numbered marker on this card activates, for the round,
/// attack and defence raised by the wound markers on the card.
pub(super) fn frost_rage(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^when revealing a numbered order marker on (?P<m1>.+?) army card, you may also reveal an x order marker that is on (?P<m2>.+?) army card to activate (?P<p1>.+?) for the duration of the round\. while (?P<p2>.+?) is active, add 1 to (?P<m3>.+?) attack and defense values for each wound marker on (?:his|her|its) army card$",
        )
        .expect("the frost-rage pattern compiles")
    });
    let m = re.captures(text)?;
    if !["m1", "m2", "m3"]
        .into_iter()
        .all(|k| ctx.me.is_self(&m[k]))
        || !["p1", "p2"].into_iter().all(|k| &m[k] == ctx.name)
    {
        return None;
    }
    let per_wound = |stat, role| Effect::PerCount {
        stat,
        count: Count::OwnWounds,
        max: None,
        when: vec![role, Condition::XRevealedHere],
    };
    Some(vec![
        Effect::RevealXWithNumbered,
        per_wound(Stat::Attack, Condition::Attacking),
        per_wound(Stat::Defense, Condition::Defending),
    ])
}

/// *Battle Surge*: the X revealed after this card's turn gives it an additional turn, without
/// one of its special attacks, that wounds it if it attacks no figure.
pub(super) fn surge(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^after taking a turn with (?P<m1>.+?), you may reveal an x order marker on this army card to take 1 additional turn with (?P<m2>.+?)\. you cannot use (?P<barred>[a-z' -]+? special attack) this additional turn\. if (?P<m3>.+?) does not attack a figure during the additional turn, (?P<m4>.+?) suffers (?P<n>\d+) wounds?$",
        )
        .expect("the surge pattern compiles")
    });
    let m = re.captures(text)?;
    if !["m1", "m2", "m3", "m4"]
        .into_iter()
        .all(|k| ctx.me.is_self(&m[k]))
    {
        return None;
    }
    let barred = m["barred"].to_string();
    // the special attack barred is one of this card's
    if !ctx
        .card
        .powers
        .iter()
        .any(|p| super::normalize(&p.name) == barred)
    {
        return None;
    }
    Some(vec![Effect::XExtraTurn {
        barred: Some(barred),
        idle_wounds: m["n"].parse().ok()?,
    }])
}

/// "small, medium, and large": the sizes named, each once.
fn sizes(phrase: &str) -> Option<Vec<Size>> {
    let mut out = Vec::new();
    for w in phrase
        .split([',', ' '])
        .filter(|w| !w.is_empty() && *w != "and" && *w != "or")
    {
        let size = match w {
            "small" => Size::Small,
            "medium" => Size::Medium,
            "large" => Size::Large,
            "huge" => Size::Huge,
            _ => return None,
        };
        if out.contains(&size) {
            return None;
        }
        out.push(size);
    }
    (!out.is_empty()).then_some(out)
}

/// *Hanwi's Darkness*: the X revealed with any marker darkens this card's figure and the
/// figures of some sizes near it until the owner's next marker.
pub(super) fn darkness(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^when you reveal an order marker, you may also reveal the x order marker on (?P<m1>.+?) to activate (?P<p1>.+?)\. until you next reveal an order marker, (?P<m2>.+?) and all (?P<sizes>[a-z, ]+?) figures within (?P<n>\d+) spaces of (?:her|him|it) cannot target or be targeted by non-adjacent figures with a normal or special attack$",
        )
        .expect("the darkness pattern compiles")
    });
    let m = re.captures(text)?;
    if !ctx.me.is_self(&m["m1"]) || !ctx.me.is_self(&m["m2"]) || &m["p1"] != ctx.name {
        return None;
    }
    Some(vec![
        Effect::RevealXWithAny,
        Effect::Darkness {
            within: m["n"].parse().ok()?,
            sizes: sizes(&m["sizes"])?,
        },
    ])
}

#[cfg(test)]
mod tests {
    use super::super::{read_shared, read_shared_as};
    use super::*;
    use crate::card::Kind;

    fn general(g: &str) -> Filter {
        Filter {
            general: Some(g.into()),
            ..Filter::default()
        }
    }

    #[test]
    fn lead_by_example_reaches_gi_joe_and_soldier_figures_once_each() {
        let read = read_shared("Duke", "While Duke has a revealed Order Marker on his Army Card, other G.I. JOE and Soldier figures you control within 2 clear sight spaces of Duke add 1 to their Attack Value.").expect("Lead by Example reads");
        let gi = read_shared("Duke", "While Duke has a revealed Order Marker on his Army Card, other G.I. JOE figures you control within 2 clear sight spaces of Duke add 1 to their Attack Value.").expect("one kind reads");
        let Effect::Modify { filter: joe, .. } = &gi[0] else {
            panic!("a modifier: {gi:?}");
        };
        assert!(joe
            .general
            .as_deref()
            .is_some_and(|g| g.eq_ignore_ascii_case("g.i. joe")));
        let soldier = Filter {
            class: Some("Soldier".into()),
            except: Some(Box::new(joe.clone())),
            ..Filter::default()
        };
        let when = vec![Condition::Attacking, Condition::RevealedMarkerHere];
        let m = |filter: Filter| Effect::Modify {
            stat: Stat::Attack,
            by: 1,
            who: Who::OtherControlledWithin(2),
            filter,
            when: when.clone(),
        };
        assert_eq!(read, vec![m(joe.clone()), m(soldier)]);
    }

    #[test]
    fn might_and_vigilance_need_a_revealed_marker_on_a_card_of_the_other_general() {
        let might = read_shared("Concan the Kyrie Warrior (SotC)", "Other Jandar figures you control within 5 clear sight spaces of Concan the Kyrie Warrior add 1 to their Attack Value if there is a revealed Order Marker on an Utgar Army Card in your Army.").expect("Might of Bleakewoode reads");
        assert_eq!(
            might,
            vec![Effect::Modify {
                stat: Stat::Attack,
                by: 1,
                who: Who::OtherControlledWithin(5),
                filter: general("Jandar"),
                when: vec![
                    Condition::Attacking,
                    Condition::RevealedMarkerOn(general("Utgar"))
                ],
            }]
        );
        let vigilance = read_shared("Concan the Kyrie Warrior (SotC)", "Utgar figures you control within 5 clear sight spaces of Concan add 1 to their Defense Value if there is a revealed Order Marker on a Jandar Army Card in your Army.").expect("Vigilance of Nastralund reads");
        assert_eq!(
            vigilance,
            vec![Effect::Modify {
                stat: Stat::Defense,
                by: 1,
                who: Who::ControlledWithin(5),
                filter: general("Utgar"),
                when: vec![
                    Condition::Defending,
                    Condition::RevealedMarkerOn(general("Jandar"))
                ],
            }]
        );
        // both conditions at once is not a text this reads
        assert!(read_shared("Duke", "While Duke has a revealed Order Marker on his Army Card, other Soldier figures you control within 2 clear sight spaces of Duke add 1 to their Attack Value if there is a revealed Order Marker on an Utgar Army Card in your Army.").is_err());
    }

    #[test]
    fn gladiator_inspiration_reads_the_markers_and_the_three_changes() {
        let read = read_shared("Spartacus", "If all Order Markers for a round are placed on Gladiator Army Cards, and at least one Order Marker is placed on Spartacus, then all Gladiators you control (except Spartacus) become inspired. Inspired Gladiators add one to their Move number and add 1 extra attack die and defense die for the rest of the round.").expect("Gladiator Inspiration reads");
        let gladiator = Filter {
            class: Some("Gladiator".into()),
            ..Filter::default()
        };
        assert_eq!(
            read,
            vec![Effect::Inspiration {
                markers_on: gladiator.clone(),
                filter: gladiator,
                changes: vec![(Stat::Move, 1), (Stat::Attack, 1), (Stat::Defense, 1)],
            }]
        );
    }

    #[test]
    fn corrosive_bile_lowers_the_defence_until_a_marker_is_revealed() {
        let read = read_shared("Spitting Hive Soldier", "After a Spitting Hive Soldier attacks a figure or destructible object, that figure or destructible object reduces its Defense Value by 1 until the next time any player reveals an Order Marker.").expect("Corrosive Bile reads");
        assert_eq!(read, vec![Effect::LowerDefenceUntilReveal { by: 1 }]);
        // until the end of the turn is another power
        assert!(read_shared("Spitting Hive Soldier", "After a Spitting Hive Soldier attacks a figure, that figure reduces its Defense Value by 1 until the end of the turn.").is_err());
    }

    #[test]
    fn dwarven_strategic_bonding_bonds_or_moves_further() {
        let read = read_shared("The Axegrinders", "Before taking a turn with The Axegrinders of Burning Forge, you may first take a turn with any Dwarf Hero you control. If you do not take a turn with any Dwarf Hero you control, add 2 to the Axegrinder's movement number.").expect("Dwarven Strategic Bonding reads");
        assert_eq!(
            read,
            vec![
                Effect::Bonding {
                    with: Filter {
                        species: Some("Dwarf".into()),
                        kind: Some(Kind::Hero),
                        ..Filter::default()
                    }
                },
                Effect::Modify {
                    stat: Stat::Move,
                    by: 2,
                    who: Who::Bearer,
                    filter: Filter::default(),
                    when: vec![Condition::NotBonded],
                }
            ]
        );
    }

    #[test]
    fn crag_of_steel_is_active_once_its_x_is_revealed() {
        let text = "When revealing a numbered order marker on Siege's Army Card, you may also reveal an \"X\" order marker that is on Siege's Army Card to activate Crag of Steel for the duration of the round. While Crag of Steel is active, add 3 to Siege's Defense value and subtract 2 from Siege's Attack and Move values. When Siege attacks while Crag of Steel is active, he may attack any or all adjacent to him. Roll each attack separately.";
        let read = read_shared_as("Siege", "Crag of Steel", text).expect("Crag of Steel reads");
        let active = Condition::XRevealedHere;
        assert_eq!(read[0], Effect::RevealXWithNumbered);
        assert_eq!(
            read[1],
            Effect::Modify {
                stat: Stat::Defense,
                by: 3,
                who: Who::Bearer,
                filter: Filter::default(),
                when: vec![Condition::Defending, active.clone()],
            }
        );
        assert!(read.contains(&Effect::Modify {
            stat: Stat::Move,
            by: -2,
            who: Who::Bearer,
            filter: Filter::default(),
            when: vec![active.clone()],
        }));
        assert_eq!(
            read.last(),
            Some(&Effect::AttackEachAdjacentWhile { when: vec![active] })
        );
        // another power's name is not this one's
        assert!(read_shared_as("Siege", "Frost Rage", text).is_err());
    }

    #[test]
    fn hanwis_darkness_reveals_the_x_with_any_marker() {
        let text = "When you reveal an Order Marker, you may also reveal the \"X\" Order Marker on Glinerva the Kyrie Warrior to activate Hanwi's Darkness. Until you next reveal an Order Marker, Glinerva and all Small, Medium, and Large figures within 5 spaces of her cannot target or be targeted by non-adjacent figures with a normal or special attack.";
        let read =
            read_shared_as("Glinerva", "Hanwi's Darkness", text).expect("Hanwi's Darkness reads");
        assert_eq!(
            read,
            vec![
                Effect::RevealXWithAny,
                Effect::Darkness {
                    within: 5,
                    sizes: vec![Size::Small, Size::Medium, Size::Large],
                }
            ]
        );
        assert!(read_shared_as(
            "Glinerva",
            "Hanwi's Darkness",
            &text.replace("Large", "Tiny")
        )
        .is_err());
    }

    #[test]
    fn frost_rage_counts_the_wounds_once_its_x_is_revealed() {
        let text = "When revealing a numbered order marker on Evar Scarcarver's Army Card, you may also reveal an \"X\" order marker that is on Evar Scarcarver's Army Card to activate Frost Rage for the duration of the round. While Frost Rage is active, add 1 to Evar Scarcarver's Attack and Defense values for each wound marker on his Army Card.";
        let read = read_shared_as("Evar", "Frost Rage", text).expect("Frost Rage reads");
        let per = |stat, role| Effect::PerCount {
            stat,
            count: Count::OwnWounds,
            max: None,
            when: vec![role, Condition::XRevealedHere],
        };
        assert_eq!(
            read,
            vec![
                Effect::RevealXWithNumbered,
                per(Stat::Attack, Condition::Attacking),
                per(Stat::Defense, Condition::Defending),
            ]
        );
    }

    #[test]
    fn battle_surge_reveals_the_x_for_an_additional_turn() {
        let text = "After taking a turn with Scavorith, you may reveal an \"X\" Order Marker on this Army Card to take 1 additional turn with Scavorith. You cannot use Double Burst Special Attack this additional turn. If Scavorith does not attack a figure during the additional turn, Scavorith suffers 1 wound.";
        let read = read_shared("Scavorith", text).expect("Battle Surge reads");
        assert_eq!(
            read,
            vec![Effect::XExtraTurn {
                barred: Some("double burst special attack".into()),
                idle_wounds: 1,
            }]
        );
        // a special attack the card does not have
        assert!(read_shared("Scavorith", &text.replace("Double Burst", "Fire Line")).is_err());
    }
}
