//! Start zones for battlefields that mark none (several Virtualscape files and every map-editor
//! file): the rulebook only says each army starts in its zone, so this is our rule, written in
//! `docs/heroscape-game.md`.
//!
//! The hexes a figure can stand on (a footing that is not water, no glyph) are projected on
//! the battlefield's long axis (the main axis of their spread). Two sides start at its two ends;
//! three sides at three directions 120° apart; four sides at both ends of the long axis (zones
//! 1 and 2, opposite each other, for two teams) then both ends of the short one. Each zone takes
//! the `size` hexes furthest in its direction that no earlier zone took.

use super::{Battlefield, StartPlayers};

/// A copy of `field` with `sides` start zones of `size` hexes each at its edges; an error when
/// it has too few hexes to stand on. Zones the battlefield marks are kept as they are.
pub fn derive(field: &Battlefield, sides: u8, size: usize) -> Result<Battlefield, String> {
    if field.start_zone_count() > 0 {
        return Ok(field.clone());
    }
    let glyphs: Vec<_> = field.glyphs().iter().map(|g| g.hex).collect();
    let standing: Vec<(skirmish_board::hex::Hex, f64, f64)> = field
        .columns()
        .filter(|(h, c)| {
            !glyphs.contains(h) && c.top_footing().is_some_and(|f| !f.ground.is_water())
        })
        .map(|(h, _)| {
            let (q, r) = (f64::from(h.q), f64::from(h.r));
            (h, 3f64.sqrt() * (q + r / 2.0), 1.5 * r)
        })
        .collect();
    let need = size * usize::from(sides);
    if standing.len() < need {
        return Err(format!(
            "battlefield '{}' marks no start zone, and its {} hexes to stand on are too few for \
             {sides} zones of {size} hexes",
            field.name,
            standing.len()
        ));
    }
    let n = standing.len() as f64;
    let (mx, my) = standing
        .iter()
        .fold((0.0, 0.0), |(x, y), p| (x + p.1 / n, y + p.2 / n));
    let (mut cxx, mut cyy, mut cxy) = (0.0, 0.0, 0.0);
    for p in &standing {
        let (dx, dy) = (p.1 - mx, p.2 - my);
        cxx += dx * dx;
        cyy += dy * dy;
        cxy += dx * dy;
    }
    let axis = 0.5 * (2.0 * cxy).atan2(cxx - cyy);
    use std::f64::consts::PI;
    let turns: Vec<f64> = match sides {
        2 => vec![0.0, PI],
        3 => vec![0.0, 2.0 * PI / 3.0, 4.0 * PI / 3.0],
        _ => vec![0.0, PI, PI / 2.0, 3.0 * PI / 2.0],
    };
    let mut out = field.clone();
    let mut taken = vec![false; standing.len()];
    for (i, turn) in turns.iter().take(usize::from(sides)).enumerate() {
        let (dx, dy) = ((axis + turn).cos(), (axis + turn).sin());
        let mut order: Vec<usize> = (0..standing.len()).filter(|&k| !taken[k]).collect();
        // Furthest first; ties by hex so that the zones never depend on float noise alone.
        order.sort_by(|&a, &b| {
            let pa = standing[a].1 * dx + standing[a].2 * dy;
            let pb = standing[b].1 * dx + standing[b].2 * dy;
            pb.total_cmp(&pa).then(standing[a].0.cmp(&standing[b].0))
        });
        for &k in order.iter().take(size) {
            taken[k] = true;
            out.starts.insert(standing[k].0, StartPlayers(1 << i));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::{Builder, Ground, Material, Span};
    use super::*;
    use skirmish_board::hex::{Hex, RowShift};

    fn plain(cols: i32, rows: i32) -> Battlefield {
        let mut b = Builder::new("plain");
        for row in 0..rows {
            for col in 0..cols {
                b.span(
                    Hex::from_offset(col, row, RowShift::Odd),
                    Span {
                        bottom: 0,
                        top: 1,
                        material: Material::Solid(Ground::Grass),
                    },
                    "grass",
                );
            }
        }
        b.build().expect("a plain field")
    }

    #[test]
    fn two_zones_lie_at_the_ends_of_the_long_axis() {
        // 20 columns by 6 rows: the long axis runs left to right.
        let f = derive(&plain(20, 6), 2, 12).expect("room enough");
        assert_eq!(f.start_zone_count(), 2);
        let cols = |p: u8| -> Vec<i32> {
            f.start_zone(p)
                .map(|h| h.to_offset(RowShift::Odd).0)
                .collect()
        };
        assert_eq!(cols(1).len(), 12);
        assert_eq!(cols(2).len(), 12);
        let (a, b) = (cols(1), cols(2));
        let left = |v: &[i32]| v.iter().all(|c| *c <= 2);
        let right = |v: &[i32]| v.iter().all(|c| *c >= 17);
        assert!(
            (left(&a) && right(&b)) || (right(&a) && left(&b)),
            "zones at opposite ends: {a:?} / {b:?}"
        );
    }

    #[test]
    fn four_zones_do_not_overlap_and_marked_zones_are_kept() {
        let f = derive(&plain(12, 12), 4, 10).expect("room enough");
        assert_eq!(f.start_zone_count(), 4);
        let total: usize = (1..=4).map(|p| f.start_zone(p).count()).sum();
        assert_eq!(total, 40, "every zone has its own 10 hexes");
        let again = derive(&f, 2, 3).expect("kept");
        assert_eq!(again, f, "a battlefield with zones keeps them");
    }

    #[test]
    fn a_field_too_small_is_refused_with_the_numbers() {
        let e = derive(&plain(3, 3), 2, 8).unwrap_err();
        assert!(e.contains("9 hexes") && e.contains("2 zones of 8"), "{e}");
    }
}
