//! Printed powers read into the card language.
//!
//! Each rule is a template over the power's text, normalised (lower case, straight quotes and
//! dashes, single spaces, no final full stop), with holes: `{S}` a phrase that must name the
//! card's own figures (its name or part of it, "he", "this figure"...), `{N}` a number, `{W}` a
//! phrase naming other figures (species, class, personality, general, size, read with the
//! [`Lexicon`]), `{P}` a pronoun. A template matches the *whole* text, so a power is expressed
//! only when nothing of its text is left over; every hole must read, else the next rule is
//! tried and, when none is left, the power stays text.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use regex::Regex;

use super::{
    Ability, Area, Condition, Count, Effect, Filter, Outcome, Roll, SpecialAttack, Stat, Target,
    Trigger, Triggered, Who,
};
use crate::card::{Card, Kind, Rarity, Size};

mod arrive;
mod attacks;
mod choose;
mod command;
mod control;
mod d20;
mod d20c;
mod extra_attacks;
mod guard;
mod midmove;
mod misc;
mod modifiers;
mod moves;
mod orders;
mod place;
mod react;
mod readers;
mod rolls;
mod rolls2;
mod setup;
mod special;
mod specials;
mod start;
mod supplies;
mod support;
mod throw;
mod tiles;
mod triggered;
mod turns;
mod values2;
mod wounds;
use readers::readers;

/// The words of the cards a parser can read in `{W}` holes: species, classes, personalities
/// and generals, lower case and singular.
#[derive(Clone, Debug, Default)]
pub struct Lexicon {
    species: BTreeSet<String>,
    classes: BTreeSet<String>,
    personalities: BTreeSet<String>,
    generals: BTreeSet<String>,
    /// The cards' names, normalised, with the name as printed.
    names: std::collections::BTreeMap<String, String>,
}

impl Lexicon {
    /// The words of these cards.
    pub fn of<'a>(cards: impl IntoIterator<Item = &'a Card>) -> Lexicon {
        let mut lex = Lexicon::default();
        for c in cards {
            lex.species.insert(singular(&c.species.to_lowercase()));
            lex.classes.insert(singular(&c.class.to_lowercase()));
            lex.personalities
                .insert(singular(&c.personality.to_lowercase()));
            lex.generals.insert(singular(&c.general.to_lowercase()));
            lex.names.insert(normalize(&c.name), c.name.clone());
        }
        for g in [
            "jandar", "utgar", "ullar", "vydar", "einar", "aquilla", "valkrill", "revna",
        ] {
            lex.generals.insert(g.into());
        }
        lex
    }

    /// The card a phrase names ("gladiatrons"), as printed.
    pub(super) fn card_name(&self, phrase: &str) -> Option<&str> {
        self.names.get(phrase.trim()).map(String::as_str)
    }

    /// The personality `word` names ("valiant"), capitalised as printed.
    pub(super) fn personality(&self, word: &str) -> Option<String> {
        let p = singular(word);
        self.personalities.contains(&p).then(|| title(&p))
    }

    /// Reads a phrase naming one kind of figure or several ("knights and sentinels", "elves,
    /// dwarves or humans"): one filter per kind, a figure matching any of them.
    pub fn filters(&self, phrase: &str) -> Option<Vec<Filter>> {
        if let Some(f) = self.filter(phrase) {
            return Some(vec![f]);
        }
        phrase
            .split([','])
            .flat_map(|p| p.split(" and "))
            .flat_map(|p| p.split(" or "))
            .map(|p| {
                p.trim()
                    .trim_start_matches("and ")
                    .trim_start_matches("or ")
            })
            .filter(|p| !p.is_empty())
            .map(|p| self.filter(p).filter(|f| !f.is_any()))
            .collect()
    }

    /// Reads a phrase such as "orc warriors", "small or medium figures", "beast",
    /// "warlord you control who follows ullar" into a filter; `None` when a word is not known.
    pub fn filter(&self, phrase: &str) -> Option<Filter> {
        let mut f = Filter::default();
        let mut phrase = phrase.trim().to_string();
        for (cut, personality) in [
            (" who has a ", true),
            (" who has an ", true),
            (" with a ", true),
            (" with an ", true),
        ] {
            if let Some((head, tail)) = phrase.clone().split_once(cut) {
                if let (true, Some(p)) = (personality, tail.strip_suffix(" personality")) {
                    let p = singular(p);
                    if !self.personalities.contains(&p) {
                        return None;
                    }
                    f.personality = Some(title(&p));
                    phrase = head.to_string();
                }
            }
        }
        loop {
            let before = phrase.clone();
            for art in [
                "a ",
                "an ",
                "the ",
                "opponent's ",
                "opponents' ",
                "enemy ",
                "any ",
            ] {
                if let Some(rest) = phrase.strip_prefix(art) {
                    phrase = rest.to_string();
                }
            }
            if phrase == before {
                break;
            }
        }
        for cut in [" you control", " that you control"] {
            if let Some(p) = phrase.strip_suffix(cut) {
                phrase = p.to_string();
            }
        }
        if let Some((head, general)) = phrase
            .split_once(" who follows ")
            .or_else(|| phrase.split_once(" who follow "))
            .or_else(|| phrase.split_once(" that follows "))
        {
            let g = singular(general.trim().trim_end_matches(" you control"));
            if !self.generals.contains(&g) {
                return None;
            }
            f.general = Some(title(&g));
            phrase = head.trim_end_matches(" you control").to_string();
        }
        let mut words: Vec<String> = phrase
            .split(' ')
            .filter(|w| !w.is_empty())
            .map(|w| w.to_string())
            .collect();
        match words.first().map(String::as_str) {
            Some("unique") => {
                f.rarity = Some(Rarity::Unique);
                words.remove(0);
            }
            Some("common") => {
                f.rarity = Some(Rarity::Common);
                words.remove(0);
            }
            _ => {}
        }
        // "small or medium", "small and medium"
        let mut sizes = Vec::new();
        while let Some(w) = words.first() {
            let size = match w.as_str() {
                "small" => Some(Size::Small),
                "medium" => Some(Size::Medium),
                "large" => Some(Size::Large),
                "huge" => Some(Size::Huge),
                "or" | "and" if !sizes.is_empty() => None,
                _ => break,
            };
            if let Some(s) = size {
                sizes.push(s);
            }
            words.remove(0);
        }
        f.sizes = sizes;
        let mut rest = Vec::new();
        for w in words {
            let s = singular(&w);
            match s.as_str() {
                "figure" => {}
                "hero" => f.kind = Some(Kind::Hero),
                "squad" => f.kind = Some(Kind::Squad),
                _ => rest.push(s),
            }
        }
        for w in rest {
            if f.general.is_none() && self.generals.contains(&w) && f.species.is_none() {
                f.general = Some(title(&w));
            } else if f.species.is_none() && self.species.contains(&w) && f.class.is_none() {
                f.species = Some(title(&w));
            } else if f.class.is_none() && self.classes.contains(&w) {
                f.class = Some(title(&w));
            } else if f.personality.is_none() && self.personalities.contains(&w) {
                f.personality = Some(title(&w));
            } else {
                return None;
            }
        }
        Some(f)
    }
}

