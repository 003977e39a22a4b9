//! Dynamic dispatch over rulesets: [`AnyGame`] drives any [`Game`] through
//! JSON, and [`Registry`] builds games and checks replays by ruleset id.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use skirmish_dice::{Dice, DiceSource, Picker, Roll};

use crate::{Error, Game, Outcome, Rejection, Replay, Ruleset, Seat, ViewedReplay, Viewer};

fn to_json<T: Serialize>(value: &T, what: &str) -> Result<Value, Error> {
    serde_json::to_value(value).map_err(|e| Error::Serialize {
        what: what.to_string(),
        message: e.to_string(),
    })
}

/// A game of any ruleset, driven through JSON; what the command line and
/// servers hold. Every [`Game`] is one.
pub trait AnyGame: Send {
    /// The ruleset's id.
    fn ruleset_id(&self) -> &'static str;

    /// The typed game underneath, for code that knows the ruleset (a web player's helpers for
    /// one game, say): downcast it to `Game<R>`.
    fn as_any(&self) -> &dyn std::any::Any;

    /// Every seat in the game.
    fn seats(&self) -> Vec<Seat>;

    /// The seats that may act now.
    fn pending_seats(&self) -> Vec<Seat>;

    /// What the game is waiting for: `{"decide": {"seats": [..], "decision":
    /// ..}}` or `{"over": outcome}`.
    fn pending_json(&self) -> Result<Value, Error>;

    /// What the game is waiting for as `viewer` may see it
    /// ([`Game::pending_for`]), in the shape of [`AnyGame::pending_json`].
    fn pending_view_json(&self, viewer: Viewer) -> Result<Value, Error>;

    /// The actions of steps `since_step..` as `viewer` may see them:
    /// `{"seat": n, "action": ..}`, the action `null` where it is secret.
    fn actions_view_json(&self, viewer: Viewer, since_step: usize) -> Result<Vec<Value>, Error>;

    /// The game so far as `viewer` may see it: no seed, no hash
    /// ([`Game::viewed_replay`]).
    fn viewed_replay(&self, viewer: Viewer) -> Result<ViewedReplay, Error>;

    /// A copy for `seat`'s bot to think on, with nothing hidden from the seat
    /// and none of the real dice ([`Game::blinded`]).
    fn blinded(&self, seat: Seat, seed: u64) -> Box<dyn AnyGame>;

    /// Whether the last action can be taken back ([`Game::can_undo`]).
    fn can_undo(&self) -> bool;

    /// Takes back the last action ([`Game::undo`]) and returns who had played it.
    fn undo(&mut self) -> Result<Seat, Rejection>;

    /// The seat that played the last action, if any: only it may take the action back.
    fn last_seat(&self) -> Option<Seat>;

    /// Whether replays carry a state hash per action ([`Game::hash_steps`]).
    fn set_hash_steps(&mut self, on: bool);

    /// Keeps at most `limit` states to undo to ([`Game::set_undo_limit`]); a server holding
    /// thousands of games that never undo keeps none.
    fn set_undo_limit(&mut self, limit: usize);

    /// Takes actions back by replaying the game instead of keeping earlier states
    /// ([`Game::set_undo_by_replay`]).
    fn set_undo_by_replay(&mut self, on: bool);

    /// The actions `seat` may take now, as JSON.
    fn legal_actions_json(&self, seat: Seat) -> Result<Vec<Value>, Error>;

    /// One of the actions `seat` may take now, picked uniformly with a [`Picker`] seeded by
    /// `seed`, as JSON; `None` when it has none. The same pick as choosing from
    /// [`AnyGame::legal_actions_json`] with that picker, without writing every action out.
    fn random_legal_json(&self, seat: Seat, seed: u64) -> Result<Option<Value>, Error>;

    /// Plays an action given as JSON and returns its events, unfiltered.
    ///
    /// JSON that is not an action of this ruleset is refused with
    /// [`Rejection::MALFORMED`] and serde's explanation; the game is unchanged
    /// by any refusal. An event that cannot be serialized (a ruleset bug) is
    /// returned as `{"unserializable_event": message}` because the action has
    /// already been played by then.
    fn act_json(&mut self, seat: Seat, action: &Value) -> Result<Vec<Value>, Rejection>;

    /// Plays an action a trusted bot chose from `seat`'s legal actions here (or in a blinded
    /// copy of this position, which lists the seat the same actions), skipping the second
    /// listing of the legal actions that [`AnyGame::act_json`] makes to check it, as
    /// [`Game::act_legal`] does (debug builds still check); the events are not written out.
    /// Anything that comes from outside goes through [`AnyGame::act_json`].
    fn act_chosen_json(&mut self, seat: Seat, action: &Value) -> Result<(), Rejection>;

