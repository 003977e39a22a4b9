//! What games are made from: the figure catalogue, the starter teams and the maps.
//!
//! The server reads `content/heroclix/` and `maps/` at startup so that edited or added files are
//! used without a rebuild; the starter set, its two teams and the two square maps are also
//! compiled in, so the binary works from any folder. Files on disk override compiled-in ones
//! with the same id.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::catalogue::msg;
use crate::content::{figures_from_toml_str, load_figure_folder, Catalogue};
use crate::figure::FigureDef;
use crate::game::state::ObjectKind;
use crate::game::{Options, Scenario};
use crate::team::{check_team, team_from_toml_str, FeatEntry, ObjectEntry, Team, TeamEntry};
use serde_json::{json, Value};
use skirmish_board::square::SquareMap;
use skirmish_lang::Lang;

use skirmish_platform::Problem;

const EMBEDDED_FIGURES: &[(&str, &str)] = &[(
    "starter.toml",
    include_str!("../../../../content/heroclix/starter.toml"),
)];
const EMBEDDED_TEAMS: &[(&str, &str)] = &[
    (
        "wardens",
        include_str!("../../../../content/heroclix/teams/wardens.toml"),
    ),
    (
        "ravagers",
        include_str!("../../../../content/heroclix/teams/ravagers.toml"),
    ),
    (
        "watch-patrol",
        include_str!("../../../../content/heroclix/teams/watch-patrol.toml"),
    ),
    (
        "salvage-crew",
        include_str!("../../../../content/heroclix/teams/salvage-crew.toml"),
    ),
    (
        "lighthouse-guard",
        include_str!("../../../../content/heroclix/teams/lighthouse-guard.toml"),
    ),
    (
        "detention-squad",
        include_str!("../../../../content/heroclix/teams/detention-squad.toml"),
    ),
    (
        "harbour-reserve",
        include_str!("../../../../content/heroclix/teams/harbour-reserve.toml"),
    ),
    (
        "scrapyard",
        include_str!("../../../../content/heroclix/teams/scrapyard.toml"),
    ),
];
const EMBEDDED_MAPS: &[(&str, &str)] = &[
    (
        "harbour-district",
        include_str!("../../../../maps/harbour-district.toml"),
    ),
    (
        "abandoned-lab",
        include_str!("../../../../maps/abandoned-lab.toml"),
    ),
];

/// The default map of a new game.
pub const DEFAULT_MAP: &str = "harbour-district";
/// The default teams of a new game, seat 1 then seat 2.
pub const DEFAULT_TEAMS: [&str; 2] = ["wardens", "ravagers"];
/// The default build total.
pub const DEFAULT_POINTS: u32 = 300;
/// The round limit of a game created without one. The rulebook ends a game at "a time limit or
/// number of rounds set before the game" (*Gagner une partie d'HeroClix*) without naming one;
/// tournaments play 300 points in 50 minutes, about ten rounds of three actions a side at a
/// table. Without a limit a game between cautious sides never ends.
pub const DEFAULT_ROUNDS: u32 = 10;
/// The most rounds a game may be limited to; more is as good as no limit.
const MAX_ROUNDS: u32 = 1000;
/// The largest build total accepted (the rulebook plays 100 to 1000).
const MAX_POINTS: u32 = 2000;

/// Figures, teams and maps, by id.
#[derive(Clone, Debug)]
pub struct Content {
    /// Every figure.
    pub catalogue: Catalogue,
    /// Teams by id (file name without `.toml`).
    pub teams: BTreeMap<String, Team>,
    /// Square maps by id (file name without `.toml`).
    pub maps: BTreeMap<String, SquareMap>,
    /// What was read from disk and what was not, for the startup log.
    pub notes: Vec<String>,
}

impl Content {
    /// The compiled-in starter content alone.
    pub fn embedded() -> Result<Content, String> {
        let mut figures = Vec::new();
        for (name, text) in EMBEDDED_FIGURES {
            figures.extend(
                figures_from_toml_str(text, name).map_err(|e| format!("embedded {name}: {e}"))?,
            );
        }
        let mut teams = BTreeMap::new();
        for (id, text) in EMBEDDED_TEAMS {
            let team =
                team_from_toml_str(text, id).map_err(|e| format!("embedded team {id}: {e}"))?;
            teams.insert((*id).to_string(), team);
        }
        let mut maps = BTreeMap::new();
        for (id, text) in EMBEDDED_MAPS {
            let map = SquareMap::from_toml_str(text, id)
                .map_err(|e| format!("embedded map {id}: {e}"))?;
            maps.insert((*id).to_string(), map);
        }
        Ok(Content {
            catalogue: Catalogue::new(figures),
            teams,
            maps,
            notes: Vec::new(),
        })
    }

