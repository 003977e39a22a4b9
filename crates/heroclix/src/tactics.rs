//! Rulebook Partie 4 *Tactiques* as content: feat cards (*Exploits*), battlefield condition cards
//! (*Conditions de bataille*), special objects (*Objets spéciaux*) and theme teams (*Équipes à
//! thème*, with the generic keywords) — and the alternate team ability cards of Partie 3
//! (*Compétences de groupe alternatives*, ATA). Team files assign them ([`crate::team`]); the
//! game runs them ([`crate::game::tactics`], [`crate::game::powers::team`]).
//!
//! A tactics file is TOML (`content/heroclix/tactics/cards.toml` is the project's own):
//!
//! ```toml
//! [[feat]]
//! id = "ft01"
//! name = "Steady Aim"
//! cost = 10                 # or cost_per_character = 5 (a variable-cost feat)
//! choose = 1                # characters chosen when building (0: the feat is the team's)
//! text = "..."
//! prerequisites = { abilities = ["sharpshooter"], range = 4, max_points = 100 }
//! effects = [{ modify = "range", by = 2 }]
//!
//! [[condition]]
//! id = "bc01"
//! name = "Fog Bank"
//! text = "..."
//! effects = [{ modify = "range", by = -2, who = "everyone" }]
//!
//! [[special_object]]
//! id = "so01"
//! name = "Field Generator"
//! kind = "heavy"            # light or heavy (immobile objects are never carried)
//! cost = 5
//! text = "..."
//! effects = [{ modify = "defense", by = 1, who = "near" }]
//!
//! [[ata]]
//! id = "ata01"
//! name = "Harbour Watch"
//! text = "..."
//! prerequisite = { keyword = "Warden" }   # and/or team = "avengers" (a printed team ability)
//! cost = 2                  # points per character meeting the prerequisite
//! team_ability = "defenders" # one of game::powers::TEAM_ABILITIES_RUN
//! replaces = false          # true: instead of the characters' printed team abilities
//! wild_cards = true         # default: wild cards may use it
//! ```
//!
//! Effects are [`crate::card_effect`] compositions; `not_expressed` lists what a card asks that
//! they cannot say, shown to players as not run.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};
use skirmish_lang::Lang;
use toml::Spanned;

use crate::card_effect::{read_effects, CardEffect, RawEffect};
use crate::content::{ContentError, ContentIssue, ContentProblem, Source};
use crate::figure::{FigureDef, Stat};
use crate::game::powers::Ability;
use crate::game::state::ObjectKind;

/// The project's own tactics cards.
pub const BUILTIN: &str = include_str!("../../../content/heroclix/tactics/cards.toml");

/// The generic keywords (rulebook *Mots-clés génériques*): a theme team on one of them needs one
/// character per 100 build points, on any other keyword one per 150.
pub const GENERIC_KEYWORDS: [&str; 27] = [
    "Animal",
    "Armor",
    "Brute",
    "Celebrity",
    "Cosmic",
    "Deity",
    "Detective",
    "Future",
    "Herald",
    "Kid",
    "Martial Artist",
    "Monster",
    "Mutant",
    "Mystical",
    "Past",
    "Police",
    "Politician",
    "Psychic",
    "Reporter",
    "Robot",
    "Ruler",
    "Scientist",
    "Soldier",
    "Spy",
    "Teen",
    "Vehicle",
    "Warrior",
];

/// True for a generic keyword, in any case.
pub fn is_generic(keyword: &str) -> bool {
    GENERIC_KEYWORDS
        .iter()
        .any(|k| k.eq_ignore_ascii_case(keyword.trim()))
}

/// A theme team (rulebook *Équipes à thème*): the keyword every character but bystander tokens
/// shares, how many characters that is, and how many bear the keyword.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    /// The shared keyword, as the first character writes it.
    pub keyword: String,
    /// Characters other than bystander tokens: the bonus to the first-player roll.
    pub characters: usize,
    /// Characters with the keyword, bystanders included: one Probability Control per two.
    pub with_keyword: usize,
}

/// Characters a theme team needs for a build total: one per 100 points or fraction on a generic
/// keyword, one per 150 on any other.
pub fn theme_minimum(keyword: &str, build_total: u32) -> usize {
    let per = if is_generic(keyword) { 100 } else { 150 };
    build_total.div_ceil(per).max(1) as usize
}

/// The theme the figures make, if they make one: every non-bystander shares a keyword and there
/// are enough of them. Of several shared keywords the one needing fewest characters, then the
/// first in the first figure's order, is taken.
pub fn theme(figures: &[&FigureDef], build_total: u32) -> Option<Theme> {
    let chars: Vec<&&FigureDef> = figures.iter().filter(|f| !f.bystander).collect();
    let first = chars.first()?;
    let shared = first.keywords.iter().filter(|k| {
        chars
            .iter()
            .all(|f| f.keywords.iter().any(|x| x.eq_ignore_ascii_case(k)))
    });
    let best = shared
        .filter(|k| chars.len() >= theme_minimum(k, build_total))
        .min_by_key(|k| theme_minimum(k, build_total))?;
    Some(Theme {
        keyword: best.clone(),
        characters: chars.len(),
        with_keyword: figures
            .iter()
            .filter(|f| f.keywords.iter().any(|x| x.eq_ignore_ascii_case(best)))
            .count(),
    })
}

