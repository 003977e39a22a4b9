//! Modifier sentences read piece by piece: *who* (the card's own figures, "all friendly Elves
//! adjacent to X", "all Soldiers you control", "figures adjacent to X"), *what* ("rolls 2
//! additional attack dice", "adds 1 to his defense value", "move one additional space") and
//! *when* ("when attacking a figure who follows Jandar", "while on a snow space", "if X is
//! engaged"), in either order. Every piece must read, or the sentence is not a modifier.

use std::sync::OnceLock;

use regex::Regex;

use super::parse::{rule, Caps, Lexicon, SelfNames, Tpl};
use super::{Condition, Effect, Filter, Stat, Who};

/// A value change: stat and amount.
type Change = Vec<(Stat, i8)>;

/// The figures reached.
type Reach = (Who, Filter);

fn stats(words: &str) -> Option<Vec<Stat>> {
    let w = words
        .trim()
        .trim_end_matches(" values")
        .trim_end_matches(" value")
        .trim_end_matches(" numbers")
        .trim_end_matches(" number")
        .trim_end_matches(" dice")
        .trim_end_matches(" die");
    let mut out = Vec::new();
    for part in w.split([',', ' ']).filter(|p| !p.is_empty() && *p != "and") {
        out.push(match part {
            "attack" => Stat::Attack,
            "defense" => Stat::Defense,
            "move" => Stat::Move,
            "range" => Stat::Range,
            "life" => Stat::Life,
            _ => return None,
        });
    }
    (!out.is_empty()).then_some(out)
}

fn change(c: &Caps, words: usize, by: i8) -> Option<Change> {
    Some(stats(c.w(words))?.into_iter().map(|s| (s, by)).collect())
}

fn verbs() -> &'static [Tpl<Change>] {
    static V: OnceLock<Vec<Tpl<Change>>> = OnceLock::new();
    V.get_or_init(|| {
        vec![
            rule(
                r"(?:rolls?|receives?|gets?) {Q} (?:additional|extra) {T} dic?e?",
                |c, _| change(c, 0, c.i8(0)),
            ),
            rule(
                r"(?:rolls?|receives?) {Q} additional {T} die and {Q} additional {T} die",
                |c, _| {
                    let mut a = change(c, 0, c.i8(0))?;
                    a.extend(change(c, 1, c.i8(1))?);
                    Some(a)
                },
            ),
            rule(r"(?:rolls?|receives?) {Q} fewer {T} dic?e?", |c, _| {
                change(c, 0, -c.i8(0))
            }),
            rule(r"(?:adds?|may add) {N} (?:die |dice )?to {P} {T}", |c, _| {
                change(c, 0, c.i8(0))
            }),
            rule(r"add {N} (?:die|dice) to their {T}", |c, _| change(c, 0, c.i8(0))),
            rule(
                r"(?:subtracts?|subtract) {N} from {P} {T}",
                |c, _| change(c, 0, -c.i8(0)),
            ),
            rule(
                r"(?:reduces?|lowers?|reduce|lower) {P} {T} by {N}",
                |c, _| change(c, 0, -c.i8(0)),
            ),
            rule(r"increases? {P} {T} by {N}", |c, _| change(c, 0, c.i8(0))),
            rule(r"gets? \+{N} to {T}", |c, _| change(c, 0, c.i8(0))),
            rule(
                r"(?:can |may )?(?:move|moves) (?:{N} additional spaces?|an additional {N} spaces?)",
                |c, _| Some(vec![(Stat::Move, c.i8(0))]),
            ),
        ]
    })
}

