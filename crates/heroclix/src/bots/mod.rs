//! HeroClix bots and the helpers they share with other players of the game: the odds of an
//! attack roll, teams built at random, and scenarios read from files.

pub mod bench;
mod eval;
mod greedy;
mod odds;
mod setup;

pub use eval::{mcts_config, mcts_player, HeroClixEval};
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

/// The HeroClix bot a [`BotSpec`] names, seeded: tree search searches on every core, with
/// each new leaf judged by [`HeroClixEval`] ([`mcts_config`]).
pub fn build(spec: &skirmish_bots::BotSpec, seed: u64) -> Box<dyn Bot<crate::HeroClix> + Send> {
    use skirmish_bots::{BotSpec, Mcts, MctsConfig};
    match spec {
        BotSpec::Random => BotKind::Random.heroclix(seed),
        BotSpec::Greedy => BotKind::Greedy.heroclix(seed),
        BotSpec::Mcts(budget) => Box::new(Mcts::new(
            seed,
            eval::mcts_config(*budget, MctsConfig::default().threads),
            HeroClixEval::default(),
        )),
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
