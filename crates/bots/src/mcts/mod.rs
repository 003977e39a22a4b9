//! Monte Carlo tree search for any ruleset: [`Mcts`].
//!
//! Information-set MCTS with chance sampled, as in single-observer ISMCTS: every iteration
//! deals a state consistent with what the bot's seat knows ([`InfoSet::determinize`]), walks
//! an open-loop tree of actions (children per action, whatever the dice rolled), playing them
//! with the bot's own dice, evaluates the new leaf by a short random playout and the
//! ruleset's [`Evaluator`] (or, without playouts, by the evaluator's judgement of the leaf
//! with the legal actions of the seat to act there, [`Evaluator::judge_leaf`]), and backs the
//! result up with one reward per seat, so two to four seats and simultaneous choices need
//! nothing special (a seat's secret actions share one child, so the seats answering them
//! cannot tell them apart). Progressive widening keeps huge action lists searchable: a node
//! that was visited `n` times considers only its first `ceil(C·(n+1)^α)` actions in the
//! evaluator's prior order.
//!
//! Budgets are iterations (reproducible bit for bit) or wall time ([`Budget`]); the search
//! runs on `threads` independent trees (root parallelism) merged by summing root visits.
//!
//! ```
//! use skirmish_bots::mcts::{Budget, Mcts, MctsConfig};
//! use skirmish_bots::{play_game, Bot, OutcomeOnly, RandomBot};
//! use skirmish_engine::fixtures::{LuckyPig, PigScenario};
//! use skirmish_engine::Game;
//!
//! let config = MctsConfig {
//!     budget: Budget::Iterations(50),
//!     threads: 1,
//!     ..MctsConfig::default()
//! };
//! let mut bots: Vec<Box<dyn Bot<LuckyPig> + Send>> = vec![
//!     Box::new(Mcts::new(1, config, OutcomeOnly)),
//!     Box::new(RandomBot::new(2)),
//! ];
//! let scenario = PigScenario { seats: 2, ..PigScenario::default() };
//! let mut game = Game::<LuckyPig>::new(scenario, 7).unwrap();
//! play_game(&mut game, &mut bots, 10_000, |_, _| Ok(())).unwrap();
//! assert!(game.is_over());
//! ```

mod budget;
mod tree;

use std::marker::PhantomData;
use std::sync::{mpsc, OnceLock};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use skirmish_engine::search::InfoSet;
use skirmish_engine::Ruleset;

pub use budget::{Budget, StopReason};

use crate::eval::Evaluator;
use crate::Bot;
use budget::Pacer;
use tree::{Settings, Worker};

/// How many root actions [`SearchStats::top`] lists.
const TOP_ACTIONS: usize = 5;

/// Everything that shapes an [`Mcts`] bot's search.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations or wall time per decision.
    pub budget: Budget,
    /// Independent search trees, one per worker thread, merged at the root. At least 1.
    pub threads: usize,
    /// The UCT exploration constant `c` in `mean + c·sqrt(ln(available) / visits)`, for
    /// rewards in `[0, 1]`.
    pub exploration: f64,
    /// `C` in the widening `k(n) = ceil(C·(n+1)^α)`.
    pub widening_scale: f64,
    /// `α` in the widening `k(n) = ceil(C·(n+1)^α)`: 0 keeps `ceil(C)` actions forever, 1
    /// adds about `C` actions per visit.
    pub widening_exponent: f64,
    /// Weight of the progressive bias `w·prior / (visits + 1)` added to an action's score,
    /// which fades as the action gathers visits of its own.
    pub prior_weight: f64,
    /// Random actions played from a new leaf before asking the evaluator (0: evaluate the leaf
    /// itself). Long enough to reach the end of the game for [`OutcomeOnly`](crate::OutcomeOnly).
    pub rollout_depth: usize,
    /// Whether the secret actions of a seat at a node (those
    /// [`Ruleset::action_view`] hides from spectators: a simultaneous pick, an order marker)
    /// share one child, so that the seats answering next cannot tell them apart, as at the
    /// table. Off, the tree lets them answer each secret as if they had seen it, and the
    /// searching seat plays as if its secrets were always found out.
    pub merge_secret_actions: bool,
}