fn subjects() -> &'static [Tpl<Reach>] {
    static S: OnceLock<Vec<Tpl<Reach>>> = OnceLock::new();
    S.get_or_init(|| {
        vec![
            rule(
                r"(?:all |each )?friendly {W} adjacent to {S} with an? {W} personality",
                |c, lex| {
                    let mut f = lex.filter(c.w(0))?;
                    f.personality = Some(lex.filter(c.w(1))?.personality?);
                    Some((Who::AdjacentFriendly, f))
                },
            ),
            rule(r"(?:all |each )?friendly {W} adjacent to {S}", |c, lex| {
                Some((Who::AdjacentFriendly, lex.filter(c.w(0))?))
            }),
            rule(
                r"(?:all |each )?{W} you control within {N} clear sight spaces of {S}",
                |c, lex| Some((Who::ControlledWithin(c.n(0)), lex.filter(c.w(0))?)),
            ),
            rule(r"(?:all |each )?{W} you control, except {S},?", |c, lex| {
                Some((Who::OtherControlled, lex.filter(c.w(0))?))
            }),
            rule(r"(?:all |each )?{W} you control", |c, lex| {
                Some((Who::Controlled, lex.filter(c.w(0))?))
            }),
            rule(r"figures adjacent to {S}", |_, _| {
                Some((Who::AdjacentAll, Filter::default()))
            }),
        ]
    })
}

fn conditions() -> &'static [Tpl<Vec<Condition>>] {
    use Condition::*;
    static C: OnceLock<Vec<Tpl<Vec<Condition>>>> = OnceLock::new();
    C.get_or_init(|| {
        vec![
            rule(r"when (?:attacking|{S} attacks|{S} is attacking)", |_, _| {
                Some(vec![Attacking])
            }),
            rule(
                r"when (?:attacking normally|attacking with a normal attack|rolling attack dice for a normal attack)",
                |_, _| Some(vec![Attacking, NormalAttack]),
            ),
            rule(
                r"(?:when (?:attacking|{S} attacks|{S} is attacking|rolling attack dice against)|if {S} is attacking|against) (?:an? )?adjacent (?:enemy )?figures?",
                |_, _| Some(vec![Attacking, OpponentAdjacent]),
            ),
            rule(
                r"(?:when (?:attacking|{S} attacks|{S} is attacking)|if {S} is attacking) (?:an? )?non-adjacent (?:enemy )?figures?",
                |_, _| Some(vec![Attacking, OpponentNotAdjacent]),
            ),
            rule(
                r"(?:when (?:attacking|{S} attacks|{S} is attacking)|if {S} is attacking) {W}",
                |c, lex| {
                    let f = lex.filter(c.w(0))?;
                    (!f.is_any()).then(|| vec![Attacking, Opponent(f)])
                },
            ),
            rule(
                r"when attacking an? (?:enemy|opponent's) figure that is not adjacent to any other (?:enemy|opponent's) figures",
                |_, _| Some(vec![Attacking, OpponentAlone]),
            ),
            rule(
                r"when rolling defense dice against adjacent {W}",
                |c, lex| {
                    let f = lex.filter(c.w(0))?;
                    (!f.is_any()).then(|| vec![Defending, OpponentAdjacent, Opponent(f)])
                },
            ),
            rule(r"when attacking a figure adjacent to (?:them|{S})", |_, _| {
                Some(vec![Attacking, OpponentAdjacent])
            }),
            rule(
                r"(?:when|while) (?:defending|rolling defense(?: dice)?|{S} rolls defense dice) against a normal attack from (?:an? )?(?:non-adjacent figure|(?:attacking )?figure who is not adjacent)",
                |_, _| Some(vec![Defending, NormalAttack, OpponentNotAdjacent]),
            ),
            rule(
                r"when attacked with a normal attack by an adjacent figure",
                |_, _| Some(vec![Defending, NormalAttack, OpponentAdjacent]),
            ),
            rule(
                r"if every army card you control has an? {W} personality",
                |c, lex| {
                    let personality = Some(lex.personality(c.w(0))?);
                    Some(vec![ArmyAll(Filter {
                        personality,
                        ..Filter::default()
                    })])
                },
            ),
            rule(r"when (?:defending|rolling defense dice|{S} defends)", |_, _| {
                Some(vec![Defending])
            }),
            rule(
                r"(?:when|while) (?:defending|rolling defense dice|{S} rolls defense dice|{S} is defending) against (?:an attack from |attacks from )?(?:an? )?(?:non-adjacent figures?|attacking figure who is not adjacent|figures? who (?:is|are) not adjacent)",
                |_, _| Some(vec![Defending, OpponentNotAdjacent]),
            ),
            rule(
                r"(?:when|while) (?:defending|rolling defense dice|{S} rolls defense dice) against a normal attack from an adjacent figure",
                |_, _| Some(vec![Defending, NormalAttack, OpponentAdjacent]),
            ),
            rule(
                r"(?:when|while) (?:defending|rolling defense dice) against a normal attack",
                |_, _| Some(vec![Defending, NormalAttack]),
            ),
            rule(
                r"(?:when|while) (?:defending|rolling defense(?: dice)?|{S} is defending) against (?:an attack from |attacks from )?{W}",
                |c, lex| {
                    let f = lex.filter(c.w(0))?;
                    (!f.is_any()).then(|| vec![Defending, Opponent(f)])
                },
            ),
            rule(
                r"(?:while|when|if) (?:{S} (?:is|are) )?on an? {W} space",
                |c, _| ground(c.w(0)).map(|g| vec![OnGround(g)]),
            ),
            rule(
                r"(?:when|if) {S} (?:is attacking|attacks) with a height advantage",
                |_, _| Some(vec![Attacking, HeightAdvantage]),
            ),
            rule(r"(?:if|while|when) {S} (?:is|are) engaged", |_, _| {
                Some(vec![Engaged])
            }),
            rule(
                r"if {S} (?:has|have) {N} or more wounds(?: on (?:{P}|this) army card)?",
                |c, _| Some(vec![WoundsAtLeast(c.n(0))]),
            ),
        ]
    })
}

