//! Rules scenarios with scripted dice: attacks (skulls against shields, height advantage),
//! order-marker secrecy, initiative ties, lost turns, falls and leaving an engagement; and
//! random playouts through the engine's conformance harness.

use std::sync::Arc;

use skirmish_board::hex::Hex;
use skirmish_dice::Dice;
use skirmish_engine::conformance;
use skirmish_engine::{Game, Pending, Ruleset, Seat, Viewer};

use super::*;
use crate::battlefield::{Builder, Ground, Level, Material, Span};
use crate::present::samples;

/// Combat die values: 1 a skull, 4 a shield, 6 blank.
pub(crate) const SKULL: u8 = 1;
pub(crate) const SHIELD: u8 = 4;
pub(crate) const BLANK: u8 = 6;

pub(crate) fn land(top: Level) -> Span {
    Span {
        bottom: 0,
        top,
        material: Material::Solid(Ground::Grass),
    }
}

/// A strip of hexes `0..len` along `q`, each at the given level; zone 1 at the west end, zone 2
/// at the east end.
pub(crate) fn strip(levels: &[Level]) -> Arc<crate::battlefield::Battlefield> {
    let mut b = Builder::new("strip");
    for (q, &top) in levels.iter().enumerate() {
        let hex = Hex::new(q as i32, 0);
        b.span(hex, land(top), format!("hex {q}"));
        if q == 0 {
            b.start(hex, 1, "west");
        }
        if q + 1 == levels.len() {
            b.start(hex, 2, "east");
        }
    }
    Arc::new(b.build().unwrap())
}

fn card(id: &str) -> crate::card::Card {
    samples::cards().into_iter().find(|c| c.id == id).unwrap()
}

/// Two single-figure armies: `a` for seat 1, `b` for seat 2.
fn duel(field: Arc<crate::battlefield::Battlefield>, a: &str, b: &str) -> Scenario {
    Scenario {
        battlefield: field,
        players: vec![
            PlayerSetup {
                name: "West".into(),
                team: 1,
                army: vec![card(a)],
            },
            PlayerSetup {
                name: "East".into(),
                team: 2,
                army: vec![card(b)],
            },
        ],
        rounds: 5,
        options: Options::default(),
        draft: None,
    }
}

/// A state in the middle of a turn of seat 1 with unit 0, figures placed where given.
pub(crate) fn in_turn(scenario: &Scenario, places: &[(u32, Hex)], stage: Stage) -> State {
    let mut state = HeroScape::setup(scenario, &mut Dice::seeded(1)).unwrap();
    for &(id, hex) in places {
        let level = state
            .field
            .column(hex)
            .unwrap()
            .top_footing()
            .unwrap()
            .level;
        let f = state.figure_mut(id).unwrap();
        f.hex = Some(hex);
        f.level = level;
        // Placed here even when the start zone had no room for it.
        f.destroyed = false;
    }
    state.frames.as_mut().clear();
    state.players[0].markers.on = [Some(0), Some(0), Some(0), Some(0)];
    state.players[1].markers.on = [Some(1), Some(1), Some(1), Some(1)];
    state.players[0].markers.revealed[0] = true;
    let record = powers::attacks::TurnRecord::starting(&state);
    state.phase = Phase::Turns {
        order: vec![Seat(0), Seat(1)],
        next: 1,
        turn: Some(Turn {
            seat: Seat(0),
            marker: Marker::One,
            unit: 0,
            stage,
            moved: Vec::new(),
            attacked: Vec::new(),
            record,
            carry: None,
        }),
    };
    state
}

pub(crate) fn play(state: &mut State, seat: Seat, action: Action, dice: &[u8]) -> Vec<Event> {
    assert!(
        HeroScape::legal_actions(state, seat).contains(&action),
        "{action:?} is not legal: {:?}",
        HeroScape::legal_actions(state, seat)
    );
    let mut d = Dice::scripted(dice.iter().copied());
    let mut events = Vec::new();
    HeroScape::apply(state, seat, &action, &mut d, &mut events).unwrap();
    assert!(
        d.script_error().is_none(),
        "dice script: {:?}",
        d.script_error()
    );
    events
}

