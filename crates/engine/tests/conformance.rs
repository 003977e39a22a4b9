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
            jinxes: false,
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
fn games_with_interrupts_of_interrupts_pass_the_harness() {
    // Jinxes stack a jinx and its counter above keep-or-reroll: the harness checks replay,
    // undo, views and refusals with frames three deep.
    for seats in 2..=4 {
        let scenario = PigScenario {
            seats,
            target: 30,
            rounds: 3,
            jinxes: true,
        };
        let stats = random_playouts::<LuckyPig>(&scenario, 0..300, 2_000, pig_invariant)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(stats.games, 300);
        assert_eq!(stats.wins.len(), usize::from(seats), "{stats:?}");
    }
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

/// LuckyPig with two secrecy bugs the harness must catch, one at a time: a view that shows
/// every pick to everyone, or a determinization that deals a seat's own pick anew.
struct Leaky<const BUG: u8>;

impl<const BUG: u8> Ruleset for Leaky<BUG> {
    const ID: &'static str = "fixture-leaky-pig";
    type Scenario = <LuckyPig as Ruleset>::Scenario;
    type State = <LuckyPig as Ruleset>::State;
    type Action = <LuckyPig as Ruleset>::Action;
    type Decision = <LuckyPig as Ruleset>::Decision;
    type Event = <LuckyPig as Ruleset>::Event;
    type View = <LuckyPig as Ruleset>::View;

    fn setup(
        scenario: &Self::Scenario,
        dice: &mut skirmish_engine::Dice,
    ) -> Result<Self::State, skirmish_engine::SetupError> {
        LuckyPig::setup(scenario, dice)
    }
    fn seats(state: &Self::State) -> Vec<skirmish_engine::Seat> {
        LuckyPig::seats(state)
    }
    fn pending(state: &Self::State) -> skirmish_engine::Pending<Self::Decision> {
        LuckyPig::pending(state)
    }
    fn legal_actions(state: &Self::State, seat: skirmish_engine::Seat) -> Vec<Self::Action> {
        LuckyPig::legal_actions(state, seat)
    }
    fn explain_illegal(
        state: &Self::State,
        seat: skirmish_engine::Seat,
        action: &Self::Action,
    ) -> skirmish_engine::Rejection {
        LuckyPig::explain_illegal(state, seat, action)
    }
    fn apply(
        state: &mut Self::State,
        seat: skirmish_engine::Seat,
        action: &Self::Action,
        dice: &mut skirmish_engine::Dice,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), skirmish_engine::Rejection> {
        LuckyPig::apply(state, seat, action, dice, events)
    }
    fn view(state: &Self::State, viewer: Viewer) -> Self::View {
        if BUG == 0 {
            LuckyPig::view(state, Viewer::Omniscient)
        } else {
            LuckyPig::view(state, viewer)
        }
    }
    fn determinize(
        state: &Self::State,
        seat: skirmish_engine::Seat,
        rng: &mut skirmish_engine::Picker,
    ) -> Self::State {
        if BUG == 1 {
            // Deals from the point of view of the next seat: this seat's own pick is guessed.
            let other = skirmish_engine::Seat((seat.0 + 1) % 2);
            LuckyPig::determinize(state, other, rng)
        } else {
            LuckyPig::determinize(state, seat, rng)
        }
    }
}

#[test]
fn the_harness_catches_views_that_leak_secrets() {
    let scenario = PigScenario {
        seats: 2,
        target: 30,
        rounds: 3,
        jinxes: false,
    };
    let leak = random_playouts::<Leaky<0>>(&scenario, 0..20, 2_000, |_| Ok(())).unwrap_err();
    assert!(leak.contains("view changes"), "{leak}");
    let guess = random_playouts::<Leaky<1>>(&scenario, 0..20, 2_000, |_| Ok(())).unwrap_err();
    assert!(guess.contains("view changes"), "{guess}");
    // The fixture itself passes.
    random_playouts::<LuckyPig>(&scenario, 0..20, 2_000, |_| Ok(())).unwrap();
}
