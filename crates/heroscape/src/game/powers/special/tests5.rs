//! *Ninjutsu Mastery* (`mastery.rs`) with the real card and scripted dice: Shiori placed beside
//! an opponent's figure before each of her three attacks, one after a normal move, three dice
//! with her last unrevealed order marker.

use skirmish_board::hex::Hex;
use skirmish_engine::{Ruleset, Seat};

use crate::game::powers::moves::MoveWay;
use crate::game::state::{Stage, State};
use crate::game::test_support::{battle_on, only_at, plain_raised};
use crate::game::tests::{play, BLANK};
use crate::game::{Action, Event, HeroScape};

const SHIORI: &str = "Shiori (AOA)";
const VIKINGS: &str = "Tarn Viking Warriors";

fn strike(figure: u32, target: u32) -> Action {
    Action::SpecialAttack {
        figure,
        power: 0,
        target: Some(target),
        line: None,
        dice: None,
        also: Vec::new(),
    }
}

fn place(figure: u32, to: Hex) -> Action {
    Action::PowerMove {
        figure,
        way: MoveWay::Mastery,
        to,
        level: 1,
        tail: None,
    }
}

fn legal(state: &State, action: &Action) -> bool {
    HeroScape::legal_actions(state, Seat(0)).contains(action)
}

fn placing_left(state: &State) -> bool {
    HeroScape::legal_actions(state, Seat(0))
        .iter()
        .any(|a| matches!(a, Action::PowerMove { .. }))
}

/// The attack dice of the special attack among `events`.
fn attack_dice(events: &[Event]) -> Vec<usize> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::SpecialAttacked { attack, .. } => Some(attack.len()),
            _ => None,
        })
        .collect()
}

/// Shiori on a plain at `stage`, a Tarn Viking two spaces east of her and another five, her
/// card holding West's markers with `hidden` of them face down.
fn shiori_and_vikings(stage: Stage, hidden: usize) -> (State, [u32; 3]) {
    let s = battle_on(plain_raised(8, 4, &[]), &[SHIORI], &[VIKINGS]);
    let (mut state, ids) = only_at(
        &s,
        &[
            (SHIORI, 0, Hex::new(1, 1)),
            (VIKINGS, 0, Hex::new(3, 1)),
            (VIKINGS, 1, Hex::new(6, 1)),
        ],
        stage,
    );
    let unit = state.figure(ids[0]).unwrap().unit;
    state.players[0].markers.on = [Some(unit); 4];
    state.players[0].markers.revealed = std::array::from_fn(|i| i >= hidden);
    (state, [ids[0], ids[1], ids[2]])
}

#[test]
fn ninjutsu_mastery_places_shiori_beside_a_figure_before_each_of_three_attacks() {
    let (mut state, [shiori, near, far]) = shiori_and_vikings(Stage::Attack, 3);
    let miss = [BLANK; 6];
    // no attack before she is placed, and never beside a figure beyond 2 spaces of her
    assert!(!legal(&state, &strike(shiori, near)));
    assert!(!legal(&state, &place(shiori, Hex::new(5, 1))));
    assert!(
        !legal(&state, &place(shiori, Hex::new(1, 3))),
        "beside nobody"
    );
    assert!(legal(&state, &place(shiori, Hex::new(4, 1))));
    play(&mut state, Seat(0), place(shiori, Hex::new(4, 1)), &[]);
    assert_eq!(state.figure(shiori).unwrap().hex, Some(Hex::new(4, 1)));
    assert!(!placing_left(&state), "the placing waits for its attack");
    assert!(
        !HeroScape::legal_actions(&state, Seat(0))
            .iter()
            .any(|a| matches!(a, Action::Attack { .. })),
        "her attacks are the special attack's"
    );
    // three markers face down: 2 dice
    let events = play(&mut state, Seat(0), strike(shiori, near), &miss);
    assert_eq!(attack_dice(&events), vec![2]);
    // the next attack needs a placing first: now beside the far viking, 2 spaces away
    assert!(!legal(&state, &strike(shiori, near)));
    play(&mut state, Seat(0), place(shiori, Hex::new(6, 0)), &[]);
    play(&mut state, Seat(0), strike(shiori, far), &miss);
    play(&mut state, Seat(0), place(shiori, Hex::new(5, 2)), &[]);
    play(&mut state, Seat(0), strike(shiori, far), &miss);
    // three attacks: no fourth placing
    assert!(!placing_left(&state));
    assert!(!legal(&state, &strike(shiori, far)));
}

#[test]
fn ninjutsu_mastery_attacks_once_after_a_normal_move_with_three_dice_on_the_last_marker() {
    let (mut state, [shiori, near, _]) = shiori_and_vikings(Stage::Move, 1);
    play(
        &mut state,
        Seat(0),
        Action::Move {
            figure: shiori,
            to: Hex::new(1, 2),
            level: 1,
            tail: None,
        },
        &[],
    );
    if state.turn().unwrap().stage == Stage::Move {
        play(&mut state, Seat(0), Action::EndMoves, &[]);
    }
    play(&mut state, Seat(0), place(shiori, Hex::new(2, 1)), &[]);
    // one marker face down: 3 dice
    let events = play(&mut state, Seat(0), strike(shiori, near), &[BLANK; 7]);
    assert_eq!(attack_dice(&events), vec![3]);
    // she moved normally: one attack only
    assert!(!placing_left(&state));
    assert!(!legal(&state, &strike(shiori, near)));
}
