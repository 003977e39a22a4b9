//! Reading hex map files (TOML; the format is described in `docs/hex-maps.md`).

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::ops::Range;
use std::path::Path;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::Deserialize;
use toml::Spanned;

use super::error::{HexMapError, HexMapProblem, InvalidHexMap};
use super::{
    CellField, Hex, HexCell, HexDir, HexMap, Objective, Obstacle, ObstacleKind, Platform,
    PlayerSet, RowShift, Terrain, MAX_PLAYERS, MAX_SPAN,
};

/// The only file format version so far.
pub const HEX_MAP_FORMAT: i64 = 1;

/// Most hexes all the `at` lists of one file may name together, so that a short file of huge
/// ranges cannot keep the reader busy for long.
const MAX_LISTED: u64 = 1 << 20;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    format: Option<Spanned<i64>>,
    name: Spanned<String>,
    players: Option<Spanned<i64>>,
    custom_terrains: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    legend: BTreeMap<Spanned<String>, Spanned<String>>,
    grid: Option<Spanned<RawGrid>>,
    #[serde(default)]
    hex: Vec<Spanned<RawPatch>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGrid {
    origin: Option<Spanned<String>>,
    shift: Option<Spanned<String>>,
    height: Option<Spanned<i64>>,
    rows: Vec<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPatch {
    at: Spanned<HexList>,
    terrain: Option<Spanned<String>>,
    height: Option<Spanned<i64>>,
    platform: Option<Spanned<i64>>,
    platform_underside: Option<Spanned<i64>>,
    obstacle: Option<Spanned<String>>,
    obstacle_height: Option<Spanned<i64>>,
    difficult: Option<Spanned<bool>>,
    ladder: Option<Spanned<String>>,
    start: Option<Spanned<PlayerList>>,
    objective: Option<Spanned<ObjectiveSpec>>,
}

/// `at = "q,r"` or `at = ["q,r", "q1..q2,r", …]`; each item keeps its own span when it has one.
struct HexList(Vec<(String, Option<Range<usize>>)>);

impl<'de> Deserialize<'de> for HexList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = HexList;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a hex \"q,r\" or a list of hexes and ranges")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<HexList, E> {
                Ok(HexList(vec![(v.to_string(), None)]))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<HexList, A::Error> {
                let mut out = Vec::new();
                while let Some(item) = seq.next_element::<Spanned<String>>()? {
                    let span = item.span();
                    out.push((item.into_inner(), Some(span)));
                }
                Ok(HexList(out))
            }
        }
        d.deserialize_any(V)
    }
}

/// `start = 1` or `start = [1, 2]`.
struct PlayerList(Vec<i64>);

impl<'de> Deserialize<'de> for PlayerList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = PlayerList;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a player number or a list of player numbers")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<PlayerList, E> {
                Ok(PlayerList(vec![v]))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<PlayerList, A::Error> {
                let mut out = Vec::new();
                while let Some(p) = seq.next_element::<i64>()? {
                    out.push(p);
                }
                Ok(PlayerList(out))
            }
        }
        d.deserialize_any(V)
    }
}

/// `objective = true` (neutral), `false` (none) or a player number.
enum ObjectiveSpec {
    Flag(bool),
    Player(i64),
}

impl<'de> Deserialize<'de> for ObjectiveSpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = ObjectiveSpec;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("true for a neutral objective, or a player number")
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<ObjectiveSpec, E> {
                Ok(ObjectiveSpec::Flag(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<ObjectiveSpec, E> {
                Ok(ObjectiveSpec::Player(v))
            }
        }
        d.deserialize_any(V)
    }
}

/// Turns byte spans into the `file:line:column` of errors.
struct Source<'a> {
    text: &'a str,
    origin: &'a str,
}

