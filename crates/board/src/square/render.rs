//! Pictures of a square map: a terminal drawing ([`render_ascii`]) and an SVG drawn the way the
//! rulebook draws maps ([`render_svg`]), both with an [`Overlay`] of what a command wants to show
//! on top (a line of fire, reachable squares, figures).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::file::{describe_terrain, terrain_symbols, wall_runs};
use super::{Dir, MapKind, Marker, Square, SquareMap, Terrain};

/// A set of squares to highlight, e.g. the squares a figure can reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tint {
    /// The squares highlighted.
    pub squares: Vec<Square>,
    /// Character drawn on them in the terminal picture.
    pub symbol: char,
    /// SVG fill colour (any SVG colour: `#ffb300`, `gold`...).
    pub colour: String,
    /// What the highlight means, for the legend.
    pub label: String,
}

impl Tint {
    /// A highlight with the default colour (amber).
    pub fn new(label: impl Into<String>, symbol: char, squares: Vec<Square>) -> Self {
        Tint {
            squares,
            symbol,
            colour: "#ffb300".to_string(),
            label: label.into(),
        }
    }

    /// The same highlight in another SVG colour.
    pub fn with_colour(mut self, colour: impl Into<String>) -> Self {
        self.colour = colour.into();
        self
    }
}

/// A line drawn from the centre of one square to the centre of another, such as a line of fire,
/// with the squares it crosses tinted. The caller works out which squares the line crosses (the
/// line-of-sight rules live outside this crate); the picture only draws them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SightLine {
    /// Square the line starts from.
    pub from: Square,
    /// Square the line ends at.
    pub to: Square,
    /// Squares the line crosses, tinted in the picture.
    pub crossed: Vec<Square>,
    /// Character drawn on the crossed squares in the terminal picture.
    pub symbol: char,
    /// SVG stroke colour.
    pub colour: String,
    /// What the line is, for the legend (e.g. "line of fire: hindered").
    pub label: String,
}

impl SightLine {
    /// A line in the default colour (crimson), drawn with `*` in the terminal.
    pub fn new(from: Square, to: Square, crossed: Vec<Square>) -> Self {
        SightLine {
            from,
            to,
            crossed,
            symbol: '*',
            colour: "#c2185b".to_string(),
            label: "line of fire".to_string(),
        }
    }

    /// The same line with another legend text.
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    /// The same line in another SVG colour.
    pub fn with_colour(mut self, colour: impl Into<String>) -> Self {
        self.colour = colour.into();
        self
    }
}

/// A figure standing on a square, drawn as a labelled token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FigureToken {
    /// The square the figure occupies.
    pub square: Square,
    /// Character drawn for it in the terminal picture and inside the SVG token.
    pub symbol: char,
    /// The figure's name, for the legend and the SVG tooltip.
    pub label: String,
    /// SVG fill colour of the token, e.g. the owning player's colour.
    pub colour: String,
}

impl FigureToken {
    /// A token in the default colour (blue).
    pub fn new(square: Square, symbol: char, label: impl Into<String>) -> Self {
        FigureToken {
            square,
            symbol,
            label: label.into(),
            colour: "#1e88e5".to_string(),
        }
    }

    /// The same token in another SVG colour.
    pub fn with_colour(mut self, colour: impl Into<String>) -> Self {
        self.colour = colour.into();
        self
    }
}

/// What to draw over the map, in this order: tints, lines, figures (figures on top).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overlay {
    /// Highlighted sets of squares.
    pub tints: Vec<Tint>,
    /// Lines from centre to centre with their crossed squares.
    pub lines: Vec<SightLine>,
    /// Figures on squares.
    pub figures: Vec<FigureToken>,
}

impl Overlay {
    /// An empty overlay: the bare map.
    pub fn new() -> Self {
        Overlay::default()
    }

    /// Adds a highlight.
    pub fn tint(mut self, tint: Tint) -> Self {
        self.tints.push(tint);
        self
    }

    /// Adds a line.
    pub fn line(mut self, line: SightLine) -> Self {
        self.lines.push(line);
        self
    }

    /// Adds a figure.
    pub fn figure(mut self, figure: FigureToken) -> Self {
        self.figures.push(figure);
        self
    }

    /// Symbols on single squares, one highlight per distinct symbol: the quick way for a caller
    /// that only has `(square, char)` pairs.
    pub fn from_symbols(marks: &[(Square, char)]) -> Self {
        let mut by_symbol: BTreeMap<char, Vec<Square>> = BTreeMap::new();
        for (sq, c) in marks {
            by_symbol.entry(*c).or_default().push(*sq);
        }
        Overlay {
            tints: by_symbol
                .into_iter()
                .map(|(c, squares)| Tint::new(format!("marked {c}"), c, squares))
                .collect(),
            ..Overlay::default()
        }
    }

