//! Skirmish for Python (`skirmish._skirmish`, wrapped by the `skirmish` package in `python/`):
//! every ruleset of the platform behind a state API in OpenSpiel's spirit.
//!
//! - [`PyPlatform`] (`skirmish.Platform`) loads the rulesets (HeroClix, HeroScape) with content
//!   from the paths it is given, sets up games and restores saved ones.
//! - [`PyState`] (`skirmish.State`) is one game: legal actions, apply, clone, chance outcomes,
//!   per-seat observation tensors and strings, serialize, resample from a seat's information.
//!
//! Actions have no stable ids across states: an action is an index into the seat's current
//! legal list (`legal_actions_json` gives each one's JSON, `action_texts` its sentence), and the
//! JSON form is accepted too.

use std::sync::{Arc, Mutex, MutexGuard};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use serde_json::{json, Map, Value};
use skirmish_engine::{AnyGame, Outcome, Replay, Seat, Viewer};
use skirmish_lang::Lang;
use skirmish_platform::{Platform, Presentation};

/// An observation as Python receives it: the float32 data's bytes, the shape (planes, rows,
/// columns) and the planes' names.
type Tensor<'py> = (Bound<'py, PyBytes>, (usize, usize, usize), Vec<String>);

/// The format [`PyState::serialize`] writes.
const SAVE_FORMAT: u64 = 1;

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

fn lang_of(lang: &str) -> PyResult<Lang> {
    match lang {
        "en" => Ok(Lang::En),
        "fr" => Ok(Lang::Fr),
        other => Err(value_error(format!(
            "unknown language '{other}': use \"en\" or \"fr\""
        ))),
    }
}

fn seat_of(seat: u8) -> Seat {
    Seat(seat)
}

/// Every ruleset the package offers, with content read from `content` (folders or files of
/// HeroClix figures and maps, HeroScape battlefields and army cards: `../shared/data/heroscape`,
/// say); the sample content built into each ruleset is always there.
#[pyclass(name = "Platform", module = "skirmish._skirmish", frozen)]
pub struct PyPlatform {
    platform: Arc<Platform>,
}

#[pymethods]
impl PyPlatform {
    #[new]
    #[pyo3(signature = (content = Vec::new()))]
    fn new(content: Vec<String>) -> PyResult<PyPlatform> {
        let sources: Vec<std::path::PathBuf> = content.iter().map(Into::into).collect();
        let heroclix = skirmish_heroclix::present::HeroClixPresentation::load(&sources, None)
            .map_err(|e| value_error(format!("HeroClix content: {e}")))?;
        let heroscape = skirmish_heroscape::present::HeroScapePresentation::load(&sources);
        Ok(PyPlatform {
            platform: Arc::new(Platform::new().with(heroclix).with(heroscape)),
        })
    }

    /// The rulesets' ids, the default first.
    fn rulesets(&self) -> Vec<&'static str> {
        self.platform.ids()
    }

    /// A ruleset's bots by name, strongest first (any `mcts:BUDGET` works too).
    fn bots(&self, ruleset: &str) -> Vec<String> {
        self.platform
            .bots(ruleset)
            .iter()
            .map(|b| b.name().to_string())
            .collect()
    }

    /// A ruleset's content for a new-game form (teams, maps, set-up fields), as JSON text.
    #[pyo3(signature = (ruleset, lang = "en"))]
    fn content(&self, ruleset: &str, lang: &str) -> PyResult<String> {
        let p = self.platform.find(ruleset).map_err(value_error)?;
        Ok(p.content(lang_of(lang)?).to_string())
    }

    /// A new game of `ruleset` with dice seeded from `seed`, set up from `setup` (a dict of the
    /// ruleset's set-up fields, as JSON text: `{"army_1": "wardens"}`); the same ruleset,
    /// set-up and seed give the same game, bit for bit.
    #[pyo3(signature = (ruleset, seed = 0, setup = "{}"))]
    fn new_game(&self, ruleset: &str, seed: u64, setup: &str) -> PyResult<PyState> {
        let p = self.platform.find(ruleset).map_err(value_error)?;
        let fields: Map<String, Value> = serde_json::from_str(setup)
            .map_err(|e| value_error(format!("set-up is not a JSON object: {e}")))?;
        let setup = p.setup(&fields, Lang::En).map_err(value_error)?;
        let game = self
            .platform
            .registry()
            .new_game(ruleset, &setup.scenario, seed)
            .map_err(value_error)?;
        Ok(PyState::new(&self.platform, game, None))
    }

    /// A game saved by `State.serialize`, restored bit for bit (its state hash is checked).
    fn deserialize(&self, text: &str) -> PyResult<PyState> {
        let saved: Value = serde_json::from_str(text).map_err(value_error)?;
        if saved["format"].as_u64() != Some(SAVE_FORMAT) {
            return Err(value_error(format!(
                "not a saved state of format {SAVE_FORMAT}"
            )));
        }
        let replay: Replay =
            serde_json::from_value(saved["replay"].clone()).map_err(value_error)?;
        let registry = self.platform.registry();
        let start = saved.get("start").filter(|s| !s.is_null()).cloned();
        let game = match &start {
            None => registry.verify_replay(&replay).map_err(value_error)?,
            Some(state) => {
                let mut game = registry
                    .game_from_state(
                        &replay.ruleset,
                        &replay.scenario,
                        state,
                        replay.dice.clone(),
                    )
                    .map_err(value_error)?;
                for (i, step) in replay.actions.iter().enumerate() {
                    game.act_json(step.seat, &step.action).map_err(|r| {
                        value_error(format!("saved action {} was refused: {r}", i + 1))
                    })?;
                }
                if game.state_hash() != replay.final_hash {
                    return Err(value_error("the restored state differs from the saved one"));
                }
                game
            }
        };
        Ok(PyState::new(&self.platform, game, start))
    }
}

