//! A picture of a battlefield from above: pointy-top hexes shaded by level with the level a
//! figure stands at, water and lava in their colours, obstacles marked, overhangs shown, glyphs
//! and start zones outlined, edge pieces drawn on their edges.

use std::fmt::Write as _;

use skirmish_board::hex::Hex;

use super::{Battlefield, Column, Glyph, Ground, Material, Obstacle};

const SIZE: f64 = 18.0;

fn ground_colour(g: Ground) -> &'static str {
    match g {
        Ground::Grass => "#6fae4f",
        Ground::Rock => "#9b968c",
        Ground::Sand => "#e0c98a",
        Ground::Water => "#3f86d6",
        Ground::Lava => "#ec5a1c",
        Ground::LavaField => "#7d4637",
        Ground::Ice => "#bfe6f5",
        Ground::Snow => "#f2f5f8",
        Ground::Swamp => "#6b7a45",
        Ground::SwampWater => "#4d6e5f",
        Ground::Road => "#b49a70",
        Ground::Concrete => "#c6c6bd",
        Ground::Asphalt => "#56585d",
        Ground::Dungeon => "#6c6975",
        Ground::Shadow => "#3b3346",
        Ground::Glacier => "#d9f1fb",
        Ground::Outcrop => "#8a7a66",
        Ground::Castle => "#bdb8ad",
        Ground::Hive => "#8c6d9e",
        Ground::Custom => "#c98fd1",
    }
}

fn obstacle_colour(o: Obstacle) -> &'static str {
    match o {
        Obstacle::Tree | Obstacle::Palm | Obstacle::Brush => "#1f5d24",
        Obstacle::Ruin => "#7a6f66",
        Obstacle::RoadWall => "#a88f63",
        Obstacle::Battlement => "#55524c",
        Obstacle::Flag => "#c0262d",
        Obstacle::Ladder => "#7b4a1e",
        Obstacle::Other => "#4a4a4a",
    }
}

fn player_colour(p: u8) -> &'static str {
    [
        "#d62728", "#2ca02c", "#1f77b4", "#e6c000", "#c83cc8", "#17becf", "#ff7f0e", "#7a3cc8",
    ][usize::from(p.clamp(1, 8) - 1)]
}

fn points(hex: Hex, inset: f64) -> String {
    let (cx, cy) = hex.to_pixel(SIZE);
    hex.corners(SIZE)
        .iter()
        .map(|&(x, y)| format!("{:.1},{:.1}", cx + (x - cx) * inset, cy + (y - cy) * inset))
        .collect::<Vec<_>>()
        .join(" ")
}

fn escape(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '&' => "&amp;".into(),
            '<' => "&lt;".into(),
            '>' => "&gt;".into(),
            '"' => "&quot;".into(),
            c if c.is_control() => "\u{FFFD}".into(),
            c => c.to_string(),
        })
        .collect()
}

/// What the top of a column shows: the ground under everything, and an obstacle on it if any.
fn top_of(column: &Column) -> (Option<Ground>, Option<(Obstacle, u16)>) {
    let ground = column.spans().iter().rev().find_map(|s| match s.material {
        Material::Solid(g) | Material::Liquid(g) => Some(g),
        Material::Obstacle(_) => None,
    });
    let obstacle = column.spans().last().and_then(|s| match s.material {
        Material::Obstacle(o) => Some((o, s.top)),
        _ => None,
    });
    (ground, obstacle)
}

