//! The single leftover powers at play with the real cards of the shared data, on a strip of
//! level ground, with scripted dice: *Stinger Drain*, *Charge!!!*, *Pirate King*.

use skirmish_engine::{Pending, Ruleset, Seat};

use super::values::{self, AttackKind, Tally, Why};
use crate::game::state::Stage;
use crate::game::test_support::{battle, h, only_at, real};
use crate::game::tests::{play, BLANK, SKULL};
use crate::game::{Action, Decision, Event, HeroScape, State};

const STINGERS: &str = "Marro Stingers";
const IZUMI: &str = "Izumi Samurai";

/// The place of the card's power named `name` among its powers.
fn power(card: &str, name: &str) -> u8 {
    let i = real(card)
        .powers
        .iter()
        .position(|p| p.name == name)
        .unwrap_or_else(|| panic!("{card} prints {name}"));
    u8::try_from(i).expect("a few powers")
}

fn asked(state: &State) -> Option<Decision> {
    match HeroScape::pending(state) {
        Pending::Decide { decision, .. } => Some(decision),
        _ => None,
    }
}

fn attack(state: &State, a: u32, d: u32) -> u16 {
    let (a, d) = (state.figure(a).unwrap(), state.figure(d).unwrap());
    values::attack_dice(state, a, d, AttackKind::Normal).value()
}

fn by_power(t: &Tally, power: &str) -> i16 {
    t.changes
        .iter()
        .filter(|c| matches!(&c.why, Why::Power { power: p, .. } if p == power))
        .map(|c| c.by)
        .sum()
}

/// Two stingers of West's turn, a samurai 4 spaces away; the moves over, *Stinger Drain* is
/// offered.
fn drained() -> (State, u32, u32, u32, Action) {
    let sc = battle(&[1; 8], &[STINGERS], &[IZUMI]);
    let (mut state, ids) = only_at(
        &sc,
        &[(STINGERS, 0, h(0)), (STINGERS, 1, h(1)), (IZUMI, 0, h(5))],
        Stage::Move,
    );
    let p = power(STINGERS, "Stinger Drain");
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert_eq!(
        asked(&state),
        Some(Decision::UsePower {
            figure: ids[0],
            unit: 0,
            power: p,
        }),
        "after moving and before attacking, the roll is offered"
    );
    let drain = Action::UsePower {
        figure: ids[0],
        power: p,
        target: None,
    };
    (state, ids[0], ids[1], ids[2], drain)
}

#[test]
fn stinger_drain_adds_one_attack_die_for_the_turn_on_ten_or_more() {
    let (mut state, s0, s1, izumi, drain) = drained();
    assert_eq!(attack(&state, s0, izumi), 3);
    let mut declined = state.clone();
    play(&mut declined, Seat(0), Action::DeclinePower, &[]);
    assert_eq!(attack(&declined, s0, izumi), 3, "declined: no change");
    // 5-9: "add 0"
    let mut middling = state.clone();
    play(&mut middling, Seat(0), drain.clone(), &[7]);
    assert_eq!(attack(&middling, s0, izumi), 3);
    assert!(!middling.figure(s1).unwrap().destroyed);
    // 10 or higher: every stinger of the card attacks with 4 dice this turn
    play(&mut state, Seat(0), drain, &[10]);
    assert_eq!(attack(&state, s0, izumi), 4);
    assert_eq!(attack(&state, s1, izumi), 4);
    let (a, d) = (state.figure(s1).unwrap(), state.figure(izumi).unwrap());
    assert_eq!(
        by_power(
            &values::attack_dice(&state, a, d, AttackKind::Normal),
            "Stinger Drain"
        ),
        1
    );
    // played (the second stinger, the first's sight blocked by it): four attack dice, then
    // the samurai's five
    let shoot = Action::Attack {
        figure: s1,
        target: izumi,
    };
    let events = play(
        &mut state,
        Seat(0),
        shoot,
        &[
            SKULL, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK,
        ],
    );
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Attacked { attack, .. } if attack.len() == 4)));
    // the next turn of the card: back to 3
    state.powers.extra_turns += 1;
    crate::game::test_support::start_turn(&mut state, Seat(0), 0);
    assert_eq!(attack(&state, s0, izumi), 3);
}