    /// The overlay character for a square in the terminal picture, figures first.
    fn symbol_at(&self, sq: Square) -> Option<char> {
        if let Some(f) = self.figures.iter().rev().find(|f| f.square == sq) {
            return Some(f.symbol);
        }
        if let Some(l) = self
            .lines
            .iter()
            .rev()
            .find(|l| l.from == sq || l.to == sq || l.crossed.contains(&sq))
        {
            return Some(l.symbol);
        }
        self.tints
            .iter()
            .rev()
            .find(|t| t.squares.contains(&sq))
            .map(|t| t.symbol)
    }
}

// ---------------------------------------------------------------------------------------------
// Terminal picture.

const DEBRIS: char = '%';
const BARRIER: char = 'X';
const SMOKE: char = '~';
const OBJECT: char = 'o';
const STEP: char = '/';
const TOP_STEP: char = '^';
const LADDER: char = '#';
const INDOOR: char = 'i';

/// Special zone keys in the pictures: the same letters the file writer gives them.
fn special_key(index: usize) -> char {
    ('A'..='Z')
        .chain('a'..='z')
        .chain('0'..='9')
        .nth(index)
        .unwrap_or('?')
}

/// The note character of a square (second character in the terminal picture): what matters most
/// about the square besides its terrain.
fn note_at(map: &SquareMap, overlay: &Overlay, sq: Square) -> char {
    if let Some(c) = overlay.symbol_at(sq) {
        return c;
    }
    let Some(cell) = map.cell(sq) else {
        return ' ';
    };
    if let Some(m) = cell.markers.iter().next() {
        return match m {
            Marker::Debris => DEBRIS,
            Marker::Barrier => BARRIER,
            Marker::Smoke => SMOKE,
            Marker::Object => OBJECT,
        };
    }
    if let Some((stair, step)) = cell.stair {
        let top = map
            .staircases
            .get(usize::from(stair))
            .is_some_and(|s| usize::from(step) + 1 == s.steps.len());
        return if top { TOP_STEP } else { STEP };
    }
    if cell.ladder.is_some() {
        return LADDER;
    }
    if let Some(i) = cell.special {
        return special_key(usize::from(i));
    }
    if cell.zone != 0 {
        return char::from_digit(u32::from(cell.zone), 36).unwrap_or('?');
    }
    if cell.indoor && map.kind == MapKind::Mixed {
        return INDOOR;
    }
    ' '
}

