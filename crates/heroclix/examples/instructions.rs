//! A fixed workload for instruction counts (`scripts/callgrind.sh`), which are repeatable where
//! wall time on a shared machine is not.
//!
//! `instructions games N` plays N random-vs-random HeroClix games (starter teams, sample outdoor
//! map, 10 rounds; seeds 1..=N) and prints the actions applied. `instructions playouts N` plays N
//! random playouts to the end from the benchmark's mid-game position. `instructions setup 0`
//! loads the scenario only: the script subtracts it from the others. `instructions greedy N`
//! plays N greedy-vs-greedy games and prints the bots' choices (the script counts only the
//! instructions inside the bots' `choose`); `instructions legal N` lists the mid-game position's
//! legal actions N times (`instructions legal-setup 0`, the position, is subtracted);
//! `instructions mcts N` runs one search of N iterations from that position (`mcts-setup 0`
//! subtracted).
#![allow(missing_docs)]

use std::path::PathBuf;

use skirmish_bots::{bot_seed, play_game, Budget, Mcts};
use skirmish_engine::{Game, Seat};
use skirmish_heroclix::bots::{mcts_config, BotKind, HeroClixEval};
use skirmish_heroclix::game::Scenario;
use skirmish_heroclix::HeroClix;

fn scenario() -> Scenario {
    skirmish_heroclix::bots::bench::starter_scenario(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."),
    )
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("games", String::as_str);
    let n: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let scenario = scenario();
    let mut actions = 0usize;
    match mode {
        "setup" => {}
        // The playouts' own set-up: the scenario and the mid-game position.
        "playout-setup" => {
            skirmish_heroclix::bots::bench::mid_game(&scenario);
        }
        "legal-setup" | "legal" => {
            let game = skirmish_heroclix::bots::bench::mid_game(&scenario);
            let seat = game.pending_seats()[0];
            for _ in 0..n {
                std::hint::black_box(game.legal_actions(seat));
                actions += 1;
            }
        }
        // One search of N iterations from the mid-game position, as the search bot is shipped
        // (`mcts_config`, one thread); `mcts-setup 0`, the position, is subtracted.
        "mcts-setup" | "mcts" => {
            let game = skirmish_heroclix::bots::bench::mid_game(&scenario);
            let seat = game.pending_seats()[0];
            if mode == "mcts" {
                let legal = game.legal_actions(seat);
                let config = mcts_config(Budget::Iterations(n), 1);
                let mut search = Mcts::<HeroClix, _>::new(1, config, HeroClixEval::default());
                let (_, stats) = search.search(&game.info_set(seat), &legal);
                actions = usize::try_from(stats.iterations).unwrap_or(usize::MAX);
            }
        }
        "greedy" => {
            for seed in 1..=n {
                let mut game = Game::<HeroClix>::new(scenario.clone(), seed).expect("setup");
                let mut bots: Vec<_> = (0..2u8)
                    .map(|i| BotKind::Greedy.heroclix(bot_seed(seed, Seat(i))))
                    .collect();
                play_game(&mut game, &mut bots, 100_000, |_, _| Ok(())).expect("the game ends");
                actions += game.steps().len();
            }
        }
        "games" => {
            for seed in 1..=n {
                let mut game = Game::<HeroClix>::new(scenario.clone(), seed).expect("setup");
                let mut bots: Vec<_> = (0..2u8)
                    .map(|i| BotKind::Random.heroclix(bot_seed(seed, Seat(i))))
                    .collect();
                play_game(&mut game, &mut bots, 100_000, |_, _| Ok(())).expect("the game ends");
                actions += game.steps().len();
            }
        }
        "playouts" => {
            let start = skirmish_heroclix::bots::bench::mid_game(&scenario);
            for seed in 1..=n {
                let mut state = start.state().clone();
                let mut dice = skirmish_engine::Dice::seeded(seed);
                let mut picker = skirmish_engine::Picker::new(seed);
                let end = skirmish_engine::search::random_playout::<HeroClix>(
                    &mut state,
                    &mut dice,
                    &mut picker,
                    100_000,
                )
                .expect("the playout runs");
                assert!(end.outcome.is_some(), "the playout ends");
                actions += end.steps;
            }
        }
        other => panic!("unknown mode {other}: games, playouts or setup"),
    }
    println!("{mode} {n} actions {actions}");
}
