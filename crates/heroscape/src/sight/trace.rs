//! A line of sight drawn for people (the judge's `los`): the one segment the verdict is about,
//! from the attacker's target point to a point of the defender's hit zone, the height of that
//! segment over every hex it crosses, and where it is first stopped and by what.
//!
//! The verdict ([`line_of_sight`](super::line_of_sight)) looks at every segment to the hit zone
//! at once. To show one, the trace takes the segment the verdict names: to the highest point
//! seen when the line is clear, to the middle of the hit zone when it is blocked (every segment
//! is then stopped somewhere, and the middle one is the one players look along).

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;

use super::{centre, clip, Blocker, Point, Sight, EPS};
use crate::battlefield::Level;
use crate::body::Standing;
use crate::grid::Grid;

/// The segment over one hex it crosses.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Crossing {
    /// The hex.
    pub hex: Hex,
    /// The part of the way from the attacker (0) to the defender (1) over the hex.
    pub span: [f64; 2],
    /// Height of the segment where it enters the hex, in levels.
    pub enter: f64,
    /// Height of the segment where it leaves the hex, in levels.
    pub leave: f64,
    /// The level a figure stands at on top of the hex (`None`: nothing to stand on at the top,
    /// an obstacle).
    pub ground: Option<Level>,
    /// The highest level anything in the hex reaches.
    pub top: Level,
}

/// Where the traced segment is first stopped.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stop {
    /// The hex it is stopped in (for a wall, the hex on the attacker's side of it).
    pub hex: Hex,
    /// The fraction of the way from the attacker to the defender.
    pub at: f64,
    /// The segment's height there, in levels.
    pub z: f64,
    /// What stops it.
    pub blocker: Blocker,
    /// The levels what stops it fills, bottom and top.
    pub levels: [f64; 2],
}

/// A line of sight as a segment in space.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Trace {
    /// The attacker's target point.
    pub from: Point,
    /// The point of the hit zone the segment goes to.
    pub to: Point,
    /// The hit zone, lowest and highest point, in levels above the table.
    pub hit_zone: [f64; 2],
    /// The hexes crossed, from the attacker's to the defender's, each once.
    pub crossings: Vec<Crossing>,
    /// Where the segment is first stopped (`None` for a clear line).
    pub stop: Option<Stop>,
}

/// The segment of `sight` as people are shown it; `defender` is the figure seen and `others`
/// the figures that may stand in the way (the ones the verdict was given).
pub fn trace(grid: &Grid, sight: &Sight, defender: &Standing, others: &[Standing]) -> Trace {
    let spot = defender
        .at
        .spots()
        .find(|s| s.hex == sight.to.hex)
        .unwrap_or(defender.at.head);
    let base = f64::from(spot.level);
    let hit_zone = [
        base + f64::from(defender.body.hit_zone[0]) / 10.0,
        base + f64::from(defender.body.hit_zone[1]) / 10.0,
    ];
    let (p, q) = (centre(sight.from.hex), centre(sight.to.hex));
    let (zp, zq) = (sight.from.z, sight.to.z);
    let height = |u: f64| zp + (zq - zp) * u;
    let mut crossings: Vec<Crossing> = Vec::with_capacity(sight.crossed.len());
    for &h in &sight.crossed {
        if crossings.iter().any(|c| c.hex == h) {
            continue;
        }
        let (u0, u1) = clip(h, p, q).unwrap_or((0.0, 0.0));
        let column = grid.column(h);
        crossings.push(Crossing {
            hex: h,
            span: [u0, u1],
            enter: height(u0),
            leave: height(u1),
            ground: column.and_then(|c| c.top_footing()).map(|f| f.level),
            top: column.map_or(0, |c| c.top()),
        });
    }
    let stop = if sight.clear {
        None
    } else {
        sight
            .blockers
            .iter()
            .filter_map(|b| entry(b, others, p, q, zp, zq))
            .min_by(|a, b| a.at.total_cmp(&b.at))
    };
    Trace {
        from: sight.from,
        to: sight.to,
        hit_zone,
        crossings,
        stop,
    }
}

