//! Line of sight as the HeroClix rulebook and the 2002 FAQ state it: one test per statement,
//! named after what it checks, citing the section it comes from.

mod common;

use common::{map, sq};
use skirmish_board::square::{Dir, Marker, Square, SquareMap};
use skirmish_los::{ClixLos, Endpoint, FigureId, LosNote, Occupant, Verdict};

const RULES: ClixLos = ClixLos::HEROCLIX;

fn ep(m: &SquareMap, s: Square) -> Endpoint {
    Endpoint::at(m, s)
}

fn fig(id: u32, s: Square, level: u8) -> (Square, Occupant) {
    (
        s,
        Occupant {
            figure: FigureId(id),
            level,
        },
    )
}

fn los(m: &SquareMap, a: Square, b: Square, occ: &[(Square, Occupant)]) -> Verdict {
    let v = RULES.verdict(m, ep(m, a), ep(m, b), occ);
    // The explaining path must agree with the fast path.
    assert_eq!(RULES.explain(m, ep(m, a), ep(m, b), occ).verdict, v);
    v
}

const OPEN: [&str; 7] = [
    ".......", ".......", ".......", ".......", ".......", ".......", ".......",
];

// Rulebook *Ligne de vue*: drawn from the centre of the attacker's square to the centre of the
// target's; range does not count the attacker's square.
#[test]
fn line_runs_centre_to_centre_and_range_skips_attackers_square() {
    let m = map(&OPEN);
    let r = RULES.explain(&m, ep(&m, sq(0, 0)), ep(&m, sq(4, 2)), &());
    assert_eq!(r.verdict, Verdict::Clear);
    assert_eq!(r.distance, 4);
    assert_eq!(
        r.squares,
        vec![
            sq(0, 0),
            sq(1, 0),
            sq(1, 1),
            sq(2, 1),
            sq(3, 1),
            sq(3, 2),
            sq(4, 2)
        ]
    );
}

// Rulebook *Ligne de vue*, figure 10a: a square occupied by a figure other than the attacker
// or the target blocks.
#[test]
fn occupied_square_between_blocks() {
    let m = map(&OPEN);
    let occ = [
        fig(1, sq(0, 3), 0),
        fig(2, sq(3, 3), 0),
        fig(3, sq(6, 3), 0),
    ];
    let a = Endpoint::at(&m, sq(0, 3)).with_figure(FigureId(1));
    let b = Endpoint::at(&m, sq(6, 3)).with_figure(FigureId(3));
    let r = RULES.explain(&m, a, b, &occ);
    assert_eq!(r.verdict, Verdict::Blocked);
    assert!(r.notes.contains(&LosNote::Figure {
        square: sq(3, 3),
        figure: FigureId(2)
    }));
}

// FAQ *Ligne de vue*: unless the rules say otherwise, an occupied square always blocks —
// friend or foe alike.
#[test]
fn friendly_figures_block_too() {
    let m = map(&OPEN);
    let occ = [fig(7, sq(2, 2), 0)];
    assert_eq!(los(&m, sq(0, 0), sq(4, 4), &occ), Verdict::Blocked);
}

// Rulebook *Ligne de vue*, figure 10b and *Terrain bloquant*.
#[test]
fn blocking_terrain_between_blocks() {
    let m = map(&[".......", "...b...", "......."]);
    assert_eq!(los(&m, sq(0, 1), sq(6, 1), &[]), Verdict::Blocked);
    assert_eq!(los(&m, sq(0, 0), sq(6, 0), &[]), Verdict::Clear);
}

// Rulebook *Ligne de vue*: a figure can always draw a line of fire to itself or its own square.
#[test]
fn line_to_own_square_is_always_clear() {
    let m = map(&["h"]);
    let r = RULES.explain(&m, ep(&m, sq(0, 0)), ep(&m, sq(0, 0)), &());
    assert_eq!(r.verdict, Verdict::Clear);
    assert_eq!(r.notes, vec![LosNote::OwnSquare]);
}

