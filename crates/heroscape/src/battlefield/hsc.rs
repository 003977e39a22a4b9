//! Virtualscape `.hsc` files, every document version (0.0001 to 0.0007) and tile version
//! (0.0001 to 0.0003), as `../shared/specs/heroscape-hsc-format.md` describes them.
//!
//! The file is an MFC archive: little-endian numbers, strings with a length prefix (Unicode when
//! marked `FF FE FF`), a header whose fields depend on the version, then `NbTile` tile records.
//! Tiles are placed in odd-r offset coordinates (`PosX`, `PosY`) at level `PosZ`; their shapes
//! and heights come from the catalogue ([`super::tiles`]). Every error names the file and the
//! byte offset, tile index or hex; nothing in a file, however broken, makes the reader panic.

use std::path::Path;

use skirmish_board::hex::{Hex, RowShift};

use super::place::{assemble, Placement};
use super::tiles::{self, Role};
use super::{Battlefield, Builder, Glyph, Level, MapError};

/// The largest `PosX`/`PosY` magnitude accepted: far beyond any real map (they stay under 100),
/// small enough that no hex arithmetic can overflow.
const MAX_POSITION: i32 = 100_000;
/// The highest `PosZ` accepted (real maps stay under 40).
const MAX_LEVEL: i32 = 10_000;

/// A Virtualscape map as read: the header, the raw tiles, and the battlefield they build.
#[derive(Clone, Debug, PartialEq)]
pub struct HscMap {
    /// The document version, as written (`"0.0007"`).
    pub version: String,
    /// The map's name (empty before version 0.0002).
    pub name: String,
    /// Its author.
    pub author: String,
    /// The number of players the author wrote (free text, from version 0.0003).
    pub players: String,
    /// `NbTile` from the header.
    pub tile_count: usize,
    /// Every tile record, in file order.
    pub tiles: Vec<HscTile>,
    /// Figures placed on the map (Virtualscape's figure tiles): name, hexes, level.
    pub figures: Vec<(String, Vec<Hex>, Level)>,
    /// The colour of each player's start zone: player `p` is `start_colours[p - 1]`.
    pub start_colours: Vec<&'static str>,
    /// The battlefield.
    pub battlefield: Battlefield,
}

/// One tile record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HscTile {
    /// Byte offset of the record (its type code) in the file.
    pub offset: usize,
    /// The type code (`1024` grass 24-hex, `14065` glyph A, ...).
    pub code: i32,
    /// The tile record version, as written (`"0.0003"`).
    pub version: String,
    /// Rotation, 0 to 5.
    pub rotation: i32,
    /// Odd-r column.
    pub x: i32,
    /// Odd-r row.
    pub y: i32,
    /// Level of its underside.
    pub z: i32,
    /// The glyph letter (tile version 0.0002 on; 0 before).
    pub glyph_letter: u8,
    /// The start area's name (`"Rouge"`, `"Blue"`...).
    pub start_name: String,
    /// The tile colour (`COLORREF`, `0x00BBGGRR`): a start area's player.
    pub colour: u32,
    /// A custom tile's hex count.
    pub custom_hexes: Option<i32>,
    /// A figure tile's figure name.
    pub figure: Option<String>,
}

/// Virtualscape's start-area colours, in player order (red, green, blue, yellow, violet, cyan,
/// orange, purple).
pub const START_COLOURS: [u32; 8] = [
    255, 65_280, 16_711_680, 65_535, 16_711_935, 16_776_960, 33_023, 16_711_808,
];

/// Their names, in English.
pub const COLOUR_NAMES: [&str; 8] = [
    "red", "green", "blue", "yellow", "violet", "cyan", "orange", "purple",
];

const START_AREA: i32 = 15_001;

/// Reads an `.hsc` file.
pub fn read(path: impl AsRef<Path>) -> Result<HscMap, MapError> {
    let path = path.as_ref();
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| MapError::one(&file, "file", e.to_string()))?;
    read_bytes(&file, &bytes)
}

