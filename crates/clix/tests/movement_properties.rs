//! Properties of the Clix movement search over random boards.

use proptest::prelude::*;
use skirmish_board::square::{Dir, MapKind, Square, SquareMap, Terrain};
use skirmish_board::FigureId;
use skirmish_clix::movement::{reach, ClixMoveGraph, MoveQuery, Side, Standing};

fn arb_board() -> impl Strategy<Value = (SquareMap, Vec<Standing>)> {
    proptest::collection::vec((0u8..12, 0u8..10, 0u8..10, 0u8..14), 100).prop_map(|cells| {
        let mut m = SquareMap::new("p", MapKind::Outdoor, 10, 10);
        let mut others = Vec::new();
        for (i, (t, lvl, wall, f)) in cells.into_iter().enumerate() {
            let s = Square::new(i as i32 % 10, i as i32 / 10);
            let c = m.cell_mut(s).unwrap();
            c.terrain = match t {
                _ if i == 0 => Terrain::CLEAR,
                0 | 1 => Terrain::HINDERING,
                2 => Terrain::BLOCKING,
                3 => Terrain::WATER,
                _ => Terrain::CLEAR,
            };
            c.level = u8::from(lvl == 0);
            match wall {
                0 => m.set_wall(s, Dir::E, true),
                1 => m.set_wall(s, Dir::S, true),
                _ => {}
            }
            if f < 2 && i != 0 {
                others.push(Standing {
                    square: s,
                    figure: FigureId(i as u32),
                    side: if f == 0 { Side::Enemy } else { Side::Friend },
                });
            }
        }
        (m, others)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    // Every destination's path is a legal move: touching steps, none refused, no blocking
    // square, within the allowance, ending on a free square; only the last step may be one
    // that ends a move.
    #[test]
    fn every_destination_has_a_legal_path((m, others) in arb_board(), speed in 0u32..12) {
        let query = MoveQuery { from: Square::new(0, 0), speed: speed.into(), others: &others, broke_away_from: &[], near: &[] };
        let r = reach(&m, &query).unwrap();
        let graph = ClixMoveGraph::new(&m, &query);
        for (dest, cost) in r.destinations() {
            prop_assert!(!m.cell(dest).unwrap().is_blocking(), "blocking square {dest} reachable");
            prop_assert!(dest == query.from || !others.iter().any(|o| o.square == dest));
            prop_assert!(cost <= r.allowance);
            let p = r.path_to(dest).unwrap();
            prop_assert_eq!(p.nodes.len() as u32 - 1, p.cost);
            prop_assert_eq!(p.nodes[0], query.from);
            for w in p.nodes.windows(2) {
                prop_assert_eq!(w[0].distance(w[1]), 1);
                prop_assert_eq!(graph.step_refusal(w[0], w[1]), None);
                prop_assert!(!m.cell(w[1]).unwrap().is_blocking());
            }
            // No square before the last was one where the move had to stop.
            for (k, s) in p.nodes.iter().enumerate().skip(1) {
                if k + 1 < p.nodes.len() {
                    prop_assert!(!graph.near_enemy(*s), "path goes on past {s}, next to an enemy");
                    let prev = m.cell(p.nodes[k - 1]).unwrap();
                    let here = m.cell(*s).unwrap();
                    prop_assert!(!here.hinders_movement() || prev.hinders_movement(),
                        "path goes on after entering hindering terrain at {s}");
                }
            }
        }
    }

    // A faster figure reaches everything a slower one does.
    #[test]
    fn more_speed_never_reaches_less((m, others) in arb_board(), speed in 0u32..10) {
        let slow = MoveQuery { from: Square::new(0, 0), speed: speed.into(), others: &others, broke_away_from: &[], near: &[] };
        let fast = MoveQuery { speed: (speed + 1).into(), ..slow.clone() };
        let a = reach(&m, &slow).unwrap();
        let b = reach(&m, &fast).unwrap();
        for (s, _) in a.destinations() {
            prop_assert!(b.can_end_at(s));
        }
    }
}