/// "Orc" from "orc": the capitalised word, as printed on cards.
fn title(w: &str) -> String {
    let mut c = w.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A crude singular: "wolves" → "wolf", "harpies" → "harpy", "orcs" → "orc".
pub(crate) fn singular(w: &str) -> String {
    let w = w.trim();
    if let Some(s) = w.strip_suffix("men") {
        format!("{s}man")
    } else if let Some(s) = w.strip_suffix("ves") {
        format!("{s}f")
    } else if let Some(s) = w.strip_suffix("ies") {
        format!("{s}y")
    } else if w.len() > 3 && w.ends_with('s') && !w.ends_with("ss") {
        w[..w.len() - 1].to_string()
    } else {
        w.to_string()
    }
}

/// Lower case, straight quotes and dashes, single spaces, no final full stop.
pub fn normalize(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '\u{2019}' | '\u{2018}' | '`' => s.push('\''),
            '\u{201c}' | '\u{201d}' | '"' => {}
            '\u{2010}'..='\u{2015}' | '\u{2212}' => s.push('-'),
            c if c.is_whitespace() => s.push(' '),
            c => s.extend(c.to_lowercase()),
        }
    }
    let mut out = String::with_capacity(s.len());
    for w in s.split(' ').filter(|w| !w.is_empty()) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    }
    let out = out
        .replace(" ,", ",")
        .replace(".- ", ". ")
        .replace(".-", ". ")
        // the data's spellings and misprints of rules words
        .replace("; ", ", ")
        .replace("defence", "defense")
        .replace("recieve", "receive");
    // "attack 3.roadblock may": a sentence run into the number before it
    static RUN_ON: OnceLock<Regex> = OnceLock::new();
    let run_on = RUN_ON.get_or_init(|| Regex::new(r"(\d)\.([a-z])").expect("compiles"));
    let out = run_on.replace_all(&out, "$1. $2");
    out.trim_end_matches(['.', ' ']).to_string()
}

/// The words that name a card's own figures.
pub(super) struct SelfNames {
    words: BTreeSet<String>,
    class: String,
}

impl SelfNames {
    fn of(card: &Card) -> SelfNames {
        let name = normalize(&card.name);
        let name = match name.find(" (") {
            Some(i) => &name[..i],
            None => &name,
        };
        let words = name
            .split([' ', ','])
            .filter(|w| !w.is_empty())
            .map(singular)
            .collect();
        SelfNames {
            words,
            class: singular(&card.class.to_lowercase()),
        }
    }

    /// True if `phrase` names this card's figures.
    pub(super) fn is_self(&self, phrase: &str) -> bool {
        let mut p = phrase.trim().trim_end_matches("'s").trim_end_matches('\'');
        if matches!(
            p,
            "he" | "she"
                | "it"
                | "they"
                | "its"
                | "his"
                | "their"
                | "him"
                | "her"
                | "them"
                | "this figure"
                | "this hero"
                | "members of this squad"
        ) {
            return true;
        }
        loop {
            let before = p;
            for art in [
                "the ",
                "a ",
                "an ",
                "this ",
                "each ",
                "any ",
                "that ",
                "your ",
                "all ",
                "every ",
                "member of ",
                "members of ",
                "one ",
                "defending ",
                "attacking ",
            ] {
                if let Some(rest) = p.strip_prefix(art) {
                    p = rest;
                }
            }
            if p == before {
                break;
            }
        }
        if let Some((head, rest)) = p.split_once(" in ") {
            if singular(head) == self.class {
                return self.is_self(rest);
            }
            return false;
        }
        let mut words: Vec<String> = p
            .split([' ', ','])
            .filter(|w| !w.is_empty())
            .map(singular)
            .collect();
        // "a Templar Cavalry Knight": the card's name and its class
        if words.len() > 1 && words.last() == Some(&self.class) {
            words.pop();
        }
        !words.is_empty()
            && words
                .iter()
                .all(|w| self.words.iter().any(|n| same_name_word(w, n)))
    }
}

/// True when a word of a power names the same as a word of the card's name, allowing the
/// data's misspellings of long names ("Zetracron" for Zetacron, "Adelbern" for Adelbren): one
/// letter off in a name word of five letters or more, two in one of eight or more.
fn same_name_word(word: &str, name: &str) -> bool {
    if word == name {
        return true;
    }
    let len = name.chars().count();
    let allowed = match len {
        0..=4 => return false,
        5..=7 => 1,
        _ => 2,
    };
    edit_distance(word, name) <= allowed
}

/// Levenshtein distance, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == *cb {
                prev
            } else {
                1 + prev.min(cur).min(row[j])
            };
            prev = cur;
        }
    }
    row[b.len()]
}

/// What the holes of a matched template read.
pub(super) struct Caps {
    nums: Vec<u16>,
    words: Vec<String>,
}

impl Caps {
    pub(super) fn n(&self, i: usize) -> u16 {
        self.nums.get(i).copied().unwrap_or(0)
    }

    pub(super) fn i8(&self, i: usize) -> i8 {
        i8::try_from(self.n(i)).unwrap_or(i8::MAX)
    }

    fn u8(&self, i: usize) -> u8 {
        u8::try_from(self.n(i)).unwrap_or(u8::MAX)
    }

    pub(super) fn w(&self, i: usize) -> &str {
        self.words.get(i).map_or("", String::as_str)
    }
}

/// A template and what it builds.
pub(super) struct Tpl<T> {
    regex: Regex,
    holes: Vec<char>,
    build: fn(&Caps, &Lexicon) -> Option<T>,
}