/// The battlefield as an SVG picture (`map svg`), for people and for checking readers by eye.
pub fn render_svg(field: &Battlefield) -> String {
    let hexes: Vec<Hex> = field.columns().map(|(h, _)| h).collect();
    let (mut x0, mut y0, mut x1, mut y1) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    for (i, h) in hexes.iter().enumerate() {
        for (x, y) in h.corners(SIZE) {
            if i == 0 && x0 == 0.0 && x1 == 0.0 {
                (x0, y0, x1, y1) = (x, y, x, y);
            }
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
    }
    let top = f64::from(field.top().max(1));
    let (m, title) = (10.0, 34.0);
    let (w, h) = (x1 - x0 + 2.0 * m, y1 - y0 + 2.0 * m + title + 26.0);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{:.1} {:.1} {w:.1} {h:.1}" width="{:.0}" height="{:.0}" font-family="sans-serif">"##,
        x0 - m,
        y0 - m - title,
        w * 1.5,
        h * 1.5
    );
    let _ = writeln!(
        out,
        r##"<rect x="{:.1}" y="{:.1}" width="{w:.1}" height="{h:.1}" fill="#f7f4ec"/>"##,
        x0 - m,
        y0 - m - title
    );
    let _ = writeln!(
        out,
        r##"<text x="{:.1}" y="{:.1}" font-size="16" font-weight="bold">{} <tspan font-size="11" font-weight="normal">({} hexes, highest level {})</tspan></text>"##,
        x0,
        y0 - m - title + 20.0,
        escape(&field.name),
        field.len(),
        field.top()
    );
    for (hex, column) in field.columns() {
        let (ground, obstacle) = top_of(column);
        let colour = ground.map_or("#cccccc", ground_colour);
        let (cx, cy) = hex.to_pixel(SIZE);
        let footings: Vec<_> = column.footings().collect();
        let level = footings.last().map_or(column.top(), |f| f.level);
        // Higher ground is lighter: a dark veil that thins with height.
        let veil = 0.45 * (1.0 - f64::from(level) / top);
        let _ = writeln!(
            out,
            r##"<polygon points="{}" fill="{colour}" stroke="#333" stroke-width="0.6"/><polygon points="{}" fill="#000" opacity="{veil:.2}"/>"##,
            points(hex, 1.0),
            points(hex, 1.0)
        );
        if let Some((o, o_top)) = obstacle {
            let _ = writeln!(
                out,
                r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="{}" stroke="#000" stroke-width="0.8"/><text x="{cx:.1}" y="{:.1}" font-size="8" text-anchor="middle" fill="#fff">{o_top}</text>"##,
                SIZE * 0.62,
                obstacle_colour(o),
                cy + 3.0
            );
            continue;
        }
        if footings.len() > 1 {
            // An overhang: a dashed inner outline and every level a figure may stand at.
            let _ = writeln!(
                out,
                r##"<polygon points="{}" fill="none" stroke="#000" stroke-width="1" stroke-dasharray="2 2"/>"##,
                points(hex, 0.72)
            );
        }
        let label = if footings.len() > 1 {
            footings
                .iter()
                .map(|f| f.level.to_string())
                .collect::<Vec<_>>()
                .join("/")
        } else {
            level.to_string()
        };
        let light = ground.is_some_and(|g| {
            matches!(
                g,
                Ground::Water | Ground::Shadow | Ground::Asphalt | Ground::SwampWater
            )
        }) || veil > 0.3;
        let _ = writeln!(
            out,
            r##"<text x="{cx:.1}" y="{:.1}" font-size="{}" text-anchor="middle" fill="{}">{label}</text>"##,
            cy + 3.5,
            if label.len() > 3 { 7 } else { 10 },
            if light { "#fff" } else { "#000" }
        );
    }
    for e in field.edge_pieces() {
        let c = e.hex.corners(SIZE);
        let i = usize::from(e.side.index());
        let (a, b) = (c[i], c[(i + 1) % 6]);
        let _ = writeln!(
            out,
            r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{}" stroke-width="3.5" stroke-linecap="round"/>"##,
            a.0,
            a.1,
            b.0,
            b.1,
            obstacle_colour(e.kind)
        );
    }
    for p in 1..=field.start_zone_count() {
        for hex in field.start_zone(p) {
            let _ = writeln!(
                out,
                r##"<polygon points="{}" fill="none" stroke="{}" stroke-width="2.2"/>"##,
                points(hex, 0.86),
                player_colour(p)
            );
        }
    }
    for g in field.glyphs() {
        let (cx, cy) = g.hex.to_pixel(SIZE);
        let letter = match g.glyph {
            Glyph::Unknown => '?',
            other => format!("{other:?}").chars().next().unwrap_or('?'),
        };
        let _ = writeln!(
            out,
            r##"<circle cx="{cx:.1}" cy="{:.1}" r="6" fill="#f5d142" stroke="#6b4f00" stroke-width="1.2"{}/><text x="{cx:.1}" y="{:.1}" font-size="8" font-weight="bold" text-anchor="middle">{letter}</text>"##,
            cy - 7.0,
            if g.face_up {
                ""
            } else {
                r#" stroke-dasharray="2 1.5""#
            },
            cy - 4.2
        );
    }
    let ly = y1 + m + 8.0;
    let _ = writeln!(
        out,
        r##"<text x="{x0:.1}" y="{ly:.1}" font-size="8">Numbers: the level a figure stands at (a/b, dashed: under and on an overhang). Dark discs: obstacles, with their top level.</text><text x="{x0:.1}" y="{:.1}" font-size="8">Yellow discs: glyphs (dashed: face down). Coloured outlines: start zones. Thick edges: battlements, ladders, walls.</text>"##,
        ly + 11.0
    );
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::super::file::samples;
    use super::*;

    #[test]
    fn the_picture_holds_every_hex_level_glyph_and_zone() {
        let field = samples()[1].battlefield().unwrap();
        let svg = render_svg(&field);
        assert!(svg.starts_with("<svg"));
        assert!(svg.trim_end().ends_with("</svg>"));
        // Two polygons per hex (tile and veil), one outline per start hex, one per overhang.
        let overhangs = field
            .columns()
            .filter(|(_, c)| c.footings().count() > 1)
            .count();
        let zones: usize = (1..=4).map(|p| field.start_zone(p).count()).sum();
        assert_eq!(
            svg.matches("<polygon").count(),
            2 * field.len() + zones + overhangs
        );
        assert_eq!(
            svg.matches("fill=\"#f5d142\"").count(),
            field.glyphs().len()
        );
        assert!(svg.contains(&escape(&field.name)));
    }
}
