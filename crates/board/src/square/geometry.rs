use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// One square of a square grid: column `x` from the left edge, row `y` from the top edge, both
/// counted from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Square {
    /// Column, 0 at the left edge.
    pub x: i32,
    /// Row, 0 at the top edge.
    pub y: i32,
}

impl Square {
    /// The square at column `x`, row `y`.
    pub const fn new(x: i32, y: i32) -> Self {
        Square { x, y }
    }

    /// Distance as the Clix rulebooks count it: squares, with a diagonal step counting 1
    /// (Chebyshev distance). Range counts from the square next to the attacker, so the distance
    /// between two squares is also the range needed from one to the other.
    pub fn distance(self, other: Square) -> u32 {
        (self.x - other.x)
            .unsigned_abs()
            .max((self.y - other.y).unsigned_abs())
    }

    /// The square one step away in direction `dir` (may lie off the map).
    pub fn step(self, dir: Dir) -> Square {
        let (dx, dy) = dir.delta();
        Square::new(self.x + dx, self.y + dy)
    }

    /// The direction of a single step from `self` to `other`, if they touch by an edge or corner.
    pub fn dir_to(self, other: Square) -> Option<Dir> {
        Dir::from_delta(other.x - self.x, other.y - self.y)
    }

    /// The eight squares touching this one by an edge or a corner (geometric neighbours only;
    /// whether two figures there are *adjacent* also depends on walls and elevation, see
    /// [`crate::square::SquareMap::adjacent`]).
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        Dir::ALL.into_iter().map(move |d| self.step(d))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// Error for a square written wrongly.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a square: write it as `x,y` (column, row, counted from 0), e.g. `3,12`")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads `x,y` (spaces allowed around the numbers).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseSquareError(s.to_string());
        let (a, b) = s.split_once(',').ok_or_else(err)?;
        let x = a.trim().parse::<i32>().map_err(|_| err())?;
        let y = b.trim().parse::<i32>().map_err(|_| err())?;
        Ok(Square::new(x, y))
    }
}

/// The eight directions of a square grid. North is towards row 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    /// Towards row 0.
    N,
    /// North-east.
    NE,
    /// Towards higher columns.
    E,
    /// South-east.
    SE,
    /// Towards higher rows.
    S,
    /// South-west.
    SW,
    /// Towards column 0.
    W,
    /// North-west.
    NW,
}

impl Dir {
    /// All eight directions, clockwise from north.
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];

    /// The four directions that cross an edge.
    pub const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// Column and row change of one step.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, -1),
            Dir::NE => (1, -1),
            Dir::E => (1, 0),
            Dir::SE => (1, 1),
            Dir::S => (0, 1),
            Dir::SW => (-1, 1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, -1),
        }
    }

    /// The direction whose step is `(dx, dy)`, each in -1..=1 and not both 0.
    pub const fn from_delta(dx: i32, dy: i32) -> Option<Dir> {
        Some(match (dx, dy) {
            (0, -1) => Dir::N,
            (1, -1) => Dir::NE,
            (1, 0) => Dir::E,
            (1, 1) => Dir::SE,
            (0, 1) => Dir::S,
            (-1, 1) => Dir::SW,
            (-1, 0) => Dir::W,
            (-1, -1) => Dir::NW,
            _ => return None,
        })
    }

    /// True for the four corner-crossing directions.
    pub const fn is_diagonal(self) -> bool {
        matches!(self, Dir::NE | Dir::SE | Dir::SW | Dir::NW)
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::NE => Dir::SW,
            Dir::E => Dir::W,
            Dir::SE => Dir::NW,
            Dir::S => Dir::N,
            Dir::SW => Dir::NE,
            Dir::W => Dir::E,
            Dir::NW => Dir::SE,
        }
    }

    /// For a diagonal direction, its two orthogonal components (e.g. NE → N and E).
    pub const fn components(self) -> Option<(Dir, Dir)> {
        match self {
            Dir::NE => Some((Dir::N, Dir::E)),
            Dir::SE => Some((Dir::S, Dir::E)),
            Dir::SW => Some((Dir::S, Dir::W)),
            Dir::NW => Some((Dir::N, Dir::W)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonal_counts_one() {
        assert_eq!(Square::new(0, 0).distance(Square::new(3, 3)), 3);
        assert_eq!(Square::new(0, 0).distance(Square::new(8, 2)), 8);
        assert_eq!(Square::new(5, 5).distance(Square::new(5, 5)), 0);
    }

    #[test]
    fn parse_square() {
        assert_eq!("3,12".parse::<Square>(), Ok(Square::new(3, 12)));
        assert_eq!(" 3 , 4 ".parse::<Square>(), Ok(Square::new(3, 4)));
        assert!("3;4".parse::<Square>().is_err());
        assert!("a,4".parse::<Square>().is_err());
    }

    #[test]
    fn directions_round_trip() {
        for d in Dir::ALL {
            let (dx, dy) = d.delta();
            assert_eq!(Dir::from_delta(dx, dy), Some(d));
            assert_eq!(d.opposite().opposite(), d);
            if let Some((a, b)) = d.components() {
                let (ax, ay) = a.delta();
                let (bx, by) = b.delta();
                assert_eq!((ax + bx, ay + by), (dx, dy));
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn distance_is_a_metric(ax in -50i32..50, ay in -50i32..50, bx in -50i32..50, by in -50i32..50, cx in -50i32..50, cy in -50i32..50) {
            let (a, b, c) = (Square::new(ax, ay), Square::new(bx, by), Square::new(cx, cy));
            proptest::prop_assert_eq!(a.distance(b), b.distance(a));
            proptest::prop_assert_eq!(a.distance(a), 0);
            proptest::prop_assert!(a == b || a.distance(b) > 0);
            proptest::prop_assert!(a.distance(c) <= a.distance(b) + b.distance(c));
        }
    }
}
