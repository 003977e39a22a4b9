use std::collections::BTreeSet;
use std::path::Path;

use super::*;

fn tables() -> (Table, Table) {
    (parse(EN, "en.toml").unwrap(), parse(FR, "fr.toml").unwrap())
}

#[test]
fn both_languages_have_the_same_keys_and_placeholders() {
    let (en, fr) = tables();
    let en_keys: BTreeSet<&String> = en.keys().collect();
    let fr_keys: BTreeSet<&String> = fr.keys().collect();
    let only_en: Vec<_> = en_keys.difference(&fr_keys).collect();
    let only_fr: Vec<_> = fr_keys.difference(&en_keys).collect();
    assert!(only_en.is_empty(), "keys missing from fr.toml: {only_en:?}");
    assert!(only_fr.is_empty(), "keys missing from en.toml: {only_fr:?}");
    for (key, e) in &en {
        let mut pe = placeholders(e);
        let mut pf = placeholders(&fr[key]);
        pe.sort_unstable();
        pf.sort_unstable();
        assert_eq!(pe, pf, "`{key}`: en and fr fill different placeholders");
    }
    assert!(en.len() > 100, "{} messages", en.len());
}

#[test]
fn placeholders_are_filled_by_name_and_braces_escape() {
    let seven: &dyn Display = &7;
    let name: &dyn Display = &"Vex";
    assert_eq!(
        fill("{who} rolls {n}, {n} again", &[("n", seven), ("who", name)]),
        "Vex rolls 7, 7 again"
    );
    assert_eq!(fill("{{x}} {y}", &[]), "{x} {y}");
    assert_eq!(placeholders("{a} {b} {a} {{c}}"), vec!["a", "b"]);
    // A key that exists in neither table reads as itself.
    assert_eq!(render(Lang::Fr, "no.such.key", &[]), "no.such.key");
}

/// Every `.rs` file of this crate's sources.
fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level, comma-separated pieces of a macro call's arguments starting at `text` (just
/// after its opening parenthesis), up to the closing one.
fn call_args(text: &str) -> Vec<String> {
    let mut depth = 0i32;
    let mut parts = vec![String::new()];
    let mut in_str = false;
    let mut prev = ' ';
    for c in text.chars() {
        if in_str {
            if c == '"' && prev != '\\' {
                in_str = false;
            }
            parts.last_mut().unwrap().push(c);
            prev = if prev == '\\' && c == '\\' { ' ' } else { c };
            continue;
        }
        match c {
            '"' => in_str = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth == 0 => break,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(String::new());
                prev = c;
                continue;
            }
            _ => {}
        }
        parts.last_mut().unwrap().push(c);
        prev = c;
    }
    parts
        .into_iter()
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

/// Every `msg!` of the sources names a key of the catalogue and fills exactly its placeholders.
#[test]
fn every_message_the_sources_name_exists_with_its_placeholders() {
    let (en, _) = tables();
    let mut files = Vec::new();
    sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut uses = 0;
    let mut problems = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (at, _) in text.match_indices("msg!(") {
            let args = call_args(&text[at + 5..]);
            // The macro's own definition and its docs.
            let Some(key) = args
                .get(1)
                .and_then(|k| k.strip_prefix('"'))
                .and_then(|k| k.strip_suffix('"'))
            else {
                continue;
            };
            uses += 1;
            let place = format!("{}: `{key}`", file.display());
            let Some(template) = en.get(key) else {
                problems.push(format!("{place}: no such message"));
                continue;
            };
            let mut given: Vec<&str> = args[2..]
                .iter()
                .filter_map(|a| a.split_once('=').map(|(n, _)| n.trim()))
                .collect();
            let mut wanted = placeholders(template);
            given.sort_unstable();
            wanted.sort_unstable();
            if given != wanted {
                problems.push(format!("{place}: fills {given:?}, the text has {wanted:?}"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(uses > 100, "{uses} uses");
}
