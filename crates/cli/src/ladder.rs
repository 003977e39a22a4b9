//! `skirmish ladder RULESET`: bots against each other over seeded games, every pair of them,
//! with win rates, their 95 % intervals and an Elo-style rating per bot.
//!
//! Games run in parallel across cores (rayon), each bot on one thread. Every game of a
//! pairing gets its dice seed from `--seed` and its number, two games in a row sharing a seed
//! with the seats swapped, so that neither the first seat nor the dice favour a bot.
//!
//! Every decision is clocked as a player would wait for it (the bot handed the game, the
//! answer back), and a bot with a time budget gets its mean and slowest decision printed
//! against that budget: the promise is never more than 10 % over it.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use rayon::prelude::*;
use serde_json::Value;
use skirmish_bots::stats::{elo_ratings, wilson, Tally};
use skirmish_bots::watchdog::Clock;
use skirmish_bots::{BotSpec, Budget};
use skirmish_engine::{AnyGame, Seat};
use skirmish_lang::Lang;
use skirmish_platform::{BotPlayer, Platform};

/// `skirmish ladder RULESET ...`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Results are the same bit for bit for the same seed with iteration budgets (mcts:300i); time \
budgets (mcts:100ms) search as far as the machine gets in that time, so their games vary \
from run to run and with the load on the machine.")]
pub struct LadderArgs {
    /// The ruleset (`skirmish rulesets` lists them).
    ruleset: String,
    /// Games per pair of bots (seats swapped every other game).
    #[arg(long, default_value_t = 20)]
    games: u32,
    /// The bots, comma-separated: random, greedy, mcts:100ms, mcts:1s, mcts:500i...
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "random,greedy,mcts:100ms"
    )]
    bots: Vec<String>,
    /// Seed of the first game's dice; the same seed plays the same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A set-up field of the games, `NAME=VALUE`, repeatable (`skirmish rulesets` lists the
    /// fields: armies, teams, battlefields, maps...).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// A map file to play on.
    #[arg(long, value_name = "PATH")]
    map: Option<PathBuf>,
    /// Content to play with, repeatable: folders or files of maps and cards.
    #[arg(long, value_name = "PATH")]
    content: Vec<PathBuf>,
    /// Actions after which an unfinished game counts as a draw.
    #[arg(long, default_value_t = 5000)]
    max_steps: usize,
    /// Games played at once [default: one per core].
    #[arg(long)]
    jobs: Option<usize>,
}

/// How one game ended, from the first bot of its pairing's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Result1 {
    Win,
    Draw,
    Loss,
}

/// One game to play: which pair, which game of the pair.
#[derive(Clone, Copy, Debug)]
struct Job {
    pair: usize,
    game: u32,
}

