//! Bots under a watchdog: [`Timed`] clocks every decision a bot makes, and [`watched`] runs a
//! game on a thread of its own and gives up on it, naming it, when it stops making progress.
//!
//! A bot that freezes the table is the worst a bot can do (MegaMek's freezes in bot-against-bot
//! games are what players remember of it), so the bot tests of every ruleset play their games
//! under this watchdog, and a time-budgeted bot's slowest decision is measured against its
//! budget ([`Clock::worst_over`]).

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use skirmish_engine::search::InfoSet;
use skirmish_engine::Ruleset;

use crate::Bot;

/// What a [`Timed`] bot measured: its decisions, the slowest, the time in all.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Clock {
    /// Decisions made.
    pub decisions: u64,
    /// The slowest decision.
    pub slowest: Duration,
    /// All decisions together.
    pub total: Duration,
}

impl Clock {
    /// How far the slowest decision went past `budget`, as a share of it (0.1: 10 % over);
    /// 0 if it stayed within.
    pub fn worst_over(&self, budget: Duration) -> f64 {
        if budget.is_zero() {
            return 0.0;
        }
        (self.slowest.as_secs_f64() / budget.as_secs_f64() - 1.0).max(0.0)
    }

    /// Adds another clock's decisions.
    pub fn merge(&mut self, other: &Clock) {
        self.decisions += other.decisions;
        self.slowest = self.slowest.max(other.slowest);
        self.total += other.total;
    }
}

/// A bot whose every decision is clocked into a shared [`Clock`].
pub struct Timed<B> {
    bot: B,
    clock: Arc<Mutex<Clock>>,
}

impl<B> Timed<B> {
    /// `bot`, clocked into `clock` (which several bots may share).
    pub fn new(bot: B, clock: Arc<Mutex<Clock>>) -> Timed<B> {
        Timed { bot, clock }
    }
}

impl<R: Ruleset, B: Bot<R>> Bot<R> for Timed<B> {
    fn name(&self) -> &str {
        self.bot.name()
    }

    fn choose(&mut self, info: &InfoSet<'_, R>, legal: &[R::Action]) -> usize {
        let start = Instant::now();
        let index = self.bot.choose(info, legal);
        let took = start.elapsed();
        // A poisoned clock only means another game panicked: that test fails on its own.
        if let Ok(mut clock) = self.clock.lock() {
            clock.decisions += 1;
            clock.slowest = clock.slowest.max(took);
            clock.total += took;
        }
        index
    }
}

/// Runs `play` on a thread of its own and waits at most `limit` for it.
///
/// # Errors
/// If `play` has not returned within `limit`, a message naming `what` (the thread is left to
/// finish or hang on its own: a stuck bot cannot be stopped from outside, only reported). If
/// `play` panicked, its message.
pub fn watched<T: Send + 'static>(
    what: &str,
    limit: Duration,
    play: impl FnOnce() -> T + Send + 'static,
) -> Result<T, String> {
    let (tx, rx) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .name(format!("watched {what}"))
        .spawn(move || {
            // The receiver is gone only if the watchdog already gave up.
            let _ = tx.send(play());
        })
        .map_err(|e| format!("{what}: cannot start a thread: {e}"))?;
    match rx.recv_timeout(limit) {
        Ok(value) => {
            let _ = worker.join();
            Ok(value)
        }
        Err(mpsc::RecvTimeoutError::Timeout) => Err(format!(
            "{what} made no progress for {limit:?}: a bot or the engine hangs"
        )),
        Err(mpsc::RecvTimeoutError::Disconnected) => match worker.join() {
            Err(panic) => Err(format!(
                "{what} panicked: {}",
                panic
                    .downcast_ref::<String>()
                    .map(String::as_str)
                    .or_else(|| panic.downcast_ref::<&str>().copied())
                    .unwrap_or("(no message)")
            )),
            Ok(()) => Err(format!("{what} ended without a result")),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{play_game, RandomBot};
    use skirmish_engine::fixtures::{LuckyPig, PigScenario};
    use skirmish_engine::Game;

    #[test]
    fn a_timed_bot_counts_its_decisions() {
        let clock = Arc::new(Mutex::new(Clock::default()));
        let mut game = Game::<LuckyPig>::new(PigScenario::default(), 3).unwrap();
        let mut bots: Vec<Timed<RandomBot>> = (0..3)
            .map(|i| Timed::new(RandomBot::new(i), Arc::clone(&clock)))
            .collect();
        play_game(&mut game, &mut bots, 10_000, |_, _| Ok(())).unwrap();
        let clock = clock.lock().unwrap().clone();
        assert_eq!(clock.decisions, game.steps().len() as u64);
        assert!(clock.slowest <= clock.total);
    }

    #[test]
    fn the_watchdog_names_a_game_that_hangs_and_passes_one_that_ends() {
        assert_eq!(watched("quick", Duration::from_secs(5), || 7), Ok(7));
        let err = watched("game 12", Duration::from_millis(50), || {
            std::thread::sleep(Duration::from_millis(400));
        })
        .unwrap_err();
        assert!(err.contains("game 12") && err.contains("hangs"), "{err}");
        let err = watched("game 13", Duration::from_secs(5), || -> u8 {
            panic!("the bot chose nothing")
        })
        .unwrap_err();
        assert!(err.contains("the bot chose nothing"), "{err}");
    }

    #[test]
    fn overruns_are_shares_of_the_budget() {
        let clock = Clock {
            decisions: 1,
            slowest: Duration::from_millis(110),
            total: Duration::from_millis(110),
        };
        assert!((clock.worst_over(Duration::from_millis(100)) - 0.1).abs() < 1e-9);
        assert_eq!(clock.worst_over(Duration::from_millis(200)), 0.0);
    }
}
