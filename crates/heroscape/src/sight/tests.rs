//! Line of sight, range and height advantage: rulebook examples 16 and 17 and the model's cases.

use super::*;
use crate::battlefield::Obstacle;
use crate::testing::{fig, fig2, Field};

fn row_field(len: i32) -> Field {
    let mut f = Field::new();
    f.row(0, 0, len, 1);
    f
}

#[test]
fn flat_ground_is_clear() {
    let grid = row_field(6).grid();
    let a = fig(1, 1, Body::single(5), 0, 0, 1);
    let d = fig(2, 2, Body::single(5), 4, 0, 1);
    let s = line_of_sight(&grid, &a, &d, &[]);
    assert!(s.clear);
    assert!(s.blockers.is_empty());
    assert_eq!(
        s.crossed,
        (0..=4).map(|q| Hex::new(q, 0)).collect::<Vec<_>>()
    );
    assert!(
        (s.from.z - 5.5).abs() < 1e-9,
        "target point half a level under the top"
    );
}

#[test]
fn a_tall_column_blocks_and_a_low_one_hides_only_the_bottom() {
    let mut f = Field::new();
    f.row(0, 0, 1, 1).land(2, 0, 20).row(0, 3, 5, 1);
    let grid = f.grid();
    let a = fig(1, 1, Body::single(5), 0, 0, 1);
    let d = fig(2, 2, Body::single(5), 4, 0, 1);
    let s = line_of_sight(&grid, &a, &d, &[]);
    assert!(!s.clear);
    assert!(matches!(
        s.blockers[..],
        [Blocker::Terrain {
            hex: Hex { q: 2, r: 0 },
            top: 20,
            ..
        }]
    ));
    let mut f = Field::new();
    f.row(0, 0, 1, 1).land(2, 0, 4).row(0, 3, 5, 1);
    let grid = f.grid();
    let s = line_of_sight(&grid, &a, &d, &[]);
    assert!(s.clear);
    assert_eq!(s.blockers.len(), 1);
    let [lo, hi] = s.blockers[0].hides();
    assert!(
        (lo - 2.0).abs() < 1e-9 && hi > 2.0 && hi < 5.0,
        "hides {lo}..{hi}"
    );
    assert!(s.to.z > hi);
}

/// Example 16: Syvarris is 6 hexes away, within the Marro warrior's range; Tarn the Viking stands
/// in the way but hides only part of Syvarris' hit zone.
#[test]
fn example_16_range_and_a_figure_in_the_way() {
    let mut f = Field::new();
    f.land(0, 0, 3).row(0, 1, 6, 1);
    let grid = f.grid();
    let marro = fig(1, 1, Body::single(4), 0, 0, 3);
    let syvarris = fig(2, 2, Body::single(5), 6, 0, 1);
    let tarn = fig(3, 2, Body::single(5), 1, 0, 1);
    assert_eq!(range(&grid, &marro.at, &syvarris.at), Some(6));
    let s = line_of_sight(&grid, &marro, &syvarris, &[tarn]);
    assert!(s.clear, "{s:?}");
    let [lo, hi] = s.blockers[0].hides();
    assert!(matches!(
        s.blockers[0],
        Blocker::Figure {
            id: FigureId(3),
            ..
        }
    ));
    assert!(
        (lo - 2.0).abs() < 1e-9 && hi < 5.0,
        "Tarn hides {lo}..{hi} of 2..5"
    );
    // Next to Syvarris, Tarn hides all of him.
    let tarn = fig(3, 2, Body::single(5), 5, 0, 1);
    let s = line_of_sight(&grid, &marro, &syvarris, &[tarn]);
    assert!(!s.clear);
    assert!(matches!(
        s.blockers[..],
        [Blocker::Figure {
            id: FigureId(3),
            ..
        }]
    ));
    // The attacker and the defender never block themselves.
    let s = line_of_sight(&grid, &marro, &syvarris, &[marro, syvarris]);
    assert!(s.clear && s.blockers.is_empty());
}

#[test]
fn the_edge_of_a_plateau_hides_the_foot_of_its_cliff() {
    let mut f = Field::new();
    f.row(0, 0, 2, 7).row(0, 3, 5, 1);
    let grid = f.grid();
    let d = fig(2, 2, Body::single(5), 3, 0, 1);
    let back = fig(1, 1, Body::single(5), 0, 0, 7);
    let s = line_of_sight(&grid, &back, &d, &[]);
    assert!(!s.clear);
    assert!(s.blockers.iter().any(|b| matches!(
        b,
        Blocker::Terrain {
            hex: Hex { q: 2, r: 0 },
            ..
        }
    )));
    let edge = fig(1, 1, Body::single(5), 2, 0, 7);
    assert!(line_of_sight(&grid, &edge, &d, &[]).clear);
}

