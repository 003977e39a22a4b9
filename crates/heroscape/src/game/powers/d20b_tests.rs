//! The d20 powers answering an attack's skulls (*Disappearing Ninja*, *Vanish*, *Hide in
//! Darkness*, *Stealthy*) and a leaving-engagement attack's wounds (*Tactical
//! Disengagement*), at play with the real cards of the shared data, with scripted dice.

use skirmish_board::hex::Hex;
use skirmish_engine::{Pending, Ruleset, Seat};

use crate::battlefield::Ground;
use crate::game::state::Stage;
use crate::game::test_support::{
    asked, battle, battle_on, h, only_at, rolled_with_bonus, strip_with,
};
use crate::game::tests::play;
use crate::game::{Action, Decision, Event, HeroScape, State};
use crate::power::Outcome;

/// Combat die values: 1 a skull, 4 a shield, 6 a blank.
const SKULL: u8 = 1;
const SHIELD: u8 = 4;
const BLANK: u8 = 6;

/// The defence dice rolled and the wounds of the events' normal attack.
fn defended(events: &[Event]) -> (usize, u16) {
    events
        .iter()
        .find_map(|e| match e {
            Event::Attacked {
                defence, wounds, ..
            } => Some((defence.len(), *wounds)),
            _ => None,
        })
        .expect("an attack")
}

fn ignored(events: &[Event]) -> bool {
    events.iter().any(|e| {
        matches!(
            e,
            Event::PowerUsed {
                outcome: Outcome::IgnoreWounds,
                ..
            }
        )
    })
}

#[test]
fn a_disappearing_ninja_takes_no_damage_and_must_move_away_from_every_enemy() {
    let sc = battle(
        &[1; 8],
        &["Krav Maga Agents"],
        &["Ninjas of the Northern Wind"],
    );
    let setup = || {
        only_at(
            &sc,
            &[
                ("Krav Maga Agents", 0, h(1)),
                ("Ninjas of the Northern Wind", 0, h(2)),
            ],
            Stage::Attack,
        )
    };
    let (mut state, ids) = setup();
    let (agent, ninja) = (ids[0], ids[1]);
    let attack = Action::Attack {
        figure: agent,
        target: ninja,
    };
    // no skull: nothing to disappear from
    let events = play(&mut state.clone(), Seat(0), attack.clone(), &[BLANK; 6]);
    assert!(rolled_with_bonus(&events).is_empty());
    // a skull and 11: the defence is rolled as usual
    let events = play(
        &mut state.clone(),
        Seat(0),
        attack.clone(),
        &[SKULL, BLANK, BLANK, 11, BLANK, BLANK, BLANK],
    );
    assert_eq!(rolled_with_bonus(&events), vec![(11, 0, 12, false)]);
    assert_eq!(defended(&events), (3, 1));
    // a skull and 12: no defence dice, no damage, then the ninja's move
    let events = play(&mut state, Seat(0), attack, &[SKULL, SKULL, SKULL, 12]);
    assert_eq!(rolled_with_bonus(&events), vec![(12, 0, 12, true)]);
    assert_eq!(defended(&events), (0, 0));
    assert!(ignored(&events));
    assert_eq!(state.figure(ninja).map(|f| f.wounds), Some(0));
    let (seats, decision) = asked(&state);
    assert_eq!(seats, vec![Seat(1)], "the ninja's player moves it");
    assert!(matches!(decision, Decision::PowerMoves { moved: 0, .. }));
    let legal = HeroScape::legal_actions(&state, Seat(1));
    // adjacent to the agent where it stands: it must move, to a place away from him
    assert!(!legal.contains(&Action::DeclinePower), "{legal:?}");
    let ends: Vec<i32> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Move { figure, to, .. } if *figure == ninja => Some(to.q),
            _ => None,
        })
        .collect();
    assert_eq!(ends.len(), legal.len(), "only the ninja moves: {legal:?}");
    let mut sorted = ends.clone();
    sorted.sort_unstable();
    assert_eq!(
        sorted,
        vec![3, 4, 5, 6],
        "up to 4 spaces, none beside the agent"
    );
    play(
        &mut state,
        Seat(1),
        Action::Move {
            figure: ninja,
            to: h(6),
            level: 1,
            tail: None,
        },
        &[],
    );
    assert_eq!(state.figure(ninja).and_then(|f| f.hex), Some(h(6)));
    assert!(!matches!(asked(&state).1, Decision::PowerMoves { .. }));
}

