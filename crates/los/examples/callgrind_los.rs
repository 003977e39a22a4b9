//! Runs the line-of-fire benchmarks' verdicts a given number of times, for instruction counts
//! under callgrind (`scripts/callgrind-movement.sh`).
//!
//! Usage: `callgrind_los CASE N` with CASE one of `long_diagonal`, `range_6`, `one_to_all` —
//! prints the squares crossed by one run of the case, then runs it N times in all.

use std::hint::black_box;

use skirmish_board::square::{load_square_map, Square};
use skirmish_los::{
    ClixLos, Endpoint, FigureId, LineOfFire, LosNote, OccupancyGrid, Occupant, Verdict,
};

fn main() {
    let mut args = std::env::args().skip(1);
    let case = args.next().unwrap_or_else(|| "long_diagonal".into());
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../maps/harbour-district.toml"
    );
    let map = load_square_map(path).expect("sample map loads");
    // The same figures and lines as `benches/los.rs`.
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
    let lines: Vec<(Endpoint, Endpoint)> = match case.as_str() {
        "long_diagonal" => vec![(
            Endpoint::at(&map, Square::new(1, 1)),
            Endpoint::at(&map, Square::new(map.width() - 2, map.height() - 3)),
        )],
        "range_6" => vec![(
            Endpoint::at(&map, Square::new(8, 9)),
            Endpoint::at(&map, Square::new(14, 12)),
        )],
        "one_to_all" => {
            let mid = Endpoint::at(&map, Square::new(8, 9));
            map.squares()
                .map(|s| (mid, Endpoint::at(&map, s)))
                .collect()
        }
        other => panic!("unknown case {other}"),
    };
    if n == 0 {
        println!("crossed 0 examined 0 blocked 0");
        return;
    }
    // Squares crossed: every square the line enters, the target's included and the attacker's
    // not. Squares examined: the same, up to the first one that blocks the line, where the
    // verdict stops.
    let (mut crossed, mut examined, mut blocked) = (0, 0, 0);
    for (a, b) in &lines {
        let e = ClixLos::HEROCLIX.explain(&map, *a, *b, &occ);
        crossed += e.squares.len() - 1;
        examined += first_blocking(&e).unwrap_or(e.squares.len() - 1);
        blocked += usize::from(e.verdict == Verdict::Blocked);
    }
    println!("crossed {crossed} examined {examined} blocked {blocked}");
    for _ in 0..n {
        for (a, b) in &lines {
            black_box(ClixLos::HEROCLIX.verdict(&map, black_box(*a), black_box(*b), &occ));
        }
    }
}

/// How many squares the line enters up to the one where it is first blocked, read from the
/// explanation: its notes come in the order met along the line.
fn first_blocking(e: &LineOfFire) -> Option<usize> {
    let square = e.notes.iter().find_map(|n| match *n {
        LosNote::Wall { to, .. } => Some(to),
        LosNote::BlockingTerrain { square }
        | LosNote::HigherTerrain { square, .. }
        | LosNote::OverIndoor { square }
        | LosNote::Figure { square, .. }
        | LosNote::OffMap { square } => Some(square),
        // The square entered through the corner point lies beside both sides.
        LosNote::Corner {
            sides,
            result: Verdict::Blocked,
            ..
        } => Some(Square::new(sides[0].x, sides[1].y)),
        _ => None,
    })?;
    e.squares.iter().position(|s| *s == square)
}
