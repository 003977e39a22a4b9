//! Axial hex coordinates, the six edge directions, distances, rings and pixel positions.
//!
//! Every board this engine draws is **pointy-top** (a vertex at the top of each hex, rows of hexes
//! running east–west): the Masters of the Universe board is printed that way (rows of 29/30 hexes)
//! and the HeroScape map editors whose files we import lay tiles out the same way. Screen `y`
//! grows downwards, so `r` grows towards the bottom of the page and "clockwise" is clockwise as
//! seen on screen.

use std::fmt;
use std::ops::{Add, Sub};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// √3, spelled out because `f64::sqrt` is not `const`.
const SQRT_3: f64 = 1.732_050_807_568_877_2;

/// Number of hexes within `radius` steps, as a capacity hint: saturating, and capped so that an
/// absurd radius fails by growing the vector (where the cost is plainly the caller's) rather than
/// by overflowing here.
fn area_hint(radius: u32) -> usize {
    let r = u64::from(radius);
    let n = (3 * r).saturating_mul(r + 1).saturating_add(1);
    usize::try_from(n.min(1 << 20)).unwrap_or(1 << 20)
}

/// One hex, in axial coordinates: `q` grows towards the east, `r` towards the south-east row
/// below. The third cube coordinate is `s = -q - r` (see [`Hex::s`]).
///
/// Coordinates are plain `i32`; the arithmetic here wraps instead of panicking, so hexes within
/// ±2³⁰ of each other behave exactly and nothing ever aborts on extreme values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Hex {
    /// Column-like axis, growing east.
    pub q: i32,
    /// Row: growing downwards (south).
    pub r: i32,
}

/// Row-major order (by `r`, then `q`), the reading order of a printed map, so sorted hexes and
/// map iteration list a board top to bottom, left to right.
impl Ord for Hex {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.r, self.q).cmp(&(other.r, other.q))
    }
}

impl PartialOrd for Hex {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Which rows an offset (column, row) grid pushes half a hex to the east, counting rows from 0.
///
/// Offset coordinates are how people number printed boards (the Masters of the Universe board
/// letters rows and numbers hexes along them); axial coordinates are what the maths wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum RowShift {
    /// Rows 1, 3, 5… sit half a hex further east than rows 0, 2, 4… ("odd-r").
    #[default]
    Odd,
    /// Rows 0, 2, 4… sit half a hex further east than rows 1, 3, 5… ("even-r").
    Even,
}

impl RowShift {
    /// The name used in map files.
    pub const fn name(self) -> &'static str {
        match self {
            RowShift::Odd => "odd",
            RowShift::Even => "even",
        }
    }
}

impl Hex {
    /// The hex at the origin, `0,0`.
    pub const ORIGIN: Hex = Hex { q: 0, r: 0 };

    /// The hex at axial `q`, `r`.
    pub const fn new(q: i32, r: i32) -> Self {
        Hex { q, r }
    }

    /// The third cube coordinate, `-q - r`.
    pub const fn s(self) -> i32 {
        0i32.wrapping_sub(self.q).wrapping_sub(self.r)
    }

    /// Cube coordinates `(q, r, s)`, which always sum to 0.
    pub const fn cube(self) -> (i32, i32, i32) {
        (self.q, self.r, self.s())
    }

    /// The hex with cube coordinates `(q, r, s)`, or `None` if they do not sum to 0.
    pub fn from_cube(q: i32, r: i32, s: i32) -> Option<Hex> {
        (i64::from(q) + i64::from(r) + i64::from(s) == 0).then_some(Hex { q, r })
    }

    /// Number of single steps between the two hexes: the range of the HeroScape and MotU rules
    /// ("count the hexes"), independent of elevation.
    pub fn distance(self, other: Hex) -> u32 {
        let dq = i64::from(self.q) - i64::from(other.q);
        let dr = i64::from(self.r) - i64::from(other.r);
        let ds = -dq - dr;
        let d = (dq.abs() + dr.abs() + ds.abs()) / 2;
        u32::try_from(d).unwrap_or(u32::MAX)
    }

