//! The `skirmish` command as a user runs it.

use std::path::PathBuf;
use std::process::{Command, Output};

fn skirmish(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("skirmish runs")
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn map_show_draws_the_sample_map_with_a_legend() {
    let o = skirmish(&["map", "show", "maps/harbour-district.toml"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Harbour District"), "{out}");
    assert!(out.contains("hindering"), "{out}");
}

#[test]
fn map_svg_writes_an_svg_document() {
    let o = skirmish(&["map", "svg", "maps/abandoned-lab.toml"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.trim_start().starts_with("<svg") || out.trim_start().starts_with("<?xml"));
    assert!(out.trim_end().ends_with("</svg>"));
}

#[test]
fn map_check_names_file_line_and_field_of_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(
        &bad,
        "[map]\nname = \"x\"\nkind = \"outdoor\"\nwidth = 3\nheight = 2\n\n[layers]\nterrain = \"\"\"\n...\n.x.\n\"\"\"\n",
    )
    .unwrap();
    let o = skirmish(&["map", "check", bad.to_str().unwrap()]);
    assert!(!o.status.success());
    let out = stdout(&o);
    assert!(out.contains("bad.toml:"), "{out}");
    assert!(out.contains("layers.terrain"), "{out}");
    assert!(out.contains("'x'"), "{out}");
}

#[test]
fn los_prints_verdict_squares_and_reasons_in_english_and_french() {
    let o = skirmish(&[
        "los",
        "maps/harbour-district.toml",
        "0,0",
        "5,3",
        "--occupied",
        "3,2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Line of fire 0,0 → 5,3"), "{out}");
    assert!(out.contains("Squares crossed: 0,0"), "{out}");
    assert!(out.contains("BLOCKED"), "{out}");
    assert!(out.contains("figure"), "{out}");
    let o = skirmish(&[
        "--lang",
        "fr",
        "los",
        "maps/harbour-district.toml",
        "0,0",
        "5,3",
    ]);
    assert!(
        stdout(&o).contains("Ligne de vue 0,0 → 5,3"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn los_json_is_machine_readable() {
    let o = skirmish(&["los", "maps/harbour-district.toml", "0,0", "3,0", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["distance"], 3);
    assert!(v["squares"].as_array().unwrap().len() == 4);
}

#[test]
fn los_off_the_map_is_a_clear_error() {
    let o = skirmish(&["los", "maps/harbour-district.toml", "0,0", "99,3"]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains("99,3") && err.contains("off the map"), "{err}");
    let o = skirmish(&["los", "maps/harbour-district.toml", "0;0", "1,1"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("x,y"), "{}", stderr(&o));
}

#[test]
fn reach_lists_squares_and_a_path() {
    let o = skirmish(&[
        "reach",
        "maps/harbour-district.toml",
        "2,0",
        "4",
        "--to",
        "2,2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("may move 4 square(s)"), "{out}");
    assert!(
        out.contains("Path to 2,2 (2 squares): 2,0 → 2,1 → 2,2"),
        "{out}"
    );
}

#[test]
fn reach_explains_an_unreachable_square() {
    let o = skirmish(&[
        "reach",
        "maps/harbour-district.toml",
        "2,0",
        "3",
        "--to",
        "2,10",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("Cannot end the move on 2,10"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn unknown_language_is_refused() {
    let o = skirmish(&["--lang", "de", "map", "show", "maps/harbour-district.toml"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("unknown language"), "{}", stderr(&o));
}
