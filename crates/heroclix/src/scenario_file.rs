//! Rules scenarios: one worked example of the rulebook or one FAQ ruling per TOML file, played
//! through the real game with scripted dice and checked against what the rules say happens.
//!
//! A scenario names its figures the way the rulebook's examples do ("A", "B"...), sets up a
//! position on a small map, plays a list of actions and states what must come out of them:
//!
//! ```toml
//! title = "Mark's knockback into a wall"
//! source = "rulebook, Partie 2, Dégâts dus au recul (figure 9)"
//! dice = []                        # set-up rolls only (first player...); optional
//! catalogue = "../starter.toml"    # optional; by default content/heroclix/starter.toml is
//!                                  # looked for in the folders above the scenario
//!
//! [game]
//! round = 2                        # default 1
//! active = 1                       # seat whose turn it is, counted from 1 (default 1)
//! first = 1                        # first player (default 1)
//! build_total = 300                # sets the action total (default 300)
//! round_limit = 3                  # optional
//! powers = { era = "pac2010" }     # power options (docs/rules/heroclix-powers.md); optional
//! setup = false                    # true: play the set-up steps instead of starting in place
//! theme_teams = false              # play theme teams' bonuses (Partie 4 *Équipes à thème*)
//! event = "ev01"                   # an event dial of the tactics cards (*Socles événement*)
//!
//! [[seat]]                         # optional, in seat order: names and alliances
//! name = "Mark"
//! alliance = 1
//! # tactics cards (content/heroclix/tactics/cards.toml), Partie 4:
//! # feats = [{ id = "ft01", characters = ["A"] }]   # characters by scenario name
//! # objects = [{ kind = "light" }, { special = "so01" }]   # placed during set-up
//! # condition = "bc01"             # battlefield condition (revealed once zones are chosen)
//! # ata = "ata01"                  # alternate team ability card (Partie 3): the seat's
//! #                                # characters meeting its prerequisite possess its ability
//! # zone = 1                       # its starting area, a zone of `[map] zones` (Capture)
//!
//! [map]
//! rows = ["....", "..h.", "bb.."]  # a sketch (`skirmish_board::square::sketch`), or
//! # file = "../../../maps/harbour-district.toml"   (relative to the scenario file)
//! walls = ["2,1 e"]                # the wall on the east edge of 2,1
//! markers = ["3,3 debris"]
//! stairs = [["0,3", "1,3", "2,3"]] # bottom step first; ladders = [["0,0", "0,1"]] likewise
//! zones = ["11..", "....", "..22"] # deployment zones, one digit per square
//!
//! [[object]]                       # objects lying on the map (Partie 4 *Objets*)
//! kind = "heavy"                   # light, heavy or immobile
//! square = "2,2"
//! name = "Girder"                  # optional
//! # special = "so01"               # a special object card instead of `kind`
//!
//! [[figure]]
//! name = "A"                       # how the scenario calls it
//! seat = 1
//! square = "1,1"                   # omitted: not on the map
//! id = "sk003"                     # a figure of the catalogue (content/heroclix/starter.toml)...
//! line = 1                         # ...on its starting line (from 1)
//! # or a dial written inline in the content format, with range, targets, points, symbols:
//! # dial = ["8 9 17 3", "7 9 16 2"]; range = 6; targets = 2; points = 50
//! # special = [{ kind = "trait", name = "CAPTURE", text = "...", effects = [{ uses = "capture" }] }]
//! damage = 0                       # clicks taken from the starting line
//! tokens = 0
//! active = true                    # has acted or moved this game (first-round immunity);
//!                                  # true by default, so only first-round scenarios set it
//! wild_card = "defenders"          # the team ability a wild card uses (none by default)
//!
//! [[actions]]                      # in order (TOML also takes `actions = [{ ... }]` written
//! seat = 1                         # before the first table)
//! do = "close_attack"              # move, close_attack, ranged_attack, destroy_blocking,
//! figure = "A"                     # destroy_wall, pass, split_damage, knockback_via, end_turn,
//! target = "B"                     # choose_map, choose_zone, place; powers: area_attack,
//! # power = "flurry"               # power_move, use_power, outwit, perplex, free_attack,
//!                                  # move_on, accept, decline (fields as in the JSON actions)
//! dice = [4, 4]                    # the dice this action rolls, exactly
//! events = [{ event = "damage", figure = "B", amount = 2 }]   # this action's events, in order
//! # refused = "adjacent"           # the action must be refused, the reason containing this
//! # legal = false                  # only check: no legal action matches (omitted fields match
//! #                                # anything; listed targets must all be among the targets)
//! [actions.expect]                 # checks after this action, as in [expect]; an entry
//!                                  # without `do` holds only checks (and a `note`)
//!
//! [expect]                         # checks at the end
//! events = [{ event = "knocked_back", figure = "B", path = ["2,1", "3,1"] }]
//! absent_events = [{ event = "damage", figure = "A" }]
//! victory_points = [50, 0]
//! round = 2
//! active = 2
//! actions_left = 1
//! pending = { decision = "split_damage", damage = 4 }
//! winners = [1]
//! over = true
//! setup_error = "occupancy"        # the position itself must be refused
//! [expect.figure.B]
//! square = "3,1"                   # or "none"
//! damage = 3
//! tokens = 0
//! ko = false
//! active = true
//! values = { attack = 9, defense = 16 }
//! [expect.square."4,1"]
//! blocking = false
//! hindering = true
//! markers = ["debris"]
//! walls = []                       # the exact set of walls on the square's edges
//!
//! [[team_check]]                   # a team against the team-building rules
//! figures = ["sk001", "sk001"]
//! build_total = 300
//! legal = false
//! violation = "unique"
//! # feats = [{ id = "ft01", characters = [1] }]; objects = [{ kind = "light" }];
//! # condition = "bc01"; theme = "Warden" (the keyword it must be a theme team on, "" for none)
//! # ata = "ata01"; points = 298 (the team's points: figures, feats, objects, ATA card)
//! ```
//!
//! Events and decisions are matched on the fields written, named as the engine's events
//! ([`crate::game::Event`]) name them: figures by their scenario names, seats counted from 1,
//! squares as `x,y`. Free-text fields (`stopped_by`, `attack`, `defense`, `critical`, `reason`)
//! match when they contain the text written; the text `"none"` matches an absent value.
//!
//! The runner stops at the first difference and explains it, expected against got. Each action
//! must roll exactly the dice scripted for it.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use serde_json::{Map, Value as Json};
use skirmish_board::square::{load_square_map, sketch, Dir, Marker, Square, SquareMap};
use skirmish_board::FigureId;
use skirmish_engine::{DiceSource, Game, Pending, Seat};
use skirmish_lang::Lang;
use toml::Spanned;

use crate::content::{figures_from_toml_str, load_figures, Catalogue, Source};
use crate::figure::Stat;
use crate::game::{
    combat, Action, Event, HeroClix, Options, PlacedFigure, Position, Scenario, TeamFigure,
    TeamSetup,
};
use crate::team::{check_team, Team, TeamEntry};

/// Where the starter catalogue lives, relative to the repository root.
const CATALOGUE: &str = "content/heroclix/starter.toml";

/// Why a scenario file could not be read: `file:line:column: field: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    /// The file (or the name given to the text).
    pub origin: String,
    /// 1-based line, 0 when the problem is not tied to a place in the text.
    pub line: usize,
    /// 1-based column, 0 when unknown.
    pub column: usize,
    /// The field at fault, e.g. `actions[2].figure`.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.origin)?;
        if self.line > 0 {
            write!(f, ":{}:{}", self.line, self.column.max(1))?;
        }
        if !self.field.is_empty() {
            write!(f, ": {}", self.field)?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for ScenarioError {}

/// A scenario read from its file, ready to run.
#[derive(Clone, Debug)]
pub struct ScenarioFile {
    /// The file it was read from.
    pub origin: String,
    /// What it shows.
    pub title: String,
    /// The rulebook section or FAQ ruling it encodes.
    pub source: String,
    /// What the game starts from; `None` for a file that only checks teams.
    pub scenario: Option<Scenario>,
    /// Scenario name of each figure, indexed by figure id.
    pub names: Vec<String>,
    /// Dice rolled while setting up (first player...).
    pub setup_dice: Vec<u8>,
    /// The actions and checks, in order.
    pub steps: Vec<Step>,
    /// Checks once every step has run.
    pub expect: Expect,
    /// Teams checked against the team-building rules.
    pub team_checks: Vec<TeamCheck>,
    catalogue: Option<Arc<Catalogue>>,
}

/// One entry of the `actions` list.
#[derive(Clone, Debug)]
pub struct Step {
    /// 1-based line in the file.
    pub line: usize,
    /// The seat acting (0-based).
    pub seat: Seat,
    /// The action as written (`do` and its fields), in the form events are matched in.
    pub pattern: Option<Json>,
    /// What to do with it.
    pub mode: StepMode,
    /// Dice the action rolls.
    pub dice: Vec<u8>,
    /// Events the action must cause, in order.
    pub events: Vec<Json>,
    /// Checks after the step.
    pub expect: Option<Expect>,
}

/// What a step does with its action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepMode {
    /// Play it; it must be accepted.
    Play,
    /// Play it; it must be refused with a reason containing this text.
    Refused(String),
    /// Do not play it: check that some legal action matches it (true) or none does (false).
    Legal(bool),
    /// No action: only the checks.
    Check,
}

/// What must hold at a point of the scenario.
#[derive(Clone, Debug, Default)]
pub struct Expect {
    /// Events that must have happened, in order (matched on the fields given).
    pub events: Vec<Json>,
    /// Events that must not have happened.
    pub absent_events: Vec<Json>,
    /// Figures by scenario name.
    pub figures: BTreeMap<String, FigureExpect>,
    /// Squares of the map.
    pub squares: BTreeMap<Square, SquareExpect>,
    /// Victory points of each seat, in seat order.
    pub victory_points: Option<Vec<u32>>,
    /// The round.
    pub round: Option<u32>,
    /// The active seat (0-based).
    pub active: Option<Seat>,
    /// Actions left this turn.
    pub actions_left: Option<u8>,
    /// The pending decision, matched on the fields given.
    pub pending: Option<Json>,
    /// The game is over (or not).
    pub over: Option<bool>,
    /// The winners (0-based seats); implies the game is over.
    pub winners: Option<Vec<Seat>>,
    /// Setting up must fail with a message containing this.
    pub setup_error: Option<String>,
}

