//! Movement speed on the sample outdoor map: the reachable set of a speed-10 figure.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use skirmish_board::square::{load_square_map, Square};
use skirmish_board::FigureId;
use skirmish_heroclix::movement::{reach, MoveQuery, Side, Standing};

fn bench(c: &mut Criterion) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../maps/harbour-district.toml"
    );
    let map = load_square_map(path).expect("sample map loads");
    let others = [
        Standing {
            square: Square::new(15, 10),
            figure: FigureId(1),
            side: Side::Enemy,
        },
        Standing {
            square: Square::new(9, 14),
            figure: FigureId(2),
            side: Side::Friend,
        },
    ];
    let start = map
        .squares()
        .find(|s| {
            s.x >= 10
                && s.y >= 10
                && map
                    .cell(*s)
                    .is_some_and(|c| c.terrain.is_clear() && c.level == 0)
        })
        .unwrap_or(Square::new(12, 12));
    let query = MoveQuery {
        from: start,
        speed: 10.into(),
        others: &others,
        broke_away_from: &[],
        near: &[],
    };
    c.bench_function("reach_speed_10", |b| {
        b.iter(|| reach(&map, black_box(&query)).map(|r| r.allowance))
    });
    c.bench_function("move_graph_setup", |b| {
        b.iter(|| {
            skirmish_heroclix::movement::ClixMoveGraph::new(&map, black_box(&query))
                .near_enemy(start)
        })
    });
    c.bench_function("reach_speed_10_with_destinations", |b| {
        b.iter(|| reach(&map, black_box(&query)).map(|r| r.destinations().len()))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
