//! Card text as data: what a special power, a trait, a feat, a battlefield condition or a special
//! object does, written as a composition of standard effects the engine already runs — "can use
//! Stealth", "+1 defence when attacked", "adjacent friendly Warden characters modify their
//! defence values by +1". What a card asks beyond these stays text, listed to players as not run.
//!
//! In a content file an effect is one inline table:
//!
//! ```toml
//! effects = [
//!   { uses = "incapacitate" },                                      # can use a standard power
//!   { modify = "range", by = 2, when = "attacking_ranged" },        # modifier in some attacks
//!   { modify = "defense", by = 1, who = "adjacent_friends", keyword = "Warden" },
//! ]
//! ```
//!
//! `uses` names a standard power or a combat ability (`flight`, `sharpshooter`...); `modify` one
//! of `speed`, `attack`, `defense`, `damage`, `range` with `by` from −3 to +3 (the rule of three
//! caps the sum anyway). `who` says which characters it reaches, seen from its bearer (the
//! character, the object, or for a battlefield condition every character on the map): `bearer`
//! (default), `adjacent_friends`, `friends`, `adjacent_opponents`, `opponents`, `everyone`,
//! `near` (a special object's square and the squares next to it). `keyword` narrows it to
//! characters with that keyword (case does not matter). `when` limits a modifier to attacks:
//! `always` (default), `attacking`, `attacking_close`, `attacking_ranged`, `defending`,
//! `defending_close`, `defending_ranged`.

use std::ops::Range;

use serde::{Deserialize, Serialize};
use skirmish_lang::Lang;
use toml::Spanned;

use crate::content::{ContentIssue, ContentProblem, Source};
use crate::game::powers::Ability;

/// A value an effect modifies: a combat value or the range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Value {
    /// Speed value.
    Speed,
    /// Attack value.
    Attack,
    /// Defence value.
    Defense,
    /// Damage value.
    Damage,
    /// Range value.
    Range,
}

impl Value {
    const IDS: [(&'static str, Value); 5] = [
        ("speed", Value::Speed),
        ("attack", Value::Attack),
        ("defense", Value::Defense),
        ("damage", Value::Damage),
        ("range", Value::Range),
    ];

    /// The combat column it is, if it is one.
    pub fn stat(self) -> Option<crate::figure::Stat> {
        use crate::figure::Stat;
        match self {
            Value::Speed => Some(Stat::Speed),
            Value::Attack => Some(Stat::Attack),
            Value::Defense => Some(Stat::Defense),
            Value::Damage => Some(Stat::Damage),
            Value::Range => None,
        }
    }

    /// Its name for players.
    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            Value::Speed => lang.pick("speed", "vitesse"),
            Value::Attack => lang.pick("attack", "attaque"),
            Value::Defense => lang.pick("defense", "défense"),
            Value::Damage => lang.pick("damage", "dégâts"),
            Value::Range => lang.pick("range", "portée"),
        }
    }
}

/// Which characters an effect reaches, seen from its bearer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// The character itself (or the holder of a special object).
    #[default]
    Bearer,
    /// Friendly characters adjacent to the bearer (not the bearer).
    AdjacentFriends,
    /// Every friendly character, the bearer included.
    Friends,
    /// Opposing characters adjacent to the bearer.
    AdjacentOpponents,
    /// Every opposing character.
    Opponents,
    /// Every character on the map.
    Everyone,
    /// A special object's square and the squares adjacent to it.
    Near,
}

impl Who {
    const IDS: [(&'static str, Who); 7] = [
        ("bearer", Who::Bearer),
        ("adjacent_friends", Who::AdjacentFriends),
        ("friends", Who::Friends),
        ("adjacent_opponents", Who::AdjacentOpponents),
        ("opponents", Who::Opponents),
        ("everyone", Who::Everyone),
        ("near", Who::Near),
    ];
}

/// When a modifier applies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum When {
    /// At all times.
    #[default]
    Always,
    /// While the character attacks.
    Attacking,
    /// While it makes a close attack.
    AttackingClose,
    /// While it makes a ranged attack.
    AttackingRanged,
    /// While it is attacked.
    Defending,
    /// While a close attack targets it.
    DefendingClose,
    /// While a ranged attack targets it.
    DefendingRanged,
}