// Rulebook *Terrain gênant*: a line between figures on the same level crossing hindering
// terrain is hindered: +1 to the target's defence.
#[test]
fn hindering_terrain_between_hinders_with_plus_one_defence() {
    let m = map(&[".......", "...h...", "......."]);
    let v = los(&m, sq(0, 1), sq(6, 1), &[]);
    assert_eq!(v, Verdict::Hindered);
    assert_eq!(v.defence_modifier(), 1);
}

// Rulebook *Terrain gênant*: "sauf si la seule case de terrain gênant est celle occupée par
// l'attaquant".
#[test]
fn hindering_only_in_attackers_square_does_not_hinder() {
    let m = map(&["h......"]);
    let r = RULES.explain(&m, ep(&m, sq(0, 0)), ep(&m, sq(6, 0)), &());
    assert_eq!(r.verdict, Verdict::Clear);
    assert!(r
        .notes
        .contains(&LosNote::AttackerHinderingIgnored { square: sq(0, 0) }));
    // The target standing in hindering terrain is protected by it.
    assert_eq!(los(&m, sq(6, 0), sq(0, 0), &[]), Verdict::Hindered);
}

// Rulebook *Terrain gênant*: hindering terrain anywhere else, the target's square included.
#[test]
fn hindering_in_attackers_square_and_elsewhere_still_hinders() {
    let m = map(&["h..h..."]);
    assert_eq!(los(&m, sq(0, 0), sq(6, 0), &[]), Verdict::Hindered);
}

// Rulebook *Eau*: water never hinders lines of sight.
#[test]
fn water_does_not_hinder_line_of_fire() {
    let m = map(&["..www.."]);
    assert_eq!(los(&m, sq(0, 0), sq(6, 0), &[]), Verdict::Clear);
}

// Rulebook *Dégagé, gêné ou bloqué*: the most restrictive square decides.
#[test]
fn most_restrictive_square_decides() {
    let m = map(&[".h.b..."]);
    assert_eq!(los(&m, sq(0, 0), sq(6, 0), &[]), Verdict::Blocked);
}

// Rulebook *Murs*: walls work like blocking terrain.
#[test]
fn walls_block() {
    let mut m = map(&OPEN);
    m.set_wall(sq(3, 3), Dir::E, true);
    let r = RULES.explain(&m, ep(&m, sq(0, 3)), ep(&m, sq(6, 3)), &());
    assert_eq!(r.verdict, Verdict::Blocked);
    assert!(r.notes.contains(&LosNote::Wall {
        from: sq(3, 3),
        to: sq(4, 3)
    }));
}

// FAQ *Terrain bloquant*: walls stop exactly at square corners, so a diagonal line past the end
// of a wall (a doorway) is not blocked.
#[test]
fn diagonal_past_the_end_of_a_wall_is_not_blocked() {
    let mut m = map(&OPEN);
    // Wall along the south edges of (0..=2, 2): a room wall ending at the corner point (3,3).
    for x in 0..=2 {
        m.set_wall(sq(x, 2), Dir::S, true);
    }
    assert_eq!(los(&m, sq(2, 2), sq(3, 3), &[]), Verdict::Clear);
    assert_eq!(los(&m, sq(1, 1), sq(4, 4), &[]), Verdict::Clear);
    // But a line through the wall itself is blocked.
    assert_eq!(los(&m, sq(1, 1), sq(1, 4), &[]), Verdict::Blocked);
    // A continuous wall cannot be cut diagonally at a joint.
    m.set_wall(sq(3, 2), Dir::S, true);
    assert_eq!(los(&m, sq(2, 2), sq(3, 3), &[]), Verdict::Blocked);
}

// Rulebook *Ligne de vue : le bord*: between two ground figures, elevated terrain blocks.
#[test]
fn elevated_terrain_between_two_ground_figures_blocks() {
    let m = map(&["...e..."]);
    let r = RULES.explain(&m, ep(&m, sq(0, 0)), ep(&m, sq(6, 0)), &());
    assert_eq!(r.verdict, Verdict::Blocked);
    assert!(r.notes.contains(&LosNote::HigherTerrain {
        square: sq(3, 0),
        level: 1
    }));
}