    /// The compiled-in starter content overlaid with what each of `sources` holds, in order
    /// (later sources override figures and teams of the same id), and with `maps_dir/*.toml`. A
    /// source is any of:
    /// - a content folder with a `heroclix/` folder of figure files (`*.toml`) and teams
    ///   (`heroclix/teams/*.toml`), as the repository's `content/`;
    /// - a folder of figure files itself (with its teams in `teams/`);
    /// - hcunits data, imported as it is read: its folder of sets (`<set>/<set>.json`) or one
    ///   set file (`*.json`).
    ///
    /// A source that cannot be read is skipped with a note naming it, never fatal: the embedded
    /// set stands in.
    pub fn load(sources: &[PathBuf], maps_dir: Option<&Path>) -> Result<Content, String> {
        let mut content = Content::embedded()?;
        for source in sources {
            content.read_source(source);
        }
        if let Some(dir) = maps_dir {
            for (id, text) in toml_files(dir, &mut content.notes) {
                match SquareMap::from_toml_str(&text, &id) {
                    Ok(map) => {
                        content.maps.insert(id, map);
                    }
                    Err(e) => content.notes.push(format!("map {id} not used: {e}")),
                }
            }
        }
        Ok(content)
    }

    /// Reads one content source (see [`Content::load`]).
    fn read_source(&mut self, source: &Path) {
        let nested = source.join("heroclix");
        if nested.is_dir() {
            self.read_figure_folder(&nested);
        } else if source.is_file() && source.extension().is_some_and(|e| e == "json") {
            self.read_hcunits(source, crate::import::hcunits::import_set_file(source));
        } else if is_hcunits_folder(source) || is_hcunits_set_folder(source) {
            self.read_hcunits(source, crate::import::hcunits::import_dir(source));
        } else if source.is_dir() {
            self.read_figure_folder(source);
        } else {
            self.notes.push(format!(
                "{}: not used (no such folder or file; expected a content folder, a folder of \
                 figure files, or hcunits data)",
                source.display()
            ));
        }
    }

    /// Figures (and teams in `teams/`) from a folder of figure files.
    fn read_figure_folder(&mut self, dir: &Path) {
        match load_figure_folder(dir) {
            Ok(figures) => {
                let count = figures.len();
                self.add_figures(figures);
                self.notes
                    .push(format!("{count} figure(s) read from {}", dir.display()));
            }
            Err(e) => self
                .notes
                .push(format!("figures in {} not used ({e})", dir.display())),
        }
        for (id, text) in toml_files(&dir.join("teams"), &mut self.notes) {
            match team_from_toml_str(&text, &id) {
                Ok(team) => {
                    self.teams.insert(id, team);
                }
                Err(e) => self.notes.push(format!("team {id} not used: {e}")),
            }
        }
    }

    /// Figures imported from hcunits data.
    fn read_hcunits(
        &mut self,
        source: &Path,
        report: Result<crate::import::hcunits::ImportReport, crate::import::hcunits::ImportError>,
    ) {
        match report {
            Ok(report) => {
                self.notes.push(format!(
                    "{}: {} hcunits file(s), {} unit(s): {} character(s) imported, {} skipped, {} rejected",
                    source.display(),
                    report.files,
                    report.units,
                    report.figures.len(),
                    report.skipped.len(),
                    report.rejected.len()
                ));
                for e in report.rejected.iter().take(5) {
                    self.notes.push(format!("rejected: {e}"));
                }
                self.add_figures(report.figures);
            }
            Err(e) => self
                .notes
                .push(format!("{}: not used ({e})", source.display())),
        }
    }

