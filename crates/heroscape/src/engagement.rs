//! Engagement (*Les règles d'engagements*): which figures are adjacent, with the height and ruin
//! exceptions, and who is engaged with whom.
//!
//! Two figures on neighbouring hexes are **adjacent** unless
//! * the base of one is at least as high above the other's base as the other is tall (*« si la
//!   base d'une figurine est à une hauteur supérieure ou égale à la taille d'une autre figurine,
//!   ces figurines ne sont pas adjacentes »*, rulebook example 14), or
//! * a ruin stands between them and one of them is not taller than the ruin (*« les deux
//!   figurines doivent être plus grandes que la ruine pour être adjacentes »*).
//!
//! Ruin pieces fill hexes of their own in the battlefield model, so "between" two neighbouring
//! hexes means in one of the two hexes touching both (the two ends of the edge they share).
//! "Taller than the ruin" compares tops: the figure's base level plus its height against the
//! ruin's top level, which on common ground is the rulebook's comparison of heights.
//!
//! Two figures of different teams that are adjacent are **engaged**. A double-space figure is
//! adjacent to another figure when either of its hexes is.

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_board::FigureId;

use crate::battlefield::Level;
use crate::body::{Body, Placement, Spot, Standing};
use crate::grid::Grid;

/// How two figures stand towards each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Contact {
    /// No hex of one neighbours a hex of the other.
    Apart,
    /// Adjacent: engaged if they are enemies.
    Adjacent,
    /// Neighbouring hexes, but one base is at least the other's height above it (example 14).
    HeightException {
        /// The higher base.
        upper: Level,
        /// The lower base.
        lower: Level,
        /// The height of the figure standing lower.
        lower_height: Level,
    },
    /// Neighbouring hexes, but a ruin between them is at least as tall as one of them.
    RuinException {
        /// The hex of the ruin piece.
        ruin: Hex,
        /// The ruin's top level.
        top: Level,
    },
}

impl Contact {
    /// Whether the figures are adjacent.
    pub const fn adjacent(self) -> bool {
        matches!(self, Contact::Adjacent)
    }
}

/// How a figure with body `a` at `pa` stands towards one with body `b` at `pb`: adjacent, apart,
/// or next to each other but not adjacent by an exception (the exception of the first pair of
/// neighbouring hexes found when no pair is adjacent).
pub fn contact(grid: &Grid, a: &Body, pa: &Placement, b: &Body, pb: &Placement) -> Contact {
    let mut found = Contact::Apart;
    for sa in pa.spots() {
        for sb in pb.spots() {
            if sa.hex.distance(sb.hex) != 1 {
                continue;
            }
            let c = spot_contact(grid, a.height, sa, b.height, sb);
            if c.adjacent() {
                return c;
            }
            if found == Contact::Apart {
                found = c;
            }
        }
    }
    found
}

/// The contact between two figures standing on neighbouring hexes.
fn spot_contact(grid: &Grid, ha: Level, sa: Spot, hb: Level, sb: Spot) -> Contact {
    let (upper, lower, lower_height) = if sa.level >= sb.level {
        (sa.level, sb.level, hb)
    } else {
        (sb.level, sa.level, ha)
    };
    if u32::from(upper) >= u32::from(lower) + u32::from(lower_height) {
        return Contact::HeightException {
            upper,
            lower,
            lower_height,
        };
    }
    let top_a = u32::from(sa.level) + u32::from(ha);
    let top_b = u32::from(sb.level) + u32::from(hb);
    for flank in flanks(sa.hex, sb.hex) {
        for ruin in grid.ruins(flank) {
            let between = u32::from(ruin.bottom) < top_a.max(top_b);
            let top = u32::from(ruin.top);
            if between && (top_a <= top || top_b <= top) {
                return Contact::RuinException {
                    ruin: flank,
                    top: ruin.top,
                };
            }
        }
    }
    Contact::Adjacent
}

/// The two hexes touching both of two neighbouring hexes.
fn flanks(a: Hex, b: Hex) -> [Hex; 2] {
    match a.direction_to(b) {
        Some(d) => [a.neighbour(d.rotate_cw()), a.neighbour(d.rotate_ccw())],
        None => [a, a],
    }
}

/// Whether two figures are engaged: enemies, and adjacent.
pub fn engaged(grid: &Grid, a: &Standing, b: &Standing) -> bool {
    a.is_enemy(b) && a.id != b.id && contact(grid, &a.body, &a.at, &b.body, &b.at).adjacent()
}

/// The enemies among `others` that `who` is engaged with, in the order given.
pub fn engaged_with(grid: &Grid, who: &Standing, others: &[Standing]) -> Vec<FigureId> {
    others
        .iter()
        .filter(|o| engaged(grid, who, o))
        .map(|o| o.id)
        .collect()
}

