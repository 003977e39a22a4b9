//! HeroClix's message catalogue: every player-facing sentence of the game, once per language, in
//! `en.toml` and `fr.toml` (the French with the rulebook's own terms: *ligne de vue*, *évasion*,
//! *dépassement*, *recul*...). Code names a message by its key and gives its values by name; the
//! texts say where each goes (`{figure} moves: {path}`), so a translation may reorder them.
//!
//! The tables are read once, on first use. The tests below check that both languages have the
//! same keys with the same placeholders, and that every key the sources name exists with the
//! placeholders the sources fill.

use std::collections::HashMap;
use std::fmt::{Display, Write as _};
use std::sync::OnceLock;

use skirmish_lang::Lang;

/// The English table, as written.
const EN: &str = include_str!("en.toml");
/// The French table, as written.
const FR: &str = include_str!("fr.toml");

/// One language's messages by key (`event.moved`).
type Table = HashMap<String, String>;

/// Reads a table: nested TOML tables flatten into dotted keys. A table that does not read is a
/// bug of this crate's own files, caught by the tests; the messages then render as their keys.
fn parse(text: &str, file: &str) -> Result<Table, String> {
    let value: toml::Table = text
        .parse()
        .map_err(|e| format!("present/catalogue/{file}: {e}"))?;
    let mut out = Table::new();
    flatten("", &value, file, &mut out)?;
    Ok(out)
}

fn flatten(prefix: &str, table: &toml::Table, file: &str, out: &mut Table) -> Result<(), String> {
    for (k, v) in table {
        let key = if prefix.is_empty() {
            k.clone()
        } else {
            format!("{prefix}.{k}")
        };
        match v {
            toml::Value::String(s) => {
                out.insert(key, s.clone());
            }
            toml::Value::Table(t) => flatten(&key, t, file, out)?,
            _ => {
                return Err(format!(
                    "present/catalogue/{file}: `{key}` must be a string or a table"
                ))
            }
        }
    }
    Ok(())
}

fn table(lang: Lang) -> &'static Table {
    static TABLES: OnceLock<[Table; 2]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        [
            parse(EN, "en.toml").unwrap_or_default(),
            parse(FR, "fr.toml").unwrap_or_default(),
        ]
    });
    match lang {
        Lang::En => &tables[0],
        Lang::Fr => &tables[1],
    }
}

/// The message `key` in `lang` with its placeholders filled from `args`. A key missing in
/// French reads in English, and a key missing in both reads as itself (the tests forbid both).
pub fn render(lang: Lang, key: &str, args: &[(&str, &dyn Display)]) -> String {
    let Some(template) = table(lang).get(key).or_else(|| table(Lang::En).get(key)) else {
        return key.to_string();
    };
    fill(template, args)
}

/// Replaces each `{name}` of `template` by its value; `{{` and `}}` write a brace.
fn fill(template: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(i) = rest.find(['{', '}']) {
        out.push_str(&rest[..i]);
        let brace = rest.as_bytes()[i];
        let after = &rest[i + 1..];
        if after.as_bytes().first() == Some(&brace) {
            out.push(brace as char);
            rest = &after[1..];
            continue;
        }
        if brace == b'}' {
            out.push('}');
            rest = after;
            continue;
        }
        let Some(end) = after.find('}') else {
            out.push_str(&rest[i..]);
            return out;
        };
        let name = &after[..end];
        match args.iter().find(|(n, _)| *n == name) {
            Some((_, v)) => {
                let _ = write!(out, "{v}");
            }
            None => {
                let _ = write!(out, "{{{name}}}");
            }
        }
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

/// The placeholders of a template, in order of first appearance.
pub fn placeholders(template: &str) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        let after = &rest[i + 1..];
        if let Some(escaped) = after.strip_prefix('{') {
            rest = escaped;
            continue;
        }
        let Some(end) = after.find('}') else { break };
        if !out.contains(&&after[..end]) {
            out.push(&after[..end]);
        }
        rest = &after[end + 1..];
    }
    out
}

/// `msg!(lang, "event.moved", figure = name, path = squares)`: the message in `lang` with its
/// placeholders filled by name.
macro_rules! msg {
    ($lang:expr, $key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::present::catalogue::render(
            $lang,
            $key,
            &[$((stringify!($name), &$value as &dyn ::std::fmt::Display)),*],
        )
    };
}
pub(crate) use msg;

#[cfg(test)]
mod tests;
