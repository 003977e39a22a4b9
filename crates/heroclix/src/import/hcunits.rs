//! Importer for the hcunits JSON data set (`<root>/<set>/<set>.json`: a list of units).
//!
//! Each unit becomes a [`FigureDef`]: `unit_id` → id, `set_id` → set, `collector_number` →
//! number, `properties` holding `"unique"` → unique, `point_values` → points, `unit_range` and
//! `targets` (numbers written as strings) → range and targets, `*_type` → [`Symbols`],
//! `dimensions` → [`BaseSize`], `team_abilities`, `keywords`, `special_powers` and the `dial`
//! in `click_number` order.
//!
//! Only `type == "character"` units with a dial are imported; the others are listed in
//! [`ImportReport::skipped`] with the reason. A unit whose data cannot be read is listed in
//! [`ImportReport::rejected`] with the file, unit and field at fault, and the import goes on, so
//! that one bad unit does not cost the rest of the set.
//!
//! The published data has a few shapes the [`FigureDef`] model has no room for; the importer
//! reads them as follows and lists each case in [`ImportReport::adjustments`]:
//!
//! - `starting_line` is `true` or a colour. `true` and `"green"` (the colour of an ordinary
//!   starting line) mark starting lines; the other colours (orange battlefield-promotion lines,
//!   red, yellow and blue lines) are rules of the card text, not places to start, and are not
//!   read as starting lines.
//! - A dial with more starting lines than point values: the extra lines cost the last point
//!   value (the card text says how; such figures usually let you choose the line), so every
//!   starting line has a cost. More point values than lines are kept as printed.
//! - A blank combat value (`""`, the countdown clicks of some figures) reads as 0.
//! - Special power types other than `trait`, `speed`, `attack`, `defense` and `damage`
//!   (`costed_trait`, `rally_trait`, `epic`...) become traits, counted in
//!   [`ImportReport::folded_special_kinds`].
//!
//! The `patch.json` files beside each set file are the corrections the data's own tool already
//! applied when it wrote `<set>.json`; they are not read again. Fields the model does not hold
//! (`rarity`, `real_name`, `improved_movement`, `passengers`, `alt_click_number`...) are
//! ignored.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use serde_json::{Map, Value};

use crate::content::{ids, parse_base};
use crate::figure::{
    BaseSize, Click, DialPower, DialSymbol, FigureDef, SpecialKind, SpecialPower, Stat, Symbols,
};

/// A problem with the data, naming the file, and the unit and field when there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    /// The file (or the name the caller gave the text).
    pub file: String,
    /// The unit's `unit_id` (or `#N`, its position in the list, when it has none).
    pub unit: Option<String>,
    /// The field at fault, such as `dial[3].attack_value`.
    pub field: Option<String>,
    /// What is wrong.
    pub problem: String,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(u) = &self.unit {
            write!(f, ": unit `{u}`")?;
        }
        if let Some(field) = &self.field {
            write!(f, ": field `{field}`")?;
        }
        write!(f, ": {}", self.problem)
    }
}

impl std::error::Error for ImportError {}

/// Why a unit was left out on purpose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SkipReason {
    /// Not a character (a bystander, map, object, equipment, card...): the `type` given.
    NotCharacter(String),
    /// A character without a dial.
    NoDial,
}

impl fmt::Display for SkipReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SkipReason::NotCharacter(t) => write!(f, "type `{t}` is not a character"),
            SkipReason::NoDial => f.write_str("character without a dial"),
        }
    }
}

/// A place where the data did not fit the model and was read as the module documentation says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Adjustment {
    /// Fewer point values than starting lines: the extra lines cost the last value.
    PaddedPoints {
        /// Point values printed.
        points: usize,
        /// Starting lines on the dial.
        lines: usize,
    },
    /// More point values than starting lines: kept as printed, explained by the card.
    ExtraPoints {
        /// Point values printed.
        points: usize,
        /// Starting lines on the dial.
        lines: usize,
    },
    /// A coloured line that is not read as a starting line.
    ColouredLine {
        /// The click it is printed before (its `click_number`).
        click: i64,
        /// The colour.
        colour: String,
    },
    /// A blank combat value read as 0.
    BlankValue {
        /// The click (its `click_number`).
        click: i64,
        /// The column.
        stat: Stat,
    },
    /// `special` on the dial but no card entry of that column.
    SpecialWithoutText(Stat),
}

