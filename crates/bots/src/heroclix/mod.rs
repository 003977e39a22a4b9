//! HeroClix bots and the helpers they share with other players of the game: the odds of an
//! attack roll, teams built at random, and scenarios read from files.

pub mod bench;
mod greedy;
mod odds;
mod setup;

pub use greedy::{GreedyBot, Weights};
pub use odds::{expected_attack, hit_chance, needed_roll, AttackOdds};
pub use setup::{load_scenario, random_team, ScenarioFiles};