impl Source<'_> {
    fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = self.text.get(..offset).unwrap_or("");
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }

    fn line_of(&self, span: &Range<usize>) -> usize {
        self.line_col(span.start).0
    }

    fn err(&self, span: &Range<usize>, field: impl Into<String>, problem: HexMapProblem) -> Fail {
        let (line, column) = self.line_col(span.start);
        Box::new(InvalidHexMap {
            origin: self.origin.to_string(),
            line,
            column,
            field: field.into(),
            problem,
        })
    }

    /// Where character `byte` of a string value's content sits in the file: exact when the value
    /// is written without escapes, otherwise the start of the string.
    fn inside(&self, span: &Range<usize>, value: &str, byte: usize) -> Range<usize> {
        let raw = self.text.get(span.clone()).unwrap_or("");
        for quote in ["\"", "'"] {
            if raw.len() >= 2
                && raw.starts_with(quote)
                && !raw.starts_with(&quote.repeat(3))
                && raw.get(1..raw.len() - 1) == Some(value)
            {
                let at = span.start + 1 + byte;
                return at..at + 1;
            }
        }
        span.clone()
    }

    /// Names the field of a TOML reader error: the backquoted key of "unknown field `x`"-style
    /// messages, otherwise the key written on the error's line, prefixed by its table.
    fn toml_field(&self, message: &str, offset: usize) -> String {
        let (line, _) = self.line_col(offset);
        let mut table = String::new();
        let mut hex_entries = 0usize;
        let mut key = String::new();
        for (i, l) in self.text.lines().enumerate() {
            if i + 1 > line {
                break;
            }
            let t = l.trim();
            if t.starts_with("[[") {
                let name = t.trim_matches(|c| c == '[' || c == ']').trim();
                if name == "hex" {
                    hex_entries += 1;
                    table = format!("hex[{}]", hex_entries - 1);
                } else {
                    table = name.to_string();
                }
            } else if t.starts_with('[') {
                table = t.trim_matches(|c| c == '[' || c == ']').trim().to_string();
            }
            if i + 1 == line {
                if let Some((k, _)) = t.split_once('=') {
                    key = k.trim().to_string();
                }
            }
        }
        let named = message
            .split('`')
            .nth(1)
            .filter(|_| message.contains("field `") || message.contains("key `"));
        let leaf = match named {
            Some(n) => n.to_string(),
            None => key,
        };
        match (table.is_empty(), leaf.is_empty()) {
            (true, true) => "(file)".to_string(),
            (true, false) => leaf,
            (false, true) => table,
            (false, false) => format!("{table}.{leaf}"),
        }
    }
}

type Fail = Box<InvalidHexMap>;

fn out_of_range(value: i64, min: i64, max: i64) -> HexMapProblem {
    HexMapProblem::OutOfRange { value, min, max }
}

fn byte_in(v: &Spanned<i64>, src: &Source<'_>, field: &str) -> Result<u8, Fail> {
    u8::try_from(*v.get_ref())
        .map_err(|_| src.err(&v.span(), field, out_of_range(*v.get_ref(), 0, 255)))
}

/// One number or an inclusive range `a..b` of a hex-set item.
fn parse_span(part: &str) -> Option<(i64, i64)> {
    let part = part.trim();
    match part.split_once("..") {
        None => part
            .parse::<i32>()
            .ok()
            .map(|v| (i64::from(v), i64::from(v))),
        Some((a, b)) => {
            let a = a.trim().parse::<i32>().ok()?;
            let b = b.trim().parse::<i32>().ok()?;
            (a <= b).then_some((i64::from(a), i64::from(b)))
        }
    }
}

