//! The battlefield (*Construction du champ de bataille*): a column of stacked pieces per hex.
//!
//! HeroScape terrain is built from tiles stacked in levels. A hex is therefore not one height but
//! a **column**: from the table up, solid land, water, obstacles (trees, ruins, walls) and the gaps
//! an overhang or a bridge leaves beneath it (*Surplomb*). Each piece in a column is a [`Span`]
//! from a bottom level to a top level. Readers (`.hsc`, map-editor JSON, our TOML) fill a
//! [`Builder`]; movement, engagement and line of sight only ever read a [`Battlefield`].
//! Thin pieces standing on hex *edges* (battlements, ladders, flags, road walls) are kept beside
//! the columns as [`EdgePiece`]s. `docs/heroscape-maps.md` describes the model, the tile
//! catalogue ([`tiles`]), the readers ([`hsc`], [`editor`], [`file`], [`load`]) and the
//! pictures ([`render_svg`], [`render_text`]).
//!
//! Levels count tile thicknesses from the table (level 0). A land tile placed at level `z` fills
//! `z..z + 1` and a figure on it stands at level `z + 1`. A water tile placed at level `z` fills
//! the same space physically, but *water does not count for height* (*Se déplacer dans l'eau*,
//! *Monter*: « les cases d'eaux et les glyphes ne comptent pas pour le calcul de hauteur »), so a
//! figure in it stands at level `z`: leaving water for land placed at the same level climbs one
//! level edge (rulebook example 9B).

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};
use skirmish_board::hex::{Hex, HexDir};

pub mod editor;
pub mod file;
pub mod hsc;
mod laid;
mod place;
mod svg;
mod text;
pub mod tiles;
pub mod zones;

pub use file::{samples, Sample};
pub use svg::render_svg;
pub use text::{render_text, render_text_with, Mark, TextOptions};

/// A height in levels above the table.
pub type Level = u16;

/// What the top of a solid or liquid span is made of (the land types of the tiles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ground {
    /// Grass tiles.
    Grass,
    /// Rock tiles.
    Rock,
    /// Sand tiles.
    Sand,
    /// Water: entering it ends a move; it adds no height.
    Water,
    /// Molten lava (*lave*).
    Lava,
    /// Lava field (cooled lava, solid ground).
    LavaField,
    /// Ice.
    Ice,
    /// Snow.
    Snow,
    /// Swamp (land).
    Swamp,
    /// Swamp water: water for movement.
    SwampWater,
    /// Road.
    Road,
    /// Concrete.
    Concrete,
    /// Asphalt.
    Asphalt,
    /// Dungeon floor.
    Dungeon,
    /// Shadow tiles.
    Shadow,
    /// The top of a glacier piece.
    Glacier,
    /// The top of an outcrop piece.
    Outcrop,
    /// Castle pieces: wall-walks, bases, wall tops, the floor over a door or an arch.
    Castle,
    /// The top of a hive piece.
    Hive,
    /// A custom Virtualscape tile (its texture name is kept by the reader for pictures).
    Custom,
}

impl Ground {
    /// Water of any kind: entering it ends a move, and it adds no height.
    pub const fn is_water(self) -> bool {
        matches!(self, Ground::Water | Ground::SwampWater)
    }
}

/// A piece figures can neither enter nor stand on; it fills its hex from its bottom level up to
/// its height and blocks lines of sight through that space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Obstacle {
    /// A tree (one-hex trees, each hex of the big tree).
    Tree,
    /// A jungle palm.
    Palm,
    /// Jungle brush.
    Brush,
    /// A ruin wall section (the ruin exception to engagement applies to figures on either side).
    Ruin,
    /// A road wall.
    RoadWall,
    /// A castle battlement.
    Battlement,
    /// A castle flag.
    Flag,
    /// A castle ladder standing against a wall.
    Ladder,
    /// Any other piece a map holds (a custom tile or an unknown code) that figures cannot enter.
    Other,
}

/// What a span of a column is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "of")]
pub enum Material {
    /// Solid land or a solid piece figures stand on top of.
    Solid(Ground),
    /// Water of some kind: figures stand *in* it, at its bottom level.
    Liquid(Ground),
    /// A piece figures cannot enter or stand on.
    Obstacle(Obstacle),
}

/// One piece of a column, filling the levels `bottom..top`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Span {
    /// The level of its lower face.
    pub bottom: Level,
    /// The level of its upper face (`top > bottom`).
    pub top: Level,
    /// What it is.
    pub material: Material,
}

