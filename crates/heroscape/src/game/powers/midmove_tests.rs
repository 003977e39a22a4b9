//! Scenarios of the powers acting in the middle of a move (`midmove.rs`), with real cards and
//! scripted dice (d20 as given; attack dice 1–3 skull, 4–5 shield, 6 blank): *Sharp Thorns*,
//! *Wicked Thorns*.

use skirmish_board::hex::Hex;
use skirmish_engine::{Ruleset, Seat};

use crate::game::frames::HsFrame;
use crate::game::powers::values::{attack_dice, AttackKind};
use crate::game::state::{Stage, State};
use crate::game::test_support::{battle_on, only_at, plain};
use crate::game::tests::play;
use crate::game::{Action, Decision, Event, HeroScape};

const VRONO: &str = "Vrono the Brambletooth";
const GIRUSHIA: &str = "Girushia, Grove Keeper";
/// A medium hero with a move of 6 and an attack of 4.
const KATO: &str = "Kato Katsuro";

fn at(q: i32, r: i32) -> Hex {
    Hex::new(q, r)
}

/// The place of the power named `name` on `figure`'s card.
fn power_of(state: &State, figure: u32, name: &str) -> u8 {
    let card = state.card_of(state.figure(figure).unwrap());
    let i = card.powers.iter().position(|p| p.name == name).unwrap();
    u8::try_from(i).unwrap()
}

/// West's Kato Katsuro at (0, 0) in its turn's moves; East's `thorny` at (3, 1), next to
/// (3, 0) and (4, 0) on Kato's straight way to (6, 0).
fn kato_passing(thorny: &str) -> (State, u32, u32) {
    let sc = battle_on(plain(0, 6, 0, 2), &[KATO], &[thorny]);
    let (state, ids) = only_at(
        &sc,
        &[(KATO, 0, at(0, 0)), (thorny, 0, at(3, 1))],
        Stage::Move,
    );
    (state, ids[0], ids[1])
}

fn go_east(kato: u32) -> Action {
    Action::Move {
        figure: kato,
        to: at(6, 0),
        level: 1,
        tail: None,
    }
}

fn use_on(state: &State, thorny: u32, name: &str, kato: u32) -> Action {
    Action::UsePower {
        figure: thorny,
        power: power_of(state, thorny, name),
        target: Some(kato),
    }
}

fn kato_attack(state: &State, kato: u32, thorny: u32) -> u16 {
    let (k, t) = (state.figure(kato).unwrap(), state.figure(thorny).unwrap());
    attack_dice(state, k, t, AttackKind::Normal).value()
}

#[test]
fn sharp_thorns_stop_an_enemy_on_the_first_space_next_to_vrono() {
    let (mut state, kato, vrono) = kato_passing(VRONO);
    let events = play(&mut state, Seat(0), go_east(kato), &[]);
    // Kato stands on (3, 0), next to Vrono, where it could end its move: Vrono's player is
    // asked there
    assert_eq!(state.figure(kato).unwrap().hex, Some(at(3, 0)));
    assert!(matches!(state.frames.top(), Some(HsFrame::MidMove(_))));
    assert!(events.iter().any(
        |e| matches!(e, Event::Moved { figure, path, .. } if *figure == kato && path.last() == Some(&(at(3, 0), 1)))
    ));
    let asked = HeroScape::pending(&state);
    assert_eq!(asked.seats(), &[Seat(1)]);
    assert!(matches!(
        asked,
        skirmish_engine::Pending::Decide { decision: Decision::UsePower { figure, .. }, .. } if figure == vrono
    ));
    assert!(HeroScape::legal_actions(&state, Seat(0)).is_empty());
    let before = kato_attack(&state, kato, vrono);
    let use_it = use_on(&state, vrono, "SHARP THORNS", kato);
    let events = play(&mut state, Seat(1), use_it, &[12]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PowerRolled {
            die: 12,
            needed: 12,
            success: true,
            ..
        }
    )));
    assert!(events.iter().any(
        |e| matches!(e, Event::MoveEnded { figure, attack_lowered: 1, .. } if *figure == kato)
    ));
    // the move ends there (it would have gone on to (6, 0)), no wound under 18
    assert_eq!(state.figure(kato).unwrap().hex, Some(at(3, 0)));
    assert_eq!(state.figure(kato).unwrap().wounds, 0);
    assert!(state.frames.top().is_none());
    assert_eq!(state.turn().unwrap().stage, Stage::Attack);
    // its attack value is 1 lower until the end of the turn
    assert_eq!(kato_attack(&state, kato, vrono), before - 1);
    assert!(
        HeroScape::legal_actions(&state, Seat(0)).contains(&Action::Attack {
            figure: kato,
            target: vrono
        })
    );
}