/// What a character needs for a feat (rulebook *Assigner un exploit*): every listed power or
/// ability must be on its dial or base (all visible at once on one click), each listed value at
/// least the number given, its point value at most `max_points`, and one of the keywords.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prerequisites {
    /// Powers and combat abilities, all required.
    pub abilities: Vec<Ability>,
    /// Lowest printed speed value.
    pub speed: Option<u8>,
    /// Lowest printed attack value.
    pub attack: Option<u8>,
    /// Lowest printed defence value.
    pub defense: Option<u8>,
    /// Lowest printed damage value.
    pub damage: Option<u8>,
    /// Lowest printed range value.
    pub range: Option<u8>,
    /// Highest point value of the character.
    pub max_points: Option<u32>,
    /// One of these keywords (any case), when not empty.
    pub keywords: Vec<String>,
}

impl Prerequisites {
    /// The printed values asked for.
    pub fn values(&self) -> [(Stat, Option<u8>); 4] {
        [
            (Stat::Speed, self.speed),
            (Stat::Attack, self.attack),
            (Stat::Defense, self.defense),
            (Stat::Damage, self.damage),
        ]
    }

    /// True if a click shows every listed power and value at once.
    pub fn met_on_click(&self, def: &FigureDef, click: usize) -> bool {
        let Some(c) = def.dial.get(click) else {
            return false;
        };
        self.values()
            .iter()
            .all(|(s, min)| min.is_none_or(|m| c.number(*s).is_ok_and(|v| v >= m)))
            && self.abilities.iter().all(|a| match a {
                Ability::Power(p) => c
                    .powers
                    .iter()
                    .flatten()
                    .any(|d| *d == crate::figure::DialPower::Standard(*p)),
                other => crate::game::powers::symbol_grants(def, *other),
            })
    }

    /// Why a figure on a starting line can never meet them ("no click shows Stealth and attack
    /// 10 together"), or `None` when one click can (the feat may then be assigned).
    pub fn unmet(&self, def: &FigureDef, points: u32, lang: Lang) -> Option<String> {
        if let Some(max) = self.max_points {
            if points > max {
                return Some(format!(
                    "{} {points} > {max}",
                    lang.pick("point value", "valeur en points")
                ));
            }
        }
        if self.range.is_some_and(|r| def.range < r) {
            return Some(format!(
                "{} {} < {}",
                lang.pick("range", "portée"),
                def.range,
                self.range.unwrap_or(0)
            ));
        }
        if !self.keywords.is_empty()
            && !def
                .keywords
                .iter()
                .any(|k| self.keywords.iter().any(|w| w.eq_ignore_ascii_case(k)))
        {
            return Some(format!(
                "{} {}",
                lang.pick("no keyword among", "aucun mot-clé parmi"),
                self.keywords.join(", ")
            ));
        }
        if (0..def.dial.len()).any(|c| self.met_on_click(def, c)) {
            return None;
        }
        Some(format!(
            "{}: {}",
            lang.pick(
                "no click of the dial shows all of these at once",
                "aucun clic du disque ne montre tout ceci à la fois"
            ),
            self.describe(lang)
        ))
    }

    /// "Stealth, attack 10+".
    pub fn describe(&self, lang: Lang) -> String {
        let mut parts: Vec<String> = self
            .abilities
            .iter()
            .map(|a| a.name(lang).to_string())
            .collect();
        for (s, min) in self.values() {
            if let Some(m) = min {
                parts.push(format!("{} {m}+", s.name(lang)));
            }
        }
        if let Some(r) = self.range {
            parts.push(format!("{} {r}+", lang.pick("range", "portée")));
        }
        if let Some(p) = self.max_points {
            parts.push(format!("≤ {p} {}", lang.pick("points", "points")));
        }
        if !self.keywords.is_empty() {
            parts.push(format!(
                "{} {}",
                lang.pick("keyword", "mot-clé"),
                self.keywords.join(lang.pick(" or ", " ou "))
            ));
        }
        if parts.is_empty() {
            lang.pick("none", "aucun").to_string()
        } else {
            parts.join(", ")
        }
    }
}

/// How a feat is paid for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "points")]
pub enum FeatCost {
    /// One price for the feat.
    Fixed(u32),
    /// A price per character it is assigned to (*Exploits à coût variable*).
    PerCharacter(u32),
}

/// A feat card (*Exploit*).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeatDef {
    /// Identifier used by team files.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its cost.
    pub cost: FeatCost,
    /// Characters chosen when the team is built; 0 for a feat of the whole team, which every
    /// character meeting the prerequisites uses.
    pub choose: u8,
    /// The card text.
    pub text: String,
    /// Its name in French, when the card gives one.
    #[serde(default)]
    pub name_fr: Option<String>,
    /// Its text in French, when the card gives one.
    #[serde(default)]
    pub text_fr: Option<String>,
    /// What a character needs to be assigned and to use it.
    pub prerequisites: Prerequisites,
    /// What it does for a character using it.
    pub effects: Vec<CardEffect>,
    /// What the card asks that the effects cannot say (not run).
    pub not_expressed: Option<String>,
}

impl FeatDef {
    /// Points for a feat assigned to `n` characters.
    pub fn points(&self, n: usize) -> u32 {
        match self.cost {
            FeatCost::Fixed(p) => p,
            FeatCost::PerCharacter(p) => p.saturating_mul(n.max(1) as u32),
        }
    }
}

