//! Line of sight in three dimensions, range and the height advantage (*Ligne de visée*, *Portée
//! d'attaque*, *L'avantage de la hauteur*; rulebook example 16).
//!
//! The model (written down with its limits in `docs/heroscape-line-of-sight.md`):
//! * Every span of a column (land, obstacles; not water) is a hexagonal prism between its two
//!   levels. A hex is [`HEX_WIDTH`] levels across its flats.
//! * Battlements and road walls on hex edges are rectangles of no thickness on their edge.
//! * Every other figure is a prism of its hex(es), from its base up to its height.
//! * The attacker sees from its **target point**, a point above the centre of its hex; the
//!   defender is seen at its **hit zone**, a vertical segment above the centre of its hex (both
//!   from the card, [`Body::target_point`], [`Body::hit_zone`]). A double-space figure looks from,
//!   and is seen at, either of its hexes.
//! * The line is clear when a segment from the target point reaches some part of the hit zone
//!   without entering any prism. The lines from one point to a vertical segment fill a vertical
//!   triangle; each prism hides an interval of the hit zone, computed exactly; the line is clear
//!   when those intervals leave part of the zone uncovered. A figure in the way hides only what
//!   it covers (example 16: Tarn hides part of Syvarris, not all of him).
//! * A line running exactly along the edge between two hexes is blocked only where both hexes
//!   block it; a line touching a prism's face or corner without entering it passes.

use serde::{Deserialize, Serialize};
use skirmish_board::hex::{line, Hex, HexDir, LineStep};
use skirmish_board::FigureId;

use crate::battlefield::{Level, Material};
use crate::body::{Body, Placement, Spot, Standing};
use crate::grid::{Grid, NONE};

/// A hex's width across its flats, in levels (a tile is about 1.75 in across and 0.3 in thick).
pub const HEX_WIDTH: f64 = 6.0;

/// Below this, lengths (in levels) count as zero: a line grazing a prism does not enter it.
const EPS: f64 = 1e-6;

/// A point of a line of sight: above the centre of a hex, at a height in levels.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Point {
    /// The hex.
    pub hex: Hex,
    /// Height above the table, in levels.
    pub z: f64,
}

/// What hides (part of) the hit zone.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Blocker {
    /// A piece of the battlefield.
    Terrain {
        /// Its hex.
        hex: Hex,
        /// Its lower level.
        bottom: Level,
        /// Its upper level.
        top: Level,
        /// What it is.
        material: Material,
        /// The part of the hit zone it hides, in levels above the table.
        hides: [f64; 2],
    },
    /// A wall standing on the edge between two hexes (a battlement, a road wall).
    Wall {
        /// The hex on one side.
        hex: Hex,
        /// The edge of that hex it stands on.
        side: HexDir,
        /// Its lower level.
        bottom: Level,
        /// Its upper level.
        top: Level,
        /// The part of the hit zone it hides, in levels above the table.
        hides: [f64; 2],
    },
    /// Another figure.
    Figure {
        /// The figure.
        id: FigureId,
        /// The hex of it that is in the way.
        hex: Hex,
        /// The part of the hit zone it hides, in levels above the table.
        hides: [f64; 2],
    },
}

impl Blocker {
    /// The part of the hit zone it hides.
    pub fn hides(&self) -> [f64; 2] {
        match self {
            Blocker::Terrain { hides, .. }
            | Blocker::Wall { hides, .. }
            | Blocker::Figure { hides, .. } => *hides,
        }
    }
}

/// The verdict on a line of sight.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sight {
    /// Whether the attacker sees part of the hit zone.
    pub clear: bool,
    /// The target point the verdict is about.
    pub from: Point,
    /// A point of the hit zone it sees (when clear), else the middle of the hit zone.
    pub to: Point,
    /// The hexes the line crosses from attacker to defender, both included.
    pub crossed: Vec<Hex>,
    /// What hides parts of the hit zone, nearest the attacker first: when the line is blocked,
    /// together they hide all of it.
    pub blockers: Vec<Blocker>,
}

