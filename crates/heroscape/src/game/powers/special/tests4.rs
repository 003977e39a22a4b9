//! Special attacks with riders of their own (`power/specials.rs`), with the real cards and
//! scripted dice: *Psionic Blast* (no clear line of sight, an order marker off the card of
//! each figure it wounds), *Full Barrage* (three attacks, each with another range and attack
//! pair, at three different figures), *Drill-Drive* (a straight line through figures, then one
//! roll at them all), *Ninjutsu Barrage* (attacks before, during and after a move).

use skirmish_board::hex::Hex;
use skirmish_engine::{Pending, Ruleset, Seat};

use super::explain;
use crate::game::geometry;
use crate::game::powers::moves::MoveWay;
use crate::game::state::{Stage, State};
use crate::game::test_support::{battle, battle_on, h, only_at, plain_raised};
use crate::game::tests::{play, BLANK, SHIELD, SKULL};
use crate::game::{Action, Decision, Event, HeroScape};

fn blast(figure: u32, target: u32) -> Action {
    Action::SpecialAttack {
        figure,
        power: 0,
        target: Some(target),
        line: None,
        dice: None,
        also: Vec::new(),
    }
}

/// The Mind Flayer Mastermind on the west end of a strip, a Tarn Viking three spaces east
/// behind a cliff neither sees over, the vikings' card holding East's four markers, the 1
/// already revealed.
fn behind_the_cliff() -> (State, u32, u32) {
    let s = battle(
        &[1, 1, 20, 1, 1],
        &["Mind Flayer Mastermind"],
        &["Tarn Viking Warriors"],
    );
    let (mut state, ids) = only_at(
        &s,
        &[
            ("Mind Flayer Mastermind", 0, h(0)),
            ("Tarn Viking Warriors", 0, h(3)),
        ],
        Stage::Attack,
    );
    let vikings = state.figure(ids[1]).unwrap().unit;
    state.players[1].markers.on = [Some(vikings); 4];
    state.players[1].markers.revealed = [true, false, false, false];
    (state, ids[0], ids[1])
}

#[test]
fn psionic_blast_needs_no_sight_and_takes_one_hidden_marker_at_random_off_a_wounded_card() {
    let (mut state, flayer, viking) = behind_the_cliff();
    let (f, v) = (state.figure(flayer).unwrap(), state.figure(viking).unwrap());
    assert!(
        !geometry::can_see(&state, f, v),
        "the cliff hides the viking"
    );
    let vikings = v.unit;
    // 3 skulls, no shield among the viking's 4 dice, then the marker die's second face: the
    // face-down markers are the 2, the 3 and the X, so the 3 goes
    let events = play(
        &mut state,
        Seat(0),
        blast(flayer, viking),
        &[SKULL, SKULL, SKULL, BLANK, BLANK, BLANK, BLANK, 2],
    );
    assert!(state.figure(viking).unwrap().destroyed);
    assert_eq!(
        state.players[1].markers.on,
        [Some(vikings), Some(vikings), None, Some(vikings)]
    );
    let removed: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::MarkersRemoved { .. }))
        .collect();
    assert_eq!(removed.len(), 1);
    assert!(matches!(
        removed[0],
        Event::MarkersRemoved {
            figure,
            unit,
            count: 1,
            ..
        } if *figure == flayer && *unit == vikings
    ));
    // the log says that one went, never which
    let log = serde_json::to_string(&removed).unwrap();
    assert!(!log.contains("marker\":"), "{log}");
}

#[test]
fn psionic_blast_takes_no_marker_when_it_wounds_nobody() {
    let (mut state, flayer, viking) = behind_the_cliff();
    // 1 skull, 1 shield: no wound, and no marker die is rolled (the script has none)
    let events = play(
        &mut state,
        Seat(0),
        blast(flayer, viking),
        &[SKULL, BLANK, BLANK, SHIELD, BLANK, BLANK, BLANK],
    );
    assert!(!state.figure(viking).unwrap().destroyed);
    assert_eq!(state.players[1].markers.on.iter().flatten().count(), 4);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::MarkersRemoved { .. })));
}

#[test]
fn psionic_blast_reaches_no_farther_than_range_3() {
    let (mut state, flayer, viking) = behind_the_cliff();
    state.figure_mut(viking).unwrap().hex = Some(h(4));
    assert!(!HeroScape::legal_actions(&state, Seat(0)).contains(&blast(flayer, viking)));
}

