//! An enemy order marker looked at in secret and moved ([`super::peek`]) at play with the real
//! cards of the shared data, with scripted dice: *Maddening Chitter 14*.

use skirmish_engine::{Pending, Ruleset, Seat, Viewer};

use super::peek::Peeked;
use super::triggered;
use crate::game::frames::markers_view;
use crate::game::state::{Marker, Stage};
use crate::game::test_support::{battle, h, only_at, real, rolled};
use crate::game::tests::play;
use crate::game::{Action, Decision, Event, HeroScape, State};

const THYRAXIS: &str = "Thyraxis Dragoon";
const CHITTER: &str = "Maddening Chitter 14";

fn power() -> u8 {
    let c = real(THYRAXIS);
    let (i, _) = triggered::triggered(&c)
        .find(|(i, _)| c.powers[usize::from(*i)].name == CHITTER)
        .expect("Maddening Chitter is a triggered power");
    i
}

fn offered(state: &State) -> Option<u8> {
    match HeroScape::pending(state) {
        Pending::Decide {
            decision: Decision::UsePower { power, .. },
            ..
        } => Some(power),
        _ => None,
    }
}

/// West's Thyraxis (its turn about to start), East's vikings 3 spaces away and Chardris
/// further; East's markers 1, 3 and X on the vikings' card, 2 on Chardris's.
fn chittering() -> (State, u32, u32, u32) {
    let sc = battle(&[1; 10], &[THYRAXIS], &["Tarn Viking Warriors", "Chardris"]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (THYRAXIS, 0, h(1)),
            ("Tarn Viking Warriors", 0, h(4)),
            ("Chardris", 0, h(9)),
        ],
        Stage::Move,
    );
    start(&mut state);
    (state, ids[0], ids[1], ids[2])
}

/// A turn of West's card starts (the power is offered then); East's markers 1, 3 and X lie on
/// the vikings' card, 2 on Chardris's.
fn start(state: &mut State) {
    crate::game::test_support::start_turn(state, Seat(0), 0);
    state.players[1].markers.on = [Some(1), Some(2), Some(1), Some(1)];
}

#[test]
fn maddening_chitter_shows_one_enemy_marker_to_its_player_alone_and_may_move_it() {
    let (mut state, thyraxis, viking, chardris) = chittering();
    let p = power();
    assert_eq!(
        offered(&state),
        Some(p),
        "before the turn, the power is offered"
    );
    let chitter = |target| Action::UsePower {
        figure: thyraxis,
        power: p,
        target: Some(target),
    };
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal.contains(&chitter(viking)), "{legal:?}");
    assert!(
        !legal.contains(&chitter(chardris)),
        "8 spaces away: out of the 6"
    );
    // 14: the die picks the second of the three face-down markers on the vikings' card
    // (1, 3, X): the 3
    let events = play(&mut state, Seat(0), chitter(viking), &[14, 2]);
    assert_eq!(rolled(&events), vec![(14, 14, true)]);
    let looked = events
        .iter()
        .find(|e| matches!(e, Event::Peek { .. }))
        .expect("the look is logged");
    assert!(matches!(
        looked,
        Event::Peek {
            what: Peeked::Looked {
                marker: Some(Marker::Three),
                on: 1,
                ..
            }
        }
    ));
    // secrecy: West sees the 3 where it lies, a spectator sees only face-down markers, and
    // the log hides its number from a spectator
    let west = markers_view(&state, Seat(1), Viewer::Seat(Seat(0)));
    assert_eq!(west.known, vec![(Marker::Three, 1)]);
    assert_eq!(west.hidden, vec![(1, 2), (2, 1)]);
    let spectator = markers_view(&state, Seat(1), Viewer::Spectator);
    assert!(spectator.known.is_empty());
    assert_eq!(
        HeroScape::event_view(looked, Viewer::Spectator),
        Some(Event::Peek {
            what: Peeked::Looked {
                figure: thyraxis,
                unit: 0,
                power: p,
                by: Seat(0),
                seat: Seat(1),
                on: 1,
                marker: None,
            }
        })
    );
    // the move: onto Chardris's card (any figure of the same player), or nowhere
    assert_eq!(offered(&state), Some(p));
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![chitter(chardris), Action::DeclinePower]
    );
    let events = play(&mut state, Seat(0), chitter(chardris), &[]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Peek {
            what: Peeked::Moved {
                marker: Some(Marker::Three),
                from: 1,
                to: 2,
                ..
            }
        }
    )));
    assert_eq!(
        state.players[1].markers.on,
        [Some(1), Some(2), Some(2), Some(1)]
    );
    let west = markers_view(&state, Seat(1), Viewer::Seat(Seat(0)));
    assert_eq!(west.known, vec![(Marker::Three, 2)], "known where it went");
    // the turn goes on: Thyraxis moves
    assert!(HeroScape::legal_actions(&state, Seat(0)).contains(&Action::EndMoves));
}

#[test]
fn maddening_chitter_fails_under_14_and_is_used_once_per_round() {
    let (state, thyraxis, viking, _) = chittering();
    let p = power();
    let chitter = Action::UsePower {
        figure: thyraxis,
        power: p,
        target: Some(viking),
    };
    // declined: the power stays for another turn of the round
    let mut declined = state.clone();
    play(&mut declined, Seat(0), Action::DeclinePower, &[]);
    declined.powers.extra_turns += 1;
    start(&mut declined);
    assert_eq!(offered(&declined), Some(p));
    // 13: nothing looked at, nothing moved, no second question
    let mut state = state;
    let events = play(&mut state, Seat(0), chitter, &[13]);
    assert_eq!(rolled(&events), vec![(13, 14, false)]);
    assert!(!events.iter().any(|e| matches!(e, Event::Peek { .. })));
    assert_eq!(
        state.players[1].markers.on,
        [Some(1), Some(2), Some(1), Some(1)]
    );
    assert!(markers_view(&state, Seat(1), Viewer::Seat(Seat(0)))
        .known
        .is_empty());
    assert_ne!(offered(&state), Some(p));
    // another turn of Thyraxis this round: not offered again; next round, it is
    state.powers.extra_turns += 1;
    start(&mut state);
    assert_ne!(offered(&state), Some(p), "once per round");
    state.round += 1;
    state.powers.extra_turns += 1;
    start(&mut state);
    assert_eq!(offered(&state), Some(p));
}
