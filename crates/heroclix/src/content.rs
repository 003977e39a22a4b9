//! Figures as hand-written TOML: the reader, its checks and the writer.
//!
//! One file holds any number of figures, each a `[[figure]]` table. The dial is written one
//! click per line, so a figure reads like the printed dial:
//!
//! ```toml
//! [[figure]]
//! id = "sk001"                 # stable identifier, unique across the content folder
//! name = "Rook Maddox"
//! set = "sk"                   # set (expansion) code
//! number = "001"               # collector number
//! unique = false               # silver ring (optional, default false)
//! points = [55]                # one value per starting line, in dial order
//! range = 0                    # squares (optional, default 0)
//! targets = 1                  # lightning bolts (optional, default 1)
//! symbols = { speed = "boot", attack = "fist", defense = "shield", damage = "starburst" }
//! base = "1x1"                 # optional, default 1x1
//! team_abilities = []          # optional
//! keywords = ["Brawler"]       # optional
//! enemy_ring = "red"           # a hereditary-enemy base's ring colour (optional; FAQ 2002)
//! dial = [
//!   #   spd atk def dmg | speed   attack          defense    damage
//!   "> 8   10  16  3   | charge  super_strength  toughness  .",
//!   "  8   10  16  3   | charge  super_strength  toughness  .",
//!   "  7   9   15  2   | .       special         .          .",
//! ]
//!
//! [[figure.special]]           # traits and special powers of the card
//! kind = "attack"              # trait, speed, attack, defense or damage
//! name = "IRON GRIP"
//! text = "Rook can use Incapacitate..."
//! ```
//!
//! A click is `[>] speed attack defense damage [| p1 p2 p3 p4]`: `>` marks a starting line
//! printed before the click; the four powers follow `|` in the same column order, each a
//! standard power id ([`Power::id`]), `special` (explained by a `[[figure.special]]` of that
//! column), `other:NAME` for a mark the engine does not know, or `.` / `-` for none. Without
//! any `>`, the first click is the only starting line. The KO click follows the last line.
//!
//! Every problem is reported, not just the first, each with file, line, column and field.
//! `special` on the dial without a card entry of that column is an error rather than a
//! warning: the engine could not tell a player what the power does.

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::figure::{
    AttackSymbol, BaseSize, Click, DamageSymbol, DefenseSymbol, DialPower, DialSymbol, FigureDef,
    Power, SpecialKind, SpecialPower, SpeedSymbol, Stat, Symbols,
};

/// Highest speed, attack or defence value a click may print.
pub const MAX_COMBAT_VALUE: u8 = 30;
/// Highest damage value a click may print.
pub const MAX_DAMAGE_VALUE: u8 = 10;
/// Highest range value.
pub const MAX_RANGE: u8 = 20;
/// Most lightning bolts a figure may have.
pub const MAX_TARGETS: u8 = 3;
/// Largest side of a base, in squares.
pub const MAX_BASE_SIDE: u8 = 8;
/// Highest point value of one starting line; guards sums against overflow.
pub const MAX_POINTS: i64 = 100_000;

/// Why figure content (or a team file) was refused.
#[derive(Debug)]
pub enum ContentError {
    /// A file or folder could not be read.
    Io {
        /// The path given.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The text was read but says something wrong: every problem found, in file order.
    Invalid(Vec<ContentIssue>),
}

impl ContentError {
    /// The located problems (empty when the file could not be read at all).
    pub fn issues(&self) -> &[ContentIssue] {
        match self {
            ContentError::Invalid(v) => v,
            ContentError::Io { .. } => &[],
        }
    }
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ContentError::Io { path, source } => write!(f, "{path}: cannot read: {source}"),
            ContentError::Invalid(issues) => {
                for (i, issue) in issues.iter().enumerate() {
                    if i > 0 {
                        writeln!(f)?;
                    }
                    write!(f, "{issue}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for ContentError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ContentError::Io { source, .. } => Some(source),
            ContentError::Invalid(_) => None,
        }
    }
}

/// One located problem, printed `file:line:column: field (figure id): problem` so that editors
/// and terminals turn it into a link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentIssue {
    /// The name the caller gave the text (usually its path).
    pub origin: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// Identifier of the figure concerned, when it is known.
    pub figure: Option<String>,
    /// The field at fault, as a path like `figure[2].dial[3].attack` (0-based indices).
    pub field: String,
    /// What is wrong.
    pub problem: ContentProblem,
}

impl fmt::Display for ContentIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: `{}`",
            self.origin, self.line, self.column, self.field
        )?;
        if let Some(id) = &self.figure {
            write!(f, " (figure `{id}`)")?;
        }
        write!(f, ": {}", self.problem)
    }
}

/// What is wrong in a content file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ContentProblem {
    /// Not TOML, a value of the wrong type, an unknown or missing key (the TOML reader's words).
    Toml(String),
    /// A text field that must not be empty, or an identifier with spaces.
    BadText(String),
    /// A number outside what the field accepts.
    OutOfRange {
        /// The number written.
        value: i64,
        /// Smallest accepted.
        min: i64,
        /// Largest accepted.
        max: i64,
    },
    /// The dial has no click.
    EmptyDial,
    /// A click line that does not follow `[>] spd atk def dmg [| p1 p2 p3 p4]`.
    BadClick(String),
    /// The number of point values differs from the number of starting lines.
    PointsMismatch {
        /// Point values written.
        points: usize,
        /// Starting lines on the dial.
        lines: usize,
    },
    /// A power id that is not a standard power.
    UnknownPower {
        /// The id written.
        id: String,
        /// Known ids that look alike.
        close: Vec<String>,
    },
    /// A standard power written in another column than its own.
    WrongColumn {
        /// The power.
        power: Power,
        /// The column it was written in.
        written: Stat,
    },
    /// `special` on the dial with no card entry of that column.
    SpecialWithoutCard(Stat),
    /// A symbol, special power kind or base that is not one of the known values.
    UnknownValue {
        /// The value written.
        value: String,
        /// What is accepted.
        known: Vec<String>,
    },
    /// The same figure id twice.
    DuplicateId {
        /// The id.
        id: String,
        /// Where it was first defined (`file:line`).
        first: String,
    },
}