/// A land type named in a power ("snow", "road", "molten lava", "swamp water").
fn ground(w: &str) -> Option<String> {
    let g = match w {
        "water" => "water",
        "swamp water" => "swamp_water",
        "snow" | "heavy snow" => "snow",
        "ice" | "slippery ice" => "ice",
        "road" => "road",
        "sand" => "sand",
        "rock" => "rock",
        "grass" => "grass",
        "swamp" => "swamp",
        "molten lava" => "lava",
        "lava field" => "lava_field",
        "shadow" => "shadow",
        "dungeon" => "dungeon",
        "asphalt" => "asphalt",
        "concrete" => "concrete",
        _ => return None,
    };
    Some(g.to_string())
}

/// Reads a condition ("when attacking an adjacent figure", "while on a water space").
pub(super) fn condition(text: &str, me: &SelfNames, lex: &Lexicon) -> Option<Vec<Condition>> {
    cond(text, me, lex)
}

fn cond(text: &str, me: &SelfNames, lex: &Lexicon) -> Option<Vec<Condition>> {
    conditions().iter().find_map(|t| t.apply(text, me, lex))
}

/// "SUBJECT VERB": tries every word where the verb may start.
fn clause(text: &str, me: &SelfNames, lex: &Lexicon) -> Option<(Reach, Change)> {
    // "add 1 to X's attack and defense", "add 2 dice to X's attack"
    static ADD: OnceLock<Tpl<Change>> = OnceLock::new();
    let add = ADD.get_or_init(|| {
        rule(r"add {N} (?:die |dice )?to {S} {T}", |c, _| {
            change(c, 0, c.i8(0))
        })
    });
    if let Some(ch) = add.apply(text, me, lex) {
        return Some(((Who::Bearer, Filter::default()), ch));
    }
    // "add 2 attack dice"
    static BARE: OnceLock<Tpl<Change>> = OnceLock::new();
    let bare = BARE.get_or_init(|| rule(r"add {N} {T}", |c, _| change(c, 0, c.i8(0))));
    if let Some(ch) = bare.apply(text, me, lex) {
        return Some(((Who::Bearer, Filter::default()), ch));
    }
    for (i, _) in text.match_indices(' ') {
        let (subject, verb) = (&text[..i], &text[i + 1..]);
        let Some(reach) = (if me.is_self(subject) {
            Some((Who::Bearer, Filter::default()))
        } else {
            subjects().iter().find_map(|t| t.apply(subject, me, lex))
        }) else {
            continue;
        };
        if let Some(ch) = verbs().iter().find_map(|t| t.apply(verb, me, lex)) {
            return Some((reach, ch));
        }
    }
    None
}