/// What must hold of one figure.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FigureExpect {
    /// `x,y`, or `none` when off the map.
    pub square: Option<String>,
    /// Clicks of damage taken from its starting line.
    pub damage: Option<usize>,
    /// Action tokens.
    pub tokens: Option<u8>,
    /// Knocked out.
    pub ko: Option<bool>,
    /// Has acted or moved this game.
    pub active: Option<bool>,
    /// Current combat values (`speed`, `attack`, `defense`, `damage`) and `range`.
    #[serde(default)]
    pub values: BTreeMap<String, i32>,
}

/// What must hold of one square.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SquareExpect {
    /// Blocking terrain now.
    pub blocking: Option<bool>,
    /// Hindering terrain now.
    pub hindering: Option<bool>,
    /// The markers lying there, exactly (`debris`, `barrier`, `smoke`).
    pub markers: Option<Vec<String>>,
    /// The walls along its edges, exactly (`n`, `e`, `s`, `w`).
    pub walls: Option<Vec<String>>,
}

/// A team checked against the team-building rules.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamCheck {
    /// Catalogue ids, one per figure (`id` or `id@line`, the starting line from 1).
    pub figures: Vec<String>,
    /// The build total.
    #[serde(default = "default_build_total")]
    pub build_total: u32,
    /// Whether the team must be legal.
    pub legal: bool,
    /// Text the explanation of the broken rules must contain.
    #[serde(default)]
    pub violation: Option<String>,
    /// Feats assigned: `{ id = "ft01", characters = [1] }` (entries from 1).
    #[serde(default)]
    pub feats: Vec<TeamCheckFeat>,
    /// Objects brought: `{ kind = "light" }` or `{ special = "so01" }`.
    #[serde(default)]
    pub objects: Vec<TeamCheckObject>,
    /// Battlefield condition card id.
    #[serde(default)]
    pub condition: Option<String>,
    /// The keyword the team must be a theme team on (`""` for no theme).
    #[serde(default)]
    pub theme: Option<String>,
    /// Alternate team ability card id (Partie 3 *Compétences de groupe alternatives*).
    #[serde(default)]
    pub ata: Option<String>,
    /// The points the check must count (figures, feats, special objects, ATA card).
    #[serde(default)]
    pub points: Option<u32>,
}

/// A feat of a team check.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamCheckFeat {
    /// Card id.
    pub id: String,
    /// Entries, from 1.
    #[serde(default)]
    pub characters: Vec<usize>,
}

/// An object of a team check.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamCheckObject {
    /// Standard object kind.
    #[serde(default)]
    pub kind: Option<crate::game::state::ObjectKind>,
    /// Special object card id.
    #[serde(default)]
    pub special: Option<String>,
}

fn default_build_total() -> u32 {
    300
}

/// The result of running a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunReport {
    /// The first difference between the rules and the game, if any.
    pub difference: Option<String>,
    /// The game's log up to where the scenario stopped, one line per event.
    pub log: Vec<String>,
}

impl RunReport {
    /// No difference was found.
    pub fn passed(&self) -> bool {
        self.difference.is_none()
    }
}

/// One scenario file checked: read and run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The file.
    pub path: PathBuf,
    /// Its title, when it could be read.
    pub title: Option<String>,
    /// `Ok` when it passed; otherwise the reading error or the first difference.
    pub result: Result<(), String>,
    /// The game's log (empty when the file could not be read).
    pub log: Vec<String>,
}

/// Reads and runs one scenario file.
pub fn check_file(path: &Path, lang: Lang) -> Checked {
    match load(path) {
        Err(e) => Checked {
            path: path.to_path_buf(),
            title: None,
            result: Err(e.to_string()),
            log: Vec::new(),
        },
        Ok(s) => {
            let report = s.run(lang);
            Checked {
                path: path.to_path_buf(),
                title: Some(s.title.clone()),
                result: report.difference.map_or(Ok(()), Err),
                log: report.log,
            }
        }
    }
}

/// Every `*.toml` file under the given files and folders (folders recursively), sorted.
pub fn collect_files(paths: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut out)?;
        } else if p.exists() {
            out.push(p.clone());
        } else {
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("{}: no such file or folder", p.display()),
            ));
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push(path);
        }
    }
    Ok(())
}

/// Reads a scenario file.
pub fn load(path: impl AsRef<Path>) -> Result<ScenarioFile, ScenarioError> {
    let path = path.as_ref();
    let origin = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| ScenarioError {
        origin: origin.clone(),
        line: 0,
        column: 0,
        field: String::new(),
        message: format!("cannot read the scenario: {e}"),
    })?;
    let base = path.parent().unwrap_or(Path::new("."));
    from_toml_str(&text, &origin, base)
}

