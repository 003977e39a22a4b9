//! What HeroClix tells tree search ([`skirmish_bots::Mcts`]): [`HeroClixEval`] judges a
//! position by victory points and the points still standing, plus what the seat to act there
//! gains by its best action, and orders the ~1,000 actions of a turn by the greedy bot's
//! scores, so that progressive widening looks at the actions greedy likes first.

use std::sync::Arc;

use skirmish_bots::{share_chance, Budget, Evaluator, LeafJudgement, MctsConfig};
use skirmish_engine::Seat;
use skirmish_platform::{BotPlayer, MctsPlayer};

use super::GreedyBot;
use crate::game::{Action, Fig, State};
use crate::HeroClix;

/// How sharply a lead turns into a likely win: holding 60 % of the points on the table
/// (standing and scored) wins about 77 % of the time (`1 / (1 + e^(-12·0.1))`).
const SHARPNESS: f64 = 12.0;

/// Victory points between two actions' greedy scores that make one e times likelier in the
/// prior.
const PRIOR_TEMPERATURE: f64 = 0.5;

/// The least prior weight: every legal action stays reachable by widening.
const PRIOR_FLOOR: f64 = 1e-4;

/// The HeroClix evaluator: each side's victory points plus the points of its figures still
/// standing (a figure clicked down counting for less), squashed by a logistic into a chance
/// of winning. A new leaf also counts what the seat to act there gains by its best action
/// (the greedy bot's score of it, times [`HeroClixEval::leaf_gain`]): an attack about to land
/// is worth most of its expected damage already, and a figure walked into the opponent's
/// reach is seen losing before the opponent's turn is searched.
///
/// Judging a leaf lists its actions and ranks them, which its node keeps for its first visit;
/// an iteration costs about twice as much (`bash scripts/callgrind.sh mcts 300`). Measured
/// with `examples/mcts_duel.rs` against greedy over 120 games, on the same dice: 85 won with
/// 250 iterations judging leaves, 77 with 500 judging positions alone (about the same time).
#[derive(Clone, Copy, Debug)]
pub struct HeroClixEval {
    /// The share of the mover's best greedy score a new leaf adds to its side's points (0:
    /// leaves are judged by the points alone, without listing the mover's actions).
    pub leaf_gain: f64,
}

impl Default for HeroClixEval {
    fn default() -> Self {
        HeroClixEval { leaf_gain: 1.0 }
    }
}

/// The tree-search bot for HeroClix with `budget` per decision, one thread.
pub fn mcts_player(budget: Budget) -> Arc<dyn BotPlayer> {
    Arc::new(MctsPlayer::<HeroClix, _>::with_config(
        mcts_config(budget, 1),
        HeroClixEval::default(),
    ))
}

/// How the HeroClix search bot searches: [`MctsConfig::guided`], each new leaf judged by
/// [`HeroClixEval`] where it stands and by what its mover can do. Random playouts would cost a
/// full listing of the legal actions per step (a thousand move squares). `examples/mcts_duel.rs`, 40 games of 500
/// iterations against greedy: 26 won with the narrow widening, 17 with the default
/// `2·(n+1)^0.5`.
pub fn mcts_config(budget: Budget, threads: usize) -> MctsConfig {
    MctsConfig::guided(budget, threads)
}

/// What a figure still standing is worth: its points, less up to half of them as it clicks
/// towards its knock-out (a figure's dial weakens as it takes damage).
fn worth(f: &Fig) -> f64 {
    let full = f.def.dial.len().saturating_sub(f.start_click).max(1) as f64;
    let left = f.def.dial.len().saturating_sub(f.click) as f64;
    f64::from(f.points) * (0.5 + 0.5 * (left / full).min(1.0))
}

/// Actions the search prunes (a prior of 0): passing and switching a power off change
/// nothing the evaluation sees but keep the turn open, so a search that may take them puts
/// off ending its turn (and the opponent's answer) past its horizon, switching its own powers
/// off one by one (seen in `examples/mcts_duel.rs` games before they were pruned: 119 such
/// actions in one game). The greedy bot scores them below ending the turn.
fn never_searched(action: &Action) -> bool {
    matches!(
        action,
        Action::Pass { .. } | Action::SwitchOff { .. } | Action::SwitchOffTeam { .. }
    )
}

