//! Replays written by the `skirmish` of commit b9152e4 (before the engine stopped hashing every
//! action): they must still verify, action by action and at the end, so that replays players
//! saved and games stored by servers stay readable. If a change to the rules or to the state's
//! serialization breaks one, either the change is a bug, or the hash format's version must
//! change with a reader for the old one.

use skirmish_engine::Replay;
use skirmish_heroclix::HeroClix;

fn verify(name: &str) {
    let path = format!("{}/tests/golden/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("golden replay present");
    let replay = Replay::from_json(&text).expect("golden replay reads");
    assert!(
        replay.actions.iter().all(|a| a.hash.is_some()),
        "{name}: golden replays carry a hash per action"
    );
    let game = replay
        .verify::<HeroClix>()
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(game.outcome(), replay.outcome, "{name}");
}

#[test]
fn random_against_greedy() {
    verify("seed1.replay.json");
}

#[test]
fn greedy_against_greedy_2010_powers() {
    verify("seed2-pac2010.replay.json");
}

#[test]
fn capture_team() {
    verify("seed3-capture.replay.json");
}

#[test]
fn theme_teams_and_tactics() {
    verify("seed4-tactics.replay.json");
}

#[test]
fn event_dial() {
    verify("seed5-event.replay.json");
}