    /// The hex next to this one across the edge in direction `dir` (it may lie off any map).
    pub const fn neighbour(self, dir: HexDir) -> Hex {
        let (dq, dr) = dir.delta();
        Hex {
            q: self.q.wrapping_add(dq),
            r: self.r.wrapping_add(dr),
        }
    }

    /// The six hexes sharing an edge with this one, in [`HexDir::ALL`] order (clockwise from
    /// east). Whether figures on them are *adjacent* in a game also depends on heights and
    /// terrain, which the rules crates decide.
    pub fn neighbours(self) -> [Hex; 6] {
        HexDir::ALL.map(|d| self.neighbour(d))
    }

    /// The direction from this hex to `other` if they share an edge.
    pub fn direction_to(self, other: Hex) -> Option<HexDir> {
        let d = other - self;
        HexDir::from_delta(d.q, d.r)
    }

    /// The `6·radius` hexes at exactly `radius` steps (just this hex for radius 0), clockwise
    /// starting from the hex `radius` steps due east.
    pub fn ring(self, radius: u32) -> Vec<Hex> {
        if radius == 0 {
            return vec![self];
        }
        let mut out =
            Vec::with_capacity(area_hint(radius).min(6usize.saturating_mul(radius as usize)));
        let r = radius as i32;
        let (dq, dr) = HexDir::E.delta();
        let mut h = Hex::new(
            self.q.wrapping_add(dq.wrapping_mul(r)),
            self.r.wrapping_add(dr.wrapping_mul(r)),
        );
        // Walking clockwise from the east corner, the sides run SW, W, NW, NE, E, SE.
        let mut dir = HexDir::SW;
        for _ in 0..6 {
            for _ in 0..radius {
                out.push(h);
                h = h.neighbour(dir);
            }
            dir = dir.rotate_cw();
        }
        out
    }

    /// Every hex within `radius` steps, ring by ring outwards from this one (the spiral order a
    /// template or an area effect wants to try nearest hexes first).
    pub fn spiral(self, radius: u32) -> Vec<Hex> {
        let mut out = Vec::with_capacity(area_hint(radius));
        for k in 0..=radius {
            out.extend(self.ring(k));
        }
        out
    }

    /// Every hex within `radius` steps, in row-major order (same set as [`Hex::spiral`]).
    pub fn range(self, radius: u32) -> Vec<Hex> {
        let n = i64::from(radius);
        let mut out = Vec::with_capacity(area_hint(radius));
        for dr in -n..=n {
            let lo = (-n).max(-dr - n);
            let hi = n.min(-dr + n);
            for dq in lo..=hi {
                out.push(Hex::new(
                    (i64::from(self.q) + dq) as i32,
                    (i64::from(self.r) + dr) as i32,
                ));
            }
        }
        out
    }

    /// The hex at offset column `col`, row `row` of a grid whose row 0 column 0 is the origin
    /// and whose `shift` rows sit half a hex east.
    pub fn from_offset(col: i32, row: i32, shift: RowShift) -> Hex {
        let row64 = i64::from(row);
        let back = match shift {
            RowShift::Odd => row64.div_euclid(2),
            RowShift::Even => (row64 + 1).div_euclid(2),
        };
        Hex::new((i64::from(col) - back) as i32, row)
    }

    /// Offset `(col, row)` of this hex in a grid laid out as for [`Hex::from_offset`].
    pub fn to_offset(self, shift: RowShift) -> (i32, i32) {
        let row64 = i64::from(self.r);
        let back = match shift {
            RowShift::Odd => row64.div_euclid(2),
            RowShift::Even => (row64 + 1).div_euclid(2),
        };
        ((i64::from(self.q) + back) as i32, self.r)
    }