/// A battlefield condition card (*Condition de bataille*).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConditionDef {
    /// Identifier used by team files.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The card text.
    pub text: String,
    /// Its name in French, when the card gives one.
    #[serde(default)]
    pub name_fr: Option<String>,
    /// Its text in French, when the card gives one.
    #[serde(default)]
    pub text_fr: Option<String>,
    /// Its effects, seen from the battlefield: `who` reads `everyone` by default.
    pub effects: Vec<CardEffect>,
    /// Lines of fire longer than this many squares are blocked.
    pub max_line_of_fire: Option<u8>,
    /// What the card asks that the effects cannot say (not run).
    pub not_expressed: Option<String>,
}

/// A special object card (*Objet spécial*).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecialObjectDef {
    /// Identifier used by team files.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Light or heavy.
    pub kind: ObjectKind,
    /// Its point cost.
    pub cost: u32,
    /// The card text.
    pub text: String,
    /// Its name in French, when the card gives one.
    #[serde(default)]
    pub name_fr: Option<String>,
    /// Its text in French, when the card gives one.
    #[serde(default)]
    pub text_fr: Option<String>,
    /// Its effects: while it lies on the map, those of `near` reach figures in or next to its
    /// square; while held, only `continual` ones go on, for its holder.
    pub effects: Vec<CardEffect>,
    /// What the card asks that the effects cannot say (not run).
    pub not_expressed: Option<String>,
    /// Rules of its own beyond effects (the 2002 FAQ's scenario and Adventure kit objects).
    #[serde(default)]
    pub rules: Vec<ObjectRule>,
}

/// A rule an object card may give its object (FAQ 2002 *Scénario « Le Gagnant »*, *Scénario
/// « Le Scientifique »*, *Figurines Objets (Kit d'aventure)*). Card files write them as
/// `rules = ["anyone_carries", ...]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ObjectRule {
    /// Any character may pick it up and carry it, Super Strength or not (the artefact).
    AnyoneCarries,
    /// It cannot be destroyed, used up in an attack nor thrown (the artefact).
    Indestructible,
    /// Its holder drops it when an attack deals it damage (the artefact).
    DroppedWhenHit,
    /// Used in a close attack it stays in its holder's hands (the trash can).
    Reusable,
    /// Its holder can make no attack, nor use Charge or Running Shot (the scientist).
    HolderCannotAttack,
}

impl ObjectRule {
    /// Every rule with its identifier.
    pub const ALL: [(ObjectRule, &'static str); 5] = [
        (ObjectRule::AnyoneCarries, "anyone_carries"),
        (ObjectRule::Indestructible, "indestructible"),
        (ObjectRule::DroppedWhenHit, "dropped_when_hit"),
        (ObjectRule::Reusable, "reusable"),
        (ObjectRule::HolderCannotAttack, "holder_cannot_attack"),
    ];
}

/// Who may use an alternate team ability card (rulebook Partie 3 *Compétences de groupe
/// alternatives*: « si des personnages de votre équipe satisfont aux pré-requis listés sur la
/// carte »): a character with the keyword and with the printed team ability, each when given
/// (at least one is).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AtaPrerequisite {
    /// A keyword the character must have (any case).
    #[serde(default)]
    pub keyword: Option<String>,
    /// A team ability id printed on the character's base (`avengers`).
    #[serde(default)]
    pub team: Option<String>,
}

impl AtaPrerequisite {
    /// True if the character meets it. Keywords and printed team symbols never change during a
    /// game, so this holds from set-up to the end.
    pub fn met(&self, def: &FigureDef) -> bool {
        self.keyword.as_ref().is_none_or(|k| {
            def.keywords
                .iter()
                .any(|x| x.trim().eq_ignore_ascii_case(k.trim()))
        }) && self
            .team
            .as_ref()
            .is_none_or(|t| def.team_abilities.iter().any(|x| x == t))
    }

    /// "keyword Warden and team ability Avengers".
    pub fn describe(&self, lang: Lang) -> String {
        let mut parts = Vec::new();
        if let Some(k) = &self.keyword {
            parts.push(format!("{} {k}", lang.pick("keyword", "mot-clé")));
        }
        if let Some(t) = &self.team {
            parts.push(format!(
                "{} {}",
                lang.pick("team ability", "compétence de groupe"),
                crate::game::powers::team_name(t, lang)
            ));
        }
        parts.join(lang.pick(" and ", " et "))
    }
}

/// An alternate team ability card (rulebook Partie 3 *Compétences de groupe alternatives*,
/// ATA): the characters of the team meeting its prerequisite possess its team ability, in
/// addition to their printed ones or instead of them; the team pays its cost once per such
/// character; wild cards may use it unless the card says otherwise. A team brings one at most.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AtaDef {
    /// Identifier used by team files.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The card text.
    pub text: String,
    /// Its name in French, when the card gives one.
    #[serde(default)]
    pub name_fr: Option<String>,
    /// Its text in French, when the card gives one.
    #[serde(default)]
    pub text_fr: Option<String>,
    /// The characters that may use it.
    pub prerequisite: AtaPrerequisite,
    /// Points per character meeting the prerequisite.
    pub cost: u32,
    /// The team ability it gives (one of [`crate::game::powers::TEAM_ABILITIES_RUN`]).
    pub team_ability: String,
    /// True: a different team ability, replacing the characters' printed ones; false: an
    /// additional one.
    pub replaces: bool,
    /// Wild cards may use it (the rulebook's default, unless the card says otherwise).
    #[serde(default = "yes")]
    pub wild_cards: bool,
}

