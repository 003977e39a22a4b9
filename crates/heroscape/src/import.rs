//! The army-card JSON of the HeroScape army builder (`heroscape-cards.json`: `cards[]` with
//! `type`, `faction`, `armyCost`, `stats`, `attributes`, `abilities`, `set`) read into
//! [`Card`]s, with a report per card of what was derived and which powers stay text.
//!
//! What the JSON does not say is derived, and the report says so:
//! - **figures** of a squad: a number printed in its powers ("place all 4 Airborne Elite
//!   figures", "If 3 Ashigaru Yari", "the 4th figure"), else the Rise of the Valkyrie squads the
//!   rulebook counts (Marro Warriors M1–M4, Izumi Samurai S1–S3, Airborne Elite A1–A4) and the
//!   master set's other squads (Tarn Viking Warriors 4, Krav Maga Agents 3, Zettian Guards 2),
//!   else 4 for a common squad, 3 for a unique squad and 2 for a large or huge squad;
//! - **base**: 2 hexes when a power calls the figure double-space, else by size (huge figures
//!   are double-space, the others single: [`Size::default_base`]);
//! - **rarity**: "Uncommon" heroes may be taken several times, as common cards.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use serde_json::Value;
use skirmish_lang::Lang;

use crate::card::{Card, Kind, PowerText, Rarity, Size};
use crate::power::coverage::Coverage;
use crate::power::parse::{self, normalize, Lexicon};
use crate::power::Effect;

/// One imported card and what the importer had to decide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    /// The card.
    pub card: Card,
    /// What was derived or repaired, for people.
    pub notes: Vec<String>,
    /// The powers that stay text, each with why: the first sentence of its text (normalised)
    /// the card language does not read.
    pub unread: Vec<(String, String)>,
}

/// A JSON file that cannot be read: where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    /// The file.
    pub source: String,
    /// Where in it (`cards[12].stats.life`).
    pub place: String,
    /// Why.
    pub message: String,
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}: {}", self.source, self.place, self.message)
    }
}

impl std::error::Error for ImportError {}

/// Squads whose number of figures the rulebook or the master set gives (name, figures).
const KNOWN_SQUADS: [(&str, u8); 6] = [
    ("Marro Warriors", 4),
    ("Izumi Samurai", 3),
    ("Airborne Elite", 4),
    ("Tarn Viking Warriors", 4),
    ("Krav Maga Agents", 3),
    ("Zettian Guards", 2),
];

/// Reads the JSON text; `source` names the file in errors. Cards come in the file's order.
pub fn read_json(text: &str, source: &str) -> Result<Vec<Imported>, ImportError> {
    let err = |place: String, message: String| ImportError {
        source: source.to_string(),
        place,
        message,
    };
    let root: Value = serde_json::from_str(text).map_err(|e| err("JSON".into(), e.to_string()))?;
    let list = root
        .get("cards")
        .or(Some(&root))
        .and_then(Value::as_array)
        .ok_or_else(|| err("cards".into(), "expected a list of cards".into()))?;
    let mut out = Vec::with_capacity(list.len());
    let mut ids: BTreeMap<String, usize> = BTreeMap::new();
    for (i, v) in list.iter().enumerate() {
        let mut imported =
            card(v).map_err(|(field, message)| err(format!("cards[{i}].{field}"), message))?;
        let n = ids.entry(imported.card.id.clone()).or_insert(0);
        *n += 1;
        if *n > 1 {
            imported.card.id = format!("{}-{n}", imported.card.id);
        }
        out.push(imported);
    }
    let lex = Lexicon::of(out.iter().map(|i| &i.card));
    for i in &mut out {
        let card = i.card.clone();
        for p in &mut i.card.powers {
            match parse::read(&p.name, &p.text, &card, &lex) {
                Ok(effects) if effects.iter().all(Effect::runs_in_game) => {
                    p.effects = Some(effects)
                }
                Ok(_) => {
                    p.effects = None;
                    i.unread.push((
                        p.name.clone(),
                        "read, but the game does not play it yet".to_string(),
                    ));
                }
                Err(why) => {
                    p.effects = None;
                    i.unread.push((p.name.clone(), why));
                }
            }
        }
    }
    Ok(out)
}

