//! Arbitrary JSON fed to `AnyGame::act_json` never panics, and a refusal
//! never changes the game.

use proptest::prelude::*;
use serde_json::{json, Value};
use skirmish_dice::Picker;
use skirmish_engine::fixtures::LuckyPig;
use skirmish_engine::{AnyGame, Registry, Ruleset, Seat};

fn arbitrary_json() -> impl Strategy<Value = Value> {
    let names = prop_oneof![
        Just("pick".to_string()),
        Just("roll".to_string()),
        Just("hold".to_string()),
        Just("keep".to_string()),
        Just("reroll".to_string()),
        "[a-z]{0,8}",
    ];
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        (0u8..10).prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        names.clone().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 32, 4, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(names.clone(), inner, 0..3)
                .prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

/// A game some way into play, so that several phases get probed.
fn game_after(steps: usize, seed: u64) -> Box<dyn AnyGame> {
    let registry = Registry::new().with::<LuckyPig>();
    let scenario = json!({"seats": 3, "target": 30, "rounds": 2});
    let mut game = registry.new_game(LuckyPig::ID, &scenario, seed).unwrap();
    let mut picker = Picker::new(seed);
    for _ in 0..steps {
        let pending = game.pending_seats();
        let Some(&seat) = picker.choose(&pending) else {
            break;
        };
        let legal = game.legal_actions_json(seat).unwrap();
        let action = picker.choose(&legal).unwrap().clone();
        game.act_json(seat, &action).unwrap();
    }
    game
}

proptest! {
    #[test]
    fn arbitrary_json_actions_never_panic(
        action in arbitrary_json(),
        seat in 0u8..6,
        steps in 0usize..40,
        seed in 0u64..1_000,
    ) {
        let mut game = game_after(steps, seed);
        let seat = Seat(seat);
        let hash = game.state_hash();
        let count = game.step_count();
        let rolls = game.dice().roll_count();
        let legal = game.legal_actions_json(seat).unwrap();
        match game.act_json(seat, &action) {
            Ok(_) => {
                // serde reads some spellings of one action alike (`"roll"` and `{"roll": null}`):
                // what was accepted must be a legal action once read.
                let read: skirmish_engine::fixtures::PigAction =
                    serde_json::from_value(action.clone()).unwrap();
                let canonical = serde_json::to_value(read).unwrap();
                prop_assert!(legal.contains(&canonical), "accepted {action} from {seat}, legal {legal:?}");
                prop_assert_eq!(game.step_count(), count + 1);
            }
            Err(rejection) => {
                prop_assert!(!rejection.reason.is_empty());
                prop_assert!(!legal.contains(&action), "refused legal {action}: {rejection}");
                prop_assert_eq!(game.state_hash(), hash);
                prop_assert_eq!(game.step_count(), count);
                prop_assert_eq!(game.dice().roll_count(), rolls);
            }
        }
    }
}

/// The one-action shortcuts bots use give what the full lists give: `random_legal_json` the
/// pick a picker makes from `legal_actions_json`, and `act_chosen_json` the game `act_json`
/// plays (while a malformed action is still refused, the game unchanged).
#[test]
fn the_bots_shortcuts_match_the_full_lists() {
    for seed in 0..20u64 {
        for steps in [0, 5, 17, 30] {
            let game = game_after(steps, seed);
            for seat in game.seats() {
                let legal = game.legal_actions_json(seat).unwrap();
                let picked = Picker::new(seed ^ 77).choose(&legal).cloned();
                assert_eq!(game.random_legal_json(seat, seed ^ 77).unwrap(), picked);
                let Some(action) = picked else { continue };
                let mut checked = game.clone_game();
                let mut chosen = game.clone_game();
                checked.act_json(seat, &action).unwrap();
                chosen.act_chosen_json(seat, &action).unwrap();
                assert_eq!(checked.state_hash(), chosen.state_hash());
                let before = chosen.state_hash();
                assert!(chosen
                    .act_chosen_json(seat, &json!({"nonsense": 1}))
                    .is_err());
                assert_eq!(chosen.state_hash(), before);
            }
        }
    }
}
