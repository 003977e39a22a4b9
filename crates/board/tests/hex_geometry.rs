//! Properties of hex geometry: distance, neighbours, rotations, rings, the exact line and facing
//! arcs, checked on random hexes against independent definitions.

use proptest::prelude::*;
use skirmish_board::hex::{line, Facing, FacingArc, Hex, HexDir, LineStep};

fn hex() -> impl Strategy<Value = Hex> {
    (-30i32..30, -30i32..30).prop_map(|(q, r)| Hex::new(q, r))
}

fn dir() -> impl Strategy<Value = HexDir> {
    (0u8..6).prop_map(HexDir::from_index)
}

fn cube(h: Hex) -> [i128; 3] {
    let (q, r, s) = h.cube();
    [i128::from(q), i128::from(r), i128::from(s)]
}

fn dot(a: [i128; 3], b: [i128; 3]) -> i128 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn sub(a: [i128; 3], b: [i128; 3]) -> [i128; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn scale(a: [i128; 3], k: i128) -> [i128; 3] {
    [a[0] * k, a[1] * k, a[2] * k]
}

/// Independent oracle: does the segment between the centres of `a` and `b` pass through the open
/// inside of hex `h`? The open hex is {p : dot(p - h, e) < 1 for the six unit vectors e}; along
/// p(t) = A + t·D each condition bounds t strictly, and the segment meets the cell iff the
/// resulting open interval (lo, hi) meets [0, 1].
fn crosses_inside(a: Hex, b: Hex, h: Hex) -> bool {
    let (pa, d) = (cube(a), sub(cube(b), cube(a)));
    let rel = sub(pa, cube(h));
    // Bounds as fractions n/m with m > 0; None is infinite.
    let mut lo: Option<(i128, i128)> = None;
    let mut hi: Option<(i128, i128)> = None;
    for e in HexDir::ALL.map(|dir| cube(Hex::ORIGIN.neighbour(dir))) {
        let c = dot(rel, e);
        let k = dot(d, e);
        if k == 0 {
            if c >= 1 {
                return false;
            }
        } else if k > 0 {
            let f = (1 - c, k);
            if hi.is_none_or(|(n, m)| f.0 * m < n * f.1) {
                hi = Some(f);
            }
        } else {
            let f = (c - 1, -k);
            if lo.is_none_or(|(n, m)| f.0 * m > n * f.1) {
                lo = Some(f);
            }
        }
    }
    let lo_lt_1 = lo.is_none_or(|(n, m)| n < m);
    let hi_gt_0 = hi.is_none_or(|(n, _)| n > 0);
    let lo_lt_hi = match (lo, hi) {
        (Some((n1, m1)), Some((n2, m2))) => n1 * m2 < n2 * m1,
        _ => true,
    };
    lo_lt_1 && hi_gt_0 && lo_lt_hi
}

/// True when the corner point `p3 / 3` (cube coordinates times 3) lies on the segment.
fn on_segment(a: Hex, b: Hex, p3: [i128; 3]) -> bool {
    let (a3, b3) = (scale(cube(a), 3), scale(cube(b), 3));
    let (v, d) = (sub(p3, a3), sub(b3, a3));
    let cross = [
        v[1] * d[2] - v[2] * d[1],
        v[2] * d[0] - v[0] * d[2],
        v[0] * d[1] - v[1] * d[0],
    ];
    cross == [0, 0, 0] && dot(v, d) >= 0 && dot(v, d) <= dot(d, d)
}

fn step_hexes(steps: &[LineStep]) -> Vec<Hex> {
    steps
        .iter()
        .filter_map(|s| match s {
            LineStep::Hex(h) => Some(*h),
            LineStep::Edge(..) => None,
        })
        .collect()
}

proptest! {
    #[test]
    fn distance_is_a_metric(a in hex(), b in hex(), c in hex()) {
        prop_assert_eq!(a.distance(b), b.distance(a));
        prop_assert_eq!(a.distance(a), 0);
        prop_assert!(a == b || a.distance(b) > 0);
        prop_assert!(a.distance(c) <= a.distance(b) + b.distance(c));
    }

    #[test]
    fn neighbours_are_at_distance_one(a in hex()) {
        let ns = a.neighbours();
        for (i, n) in ns.iter().enumerate() {
            prop_assert_eq!(a.distance(*n), 1);
            prop_assert_eq!(a.direction_to(*n), Some(HexDir::ALL[i]));
            prop_assert_eq!(n.neighbour(HexDir::ALL[i].opposite()), a);
        }
        let mut sorted = ns.to_vec();
        sorted.sort();
        sorted.dedup();
        prop_assert_eq!(sorted.len(), 6);
    }

    #[test]
    fn six_rotations_are_the_identity(d in dir(), steps in 0u8..20) {
        let mut cw = d;
        let mut ccw = d;
        for _ in 0..6 {
            cw = cw.rotate_cw();
            ccw = ccw.rotate_ccw();
        }
        prop_assert_eq!(cw, d);
        prop_assert_eq!(ccw, d);
        prop_assert_eq!(d.rotate_cw().rotate_ccw(), d);
        prop_assert_eq!(d.opposite(), d.rotate_cw_by(3));
        prop_assert_eq!(d.rotate_cw_by(steps), d.rotate_cw_by(steps % 6));
    }

    #[test]
    fn rings_have_six_r_hexes(a in hex(), radius in 0u32..12) {
        let ring = a.ring(radius);
        prop_assert_eq!(ring.len(), if radius == 0 { 1 } else { 6 * radius as usize });
        for h in &ring {
            prop_assert_eq!(a.distance(*h), radius);
        }
        let mut sorted = ring.clone();
        sorted.sort();
        sorted.dedup();
        prop_assert_eq!(sorted.len(), ring.len());
        let spiral = a.spiral(radius);
        prop_assert_eq!(spiral.len(), 1 + 3 * radius as usize * (radius as usize + 1));
        prop_assert!(spiral.iter().all(|h| a.distance(*h) <= radius));
    }

    #[test]
    fn text_form_round_trips(a in hex(), d in dir()) {
        prop_assert_eq!(a.to_string().parse::<Hex>(), Ok(a));
        prop_assert_eq!(d.to_string().parse::<HexDir>(), Ok(d));
    }

    #[test]
    fn line_has_the_right_ends_and_reads_the_same_backwards(a in hex(), b in hex()) {
        let l = line(a, b);
        prop_assert_eq!(l.first().copied(), Some(LineStep::Hex(a)));
        prop_assert_eq!(l.last().copied(), Some(LineStep::Hex(b)));
        let mut back = line(b, a);
        back.reverse();
        prop_assert_eq!(&l, &back);
        // Each step moves at most one hex further (an edge pair stands for the hex in between).
        prop_assert!(l.len() > a.distance(b) as usize);
    }

    #[test]
    fn line_crosses_exactly_the_hexes_it_passes_inside(a in hex(), b in hex()) {
        let l = line(a, b);
        let mut reported = step_hexes(&l);
        reported.sort();
        let n = a.distance(b);
        let mut expected: Vec<Hex> = a
            .range(n + 1)
            .into_iter()
            .filter(|h| crosses_inside(a, b, *h))
            .collect();
        expected.sort();
        prop_assert_eq!(reported, expected);
    }

    #[test]
    fn line_steps_are_connected(a in hex(), b in hex()) {
        let l = line(a, b);
        for w in l.windows(2) {
            match (w[0], w[1]) {
                (LineStep::Hex(x), LineStep::Hex(y)) => prop_assert_eq!(x.distance(y), 1),
                (LineStep::Hex(x), LineStep::Edge(p, q)) | (LineStep::Edge(p, q), LineStep::Hex(x)) => {
                    prop_assert_eq!(x.distance(p), 1);
                    prop_assert_eq!(x.distance(q), 1);
                }
                (LineStep::Edge(..), LineStep::Edge(..)) => prop_assert!(false, "two edges in a row"),
            }
        }
    }

    #[test]
    fn edges_are_reported_exactly_on_diagonals(a in hex(), b in hex()) {
        let l = line(a, b);
        let d = sub(cube(b), cube(a));
        let diagonal = a != b && (d[0] == d[1] || d[1] == d[2] || d[0] == d[2]);
        let edges: Vec<(Hex, Hex)> = l
            .iter()
            .filter_map(|s| match s {
                LineStep::Edge(p, q) => Some((*p, *q)),
                LineStep::Hex(_) => None,
            })
            .collect();
        if diagonal {
            // A diagonal of k steps of two hexes each runs along k edges.
            let k = d.iter().map(|x| x.abs()).max().unwrap_or(0) / 2;
            prop_assert_eq!(edges.len() as i128, k);
        } else {
            prop_assert!(edges.is_empty());
        }
        for (p, q) in edges {
            prop_assert!(p < q);
            let Some(dir) = p.direction_to(q) else {
                prop_assert!(false, "edge between non-neighbours");
                continue;
            };
            let e = cube(Hex::ORIGIN.neighbour(dir));
            let base = scale(cube(p), 3);
            for side in [dir.rotate_cw(), dir.rotate_ccw()] {
                let corner = [0, 1, 2].map(|i| base[i] + e[i] + cube(Hex::ORIGIN.neighbour(side))[i]);
                prop_assert!(on_segment(a, b, corner), "edge {p}|{q} not on the line");
            }
        }
    }

    #[test]
    fn facing_arcs_mirror_and_rotate(at in hex(), target in hex(), d in dir(), turns in 0u8..6) {
        prop_assume!(at != target);
        let f = Facing(d);
        let arc = f.arc_of(at, target);
        let mirrored = match arc {
            Some(FacingArc::Front) => Some(FacingArc::Rear),
            Some(FacingArc::Rear) => Some(FacingArc::Front),
            other => other,
        };
        prop_assert_eq!(Facing(d.opposite()).arc_of(at, target), mirrored);
        // Turning the figure and the target together around the figure keeps the arc.
        let mut v = target - at;
        for _ in 0..turns {
            let (_, r, s) = v.cube();
            v = Hex::new(-r, -s); // 60° clockwise in cube coordinates
        }
        prop_assert_eq!(Facing(d.rotate_cw_by(turns)).arc_of(at, at + v), arc);
        prop_assert_eq!(f.is_side_attack(at, target), arc == Some(FacingArc::Rear));
        // The facings towards a target always put it in front.
        for t in Facing::toward(at, target) {
            prop_assert_eq!(t.arc_of(at, target), Some(FacingArc::Front));
        }
    }
}

#[test]
fn rotation_helper_in_the_test_turns_like_hexdir() {
    // The cube rotation used above must agree with HexDir::rotate_cw.
    for d in HexDir::ALL {
        let (_, r, s) = Hex::ORIGIN.neighbour(d).cube();
        let turned = Hex::new(-r, -s);
        assert_eq!(turned, Hex::ORIGIN.neighbour(d.rotate_cw()));
    }
}

#[test]
fn line_through_an_exact_edge_reports_the_pair() {
    let l = line(Hex::new(2, 2), Hex::new(3, 3));
    assert_eq!(
        l,
        vec![
            LineStep::Hex(Hex::new(2, 2)),
            LineStep::Edge(Hex::new(3, 2), Hex::new(2, 3)),
            LineStep::Hex(Hex::new(3, 3)),
        ]
    );
    let pair = l[1];
    assert_eq!(
        pair.hexes().collect::<Vec<_>>(),
        vec![Hex::new(3, 2), Hex::new(2, 3)]
    );
}
