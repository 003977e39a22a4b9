//! Rulebook *Préparez le champ de bataille*: first player, map, zones, deployment.

use std::sync::Arc;

use skirmish_board::square::{sketch, Square, SquareMap};
use skirmish_engine::{DiceSource, Game, Pending, Seat};
use skirmish_heroclix::content::figures_from_toml_str;
use skirmish_heroclix::game::{Action, Decision, Event, Options, Scenario, TeamFigure, TeamSetup};
use skirmish_heroclix::HeroClix;

const FIGS: &str = r#"
[[figure]]
id = "t1"
name = "Trooper"
set = "t"
number = "1"
points = [50]
range = 4
dial = ["> 6 8 15 2", "  6 7 14 2", "  5 7 14 1"]
"#;

fn team(name: &str, n: usize) -> TeamSetup {
    let def = Arc::new(figures_from_toml_str(FIGS, "test").unwrap().remove(0));
    TeamSetup {
        name: name.into(),
        alliance: None,
        figures: (0..n)
            .map(|_| TeamFigure {
                def: def.clone(),
                line: 0,
                label: None,
            })
            .collect(),
        tactics: Default::default(),
    }
}

/// A 6×6 map with one-row deployment zones on the top and bottom edges.
fn zoned_map() -> SquareMap {
    let mut m = sketch(&["......"; 6]).unwrap();
    for x in 0..6 {
        m.cell_mut(Square::new(x, 0)).unwrap().zone = 1;
        m.cell_mut(Square::new(x, 5)).unwrap().zone = 2;
    }
    m
}

fn decision(g: &Game<HeroClix>) -> (Vec<Seat>, Decision) {
    match g.pending() {
        Pending::Decide { seats, decision } => (seats, decision),
        Pending::Over(o) => panic!("over: {o}"),
    }
}

#[test]
fn first_player_by_2d6_rerolling_ties_then_the_player_on_the_left_chooses_a_zone() {
    let scenario = Scenario {
        maps: vec![zoned_map()],
        teams: vec![team("A", 2), team("B", 2)],
        options: Options::default(),
        position: None,
        objects: Vec::new(),
        event: None,
    };
    // Seat 1 rolls 7, seat 2 rolls 7: tie, reroll: 3+3 against 6+5 → seat 2 goes first.
    let g = Game::<HeroClix>::with_dice(scenario, DiceSource::Script(vec![3, 4, 2, 5, 3, 3, 6, 5]))
        .unwrap();
    assert_eq!(
        g.state().first_player_rolls,
        vec![(Seat(0), vec![7, 6]), (Seat(1), vec![7, 11])]
    );
    assert_eq!(g.state().order, vec![Seat(1), Seat(0)]);
    let (seats, d) = decision(&g);
    // The player to the first player's left (seat 1) chooses first.
    assert_eq!(seats, vec![Seat(0)]);
    assert_eq!(d, Decision::ChooseZone { zones: vec![1, 2] });
}

#[test]
fn two_players_deploy_on_opposite_sides_first_player_first() {
    let scenario = Scenario {
        maps: vec![zoned_map()],
        teams: vec![team("A", 2), team("B", 2)],
        options: Options::default(),
        position: None,
        objects: Vec::new(),
        event: None,
    };
    let mut g =
        Game::<HeroClix>::with_dice(scenario, DiceSource::Script(vec![6, 6, 1, 1])).unwrap();
    // Seat 1 is first; seat 2 chooses first.
    g.act(Seat(1), Action::ChooseZone { zone: 2 }).unwrap();
    let (seats, d) = decision(&g);
    assert_eq!(seats, vec![Seat(0)]);
    assert_eq!(
        d,
        Decision::ChooseZone { zones: vec![1] },
        "only the opposite zone is left"
    );
    g.act(Seat(0), Action::ChooseZone { zone: 1 }).unwrap();
    let (seats, _) = decision(&g);
    assert_eq!(seats, vec![Seat(0)], "the first player places first");
    let legal = g.legal_actions(Seat(0));
    assert!(legal
        .iter()
        .all(|a| matches!(a, Action::Place { square, .. } if square.y == 0)));
    let refused = g.act(
        Seat(0),
        Action::Place {
            figure: skirmish_board::FigureId(0),
            square: Square::new(2, 3),
        },
    );
    assert!(refused.unwrap_err().reason.contains("deployment zone"));
}

#[test]
fn zones_grow_a_row_towards_the_centre_when_a_team_does_not_fit() {
    let scenario = Scenario {
        maps: vec![zoned_map()],
        teams: vec![team("A", 8), team("B", 2)],
        options: Options::default(),
        position: None,
        objects: Vec::new(),
        event: None,
    };
    let mut g =
        Game::<HeroClix>::with_dice(scenario, DiceSource::Script(vec![6, 6, 1, 1])).unwrap();
    g.act(Seat(1), Action::ChooseZone { zone: 2 }).unwrap();
    let events = g.act(Seat(0), Action::ChooseZone { zone: 1 }).unwrap();
    assert!(
        events.contains(&Event::ZonesGrown { rows: 1 }),
        "{events:?}"
    );
    let squares: Vec<Square> = g
        .legal_actions(Seat(0))
        .into_iter()
        .filter_map(|a| match a {
            Action::Place { square, .. } => Some(square),
            _ => None,
        })
        .collect();
    assert!(squares.iter().any(|s| s.y == 1), "row 1 joined zone 1");
    assert!(squares.iter().all(|s| s.y <= 1));
}

#[test]
fn a_game_needs_two_to_four_teams_of_at_least_one_figure() {
    let mut s = Scenario {
        maps: vec![zoned_map()],
        teams: vec![team("A", 1)],
        options: Options::default(),
        position: None,
        objects: Vec::new(),
        event: None,
    };
    assert!(Game::<HeroClix>::new(s.clone(), 1).is_err());
    s.teams.push(team("B", 0));
    let e = Game::<HeroClix>::new(s, 1).unwrap_err();
    assert!(e.to_string().contains("no figure"), "{e}");
}

#[test]
fn a_figure_whose_dial_shows_a_symbol_does_not_start_a_game() {
    let mut b = team("B", 1);
    let mut def = (*b.figures[0].def).clone();
    def.dial[2].speed = skirmish_heroclix::figure::DialValue::Symbol(
        skirmish_heroclix::figure::DialSymbol::Hourglass,
    );
    b.figures[0].def = Arc::new(def);
    let s = Scenario {
        maps: vec![zoned_map()],
        teams: vec![team("A", 1), b],
        options: Options::default(),
        position: None,
        objects: Vec::new(),
        event: None,
    };
    let e = Game::<HeroClix>::new(s, 1).unwrap_err().to_string();
    assert!(
        e.contains("team 2 (B)") && e.contains("dial[2].speed") && e.contains("hourglass"),
        "{e}"
    );
}