/// One game of any ruleset. Seats are numbered from 0; an action is an index into the seat's
/// current legal list (see `legal_actions_json`).
#[pyclass(name = "State", module = "skirmish._skirmish", frozen)]
pub struct PyState {
    platform: Arc<Platform>,
    game: Mutex<Box<dyn AnyGame>>,
    /// The state the game started from when it did not start from the scenario's set-up (a
    /// chance outcome, a resample): what a save needs besides the replay to rebuild it.
    start: Option<Value>,
}

impl PyState {
    fn new(platform: &Arc<Platform>, game: Box<dyn AnyGame>, start: Option<Value>) -> PyState {
        PyState {
            platform: Arc::clone(platform),
            game: Mutex::new(game),
            start,
        }
    }

    fn game(&self) -> MutexGuard<'_, Box<dyn AnyGame>> {
        // A panic inside the rules poisons the lock; the game itself is still whole (actions
        // apply to copies), so go on with it.
        self.game.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn presentation(&self, game: &dyn AnyGame) -> PyResult<Arc<dyn Presentation>> {
        self.platform
            .find(game.ruleset_id())
            .cloned()
            .map_err(value_error)
    }

    /// A new state for a game that starts at its present position (no history).
    fn started_here(&self, game: Box<dyn AnyGame>) -> PyResult<PyState> {
        let start = game.state_json().map_err(value_error)?;
        Ok(PyState::new(&self.platform, game, Some(start)))
    }

    fn legal_json(game: &dyn AnyGame, seat: u8) -> PyResult<Vec<Value>> {
        game.legal_actions_json(seat_of(seat)).map_err(value_error)
    }

    fn nth_action(game: &dyn AnyGame, seat: u8, action: usize) -> PyResult<Value> {
        let legal = Self::legal_json(game, seat)?;
        let count = legal.len();
        legal.into_iter().nth(action).ok_or_else(|| {
            value_error(format!(
                "action {action} is not legal for seat {seat}: it has {count} legal action(s)"
            ))
        })
    }
}

fn returns_of(outcome: &Outcome, seats: &[Seat]) -> Vec<f64> {
    seats
        .iter()
        .map(|s| {
            if outcome.winners.is_empty() {
                0.0
            } else if outcome.winners.contains(s) {
                1.0
            } else {
                -1.0
            }
        })
        .collect()
}