#[test]
fn a_bridge_over_the_attacker_hides_what_is_high_above() {
    let mut f = Field::new();
    f.land(0, 0, 1)
        .over(0, 0, 7, 8)
        .land(1, 0, 1)
        .land(2, 0, 25);
    let grid = f.grid();
    let a = fig(1, 1, Body::single(5), 0, 0, 1);
    let d = fig(2, 2, Body::single(5), 2, 0, 25);
    let s = line_of_sight(&grid, &a, &d, &[]);
    assert!(!s.clear);
    assert!(matches!(
        s.blockers[..],
        [
            Blocker::Terrain {
                hex: Hex { q: 0, r: 0 },
                bottom: 7,
                ..
            },
            ..
        ]
    ));
}

/// A line running exactly along the edge between two hexes is blocked only where both block.
#[test]
fn a_line_along_an_edge_needs_both_sides_blocked() {
    let mut f = Field::new();
    for (q, r) in [(0, 0), (1, 1), (0, 1), (1, 0)] {
        f.land(q, r, 1);
    }
    f.obstacle(1, 0, 1, 20, Obstacle::Tree);
    let grid = f.grid();
    let a = fig(1, 1, Body::single(5), 0, 0, 1);
    let d = fig(2, 2, Body::single(5), 1, 1, 1);
    let s = line_of_sight(&grid, &a, &d, &[]);
    assert!(s.clear, "one tree beside the line: {s:?}");
    assert!(s.crossed.contains(&Hex::new(1, 0)) && s.crossed.contains(&Hex::new(0, 1)));
    let mut f = Field::new();
    for (q, r) in [(0, 0), (1, 1), (0, 1), (1, 0)] {
        f.land(q, r, 1);
    }
    f.obstacle(1, 0, 1, 20, Obstacle::Tree)
        .obstacle(0, 1, 1, 20, Obstacle::Ruin);
    let grid = f.grid();
    assert!(!line_of_sight(&grid, &a, &d, &[]).clear);
}

#[test]
fn a_double_space_figure_looks_from_either_hex() {
    let mut f = Field::new();
    f.row(0, 0, 5, 1).row(1, 0, 5, 1);
    for q in 1..=3 {
        f.obstacle(q, 0, 1, 20, Obstacle::Ruin);
    }
    let grid = f.grid();
    let d = fig(2, 2, Body::single(5), 4, 1, 1);
    let blocked = fig(1, 1, Body::single(5), 0, 0, 1);
    assert!(!line_of_sight(&grid, &blocked, &d, &[]).clear);
    let dragon = fig2(1, 1, Body::double(9), Hex::new(0, 0), Hex::new(0, 1), 1);
    let s = line_of_sight(&grid, &dragon, &d, &[]);
    assert!(s.clear);
    assert_eq!(s.from.hex, Hex::new(0, 1));
}

/// Range counts hexes ignoring height, around missing hexes, to a double-space figure's
/// nearest hex.
#[test]
fn range_follows_the_battlefield() {
    let mut f = Field::new();
    for (q, r) in [(0, 0), (0, 1), (0, 2), (1, 2), (2, 1), (2, 0)] {
        f.land(q, r, 1);
    }
    f.land(2, 2, 30);
    let grid = f.grid();
    let a = Placement::single(Hex::new(0, 0), 1);
    let b = Placement::single(Hex::new(2, 0), 1);
    assert_eq!(Hex::new(0, 0).distance(Hex::new(2, 0)), 2);
    assert_eq!(range(&grid, &a, &b), Some(5));
    let high = Placement::single(Hex::new(2, 2), 30);
    assert_eq!(range(&grid, &a, &high), Some(4), "height is not counted");
    let double = Placement::double(Hex::new(2, 0), Hex::new(2, 1), 1);
    assert_eq!(range(&grid, &a, &double), Some(4));
    let off = Placement::single(Hex::new(9, 9), 1);
    assert_eq!(range(&grid, &a, &off), None);
}

/// Example 17: Syvarris stands a little higher than the Marro warrior attacking him: one more
/// defence die. Ten levels or more: two.
#[test]
fn example_17_height_advantage() {
    assert_eq!(
        height_advantage(1, 2),
        HeightAdvantage {
            attack: 0,
            defence: 1
        }
    );
    assert_eq!(height_advantage(5, 1).attack, 1);
    assert_eq!(height_advantage(11, 1).attack, 2);
    assert_eq!(height_advantage(10, 1).attack, 1);
    assert_eq!(height_advantage(1, 15).defence, 2);
    assert_eq!(height_advantage(3, 3), HeightAdvantage::default());
}
