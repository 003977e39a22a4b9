//! 200 bot-against-bot HeroScape games under a watchdog (issue 16: a bot never hangs): the
//! search bot against the greedy and the random bot, seats swapped, through the platform as
//! the server and the terminal seat them, each game on a thread of its own that must finish in
//! time.
//!
//! The search bot runs on a tiny iteration budget, so that 200 games fit in CI: the watchdog is
//! about the search's plumbing (dealing hidden order markers, expanding, the evaluator, the
//! budget) never stalling or answering outside the list on any position those games reach.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Map, Value};
use skirmish_bots::watchdog::watched;
use skirmish_heroscape::present::HeroScapePresentation;
use skirmish_lang::Lang;
use skirmish_platform::{BotPlayer, Platform, Presentation};

const GAMES: u64 = 200;

/// Far more than any game of these few rounds takes, even on a slow shared CI machine.
const GAME_LIMIT: Duration = Duration::from_secs(120);

/// Plays one game to its end with `bots[seat]` at each seat; whether it ended.
fn play(
    platform: &Platform,
    scenario: &Value,
    seed: u64,
    bots: &[Arc<dyn BotPlayer>; 2],
) -> Result<bool, String> {
    let mut game = platform
        .registry()
        .new_game("heroscape", scenario, seed)
        .map_err(|e| e.to_string())?;
    while let Some(&seat) = game.pending_seats().first() {
        let step = game.step_count();
        if step > 20_000 {
            return Ok(false);
        }
        let bot = &bots[seat.index()];
        let bot_seed = skirmish_bots::bot_seed(seed, seat) ^ step as u64;
        let view = game.blinded(seat, bot_seed);
        let action = bot
            .choose(view.as_ref(), seat, bot_seed)
            .ok_or(format!("{} had no answer at step {step}", bot.name()))?;
        game.act_json(seat, &action)
            .map_err(|r| format!("{}'s action at step {step}: {}", bot.name(), r.reason))?;
    }
    Ok(game.outcome().is_some())
}

#[test]
fn two_hundred_games_of_the_search_bot_end_under_the_watchdog() {
    let present = HeroScapePresentation::load(&[]);
    let mut fields = Map::new();
    fields.insert("rounds".into(), json!(3));
    let scenario = present
        .setup(&fields, Lang::En)
        .expect("the sample set-up")
        .scenario;
    let platform = Arc::new(Platform::new().with(present));
    let bot = |spec: &str| platform.bot_by_spec("heroscape", spec).expect(spec);
    let (search, greedy, random) = (bot("mcts:3i"), bot("greedy"), bot("random"));
    let per_worker = GAMES / 2;
    let results: Vec<Result<u64, String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2u64)
            .map(|w| {
                let (platform, scenario) = (Arc::clone(&platform), scenario.clone());
                let (search, greedy, random) = (search.clone(), greedy.clone(), random.clone());
                scope.spawn(move || {
                    let mut ended = 0;
                    for g in (w * per_worker)..((w + 1) * per_worker) {
                        let seed = 1 + g;
                        let other = if g % 4 < 2 { &greedy } else { &random };
                        let bots = if g % 2 == 0 {
                            [search.clone(), other.clone()]
                        } else {
                            [other.clone(), search.clone()]
                        };
                        let what = format!(
                            "game {g} (seed {seed}, {} against {})",
                            bots[0].name(),
                            bots[1].name()
                        );
                        let (platform, scenario) = (Arc::clone(&platform), scenario.clone());
                        match watched(&what, GAME_LIMIT, move || {
                            play(&platform, &scenario, seed, &bots)
                        })? {
                            Ok(true) => ended += 1,
                            Ok(false) => return Err(format!("{what} did not end")),
                            Err(e) => return Err(format!("{what}: {e}")),
                        }
                    }
                    Ok(ended)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|_| Err("a worker panicked".into())))
            .collect()
    });
    let ended: u64 = results
        .into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("{e}")))
        .sum();
    assert_eq!(ended, GAMES);
}
