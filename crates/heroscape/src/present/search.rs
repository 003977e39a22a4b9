//! What HeroScape tells tree search ([`skirmish_bots::Mcts`]): [`HeroScapeEval`] judges a
//! position by the points still standing, and orders actions by the greedy bot's scores, so
//! that widening tries greedy's favourites first.

use std::sync::Arc;

use skirmish_bots::{Budget, Evaluator, MctsConfig};
use skirmish_engine::Seat;
use skirmish_platform::{BotPlayer, MctsPlayer};

use crate::game::{Action, Figure, HeroScape, State};

/// How sharply a lead in points turns into a likely win: a side holding 60 % of the points
/// standing wins about 77 % of the time under this logistic (`1 / (1 + e^(-12·0.1))`).
const SHARPNESS: f64 = 12.0;

/// Points of the greedy bot's score between two actions that make one e times likelier in
/// the prior.
const PRIOR_TEMPERATURE: f64 = 1.0;

/// The least prior weight: every legal action stays reachable by widening.
const PRIOR_FLOOR: f64 = 1e-4;

/// The HeroScape evaluator: points of the cards still standing, a wounded figure counting
/// for less, squashed by a logistic into a chance of winning.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeroScapeEval;

/// The tree-search bot for HeroScape with `budget` per decision, one thread.
pub fn mcts_player(budget: Budget) -> Arc<dyn BotPlayer> {
    Arc::new(MctsPlayer::<HeroScape, _>::with_config(
        mcts_config(budget, 1),
        HeroScapeEval,
    ))
}

/// How the HeroScape search bot searches: [`MctsConfig::guided`], each new leaf judged by
/// [`HeroScapeEval`] where it stands. Measured with `examples/heroscape_duel.rs` (300
/// iterations, mirror matches of Greywatch Company against greedy, 20 games): 7 won with 12
/// random actions before judging a leaf and the default widening, 13 with these settings.
pub fn mcts_config(budget: Budget, threads: usize) -> MctsConfig {
    MctsConfig::guided(budget, threads)
}

/// What a figure still standing is worth: its share of its card's points, less up to half
/// of that for wounds (a wounded hero still fights at full strength, but dies sooner).
fn worth(state: &State, f: &Figure) -> f64 {
    let card = state.card_of(f);
    let share = f64::from(card.points) / f64::from(card.figures.max(1));
    let life = f64::from(card.life.max(1));
    share * (1.0 - 0.5 * (f64::from(f.wounds) / life).min(1.0))
}

/// Each seat's points standing, seat by seat.
fn standing(state: &State, seats: usize) -> Vec<f64> {
    let mut points = vec![0.0; seats];
    for f in state.figures.iter().filter(|f| !f.destroyed) {
        if let Some(p) = points.get_mut(f.owner.index()) {
            *p += worth(state, f);
        }
    }
    points
}

impl Evaluator<HeroScape> for HeroScapeEval {
    fn value(&self, state: &State, seat: Seat) -> f64 {
        let seats: Vec<Seat> = state.seats().collect();
        let points = standing(state, seats.len());
        let total: f64 = points.iter().sum();
        if total <= 0.0 || seats.is_empty() {
            return 0.5;
        }
        let ours: f64 = seats
            .iter()
            .filter(|s| state.allies(**s, seat))
            .map(|s| points[s.index()])
            .sum();
        // An even table (every side holding the same share) is an even chance.
        let sides = seats
            .iter()
            .filter(|s| !seats.iter().any(|o| o < *s && state.allies(*o, **s)))
            .count()
            .max(1);
        let lead = ours / total - 1.0 / sides as f64;
        1.0 / (1.0 + (-SHARPNESS * lead).exp())
    }