    /// Adds figures to the catalogue, replacing those with the same id.
    fn add_figures(&mut self, figures: Vec<FigureDef>) {
        if figures.is_empty() {
            return;
        }
        let mut all: BTreeMap<String, FigureDef> = self
            .catalogue
            .figures()
            .iter()
            .map(|f| (f.id.clone(), f.clone()))
            .collect();
        for f in figures {
            all.insert(f.id.clone(), f);
        }
        let tactics = self.catalogue.tactics().clone();
        self.catalogue = Catalogue::new(all.into_values().collect()).with_tactics(tactics);
    }

    /// The content list the page builds its "new game" form from.
    pub fn to_json(&self) -> Value {
        let maps: Vec<Value> = self
            .maps
            .iter()
            .map(|(id, m)| {
                json!({ "id": id, "name": m.name, "width": m.width(), "height": m.height() })
            })
            .collect();
        let teams: Vec<Value> = self
            .teams
            .iter()
            .map(|(id, t)| {
                let figures: Vec<Value> = t
                    .figures
                    .iter()
                    .map(|e| {
                        let def = self.catalogue.get(&e.figure);
                        json!({
                            "id": e.figure,
                            "name": def.map(|d| d.name.clone()),
                            "starting_line": e.starting_line,
                            "custom_name": e.custom_name,
                            "points": def.and_then(|d| d.points_for_line(e.starting_line.saturating_sub(1))),
                        })
                    })
                    .collect();
                json!({
                    "id": id,
                    "name": t.name,
                    "points": self.team_points(t),
                    "build_total": t.build_total,
                    "figures": figures,
                })
            })
            .collect();
        let cards = self.catalogue.tactics();
        let tactics = json!({
            "feats": cards.feats.iter().map(|f| {
                let (cost, per_character) = match f.cost {
                    crate::tactics::FeatCost::Fixed(p) => (p, false),
                    crate::tactics::FeatCost::PerCharacter(p) => (p, true),
                };
                json!({
                    "id": f.id,
                    "name": f.name,
                    "name_fr": f.name_in(Lang::Fr),
                    "text_fr": f.text_in(Lang::Fr),
                    "cost": cost,
                    "per_character": per_character,
                    "choose": f.choose,
                    "text": f.text,
                    "prerequisites": {
                        "en": f.prerequisites.describe(Lang::En),
                        "fr": f.prerequisites.describe(Lang::Fr),
                    },
                })
            }).collect::<Vec<_>>(),
            "conditions": cards.conditions.iter().map(|c| json!({
                "id": c.id, "name": c.name, "text": c.text,
                "name_fr": c.name_in(Lang::Fr), "text_fr": c.text_in(Lang::Fr),
            })).collect::<Vec<_>>(),
            "events": cards.events.iter().map(|e| json!({
                "id": e.id, "name": e.name, "text": e.text,
                "name_fr": e.name_in(Lang::Fr), "text_fr": e.text_in(Lang::Fr),
                "clicks": e.clicks.len(),
            })).collect::<Vec<_>>(),
            "special_objects": cards.special_objects.iter().map(|o| json!({
                "id": o.id, "name": o.name, "kind": o.kind, "cost": o.cost, "text": o.text,
                "name_fr": o.name_in(Lang::Fr), "text_fr": o.text_in(Lang::Fr),
            })).collect::<Vec<_>>(),
            "atas": cards.atas.iter().map(|a| json!({
                "id": a.id, "name": a.name, "text": a.text,
                "name_fr": a.name_in(Lang::Fr), "text_fr": a.text_in(Lang::Fr),
                "cost": a.cost,
                "team_ability": a.team_ability,
                "team_ability_name": {
                    "en": crate::game::powers::team_name(&a.team_ability, Lang::En),
                    "fr": crate::game::powers::team_name(&a.team_ability, Lang::Fr),
                },
                "replaces": a.replaces,
                "wild_cards": a.wild_cards,
                "prerequisite": {
                    "keyword": a.prerequisite.keyword,
                    "team": a.prerequisite.team,
                    "en": a.prerequisite.describe(Lang::En),
                    "fr": a.prerequisite.describe(Lang::Fr),
                },
            })).collect::<Vec<_>>(),
        });
        json!({
                        "maps": maps,
            "teams": teams,
            "tactics": tactics,
            "figures": self.inline_figures(),
            // A large catalogue is searched (`GET /api/content/search`) instead of sent whole.
            "figure_search": super::search::filters(self),
            "defaults": {
                "map": DEFAULT_MAP,
                "teams": DEFAULT_TEAMS,
                "points": DEFAULT_POINTS,
            },
            // Rules options a new game may set (`powers` of `POST /api/games`): their defaults,
            // and the values of those that are not yes/no.
            "options": {
                "defaults": crate::game::powers::PowerOptions::defaults_json(),
                "choices": crate::game::powers::PowerOptions::choices()
                    .into_iter()
                    .map(|(n, v)| (n.to_string(), Value::Array(v)))
                    .collect::<serde_json::Map<String, Value>>(),
            },
        })
    }