#[test]
fn stinger_drain_on_one_to_four_destroys_a_stinger_of_its_players_choice_and_forbids_attacks() {
    let (mut state, s0, s1, izumi, drain) = drained();
    let events = play(&mut state, Seat(0), drain, &[4]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PowerRolled {
            die: 4,
            success: true,
            ..
        }
    )));
    // two stingers: the player chooses which, and must
    let p = power(STINGERS, "Stinger Drain");
    let choose = |t| Action::UsePower {
        figure: s0,
        power: p,
        target: Some(t),
    };
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![choose(s0), choose(s1)]
    );
    let events = play(&mut state, Seat(0), choose(s1), &[]);
    assert!(events.contains(&Event::Destroyed { figure: s1 }));
    assert!(!state.figure(s0).unwrap().destroyed);
    // no attack this turn
    assert!(!HeroScape::legal_actions(&state, Seat(0))
        .iter()
        .any(|a| matches!(a, Action::Attack { .. })));
    let _ = izumi;
}

#[test]
fn stinger_drain_with_one_stinger_left_destroys_it_at_once() {
    let sc = battle(&[1; 8], &[STINGERS], &[IZUMI]);
    let (mut state, ids) = only_at(&sc, &[(STINGERS, 0, h(0)), (IZUMI, 0, h(5))], Stage::Move);
    let p = power(STINGERS, "Stinger Drain");
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    let drain = Action::UsePower {
        figure: ids[0],
        power: p,
        target: None,
    };
    let events = play(&mut state, Seat(0), drain, &[1]);
    assert!(events.contains(&Event::Destroyed { figure: ids[0] }));
}

#[test]
fn charge_raises_the_move_of_every_army_card_until_the_next_reveal() {
    const DORIM: &str = "Dorim the Bulkhead Brawler";
    let sc = battle(&[1; 8], &[DORIM, STINGERS], &[IZUMI]);
    let (mut state, ids) = only_at(
        &sc,
        &[(DORIM, 0, h(0)), (IZUMI, 0, h(1)), (STINGERS, 0, h(6))],
        Stage::Attack,
    );
    let (dorim, izumi, stinger) = (ids[0], ids[1], ids[2]);
    let moves = |state: &State, id| values::move_of(state, state.figure(id).unwrap()).value();
    assert_eq!((moves(&state, dorim), moves(&state, stinger)), (5, 5));
    let hit = Action::Attack {
        figure: dorim,
        target: izumi,
    };
    // four blanks; Chain Axe's re-roll declined; five blanks for the samurai: the attack
    // itself earns it
    play(&mut state, Seat(0), hit, &[BLANK; 4]);
    assert!(matches!(asked(&state), Some(Decision::UsePower { .. })));
    play(&mut state, Seat(0), Action::DeclinePower, &[BLANK; 5]);
    assert_eq!((moves(&state, dorim), moves(&state, stinger)), (6, 6));
    assert_eq!(
        moves(&state, izumi),
        6,
        "the opponent's cards are not raised"
    );
    // East's reveal does not end it; West's next one does
    crate::game::powers::markers::marker_revealed(&mut state, Seat(1));
    assert_eq!(moves(&state, stinger), 6);
    crate::game::powers::markers::marker_revealed(&mut state, Seat(0));
    assert_eq!(moves(&state, stinger), 5);
}

#[test]
fn charge_is_not_earned_by_another_cards_turn() {
    const DORIM: &str = "Dorim the Bulkhead Brawler";
    let sc = battle(&[1; 8], &[STINGERS, DORIM], &[IZUMI]);
    let (mut state, ids) = only_at(
        &sc,
        &[(STINGERS, 0, h(0)), (IZUMI, 0, h(1)), (DORIM, 0, h(6))],
        Stage::Attack,
    );
    let (stinger, izumi, dorim) = (ids[0], ids[1], ids[2]);
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: stinger,
            target: izumi,
        },
        &[BLANK; 8],
    );
    assert_eq!(
        values::move_of(&state, state.figure(dorim).unwrap()).value(),
        5
    );
}

