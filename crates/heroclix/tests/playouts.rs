//! Random playouts of whole HeroClix games, checking the rules' invariants after every action
//! and that every game replays to the same final state.

use std::path::PathBuf;

use skirmish_board::square::load_square_map;
use skirmish_engine::conformance::random_playouts;
use skirmish_heroclix::content::{load_figure_folder, Catalogue};
use skirmish_heroclix::game::{Options, Scenario, State};
use skirmish_heroclix::team::load_team;
use skirmish_heroclix::HeroClix;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

const PLAYOUT_GAMES: u64 = 30;

/// The two sample teams on the sample outdoor map, 20 rounds at most.
pub fn starter_scenario() -> Scenario {
    let catalogue = Catalogue::new(load_figure_folder(root().join("content/heroclix")).unwrap());
    let teams = ["wardens", "ravagers"]
        .iter()
        .map(|t| {
            load_team(root().join(format!("content/heroclix/teams/{t}.toml")))
                .unwrap()
                .to_setup(&catalogue)
                .unwrap()
        })
        .collect();
    Scenario {
        maps: vec![load_square_map(root().join("maps/harbour-district.toml")).unwrap()],
        teams,
        options: Options {
            build_total: 300,
            round_limit: Some(20),
            ..Options::default()
        },
        position: None,
        objects: Vec::new(),
        event: None,
    }
}

/// A team bringing an alternate team ability card (the Lighthouse Guard: Wardens with
/// Defenders) against the Ravagers, 20 rounds at most.
pub fn ata_scenario() -> Scenario {
    let catalogue = Catalogue::new(load_figure_folder(root().join("content/heroclix")).unwrap());
    let mut s = starter_scenario();
    s.teams[0] = load_team(root().join("content/heroclix/teams/lighthouse-guard.toml"))
        .unwrap()
        .to_setup(&catalogue)
        .unwrap();
    assert!(s.teams[0].tactics.ata.is_some());
    s
}

/// Invariants of the base game that hold after every action.
pub fn invariants(s: &State) -> Result<(), String> {
    skirmish_heroclix::game::check_invariants(s)
}

/// The starter teams' games in two halves, so that the test harness runs them on two cores.
fn starter_teams_play(seeds: std::ops::Range<u64>) {
    let n = seeds.end - seeds.start;
    let stats =
        random_playouts::<HeroClix>(&starter_scenario(), seeds, 20_000, invariants).unwrap();
    assert_eq!(stats.games, n);
}

#[test]
fn starter_teams_play_whole_games_cleanly_first_half() {
    starter_teams_play(0..PLAYOUT_GAMES / 2);
}

#[test]
fn starter_teams_play_whole_games_cleanly_second_half() {
    starter_teams_play(PLAYOUT_GAMES / 2..PLAYOUT_GAMES);
}

#[test]
fn a_team_with_an_ata_card_plays_whole_games_cleanly() {
    let stats = random_playouts::<HeroClix>(&ata_scenario(), 0..5, 20_000, invariants).unwrap();
    assert_eq!(stats.games, 5);
}

#[test]
fn hereditary_enemies_play_whole_games_cleanly() {
    // Captain Varga and Baron Ashgrave, on the two sample teams, have hereditary-enemy rings.
    let mut s = starter_scenario();
    s.options.powers.hereditary_enemies =
        skirmish_heroclix::game::powers::HereditaryEnemies::AnyRing;
    let stats = random_playouts::<HeroClix>(&s, 0..5, 20_000, invariants).unwrap();
    assert_eq!(stats.games, 5);
}
