//! *Elven Summoning Spell* at play with the real Emirroon card, with scripted dice.

use skirmish_board::hex::Hex;
use skirmish_engine::{Ruleset, Seat};

use crate::game::state::Stage;
use crate::game::test_support::{battle_on, only_at, plain, real};
use crate::game::tests::play;
use crate::game::{Action, Event, HeroScape, State};

const ARCHERS: &str = "Aubrien Archers";

/// The place of the Elven Summoning Spell among Emirroon's powers.
fn spell() -> u8 {
    let c = real("Emirroon");
    let i = c
        .powers
        .iter()
        .position(|p| p.name == "Elven Summoning Spell")
        .expect("Emirroon prints the Elven Summoning Spell");
    u8::try_from(i).expect("a small index")
}

/// Emirroon on (4, 1) of a plain of three rows, his moves over; Archer 0 beside him on
/// (5, 1), Archers 1 and 2 far on (0, 0) and (1, 0), Alastair MacDirk (East's) on (7, 2).
/// The state and the ids: Emirroon, the three Archers.
fn moved() -> (State, [u32; 4]) {
    let sc = battle_on(
        plain(0, 7, 0, 2),
        &["Emirroon", ARCHERS],
        &["Alastair MacDirk"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Emirroon", 0, Hex::new(4, 1)),
            (ARCHERS, 0, Hex::new(5, 1)),
            (ARCHERS, 1, Hex::new(0, 0)),
            (ARCHERS, 2, Hex::new(1, 0)),
            ("Alastair MacDirk", 0, Hex::new(7, 2)),
        ],
        Stage::Move,
    );
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    (state, [ids[0], ids[1], ids[2], ids[3]])
}

fn summon(emirroon: u32, target: Option<u32>) -> Action {
    Action::UsePower {
        figure: emirroon,
        power: spell(),
        target,
    }
}

fn beside(state: &State, a: u32, b: u32) -> bool {
    let (a, b) = (state.figure(a).expect("a"), state.figure(b).expect("b"));
    super::triggered::adjacent(state, a, b)
}

/// The first space offered for the figure being placed, played.
fn place_first(state: &mut State) -> Vec<Event> {
    let legal = HeroScape::legal_actions(state, Seat(0));
    let first = legal
        .into_iter()
        .find(|a| matches!(a, Action::PlaceCarried { .. }))
        .expect("a space");
    play(state, Seat(0), first, &[])
}

#[test]
fn an_11_and_one_elf_beside_emirroon_summon_two_elves_not_the_one_beside_him() {
    let (mut state, [emirroon, near, far1, far2]) = moved();
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![summon(emirroon, None), Action::DeclinePower]
    );
    // 11 + 1 for Archer 0 beside him: 12, up to 2 Elves
    let events = play(&mut state, Seat(0), summon(emirroon, None), &[11]);
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::PowerRolled {
                die: 11,
                bonus: 1,
                ..
            }
        )),
        "{events:?}"
    );
    // the Archers far away may come, not the one already beside him nor Alastair
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![
            summon(emirroon, Some(far1)),
            summon(emirroon, Some(far2)),
            Action::DeclinePower
        ]
    );
    play(&mut state, Seat(0), summon(emirroon, Some(far1)), &[]);
    let events = place_first(&mut state);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::LeftEngagement { .. })));
    assert!(beside(&state, emirroon, far1));
    // the one just placed is beside him now: only Archer 2 is left to summon
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![summon(emirroon, Some(far2)), Action::DeclinePower]
    );
    play(&mut state, Seat(0), summon(emirroon, Some(far2)), &[]);
    place_first(&mut state);
    assert!(beside(&state, emirroon, far2) && beside(&state, emirroon, near));
    assert!(!HeroScape::legal_actions(&state, Seat(0)).contains(&Action::DeclinePower));
}

#[test]
fn a_10_and_one_elf_beside_summon_one_elf_a_3_none() {
    let (state, [emirroon, _, far1, far2]) = moved();
    // 10 + 1: 11, one Elf
    let mut one = state.clone();
    play(&mut one, Seat(0), summon(emirroon, None), &[10]);
    play(&mut one, Seat(0), summon(emirroon, Some(far2)), &[]);
    place_first(&mut one);
    assert!(beside(&one, emirroon, far2));
    assert!(!beside(&one, emirroon, far1));
    assert!(!HeroScape::legal_actions(&one, Seat(0)).contains(&summon(emirroon, Some(far1))));
    // 3 + 1: 4, nothing happens
    let mut none = state;
    play(&mut none, Seat(0), summon(emirroon, None), &[3]);
    assert!(!HeroScape::legal_actions(&none, Seat(0))
        .iter()
        .any(|a| matches!(a, Action::UsePower { .. } | Action::PlaceCarried { .. })));
    assert_eq!(
        none.figure(far1).expect("Archer 1").hex,
        Some(Hex::new(0, 0))
    );
}