    fn prior(&self, state: &State, seat: Seat, actions: &[Action]) -> Vec<f64> {
        // The greedy bot's scores turned into weights: its choice weighs 1 and an action a
        // point worse e^-(1/T) of that, so widening looks at the actions in greedy's order and
        // the search starts from greedy's opinion.
        let scores: Vec<f64> = actions
            .iter()
            .map(|a| super::bots::score(state, seat, a))
            .collect();
        let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        scores
            .iter()
            .map(|s| ((s - best) / PRIOR_TEMPERATURE).exp().max(PRIOR_FLOOR))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Scenario;
    use crate::present::HeroScapePresentation;
    use skirmish_engine::Game;
    use skirmish_platform::Presentation;

    /// The default game: two pre-built armies on the default battlefield.
    pub(crate) fn game(seed: u64) -> Game<HeroScape> {
        let present = HeroScapePresentation::default();
        let setup = present
            .setup(&serde_json::Map::new(), skirmish_lang::Lang::En)
            .unwrap();
        let scenario: Scenario = serde_json::from_value(setup.scenario).unwrap();
        Game::new(scenario, seed).unwrap()
    }

    #[test]
    fn values_are_chances_and_favour_the_side_with_more_standing() {
        let mut g = game(7);
        let before = HeroScapeEval.value(g.state(), Seat(0));
        assert!((0.0..=1.0).contains(&before));
        assert!((before - 0.5).abs() < 0.2, "{before}");
        // Take a figure of seat 1 off the table: seat 0 is ahead.
        let mut state = g.state().clone();
        let gone = state
            .figures
            .iter()
            .position(|f| f.owner == Seat(1))
            .expect("seat 1 has figures");
        state.figures[gone].destroyed = true;
        state.figures[gone].hex = None;
        let ahead = HeroScapeEval.value(&state, Seat(0));
        let behind = HeroScapeEval.value(&state, Seat(1));
        assert!(
            ahead > before && behind < before,
            "{ahead} {before} {behind}"
        );
        assert!((ahead + behind - 1.0).abs() < 1e-9);
        // Priors: one non-negative weight per action, at every decision of a few turns.
        let mut bot = skirmish_bots::RandomBot::new(3);
        for _ in 0..200 {
            let Some(&seat) = g.pending_seats().first() else {
                break;
            };
            let legal = g.legal_actions(seat);
            let prior = HeroScapeEval.prior(g.state(), seat, &legal);
            assert_eq!(prior.len(), legal.len());
            assert!(prior.iter().all(|w| *w > 0.0 && *w <= 1.0 && w.is_finite()));
            // The greedy bot's favourite weighs most.
            let scores: Vec<f64> = legal
                .iter()
                .map(|a| crate::present::bots::score(g.state(), seat, a))
                .collect();
            let heaviest = (0..legal.len())
                .max_by(|a, b| prior[*a].total_cmp(&prior[*b]))
                .unwrap();
            let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            assert!(
                (scores[heaviest] - best).abs() < 1e-9,
                "{:?}",
                legal[heaviest]
            );
            let action = skirmish_bots::Bot::<HeroScape>::pick(&mut bot, &g, seat).unwrap();
            g.act_legal(seat, action).unwrap();
        }
    }
}

#[cfg(test)]
mod player_tests {
    use super::tests::game;
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn the_mcts_player_answers_a_legal_action_within_its_budget() {
        let mut g = game(11);
        let player = mcts_player(Budget::Time(Duration::from_millis(100)));
        assert_eq!(player.name(), "mcts:100ms");
        let mut bot = skirmish_bots::RandomBot::new(5);
        // Past placement, into the first turns: ask the bot at several decisions.
        let mut asked = 0;
        for step in 0..120u64 {
            let Some(&seat) = g.pending_seats().first() else {
                break;
            };
            if step % 15 == 0 {
                let copy = skirmish_engine::AnyGame::blinded(&g, seat, step);
                let start = Instant::now();
                let answer = player.choose(copy.as_ref(), seat, step).unwrap();
                // A generous margin over the budget: CI machines are shared and slow.
                assert!(
                    start.elapsed() < Duration::from_millis(600),
                    "{:?}",
                    start.elapsed()
                );
                let legal = skirmish_engine::AnyGame::legal_actions_json(&g, seat).unwrap();
                assert!(legal.contains(&answer), "{answer}");
                asked += 1;
            }
            let action = skirmish_bots::Bot::<HeroScape>::pick(&mut bot, &g, seat).unwrap();
            g.act_legal(seat, action).unwrap();
        }
        assert!(asked >= 4);
    }
}