/// A terminal picture of the map: column and row rulers, two characters per square (terrain,
/// then a note: overlay, marker, stair, ladder, special zone, deployment zone or indoor), walls
/// drawn as `|` and `-` on the grid lines between squares, and a legend below.
pub fn render_ascii(map: &SquareMap, overlay: &Overlay) -> String {
    let (w, h) = (map.width(), map.height());
    let symbols = terrain_symbols(map);
    let terrain_char = |sq: Square| {
        map.cell(sq)
            .and_then(|c| {
                symbols
                    .iter()
                    .find(|s| s.terrain == c.terrain && s.level == c.level)
            })
            .map_or('?', |s| s.symbol)
    };
    let pad = (h - 1).max(1).to_string().len() + 1;
    // Horizontal segment above row y (y == h: the bottom edge) at column x.
    let hseg = |x: i32, y: i32| {
        (0..w).contains(&x) && (y == 0 || y == h || map.wall(Square::new(x, y), Dir::N))
    };
    // Vertical segment left of column x (x == w: the right edge) at row y.
    let vseg = |x: i32, y: i32| {
        (0..h).contains(&y) && (x == 0 || x == w || map.wall(Square::new(x, y), Dir::W))
    };
    let mut out = String::new();

    // Column ruler: numbers fit the two characters of a square; hundreds go on a line above.
    if w > 100 {
        out.push_str(&" ".repeat(pad));
        for x in 0..w {
            out.push_str("  ");
            out.push(if x >= 100 {
                char::from_digit((x / 100) as u32 % 10, 10).unwrap_or(' ')
            } else {
                ' '
            });
        }
        out.push('\n');
    }
    out.push_str(&" ".repeat(pad));
    for x in 0..w {
        if x >= 100 {
            let _ = write!(out, " {:02}", x % 100);
        } else {
            let _ = write!(out, " {x:>2}");
        }
    }
    out.push('\n');

    for y in 0..=h {
        // The grid line above row y.
        let mut line = " ".repeat(pad);
        for x in 0..=w {
            let left = hseg(x - 1, y);
            let right = hseg(x, y);
            let up = vseg(x, y - 1);
            let down = vseg(x, y);
            line.push(match (left || right, up || down) {
                (false, false) => ' ',
                (true, false) => '-',
                (false, true) => '|',
                (true, true) => '+',
            });
            if x < w {
                line.push_str(if right { "--" } else { "  " });
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
        if y == h {
            break;
        }
        let mut line = format!("{y:>width$} ", width = pad - 1);
        for x in 0..=w {
            line.push(if vseg(x, y) { '|' } else { ' ' });
            if x < w {
                let sq = Square::new(x, y);
                line.push(terrain_char(sq));
                line.push(note_at(map, overlay, sq));
            }
        }
        out.push_str(&line);
        out.push('\n');
    }

    ascii_legend(map, overlay, &symbols, &mut out);
    out
}

fn ascii_legend(
    map: &SquareMap,
    overlay: &Overlay,
    symbols: &[super::file::TerrainSymbol],
    out: &mut String,
) {
    let kind = match map.kind {
        MapKind::Outdoor => "outdoor",
        MapKind::Indoor => "indoor",
        MapKind::Mixed => "indoor/outdoor",
    };
    let _ = writeln!(
        out,
        "\n{} ({kind} map, {}x{})",
        map.name,
        map.width(),
        map.height()
    );
    let _ = writeln!(out, "Terrain (first character of a square):");
    for s in symbols {
        let _ = writeln!(
            out,
            "  {}  {}",
            s.symbol,
            describe_terrain(s.terrain, s.level)
        );
    }
    let mut notes: Vec<(char, String)> = Vec::new();
    let cells: Vec<_> = map.squares().filter_map(|s| map.cell(s)).collect();
    for f in &overlay.figures {
        notes.push((f.symbol, format!("figure: {} at {}", f.label, f.square)));
    }
    for l in &overlay.lines {
        notes.push((l.symbol, format!("{} from {} to {}", l.label, l.from, l.to)));
    }
    for t in &overlay.tints {
        notes.push((t.symbol, t.label.clone()));
    }
    for (m, c, name) in [
        (Marker::Debris, DEBRIS, "debris marker"),
        (Marker::Barrier, BARRIER, "barrier marker"),
        (Marker::Smoke, SMOKE, "smoke marker"),
        (Marker::Object, OBJECT, "object"),
    ] {
        if cells.iter().any(|cell| cell.markers.has(m)) {
            notes.push((c, name.to_string()));
        }
    }
    if !map.staircases.is_empty() {
        notes.push((
            STEP,
            format!("staircase step ({TOP_STEP}: its top, elevated step)"),
        ));
    }
    if !map.ladders.is_empty() {
        notes.push((LADDER, "ladder end".to_string()));
    }
    for (i, z) in map.special_zones.iter().enumerate() {
        let mut text = format!("special zone {}", z.name);
        if !z.rules.is_empty() {
            text.push_str(": ");
            text.push_str(&z.rules);
        }
        notes.push((special_key(i), text));
    }
    for z in map.deployment_zones() {
        let c = char::from_digit(u32::from(z), 36).unwrap_or('?');
        notes.push((c, format!("deployment zone {z}")));
    }
    if map.kind == MapKind::Mixed {
        notes.push((INDOOR, "indoor square".to_string()));
    }
    if !notes.is_empty() {
        let _ = writeln!(
            out,
            "Notes (second character of a square; the first one listed wins):"
        );
        for (c, text) in notes {
            // Long rule texts are wrapped under their symbol to stay readable in a terminal.
            for (i, part) in wrap(&text, 90).iter().enumerate() {
                if i == 0 {
                    let _ = writeln!(out, "  {c}  {part}");
                } else {
                    let _ = writeln!(out, "     {part}");
                }
            }
        }
    }
    let _ = writeln!(
        out,
        "Walls: | and - on the grid lines between squares (the frame is the map edge, not a wall)."
    );
}

// ---------------------------------------------------------------------------------------------
// SVG picture.

/// Side of a square in the SVG, in user units (pixels at 100%).
const CELL: f64 = 32.0;
const LEFT: f64 = 30.0;
const TOP: f64 = 26.0;
const LEGEND_LINE: f64 = 18.0;

/// The rulebook's line colours (*Terrain*): red elevated, green hindering, blue water, brown
/// blocking, purple deployment, yellow indoor, orange special.
const RED: &str = "#d32f2f";
const GREEN: &str = "#2e7d32";
const BLUE: &str = "#1565c0";
const BROWN: &str = "#795548";
const PURPLE: &str = "#7b1fa2";
const YELLOW: &str = "#f9a825";
const ORANGE: &str = "#ef6c00";
const WALL: &str = "#000000";

/// Escapes text for SVG content and attribute values.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters other than tab and newlines are not allowed in XML at all.
            c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

fn px(sq: Square) -> (f64, f64) {
    (LEFT + f64::from(sq.x) * CELL, TOP + f64::from(sq.y) * CELL)
}

fn centre(sq: Square) -> (f64, f64) {
    let (x, y) = px(sq);
    (x + CELL / 2.0, y + CELL / 2.0)
}

/// Path data for the boundary lines of every region of `key`, drawn `inset` inside the grid as
/// the rulebook prints them: a square belongs to a region when `key` gives it `Some(k)`, and the
/// line runs along every edge where the neighbour's key differs, turning inward at outer corners
/// and outward at inner ones so each region gets one continuous outline.
fn boundary_path<K: PartialEq>(
    map: &SquareMap,
    key: impl Fn(Square) -> Option<K>,
    inset: f64,
) -> String {
    let mut d = String::new();
    let same = |a: Square, k: &K| map.contains(a) && key(a).as_ref() == Some(k);
    for sq in map.squares() {
        let Some(k) = key(sq) else { continue };
        let (x0, y0) = px(sq);
        let (x1, y1) = (x0 + CELL, y0 + CELL);
        for side in Dir::ORTHOGONAL {
            if same(sq.step(side), &k) {
                continue;
            }
            // The two ends of the side, each toward a perpendicular direction.
            let (a, b) = match side {
                Dir::N | Dir::S => (Dir::W, Dir::E),
                _ => (Dir::N, Dir::S),
            };
            let end = |p: Dir| -> f64 {
                let shift = if !same(sq.step(p), &k) {
                    inset
                } else if same(sq.step(p).step(side), &k) {
                    -inset
                } else {
                    0.0
                };
                match p {
                    Dir::W => x0 + shift,
                    Dir::E => x1 - shift,
                    Dir::N => y0 + shift,
                    _ => y1 - shift,
                }
            };
            let (ea, eb) = (end(a), end(b));
            let _ = match side {
                Dir::N => write!(d, "M{ea} {}H{eb}", y0 + inset),
                Dir::S => write!(d, "M{ea} {}H{eb}", y1 - inset),
                Dir::W => write!(d, "M{} {ea}V{eb}", x0 + inset),
                _ => write!(d, "M{} {ea}V{eb}", x1 - inset),
            };
        }
    }
    d
}

/// An SVG picture of the map drawn as the rulebook draws maps: a light grid, each terrain region
/// outlined just inside the grid in its colour (red elevated, green hindering, blue water, brown
/// blocking, purple deployment zones, yellow indoor squares of a mixed map, orange special
/// zones) over a light fill, walls as thick black lines, stairs, ladders and markers, then the
/// overlay, and a legend below.
pub fn render_svg(map: &SquareMap, overlay: &Overlay) -> String {
    let (w, h) = (map.width(), map.height());
    let map_w = f64::from(w) * CELL;
    let map_h = f64::from(h) * CELL;
    let legend = svg_legend_lines(map, overlay);
    let total_w = (LEFT + map_w + 12.0).max(460.0);
    let total_h = TOP + map_h + 20.0 + LEGEND_LINE * (legend.len() as f64 + 1.0);
    let mut s = String::new();
    let _ = writeln!(s, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}" height="{total_h}" viewBox="0 0 {total_w} {total_h}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, "<title>{}</title>", esc(&map.name));
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{total_w}" height="{total_h}" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        s,
        r##"<rect x="{LEFT}" y="{TOP}" width="{map_w}" height="{map_h}" fill="#fbfaf5"/>"##
    );

    svg_fills(map, &mut s);
    svg_grid(map, &mut s);
    svg_boundaries(map, &mut s);
    svg_walls(map, &mut s);
    svg_stairs_and_ladders(map, &mut s);
    svg_labels(map, &mut s);
    svg_markers(map, &mut s);
    svg_overlay(map, overlay, &mut s);

    // Rulers.
    let _ = writeln!(
        s,
        r##"<g id="rulers" fill="#555555" text-anchor="middle">"##
    );
    for x in 0..w {
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{x}</text>"#,
            LEFT + (f64::from(x) + 0.5) * CELL,
            TOP - 8.0
        );
    }
    for y in 0..h {
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{y}</text>"#,
            LEFT / 2.0,
            TOP + (f64::from(y) + 0.5) * CELL + 4.0
        );
    }
    let _ = writeln!(s, "</g>");

    // Legend.
    let _ = writeln!(s, r#"<g id="legend">"#);
    let mut y = TOP + map_h + 24.0;
    let _ = writeln!(
        s,
        r#"<text x="{LEFT}" y="{y}" font-weight="bold" font-size="13">{}</text>"#,
        esc(&map.name)
    );
    for (swatch, text) in &legend {
        y += LEGEND_LINE;
        match swatch {
            Swatch::Line(c) => {
                let _ = writeln!(
                    s,
                    r#"<rect x="{LEFT}" y="{}" width="22" height="11" fill="none" stroke="{}" stroke-width="2"/>"#,
                    y - 10.0,
                    esc(c)
                );
            }
            Swatch::Wall => {
                let _ = writeln!(
                    s,
                    r#"<line x1="{LEFT}" y1="{}" x2="{}" y2="{}" stroke="{WALL}" stroke-width="5"/>"#,
                    y - 4.0,
                    LEFT + 22.0,
                    y - 4.0
                );
            }
            Swatch::Fill(c) => {
                let _ = writeln!(
                    s,
                    r#"<rect x="{LEFT}" y="{}" width="22" height="11" fill="{}" fill-opacity="0.6"/>"#,
                    y - 10.0,
                    esc(c)
                );
            }
            Swatch::Text(t) => {
                let _ = writeln!(
                    s,
                    r#"<text x="{}" y="{y}" text-anchor="middle" font-weight="bold">{}</text>"#,
                    LEFT + 11.0,
                    esc(t)
                );
            }
            Swatch::None => {}
        }
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{y}">{}</text>"#,
            LEFT + 30.0,
            esc(text)
        );
    }
    let _ = writeln!(s, "</g>");
    let _ = writeln!(s, "</svg>");
    s
}

