//! Powers that place a chosen figure, at play with the real cards of the shared data, on a strip
//! of hexes, with scripted dice.

use skirmish_engine::{Pending, Ruleset, Seat};

use super::triggered;
use crate::battlefield::Level;
use crate::game::state::Stage;
use skirmish_board::hex::Hex;

use crate::game::test_support::{battle, battle_on, h, only_at, plain, real};
use crate::game::tests::play;
use crate::game::{Action, Decision, Event, HeroScape, State};

/// The place of the card's power named `name` among its powers.
fn power(card: &str, name: &str) -> u8 {
    let c = real(card);
    let (i, _) = triggered::triggered(&c)
        .find(|(i, _)| c.powers[usize::from(*i)].name == name)
        .unwrap_or_else(|| panic!("{card}'s {name} is not a triggered power"));
    i
}

fn asked(state: &State) -> Decision {
    match HeroScape::pending(state) {
        Pending::Decide { decision, .. } => decision,
        other => panic!("nothing asked: {other:?}"),
    }
}

/// Where a figure stands: its hex and level.
fn at(state: &State, id: u32) -> (Hex, Level) {
    let f = state.figure(id).expect("the figure");
    (f.hex.expect("on the battlefield"), f.level)
}

#[test]
fn chain_grab_places_the_chosen_marro_next_to_the_chainfighter_on_a_9() {
    // The Marro stands 3 spaces away, engaged with a Viking; the chainfighter has moved.
    let sc = battle(
        &[1; 8],
        &["Drow Chainfighter", "Tarn Viking Warriors"],
        &["Marro Warriors"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Drow Chainfighter", 0, h(1)),
            ("Marro Warriors", 0, h(4)),
            ("Tarn Viking Warriors", 0, h(5)),
        ],
        Stage::Move,
    );
    let (chain, marro) = (ids[0], ids[1]);
    let p = power("Drow Chainfighter", "Chain Grab");
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    let grab = Action::UsePower {
        figure: chain,
        power: p,
        target: Some(marro),
    };
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal.contains(&grab) && legal.contains(&Action::DeclinePower));
    // The Viking is West's own: not an opponent's figure to choose.
    assert_eq!(legal.len(), 2, "{legal:?}");

    let mut missed = state.clone();
    play(&mut missed, Seat(0), grab.clone(), &[8]);
    assert_eq!(
        at(&missed, marro),
        (h(4), 1),
        "an 8 leaves the Marro where it is"
    );

    play(&mut state, Seat(0), grab, &[9]);
    assert_eq!(
        asked(&state),
        Decision::Deploy {
            figure: marro,
            unit: 0,
            power: p
        }
    );
    let mut spaces = HeroScape::legal_actions(&state, Seat(0));
    spaces.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        spaces,
        vec![
            Action::PlaceCarried {
                figure: marro,
                to: h(0),
                level: 1
            },
            Action::PlaceCarried {
                figure: marro,
                to: h(2),
                level: 1
            },
        ],
        "the empty same-level spaces next to the chainfighter; the card gives no way to decline"
    );
    // Engaged with the Viking, the Marro leaves without a leaving-engagement attack: no die.
    let events = play(
        &mut state,
        Seat(0),
        Action::PlaceCarried {
            figure: marro,
            to: h(2),
            level: 1,
        },
        &[],
    );
    assert!(events.contains(&Event::Placed {
        figure: marro,
        hex: h(2),
        level: 1
    }));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::LeftEngagement { .. })));
    assert_eq!(at(&state, marro), (h(2), 1));
    assert!(
        HeroScape::legal_actions(&state, Seat(0)).contains(&Action::Attack {
            figure: chain,
            target: marro
        })
    );
}

