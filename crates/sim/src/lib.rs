//! The matchup simulator: two teams of any ruleset play seeded games against each other in
//! parallel, bot against bot, and the results are gathered into a [`Report`] — win and draw
//! rates with 95 % Wilson intervals, the victory points of each side, how long games last and
//! which figures scored — with charts ([`chart`]: SVG and PNG) and a text table ([`text`]).
//! A sweep ([`sweep`]) plays every pairing of a list of teams.
//!
//! Everything here goes through the platform ([`Platform`], [`skirmish_platform::Presentation`]),
//! so it knows no ruleset. Game `g` of a matchup gets its dice seed from the run's seed and
//! `g / 2`, and every other game swaps the sides' seats (team B sets up first and moves first
//! where the rules let the first seat do so): neither seat nor dice favour a team. Results are
//! gathered in game order, so the same seed with iteration budgets gives the same report bit
//! for bit, whatever the number of threads.

use std::sync::Arc;

use rayon::prelude::*;
use serde::Serialize;
use serde_json::Value;
use skirmish_bots::stats::{wilson, Tally};
use skirmish_engine::{AnyGame, Seat};
use skirmish_lang::Lang;
use skirmish_platform::{BotPlayer, Platform};

pub mod chart;
pub mod sweep;
pub mod text;

/// A matchup to simulate: one ruleset, two teams already set up both ways round.
#[derive(Clone)]
pub struct Matchup {
    /// The ruleset's id.
    pub ruleset: String,
    /// The teams' names for people, A then B.
    pub teams: [String; 2],
    /// The engine's scenario with team A at seat 0, team B at seat 1.
    pub scenario: Value,
    /// The same with the seats swapped, team B at seat 0, played every other game with the
    /// dice of the game before; `None` when the sides cannot swap (a ruleset without teams:
    /// then every game has dice of its own).
    pub swapped: Option<Value>,
    /// The bots playing team A and team B.
    pub bots: [Arc<dyn BotPlayer>; 2],
    /// Games to play.
    pub games: u32,
    /// The first game's dice seed.
    pub seed: u64,
    /// Actions after which an unfinished game counts as a draw.
    pub max_steps: usize,
}

/// One game's result, from the teams' side (A is 0, B is 1).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameRecord {
    /// Its number in the matchup, from 0.
    pub game: u32,
    /// Its dice seed.
    pub seed: u64,
    /// Whether team B held seat 0.
    pub swapped: bool,
    /// The winning team, `None` for a draw.
    pub winner: Option<usize>,
    /// Whether it ran past the step limit (and so counts as a draw).
    pub unfinished: bool,
    /// Victory points of team A and team B at the end.
    pub vp: [i64; 2],
    /// Actions played.
    pub actions: usize,
    /// The points each figure scored: (team, name, points).
    pub figures: Vec<(usize, String, f64)>,
}

/// The distribution of a number over the games.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Spread {
    /// Mean.
    pub mean: f64,
    /// Smallest.
    pub min: f64,
    /// Median.
    pub median: f64,
    /// Largest.
    pub max: f64,
}

impl Spread {
    /// The spread of `values` (all zero when there are none).
    pub fn of(values: &[f64]) -> Spread {
        if values.is_empty() {
            return Spread::default();
        }
        let mut v = values.to_vec();
        v.sort_by(f64::total_cmp);
        let n = v.len();
        let median = if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        };
        Spread {
            mean: v.iter().sum::<f64>() / n as f64,
            min: v[0],
            median,
            max: v[n - 1],
        }
    }
}

/// A rate with its 95 % Wilson interval.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Rate {
    /// The rate, 0 to 1.
    pub rate: f64,
    /// The interval's low end.
    pub low: f64,
    /// The interval's high end.
    pub high: f64,
}

impl Rate {
    /// `count` out of `games`.
    pub fn of(count: f64, games: u32) -> Rate {
        let (low, high) = wilson(count, f64::from(games));
        Rate {
            rate: if games == 0 {
                0.0
            } else {
                count / f64::from(games)
            },
            low,
            high,
        }
    }
}

/// The victory points a figure scored over the games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FigureLine {
    /// Its team (0 for A, 1 for B).
    pub team: usize,
    /// Its name.
    pub name: String,
    /// Points over every game.
    pub total: f64,
    /// Points per game played.
    pub per_game: f64,
}

/// One bar of the victory-point histogram: games whose points fell in `from .. to`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bin {
    /// Lowest points of the bin.
    pub from: i64,
    /// One past its highest points.
    pub to: i64,
    /// Games of team A, then of team B, ending with points in the bin.
    pub games: [u32; 2],
}

