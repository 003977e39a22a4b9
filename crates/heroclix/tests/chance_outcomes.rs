//! The engine's chance outcomes (`skirmish_engine::search`) on HeroClix rolls: an attack's
//! outcomes follow the exact 2d6 distribution (rulebook *Combat*: a 2 always misses, a 12 always
//! hits and is a critical hit, doubles on a hit knock back), and so do a breakaway roll and a
//! knockback's consequences. These are what a search bot's chance nodes stand on.

use std::collections::BTreeMap;
use std::path::Path;

use skirmish_board::square::Square;
use skirmish_board::FigureId;
use skirmish_engine::search::{chance_outcomes, sample_outcome, DEFAULT_CHANCE_BUDGET};
use skirmish_engine::{Dice, DiceSource, Game, Seat};
use skirmish_heroclix::game::{Action, HeroClix, State};
use skirmish_heroclix::scenario_file::from_toml_str;

/// A (attack 9, damage 2) next to B (defence 16) in open ground: B is hit on 7 or more.
const DUEL: &str = r#"
title = "t"
source = "s"
[game]
round = 2
[map]
rows = ["..........", "..........", "..........", ".........."]
[[figure]]
name = "A"
seat = 1
square = "2,1"
dial = ["8 9 17 2", "7 9 16 2", "7 8 16 2", "6 8 15 1"]
[[figure]]
name = "B"
seat = 2
square = "3,1"
dial = ["6 8 16 2", "6 8 16 2", "5 7 15 2", "5 7 15 2", "5 7 15 2", "5 7 15 2"]
"#;

fn game(text: &str) -> (Game<HeroClix>, Vec<String>) {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let file = from_toml_str(text, "t.toml", &base).unwrap_or_else(|e| panic!("{e}"));
    let scenario = file.scenario.clone().unwrap_or_else(|| panic!("no game"));
    let g = Game::<HeroClix>::with_dice(scenario, DiceSource::Script(Vec::new()))
        .unwrap_or_else(|e| panic!("{e}"));
    (g, file.names.clone())
}

fn id(names: &[String], n: &str) -> FigureId {
    FigureId(names.iter().position(|x| x == n).expect("named figure") as u32)
}