    /// The figures sent with the content: all of them up to [`super::search::INLINE_FIGURES`],
    /// else those of the listed teams (the builder finds the others by searching).
    fn inline_figures(&self) -> Vec<&FigureDef> {
        let all = self.catalogue.figures();
        if all.len() <= super::search::INLINE_FIGURES {
            return all.iter().collect();
        }
        let used: std::collections::BTreeSet<&str> = self
            .teams
            .values()
            .flat_map(|t| t.figures.iter().map(|e| e.figure.as_str()))
            .collect();
        all.iter()
            .filter(|f| used.contains(f.id.as_str()))
            .collect()
    }

    /// The set-up fields a generic new-game form offers (`docs/platform.md`); HeroClix's own
    /// page module builds teams with its team builder on top of these.
    pub fn setup_fields(&self, lang: Lang) -> Value {
        let maps: Vec<Value> = self
            .maps
            .iter()
            .map(|(id, m)| json!({ "id": id, "name": m.name }))
            .collect();
        json!([
            { "field": "map", "kind": "choice", "name": msg!(lang, "setup.map"),
              "choices": maps, "default": DEFAULT_MAP },
            { "field": "points", "kind": "number", "name": msg!(lang, "setup.points"),
              "default": DEFAULT_POINTS, "min": 100, "max": MAX_POINTS },
            { "field": "rounds", "kind": "number", "name": msg!(lang, "setup.rounds"),
              "default": DEFAULT_ROUNDS, "min": 1, "max": MAX_ROUNDS },
            { "field": "theme_teams", "kind": "bool", "name": msg!(lang, "setup.theme_teams"),
              "default": false },
        ])
    }

    /// A sample team's cost: figures, feats, special objects and the ATA card, as the team check
    /// counts it.
    fn team_points(&self, team: &Team) -> u32 {
        let total = team.build_total.unwrap_or(DEFAULT_POINTS);
        check_team(team, &self.catalogue, total).points
    }

    /// Reads one team of a create request: a team id (`"wardens"`), a team file's text
    /// (`{"toml": "..."}`) or a team written out (`{"name": ..., "figures": [{"id": "sk001",
    /// "starting_line": 1, "custom_name": ...}]}`).
    pub fn team_from_request(&self, spec: &Value) -> Result<Team, Problem> {
        match spec {
            Value::String(id) => self.teams.get(id).cloned().ok_or_else(|| {
                Problem::new(
                    "unknown-team",
                    format!(
                        "there is no team '{}'; the teams are: {}",
                        clip(id),
                        self.teams.keys().cloned().collect::<Vec<_>>().join(", ")
                    ),
                )
            }),
            Value::Object(o) if o.contains_key("toml") => {
                let text = o.get("toml").and_then(Value::as_str).ok_or_else(|| {
                    Problem::new("bad-team", "\"toml\" must be the text of a team file")
                })?;
                team_from_toml_str(text, "team")
                    .map_err(|e| Problem::new("bad-team", e.to_string()))
            }
            Value::Object(o) => {
                let name = o
                    .get("name")
                    .and_then(Value::as_str)
                    .ok_or_else(|| Problem::new("bad-team", "a team needs a \"name\""))?;
                let entries = o.get("figures").and_then(Value::as_array).ok_or_else(|| {
                    Problem::new("bad-team", "a team needs \"figures\": a list of figures")
                })?;
                let mut figures = Vec::new();
                for (i, e) in entries.iter().enumerate() {
                    let id = match e {
                        Value::String(id) => id.as_str(),
                        _ => e.get("id").and_then(Value::as_str).ok_or_else(|| {
                            Problem::new(
                                "bad-team",
                                format!("figure {} of the team has no \"id\"", i + 1),
                            )
                        })?,
                    };
                    let mut entry = TeamEntry::new(id);
                    if let Some(line) = e.get("starting_line") {
                        entry.starting_line = line
                            .as_u64()
                            .and_then(|l| usize::try_from(l).ok())
                            .filter(|l| *l >= 1)
                            .ok_or_else(|| {
                                Problem::new(
                                    "bad-team",
                                    format!("figure {}: \"starting_line\" counts from 1", i + 1),
                                )
                            })?;
                    }
                    entry.custom_name = e
                        .get("custom_name")
                        .and_then(Value::as_str)
                        .map(|s| clip(s).to_string());
                    figures.push(entry);
                }
                let build_total = match o.get("build_total") {
                    None | Some(Value::Null) => None,
                    Some(v) => Some(v.as_u64().and_then(|b| u32::try_from(b).ok()).ok_or_else(
                        || Problem::new("bad-team", "\"build_total\" is a number of points"),
                    )?),
                };
                let (feats, objects, condition, ata) = tactics_from_request(o)?;
                Ok(Team {
                    name: clip(name).to_string(),
                    build_total,
                    figures,
                    feats,
                    objects,
                    condition,
                    ata,
                })
            }
            _ => Err(Problem::new(
                "bad-team",
                "a team is a team id, {\"toml\": text} or {\"name\", \"figures\"}",
            )),
        }
    }