// Rulebook *Ligne de vue : le bord*: elevated terrain does not block two elevated figures; and
// *Terrain bloquant*: nor does blocking terrain on the ground between them.
#[test]
fn two_elevated_figures_see_over_ground_blocking_terrain_and_hindering() {
    let m = map(&["ee.b.h.ee"]);
    assert_eq!(los(&m, sq(0, 0), sq(8, 0), &[]), Verdict::Clear);
    let m = map(&["eeeeeee"]);
    assert_eq!(los(&m, sq(0, 0), sq(6, 0), &[]), Verdict::Clear);
}

// Elevated blocking terrain still blocks two elevated figures.
#[test]
fn elevated_blocking_terrain_blocks_elevated_figures() {
    let m = map(&["eeeBeee"]);
    assert_eq!(los(&m, sq(0, 0), sq(6, 0), &[]), Verdict::Blocked);
}

// Ground figures do not block a line between two elevated figures.
#[test]
fn ground_figures_do_not_block_two_elevated_figures() {
    let m = map(&["e.....e"]);
    let occ = [fig(5, sq(3, 0), 0)];
    assert_eq!(los(&m, sq(0, 0), sq(6, 0), &occ), Verdict::Clear);
}

// Rulebook *Ligne de vue : le bord* and FAQ *Terrain élevé*: between an elevated and a ground
// figure, elevated terrain other than the elevated figure's own square blocks, so fights
// between a rooftop and the street need the rooftop figure at the edge.
#[test]
fn rooftop_figure_must_stand_at_the_edge_to_see_the_street() {
    let m = map(&["eee....", "eee....", "eee...."]);
    // At the edge (2,1): clear to the street.
    assert_eq!(los(&m, sq(2, 1), sq(6, 1), &[]), Verdict::Clear);
    assert_eq!(los(&m, sq(6, 1), sq(2, 1), &[]), Verdict::Clear);
    // Back from the edge (0,1): the roof square (1,1) and (2,1) are in the way.
    let r = RULES.explain(&m, ep(&m, sq(0, 1)), ep(&m, sq(6, 1)), &());
    assert_eq!(r.verdict, Verdict::Blocked);
    assert!(r.notes.contains(&LosNote::HigherTerrain {
        square: sq(1, 1),
        level: 1
    }));
}

// Rulebook *Ligne de vue : le bord*: ground blocking terrain blocks an elevated↔ground line.
#[test]
fn ground_blocking_terrain_blocks_elevated_to_ground() {
    let m = map(&["e..b..."]);
    assert_eq!(los(&m, sq(0, 0), sq(6, 0), &[]), Verdict::Blocked);
}

// Rulebook *Ligne de vue : le bord*: hindering terrain and other figures do not affect an
// elevated↔ground line, except in the target's square.
#[test]
fn elevated_to_ground_ignores_figures_and_hindering_except_in_targets_square() {
    let m = map(&["e.h.h.."]);
    let occ = [fig(9, sq(3, 0), 0)];
    assert_eq!(los(&m, sq(0, 0), sq(6, 0), &occ), Verdict::Clear);
    assert_eq!(los(&m, sq(0, 0), sq(4, 0), &occ), Verdict::Hindered);
    // Ground attacker at the elevated target: hindering on the ground is ignored too, the
    // rulebook's statement is about the line, not the direction (the 2002 FAQ's reading that
    // favours the elevated attacker is not the rulebook's).
    let m = map(&["e.h...H"]);
    assert_eq!(los(&m, sq(5, 0), sq(0, 0), &[]), Verdict::Clear);
    // Elevated hindering terrain in the elevated target's own square still counts.
    assert_eq!(los(&m, sq(5, 0), sq(6, 0), &[]), Verdict::Hindered);
}