type Rule = Tpl<Vec<Effect>>;

/// A template (see the module's documentation) and what it builds from its holes.
pub(super) fn rule<T>(template: &str, build: fn(&Caps, &Lexicon) -> Option<T>) -> Tpl<T> {
    let mut re = String::from("^");
    let mut holes = Vec::new();
    let mut chars = template.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '{' {
            let kind = chars.next().unwrap_or('?');
            let _ = chars.next(); // '}'
            holes.push(kind);
            re.push_str(match kind {
                'S' => r"([\p{L}0-9][\p{L}0-9' &,.-]*?)",
                'N' => r"(\d+|one|two|three|four|five|six)",
                'Q' => r"(\d+|one|two|three|four|five|six|an|a)",
                'W' => r"([a-z][a-z' -]*?)",
                'T' => r"((?:move, )?(?:attack|defense|move|range|life)(?:,? and (?:attack|defense|move|range|life))?(?: values?| dice| die| numbers?)?)",
                'P' => r"(he|she|it|they|him|her|them|his|its|their)",
                _ => "(?:)",
            });
        } else {
            re.push(c);
        }
    }
    re.push('$');
    Tpl {
        regex: Regex::new(&re).unwrap_or_else(|e| panic!("power template {template:?}: {e}")),
        holes,
        build,
    }
}