#[test]
fn sharp_thorns_are_asked_on_each_space_and_wound_at_18() {
    let (mut state, kato, vrono) = kato_passing(VRONO);
    play(&mut state, Seat(0), go_east(kato), &[]);
    let events = play(&mut state, Seat(1), Action::DeclinePower, &[]);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::PowerDeclined { figure, .. } if *figure == vrono)));
    // on to (4, 0), still next to Vrono: asked again
    assert_eq!(state.figure(kato).unwrap().hex, Some(at(4, 0)));
    let use_it = use_on(&state, vrono, "SHARP THORNS", kato);
    let events = play(&mut state, Seat(1), use_it, &[18]);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::PowerWounded { figure, wounds: 1, .. } if *figure == kato)));
    assert_eq!(state.figure(kato).unwrap().wounds, 1);
    assert_eq!(state.figure(kato).unwrap().hex, Some(at(4, 0)));
}

#[test]
fn a_failed_thorns_roll_lets_the_figure_walk_on() {
    let (mut state, kato, vrono) = kato_passing(VRONO);
    let attack = kato_attack(&state, kato, vrono);
    play(&mut state, Seat(0), go_east(kato), &[]);
    let use_it = use_on(&state, vrono, "SHARP THORNS", kato);
    let events = play(&mut state, Seat(1), use_it.clone(), &[11]);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::PowerRolled { success: false, .. })));
    assert_eq!(state.figure(kato).unwrap().hex, Some(at(4, 0)));
    // declined on (4, 0): Kato leaves Vrono (one leaving-engagement die, a blank) and ends
    // its move where it was going
    let events = play(&mut state, Seat(1), Action::DeclinePower, &[6]);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::LeftEngagement { figure, enemy, .. } if *figure == kato && *enemy == vrono)));
    assert_eq!(state.figure(kato).unwrap().hex, Some(at(6, 0)));
    assert!(state.frames.top().is_none());
    assert!(!events.iter().any(|e| matches!(e, Event::MoveEnded { .. })));
    assert_eq!(kato_attack(&state, kato, vrono), attack);
}

#[test]
fn wicked_thorns_stop_at_10() {
    let (mut state, kato, girushia) = kato_passing(GIRUSHIA);
    play(&mut state, Seat(0), go_east(kato), &[]);
    assert_eq!(state.figure(kato).unwrap().hex, Some(at(3, 0)));
    let use_it = use_on(&state, girushia, "WICKED THORNS", kato);
    let events = play(&mut state, Seat(1), use_it, &[10]);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::MoveEnded { figure, .. } if *figure == kato)));
    assert_eq!(state.figure(kato).unwrap().hex, Some(at(3, 0)));
}

#[test]
fn thorns_do_not_watch_friends() {
    // Vrono's own side moving past it is not asked about (Girushia stands far off)
    let sc = battle_on(plain(0, 6, 0, 2), &[KATO, VRONO], &[GIRUSHIA]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (KATO, 0, at(0, 0)),
            (VRONO, 0, at(3, 1)),
            (GIRUSHIA, 0, at(0, 2)),
        ],
        Stage::Move,
    );
    play(&mut state, Seat(0), go_east(ids[0]), &[]);
    assert_eq!(state.figure(ids[0]).unwrap().hex, Some(at(6, 0)));
    assert!(state.frames.top().is_none());
}

const KAYNE: &str = "Imperator Kayne";

/// West's Imperator Kayne (double-space) on (2, 0) and (1, 0) in its turn's moves; East's
/// Kato Katsuro on (3, 1), next to (3, 0) and (4, 0) on Kayne's straight way to (6, 0).
fn kayne_passing(field: std::sync::Arc<crate::battlefield::Battlefield>) -> (State, u32, u32) {
    let sc = battle_on(field, &[KAYNE], &[KATO]);
    let (state, ids) = only_at(
        &sc,
        &[(KAYNE, 0, at(2, 0)), (KATO, 0, at(3, 1))],
        Stage::Move,
    );
    (state, ids[0], ids[1])
}

fn kayne_east(kayne: u32) -> Action {
    Action::Move {
        figure: kayne,
        to: at(6, 0),
        level: 1,
        tail: Some(at(5, 0)),
    }
}

