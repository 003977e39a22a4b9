//! What a new game may be set up with: battlefields and army cards, built in or read from the
//! paths the user gives (`skirmish serve --content PATH`, `skirmish play heroscape --map PATH`).
//!
//! A source is a file or a folder (read two levels deep):
//!
//! - battlefields: Virtualscape `.hsc`, the map editor's `.json` (an object with `hexMap` or
//!   `boardPieces`), our `.toml` battlefield files;
//! - cards: the army builder's JSON catalogue (an object with `cards`, read through
//!   [`crate::import`]), or card `.toml` files as `skirmish import heroscape-cards` writes them;
//! - a content folder with a `heroscape/` folder inside (`content/`) is read there.
//!
//! Nothing is copied: the files are read where they lie, when the program starts. What was read
//! and what was skipped, and why, goes to [`Content::notes`].

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;

use crate::battlefield::{self, Battlefield};
use crate::card::{Card, Rarity};

use super::samples;

/// A battlefield a game may take.
#[derive(Clone, Debug)]
pub struct FieldEntry {
    /// Its id in set-up requests.
    pub id: String,
    /// Its name, as its file gives it (else the file's name).
    pub name: String,
    /// The battlefield.
    pub field: Arc<Battlefield>,
    /// The file it was read from (`None` when built in).
    pub source: Option<PathBuf>,
}

/// Battlefields and cards for new games.
#[derive(Clone, Debug)]
pub struct Content {
    /// Battlefields: the built-in ones first, then those read.
    pub battlefields: Vec<FieldEntry>,
    /// The built-in cards (the shipped sample cards and the small ones of [`samples`]).
    pub sample_cards: Vec<Card>,
    /// Cards read from the sources (a catalogue), in their order.
    pub catalogue: Vec<Card>,
    /// What was read and skipped.
    pub notes: Vec<String>,
}

impl Default for Content {
    fn default() -> Self {
        Content::builtin()
    }
}

/// An id from a file name: lower case words joined by `-`.
fn id_of(path: &Path) -> String {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    crate::import::slug(&stem)
}