    /// Centre of the hex in pixels, pointy-top, for hexes of circumradius `size` (centre to
    /// vertex), with the centre of `0,0` at `(0, 0)` and `y` growing downwards.
    pub fn to_pixel(self, size: f64) -> (f64, f64) {
        let q = f64::from(self.q);
        let r = f64::from(self.r);
        (size * SQRT_3 * (q + r / 2.0), size * 1.5 * r)
    }

    /// The hex containing pixel `(x, y)` (inverse of [`Hex::to_pixel`]), for picking with a
    /// mouse. Floating point is fine here: a point exactly on an edge may go either way.
    pub fn from_pixel(x: f64, y: f64, size: f64) -> Hex {
        if !(size.is_finite() && size > 0.0) {
            return Hex::ORIGIN;
        }
        let q = (SQRT_3 / 3.0 * x - y / 3.0) / size;
        let r = (2.0 / 3.0 * y) / size;
        let s = -q - r;
        let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
        let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
        if dq > dr && dq > ds {
            rq = -rr - rs;
        } else if dr > ds {
            rr = -rq - rs;
        }
        // `as` saturates (and maps NaN to 0), which is what an off-board click deserves.
        Hex::new(rq as i32, rr as i32)
    }

    /// The six corners in pixels for hexes of circumradius `size`, clockwise starting from the
    /// north-east corner (the one between the [`HexDir::NE`] and [`HexDir::E`] edges).
    pub fn corners(self, size: f64) -> [(f64, f64); 6] {
        let (cx, cy) = self.to_pixel(size);
        let h = size * SQRT_3 / 2.0;
        let half = size / 2.0;
        [
            (cx + h, cy - half),
            (cx + h, cy + half),
            (cx, cy + size),
            (cx - h, cy + half),
            (cx - h, cy - half),
            (cx, cy - size),
        ]
    }

    /// The exact line between the centres of this hex and `other`: see [`crate::hex::line`].
    pub fn line_to(self, other: Hex) -> Vec<crate::hex::LineStep> {
        crate::hex::line(self, other)
    }
}

impl Add for Hex {
    type Output = Hex;

    /// Vector addition of axial coordinates (wrapping).
    fn add(self, rhs: Hex) -> Hex {
        Hex::new(self.q.wrapping_add(rhs.q), self.r.wrapping_add(rhs.r))
    }
}

impl Sub for Hex {
    type Output = Hex;

    /// Vector difference of axial coordinates (wrapping).
    fn sub(self, rhs: Hex) -> Hex {
        Hex::new(self.q.wrapping_sub(rhs.q), self.r.wrapping_sub(rhs.r))
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.q, self.r)
    }
}

/// Error for a hex written wrongly.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a hex: write it as `q,r` (axial coordinates), e.g. `3,-2`")]
pub struct ParseHexError(pub String);

impl FromStr for Hex {
    type Err = ParseHexError;

    /// Reads `q,r` (spaces allowed around the numbers).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseHexError(s.to_string());
        let (a, b) = s.split_once(',').ok_or_else(err)?;
        let q = a.trim().parse::<i32>().map_err(|_| err())?;
        let r = b.trim().parse::<i32>().map_err(|_| err())?;
        Ok(Hex::new(q, r))
    }
}

/// The six edge directions of a pointy-top hex, in clockwise order from east. A pointy-top hex
/// has no north or south edge: those are vertices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HexDir {
    /// East: `q + 1`.
    E,
    /// South-east: `r + 1`.
    SE,
    /// South-west: `q - 1, r + 1`.
    SW,
    /// West: `q - 1`.
    W,
    /// North-west: `r - 1`.
    NW,
    /// North-east: `q + 1, r - 1`.
    NE,
}

impl HexDir {
    /// All six directions, clockwise from east. The index of a direction in this array is its
    /// [`HexDir::index`], which is also the rotation number used by HeroScape map editors.
    pub const ALL: [HexDir; 6] = [
        HexDir::E,
        HexDir::SE,
        HexDir::SW,
        HexDir::W,
        HexDir::NW,
        HexDir::NE,
    ];

