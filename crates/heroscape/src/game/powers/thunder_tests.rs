//! Eltahale's *Thunder Step* and *Thunder Ram Assault Special Attack* at play, with the real
//! card of the shared data, on a plain of grass, with scripted dice.

use skirmish_board::hex::Hex;
use skirmish_engine::{Ruleset, Seat};

use super::moves::{self, MoveWay};
use super::react::Reacted;
use super::values::{self, AttackKind};
use crate::game::state::Stage;
use crate::game::test_support::{battle_on, only_at, plain_raised};
use crate::game::tests::{play, BLANK, SKULL};
use crate::game::{Action, Event, HeroScape, State};

const ELTAHALE: &str = "Eltahale";
const MARRO: &str = "Marro Warriors";

fn step(figure: u32, to: Hex) -> Action {
    Action::PowerMove {
        figure,
        way: MoveWay::Beside,
        to,
        level: 1,
        tail: None,
    }
}

fn ram(figure: u32, target: u32, also: &[u32]) -> Action {
    Action::SpecialAttack {
        figure,
        power: 0,
        target: Some(target),
        line: None,
        dice: None,
        also: also.to_vec(),
    }
}

fn legal(state: &State, action: &Action) -> bool {
    HeroScape::legal_actions(state, Seat(0)).contains(action)
}

fn normal_dice(state: &State, attacker: u32, defender: u32) -> u16 {
    let (a, d) = (
        state.figure(attacker).expect("the attacker"),
        state.figure(defender).expect("the defender"),
    );
    values::attack_dice(state, a, d, AttackKind::Normal).value()
}

/// The end-of-turn dice *Thunder Step* rolled for `figure`.
fn step_dice(events: &[Event], figure: u32) -> Vec<crate::game::combat::Face> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::React {
                what:
                    Reacted::DiceRolled {
                        figure: f, dice, ..
                    },
            } if *f == figure => Some(dice.clone()),
            _ => None,
        })
        .flatten()
        .collect()
}

#[test]
fn thunder_step_puts_eltahale_beside_a_figure_5_clear_sight_spaces_away_and_she_hits_harder() {
    // Eltahale on (1, 1) is engaged with a Marro Warrior behind her on (0, 1); another stands
    // 5 spaces east on (6, 1), a third 8 spaces east on (9, 1).
    let sc = battle_on(plain_raised(10, 3, &[]), &[ELTAHALE], &[MARRO]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (ELTAHALE, 0, Hex::new(1, 1)),
            (MARRO, 0, Hex::new(0, 1)),
            (MARRO, 1, Hex::new(6, 1)),
            (MARRO, 2, Hex::new(9, 1)),
        ],
        Stage::Move,
    );
    let (elt, behind, near, far) = (ids[0], ids[1], ids[2], ids[3]);
    // beside the warrior 5 spaces away, on either side
    assert!(legal(&state, &step(elt, Hex::new(5, 1))));
    assert!(legal(&state, &step(elt, Hex::new(7, 1))));
    // beside only the one 8 spaces away: refused, and said why
    let beyond = step(elt, Hex::new(8, 1));
    assert!(!legal(&state, &beyond));
    let why = moves::explain(&state, &beyond).unwrap_or_default();
    assert!(
        why.contains("adjacent to no opponent's figure within 5 clear sight spaces"),
        "{why}"
    );
    assert_eq!(normal_dice(&state, elt, near), 5);
    // placed, not moved: no leaving-engagement attack from the warrior behind (no die)
    let events = play(&mut state, Seat(0), step(elt, Hex::new(5, 1)), &[]);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::LeftEngagement { .. })));
    let f = state.figure(elt).expect("Eltahale");
    assert_eq!((f.hex, f.level), (Some(Hex::new(5, 1)), 1));
    assert!(!state.figure(behind).expect("the warrior").destroyed);
    // for the rest of her turn her attack is 6
    assert_eq!(normal_dice(&state, elt, near), 6);
    // Thunder Ram is barred once she used Thunder Step, and the refusal says why
    assert!(!legal(&state, &ram(elt, near, &[])));
    let why = super::special::explain(&state, &ram(elt, near, &[])).unwrap_or_default();
    assert!(why.contains("Thunder Step"), "{why}");
    // 6 attack dice: one skull, no shield from the warrior's 3; then, her turn over (nothing
    // left to attack), her die: a skull puts a wound on her card
    let mut dice = vec![SKULL, BLANK, BLANK, BLANK, BLANK, BLANK];
    dice.extend([BLANK, BLANK, BLANK]);
    dice.push(SKULL);
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: elt,
            target: near,
        },
        &dice,
    );
    assert!(state.figure(near).expect("the warrior").destroyed);
    assert!(events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    assert_eq!(step_dice(&events, elt), [crate::game::combat::Face::Skull]);
    assert_eq!(state.figure(elt).expect("Eltahale").wounds, 1);
    assert!(!state.figure(far).expect("the far warrior").destroyed);
}

