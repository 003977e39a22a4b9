//! Scenarios with real cards for the powers that count destroyed figures (*Brothers in
//! Blood*), gain experience markers (*Bloodlust*), wound a hero when its bound hero falls
//! (*Eternal Heartbreak*) and hold figures in place (*Cyberclaw*).

use skirmish_board::hex::Hex;
use skirmish_engine::{Ruleset, Seat};

use super::super::tests::{play, BLANK, SHIELD, SKULL};
use super::super::*;
use super::values::{self, AttackKind, Why};
use super::values_tests::{only, resolve};
use crate::card::Card;
use crate::game::test_support::{battle, battle_on, only_at, plain, real};

fn by_power(t: &values::Tally, power: &str) -> i16 {
    t.changes
        .iter()
        .filter(|c| matches!(&c.why, Why::Power { power: p, .. } if p == power))
        .map(|c| c.by)
        .sum()
}

fn kill(state: &mut State, id: u32) {
    let f = state.figure_mut(id).unwrap();
    f.destroyed = true;
    f.hex = None;
}

#[test]
fn brothers_in_blood_raises_move_attack_and_defense_per_destroyed_raider() {
    // "Increase the Move, Attack, and Defense Values of this Army Card by 1 for each of your
    // destroyed Gnarlfur Raiders." (a large squad: two raiders)
    let s = battle(&[1; 8], &["Gnarlfur Raiders"], &["Marro Warriors"]);
    let (mut state, ids) = only(
        &s,
        &[
            ("Gnarlfur Raiders", 0, 0),
            ("Gnarlfur Raiders", 1, 4),
            ("Marro Warriors", 0, 1),
            ("Marro Warriors", 1, 7),
        ],
    );
    let (r0, r1, m0, m1) = (ids[0], ids[1], ids[2], ids[3]);
    let card = real("Gnarlfur Raiders");
    let values = |state: &State| {
        let (a, d) = (
            state.figure(r0).unwrap().clone(),
            state.figure(m0).unwrap().clone(),
        );
        (
            values::move_of(state, &a).value(),
            values::attack_dice(state, &a, &d, AttackKind::Normal).value(),
            values::defence_dice(state, &d, &a, AttackKind::Normal).value(),
        )
    };
    assert_eq!(values(&state), (card.move_, card.attack, card.defense));
    // an enemy destroyed is none of the raiders
    kill(&mut state, m1);
    assert_eq!(values(&state), (card.move_, card.attack, card.defense));
    kill(&mut state, r1);
    assert_eq!(
        values(&state),
        (card.move_ + 1, card.attack + 1, card.defense + 1)
    );
    let a = state.figure(r0).unwrap().clone();
    let d = state.figure(m0).unwrap().clone();
    let tally = values::attack_dice(&state, &a, &d, AttackKind::Normal);
    assert_eq!(by_power(&tally, "BROTHERS IN BLOOD"), 1);
    // played: the last raider rolls its printed attack and 1 more die
    let n = usize::from(card.attack + 1);
    let marro_defence = usize::from(real("Marro Warriors").defense);
    let mut dice = vec![BLANK; n + marro_defence];
    dice[0] = SKULL;
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: r0,
            target: m0,
        },
        &dice,
    );
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Attacked { attack, .. } if attack.len() == n)));
}

