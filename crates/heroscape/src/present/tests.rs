//! The presentation played through the platform: whole games by bots, texts in both
//! languages, the board, judge queries, and what another seat is shown of the markers.

use serde_json::Map;
use skirmish_engine::{Seat, Viewer};
use skirmish_lang::Lang;
use skirmish_platform::{BotPlayer, Platform, Presentation, RandomPlayer};

use super::*;

fn platform() -> Platform {
    Platform::new().with(HeroScapePresentation::default())
}

#[test]
fn bots_play_whole_games_through_the_platform() {
    let p = platform();
    let hs = p.find("heroscape").unwrap();
    let setup = hs.setup(&Map::new(), Lang::En).unwrap();
    assert_eq!(
        setup.seat_names,
        vec!["Greywatch Company", "Emberfall Host"]
    );
    for seed in 0..6 {
        let mut g = p
            .registry()
            .new_game("heroscape", &setup.scenario, seed)
            .unwrap();
        let greedy = bots::GreedyPlayer;
        let mut n = 0u64;
        while let Some(&seat) = g.pending_seats().first() {
            let legal = hs.legal(g.as_ref(), seat, Lang::Fr);
            assert!(!legal.is_empty());
            assert!(legal
                .iter()
                .all(|l| l.group.is_some() && !l.text.is_empty()));
            let bot: &dyn BotPlayer = if seat == Seat(0) {
                &greedy
            } else {
                &RandomPlayer
            };
            let a = bot.choose(g.as_ref(), seat, seed + n).unwrap();
            g.act_json(seat, &a).unwrap();
            n += 1;
            assert!(n < 5000, "the game does not end");
        }
        let end = hs.prompt(g.as_ref(), Viewer::Spectator, Lang::Fr);
        assert!(end.starts_with("Partie terminée"), "{end}");
        let log = hs.log(g.as_ref(), Viewer::Spectator, 0, Lang::Fr);
        assert!(
            log.iter().any(|l| l.text.contains("marqueur d'ordre")),
            "no marker in the log"
        );
        assert!(log.iter().any(|l| l.text.contains("initiative")));
    }
}

#[test]
fn the_board_shows_levels_and_the_log_hides_markers() {
    let p = platform();
    let hs = p.find("heroscape").unwrap();
    let mut f = Map::new();
    f.insert("battlefield".into(), serde_json::json!("tor"));
    f.insert("army_1".into(), serde_json::json!("wardens"));
    f.insert("army_2".into(), serde_json::json!("raiders"));
    let setup = hs.setup(&f, Lang::En).unwrap();
    let mut g = p
        .registry()
        .new_game("heroscape", &setup.scenario, 3)
        .unwrap();
    // Place both armies, then seat 1 lays its first marker.
    loop {
        let seat = g.pending_seats()[0];
        let legal = hs.legal(g.as_ref(), seat, Lang::En);
        if legal[0].action["type"] == "place_marker" {
            g.act_json(Seat(0), &hs.legal(g.as_ref(), Seat(0), Lang::En)[0].action)
                .unwrap();
            break;
        }
        g.act_json(seat, &legal[0].action).unwrap();
    }
    let board = hs.board(g.as_ref(), Viewer::Seat(Seat(1))).unwrap();
    assert_eq!(board.kind, BoardKind::Hex);
    assert!(board.cells.iter().any(|c| c.height == 5), "the tor's top");
    assert_eq!(board.pieces.len(), 8);
    assert!(board
        .cells
        .iter()
        .any(|c| c.label.contains("glyph (face down)")));
    let theirs = hs.log(g.as_ref(), Viewer::Seat(Seat(1)), 0, Lang::En);
    let last = theirs.last().unwrap();
    assert!(last.text.contains("face down"), "{}", last.text);
    let mine = hs.log(g.as_ref(), Viewer::Seat(Seat(0)), 0, Lang::En);
    assert!(
        mine.last().unwrap().text.contains("order marker 1"),
        "{}",
        mine.last().unwrap().text
    );
    let prompt = hs.prompt(g.as_ref(), Viewer::Seat(Seat(1)), Lang::Fr);
    assert!(prompt.contains("marqueurs d'ordre"), "{prompt}");
}