// Rulebook *Terrain élevé*, figure 13: A on elevated terrain and B on the ground next to it
// are not adjacent, but A can still draw a line of fire to B and attack at range.
#[test]
fn figure_13_elevated_attacker_sees_the_figure_below() {
    let m = map(&["e.", ".."]);
    assert!(!m.adjacent(sq(0, 0), sq(1, 0)));
    assert_eq!(los(&m, sq(0, 0), sq(1, 0), &[]), Verdict::Clear);
    assert_eq!(los(&m, sq(0, 0), sq(1, 1), &[]), Verdict::Clear);
}

// Rulebook *Lignes de vue à travers un point d'intersection*: a line exactly through a corner
// point counts as the less restrictive of the two squares touching the point off the line.
#[test]
fn line_through_a_corner_uses_the_less_restrictive_side() {
    // (0,0) → (2,2) passes the point between (1,0) and (0,1).
    let m = map(&[".b.", "...", "..."]);
    assert_eq!(los(&m, sq(0, 0), sq(2, 2), &[]), Verdict::Clear);
    let m = map(&[".b.", "h..", "..."]);
    let r = RULES.explain(&m, ep(&m, sq(0, 0)), ep(&m, sq(2, 2)), &());
    assert_eq!(r.verdict, Verdict::Hindered);
    assert_eq!(r.corners, vec![[sq(1, 0), sq(0, 1)], [sq(2, 1), sq(1, 2)]]);
    // Figures count at a corner: a figure on one side and blocking terrain on the other block.
    let m = map(&[".b.", "...", "..."]);
    let occ = [fig(4, sq(0, 1), 0)];
    assert_eq!(los(&m, sq(0, 0), sq(2, 2), &occ), Verdict::Blocked);
}

// FAQ *Ligne de vue*: a line exactly between two occupied squares is not blocked by them.
#[test]
fn line_exactly_between_two_occupied_squares_is_not_blocked() {
    let m = map(&OPEN);
    let occ = [fig(1, sq(1, 0), 0), fig(2, sq(0, 1), 0)];
    let r = RULES.explain(&m, ep(&m, sq(0, 0)), ep(&m, sq(1, 1)), &occ);
    assert_eq!(r.verdict, Verdict::Clear);
    assert!(matches!(
        r.notes.last(),
        Some(LosNote::Corner {
            between_figures: true,
            ..
        })
    ));
}

// FAQ *Ligne de vue*: a diagonal between two hindering squares is hindered.
#[test]
fn diagonal_between_two_hindering_squares_is_hindered() {
    let m = map(&[".h.", "h..", "..."]);
    assert_eq!(los(&m, sq(0, 0), sq(1, 1), &[]), Verdict::Hindered);
}

// FAQ *Ligne de vue*: a diagonal between two blocking squares is blocked.
#[test]
fn diagonal_between_two_blocking_squares_is_blocked() {
    let m = map(&[".b.", "b..", "..."]);
    assert_eq!(los(&m, sq(0, 0), sq(1, 1), &[]), Verdict::Blocked);
}

// FAQ *Barrière*: no line between a barrier marker and blocking terrain touching diagonally.
#[test]
fn diagonal_between_barrier_and_blocking_terrain_is_blocked() {
    let mut m = map(&[".b.", "...", "..."]);
    m.place_marker(sq(0, 1), Marker::Barrier);
    assert_eq!(los(&m, sq(0, 0), sq(1, 1), &[]), Verdict::Blocked);
}

// FAQ *Terrain bloquant* (a figure on top of outdoor blocking terrain) and rulebook *Détruire un
// terrain bloquant* (the targeted blocking square does not block): blocking terrain in the
// attacker's or the target's own square does not block.
#[test]
fn blocking_terrain_in_the_attackers_or_targets_square_does_not_block() {
    let m = map(&["b.....b"]);
    let r = RULES.explain(&m, ep(&m, sq(0, 0)), ep(&m, sq(6, 0)), &());
    assert_eq!(r.verdict, Verdict::Clear);
    assert!(r
        .notes
        .contains(&LosNote::EndpointBlockingIgnored { square: sq(6, 0) }));
}

