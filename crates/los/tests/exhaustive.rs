//! The fast verdict against the explained walk on every pair of squares of the sample maps.
//!
//! The property tests draw small random boards; these walk the real maps completely, so that a
//! speed-up of [`ClixLos::verdict`] cannot change a single answer on the maps players use.

use skirmish_board::square::{load_square_map, Marker, Square, SquareMap};
use skirmish_los::{ClixLos, Endpoint, FigureId, Occupancy, OccupancyGrid, Occupant};

fn sample(name: &str) -> SquareMap {
    let path = format!("{}/../../maps/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    load_square_map(&path).expect("sample map loads")
}

/// Figures on a scattering of squares (about one in seven), each at its square's level.
fn scattered_figures(m: &SquareMap) -> OccupancyGrid {
    let mut occ = OccupancyGrid::new(m);
    for (i, s) in m.squares().enumerate() {
        if (s.x * 5 + s.y * 3) % 7 == 0 {
            let level = m.level(s);
            occ.set(
                s,
                Some(Occupant {
                    figure: FigureId(i as u32),
                    level,
                }),
            );
        }
    }
    occ
}

/// Every ordered pair of squares of `m`, both intersection rules, with the figures on the
/// ends named (so that they do not stand in their own way) and not named; the occupancy read
/// both by index (a grid) and by square (a list).
fn all_pairs_agree(m: &SquareMap, occ: &OccupancyGrid) {
    let list: Vec<(Square, Occupant)> = m
        .squares()
        .filter_map(|s| occ.occupant(s).map(|o| (s, o)))
        .collect();
    let squares: Vec<Square> = m.squares().collect();
    let mut checked = 0usize;
    for &a in &squares {
        for &b in &squares {
            let (ea, eb) = (Endpoint::at(m, a), Endpoint::at(m, b));
            let named = |e: Endpoint| match occ.occupant(e.square) {
                Some(o) => e.with_figure(o.figure),
                None => e,
            };
            for rules in [ClixLos::HEROCLIX, ClixLos::HORRORCLIX] {
                for (ea, eb) in [(ea, eb), (named(ea), named(eb))] {
                    let full = rules.explain(m, ea, eb, occ).verdict;
                    let fast = rules.verdict(m, ea, eb, occ);
                    assert_eq!(fast, full, "{rules:?} {a} → {b}, ends {ea:?} {eb:?}");
                    assert_eq!(
                        rules.verdict(m, ea, eb, list.as_slice()),
                        full,
                        "{rules:?} {a} → {b} with a list of figures"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, squares.len() * squares.len() * 4);
}

#[test]
fn outdoor_sample_map_every_pair() {
    let m = sample("harbour-district");
    all_pairs_agree(&m, &OccupancyGrid::new(&m));
    all_pairs_agree(&m, &scattered_figures(&m));
}

#[test]
fn indoor_sample_map_every_pair() {
    let m = sample("abandoned-lab");
    all_pairs_agree(&m, &OccupancyGrid::new(&m));
    all_pairs_agree(&m, &scattered_figures(&m));
}

// Markers change the terrain a line sees (smoke hinders, debris and barriers block or hinder):
// the same check with some laid on the outdoor map.
#[test]
fn outdoor_sample_map_with_markers_every_pair() {
    let mut m = sample("harbour-district");
    let squares: Vec<Square> = m.squares().collect();
    for s in squares {
        match (s.x * 7 + s.y * 11) % 13 {
            0 => m.place_marker(s, Marker::Smoke),
            1 => m.place_marker(s, Marker::Debris),
            2 => m.place_marker(s, Marker::Barrier),
            _ => {}
        }
    }
    let occ = scattered_figures(&m);
    all_pairs_agree(&m, &occ);
}
