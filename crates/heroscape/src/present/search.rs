//! What HeroScape tells tree search ([`skirmish_bots::Mcts`]): [`HeroScapeEval`] judges a
//! position by the points still standing, plus the attacks the turn in progress has left,
//! and orders actions by the greedy bot's scores, so that widening tries greedy's favourites
//! first.

use std::sync::Arc;

use skirmish_board::hex::Hex;
use skirmish_bots::{share_chance, Budget, Evaluator, LeafJudgement, MctsConfig};
use skirmish_engine::Seat;
use skirmish_platform::{BotPlayer, MctsPlayer};

use crate::game::{glyphs, Action, Figure, HeroScape, Stage, State};

/// How sharply a lead in points turns into a likely win: a side holding 60 % of the points
/// standing wins about 77 % of the time under this logistic (`1 / (1 + e^(-12·0.1))`).
const SHARPNESS: f64 = 12.0;

/// Points of the greedy bot's score between two actions that make one e times likelier in
/// the prior.
const PRIOR_TEMPERATURE: f64 = 1.0;

/// The least prior weight: every legal action stays reachable by widening.
const PRIOR_FLOOR: f64 = 1e-4;

/// The HeroScape evaluator: points of the cards still standing, a wounded figure counting
/// for less, squashed by a logistic into a chance of winning. A new leaf in the middle of a
/// turn also counts what the unit whose turn it is can still take off its opponents by its
/// attacks ([`HeroScapeEval::leaf_gain`] of it): its attacks listed, or, while it moves, the
/// best target within range of where each figure stands or may go. A turn moves all its
/// figures before any attacks, so without it the search sees a move's worth only at the
/// leaves past the unit's last move, which a few hundred iterations seldom reach.
///
/// Judging a leaf lists its mover's actions (the node keeps them for its first visit), which
/// costs most while a unit has figures left to move (each one's reachable spaces).
#[derive(Clone, Copy, Debug)]
pub struct HeroScapeEval {
    /// The share of the turn's expected attacks a new leaf adds to the side whose turn it is
    /// (0: leaves are judged by the points alone, without listing the mover's actions).
    pub leaf_gain: f64,
    /// What an attack still to be moved into counts for against one listed: moving in, the
    /// line of sight and the heights are not checked.
    pub reach_gain: f64,
}

impl Default for HeroScapeEval {
    fn default() -> Self {
        HeroScapeEval {
            leaf_gain: 1.0,
            reach_gain: 0.6,
        }
    }
}

/// The tree-search bot for HeroScape with `budget` per decision, one thread.
pub fn mcts_player(budget: Budget) -> Arc<dyn BotPlayer> {
    Arc::new(MctsPlayer::<HeroScape, _>::with_config(
        mcts_config(budget, 1),
        HeroScapeEval::default(),
    ))
}

/// How the HeroScape search bot searches: [`MctsConfig::guided`], each new leaf judged by
/// [`HeroScapeEval`] where it stands and by the attacks its turn has left. Measured with
/// `examples/heroscape_duel.rs` (300 iterations, mirror matches of Greywatch Company against
/// greedy): over 20 games, 7 won with 12 random actions before judging a leaf and the default
/// widening, 13 with these settings judging positions alone; over 120 games on the same dice,
/// 75 won (1 drawn) judging positions alone, 88 (1 drawn) judging leaves with the turn's
/// attacks (`reach_gain` 1.0: 85, 0.3: 82).
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

/// `seat`'s chance of winning when the seats hold `points` ([`share_chance`]).
fn chance(state: &State, points: &[f64], seat: Seat) -> f64 {
    let seat_at = |i: usize| Seat(u8::try_from(i).unwrap_or(u8::MAX));
    share_chance(
        points,
        seat.index(),
        |a, b| state.allies(seat_at(a), seat_at(b)),
        SHARPNESS,
    )
}

