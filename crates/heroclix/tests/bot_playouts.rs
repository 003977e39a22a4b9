//! Whole HeroClix games at scale, random and greedy seats mixed: the rules' invariants after
//! every action, and every game's replay, written to JSON and read back, verifies.
//!
//! The bulk runs on `engine::Game` directly (the conformance harness probes illegal actions
//! and round-trips the state at every position, which costs several times a game); a few
//! dozen games go through the harness's position checks with bots at the seats.

mod common;

use std::sync::Arc;

use skirmish_bots::{bot_seed, play_game, Bot};
use skirmish_engine::conformance::check_position;
use skirmish_engine::{Game, Picker, Replay, Seat};
use skirmish_heroclix::bots::random_team;
use skirmish_heroclix::bots::BotKind;
use skirmish_heroclix::figure::FigureDef;
use skirmish_heroclix::game::{Event, Options, Scenario, State};
use skirmish_heroclix::import::hcunits::import_dir;
use skirmish_heroclix::team::not_run_yet;
use skirmish_heroclix::HeroClix;
use skirmish_lang::Lang;

use common::{capture_scenario, invariants, root, starter_scenario, tactics_scenario};

/// Rounds per game: enough for most games to see fighting and knock-outs, few enough to keep
/// thousands of games inside the CI budget.
const ROUNDS: u32 = 8;

/// Far more actions than a game of `ROUNDS` rounds can take: a game that does not end is a
/// bug.
const MAX_STEPS: usize = 5_000;

fn bots(kinds: [BotKind; 2], seed: u64) -> Vec<Box<dyn Bot<HeroClix> + Send>> {
    kinds
        .iter()
        .enumerate()
        .map(|(i, k)| k.heroclix(bot_seed(seed, Seat(i as u8))))
        .collect()
}

/// The seat mix of a seed: random against random, greedy against random both ways, greedy
/// against greedy.
fn kinds_for(seed: u64) -> [BotKind; 2] {
    use BotKind::{Greedy, Random};
    [
        [Random, Random],
        [Greedy, Random],
        [Random, Greedy],
        [Greedy, Greedy],
    ][(seed % 4) as usize]
}

/// Plays one game, checking the invariants after every action, then verifies its replay.
fn checked_game(
    scenario: &Scenario,
    seed: u64,
    kinds: [BotKind; 2],
) -> Result<Game<HeroClix>, String> {
    let mut game = Game::<HeroClix>::new(scenario.clone(), seed)
        .map_err(|e| format!("seed {seed}: setup failed: {e}"))?;
    invariants(game.state()).map_err(|e| format!("seed {seed}: at setup: {e}"))?;
    let mut bots = bots(kinds, seed);
    play_game(&mut game, &mut bots, MAX_STEPS, |g, _| {
        invariants(g.state())
    })
    .map_err(|e| format!("seed {seed} ({kinds:?}): {e}"))?;
    verify_replay(&game).map_err(|e| format!("seed {seed} ({kinds:?}): {e}"))?;
    Ok(game)
}

fn verify_replay(game: &Game<HeroClix>) -> Result<(), String> {
    let text = game
        .replay()
        .and_then(|r| r.to_json())
        .map_err(|e| format!("cannot write the replay: {e}"))?;
    let replay = Replay::from_json(&text).map_err(|e| e.to_string())?;
    let again = replay
        .verify::<HeroClix>()
        .map_err(|e| format!("the replay does not verify: {e}"))?;
    if again.outcome() != game.outcome() {
        return Err(format!(
            "the replay ends {:?}, the game ended {:?}",
            again.outcome(),
            game.outcome()
        ));
    }
    Ok(())
}

/// Plays `seeds` on the starter scenario and returns how many games ended.
fn starter_games(seeds: impl Iterator<Item = u64>) -> usize {
    let scenario = starter_scenario(ROUNDS);
    let mut played = 0;
    for seed in seeds {
        let game = checked_game(&scenario, seed, kinds_for(seed)).unwrap_or_else(|e| panic!("{e}"));
        assert!(game.is_over(), "seed {seed}: the game did not end");
        played += 1;
    }
    played
}

