//! A perfect-information fixture for search tests: Nim with one pile. Two seats take turns
//! removing 1 to `max_take` stones; whoever takes the last stone wins. A pile that is a
//! multiple of `max_take + 1` loses for the seat to move, so from any other pile exactly one
//! take wins: the one that leaves such a multiple.

use serde::{Deserialize, Serialize};
use skirmish_engine::{Dice, Outcome, Pending, Rejection, Ruleset, Seat, SetupError, Viewer};

/// The Nim ruleset.
#[derive(Clone, Copy, Debug)]
pub struct Nim;

/// The starting pile and the largest take.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct NimScenario {
    /// Stones at the start.
    pub pile: u32,
    /// Most stones one take may remove.
    pub max_take: u32,
}

/// A position.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct NimState {
    /// Stones left.
    pub pile: u32,
    /// Most stones one take may remove.
    pub max_take: u32,
    /// Whose turn it is.
    pub turn: Seat,
    /// Who took the last stone.
    pub winner: Option<Seat>,
}

/// Take this many stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Take(pub u32);

impl Ruleset for Nim {
    const ID: &'static str = "nim";
    type Scenario = NimScenario;
    type State = NimState;
    type Action = Take;
    type Decision = String;
    type Event = Take;
    type View = NimState;

    fn setup(scenario: &NimScenario, _dice: &mut Dice) -> Result<NimState, SetupError> {
        Ok(NimState {
            pile: scenario.pile,
            max_take: scenario.max_take,
            turn: Seat(0),
            winner: None,
        })
    }

    fn seats(_state: &NimState) -> Vec<Seat> {
        vec![Seat(0), Seat(1)]
    }

    fn pending(state: &NimState) -> Pending<String> {
        match state.winner {
            Some(winner) => Pending::Over(Outcome {
                winners: vec![winner],
                scores: Vec::new(),
                reason: "took the last stone".to_string(),
            }),
            None => Pending::Decide {
                seats: vec![state.turn],
                decision: "take".to_string(),
            },
        }
    }

    fn legal_actions(state: &NimState, seat: Seat) -> Vec<Take> {
        if state.winner.is_some() || seat != state.turn {
            return Vec::new();
        }
        (1..=state.max_take.min(state.pile)).map(Take).collect()
    }

    fn explain_illegal(_state: &NimState, _seat: Seat, _action: &Take) -> Rejection {
        Rejection::illegal("not a legal take")
    }

    fn apply(
        state: &mut NimState,
        seat: Seat,
        action: &Take,
        _dice: &mut Dice,
        events: &mut Vec<Take>,
    ) -> Result<(), Rejection> {
        if !Nim::legal_actions(state, seat).contains(action) {
            return Err(Nim::explain_illegal(state, seat, action));
        }
        state.pile -= action.0;
        events.push(*action);
        if state.pile == 0 {
            state.winner = Some(seat);
        } else {
            state.turn = Seat(1 - seat.0);
        }
        Ok(())
    }

    fn view(state: &NimState, _viewer: Viewer) -> NimState {
        state.clone()
    }
}
