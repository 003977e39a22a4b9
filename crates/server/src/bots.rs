//! Bots as seats: after every change, a game whose pending seat is a bot asks that bot for an
//! action on a copy of the game, on a blocking thread, within a thinking-time limit; a bot that
//! overruns, fails or answers with an illegal action is replaced for that decision by a random
//! legal action. Bot actions then go through the same path as people's: checked by the engine,
//! stored, pushed to every socket.
//!
//! The server does not depend on `skirmish-bots`: whoever starts it (the `skirmish` command)
//! offers bots through [`BotRoster`], e.g. the greedy HeroClix bot wrapped in a [`BotPlayer`]
//! and inserted as `"greedy"`. Until then `"greedy"` is played by [`RandomBot`].

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::Value;
use sha2::{Digest, Sha256};
use skirmish_engine::{AnyGame, Picker, Seat, SeedReveal};

/// A player that is not a person, as the server drives it.
pub trait BotPlayer: Send + Sync {
    /// A short name for logs and snapshots ("random").
    fn name(&self) -> &str;

    /// Chooses an action (JSON, as `legal_actions_json` lists them) for `seat`, or `None` when it
    /// has nothing to say. Runs on a copy of the game on a blocking thread; the answer is checked
    /// by the engine like anyone's. `seed` is for the bot's own random choices
    /// ([`choice_seed`]): the same at the same point of the same game, and unrelated to anything
    /// players can see.
    fn choose(&self, game: &dyn AnyGame, seat: Seat, seed: u64) -> Option<Value>;
}

/// Plays uniformly at random among the legal actions, with the seed it is given: its choices
/// depend only on the game's dice secret, the step and the seat, so a game plays the same
/// whether or not the server restarted in between.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

/// A seed for a bot's choice at step `step` of a game, from the game's dice secret (seed and
/// salt). Bots' choices are seen by everyone, so they must not let anyone work back to the dice
/// seed: a SHA-256 over the seed *and* the 128-bit salt cannot be inverted or enumerated (the
/// seed alone, below 2^53, could be), and it leaves the dice stream and the bots' choices
/// unrelated.
pub fn choice_seed(secret: &SeedReveal, step: usize, seat: Seat) -> u64 {
    let text = format!(
        "skirmish-bot-choice-v1:{}:{}:{step}:{}",
        secret.seed, secret.salt, seat.0
    );
    let digest = Sha256::digest(text.as_bytes());
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&digest[..8]);
    u64::from_le_bytes(bytes)
}

impl BotPlayer for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&self, game: &dyn AnyGame, seat: Seat, seed: u64) -> Option<Value> {
        let mut picker = Picker::new(seed);
        // Same list, same order, same pick: only the chosen HeroClix action is turned into JSON.
        if let Some(g) = crate::heroclix_ui::downcast(game) {
            let legal = g.legal_actions(seat);
            return picker
                .choose(&legal)
                .and_then(|a| serde_json::to_value(a).ok());
        }
        let legal = game.legal_actions_json(seat).ok()?;
        picker.choose(&legal).cloned()
    }
}

/// The bots a server offers, by the name a create request gives (`"bot": "greedy"`).
#[derive(Clone)]
pub struct BotRoster {
    bots: BTreeMap<String, Arc<dyn BotPlayer>>,
}

impl Default for BotRoster {
    /// `random`, and `greedy` played by [`RandomBot`] until a greedy bot is inserted under that
    /// name.
    fn default() -> Self {
        let mut roster = BotRoster {
            bots: BTreeMap::new(),
        };
        roster.insert("random", Arc::new(RandomBot));
        roster.insert("greedy", Arc::new(RandomBot));
        roster
    }
}

impl std::fmt::Debug for BotRoster {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.bots.keys()).finish()
    }
}

impl BotRoster {
    /// Offers `bot` under `name`, replacing any bot of that name.
    pub fn insert(&mut self, name: &str, bot: Arc<dyn BotPlayer>) -> &mut BotRoster {
        self.bots.insert(name.to_string(), bot);
        self
    }

    /// The bot of this name.
    pub fn get(&self, name: &str) -> Option<Arc<dyn BotPlayer>> {
        self.bots.get(name).cloned()
    }

    /// The names offered, sorted.
    pub fn names(&self) -> Vec<&str> {
        self.bots.keys().map(String::as_str).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choice_seeds_depend_on_the_whole_secret_the_step_and_the_seat() {
        let secret = SeedReveal {
            seed: 7,
            salt: "00ff".into(),
        };
        let base = choice_seed(&secret, 3, Seat(1));
        assert_eq!(base, choice_seed(&secret, 3, Seat(1)), "deterministic");
        assert_ne!(base, choice_seed(&secret, 4, Seat(1)));
        assert_ne!(base, choice_seed(&secret, 3, Seat(0)));
        let other_salt = SeedReveal {
            seed: 7,
            salt: "00fe".into(),
        };
        assert_ne!(base, choice_seed(&other_salt, 3, Seat(1)));
    }
}
