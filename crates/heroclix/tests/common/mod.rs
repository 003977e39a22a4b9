//! Scenarios and invariants shared by the bot tests.
#![allow(dead_code)]

use std::path::PathBuf;

use skirmish_heroclix::bots::{load_scenario, ScenarioFiles};
use skirmish_heroclix::game::{Scenario, State};

/// The workspace root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The two starter teams on the sample outdoor map, `rounds` rounds at most.
pub fn starter_scenario(rounds: u32) -> Scenario {
    let r = root();
    load_scenario(&ScenarioFiles {
        content: r.join("content/heroclix"),
        map: r.join("maps/harbour-district.toml"),
        teams: vec![
            r.join("content/heroclix/teams/wardens.toml"),
            r.join("content/heroclix/teams/ravagers.toml"),
        ],
        round_limit: Some(rounds),
    })
    .expect("the starter scenario loads")
}

/// The two sample teams that bring tactics (feats, objects, battlefield conditions), with theme
/// teams on, on the sample outdoor map.
pub fn tactics_scenario(rounds: u32) -> Scenario {
    let r = root();
    let mut s = load_scenario(&ScenarioFiles {
        content: r.join("content/heroclix"),
        map: r.join("maps/harbour-district.toml"),
        teams: vec![
            r.join("content/heroclix/teams/watch-patrol.toml"),
            r.join("content/heroclix/teams/salvage-crew.toml"),
        ],
        round_limit: Some(rounds),
    })
    .expect("the tactics scenario loads");
    s.options.theme_teams = true;
    s
}

/// The Detention Squad (the Ironwarden Seeker: Capture and multiple attacks) against the
/// Ravagers on the sample outdoor map.
pub fn capture_scenario(rounds: u32) -> Scenario {
    let r = root();
    load_scenario(&ScenarioFiles {
        content: r.join("content/heroclix"),
        map: r.join("maps/harbour-district.toml"),
        teams: vec![
            r.join("content/heroclix/teams/detention-squad.toml"),
            r.join("content/heroclix/teams/ravagers.toml"),
        ],
        round_limit: Some(rounds),
    })
    .expect("the capture scenario loads")
}

/// Invariants of the base game that hold after every action (the same as
/// `crates/heroclix/tests/playouts.rs`).
pub fn invariants(s: &State) -> Result<(), String> {
    skirmish_heroclix::game::check_invariants(s)
}