#[test]
fn judge_answers_reach_and_line_of_sight() {
    let p = platform();
    let hs = p.find("heroscape").unwrap();
    let setup = hs.setup(&Map::new(), Lang::En).unwrap();
    let mut g = p
        .registry()
        .new_game("heroscape", &setup.scenario, 4)
        .unwrap();
    while let Some(&seat) = g.pending_seats().first() {
        let legal = hs.legal(g.as_ref(), seat, Lang::En);
        if legal[0].action["type"] != "place" {
            break;
        }
        g.act_json(seat, &legal[0].action).unwrap();
    }
    let q = |pairs: &[(&str, &str)]| {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<std::collections::BTreeMap<_, _>>()
    };
    let reach = hs
        .judge(g.as_ref(), "reach", &q(&[("figure", "1")]), Lang::En)
        .unwrap();
    assert!(!reach["destinations"].as_array().unwrap().is_empty());
    let enemy = downcast(g.as_ref())
        .unwrap()
        .state()
        .figures
        .iter()
        .find(|f| f.owner == Seat(1))
        .unwrap()
        .id
        .to_string();
    let los = hs
        .judge(
            g.as_ref(),
            "los",
            &q(&[("from", "1"), ("to", enemy.as_str())]),
            Lang::Fr,
        )
        .unwrap();
    assert!(los["range"].as_u64().unwrap() > 1);
    assert!(!los["why"].as_str().unwrap().is_empty());
    let bad = hs
        .judge(g.as_ref(), "reach", &q(&[("figure", "999")]), Lang::En)
        .unwrap_err();
    assert!(bad.message.contains("999"), "{bad}");
}

#[test]
fn setup_names_bad_fields() {
    let hs = HeroScapePresentation::default();
    let mut f = Map::new();
    f.insert("army_1".into(), serde_json::json!("nobody"));
    let e = hs.setup(&f, Lang::En).unwrap_err();
    assert!(
        e.message.contains("army_1") && e.message.contains("nobody"),
        "{e}"
    );
    let mut f = Map::new();
    f.insert("colour".into(), serde_json::json!("red"));
    assert!(hs
        .setup(&f, Lang::En)
        .unwrap_err()
        .message
        .contains("colour"));
    let mut f = Map::new();
    f.insert("teams".into(), serde_json::json!("teams"));
    assert!(hs
        .setup(&f, Lang::En)
        .unwrap_err()
        .message
        .contains("4 players"));
    f.insert("players".into(), serde_json::json!(4));
    // Teammates share a start zone: two big armies do not fit in one of 12 hexes.
    let e = hs.setup(&f, Lang::En).unwrap_err();
    assert!(
        e.message.contains("start zone 1 has 12 free hex(es)") && e.message.contains("15"),
        "{e}"
    );
    for (i, a) in ["wardens", "raiders", "stoneguard", "outriders"]
        .iter()
        .enumerate()
    {
        f.insert(format!("army_{}", i + 1), serde_json::json!(a));
    }
    let s = hs.setup(&f, Lang::En).unwrap();
    assert_eq!(s.seat_names.len(), 4);
}

#[test]
fn setup_offers_pre_built_armies_or_a_draft_and_refuses_bad_ones() {
    let hs = HeroScapePresentation::default();
    let content = hs.content(Lang::Fr);
    let fields: Vec<&str> = content["setup"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f["field"].as_str())
        .collect();
    for want in ["battlefield", "army_mode", "points", "army_1", "pool"] {
        assert!(fields.contains(&want), "{want} in {fields:?}");
    }
    // A draft: empty armies, the pool of the sample cards, the points.
    let mut f = Map::new();
    f.insert("army_mode".into(), serde_json::json!("draft"));
    f.insert("points".into(), serde_json::json!(300));
    let s = hs.setup(&f, Lang::En).unwrap();
    let scenario: crate::game::Scenario = serde_json::from_value(s.scenario).unwrap();
    let d = scenario.draft.expect("a draft");
    assert_eq!(d.points, 300);
    assert!(
        d.pool.len() > hs.loaded().sample_cards.len(),
        "commons twice"
    );
    assert!(scenario.players.iter().all(|p| p.army.is_empty()));
    // No catalogue was given: its pool is refused, saying how to give one.
    f.insert("pool".into(), serde_json::json!("catalogue"));
    let e = hs.setup(&f, Lang::En).unwrap_err();
    assert!(e.message.contains("--content"), "{e}");
    // A pre-built army of card ids, over the points.
    let mut f = Map::new();
    f.insert(
        "army_1".into(),
        serde_json::json!(["cinder-drake", "thrall-hulk", "emberclaw-brute"]),
    );
    f.insert("points".into(), serde_json::json!(200));
    let e = hs.setup(&f, Lang::En).unwrap_err();
    assert!(
        e.message.contains("army_1") && e.message.contains("200"),
        "{e}"
    );
    f.insert("army_1".into(), serde_json::json!(["no-such-card"]));
    let e = hs.setup(&f, Lang::En).unwrap_err();
    assert!(e.message.contains("army_1[0]"), "{e}");
    f.insert("army_1".into(), serde_json::json!(["emberclaw-brute"]));
    f.insert("army_2".into(), serde_json::json!(["granite-warden"]));
    assert!(hs.setup(&f, Lang::En).is_ok());
}

