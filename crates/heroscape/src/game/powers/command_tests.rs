//! Scenarios of the powers about turns, control and figures entering the battlefield
//! (`command.rs`), with real cards: *Concentrated Will*, *Fire When Ready* (with its secrecy).

use skirmish_board::hex::Hex;
use skirmish_engine::{Pending, Ruleset, Seat, Viewer};

use crate::game::powers::values::{attack_dice, defence_dice, AttackKind};
use crate::game::state::{Marker, Markers, Stage, State};
use crate::game::test_support::{battle_on, only_at, plain};
use crate::game::tests::{play, BLANK, SKULL};
use crate::game::{Action, Decision, Event, HeroScape};

fn at(q: i32, r: i32) -> Hex {
    Hex::new(q, r)
}

/// The attack dice of `a` against `d` in a normal attack.
fn attack(state: &State, a: u32, d: u32) -> u16 {
    let (a, d) = (state.figure(a).unwrap(), state.figure(d).unwrap());
    attack_dice(state, a, d, AttackKind::Normal).value()
}

/// The defence dice of `d` against a normal attack of `a`.
fn defence(state: &State, a: u32, d: u32) -> u16 {
    let (a, d) = (state.figure(a).unwrap(), state.figure(d).unwrap());
    defence_dice(state, a, d, AttackKind::Normal).value()
}

#[test]
fn concentrated_will_adds_one_with_a_single_marker_left_face_down_on_shiori() {
    // "If Shiori has only one unrevealed order marker on her Army Card, add 1 to her attack
    // and defense." Shiori (attack 3, defence 3) beside Syvarris (defence 2, life 4).
    let sc = battle_on(
        plain(0, 5, 0, 2),
        &["Shiori (SOTM)", "Crixus"],
        &["Syvarris (RotV)"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Shiori (SOTM)", 0, at(2, 1)),
            ("Syvarris (RotV)", 0, at(3, 1)),
        ],
        Stage::Attack,
    );
    let [shiori, syvarris] = ids[..] else {
        panic!("two figures");
    };
    let (me, crixus) = (state.figure(shiori).unwrap().unit, 1);
    assert_eq!(me, 0);
    // marker 1 revealed, three still face down on her card: nothing
    assert_eq!(state.players[0].markers.on, [Some(me); 4]);
    assert_eq!(attack(&state, shiori, syvarris), 3);
    assert_eq!(defence(&state, syvarris, shiori), 3);
    // two face down: nothing
    state.players[0].markers.on[3] = Some(crixus);
    assert_eq!(attack(&state, shiori, syvarris), 3);
    // one face down (marker 2), the others on Crixus or face up: 4 and 4
    state.players[0].markers.on[2] = Some(crixus);
    assert_eq!(attack(&state, shiori, syvarris), 4);
    assert_eq!(defence(&state, syvarris, shiori), 4);
    // four dice rolled, four skulls against two blanks: Syvarris (life 4) is destroyed
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: shiori,
            target: syvarris,
        },
        &[SKULL, SKULL, SKULL, SKULL, BLANK, BLANK],
    );
    let rolled = events.iter().find_map(|e| match e {
        Event::Attacked { attack, wounds, .. } => Some((attack.len(), *wounds)),
        _ => None,
    });
    assert_eq!(rolled, Some((4, 4)));
    assert!(state.figure(syvarris).unwrap().destroyed);
    // none face down on her card: nothing
    state.players[0].markers.revealed[1] = true;
    assert_eq!(defence(&state, syvarris, shiori), 3);
}

/// Crixus's turn (West, unit 0) at its attacks, Frizzt (unit 1) beside him, Syvarris (East) 3
/// spaces from Frizzt and beside Crixus; West's markers on `west` (1, 2, 3, X), marker 1
/// revealed.
fn crixus_turn(west: [u16; 4]) -> (State, [u32; 3]) {
    let sc = battle_on(
        plain(0, 6, 0, 2),
        &["Crixus", "Frizzt Galagan"],
        &["Syvarris (RotV)"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Crixus", 0, at(4, 0)),
            ("Frizzt Galagan", 0, at(1, 1)),
            ("Syvarris (RotV)", 0, at(4, 1)),
        ],
        Stage::Attack,
    );
    state.players[0].markers = Markers {
        on: west.map(Some),
        revealed: [true, false, false, false],
        ..Markers::default()
    };
    (state, [ids[0], ids[1], ids[2]])
}