impl When {
    const IDS: [(&'static str, When); 7] = [
        ("always", When::Always),
        ("attacking", When::Attacking),
        ("attacking_close", When::AttackingClose),
        ("attacking_ranged", When::AttackingRanged),
        ("defending", When::Defending),
        ("defending_close", When::DefendingClose),
        ("defending_ranged", When::DefendingRanged),
    ];

    /// True if it applies to a figure that is (`attacker`/`target`) in an attack that is
    /// `ranged` or not; outside attacks only [`When::Always`] applies.
    pub fn applies(self, attack: Option<(bool, bool, bool)>) -> bool {
        let Some((attacker, target, ranged)) = attack else {
            return self == When::Always;
        };
        match self {
            When::Always => true,
            When::Attacking => attacker,
            When::AttackingClose => attacker && !ranged,
            When::AttackingRanged => attacker && ranged,
            When::Defending => target,
            When::DefendingClose => target && !ranged,
            When::DefendingRanged => target && ranged,
        }
    }
}

/// What an effect does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Change {
    /// The characters reached can use this power or ability.
    Uses {
        /// The power or ability.
        ability: Ability,
    },
    /// A modifier to one value.
    Modify {
        /// Which value.
        value: Value,
        /// By how much (−3 to +3).
        by: i8,
    },
}

/// One effect of a card.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardEffect {
    /// What it does.
    pub change: Change,
    /// Whom it reaches.
    #[serde(default)]
    pub who: Who,
    /// Only characters with this keyword (any case).
    #[serde(default)]
    pub keyword: Option<String>,
    /// When a modifier applies.
    #[serde(default)]
    pub when: When,
    /// A special object's effect that goes on while the object is held ("continuel").
    #[serde(default)]
    pub continual: bool,
}

impl CardEffect {
    /// The effect in a sentence: "adjacent friendly Warden characters: defense +1".
    pub fn describe(&self, lang: Lang) -> String {
        let who = match self.who {
            Who::Bearer => lang.pick("this character", "ce personnage"),
            Who::AdjacentFriends => {
                lang.pick("adjacent friendly characters", "personnages amis adjacents")
            }
            Who::Friends => lang.pick("friendly characters", "personnages amis"),
            Who::AdjacentOpponents => lang.pick(
                "adjacent opposing characters",
                "personnages adverses adjacents",
            ),
            Who::Opponents => lang.pick("opposing characters", "personnages adverses"),
            Who::Everyone => lang.pick("every character", "tous les personnages"),
            Who::Near => lang.pick(
                "characters in or next to the object's square",
                "personnages dans la case de l'objet ou adjacents",
            ),
        };
        let who = match &self.keyword {
            Some(k) => format!("{who} ({} {k})", lang.pick("keyword", "mot-clé")),
            None => who.to_string(),
        };
        let what = match self.change {
            Change::Uses { ability } => {
                format!(
                    "{} {}",
                    lang.pick("can use", "peut utiliser"),
                    ability.name(lang)
                )
            }
            Change::Modify { value, by } => format!("{} {by:+}", value.name(lang)),
        };
        let when = match self.when {
            When::Always => "",
            When::Attacking => lang.pick(" when attacking", " en attaquant"),
            When::AttackingClose => lang.pick(" in close attacks", " au corps à corps"),
            When::AttackingRanged => lang.pick(" in ranged attacks", " en attaque à distance"),
            When::Defending => lang.pick(" when attacked", " quand il est attaqué"),
            When::DefendingClose => lang.pick(
                " against close attacks",
                " contre les attaques au corps à corps",
            ),
            When::DefendingRanged => {
                lang.pick(" against ranged attacks", " contre les attaques à distance")
            }
        };
        let continual = if self.continual {
            lang.pick(" (continual)", " (continuel)")
        } else {
            ""
        };
        format!("{who}: {what}{when}{continual}")
    }
}