// ---------------------------------------------------------------------------------------------
// Raw shapes

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    title: Spanned<String>,
    source: Spanned<String>,
    catalogue: Option<Spanned<String>>,
    #[serde(default)]
    dice: Vec<Spanned<i64>>,
    #[serde(default)]
    game: Option<Spanned<RawGame>>,
    #[serde(default)]
    seat: Vec<Spanned<RawSeat>>,
    map: Option<Spanned<RawMap>>,
    #[serde(default)]
    figure: Vec<Spanned<toml::Table>>,
    #[serde(default)]
    actions: Vec<Spanned<toml::Table>>,
    // Not `Spanned`: the toml reader cannot span a table that only its sub-tables define
    // (`[expect.figure.A]` with no `[expect]` line), and would refuse such a file.
    expect: Option<toml::Table>,
    #[serde(default)]
    team_check: Vec<Spanned<TeamCheck>>,
    #[serde(default)]
    object: Vec<Spanned<RawObject>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawObject {
    #[serde(default)]
    kind: Option<crate::game::state::ObjectKind>,
    /// A special object card id (its kind comes from the card).
    #[serde(default)]
    special: Option<String>,
    square: String,
    #[serde(default)]
    name: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawGame {
    round: Option<u32>,
    active: Option<u8>,
    first: Option<u8>,
    build_total: Option<u32>,
    round_limit: Option<u32>,
    #[serde(default)]
    setup: bool,
    #[serde(default)]
    powers: crate::game::powers::PowerOptions,
    #[serde(default)]
    theme_teams: bool,
    event: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSeat {
    name: Option<String>,
    alliance: Option<u8>,
    /// Feats: `{ id = "ft01", characters = ["Figure name"] }`.
    #[serde(default)]
    feats: Vec<RawSeatFeat>,
    /// Objects to place during set-up: `{ kind = "light" }` or `{ special = "so01" }`.
    #[serde(default)]
    objects: Vec<TeamCheckObject>,
    /// Battlefield condition card id.
    condition: Option<String>,
    /// Alternate team ability card id.
    ata: Option<String>,
    /// The seat's starting area: a deployment zone of the map (`[map] zones`), for rules
    /// that need one when the scenario starts in place (Capture's release).
    zone: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSeatFeat {
    id: String,
    #[serde(default)]
    characters: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    rows: Option<Vec<String>>,
    file: Option<String>,
    #[serde(default)]
    walls: Vec<String>,
    #[serde(default)]
    markers: Vec<String>,
    #[serde(default)]
    stairs: Vec<Vec<String>>,
    #[serde(default)]
    ladders: Vec<Vec<String>>,
    zones: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExpect {
    #[serde(default)]
    events: Vec<toml::Table>,
    #[serde(default)]
    absent_events: Vec<toml::Table>,
    #[serde(default)]
    figure: BTreeMap<String, FigureExpect>,
    #[serde(default)]
    square: BTreeMap<String, SquareExpect>,
    victory_points: Option<Vec<u32>>,
    round: Option<u32>,
    active: Option<u8>,
    actions_left: Option<u8>,
    pending: Option<toml::Table>,
    over: Option<bool>,
    winners: Option<Vec<u8>>,
    setup_error: Option<String>,
}

/// Fields of a `[[figure]]` that describe its place in the game rather than its dial.
const FIGURE_STATE_KEYS: &[&str] = &[
    "name",
    "seat",
    "square",
    "damage",
    "tokens",
    "active",
    "id",
    "line",
    "wild_card",
];
/// Fields of a `[[figure]]` passed to the content reader for an inline dial.
const FIGURE_DIAL_KEYS: &[&str] = &[
    "dial",
    "range",
    "targets",
    "points",
    "symbols",
    "unique",
    "keywords",
    "base",
    "team_abilities",
    "bystander",
    "special",
    "enemy_ring",
];

// ---------------------------------------------------------------------------------------------
// Reading

struct Reader<'a> {
    src: Source<'a>,
}

impl Reader<'_> {
    fn err(
        &self,
        offset: usize,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> ScenarioError {
        let (line, column) = self.src.line_col(offset);
        ScenarioError {
            origin: self.src.origin.to_string(),
            line,
            column,
            field: field.into(),
            message: message.into(),
        }
    }

    fn line(&self, offset: usize) -> usize {
        self.src.line_col(offset).0
    }
}

fn parse_square(s: &str) -> Result<Square, String> {
    s.parse::<Square>().map_err(|e| e.to_string())
}

fn parse_dir(s: &str) -> Result<Dir, String> {
    serde_json::from_value::<Dir>(Json::String(s.trim().to_ascii_lowercase()))
        .map_err(|_| format!("`{s}` is not a direction: write n, ne, e, se, s, sw, w or nw"))
}

/// Reads a scenario from its text. `origin` names it in errors; `base` is the folder that
/// relative paths (map file, catalogue) start from.
pub fn from_toml_str(text: &str, origin: &str, base: &Path) -> Result<ScenarioFile, ScenarioError> {
    let r = Reader {
        src: Source { text, origin },
    };
    let raw: RawFile = toml::from_str(text).map_err(|e| {
        let issue = r.src.toml_issue(&e);
        ScenarioError {
            origin: origin.to_string(),
            line: issue.line,
            column: issue.column,
            field: issue.field,
            message: e.message().trim().to_string(),
        }
    })?;

    // Set-up dice.
    let mut setup_dice = Vec::new();
    for d in &raw.dice {
        setup_dice.push(die_value(&r, d, "dice")?);
    }

    // Game options.
    let (game, game_at) = match &raw.game {
        Some(g) => (g.get_ref(), g.span().start),
        None => (&RawGame::default(), 0),
    };

    // Catalogue: given, or found above the scenario's folder.
    let catalogue_path = match &raw.catalogue {
        Some(c) => Some((base.join(c.get_ref()), c.span().start)),
        None => base
            .ancestors()
            .map(|a| a.join(CATALOGUE))
            .find(|p| p.is_file())
            .map(|p| (p, 0)),
    };
    let mut catalogue_cache: Option<Arc<Catalogue>> = None;
    let mut catalogue = |at: usize, field: &str| -> Result<Arc<Catalogue>, ScenarioError> {
        if let Some(c) = &catalogue_cache {
            return Ok(c.clone());
        }
        let Some((p, _)) = &catalogue_path else {
            return Err(r.err(
                at,
                field,
                format!("no catalogue: `{CATALOGUE}` was not found above the scenario's folder; give `catalogue = \"path\"`"),
            ));
        };
        let figs = load_figures(p)
            .map_err(|e| r.err(at, field, format!("cannot read the catalogue: {e}")))?;
        let c = Arc::new(Catalogue::new(figs));
        catalogue_cache = Some(c.clone());
        Ok(c)
    };

    // Figures.
    struct Fig {
        name: String,
        seat: u8,
        team: TeamFigure,
        placed: PlacedFigure,
    }
    let mut figs: Vec<Fig> = Vec::new();
    for (i, f) in raw.figure.iter().enumerate() {
        let at = f.span().start;
        let t = f.get_ref();
        let field = |k: &str| format!("figure[{i}].{k}");
        for k in t.keys() {
            if !FIGURE_STATE_KEYS.contains(&k.as_str()) && !FIGURE_DIAL_KEYS.contains(&k.as_str()) {
                return Err(r.err(
                    at,
                    field(k),
                    format!(
                        "unknown field; a figure takes {} and, for an inline dial, {}",
                        FIGURE_STATE_KEYS.join(", "),
                        FIGURE_DIAL_KEYS.join(", ")
                    ),
                ));
            }
        }
        let name = match t.get("name") {
            Some(toml::Value::String(s)) if !s.trim().is_empty() => s.trim().to_string(),
            _ => {
                return Err(r.err(
                    at,
                    field("name"),
                    "every figure needs a `name` (\"A\", \"B\"...)",
                ))
            }
        };
        if figs.iter().any(|x| x.name == name) {
            return Err(r.err(at, field("name"), format!("two figures are named `{name}`")));
        }
        let int = |k: &str, default: i64, min: i64, max: i64| -> Result<i64, ScenarioError> {
            match t.get(k) {
                None => Ok(default),
                Some(toml::Value::Integer(v)) if (min..=max).contains(v) => Ok(*v),
                Some(v) => Err(r.err(
                    at,
                    field(k),
                    format!("expected a whole number from {min} to {max}, got {v}"),
                )),
            }
        };
        if !t.contains_key("seat") {
            return Err(r.err(
                at,
                field("seat"),
                "every figure needs a `seat`, counted from 1",
            ));
        }
        let seat = int("seat", 1, 1, 4)?;
        let square = match t.get("square") {
            None => None,
            Some(toml::Value::String(s)) => {
                Some(parse_square(s).map_err(|e| r.err(at, field("square"), e))?)
            }
            Some(v) => {
                return Err(r.err(at, field("square"), format!("expected \"x,y\", got {v}")))
            }
        };
        let damage = int("damage", 0, 0, 100)? as usize;
        let tokens = int("tokens", 0, 0, 2)? as u8;
        let active = match t.get("active") {
            None => true,
            Some(toml::Value::Boolean(b)) => *b,
            Some(v) => {
                return Err(r.err(
                    at,
                    field("active"),
                    format!("expected true or false, got {v}"),
                ))
            }
        };
        let line = int("line", 1, 1, 20)?;
        let has_dial = t.contains_key("dial");
        let def = match (t.get("id"), has_dial) {
            (Some(_), true) => {
                return Err(r.err(
                    at,
                    field("id"),
                    "give either a catalogue `id` or an inline `dial`, not both",
                ))
            }
            (Some(toml::Value::String(id)), false) => {
                let cat = catalogue(at, &field("id"))?;
                let Some(def) = cat.get(id) else {
                    let close = cat.close_ids(id);
                    return Err(r.err(
                        at,
                        field("id"),
                        format!(
                            "no figure `{id}` in the catalogue{}",
                            if close.is_empty() {
                                String::new()
                            } else {
                                format!("; did you mean {}?", close.join(", "))
                            }
                        ),
                    ));
                };
                def.clone()
            }
            (Some(v), false) => {
                return Err(r.err(at, field("id"), format!("expected a figure id, got {v}")))
            }
            (None, true) => inline_figure(&r, at, i, &name, t)?,
            (None, false) => {
                return Err(r.err(
                    at,
                    field("dial"),
                    "give the figure a catalogue `id` or an inline `dial`",
                ))
            }
        };
        let index = figs
            .iter()
            .filter(|x| i64::from(x.seat) == seat - 1)
            .count();
        figs.push(Fig {
            name: name.clone(),
            seat: (seat - 1) as u8,
            team: TeamFigure {
                def: Arc::new(def),
                line: (line - 1) as usize,
                label: Some(name),
            },
            placed: PlacedFigure {
                seat: (seat - 1) as u8,
                index,
                square,
                damage,
                tokens,
                active,
                wild_card: t
                    .get("wild_card")
                    .and_then(|v| v.as_str())
                    .map(str::to_string),
            },
        });
    }

    // Seats.
    let seat_count = figs
        .iter()
        .map(|f| usize::from(f.seat) + 1)
        .max()
        .unwrap_or(0)
        .max(raw.seat.len());
    let mut teams: Vec<TeamSetup> = Vec::new();
    let cards = crate::tactics::Tactics::builtin();
    for s in 0..seat_count {
        let info = raw.seat.get(s).map(|x| x.get_ref());
        let seat_at = raw.seat.get(s).map_or(0, |x| x.span().start);
        let mut tactics = crate::game::tactics::TeamTactics::default();
        let members: Vec<&str> = figs
            .iter()
            .filter(|f| usize::from(f.seat) == s)
            .map(|f| f.name.as_str())
            .collect();
        for (k, fe) in info
            .map(|i| i.feats.as_slice())
            .unwrap_or(&[])
            .iter()
            .enumerate()
        {
            let Some(def) = cards.feat(&fe.id) else {
                return Err(r.err(
                    seat_at,
                    format!("seat[{s}].feats[{k}].id"),
                    format!("no feat `{}` among the tactics cards", fe.id),
                ));
            };
            let mut characters = Vec::new();
            for c in &fe.characters {
                let Some(idx) = members.iter().position(|m| m == c) else {
                    return Err(r.err(
                        seat_at,
                        format!("seat[{s}].feats[{k}].characters"),
                        format!("no figure named `{c}` in this seat"),
                    ));
                };
                characters.push(idx);
            }
            tactics.feats.push(crate::game::tactics::TeamFeat {
                def: Arc::new(def.clone()),
                characters,
            });
        }
        for (k, o) in info
            .map(|i| i.objects.as_slice())
            .unwrap_or(&[])
            .iter()
            .enumerate()
        {
            let special = match &o.special {
                Some(id) => Some(cards.special_object(id).ok_or_else(|| {
                    r.err(
                        seat_at,
                        format!("seat[{s}].objects[{k}].special"),
                        format!("no special object `{id}` among the tactics cards"),
                    )
                })?),
                None => None,
            };
            let Some(kind) = special.map(|x| x.kind).or(o.kind) else {
                return Err(r.err(
                    seat_at,
                    format!("seat[{s}].objects[{k}]"),
                    "an object needs `kind` or `special`",
                ));
            };
            tactics.objects.push(crate::game::tactics::TeamObject {
                kind,
                name: special.map_or_else(|| format!("object {}", k + 1), |x| x.name.clone()),
                special: special.map(|x| Arc::new(x.clone())),
            });
        }
        if let Some(c) = info.and_then(|i| i.condition.as_ref()) {
            let Some(def) = cards.condition(c) else {
                return Err(r.err(
                    seat_at,
                    format!("seat[{s}].condition"),
                    format!("no battlefield condition `{c}` among the tactics cards"),
                ));
            };
            tactics.condition = Some(Arc::new(def.clone()));
        }
        if let Some(c) = info.and_then(|i| i.ata.as_ref()) {
            let Some(def) = cards.ata(c) else {
                return Err(r.err(
                    seat_at,
                    format!("seat[{s}].ata"),
                    format!(
                        "no alternate team ability card `{c}` among the tactics cards{}",
                        crate::team::did_you_mean(
                            &crate::content::close_matches(
                                c,
                                cards.atas.iter().map(|a| a.id.as_str())
                            ),
                            Lang::En
                        )
                    ),
                ));
            };
            tactics.ata = Some(Arc::new(def.clone()));
        }
        teams.push(TeamSetup {
            name: info
                .and_then(|i| i.name.clone())
                .unwrap_or_else(|| format!("Player {}", s + 1)),
            alliance: info.and_then(|i| i.alliance),
            figures: figs
                .iter()
                .filter(|f| usize::from(f.seat) == s)
                .map(|f| f.team.clone())
                .collect(),
            tactics,
        });
    }
    // Figure ids follow the team order, as the game's set-up numbers them.
    let mut names: Vec<String> = Vec::new();
    for s in 0..seat_count {
        for f in figs.iter().filter(|f| usize::from(f.seat) == s) {
            names.push(f.name.clone());
        }
    }
    let id_of = |name: &str| {
        names
            .iter()
            .position(|n| n == name)
            .map(|i| FigureId(i as u32))
    };

    // Map.
    let scenario = match &raw.map {
        None => {
            if !figs.is_empty() || !raw.actions.is_empty() {
                return Err(r.err(
                    0,
                    "map",
                    "a scenario with figures or actions needs a `[map]`",
                ));
            }
            None
        }
        Some(m) => {
            let map = read_map(&r, m, base)?;
            let active = game.active.unwrap_or(1);
            let first = game.first.unwrap_or(1);
            if active < 1 || first < 1 {
                return Err(r.err(game_at, "game", "seats are counted from 1"));
            }
            let position = if game.setup {
                if let Some(f) = figs.iter().find(|f| f.placed.square.is_some()) {
                    return Err(r.err(
                        game_at,
                        "game.setup",
                        format!("with `setup = true` figures are placed by the set-up steps: remove the square of `{}`", f.name),
                    ));
                }
                None
            } else {
                Some(Position {
                    round: game.round.unwrap_or(1),
                    active: active - 1,
                    first: first - 1,
                    figures: figs.iter().map(|f| f.placed.clone()).collect(),
                    zones: raw.seat.iter().map(|x| x.get_ref().zone).collect(),
                })
            };
            Some(Scenario {
                maps: vec![map],
                teams,
                options: Options {
                    build_total: game.build_total.unwrap_or(300),
                    round_limit: game.round_limit,
                    powers: game.powers.clone(),
                    theme_teams: game.theme_teams,
                },
                position,
                event: match &game.event {
                    Some(id) => Some(Arc::new(
                        cards
                            .event(id)
                            .ok_or_else(|| {
                                r.err(
                                    game_at,
                                    "game.event",
                                    format!("no event dial `{id}` among the tactics cards"),
                                )
                            })?
                            .clone(),
                    )),
                    None => None,
                },
                objects: {
                    let mut objects = Vec::new();
                    for (i, o) in raw.object.iter().enumerate() {
                        let square = parse_square(&o.get_ref().square)
                            .map_err(|m| r.err(o.span().start, format!("object[{i}].square"), m))?;
                        let special = match &o.get_ref().special {
                            Some(id) => Some(cards.special_object(id).ok_or_else(|| {
                                r.err(
                                    o.span().start,
                                    format!("object[{i}].special"),
                                    format!("no special object `{id}` among the tactics cards"),
                                )
                            })?),
                            None => None,
                        };
                        let Some(kind) = special.map(|s| s.kind).or(o.get_ref().kind) else {
                            return Err(r.err(o.span().start, format!("object[{i}]"), "an object needs `kind` (light, heavy, immobile) or `special` (a card id)"));
                        };
                        objects.push(crate::game::state::ObjectSetup {
                            kind,
                            name: o
                                .get_ref()
                                .name
                                .clone()
                                .or_else(|| special.map(|s| s.name.clone())),
                            square,
                            special: special.map(|s| Arc::new(s.clone())),
                        });
                    }
                    objects
                },
            })
        }
    };

    // Steps.
    let mut steps = Vec::new();
    for (i, a) in raw.actions.iter().enumerate() {
        steps.push(read_step(&r, i, a, &id_of, &names)?);
    }

    let expect = match &raw.expect {
        None => Expect::default(),
        Some(e) => read_expect(&r, table_offset(text, "expect"), "expect", e, &names)?,
    };

    let mut team_checks = Vec::new();
    for (i, t) in raw.team_check.iter().enumerate() {
        catalogue(t.span().start, &format!("team_check[{i}]"))?;
        team_checks.push(t.get_ref().clone());
    }

    Ok(ScenarioFile {
        origin: origin.to_string(),
        title: raw.title.get_ref().clone(),
        source: raw.source.get_ref().clone(),
        scenario,
        names,
        setup_dice,
        steps,
        expect,
        team_checks,
        catalogue: catalogue_cache,
    })
}

fn die_value(r: &Reader<'_>, d: &Spanned<i64>, field: &str) -> Result<u8, ScenarioError> {
    let v = *d.get_ref();
    if !(1..=6).contains(&v) {
        return Err(r.err(d.span().start, field, format!("a d6 shows 1 to 6, not {v}")));
    }
    Ok(v as u8)
}

/// Builds a figure from an inline dial by handing the dial fields to the content reader.
fn inline_figure(
    r: &Reader<'_>,
    at: usize,
    index: usize,
    name: &str,
    t: &toml::Table,
) -> Result<crate::figure::FigureDef, ScenarioError> {
    let mut fig = toml::Table::new();
    fig.insert(
        "id".into(),
        toml::Value::String(format!(
            "scenario-{}",
            name.replace(char::is_whitespace, "_")
        )),
    );
    fig.insert("name".into(), toml::Value::String(name.to_string()));
    fig.insert("set".into(), toml::Value::String("scenario".into()));
    fig.insert(
        "number".into(),
        toml::Value::String(format!("{}", index + 1)),
    );
    for k in FIGURE_DIAL_KEYS {
        if let Some(v) = t.get(*k) {
            let v = match (k, v) {
                (&"points", toml::Value::Integer(p)) => {
                    toml::Value::Array(vec![toml::Value::Integer(*p)])
                }
                _ => v.clone(),
            };
            fig.insert((*k).into(), v);
        }
    }
    if !fig.contains_key("points") {
        fig.insert(
            "points".into(),
            toml::Value::Array(vec![toml::Value::Integer(0)]),
        );
    }
    let mut file = toml::Table::new();
    file.insert(
        "figure".into(),
        toml::Value::Array(vec![toml::Value::Table(fig)]),
    );
    let text =
        toml::to_string(&file).map_err(|e| r.err(at, format!("figure[{index}]"), e.to_string()))?;
    let mut defs = figures_from_toml_str(&text, "inline").map_err(|e| {
        let detail = e
            .issues()
            .iter()
            .map(|i| {
                format!(
                    "{}: {}",
                    i.field
                        .replacen("figure[0]", &format!("figure[{index}]"), 1),
                    i.problem
                )
            })
            .collect::<Vec<_>>()
            .join("; ");
        r.err(
            at,
            format!("figure[{index}]"),
            if detail.is_empty() {
                e.to_string()
            } else {
                detail
            },
        )
    })?;
    defs.pop()
        .ok_or_else(|| r.err(at, format!("figure[{index}]"), "the dial could not be read"))
}

fn read_map(r: &Reader<'_>, m: &Spanned<RawMap>, base: &Path) -> Result<SquareMap, ScenarioError> {
    let at = m.span().start;
    let raw = m.get_ref();
    let mut map = match (&raw.rows, &raw.file) {
        (Some(rows), None) => {
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            sketch(&rows).map_err(|e| r.err(at, "map.rows", e))?
        }
        (None, Some(file)) => {
            load_square_map(base.join(file)).map_err(|e| r.err(at, "map.file", e.to_string()))?
        }
        _ => {
            return Err(r.err(
                at,
                "map",
                "give the map either as `rows` (a sketch) or as a `file`",
            ))
        }
    };
    map.name = "scenario".into();
    for (i, w) in raw.walls.iter().enumerate() {
        let field = format!("map.walls[{i}]");
        let (sq, dir) = w.trim().split_once(char::is_whitespace).ok_or_else(|| {
            r.err(
                at,
                &field,
                format!("`{w}`: write a wall as \"x,y dir\", e.g. \"2,3 e\""),
            )
        })?;
        let sq = parse_square(sq).map_err(|e| r.err(at, &field, e))?;
        let dir = parse_dir(dir).map_err(|e| r.err(at, &field, e))?;
        if dir.is_diagonal() || !map.contains(sq) || !map.contains(sq.step(dir)) {
            return Err(r.err(at, &field, format!("`{w}`: a wall runs along an edge between two squares of the map (n, e, s or w)")));
        }
        map.set_wall(sq, dir, true);
    }
    for (i, w) in raw.markers.iter().enumerate() {
        let field = format!("map.markers[{i}]");
        let (sq, kind) = w.trim().split_once(char::is_whitespace).ok_or_else(|| {
            r.err(
                at,
                &field,
                format!("`{w}`: write a marker as \"x,y kind\", e.g. \"2,3 debris\""),
            )
        })?;
        let sq = parse_square(sq).map_err(|e| r.err(at, &field, e))?;
        let marker: Marker = serde_json::from_value(Json::String(kind.trim().to_ascii_lowercase()))
            .map_err(|_| {
                r.err(
                    at,
                    &field,
                    format!("`{kind}` is not a marker: debris, barrier or smoke"),
                )
            })?;
        if !map.contains(sq) {
            return Err(r.err(at, &field, format!("{sq} is off the map")));
        }
        map.place_marker(sq, marker);
    }
    for (i, s) in raw.stairs.iter().enumerate() {
        let field = format!("map.stairs[{i}]");
        let steps = s
            .iter()
            .map(|x| parse_square(x))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| r.err(at, &field, e))?;
        map.add_staircase(steps)
            .map_err(|e| r.err(at, &field, e.to_string()))?;
    }
    for (i, l) in raw.ladders.iter().enumerate() {
        let field = format!("map.ladders[{i}]");
        let [bottom, top] = l.as_slice() else {
            return Err(r.err(at, &field, "a ladder is [\"bottom\", \"top\"]"));
        };
        let bottom = parse_square(bottom).map_err(|e| r.err(at, &field, e))?;
        let top = parse_square(top).map_err(|e| r.err(at, &field, e))?;
        map.add_ladder(bottom, top)
            .map_err(|e| r.err(at, &field, e.to_string()))?;
    }
    if let Some(zones) = &raw.zones {
        if zones.len() != map.height() as usize {
            return Err(r.err(
                at,
                "map.zones",
                format!(
                    "{} rows of zones for a map {} rows high",
                    zones.len(),
                    map.height()
                ),
            ));
        }
        for (y, row) in zones.iter().enumerate() {
            if row.chars().count() != map.width() as usize {
                return Err(r.err(
                    at,
                    "map.zones",
                    format!(
                        "zone row {y} has {} squares, the map is {} wide",
                        row.chars().count(),
                        map.width()
                    ),
                ));
            }
            for (x, ch) in row.chars().enumerate() {
                let zone = match ch {
                    '.' => 0,
                    d if d.is_ascii_digit() => d as u8 - b'0',
                    other => {
                        return Err(r.err(
                            at,
                            "map.zones",
                            format!(
                            "row {y}, column {x}: `{other}` is not a zone: write a digit or `.`"
                        ),
                        ))
                    }
                };
                if let Some(c) = map.cell_mut(Square::new(x as i32, y as i32)) {
                    c.zone = zone;
                }
            }
        }
    }
    Ok(map)
}

/// Keys of a step that are not fields of its action.
const STEP_KEYS: &[&str] = &[
    "seat", "do", "refused", "legal", "dice", "events", "expect", "note",
];

/// The fields each kind of action takes, as written in scenarios.
fn action_fields(kind: &str) -> Option<&'static [&'static str]> {
    Some(match kind {
        "move" => &["figure", "to", "carry"],
        "close_attack" => &["figure", "target", "power"],
        "ranged_attack" => &["figure", "target", "targets", "power"],
        "area_attack" => &["figure", "power"],
        "power_move" => &["figure", "power", "to", "carry"],
        "use_power" => &["figure", "power", "target"],
        "outwit" => &["figure", "target", "ability"],
        "perplex" => &["figure", "target", "stat", "delta"],
        "free_attack" => &["target", "targets", "ranged", "power"],
        "move_on" => &["to"],
        "accept" | "decline" => &[],
        "redirect" => &["friend"],
        "telekinesis" => &["figure", "target", "to"],
        "telekinesis_object" => &["figure", "square", "to"],
        "telekinesis_throw" => &["figure", "square", "target"],
        "pick_up" => &["square"],
        "switch_off" => &["figure", "ability"],
        "team_ability" => &["figure", "team", "target"],
        "throw_object" => &["figure", "target"],
        "mind_control" => &["figure", "target", "targets"],
        "duo_attack" => &["figure"],
        "move_and_attack" => &["figure", "to", "carry"],
        "place_marker" => &["square"],
        "destroy_blocking" => &["figure", "square", "ranged"],
        "destroy_wall" => &["figure", "square", "dir", "ranged"],
        "pass" => &["figure"],
        "split_damage" => &["amounts", "split"],
        "knockback_via" => &["square"],
        "end_turn" => &[],
        "choose_map" => &["map"],
        "choose_zone" => &["zone"],
        "place" => &["figure", "square"],
        "cancel_condition" => &["condition"],
        "set_feat_aside" => &["figure", "feat"],
        "wild_card" => &["figure", "team"],
        "place_object" => &["object", "square"],
        "multi_attack" => &["figure"],
        "capture" => &["figure", "target"],
        "rescue" => &["figure", "captor", "captive"],
        "release" => &["figure", "captive"],
        "clear_token" => &["friend"],
        "switch_off_team" => &["figure", "team"],
        _ => return None,
    })
}

/// Keys whose values name one figure.
const FIGURE_KEYS: &[&str] = &[
    "figure",
    "attacker",
    "target",
    "by",
    "friend",
    "carry",
    "passenger",
    "carrier",
    "mover",
    "subject",
    "captor",
    "captive",
    "rescuer",
    "hereditary_enemy",
    "beside",
];
/// Keys whose values list figures.
const FIGURE_LIST_KEYS: &[&str] = &["figures", "targets", "hits"];
/// Keys whose values are squares or lists of squares.
const SQUARE_KEYS: &[&str] = &["to", "square", "path", "debris", "options"];
/// Keys whose values are seats.
const SEAT_KEYS: &[&str] = &["seat", "scored_by"];
/// Keys whose values list seats.
const SEAT_LIST_KEYS: &[&str] = &["winners", "seats"];
/// Keys whose values list `[seat, value]` pairs.
const SEAT_PAIR_KEYS: &[&str] = &["scores", "rolls"];
/// Free-text keys, matched when the text contains what is written.
const TEXT_KEYS: &[&str] = &[
    "stopped_by",
    "attack",
    "defense",
    "critical",
    "reason",
    "what",
    "damage",
];

/// The English text of an event field that events carry as data (a value with what modified
/// it, a critical roll, what stopped a knockback, an effect that ended), so that scenario files
/// match the words a player reads in the log.
fn event_text(key: &str, v: &Json) -> Option<String> {
    use crate::game::event::{Critical, EffectEnd, KnockbackStop};
    use crate::game::values::Value;
    if v.is_string() || v.is_null() || !TEXT_KEYS.contains(&key) {
        return None;
    }
    let en = skirmish_lang::Lang::En;
    match key {
        "attack" | "defense" | "damage" => serde_json::from_value::<Value>(v.clone())
            .ok()
            .map(|x| x.explain(en)),
        "critical" => serde_json::from_value::<Critical>(v.clone())
            .ok()
            .map(|c| c.text(en).to_string()),
        "stopped_by" => serde_json::from_value::<KnockbackStop>(v.clone())
            .ok()
            .map(|k| k.text(en)),
        "what" => serde_json::from_value::<EffectEnd>(v.clone())
            .ok()
            .map(|w| w.text(en)),
        _ => None,
    }
}

fn toml_to_json(v: &toml::Value) -> Json {
    serde_json::to_value(v).unwrap_or(Json::Null)
}

fn check_names(value: &Json, key: &str, names: &[String]) -> Result<(), String> {
    let known = |s: &str| s == "none" || names.iter().any(|n| n == s);
    let unknown = |s: &str| format!("no figure is named `{s}` (figures: {})", names.join(", "));
    if FIGURE_KEYS.contains(&key) {
        if let Json::String(s) = value {
            if !known(s) {
                return Err(unknown(s));
            }
        }
    }
    if FIGURE_LIST_KEYS.contains(&key) {
        if let Json::Array(items) = value {
            for i in items {
                if let Json::String(s) = i {
                    if !known(s) {
                        return Err(unknown(s));
                    }
                }
            }
        }
    }
    if SQUARE_KEYS.contains(&key) {
        let check = |v: &Json| match v {
            Json::String(s) if s != "none" => parse_square(s).map(|_| ()),
            _ => Ok(()),
        };
        match value {
            Json::Array(items) => items.iter().try_for_each(check)?,
            v => check(v)?,
        }
    }
    if let Json::Object(o) = value {
        for (k, v) in o {
            check_names(v, k, names)?;
        }
    }
    Ok(())
}

fn read_pattern(table: &toml::Table, names: &[String]) -> Result<Json, String> {
    let json = toml_to_json(&toml::Value::Table(table.clone()));
    check_names(&json, "", names)?;
    Ok(json)
}

fn read_step(
    r: &Reader<'_>,
    i: usize,
    a: &Spanned<toml::Table>,
    id_of: &dyn Fn(&str) -> Option<FigureId>,
    names: &[String],
) -> Result<Step, ScenarioError> {
    let at = a.span().start;
    let t = a.get_ref();
    let field = |k: &str| format!("actions[{i}].{k}");
    let kind = match t.get("do") {
        None => None,
        Some(toml::Value::String(s)) => Some(s.clone()),
        Some(v) => {
            return Err(r.err(
                at,
                field("do"),
                format!("expected the name of an action, got {v}"),
            ))
        }
    };
    let seat = match t.get("seat") {
        Some(toml::Value::Integer(s)) if (1..=4).contains(s) => Seat((*s - 1) as u8),
        None if kind.is_none() => Seat(0),
        _ => {
            return Err(r.err(
                at,
                field("seat"),
                "every action needs the `seat` acting, counted from 1",
            ))
        }
    };
    let mut mode = match kind {
        None => StepMode::Check,
        Some(_) => StepMode::Play,
    };
    if let Some(v) = t.get("refused") {
        let toml::Value::String(s) = v else {
            return Err(r.err(
                at,
                field("refused"),
                "expected the text the refusal must contain",
            ));
        };
        mode = StepMode::Refused(s.clone());
    }
    if let Some(v) = t.get("legal") {
        let toml::Value::Boolean(b) = v else {
            return Err(r.err(at, field("legal"), "expected true or false"));
        };
        if matches!(mode, StepMode::Refused(_)) {
            return Err(r.err(at, field("legal"), "give `legal` or `refused`, not both"));
        }
        mode = StepMode::Legal(*b);
    }
    let mut dice = Vec::new();
    if let Some(v) = t.get("dice") {
        let toml::Value::Array(items) = v else {
            return Err(r.err(at, field("dice"), "expected a list of d6 values"));
        };
        for d in items {
            match d {
                toml::Value::Integer(x) if (1..=6).contains(x) => dice.push(*x as u8),
                other => {
                    return Err(r.err(at, field("dice"), format!("a d6 shows 1 to 6, not {other}")))
                }
            }
        }
        if !matches!(mode, StepMode::Play) {
            return Err(r.err(
                at,
                field("dice"),
                "only an action that is played rolls dice",
            ));
        }
    }
    let mut events = Vec::new();
    if let Some(v) = t.get("events") {
        let toml::Value::Array(items) = v else {
            return Err(r.err(at, field("events"), "expected a list of events"));
        };
        for (k, e) in items.iter().enumerate() {
            let toml::Value::Table(e) = e else {
                return Err(r.err(
                    at,
                    field(&format!("events[{k}]")),
                    "expected a table such as { event = \"damage\", figure = \"B\" }",
                ));
            };
            events.push(
                read_event(e, names).map_err(|m| r.err(at, field(&format!("events[{k}]")), m))?,
            );
        }
    }
    let expect = match t.get("expect") {
        None => None,
        Some(toml::Value::Table(e)) => Some(read_expect(r, at, &field("expect"), e, names)?),
        Some(_) => return Err(r.err(at, field("expect"), "expected a table of checks")),
    };
    let pattern = match &kind {
        None => {
            if let Some(k) = t.keys().find(|k| !STEP_KEYS.contains(&k.as_str())) {
                return Err(r.err(
                    at,
                    field(k),
                    "a step without `do` only holds `expect` and `note`",
                ));
            }
            None
        }
        Some(kind) => {
            let Some(allowed) = action_fields(kind) else {
                return Err(r.err(
                    at,
                    field("do"),
                    format!("unknown action `{kind}`: move, close_attack, ranged_attack, area_attack, power_move, use_power, outwit, perplex, free_attack, move_on, accept, decline, destroy_blocking, destroy_wall, pass, split_damage, knockback_via, end_turn, choose_map, choose_zone, place, cancel_condition, place_object, set_feat_aside, wild_card; powers: redirect, telekinesis, pick_up, switch_off, team_ability, throw_object, mind_control, duo_attack, move_and_attack, place_marker, multi_attack, capture, rescue, release, clear_token, switch_off_team"),
                ));
            };
            let mut p = Map::new();
            p.insert("type".into(), Json::String(kind.clone()));
            for (k, v) in t {
                if STEP_KEYS.contains(&k.as_str()) {
                    continue;
                }
                if !allowed.contains(&k.as_str()) {
                    return Err(r.err(
                        at,
                        field(k),
                        format!(
                            "`{kind}` takes {}",
                            if allowed.is_empty() {
                                "no field".to_string()
                            } else {
                                allowed.join(", ")
                            }
                        ),
                    ));
                }
                let v = toml_to_json(v);
                let (key, v) = match (kind.as_str(), k.as_str()) {
                    (
                        "close_attack" | "ranged_attack" | "destroy_blocking" | "destroy_wall"
                        | "area_attack",
                        "figure",
                    ) => ("attacker", v),
                    ("ranged_attack" | "free_attack" | "mind_control", "target") => {
                        ("targets", Json::Array(vec![v]))
                    }
                    (_, other) => (other, v),
                };
                check_names(&v, key, names).map_err(|m| r.err(at, field(k), m))?;
                if key == "dir" {
                    if let Json::String(s) = &v {
                        parse_dir(s).map_err(|m| r.err(at, field(k), m))?;
                    }
                }
                if key == "split" {
                    let Json::Object(o) = &v else {
                        return Err(r.err(
                            at,
                            field(k),
                            "expected a table of damage by figure name, e.g. { B = 2, C = 2 }",
                        ));
                    };
                    for name in o.keys() {
                        if id_of(name).is_none() {
                            return Err(r.err(
                                at,
                                field(k),
                                format!("no figure is named `{name}`"),
                            ));
                        }
                    }
                }
                p.insert(key.into(), v);
            }
            let pattern = Json::Object(p);
            if mode == StepMode::Play || matches!(mode, StepMode::Refused(_)) {
                // Played actions must be complete; a split by name is resolved when played.
                if pattern.get("split").is_none() {
                    to_action(&pattern, id_of, None)
                        .map_err(|m| r.err(at, format!("actions[{i}]"), m))?;
                }
            }
            Some(pattern)
        }
    };
    Ok(Step {
        line: r.line(at),
        seat,
        pattern,
        mode,
        dice,
        events,
        expect,
    })
}

fn read_event(e: &toml::Table, names: &[String]) -> Result<Json, String> {
    if !matches!(e.get("event"), Some(toml::Value::String(_))) {
        return Err("every expected event names its kind: `event = \"damage\"`".into());
    }
    read_pattern(e, names)
}

/// Where the top-level table `name` starts in the text: its `[name]` or first `[name.…]` header
/// line, for error positions (0 when not found).
fn table_offset(text: &str, name: &str) -> usize {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix('[').and_then(|r| r.strip_prefix(name)) {
            if rest.starts_with(']') || rest.starts_with('.') {
                return offset + (line.len() - t.len());
            }
        }
        offset += line.len();
    }
    0
}