/// A reader's regular expression, compiled once in `cell` (the readers written by hand rather
/// than as [`rule`] templates).
fn pattern(cell: &'static OnceLock<Regex>, re: &str) -> &'static Regex {
    cell.get_or_init(|| Regex::new(re).expect("a card-language pattern compiles"))
}

fn number(s: &str) -> Option<u16> {
    match s {
        "one" | "a" | "an" => Some(1),
        "two" => Some(2),
        "three" => Some(3),
        "four" => Some(4),
        "five" => Some(5),
        "six" => Some(6),
        _ => s.parse().ok(),
    }
}

impl<T> Tpl<T> {
    pub(super) fn apply(&self, text: &str, me: &SelfNames, lex: &Lexicon) -> Option<T> {
        let m = self.regex.captures(text)?;
        let mut caps = Caps {
            nums: Vec::new(),
            words: Vec::new(),
        };
        for (i, kind) in self.holes.iter().enumerate() {
            // A hole in an alternative that did not match reads nothing: names and numbers
            // are skipped, phrases read as empty so that they keep their places.
            let Some(g) = m.get(i + 1) else {
                if matches!(kind, 'W' | 'T') {
                    caps.words.push(String::new());
                }
                continue;
            };
            let s = g.as_str();
            match kind {
                'S' if !me.is_self(s) => return None,
                'N' | 'Q' => caps.nums.push(number(s)?),
                'W' | 'T' => caps.words.push(s.to_string()),
                _ => {}
            }
        }
        (self.build)(&caps, lex)
    }
}

fn ability(a: Ability) -> Vec<Effect> {
    vec![Effect::Ability { ability: a }]
}

fn modify(stat: Stat, by: i8, who: Who, filter: Filter, when: Vec<Condition>) -> Effect {
    Effect::Modify {
        stat,
        by,
        who,
        filter,
        when,
    }
}

fn stat_word(w: &str) -> Option<Stat> {
    match w {
        "attack" | "normal attack" | "attack number" | "normal attack number" | "attack value" => {
            Some(Stat::Attack)
        }
        "defense" | "defense number" | "defense value" | "defense dice" => Some(Stat::Defense),
        "move" | "move number" | "move value" => Some(Stat::Move),
        "range" | "range number" | "range value" => Some(Stat::Range),
        "life" | "life number" | "life value" => Some(Stat::Life),
        _ => None,
    }
}

/// A special attack with only its range, dice and area (every other field off).
pub(crate) fn special(range: Option<u16>, attack: u16, area: Area) -> SpecialAttack {
    SpecialAttack {
        range,
        attack,
        area,
        once_per_game: false,
        all_attackers_must_use: false,
        no_sight_unless_overhang: false,
        sight_to_target_only: false,
        hits_self: false,
        spares_friends: false,
        targets: None,
        no_sight: false,
        attacks: 1,
        with_normal_attack: false,
        lob: None,
        distinct_targets: false,
        again: None,
        weaker_defence: None,
        bonus: None,
        separately: false,
        dice_choice: Vec::new(),
        dice_pool: None,
        after_moving: false,
        non_adjacent: false,
        level_gap: None,
        pounce: false,
        same_target_extra: None,
        not_after_run: false,
        also: None,
        combined: None,
        venom: None,
        chain: None,
        line_from_target: None,
        per_own_wound: false,
        beside_attacker: false,
        no_defence: false,
        not_after_moving: false,
        target_beside_own: false,
        no_defender_height: false,
        dice_against: None,
    }
}

const LEAVE: &str = r"(?:(?:is|are) never attacked when leaving (?:an )?engagements?|never takes? leaving engagement attacks)";
const WATER: &str = r"(?:do|does) not have to stop {P} movement when entering (?:a )?water spaces?";
const D20: &str = r"(?:the )?20-sided die";

fn rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        let t = |s: &str| s.replace("<LEAVE>", LEAVE).replace("<WATER>", WATER).replace("<D20>", D20);
        vec![
            // Movement abilities.
            rule(&t("{S} <LEAVE>"), |_, _| Some(ability(Ability::Disengage))),
            rule("{S} can move through all figures", |_, _| {
                Some(ability(Ability::GhostWalk))
            }),
            rule(&t("{S} can move through all figures and <LEAVE>"), |_, _| {
                Some(vec![
                    Effect::Ability { ability: Ability::GhostWalk },
                    Effect::Ability { ability: Ability::Disengage },
                ])
            }),
            rule(&t("{S} <WATER>"), |_, _| Some(ability(Ability::WaterWalk))),
            rule(
                r"{S} never rolls? for molten lava damage (?:or|and) lava field damage,? and {P} (?:does|do) not have to stop (?:in|on) molten lava spaces",
                |_, _| Some(ability(Ability::LavaResistant)),
            ),
            rule(
                r"{S} (?:is|are) not affected by lava field or molten lava spaces, and (?:does|do) not have to stop {P} movement on molten lava spaces",
                |_, _| Some(ability(Ability::LavaResistant)),
            ),
            rule(
                r"when counting spaces for {S} movement, ignore elevations\. {S} may fly over water without stopping, pass over figures without becoming engaged, and fly over obstacles such as ruins\. (?:when {S} starts to fly, if {P} (?:is|are) engaged {P} will not take any leaving engagement attacks|if {S} (?:is|are) engaged when {P} starts? to fly, {P} will not take any leaving engagement attacks)",
                |_, _| Some(ability(Ability::StealthFlying)),
            ),
            rule(
                r"when counting spaces for {S} movement, ignore elevations\. {S} may fly over water without stopping, pass over figures without becoming engaged, and fly over obstacles such as ruins\. (?:when {S} starts to fly, if {P} (?:is|are) engaged {P} will take any leaving engagement attacks|if {S} (?:is|are) engaged when {P} starts? to fly, {P} will take any leaving engagement attacks)",
                |_, _| Some(ability(Ability::Flying)),
            ),
            rule(
                r"opponents?'? figures must be adjacent to {S} to attack {P} with a normal attack",
                |_, _| Some(ability(Ability::OnlyAdjacentNormalAttacks)),
            ),
            rule(r"{S} never makes leaving engagement attacks", |_, _| {
                Some(ability(Ability::Passive))
            }),
            rule(
                r"when moving up or down levels of terrain, {S} may {W} {P} height",
                |c, _| {
                    let factor = match c.w(0) {
                        "double" => 2,
                        "triple" => 3,
                        _ => return None,
                    };
                    Some(vec![Effect::Climb { factor }])
                },
            ),
            // Extra attacks.
            rule(
                r"when {S} attacks, {P} may attack (?:one|1) additional time",
                |_, _| {
                    Some(vec![Effect::ExtraAttacks {
                        count: 1,
                        normal_only: false,
                        adjacent_only: false,
                        bonus: 0,
                    }])
                },
            ),
            rule(
                r"once per turn, after attacking with {S}, {P} may make (?:one|1) additional normal attack",
                |_, _| {
                    Some(vec![Effect::ExtraAttacks {
                        count: 1,
                        normal_only: true,
                        adjacent_only: false,
                        bonus: 0,
                    }])
                },
            ),
            // Defence.
            rule(
                r"(?:when|if) {S} successfully defends? against a normal attack from an adjacent (?:attacking )?figure(?: that is not an? {W})?, the attacking figure takes (?:1|one) wound for each excess shield",
                |c, lex| {
                    let except = match c.words.first().filter(|w| !w.is_empty()) {
                        Some(w) => Some(lex.filter(w)?),
                        None => None,
                    };
                    Some(vec![Effect::CounterStrike { except }])
                },
            ),
            rule(
                r"when {S} rolls? defense dice against an attacking figure who is not adjacent, one shield will block all damage",
                |_, _| {
                    Some(vec![Effect::OneShieldBlocksAll {
                        when: vec![Condition::Defending, Condition::OpponentNotAdjacent],
                    }])
                },
            ),
            rule(
                r"when {S} rolls? defense dice against an attacking figure who is not adjacent, add {N} defense dice to {S}",
                |c, _| evasive(c.i8(0)),
            ),
            rule(
                r"{S} increases? {P} defense value by {N} when defending against a non-adjacent figure",
                |c, _| evasive(c.i8(0)),
            ),
            rule(
                r"when rolling defense dice against a normal attack from an adjacent figure, {S} adds? {N} to {P} defense dice",
                |c, _| {
                    Some(vec![modify(
                        Stat::Defense,
                        c.i8(0),
                        Who::Bearer,
                        Filter::default(),
                        vec![
                            Condition::Defending,
                            Condition::NormalAttack,
                            Condition::OpponentAdjacent,
                        ],
                    )])
                },
            ),
            // Attack.
            rule(
                r"if none of {S} move this turn, add {N} (?:die|dice) to their attack",
                |c, _| {
                    Some(vec![modify(
                        Stat::Attack,
                        c.i8(0),
                        Who::Bearer,
                        Filter::default(),
                        vec![Condition::Attacking, Condition::CardDidNotMove],
                    )])
                },
            ),
            rule(
                r"when rolling attack dice against an adjacent figure, {S} adds? {N} to {P} attack dice\. {S} can only use [a-z ]+ if {P} moved at least one space this turn",
                |c, _| {
                    Some(vec![modify(
                        Stat::Attack,
                        c.i8(0),
                        Who::Bearer,
                        Filter::default(),
                        vec![
                            Condition::Attacking,
                            Condition::OpponentAdjacent,
                            Condition::MovedThisTurn,
                        ],
                    )])
                },
            ),
            rule(
                r"if {S} is attacking an adjacent figure, add {N} dice to {S} attack",
                |c, _| melee_bonus(c.i8(0)),
            ),
            rule(
                r"add {N} to {S} attack value when attacking an adjacent figure",
                |c, _| melee_bonus(c.i8(0)),
            ),
            rule(
                r"when rolling attack dice (?:with|for) {S}, each skull rolled counts for one additional skull",
                |_, _| Some(vec![Effect::SkullsCountDouble { when: vec![] }]),
            ),
            rule(
                r"each time {S} destroys a figure, you may remove a wound marker from this army card\. {S} cannot life drain destructible objects",
                |_, _| Some(vec![Effect::LifeDrain]),
            ),
            // Auras.
            rule(
                r"all friendly {W} adjacent to {S} (?:roll|receive) an additional attack die and an additional defense die",
                |c, lex| {
                    // "knights and sentinels": a figure is of one kind, so one pair of
                    // modifiers per kind never adds twice
                    let mut out = Vec::new();
                    for f in lex.filters(c.w(0))? {
                        out.push(modify(Stat::Attack, 1, Who::AdjacentFriendly, f.clone(), vec![]));
                        out.push(modify(Stat::Defense, 1, Who::AdjacentFriendly, f, vec![]));
                    }
                    Some(out)
                },
            ),
            rule(
                r"all friendly {W} adjacent to {S} (?:roll|receive) an additional {W} die",
                |c, lex| {
                    let f = lex.filter(c.w(0))?;
                    let (stat, when) = match c.w(1) {
                        "attack" => (Stat::Attack, Condition::Attacking),
                        "defense" => (Stat::Defense, Condition::Defending),
                        _ => return None,
                    };
                    Some(vec![modify(stat, 1, Who::AdjacentFriendly, f, vec![when])])
                },
            ),
            rule(
                r"all {W} you control within {N} clear sight spaces of {S} add {N} to their defense dice\. {S} [a-z' ]+ does not affect {S}",
                |c, lex| {
                    let f = lex.filter(c.w(0))?;
                    Some(vec![modify(
                        Stat::Defense,
                        c.i8(1),
                        Who::OtherControlledWithin(c.n(0)),
                        f,
                        vec![Condition::Defending],
                    )])
                },
            ),
            rule(
                r"{W} you control with a range value of {N} or more that are adjacent to {S} add {N} to their range value",
                |c, lex| {
                    let mut f = lex.filter(c.w(0))?;
                    f.min_range = Some(c.n(0));
                    Some(vec![modify(
                        Stat::Range,
                        c.i8(1),
                        Who::AdjacentControlled,
                        f,
                        vec![],
                    )])
                },
            ),
            // Spirits.
            rule(
                r"when {S} is destroyed, (?:you may )?place this figure on any unique army card\. {S} spirit adds {N} to the {W} on that card",
                |c, _| {
                    let stat = stat_word(c.w(0))?;
                    Some(vec![Effect::Spirit { stat, by: c.i8(0) }])
                },
            ),
            // Bonding.
            rule(
                r"before taking a turn with {S}, you may (?:first )?take a turn with (?:any|one|a|an) {W}",
                |c, lex| {
                    let with = lex.filter(c.w(0))?;
                    (!with.is_any()).then(|| vec![Effect::Bonding { with }])
                },
            ),
            // Turns.
            rule(
                &t(r"after (?:you take|taking) a turn with {S}, roll <D20>\. if you roll (?:an? )?{N} or higher,? you may take another turn with {S}"),
                |c, _| {
                    Some(vec![Effect::Triggered(Triggered {
                        trigger: Trigger::AfterTurn,
                        target: None,
                        roll: Some(d20(c.u8(0))),
                        outcomes: vec![Outcome::AnotherTurn],
                    })])
                },
            ),
            rule(
                r"after taking a turn with {S}, you may place a wound marker on {S} and take another turn with {P}\. you may only use this power once (?:during a|per) round",
                |_, _| Some(vec![Effect::OverextendAttack]),
            ),
            rule(
                &t(r"after moving and before attacking, roll <D20>\. if you roll (?:an? )?{N} or higher, you may move all {S} again"),
                |c, _| {
                    Some(vec![Effect::Triggered(Triggered {
                        trigger: Trigger::AfterMoveBeforeAttack,
                        target: None,
                        roll: Some(d20(c.u8(0))),
                        outcomes: vec![Outcome::MoveAgain],
                    })])
                },
            ),
            // Quickdraw-like.
            rule(
                &t(r"when {S} is chosen as a target for a normal attack from an enemy figure within {N} clear sight spaces that is not adjacent, you may immediately roll <D20>\. if you roll (?:an? )?{N} or higher, the attacking figure takes (?:1|one) wound and the attack immediately ends"),
                |c, _| {
                    Some(vec![Effect::Triggered(Triggered {
                        trigger: Trigger::TargetedFromAfar(c.n(0)),
                        target: None,
                        roll: Some(d20(c.u8(1))),
                        outcomes: vec![Outcome::WoundAttacker(1), Outcome::EndAttack],
                    })])
                },
            ),
            // Special attacks with range and dice only.
            rule(
                &t(r"after moving and before attacking, you may choose a figure you control adjacent to {S}\. roll <D20>\. if you roll (?:an? )?{N} or higher, remove {N} wound markers? from the chosen figure's army card"),
                |c, _| {
                    Some(vec![Effect::Triggered(Triggered {
                        trigger: Trigger::AfterMoveBeforeAttack,
                        target: Some(Target {
                            adjacent: true,
                            within: None,
                            opponents_only: false,
                            controlled_only: true,
                            friendly_only: false,
                            wounded: false,
                            engaged_with_other: false,
                            with_user: false,
                            passed_over: false,
                            filter: Filter::default(),
                        }),
                        roll: Some(d20(c.u8(0))),
                        outcomes: vec![Outcome::HealTarget(c.n(1))],
                    })])
                },
            ),
            rule(
                r"after revealing an order marker on {S}(?: army card)?, before taking {S} turn, you may take a turn with (?:one other|a|an|any) {W}",
                |c, lex| {
                    let with = lex.filter(c.w(0))?;
                    (!with.is_any()).then(|| vec![Effect::Bonding { with }])
                },
            ),
            rule(
                r"when attacking with {S}, if the defending figure was not adjacent to {S} at the start of (?:this|the) turn, {S} (?:receives {Q} additional attack dic?e?|increases its attack value by {N})",
                |c, _| first_assault(c.i8(0)),
            ),
            rule(
                r"when {S} attacks, if the defending figure was not adjacent to {P} at the start of this turn, {S} adds {N} to {P} attack value during this attack",
                |c, _| first_assault(c.i8(0)),
            ),
            rule(
                r"when rolling defense dice against a {W} attack, {S} always adds? {Q} automatic shields? to whatever is rolled",
                |c, _| {
                    let mut when = vec![Condition::Defending];
                    match c.w(0) {
                        "normal" => when.push(Condition::NormalAttack),
                        "special" => when.push(Condition::SpecialAttack),
                        "normal or special" => {}
                        _ => return None,
                    }
                    Some(vec![Effect::Automatic {
                        stat: Stat::Defense,
                        count: c.u8(0),
                        when,
                    }])
                },
            ),
            rule(
                r"when rolling attack dice for a normal attack, {S} always adds {Q} automatic skulls? to whatever is rolled",
                |c, _| {
                    Some(vec![Effect::Automatic {
                        stat: Stat::Attack,
                        count: c.u8(0),
                        when: vec![Condition::Attacking, Condition::NormalAttack],
                    }])
                },
            ),
            rule(
                r"{S} adds {Q} automatic shields? to {P} defense rolls against attacks from non-adjacent figures",
                |c, _| {
                    Some(vec![Effect::Automatic {
                        stat: Stat::Defense,
                        count: c.u8(0),
                        when: vec![Condition::Defending, Condition::OpponentNotAdjacent],
                    }])
                },
            ),
            rule(
                r"when attacking with {S}, (?:it|he|she|they) receives? {Q} additional attack dic?e? for each wound marker on the defending figure's army card, for a maximum of {N} additional attack dice for [a-z ]+",
                |c, _| {
                    if c.n(0) != 1 {
                        return None;
                    }
                    Some(vec![Effect::PerCount {
                        stat: Stat::Attack,
                        count: Count::OpponentWounds,
                        max: Some(c.n(1)),
                        when: vec![Condition::Attacking],
                    }])
                },
            ),
            rule(
                r"when {S} attacks, {P} receives? (?:one|1) extra attack die for each wound marker {P} (?:has|have)",
                |_, _| {
                    Some(vec![Effect::PerCount {
                        stat: Stat::Attack,
                        count: Count::OwnWounds,
                        max: None,
                        when: vec![Condition::Attacking],
                    }])
                },
            ),
            rule(
                r"when defending with {S}, add as many defense dice as the number of {W} you control adjacent to {S}",
                |c, lex| {
                    Some(vec![Effect::PerCount {
                        stat: Stat::Defense,
                        count: Count::AdjacentControlled(lex.filter(c.w(0))?),
                        max: None,
                        when: vec![Condition::Defending],
                    }])
                },
            ),
            rule(
                r"{S} adds? (?:1|one) to (?:{P}|their) attack value for each adjacent {W} you control",
                |c, lex| {
                    Some(vec![Effect::PerCount {
                        stat: Stat::Attack,
                        count: Count::AdjacentControlled(lex.filter(c.w(0))?),
                        max: None,
                        when: vec![Condition::Attacking],
                    }])
                },
            ),
            rule(
                r"{S} may attack any or all figures adjacent to {P}\. roll each attack separately",
                |_, _| Some(vec![Effect::AttackEachAdjacent]),
            ),
            rule(
                r"{S} rolls? {Q} additional die (?:against (?:each )?figures? leaving an engagement with {P}|when making a leaving engagement attack)",
                |c, _| Some(vec![Effect::LeavingEngagementDice { by: c.u8(0) }]),
            ),
            rule(
                r"after taking a turn with {S}, remove {N} wound markers? from {S} army card",
                |c, _| {
                    Some(vec![Effect::Triggered(Triggered {
                        trigger: Trigger::AfterTurn,
                        target: None,
                        roll: None,
                        outcomes: vec![Outcome::Heal(c.n(0))],
                    })])
                },
            ),
            rule(
                &t(r"if an opponent's small or medium figure moves,? adjacent to {S}, roll <D20>\. if you roll (?:an? )?{N} or higher, the opponent's figure receives (?:one|a) wound\. figures may (?:be targeted only|only be targeted) as they move into engagement with {S}"),
                |c, _| {
                    Some(vec![Effect::Triggered(Triggered {
                        trigger: Trigger::OpponentEngages,
                        target: Some(Target {
                            adjacent: true,
                            within: None,
                            opponents_only: true,
                            controlled_only: false,
                            friendly_only: false,
                            wounded: false,
                            engaged_with_other: false,
                            with_user: false,
                            passed_over: false,
                            filter: Filter {
                                sizes: vec![Size::Small, Size::Medium],
                                ..Filter::default()
                            },
                        }),
                        roll: Some(d20(c.u8(0))),
                        outcomes: vec![Outcome::WoundTarget(1)],
                    })])
                },
            ),
            rule(
                r"when roll?ling defense dice against a normal attack from an adjacent figure, {S} adds {N} dic?e?",
                |c, _| {
                    Some(vec![modify(
                        Stat::Defense,
                        c.i8(0),
                        Who::Bearer,
                        Filter::default(),
                        vec![
                            Condition::Defending,
                            Condition::NormalAttack,
                            Condition::OpponentAdjacent,
                        ],
                    )])
                },
            ),
            rule(
                r"when defending with {S}, each shield rolled counts for one additional block",
                |_, _| Some(vec![Effect::ShieldsCountDouble]),
            ),
            rule(
                r"{S} may attack any number of times during {P} turn\. {P} cannot attack any figure more than once per turn",
                |_, _| Some(vec![Effect::AttackAnyNumber]),
            ),
            rule(
                &t(r"after attacking with {S}, roll <D20>\. if you roll (?:an? )?{N} or higher, you may attack again with {S}"),
                |c, _| {
                    Some(vec![Effect::Triggered(Triggered {
                        trigger: Trigger::AfterAttacking,
                        target: None,
                        roll: Some(d20(c.u8(0))),
                        outcomes: vec![Outcome::AttackAgain],
                    })])
                },
            ),
            rule(
                &t(r"when {S} would (?:take|receive) (?:1|one) or more wounds, roll <D20>\. if you roll (?:an? )?{N} or higher, ignore those wounds"),
                |c, _| {
                    Some(vec![Effect::Triggered(Triggered {
                        trigger: Trigger::WouldBeWounded,
                        target: None,
                        roll: Some(d20(c.u8(0))),
                        outcomes: vec![Outcome::IgnoreWounds],
                    })])
                },
            ),
            rule(
                r"before moving {S}, choose an unengaged friendly {W} adjacent to {S}\. after you move {S}, place the chosen figure adjacent to {S}",
                |c, lex| Some(vec![Effect::Carry { filter: lex.filter(c.w(0))? }]),
            ),
            rule(
                r"instead of moving normally with {S}, you may place {S} on an empty space within {N} spaces(?: of {S})?\. if {S} is engaged when {P} starts to [a-z ]+, {P} will take any leaving engagement attacks",
                |c, _| Some(vec![Effect::Teleport { within: c.n(0) }]),
            ),
            rule(
                r"after attacking with {S}, you may attack an adjacent figure (?:1|one) additional time\. {S} attack value is increased by {N} for the second attack",
                |c, _| {
                    Some(vec![Effect::ExtraAttacks {
                        count: 1,
                        normal_only: false,
                        adjacent_only: true,
                        bonus: c.i8(0),
                    }])
                },
            ),
            rule(
                &t(r"(?:if|when) {S}(?: you control)? is targeted(?: by)? and (?:receives (?:one|1) or more wounds|would take (?:one|1) or more wounds) from an attacking figure (?:who|that) is not adjacent, (?:you must )?roll <D20>\. count the minimum number of spaces between the attacker and {S}\. add this number to your die roll\. if you roll (?:an? )?{N} or higher, ignore (?:any wounds {S} just received|those wounds)"),
                |c, _| {
                    Some(vec![Effect::Triggered(Triggered {
                        trigger: Trigger::WouldBeWoundedFromAfar,
                        target: None,
                        roll: Some(Roll {
                            add_distance: true,
                            ..d20(c.u8(0))
                        }),
                        outcomes: vec![Outcome::IgnoreWounds],
                    })])
                },
            ),
            rule(
                r"when comparing {S} shield results to an attacker's skull results, if there are more skull results the[nm] shield results and at least one shield was rolled, {S} blocks all skulls except for (?:1|one)",
                |_, _| Some(vec![Effect::OneShieldLeavesOneWound]),
            ),
            rule(
                r"before moving {S}, you may add {N} to (?:{P}|that figure's) move value\. if you do, subtract {N} from (?:{P}|that figure's) attack value this turn",
                |c, _| {
                    Some(vec![Effect::Run {
                        move_bonus: c.i8(0),
                        attack_change: -c.i8(1),
                        no_attack: false,
                    }])
                },
            ),
            rule(
                r"while moving, {S} may add {N} to {P} move number\. if {P} does, {P} cannot attack this turn",
                |c, _| {
                    Some(vec![Effect::Run {
                        move_bonus: c.i8(0),
                        attack_change: 0,
                        no_attack: true,
                    }])
                },
            ),
            rule(
                r"before you reveal a numbered order marker on another army card in your army, you may reveal the x order marker on {S}\. if you do, move that numbered order marker to this army card and reveal it",
                |_, _| Some(vec![Effect::BattleReady]),
            ),
            // Rise of the Valkyrie powers the rulebook walks through.
            rule(
                &t(r"before attacking, you may choose (?:1|one) small or medium figure adjacent to {S}\. if the chosen figure is a squad figure, destroy it\. if the chosen figure is a hero figure, roll <D20>\. if you roll (?:an? )?{N} or higher, destroy the chosen hero"),
                |c, _| {
                    Some(vec![Effect::Triggered(Triggered {
                        trigger: Trigger::BeforeAttacking,
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
                                ..Filter::default()
                            },
                        }),
                        roll: Some(Roll {
                            only_if: Some(Filter {
                                kind: Some(Kind::Hero),
                                ..Filter::default()
                            }),
                            ..d20(c.u8(0))
                        }),
                        outcomes: vec![Outcome::DestroyTarget],
                    })])
                },
            ),
            rule(
                &t(r"instead of attacking with all of {S}, one at a time, roll <D20> for each {S} in play\. if you roll (?:an? )?{N} or higher, place a previously destroyed {S} on a same-level space adjacent to that {S}\. any {S} on a water space needs a {N} or higher to water clone\. you may only water clone after you move"),
                |c, _| {
                    Some(vec![Effect::Triggered(Triggered {
                        trigger: Trigger::InsteadOfAttacking,
                        target: None,
                        roll: Some(Roll {
                            on_ground: Some(("water".into(), c.u8(1))),
                            each_figure: true,
                            ..d20(c.u8(0))
                        }),
                        outcomes: vec![Outcome::ReturnDestroyedAdjacent],
                    })])
                },
            ),
            rule(
                &t(r"{S} do not start the game on the battlefield\. at the start of each round, before you place order markers, roll <D20>\. if you roll (?:an? )?{N} or higher,? you may place all {N} {S} figures on any empty spaces\. you cannot place them adjacent to each other or other figures, or on a glyph"),
                |c, _| {
                    Some(vec![
                        Effect::StartsOffBattlefield,
                        Effect::Triggered(Triggered {
                            trigger: Trigger::StartOfRound,
                            target: None,
                            roll: Some(d20(c.u8(0))),
                            outcomes: vec![Outcome::DeployApart],
                        }),
                    ])
                },
            ),
            rule(
                &t(r"after moving and before attacking, you may choose any unique figure adjacent to {S}\. roll <D20>\. if you roll (?:an? )?{N}(?: or higher| or 20)?, take control of the chosen figure and that figure's army card\. you now control that army card and all figures on it\. remove any order markers on (?:this card|the chosen figure's army card)\. if {S} is destroyed, you retain control of any previously mind shackled army cards"),
                |c, _| {
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
                                rarity: Some(Rarity::Unique),
                                ..Filter::default()
                            },
                        }),
                        roll: Some(d20(c.u8(0))),
                        outcomes: vec![Outcome::TakeControl],
                    })])
                },
            ),
            rule(
                &t(r"after moving and before attacking, you may choose any figure within {N} clear sight spaces of {S}\. roll <D20>\. if you roll (?:an? )?{N} or higher, the chosen figure receives one wound"),
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
            rule(
                r"instead of {S} normal move, {P} may move only one space\. this space may be up to {N} levels higher\. when using the grapple gun, all engagement rules still apply",
                |c, _| {
                    Some(vec![Effect::AlternateMove {
                        spaces: 1,
                        up_levels: c.n(0),
                    }])
                },
            ),
            rule(
                r"when attacking, if your second {S} attacks the same figure as the first {S}, add one attack die to the second {S} attack",
                |_, _| {
                    Some(vec![modify(
                        Stat::Attack,
                        1,
                        Who::Bearer,
                        Filter::default(),
                        vec![Condition::Attacking, Condition::SameTargetAsFirstFigure],
                    )])
                },
            ),
            rule(
                r"all friendly figures adjacent to {S} add {N} (?:die|dice) to their defense",
                |c, _| {
                    Some(vec![modify(
                        Stat::Defense,
                        c.i8(0),
                        Who::AdjacentFriendly,
                        Filter::default(),
                        vec![Condition::Defending],
                    )])
                },
            ),
            rule(
                r"all friendly figures adjacent to {S} with a range of 1 add {N} (?:die|dice) to their normal attack",
                |c, _| {
                    Some(vec![modify(
                        Stat::Attack,
                        c.i8(0),
                        Who::AdjacentFriendly,
                        Filter {
                            max_range: Some(1),
                            ..Filter::default()
                        },
                        vec![Condition::Attacking, Condition::NormalAttack],
                    )])
                },
            ),
        ]
    })
}

