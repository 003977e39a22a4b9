//! The engine's own test game. Not a product ruleset.
//!
//! [`LuckyPig`] is a small push-your-luck dice game that uses every part of
//! the game model a real ruleset needs, so the engine and the
//! [`conformance`](crate::conformance) harness can be tested without one:
//!
//! - 2 to 4 seats, and dice in setup (who goes first) and in play;
//! - a **simultaneous secret choice**: each round opens with every seat
//!   picking a lucky number 1–6 at the same time; views and events hide a
//!   pick from the other seats until all picks are in;
//! - a **mid-action decision**: after rolling, the roller keeps the die or
//!   spends the turn's one reroll;
//! - an outcome with scores and possible shared wins.
//!
//! Rules: on your turn, roll a d6 as often as you like, then hold to bank the
//! turn's total. A kept 1 busts and loses the turn's total. A kept roll equal
//! to your lucky number counts double. Reaching the target on a hold wins at
//! once; otherwise the highest score after the last round wins.

use serde::{Deserialize, Serialize};
use skirmish_dice::{Dice, Picker};

use crate::{Outcome, Pending, Rejection, Ruleset, Seat, SetupError, Viewer};

/// The fixture ruleset.
#[derive(Clone, Copy, Debug)]
pub struct LuckyPig;

/// Setup options for [`LuckyPig`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PigScenario {
    /// How many seats play: 2 to 4.
    pub seats: u8,
    /// The score that wins at once when banked.
    pub target: u32,
    /// How many rounds are played at most.
    pub rounds: u32,
}

impl Default for PigScenario {
    fn default() -> Self {
        PigScenario {
            seats: 3,
            target: 30,
            rounds: 3,
        }
    }
}

/// An answer in [`LuckyPig`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PigAction {
    /// Secretly choose this round's lucky number (1–6).
    Pick(u8),
    /// Roll the die.
    Roll,
    /// Bank the turn's total and end the turn.
    Hold,
    /// Accept the die just rolled.
    Keep,
    /// Spend the turn's reroll on the die just rolled.
    Reroll,
}

/// What [`LuckyPig`] asks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PigDecision {
    /// Everyone picks a lucky number at once.
    PickLucky {
        /// The round being opened (1-based).
        round: u32,
    },
    /// The turn's seat rolls again or holds.
    RollOrHold {
        /// Points at stake this turn.
        turn_total: u32,
    },
    /// The turn's seat keeps or rerolls the die just rolled.
    KeepOrReroll {
        /// The die just rolled.
        value: u8,
    },
}

/// What happened in [`LuckyPig`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PigEvent {
    /// A seat picked its lucky number; `lucky` is hidden from other seats.
    Picked {
        /// Who picked.
        seat: Seat,
        /// The pick, where the viewer may see it.
        lucky: Option<u8>,
    },
    /// All picks are in and shown to everyone.
    Revealed {
        /// Every seat's lucky number.
        lucky: Vec<(Seat, u8)>,
    },
    /// A die was rolled (or rerolled).
    Rolled {
        /// The roller.
        seat: Seat,
        /// The value.
        value: u8,
        /// Whether this was the turn's reroll.
        reroll: bool,
    },
    /// A kept die added points to the turn.
    Scored {
        /// The roller.
        seat: Seat,
        /// Points added.
        points: u32,
        /// Whether the die matched the lucky number and counted double.
        lucky: bool,
    },
    /// A kept 1 lost the turn's total.
    Bust {
        /// The roller.
        seat: Seat,
        /// The points lost.
        lost: u32,
    },
    /// A seat banked its turn total.
    Held {
        /// The seat.
        seat: Seat,
        /// Points banked.
        banked: u32,
        /// The new score.
        score: u32,
    },
    /// The game ended.
    GameOver(Outcome),
}

/// The current turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Turn {
    seat: Seat,
    /// Turns already finished this round, to know when the round ends.
    done: u8,
    total: u32,
    reroll_used: bool,
    /// A die awaiting keep-or-reroll.
    rolled: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Phase {
    Picking,
    Turn(Turn),
    Over(Outcome),
}

/// The state of a [`LuckyPig`] game; opaque, see [`PigView`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PigState {
    target: u32,
    rounds: u32,
    round: u32,
    first: Seat,
    scores: Vec<u32>,
    lucky: Vec<Option<u8>>,
    phase: Phase,
}