/// Whether `attacker` sees `defender`, among `others` (the attacker and defender themselves,
/// if listed, are skipped). For double-space figures, every pair of their hexes is tried and the
/// first clear one (or else the first) is returned.
pub fn line_of_sight(
    grid: &Grid,
    attacker: &Standing,
    defender: &Standing,
    others: &[Standing],
) -> Sight {
    let mut first: Option<Sight> = None;
    for a in attacker.at.spots() {
        for d in defender.at.spots() {
            let s = sight_between(
                grid,
                &attacker.body,
                a,
                attacker.id,
                &defender.body,
                d,
                defender.id,
                others,
            );
            if s.clear {
                return s;
            }
            if first.is_none() {
                first = Some(s);
            }
        }
    }
    first.expect("a placement has at least one spot")
}

/// Hex centre in level units, pointy-top.
fn centre(h: Hex) -> (f64, f64) {
    // Hex::to_pixel takes the circumradius; across the flats is √3 times it.
    h.to_pixel(HEX_WIDTH / 3f64.sqrt())
}

/// The part `[u0, u1]` of the segment `p → q` (in the plane) inside hex `h`, if any.
fn clip(h: Hex, p: (f64, f64), q: (f64, f64)) -> Option<(f64, f64)> {
    let c = centre(h);
    let (mut u0, mut u1) = (0.0f64, 1.0f64);
    let half = HEX_WIDTH / 2.0;
    let d = (q.0 - p.0, q.1 - p.1);
    let rel = (p.0 - c.0, p.1 - c.1);
    // The three axes across the flats of a pointy-top hex: east, and ±60° from it.
    let s3 = 3f64.sqrt() / 2.0;
    for n in [(1.0, 0.0), (0.5, s3), (-0.5, s3)] {
        let a = rel.0 * n.0 + rel.1 * n.1;
        let b = d.0 * n.0 + d.1 * n.1;
        // -half <= a + b u <= half
        if b.abs() < 1e-12 {
            if a.abs() > half + 1e-9 {
                return None;
            }
            continue;
        }
        let (mut lo, mut hi) = ((-half - a) / b, (half - a) / b);
        if lo > hi {
            std::mem::swap(&mut lo, &mut hi);
        }
        u0 = u0.max(lo);
        u1 = u1.min(hi);
    }
    (u1 - u0 > 1e-9).then_some((u0, u1))
}

/// The hit-zone heights `zq` hidden by a box `[u0, u1] × [bottom, top]` from a target point at
/// `zp`: the segment to `zq` is at `zp + (zq - zp) u`, inside the box for some `u` exactly when
/// `zq` lies in `(zp + (bottom - zp) / u, zp + (top - zp) / u)`; over `u` in the interval these
/// sweep one interval, bounded by the values at its ends.
fn hidden(zp: f64, u0: f64, u1: f64, bottom: f64, top: f64) -> (f64, f64) {
    let at = |u: f64, level: f64| -> f64 {
        let dz = level - zp;
        if u <= 1e-12 {
            if dz.abs() < 1e-12 {
                zp
            } else if dz < 0.0 {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }
        } else {
            zp + dz / u
        }
    };
    let lo = at(u0, bottom).min(at(u1, bottom));
    let hi = at(u0, top).max(at(u1, top));
    (lo, hi)
}