/// Each seat's points: its victory points and the worth of its figures standing.
fn points(state: &State) -> Vec<f64> {
    let mut points: Vec<f64> = state
        .seats
        .iter()
        .map(|s| f64::from(s.victory_points))
        .collect();
    for f in state.figures.iter().filter(|f| !f.ko) {
        if let Some(p) = points.get_mut(f.owner.index()) {
            *p += worth(f);
        }
    }
    points
}

/// `seat`'s chance of winning when the seats hold `points` ([`share_chance`]).
fn chance(state: &State, points: &[f64], seat: Seat) -> f64 {
    let seat_at = |i: usize| Seat(u8::try_from(i).unwrap_or(u8::MAX));
    share_chance(
        points,
        seat.index(),
        |a, b| state.allied(seat_at(a), seat_at(b)),
        SHARPNESS,
    )
}

/// The greedy bot's scores, in victory points, turned into weights: its choice weighs 1 and
/// an action a point worse e^-(1/T) of that, so widening looks at the actions in greedy's
/// order and the search starts from greedy's opinion, not from nothing.
fn weights(scores: &[f64], actions: &[Action]) -> Vec<f64> {
    let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    scores
        .iter()
        .zip(actions)
        .map(|(s, a)| {
            if never_searched(a) {
                0.0
            } else {
                ((s - best) / PRIOR_TEMPERATURE).exp().max(PRIOR_FLOOR)
            }
        })
        .collect()
}

impl Evaluator<HeroClix> for HeroClixEval {
    fn value(&self, state: &State, seat: Seat) -> f64 {
        chance(state, &points(state), seat)
    }

    fn prior(&self, state: &State, seat: Seat, actions: &[Action]) -> Vec<f64> {
        weights(&GreedyBot::new(0).scores(state, seat, actions), actions)
    }

    fn judges_leaves(&self) -> bool {
        self.leaf_gain > 0.0
    }

    fn judge_leaf(&self, state: &State, mover: Seat, actions: &[Action]) -> Option<LeafJudgement> {
        let scores = GreedyBot::new(0).scores(state, mover, actions);
        // What the mover's best action is expected to bring: an attack's expected damage, a
        // move's better square; when its best is to end its turn, greedy's threshold for
        // acting (`Weights::min_gain`, a quarter of a point), the same for every mover.
        let gain = scores
            .iter()
            .zip(actions)
            .filter(|(_, a)| !never_searched(a))
            .map(|(s, _)| *s)
            .fold(0.0, f64::max);
        let mut points = points(state);
        if let Some(p) = points.get_mut(mover.index()) {
            *p += self.leaf_gain * gain;
        }
        let values = (0..points.len())
            .map(|i| chance(state, &points, Seat(u8::try_from(i).unwrap_or(u8::MAX))))
            .collect();
        Some(LeafJudgement {
            values,
            prior: weights(&scores, actions),
        })
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::time::{Duration, Instant};

    use skirmish_engine::{AnyGame, Game};

    use super::*;
    use crate::bots::bench::{mid_game, starter_scenario};

    fn game() -> Game<HeroClix> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        mid_game(&starter_scenario(&root))
    }

    #[test]
    fn values_are_chances_and_favour_the_side_with_more_standing() {
        let g = game();
        let state = g.state();
        let v0 = HeroClixEval::default().value(state, Seat(0));
        let v1 = HeroClixEval::default().value(state, Seat(1));
        assert!(
            (0.0..=1.0).contains(&v0) && (v0 + v1 - 1.0).abs() < 1e-9,
            "{v0} {v1}"
        );
        let mut worse = state.clone();
        let victim = worse
            .figures
            .iter()
            .position(|f| f.owner == Seat(1) && !f.ko)
            .expect("seat 1 has a figure standing");
        worse.figures[victim].ko = true;
        assert!(HeroClixEval::default().value(&worse, Seat(0)) > v0);
        let mut hurt = state.clone();
        hurt.figures[victim].click += 1;
        assert!(HeroClixEval::default().value(&hurt, Seat(0)) > v0);
        assert!(
            HeroClixEval::default().value(&hurt, Seat(0))
                < HeroClixEval::default().value(&worse, Seat(0))
        );
    }

