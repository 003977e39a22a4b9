//! Sonlen (AoA)'s powers tied to his flight (*Healing Wing*, *Dragon Assault*), at play with
//! the real card of the shared data and scripted dice.

use skirmish_board::hex::Hex;
use skirmish_engine::{Ruleset, Seat};

use crate::game::powers::values::Why;
use crate::game::state::{Stage, State};
use crate::game::test_support::{asked, battle_on, only_at, plain, real, rolled};
use crate::game::tests::play;
use crate::game::{Action, Decision, Event, HeroScape};

const SONLEN: &str = "Sonlen (AoA)";
const SYVARRIS: &str = "Syvarris (RotV)";
const KATO: &str = "Kato Katsuro";
const FINN: &str = "Finn the Viking Champion";

fn at(q: i32, r: i32) -> Hex {
    Hex::new(q, r)
}

fn power_number(name: &str) -> u8 {
    let p = real(SONLEN)
        .powers
        .iter()
        .position(|p| p.name == name)
        .expect("Sonlen prints the power");
    u8::try_from(p).expect("a power number")
}

fn fly(state: &mut State, sonlen: u32, to: Hex) -> Vec<Event> {
    let mut events = play(
        state,
        Seat(0),
        Action::Move {
            figure: sonlen,
            to,
            level: 1,
            tail: None,
        },
        &[],
    );
    // a lone hero's move ends the card's moves by itself
    if HeroScape::legal_actions(state, Seat(0)).contains(&Action::EndMoves) {
        events.extend(play(state, Seat(0), Action::EndMoves, &[]));
    }
    events
}

/// Sonlen (West) at the west end of a plain; Syvarris (his friend) and Kato (an enemy) on his
/// way east, Finn (an enemy) beside where he lands, every one of them wounded but Kato.
fn healing_flight() -> (State, [u32; 4]) {
    let sc = battle_on(plain(0, 8, 0, 2), &[SONLEN, SYVARRIS], &[KATO, FINN]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (SONLEN, 0, at(0, 0)),
            (SYVARRIS, 0, at(2, 0)),
            (KATO, 0, at(3, 0)),
            (FINN, 0, at(7, 0)),
        ],
        Stage::Move,
    );
    for (id, wounds) in [(ids[1], 2), (ids[3], 1)] {
        state.figure_mut(id).expect("a figure").wounds = wounds;
    }
    (state, [ids[0], ids[1], ids[2], ids[3]])
}

#[test]
fn healing_wing_heals_a_wounded_figure_flown_over_or_adjacent_on_13() {
    let (mut state, [sonlen, syvarris, kato, finn]) = healing_flight();
    fly(&mut state, sonlen, at(6, 0));
    let p = power_number("Healing Wing 13");
    assert_eq!(
        asked(&state),
        (
            vec![Seat(0)],
            Decision::UsePower {
                figure: sonlen,
                unit: 0,
                power: p
            }
        )
    );
    let heal = |target| Action::UsePower {
        figure: sonlen,
        power: p,
        target: Some(target),
    };
    let legal = HeroScape::legal_actions(&state, Seat(0));
    // Syvarris was flown over, Finn is beside him; Kato was flown over but has no wound
    assert!(legal.contains(&heal(syvarris)), "{legal:?}");
    assert!(legal.contains(&heal(finn)), "{legal:?}");
    assert!(!legal.contains(&heal(kato)), "{legal:?}");
    let mut missed = state.clone();
    let events = play(&mut missed, Seat(0), heal(syvarris), &[12]);
    assert_eq!(rolled(&events), vec![(12, 13, false)]);
    assert_eq!(missed.figure(syvarris).map(|f| f.wounds), Some(2));
    let events = play(&mut state, Seat(0), heal(syvarris), &[13]);
    assert_eq!(rolled(&events), vec![(13, 13, true)]);
    assert_eq!(state.figure(syvarris).map(|f| f.wounds), Some(1));
}

#[test]
fn healing_wing_reaches_nobody_beside_the_way() {
    // Syvarris beside Sonlen's way, not under it, and not next to where he lands
    let (mut state, [sonlen, syvarris, _, finn]) = healing_flight();
    state.figure_mut(syvarris).expect("Syvarris").hex = Some(at(2, 2));
    state.figure_mut(finn).expect("Finn").wounds = 0;
    fly(&mut state, sonlen, at(6, 0));
    assert!(
        !matches!(asked(&state).1, Decision::UsePower { .. }),
        "nobody wounded to choose: the power is not asked"
    );
}

/// Sonlen's attack dice on Finn, adjacent, after flying (`fly`) or standing still; the first
/// attack, then the second *Dragon Assault* gives.
fn assault(fly_first: bool) -> (Vec<usize>, Vec<bool>) {
    let sc = battle_on(plain(0, 8, 0, 2), &[SONLEN], &[FINN]);
    let start = if fly_first { at(0, 0) } else { at(5, 0) };
    let (mut state, ids) = only_at(&sc, &[(SONLEN, 0, start), (FINN, 0, at(6, 0))], Stage::Move);
    let (sonlen, finn) = (ids[0], ids[1]);
    if fly_first {
        fly(&mut state, sonlen, at(5, 0));
    } else {
        play(&mut state, Seat(0), Action::EndMoves, &[]);
    }
    let attack = Action::Attack {
        figure: sonlen,
        target: finn,
    };
    let (mut dice, mut named) = (Vec::new(), Vec::new());
    for _ in 0..2 {
        // what the attack's option says it will roll
        let shown = crate::present::text::attack_dice(&state, sonlen, finn).0;
        // blanks on every die: nobody is hurt, and the attack can be made again
        let events = play(&mut state, Seat(0), attack.clone(), &[6; 12]);
        for e in &events {
            if let Event::Attacked {
                attack,
                attack_dice,
                ..
            } = e
            {
                dice.push(attack.len());
                assert_eq!(usize::from(shown), attack.len(), "the option told the dice");
                named.push(attack_dice.changes.iter().any(
                    |c| matches!(&c.why, Why::Power { power, .. } if power == "Dragon Assault"),
                ));
            }
        }
    }
    (dice, named)
}

#[test]
fn dragon_assault_attacks_twice_and_adds_a_die_to_the_first_attack_after_flying() {
    // Sonlen attacks with 4; flying first, his first attack rolls 5
    assert_eq!(assault(true), (vec![5, 4], vec![true, false]));
    assert_eq!(assault(false), (vec![4, 4], vec![false, false]));
}
