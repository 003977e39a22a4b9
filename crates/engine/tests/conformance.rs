//! The conformance harness run over the fixture game.

use skirmish_engine::conformance::{playout, random_playouts};
use skirmish_engine::fixtures::{LuckyPig, PigScenario, PigView};
use skirmish_engine::{Game, Ruleset, Viewer};

/// Scores never go down, and nobody passes the target without the game
/// ending.
fn pig_invariant(state: &<LuckyPig as Ruleset>::State) -> Result<(), String> {
    let view: PigView = LuckyPig::view(state, Viewer::Omniscient);
    let best = view.scores.iter().copied().max().unwrap_or(0);
    if best >= view.target && view.outcome.is_none() {
        return Err(format!(
            "score {best} reached the target but the game goes on"
        ));
    }
    if view.round > view.rounds {
        return Err(format!("round {} of {}", view.round, view.rounds));
    }
    Ok(())
}

#[test]
fn a_thousand_fixture_games_pass_the_harness() {
    let mut games = 0;
    for (seats, seeds) in [(2, 0..400), (3, 400..700), (4, 700..1_000)] {
        let scenario = PigScenario {
            seats,
            target: 30,
            rounds: 3,
        };
        let stats = random_playouts::<LuckyPig>(&scenario, seeds.clone(), 2_000, pig_invariant)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(stats.games, seeds.end - seeds.start);
        assert!(stats.shortest >= usize::from(seats), "{stats:?}");
        assert!(stats.average_length > 10.0, "{stats:?}");
        assert!(stats.refusals_checked > stats.steps, "{stats:?}");
        // Every seat wins some games.
        assert_eq!(stats.wins.len(), usize::from(seats), "{stats:?}");
        games += stats.games;
    }
    assert_eq!(games, 1_000);
}

#[test]
fn the_harness_reports_a_broken_invariant_with_seed_and_step() {
    let error = random_playouts::<LuckyPig>(&PigScenario::default(), 5..6, 2_000, |state| {
        let view = LuckyPig::view(state, Viewer::Spectator);
        if view.scores.iter().any(|&s| s > 0) {
            Err("someone scored".into())
        } else {
            Ok(())
        }
    })
    .unwrap_err();
    assert!(
        error.starts_with("fixture-lucky-pig seed 5: after "),
        "{error}"
    );
    assert!(
        error.ends_with("invariant broken: someone scored"),
        "{error}"
    );
}

#[test]
fn the_harness_reports_games_that_run_too_long() {
    let error =
        random_playouts::<LuckyPig>(&PigScenario::default(), 0..1, 3, |_| Ok(())).unwrap_err();
    assert!(error.contains("did not end within 3 actions"), "{error}");
}

#[test]
fn playout_is_reproducible() {
    let scenario = PigScenario::default();
    let a: Game<LuckyPig> = playout(&scenario, 77, 2_000, |_| Ok(())).unwrap();
    let b: Game<LuckyPig> = playout(&scenario, 77, 2_000, |_| Ok(())).unwrap();
    assert_eq!(a.state_hash(), b.state_hash());
    assert_eq!(a.steps().len(), b.steps().len());
}
