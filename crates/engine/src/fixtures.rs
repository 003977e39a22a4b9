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
//! - **interrupts of interrupts** (option `jinxes`): before the roller
//!   decides, the next seat may jinx the die, and the roller may answer the
//!   jinx with its own;
//!
//! Every question asked in the middle of play (the picks, keep or reroll, a
//! jinx and its answer) is a frame on the engine's stack ([`crate::frames`]).
//! - an outcome with scores and possible shared wins.
//!
//! Rules: on your turn, roll a d6 as often as you like, then hold to bank the
//! turn's total. A kept 1 busts and loses the turn's total. A kept roll equal
//! to your lucky number counts double. Reaching the target on a hold wins at
//! once; otherwise the highest score after the last round wins. With
//! jinxes, each seat holds one jinx for the game: when a die waits to be kept
//! or rerolled, the next seat may spend its jinx to turn it to a 1, unless the
//! roller spends its own jinx to cancel it.

use serde::{Deserialize, Serialize};
use skirmish_dice::{Dice, Picker};

use crate::frames::{self, Ask, Frame, Frames, FramesMut};
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
    /// Each seat holds one jinx for the game.
    #[serde(default)]
    pub jinxes: bool,
}

impl Default for PigScenario {
    fn default() -> Self {
        PigScenario {
            seats: 3,
            target: 30,
            rounds: 3,
            jinxes: false,
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
    /// Spend your jinx: on the die another seat rolled, or against the jinx on yours.
    Jinx,
    /// Let it be: no jinx.
    Pass,
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
    /// The next seat may jinx the die waiting to be kept or rerolled.
    Jinx {
        /// The seat that rolled it.
        roller: Seat,
        /// The die.
        value: u8,
    },
    /// The roller may cancel the jinx on its die with its own.
    Counter {
        /// The seat that jinxed the die.
        jinxer: Seat,
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
    /// A seat spent its jinx: on another seat's die, or to cancel the jinx on its own.
    Jinxed {
        /// The seat that spent it.
        seat: Seat,
        /// True when it cancelled a jinx.
        counter: bool,
    },
    /// A jinx stood: the die turned to a 1.
    Turned {
        /// The roller.
        seat: Seat,
    },
    /// The game ended.
    GameOver(Outcome),
}

/// A question [`LuckyPig`] asks in the middle of play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PigFrame {
    /// Everyone picks a lucky number at once: asked until every seat has.
    Pick,
    /// The roller keeps or rerolls the die.
    KeepOrReroll {
        /// The die.
        value: u8,
    },
    /// The next seat may jinx the die (asked above keep-or-reroll).
    Jinx {
        /// The seat asked.
        by: Seat,
        /// The roller.
        roller: Seat,
    },
    /// The roller may cancel the jinx (asked above the jinx's effect, which waits below).
    Counter {
        /// The roller.
        by: Seat,
        /// The seat that jinxed.
        jinxer: Seat,
    },
}

/// The current turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Turn {
    seat: Seat,
    /// Turns already finished this round, to know when the round ends.
    done: u8,
    total: u32,
    reroll_used: bool,
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
    /// Jinxes left, by seat (empty when the game has none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    jinxes: Vec<bool>,
    /// Questions asked in the middle of play.
    #[serde(default)]
    frames: Frames<PigFrame>,
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
    /// Jinxes left, by seat (empty when the game has none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub jinxes: Vec<bool>,
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
        });
    }

    fn has_jinx(&self, seat: Seat) -> bool {
        self.jinxes.get(seat.index()) == Some(&true)
    }

    fn spend_jinx(&mut self, seat: Seat) {
        if let Some(j) = self.jinxes.get_mut(seat.index()) {
            *j = false;
        }
    }

    fn next_seat(&self, seat: Seat) -> Seat {
        Seat((seat.0 + 1) % self.seat_count().max(1))
    }

    /// Applies a kept die.
    fn resolve(&mut self, mut turn: Turn, value: u8, events: &mut Vec<PigEvent>) {
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
            self.frames.as_mut().push(PigFrame::Pick);
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
            jinxes: if scenario.jinxes {
                vec![true; usize::from(scenario.seats)]
            } else {
                Vec::new()
            },
            frames: {
                let mut frames = Frames::default();
                frames.as_mut().push(PigFrame::Pick);
                frames
            },
        })
    }

    fn seats(state: &PigState) -> Vec<Seat> {
        Seat::all(state.seat_count()).collect()
    }

    fn pending(state: &PigState) -> Pending<PigDecision> {
        if let Some(asked) = frames::pending::<PigFrame>(state) {
            return asked;
        }
        match &state.phase {
            Phase::Turn(turn) => Pending::Decide {
                seats: vec![turn.seat],
                decision: PigDecision::RollOrHold {
                    turn_total: turn.total,
                },
            },
            Phase::Over(outcome) => Pending::Over(outcome.clone()),
            // Picks are asked by the `Pick` frame; a state without one is waiting for nobody.
            Phase::Picking => Pending::Decide {
                seats: Seat::all(state.seat_count())
                    .filter(|&s| state.lucky_of(s).is_none())
                    .collect(),
                decision: PigDecision::PickLucky { round: state.round },
            },
        }
    }

    fn legal_actions(state: &PigState, seat: Seat) -> Vec<PigAction> {
        if let Some(answers) = frames::legal::<PigFrame>(state, seat) {
            return answers;
        }
        match &state.phase {
            Phase::Turn(turn) if turn.seat == seat && turn.total > 0 => {
                vec![PigAction::Roll, PigAction::Hold]
            }
            Phase::Turn(turn) if turn.seat == seat => vec![PigAction::Roll],
            Phase::Picking | Phase::Turn(_) | Phase::Over(_) => Vec::new(),
        }
    }

    fn explain_illegal(state: &PigState, seat: Seat, action: &PigAction) -> Rejection {
        let asked = state.frames.top();
        let reason = match (&state.phase, asked, action) {
            (Phase::Over(_), _, _) => "the game is over".to_string(),
            _ if seat.0 >= state.seat_count() => format!("there is no {seat} in this game"),
            (Phase::Picking, _, _) if state.lucky_of(seat).is_some() => {
                "you have already picked; waiting for the others".to_string()
            }
            (Phase::Picking, _, PigAction::Pick(n)) => {
                format!("a lucky number is 1 to 6, not {n}")
            }
            (Phase::Picking, _, _) => "everyone must first pick a lucky number".to_string(),
            (_, Some(PigFrame::Jinx { by, .. }), _) if *by != seat => {
                format!("{by} is deciding whether to jinx the die")
            }
            (_, Some(PigFrame::Jinx { .. }), _) => "jinx the die or pass".to_string(),
            (_, Some(PigFrame::Counter { by, .. }), _) if *by != seat => {
                format!("{by} is deciding whether to cancel the jinx")
            }
            (_, Some(PigFrame::Counter { .. }), _) => {
                "cancel the jinx with yours, or let it stand".to_string()
            }
            (Phase::Turn(turn), _, _) if turn.seat != seat => format!("it is {}'s turn", turn.seat),
            (_, Some(PigFrame::KeepOrReroll { value }), _) => {
                format!("you rolled a {value}: keep it or reroll it first")
            }
            (_, _, PigAction::Keep | PigAction::Reroll) => {
                "there is no die waiting to be kept or rerolled".to_string()
            }
            (_, _, PigAction::Jinx | PigAction::Pass) => "there is nothing to jinx".to_string(),
            (_, _, PigAction::Hold) => "nothing to bank yet: roll first".to_string(),
            (_, _, PigAction::Pick(_)) => {
                "lucky numbers are picked at the start of a round".to_string()
            }
            (_, _, PigAction::Roll) => "you cannot roll now".to_string(),
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
        if let Some(answered) = frames::answer::<PigFrame>(state, seat, action, dice, events) {
            return answered;
        }
        let turn = match &state.phase {
            Phase::Turn(turn) if turn.seat == seat => turn.clone(),
            _ => return Err(LuckyPig::explain_illegal(state, seat, action)),
        };
        match action {
            PigAction::Roll => {
                let value = dice.d6();
                events.push(PigEvent::Rolled {
                    seat,
                    value,
                    reroll: false,
                });
                if turn.reroll_used {
                    state.resolve(turn, value, events);
                } else {
                    state.frames.as_mut().push(PigFrame::KeepOrReroll { value });
                    let next = state.next_seat(seat);
                    if state.has_jinx(next) && next != seat {
                        state.frames.as_mut().push(PigFrame::Jinx {
                            by: next,
                            roller: seat,
                        });
                    }
                }
            }
            PigAction::Hold if turn.total > 0 => {
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
            rolled: state.frames.iter().find_map(|f| match f {
                PigFrame::KeepOrReroll { value } => Some(*value),
                _ => None,
            }),
            jinxes: state.jinxes.clone(),
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

impl PigState {
    /// The current turn, when the game is in one.
    fn turn(&self) -> Option<Turn> {
        match &self.phase {
            Phase::Turn(turn) => Some(turn.clone()),
            Phase::Picking | Phase::Over(_) => None,
        }
    }

    /// A jinx stood: the die waiting below turns to a 1.
    fn turn_die(&mut self, roller: Seat, events: &mut Vec<PigEvent>) {
        frames::resume::<PigFrame>(self);
        if let Some(PigFrame::KeepOrReroll { value }) = self.frames.as_mut().top_mut() {
            *value = 1;
            events.push(PigEvent::Turned { seat: roller });
        }
    }
}

impl Frame for PigFrame {
    type State = PigState;
    type Action = PigAction;
    type Decision = PigDecision;
    type Event = PigEvent;

    fn asked(state: &PigState) -> Option<&PigFrame> {
        state.frames.top()
    }

    fn stack_mut(state: &mut PigState) -> FramesMut<'_, PigFrame> {
        state.frames.as_mut()
    }

    fn asks(&self, state: &PigState) -> Ask<PigDecision> {
        let roller = state.turn().map_or(Seat(0), |t| t.seat);
        match self {
            PigFrame::Pick => Ask {
                seats: Seat::all(state.seat_count())
                    .filter(|&s| state.lucky_of(s).is_none())
                    .collect(),
                decision: PigDecision::PickLucky { round: state.round },
            },
            PigFrame::KeepOrReroll { value } => Ask {
                seats: vec![roller],
                decision: PigDecision::KeepOrReroll { value: *value },
            },
            PigFrame::Jinx { by, roller } => {
                let value = state.frames.waiting().iter().find_map(|f| match f {
                    PigFrame::KeepOrReroll { value } => Some(*value),
                    _ => None,
                });
                Ask {
                    seats: vec![*by],
                    decision: PigDecision::Jinx {
                        roller: *roller,
                        value: value.unwrap_or(0),
                    },
                }
            }
            PigFrame::Counter { by, jinxer } => Ask {
                seats: vec![*by],
                decision: PigDecision::Counter { jinxer: *jinxer },
            },
        }
    }

    fn answers(&self, state: &PigState, seat: Seat) -> Vec<PigAction> {
        match self {
            PigFrame::Pick if seat.0 < state.seat_count() && state.lucky_of(seat).is_none() => {
                (1..=6).map(PigAction::Pick).collect()
            }
            PigFrame::Pick => Vec::new(),
            // A die only waits for a decision while the reroll is unspent.
            PigFrame::KeepOrReroll { .. } => vec![PigAction::Keep, PigAction::Reroll],
            PigFrame::Jinx { .. } | PigFrame::Counter { .. } => {
                vec![PigAction::Jinx, PigAction::Pass]
            }
        }
    }

    fn resolve(
        state: &mut PigState,
        seat: Seat,
        answer: &PigAction,
        dice: &mut Dice,
        events: &mut Vec<PigEvent>,
    ) -> Result<(), Rejection> {
        let Some(asked) = state.frames.top().cloned() else {
            return Err(LuckyPig::explain_illegal(state, seat, answer));
        };
        match (asked, answer) {
            (PigFrame::Pick, &PigAction::Pick(lucky)) => {
                let open = state.lucky.get(seat.index()) == Some(&None);
                if !open || !(1..=6).contains(&lucky) {
                    return Err(LuckyPig::explain_illegal(state, seat, answer));
                }
                if let Some(slot) = state.lucky.get_mut(seat.index()) {
                    *slot = Some(lucky);
                }
                events.push(PigEvent::Picked {
                    seat,
                    lucky: Some(lucky),
                });
                // The frame stays until every seat has answered.
                if state.lucky.iter().all(Option::is_some) {
                    state.frames.as_mut().pop();
                    events.push(PigEvent::Revealed {
                        lucky: Seat::all(state.seat_count())
                            .filter_map(|s| state.lucky_of(s).map(|l| (s, l)))
                            .collect(),
                    });
                    state.start_turn(state.first, 0);
                }
            }
            (PigFrame::KeepOrReroll { value }, PigAction::Keep | PigAction::Reroll) => {
                let Some(mut turn) = state.turn() else {
                    return Err(LuckyPig::explain_illegal(state, seat, answer));
                };
                state.frames.as_mut().pop();
                let value = if *answer == PigAction::Reroll {
                    let value = dice.d6();
                    events.push(PigEvent::Rolled {
                        seat,
                        value,
                        reroll: true,
                    });
                    turn.reroll_used = true;
                    value
                } else {
                    value
                };
                state.resolve(turn, value, events);
            }
            (PigFrame::Jinx { by, roller }, PigAction::Jinx) => {
                state.spend_jinx(by);
                events.push(PigEvent::Jinxed {
                    seat: by,
                    counter: false,
                });
                state.frames.as_mut().pop();
                if state.has_jinx(roller) {
                    // The roller may answer the jinx before it stands.
                    state.frames.as_mut().push(PigFrame::Counter {
                        by: roller,
                        jinxer: by,
                    });
                } else {
                    state.turn_die(roller, events);
                }
            }
            (PigFrame::Counter { by, .. }, PigAction::Jinx) => {
                state.spend_jinx(by);
                events.push(PigEvent::Jinxed {
                    seat: by,
                    counter: true,
                });
                state.frames.as_mut().pop();
                frames::resume::<PigFrame>(state);
            }
            (PigFrame::Counter { by, .. }, PigAction::Pass) => {
                state.frames.as_mut().pop();
                state.turn_die(by, events);
            }
            (PigFrame::Jinx { .. }, PigAction::Pass) => {
                state.frames.as_mut().pop();
                frames::resume::<PigFrame>(state);
            }
            _ => return Err(LuckyPig::explain_illegal(state, seat, answer)),
        }
        Ok(())
    }
}
