//! The web map editor's JSON maps (`Dissolutio/heroscape-map-editor`).
//!
//! A map is `{"hexMap": {"name": ...}, "boardPieces": {KEY: PIECE, ...}}` where each key is
//! `altitude~q~r~rotation~piece`: the level the piece's underside rests on, the axial hex of its
//! origin (pointy-top, `r` down, as ours), its rotation (0 to 5, clockwise) and its piece id,
//! which the value repeats. Shapes are the editor's templates turned about the origin
//! ([`super::tiles::Template`]). These files carry no glyphs and no start zones.

use std::path::Path;

use serde_json::Value;
use skirmish_board::hex::Hex;

use super::place::{assemble, Placement};
use super::tiles;
use super::{Battlefield, Builder, Level, MapError, Problem};

/// Reads a map-editor JSON file.
pub fn read(path: impl AsRef<Path>) -> Result<Battlefield, MapError> {
    let path = path.as_ref();
    let file = path.display().to_string();
    let text =
        std::fs::read_to_string(path).map_err(|e| MapError::one(&file, "file", e.to_string()))?;
    read_str(&file, &text)
}

/// Reads map-editor JSON text; `file` names it in errors.
pub fn read_str(file: &str, text: &str) -> Result<Battlefield, MapError> {
    let fail = |place: &str, what: String| MapError::one(file, place, what);
    let json: Value = serde_json::from_str(text).map_err(|e| {
        fail(
            &format!("line {} column {}", e.line(), e.column()),
            format!("not JSON: {e}"),
        )
    })?;
    let name = json
        .pointer("/hexMap/name")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let pieces = json
        .get("boardPieces")
        .and_then(Value::as_object)
        .ok_or_else(|| fail("boardPieces", "missing, or not an object of pieces".into()))?;
    let mut problems = Vec::new();
    let mut placements = Vec::new();
    for (key, value) in pieces {
        let place = format!("boardPieces \"{key}\"");
        match placement(key, value) {
            Ok(mut p) => {
                p.place = format!("{place} ({})", p.piece.name);
                placements.push(p);
            }
            Err(what) => problems.push(Problem { place, what }),
        }
    }
    if !problems.is_empty() {
        return Err(MapError {
            file: file.into(),
            problems,
        });
    }
    let name = if name.is_empty() {
        Path::new(file)
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().replace('_', " "))
    } else {
        name.to_string()
    };
    assemble(Builder::new(name), &placements).map_err(|problems| MapError {
        file: file.into(),
        problems,
    })
}

/// The placement a key describes.
fn placement(key: &str, value: &Value) -> Result<Placement, String> {
    let parts: Vec<&str> = key.split('~').collect();
    let [altitude, q, r, rotation, id] = parts.as_slice() else {
        return Err("a key is altitude~q~r~rotation~piece".into());
    };
    let number = |field: &str, s: &str| -> Result<i32, String> {
        s.parse::<i32>()
            .ok()
            .filter(|n| n.abs() <= 100_000)
            .ok_or_else(|| format!("{field} {s:?} is not a whole number"))
    };
    let level = Level::try_from(number("altitude", altitude)?)
        .map_err(|_| format!("altitude {altitude} is negative"))?;
    let hex = Hex::new(number("q", q)?, number("r", r)?);
    let rotation = u8::try_from(number("rotation", rotation)?)
        .ok()
        .filter(|r| *r < 6)
        .ok_or_else(|| format!("rotation {rotation} is not 0 to 5"))?;
    if value.as_str() != Some(id) {
        return Err(format!("the value {value} is not the key's piece {id:?}"));
    }
    let (piece, template) = tiles::editor(id).ok_or_else(|| format!("unknown piece {id:?}"))?;
    Ok(Placement {
        piece,
        hexes: template.hexes(hex, rotation),
        level,
        side: rotation,
        glyph: None,
        player: None,
        place: String::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_map_with_a_tower_and_a_pillar() {
        let text = r#"{"hexMap":{"name":"Tower"},"boardPieces":{
            "0~0~0~0~g2":"g2","1~0~0~0~r1":"r1","2~0~0~0~r1":"r1",
            "1~1~0~0~lwp":"lwp","0~2~0~3~w1":"w1"}}"#;
        let field = read_str("t.json", text).unwrap();
        assert_eq!(field.name, "Tower");
        assert_eq!(field.len(), 3);
        assert_eq!(field.column(Hex::new(0, 0)).unwrap().top(), 3);
        // The pillar stands on the grass at level 1 and reaches 11.
        let pillar = field.column(Hex::new(1, 0)).unwrap();
        assert_eq!(pillar.top(), 11);
        assert_eq!(pillar.footings().count(), 0);
        // Water on the table: figures stand in it at level 0.
        let water = field.column(Hex::new(2, 0)).unwrap().top_footing().unwrap();
        assert_eq!(water.level, 0);
    }

    #[test]
    fn errors_name_the_file_and_key() {
        let e = read_str("m.json", r#"{"boardPieces":{"0~0~0~0~zz":"zz"}}"#)
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "m.json: boardPieces \"0~0~0~0~zz\": unknown piece \"zz\""
        );
        let e = read_str("m.json", r#"{"boardPieces":{"0~0~0~9~g1":"g1"}}"#)
            .unwrap_err()
            .to_string();
        assert!(e.contains("rotation 9 is not 0 to 5"), "{e}");
        let e = read_str("m.json", r#"{"boardPieces":{"2~0~0~0~g1":"g1"}}"#)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("nothing under any of its hexes at level 2"),
            "{e}"
        );
        let e = read_str("m.json", "{").unwrap_err().to_string();
        assert!(e.starts_with("m.json: line 1 column 1: not JSON"), "{e}");
        let e = read_str("m.json", r#"{"boardPieces":{"0~0~0~0~g1":"g2"}}"#)
            .unwrap_err()
            .to_string();
        assert!(e.contains("is not the key's piece"), "{e}");
    }
}
