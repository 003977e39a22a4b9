//! Tuning bench for the HeroClix search bot: `mcts_duel [games=20] [iterations=300]
//! [rollout=12] [exploration=0.7] [widening=2.0] [alpha=0.5] [bias=1.0] [threads=2]`
//! plays the search bot with those settings against the greedy bot on the starter scenario,
//! seats swapped every other game and two games in a row sharing a seed, and prints the
//! search bot's wins, draws and losses with the 95 % Wilson interval of its score.
//!
//! Iteration budgets make every game the same bit for bit from run to run, so two settings
//! are compared on the same dice. Run it in release: `cargo run --release -p
//! skirmish-heroclix --example mcts_duel -- games=40 iterations=300`.
#![allow(missing_docs)]

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use skirmish_bots::stats::{wilson, Tally};
use skirmish_bots::{bot_seed, play_game, Bot, Budget, Mcts, MctsConfig};
use skirmish_engine::{Game, Seat};
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
    let next = AtomicUsize::new(0);
    let tally = Mutex::new(Tally::default());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed) as u64;
                if g >= games {
                    break;
                }
                let seed = 1 + g / 2;
                let search_seat = Seat((g % 2) as u8);
                let mut game = Game::<HeroClix>::new(scenario.clone(), seed).expect("setup");
                let mut bots: Vec<Box<dyn Bot<HeroClix> + Send>> = (0..2u8)
                    .map(|i| -> Box<dyn Bot<HeroClix> + Send> {
                        let s = bot_seed(seed, Seat(i));
                        if Seat(i) == search_seat {
                            Box::new(Mcts::new(s, config.clone(), HeroClixEval))
                        } else {
                            Box::new(GreedyBot::new(s))
                        }
                    })
                    .collect();
                play_game(&mut game, &mut bots, 20_000, |_, _| Ok(())).expect("the game ends");
                let winners = game.outcome().map(|o| o.winners).unwrap_or_default();
                let mut t = tally.lock().expect("tally");
                match winners.as_slice() {
                    [w] if *w == search_seat => t.wins += 1,
                    [_] => t.losses += 1,
                    _ => t.draws += 1,
                }
                eprintln!("game {g}: {winners:?} (search on {search_seat:?})");
            });
        }
    });
    let t = tally.into_inner().expect("tally");
    let n = f64::from(t.wins + t.draws + t.losses);
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
