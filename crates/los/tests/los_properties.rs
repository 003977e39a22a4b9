//! Properties of line of sight over random maps.

use proptest::prelude::*;
use skirmish_board::square::{Dir, MapKind, Marker, Square, SquareMap, Terrain};
use skirmish_los::{ClixLos, Endpoint, FigureId, OccupancyGrid, Occupant, Verdict};

fn arb_map() -> impl Strategy<Value = (SquareMap, OccupancyGrid)> {
    let cells = proptest::collection::vec((0u8..10, 0u8..6, 0u8..8, 0u8..12), 64);
    cells.prop_map(|cells| {
        let mut m = SquareMap::new("p", MapKind::Mixed, 8, 8);
        let mut occ = OccupancyGrid::new(&m);
        for (i, (t, lvl, wall, f)) in cells.into_iter().enumerate() {
            let s = Square::new(i as i32 % 8, i as i32 / 8);
            let c = m.cell_mut(s).unwrap();
            c.terrain = match t {
                0 => Terrain::HINDERING,
                1 => Terrain::BLOCKING,
                2 => Terrain::WATER,
                _ => Terrain::CLEAR,
            };
            c.level = u8::from(lvl == 0);
            c.indoor = lvl == 1;
            match wall {
                0 => m.set_wall(s, Dir::E, true),
                1 => m.set_wall(s, Dir::S, true),
                _ => {}
            }
            if f == 0 {
                occ.set(
                    s,
                    Some(Occupant {
                        figure: FigureId(i as u32),
                        level: m.level(s),
                    }),
                );
            }
        }
        (m, occ)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    // Blocking is symmetric: if A cannot see B, B cannot see A.
    #[test]
    fn blocked_is_symmetric((m, occ) in arb_map(), ax in 0i32..8, ay in 0i32..8, bx in 0i32..8, by in 0i32..8) {
        let (a, b) = (Square::new(ax, ay), Square::new(bx, by));
        let ea = Endpoint::at(&m, a);
        let eb = Endpoint::at(&m, b);
        let ab = ClixLos::HEROCLIX.verdict(&m, ea, eb, &occ);
        let ba = ClixLos::HEROCLIX.verdict(&m, eb, ea, &occ);
        prop_assert_eq!(ab == Verdict::Blocked, ba == Verdict::Blocked);
        // The full verdict is symmetric when neither end stands in hindering terrain: only the
        // attacker's own square is excused from hindering (rulebook *Terrain gênant*).
        let hind = |s: Square| m.cell(s).unwrap().is_hindering();
        if !hind(a) && !hind(b) {
            prop_assert_eq!(ab, ba);
        }
    }

    // The fast verdict and the explained one never disagree, and explanations name a reason for
    // anything but a clear line.
    #[test]
    fn fast_and_explained_agree((m, occ) in arb_map(), ax in 0i32..8, ay in 0i32..8, bx in 0i32..8, by in 0i32..8) {
        let ea = Endpoint::at(&m, Square::new(ax, ay));
        let eb = Endpoint::at(&m, Square::new(bx, by));
        let fast = ClixLos::HEROCLIX.verdict(&m, ea, eb, &occ);
        let full = ClixLos::HEROCLIX.explain(&m, ea, eb, &occ);
        prop_assert_eq!(fast, full.verdict);
        if fast != Verdict::Clear {
            prop_assert!(!full.notes.is_empty());
        }
        prop_assert_eq!(full.squares.first().copied(), Some(ea.square));
        prop_assert_eq!(full.squares.last().copied(), Some(eb.square));
    }

    // The same on richer boards: three levels, markers, walls on every side, figures at the
    // ends named or not, ends above their squares' level, and both intersection rules.
    #[test]
    fn fast_and_explained_agree_everywhere(
        (mut m, occ) in arb_map(),
        extra in proptest::collection::vec((0u8..3, 0u8..6, 0u8..6), 64),
        (ax, ay, bx, by) in (0i32..8, 0i32..8, 0i32..8, 0i32..8),
        (la, lb, named) in (0u8..3, 0u8..3, 0u8..4),
    ) {
        for (i, (lvl, marker, wall)) in extra.into_iter().enumerate() {
            let s = Square::new(i as i32 % 8, i as i32 / 8);
            if lvl == 2 {
                m.cell_mut(s).unwrap().level = 2;
            }
            match marker {
                0 => m.place_marker(s, Marker::Debris),
                1 => m.place_marker(s, Marker::Barrier),
                2 => m.place_marker(s, Marker::Smoke),
                _ => {}
            }
            match wall {
                0 => m.set_wall(s, Dir::W, true),
                1 => m.set_wall(s, Dir::N, true),
                _ => {}
            }
        }
        let mut ea = Endpoint::at(&m, Square::new(ax, ay));
        let mut eb = Endpoint::at(&m, Square::new(bx, by));
        if la < 2 { ea.level = la; }
        if lb < 2 { eb.level = lb; }
        // Name the figures standing at the ends, so that they do not get in their own way.
        use skirmish_los::Occupancy;
        if named & 1 != 0 {
            if let Some(o) = occ.occupant(ea.square) { ea = ea.with_figure(o.figure); }
        }
        if named & 2 != 0 {
            if let Some(o) = occ.occupant(eb.square) { eb = eb.with_figure(o.figure); }
        }
        for rules in [ClixLos::HEROCLIX, ClixLos::HORRORCLIX] {
            let fast = rules.verdict(&m, ea, eb, &occ);
            prop_assert_eq!(fast, rules.explain(&m, ea, eb, &occ).verdict);
        }
    }

    // Off-map endpoints are an answer (blocked), never a panic.
    #[test]
    fn off_map_endpoints_are_blocked(ax in -20i32..30, ay in -20i32..30, bx in -20i32..30, by in -20i32..30) {
        let m = SquareMap::new("p", MapKind::Outdoor, 8, 8);
        let ea = Endpoint { square: Square::new(ax, ay), level: 0, figure: None };
        let eb = Endpoint { square: Square::new(bx, by), level: 0, figure: None };
        let v = ClixLos::HEROCLIX.verdict(&m, ea, eb, &());
        if !m.contains(ea.square) || !m.contains(eb.square) {
            prop_assert_eq!(v, Verdict::Blocked);
        }
    }
}