    #[test]
    fn a_judged_leaf_counts_the_movers_best_action_and_ranks_as_the_prior() {
        let g = game();
        let state = g.state();
        let mover = g.pending_seats()[0];
        let legal = g.legal_actions(mover);
        let eval = HeroClixEval::default();
        assert!(eval.judges_leaves());
        let judged = eval
            .judge_leaf(state, mover, &legal)
            .expect("HeroClix judges leaves");
        assert_eq!(judged.prior, eval.prior(state, mover, &legal));
        let [ours, theirs] = judged.values[..] else {
            panic!("one value per seat: {:?}", judged.values)
        };
        assert!((ours + theirs - 1.0).abs() < 1e-9, "{ours} {theirs}");
        // The mover's best action counts for it: its chance is above the position's alone, by
        // what greedy expects of that action.
        let plain = eval.value(state, mover);
        let best = GreedyBot::new(0)
            .scores(state, mover, &legal)
            .iter()
            .zip(&legal)
            .filter(|(_, a)| !never_searched(a))
            .map(|(s, _)| *s)
            .fold(0.0, f64::max);
        assert!(best > 0.0);
        assert!(judged.values[mover.index()] > plain, "{judged:?} {plain}");
        let mut points = points(state);
        points[mover.index()] += best;
        assert!((judged.values[mover.index()] - chance(state, &points, mover)).abs() < 1e-12);
        // Without a gain, nothing is listed at the leaves.
        assert!(!HeroClixEval { leaf_gain: 0.0 }.judges_leaves());
    }

    #[test]
    fn priors_follow_the_greedy_bots_scores() {
        let g = game();
        let seat = g.pending_seats()[0];
        let legal = g.legal_actions(seat);
        assert!(legal.len() > 100, "{}", legal.len());
        let prior = HeroClixEval::default().prior(g.state(), seat, &legal);
        assert_eq!(prior.len(), legal.len());
        assert!(prior
            .iter()
            .all(|w| *w >= 0.0 && *w <= 1.0 && w.is_finite()));
        // Passing and switching powers off are pruned, nothing else.
        for (a, w) in legal.iter().zip(&prior) {
            assert_eq!(*w == 0.0, never_searched(a), "{a:?}");
        }
        assert!(legal.iter().any(never_searched));
        let scores = GreedyBot::new(0).scores(g.state(), seat, &legal);
        let argmax = |v: &[f64]| {
            (0..v.len())
                .max_by(|a, b| v[*a].total_cmp(&v[*b]).then(b.cmp(a)))
                .unwrap()
        };
        assert_eq!(argmax(&prior), argmax(&scores));
        // A better greedy score never gets a smaller weight.
        for i in 0..legal.len() {
            for j in 0..legal.len() {
                if scores[i] > scores[j] && !never_searched(&legal[i]) {
                    assert!(prior[i] >= prior[j], "{:?} {:?}", legal[i], legal[j]);
                }
            }
        }
    }

    #[test]
    fn the_mcts_player_answers_a_legal_action_within_its_budget() {
        let g = game();
        let seat = g.pending_seats()[0];
        let player = mcts_player(Budget::Time(Duration::from_millis(100)));
        assert_eq!(player.name(), "mcts:100ms");
        let copy = AnyGame::blinded(&g, seat, 9);
        let start = Instant::now();
        let answer = player.choose(copy.as_ref(), seat, 9).unwrap();
        // A generous margin over the budget: CI machines are shared and slow.
        assert!(
            start.elapsed() < Duration::from_millis(600),
            "{:?}",
            start.elapsed()
        );
        let legal = AnyGame::legal_actions_json(&g, seat).unwrap();
        assert!(legal.contains(&answer), "{answer}");
    }
}