#[test]
fn stomp_wounds_a_figure_next_to_the_way_once_and_the_move_goes_on() {
    let (mut state, kayne, kato) = kayne_passing(plain(0, 8, 0, 2));
    play(&mut state, Seat(0), kayne_east(kayne), &[]);
    // one step on, Kato is next to Kayne, who could end his move there: his player is asked
    assert_eq!(state.figure(kayne).unwrap().hex, Some(at(3, 0)));
    assert_eq!(HeroScape::pending(&state).seats(), &[Seat(0)]);
    let stomp = power_of(&state, kayne, "Stomp 8");
    let use_it = Action::UsePower {
        figure: kayne,
        power: stomp,
        target: Some(kato),
    };
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![use_it.clone(), Action::DeclinePower]
    );
    // 8 wounds Kato; the move goes on (Stomp is used up for the turn), Kayne leaving Kato
    // rolls one blank leaving-engagement die
    let events = play(&mut state, Seat(0), use_it, &[8, 6]);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::PowerWounded { figure, wounds: 1, .. } if *figure == kato)));
    assert_eq!(state.figure(kato).unwrap().wounds, 1);
    assert_eq!(state.figure(kayne).unwrap().hex, Some(at(6, 0)));
    assert!(state.frames.top().is_none());
}

#[test]
fn stomp_misses_under_8_and_reaches_no_figure_too_high() {
    let (mut state, kayne, kato) = kayne_passing(plain(0, 8, 0, 2));
    play(&mut state, Seat(0), kayne_east(kayne), &[]);
    let stomp = power_of(&state, kayne, "Stomp 8");
    let use_it = Action::UsePower {
        figure: kayne,
        power: stomp,
        target: Some(kato),
    };
    play(&mut state, Seat(0), use_it, &[7, 6]);
    assert_eq!(state.figure(kato).unwrap().wounds, 0);
    assert_eq!(state.figure(kayne).unwrap().hex, Some(at(6, 0)));
    // Kato 6 levels above Kayne: not a figure Stomp may choose, nobody is asked
    let field = crate::game::test_support::plain_raised(9, 3, &[(at(3, 1), 7)]);
    let (mut state, kayne, _) = kayne_passing(field);
    let mut d = skirmish_dice::Dice::scripted([6, 6, 6, 6]);
    let mut events = Vec::new();
    HeroScape::apply(&mut state, Seat(0), &kayne_east(kayne), &mut d, &mut events).unwrap();
    assert!(state.frames.top().is_none());
    assert_eq!(state.figure(kayne).unwrap().hex, Some(at(6, 0)));
}

#[test]
fn talon_grab_places_a_figure_flown_over_next_to_the_wyvern() {
    let sc = battle_on(plain(0, 8, 0, 2), &["Wyvern"], &[KATO]);
    let (mut state, ids) = only_at(
        &sc,
        &[("Wyvern", 0, at(0, 0)), (KATO, 0, at(3, 0))],
        Stage::Move,
    );
    let (wyvern, kato) = (ids[0], ids[1]);
    play(
        &mut state,
        Seat(0),
        Action::Move {
            figure: wyvern,
            to: at(6, 0),
            level: 1,
            tail: None,
        },
        &[],
    );
    // the Wyvern flew over Kato: at the end of its move its player may grab it
    assert_eq!(state.figure(wyvern).unwrap().hex, Some(at(6, 0)));
    let grab = Action::UsePower {
        figure: wyvern,
        power: power_of(&state, wyvern, "Talon Grab"),
        target: Some(kato),
    };
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![grab.clone(), Action::DeclinePower]
    );
    play(&mut state, Seat(0), grab, &[]);
    // where it goes: an empty space next to the Wyvern on its level
    let places = HeroScape::legal_actions(&state, Seat(0));
    let to_seven = Action::PlaceCarried {
        figure: kato,
        to: at(7, 0),
        level: 1,
    };
    assert!(places.contains(&to_seven), "{places:?}");
    assert!(!places.iter().any(
        |a| matches!(a, Action::PlaceCarried { to, .. } if *to == at(3, 0) || *to == at(2, 0))
    ));
    let events = play(&mut state, Seat(0), to_seven, &[]);
    assert_eq!(state.figure(kato).unwrap().hex, Some(at(7, 0)));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::LeftEngagement { .. })));
}

#[test]
fn talon_grab_takes_only_figures_flown_over() {
    // Kato beside the way, not under it: nothing to grab, the turn goes on
    let sc = battle_on(plain(0, 8, 0, 2), &["Wyvern"], &[KATO]);
    let (mut state, ids) = only_at(
        &sc,
        &[("Wyvern", 0, at(0, 0)), (KATO, 0, at(3, 2))],
        Stage::Move,
    );
    play(
        &mut state,
        Seat(0),
        Action::Move {
            figure: ids[0],
            to: at(6, 0),
            level: 1,
            tail: None,
        },
        &[],
    );
    assert!(state.frames.top().is_none());
    assert_eq!(state.figure(ids[1]).unwrap().hex, Some(at(3, 2)));
}