enum Swatch {
    Line(String),
    Fill(String),
    Wall,
    Text(String),
    None,
}

fn svg_legend_lines(map: &SquareMap, overlay: &Overlay) -> Vec<(Swatch, String)> {
    let cells: Vec<_> = map.squares().filter_map(|s| map.cell(s)).collect();
    let any = |f: &dyn Fn(&super::Cell) -> bool| cells.iter().any(|c| f(c));
    let mut lines = Vec::new();
    let line = |c: &str| Swatch::Line(c.to_string());
    if any(&|c| c.level > 0) {
        lines.push((line(RED), "elevated terrain (red line)".to_string()));
    }
    if any(&|c| c.terrain.contains(Terrain::HINDERING)) {
        lines.push((line(GREEN), "hindering terrain (green line)".to_string()));
    }
    if any(&|c| c.terrain.contains(Terrain::WATER)) {
        lines.push((line(BLUE), "water (blue line)".to_string()));
    }
    if any(&|c| c.terrain.contains(Terrain::BLOCKING)) {
        lines.push((line(BROWN), "blocking terrain (brown line)".to_string()));
    }
    if map
        .squares()
        .any(|sq| map.cell(sq).is_some_and(|c| c.has_walls()))
    {
        lines.push((Swatch::Wall, "wall".to_string()));
    }
    let zones = map.deployment_zones();
    if !zones.is_empty() {
        let list: Vec<String> = zones.iter().map(u8::to_string).collect();
        lines.push((
            line(PURPLE),
            format!("deployment zones {} (purple line)", list.join(", ")),
        ));
    }
    if map.kind == MapKind::Mixed && any(&|c| c.indoor) {
        lines.push((line(YELLOW), "indoor squares (yellow line)".to_string()));
    }
    if map.kind == MapKind::Indoor {
        lines.push((
            Swatch::None,
            "indoor map: every square is indoors".to_string(),
        ));
    }
    for (i, z) in map.special_zones.iter().enumerate() {
        let rules = z.rules.split_whitespace().collect::<Vec<_>>().join(" ");
        let mut text = format!("{} {}", special_key(i), z.name);
        if !rules.is_empty() {
            text.push_str(": ");
            text.push_str(&rules);
        }
        // Long rule texts are wrapped: SVG text does not wrap by itself.
        let mut first = true;
        for chunk in wrap(&text, 90) {
            let swatch = if first { line(ORANGE) } else { Swatch::None };
            first = false;
            lines.push((swatch, chunk));
        }
    }
    if !map.staircases.is_empty() {
        lines.push((
            Swatch::None,
            "staircase: arrow points up to the elevated top step".to_string(),
        ));
    }
    if !map.ladders.is_empty() {
        lines.push((Swatch::None, "ladder".to_string()));
    }
    for (m, name, label) in [
        (Marker::Debris, "D", "debris marker"),
        (Marker::Barrier, "B", "barrier marker"),
        (Marker::Smoke, "S", "smoke marker"),
        (Marker::Object, "O", "object"),
    ] {
        if any(&|c| c.markers.has(m)) {
            lines.push((Swatch::Text(name.to_string()), label.to_string()));
        }
    }
    for t in &overlay.tints {
        lines.push((Swatch::Fill(t.colour.clone()), t.label.clone()));
    }
    for l in &overlay.lines {
        lines.push((
            Swatch::Line(l.colour.clone()),
            format!("{} from {} to {}", l.label, l.from, l.to),
        ));
    }
    for f in &overlay.figures {
        lines.push((
            Swatch::Fill(f.colour.clone()),
            format!("{} {} at {}", f.symbol, f.label, f.square),
        ));
    }
    lines
}

