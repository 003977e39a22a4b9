//! Wounds around a figure of yours, then that figure destroyed ([`super::wrath`]), at play
//! with the real cards of the shared data and scripted dice: *Lolth's Wrath*.

use skirmish_board::hex::Hex;
use skirmish_engine::{Ruleset, Seat};

use crate::game::state::Stage;
use crate::game::test_support::{battle_on, only_at, plain, real};
use crate::game::tests::{play, BLANK, SKULL};
use crate::game::{Action, Event, HeroScape, State};

const PELLOTH: &str = "Pelloth";
const DROW: &str = "Deepwyrm Drow";
const VIKINGS: &str = "Tarn Viking Warriors";
const CHARDRIS: &str = "Chardris";
const CARR: &str = "Agent Carr (TT)";

fn power() -> u8 {
    let i = real(PELLOTH)
        .powers
        .iter()
        .position(|p| p.name == "LOLTH\u{2019}S WRATH")
        .expect("Pelloth prints Lolth's Wrath");
    u8::try_from(i).expect("a few powers")
}

/// West's Pelloth in its attack step, a Deepwyrm Drow of West 3 spaces away; around the
/// drow, 2 spaces or less: a viking (medium, adjacent), Chardris (medium, 6 life) and Agent
/// Carr (large). Pelloth, the drow, the viking, Chardris, Carr.
fn wrath() -> (State, [u32; 5]) {
    let sc = battle_on(
        plain(0, 6, 0, 4),
        &[PELLOTH, DROW],
        &[VIKINGS, CHARDRIS, CARR],
    );
    let (state, ids) = only_at(
        &sc,
        &[
            (PELLOTH, 0, Hex::new(0, 2)),
            (DROW, 0, Hex::new(3, 2)),
            (VIKINGS, 0, Hex::new(4, 2)),
            (CHARDRIS, 0, Hex::new(3, 0)),
            (CARR, 0, Hex::new(3, 4)),
        ],
        Stage::Attack,
    );
    (state, [ids[0], ids[1], ids[2], ids[3], ids[4]])
}

#[test]
fn lolths_wrath_puts_a_wound_for_each_skull_around_the_drow_then_destroys_it() {
    let (mut state, [pelloth, drow, viking, chardris, carr]) = wrath();
    let p = power();
    let wrath = Action::UsePower {
        figure: pelloth,
        power: p,
        target: Some(drow),
    };
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal.contains(&wrath), "{legal:?}");
    assert!(
        !legal.iter().any(|a| matches!(a,
            Action::UsePower { power, target: Some(t), .. } if *power == p && *t != drow)),
        "only a Drow of West's may be chosen, not Pelloth itself: {legal:?}"
    );
    // two skulls of three dice
    let events = play(&mut state, Seat(0), wrath, &[SKULL, SKULL, BLANK]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::WrathRolled { chosen, attack, .. } if *chosen == drow && attack.len() == 3
    )));
    let skull = |t| Action::UsePower {
        figure: pelloth,
        power: p,
        target: Some(t),
    };
    // small or medium figures within 2 of the drow: not the large Agent Carr
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![skull(viking), skull(chardris), Action::DeclinePower]
    );
    let _ = carr;
    // both skulls on Chardris: no defence, two wounds
    play(&mut state, Seat(0), skull(chardris), &[]);
    assert!(
        state.figure(drow).unwrap().on_field(),
        "not before the skulls are spent"
    );
    let events = play(&mut state, Seat(0), skull(chardris), &[]);
    assert_eq!(state.figure(chardris).unwrap().wounds, 2);
    assert!(events.contains(&Event::Destroyed { figure: drow }));
    // then Pelloth attacks as usual
    assert!(
        HeroScape::legal_actions(&state, Seat(0)).contains(&Action::Attack {
            figure: pelloth,
            target: viking,
        })
    );
}

#[test]
fn lolths_wrath_declined_or_without_a_skull_still_destroys_the_drow() {
    let (state, [pelloth, drow, viking, ..]) = wrath();
    let p = power();
    let wrath = Action::UsePower {
        figure: pelloth,
        power: p,
        target: Some(drow),
    };
    // no skull: the drow is destroyed at once, nobody wounded
    let mut blank = state.clone();
    let events = play(&mut blank, Seat(0), wrath.clone(), &[BLANK, BLANK, BLANK]);
    assert!(events.contains(&Event::Destroyed { figure: drow }));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::PowerWounded { .. })));
    // a skull declined: no wound, the drow destroyed
    let mut declined = state;
    play(&mut declined, Seat(0), wrath, &[SKULL, BLANK, BLANK]);
    let events = play(&mut declined, Seat(0), Action::DeclinePower, &[]);
    assert!(events.contains(&Event::Destroyed { figure: drow }));
    assert!(declined.figure(viking).unwrap().on_field());
    // used once: not offered again this turn
    assert!(!HeroScape::legal_actions(&declined, Seat(0))
        .iter()
        .any(|a| matches!(a, Action::UsePower { power, .. } if *power == p)));
}
