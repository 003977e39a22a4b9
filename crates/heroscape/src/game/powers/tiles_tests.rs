//! Tiles laid on the battlefield by the real cards of the shared data (*Nanite Smoke Grenade*,
//! *Blend Into Shadow*, *Create Water*), on a strip of grass at level 1.

use skirmish_engine::{Pending, Ruleset, Seat};

use crate::battlefield::Ground;
use crate::game::powers::tiles;
use crate::game::powers::values::{attack_dice, AttackKind};
use crate::game::state::Stage;
use crate::game::test_support::{battle, h, only_at, real, start_turn};
use crate::game::tests::play;
use crate::game::{Action, Decision, Event, HeroScape, State};

/// The place of the card's power named `name` among its powers.
fn power(card: &str, name: &str) -> u8 {
    let c = real(card);
    let i = c
        .powers
        .iter()
        .position(|p| p.name == name)
        .unwrap_or_else(|| panic!("{card} prints {name}"));
    u8::try_from(i).expect("a few powers")
}

fn asked(state: &State) -> Option<Decision> {
    match HeroScape::pending(state) {
        Pending::Decide { decision, .. } => Some(decision),
        _ => None,
    }
}

/// The spaces West is offered for the tile, in order along the strip.
fn offered(state: &State) -> Vec<i32> {
    let mut q: Vec<i32> = HeroScape::legal_actions(state, Seat(0))
        .into_iter()
        .filter_map(|a| match a {
            Action::PlaceTile { hex } => Some(hex.q),
            _ => None,
        })
        .collect();
    q.sort_unstable();
    q
}

fn ground(state: &State, q: i32) -> Option<Ground> {
    state
        .field
        .column(h(q))
        .and_then(|c| c.top_footing())
        .map(|f| f.ground)
}