/// What a matchup gave.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The ruleset's id.
    pub ruleset: String,
    /// Team A's and team B's names.
    pub teams: [String; 2],
    /// Their bots.
    pub bots: [String; 2],
    /// The first game's seed.
    pub seed: u64,
    /// Games played to the end or the step limit (games that failed are in `errors`).
    pub games: u32,
    /// Wins, draws, losses from team A's side.
    pub wins: u32,
    /// Draws (games past the step limit included).
    pub draws: u32,
    /// Team B's wins.
    pub losses: u32,
    /// Games stopped at the step limit.
    pub unfinished: u32,
    /// Team A's wins.
    pub win_a: Rate,
    /// Draws.
    pub draw: Rate,
    /// Team B's wins.
    pub win_b: Rate,
    /// Team A's score share, a draw counting half: the number a sweep compares.
    pub score_a: Rate,
    /// Victory points of A and B at the end of the games.
    pub vp: [Spread; 2],
    /// The victory points as a histogram.
    pub vp_bins: Vec<Bin>,
    /// Actions per game.
    pub actions: Spread,
    /// Figures that scored, most points first.
    pub figures: Vec<FigureLine>,
    /// Team A's score share after each game, for the chart of the rate as games accumulate.
    pub running: Vec<f64>,
    /// Games that could not be played, with why.
    pub errors: Vec<String>,
    /// Every game.
    pub records: Vec<GameRecord>,
}

impl Report {
    /// The tally from team A's side.
    pub fn tally(&self) -> Tally {
        Tally {
            wins: self.wins,
            draws: self.draws,
            losses: self.losses,
        }
    }
}

/// Plays the matchup's games on `jobs` threads (`None`: one per core), calling `progress`
/// after each game with the number of games done, and gathers the report.
pub fn simulate(
    platform: &Platform,
    m: &Matchup,
    jobs: Option<usize>,
    lang: Lang,
    progress: &(dyn Fn(u32) + Sync),
) -> Result<Report, String> {
    let present = platform.find(&m.ruleset).map_err(|p| p.message)?;
    let done = std::sync::atomic::AtomicU32::new(0);
    let play = |game: u32| {
        let result = play_one(platform, present.as_ref(), m, game, lang);
        progress(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1);
        result
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.unwrap_or(0))
        .build()
        .map_err(|e| e.to_string())?;
    let results: Vec<Result<GameRecord, String>> =
        pool.install(|| (0..m.games).into_par_iter().map(play).collect());
    Ok(aggregate(m, results))
}

/// Plays game `game` of the matchup.
fn play_one(
    platform: &Platform,
    present: &dyn skirmish_platform::Presentation,
    m: &Matchup,
    game: u32,
    lang: Lang,
) -> Result<GameRecord, String> {
    // Two games in a row share their dice, the seats swapped.
    let (seed, swapped) = match m.swapped {
        Some(_) => (m.seed.wrapping_add(u64::from(game / 2)), game % 2 == 1),
        None => (m.seed.wrapping_add(u64::from(game)), false),
    };
    // The team at each seat.
    let team_at = |seat: Seat| usize::from(seat.0 != 0) ^ usize::from(swapped);
    let scenario = match &m.swapped {
        Some(s) if swapped => s,
        _ => &m.scenario,
    };
    let names = format!(
        "game {} ({} against {}, seed {seed})",
        game + 1,
        m.teams[0],
        m.teams[1]
    );
    let bot_at = |seat: Seat| m.bots.get(team_at(seat)).filter(|_| seat.index() < 2);
    let (g, unfinished) = play_out(
        platform,
        &m.ruleset,
        scenario,
        seed,
        bot_at,
        m.max_steps,
        &names,
    )?;
    let winner = match g.outcome() {
        Some(o) if o.winners.len() == 1 && !unfinished => Some(team_at(o.winners[0])),
        _ => None,
    };
    let mut vp = [0, 0];
    for (seat, points) in present.scores(g.as_ref()) {
        if seat.index() < 2 {
            vp[team_at(seat)] = points;
        }
    }
    let figures = present
        .figure_scores(g.as_ref(), lang)
        .into_iter()
        .filter(|f| f.seat.index() < 2)
        .map(|f| (team_at(f.seat), f.name, f.points))
        .collect();
    Ok(GameRecord {
        game,
        seed,
        swapped,
        winner,
        unfinished,
        vp,
        actions: g.step_count(),
        figures,
    })
}