/// An effect as written, with where each part was written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawEffect {
    uses: Option<Spanned<String>>,
    modify: Option<Spanned<String>>,
    by: Option<Spanned<i64>>,
    who: Option<Spanned<String>>,
    keyword: Option<Spanned<String>>,
    when: Option<Spanned<String>>,
    #[serde(default)]
    continual: bool,
}

fn pick<T: Copy>(
    src: &Source,
    ids: &[(&str, T)],
    value: &Spanned<String>,
    owner: Option<&str>,
    field: &str,
    issues: &mut Vec<ContentIssue>,
) -> Option<T> {
    let v = value.get_ref().trim();
    match ids.iter().find(|(k, _)| *k == v) {
        Some((_, t)) => Some(*t),
        None => {
            issues.push(src.issue(
                &value.span(),
                owner,
                field,
                ContentProblem::UnknownValue {
                    value: v.to_string(),
                    known: ids.iter().map(|(k, _)| (*k).to_string()).collect(),
                },
            ));
            None
        }
    }
}

/// Reads effects written at `field` (e.g. `figure[2].special[0].effects`), naming `owner` (a
/// figure or card id) in errors.
pub(crate) fn read_effects(
    src: &Source,
    raw: &[Spanned<RawEffect>],
    owner: Option<&str>,
    field: &str,
    issues: &mut Vec<ContentIssue>,
) -> Vec<CardEffect> {
    let mut out = Vec::new();
    for (i, r) in raw.iter().enumerate() {
        let at = format!("{field}[{i}]");
        if let Some(e) = read_effect(src, r.get_ref(), &r.span(), owner, &at, issues) {
            out.push(e);
        }
    }
    out
}

fn read_effect(
    src: &Source,
    r: &RawEffect,
    span: &Range<usize>,
    owner: Option<&str>,
    at: &str,
    issues: &mut Vec<ContentIssue>,
) -> Option<CardEffect> {
    let bad = |issues: &mut Vec<ContentIssue>, span: &Range<usize>, field: String, msg: &str| {
        issues.push(src.issue(span, owner, field, ContentProblem::BadText(msg.to_string())));
    };
    let change = match (&r.uses, &r.modify) {
        (Some(u), None) => {
            if let Some(by) = &r.by {
                bad(
                    issues,
                    &by.span(),
                    format!("{at}.by"),
                    "`by` goes with `modify`, not with `uses`",
                );
                return None;
            }
            match Ability::from_id(u.get_ref().trim()) {
                Some(ability) => Change::Uses { ability },
                None => {
                    let known = crate::figure::Power::ALL.iter().map(|p| p.id()).chain([
                        "flight",
                        "carry",
                        "swim",
                        "move_and_attack",
                        "duo_attack",
                        "sharpshooter",
                        "indomitable",
                        "giant",
                        "colossal",
                    ]);
                    issues.push(src.issue(
                        &u.span(),
                        owner,
                        format!("{at}.uses"),
                        ContentProblem::UnknownPower {
                            id: u.get_ref().clone(),
                            close: crate::content::close_matches(u.get_ref(), known),
                        },
                    ));
                    return None;
                }
            }
        }
        (None, Some(m)) => {
            let value = pick(src, &Value::IDS, m, owner, &format!("{at}.modify"), issues)?;
            let Some(by) = &r.by else {
                bad(
                    issues,
                    span,
                    format!("{at}.by"),
                    "`modify` needs `by`, a number from -3 to 3",
                );
                return None;
            };
            let v = *by.get_ref();
            if !(-3..=3).contains(&v) || v == 0 {
                issues.push(src.issue(
                    &by.span(),
                    owner,
                    format!("{at}.by"),
                    ContentProblem::OutOfRange {
                        value: v,
                        min: -3,
                        max: 3,
                    },
                ));
                return None;
            }
            Change::Modify { value, by: v as i8 }
        }
        (Some(u), Some(_)) => {
            bad(
                issues,
                &u.span(),
                at.to_string(),
                "an effect is either `uses` or `modify`, not both",
            );
            return None;
        }
        (None, None) => {
            bad(
                issues,
                span,
                at.to_string(),
                "an effect needs `uses = \"<power>\"` or `modify = \"<value>\"` with `by`",
            );
            return None;
        }
    };
    let who = match &r.who {
        Some(w) => pick(src, &Who::IDS, w, owner, &format!("{at}.who"), issues)?,
        None => Who::Bearer,
    };
    let when = match &r.when {
        Some(w) => pick(src, &When::IDS, w, owner, &format!("{at}.when"), issues)?,
        None => When::Always,
    };
    if when != When::Always && matches!(change, Change::Uses { .. }) {
        if let Some(w) = &r.when {
            bad(
                issues,
                &w.span(),
                format!("{at}.when"),
                "`when` goes with `modify`: a power granted by `uses` is used as the power says",
            );
        }
        return None;
    }
    let keyword = match &r.keyword {
        Some(k) if k.get_ref().trim().is_empty() => {
            bad(
                issues,
                &k.span(),
                format!("{at}.keyword"),
                "a keyword must not be empty",
            );
            return None;
        }
        Some(k) => Some(k.get_ref().trim().to_string()),
        None => None,
    };
    Some(CardEffect {
        change,
        who,
        keyword,
        when,
        continual: r.continual,
    })
}

