//! Whole HeroClix games per second (the starter teams on the sample outdoor map, 10 rounds),
//! and the cost of one decision in a mid-game position: the rules' legal actions and the
//! greedy bot's choice among them, and the search bot's iterations per second there.
#![allow(missing_docs)]

use std::path::PathBuf;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use skirmish_bots::{bot_seed, play_game, Bot, Budget, Mcts};
use skirmish_engine::{Game, Seat};
use skirmish_heroclix::bots::BotKind;
use skirmish_heroclix::bots::{mcts_config, GreedyBot, HeroClixEval};
use skirmish_heroclix::game::Scenario;
use skirmish_heroclix::HeroClix;

fn scenario() -> Scenario {
    skirmish_heroclix::bots::bench::starter_scenario(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."),
    )
}

fn whole_game(scenario: &Scenario, seed: u64, kinds: [BotKind; 2]) -> usize {
    let mut game = Game::<HeroClix>::new(scenario.clone(), seed).expect("setup");
    let mut bots: Vec<_> = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| k.heroclix(bot_seed(seed, Seat(i as u8))))
        .collect();
    play_game(&mut game, &mut bots, 100_000, |_, _| Ok(())).expect("the game ends");
    game.steps().len()
}

use skirmish_heroclix::bots::bench::mid_game;

fn bench(c: &mut Criterion) {
    let scenario = scenario();
    let mut seed = 0u64;
    c.bench_function("game_random_vs_random_10_rounds", |b| {
        b.iter(|| {
            seed += 1;
            whole_game(&scenario, seed, [BotKind::Random, BotKind::Random])
        })
    });
    c.bench_function("game_greedy_vs_random_10_rounds", |b| {
        b.iter(|| {
            seed += 1;
            whole_game(&scenario, seed, [BotKind::Greedy, BotKind::Random])
        })
    });
    c.bench_function("game_greedy_vs_greedy_10_rounds", |b| {
        b.iter(|| {
            seed += 1;
            whole_game(&scenario, seed, [BotKind::Greedy, BotKind::Greedy])
        })
    });

    let game = mid_game(&scenario);
    let seat = game.pending_seats()[0];
    let legal = game.legal_actions(seat);
    eprintln!(
        "mid-game position: round {}, {} legal actions for {seat}",
        game.state().round,
        legal.len()
    );
    c.bench_function("legal_actions_mid_game", |b| {
        b.iter(|| game.legal_actions(black_box(seat)).len())
    });
    // Random playouts to the end through the search API: what a tree-search bot's rollouts cost.
    let mut playout_seed = 0u64;
    c.bench_function("random_playout_from_mid_game", |b| {
        b.iter(|| {
            playout_seed += 1;
            let mut state = game.state().clone();
            let mut dice = skirmish_engine::Dice::seeded(playout_seed);
            let mut picker = skirmish_engine::Picker::new(playout_seed);
            skirmish_engine::search::random_playout::<HeroClix>(
                &mut state,
                &mut dice,
                &mut picker,
                100_000,
            )
            .expect("the playout runs")
            .steps
        })
    });
    let mut bot = GreedyBot::new(0);
    c.bench_function("greedy_choice_mid_game", |b| {
        b.iter(|| bot.choose(&game.info_set(black_box(seat)), &legal))
    });
    // The search bot as shipped (`mcts_config`, one thread), 200 iterations per decision:
    // criterion's elem/s reads as MCTS iterations per second on one core.
    let mut group = c.benchmark_group("mcts");
    group.throughput(criterion::Throughput::Elements(MCTS_ITERATIONS));
    let mut search_seed = 0u64;
    group.bench_function("iterations_mid_game", |b| {
        b.iter(|| {
            search_seed += 1;
            let config = mcts_config(Budget::Iterations(MCTS_ITERATIONS), 1);
            let mut search = Mcts::<HeroClix, _>::new(search_seed, config, HeroClixEval::default());
            search.search(&game.info_set(black_box(seat)), &legal).0
        })
    });
    group.finish();
}

/// Iterations of one search in the `mcts/iterations_mid_game` benchmark.
const MCTS_ITERATIONS: u64 = 200;

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
