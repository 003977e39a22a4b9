//! Small maps drawn as text for line-of-sight tests.
#![allow(dead_code)]

use skirmish_board::square::{sketch, Square, SquareMap};

/// A sketched map (see `skirmish_board::square::sketch` for the characters).
pub fn map(rows: &[&str]) -> SquareMap {
    sketch(rows).expect("valid sketch")
}

/// Shorthand for a square.
pub fn sq(x: i32, y: i32) -> Square {
    Square::new(x, y)
}
