//! 200 bot-against-bot HeroClix games under a watchdog (issue 16: a bot never hangs): the
//! search bot against the greedy and the random bot, seats swapped, each game on a thread of
//! its own that must finish in time, every decision clocked.
//!
//! The search bot runs on a tiny iteration budget, so that 200 games fit in CI: the watchdog is
//! about the search's plumbing (dealing, expanding, the evaluator, the budget) never stalling or
//! choosing outside the list on any position those games reach, not about its strength.

mod common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use skirmish_bots::watchdog::{watched, Clock, Timed};
use skirmish_bots::{bot_seed, play_game, Bot, Budget, Mcts, MctsConfig};
use skirmish_engine::{Game, Seat};
use skirmish_heroclix::bots::{BotKind, HeroClixEval};
use skirmish_heroclix::HeroClix;

use common::starter_scenario;

const GAMES: u64 = 200;

/// Rounds per game: the bots meet in the second round on the sample map.
const ROUNDS: u32 = 3;

/// Far more than any game of these few rounds takes, even on a slow shared CI machine.
const GAME_LIMIT: Duration = Duration::from_secs(120);

fn search_bot(seed: u64) -> Box<dyn Bot<HeroClix> + Send> {
    Box::new(Mcts::new(
        seed,
        MctsConfig {
            budget: Budget::Iterations(3),
            threads: 1,
            rollout_depth: 1,
            ..MctsConfig::default()
        },
        HeroClixEval::default(),
    ))
}

#[test]
fn two_hundred_games_of_the_search_bot_end_under_the_watchdog() {
    let scenario = starter_scenario(ROUNDS);
    let clock = Arc::new(Mutex::new(Clock::default()));
    let mut ended = 0;
    // Two workers: the games are independent and CI has two cores.
    let per_worker = GAMES / 2;
    let results: Vec<Result<u64, String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2u64)
            .map(|w| {
                let scenario = scenario.clone();
                let clock = Arc::clone(&clock);
                scope.spawn(move || {
                    let mut done = 0;
                    for g in (w * per_worker)..((w + 1) * per_worker) {
                        let seed = 1 + g;
                        let search = Seat((g % 2) as u8);
                        let other = if g % 4 < 2 {
                            BotKind::Greedy
                        } else {
                            BotKind::Random
                        };
                        let scenario = scenario.clone();
                        let clock = Arc::clone(&clock);
                        let what = format!("game {g} (seed {seed}, search on {search:?}, {other})");
                        let played = watched(&what, GAME_LIMIT, move || {
                            let mut game =
                                Game::<HeroClix>::new(scenario, seed).map_err(|e| e.to_string())?;
                            let mut bots: Vec<Timed<Box<dyn Bot<HeroClix> + Send>>> = (0..2u8)
                                .map(|i| {
                                    let s = bot_seed(seed, Seat(i));
                                    let bot = if Seat(i) == search {
                                        search_bot(s)
                                    } else {
                                        other.heroclix(s)
                                    };
                                    Timed::new(bot, Arc::clone(&clock))
                                })
                                .collect();
                            play_game(&mut game, &mut bots, 5_000, |_, _| Ok(()))
                                .map_err(|e| e.to_string())?;
                            Ok::<_, String>(game.is_over())
                        })?;
                        match played {
                            Ok(true) => done += 1,
                            Ok(false) => return Err(format!("{what} did not end")),
                            Err(e) => return Err(format!("{what}: {e}")),
                        }
                    }
                    Ok(done)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|_| Err("a worker panicked".into())))
            .collect()
    });
    for r in results {
        ended += r.unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(ended, GAMES);
    let clock = clock.lock().unwrap().clone();
    assert!(clock.decisions > GAMES * 10, "{clock:?}");
    eprintln!(
        "{} decisions, slowest {:?}, {:?} in all",
        clock.decisions, clock.slowest, clock.total
    );
}
