//! *Barge Into Battle* at play with the real Horned Skull Brutes card, on strips of hexes.

use std::sync::Arc;

use skirmish_board::hex::Hex;
use skirmish_engine::{Ruleset, Seat};

use super::triggered;
use crate::battlefield::{Battlefield, Level};
use crate::game::state::Stage;
use crate::game::test_support::{battle_on, h, only_at, plain, real};
use crate::game::tests::{play, strip};
use crate::game::{Action, Event, HeroScape, State};

const BRUTES: &str = "Horned Skull Brutes";

/// The place of Barge Into Battle among the Brutes' powers.
fn barge() -> u8 {
    let c = real(BRUTES);
    let found = triggered::triggered(&c)
        .find(|(i, _)| c.powers[usize::from(*i)].name == "Barge Into Battle")
        .map(|(i, _)| i);
    found.expect("Barge Into Battle is a triggered power")
}

fn at(state: &State, id: u32) -> (Hex, Level) {
    let f = state.figure(id).expect("the figure");
    (f.hex.expect("on the battlefield"), f.level)
}

/// Brutes on the hexes `brutes` of `field` (Alastair MacDirk, the enemy, on hex 4 of the first
/// row), their moves just ended; the state and the Brutes' ids.
fn moved(field: Arc<Battlefield>, brutes: &[Hex]) -> (State, Vec<u32>) {
    let sc = battle_on(field, &[BRUTES], &["Alastair MacDirk"]);
    let mut places: Vec<(&str, usize, Hex)> = brutes
        .iter()
        .enumerate()
        .map(|(i, hex)| (BRUTES, i, *hex))
        .collect();
    places.push(("Alastair MacDirk", 0, h(4)));
    let (mut state, ids) = only_at(&sc, &places, Stage::Move);
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    (state, ids[..brutes.len()].to_vec())
}

fn switch(user: u32, chosen: u32) -> Action {
    Action::UsePower {
        figure: user,
        power: barge(),
        target: Some(chosen),
    }
}

#[test]
fn an_unengaged_brute_switches_with_an_engaged_friend_3_spaces_away_then_another_brute_may() {
    // Brute 0 on hex 0 and Brute 2 on the second row unengaged, Brute 1 on hex 3 engaged
    // with Alastair on hex 4; nothing stands between them
    let (mut state, b) = moved(plain(0, 7, 0, 1), &[h(0), h(3), Hex::new(1, 1)]);
    let legal = HeroScape::legal_actions(&state, Seat(0));
    // the engaged Brute uses nothing; the unengaged ones may choose it, or decline
    assert!(legal.contains(&switch(b[0], b[1])), "{legal:?}");
    assert!(legal.contains(&switch(b[2], b[1])), "{legal:?}");
    assert!(legal.contains(&Action::DeclinePower));
    assert!(!legal.iter().any(|a| matches!(
        a,
        Action::UsePower { figure, .. } if *figure == b[1]
    )));

    let events = play(&mut state, Seat(0), switch(b[0], b[1]), &[]);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::LeftEngagement { .. })));
    assert_eq!((at(&state, b[0]), at(&state, b[1])), ((h(3), 1), (h(0), 1)));

    // Brute 0, now engaged, is the friend the others may barge with; it barges no more
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal.contains(&switch(b[2], b[0])), "{legal:?}");
    assert!(legal.contains(&switch(b[1], b[0])), "{legal:?}");
    assert!(!legal.iter().any(|a| matches!(
        a,
        Action::UsePower { figure, .. } if *figure == b[0]
    )));
    play(&mut state, Seat(0), switch(b[2], b[0]), &[]);
    assert_eq!(
        (at(&state, b[2]), at(&state, b[0])),
        ((h(3), 1), (Hex::new(1, 1), 1))
    );
}

#[test]
fn a_friend_more_than_2_levels_from_the_brutes_base_is_not_chosen() {
    // Brute 1 and Alastair stand 2 levels above Brute 0: chosen; 3 levels: not
    let (two, b) = moved(strip(&[1, 1, 1, 3, 3, 1, 1, 1]), &[h(0), h(3)]);
    assert!(HeroScape::legal_actions(&two, Seat(0)).contains(&switch(b[0], b[1])));
    let (three, b) = moved(strip(&[1, 1, 1, 4, 4, 1, 1, 1]), &[h(0), h(3)]);
    assert!(!HeroScape::legal_actions(&three, Seat(0)).contains(&switch(b[0], b[1])));
}

#[test]
fn a_friend_that_is_not_engaged_is_not_chosen() {
    // Brute 1 on hex 2 is engaged with nobody (Alastair on hex 4)
    let (state, b) = moved(strip(&[1; 8]), &[h(0), h(2)]);
    assert!(!HeroScape::legal_actions(&state, Seat(0)).contains(&switch(b[0], b[1])));
    assert!(!HeroScape::legal_actions(&state, Seat(0))
        .iter()
        .any(|a| matches!(a, Action::UsePower { .. })));
}