#[test]
fn skulls_not_blocked_by_shields_are_wounds() {
    // Emberclaw Brute (attack 4) against Skyreach Archer (defence 2, life 4), side by side on
    // level ground: 2 skulls against 1 shield is 1 wound.
    let s = duel(strip(&[1, 1, 1]), "emberclaw-brute", "skyreach-archer");
    let mut state = in_turn(
        &s,
        &[(1, Hex::new(0, 0)), (2, Hex::new(1, 0))],
        Stage::Attack,
    );
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: 1,
            target: 2,
        },
        &[SKULL, SKULL, SHIELD, BLANK, SHIELD, BLANK],
    );
    let attacked = events
        .iter()
        .find_map(|e| match e {
            Event::Attacked {
                skulls,
                shields,
                wounds,
                height,
                ..
            } => Some((*skulls, *shields, *wounds, *height)),
            _ => None,
        })
        .unwrap();
    assert_eq!(attacked, (2, 1, 1, (0, 0)));
    assert_eq!(state.figure(2).unwrap().wounds, 1);
    // As many shields as skulls: no wound.
    let mut state = in_turn(
        &s,
        &[(1, Hex::new(0, 0)), (2, Hex::new(1, 0))],
        Stage::Attack,
    );
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: 1,
            target: 2,
        },
        &[SKULL, SKULL, BLANK, BLANK, SHIELD, SHIELD],
    );
    assert_eq!(state.figure(2).unwrap().wounds, 0);
}

#[test]
fn the_higher_base_rolls_one_more_die_and_two_at_ten_levels() {
    // The brute two levels above the archer attacks with 5 dice; the archer defends with 2.
    let s = duel(strip(&[3, 1, 1]), "emberclaw-brute", "skyreach-archer");
    let mut state = in_turn(
        &s,
        &[(1, Hex::new(0, 0)), (2, Hex::new(1, 0))],
        Stage::Attack,
    );
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: 1,
            target: 2,
        },
        &[SKULL, SKULL, SKULL, SKULL, SKULL, BLANK, BLANK],
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Attacked {
            height: (1, 0),
            skulls: 5,
            wounds: 5,
            ..
        }
    )));
    assert!(state.figure(2).unwrap().destroyed, "4 wounds on life 4");
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Destroyed { figure: 2 })));
    // The defender 10 levels higher rolls two more dice (the archer, range 7, shoots up).
    assert_eq!(combat::height_bonus(1, 11), (0, 2));
    assert_eq!(combat::height_bonus(1, 10), (0, 1));
    assert_eq!(combat::height_bonus(12, 2), (2, 0));
}

#[test]
fn a_fall_rolls_one_die_per_skull_a_wound() {
    // The archer (height 5) steps off a level-7 ledge to level 1: a drop of 6 ≥ 5, one die.
    let s = duel(
        strip(&[7, 1, 1, 1, 1]),
        "skyreach-archer",
        "emberclaw-brute",
    );
    let mut state = in_turn(&s, &[(1, Hex::new(0, 0)), (2, Hex::new(4, 0))], Stage::Move);
    let events = play(
        &mut state,
        Seat(0),
        Action::Move {
            figure: 1,
            to: Hex::new(1, 0),
            level: 1,
            tail: None,
        },
        &[SKULL],
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Fell {
            drop: 6,
            wounds: 1,
            ..
        }
    )));
    assert_eq!(state.figure(1).unwrap().wounds, 1);
    // Sixteen levels down is 10 more than its height: two dice.
    assert_eq!(combat::fall_dice(16, 5), 2);
    assert_eq!(combat::fall_dice(4, 5), 0);
}

#[test]
fn climbing_costs_a_hex_per_level_and_no_more_than_the_height_at_once() {
    // Move 5, height 5: one level up costs 2, so 0,0 → 1,0 (level 2) → 2,0 (level 2) is 3.
    let s = duel(
        strip(&[1, 2, 2, 8, 1, 1]),
        "skyreach-archer",
        "emberclaw-brute",
    );
    let state = in_turn(&s, &[(1, Hex::new(0, 0)), (2, Hex::new(5, 0))], Stage::Move);
    let f = state.figure(1).unwrap();
    let dests = geometry::destinations(&state, f);
    let cost = |q| {
        dests
            .iter()
            .find(|d| d.hex == Hex::new(q, 0))
            .map(|d| d.cost)
    };
    assert_eq!(cost(1), Some(2));
    assert_eq!(cost(2), Some(3));
    assert_eq!(cost(3), None, "6 levels up is more than its height of 5");
}

