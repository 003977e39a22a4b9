//! Clix line of fire (HeroClix *Ligne de vue*, *Terrain élevé*, *Ligne de vue : le bord*,
//! *Lignes de vue à travers un point d'intersection*; HorrorClix *Ligne de vue*, *Terrain gênant
//! et combat à distance*, *Terrain bloquant*).
//!
//! The geometry and the shared rules live in `skirmish-los`; the games differ only in what a
//! line passing exactly through a corner point between two squares does, so each game picks its
//! [`ClixLos`] here. HorrorClix's corner rule is stricter: a line between two figures, two
//! blocking squares, or a blocking square and a figure is blocked, and one between a hindering
//! square and a blocking, occupied or hindering one is hindered (HeroClix reads the less
//! restrictive side). Every HeroClix statement of the rulebook and FAQ is a test in
//! `crates/los/tests/heroclix_los.rs`.

pub use skirmish_los::{
    ClixLos, CornerRule, Endpoint, FigureId, LineOfFire, LosNote, Occupancy, OccupancyGrid,
    Occupant, Verdict,
};

/// HeroClix's line-of-fire rules: a corner point counts as the less restrictive side.
pub const HEROCLIX: ClixLos = ClixLos::HEROCLIX;

/// HorrorClix's line-of-fire rules: the corner rule of *Terrain gênant et combat à distance* and
/// *Terrain bloquant*.
pub const HORRORCLIX: ClixLos = ClixLos::HORRORCLIX;

#[cfg(test)]
mod tests {
    use super::*;
    use skirmish_board::square::{MapKind, Square, SquareMap};

    fn sq(x: i32, y: i32) -> Square {
        Square { x, y }
    }

    /// Two figures diagonally apart with a figure on each side of the corner between them: the
    /// HeroClix FAQ lets the line pass between the two, HorrorClix's *Ligne de vue* says « une
    /// ligne de vue qui passe entre deux monstres adjacents est bloquée ».
    #[test]
    fn a_line_between_two_figures_is_blocked_only_in_horrorclix() {
        let map = SquareMap::new("t", MapKind::Outdoor, 6, 6);
        let mut occ = OccupancyGrid::new(&map);
        for (i, s) in [sq(1, 1), sq(2, 2), sq(2, 1), sq(1, 2)]
            .into_iter()
            .enumerate()
        {
            occ.set(
                s,
                Some(Occupant {
                    figure: FigureId(i as u32),
                    level: 0,
                }),
            );
        }
        let from = Endpoint::at(&map, sq(1, 1)).with_figure(FigureId(0));
        let to = Endpoint::at(&map, sq(2, 2)).with_figure(FigureId(1));
        assert_eq!(HORRORCLIX.verdict(&map, from, to, &occ), Verdict::Blocked);
        assert_eq!(HEROCLIX.verdict(&map, from, to, &occ), Verdict::Clear);
    }

    /// One figure beside the corner: both games let the line by on the clear side.
    #[test]
    fn one_figure_beside_the_corner_leaves_the_line_clear() {
        let map = SquareMap::new("t", MapKind::Outdoor, 6, 6);
        let mut occ = OccupancyGrid::new(&map);
        for (i, s) in [sq(1, 1), sq(2, 2), sq(2, 1)].into_iter().enumerate() {
            occ.set(
                s,
                Some(Occupant {
                    figure: FigureId(i as u32),
                    level: 0,
                }),
            );
        }
        let from = Endpoint::at(&map, sq(1, 1)).with_figure(FigureId(0));
        let to = Endpoint::at(&map, sq(2, 2)).with_figure(FigureId(1));
        assert_eq!(HEROCLIX.verdict(&map, from, to, &occ), Verdict::Clear);
        assert_eq!(HORRORCLIX.verdict(&map, from, to, &occ), Verdict::Clear);
    }
}