fn stat_id(s: Stat) -> &'static str {
    match s {
        Stat::Speed => "speed",
        Stat::Attack => "attack",
        Stat::Defense => "defense",
        Stat::Damage => "damage",
    }
}

impl fmt::Display for ContentProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ContentProblem::Toml(m) => f.write_str(m),
            ContentProblem::BadText(m) => f.write_str(m),
            ContentProblem::OutOfRange { value, min, max } => {
                write!(f, "{value} is out of range: expected {min} to {max}")
            }
            ContentProblem::EmptyDial => f.write_str("the dial has no click: write at least one"),
            ContentProblem::BadClick(m) => write!(
                f,
                "{m} (a click is `[>] speed attack defense damage | p1 p2 p3 p4`)"
            ),
            ContentProblem::PointsMismatch { points, lines } => write!(
                f,
                "{points} point value(s) for {lines} starting line(s): give one point value per \
                 starting line (`>` on the dial; the first click if none), in dial order"
            ),
            ContentProblem::UnknownPower { id, close } => {
                write!(f, "unknown power `{id}`")?;
                if close.is_empty() {
                    write!(
                        f,
                        " (write a standard power id, `special`, `other:NAME` or `.`)"
                    )
                } else {
                    write!(f, "; did you mean {}?", quoted_list(close))
                }
            }
            ContentProblem::WrongColumn { power, written } => write!(
                f,
                "`{}` is a {} power, written in the {} column",
                power.id(),
                stat_id(power.column()),
                stat_id(*written)
            ),
            ContentProblem::SpecialWithoutCard(stat) => write!(
                f,
                "`special` in the {0} column needs a `[[figure.special]]` with kind = \"{0}\"",
                stat_id(*stat)
            ),
            ContentProblem::UnknownValue { value, known } => {
                write!(
                    f,
                    "unknown value `{value}`: expected one of {}",
                    quoted_list(known)
                )
            }
            ContentProblem::DuplicateId { id, first } => {
                write!(f, "figure id `{id}` is already used at {first}")
            }
        }
    }
}

