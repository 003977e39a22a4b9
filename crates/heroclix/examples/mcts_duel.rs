//! Tuning bench for the HeroClix search bot: `mcts_duel [games=20] [iterations=500]
//! [rollout=0] [exploration=0.7] [widening=1.0] [alpha=0.3] [bias=1.0] [threads=2]
//! [leaf_gain=1.0]` plays
//! the search bot (as shipped, [`mcts_config`], unless a knob says otherwise) against the
//! greedy bot on the starter scenario ([`skirmish_bots::duel`]: seats swapped every other
//! game, two games in a row sharing a seed) and prints the search bot's wins, draws and
//! losses with the 95 % Wilson interval of its score.
//!
//! Iteration budgets make every game the same bit for bit from run to run, so two settings
//! are compared on the same dice. Run it in release: `cargo run --release -p
//! skirmish-heroclix --example mcts_duel -- games=40`.
#![allow(missing_docs)]

use std::path::PathBuf;

use skirmish_bots::duel::{DuelSettings, MakeBot};
use skirmish_bots::{Budget, Mcts};
use skirmish_heroclix::bots::{mcts_config, GreedyBot, HeroClixEval};
use skirmish_heroclix::HeroClix;

fn main() {
    let mut duel_settings = DuelSettings {
        games: 20,
        threads: 2,
        config: mcts_config(Budget::Iterations(500), 1),
    };
    let mut eval = HeroClixEval::default();
    for arg in std::env::args().skip(1) {
        let (key, value) = arg.split_once('=').expect("arguments are key=value");
        if key == "leaf_gain" {
            eval.leaf_gain = value.parse().expect("leaf_gain is a number");
            continue;
        }
        assert!(duel_settings.set(key, value), "unknown setting {key}");
    }
    let scenario = skirmish_heroclix::bots::bench::starter_scenario(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."),
    );
    let config = &duel_settings.config;
    let search: &MakeBot<'_, HeroClix> = &|s| Box::new(Mcts::new(s, config.clone(), eval));
    let greedy: &MakeBot<'_, HeroClix> = &|s| Box::new(GreedyBot::new(s));
    let summary = duel_settings.run(&scenario, search, greedy);
    println!("{config:?} {eval:?}\nsearch vs greedy: {summary}");
}