fn read_expect(
    r: &Reader<'_>,
    at: usize,
    field: &str,
    t: &toml::Table,
    names: &[String],
) -> Result<Expect, ScenarioError> {
    let raw: RawExpect = toml::Value::Table(t.clone())
        .try_into()
        .map_err(|e: toml::de::Error| r.err(at, field, e.message().trim().to_string()))?;
    let mut out = Expect::default();
    for (k, e) in raw.events.iter().enumerate() {
        out.events
            .push(read_event(e, names).map_err(|m| r.err(at, format!("{field}.events[{k}]"), m))?);
    }
    for (k, e) in raw.absent_events.iter().enumerate() {
        out.absent_events.push(
            read_event(e, names)
                .map_err(|m| r.err(at, format!("{field}.absent_events[{k}]"), m))?,
        );
    }
    for (name, f) in raw.figure {
        if !names.contains(&name) {
            return Err(r.err(
                at,
                format!("{field}.figure.{name}"),
                format!(
                    "no figure is named `{name}` (figures: {})",
                    names.join(", ")
                ),
            ));
        }
        if let Some(sq) = &f.square {
            if sq != "none" {
                parse_square(sq)
                    .map_err(|m| r.err(at, format!("{field}.figure.{name}.square"), m))?;
            }
        }
        for k in f.values.keys() {
            if stat_named(k).is_none() && k != "range" {
                return Err(r.err(
                    at,
                    format!("{field}.figure.{name}.values.{k}"),
                    "a value is speed, attack, defense, damage or range",
                ));
            }
        }
        out.figures.insert(name, f);
    }
    for (sq, s) in raw.square {
        let square = parse_square(&sq).map_err(|m| r.err(at, format!("{field}.square"), m))?;
        out.squares.insert(square, s);
    }
    out.victory_points = raw.victory_points;
    out.round = raw.round;
    out.active = match raw.active {
        Some(0) => return Err(r.err(at, format!("{field}.active"), "seats are counted from 1")),
        a => a.map(|a| Seat(a - 1)),
    };
    out.actions_left = raw.actions_left;
    out.pending = match &raw.pending {
        None => None,
        Some(p) => {
            Some(read_pattern(p, names).map_err(|m| r.err(at, format!("{field}.pending"), m))?)
        }
    };
    out.over = raw.over;
    out.winners = match raw.winners {
        None => None,
        Some(w) if w.contains(&0) => {
            return Err(r.err(at, format!("{field}.winners"), "seats are counted from 1"))
        }
        Some(w) => Some(w.into_iter().map(|s| Seat(s - 1)).collect()),
    };
    out.setup_error = raw.setup_error;
    Ok(out)
}