// Four tests of 500 games each, so that the test runner spreads them over the cores.

#[test]
fn starter_games_0_to_500() {
    assert_eq!(starter_games(0..500), 500);
}

#[test]
fn starter_games_500_to_1000() {
    assert_eq!(starter_games(500..1000), 500);
}

#[test]
fn starter_games_1000_to_1500() {
    assert_eq!(starter_games(1000..1500), 500);
}

#[test]
fn starter_games_1500_to_2000() {
    assert_eq!(starter_games(1500..2000), 500);
}

/// Teams with feats, objects (placed during set-up), battlefield conditions and theme-team
/// bonuses play whole games cleanly, and the conformance harness's position checks hold
/// through their set-up steps.
#[test]
fn tactics_games_play_cleanly() {
    let scenario = tactics_scenario(ROUNDS);
    assert!(scenario.teams.iter().all(|t| !t.tactics.objects.is_empty()));
    for seed in 0..300 {
        let game = checked_game(&scenario, seed, kinds_for(seed)).unwrap_or_else(|e| panic!("{e}"));
        assert!(game.is_over(), "seed {seed}: the game did not end");
        let s = game.state();
        assert!(s.conditions.iter().all(|c| c.revealed));
    }
    for seed in 0..6 {
        let kinds = kinds_for(seed);
        let mut game = Game::<HeroClix>::new(scenario.clone(), seed).unwrap();
        let mut bots = bots(kinds, seed);
        let invariant: &dyn Fn(&State) -> Result<(), String> = &invariants;
        let mut position = game.clone();
        play_game(&mut game, &mut bots, MAX_STEPS, |g, _| {
            position = g.clone();
            check_position(&mut position, invariant).map(|_| ())
        })
        .unwrap_or_else(|e| panic!("seed {seed} ({kinds:?}): {e}"));
    }
}

/// Games with a captor (Capture, multiple attacks): captures and rescues happen (releases need
/// a captor walked home, which the rules scenarios of `scenarios/capture/` show), and every
/// position keeps the invariants (a captive is off the map and held by a captor in play).
#[test]
fn capture_games_play_cleanly() {
    let scenario = capture_scenario(ROUNDS);
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let game = checked_game(&scenario, seed, kinds_for(seed)).unwrap_or_else(|e| panic!("{e}"));
        assert!(game.is_over(), "seed {seed}: the game did not end");
        for e in game.events() {
            let name = match e {
                Event::Captured { .. } => "captured",
                Event::Freed {
                    rescuer: Some(_), ..
                } => "rescued",
                Event::Freed { rescuer: None, .. } => "freed by a knock-out",
                Event::CaptiveReleased { .. } => "released",
                _ => continue,
            };
            seen.insert(name);
        }
    }
    println!("capture events seen: {seen:?}");
    for what in ["captured", "rescued"] {
        assert!(seen.contains(what), "no game had a figure {what}: {seen:?}");
    }
}