fn build(reach: Reach, ch: Change, when: Vec<Condition>) -> Vec<Effect> {
    ch.into_iter()
        .map(|(stat, by)| {
            // The dice of a stat are only rolled in the matching role: say so, as the
            // hand-written cards do.
            let mut when = when.clone();
            let role = match stat {
                Stat::Attack => Some(Condition::Attacking),
                Stat::Defense => Some(Condition::Defending),
                _ => None,
            };
            if let Some(r) = role {
                if !when.contains(&r) {
                    when.insert(0, r);
                }
            }
            Effect::Modify {
                stat,
                by,
                who: reach.0,
                filter: reach.1.clone(),
                when,
            }
        })
        .collect()
}

/// Reads a modifier sentence (or several, each a modifier).
pub(super) fn modifiers(text: &str, me: &SelfNames, lex: &Lexicon) -> Option<Vec<Effect>> {
    static NOT_SELF: OnceLock<Tpl<()>> = OnceLock::new();
    let not_self =
        NOT_SELF.get_or_init(|| rule(r"{S} [a-z' ]+ does not affect {S}", |_, _| Some(())));
    let mut out = Vec::new();
    for sentence in text.split(". ") {
        let sentence = sentence.trim_end_matches('.');
        if !out.is_empty() && not_self.apply(sentence, me, lex).is_some() {
            // "Raelin's Defensive Aura does not affect Raelin": the aura leaves its bearer out
            for e in &mut out {
                if let Effect::Modify { who, .. } = e {
                    match who {
                        Who::ControlledWithin(n) => *who = Who::OtherControlledWithin(*n),
                        Who::Controlled => *who = Who::OtherControlled,
                        _ => return None,
                    }
                }
            }
            continue;
        }
        // "All friendly Orcs adjacent to X roll ... . They ...": "they" are the Orcs, not
        // this card's figures
        let about_others = out
            .iter()
            .any(|e| matches!(e, Effect::Modify { who, .. } if *who != Who::Bearer));
        if about_others && starts_with_pronoun(sentence) {
            return None;
        }
        out.extend(sentence_modifiers(sentence, me, lex)?);
    }
    (!out.is_empty()).then_some(out)
}

/// True when the sentence's first word is a personal pronoun or possessive.
pub(super) fn starts_with_pronoun(sentence: &str) -> bool {
    sentence.split(' ').next().is_some_and(|w| {
        matches!(
            w,
            "he" | "she" | "it" | "they" | "his" | "her" | "its" | "their"
        )
    })
}

