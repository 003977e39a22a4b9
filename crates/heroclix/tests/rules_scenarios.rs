//! Every rules scenario of `crates/heroclix/scenarios/` played through the game, plus checks of
//! the scenario reader and runner themselves, and of the golden rules on combat values that no
//! base-game effect can reach through play (*Remplacer puis modifier*, *Règle de trois*, *Règle
//! des minima*, *Valeur bloquée*).

use std::path::{Path, PathBuf};

use skirmish_heroclix::game::values::{compute, Change, Effect};
use skirmish_heroclix::scenario_file::{check_file, collect_files, from_toml_str};
use skirmish_lang::Lang;

fn scenario_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios")
}

#[test]
fn every_rules_scenario_holds() {
    let files = collect_files(&[scenario_dir()]).unwrap_or_else(|e| panic!("{e}"));
    let mut failures = Vec::new();
    for f in &files {
        let c = check_file(f, Lang::En);
        let name = f
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        // Shown with `--nocapture`: the whole list, as `skirmish check` prints it.
        match c.result {
            Ok(()) => println!("PASS {name} — {}", c.title.unwrap_or_default()),
            Err(why) => {
                println!(
                    "FAIL {name} — {}: {why}",
                    c.title.clone().unwrap_or_default()
                );
                failures.push(format!("{name} — {}: {why}", c.title.unwrap_or_default()));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} rules scenarios failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
    assert!(
        files.len() >= 40,
        "only {} scenario files found",
        files.len()
    );
}

fn base() -> PathBuf {
    scenario_dir()
}

const SMALL: &str = r#"
title = "t"
source = "s"
[map]
rows = ["....", "....", "...."]
[[figure]]
name = "A"
seat = 1
square = "0,0"
dial = ["8 9 16 2", "7 8 15 2"]
[[figure]]
name = "B"
seat = 2
square = "1,0"
dial = ["8 9 16 2", "7 8 15 2"]
"#;

#[test]
fn a_wrong_expectation_is_explained_expected_against_got() {
    let text = format!(
        "{SMALL}\n[[actions]]\nseat = 1\ndo = \"close_attack\"\nfigure = \"A\"\ntarget = \"B\"\ndice = [4, 3]\nevents = [{{ event = \"damage\", figure = \"B\", amount = 3 }}]\n"
    );
    let s = from_toml_str(&text, "t.toml", &base()).unwrap_or_else(|e| panic!("{e}"));
    let report = s.run(Lang::En);
    let diff = report.difference.unwrap_or_default();
    assert!(diff.contains("step 1"), "{diff}");
    assert!(diff.contains("amount = 3"), "{diff}");
    assert!(diff.contains("amount = 2"), "{diff}");
}

#[test]
fn dice_must_be_used_exactly() {
    let too_few = format!("{SMALL}\n[[actions]]\nseat = 1\ndo = \"close_attack\"\nfigure = \"A\"\ntarget = \"B\"\ndice = [4]\n");
    let s = from_toml_str(&too_few, "t.toml", &base()).unwrap_or_else(|e| panic!("{e}"));
    let diff = s.run(Lang::En).difference.unwrap_or_default();
    assert!(
        diff.contains("rolled 2 dice [4, 1] but 1 were scripted"),
        "{diff}"
    );
    let too_many = format!("{SMALL}\n[[actions]]\nseat = 1\ndo = \"close_attack\"\nfigure = \"A\"\ntarget = \"B\"\ndice = [4, 3, 5]\n");
    let s = from_toml_str(&too_many, "t.toml", &base()).unwrap_or_else(|e| panic!("{e}"));
    let diff = s.run(Lang::En).difference.unwrap_or_default();
    assert!(
        diff.contains("rolled 2 dice [4, 3] but 3 were scripted"),
        "{diff}"
    );
}

#[test]
fn reading_errors_name_the_file_line_and_field() {
    let bad_name = format!(
        "{SMALL}\n[[actions]]\nseat = 1\ndo = \"close_attack\"\nfigure = \"A\"\ntarget = \"Z\"\n"
    );
    let e = from_toml_str(&bad_name, "t.toml", &base())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.starts_with("t.toml:17:"), "{e}");
    assert!(e.contains("actions[0].target"), "{e}");
    assert!(e.contains("no figure is named `Z`"), "{e}");

    // `[expect.figure.X]` needs no `[expect]` line above it; an error in it names its line.
    let implicit = format!("{SMALL}\n[expect.figure.A]\ntokens = 0\n");
    assert!(from_toml_str(&implicit, "t.toml", &base()).is_ok());
    let e = from_toml_str(
        &format!("{SMALL}\n[expect.figure.Z]\ntokens = 0\n"),
        "t.toml",
        &base(),
    )
    .err()
    .map(|e| e.to_string())
    .unwrap_or_default();
    assert!(
        e.starts_with("t.toml:17:") && e.contains("expect.figure.Z"),
        "{e}"
    );

    let bad_action = format!("{SMALL}\n[[actions]]\nseat = 1\ndo = \"jump\"\nfigure = \"A\"\n");
    let e = from_toml_str(&bad_action, "t.toml", &base())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        e.contains("actions[0].do") && e.contains("unknown action `jump`"),
        "{e}"
    );

    let bad_dial = SMALL.replace("\"7 8 15 2\"]\n[[figure]]", "\"7 x 15 2\"]\n[[figure]]");
    let e = from_toml_str(&bad_dial, "t.toml", &base())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        e.starts_with("t.toml:6:") && e.contains("figure[0]") && e.contains("dial[1]"),
        "{e}"
    );

    let unknown_key = SMALL.replace("square = \"1,0\"", "square = \"1,0\"\nspeed = 3");
    let e = from_toml_str(&unknown_key, "t.toml", &base())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        e.contains("figure[1].speed") && e.contains("unknown field"),
        "{e}"
    );

    let bad_ata = SMALL.replace("[map]", "[[seat]]\nata = \"ata1\"\n[map]");
    let e = from_toml_str(&bad_ata, "t.toml", &base())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        e.contains("seat[0].ata") && e.contains("`ata1`") && e.contains("did you mean"),
        "{e}"
    );

    let bad_toml = "title = \"t\"\nsource = \"s\"\n[map]\nrows = [\"..\"]\nwalls = 3\n";
    let e = from_toml_str(bad_toml, "t.toml", &base())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.starts_with("t.toml:5:") && e.contains("walls"), "{e}");
}