/// The conformance harness's checks at every position (legal actions, refusals of illegal
/// ones leaving the game untouched, views, state round trips, invariants), with bots choosing
/// the actions.
#[test]
fn conformance_checks_with_bots_at_the_table() {
    let scenario = starter_scenario(ROUNDS);
    for seed in 0..32 {
        let kinds = kinds_for(seed);
        let mut game = Game::<HeroClix>::new(scenario.clone(), seed).unwrap();
        let mut bots = bots(kinds, seed);
        let invariant: &dyn Fn(&State) -> Result<(), String> = &invariants;
        check_position(&mut game, invariant)
            .unwrap_or_else(|e| panic!("seed {seed}: at setup: {e}"));
        let mut position = game.clone();
        play_game(&mut game, &mut bots, MAX_STEPS, |g, _| {
            // The observer sees the game by reference; the harness probes a copy.
            position = g.clone();
            check_position(&mut position, invariant).map(|_| ())
        })
        .unwrap_or_else(|e| panic!("seed {seed} ({kinds:?}): {e}"));
        verify_replay(&game).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}

/// Random 300-point teams of real figures from the hcunits data set (1×1 bases), a few dozen
/// games. The engine does not run powers yet, so every figure plays on its combat values
/// alone; the test prints how many of the figures drawn carry powers it ignores.
#[test]
fn random_real_teams_from_hcunits() {
    let dir = root().join("../shared/data/hcunits");
    assert!(
        dir.is_dir(),
        "the hcunits data set is missing: expected it at {}",
        dir.display()
    );
    let report = import_dir(&dir).unwrap_or_else(|e| panic!("{e}"));
    let figures: Vec<Arc<FigureDef>> = report.figures.into_iter().map(Arc::new).collect();
    let map = starter_scenario(ROUNDS).maps;
    let mut drawn = 0;
    let mut with_powers = 0;
    let mut ignored: std::collections::BTreeMap<String, usize> = Default::default();
    for seed in 0..24u64 {
        let mut picker = Picker::new(seed ^ 0x7EA4);
        let teams: Vec<_> = ["Team A", "Team B"]
            .iter()
            .map(|name| random_team(name, &figures, 300, &mut picker))
            .collect();
        for t in &teams {
            assert!(!t.figures.is_empty(), "seed {seed}: an empty random team");
            let points: u32 = t
                .figures
                .iter()
                .map(|f| f.def.points_for_line(0).unwrap_or(0))
                .sum();
            assert!(points <= 300, "seed {seed}: {points} points");
            for f in &t.figures {
                assert_eq!((f.def.base.width, f.def.base.depth), (1, 1));
                drawn += 1;
                let missing = not_run_yet(&[(0, f.def.as_ref())], &|_| false);
                if !missing.is_empty() {
                    with_powers += 1;
                }
                for m in missing {
                    *ignored.entry(m.ability.name(Lang::En)).or_default() += 1;
                }
            }
        }
        // Every other game brings tactics: objects to place (a special one), a battlefield
        // condition or an event dial, and a whole-team feat, with theme teams on.
        let mut teams = teams;
        let cards = skirmish_heroclix::tactics::Tactics::builtin();
        let tactics = seed % 2 == 1;
        if tactics {
            for (k, t) in teams.iter_mut().enumerate() {
                use skirmish_heroclix::game::state::ObjectKind;
                use skirmish_heroclix::game::tactics::{TeamFeat, TeamObject};
                let special = &cards.special_objects[k % cards.special_objects.len()];
                t.tactics.objects = vec![
                    TeamObject {
                        kind: ObjectKind::Light,
                        name: "Crate".into(),
                        special: None,
                    },
                    TeamObject {
                        kind: special.kind,
                        name: special.name.clone(),
                        special: Some(Arc::new(special.clone())),
                    },
                ];
                if seed % 4 == 1 {
                    t.tactics.condition = Some(Arc::new(cards.conditions[k].clone()));
                }
                if let Some(feat) = cards.feats.iter().find(|f| f.choose == 1) {
                    t.tactics.feats = vec![TeamFeat {
                        def: Arc::new(feat.clone()),
                        characters: vec![0],
                    }];
                }
            }
        }
        let scenario = Scenario {
            maps: map.clone(),
            teams,
            options: Options {
                build_total: 300,
                round_limit: Some(ROUNDS),
                theme_teams: tactics,
                ..Options::default()
            },
            position: None,
            objects: Vec::new(),
            event: (seed % 4 == 3).then(|| Arc::new(cards.events[0].clone())),
        };
        let game = checked_game(&scenario, seed, kinds_for(seed)).unwrap_or_else(|e| {
            let names: Vec<Vec<String>> = scenario
                .teams
                .iter()
                .map(|t| {
                    t.figures
                        .iter()
                        .map(|f| format!("{} ({})", f.def.name, f.def.id))
                        .collect()
                })
                .collect();
            panic!("{e}\nteams: {names:?}")
        });
        assert!(game.is_over());
    }
    let mut common: Vec<(String, usize)> = ignored.into_iter().collect();
    common.sort_by_key(|c| std::cmp::Reverse(c.1));
    eprintln!(
        "{drawn} figures drawn, {with_powers} with powers or abilities the engine does not run \
         yet (they play on combat values alone); most common: {:?}",
        &common[..common.len().min(10)]
    );
}
