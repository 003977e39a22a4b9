//! Clix movement rules (HeroClix rulebook; HorrorClix says the same), one test per rule,
//! citing the rulebook or FAQ section.

use skirmish_board::square::{sketch, Dir, Square, SquareMap};
use skirmish_board::FigureId;
use skirmish_clix::movement::{reach, ClixMoveGraph, MoveQuery, MoveRefusal, Side, Standing};

fn sq(x: i32, y: i32) -> Square {
    Square::new(x, y)
}

fn map(rows: &[&str]) -> SquareMap {
    sketch(rows).expect("valid sketch")
}

fn enemy(id: u32, s: Square) -> Standing {
    Standing {
        square: s,
        figure: FigureId(id),
        side: Side::Enemy,
    }
}

fn friend(id: u32, s: Square) -> Standing {
    Standing {
        square: s,
        figure: FigureId(id),
        side: Side::Friend,
    }
}

fn q<'a>(from: Square, speed: u32, others: &'a [Standing]) -> MoveQuery<'a> {
    MoveQuery {
        from,
        speed: speed.into(),
        others,
        broke_away_from: &[],
        near: &[],
    }
}

fn open(w: usize, h: usize) -> SquareMap {
    let row = ".".repeat(w);
    let rows: Vec<&str> = (0..h).map(|_| row.as_str()).collect();
    map(&rows)
}

// Rulebook *Actions de déplacement*, figure 7: a figure moves up to its speed in any direction,
// diagonals included, each square counting 1; it may also move 0 squares.
#[test]
fn moves_up_to_its_speed_with_diagonals_counting_one() {
    let m = open(12, 12);
    let r = reach(&m, &q(sq(0, 0), 8, &[])).unwrap();
    assert!(r.can_end_at(sq(8, 8)));
    assert!(r.can_end_at(sq(0, 0)));
    assert!(!r.can_end_at(sq(9, 0)));
    assert_eq!(r.path_to(sq(8, 8)).unwrap().cost, 8);
    assert_eq!(r.destinations().len(), 81);
    assert_eq!(
        r.path_to(sq(9, 9)).unwrap_err(),
        MoveRefusal::TooFar {
            needs: 9,
            allowance: 8
        }
    );
}

// Rulebook *Terrain gênant*, FAQ *Terrain gênant*: entering hindering terrain from terrain that
// does not hinder ends the move.
#[test]
fn entering_hindering_terrain_ends_the_move() {
    let m = map(&["..h...."]);
    let r = reach(&m, &q(sq(0, 0), 6, &[])).unwrap();
    assert!(r.can_end_at(sq(2, 0)));
    assert!(!r.can_end_at(sq(3, 0)));
    assert_eq!(
        r.path_to(sq(3, 0)).unwrap_err(),
        MoveRefusal::StopsEarlier(sq(3, 0))
    );
}

// Rulebook *Terrain gênant*, FAQ *Terrain gênant*: starting in hindering terrain halves the
// speed, rounded up (FAQ *Arrondir*); moving on through more hindering terrain does not stop.
#[test]
fn starting_in_hindering_terrain_halves_speed_rounded_up() {
    let m = map(&["hhhhhhhhh"]);
    let r = reach(&m, &q(sq(0, 0), 7, &[])).unwrap();
    assert_eq!(r.allowance, 4);
    assert!(r.halved);
    assert!(r.can_end_at(sq(4, 0)));
    assert!(!r.can_end_at(sq(5, 0)));
}

// Rulebook *Valeurs de remplacement*, *Règles d'or* 1: the halving is a replacement value, made
// before the modifiers, so the game gives the hindered speed it worked out: printed 7 +1 moves
// 5 from hindering terrain (not half of 8), and 8 from clear terrain.
#[test]
fn the_hindered_speed_the_game_gives_is_the_one_used() {
    let m = map(&["hhhhhhhhh"]);
    let speed = skirmish_clix::movement::Speed {
        full: 8,
        hindered: 5,
    };
    let r = reach(
        &m,
        &MoveQuery {
            speed,
            ..q(sq(0, 0), 0, &[])
        },
    )
    .unwrap();
    assert_eq!((r.allowance, r.halved), (5, true));
    let clear = map(&["........."]);
    let r = reach(
        &clear,
        &MoveQuery {
            speed,
            ..q(sq(0, 0), 0, &[])
        },
    )
    .unwrap();
    assert_eq!((r.allowance, r.halved), (8, false));
}

