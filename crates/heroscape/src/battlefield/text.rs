//! A plain-text picture of a battlefield for terminals (`map show`, the judge's answers, the
//! terminal game): one cell per hex in odd-r rows, odd rows shifted half a cell, each cell a
//! marker, the level a figure stands at, and a last character (a start zone's player, or what
//! the caller marks there). Columns and rows are numbered from the battlefield's top-left hex,
//! as the page and the judge name hexes (`col,row`). A battlefield wider than the terminal is
//! cut into bands of columns, printed one under the other, each with its rulers.

use std::fmt::Write as _;

use skirmish_board::hex::{Hex, RowShift};

use super::{Battlefield, Ground, Material};

/// What a caller draws over a hex: a marker in place of the terrain's (a figure's side, the
/// line of sight's ends) and a last character in place of the start zone (a figure's number,
/// a crossed hex). The level stays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mark {
    /// Replaces the terrain marker.
    pub marker: Option<char>,
    /// Replaces the start zone's digit.
    pub last: Option<char>,
}

/// How to draw: the terminal's width, what to mark, the legend lines of the marks.
pub struct TextOptions<'a> {
    /// Columns of text available (80 for a usual terminal); at least one hex per band.
    pub width: usize,
    /// The marks, hex by hex.
    pub marks: &'a dyn Fn(Hex) -> Mark,
    /// Only the rows and columns (offset, from the battlefield's top-left hex) in these ranges,
    /// to show the part of a battlefield that matters; `None` for all.
    pub window: Option<([i32; 2], [i32; 2])>,
}

/// Characters per hex.
const CELL: usize = 4;
/// The row numbers' margin.
const MARGIN: usize = 4;

/// The battlefield as text, every hex, in bands of columns that fit 80 characters. Each hex is
/// four characters: a marker (` ` land, `~` water or another thin tile, `%` lava, `^` room under
/// an overhang, `#` an obstacle, `*` a glyph), the level a figure stands at (an obstacle's top),
/// and the number of the player whose start zone it is in.
pub fn render_text(field: &Battlefield) -> String {
    render_text_with(
        field,
        &TextOptions {
            width: 80,
            marks: &|_| Mark::default(),
            window: None,
        },
    )
}

