//! Our own battlefield files (TOML, `docs/heroscape-maps.md`) and the original sample
//! battlefields built into the binary (`maps/heroscape/`).
//!
//! A file lists the pieces of the catalogue ([`super::tiles`], by their map-editor ids) placed
//! as the map editor places them (origin hex, level of the underside, rotation), then glyphs and
//! start zones, which the editor's JSON cannot hold.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use skirmish_board::hex::Hex;
use toml::Spanned;

use super::place::{assemble, Placement};
use super::tiles::{self, Role};
use super::{Battlefield, Builder, Glyph, Level, MapError, Problem};

/// The value of `format` in our battlefield files.
pub const FORMAT: &str = "skirmish-heroscape-battlefield/1";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileData {
    format: Spanned<String>,
    name: String,
    #[serde(default)]
    author: String,
    /// For people reading the file (what the map is for); the game shows the name.
    #[serde(default)]
    #[allow(dead_code)]
    description: String,
    #[serde(default, rename = "piece")]
    pieces: Vec<PieceData>,
    #[serde(default, rename = "glyph")]
    glyphs: Vec<GlyphData>,
    #[serde(default, rename = "start")]
    starts: Vec<StartData>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PieceData {
    piece: Spanned<String>,
    at: Spanned<String>,
    #[serde(default)]
    level: Level,
    rotation: Option<Spanned<u8>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GlyphData {
    at: Spanned<String>,
    glyph: Spanned<String>,
    #[serde(default = "yes")]
    face_up: bool,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StartData {
    player: Spanned<u8>,
    hexes: Vec<Spanned<String>>,
}

/// `line L column C` of a byte offset in `text`.
fn line_col(text: &str, offset: usize) -> String {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    format!("line {line} column {column}")
}

/// Reads one of our battlefield files.
pub fn read(path: impl AsRef<Path>) -> Result<Battlefield, MapError> {
    let path = path.as_ref();
    let file = path.display().to_string();
    let text =
        std::fs::read_to_string(path).map_err(|e| MapError::one(&file, "file", e.to_string()))?;
    read_str(&file, &text)
}

/// Reads battlefield TOML text; `file` names it in errors.
pub fn read_str(file: &str, text: &str) -> Result<Battlefield, MapError> {
    let data: FileData = toml::from_str(text).map_err(|e| {
        let place = e
            .span()
            .map_or_else(|| "file".to_string(), |s| line_col(text, s.start));
        MapError::one(file, place, e.message().to_string())
    })?;
    let at =
        |s: std::ops::Range<usize>, field: &str| format!("{}, `{field}`", line_col(text, s.start));
    let mut problems = Vec::new();
    let mut problem = |place: String, what: String| problems.push(Problem { place, what });
    if data.format.get_ref() != FORMAT {
        problem(
            at(data.format.span(), "format"),
            format!("format {:?} is not {FORMAT:?}", data.format.get_ref()),
        );
    }
    let hex = |s: &Spanned<String>, field: &str, problem: &mut dyn FnMut(String, String)| {
        s.get_ref()
            .parse::<Hex>()
            .map_err(|e| {
                problem(
                    at(s.span(), field),
                    format!("{:?} is not a hex q,r: {e}", s.get_ref()),
                )
            })
            .ok()
    };
    let mut placements = Vec::new();
    // The top of the highest tile in each hex, where a glyph lies.
    let mut land_top: BTreeMap<Hex, Level> = BTreeMap::new();
    for (i, p) in data.pieces.iter().enumerate() {
        let id = p.piece.get_ref();
        let Some((piece, template)) = tiles::editor(id) else {
            problem(
                at(p.piece.span(), &format!("piece[{i}].piece")),
                format!("unknown piece {id:?}"),
            );
            continue;
        };
        let Some(origin) = hex(&p.at, &format!("piece[{i}].at"), &mut problem) else {
            continue;
        };
        let rotation = p.rotation.as_ref().map_or(0, |r| *r.get_ref());
        if rotation > 5 {
            let span = p.rotation.as_ref().map_or(0..0, |r| r.span());
            problem(
                at(span, &format!("piece[{i}].rotation")),
                format!("rotation {rotation} is not 0 to 5"),
            );
            continue;
        }
        let hexes = template.hexes(origin, rotation);
        if matches!(piece.role, Role::Land(_) | Role::Thin(_) | Role::Raised(_)) {
            let surface = p.level.saturating_add(piece.height);
            for &h in &hexes {
                let t = land_top.entry(h).or_default();
                *t = (*t).max(surface);
            }
        }
        placements.push(Placement {
            piece,
            hexes,
            level: p.level,
            sides: match piece.role {
                Role::Edge(kind) => tiles::edge_sides(kind, rotation, tiles::Program::Editor),
                _ => Vec::new(),
            },
            glyph: None,
            player: None,
            place: format!(
                "{} ({id} at {origin} level {})",
                at(p.piece.span(), &format!("piece[{i}]")),
                p.level
            ),
        });
    }
    for (i, g) in data.glyphs.iter().enumerate() {
        let Some(h) = hex(&g.at, &format!("glyph[{i}].at"), &mut problem) else {
            continue;
        };
        let name = g.glyph.get_ref();
        let glyph = glyph_named(name);
        if glyph.is_none() {
            problem(
                at(g.glyph.span(), &format!("glyph[{i}].glyph")),
                format!("unknown glyph {name:?}"),
            );
            continue;
        }
        let (piece, _) = tiles::virtualscape(tiles::GLYPH_FAMILY + 63, None).expect("glyph");
        placements.push(Placement {
            piece,
            hexes: vec![h],
            level: land_top.get(&h).copied().unwrap_or(0),
            sides: Vec::new(),
            glyph: glyph.map(|gl| (gl, g.face_up)),
            player: None,
            place: format!(
                "{} ({name} at {h})",
                at(g.at.span(), &format!("glyph[{i}]"))
            ),
        });
    }
    let mut builder = Builder::new(data.name.clone());
    builder.author(data.author.clone());
    for (i, s) in data.starts.iter().enumerate() {
        for spot in &s.hexes {
            let field = format!("start[{i}].hexes");
            if let Some(h) = hex(spot, &field, &mut problem) {
                builder.start(h, *s.player.get_ref(), at(spot.span(), &field));
            }
        }
    }
    if !problems.is_empty() {
        return Err(MapError {
            file: file.into(),
            problems,
        });
    }
    assemble(builder, &placements).map_err(|problems| MapError {
        file: file.into(),
        problems,
    })
}

/// The glyph a file names: its name in lower case (`astrid`), or `unknown`.
fn glyph_named(name: &str) -> Option<Glyph> {
    if name == "unknown" {
        return Some(Glyph::Unknown);
    }
    let first = name.chars().next()?;
    let g = Glyph::from_letter(first);
    (g != Glyph::Unknown && format!("{g:?}").eq_ignore_ascii_case(name)).then_some(g)
}

/// An original battlefield built into the binary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// Its short name (the file's stem).
    pub id: &'static str,
    /// Where it lives in the repository.
    pub file: &'static str,
    /// The file's text.
    pub text: &'static str,
}

impl Sample {
    /// The battlefield (the tests check every sample reads).
    pub fn battlefield(&self) -> Result<Battlefield, MapError> {
        read_str(self.file, self.text)
    }
}

const SAMPLES: &[Sample] = &[
    Sample {
        id: "riverbend-heights",
        file: "maps/heroscape/riverbend-heights.toml",
        text: include_str!("../../../../maps/heroscape/riverbend-heights.toml"),
    },
    Sample {
        id: "broken-arch-ruins",
        file: "maps/heroscape/broken-arch-ruins.toml",
        text: include_str!("../../../../maps/heroscape/broken-arch-ruins.toml"),
    },
];

/// The original sample battlefields, for the game to list.
pub fn samples() -> &'static [Sample] {
    SAMPLES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sample_reads_with_start_zones_for_four_players() {
        for s in samples() {
            let field = s.battlefield().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(field.start_zone_count(), 4, "{}", s.id);
            for p in 1..=4 {
                let zone: Vec<Hex> = field.start_zone(p).collect();
                assert!(zone.len() >= 6, "{} player {p}: {zone:?}", s.id);
                for h in zone {
                    let foot = field.column(h).and_then(|c| c.top_footing());
                    assert!(foot.is_some_and(|f| !f.ground.is_water()), "{} {h}", s.id);
                }
            }
            assert!(!field.glyphs().is_empty(), "{}", s.id);
        }
    }

    /// Every sample army can stand whole in every start zone of every sample battlefield: a
    /// figure with no room left stays out (*Rassemblez et placez votre armée*), which a shipped
    /// game should never make happen.
    #[test]
    fn every_sample_army_fits_every_sample_start_zone() {
        let armies = crate::army::sample_armies();
        for sample in samples() {
            let field = sample.battlefield().unwrap();
            for p in 1..=field.start_zone_count() {
                let room = field.start_zone(p).count();
                for army in &armies {
                    let hexes: usize = army
                        .cards
                        .iter()
                        .map(|c| usize::from(c.card.figures) * usize::from(c.card.base))
                        .sum();
                    assert!(
                        hexes <= room,
                        "{}: {} needs {hexes} hexes, player {p}'s zone has {room}",
                        sample.id,
                        army.name
                    );
                }
            }
        }
    }

    #[test]
    fn the_samples_show_what_they_promise() {
        let river = samples()[0].battlefield().unwrap();
        let water = river
            .columns()
            .filter(|(_, c)| c.top_footing().is_some_and(|f| f.ground.is_water()))
            .count();
        assert!(water >= 15, "{water} water hexes");
        assert!(
            river.columns().any(|(_, c)| c.top() >= 4),
            "a hill of 4 levels or more"
        );

        let ruins = samples()[1].battlefield().unwrap();
        let overhangs = ruins
            .columns()
            .filter(|(_, c)| c.footings().any(|f| f.headroom.is_some()))
            .count();
        assert!(overhangs >= 3, "{overhangs} hexes under an overhang");
        let ruin_hexes = ruins
            .columns()
            .filter(|(_, c)| {
                c.spans().iter().any(|s| {
                    s.material == super::super::Material::Obstacle(super::super::Obstacle::Ruin)
                })
            })
            .count();
        assert!(ruin_hexes >= 5, "{ruin_hexes} ruin hexes");
    }

    #[test]
    fn errors_name_the_line() {
        let text = "format = \"skirmish-heroscape-battlefield/1\"\nname = \"x\"\n\n[[piece]]\npiece = \"g9\"\nat = \"0,0\"\n";
        let e = read_str("m.toml", text).unwrap_err().to_string();
        assert_eq!(
            e,
            "m.toml: line 5 column 9, `piece[0].piece`: unknown piece \"g9\""
        );
        let text = "format = \"skirmish-heroscape-battlefield/1\"\nname = \"x\"\n[[piece]]\npiece = \"g1\"\nat = \"0;0\"\n";
        let e = read_str("m.toml", text).unwrap_err().to_string();
        assert!(
            e.starts_with("m.toml: line 5 column 6, `piece[0].at`: \"0;0\" is not a hex"),
            "{e}"
        );
        let text = "format = \"skirmish-heroscape-battlefield/1\"\nname = \"x\"\nsize = 3\n";
        let e = read_str("m.toml", text).unwrap_err().to_string();
        assert!(
            e.starts_with("m.toml: line 3 column 1: unknown field `size`"),
            "{e}"
        );
        let text = "format = \"skirmish-heroscape-battlefield/1\"\nname = \"x\"\n[[piece]]\npiece = \"g1\"\nat = \"0,0\"\n[[glyph]]\nat = \"0,0\"\nglyph = \"zorro\"\n";
        let e = read_str("m.toml", text).unwrap_err().to_string();
        assert!(
            e.contains("line 8 column 9, `glyph[0].glyph`: unknown glyph \"zorro\""),
            "{e}"
        );
        assert_eq!(glyph_named("astrid"), Some(Glyph::Astrid));
        assert_eq!(glyph_named("ulaniva"), Some(Glyph::Ulaniva));
    }
}