    /// The team-building check of `team` for `points` (else the team's own build total, else
    /// 300): points, actions, broken rules, and abilities the engine does not run yet.
    pub fn check(&self, team: &Team, points: Option<u32>, lang: Lang) -> Value {
        let total = points.or(team.build_total).unwrap_or(DEFAULT_POINTS);
        let report = check_team(team, &self.catalogue, total);
        let warnings: Vec<String> = report
            .not_run_yet
            .iter()
            .map(|n| {
                let entries: Vec<String> = n.entries.iter().map(|e| (e + 1).to_string()).collect();
                msg!(
                    lang,
                    "setup.not_run_yet",
                    ability = n.ability.name(lang),
                    entries = entries.join(", ")
                )
            })
            .collect();
        let entries: Vec<Value> = report
            .entries
            .iter()
            .map(|e| {
                json!({
                    "figure": e.figure,
                    "name": e.name,
                    "starting_line": e.starting_line,
                    "points": e.points,
                })
            })
            .collect();
        json!({
            "name": team.name,
            "build_total": report.build_total,
            "points": report.points,
            "actions": report.actions,
            "legal": report.is_legal(),
            "violations": report.violations.iter().map(|v| v.text(lang)).collect::<Vec<_>>(),
            "warnings": warnings,
            "entries": entries,
            "theme": report.theme.as_ref().map(|t| json!({
                "keyword": t.keyword,
                "characters": t.characters,
                "probability_control": t.with_keyword / 2,
            })),
            "ata": report.ata.as_ref().map(|a| json!({
                "id": a.def.id,
                "name": a.def.name_in(lang),
                "team_ability": a.def.team_ability,
                "replaces": a.def.replaces,
                "characters": a.entries.iter().map(|e| e + 1).collect::<Vec<_>>(),
                "points": a.points,
                "text": a.describe(lang),
            })),
        })
    }

