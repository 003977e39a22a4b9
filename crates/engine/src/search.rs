//! What tree-search bots need from any ruleset: the chance outcomes of an action, a cheap sample
//! of one, information sets and their determinizations, and fast random playouts.
//!
//! Everything here works on a ruleset's state directly, without a [`Game`](crate::Game)'s logs,
//! and never touches a game's dice stream: a bot searches with dice of its own, so nothing it
//! does can reveal or shift the rolls of the real game.
//!
//! - [`chance_outcomes`] lists the distinct states an action can lead to, with their
//!   probabilities. It runs the ruleset's own `apply` under scripted dice and branches wherever
//!   the script runs out, one branch per face of the die being rolled there, so it is exact for
//!   any ruleset without the ruleset describing its dice.
//! - [`sample_outcome`] plays the action once with the bot's own dice.
//! - [`InfoSet`] is what a seat knows (its view, the decision it sees, its legal actions);
//!   [`InfoSet::determinize`] deals a state consistent with it ([`Ruleset::determinize`]).
//! - [`random_playout`] plays random legal actions ([`Ruleset::random_action`]) to the end.

use std::collections::HashMap;

use skirmish_dice::{Dice, Picker};

use crate::{hash_state, Outcome, Pending, Rejection, Ruleset, Seat, Viewer};

/// The most runs of `apply` [`chance_outcomes`] makes unless told otherwise: enough for four
/// six-sided dice with every branch apart (6^4 = 1,296 leaves).
pub const DEFAULT_CHANCE_BUDGET: usize = 4_096;

/// Mixed into the seed of the dice that finish a branch's rolls after its script, so that what a
/// branch rolls past its prefix does not repeat the search's other streams.
const TAIL_SALT: u64 = 0xC2B2_AE3D_27D4_EB4F;

/// One way an action can turn out.
#[derive(Clone, Debug)]
pub struct ChanceOutcome<R: Ruleset> {
    /// How likely it is; the outcomes of one action add up to 1.
    pub probability: f64,
    /// The state after the action.
    pub state: R::State,
    /// What happened on the first branch that led here.
    pub events: Vec<R::Event>,
    /// The dice values rolled on that branch, in order.
    pub dice: Vec<u8>,
    /// How many branches (dice sequences) led to this same state.
    pub branches: usize,
}

/// Why [`chance_outcomes`] gave no answer.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SearchError {
    /// The ruleset refused the action.
    #[error("the action was refused: {0}")]
    Rejected(Rejection),
    /// Listing every outcome needs more runs of the action than allowed: sample instead.
    #[error("more than {budget} dice sequences to explore: sample outcomes instead")]
    TooManyOutcomes {
        /// The number of runs allowed.
        budget: usize,
    },
}

/// Every distinct state `action` by `seat` can lead to from `state`, with its probability,
/// most likely first (ties in the order their dice sort). Outcomes that end in the same state
/// are merged, whatever dice led there (a miss is a miss). An action that rolls nothing has one
/// outcome of probability 1.
///
/// `budget` bounds the runs of `apply` ([`DEFAULT_CHANCE_BUDGET`] is a good default); actions
/// with more dice sequences than that are answered with [`SearchError::TooManyOutcomes`].
pub fn chance_outcomes<R: Ruleset>(
    state: &R::State,
    seat: Seat,
    action: &R::Action,
    budget: usize,
) -> Result<Vec<ChanceOutcome<R>>, SearchError> {
    let mut outcomes: Vec<ChanceOutcome<R>> = Vec::new();
    let mut by_hash: HashMap<String, usize> = HashMap::new();
    // Depth first, lowest faces first, so the order of the answer is stable.
    let mut stack: Vec<(Vec<u8>, f64)> = vec![(Vec::new(), 1.0)];
    let mut runs = 0;
    while let Some((prefix, probability)) = stack.pop() {
        runs += 1;
        if runs > budget {
            return Err(SearchError::TooManyOutcomes { budget });
        }
        let mut next = state.clone();
        let mut dice = Dice::prefixed(prefix.iter().copied(), TAIL_SALT ^ runs as u64);
        let mut events = Vec::new();
        R::apply(&mut next, seat, action, &mut dice, &mut events).map_err(SearchError::Rejected)?;
        if let Some(at) = dice.exhausted() {
            let faces = usize::try_from(at)
                .ok()
                .and_then(|at| dice.rolls().get(at))
                .map_or(6, |roll| roll.die.faces());
            let share = probability / f64::from(faces);
            for face in (1..=faces).rev() {
                let mut longer = prefix.clone();
                longer.push(face);
                stack.push((longer, share));
            }
            continue;
        }
        let key = hash_state(&next).map_err(|e| {
            SearchError::Rejected(Rejection::new("unhashable-state", e.to_string()))
        })?;
        match by_hash.get(&key) {
            Some(&i) => {
                outcomes[i].probability += probability;
                outcomes[i].branches += 1;
            }
            None => {
                by_hash.insert(key, outcomes.len());
                outcomes.push(ChanceOutcome {
                    probability,
                    state: next,
                    events,
                    dice: prefix,
                    branches: 1,
                });
            }
        }
    }
    outcomes.sort_by(|a, b| b.probability.total_cmp(&a.probability));
    Ok(outcomes)
}

