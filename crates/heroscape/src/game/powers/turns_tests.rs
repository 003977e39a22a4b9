//! Initiative powers with real cards (the shared army-card data, never copied here).

use std::sync::Arc;

use skirmish_dice::Dice;

use super::*;
use crate::card::Card;
use crate::game::test_support::real as card;
use crate::game::{play, Event, HeroScape, Options, PlayerSetup, RollFor, Scenario};
use skirmish_engine::Ruleset;

fn game(west: Vec<Card>) -> State {
    let scenario = Scenario {
        battlefield: Arc::new(crate::present::samples::tor()),
        players: vec![
            PlayerSetup {
                name: "West".into(),
                team: 1,
                army: west,
            },
            PlayerSetup {
                name: "East".into(),
                team: 2,
                army: vec![card("Marro Warriors")],
            },
        ],
        rounds: 5,
        options: Options::default(),
        draft: None,
    };
    HeroScape::setup(&scenario, &mut Dice::seeded(1)).expect("the scenario")
}

/// West's markers 1, 2, 3, X on these units; East's all on its Marro Warriors.
fn markers(state: &mut State, west: [u16; 4]) {
    let east = state.units.iter().find(|u| u.owner == Seat(1)).unwrap().id;
    state.players[0].markers.on = west.map(Some);
    state.players[1].markers.on = [Some(east); 4];
}

/// Who goes first when West rolls `west` and East `east`, and West's bonus.
fn initiative(state: &mut State, west: u8, east: u8) -> (Seat, u16) {
    let mut dice = Dice::scripted([west, east]);
    let mut events = Vec::new();
    play::start_turns(state, &mut dice, &mut events);
    events
        .iter()
        .find_map(|e| match e {
            Event::RollOff {
                purpose: RollFor::Initiative,
                rolls,
                winner: Some(w),
            } => Some((*w, rolls.iter().find(|r| r.seat == Seat(0)).unwrap().bonus)),
            _ => None,
        })
        .expect("one roll decides")
}

/// Initiative Advantage: with every marker on Gladiator cards, 1 per marker on the Capuan
/// Gladiators, at most 3; a marker on another card, and nothing.
#[test]
fn initiative_advantage_counts_the_markers() {
    let mut state = game(vec![
        card("Capuan Gladiators"),
        card("Crixus"),
        card("Tul-Bak-Ra"),
    ]);
    markers(&mut state, [0, 0, 1, 1]);
    assert_eq!(initiative_bonus(&state, Seat(0)), 2);
    assert_eq!(
        initiative(&mut state, 11, 12),
        (Seat(0), 2),
        "11 + 2 beats 12"
    );
    let mut state = game(vec![
        card("Capuan Gladiators"),
        card("Crixus"),
        card("Tul-Bak-Ra"),
    ]);
    markers(&mut state, [0, 0, 0, 0]);
    assert_eq!(initiative_bonus(&state, Seat(0)), 3, "at most +3");
    let mut state = game(vec![
        card("Capuan Gladiators"),
        card("Crixus"),
        card("Tul-Bak-Ra"),
    ]);
    markers(&mut state, [0, 0, 0, 2]);
    assert_eq!(
        initiative_bonus(&state, Seat(0)),
        0,
        "Tul-Bak-Ra is no gladiator"
    );
    assert_eq!(initiative(&mut state, 11, 12), (Seat(1), 0));
}

/// Combat Leader: a marker on Mogrimm Forgehammer, 3 more; none, nothing.
#[test]
fn combat_leader_adds_three() {
    let mut state = game(vec![card("Mogrimm Forgehammer"), card("Tul-Bak-Ra")]);
    markers(&mut state, [1, 1, 1, 0]);
    assert_eq!(initiative(&mut state, 10, 12), (Seat(0), 3));
    let mut state = game(vec![card("Mogrimm Forgehammer"), card("Tul-Bak-Ra")]);
    markers(&mut state, [1, 1, 1, 1]);
    assert_eq!(initiative_bonus(&state, Seat(0)), 0);
}
