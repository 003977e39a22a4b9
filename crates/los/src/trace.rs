//! The exact centre-to-centre line on a square grid.

use serde::Serialize;
use skirmish_board::square::{Dir, Square};

/// How the line got from one square into the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Via {
    /// Across the edge shared with the previous square, in orthogonal direction `Dir`.
    Edge(Dir),
    /// Exactly through the corner point shared with the previous square, in diagonal direction
    /// `Dir`. The two other squares touching that point, `sides`, are *not* crossed: the rules
    /// decide what they do to the line.
    Corner {
        /// The diagonal direction of the step.
        dir: Dir,
        /// The two squares touching the corner point but not on the line.
        sides: [Square; 2],
    },
}

/// One step of the line: the square entered and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// Square entered.
    pub to: Square,
    /// Edge or corner crossed to enter it.
    pub via: Via,
}

/// The steps of the line from the centre of `from` to the centre of `to`, in order (the starting
/// square is not a step). Exact: the comparisons are done on integers, so a line through a corner
/// point is always seen as such.
pub fn trace(from: Square, to: Square) -> Vec<Step> {
    let mut out = Vec::new();
    trace_into(from, to, |s| {
        out.push(s);
        true
    });
    out
}

/// Walks the line like [`trace`], handing each step to `visit`; stops early when `visit`
/// returns false. Allocates nothing.
pub fn trace_into(from: Square, to: Square, mut visit: impl FnMut(Step) -> bool) {
    let nx = i64::from((to.x - from.x).unsigned_abs());
    let ny = i64::from((to.y - from.y).unsigned_abs());
    let sx = (to.x - from.x).signum();
    let sy = (to.y - from.y).signum();
    let dir_x = if sx > 0 { Dir::E } else { Dir::W };
    let dir_y = if sy > 0 { Dir::S } else { Dir::N };
    // The line crosses its i-th vertical grid line at t = (2i+1)/(2nx) and its j-th horizontal
    // one at t = (2j+1)/(2ny); the sign of (2i+1)·ny − (2j+1)·nx orders them exactly. That
    // difference is kept up to date as i and j grow rather than multiplied out at each step.
    let (mut i, mut j) = (0i64, 0i64);
    let mut order_term = ny - nx;
    let mut cur = from;
    while i < nx || j < ny {
        let order = if i >= nx {
            std::cmp::Ordering::Greater
        } else if j >= ny {
            std::cmp::Ordering::Less
        } else {
            order_term.cmp(&0)
        };
        let step = match order {
            std::cmp::Ordering::Less => {
                i += 1;
                order_term += 2 * ny;
                cur = Square::new(cur.x + sx, cur.y);
                Step {
                    to: cur,
                    via: Via::Edge(dir_x),
                }
            }
            std::cmp::Ordering::Greater => {
                j += 1;
                order_term -= 2 * nx;
                cur = Square::new(cur.x, cur.y + sy);
                Step {
                    to: cur,
                    via: Via::Edge(dir_y),
                }
            }
            std::cmp::Ordering::Equal => {
                i += 1;
                j += 1;
                order_term += 2 * ny - 2 * nx;
                let prev = cur;
                cur = Square::new(cur.x + sx, cur.y + sy);
                let dir = Dir::from_delta(sx, sy).unwrap_or(Dir::NE);
                Step {
                    to: cur,
                    via: Via::Corner {
                        dir,
                        sides: [
                            Square::new(prev.x + sx, prev.y),
                            Square::new(prev.x, prev.y + sy),
                        ],
                    },
                }
            }
        };
        if !visit(step) {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(x: i32, y: i32) -> Square {
        Square::new(x, y)
    }

    fn squares(from: Square, to: Square) -> Vec<Square> {
        trace(from, to).into_iter().map(|s| s.to).collect()
    }

    #[test]
    fn straight_lines_cross_edges_only() {
        assert_eq!(
            squares(sq(0, 0), sq(3, 0)),
            vec![sq(1, 0), sq(2, 0), sq(3, 0)]
        );
        assert!(trace(sq(2, 5), sq(2, 1))
            .iter()
            .all(|s| s.via == Via::Edge(Dir::N)));
    }

    #[test]
    fn pure_diagonal_goes_corner_to_corner() {
        let t = trace(sq(0, 0), sq(2, 2));
        assert_eq!(t.len(), 2);
        assert_eq!(
            t[0].via,
            Via::Corner {
                dir: Dir::SE,
                sides: [sq(1, 0), sq(0, 1)]
            }
        );
        assert_eq!(t[1].to, sq(2, 2));
    }

    #[test]
    fn shallow_lines_cross_edges_or_exact_corners() {
        // (0.5,0.5) → (2.5,1.5) crosses x=1 at y=0.75, y=1 at x=1.5, x=2 at y=1.25.
        assert_eq!(
            squares(sq(0, 0), sq(2, 1)),
            vec![sq(1, 0), sq(1, 1), sq(2, 1)]
        );
        // (0.5,0.5) → (3.5,1.5) meets the grid point (2,1) exactly.
        let t = trace(sq(0, 0), sq(3, 1));
        assert_eq!(t.len(), 3);
        assert_eq!(t[0].via, Via::Edge(Dir::E));
        assert_eq!(
            t[1].via,
            Via::Corner {
                dir: Dir::SE,
                sides: [sq(2, 0), sq(1, 1)]
            }
        );
        assert_eq!(t[2].to, sq(3, 1));
    }

    #[test]
    fn same_square_has_no_steps() {
        assert!(trace(sq(4, 4), sq(4, 4)).is_empty());
    }

    proptest::proptest! {
        #[test]
        fn line_is_connected_and_reversible(ax in 0i32..30, ay in 0i32..30, bx in 0i32..30, by in 0i32..30) {
            let (a, b) = (sq(ax, ay), sq(bx, by));
            let fwd = trace(a, b);
            let mut cur = a;
            for s in &fwd {
                proptest::prop_assert_eq!(cur.distance(s.to), 1);
                cur = s.to;
            }
            proptest::prop_assert_eq!(cur, b);
            // Walking back crosses the same squares and corners.
            let mut fwd_sq = vec![a];
            fwd_sq.extend(fwd.iter().map(|s| s.to));
            let mut back = vec![b];
            back.extend(trace(b, a).into_iter().map(|s| s.to));
            back.reverse();
            proptest::prop_assert_eq!(back, fwd_sq);
        }
    }
}