#[test]
fn isamu_cannot_vanish_with_nowhere_to_end_away_from_enemies() {
    // Isamu between two agents on a strip of three hexes: no empty space to vanish to
    let sc = battle(&[1; 3], &["Krav Maga Agents"], &["Isamu (FoV)"]);
    let (mut boxed, ids) = only_at(
        &sc,
        &[
            ("Krav Maga Agents", 0, h(0)),
            ("Isamu (FoV)", 0, h(1)),
            ("Krav Maga Agents", 1, h(2)),
        ],
        Stage::Attack,
    );
    let attack = Action::Attack {
        figure: ids[0],
        target: ids[1],
    };
    let events = play(&mut boxed, Seat(0), attack, &[SKULL, SKULL, BLANK, SHIELD]);
    assert!(rolled_with_bonus(&events).is_empty(), "no roll to vanish");
    assert_eq!(defended(&events), (1, 1));
    // with room beyond the agent, he vanishes
    let sc = battle(&[1; 6], &["Krav Maga Agents"], &["Isamu (FoV)"]);
    let (mut open, ids) = only_at(
        &sc,
        &[("Krav Maga Agents", 0, h(0)), ("Isamu (FoV)", 0, h(1))],
        Stage::Attack,
    );
    let attack = Action::Attack {
        figure: ids[0],
        target: ids[1],
    };
    let events = play(&mut open, Seat(0), attack, &[SKULL, SKULL, BLANK, 9]);
    assert_eq!(rolled_with_bonus(&events), vec![(9, 0, 9, true)]);
    assert_eq!(defended(&events), (0, 0));
    assert_eq!(open.figure(ids[1]).map(|f| f.wounds), Some(0));
    assert!(matches!(asked(&open).1, Decision::PowerMoves { .. }));
}

#[test]
fn hide_in_darkness_adds_six_on_a_shadow_space() {
    let field = strip_with(4, &[(2, Ground::Shadow)]);
    let sc = battle_on(field, &["Krav Maga Agents"], &["Deepwyrm Drow"]);
    let (mut dark, ids) = only_at(
        &sc,
        &[("Krav Maga Agents", 0, h(1)), ("Deepwyrm Drow", 0, h(2))],
        Stage::Attack,
    );
    let attack = Action::Attack {
        figure: ids[0],
        target: ids[1],
    };
    // 10 + 6 on shadow reaches 16: the damage is ignored, and no move follows
    let events = play(
        &mut dark,
        Seat(0),
        attack.clone(),
        &[SKULL, SKULL, SKULL, 10],
    );
    assert_eq!(rolled_with_bonus(&events), vec![(10, 6, 16, true)]);
    assert_eq!(defended(&events), (0, 0));
    assert!(dark.figure(ids[1]).is_some_and(|f| f.on_field()));
    assert!(!matches!(
        HeroScape::pending(&dark),
        Pending::Decide {
            decision: Decision::PowerMoves { .. },
            ..
        }
    ));
    // the same 10 on grass fails: the defence is rolled
    let field = strip_with(4, &[]);
    let sc = battle_on(field, &["Krav Maga Agents"], &["Deepwyrm Drow"]);
    let (mut lit, ids) = only_at(
        &sc,
        &[("Krav Maga Agents", 0, h(1)), ("Deepwyrm Drow", 0, h(2))],
        Stage::Attack,
    );
    let attack = Action::Attack {
        figure: ids[0],
        target: ids[1],
    };
    let events = play(
        &mut lit,
        Seat(0),
        attack,
        &[SKULL, SKULL, SKULL, 10, BLANK, BLANK, BLANK],
    );
    assert_eq!(rolled_with_bonus(&events), vec![(10, 0, 16, false)]);
    assert_eq!(defended(&events), (3, 3));
    assert!(lit.figure(ids[1]).is_some_and(|f| f.destroyed));
}

