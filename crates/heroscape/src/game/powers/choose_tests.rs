//! Powers whose player chooses how many or several things, or one of the power's options, at
//! play with the real cards of the shared data and scripted dice.

use skirmish_board::hex::Hex;
use skirmish_engine::{Pending, Ruleset, Seat};

use crate::game::state::Stage;
use crate::game::test_support::{battle, battle_on, fig, h, only_at, plain, real};
use crate::game::tests::{in_turn, play};
use crate::game::{glyphs, Action, Decision, Event, HeroScape, State};
use crate::power::Outcome;

/// Blank combat die.
const BLANK: u8 = 6;

/// The place of the card's power named `name` among its powers.
fn power(card: &str, name: &str) -> u8 {
    let c = real(card);
    let i = c
        .powers
        .iter()
        .position(|p| p.name == name)
        .unwrap_or_else(|| panic!("{card} prints {name}"));
    u8::try_from(i).expect("a power's place")
}

fn asked(state: &State) -> Decision {
    match HeroScape::pending(state) {
        Pending::Decide { decision, .. } => decision,
        other => panic!("nothing asked: {other:?}"),
    }
}

fn wounds(state: &State, id: u32) -> u16 {
    state.figure(id).map_or(0, |f| f.wounds)
}

/// Kelda beside Syvarris (a wounded friendly hero), Ne-Gok-Sa far off; the moves are over and
/// Healing Touch is asked: it must be used on Syvarris, the only wounded hero beside her.
fn healing_touch(syvarris_wounds: u16) -> (State, Action, u32) {
    let sc = battle(
        &[1; 7],
        &["Kelda the Kyrie Warrior", "Syvarris (GS)"],
        &["Ne-Gok-Sa"],
    );
    let blank = in_turn(&sc, &[], Stage::Move);
    let (kelda, syv, ne) = (
        fig(&blank, "Kelda the Kyrie Warrior", 0),
        fig(&blank, "Syvarris (GS)", 0),
        fig(&blank, "Ne-Gok-Sa", 0),
    );
    let mut state = in_turn(&sc, &[(kelda, h(1)), (syv, h(2)), (ne, h(6))], Stage::Move);
    if let Some(f) = state.figure_mut(syv) {
        f.wounds = syvarris_wounds;
    }
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    let touch = Action::UsePower {
        figure: kelda,
        power: power("Kelda the Kyrie Warrior", "Healing Touch"),
        target: Some(syv),
    };
    // "choose", not "you may choose": no refusal while a wounded hero is beside her
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![touch.clone()]
    );
    (state, touch, syv)
}

#[test]
fn healing_touch_asks_how_many_markers_on_a_middle_roll() {
    let (mut state, touch, syv) = healing_touch(3);
    let events = play(&mut state, Seat(0), touch, &[10]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PowerUsed {
            outcome: Outcome::HealChosen(crate::power::choose::Heal::UpTo(2)),
            ..
        }
    )));
    assert_eq!(wounds(&state, syv), 3, "nothing removed before the answer");
    assert!(matches!(
        asked(&state),
        Decision::HowMany { target, most: 2, .. } if target == syv
    ));
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![
            Action::Choose { n: 0 },
            Action::Choose { n: 1 },
            Action::Choose { n: 2 }
        ]
    );
    // more than the line allows is refused
    let mut over = state.clone();
    let mut events = Vec::new();
    assert!(HeroScape::apply(
        &mut over,
        Seat(0),
        &Action::Choose { n: 3 },
        &mut skirmish_dice::Dice::scripted([]),
        &mut events
    )
    .is_err());
    play(&mut state, Seat(0), Action::Choose { n: 1 }, &[]);
    assert_eq!(wounds(&state, syv), 2);
    // the turn goes on to the attacks
    assert!(!matches!(asked(&state), Decision::HowMany { .. }));
}

