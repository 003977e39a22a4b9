//! What a ruleset shows people, behind one interface the edges (server, CLI, page) use without
//! knowing any ruleset's types.
//!
//! The engine's [`Registry`] plays any registered ruleset through JSON ([`AnyGame`]); a
//! [`Presentation`] adds everything people need around the rules: the texts of actions,
//! decisions and events in English and French (with board hints: which piece acts, which cells
//! and targets an action names), a generic description of the board that a page can draw
//! without knowing the game ([`Board`]), the ruleset's own view for its page module, its judge
//! queries (HeroClix: reach and line of fire), its content and how a new game is set up from a
//! request, and its bots. [`Platform`] holds the presentations of every ruleset a program
//! offers. See `docs/platform.md` for the contract with the page.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};
pub use skirmish_engine::{AnyGame, Registry, Seat, Viewer};
pub use skirmish_lang::Lang;

mod board;
mod bots;
mod observation;
mod platform;
#[cfg(feature = "toy")]
pub mod toy;

pub use board::{Board, BoardKind, Cell, Edge, Piece};
pub use bots::{BotPlayer, MctsPlayer, RandomPlayer};
pub use observation::{board_observation, Observation, BOARD_PLANES};
pub use platform::{Platform, RulesetInfo};

/// A request a ruleset refuses, with a stable code for programs and a sentence for people
/// naming what is wrong and where (`bad-setup`: "unknown field `mapp`; …").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// A stable, machine-readable code (`unknown-team`, `bad-setup`, `bad-request`, …).
    pub code: String,
    /// What is wrong, for people, in the request's language.
    pub message: String,
}

impl Problem {
    /// A problem with `code` and `message`.
    pub fn new(code: impl Into<String>, message: impl Into<String>) -> Problem {
        Problem {
            code: code.into(),
            message: message.into(),
        }
    }

    /// A malformed request (`bad-request`).
    pub fn bad_request(message: impl Into<String>) -> Problem {
        Problem::new("bad-request", message)
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.code)
    }
}

impl std::error::Error for Problem {}

/// One legal action with its sentence and what it names on the board, so that a page can
/// light up the piece, cells and targets of the action under the pointer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Legal {
    /// The seat that may take it.
    pub seat: Seat,
    /// The action as the engine reads it back (`POST …/actions` sends it unchanged).
    pub action: Value,
    /// What it does, in the requested language.
    pub text: String,
    /// The piece that acts, if one does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub figure: Option<u32>,
    /// The cells it names (a destination, a zone), as `[x, y]`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<[i32; 2]>,
    /// The pieces it names (targets).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<u32>,
    /// A menu heading for it ("Move", "Attack", "Answer"), in the requested language.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
}

impl Legal {
    /// An action with its text and no board hints.
    pub fn new(seat: Seat, action: Value, text: impl Into<String>) -> Legal {
        Legal {
            seat,
            action,
            text: text.into(),
            figure: None,
            cells: Vec::new(),
            targets: Vec::new(),
            group: None,
        }
    }
}

/// One line of the game's log: an event as a viewer may see it, with its text.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LogLine {
    /// The step it happened in (steps count from 1, the first action; 0 is the set-up).
    pub step: usize,
    /// The seat whose action it followed.
    pub seat: Seat,
    /// What happened, in the requested language.
    pub text: String,
    /// The event's data, for animations.
    pub event: Value,
    /// The dice it shows.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<u8>,
    /// How a roll was made, for the page's dice panel ("2d6 7 + attack 8 = 15").
    #[serde(skip_serializing_if = "String::is_empty")]
    pub detail: String,
}

/// A new game as a ruleset sets it up from a request: the scenario the engine starts from, and
/// the names of its seats.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSetup {
    /// The engine's scenario, as JSON ([`Registry::new_game`] reads it).
    pub scenario: Value,
    /// One name per seat (the teams' names).
    pub seat_names: Vec<String>,
}

/// A team as the simulator or a form names it, before its ruleset reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TeamArg {
    /// Words: a content id (`wardens`, `sample-1`) or a comma list of figure or card ids.
    Text(String),
    /// A file the user named, read by the program (never by the ruleset: a server passes only
    /// [`TeamArg::Text`], so no request can make it read a file).
    File {
        /// The file's name as given, for messages.
        name: String,
        /// Its text.
        text: String,
    },
}

impl TeamArg {
    /// How the user wrote it, for messages.
    pub fn label(&self) -> &str {
        match self {
            TeamArg::Text(t) => t,
            TeamArg::File { name, .. } => name,
        }
    }
}

/// A team a form may offer to pick ([`Presentation::team_choices`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TeamChoice {
    /// What [`TeamArg::Text`] names it by.
    pub id: String,
    /// Its name for people.
    pub name: String,
}

/// The victory points one figure scored in a game ([`Presentation::figure_scores`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FigureScore {
    /// Its side.
    pub seat: Seat,
    /// Its name for people (figures of one name add up).
    pub name: String,
    /// The points it scored (a squad member's share of its card may be a fraction).
    pub points: f64,
}

