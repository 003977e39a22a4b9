//! HeroClix bots and the helpers they share with other players of the game: the odds of an
//! attack roll, teams built at random, and scenarios read from files.

pub mod bench;
mod greedy;
mod odds;
mod setup;

pub use greedy::{GreedyBot, Weights};
pub use odds::{expected_attack, hit_chance, needed_roll, AttackOdds};
pub use setup::{load_scenario, random_team, ScenarioFiles};

use std::fmt;

use skirmish_bots::{Bot, RandomBot};

/// Which kind of bot sits at a seat, as written on the command line (`random`, `greedy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// [`RandomBot`].
    Random,
    /// [`GreedyBot`].
    Greedy,
}

impl BotKind {
    /// Every kind, for help texts.
    pub const ALL: [BotKind; 2] = [BotKind::Random, BotKind::Greedy];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
        }
    }

    /// A HeroClix bot of this kind, seeded.
    pub fn heroclix(self, seed: u64) -> Box<dyn Bot<crate::HeroClix> + Send> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Greedy => Box::new(GreedyBot::new(seed)),
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for BotKind {
    type Err = String;

    fn from_str(s: &str) -> Result<BotKind, String> {
        BotKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| {
                let known: Vec<&str> = BotKind::ALL.iter().map(|k| k.name()).collect();
                format!("unknown bot '{s}'; known bots: {}", known.join(", "))
            })
    }
}
