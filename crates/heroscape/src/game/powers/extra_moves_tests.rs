//! Powers that move other figures you control, with the real cards: *Gladiatron Movement
//! Bonding* (Blastatrons), *Scatter* (Deathreavers), *Cover Fire* (Agent Skahen).

use skirmish_board::hex::Hex;
use skirmish_engine::{Pending, Ruleset, Seat};

use crate::game::state::{Stage, State};
use crate::game::test_support::{battle_on, fig, plain, start_turn};
use crate::game::tests::{in_turn, play, BLANK, SKULL};
use crate::game::{Action, Decision, Event, HeroScape};

fn asked(state: &State) -> (Vec<Seat>, Decision) {
    match HeroScape::pending(state) {
        Pending::Decide { seats, decision } => (seats, decision),
        other => panic!("nothing asked: {other:?}"),
    }
}

fn mv(figure: u32, q: i32, r: i32) -> Action {
    Action::Move {
        figure,
        to: Hex::new(q, r),
        level: 1,
        tail: None,
    }
}

/// The figures the legal moves of `seat` move.
fn moving(state: &State, seat: Seat) -> Vec<u32> {
    let mut out: Vec<u32> = HeroScape::legal_actions(state, seat)
        .iter()
        .filter_map(|a| match a {
            Action::Move { figure, .. } => Some(*figure),
            _ => None,
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

#[test]
fn gladiatron_movement_bonding_moves_four_gladiatrons_five_spaces_before_the_turn() {
    let sc = battle_on(
        plain(0, 13, 0, 2),
        &["Blastatrons", "Gladiatrons", "Gladiatrons"],
        &["Gorillinators"],
    );
    let blastatron = |s: &State| fig(s, "Blastatrons", 0);
    let glad = |s: &State, n| fig(s, "Gladiatrons", n);
    let probe = in_turn(&sc, &[], Stage::Move);
    let mut places = vec![(blastatron(&probe), Hex::new(0, 0))];
    let spots = [
        (1, 0),
        (1, 1),
        (1, 2),
        (2, 0),
        (2, 1),
        (2, 2),
        (0, 1),
        (0, 2),
    ];
    for (n, (q, r)) in spots.into_iter().enumerate() {
        places.push((glad(&probe, n), Hex::new(q, r)));
    }
    places.push((fig(&probe, "Gorillinators", 0), Hex::new(13, 2)));
    let mut state = in_turn(&sc, &places, Stage::Move);
    start_turn(&mut state, Seat(0), 0);
    let (seats, decision) = asked(&state);
    assert_eq!(seats, vec![Seat(0)]);
    assert_eq!(
        decision,
        Decision::PowerMoves {
            unit: 0,
            power: 0,
            moved: 0
        }
    );
    let first = glad(&state, 0);
    // the Gladiatrons of both cards move, not the Blastatrons
    let movers = moving(&state, Seat(0));
    assert_eq!(movers.len(), 8, "{movers:?}");
    assert!(!movers.contains(&blastatron(&state)));
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal.contains(&mv(first, 6, 0)), "5 spaces away");
    assert!(!legal.contains(&mv(first, 7, 0)), "6 spaces is too far");
    let events = play(&mut state, Seat(0), mv(first, 6, 0), &[]);
    assert!(events.contains(&Event::PowerMoved {
        figure: first,
        unit: 0,
        power: 0
    }));
    assert_eq!(
        state.figure(first).and_then(|f| f.hex),
        Some(Hex::new(6, 0))
    );
    // each figure moves once
    assert!(!moving(&state, Seat(0)).contains(&first));
    for (n, q, r) in [(1, 6, 1), (2, 6, 2), (3, 5, 0)] {
        let g = glad(&state, n);
        play(&mut state, Seat(0), mv(g, q, r), &[]);
    }
    // four have moved: the Blastatrons' own turn begins, the Gladiatrons' moves not counted
    let (_, decision) = asked(&state);
    assert!(
        matches!(decision, Decision::Move { unit: 0, .. }),
        "{decision:?}"
    );
    assert!(state.turn().is_some_and(|t| t.moved.is_empty()));
    assert_eq!(moving(&state, Seat(0)), vec![blastatron(&state)]);
}

#[test]
fn a_gladiatron_leaving_an_engagement_by_the_bonding_takes_the_attack() {
    let sc = battle_on(
        plain(0, 9, 0, 2),
        &["Blastatrons", "Gladiatrons"],
        &["Gorillinators"],
    );
    let probe = in_turn(&sc, &[], Stage::Move);
    let (b, g, enemy) = (
        fig(&probe, "Blastatrons", 0),
        fig(&probe, "Gladiatrons", 0),
        fig(&probe, "Gorillinators", 0),
    );
    let mut state = in_turn(
        &sc,
        &[
            (b, Hex::new(0, 0)),
            (g, Hex::new(4, 1)),
            (enemy, Hex::new(5, 1)),
        ],
        Stage::Move,
    );
    start_turn(&mut state, Seat(0), 0);
    // moving away: the Gorillinator rolls one die, a skull destroys the Gladiatron (life 1)
    let events = play(&mut state, Seat(0), mv(g, 1, 1), &[SKULL]);
    assert!(
        events.contains(&Event::Destroyed { figure: g }),
        "{events:?}"
    );
    // no Gladiatron is left to move: the turn goes on
    assert!(matches!(asked(&state).1, Decision::Move { unit: 0, .. }));
}

#[test]
fn declining_the_bonding_moves_nobody() {
    let sc = battle_on(
        plain(0, 9, 0, 2),
        &["Blastatrons", "Gladiatrons"],
        &["Gorillinators"],
    );
    let probe = in_turn(&sc, &[], Stage::Move);
    let (b, g, enemy) = (
        fig(&probe, "Blastatrons", 0),
        fig(&probe, "Gladiatrons", 0),
        fig(&probe, "Gorillinators", 0),
    );
    let mut state = in_turn(
        &sc,
        &[
            (b, Hex::new(0, 0)),
            (g, Hex::new(1, 1)),
            (enemy, Hex::new(9, 1)),
        ],
        Stage::Move,
    );
    start_turn(&mut state, Seat(0), 0);
    let events = play(&mut state, Seat(0), Action::DeclinePower, &[]);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::PowerMoved { .. } | Event::Moved { .. })));
    assert!(matches!(asked(&state).1, Decision::Move { unit: 0, .. }));
    assert_eq!(state.figure(g).and_then(|f| f.hex), Some(Hex::new(1, 1)));
    // without its Blastatrons' turn, the Gladiatrons' own turn asks nothing of the power
    start_turn(&mut state, Seat(0), 1);
    assert!(matches!(asked(&state).1, Decision::Move { unit: 1, .. }));
}

