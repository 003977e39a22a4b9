//! Scenarios of the powers acting when a figure would receive wounds (`wounds.rs`), with real
//! cards and scripted dice (1–3 skull, 4–5 shield, 6 blank): *Exoskeleton*, *Dying Swipe*.

use skirmish_board::hex::Hex;
use skirmish_engine::{Pending, Ruleset, Seat};

use crate::game::frames::HsFrame;
use crate::game::powers::supplies;
use crate::game::powers::values::{defence_dice, AttackKind, Why};
use crate::game::state::{Stage, State};
use crate::game::test_support::{battle_on, only_at, plain};
use crate::game::tests::play;
use crate::game::{Action, Decision, Event, HeroScape};

const WARMONGERS: &str = "Mezzodemon Warmongers";
const SAMURAI: &str = "Izumi Samurai";

fn at(q: i32, r: i32) -> Hex {
    Hex::new(q, r)
}

/// Blank defence dice, as many as `d` rolls against `a`'s normal attack.
fn blanks(state: &State, a: u32, d: u32) -> Vec<u8> {
    let (fa, fd) = (state.figure(a).unwrap(), state.figure(d).unwrap());
    vec![6; usize::from(defence_dice(state, fa, fd, AttackKind::Normal).value())]
}

/// Whether a question of this family waits.
fn asks_wounds(state: &State) -> bool {
    matches!(state.frames.top(), Some(HsFrame::Wounds(_)))
}

/// The attack's wounds and rules in the events.
fn attacked(events: &[Event]) -> (u16, Vec<Why>) {
    events
        .iter()
        .find_map(|e| match e {
            Event::Attacked { wounds, rules, .. } => Some((*wounds, rules.clone())),
            _ => None,
        })
        .expect("an attack was resolved")
}

/// West: Izumi Samurai (the turn's card), two of them each adjacent to a Mezzodemon
/// Warmonger of East.
fn samurai_against_warmongers() -> (State, Vec<u32>) {
    let sc = battle_on(plain(0, 6, 0, 3), &[SAMURAI], &[WARMONGERS]);
    only_at(
        &sc,
        &[
            (SAMURAI, 0, at(1, 1)),
            (SAMURAI, 1, at(1, 3)),
            (WARMONGERS, 0, at(2, 1)),
            (WARMONGERS, 1, at(2, 3)),
        ],
        Stage::Attack,
    )
}

#[test]
fn exoskeleton_marker_ignores_a_normal_attacks_wounds() {
    // "After a Mezzodemon Warmonger rolls defense dice against a normal attack, you may
    // remove 1 Exoskeleton marker from its Army Card to ignore all wounds inflicted by that
    // attack."
    let (mut state, ids) = samurai_against_warmongers();
    let [v1, v2, m1, m2] = ids[..] else {
        panic!("four figures");
    };
    let unit = state.figure(m1).unwrap().unit;
    let power = 1;
    assert_eq!(
        state.unit(unit).unwrap().card.powers[usize::from(power)].name,
        "Exoskeleton"
    );
    let markers = supplies::left(&state, unit, power);
    assert_eq!(
        markers,
        u16::from(state.unit(unit).unwrap().card.figures),
        "one marker for each warmonger"
    );
    // two skulls against blank defence dice: East (not the seat whose turn it is) is asked
    // before the wound lands, both rolls shown
    let mut dice = vec![1, 1];
    dice.extend(blanks(&state, v1, m1));
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: v1,
            target: m1,
        },
        &dice,
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::DefenceRolled { target, wounds: 2, .. } if *target == m1
    )));
    assert!(!events.iter().any(|e| matches!(e, Event::Attacked { .. })));
    assert!(asks_wounds(&state));
    match HeroScape::pending(&state) {
        Pending::Decide { seats, decision } => {
            assert_eq!(seats, vec![Seat(1)]);
            assert_eq!(
                decision,
                Decision::UsePower {
                    figure: m1,
                    unit,
                    power
                }
            );
        }
        other => panic!("a question before the wounds, not {other:?}"),
    }
    assert!(HeroScape::legal_actions(&state, Seat(0)).is_empty());
    // the marker goes: no wound, the warmonger stands; nothing more is rolled
    let events = play(
        &mut state,
        Seat(1),
        Action::UsePower {
            figure: m1,
            power,
            target: None,
        },
        &[],
    );
    let (wounds, rules) = attacked(&events);
    assert_eq!(wounds, 0);
    assert!(rules.contains(&Why::Power {
        unit,
        power: "Exoskeleton".into()
    }));
    assert!(state.figure(m1).unwrap().on_field());
    assert_eq!(state.figure(m1).unwrap().wounds, 0);
    assert_eq!(supplies::left(&state, unit, power), markers - 1);
    assert!(!asks_wounds(&state));
    // the second warmonger declines: the wound lands and it is destroyed
    let mut dice = vec![1, 1];
    dice.extend(blanks(&state, v2, m2));
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: v2,
            target: m2,
        },
        &dice,
    );
    let events = play(&mut state, Seat(1), Action::DeclinePower, &[]);
    assert_eq!(attacked(&events).0, 2);
    assert!(state.figure(m2).unwrap().destroyed);
    assert_eq!(supplies::left(&state, unit, power), markers - 1);
}