#[test]
fn board_labels_are_initials_without_the_edition() {
    assert_eq!(super::initials("Captain Oriel Vance"), "CO");
    assert_eq!(super::initials("Isamu (SotC)"), "Is");
    assert_eq!(super::initials("Agent Carr (RotV)"), "AC");
    assert_eq!(super::initials("Eel & F'Fuoh"), "EF");
    assert_eq!(super::initials("Q"), "Q");
}

#[test]
fn board_labels_tell_different_cards_apart() {
    let names = [
        "Marro Drones",
        "Marro Dividers",
        "Marro Drudge",
        "Isamu (SotC)",
        "Isamu (FoV)",
        "Captain Oriel Vance",
        "Marro Drones",
    ];
    let labels = super::unit_labels(names.iter().copied());
    assert_eq!(
        labels,
        ["MDro", "MDiv", "MDru", "IsS", "IsF", "CO", "MDro"],
        "the same card keeps one label"
    );
}

#[test]
fn observations_never_show_another_sides_markers() {
    let p = platform();
    let hs = p.find("heroscape").unwrap();
    let setup = hs.setup(&Map::new(), Lang::En).unwrap();
    let mut g = p
        .registry()
        .new_game("heroscape", &setup.scenario, 3)
        .unwrap();
    while let Some(&seat) = g.pending_seats().first() {
        let legal = g.legal_actions_json(seat).unwrap();
        if legal[0]["type"] == "place_marker" {
            break;
        }
        g.act_json(seat, &legal[0]).unwrap();
    }
    // Seat 0 lays its four markers on the same two cards in two ways, the numbers swapped:
    // which cards hold markers is public, their numbers are not. Seat 1 has laid none yet.
    let lay = |order: [(&str, u16); 4]| {
        let mut g = g.clone_game();
        for (marker, unit) in order {
            let action =
                serde_json::json!({"type": "place_marker", "marker": marker, "unit": unit});
            g.act_json(Seat(0), &action).unwrap();
        }
        g
    };
    let (u, v) = (0, 1);
    let a = lay([("1", u), ("2", v), ("3", u), ("X", v)]);
    let b = lay([("1", v), ("2", u), ("3", u), ("X", v)]);
    let theirs = |g: &dyn AnyGame| {
        (
            hs.observation(g, Seat(1)).unwrap(),
            hs.observation_text(g, Seat(1), Lang::En),
        )
    };
    assert!(
        theirs(a.as_ref()) == theirs(b.as_ref()),
        "seat 1's observation shows seat 0's hidden marker numbers"
    );
    // The planes do carry markers: seat 0 sees where its own lie.
    let mine = |g: &dyn AnyGame| hs.observation(g, Seat(0)).unwrap();
    let (ma, mb) = (mine(a.as_ref()), mine(b.as_ref()));
    assert!(ma != mb, "seat 0's own markers are not in its observation");
    assert_eq!(ma.planes, theirs(a.as_ref()).0.planes);
    // Seat 1 sees four face-down markers over seat 0's cards.
    let o = theirs(a.as_ref()).0;
    let down = o
        .planes
        .iter()
        .position(|p| p == "markers_face_down")
        .unwrap();
    let plane = &o.data[down * o.width * o.height..(down + 1) * o.width * o.height];
    assert!(plane.iter().any(|&v| v > 0.0));
}
