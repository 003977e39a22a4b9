//! MCTS iterations per second on a LuckyPig position (three seats with jinxes, the opening
//! secret picks), on one thread: with playouts to the end of the game, as `OutcomeOnly` needs,
//! and with no playout at all, which measures the tree (determinize, select, expand, back up).
//! Criterion's throughput is in iterations: read "elem/s" as iterations per second.
#![allow(missing_docs)]

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
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
