//! [`Game`]: a ruleset's state plus its dice, logs and the rules of engagement
//! for acting on it.

use std::fmt;

use skirmish_dice::{Dice, DiceSource, Roll};

use crate::{
    hash_state, Error, Outcome, Pending, Rejection, Replay, ReplayAction, Ruleset, Seat,
    SetupError, ViewedReplay, ViewedStep, Viewer, REPLAY_FORMAT,
};

/// Mixed into a blinded game's seed so its dice and its determinization draw from unrelated
/// streams.
const BLIND_DICE_SALT: u64 = 0x2545_F491_4F6C_DD1D;

/// How many deterministic actions in a row [`Game::undo`] can take back by default.
pub const DEFAULT_UNDO_LIMIT: usize = 32;

/// One accepted action and what it caused.
pub struct Step<R: Ruleset> {
    /// Who acted.
    pub seat: Seat,
    /// What they did.
    pub action: R::Action,
    /// What happened, unfiltered (may hold secrets).
    pub events: Vec<R::Event>,
    /// The dice rolled while applying the action.
    pub rolls: Vec<Roll>,
    /// The state hash right after the action, when the game hashes every
    /// step ([`Game::hash_steps`]): written into replays so that verification
    /// can name the first action that diverged.
    pub hash: Option<String>,
}

impl<R: Ruleset> Clone for Step<R> {
    fn clone(&self) -> Self {
        Step {
            seat: self.seat,
            action: self.action.clone(),
            events: self.events.clone(),
            rolls: self.rolls.clone(),
            hash: self.hash.clone(),
        }
    }
}

impl<R: Ruleset> fmt::Debug for Step<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Step")
            .field("seat", &self.seat)
            .field("action", &self.action)
            .field("events", &self.events)
            .field("rolls", &self.rolls)
            .field("hash", &self.hash)
            .finish()
    }
}

/// A game in progress under ruleset `R`.
///
/// Actions go through [`Game::act`], which accepts only what
/// [`Ruleset::legal_actions`] lists and applies it to copies of the state and
/// dice, so a refused action leaves the game exactly as it was.
pub struct Game<R: Ruleset> {
    // Shared: a blinded copy for a bot, made at every decision, and clones for search need the
    // scenario only to write replays.
    scenario: std::sync::Arc<R::Scenario>,
    dice_source: DiceSource,
    state: R::State,
    dice: Dice,
    setup_rolls: Vec<Roll>,
    steps: Vec<Step<R>>,
    hash_steps: bool,
    // The states before the last actions, newest last, as long as none of those actions rolled
    // dice or revealed a secret: what `undo` goes back to. The transactional copy `act` makes
    // anyway is what is kept, so this costs no extra clone.
    undo_states: std::collections::VecDeque<R::State>,
    undo_limit: usize,
    // How many of the last actions, in a row, can be taken back (at most `undo_limit`): as many
    // as `undo_states` holds, or, with `undo_by_replay`, each by replaying the game without it.
    undoable_tail: usize,
    undo_by_replay: bool,
}

impl<R: Ruleset> Clone for Game<R> {
    fn clone(&self) -> Self {
        Game {
            scenario: self.scenario.clone(),
            dice_source: self.dice_source.clone(),
            state: self.state.clone(),
            dice: self.dice.clone(),
            setup_rolls: self.setup_rolls.clone(),
            steps: self.steps.clone(),
            hash_steps: self.hash_steps,
            undo_states: self.undo_states.clone(),
            undo_limit: self.undo_limit,
            undoable_tail: self.undoable_tail,
            undo_by_replay: self.undo_by_replay,
        }
    }
}

impl<R: Ruleset> fmt::Debug for Game<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("ruleset", &R::ID)
            .field("dice_source", &self.dice_source)
            .field("state", &self.state)
            .field("steps", &self.steps.len())
            .finish()
    }
}

impl<R: Ruleset> Game<R> {
    /// Sets up a game whose dice are seeded with `seed`.
    pub fn new(scenario: R::Scenario, seed: u64) -> Result<Self, SetupError> {
        Game::with_dice(scenario, DiceSource::Seed(seed))
    }

