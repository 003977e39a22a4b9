//! Teams: the team file and the check of a team against the team-building rules (rulebook
//! *Construisez votre équipe*, *Total de points de construction*, *Personnages uniques*,
//! *Total d'action*; FAQ 2002 *Constituez votre équipe*).
//!
//! A team file is TOML:
//!
//! ```toml
//! name = "Wardens"
//! build_total = 300          # optional: the total the team was built for
//!
//! [[figure]]
//! id = "sk011"               # a figure id of the catalogue
//! starting_line = 2          # optional, counted from 1 (default: the first)
//! custom_name = "The Captain" # optional name shown to players
//!
//! [[feat]]                   # rulebook Partie 4 *Exploits*
//! id = "ft01"                # a feat of the tactics cards
//! characters = [1]           # the entries (from 1) it is assigned to
//!
//! [[object]]                 # *Les objets dans votre équipe*: up to three
//! kind = "light"             # light, heavy or immobile; or special = "so01"
//! name = "Girder"            # optional
//!
//! condition = "bc01"         # optional battlefield condition (top of the file)
//! ata = "ata01"              # optional alternate team ability card (Partie 3 *Compétences de
//!                            # groupe alternatives*; top of the file): one per team
//! ```
//!
//! [`check_team`] explains every broken rule, each as a [`TeamViolation`] that players can read
//! in English or French, and lists what the figures can do that the engine does not run yet.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use skirmish_lang::Lang;
use toml::Spanned;

use crate::content::{self, Catalogue, ContentError, ContentProblem, Source};
use crate::figure::{DialPower, FigureDef, SpecialKind};

/// Build total the rulebook finds most balanced (*Total de points de construction*).
pub const DEFAULT_BUILD_TOTAL: u32 = 300;

/// Build points that buy one action per turn (*Total d'action*).
pub const POINTS_PER_ACTION: u32 = 100;

/// A team as written in a team file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Team {
    /// The team's name.
    pub name: String,
    /// The build total the team was made for, if the file says.
    pub build_total: Option<u32>,
    /// The figures, in file order.
    pub figures: Vec<TeamEntry>,
    /// Feats assigned (rulebook *Exploits*).
    pub feats: Vec<FeatEntry>,
    /// Objects brought (*Les objets dans votre équipe*).
    pub objects: Vec<ObjectEntry>,
    /// The battlefield condition brought, by card id.
    pub condition: Option<String>,
    /// The alternate team ability card brought, by card id (Partie 3 *Compétences de groupe
    /// alternatives*: one per team).
    pub ata: Option<String>,
}

/// A feat assigned in a team file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatEntry {
    /// Card id.
    pub feat: String,
    /// Entries it is assigned to, counted from 1.
    pub characters: Vec<usize>,
}

/// An object brought in a team file: a standard one of a kind, or a special object card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectEntry {
    /// Light, heavy or immobile, for a standard object.
    pub kind: Option<crate::game::state::ObjectKind>,
    /// Special object card id.
    pub special: Option<String>,
    /// A name for players.
    pub name: Option<String>,
}

/// One figure of a team.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamEntry {
    /// Figure id in the catalogue.
    pub figure: String,
    /// Starting line, counted from 1 as players count them (1 = the first).
    pub starting_line: usize,
    /// A name the player gave this copy, shown instead of the figure's.
    pub custom_name: Option<String>,
}