/// Plays `action` once on a copy of `state` with the caller's dice: a sampled chance outcome.
pub fn sample_outcome<R: Ruleset>(
    state: &R::State,
    seat: Seat,
    action: &R::Action,
    dice: &mut Dice,
) -> Result<(R::State, Vec<R::Event>), Rejection> {
    let mut next = state.clone();
    let mut events = Vec::new();
    R::apply(&mut next, seat, action, dice, &mut events)?;
    dice.take_log();
    Ok((next, events))
}

/// What one seat knows at one moment: the handle a bot decides from. It holds the true state
/// privately; a bot sees the seat's view, the decision as the seat sees it and its legal
/// actions, and may deal itself states consistent with them, but never the true state's secrets,
/// the game's dice stream or its seed. It borrows the state, so handing one to a bot costs
/// nothing.
pub struct InfoSet<'a, R: Ruleset> {
    seat: Seat,
    state: &'a R::State,
}

impl<R: Ruleset> Clone for InfoSet<'_, R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: Ruleset> Copy for InfoSet<'_, R> {}

impl<R: Ruleset> std::fmt::Debug for InfoSet<'_, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The state stays out of logs: it holds what the seat may not see.
        f.debug_struct("InfoSet")
            .field("ruleset", &R::ID)
            .field("seat", &self.seat)
            .finish()
    }
}

impl<'a, R: Ruleset> InfoSet<'a, R> {
    /// What `seat` knows in `state`.
    pub fn new(state: &'a R::State, seat: Seat) -> InfoSet<'a, R> {
        InfoSet { seat, state }
    }

    /// Whose information set it is.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The game as the seat sees it.
    pub fn view(&self) -> R::View {
        R::view(self.state, Viewer::Seat(self.seat))
    }

    /// What the game waits for, as the seat sees it.
    pub fn pending(&self) -> Pending<R::Decision> {
        R::pending(self.state)
            .map_decision(|d| R::decision_view(self.state, &d, Viewer::Seat(self.seat)))
    }

    /// The seat's legal actions (empty when it is not asked anything).
    pub fn legal_actions(&self) -> Vec<R::Action> {
        R::legal_actions(self.state, self.seat)
    }

    /// A full state consistent with what the seat knows, everything hidden from it guessed at
    /// random: one determinization for information-set search.
    pub fn determinize(&self, rng: &mut Picker) -> R::State {
        R::determinize(self.state, self.seat, rng)
    }
}

/// How a [`random_playout`] ended.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayoutEnd {
    /// The outcome, if the game ended within the step limit.
    pub outcome: Option<Outcome>,
    /// Actions played.
    pub steps: usize,
}