// Rulebook *Marqueur débris*: debris on blocking terrain makes it hindering.
#[test]
fn debris_on_destroyed_blocking_terrain_hinders() {
    let mut m = map(&["...b..."]);
    m.place_marker(sq(3, 0), Marker::Debris);
    assert_eq!(los(&m, sq(0, 0), sq(6, 0), &[]), Verdict::Hindered);
}

// FAQ *Ligne de vue*: levitating figures count as on the ground, and do not block a line from
// an elevated figure.
#[test]
fn levitating_figures_count_as_ground_figures() {
    let m = map(&["e......"]);
    let occ = [fig(3, sq(3, 0), 0)];
    assert_eq!(los(&m, sq(0, 0), sq(6, 0), &occ), Verdict::Clear);
    let m = map(&["......."]);
    assert_eq!(los(&m, sq(0, 0), sq(6, 0), &occ), Verdict::Blocked);
}

// Rulebook *Cartes intérieurs/extérieurs*: figures outdoors cannot draw a line of fire over an
// indoor part, whatever their elevation.
#[test]
fn outdoor_figures_cannot_see_over_indoor_squares() {
    let m = map(&["e.iii.e"]);
    let r = RULES.explain(&m, ep(&m, sq(0, 0)), ep(&m, sq(6, 0)), &());
    assert_eq!(r.verdict, Verdict::Blocked);
    assert!(r.notes.contains(&LosNote::OverIndoor { square: sq(2, 0) }));
    // At ground level through a doorway into the indoor part, the walls do the work.
    let m = map(&["..iii.."]);
    assert_eq!(los(&m, sq(0, 0), sq(4, 0), &[]), Verdict::Clear);
}

// Rulebook *Personnage multi-socle et attaques*: a square of a multi-base figure does not block
// the lines drawn from its other squares.
#[test]
fn multi_base_figure_does_not_block_its_own_line() {
    let m = map(&OPEN);
    let occ = [
        fig(8, sq(2, 2), 0),
        fig(8, sq(3, 2), 0),
        fig(8, sq(2, 3), 0),
        fig(8, sq(3, 3), 0),
    ];
    let a = Endpoint::at(&m, sq(2, 2)).with_figure(FigureId(8));
    assert_eq!(RULES.verdict(&m, a, ep(&m, sq(6, 2)), &occ), Verdict::Clear);
    assert_eq!(RULES.verdict(&m, a, ep(&m, sq(5, 5)), &occ), Verdict::Clear);
    // Another figure's line through it is blocked.
    assert_eq!(
        RULES.verdict(&m, ep(&m, sq(0, 2)), ep(&m, sq(6, 2)), &occ),
        Verdict::Blocked
    );
}

// HorrorClix *Ligne de vue*: its own corner rule plugs into the same core: a line between two
// figures is blocked there.
#[test]
fn horrorclix_corner_rule_blocks_between_two_figures() {
    let m = map(&OPEN);
    let occ = [fig(1, sq(1, 0), 0), fig(2, sq(0, 1), 0)];
    assert_eq!(
        ClixLos::HORRORCLIX.verdict(&m, ep(&m, sq(0, 0)), ep(&m, sq(1, 1)), &occ),
        Verdict::Blocked
    );
    let m = map(&[".h.", "b..", "..."]);
    assert_eq!(
        ClixLos::HORRORCLIX.verdict(&m, ep(&m, sq(0, 0)), ep(&m, sq(1, 1)), &()),
        Verdict::Hindered
    );
}

#[test]
fn explanations_read_in_both_languages() {
    let m = map(&[".h.b..."]);
    let r = RULES.explain(&m, ep(&m, sq(0, 0)), ep(&m, sq(6, 0)), &());
    let en = r.describe(skirmish_lang::Lang::En).join("\n");
    let fr = r.describe(skirmish_lang::Lang::Fr).join("\n");
    assert!(en.contains("hindering terrain at 1,0"), "{en}");
    assert!(en.contains("blocked: blocking terrain at 3,0"), "{en}");
    assert!(fr.contains("terrain gênant en 1,0"), "{fr}");
    assert!(fr.contains("terrain bloquant en 3,0"), "{fr}");
}