/// Reads a JSON file.
pub fn read_file(path: &Path) -> Result<Vec<Imported>, ImportError> {
    let text = std::fs::read_to_string(path).map_err(|e| ImportError {
        source: path.display().to_string(),
        place: "file".into(),
        message: e.to_string(),
    })?;
    read_json(&text, &path.display().to_string())
}

/// A power's name cut short in the data, its end glued to the start of the text ("WHE" and
/// "REVER THERE'S TROUBLEBefore taking a turn..."): the capitals the text starts with go back
/// to the name. Only a name of at most three capitals is taken as cut (the data's cut names),
/// and only capitals glued to the capitalised word that starts the text are moved.
///
/// When the card's name (one of its words) stands in those capitals ("OBF" and "USCATION
/// MATRIXSI-4X's space"), the rule starts there, with an article glued before it ("A C" and
/// "OWARD'S REWARDA Bursting Hive Soldier rolls": "A COWARD'S REWARD", "A Bursting Hive
/// Soldier rolls"): a rule names its figure, a name cut in the data does not go on into it.
///
/// The other way round, a special attack's text glued into its name ("POISON STING SPECIAL
/// ATTACKRange 1. Attack 4.If Poison Sting ...", the rest of the text in the description): the
/// name ends with "Special Attack" and what follows, from "Range", goes before the text. And
/// a whole rule printed as the name, without a description ("Phantom Walk Shiori can move
/// through all figures ..."): the name is the capitalised words before the card's name, the
/// rule the sentence from it.
fn mended_name(card: &str, name: &str, text: &str) -> (String, String) {
    if text.is_empty() {
        if let Some(at) = card_name_at(card, name).filter(|&at| at > 0) {
            let (head, rule) = name.split_at(at);
            let titled = head
                .split_whitespace()
                .all(|w| w.starts_with(|c: char| c.is_ascii_uppercase()));
            // a sentence: it goes on in lower-case words and ends with a full stop
            let sentence = rule.ends_with('.')
                && rule
                    .split_whitespace()
                    .skip(1)
                    .any(|w| w.chars().all(|c| c.is_ascii_lowercase()));
            if head.ends_with(' ') && titled && sentence {
                return (head.trim().to_string(), rule.to_string());
            }
        }
    }
    const END: &str = "special attack";
    if let Some(at) = name.to_ascii_lowercase().find(END) {
        let head = &name[..at + END.len()];
        let rest = name[at + END.len()..].trim_start_matches(['.', ' ']);
        if rest.starts_with("Range") {
            let text = if text.is_empty() {
                rest.to_string()
            } else {
                format!("{}.{text}", rest.trim_end_matches('.'))
            };
            return (head.to_string(), text);
        }
    }
    let cut = name.len() <= 3 && name.chars().all(|c| c.is_ascii_uppercase() || c == ' ');
    let caps_end = text
        .find(|c: char| c.is_ascii_lowercase())
        .unwrap_or(text.len());
    if let Some(mut at) = card_name_at(card, text).filter(|&at| cut && at > 0 && at < caps_end) {
        let before = &text[..at];
        for article in ["A ", "AN ", "THE "] {
            // glued to the name's last word: "REWARDA Bursting"
            let glued = before.strip_suffix(article).filter(|rest| {
                rest.ends_with(|c: char| c.is_ascii_uppercase()) && rest.len() + 1 < before.len()
            });
            if let Some(rest) = glued {
                at = rest.len();
                break;
            }
        }
        let head = text[..at].trim_end();
        let rule = &text[at..];
        let rule = match rule.split_once(' ') {
            // the article back in the case of a sentence's first word: "A Bursting"
            Some((first, rest)) if at < before.len() => {
                format!("{}{} {rest}", &first[..1], first[1..].to_ascii_lowercase())
            }
            _ => rule.to_string(),
        };
        if head.len() >= 3 && !head.contains(|c: char| c.is_ascii_lowercase()) {
            return (format!("{name}{head}"), rule);
        }
    }
    let first_lower = text.find(|c: char| c.is_ascii_lowercase());
    if let (true, Some(i)) = (cut, first_lower) {
        // the capital starting the first word in lower case
        let start = text[..i].trim_end_matches(|c: char| c.is_ascii_lowercase());
        if let Some(head) = start.get(..start.len().saturating_sub(1)) {
            // glued: "TROUBLEBefore", "PACTIf" (with a space between, "REWARDA Bursting", the
            // cut is not known: "A" may be a word of either)
            let rest_starts_word = start.ends_with(|c: char| c.is_ascii_uppercase())
                && head.ends_with(|c: char| c.is_ascii_uppercase());
            let head_caps = head
                .chars()
                .all(|c| c.is_ascii_uppercase() || c == ' ' || c == '\'');
            if rest_starts_word && head_caps && head.trim().len() >= 3 {
                return (
                    format!("{name}{}", head.trim_end()),
                    text[head.len()..].trim_start().to_string(),
                );
            }
        }
    }
    (name.to_string(), text.to_string())
}