/// Reads `.hsc` bytes; `file` names them in errors.
pub fn read_bytes(file: &str, bytes: &[u8]) -> Result<HscMap, MapError> {
    let doc = parse(bytes).map_err(|(at, what)| MapError::one(file, at, what))?;
    let mut problems = Vec::new();
    let mut placements = Vec::new();
    let mut figures = Vec::new();
    // Players are numbered by the start colours the map uses, in Virtualscape's colour order, so
    // that a map of four zones has players 1 to 4 whatever colours its author picked.
    let mut used = [false; 8];
    for t in &doc.tiles {
        if t.code == START_AREA {
            if let Some(i) = START_COLOURS.iter().position(|&c| c == t.colour) {
                used[i] = true;
            }
        }
    }
    let mut players = [0u8; 8];
    let mut start_colours = Vec::new();
    for (i, _) in used.iter().enumerate().filter(|(_, u)| **u) {
        start_colours.push(COLOUR_NAMES[i]);
        players[i] = start_colours.len() as u8;
    }
    for (i, t) in doc.tiles.iter().enumerate() {
        let place = format!("tile {i} (byte {}, type {})", t.offset, t.code);
        match placement(i, t, &players) {
            Ok(Some(p)) if p.piece.role == Role::Figure => {
                figures.push((t.figure.clone().unwrap_or_default(), p.hexes, p.level));
            }
            Ok(Some(p)) => placements.push(p),
            Ok(None) => {}
            Err(what) => problems.push(super::Problem { place, what }),
        }
    }
    if !problems.is_empty() {
        return Err(MapError {
            file: file.into(),
            problems,
        });
    }
    let name = if doc.name.is_empty() {
        Path::new(file)
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().replace('_', " "))
    } else {
        doc.name.clone()
    };
    let mut builder = Builder::new(name);
    builder.author(doc.author.clone());
    let battlefield = assemble(builder, &placements).map_err(|problems| MapError {
        file: file.into(),
        problems,
    })?;
    Ok(HscMap {
        version: doc.version,
        name: doc.name,
        author: doc.author,
        players: doc.players,
        tile_count: doc.tile_count,
        tiles: doc.tiles,
        figures,
        start_colours,
        battlefield,
    })
}

/// The placement of one tile, or why it cannot be placed.
fn placement(i: usize, t: &HscTile, players: &[u8; 8]) -> Result<Option<Placement>, String> {
    let rotation = u8::try_from(t.rotation)
        .ok()
        .filter(|r| *r < 6)
        .ok_or_else(|| format!("rotation {} is not 0 to 5", t.rotation))?;
    if t.x.abs() > MAX_POSITION || t.y.abs() > MAX_POSITION {
        return Err(format!("position {},{} is off any map", t.x, t.y));
    }
    let level = Level::try_from(t.z)
        .ok()
        .filter(|z| i32::from(*z) <= MAX_LEVEL)
        .ok_or_else(|| format!("level {} is not 0 to {MAX_LEVEL}", t.z))?;
    let (piece, shape) =
        tiles::virtualscape(t.code, t.custom_hexes).ok_or_else(|| match t.custom_hexes {
            Some(n) => format!("a custom tile of {n} hexes (Virtualscape offers 1, 2, 3, 7, 24)"),
            None => format!("unknown tile type {}", t.code),
        })?;
    let origin = Hex::from_offset(t.x, t.y, RowShift::Odd);
    let hexes = shape.hexes(origin, rotation);
    let glyph = (piece.role == Role::Glyph).then(|| {
        let letter = if t.glyph_letter.is_ascii_alphabetic() {
            t.glyph_letter
        } else {
            // Before tile version 0.0002 only the code carries the letter.
            u8::try_from(t.code - tiles::GLYPH_FAMILY).unwrap_or(b'?')
        };
        let glyph = Glyph::from_letter(char::from(letter));
        (glyph, glyph != Glyph::Unknown)
    });
    let player = if piece.role == Role::StartArea {
        let p = START_COLOURS
            .iter()
            .position(|&c| c == t.colour)
            .ok_or_else(|| {
                format!(
                    "start area colour {:#08x} ({:?}) is none of Virtualscape's eight player colours",
                    t.colour, t.start_name
                )
            })?;
        Some(players[p])
    } else {
        None
    };
    let (col, row) = (t.x, t.y);
    Ok(Some(Placement {
        piece,
        place: format!(
            "tile {i} ({}, byte {}) at {col},{row} (hex {origin}) level {level}",
            piece.name, t.offset
        ),
        hexes,
        level,
        side: tiles::virtualscape_edge_side(rotation),
        glyph,
        player,
    }))
}

/// The header and raw tiles, before placing anything.
#[derive(Clone, Debug, PartialEq)]
struct Document {
    version: String,
    name: String,
    author: String,
    players: String,
    tile_count: usize,
    tiles: Vec<HscTile>,
}

/// A reading position in the bytes; errors are `(place, what)`.
struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
}

type Failure = (String, String);