fn quoted_list(items: &[String]) -> String {
    items
        .iter()
        .map(|s| format!("`{s}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Identifiers of the combat symbols and card kinds, as the data files write them.
pub(crate) mod ids {
    use super::*;

    pub(crate) const SPEED: &[(&str, SpeedSymbol)] = &[
        ("boot", SpeedSymbol::Boot),
        ("wing", SpeedSymbol::Wing),
        ("dolphin", SpeedSymbol::Dolphin),
        ("transport_boot", SpeedSymbol::TransportBoot),
        ("transport_wing", SpeedSymbol::TransportWing),
        ("transport_dolphin", SpeedSymbol::TransportDolphin),
    ];
    pub(crate) const ATTACK: &[(&str, AttackSymbol)] = &[
        ("fist", AttackSymbol::Fist),
        ("duo", AttackSymbol::Duo),
        ("sharpshooter", AttackSymbol::Sharpshooter),
        ("autonomous", AttackSymbol::Autonomous),
        ("team", AttackSymbol::Team),
    ];
    pub(crate) const DEFENSE: &[(&str, DefenseSymbol)] = &[
        ("shield", DefenseSymbol::Shield),
        ("indomitable", DefenseSymbol::Indomitable),
        ("vehicle", DefenseSymbol::Vehicle),
    ];
    pub(crate) const DAMAGE: &[(&str, DamageSymbol)] = &[
        ("starburst", DamageSymbol::Starburst),
        ("giant", DamageSymbol::Giant),
        ("colossal", DamageSymbol::Colossal),
        ("tiny", DamageSymbol::Tiny),
    ];
    pub(crate) const SPECIAL_KINDS: &[(&str, SpecialKind)] = &[
        ("trait", SpecialKind::Trait),
        ("speed", SpecialKind::Speed),
        ("attack", SpecialKind::Attack),
        ("defense", SpecialKind::Defense),
        ("damage", SpecialKind::Damage),
    ];

    pub(crate) fn find<T: Copy>(table: &[(&str, T)], id: &str) -> Option<T> {
        table.iter().find(|(k, _)| *k == id).map(|(_, v)| *v)
    }

    pub(crate) fn name_of<T: Copy + PartialEq>(table: &[(&'static str, T)], v: T) -> &'static str {
        table.iter().find(|(_, x)| *x == v).map_or("", |(k, _)| *k)
    }

    pub(crate) fn names<T>(table: &[(&str, T)]) -> Vec<String> {
        table.iter().map(|(k, _)| k.to_string()).collect()
    }

    pub(crate) fn special_column(kind: SpecialKind) -> Option<Stat> {
        match kind {
            SpecialKind::Trait => None,
            SpecialKind::Speed => Some(Stat::Speed),
            SpecialKind::Attack => Some(Stat::Attack),
            SpecialKind::Defense => Some(Stat::Defense),
            SpecialKind::Damage => Some(Stat::Damage),
        }
    }
}

/// Reads `"WxD"` (`1x1`, `1x2`, `2x2`...) into a base size.
pub fn parse_base(text: &str) -> Option<BaseSize> {
    let (w, d) = text.trim().split_once(['x', 'X'])?;
    let width: u8 = w.trim().parse().ok()?;
    let depth: u8 = d.trim().parse().ok()?;
    if width == 0 || depth == 0 || width > MAX_BASE_SIDE || depth > MAX_BASE_SIDE {
        return None;
    }
    Some(BaseSize { width, depth })
}

/// Up to five of `candidates` that look like `word` (small edit distance, or one contains the
/// other), closest first; used to suggest what a typo meant.
pub fn close_matches<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let w = word.to_lowercase();
    let wlen = w.chars().count();
    let limit = (wlen / 3).max(1);
    let mut scored: Vec<(usize, &str)> = Vec::new();
    for c in candidates {
        let cl = c.to_lowercase();
        let d = edit_distance(&w, &cl);
        let contains = wlen >= 3 && (cl.contains(&w) || (cl.len() >= 3 && w.contains(&cl)));
        if d <= limit || contains {
            scored.push((if contains { d.min(1) } else { d }, c));
        }
    }
    scored.sort();
    scored.dedup_by(|a, b| a.1 == b.1);
    scored
        .into_iter()
        .take(5)
        .map(|(_, c)| c.to_string())
        .collect()
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

// ---------------------------------------------------------------------------------------------
// Locating text

/// Turns byte offsets into lines and columns and names the key written at an offset.
pub(crate) struct Source<'a> {
    pub(crate) text: &'a str,
    pub(crate) origin: &'a str,
}

impl Source<'_> {
    pub(crate) fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut off = offset.min(self.text.len());
        while !self.text.is_char_boundary(off) {
            off -= 1;
        }
        let before = &self.text[..off];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        (line, column)
    }

    /// A best guess at the field written at `offset`, for the TOML reader's own errors: the key
    /// on that line, inside the last `[[table]]` header before it.
    pub(crate) fn field_at(&self, offset: usize) -> String {
        let mut off = offset.min(self.text.len());
        while !self.text.is_char_boundary(off) {
            off -= 1;
        }
        let before = &self.text[..off];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let line_end = self.text[off..]
            .find('\n')
            .map_or(self.text.len(), |i| off + i);
        let line = &self.text[line_start..line_end];
        let mut table = String::new();
        // Array-of-tables entries counted within their parent: `figure[1].special[0]`.
        let mut counts: HashMap<String, usize> = HashMap::new();
        let mut paths: HashMap<String, String> = HashMap::new();
        // Headers up to and including the offending line: a table's own errors point at it.
        for l in self.text[..line_end].lines() {
            let t = l.trim();
            if let Some(name) = t.strip_prefix("[[").and_then(|r| r.split("]]").next()) {
                let name = name.trim().to_string();
                let (parent, last) = match name.rsplit_once('.') {
                    Some((p, l)) => (paths.get(p).cloned().unwrap_or_else(|| p.to_string()), l),
                    None => (String::new(), name.as_str()),
                };
                let base = if parent.is_empty() {
                    last.to_string()
                } else {
                    format!("{parent}.{last}")
                };
                let n = counts.entry(base.clone()).or_insert(0);
                table = format!("{base}[{n}]");
                *n += 1;
                paths.insert(name, table.clone());
            } else if let Some(name) = t.strip_prefix('[').and_then(|r| r.split(']').next()) {
                table = name.trim().to_string();
            }
        }
        let trimmed = line.trim_start();
        let key = trimmed
            .split_once('=')
            .map(|(k, _)| k.trim())
            .filter(|k| {
                !k.is_empty()
                    && k.chars()
                        .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '"'))
            })
            .map(|k| k.trim_matches('"').to_string());
        match (table.is_empty(), key) {
            (true, Some(k)) => k,
            (false, Some(k)) => format!("{table}.{k}"),
            (false, None) => table,
            (true, None) => String::new(),
        }
    }

    pub(crate) fn issue(
        &self,
        span: &Range<usize>,
        figure: Option<&str>,
        field: impl Into<String>,
        problem: ContentProblem,
    ) -> ContentIssue {
        self.issue_at(span.start, figure, field, problem)
    }

    pub(crate) fn issue_at(
        &self,
        offset: usize,
        figure: Option<&str>,
        field: impl Into<String>,
        problem: ContentProblem,
    ) -> ContentIssue {
        let (line, column) = self.line_col(offset);
        ContentIssue {
            origin: self.origin.to_string(),
            line,
            column,
            figure: figure.map(str::to_string),
            field: field.into(),
            problem,
        }
    }

    /// The TOML reader's error as an issue.
    pub(crate) fn toml_issue(&self, e: &toml::de::Error) -> ContentIssue {
        let offset = e.span().map_or(0, |s| s.start);
        let field = self.field_at(offset);
        self.issue_at(
            offset,
            None,
            field,
            ContentProblem::Toml(e.message().trim().to_string()),
        )
    }

    /// Where the characters of a string value start (after its opening quotes).
    fn string_body_start(&self, span: &Range<usize>) -> usize {
        let rest = self.text.get(span.start..).unwrap_or("");
        if rest.starts_with("\"\"\"") || rest.starts_with("'''") {
            span.start + 3
        } else {
            span.start + 1
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Raw shapes

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    figure: Vec<Spanned<RawFigure>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFigure {
    id: Spanned<String>,
    name: Spanned<String>,
    set: Spanned<String>,
    number: Spanned<String>,
    #[serde(default)]
    unique: bool,
    points: Spanned<Vec<Spanned<i64>>>,
    range: Option<Spanned<i64>>,
    targets: Option<Spanned<i64>>,
    symbols: Option<RawSymbols>,
    base: Option<Spanned<String>>,
    #[serde(default)]
    team_abilities: Vec<Spanned<String>>,
    #[serde(default)]
    keywords: Vec<Spanned<String>>,
    dial: Spanned<Vec<Spanned<String>>>,
    #[serde(default)]
    special: Vec<Spanned<RawSpecial>>,
    #[serde(default)]
    bystander: Option<Spanned<bool>>,
    enemy_ring: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSymbols {
    speed: Option<Spanned<String>>,
    attack: Option<Spanned<String>>,
    defense: Option<Spanned<String>>,
    damage: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpecial {
    kind: Spanned<String>,
    name: Spanned<String>,
    text: Spanned<String>,
    #[serde(default)]
    effects: Vec<Spanned<crate::card_effect::RawEffect>>,
    not_expressed: Option<String>,
}

// ---------------------------------------------------------------------------------------------
// Reading

/// A figure read from a file, with where its id was written (for duplicate reports).
struct Located {
    figure: FigureDef,
    at: String,
}

/// Reads every figure of one TOML text; `origin` names the text in errors (usually its path).
pub fn figures_from_toml_str(text: &str, origin: &str) -> Result<Vec<FigureDef>, ContentError> {
    let mut issues = Vec::new();
    let located = read_located(text, origin, &mut issues);
    if issues.is_empty() {
        Ok(located.into_iter().map(|l| l.figure).collect())
    } else {
        Err(ContentError::Invalid(issues))
    }
}

/// Reads every figure of one TOML file.
pub fn load_figures(path: impl AsRef<Path>) -> Result<Vec<FigureDef>, ContentError> {
    let path = path.as_ref();
    let text = read_text(path)?;
    figures_from_toml_str(&text, &path.display().to_string())
}

/// Reads every `*.toml` file directly inside `dir` (not its subfolders, where team files
/// live), in file name order, and refuses a figure id defined twice across them.
pub fn load_figure_folder(dir: impl AsRef<Path>) -> Result<Vec<FigureDef>, ContentError> {
    let dir = dir.as_ref();
    let entries = std::fs::read_dir(dir).map_err(|source| ContentError::Io {
        path: dir.display().to_string(),
        source,
    })?;
    let mut files: Vec<PathBuf> = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|source| ContentError::Io {
            path: dir.display().to_string(),
            source,
        })?;
        let path = entry.path();
        if path.is_file() && path.extension().is_some_and(|e| e == "toml") {
            files.push(path);
        }
    }
    files.sort();
    let mut issues = Vec::new();
    let mut figures = Vec::new();
    let mut seen: HashMap<String, String> = HashMap::new();
    for file in files {
        let text = read_text(&file)?;
        let origin = file.display().to_string();
        let mut file_issues = Vec::new();
        let located = read_located(&text, &origin, &mut file_issues);
        issues.extend(file_issues);
        for l in located {
            if let Some(first) = seen.get(&l.figure.id) {
                let (file_part, line, col) = split_at(&l.at);
                issues.push(ContentIssue {
                    origin: file_part,
                    line,
                    column: col,
                    figure: Some(l.figure.id.clone()),
                    field: "id".to_string(),
                    problem: ContentProblem::DuplicateId {
                        id: l.figure.id.clone(),
                        first: first.clone(),
                    },
                });
            } else {
                seen.insert(l.figure.id.clone(), l.at.clone());
                figures.push(l.figure);
            }
        }
    }
    if issues.is_empty() {
        Ok(figures)
    } else {
        Err(ContentError::Invalid(issues))
    }
}

/// Splits `file:line:col` (the file may itself hold colons) back into its parts.
fn split_at(at: &str) -> (String, usize, usize) {
    let mut parts = at.rsplitn(3, ':');
    let col = parts.next().and_then(|c| c.parse().ok()).unwrap_or(1);
    let line = parts.next().and_then(|l| l.parse().ok()).unwrap_or(1);
    let file = parts.next().unwrap_or("").to_string();
    (file, line, col)
}

pub(crate) fn read_text(path: &Path) -> Result<String, ContentError> {
    std::fs::read_to_string(path).map_err(|source| ContentError::Io {
        path: path.display().to_string(),
        source,
    })
}

fn read_located(text: &str, origin: &str, issues: &mut Vec<ContentIssue>) -> Vec<Located> {
    let src = Source { text, origin };
    let raw: RawFile = match toml::from_str(text) {
        Ok(r) => r,
        Err(e) => {
            issues.push(src.toml_issue(&e));
            return Vec::new();
        }
    };
    let mut out: Vec<Located> = Vec::new();
    let mut seen: HashMap<String, String> = HashMap::new();
    for (index, fig) in raw.figure.into_iter().enumerate() {
        let fig = fig.into_inner();
        let id_span = fig.id.span();
        let (line, col) = src.line_col(id_span.start);
        let at = format!("{origin}:{line}:{col}");
        let before = issues.len();
        let Some(figure) = check_figure(&src, index, fig, issues) else {
            continue;
        };
        if let Some(first) = seen.get(&figure.id) {
            issues.push(src.issue(
                &id_span,
                Some(&figure.id),
                format!("figure[{index}].id"),
                ContentProblem::DuplicateId {
                    id: figure.id.clone(),
                    first: first.clone(),
                },
            ));
            continue;
        }
        seen.insert(figure.id.clone(), at.clone());
        if issues.len() == before {
            out.push(Located { figure, at });
        }
    }
    out
}

fn ranged(
    src: &Source<'_>,
    v: &Spanned<i64>,
    min: i64,
    max: i64,
    figure: &str,
    field: String,
    issues: &mut Vec<ContentIssue>,
) -> Option<i64> {
    let value = *v.get_ref();
    if value < min || value > max {
        issues.push(src.issue(
            &v.span(),
            Some(figure),
            field,
            ContentProblem::OutOfRange { value, min, max },
        ));
        None
    } else {
        Some(value)
    }
}

fn symbol<T: Copy>(
    src: &Source<'_>,
    v: &Option<Spanned<String>>,
    table: &[(&str, T)],
    default: T,
    figure: &str,
    field: String,
    issues: &mut Vec<ContentIssue>,
) -> T {
    match v {
        None => default,
        Some(s) => match ids::find(table, s.get_ref().trim()) {
            Some(x) => x,
            None => {
                issues.push(src.issue(
                    &s.span(),
                    Some(figure),
                    field,
                    ContentProblem::UnknownValue {
                        value: s.get_ref().clone(),
                        known: ids::names(table),
                    },
                ));
                default
            }
        },
    }
}

/// Checks one raw figure; `None` when it is too broken to build (issues say why). A figure
/// built while issues were pushed is still dropped by the caller.
fn check_figure(
    src: &Source<'_>,
    index: usize,
    raw: RawFigure,
    issues: &mut Vec<ContentIssue>,
) -> Option<FigureDef> {
    let f = format!("figure[{index}]");
    let id = raw.id.get_ref().trim().to_string();
    let fid = id.as_str();
    if id.is_empty() || id.chars().any(char::is_whitespace) {
        issues.push(src.issue(
            &raw.id.span(),
            None,
            format!("{f}.id"),
            ContentProblem::BadText(format!(
                "figure id `{}` must be non-empty and without spaces",
                raw.id.get_ref()
            )),
        ));
    }
    if raw.name.get_ref().trim().is_empty() {
        issues.push(src.issue(
            &raw.name.span(),
            Some(fid),
            format!("{f}.name"),
            ContentProblem::BadText("the name must not be empty".to_string()),
        ));
    }

    let mut points = Vec::new();
    for (i, p) in raw.points.get_ref().iter().enumerate() {
        if let Some(v) = ranged(
            src,
            p,
            0,
            MAX_POINTS,
            fid,
            format!("{f}.points[{i}]"),
            issues,
        ) {
            points.push(v as u32);
        }
    }
    let range = match &raw.range {
        Some(r) => ranged(
            src,
            r,
            0,
            i64::from(MAX_RANGE),
            fid,
            format!("{f}.range"),
            issues,
        )
        .unwrap_or(0) as u8,
        None => 0,
    };
    let targets = match &raw.targets {
        Some(t) => ranged(
            src,
            t,
            1,
            i64::from(MAX_TARGETS),
            fid,
            format!("{f}.targets"),
            issues,
        )
        .unwrap_or(1) as u8,
        None => 1,
    };
    let symbols = match &raw.symbols {
        None => Symbols::default(),
        Some(s) => Symbols {
            speed: symbol(
                src,
                &s.speed,
                ids::SPEED,
                SpeedSymbol::Boot,
                fid,
                format!("{f}.symbols.speed"),
                issues,
            ),
            attack: symbol(
                src,
                &s.attack,
                ids::ATTACK,
                AttackSymbol::Fist,
                fid,
                format!("{f}.symbols.attack"),
                issues,
            ),
            defense: symbol(
                src,
                &s.defense,
                ids::DEFENSE,
                DefenseSymbol::Shield,
                fid,
                format!("{f}.symbols.defense"),
                issues,
            ),
            damage: symbol(
                src,
                &s.damage,
                ids::DAMAGE,
                DamageSymbol::Starburst,
                fid,
                format!("{f}.symbols.damage"),
                issues,
            ),
        },
    };
    let base = match &raw.base {
        None => BaseSize::default(),
        Some(b) => parse_base(b.get_ref()).unwrap_or_else(|| {
            issues.push(src.issue(
                &b.span(),
                Some(fid),
                format!("{f}.base"),
                ContentProblem::UnknownValue {
                    value: b.get_ref().clone(),
                    known: vec![format!(
                        "WxD with sides 1 to {MAX_BASE_SIDE}, such as 1x1, 1x2 or 2x2"
                    )],
                },
            ));
            BaseSize::default()
        }),
    };
    let mut team_abilities = Vec::new();
    for (i, t) in raw.team_abilities.iter().enumerate() {
        let v = t.get_ref().trim();
        if v.is_empty() || v.chars().any(char::is_whitespace) {
            issues.push(src.issue(
                &t.span(),
                Some(fid),
                format!("{f}.team_abilities[{i}]"),
                ContentProblem::BadText(format!(
                    "team ability `{}` must be an identifier without spaces, such as `wardens`",
                    t.get_ref()
                )),
            ));
        } else {
            team_abilities.push(v.to_string());
        }
    }
    let mut keywords = Vec::new();
    for (i, k) in raw.keywords.iter().enumerate() {
        if k.get_ref().trim().is_empty() {
            issues.push(src.issue(
                &k.span(),
                Some(fid),
                format!("{f}.keywords[{i}]"),
                ContentProblem::BadText("a keyword must not be empty".to_string()),
            ));
        } else {
            keywords.push(k.get_ref().trim().to_string());
        }
    }
    let mut special_powers = Vec::new();
    for (i, sp) in raw.special.iter().enumerate() {
        let sp = sp.get_ref();
        let kind = match ids::find(ids::SPECIAL_KINDS, sp.kind.get_ref().trim()) {
            Some(k) => k,
            None => {
                issues.push(src.issue(
                    &sp.kind.span(),
                    Some(fid),
                    format!("{f}.special[{i}].kind"),
                    ContentProblem::UnknownValue {
                        value: sp.kind.get_ref().clone(),
                        known: ids::names(ids::SPECIAL_KINDS),
                    },
                ));
                continue;
            }
        };
        if sp.name.get_ref().trim().is_empty() {
            issues.push(src.issue(
                &sp.name.span(),
                Some(fid),
                format!("{f}.special[{i}].name"),
                ContentProblem::BadText("a special power needs a name".to_string()),
            ));
        }
        let effects = crate::card_effect::read_effects(
            src,
            &sp.effects,
            Some(fid),
            &format!("{f}.special[{i}].effects"),
            issues,
        );
        special_powers.push(SpecialPower {
            kind,
            name: sp.name.get_ref().clone(),
            text: sp.text.get_ref().clone(),
            effects,
            not_expressed: sp.not_expressed.clone().filter(|t| !t.trim().is_empty()),
        });
    }

    let mut dial = Vec::new();
    if raw.dial.get_ref().is_empty() {
        issues.push(src.issue(
            &raw.dial.span(),
            Some(fid),
            format!("{f}.dial"),
            ContentProblem::EmptyDial,
        ));
    }
    for (i, line) in raw.dial.get_ref().iter().enumerate() {
        let field = format!("{f}.dial[{i}]");
        if let Some(click) = parse_click(src, line, fid, &field, &special_powers, issues) {
            dial.push(click);
        }
    }

    let figure = FigureDef {
        id: id.clone(),
        name: raw.name.get_ref().clone(),
        set: raw.set.get_ref().clone(),
        number: raw.number.get_ref().clone(),
        unique: raw.unique,
        points,
        range,
        targets,
        symbols,
        base,
        team_abilities,
        keywords,
        special_powers,
        dial,
        bystander: raw.bystander.as_ref().is_some_and(|b| *b.get_ref()),
        enemy_ring: raw
            .enemy_ring
            .as_ref()
            .map(|r| r.get_ref().trim().to_lowercase()),
    };
    if let Some(r) = &raw.enemy_ring {
        let colour = r.get_ref().trim().to_lowercase();
        // The FAQ defines the hereditary-enemy base by its ring "of a colour other than black":
        // a black ring is every ordinary base, written by leaving the field out.
        if colour.is_empty() || colour == "black" || colour == "noir" {
            issues.push(src.issue(
                &r.span(),
                Some(fid),
                format!("{f}.enemy_ring"),
                ContentProblem::BadText(format!(
                    "a hereditary-enemy ring has a colour other than black (got \"{}\"); an ordinary base has no `enemy_ring`",
                    r.get_ref()
                )),
            ));
        }
    }
    if let Some(b) = &raw.bystander {
        if *b.get_ref() && raw.dial.get_ref().len() != 1 {
            issues.push(src.issue(
                &b.span(),
                Some(fid),
                format!("{f}.bystander"),
                ContentProblem::BadText(format!(
                    "a bystander token has no combat dial: write exactly one click (this one has {})",
                    raw.dial.get_ref().len()
                )),
            ));
        }
    }
    if figure.dial.len() == raw.dial.get_ref().len() && !figure.dial.is_empty() {
        let lines = figure.starting_lines().len();
        if raw.points.get_ref().len() != lines {
            issues.push(src.issue(
                &raw.points.span(),
                Some(fid),
                format!("{f}.points"),
                ContentProblem::PointsMismatch {
                    points: raw.points.get_ref().len(),
                    lines,
                },
            ));
        }
    }
    Some(figure)
}

/// Reads one click line; pushes an issue for each wrong token.
fn parse_click(
    src: &Source<'_>,
    line: &Spanned<String>,
    figure: &str,
    field: &str,
    specials: &[SpecialPower],
    issues: &mut Vec<ContentIssue>,
) -> Option<Click> {
    let span = line.span();
    let body = src.string_body_start(&span);
    let text = line.get_ref();
    // Tokens with their byte offsets inside the string.
    let mut tokens: Vec<(usize, &str)> = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        let sep = c.is_whitespace() || c == '|' || c == '>';
        if sep {
            if let Some(s) = start.take() {
                tokens.push((s, &text[s..i]));
            }
            if c == '|' || c == '>' {
                tokens.push((i, &text[i..i + 1]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        tokens.push((s, &text[s..]));
    }
    let at = |off: usize| body + off;
    let before = issues.len();
    let mut starting_line = false;
    let mut rest = &tokens[..];
    if let Some(((_, ">"), tail)) = rest.split_first() {
        starting_line = true;
        rest = tail;
    }
    let bar = rest.iter().position(|(_, t)| *t == "|");
    let (values, powers) = match bar {
        Some(b) => (&rest[..b], Some(&rest[b + 1..])),
        None => (rest, None),
    };
    if let Some((off, _)) = values
        .iter()
        .chain(powers.unwrap_or(&[]).iter())
        .find(|(_, t)| *t == ">")
    {
        issues.push(src.issue_at(
            at(*off),
            Some(figure),
            field,
            ContentProblem::BadClick("`>` (starting line) may only open the line".to_string()),
        ));
        return None;
    }
    if values.len() != 4 {
        issues.push(src.issue_at(
            at(values.first().map_or(0, |(o, _)| *o)),
            Some(figure),
            field,
            ContentProblem::BadClick(format!(
                "expected 4 values (speed attack defense damage), found {}",
                values.len()
            )),
        ));
        return None;
    }
    let mut nums = [0u8; 4];
    for (k, (off, tok)) in values.iter().enumerate() {
        let stat = Stat::ALL[k];
        let max = if stat == Stat::Damage {
            MAX_DAMAGE_VALUE
        } else {
            MAX_COMBAT_VALUE
        };
        let sub = format!("{field}.{}", stat_id(stat));
        match tok.parse::<i64>() {
            Ok(v) if (0..=i64::from(max)).contains(&v) => nums[k] = v as u8,
            Ok(v) => issues.push(src.issue_at(
                at(*off),
                Some(figure),
                sub,
                ContentProblem::OutOfRange {
                    value: v,
                    min: 0,
                    max: i64::from(max),
                },
            )),
            Err(_) => {
                let problem = match DialSymbol::from_id(tok) {
                    // A HorrorClix dial may print a symbol in place of a number; HeroClix has none.
                    Some(symbol) => format!(
                        "`{tok}` is a dial symbol (HorrorClix's {}), not a number: a HeroClix \
                         dial needs a number for its {} value",
                        symbol.name(skirmish_lang::Lang::En),
                        stat_id(stat)
                    ),
                    None => format!("`{tok}` is not a {} value", stat_id(stat)),
                };
                issues.push(src.issue_at(
                    at(*off),
                    Some(figure),
                    sub,
                    ContentProblem::BadClick(problem),
                ))
            }
        }
    }
    let mut out_powers: [Option<DialPower>; 4] = [None, None, None, None];
    if let Some(powers) = powers {
        if powers.len() != 4 {
            issues.push(src.issue_at(
                at(powers.first().map_or(text.len(), |(o, _)| *o)),
                Some(figure),
                field,
                ContentProblem::BadClick(format!(
                    "expected 4 powers after `|` (use `.` for none), found {}",
                    powers.len()
                )),
            ));
            return None;
        }
        for (k, (off, tok)) in powers.iter().enumerate() {
            let stat = Stat::ALL[k];
            let sub = format!("{field}.{}_power", stat_id(stat));
            let p = match *tok {
                "." | "-" => None,
                "special" => {
                    let on_card = specials
                        .iter()
                        .any(|s| ids::special_column(s.kind) == Some(stat));
                    if !on_card {
                        issues.push(src.issue_at(
                            at(*off),
                            Some(figure),
                            sub,
                            ContentProblem::SpecialWithoutCard(stat),
                        ));
                    }
                    Some(DialPower::Special)
                }
                t => {
                    if let Some(name) = t.strip_prefix("other:") {
                        if name.is_empty() {
                            issues.push(src.issue_at(
                                at(*off),
                                Some(figure),
                                sub,
                                ContentProblem::BadClick("`other:` needs a name".to_string()),
                            ));
                            None
                        } else {
                            Some(DialPower::Unknown(name.to_string()))
                        }
                    } else if let Some(power) = Power::from_id(t) {
                        if power.column() != stat {
                            issues.push(src.issue_at(
                                at(*off),
                                Some(figure),
                                sub,
                                ContentProblem::WrongColumn {
                                    power,
                                    written: stat,
                                },
                            ));
                        }
                        Some(DialPower::Standard(power))
                    } else {
                        let known = Power::ALL.iter().map(|p| p.id()).chain(["special"]);
                        issues.push(src.issue_at(
                            at(*off),
                            Some(figure),
                            sub,
                            ContentProblem::UnknownPower {
                                id: t.to_string(),
                                close: close_matches(t, known),
                            },
                        ));
                        None
                    }
                }
            };
            out_powers[k] = p;
        }
    }
    if issues.len() != before {
        return None;
    }
    Some(Click {
        speed: nums[0].into(),
        attack: nums[1].into(),
        defense: nums[2].into(),
        damage: nums[3].into(),
        powers: out_powers,
        starting_line,
    })
}

// ---------------------------------------------------------------------------------------------
// Writing

/// A TOML string literal for `s`, escaped so that the reader gives `s` back.
pub(crate) fn toml_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{:04X}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

pub(crate) fn toml_string_list(items: &[String]) -> String {
    let inner: Vec<String> = items.iter().map(|s| toml_string(s)).collect();
    format!("[{}]", inner.join(", "))
}

fn power_token(p: &Option<DialPower>) -> String {
    match p {
        None => ".".to_string(),
        Some(DialPower::Standard(p)) => p.id().to_string(),
        Some(DialPower::Special) => "special".to_string(),
        Some(DialPower::Unknown(s)) => format!("other:{s}"),
    }
}

/// Writes figures in the format [`figures_from_toml_str`] reads, dial columns aligned.
///
/// Figures the reader accepts come back equal. Figures it would refuse (an imported figure
/// with more point values than starting lines, an `other:` mark holding spaces) are written
/// all the same, and the reader then says what is wrong.
pub fn figures_to_toml(figures: &[FigureDef]) -> String {
    let mut out = String::new();
    for (i, fig) in figures.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        write_figure(&mut out, fig);
    }
    out
}

fn write_figure(out: &mut String, fig: &FigureDef) {
    use std::fmt::Write as _;
    let _ = writeln!(out, "[[figure]]");
    let _ = writeln!(out, "id = {}", toml_string(&fig.id));
    let _ = writeln!(out, "name = {}", toml_string(&fig.name));
    let _ = writeln!(out, "set = {}", toml_string(&fig.set));
    let _ = writeln!(out, "number = {}", toml_string(&fig.number));
    if fig.unique {
        let _ = writeln!(out, "unique = true");
    }
    if fig.bystander {
        let _ = writeln!(out, "bystander = true");
    }
    if let Some(r) = &fig.enemy_ring {
        let _ = writeln!(out, "enemy_ring = {}", toml_string(r));
    }
    let pts: Vec<String> = fig.points.iter().map(u32::to_string).collect();
    let _ = writeln!(out, "points = [{}]", pts.join(", "));
    let _ = writeln!(out, "range = {}", fig.range);
    let _ = writeln!(out, "targets = {}", fig.targets);
    if fig.symbols != Symbols::default() {
        let _ = writeln!(
            out,
            "symbols = {{ speed = \"{}\", attack = \"{}\", defense = \"{}\", damage = \"{}\" }}",
            ids::name_of(ids::SPEED, fig.symbols.speed),
            ids::name_of(ids::ATTACK, fig.symbols.attack),
            ids::name_of(ids::DEFENSE, fig.symbols.defense),
            ids::name_of(ids::DAMAGE, fig.symbols.damage),
        );
    }
    if fig.base != BaseSize::default() {
        let _ = writeln!(out, "base = \"{}\"", fig.base);
    }
    if !fig.team_abilities.is_empty() {
        let _ = writeln!(
            out,
            "team_abilities = {}",
            toml_string_list(&fig.team_abilities)
        );
    }
    if !fig.keywords.is_empty() {
        let _ = writeln!(out, "keywords = {}", toml_string_list(&fig.keywords));
    }
    // Columns: marker, 4 values, 4 powers; widths from the header and every click.
    let header_vals = ["spd", "atk", "def", "dmg"];
    let header_pows = ["speed", "attack", "defense", "damage"];
    let rows: Vec<([String; 4], [String; 4], bool)> = fig
        .dial
        .iter()
        .map(|c| {
            (
                [
                    c.speed.to_string(),
                    c.attack.to_string(),
                    c.defense.to_string(),
                    c.damage.to_string(),
                ],
                [
                    power_token(&c.powers[0]),
                    power_token(&c.powers[1]),
                    power_token(&c.powers[2]),
                    power_token(&c.powers[3]),
                ],
                c.starting_line,
            )
        })
        .collect();
    let mut wv = header_vals.map(str::len);
    let mut wp = header_pows.map(str::len);
    for (v, p, _) in &rows {
        for k in 0..4 {
            wv[k] = wv[k].max(v[k].len());
            wp[k] = wp[k].max(p[k].len());
        }
    }
    let fmt_row = |marker: &str, v: [&str; 4], p: [&str; 4]| -> String {
        let mut s = format!("{marker} ");
        for k in 0..4 {
            s.push_str(&format!("{:<w$} ", v[k], w = wv[k]));
        }
        s.push('|');
        for k in 0..4 {
            s.push_str(&format!(" {:<w$} ", p[k], w = wp[k]));
        }
        s.trim_end().to_string()
    };
    let _ = writeln!(out, "dial = [");
    // The comment's `#` stands where each click's opening quote does, so the columns align.
    let _ = writeln!(out, "  #{}", fmt_row(" ", header_vals, header_pows));
    for (v, p, start) in &rows {
        let row = fmt_row(
            if *start { ">" } else { " " },
            [&v[0], &v[1], &v[2], &v[3]],
            [&p[0], &p[1], &p[2], &p[3]],
        );
        let _ = writeln!(out, "  {},", toml_string(&row));
    }
    let _ = writeln!(out, "]");
    for sp in &fig.special_powers {
        let _ = writeln!(out);
        let _ = writeln!(out, "[[figure.special]]");
        let _ = writeln!(
            out,
            "kind = \"{}\"",
            ids::name_of(ids::SPECIAL_KINDS, sp.kind)
        );
        let _ = writeln!(out, "name = {}", toml_string(&sp.name));
        let _ = writeln!(out, "text = {}", toml_string(&sp.text));
        if !sp.effects.is_empty() {
            let _ = writeln!(
                out,
                "effects = {}",
                crate::card_effect::effects_to_toml(&sp.effects)
            );
        }
        if let Some(n) = &sp.not_expressed {
            let _ = writeln!(out, "not_expressed = {}", toml_string(n));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Catalogue

/// Figures looked up by id: the content a team is built from.
#[derive(Clone, Debug, Default)]
pub struct Catalogue {
    figures: Vec<FigureDef>,
    by_id: HashMap<String, usize>,
    tactics: std::sync::Arc<crate::tactics::Tactics>,
}

impl Catalogue {
    /// A catalogue of these figures. Should an id repeat (the loaders refuse that), the first
    /// figure with it wins.
    pub fn new(figures: Vec<FigureDef>) -> Catalogue {
        let mut by_id = HashMap::with_capacity(figures.len());
        for (i, f) in figures.iter().enumerate() {
            by_id.entry(f.id.clone()).or_insert(i);
        }
        Catalogue {
            figures,
            by_id,
            tactics: std::sync::Arc::new(crate::tactics::Tactics::builtin()),
        }
    }

    /// The same figures with these tactics cards instead of the built-in ones.
    pub fn with_tactics(mut self, tactics: crate::tactics::Tactics) -> Catalogue {
        self.tactics = std::sync::Arc::new(tactics);
        self
    }

    /// The tactics cards (feats, battlefield conditions, special objects) teams may use.
    pub fn tactics(&self) -> &crate::tactics::Tactics {
        &self.tactics
    }

    /// The figure with this id.
    pub fn get(&self, id: &str) -> Option<&FigureDef> {
        self.by_id.get(id).and_then(|&i| self.figures.get(i))
    }

    /// Every figure, in the order given.
    pub fn figures(&self) -> &[FigureDef] {
        &self.figures
    }

    /// Number of figures.
    pub fn len(&self) -> usize {
        self.figures.len()
    }

    /// No figure at all.
    pub fn is_empty(&self) -> bool {
        self.figures.is_empty()
    }

    /// Ids that look like `id`, closest first, to suggest what a typo meant.
    pub fn close_ids(&self, id: &str) -> Vec<String> {
        close_matches(id, self.figures.iter().map(|f| f.id.as_str()))
    }
}

impl FromIterator<FigureDef> for Catalogue {
    fn from_iter<I: IntoIterator<Item = FigureDef>>(iter: I) -> Self {
        Catalogue::new(iter.into_iter().collect())
    }
}