/// East's Gorillinator attacks the West Deathreaver at (3, 0), the dice scripted.
fn scatter_attack(dice: &[u8]) -> (State, [u32; 3]) {
    let sc = battle_on(plain(0, 9, 0, 2), &["Deathreavers"], &["Gorillinators"]);
    let probe = in_turn(&sc, &[], Stage::Move);
    let d = [0, 1, 2].map(|n| fig(&probe, "Deathreavers", n));
    let gor = fig(&probe, "Gorillinators", 0);
    let mut state = in_turn(
        &sc,
        &[
            (d[0], Hex::new(3, 0)),
            (d[1], Hex::new(3, 2)),
            (d[2], Hex::new(2, 1)),
            (gor, Hex::new(4, 0)),
        ],
        Stage::Attack,
    );
    if let crate::game::state::Phase::Turns { turn: Some(t), .. } = &mut state.phase {
        t.seat = Seat(1);
        t.unit = 1;
    }
    play(
        &mut state,
        Seat(1),
        Action::Attack {
            figure: gor,
            target: d[0],
        },
        dice,
    );
    (state, d)
}

#[test]
fn scatter_moves_two_deathreavers_four_spaces_after_one_is_attacked() {
    // Gorillinators attack 2, the Deathreaver defends with 4: all blank, no wound
    let (mut state, d) = scatter_attack(&[BLANK; 6]);
    let (seats, decision) = asked(&state);
    assert_eq!(seats, vec![Seat(0)], "the defender's player moves");
    assert!(matches!(
        decision,
        Decision::PowerMoves {
            unit: 0,
            power: 0,
            ..
        }
    ));
    assert_eq!(moving(&state, Seat(0)), d.to_vec());
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal.contains(&mv(d[1], 7, 2)), "4 spaces");
    assert!(!legal.contains(&mv(d[1], 8, 2)), "5 spaces is too far");
    play(&mut state, Seat(0), mv(d[1], 7, 2), &[]);
    play(&mut state, Seat(0), mv(d[2], 0, 1), &[]);
    // two moved: the third stays, East's turn goes on
    assert!(!matches!(asked(&state).1, Decision::PowerMoves { .. }));
    assert_eq!(state.figure(d[0]).and_then(|f| f.hex), Some(Hex::new(3, 0)));
}