fn barrage(figure: u32, target: u32, dice: u16) -> Action {
    Action::SpecialAttack {
        figure,
        power: 0,
        target: Some(target),
        line: None,
        dice: Some(dice),
        also: Vec::new(),
    }
}

fn legal(state: &State, action: &Action) -> bool {
    HeroScape::legal_actions(state, Seat(0)).contains(action)
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

#[test]
fn full_barrage_takes_each_range_and_attack_pair_once_at_three_different_figures() {
    let s = battle_on(
        plain_raised(9, 5, &[]),
        &["Major Q11"],
        &["Tarn Viking Warriors"],
    );
    let (mut state, ids) = only_at(
        &s,
        &[
            ("Major Q11", 0, Hex::new(0, 2)),
            ("Tarn Viking Warriors", 0, Hex::new(7, 0)),
            ("Tarn Viking Warriors", 1, Hex::new(5, 2)),
            ("Tarn Viking Warriors", 2, Hex::new(1, 4)),
        ],
        Stage::Attack,
    );
    let (q11, far, mid, near) = (ids[0], ids[1], ids[2], ids[3]);
    let at = |id: u32| state.figure(id).unwrap();
    for (id, spaces) in [(far, 7), (mid, 5), (near, 3)] {
        assert_eq!(geometry::range(&state, at(q11), at(id)), Some(spaces));
        assert!(geometry::can_see(&state, at(q11), at(id)));
    }
    // each pair reaches as far as its range: Attack 4 only 3 spaces, Attack 2 all 7
    assert!(!legal(&state, &barrage(q11, far, 4)));
    assert!(!legal(&state, &barrage(q11, far, 3)));
    assert!(!legal(&state, &barrage(q11, mid, 4)));
    assert!(legal(&state, &barrage(q11, far, 2)));
    // no dice named, or dice of no pair: no attack
    let mut unnamed = barrage(q11, near, 2);
    if let Action::SpecialAttack { dice, .. } = &mut unnamed {
        *dice = None;
    }
    assert!(!legal(&state, &unnamed));
    assert!(!legal(&state, &barrage(q11, near, 6)));

    // Range 7, Attack 2 at the far viking: two dice
    let events = play(
        &mut state,
        Seat(0),
        barrage(q11, far, 2),
        &[SKULL, SKULL, BLANK, BLANK, BLANK, BLANK],
    );
    assert_eq!(attack_dice(&events), vec![2]);
    assert!(state.figure(far).unwrap().destroyed);
    // that pair is spent: the middle viking, within its 7 spaces, only by Range 5, Attack 3
    assert!(!legal(&state, &barrage(q11, mid, 2)));
    let why = explain(&state, &barrage(q11, mid, 2)).unwrap();
    assert!(why.contains("Range 7, Attack 2"), "{why}");
    let events = play(
        &mut state,
        Seat(0),
        barrage(q11, mid, 3),
        &[SKULL, SKULL, BLANK, BLANK, BLANK, BLANK, BLANK],
    );
    assert_eq!(attack_dice(&events), vec![3]);
    // the near viking: only Range 3, Attack 4 is left
    assert!(!legal(&state, &barrage(q11, near, 2)));
    assert!(!legal(&state, &barrage(q11, near, 3)));
    let events = play(
        &mut state,
        Seat(0),
        barrage(q11, near, 4),
        &[SKULL, BLANK, BLANK, BLANK, SHIELD, BLANK, BLANK, BLANK],
    );
    assert_eq!(attack_dice(&events), vec![4]);
    // three attacks made: no fourth
    assert!(!HeroScape::legal_actions(&state, Seat(0))
        .iter()
        .any(|a| matches!(a, Action::SpecialAttack { .. })));
}

fn drill(figure: u32, to: Hex) -> Action {
    Action::PowerMove {
        figure,
        way: MoveWay::DrillDrive,
        to,
        level: 1,
        tail: None,
    }
}

/// Decker on a plain, a Tarn Viking east of him on a hex one level up and another beyond it,
/// a third viking north-west of him: the first and the third engage him.
fn before_the_drill() -> (State, [u32; 4]) {
    let s = battle_on(
        plain_raised(8, 3, &[(Hex::new(2, 1), 2)]),
        &["Decker The Burrowbreaker"],
        &["Tarn Viking Warriors"],
    );
    let (state, ids) = only_at(
        &s,
        &[
            ("Decker The Burrowbreaker", 0, Hex::new(1, 1)),
            ("Tarn Viking Warriors", 0, Hex::new(2, 1)),
            ("Tarn Viking Warriors", 1, Hex::new(3, 1)),
            ("Tarn Viking Warriors", 2, Hex::new(1, 0)),
        ],
        Stage::Move,
    );
    (state, [ids[0], ids[1], ids[2], ids[3]])
}

#[test]
fn drill_drive_goes_through_figures_in_a_straight_line_and_rolls_once_at_them_all() {
    let (mut state, [decker, up, beyond, aside]) = before_the_drill();
    let mut engaged = geometry::engaged_with(&state, state.figure(decker).unwrap());
    engaged.sort_unstable();
    assert_eq!(engaged, vec![up, aside]);
    // up to 5 spaces in a straight line, the climb onto the raised hex costing one more
    assert!(legal(&state, &drill(decker, Hex::new(5, 1))));
    assert!(!legal(&state, &drill(decker, Hex::new(6, 1))));
    assert!(!legal(&state, &drill(decker, Hex::new(3, 2))));
    assert!(
        !legal(&state, &drill(decker, Hex::new(3, 1))),
        "never ends on a figure"
    );
    let why = crate::game::play::explain(&state, Seat(0), &drill(decker, Hex::new(3, 2)));
    assert!(format!("{why:?}").contains("straight line"), "{why:?}");
    // through both vikings to (4, 1): only the viking aside, not passed through, attacks him
    // as he leaves (a skull); then 4 dice once for both, each defending with its own 4 dice,
    // the raised viking without a die for its height
    let events = play(
        &mut state,
        Seat(0),
        drill(decker, Hex::new(4, 1)),
        &[
            SKULL, // the viking aside
            SKULL, SKULL, SKULL, BLANK, // the drill
            SHIELD, BLANK, BLANK, BLANK, // the raised viking
            BLANK, BLANK, BLANK, BLANK, // the one beyond
        ],
    );
    assert_eq!(state.figure(decker).unwrap().hex, Some(Hex::new(4, 1)));
    assert_eq!(state.figure(decker).unwrap().wounds, 1);
    let attacked: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::SpecialAttacked { .. }))
        .collect();
    assert_eq!(attacked.len(), 1);
    let Event::SpecialAttacked {
        attacker,
        attack,
        height,
        hits,
        ..
    } = attacked[0]
    else {
        unreachable!()
    };
    assert_eq!((*attacker, attack.len(), *height), (decker, 4, 0));
    let defended: Vec<(u32, usize, u16)> = hits
        .iter()
        .map(|h| (h.figure, h.defence.len(), h.height))
        .collect();
    assert_eq!(defended, vec![(up, 4, 0), (beyond, 4, 0)]);
    assert!(state.figure(up).unwrap().destroyed && state.figure(beyond).unwrap().destroyed);
    assert!(!state.figure(aside).unwrap().destroyed);
    // instead of moving and attacking normally: nothing left to him, his turn is over
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::TurnEnded { seat } if *seat == Seat(0))));
}