fn e(c: Change) -> Effect {
    Effect::new(c, "test", "test")
}

#[test]
fn golden_rule_replace_then_modify() {
    // Replacements first, whatever order the effects came in, then the sum of modifiers.
    assert_eq!(
        compute(10, vec![e(Change::Modify(1)), e(Change::Set(14))]).value,
        15
    );
    assert_eq!(
        compute(10, vec![e(Change::Modify(1)), e(Change::Double)]).value,
        21
    );
}

#[test]
fn golden_rule_of_three_caps_the_sum_of_modifiers() {
    assert_eq!(
        compute(16, vec![e(Change::Modify(2)), e(Change::Modify(2))]).value,
        19
    );
    assert_eq!(
        compute(16, vec![e(Change::Modify(-2)), e(Change::Modify(-2))]).value,
        13
    );
    // A replacement may move the value further than 3 before the modifiers.
    assert_eq!(
        compute(8, vec![e(Change::Set(14)), e(Change::Modify(4))]).value,
        17
    );
}

#[test]
fn golden_rule_of_minimums_and_rounding_up() {
    assert_eq!(
        compute(1, vec![e(Change::Modify(-3))]).value,
        0,
        "never below zero"
    );
    assert_eq!(
        compute(1, vec![e(Change::Modify(-3)), e(Change::Minimum(2))]).value,
        2
    );
    assert_eq!(
        compute(5, vec![e(Change::Halve)]).value,
        3,
        "FAQ: always round up"
    );
    // A locked value ignores every other replacement and modifier, but not the minimum.
    assert_eq!(
        compute(10, vec![e(Change::Lock(4)), e(Change::Modify(2))]).value,
        4
    );
    assert_eq!(
        compute(10, vec![e(Change::Lock(0)), e(Change::Minimum(1))]).value,
        1
    );
}