/// A seat's lucky number as a viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LuckyView {
    /// Not picked yet.
    NotPicked,
    /// Picked, but secret from this viewer.
    Hidden,
    /// Picked and visible.
    Known(u8),
}

/// What a viewer sees of a [`LuckyPig`] game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PigView {
    /// Who is looking.
    pub viewer: Viewer,
    /// The current round (1-based).
    pub round: u32,
    /// How many rounds are played at most.
    pub rounds: u32,
    /// The winning score.
    pub target: u32,
    /// Banked scores, by seat.
    pub scores: Vec<u32>,
    /// Lucky numbers, by seat, as far as the viewer may see them.
    pub lucky: Vec<LuckyView>,
    /// Whose turn it is, outside the picking phase.
    pub turn: Option<Seat>,
    /// Points at stake this turn.
    pub turn_total: u32,
    /// A die awaiting keep-or-reroll.
    pub rolled: Option<u8>,
    /// Whether the turn's reroll is spent.
    pub reroll_used: bool,
    /// How the game ended, once it has.
    pub outcome: Option<Outcome>,
}

impl PigState {
    fn seat_count(&self) -> u8 {
        u8::try_from(self.scores.len()).unwrap_or(u8::MAX)
    }

    fn lucky_of(&self, seat: Seat) -> Option<u8> {
        self.lucky.get(seat.index()).copied().flatten()
    }

    fn start_turn(&mut self, seat: Seat, done: u8) {
        self.phase = Phase::Turn(Turn {
            seat,
            done,
            total: 0,
            reroll_used: false,
            rolled: None,
        });
    }

    fn next_seat(&self, seat: Seat) -> Seat {
        Seat((seat.0 + 1) % self.seat_count().max(1))
    }

    /// Applies a kept die.
    fn resolve(&mut self, mut turn: Turn, value: u8, events: &mut Vec<PigEvent>) {
        turn.rolled = None;
        if value == 1 {
            events.push(PigEvent::Bust {
                seat: turn.seat,
                lost: turn.total,
            });
            self.end_turn(&turn, events);
            return;
        }
        let lucky = self.lucky_of(turn.seat) == Some(value);
        let points = u32::from(value) * if lucky { 2 } else { 1 };
        turn.total += points;
        events.push(PigEvent::Scored {
            seat: turn.seat,
            points,
            lucky,
        });
        self.phase = Phase::Turn(turn);
    }

    fn end_turn(&mut self, turn: &Turn, events: &mut Vec<PigEvent>) {
        let done = turn.done + 1;
        if done < self.seat_count() {
            self.start_turn(self.next_seat(turn.seat), done);
        } else if self.round >= self.rounds {
            self.finish(None, events);
        } else {
            self.round += 1;
            self.first = self.next_seat(self.first);
            self.lucky.iter_mut().for_each(|l| *l = None);
            self.phase = Phase::Picking;
        }
    }

    fn finish(&mut self, reached: Option<Seat>, events: &mut Vec<PigEvent>) {
        let best = self.scores.iter().copied().max().unwrap_or(0);
        let winners = match reached {
            Some(seat) => vec![seat],
            None => Seat::all(self.seat_count())
                .filter(|s| self.scores.get(s.index()) == Some(&best))
                .collect(),
        };
        let reason = match reached {
            Some(seat) => format!("{seat} reached {} points", self.target),
            None => format!("most points after {} rounds", self.rounds),
        };
        let outcome = Outcome {
            winners,
            scores: Seat::all(self.seat_count())
                .zip(self.scores.iter().map(|&s| i64::from(s)))
                .collect(),
            reason,
        };
        events.push(PigEvent::GameOver(outcome.clone()));
        self.phase = Phase::Over(outcome);
    }
}

impl Ruleset for LuckyPig {
    const ID: &'static str = "fixture-lucky-pig";
    type Scenario = PigScenario;
    type State = PigState;
    type Action = PigAction;
    type Decision = PigDecision;
    type Event = PigEvent;
    type View = PigView;

    fn setup(scenario: &PigScenario, dice: &mut Dice) -> Result<PigState, SetupError> {
        if !(2..=4).contains(&scenario.seats) {
            return Err(SetupError::new(format!(
                "lucky pig needs 2 to 4 seats, not {}",
                scenario.seats
            )));
        }
        if scenario.target == 0 || scenario.rounds == 0 {
            return Err(SetupError::new("target and rounds must be at least 1"));
        }
        // Highest d6 opens; ties go to the earlier seat.
        let mut first = Seat(0);
        let mut best = 0;
        for seat in Seat::all(scenario.seats) {
            let value = dice.d6();
            if value > best {
                best = value;
                first = seat;
            }
        }
        Ok(PigState {
            target: scenario.target,
            rounds: scenario.rounds,
            round: 1,
            first,
            scores: vec![0; usize::from(scenario.seats)],
            lucky: vec![None; usize::from(scenario.seats)],
            phase: Phase::Picking,
        })
    }