/// The hexes of one `at` item, or why not.
fn expand_item(item: &str, budget: &mut u64) -> Result<Vec<Hex>, HexMapProblem> {
    let bad = || HexMapProblem::BadCoordinate(item.to_string());
    let (qs, rs) = item.split_once(',').ok_or_else(bad)?;
    let (q0, q1) = parse_span(qs).ok_or_else(bad)?;
    let (r0, r1) = parse_span(rs).ok_or_else(bad)?;
    let (wq, wr) = ((q1 - q0 + 1) as u64, (r1 - r0 + 1) as u64);
    if wq > u64::from(MAX_SPAN) || wr > u64::from(MAX_SPAN) {
        return Err(HexMapProblem::TooLarge(format!(
            "range `{item}` is wider than {MAX_SPAN} hexes"
        )));
    }
    let n = wq * wr;
    if n > *budget {
        return Err(HexMapProblem::TooLarge(format!(
            "`at` lists name more than {MAX_LISTED} hexes in all"
        )));
    }
    *budget -= n;
    let mut out = Vec::with_capacity(n as usize);
    for r in r0..=r1 {
        for q in q0..=q1 {
            // Both come from i32 parses, so they fit.
            out.push(Hex::new(q as i32, r as i32));
        }
    }
    Ok(out)
}

/// Where each (hex, field) got its value: entry index and span, for errors.
type Provenance = HashMap<(Hex, CellField), (usize, Range<usize>)>;

struct Builder<'a> {
    src: Source<'a>,
    cells: BTreeMap<Hex, HexCell>,
    /// What created each hex (a grid token or an `at` item), for errors about the hex itself.
    created: BTreeMap<Hex, (Made, Range<usize>)>,
    /// Hexes in the order the file creates them.
    order: Vec<Hex>,
    set_by: Provenance,
    default_height: u8,
}

impl<'a> Builder<'a> {
    /// Records that entry `entry` sets `field` of `hex`, refusing a second entry doing so.
    fn claim(
        &mut self,
        hex: Hex,
        field: CellField,
        entry: usize,
        span: &Range<usize>,
    ) -> Result<(), Fail> {
        if let Some((_, first)) = self.set_by.get(&(hex, field)) {
            let line = self.src.line_of(first);
            return Err(self.src.err(
                span,
                format!("hex[{entry}].{}", field.key()),
                HexMapProblem::AlreadySet { hex, line },
            ));
        }
        self.set_by.insert((hex, field), (entry, span.clone()));
        Ok(())
    }
}

/// Which part of the file added a hex to the map.
#[derive(Clone, Copy)]
enum Made {
    Grid,
    Entry(usize),
}

impl Made {
    fn field(self) -> String {
        match self {
            Made::Grid => "grid.rows".to_string(),
            Made::Entry(i) => format!("hex[{i}].at"),
        }
    }
}

/// A `[[hex]]` entry with its values checked and its `at` list expanded.
struct Patch {
    index: usize,
    hexes: Vec<(Hex, Range<usize>)>,
    terrain: Option<(Terrain, Range<usize>)>,
    height: Option<(u8, Range<usize>)>,
    platform: Option<(Platform, Range<usize>)>,
    obstacle: Option<(Obstacle, Range<usize>)>,
    difficult: Option<(bool, Range<usize>)>,
    ladder: Option<(Spanned<String>, LadderSpec)>,
    start: Option<(PlayerSet, Range<usize>)>,
    objective: Option<(Option<Objective>, Range<usize>)>,
}

enum LadderSpec {
    Dir(HexDir),
    Towards(Hex),
}

impl HexMap {
    /// Reads a map from the text of a map file; `origin` names the text in errors (usually its
    /// path). Every error names the line, column and field at fault.
    pub fn from_toml_str(text: &str, origin: &str) -> Result<HexMap, HexMapError> {
        read(text, origin).map_err(HexMapError::Invalid)
    }
}

/// Reads the map file at `path` (see [`HexMap::from_toml_str`]).
pub fn load_hex_map(path: impl AsRef<Path>) -> Result<HexMap, HexMapError> {
    let path = path.as_ref();
    let text = std::fs::read_to_string(path).map_err(|source| HexMapError::Io {
        path: path.display().to_string(),
        source,
    })?;
    HexMap::from_toml_str(&text, &path.display().to_string())
}

