//! MCTS iterations per second on a LuckyPig position (three seats with jinxes, the opening
//! secret picks), on one thread: with playouts to the end of the game, as `OutcomeOnly` needs,
//! and with no playout at all, which measures the tree (determinize, select, expand, back up).
//! Also a wide position: Nim with 1,000 legal takes at every node (HeroClix offers about as
//! many), where progressive widening keeps each node to a few dozen of them.
//! Criterion's throughput is in iterations: read "elem/s" as iterations per second.
#![allow(missing_docs)]

#[path = "../tests/nim/mod.rs"]
mod nim;

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use skirmish_bots::{Budget, Mcts, MctsConfig, OutcomeOnly};
use skirmish_engine::fixtures::{LuckyPig, PigScenario};
use skirmish_engine::{Game, Seat};

const ITERATIONS: u64 = 2_000;

fn bench(c: &mut Criterion) {
    let scenario = PigScenario {
        seats: 3,
        jinxes: true,
        ..PigScenario::default()
    };
    let game = Game::<LuckyPig>::new(scenario, 3).expect("setup");
    let seat = Seat(0);
    let legal = game.legal_actions(seat);
    let mut group = c.benchmark_group("mcts_lucky_pig");
    group.throughput(Throughput::Elements(ITERATIONS));
    for (name, rollout_depth) in [("playout_to_end", 400), ("no_playout", 0)] {
        let config = MctsConfig {
            budget: Budget::Iterations(ITERATIONS),
            threads: 1,
            rollout_depth,
            ..MctsConfig::default()
        };
        let mut bot = Mcts::new(1, config, OutcomeOnly);
        group.bench_function(name, |b| {
            b.iter(|| black_box(bot.search(&game.info_set(seat), &legal).0))
        });
    }
    let wide = Game::<nim::Nim>::new(
        nim::NimScenario {
            pile: 5_000,
            max_take: 1_000,
        },
        0,
    )
    .expect("setup");
    let legal = wide.legal_actions(seat);
    let config = MctsConfig {
        budget: Budget::Iterations(ITERATIONS),
        threads: 1,
        rollout_depth: 0,
        ..MctsConfig::default()
    };
    let mut bot = Mcts::new(1, config, OutcomeOnly);
    group.bench_function("nim_1000_actions_no_playout", |b| {
        b.iter(|| black_box(bot.search(&wide.info_set(seat), &legal).0))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
