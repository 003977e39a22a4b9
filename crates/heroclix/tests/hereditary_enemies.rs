//! Hereditary enemies (FAQ 2002; rules option `hereditary_enemies`) in what the players read: the
//! release of a hereditary-enemy captive is offered for three times its points, and the same
//! game without the option offers twice.

use std::path::Path;

use skirmish_engine::{DiceSource, Game, Seat};
use skirmish_heroclix::game::text::describe_action;
use skirmish_heroclix::game::{Action, HeroClix};
use skirmish_heroclix::scenario_file::from_toml_str;
use skirmish_lang::Lang;

fn scenario(option: &str) -> String {
    format!(
        r#"
title = "t"
source = "s"
[game]
round = 2
powers = {{ hereditary_enemies = "{option}" }}
[[seat]]
name = "Sentinels"
zone = 1
[[seat]]
name = "Mutants"
zone = 2
[map]
rows = ["......", "......", "......", "......"]
zones = ["111...", "111...", "......", "....22"]
[[figure]]
name = "S"
seat = 1
square = "0,0"
base = "2x2"
points = 200
enemy_ring = "purple"
dial = ["6 10 17 3", "6 10 17 3"]
special = [{{ kind = "trait", name = "CAPTURE", text = "Capture.", effects = [{{ uses = "capture" }}] }}]
[[figure]]
name = "E"
seat = 2
square = "2,0"
points = 40
enemy_ring = "red"
dial = ["6 9 16 2", "6 9 16 2"]
[[figure]]
name = "F"
seat = 2
square = "5,3"
points = 40
dial = ["6 9 16 2", "6 9 16 2"]
"#
    )
}

fn release_text(option: &str, lang: Lang) -> String {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let file = from_toml_str(&scenario(option), "t.toml", &base).unwrap_or_else(|e| panic!("{e}"));
    let s = file.scenario.clone().unwrap_or_else(|| panic!("no game"));
    let mut g = Game::<HeroClix>::with_dice(s, DiceSource::Script(vec![4, 4]))
        .unwrap_or_else(|e| panic!("{e}"));
    let id =
        |n: &str| skirmish_board::FigureId(file.names.iter().position(|x| x == n).unwrap() as u32);
    g.act(
        Seat(0),
        Action::Capture {
            figure: id("S"),
            target: id("E"),
        },
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    describe_action(
        g.state(),
        &Action::Release {
            figure: id("S"),
            captive: id("E"),
        },
        lang,
    )
}

#[test]
fn a_hereditary_enemy_captive_is_offered_for_three_times_its_points() {
    let en = release_text("any_ring", Lang::En);
    assert!(en.contains("(120 victory points)"), "{en}");
    let fr = release_text("any_ring", Lang::Fr);
    assert!(fr.contains("(120 points de victoire)"), "{fr}");
    let off = release_text("off", Lang::En);
    assert!(off.contains("(80 victory points)"), "{off}");
}