/// Writes effects as the inline tables [`read_effects`] reads.
pub(crate) fn effects_to_toml(effects: &[CardEffect]) -> String {
    let items: Vec<String> = effects
        .iter()
        .map(|e| {
            let mut parts = Vec::new();
            match e.change {
                Change::Uses { ability } => parts.push(format!("uses = \"{}\"", ability.id())),
                Change::Modify { value, by } => {
                    let v = Value::IDS
                        .iter()
                        .find(|(_, x)| *x == value)
                        .map_or("?", |(k, _)| k);
                    parts.push(format!("modify = \"{v}\", by = {by}"));
                }
            }
            if e.who != Who::Bearer {
                let w = Who::IDS
                    .iter()
                    .find(|(_, x)| *x == e.who)
                    .map_or("?", |(k, _)| k);
                parts.push(format!("who = \"{w}\""));
            }
            if let Some(k) = &e.keyword {
                parts.push(format!("keyword = {}", crate::content::toml_string(k)));
            }
            if e.when != When::Always {
                let w = When::IDS
                    .iter()
                    .find(|(_, x)| *x == e.when)
                    .map_or("?", |(k, _)| k);
                parts.push(format!("when = \"{w}\""));
            }
            if e.continual {
                parts.push("continual = true".to_string());
            }
            format!("{{ {} }}", parts.join(", "))
        })
        .collect();
    format!("[{}]", items.join(", "))
}