    /// Axial `(dq, dr)` of one step.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            HexDir::E => (1, 0),
            HexDir::SE => (0, 1),
            HexDir::SW => (-1, 1),
            HexDir::W => (-1, 0),
            HexDir::NW => (0, -1),
            HexDir::NE => (1, -1),
        }
    }

    /// The direction whose step is `(dq, dr)`, if it is one of the six.
    pub const fn from_delta(dq: i32, dr: i32) -> Option<HexDir> {
        Some(match (dq, dr) {
            (1, 0) => HexDir::E,
            (0, 1) => HexDir::SE,
            (-1, 1) => HexDir::SW,
            (-1, 0) => HexDir::W,
            (0, -1) => HexDir::NW,
            (1, -1) => HexDir::NE,
            _ => return None,
        })
    }

    /// Position in [`HexDir::ALL`]: 0 for east, then clockwise.
    pub const fn index(self) -> u8 {
        match self {
            HexDir::E => 0,
            HexDir::SE => 1,
            HexDir::SW => 2,
            HexDir::W => 3,
            HexDir::NW => 4,
            HexDir::NE => 5,
        }
    }

    /// The direction at position `i % 6` of [`HexDir::ALL`].
    pub const fn from_index(i: u8) -> HexDir {
        HexDir::ALL[(i % 6) as usize]
    }

    /// The next direction clockwise (60° turn).
    pub const fn rotate_cw(self) -> HexDir {
        HexDir::from_index(self.index() + 1)
    }

    /// The next direction counter-clockwise (60° turn).
    pub const fn rotate_ccw(self) -> HexDir {
        HexDir::from_index(self.index() + 5)
    }

    /// Turned clockwise by `steps` sixths of a turn.
    pub const fn rotate_cw_by(self, steps: u8) -> HexDir {
        HexDir::from_index(self.index() + steps % 6)
    }

    /// The opposite direction.
    pub const fn opposite(self) -> HexDir {
        HexDir::from_index(self.index() + 3)
    }

    /// The short lowercase name used in map files (`e`, `se`, `sw`, `w`, `nw`, `ne`).
    pub const fn name(self) -> &'static str {
        match self {
            HexDir::E => "e",
            HexDir::SE => "se",
            HexDir::SW => "sw",
            HexDir::W => "w",
            HexDir::NW => "nw",
            HexDir::NE => "ne",
        }
    }
}

impl fmt::Display for HexDir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error for a direction written wrongly.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a hex direction: use e, se, sw, w, nw or ne (or east, south-east, …)")]
pub struct ParseHexDirError(pub String);

impl FromStr for HexDir {
    type Err = ParseHexDirError;

