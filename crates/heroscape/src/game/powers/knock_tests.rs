//! *Knockback* at play with the real Shurrak card, on strips of hexes, with scripted dice.

use skirmish_board::hex::Hex;
use skirmish_engine::{Pending, Ruleset, Seat};

use crate::battlefield::Level;
use crate::game::state::Stage;
use crate::game::test_support::{battle_on, h, only_at, real};
use crate::game::tests::{play, strip};
use crate::game::{Action, Decision, Event, HeroScape, State};

/// The place of Knockback among Shurrak's powers.
fn knockback() -> u8 {
    let card = real("Shurrak");
    let i = card
        .powers
        .iter()
        .position(|p| p.name == "KNOCKBACK")
        .expect("Shurrak prints Knockback");
    u8::try_from(i).expect("a small index")
}

fn at(state: &State, id: u32) -> (Hex, Level) {
    let f = state.figure(id).expect("the figure");
    (f.hex.expect("on the battlefield"), f.level)
}

/// Shurrak (double-space: hexes 1 and 2) in his attack step, Alastair MacDirk on hex 3 of a
/// strip at `levels`; Shurrak's normal attack on Alastair rolled with `dice`. The state after
/// it and the ids.
fn struck(levels: &[Level], dice: &[u8]) -> (State, u32, u32) {
    let sc = battle_on(strip(levels), &["Shurrak"], &["Alastair MacDirk"]);
    let (mut state, ids) = only_at(
        &sc,
        &[("Shurrak", 0, h(2)), ("Alastair MacDirk", 0, h(3))],
        Stage::Attack,
    );
    let (shurrak, alastair) = (ids[0], ids[1]);
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: shurrak,
            target: alastair,
        },
        dice,
    );
    (state, shurrak, alastair)
}

fn roll_for(shurrak: u32, figure: u32) -> Action {
    Action::UsePower {
        figure: shurrak,
        power: knockback(),
        target: Some(figure),
    }
}

fn sorted(mut actions: Vec<Action>) -> Vec<Action> {
    actions.sort_by_key(|a| format!("{a:?}"));
    actions
}

#[test]
fn shurrak_knocks_back_the_figure_he_attacked_on_a_14_within_3_spaces_never_higher() {
    // hex 4 stands at level 3, above Alastair's level 1
    let levels = [1, 1, 1, 1, 3, 1, 1, 1];
    // 5 attack dice, one skull; 3 defence dice, blank: Alastair (6 life) takes 1 wound
    let (state, shurrak, alastair) = struck(&levels, &[1, 6, 6, 6, 6, 6, 6, 6]);
    assert_eq!(state.figure(alastair).expect("Alastair").wounds, 1);
    let Pending::Decide { decision, .. } = HeroScape::pending(&state) else {
        panic!("nothing asked")
    };
    assert!(matches!(decision, Decision::UsePower { figure, .. } if figure == shurrak));
    assert_eq!(
        sorted(HeroScape::legal_actions(&state, Seat(0))),
        sorted(vec![roll_for(shurrak, alastair), Action::DeclinePower])
    );

    // "you may roll": declined, no die is rolled and Alastair stays
    let mut declined = state.clone();
    play(&mut declined, Seat(0), Action::DeclinePower, &[]);
    assert_eq!(at(&declined, alastair), (h(3), 1));

    // a 13 places nothing, and Alastair is not offered again this turn
    let mut missed = state.clone();
    play(&mut missed, Seat(0), roll_for(shurrak, alastair), &[13]);
    assert_eq!(at(&missed, alastair), (h(3), 1));
    assert!(!HeroScape::legal_actions(&missed, Seat(0)).contains(&roll_for(shurrak, alastair)));

    let mut state = state;
    play(&mut state, Seat(0), roll_for(shurrak, alastair), &[14]);
    let Pending::Decide { decision, .. } = HeroScape::pending(&state) else {
        panic!("nothing asked")
    };
    assert!(matches!(decision, Decision::Deploy { figure, .. } if figure == alastair));
    let to = |q: i32| Action::PlaceCarried {
        figure: alastair,
        to: h(q),
        level: 1,
    };
    // within 3 spaces of Shurrak's hexes 1 and 2: hex 0 and hex 5; hex 4 is higher than
    // Alastair's level, hex 3 his own, hex 6 four spaces away; "place": no leaving him
    assert_eq!(
        sorted(HeroScape::legal_actions(&state, Seat(0))),
        sorted(vec![to(0), to(5)])
    );
    // engaged with Shurrak, Alastair takes no leaving-engagement attack; on level ground he
    // falls nowhere (no die scripted)
    let events = play(&mut state, Seat(0), to(5), &[]);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::LeftEngagement { .. } | Event::Fell { .. })));
    assert_eq!(at(&state, alastair), (h(5), 1));
    assert_eq!(state.figure(alastair).expect("Alastair").wounds, 1);
}

#[test]
fn a_walker_knocked_down_from_a_height_takes_its_fall() {
    // Alastair (height 5) on hex 3 at level 6, knocked down to level 1: a drop of 5, one die
    let levels = [1, 1, 1, 6, 1, 1, 1, 1];
    // 5 attack dice, one skull; Alastair higher: 4 defence dice, blank
    let (mut state, shurrak, alastair) = struck(&levels, &[1, 6, 6, 6, 6, 6, 6, 6, 6]);
    assert_eq!(state.figure(alastair).expect("Alastair").wounds, 1);
    play(&mut state, Seat(0), roll_for(shurrak, alastair), &[20]);
    let events = play(
        &mut state,
        Seat(0),
        Action::PlaceCarried {
            figure: alastair,
            to: h(5),
            level: 1,
        },
        &[2],
    );
    assert!(
        events.iter().any(
            |e| matches!(e, Event::Fell { figure, drop: 5, wounds: 1, .. } if *figure == alastair)
        ),
        "{events:?}"
    );
    assert_eq!(at(&state, alastair), (h(5), 1));
    assert_eq!(state.figure(alastair).expect("Alastair").wounds, 2);
}

#[test]
fn a_figure_destroyed_by_the_attack_is_not_knocked_back() {
    // Alastair (6 life) already has a wound: 5 skulls against 3 blank defence dice destroy
    // him, and "not destroyed by that attack" leaves nothing to knock back.
    let sc = battle_on(
        strip(&[1, 1, 1, 1, 1, 1, 1, 1]),
        &["Shurrak"],
        &["Alastair MacDirk"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[("Shurrak", 0, h(2)), ("Alastair MacDirk", 0, h(3))],
        Stage::Attack,
    );
    state.figure_mut(ids[1]).expect("Alastair").wounds = 1;
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: ids[0],
            target: ids[1],
        },
        &[1, 1, 1, 1, 1, 6, 6, 6],
    );
    assert!(state.figure(ids[1]).expect("Alastair").destroyed);
    assert!(!HeroScape::legal_actions(&state, Seat(0)).contains(&roll_for(ids[0], ids[1])));
}