#[test]
fn thunder_steps_end_of_turn_die_wounds_only_on_a_skull_and_needs_an_opponent_in_sight() {
    let sc = battle_on(plain_raised(10, 3, &[]), &[ELTAHALE], &[MARRO]);
    let (mut state, ids) = only_at(
        &sc,
        &[(ELTAHALE, 0, Hex::new(1, 1)), (MARRO, 0, Hex::new(7, 1))],
        Stage::Move,
    );
    let elt = ids[0];
    // 6 spaces away: no figure to choose, no Thunder Step at all
    assert!(!HeroScape::legal_actions(&state, Seat(0))
        .iter()
        .any(|a| matches!(
            a,
            Action::PowerMove {
                way: MoveWay::Beside,
                ..
            }
        )));
    let why = moves::explain(&state, &step(elt, Hex::new(6, 1))).unwrap_or_default();
    assert!(why.contains("no opponent's figure is within 5"), "{why}");
    // a normal move of 1 brings the warrior within 5; her turn then ends, nothing in reach,
    // and a turn without Thunder Step rolls no die at its end
    let events = play(
        &mut state,
        Seat(0),
        Action::Move {
            figure: elt,
            to: Hex::new(2, 1),
            level: 1,
            tail: None,
        },
        &[],
    );
    assert!(events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    assert!(step_dice(&events, elt).is_empty());
    // her next turn: stepped beside it, the turn ends with a blank, no wound
    let unit = state.figure(elt).expect("Eltahale").unit;
    crate::game::test_support::start_turn(&mut state, Seat(0), unit);
    play(&mut state, Seat(0), step(elt, Hex::new(6, 1)), &[]);
    let events = play(&mut state, Seat(0), Action::EndTurn, &[BLANK]);
    assert_eq!(step_dice(&events, elt), [crate::game::combat::Face::Blank]);
    assert_eq!(state.figure(elt).expect("Eltahale").wounds, 0);
}

#[test]
fn thunder_ram_never_targets_a_figure_eltahale_began_her_turn_beside() {
    // Eltahale on (1, 1) begins her turn beside the warrior on (2, 0); she steps to (2, 1),
    // still beside it, now beside the warrior on (3, 1) too.
    let sc = battle_on(plain_raised(6, 3, &[]), &[ELTAHALE], &[MARRO]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (ELTAHALE, 0, Hex::new(1, 1)),
            (MARRO, 0, Hex::new(2, 0)),
            (MARRO, 1, Hex::new(3, 1)),
        ],
        Stage::Move,
    );
    let (elt, began, came) = (ids[0], ids[1], ids[2]);
    play(
        &mut state,
        Seat(0),
        Action::Move {
            figure: elt,
            to: Hex::new(2, 1),
            level: 1,
            tail: None,
        },
        &[],
    );
    assert!(!legal(&state, &ram(elt, began, &[])));
    let why = super::special::explain(&state, &ram(elt, began, &[])).unwrap_or_default();
    assert!(why.contains("adjacent to figure"), "{why}");
    assert!(why.contains("when the turn began"), "{why}");
    // the figure she came to may be targeted, the other chosen besides it: only the targeted
    // figure counts
    assert!(legal(&state, &ram(elt, came, &[began])));
    // 4 dice once for both: two skulls; each warrior rolls its 3 defence dice, no shield
    let dice = [
        SKULL, SKULL, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK,
    ];
    play(&mut state, Seat(0), ram(elt, came, &[began]), &dice);
    assert!(state.figure(came).expect("the warrior").destroyed);
    assert!(state.figure(began).expect("the warrior").destroyed);
}
