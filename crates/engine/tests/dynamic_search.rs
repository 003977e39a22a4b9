//! The search API through `AnyGame` (what the Python package drives): independent copies,
//! chance outcomes whose games continue from them, and games restored from a saved state.

use serde_json::json;
use skirmish_engine::fixtures::LuckyPig;
use skirmish_engine::{AnyGame, DiceSource, Registry, Ruleset};

fn registry() -> Registry {
    Registry::new().with::<LuckyPig>()
}

/// A two-seat game where both seats have picked and the first may roll.
fn rolling() -> Box<dyn AnyGame> {
    let scenario = json!({"seats": 2, "target": 30, "rounds": 3});
    let mut game = registry().new_game(LuckyPig::ID, &scenario, 5).unwrap();
    for seat in game.pending_seats() {
        game.act_json(seat, &json!({"pick": 6})).unwrap();
    }
    game
}

#[test]
fn a_clone_is_independent() {
    let game = rolling();
    let mut copy = game.clone_game();
    assert_eq!(copy.state_hash(), game.state_hash());
    let seat = copy.pending_seats()[0];
    copy.act_json(seat, &json!("roll")).unwrap();
    assert_ne!(copy.state_hash(), game.state_hash());
    assert_eq!(game.step_count() + 1, copy.step_count());
}

#[test]
fn chance_outcomes_add_up_and_continue() {
    let game = rolling();
    let seat = game.pending_seats()[0];
    let outcomes = game
        .chance_outcomes_json(seat, &json!("roll"), 100, 9)
        .unwrap();
    assert_eq!(outcomes.len(), 6);
    let total: f64 = outcomes.iter().map(|o| o.probability).sum();
    assert!((total - 1.0).abs() < 1e-12);
    // Each outcome's game is the state after that roll, and plays on.
    let mut hashes: Vec<String> = outcomes.iter().map(|o| o.game.state_hash()).collect();
    hashes.dedup();
    assert_eq!(hashes.len(), 6);
    let mut next = outcomes[0].game.clone_game();
    let seat = next.pending_seats()[0];
    let legal = next.legal_actions_json(seat).unwrap();
    next.act_json(seat, &legal[0]).unwrap();
    // Illegal and malformed actions are refused, not explored.
    assert!(game
        .chance_outcomes_json(seat, &json!("keep"), 100, 9)
        .is_err());
    let malformed = game.chance_outcomes_json(seat, &json!({"no": 1}), 100, 9);
    assert_eq!(
        malformed.unwrap_err().code,
        skirmish_engine::Rejection::MALFORMED
    );
    let tight = game.chance_outcomes_json(seat, &json!("roll"), 1, 9);
    assert_eq!(tight.unwrap_err().code, "too-many-outcomes");
}

#[test]
fn a_saved_state_is_restored_bit_for_bit() {
    let game = rolling();
    let replay = game.replay().unwrap();
    let state = game.state_json().unwrap();
    let restored = registry()
        .game_from_state(LuckyPig::ID, &replay.scenario, &state, DiceSource::Seed(3))
        .unwrap();
    assert_eq!(restored.state_hash(), game.state_hash());
    assert_eq!(restored.step_count(), 0);
    let broken = registry().game_from_state(
        LuckyPig::ID,
        &replay.scenario,
        &json!({"nope": true}),
        DiceSource::Seed(3),
    );
    assert!(broken.is_err());
}