impl MctsConfig {
    /// The settings for a search led by a ruleset's evaluator, as HeroClix and HeroScape ship
    /// it: `budget` per decision on `threads` trees, each new leaf judged where it stands (no
    /// random playout, which says little and costs a legal listing per step) and narrow
    /// widening, `k(n) = ceil((n+1)^0.3)` (7 actions after 500 visits), in the prior's order.
    /// With values a few hundredths apart, a few hundred iterations spread over more actions
    /// learn too little about each (the rulesets' `examples/*duel.rs`; README, *Bot ladder*).
    pub fn guided(budget: Budget, threads: usize) -> MctsConfig {
        MctsConfig {
            budget,
            threads,
            rollout_depth: 0,
            widening_scale: 1.0,
            widening_exponent: 0.3,
            ..MctsConfig::default()
        }
    }
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            budget: Budget::Time(Duration::from_millis(100)),
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            exploration: 0.7,
            widening_scale: 2.0,
            widening_exponent: 0.5,
            prior_weight: 1.0,
            rollout_depth: 400,
            merge_secret_actions: true,
        }
    }
}

/// What a root action got, summed over the workers.
#[derive(Clone, Debug, PartialEq)]
pub struct ActionStat {
    /// Its index in the legal actions the bot was given.
    pub index: usize,
    /// Iterations that went through it.
    pub visits: u64,
    /// Its mean reward for the bot's seat: the estimated chance of winning after it.
    pub value: f64,
}

/// What the last search did, for logs and benchmarks.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchStats {
    /// The index chosen.
    pub chosen: usize,
    /// Iterations run, over all workers.
    pub iterations: u64,
    /// Wall time from being asked to answering.
    pub elapsed: Duration,
    /// Why the search stopped.
    pub stop: StopReason,
    /// Workers that searched.
    pub threads: usize,
    /// Tree nodes, over all workers.
    pub nodes: u64,
    /// Listed actions the ruleset then refused (ruleset bugs; 0 for a sound ruleset).
    pub refused: u64,
    /// The most visited root actions, most visited first (at most five).
    pub top: Vec<ActionStat>,
}

impl SearchStats {
    /// Iterations per second of wall time.
    pub fn iterations_per_second(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.iterations as f64 / secs
        } else {
            0.0
        }
    }
}

impl std::fmt::Display for SearchStats {
    /// One line for logs: `action 3 chosen after 5526 iterations in 49.1 ms (112478/s,
    /// 2 threads, stopped by the clock); visits: #3 2100 (0.62) #0 1500 (0.55) ...`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let stop = match self.stop {
            StopReason::Iterations => "its iterations",
            StopReason::Clock => "the clock",
            StopReason::SingleAction => "a single legal action",
        };
        write!(
            f,
            "action {} chosen after {} iterations in {:.1} ms ({:.0}/s, {} thread{}, stopped by {stop})",
            self.chosen,
            self.iterations,
            self.elapsed.as_secs_f64() * 1000.0,
            self.iterations_per_second(),
            self.threads,
            if self.threads == 1 { "" } else { "s" },
        )?;
        if !self.top.is_empty() {
            f.write_str("; visits:")?;
            for a in &self.top {
                write!(f, " #{} {} ({:.2})", a.index, a.visits, a.value)?;
            }
        }
        if self.refused > 0 {
            write!(f, "; {} listed actions refused by the rules", self.refused)?;
        }
        Ok(())
    }
}

/// An information-set MCTS bot for any ruleset, judging positions with an [`Evaluator`].
pub struct Mcts<R: Ruleset, E> {
    config: MctsConfig,
    evaluator: E,
    seed: u64,
    /// Decisions made so far: each gets its own seeds, fixed by the bot's seed and this count.
    decisions: u64,
    name: String,
    /// Worker threads, when more than one is asked for and they could be started.
    pool: Option<rayon::ThreadPool>,
    last: Option<SearchStats>,
    /// The longest a worker went without reading the clock in recent searches: on a loaded
    /// machine, a time slice lost to another process. Later searches keep that much time in
    /// hand, halving it with each search that sees no such stall.
    stall: Duration,
    rules: PhantomData<fn() -> R>,
}

