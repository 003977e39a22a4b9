//! The TOML map file: a human-editable text form of a [`SquareMap`] and its loader and writer.
//!
//! The format is documented for map authors in `docs/map-format.md`. In short: a `[map]` table
//! (name, kind, width, height); a `[layers]` table of text grids, one character per square
//! (`terrain`, and optionally `zones`, `indoor` and `special`); an optional `[legend]` of extra
//! terrain characters; `[walls] segments` written as runs along grid lines; `[[stairs]]`,
//! `[[ladders]]`, `[[special]]` zones and `[[markers]]`.
//!
//! Loading validates everything and every error names the file, the line and column, and the
//! field, because map files are written by hand and a bare "invalid map" helps nobody.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;
use std::ops::Range;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use super::{Dir, MapKind, Marker, Square, SquareMap, Terrain};

/// Largest width or height a map file may declare. Printed Clix maps are 24×24 or so; the cap
/// keeps a typo such as `width = 2400` from allocating a huge map.
pub const MAX_MAP_SIDE: i32 = 200;

/// Most steps one staircase may have: a step's index is stored in a byte.
const MAX_STAIR_STEPS: usize = 255;

/// Most special zones a file may define: indices are stored in 16 bits, and no real map comes
/// close.
const MAX_SPECIAL_ZONES: usize = 1000;

/// A map file that could not be read or is not a valid map.
///
/// Displays as `origin:line:column: field: message`, the form editors and terminals turn into a
/// link to the spot, e.g.
/// `maps/foo.toml:12:5: layers.terrain: row 3, column 7 (square 7,3): unknown terrain character 'x' (known: ...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapFileError {
    /// Where the text came from: a path, or whatever name the caller gave.
    pub origin: String,
    /// Line of the offending text, from 1, when known.
    pub line: Option<usize>,
    /// Column (in characters) of the offending text, from 1, when known.
    pub column: Option<usize>,
    /// The field at fault, as a TOML path such as `map.width`, `layers.terrain` or
    /// `stairs[1].steps[2]`; empty when the whole file is at fault (e.g. it cannot be read).
    pub field: String,
    /// What is wrong, and where possible how to put it right.
    pub message: String,
}

impl fmt::Display for MapFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.origin)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(column) = self.column {
                write!(f, ":{column}")?;
            }
        }
        if !self.field.is_empty() {
            write!(f, ": {}", self.field)?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for MapFileError {}

/// Reads and validates a map file.
pub fn load_square_map(path: impl AsRef<Path>) -> Result<SquareMap, MapFileError> {
    let path = path.as_ref();
    let origin = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| MapFileError {
        origin: origin.clone(),
        line: None,
        column: None,
        field: String::new(),
        message: format!("cannot read the map file: {e}"),
    })?;
    SquareMap::from_toml_str(&text, &origin)
}

impl SquareMap {
    /// Reads a map from the text of a map file. `origin` names the text in error messages
    /// (usually its path).
    pub fn from_toml_str(text: &str, origin: &str) -> Result<SquareMap, MapFileError> {
        let ctx = Ctx { text, origin };
        // Parsing as a plain table first tells TOML syntax errors apart from errors in the
        // map's data, which are reported against the field they concern.
        if let Err(e) = text.parse::<toml::Table>() {
            let offset = e.span().map(|s| s.start);
            return Err(ctx.at(offset, "TOML syntax", toml_message(text, &e)));
        }
        let raw: RawFile = toml::from_str(text).map_err(|e| {
            let offset = e.span().map(|s| s.start);
            let field = offset.map_or_else(|| "document".to_string(), |o| field_at(text, o));
            ctx.at(offset, field, toml_message(text, &e))
        })?;
        build(&ctx, &raw)
    }
}

/// The TOML reader's message on one line (it spreads some over several), and never empty: it
/// has none for some stray characters, such as a carriage return not followed by a newline.
fn toml_message(text: &str, e: &toml::de::Error) -> String {
    let lines: Vec<&str> = e
        .message()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if !lines.is_empty() {
        return lines.join("; ");
    }
    let found = e
        .span()
        .and_then(|s| text.get(s.start..))
        .and_then(|rest| rest.chars().next());
    match found {
        Some(c) => format!("unexpected character {c:?}"),
        None => "unexpected end of the file".to_string(),
    }
}

