//! *Ullar's Pact* at play with the real Elites of Ullar card, with scripted dice.

use skirmish_engine::{Pending, Ruleset, Seat};

use crate::game::state::Stage;
use crate::game::test_support::{battle_on, h, only_at};
use crate::game::tests::{play, strip};
use crate::game::{Action, Decision, HeroScape, State};

const ELITES: &str = "Elites of Ullar";

/// Alastair MacDirk (West) on hex 3 attacks Elite 0 on hex 4 (carrying `marked` wounds, Elite 1
/// off the battlefield); Saylind on hex 7 and Elite 0 are East's. One skull against blank
/// shields: one wound. The state and the ids of Elite 0 and Saylind.
fn wounded(marked: u16) -> (State, u32, u32) {
    let sc = battle_on(
        strip(&[1; 8]),
        &["Alastair MacDirk"],
        &[ELITES, "Saylind the Kyrie Warrior"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Alastair MacDirk", 0, h(3)),
            (ELITES, 0, h(4)),
            ("Saylind the Kyrie Warrior", 0, h(7)),
        ],
        Stage::Attack,
    );
    state.figure_mut(ids[1]).expect("Elite 0").wounds = marked;
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: ids[0],
            target: ids[1],
        },
        &[1, 6, 6, 6, 6, 6, 6, 6],
    );
    (state, ids[1], ids[2])
}

/// The figures East may move now.
fn movers(state: &State) -> Vec<u32> {
    let mut out: Vec<u32> = HeroScape::legal_actions(state, Seat(1))
        .into_iter()
        .filter_map(|a| match a {
            Action::Move { figure, .. } => Some(figure),
            _ => None,
        })
        .collect();
    out.dedup();
    out
}

#[test]
fn a_wounded_elite_lets_its_player_move_an_unengaged_kyrie_of_ullar() {
    let (state, elite, saylind) = wounded(0);
    assert_eq!(state.figure(elite).expect("Elite 0").wounds, 1);
    let Pending::Decide { seats, decision } = HeroScape::pending(&state) else {
        panic!("nothing asked")
    };
    assert_eq!(seats, vec![Seat(1)]);
    assert!(matches!(decision, Decision::PowerMoves { .. }));
    // Saylind moves; Elite 0, engaged with Alastair, does not
    assert_eq!(movers(&state), vec![saylind]);
    assert!(HeroScape::legal_actions(&state, Seat(1)).contains(&Action::DeclinePower));
}

#[test]
fn the_pact_holds_when_the_last_elite_is_destroyed_and_not_when_no_wound_lands() {
    // Elite 0 (2 life) already has a wound: destroyed, the last Elite standing
    let (state, elite, saylind) = wounded(1);
    assert!(state.figure(elite).expect("Elite 0").destroyed);
    assert_eq!(movers(&state), vec![saylind]);

    // no skull: no wound, no move
    let sc = battle_on(
        strip(&[1; 8]),
        &["Alastair MacDirk"],
        &[ELITES, "Saylind the Kyrie Warrior"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Alastair MacDirk", 0, h(3)),
            (ELITES, 0, h(4)),
            ("Saylind the Kyrie Warrior", 0, h(7)),
        ],
        Stage::Attack,
    );
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: ids[0],
            target: ids[1],
        },
        &[6, 6, 6, 6, 6, 6, 6, 6],
    );
    assert!(movers(&state).is_empty());
}