    /// The game as `viewer` may see it.
    fn view_json(&self, viewer: Viewer) -> Result<Value, Error>;

    /// The events of steps `since_step..` as `viewer` may see them.
    fn events_json(&self, viewer: Viewer, since_step: usize) -> Result<Vec<Value>, Error>;

    /// How the game ended, once it has.
    fn outcome(&self) -> Option<Outcome>;

    /// SHA-256 (hex) of the canonical JSON of the state.
    fn state_hash(&self) -> String;

    /// How many actions have been accepted.
    fn step_count(&self) -> usize;

    /// The last accepted action as the engine read it (fields it does not know dropped), as
    /// JSON; `None` before the first action.
    fn last_action_json(&self) -> Option<Value>;

    /// Every dice roll of the game, setup first.
    fn rolls(&self) -> Vec<Roll>;

    /// The dice stream, e.g. to check whether scripted dice ran out.
    fn dice(&self) -> &Dice;

    /// A replay of the game so far.
    fn replay(&self) -> Result<Replay, Error>;

    /// An independent copy: what one does to it never touches the other.
    fn clone_game(&self) -> Box<dyn AnyGame>;

    /// The whole state, secrets included, as JSON ([`Registry::game_from_state`] reads it
    /// back): for saving a search state that did not start from the scenario's set-up.
    fn state_json(&self) -> Result<Value, Error>;

    /// Every way `action` by `seat` can turn out ([`crate::search::chance_outcomes`]), each
    /// with a game that continues from it with dice seeded from `seed` and no history
    /// ([`Game::from_state`]). An action that is not legal is refused like [`AnyGame::act_json`]
    /// refuses it; one with more than `budget` dice sequences is refused with the code
    /// `too-many-outcomes` (sample it by playing it instead).
    fn chance_outcomes_json(
        &self,
        seat: Seat,
        action: &Value,
        budget: usize,
        seed: u64,
    ) -> Result<Vec<AnyChanceOutcome>, Rejection>;
}

/// One way an action can turn out, for any ruleset ([`AnyGame::chance_outcomes_json`]).
pub struct AnyChanceOutcome {
    /// How likely it is; the outcomes of one action add up to 1.
    pub probability: f64,
    /// The dice rolled on the first branch that led here.
    pub dice: Vec<u8>,
    /// What happened on that branch, unfiltered.
    pub events: Vec<Value>,
    /// The game after it, without history.
    pub game: Box<dyn AnyGame>,
}

impl std::fmt::Debug for AnyChanceOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnyChanceOutcome")
            .field("probability", &self.probability)
            .field("dice", &self.dice)
            .field("game", &self.game)
            .finish()
    }
}

/// Lets results holding boxed games be unwrapped and printed in tests and logs.
impl std::fmt::Debug for dyn AnyGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnyGame")
            .field("ruleset", &self.ruleset_id())
            .field("steps", &self.step_count())
            .field("state_hash", &self.state_hash())
            .finish()
    }
}

