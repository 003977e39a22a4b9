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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Team {
    /// The team's name.
    pub name: String,
    /// The build total the team was made for, if the file says.
    pub build_total: Option<u32>,
    /// The figures, in file order.
    pub figures: Vec<TeamEntry>,
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
    if issues.is_empty() {
        Ok(Team {
            name: raw.name.into_inner(),
            build_total,
            figures,
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
        not_run_yet: not_run_yet(&figures, supported),
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
            for sp in &fig.special_powers {
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
        Ok(crate::game::TeamSetup {
            name: self.name.clone(),
            alliance: None,
            figures,
        })
    }
}
