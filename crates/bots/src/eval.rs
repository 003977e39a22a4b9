//! How a ruleset tells search what a position is worth: the [`Evaluator`] hook.
//!
//! Search needs two answers it cannot get from the rules alone: how likely each seat is to win
//! from a position it did not play to the end ([`Evaluator::value`]), and which actions deserve
//! a look first when there are too many to try them all ([`Evaluator::prior`]). Each ruleset
//! supplies its own (its greedy bot's scoring, made cheap); [`OutcomeOnly`] knows nothing and
//! leaves everything to playouts.
//!
//! A ruleset plugs in by implementing the trait on a type of its own and handing it to
//! [`Mcts::new`](crate::Mcts::new) (or [`build_generic`](crate::build_generic)):
//!
//! ```
//! use skirmish_bots::{Budget, Evaluator, Mcts, MctsConfig};
//! use skirmish_engine::fixtures::{LuckyPig, PigAction, PigState};
//! use skirmish_engine::{Ruleset, Seat, Viewer};
//!
//! /// A seat's share of the points banked so far (half the turn's total counts too).
//! struct PigShare;
//!
//! impl Evaluator<LuckyPig> for PigShare {
//!     fn value(&self, state: &PigState, seat: Seat) -> f64 {
//!         let view = LuckyPig::view(state, Viewer::Omniscient);
//!         let points = |s: usize| {
//!             let at_stake = if view.turn.map(Seat::index) == Some(s) { view.turn_total / 2 } else { 0 };
//!             f64::from(view.scores[s] + at_stake) + 1.0
//!         };
//!         let total: f64 = (0..view.scores.len()).map(points).sum();
//!         points(seat.index()) / total
//!     }
//!
//!     fn prior(&self, _state: &PigState, _seat: Seat, actions: &[PigAction]) -> Vec<f64> {
//!         // Look at holding first: it is the move that banks points.
//!         actions.iter().map(|a| if *a == PigAction::Hold { 2.0 } else { 1.0 }).collect()
//!     }
//! }
//!
//! let config = MctsConfig { budget: Budget::Iterations(200), threads: 1, rollout_depth: 10, ..MctsConfig::default() };
//! let bot = Mcts::new(1, config, PigShare);
//! ```

use std::sync::Arc;

use skirmish_engine::{Outcome, Ruleset, Seat};

/// A ruleset's judgement of positions, shared by every search thread (hence `Send + Sync`).
///
/// It is only ever shown states dealt by determinization, never the true state, so it may read
/// the whole state: whatever it sees that the seat could not is a guess.
pub trait Evaluator<R: Ruleset>: Send + Sync {
    /// `seat`'s chance of winning from `state`, in `[0, 1]`. Only asked of states whose game is
    /// not over (ended games score by their outcome).
    fn value(&self, state: &R::State, seat: Seat) -> f64;

    /// How promising each of `actions` (legal for `seat` in `state`) looks, one non-negative
    /// weight per action, higher first. Search tries actions in this order when it cannot try
    /// them all (progressive widening) and leans towards the heavier ones while their visits
    /// are few. A weight of 0 prunes the action: search never tries it while an action
    /// weighing more is legal (for actions a player never needs that would only let the
    /// search put off what it does not want to see, such as switching a power off at the end
    /// of a turn). By default every action weighs the same, which keeps the ruleset's own
    /// order.
    fn prior(&self, state: &R::State, seat: Seat, actions: &[R::Action]) -> Vec<f64> {
        let _ = (state, seat);
        vec![1.0; actions.len()]
    }

    /// Whether search should list the legal actions at each new leaf and ask
    /// [`Evaluator::judge_leaf`] about them (false by default: a leaf is judged by
    /// [`Evaluator::value`] alone, without listing).
    fn judges_leaves(&self) -> bool {
        false
    }

    /// A new leaf judged with the legal `actions` of `mover`, the seat to act there: every
    /// seat's chance of winning (one per seat of the game, as [`Evaluator::value`] gives it)
    /// and the prior of `actions` (as [`Evaluator::prior`] gives it, kept for when search
    /// widens from this leaf). An evaluator that sees what the mover can do next judges
    /// positions whose threats are about to land, which the position alone does not say.
    /// Asked only when [`Evaluator::judges_leaves`]; `None` falls back to the value.
    fn judge_leaf(
        &self,
        state: &R::State,
        mover: Seat,
        actions: &[R::Action],
    ) -> Option<LeafJudgement> {
        let _ = (state, mover, actions);
        None
    }
}