    /// Sets up a game with dice from `source`, typically a script for tests.
    ///
    /// This takes a source rather than a ready [`Dice`] so that the game can
    /// always rebuild its stream from the start when writing a replay. Check
    /// [`Game::dice`] for scripted dice running out.
    pub fn with_dice(scenario: R::Scenario, source: DiceSource) -> Result<Self, SetupError> {
        let mut dice = Dice::from_source(&source);
        let state = R::setup(&scenario, &mut dice)?;
        let setup_rolls = dice.take_log();
        Ok(Game {
            scenario: std::sync::Arc::new(scenario),
            dice_source: source,
            state,
            dice,
            setup_rolls,
            steps: Vec::new(),
            hash_steps: false,
            undo_states: std::collections::VecDeque::new(),
            undo_limit: DEFAULT_UNDO_LIMIT,
            undoable_tail: 0,
            undo_by_replay: false,
        })
    }

    /// Whether to hash the state after every action, so that [`Game::replay`]
    /// carries a hash per action and verification names the first action
    /// that diverged. Off by default: hashing a state costs more than playing
    /// an action, and the final hash alone still proves a replay.
    pub fn hash_steps(&mut self, on: bool) -> &mut Self {
        self.hash_steps = on;
        self
    }

    /// How many deterministic actions in a row [`Game::undo`] can take back
    /// (0 turns undo off and keeps no old states).
    pub fn set_undo_limit(&mut self, limit: usize) -> &mut Self {
        self.undo_limit = limit;
        // The newest states are the ones undo goes back to first.
        while self.undo_states.len() > limit {
            self.undo_states.pop_front();
        }
        self.undoable_tail = self.undoable_tail.min(limit);
        self
    }

    /// Takes actions back by replaying the game from its start without them instead of
    /// keeping the states before them: undo then costs no memory at all, and a replay of the
    /// game's actions each time it is used. For a server holding thousands of games, where an
    /// earlier state per game would be a fifth of its memory and undo is a rare click.
    pub fn set_undo_by_replay(&mut self, on: bool) -> &mut Self {
        self.undo_by_replay = on;
        if on {
            self.undo_states.clear();
        } else {
            // No state was kept to go back to.
            self.undoable_tail = 0;
        }
        self
    }

    /// Checks whether `seat` may play `action` now, without playing it.
    pub fn check(&self, seat: Seat, action: &R::Action) -> Result<(), Rejection> {
        match R::pending(&self.state) {
            Pending::Over(outcome) => Err(Rejection::new(
                Rejection::GAME_OVER,
                format!("the game is over ({outcome})"),
            )),
            Pending::Decide { seats, .. } if !seats.contains(&seat) => {
                let waiting: Vec<String> = seats.iter().map(ToString::to_string).collect();
                Err(Rejection::new(
                    Rejection::NOT_YOUR_TURN,
                    format!(
                        "{seat} cannot act now: the game is waiting for {}",
                        waiting.join(", ")
                    ),
                ))
            }
            Pending::Decide { .. } => {
                if R::is_legal(&self.state, seat, action) {
                    Ok(())
                } else {
                    Err(R::explain_illegal(&self.state, seat, action))
                }
            }
        }
    }

    /// Plays `action` for `seat` and returns the events it caused
    /// (unfiltered; see [`Game::events_for`] for what a viewer may see).
    ///
    /// On rejection nothing changes: not the state, not the dice stream, not
    /// the logs.
    pub fn act(&mut self, seat: Seat, action: R::Action) -> Result<Vec<R::Event>, Rejection> {
        self.check(seat, &action)?;
        self.commit(seat, action)
    }

    /// Plays an action taken from [`Game::legal_actions`] of this very
    /// position, skipping the legality check [`Game::act`] makes (a second
    /// pass over every legal action). For bots and playouts; anything that
    /// comes from outside goes through [`Game::act`]. Debug builds still
    /// check.
    pub fn act_legal(&mut self, seat: Seat, action: R::Action) -> Result<Vec<R::Event>, Rejection> {
        // Whose turn it is costs nothing to check, and acting out of turn must never happen.
        if !self.pending().seats().contains(&seat) {
            return self.check(seat, &action).map(|()| Vec::new());
        }
        debug_assert!(
            self.check(seat, &action).is_ok(),
            "act_legal with an action that is not legal: {action:?}"
        );
        self.commit(seat, action)
    }