/// Whether `who` is engaged with any of `others`.
pub fn is_engaged(grid: &Grid, who: &Standing, others: &[Standing]) -> bool {
    others.iter().any(|o| engaged(grid, who, o))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battlefield::{Builder, Ground, Material, Obstacle, Span};

    fn land(b: &mut Builder, hex: Hex, top: Level) {
        b.span(
            hex,
            Span {
                bottom: 0,
                top,
                material: Material::Solid(Ground::Grass),
            },
            format!("land {hex}"),
        );
    }

    fn fig(id: u32, team: u8, height: Level, hex: Hex, level: Level) -> Standing {
        Standing {
            id: FigureId(id),
            team,
            body: Body::single(height),
            at: Placement::single(hex, level),
        }
    }

    /// Example 14: Deathwalker's base is 5 levels above Finn's, and Finn is 5 tall.
    #[test]
    fn example_14_height_exception() {
        let (a, b) = (Hex::new(0, 0), Hex::new(1, 0));
        let mut bld = Builder::new("cliff");
        land(&mut bld, a, 1);
        land(&mut bld, b, 6);
        let grid = Grid::new(&bld.build().unwrap());
        let finn = fig(1, 1, 5, a, 1);
        let deathwalker = fig(2, 2, 7, b, 6);
        assert!(!engaged(&grid, &finn, &deathwalker));
        assert_eq!(
            contact(
                &grid,
                &finn.body,
                &finn.at,
                &deathwalker.body,
                &deathwalker.at
            ),
            Contact::HeightException {
                upper: 6,
                lower: 1,
                lower_height: 5
            }
        );
        // One level lower, Deathwalker's base is 4 above Finn's: they are engaged.
        let deathwalker = fig(2, 2, 7, b, 5);
        assert!(engaged(&grid, &finn, &deathwalker));
    }

    /// The ruin exception: a ruin of height 6 between Finn (5) and Deathwalker (7).
    #[test]
    fn ruin_exception_needs_both_taller_than_the_ruin() {
        let (a, b) = (Hex::new(0, 0), Hex::new(1, 0));
        let ruin_hex = Hex::new(1, -1);
        let mut bld = Builder::new("ruin");
        for h in [a, b, ruin_hex, Hex::new(0, 1)] {
            land(&mut bld, h, 1);
        }
        bld.span(
            ruin_hex,
            Span {
                bottom: 1,
                top: 7,
                material: Material::Obstacle(Obstacle::Ruin),
            },
            "ruin",
        );
        let grid = Grid::new(&bld.build().unwrap());
        let finn = fig(1, 1, 5, a, 1);
        let deathwalker = fig(2, 2, 7, b, 1);
        assert_eq!(
            contact(
                &grid,
                &finn.body,
                &finn.at,
                &deathwalker.body,
                &deathwalker.at
            ),
            Contact::RuinException {
                ruin: ruin_hex,
                top: 7
            }
        );
        assert!(!engaged(&grid, &finn, &deathwalker));
        // A 7-tall figure in Finn's place tops the ruin too: engaged.
        let tall = fig(3, 1, 7, a, 1);
        assert!(engaged(&grid, &tall, &deathwalker));
    }

    #[test]
    fn friends_and_distant_figures_are_not_engaged() {
        let mut bld = Builder::new("plain");
        for q in 0..4 {
            land(&mut bld, Hex::new(q, 0), 1);
        }
        let grid = Grid::new(&bld.build().unwrap());
        let a = fig(1, 1, 5, Hex::new(0, 0), 1);
        let friend = fig(2, 1, 5, Hex::new(1, 0), 1);
        let far = fig(3, 2, 5, Hex::new(3, 0), 1);
        assert!(!engaged(&grid, &a, &friend));
        assert!(!engaged(&grid, &a, &far));
        let near = fig(4, 2, 5, Hex::new(1, 0), 1);
        assert_eq!(
            engaged_with(&grid, &a, &[friend, far, near]),
            vec![FigureId(4)]
        );
    }

    #[test]
    fn a_double_space_figure_is_adjacent_by_either_hex() {
        let mut bld = Builder::new("plain");
        for q in 0..4 {
            land(&mut bld, Hex::new(q, 0), 1);
        }
        let grid = Grid::new(&bld.build().unwrap());
        let dragon = Standing {
            id: FigureId(1),
            team: 1,
            body: Body::double(9),
            at: Placement::double(Hex::new(0, 0), Hex::new(1, 0), 1),
        };
        let e = fig(2, 2, 5, Hex::new(2, 0), 1);
        assert!(engaged(&grid, &dragon, &e));
    }
}