impl<R: Ruleset> AnyGame for Game<R> {
    fn ruleset_id(&self) -> &'static str {
        R::ID
    }

    fn seats(&self) -> Vec<Seat> {
        Game::seats(self)
    }

    fn pending_seats(&self) -> Vec<Seat> {
        Game::pending_seats(self)
    }

    fn pending_json(&self) -> Result<Value, Error> {
        to_json(&self.pending(), "pending decision")
    }

    fn pending_view_json(&self, viewer: Viewer) -> Result<Value, Error> {
        to_json(&self.pending_for(viewer), "pending decision")
    }

    fn actions_view_json(&self, viewer: Viewer, since_step: usize) -> Result<Vec<Value>, Error> {
        self.actions_for(viewer, since_step)
            .iter()
            .map(|(seat, action)| {
                Ok(serde_json::json!({ "seat": seat, "action": to_json(action, "action")? }))
            })
            .collect()
    }

    fn viewed_replay(&self, viewer: Viewer) -> Result<ViewedReplay, Error> {
        Game::viewed_replay(self, viewer)
    }

    fn blinded(&self, seat: Seat, seed: u64) -> Box<dyn AnyGame> {
        Box::new(Game::blinded(self, seat, seed))
    }

    fn can_undo(&self) -> bool {
        Game::can_undo(self)
    }

    fn undo(&mut self) -> Result<Seat, Rejection> {
        Game::undo(self).map(|step| step.seat)
    }

    fn last_seat(&self) -> Option<Seat> {
        self.steps().last().map(|step| step.seat)
    }

    fn set_undo_limit(&mut self, limit: usize) {
        Game::set_undo_limit(self, limit);
    }

    fn set_undo_by_replay(&mut self, on: bool) {
        Game::set_undo_by_replay(self, on);
    }

    fn set_hash_steps(&mut self, on: bool) {
        self.hash_steps(on);
    }

    fn legal_actions_json(&self, seat: Seat) -> Result<Vec<Value>, Error> {
        self.legal_actions(seat)
            .iter()
            .map(|action| to_json(action, "legal action"))
            .collect()
    }

    fn act_chosen_json(&mut self, seat: Seat, action: &Value) -> Result<(), Rejection> {
        let action: R::Action = R::Action::deserialize(action).map_err(|e| {
            Rejection::new(Rejection::MALFORMED, format!("not a {} action: {e}", R::ID))
        })?;
        self.act_legal(seat, action).map(|_| ())
    }

    fn random_legal_json(&self, seat: Seat, seed: u64) -> Result<Option<Value>, Error> {
        let legal = self.legal_actions(seat);
        Picker::new(seed)
            .choose(&legal)
            .map(|action| to_json(action, "legal action"))
            .transpose()
    }

    fn act_json(&mut self, seat: Seat, action: &Value) -> Result<Vec<Value>, Rejection> {
        let action: R::Action = serde_json::from_value(action.clone()).map_err(|e| {
            Rejection::new(Rejection::MALFORMED, format!("not a {} action: {e}", R::ID))
        })?;
        let events = self.act(seat, action)?;
        Ok(events
            .iter()
            .map(|event| {
                to_json(event, "event").unwrap_or_else(
                    |e| serde_json::json!({ "unserializable_event": e.to_string() }),
                )
            })
            .collect())
    }

    fn view_json(&self, viewer: Viewer) -> Result<Value, Error> {
        to_json(&self.view(viewer), "view")
    }

    fn events_json(&self, viewer: Viewer, since_step: usize) -> Result<Vec<Value>, Error> {
        self.events_for(viewer, since_step)
            .iter()
            .map(|event| to_json(event, "event"))
            .collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn state_hash(&self) -> String {
        Game::state_hash(self)
    }

    fn step_count(&self) -> usize {
        self.steps().len()
    }

    fn last_action_json(&self) -> Option<Value> {
        serde_json::to_value(&self.steps().last()?.action).ok()
    }

    fn rolls(&self) -> Vec<Roll> {
        Game::rolls(self).cloned().collect()
    }

    fn dice(&self) -> &Dice {
        Game::dice(self)
    }

    fn replay(&self) -> Result<Replay, Error> {
        Game::replay(self)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn clone_game(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn state_json(&self) -> Result<Value, Error> {
        to_json(self.state(), "state")
    }

    fn chance_outcomes_json(
        &self,
        seat: Seat,
        action: &Value,
        budget: usize,
        seed: u64,
    ) -> Result<Vec<AnyChanceOutcome>, Rejection> {
        let action: R::Action = serde_json::from_value(action.clone()).map_err(|e| {
            Rejection::new(Rejection::MALFORMED, format!("not a {} action: {e}", R::ID))
        })?;
        // The search runs the rules' `apply` directly, which only ever sees legal actions.
        self.check(seat, &action)?;
        let outcomes = crate::search::chance_outcomes::<R>(self.state(), seat, &action, budget)
            .map_err(|e| match e {
                crate::search::SearchError::Rejected(r) => r,
                e @ crate::search::SearchError::TooManyOutcomes { .. } => {
                    Rejection::new("too-many-outcomes", e.to_string())
                }
            })?;
        Ok(outcomes
            .into_iter()
            .map(|o| AnyChanceOutcome {
                probability: o.probability,
                events: o
                    .events
                    .iter()
                    .map(|event| {
                        to_json(event, "event").unwrap_or_else(
                            |e| serde_json::json!({ "unserializable_event": e.to_string() }),
                        )
                    })
                    .collect(),
                dice: o.dice,
                game: Box::new(Game::<R>::from_state(
                    self.scenario().clone(),
                    o.state,
                    DiceSource::Seed(seed),
                )),
            })
            .collect())
    }
}

type NewGameFn = fn(&Value, DiceSource) -> Result<Box<dyn AnyGame>, Error>;
type ReplayFn = fn(&Replay) -> Result<Box<dyn AnyGame>, Error>;
type FromStateFn = fn(&Value, &Value, DiceSource) -> Result<Box<dyn AnyGame>, Error>;

#[derive(Clone, Copy)]
struct Entry {
    new_game: NewGameFn,
    run: ReplayFn,
    verify: ReplayFn,
    from_state: FromStateFn,
}

fn from_state_of<R: Ruleset>(
    scenario: &Value,
    state: &Value,
    dice: DiceSource,
) -> Result<Box<dyn AnyGame>, Error> {
    let bad = |what: &str, e: serde_json::Error| Error::Scenario {
        ruleset: R::ID.to_string(),
        message: format!("{what}: {e}"),
    };
    let scenario: R::Scenario =
        serde_json::from_value(scenario.clone()).map_err(|e| bad("scenario", e))?;
    let state: R::State = serde_json::from_value(state.clone()).map_err(|e| bad("state", e))?;
    Ok(Box::new(Game::<R>::from_state(scenario, state, dice)))
}

fn new_game_of<R: Ruleset>(scenario: &Value, dice: DiceSource) -> Result<Box<dyn AnyGame>, Error> {
    let scenario: R::Scenario =
        serde_json::from_value(scenario.clone()).map_err(|e| Error::Scenario {
            ruleset: R::ID.to_string(),
            message: e.to_string(),
        })?;
    Ok(Box::new(Game::<R>::with_dice(scenario, dice)?))
}

fn run_of<R: Ruleset>(replay: &Replay) -> Result<Box<dyn AnyGame>, Error> {
    Ok(Box::new(replay.run::<R>()?))
}

fn verify_of<R: Ruleset>(replay: &Replay) -> Result<Box<dyn AnyGame>, Error> {
    Ok(Box::new(replay.verify::<R>()?))
}

/// Rulesets by id, for code that learns which ruleset to use at run time
/// (from a command-line flag or a replay file).
#[derive(Clone, Default)]
pub struct Registry {
    entries: BTreeMap<&'static str, Entry>,
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Registry")
            .field("rulesets", &self.ids())
            .finish()
    }
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Registry {
        Registry::default()
    }

    /// Adds ruleset `R` under [`Ruleset::ID`], replacing any ruleset
    /// registered under the same id.
    pub fn register<R: Ruleset>(&mut self) -> &mut Registry {
        self.entries.insert(
            R::ID,
            Entry {
                new_game: new_game_of::<R>,
                run: run_of::<R>,
                verify: verify_of::<R>,
                from_state: from_state_of::<R>,
            },
        );
        self
    }

    /// [`Registry::register`] in builder style.
    pub fn with<R: Ruleset>(mut self) -> Registry {
        self.register::<R>();
        self
    }

    /// The registered ids, sorted.
    pub fn ids(&self) -> Vec<&'static str> {
        self.entries.keys().copied().collect()
    }

    /// Whether a ruleset is registered under `id`.
    pub fn contains(&self, id: &str) -> bool {
        self.entries.contains_key(id)
    }

    fn entry(&self, id: &str) -> Result<Entry, Error> {
        self.entries
            .get(id)
            .copied()
            .ok_or_else(|| Error::UnknownRuleset {
                id: id.to_string(),
                known: self.ids().into_iter().map(String::from).collect(),
            })
    }

    /// Sets up a seeded game of ruleset `ruleset` from scenario JSON.
    pub fn new_game(
        &self,
        ruleset: &str,
        scenario: &Value,
        seed: u64,
    ) -> Result<Box<dyn AnyGame>, Error> {
        self.new_game_with_dice(ruleset, scenario, DiceSource::Seed(seed))
    }

    /// Sets up a game with dice from `dice` (a seed or a script).
    pub fn new_game_with_dice(
        &self,
        ruleset: &str,
        scenario: &Value,
        dice: DiceSource,
    ) -> Result<Box<dyn AnyGame>, Error> {
        (self.entry(ruleset)?.new_game)(scenario, dice)
    }

    /// A game of ruleset `ruleset` that starts at `state` ([`AnyGame::state_json`]) with
    /// dice from `dice` and no history ([`Game::from_state`]).
    pub fn game_from_state(
        &self,
        ruleset: &str,
        scenario: &Value,
        state: &Value,
        dice: DiceSource,
    ) -> Result<Box<dyn AnyGame>, Error> {
        (self.entry(ruleset)?.from_state)(scenario, state, dice)
    }

    /// Plays a replay under the ruleset it names (see [`Replay::run`]).
    pub fn run_replay(&self, replay: &Replay) -> Result<Box<dyn AnyGame>, Error> {
        (self.entry(&replay.ruleset)?.run)(replay)
    }

    /// Verifies a replay under the ruleset it names (see [`Replay::verify`])
    /// and returns the replayed game, e.g. to print its outcome.
    pub fn verify_replay(&self, replay: &Replay) -> Result<Box<dyn AnyGame>, Error> {
        (self.entry(&replay.ruleset)?.verify)(replay)
    }
}