    fn commit(&mut self, seat: Seat, action: R::Action) -> Result<Vec<R::Event>, Rejection> {
        let mut state = self.state.clone();
        let mut dice = self.dice.clone();
        let mut events = Vec::new();
        R::apply(&mut state, seat, &action, &mut dice, &mut events)?;
        let rolls = dice.take_log();
        let before = std::mem::replace(&mut self.state, state);
        self.dice = dice;
        if self.undo_limit > 0 && rolls.is_empty() && R::undoable(seat, &action, &events) {
            self.undoable_tail = (self.undoable_tail + 1).min(self.undo_limit);
            if !self.undo_by_replay {
                if self.undo_states.len() >= self.undo_limit {
                    self.undo_states.pop_front();
                }
                self.undo_states.push_back(before);
            }
        } else {
            self.undoable_tail = 0;
            self.undo_states.clear();
        }
        let hash = self.hash_steps.then(|| self.state_hash());
        self.steps.push(Step {
            seat,
            action,
            events: events.clone(),
            rolls,
            hash,
        });
        Ok(events)
    }

    /// Whether the last action can be taken back: it rolled no dice and
    /// revealed nothing hidden ([`Ruleset::undoable`]), nor did any action
    /// since the oldest one still kept for undoing.
    pub fn can_undo(&self) -> bool {
        self.undoable_tail > 0
    }

    /// Takes back the last action and returns it, or says why it cannot be.
    /// The dice stream is untouched: an undoable action rolled nothing.
    pub fn undo(&mut self) -> Result<Step<R>, Rejection> {
        if self.undo_by_replay && self.undoable_tail > 0 {
            return self.undo_replaying();
        }
        let Some(before) = self.undo_states.pop_back() else {
            let reason = match self.steps.last() {
                None => "there is no action to take back".to_string(),
                Some(step) if !step.rolls.is_empty() => {
                    "the last action rolled dice: it cannot be taken back".to_string()
                }
                Some(_) => "the last action revealed something hidden or came after dice were rolled: it cannot be taken back".to_string(),
            };
            return Err(Rejection::new(Rejection::CANNOT_UNDO, reason));
        };
        self.state = before;
        self.undoable_tail -= 1;
        self.steps.pop().ok_or_else(|| {
            Rejection::new(Rejection::CANNOT_UNDO, "there is no action to take back")
        })
    }

    /// [`Game::undo`] without a kept state: sets the game up again and re-plays every action
    /// but the last. The last action rolled nothing, so the dice stream comes out where it is.
    fn undo_replaying(&mut self) -> Result<Step<R>, Rejection> {
        let broken = |what: String| {
            Rejection::new(
                Rejection::CANNOT_UNDO,
                format!("the game could not be re-played without its last action: {what}"),
            )
        };
        let Some(last) = self.steps.len().checked_sub(1) else {
            return Err(Rejection::new(
                Rejection::CANNOT_UNDO,
                "there is no action to take back",
            ));
        };
        let mut dice = Dice::from_source(&self.dice_source);
        let mut state = R::setup(&self.scenario, &mut dice).map_err(|e| broken(e.to_string()))?;
        dice.take_log();
        let mut events = Vec::new();
        for step in &self.steps[..last] {
            R::apply(&mut state, step.seat, &step.action, &mut dice, &mut events)
                .map_err(|e| broken(e.reason))?;
            events.clear();
            dice.take_log();
        }
        self.state = state;
        self.dice = dice;
        self.undoable_tail -= 1;
        Ok(self.steps.pop().expect("a last step"))
    }

    /// What the game is waiting for.
    pub fn pending(&self) -> Pending<R::Decision> {
        R::pending(&self.state)
    }

    /// The seats that may act now.
    pub fn pending_seats(&self) -> Vec<Seat> {
        self.pending().seats().to_vec()
    }