#[test]
fn pirate_king_makes_thormun_a_captain_for_intimidate() {
    // Bok-Bur-Na's Intimidate: "Small and Medium figures within 3 clear sight spaces of
    // Bok-Bur-Na reduce their Defense Value by 1 when attacked by a Captain or Pirate you
    // control." Thormun is an Admiral, and also a Pirate, Captain and King.
    let bok = "Bok-Bur-Na";
    let sc = battle(&[1; 8], &[bok, "Thormun"], &[IZUMI]);
    let (state, ids) = only_at(
        &sc,
        &[(bok, 0, h(0)), (IZUMI, 0, h(1)), ("Thormun", 0, h(2))],
        Stage::Attack,
    );
    let (fa, fd) = (state.figure(ids[2]).unwrap(), state.figure(ids[1]).unwrap());
    let defence = values::defence_dice(&state, fa, fd, AttackKind::Normal);
    assert_eq!(by_power(&defence, "Intimidate"), -1);
    let card = real("Thormun");
    for class in ["Admiral", "Pirates", "Captain", "king"] {
        let f = crate::power::Filter {
            class: Some(class.into()),
            ..crate::power::Filter::default()
        };
        assert!(super::matches(&card, &f), "{class}");
    }
    let wizard = crate::power::Filter {
        class: Some("Wizard".into()),
        ..crate::power::Filter::default()
    };
    assert!(!super::matches(&card, &wizard));
}

/// *Javelin*: the Master of the Hunt (range 4) six spaces from a samurai; its moves over, the
/// roll is offered. 15 misses; 16 adds 3 to its range for the rest of the turn, and the samurai
/// is in reach; the card's next turn, the range is 4 again.
#[test]
fn javelin_adds_three_to_the_range_for_the_turn_on_sixteen_or_more() {
    const HUNT: &str = "Master of the Hunt";
    let sc = battle(&[1; 10], &[HUNT], &[IZUMI]);
    let (mut state, ids) = only_at(&sc, &[(HUNT, 0, h(0)), (IZUMI, 0, h(6))], Stage::Move);
    let (hunter, izumi) = (ids[0], ids[1]);
    let p = power(HUNT, "Javelin");
    let range = |state: &State| values::range_of(state, state.figure(hunter).unwrap()).value();
    let shoot = Action::Attack {
        figure: hunter,
        target: izumi,
    };
    let can_shoot = |state: &State| HeroScape::legal_actions(state, Seat(0)).contains(&shoot);
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert_eq!(
        asked(&state),
        Some(Decision::UsePower {
            figure: hunter,
            unit: 0,
            power: p,
        }),
        "after moving and before attacking, the roll is offered"
    );
    let javelin = Action::UsePower {
        figure: hunter,
        power: p,
        target: None,
    };
    // 15: nothing, the samurai stays out of range
    let mut missed = state.clone();
    let events = play(&mut missed, Seat(0), javelin.clone(), &[15]);
    assert_eq!(
        crate::game::test_support::rolled(&events),
        vec![(15, 16, false)]
    );
    assert_eq!(range(&missed), 4);
    assert!(!can_shoot(&missed), "6 spaces away, range 4");
    // 16: range 7 for the turn, and the attack is there
    let events = play(&mut state, Seat(0), javelin, &[16]);
    assert_eq!(
        crate::game::test_support::rolled(&events),
        vec![(16, 16, true)]
    );
    assert_eq!(range(&state), 7);
    let me = state.figure(hunter).unwrap();
    assert_eq!(by_power(&values::range_of(&state, me), "Javelin"), 3);
    assert!(can_shoot(&state));
    // the card's next turn: back to 4
    state.powers.extra_turns += 1;
    crate::game::test_support::start_turn(&mut state, Seat(0), 0);
    assert_eq!(range(&state), 4);
}
