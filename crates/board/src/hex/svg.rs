//! A plain SVG picture of a hex map, for documentation, debugging and quick looks at map files.

use std::fmt::Write as _;

use super::{Hex, HexMap, Objective, ObstacleKind, Terrain};

/// How [`render_svg`] draws.
#[derive(Clone, Debug, PartialEq)]
pub struct SvgOptions {
    /// Circumradius of a hex in SVG units (centre to corner).
    pub hex_size: f64,
    /// Print the ground height in each hex, when the map's hexes are not all of one height (a
    /// flat MotU board would only repeat the same number everywhere).
    pub show_heights: bool,
    /// Print `q,r` small in each hex.
    pub show_coordinates: bool,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions {
            hex_size: 30.0,
            show_heights: true,
            show_coordinates: false,
        }
    }
}

/// Fill colour of a terrain.
fn colour(t: Terrain) -> &'static str {
    match t {
        Terrain::Grass => "#7cb35b",
        Terrain::Rock => "#9a9a92",
        Terrain::Sand => "#e3cf8f",
        Terrain::Dungeon => "#6d6a75",
        Terrain::Swamp => "#6f7d4a",
        Terrain::SwampWater => "#4f6b5a",
        Terrain::LavaField => "#8c4a3a",
        Terrain::MoltenLava => "#e8531f",
        Terrain::Concrete => "#c4c4bc",
        Terrain::Asphalt => "#55575c",
        Terrain::Road => "#b59a6e",
        Terrain::Snow => "#f4f7fa",
        Terrain::Ice => "#bfe3f2",
        Terrain::Water => "#4a90d9",
        Terrain::WellspringWater => "#38b6c9",
        Terrain::Shadow => "#3b3346",
        Terrain::Plain => "#d8c8a8",
        Terrain::Custom(_) => "#c98fd1",
    }
}

/// Outline colour of a player's start zone (players 1 to 8).
fn player_colour(p: u8) -> &'static str {
    match p {
        1 => "#d62728",
        2 => "#1f77b4",
        3 => "#2ca02c",
        4 => "#ff7f0e",
        5 => "#9467bd",
        6 => "#e377c2",
        7 => "#17becf",
        _ => "#7f7f7f",
    }
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // XML 1.0 forbids most control characters even when escaped.
            c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// Corners of a hex shrunk towards its centre by `scale`, as an SVG `points` list.
fn points(hex: Hex, size: f64, scale: f64) -> String {
    let (cx, cy) = hex.to_pixel(size);
    let mut s = String::new();
    for (i, (x, y)) in hex.corners(size).into_iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let _ = write!(
            s,
            "{:.2},{:.2}",
            cx + (x - cx) * scale,
            cy + (y - cy) * scale
        );
    }
    s
}