impl Span {
    /// The level a figure standing on (or in) this span stands at: the top of solid land, the
    /// bottom of water (water adds no height); `None` for an obstacle, which nobody stands on.
    pub const fn surface(&self) -> Option<Level> {
        match self.material {
            Material::Solid(_) => Some(self.top),
            Material::Liquid(_) => Some(self.bottom),
            Material::Obstacle(_) => None,
        }
    }
}

/// A place a figure may stand in a column: a surface, and the room above it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Footing {
    /// The level the figure's base rests at.
    pub level: Level,
    /// What it stands on (or in).
    pub ground: Ground,
    /// Levels of free space above `level` up to the next span, `None` for open sky: a figure
    /// taller than this does not fit (*Surplomb*, *Passage étroit*).
    pub headroom: Option<Level>,
    /// The index of the span it stands on in [`Column::spans`].
    pub span: usize,
}

/// The stack of pieces in one hex, bottom to top, never overlapping.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Column {
    spans: Vec<Span>,
}

impl Column {
    /// The spans bottom to top.
    pub fn spans(&self) -> &[Span] {
        &self.spans
    }

    /// Every place a figure may stand in this hex, bottom to top. A surface covered directly by
    /// the next span (no room at all) is not a footing; a surface under water is not either
    /// (the figure stands in the water instead).
    pub fn footings(&self) -> impl Iterator<Item = Footing> + '_ {
        self.spans.iter().enumerate().filter_map(|(i, span)| {
            let level = span.surface()?;
            let ground = match span.material {
                Material::Solid(g) | Material::Liquid(g) => g,
                Material::Obstacle(_) => return None,
            };
            // Water's surface is its bottom, so what lies above the water itself counts from
            // the water's top; a solid span directly on this one leaves no room.
            let above_from = span.top;
            let next = self.spans.get(i + 1);
            if let Some(next) = next {
                if next.bottom <= above_from && !matches!(next.material, Material::Liquid(_)) {
                    return None;
                }
                if next.bottom <= above_from {
                    // Land under water: the figure stands in the water, not on this.
                    return None;
                }
            }
            Some(Footing {
                level,
                ground,
                headroom: next.map(|n| n.bottom - level),
                span: i,
            })
        })
    }

    /// The highest level anything in this hex reaches (0 for an empty column).
    pub fn top(&self) -> Level {
        self.spans.last().map_or(0, |s| s.top)
    }

    /// The topmost footing, where a figure coming from the sky would land.
    pub fn top_footing(&self) -> Option<Footing> {
        self.footings().last()
    }

    /// Whether anything solid or an obstacle fills the level range `from..to` in this hex
    /// (water does not: it neither blocks sight nor stops a figure standing in it).
    pub fn blocks(&self, from: Level, to: Level) -> bool {
        self.spans
            .iter()
            .any(|s| !matches!(s.material, Material::Liquid(_)) && s.bottom < to && from < s.top)
    }
}

/// A glyph (*Les Glyphes*): a named disc on a hex, face up or face down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Glyph {
    /// Astrid, glyph of attack.
    Astrid,
    /// Gerda, glyph of defence.
    Gerda,
    /// Ivor, glyph of range.
    Ivor,
    /// Valda, glyph of move.
    Valda,
    /// Dagmar, glyph of initiative.
    Dagmar,
    /// Brandar, glyph of healing (scenario glyph).
    Brandar,
    /// Kelda, glyph of healing.
    Kelda,
    /// Erland, glyph of summoning.
    Erland,
    /// Mitonsoul, glyph of massive curse.
    Mitonsoul,
    /// Lodin, glyph of d20.
    Lodin,
    /// Sturla, glyph of lost soul.
    Sturla,
    /// Rannveig, glyph of notification.
    Rannveig,
    /// Jalgard, glyph of stealth dodge.
    Jalgard,
    /// Wannok, glyph of the warlock.
    Wannok,
    /// Proftaka, glyph of battle.
    Proftaka,
    /// Oreld, glyph of the healer.
    Oreld,
    /// Nilrend, glyph of negation.
    Nilrend,
    /// Crevcor, glyph of power (attack for a whole army).
    Crevcor,
    /// Thorian, glyph of speed.
    Thorian,
    /// Ulaniva, glyph of the watchful eye.
    Ulaniva,
    /// A glyph the map does not name (face down, or an unknown letter): the scenario says.
    Unknown,
}