impl fmt::Display for Adjustment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Adjustment::PaddedPoints { points, lines } => write!(
                f,
                "{points} point value(s) for {lines} starting lines: the extra lines cost the last"
            ),
            Adjustment::ExtraPoints { points, lines } => write!(
                f,
                "{points} point values for {lines} starting line(s): kept, see the card"
            ),
            Adjustment::ColouredLine { click, colour } => write!(
                f,
                "{colour} line before click {click} is not read as a starting line"
            ),
            Adjustment::BlankValue { click, stat } => {
                write!(f, "blank {stat:?} value on click {click} read as 0")
            }
            Adjustment::SpecialWithoutText(stat) => {
                write!(f, "special {stat:?} power on the dial without card text")
            }
        }
    }
}

/// What an import produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportReport {
    /// Set files read.
    pub files: usize,
    /// Units seen (imported, skipped and rejected).
    pub units: usize,
    /// The imported figures, in file then list order.
    pub figures: Vec<FigureDef>,
    /// Units left out on purpose: `unit_id` and why.
    pub skipped: Vec<(String, SkipReason)>,
    /// Units whose data could not be read.
    pub rejected: Vec<ImportError>,
    /// Power marks on imported dials that are not standard powers, with how many dial cells
    /// show each.
    pub unknown_powers: BTreeMap<String, usize>,
    /// Special power types read as traits, with how many card entries had each (`(none)` for
    /// entries without a type).
    pub folded_special_kinds: BTreeMap<String, usize>,
    /// Where the data was read by one of the documented rules: `unit_id` and what was done.
    pub adjustments: Vec<(String, Adjustment)>,
}

impl ImportReport {
    /// Adds another import's results after this one's.
    pub fn merge(&mut self, other: ImportReport) {
        self.files += other.files;
        self.units += other.units;
        self.figures.extend(other.figures);
        self.skipped.extend(other.skipped);
        self.rejected.extend(other.rejected);
        for (k, v) in other.unknown_powers {
            *self.unknown_powers.entry(k).or_insert(0) += v;
        }
        for (k, v) in other.folded_special_kinds {
            *self.folded_special_kinds.entry(k).or_insert(0) += v;
        }
        self.adjustments.extend(other.adjustments);
    }

    /// Special powers of the imported figures that run (their text only lets the character use
    /// standard powers), and how many there are in all.
    pub fn special_powers_run(&self) -> (usize, usize) {
        let all = self.figures.iter().flat_map(|f| &f.special_powers);
        let total = all.clone().count();
        (all.filter(|s| s.runs()).count(), total)
    }

    /// How many units were skipped for each reason (`no dial`, or the unit type).
    pub fn skipped_by_reason(&self) -> BTreeMap<String, usize> {
        let mut out = BTreeMap::new();
        for (_, r) in &self.skipped {
            let key = match r {
                SkipReason::NotCharacter(t) => t.clone(),
                SkipReason::NoDial => "character without dial".to_string(),
            };
            *out.entry(key).or_insert(0) += 1;
        }
        out
    }
}