/// Draws the map as a standalone SVG document: hexes filled by terrain, height numbers, low
/// obstacles as a bar and high ones as a dark block, platforms as a dashed inner outline with
/// their level (`P2`), ladders as a ladder towards the platform they lean on, difficult terrain
/// dotted, start zones outlined in the player's colour, objectives as a ringed dot (with the
/// player number when they have an owner).
pub fn render_svg(map: &HexMap, options: &SvgOptions) -> String {
    let size = if options.hex_size.is_finite() && options.hex_size > 0.0 {
        options.hex_size.min(1e6)
    } else {
        SvgOptions::default().hex_size
    };
    let margin = size * 0.5;
    let mut bounds: Option<(f64, f64, f64, f64)> = None;
    for hex in map.hexes() {
        for (x, y) in hex.corners(size) {
            bounds = Some(match bounds {
                None => (x, y, x, y),
                Some((a, b, c, d)) => (a.min(x), b.min(y), c.max(x), d.max(y)),
            });
        }
    }
    let (x0, y0, x1, y1) = bounds.unwrap_or((0.0, 0.0, size, size));
    let (vx, vy) = (x0 - margin, y0 - margin);
    let (vw, vh) = (x1 - x0 + 2.0 * margin, y1 - y0 + 2.0 * margin);
    let font = size * 0.45;
    let first_height = map.iter().next().map(|(_, c)| c.height);
    let show_heights =
        options.show_heights && map.iter().any(|(_, c)| Some(c.height) != first_height);

    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{vx:.2} {vy:.2} {vw:.2} {vh:.2}\" width=\"{vw:.0}\" height=\"{vh:.0}\">"
    );
    let _ = writeln!(out, "<title>{}</title>", escape(map.name()));
    let dot = size * 0.25;
    let _ = writeln!(
        out,
        "<defs><pattern id=\"difficult\" width=\"{dot:.2}\" height=\"{dot:.2}\" patternUnits=\"userSpaceOnUse\"><circle cx=\"{:.2}\" cy=\"{:.2}\" r=\"{:.2}\" fill=\"#3d2b1f\" fill-opacity=\"0.6\"/></pattern></defs>",
        dot / 2.0,
        dot / 2.0,
        dot / 6.0
    );
    let _ = writeln!(
        out,
        "<rect x=\"{vx:.2}\" y=\"{vy:.2}\" width=\"{vw:.2}\" height=\"{vh:.2}\" fill=\"#ffffff\"/>"
    );

    for (hex, c) in map.iter() {
        let (cx, cy) = hex.to_pixel(size);
        let _ = write!(out, "<g data-hex=\"{hex}\">");
        let _ = write!(
            out,
            "<title>{} {} h{}</title>",
            hex,
            escape(map.terrain_name(c.terrain)),
            c.height
        );
        let _ = write!(
            out,
            "<polygon points=\"{}\" fill=\"{}\" stroke=\"#333333\" stroke-width=\"1\"/>",
            points(hex, size, 1.0),
            colour(c.terrain)
        );
        if c.difficult {
            let _ = write!(
                out,
                "<polygon points=\"{}\" fill=\"url(#difficult)\"/>",
                points(hex, size, 1.0)
            );
        }
        for (k, p) in c.start_zone.iter().enumerate() {
            let _ = write!(
                out,
                "<polygon points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{:.2}\"/>",
                points(hex, size, 0.88 - 0.1 * k as f64),
                player_colour(p),
                size * 0.08
            );
        }
        match c.obstacle.map(|o| o.kind) {
            Some(ObstacleKind::High) => {
                let _ = write!(
                    out,
                    "<polygon points=\"{}\" fill=\"#2f2f2f\" fill-opacity=\"0.85\"/>",
                    points(hex, size, 0.62)
                );
            }
            Some(ObstacleKind::Low) => {
                let _ = write!(
                    out,
                    "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\" fill=\"#6b4f3a\" fill-opacity=\"0.85\"/>",
                    cx - size * 0.6,
                    cy - size * 0.14,
                    size * 1.2,
                    size * 0.28
                );
            }
            None => {}
        }
        if let Some(p) = c.platform {
            let _ = write!(
                out,
                "<polygon points=\"{}\" fill=\"#ffffff\" fill-opacity=\"0.25\" stroke=\"#111111\" stroke-width=\"{:.2}\" stroke-dasharray=\"{:.2} {:.2}\"/>",
                points(hex, size, 0.78),
                size * 0.06,
                size * 0.15,
                size * 0.1
            );
            let _ = write!(
                out,
                "<text x=\"{:.2}\" y=\"{:.2}\" font-size=\"{:.2}\" text-anchor=\"middle\" font-family=\"sans-serif\" fill=\"#111111\">P{}</text>",
                cx,
                cy - size * 0.4,
                font * 0.7,
                p.level
            );
        }
        if let Some(d) = c.ladder {
            // From the centre to the middle of the edge the ladder leans on, with rungs.
            let (nx, ny) = hex.neighbour(d).to_pixel(size);
            let (ex, ey) = ((cx + nx) / 2.0, (cy + ny) / 2.0);
            let (dx, dy) = (ex - cx, ey - cy);
            let len = (dx * dx + dy * dy).sqrt().max(1e-9);
            let (px, py) = (-dy / len * size * 0.15, dx / len * size * 0.15);
            for side in [-1.0, 1.0] {
                let _ = write!(
                    out,
                    "<line x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" stroke=\"#5a3a1a\" stroke-width=\"{:.2}\"/>",
                    cx + side * px,
                    cy + side * py,
                    ex + side * px,
                    ey + side * py,
                    size * 0.05
                );
            }
            for k in 1..4 {
                let t = f64::from(k) / 4.0;
                let (mx, my) = (cx + dx * t, cy + dy * t);
                let _ = write!(
                    out,
                    "<line x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" stroke=\"#5a3a1a\" stroke-width=\"{:.2}\"/>",
                    mx - px,
                    my - py,
                    mx + px,
                    my + py,
                    size * 0.04
                );
            }
        }
        if let Some(o) = c.objective {
            let _ = write!(
                out,
                "<circle cx=\"{:.2}\" cy=\"{:.2}\" r=\"{:.2}\" fill=\"#f2c12e\" stroke=\"#7a5a00\" stroke-width=\"{:.2}\"/>",
                cx + size * 0.42,
                cy + size * 0.3,
                size * 0.18,
                size * 0.05
            );
            if let Objective::Player(p) = o {
                let _ = write!(
                    out,
                    "<text x=\"{:.2}\" y=\"{:.2}\" font-size=\"{:.2}\" text-anchor=\"middle\" font-family=\"sans-serif\">{p}</text>",
                    cx + size * 0.42,
                    cy + size * 0.3 + font * 0.25,
                    font * 0.6
                );
            }
        }
        if show_heights {
            let ink = if matches!(c.obstacle.map(|o| o.kind), Some(ObstacleKind::High))
                || matches!(
                    c.terrain,
                    Terrain::Shadow | Terrain::Asphalt | Terrain::Dungeon
                ) {
                "#ffffff"
            } else {
                "#111111"
            };
            let _ = write!(
                out,
                "<text x=\"{cx:.2}\" y=\"{:.2}\" font-size=\"{font:.2}\" text-anchor=\"middle\" font-family=\"sans-serif\" fill=\"{ink}\">{}</text>",
                cy + font * 0.35,
                c.height
            );
        }
        if options.show_coordinates {
            let _ = write!(
                out,
                "<text x=\"{cx:.2}\" y=\"{:.2}\" font-size=\"{:.2}\" text-anchor=\"middle\" font-family=\"sans-serif\" fill=\"#222222\">{hex}</text>",
                cy + size * 0.7,
                font * 0.5
            );
        }
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::HexCell;

    #[test]
    fn escapes_text() {
        assert_eq!(
            escape("a<b & \"c\"\u{1}"),
            "a&lt;b &amp; &quot;c&quot;\u{FFFD}"
        );
    }

    #[test]
    fn one_group_per_hex() {
        let mut m = HexMap::new("<m>");
        for h in Hex::ORIGIN.range(1) {
            let _ = m.insert(h, HexCell::new(Terrain::Grass, 1));
        }
        let svg = render_svg(&m, &SvgOptions::default());
        assert_eq!(svg.matches("<g ").count(), 7);
        assert!(svg.contains("<title>&lt;m&gt;</title>"));
        let empty = render_svg(&HexMap::new("e"), &SvgOptions::default());
        assert!(empty.ends_with("</svg>\n"));
    }
}
