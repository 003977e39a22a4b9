//! A sweep: every pairing of a list of teams, each a [`Matchup`], with the table of each
//! team's score against each other one (the heat map of [`crate::chart::heatmap`]).

use serde::Serialize;
use skirmish_lang::Lang;
use skirmish_platform::Platform;

use crate::{simulate, Matchup, Rate, Report};

/// What a sweep gave.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sweep {
    /// The teams' names, in the order given.
    pub teams: Vec<String>,
    /// `scores[i][j]`: team i's score share against team j (`None` on the diagonal).
    pub scores: Vec<Vec<Option<Rate>>>,
    /// Each team's score share over all its games.
    pub overall: Vec<Rate>,
    /// Each pairing's report (without its game records), team i as A against team j, i < j.
    pub pairings: Vec<Report>,
}

/// The pairings of `n` teams: (i, j) with i < j, in order.
pub fn pairings(n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .collect()
}

/// Plays every matchup of [`pairings`] (`matchups[k]` for `pairings(teams.len())[k]`), one
/// after the other, each across `jobs` threads; `progress` gets the games done over all.
pub fn sweep(
    platform: &Platform,
    teams: Vec<String>,
    matchups: &[Matchup],
    jobs: Option<usize>,
    lang: Lang,
    progress: &(dyn Fn(u32) + Sync),
) -> Result<Sweep, String> {
    let pairs = pairings(teams.len());
    if pairs.len() != matchups.len() {
        return Err(format!(
            "{} teams make {} pairings, not {}",
            teams.len(),
            pairs.len(),
            matchups.len()
        ));
    }
    let mut before = 0;
    let mut reports = Vec::new();
    for m in matchups {
        let mut r = simulate(platform, m, jobs, lang, &|done| progress(before + done))?;
        before += m.games;
        r.records.clear();
        reports.push(r);
    }
    Ok(gather(teams, reports))
}

/// The table of a sweep from its pairings' reports, in [`pairings`] order.
pub fn gather(teams: Vec<String>, reports: Vec<Report>) -> Sweep {
    let n = teams.len();
    let mut scores = vec![vec![None; n]; n];
    let mut points = vec![0.0; n];
    let mut games = vec![0u32; n];
    for (&(i, j), r) in pairings(n).iter().zip(&reports) {
        let t = r.tally();
        scores[i][j] = Some(Rate::of(t.score(), t.games()));
        scores[j][i] = Some(Rate::of(t.flipped().score(), t.games()));
        points[i] += t.score();
        points[j] += t.flipped().score();
        games[i] += t.games();
        games[j] += t.games();
    }
    Sweep {
        overall: (0..n).map(|i| Rate::of(points[i], games[i])).collect(),
        teams,
        scores,
        pairings: reports,
    }
}