/// The power asked of West, if one is.
fn asked(state: &State) -> Option<(u32, u16, u8)> {
    match HeroScape::pending(state) {
        Pending::Decide {
            decision:
                Decision::UsePower {
                    figure,
                    unit,
                    power,
                },
            ..
        } => Some((figure, unit, power)),
        _ => None,
    }
}

#[test]
fn fire_when_ready_reveals_the_x_for_a_turn_with_frizzt_at_the_end_of_a_turn() {
    // "At the end of your Player Turn, you may reveal the "X" Order Marker on this Army Card to
    // take a turn with Frizzt Galagan. ... If Frizzt moves during this turn, he cannot attack."
    let (mut state, [_, frizzt, syvarris]) = crixus_turn([0, 1, 0, 1]);
    play(&mut state, Seat(0), Action::EndTurn, &[]);
    assert_eq!(
        asked(&state),
        Some((frizzt, 1, 0)),
        "asked at the turn's end"
    );
    let reveal = Action::UsePower {
        figure: frizzt,
        power: 0,
        target: None,
    };
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![reveal.clone(), Action::DeclinePower]
    );
    let mut declined = state.clone();
    let events = play(&mut state, Seat(0), reveal, &[]);
    assert!(events.contains(&Event::XRevealed {
        seat: Seat(0),
        unit: 1,
        power: 0
    }));
    assert!(state.players[0].markers.revealed[Marker::X.index()]);
    let turn = state.turn().cloned().expect("Frizzt's turn");
    assert_eq!((turn.seat, turn.unit, turn.marker), (Seat(0), 1, Marker::X));
    // not moving, he attacks: 2 skulls against 2 blanks
    let mut still = state.clone();
    play(&mut still, Seat(0), Action::EndMoves, &[]);
    let events = play(
        &mut still,
        Seat(0),
        Action::Attack {
            figure: frizzt,
            target: syvarris,
        },
        &[SKULL, SKULL, BLANK, BLANK],
    );
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Attacked { wounds: 2, .. })));
    assert_eq!(still.figure(syvarris).unwrap().wounds, 2);
    // moving, he cannot attack, normally or with his Guided Cannon (Syvarris is beside
    // Crixus): the turn ends with his move
    let step = HeroScape::legal_actions(&state, Seat(0))
        .into_iter()
        .find(|a| matches!(a, Action::Move { figure, to, .. } if *figure == frizzt && *to == at(2, 1)))
        .expect("Frizzt may step east");
    let events = play(&mut state, Seat(0), step, &[]);
    assert!(
        events.contains(&Event::TurnEnded { seat: Seat(0) }),
        "{events:?}"
    );
    assert_eq!(state.figure(syvarris).unwrap().wounds, 0);
    // declined: the turn ends, the X stays face down and is not asked again
    let events = play(&mut declined, Seat(0), Action::DeclinePower, &[]);
    assert!(events.contains(&Event::TurnEnded { seat: Seat(0) }));
    assert!(!declined.players[0].markers.revealed[Marker::X.index()]);
}

#[test]
fn fire_when_ready_is_asked_alike_whether_the_x_is_on_frizzt_or_not() {
    // X and 2 on Frizzt, or 2 and 3 on Frizzt and the X on Crixus: the same question
    let (mut with_x, [_, frizzt, _]) = crixus_turn([0, 1, 0, 1]);
    let (mut without_x, _) = crixus_turn([0, 1, 1, 0]);
    play(&mut with_x, Seat(0), Action::EndTurn, &[]);
    play(&mut without_x, Seat(0), Action::EndTurn, &[]);
    assert_eq!(asked(&with_x), asked(&without_x));
    let east = Viewer::Seat(Seat(1));
    assert_eq!(
        serde_json::to_value(HeroScape::view(&with_x, east)).unwrap(),
        serde_json::to_value(HeroScape::view(&without_x, east)).unwrap(),
        "East's view says nothing of where the X is"
    );
    assert!(HeroScape::legal_actions(&with_x, Seat(1)).is_empty());
    assert_eq!(
        HeroScape::legal_actions(&without_x, Seat(0)),
        vec![Action::DeclinePower],
        "no X on Frizzt to reveal"
    );
    assert!(
        HeroScape::legal_actions(&with_x, Seat(0)).contains(&Action::UsePower {
            figure: frizzt,
            power: 0,
            target: None
        })
    );
    // no marker face down on Frizzt: nothing to ask, the turn ends
    let (mut none, _) = crixus_turn([0, 0, 0, 0]);
    let events = play(&mut none, Seat(0), Action::EndTurn, &[]);
    assert!(events.contains(&Event::TurnEnded { seat: Seat(0) }));
    assert_eq!(asked(&none), None);
}