impl Glyph {
    /// The glyph Virtualscape writes with this letter (its type code is `14000 + letter`).
    pub fn from_letter(letter: char) -> Glyph {
        match letter.to_ascii_uppercase() {
            'A' => Glyph::Astrid,
            'G' => Glyph::Gerda,
            'I' => Glyph::Ivor,
            'V' => Glyph::Valda,
            'D' => Glyph::Dagmar,
            'B' => Glyph::Brandar,
            'K' => Glyph::Kelda,
            'E' => Glyph::Erland,
            'M' => Glyph::Mitonsoul,
            'L' => Glyph::Lodin,
            'S' => Glyph::Sturla,
            'R' => Glyph::Rannveig,
            'J' => Glyph::Jalgard,
            'W' => Glyph::Wannok,
            'P' => Glyph::Proftaka,
            'O' => Glyph::Oreld,
            'N' => Glyph::Nilrend,
            'C' => Glyph::Crevcor,
            'T' => Glyph::Thorian,
            'U' => Glyph::Ulaniva,
            _ => Glyph::Unknown,
        }
    }
}

/// A glyph on the battlefield.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GlyphSpot {
    /// Its hex.
    pub hex: Hex,
    /// The level of the surface it lies on.
    pub level: Level,
    /// Which glyph it is (what the scenario put there, even when face down).
    pub glyph: Glyph,
    /// Face up (its power is known to all) or face down (revealed when a figure stops on it).
    pub face_up: bool,
}

/// Players whose start zone includes a hex, as a bit set (bit `p - 1` for player `p`, 1 to 8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StartPlayers(pub u8);

impl StartPlayers {
    /// Whether player `p` (1 to 8) starts here.
    pub const fn has(self, p: u8) -> bool {
        p >= 1 && p <= 8 && self.0 & (1 << (p - 1)) != 0
    }
}

/// A piece standing on a hex *edge* rather than filling hexes: a castle battlement along a
/// wall-walk, a ladder against a wall, a flag, a road wall.
///
/// Why not a span: these pieces are thin. A ladder stands in the hex at the foot of a wall, yet
/// figures stand in that hex too; two battlements may share a hex on two of its sides; a
/// battlement rises beside the wall-walk it is fixed to, over the hex next to it. Put into
/// columns they would fill hexes figures use, so they are kept here, for line of sight and for
/// the rules of ladders, with the edge they stand on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EdgePiece {
    /// The hex whose edge it stands on.
    pub hex: Hex,
    /// Which edge of that hex.
    pub side: HexDir,
    /// The level of its lower end.
    pub bottom: Level,
    /// The level of its upper end.
    pub top: Level,
    /// What it is.
    pub kind: Obstacle,
}

/// A whole battlefield: the columns, the glyphs and the start zones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battlefield {
    /// Its name, as the file gives it.
    pub name: String,
    /// Who made it, when the file says.
    pub author: String,
    #[serde(with = "by_hex")]
    columns: BTreeMap<Hex, Column>,
    glyphs: Vec<GlyphSpot>,
    #[serde(with = "by_hex")]
    starts: BTreeMap<Hex, StartPlayers>,
    #[serde(default)]
    edges: Vec<EdgePiece>,
}

/// Maps keyed by hex, written as a list of `[hex, value]` pairs: JSON maps take only string
/// keys, and a battlefield travels in scenarios and states as JSON.
mod by_hex {
    use std::collections::BTreeMap;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use skirmish_board::hex::Hex;

    pub fn serialize<T: Serialize, S: Serializer>(
        map: &BTreeMap<Hex, T>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_seq(map.iter())
    }

    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<BTreeMap<Hex, T>, D::Error> {
        Ok(Vec::<(Hex, T)>::deserialize(d)?.into_iter().collect())
    }
}

impl Battlefield {
    /// The pieces standing on hex edges (battlements, ladders, flags, road walls).
    pub fn edge_pieces(&self) -> &[EdgePiece] {
        &self.edges
    }

    /// The highest level anything reaches (0 for an empty battlefield).
    pub fn top(&self) -> Level {
        let columns = self.columns.values().map(Column::top);
        let edges = self.edges.iter().map(|e| e.top);
        columns.chain(edges).max().unwrap_or(0)
    }

    /// The column of a hex; `None` where the battlefield has no piece at all (off the map).
    pub fn column(&self, hex: Hex) -> Option<&Column> {
        self.columns.get(&hex)
    }

    /// Every hex holding something, in reading order, with its column.
    pub fn columns(&self) -> impl Iterator<Item = (Hex, &Column)> {
        self.columns.iter().map(|(h, c)| (*h, c))
    }

    /// The number of hexes holding something.
    pub fn len(&self) -> usize {
        self.columns.len()
    }