impl TeamEntry {
    /// An entry on the first starting line, without a custom name.
    pub fn new(figure: impl Into<String>) -> TeamEntry {
        TeamEntry {
            figure: figure.into(),
            starting_line: 1,
            custom_name: None,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTeam {
    name: Spanned<String>,
    build_total: Option<Spanned<i64>>,
    #[serde(default)]
    figure: Vec<RawEntry>,
    #[serde(default)]
    feat: Vec<RawFeatEntry>,
    #[serde(default)]
    object: Vec<RawObjectEntry>,
    condition: Option<String>,
    ata: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFeatEntry {
    id: Spanned<String>,
    #[serde(default)]
    characters: Vec<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawObjectEntry {
    kind: Option<Spanned<String>>,
    special: Option<Spanned<String>>,
    name: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    id: Spanned<String>,
    starting_line: Option<Spanned<i64>>,
    custom_name: Option<String>,
}

/// Reads a team from TOML text; `origin` names it in errors. Only the file's shape is checked
/// here: the rules are [`check_team`]'s.
pub fn team_from_toml_str(text: &str, origin: &str) -> Result<Team, ContentError> {
    let src = Source { text, origin };
    let raw: RawTeam =
        toml::from_str(text).map_err(|e| ContentError::Invalid(vec![src.toml_issue(&e)]))?;
    let mut issues = Vec::new();
    if raw.name.get_ref().trim().is_empty() {
        issues.push(src.issue(
            &raw.name.span(),
            None,
            "name",
            ContentProblem::BadText("the team needs a name".to_string()),
        ));
    }
    let build_total = raw.build_total.as_ref().and_then(|b| {
        let v = *b.get_ref();
        let max = i64::from(u32::MAX / 2);
        if (1..=max).contains(&v) {
            Some(v as u32)
        } else {
            issues.push(src.issue(
                &b.span(),
                None,
                "build_total",
                ContentProblem::OutOfRange {
                    value: v,
                    min: 1,
                    max,
                },
            ));
            None
        }
    });
    let mut figures = Vec::new();
    for (i, e) in raw.figure.into_iter().enumerate() {
        let line = match &e.starting_line {
            None => 1,
            Some(l) => {
                let v = *l.get_ref();
                if (1..=1000).contains(&v) {
                    v as usize
                } else {
                    issues.push(src.issue(
                        &l.span(),
                        Some(e.id.get_ref()),
                        format!("figure[{i}].starting_line"),
                        ContentProblem::OutOfRange {
                            value: v,
                            min: 1,
                            max: 1000,
                        },
                    ));
                    1
                }
            }
        };
        figures.push(TeamEntry {
            figure: e.id.get_ref().trim().to_string(),
            starting_line: line,
            custom_name: e.custom_name.filter(|n| !n.trim().is_empty()),
        });
    }
    let mut feats = Vec::new();
    for (i, f) in raw.feat.iter().enumerate() {
        let mut characters = Vec::new();
        for (j, c) in f.characters.iter().enumerate() {
            let v = *c.get_ref();
            if (1..=1000).contains(&v) {
                characters.push(v as usize);
            } else {
                issues.push(src.issue(
                    &c.span(),
                    None,
                    format!("feat[{i}].characters[{j}]"),
                    ContentProblem::OutOfRange {
                        value: v,
                        min: 1,
                        max: 1000,
                    },
                ));
            }
        }
        feats.push(FeatEntry {
            feat: f.id.get_ref().trim().to_string(),
            characters,
        });
    }
    let mut objects = Vec::new();
    for (i, o) in raw.object.iter().enumerate() {
        let kind = match &o.kind {
            Some(k) => match k.get_ref().trim() {
                "light" => Some(crate::game::state::ObjectKind::Light),
                "heavy" => Some(crate::game::state::ObjectKind::Heavy),
                "immobile" => Some(crate::game::state::ObjectKind::Immobile),
                other => {
                    issues.push(src.issue(
                        &k.span(),
                        None,
                        format!("object[{i}].kind"),
                        ContentProblem::UnknownValue {
                            value: other.to_string(),
                            known: vec!["light".into(), "heavy".into(), "immobile".into()],
                        },
                    ));
                    None
                }
            },
            None => None,
        };
        let special = o.special.as_ref().map(|s| s.get_ref().trim().to_string());
        if o.kind.is_some() == o.special.is_some() {
            let at = o
                .kind
                .as_ref()
                .map(|k| k.span())
                .or_else(|| o.special.as_ref().map(|s| s.span()))
                .unwrap_or(0..0);
            issues.push(src.issue(
                &at,
                None,
                format!("object[{i}]"),
                ContentProblem::BadText(
                    "an object is either `kind = \"light\"|\"heavy\"|\"immobile\"` or `special = \"<card id>\"`"
                        .to_string(),
                ),
            ));
        }
        objects.push(ObjectEntry {
            kind,
            special,
            name: o.name.clone().filter(|n| !n.trim().is_empty()),
        });
    }
    if issues.is_empty() {
        Ok(Team {
            name: raw.name.into_inner(),
            build_total,
            figures,
            feats,
            objects,
            condition: raw
                .condition
                .map(|c| c.trim().to_string())
                .filter(|c| !c.is_empty()),
            ata: raw
                .ata
                .map(|c| c.trim().to_string())
                .filter(|c| !c.is_empty()),
        })
    } else {
        Err(ContentError::Invalid(issues))
    }
}

/// Reads a team file.
pub fn load_team(path: impl AsRef<Path>) -> Result<Team, ContentError> {
    let path = path.as_ref();
    let text = content::read_text(path)?;
    team_from_toml_str(&text, &path.display().to_string())
}

/// Writes a team in the format [`team_from_toml_str`] reads.
pub fn team_to_toml(team: &Team) -> String {
    let mut out = format!("name = {}\n", content::toml_string(&team.name));
    if let Some(b) = team.build_total {
        out.push_str(&format!("build_total = {b}\n"));
    }
    if let Some(c) = &team.condition {
        out.push_str(&format!("condition = {}\n", content::toml_string(c)));
    }
    if let Some(c) = &team.ata {
        out.push_str(&format!("ata = {}\n", content::toml_string(c)));
    }
    for e in &team.figures {
        out.push_str(&format!(
            "\n[[figure]]\nid = {}\n",
            content::toml_string(&e.figure)
        ));
        if e.starting_line != 1 {
            out.push_str(&format!("starting_line = {}\n", e.starting_line));
        }
        if let Some(n) = &e.custom_name {
            out.push_str(&format!("custom_name = {}\n", content::toml_string(n)));
        }
    }
    for f in &team.feats {
        let chars: Vec<String> = f.characters.iter().map(usize::to_string).collect();
        out.push_str(&format!(
            "\n[[feat]]\nid = {}\ncharacters = [{}]\n",
            content::toml_string(&f.feat),
            chars.join(", ")
        ));
    }
    for o in &team.objects {
        out.push_str("\n[[object]]\n");
        if let Some(k) = o.kind {
            let k = match k {
                crate::game::state::ObjectKind::Light => "light",
                crate::game::state::ObjectKind::Heavy => "heavy",
                crate::game::state::ObjectKind::Immobile => "immobile",
            };
            out.push_str(&format!("kind = \"{k}\"\n"));
        }
        if let Some(s) = &o.special {
            out.push_str(&format!("special = {}\n", content::toml_string(s)));
        }
        if let Some(n) = &o.name {
            out.push_str(&format!("name = {}\n", content::toml_string(n)));
        }
    }
    out
}

/// Actions per turn for a build total: one per full 100 points (*Total d'action*).
pub fn action_total(build_total: u32) -> u32 {
    build_total / POINTS_PER_ACTION
}

/// A broken team-building rule. Entry numbers are indices into [`Team::figures`] (0-based);
/// the texts count from 1 as players do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TeamViolation {
    /// No figure at all (*Une équipe doit contenir au moins un personnage*).
    Empty,
    /// The points add up to more than the build total.
    OverBuildTotal {
        /// The team's points.
        points: u32,
        /// The build total.
        build_total: u32,
    },
    /// Below 100 points, the team would have no action per turn.
    BuildTotalTooSmall {
        /// The build total.
        build_total: u32,
    },
    /// Two or more unique figures with the same name, set and collector number
    /// (*Personnages uniques*).
    DuplicateUnique {
        /// Character name.
        name: String,
        /// Set code.
        set: String,
        /// Collector number.
        number: String,
        /// The entries holding it.
        entries: Vec<usize>,
    },
    /// A figure id the catalogue does not hold.
    UnknownFigure {
        /// The entry.
        entry: usize,
        /// The id written.
        id: String,
        /// Ids of the catalogue that look alike.
        close: Vec<String>,
    },
    /// A starting line the figure's dial does not have.
    NoSuchStartingLine {
        /// The entry.
        entry: usize,
        /// The figure's name.
        name: String,
        /// The line asked for (from 1).
        line: usize,
        /// How many the dial has.
        lines: usize,
    },
    /// The figure's data has no point value for the chosen starting line.
    NoPointValue {
        /// The entry.
        entry: usize,
        /// The figure's name.
        name: String,
        /// The line (from 1).
        line: usize,
    },
    /// The figure's data has no combat dial, so it cannot be played.
    NoDial {
        /// The entry.
        entry: usize,
        /// The figure's name.
        name: String,
    },
    /// A rule of Partie 4 *Tactiques* (feats, objects, battlefield condition) is broken.
    Tactics {
        /// Which rule.
        rule: TacticsRule,
        /// The explanation in English.
        en: String,
        /// The explanation in French.
        fr: String,
    },
}

/// The tactics rules a team can break.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TacticsRule {
    /// A card id the tactics cards do not hold.
    UnknownCard,
    /// A feat assigned to the wrong number of characters, or to entries the team lacks.
    FeatCharacters,
    /// A character that cannot meet a feat's prerequisites (*Assigner un exploit*).
    FeatPrerequisites,
    /// Two copies of one feat on one character.
    FeatTwice,
    /// Feats worth more than 10% of the build total (*Règle des 10%*).
    TenPercent,
    /// More than three objects, or not one light and one heavy among three.
    Objects,
    /// An alternate team ability card no character of the team meets the prerequisite of
    /// (Partie 3 *Compétences de groupe alternatives*).
    AtaPrerequisite,
}

impl TeamViolation {
    /// The explanation for players.
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (TeamViolation::Empty, Lang::En) => {
                "The team has no character: a team must contain at least one.".to_string()
            }
            (TeamViolation::Empty, Lang::Fr) => {
                "L'équipe ne contient aucun personnage : une équipe doit contenir au moins un \
                 personnage."
                    .to_string()
            }
            (
                TeamViolation::OverBuildTotal {
                    points,
                    build_total,
                },
                Lang::En,
            ) => format!(
                "The team costs {points} points, {} over the build total of {build_total}.",
                points.saturating_sub(*build_total)
            ),
            (
                TeamViolation::OverBuildTotal {
                    points,
                    build_total,
                },
                Lang::Fr,
            ) => format!(
                "L'équipe coûte {points} points, soit {} de plus que le total de points de \
                 construction ({build_total}).",
                points.saturating_sub(*build_total)
            ),
            (TeamViolation::BuildTotalTooSmall { build_total }, Lang::En) => format!(
                "A build total of {build_total} points gives no action per turn: one action per \
                 full 100 points."
            ),
            (TeamViolation::BuildTotalTooSmall { build_total }, Lang::Fr) => format!(
                "Un total de points de construction de {build_total} ne donne aucune action par \
                 tour : une action par tranche de 100 points."
            ),
            (
                TeamViolation::DuplicateUnique {
                    name,
                    set,
                    number,
                    entries,
                },
                Lang::En,
            ) => format!(
                "The unique character {name} ({set} #{number}) is on the team {} times \
                 (entries {}): a team may hold only one copy of a unique character.",
                entries.len(),
                entry_list(entries)
            ),
            (
                TeamViolation::DuplicateUnique {
                    name,
                    set,
                    number,
                    entries,
                },
                Lang::Fr,
            ) => format!(
                "Le personnage unique {name} ({set} n° {number}) figure {} fois dans l'équipe \
                 (entrées {}) : une équipe ne peut contenir qu'un seul exemplaire d'un \
                 personnage unique.",
                entries.len(),
                entry_list(entries)
            ),
            (TeamViolation::UnknownFigure { entry, id, close }, Lang::En) => {
                let mut s = format!("Entry {}: no figure `{id}` in the catalogue", entry + 1);
                if !close.is_empty() {
                    s.push_str(&format!(" (did you mean {}?)", code_list(close)));
                }
                s.push('.');
                s
            }
            (TeamViolation::UnknownFigure { entry, id, close }, Lang::Fr) => {
                let mut s = format!(
                    "Entrée {} : aucun personnage `{id}` dans le catalogue",
                    entry + 1
                );
                if !close.is_empty() {
                    s.push_str(&format!(" (vouliez-vous dire {} ?)", code_list(close)));
                }
                s.push('.');
                s
            }
            (
                TeamViolation::NoSuchStartingLine {
                    entry,
                    name,
                    line,
                    lines,
                },
                Lang::En,
            ) => format!(
                "Entry {} ({name}): starting line {line} does not exist; this dial has {lines}.",
                entry + 1
            ),
            (
                TeamViolation::NoSuchStartingLine {
                    entry,
                    name,
                    line,
                    lines,
                },
                Lang::Fr,
            ) => format!(
                "Entrée {} ({name}) : la ligne de départ {line} n'existe pas ; ce disque de \
                 combat en a {lines}.",
                entry + 1
            ),
            (TeamViolation::NoPointValue { entry, name, line }, Lang::En) => format!(
                "Entry {} ({name}): the figure's data gives no point value for starting line \
                 {line}.",
                entry + 1
            ),
            (TeamViolation::NoPointValue { entry, name, line }, Lang::Fr) => format!(
                "Entrée {} ({name}) : les données de ce personnage ne donnent pas de valeur en \
                 points pour la ligne de départ {line}.",
                entry + 1
            ),
            (TeamViolation::NoDial { entry, name }, Lang::En) => format!(
                "Entry {} ({name}): the figure's data has no combat dial, so it cannot play.",
                entry + 1
            ),
            (TeamViolation::Tactics { en, .. }, Lang::En) => en.clone(),
            (TeamViolation::Tactics { fr, .. }, Lang::Fr) => fr.clone(),
            (TeamViolation::NoDial { entry, name }, Lang::Fr) => format!(
                "Entrée {} ({name}) : les données de ce personnage n'ont pas de disque de \
                 combat ; il ne peut pas jouer.",
                entry + 1
            ),
        }
    }
}

fn entry_list(entries: &[usize]) -> String {
    entries
        .iter()
        .map(|e| (e + 1).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn code_list(items: &[String]) -> String {
    items
        .iter()
        .map(|s| format!("`{s}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Something a figure of the team can do that the engine does not run yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ability {
    /// A standard power on the dial, or a mark the engine does not know.
    Power(DialPower),
    /// A special power or trait of the character card.
    Special {
        /// Trait or column.
        kind: SpecialKind,
        /// Its name.
        name: String,
    },
    /// A team ability (team symbol).
    TeamAbility(String),
}

impl Ability {
    /// Orders the list: dial powers in card order, then card entries, then team abilities.
    fn sort_key(&self) -> (u8, usize, String) {
        match self {
            Ability::Power(DialPower::Standard(p)) => (
                0,
                crate::figure::Power::ALL
                    .iter()
                    .position(|x| x == p)
                    .unwrap_or(0),
                String::new(),
            ),
            Ability::Power(DialPower::Special) => (1, 0, String::new()),
            Ability::Power(DialPower::Unknown(s)) => (1, 1, s.clone()),
            Ability::Special { kind, name } => (2, *kind as usize, name.clone()),
            Ability::TeamAbility(id) => (3, 0, id.clone()),
        }
    }

    /// Its name for players.
    pub fn name(&self, lang: Lang) -> String {
        match self {
            Ability::Power(DialPower::Standard(p)) => p.name(lang).to_string(),
            Ability::Power(DialPower::Special) => {
                lang.pick("special power", "pouvoir spécial").to_string()
            }
            Ability::Power(DialPower::Unknown(s)) => s.clone(),
            Ability::Special { kind, name } => {
                let what = match kind {
                    SpecialKind::Trait => lang.pick("trait", "trait"),
                    _ => lang.pick("special power", "pouvoir spécial"),
                };
                format!("{name} ({what})")
            }
            Ability::TeamAbility(id) => format!(
                "{id} ({})",
                lang.pick("team ability", "compétence d'équipe")
            ),
        }
    }
}

/// An ability not run yet and the entries whose figures carry it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotRunYet {
    /// The ability.
    pub ability: Ability,
    /// Entries (0-based) whose figure carries it.
    pub entries: Vec<usize>,
}

/// One entry as checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrySummary {
    /// Figure id.
    pub figure: String,
    /// Name shown to players: the custom name, else the figure's.
    pub name: String,
    /// Starting line (from 1).
    pub starting_line: usize,
    /// Cost, when the figure and its line are known.
    pub points: Option<u32>,
}

/// The result of [`check_team`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamReport {
    /// The build total checked against.
    pub build_total: u32,
    /// Points of every entry whose cost is known.
    pub points: u32,
    /// Actions per turn (*Total d'action*).
    pub actions: u32,
    /// Each entry, in team order.
    pub entries: Vec<EntrySummary>,
    /// Every broken rule; empty for a legal team.
    pub violations: Vec<TeamViolation>,
    /// Abilities the figures carry that the engine does not run yet.
    pub not_run_yet: Vec<NotRunYet>,
    /// The theme the team makes, if it is a theme team (*Équipes à thème*).
    pub theme: Option<crate::tactics::Theme>,
    /// The alternate team ability card the team brings, when the tactics cards hold it.
    pub ata: Option<AtaSummary>,
}

/// An alternate team ability card in a team (Partie 3 *Compétences de groupe alternatives*):
/// who possesses its team ability and what it costs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtaSummary {
    /// The card.
    pub def: crate::tactics::AtaDef,
    /// Entries (0-based) whose characters meet its prerequisite.
    pub entries: Vec<usize>,
    /// Its cost: the card's cost per character, times their number.
    pub points: u32,
}

impl AtaSummary {
    /// What it gives, for players: "Harbour Watch: Defenders team ability in addition to the
    /// printed ones for 4 character(s) × 2 = 8 points".
    pub fn describe(&self, lang: Lang) -> String {
        let d = &self.def;
        let team = crate::game::powers::team_name(&d.team_ability, lang);
        let how = match (d.replaces, lang) {
            (false, Lang::En) => format!("the {team} team ability in addition to their own"),
            (true, Lang::En) => format!("the {team} team ability instead of their own"),
            (false, Lang::Fr) => {
                format!("la compétence de groupe {team} en plus des leurs")
            }
            (true, Lang::Fr) => {
                format!("la compétence de groupe {team} à la place des leurs")
            }
        };
        let wild = match (d.wild_cards, lang) {
            (true, _) => "",
            (false, Lang::En) => "; wild cards cannot use it",
            (false, Lang::Fr) => " ; les jokers ne peuvent pas l'utiliser",
        };
        match lang {
            Lang::En => format!(
                "{} ({}): {} character(s) meeting its prerequisite ({}) have {how}{wild}; {} × {} = {} points",
                d.name,
                d.id,
                self.entries.len(),
                d.prerequisite.describe(lang),
                self.entries.len(),
                d.cost,
                self.points
            ),
            Lang::Fr => format!(
                "{} ({}) : {} personnage(s) satisfaisant au pré-requis ({}) possèdent {how}{wild} ; {} × {} = {} points",
                d.name_in(lang),
                d.id,
                self.entries.len(),
                d.prerequisite.describe(lang),
                self.entries.len(),
                d.cost,
                self.points
            ),
        }
    }
}

/// The team's alternate team ability card and the entries meeting its prerequisite, when the
/// tactics cards hold it.
pub fn ata_summary(team: &Team, catalogue: &Catalogue) -> Option<AtaSummary> {
    let def = catalogue.tactics().ata(team.ata.as_deref()?)?;
    let entries: Vec<usize> = team
        .figures
        .iter()
        .enumerate()
        .filter(|(_, e)| {
            catalogue
                .get(&e.figure)
                .is_some_and(|f| def.prerequisite.met(f))
        })
        .map(|(i, _)| i)
        .collect();
    Some(AtaSummary {
        def: def.clone(),
        points: def.points(entries.len()),
        entries,
    })
}

impl TeamReport {
    /// No rule is broken.
    pub fn is_legal(&self) -> bool {
        self.violations.is_empty()
    }

