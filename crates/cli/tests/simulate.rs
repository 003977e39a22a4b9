//! `skirmish simulate` as a user runs it: a tiny HeroClix matchup with its report, JSON and
//! charts, the same report whatever `--jobs`, a sweep's table and heat map, and errors that
//! name the bad team.

use std::path::PathBuf;
use std::process::{Command, Output};

fn skirmish(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(args)
        .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .output()
        .expect("skirmish runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_tiny_heroclix_matchup_reports_and_draws_its_charts() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().to_str().unwrap();
    let args = [
        "simulate", "heroclix", "wardens", "ravagers", "--games", "4", "--bots", "random",
        "--seed", "5", "--jobs", "1", "--out", out_dir,
    ];
    let first = skirmish(&args);
    assert!(first.status.success(), "{}", text(&first.stderr));
    let out = text(&first.stdout);
    for line in [
        "simulate: heroclix, Wardens against Ravagers, 4 games, seed 5",
        "wins of Wardens",
        "draws",
        "victory points",
        "game length (actions)",
        "95 % interval",
    ] {
        assert!(out.contains(line), "no `{line}` in:\n{out}");
    }
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("report.json")).unwrap())
            .unwrap();
    assert_eq!(report["records"].as_array().unwrap().len(), 4);
    let png = std::fs::read(dir.path().join("vp.png")).unwrap();
    assert_eq!(&png[..4], b"\x89PNG");
    let svg = std::fs::read_to_string(dir.path().join("winrate.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("Wardens"));

    // Two threads play the same games: the report is the same, the files aside.
    let mut two = args.to_vec();
    two.truncate(args.len() - 4);
    two.extend(["--jobs", "2"]);
    let again = skirmish(&two);
    let table = |s: &str| s.split("\nwritten:").next().unwrap_or("").to_string();
    assert_eq!(table(&text(&again.stdout)), table(&out));
}

#[test]
fn a_sweep_prints_its_table_in_french() {
    let dir = tempfile::tempdir().unwrap();
    let run = skirmish(&[
        "--lang",
        "fr",
        "simulate",
        "heroclix",
        "--teams",
        "wardens",
        "ravagers",
        "scrapyard",
        "--games",
        "2",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let out = text(&run.stdout);
    assert!(
        out.contains("balayage : 3 équipes, 3 rencontres, 2 parties chacune"),
        "{out}"
    );
    assert!(out.contains("#3 "), "{out}");
    assert!(dir.path().join("heatmap.png").is_file());
    assert!(dir.path().join("sweep.json").is_file());
}

#[test]
fn a_bad_team_is_named() {
    let run = skirmish(&["simulate", "heroclix", "wardens", "nobody", "--games", "2"]);
    assert!(!run.status.success());
    let err = text(&run.stderr);
    assert!(err.contains("team 'nobody'"), "{err}");
    assert!(err.contains("ravagers"), "{err}");
}
