//! Two bots over many seeded two-seat games: [`duel`], the harness of the tuning examples
//! (`examples/mcts_duel.rs` in each ruleset crate).
//!
//! Seats are swapped every other game and two games in a row share a seed, so each bot plays
//! both seats on the same dice and neither gains from the first move or from a lucky seed.
//! With deterministic bots (iteration budgets) a duel is the same bit for bit from run to run,
//! so two settings are compared on the same games.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use skirmish_engine::{Game, Ruleset, Seat};

use crate::stats::{wilson, Tally};
use crate::{bot_seed, play_game, Bot, Budget, MctsConfig};

/// A bot for one seat of one game, made from the bot's seed ([`bot_seed`] of the game's).
pub type MakeBot<'a, R> = dyn Fn(u64) -> Box<dyn Bot<R> + Send> + Sync + 'a;

/// How one game of a duel ended, for progress lines.
#[derive(Clone, Debug, PartialEq)]
pub struct DuelGame {
    /// The game's number, from 0.
    pub number: u64,
    /// Its dice seed.
    pub seed: u64,
    /// The seat the first bot had.
    pub first_seat: Seat,
    /// The winners (none for a draw or a game cut off at the step limit).
    pub winners: Vec<Seat>,
}

/// Plays `games` two-seat games of `scenario` between `first` and `second` on `threads`
/// threads, game `g` on seed `1 + g / 2` with `first` in seat `g % 2`, cut off after
/// `max_steps` actions (a draw). Calls `done` after each game; the tally counts `first`'s
/// wins. A game that cannot be set up or is refused an action panics: it is a bug.
pub fn duel<R: Ruleset>(
    scenario: &R::Scenario,
    games: u64,
    threads: usize,
    max_steps: usize,
    first: &MakeBot<'_, R>,
    second: &MakeBot<'_, R>,
    done: impl Fn(&DuelGame) + Sync,
) -> Tally
where
    R::Scenario: Clone + Sync,
{
    let next = AtomicU64::new(0);
    let tally = Mutex::new(Tally::default());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let number = next.fetch_add(1, Ordering::Relaxed);
                if number >= games {
                    break;
                }
                let seed = 1 + number / 2;
                let first_seat = Seat((number % 2) as u8);
                let mut game = Game::<R>::new(scenario.clone(), seed).expect("the duel's set-up");
                let mut bots: Vec<Box<dyn Bot<R> + Send>> = (0..2u8)
                    .map(|i| {
                        let s = bot_seed(seed, Seat(i));
                        if Seat(i) == first_seat {
                            first(s)
                        } else {
                            second(s)
                        }
                    })
                    .collect();
                let ended = play_game(&mut game, &mut bots, max_steps, |_, _| Ok(()));
                if let Err(e) = ended {
                    // The step limit is a draw; anything else is a bug worth stopping for.
                    assert!(
                        matches!(e, crate::PlayError::TooLong(_)),
                        "game {number} (seed {seed}): {e:?}"
                    );
                }
                let winners = game.outcome().map(|o| o.winners).unwrap_or_default();
                {
                    let mut t = tally.lock().unwrap_or_else(|p| p.into_inner());
                    match winners.as_slice() {
                        [w] if *w == first_seat => t.wins += 1,
                        [_] => t.losses += 1,
                        _ => t.draws += 1,
                    }
                }
                done(&DuelGame {
                    number,
                    seed,
                    first_seat,
                    winners,
                });
            });
        }
    });
    tally.into_inner().unwrap_or_else(|p| p.into_inner())
}

/// Sets one knob of a tuning run's search from a `key=value` argument: `iterations`,
/// `rollout`, `exploration`, `widening` (`C`), `alpha` (`α`) or `bias`. False for a key it
/// does not know.
pub fn set_search_knob(config: &mut MctsConfig, key: &str, value: f64) -> bool {
    match key {
        "iterations" => config.budget = Budget::Iterations(value as u64),
        "rollout" => config.rollout_depth = value as usize,
        "exploration" => config.exploration = value,
        "widening" => config.widening_scale = value,
        "alpha" => config.widening_exponent = value,
        "bias" => config.prior_weight = value,
        _ => return false,
    }
    true
}

