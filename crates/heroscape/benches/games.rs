//! A whole random-vs-random HeroScape game, 300 points a side on the sample battlefield
//! *Riverbend Heights* (`game/mod.rs`): placement, markers, initiative, moves, attacks, the end.
//! Its instruction count, steadier on a shared machine: `scripts/callgrind-heroscape.sh game`.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};

mod game;

fn bench(c: &mut Criterion) {
    let scenario = game::scenario();
    let mut seed = 0u64;
    c.bench_function("game_random_vs_random_300_points", |b| {
        b.iter(|| {
            seed += 1;
            game::whole_game(&scenario, seed)
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
