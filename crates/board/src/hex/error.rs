//! Errors of the hex map file format.

use std::fmt;

use super::{Hex, MapIssueKind};

/// Why a hex map file was refused.
#[derive(Debug, thiserror::Error)]
pub enum HexMapError {
    /// The file could not be read.
    #[error("{path}: cannot read the hex map: {source}")]
    Io {
        /// The path given.
        path: String,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// The file was read but says something wrong; where and what is inside.
    #[error("{0}")]
    Invalid(Box<InvalidHexMap>),
}

impl HexMapError {
    /// The location details, unless the file could not be read at all.
    pub fn invalid(&self) -> Option<&InvalidHexMap> {
        match self {
            HexMapError::Invalid(e) => Some(e),
            HexMapError::Io { .. } => None,
        }
    }

    /// 1-based line of the offending text.
    pub fn line(&self) -> Option<usize> {
        self.invalid().map(|e| e.line)
    }

    /// The field at fault, as a path like `hex[2].ladder` or `grid.rows`.
    pub fn field(&self) -> Option<&str> {
        self.invalid().map(|e| e.field.as_str())
    }

    /// What is wrong.
    pub fn problem(&self) -> Option<&HexMapProblem> {
        self.invalid().map(|e| &e.problem)
    }
}

/// A located problem in a hex map file: printed as `file:line:column: field: problem`, the shape
/// editors and terminals turn into a link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidHexMap {
    /// The name the caller gave the text (usually its path).
    pub origin: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The field at fault, as a path like `hex[2].ladder` or `grid.rows` (0-based index among the
    /// `[[hex]]` entries).
    pub field: String,
    /// What is wrong.
    pub problem: HexMapProblem,
}

impl fmt::Display for InvalidHexMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: `{}`: {}",
            self.origin, self.line, self.column, self.field, self.problem
        )
    }
}

/// What is wrong in a hex map file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HexMapProblem {
    /// Not TOML, a value of the wrong type, an unknown key or a missing one (the TOML reader's
    /// own message).
    #[error("{0}")]
    Toml(String),
    /// A `format` this version does not read.
    #[error("format {0} is not supported (this version reads format 1)")]
    UnsupportedFormat(i64),
    /// The map has no name.
    #[error("the map needs a name")]
    EmptyName,
    /// A number outside what the field accepts.
    #[error("{value} is out of range: expected {min} to {max}")]
    OutOfRange {
        /// The number written.
        value: i64,
        /// Smallest accepted.
        min: i64,
        /// Largest accepted.
        max: i64,
    },
    /// A hex or range written wrongly, or too far out.
    #[error("`{0}` is not a hex or a range: write `q,r`, `q1..q2,r`, `q,r1..r2` or `q1..q2,r1..r2` (ranges include both ends)")]
    BadCoordinate(String),
    /// The map or a range is bigger than a board can be.
    #[error("{0}")]
    TooLarge(String),
    /// A terrain name (or grid letter) that is neither built in nor declared.
    #[error("unknown terrain `{0}` (built-in names are in docs/hex-maps.md; declare others in `custom_terrains`)")]
    UnknownTerrain(String),
    /// A legend key that is not a single ASCII letter.
    #[error("legend keys must be single ASCII letters, not `{0}`")]
    BadLegendKey(String),
    /// A custom terrain name that is empty, built in or declared twice.
    #[error("custom terrain `{name}` {reason}")]
    BadCustomTerrain {
        /// The name.
        name: String,
        /// Why it is refused.
        reason: &'static str,
    },
    /// A row shift other than `odd` or `even`.
    #[error("`{0}` is not a row shift: use \"odd\" or \"even\"")]
    BadRowShift(String),
    /// A grid cell that is not `.` nor a legend letter followed by an optional height.
    #[error("`{0}` is not a grid cell: write `.` for no hex, or a legend letter and an optional height such as `g3`")]
    BadToken(String),
    /// The same hex twice in one `at` list.
    #[error("hex {0} is listed twice")]
    DuplicateHex(Hex),
    /// Two `[[hex]]` entries set the same field of the same hex.
    #[error("hex {hex} already has this field set by the entry at line {line}")]
    AlreadySet {
        /// The hex.
        hex: Hex,
        /// Line of the earlier entry's field.
        line: usize,
    },
    /// A `[[hex]]` entry touches a hex that does not exist and does not create it.
    #[error("hex {0} is not on the map (give `terrain` to add it)")]
    NotOnMap(Hex),
    /// A ladder written wrongly or pointing at a hex that is not a neighbour.
    #[error("{0}")]
    BadLadder(String),
    /// An obstacle kind other than `low`/`high`.
    #[error("`{0}` is not an obstacle: use \"low\" or \"high\"")]
    BadObstacle(String),
    /// A modifier written without the field it modifies.
    #[error("`{0}` needs `{1}` in the same entry")]
    Needs(&'static str, &'static str),
    /// The file describes no hex at all.
    #[error("the map has no hex: add `[grid]` rows or `[[hex]]` entries with a terrain")]
    NoHexes,
    /// A whole-map rule broken at a hex (see [`crate::hex::HexMap::validate`]).
    #[error("hex {hex}: {kind}")]
    Map {
        /// Where.
        hex: Hex,
        /// What.
        kind: MapIssueKind,
    },
}