fn d20(at_least: u8) -> Roll {
    Roll {
        at_least,
        on_ground: None,
        only_if: None,
        each_figure: false,
        add_distance: false,
        forced: false,
        each_target: false,
        hero_at_least: None,
        once_per_game: false,
        bands: Vec::new(),
        ground_bonus: Vec::new(),
    }
}

fn first_assault(by: i8) -> Option<Vec<Effect>> {
    Some(vec![modify(
        Stat::Attack,
        by,
        Who::Bearer,
        Filter::default(),
        vec![
            Condition::Attacking,
            Condition::OpponentNotAdjacentAtTurnStart,
        ],
    )])
}

fn evasive(by: i8) -> Option<Vec<Effect>> {
    Some(vec![modify(
        Stat::Defense,
        by,
        Who::Bearer,
        Filter::default(),
        vec![Condition::Defending, Condition::OpponentNotAdjacent],
    )])
}

fn melee_bonus(by: i8) -> Option<Vec<Effect>> {
    Some(vec![modify(
        Stat::Attack,
        by,
        Who::Bearer,
        Filter::default(),
        vec![Condition::Attacking, Condition::OpponentAdjacent],
    )])
}

/// Powers printed by name alone, whose rule the name gives.
fn by_name(name: &str) -> Option<Vec<Effect>> {
    match name {
        "flying" => Some(ability(Ability::Flying)),
        "stealth flying" => Some(ability(Ability::StealthFlying)),
        _ => None,
    }
}