    /// Reads a short (`ne`) or long (`north-east`, `northeast`, `north_east`) name, in any case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let key: String = s
            .trim()
            .chars()
            .filter(|c| !matches!(c, '-' | '_' | ' '))
            .flat_map(char::to_lowercase)
            .collect();
        Ok(match key.as_str() {
            "e" | "east" => HexDir::E,
            "se" | "southeast" => HexDir::SE,
            "sw" | "southwest" => HexDir::SW,
            "w" | "west" => HexDir::W,
            "nw" | "northwest" => HexDir::NW,
            "ne" | "northeast" => HexDir::NE,
            _ => return Err(ParseHexDirError(s.to_string())),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cube_coordinates_sum_to_zero() {
        let h = Hex::new(3, -5);
        assert_eq!(h.cube(), (3, -5, 2));
        assert_eq!(Hex::from_cube(3, -5, 2), Some(h));
        assert_eq!(Hex::from_cube(3, -5, 1), None);
    }

    #[test]
    fn distances() {
        let o = Hex::ORIGIN;
        assert_eq!(o.distance(Hex::new(3, 0)), 3);
        assert_eq!(o.distance(Hex::new(2, -4)), 4);
        assert_eq!(o.distance(Hex::new(-1, 2)), 2);
        assert_eq!(
            Hex::new(i32::MIN, 0).distance(Hex::new(i32::MAX, 0)),
            u32::MAX
        );
    }

    #[test]
    fn directions_invert() {
        for d in HexDir::ALL {
            let (dq, dr) = d.delta();
            assert_eq!(HexDir::from_delta(dq, dr), Some(d));
            assert_eq!(d.opposite().delta(), (-dq, -dr));
            assert_eq!(d.rotate_cw().rotate_ccw(), d);
            assert_eq!(d.name().parse::<HexDir>(), Ok(d));
            assert_eq!(Hex::ORIGIN.direction_to(Hex::ORIGIN.neighbour(d)), Some(d));
        }
        assert_eq!("North-East".parse::<HexDir>(), Ok(HexDir::NE));
        assert!("n".parse::<HexDir>().is_err());
    }

    #[test]
    fn clockwise_on_screen() {
        // With y down, turning clockwise from east must head towards larger y first.
        let (_, y_e) = Hex::ORIGIN.neighbour(HexDir::E).to_pixel(1.0);
        let (_, y_se) = Hex::ORIGIN.neighbour(HexDir::E.rotate_cw()).to_pixel(1.0);
        assert!(y_se > y_e);
    }

    #[test]
    fn ring_starts_east_and_walks_clockwise() {
        let ring = Hex::ORIGIN.ring(2);
        assert_eq!(ring.len(), 12);
        assert_eq!(ring[0], Hex::new(2, 0));
        assert_eq!(ring[1], Hex::new(1, 1));
        for w in ring.windows(2) {
            assert_eq!(w[0].distance(w[1]), 1);
        }
        assert_eq!(ring[11].distance(ring[0]), 1);
    }

    #[test]
    fn spiral_and_range_agree() {
        let mut s = Hex::new(4, -1).spiral(3);
        let r = Hex::new(4, -1).range(3);
        assert_eq!(s.len(), 37);
        s.sort();
        assert_eq!(s, r);
    }

    #[test]
    fn parse_and_display() {
        assert_eq!("3,-2".parse::<Hex>(), Ok(Hex::new(3, -2)));
        assert_eq!(" 3 , 4 ".parse::<Hex>(), Ok(Hex::new(3, 4)));
        assert!("3;4".parse::<Hex>().is_err());
        assert!("3,4,5".parse::<Hex>().is_err());
        assert_eq!(Hex::new(-7, 12).to_string(), "-7,12");
    }

    #[test]
    fn offset_round_trip() {
        for shift in [RowShift::Odd, RowShift::Even] {
            for row in -5..5 {
                for col in -5..5 {
                    let h = Hex::from_offset(col, row, shift);
                    assert_eq!(h.to_offset(shift), (col, row));
                }
            }
        }
        // Odd rows sit half a hex east in odd-r.
        let (x0, _) = Hex::from_offset(0, 0, RowShift::Odd).to_pixel(1.0);
        let (x1, _) = Hex::from_offset(0, 1, RowShift::Odd).to_pixel(1.0);
        assert!((x1 - x0 - SQRT_3 / 2.0).abs() < 1e-9);
        let (x1, _) = Hex::from_offset(0, 1, RowShift::Even).to_pixel(1.0);
        assert!((x0 - x1 - SQRT_3 / 2.0).abs() < 1e-9);
    }

    #[test]
    fn pixel_round_trip() {
        for h in Hex::new(2, 3).range(4) {
            let (x, y) = h.to_pixel(10.0);
            assert_eq!(Hex::from_pixel(x, y, 10.0), h);
            for (cx, cy) in h.corners(10.0) {
                let d = ((cx - x).powi(2) + (cy - y).powi(2)).sqrt();
                assert!((d - 10.0).abs() < 1e-9);
            }
        }
        assert_eq!(Hex::from_pixel(f64::NAN, 0.0, 10.0), Hex::ORIGIN);
    }
}