impl<'a> Cursor<'a> {
    fn fail<T>(&self, what: impl Into<String>) -> Result<T, Failure> {
        Err((format!("byte {}", self.pos), what.into()))
    }

    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], Failure> {
        let rest = self.bytes.len() - self.pos;
        if n > rest {
            return self.fail(format!(
                "the file ends inside {what} ({n} bytes needed, {rest} left)"
            ));
        }
        let out = &self.bytes[self.pos..self.pos + n];
        self.pos += n;
        Ok(out)
    }

    fn u8(&mut self, what: &str) -> Result<u8, Failure> {
        Ok(self.take(1, what)?[0])
    }

    fn u16(&mut self, what: &str) -> Result<u16, Failure> {
        let b = self.take(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self, what: &str) -> Result<u32, Failure> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn i32(&mut self, what: &str) -> Result<i32, Failure> {
        Ok(self.u32(what)? as i32)
    }

    /// A version number: a double Virtualscape compares for equality with 0.0001 to 0.0007.
    fn version(&mut self, what: &str, max: u32) -> Result<u32, Failure> {
        let at = self.pos;
        let b = self.take(8, what)?;
        let v = f64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
        let n = (v * 10_000.0).round();
        if (1.0..=f64::from(max)).contains(&n) && (v * 10_000.0 - n).abs() < 1e-6 {
            Ok(n as u32)
        } else {
            Err((
                format!("byte {at}"),
                format!("{what} {v} is not one Virtualscape wrote (0.0001 to 0.000{max})"),
            ))
        }
    }

    /// An MFC `CString`: 8-bit, or UTF-16 after the `FF FE FF` marker.
    fn string(&mut self, what: &str) -> Result<String, Failure> {
        let mut unicode = false;
        let mut len = u32::from(self.u8(what)?);
        if len == 0xFF {
            let wide = self.u16(what)?;
            if wide == 0xFFFE {
                unicode = true;
                len = u32::from(self.u8(what)?);
                if len == 0xFF {
                    len = u32::from(self.u16(what)?);
                    if len == 0xFFFF {
                        len = self.u32(what)?;
                    }
                }
            } else if wide == 0xFFFF {
                len = self.u32(what)?;
            } else {
                len = u32::from(wide);
            }
        }
        let len = len as usize;
        if unicode {
            let raw = self.take(len.saturating_mul(2), what)?;
            let units: Vec<u16> = raw
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect();
            Ok(String::from_utf16_lossy(&units))
        } else {
            // 8-bit strings are Windows-1252; Latin-1 is close enough for names.
            Ok(self
                .take(len, what)?
                .iter()
                .map(|&b| char::from(b))
                .collect())
        }
    }
}

/// Reads the header and every tile record.
fn parse(bytes: &[u8]) -> Result<Document, Failure> {
    let mut c = Cursor { bytes, pos: 0 };
    let version = c.version("the document version", 7)?;
    let (mut name, mut author, mut players) = (String::new(), String::new(), String::new());
    if version >= 2 {
        name = c.string("the map name")?;
        author = c.string("the author")?;
        if version >= 3 {
            players = c.string("the number of players")?;
            if version >= 4 {
                let len = c.i32("the scenario length")?;
                let Ok(len) = usize::try_from(len) else {
                    return c.fail(format!("scenario length {len} is negative"));
                };
                c.take(len, "the scenario")?;
            } else {
                c.string("the scenario")?;
            }
        }
        c.i32("the levels per printed page")?;
        c.i32("the printing transparency")?;
        c.i32("the printing grid flag")?;
        if version >= 5 {
            c.i32("the print-tile-numbers flag")?;
        }
        if version >= 7 {
            c.i32("the print-start-areas-as-level flag")?;
        }
    }
    let count = c.i32("the number of tiles")?;
    let Ok(tile_count) = usize::try_from(count) else {
        return c.fail(format!("the number of tiles {count} is negative"));
    };
    let mut tiles = Vec::new();
    for i in 0..tile_count {
        tiles.push(tile(&mut c).map_err(|(at, what)| (format!("tile {i}, {at}"), what))?);
    }
    if c.pos != bytes.len() {
        return c.fail(format!(
            "{} bytes after the last of the {tile_count} tiles",
            bytes.len() - c.pos
        ));
    }
    Ok(Document {
        version: format!("0.000{version}"),
        name,
        author,
        players,
        tile_count,
        tiles,
    })
}