#[test]
fn healing_touch_never_asks_for_more_markers_than_the_card_holds() {
    let (mut state, touch, syv) = healing_touch(1);
    play(&mut state, Seat(0), touch, &[17]);
    assert!(matches!(asked(&state), Decision::HowMany { most: 1, .. }));
    play(&mut state, Seat(0), Action::Choose { n: 1 }, &[]);
    assert_eq!(wounds(&state, syv), 0);
}

#[test]
fn healing_touch_reads_every_other_line_of_its_table() {
    // 18-20: every marker goes, nothing asked
    let (mut all, touch, syv) = healing_touch(3);
    play(&mut all, Seat(0), touch.clone(), &[18]);
    assert_eq!(wounds(&all, syv), 0);
    assert!(!matches!(asked(&all), Decision::HowMany { .. }));
    // 2-5: one marker
    let (mut one, ..) = healing_touch(3);
    play(&mut one, Seat(0), touch.clone(), &[5]);
    assert_eq!(wounds(&one, syv), 2);
    // 1: two markers added
    let (mut worse, ..) = healing_touch(1);
    play(&mut worse, Seat(0), touch, &[1]);
    assert_eq!(wounds(&worse, syv), 3);
}

/// Braxas (double-space, at (1, 2) and (0, 2)) with Izumi Samurai, Ne-Gok-Sa and an Ice Troll
/// Berserker (large) within 4 spaces, in the attack step of Braxas' turn.
fn braxas() -> (State, [u32; 5]) {
    let sc = battle_on(
        plain(0, 7, 0, 4),
        &["Braxas"],
        &["Izumi Samurai", "Ne-Gok-Sa", "Ice Troll Berserker"],
    );
    let (state, ids) = only_at(
        &sc,
        &[
            ("Braxas", 0, Hex::new(1, 2)),
            ("Izumi Samurai", 0, Hex::new(3, 0)),
            ("Ne-Gok-Sa", 0, Hex::new(4, 2)),
            ("Izumi Samurai", 1, Hex::new(2, 4)),
            ("Ice Troll Berserker", 0, Hex::new(3, 3)),
        ],
        Stage::Attack,
    );
    (state, [ids[0], ids[1], ids[2], ids[3], ids[4]])
}

#[test]
fn poisonous_acid_breath_chooses_three_figures_then_rolls_for_each() {
    let (mut state, [braxas, sam0, ne, sam1, troll]) = braxas();
    let p = power("Braxas", "Poisonous Acid Breath");
    let breath = |target| Action::UsePower {
        figure: braxas,
        power: p,
        target: Some(target),
    };
    let legal = HeroScape::legal_actions(&state, Seat(0));
    for id in [sam0, ne, sam1] {
        assert!(legal.contains(&breath(id)), "{id} may be chosen");
    }
    assert!(!legal.contains(&breath(troll)), "a large figure may not");
    let events = play(&mut state, Seat(0), breath(sam0), &[]);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::PowerRolled { .. })),
        "no roll before every figure is chosen"
    );
    assert!(matches!(asked(&state), Decision::UsePower { power, .. } if power == p));
    let legal = HeroScape::legal_actions(&state, Seat(0));
    let mut others = vec![ne, sam1];
    others.sort_unstable();
    let mut expected: Vec<Action> = others.into_iter().map(breath).collect();
    expected.push(Action::DeclinePower);
    assert_eq!(
        legal, expected,
        "each other figure once, never the one chosen, or no more"
    );
    play(&mut state, Seat(0), breath(ne), &[]);
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![breath(sam1), Action::DeclinePower]
    );
    // the third figure: no more may be chosen, the die is rolled for each in turn
    let events = play(&mut state, Seat(0), breath(sam1), &[8, 16, 7]);
    let rolls: Vec<(u8, u8, bool)> = events
        .iter()
        .filter_map(|e| match e {
            Event::PowerRolled {
                die,
                needed,
                success,
                ..
            } => Some((*die, *needed, *success)),
            _ => None,
        })
        .collect();
    assert_eq!(rolls, vec![(8, 8, true), (16, 17, false), (7, 8, false)]);
    assert!(state.figure(sam0).is_some_and(|f| f.destroyed));
    assert!(state.figure(ne).is_some_and(|f| !f.destroyed));
    assert!(state.figure(sam1).is_some_and(|f| !f.destroyed));
}