/// Decker drilling through a Marro Divider: as in any special attack, the divider's *Cell
/// Divide* is asked before the wounds land, and the answer goes on to the end of his turn.
#[test]
fn drill_drive_stops_for_a_power_answering_its_wounds() {
    let s = battle_on(
        plain_raised(8, 3, &[]),
        &["Decker The Burrowbreaker"],
        &["Marro Dividers"],
    );
    let (mut state, ids) = only_at(
        &s,
        &[
            ("Decker The Burrowbreaker", 0, Hex::new(1, 1)),
            ("Marro Dividers", 0, Hex::new(2, 1)),
        ],
        Stage::Move,
    );
    let (decker, divider) = (ids[0], ids[1]);
    let events = play(
        &mut state,
        Seat(0),
        drill(decker, Hex::new(4, 1)),
        &[SKULL, SKULL, SKULL, SKULL, BLANK, BLANK, BLANK],
    );
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::SpecialAttacked { .. })));
    assert!(
        !state.figure(divider).unwrap().destroyed,
        "its wounds wait for the answer"
    );
    let Pending::Decide {
        seats,
        decision: Decision::UsePower { figure, power, .. },
    } = HeroScape::pending(&state)
    else {
        panic!("Cell Divide is asked");
    };
    assert_eq!((seats, figure), (vec![Seat(1)], divider));
    let events = play(
        &mut state,
        Seat(1),
        Action::UsePower {
            figure: divider,
            power,
            target: None,
        },
        &[20],
    );
    assert!(state.figure(divider).unwrap().on_field());
    assert_eq!(state.figure(divider).unwrap().wounds, 0);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::TurnEnded { seat } if *seat == Seat(0))));
}