#[test]
fn cover_fire_moves_one_tricky_vydar_figure_after_a_wounding_attack() {
    let sc = battle_on(
        plain(0, 13, 0, 2),
        &["Agent Skahen", "Gorillinators", "Deathreavers"],
        &["Blastatrons"],
    );
    let probe = in_turn(&sc, &[], Stage::Move);
    let skahen = fig(&probe, "Agent Skahen", 0);
    let (near, far) = (
        fig(&probe, "Gorillinators", 0),
        fig(&probe, "Gorillinators", 1),
    );
    let reaver = fig(&probe, "Deathreavers", 0);
    let (target, other) = (fig(&probe, "Blastatrons", 0), fig(&probe, "Blastatrons", 1));
    let setup = || {
        in_turn(
            &sc,
            &[
                (skahen, Hex::new(2, 1)),
                (near, Hex::new(3, 0)),
                (far, Hex::new(11, 2)),
                (reaver, Hex::new(1, 1)),
                (target, Hex::new(8, 1)),
                (other, Hex::new(13, 0)),
            ],
            Stage::Attack,
        )
    };
    let shot = Action::Attack {
        figure: skahen,
        target,
    };
    // no wound: nothing to answer
    let mut state = setup();
    play(&mut state, Seat(0), shot.clone(), &[BLANK; 5]);
    assert!(!matches!(asked(&state).1, Decision::PowerMoves { .. }));
    // three skulls, two blank shields: the Blastatron is wounded
    let mut state = setup();
    play(
        &mut state,
        Seat(0),
        shot,
        &[SKULL, SKULL, SKULL, BLANK, BLANK],
    );
    let (seats, decision) = asked(&state);
    assert_eq!(seats, vec![Seat(0)]);
    assert!(matches!(
        decision,
        Decision::PowerMoves {
            unit: 0,
            power: 1,
            ..
        }
    ));
    // Skahen herself, the Utgar Deathreaver and the Gorillinator 9 spaces away do not move
    assert_eq!(moving(&state, Seat(0)), vec![near]);
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal.contains(&mv(near, 7, 0)), "4 spaces");
    assert!(!legal.contains(&mv(near, 8, 0)), "5 spaces is too far");
    play(&mut state, Seat(0), mv(near, 7, 0), &[]);
    // one figure only: the power's moves are over
    assert!(!matches!(asked(&state).1, Decision::PowerMoves { .. }));
    assert_eq!(state.figure(near).and_then(|f| f.hex), Some(Hex::new(7, 0)));
}

