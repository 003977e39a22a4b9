//! The exact straight line between two hex centres.
//!
//! Rounding a floating-point line (the usual "lerp and round" recipe) silently picks a side
//! whenever the line grazes a vertex or runs along an edge, and picks it differently depending on
//! which end the line starts from. Line of sight in HeroScape and Masters of the Universe is
//! argued over exactly those cases, so this walk is done in exact integer arithmetic and reports
//! the ambiguous stretches instead of deciding them.

use serde::{Deserialize, Serialize};

use super::{Hex, HexDir};

/// One piece of the line between two hex centres, in order from the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LineStep {
    /// The line passes through the inside of this hex.
    Hex(Hex),
    /// The line runs exactly along the edge shared by these two hexes, inside neither; a line of
    /// sight rule decides whether that counts as crossing one, both or none. The pair is in
    /// ascending order ([`Hex`]'s row-major order) so that the line read backwards reports the
    /// same pair.
    Edge(Hex, Hex),
}

impl LineStep {
    /// The hexes this step touches: one for [`LineStep::Hex`], both for [`LineStep::Edge`].
    pub fn hexes(self) -> impl Iterator<Item = Hex> {
        let (a, b) = match self {
            LineStep::Hex(h) => (h, None),
            LineStep::Edge(a, b) => (a, Some(b)),
        };
        std::iter::once(a).chain(b)
    }
}

/// Cube coordinates widened so that every product below fits without overflow.
type Cube = [i128; 3];

fn cube(h: Hex) -> Cube {
    let (q, r, s) = h.cube();
    [i128::from(q), i128::from(r), i128::from(s)]
}