    /// A HeroClix scenario for `teams` on map `map_id`, each team checked against the
    /// team-building rules for the build total the choices give.
    pub fn scenario(
        &self,
        map_id: &str,
        teams: &[Team],
        choices: &GameChoices,
        lang: Lang,
    ) -> Result<Scenario, Problem> {
        let GameChoices {
            points,
            rounds,
            theme_teams,
            event,
            powers,
        } = choices;
        let (points, rounds, theme_teams) = (*points, *rounds, *theme_teams);
        let event = match event.as_deref() {
            None => None,
            Some(id) => Some(std::sync::Arc::new(
                self.catalogue
                    .tactics()
                    .event(id)
                    .ok_or_else(|| {
                        Problem::new(
                            "bad-request",
                            format!(
                                "there is no event dial '{}'; the event dials are: {}",
                                clip(id),
                                self.catalogue
                                    .tactics()
                                    .events
                                    .iter()
                                    .map(|e| e.id.as_str())
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ),
                        )
                    })?
                    .clone(),
            )),
        };
        if event.is_some() {
            if let Some(t) = teams.iter().find(|t| t.condition.is_some()) {
                return Err(Problem::new(
                    "bad-team",
                    format!(
                        "{} brings a battlefield condition, but a game with an event dial uses none (rulebook Socles événement)",
                        clip(&t.name)
                    ),
                ));
            }
        }
        let map = self.maps.get(map_id).ok_or_else(|| {
            Problem::new(
                "unknown-map",
                format!(
                    "there is no map '{}'; the maps are: {}",
                    clip(map_id),
                    self.maps.keys().cloned().collect::<Vec<_>>().join(", ")
                ),
            )
        })?;
        if !(100..=MAX_POINTS).contains(&points) {
            return Err(Problem::new(
                "bad-request",
                format!("the build total must be between 100 and {MAX_POINTS} points"),
            ));
        }
        if let Some(r) = rounds {
            if !(1..=MAX_ROUNDS).contains(&r) {
                return Err(Problem::new(
                    "bad-request",
                    format!("a round limit must be between 1 and {MAX_ROUNDS}"),
                ));
            }
        }
        let mut setups = Vec::new();
        for (i, team) in teams.iter().enumerate() {
            let report = check_team(team, &self.catalogue, points);
            if !report.is_legal() {
                return Err(Problem::new(
                    "bad-team",
                    format!(
                        "team {} ({}) breaks the team-building rules for {points} points: {}",
                        i + 1,
                        team.name,
                        report.explain(lang).replace('\n', "; ")
                    ),
                ));
            }
            setups.push(
                team.to_setup(&self.catalogue)
                    .map_err(|v| Problem::new("bad-team", v.text(lang)))?,
            );
        }
        Ok(Scenario {
            maps: vec![map.clone()],
            teams: setups,
            options: Options {
                build_total: points,
                round_limit: rounds,
                powers: powers.clone(),
                theme_teams,
            },
            position: None,
            objects: Vec::new(),
            event,
        })
    }
}

/// What a new game is played with besides its map and teams.
#[derive(Clone, Debug, Default)]
pub struct GameChoices {
    /// Build total.
    pub points: u32,
    /// Round limit.
    pub rounds: Option<u32>,
    /// Theme teams' bonuses on.
    pub theme_teams: bool,
    /// An event dial id.
    pub event: Option<String>,
    /// Rules options (`docs/rules/heroclix-powers.md`, *Ruleset options*).
    pub powers: crate::game::powers::PowerOptions,
}

impl GameChoices {
    /// A game of `points` with no other choice.
    pub fn points(points: u32) -> GameChoices {
        GameChoices {
            points,
            ..GameChoices::default()
        }
    }
}

/// Feats, objects, battlefield condition and alternate team ability card read from a request.
type TeamTacticsRequest = (
    Vec<FeatEntry>,
    Vec<ObjectEntry>,
    Option<String>,
    Option<String>,
);