/// Where the card's name, or one of its words of three letters or more as printed in it
/// ("SI-4X" of "Agent SI-4X", "Shiori" of "Shiori (AOA)"), first stands in `s` as a whole word
/// at its end (a name glued after capitals counts: "MATRIXSI-4X's").
fn card_name_at(card: &str, s: &str) -> Option<usize> {
    let card = card.split(" (").next().unwrap_or(card);
    std::iter::once(card)
        .chain(card.split_whitespace())
        .filter(|w| w.len() >= 3)
        .filter_map(|w| {
            s.match_indices(w)
                .find(|(at, _)| !s[at + w.len()..].starts_with(|c: char| c.is_ascii_alphanumeric()))
                .map(|(at, _)| at)
        })
        .min()
}

/// A file-name id: "Agent Carr (RotV)" → "agent-carr-rotv".
pub fn slug(name: &str) -> String {
    let mut s = String::new();
    for ch in name.chars() {
        if ch.is_ascii_alphanumeric() {
            s.push(ch.to_ascii_lowercase());
        } else if !s.ends_with('-') && !s.is_empty() {
            s.push('-');
        } else if !ch.is_ascii() && ch.is_alphanumeric() {
            s.extend(ch.to_lowercase());
        }
    }
    s.trim_end_matches('-').to_string()
}

fn str_at<'a>(v: &'a Value, key: &str) -> Result<&'a str, (String, String)> {
    v.get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| (key.to_string(), "missing or not text".into()))
}

fn num_at(v: &Value, path: &str) -> Result<u64, (String, String)> {
    let mut cur = v;
    for k in path.split('.') {
        cur = cur
            .get(k)
            .ok_or_else(|| (path.to_string(), "missing".to_string()))?;
    }
    cur.as_u64()
        .or_else(|| cur.as_str().and_then(|s| s.trim().parse().ok()))
        .ok_or_else(|| (path.to_string(), format!("`{cur}` is not a whole number")))
}

fn small<T: TryFrom<u64>>(n: u64, field: &str) -> Result<T, (String, String)> {
    T::try_from(n).map_err(|_| (field.to_string(), format!("{n} is too large")))
}