#[test]
fn poisonous_acid_breath_may_stop_at_one_figure_and_destroys_a_hero_on_17() {
    let (mut state, [braxas, _, ne, ..]) = braxas();
    let p = power("Braxas", "Poisonous Acid Breath");
    play(
        &mut state,
        Seat(0),
        Action::UsePower {
            figure: braxas,
            power: p,
            target: Some(ne),
        },
        &[],
    );
    let events = play(&mut state, Seat(0), Action::DeclinePower, &[17]);
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::PowerRolled { .. }))
            .count(),
        1
    );
    assert!(state.figure(ne).is_some_and(|f| f.destroyed));
}

/// Syvarris at (0, 1), two Izumi Samurai 5 spaces off and one 8 spaces off; the moves are over.
fn volley() -> (State, u32, [u32; 3]) {
    let sc = battle_on(plain(0, 9, 0, 2), &["Syvarris (GS)"], &["Izumi Samurai"]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Syvarris (GS)", 0, Hex::new(0, 1)),
            ("Izumi Samurai", 0, Hex::new(5, 0)),
            ("Izumi Samurai", 1, Hex::new(4, 2)),
            ("Izumi Samurai", 2, Hex::new(8, 1)),
        ],
        Stage::Move,
    );
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    (state, ids[0], [ids[1], ids[2], ids[3]])
}

fn attacks_of(state: &State, figure: u32) -> Vec<u32> {
    HeroScape::legal_actions(state, Seat(0))
        .into_iter()
        .filter_map(|a| match a {
            Action::Attack { figure: f, target } if f == figure => Some(target),
            _ => None,
        })
        .collect()
}

#[test]
fn volley_unto_himself_trades_range_for_attacks() {
    let (mut state, syv, [near0, near1, _far]) = volley();
    let p = power("Syvarris (GS)", "VOLLEY UNTO HIMSELF");
    assert!(matches!(asked(&state), Decision::UsePower { power, .. } if power == p));
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![
            Action::Choose { n: 0 },
            Action::Choose { n: 1 },
            Action::DeclinePower
        ]
    );
    let events = play(&mut state, Seat(0), Action::Choose { n: 0 }, &[]);
    assert!(events.contains(&Event::RangeForAttacks {
        figure: syv,
        unit: 0,
        power: p,
        range: 6,
        attacks: 2
    }));
    let s = state.figure(syv).cloned().expect("Syvarris");
    assert_eq!(glyphs::range_of(&state, &s), 6);
    assert_eq!(
        attacks_of(&state, syv),
        vec![near0, near1],
        "8 spaces is out of range 6"
    );
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: syv,
            target: near0,
        },
        &[BLANK; 9],
    );
    // a second normal attack, at any figure in range
    assert_eq!(attacks_of(&state, syv), vec![near0, near1]);
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: syv,
            target: near1,
        },
        &[BLANK; 9],
    );
    assert!(attacks_of(&state, syv).is_empty(), "two attacks at most");
}

#[test]
fn volley_unto_himself_declined_or_at_range_3() {
    let (mut state, syv, [near0, near1, far]) = volley();
    let mut three = state.clone();
    let events = play(&mut three, Seat(0), Action::Choose { n: 1 }, &[]);
    assert!(events.contains(&Event::RangeForAttacks {
        figure: syv,
        unit: 0,
        power: power("Syvarris (GS)", "VOLLEY UNTO HIMSELF"),
        range: 3,
        attacks: 3
    }));
    // nobody within 3 spaces: no attack, and the turn is over
    assert!(attacks_of(&three, syv).is_empty());
    assert!(three.turn().is_none_or(|t| t.seat != Seat(0)));

    play(&mut state, Seat(0), Action::DeclinePower, &[]);
    let s = state.figure(syv).cloned().expect("Syvarris");
    assert_eq!(glyphs::range_of(&state, &s), 9);
    assert_eq!(attacks_of(&state, syv), vec![near0, near1, far]);
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: syv,
            target: far,
        },
        &[BLANK; 9],
    );
    assert!(
        attacks_of(&state, syv).is_empty(),
        "one attack without the power"
    );
}

