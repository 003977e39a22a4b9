//! How long a search may run: a number of iterations (reproducible) or wall time (what players
//! are promised), and the pacer that keeps a worker inside its time.

use std::fmt;
use std::time::{Duration, Instant};

/// How much search one decision gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Budget {
    /// This many iterations in all (split across the worker threads): the same seed gives the
    /// same choice, bit for bit, whatever the machine's speed.
    Iterations(u64),
    /// This much wall time per decision, never exceeded by more than 10 %.
    Time(Duration),
}

impl fmt::Display for Budget {
    /// `500i`, `100ms`, `2s`: the form [`BotSpec`](crate::BotSpec) parses.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Iterations(n) => write!(f, "{n}i"),
            Budget::Time(d) if d.as_millis() % 1000 == 0 && !d.is_zero() => {
                write!(f, "{}s", d.as_secs())
            }
            Budget::Time(d) => write!(f, "{}ms", d.as_millis()),
        }
    }
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// It ran its iteration budget.
    Iterations,
    /// Its time was up (or would have been after one more iteration).
    Clock,
    /// There was only one legal action: nothing to search.
    SingleAction,
}

/// The share of a time budget kept back from searching, for joining the workers, merging
/// their trees and returning: the budget is a promise about the whole call.
const RESERVE: f64 = 0.04;

/// How often, at most, a worker looks at the clock, as a share of the budget: often enough
/// that the time between two looks cannot push the call past its 10 % margin.
const CHECK_SHARE: f64 = 0.01;

/// Most iterations between two looks at the clock, so that a sudden run of slow iterations
/// (a deep expansion, a long playout) is noticed quickly.
const MAX_STRIDE: u64 = 64;

/// Keeps one worker within its budget. With an iteration budget it counts; with a time budget
/// it looks at the clock every few iterations (fewer the slower they are) and stops early when
/// one more iteration, at the average cost seen so far, would pass the deadline, or when the
/// longest time seen between two looks would: on a loaded machine the thread loses the
/// processor for whole time slices (several milliseconds), and having seen one such stall it
/// leaves room for another.
#[derive(Debug)]
pub(crate) struct Pacer {
    quota: Option<u64>,
    deadline: Option<Instant>,
    /// How far apart clock checks may be.
    check_every: Duration,
    began: Instant,
    done: u64,
    next_check: u64,
    /// When the clock was last read.
    last_look: Instant,
    /// The longest time between two reads of the clock in this search.
    worst_gap: Duration,
    /// The longest stall the bot saw in recent searches.
    expected_stall: Duration,
    stopped_by_clock: bool,
}

impl Pacer {
    /// A pacer for one of `workers` workers (the `index`th) of a search that began at `start`,
    /// expecting stalls as long as `stall` (the longest the bot saw lately).
    pub(crate) fn new(
        budget: Budget,
        start: Instant,
        workers: usize,
        index: usize,
        stall: Duration,
    ) -> Pacer {
        let workers = workers.max(1) as u64;
        let index = index as u64;
        match budget {
            Budget::Iterations(n) => Pacer {
                // The remainder goes to the first workers, so the split is fixed by n alone.
                quota: Some(n / workers + u64::from(index < n % workers)),
                deadline: None,
                check_every: Duration::ZERO,
                began: start,
                done: 0,
                next_check: 0,
                last_look: start,
                worst_gap: Duration::ZERO,
                expected_stall: stall,
                stopped_by_clock: false,
            },
            Budget::Time(total) => Pacer {
                quota: None,
                deadline: Some(start + total.mul_f64(1.0 - RESERVE)),
                check_every: total.mul_f64(CHECK_SHARE),
                began: Instant::now(),
                done: 0,
                next_check: 0,
                last_look: Instant::now(),
                worst_gap: Duration::ZERO,
                expected_stall: stall,
                stopped_by_clock: false,
            },
        }
    }

    /// Whether to run one more iteration.
    pub(crate) fn go_on(&mut self) -> bool {
        if let Some(quota) = self.quota {
            return self.done < quota;
        }
        let Some(deadline) = self.deadline else {
            return false;
        };
        if self.done < self.next_check {
            return true;
        }
        let now = Instant::now();
        self.worst_gap = self.worst_gap.max(now - self.last_look);
        self.last_look = now;
        if now >= deadline {
            self.stopped_by_clock = true;
            return false;
        }
        let left = deadline - now;
        if self.done == 0 {
            // Nothing is known about an iteration's cost yet: run one and look again.
            self.next_check = 1;
            return true;
        }
        let per_iteration = (now - self.began) / u32::try_from(self.done).unwrap_or(u32::MAX);
        if per_iteration.max(self.worst_gap).max(self.expected_stall) >= left {
            self.stopped_by_clock = true;
            return false;
        }
        let window = self.check_every.min(left / 2);
        let stride = if per_iteration.is_zero() {
            MAX_STRIDE
        } else {
            (window.as_nanos() / per_iteration.as_nanos()).clamp(1, u128::from(MAX_STRIDE)) as u64
        };
        self.next_check = self.done + stride;
        true
    }

    /// Counts one finished iteration.
    pub(crate) fn done_one(&mut self) {
        self.done += 1;
    }

    /// Iterations run.
    pub(crate) fn done(&self) -> u64 {
        self.done
    }

    /// The longest time seen between two reads of the clock in this search.
    pub(crate) fn worst_gap(&self) -> Duration {
        self.worst_gap
    }

    /// Whether the clock, not the count, ended the search.
    pub(crate) fn stopped_by_clock(&self) -> bool {
        self.stopped_by_clock
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterations_split_exactly_across_workers() {
        let start = Instant::now();
        let quotas: Vec<u64> = (0..3)
            .map(|i| {
                let mut p = Pacer::new(Budget::Iterations(10), start, 3, i, Duration::ZERO);
                while p.go_on() {
                    p.done_one();
                }
                p.done()
            })
            .collect();
        assert_eq!(quotas, [4, 3, 3]);
    }

    #[test]
    fn a_time_budget_stops_before_its_deadline() {
        let budget = Duration::from_millis(20);
        let start = Instant::now();
        let mut p = Pacer::new(Budget::Time(budget), start, 1, 0, Duration::ZERO);
        while p.go_on() {
            std::thread::sleep(Duration::from_micros(300));
            p.done_one();
        }
        assert!(p.stopped_by_clock());
        assert!(p.done() > 5);
        // Sleeps overshoot on a loaded machine, so only a gross overrun fails here; the bot's
        // own promise is tested on real searches.
        assert!(
            start.elapsed() <= budget.mul_f64(1.5),
            "{:?}",
            start.elapsed()
        );
    }

    #[test]
    fn budgets_display_as_they_are_written() {
        assert_eq!(Budget::Iterations(500).to_string(), "500i");
        assert_eq!(
            Budget::Time(Duration::from_millis(100)).to_string(),
            "100ms"
        );
        assert_eq!(Budget::Time(Duration::from_secs(2)).to_string(), "2s");
        assert_eq!(
            Budget::Time(Duration::from_millis(1500)).to_string(),
            "1500ms"
        );
    }
}