#[pymethods]
impl PyState {
    /// The ruleset's id.
    #[getter]
    fn ruleset(&self) -> &'static str {
        self.game().ruleset_id()
    }

    /// How many seats play.
    fn num_players(&self) -> usize {
        self.game().seats().len()
    }

    /// The seats asked to act now (several at once in simultaneous phases).
    fn pending_seats(&self) -> Vec<u8> {
        self.game().pending_seats().iter().map(|s| s.0).collect()
    }

    /// The first seat asked to act, or -4 (OpenSpiel's terminal player id) once it is over.
    fn current_player(&self) -> i32 {
        self.game()
            .pending_seats()
            .first()
            .map_or(-4, |s| i32::from(s.0))
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.game().outcome().is_some()
    }

    /// Each seat's result once the game is over: 1 for a winner, -1 for a loser, 0 for all
    /// when nobody won; zeros while it goes on.
    fn returns(&self) -> Vec<f64> {
        let game = self.game();
        let seats = game.seats();
        match game.outcome() {
            Some(outcome) => returns_of(&outcome, &seats),
            None => vec![0.0; seats.len()],
        }
    }

    /// Each seat's score now (victory points…), where the ruleset counts one.
    fn scores(&self) -> PyResult<Vec<(u8, i64)>> {
        let game = self.game();
        let p = self.presentation(game.as_ref())?;
        Ok(p.scores(game.as_ref())
            .into_iter()
            .map(|(s, v)| (s.0, v))
            .collect())
    }

    /// How the game ended (winners, scores, reason) as JSON text, or `None`.
    fn outcome_json(&self) -> Option<String> {
        self.game()
            .outcome()
            .and_then(|o| serde_json::to_string(&o).ok())
    }

    /// The indices of the seat's legal actions (`range(n)`; empty when it is not asked).
    fn legal_actions(&self, seat: u8) -> PyResult<Vec<usize>> {
        Ok((0..Self::legal_json(self.game().as_ref(), seat)?.len()).collect())
    }

    /// The seat's legal actions as JSON texts, in index order.
    fn legal_actions_json(&self, seat: u8) -> PyResult<Vec<String>> {
        Ok(Self::legal_json(self.game().as_ref(), seat)?
            .iter()
            .map(Value::to_string)
            .collect())
    }

    /// The seat's legal actions as sentences for people, in index order.
    #[pyo3(signature = (seat, lang = "en"))]
    fn action_texts(&self, seat: u8, lang: &str) -> PyResult<Vec<String>> {
        let game = self.game();
        let p = self.presentation(game.as_ref())?;
        Ok(p.legal(game.as_ref(), seat_of(seat), lang_of(lang)?)
            .into_iter()
            .map(|l| l.text)
            .collect())
    }

    /// Plays the seat's legal action number `action`; returns the events as JSON texts.
    fn apply_action(&self, seat: u8, action: usize) -> PyResult<Vec<String>> {
        let mut game = self.game();
        let chosen = Self::nth_action(game.as_ref(), seat, action)?;
        let events = game.act_json(seat_of(seat), &chosen).map_err(value_error)?;
        Ok(events.iter().map(Value::to_string).collect())
    }

    /// Plays an action given as JSON text; returns the events as JSON texts.
    fn apply_action_json(&self, seat: u8, action: &str) -> PyResult<Vec<String>> {
        let action: Value = serde_json::from_str(action).map_err(value_error)?;
        let events = self
            .game()
            .act_json(seat_of(seat), &action)
            .map_err(value_error)?;
        Ok(events.iter().map(Value::to_string).collect())
    }

    /// An independent copy.
    #[pyo3(name = "clone")]
    fn clone_state(&self) -> PyState {
        PyState {
            platform: Arc::clone(&self.platform),
            game: Mutex::new(self.game().clone_game()),
            start: self.start.clone(),
        }
    }

    fn __copy__(&self) -> PyState {
        self.clone_state()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone_state()
    }

    /// Every way the seat's legal action number `action` can turn out, as
    /// `(probability, dice, state)` tuples, most likely first; the probabilities add up to 1.
    /// Each state continues with dice seeded from `seed`. More than `budget` dice sequences
    /// is an error: sample by applying the action to clones instead.
    #[pyo3(signature = (seat, action, seed = 0, budget = 4096))]
    fn chance_outcomes(
        &self,
        seat: u8,
        action: usize,
        seed: u64,
        budget: usize,
    ) -> PyResult<Vec<(f64, Vec<u16>, PyState)>> {
        let outcomes = {
            let game = self.game();
            let chosen = Self::nth_action(game.as_ref(), seat, action)?;
            game.chance_outcomes_json(seat_of(seat), &chosen, budget, seed)
                .map_err(value_error)?
        };
        outcomes
            .into_iter()
            // Faces as a list of numbers (a `Vec<u8>` would reach Python as bytes).
            .map(|o| {
                let dice = o.dice.iter().map(|&d| u16::from(d)).collect();
                Ok((o.probability, dice, self.started_here(o.game)?))
            })
            .collect()
    }

    /// A state consistent with everything `seat` knows, whatever is hidden from it (other
    /// sides' order markers, face-down glyphs) dealt at random from `seed`, with dice of its
    /// own: what a search for that seat may look at.
    #[pyo3(signature = (seat, seed = 0))]
    fn resample_from_infostate(&self, seat: u8, seed: u64) -> PyResult<PyState> {
        let blinded = self.game().blinded(seat_of(seat), seed);
        self.started_here(blinded)
    }

    /// What `seat` may see as float32 planes over the board: `(bytes, (planes, rows,
    /// columns), plane names)`; the package turns it into a numpy array. The shape stays the
    /// same for the whole game.
    fn observation_tensor<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Tensor<'py>> {
        let game = self.game();
        let p = self.presentation(game.as_ref())?;
        let o = p
            .observation(game.as_ref(), seat_of(seat))
            .ok_or_else(|| PyRuntimeError::new_err("this ruleset draws no board"))?;
        let bytes: Vec<u8> = o.data.iter().flat_map(|v| v.to_le_bytes()).collect();
        Ok((
            PyBytes::new(py, &bytes),
            (o.planes.len(), o.height, o.width),
            o.planes,
        ))
    }

    /// What `seat` may see, as text: the board and the pending decision.
    #[pyo3(signature = (seat, lang = "en"))]
    fn observation_string(&self, seat: u8, lang: &str) -> PyResult<String> {
        let game = self.game();
        let p = self.presentation(game.as_ref())?;
        Ok(p.observation_text(game.as_ref(), seat_of(seat), lang_of(lang)?))
    }

    /// The whole game (secrets and dice seed included) as JSON text, for
    /// `Platform.deserialize`.
    fn serialize(&self) -> PyResult<String> {
        let replay = self.game().replay().map_err(value_error)?;
        let saved = json!({ "format": SAVE_FORMAT, "replay": replay, "start": self.start });
        Ok(saved.to_string())
    }

    /// SHA-256 of the state's canonical JSON: equal hashes, equal states.
    fn state_hash(&self) -> String {
        self.game().state_hash()
    }

    /// How many actions have been played.
    fn step_count(&self) -> usize {
        self.game().step_count()
    }

    /// The pending decision as `seat` sees it, for people.
    #[pyo3(signature = (seat, lang = "en"))]
    fn prompt(&self, seat: u8, lang: &str) -> PyResult<String> {
        let game = self.game();
        let p = self.presentation(game.as_ref())?;
        Ok(p.prompt(game.as_ref(), Viewer::Seat(seat_of(seat)), lang_of(lang)?))
    }

    /// The index of the action the bot `bot` (`random`, `greedy`, `mcts:200i`, `mcts:100ms`)
    /// chooses for `seat`, thinking on a copy that holds only what the seat knows; `None`
    /// when the seat is not asked anything. Python's other threads run meanwhile.
    #[pyo3(signature = (bot, seat, seed = 0))]
    fn bot_action(
        &self,
        py: Python<'_>,
        bot: &str,
        seat: u8,
        seed: u64,
    ) -> PyResult<Option<usize>> {
        let (copy, legal) = {
            let game = self.game();
            (
                game.blinded(seat_of(seat), seed),
                Self::legal_json(game.as_ref(), seat)?,
            )
        };
        let ruleset = copy.ruleset_id();
        let player = self
            .platform
            .bot_by_spec(ruleset, bot)
            .map_err(value_error)?;
        let chosen = py.detach(move || player.choose(copy.as_ref(), seat_of(seat), seed));
        Ok(chosen.and_then(|a| legal.iter().position(|l| *l == a)))
    }

    fn __repr__(&self) -> String {
        let game = self.game();
        let hash = game.state_hash();
        format!(
            "<skirmish.State {} step {} {}>",
            game.ruleset_id(),
            game.step_count(),
            hash.get(..12).unwrap_or(&hash)
        )
    }
}

/// The native module; the `skirmish` package re-exports it with the PettingZoo environment.
#[pymodule]
fn _skirmish(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPlatform>()?;
    m.add_class::<PyState>()?;
    m.add("SAVE_FORMAT", SAVE_FORMAT)?;
    Ok(())
}
