//! The presentation's texts, hints, board and judge queries on a real game.

use super::*;
use crate::game::Decision;
use skirmish_board::square::Square;

fn game() -> Game<HeroClix> {
    game_seeded(7)
}

fn game_seeded(seed: u64) -> Game<HeroClix> {
    let c = Content::embedded().unwrap();
    let teams: Vec<_> = DEFAULT_TEAMS
        .iter()
        .map(|t| c.team_from_request(&json!(t)).unwrap())
        .collect();
    let s = c
        .scenario(DEFAULT_MAP, &teams, &GameChoices::points(300), Lang::En)
        .unwrap();
    Game::new(s, seed).unwrap()
}

/// Plays the first legal action until the game reaches the turn phase.
fn to_play(g: &mut Game<HeroClix>) {
    for _ in 0..200 {
        let seat = g.pending_seats()[0];
        if matches!(
            g.pending(),
            Pending::Decide {
                decision: Decision::Turn { .. },
                ..
            }
        ) {
            return;
        }
        let a = g.legal_actions(seat)[0].clone();
        g.act(seat, a).unwrap();
    }
    panic!("no turn phase");
}

#[test]
fn every_legal_action_has_a_text_and_hints_in_both_languages() {
    let p = HeroClixPresentation::embedded().unwrap();
    let mut g = game();
    to_play(&mut g);
    let seat = g.pending_seats()[0];
    for lang in [Lang::En, Lang::Fr] {
        let legal = p.legal(&g, seat, lang);
        assert_eq!(legal.len(), g.legal_actions(seat).len());
        assert!(legal
            .iter()
            .all(|l| !l.text.is_empty() && l.group.is_some()));
        let moves: Vec<&Legal> = legal
            .iter()
            .filter(|l| l.action["type"] == "move")
            .collect();
        assert!(!moves.is_empty());
        // A move names its figure and its destination, for the page to light them up.
        for m in &moves {
            let f = m.action["figure"].as_u64().unwrap() as u32;
            assert_eq!(m.figure, Some(f));
            let to = &m.action["to"];
            assert_eq!(
                m.cells,
                vec![[
                    to["x"].as_i64().unwrap() as i32,
                    to["y"].as_i64().unwrap() as i32
                ]]
            );
        }
        if lang == Lang::En {
            assert!(
                moves[0].text.starts_with("Move ") || moves[0].text.contains("stays"),
                "{}",
                moves[0].text
            );
            assert!(moves.iter().any(|m| m.text.contains("squares")));
            assert_eq!(moves[0].group.as_deref(), Some("Move"));
        } else {
            assert!(moves.iter().any(|m| m.text.starts_with("Déplacer")));
            assert_eq!(moves[0].group.as_deref(), Some("Déplacement"));
        }
    }
    assert!(!p.prompt(&g, Viewer::Spectator, Lang::En).is_empty());
    assert!(!p.log(&g, Viewer::Spectator, 0, Lang::Fr).is_empty());
}

#[test]
fn the_board_shows_terrain_and_every_figure_on_the_map() {
    let p = HeroClixPresentation::embedded().unwrap();
    let mut g = game();
    to_play(&mut g);
    let b = p.board(&g, Viewer::Spectator).unwrap();
    assert_eq!(
        (b.width, b.height),
        (g.state().map.width(), g.state().map.height())
    );
    let on_map = g
        .state()
        .figures
        .iter()
        .filter(|f| f.square.is_some() && !f.ko)
        .count();
    assert_eq!(b.pieces.len(), on_map);
    assert!(b.cells.iter().any(|c| c.terrain == "blocking"));
    assert!(
        b.pieces.iter().any(|p| !p.cells.is_empty()),
        "the giant covers several squares"
    );
    let text = p.board_text(&g, Viewer::Spectator);
    assert_eq!(text.lines().count() as i32, b.height);
    // Walls stand on edges, each listed once, and match the map's.
    let map = &g.state().map;
    let mut expected = 0;
    for y in 0..map.height() {
        for x in 0..map.width() {
            let sq = skirmish_board::square::Square::new(x, y);
            for d in [
                skirmish_board::square::Dir::N,
                skirmish_board::square::Dir::W,
            ] {
                expected += usize::from(map.wall(sq, d));
            }
        }
    }
    assert!(expected > 0, "the default map has walls");
    assert_eq!(b.walls.len(), expected);
    for w in &b.walls {
        let sq = skirmish_board::square::Square::new(w.at[0], w.at[1]);
        let d = if w.side == "n" {
            skirmish_board::square::Dir::N
        } else {
            skirmish_board::square::Dir::W
        };
        assert!(map.wall(sq, d), "{w:?}");
    }
}

