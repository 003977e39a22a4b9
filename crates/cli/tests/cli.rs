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

fn recorded_fixture_replay() -> skirmish_engine::Replay {
    use skirmish_engine::fixtures::{LuckyPig, PigScenario};
    use skirmish_engine::{Game, Picker};
    let mut game: Game<LuckyPig> = Game::new(PigScenario::default(), 7).unwrap();
    let mut picker = Picker::new(3);
    for _ in 0..500 {
        let Some(seat) = game.pending_seats().first().copied() else {
            break;
        };
        let actions = game.legal_actions(seat);
        let Some(a) = picker.choose(&actions).cloned() else {
            break;
        };
        game.act(seat, a).unwrap();
    }
    game.replay().unwrap()
}

#[test]
fn replay_verify_accepts_a_recorded_game_and_rejects_a_tampered_one() {
    let dir = tempfile::tempdir().unwrap();
    let replay = recorded_fixture_replay();
    let good = dir.path().join("game.replay.json");
    std::fs::write(&good, replay.to_json().unwrap()).unwrap();
    let o = skirmish(&["replay", good.to_str().unwrap(), "--verify"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("verified"), "{}", stdout(&o));

    let mut bad = replay.clone();
    bad.final_hash = "0".repeat(64);
    let bad_path = dir.path().join("bad.replay.json");
    std::fs::write(&bad_path, bad.to_json().unwrap()).unwrap();
    let o = skirmish(&["replay", bad_path.to_str().unwrap(), "--verify"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("hash"), "{}", stderr(&o));

    let garbage = dir.path().join("garbage.json");
    std::fs::write(&garbage, "{ not json").unwrap();
    let o = skirmish(&["replay", garbage.to_str().unwrap(), "--verify"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("garbage.json"), "{}", stderr(&o));
}

/// The shared HeroScape card data beside the repository (looked for above it, so that work
/// trees find it too).
fn heroscape_cards() -> PathBuf {
    let rel = "shared/data/heroscape/heroscape-cards.json";
    root()
        .ancestors()
        .map(|a| a.join(rel))
        .find(|p| p.exists())
        .unwrap_or_else(|| root().join("..").join(rel))
}

#[test]
fn import_heroscape_cards_writes_card_files_and_reports_coverage() {
    let out = tempfile::tempdir().expect("a temporary folder");
    let data = heroscape_cards();
    let o = skirmish(&[
        "import",
        "heroscape-cards",
        data.to_str().expect("a UTF-8 path"),
        "--out",
        out.path().to_str().expect("a UTF-8 path"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("322 card files written"), "{text}");
    assert!(text.contains("Airborne Elite (airborne-elite)"), "{text}");
    assert!(text.contains("of 322 cards fully expressed"), "{text}");
    let files = std::fs::read_dir(out.path()).expect("the folder").count();
    assert_eq!(files, 322);
    let grimnak = std::fs::read_to_string(out.path().join("grimnak.toml")).expect("Grimnak's file");
    assert!(grimnak.contains("base = 2"), "{grimnak}");

    let o = skirmish(&["--lang", "fr", "import", "heroscape-cards", "nowhere.json"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("nowhere.json"), "{}", stderr(&o));
}