    /// Every seat in the game.
    pub fn seats(&self) -> Vec<Seat> {
        R::seats(&self.state)
    }

    /// The actions `seat` may take now.
    pub fn legal_actions(&self, seat: Seat) -> Vec<R::Action> {
        R::legal_actions(&self.state, seat)
    }

    /// The game as `viewer` may see it.
    pub fn view(&self, viewer: Viewer) -> R::View {
        R::view(&self.state, viewer)
    }

    /// What the game is waiting for, as `viewer` may see it
    /// ([`Ruleset::decision_view`]).
    pub fn pending_for(&self, viewer: Viewer) -> Pending<R::Decision> {
        self.pending()
            .map_decision(|d| R::decision_view(&self.state, &d, viewer))
    }

    /// A game for `seat`'s bot to think on: the state as
    /// [`Ruleset::determinize`] deals it for the seat (nothing hidden from it
    /// is real), no history, and dice of its own seeded from `seed`, so that
    /// nothing the bot does can read or shift the real game's rolls. Not a
    /// game to play on for real: its replay would not rebuild it.
    pub fn blinded(&self, seat: Seat, seed: u64) -> Game<R> {
        let mut picker = skirmish_dice::Picker::new(seed);
        Game::from_shared_state(
            std::sync::Arc::clone(&self.scenario),
            R::determinize(&self.state, seat, &mut picker),
            DiceSource::Seed(seed ^ BLIND_DICE_SALT),
        )
    }

    /// A game that starts at `state` instead of the scenario's set-up, with dice from
    /// `source` and no history: where a search continues from (a chance outcome, a
    /// determinization) or a saved search state is restored. Its [`Game::replay`] would
    /// rebuild the scenario's set-up, not `state`: keep `state` beside it to save it.
    pub fn from_state(scenario: R::Scenario, state: R::State, source: DiceSource) -> Game<R> {
        Game::from_shared_state(std::sync::Arc::new(scenario), state, source)
    }

    fn from_shared_state(
        scenario: std::sync::Arc<R::Scenario>,
        state: R::State,
        source: DiceSource,
    ) -> Game<R> {
        Game {
            scenario,
            dice: Dice::from_source(&source),
            dice_source: source,
            state,
            setup_rolls: Vec::new(),
            steps: Vec::new(),
            hash_steps: false,
            undo_states: std::collections::VecDeque::new(),
            undo_limit: 0,
            undoable_tail: 0,
            undo_by_replay: false,
        }
    }