#[test]
fn bloodlust_places_a_marker_per_opponent_destroyed_up_to_three() {
    // "For every opponent's figure a Tagawa Samurai destroys, place a purple Experience Marker
    // on this card. When attacking with Tagawa Samurai, roll one additional attack die for each
    // Experience Marker on this card. A maximum of 3 Experience Markers can be placed on this
    // card."
    let s = battle(&[1; 8], &["Tagawa Samurai"], &["Marro Warriors"]);
    let (mut state, ids) = only(
        &s,
        &[
            ("Tagawa Samurai", 0, 1),
            ("Marro Warriors", 0, 2),
            ("Marro Warriors", 1, 0),
        ],
    );
    let (t0, m0, m1) = (ids[0], ids[1], ids[2]);
    let tagawa = real("Tagawa Samurai");
    let marro = real("Marro Warriors");
    let unit = state.figure(t0).unwrap().unit;
    let dice_of = |state: &State, a: u32, d: u32| {
        let (a, d) = (
            state.figure(a).unwrap().clone(),
            state.figure(d).unwrap().clone(),
        );
        values::attack_dice(state, &a, &d, AttackKind::Normal).value()
    };
    assert_eq!(dice_of(&state, t0, m0), tagawa.attack);
    // a normal attack destroys a Marro Warrior: one marker, one more die
    let mut dice = vec![SKULL; usize::from(tagawa.attack)];
    dice.extend(vec![BLANK; usize::from(marro.defense)]);
    let events = resolve(&mut state, t0, m0, &dice);
    assert!(state.figure(m0).unwrap().destroyed);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::ExperienceGained { figure, markers: 1, .. } if *figure == t0
    )));
    assert_eq!(super::destroyed::experience(&state, unit), 1);
    assert_eq!(dice_of(&state, t0, m1), tagawa.attack + 1);
    let fr = crate::present::text::event_text(
        &state,
        events
            .iter()
            .find(|e| matches!(e, Event::ExperienceGained { .. }))
            .unwrap(),
        skirmish_engine::Viewer::Omniscient,
        skirmish_lang::Lang::Fr,
    );
    assert!(fr.contains("marqueur d'expérience"), "{fr}");
    // the other Marro attacks and the Tagawa's Counter Strike destroys it: another marker
    let mut dice = vec![BLANK; usize::from(marro.attack)];
    dice.extend(vec![SHIELD; usize::from(tagawa.defense)]);
    let events = resolve(&mut state, m1, t0, &dice);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::CounterStruck { .. })));
    assert!(state.figure(m1).unwrap().destroyed);
    assert_eq!(super::destroyed::experience(&state, unit), 2);
    // at most 3 markers
    let (mut fresh, ids) = only(&s, &[("Tagawa Samurai", 0, 1), ("Marro Warriors", 0, 2)]);
    fresh.lasting.experience = vec![(unit, 3)];
    assert_eq!(dice_of(&fresh, ids[0], ids[1]), tagawa.attack + 3);
    let mut dice = vec![SKULL; usize::from(tagawa.attack + 3)];
    dice.extend(vec![BLANK; usize::from(marro.defense)]);
    let events = resolve(&mut fresh, ids[0], ids[1], &dice);
    assert!(fresh.figure(ids[1]).unwrap().destroyed);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::ExperienceGained { .. })));
    assert_eq!(super::destroyed::experience(&fresh, unit), 3);
}

#[test]
fn eternal_heartbreak_wounds_sonya_when_her_cyprien_falls() {
    // "If you control Cyprien Esenwein and he is destroyed, Sonya Esenwein immediately
    // receives 2 wounds."
    let s = battle(
        &[1; 8],
        &["Cyprien Esenwein", "Sonya Esenwein"],
        &["Marro Warriors"],
    );
    let (mut state, ids) = only(
        &s,
        &[
            ("Cyprien Esenwein", 0, 1),
            ("Sonya Esenwein", 0, 5),
            ("Marro Warriors", 0, 2),
        ],
    );
    let (cyprien, sonya, marro) = (ids[0], ids[1], ids[2]);
    let c = real("Cyprien Esenwein");
    state.figure_mut(cyprien).unwrap().wounds = c.life - 1;
    let mut dice = vec![SKULL; usize::from(real("Marro Warriors").attack)];
    dice.extend(vec![BLANK; usize::from(c.defense)]);
    let events = resolve(&mut state, marro, cyprien, &dice);
    assert!(state.figure(cyprien).unwrap().destroyed);
    assert_eq!(state.figure(sonya).unwrap().wounds, 2);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PowerWounded { figure, wounds: 2, why: Why::Power { power, .. } }
            if *figure == sonya && power == "Eternal Heartbreak"
    )));
    // another player's Cyprien: nothing
    let s = battle(&[1; 8], &["Sonya Esenwein"], &["Cyprien Esenwein"]);
    let (mut state, ids) = only(&s, &[("Sonya Esenwein", 0, 1), ("Cyprien Esenwein", 0, 2)]);
    let mut events = Vec::new();
    combat::wound(&mut state, ids[1], c.life, &mut events);
    assert!(state.figure(ids[1]).unwrap().destroyed);
    assert_eq!(state.figure(ids[0]).unwrap().wounds, 0);
}

/// A moving turn of West's first card on a plain of two rows, only the listed figures placed.
fn moving(west: &[&str], east: &[&str], places: &[(&str, usize, Hex)]) -> (State, Vec<u32>) {
    only_at(
        &battle_on(plain(0, 8, 0, 1), west, east),
        places,
        Stage::Move,
    )
}

fn ends(state: &State, id: u32) -> Vec<Hex> {
    let f = state.figure(id).unwrap();
    geometry::move_ends(state, f)
        .into_iter()
        .map(|d| d.at.head.hex)
        .collect()
}