#[test]
fn drill_drive_through_nobody_is_a_move_and_no_attack() {
    let (mut state, [decker, _, _, aside]) = before_the_drill();
    // one space west: still beside the viking aside, nobody passed through; the raised viking
    // he leaves without passing through it rolls its die (a blank), and no attack follows
    let events = play(&mut state, Seat(0), drill(decker, Hex::new(0, 1)), &[BLANK]);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::SpecialAttacked { .. })));
    let at = |id: u32| state.figure(id).unwrap();
    assert!(geometry::engaged_with(&state, at(decker)).contains(&aside));
    // beside an enemy, and yet his turn is over: he may not attack normally after it
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::TurnEnded { seat } if *seat == Seat(0))));
}

fn barrage_move(figure: u32, to: Hex) -> Action {
    Action::PowerMove {
        figure,
        way: MoveWay::Barrage,
        to,
        level: 1,
        tail: None,
    }
}

/// Kumiko on a plain in the attack step, a Tarn Viking beside her and two others further on.
fn before_the_barrage(stage: Stage) -> (State, [u32; 4]) {
    let s = battle_on(
        plain_raised(8, 4, &[]),
        &["Kumiko"],
        &["Tarn Viking Warriors"],
    );
    let (state, ids) = only_at(
        &s,
        &[
            ("Kumiko", 0, Hex::new(1, 1)),
            ("Tarn Viking Warriors", 0, Hex::new(1, 0)),
            ("Tarn Viking Warriors", 1, Hex::new(4, 0)),
            ("Tarn Viking Warriors", 2, Hex::new(4, 2)),
        ],
        stage,
    );
    (state, [ids[0], ids[1], ids[2], ids[3]])
}

fn normal_attack_left(state: &State, figure: u32) -> bool {
    HeroScape::legal_actions(state, Seat(0))
        .iter()
        .any(|a| matches!(a, Action::Attack { figure: f, .. } if *f == figure))
}

#[test]
fn ninjutsu_barrage_attacks_before_during_and_after_its_move_of_three() {
    let (mut state, [kumiko, beside, north, south]) = before_the_barrage(Stage::Attack);
    let miss = [SKULL, BLANK, BLANK, SHIELD, BLANK, BLANK, BLANK];
    // before the move: the viking beside her
    assert!(normal_attack_left(&state, kumiko));
    play(&mut state, Seat(0), blast(kumiko, beside), &miss);
    assert!(
        !normal_attack_left(&state, kumiko),
        "instead of attacking normally"
    );
    // two spaces east: beside the northern viking (her third space is left)
    assert!(legal(&state, &barrage_move(kumiko, Hex::new(4, 1))));
    assert!(!legal(&state, &barrage_move(kumiko, Hex::new(5, 1))));
    play(
        &mut state,
        Seat(0),
        barrage_move(kumiko, Hex::new(3, 1)),
        &[],
    );
    assert!(
        !legal(&state, &blast(kumiko, beside)),
        "never the same figure twice"
    );
    play(&mut state, Seat(0), blast(kumiko, north), &miss);
    // the last space, beside the southern viking, and the third attack
    assert!(!legal(&state, &barrage_move(kumiko, Hex::new(3, 3))));
    play(
        &mut state,
        Seat(0),
        barrage_move(kumiko, Hex::new(3, 2)),
        &[],
    );
    assert!(!HeroScape::legal_actions(&state, Seat(0))
        .iter()
        .any(|a| matches!(a, Action::PowerMove { .. })));
    let events = play(&mut state, Seat(0), blast(kumiko, south), &miss);
    assert_eq!(attack_dice(&events), vec![3]);
    assert_eq!(state.figure(kumiko).unwrap().hex, Some(Hex::new(3, 2)));
}

#[test]
fn ninjutsu_barrage_is_not_for_a_figure_that_moved_normally() {
    let (mut state, [kumiko, _, north, _]) = before_the_barrage(Stage::Move);
    let to = Hex::new(3, 1);
    play(
        &mut state,
        Seat(0),
        Action::Move {
            figure: kumiko,
            to,
            level: 1,
            tail: None,
        },
        &[],
    );
    if state.turn().unwrap().stage == Stage::Move {
        play(&mut state, Seat(0), Action::EndMoves, &[]);
    }
    assert!(normal_attack_left(&state, kumiko));
    assert!(!legal(&state, &blast(kumiko, north)));
    assert!(!HeroScape::legal_actions(&state, Seat(0))
        .iter()
        .any(|a| matches!(a, Action::PowerMove { .. })));
}