fn stat_named(k: &str) -> Option<Stat> {
    match k {
        "speed" => Some(Stat::Speed),
        "attack" => Some(Stat::Attack),
        "defense" | "defence" => Some(Stat::Defense),
        "damage" => Some(Stat::Damage),
        _ => None,
    }
}

/// Turns a written action into the engine's action: names to ids, squares to coordinates.
fn to_action(
    pattern: &Json,
    id_of: &dyn Fn(&str) -> Option<FigureId>,
    split_order: Option<&[FigureId]>,
) -> Result<Action, String> {
    let Json::Object(p) = pattern else {
        return Err("not an action".into());
    };
    let mut out = Map::new();
    for (k, v) in p {
        let v = match (k.as_str(), v) {
            (k, Json::String(s)) if FIGURE_KEYS.contains(&k) => Json::from(
                id_of(s)
                    .ok_or_else(|| format!("no figure is named `{s}`"))?
                    .0,
            ),
            (k, Json::Array(items)) if FIGURE_LIST_KEYS.contains(&k) => {
                let mut ids = Vec::new();
                for i in items {
                    let Json::String(s) = i else {
                        return Err(format!("`{k}` lists figure names"));
                    };
                    ids.push(
                        id_of(s)
                            .ok_or_else(|| format!("no figure is named `{s}`"))?
                            .0,
                    );
                }
                // The engine takes targets in increasing id order; the order written means
                // nothing to the rules.
                ids.sort_unstable();
                Json::from(ids)
            }
            (k, Json::String(s)) if SQUARE_KEYS.contains(&k) => {
                let sq = parse_square(s)?;
                serde_json::json!({ "x": sq.x, "y": sq.y })
            }
            ("dir", Json::String(s)) => Json::String(s.trim().to_ascii_lowercase()),
            ("split", Json::Object(by_name)) => {
                let Some(order) = split_order else {
                    return Err("a split by name needs a damage split to be pending".into());
                };
                let mut amounts = Vec::new();
                for id in order {
                    let name = by_name
                        .keys()
                        .find(|n| id_of(n) == Some(*id))
                        .ok_or_else(|| format!("the split gives no amount for figure #{} (one amount per target hit)", id.0))?;
                    amounts.push(by_name[name].clone());
                }
                if by_name.len() != order.len() {
                    return Err(format!(
                        "the split names {} figure(s) but {} target(s) were hit",
                        by_name.len(),
                        order.len()
                    ));
                }
                out.insert("amounts".into(), Json::from(amounts));
                continue;
            }
            (_, v) => v.clone(),
        };
        out.insert(k.clone(), v);
    }
    serde_json::from_value::<Action>(Json::Object(out))
        .map_err(|e| format!("incomplete action: {e}"))
}