#[test]
fn cyberclaw_stops_a_figure_entering_and_holds_one_occupying() {
    // "All small or medium opponent's figures that enter or occupy a space adjacent to any
    // Gladiatron may not move. Figures affected by the Cyberclaw cannot be moved by any
    // special power on an Army Card or Glyph."
    let g = Hex::new(5, 0);
    let places = [("Marro Warriors", 0, Hex::new(2, 0)), ("Gladiatrons", 0, g)];
    let (state, ids) = moving(&["Marro Warriors"], &["Gladiatrons"], &places);
    let marro = ids[0];
    let reached = ends(&state, marro);
    // it may end next to the Gladiatron, never past its reach: every way to (5,1) and (6,1)
    // enters (4,1), (4,0) or (6,0) first, which the claw holds
    assert!(reached.contains(&Hex::new(4, 0)));
    assert!(reached.contains(&Hex::new(4, 1)));
    assert!(!reached.contains(&Hex::new(5, 1)), "{reached:?}");
    assert!(!reached.contains(&Hex::new(6, 1)), "{reached:?}");
    assert!(!reached.contains(&Hex::new(7, 0)), "{reached:?}");
    // the same Gladiatrons without the power: the way past is open
    let mut bare = battle_on(plain(0, 8, 0, 1), &["Marro Warriors"], &["Gladiatrons"]);
    bare.players[1].army[0] = Card {
        powers: Vec::new(),
        ..real("Gladiatrons")
    };
    let (state, ids) = only_at(&bare, &places, Stage::Move);
    assert!(ends(&state, ids[0]).contains(&Hex::new(6, 1)));
    // played: the Marro walks next to the Gladiatron; there it is held
    let (mut state, ids) = moving(&["Marro Warriors"], &["Gladiatrons"], &places);
    let marro = ids[0];
    let level = state.figure(marro).unwrap().level;
    play(
        &mut state,
        Seat(0),
        Action::Move {
            figure: marro,
            to: Hex::new(4, 0),
            level,
            tail: None,
        },
        &[],
    );
    let f = state.figure(marro).unwrap().clone();
    assert!(super::holds::held(&state, &f));
    assert!(ends(&state, marro).is_empty());
    // a figure that starts next to it has no move at all, and the refusal says why
    let places = [("Marro Warriors", 0, Hex::new(4, 0)), ("Gladiatrons", 0, g)];
    let (state, ids) = moving(&["Marro Warriors"], &["Gladiatrons"], &places);
    assert!(ends(&state, ids[0]).is_empty());
    assert!(!HeroScape::legal_actions(&state, Seat(0))
        .iter()
        .any(|a| matches!(a, Action::Move { figure, .. } if *figure == ids[0])));
    let f = state.figure(ids[0]).unwrap();
    let why = geometry::refusal_text(
        &state,
        f,
        (crate::movement::Way::Normal, 6),
        &crate::body::Placement::single(Hex::new(1, 0), 1),
        skirmish_lang::Lang::En,
        &|id| id.0.to_string(),
    );
    assert!(why.is_some_and(|w| w.contains("Cyberclaw")));
}

#[test]
fn cyberclaw_holds_only_the_sizes_it_names() {
    // Gladiatrons hold small and medium figures; Major X17 large ones too; Necrotech
    // Ghoulgrip the small and medium figures engaged with it.
    let g = Hex::new(5, 0);
    for (claw, held_large) in [("Gladiatrons", false), ("Major X17", true)] {
        let mut sc = battle_on(plain(0, 8, 0, 1), &["Marro Warriors"], &[claw]);
        sc.players[0].army[0].size = crate::card::Size::Large;
        let places = [("Marro Warriors", 0, Hex::new(4, 0)), (claw, 0, g)];
        let (state, ids) = only_at(&sc, &places, Stage::Move);
        let f = state.figure(ids[0]).unwrap();
        assert_eq!(super::holds::held(&state, f), held_large, "{claw}");
        assert_eq!(ends(&state, ids[0]).is_empty(), held_large, "{claw}");
    }
    let places = [
        ("Marro Warriors", 0, Hex::new(4, 0)),
        ("Necrotech Ghoulgrip", 0, g),
    ];
    let (state, ids) = moving(&["Marro Warriors"], &["Necrotech Ghoulgrip"], &places);
    assert!(ends(&state, ids[0]).is_empty());
    // a friend of the claw is never held
    let (state, ids) = moving(
        &["Marro Warriors", "Gladiatrons"],
        &["Agent Carr (RotV)"],
        &[("Marro Warriors", 0, Hex::new(4, 0)), ("Gladiatrons", 0, g)],
    );
    assert!(!ends(&state, ids[0]).is_empty());
}