#[test]
fn chain_grab_reaches_six_levels_above_the_chainfighters_top_and_places_on_its_level() {
    // The chainfighter (height 4) on level 1: a Marro's base up to level 11 may be chosen.
    let grab_at = |top: Level| {
        let sc = battle(
            &[1, 1, 1, top, 1],
            &["Drow Chainfighter"],
            &["Marro Warriors"],
        );
        let (mut state, ids) = only_at(
            &sc,
            &[("Drow Chainfighter", 0, h(1)), ("Marro Warriors", 0, h(3))],
            Stage::Move,
        );
        play(&mut state, Seat(0), Action::EndMoves, &[]);
        let grab = Action::UsePower {
            figure: ids[0],
            power: power("Drow Chainfighter", "Chain Grab"),
            target: Some(ids[1]),
        };
        (state, grab, ids[1])
    };
    let (state, grab, _) = grab_at(12);
    assert!(!HeroScape::legal_actions(&state, Seat(0)).contains(&grab));
    let (mut state, grab, marro) = grab_at(11);
    play(&mut state, Seat(0), grab, &[20]);
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal.contains(&Action::PlaceCarried {
        figure: marro,
        to: h(2),
        level: 1
    }));
    assert!(legal
        .iter()
        .all(|a| matches!(a, Action::PlaceCarried { level: 1, .. })));
}

#[test]
fn grapple_grab_chooses_within_six_levels_of_drakes_base_and_places_on_an_8() {
    let grab_at = |top: Level| {
        let sc = battle(
            &[1, 1, 1, 1, top, 1],
            &["Sgt. Drake Alexander (AOA)"],
            &["Marro Warriors"],
        );
        let (mut state, ids) = only_at(
            &sc,
            &[
                ("Sgt. Drake Alexander (AOA)", 0, h(1)),
                ("Marro Warriors", 0, h(4)),
            ],
            Stage::Move,
        );
        play(&mut state, Seat(0), Action::EndMoves, &[]);
        let grab = Action::UsePower {
            figure: ids[0],
            power: power("Sgt. Drake Alexander (AOA)", "Grapple Grab 8"),
            target: Some(ids[1]),
        };
        (state, grab, ids[1])
    };
    // Drake on level 1: level 7 is 6 above his base, level 8 is not.
    let (state, grab, _) = grab_at(8);
    assert!(!HeroScape::legal_actions(&state, Seat(0)).contains(&grab));
    let (mut state, grab, marro) = grab_at(7);
    let mut missed = state.clone();
    play(&mut missed, Seat(0), grab.clone(), &[7]);
    assert_eq!(at(&missed, marro), (h(4), 7));
    play(&mut state, Seat(0), grab, &[8]);
    play(
        &mut state,
        Seat(0),
        Action::PlaceCarried {
            figure: marro,
            to: h(0),
            level: 1,
        },
        &[],
    );
    assert_eq!(at(&state, marro), (h(0), 1));
}

#[test]
fn grapple_arm_moves_drake_4_spaces_over_a_figure_at_most_45_levels_up_taking_the_leaving_attack() {
    use super::moves::{power_destinations, MoveWay};
    use crate::game::tests::SKULL;
    let reach = |top: Level| {
        let sc = battle(
            &[1, 1, 1, 1, 1, top, 1],
            &["Sgt. Drake Alexander (SOTM)"],
            &["Marro Warriors"],
        );
        let (state, ids) = only_at(
            &sc,
            &[
                ("Sgt. Drake Alexander (SOTM)", 0, h(1)),
                ("Marro Warriors", 0, h(2)),
            ],
            Stage::Move,
        );
        let drake = state.figure(ids[0]).unwrap().clone();
        let ends: Vec<_> = power_destinations(&state, &drake, MoveWay::Place)
            .into_iter()
            .map(|d| (d.hex, d.level))
            .collect();
        (state, ids, ends)
    };
    // 4 spaces away, 45 levels up: in reach; 46 up is not; 5 spaces away is not.
    let (_, _, ends) = reach(47);
    assert!(!ends.contains(&(h(5), 47)));
    let (mut state, ids, ends) = reach(46);
    assert!(ends.contains(&(h(5), 46)) && ends.contains(&(h(3), 1)));
    assert!(
        !ends.contains(&(h(6), 1)),
        "five spaces is beyond its move of 4"
    );
    // Engaged with the Marro when it starts: the Marro's leaving-engagement attack.
    let events = play(
        &mut state,
        Seat(0),
        Action::PowerMove {
            figure: ids[0],
            way: MoveWay::Place,
            to: h(5),
            level: 46,
            tail: None,
        },
        &[SKULL],
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::LeftEngagement { figure, enemy, .. } if *figure == ids[0] && *enemy == ids[1]
    )));
    assert_eq!(at(&state, ids[0]), (h(5), 46));
    assert_eq!(state.figure(ids[0]).unwrap().wounds, 1);
}