/// What the readers written as code (not templates) see.
pub(super) struct Ctx<'a> {
    /// The power's printed name, normalised.
    name: &'a str,
    me: &'a SelfNames,
    lex: &'a Lexicon,
    card: &'a Card,
}

/// A reader written as code: the whole text or nothing.
type Reader = fn(&str, &Ctx) -> Option<Vec<Effect>>;

/// Reads a run of whole sentences, all of it or nothing.
fn one(text: &str, sentences: usize, ctx: &Ctx) -> Option<Vec<Effect>> {
    rules()
        .iter()
        .chain(attacks::rules())
        .chain(special::rules())
        .chain(extra_attacks::rules())
        .chain(triggered::rules())
        .chain(support::rules())
        .chain(moves::rules())
        .chain(rolls::rules())
        .chain(modifiers::rules())
        .chain(d20::rules())
        .chain(orders::rules())
        .chain(values2::rules())
        .chain(d20c::rules())
        .chain(rolls2::rules())
        .chain(choose::rules())
        .find_map(|r| r.apply(text, ctx.me, ctx.lex))
        .or_else(|| readers().iter().find_map(|r| r(text, ctx)))
        // the grammar reads sentence by sentence, a second one only to leave the bearer out
        // of an aura: longer runs are left to the runs they start
        .or_else(|| {
            (sentences <= 2)
                .then(|| super::grammar::modifiers(text, ctx.me, ctx.lex))
                .flatten()
        })
}

