//! Runs the `reach_speed_10` benchmark's move search a given number of times, for instruction
//! counts under callgrind (`scripts/callgrind-movement.sh`): timings on a shared machine vary
//! with load, instruction counts do not.
//!
//! Usage: `callgrind_movement N` — prints the squares reached and the destinations of one
//! search, then searches N more times.

use std::hint::black_box;

use skirmish_board::square::{load_square_map, Square};
use skirmish_board::FigureId;
use skirmish_heroclix::movement::{reach, MoveQuery, Side, Standing};

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../maps/harbour-district.toml"
    );
    let map = load_square_map(path).expect("sample map loads");
    // The same figures and start square as `benches/movement.rs`.
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
    if n == 0 {
        // The setup alone, so that the script can subtract it.
        println!("reached 0 destinations 0");
        return;
    }
    let r = reach(&map, &query).expect("the start is on the map");
    println!(
        "reached {} destinations {}",
        r.raw().visited().len(),
        r.destinations().len()
    );
    for _ in 1..n {
        black_box(reach(&map, black_box(&query)).map(|r| r.allowance).ok());
    }
}