    /// Whether the battlefield is empty.
    pub fn is_empty(&self) -> bool {
        self.columns.is_empty()
    }

    /// The glyphs.
    pub fn glyphs(&self) -> &[GlyphSpot] {
        &self.glyphs
    }

    /// The players whose start zone includes `hex`.
    pub fn start_players(&self, hex: Hex) -> StartPlayers {
        self.starts.get(&hex).copied().unwrap_or_default()
    }

    /// The hexes of player `p`'s start zone, in reading order.
    pub fn start_zone(&self, p: u8) -> impl Iterator<Item = Hex> + '_ {
        self.starts
            .iter()
            .filter(move |(_, s)| s.has(p))
            .map(|(h, _)| *h)
    }

    /// The highest player number with a start zone (0 when none is marked).
    pub fn start_zone_count(&self) -> u8 {
        (1..=8u8)
            .rev()
            .find(|&p| self.starts.values().any(|s| s.has(p)))
            .unwrap_or(0)
    }
}

/// What is wrong with pieces given to a [`Builder`], naming the place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Where: the hex and level, or the piece, in the words of the file being read.
    pub place: String,
    /// What is wrong.
    pub what: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place, self.what)
    }
}

/// Assembles a [`Battlefield`] piece by piece, as readers find them, and checks it.
#[derive(Clone, Debug, Default)]
pub struct Builder {
    name: String,
    author: String,
    columns: BTreeMap<Hex, Vec<(Span, String)>>,
    glyphs: Vec<GlyphSpot>,
    starts: BTreeMap<Hex, StartPlayers>,
    edges: Vec<EdgePiece>,
    problems: Vec<Problem>,
}

impl Builder {
    /// An empty battlefield called `name`.
    pub fn new(name: impl Into<String>) -> Builder {
        Builder {
            name: name.into(),
            ..Builder::default()
        }
    }

    /// Records who made the map.
    pub fn author(&mut self, author: impl Into<String>) -> &mut Builder {
        self.author = author.into();
        self
    }

    /// Adds a piece filling `span` in `hex`; `place` names it for error messages (for example
    /// `"tile 12 (grass 24-hex) at 3,-1 level 2"`).
    pub fn span(&mut self, hex: Hex, span: Span, place: impl Into<String>) -> &mut Builder {
        let place = place.into();
        if span.top <= span.bottom {
            self.problems.push(Problem {
                place,
                what: format!(
                    "a piece must be at least one level thick (from {} to {})",
                    span.bottom, span.top
                ),
            });
            return self;
        }
        self.columns.entry(hex).or_default().push((span, place));
        self
    }

    /// Puts a piece on a hex edge.
    pub fn edge(&mut self, piece: EdgePiece) -> &mut Builder {
        self.edges.push(piece);
        self
    }

    /// Puts a glyph on the battlefield.
    pub fn glyph(&mut self, spot: GlyphSpot) -> &mut Builder {
        self.glyphs.push(spot);
        self
    }

    /// Adds `hex` to player `p`'s start zone (1 to 8).
    pub fn start(&mut self, hex: Hex, p: u8, place: impl Into<String>) -> &mut Builder {
        if !(1..=8).contains(&p) {
            self.problems.push(Problem {
                place: place.into(),
                what: format!("start zones belong to players 1 to 8, not {p}"),
            });
        } else {
            self.starts.entry(hex).or_default().0 |= 1 << (p - 1);
        }
        self
    }

    /// Records a problem a reader found itself.
    pub fn problem(&mut self, place: impl Into<String>, what: impl Into<String>) -> &mut Builder {
        self.problems.push(Problem {
            place: place.into(),
            what: what.into(),
        });
        self
    }

