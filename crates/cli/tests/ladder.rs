//! `skirmish ladder` as a user runs it: a tiny ladder end to end, the same table for the same
//! seed, and a clear error for a bad bot name.

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
fn a_tiny_heroclix_ladder_prints_the_same_table_for_the_same_seed() {
    let args = [
        "ladder",
        "heroclix",
        "--games",
        "2",
        "--bots",
        "random,greedy,mcts:20i",
        "--seed",
        "3",
    ];
    let first = skirmish(&args);
    assert!(first.status.success(), "{}", text(&first.stderr));
    let out = text(&first.stdout);
    for line in [
        "ladder: heroclix, 2 games per pair, seed 3",
        "greedy vs random",
        "mcts:20i vs random",
        "mcts:20i vs greedy",
        "95 % interval",
        "rating (Elo, random = 1000)",
    ] {
        assert!(out.contains(line), "no `{line}` in:\n{out}");
    }
    // Every pairing played its two games.
    let played: u32 = out
        .lines()
        .filter(|l| l.contains(" vs "))
        .map(|l| {
            let n: Vec<u32> = l
                .split_whitespace()
                .skip(3)
                .take(3)
                .map(|w| w.parse().unwrap())
                .collect();
            n.iter().sum::<u32>()
        })
        .sum();
    assert_eq!(played, 6, "{out}");
    let again = skirmish(&args);
    assert_eq!(text(&again.stdout), out, "the same seed played other games");
}

#[test]
fn a_time_budgeted_bot_has_its_decisions_clocked_against_its_budget() {
    let o = skirmish(&[
        "ladder",
        "heroclix",
        "--games",
        "2",
        "--bots",
        "random,mcts:20ms",
        "--seed",
        "5",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with("mcts:20ms") && l.contains("decisions"))
        .unwrap_or_else(|| panic!("no decision times in:\n{out}"));
    assert!(line.contains("over its 20 ms"), "{line}");
    let decisions: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert!(decisions > 20, "{line}");
    // The random bot has no time budget, so no line.
    assert!(!out
        .lines()
        .any(|l| l.trim_start().starts_with("random ") && l.contains("decisions")));
}

#[test]
fn a_tiny_heroscape_ladder_runs() {
    let o = skirmish(&[
        "ladder",
        "heroscape",
        "--games",
        "2",
        "--bots",
        "random,mcts:20i",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("mcts:20i vs random"));
}

#[test]
fn a_bad_bot_name_is_refused_with_the_reason() {
    let o = skirmish(&["ladder", "heroclix", "--bots", "random,mcts:10x"]);
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(err.contains("mcts:10x: unknown unit `x`"), "{err}");
    let o = skirmish(&["ladder", "heroclix", "--bots", "random"]);
    assert!(text(&o.stderr).contains("at least two bots"));
}