#[test]
fn leaving_an_engagement_rolls_a_die_for_each_enemy_left() {
    let s = duel(
        strip(&[1, 1, 1, 1, 1]),
        "skyreach-archer",
        "emberclaw-brute",
    );
    let mut state = in_turn(&s, &[(1, Hex::new(1, 0)), (2, Hex::new(2, 0))], Stage::Move);
    assert_eq!(
        geometry::engaged_with(&state, state.figure(1).unwrap()),
        vec![2]
    );
    let events = play(
        &mut state,
        Seat(0),
        Action::Move {
            figure: 1,
            to: Hex::new(0, 0),
            level: 1,
            tail: None,
        },
        &[SKULL],
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::LeftEngagement {
            figure: 1,
            enemy: 2,
            die: Face::Skull,
            ..
        }
    )));
    assert_eq!(state.figure(1).unwrap().wounds, 1, "a wound, no defence");
    // Engaged figures attack only those they are engaged with; here it is no longer engaged
    // and the brute is in range 7.
    assert_eq!(play::targets(&state, state.figure(1).unwrap()), vec![2]);
}

#[test]
fn a_base_at_the_others_height_is_not_adjacent() {
    // Example 14: a figure whose base is at least the other's height above it is not engaged.
    let s = duel(strip(&[1, 6, 1]), "skyreach-archer", "emberclaw-brute");
    let state = in_turn(&s, &[(1, Hex::new(0, 0)), (2, Hex::new(1, 0))], Stage::Move);
    // The brute stands at 6, five levels above the archer (height 5).
    assert!(geometry::engaged_with(&state, state.figure(1).unwrap()).is_empty());
    let s = duel(strip(&[1, 5, 1]), "skyreach-archer", "emberclaw-brute");
    let state = in_turn(&s, &[(1, Hex::new(0, 0)), (2, Hex::new(1, 0))], Stage::Move);
    assert_eq!(
        geometry::engaged_with(&state, state.figure(1).unwrap()),
        vec![2]
    );
}

/// A game through placement, stopped at the markers of round 1.
fn at_markers(scenario: &Scenario, seed: u64) -> Game<HeroScape> {
    let mut g = Game::<HeroScape>::new(scenario.clone(), seed).unwrap();
    while let Pending::Decide {
        decision: Decision::Place { .. },
        seats,
    } = g.pending()
    {
        let a = g.legal_actions(seats[0])[0].clone();
        g.act(seats[0], a).unwrap();
    }
    g
}

#[test]
fn order_markers_are_secret_from_the_other_side() {
    let scenario = samples::scenario(&["wardens", "raiders"], 3);
    let mut g = at_markers(&scenario, 5);
    let Pending::Decide { seats, decision } = g.pending() else {
        panic!("not at the markers")
    };
    assert_eq!(decision, Decision::PlaceMarkers { round: 1 });
    assert_eq!(seats, vec![Seat(0), Seat(1)], "both place at once");
    // Seat 1 puts all its markers on the archer (unit 0) but the decoy on the sentinels.
    for (marker, unit) in [
        (Marker::One, 0),
        (Marker::Two, 0),
        (Marker::Three, 1),
        (Marker::X, 1),
    ] {
        g.act(Seat(0), Action::PlaceMarker { marker, unit })
            .unwrap();
        let theirs = g.view(Viewer::Seat(Seat(1)));
        let seen = &theirs.players[0].markers;
        assert!(seen.known.is_empty(), "seat 2 sees a number: {seen:?}");
        let mine = g.view(Viewer::Seat(Seat(0)));
        assert_eq!(mine.players[0].markers.known.len(), marker.index() + 1);
    }
    let theirs = g.view(Viewer::Seat(Seat(1)));
    assert_eq!(theirs.players[0].markers.hidden, vec![(0, 2), (1, 2)]);
    let spectator = serde_json::to_string(&g.view(Viewer::Spectator)).unwrap();
    assert!(!spectator.contains("\"known\":[[\"1\""), "{spectator}");
    // Events and actions: seat 2 sees that markers went down, never which.
    for e in g.events_for(Viewer::Seat(Seat(1)), 0) {
        if let Event::MarkerPlaced { marker, unit, .. } = e {
            assert_eq!((marker, unit), (None, None));
        }
    }
    let replay = g.viewed_replay(Viewer::Seat(Seat(1))).unwrap();
    let text = serde_json::to_string(&replay).unwrap();
    assert!(!text.contains("place_marker"), "{text}");
    // Once the turns begin, marker 1's card is turned face up for all.
    for (marker, unit) in [
        (Marker::One, 2),
        (Marker::Two, 2),
        (Marker::Three, 3),
        (Marker::X, 3),
    ] {
        g.act(Seat(1), Action::PlaceMarker { marker, unit })
            .unwrap();
    }
    let theirs = g.view(Viewer::Seat(Seat(1)));
    let turn = theirs.turn.clone().unwrap();
    if turn.seat == Seat(0) {
        assert_eq!(theirs.players[0].markers.known, vec![(Marker::One, 0)]);
    }
}