/// The Marro Drones (every figure of the card) on a plain, Ne-Gok-Sa far off, and the turn of
/// the Drones starting with the die `roll`: the events, the state, the Drones.
fn swarm(roll: u8) -> (Vec<Event>, State, Vec<u32>) {
    let sc = battle_on(plain(0, 9, 0, 5), &["Marro Drones"], &["Ne-Gok-Sa"]);
    let figures = usize::from(real("Marro Drones").figures);
    assert!(figures >= 4, "a squad of 4 or more");
    let mut places: Vec<(&str, usize, Hex)> = (0..figures)
        .map(|i| {
            (
                "Marro Drones",
                i,
                Hex::new(0, i32::try_from(i).unwrap_or(0)),
            )
        })
        .collect();
    places.push(("Ne-Gok-Sa", 0, Hex::new(9, 0)));
    let (mut state, ids) = only_at(&sc, &places, Stage::Move);
    let events = crate::game::test_support::start_turn_rolling(&mut state, Seat(0), 0, &[roll]);
    (events, state, ids[..figures].to_vec())
}

/// Moves each Drone in turn by its first legal move, while it has one: the Drones moved.
fn move_all(state: &mut State, drones: &[u32]) -> Vec<u32> {
    let mut moved = Vec::new();
    for &d in drones {
        let step = HeroScape::legal_actions(state, Seat(0))
            .into_iter()
            .find(|a| matches!(a, Action::Move { figure, .. } if *figure == d));
        if let Some(step) = step {
            play(state, Seat(0), step, &[]);
            moved.push(d);
        }
    }
    moved
}

#[test]
fn hive_swarm_rolls_how_many_drones_may_move_and_attack() {
    let p = power("Marro Drones", "HIVE SWARM");
    let (events, mut low, drones) = swarm(12);
    assert!(events.contains(&Event::FiguresForTurn {
        unit: 0,
        power: p,
        figures: 3
    }));
    assert_eq!(move_all(&mut low, &drones), drones[..3].to_vec());
    // 13-16: six, so every Drone of the card
    let (events, mut high, drones) = swarm(13);
    assert!(events.contains(&Event::FiguresForTurn {
        unit: 0,
        power: p,
        figures: 6
    }));
    assert_eq!(move_all(&mut high, &drones), drones);
}