fn card(v: &Value) -> Result<Imported, (String, String)> {
    let mut notes = Vec::new();
    let name = str_at(v, "name")?.trim().to_string();
    let kind_text = str_at(v, "type")?;
    let (rarity, kind) = match kind_text.to_ascii_lowercase().as_str() {
        "unique hero" => (Rarity::Unique, Kind::Hero),
        "unique squad" => (Rarity::Unique, Kind::Squad),
        "common hero" => (Rarity::Common, Kind::Hero),
        "common squad" => (Rarity::Common, Kind::Squad),
        "uncommon hero" => {
            notes.push("Uncommon hero: may be taken several times, as a common card".into());
            (Rarity::Common, Kind::Hero)
        }
        "uncommon squad" => {
            notes.push("Uncommon squad: may be taken several times, as a common card".into());
            (Rarity::Common, Kind::Squad)
        }
        other => return Err(("type".into(), format!("unknown card type `{other}`"))),
    };
    let attrs = v
        .get("attributes")
        .ok_or_else(|| ("attributes".to_string(), "missing".to_string()))?;
    let attr = |k: &str| {
        attrs
            .get(k)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .trim()
            .to_string()
    };
    let size = match attr("size").to_ascii_lowercase().as_str() {
        "small" => Size::Small,
        "medium" => Size::Medium,
        "large" => Size::Large,
        "huge" => Size::Huge,
        other => return Err(("attributes.size".into(), format!("unknown size `{other}`"))),
    };
    let height = small(num_at(v, "attributes.height")?, "attributes.height")?;
    let mut powers = Vec::new();
    if let Some(list) = v.get("abilities").and_then(Value::as_array) {
        for (j, a) in list.iter().enumerate() {
            let pname = a
                .get("name")
                .and_then(Value::as_str)
                .ok_or_else(|| (format!("abilities[{j}].name"), "missing".to_string()))?;
            let text = a
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or_default();
            let (pname, text) = mended_name(&name, pname.trim(), text.trim());
            powers.push(PowerText {
                name: pname,
                text,
                effects: None,
            });
        }
    }
    let all_text = powers
        .iter()
        .map(|p| normalize(&p.text))
        .collect::<Vec<_>>()
        .join(" ");
    let figures = match kind {
        Kind::Hero => 1,
        Kind::Squad => squad_figures(&name, rarity, size, &all_text, &mut notes),
    };
    let base = if all_text.contains("double-space") || all_text.contains("double space") {
        notes.push("base: double-space, as a power says".into());
        2
    } else {
        let b = size.default_base();
        if b == 2 {
            notes.push("base: double-space, as huge figures are (the data does not say)".into());
        }
        b
    };
    let stats = |k: &str| -> Result<u16, (String, String)> {
        let path = format!("stats.{k}");
        small(num_at(v, &path)?, &path)
    };
    let card = Card {
        id: slug(&name),
        name,
        rarity,
        kind,
        general: v
            .get("faction")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
        species: attr("species"),
        class: attr("class"),
        personality: attr("personality"),
        size,
        height,
        base,
        figures,
        life: stats("life")?,
        move_: stats("move")?,
        range: stats("range")?,
        attack: stats("attack")?,
        defense: stats("defense")?,
        points: small(num_at(v, "armyCost")?, "armyCost")?,
        powers,
        target_point: None,
        hit_zone: None,
        set: v
            .get("set")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
    };
    if let Err((field, message)) = card.validate() {
        return Err((field.to_string(), message));
    }
    Ok(Imported {
        card,
        notes,
        unread: Vec::new(),
    })
}