#[test]
fn teammates_see_each_others_markers() {
    let mut scenario = samples::scenario(&["wardens", "raiders", "stoneguard", "outriders"], 3);
    for (i, p) in scenario.players.iter_mut().enumerate() {
        p.team = (i % 2) as u8 + 1;
    }
    let mut g = at_markers(&scenario, 9);
    g.act(
        Seat(0),
        Action::PlaceMarker {
            marker: Marker::One,
            unit: 0,
        },
    )
    .unwrap();
    assert_eq!(
        g.view(Viewer::Seat(Seat(2))).players[0].markers.known,
        vec![(Marker::One, 0)],
        "seat 3 plays with seat 1"
    );
    assert!(g.view(Viewer::Seat(Seat(1))).players[0]
        .markers
        .known
        .is_empty());
}

#[test]
fn initiative_ties_are_rolled_again_keeping_modifiers() {
    let scenario = duel(
        strip(&[1, 1, 1, 1, 1]),
        "skyreach-archer",
        "emberclaw-brute",
    );
    let mut state = at_markers(&scenario, 3).state().clone();
    for (seat, unit) in [(Seat(0), 0), (Seat(1), 1)] {
        for marker in [Marker::One, Marker::Two, Marker::Three] {
            play(&mut state, seat, Action::PlaceMarker { marker, unit }, &[]);
        }
    }
    play(
        &mut state,
        Seat(0),
        Action::PlaceMarker {
            marker: Marker::X,
            unit: 0,
        },
        &[],
    );
    // 14 all, then 3 against 17: seat 2 plays first.
    let events = play(
        &mut state,
        Seat(1),
        Action::PlaceMarker {
            marker: Marker::X,
            unit: 1,
        },
        &[14, 14, 3, 17],
    );
    let rolls: Vec<Option<Seat>> = events
        .iter()
        .filter_map(|e| match e {
            Event::RollOff { winner, .. } => Some(*winner),
            _ => None,
        })
        .collect();
    assert_eq!(rolls, vec![None, Some(Seat(1))]);
    assert_eq!(state.turn().unwrap().seat, Seat(1));
}

#[test]
fn dagmar_adds_eight_to_initiative_rerolls_included() {
    let mut b = Builder::new("glyph");
    for q in 0..4 {
        b.span(Hex::new(q, 0), land(1), format!("hex {q}"));
    }
    b.start(Hex::new(0, 0), 1, "w")
        .start(Hex::new(3, 0), 2, "e");
    b.glyph(crate::battlefield::GlyphSpot {
        hex: Hex::new(1, 0),
        level: 1,
        glyph: crate::battlefield::Glyph::Dagmar,
        face_up: true,
    });
    let scenario = duel(
        Arc::new(b.build().unwrap()),
        "skyreach-archer",
        "emberclaw-brute",
    );
    let mut state = in_turn(
        &scenario,
        &[(1, Hex::new(1, 0)), (2, Hex::new(3, 0))],
        Stage::Move,
    );
    assert_eq!(glyphs::initiative_bonus(&state, Seat(0)), 8);
    let mut events = Vec::new();
    // 5+8 against 13: a tie; then 2+8 against 9: seat 1 wins with its bonus kept.
    let first = play::roll_off(
        &state,
        &mut Dice::scripted([5, 13, 2, 9]),
        &[Seat(0), Seat(1)],
        RollFor::Initiative,
        &mut events,
    );
    assert_eq!(first, Seat(0));
    assert_eq!(events.len(), 2);
    state.phase = Phase::Markers;
}

