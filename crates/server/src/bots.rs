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
use skirmish_engine::{AnyGame, DiceSource, Picker, Seat};

/// A player that is not a person, as the server drives it.
pub trait BotPlayer: Send + Sync {
    /// A short name for logs and snapshots ("random").
    fn name(&self) -> &str;

    /// Chooses an action (JSON, as `legal_actions_json` lists them) for `seat`, or `None` when it
    /// has nothing to say. Runs on a copy of the game on a blocking thread; the answer is checked
    /// by the engine like anyone's.
    fn choose(&self, game: &dyn AnyGame, seat: Seat) -> Option<Value>;
}

/// Plays uniformly at random among the legal actions. Its choices depend only on the game's
/// seed, the step and the seat, so a game replays the same whether or not the server restarted
/// in between.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

/// Mixed into a game's seed so that the bot's choices and the dice come from unrelated streams.
const BOT_SALT: u64 = 0x5EED_B075_0F5E_4E55;

/// A seed for a bot's choice at this point of this game.
pub fn choice_seed(game: &dyn AnyGame, seat: Seat) -> u64 {
    let base = match game.dice().source() {
        DiceSource::Seed(seed) => seed,
        DiceSource::Script(_) => 0,
    };
    let step = game.step_count() as u64;
    (base ^ BOT_SALT)
        .wrapping_add(step.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(u64::from(seat.0).wrapping_mul(0xD1B5_4A32_D192_ED03))
}

impl BotPlayer for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&self, game: &dyn AnyGame, seat: Seat) -> Option<Value> {
        let mut picker = Picker::new(choice_seed(game, seat));
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