    fn seats(state: &PigState) -> Vec<Seat> {
        Seat::all(state.seat_count()).collect()
    }

    fn pending(state: &PigState) -> Pending<PigDecision> {
        match &state.phase {
            Phase::Picking => Pending::Decide {
                seats: Seat::all(state.seat_count())
                    .filter(|&s| state.lucky_of(s).is_none())
                    .collect(),
                decision: PigDecision::PickLucky { round: state.round },
            },
            Phase::Turn(turn) => Pending::Decide {
                seats: vec![turn.seat],
                decision: match turn.rolled {
                    Some(value) => PigDecision::KeepOrReroll { value },
                    None => PigDecision::RollOrHold {
                        turn_total: turn.total,
                    },
                },
            },
            Phase::Over(outcome) => Pending::Over(outcome.clone()),
        }
    }

    fn legal_actions(state: &PigState, seat: Seat) -> Vec<PigAction> {
        match &state.phase {
            Phase::Picking => {
                let picking = seat.0 < state.seat_count() && state.lucky_of(seat).is_none();
                if picking {
                    (1..=6).map(PigAction::Pick).collect()
                } else {
                    Vec::new()
                }
            }
            Phase::Turn(turn) if turn.seat == seat => match turn.rolled {
                // A die only waits for a decision while the reroll is unspent.
                Some(_) => vec![PigAction::Keep, PigAction::Reroll],
                None if turn.total > 0 => vec![PigAction::Roll, PigAction::Hold],
                None => vec![PigAction::Roll],
            },
            Phase::Turn(_) | Phase::Over(_) => Vec::new(),
        }
    }

    fn explain_illegal(state: &PigState, seat: Seat, action: &PigAction) -> Rejection {
        let reason = match (&state.phase, action) {
            (Phase::Over(_), _) => "the game is over".to_string(),
            _ if seat.0 >= state.seat_count() => format!("there is no {seat} in this game"),
            (Phase::Picking, _) if state.lucky_of(seat).is_some() => {
                "you have already picked; waiting for the others".to_string()
            }
            (Phase::Picking, PigAction::Pick(n)) => {
                format!("a lucky number is 1 to 6, not {n}")
            }
            (Phase::Picking, _) => "everyone must first pick a lucky number".to_string(),
            (Phase::Turn(turn), _) if turn.seat != seat => format!("it is {}'s turn", turn.seat),
            (Phase::Turn(turn), _) if turn.rolled.is_some() => format!(
                "you rolled a {}: keep it or reroll it first",
                turn.rolled.unwrap_or(0)
            ),
            (Phase::Turn(_), PigAction::Keep | PigAction::Reroll) => {
                "there is no die waiting to be kept or rerolled".to_string()
            }
            (Phase::Turn(_), PigAction::Hold) => "nothing to bank yet: roll first".to_string(),
            (Phase::Turn(_), PigAction::Pick(_)) => {
                "lucky numbers are picked at the start of a round".to_string()
            }
            (Phase::Turn(_), PigAction::Roll) => "you cannot roll now".to_string(),
        };
        Rejection::illegal(reason)
    }