#[test]
fn setup_refuses_unknown_fields_and_names_them() {
    let p = HeroClixPresentation::embedded().unwrap();
    let mut f = Map::new();
    f.insert("mapp".into(), json!("harbour-district"));
    let e = p.setup(&f, Lang::En).unwrap_err();
    assert_eq!(e.code, "bad-setup");
    assert!(e.message.contains("mapp"), "{e}");
    f.clear();
    f.insert("map".into(), json!("nowhere"));
    assert_eq!(p.setup(&f, Lang::En).unwrap_err().code, "unknown-map");
    let ok = p.setup(&Map::new(), Lang::En).unwrap();
    assert_eq!(ok.seat_names.len(), 2);
}

/// The end screen words the rule that ended the game, as the state keeps it, in the reader's
/// language; the engine's outcome keeps its stored English sentence for files and programs.
#[test]
fn the_end_is_told_in_the_players_language() {
    let g = game();
    let mut s = g.state().clone();
    let end = crate::game::score::End {
        winners: vec![Seat(1)],
        scores: vec![(Seat(0), 0), (Seat(1), 50)],
        reason: crate::game::EndReason::RoundLimit,
    };
    s.outcome = Some(end.clone());
    let o = end.outcome();
    assert_eq!(o.reason, "round limit reached, victory points decide");
    let fr = outcome_text(&s, &o, Lang::Fr);
    assert_eq!(
        fr,
        format!(
            "Partie terminée : {} (limite de rounds atteinte, les points de victoire décident)",
            text::team_name(&s, Seat(1), Lang::Fr)
        )
    );
    assert!(fr.contains("(joueur 2)"), "{fr}");
    let en = outcome_text(&s, &o, Lang::En);
    assert!(
        en.starts_with("Game over: ")
            && en.ends_with("(round limit reached, victory points decide)"),
        "{en}"
    );
}

#[test]
fn reach_and_line_of_fire_answer() {
    let mut g = game();
    to_play(&mut g);
    let seat = g.pending_seats()[0];
    let mine: Vec<u32> = g
        .state()
        .figures
        .iter()
        .filter(|f| f.owner == seat)
        .map(|f| f.id.0)
        .collect();
    let theirs = g
        .state()
        .figures
        .iter()
        .find(|f| f.owner != seat)
        .map(|f| f.id.0)
        .unwrap();
    use judge::{line_of_fire, reach};
    let p = HeroClixPresentation::embedded().unwrap();
    let mut q = BTreeMap::new();
    q.insert("figure".to_string(), mine[0].to_string());
    q.insert("to".to_string(), "0,0".to_string());
    let r = p.judge(&g, "reach", &q, Lang::En).unwrap();
    assert!(r["destinations"].as_array().unwrap().len() > 1);
    assert!(r["to"]["ok"].is_boolean());
    let l = line_of_fire(&g, mine[0], Some(theirs), None, Lang::Fr).unwrap();
    assert!(l["verdict"].is_string());
    let giant = g
        .state()
        .figures
        .iter()
        .find(|f| f.is_multi_base())
        .map(|f| (f.id.0, f.square))
        .unwrap();
    let r = reach(&g, giant.0, giant.1, Lang::Fr).unwrap();
    assert_eq!(r["base"], json!([2, 2]));
    assert!(!r["destinations"].as_array().unwrap().is_empty());
    let l = line_of_fire(&g, giant.0, Some(mine[0]), None, Lang::En).unwrap();
    assert!(l["notes"].is_array());
    assert!(reach(&g, 999, None, Lang::En).is_err());
    assert!(line_of_fire(&g, mine[0], None, None, Lang::En).is_err());
    assert!(line_of_fire(&g, mine[0], None, Some(Square::new(-5, 900)), Lang::En).is_err());
    assert_eq!(
        p.judge(&g, "moon", &q, Lang::En).unwrap_err().code,
        "unknown-query"
    );
    q.insert("figure".to_string(), "x".to_string());
    assert_eq!(
        p.judge(&g, "reach", &q, Lang::En).unwrap_err().code,
        "bad-request"
    );
}

#[test]
fn the_french_log_has_no_english_fragments() {
    use skirmish_bots::{play_game, RandomBot};
    let p = HeroClixPresentation::embedded().unwrap();
    // Fragments events used to carry as English text, whatever the reader's language.
    let english = [
        "critical hit",
        "critical miss",
        "map edge",
        "terrain that blocks",
        "another figure on",
        "fell off",
        "no longer countered",
        "Perplex ends",
        "locked at",
        "Energy Explosion next",
        "round limit",
    ];
    let mut lines = 0;
    for seed in 0..12 {
        let mut g = game_seeded(seed);
        let mut bots = vec![RandomBot::new(seed), RandomBot::new(seed + 100)];
        let _ = play_game(&mut g, &mut bots, 3000, |_, _| Ok(()));
        let _ = g.pending();
        for line in p.log(&g, Viewer::Spectator, 0, Lang::Fr) {
            lines += 1;
            for e in english {
                assert!(
                    !line.text.contains(e),
                    "seed {seed}: `{}` has `{e}`",
                    line.text
                );
            }
        }
        let end = p.prompt(&g, Viewer::Spectator, Lang::Fr);
        assert!(!end.contains("round limit"), "{end}");
    }
    assert!(lines > 500, "the games were played ({lines} log lines)");
}