#[test]
fn exoskeleton_is_not_asked_without_wounds_or_markers() {
    let (mut state, ids) = samurai_against_warmongers();
    let [v1, v2, m1, m2] = ids[..] else {
        panic!("four figures");
    };
    let unit = state.figure(m1).unwrap().unit;
    // no skull: nothing to ignore, the attack ends at once
    let mut dice = vec![6, 6];
    dice.extend(blanks(&state, v1, m1));
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: v1,
            target: m1,
        },
        &dice,
    );
    assert_eq!(attacked(&events).0, 0);
    assert!(!asks_wounds(&state));
    // every marker gone: the wound lands without a question
    let left = supplies::left(&state, unit, 1);
    for _ in 0..left {
        supplies::spend(&mut state, unit, 1);
    }
    let mut dice = vec![1, 1];
    dice.extend(blanks(&state, v2, m2));
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: v2,
            target: m2,
        },
        &dice,
    );
    assert_eq!(attacked(&events).0, 2);
    assert!(state.figure(m2).unwrap().destroyed);
}

const GIANT: &str = "Frost Giant of Morh";

/// West: two Izumi Samurai (the turn's card) beside East's Frost Giant of Morh, a
/// double-space figure on (3, 1) and (2, 1).
fn samurai_against_the_giant() -> (State, Vec<u32>) {
    let sc = battle_on(plain(0, 6, 0, 3), &[SAMURAI], &[GIANT]);
    only_at(
        &sc,
        &[
            (SAMURAI, 0, at(4, 1)),
            (SAMURAI, 1, at(3, 2)),
            (GIANT, 0, at(3, 1)),
        ],
        Stage::Attack,
    )
}

#[test]
fn dying_swipe_wounds_adjacent_figures_before_the_giant_is_removed() {
    // "If this Frost Giant of Morh is attacked with a normal attack by an opponent's figure
    // and receives enough wounds to be destroyed, roll 3 attack dice. One at a time for each
    // skull rolled, you may inflict 1 wound on any figure that is adjacent to this Frost
    // Giant of Morh. ... After using Dying Swipe, remove this Frost Giant of Morh from the
    // battlefield."
    let (mut state, ids) = samurai_against_the_giant();
    let [v1, v2, giant] = ids[..] else {
        panic!("three figures");
    };
    let unit = state.figure(giant).unwrap().unit;
    // two wounds do not destroy it: no swipe
    let mut dice = vec![1, 1];
    dice.extend(blanks(&state, v1, giant));
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: v1,
            target: giant,
        },
        &dice,
    );
    assert_eq!(attacked(&events).0, 2);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::SwipeRolled { .. })));
    assert!(!asks_wounds(&state));
    // two more wounds on its card: the next one destroys it, and it swipes (two skulls)
    state.figure_mut(giant).unwrap().wounds = 5;
    let mut dice = vec![1, 6];
    dice.extend(blanks(&state, v2, giant));
    dice.extend([1, 2, 6]);
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: v2,
            target: giant,
        },
        &dice,
    );
    assert_eq!(attacked(&events).0, 1);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::SwipeRolled { figure, attack, .. } if *figure == giant && attack.len() == 3
    )));
    assert!(
        state.figure(giant).unwrap().on_field(),
        "it stays while it swipes"
    );
    match HeroScape::pending(&state) {
        Pending::Decide { seats, decision } => {
            assert_eq!(seats, vec![Seat(1)]);
            assert!(
                matches!(decision, Decision::UsePower { figure, unit: u, .. } if figure == giant && u == unit)
            );
        }
        other => panic!("the giant's owner swipes, not {other:?}"),
    }
    let swipe_at = |t: u32| Action::UsePower {
        figure: giant,
        power: 2,
        target: Some(t),
    };
    let legal = HeroScape::legal_actions(&state, Seat(1));
    assert!(legal.contains(&swipe_at(v1)) && legal.contains(&swipe_at(v2)));
    assert!(legal.contains(&Action::DeclinePower));
    assert!(!legal.contains(&swipe_at(giant)));
    // the first skull on the other samurai, no defence: it falls; the giant still stands
    play(&mut state, Seat(1), swipe_at(v1), &[]);
    assert!(state.figure(v1).unwrap().destroyed);
    assert!(state.figure(giant).unwrap().on_field());
    // the second on its attacker; then the giant is removed
    let events = play(&mut state, Seat(1), swipe_at(v2), &[]);
    assert!(state.figure(v2).unwrap().destroyed);
    assert!(state.figure(giant).unwrap().destroyed);
    let fell = |id: u32| {
        events
            .iter()
            .position(|e| matches!(e, Event::Destroyed { figure } if *figure == id))
            .unwrap()
    };
    assert!(fell(v2) < fell(giant));
    assert!(!asks_wounds(&state));
}

#[test]
fn dying_swipe_declined_and_without_skulls() {
    let (mut state, ids) = samurai_against_the_giant();
    let [v1, v2, giant] = ids[..] else {
        panic!("three figures");
    };
    state.figure_mut(giant).unwrap().wounds = 5;
    // no skull on the swipe's dice: removed at once, nobody asked
    let mut dice = vec![1, 6];
    dice.extend(blanks(&state, v1, giant));
    dice.extend([4, 5, 6]);
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: v1,
            target: giant,
        },
        &dice,
    );
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::SwipeRolled { .. })));
    assert!(state.figure(giant).unwrap().destroyed);
    assert!(!asks_wounds(&state));
    assert!(state.figure(v2).unwrap().on_field());
    // a skull declined wounds nobody
    let (mut state, _) = samurai_against_the_giant();
    state.figure_mut(giant).unwrap().wounds = 5;
    let mut dice = vec![1, 6];
    dice.extend(blanks(&state, v1, giant));
    dice.extend([1, 5, 6]);
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: v1,
            target: giant,
        },
        &dice,
    );
    play(&mut state, Seat(1), Action::DeclinePower, &[]);
    assert!(state.figure(giant).unwrap().destroyed);
    assert!(state.figure(v1).unwrap().on_field() && state.figure(v2).unwrap().on_field());
    assert_eq!(state.figure(v1).unwrap().wounds, 0);
}