fn read(text: &str, origin: &str) -> Result<HexMap, Fail> {
    let src = Source { text, origin };
    let raw: RawMap = toml::from_str(text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        // One line per error, so the `file:line:column:` prefix reads as a location.
        let message = e.message().trim().replace('\n', "; ");
        let field = src.toml_field(&message, span.start);
        src.err(&span, field, HexMapProblem::Toml(message))
    })?;

    if let Some(f) = &raw.format {
        if *f.get_ref() != HEX_MAP_FORMAT {
            return Err(src.err(
                &f.span(),
                "format",
                HexMapProblem::UnsupportedFormat(*f.get_ref()),
            ));
        }
    }
    if raw.name.get_ref().trim().is_empty() {
        return Err(src.err(&raw.name.span(), "name", HexMapProblem::EmptyName));
    }
    let players = match &raw.players {
        None => None,
        Some(p) => {
            let v = *p.get_ref();
            match u8::try_from(v) {
                Ok(n) if (1..=MAX_PLAYERS).contains(&n) => Some(n),
                _ => {
                    return Err(src.err(
                        &p.span(),
                        "players",
                        out_of_range(v, 1, i64::from(MAX_PLAYERS)),
                    ))
                }
            }
        }
    };
    let mut map = HexMap::new(raw.name.get_ref().clone());
    map.set_players(players);
    for name in raw.custom_terrains.iter().flatten() {
        let n = name.get_ref();
        let reason = if n.trim().is_empty() {
            Some("is empty")
        } else if Terrain::from_name(n).is_some() {
            Some("is a built-in terrain")
        } else if map.terrain_by_name(n).is_some() {
            Some("is declared twice")
        } else {
            None
        };
        if let Some(reason) = reason {
            return Err(src.err(
                &name.span(),
                "custom_terrains",
                HexMapProblem::BadCustomTerrain {
                    name: n.clone(),
                    reason,
                },
            ));
        }
        if map.add_custom_terrain(n).is_none() {
            return Err(src.err(
                &name.span(),
                "custom_terrains",
                HexMapProblem::TooLarge("a map declares at most 256 custom terrains".into()),
            ));
        }
    }

    let mut legend: HashMap<char, Terrain> = Terrain::BUILT_IN
        .iter()
        .filter_map(|t| t.default_letter().map(|c| (c, *t)))
        .collect();
    for (key, value) in &raw.legend {
        let field = format!("legend.{}", key.get_ref());
        let mut chars = key.get_ref().chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => c,
            _ => {
                return Err(src.err(
                    &key.span(),
                    field,
                    HexMapProblem::BadLegendKey(key.get_ref().clone()),
                ))
            }
        };
        let t = map.terrain_by_name(value.get_ref()).ok_or_else(|| {
            src.err(
                &value.span(),
                field.clone(),
                HexMapProblem::UnknownTerrain(value.get_ref().clone()),
            )
        })?;
        legend.insert(letter, t);
    }

    let mut b = Builder {
        src,
        cells: BTreeMap::new(),
        created: BTreeMap::new(),
        order: Vec::new(),
        set_by: HashMap::new(),
        default_height: 0,
    };
    if let Some(grid) = &raw.grid {
        read_grid(&mut b, grid.get_ref(), &legend)?;
    }

    let mut budget = MAX_LISTED;
    let mut patches = Vec::with_capacity(raw.hex.len());
    for (i, p) in raw.hex.iter().enumerate() {
        patches.push(check_patch(&b, &map, i, p.get_ref(), &mut budget, players)?);
    }
    // Terrain first, so an entry may add a hex that an earlier entry decorates; then heights of
    // existing hexes; then everything else.
    for p in &patches {
        if let Some((terrain, span)) = &p.terrain {
            for (hex, at_span) in &p.hexes {
                b.claim(*hex, CellField::Terrain, p.index, span)?;
                let height = p.height.as_ref().map_or(b.default_height, |(h, _)| *h);
                match b.cells.get_mut(hex) {
                    Some(c) => c.terrain = *terrain,
                    None => {
                        b.cells.insert(*hex, HexCell::new(*terrain, height));
                        b.created
                            .insert(*hex, (Made::Entry(p.index), at_span.clone()));
                        b.order.push(*hex);
                    }
                }
            }
        }
    }
    for p in &patches {
        for (hex, at_span) in &p.hexes {
            if !b.cells.contains_key(hex) {
                return Err(b.src.err(
                    at_span,
                    format!("hex[{}].at", p.index),
                    HexMapProblem::NotOnMap(*hex),
                ));
            }
            apply_patch(&mut b, p, *hex)?;
        }
    }

    if b.cells.is_empty() {
        let span = raw.grid.as_ref().map_or(0..0, Spanned::span);
        return Err(b.src.err(&span, "grid.rows", HexMapProblem::NoHexes));
    }
    // The first hex, in file order, that stretches the map too far is the one to blame.
    let mut bounds: Option<(i64, i64, i64, i64)> = None;
    for h in &b.order {
        let (q, r) = (i64::from(h.q), i64::from(h.r));
        let (q0, q1, r0, r1) = bounds.map_or((q, q, r, r), |(q0, q1, r0, r1)| {
            (q0.min(q), q1.max(q), r0.min(r), r1.max(r))
        });
        bounds = Some((q0, q1, r0, r1));
        if q1 - q0 >= i64::from(MAX_SPAN) || r1 - r0 >= i64::from(MAX_SPAN) {
            let (made, span) = b.created.get(h).cloned().unwrap_or((Made::Grid, 0..0));
            return Err(b.src.err(
                &span,
                made.field(),
                HexMapProblem::TooLarge(format!(
                    "hex {h} stretches the map beyond {MAX_SPAN} hexes along q or r"
                )),
            ));
        }
    }
    if map.reserve_for(b.cells.keys().copied()).is_err() {
        return Err(b.src.err(
            &(0..0),
            "grid.rows",
            HexMapProblem::TooLarge(format!("the map spans more than {MAX_SPAN} hexes")),
        ));
    }
    for (h, cell) in &b.cells {
        // Cannot fail: the storage already covers every hex.
        let _ = map.insert(*h, *cell);
    }

    if let Some(issue) = map.validate().into_iter().next() {
        let (field, span) = match b.set_by.get(&(issue.hex, issue.field)) {
            Some((entry, span)) => (format!("hex[{entry}].{}", issue.field.key()), span.clone()),
            None => {
                let (made, span) = b
                    .created
                    .get(&issue.hex)
                    .cloned()
                    .unwrap_or((Made::Grid, 0..0));
                (made.field(), span)
            }
        };
        return Err(b.src.err(
            &span,
            field,
            HexMapProblem::Map {
                hex: issue.hex,
                kind: issue.kind,
            },
        ));
    }
    Ok(map)
}