fn squad_figures(
    name: &str,
    rarity: Rarity,
    size: Size,
    text: &str,
    notes: &mut Vec<String>,
) -> u8 {
    let singular_head = normalize(name)
        .split(' ')
        .next()
        .unwrap_or_default()
        .to_string();
    // "all 4 Airborne Elite figures", "if 3 Ashigaru Yari", "the 4th figure": a squad has at
    // least as many figures as any of its powers names, so the largest count wins (Ashigaru
    // Yari: "if 3 ... the 4th figure" is a squad of 4).
    let mut said: Option<(u8, String)> = None;
    let mut keep = |n: u8, why: String| {
        if said.as_ref().is_none_or(|(m, _)| n > *m) {
            said = Some((n, why));
        }
    };
    let words: Vec<&str> = text.split(' ').collect();
    for (i, w) in words.iter().enumerate() {
        let n = match *w {
            "two" => Some(2),
            "three" => Some(3),
            "four" => Some(4),
            "five" => Some(5),
            w => w.parse::<u8>().ok(),
        };
        let Some(n) = n else { continue };
        let prev = if i > 0 { words[i - 1] } else { "" };
        let next = words.get(i + 1).copied().unwrap_or_default();
        if (prev == "all" || prev == "if")
            && next.starts_with(singular_head.as_str())
            && (2..=8).contains(&n)
        {
            keep(
                n,
                format!("figures: {n}, as a power says (\"{prev} {n} {next}...\")"),
            );
        }
    }
    for ordinal in ["8th", "7th", "6th", "5th", "4th", "3rd"] {
        if text.contains(&format!("the {ordinal} figure")) {
            let n = ordinal[..1].parse().unwrap_or(2);
            keep(
                n,
                format!("figures: {n}, as a power names the {ordinal} figure"),
            );
        }
    }
    if let Some((n, why)) = said {
        notes.push(why);
        return n;
    }
    if let Some((_, n)) = KNOWN_SQUADS.iter().find(|(k, _)| *k == name) {
        notes.push(format!("figures: {n}, as in the master set"));
        return *n;
    }
    let n = match (size, rarity) {
        (Size::Large | Size::Huge, _) => 2,
        (_, Rarity::Common) => 4,
        (_, Rarity::Unique) => 3,
    };
    notes.push(format!(
        "figures: {n} assumed for a {} {} squad (the data does not say)",
        size.name(Lang::En),
        match rarity {
            Rarity::Unique => "unique",
            Rarity::Common => "common",
        }
    ));
    n
}

/// The report: per card what was derived and which powers stay text, then the coverage.
pub fn report(cards: &[Imported], lang: Lang) -> String {
    let mut out = String::new();
    for i in cards {
        let c = &i.card;
        let text: Vec<&str> = c
            .powers
            .iter()
            .filter(|p| p.effects.is_none())
            .map(|p| p.name.as_str())
            .collect();
        let _ = writeln!(
            out,
            "{} ({}) — {} {}, {}",
            c.name,
            c.id,
            c.points,
            lang.pick("points", "points"),
            if text.is_empty() {
                lang.pick("every power expressed", "tous les pouvoirs exprimés")
                    .to_string()
            } else {
                format!(
                    "{}: {}",
                    lang.pick("stays text", "reste en texte"),
                    text.join(", ")
                )
            }
        );
        for (power, why) in &i.unread {
            let _ = writeln!(
                out,
                "    {} {power}: {} \"{why}\"",
                lang.pick("text:", "texte :"),
                lang.pick("first unread clause", "première phrase non lue")
            );
        }
        for n in &i.notes {
            let _ = writeln!(out, "    {n}");
        }
    }
    let coverage = Coverage::of(cards.iter().map(|i| &i.card));
    let _ = writeln!(out, "{}", coverage.summary(lang));
    out
}

const USAGE: &str = "usage: skirmish import heroscape-cards PATH [--out DIR]";

/// `skirmish import heroscape-cards PATH [--out DIR]`: reads the JSON at PATH, writes one card
/// file per card into DIR when given, and prints the report. `args` are the words after
/// `heroscape-cards`.
pub fn run_cli(args: &[String], lang: Lang) -> Result<ExitCode, String> {
    let mut path = None;
    let mut out_dir = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--out" => out_dir = Some(it.next().ok_or(format!("--out needs a folder\n{USAGE}"))?),
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(ExitCode::SUCCESS);
            }
            s if s.starts_with("--out=") => out_dir = Some(a),
            _ if path.is_none() => path = Some(a),
            other => return Err(format!("unexpected `{other}`\n{USAGE}")),
        }
    }
    let out_dir = out_dir.map(|d| d.strip_prefix("--out=").unwrap_or(d));
    let path = path.ok_or(USAGE)?;
    let cards = read_file(Path::new(path)).map_err(|e| e.to_string())?;
    if let Some(dir) = out_dir {
        let dir = Path::new(dir);
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for i in &cards {
            let file = dir.join(format!("{}.toml", i.card.id));
            std::fs::write(&file, i.card.to_toml())
                .map_err(|e| format!("{}: {e}", file.display()))?;
        }
        println!(
            "{} {} {}",
            cards.len(),
            lang.pick("card files written to", "fichiers de cartes écrits dans"),
            dir.display()
        );
    }
    print!("{}", report(&cards, lang));
    Ok(ExitCode::SUCCESS)
}