fn sentence_modifiers(s: &str, me: &SelfNames, lex: &Lexicon) -> Option<Vec<Effect>> {
    // "an Obsidian Guard on a water space rolls 2 fewer defense dice": the place is a
    // condition, read as "... while on a water space"
    static ON: OnceLock<Regex> = OnceLock::new();
    let on = ON.get_or_init(|| {
        Regex::new(
            r"^(.+?) on an? ([a-z ]+?) space ((?:rolls?|adds?|receives?|gets?|moves?|may) .+)$",
        )
        .expect("compiles")
    });
    if let Some(m) = on.captures(s) {
        if me.is_self(&m[1]) && ground(&m[2]).is_some() {
            let t = format!("{} {} while on a {} space", &m[1], &m[3], &m[2]);
            return sentence_modifiers(&t, me, lex);
        }
    }
    // "CONDITION, SUBJECT VERB"
    if ["when ", "while ", "if "].iter().any(|p| s.starts_with(p)) {
        // after a comma, or with none ("when X is on a lava space it may add 2 to its range")
        for (i, _) in s.match_indices(' ') {
            let c = s[..i].trim_end_matches(',');
            let rest = &s[i + 1..];
            if let (Some(when), Some((reach, ch))) = (cond(c, me, lex), clause(rest, me, lex)) {
                if mixes_roles(&ch, &when) {
                    return None;
                }
                return Some(build(reach, ch, when));
            }
        }
    }
    // "SUBJECT VERB CONDITION"
    for key in [" when ", " while ", " if ", " against "] {
        for (i, _) in s.match_indices(key) {
            let (main, c) = (&s[..i], &s[i + 1..]);
            if let (Some((reach, ch)), Some(when)) = (clause(main, me, lex), cond(c, me, lex)) {
                if mixes_roles(&ch, &when) {
                    return None;
                }
                return Some(build(reach, ch, when));
            }
        }
    }
    let (reach, ch) = clause(s, me, lex)?;
    Some(build(reach, ch, Vec::new()))
}

/// True when a change of attack and defence is limited to one role ("add 1 to his attack and
/// defense when attacking" cannot be written as two modifiers with the same conditions).
fn mixes_roles(ch: &Change, when: &[Condition]) -> bool {
    let has = |s: Stat| ch.iter().any(|(x, _)| *x == s);
    (has(Stat::Attack) && when.contains(&Condition::Defending))
        || (has(Stat::Defense) && when.contains(&Condition::Attacking))
}

#[cfg(test)]
mod tests {
    use super::super::parse::power;
    use super::*;
    use crate::card::Card;
    use Condition::*;

    fn cards() -> Vec<Card> {
        crate::import::read_file(&crate::import::shared_cards_path())
            .expect("the shared cards read")
            .into_iter()
            .map(|i| i.card)
            .collect()
    }

    fn read(cards: &[Card], name: &str, text: &str) -> Option<Vec<Effect>> {
        let lex = Lexicon::of(cards);
        let card = cards
            .iter()
            .find(|c| c.name.starts_with(name))
            .unwrap_or_else(|| panic!("{name} is a card"));
        power("", text, card, &lex)
    }

    fn m(stat: Stat, by: i8, who: Who, filter: Filter, when: Vec<Condition>) -> Effect {
        Effect::Modify {
            stat,
            by,
            who,
            filter,
            when,
        }
    }