#[test]
fn stealthy_answers_attacks_from_afar_only_and_may_move() {
    let sc = battle(
        &[1; 8],
        &["Krav Maga Agents"],
        &["Exiles of the Sundered Sea"],
    );
    let (state, ids) = only_at(
        &sc,
        &[
            ("Krav Maga Agents", 0, h(0)),
            ("Krav Maga Agents", 1, h(4)),
            ("Exiles of the Sundered Sea", 0, h(3)),
        ],
        Stage::Attack,
    );
    let (far, near, exile) = (ids[0], ids[1], ids[2]);
    // from the adjacent agent: no roll
    let events = play(
        &mut state.clone(),
        Seat(0),
        Action::Attack {
            figure: near,
            target: exile,
        },
        &[SKULL, BLANK, BLANK, SHIELD, SHIELD],
    );
    assert!(rolled_with_bonus(&events).is_empty());
    assert_eq!(defended(&events), (2, 0));
    // from afar, 13: no damage, then up to 3 spaces, or none
    let mut state = state;
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: far,
            target: exile,
        },
        &[SKULL, SKULL, BLANK, 13],
    );
    assert_eq!(rolled_with_bonus(&events), vec![(13, 0, 13, true)]);
    assert_eq!(defended(&events), (0, 0));
    let (seats, _) = asked(&state);
    assert_eq!(seats, vec![Seat(1)]);
    let legal = HeroScape::legal_actions(&state, Seat(1));
    assert!(legal.contains(&Action::DeclinePower), "staying is allowed");
    assert!(legal.iter().any(|a| matches!(
        a,
        Action::Move { figure, to, .. } if *figure == exile && *to == Hex::new(1, 0)
    )));
    play(&mut state, Seat(1), Action::DeclinePower, &[]);
    assert_eq!(state.figure(exile).and_then(|f| f.hex), Some(h(3)));
}

#[test]
fn tactical_disengagement_ignores_leaving_engagement_wounds_on_7() {
    let sc = battle(&[1; 5], &["Sir Dupuis"], &["Krav Maga Agents"]);
    let (state, ids) = only_at(
        &sc,
        &[("Sir Dupuis", 0, h(2)), ("Krav Maga Agents", 0, h(3))],
        Stage::Move,
    );
    let (dupuis, _) = (ids[0], ids[1]);
    let away = Action::Move {
        figure: dupuis,
        to: h(0),
        level: 1,
        tail: None,
    };
    let mut hurt = state.clone();
    let events = play(&mut hurt, Seat(0), away.clone(), &[SKULL, 6]);
    assert_eq!(rolled_with_bonus(&events), vec![(6, 0, 7, false)]);
    assert_eq!(hurt.figure(dupuis).map(|f| f.wounds), Some(1));
    let mut spared = state;
    let events = play(&mut spared, Seat(0), away, &[SKULL, 7]);
    assert_eq!(rolled_with_bonus(&events), vec![(7, 0, 7, true)]);
    assert!(ignored(&events));
    assert_eq!(spared.figure(dupuis).map(|f| f.wounds), Some(0));
    // no wound, no roll
    let (state, ids) = only_at(
        &sc,
        &[("Sir Dupuis", 0, h(2)), ("Krav Maga Agents", 0, h(3))],
        Stage::Move,
    );
    let events = play(
        &mut state.clone(),
        Seat(0),
        Action::Move {
            figure: ids[0],
            to: h(0),
            level: 1,
            tail: None,
        },
        &[BLANK],
    );
    assert!(rolled_with_bonus(&events).is_empty());
}

/// `action` with the dice `values` first (then seeded ones: what follows the turn's end may
/// roll too), returning the events.
fn play_then_seeded(state: &mut State, seat: Seat, action: Action, values: &[u8]) -> Vec<Event> {
    assert!(HeroScape::legal_actions(state, seat).contains(&action));
    let mut d = skirmish_dice::Dice::prefixed(values.iter().copied(), 7);
    let mut events = Vec::new();
    HeroScape::apply(state, seat, &action, &mut d, &mut events).expect("the action applies");
    events
}