/// Imports every set of an hcunits folder: each subfolder `<set>` holding `<set>.json`, in
/// name order, or the one set of a set's own folder (`<set>/<set>.json`). A subfolder without
/// its set file is an error, and so is a folder with no set at all.
pub fn import_dir(dir: impl AsRef<Path>) -> Result<ImportReport, ImportError> {
    let dir = dir.as_ref();
    if let Some(name) = dir.file_name().and_then(|n| n.to_str()) {
        let own = dir.join(format!("{name}.json"));
        if own.is_file() {
            return import_set_file(&own);
        }
    }
    let io_err = |path: &Path, e: std::io::Error| ImportError {
        file: path.display().to_string(),
        unit: None,
        field: None,
        problem: format!("cannot read: {e}"),
    };
    let mut sets = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| io_err(dir, e))? {
        let path = entry.map_err(|e| io_err(dir, e))?.path();
        if path.is_dir() {
            sets.push(path);
        }
    }
    sets.sort();
    if sets.is_empty() {
        return Err(ImportError {
            file: dir.display().to_string(),
            unit: None,
            field: None,
            problem: "no hcunits set here: expected sub-folders <set>/<set>.json, a set's \
                      own folder, or a set file"
                .to_string(),
        });
    }
    let mut report = ImportReport::default();
    for set_dir in sets {
        let Some(name) = set_dir.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let file = set_dir.join(format!("{name}.json"));
        if !file.is_file() {
            return Err(ImportError {
                file: file.display().to_string(),
                unit: None,
                field: None,
                problem: "set folder without its set file".to_string(),
            });
        }
        report.merge(import_set_file(&file)?);
    }
    Ok(report)
}

/// Imports one set file.
pub fn import_set_file(path: impl AsRef<Path>) -> Result<ImportReport, ImportError> {
    let path = path.as_ref();
    let text = std::fs::read_to_string(path).map_err(|e| ImportError {
        file: path.display().to_string(),
        unit: None,
        field: None,
        problem: format!("cannot read: {e}"),
    })?;
    import_units_json(&text, &path.display().to_string())
}

/// Imports a list of units from JSON text; `origin` names it in errors. Fails only when the
/// text is not a JSON list; problems of single units land in [`ImportReport::rejected`].
pub fn import_units_json(text: &str, origin: &str) -> Result<ImportReport, ImportError> {
    let value: Value = serde_json::from_str(text).map_err(|e| ImportError {
        file: origin.to_string(),
        unit: None,
        field: None,
        problem: format!("not JSON: {e}"),
    })?;
    let Value::Array(units) = value else {
        return Err(ImportError {
            file: origin.to_string(),
            unit: None,
            field: None,
            problem: "expected a list of units".to_string(),
        });
    };
    let mut report = ImportReport {
        files: 1,
        ..ImportReport::default()
    };
    for (i, unit) in units.iter().enumerate() {
        report.units += 1;
        let mut u = UnitReader {
            origin,
            unit: format!("#{i}"),
            adjustments: Vec::new(),
            folded: Vec::new(),
        };
        match u.read(unit) {
            Ok(Outcome::Figure(fig)) => {
                for c in &fig.dial {
                    for p in c.powers.iter().flatten() {
                        if let DialPower::Unknown(s) = p {
                            *report.unknown_powers.entry(s.clone()).or_insert(0) += 1;
                        }
                    }
                }
                for k in u.folded {
                    *report.folded_special_kinds.entry(k).or_insert(0) += 1;
                }
                report
                    .adjustments
                    .extend(u.adjustments.into_iter().map(|a| (fig.id.clone(), a)));
                report.figures.push(*fig);
            }
            Ok(Outcome::Skip(reason)) => report.skipped.push((u.unit, reason)),
            Err(e) => report.rejected.push(e),
        }
    }
    Ok(report)
}

enum Outcome {
    Figure(Box<FigureDef>),
    Skip(SkipReason),
}

/// Reads one unit, naming it in errors.
struct UnitReader<'a> {
    origin: &'a str,
    unit: String,
    adjustments: Vec<Adjustment>,
    folded: Vec<String>,
}

