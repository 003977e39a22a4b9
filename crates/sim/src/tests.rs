//! The simulator on the toy game (fast, two seats, a score per seat): results gathered the
//! same whatever the threads, tallies and rates that add up, charts that are real SVG and PNG.

use std::sync::Arc;

use serde_json::json;
use skirmish_lang::Lang;
use skirmish_platform::toy::ToyPresentation;
use skirmish_platform::{Platform, RandomPlayer};

use super::*;

fn matchup(games: u32) -> (Platform, Matchup) {
    let platform = Platform::new().with(ToyPresentation);
    let bot: Arc<dyn BotPlayer> = Arc::new(RandomPlayer);
    let m = Matchup {
        ruleset: "toy".into(),
        teams: ["Blue".into(), "Red".into()],
        scenario: json!({ "turns": 60 }),
        swapped: Some(json!({ "turns": 60 })),
        bots: [bot.clone(), bot],
        games,
        seed: 11,
        max_steps: 1000,
    };
    (platform, m)
}

#[test]
fn reports_are_the_same_whatever_the_threads_and_add_up() {
    let (platform, m) = matchup(40);
    let calls = std::sync::atomic::AtomicU32::new(0);
    let one = simulate(&platform, &m, Some(1), Lang::En, &|_| {
        calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    })
    .unwrap();
    let two = simulate(&platform, &m, Some(2), Lang::En, &|_| {}).unwrap();
    assert_eq!(one, two);
    assert_eq!(calls.into_inner(), 40);
    assert_eq!(one.games, 40);
    assert_eq!(one.wins + one.draws + one.losses, 40);
    assert!(one.errors.is_empty(), "{:?}", one.errors);
    // Random play on a fair game: both sides win some.
    assert!(one.wins > 0 && one.losses > 0, "{one:?}");
    assert!((one.win_a.rate + one.draw.rate + one.win_b.rate - 1.0).abs() < 1e-9);
    assert!(one.win_a.low <= one.win_a.rate && one.win_a.rate <= one.win_a.high);
    assert_eq!(one.running.len(), 40);
    assert!((one.running[39] - one.score_a.rate).abs() < 1e-12);
    // Every game's points fall in one bin per team.
    let binned: u32 = one.vp_bins.iter().map(|b| b.games[0]).sum();
    assert_eq!(binned, 40);
    assert!(one.vp[0].min <= one.vp[0].median && one.vp[0].median <= one.vp[0].max);
    // Seats swap every other game, the dice shared by the pair.
    assert!(!one.records[0].swapped && one.records[1].swapped);
    assert_eq!(one.records[0].seed, one.records[1].seed);
    let other = simulate(
        &platform,
        &Matchup { seed: 12, ..m },
        Some(2),
        Lang::En,
        &|_| {},
    )
    .unwrap();
    assert_ne!(one.records, other.records);
}

#[test]
fn a_bad_scenario_is_an_error_per_game_not_a_panic() {
    let (platform, mut m) = matchup(3);
    m.scenario = json!({ "turns": "many" });
    let r = simulate(&platform, &m, Some(1), Lang::En, &|_| {}).unwrap();
    // Games 0 and 2 use the broken scenario, game 1 the swapped one.
    assert_eq!(r.errors.len(), 2);
    assert!(
        r.errors[0].starts_with("game 1 (Blue against Red"),
        "{}",
        r.errors[0]
    );
    assert_eq!(r.games, 1);
}

#[test]
fn figures_add_up_by_team_and_name_most_first() {
    let (_, m) = matchup(2);
    let rec = |game, figures: Vec<(usize, &str, f64)>| {
        Ok(GameRecord {
            game,
            seed: 1,
            swapped: false,
            winner: Some(0),
            unfinished: false,
            vp: [10, 0],
            actions: 5,
            figures: figures
                .into_iter()
                .map(|(t, n, p)| (t, n.to_string(), p))
                .collect(),
        })
    };
    let r = aggregate(
        &m,
        vec![
            rec(0, vec![(0, "Knight", 30.0), (1, "Knight", 5.0)]),
            rec(1, vec![(0, "Knight", 20.0), (0, "Archer", 60.0)]),
        ],
    );
    let lines: Vec<(usize, &str, f64)> = r
        .figures
        .iter()
        .map(|f| (f.team, f.name.as_str(), f.per_game))
        .collect();
    assert_eq!(
        lines,
        vec![(0, "Archer", 30.0), (0, "Knight", 25.0), (1, "Knight", 2.5)]
    );
    // Points 0 and 10 in bins one point wide.
    assert_eq!(r.vp_bins.len(), 11);
    assert_eq!(r.vp_bins[0].games, [0, 2]);
    assert_eq!(r.vp_bins[10].games, [2, 0]);
    assert_eq!(r.vp_bins[5].games, [0, 0]);
}

#[test]
fn charts_are_svg_and_png_files_with_the_teams_names() {
    let (platform, m) = matchup(12);
    let r = simulate(&platform, &m, Some(2), Lang::Fr, &|_| {}).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let files = chart::write_report_charts(dir.path(), &r, Lang::Fr).unwrap();
    assert_eq!(files.len(), 4);
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        if f.extension().is_some_and(|e| e == "png") {
            assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{}", f.display());
            // A blank chart compresses to almost nothing.
            assert!(bytes.len() > 5000, "{}: {} bytes", f.display(), bytes.len());
        } else {
            let text = String::from_utf8(bytes).unwrap();
            assert!(text.starts_with("<svg"), "{}", f.display());
            assert!(text.trim_end().ends_with("</svg>"));
            assert!(text.contains("Blue"), "{}", f.display());
        }
    }
    let winrate = std::fs::read_to_string(&files[0]).unwrap();
    assert!(winrate.contains("au fil des parties"));

    let sweep = sweep::gather(
        vec!["Blue".into(), "Red".into(), "Green".into()],
        vec![r.clone(), r.clone(), r],
    );
    assert!(sweep.scores[0][0].is_none());
    let a = sweep.scores[0][1].unwrap().rate;
    let b = sweep.scores[1][0].unwrap().rate;
    assert!((a + b - 1.0).abs() < 1e-12);
    let files = chart::write_sweep_charts(dir.path(), &sweep, Lang::En).unwrap();
    let svg = std::fs::read_to_string(&files[0]).unwrap();
    assert!(svg.contains("Green") && svg.contains('%'));
    let table = text::sweep(&sweep, Lang::En);
    assert!(table.contains("#3 Green"), "{table}");
}

#[test]
fn the_text_report_speaks_french() {
    let (platform, m) = matchup(4);
    let r = simulate(&platform, &m, Some(1), Lang::Fr, &|_| {}).unwrap();
    let t = text::report(&r, Lang::Fr);
    assert!(
        t.contains("victoires de Blue") && t.contains("matchs nuls"),
        "{t}"
    );
    assert!(t.contains("points de victoire"), "{t}");
    assert!(text::report(&r, Lang::En).contains("wins of Red"));
}
