//! Facing and arcs for Masters of the Universe: Battleground.
//!
//! The rulebook (*Figurine*, *Attaques de côté*) says: a figure always faces one edge of its hex;
//! its base has a front arc and a rear arc; an attack coming from a hex in the rear arc is a side
//! attack (+1 level); hexes lying halfway between the two arcs are not part of the rear arc, so
//! attacks from them are frontal; overwatch (*Surveiller*) triggers when any part of an enemy's
//! base is in the front arc.
//!
//! Reading encoded here (the rulebook shows the arcs only on a picture): the base is split in two
//! halves by the straight line through the centre of the figure's hex perpendicular to the faced
//! edge. That line runs through two opposite vertices, so the three edges on the faced side are
//! front and the three others rear — no neighbour is ambiguous. A farther hex is in the front arc
//! if its centre lies strictly on the faced side of that line, in the rear arc if strictly on the
//! other side, and *flank* ("halfway", cut in two by the line) if its centre is exactly on it.
//! The test is exact: in cube coordinates the Euclidean dot product is proportional to
//! `q·q' + r·r' + s·s'`, so the side of the line is the sign of an integer.

use serde::{Deserialize, Serialize};

use super::{Hex, HexDir};

/// Where a hex lies relative to a figure's facing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FacingArc {
    /// In front of the line through the figure's centre (includes the faced neighbour and the two
    /// neighbours beside it).
    Front,
    /// Centre exactly on the dividing line: half in each arc. Attacks from here are frontal
    /// (not side attacks), but part of such a base is in the front arc for overwatch.
    Flank,
    /// Behind the dividing line: attacks from here are side attacks (*attaques de côté*).
    Rear,
}

/// The edge a figure faces, as the notch of a MotU base points to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Facing(pub HexDir);

fn cube(h: Hex) -> [i64; 3] {
    let (q, r, s) = h.cube();
    [i64::from(q), i64::from(r), i64::from(s)]
}

/// `(a - b)` in cube coordinates, widened.
fn diff(a: Hex, b: Hex) -> [i64; 3] {
    let (a, b) = (cube(a), cube(b));
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

impl Facing {
    /// The arc of `target` for a figure standing on `at` with this facing; `None` when `target`
    /// is `at` itself, which is in no arc.
    pub fn arc_of(self, at: Hex, target: Hex) -> Option<FacingArc> {
        if at == target {
            return None;
        }
        let v = diff(target, at);
        let f = cube(Hex::ORIGIN.neighbour(self.0));
        let d = v[0] * f[0] + v[1] * f[1] + v[2] * f[2];
        Some(match d.signum() {
            1 => FacingArc::Front,
            -1 => FacingArc::Rear,
            _ => FacingArc::Flank,
        })
    }

    /// True when an attack from `attacker` on a figure at `at` with this facing is a side attack
    /// (the attacker's hex is in the rear arc).
    pub fn is_side_attack(self, at: Hex, attacker: Hex) -> bool {
        self.arc_of(at, attacker) == Some(FacingArc::Rear)
    }

    /// The facings a figure on `at` may take to face `target` for a ranged attack: towards the
    /// neighbour of `at` whose centre is nearest the centre of `target` (*Attaque à distance*).
    /// Two facings when two neighbours are equally near (the controlling player picks), none
    /// when `target` is `at`.
    pub fn toward(at: Hex, target: Hex) -> Vec<Facing> {
        if at == target {
            return Vec::new();
        }
        // Squared Euclidean length is proportional to the cube coordinates' sum of squares.
        let dist2 = |h: Hex| {
            let v = diff(target, h);
            i128::from(v[0]).pow(2) + i128::from(v[1]).pow(2) + i128::from(v[2]).pow(2)
        };
        let scored = HexDir::ALL.map(|d| (dist2(at.neighbour(d)), d));
        let best = scored.iter().map(|(s, _)| *s).min().unwrap_or(0);
        scored
            .iter()
            .filter(|(s, _)| *s == best)
            .map(|(_, d)| Facing(*d))
            .collect()
    }

    /// Turned one edge clockwise.
    pub const fn rotate_cw(self) -> Facing {
        Facing(self.0.rotate_cw())
    }

    /// Turned one edge counter-clockwise.
    pub const fn rotate_ccw(self) -> Facing {
        Facing(self.0.rotate_ccw())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_split_three_and_three() {
        let at = Hex::new(2, -1);
        for d in HexDir::ALL {
            let f = Facing(d);
            let arcs: Vec<FacingArc> = HexDir::ALL
                .iter()
                .map(|n| f.arc_of(at, at.neighbour(*n)).unwrap_or(FacingArc::Flank))
                .collect();
            assert_eq!(arcs.iter().filter(|a| **a == FacingArc::Front).count(), 3);
            assert_eq!(arcs.iter().filter(|a| **a == FacingArc::Rear).count(), 3);
            assert_eq!(f.arc_of(at, at.neighbour(d)), Some(FacingArc::Front));
            assert_eq!(
                f.arc_of(at, at.neighbour(d.rotate_cw())),
                Some(FacingArc::Front)
            );
            assert_eq!(
                f.arc_of(at, at.neighbour(d.rotate_ccw())),
                Some(FacingArc::Front)
            );
            assert_eq!(
                f.arc_of(at, at.neighbour(d.opposite())),
                Some(FacingArc::Rear)
            );
            assert!(f.is_side_attack(at, at.neighbour(d.opposite().rotate_cw())));
        }
    }

    #[test]
    fn flank_hexes_lie_on_the_dividing_line() {
        // Facing east, the line through the centre runs north–south: 1,-2 (two steps "north")
        // and -1,2 are cut in half by it.
        let f = Facing(HexDir::E);
        assert_eq!(
            f.arc_of(Hex::ORIGIN, Hex::new(1, -2)),
            Some(FacingArc::Flank)
        );
        assert_eq!(
            f.arc_of(Hex::ORIGIN, Hex::new(-1, 2)),
            Some(FacingArc::Flank)
        );
        assert_eq!(
            f.arc_of(Hex::ORIGIN, Hex::new(2, -4)),
            Some(FacingArc::Flank)
        );
        assert_eq!(
            f.arc_of(Hex::ORIGIN, Hex::new(2, -3)),
            Some(FacingArc::Front)
        );
        assert_eq!(
            f.arc_of(Hex::ORIGIN, Hex::new(0, -2)),
            Some(FacingArc::Rear)
        );
        assert!(!f.is_side_attack(Hex::ORIGIN, Hex::new(1, -2)));
        assert_eq!(f.arc_of(Hex::ORIGIN, Hex::ORIGIN), None);
    }

    #[test]
    fn toward_picks_nearest_neighbour() {
        assert_eq!(
            Facing::toward(Hex::ORIGIN, Hex::new(5, 0)),
            vec![Facing(HexDir::E)]
        );
        assert_eq!(
            Facing::toward(Hex::ORIGIN, Hex::new(5, -1)),
            vec![Facing(HexDir::E)]
        );
        // Straight "north" is equally near the NW and NE neighbours.
        let both = Facing::toward(Hex::ORIGIN, Hex::new(1, -2));
        assert_eq!(both, vec![Facing(HexDir::NW), Facing(HexDir::NE)]);
        assert!(Facing::toward(Hex::ORIGIN, Hex::ORIGIN).is_empty());
    }
}
