//! A 400-hex battlefield of the size and relief of *Table des géants* (until its `.hsc` is read):
//! rolling hills from level 1 to 11 (a level or two from hex to hex, with cliffs here and there), a giant's table (a slab at level 15 on four legs, with
//! room beneath it), a river, trees and ruins, a glyph; and the figures the benchmarks use.

use skirmish_board::hex::Hex;
use skirmish_board::FigureId;
use skirmish_heroscape::battlefield::{
    Battlefield, Builder, Glyph, GlyphSpot, Ground, Level, Material, Obstacle, Span,
};
use skirmish_heroscape::body::{Body, Placement, Standing};

/// The ground level of a hex: rolling hills, level under the double-space mover's two hexes.
pub fn ground(q: i32, r: i32) -> Level {
    let (q, r) = if (q, r) == (6, 5) { (5, 5) } else { (q, r) };
    let (x, y) = (f64::from(q), f64::from(r));
    let h = 5.0 + 3.0 * (x / 3.5).sin() + 2.0 * (y / 3.0).cos() + (x * y / 40.0).sin();
    h.round().clamp(1.0, 11.0) as Level
}

fn span(bottom: Level, top: Level, material: Material) -> Span {
    Span {
        bottom,
        top,
        material,
    }
}

/// The battlefield: 20 × 20 hexes.
pub fn field() -> Battlefield {
    let mut b = Builder::new("giants-table-like");
    for r in 0..20 {
        for q in 0..20 {
            let hex = Hex::new(q, r);
            let g = ground(q, r);
            let place = format!("hex {hex}");
            if r == 16 {
                // The river: water one level above its bed.
                b.span(hex, span(0, g, Material::Solid(Ground::Rock)), &place);
                b.span(hex, span(g, g + 1, Material::Liquid(Ground::Water)), &place);
                continue;
            }
            let table = (9..=14).contains(&q) && (9..=14).contains(&r);
            let leg = table && (q == 9 || q == 14) && (r == 9 || r == 14);
            if leg {
                b.span(hex, span(0, 15, Material::Solid(Ground::Rock)), &place);
                continue;
            }
            b.span(hex, span(0, g, Material::Solid(Ground::Grass)), &place);
            if table {
                b.span(hex, span(13, 15, Material::Solid(Ground::Rock)), &place);
            } else if (q * 7 + r * 11) % 23 == 0 {
                b.span(
                    hex,
                    span(g, g + 10, Material::Obstacle(Obstacle::Tree)),
                    &place,
                );
            } else if (q * 5 + r * 3) % 29 == 0 {
                b.span(
                    hex,
                    span(g, g + 5, Material::Obstacle(Obstacle::Ruin)),
                    &place,
                );
            }
        }
    }
    b.glyph(GlyphSpot {
        hex: Hex::new(8, 5),
        level: ground(8, 5),
        glyph: Glyph::Astrid,
        face_up: true,
    });
    b.build().expect("the benchmark battlefield is consistent")
}

/// Whether every figure stands on ground where it fits (checked by the benchmarks).
pub fn all_stand(field: &Battlefield, figures: &[Standing]) -> bool {
    figures.iter().all(|f| {
        f.at.spots().all(|s| {
            field.column(s.hex).is_some_and(|c| {
                c.footings()
                    .any(|g| g.level == s.level && f.body.fits(g.headroom))
            })
        })
    })
}

fn standing(id: u32, team: u8, body: Body, q: i32, r: i32) -> Standing {
    Standing {
        id: FigureId(id),
        team,
        body,
        at: Placement::single(Hex::new(q, r), ground(q, r)),
    }
}

/// The one-hex mover: height 5, at 5,5.
pub fn single_mover() -> Standing {
    standing(1, 1, Body::single(5), 5, 5)
}

/// The double-space mover: height 7, on 5,5 and 6,5.
pub fn double_mover() -> Standing {
    Standing {
        id: FigureId(2),
        team: 1,
        body: Body::double(7),
        at: Placement::double(Hex::new(5, 5), Hex::new(6, 5), ground(5, 5)),
    }
}

/// Other figures: friends and enemies around the movers, and some further off.
pub fn others() -> Vec<Standing> {
    vec![
        standing(10, 1, Body::single(4), 4, 6),
        standing(11, 2, Body::single(5), 6, 4),
        standing(12, 2, Body::single(6), 3, 4),
        standing(13, 2, Body::single(4), 12, 6),
        standing(14, 1, Body::single(5), 8, 8),
        standing(15, 2, Body::single(5), 15, 15),
    ]
}

/// An attacker on a hilltop and a defender 10 hexes away down the slope, with a figure near the
/// line.
pub fn duel() -> (Standing, Standing, Vec<Standing>) {
    let attacker = standing(20, 1, Body::single(5), 4, 2);
    let defender = standing(21, 2, Body::single(5), 12, 4);
    let mut others = others();
    others.push(standing(22, 2, Body::single(5), 8, 4));
    (attacker, defender, others)
}

/// *Table des géants* from the shared data, if present: `../shared/data/heroscape/virtualscape`
/// beside the workspace, or under `$SKIRMISH_SHARED/data` (a git worktree).
pub fn giants_table() -> Option<Battlefield> {
    let file = "heroscape/virtualscape/Table_des_geants.hsc";
    let beside =
        std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data"))
            .join(file);
    let path = if beside.is_file() {
        beside
    } else {
        std::path::PathBuf::from(std::env::var_os("SKIRMISH_SHARED")?)
            .join("data")
            .join(file)
    };
    skirmish_heroscape::battlefield::load(path).ok()
}

/// On a real battlefield: a one-hex mover (height 5) and a double-space mover (height 7) on the
/// free places nearest its middle where they fit, and a defender 10 hexes from the first.
pub fn real_movers(field: &Battlefield) -> Option<(Standing, Standing, Standing)> {
    let top = |h: Hex| field.column(h).and_then(|c| c.top_footing());
    let n = field.len().max(1) as i64;
    let (sq, sr) = field.columns().fold((0i64, 0i64), |(q, r), (h, _)| {
        (q + i64::from(h.q), r + i64::from(h.r))
    });
    let middle = Hex::new((sq / n) as i32, (sr / n) as i32);
    let mut hexes: Vec<Hex> = field.columns().map(|(h, _)| h).collect();
    hexes.sort_by_key(|h| (h.distance(middle), *h));
    let single = hexes.iter().find_map(|&h| {
        let f = top(h)?;
        Body::single(5).fits(f.headroom).then(|| Standing {
            id: FigureId(1),
            team: 1,
            body: Body::single(5),
            at: Placement::single(h, f.level),
        })
    })?;
    let double = hexes.iter().find_map(|&h| {
        let f = top(h)?;
        h.neighbours().into_iter().find_map(|t| {
            let g = top(t)?;
            (g.level == f.level
                && Body::double(7).fits(f.headroom)
                && Body::double(7).fits(g.headroom))
            .then(|| Standing {
                id: FigureId(2),
                team: 1,
                body: Body::double(7),
                at: Placement::double(h, t, f.level),
            })
        })
    })?;
    let defender = hexes
        .iter()
        .filter(|h| h.distance(single.at.head.hex) == 10)
        .find_map(|&h| {
            let f = top(h)?;
            Some(Standing {
                id: FigureId(3),
                team: 2,
                body: Body::single(5),
                at: Placement::single(h, f.level),
            })
        })?;
    Some((single, double, defender))
}
