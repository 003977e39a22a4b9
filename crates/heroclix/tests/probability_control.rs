//! Probability Control on rolls inside an action (FAQ 2002 *Contrôle des Probabilités*): the
//! action held back at the roll shows each event once, whatever the answer, and the same seed
//! and answers give the same game.

use std::path::Path;

use skirmish_engine::{DiceSource, Game, Seat};
use skirmish_heroclix::game::{Action, Event, HeroClix};
use skirmish_heroclix::scenario_file::from_toml_str;

const SUPER_SENSES: &str = r#"
title = "t"
source = "s"
[game]
round = 2
active = 2
[map]
rows = ["..........", "..........", ".........."]
[[figure]]
name = "A"
seat = 2
square = "0,1"
range = 6
dial = ["6 9 17 2", "6 9 17 2", "6 9 17 2"]
[[figure]]
name = "S"
seat = 1
square = "5,1"
dial = ["6 8 16 2 | . . super_senses .", "6 8 16 2 | . . super_senses .", "6 8 16 2"]
[[figure]]
name = "P"
seat = 1
square = "8,1"
dial = ["7 8 16 2 | . . . probability_control", "7 8 16 2 | . . . probability_control", "6 7 15 2"]
"#;

fn game(dice: Vec<u8>) -> (Game<HeroClix>, Vec<String>) {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let file = from_toml_str(SUPER_SENSES, "t.toml", &base).unwrap_or_else(|e| panic!("{e}"));
    let scenario = file.scenario.clone().unwrap_or_else(|| panic!("no game"));
    let g = Game::<HeroClix>::with_dice(scenario, DiceSource::Script(dice))
        .unwrap_or_else(|e| panic!("{e}"));
    (g, file.names.clone())
}

fn id(names: &[String], n: &str) -> skirmish_board::FigureId {
    let i = names
        .iter()
        .position(|x| x == n)
        .unwrap_or_else(|| panic!("no {n}"));
    skirmish_board::FigureId(i as u32)
}

fn kinds(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .map(|e| {
            let j = serde_json::to_value(e).unwrap_or_default();
            j["event"].as_str().unwrap_or("?").to_string()
        })
        .collect()
}

#[test]
fn a_held_back_roll_is_shown_once_whatever_the_answer() {
    for accept in [true, false] {
        let (mut g, names) = game(vec![4, 4, 3, 5]);
        let shot = Action::RangedAttack {
            attacker: id(&names, "A"),
            targets: vec![id(&names, "S")],
            power: None,
        };
        let first = g.act(Seat(1), shot).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(kinds(&first), ["attack_roll", "attack_result", "evaded"]);
        let answer = if accept {
            Action::Accept
        } else {
            Action::Decline
        };
        let second = g.act(Seat(0), answer).unwrap_or_else(|e| panic!("{e:?}"));
        if accept {
            assert_eq!(kinds(&second), ["power_used", "evaded", "token"]);
        } else {
            assert_eq!(
                kinds(&second),
                ["damage_value", "damage", "knocked_back", "token"]
            );
        }
        let state = g.state();
        let s = state.fig(id(&names, "S")).unwrap_or_else(|| panic!("no S"));
        assert_eq!(s.click, if accept { 0 } else { 2 });
        assert!(state.rolls.is_clear(), "the action's dice are not kept");
    }
}

#[test]
fn the_same_seed_and_answers_give_the_same_game() {
    let play = || {
        let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
        let file = from_toml_str(SUPER_SENSES, "t.toml", &base).unwrap_or_else(|e| panic!("{e}"));
        let scenario = file.scenario.clone().unwrap_or_else(|| panic!("no game"));
        let mut g = Game::<HeroClix>::new(scenario, 99).unwrap_or_else(|e| panic!("{e}"));
        let names = file.names.clone();
        for _ in 0..6 {
            let shot = Action::RangedAttack {
                attacker: id(&names, "A"),
                targets: vec![id(&names, "S")],
                power: None,
            };
            if g.act(Seat(1), shot).is_err() {
                break;
            }
            while let Some(seat) = g.pending_seats().first().copied() {
                if seat == Seat(1) {
                    break;
                }
                if g.act(seat, Action::Accept).is_err() {
                    break;
                }
            }
        }
        g.state_hash()
    };
    assert_eq!(play(), play());
}