#[test]
fn unstable_blaster_rolls_after_a_turn_shooting_from_afar() {
    let sc = battle(&[1; 8], &["Necrotech Geistfire"], &["Krav Maga Agents"]);
    let place = |q: i32| {
        only_at(
            &sc,
            &[
                ("Necrotech Geistfire", 0, h(1)),
                ("Krav Maga Agents", 0, h(q)),
            ],
            Stage::Attack,
        )
    };
    // three spaces away: the turn ends after the attack, and a 5 wounds the Geistfire
    for (d20, wounds) in [(5, 1), (6, 0)] {
        let (mut state, ids) = place(4);
        let events = play_then_seeded(
            &mut state,
            Seat(0),
            Action::Attack {
                figure: ids[0],
                target: ids[1],
            },
            &[BLANK, BLANK, BLANK, BLANK, BLANK, BLANK, d20],
        );
        assert_eq!(
            rolled_with_bonus(&events).first().map(|r| (r.0, r.3)),
            Some((d20, wounds > 0)),
            "{events:?}"
        );
        assert_eq!(state.figure(ids[0]).map(|f| f.wounds), Some(wounds));
    }
    // an adjacent target: no roll
    let (mut state, ids) = place(2);
    let events = play_then_seeded(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: ids[0],
            target: ids[1],
        },
        &[BLANK, BLANK, BLANK, BLANK, BLANK, BLANK],
    );
    assert!(events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::PowerRolled { figure, .. } if *figure == ids[0])));
    assert_eq!(state.figure(ids[0]).map(|f| f.wounds), Some(0));
}

#[test]
fn archers_glory_offers_another_turn_after_destroying_a_unique_hero_from_afar() {
    let sc = battle(
        &[1; 8],
        &["Brandis Skyhunter"],
        &["Syvarris (RotV)", "Krav Maga Agents"],
    );
    let glory = {
        let c = crate::game::test_support::real("Brandis Skyhunter");
        let (i, _) = super::triggered::triggered(&c)
            .find(|(i, _)| c.powers[usize::from(*i)].name.starts_with("ARCHER"))
            .expect("Archer's Glory is a triggered power");
        i
    };
    let at = |q: i32| {
        let (mut state, ids) = only_at(
            &sc,
            &[
                ("Brandis Skyhunter", 0, h(1)),
                ("Syvarris (RotV)", 0, h(q)),
                ("Krav Maga Agents", 0, h(7)),
            ],
            Stage::Attack,
        );
        // one wound from destroyed
        if let Some(f) = state.figure_mut(ids[1]) {
            f.wounds = 3;
        }
        (state, ids)
    };
    let shoot = |state: &mut State, ids: &[u32]| {
        play_then_seeded(
            state,
            Seat(0),
            Action::Attack {
                figure: ids[0],
                target: ids[1],
            },
            &[SKULL, BLANK, BLANK, BLANK, BLANK],
        )
    };
    // Syvarris destroyed three spaces away: another turn is offered
    let (mut state, ids) = at(4);
    let events = shoot(&mut state, &ids);
    assert!(events.contains(&Event::Destroyed { figure: ids[1] }));
    let (seats, decision) = asked(&state);
    assert_eq!(seats, vec![Seat(0)]);
    assert!(matches!(decision, Decision::UsePower { power, .. } if power == glory));
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal.contains(&Action::DeclinePower), "you may: {legal:?}");
    let again = Action::UsePower {
        figure: ids[0],
        power: glory,
        target: None,
    };
    play(&mut state, Seat(0), again, &[]);
    let turn = state.turn().cloned().expect("a turn");
    assert_eq!((turn.seat, turn.stage), (Seat(0), Stage::Move));
    assert_eq!(state.powers.extra_turns, 1);
    // the extra turn earns nothing by itself: with nothing in range, it ends after its moves
    let events = play_then_seeded(&mut state, Seat(0), Action::EndMoves, &[]);
    assert!(events.contains(&Event::TurnEnded { seat: Seat(0) }));
    // destroyed while adjacent: nothing offered, the turn ends
    let (mut state, ids) = at(2);
    let events = shoot(&mut state, &ids);
    assert!(events.contains(&Event::Destroyed { figure: ids[1] }));
    assert!(events.contains(&Event::TurnEnded { seat: Seat(0) }));
}