#[test]
fn witchcraft_telekinesis_chooses_two_figures_then_rolls_8_for_the_squad_figure_17_for_the_hero() {
    // On a plain: the Marro 2 spaces from Kilkorax, Ne-Gok-Sa 3, neither behind the other.
    let sc = battle_on(
        plain(0, 6, 0, 2),
        &["Kilkorax the Kyrie Warrior"],
        &["Marro Warriors", "Ne-Gok-Sa"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Kilkorax the Kyrie Warrior", 0, Hex::new(1, 1)),
            ("Marro Warriors", 0, Hex::new(3, 0)),
            ("Ne-Gok-Sa", 0, Hex::new(3, 2)),
        ],
        Stage::Move,
    );
    let (kil, marro, ne) = (ids[0], ids[1], ids[2]);
    let p = power("Kilkorax the Kyrie Warrior", "Witchcraft Telekinesis");
    let choose = |target| Action::UsePower {
        figure: kil,
        power: p,
        target: Some(target),
    };
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    // The first figure chosen: no roll yet, a second may be chosen (not the same one).
    let events = play(&mut state, Seat(0), choose(marro), &[]);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::PowerRolled { .. })));
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![choose(ne), Action::DeclinePower]
    );
    let both = state.clone();

    // The Marro, a squad figure, on an 8; then Ne-Gok-Sa, a hero, fails on a 16.
    let events = play(&mut state, Seat(0), choose(ne), &[8]);
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::PowerRolled { .. }))
            .count(),
        1,
        "one roll at a time: the Marro's first"
    );
    assert_eq!(
        asked(&state),
        Decision::Deploy {
            figure: marro,
            unit: 0,
            power: p
        }
    );
    // "you may place": the Marro may be left where it is
    assert!(HeroScape::legal_actions(&state, Seat(0)).contains(&Action::DeclinePower));
    let events = play(
        &mut state,
        Seat(0),
        Action::PlaceCarried {
            figure: marro,
            to: Hex::new(2, 1),
            level: 1,
        },
        &[16],
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PowerRolled {
            die: 16,
            needed: 17,
            success: false,
            ..
        }
    )));
    assert_eq!(at(&state, marro), (Hex::new(2, 1), 1));
    assert_eq!(at(&state, ne), (Hex::new(3, 2), 1));

    // A 7 leaves the Marro; a 17 brings the hero.
    let mut state = both;
    play(&mut state, Seat(0), choose(ne), &[7, 17]);
    assert_eq!(at(&state, marro), (Hex::new(3, 0), 1));
    play(
        &mut state,
        Seat(0),
        Action::PlaceCarried {
            figure: ne,
            to: Hex::new(0, 1),
            level: 1,
        },
        &[],
    );
    assert_eq!(at(&state, ne), (Hex::new(0, 1), 1));
}

#[test]
fn eldritch_switch_follows_a_normal_move_only_and_switches_the_two_figures() {
    use super::moves::MoveWay;
    let sc = battle(&[1; 7], &["Krakenling"], &["Marro Warriors"]);
    let (state, ids) = only_at(
        &sc,
        &[("Krakenling", 0, h(1)), ("Marro Warriors", 0, h(4))],
        Stage::Move,
    );
    let (kraken, marro) = (ids[0], ids[1]);
    let switch = Action::UsePower {
        figure: kraken,
        power: power("Krakenling", "ELDRITCH SWITCH"),
        target: Some(marro),
    };

    // Placed next to the Marro by Warp Space, not moved normally: no switch.
    let mut warped = state.clone();
    play(
        &mut warped,
        Seat(0),
        Action::PowerMove {
            figure: kraken,
            way: MoveWay::Teleport,
            to: h(3),
            level: 1,
            tail: None,
        },
        &[],
    );
    assert!(!HeroScape::legal_actions(&warped, Seat(0)).contains(&switch));

    let mut state = state;
    play(
        &mut state,
        Seat(0),
        Action::Move {
            figure: kraken,
            to: h(3),
            level: 1,
            tail: None,
        },
        &[],
    );
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert_eq!(legal, vec![switch.clone(), Action::DeclinePower]);
    let events = play(&mut state, Seat(0), switch, &[]);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::LeftEngagement { .. })));
    assert_eq!(at(&state, kraken), (h(4), 1));
    assert_eq!(at(&state, marro), (h(3), 1));
}