impl<R: Ruleset, E> std::fmt::Debug for Mcts<R, E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mcts")
            .field("config", &self.config)
            .field("seed", &self.seed)
            .field("decisions", &self.decisions)
            .finish_non_exhaustive()
    }
}

impl<R: Ruleset, E: Evaluator<R>> Mcts<R, E> {
    /// A bot whose choices are fixed by `seed` (for an iteration budget).
    ///
    /// With more than one thread it starts its own thread pool now, so that a time budget is
    /// not shared with other work queued on rayon's global pool.
    pub fn new(seed: u64, config: MctsConfig, evaluator: E) -> Self {
        let mut config = config;
        config.threads = config.threads.max(1);
        let pool = (config.threads > 1)
            .then(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(config.threads)
                    .thread_name(|i| format!("mcts-{i}"))
                    .build()
                    .ok()
            })
            .flatten();
        Mcts {
            name: format!("mcts:{}", config.budget),
            config,
            evaluator,
            seed,
            decisions: 0,
            pool,
            last: None,
            stall: Duration::ZERO,
            rules: PhantomData,
        }
    }

    /// The configuration it searches with.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Its evaluator.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// What the last [`Bot::choose`] did, if it chose anything yet.
    pub fn last_stats(&self) -> Option<&SearchStats> {
        self.last.as_ref()
    }

    /// The bot, expecting the machine to stall its threads for as long as `stall` (a time
    /// slice lost to another process): a time-budgeted search keeps that much in hand. For a
    /// caller that makes a bot per decision, handing on what the last one saw
    /// ([`Mcts::expected_stall`]).
    pub fn with_expected_stall(mut self, stall: Duration) -> Self {
        self.stall = stall;
        self
    }

    /// The longest stall the bot saw in its recent searches (halved with each search that
    /// saw none), which its next search keeps in hand.
    pub fn expected_stall(&self) -> Duration {
        self.stall
    }
}

impl<R, E> Mcts<R, E>
where
    R: Ruleset,
    R::State: Sync,
    R::Action: Sync,
    E: Evaluator<R>,
{
    /// Searches the decision of `info`'s seat among `legal` and returns the chosen index with
    /// the search's statistics (also kept for [`Mcts::last_stats`]).
    pub fn search(&mut self, info: &InfoSet<'_, R>, legal: &[R::Action]) -> (usize, SearchStats) {
        let start = Instant::now();
        let decision_seed = mix(self.seed, self.decisions);
        self.decisions += 1;
        if legal.len() <= 1 {
            let stats = SearchStats {
                chosen: 0,
                iterations: 0,
                elapsed: start.elapsed(),
                stop: StopReason::SingleAction,
                threads: 0,
                nodes: 0,
                refused: 0,
                top: Vec::new(),
            };
            self.last = Some(stats.clone());
            return (0, stats);
        }
        let workers = if self.pool.is_some() {
            self.config.threads
        } else {
            1
        };
        let settings = Settings {
            exploration: self.config.exploration,
            widening_scale: self.config.widening_scale,
            widening_exponent: self.config.widening_exponent,
            prior_weight: self.config.prior_weight,
            rollout_depth: self.config.rollout_depth,
            merge_secret_actions: self.config.merge_secret_actions,
        };
        let budget = self.config.budget;
        let evaluator = &self.evaluator;
        let stall = self.stall;
        let run = |index: usize| {
            let mut pacer = Pacer::new(budget, start, workers, index, stall);
            let mut worker =
                Worker::<R, E>::new(settings, evaluator, mix(decision_seed, index as u64));
            while pacer.go_on() {
                worker.iterate(info, legal);
                pacer.done_one();
            }
            let finished = Finished {
                root: worker.root(),
                iterations: pacer.done(),
                clock: pacer.stopped_by_clock(),
                worst_gap: pacer.worst_gap(),
                nodes: worker.nodes() as u64,
                refused: worker.refused,
            };
            free_later(worker.into_tree());
            finished
        };
        let finished: Vec<Finished> = match &self.pool {
            Some(pool) => pool.install(|| (0..workers).into_par_iter().map(run).collect()),
            None => (0..workers).map(run).collect(),
        };
        let seen = finished.iter().map(|w| w.worst_gap).max();
        self.stall = seen.unwrap_or_default().max(self.stall / 2);
        let stats = merge(&finished, legal.len(), workers, start);
        self.last = Some(stats.clone());
        (stats.chosen, stats)
    }
}