#[test]
fn soul_devour_asks_each_shade_then_rolls_for_each() {
    let sc = battle_on(
        plain(0, 5, 0, 4),
        &["Shades of Bleakwoode"],
        &["Ne-Gok-Sa", "Syvarris (GS)"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Shades of Bleakwoode", 0, Hex::new(1, 0)),
            ("Ne-Gok-Sa", 0, Hex::new(2, 0)),
            ("Shades of Bleakwoode", 1, Hex::new(1, 2)),
            ("Syvarris (GS)", 0, Hex::new(2, 2)),
            ("Shades of Bleakwoode", 2, Hex::new(0, 4)),
        ],
        Stage::Move,
    );
    let [shade0, ne, shade1, syv, shade2] = [ids[0], ids[1], ids[2], ids[3], ids[4]];
    let p = power("Shades of Bleakwoode", "SOUL DEVOUR 19");
    let devour = |figure, target| Action::UsePower {
        figure,
        power: p,
        target: Some(target),
    };
    crate::game::test_support::start_turn_rolling(&mut state, Seat(0), 0, &[]);
    // each Shade in turn, its adjacent unique hero or none; the third has none to choose
    assert!(matches!(asked(&state), Decision::UsePower { figure, .. } if figure == shade0));
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![devour(shade0, ne), Action::DeclinePower]
    );
    let events = play(&mut state, Seat(0), devour(shade0, ne), &[]);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::PowerRolled { .. })));
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![devour(shade1, syv), Action::DeclinePower]
    );
    let ne_unit = state.figure(ne).map(|f| f.unit).expect("Ne-Gok-Sa");
    let syv_unit = state.figure(syv).map(|f| f.unit).expect("Syvarris");
    let events = play(&mut state, Seat(0), devour(shade1, syv), &[19, 18]);
    let rolls: Vec<(u32, u8, bool)> = events
        .iter()
        .filter_map(|e| match e {
            Event::PowerRolled {
                figure,
                die,
                success,
                ..
            } => Some((*figure, *die, *success)),
            _ => None,
        })
        .collect();
    assert_eq!(rolls, vec![(shade0, 19, true), (shade1, 18, false)]);
    assert!(
        state.figure(shade0).is_some_and(|f| f.destroyed),
        "the Shade is destroyed"
    );
    assert_eq!(state.unit(ne_unit).map(|u| u.owner), Some(Seat(0)));
    assert!(state.figure(ne).is_some_and(|f| f.owner == Seat(0)));
    assert!(
        !state.players[1].markers.on.contains(&Some(ne_unit)),
        "the order markers on its card are removed"
    );
    assert_eq!(state.unit(syv_unit).map(|u| u.owner), Some(Seat(1)));
    assert!(state.figure(shade1).is_some_and(|f| !f.destroyed));
    assert!(state.figure(shade2).is_some_and(|f| !f.destroyed));
}

/// A Kozuke Samurai at the strip's west end and Ne-Gok-Sa at `q`, in the moves of the
/// Samurai's turn.
fn charge(q: i32) -> (State, u32, u32) {
    let sc = battle(&[1; 12], &["Kozuke Samurai"], &["Ne-Gok-Sa"]);
    let (state, ids) = only_at(
        &sc,
        &[("Kozuke Samurai", 0, h(0)), ("Ne-Gok-Sa", 0, h(q))],
        Stage::Move,
    );
    (state, ids[0], ids[1])
}

fn moves_of(state: &State, figure: u32) -> Vec<Hex> {
    HeroScape::legal_actions(state, Seat(0))
        .into_iter()
        .filter_map(|a| match a {
            Action::Move { figure: f, to, .. } if f == figure => Some(to),
            _ => None,
        })
        .collect()
}

#[test]
fn charging_assault_adds_three_and_must_end_beside_an_enemy() {
    let (mut state, sam, _) = charge(8);
    let p = power("Kozuke Samurai", "CHARGING ASSAULT");
    let use_it = Action::UsePower {
        figure: sam,
        power: p,
        target: None,
    };
    // move 5: h(7), beside Ne-Gok-Sa, is out of reach without the power
    assert!(!moves_of(&state, sam).contains(&h(7)));
    assert!(HeroScape::legal_actions(&state, Seat(0)).contains(&use_it));
    let events = play(&mut state, Seat(0), use_it.clone(), &[]);
    assert!(events.contains(&Event::Charged {
        figure: sam,
        unit: 0,
        power: p,
        by: 3
    }));
    let s = state.figure(sam).cloned().expect("the Samurai");
    assert_eq!(glyphs::move_of(&state, &s), 8);
    // only the move ending beside the enemy, and the moves may not end before it
    assert_eq!(moves_of(&state, sam), vec![h(7)]);
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(!legal.contains(&Action::EndMoves));
    assert!(!legal.contains(&use_it), "once");
}

#[test]
fn charging_assault_needs_an_unengaged_samurai_that_could_reach_an_enemy() {
    let (far, sam, _) = charge(11);
    let offered = |s: &State| {
        HeroScape::legal_actions(s, Seat(0))
            .iter()
            .any(|a| matches!(a, Action::UsePower { figure, .. } if *figure == sam))
    };
    assert!(
        !offered(&far),
        "the space beside it is 10 off: not even with 8"
    );
    let (engaged, ..) = charge(1);
    assert!(!offered(&engaged), "engaged");
}