fn yes() -> bool {
    true
}

impl AtaDef {
    /// Points for a team with `n` characters meeting the prerequisite.
    pub fn points(&self, n: usize) -> u32 {
        self.cost.saturating_mul(n as u32)
    }
}

/// When an event dial turns (*Socles événement*: the card says when; clockwise, one click).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventTurn {
    /// At the start of every round after the first.
    #[default]
    RoundStart,
    /// At the start of every turn after the first.
    TurnStart,
}

/// One click of an event dial: the coloured effects it shows.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventClick {
    /// Effects active while it shows, seen from the battlefield (`who` reads `everyone`).
    pub effects: Vec<CardEffect>,
    /// Lines of fire longer than this are blocked while it shows.
    pub max_line_of_fire: Option<u8>,
    /// A red line follows this click: the dial turns no further.
    pub end: bool,
}

/// An event dial and its card (*Socle événement*): every player agrees to it before building
/// teams; the dial starts on its green line (the first click) and turns one click at the time
/// the card gives; without a red line it goes round for ever.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventDef {
    /// Identifier used by games and scenarios.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The card text.
    pub text: String,
    /// Its name in French, when the card gives one.
    #[serde(default)]
    pub name_fr: Option<String>,
    /// Its text in French, when the card gives one.
    #[serde(default)]
    pub text_fr: Option<String>,
    /// When the dial turns.
    pub turn: EventTurn,
    /// The clicks, from the green line.
    pub clicks: Vec<EventClick>,
    /// What the card asks that the clicks cannot say (set-up, victory conditions...): not run.
    pub not_expressed: Option<String>,
}

macro_rules! localized {
    ($($t:ty),*) => {$(
        impl $t {
            /// Its name in `lang` (English when the card has no French name).
            pub fn name_in(&self, lang: Lang) -> &str {
                match (lang, &self.name_fr) {
                    (Lang::Fr, Some(n)) => n,
                    _ => &self.name,
                }
            }

            /// Its text in `lang` (English when the card has no French text).
            pub fn text_in(&self, lang: Lang) -> &str {
                match (lang, &self.text_fr) {
                    (Lang::Fr, Some(t)) => t,
                    _ => &self.text,
                }
            }
        }
    )*};
}

localized!(FeatDef, ConditionDef, SpecialObjectDef, EventDef, AtaDef);

/// Every tactics card a game can use.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tactics {
    /// Feats.
    pub feats: Vec<FeatDef>,
    /// Battlefield conditions.
    pub conditions: Vec<ConditionDef>,
    /// Special objects.
    pub special_objects: Vec<SpecialObjectDef>,
    /// Event dials.
    pub events: Vec<EventDef>,
    /// Alternate team ability cards (Partie 3 *Compétences de groupe alternatives*).
    pub atas: Vec<AtaDef>,
}

impl Tactics {
    /// The project's own cards.
    pub fn builtin() -> Tactics {
        // The built-in file is checked by a test; should it ever fail, games run without cards
        // rather than not at all.
        tactics_from_toml_str(BUILTIN, "built-in content/heroclix/tactics/cards.toml")
            .unwrap_or_default()
    }

    /// The feat with this id.
    pub fn feat(&self, id: &str) -> Option<&FeatDef> {
        self.feats.iter().find(|f| f.id == id)
    }

    /// The battlefield condition with this id.
    pub fn condition(&self, id: &str) -> Option<&ConditionDef> {
        self.conditions.iter().find(|f| f.id == id)
    }

    /// The event dial with this id.
    pub fn event(&self, id: &str) -> Option<&EventDef> {
        self.events.iter().find(|f| f.id == id)
    }

    /// The special object with this id.
    pub fn special_object(&self, id: &str) -> Option<&SpecialObjectDef> {
        self.special_objects.iter().find(|f| f.id == id)
    }

    /// The alternate team ability card with this id.
    pub fn ata(&self, id: &str) -> Option<&AtaDef> {
        self.atas.iter().find(|f| f.id == id)
    }