fn read_grid(
    b: &mut Builder<'_>,
    grid: &RawGrid,
    legend: &HashMap<char, Terrain>,
) -> Result<(), Fail> {
    let origin = match &grid.origin {
        None => Hex::ORIGIN,
        Some(o) => o.get_ref().parse::<Hex>().map_err(|_| {
            b.src.err(
                &o.span(),
                "grid.origin",
                HexMapProblem::BadCoordinate(o.get_ref().clone()),
            )
        })?,
    };
    let shift = match &grid.shift {
        None => RowShift::Odd,
        Some(s) => match s.get_ref().as_str() {
            "odd" => RowShift::Odd,
            "even" => RowShift::Even,
            other => {
                return Err(b.src.err(
                    &s.span(),
                    "grid.shift",
                    HexMapProblem::BadRowShift(other.to_string()),
                ))
            }
        },
    };
    if let Some(h) = &grid.height {
        b.default_height = byte_in(h, &b.src, "grid.height")?;
    }
    for (y, row) in grid.rows.iter().enumerate() {
        let text = row.get_ref();
        let mut x = 0i64;
        let mut rest = text.as_str();
        let mut offset = 0usize;
        while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
            let token_rest = &rest[start..];
            let len = token_rest
                .find(char::is_whitespace)
                .unwrap_or(token_rest.len());
            let token = &token_rest[..len];
            let token_at = offset + start;
            offset = token_at + len;
            rest = &token_rest[len..];
            let span = b.src.inside(&row.span(), text, token_at);
            let col = x;
            x += 1;
            if token == "." {
                continue;
            }
            let mut chars = token.chars();
            let letter = chars.next().unwrap_or('.');
            let digits = chars.as_str();
            if !letter.is_ascii_alphabetic() || !digits.chars().all(|c| c.is_ascii_digit()) {
                return Err(b.src.err(
                    &span,
                    "grid.rows",
                    HexMapProblem::BadToken(token.to_string()),
                ));
            }
            let terrain = *legend.get(&letter).ok_or_else(|| {
                b.src.err(
                    &span,
                    "grid.rows",
                    HexMapProblem::UnknownTerrain(letter.to_string()),
                )
            })?;
            let height = if digits.is_empty() {
                b.default_height
            } else {
                match digits.parse::<u8>() {
                    Ok(h) => h,
                    Err(_) => {
                        let v = digits.parse::<i64>().unwrap_or(i64::MAX);
                        return Err(b.src.err(&span, "grid.rows", out_of_range(v, 0, 255)));
                    }
                }
            };
            let too_far = || {
                b.src.err(
                    &span,
                    "grid.rows",
                    HexMapProblem::TooLarge(format!(
                        "row {y}, cell {col} lies beyond {MAX_SPAN} hexes from the origin"
                    )),
                )
            };
            let (Ok(cx), Ok(cy)) = (i32::try_from(col), i32::try_from(y)) else {
                return Err(too_far());
            };
            if cx as u32 >= MAX_SPAN || cy as u32 >= MAX_SPAN {
                return Err(too_far());
            }
            let rel = Hex::from_offset(cx, cy, shift);
            let hex = Hex::new(
                i32::try_from(i64::from(origin.q) + i64::from(rel.q)).map_err(|_| too_far())?,
                i32::try_from(i64::from(origin.r) + i64::from(rel.r)).map_err(|_| too_far())?,
            );
            b.cells.insert(hex, HexCell::new(terrain, height));
            b.created.insert(hex, (Made::Grid, span));
            b.order.push(hex);
        }
    }
    Ok(())
}