// Rulebook *Eau*: water hinders movement like hindering terrain.
#[test]
fn water_hinders_movement() {
    let m = map(&["..ww..."]);
    let r = reach(&m, &q(sq(0, 0), 6, &[])).unwrap();
    assert!(r.can_end_at(sq(2, 0)));
    assert!(!r.can_end_at(sq(3, 0)));
    let from_water = reach(&m, &q(sq(2, 0), 6, &[])).unwrap();
    assert_eq!(from_water.allowance, 3);
}

// Rulebook *Déplacer votre personnage*: a move must stop on entering a square adjacent to an
// opposing figure.
#[test]
fn becoming_adjacent_to_an_enemy_ends_the_move() {
    let m = open(9, 3);
    let others = [enemy(1, sq(5, 1))];
    let r = reach(&m, &q(sq(0, 1), 8, &others)).unwrap();
    assert!(r.can_end_at(sq(4, 1)));
    assert!(!r.can_end_at(sq(6, 1)), "cannot go past the enemy");
    assert!(!r.can_end_at(sq(8, 1)));
    // Going round at a distance is fine... there is no room on a 3-row map, so the far side
    // is unreachable.
    assert_eq!(
        r.path_to(sq(8, 1)).unwrap_err(),
        MoveRefusal::StopsEarlier(sq(8, 1))
    );
}

// Rulebook *Évasion*: a figure starting next to an enemy must break away; once it has, squares
// next to the enemies it broke away from do not stop it, others still do.
#[test]
fn breakaway_lets_the_figure_move_past_the_enemies_it_escaped() {
    let m = open(9, 3);
    let others = [enemy(1, sq(1, 1)), enemy(2, sq(7, 1))];
    let before = reach(&m, &q(sq(0, 1), 8, &others)).unwrap();
    assert!(before.needs_breakaway);
    let escaped = [FigureId(1)];
    let query = MoveQuery {
        broke_away_from: &escaped,
        ..q(sq(0, 1), 8, &others)
    };
    let r = reach(&m, &query).unwrap();
    assert!(!r.needs_breakaway);
    assert!(r.can_end_at(sq(3, 1)));
    assert!(r.can_end_at(sq(6, 1)), "stops next to enemy 2");
    assert!(!r.can_end_at(sq(8, 1)));
}

// Rulebook *Déplacer votre personnage*: figures move through friends but never end on an
// occupied square; opposing figures cannot be crossed.
#[test]
fn passes_through_friends_not_enemies_and_never_ends_on_a_figure() {
    let m = map(&["bbbbb", ".....", "bbbbb"]);
    let friends = [friend(1, sq(2, 1))];
    let r = reach(&m, &q(sq(0, 1), 4, &friends)).unwrap();
    assert!(r.can_end_at(sq(3, 1)));
    assert!(!r.can_end_at(sq(2, 1)));
    assert_eq!(
        r.path_to(sq(2, 1)).unwrap_err(),
        MoveRefusal::Occupied(sq(2, 1))
    );
    // An enemy in the corridor: cannot be crossed (and stops the move next to it).
    let m = map(&["bbbbbbb", ".......", "bbbbbbb"]);
    let foes = [enemy(2, sq(3, 1))];
    let r = reach(&m, &q(sq(0, 1), 6, &foes)).unwrap();
    assert!(!r.can_end_at(sq(5, 1)));
}