/// Frees `tree` on a thread of its own. A tree of a few thousand nodes, each holding the
/// legal actions it listed, takes milliseconds to free (8 to 10 ms seen after 5,000-iteration
/// searches in quick end-game positions): on the search's clock that pushed a `mcts:100ms`
/// decision to 119 ms in a 200-game ladder. Freed here, it costs the player no waiting. If the
/// thread cannot be started, the tree is freed where it is.
fn free_later<T: Send + 'static>(tree: T) {
    static FREEING: OnceLock<Option<mpsc::Sender<Box<dyn Send>>>> = OnceLock::new();
    let sender = FREEING.get_or_init(|| {
        let (sender, receiver) = mpsc::channel::<Box<dyn Send>>();
        std::thread::Builder::new()
            .name("mcts-free".into())
            .spawn(move || receiver.into_iter().for_each(drop))
            .ok()?;
        Some(sender)
    });
    match sender {
        // A send fails only if the thread is gone: the tree comes back and is freed here.
        Some(sender) => drop(sender.send(Box::new(tree))),
        None => drop(tree),
    }
}

/// What one worker hands back.
struct Finished {
    root: Vec<tree::RootEdge>,
    iterations: u64,
    clock: bool,
    worst_gap: Duration,
    nodes: u64,
    refused: u64,
}

/// Sums the workers' root statistics per action (in worker order, so floating-point sums are
/// the same on every run) and picks the most visited action; ties go to the higher value, then
/// to the lower index.
fn merge(finished: &[Finished], actions: usize, workers: usize, start: Instant) -> SearchStats {
    let mut visits = vec![0u64; actions];
    let mut values = vec![0.0f64; actions];
    for worker in finished {
        for edge in &worker.root {
            if let (Some(v), Some(s)) = (visits.get_mut(edge.index), values.get_mut(edge.index)) {
                *v += u64::from(edge.visits);
                *s += edge.value;
            }
        }
    }
    let mut ranked: Vec<ActionStat> = (0..actions)
        .map(|index| ActionStat {
            index,
            visits: visits[index],
            value: if visits[index] > 0 {
                values[index] / visits[index] as f64
            } else {
                0.0
            },
        })
        .collect();
    ranked.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.value.total_cmp(&a.value))
            .then(a.index.cmp(&b.index))
    });
    ranked.truncate(TOP_ACTIONS);
    SearchStats {
        chosen: ranked.first().map_or(0, |a| a.index),
        iterations: finished.iter().map(|w| w.iterations).sum(),
        elapsed: start.elapsed(),
        stop: if finished.iter().any(|w| w.clock) {
            StopReason::Clock
        } else {
            StopReason::Iterations
        },
        threads: workers,
        nodes: finished.iter().map(|w| w.nodes).sum(),
        refused: finished.iter().map(|w| w.refused).sum(),
        top: ranked,
    }
}

impl<R, E> Bot<R> for Mcts<R, E>
where
    R: Ruleset,
    R::State: Sync,
    R::Action: Sync,
    E: Evaluator<R>,
{
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, info: &InfoSet<'_, R>, legal: &[R::Action]) -> usize {
        self.search(info, legal).0
    }
}

/// SplitMix64 of `a` and `b`: a seed for a decision from the bot's seed and the decision's
/// number, and for a worker from the decision's seed and the worker's index, so that no two
/// streams overlap.
pub(crate) fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tells on a channel which thread dropped it.
    struct Tell(mpsc::Sender<std::thread::ThreadId>);

    impl Drop for Tell {
        fn drop(&mut self) {
            let _ = self.0.send(std::thread::current().id());
        }
    }

    #[test]
    fn a_tree_is_freed_on_another_thread() {
        let (sender, receiver) = mpsc::channel();
        free_later(Tell(sender));
        let by = receiver
            .recv_timeout(Duration::from_secs(10))
            .expect("the tree was freed");
        assert_ne!(by, std::thread::current().id());
    }
}