/// The card language for one printed power of `card`, when it expresses all of it.
pub fn power(name: &str, text: &str, card: &Card, lex: &Lexicon) -> Option<Vec<Effect>> {
    read(name, text, card, lex).ok()
}

/// The card language for one printed power of `card`, or why it stays text: the first sentence
/// (normalised) that nothing reads.
///
/// The text is read as runs of whole sentences, the longest run first: a rule may need
/// several sentences ("Range 5. Attack 3. ..."), and a power made of independent sentences
/// ("X does not have to stop... . Add 2 to X's defense while on a water space") is the effects
/// of each. A sentence that starts with a pronoun after an effect on other figures ("All
/// friendly Orcs ... . They ...") is not read as about this card's figures.
pub fn read(name: &str, text: &str, card: &Card, lex: &Lexicon) -> Result<Vec<Effect>, String> {
    let name = normalize(name);
    let text = normalize(text);
    if text.is_empty() || text == "-" || text == "none" {
        return by_name(&name).ok_or_else(|| format!("\"{name}\" is printed without its rule"));
    }
    let me = SelfNames::of(card);
    let ctx = Ctx {
        name: &name,
        me: &me,
        lex,
        card,
    };
    let sentences: Vec<&str> = text.split(". ").collect();
    let mut out = Vec::new();
    let mut i = 0;
    let mut about_others = false;
    'runs: while i < sentences.len() {
        let pronoun = super::grammar::starts_with_pronoun(sentences[i]);
        if !(about_others && pronoun) {
            for j in (i + 1..=sentences.len()).rev() {
                if let Some(e) = one(&sentences[i..j].join(". "), j - i, &ctx) {
                    about_others = e
                        .iter()
                        .any(|e| matches!(e, Effect::Modify { who, .. } if *who != Who::Bearer));
                    out.extend(e);
                    i = j;
                    continue 'runs;
                }
            }
        }
        return Err(sentences[i].to_string());
    }
    Ok(out)
}

