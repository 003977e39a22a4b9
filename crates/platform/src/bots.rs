//! Bots as the edges drive them: through JSON, on any ruleset.

use std::marker::PhantomData;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::Value;
use skirmish_bots::{Bot, BotSpec, Budget, Evaluator, Mcts, MctsConfig};
use skirmish_engine::{AnyGame, Game, Ruleset, Seat};

/// A player that is not a person, as a server or a terminal drives it.
pub trait BotPlayer: Send + Sync {
    /// A short name for requests, logs and snapshots (`"random"`, `"greedy"`).
    fn name(&self) -> &str;

    /// Chooses an action (JSON, as `legal_actions_json` lists them) for `seat`, or `None` when
    /// it has nothing to say. `game` is what the seat may know (the server passes a copy dealt
    /// from the seat's information, with dice of its own: `AnyGame::blinded`); the answer is
    /// checked by the engine like anyone's. `seed` is for the bot's own random choices.
    fn choose(&self, game: &dyn AnyGame, seat: Seat, seed: u64) -> Option<Value>;
}

/// Plays uniformly at random among the legal actions, with the seed it is given: every ruleset
/// has it.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPlayer;

impl BotPlayer for RandomPlayer {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&self, game: &dyn AnyGame, seat: Seat, seed: u64) -> Option<Value> {
        game.random_legal_json(seat, seed).ok().flatten()
    }
}

/// Tree search ([`Mcts`]) on one ruleset, as a seat of the server or the terminal: each
/// decision searches afresh from the game it is given (the server's blinded copy), on one
/// thread, with the ruleset's evaluator.
///
/// ```
/// use std::time::Duration;
/// use skirmish_bots::{Budget, OutcomeOnly};
/// use skirmish_engine::fixtures::LuckyPig;
/// use skirmish_platform::{BotPlayer, MctsPlayer};
///
/// let bot = MctsPlayer::<LuckyPig, _>::new(Budget::Time(Duration::from_millis(100)), OutcomeOnly);
/// assert_eq!(bot.name(), "mcts:100ms");
/// ```
pub struct MctsPlayer<R, E> {
    name: String,
    config: MctsConfig,
    evaluator: Arc<E>,
    /// The stall the last search saw ([`Mcts::expected_stall`]), handed to the next one: a
    /// bot made afresh per decision would otherwise forget that the machine is loaded.
    stall: Mutex<Duration>,
    rules: PhantomData<fn() -> R>,
}

impl<R: Ruleset, E: Evaluator<R>> MctsPlayer<R, E> {
    /// A player searching `budget` per decision on one thread, with playouts cut short after
    /// [`MctsPlayer::ROLLOUT_DEPTH`] actions for `evaluator` to judge.
    pub fn new(budget: Budget, evaluator: E) -> Self {
        Self::with_config(
            MctsConfig {
                budget,
                threads: 1,
                rollout_depth: Self::ROLLOUT_DEPTH,
                ..MctsConfig::default()
            },
            evaluator,
        )
    }

    /// Random actions played from a new leaf before the evaluator judges it: a few moves
    /// and attacks, not the rest of the game (random play there says little, and costs).
    pub const ROLLOUT_DEPTH: usize = 12;

    /// A player with a configuration of its own (its name is still the budget's).
    pub fn with_config(config: MctsConfig, evaluator: E) -> Self {
        MctsPlayer {
            name: BotSpec::Mcts(config.budget).to_string(),
            config,
            evaluator: Arc::new(evaluator),
            stall: Mutex::new(Duration::ZERO),
            rules: PhantomData,
        }
    }
}

impl<R, E> BotPlayer for MctsPlayer<R, E>
where
    R: Ruleset,
    R::State: Sync,
    R::Action: Sync,
    E: Evaluator<R> + 'static,
{
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&self, game: &dyn AnyGame, seat: Seat, seed: u64) -> Option<Value> {
        let game = game.as_any().downcast_ref::<Game<R>>()?;
        let legal = game.legal_actions(seat);
        if legal.is_empty() {
            return None;
        }
        let lock = || self.stall.lock().unwrap_or_else(|e| e.into_inner());
        let stall = *lock();
        let mut bot = Mcts::new(seed, self.config.clone(), Arc::clone(&self.evaluator))
            .with_expected_stall(stall);
        let index = bot.choose(&game.info_set(seat), &legal);
        *lock() = bot.expected_stall();
        serde_json::to_value(legal.get(index)?).ok()
    }
}