fn tile(c: &mut Cursor<'_>) -> Result<HscTile, Failure> {
    let offset = c.pos;
    let code = c.i32("a tile type")?;
    let version = c.version("the tile version", 3)?;
    let mut t = HscTile {
        offset,
        code,
        version: format!("0.000{version}"),
        rotation: c.i32("a tile rotation")?,
        x: c.i32("a tile position")?,
        y: c.i32("a tile position")?,
        z: c.i32("a tile level")?,
        glyph_letter: 0,
        start_name: String::new(),
        colour: 0,
        custom_hexes: None,
        figure: None,
    };
    if version >= 2 {
        t.glyph_letter = c.u8("a glyph letter")?;
        c.string("a glyph name")?;
        t.start_name = c.string("a start area name")?;
    }
    if version >= 3 {
        t.colour = c.u32("a tile colour")?;
        if code == tiles::CUSTOM_TILE {
            t.custom_hexes = Some(c.i32("a custom tile's size")?);
            c.string("a custom tile's texture")?;
            c.string("a custom tile's side texture")?;
            c.string("a custom tile's letter")?;
            c.string("a custom tile's name")?;
        } else if code / 1000 == 18 {
            t.figure = Some(c.string("a figure name")?);
            c.string("a figure file")?;
        }
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal version-0.0001 file: the version, `NbTile`, then 0.0001 tile records.
    fn v1(tiles: &[(i32, i32, i32, i32, i32)]) -> Vec<u8> {
        let mut b = 0.0001f64.to_le_bytes().to_vec();
        b.extend((tiles.len() as i32).to_le_bytes());
        for &(code, rot, x, y, z) in tiles {
            b.extend(code.to_le_bytes());
            b.extend(0.0001f64.to_le_bytes());
            for v in [rot, x, y, z] {
                b.extend(v.to_le_bytes());
            }
        }
        b
    }

    #[test]
    fn a_version_one_file_reads_with_odd_rows_shifted() {
        // A grass 2-hex at odd-r 3,1 rotation 0 covers 3,1 and 4,1: axial 3,1 and 4,1 minus
        // half the row (floor(1/2) = 0); a water tile on top of the first at level 1.
        let bytes = v1(&[(1002, 0, 3, 1, 0), (4001, 0, 3, 1, 1), (14065, 0, 4, 1, 1)]);
        let map = read_bytes("t.hsc", &bytes).unwrap();
        assert_eq!(map.version, "0.0001");
        assert_eq!(map.tile_count, 3);
        let field = &map.battlefield;
        assert_eq!(field.len(), 2);
        let water = field.column(Hex::new(3, 1)).unwrap().top_footing().unwrap();
        assert_eq!((water.level, water.ground.is_water()), (1, true));
        // Version 0.0001 tiles carry no letter: the code's letter (65, A) names the glyph.
        assert_eq!(field.glyphs()[0].glyph, Glyph::Astrid);
        assert_eq!(field.glyphs()[0].hex, Hex::new(4, 1));
    }

    #[test]
    fn errors_name_the_byte_tile_and_problem() {
        let bytes = v1(&[(1001, 0, 0, 0, 0), (99_999, 0, 1, 0, 0)]);
        let e = read_bytes("x.hsc", &bytes).unwrap_err().to_string();
        assert!(e.starts_with("x.hsc: tile 1 (byte 40, type 99999)"), "{e}");
        assert!(e.contains("unknown tile type 99999"), "{e}");

        let e = read_bytes("x.hsc", &bytes[..30]).unwrap_err().to_string();
        assert_eq!(
            e,
            "x.hsc: tile 0, byte 28: the file ends inside a tile position (4 bytes needed, 2 left)"
        );

        let e = read_bytes("x.hsc", &0.5f64.to_le_bytes())
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("document version 0.5 is not one Virtualscape wrote"),
            "{e}"
        );

        let e = read_bytes("x.hsc", &v1(&[(1001, 7, 0, 0, 0)]))
            .unwrap_err()
            .to_string();
        assert!(e.contains("rotation 7 is not 0 to 5"), "{e}");

        let e = read_bytes("x.hsc", &v1(&[(1001, 0, 0, 0, 0), (1001, 0, 0, 0, 0)]))
            .unwrap_err()
            .to_string();
        assert!(e.contains("overlaps tile 0"), "{e}");

        let e = read_bytes("x.hsc", &v1(&[(1001, 0, 0, 0, 3)]))
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "x.hsc: tile 0 (grass 1-hex, byte 12) at 0,0 (hex 0,0) level 3: nothing under any of \
             its hexes at level 3 (nor over them at 4)"
        );

        let e = read_bytes("x.hsc", &v1(&[(1001, 0, 0, 0, 0), (14065, 0, 1, 0, 1)]))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("tile 1 (glyph, byte 40) at 1,0 (hex 1,0) level 1: nothing under it"),
            "{e}"
        );
    }

    #[test]
    fn strings_in_both_encodings() {
        let mut c = Cursor {
            bytes: &[3, b'a', b'b', b'c', 0xFF, 0xFE, 0xFF, 2, b'h', 0, 0xE9, 0],
            pos: 0,
        };
        assert_eq!(c.string("s").unwrap(), "abc");
        assert_eq!(c.string("s").unwrap(), "hé");
        let mut c = Cursor {
            bytes: &[0xFF, 0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F],
            pos: 0,
        };
        assert!(c
            .string("s")
            .unwrap_err()
            .1
            .contains("the file ends inside s"));
    }
}
