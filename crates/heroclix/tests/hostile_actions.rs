//! Bad input never panics the game and never changes it: arbitrary JSON sent as actions, and
//! well-formed actions with arbitrary numbers, are refused with a reason and leave the state
//! hash as it was.

use proptest::prelude::*;
use serde_json::json;
use skirmish_engine::{AnyGame, Registry, Seat};
use skirmish_heroclix::builtin;
use skirmish_heroclix::game::{Options, Scenario};
use skirmish_heroclix::HeroClix;

fn game() -> Box<dyn AnyGame> {
    let cat = builtin::catalogue().unwrap();
    let teams = ["wardens", "ravagers"]
        .iter()
        .map(|t| builtin::team(t).unwrap().unwrap().to_setup(&cat).unwrap())
        .collect();
    let scenario = Scenario {
        maps: vec![builtin::map("harbour-district").unwrap().unwrap()],
        teams,
        options: Options::default(),
        position: None,
        objects: Vec::new(),
        event: None,
    };
    Registry::new()
        .with::<HeroClix>()
        .new_game("heroclix", &serde_json::to_value(scenario).unwrap(), 11)
        .unwrap()
}

fn arb_json() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        "[a-z_]{0,12}".prop_map(serde_json::Value::from),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(serde_json::Value::from),
            prop::collection::btree_map("[a-z_]{1,8}", inner, 0..4)
                .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}

fn arb_action() -> impl Strategy<Value = serde_json::Value> {
    let kinds = prop::sample::select(vec![
        "move",
        "close_attack",
        "ranged_attack",
        "place",
        "choose_zone",
        "choose_map",
        "pass",
        "split_damage",
        "knockback_via",
        "end_turn",
        "destroy_blocking",
        "destroy_wall",
    ]);
    (
        kinds,
        any::<u32>(),
        any::<i32>(),
        any::<i32>(),
        prop::collection::vec(any::<u8>(), 0..5),
    )
        .prop_map(|(kind, n, x, y, v)| {
            json!({ "type": kind, "figure": n, "attacker": n, "target": n, "targets": v,
                    "to": {"x": x, "y": y}, "square": {"x": x, "y": y}, "zone": n % 300,
                    "map": n, "amounts": v, "dir": "n", "ranged": x % 2 == 0 })
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_json_is_refused_without_change(value in arb_json(), seat in 0u8..4) {
        let mut g = game();
        let before = g.state_hash();
        let result = g.act_json(Seat(seat), &value);
        if result.is_err() {
            prop_assert_eq!(g.state_hash(), before);
        }
    }

    #[test]
    fn well_formed_but_wrong_actions_are_refused_without_change(action in arb_action(), seat in 0u8..3) {
        let mut g = game();
        let before = g.state_hash();
        match g.act_json(Seat(seat), &action) {
            Err(r) => {
                prop_assert!(!r.reason.is_empty());
                prop_assert_eq!(g.state_hash(), before);
            }
            Ok(_) => prop_assert!(g.step_count() == 1),
        }
    }
}
