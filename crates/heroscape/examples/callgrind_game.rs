//! Plays whole random-vs-random HeroScape games, 300 points a side on *Riverbend Heights*
//! (the benchmark `benches/games.rs`), for instruction counts under callgrind
//! (`scripts/callgrind-heroscape.sh game`).
//!
//! Usage: `callgrind_game N` — plays the games of seeds 1..=N (0: the set-up alone, for the
//! script to subtract) and prints `games N actions A`.

#[path = "../benches/game/mod.rs"]
mod game;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5);
    let scenario = game::scenario();
    let actions: usize = (1..=n).map(|seed| game::whole_game(&scenario, seed)).sum();
    println!("games {n} actions {actions}");
}
