//! A whole HeroScape game between two random bots, 300 points a side, on the sample battlefield
//! *Riverbend Heights* (`maps/heroscape/riverbend-heights.toml`), for the benchmark
//! (`benches/games.rs`) and the instruction counts (`examples/callgrind_game.rs`).

use std::sync::Arc;

use skirmish_bots::{bot_seed, play_game, RandomBot};
use skirmish_engine::{Game, Seat};
use skirmish_heroscape::army::Army;
use skirmish_heroscape::battlefield::samples;
use skirmish_heroscape::card::sample_cards;
use skirmish_heroscape::game::{HeroScape, PlayerSetup, Scenario};
use skirmish_heroscape::present::DEFAULT_ROUNDS;

/// The points each army may spend.
pub const POINTS: u32 = 300;

/// Two 300-point armies of the shipped sample cards (`content/heroscape/cards`): heroes and
/// squads, melee and range, one double-space figure (the drake); 11 figures against 8.
const ARMIES: [(&str, &[&str]); 2] = [
    (
        "Greywatch Muster",
        &[
            "captain-oriel-vance",
            "fenmarsh-longbows",
            "saltmarsh-skirmishers",
            "ashgrove-spearmen",
        ],
    ),
    (
        "Cinder Vanguard",
        &["cinder-drake", "ashgrove-spearmen", "gravemoor-wights"],
    ),
];

/// The scenario: the two armies on Riverbend Heights, the game's default round limit.
pub fn scenario() -> Scenario {
    let catalogue = sample_cards();
    let players = ARMIES
        .iter()
        .enumerate()
        .map(|(i, (name, ids))| {
            let ids: Vec<String> = ids.iter().map(|s| s.to_string()).collect();
            let army = Army::build(name, POINTS, &ids, &catalogue)
                .unwrap_or_else(|p| panic!("{name}: {p:?}"));
            assert_eq!(army.points(), POINTS, "{name} spends its {POINTS} points");
            PlayerSetup {
                name: name.to_string(),
                team: i as u8 + 1,
                army: army.cards.into_iter().map(|c| c.card).collect(),
            }
        })
        .collect();
    let sample = samples()
        .iter()
        .find(|s| s.id == "riverbend-heights")
        .expect("the sample battlefield riverbend-heights");
    Scenario {
        battlefield: Arc::new(sample.battlefield().expect("riverbend-heights reads")),
        players,
        rounds: DEFAULT_ROUNDS,
        options: Default::default(),
        draft: None,
    }
}

/// Plays a whole game between random bots with game seed `seed`; returns its actions.
pub fn whole_game(scenario: &Scenario, seed: u64) -> usize {
    let mut game = Game::<HeroScape>::new(scenario.clone(), seed).expect("set-up");
    let mut bots: Vec<RandomBot> = (0..2)
        .map(|i| RandomBot::new(bot_seed(seed, Seat(i))))
        .collect();
    play_game(&mut game, &mut bots, 100_000, |_, _| Ok(())).expect("the game ends");
    game.steps().len()
}