impl Content {
    /// The built-in battlefields and cards.
    pub fn builtin() -> Content {
        let battlefields = samples::battlefields()
            .into_iter()
            .filter_map(|(id, name)| {
                Some(FieldEntry {
                    field: Arc::new(samples::battlefield(&id)?),
                    id,
                    name,
                    source: None,
                })
            })
            .collect();
        let mut sample_cards = crate::card::sample_cards();
        sample_cards.extend(samples::cards());
        Content {
            battlefields,
            sample_cards,
            catalogue: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// The built-in content and what `sources` hold.
    pub fn load(sources: &[PathBuf]) -> Content {
        let mut c = Content::builtin();
        for s in sources {
            let nested = s.join("heroscape");
            if nested.is_dir() {
                c.read(&nested, 2);
            } else {
                c.read(s, 2);
            }
        }
        c
    }

    /// Reads a file, or a folder `depth` levels deep.
    fn read(&mut self, path: &Path, depth: u8) {
        if path.is_dir() {
            if depth == 0 {
                return;
            }
            let mut entries: Vec<PathBuf> = match std::fs::read_dir(path) {
                Ok(d) => d.filter_map(|e| e.ok().map(|e| e.path())).collect(),
                Err(e) => {
                    self.notes
                        .push(format!("{}: not read ({e})", path.display()));
                    return;
                }
            };
            entries.sort();
            for e in entries {
                self.read(&e, depth - 1);
            }
            return;
        }
        // Army files name cards; they are not cards themselves.
        if path
            .parent()
            .and_then(Path::file_name)
            .is_some_and(|n| n == "armies")
        {
            return;
        }
        if !path.is_file() {
            self.notes.push(format!(
                "{}: not used (no such file or folder)",
                path.display()
            ));
            return;
        }
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("hsc") => self.read_map(path),
            Some("json") => {
                let text = match std::fs::read_to_string(path) {
                    Ok(t) => t,
                    Err(e) => {
                        self.notes
                            .push(format!("{}: not read ({e})", path.display()));
                        return;
                    }
                };
                let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                if v.get("hexMap").is_some() || v.get("boardPieces").is_some() {
                    self.read_map(path);
                } else if v.get("cards").is_some_and(Value::is_array) {
                    match crate::import::read_json(&text, &path.display().to_string()) {
                        Ok(cards) => {
                            let n = cards.len();
                            self.add_cards(cards.into_iter().map(|i| i.card));
                            self.notes.push(format!(
                                "{}: {n} HeroScape army card(s) read",
                                path.display()
                            ));
                        }
                        Err(e) => self.notes.push(format!("cards not used: {e}")),
                    }
                }
            }
            Some("toml") => {
                let text = std::fs::read_to_string(path).unwrap_or_default();
                let source = path.display().to_string();
                if battlefield::file::read_str(&source, &text).is_ok() {
                    self.read_map(path);
                } else {
                    match Card::from_toml(&text, &source) {
                        Ok(card) => self.add_cards([card]),
                        Err(e) => self.notes.push(format!(
                            "{source}: neither a battlefield nor an army card ({e})"
                        )),
                    }
                }
            }
            _ => {}
        }
    }

    fn add_cards(&mut self, cards: impl IntoIterator<Item = Card>) {
        for card in cards {
            // The shipped sample cards (`content/heroscape/cards`) are built in already.
            if self.sample_cards.iter().any(|c| c.id == card.id) {
                continue;
            }
            if self.catalogue.iter().any(|c| c.id == card.id) {
                self.notes
                    .push(format!("card '{}' read twice: the first kept", card.id));
                continue;
            }
            self.catalogue.push(card);
        }
    }

    fn read_map(&mut self, path: &Path) {
        match battlefield::load(path) {
            Ok(field) => {
                let mut id = id_of(path);
                if self.battlefields.iter().any(|b| b.id == id) {
                    let mut n = 2;
                    while self
                        .battlefields
                        .iter()
                        .any(|b| b.id == format!("{id}-{n}"))
                    {
                        n += 1;
                    }
                    id = format!("{id}-{n}");
                }
                let name = if field.name.trim().is_empty() {
                    path.file_stem()
                        .map(|s| s.to_string_lossy().replace('_', " "))
                        .unwrap_or_else(|| id.clone())
                } else {
                    field.name.clone()
                };
                self.battlefields.push(FieldEntry {
                    id,
                    name,
                    field: Arc::new(field),
                    source: Some(path.to_path_buf()),
                });
            }
            Err(e) => self.notes.push(format!("battlefield not used: {e}")),
        }
    }

    /// A battlefield by id.
    pub fn battlefield(&self, id: &str) -> Option<&FieldEntry> {
        self.battlefields.iter().find(|b| b.id == id)
    }

    /// The cards a game may use: the catalogue read, else the built-in ones.
    pub fn cards(&self) -> &[Card] {
        if self.catalogue.is_empty() {
            &self.sample_cards
        } else {
            &self.catalogue
        }
    }

    /// A card by id, from the catalogue then the built-in cards.
    pub fn card(&self, id: &str) -> Option<&Card> {
        self.catalogue
            .iter()
            .chain(&self.sample_cards)
            .find(|c| c.id == id)
    }

    /// A draft's pool from `cards`: each unique card once, each common card twice (two copies
    /// on the table, as a collection often holds).
    pub fn pool(cards: &[Card]) -> Vec<Card> {
        let mut out = Vec::new();
        for c in cards {
            out.push(c.clone());
            if c.rarity == Rarity::Common {
                out.push(c.clone());
            }
        }
        out
    }

    /// Armies built from the catalogue, one per general (faction) with cards in it: the best
    /// value per point first within `points` (the greedy bot's measure), unique cards once.
    pub fn catalogue_armies(&self, points: u32) -> Vec<(String, String, Vec<Card>)> {
        let mut generals: Vec<&str> = Vec::new();
        for c in &self.catalogue {
            if !c.general.is_empty() && !generals.contains(&c.general.as_str()) {
                generals.push(&c.general);
            }
        }
        let mut out = Vec::new();
        for g in generals {
            let mut cards: Vec<&Card> = self
                .catalogue
                .iter()
                .filter(|c| c.general == g && c.points > 0)
                .collect();
            cards.sort_by(|a, b| {
                crate::game::drafting::value_per_point(b)
                    .total_cmp(&crate::game::drafting::value_per_point(a))
                    .then(a.id.cmp(&b.id))
            });
            let mut army: Vec<Card> = Vec::new();
            let mut left = points;
            for c in cards {
                if c.points <= left {
                    left -= c.points;
                    army.push(c.clone());
                }
            }
            if army.is_empty() {
                continue;
            }
            let spent = points - left;
            out.push((
                format!("catalogue-{}", crate::import::slug(g)),
                format!("{g} ({spent})"),
                army,
            ));
        }
        out
    }
}
