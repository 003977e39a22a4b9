//! `skirmish play` as a user runs it: bots at every seat, and a person at the terminal whose
//! answers come from a pipe.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The scenario files as absolute paths, so the game can run in a scratch folder.
fn files() -> Vec<String> {
    let r = root();
    let p = |rel: &str| r.join(rel).display().to_string();
    vec![
        "--map".into(),
        p("maps/harbour-district.toml"),
        "--teams".into(),
        format!(
            "{},{}",
            p("content/heroclix/teams/wardens.toml"),
            p("content/heroclix/teams/ravagers.toml")
        ),
        "--content".into(),
        p("content/heroclix"),
    ]
}

/// Runs `skirmish` in `dir` with `input` on stdin (then closed).
fn skirmish(dir: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("skirmish runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // A game that ends before reading everything closes its end of the pipe.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("skirmish ends")
}

fn play(dir: &Path, extra: &[&str], input: &str) -> Output {
    let files = files();
    let mut args = vec!["play", "heroclix"];
    args.extend(extra);
    args.extend(files.iter().map(String::as_str));
    skirmish(dir, &args, input)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn verify(dir: &Path, replay: &str) -> String {
    let o = skirmish(dir, &["replay", replay, "--verify"], "");
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    stdout(&o)
}

/// Rules options on the command line: printed at the start, kept in the replay (which
/// verifies), and a wrong one refused with the options there are.
#[test]
fn rules_options_are_played_and_a_wrong_one_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let o = play(
        dir.path(),
        &[
            "--seats",
            "ai:greedy,ai:greedy",
            "--seed",
            "5",
            "--rounds",
            "2",
            "--option",
            "era=pac2010",
            "--option",
            "combat_reflexes=ignore",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("Rules options: era = \"pac2010\", combat_reflexes = \"ignore\""),
        "{out}"
    );
    let replay = dir.path().join("heroclix-seed5.replay.json");
    let text = std::fs::read_to_string(&replay).unwrap();
    assert!(
        text.contains("\"combat_reflexes\": \"ignore\""),
        "the replay keeps the options"
    );
    let v = skirmish(
        dir.path(),
        &["replay", replay.to_str().unwrap(), "--verify"],
        "",
    );
    assert!(v.status.success(), "{}", stderr(&v));

    let bad = play(
        dir.path(),
        &[
            "--seats",
            "ai:greedy,ai:greedy",
            "--option",
            "reflexes=elect",
        ],
        "",
    );
    assert!(!bad.status.success());
    let err = stderr(&bad);
    assert!(
        err.contains("reflexes") && err.contains("combat_reflexes"),
        "{err}"
    );
    let bad = play(
        dir.path(),
        &["--seats", "ai:greedy,ai:greedy", "--option", "era"],
        "",
    );
    assert!(stderr(&bad).contains("NAME=VALUE"), "{}", stderr(&bad));
}

#[test]
fn bots_play_a_whole_game_with_a_log_and_a_replay_that_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let o = play(
        dir.path(),
        &[
            "--seats",
            "ai:random,ai:greedy",
            "--seed",
            "7",
            "--rounds",
            "4",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("seed 7"), "{out}");
    assert!(out.contains("=== Round 1 ==="), "{out}");
    assert!(out.contains("=== Round 4 ==="), "{out}");
    assert!(
        // Seats are named by their teams in the log.
        out.contains("--- Wardens (player 1)'s turn")
            || out.contains("--- Ravagers (player 2)'s turn"),
        "{out}"
    );
    assert!(out.contains("Game over"), "{out}");
    assert!(out.contains("Result: "), "{out}");
    assert!(out.contains("Victory points:"), "{out}");
    assert!(out.contains("Ravagers (player 2, ai:greedy): "), "{out}");
    // The replay goes to the current folder by default.
    assert!(out.contains("heroclix-seed7.replay.json"), "{out}");
    assert!(dir.path().join("heroclix-seed7.replay.json").is_file());
    let checked = verify(dir.path(), "heroclix-seed7.replay.json");
    assert!(checked.contains("verified"), "{checked}");
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    let a = play(
        dir.path(),
        &[
            "--seats",
            "ai:greedy,ai:greedy",
            "--seed",
            "11",
            "--rounds",
            "3",
            "--replay",
            "a.json",
        ],
        "",
    );
    let b = play(
        dir.path(),
        &[
            "--seats",
            "ai:greedy,ai:greedy",
            "--seed",
            "11",
            "--rounds",
            "3",
            "--replay",
            "b.json",
        ],
        "",
    );
    assert!(
        a.status.success() && b.status.success(),
        "{}{}",
        stderr(&a),
        stderr(&b)
    );
    let read = |f: &str| std::fs::read_to_string(dir.path().join(f)).unwrap();
    assert_eq!(read("a.json"), read("b.json"));
}

#[test]
fn quiet_french_games_print_only_the_result() {
    let dir = tempfile::tempdir().unwrap();
    let o = play(
        dir.path(),
        &[
            "--seats",
            "ai:greedy,ai:random",
            "--seed",
            "3",
            "--rounds",
            "3",
            "--lang",
            "fr",
            "--quiet",
            "--replay",
            "partie.json",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(!out.contains("=== Round"), "{out}");
    assert!(out.contains("Résultat : "), "{out}");
    assert!(out.contains("Points de victoire"), "{out}");
    assert!(out.contains("partie.json"), "{out}");
    verify(dir.path(), "partie.json");
}

#[test]
fn french_log_uses_french_event_texts() {
    let dir = tempfile::tempdir().unwrap();
    let o = play(
        dir.path(),
        &[
            "--seats",
            "ai:greedy,ai:greedy",
            "--seed",
            "5",
            "--rounds",
            "2",
            "--lang",
            "fr",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Premier joueur"), "{out}");
    assert!(out.contains("Tour de "), "{out}");
    assert!(out.contains("Fin de la partie"), "{out}");
}

#[test]
fn a_human_gets_the_board_the_figures_and_numbered_actions_and_bad_input_reprompts() {
    let dir = tempfile::tempdir().unwrap();
    let o = play(
        dir.path(),
        &[
            "--seats",
            "human,ai:greedy",
            "--seed",
            "3",
            "--rounds",
            "2",
            "--replay",
            "h.json",
        ],
        "?\nabc\n0\n999\n\n1\nA\nA 99,99\nhint\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // The board with its rulers, the figure table, what is asked and the numbered actions.
    assert!(out.contains(" 0  1  2  3"), "{out}");
    assert!(out.contains("The Captain"), "{out}");
    assert!(out.contains("damage taken 0"), "{out}");
    assert!(out.contains("choose your deployment zone"), "{out}");
    assert!(out.contains("[1] Deploy in zone"), "{out}");
    // Help, then three bad answers each explained, then the choice echoed in words.
    assert!(out.contains("Type the number of an action"), "{out}");
    assert!(out.contains("'abc' is not an action number"), "{out}");
    assert!(out.contains("There is no action number 0"), "{out}");
    assert!(out.contains("There is no action number 999"), "{out}");
    assert!(out.contains("> Deploy in zone"), "{out}");
    // Placing figures: a line per figure; its letter shows its squares, numbered; a square it
    // cannot take is explained.
    assert!(out.contains("A  The Captain — place ("), "{out}");
    assert!(out.contains("`auto` to deploy the rest"), "{out}");
    assert!(out.contains("Place The Captain (A) on:"), "{out}");
    assert!(
        out.contains("99,99 is not a free square of your deployment zone"),
        "{out}"
    );
    assert!(out.contains("The greedy bot would play"), "{out}");
    // The input closes: the game stops cleanly and its replay still verifies.
    assert!(out.contains("The input closed"), "{out}");
    assert!(out.contains("h.json"), "{out}");
    verify(dir.path(), "h.json");
}

#[test]
fn a_human_can_play_a_game_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    // Always the first action: the first free square when placing, then the pass action of
    // each figure in turn, and ending the turn once nothing else is left.
    let input = "1\n".repeat(400);
    let o = play(
        dir.path(),
        &[
            "--seats",
            "ai:greedy,human",
            "--seed",
            "9",
            "--rounds",
            "1",
            "--replay",
            "g.json",
        ],
        &input,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Result: "), "{out}");
    assert!(out.contains("> End the turn"), "{out}");
    assert!(out.contains("passes (no token, not counted)"), "{out}");
    verify(dir.path(), "g.json");
}

#[test]
fn a_human_can_resign() {
    let dir = tempfile::tempdir().unwrap();
    let o = play(
        dir.path(),
        &[
            "--seats",
            "human,ai:random",
            "--seed",
            "4",
            "--replay",
            "r.json",
        ],
        // `q` is asked again: `n` goes on, the second `q` and `y` resign.
        "1\nq\nn\nq\ny\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Resign the game?"), "{out}");
    assert!(out.contains("The game goes on."), "{out}");
    assert!(out.contains("Wardens (player 1) resigns"), "{out}");
    assert!(out.contains("Ravagers (player 2) wins"), "{out}");
    // The replay says how the game ended, not "unfinished".
    let checked = verify(dir.path(), "r.json");
    assert!(
        checked.contains("outcome: ") && checked.contains("resigned"),
        "{checked}"
    );
    assert!(!checked.contains("unfinished"), "{checked}");
}

#[test]
fn moves_and_attacks_are_described_in_words() {
    let dir = tempfile::tempdir().unwrap();
    // The greedy bot deploys and plays seat 1; the person passes through round 1 and is
    // asked again in round 2, when figures can move and some can shoot.
    let o = play(
        dir.path(),
        &[
            "--seats",
            "human,ai:greedy",
            "--seed",
            "2",
            "--rounds",
            "3",
            "--replay",
            "m.json",
        ],
        &"A\n1\n".repeat(60),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // A turn is shown by figure; the figure's letter lists its moves.
    assert!(out.contains("A  The Captain — move ("), "{out}");
    assert!(out.contains("Move The Captain (A)"), "{out}");
    assert!(out.contains("to square (squares moved)"), "{out}");
    assert!(out.contains("[2] "), "{out}");
    verify(dir.path(), "m.json");
}

#[test]
fn bad_seats_are_refused_with_the_choices() {
    let dir = tempfile::tempdir().unwrap();
    let o = play(dir.path(), &["--seats", "ai:clever,human"], "");
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains("unknown bot `clever`"), "{err}");
    assert!(err.contains("random, greedy"), "{err}");

    let o = play(dir.path(), &["--seats", "human"], "");
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("1 seat(s) for 2 team(s)"),
        "{}",
        stderr(&o)
    );

    let o = skirmish(dir.path(), &["play", "chess"], "");
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("unknown ruleset 'chess'; this program plays: heroclix, heroscape"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn heroscape_is_played_to_the_end_by_two_random_bots_and_its_replay_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let out = skirmish(
        dir.path(),
        &[
            "play",
            "heroscape",
            "--seats",
            "ai:random,ai:greedy",
            "--seed",
            "3",
            "--set",
            "rounds=4",
        ],
        "",
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{text}\n{}", stderr(&out));
    assert!(text.contains("order marker"), "{text}");
    assert!(text.contains("Game over"), "{text}");
    let replay = dir.path().join("heroscape-seed3.replay.json");
    let out = skirmish(
        dir.path(),
        &["replay", replay.to_str().unwrap(), "--verify"],
        "",
    );
    assert!(out.status.success(), "{}\n{}", stdout(&out), stderr(&out));
}

/// The shared HeroScape data (never copied into the repository): beside the workspace, or
/// `$SKIRMISH_SHARED/data/heroscape`.
fn heroscape_data() -> PathBuf {
    let beside = root().join("../shared/data/heroscape");
    let dir = if beside.is_dir() {
        beside
    } else {
        std::env::var_os("SKIRMISH_SHARED")
            .map(|s| PathBuf::from(s).join("data/heroscape"))
            .unwrap_or(beside)
    };
    assert!(
        dir.is_dir(),
        "the shared HeroScape data is missing: expected it at {} (or set SKIRMISH_SHARED)",
        dir.display()
    );
    dir
}

/// `--map` takes a Virtualscape file from the user's folder: this one marks no start zone, so
/// zones are made at its edges; the game is played to the end and its replay verifies. The
/// armies can also be drafted from the army builder's catalogue (`--content`).
#[test]
fn heroscape_is_played_on_a_shared_hsc_map_and_drafted_from_a_real_catalogue() {
    let dir = tempfile::tempdir().unwrap();
    let data = heroscape_data();
    let map = data.join("virtualscape/Castle_vs_elements.hsc");
    let map = map.to_str().unwrap();
    let out = skirmish(
        dir.path(),
        &[
            "play",
            "heroscape",
            "--map",
            map,
            "--seats",
            "ai:random,ai:greedy",
            "--seed",
            "5",
            "--set",
            "rounds=3",
            "--quiet",
        ],
        "",
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{text}\n{}", stderr(&out));
    assert!(text.contains("Game over"), "{text}");
    verify(dir.path(), "heroscape-seed5.replay.json");

    let cards = data.join("heroscape-cards.json");
    let out = skirmish(
        dir.path(),
        &[
            "play",
            "heroscape",
            "--map",
            map,
            "--content",
            cards.to_str().unwrap(),
            "--seats",
            "ai:greedy,ai:random",
            "--seed",
            "6",
            "--set",
            "rounds=2",
            "--set",
            "army_mode=draft",
            "--set",
            "pool=catalogue",
            "--set",
            "points=250",
        ],
        "",
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{text}\n{}", stderr(&out));
    assert!(
        text.contains(" drafts ") && text.contains("The draft is over"),
        "{text}"
    );
    verify(dir.path(), "heroscape-seed6.replay.json");

    // A map file that cannot be read is named.
    let out = skirmish(
        dir.path(),
        &[
            "play",
            "heroscape",
            "--map",
            "nowhere.hsc",
            "--seats",
            "ai:random,ai:random",
        ],
        "",
    );
    assert!(!out.status.success());
    assert!(stderr(&out).contains("nowhere.hsc"), "{}", stderr(&out));
}