// Rulebook *Terrain bloquant* and *Murs*: blocking terrain and walls cannot be entered or
// crossed.
#[test]
fn blocking_terrain_and_walls_cannot_be_crossed() {
    let m = map(&["..b..", "..b..", "..b.."]);
    let r = reach(&m, &q(sq(0, 1), 10, &[])).unwrap();
    assert!(!r.can_end_at(sq(3, 1)));
    assert_eq!(
        r.path_to(sq(2, 1)).unwrap_err(),
        MoveRefusal::BlockingTerrain(sq(2, 1))
    );
    assert!(r.destinations().iter().all(|(s, _)| s.x < 2));

    let mut m = open(4, 1);
    m.set_wall(sq(1, 0), Dir::E, true);
    let r = reach(&m, &q(sq(0, 0), 4, &[])).unwrap();
    assert!(!r.can_end_at(sq(2, 0)));
    assert_eq!(
        r.path_to(sq(2, 0)).unwrap_err(),
        MoveRefusal::Wall {
            from: sq(1, 0),
            to: sq(2, 0)
        }
    );
}

// Rulebook *Déplacement à travers un point d'intersection*: a diagonal step through a corner
// point counts as the less restrictive of the two squares touching it off the path.
#[test]
fn diagonal_step_through_a_corner_uses_the_less_restrictive_side() {
    // Blocking on one side, clear on the other: the step is allowed.
    let m = map(&[".b", ".."]);
    assert!(reach(&m, &q(sq(0, 0), 1, &[]))
        .unwrap()
        .can_end_at(sq(1, 1)));
    // Blocking on both sides: no diagonal squeeze.
    let m = map(&[".b", "b."]);
    let r = reach(&m, &q(sq(0, 0), 3, &[])).unwrap();
    assert_eq!(
        r.path_to(sq(1, 1)).unwrap_err(),
        MoveRefusal::Corner {
            from: sq(0, 0),
            to: sq(1, 1)
        }
    );
    // Blocking terrain and an opposing figure: blocked too (figures count at the point).
    let m = map(&[".b.", "...", "..."]);
    let others = [enemy(1, sq(0, 1))];
    let r = reach(&m, &q(sq(0, 0), 1, &others)).unwrap();
    assert!(!r.can_end_at(sq(1, 1)));
    // A friendly figure does not get in the way.
    let others = [friend(1, sq(0, 1))];
    assert!(reach(&m, &q(sq(0, 0), 1, &others))
        .unwrap()
        .can_end_at(sq(1, 1)));
    // Hindering on both sides: the corner is hindering, the move stops after it.
    let m = map(&[".....", "..h..", ".h...", ".....", "....."]);
    let r = reach(&m, &q(sq(1, 1), 5, &[])).unwrap();
    assert!(r.can_end_at(sq(2, 2)));
    let p = r.path_to(sq(3, 3)).unwrap();
    assert!(
        !p.nodes.windows(2).any(|w| w == [sq(1, 1), sq(2, 2)]),
        "the way through the hindering corner stops there: {p:?}"
    );
}