/// Plays random legal actions ([`Ruleset::random_action`], a random pending seat first) from
/// `state` until the game ends or `max_steps` actions were played, with the caller's dice.
/// Returns `Err` if the ruleset refuses an action it chose itself, or leaves a pending seat
/// without an action: both are ruleset bugs.
pub fn random_playout<R: Ruleset>(
    state: &mut R::State,
    dice: &mut Dice,
    picker: &mut Picker,
    max_steps: usize,
) -> Result<PlayoutEnd, String> {
    let mut events = Vec::new();
    for steps in 0..max_steps {
        let seat = match R::pending(state) {
            Pending::Over(outcome) => {
                return Ok(PlayoutEnd {
                    outcome: Some(outcome),
                    steps,
                })
            }
            Pending::Decide { seats, .. } => *picker
                .choose(&seats)
                .ok_or("the game waits for a decision from no seat")?,
        };
        let action = R::random_action(state, seat, picker)
            .ok_or_else(|| format!("{seat} is pending but has no legal action"))?;
        events.clear();
        R::apply(state, seat, &action, dice, &mut events)
            .map_err(|r| format!("{seat}'s random action {action:?} was refused: {r}"))?;
        dice.take_log();
    }
    Ok(PlayoutEnd {
        outcome: R::pending(state).outcome().cloned(),
        steps: max_steps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{LuckyPig, PigAction, PigScenario};
    use crate::Game;

    fn rolling_pig() -> Game<LuckyPig> {
        let scenario = PigScenario {
            seats: 2,
            target: 30,
            rounds: 3,
            jinxes: false,
        };
        // Setup rolls one die for the first player; picks are then made by both seats.
        let mut game = Game::<LuckyPig>::new(scenario, 5).unwrap();
        for seat in game.pending_seats() {
            game.act(seat, PigAction::Pick(6)).unwrap();
        }
        game
    }

    #[test]
    fn a_roll_has_six_outcomes_of_one_sixth() {
        let game = rolling_pig();
        let seat = game.pending_seats()[0];
        let outcomes =
            chance_outcomes::<LuckyPig>(game.state(), seat, &PigAction::Roll, 100).unwrap();
        assert_eq!(outcomes.len(), 6);
        for o in &outcomes {
            assert!((o.probability - 1.0 / 6.0).abs() < 1e-12);
            assert_eq!(o.dice.len(), 1);
        }
        let total: f64 = outcomes.iter().map(|o| o.probability).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn an_action_without_dice_has_one_certain_outcome() {
        let game = rolling_pig();
        let seat = game.pending_seats()[0];
        let mut g = game.clone();
        g.act(seat, PigAction::Roll).unwrap();
        let outcomes = chance_outcomes::<LuckyPig>(g.state(), seat, &PigAction::Keep, 100).unwrap();
        assert_eq!(outcomes.len(), 1);
        assert_eq!(outcomes[0].probability, 1.0);
        assert!(outcomes[0].dice.is_empty());
    }

    #[test]
    fn a_reroll_merges_and_the_budget_is_kept() {
        let game = rolling_pig();
        let seat = game.pending_seats()[0];
        let mut g = game.clone();
        g.act(seat, PigAction::Roll).unwrap();
        // The reroll replaces the die: six outcomes again.
        let outcomes =
            chance_outcomes::<LuckyPig>(g.state(), seat, &PigAction::Reroll, 100).unwrap();
        assert_eq!(outcomes.len(), 6);
        // One run is not enough to explore a roll.
        assert_eq!(
            chance_outcomes::<LuckyPig>(g.state(), seat, &PigAction::Reroll, 1).unwrap_err(),
            SearchError::TooManyOutcomes { budget: 1 }
        );
        // A refused action is reported, not explored.
        assert!(matches!(
            chance_outcomes::<LuckyPig>(g.state(), seat, &PigAction::Hold, 100),
            Err(SearchError::Rejected(_))
        ));
    }

    #[test]
    fn sampling_agrees_with_the_listed_outcomes() {
        let game = rolling_pig();
        let seat = game.pending_seats()[0];
        let listed =
            chance_outcomes::<LuckyPig>(game.state(), seat, &PigAction::Roll, 100).unwrap();
        let hashes: Vec<String> = listed
            .iter()
            .map(|o| hash_state(&o.state).unwrap())
            .collect();
        let mut dice = Dice::seeded(3);
        for _ in 0..20 {
            let (state, _) =
                sample_outcome::<LuckyPig>(game.state(), seat, &PigAction::Roll, &mut dice)
                    .unwrap();
            assert!(hashes.contains(&hash_state(&state).unwrap()));
        }
    }

    #[test]
    fn random_playouts_end() {
        let game = rolling_pig();
        let mut picker = Picker::new(1);
        for seed in 0..50 {
            let mut state = game.state().clone();
            let mut dice = Dice::seeded(seed);
            let end =
                random_playout::<LuckyPig>(&mut state, &mut dice, &mut picker, 10_000).unwrap();
            assert!(end.outcome.is_some());
        }
    }
}