#[test]
fn eternal_servitude_keeps_isamu_standing_until_the_end_of_the_round() {
    // "Isamu cannot be destroyed by wounds on this Army Card except during the end of a
    // round."
    let s = battle(&[1; 8], &["Isamu (SotC)"], &["Marro Warriors"]);
    let (mut state, ids) = only(&s, &[("Isamu (SotC)", 0, 1), ("Marro Warriors", 0, 2)]);
    let (isamu, marro) = (ids[0], ids[1]);
    let card = real("Isamu (SotC)");
    let mut dice = vec![SKULL; usize::from(real("Marro Warriors").attack)];
    dice.extend(vec![BLANK; usize::from(card.defense)]);
    let events = resolve(&mut state, marro, isamu, &dice);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::Destroyed { figure } if *figure == isamu)));
    let f = state.figure(isamu).unwrap();
    assert!(f.on_field());
    assert_eq!(f.wounds, card.life);
    // a wound marker removed before the end of the round would save him; none is: the end of
    // the round destroys him
    let mut events = Vec::new();
    super::destroyed::end_of_round(&mut state, &mut events);
    assert!(state.figure(isamu).unwrap().destroyed);
    assert!(events.contains(&Event::Destroyed { figure: isamu }));
    // the Marro Warrior, without the power, falls at once
    let (mut state, ids) = only(&s, &[("Isamu (SotC)", 0, 1), ("Marro Warriors", 0, 2)]);
    let marro_card = real("Marro Warriors");
    let mut dice = vec![SKULL; usize::from(card.attack)];
    dice.extend(vec![BLANK; usize::from(marro_card.defense)]);
    resolve(&mut state, ids[0], ids[1], &dice);
    assert!(state.figure(ids[1]).unwrap().destroyed);
}

#[test]
fn masters_influence_lengthens_the_monks_stealth_leap() {
    // "All Monk squad figures you control may leap an additional 13 levels up or down when
    // using their Stealth Leap special power." The Shaolin Monks leap 12 levels at most: the
    // tower's top, 19 levels above them, needs Master Woo.
    let mut b = crate::battlefield::Builder::new("tower");
    for q in 0..=5 {
        let top = if q == 2 { 20 } else { 1 };
        b.span(
            Hex::new(q, 0),
            crate::game::tests::land(top),
            format!("hex {q}"),
        );
    }
    b.start(Hex::new(0, 0), 1, "west");
    b.start(Hex::new(5, 0), 2, "east");
    let field = std::sync::Arc::new(b.build().unwrap());
    let leaps = |west: &[&str]| {
        let mut places = vec![("Shaolin Monks", 0, Hex::new(1, 0))];
        if west.len() > 1 {
            places.push((west[1], 0, Hex::new(0, 0)));
        }
        places.push(("Marro Warriors", 0, Hex::new(5, 0)));
        let (state, ids) = only_at(
            &battle_on(field.clone(), west, &["Marro Warriors"]),
            &places,
            Stage::Move,
        );
        let f = state.figure(ids[0]).unwrap();
        super::moves::power_destinations(&state, f, super::moves::MoveWay::Leap)
            .iter()
            .map(|d| (d.hex, d.level))
            .collect::<Vec<_>>()
    };
    let alone = leaps(&["Shaolin Monks"]);
    assert!(alone.contains(&(Hex::new(3, 0), 1)));
    assert!(!alone.contains(&(Hex::new(2, 0), 20)), "{alone:?}");
    let with_woo = leaps(&["Shaolin Monks", "Master Win Chiu Woo"]);
    assert!(with_woo.contains(&(Hex::new(2, 0), 20)), "{with_woo:?}");
}

