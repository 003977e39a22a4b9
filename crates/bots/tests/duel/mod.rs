//! A simultaneous secret choice where peeking matters: both seats pick at once. Seat 1 guesses
//! a number 0–2; seat 0 hides a number 0–2 and wins when seat 1 guesses wrong, or plays safe
//! ([`SAFE`]) and wins on a die roll of 1 or 2. Against a guesser who cannot see, hiding wins
//! at least two times in three; against one who sees the pick, it always loses, so a search
//! that lets the guesser see plays safe (one in three).

use serde::{Deserialize, Serialize};
use skirmish_engine::{
    Dice, Outcome, Pending, Picker, Rejection, Ruleset, Seat, SetupError, Viewer,
};

/// The duel ruleset.
#[derive(Clone, Copy, Debug)]
pub struct Duel;

/// Seat 0's safe play.
pub const SAFE: u8 = 3;

/// A position: each seat's pick, once made, and the winner.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DuelState {
    /// The picks, by seat.
    pub picks: [Option<u8>; 2],
    /// Who won.
    pub winner: Option<Seat>,
}

/// Pick this number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pick(pub u8);

impl Ruleset for Duel {
    const ID: &'static str = "duel";
    type Scenario = ();
    type State = DuelState;
    type Action = Pick;
    type Decision = String;
    type Event = String;
    type View = Option<Seat>;

    fn setup(_scenario: &(), _dice: &mut Dice) -> Result<DuelState, SetupError> {
        Ok(DuelState {
            picks: [None, None],
            winner: None,
        })
    }

    fn seats(_state: &DuelState) -> Vec<Seat> {
        vec![Seat(0), Seat(1)]
    }

    fn pending(state: &DuelState) -> Pending<String> {
        match state.winner {
            Some(winner) => Pending::Over(Outcome {
                winners: vec![winner],
                scores: Vec::new(),
                reason: String::new(),
            }),
            None => Pending::Decide {
                seats: Seat::all(2)
                    .filter(|s| state.picks[s.index()].is_none())
                    .collect(),
                decision: "pick".to_string(),
            },
        }
    }

    fn legal_actions(state: &DuelState, seat: Seat) -> Vec<Pick> {
        if state.winner.is_some() || seat.index() > 1 || state.picks[seat.index()].is_some() {
            return Vec::new();
        }
        let options = if seat == Seat(0) { 0..=SAFE } else { 0..=2 };
        options.map(Pick).collect()
    }

    fn explain_illegal(_state: &DuelState, _seat: Seat, _action: &Pick) -> Rejection {
        Rejection::illegal("not a legal pick")
    }

    fn apply(
        state: &mut DuelState,
        seat: Seat,
        action: &Pick,
        dice: &mut Dice,
        _events: &mut Vec<String>,
    ) -> Result<(), Rejection> {
        if !Duel::legal_actions(state, seat).contains(action) {
            return Err(Duel::explain_illegal(state, seat, action));
        }
        state.picks[seat.index()] = Some(action.0);
        if let [Some(hidden), Some(guess)] = state.picks {
            let hider_wins = if hidden == SAFE {
                dice.d6() <= 2
            } else {
                hidden != guess
            };
            state.winner = Some(if hider_wins { Seat(0) } else { Seat(1) });
        }
        Ok(())
    }

    fn view(state: &DuelState, _viewer: Viewer) -> Option<Seat> {
        state.winner
    }

    fn action_view(seat: Seat, action: &Pick, viewer: Viewer) -> Option<Pick> {
        viewer.sees_secrets_of(seat).then_some(*action)
    }

    fn determinize(state: &DuelState, seat: Seat, rng: &mut Picker) -> DuelState {
        let mut guess = state.clone();
        if guess.winner.is_none() {
            let other = 1 - seat.index();
            if guess.picks[other].is_some() {
                let options = if other == 0 { 4 } else { 3 };
                guess.picks[other] = rng.below(options).and_then(|v| u8::try_from(v).ok());
            }
        }
        guess
    }
}