// ---------------------------------------------------------------------------------------------
// Normalising what the game says, so it reads like the scenario

struct Norm<'a> {
    names: &'a [String],
}

impl Norm<'_> {
    fn name(&self, v: &Json) -> Json {
        match v.as_u64() {
            Some(i) => Json::String(
                self.names
                    .get(i as usize)
                    .cloned()
                    .unwrap_or_else(|| format!("#{i}")),
            ),
            None => v.clone(),
        }
    }

    fn seat(v: &Json) -> Json {
        v.as_u64().map_or_else(|| v.clone(), |s| Json::from(s + 1))
    }

    fn value(&self, key: &str, v: &Json) -> Json {
        if let Some(text) = event_text(key, v) {
            return Json::String(text);
        }
        match v {
            Json::Object(o)
                if o.len() == 2
                    && o.get("x").is_some_and(Json::is_i64)
                    && o.get("y").is_some_and(Json::is_i64) =>
            {
                Json::String(format!("{},{}", o["x"], o["y"]))
            }
            Json::Object(o) => Json::Object(
                o.iter()
                    .map(|(k, v)| (k.clone(), self.value(k, v)))
                    .collect(),
            ),
            Json::Number(_) if FIGURE_KEYS.contains(&key) => self.name(v),
            Json::Number(_) if SEAT_KEYS.contains(&key) => Norm::seat(v),
            Json::Array(items) if FIGURE_LIST_KEYS.contains(&key) => {
                Json::Array(items.iter().map(|i| self.name(i)).collect())
            }
            Json::Array(items) if SEAT_LIST_KEYS.contains(&key) => {
                Json::Array(items.iter().map(Norm::seat).collect())
            }
            Json::Array(items) if SEAT_PAIR_KEYS.contains(&key) => Json::Array(
                items
                    .iter()
                    .map(|pair| match pair {
                        Json::Array(p) if !p.is_empty() => {
                            let mut p = p.clone();
                            p[0] = Norm::seat(&p[0]);
                            Json::Array(p.iter().map(|x| self.value("", x)).collect())
                        }
                        other => other.clone(),
                    })
                    .collect(),
            ),
            Json::Array(items) => Json::Array(items.iter().map(|i| self.value(key, i)).collect()),
            other => other.clone(),
        }
    }

    fn json(&self, v: &impl serde::Serialize) -> Json {
        self.value("", &serde_json::to_value(v).unwrap_or(Json::Null))
    }
}