/// B's click and square after the action, by probability.
fn by_result(
    outcomes: &[skirmish_engine::search::ChanceOutcome<HeroClix>],
    b: FigureId,
) -> BTreeMap<(usize, Option<Square>), f64> {
    let mut out = BTreeMap::new();
    for o in outcomes {
        let f = o.state.fig(b).expect("B");
        *out.entry((f.click, f.square)).or_insert(0.0) += o.probability;
    }
    out
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn a_close_attack_follows_the_2d6_distribution() {
    let (g, names) = game(DUEL);
    let (a, b) = (id(&names, "A"), id(&names, "B"));
    let attack = Action::CloseAttack {
        attacker: a,
        target: b,
        power: None,
    };
    let state: &State = g.state();
    let outcomes =
        chance_outcomes::<HeroClix>(state, Seat(0), &attack, DEFAULT_CHANCE_BUDGET).unwrap();
    let total: f64 = outcomes.iter().map(|o| o.probability).sum();
    assert!(close(total, 1.0), "probabilities add up to {total}");
    // Every branch rolled exactly two dice, and all 36 sequences were explored.
    assert!(outcomes.iter().all(|o| o.dice.len() == 2));
    assert_eq!(outcomes.iter().map(|o| o.branches).sum::<usize>(), 36);

    let start = Some(Square::new(3, 1));
    let results = by_result(&outcomes, b);
    // A miss: 2d6 + 9 < 16, or a 2 (15 of 36 rolls: sums 2 to 6).
    assert!(close(results[&(0, start)], 15.0 / 36.0), "{results:?}");
    // A plain hit, 2 damage, no doubles: sums 7 to 11 less (4,4) and (5,5): 18 of 36.
    assert!(close(results[&(2, start)], 18.0 / 36.0), "{results:?}");
    // Doubles on a hit knock B back 2 squares along the line away from A: (4,4) and (5,5).
    assert!(
        close(results[&(2, Some(Square::new(5, 1)))], 2.0 / 36.0),
        "{results:?}"
    );
    // A 12 is a critical hit: 3 damage, and knocked back 3 squares (1 of 36).
    assert!(
        close(results[&(3, Some(Square::new(6, 1)))], 1.0 / 36.0),
        "{results:?}"
    );
    assert_eq!(results.len(), 4, "{results:?}");
}

#[test]
fn a_breakaway_roll_succeeds_on_4_or_more() {
    let (g, names) = game(DUEL);
    let b = id(&names, "B");
    // Seat 1 moves A away from B: a d6 for the breakaway (rulebook *Évasion*).
    let a = id(&names, "A");
    let to = Square::new(0, 3);
    let action = Action::Move {
        figure: a,
        to,
        carry: None,
    };
    let outcomes =
        chance_outcomes::<HeroClix>(g.state(), Seat(0), &action, DEFAULT_CHANCE_BUDGET).unwrap();
    let gone: f64 = outcomes
        .iter()
        .filter(|o| o.state.fig(a).and_then(|f| f.square) == Some(to))
        .map(|o| o.probability)
        .sum();
    let stayed: f64 = outcomes
        .iter()
        .filter(|o| o.state.fig(a).and_then(|f| f.square) == Some(Square::new(2, 1)))
        .map(|o| o.probability)
        .sum();
    assert!(close(gone, 0.5) && close(stayed, 0.5), "{gone} {stayed}");
    assert_eq!(
        outcomes.len(),
        2,
        "a success and a failure, whatever the roll"
    );
    assert!(outcomes.iter().all(|o| o.dice.len() == 1));
    // B is untouched either way.
    assert!(outcomes
        .iter()
        .all(|o| o.state.fig(b).map(|f| f.click) == Some(0)));
}

#[test]
fn a_knockback_into_a_wall_of_the_map_edge_stops_there() {
    // B stands one square from the edge: a knockback of 2 moves it 1 and no further (rulebook
    // *Repoussement*: a figure knocked back against the edge of the map stops there).
    let text = DUEL
        .replace("square = \"2,1\"", "square = \"7,1\"")
        .replace("square = \"3,1\"", "square = \"8,1\"");
    let (g, names) = game(&text);
    let (a, b) = (id(&names, "A"), id(&names, "B"));
    let attack = Action::CloseAttack {
        attacker: a,
        target: b,
        power: None,
    };
    let outcomes =
        chance_outcomes::<HeroClix>(g.state(), Seat(0), &attack, DEFAULT_CHANCE_BUDGET).unwrap();
    let results = by_result(&outcomes, b);
    let edge = Some(Square::new(9, 1));
    let knocked: f64 = results
        .iter()
        .filter(|((_, sq), _)| *sq == edge)
        .map(|(_, p)| p)
        .sum();
    assert!(close(knocked, 3.0 / 36.0), "{results:?}");
    assert!(results.keys().all(|(_, sq)| sq.is_some_and(|s| s.x <= 9)));
}

#[test]
fn samples_land_on_listed_outcomes() {
    let (g, names) = game(DUEL);
    let (a, b) = (id(&names, "A"), id(&names, "B"));
    let attack = Action::CloseAttack {
        attacker: a,
        target: b,
        power: None,
    };
    let listed = by_result(
        &chance_outcomes::<HeroClix>(g.state(), Seat(0), &attack, DEFAULT_CHANCE_BUDGET).unwrap(),
        b,
    );
    let mut dice = Dice::seeded(11);
    let mut seen = BTreeMap::new();
    for _ in 0..400 {
        let (state, _) =
            sample_outcome::<HeroClix>(g.state(), Seat(0), &attack, &mut dice).unwrap();
        let f = state.fig(b).unwrap();
        let key = (f.click, f.square);
        assert!(listed.contains_key(&key), "{key:?} not among {listed:?}");
        *seen.entry(key).or_insert(0u32) += 1;
    }
    // 400 samples of a 15/36 event: about 167, far from 0 or 400.
    let misses = seen[&(0, Some(Square::new(3, 1)))];
    assert!((110..=225).contains(&misses), "{misses}");
}