/// What a tuning duel's command line sets: how many games, on how many threads, and the
/// search's knobs ([`set_search_knob`]).
#[derive(Clone, Debug)]
pub struct DuelSettings {
    /// Games to play.
    pub games: u64,
    /// Threads to play them on.
    pub threads: usize,
    /// The search bot's settings.
    pub config: MctsConfig,
}

impl DuelSettings {
    /// Sets `key` from a `key=value` argument (`games`, `threads` or a search knob). False for
    /// a key it does not know; panics on a value that is not a number (a tuning tool's
    /// arguments).
    pub fn set(&mut self, key: &str, value: &str) -> bool {
        let number: f64 = value
            .parse()
            .unwrap_or_else(|_| panic!("{key}={value}: values are numbers"));
        match key {
            "games" => self.games = number as u64,
            "threads" => self.threads = number as usize,
            _ => return set_search_knob(&mut self.config, key, number),
        }
        true
    }

    /// Plays the duel of `search` against `greedy` on `scenario` with these settings, telling
    /// each game as it ends ([`report_game`]), and gives the search bot's [`summary`].
    pub fn run<R: Ruleset>(
        &self,
        scenario: &R::Scenario,
        search: &MakeBot<'_, R>,
        greedy: &MakeBot<'_, R>,
    ) -> String
    where
        R::Scenario: Clone + Sync,
    {
        let t = duel(
            scenario,
            self.games,
            self.threads,
            20_000,
            search,
            greedy,
            report_game,
        );
        summary(&t)
    }
}

/// Prints how a duel's game ended, as the tuning examples report each game.
pub fn report_game(g: &DuelGame) {
    eprintln!(
        "game {}: {:?} (search on {:?})",
        g.number, g.winners, g.first_seat
    );
}

/// `first`'s results in one line: `26 won, 0 drawn, 14 lost; score 65.0 % (95 %:
/// 49.5–77.9 %)`, a draw counting half.
pub fn summary(t: &Tally) -> String {
    let (lo, hi) = wilson(t.score(), f64::from(t.games()));
    format!(
        "{} won, {} drawn, {} lost; score {:.1} % (95 %: {:.1}–{:.1} %)",
        t.wins,
        t.draws,
        t.losses,
        100.0 * t.rate(),
        100.0 * lo,
        100.0 * hi
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RandomBot;
    use skirmish_engine::fixtures::{LuckyPig, PigScenario};

    #[test]
    fn a_duel_swaps_seats_shares_seeds_and_replays() {
        let scenario = PigScenario {
            seats: 2,
            ..PigScenario::default()
        };
        let random: &MakeBot<'_, LuckyPig> = &|s| Box::new(RandomBot::new(s));
        let seen = Mutex::new(Vec::new());
        let record = |g: &DuelGame| seen.lock().unwrap().push(g.clone());
        let a = duel(&scenario, 6, 2, 10_000, random, random, record);
        assert_eq!(a.games(), 6);
        let mut seen = seen.into_inner().unwrap();
        seen.sort_by_key(|g| g.number);
        let layout: Vec<(u64, Seat)> = seen.iter().map(|g| (g.seed, g.first_seat)).collect();
        assert_eq!(
            layout,
            [1, 1, 2, 2, 3, 3]
                .into_iter()
                .zip([0, 1, 0, 1, 0, 1].map(Seat))
                .collect::<Vec<_>>()
        );
        // One thread or two: the same games.
        let b = duel(&scenario, 6, 1, 10_000, random, random, |_| ());
        assert_eq!(a, b);
    }

    #[test]
    fn knobs_and_summaries() {
        let mut config = MctsConfig::default();
        assert!(set_search_knob(&mut config, "iterations", 300.0));
        assert!(set_search_knob(&mut config, "alpha", 0.3));
        assert!(!set_search_knob(&mut config, "threads", 2.0));
        assert_eq!(config.budget, Budget::Iterations(300));
        assert_eq!(config.widening_exponent, 0.3);
        let t = Tally {
            wins: 26,
            draws: 0,
            losses: 14,
        };
        assert_eq!(
            summary(&t),
            "26 won, 0 drawn, 14 lost; score 65.0 % (95 %: 49.5–77.9 %)"
        );
    }
}
