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

/// A small HeroScape battlefield: a row of seven grass hexes at level 1 (`0,0` to `6,0`), a tree
/// 10 levels tall on `3,0`, and a stack of six more grass tiles on `5,0` (its top at level 7).
fn heroscape_row(dir: &std::path::Path) -> PathBuf {
    let mut text = String::from(
        "format = \"skirmish-heroscape-battlefield/1\"\nname = \"Row\"\n\n[[start]]\nplayer = 1\nhexes = [\"0,0\"]\n\n[[start]]\nplayer = 2\nhexes = [\"6,0\"]\n",
    );
    for q in 0..7 {
        text.push_str(&format!("\n[[piece]]\npiece = \"g1\"\nat = \"{q},0\"\n"));
    }
    text.push_str("\n[[piece]]\npiece = \"tr10\"\nat = \"3,0\"\nlevel = 1\n");
    for level in 1..7 {
        text.push_str(&format!(
            "\n[[piece]]\npiece = \"g1\"\nat = \"5,0\"\nlevel = {level}\n"
        ));
    }
    let path = dir.join("row.toml");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn heroscape_los_names_the_tree_that_blocks_and_where() {
    let dir = tempfile::tempdir().unwrap();
    let map = heroscape_row(dir.path());
    let map = map.to_str().unwrap();
    // The attacker on 0,0, the target on 2,0: nothing in between.
    let o = skirmish(&["los", map, "0,0", "2,0"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("CLEAR"), "{out}");
    assert!(out.contains("Range: 2 hexes"), "{out}");
    // Across the tree on 3,0 to 4,0: blocked in the tree's hex, the tree named with its levels.
    let o = skirmish(&["los", map, "0,0", "4,0", "--height", "4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("BLOCKED"), "{out}");
    assert!(
        out.contains("is stopped on 3,0 at height")
            && out.contains("a tree on 3,0 (levels 1 to 11)"),
        "{out}"
    );
    for hex in ["0,0", "1,0", "2,0", "3,0", "4,0"] {
        assert!(
            out.contains(&format!("\n  {hex} ")),
            "{hex} not listed: {out}"
        );
    }
    // The picture marks the attacker, the target and the stop, every line within 80 columns.
    assert!(
        out.contains("A 1+") && out.contains("T 1+") && out.contains("X11+"),
        "{out}"
    );
    // The map and its legend fit 80 columns (the sentences above it wrap as any text does).
    let map_part = &out[out.find("Row (7 hexes").expect("the map is drawn")..];
    assert!(map_part.lines().all(|l| l.chars().count() <= 80), "{out}");
    // In French, with the rulebook's words.
    let o = skirmish(&["--lang", "fr", "los", map, "0,0", "4,0"]);
    let out = stdout(&o);
    assert!(
        out.contains("BLOQUÉE") && out.contains("un arbre en 3,0"),
        "{out}"
    );
    assert!(out.contains("zone de frappe"), "{out}");
    // From the top of the stack on 5,0 (level 7) down to 6,0: clear, one more attack die for
    // the height.
    let o = skirmish(&["los", map, "5,0", "6,0", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["clear"], true);
    assert_eq!(v["attack_bonus"], 1, "{v}");
    assert_eq!(
        v["line"]["from"]["z"], 11.5,
        "target point half a level under the top"
    );
}

#[test]
fn heroscape_los_with_a_figure_in_the_way_and_bad_hexes() {
    let dir = tempfile::tempdir().unwrap();
    let map = heroscape_row(dir.path());
    let map = map.to_str().unwrap();
    let o = skirmish(&["los", map, "0,0", "2,0", "--figure", "1,0:9"]);
    let out = stdout(&o);
    assert!(
        out.contains("BLOCKED") && out.contains("figure 1 on 1,0"),
        "{out}"
    );
    // A short figure in the way hides only part of the target.
    let o = skirmish(&["los", map, "0,0", "2,0", "--figure", "1,0:2"]);
    let out = stdout(&o);
    assert!(
        out.contains("CLEAR") && out.contains("figure 1 on 1,0: from height"),
        "{out}"
    );
    let o = skirmish(&["los", map, "0,0", "9,9"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("9,9 is not a hex of the battlefield Row"),
        "{}",
        stderr(&o)
    );
    let o = skirmish(&["los", map, "3,0", "0,0"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("nothing to stand on at 3,0 (a tree (1-11))"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn heroscape_reach_lists_places_a_path_and_why_not() {
    let dir = tempfile::tempdir().unwrap();
    let map = heroscape_row(dir.path());
    let map = map.to_str().unwrap();
    // From 0,0 with move 5: 1,0 and 2,0 (the tree stops the row); never 4,0 or beyond.
    let o = skirmish(&["reach", map, "0,0", "5", "--to", "2,0"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("2 place(s)"), "{out}");
    assert!(
        out.contains("1,0@1 (1)") && out.contains("2,0@1 (2)"),
        "{out}"
    );
    assert!(
        out.contains("Path to 2,0, cost 2: 0,0@1 (0) -> 1,0@1 (1) -> 2,0@1 (2)"),
        "{out}"
    );
    // 4,0 is beyond the tree: no way at all on a one-hex-wide row.
    let o = skirmish(&["reach", map, "0,0", "5", "--to", "4,0"]);
    let out = stdout(&o);
    assert!(
        out.contains("Cannot end on 4,0: no way leads there"),
        "{out}"
    );
    // From 4,0 up the stack on 5,0: six levels in one step, more than height 5.
    let o = skirmish(&["reach", map, "4,0", "9", "--to", "5,0"]);
    let out = stdout(&o);
    assert!(out.contains("Cannot end on 5,0: every way there climbs higher than the figure may in one step: from 4,0 (level 1) to 5,0 (level 7) is 6 levels, at most 5"), "{out}");
    // A taller figure climbs it, paying a space per level.
    let o = skirmish(&["reach", map, "4,0", "9", "--height", "6", "--to", "5,0"]);
    let out = stdout(&o);
    assert!(out.contains("Path to 5,0, cost 7"), "{out}");
    // ...and a figure with move 4 is told how far it is, in French.
    let o = skirmish(&[
        "--lang", "fr", "reach", map, "4,0", "4", "--height", "6", "--to", "5,0",
    ]);
    let out = stdout(&o);
    assert!(out.contains("Impossible de finir en 5,0 : trop loin : le chemin le moins cher coûte 7, déplacement 4"), "{out}");
    // A flyer crosses the tree.
    let o = skirmish(&[
        "reach", map, "0,0", "5", "--flying", "--to", "4,0", "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(v["path"].is_array(), "{v}");
}

#[test]
fn heroscape_reach_explains_a_double_space_figure_with_both_hexes() {
    let dir = tempfile::tempdir().unwrap();
    let map = heroscape_row(dir.path());
    let map = map.to_str().unwrap();
    let o = skirmish(&["reach", map, "1,0+0,0", "5", "--to", "2,0"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("double base"), "{out}");
    assert!(out.contains("Path to 2,0"), "{out}");
    // On 4,0 beyond the tree: every way to stand there is refused, each with both hexes.
    let o = skirmish(&["reach", map, "1,0+0,0", "5", "--to", "4,0"]);
    let out = stdout(&o);
    assert!(
        out.contains("Cannot end on 4,0: on 4,0 with its other hex on "),
        "{out}"
    );
    assert!(out.contains("Other ways to stand there:"), "{out}");
    let o = skirmish(&["reach", map, "1,0", "5", "--base", "double"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("give both hexes"), "{}", stderr(&o));
}

#[test]
fn heroscape_map_show_draws_levels_within_80_columns() {
    let dir = tempfile::tempdir().unwrap();
    let map = heroscape_row(dir.path());
    let o = skirmish(&["map", "show", map.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Row (7 hexes, highest level 11)"), "{out}");
    assert!(out.contains("  0   11  1   1 #11   1   7   12"), "{out}");
    // The sample battlefields, built in: every line within 80 columns.
    for sample in [
        "maps/heroscape/riverbend-heights.toml",
        "maps/heroscape/broken-arch-ruins.toml",
    ] {
        let o = skirmish(&["map", "show", sample]);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
        let o = skirmish(&["map", "check", sample]);
        assert!(stdout(&o).contains(": ok ("), "{}", stdout(&o));
    }
}

/// The shared HeroScape battlefields beside the repository, or under `$SKIRMISH_SHARED`.
fn heroscape_maps() -> PathBuf {
    let rel = "shared/data/heroscape";
    root()
        .ancestors()
        .map(|a| a.join(rel))
        .find(|p| p.is_dir())
        .or_else(|| {
            std::env::var_os("SKIRMISH_SHARED").map(|s| PathBuf::from(s).join("data/heroscape"))
        })
        .expect("the shared HeroScape maps (../shared/data/heroscape or $SKIRMISH_SHARED)")
}

#[test]
fn heroscape_judge_works_on_the_shared_hsc_and_editor_maps() {
    let data = heroscape_maps();
    let giants = data.join("virtualscape/Table_des_geants.hsc");
    let giants = giants.to_str().unwrap();
    // The JSON answer lists the places; the first of them is a hex `los` accepts.
    let o = skirmish(&["reach", giants, "10,10", "4", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let dests = v["destinations"].as_array().unwrap();
    assert!(!dests.is_empty(), "{v}");
    assert!(dests.iter().all(|d| d["cost"].as_u64().unwrap() <= 4));
    let o = skirmish(&["los", giants, "10,10", "16,14"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("CLEAR") || out.contains("BLOCKED"), "{out}");
    assert!(out.contains("Range: "), "{out}");
    // Every shared map draws within 80 columns, in bands where it is wider.
    for dir in ["virtualscape", "maps"] {
        for entry in std::fs::read_dir(data.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            let o = skirmish(&["map", "show", path.to_str().unwrap()]);
            if !o.status.success() {
                // Files the reader refuses (the format's own test files) say why.
                assert!(!stderr(&o).is_empty(), "{}", path.display());
                continue;
            }
            let out = stdout(&o);
            assert!(
                out.lines().all(|l| l.chars().count() <= 80),
                "{}: {out}",
                path.display()
            );
        }
    }
}
