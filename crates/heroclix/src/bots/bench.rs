//! The positions benchmarks and instruction counts share, so that `cargo bench` and
//! `scripts/callgrind.sh` measure the same thing.

use std::path::Path;

use crate::game::{Decision, Scenario};
use crate::HeroClix;
use skirmish_engine::{Game, Pending};

use super::{load_scenario, GreedyBot, ScenarioFiles};
use skirmish_bots::Bot;

/// The starter scenario of the benchmarks: the two sample teams on the sample outdoor map, 10
/// rounds. `root` is the repository's root.
pub fn starter_scenario(root: &Path) -> Scenario {
    load_scenario(&ScenarioFiles {
        content: root.join("content/heroclix"),
        map: root.join("maps/harbour-district.toml"),
        teams: vec![
            root.join("content/heroclix/teams/wardens.toml"),
            root.join("content/heroclix/teams/ravagers.toml"),
        ],
        round_limit: Some(10),
    })
    .expect("the starter scenario loads")
}

/// Greedy against greedy (seed 3) up to the start of round 4, both sides deployed and engaged:
/// a position where every figure has moves, and several have targets.
pub fn mid_game(scenario: &Scenario) -> Game<HeroClix> {
    let mut game = Game::<HeroClix>::new(scenario.clone(), 3).expect("setup");
    let mut bots = [GreedyBot::new(1), GreedyBot::new(2)];
    while let Pending::Decide { seats, decision } = game.pending() {
        if matches!(
            decision,
            Decision::Turn {
                round: 4..,
                actions_left: 3
            }
        ) {
            break;
        }
        let seat = seats[0];
        let legal = game.legal_actions(seat);
        let i = bots[seat.index()].choose(&game.info_set(seat), &legal);
        game.act_legal(seat, legal[i].clone()).expect("legal");
    }
    game
}