/// Reads `text` as a power of the shared card whose name starts with `card` (for tests).
#[cfg(test)]
pub(super) fn read_shared(card: &str, text: &str) -> Result<Vec<Effect>, String> {
    read_shared_as(card, "", text)
}

/// Reads `text` as the power named `name` of the shared card whose name starts with `card`
/// (for tests of powers that name themselves).
#[cfg(test)]
pub(super) fn read_shared_as(card: &str, name: &str, text: &str) -> Result<Vec<Effect>, String> {
    static CARDS: OnceLock<(Vec<Card>, Lexicon)> = OnceLock::new();
    let (cards, lex) = CARDS.get_or_init(|| {
        let cards: Vec<Card> = crate::import::read_file(&crate::import::shared_cards_path())
            .expect("the shared card file reads")
            .into_iter()
            .map(|i| i.card)
            .collect();
        let lex = Lexicon::of(&cards);
        (cards, lex)
    });
    let c = cards
        .iter()
        .find(|c| c.name.starts_with(card))
        .unwrap_or_else(|| panic!("{card} is a shared card"));
    read(name, text, c, lex)
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod dump {
    /// Writes the powers that stay text, normalised, to `/tmp/hs-text-powers.txt` (a tool for
    /// writing templates: `cargo test -p skirmish-heroscape dump -- --ignored`).
    #[test]
    #[ignore]
    fn dump_text_powers() {
        let cards = crate::import::read_file(&crate::import::shared_cards_path()).unwrap();
        let mut out = String::new();
        for i in &cards {
            for p in &i.card.powers {
                if p.effects.is_none() {
                    out.push_str(&format!(
                        "{} | {} | {}\n",
                        i.card.name,
                        super::normalize(&p.name),
                        super::normalize(&p.text)
                    ));
                }
            }
        }
        std::fs::write("/tmp/hs-text-powers.txt", out).unwrap();
    }
}
