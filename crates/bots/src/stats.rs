//! The statistics of a ladder: how sure a win rate is ([`wilson`]) and one rating per bot from
//! every game played ([`elo_ratings`]).
//!
//! ```
//! use skirmish_bots::stats::{elo_ratings, wilson, Tally};
//!
//! let (low, high) = wilson(8.0, 10.0);
//! assert!(low < 0.8 && 0.8 < high);
//! let results = [(1, 0, Tally { wins: 15, draws: 0, losses: 5 })];
//! let ratings = elo_ratings(2, &results, 0, 1000.0);
//! assert_eq!(ratings[0], 1000.0);
//! assert!(ratings[1] > 1100.0);
//! ```

/// The normal quantile of a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

/// Games between two players, from the first one's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first player won.
    pub wins: u32,
    /// Games nobody (or both) won.
    pub draws: u32,
    /// Games the second player won.
    pub losses: u32,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points scored, a draw counting half a win.
    pub fn score(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The share of points scored (0.5 with no games, the least committal answer).
    pub fn rate(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => self.score() / f64::from(n),
        }
    }

    /// The same games from the second player's side.
    pub fn flipped(&self) -> Tally {
        Tally {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }
}

/// The 95 % Wilson score interval of a success rate: `successes` (a draw may count half) out
/// of `trials`. Unlike the normal approximation it stays inside `[0, 1]` and is honest at 0 or
/// all successes, which short ladder runs hit often. No trials: `(0, 1)`.
pub fn wilson(successes: f64, trials: f64) -> (f64, f64) {
    if trials <= 0.0 {
        return (0.0, 1.0);
    }
    let p = (successes / trials).clamp(0.0, 1.0);
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / trials;
    let centre = (p + z2 / (2.0 * trials)) / denominator;
    let half = Z95 / denominator * (p * (1.0 - p) / trials + z2 / (4.0 * trials * trials)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Elo-style ratings of `players` players from `results` (`(a, b, tally from a's side)`,
/// pairs in any order, repeats summed), fit by Bradley–Terry's minorization–maximization
/// iteration, with `anchor` set to `anchor_rating`. 400 points is odds of 10 to 1.
///
/// Every pair that met also counts one extra draw: without it a bot that never lost would
/// fly off to an infinite rating (and one that never won to minus infinity). Players who met
/// nobody get the anchor's rating.
pub fn elo_ratings(
    players: usize,
    results: &[(usize, usize, Tally)],
    anchor: usize,
    anchor_rating: f64,
) -> Vec<f64> {
    // games[i][j]: games between i and j; score[i]: points i scored, the extra draws included.
    let mut games = vec![vec![0.0; players]; players];
    let mut score = vec![0.0; players];
    for &(a, b, t) in results {
        if a == b || a >= players || b >= players || t.games() == 0 {
            continue;
        }
        games[a][b] += f64::from(t.games());
        games[b][a] += f64::from(t.games());
        score[a] += t.score();
        score[b] += t.flipped().score();
    }
    for (a, row) in games.iter_mut().enumerate() {
        for (b, n) in row.iter_mut().enumerate() {
            if a != b && *n > 0.0 {
                *n += 0.5;
                score[a] += 0.25;
            }
        }
    }
    let mut strength = vec![1.0_f64; players];
    for _ in 0..10_000 {
        let mut next = strength.clone();
        for i in 0..players {
            let denominator: f64 = (0..players)
                .filter(|&j| j != i && games[i][j] > 0.0)
                .map(|j| games[i][j] / (strength[i] + strength[j]))
                .sum();
            if denominator > 0.0 {
                next[i] = score[i] / denominator;
            }
        }
        // Only ratios matter: keep the strengths near 1 so that they never overflow.
        let mean = next.iter().map(|s| s.ln()).sum::<f64>() / players.max(1) as f64;
        for s in &mut next {
            *s /= mean.exp();
        }
        let change = next
            .iter()
            .zip(&strength)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        strength = next;
        if change < 1e-12 {
            break;
        }
    }
    let base = strength.get(anchor).copied().unwrap_or(1.0);
    strength
        .iter()
        .map(|s| anchor_rating + 400.0 * (s / base).log10())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-4
    }

    #[test]
    fn wilson_matches_published_values() {
        // Known values (Wilson 1927; e.g. 8 of 10: 0.4902 to 0.9433).
        let (low, high) = wilson(8.0, 10.0);
        assert!(close(low, 0.4902) && close(high, 0.9433), "{low} {high}");
        let (low, high) = wilson(0.0, 10.0);
        assert!(close(low, 0.0) && close(high, 0.2775), "{low} {high}");
        let (low, high) = wilson(10.0, 10.0);
        assert!(close(low, 0.7225) && close(high, 1.0), "{low} {high}");
        let (low, high) = wilson(150.0, 200.0);
        assert!(close(low, 0.6857) && close(high, 0.8049), "{low} {high}");
        assert_eq!(wilson(0.0, 0.0), (0.0, 1.0));
    }

    #[test]
    fn tallies_count_draws_as_half() {
        let t = Tally {
            wins: 3,
            draws: 2,
            losses: 5,
        };
        assert_eq!(t.games(), 10);
        assert_eq!(t.score(), 4.0);
        assert_eq!(t.rate(), 0.4);
        assert_eq!(t.flipped().score(), 6.0);
        assert_eq!(Tally::default().rate(), 0.5);
    }

    #[test]
    fn ratings_order_the_players_and_keep_the_anchor() {
        let t = |wins, losses| Tally {
            wins,
            draws: 0,
            losses,
        };
        // 0 < 1 < 2, and 2 never lost: still a finite rating.
        let results = [(1, 0, t(15, 5)), (2, 0, t(20, 0)), (2, 1, t(14, 6))];
        let r = elo_ratings(3, &results, 0, 1000.0);
        assert_eq!(r[0], 1000.0);
        assert!(r[0] < r[1] && r[1] < r[2], "{r:?}");
        assert!(r[2].is_finite());
        // Order of the pair does not matter.
        let swapped = [(0, 1, t(5, 15)), (0, 2, t(0, 20)), (1, 2, t(6, 14))];
        let s = elo_ratings(3, &swapped, 0, 1000.0);
        for (a, b) in r.iter().zip(&s) {
            assert!((a - b).abs() < 1e-6, "{r:?} {s:?}");
        }
        // Even results: even ratings.
        let even = elo_ratings(2, &[(0, 1, t(10, 10))], 1, 1500.0);
        assert!(close(even[0], 1500.0) && even[1] == 1500.0, "{even:?}");
        // Three wins in four (with the extra draw: 15.25 of 20.5) is about +165 Elo.
        let two = elo_ratings(2, &[(1, 0, t(15, 5))], 0, 1000.0);
        let expected = 400.0 * (15.25_f64 / 5.25).log10();
        assert!((two[1] - 1000.0 - expected).abs() < 1e-6, "{two:?}");
        // Nobody met player 2.
        assert_eq!(elo_ratings(3, &[(0, 1, t(1, 1))], 0, 1000.0)[2], 1000.0);
    }
}