/// True when `actual` has every field of `expected` with the same value. With `superset`,
/// a list of figures matches when it contains every figure expected (a target among others).
fn matches(expected: &Json, actual: &Json, key: &str, superset: bool) -> bool {
    match (expected, actual) {
        (Json::String(e), Json::Null) => e == "none",
        (Json::String(e), Json::String(a)) if TEXT_KEYS.contains(&key) => {
            a.to_lowercase().contains(&e.to_lowercase())
        }
        (Json::Object(e), Json::Object(a)) => e
            .iter()
            .all(|(k, v)| matches(v, a.get(k).unwrap_or(&Json::Null), k, superset)),
        (Json::Array(e), Json::Array(a)) if superset && FIGURE_LIST_KEYS.contains(&key) => e
            .iter()
            .all(|x| a.iter().any(|y| matches(x, y, key, superset))),
        (Json::Array(e), Json::Array(a)) => {
            e.len() == a.len() && e.iter().zip(a).all(|(x, y)| matches(x, y, key, superset))
        }
        (Json::Number(e), Json::Number(a)) => e.as_f64() == a.as_f64(),
        (e, a) => e == a,
    }
}

/// A compact rendering: `damage { figure = "B", amount = 2 }`.
fn show(v: &Json) -> String {
    match v {
        Json::Object(o) => {
            let head = o
                .get("event")
                .or_else(|| o.get("decision"))
                .or_else(|| o.get("type"))
                .and_then(Json::as_str);
            let fields: Vec<String> = o
                .iter()
                .filter(|(k, _)| !matches!(k.as_str(), "event" | "decision" | "type"))
                .map(|(k, v)| format!("{k} = {}", show(v)))
                .collect();
            match head {
                Some(h) if fields.is_empty() => h.to_string(),
                Some(h) => format!("{h} {{ {} }}", fields.join(", ")),
                None => format!("{{ {} }}", fields.join(", ")),
            }
        }
        Json::Array(items) => format!(
            "[{}]",
            items.iter().map(show).collect::<Vec<_>>().join(", ")
        ),
        Json::String(s) => format!("\"{s}\""),
        Json::Null => "none".into(),
        other => other.to_string(),
    }
}

fn kind_of(v: &Json) -> &str {
    v.get("event").and_then(Json::as_str).unwrap_or("")
}