// Rulebook *Déplacement : échelles et escaliers*, FAQ *Escaliers*: levels change only by
// stairs and ladders; a staircase is climbed through every step; only the top step is
// elevated; stairs are not hindering.
#[test]
fn stairs_change_elevation_through_every_step() {
    let mut m = map(&["......eee", ".......ee", "........e", "........."]);
    m.add_staircase(vec![sq(4, 0), sq(5, 0), sq(6, 0)]).unwrap();
    let r = reach(&m, &q(sq(0, 0), 10, &[])).unwrap();
    assert!(r.can_end_at(sq(8, 0)), "the roof is reached by the stairs");
    let p = r.path_to(sq(8, 0)).unwrap();
    let i4 = p.nodes.iter().position(|s| *s == sq(4, 0)).unwrap();
    assert_eq!(&p.nodes[i4..i4 + 3], &[sq(4, 0), sq(5, 0), sq(6, 0)]);
    // From the ground next to the roof there is no other way up.
    let r = reach(&m, &q(sq(6, 2), 1, &[])).unwrap();
    assert!(!r.can_end_at(sq(7, 1)));
    assert_eq!(
        r.path_to(sq(7, 1)).unwrap_err(),
        MoveRefusal::TooFar {
            needs: 5,
            allowance: 1
        },
        "only the long way round by the stairs"
    );
    // The middle step cannot be entered from the side.
    let r = reach(&m, &q(sq(5, 1), 1, &[])).unwrap();
    assert!(!r.can_end_at(sq(5, 0)));
    assert_eq!(
        r.path_to(sq(5, 0)).unwrap_err(),
        MoveRefusal::TooFar {
            needs: 2,
            allowance: 1
        },
        "only through the foot of the stairs"
    );
    let query = q(sq(5, 1), 1, &[]);
    let graph = ClixMoveGraph::new(&m, &query);
    assert_eq!(
        graph.step_refusal(sq(5, 1), sq(5, 0)),
        Some(MoveRefusal::StairsSide {
            from: sq(5, 1),
            to: sq(5, 0)
        })
    );
}

// Rulebook *Déplacement : échelles et escaliers*: a ladder joins its two squares.
#[test]
fn ladders_join_their_two_squares() {
    let mut m = map(&["..ee", "..ee", "...."]);
    m.add_ladder(sq(1, 1), sq(2, 1)).unwrap();
    let r = reach(&m, &q(sq(0, 2), 3, &[])).unwrap();
    assert!(r.can_end_at(sq(3, 0)));
    let p = r.path_to(sq(3, 0)).unwrap();
    assert!(p.nodes.windows(2).any(|w| w == [sq(1, 1), sq(2, 1)]));
}

// Rulebook *Terrain élevé*: a figure on elevated terrain cannot jump down.
#[test]
fn elevated_figures_cannot_jump_down() {
    let m = map(&["ee..", "ee.."]);
    let r = reach(&m, &q(sq(0, 0), 5, &[])).unwrap();
    let ends: Vec<Square> = r.destinations().into_iter().map(|(s, _)| s).collect();
    assert_eq!(ends, vec![sq(0, 0), sq(1, 0), sq(0, 1), sq(1, 1)]);
}

#[test]
fn refusals_read_in_both_languages() {
    let e = MoveRefusal::TooFar {
        needs: 9,
        allowance: 8,
    };
    assert!(e.text(skirmish_lang::Lang::En).contains("too far"));
    assert!(e.text(skirmish_lang::Lang::Fr).contains("trop loin"));
}

// Rulebook *Déplacer un personnage multi-socle*: the whole base moves and must end where every
// square of it may be occupied; FAQ *Sentinelles*: a 2×2 base cannot squeeze through a doorway
// one square wide.
#[test]
fn multi_base_figures_move_their_whole_base_and_not_through_narrow_doorways() {
    use skirmish_clix::movement::reach_multi;
    let m = map(&["......", "......", "......", "......", "......", "......"]);
    let ends: Vec<Square> = reach_multi(&m, &q(sq(0, 0), 2, &[]), 2, 2, Default::default())
        .unwrap()
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    assert!(ends.contains(&sq(2, 2)));
    assert!(!ends.contains(&sq(5, 0)), "the base would hang off the map");
    // A wall with a one-square doorway at row 2 between columns 2 and 3.
    let mut m = map(&["......", "......", "......", "......", "......", "......"]);
    for y in [0, 1, 3, 4, 5] {
        m.set_wall(sq(2, y), Dir::E, true);
    }
    let ends: Vec<Square> = reach_multi(&m, &q(sq(0, 1), 6, &[]), 2, 2, Default::default())
        .unwrap()
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    assert!(
        ends.iter().all(|s| s.x < 2),
        "no part of the base gets past the wall: {ends:?}"
    );
    // A single-base figure walks through.
    let r = reach(&m, &q(sq(0, 2), 6, &[])).unwrap();
    assert!(r.can_end_at(sq(5, 2)));
}
