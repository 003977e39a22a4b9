//! A plain-text picture of a battlefield for terminals (`map show`): one cell per hex in odd-r
//! rows, odd rows shifted half a cell, each cell a marker, the level and the start zone.

use std::fmt::Write as _;

use skirmish_board::hex::{Hex, RowShift};

use super::{Battlefield, Material};

/// The battlefield as text. Each hex is four characters: a marker (` ` land, `~` water or another
/// thin tile, `^` room under an overhang, `#` an obstacle, `*` a glyph), the level a figure
/// stands at (an obstacle's top), and the number of the player whose start zone it is in.
pub fn render_text(field: &Battlefield) -> String {
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
    let (r0, r1) = (
        offsets.iter().map(|o| o.1).min().unwrap_or(0),
        offsets.iter().map(|o| o.1).max().unwrap_or(0),
    );
    for row in r0..=r1 {
        let mut line = String::new();
        if row.rem_euclid(2) == 1 {
            line.push_str("  ");
        }
        for col in c0..=c1 {
            let hex = Hex::from_offset(col, row, RowShift::Odd);
            line.push_str(&cell(field, hex));
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out.push_str(
        "~ water or another thin tile, ^ room under an overhang, # obstacle (its top), \
         * glyph; the last digit is a start zone's player\n",
    );
    out
}

fn cell(field: &Battlefield, hex: Hex) -> String {
    let Some(column) = field.column(hex) else {
        return "  . ".into();
    };
    let feet: Vec<_> = column.footings().collect();
    let top_obstacle = column
        .spans()
        .last()
        .filter(|s| matches!(s.material, Material::Obstacle(_)));
    let (marker, level) = match (top_obstacle, feet.last()) {
        (Some(s), _) => ('#', s.top),
        (None, Some(f))
            if f.ground.is_water()
                || matches!(
                    column.spans().get(f.span).map(|s| s.material),
                    Some(Material::Liquid(_))
                ) =>
        {
            ('~', f.level)
        }
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
    format!("{marker}{level:>2}{zone}")
}

#[cfg(test)]
mod tests {
    use super::super::file::samples;
    use super::*;

    #[test]
    fn every_hex_is_one_cell_with_its_level_zone_and_glyph() {
        let field = samples()[0].battlefield().unwrap();
        let text = render_text(&field);
        let rows: Vec<&str> = text
            .lines()
            .skip(1)
            .filter(|l| !l.starts_with('~'))
            .collect();
        let cells: usize = rows.iter().map(|l| l.trim_start().len().div_ceil(4)).sum();
        assert_eq!(cells, field.len(), "the sample is a full rectangle");
        let water = field
            .columns()
            .filter(|(_, c)| c.top_footing().is_some_and(|f| f.ground.is_water()))
            .count();
        assert_eq!(text.matches("~ 0").count(), water);
        let first = field.start_zone(1).next().unwrap();
        assert!(
            cell(&field, first).ends_with('1'),
            "{:?}",
            cell(&field, first)
        );
        let glyph = field.glyphs()[0];
        assert_eq!(cell(&field, glyph.hex), format!("*{:>2} ", glyph.level));
        assert_eq!(cell(&field, Hex::new(-100, 0)), "  . ");
    }
}
