//! Line-of-sight speed on the sample outdoor map: one query, and every pair from one square.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use skirmish_board::square::{load_square_map, Square};
use skirmish_los::{ClixLos, Endpoint, FigureId, OccupancyGrid, Occupant};

fn sample_map() -> skirmish_board::square::SquareMap {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../maps/harbour-district.toml"
    );
    load_square_map(path).expect("sample map loads")
}

fn bench(c: &mut Criterion) {
    let map = sample_map();
    let mut occ = OccupancyGrid::new(&map);
    for (i, s) in [(3, 5), (10, 12), (17, 8), (20, 20), (6, 18), (12, 3)]
        .into_iter()
        .enumerate()
    {
        occ.set(
            Square::new(s.0, s.1),
            Some(Occupant {
                figure: FigureId(i as u32),
                level: map.level(Square::new(s.0, s.1)),
            }),
        );
    }
    let from = Endpoint::at(&map, Square::new(1, 1));
    let to = Endpoint::at(&map, Square::new(map.width() - 2, map.height() - 3));
    c.bench_function("los_verdict_long_diagonal", |b| {
        b.iter(|| ClixLos::HEROCLIX.verdict(&map, black_box(from), black_box(to), &occ))
    });
    let mid = Endpoint::at(&map, Square::new(8, 9));
    let near = Endpoint::at(&map, Square::new(14, 12));
    c.bench_function("los_verdict_range_6", |b| {
        b.iter(|| ClixLos::HEROCLIX.verdict(&map, black_box(mid), black_box(near), &occ))
    });
    c.bench_function("los_explain_long_diagonal", |b| {
        b.iter(|| ClixLos::HEROCLIX.explain(&map, black_box(from), black_box(to), &occ))
    });
    let squares: Vec<Square> = map.squares().collect();
    c.bench_function("los_verdict_one_to_all_squares", |b| {
        b.iter(|| {
            squares
                .iter()
                .filter(|s| {
                    ClixLos::HEROCLIX.verdict(&map, mid, Endpoint::at(&map, **s), &occ)
                        != skirmish_los::Verdict::Blocked
                })
                .count()
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