/// Plays one game of `ruleset` from `scenario` with dice `seed`, asking `bot_at(seat)` for each
/// decision (on a copy blinded to what the seat may not see, as at the server), to its end or
/// `max_steps` actions. The game, and whether it ran past the limit. Errors start with `names`.
pub fn play_out<'b>(
    platform: &Platform,
    ruleset: &str,
    scenario: &Value,
    seed: u64,
    bot_at: impl Fn(Seat) -> Option<&'b Arc<dyn BotPlayer>>,
    max_steps: usize,
    names: &str,
) -> Result<(Box<dyn AnyGame>, bool), String> {
    let mut g = platform
        .registry()
        .new_game(ruleset, scenario, seed)
        .map_err(|e| format!("{names}: {e}"))?;
    while let Some(&seat) = g.pending_seats().first() {
        let step = g.step_count();
        if step >= max_steps {
            return Ok((g, true));
        }
        let bot = bot_at(seat).ok_or(format!("{names}: {seat} has no bot"))?;
        let bot_seed = skirmish_bots::bot_seed(seed, seat) ^ step as u64;
        let view = g.blinded(seat, bot_seed);
        let action = match bot.choose(view.as_ref(), seat, bot_seed) {
            Some(action) => action,
            // A bot with nothing to say plays the first legal action, as at the server.
            None => g
                .legal_actions_json(seat)
                .ok()
                .and_then(|l| l.into_iter().next())
                .ok_or(format!(
                    "{names}: {seat} has no legal action at step {step}"
                ))?,
        };
        // The bots are the project's own, choosing from the legal actions of a blinded copy of
        // this very position: the second listing `act_json` makes to check them is skipped.
        g.act_chosen_json(seat, &action).map_err(|r| {
            format!(
                "{names}: {}'s action at step {step} was refused: {}",
                bot.name(),
                r.reason
            )
        })?;
    }
    Ok((g, false))
}

/// Gathers the games' results, in game order, into a report.
pub fn aggregate(m: &Matchup, results: Vec<Result<GameRecord, String>>) -> Report {
    let mut records = Vec::new();
    let mut errors = Vec::new();
    for r in results {
        match r {
            Ok(rec) => records.push(rec),
            Err(e) => errors.push(e),
        }
    }
    let mut tally = Tally::default();
    let mut running = Vec::with_capacity(records.len());
    for r in &records {
        match r.winner {
            Some(0) => tally.wins += 1,
            Some(_) => tally.losses += 1,
            None => tally.draws += 1,
        }
        running.push(tally.rate());
    }
    let games = tally.games();
    let vp_of = |team: usize| {
        records
            .iter()
            .map(|r| r.vp[team] as f64)
            .collect::<Vec<_>>()
    };
    let mut figures: Vec<FigureLine> = Vec::new();
    for r in &records {
        for (team, name, points) in &r.figures {
            match figures
                .iter_mut()
                .find(|f| f.team == *team && f.name == *name)
            {
                Some(f) => f.total += points,
                None => figures.push(FigureLine {
                    team: *team,
                    name: name.clone(),
                    total: *points,
                    per_game: 0.0,
                }),
            }
        }
    }
    for f in &mut figures {
        f.per_game = f.total / f64::from(games.max(1));
    }
    figures.sort_by(|a, b| {
        b.total
            .total_cmp(&a.total)
            .then_with(|| (a.team, &a.name).cmp(&(b.team, &b.name)))
    });
    Report {
        ruleset: m.ruleset.clone(),
        teams: m.teams.clone(),
        bots: [m.bots[0].name().to_string(), m.bots[1].name().to_string()],
        seed: m.seed,
        games,
        wins: tally.wins,
        draws: tally.draws,
        losses: tally.losses,
        unfinished: records.iter().filter(|r| r.unfinished).count() as u32,
        win_a: Rate::of(f64::from(tally.wins), games),
        draw: Rate::of(f64::from(tally.draws), games),
        win_b: Rate::of(f64::from(tally.losses), games),
        score_a: Rate::of(tally.score(), games),
        vp: [Spread::of(&vp_of(0)), Spread::of(&vp_of(1))],
        vp_bins: bins(&records),
        actions: Spread::of(&records.iter().map(|r| r.actions as f64).collect::<Vec<_>>()),
        figures,
        running,
        errors,
        records,
    }
}

/// The victory points of both teams in at most about 20 bins of a round width.
fn bins(records: &[GameRecord]) -> Vec<Bin> {
    let all = records.iter().flat_map(|r| r.vp);
    let (Some(min), Some(max)) = (all.clone().min(), all.max()) else {
        return Vec::new();
    };
    let span = (max - min + 1).max(1);
    let width = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000]
        .into_iter()
        .find(|w| (span + w - 1) / w <= 20)
        .unwrap_or((span + 19) / 20);
    let start = min.div_euclid(width) * width;
    let count = (max - start) / width + 1;
    let mut out: Vec<Bin> = (0..count)
        .map(|i| Bin {
            from: start + i * width,
            to: start + (i + 1) * width,
            games: [0, 0],
        })
        .collect();
    for r in records {
        for team in 0..2 {
            let i = ((r.vp[team] - start) / width) as usize;
            out[i].games[team] += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests;
