//! *Risen By Revna* at play with the real Revnan Acolytes card, at the start of a round.

use skirmish_dice::Dice;
use skirmish_engine::{Pending, Ruleset, Seat};

use crate::game::state::Stage;
use crate::game::test_support::{battle_on, h, only_at, real};
use crate::game::tests::{play, strip};
use crate::game::{Action, Decision, HeroScape, State};

const ACOLYTES: &str = "Revnan Acolytes";

/// The place of Risen By Revna among the Acolytes' powers.
fn risen() -> u8 {
    let c = real(ACOLYTES);
    let i = c
        .powers
        .iter()
        .position(|p| p.name == "Risen By Revna")
        .expect("the Acolytes print Risen By Revna");
    u8::try_from(i).expect("a small index")
}

/// Acolyte 0 on hex 1, Killian Vane III (a hero of Revna) on hex 3, Alastair MacDirk (East's)
/// on hex 6; Acolyte 1 destroyed on hex 5 when `fallen`; a new round started. The state and
/// the ids of Acolyte 1 and Killian.
fn new_round(fallen: bool) -> (State, u32, u32) {
    let sc = battle_on(
        strip(&[1; 8]),
        &[ACOLYTES, "Killian Vane III"],
        &["Alastair MacDirk"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            (ACOLYTES, 0, h(1)),
            (ACOLYTES, 1, h(5)),
            ("Killian Vane III", 0, h(3)),
            ("Alastair MacDirk", 0, h(6)),
        ],
        Stage::Attack,
    );
    if fallen {
        state.figure_mut(ids[1]).expect("Acolyte 1").destroyed = true;
    } else {
        state.figure_mut(ids[1]).expect("Acolyte 1").hex = None;
    }
    let mut events = Vec::new();
    crate::game::play::start_round(&mut state, &mut Dice::scripted([]), &mut events);
    (state, ids[1], ids[2])
}

#[test]
fn a_destroyed_acolyte_may_rise_beside_a_hero_of_revna_before_the_markers() {
    let (mut state, acolyte, _) = new_round(true);
    let Pending::Decide { decision, .. } = HeroScape::pending(&state) else {
        panic!("nothing asked")
    };
    assert_eq!(
        decision,
        Decision::Deploy {
            figure: acolyte,
            unit: state.figure(acolyte).expect("Acolyte 1").unit,
            power: risen(),
        }
    );
    let place = |q: i32| Action::Place {
        figure: acolyte,
        hex: h(q),
        tail: None,
    };
    // beside Killian: hexes 2 and 4; not beside Alastair, an opponent's hero of another
    // general (hex 5, 7); "you may": or none
    let mut legal = HeroScape::legal_actions(&state, Seat(0));
    legal.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(legal, vec![Action::DeclinePower, place(2), place(4)]);

    let mut declined = state.clone();
    play(&mut declined, Seat(0), Action::DeclinePower, &[]);
    assert!(declined.figure(acolyte).expect("Acolyte 1").destroyed);
    assert!(matches!(
        HeroScape::pending(&declined),
        Pending::Decide {
            decision: Decision::PlaceMarkers { .. },
            ..
        }
    ));

    play(&mut state, Seat(0), place(4), &[]);
    let back = state.figure(acolyte).expect("Acolyte 1");
    assert!(back.on_field() && back.wounds == 0);
    assert_eq!((back.hex, back.level), (Some(h(4)), 1));
    // then the order markers are placed
    assert!(matches!(
        HeroScape::pending(&state),
        Pending::Decide {
            decision: Decision::PlaceMarkers { .. },
            ..
        }
    ));
}

#[test]
fn nothing_rises_without_a_destroyed_acolyte_or_a_hero_of_revna_standing() {
    // no Acolyte destroyed: the markers are asked at once
    let (state, _, _) = new_round(false);
    assert!(matches!(
        HeroScape::pending(&state),
        Pending::Decide {
            decision: Decision::PlaceMarkers { .. },
            ..
        }
    ));
    // Killian gone: no hero of Revna to rise beside
    let sc = battle_on(
        strip(&[1; 8]),
        &[ACOLYTES, "Killian Vane III"],
        &["Alastair MacDirk"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            (ACOLYTES, 0, h(1)),
            (ACOLYTES, 1, h(5)),
            ("Alastair MacDirk", 0, h(6)),
        ],
        Stage::Attack,
    );
    state.figure_mut(ids[1]).expect("Acolyte 1").destroyed = true;
    let mut events = Vec::new();
    crate::game::play::start_round(&mut state, &mut Dice::scripted([]), &mut events);
    assert!(matches!(
        HeroScape::pending(&state),
        Pending::Decide {
            decision: Decision::PlaceMarkers { .. },
            ..
        }
    ));
}