#[test]
fn knights_courage_adds_a_die_per_knight_nearby_up_to_three() {
    // "Add 1 to Sir Dupuis' attack dice for every Knight you control within 4 clear sight
    // spaces of Sir Dupuis up to a maximum of +3 dice."
    let sc = battle_on(
        plain(0, 8, 0, 2),
        &["Sir Dupuis", "Knights of Weston", "Marro Warriors"],
        &["Agent Carr (RotV)"],
    );
    let dupuis = Hex::new(4, 1);
    let carr = Hex::new(5, 0);
    let dice = |more: &[(&str, usize, Hex)]| {
        let mut places = vec![("Sir Dupuis", 0, dupuis), ("Agent Carr (RotV)", 0, carr)];
        places.extend_from_slice(more);
        let (state, ids) = only_at(&sc, &places, Stage::Attack);
        let (a, d) = (
            state.figure(ids[0]).unwrap().clone(),
            state.figure(ids[1]).unwrap().clone(),
        );
        let t = values::attack_dice(&state, &a, &d, AttackKind::Normal);
        (t.value(), by_power(&t, "Knight's Courage"))
    };
    let printed = real("Sir Dupuis").attack;
    // a Marro Warrior nearby is no Knight; a Knight 6 spaces away is too far
    assert_eq!(
        dice(&[
            ("Marro Warriors", 0, Hex::new(3, 1)),
            ("Knights of Weston", 0, Hex::new(0, 0)),
        ]),
        (printed, 0)
    );
    assert_eq!(
        dice(&[
            ("Knights of Weston", 0, Hex::new(3, 1)),
            ("Knights of Weston", 1, Hex::new(4, 2)),
        ]),
        (printed + 2, 2)
    );
    // four Knights around him: at most +3
    assert_eq!(
        dice(&[
            ("Knights of Weston", 0, Hex::new(3, 1)),
            ("Knights of Weston", 1, Hex::new(4, 2)),
            ("Knights of Weston", 2, Hex::new(5, 1)),
            ("Knights of Weston", 3, Hex::new(4, 0)),
        ]),
        (printed + 3, 3)
    );
}

#[test]
fn sky_watcher_adds_two_dice_against_a_flyer_from_afar() {
    // "If Brandis Skyhunter is attacking a non-adjacent figure that has the Flying or Stealth
    // Flying special power, add 2 dice to Brandis Skyhunter's attack."
    let s = battle(
        &[1; 8],
        &["Brandis Skyhunter"],
        &["Raelin the Kyrie Warrior (ROTV)", "Marro Warriors"],
    );
    let dice = |places: &[(&str, usize, i32)]| {
        let (state, ids) = only(&s, places);
        let (a, d) = (
            state.figure(ids[0]).unwrap().clone(),
            state.figure(ids[1]).unwrap().clone(),
        );
        by_power(
            &values::attack_dice(&state, &a, &d, AttackKind::Normal),
            "Sky Watcher",
        )
    };
    let far = |who| [("Brandis Skyhunter", 0, 0), (who, 0, 3)];
    assert_eq!(dice(&far("Raelin the Kyrie Warrior (ROTV)")), 2);
    assert_eq!(dice(&far("Marro Warriors")), 0);
    assert_eq!(
        dice(&[
            ("Brandis Skyhunter", 0, 0),
            ("Raelin the Kyrie Warrior (ROTV)", 0, 1)
        ]),
        0
    );
}

#[test]
fn indomitable_reads_how_the_frost_giant_began_its_turn() {
    // "If this Frost Giant of Morh begins its turn unengaged, add 2 to its Move value this
    // turn. If it begins its turn engaged, add 2 to its Attack value this turn."
    let s = battle(&[1; 8], &["Frost Giant of Morh"], &["Marro Warriors"]);
    let giant = real("Frost Giant of Morh");
    let values = |state: &State, ids: &[u32]| {
        let (a, d) = (
            state.figure(ids[0]).unwrap().clone(),
            state.figure(ids[1]).unwrap().clone(),
        );
        (
            values::move_of(state, &a).value(),
            values::attack_dice(state, &a, &d, AttackKind::Normal).value(),
        )
    };
    let (state, ids) = only(
        &s,
        &[("Frost Giant of Morh", 0, 1), ("Marro Warriors", 0, 2)],
    );
    assert_eq!(values(&state, &ids), (giant.move_, giant.attack + 2));
    let (mut state, ids) = only(
        &s,
        &[("Frost Giant of Morh", 0, 1), ("Marro Warriors", 0, 5)],
    );
    assert_eq!(values(&state, &ids), (giant.move_ + 2, giant.attack));
    // the Marro Warrior walking up to it afterwards changes nothing: the turn began apart
    let m = state.figure_mut(ids[1]).unwrap();
    m.hex = Some(Hex::new(2, 0));
    assert_eq!(values(&state, &ids), (giant.move_ + 2, giant.attack));
    // in another card's turn, neither
    let marro_unit = state.figure(ids[1]).unwrap().unit;
    if let Phase::Turns { turn: Some(t), .. } = &mut state.phase {
        t.unit = marro_unit;
    }
    assert_eq!(values(&state, &ids), (giant.move_, giant.attack));
}