/// Feats, objects, battlefield condition and alternate team ability card of a team given as
/// JSON: `"feats": [{"id": "ft01", "characters": [1]}]`, `"objects": [{"kind": "light"} or
/// {"special": "so01"}]`, `"condition": "bc01"`, `"ata": "ata01"`.
fn tactics_from_request(o: &serde_json::Map<String, Value>) -> Result<TeamTacticsRequest, Problem> {
    let bad = |m: String| Problem::new("bad-team", m);
    let mut feats = Vec::new();
    if let Some(list) = o.get("feats").filter(|v| !v.is_null()) {
        let list = list
            .as_array()
            .ok_or_else(|| bad("\"feats\" is a list of {\"id\", \"characters\"}".into()))?;
        for (i, f) in list.iter().take(64).enumerate() {
            let id = f
                .get("id")
                .and_then(Value::as_str)
                .ok_or_else(|| bad(format!("feat {} has no \"id\"", i + 1)))?;
            let mut characters = Vec::new();
            if let Some(cs) = f.get("characters").filter(|v| !v.is_null()) {
                let cs = cs.as_array().ok_or_else(|| {
                    bad(format!(
                        "feat {}: \"characters\" lists team entries from 1",
                        i + 1
                    ))
                })?;
                for c in cs.iter().take(64) {
                    let n = c
                        .as_u64()
                        .and_then(|n| usize::try_from(n).ok())
                        .filter(|n| (1..=1000).contains(n))
                        .ok_or_else(|| {
                            bad(format!(
                                "feat {}: \"characters\" lists team entries from 1",
                                i + 1
                            ))
                        })?;
                    characters.push(n);
                }
            }
            feats.push(FeatEntry {
                feat: clip(id).to_string(),
                characters,
            });
        }
    }
    let mut objects = Vec::new();
    if let Some(list) = o.get("objects").filter(|v| !v.is_null()) {
        let list = list
            .as_array()
            .ok_or_else(|| bad("\"objects\" is a list of {\"kind\"} or {\"special\"}".into()))?;
        for (i, x) in list.iter().take(16).enumerate() {
            let kind = match x.get("kind").and_then(Value::as_str) {
                None => None,
                Some("light") => Some(ObjectKind::Light),
                Some("heavy") => Some(ObjectKind::Heavy),
                Some("immobile") => Some(ObjectKind::Immobile),
                Some(k) => {
                    return Err(bad(format!(
                        "object {}: kind '{}' is not light, heavy or immobile",
                        i + 1,
                        clip(k)
                    )))
                }
            };
            let special = x
                .get("special")
                .and_then(Value::as_str)
                .map(|s| clip(s).to_string());
            if kind.is_some() == special.is_some() {
                return Err(bad(format!(
                    "object {}: give either \"kind\" (light, heavy, immobile) or \"special\" (a card id)",
                    i + 1
                )));
            }
            objects.push(ObjectEntry {
                kind,
                special,
                name: x
                    .get("name")
                    .and_then(Value::as_str)
                    .map(|s| clip(s).to_string()),
            });
        }
    }
    let condition = match o.get("condition") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s.trim().is_empty() => None,
        Some(Value::String(s)) => Some(clip(s).to_string()),
        Some(_) => return Err(bad("\"condition\" is a battlefield condition id".into())),
    };
    let ata = match o.get("ata") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s.trim().is_empty() => None,
        Some(Value::String(s)) => Some(clip(s.trim()).to_string()),
        Some(_) => {
            return Err(bad(
                "\"ata\" is one alternate team ability card id (a team brings at most one)".into(),
            ))
        }
    };
    Ok((feats, objects, condition, ata))
}

/// True for one set's folder of hcunits data: `<set>/<set>.json`.
fn is_hcunits_set_folder(dir: &Path) -> bool {
    dir.file_name()
        .is_some_and(|n| dir.join(format!("{}.json", n.to_string_lossy())).is_file())
}

/// True for an hcunits folder of sets: some sub-folder `<set>` holds `<set>.json`.
fn is_hcunits_folder(dir: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    entries.flatten().any(|e| {
        let path = e.path();
        path.is_dir()
            && path
                .join(format!("{}.json", e.file_name().to_string_lossy()))
                .is_file()
    })
}

/// `*.toml` files directly in `dir`, by id, in name order; unreadable ones become notes.
fn toml_files(dir: &Path, notes: &mut Vec<String>) -> Vec<(String, String)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "toml"))
        .collect();
    paths.sort();
    let mut out = Vec::new();
    for path in paths {
        let Some(id) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        match std::fs::read_to_string(&path) {
            Ok(text) => out.push((id.to_string(), text)),
            Err(e) => notes.push(format!("{} not read: {e}", path.display())),
        }
    }
    out
}