/// A seat's chance of winning from the points each seat holds (`points`, by seat index): its
/// side's share of all of them against an even share of the sides, squashed by a logistic of
/// slope `sharpness`. `allied(a, b)` says whether seats `a` and `b` play on one side; a table
/// with no points is an even chance. The HeroClix and HeroScape evaluators judge material
/// this way.
pub fn share_chance(
    points: &[f64],
    seat: usize,
    allied: impl Fn(usize, usize) -> bool,
    sharpness: f64,
) -> f64 {
    let seats = points.len();
    let total: f64 = points.iter().sum();
    if total <= 0.0 || seats == 0 {
        return 0.5;
    }
    let ours: f64 = (0..seats)
        .filter(|&i| allied(i, seat))
        .map(|i| points[i])
        .sum();
    // Sides: seats with no allied seat before them.
    let sides = (0..seats)
        .filter(|&i| !(0..i).any(|j| allied(j, i)))
        .count()
        .max(1);
    let lead = ours / total - 1.0 / sides as f64;
    1.0 / (1.0 + (-sharpness * lead).exp())
}

/// What [`Evaluator::judge_leaf`] makes of a new leaf.
#[derive(Clone, Debug, PartialEq)]
pub struct LeafJudgement {
    /// Each seat's chance of winning, in `[0, 1]`, by seat index.
    pub values: Vec<f64>,
    /// The weight of each of the mover's legal actions, as [`Evaluator::prior`] gives it.
    pub prior: Vec<f64>,
}

/// An evaluator that knows nothing: every unfinished game is an even share (`1 / seats`) for
/// each seat, and priors are uniform. With it, search learns only from playouts that reach
/// the end of the game, so give it a `rollout_depth` long enough for that.
#[derive(Clone, Copy, Debug, Default)]
pub struct OutcomeOnly;

impl<R: Ruleset> Evaluator<R> for OutcomeOnly {
    fn value(&self, state: &R::State, _seat: Seat) -> f64 {
        let seats = R::seats(state).len().max(1);
        1.0 / seats as f64
    }
}

impl<R: Ruleset> Evaluator<R> for Box<dyn Evaluator<R>> {
    fn value(&self, state: &R::State, seat: Seat) -> f64 {
        self.as_ref().value(state, seat)
    }

    fn prior(&self, state: &R::State, seat: Seat, actions: &[R::Action]) -> Vec<f64> {
        self.as_ref().prior(state, seat, actions)
    }

    fn judges_leaves(&self) -> bool {
        self.as_ref().judges_leaves()
    }

    fn judge_leaf(
        &self,
        state: &R::State,
        mover: Seat,
        actions: &[R::Action],
    ) -> Option<LeafJudgement> {
        self.as_ref().judge_leaf(state, mover, actions)
    }
}

impl<R: Ruleset, E: Evaluator<R> + ?Sized> Evaluator<R> for Arc<E> {
    fn value(&self, state: &R::State, seat: Seat) -> f64 {
        self.as_ref().value(state, seat)
    }

    fn prior(&self, state: &R::State, seat: Seat, actions: &[R::Action]) -> Vec<f64> {
        self.as_ref().prior(state, seat, actions)
    }

    fn judges_leaves(&self) -> bool {
        self.as_ref().judges_leaves()
    }

    fn judge_leaf(
        &self,
        state: &R::State,
        mover: Seat,
        actions: &[R::Action],
    ) -> Option<LeafJudgement> {
        self.as_ref().judge_leaf(state, mover, actions)
    }
}

/// What an ended game is worth to each of `seats` seats: 1 for a sole winner, `1 / n` to each
/// of `n` winners sharing the win, 0 for a loss (also when nobody won).
pub fn outcome_rewards(outcome: &Outcome, seats: usize) -> Vec<f64> {
    let mut rewards = vec![0.0; seats];
    let share = 1.0 / outcome.winners.len().max(1) as f64;
    for winner in &outcome.winners {
        if let Some(slot) = rewards.get_mut(winner.index()) {
            *slot = share;
        }
    }
    rewards
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewards_split_a_shared_win_and_give_losers_nothing() {
        let outcome = |winners: Vec<Seat>| Outcome {
            winners,
            scores: Vec::new(),
            reason: String::new(),
        };
        assert_eq!(outcome_rewards(&outcome(vec![Seat(1)]), 3), [0.0, 1.0, 0.0]);
        assert_eq!(
            outcome_rewards(&outcome(vec![Seat(0), Seat(2)]), 3),
            [0.5, 0.0, 0.5]
        );
        assert_eq!(outcome_rewards(&outcome(vec![]), 2), [0.0, 0.0]);
        // A winner outside the table (a ruleset bug) is ignored rather than a panic.
        assert_eq!(outcome_rewards(&outcome(vec![Seat(5)]), 2), [0.0, 0.0]);
    }
}