    fn apply(
        state: &mut PigState,
        seat: Seat,
        action: &PigAction,
        dice: &mut Dice,
        events: &mut Vec<PigEvent>,
    ) -> Result<(), Rejection> {
        let turn = match &state.phase {
            Phase::Turn(turn) if turn.seat == seat => Some(turn.clone()),
            _ => None,
        };
        match (action, turn) {
            (&PigAction::Pick(lucky), _) => {
                let open = state.lucky.get(seat.index()) == Some(&None);
                if !open || !(1..=6).contains(&lucky) {
                    return Err(LuckyPig::explain_illegal(state, seat, action));
                }
                if let Some(slot) = state.lucky.get_mut(seat.index()) {
                    *slot = Some(lucky);
                }
                events.push(PigEvent::Picked {
                    seat,
                    lucky: Some(lucky),
                });
                if state.lucky.iter().all(Option::is_some) {
                    events.push(PigEvent::Revealed {
                        lucky: Seat::all(state.seat_count())
                            .filter_map(|s| state.lucky_of(s).map(|l| (s, l)))
                            .collect(),
                    });
                    state.start_turn(state.first, 0);
                }
            }
            (PigAction::Roll, Some(mut turn)) if turn.rolled.is_none() => {
                let value = dice.d6();
                events.push(PigEvent::Rolled {
                    seat,
                    value,
                    reroll: false,
                });
                if turn.reroll_used {
                    state.resolve(turn, value, events);
                } else {
                    turn.rolled = Some(value);
                    state.phase = Phase::Turn(turn);
                }
            }
            (PigAction::Keep, Some(turn)) if turn.rolled.is_some() => {
                let value = turn.rolled.unwrap_or(1);
                state.resolve(turn, value, events);
            }
            (PigAction::Reroll, Some(mut turn)) if turn.rolled.is_some() && !turn.reroll_used => {
                let value = dice.d6();
                events.push(PigEvent::Rolled {
                    seat,
                    value,
                    reroll: true,
                });
                turn.reroll_used = true;
                state.resolve(turn, value, events);
            }
            (PigAction::Hold, Some(turn)) if turn.rolled.is_none() && turn.total > 0 => {
                let score = state
                    .scores
                    .get_mut(seat.index())
                    .map(|score| {
                        *score += turn.total;
                        *score
                    })
                    .unwrap_or(0);
                events.push(PigEvent::Held {
                    seat,
                    banked: turn.total,
                    score,
                });
                if score >= state.target {
                    state.finish(Some(seat), events);
                } else {
                    state.end_turn(&turn, events);
                }
            }
            _ => return Err(LuckyPig::explain_illegal(state, seat, action)),
        }
        Ok(())
    }

    fn view(state: &PigState, viewer: Viewer) -> PigView {
        let all_in = !matches!(state.phase, Phase::Picking);
        let turn = match &state.phase {
            Phase::Turn(turn) => Some(turn),
            Phase::Picking | Phase::Over(_) => None,
        };
        PigView {
            viewer,
            round: state.round,
            rounds: state.rounds,
            target: state.target,
            scores: state.scores.clone(),
            lucky: Seat::all(state.seat_count())
                .map(|seat| match state.lucky_of(seat) {
                    None => LuckyView::NotPicked,
                    Some(n) if all_in || viewer.sees_secrets_of(seat) => LuckyView::Known(n),
                    Some(_) => LuckyView::Hidden,
                })
                .collect(),
            turn: turn.map(|t| t.seat),
            turn_total: turn.map_or(0, |t| t.total),
            rolled: turn.and_then(|t| t.rolled),
            reroll_used: turn.is_some_and(|t| t.reroll_used),
            outcome: match &state.phase {
                Phase::Over(outcome) => Some(outcome.clone()),
                Phase::Picking | Phase::Turn(_) => None,
            },
        }
    }

    fn action_view(seat: Seat, action: &PigAction, viewer: Viewer) -> Option<PigAction> {
        match action {
            PigAction::Pick(_) if !viewer.sees_secrets_of(seat) => None,
            other => Some(other.clone()),
        }
    }

    fn determinize(state: &PigState, seat: Seat, rng: &mut Picker) -> PigState {
        let mut guess = state.clone();
        // Only picks made in a round whose picks are still secret are hidden.
        if matches!(state.phase, Phase::Picking) {
            for (i, lucky) in guess.lucky.iter_mut().enumerate() {
                if i != seat.index() && lucky.is_some() {
                    *lucky = rng.below(6).and_then(|v| u8::try_from(v + 1).ok());
                }
            }
        }
        guess
    }

    fn undoable(_seat: Seat, action: &PigAction, events: &[PigEvent]) -> bool {
        // The last pick reveals everyone's: taking it back would let its seat pick again knowing
        // them.
        !(matches!(action, PigAction::Pick(_))
            && events
                .iter()
                .any(|e| matches!(e, PigEvent::Revealed { .. })))
    }

    fn event_view(event: &PigEvent, viewer: Viewer) -> Option<PigEvent> {
        match event {
            PigEvent::Picked { seat, .. } if !viewer.sees_secrets_of(*seat) => {
                Some(PigEvent::Picked {
                    seat: *seat,
                    lucky: None,
                })
            }
            other => Some(other.clone()),
        }
    }
}