/// At most 80 characters of user text, for error messages and names.
pub fn clip(s: &str) -> &str {
    match s.char_indices().nth(80) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_team_is_compiled_in() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/heroclix/teams");
        let c = Content::embedded().unwrap();
        let mut notes = Vec::new();
        let files = toml_files(&dir, &mut notes);
        assert!(!files.is_empty() && notes.is_empty(), "{notes:?}");
        for (id, _) in files {
            assert!(
                c.teams.contains_key(&id),
                "team {id} is shipped but not compiled in"
            );
        }
    }

    #[test]
    fn a_set_folder_of_hcunits_data_is_read() {
        let set = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/hcunits/aaou");
        if !set.is_dir() {
            return;
        }
        let c = Content::load(&[set], None).unwrap();
        assert!(c.catalogue.figures().len() > 31, "{:?}", c.notes);
        assert!(
            c.notes.iter().any(|n| n.contains("imported")),
            "{:?}",
            c.notes
        );
    }

    #[test]
    fn a_missing_source_is_a_note_not_an_error() {
        let c = Content::load(&[PathBuf::from("/no/such/folder")], None).unwrap();
        assert!(
            c.notes.iter().any(|n| n.contains("/no/such/folder")),
            "{:?}",
            c.notes
        );
        assert_eq!(
            c.catalogue.figures().len(),
            Content::embedded().unwrap().catalogue.figures().len()
        );
    }

    #[test]
    fn embedded_content_makes_the_default_game() {
        let c = Content::embedded().unwrap();
        let teams: Vec<Team> = DEFAULT_TEAMS
            .iter()
            .map(|t| c.team_from_request(&json!(t)).unwrap())
            .collect();
        let s = c
            .scenario(
                DEFAULT_MAP,
                &teams,
                &GameChoices::points(DEFAULT_POINTS),
                Lang::En,
            )
            .unwrap();
        assert_eq!(s.teams.len(), 2);
        assert!(c.maps.contains_key("abandoned-lab"));
    }

    #[test]
    fn inline_teams_are_checked() {
        let c = Content::embedded().unwrap();
        let t = c
            .team_from_request(&json!({"name": "Solo", "figures": [{"id": "sk001"}]}))
            .unwrap();
        assert!(c
            .scenario(
                DEFAULT_MAP,
                &[t.clone(), t],
                &GameChoices::points(300),
                Lang::En
            )
            .is_ok());
        let bad = c
            .team_from_request(&json!({"name": "Ghost", "figures": ["nope"]}))
            .unwrap();
        let e = c
            .scenario(
                DEFAULT_MAP,
                &[bad.clone(), bad],
                &GameChoices::points(300),
                Lang::En,
            )
            .unwrap_err();
        assert_eq!(e.code, "bad-team");
        assert!(c.team_from_request(&json!(42)).is_err());
        assert!(c.team_from_request(&json!("nobody")).is_err());
    }

    #[test]
    fn inline_teams_bring_an_ata_card() {
        let c = Content::embedded().unwrap();
        let t = c
            .team_from_request(
                &json!({"name": "Watch", "figures": ["sk001", "sk004", "sk009"], "ata": "ata01"}),
            )
            .unwrap();
        assert_eq!(t.ata.as_deref(), Some("ata01"));
        // Two Wardens at 2 points each: 120 + 50 + 110 + 4.
        let r = c.check(&t, Some(300), Lang::En);
        assert_eq!(r["points"], json!(284));
        assert_eq!(r["legal"], json!(true));
        assert_eq!(r["ata"]["characters"], json!([1, 2]));
        assert_eq!(r["ata"]["points"], json!(4));
        let s = c
            .scenario(
                DEFAULT_MAP,
                &[t.clone(), t],
                &GameChoices::points(300),
                Lang::En,
            )
            .unwrap();
        assert!(s.teams[0].tactics.ata.is_some());
        // A team list holds one card, never a list.
        assert!(c
            .team_from_request(
                &json!({"name": "W", "figures": ["sk001"], "ata": ["ata01", "ata02"]})
            )
            .is_err());
        // No Ravager: refused, in French with the rulebook's words.
        let t = c
            .team_from_request(&json!({"name": "W", "figures": ["sk001"], "ata": "ata02"}))
            .unwrap();
        let r = c.check(&t, Some(300), Lang::Fr);
        assert_eq!(r["legal"], json!(false));
        assert!(
            r["violations"][0].as_str().is_some_and(|v| v
                .to_lowercase()
                .contains("compétence de groupe alternative")),
            "{r}"
        );
        let t = c
            .team_from_request(&json!({"name": "W", "figures": ["sk001"], "ata": "ata1"}))
            .unwrap();
        let r = c.check(&t, Some(300), Lang::En);
        assert!(
            r["violations"][0]
                .as_str()
                .is_some_and(|v| v.contains("did you mean")),
            "{r}"
        );
        let content = c.to_json();
        assert!(content["tactics"]["atas"]
            .as_array()
            .is_some_and(|a| a.iter().any(|x| x["id"] == "ata01")));
        assert!(content["teams"]
            .as_array()
            .is_some_and(|a| a.iter().any(|x| x["id"] == "lighthouse-guard")));
    }
}
