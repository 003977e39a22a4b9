//! Bots as the edges drive them: through JSON, on any ruleset.

use serde_json::Value;
use skirmish_engine::{AnyGame, Picker, Seat};

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
        let legal = game.legal_actions_json(seat).ok()?;
        Picker::new(seed).choose(&legal).cloned()
    }
}