/// Finds the expected events in order in `actual`; explains the first one missing.
fn match_events(expected: &[Json], actual: &[Json]) -> Result<(), String> {
    let mut from = 0;
    for (n, e) in expected.iter().enumerate() {
        match actual[from..].iter().position(|a| matches(e, a, "", false)) {
            Some(p) => from += p + 1,
            None => {
                let same: Vec<String> = actual[from..]
                    .iter()
                    .filter(|a| kind_of(a) == kind_of(e))
                    .map(show)
                    .collect();
                let earlier = actual[..from].iter().any(|a| matches(e, a, "", false));
                let got = if same.is_empty() {
                    let all: Vec<&str> = actual[from..].iter().map(kind_of).collect();
                    format!(
                        "no `{}` event{} (events there: {})",
                        kind_of(e),
                        if from > 0 {
                            " after the previous match"
                        } else {
                            ""
                        },
                        if all.is_empty() {
                            "none".to_string()
                        } else {
                            all.join(", ")
                        }
                    )
                } else {
                    same.join("; ")
                };
                return Err(format!(
                    "expected event #{} {}; got {}{}",
                    n + 1,
                    show(e),
                    got,
                    if earlier {
                        " (it did happen, but before the events expected ahead of it)"
                    } else {
                        ""
                    }
                ));
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Running

impl ScenarioFile {
    fn id_of(&self, name: &str) -> Option<FigureId> {
        self.names
            .iter()
            .position(|n| n == name)
            .map(|i| FigureId(i as u32))
    }

    fn norm(&self) -> Norm<'_> {
        Norm { names: &self.names }
    }

    /// Plays the scenario and compares the game with what it expects.
    pub fn run(&self, lang: Lang) -> RunReport {
        let mut log = Vec::new();
        let difference = self.run_inner(lang, &mut log).err();
        RunReport { difference, log }
    }

    fn run_inner(&self, lang: Lang, log: &mut Vec<String>) -> Result<(), String> {
        self.run_team_checks()?;
        let Some(scenario) = &self.scenario else {
            return Ok(());
        };
        let mut script = self.setup_dice.clone();
        for s in &self.steps {
            script.extend(&s.dice);
        }
        let total = script.len();
        let game = Game::<HeroClix>::with_dice(scenario.clone(), DiceSource::Script(script));
        let mut game = match (game, &self.expect.setup_error) {
            (Err(e), Some(want)) if e.message.to_lowercase().contains(&want.to_lowercase()) => {
                return Ok(())
            }
            (Err(e), Some(want)) => {
                return Err(format!(
                    "set-up: expected a refusal containing \"{want}\"; got \"{}\"",
                    e.message
                ))
            }
            (Err(e), None) => {
                return Err(format!(
                    "set-up: the game could not be set up: {}",
                    e.message
                ))
            }
            (Ok(_), Some(want)) => {
                return Err(format!(
                    "set-up: expected a refusal containing \"{want}\"; the game was set up"
                ))
            }
            (Ok(g), None) => g,
        };
        let setup_rolls = game.dice().roll_count() as usize;
        if setup_rolls != self.setup_dice.len() {
            return Err(format!(
                "set-up: rolled {setup_rolls} dice, {} were scripted for it (`dice`)",
                self.setup_dice.len()
            ));
        }
        for (n, step) in self.steps.iter().enumerate() {
            let what = format!(
                "step {} (line {}{})",
                n + 1,
                step.line,
                step.pattern.as_ref().map_or(String::new(), |p| format!(
                    ": seat {} {}",
                    step.seat.number(),
                    show(p)
                ))
            );
            let before = game.dice().roll_count();
            let events_before = game.events().count();
            let result = self.play_step(&mut game, step, &what);
            let new_events: Vec<Event> = game.events().skip(events_before).cloned().collect();
            for e in &new_events {
                log.push(e.text(game.state(), lang));
            }
            result?;
            let used = (game.dice().roll_count() - before) as usize;
            if used != step.dice.len() {
                let rolled: Vec<String> = game
                    .rolls()
                    .filter(|r| r.index >= before)
                    .map(|r| r.value.to_string())
                    .collect();
                return Err(format!(
                    "{what}: rolled {used} dice [{}] but {} were scripted for it ({})",
                    rolled.join(", "),
                    step.dice.len(),
                    if used > step.dice.len() {
                        "add the missing values to its `dice`"
                    } else {
                        "the extra values would be rolled by later actions"
                    }
                ));
            }
            if let Some(e) = game.dice().script_error() {
                return Err(format!("{what}: {e}"));
            }
            let norm = self.norm();
            let actual: Vec<Json> = new_events.iter().map(|e| norm.json(e)).collect();
            match_events(&step.events, &actual).map_err(|m| format!("{what}: {m}"))?;
            if let Some(x) = &step.expect {
                self.check(&game, x)
                    .map_err(|m| format!("after {what}: {m}"))?;
            }
        }
        self.check(&game, &self.expect)
            .map_err(|m| format!("at the end: {m}"))?;
        let used = game.dice().roll_count() as usize;
        if used != total {
            return Err(format!(
                "{} scripted dice were left unused",
                total.saturating_sub(used)
            ));
        }
        Ok(())
    }

    fn play_step(&self, game: &mut Game<HeroClix>, step: &Step, what: &str) -> Result<(), String> {
        let Some(pattern) = &step.pattern else {
            return Ok(());
        };
        let id_of = |n: &str| self.id_of(n);
        let norm = self.norm();
        match &step.mode {
            StepMode::Check => Ok(()),
            StepMode::Legal(want) => {
                let legal: Vec<Json> = game
                    .legal_actions(step.seat)
                    .iter()
                    .map(|a| norm.json(a))
                    .collect();
                // A split by name becomes the amounts in the order the decision lists targets.
                let pattern = &match pattern.get("split") {
                    Some(_) => to_action(pattern, &id_of, split_order(game).as_deref())
                        .map(|a| norm.json(&a))
                        .map_err(|m| format!("{what}: {m}"))?,
                    None => pattern.clone(),
                };
                let found: Vec<&Json> = legal
                    .iter()
                    .filter(|a| matches(pattern, a, "", true))
                    .collect();
                match (want, found.first()) {
                    (true, None) => {
                        let same: Vec<String> = legal
                            .iter()
                            .filter(|a| a.get("type") == pattern.get("type"))
                            .take(12)
                            .map(show)
                            .collect();
                        let reason = to_action(pattern, &id_of, None)
                            .ok()
                            .and_then(|a| game.check(step.seat, &a).err())
                            .map(|r| format!("; the game says: {}", r.reason))
                            .unwrap_or_default();
                        Err(format!(
                            "{what}: expected it to be legal, but no legal action matches{reason} (legal actions of that kind: {})",
                            if same.is_empty() { "none".to_string() } else { same.join("; ") }
                        ))
                    }
                    (false, Some(a)) => Err(format!(
                        "{what}: expected no legal action to match, but {} is legal",
                        show(a)
                    )),
                    _ => Ok(()),
                }
            }
            StepMode::Play | StepMode::Refused(_) => {
                let action = to_action(pattern, &id_of, split_order(game).as_deref())
                    .map_err(|m| format!("{what}: {m}"))?;
                let result = game.act(step.seat, action);
                match (&step.mode, result) {
                    (StepMode::Refused(want), Err(r)) => {
                        if r.reason.to_lowercase().contains(&want.to_lowercase()) {
                            Ok(())
                        } else {
                            Err(format!("{what}: expected a refusal containing \"{want}\"; got the refusal \"{}\"", r.reason))
                        }
                    }
                    (StepMode::Refused(want), Ok(events)) => Err(format!(
                        "{what}: expected a refusal containing \"{want}\"; the action was accepted ({})",
                        events.iter().map(|e| show(&norm.json(e))).collect::<Vec<_>>().join("; ")
                    )),
                    (_, Err(r)) => Err(format!("{what}: refused: {}", r.reason)),
                    (_, Ok(_)) => Ok(()),
                }
            }
        }
    }

    fn run_team_checks(&self) -> Result<(), String> {
        if self.team_checks.is_empty() {
            return Ok(());
        }
        let Some(catalogue) = &self.catalogue else {
            return Err("team checks need the catalogue".into());
        };
        for (n, t) in self.team_checks.iter().enumerate() {
            let team = Team {
                name: format!("team check {}", n + 1),
                build_total: Some(t.build_total),
                figures: t
                    .figures
                    .iter()
                    .map(|f| match f.split_once('@') {
                        Some((id, line)) => TeamEntry {
                            figure: id.to_string(),
                            starting_line: line.trim().parse().unwrap_or(0),
                            custom_name: None,
                        },
                        None => TeamEntry::new(f.as_str()),
                    })
                    .collect(),
                feats: t
                    .feats
                    .iter()
                    .map(|f| crate::team::FeatEntry {
                        feat: f.id.clone(),
                        characters: f.characters.clone(),
                    })
                    .collect(),
                objects: t
                    .objects
                    .iter()
                    .map(|o| crate::team::ObjectEntry {
                        kind: o.kind,
                        special: o.special.clone(),
                        name: None,
                    })
                    .collect(),
                condition: t.condition.clone(),
                ata: t.ata.clone(),
            };
            let report = check_team(&team, catalogue, t.build_total);
            if let Some(want) = &t.theme {
                let got = report.theme.as_ref().map_or("", |th| th.keyword.as_str());
                if !got.eq_ignore_ascii_case(want) {
                    return Err(format!(
                        "team check {}: expected theme `{want}`, got `{got}`",
                        n + 1
                    ));
                }
            }
            let explained = report.explain(Lang::En);
            let what = format!("team check {} ({})", n + 1, t.figures.join(", "));
            if let Some(want) = t.points {
                if report.points != want {
                    return Err(format!(
                        "{what}: expected {want} points; got {}{}",
                        report.points,
                        report.ata.as_ref().map_or_else(String::new, |a| format!(
                            " (alternate team ability {})",
                            a.describe(Lang::En)
                        ))
                    ));
                }
            }
            if report.is_legal() != t.legal {
                return Err(if t.legal {
                    format!("{what}: expected a legal team; got: {explained}")
                } else {
                    format!("{what}: expected a broken rule; the team was found legal")
                });
            }
            if let Some(v) = &t.violation {
                if !explained.to_lowercase().contains(&v.to_lowercase()) {
                    return Err(format!(
                        "{what}: expected the explanation to contain \"{v}\"; got: {explained}"
                    ));
                }
            }
        }
        Ok(())
    }

    fn check(&self, game: &Game<HeroClix>, x: &Expect) -> Result<(), String> {
        let norm = self.norm();
        let state = game.state();
        if !x.events.is_empty() || !x.absent_events.is_empty() {
            let actual: Vec<Json> = game.events().map(|e| norm.json(e)).collect();
            match_events(&x.events, &actual)?;
            for e in &x.absent_events {
                if let Some(a) = actual.iter().find(|a| matches(e, a, "", false)) {
                    return Err(format!("expected no event {}; got {}", show(e), show(a)));
                }
            }
        }
        for (name, fx) in &x.figures {
            let Some(f) = self.id_of(name).and_then(|id| state.fig(id)) else {
                return Err(format!("no figure `{name}` in the game"));
            };
            if let Some(want) = &fx.square {
                let got = f
                    .square
                    .map_or_else(|| "none".to_string(), |s| s.to_string());
                let same = match want.as_str() {
                    "none" => f.square.is_none(),
                    w => parse_square(w).ok() == f.square,
                };
                if !same {
                    return Err(format!(
                        "figure {name}: expected on square {want}; got {got}"
                    ));
                }
            }
            if let Some(want) = fx.damage {
                let got = f.click.saturating_sub(f.start_click);
                if got != want {
                    return Err(format!(
                        "figure {name}: expected {want} click(s) of damage taken; got {got}"
                    ));
                }
            }
            if let Some(want) = fx.tokens {
                if f.tokens != want {
                    return Err(format!(
                        "figure {name}: expected {want} action token(s); got {}",
                        f.tokens
                    ));
                }
            }
            if let Some(want) = fx.ko {
                if f.ko != want {
                    return Err(format!(
                        "figure {name}: expected {}; got {}",
                        if want {
                            "knocked out"
                        } else {
                            "not knocked out"
                        },
                        if f.ko {
                            "knocked out"
                        } else {
                            "not knocked out"
                        }
                    ));
                }
            }
            if let Some(want) = fx.active {
                if f.active != want {
                    return Err(format!("figure {name}: expected active = {want} (has acted or moved this game); got {}", f.active));
                }
            }
            for (k, want) in &fx.values {
                if k == "range" {
                    let got = combat::range(state, f) as i32;
                    if got != *want {
                        return Err(format!("figure {name}: expected range {want}; got {got}"));
                    }
                    continue;
                }
                let Some(stat) = stat_named(k) else { continue };
                let got = combat::stat(state, f, stat);
                if got.value != *want {
                    return Err(format!(
                        "figure {name}: expected {k} value {want}; got {}",
                        got.explain(Lang::En)
                    ));
                }
            }
        }
        for (sq, sx) in &x.squares {
            let Some(cell) = state.map.cell(*sq) else {
                return Err(format!("square {sq} is off the map"));
            };
            if let Some(want) = sx.blocking {
                if cell.is_blocking() != want {
                    return Err(format!(
                        "square {sq}: expected {}blocking terrain; got {}blocking terrain",
                        if want { "" } else { "no " },
                        if cell.is_blocking() { "" } else { "no " }
                    ));
                }
            }
            if let Some(want) = sx.hindering {
                if cell.is_hindering() != want {
                    return Err(format!(
                        "square {sq}: expected {}hindering terrain; got {}hindering terrain",
                        if want { "" } else { "no " },
                        if cell.is_hindering() { "" } else { "no " }
                    ));
                }
            }
            if let Some(want) = &sx.markers {
                let got: Vec<String> = cell
                    .markers
                    .iter()
                    .map(|m| norm.json(&m).as_str().unwrap_or("").to_string())
                    .collect();
                let mut want = want
                    .iter()
                    .map(|m| m.to_ascii_lowercase())
                    .collect::<Vec<_>>();
                want.sort();
                let mut sorted = got.clone();
                sorted.sort();
                if want != sorted {
                    return Err(format!(
                        "square {sq}: expected markers [{}]; got [{}]",
                        want.join(", "),
                        got.join(", ")
                    ));
                }
            }
            if let Some(want) = &sx.walls {
                let got: Vec<String> = Dir::ORTHOGONAL
                    .iter()
                    .filter(|d| cell.wall(**d))
                    .map(|d| norm.json(d).as_str().unwrap_or("").to_string())
                    .collect();
                let mut want = want
                    .iter()
                    .map(|m| m.to_ascii_lowercase())
                    .collect::<Vec<_>>();
                want.sort();
                let mut sorted = got.clone();
                sorted.sort();
                if want != sorted {
                    return Err(format!(
                        "square {sq}: expected walls on edges [{}]; got [{}]",
                        want.join(", "),
                        got.join(", ")
                    ));
                }
            }
        }
        if let Some(want) = &x.victory_points {
            let got: Vec<u32> = state.seats.iter().map(|s| s.victory_points).collect();
            if *want != got {
                return Err(format!(
                    "expected victory points {want:?} (seat 1 first); got {got:?}"
                ));
            }
        }
        if let Some(want) = x.round {
            if state.round != want {
                return Err(format!("expected round {want}; got round {}", state.round));
            }
        }
        if let Some(want) = x.active {
            if state.active_seat() != want {
                return Err(format!(
                    "expected {want} to be the active seat; got {}",
                    state.active_seat()
                ));
            }
        }
        if let Some(want) = x.actions_left {
            // Leadership's extra action counts: the total is the turn's, not the team's.
            let total = crate::game::play::action_total(state);
            let got = total.saturating_sub(state.actions_used);
            if got != want {
                return Err(format!(
                    "expected {want} action(s) left this turn; got {got} (action total {total})"
                ));
            }
        }
        let outcome = game.outcome();
        if let Some(want) = x.over {
            if outcome.is_some() != want {
                return Err(format!(
                    "expected the game {}; got {}",
                    if want { "over" } else { "still going" },
                    outcome
                        .as_ref()
                        .map_or("still going".to_string(), |o| format!("over ({o})"))
                ));
            }
        }
        if let Some(want) = &x.winners {
            let Some(o) = &outcome else {
                return Err(format!(
                    "expected the game over, won by {}; it is still going",
                    seats(want)
                ));
            };
            let mut got = o.winners.clone();
            got.sort();
            let mut want = want.clone();
            want.sort();
            if got != want {
                return Err(format!(
                    "expected the winner(s) {}; got {} ({o})",
                    seats(&want),
                    seats(&got)
                ));
            }
        }
        if let Some(want) = &x.pending {
            let got = match game.pending() {
                Pending::Decide { seats, decision } => {
                    let mut v = norm.json(&decision);
                    if let Json::Object(o) = &mut v {
                        if let Some(t) = o.remove("type") {
                            o.insert("decision".into(), t);
                        }
                        o.insert(
                            "seats".into(),
                            Json::from(seats.iter().map(|s| s.number()).collect::<Vec<_>>()),
                        );
                    }
                    v
                }
                Pending::Over(o) => serde_json::json!({
                    "decision": "over",
                    "winners": o.winners.iter().map(|s| s.number()).collect::<Vec<_>>(),
                    "reason": o.reason,
                }),
            };
            if !matches(want, &got, "", false) {
                return Err(format!(
                    "expected the pending decision {}; got {}",
                    show(want),
                    show(&got)
                ));
            }
        }
        Ok(())
    }
}

/// The targets of a pending damage split, in the order amounts are given.
fn split_order(game: &Game<HeroClix>) -> Option<Vec<FigureId>> {
    match game.pending() {
        Pending::Decide {
            decision: crate::game::Decision::SplitDamage { targets, .. },
            ..
        } => Some(targets),
        _ => None,
    }
}

fn seats(s: &[Seat]) -> String {
    s.iter()
        .map(|s| s.number().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