#[test]
fn nanite_smoke_grenade_lays_a_shadow_tile_on_an_empty_space_within_three_in_clear_sight() {
    // "At the end of Storm Shadow's turn, you may place a shadow tile from this card onto the
    // battlefield within 3 clear sight spaces of Storm Shadow if the tile fits normally there."
    const STORM: &str = "Storm Shadow";
    let sc = battle(&[1; 8], &[STORM], &["Mika Connour"]);
    let (mut state, ids) = only_at(
        &sc,
        &[(STORM, 0, h(0)), ("Mika Connour", 0, h(2))],
        Stage::Attack,
    );
    let storm = ids[0];
    let p = power(STORM, "NANITE SMOKE GRENADE");
    assert_eq!(tiles::left(&state, 0, p, Ground::Shadow), 3);
    play(&mut state, Seat(0), Action::EndTurn, &[]);
    assert_eq!(
        asked(&state),
        Some(Decision::PlaceTile {
            figure: storm,
            unit: 0,
            power: p,
        })
    );
    // his own space and Mika's are not empty; 4 spaces away is too far
    let spaces = offered(&state);
    assert!(spaces.contains(&1), "{spaces:?}");
    assert!(!spaces.contains(&0) && !spaces.contains(&2) && !spaces.contains(&4));
    assert!(HeroScape::legal_actions(&state, Seat(0)).contains(&Action::DeclinePower));

    let mut declined = state.clone();
    let events = play(&mut declined, Seat(0), Action::DeclinePower, &[]);
    assert!(events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    assert_eq!(ground(&declined, 1), Some(Ground::Grass));
    assert_eq!(tiles::left(&declined, 0, p, Ground::Shadow), 3);

    let events = play(&mut state, Seat(0), Action::PlaceTile { hex: h(1) }, &[]);
    assert!(events.contains(&Event::TileLaid {
        figure: storm,
        unit: 0,
        power: p,
        hex: h(1),
        ground: Ground::Shadow,
        left: 2,
    }));
    assert!(events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    assert_eq!(ground(&state, 1), Some(Ground::Shadow));
    assert_eq!(tiles::left(&state, 0, p, Ground::Shadow), 2);
    // a thin tile adds no height: a figure on it stands at level 1
    assert_eq!(
        state
            .field
            .column(h(1))
            .and_then(|c| c.top_footing())
            .map(|f| f.level),
        Some(1)
    );
    // the view carries the tile and the tiles left on the card
    let v = crate::game::view::view(&state, skirmish_engine::Viewer::Spectator);
    assert_eq!(v.tiles.len(), 1);
    assert!(v.units[0]
        .supplies
        .iter()
        .any(|s| s.left == 2 && s.marker == "shadow tile"));
}

#[test]
fn blend_into_shadow_lays_a_tile_under_mika_and_her_next_turn_starts_on_shadow() {
    // "If Mika Connour ends her turn on an empty land space, you may place a shadow tile from
    // her Army Card onto the space she occupies": the next turn she starts on shadow, Shadow
    // Ambush adds 3 to her attack.
    const MIKA: &str = "Mika Connour";
    let sc = battle(&[1; 8], &[MIKA], &["Storm Shadow"]);
    let (mut state, ids) = only_at(
        &sc,
        &[(MIKA, 0, h(2)), ("Storm Shadow", 0, h(7))],
        Stage::Attack,
    );
    let (mika, storm) = (ids[0], ids[1]);
    let p = power(MIKA, "Blend Into Shadow");
    play(&mut state, Seat(0), Action::EndTurn, &[]);
    assert_eq!(
        asked(&state),
        Some(Decision::PlaceTile {
            figure: mika,
            unit: 0,
            power: p,
        })
    );
    // only the space she occupies
    assert_eq!(offered(&state), vec![2]);
    let mut declined = state.clone();
    play(&mut declined, Seat(0), Action::DeclinePower, &[]);
    play(&mut state, Seat(0), Action::PlaceTile { hex: h(2) }, &[]);
    assert_eq!(ground(&state, 2), Some(Ground::Shadow));
    assert_eq!(state.figure(mika).map(|f| f.level), Some(1));
    assert_eq!(tiles::left(&state, 0, p, Ground::Shadow), 1);

    let attack = |s: &mut State| {
        start_turn(s, Seat(0), 0);
        let (m, t) = (s.figure(mika).unwrap(), s.figure(storm).unwrap());
        attack_dice(s, m, t, AttackKind::Normal).value()
    };
    assert_eq!(attack(&mut declined), 4, "on grass: her printed attack");
    assert_eq!(attack(&mut state), 7, "on her shadow tile: Shadow Ambush");
}

#[test]
fn create_water_lays_a_water_tile_on_her_space_or_an_empty_one_next_to_her() {
    // "At the end of Ewashia's turn, you may place a water tile from this Army Card on
    // Ewashia's space or within 1 space of Ewashia, if that water tile fits normally onto that
    // space."
    const EWASHIA: &str = "Ewashia, Master of Tides";
    let sc = battle(&[1; 8], &[EWASHIA], &["Storm Shadow"]);
    let (mut state, _) = only_at(
        &sc,
        &[(EWASHIA, 0, h(2)), ("Storm Shadow", 0, h(3))],
        Stage::Attack,
    );
    let p = power(EWASHIA, "Create Water");
    play(&mut state, Seat(0), Action::EndTurn, &[]);
    // her own space and the empty one beside her; Storm Shadow's is not empty
    assert_eq!(offered(&state), vec![1, 2]);
    play(&mut state, Seat(0), Action::PlaceTile { hex: h(1) }, &[]);
    assert_eq!(ground(&state, 1), Some(Ground::Water));
    assert_eq!(tiles::left(&state, 0, p, Ground::Water), 2);
    // water now: a move entering h(1) ends there
    assert!(crate::battlefield::Ground::is_water(
        ground(&state, 1).unwrap()
    ));
}

/// A Molten Crustacean on h(1) destroyed by Storm Shadow's normal attack from h(0) (four
/// skulls, three blanks), then the 20-sided die `d20`: the events and the state.
fn crustacean_falls(d20: u8) -> (State, Vec<Event>, u8) {
    const CRAB: &str = "Molten Crustaceans";
    let sc = battle(&[1; 8], &["Storm Shadow"], &[CRAB]);
    let (mut state, ids) = only_at(
        &sc,
        &[("Storm Shadow", 0, h(0)), (CRAB, 0, h(1))],
        Stage::Attack,
    );
    let attack = Action::Attack {
        figure: ids[0],
        target: ids[1],
    };
    let events = play(&mut state, Seat(0), attack, &[1, 1, 1, 1, 6, 6, 6, d20]);
    assert!(state.figure(ids[1]).is_some_and(|f| f.destroyed));
    (state, events, power(CRAB, "Volcanic Carapace"))
}

#[test]
fn volcanic_carapace_lays_lava_field_where_a_crustacean_falls_and_molten_lava_from_19() {
    // "After a Molten Crustacean you control is destroyed by a normal attack ..., you must roll
    // the 20-sided die and place one of these tiles onto the space the figure occupied ... If
    // you roll a 19 or higher place a molten lava tile, if able. Otherwise place a lava field
    // tile."
    let (state, events, p) = crustacean_falls(18);
    assert!(crate::game::test_support::rolled(&events) == vec![(18, 19, false)]);
    // a lava field tile is a land tile: the space rises a level
    let top = state.field.column(h(1)).and_then(|c| c.top_footing());
    assert_eq!(
        top.map(|t| (t.ground, t.level)),
        Some((Ground::LavaField, 2))
    );
    assert_eq!(tiles::left(&state, 1, p, Ground::LavaField), 2);
    assert_eq!(tiles::left(&state, 1, p, Ground::Lava), 1);

    let (state, events, p) = crustacean_falls(19);
    assert!(crate::game::test_support::rolled(&events) == vec![(19, 19, true)]);
    let top = state.field.column(h(1)).and_then(|c| c.top_footing());
    assert_eq!(top.map(|t| (t.ground, t.level)), Some((Ground::Lava, 1)));
    assert_eq!(tiles::left(&state, 1, p, Ground::Lava), 0);
    assert_eq!(tiles::left(&state, 1, p, Ground::LavaField), 3);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::TileLaid {
            ground: Ground::Lava,
            left: 0,
            ..
        }
    )));
}