/// Reads special power text that only lets the character use standard powers or abilities —
/// every sentence "<the character> can use <P>[, <Q> and <R>]." with the character named by its
/// name, its first name, "this character" or a pronoun — as the abilities it uses. `None` for
/// any other text: a condition, a cost, a change to the power, anything more.
pub fn read_can_use(text: &str, name: &str) -> Option<Vec<Ability>> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let first = name.split_whitespace().next().unwrap_or(name);
    let subjects = [name, first, "this character", "he", "she", "it", "they"];
    let mut out = Vec::new();
    for sentence in text.split_inclusive('.') {
        let s = sentence.trim();
        if s.is_empty() {
            continue;
        }
        let body = s.strip_suffix('.')?;
        let lower = body.to_lowercase();
        let at = lower.find(" can use ")?;
        let subject = &body[..at];
        if !subjects
            .iter()
            .any(|x| x.eq_ignore_ascii_case(subject.trim()))
        {
            return None;
        }
        let list = &body[at + " can use ".len()..];
        let list = list.replace(", and ", ", ").replace(" and ", ", ");
        for item in list.split(',') {
            let item = item.trim();
            let ability = ability_named(item)?;
            if !out.contains(&ability) {
                out.push(ability);
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

/// A standard power or combat ability by its English name on the card ("Energy
/// Explosion", "the Capture ability", "Flight").
fn ability_named(name: &str) -> Option<Ability> {
    let n = name
        .trim()
        .trim_start_matches("the ")
        .trim_end_matches(" ability")
        .trim();
    if let Some(p) = crate::figure::Power::ALL
        .iter()
        .find(|p| p.name(skirmish_lang::Lang::En).eq_ignore_ascii_case(n))
    {
        return Some(Ability::Power(*p));
    }
    Ability::SYMBOLS
        .into_iter()
        .chain([Ability::Capture])
        .find(|a| a.name(skirmish_lang::Lang::En).eq_ignore_ascii_case(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct Holder {
        effects: Vec<Spanned<RawEffect>>,
    }

    fn read(text: &str) -> Result<Vec<CardEffect>, Vec<ContentIssue>> {
        let src = Source {
            text,
            origin: "test.toml",
        };
        let h: Holder = toml::from_str(text).map_err(|e| vec![src.toml_issue(&e)])?;
        let mut issues = Vec::new();
        let out = read_effects(&src, &h.effects, Some("sk999"), "effects", &mut issues);
        if issues.is_empty() {
            Ok(out)
        } else {
            Err(issues)
        }
    }

    #[test]
    fn reads_and_writes_back() {
        let text = r#"effects = [{ uses = "stealth" }, { modify = "defense", by = 1, who = "adjacent_friends", keyword = "Warden", when = "defending_ranged" }]"#;
        let e = read(text).unwrap();
        assert_eq!(e.len(), 2);
        assert_eq!(
            e[1].change,
            Change::Modify {
                value: Value::Defense,
                by: 1
            }
        );
        let again = read(&format!("effects = {}", effects_to_toml(&e))).unwrap();
        assert_eq!(again, e);
        assert!(e[1].describe(Lang::Fr).contains("défense +1"));
    }

    #[test]
    fn errors_name_the_field() {
        let cases = [
            (
                r#"effects = [{ uses = "stelth" }]"#,
                "effects[0].uses",
                "stealth",
            ),
            (
                r#"effects = [{ modify = "defence", by = 1 }]"#,
                "effects[0].modify",
                "defense",
            ),
            (
                r#"effects = [{ modify = "attack", by = 5 }]"#,
                "effects[0].by",
                "-3",
            ),
            (
                r#"effects = [{ modify = "attack" }]"#,
                "effects[0].by",
                "needs `by`",
            ),
            (
                r#"effects = [{ who = "friends" }]"#,
                "effects[0]",
                "needs `uses",
            ),
            (
                r#"effects = [{ uses = "stealth", when = "attacking" }]"#,
                "effects[0].when",
                "goes with",
            ),
            (
                r#"effects = [{ uses = "stealth", who = "allies" }]"#,
                "effects[0].who",
                "adjacent_friends",
            ),
        ];
        for (text, field, hint) in cases {
            let issues = read(text).unwrap_err();
            let shown = issues[0].to_string();
            assert_eq!(issues[0].field, field, "{text}: {shown}");
            assert!(shown.contains(hint), "{text}: {shown}");
            assert!(shown.contains("sk999"), "{shown}");
        }
    }

    #[test]
    fn can_use_text_reads_as_the_abilities_it_names() {
        use crate::figure::Power;
        let name = "Aquaman";
        assert_eq!(
            read_can_use("This character can use Exploit Weakness.", name),
            Some(vec![Ability::Power(Power::ExploitWeakness)])
        );
        assert_eq!(
            read_can_use("Aquaman can use Defend, Regeneration and Stealth.", name),
            Some(vec![
                Ability::Power(Power::Defend),
                Ability::Power(Power::Regeneration),
                Ability::Power(Power::Stealth)
            ])
        );
        assert_eq!(
            read_can_use("He can use the Capture ability. He can use Flight.", name),
            Some(vec![Ability::Capture, Ability::Flight])
        );
        // A condition, an unknown power or more text: not read.
        for text in [
            "When Aquaman occupies water terrain, he can use Defend and Regeneration.",
            "Aquaman can use Plasticity Blast.",
            "Aquaman can use Defend. When he does, modify his defense by +1.",
            "Mera can use Defend.",
            "",
        ] {
            assert_eq!(read_can_use(text, name), None, "{text}");
        }
    }
}