fn dot(a: Cube, b: Cube) -> i128 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn sub(a: Cube, b: Cube) -> Cube {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn step_cube(d: HexDir) -> Cube {
    cube(Hex::ORIGIN.neighbour(d))
}

fn ordered(a: Hex, b: Hex) -> LineStep {
    if a <= b {
        LineStep::Edge(a, b)
    } else {
        LineStep::Edge(b, a)
    }
}

/// The hexes whose inside the segment between the centres of `a` and `b` crosses, in order, with
/// a [`LineStep::Edge`] wherever the segment runs exactly along an edge between two hexes.
///
/// * The first step is `Hex(a)` and the last is `Hex(b)`; `line(a, a)` is just `[Hex(a)]`.
/// * A hex touched only at one corner point, with the line passing through the corner from one
///   of its neighbours into another, is not crossed and not reported.
/// * Edges are only ever run along when `b - a` is a multiple of one of the six "diagonal"
///   vectors (like `1,1`); then the line alternates between hexes and edge pairs.
/// * Reading the line from `b` to `a` gives exactly the reverse sequence.
///
/// Cost is proportional to the distance; the arithmetic is exact for every `i32` coordinate.
pub fn line(a: Hex, b: Hex) -> Vec<LineStep> {
    let start = cube(a);
    let dir = sub(cube(b), start);
    let dirs = HexDir::ALL.map(step_cube);
    // A centre-to-centre line meets at most two hexes per step of distance (plus edge pairs,
    // which replace hexes), so this bound only guards against an arithmetic mistake looping.
    let guard = 2 * u64::from(a.distance(b)) + 2;
    let mut out = Vec::with_capacity(2 * a.distance(b) as usize + 1);
    let mut h = a;
    let mut steps = 0u64;
    while h != b && steps <= guard {
        steps += 1;
        out.push(LineStep::Hex(h));
        // The cell of hex h is {p : dot(p - h, e) <= 1 for each of the six unit vectors e}
        // (in cube space each neighbour is at squared length 2, so the bisector sits at 1).
        // Along p(t) = start + t·dir the line leaves through the bisector it reaches first.
        let rel = sub(start, cube(h));
        let mut best: Option<(i128, i128)> = None;
        let mut exits: [usize; 2] = [usize::MAX; 2];
        let mut n_exits = 0;
        for (i, e) in dirs.iter().enumerate() {
            let den = dot(dir, *e);
            if den <= 0 {
                continue;
            }
            let num = 1 - dot(rel, *e);
            match best {
                None => {
                    best = Some((num, den));
                    exits = [i, usize::MAX];
                    n_exits = 1;
                }
                Some((bn, bd)) => {
                    let lhs = num * bd;
                    let rhs = bn * den;
                    if lhs < rhs {
                        best = Some((num, den));
                        exits = [i, usize::MAX];
                        n_exits = 1;
                    } else if lhs == rhs && n_exits == 1 {
                        exits[1] = i;
                        n_exits = 2;
                    }
                }
            }
        }
        let Some(first) = HexDir::ALL.get(exits[0]).copied() else {
            break;
        };
        h = match HexDir::ALL.get(exits[1]).copied() {
            None => h.neighbour(first),
            Some(second) => {
                // Leaving through a vertex shared with two neighbours. Past the vertex, the edge
                // between those two neighbours points along e1 + e2; which side of it the line
                // takes says which neighbour it enters, and running along it is the edge case.
                let e1 = dirs[exits[0]];
                let e2 = dirs[exits[1]];
                let side = dot(dir, sub(e2, e1));
                let n1 = h.neighbour(first);
                let n2 = h.neighbour(second);
                match side.signum() {
                    1 => n2,
                    -1 => n1,
                    _ => {
                        out.push(ordered(n1, n2));
                        n1.neighbour(second)
                    }
                }
            }
        };
    }
    out.push(LineStep::Hex(b));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hexes_only(steps: &[LineStep]) -> Vec<Hex> {
        steps
            .iter()
            .filter_map(|s| match s {
                LineStep::Hex(h) => Some(*h),
                LineStep::Edge(..) => None,
            })
            .collect()
    }

    #[test]
    fn straight_along_a_row() {
        let l = line(Hex::new(0, 0), Hex::new(3, 0));
        assert_eq!(
            hexes_only(&l),
            vec![
                Hex::new(0, 0),
                Hex::new(1, 0),
                Hex::new(2, 0),
                Hex::new(3, 0)
            ]
        );
        assert_eq!(l.len(), 4);
    }

    #[test]
    fn same_hex() {
        assert_eq!(
            line(Hex::new(2, 2), Hex::new(2, 2)),
            vec![LineStep::Hex(Hex::new(2, 2))]
        );
    }

    #[test]
    fn diagonal_runs_along_edges() {
        // 0,0 to 1,1 passes between 1,0 and 0,1 exactly.
        let l = line(Hex::new(0, 0), Hex::new(1, 1));
        assert_eq!(
            l,
            vec![
                LineStep::Hex(Hex::new(0, 0)),
                LineStep::Edge(Hex::new(1, 0), Hex::new(0, 1)),
                LineStep::Hex(Hex::new(1, 1)),
            ]
        );
        let l = line(Hex::new(0, 0), Hex::new(2, -4));
        assert_eq!(l.len(), 5);
        assert!(matches!(l[1], LineStep::Edge(..)));
        assert!(matches!(l[3], LineStep::Edge(..)));
    }

    #[test]
    fn through_a_vertex_without_an_edge() {
        // 0,0 to 4,1 passes through the vertex shared by 1,0 / 2,0 / 1,1 at a third of the way,
        // touching 1,1 at that point only.
        let l = line(Hex::new(0, 0), Hex::new(4, 1));
        assert!(l.iter().all(|s| matches!(s, LineStep::Hex(_))));
        let hs = hexes_only(&l);
        for w in hs.windows(2) {
            assert_eq!(w[0].distance(w[1]), 1);
        }
        let mut back = hexes_only(&line(Hex::new(4, 1), Hex::new(0, 0)));
        back.reverse();
        assert_eq!(hs, back);
    }

    #[test]
    fn extreme_coordinates_do_not_overflow() {
        let a = Hex::new(i32::MAX - 3, i32::MIN + 3);
        let l = line(a, a + Hex::new(-2, 2));
        assert_eq!(l.len(), 3);
    }
}