#[allow(clippy::too_many_arguments)]
fn sight_between(
    grid: &Grid,
    ab: &Body,
    a: Spot,
    a_id: FigureId,
    db: &Body,
    d: Spot,
    d_id: FigureId,
    others: &[Standing],
) -> Sight {
    let zp = f64::from(a.level) + f64::from(ab.target_point) / 10.0;
    let z0 = f64::from(d.level) + f64::from(db.hit_zone[0]) / 10.0;
    let z1 = f64::from(d.level) + f64::from(db.hit_zone[1]) / 10.0;
    let (p, q) = (centre(a.hex), centre(d.hex));
    let steps = line(a.hex, d.hex);
    let mut crossed = Vec::with_capacity(steps.len());
    let mut hides: Vec<(f64, f64, Blocker)> = Vec::new();
    // The other figures' columns, once, rather than going through every figure at every hex.
    let figures: Vec<(Hex, f64, f64, FigureId)> = others
        .iter()
        .filter(|o| o.id != a_id && o.id != d_id)
        .flat_map(|o| {
            o.at.spots().map(move |s| {
                let base = f64::from(s.level);
                (s.hex, base, base + f64::from(o.body.height), o.id)
            })
        })
        .collect();
    // Everything a hex holds that blocks, as (bottom, top, blocker template).
    let blocks_in = |h: Hex, out: &mut Vec<(f64, f64, Blocker)>| {
        let slot = grid.slot(h);
        if slot != NONE {
            for s in grid.solids(slot) {
                out.push((
                    f64::from(s.bottom),
                    f64::from(s.top),
                    Blocker::Terrain {
                        hex: h,
                        bottom: s.bottom,
                        top: s.top,
                        material: s.material,
                        hides: [0.0; 2],
                    },
                ));
            }
        }
        for &(hex, bottom, top, id) in &figures {
            if hex == h {
                out.push((
                    bottom,
                    top,
                    Blocker::Figure {
                        id,
                        hex: h,
                        hides: [0.0; 2],
                    },
                ));
            }
        }
    };
    let mut boxes = Vec::new();
    let mut boxes2 = Vec::new();
    // The last hex crossed through its inside and where the line left it, for the walls
    // standing on the edge between it and the next.
    let mut previous: Option<(Hex, f64)> = None;
    for step in steps {
        match step {
            LineStep::Hex(h) => {
                crossed.push(h);
                let Some((u0, u1)) = clip(h, p, q) else {
                    continue;
                };
                if let Some((prev, u)) = previous {
                    edge_walls(grid, prev, h, zp, u, &mut hides);
                }
                previous = Some((h, u1));
                boxes.clear();
                blocks_in(h, &mut boxes);
                for &(b, t, blk) in &boxes {
                    let (lo, hi) = hidden(zp, u0, u1, b, t);
                    hides.push((lo, hi, blk));
                }
            }
            LineStep::Edge(h1, h2) => {
                previous = None;
                crossed.push(h1);
                crossed.push(h2);
                // Running along the edge, the line is blocked only where both hexes block.
                let (Some((u0, u1)), Some((v0, v1))) = (clip(h1, p, q), clip(h2, p, q)) else {
                    continue;
                };
                boxes.clear();
                boxes2.clear();
                blocks_in(h1, &mut boxes);
                blocks_in(h2, &mut boxes2);
                for &(b1, t1, blk) in &boxes {
                    let (lo1, hi1) = hidden(zp, u0, u1, b1, t1);
                    for &(b2, t2, _) in &boxes2 {
                        let (lo2, hi2) = hidden(zp, v0, v1, b2, t2);
                        hides.push((lo1.max(lo2), hi1.min(hi2), blk));
                    }
                }
            }
        }
    }
    // Keep what hides part of the hit zone, clipped to it.
    let mut blockers: Vec<(f64, f64, Blocker)> = hides
        .into_iter()
        .filter_map(|(lo, hi, blk)| {
            let (lo, hi) = (lo.max(z0), hi.min(z1));
            (hi - lo > EPS || (z1 - z0 < EPS && lo <= z0 && z0 <= hi && hi > lo))
                .then_some((lo, hi, blk))
        })
        .collect();
    let witness = uncovered(&blockers, z0, z1);
    for (lo, hi, blk) in &mut blockers {
        match blk {
            Blocker::Terrain { hides, .. }
            | Blocker::Wall { hides, .. }
            | Blocker::Figure { hides, .. } => *hides = [*lo, *hi],
        }
    }
    Sight {
        clear: witness.is_some(),
        from: Point { hex: a.hex, z: zp },
        to: Point {
            hex: d.hex,
            z: witness.unwrap_or((z0 + z1) / 2.0),
        },
        crossed,
        blockers: blockers.into_iter().map(|(_, _, b)| b).collect(),
    }
}

