//! Movement and line of sight on all 29 shared maps (`../shared/data/heroscape/`, never copied
//! into the repository): from the free places nearest each map's middle, every destination of a
//! move-5 figure (one hex and two) has a contiguous path whose costs add up, each refused place
//! near it is explained, and lines of sight to every figure-sized place within range 8 give a
//! verdict whose blockers cover the hit zone exactly when the line is blocked.

use std::path::PathBuf;

use skirmish_board::hex::Hex;
use skirmish_board::FigureId;
use skirmish_heroscape::battlefield::{load, Battlefield};
use skirmish_heroscape::body::{Base, Body, Placement, Standing};
use skirmish_heroscape::grid::Grid;
use skirmish_heroscape::movement::{reach, MoveQuery};
use skirmish_heroscape::sight::{line_of_sight, range};

mod common;
use common::data;

fn maps() -> Vec<(String, Battlefield)> {
    let mut out = Vec::new();
    for sub in ["virtualscape", "maps"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(data().join(sub))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for f in files {
            let name = f.display().to_string();
            let field = load(&f).unwrap_or_else(|e| panic!("{name}: {e}"));
            out.push((name, field));
        }
    }
    out
}

/// The free places nearest the middle of a map, where a body fits, with a neighbour at the same
/// level for a double-space body.
fn starts(field: &Battlefield, body: Body) -> Option<Placement> {
    let n = field.len().max(1) as i64;
    let (sq, sr) = field.columns().fold((0i64, 0i64), |(q, r), (h, _)| {
        (q + i64::from(h.q), r + i64::from(h.r))
    });
    let middle = Hex::new((sq / n) as i32, (sr / n) as i32);
    let mut hexes: Vec<Hex> = field.columns().map(|(h, _)| h).collect();
    hexes.sort_by_key(|h| (h.distance(middle), *h));
    let top = |h: Hex| field.column(h).and_then(|c| c.top_footing());
    hexes.into_iter().find_map(|h| {
        let f = top(h).filter(|f| body.fits(f.headroom))?;
        match body.base {
            Base::Single => Some(Placement::single(h, f.level)),
            Base::Double => h.neighbours().into_iter().find_map(|t| {
                let g = top(t).filter(|g| g.level == f.level && body.fits(g.headroom))?;
                Some(Placement::double(h, t, g.level))
            }),
        }
    })
}

#[test]
fn movement_on_every_shared_map() {
    let maps = maps();
    assert_eq!(maps.len(), 29);
    let mut searched = 0;
    for (name, field) in &maps {
        let grid = Grid::new(field);
        for body in [Body::single(5), Body::double(7)] {
            // A map too small for the figure (the one-tile test map) has nothing to search.
            let Some(at) = starts(field, body) else {
                assert!(
                    field.len() < 24,
                    "{name}: no place for a {:?} figure",
                    body.base
                );
                continue;
            };
            searched += 1;
            let mover = Standing {
                id: FigureId(1),
                team: 1,
                body,
                at,
            };
            let r = reach(&grid, &MoveQuery::new(mover, 5, &[]));
            let ends = r.destinations();
            assert!(!ends.is_empty(), "{name}: nowhere to go from {at:?}");
            for d in &ends {
                let p = r.path_to(&d.at).unwrap();
                assert_eq!(p.cost(), d.cost, "{name}");
                assert!(d.cost <= 5, "{name}");
                for i in 1..p.steps.len() {
                    let (a, b) = (p.steps[i - 1], p.steps[i]);
                    assert_eq!(a.head.hex.distance(b.head.hex), 1, "{name}: {p:?}");
                    let climb = b.head.level.saturating_sub(a.head.level);
                    assert!(climb <= body.height, "{name}: {p:?}");
                    assert_eq!(p.spent[i] - p.spent[i - 1], 1 + climb, "{name}: {p:?}");
                }
            }
            // Every one-hex place within 6 hexes that is not a destination is explained.
            if body.base == Base::Single {
                for h in at.head.hex.range(6) {
                    let Some(column) = field.column(h) else {
                        continue;
                    };
                    for f in column.footings() {
                        let to = Placement::single(h, f.level);
                        let ok = r.can_end(&to);
                        assert_eq!(r.explain(&to).is_ok(), ok, "{name}: {to:?}");
                    }
                }
            }
        }
    }
    assert!(searched >= 2 * 28 - 2, "only {searched} searches");
}

#[test]
fn lines_of_sight_on_every_shared_map() {
    for (name, field) in &maps() {
        let grid = Grid::new(field);
        let body = Body::single(5);
        let Some(at) = starts(field, body) else {
            assert!(field.len() < 24, "{name}: no place for a figure");
            continue;
        };
        let attacker = Standing {
            id: FigureId(1),
            team: 1,
            body,
            at,
        };
        let mut clear = 0;
        let mut blocked = 0;
        for h in at.head.hex.range(8) {
            let Some(f) = field.column(h).and_then(|c| c.top_footing()) else {
                continue;
            };
            if h == at.head.hex {
                continue;
            }
            let defender = Standing {
                id: FigureId(2),
                team: 2,
                body,
                at: Placement::single(h, f.level),
            };
            assert!(range(&grid, &attacker.at, &defender.at).is_some_and(|r| r >= 1));
            let s = line_of_sight(&grid, &attacker, &defender, &[]);
            assert_eq!(s.crossed.first(), Some(&at.head.hex), "{name}");
            assert!(s.crossed.contains(&h), "{name}");
            let [z0, z1] = [
                f64::from(f.level) + f64::from(body.hit_zone[0]) / 10.0,
                f64::from(f.level) + f64::from(body.hit_zone[1]) / 10.0,
            ];
            if s.clear {
                clear += 1;
                // The witness is on the hit zone and outside every blocker.
                assert!(s.to.z >= z0 - 1e-9 && s.to.z <= z1 + 1e-9, "{name}: {s:?}");
                assert!(
                    s.blockers
                        .iter()
                        .all(|b| !(b.hides()[0] < s.to.z && s.to.z < b.hides()[1])),
                    "{name}: {s:?}"
                );
            } else {
                blocked += 1;
                assert!(!s.blockers.is_empty(), "{name}: blocked by nothing");
                let low = s
                    .blockers
                    .iter()
                    .map(|b| b.hides()[0])
                    .fold(f64::MAX, f64::min);
                let high = s
                    .blockers
                    .iter()
                    .map(|b| b.hides()[1])
                    .fold(f64::MIN, f64::max);
                assert!(low <= z0 + 1e-6 && high >= z1 - 1e-6, "{name}: {s:?}");
            }
        }
        assert!(
            clear > 0 || clear + blocked == 0,
            "{name}: sees nothing at all"
        );
    }
}