/// The judge's `needs_breakaway` is the engine's: a figure next to an opposing figure is told
/// it rolls first exactly when its move then rolls a d6 (Leap/Climb and the like break away
/// without one). The move search behind the answer runs as if the breakaway succeeded, which
/// once made the answer always false.
#[test]
fn reach_says_when_a_move_starts_with_a_breakaway_roll() {
    use crate::game::Action;
    use skirmish_board::FigureId;
    let mut g = game();
    to_play(&mut g);
    let mut rolled = 0;
    for _ in 0..300 {
        if g.is_over() || rolled > 0 {
            break;
        }
        let seat = g.pending_seats()[0];
        let legal = g.legal_actions(seat);
        let moves: Vec<(FigureId, Square)> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Move {
                    figure,
                    to,
                    carry: None,
                } => Some((*figure, *to)),
                _ => None,
            })
            .collect();
        let s = g.state();
        let foes: Vec<Square> = s
            .figures
            .iter()
            .filter(|f| f.owner != seat && !f.ko)
            .filter_map(|f| f.square)
            .collect();
        let nearest = |sq: Square| foes.iter().map(|e| e.distance(sq)).min().unwrap_or(99);
        // A figure of the side to play next to an opposing one, with a move that leaves.
        let adjacent = s.figures.iter().find(|f| {
            f.owner == seat
                && !f.ko
                && !crate::game::play::breakaway_enemies(s, f).is_empty()
                && moves
                    .iter()
                    .any(|(id, to)| *id == f.id && Some(*to) != f.square)
        });
        if let Some(f) = adjacent {
            let (id, from) = (f.id, f.square);
            let r = judge::reach(&g, id.0, None, Lang::En).unwrap();
            let told = r["needs_breakaway"].as_bool().unwrap();
            let to = moves
                .iter()
                .find(|(m, to)| *m == id && Some(*to) != from)
                .map(|(_, to)| *to)
                .unwrap();
            let events = g
                .act(
                    seat,
                    Action::Move {
                        figure: id,
                        to,
                        carry: None,
                    },
                )
                .unwrap();
            let roll = events.iter().find_map(|e| match e {
                Event::Breakaway { figure, roll, .. } if *figure == id => Some(*roll),
                _ => None,
            });
            assert_eq!(told, roll.is_some_and(|r| r > 0), "{r} then {events:?}");
            if told {
                rolled += 1;
            }
            continue;
        }
        // Else the move that gets closest to an opposing figure, or the end of the turn.
        let best = moves
            .iter()
            .min_by_key(|(_, to)| nearest(*to))
            .map(|(figure, to)| Action::Move {
                figure: *figure,
                to: *to,
                carry: None,
            });
        let a = best
            .filter(|_| legal.iter().any(|a| matches!(a, Action::Move { .. })))
            .or_else(|| legal.iter().find(|a| matches!(a, Action::EndTurn)).cloned())
            .unwrap_or_else(|| legal[0].clone());
        g.act(seat, a).unwrap();
    }
    assert!(rolled > 0, "no figure had to roll to break away");
}

#[test]
fn observations_keep_their_shape_and_show_each_side_from_its_seat() {
    let p = HeroClixPresentation::embedded().unwrap();
    let mut g = game();
    let before = p.observation(&g, Seat(0)).unwrap();
    to_play(&mut g);
    let mine = p.observation(&g, Seat(0)).unwrap();
    let theirs = p.observation(&g, Seat(1)).unwrap();
    assert_eq!(before.planes, mine.planes);
    assert_eq!(
        mine.data.len(),
        mine.planes.len() * mine.width * mine.height
    );
    assert_eq!(mine.data.len(), theirs.data.len());
    let plane = |o: &skirmish_platform::Observation, name: &str| {
        let i = o.planes.iter().position(|p| p == name).unwrap();
        o.data[i * o.width * o.height..(i + 1) * o.width * o.height].to_vec()
    };
    // One side's figures are the other side's enemies, and every figure has an attack value.
    assert_eq!(plane(&mine, "own"), plane(&theirs, "enemy"));
    assert!(plane(&mine, "own").iter().sum::<f32>() > 0.0);
    let attack = plane(&mine, "attack");
    let (own, enemy) = (plane(&mine, "own"), plane(&mine, "enemy"));
    for (i, ((own, enemy), attack)) in own.iter().zip(&enemy).zip(&attack).enumerate() {
        assert_eq!(own + enemy > 0.0, *attack > 0.0, "cell {i}");
    }
    let text = p.observation_text(&g, Seat(0), Lang::Fr);
    assert!(!text.trim().is_empty());
}