/// Splits text into lines of at most `width` characters at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

fn rect(s: &mut String, sq: Square, colour: &str, opacity: f64) {
    let (x, y) = px(sq);
    let _ = writeln!(
        s,
        r#"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{}" fill-opacity="{opacity}"/>"#,
        esc(colour)
    );
}

fn svg_fills(map: &SquareMap, s: &mut String) {
    let _ = writeln!(s, r#"<g id="fills">"#);
    for sq in map.squares() {
        let Some(c) = map.cell(sq) else { continue };
        if c.level > 0 {
            rect(s, sq, RED, (0.08 * f64::from(c.level)).min(0.4));
        }
        if map.kind == MapKind::Mixed && c.indoor {
            rect(s, sq, YELLOW, 0.14);
        }
        if c.zone != 0 {
            rect(s, sq, PURPLE, 0.08);
        }
        if c.special.is_some() {
            rect(s, sq, ORANGE, 0.1);
        }
        if c.terrain.contains(Terrain::WATER) {
            rect(s, sq, BLUE, 0.18);
        }
        if c.terrain.contains(Terrain::HINDERING) {
            rect(s, sq, GREEN, 0.16);
        }
        if c.terrain.contains(Terrain::BLOCKING) {
            rect(s, sq, BROWN, 0.4);
        }
        if c.stair.is_some() {
            rect(s, sq, "#9e9e9e", 0.35);
        }
    }
    let _ = writeln!(s, "</g>");
}

fn svg_grid(map: &SquareMap, s: &mut String) {
    let (w, h) = (map.width(), map.height());
    let mut d = String::new();
    for x in 0..=w {
        let px = LEFT + f64::from(x) * CELL;
        let _ = write!(d, "M{px} {TOP}V{}", TOP + f64::from(h) * CELL);
    }
    for y in 0..=h {
        let py = TOP + f64::from(y) * CELL;
        let _ = write!(d, "M{LEFT} {py}H{}", LEFT + f64::from(w) * CELL);
    }
    let _ = writeln!(
        s,
        r##"<path id="grid" d="{d}" fill="none" stroke="#c8c8c8" stroke-width="0.8"/>"##
    );
}

fn svg_boundaries(map: &SquareMap, s: &mut String) {
    let _ = writeln!(
        s,
        r#"<g id="boundaries" fill="none" stroke-width="2" stroke-linecap="square">"#
    );
    let cell = |sq: Square| map.cell(sq).copied();
    let mut outline = |colour: &str, d: String| {
        if !d.is_empty() {
            let _ = writeln!(s, r#"<path d="{d}" stroke="{colour}"/>"#);
        }
    };
    outline(
        RED,
        boundary_path(map, |sq| cell(sq).map(|c| c.level).filter(|l| *l > 0), 2.0),
    );
    for (colour, t, inset) in [
        (GREEN, Terrain::HINDERING, 4.5),
        (BROWN, Terrain::BLOCKING, 4.5),
        (BLUE, Terrain::WATER, 7.0),
    ] {
        outline(
            colour,
            boundary_path(
                map,
                |sq| cell(sq).filter(|c| c.terrain.contains(t)).map(|_| ()),
                inset,
            ),
        );
    }
    outline(
        PURPLE,
        boundary_path(map, |sq| cell(sq).map(|c| c.zone).filter(|z| *z != 0), 9.5),
    );
    if map.kind == MapKind::Mixed {
        outline(
            YELLOW,
            boundary_path(map, |sq| cell(sq).filter(|c| c.indoor).map(|_| ()), 12.0),
        );
    }
    outline(
        ORANGE,
        boundary_path(map, |sq| cell(sq).and_then(|c| c.special), 14.5),
    );
    let _ = writeln!(s, "</g>");
}

fn svg_walls(map: &SquareMap, s: &mut String) {
    let mut d = String::new();
    for (vertical, line, a, b) in wall_runs(map) {
        let l = f64::from(line) * CELL;
        let (a, b) = (f64::from(a) * CELL, f64::from(b + 1) * CELL);
        let _ = if vertical {
            write!(d, "M{} {}V{}", LEFT + l, TOP + a, TOP + b)
        } else {
            write!(d, "M{} {}H{}", LEFT + a, TOP + l, LEFT + b)
        };
    }
    if !d.is_empty() {
        let _ = writeln!(
            s,
            r#"<path id="walls" d="{d}" fill="none" stroke="{WALL}" stroke-width="5" stroke-linecap="round"/>"#
        );
    }
}

fn svg_stairs_and_ladders(map: &SquareMap, s: &mut String) {
    let _ = writeln!(
        s,
        r##"<g id="stairs" fill="none" stroke="#333333" stroke-width="1.5">"##
    );
    for stairs in &map.staircases {
        let steps = &stairs.steps;
        for (i, sq) in steps.iter().enumerate() {
            // Treads run across the direction of climb at this step.
            let (from, to) = match (steps.get(i.wrapping_sub(1)), steps.get(i + 1)) {
                (_, Some(next)) => (*sq, *next),
                (Some(prev), None) => (*prev, *sq),
                (None, None) => continue,
            };
            let (dx, dy) = (f64::from(to.x - from.x), f64::from(to.y - from.y));
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let (ux, uy) = (dx / len, dy / len);
            let (px_, py_) = (-uy, ux);
            let (cx, cy) = centre(*sq);
            for t in [-0.3, 0.0, 0.3] {
                let (mx, my) = (cx + ux * t * CELL, cy + uy * t * CELL);
                let half = 0.42 * CELL;
                let _ = writeln!(
                    s,
                    r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"/>"#,
                    mx - px_ * half,
                    my - py_ * half,
                    mx + px_ * half,
                    my + py_ * half
                );
            }
        }
        let points: Vec<String> = steps
            .iter()
            .map(|sq| {
                let (x, y) = centre(*sq);
                format!("{x},{y}")
            })
            .collect();
        let _ = writeln!(
            s,
            r##"<polyline points="{}" stroke="#000000" stroke-width="2"/>"##,
            points.join(" ")
        );
        // The arrowhead is drawn by hand: SVG markers render unevenly across viewers.
        if let [.., before, last] = steps.as_slice() {
            let (x0, y0) = centre(*before);
            let (x1, y1) = centre(*last);
            let (dx, dy) = (x1 - x0, y1 - y0);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let (ux, uy) = (dx / len, dy / len);
            let (bx, by) = (x1 - ux * 9.0, y1 - uy * 9.0);
            let _ = writeln!(
                s,
                r##"<path d="M{:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}z" fill="#000000" stroke="none"/>"##,
                x1 + ux * 3.0,
                y1 + uy * 3.0,
                bx - uy * 5.0,
                by + ux * 5.0,
                bx + uy * 5.0,
                by - ux * 5.0
            );
        }
    }
    let _ = writeln!(s, "</g>");
    let _ = writeln!(
        s,
        r##"<g id="ladders" fill="none" stroke="#5d4037" stroke-width="2">"##
    );
    for l in &map.ladders {
        let (bx, by) = centre(l.bottom);
        let (tx, ty) = centre(l.top);
        let (dx, dy) = (tx - bx, ty - by);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let (ux, uy) = (dx / len, dy / len);
        let (nx, ny) = (-uy * 6.0, ux * 6.0);
        let (sx, sy) = (bx - ux * 8.0, by - uy * 8.0);
        let (ex, ey) = (tx + ux * 8.0, ty + uy * 8.0);
        for side in [-1.0, 1.0] {
            let _ = writeln!(
                s,
                r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"/>"#,
                sx + nx * side,
                sy + ny * side,
                ex + nx * side,
                ey + ny * side
            );
        }
        let full = len + 16.0;
        let rungs = (full / 6.0).floor() as usize;
        for i in 1..rungs {
            let t = i as f64 * 6.0;
            let (rx, ry) = (sx + ux * t, sy + uy * t);
            let _ = writeln!(
                s,
                r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke-width="1.2"/>"#,
                rx - nx,
                ry - ny,
                rx + nx,
                ry + ny
            );
        }
    }
    let _ = writeln!(s, "</g>");
}

fn svg_labels(map: &SquareMap, s: &mut String) {
    let _ = writeln!(
        s,
        r#"<g id="labels" font-weight="bold" font-size="12" text-anchor="middle">"#
    );
    for z in map.deployment_zones() {
        if let Some(sq) = map.zone_squares(z).first() {
            let (cx, cy) = centre(*sq);
            let _ = writeln!(
                s,
                r#"<text x="{cx}" y="{}" fill="{PURPLE}">{z}</text>"#,
                cy + 4.0
            );
        }
    }
    for (i, zone) in map.special_zones.iter().enumerate() {
        let first = map
            .squares()
            .find(|sq| map.cell(*sq).and_then(|c| c.special) == Some(i as u16));
        if let Some(sq) = first {
            let (cx, cy) = centre(sq);
            let _ = writeln!(
                s,
                r#"<text x="{cx}" y="{}" fill="{ORANGE}"><title>{}</title>{}</text>"#,
                cy + 4.0,
                esc(&zone.name),
                esc(&special_key(i).to_string())
            );
        }
    }
    let _ = writeln!(s, "</g>");
}

fn svg_markers(map: &SquareMap, s: &mut String) {
    let _ = writeln!(
        s,
        r#"<g id="markers" font-size="10" font-weight="bold" text-anchor="middle">"#
    );
    for sq in map.squares() {
        let Some(cell) = map.cell(sq) else { continue };
        let markers: Vec<Marker> = cell.markers.iter().collect();
        let (cx, cy) = centre(sq);
        for (i, m) in markers.iter().enumerate() {
            let (fill, letter, name) = match m {
                Marker::Debris => ("#a1887f", "D", "debris"),
                Marker::Barrier => ("#4e342e", "B", "barrier"),
                Marker::Smoke => ("#9e9e9e", "S", "smoke"),
                Marker::Object => ("#fbc02d", "O", "object"),
            };
            let x = cx + (i as f64 - (markers.len() as f64 - 1.0) / 2.0) * 10.0;
            let _ = writeln!(
                s,
                r##"<g><title>{name} marker at {sq}</title><circle cx="{x}" cy="{cy}" r="8" fill="{fill}" stroke="#ffffff" stroke-width="1.5"/><text x="{x}" y="{}" fill="#ffffff">{letter}</text></g>"##,
                cy + 3.5
            );
        }
    }
    let _ = writeln!(s, "</g>");
}

fn svg_overlay(map: &SquareMap, overlay: &Overlay, s: &mut String) {
    let _ = writeln!(s, r#"<g id="overlay">"#);
    for t in &overlay.tints {
        for sq in t.squares.iter().filter(|sq| map.contains(**sq)) {
            rect(s, *sq, &t.colour, 0.4);
        }
    }
    for l in &overlay.lines {
        for sq in l.crossed.iter().filter(|sq| map.contains(**sq)) {
            rect(s, *sq, &l.colour, 0.22);
        }
        let (x1, y1) = centre(l.from);
        let (x2, y2) = centre(l.to);
        let colour = esc(&l.colour);
        let _ = writeln!(
            s,
            r#"<g><title>{}</title><line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" stroke-width="2.5"/><circle cx="{x1}" cy="{y1}" r="3" fill="{colour}"/><circle cx="{x2}" cy="{y2}" r="3" fill="{colour}"/></g>"#,
            esc(&l.label)
        );
    }
    for f in &overlay.figures {
        if !map.contains(f.square) {
            continue;
        }
        let (cx, cy) = centre(f.square);
        let _ = writeln!(
            s,
            r##"<g><title>{}</title><circle cx="{cx}" cy="{cy}" r="12" fill="{}" stroke="#ffffff" stroke-width="2"/><text x="{cx}" y="{}" fill="#ffffff" font-size="13" font-weight="bold" text-anchor="middle">{}</text></g>"##,
            esc(&f.label),
            esc(&f.colour),
            cy + 4.5,
            esc(&f.symbol.to_string())
        );
    }
    let _ = writeln!(s, "</g>");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(
            esc("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
        assert_eq!(esc("x\u{1}y"), "x y");
    }

    #[test]
    fn a_single_square_region_is_a_closed_inset_box() {
        let mut m = SquareMap::new("t", MapKind::Outdoor, 3, 3);
        if let Some(c) = m.cell_mut(Square::new(1, 1)) {
            c.terrain = Terrain::HINDERING;
        }
        let d = boundary_path(
            &m,
            |sq| {
                m.cell(sq)
                    .filter(|c| c.terrain.contains(Terrain::HINDERING))
                    .map(|_| ())
            },
            4.0,
        );
        let (x0, y0) = px(Square::new(1, 1));
        assert!(d.contains(&format!("M{} {}H{}", x0 + 4.0, y0 + 4.0, x0 + CELL - 4.0)));
        assert_eq!(d.matches('M').count(), 4);
    }

    #[test]
    fn inner_corners_extend_outward() {
        // An L of three squares: the inner corner's two lines meet at the inset point.
        let mut m = SquareMap::new("t", MapKind::Outdoor, 3, 3);
        for sq in [Square::new(0, 0), Square::new(1, 0), Square::new(0, 1)] {
            if let Some(c) = m.cell_mut(sq) {
                c.level = 1;
            }
        }
        let d = boundary_path(&m, |sq| m.cell(sq).map(|c| c.level).filter(|l| *l > 0), 2.0);
        // South side of (1,0) starts at the inner corner, pulled back by the inset.
        let (x0, _) = px(Square::new(1, 0));
        let y = TOP + CELL - 2.0;
        assert!(d.contains(&format!("M{} {y}H", x0 - 2.0)), "{d}");
    }

    #[test]
    fn wrap_splits_at_spaces() {
        assert_eq!(wrap("aa bb cc", 5), vec!["aa bb", "cc"]);
    }
}