    #[test]
    fn modifier_sentences_read_in_pieces() {
        let cards = cards();
        assert_eq!(
            read(
                &cards,
                "Isamu",
                "When attacking a figure who follows Jandar, Isamu rolls 2 additional attack dice."
            ),
            Some(vec![m(
                Stat::Attack,
                2,
                Who::Bearer,
                Filter::default(),
                vec![
                    Attacking,
                    Opponent(Filter {
                        general: Some("Jandar".into()),
                        ..Filter::default()
                    })
                ]
            )])
        );
        assert_eq!(
            read(
                &cards,
                "Atlaga",
                "All Kyrie you control, except Atlaga, move one additional space."
            ),
            Some(vec![m(
                Stat::Move,
                1,
                Who::OtherControlled,
                Filter {
                    species: Some("Kyrie".into()),
                    ..Filter::default()
                },
                vec![]
            )])
        );
        let road = Some(vec![OnGround("road".into())]);
        let got = read(
            &cards,
            "Dumutef Guard",
            "Add 1 to Dumutef Guard's attack and defense while on a road space.",
        )
        .expect("a modifier");
        assert_eq!(got.len(), 2);
        assert_eq!(
            got[0],
            m(
                Stat::Attack,
                1,
                Who::Bearer,
                Filter::default(),
                [vec![Attacking], road.clone().unwrap()].concat()
            )
        );
        // a place in the subject is a condition
        assert_eq!(
            read(
                &cards,
                "Obsidian Guards",
                "An Obsidian Guard on a water space rolls 2 fewer defense dice."
            ),
            Some(vec![m(
                Stat::Defense,
                -2,
                Who::Bearer,
                Filter::default(),
                vec![Defending, OnGround("water".into())]
            )])
        );
        assert_eq!(
            read(
                &cards,
                "Phantom Knights",
                "A Phantom Knight rolls 3 additional defence dice when rolling defense against a normal attack from a figure who is not adjacent."
            ),
            Some(vec![m(
                Stat::Defense,
                3,
                Who::Bearer,
                Filter::default(),
                vec![Defending, NormalAttack, OpponentNotAdjacent]
            )])
        );
        assert_eq!(
            read(
                &cards,
                "Sacred Band",
                "If every Army Card you control has a Disciplined personality, each Soldier in the Sacred Band receives 1 additional defense die."
            ),
            Some(vec![m(
                Stat::Defense,
                1,
                Who::Bearer,
                Filter::default(),
                vec![
                    Defending,
                    ArmyAll(Filter {
                        personality: Some("Disciplined".into()),
                        ..Filter::default()
                    })
                ]
            )])
        );
        let scouts = Filter {
            class: Some("Scout".into()),
            ..Filter::default()
        };
        assert_eq!(
            read(
                &cards,
                "Brave Arrow",
                "All friendly Scouts adjacent to Brave Arrow receive an additional attack die when attacking a figure adjacent to them."
            ),
            Some(vec![m(
                Stat::Attack,
                1,
                Who::AdjacentFriendly,
                scouts,
                vec![Attacking, OpponentAdjacent]
            )])
        );
        assert_eq!(
            read(
                &cards,
                "Taelord the Kyrie Warrior (MP)",
                "All figures you control within 4 clear sight spaces of Taelord get +1 to attack. Taelord's Attack Aura does not affect Taelord."
            ),
            Some(vec![m(
                Stat::Attack,
                1,
                Who::OtherControlledWithin(4),
                Filter::default(),
                vec![Attacking]
            )])
        );
        // two kinds of figures: one pair of modifiers each
        let concan = read(
            &cards,
            "Concan the Kyrie Warrior (JO)",
            "All friendly Knights and Sentinels adjacent to Concan roll an additional attack die and an additional defense die.",
        )
        .expect("reads");
        let classes: Vec<_> = concan
            .iter()
            .map(|e| match e {
                Effect::Modify { filter, .. } => filter.class.clone(),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            classes,
            ["Knight", "Knight", "Sentinel", "Sentinel"].map(|c| Some(c.to_string()))
        );
        // *Ullar's Amulet*: the start of the turn is a condition the grammar reads
        let amulet = read(
            &cards,
            "Acolarh",
            "All friendly figures who follow Ullar and start their turn adjacent to Acolarh may move 2 additional spaces.",
        )
        .expect("reads");
        assert!(matches!(
            amulet.as_slice(),
            [Effect::Modify { stat: Stat::Move, by: 2, who: Who::OtherFriendly, when, .. }]
                if when == &[Condition::StartedTurnAdjacent]
        ));
        // a condition the grammar has no word for leaves the power as text
        assert_eq!(
            read(
                &cards,
                "Acolarh",
                "All friendly figures who follow Ullar and stand on a glyph may move 2 additional spaces."
            ),
            None
        );
        // another card's name is not this card's figures
        assert_eq!(
            read(&cards, "Isamu", "Syvarris rolls 2 additional attack dice."),
            None
        );
    }
}