/// The hit-zone heights hidden by the walls (battlements, road walls) on the edge between two
/// neighbouring hexes, crossed by the line at `u`: a wall is a rectangle of no thickness there.
fn edge_walls(grid: &Grid, a: Hex, b: Hex, zp: f64, u: f64, out: &mut Vec<(f64, f64, Blocker)>) {
    let (Some(dir), slot) = (a.direction_to(b), grid.slot(a)) else {
        return;
    };
    if slot == NONE {
        return;
    }
    for (bottom, top) in grid.walls(slot, dir.index()) {
        let (lo, hi) = hidden(zp, u, u, f64::from(bottom), f64::from(top));
        out.push((
            lo,
            hi,
            Blocker::Wall {
                hex: a,
                side: dir,
                bottom,
                top,
                hides: [0.0; 2],
            },
        ));
    }
}

/// A height of `[z0, z1]` outside every open interval, preferring the highest, if any.
fn uncovered(intervals: &[(f64, f64, Blocker)], z0: f64, z1: f64) -> Option<f64> {
    let mut spans: Vec<(f64, f64)> = intervals.iter().map(|&(lo, hi, _)| (lo, hi)).collect();
    spans.sort_by(|a, b| b.1.total_cmp(&a.1));
    // Sweep down from the top of the zone.
    let mut top = z1;
    loop {
        // Any interval covering `top`?
        let cover = spans
            .iter()
            .filter(|&&(lo, hi)| lo < top - EPS && hi > top - EPS)
            .map(|&(lo, _)| lo)
            .fold(f64::INFINITY, f64::min);
        if cover == f64::INFINITY {
            // `top` is free, but is it free for more than a graze? Find the next interval below.
            let next = spans
                .iter()
                .filter(|&&(_, hi)| hi <= top - EPS)
                .map(|&(_, hi)| hi)
                .fold(f64::NEG_INFINITY, f64::max)
                .max(z0);
            if top - next > EPS || z1 - z0 < EPS {
                return Some((top + next) / 2.0);
            }
            return None;
        }
        if cover <= z0 + EPS {
            return None;
        }
        top = cover;
    }
}

/// The range between two placements (*Portée d'attaque*): hexes counted ignoring height, the
/// nearest hexes of double-space figures, and around the edge of the battlefield where hexes are
/// missing (*« comptez la distance en suivant le bord du champ de bataille »*). `None` when no
/// way over the battlefield joins them.
pub fn range(grid: &Grid, from: &Placement, to: &Placement) -> Option<u32> {
    let straight = from
        .spots()
        .flat_map(|a| to.spots().map(move |b| a.hex.distance(b.hex)))
        .min()?;
    let targets: Vec<u32> = to.spots().map(|s| grid.slot(s.hex)).collect();
    let mut dist = vec![u32::MAX; grid.hex_count()];
    let mut queue = Vec::with_capacity(grid.hex_count());
    for s in from.spots() {
        let i = grid.slot(s.hex);
        if i != NONE && dist[i as usize] != 0 {
            dist[i as usize] = 0;
            queue.push(i);
        }
    }
    let mut k = 0;
    while k < queue.len() {
        let i = queue[k];
        k += 1;
        let d = dist[i as usize];
        if targets.contains(&i) {
            debug_assert!(d >= straight);
            return Some(d);
        }
        for &n in grid.neighbours(i) {
            if n != NONE && dist[n as usize] == u32::MAX {
                dist[n as usize] = d + 1;
                queue.push(n);
            }
        }
    }
    None
}

/// Extra dice for being higher (*L'avantage de la hauteur*).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HeightAdvantage {
    /// Extra attack dice for the attacker.
    pub attack: u8,
    /// Extra defence dice for the defender.
    pub defence: u8,
}

/// The height advantage of an attack: the figure whose base is higher rolls one more die, two
/// more when it is 10 levels or more higher, attacking or defending. For double-space figures,
/// pass their base level (both hexes are at one level at rest).
pub fn height_advantage(attacker: Level, defender: Level) -> HeightAdvantage {
    let dice = |diff: u16| -> u8 {
        match diff {
            0 => 0,
            1..=9 => 1,
            _ => 2,
        }
    };
    HeightAdvantage {
        attack: dice(attacker.saturating_sub(defender)),
        defence: dice(defender.saturating_sub(attacker)),
    }
}

pub mod trace;

#[cfg(test)]
mod tests;