#[test]
fn a_marker_on_a_destroyed_card_loses_its_turn() {
    let scenario = samples::scenario(&["wardens", "raiders"], 3);
    let g = at_markers(&scenario, 5);
    let mut state = g.state().clone();
    for (seat, units) in [(Seat(0), [0u16, 1, 1, 1]), (Seat(1), [3u16, 2, 2, 2])] {
        for (marker, unit) in Marker::ALL.into_iter().zip(units) {
            if state.players[seat.index()].markers.next().is_none() {
                continue;
            }
            let last = seat == Seat(1) && marker == Marker::X;
            let dice: &[u8] = if last { &[20, 1] } else { &[] };
            play(&mut state, seat, Action::PlaceMarker { marker, unit }, dice);
        }
    }
    // Seat 1 won initiative; its marker 1 lies on the archer (unit 0). Destroy the Marsh
    // Stalkers (unit 3, seat 2's marker 1) before seat 2's first turn.
    assert_eq!(state.turn().unwrap().seat, Seat(0));
    let stalkers: Vec<u32> = state.unit_alive(3).map(|f| f.id).collect();
    let mut events = Vec::new();
    for id in stalkers {
        combat::destroy(&mut state, id, &mut events);
    }
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::CardRemoved { unit: 3 })));
    let events = play(&mut state, Seat(0), Action::EndMoves, &[]);
    let events = if state.turn().is_some_and(|t| t.marker == Marker::One) {
        play(&mut state, Seat(0), Action::EndTurn, &[])
    } else {
        events
    };
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::TurnLost {
                seat: Seat(1),
                marker: Marker::One
            }
        )),
        "{events:?}"
    );
    assert!(!state.players[1].markers.revealed[0], "lost unrevealed");
    assert!(state.players[1].markers.lost[0]);
    // Seat 1 plays its second turn next.
    assert_eq!(state.turn().unwrap().seat, Seat(0));
    assert_eq!(state.turn().unwrap().marker, Marker::Two);
}

#[test]
fn points_count_cards_with_a_figure_left() {
    let scenario = samples::scenario(&["wardens", "outriders"], 3);
    let mut state = HeroScape::setup(&scenario, &mut Dice::seeded(2)).unwrap();
    // Outriders: two Dune Runners cards (2 figures each, 40 points) and Marsh Stalkers (50).
    assert_eq!(state.points(Seat(1)), 130);
    let runners: Vec<u32> = state
        .figures
        .iter()
        .filter(|f| state.card_of(f).id == "dune-runners")
        .map(|f| f.id)
        .collect();
    assert_eq!(
        runners.len(),
        4,
        "the copies share their figures under one marker"
    );
    let mut events = Vec::new();
    for id in &runners[..2] {
        combat::destroy(&mut state, *id, &mut events);
    }
    assert_eq!(state.points(Seat(1)), 90, "the two left fill one card");
    combat::destroy(&mut state, runners[2], &mut events);
    assert_eq!(
        state.points(Seat(1)),
        90,
        "one figure left keeps its card's points"
    );
}

#[test]
fn figures_waiting_off_the_battlefield_score_nothing_once_the_game_is_under_way() {
    // *les points des cartes Armée des figurines encore sur le champ de bataille*: an army whose
    // figures wait off the battlefield (as The Drop's do until they land) scores for none of them.
    let scenario = samples::scenario(&["wardens", "outriders"], 3);
    let mut state = HeroScape::setup(&scenario, &mut Dice::seeded(2)).unwrap();
    assert!(
        state.figures.iter().all(|f| f.hex.is_none()),
        "nobody placed yet"
    );
    assert_eq!(
        state.points(Seat(1)),
        130,
        "the placement counts the whole army"
    );
    state.phase = Phase::Markers;
    assert_eq!(state.points(Seat(1)), 0);
    let stalker = state
        .figures
        .iter()
        .position(|f| f.owner == Seat(1) && state.card_of(f).id == "marsh-stalkers")
        .unwrap();
    state.figures[stalker].hex = Some(Hex::new(0, 0));
    assert_eq!(
        state.points(Seat(1)),
        50,
        "one figure on the battlefield scores its card"
    );
}

