//! The Ice Troll Berserker's powers stronger on snow and ice (*Ice Troll Charge*, *Cold
//! Regenerate*), at play with the real card of the shared data and scripted dice.

use skirmish_engine::{Ruleset, Seat};

use crate::battlefield::Ground;
use crate::game::state::Stage;
use crate::game::test_support::{
    asked, battle_on, h, only_at, real, rolled_with_bonus, strip_with,
};
use crate::game::tests::play;
use crate::game::{Action, Decision, Event, HeroScape, State};
use crate::power::Outcome;

const TROLL: &str = "Ice Troll Berserker";

/// The troll (West) on hex 2 of a strip whose hex 2 is `ground`, Syvarris far east; its
/// turn at `stage`. Returns the state, the troll's id and the number of `power`.
fn troll_on(ground: Ground, stage: Stage, power: &str) -> (State, u32, u8) {
    let field = strip_with(9, &[(2, ground)]);
    let sc = battle_on(field, &[TROLL], &["Syvarris (RotV)"]);
    let (state, ids) = only_at(
        &sc,
        &[(TROLL, 0, h(2)), ("Syvarris (RotV)", 0, h(8))],
        stage,
    );
    let p = real(TROLL)
        .powers
        .iter()
        .position(|p| p.name == power)
        .expect("the troll prints the power");
    (state, ids[0], u8::try_from(p).expect("a power number"))
}

#[test]
fn ice_troll_charge_adds_three_on_snow_and_moves_the_troll_again() {
    for ground in [Ground::Snow, Ground::Ice] {
        let (mut state, troll, p) = troll_on(ground, Stage::Move, "Ice Troll Charge");
        play(&mut state, Seat(0), Action::EndMoves, &[]);
        let (seats, decision) = asked(&state);
        assert_eq!(
            (seats, decision),
            (
                vec![Seat(0)],
                Decision::UsePower {
                    figure: troll,
                    unit: 0,
                    power: p
                }
            )
        );
        let charge = Action::UsePower {
            figure: troll,
            power: p,
            target: None,
        };
        let events = play(&mut state, Seat(0), charge, &[10]);
        assert_eq!(
            rolled_with_bonus(&events),
            vec![(10, 3, 13, true)],
            "{ground:?}"
        );
        let turn = state.turn().expect("still the troll's turn");
        assert_eq!((turn.seat, turn.stage), (Seat(0), Stage::Move));
        assert!(
            HeroScape::legal_actions(&state, Seat(0))
                .iter()
                .any(|a| matches!(a, Action::Move { .. })),
            "the troll moves again"
        );
    }
}

#[test]
fn ice_troll_charge_needs_a_full_13_off_the_snow() {
    let (mut state, troll, p) = troll_on(Ground::Grass, Stage::Move, "Ice Troll Charge");
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    let charge = Action::UsePower {
        figure: troll,
        power: p,
        target: None,
    };
    let mut missed = state.clone();
    let events = play(&mut missed, Seat(0), charge.clone(), &[12]);
    assert_eq!(rolled_with_bonus(&events), vec![(12, 0, 13, false)]);
    assert!(
        events.contains(&Event::TurnEnded { seat: Seat(0) }),
        "no second move, and nothing in reach to attack"
    );
    let events = play(&mut state, Seat(0), charge, &[13]);
    assert_eq!(rolled_with_bonus(&events), vec![(13, 0, 13, true)]);
    assert_eq!(state.turn().map(|t| t.stage), Some(Stage::Move));
}

/// The troll's wounds after its turn ends with `wounds` on its card, standing on `ground`.
fn regenerated(ground: Ground, wounds: u16) -> (u16, Vec<Event>) {
    let (mut state, troll, _) = troll_on(ground, Stage::Attack, "Cold Regenerate");
    state.figure_mut(troll).expect("the troll").wounds = wounds;
    let events = play(&mut state, Seat(0), Action::EndTurn, &[]);
    let left = state.figure(troll).expect("the troll").wounds;
    (left, events)
}

#[test]
fn cold_regenerate_removes_one_wound_and_one_more_on_snow_or_ice() {
    assert_eq!(regenerated(Ground::Grass, 3).0, 2);
    assert_eq!(regenerated(Ground::Snow, 3).0, 1);
    assert_eq!(regenerated(Ground::Ice, 3).0, 1);
    // one wound on snow: it is gone, nothing below zero
    assert_eq!(regenerated(Ground::Snow, 1).0, 0);
    // off the snow, the log says nothing of the snow
    let (_, events) = regenerated(Ground::Grass, 3);
    let used: Vec<&Outcome> = events
        .iter()
        .filter_map(|e| match e {
            Event::PowerUsed { outcome, .. } => Some(outcome),
            _ => None,
        })
        .collect();
    assert_eq!(used, vec![&Outcome::Heal(1)]);
    // no wound: nothing is used
    let (left, events) = regenerated(Ground::Snow, 0);
    assert_eq!(left, 0);
    assert!(!events.iter().any(|e| matches!(e, Event::PowerUsed { .. })));
}
