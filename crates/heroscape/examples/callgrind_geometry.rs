//! Runs one of the geometry benchmarks' calls a given number of times, for instruction counts
//! under callgrind (`scripts/callgrind-heroscape.sh`): timings on a shared machine vary with
//! load, instruction counts do not.
//!
//! Usage: `callgrind_geometry reach|double|los|real-reach|real-double|real-los N` (`real-`: on
//! *Table des géants* from the shared data) — prints what one call finds (`visited` is the
//! search's states for moves, `crossed` the hexes of the line), then calls it N more times.

use std::hint::black_box;

use skirmish_heroscape::grid::Grid;
use skirmish_heroscape::movement::{reach, MoveQuery};
use skirmish_heroscape::sight::line_of_sight;

#[path = "../benches/field/mod.rs"]
mod field;

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().unwrap_or_else(|| "reach".into());
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let battlefield = field::field();
    let grid = Grid::new(&battlefield);
    let others = field::others();
    let (a, d, figures) = field::duel();
    let movers = [field::single_mover(), field::double_mover(), a, d];
    assert!(field::all_stand(&battlefield, &figures) && field::all_stand(&battlefield, &movers));
    if n == 0 {
        // The setup alone, so that the script can subtract it.
        println!("visited 0 destinations 0");
        return;
    }
    if let Some(real) = what.strip_prefix("real-") {
        let field = field::giants_table().expect("Table_des_geants.hsc in the shared data");
        let grid = Grid::new(&field);
        let (single, double, defender) = field::real_movers(&field).expect("start zones");
        if real == "los" {
            let s = line_of_sight(&grid, &single, &defender, &[]);
            println!(
                "crossed {} clear {} blockers {}",
                s.crossed.len(),
                s.clear,
                s.blockers.len()
            );
            for _ in 1..n {
                black_box(
                    line_of_sight(&grid, black_box(&single), black_box(&defender), &[]).clear,
                );
            }
        } else {
            let mover = if real == "double" { double } else { single };
            let q = MoveQuery::new(mover, 5, &[]);
            let r = reach(&grid, &q);
            println!(
                "visited {} destinations {}",
                r.visited(),
                r.destinations().len()
            );
            for _ in 1..n {
                black_box(reach(&grid, black_box(&q)).destinations().len());
            }
        }
        return;
    }
    match what.as_str() {
        "reach" | "double" => {
            let mover = if what == "reach" {
                field::single_mover()
            } else {
                field::double_mover()
            };
            let q = MoveQuery::new(mover, 5, &others);
            let r = reach(&grid, &q);
            println!(
                "visited {} destinations {}",
                r.visited(),
                r.destinations().len()
            );
            for _ in 1..n {
                black_box(reach(&grid, black_box(&q)).destinations().len());
            }
        }
        _ => {
            let s = line_of_sight(&grid, &a, &d, &figures);
            println!(
                "crossed {} clear {} blockers {}",
                s.crossed.len(),
                s.clear,
                s.blockers.len()
            );
            for b in &s.blockers {
                eprintln!("{b:?}");
            }
            for _ in 1..n {
                black_box(line_of_sight(&grid, black_box(&a), black_box(&d), &figures).clear);
            }
        }
    }
}