    /// Every violation's text, one per line.
    pub fn explain(&self, lang: Lang) -> String {
        self.violations
            .iter()
            .map(|v| v.text(lang))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Checks a team for a game of `build_total` points; the report lists what the engine does
/// not run: card special powers and traits, marks of later eras, and team abilities other than
/// those of [`crate::game::powers::TEAM_ABILITIES_RUN`].
pub fn check_team(team: &Team, catalogue: &Catalogue, build_total: u32) -> TeamReport {
    check_team_with(team, catalogue, build_total, &|p| {
        matches!(p, DialPower::Standard(_))
    })
}

/// [`check_team`], where `supported` says which dial powers the engine runs. Card special
/// powers and traits are asked about as [`DialPower::Special`]; team abilities are always
/// listed.
pub fn check_team_with(
    team: &Team,
    catalogue: &Catalogue,
    build_total: u32,
    supported: &dyn Fn(&DialPower) -> bool,
) -> TeamReport {
    let mut violations = Vec::new();
    let mut entries = Vec::new();
    let mut points: u32 = 0;
    let mut uniques: BTreeMap<(String, String, String), Vec<usize>> = BTreeMap::new();
    let mut figures: Vec<(usize, &FigureDef)> = Vec::new();

    if team.figures.is_empty() {
        violations.push(TeamViolation::Empty);
    }
    if build_total < POINTS_PER_ACTION {
        violations.push(TeamViolation::BuildTotalTooSmall { build_total });
    }
    for (i, e) in team.figures.iter().enumerate() {
        let Some(fig) = catalogue.get(&e.figure) else {
            violations.push(TeamViolation::UnknownFigure {
                entry: i,
                id: e.figure.clone(),
                close: catalogue.close_ids(&e.figure),
            });
            entries.push(EntrySummary {
                figure: e.figure.clone(),
                name: e.custom_name.clone().unwrap_or_else(|| e.figure.clone()),
                starting_line: e.starting_line,
                points: None,
            });
            continue;
        };
        let name = e.custom_name.clone().unwrap_or_else(|| fig.name.clone());
        let mut cost = None;
        if fig.dial.is_empty() {
            violations.push(TeamViolation::NoDial {
                entry: i,
                name: name.clone(),
            });
        } else {
            let lines = fig.starting_lines().len();
            if e.starting_line == 0 || e.starting_line > lines {
                violations.push(TeamViolation::NoSuchStartingLine {
                    entry: i,
                    name: name.clone(),
                    line: e.starting_line,
                    lines,
                });
            } else if let Some(p) = fig.points_for_line(e.starting_line - 1) {
                cost = Some(p);
                points = points.saturating_add(p);
            } else {
                violations.push(TeamViolation::NoPointValue {
                    entry: i,
                    name: name.clone(),
                    line: e.starting_line,
                });
            }
        }
        if fig.unique {
            uniques
                .entry((fig.name.clone(), fig.set.clone(), fig.number.clone()))
                .or_default()
                .push(i);
        }
        figures.push((i, fig));
        entries.push(EntrySummary {
            figure: fig.id.clone(),
            name,
            starting_line: e.starting_line,
            points: cost,
        });
    }
    let ata = ata_summary(team, catalogue);
    points = points.saturating_add(check_tactics(
        team,
        catalogue,
        ata.as_ref(),
        build_total,
        &mut violations,
    ));
    points = points.saturating_add(ata.as_ref().map_or(0, |a| a.points));
    for ((name, set, number), list) in uniques {
        if list.len() > 1 {
            violations.push(TeamViolation::DuplicateUnique {
                name,
                set,
                number,
                entries: list,
            });
        }
    }
    if points > build_total {
        // Listed first: the most common reason a team is refused.
        violations.insert(
            0,
            TeamViolation::OverBuildTotal {
                points,
                build_total,
            },
        );
    }
    TeamReport {
        build_total,
        points,
        actions: action_total(build_total),
        entries,
        violations,
        not_run_yet: {
            // A replacing card takes the printed team abilities away from its characters.
            let mut list = not_run_yet(&figures, supported);
            if let Some(a) = ata.as_ref().filter(|a| a.def.replaces) {
                for n in &mut list {
                    if matches!(n.ability, Ability::TeamAbility(_)) {
                        n.entries.retain(|e| !a.entries.contains(e));
                    }
                }
                list.retain(|n| !n.entries.is_empty());
            }
            list
        },
        theme: {
            let defs: Vec<&FigureDef> = figures.iter().map(|(_, f)| *f).collect();
            if defs.len() == team.figures.len() {
                crate::tactics::theme(&defs, build_total)
            } else {
                None
            }
        },
        ata,
    }
}

fn tactic(violations: &mut Vec<TeamViolation>, rule: TacticsRule, en: String, fr: String) {
    violations.push(TeamViolation::Tactics { rule, en, fr });
}

/// Checks feats, objects, the battlefield condition and the alternate team ability card (`ata`,
/// its [`ata_summary`]); returns the points feats and objects cost (the card's are the summary's).
fn check_tactics(
    team: &Team,
    catalogue: &Catalogue,
    ata: Option<&AtaSummary>,
    build_total: u32,
    violations: &mut Vec<TeamViolation>,
) -> u32 {
    let cards = catalogue.tactics();
    let mut feat_points: u32 = 0;
    let mut assigned: Vec<(usize, &str)> = Vec::new();
    for (i, fe) in team.feats.iter().enumerate() {
        let Some(def) = cards.feat(&fe.feat) else {
            let close = content::close_matches(&fe.feat, cards.feats.iter().map(|f| f.id.as_str()));
            tactic(
                violations,
                TacticsRule::UnknownCard,
                format!(
                    "Feat {}: no feat `{}` among the tactics cards{}.",
                    i + 1,
                    fe.feat,
                    did_you_mean(&close, Lang::En)
                ),
                format!(
                    "Exploit {} : aucun exploit `{}` parmi les cartes de tactique{}.",
                    i + 1,
                    fe.feat,
                    did_you_mean(&close, Lang::Fr)
                ),
            );
            continue;
        };
        let want = usize::from(def.choose);
        if want > 0 && fe.characters.len() != want {
            tactic(
                violations,
                TacticsRule::FeatCharacters,
                format!("Feat {} ({}): choose {want} character(s) when building the team; {} chosen.", i + 1, def.name, fe.characters.len()),
                format!("Exploit {} ({}) : choisissez {want} personnage(s) en construisant l'équipe ; {} choisi(s).", i + 1, def.name_in(Lang::Fr), fe.characters.len()),
            );
        }
        if want == 0 {
            let anyone = team.figures.iter().any(|e| {
                catalogue.get(&e.figure).is_some_and(|fig| {
                    let pts = fig
                        .points_for_line(e.starting_line.saturating_sub(1))
                        .unwrap_or(0);
                    def.prerequisites.unmet(fig, pts, Lang::En).is_none()
                })
            });
            if !anyone {
                tactic(
                    violations,
                    TacticsRule::FeatPrerequisites,
                    format!("Feat {} ({}): no character of the team meets its prerequisites ({}), so no one could use it.", i + 1, def.name, def.prerequisites.describe(Lang::En)),
                    format!("Exploit {} ({}) : aucun personnage de l'équipe n'a ses pré-requis ({}) ; personne ne pourrait l'utiliser.", i + 1, def.name_in(Lang::Fr), def.prerequisites.describe(Lang::Fr)),
                );
            }
        }
        if want == 0 && !fe.characters.is_empty() {
            tactic(
                violations,
                TacticsRule::FeatCharacters,
                format!("Feat {} ({}): it is the whole team's feat; choose no character.", i + 1, def.name),
                format!("Exploit {} ({}) : c'est un exploit de toute l'équipe ; ne choisissez aucun personnage.", i + 1, def.name_in(Lang::Fr)),
            );
        }
        feat_points = feat_points.saturating_add(def.points(fe.characters.len()));
        for &c in &fe.characters {
            let Some(entry) = team.figures.get(c.wrapping_sub(1)) else {
                tactic(
                    violations,
                    TacticsRule::FeatCharacters,
                    format!("Feat {} ({}): the team has no entry {c}.", i + 1, def.name),
                    format!(
                        "Exploit {} ({}) : l'équipe n'a pas d'entrée {c}.",
                        i + 1,
                        def.name_in(Lang::Fr)
                    ),
                );
                continue;
            };
            if assigned.contains(&(c, def.id.as_str())) {
                tactic(
                    violations,
                    TacticsRule::FeatTwice,
                    format!("Entry {c}: the feat {} is assigned twice; a character may have several feats but not two copies of one.", def.name),
                    format!("Entrée {c} : l'exploit {} est assigné deux fois ; un personnage peut avoir plusieurs exploits mais pas deux exemplaires du même.", def.name_in(Lang::Fr)),
                );
            }
            assigned.push((c, def.id.as_str()));
            if let Some(fig) = catalogue.get(&entry.figure) {
                let pts = fig
                    .points_for_line(entry.starting_line.saturating_sub(1))
                    .unwrap_or(0);
                if let Some(why) = def.prerequisites.unmet(fig, pts, Lang::En) {
                    let why_fr = def
                        .prerequisites
                        .unmet(fig, pts, Lang::Fr)
                        .unwrap_or_default();
                    tactic(
                        violations,
                        TacticsRule::FeatPrerequisites,
                        format!("Entry {c} ({}): cannot be assigned the feat {} (needs {}): {why}.", fig.name, def.name, def.prerequisites.describe(Lang::En)),
                        format!("Entrée {c} ({}) : l'exploit {} ne peut pas lui être assigné (il faut {}) : {why_fr}.", fig.name, def.name_in(Lang::Fr), def.prerequisites.describe(Lang::Fr)),
                    );
                }
            }
        }
    }
    let cap = build_total / 10;
    if feat_points > cap {
        tactic(
            violations,
            TacticsRule::TenPercent,
            format!("The feats cost {feat_points} points, over 10% of the build total ({cap} points for {build_total})."),
            format!("Les exploits coûtent {feat_points} points, plus de 10 % du total de construction ({cap} points pour {build_total})."),
        );
    }
    let mut object_points: u32 = 0;
    let mut kinds = Vec::new();
    for (i, o) in team.objects.iter().enumerate() {
        match (&o.special, o.kind) {
            (Some(id), _) => {
                match cards.special_object(id) {
                    Some(def) => {
                        object_points = object_points.saturating_add(def.cost);
                        kinds.push(def.kind);
                    }
                    None => {
                        let close = content::close_matches(
                            id,
                            cards.special_objects.iter().map(|f| f.id.as_str()),
                        );
                        tactic(
                        violations,
                        TacticsRule::UnknownCard,
                        format!("Object {}: no special object `{id}` among the tactics cards{}.", i + 1, did_you_mean(&close, Lang::En)),
                        format!("Objet {} : aucun objet spécial `{id}` parmi les cartes de tactique{}.", i + 1, did_you_mean(&close, Lang::Fr)),
                    );
                    }
                }
            }
            (None, Some(k)) => kinds.push(k),
            (None, None) => {}
        }
    }
    if let Err(why) = crate::game::tactics::objects_allowed(&kinds) {
        tactic(
            violations,
            TacticsRule::Objects,
            format!("Objects: {why}."),
            "Objets : une équipe apporte au plus trois objets, dont un léger et un lourd ; le troisième peut être léger, lourd ou immobile.".to_string(),
        );
    }
    if let Some(c) = &team.condition {
        if cards.condition(c).is_none() {
            let close = content::close_matches(c, cards.conditions.iter().map(|f| f.id.as_str()));
            tactic(
                violations,
                TacticsRule::UnknownCard,
                format!(
                    "Battlefield condition: no card `{c}` among the tactics cards{}.",
                    did_you_mean(&close, Lang::En)
                ),
                format!(
                    "Condition de bataille : aucune carte `{c}` parmi les cartes de tactique{}.",
                    did_you_mean(&close, Lang::Fr)
                ),
            );
        }
    }
    if let Some(id) = &team.ata {
        match cards.ata(id) {
            None => {
                let close = content::close_matches(id, cards.atas.iter().map(|f| f.id.as_str()));
                tactic(
                    violations,
                    TacticsRule::UnknownCard,
                    format!(
                        "Alternate team ability: no ATA card `{id}` among the tactics cards{}.",
                        did_you_mean(&close, Lang::En)
                    ),
                    format!(
                        "Compétence de groupe alternative : aucune carte ATA `{id}` parmi les cartes de tactique{}.",
                        did_you_mean(&close, Lang::Fr)
                    ),
                );
            }
            Some(def) => {
                if ata.is_none_or(|a| a.entries.is_empty()) {
                    tactic(
                        violations,
                        TacticsRule::AtaPrerequisite,
                        format!(
                            "Alternate team ability {} ({}): no character of the team meets its prerequisite ({}); an ATA card may be added only if characters of the team do.",
                            def.name,
                            def.id,
                            def.prerequisite.describe(Lang::En)
                        ),
                        format!(
                            "Compétence de groupe alternative {} ({}) : aucun personnage de l'équipe ne satisfait à son pré-requis ({}) ; une carte ATA ne peut être ajoutée que si des personnages de l'équipe y satisfont.",
                            def.name_in(Lang::Fr),
                            def.id,
                            def.prerequisite.describe(Lang::Fr)
                        ),
                    );
                }
            }
        }
    }
    feat_points.saturating_add(object_points)
}

/// " (did you mean `a`, `b`?)", or nothing without close matches.
pub(crate) fn did_you_mean(close: &[String], lang: Lang) -> String {
    if close.is_empty() {
        String::new()
    } else {
        lang.pick(
            &format!(" (did you mean {}?)", code_list(close)),
            &format!(" (vouliez-vous dire {} ?)", code_list(close)),
        )
        .to_string()
    }
}

/// What the given figures (with their entry numbers) carry that `supported` does not cover.
pub fn not_run_yet(
    figures: &[(usize, &FigureDef)],
    supported: &dyn Fn(&DialPower) -> bool,
) -> Vec<NotRunYet> {
    let mut found: Vec<NotRunYet> = Vec::new();
    let mut add =
        |ability: Ability, entry: usize| match found.iter_mut().find(|n| n.ability == ability) {
            Some(n) => {
                if !n.entries.contains(&entry) {
                    n.entries.push(entry);
                }
            }
            None => found.push(NotRunYet {
                ability,
                entries: vec![entry],
            }),
        };
    let specials_run = supported(&DialPower::Special);
    for &(entry, fig) in figures {
        for p in fig.dial_powers() {
            if p != DialPower::Special && !supported(&p) {
                add(Ability::Power(p), entry);
            }
        }
        if !specials_run {
            // A card entry written as effects runs; what its author marked `not_expressed`
            // is listed.
            for sp in fig.special_powers.iter().filter(|s| !s.runs()) {
                add(
                    Ability::Special {
                        kind: sp.kind,
                        name: sp.name.clone(),
                    },
                    entry,
                );
            }
        }
        for t in &fig.team_abilities {
            if !crate::game::powers::TEAM_ABILITIES_RUN.contains(&t.as_str()) {
                add(Ability::TeamAbility(t.clone()), entry);
            }
        }
    }
    found.sort_by_key(|n| n.ability.sort_key());
    found
}

impl Team {
    /// The team as a seat of a game: each entry's figure looked up in the catalogue. Errors name
    /// the entry at fault; run [`check_team`] first for the full list of violations.
    pub fn to_setup(&self, catalogue: &Catalogue) -> Result<crate::game::TeamSetup, TeamViolation> {
        let mut figures = Vec::new();
        for (i, e) in self.figures.iter().enumerate() {
            let Some(def) = catalogue.get(&e.figure) else {
                return Err(TeamViolation::UnknownFigure {
                    entry: i,
                    id: e.figure.clone(),
                    close: catalogue.close_ids(&e.figure),
                });
            };
            figures.push(crate::game::TeamFigure {
                def: std::sync::Arc::new(def.clone()),
                line: e.starting_line.saturating_sub(1),
                label: e.custom_name.clone(),
            });
        }
        let cards = catalogue.tactics();
        let mut tactics = crate::game::tactics::TeamTactics::default();
        for fe in &self.feats {
            if let Some(def) = cards.feat(&fe.feat) {
                tactics.feats.push(crate::game::tactics::TeamFeat {
                    def: std::sync::Arc::new(def.clone()),
                    characters: fe.characters.iter().map(|c| c.saturating_sub(1)).collect(),
                });
            }
        }
        for (i, o) in self.objects.iter().enumerate() {
            let special = o.special.as_ref().and_then(|id| cards.special_object(id));
            let Some(kind) = special.map(|s| s.kind).or(o.kind) else {
                continue;
            };
            let name = o
                .name
                .clone()
                .or_else(|| special.map(|s| s.name.clone()))
                .unwrap_or_else(|| format!("{} object {}", self.name, i + 1));
            tactics.objects.push(crate::game::tactics::TeamObject {
                kind,
                name,
                special: special.map(|s| std::sync::Arc::new(s.clone())),
            });
        }
        tactics.condition = self
            .condition
            .as_ref()
            .and_then(|c| cards.condition(c))
            .map(|c| std::sync::Arc::new(c.clone()));
        tactics.ata = self
            .ata
            .as_ref()
            .and_then(|c| cards.ata(c))
            .map(|c| std::sync::Arc::new(c.clone()));
        Ok(crate::game::TeamSetup {
            name: self.name.clone(),
            alliance: None,
            figures,
            tactics,
        })
    }
}