/// Death Chasers of Thesk (West, four figures from (1, 0)) against Gorillinators, in round
/// `round` with every order marker about to be placed; the figures' ids.
fn markers_down(round: u32) -> (State, [u32; 4]) {
    use crate::game::frames::HsFrame;
    use crate::game::state::{Marker, Markers, Phase};
    let sc = battle_on(
        plain(0, 13, 0, 2),
        &["Death Chasers of Thesk"],
        &["Gorillinators"],
    );
    let probe = in_turn(&sc, &[], Stage::Move);
    let dc = [0, 1, 2, 3].map(|n| fig(&probe, "Death Chasers of Thesk", n));
    let gor = fig(&probe, "Gorillinators", 0);
    let mut state = in_turn(
        &sc,
        &[
            (dc[0], Hex::new(1, 0)),
            (dc[1], Hex::new(1, 1)),
            (dc[2], Hex::new(1, 2)),
            (dc[3], Hex::new(0, 1)),
            (gor, Hex::new(13, 1)),
        ],
        Stage::Move,
    );
    state.round = round;
    state.phase = Phase::Markers;
    for p in &mut state.players {
        p.markers = Markers::default();
    }
    state.frames.as_mut().clear();
    state
        .frames
        .as_mut()
        .push(HsFrame::Markers { order: Vec::new() });
    for marker in [Marker::One, Marker::Two, Marker::Three, Marker::X] {
        play(
            &mut state,
            Seat(1),
            Action::PlaceMarker { marker, unit: 1 },
            &[],
        );
        if marker != Marker::X {
            play(
                &mut state,
                Seat(0),
                Action::PlaceMarker { marker, unit: 0 },
                &[],
            );
        }
    }
    (state, dc)
}

#[test]
fn orc_battle_rush_moves_the_death_chasers_once_the_first_markers_are_down() {
    use crate::game::state::Marker;
    let (mut state, dc) = markers_down(1);
    // West's last marker down: the rush comes before initiative
    let events = play(
        &mut state,
        Seat(0),
        Action::PlaceMarker {
            marker: Marker::X,
            unit: 0,
        },
        &[],
    );
    assert!(!events.iter().any(|e| matches!(e, Event::TurnOrder { .. })));
    let (seats, decision) = asked(&state);
    assert_eq!(seats, vec![Seat(0)]);
    assert!(matches!(
        decision,
        Decision::PowerMoves {
            unit: 0,
            power: 1,
            ..
        }
    ));
    assert_eq!(moving(&state, Seat(0)), dc.to_vec());
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal.contains(&mv(dc[0], 6, 0)), "5 spaces");
    assert!(!legal.contains(&mv(dc[0], 7, 0)), "6 spaces is too far");
    // every one of them may move: two do, then no more; initiative follows (d20s 15 and 3)
    play(&mut state, Seat(0), mv(dc[0], 6, 0), &[]);
    play(&mut state, Seat(0), mv(dc[1], 6, 1), &[]);
    assert_eq!(moving(&state, Seat(0)), vec![dc[2], dc[3]]);
    let events = play(&mut state, Seat(0), Action::DeclinePower, &[15, 3]);
    assert!(events.iter().any(|e| matches!(e, Event::TurnOrder { .. })));
    assert_eq!(
        state.figure(dc[2]).and_then(|f| f.hex),
        Some(Hex::new(1, 2))
    );
}

#[test]
fn orc_battle_rush_is_the_first_round_only() {
    use crate::game::state::Marker;
    let (mut state, _) = markers_down(2);
    let events = play(
        &mut state,
        Seat(0),
        Action::PlaceMarker {
            marker: Marker::X,
            unit: 0,
        },
        &[15, 3],
    );
    assert!(events.iter().any(|e| matches!(e, Event::TurnOrder { .. })));
}

#[test]
fn wherever_theres_trouble_moves_two_unengaged_gi_joe_or_soldier_heroes_two_spaces() {
    let drake = "Sgt. Drake Alexander (ROTV)";
    let sc = battle_on(
        plain(0, 11, 0, 3),
        &["Greenshirts", "Duke", "Snake Eyes", drake, "Roadblock"],
        &["Gorillinators"],
    );
    let probe = in_turn(&sc, &[], Stage::Move);
    let (green, duke, snake, sgt, road, gor) = (
        fig(&probe, "Greenshirts", 0),
        fig(&probe, "Duke", 0),
        fig(&probe, "Snake Eyes", 0),
        fig(&probe, drake, 0),
        fig(&probe, "Roadblock", 0),
        fig(&probe, "Gorillinators", 0),
    );
    let mut state = in_turn(
        &sc,
        &[
            (green, Hex::new(0, 0)),
            (duke, Hex::new(1, 0)),
            (snake, Hex::new(1, 1)),
            (sgt, Hex::new(1, 2)),
            (road, Hex::new(6, 1)),
            (gor, Hex::new(7, 1)),
        ],
        Stage::Move,
    );
    start_turn(&mut state, Seat(0), 0);
    assert!(matches!(
        asked(&state).1,
        Decision::PowerMoves { unit: 0, .. }
    ));
    // the G.I. JOE heroes and the Jandar soldier; not the engaged Roadblock, not the squad
    let mut heroes = vec![duke, snake, sgt];
    heroes.sort_unstable();
    assert_eq!(moving(&state, Seat(0)), heroes);
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal.contains(&mv(duke, 3, 0)), "2 spaces");
    assert!(!legal.contains(&mv(duke, 4, 0)), "3 spaces is too far");
    play(&mut state, Seat(0), mv(duke, 3, 0), &[]);
    play(&mut state, Seat(0), mv(snake, 3, 1), &[]);
    // two moved: the Greenshirts' turn
    assert!(matches!(asked(&state).1, Decision::Move { unit: 0, .. }));
    assert_eq!(state.figure(sgt).and_then(|f| f.hex), Some(Hex::new(1, 2)));
}