fn check_patch(
    b: &Builder<'_>,
    map: &HexMap,
    index: usize,
    raw: &RawPatch,
    budget: &mut u64,
    players: Option<u8>,
) -> Result<Patch, Fail> {
    let src = &b.src;
    let field = |name: &str| format!("hex[{index}].{name}");
    let at_span = raw.at.span();
    let mut hexes: Vec<(Hex, Range<usize>)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (item, span) in &raw.at.get_ref().0 {
        let span = span.clone().unwrap_or_else(|| at_span.clone());
        let listed = expand_item(item, budget).map_err(|p| src.err(&span, field("at"), p))?;
        for h in listed {
            if !seen.insert(h) {
                return Err(src.err(&span, field("at"), HexMapProblem::DuplicateHex(h)));
            }
            hexes.push((h, span.clone()));
        }
    }
    let terrain = match &raw.terrain {
        None => None,
        Some(t) => Some((
            map.terrain_by_name(t.get_ref()).ok_or_else(|| {
                src.err(
                    &t.span(),
                    field("terrain"),
                    HexMapProblem::UnknownTerrain(t.get_ref().clone()),
                )
            })?,
            t.span(),
        )),
    };
    let height = match &raw.height {
        None => None,
        Some(h) => Some((byte_in(h, src, &field("height"))?, h.span())),
    };
    if raw.platform_underside.is_some() && raw.platform.is_none() {
        let span = raw.platform_underside.as_ref().map_or(0..0, Spanned::span);
        return Err(src.err(
            &span,
            field("platform_underside"),
            HexMapProblem::Needs("platform_underside", "platform"),
        ));
    }
    let platform = match &raw.platform {
        None => None,
        Some(p) => {
            let level = byte_in(p, src, &field("platform"))?;
            let underside = match &raw.platform_underside {
                None => level,
                Some(u) => byte_in(u, src, &field("platform_underside"))?,
            };
            Some((Platform { level, underside }, p.span()))
        }
    };
    if raw.obstacle_height.is_some() && raw.obstacle.is_none() {
        let span = raw.obstacle_height.as_ref().map_or(0..0, Spanned::span);
        return Err(src.err(
            &span,
            field("obstacle_height"),
            HexMapProblem::Needs("obstacle_height", "obstacle"),
        ));
    }
    let obstacle = match &raw.obstacle {
        None => None,
        Some(o) => {
            let kind = match o.get_ref().as_str() {
                "low" => ObstacleKind::Low,
                "high" => ObstacleKind::High,
                other => {
                    return Err(src.err(
                        &o.span(),
                        field("obstacle"),
                        HexMapProblem::BadObstacle(other.to_string()),
                    ))
                }
            };
            let height = match &raw.obstacle_height {
                None => 0,
                Some(h) => byte_in(h, src, &field("obstacle_height"))?,
            };
            Some((Obstacle { kind, height }, o.span()))
        }
    };
    let difficult = raw.difficult.as_ref().map(|d| (*d.get_ref(), d.span()));
    let ladder = match &raw.ladder {
        None => None,
        Some(l) => {
            let spec = if let Ok(d) = l.get_ref().parse::<HexDir>() {
                LadderSpec::Dir(d)
            } else if let Ok(h) = l.get_ref().parse::<Hex>() {
                LadderSpec::Towards(h)
            } else {
                return Err(src.err(
                    &l.span(),
                    field("ladder"),
                    HexMapProblem::BadLadder(format!(
                        "`{}` is neither a direction (e, se, sw, w, nw, ne) nor a neighbouring hex `q,r`",
                        l.get_ref()
                    )),
                ));
            };
            Some((l.clone(), spec))
        }
    };
    let max_player = players.unwrap_or(MAX_PLAYERS);
    let start = match &raw.start {
        None => None,
        Some(s) => {
            let mut set = PlayerSet::EMPTY;
            for p in &s.get_ref().0 {
                let ok = u8::try_from(*p)
                    .ok()
                    .filter(|p| (1..=max_player).contains(p))
                    .is_some_and(|p| set.insert(p));
                if !ok {
                    return Err(src.err(
                        &s.span(),
                        field("start"),
                        out_of_range(*p, 1, i64::from(max_player)),
                    ));
                }
            }
            Some((set, s.span()))
        }
    };
    let objective = match &raw.objective {
        None => None,
        Some(o) => {
            let v = match o.get_ref() {
                ObjectiveSpec::Flag(true) => Some(Objective::Neutral),
                ObjectiveSpec::Flag(false) => None,
                ObjectiveSpec::Player(p) => match u8::try_from(*p) {
                    Ok(n) if (1..=max_player).contains(&n) => Some(Objective::Player(n)),
                    _ => {
                        return Err(src.err(
                            &o.span(),
                            field("objective"),
                            out_of_range(*p, 1, i64::from(max_player)),
                        ))
                    }
                },
            };
            Some((v, o.span()))
        }
    };
    Ok(Patch {
        index,
        hexes,
        terrain,
        height,
        platform,
        obstacle,
        difficult,
        ladder,
        start,
        objective,
    })
}

