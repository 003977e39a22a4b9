//! Tuning bench for the HeroClix search bot: `mcts_duel [games=20] [iterations=300]
//! [rollout=12] [exploration=0.7] [widening=2.0] [alpha=0.5]
//! [bias=1.0] [threads=2]` plays the search bot with those settings against
//! the greedy bot on the starter scenario ([`skirmish_bots::duel`]: seats swapped every other
//! game, two games in a row sharing a seed) and prints the search bot's wins, draws and
//! losses with the 95 % Wilson interval of its score.
//!
//! Iteration budgets make every game the same bit for bit from run to run, so two settings
//! are compared on the same dice. Run it in release: `cargo run --release -p
//! skirmish-heroclix --example mcts_duel -- games=40 iterations=300`.
#![allow(missing_docs)]

use std::path::PathBuf;

use skirmish_bots::duel::{duel, MakeBot};
use skirmish_bots::stats::wilson;
use skirmish_bots::{Budget, Mcts, MctsConfig};
use skirmish_heroclix::bots::{GreedyBot, HeroClixEval};
use skirmish_heroclix::HeroClix;

fn main() {
    let mut games = 20u64;
    let mut threads = 2usize;
    let mut config = MctsConfig {
        budget: Budget::Iterations(300),
        threads: 1,
        rollout_depth: 12,
        ..MctsConfig::default()
    };
    for arg in std::env::args().skip(1) {
        let (key, value) = arg.split_once('=').expect("arguments are key=value");
        let number: f64 = value.parse().expect("values are numbers");
        match key {
            "games" => games = number as u64,
            "iterations" => config.budget = Budget::Iterations(number as u64),
            "rollout" => config.rollout_depth = number as usize,
            "exploration" => config.exploration = number,
            "widening" => config.widening_scale = number,
            "alpha" => config.widening_exponent = number,
            "bias" => config.prior_weight = number,
            "threads" => threads = number as usize,
            other => panic!("unknown setting {other}"),
        }
    }
    let scenario = skirmish_heroclix::bots::bench::starter_scenario(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."),
    );
    let search: &MakeBot<'_, HeroClix> = &|s| Box::new(Mcts::new(s, config.clone(), HeroClixEval));
    let greedy: &MakeBot<'_, HeroClix> = &|s| Box::new(GreedyBot::new(s));
    let t = duel(&scenario, games, threads, 20_000, search, greedy, |g| {
        eprintln!(
            "game {}: {:?} (search on {:?})",
            g.number, g.winners, g.first_seat
        )
    });
    let n = f64::from(t.games());
    let (lo, hi) = wilson(t.score(), n);
    println!(
        "{config:?}\nsearch vs greedy: {} won, {} drawn, {} lost; score {:.1} % (95 %: {:.1}–{:.1} %)",
        t.wins,
        t.draws,
        t.losses,
        100.0 * t.rate(),
        100.0 * lo,
        100.0 * hi
    );
}