/// The battlefield as text with the caller's marks (see the module's documentation).
pub fn render_text_with(field: &Battlefield, opts: &TextOptions<'_>) -> String {
    let offsets: Vec<(i32, i32)> = field
        .columns()
        .map(|(h, _)| h.to_offset(RowShift::Odd))
        .collect();
    let mut out = format!(
        "{} ({} hexes, highest level {})\n",
        field.name,
        field.len(),
        field.top()
    );
    let (Some(c0), Some(c1)) = (
        offsets.iter().map(|o| o.0).min(),
        offsets.iter().map(|o| o.0).max(),
    ) else {
        return out;
    };
    // Rows move by an even number so that odd rows stay the shifted ones (as the page's grid).
    let r0 = offsets.iter().map(|o| o.1).min().unwrap_or(0);
    let r0 = r0 - r0.rem_euclid(2);
    let r1 = offsets.iter().map(|o| o.1).max().unwrap_or(0);
    let (mut cols, mut rows) = ([0, c1 - c0], [0, r1 - r0]);
    if let Some((c, r)) = opts.window {
        cols = [cols[0].max(c[0]), cols[1].min(c[1])];
        rows = [rows[0].max(r[0]), rows[1].min(r[1])];
    }
    let per_band = (opts.width.saturating_sub(MARGIN + CELL / 2) / CELL).max(1) as i32;
    let bands = ((cols[1] - cols[0] + 1).max(0) + per_band - 1) / per_band;
    let mut start = cols[0];
    while start <= cols[1] {
        let end = (start + per_band - 1).min(cols[1]);
        if bands > 1 {
            let _ = writeln!(out, "columns {start}-{end} / colonnes {start}-{end}");
        }
        let mut ruler = " ".repeat(MARGIN);
        for c in start..=end {
            let _ = write!(ruler, "{c:>3} ");
        }
        let _ = writeln!(out, "{}", ruler.trim_end());
        for row in rows[0]..=rows[1] {
            let mut line = format!("{row:>3} ");
            if row.rem_euclid(2) == 1 {
                line.push_str("  ");
            }
            for col in start..=end {
                let hex = Hex::from_offset(col + c0, row + r0, RowShift::Odd);
                line.push_str(&cell(field, hex, (opts.marks)(hex)));
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
        start = end + 1;
    }
    // Short lines: the legend fits the terminal too.
    out.push_str(
        "~ water  % lava  ^ room under an overhang  # obstacle (its top)  * glyph\n\
         the number is the level, the last digit a start zone\n\
         ~ eau  % lave  ^ place sous un surplomb  # obstacle (son sommet)  * glyphe\n\
         le nombre est le niveau, le dernier chiffre une zone de départ\n",
    );
    out
}

fn cell(field: &Battlefield, hex: Hex, mark: Mark) -> String {
    let Some(column) = field.column(hex) else {
        return match mark.marker {
            Some(m) => format!("{m}  ."),
            None => "  . ".into(),
        };
    };
    let feet: Vec<_> = column.footings().collect();
    let top_obstacle = column
        .spans()
        .last()
        .filter(|s| matches!(s.material, Material::Obstacle(_)));
    let liquid = |f: &super::Footing| {
        matches!(
            column.spans().get(f.span).map(|s| s.material),
            Some(Material::Liquid(_))
        )
    };
    let (marker, level) = match (top_obstacle, feet.last()) {
        (Some(s), _) => ('#', s.top),
        (None, Some(f)) if matches!(f.ground, Ground::Lava) => ('%', f.level),
        (None, Some(f)) if f.ground.is_water() || liquid(f) => ('~', f.level),
        (None, Some(f)) if feet.len() > 1 => ('^', f.level),
        (None, Some(f)) => (' ', f.level),
        (None, None) => (' ', column.top()),
    };
    let marker = if field.glyphs().iter().any(|g| g.hex == hex) {
        '*'
    } else {
        marker
    };
    let zone = (1..=8u8)
        .find(|&p| field.start_players(hex).has(p))
        .map_or(' ', |p| char::from(b'0' + p));
    let marker = mark.marker.unwrap_or(marker);
    let last = mark.last.unwrap_or(zone);
    // Levels of three digits lose their first: no real battlefield rises that high.
    format!("{marker}{:>2}{last}", level % 100)
}

#[cfg(test)]
mod tests {
    use super::super::file::samples;
    use super::*;

    #[test]
    fn every_hex_is_one_cell_with_its_level_zone_and_glyph() {
        let field = samples()[0].battlefield().unwrap();
        let text = render_text_with(
            &field,
            &TextOptions {
                width: 1000,
                marks: &|_| Mark::default(),
                window: None,
            },
        );
        // Hex rows: a row number then the cells (the first line is the title, the second the
        // column ruler, the last two the legend).
        let rows: Vec<&str> = text
            .lines()
            .skip(2)
            .filter(|l| l.len() > MARGIN && l[..MARGIN].trim().parse::<i32>().is_ok())
            .collect();
        let cells: usize = rows
            .iter()
            .map(|l| l[MARGIN..].trim_start().len().div_ceil(CELL))
            .sum();
        assert_eq!(cells, field.len(), "the sample is a full rectangle");
        let water = field
            .columns()
            .filter(|(_, c)| c.top_footing().is_some_and(|f| f.ground.is_water()))
            .count();
        assert_eq!(text.matches("~ 0").count(), water);
        let first = field.start_zone(1).next().unwrap();
        let none = Mark::default();
        assert!(
            cell(&field, first, none).ends_with('1'),
            "{:?}",
            cell(&field, first, none)
        );
        let glyph = field.glyphs()[0];
        assert_eq!(
            cell(&field, glyph.hex, none),
            format!("*{:>2} ", glyph.level)
        );
        assert_eq!(cell(&field, Hex::new(-100, 0), none), "  . ");
        let marked = Mark {
            marker: Some('A'),
            last: Some('1'),
        };
        assert_eq!(
            cell(&field, glyph.hex, marked),
            format!("A{:>2}1", glyph.level)
        );
    }

    /// A battlefield wider than the terminal comes in bands, every line within the width, and
    /// still every hex once.
    #[test]
    fn a_wide_battlefield_is_cut_into_bands_that_fit() {
        let field = samples()[0].battlefield().unwrap();
        let narrow = render_text_with(
            &field,
            &TextOptions {
                width: 30,
                marks: &|_| Mark::default(),
                window: None,
            },
        );
        let body: Vec<&str> = narrow
            .lines()
            .skip(1)
            // The legend after the map is text that wraps as any text does.
            .take_while(|l| !l.starts_with("~ "))
            .filter(|l| !l.starts_with("columns"))
            .collect();
        assert!(body.iter().all(|l| l.chars().count() <= 30), "{narrow}");
        assert!(narrow.contains("columns 0-5"), "{narrow}");
        let cells: usize = body
            .iter()
            .filter(|l| l.len() > MARGIN && l[..MARGIN].trim().parse::<i32>().is_ok())
            .map(|l| l[MARGIN..].trim_start().len().div_ceil(CELL))
            .sum();
        assert_eq!(cells, field.len());
    }
}