/// The shared card data (`shared/data/heroscape/heroscape-cards.json` beside the repository,
/// looked for above the crate so that work trees find it too).
#[cfg(test)]
pub(crate) fn shared_cards_path() -> std::path::PathBuf {
    let rel = "shared/data/heroscape/heroscape-cards.json";
    // A worktree away from the repository's usual place names the shared data by this variable.
    if let Some(shared) = std::env::var_os("SKIRMISH_SHARED") {
        let file = Path::new(&shared).join("data/heroscape/heroscape-cards.json");
        if file.exists() {
            return file;
        }
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|a| a.join(rel))
        .find(|p| p.exists())
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../../")
                .join(rel)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shared() -> std::path::PathBuf {
        shared_cards_path()
    }

    #[test]
    fn slugs_are_file_names() {
        assert_eq!(slug("Agent Carr (RotV)"), "agent-carr-rotv");
        assert_eq!(slug("\"Blink\" Dawson"), "blink-dawson");
        assert_eq!(slug("Eel & F'fuoh"), "eel-f-fuoh");
    }

    #[test]
    fn a_broken_card_names_its_place() {
        let text = r#"{"cards":[{"name":"X","type":"Unique Hero","attributes":{"size":"Medium","height":"5"},"stats":{"life":"many","move":5,"range":1,"attack":2,"defense":2},"armyCost":10}]}"#;
        let e = read_json(text, "x.json").unwrap_err();
        assert_eq!(e.place, "cards[0].stats.life");
        assert!(
            e.to_string().starts_with("x.json: cards[0].stats.life:"),
            "{e}"
        );
        let e = read_json("{", "y.json").unwrap_err();
        assert!(e.to_string().starts_with("y.json: JSON:"), "{e}");
    }

    #[test]
    fn names_cut_into_the_text_are_mended() {
        assert_eq!(
            super::mended_name(
                "Greenshirts",
                "WHE",
                "REVER THERE'S TROUBLEBefore taking a turn"
            ),
            (
                "WHEREVER THERE'S TROUBLE".to_string(),
                "Before taking a turn".to_string()
            )
        );
        assert_eq!(
            super::mended_name("Elites of Ullar", "ULL", "AR'S PACTIf an Elite"),
            ("ULLAR'S PACT".to_string(), "If an Elite".to_string())
        );
        assert_eq!(
            super::mended_name(
                "Sujoah",
                "POISON STING SPECIAL ATTACKRange 1. Attack 4.If it would wound",
                "- If you roll a 20, destroy it."
            ),
            (
                "POISON STING SPECIAL ATTACK".to_string(),
                "Range 1. Attack 4.If it would wound.- If you roll a 20, destroy it.".to_string()
            )
        );
        // the card's name (or a word of it) starts the rule, a glued article with it
        assert_eq!(
            super::mended_name(
                "Agent SI-4X",
                "OBF",
                "USCATION MATRIXSI-4X's space and all spaces"
            ),
            (
                "OBFUSCATION MATRIX".to_string(),
                "SI-4X's space and all spaces".to_string()
            )
        );
        assert_eq!(
            super::mended_name(
                "Bursting Hive Soldier",
                "A C",
                "OWARD'S REWARDA Bursting Hive Soldier rolls 1 additional die"
            ),
            (
                "A COWARD'S REWARD".to_string(),
                "A Bursting Hive Soldier rolls 1 additional die".to_string()
            )
        );
        assert_eq!(
            super::mended_name(
                "Thorgrim the Dwarf",
                "WAR",
                "LORD'S CHARGETHE Thorgrim rolls"
            ),
            (
                "WARLORD'S CHARGE".to_string(),
                "The Thorgrim rolls".to_string()
            )
        );
        // a whole rule printed as the name, without a description
        assert_eq!(
            super::mended_name(
                "Shiori (AOA)",
                "Phantom Walk Shiori can move through all figures.",
                ""
            ),
            (
                "Phantom Walk".to_string(),
                "Shiori can move through all figures.".to_string()
            )
        );
        // a name that only names the card stays
        assert_eq!(
            super::mended_name("Shiori (AOA)", "Shiori's Guard", ""),
            ("Shiori's Guard".to_string(), String::new())
        );
        // whole names stay
        for (name, text) in [
            ("Mind Blast Special Attack", "Range 3. Attack 3."),
            ("QUICKDRAW 7", "When Blink is chosen"),
            ("EMP", "When an Agent attacks"),
            ("RUN", "COBRA Troopers may run"),
            // not glued: where the name ends is not known
            ("MAR", "ACHOTT'S WHISPER After revealing"),
            // the card's name after the capitals: the rule starts before it
            ("EMP", "When an Agent SI-4X attacks"),
        ] {
            assert_eq!(
                super::mended_name("Agent SI-4X", name, text),
                (name.to_string(), text.to_string())
            );
        }
    }

    #[test]
    fn the_shared_cards_import_with_derived_figures_and_bases() {
        let cards = read_file(&shared()).expect("the shared card file reads");
        assert_eq!(cards.len(), 322);
        let by_name = |n: &str| {
            cards
                .iter()
                .find(|i| i.card.name == n)
                .unwrap_or_else(|| panic!("{n} imported"))
        };
        let elite = by_name("Airborne Elite");
        assert_eq!((elite.card.kind, elite.card.figures), (Kind::Squad, 4));
        assert_eq!(by_name("Izumi Samurai").card.figures, 3);
        assert_eq!(by_name("Zettian Guards").card.figures, 2);
        // "If 3 Ashigaru Yari ... the 4th figure": the largest count a power names.
        assert_eq!(by_name("Ashigaru Yari").card.figures, 4);
        let grimnak = &by_name("Grimnak").card;
        assert_eq!(
            (grimnak.size, grimnak.base, grimnak.height),
            (Size::Huge, 2, 11)
        );
        let syvarris = &by_name("Syvarris (RotV)").card;
        assert_eq!(
            (
                syvarris.life,
                syvarris.move_,
                syvarris.range,
                syvarris.attack,
                syvarris.defense,
                syvarris.points
            ),
            (4, 5, 9, 3, 2, 100)
        );
        // the report names each power that stays text and its first unread sentence, and ends
        // with the coverage
        let report = report(&cards, Lang::En);
        assert!(
            report.contains("    text: KNOCKBACK: first unread clause \"after shurrak attacks, you may roll the 20-sided die for each small or medium figure shurrak attacked this turn that was not destroyed by that attack, one at a time\"\n"),
            "{report}"
        );
        assert!(report
            .lines()
            .last()
            .is_some_and(|l| l.contains("cards fully expressed")));
        assert_eq!(by_name("Shurrak").unread.len(), 1);
        // a rule printed as its power's name is read as the same power printed rightly
        let walk = |card: &str| {
            by_name(card)
                .card
                .powers
                .iter()
                .find(|p| p.name == "Phantom Walk")
                .unwrap_or_else(|| panic!("{card} has Phantom Walk"))
                .effects
                .clone()
        };
        assert!(walk("Shiori (AOA)").is_some());
        assert_eq!(walk("Shiori (AOA)"), walk("Shiori (SOTM)"));
        assert!(by_name("Ordo Borealis").unread.is_empty());
        // ids are unique, and every card writes and reads back as a card file
        let ids: std::collections::BTreeSet<_> = cards.iter().map(|i| &i.card.id).collect();
        assert_eq!(ids.len(), cards.len());
        for i in &cards {
            let back = Card::from_toml(&i.card.to_toml(), &format!("{}.toml", i.card.id))
                .unwrap_or_else(|e| panic!("{} reads back: {e}", i.card.name));
            assert_eq!(back, i.card);
        }
    }
}
