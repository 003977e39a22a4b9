//! What the page is sent for a figure is the engine's own number (issue 14, item 2): after
//! Leadership's extra action, with a feat that changes a range and an Indomitable figure that
//! has an action token, the snapshot's values, range, action count, action texts and last roll
//! are the ones the rules use.

use std::path::Path;

use serde_json::Value;
use skirmish_engine::{DiceSource, Game, Seat, Viewer};
use skirmish_heroclix::figure::{Power, Stat};
use skirmish_heroclix::game::{combat, play, Action};
use skirmish_heroclix::present::HeroClixPresentation;
use skirmish_heroclix::scenario_file::from_toml_str;
use skirmish_heroclix::HeroClix;
use skirmish_lang::Lang;
use skirmish_platform::Presentation;

/// L leads (Leadership), A was chosen for Steady Aim (range 4 +2), C is Indomitable and has a
/// token from its last turn, and Perplex already raised L's attack.
const POSITION: &str = r#"
title = "shown values"
source = "issue 14"

[game]
round = 2

[[seat]]
feats = [{ id = "ft01", characters = ["A"] }]

[map]
rows = ["..........", "..........", ".........."]

[[figure]]
name = "L"
seat = 1
square = "0,0"
dial = ["8 9 17 2 | . . . leadership", "8 9 17 2 | . . . leadership", "7 9 16 2"]

[[figure]]
name = "A"
seat = 1
square = "0,2"
range = 4
dial = ["8 9 16 2", "8 9 16 2", "7 8 15 2"]

[[figure]]
name = "C"
seat = 1
square = "1,1"
tokens = 1
symbols = { defense = "indomitable" }
dial = ["8 9 16 2", "8 9 16 2", "7 8 15 2"]

[[figure]]
name = "E"
seat = 2
square = "9,1"
dial = ["7 8 16 2", "7 8 16 2", "7 8 16 2", "7 8 16 2"]
"#;

fn game_after_leadership() -> Game<HeroClix> {
    let file =
        from_toml_str(POSITION, "shown.toml", Path::new(".")).unwrap_or_else(|e| panic!("{e}"));
    let scenario = file.scenario.clone().expect("a game");
    // The only die rolled: Leadership's 5.
    let mut g = Game::<HeroClix>::with_dice(scenario, DiceSource::Script(vec![5]))
        .unwrap_or_else(|e| panic!("{}", e.message));
    let lead = g
        .legal_actions(Seat(0))
        .into_iter()
        .find(|a| {
            matches!(
                a,
                Action::UsePower {
                    power: Power::Leadership,
                    ..
                }
            )
        })
        .expect("Leadership is offered");
    g.act(Seat(0), lead).unwrap();
    g
}

#[test]
fn the_snapshot_shows_the_engines_values() {
    let g = game_after_leadership();
    let p = HeroClixPresentation::embedded().unwrap();
    let view: Value = serde_json::from_str(p.view(&g, Viewer::Seat(Seat(0))).get()).unwrap();
    let state = g.state();

    // Actions: Leadership's extra one is in the total the bar shows.
    let total = play::action_total(state);
    assert_eq!(total, state.action_total + 1, "Leadership succeeded");
    assert_eq!(view["actions"][1].as_u64(), Some(u64::from(total)));
    assert!(p
        .prompt(&g, Viewer::Seat(Seat(0)), Lang::En)
        .contains(&format!("{total} action(s) left")));

    // Every figure's four values and range are the engine's values in play.
    for fv in view["figures"].as_array().unwrap() {
        let id = fv["id"].as_u64().unwrap() as usize;
        let f = &state.figures[id];
        for (i, stat) in Stat::ALL.into_iter().enumerate() {
            assert_eq!(
                fv["values"][i].as_i64(),
                Some(i64::from(combat::stat(state, f, stat).value)),
                "{} {stat:?}",
                f.label
            );
        }
        assert_eq!(
            fv["range"].as_u64(),
            Some(u64::from(combat::range(state, f))),
            "{} range",
            f.label
        );
    }
    let a = view["figures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["label"] == "A")
        .unwrap();
    assert_eq!(
        (a["range"].as_u64(), a["printed_range"].as_u64()),
        (Some(6), Some(4))
    );

    // The Indomitable figure's second token costs no damage: no action of it says so.
    for lang in [Lang::En, Lang::Fr] {
        let legal = p.legal(&g, Seat(0), lang);
        assert!(legal.iter().any(|l| l.action["figure"] == 2));
        for l in &legal {
            if l.action["figure"] == 2 {
                assert!(
                    !l.text.contains("pushing") && !l.text.contains("dépassement"),
                    "{}",
                    l.text
                );
            }
        }
    }

    // The Leadership roll is the last roll the page shows.
    let log = p.log(&g, Viewer::Seat(Seat(0)), 0, Lang::En);
    let last = log
        .iter()
        .rev()
        .find(|l| !l.dice.is_empty())
        .expect("a roll");
    assert_eq!(last.dice, vec![5]);
    assert!(last.text.contains("Leadership"), "{}", last.text);
}