impl UnitReader<'_> {
    fn err(&self, field: impl Into<String>, problem: impl Into<String>) -> ImportError {
        ImportError {
            file: self.origin.to_string(),
            unit: Some(self.unit.clone()),
            field: Some(field.into()),
            problem: problem.into(),
        }
    }

    fn string(&self, obj: &Map<String, Value>, field: &str) -> Result<String, ImportError> {
        match obj.get(field) {
            Some(Value::String(s)) => Ok(s.clone()),
            Some(other) => Err(self.err(field, format!("expected text, found {other}"))),
            None => Err(self.err(field, "missing")),
        }
    }

    /// A number written as a JSON number or as text.
    fn number(&self, v: &Value, field: &str) -> Result<i64, ImportError> {
        match v {
            Value::Number(n) => n
                .as_i64()
                .ok_or_else(|| self.err(field, format!("`{n}` is not a whole number"))),
            Value::String(s) => s
                .trim()
                .parse::<i64>()
                .map_err(|_| self.err(field, format!("`{s}` is not a number"))),
            other => Err(self.err(field, format!("expected a number, found {other}"))),
        }
    }

    fn small(&self, v: &Value, field: &str) -> Result<u8, ImportError> {
        let n = self.number(v, field)?;
        u8::try_from(n).map_err(|_| self.err(field, format!("{n} is out of range 0 to 255")))
    }

    fn string_list(
        &self,
        obj: &Map<String, Value>,
        field: &str,
    ) -> Result<Vec<String>, ImportError> {
        let v = match obj.get(field) {
            None | Some(Value::Null) => return Ok(Vec::new()),
            Some(v) => v,
        };
        // A few units hold the list as JSON text (`"[]"`).
        let parsed;
        let v = match v {
            Value::String(s) => {
                parsed = serde_json::from_str::<Value>(s)
                    .map_err(|_| self.err(field, format!("expected a list, found text `{s}`")))?;
                &parsed
            }
            v => v,
        };
        let Value::Array(items) = v else {
            return Err(self.err(field, format!("expected a list, found {v}")));
        };
        items
            .iter()
            .enumerate()
            .map(|(i, x)| match x {
                Value::String(s) => Ok(s.clone()),
                other => Err(self.err(
                    format!("{field}[{i}]"),
                    format!("expected text, found {other}"),
                )),
            })
            .collect()
    }

    fn symbol<T: Copy>(
        &self,
        obj: &Map<String, Value>,
        field: &str,
        table: &[(&str, T)],
    ) -> Result<T, ImportError> {
        let s = self.string(obj, field)?;
        ids::find(table, &s).ok_or_else(|| {
            self.err(
                field,
                format!(
                    "unknown symbol `{s}`: expected one of {}",
                    ids::names(table).join(", ")
                ),
            )
        })
    }

    fn read(&mut self, unit: &Value) -> Result<Outcome, ImportError> {
        let Value::Object(obj) = unit else {
            return Err(ImportError {
                file: self.origin.to_string(),
                unit: Some(self.unit.clone()),
                field: None,
                problem: format!("expected a unit object, found {unit}"),
            });
        };
        self.unit = self.string(obj, "unit_id")?;
        let kind = self.string(obj, "type")?;
        if kind != "character" {
            return Ok(Outcome::Skip(SkipReason::NotCharacter(kind)));
        }
        let raw_dial = match obj.get("dial") {
            None | Some(Value::Null) => return Ok(Outcome::Skip(SkipReason::NoDial)),
            Some(Value::Array(d)) if d.is_empty() => return Ok(Outcome::Skip(SkipReason::NoDial)),
            Some(Value::Array(d)) => d,
            Some(other) => return Err(self.err("dial", format!("expected a list, found {other}"))),
        };

        let name = self.string(obj, "name")?;
        let set = self.string(obj, "set_id")?;
        let number = self.string(obj, "collector_number")?;
        let unique = self
            .string_list(obj, "properties")?
            .iter()
            .any(|p| p == "unique");
        let mut points = Vec::new();
        match obj.get("point_values") {
            Some(Value::Array(list)) => {
                for (i, p) in list.iter().enumerate() {
                    let field = format!("point_values[{i}]");
                    let n = self.number(p, &field)?;
                    points.push(
                        u32::try_from(n)
                            .map_err(|_| self.err(field, format!("{n} is not a point value")))?,
                    );
                }
            }
            Some(other) => {
                return Err(self.err("point_values", format!("expected a list, found {other}")))
            }
            None => return Err(self.err("point_values", "missing")),
        }
        if points.is_empty() {
            return Err(self.err("point_values", "no point value"));
        }
        let range = match obj.get("unit_range") {
            Some(v) => self.small(v, "unit_range")?,
            None => return Err(self.err("unit_range", "missing")),
        };
        let targets = match obj.get("targets") {
            Some(v) => self.small(v, "targets")?,
            None => return Err(self.err("targets", "missing")),
        };
        let symbols = Symbols {
            speed: self.symbol(obj, "speed_type", ids::SPEED)?,
            attack: self.symbol(obj, "attack_type", ids::ATTACK)?,
            defense: self.symbol(obj, "defense_type", ids::DEFENSE)?,
            damage: self.symbol(obj, "damage_type", ids::DAMAGE)?,
        };
        let base = match obj.get("dimensions") {
            None | Some(Value::Null) => BaseSize::default(),
            Some(Value::String(s)) => parse_base(s).ok_or_else(|| {
                self.err(
                    "dimensions",
                    format!("`{s}` is not a base size such as 1x1"),
                )
            })?,
            Some(other) => {
                return Err(self.err("dimensions", format!("expected text, found {other}")))
            }
        };
        let team_abilities = self.string_list(obj, "team_abilities")?;
        let keywords = self.string_list(obj, "keywords")?;
        let special_powers = self.special_powers(obj, &name)?;
        let dial = self.dial(raw_dial, &special_powers)?;

        let lines = dial.iter().filter(|c| c.starting_line).count().max(1);
        if points.len() < lines {
            self.adjustments.push(Adjustment::PaddedPoints {
                points: points.len(),
                lines,
            });
            let last = points.last().copied().unwrap_or(0);
            points.resize(lines, last);
        } else if points.len() > lines {
            self.adjustments.push(Adjustment::ExtraPoints {
                points: points.len(),
                lines,
            });
        }
        Ok(Outcome::Figure(Box::new(FigureDef {
            id: self.unit.clone(),
            name,
            set,
            number,
            unique,
            points,
            range,
            targets,
            symbols,
            base,
            team_abilities,
            keywords,
            special_powers,
            dial,
            bystander: false,
            enemy_ring: None,
        })))
    }

    fn special_powers(
        &mut self,
        obj: &Map<String, Value>,
        unit: &str,
    ) -> Result<Vec<SpecialPower>, ImportError> {
        let list = match obj.get("special_powers") {
            None | Some(Value::Null) => return Ok(Vec::new()),
            Some(Value::Array(l)) => l,
            Some(other) => {
                return Err(self.err("special_powers", format!("expected a list, found {other}")))
            }
        };
        let mut out = Vec::new();
        for (i, sp) in list.iter().enumerate() {
            let field = format!("special_powers[{i}]");
            let Value::Object(sp) = sp else {
                return Err(self.err(field, format!("expected an object, found {sp}")));
            };
            let text_of = |key: &str| -> Result<String, ImportError> {
                match sp.get(key) {
                    None | Some(Value::Null) => Ok(String::new()),
                    Some(Value::String(s)) => Ok(s.clone()),
                    Some(other) => Err(self.err(
                        format!("{field}.{key}"),
                        format!("expected text, found {other}"),
                    )),
                }
            };
            let kind_text = match sp.get("type") {
                None | Some(Value::Null) => None,
                Some(Value::String(s)) => Some(s.clone()),
                Some(other) => {
                    return Err(self.err(
                        format!("{field}.type"),
                        format!("expected text, found {other}"),
                    ))
                }
            };
            let name = text_of("name")?;
            let text = text_of("description")?;
            let kind = match kind_text
                .as_deref()
                .and_then(|k| ids::find(ids::SPECIAL_KINDS, k))
            {
                Some(k) => k,
                None => {
                    self.folded
                        .push(kind_text.unwrap_or_else(|| "(none)".to_string()));
                    SpecialKind::Trait
                }
            };
            // Card text that only lets the character use standard powers runs as those powers
            // (the card language's `uses`); any other text stays text.
            let effects = crate::card_effect::read_can_use(&text, unit)
                .unwrap_or_default()
                .into_iter()
                .map(|ability| crate::card_effect::CardEffect {
                    change: crate::card_effect::Change::Uses { ability },
                    who: Default::default(),
                    keyword: None,
                    when: Default::default(),
                    continual: false,
                })
                .collect();
            out.push(SpecialPower {
                kind,
                name,
                text,
                effects,
                not_expressed: None,
            });
        }
        Ok(out)
    }

    fn dial(
        &mut self,
        raw: &[Value],
        specials: &[SpecialPower],
    ) -> Result<Vec<Click>, ImportError> {
        let mut clicks: Vec<(i64, Click)> = Vec::with_capacity(raw.len());
        for (i, c) in raw.iter().enumerate() {
            let field = format!("dial[{i}]");
            let Value::Object(c) = c else {
                return Err(self.err(field, format!("expected a click object, found {c}")));
            };
            let number = match c.get("click_number") {
                Some(v) => self.number(v, &format!("{field}.click_number"))?,
                None => return Err(self.err(format!("{field}.click_number"), "missing")),
            };
            let mut values = [0u8; 4];
            let mut powers: [Option<DialPower>; 4] = [None, None, None, None];
            for (k, stat) in Stat::ALL.into_iter().enumerate() {
                let col = stat_name(stat);
                let vfield = format!("{field}.{col}_value");
                values[k] = match c.get(&format!("{col}_value")) {
                    Some(Value::String(s)) if s.trim().is_empty() => {
                        self.adjustments.push(Adjustment::BlankValue {
                            click: number,
                            stat,
                        });
                        0
                    }
                    Some(Value::String(s)) if DialSymbol::from_id(s.trim()).is_some() => {
                        return Err(self.err(
                            vfield,
                            format!(
                                "`{s}` is a dial symbol (HorrorClix's hourglass): a HeroClix dial \
                                 needs a number for its {} value",
                                stat.name(skirmish_lang::Lang::En)
                            ),
                        ))
                    }
                    Some(v) => self.small(v, &vfield)?,
                    None => return Err(self.err(vfield, "missing")),
                };
                let pfield = format!("{col}_power");
                powers[k] = match c.get(&pfield) {
                    None | Some(Value::Null) => None,
                    Some(Value::String(s)) if s.is_empty() => None,
                    Some(Value::String(s)) => Some(DialPower::from_id(s)),
                    Some(other) => {
                        return Err(self.err(
                            format!("{field}.{pfield}"),
                            format!("expected a power id, found {other}"),
                        ))
                    }
                };
                if powers[k] == Some(DialPower::Special)
                    && !specials
                        .iter()
                        .any(|s| ids::special_column(s.kind) == Some(stat))
                {
                    let adj = Adjustment::SpecialWithoutText(stat);
                    if !self.adjustments.contains(&adj) {
                        self.adjustments.push(adj);
                    }
                }
            }
            let starting_line = match c.get("starting_line") {
                None | Some(Value::Null) | Some(Value::Bool(false)) => false,
                Some(Value::Bool(true)) => true,
                Some(Value::String(colour)) if colour == "green" => true,
                Some(Value::String(colour)) => {
                    self.adjustments.push(Adjustment::ColouredLine {
                        click: number,
                        colour: colour.clone(),
                    });
                    false
                }
                Some(other) => {
                    return Err(self.err(
                        format!("{field}.starting_line"),
                        format!("expected true or a colour, found {other}"),
                    ))
                }
            };
            clicks.push((
                number,
                Click {
                    speed: values[0].into(),
                    attack: values[1].into(),
                    defense: values[2].into(),
                    damage: values[3].into(),
                    powers,
                    starting_line,
                },
            ));
        }
        clicks.sort_by_key(|(n, _)| *n);
        Ok(clicks.into_iter().map(|(_, c)| c).collect())
    }
}

fn stat_name(s: Stat) -> &'static str {
    match s {
        Stat::Speed => "speed",
        Stat::Attack => "attack",
        Stat::Defense => "defense",
        Stat::Damage => "damage",
    }
}