/// The greedy bot's scores turned into weights: its choice weighs 1 and an action a point
/// worse e^-(1/T) of that, so widening looks at the actions in greedy's order and the search
/// starts from greedy's opinion.
fn weights(state: &State, seat: Seat, actions: &[Action]) -> Vec<f64> {
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

/// Hexes between two figures' bases, the nearer of their spaces.
fn gap(a: impl Iterator<Item = Hex>, b: &Figure) -> u32 {
    a.flat_map(|h| b.hexes().map(move |t| h.distance(t)))
        .min()
        .unwrap_or(u32::MAX)
}

impl HeroScapeEval {
    /// The points the unit whose turn it is (`mover`'s) is expected to take off its opponents
    /// by the attacks it has left this turn: each figure's best target, an attack listed in
    /// `actions` at the attack step, or while the unit moves, a target within range of where
    /// the figure stands or of a move listed for it ([`HeroScapeEval::reach_gain`] of it). A
    /// target's loss is its worth times the share of its life left the attacks are expected to
    /// take, at most all of it.
    fn attack_gain(&self, state: &State, mover: Seat, actions: &[Action]) -> f64 {
        let Some(turn) = state.turn().filter(|t| t.seat == mover) else {
            return 0.0;
        };
        let foes: Vec<&Figure> = state
            .figures
            .iter()
            .filter(|e| e.on_field() && !state.allies(e.owner, mover))
            .collect();
        // The share of each foe's life left the turn's attacks take, by foe.
        let mut taken = vec![0.0f64; foes.len()];
        for f in state.unit_alive(turn.unit) {
            if !f.on_field() || turn.attacked.contains(&f.id) {
                continue;
            }
            let share = |e: &Figure| {
                let left = f64::from(state.card_of(e).life.saturating_sub(e.wounds).max(1));
                (super::bots::expected_wounds(state, f.id, e.id) / left).min(1.0)
            };
            let best = match turn.stage {
                Stage::Attack => actions
                    .iter()
                    .filter_map(|a| match a {
                        Action::Attack { figure, target } if *figure == f.id => {
                            foes.iter().position(|e| e.id == *target)
                        }
                        _ => None,
                    })
                    .map(|k| (k, share(foes[k])))
                    .max_by(|a, b| a.1.total_cmp(&b.1)),
                Stage::Move => {
                    let range = u32::from(glyphs::range_of(state, f)).max(1);
                    let moves = !turn.moved.contains(&f.id);
                    // Where the figure may stand to attack: where it is, and where its listed
                    // moves end.
                    let places: Vec<(Hex, Option<Hex>)> = std::iter::once((f.hex, f.tail))
                        .filter_map(|(h, t)| h.map(|h| (h, t)))
                        .chain(actions.iter().filter(|_| moves).filter_map(|a| match a {
                            Action::Move {
                                figure, to, tail, ..
                            }
                            | Action::PowerMove {
                                figure, to, tail, ..
                            } if *figure == f.id => Some((*to, *tail)),
                            _ => None,
                        }))
                        .collect();
                    foes.iter()
                        .enumerate()
                        .filter(|(_, e)| {
                            places
                                .iter()
                                .any(|(h, t)| gap(std::iter::once(*h).chain(*t), e) <= range)
                        })
                        .map(|(k, e)| (k, self.reach_gain * share(e)))
                        .max_by(|a, b| a.1.total_cmp(&b.1))
                }
            };
            if let Some((k, s)) = best {
                taken[k] += s;
            }
        }
        foes.iter()
            .zip(&taken)
            .map(|(e, t)| worth(state, e) * t.min(1.0))
            .sum()
    }
}

impl Evaluator<HeroScape> for HeroScapeEval {
    fn value(&self, state: &State, seat: Seat) -> f64 {
        let points = standing(state, state.seats().count());
        chance(state, &points, seat)
    }

    fn prior(&self, state: &State, seat: Seat, actions: &[Action]) -> Vec<f64> {
        weights(state, seat, actions)
    }

    fn judges_leaves(&self) -> bool {
        self.leaf_gain > 0.0
    }

    fn judge_leaf(&self, state: &State, mover: Seat, actions: &[Action]) -> Option<LeafJudgement> {
        let seats: Vec<Seat> = state.seats().collect();
        let mut points = standing(state, seats.len());
        if let Some(p) = points.get_mut(mover.index()) {
            *p += self.leaf_gain * self.attack_gain(state, mover, actions);
        }
        Some(LeafJudgement {
            values: seats.iter().map(|s| chance(state, &points, *s)).collect(),
            prior: weights(state, mover, actions),
        })
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
        let before = HeroScapeEval::default().value(g.state(), Seat(0));
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
        let ahead = HeroScapeEval::default().value(&state, Seat(0));
        let behind = HeroScapeEval::default().value(&state, Seat(1));
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
            let prior = HeroScapeEval::default().prior(g.state(), seat, &legal);
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
mod leaf_tests {
    use super::tests::game;
    use super::*;

    #[test]
    fn a_judged_leaf_counts_the_attacks_the_turn_has_left() {
        let eval = HeroScapeEval::default();
        assert!(eval.judges_leaves());
        let mut g = game(5);
        let mut bot = skirmish_bots::RandomBot::new(9);
        let (mut quiet, mut attacks, mut reached) = (0, 0, 0);
        for _ in 0..3000 {
            let Some(&mover) = g.pending_seats().first() else {
                break;
            };
            let legal = g.legal_actions(mover);
            let state = g.state();
            let judged = eval.judge_leaf(state, mover, &legal).expect("judged");
            assert_eq!(judged.prior, eval.prior(state, mover, &legal));
            assert_eq!(judged.values.len(), 2);
            assert!((judged.values[0] + judged.values[1] - 1.0).abs() < 1e-9);
            let plain = eval.value(state, mover);
            let gain = eval.attack_gain(state, mover, &legal);
            let listed = legal.iter().any(|a| matches!(a, Action::Attack { .. }));
            match state.turn().filter(|t| t.seat == mover) {
                // Outside a turn (markers, initiative, placement) nothing is counted.
                None => {
                    assert_eq!(gain, 0.0);
                    assert!((judged.values[mover.index()] - plain).abs() < 1e-12);
                    quiet += 1;
                }
                Some(turn) => {
                    // Never more than the opponents have standing.
                    let theirs: f64 = state
                        .figures
                        .iter()
                        .filter(|e| e.on_field() && e.owner != mover)
                        .map(|e| worth(state, e))
                        .sum();
                    assert!((0.0..=theirs + 1e-9).contains(&gain), "{gain} {theirs}");
                    if turn.stage == Stage::Attack && listed {
                        // An attack listed is an expected loss to its target.
                        assert!(gain > 0.0, "{legal:?}");
                        assert!(judged.values[mover.index()] > plain);
                        attacks += 1;
                    }
                    if turn.stage == Stage::Move && gain > 0.0 {
                        reached += 1;
                    }
                    if turn.stage == Stage::Attack && !listed {
                        assert_eq!(gain, 0.0, "nothing to attack: nothing gained");
                    }
                }
            }
            let action = skirmish_bots::Bot::<HeroScape>::pick(&mut bot, &g, mover).unwrap();
            g.act_legal(mover, action).unwrap();
        }
        assert!(
            quiet > 0 && attacks > 0 && reached > 0,
            "{quiet} {attacks} {reached}"
        );
        // Without a gain, nothing is listed at the leaves.
        assert!(!HeroScapeEval {
            leaf_gain: 0.0,
            ..HeroScapeEval::default()
        }
        .judges_leaves());
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