    /// Every card id, for "did you mean".
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.feats
            .iter()
            .map(|f| f.id.as_str())
            .chain(self.conditions.iter().map(|c| c.id.as_str()))
            .chain(self.special_objects.iter().map(|c| c.id.as_str()))
            .chain(self.atas.iter().map(|c| c.id.as_str()))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTactics {
    #[serde(default)]
    feat: Vec<Spanned<RawFeat>>,
    #[serde(default)]
    condition: Vec<Spanned<RawCondition>>,
    #[serde(default)]
    special_object: Vec<Spanned<RawObject>>,
    #[serde(default)]
    event: Vec<Spanned<RawEvent>>,
    #[serde(default)]
    ata: Vec<Spanned<RawAta>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAta {
    id: Spanned<String>,
    name: Spanned<String>,
    text: String,
    name_fr: Option<String>,
    text_fr: Option<String>,
    prerequisite: Option<Spanned<RawAtaPrereq>>,
    cost: Option<Spanned<i64>>,
    team_ability: Option<Spanned<String>>,
    replaces: Option<bool>,
    wild_cards: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAtaPrereq {
    keyword: Option<Spanned<String>>,
    team: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    id: Spanned<String>,
    name: Spanned<String>,
    text: String,
    name_fr: Option<String>,
    text_fr: Option<String>,
    turn: Option<Spanned<String>>,
    #[serde(default)]
    click: Vec<Spanned<RawEventClick>>,
    not_expressed: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEventClick {
    #[serde(default)]
    effects: Vec<Spanned<RawEffect>>,
    max_line_of_fire: Option<Spanned<i64>>,
    #[serde(default)]
    end: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFeat {
    id: Spanned<String>,
    name: Spanned<String>,
    cost: Option<Spanned<i64>>,
    cost_per_character: Option<Spanned<i64>>,
    #[serde(default)]
    choose: Option<Spanned<i64>>,
    text: String,
    name_fr: Option<String>,
    text_fr: Option<String>,
    #[serde(default)]
    prerequisites: Option<Spanned<RawPrereq>>,
    #[serde(default)]
    effects: Vec<Spanned<RawEffect>>,
    not_expressed: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPrereq {
    #[serde(default)]
    abilities: Vec<Spanned<String>>,
    speed: Option<Spanned<i64>>,
    attack: Option<Spanned<i64>>,
    defense: Option<Spanned<i64>>,
    damage: Option<Spanned<i64>>,
    range: Option<Spanned<i64>>,
    max_points: Option<Spanned<i64>>,
    #[serde(default)]
    keywords: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCondition {
    id: Spanned<String>,
    name: Spanned<String>,
    text: String,
    name_fr: Option<String>,
    text_fr: Option<String>,
    #[serde(default)]
    effects: Vec<Spanned<RawEffect>>,
    max_line_of_fire: Option<Spanned<i64>>,
    not_expressed: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawObject {
    id: Spanned<String>,
    name: Spanned<String>,
    kind: Spanned<String>,
    #[serde(default)]
    cost: Option<Spanned<i64>>,
    text: String,
    name_fr: Option<String>,
    text_fr: Option<String>,
    #[serde(default)]
    effects: Vec<Spanned<RawEffect>>,
    not_expressed: Option<String>,
    #[serde(default)]
    rules: Vec<Spanned<String>>,
}

fn number(
    src: &Source,
    v: &Spanned<i64>,
    owner: &str,
    field: String,
    (min, max): (i64, i64),
    issues: &mut Vec<ContentIssue>,
) -> Option<i64> {
    let x = *v.get_ref();
    if (min..=max).contains(&x) {
        Some(x)
    } else {
        issues.push(src.issue(
            &v.span(),
            Some(owner),
            field,
            ContentProblem::OutOfRange { value: x, min, max },
        ));
        None
    }
}

fn ident(
    src: &Source,
    id: &Spanned<String>,
    name: &Spanned<String>,
    field: &str,
    seen: &mut HashSet<String>,
    issues: &mut Vec<ContentIssue>,
) -> String {
    let v = id.get_ref().trim().to_string();
    if v.is_empty() || v.contains(char::is_whitespace) {
        issues.push(src.issue(
            &id.span(),
            None,
            format!("{field}.id"),
            ContentProblem::BadText("an id is one word, without spaces".to_string()),
        ));
    } else if !seen.insert(v.clone()) {
        issues.push(src.issue(
            &id.span(),
            Some(&v),
            format!("{field}.id"),
            ContentProblem::BadText(format!("the id `{v}` is used by another card")),
        ));
    }
    if name.get_ref().trim().is_empty() {
        issues.push(src.issue(
            &name.span(),
            Some(&v),
            format!("{field}.name"),
            ContentProblem::BadText("a card needs a name".to_string()),
        ));
    }
    v
}

/// Reads tactics cards from TOML text; `origin` names it in errors, which name the card and
/// field (`feat[2].prerequisites.abilities[0]`).
pub fn tactics_from_toml_str(text: &str, origin: &str) -> Result<Tactics, ContentError> {
    let src = Source { text, origin };
    let raw: RawTactics =
        toml::from_str(text).map_err(|e| ContentError::Invalid(vec![src.toml_issue(&e)]))?;
    let mut issues = Vec::new();
    let mut seen = HashSet::new();
    let mut out = Tactics::default();
    for (i, f) in raw.feat.iter().enumerate() {
        let f = f.get_ref();
        let at = format!("feat[{i}]");
        let id = ident(&src, &f.id, &f.name, &at, &mut seen, &mut issues);
        let cost = match (&f.cost, &f.cost_per_character) {
            (Some(c), None) => number(&src, c, &id, format!("{at}.cost"), (0, 1000), &mut issues)
                .map(|c| FeatCost::Fixed(c as u32)),
            (None, Some(c)) => number(
                &src,
                c,
                &id,
                format!("{at}.cost_per_character"),
                (0, 1000),
                &mut issues,
            )
            .map(|c| FeatCost::PerCharacter(c as u32)),
            _ => {
                issues.push(src.issue(
                    &f.id.span(),
                    Some(&id),
                    format!("{at}.cost"),
                    ContentProblem::BadText(
                        "a feat needs exactly one of `cost` or `cost_per_character`".to_string(),
                    ),
                ));
                None
            }
        };
        let choose = match &f.choose {
            Some(c) => number(&src, c, &id, format!("{at}.choose"), (0, 20), &mut issues)
                .unwrap_or(0) as u8,
            None => 1,
        };
        if matches!(cost, Some(FeatCost::PerCharacter(_))) && choose == 0 {
            issues.push(src.issue(
                &f.id.span(),
                Some(&id),
                format!("{at}.choose"),
                ContentProblem::BadText(
                    "a feat priced per character needs characters to choose (`choose` of 1 or more)"
                        .to_string(),
                ),
            ));
        }
        let mut pre = Prerequisites::default();
        if let Some(p) = &f.prerequisites {
            let p = p.get_ref();
            for (j, a) in p.abilities.iter().enumerate() {
                match Ability::from_id(a.get_ref().trim()) {
                    Some(x) => pre.abilities.push(x),
                    None => issues.push(src.issue(
                        &a.span(),
                        Some(&id),
                        format!("{at}.prerequisites.abilities[{j}]"),
                        ContentProblem::UnknownPower {
                            id: a.get_ref().clone(),
                            close: crate::content::close_matches(
                                a.get_ref(),
                                crate::figure::Power::ALL.iter().map(|p| p.id()),
                            ),
                        },
                    )),
                }
            }
            let mut val = |v: &Option<Spanned<i64>>, name: &str, max: i64| {
                v.as_ref().and_then(|v| {
                    number(
                        &src,
                        v,
                        &id,
                        format!("{at}.prerequisites.{name}"),
                        (0, max),
                        &mut issues,
                    )
                })
            };
            pre.speed = val(&p.speed, "speed", 30).map(|v| v as u8);
            pre.attack = val(&p.attack, "attack", 30).map(|v| v as u8);
            pre.defense = val(&p.defense, "defense", 30).map(|v| v as u8);
            pre.damage = val(&p.damage, "damage", 30).map(|v| v as u8);
            pre.range = val(&p.range, "range", 30).map(|v| v as u8);
            pre.max_points = val(&p.max_points, "max_points", 10_000).map(|v| v as u32);
            pre.keywords = p.keywords.iter().map(|k| k.trim().to_string()).collect();
        }
        let effects = read_effects(
            &src,
            &f.effects,
            Some(&id),
            &format!("{at}.effects"),
            &mut issues,
        );
        if let Some(cost) = cost {
            out.feats.push(FeatDef {
                id,
                name: f.name.get_ref().trim().to_string(),
                cost,
                choose,
                text: f.text.clone(),
                name_fr: f.name_fr.clone(),
                text_fr: f.text_fr.clone(),
                prerequisites: pre,
                effects,
                not_expressed: f.not_expressed.clone(),
            });
        }
    }
    for (i, c) in raw.condition.iter().enumerate() {
        let c = c.get_ref();
        let at = format!("condition[{i}]");
        let id = ident(&src, &c.id, &c.name, &at, &mut seen, &mut issues);
        let effects = read_effects(
            &src,
            &c.effects,
            Some(&id),
            &format!("{at}.effects"),
            &mut issues,
        );
        let max_line_of_fire = c.max_line_of_fire.as_ref().and_then(|v| {
            number(
                &src,
                v,
                &id,
                format!("{at}.max_line_of_fire"),
                (1, 100),
                &mut issues,
            )
        });
        out.conditions.push(ConditionDef {
            id,
            name: c.name.get_ref().trim().to_string(),
            text: c.text.clone(),
            name_fr: c.name_fr.clone(),
            text_fr: c.text_fr.clone(),
            effects,
            max_line_of_fire: max_line_of_fire.map(|v| v as u8),
            not_expressed: c.not_expressed.clone(),
        });
    }
    for (i, o) in raw.special_object.iter().enumerate() {
        let o = o.get_ref();
        let at = format!("special_object[{i}]");
        let id = ident(&src, &o.id, &o.name, &at, &mut seen, &mut issues);
        let kind = match o.kind.get_ref().trim() {
            "light" => Some(ObjectKind::Light),
            "heavy" => Some(ObjectKind::Heavy),
            "immobile" => Some(ObjectKind::Immobile),
            other => {
                issues.push(src.issue(
                    &o.kind.span(),
                    Some(&id),
                    format!("{at}.kind"),
                    ContentProblem::UnknownValue {
                        value: other.to_string(),
                        known: vec!["light".into(), "heavy".into(), "immobile".into()],
                    },
                ));
                None
            }
        };
        let cost = o
            .cost
            .as_ref()
            .and_then(|v| number(&src, v, &id, format!("{at}.cost"), (0, 1000), &mut issues))
            .unwrap_or(0) as u32;
        let effects = read_effects(
            &src,
            &o.effects,
            Some(&id),
            &format!("{at}.effects"),
            &mut issues,
        );
        let mut rules = Vec::new();
        for (k, r) in o.rules.iter().enumerate() {
            match ObjectRule::ALL
                .iter()
                .find(|(_, id)| *id == r.get_ref().trim())
            {
                Some((rule, _)) => rules.push(*rule),
                None => issues.push(src.issue(
                    &r.span(),
                    Some(&id),
                    format!("{at}.rules[{k}]"),
                    ContentProblem::UnknownValue {
                        value: r.get_ref().clone(),
                        known: ObjectRule::ALL.iter().map(|(_, i)| i.to_string()).collect(),
                    },
                )),
            }
        }
        if let Some(kind) = kind {
            out.special_objects.push(SpecialObjectDef {
                id,
                name: o.name.get_ref().trim().to_string(),
                kind,
                cost,
                text: o.text.clone(),
                name_fr: o.name_fr.clone(),
                text_fr: o.text_fr.clone(),
                effects,
                not_expressed: o.not_expressed.clone(),
                rules,
            });
        }
    }
    for (i, e) in raw.event.iter().enumerate() {
        let span = e.span();
        let e = e.get_ref();
        let at = format!("event[{i}]");
        let id = ident(&src, &e.id, &e.name, &at, &mut seen, &mut issues);
        let turn = match e.turn.as_ref().map(|t| t.get_ref().trim()) {
            None | Some("round_start") => EventTurn::RoundStart,
            Some("turn_start") => EventTurn::TurnStart,
            Some(other) => {
                issues.push(src.issue(
                    &e.turn.as_ref().map_or(span.clone(), |t| t.span()),
                    Some(&id),
                    format!("{at}.turn"),
                    ContentProblem::UnknownValue {
                        value: other.to_string(),
                        known: vec!["round_start".into(), "turn_start".into()],
                    },
                ));
                EventTurn::RoundStart
            }
        };
        if e.click.is_empty() {
            issues.push(src.issue(
                &span,
                Some(&id),
                format!("{at}.click"),
                ContentProblem::BadText("an event dial needs at least one [[event.click]]".into()),
            ));
        }
        let mut clicks = Vec::new();
        for (k, c) in e.click.iter().enumerate() {
            let c = c.get_ref();
            let effects = read_effects(
                &src,
                &c.effects,
                Some(&id),
                &format!("{at}.click[{k}].effects"),
                &mut issues,
            );
            let max_line_of_fire = c.max_line_of_fire.as_ref().and_then(|v| {
                number(
                    &src,
                    v,
                    &id,
                    format!("{at}.click[{k}].max_line_of_fire"),
                    (1, 100),
                    &mut issues,
                )
            });
            clicks.push(EventClick {
                effects,
                max_line_of_fire: max_line_of_fire.map(|v| v as u8),
                end: c.end,
            });
        }
        out.events.push(EventDef {
            id,
            name: e.name.get_ref().trim().to_string(),
            text: e.text.clone(),
            name_fr: e.name_fr.clone(),
            text_fr: e.text_fr.clone(),
            turn,
            clicks,
            not_expressed: e.not_expressed.clone(),
        });
    }
    for (i, a) in raw.ata.iter().enumerate() {
        let span = a.span();
        let a = a.get_ref();
        let at = format!("ata[{i}]");
        let id = ident(&src, &a.id, &a.name, &at, &mut seen, &mut issues);
        let missing = |issues: &mut Vec<ContentIssue>, field: &str, what: &str| {
            issues.push(src.issue(
                &span,
                Some(&id),
                format!("{at}.{field}"),
                ContentProblem::BadText(what.to_string()),
            ));
        };
        let cost = match &a.cost {
            Some(c) => number(&src, c, &id, format!("{at}.cost"), (0, 1000), &mut issues),
            None => {
                missing(
                    &mut issues,
                    "cost",
                    "an ATA card needs a `cost` (points per character)",
                );
                None
            }
        };
        let team_ability = match &a.team_ability {
            Some(t) => {
                let v = t.get_ref().trim();
                if crate::game::powers::TEAM_ABILITIES_RUN.contains(&v) {
                    Some(v.to_string())
                } else {
                    issues.push(
                        src.issue(
                            &t.span(),
                            Some(&id),
                            format!("{at}.team_ability"),
                            ContentProblem::UnknownValue {
                                value: t.get_ref().clone(),
                                known: crate::game::powers::TEAM_ABILITIES_RUN
                                    .iter()
                                    .map(|x| x.to_string())
                                    .collect(),
                            },
                        ),
                    );
                    None
                }
            }
            None => {
                missing(
                    &mut issues,
                    "team_ability",
                    "an ATA card needs the `team_ability` it gives",
                );
                None
            }
        };
        let replaces = match a.replaces {
            Some(r) => Some(r),
            None => {
                missing(
                    &mut issues,
                    "replaces",
                    "say whether the ATA card replaces the characters' team abilities (`replaces = true`) or adds one (`replaces = false`)",
                );
                None
            }
        };
        let mut prerequisite = AtaPrerequisite::default();
        match &a.prerequisite {
            None => missing(
                &mut issues,
                "prerequisite",
                "an ATA card needs a `prerequisite`: `{ keyword = \"...\" }` and/or `{ team = \"...\" }`",
            ),
            Some(p) => {
                let pspan = p.span();
                let p = p.get_ref();
                let mut word = |v: &Option<Spanned<String>>, field: &str, what: &str| {
                    let v = v.as_ref()?;
                    let t = v.get_ref().trim();
                    let bad = t.is_empty() || (field == "team" && t.contains(char::is_whitespace));
                    if bad {
                        issues.push(src.issue(
                            &v.span(),
                            Some(&id),
                            format!("{at}.prerequisite.{field}"),
                            ContentProblem::BadText(what.to_string()),
                        ));
                        None
                    } else {
                        Some(t.to_string())
                    }
                };
                prerequisite.keyword = word(&p.keyword, "keyword", "a keyword cannot be empty");
                prerequisite.team = word(
                    &p.team,
                    "team",
                    "a team ability is an identifier without spaces, such as `avengers`",
                );
                if p.keyword.is_none() && p.team.is_none() {
                    issues.push(src.issue(
                        &pspan,
                        Some(&id),
                        format!("{at}.prerequisite"),
                        ContentProblem::BadText(
                            "give the characters that may use the card: `keyword` and/or `team`"
                                .to_string(),
                        ),
                    ));
                }
            }
        }
        if let (Some(cost), Some(team_ability), Some(replaces)) = (cost, team_ability, replaces) {
            out.atas.push(AtaDef {
                id,
                name: a.name.get_ref().trim().to_string(),
                text: a.text.clone(),
                name_fr: a.name_fr.clone(),
                text_fr: a.text_fr.clone(),
                prerequisite,
                cost: cost as u32,
                team_ability,
                replaces,
                wild_cards: a.wild_cards.unwrap_or(true),
            });
        }
    }
    if issues.is_empty() {
        Ok(out)
    } else {
        Err(ContentError::Invalid(issues))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_cards_load() {
        let t = tactics_from_toml_str(BUILTIN, "cards.toml").unwrap_or_else(|e| panic!("{e}"));
        assert!(t.feats.len() >= 4);
        assert!(!t.conditions.is_empty());
        assert!(!t.special_objects.is_empty());
    }

    #[test]
    fn errors_name_card_and_field() {
        let text = "[[feat]]\nid = \"x1\"\nname = \"X\"\ncost = 5\ntext = \"\"\nprerequisites = { abilities = [\"stelth\"] }\n";
        let e = tactics_from_toml_str(text, "t.toml")
            .unwrap_err()
            .to_string();
        assert!(e.contains("feat[0].prerequisites.abilities[0]"), "{e}");
        assert!(e.contains("stealth"), "{e}");
        let text = "[[feat]]\nid = \"x1\"\nname = \"X\"\ntext = \"\"\n";
        let e = tactics_from_toml_str(text, "t.toml")
            .unwrap_err()
            .to_string();
        assert!(e.contains("feat[0].cost"), "{e}");
        let text = "[[special_object]]\nid = \"o\"\nname = \"O\"\nkind = \"huge\"\ntext = \"\"\n";
        let e = tactics_from_toml_str(text, "t.toml")
            .unwrap_err()
            .to_string();
        assert!(e.contains("special_object[0].kind"), "{e}");
        let text = "[[condition]]\nid = \"c\"\nname = \"C\"\ntext = \"\"\n[[condition]]\nid = \"c\"\nname = \"D\"\ntext = \"\"\n";
        let e = tactics_from_toml_str(text, "t.toml")
            .unwrap_err()
            .to_string();
        assert!(e.contains("used by another card"), "{e}");
    }

    #[test]
    fn ata_cards_load_and_errors_name_card_and_field() {
        let t = tactics_from_toml_str(BUILTIN, "cards.toml").unwrap_or_else(|e| panic!("{e}"));
        assert!(t.atas.len() >= 2);
        assert!(t.atas.iter().any(|a| a.replaces) && t.atas.iter().any(|a| !a.replaces));
        for a in &t.atas {
            assert!(a.name_fr.is_some() && a.text_fr.is_some(), "{}", a.id);
        }
        let card =
            |body: &str| format!("[[ata]]\nid = \"ata9\"\nname = \"A\"\ntext = \"\"\n{body}");
        let err = |body: &str| {
            tactics_from_toml_str(&card(body), "t.toml")
                .unwrap_err()
                .to_string()
        };
        let ok = card(
            "prerequisite = { keyword = \"Warden\" }\ncost = 2\nteam_ability = \"defenders\"\nreplaces = false\n",
        );
        let t = tactics_from_toml_str(&ok, "t.toml").unwrap_or_else(|e| panic!("{e}"));
        assert!(t.atas[0].wild_cards);
        assert_eq!(t.atas[0].points(3), 6);
        let e = err("prerequisite = { keyword = \"Warden\" }\ncost = 2\nteam_ability = \"defender\"\nreplaces = false\n");
        assert!(
            e.contains("t.toml") && e.contains("ata9") && e.contains("ata[0].team_ability"),
            "{e}"
        );
        assert!(e.contains("defenders"), "{e}");
        let e =
            err("prerequisite = {}\ncost = 2\nteam_ability = \"defenders\"\nreplaces = false\n");
        assert!(e.contains("ata[0].prerequisite"), "{e}");
        let e = err("prerequisite = { team = \"fantastic four\" }\ncost = 2\nteam_ability = \"defenders\"\nreplaces = false\n");
        assert!(e.contains("ata[0].prerequisite.team"), "{e}");
        let e = err("prerequisite = { keyword = \"Warden\" }\ncost = -1\nteam_ability = \"defenders\"\nreplaces = false\n");
        assert!(e.contains("ata[0].cost"), "{e}");
        let e = err("prerequisite = { keyword = \"Warden\" }\nteam_ability = \"defenders\"\n");
        assert!(
            e.contains("ata[0].cost") && e.contains("ata[0].replaces"),
            "{e}"
        );
        let e = err("prerequisite = { keyword = \"Warden\", power = \"x\" }\ncost = 1\nteam_ability = \"defenders\"\nreplaces = false\n");
        assert!(e.contains("power"), "{e}");
    }

    #[test]
    fn generic_keywords_any_case() {
        assert!(is_generic("martial artist"));
        assert!(is_generic("SOLDIER"));
        assert!(!is_generic("Warden"));
    }
}