// ---------------------------------------------------------------------------------------------
// The file as written, before validation. Every value a check may complain about is spanned so
// the complaint can point at it.

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    map: Spanned<RawHeader>,
    #[serde(default)]
    legend: BTreeMap<Spanned<String>, Spanned<RawLegendEntry>>,
    layers: Spanned<RawLayers>,
    #[serde(default)]
    walls: Option<RawWalls>,
    #[serde(default)]
    stairs: Vec<Spanned<RawStairs>>,
    #[serde(default)]
    ladders: Vec<Spanned<RawLadder>>,
    #[serde(default)]
    special: Vec<Spanned<RawSpecial>>,
    #[serde(default)]
    markers: Vec<Spanned<RawMarker>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHeader {
    name: Spanned<String>,
    kind: Spanned<MapKind>,
    width: Spanned<i64>,
    height: Spanned<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLegendEntry {
    #[serde(default)]
    terrain: Vec<TerrainName>,
    #[serde(default)]
    level: u8,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum TerrainName {
    Hindering,
    Water,
    Blocking,
}

impl TerrainName {
    fn terrain(self) -> Terrain {
        match self {
            TerrainName::Hindering => Terrain::HINDERING,
            TerrainName::Water => Terrain::WATER,
            TerrainName::Blocking => Terrain::BLOCKING,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLayers {
    terrain: Spanned<String>,
    #[serde(default)]
    zones: Option<Spanned<String>>,
    #[serde(default)]
    indoor: Option<Spanned<String>>,
    #[serde(default)]
    special: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWalls {
    #[serde(default)]
    segments: Vec<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStairs {
    steps: Spanned<Vec<Spanned<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLadder {
    bottom: Spanned<String>,
    top: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpecial {
    key: Spanned<String>,
    name: Spanned<String>,
    #[serde(default)]
    rules: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMarker {
    at: Spanned<String>,
    kind: Spanned<Marker>,
}

// ---------------------------------------------------------------------------------------------
// Built-in terrain characters.

/// A terrain character: the printed types and the level of the squares it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TerrainSymbol {
    pub(crate) symbol: char,
    pub(crate) terrain: Terrain,
    pub(crate) level: u8,
}

const fn sym(symbol: char, terrain: Terrain, level: u8) -> TerrainSymbol {
    TerrainSymbol {
        symbol,
        terrain,
        level,
    }
}

/// Characters every map file knows. Where two mean the same square (`E` and `1`), the writer
/// uses the first.
const BUILTIN: [TerrainSymbol; 17] = [
    sym('.', Terrain::CLEAR, 0),
    sym('h', Terrain::HINDERING, 0),
    sym('w', Terrain::WATER, 0),
    sym('b', Terrain::BLOCKING, 0),
    sym('E', Terrain::CLEAR, 1),
    sym('H', Terrain::HINDERING, 1),
    sym('W', Terrain::WATER, 1),
    sym('B', Terrain::BLOCKING, 1),
    sym('1', Terrain::CLEAR, 1),
    sym('2', Terrain::CLEAR, 2),
    sym('3', Terrain::CLEAR, 3),
    sym('4', Terrain::CLEAR, 4),
    sym('5', Terrain::CLEAR, 5),
    sym('6', Terrain::CLEAR, 6),
    sym('7', Terrain::CLEAR, 7),
    sym('8', Terrain::CLEAR, 8),
    sym('9', Terrain::CLEAR, 9),
];

const BUILTIN_LIST: &str = ". clear, h hindering, w water, b blocking, E elevated, H elevated hindering, W elevated water, B elevated blocking, 1-9 clear at that level";

fn builtin_symbol(c: char) -> Option<TerrainSymbol> {
    BUILTIN.iter().copied().find(|s| s.symbol == c)
}

/// Words for a terrain set at a level, for legends: "elevated hindering", "level 2 water".
pub(crate) fn describe_terrain(terrain: Terrain, level: u8) -> String {
    let mut types = Vec::new();
    for (t, name) in [
        (Terrain::HINDERING, "hindering"),
        (Terrain::WATER, "water"),
        (Terrain::BLOCKING, "blocking"),
    ] {
        if terrain.contains(t) {
            types.push(name);
        }
    }
    let types = types.join(" + ");
    match (level, types.is_empty()) {
        (0, true) => "clear".to_string(),
        (0, false) => types,
        (1, true) => "elevated".to_string(),
        (1, false) => format!("elevated {types}"),
        (n, true) => format!("elevated, level {n}"),
        (n, false) => format!("elevated {types}, level {n}"),
    }
}

/// The character for every terrain set and level found on the map: the built-in one where there
/// is one, else a fresh one (which a file must declare in its `[legend]`). Sorted by first
/// appearance, row by row, so output is stable.
pub(crate) fn terrain_symbols(map: &SquareMap) -> Vec<TerrainSymbol> {
    let mut found: Vec<TerrainSymbol> = Vec::new();
    let mut spare = spare_symbols();
    for sq in map.squares() {
        let Some(cell) = map.cell(sq) else { continue };
        if found
            .iter()
            .any(|s| s.terrain == cell.terrain && s.level == cell.level)
        {
            continue;
        }
        let symbol = BUILTIN
            .iter()
            .find(|s| s.terrain == cell.terrain && s.level == cell.level)
            .map(|s| s.symbol)
            .or_else(|| spare.next())
            .unwrap_or('?');
        found.push(sym(symbol, cell.terrain, cell.level));
    }
    // Built-in characters in their usual order, then the others as they appear.
    found.sort_by_key(|s| {
        BUILTIN
            .iter()
            .position(|b| b.symbol == s.symbol)
            .unwrap_or(usize::MAX)
    });
    found
}

/// Characters free for legend entries: ASCII letters and signs not built in, then letters from
/// further up Unicode (at most 8 terrain sets × 256 levels can ever be needed). Lowercase comes
/// first because special zones are keyed by capitals. Quotes, the backslash and `#` are left
/// out so the grids stay plain inside TOML literal strings.
fn spare_symbols() -> impl Iterator<Item = char> {
    let ascii = ('a'..='z')
        .chain('A'..='Z')
        .chain("0!$%&*+/:;<=>?@^_|~()[]{}-,".chars());
    ascii
        .chain(unicode_letters())
        .filter(|c| builtin_symbol(*c).is_none())
}

/// Letters beyond ASCII for when a map needs more characters than ASCII has: Latin, Greek and
/// Cyrillic letters first (one column wide in a terminal), CJK last.
fn unicode_letters() -> impl Iterator<Item = char> {
    (0x100u32..0x250)
        .chain(0x391..0x3CA)
        .chain(0x410..0x450)
        .chain(0x4E00..0x9FFF)
        .filter_map(char::from_u32)
        .filter(|c| c.is_alphanumeric())
}

// ---------------------------------------------------------------------------------------------
// Positions in the text.

struct Ctx<'a> {
    text: &'a str,
    origin: &'a str,
}

impl Ctx<'_> {
    fn at(
        &self,
        offset: Option<usize>,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> MapFileError {
        let (line, column) = match offset {
            Some(o) => {
                let (l, c) = line_col(self.text, o);
                (Some(l), Some(c))
            }
            None => (None, None),
        };
        MapFileError {
            origin: self.origin.to_string(),
            line,
            column,
            field: field.into(),
            message: message.into(),
        }
    }

    fn spanned<T>(
        &self,
        value: &Spanned<T>,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> MapFileError {
        self.at(Some(value.span().start), field, message)
    }
}

/// Line and column, both from 1, of a byte offset; the column counts characters.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, column)
}

/// Best guess at the TOML path of the value at a byte offset, for errors that the TOML reader
/// reports with a position only (unknown fields, wrong types): the last table header above it
/// and the key on its line. A plain line scanner is enough because the text has already parsed.
fn field_at(text: &str, offset: usize) -> String {
    let mut table = String::new();
    let mut counts: HashMap<String, usize> = HashMap::new();
    let mut last_key: Option<String> = None;
    let mut open_string: Option<&str> = None;
    let join = |table: &str, key: Option<&str>| match (table.is_empty(), key) {
        (true, None) => "document".to_string(),
        (true, Some(k)) => k.to_string(),
        (false, None) => table.to_string(),
        (false, Some(k)) => format!("{table}.{k}"),
    };
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let end = start + line.len();
        let target = offset < end;
        if let Some(delim) = open_string {
            if target {
                return join(&table, last_key.as_deref());
            }
            if line.contains(delim) {
                open_string = None;
            }
            start = end;
            continue;
        }
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("[[") {
            let name = rest.split("]]").next().unwrap_or("").trim().to_string();
            let n = counts.entry(name.clone()).or_insert(0);
            table = format!("{name}[{n}]");
            *n += 1;
            last_key = None;
        } else if let Some(rest) = t.strip_prefix('[') {
            table = rest.split(']').next().unwrap_or("").trim().to_string();
            last_key = None;
        } else if let Some((key, value)) = split_key(t) {
            last_key = Some(key);
            let value = value.trim_start();
            for delim in ["'''", "\"\"\""] {
                if let Some(after) = value.strip_prefix(delim) {
                    if !after.contains(delim) {
                        open_string = Some(delim);
                    }
                }
            }
        }
        if target {
            return join(&table, last_key.as_deref());
        }
        start = end;
    }
    join(&table, last_key.as_deref())
}

/// `key = value` on one line, with the key unquoted; `None` for other lines.
fn split_key(line: &str) -> Option<(String, &str)> {
    if line.starts_with('#') {
        return None;
    }
    let (key, value) = line.split_once('=')?;
    let key = key.trim();
    let bare = |k: &str| {
        !k.is_empty()
            && k.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
    };
    let quoted = |k: &str, q: char| k.len() >= 2 && k.starts_with(q) && k.ends_with(q);
    if bare(key) {
        Some((key.to_string(), value))
    } else if quoted(key, '"') || quoted(key, '\'') {
        Some((key[1..key.len() - 1].to_string(), value))
    } else {
        None
    }
}

// ---------------------------------------------------------------------------------------------
// Grids.

/// A layer grid split into rows, remembering where each character sits in the file.
struct Grid {
    rows: Vec<GridRow>,
    /// Byte offset in the file of the string's first character, when the string is written
    /// without escapes so that offsets in the value are offsets in the file.
    base: Option<usize>,
    /// Where the string starts in the file, the fallback position.
    start: usize,
}

struct GridRow {
    /// Byte offset of the row in the string value.
    offset: usize,
    /// Each square's character with its byte offset in the row.
    cells: Vec<(usize, char)>,
}

impl Grid {
    fn offset(&self, row: usize, col: usize) -> usize {
        let Some(base) = self.base else {
            return self.start;
        };
        match self.rows.get(row) {
            Some(r) => base + r.offset + r.cells.get(col).map_or(0, |c| c.0),
            None => self.start,
        }
    }

    /// Every square with its character and file offset, row by row.
    fn cells(&self) -> impl Iterator<Item = (Square, char, usize)> + '_ {
        self.rows.iter().enumerate().flat_map(move |(y, row)| {
            row.cells
                .iter()
                .enumerate()
                .map(move |(x, &(_, c))| (Square::new(x as i32, y as i32), c, self.offset(y, x)))
        })
    }
}

/// Offset in the file of the first character of a string's value, if the value is written
/// verbatim (a literal string, or a basic string without escapes).
fn verbatim_base(text: &str, span: Range<usize>, value: &str) -> Option<usize> {
    let raw = text.get(span.clone())?;
    for delim in ["'''", "\"\"\"", "'", "\""] {
        if raw.len() >= 2 * delim.len() && raw.starts_with(delim) && raw.ends_with(delim) {
            let mut start = delim.len();
            let mut inner = raw.get(start..raw.len() - delim.len())?;
            if delim.len() == 3 {
                if let Some(rest) = inner.strip_prefix("\r\n") {
                    start += 2;
                    inner = rest;
                } else if let Some(rest) = inner.strip_prefix('\n') {
                    start += 1;
                    inner = rest;
                }
            }
            return (inner == value).then_some(span.start + start);
        }
    }
    None
}

fn read_grid(
    ctx: &Ctx<'_>,
    field: &str,
    value: &Spanned<String>,
    width: usize,
    height: usize,
) -> Result<Grid, MapFileError> {
    let text = value.get_ref();
    let start = value.span().start;
    let base = verbatim_base(ctx.text, value.span(), text);
    let mut rows: Vec<GridRow> = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let row = line.trim_end_matches(['\n', '\r', ' ', '\t']);
        rows.push(GridRow {
            offset,
            cells: row.char_indices().collect(),
        });
        offset += line.len();
    }
    // Blank lines around the picture come from the string's layout, not from the map.
    while rows
        .last()
        .is_some_and(|r| r.cells.iter().all(|c| c.1.is_whitespace()))
    {
        rows.pop();
    }
    let leading = rows
        .iter()
        .take_while(|r| r.cells.iter().all(|c| c.1.is_whitespace()))
        .count();
    rows.drain(..leading);
    let grid = Grid { rows, base, start };
    if grid.rows.len() != height {
        let at = if grid.rows.len() > height {
            grid.offset(height, 0)
        } else {
            value.span().end.saturating_sub(1)
        };
        // Rows were dropped above, so keep the message in terms the author sees.
        return Err(ctx.at(
            Some(at),
            field,
            format!(
                "the grid has {} rows but map.height is {height}: write one line per row",
                grid.rows.len()
            ),
        ));
    }
    for (y, row) in grid.rows.iter().enumerate() {
        if row.cells.len() != width {
            let col = row.cells.len().min(width);
            return Err(ctx.at(
                Some(grid.offset(y, col)),
                field,
                format!(
                    "row {y} has {} squares but map.width is {width}: write one character per square",
                    row.cells.len()
                ),
            ));
        }
    }
    Ok(grid)
}

fn square_field(
    ctx: &Ctx<'_>,
    field: &str,
    value: &Spanned<String>,
    map: &SquareMap,
) -> Result<Square, MapFileError> {
    let sq: Square = value
        .get_ref()
        .parse()
        .map_err(|e: super::ParseSquareError| ctx.spanned(value, field, e.to_string()))?;
    if !map.contains(sq) {
        return Err(ctx.spanned(
            value,
            field,
            format!(
                "square {sq} is off the map (columns 0 to {}, rows 0 to {})",
                map.width() - 1,
                map.height() - 1
            ),
        ));
    }
    Ok(sq)
}

fn side(ctx: &Ctx<'_>, value: &Spanned<i64>, field: &str) -> Result<i32, MapFileError> {
    let v = *value.get_ref();
    if v < 1 || v > i64::from(MAX_MAP_SIDE) {
        return Err(ctx.spanned(
            value,
            field,
            format!("{v} is not a usable size: a map side is 1 to {MAX_MAP_SIDE} squares"),
        ));
    }
    Ok(v as i32)
}

// ---------------------------------------------------------------------------------------------
// Building the map.

fn build(ctx: &Ctx<'_>, raw: &RawFile) -> Result<SquareMap, MapFileError> {
    let header = raw.map.get_ref();
    let width = side(ctx, &header.width, "map.width")?;
    let height = side(ctx, &header.height, "map.height")?;
    let name = header.name.get_ref().trim();
    if name.is_empty() {
        return Err(ctx.spanned(&header.name, "map.name", "the map needs a name"));
    }
    let kind = *header.kind.get_ref();
    let mut map = SquareMap::new(name, kind, width, height);
    let (w, h) = (width as usize, height as usize);

    let legend = read_legend(ctx, &raw.legend)?;
    let layers = raw.layers.get_ref();

    let grid = read_grid(ctx, "layers.terrain", &layers.terrain, w, h)?;
    for (sq, c, at) in grid.cells() {
        let Some(&(terrain, level)) = legend.get(&c) else {
            let mut extra: Vec<char> = legend
                .keys()
                .copied()
                .filter(|c| builtin_symbol(*c).is_none())
                .collect();
            extra.sort_unstable();
            let extra = if extra.is_empty() {
                String::new()
            } else {
                format!(
                    "; from [legend]: {}",
                    extra
                        .iter()
                        .map(char::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                )
            };
            return Err(ctx.at(
                Some(at),
                "layers.terrain",
                format!(
                    "row {}, column {} (square {sq}): unknown terrain character {c:?} (known: {BUILTIN_LIST}{extra}; declare others in [legend])",
                    sq.y, sq.x
                ),
            ));
        };
        if let Some(cell) = map.cell_mut(sq) {
            cell.terrain = terrain;
            cell.level = level;
        }
    }

    if let Some(walls) = &raw.walls {
        for (i, seg) in walls.segments.iter().enumerate() {
            let edges = parse_segment(seg.get_ref(), width, height)
                .map_err(|m| ctx.spanned(seg, format!("walls.segments[{i}]"), m))?;
            for (sq, dir) in edges {
                map.set_wall(sq, dir, true);
            }
        }
    }

    if let Some(zones) = &layers.zones {
        read_zones(ctx, zones, &mut map, w, h)?;
    }

    match (kind, &layers.indoor) {
        (MapKind::Mixed, Some(indoor)) => {
            let grid = read_grid(ctx, "layers.indoor", indoor, w, h)?;
            for (sq, c, at) in grid.cells() {
                let inside = match c {
                    'i' => true,
                    '.' => false,
                    _ => {
                        return Err(ctx.at(
                            Some(at),
                            "layers.indoor",
                            format!(
                                "row {}, column {} (square {sq}): unknown character {c:?} (known: '.' outdoor, 'i' indoor)",
                                sq.y, sq.x
                            ),
                        ))
                    }
                };
                if let Some(cell) = map.cell_mut(sq) {
                    cell.indoor = inside;
                }
            }
        }
        (MapKind::Mixed, None) => {
            return Err(ctx.spanned(
                &raw.layers,
                "layers.indoor",
                "a mixed map needs an `indoor` layer marking its yellow-bounded (indoor) squares with 'i'",
            ))
        }
        (MapKind::Outdoor, Some(indoor)) => {
            return Err(ctx.spanned(
                indoor,
                "layers.indoor",
                "an outdoor map has no indoor squares: set map.kind = \"mixed\" to use this layer",
            ))
        }
        (MapKind::Indoor, Some(indoor)) => {
            return Err(ctx.spanned(
                indoor,
                "layers.indoor",
                "every square of an indoor map is indoors: remove this layer, or set map.kind = \"mixed\"",
            ))
        }
        (_, None) => {}
    }

    read_special(ctx, raw, &mut map, w, h)?;

    for (i, stairs) in raw.stairs.iter().enumerate() {
        let field = format!("stairs[{i}].steps");
        let steps = stairs.get_ref().steps.get_ref();
        if steps.len() > MAX_STAIR_STEPS {
            return Err(ctx.spanned(
                &stairs.get_ref().steps,
                field,
                format!("a staircase has at most {MAX_STAIR_STEPS} steps"),
            ));
        }
        let mut squares = Vec::with_capacity(steps.len());
        for (j, step) in steps.iter().enumerate() {
            let sq = square_field(ctx, &format!("{field}[{j}]"), step, &map)?;
            if squares.contains(&sq) {
                return Err(ctx.spanned(
                    step,
                    format!("{field}[{j}]"),
                    format!("square {sq} appears twice in this staircase"),
                ));
            }
            if map
                .cell(sq)
                .is_some_and(|c| c.terrain.contains(Terrain::BLOCKING))
            {
                return Err(ctx.spanned(
                    step,
                    format!("{field}[{j}]"),
                    format!("step {sq} is blocking terrain: a figure could not stand on it"),
                ));
            }
            if let Some(&prev) = squares.last() {
                if prev.distance(sq) == 1 && map.step_crosses_wall(prev, sq) {
                    return Err(ctx.spanned(
                        step,
                        format!("{field}[{j}]"),
                        format!("a wall runs between steps {prev} and {sq}"),
                    ));
                }
            }
            squares.push(sq);
        }
        map.add_staircase(squares.clone())
            .map_err(|e| link_error(ctx, &field, &stairs.get_ref().steps, steps, &squares, e))?;
    }

    for (i, ladder) in raw.ladders.iter().enumerate() {
        let l = ladder.get_ref();
        let bottom = square_field(ctx, &format!("ladders[{i}].bottom"), &l.bottom, &map)?;
        let top = square_field(ctx, &format!("ladders[{i}].top"), &l.top, &map)?;
        map.add_ladder(bottom, top).map_err(|e| {
            link_error(
                ctx,
                &format!("ladders[{i}]"),
                ladder,
                &[l.bottom.clone(), l.top.clone()],
                &[bottom, top],
                e,
            )
        })?;
    }

    for (i, marker) in raw.markers.iter().enumerate() {
        let m = marker.get_ref();
        let at = square_field(ctx, &format!("markers[{i}].at"), &m.at, &map)?;
        map.place_marker(at, *m.kind.get_ref());
    }

    Ok(map)
}

/// Reports a [`crate::square::LinkError`] at the square it concerns when there is one.
fn link_error<T>(
    ctx: &Ctx<'_>,
    field: &str,
    whole: &Spanned<T>,
    written: &[Spanned<String>],
    squares: &[Square],
    e: super::LinkError,
) -> MapFileError {
    use super::LinkError;
    let culprit = match &e {
        LinkError::OffMap(s) | LinkError::Taken(s) | LinkError::NotTouching(_, s) => Some(*s),
        LinkError::Levels(_) | LinkError::TooShort => None,
    };
    let index = culprit.and_then(|c| squares.iter().position(|s| *s == c));
    match index.and_then(|i| written.get(i)) {
        Some(w) => ctx.spanned(w, field, e.to_string()),
        None => ctx.spanned(whole, field, e.to_string()),
    }
}

fn read_legend(
    ctx: &Ctx<'_>,
    legend: &BTreeMap<Spanned<String>, Spanned<RawLegendEntry>>,
) -> Result<HashMap<char, (Terrain, u8)>, MapFileError> {
    let mut out: HashMap<char, (Terrain, u8)> = BUILTIN
        .iter()
        .map(|s| (s.symbol, (s.terrain, s.level)))
        .collect();
    for (key, entry) in legend {
        let field = format!("legend.{}", key.get_ref());
        let mut chars = key.get_ref().chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(ctx.spanned(
                key,
                field,
                format!(
                    "a legend key is one character (one square of the grid), not {:?}",
                    key.get_ref()
                ),
            ));
        };
        if c.is_whitespace() || c.is_control() {
            return Err(ctx.spanned(key, field, "a legend key must be a visible character"));
        }
        if let Some(b) = builtin_symbol(c) {
            return Err(ctx.spanned(
                key,
                field,
                format!(
                    "{c:?} is built in ({}): pick another character",
                    describe_terrain(b.terrain, b.level)
                ),
            ));
        }
        let e = entry.get_ref();
        let terrain = e
            .terrain
            .iter()
            .fold(Terrain::CLEAR, |t, n| t.with(n.terrain()));
        out.insert(c, (terrain, e.level));
    }
    Ok(out)
}

fn read_zones(
    ctx: &Ctx<'_>,
    zones: &Spanned<String>,
    map: &mut SquareMap,
    w: usize,
    h: usize,
) -> Result<(), MapFileError> {
    let grid = read_grid(ctx, "layers.zones", zones, w, h)?;
    let mut first_seen: BTreeMap<u8, usize> = BTreeMap::new();
    for (sq, c, at) in grid.cells() {
        let zone = match c {
            '.' => 0,
            '1'..='9' | 'a'..='z' => c.to_digit(36).unwrap_or(0) as u8,
            _ => {
                return Err(ctx.at(
                    Some(at),
                    "layers.zones",
                    format!(
                        "row {}, column {} (square {sq}): unknown character {c:?} (known: '.' no zone, '1' to '9' then 'a' to 'z' for zones 10 to 35)",
                        sq.y, sq.x
                    ),
                ))
            }
        };
        if zone != 0 {
            first_seen.entry(zone).or_insert(at);
        }
        if let Some(cell) = map.cell_mut(sq) {
            cell.zone = zone;
        }
    }
    // Zones are chosen by number at set-up, so the numbers must run 1, 2, 3... without a gap.
    for (expected, (&zone, &at)) in (1u8..).zip(&first_seen) {
        if zone != expected {
            return Err(ctx.at(
                Some(at),
                "layers.zones",
                format!(
                    "deployment zone {zone} is used but zone {expected} is not: number zones 1, 2, 3... without gaps"
                ),
            ));
        }
    }
    Ok(())
}

fn read_special(
    ctx: &Ctx<'_>,
    raw: &RawFile,
    map: &mut SquareMap,
    w: usize,
    h: usize,
) -> Result<(), MapFileError> {
    if raw.special.len() > MAX_SPECIAL_ZONES {
        return Err(ctx.spanned(
            &raw.special[MAX_SPECIAL_ZONES],
            format!("special[{MAX_SPECIAL_ZONES}]"),
            format!("a map has at most {MAX_SPECIAL_ZONES} special zones"),
        ));
    }
    let mut keys: HashMap<char, u16> = HashMap::new();
    for (i, zone) in raw.special.iter().enumerate() {
        let z = zone.get_ref();
        let field = format!("special[{i}].key");
        let mut chars = z.key.get_ref().chars();
        let c = match (chars.next(), chars.next()) {
            (Some(c), None) if c != '.' && !c.is_whitespace() && !c.is_control() => c,
            _ => {
                return Err(ctx.spanned(
                    &z.key,
                    field,
                    format!(
                        "the key is the one visible character (not '.') marking this zone's squares in layers.special, not {:?}",
                        z.key.get_ref()
                    ),
                ))
            }
        };
        if keys.insert(c, i as u16).is_some() {
            return Err(ctx.spanned(
                &z.key,
                field,
                format!("key {c:?} is already used by another special zone"),
            ));
        }
        if z.name.get_ref().trim().is_empty() {
            return Err(ctx.spanned(
                &z.name,
                format!("special[{i}].name"),
                "a special zone needs a name",
            ));
        }
        map.special_zones.push(super::SpecialZone {
            name: z.name.get_ref().trim().to_string(),
            rules: z.rules.trim().to_string(),
        });
    }
    let layer = raw.layers.get_ref().special.as_ref();
    let mut used: HashSet<u16> = HashSet::new();
    if let Some(layer) = layer {
        let grid = read_grid(ctx, "layers.special", layer, w, h)?;
        for (sq, c, at) in grid.cells() {
            if c == '.' {
                continue;
            }
            let Some(&index) = keys.get(&c) else {
                let mut known: Vec<char> = keys.keys().copied().collect();
                known.sort_unstable();
                let known: String = known.iter().map(|k| format!(", {k:?}")).collect();
                return Err(ctx.at(
                    Some(at),
                    "layers.special",
                    format!(
                        "row {}, column {} (square {sq}): {c:?} is not the key of any [[special]] zone (known: '.' none{known})",
                        sq.y, sq.x
                    ),
                ));
            };
            used.insert(index);
            if let Some(cell) = map.cell_mut(sq) {
                cell.special = Some(index);
            }
        }
    }
    for (i, zone) in raw.special.iter().enumerate() {
        if !used.contains(&(i as u16)) {
            return Err(ctx.spanned(
                &zone.get_ref().key,
                format!("special[{i}].key"),
                format!(
                    "no square of layers.special carries key {:?}: mark the zone's squares with it",
                    zone.get_ref().key.get_ref()
                ),
            ));
        }
    }
    Ok(())
}

/// Reads a wall segment such as `v 5 0-4` (the vertical grid line left of column 5, rows 0 to
/// 4) or `h 10 2-7` (the horizontal line above row 10, columns 2 to 7) into square edges.
fn parse_segment(s: &str, width: i32, height: i32) -> Result<Vec<(Square, Dir)>, String> {
    let usage = "write a wall as `v X Y1-Y2` (vertical, on the grid line left of column X, rows Y1 to Y2) or `h Y X1-X2` (horizontal, on the grid line above row Y, columns X1 to X2)";
    let parts: Vec<&str> = s.split_whitespace().collect();
    let [orient, line, range] = parts[..] else {
        return Err(format!("{s:?} is not a wall segment: {usage}"));
    };
    let vertical = match orient {
        "v" | "V" => true,
        "h" | "H" => false,
        _ => return Err(format!("{orient:?} is not `v` or `h`: {usage}")),
    };
    let number = |t: &str| t.trim().parse::<i32>().ok().filter(|n| *n >= 0);
    let line =
        number(line).ok_or_else(|| format!("{line:?} is not a grid line number: {usage}"))?;
    let (a, b) = match range.split_once('-') {
        Some((a, b)) => (number(a), number(b)),
        None => (number(range), number(range)),
    };
    let (Some(a), Some(b)) = (a, b) else {
        return Err(format!(
            "{range:?} is not a range of squares such as `2-7` or `4`: {usage}"
        ));
    };
    if a > b {
        return Err(format!(
            "the range {range:?} runs backwards: write the smaller end first"
        ));
    }
    let (lines, along, line_word, along_word) = if vertical {
        (width, height, "vertical", "rows")
    } else {
        (height, width, "horizontal", "columns")
    };
    if line == 0 || line == lines {
        return Err(format!(
            "{line_word} grid line {line} is the edge of the map, and map edges are not walls (rulebook *Murs*)"
        ));
    }
    if line > lines {
        return Err(format!(
            "{line_word} grid line {line} is off the map: the lines inside it are 1 to {}",
            lines - 1
        ));
    }
    if b >= along {
        return Err(format!(
            "{along_word} {a} to {b} run off the map: {along_word} are 0 to {}",
            along - 1
        ));
    }
    Ok((a..=b)
        .map(|i| {
            if vertical {
                (Square::new(line, i), Dir::W)
            } else {
                (Square::new(i, line), Dir::N)
            }
        })
        .collect())
}

// ---------------------------------------------------------------------------------------------
// Writing.

/// The wall segments of a map, as the file writes them: maximal runs along each grid line,
/// vertical lines first.
pub(crate) fn wall_runs(map: &SquareMap) -> Vec<(bool, i32, i32, i32)> {
    let mut runs = Vec::new();
    for x in 1..map.width() {
        collect_runs(&mut runs, true, x, map.height(), |y| {
            map.wall(Square::new(x, y), Dir::W)
        });
    }
    for y in 1..map.height() {
        collect_runs(&mut runs, false, y, map.width(), |x| {
            map.wall(Square::new(x, y), Dir::N)
        });
    }
    runs
}

fn collect_runs(
    runs: &mut Vec<(bool, i32, i32, i32)>,
    vertical: bool,
    line: i32,
    len: i32,
    wall: impl Fn(i32) -> bool,
) {
    let mut start = None;
    for i in 0..=len {
        let here = i < len && wall(i);
        match (here, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                runs.push((vertical, line, s, i - 1));
                start = None;
            }
            _ => {}
        }
    }
}

fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// Writes a map as a map file that loads back into an equal map.
///
/// Terrain sets without a built-in character get a `[legend]` entry. A special zone that no
/// square belongs to cannot be written in a loadable way (the loader rejects unused zones, as
/// they are most likely typos), nor can deployment zones above 35.
pub fn to_toml_string(map: &SquareMap) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let symbols = terrain_symbols(map);
    let kind = match map.kind {
        MapKind::Outdoor => "outdoor",
        MapKind::Indoor => "indoor",
        MapKind::Mixed => "mixed",
    };
    let _ = writeln!(
        out,
        "# Skirmish square map; the format is described in docs/map-format.md.\n"
    );
    let _ = writeln!(out, "[map]");
    let _ = writeln!(out, "name = {}", quote(&map.name));
    let _ = writeln!(out, "kind = \"{kind}\"");
    let _ = writeln!(out, "width = {}", map.width());
    let _ = writeln!(out, "height = {}\n", map.height());

    let extra: Vec<&TerrainSymbol> = symbols
        .iter()
        .filter(|s| builtin_symbol(s.symbol).is_none())
        .collect();
    if !extra.is_empty() {
        let _ = writeln!(out, "[legend]");
        for s in extra {
            let mut types = Vec::new();
            for (t, n) in [
                (Terrain::HINDERING, "\"hindering\""),
                (Terrain::WATER, "\"water\""),
                (Terrain::BLOCKING, "\"blocking\""),
            ] {
                if s.terrain.contains(t) {
                    types.push(n);
                }
            }
            let _ = writeln!(
                out,
                "{} = {{ terrain = [{}], level = {} }}",
                quote(&s.symbol.to_string()),
                types.join(", "),
                s.level
            );
        }
        out.push('\n');
    }

    let layer = |f: &dyn Fn(Square) -> char| -> String {
        let mut s = String::new();
        for y in 0..map.height() {
            s.extend((0..map.width()).map(|x| f(Square::new(x, y))));
            s.push('\n');
        }
        s
    };
    let _ = writeln!(out, "[layers]");
    let terrain = layer(&|sq| {
        map.cell(sq)
            .and_then(|c| {
                symbols
                    .iter()
                    .find(|s| s.terrain == c.terrain && s.level == c.level)
            })
            .map_or('.', |s| s.symbol)
    });
    let _ = writeln!(out, "terrain = '''\n{terrain}'''");
    if !map.deployment_zones().is_empty() {
        let zones = layer(&|sq| {
            map.cell(sq)
                .map(|c| c.zone)
                .filter(|z| (1..36).contains(z))
                .and_then(|z| char::from_digit(u32::from(z), 36))
                .unwrap_or('.')
        });
        let _ = writeln!(out, "zones = '''\n{zones}'''");
    }
    if map.kind == MapKind::Mixed {
        let indoor = layer(&|sq| {
            if map.cell(sq).is_some_and(|c| c.indoor) {
                'i'
            } else {
                '.'
            }
        });
        let _ = writeln!(out, "indoor = '''\n{indoor}'''");
    }
    let keys: Vec<char> = spare_special_keys().take(map.special_zones.len()).collect();
    if !map.special_zones.is_empty() {
        let special = layer(&|sq| {
            map.cell(sq)
                .and_then(|c| c.special)
                .and_then(|i| keys.get(usize::from(i)).copied())
                .unwrap_or('.')
        });
        let _ = writeln!(out, "special = '''\n{special}'''");
    }

    let runs = wall_runs(map);
    if !runs.is_empty() {
        let _ = writeln!(out, "\n[walls]\nsegments = [");
        for (vertical, line, a, b) in runs {
            let o = if vertical { 'v' } else { 'h' };
            let range = if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            };
            let _ = writeln!(out, "  \"{o} {line} {range}\",");
        }
        let _ = writeln!(out, "]");
    }

    for st in &map.staircases {
        let steps: Vec<String> = st.steps.iter().map(|s| format!("\"{s}\"")).collect();
        let _ = writeln!(out, "\n[[stairs]]\nsteps = [{}]", steps.join(", "));
    }
    for l in &map.ladders {
        let _ = writeln!(
            out,
            "\n[[ladders]]\nbottom = \"{}\"\ntop = \"{}\"",
            l.bottom, l.top
        );
    }
    for (zone, key) in map.special_zones.iter().zip(&keys) {
        let _ = writeln!(
            out,
            "\n[[special]]\nkey = {}\nname = {}\nrules = {}",
            quote(&key.to_string()),
            quote(&zone.name),
            quote(&zone.rules)
        );
    }
    for sq in map.squares() {
        let Some(cell) = map.cell(sq) else { continue };
        for m in cell.markers.iter() {
            let kind = match m {
                Marker::Debris => "debris",
                Marker::Barrier => "barrier",
                Marker::Smoke => "smoke",
                Marker::Object => "object",
            };
            let _ = writeln!(out, "\n[[markers]]\nat = \"{sq}\"\nkind = \"{kind}\"");
        }
    }
    out
}

/// Keys the writer gives special zones: letters, then further visible characters.
fn spare_special_keys() -> impl Iterator<Item = char> {
    ('A'..='Z')
        .chain('a'..='z')
        .chain('0'..='9')
        .chain(unicode_letters())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_characters() {
        let t = "ab\ncdé\nf";
        assert_eq!(line_col(t, 0), (1, 1));
        assert_eq!(line_col(t, 3), (2, 1));
        assert_eq!(line_col(t, 6), (2, 3));
        assert_eq!(line_col(t, 7), (2, 4));
        assert_eq!(line_col(t, 8), (3, 1));
        assert_eq!(line_col(t, 999), (3, 2));
    }

    #[test]
    fn field_at_finds_tables_and_keys() {
        let t = "[map]\nname = 'x'\n\n[[stairs]]\nsteps = []\n[[stairs]]\nsteps = [\n \"1,2\",\n]\n[layers]\nterrain = '''\n..\n'''\n";
        assert_eq!(field_at(t, 7), "map.name");
        let second = t.find("\"1,2\"").unwrap();
        assert_eq!(field_at(t, second), "stairs[1].steps");
        let grid = t.find("..").unwrap();
        assert_eq!(field_at(t, grid), "layers.terrain");
    }

    #[test]
    fn segments() {
        assert_eq!(
            parse_segment("v 2 0-1", 4, 4).unwrap(),
            vec![(Square::new(2, 0), Dir::W), (Square::new(2, 1), Dir::W)]
        );
        assert_eq!(
            parse_segment("h 3 1", 4, 4).unwrap(),
            vec![(Square::new(1, 3), Dir::N)]
        );
        assert!(parse_segment("v 0 0-1", 4, 4).unwrap_err().contains("edge"));
        assert!(parse_segment("v 5 0-1", 4, 4)
            .unwrap_err()
            .contains("off the map"));
        assert!(parse_segment("v 2 0-4", 4, 4)
            .unwrap_err()
            .contains("off the map"));
        assert!(parse_segment("v 2 3-1", 4, 4)
            .unwrap_err()
            .contains("backwards"));
        assert!(parse_segment("d 2 1", 4, 4).is_err());
        assert!(parse_segment("v 2", 4, 4).is_err());
        assert!(parse_segment("v -2 1", 4, 4).is_err());
    }

    #[test]
    fn spare_symbols_are_fresh_and_plain() {
        let s: Vec<char> = spare_symbols().take(3000).collect();
        assert!(s.len() >= 8 * 256);
        let set: HashSet<char> = s.iter().copied().collect();
        assert_eq!(set.len(), s.len());
        for c in ['\'', '"', '\\', '#', '.', 'h', 'E', '1', ' '] {
            assert!(!set.contains(&c), "{c:?}");
        }
    }
}
