//! Movement and line of sight on a 400-hex multi-level battlefield (`field/mod.rs`): the
//! reachable set of a move-5 height-5 figure, of a double-space figure, and a 3D line of sight.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use skirmish_heroscape::grid::Grid;
use skirmish_heroscape::movement::{reach, MoveQuery};
use skirmish_heroscape::sight::line_of_sight;

mod field;

fn bench(c: &mut Criterion) {
    let battlefield = field::field();
    let grid = Grid::new(&battlefield);
    let others = field::others();
    let single = MoveQuery::new(field::single_mover(), 5, &others);
    c.bench_function("reach_move5_height5", |b| {
        b.iter(|| black_box(reach(&grid, black_box(&single)).destinations().len()))
    });
    let double = MoveQuery::new(field::double_mover(), 5, &others);
    c.bench_function("reach_double_move5", |b| {
        b.iter(|| black_box(reach(&grid, black_box(&double)).destinations().len()))
    });
    let (a, d, figures) = field::duel();
    assert!(field::all_stand(&battlefield, &figures));
    c.bench_function("los_3d_10_hexes", |b| {
        b.iter(|| black_box(line_of_sight(&grid, black_box(&a), black_box(&d), &figures).clear))
    });
    // The real Table des géants, when the shared data is beside the workspace.
    let Some(real) = field::giants_table() else {
        eprintln!("Table_des_geants.hsc not found: the real-map benchmarks are skipped");
        return;
    };
    let grid = Grid::new(&real);
    let (single, double, defender) = field::real_movers(&real).expect("start zones on the map");
    let q = MoveQuery::new(single, 5, &[]);
    c.bench_function("giants_table_reach_move5_height5", |b| {
        b.iter(|| black_box(reach(&grid, black_box(&q)).destinations().len()))
    });
    let q = MoveQuery::new(double, 5, &[]);
    c.bench_function("giants_table_reach_double_move5", |b| {
        b.iter(|| black_box(reach(&grid, black_box(&q)).destinations().len()))
    });
    c.bench_function("giants_table_los_zone_to_zone", |b| {
        b.iter(|| {
            black_box(line_of_sight(&grid, black_box(&single), black_box(&defender), &[]).clear)
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
