//! Writing hex map files, so that maps edited or imported in code can be saved and read back.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use super::read::HEX_MAP_FORMAT;
use super::{Hex, HexCell, HexMap, Objective, RowShift, Terrain};

/// A TOML basic string.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The `[[hex]]` lines for each feature set on a cell, keyed by a fixed field order: one entry
/// per field and value keeps files close to how people write them (a zone, a wall, a platform),
/// and since entries never set the same field twice the reader accepts them in any order.
fn feature_lines(c: &HexCell) -> Vec<(u8, String)> {
    let mut out = Vec::new();
    let players: Vec<String> = c.start_zone.iter().map(|p| p.to_string()).collect();
    match players.len() {
        0 => {}
        1 => out.push((0, format!("start = {}\n", players[0]))),
        _ => out.push((0, format!("start = [{}]\n", players.join(", ")))),
    }
    if let Some(o) = c.obstacle {
        let mut l = format!("obstacle = {}\n", quote(o.kind.name()));
        if o.height != 0 {
            let _ = writeln!(l, "obstacle_height = {}", o.height);
        }
        out.push((1, l));
    }
    if let Some(p) = c.platform {
        let mut l = format!("platform = {}\n", p.level);
        if p.underside != p.level {
            let _ = writeln!(l, "platform_underside = {}", p.underside);
        }
        out.push((2, l));
    }
    if let Some(d) = c.ladder {
        out.push((3, format!("ladder = {}\n", quote(d.name()))));
    }
    if c.difficult {
        out.push((4, "difficult = true\n".to_string()));
    }
    match c.objective {
        None => {}
        Some(Objective::Neutral) => out.push((5, "objective = true\n".to_string())),
        Some(Objective::Player(p)) => out.push((5, format!("objective = {p}\n"))),
    }
    out
}

/// `at` items for a row-major sorted list of hexes: runs along a row become `q1..q2,r`.
fn ranges(hexes: &[Hex]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(first) = hexes.get(i).copied() {
        let mut last = first;
        let mut j = i + 1;
        while let Some(next) = hexes.get(j).copied() {
            if next.r == last.r && i64::from(next.q) == i64::from(last.q) + 1 {
                last = next;
                j += 1;
            } else {
                break;
            }
        }
        if last == first {
            out.push(format!("{},{}", first.q, first.r));
        } else {
            out.push(format!("{}..{},{}", first.q, last.q, first.r));
        }
        i = j;
    }
    out
}

fn write_at(out: &mut String, hexes: &[Hex]) {
    let items: Vec<String> = ranges(hexes).iter().map(|s| quote(s)).collect();
    if items.len() == 1 {
        let _ = writeln!(out, "at = {}", items[0]);
        return;
    }
    let inline = items.join(", ");
    if inline.len() <= 70 {
        let _ = writeln!(out, "at = [{inline}]");
        return;
    }
    out.push_str("at = [");
    for (k, chunk) in items.chunks(8).enumerate() {
        out.push_str(if k == 0 { "\n  " } else { ",\n  " });
        out.push_str(&chunk.join(", "));
    }
    out.push_str(",\n]\n");
}