#[test]
fn a_marker_on_two_copies_of_a_common_card_moves_one_cards_worth_of_figures() {
    // Two Dune Runners cards of two figures each: a turn with any two of the four.
    let scenario = Scenario {
        battlefield: strip(&[1; 12]),
        players: vec![
            PlayerSetup {
                name: "West".into(),
                team: 1,
                army: vec![card("dune-runners"), card("dune-runners")],
            },
            PlayerSetup {
                name: "East".into(),
                team: 2,
                army: vec![card("marsh-stalkers")],
            },
        ],
        rounds: 5,
        options: Options::default(),
        draft: None,
    };
    let mut state = in_turn(
        &scenario,
        &[
            (1, Hex::new(0, 0)),
            (2, Hex::new(1, 0)),
            (3, Hex::new(2, 0)),
            (4, Hex::new(3, 0)),
            (5, Hex::new(11, 0)),
        ],
        Stage::Move,
    );
    assert_eq!(state.unit(0).unwrap().copies, 2);
    let movers = |state: &State| -> Vec<u32> {
        let mut v: Vec<u32> = HeroScape::legal_actions(state, Seat(0))
            .iter()
            .filter_map(|a| match a {
                Action::Move { figure, .. } => Some(*figure),
                _ => None,
            })
            .collect();
        v.dedup();
        v
    };
    assert_eq!(
        movers(&state),
        vec![1, 2, 3, 4],
        "any of the four may be taken"
    );
    play(
        &mut state,
        Seat(0),
        Action::Move {
            figure: 4,
            to: Hex::new(5, 0),
            level: 1,
            tail: None,
        },
        &[],
    );
    let after_one = movers(&state);
    assert_eq!(after_one, vec![1, 2, 3], "a second figure may still move");
    play(
        &mut state,
        Seat(0),
        Action::Move {
            figure: 1,
            to: Hex::new(4, 0),
            level: 1,
            tail: None,
        },
        &[],
    );
    assert!(
        movers(&state).is_empty(),
        "two figures have moved: the card's worth is taken"
    );
}

/// A thousand random games in four tests of 250, so that the test harness spreads them over
/// the machine's cores.
fn random_games_conform(seeds: std::ops::Range<u64>) {
    let scenario = samples::scenario(&["wardens", "raiders"], 2);
    let n = seeds.end - seeds.start;
    let stats =
        conformance::random_playouts::<HeroScape>(&scenario, seeds, 3000, invariant).unwrap();
    assert_eq!(stats.games, n);
    assert!(
        stats.wins.len() == 2,
        "both sides win some games: {stats:?}"
    );
}

#[test]
fn random_games_conform_0_to_250() {
    random_games_conform(0..250);
}

#[test]
fn random_games_conform_250_to_500() {
    random_games_conform(250..500);
}

#[test]
fn random_games_conform_500_to_750() {
    random_games_conform(500..750);
}

#[test]
fn random_games_conform_750_to_1000() {
    random_games_conform(750..1000);
}

#[test]
fn random_four_player_team_games_conform_in_d20_marker_order() {
    let mut scenario = samples::scenario(&["wardens", "raiders", "stoneguard", "outriders"], 3);
    for (i, p) in scenario.players.iter_mut().enumerate() {
        p.team = (i % 2) as u8 + 1;
    }
    scenario.options.markers_in_d20_order = true;
    conformance::random_playouts::<HeroScape>(&scenario, 0..60, 5000, invariant).unwrap();
    let mut ffa = samples::scenario(&["wardens", "raiders", "outriders"], 3);
    ffa.options.markers_in_d20_order = false;
    conformance::random_playouts::<HeroScape>(&ffa, 0..60, 5000, invariant).unwrap();
}

/// What must hold in every state: no two figures on a hex, wounds below life for figures on
/// the battlefield, markers only on the owner's units.
fn invariant(state: &State) -> Result<(), String> {
    let mut seen = std::collections::BTreeSet::new();
    for f in state.figures.iter().filter(|f| f.on_field()) {
        for h in f.hexes() {
            if !seen.insert(h) {
                return Err(format!("two figures on {h}"));
            }
        }
        if f.wounds >= powers::values::life_of(state, f).value().max(1)
            && !powers::destroyed::spared_until_round_end(state, f.id)
        {
            return Err(format!(
                "figure {} has {} wounds and stands",
                f.id, f.wounds
            ));
        }
        if state.field.column(f.hex.unwrap()).is_none() {
            return Err(format!("figure {} is off the battlefield", f.id));
        }
    }
    for (i, p) in state.players.iter().enumerate() {
        for u in p.markers.on.iter().flatten() {
            if crate::game::powers::control::card_owner(state, *u) != Seat(i as u8) {
                return Err(format!("seat {} has a marker on another's card", i + 1));
            }
        }
    }
    Ok(())
}