#[test]
fn glider_landing_places_a_glide_striker_apart_before_its_marker_and_it_does_not_move() {
    let sc = battle_on(
        plain(0, 11, 0, 2),
        &["Vorid Glide Strikers", "Gorillinators"],
        &["Gorillinators"],
    );
    let probe = in_turn(&sc, &[], Stage::Move);
    let glider = fig(&probe, "Vorid Glide Strikers", 0);
    let (mine, theirs) = (
        fig(&probe, "Gorillinators", 0),
        fig(&probe, "Gorillinators", 4),
    );
    let mut state = in_turn(
        &sc,
        &[(mine, Hex::new(0, 0)), (theirs, Hex::new(9, 1))],
        Stage::Move,
    );
    assert!(state.figure(glider).is_some_and(|f| f.hex.is_none()));
    start_turn(&mut state, Seat(0), 0);
    let (seats, decision) = asked(&state);
    assert_eq!(seats, vec![Seat(0)]);
    let Decision::Deploy {
        figure, unit: 0, ..
    } = decision
    else {
        panic!("no landing asked: {decision:?}");
    };
    assert_eq!(figure, glider);
    let place = |q, r| Action::Place {
        figure: glider,
        hex: Hex::new(q, r),
        tail: None,
    };
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal.contains(&place(5, 1)));
    assert!(!legal.contains(&place(8, 1)), "adjacent to the enemy");
    assert!(!legal.contains(&place(1, 0)), "adjacent to a friend");
    assert!(legal.contains(&Action::DeclinePower));
    let events = play(&mut state, Seat(0), place(5, 1), &[]);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::TurnStarted { unit: 0, .. })));
    assert_eq!(
        state.figure(glider).and_then(|f| f.hex),
        Some(Hex::new(5, 1))
    );
    // it cannot move normally this turn
    assert!(!moving(&state, Seat(0)).contains(&glider));
}

#[test]
fn a_declined_landing_keeps_the_glide_striker_off_and_the_turn_goes_on() {
    let sc = battle_on(
        plain(0, 11, 0, 2),
        &["Vorid Glide Strikers", "Gorillinators"],
        &["Gorillinators"],
    );
    let probe = in_turn(&sc, &[], Stage::Move);
    let glider = fig(&probe, "Vorid Glide Strikers", 0);
    let (mine, theirs) = (
        fig(&probe, "Gorillinators", 0),
        fig(&probe, "Gorillinators", 4),
    );
    let mut state = in_turn(
        &sc,
        &[(mine, Hex::new(0, 0)), (theirs, Hex::new(9, 1))],
        Stage::Move,
    );
    start_turn(&mut state, Seat(0), 0);
    let events = play(&mut state, Seat(0), Action::DeclinePower, &[]);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::TurnStarted { unit: 0, .. })));
    assert!(state.figure(glider).is_some_and(|f| f.hex.is_none()));
    // a marker on a card without the power asks nothing
    start_turn(&mut state, Seat(0), 1);
    assert!(!matches!(asked(&state).1, Decision::Deploy { .. }));
}