/// Grass at level 1, 7 × 3, with a start zone for each of three players.
fn three_zones() -> std::sync::Arc<crate::battlefield::Battlefield> {
    let mut b = crate::battlefield::Builder::new("three zones");
    for r in 0..3 {
        for q in 0..7 {
            let hex = Hex::new(q, r);
            b.span(hex, crate::game::tests::land(1), format!("grass {hex}"));
        }
    }
    b.start(at(0, 0), 1, "west");
    b.start(at(6, 0), 2, "east");
    b.start(at(3, 2), 3, "south");
    std::sync::Arc::new(b.build().expect("three start zones"))
}

/// Sir Hawthorne's turn (West, unit 0) at its attacks, Crixus (West) and Syvarris (East) on
/// the battlefield, in a game of the given players (West, East, then any others).
fn hawthorne_turn(others: &[&str]) -> (State, u32) {
    let mut sc = battle_on(
        three_zones(),
        &["Sir Hawthorne", "Crixus"],
        &["Syvarris (RotV)"],
    );
    for (i, name) in others.iter().enumerate() {
        sc.players.push(crate::game::PlayerSetup {
            name: format!("Other {i}"),
            team: 3 + u8::try_from(i).unwrap(),
            army: vec![crate::game::test_support::real(name)],
        });
    }
    let (state, ids) = only_at(
        &sc,
        &[
            ("Sir Hawthorne", 0, at(2, 1)),
            ("Crixus", 0, at(0, 0)),
            ("Syvarris (RotV)", 0, at(5, 1)),
        ],
        Stage::Attack,
    );
    (state, ids[0])
}

#[test]
fn stab_in_the_back_gives_sir_hawthorne_to_the_opponent_on_a_one() {
    // "After you take a turn with Sir Hawthorne, you must roll the 20-sided die. If you roll a
    // 1, choose an opponent. That opponent now controls Sir Hawthorne. Remove any order markers
    // on this Army Card, then give the card to that opponent."
    let (state, hawthorne) = hawthorne_turn(&[]);
    // a 2: he stays
    let mut kept = state.clone();
    let events = play(&mut kept, Seat(0), Action::EndTurn, &[2]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PowerRolled {
            die: 2,
            success: true,
            ..
        }
    )));
    assert_eq!(kept.units[0].owner, Seat(0));
    // a 1: East controls him, West's markers on his card are gone, the turn ends
    let mut given = state;
    let events = play(&mut given, Seat(0), Action::EndTurn, &[1]);
    assert!(events.contains(&Event::ControlTaken {
        unit: 0,
        from: Seat(0),
        to: Seat(1)
    }));
    assert!(events.contains(&Event::TurnEnded { seat: Seat(0) }));
    assert_eq!(given.units[0].owner, Seat(1));
    assert_eq!(given.figure(hawthorne).unwrap().owner, Seat(1));
    assert_eq!(given.players[0].markers.on, [None; 4]);
    // East's own card now: its turns roll the die in their turn
    assert!(given.living_units(Seat(1)).contains(&0));
}

#[test]
fn stab_in_the_back_asks_which_opponent_when_there_are_several() {
    let (mut state, hawthorne) = hawthorne_turn(&["Agent Carr (RotV)"]);
    play(&mut state, Seat(0), Action::EndTurn, &[1]);
    match HeroScape::pending(&state) {
        Pending::Decide { seats, decision } => {
            assert_eq!(seats, vec![Seat(0)]);
            assert_eq!(
                decision,
                Decision::UsePower {
                    figure: hawthorne,
                    unit: 0,
                    power: 1
                }
            );
        }
        other => panic!("West chooses: {other:?}"),
    }
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![
            Action::ChooseOpponent { seat: Seat(1) },
            Action::ChooseOpponent { seat: Seat(2) }
        ]
    );
    assert!(HeroScape::legal_actions(&state, Seat(2)).is_empty());
    let events = play(
        &mut state,
        Seat(0),
        Action::ChooseOpponent { seat: Seat(2) },
        &[],
    );
    assert!(events.contains(&Event::ControlTaken {
        unit: 0,
        from: Seat(0),
        to: Seat(2)
    }));
    assert!(events.contains(&Event::TurnEnded { seat: Seat(0) }));
    assert_eq!(state.figure(hawthorne).unwrap().owner, Seat(2));
}
