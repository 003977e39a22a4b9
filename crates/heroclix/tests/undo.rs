//! Undo in HeroClix: actions without dice can be taken back, but not the one that turns the
//! battlefield conditions face up (rulebook Partie 4 *Conditions de bataille*).

use std::path::PathBuf;

use skirmish_engine::{Game, Picker};
use skirmish_heroclix::bots::{load_scenario, ScenarioFiles};
use skirmish_heroclix::game::Event;
use skirmish_heroclix::HeroClix;

#[test]
fn the_zone_choice_that_reveals_conditions_cannot_be_undone() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let scenario = load_scenario(&ScenarioFiles {
        content: root.join("content/heroclix"),
        map: root.join("maps/harbour-district.toml"),
        teams: vec![
            root.join("content/heroclix/teams/watch-patrol.toml"),
            root.join("content/heroclix/teams/salvage-crew.toml"),
        ],
        round_limit: Some(3),
    })
    .expect("the sample teams load");
    let mut game = Game::<HeroClix>::new(scenario, 12).expect("setup");
    let mut picker = Picker::new(5);
    let mut undone_before = 0;
    for _ in 0..400 {
        let seat = game.pending_seats()[0];
        let legal = game.legal_actions(seat);
        let action = picker.choose(&legal).expect("a legal action").clone();
        let events = game.act(seat, action.clone()).expect("legal");
        if events
            .iter()
            .any(|e| matches!(e, Event::ConditionRevealed { .. }))
        {
            assert!(!game.can_undo(), "{action:?} revealed a condition");
            assert!(game.undo().is_err());
            assert!(
                undone_before > 0,
                "earlier choices without dice could be undone"
            );
            return;
        }
        if game.steps().last().is_some_and(|s| s.rolls.is_empty()) {
            assert!(
                game.can_undo(),
                "{action:?} rolled nothing and revealed nothing"
            );
            let hash = game.state_hash();
            game.undo().expect("undo");
            game.act(seat, action).expect("played again");
            assert_eq!(game.state_hash(), hash);
            undone_before += 1;
        }
    }
    panic!("no battlefield condition was revealed");
}