/// Runs `skirmish ladder`.
pub fn run(a: LadderArgs, lang: Lang) -> Result<ExitCode> {
    let mut sources = a.content.clone();
    sources.extend(a.map.clone());
    let platform = crate::rulesets::platform(&sources, None)?;
    let present = platform.find(&a.ruleset).map_err(anyhow::Error::msg)?;
    let mut fields = crate::play_any::setup_fields(&a.set)?;
    if let Some(map) = &a.map {
        let (field, id) =
            crate::play_any::map_choice(&present.content(lang), map).ok_or_else(|| {
                anyhow::anyhow!("{}: not a map {} can read", map.display(), a.ruleset)
            })?;
        fields.entry(field).or_insert(Value::String(id));
    }
    let setup = present.setup(&fields, lang).map_err(anyhow::Error::msg)?;
    let seats = setup.seat_names.len();
    if seats != 2 {
        bail!("the ladder plays two-seat games; this set-up has {seats} seats");
    }
    if a.bots.len() < 2 {
        bail!("name at least two bots: --bots random,greedy");
    }
    let mut bots: Vec<Arc<dyn BotPlayer>> = Vec::new();
    for spec in &a.bots {
        let bot = platform
            .bot_by_spec(&a.ruleset, spec)
            .map_err(anyhow::Error::msg)?;
        if bots.iter().any(|b| b.name() == bot.name()) {
            bail!("{} is named twice in --bots", bot.name());
        }
        bots.push(bot);
    }
    let clocks: Vec<Arc<Mutex<Clock>>> = bots.iter().map(|_| Arc::default()).collect();
    let bots: Vec<Arc<dyn BotPlayer>> = bots
        .into_iter()
        .zip(&clocks)
        .map(|(bot, clock)| {
            Arc::new(Clocked {
                bot,
                clock: Arc::clone(clock),
            }) as Arc<dyn BotPlayer>
        })
        .collect();
    // Later bots first in each pairing: lists usually go from weak to strong.
    let pairs: Vec<(usize, usize)> = (0..bots.len())
        .flat_map(|j| (0..j).map(move |i| (j, i)))
        .collect();
    let jobs: Vec<Job> = (0..pairs.len())
        .flat_map(|pair| (0..a.games).map(move |game| Job { pair, game }))
        .collect();

    let bar = indicatif::ProgressBar::new(jobs.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} games (eta {eta})",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let play = |job: &Job| {
        let (first, second) = pairs[job.pair];
        // Two games in a row share their dice with the seats swapped.
        let seed = a.seed.wrapping_add(u64::from(job.game / 2));
        let swapped = job.game % 2 == 1;
        let seated = if swapped {
            [&bots[second], &bots[first]]
        } else {
            [&bots[first], &bots[second]]
        };
        let result = play_one(
            &platform,
            &a.ruleset,
            &setup.scenario,
            seed,
            seated,
            a.max_steps,
        );
        bar.inc(1);
        result.map(|winner| match winner {
            None => Result1::Draw,
            Some(seat) if (seat == Seat(0)) != swapped => Result1::Win,
            Some(_) => Result1::Loss,
        })
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.jobs.unwrap_or(0))
        .build()?;
    let results: Vec<Result<Result1, String>> =
        pool.install(|| jobs.par_iter().map(play).collect());
    bar.finish_and_clear();

    let mut tallies = vec![Tally::default(); pairs.len()];
    let mut errors = Vec::new();
    for (job, result) in jobs.iter().zip(results) {
        let t = &mut tallies[job.pair];
        match result {
            Ok(Result1::Win) => t.wins += 1,
            Ok(Result1::Draw) => t.draws += 1,
            Ok(Result1::Loss) => t.losses += 1,
            Err(e) => errors.push(e),
        }
    }
    let names: Vec<&str> = bots.iter().map(|b| b.name()).collect();
    print!("{}", table(&a, &names, &pairs, &tallies));
    print!("{}", timing(&a.bots, &names, &clocks));
    for e in &errors {
        eprintln!("error: {e}");
    }
    Ok(if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// A bot whose every decision is clocked.
struct Clocked {
    bot: Arc<dyn BotPlayer>,
    clock: Arc<Mutex<Clock>>,
}

impl BotPlayer for Clocked {
    fn name(&self) -> &str {
        self.bot.name()
    }

    fn choose(&self, game: &dyn AnyGame, seat: Seat, seed: u64) -> Option<Value> {
        let start = Instant::now();
        let answer = self.bot.choose(game, seat, seed);
        let took = start.elapsed();
        let mut clock = self.clock.lock().unwrap_or_else(|e| e.into_inner());
        clock.merge(&Clock {
            decisions: 1,
            slowest: took,
            total: took,
        });
        answer
    }
}

/// The decision times of the bots with a time budget (`mcts:100ms`), against that budget;
/// nothing when none has one (iteration budgets replay bit for bit, times never do).
fn timing(specs: &[String], names: &[&str], clocks: &[Arc<Mutex<Clock>>]) -> String {
    let mut out = String::new();
    for ((spec, name), clock) in specs.iter().zip(names).zip(clocks) {
        let Ok(BotSpec::Mcts(Budget::Time(budget))) = spec.parse::<BotSpec>() else {
            continue;
        };
        let clock = clock.lock().unwrap_or_else(|e| e.into_inner()).clone();
        if clock.decisions == 0 {
            continue;
        }
        if out.is_empty() {
            out.push_str("\ndecision time (bots with a time budget)\n");
        }
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let mean = clock.total / u32::try_from(clock.decisions).unwrap_or(u32::MAX);
        out.push_str(&format!(
            "  {:<20} {:>7} decisions  mean {:.1} ms  slowest {:.1} ms  ({:.1} % over its {:.0} ms)\n",
            name,
            clock.decisions,
            ms(mean),
            ms(clock.slowest),
            clock.worst_over(budget) * 100.0,
            ms(budget),
        ));
    }
    out
}

/// Plays one game: `bots[0]` at seat 0, `bots[1]` at seat 1. The winning seat, or `None` for
/// a draw (nobody or both won, or the game ran past `max_steps`).
fn play_one(
    platform: &Platform,
    ruleset: &str,
    scenario: &Value,
    seed: u64,
    bots: [&Arc<dyn BotPlayer>; 2],
    max_steps: usize,
) -> Result<Option<Seat>, String> {
    let names = format!("{} against {}, seed {seed}", bots[0].name(), bots[1].name());
    let bot_at = |seat: Seat| bots.get(seat.index()).copied();
    let (game, unfinished) =
        skirmish_sim::play_out(platform, ruleset, scenario, seed, bot_at, max_steps, &names)?;
    if unfinished {
        return Ok(None);
    }
    Ok(match game.outcome() {
        Some(o) if o.winners.len() == 1 => Some(o.winners[0]),
        _ => None,
    })
}

/// The printed report: one line per pairing, then the ratings, best first.
fn table(a: &LadderArgs, names: &[&str], pairs: &[(usize, usize)], tallies: &[Tally]) -> String {
    let mut out = format!(
        "ladder: {}, {} games per pair, seed {}\n\n",
        a.ruleset, a.games, a.seed
    );
    let width = names.iter().map(|n| n.len()).max().unwrap_or(6) * 2 + 4;
    out.push_str(&format!(
        "{:<width$}  {:>4} {:>4} {:>4}  {:>8}  {}\n",
        "pairing", "W", "D", "L", "win rate", "95 % interval"
    ));
    for (&(first, second), t) in pairs.iter().zip(tallies) {
        let (low, high) = wilson(t.score(), f64::from(t.games()));
        out.push_str(&format!(
            "{:<width$}  {:>4} {:>4} {:>4}  {:>6.1} %  [{:.1} %, {:.1} %]\n",
            format!("{} vs {}", names[first], names[second]),
            t.wins,
            t.draws,
            t.losses,
            t.rate() * 100.0,
            low * 100.0,
            high * 100.0,
        ));
    }
    let anchor = names.iter().position(|n| *n == "random").unwrap_or(0);
    let results: Vec<(usize, usize, Tally)> = pairs
        .iter()
        .zip(tallies)
        .map(|(&(first, second), t)| (first, second, *t))
        .collect();
    let ratings = elo_ratings(names.len(), &results, anchor, 1000.0);
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|x, y| ratings[*y].total_cmp(&ratings[*x]));
    out.push_str(&format!("\nrating (Elo, {} = 1000)\n", names[anchor]));
    for i in order {
        out.push_str(&format!("  {:<20} {:>6.0}\n", names[i], ratings[i]));
    }
    out
}