/// A ruleset's presentation: everything the edges show of it. Methods taking a game are only
/// called with games of this ruleset (`game.ruleset_id() == self.id()`); one given another
/// game answers as for an empty game rather than panicking.
pub trait Presentation: Send + Sync {
    /// The ruleset's id, as the engine's [`Registry`] knows it (`"heroclix"`).
    fn id(&self) -> &'static str;

    /// The ruleset's name for people.
    fn name(&self, lang: Lang) -> String;

    /// Whether its board is made of squares or hexes.
    fn board_kind(&self) -> BoardKind;

    /// The URL of its page module (`/rulesets/heroclix/index.js`); `None` lets the page's
    /// generic module play it.
    fn page_module(&self) -> Option<&'static str> {
        None
    }

    /// Adds its ruleset to the engine's registry.
    fn register(&self, registry: &mut Registry);

    /// Its content for a new-game form (figures, teams, maps, options), including `"setup"`:
    /// the set-up fields a generic form offers (see `docs/platform.md`).
    fn content(&self, lang: Lang) -> Value;

    /// Finds content matching a query (`GET /api/content/search`, query string pairs): for a
    /// catalogue too large to send whole with [`Presentation::content`]. The answer is the
    /// ruleset's own JSON (HeroClix: a page of figures, see `docs/platform.md`).
    fn search(&self, params: &BTreeMap<String, String>, lang: Lang) -> Result<Value, Problem> {
        let _ = (params, lang);
        Err(Problem::new(
            "no-search",
            format!(
                "{} sends all its content at once: there is nothing to search",
                self.id()
            ),
        ))
    }

    /// Sets up a new game from the ruleset's fields of a create request (every field besides
    /// the common `ruleset`, `mode`, `bot`, `seat`, `seed`, `lang`). An unknown field, a wrong
    /// type or unknown content is a [`Problem`] naming it.
    fn setup(&self, fields: &Map<String, Value>, lang: Lang) -> Result<GameSetup, Problem>;

    /// Checks a team (`POST /api/teams/check`), when the ruleset builds teams.
    fn check_team(&self, request: &Value, lang: Lang) -> Result<Value, Problem> {
        let _ = (request, lang);
        Err(Problem::new(
            "unsupported",
            format!("{} has no team check", self.id()),
        ))
    }

    /// Its own view of the game for its page module, as JSON text (snapshots embed it as it
    /// is: they are built for every socket after every change); by default the engine's view.
    fn view(&self, game: &dyn AnyGame, viewer: Viewer) -> Box<RawValue> {
        let v = game
            .view_json(viewer)
            .unwrap_or_else(|e| serde_json::json!({ "error": e.to_string() }));
        raw(&v)
    }

    /// The board as any page can draw it.
    fn board(&self, game: &dyn AnyGame, viewer: Viewer) -> Option<Board>;

    /// The legal actions of `seat`, with texts and hints, in the engine's order.
    fn legal(&self, game: &dyn AnyGame, seat: Seat, lang: Lang) -> Vec<Legal>;

    /// What the pending decision asks (or how the game ended), as a sentence for `viewer`.
    fn prompt(&self, game: &dyn AnyGame, viewer: Viewer, lang: Lang) -> String;

    /// The log of steps `from_step + 1 ..` as `viewer` may see it.
    fn log(&self, game: &dyn AnyGame, viewer: Viewer, from_step: usize, lang: Lang)
        -> Vec<LogLine>;

    /// The set-up fields that seat `teams`, one per seat in seat order (the simulator's and
    /// the Simulate page's way to name teams, whatever the ruleset calls them). The error
    /// names the team it could not read; by default the ruleset has no teams to name.
    fn teams_fields(&self, teams: &[TeamArg], lang: Lang) -> Result<Map<String, Value>, Problem> {
        let _ = (teams, lang);
        Err(Problem::new(
            "no-teams",
            match lang {
                Lang::En => format!("{} has no teams to name", self.id()),
                Lang::Fr => format!("{} n'a pas d'équipes à nommer", self.id()),
            },
        ))
    }

    /// The teams a form may offer for [`Presentation::teams_fields`]; none by default.
    fn team_choices(&self, lang: Lang) -> Vec<TeamChoice> {
        let _ = lang;
        Vec::new()
    }

    /// The victory points each figure scored in `game` (KOs, eliminations…), for the
    /// simulator's "which figures score"; nothing by default.
    fn figure_scores(&self, game: &dyn AnyGame, lang: Lang) -> Vec<FigureScore> {
        let _ = (game, lang);
        Vec::new()
    }

    /// Each seat's score now (victory points, …), when the ruleset counts one.
    fn scores(&self, game: &dyn AnyGame) -> Vec<(Seat, i64)> {
        let _ = game;
        Vec::new()
    }

    /// A seat's name for people (its team's name, say).
    fn seat_name(&self, game: &dyn AnyGame, seat: Seat, lang: Lang) -> String {
        let _ = game;
        default_seat_name(seat, lang)
    }

    /// How the game ended when `seat` resigned, for people.
    fn resigned_text(&self, game: &dyn AnyGame, seat: Seat, lang: Lang) -> String {
        let who = self.seat_name(game, seat, lang);
        match lang {
            Lang::En => format!("{who} resigned"),
            Lang::Fr => format!("{who} a abandonné"),
        }
    }

    /// The ruleset's judge queries (`"reach"`, `"los"`), for `GET …/judge/{query}`.
    fn judge_queries(&self) -> Vec<&'static str> {
        Vec::new()
    }

    /// Runs a judge query with its parameters (query string pairs).
    fn judge(
        &self,
        game: &dyn AnyGame,
        query: &str,
        params: &BTreeMap<String, String>,
        lang: Lang,
    ) -> Result<Value, Problem> {
        let _ = (game, params, lang);
        Err(Problem::new(
            "unknown-query",
            format!("{} has no judge query '{}'", self.id(), clip(query, 40)),
        ))
    }

    /// What `seat` may see of the game as planes of numbers of a shape that stays the same for
    /// the whole game (learning agents' observation tensors). Nothing hidden from the seat may
    /// change it. By default the generic planes of [`Presentation::board`] as the seat sees it
    /// ([`Observation::from_board`]); `None` without a board.
    fn observation(&self, game: &dyn AnyGame, seat: Seat) -> Option<Observation> {
        board_observation(self.board(game, Viewer::Seat(seat)), game, seat)
    }

    /// What `seat` may see of the game as text: by default the board as the terminal draws it
    /// for the seat, then the pending decision as the seat sees it.
    fn observation_text(&self, game: &dyn AnyGame, seat: Seat, lang: Lang) -> String {
        let viewer = Viewer::Seat(seat);
        format!(
            "{}\n{}",
            self.board_text_in(game, viewer, lang).trim_end(),
            self.prompt(game, viewer, lang)
        )
    }

    /// Its bots, strongest first; the platform adds the random player every ruleset has.
    fn bots(&self) -> Vec<Arc<dyn BotPlayer>> {
        Vec::new()
    }

    /// Its tree-search bot with any budget (`mcts:250ms`, `mcts:300i`: players may ask for
    /// budgets [`Presentation::bots`] does not list), or `None` when it has none.
    fn mcts_bot(&self, budget: skirmish_bots::Budget) -> Option<Arc<dyn BotPlayer>> {
        let _ = budget;
        None
    }

    /// Its own terminal commands (`play`, `check`, `los`, …) with what each does; the
    /// `skirmish` program runs them with [`Presentation::terminal`]. Without a `play` command
    /// of its own, the program's generic terminal player plays it.
    fn terminal_commands(&self) -> Vec<(&'static str, &'static str)> {
        Vec::new()
    }

    /// Runs one of its terminal commands with the words that follow it on the command line;
    /// `None` when it has no such command. The error is for people, the exit code for scripts.
    fn terminal(
        &self,
        command: &str,
        args: &[String],
        lang: Lang,
    ) -> Option<Result<std::process::ExitCode, String>> {
        let _ = (command, args, lang);
        None
    }

    /// A picture of the board for a terminal, one line per row; by default drawn from
    /// [`Presentation::board`].
    fn board_text(&self, game: &dyn AnyGame, viewer: Viewer) -> String {
        self.board(game, viewer)
            .map(|b| b.to_text())
            .unwrap_or_default()
    }

    /// The same picture with its legend in `lang` (what the terminal player shows); by default
    /// [`Presentation::board_text`].
    fn board_text_in(&self, game: &dyn AnyGame, viewer: Viewer, lang: Lang) -> String {
        let _ = lang;
        self.board_text(game, viewer)
    }

    /// Whether it reads the map file at `path` (a battlefield format of its own): the
    /// program then runs the file's judge commands (`los`, `reach`) and `map` commands with
    /// this ruleset when none is named.
    fn reads_map(&self, path: &std::path::Path) -> bool {
        let _ = path;
        false
    }
}

/// `value` as JSON text; `null` if it cannot be written (a ruleset bug, never a panic).
pub fn raw<T: Serialize + ?Sized>(value: &T) -> Box<RawValue> {
    serde_json::value::to_raw_value(value).unwrap_or_else(|_| {
        RawValue::from_string("null".into()).unwrap_or_else(|_| unreachable!("null is JSON"))
    })
}

/// "Seat 1" / "Camp 1": the name of a seat with no better name.
pub fn default_seat_name(seat: Seat, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Seat {}", seat.number()),
        Lang::Fr => format!("Camp {}", seat.number()),
    }
}

/// The first `max` characters of `s`, to quote untrusted input in messages.
pub fn clip(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}