    /// The battlefield, or every problem found: two pieces filling the same space, a glyph or a
    /// start hex with no ground under it.
    pub fn build(self) -> Result<Battlefield, Vec<Problem>> {
        let mut problems = self.problems;
        let mut columns = BTreeMap::new();
        for (hex, mut spans) in self.columns {
            spans.sort_by_key(|(s, _)| (s.bottom, s.top));
            for pair in spans.windows(2) {
                let ((a, pa), (b, pb)) = (&pair[0], &pair[1]);
                if b.bottom < a.top {
                    problems.push(Problem {
                        place: pb.clone(),
                        what: format!(
                            "overlaps {pa} in hex {hex} (levels {}..{} and {}..{})",
                            a.bottom, a.top, b.bottom, b.top
                        ),
                    });
                }
            }
            columns.insert(
                hex,
                Column {
                    spans: spans.into_iter().map(|(s, _)| s).collect(),
                },
            );
        }
        for g in &self.glyphs {
            let on_ground = columns
                .get(&g.hex)
                .is_some_and(|c: &Column| c.footings().any(|f| f.level == g.level));
            if !on_ground {
                problems.push(Problem {
                    place: format!("glyph {:?} at {} level {}", g.glyph, g.hex, g.level),
                    what: "lies on no surface a figure could stand on".into(),
                });
            }
        }
        for hex in self.starts.keys() {
            if !columns.contains_key(hex) {
                problems.push(Problem {
                    place: format!("start zone hex {hex}"),
                    what: "has no ground".into(),
                });
            }
        }
        if problems.is_empty() {
            Ok(Battlefield {
                name: self.name,
                author: self.author,
                columns,
                glyphs: self.glyphs,
                starts: self.starts,
                edges: self.edges,
            })
        } else {
            Err(problems)
        }
    }
}

/// Why a map file could not be read: the file, and every problem found in it, each naming its
/// place (byte offset, tile, key, line, hex).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapError {
    /// The file, as given.
    pub file: String,
    /// What is wrong, and where.
    pub problems: Vec<Problem>,
}

impl MapError {
    /// One problem in `file`.
    pub fn one(file: impl Into<String>, place: impl Into<String>, what: impl Into<String>) -> Self {
        MapError {
            file: file.into(),
            problems: vec![Problem {
                place: place.into(),
                what: what.into(),
            }],
        }
    }
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.problems.as_slice() {
            [one] => write!(f, "{}: {one}", self.file),
            many => {
                write!(f, "{}: {} problems", self.file, many.len())?;
                for p in many {
                    write!(f, "\n  {p}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for MapError {}

/// Reads a battlefield file, choosing the reader by its extension: `.hsc` (Virtualscape),
/// `.json` (the web map editor), `.toml` (ours, `docs/heroscape-maps.md`).
pub fn load(path: impl AsRef<Path>) -> Result<Battlefield, MapError> {
    let path = path.as_ref();
    let file = path.display().to_string();
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let read = |p: &Path| std::fs::read(p).map_err(|e| MapError::one(&file, "file", e.to_string()));
    match ext.as_deref() {
        Some("hsc") => hsc::read_bytes(&file, &read(path)?).map(|m| m.battlefield),
        Some("json") => editor::read_str(&file, &String::from_utf8_lossy(&read(path)?)),
        Some("toml") => file::read_str(&file, &String::from_utf8_lossy(&read(path)?)),
        _ => Err(MapError::one(
            &file,
            "file name",
            "a battlefield file ends in .hsc (Virtualscape), .json (map editor) or .toml",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn land(bottom: Level, top: Level) -> Span {
        Span {
            bottom,
            top,
            material: Material::Solid(Ground::Grass),
        }
    }

    #[test]
    fn an_overhang_leaves_two_footings_with_headroom_under_it() {
        let mut b = Builder::new("arch");
        let h = Hex::new(0, 0);
        b.span(h, land(0, 1), "ground")
            .span(h, land(6, 7), "bridge");
        let field = b.build().unwrap();
        let feet: Vec<Footing> = field.column(h).unwrap().footings().collect();
        assert_eq!(feet.len(), 2);
        assert_eq!((feet[0].level, feet[0].headroom), (1, Some(5)));
        assert_eq!((feet[1].level, feet[1].headroom), (7, None));
    }

    #[test]
    fn water_adds_no_height() {
        let mut b = Builder::new("pond");
        let h = Hex::new(1, 0);
        b.span(h, land(0, 1), "bed").span(
            h,
            Span {
                bottom: 1,
                top: 2,
                material: Material::Liquid(Ground::Water),
            },
            "water",
        );
        let field = b.build().unwrap();
        let feet: Vec<Footing> = field.column(h).unwrap().footings().collect();
        assert_eq!(feet.len(), 1, "the bed under the water is not a footing");
        assert_eq!(feet[0].level, 1);
        assert!(feet[0].ground.is_water());
    }

    #[test]
    fn overlapping_pieces_are_refused_naming_both() {
        let mut b = Builder::new("bad");
        let h = Hex::new(0, 0);
        b.span(h, land(0, 2), "tile 1")
            .span(h, land(1, 3), "tile 2");
        let problems = b.build().unwrap_err();
        assert_eq!(problems.len(), 1);
        assert!(problems[0]
            .to_string()
            .starts_with("tile 2: overlaps tile 1"));
    }
}