#[test]
fn lurk_in_shadows_lets_only_adjacent_opponents_attack_pelloth_on_a_shadow_space() {
    // "If Pelloth is on a shadow space, opponents' figures must be adjacent to attack him with
    // a normal attack": Agent SI-4X (range 5) shoots him 3 spaces away on grass, not on shadow.
    let sc = battle(&[1; 8], &["Agent SI-4X"], &["Pelloth"]);
    let (mut state, ids) = only_at(
        &sc,
        &[("Agent SI-4X", 0, h(0)), ("Pelloth", 0, h(3))],
        Stage::Attack,
    );
    let shoot = Action::Attack {
        figure: ids[0],
        target: ids[1],
    };
    assert!(HeroScape::legal_actions(&state, Seat(0)).contains(&shoot));
    std::sync::Arc::make_mut(&mut state.field).lay_tile(h(3), Ground::Shadow);
    assert!(!HeroScape::legal_actions(&state, Seat(0)).contains(&shoot));
    // adjacent, the attack is allowed again
    state.figure_mut(ids[0]).unwrap().hex = Some(h(2));
    assert!(HeroScape::legal_actions(&state, Seat(0)).contains(&shoot));
}

#[test]
fn shadow_assassin_counts_each_skull_twice_against_a_figure_on_a_shadow_tile() {
    // "While SI-4X is attacking a Hero or Squad figure that is on a shadow tile, all skulls in
    // the attack roll count for one additional skull": 2 skulls against 2 shields.
    let sc = battle(&[1; 8], &["Agent SI-4X"], &["Mika Connour"]);
    let (mut state, ids) = only_at(
        &sc,
        &[("Agent SI-4X", 0, h(0)), ("Mika Connour", 0, h(3))],
        Stage::Attack,
    );
    let shoot = Action::Attack {
        figure: ids[0],
        target: ids[1],
    };
    let dice = [1, 1, 4, 4, 6, 6];
    let mut grass = state.clone();
    play(&mut grass, Seat(0), shoot.clone(), &dice);
    assert_eq!(grass.figure(ids[1]).map(|f| f.wounds), Some(0));
    std::sync::Arc::make_mut(&mut state.field).lay_tile(h(3), Ground::Shadow);
    play(&mut state, Seat(0), shoot, &dice);
    assert_eq!(state.figure(ids[1]).map(|f| f.wounds), Some(2));
}