/// Where the segment from `(p, zp)` to `(q, zq)` first enters what `blocker` fills, if it does.
fn entry(
    blocker: &Blocker,
    others: &[Standing],
    p: (f64, f64),
    q: (f64, f64),
    zp: f64,
    zq: f64,
) -> Option<Stop> {
    let (hex, u0, u1, bottom, top) = match *blocker {
        Blocker::Terrain {
            hex, bottom, top, ..
        } => {
            let (u0, u1) = clip(hex, p, q)?;
            (hex, u0, u1, f64::from(bottom), f64::from(top))
        }
        Blocker::Figure { id, hex, .. } => {
            let (u0, u1) = clip(hex, p, q)?;
            let o = others.iter().find(|o| o.id == id)?;
            let s = o.at.spots().find(|s| s.hex == hex)?;
            let base = f64::from(s.level);
            (hex, u0, u1, base, base + f64::from(o.body.height))
        }
        Blocker::Wall {
            hex, bottom, top, ..
        } => {
            // A wall has no thickness: the segment meets it where it leaves the hex.
            let (_, u) = clip(hex, p, q)?;
            (hex, u, u, f64::from(bottom), f64::from(top))
        }
    };
    // The segment's height is zp + (zq - zp) u: inside the levels on one interval of u.
    let dz = zq - zp;
    let at = if u1 - u0 < EPS || dz.abs() < 1e-12 {
        let z = zp + dz * u0;
        if z <= bottom + EPS || z >= top - EPS {
            return None;
        }
        u0
    } else {
        let (ub, ut) = ((bottom - zp) / dz, (top - zp) / dz);
        let (lo, hi) = (ub.min(ut).max(u0), ub.max(ut).min(u1));
        if hi - lo <= EPS {
            return None;
        }
        lo
    };
    Some(Stop {
        hex,
        at,
        z: zp + dz * at,
        blocker: *blocker,
        levels: [bottom, top],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battlefield::Obstacle;
    use crate::body::Body;
    use crate::sight::line_of_sight;
    use crate::testing::{fig, Field};

    /// Example 16's situation in a row: a tree between two figures on flat ground stops the
    /// line to the middle of the hit zone inside the tree's hex, at the segment's height there.
    #[test]
    fn a_tree_stops_the_segment_in_its_hex_at_the_segments_height() {
        let mut f = Field::new();
        f.row(0, 0, 6, 1).obstacle(3, 0, 1, 13, Obstacle::Tree);
        let grid = f.grid();
        let a = fig(1, 1, Body::single(5), 0, 0, 1);
        let d = fig(2, 2, Body::single(5), 6, 0, 1);
        let s = line_of_sight(&grid, &a, &d, &[]);
        assert!(!s.clear);
        let t = trace(&grid, &s, &d, &[]);
        let stop = t.stop.expect("a blocked line stops somewhere");
        assert_eq!(stop.hex, Hex::new(3, 0));
        assert!(matches!(stop.blocker, Blocker::Terrain { top: 13, .. }));
        // The tree's hex spans 2.5/6 .. 3.5/6 of the way; the segment enters at its near side.
        assert!((stop.at - 2.5 / 6.0).abs() < 1e-9, "{}", stop.at);
        assert!((stop.z - (t.from.z + (t.to.z - t.from.z) * stop.at)).abs() < 1e-9);
        assert_eq!(t.crossings.len(), 7);
        assert_eq!(
            t.crossings[3].ground, None,
            "a tree's hex has no top footing"
        );
        assert_eq!(t.crossings[3].top, 13);
        assert!((t.crossings[0].enter - 5.5).abs() < 1e-9);
        assert_eq!(t.hit_zone, [2.0, 5.0]);
    }

    /// A hill between two figures stops the segment in the hill's side, below its top; on flat
    /// ground the line is clear and has no stop.
    #[test]
    fn a_hill_stops_the_segment_where_it_meets_its_side() {
        let mut f = Field::new();
        f.row(0, 0, 1, 1).land(2, 0, 8).row(0, 3, 4, 1);
        let grid = f.grid();
        let a = fig(1, 1, Body::single(5), 0, 0, 1);
        let d = fig(2, 2, Body::single(5), 4, 0, 1);
        let s = line_of_sight(&grid, &a, &d, &[]);
        assert!(!s.clear);
        let t = trace(&grid, &s, &d, &[]);
        let stop = t.stop.unwrap();
        assert_eq!(stop.hex, Hex::new(2, 0));
        assert!(stop.z < 8.0 && stop.z > 1.0, "{}", stop.z);
        assert_eq!(stop.levels, [0.0, 8.0]);

        let mut f = Field::new();
        f.row(0, 0, 4, 1);
        let grid = f.grid();
        let s = line_of_sight(&grid, &a, &d, &[]);
        let t = trace(&grid, &s, &d, &[]);
        assert!(s.clear && t.stop.is_none());
        assert!(t.crossings.iter().all(|c| c.ground == Some(1)));
    }

    /// A figure in the way stops the segment at its own column, from its base to its height.
    #[test]
    fn a_figure_in_the_way_is_named_with_its_column() {
        let mut f = Field::new();
        f.row(0, 0, 4, 1);
        let grid = f.grid();
        let a = fig(1, 1, Body::single(5), 0, 0, 1);
        let d = fig(2, 2, Body::single(5), 4, 0, 1);
        let tall = fig(3, 2, Body::single(9), 2, 0, 1);
        let s = line_of_sight(&grid, &a, &d, &[tall]);
        assert!(!s.clear);
        let t = trace(&grid, &s, &d, &[tall]);
        let stop = t.stop.unwrap();
        assert!(matches!(stop.blocker, Blocker::Figure { id, .. } if id == tall.id));
        assert_eq!(stop.levels, [1.0, 10.0]);
    }
}
