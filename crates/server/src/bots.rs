//! Bots as seats: after every change, a game whose pending seat is a bot asks that bot for an
//! action on a copy of the game, on a blocking thread, within a thinking-time limit; a bot that
//! overruns, fails or answers with an illegal action is replaced for that decision by a random
//! legal action. Bot actions then go through the same path as people's: checked by the engine,
//! stored, pushed to every socket.
//!
//! Each ruleset offers its bots through its presentation (`skirmish_platform::Presentation::bots`:
//! HeroClix's greedy bot, say), and every ruleset has the random player. A [`BotRoster`] adds
//! bots for every ruleset (tests seat slow or cheating bots this way).

use std::collections::BTreeMap;
use std::sync::Arc;

use sha2::{Digest, Sha256};
use skirmish_engine::{Seat, SeedReveal};

pub use skirmish_platform::BotPlayer;
/// Plays uniformly at random among the legal actions, with the seed it is given: its choices
/// depend only on the game's dice secret, the step and the seat, so a game plays the same
/// whether or not the server restarted in between.
pub use skirmish_platform::RandomPlayer as RandomBot;

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

/// Bots a server offers besides each ruleset's own, by the name a create request gives.
#[derive(Clone, Default)]
pub struct BotRoster {
    bots: BTreeMap<String, Arc<dyn BotPlayer>>,
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