impl HexMap {
    /// The map as a map file that [`HexMap::from_toml_str`] reads back to an equal map (for any
    /// map with a name, at least one hex and no [`HexMap::validate`] issue).
    ///
    /// Terrain and height go in `[grid]` rows (shifting the map's odd rows, as printed), every
    /// other feature in `[[hex]]` entries grouping hexes that share the same features.
    pub fn to_toml_string(&self) -> String {
        let mut out = String::new();
        out.push_str("# Skirmish hex map: see docs/hex-maps.md for the format.\n");
        let _ = writeln!(out, "format = {HEX_MAP_FORMAT}");
        let _ = writeln!(out, "name = {}", quote(self.name()));
        if let Some(p) = self.players() {
            let _ = writeln!(out, "players = {p}");
        }
        if !self.custom_terrains().is_empty() {
            let names: Vec<String> = self.custom_terrains().iter().map(|s| quote(s)).collect();
            let _ = writeln!(out, "custom_terrains = [{}]", names.join(", "));
        }

        // Letters: built-in terrains keep their usual letter, custom ones take their initial if
        // free, else any free letter. Terrains left without one are written as single entries.
        let used: BTreeSet<Terrain> = self.iter().map(|(_, c)| c.terrain).collect();
        let mut letters: BTreeMap<Terrain, char> = BTreeMap::new();
        let mut taken: BTreeSet<char> = BTreeSet::new();
        for t in &used {
            if let Some(c) = t.default_letter() {
                letters.insert(*t, c);
                taken.insert(c);
            }
        }
        let pool: Vec<char> = ('a'..='z').chain('A'..='Z').collect();
        for t in used.iter().filter(|t| t.default_letter().is_none()) {
            let initial = self
                .terrain_name(*t)
                .chars()
                .next()
                .filter(|c| c.is_ascii_alphabetic() && !taken.contains(c));
            let letter = initial.or_else(|| pool.iter().copied().find(|c| !taken.contains(c)));
            if let Some(c) = letter {
                letters.insert(*t, c);
                taken.insert(c);
            }
        }
        if !letters.is_empty() {
            out.push_str("\n[legend]\n");
            let mut by_letter: Vec<(char, Terrain)> =
                letters.iter().map(|(t, c)| (*c, *t)).collect();
            by_letter.sort_unstable();
            for (c, t) in by_letter {
                let _ = writeln!(out, "{c} = {}", quote(self.terrain_name(t)));
            }
        }

        let gridded: Vec<(Hex, &HexCell)> = self
            .iter()
            .filter(|(_, c)| letters.contains_key(&c.terrain))
            .collect();
        if let (Some(first), Some(last)) = (gridded.first(), gridded.last()) {
            let (r0, r1) = (first.0.r, last.0.r);
            // Shift the rows that are odd in absolute terms, so printed rows look alike in every
            // file whatever the map's first row.
            let shift = if r0.rem_euclid(2) == 0 {
                RowShift::Odd
            } else {
                RowShift::Even
            };
            let col = |h: Hex| i64::from(h.to_offset(RowShift::Odd).0);
            let c0 = gridded.iter().map(|(h, _)| col(*h)).min().unwrap_or(0);
            let origin = Hex::from_offset(c0 as i32, r0, RowShift::Odd);
            // One height everywhere (a flat board): say it once and write bare letters.
            let uniform = gridded
                .iter()
                .all(|(_, c)| c.height == first.1.height)
                .then_some(first.1.height);
            let tokens: BTreeMap<Hex, String> = gridded
                .iter()
                .map(|(h, c)| {
                    let letter = letters.get(&c.terrain).copied().unwrap_or('?');
                    let token = match uniform {
                        Some(_) => letter.to_string(),
                        None => format!("{letter}{}", c.height),
                    };
                    (*h, token)
                })
                .collect();
            let width = tokens.values().map(String::len).max().unwrap_or(1);
            out.push_str("\n[grid]\n");
            let _ = writeln!(out, "origin = {}", quote(&origin.to_string()));
            let _ = writeln!(out, "shift = {}", quote(shift.name()));
            if let Some(h) = uniform {
                let _ = writeln!(out, "height = {h}");
            }
            out.push_str("rows = [\n");
            for r in r0..=r1 {
                let y = i64::from(r) - i64::from(r0);
                let shifted = match shift {
                    RowShift::Odd => y % 2 == 1,
                    RowShift::Even => y % 2 == 0,
                };
                let row: Vec<(i64, &String)> = tokens
                    .range(Hex::new(i32::MIN, r)..=Hex::new(i32::MAX, r))
                    .map(|(h, t)| (col(*h) - c0, t))
                    .collect();
                let mut line = String::new();
                if shifted {
                    line.push_str(&" ".repeat(width.div_ceil(2)));
                }
                let mut x = 0i64;
                for (cx, token) in row {
                    while x < cx {
                        let _ = write!(line, "{:<width$} ", ".");
                        x += 1;
                    }
                    let _ = write!(line, "{token:<width$} ");
                    x += 1;
                }
                let _ = writeln!(out, "  {},", quote(line.trim_end()));
            }
            out.push_str("]\n");
        }

        for (hex, c) in self
            .iter()
            .filter(|(_, c)| !letters.contains_key(&c.terrain))
        {
            out.push_str("\n[[hex]]\n");
            write_at(&mut out, &[hex]);
            let _ = writeln!(out, "terrain = {}", quote(self.terrain_name(c.terrain)));
            let _ = writeln!(out, "height = {}", c.height);
        }

        let mut entries: BTreeMap<(u8, String), Vec<Hex>> = BTreeMap::new();
        for (hex, c) in self.iter() {
            for key in feature_lines(c) {
                entries.entry(key).or_default().push(hex);
            }
        }
        for ((_, lines), hexes) in entries {
            out.push_str("\n[[hex]]\n");
            write_at(&mut out, &hexes);
            out.push_str(&lines);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::{HexDir, Platform};

    #[test]
    fn runs_become_ranges() {
        let hs = [
            Hex::new(0, 0),
            Hex::new(1, 0),
            Hex::new(2, 0),
            Hex::new(5, 0),
            Hex::new(6, 1),
        ];
        assert_eq!(ranges(&hs), vec!["0..2,0", "5,0", "6,1"]);
    }

    #[test]
    fn quoting_escapes() {
        assert_eq!(quote("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
    }

    #[test]
    fn written_map_reads_back() {
        let mut m = HexMap::new("Round \"trip\"");
        m.set_players(Some(2));
        let crystal = m.add_custom_terrain("crystal").unwrap_or(Terrain::Plain);
        for h in Hex::new(3, 3).range(2) {
            let _ = m.insert(h, HexCell::new(Terrain::Grass, 2));
        }
        let mut deck = HexCell::new(crystal, 1);
        deck.platform = Some(Platform {
            level: 9,
            underside: 7,
        });
        let _ = m.insert(Hex::new(3, 3), deck);
        let mut ladder = HexCell::new(Terrain::Rock, 0);
        ladder.ladder = Some(HexDir::E);
        let _ = m.insert(Hex::new(2, 3), ladder);
        let text = m.to_toml_string();
        let back = HexMap::from_toml_str(&text, "mem").map_err(|e| format!("{e}\n{text}"));
        assert_eq!(back, Ok(m));
    }
}
