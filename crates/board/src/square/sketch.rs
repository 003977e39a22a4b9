//! Maps drawn as a few lines of text, for tests, examples and quick judge questions.

use super::{MapKind, Square, SquareMap, Terrain};

/// Builds a mixed map from rows of characters, one per square:
///
/// | char | square |
/// |---|---|
/// | `.` | clear ground |
/// | `h` | hindering |
/// | `w` | water |
/// | `b` | blocking |
/// | `e` | elevated (level 1) |
/// | `H` | elevated hindering |
/// | `B` | elevated blocking |
/// | `i` | indoor ground |
/// | `I` | indoor elevated |
///
/// Rows must all be as long as the first. Errors name the row and column at fault.
pub fn sketch(rows: &[&str]) -> Result<SquareMap, String> {
    let height = rows.len();
    let width = rows.first().map_or(0, |r| r.chars().count());
    if width == 0 || height == 0 {
        return Err("a sketch needs at least one row and one column".into());
    }
    let mut m = SquareMap::new("sketch", MapKind::Mixed, width as i32, height as i32);
    for (y, row) in rows.iter().enumerate() {
        if row.chars().count() != width {
            return Err(format!(
                "row {y} has {} squares, the first row has {width}",
                row.chars().count()
            ));
        }
        for (x, ch) in row.chars().enumerate() {
            let Some(c) = m.cell_mut(Square::new(x as i32, y as i32)) else {
                continue;
            };
            let (terrain, level, indoor) = match ch {
                '.' => (Terrain::CLEAR, 0, false),
                'h' => (Terrain::HINDERING, 0, false),
                'w' => (Terrain::WATER, 0, false),
                'b' => (Terrain::BLOCKING, 0, false),
                'e' => (Terrain::CLEAR, 1, false),
                'H' => (Terrain::HINDERING, 1, false),
                'B' => (Terrain::BLOCKING, 1, false),
                'i' => (Terrain::CLEAR, 0, true),
                'I' => (Terrain::CLEAR, 1, true),
                other => {
                    return Err(format!(
                        "row {y}, column {x}: unknown character `{other}` (use . h w b e H B i I)"
                    ))
                }
            };
            c.terrain = terrain;
            c.level = level;
            c.indoor = indoor;
        }
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sketches_and_reports_errors() {
        let m = sketch(&[".hB", "ewi"]).unwrap();
        assert_eq!(m.width(), 3);
        assert!(m.cell(Square::new(2, 0)).unwrap().is_blocking());
        assert_eq!(m.level(Square::new(2, 0)), 1);
        assert!(sketch(&["..", "."]).unwrap_err().contains("row 1"));
        assert!(sketch(&[".x"]).unwrap_err().contains("column 1"));
        assert!(sketch(&[]).is_err());
    }
}