fn apply_patch(b: &mut Builder<'_>, p: &Patch, hex: Hex) -> Result<(), Fail> {
    let i = p.index;
    if let Some((h, span)) = &p.height {
        b.claim(hex, CellField::Height, i, span)?;
        if let Some(c) = b.cells.get_mut(&hex) {
            c.height = *h;
        }
    }
    if let Some((v, span)) = &p.platform {
        b.claim(hex, CellField::Platform, i, span)?;
        if let Some(c) = b.cells.get_mut(&hex) {
            c.platform = Some(*v);
        }
    }
    if let Some((v, span)) = &p.obstacle {
        b.claim(hex, CellField::Obstacle, i, span)?;
        if let Some(c) = b.cells.get_mut(&hex) {
            c.obstacle = Some(*v);
        }
    }
    if let Some((v, span)) = &p.difficult {
        b.claim(hex, CellField::Difficult, i, span)?;
        if let Some(c) = b.cells.get_mut(&hex) {
            c.difficult = *v;
        }
    }
    if let Some((raw, spec)) = &p.ladder {
        let span = raw.span();
        b.claim(hex, CellField::Ladder, i, &span)?;
        let dir = match spec {
            LadderSpec::Dir(d) => *d,
            LadderSpec::Towards(t) => hex.direction_to(*t).ok_or_else(|| {
                b.src.err(
                    &span,
                    format!("hex[{i}].ladder"),
                    HexMapProblem::BadLadder(format!("hex {t} is not next to the ladder at {hex}")),
                )
            })?,
        };
        if let Some(c) = b.cells.get_mut(&hex) {
            c.ladder = Some(dir);
        }
    }
    if let Some((v, span)) = &p.start {
        b.claim(hex, CellField::Start, i, span)?;
        if let Some(c) = b.cells.get_mut(&hex) {
            c.start_zone = *v;
        }
    }
    if let Some((v, span)) = &p.objective {
        b.claim(hex, CellField::Objective, i, span)?;
        if let Some(c) = b.cells.get_mut(&hex) {
            c.objective = *v;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(text: &str) -> (usize, String, HexMapProblem) {
        match HexMap::from_toml_str(text, "t.toml") {
            Ok(_) => panic!("accepted: {text}"),
            Err(e) => {
                let inv = e.invalid().cloned().expect("located error");
                (inv.line, inv.field, inv.problem)
            }
        }
    }

    #[test]
    fn minimal_grid() {
        let m = HexMap::from_toml_str("name = \"x\"\n[grid]\nrows = [\"g1 g2\", \" w0 .\"]\n", "t")
            .expect("valid");
        assert_eq!(m.len(), 3);
        assert_eq!(m.get(Hex::new(1, 0)).map(|c| c.height), Some(2));
        // Row 1 is shifted east (odd-r): its first cell is 0,1.
        assert_eq!(
            m.get(Hex::new(0, 1)).map(|c| c.terrain),
            Some(Terrain::Water)
        );
    }

    #[test]
    fn token_column_is_exact() {
        let err = HexMap::from_toml_str("name = \"x\"\n[grid]\nrows = [\"g1 zz\"]\n", "t")
            .err()
            .and_then(|e| e.invalid().cloned())
            .expect("error");
        assert_eq!((err.line, err.column), (3, 13));
        assert_eq!(err.field, "grid.rows");
    }

    #[test]
    fn toml_errors_name_the_field() {
        let (line, field, _) = problem("name = \"x\"\n[[hex]]\nat = \"0,0\"\nbogus = 1\n");
        assert_eq!((line, field.as_str()), (4, "hex[0].bogus"));
        let (line, field, _) = problem("name = \"x\"\n[grid]\nrows = []\nheight = \"3\"\n");
        assert_eq!((line, field.as_str()), (4, "grid.height"));
    }

    #[test]
    fn ranges_expand_inclusively() {
        let mut budget = MAX_LISTED;
        assert_eq!(expand_item("0..2,5", &mut budget).map(|v| v.len()), Ok(3));
        assert_eq!(
            expand_item("-1..0,-3..-2", &mut budget).map(|v| v.len()),
            Ok(4)
        );
        assert!(expand_item("2..0,5", &mut budget).is_err());
        assert!(expand_item("0..5000,0", &mut budget).is_err());
        assert!(expand_item("1,2,3", &mut budget).is_err());
    }
}