    /// What `seat` knows now: the handle a bot decides from, without the
    /// dice stream or anything hidden from the seat.
    pub fn info_set(&self, seat: Seat) -> crate::search::InfoSet<'_, R> {
        crate::search::InfoSet::new(&self.state, seat)
    }

    /// The actions of steps `since_step..` as `viewer` may see them: who
    /// acted, and what they did unless it is secret from `viewer`
    /// ([`Ruleset::action_view`]).
    pub fn actions_for(&self, viewer: Viewer, since_step: usize) -> Vec<(Seat, Option<R::Action>)> {
        self.steps
            .iter()
            .skip(since_step)
            .map(|step| (step.seat, R::action_view(step.seat, &step.action, viewer)))
            .collect()
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.pending() {
            Pending::Over(outcome) => Some(outcome),
            Pending::Decide { .. } => None,
        }
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The raw state (omniscient).
    pub fn state(&self) -> &R::State {
        &self.state
    }

    /// The scenario the game was set up from.
    pub fn scenario(&self) -> &R::Scenario {
        &self.scenario
    }

    /// The dice stream, e.g. to check whether scripted dice ran out.
    pub fn dice(&self) -> &Dice {
        &self.dice
    }

    /// Where the dice came from.
    pub fn dice_source(&self) -> &DiceSource {
        &self.dice_source
    }

    /// Every accepted action with its events and rolls, oldest first.
    pub fn steps(&self) -> &[Step<R>] {
        &self.steps
    }

    /// The dice rolled during setup.
    pub fn setup_rolls(&self) -> &[Roll] {
        &self.setup_rolls
    }

    /// Every roll of the game, setup first.
    pub fn rolls(&self) -> impl Iterator<Item = &Roll> {
        self.setup_rolls
            .iter()
            .chain(self.steps.iter().flat_map(|step| step.rolls.iter()))
    }

    /// Every event of the game, unfiltered.
    pub fn events(&self) -> impl Iterator<Item = &R::Event> {
        self.steps.iter().flat_map(|step| step.events.iter())
    }

    /// The events of steps `since_step..` as `viewer` may see them.
    pub fn events_for(&self, viewer: Viewer, since_step: usize) -> Vec<R::Event> {
        self.steps
            .iter()
            .skip(since_step)
            .flat_map(|step| step.events.iter())
            .filter_map(|event| R::event_view(event, viewer))
            .collect()
    }

    /// SHA-256 (hex) of the canonical JSON of the state, or an `unhashable:`
    /// message if the state cannot be serialized (a ruleset bug that the
    /// [`conformance`](crate::conformance) harness reports).
    pub fn state_hash(&self) -> String {
        self.try_state_hash()
            .unwrap_or_else(|e| format!("unhashable: {e}"))
    }

    /// SHA-256 (hex) of the canonical JSON of the state.
    pub fn try_state_hash(&self) -> Result<String, Error> {
        hash_state(&self.state)
    }

    /// A replay of the game so far: scenario, dice source, actions (with the
    /// state hash after each where [`Game::hash_steps`] took them), and the
    /// final hash. It holds the seed and every secret: for the referee, or
    /// for players once the game is over; [`Game::viewed_replay`] is what a
    /// player may have during play.
    pub fn replay(&self) -> Result<Replay, Error> {
        let scenario = serde_json::to_value(&*self.scenario).map_err(|e| Error::Serialize {
            what: "scenario".into(),
            message: e.to_string(),
        })?;
        let actions = self
            .steps
            .iter()
            .enumerate()
            .map(|(index, step)| {
                let action = serde_json::to_value(&step.action).map_err(|e| Error::Serialize {
                    what: format!("action {}", index + 1),
                    message: e.to_string(),
                })?;
                Ok(ReplayAction {
                    seat: step.seat,
                    action,
                    hash: step.hash.clone(),
                })
            })
            .collect::<Result<Vec<_>, Error>>()?;
        Ok(Replay {
            format: REPLAY_FORMAT,
            ruleset: R::ID.to_string(),
            scenario,
            dice: self.dice_source.clone(),
            actions,
            final_hash: self.try_state_hash()?,
            outcome: self.outcome(),
        })
    }

    /// The game so far as `viewer` may see it: the scenario, every action
    /// (or that a seat made a secret choice), the events and the dice rolled
    /// — never the dice source, the seed or a state hash, from which future
    /// rolls or hidden things could be worked out.
    pub fn viewed_replay(&self, viewer: Viewer) -> Result<ViewedReplay, Error> {
        let steps = self
            .steps
            .iter()
            .enumerate()
            .map(|(index, step)| {
                let action = R::action_view(step.seat, &step.action, viewer)
                    .map(|a| json(&a, &format!("action {}", index + 1)))
                    .transpose()?;
                let events = step
                    .events
                    .iter()
                    .filter_map(|event| R::event_view(event, viewer))
                    .map(|event| json(&event, "event"))
                    .collect::<Result<Vec<_>, Error>>()?;
                Ok(ViewedStep {
                    seat: step.seat,
                    action,
                    events,
                    rolls: step.rolls.clone(),
                })
            })
            .collect::<Result<Vec<_>, Error>>()?;
        Ok(ViewedReplay {
            format: REPLAY_FORMAT,
            ruleset: R::ID.to_string(),
            viewer,
            scenario: json(&*self.scenario, "scenario")?,
            setup_rolls: self.setup_rolls.clone(),
            steps,
            outcome: self.outcome(),
        })
    }
}

fn json<T: serde::Serialize>(value: &T, what: &str) -> Result<serde_json::Value, Error> {
    serde_json::to_value(value).map_err(|e| Error::Serialize {
        what: what.to_string(),
        message: e.to_string(),
    })
}
