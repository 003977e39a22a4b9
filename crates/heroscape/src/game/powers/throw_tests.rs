//! Powers that throw a chosen figure (*Throw 14*), at play with the real cards of the shared
//! data, on strips of hexes, with scripted dice.

use std::sync::Arc;

use skirmish_board::hex::Hex;
use skirmish_engine::{Pending, Ruleset, Seat};

use super::triggered;
use crate::battlefield::{Battlefield, Builder, Ground, Level, Material, Span};
use crate::game::state::Stage;
use crate::game::test_support::{battle_on, h, only_at, real};
use crate::game::tests::{land, play};
use crate::game::{Action, Decision, Event, HeroScape, State};

/// The place of the card's power named `name` among its powers.
fn power(card: &str, name: &str) -> u8 {
    let c = real(card);
    let (i, _) = triggered::triggered(&c)
        .find(|(i, _)| c.powers[usize::from(*i)].name == name)
        .unwrap_or_else(|| panic!("{card}'s {name} is not a triggered power"));
    i
}

/// Where a figure stands: its hex and level.
fn at(state: &State, id: u32) -> (Hex, Level) {
    let f = state.figure(id).expect("the figure");
    (f.hex.expect("on the battlefield"), f.level)
}

/// A strip of 8 hexes of grass at level 1, but hex `high` raised to its level and hex `wet`
/// covered by a level of water.
fn field(high: Option<(i32, Level)>, wet: Option<i32>) -> Arc<Battlefield> {
    let mut b = Builder::new("throw");
    for q in 0..8 {
        let top = high.filter(|(x, _)| *x == q).map_or(1, |(_, l)| l);
        b.span(h(q), land(top), format!("hex {q}"));
    }
    if let Some(q) = wet {
        let water = Span {
            bottom: 1,
            top: 2,
            material: Material::Liquid(Ground::Water),
        };
        b.span(h(q), water, "water");
    }
    b.start(h(0), 1, "west");
    b.start(h(7), 2, "east");
    Arc::new(b.build().expect("the strip builds"))
}

/// Jotun (double-space: hexes 1 and 2) has moved; Alastair MacDirk stands next to him on hex
/// 3, the flying Concan on hex 0. Jotun's throw, used on Alastair, and the ids.
fn jotun(field: Arc<Battlefield>) -> (State, Action, [u32; 3]) {
    let sc = battle_on(
        field,
        &["Jotun"],
        &["Alastair MacDirk", "Concan the Kyrie Warrior (SotC)"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Jotun", 0, h(2)),
            ("Alastair MacDirk", 0, h(3)),
            ("Concan the Kyrie Warrior (SotC)", 0, h(0)),
        ],
        Stage::Move,
    );
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    let throw = Action::UsePower {
        figure: ids[0],
        power: power("Jotun", "Throw 14"),
        target: Some(ids[1]),
    };
    (state, throw, [ids[0], ids[1], ids[2]])
}

fn wounds(state: &State, id: u32) -> u16 {
    state.figure(id).expect("the figure").wounds
}

#[test]
fn jotun_throws_an_adjacent_walker_up_to_4_spaces_on_a_14_and_wounds_it_twice_on_an_11() {
    let (mut state, throw, [_, alastair, _]) = jotun(field(None, None));
    // "choose", no "you may": the walker next to Jotun must be chosen; the flyer never is.
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![throw.clone()]
    );

    let mut missed = state.clone();
    play(&mut missed, Seat(0), throw.clone(), &[13]);
    assert_eq!(at(&missed, alastair), (h(3), 1), "a 13 throws nothing");

    play(&mut state, Seat(0), throw, &[14]);
    let Pending::Decide { decision, .. } = HeroScape::pending(&state) else {
        panic!("nothing asked")
    };
    assert!(matches!(decision, Decision::Deploy { figure, .. } if figure == alastair));
    let mut legal = HeroScape::legal_actions(&state, Seat(0));
    legal.sort_by_key(|a| format!("{a:?}"));
    let to = |q: i32| Action::PlaceCarried {
        figure: alastair,
        to: h(q),
        level: 1,
    };
    // within 4 spaces of either of Jotun's hexes; hex 0 holds Concan, hex 3 is Alastair's own,
    // hex 7 is 5 spaces away; "you may throw": the player may leave it
    assert_eq!(
        legal,
        vec![Action::DeclinePower, to(4), to(5), to(6)],
        "{legal:?}"
    );

    let mut spared = state.clone();
    play(&mut spared, Seat(0), to(6), &[10]);
    assert_eq!(
        (at(&spared, alastair), wounds(&spared, alastair)),
        ((h(6), 1), 0)
    );

    // Engaged with Jotun, Alastair leaves without a leaving-engagement attack.
    let events = play(&mut state, Seat(0), to(6), &[11]);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::LeftEngagement { .. })));
    assert_eq!(at(&state, alastair), (h(6), 1));
    assert_eq!(wounds(&state, alastair), 2, "{events:?}");
}

#[test]
fn a_figure_thrown_onto_water_takes_no_throwing_damage() {
    let (mut state, throw, [_, alastair, _]) = jotun(field(None, Some(5)));
    play(&mut state, Seat(0), throw, &[20]);
    // no die is scripted for the damage: a roll would fail the script
    play(
        &mut state,
        Seat(0),
        Action::PlaceCarried {
            figure: alastair,
            to: h(5),
            level: 1,
        },
        &[],
    );
    // a figure in water stands on the bottom of the water
    assert_eq!(
        (at(&state, alastair), wounds(&state, alastair)),
        ((h(5), 1), 0)
    );
}

#[test]
fn a_figure_thrown_above_jotuns_top_takes_no_throwing_damage_one_at_his_top_does() {
    // Jotun (height 10) stands on level 1: his top is level 11.
    let land_on = |level: Level, dice: &[u8]| {
        let (mut state, throw, [_, alastair, _]) = jotun(field(Some((4, level)), None));
        play(&mut state, Seat(0), throw, &[14]);
        play(
            &mut state,
            Seat(0),
            Action::PlaceCarried {
                figure: alastair,
                to: h(4),
                level,
            },
            dice,
        );
        (at(&state, alastair), wounds(&state, alastair))
    };
    assert_eq!(land_on(12, &[]), ((h(4), 12), 0));
    assert_eq!(land_on(11, &[20]), ((h(4), 11), 2));
}

/// Kha-Re-Ga (double-space: hexes 1 and 2, `marked` wounds on her card) about to move, Alastair
/// MacDirk on hex 7 and Agent Carr on hex 4; her Hive Tunnel onto hexes 5 and 6 played with
/// `dice`: the wounds of Carr and Alastair, and the events.
fn tunnel(marked: u16, dice: &[u8]) -> ([u16; 2], Vec<Event>) {
    use super::moves::{power_destinations, MoveWay};
    let sc = battle_on(
        field(None, None),
        &["Kha-Re-Ga"],
        &["Agent Carr (RotV)", "Alastair MacDirk"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Kha-Re-Ga", 0, h(2)),
            ("Agent Carr (RotV)", 0, h(4)),
            ("Alastair MacDirk", 0, h(7)),
        ],
        Stage::Move,
    );
    state.figure_mut(ids[0]).expect("Kha-Re-Ga").wounds = marked;
    let kha = state.figure(ids[0]).expect("Kha-Re-Ga").clone();
    let dest = power_destinations(&state, &kha, MoveWay::Place)
        .into_iter()
        .find(|d| {
            let mut both = [Some(d.hex), d.tail];
            both.sort();
            both == [Some(h(5)), Some(h(6))]
        })
        .expect("hexes 5 and 6 are 4 spaces away");
    let events = play(
        &mut state,
        Seat(0),
        Action::PowerMove {
            figure: ids[0],
            way: MoveWay::Place,
            to: dest.hex,
            level: dest.level,
            tail: dest.tail,
        },
        dice,
    );
    ([wounds(&state, ids[1]), wounds(&state, ids[2])], events)
}

#[test]
fn hive_tunnel_rolls_for_each_figure_next_to_kha_re_ga_once_placed_her_wounds_added() {
    // Carr's id comes before Alastair's: he is rolled for first.
    let (w, events) = tunnel(0, &[13, 14]);
    assert_eq!(w, [0, 1], "13 does nothing, 14 is a wound");
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::PowerRolled { .. }))
            .count(),
        2
    );
    assert_eq!(tunnel(0, &[19, 20]).0, [1, 3], "19 a wound, 20 three");
    // One wound marker on her card adds 1: 13 wounds, 19 is a 20.
    assert_eq!(tunnel(1, &[13, 19]).0, [1, 3]);
}

#[test]
fn fey_step_places_erevan_up_to_5_spaces_away_without_the_leaving_attack_then_he_moves_normally() {
    use super::moves::MoveWay;
    let sc = battle_on(
        field(None, None),
        &["Erevan Sunshadow"],
        &["Alastair MacDirk"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[("Erevan Sunshadow", 0, h(1)), ("Alastair MacDirk", 0, h(2))],
        Stage::Move,
    );
    let erevan = ids[0];
    let step = |q: i32| Action::PowerMove {
        figure: erevan,
        way: MoveWay::Step,
        to: h(q),
        level: 1,
        tail: None,
    };
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal.contains(&step(6)), "5 spaces away: {legal:?}");
    assert!(!legal.contains(&step(7)), "6 spaces is too far");
    // engaged with Alastair, he steps away without the leaving-engagement die (none scripted)
    let events = play(&mut state, Seat(0), step(6), &[]);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::LeftEngagement { .. })));
    assert_eq!(at(&state, erevan), (h(6), 1));
    // placed, not moved: his normal move is still his; the step is spent for the game
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal
        .iter()
        .any(|a| matches!(a, Action::Move { figure, .. } if *figure == erevan)));
    assert!(!legal.iter().any(|a| matches!(
        a,
        Action::PowerMove {
            way: MoveWay::Step,
            ..
        }
    )));
}

/// Saylind with a friend of West's (`friend`, at `at`) and Agent Carr; she has moved. Her
/// Spear of Summoning used on the friend, and the ids (Saylind, friend, Carr).
fn saylind(friend: &str, places: [Hex; 3]) -> (State, Action, [u32; 3]) {
    let sc = battle_on(
        field(None, None),
        &["Saylind the Kyrie Warrior", friend],
        &["Agent Carr (RotV)"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Saylind the Kyrie Warrior", 0, places[0]),
            (friend, 0, places[1]),
            ("Agent Carr (RotV)", 0, places[2]),
        ],
        Stage::Move,
    );
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    let spear = Action::UsePower {
        figure: ids[0],
        power: power("Saylind the Kyrie Warrior", "Spear of Summoning"),
        target: Some(ids[1]),
    };
    (state, spear, [ids[0], ids[1], ids[2]])
}

#[test]
fn spear_of_summoning_puts_a_figure_saylind_controls_beside_her_on_a_9_free_of_its_engagement() {
    // Alastair is engaged with Carr far from Saylind.
    let (mut state, spear, [_, alastair, _]) = saylind("Alastair MacDirk", [h(1), h(6), h(7)]);
    // "choose", no "you may": her own figure must be chosen; the enemy never is
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![spear.clone()]
    );
    let mut missed = state.clone();
    play(&mut missed, Seat(0), spear.clone(), &[8]);
    assert_eq!(at(&missed, alastair), (h(6), 1), "an 8 does nothing");

    play(&mut state, Seat(0), spear, &[9]);
    let mut legal = HeroScape::legal_actions(&state, Seat(0));
    legal.sort_by_key(|a| format!("{a:?}"));
    let to = |q: i32| Action::PlaceCarried {
        figure: alastair,
        to: h(q),
        level: 1,
    };
    assert_eq!(legal, vec![to(0), to(2)], "beside her, no way to leave it");
    // no leaving-engagement die is scripted: none is rolled
    let events = play(&mut state, Seat(0), to(2), &[]);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::LeftEngagement { .. })));
    assert_eq!(at(&state, alastair), (h(2), 1));
}

#[test]
fn spear_of_summoning_puts_a_double_space_figure_on_two_hexes_beside_saylind() {
    let (mut state, spear, [_, jotun, _]) = saylind("Jotun", [h(3), h(7), h(0)]);
    play(&mut state, Seat(0), spear, &[20]);
    let mut legal = HeroScape::legal_actions(&state, Seat(0));
    legal.sort_by_key(|a| format!("{a:?}"));
    let place = |a: i32, b: i32| Action::Place {
        figure: jotun,
        hex: h(a),
        tail: Some(h(b)),
    };
    assert_eq!(legal, vec![place(2, 1), place(4, 5)], "{legal:?}");
    play(&mut state, Seat(0), place(4, 5), &[]);
    let f = state.figure(jotun).expect("Jotun");
    assert_eq!((f.hex, f.tail, f.level), (Some(h(4)), Some(h(5)), 1));
}

#[test]
fn tactical_switch_switches_the_soldier_with_the_figure_it_attacks_once_a_turn_then_the_attack_goes_on(
) {
    use crate::game::test_support::plain_raised;
    use crate::game::tests::{BLANK, SKULL};
    let sc = battle_on(
        plain_raised(4, 3, &[]),
        &["Warforged Soldiers"],
        &["Alastair MacDirk"],
    );
    let (q0, q1, al) = (Hex::new(0, 1), Hex::new(1, 0), Hex::new(1, 1));
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Warforged Soldiers", 0, q0),
            ("Warforged Soldiers", 1, q1),
            ("Alastair MacDirk", 0, al),
        ],
        Stage::Move,
    );
    let [first, second, alastair] = [ids[0], ids[1], ids[2]];
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: first,
            target: alastair,
        },
        &[],
    );
    // Tactical Switch is the card's first power
    let switch = Action::UsePower {
        figure: first,
        power: 0,
        target: Some(alastair),
    };
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![switch.clone(), Action::DeclinePower]
    );
    let mut declined = state.clone();
    play(
        &mut declined,
        Seat(0),
        Action::DeclinePower,
        &[BLANK, BLANK, BLANK, BLANK, BLANK, BLANK],
    );
    assert_eq!(
        (at(&declined, first).0, at(&declined, alastair).0),
        (q0, al)
    );

    // switched (no leaving-engagement die), the attack goes on: three skulls, three blanks
    let events = play(
        &mut state,
        Seat(0),
        switch,
        &[SKULL, SKULL, SKULL, BLANK, BLANK, BLANK],
    );
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::LeftEngagement { .. })));
    assert_eq!((at(&state, first).0, at(&state, alastair).0), (al, q0));
    assert_eq!(wounds(&state, alastair), 3);
    // Alastair was switched this turn: the other soldier's attack is not offered the switch
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: second,
            target: alastair,
        },
        &[BLANK, BLANK, BLANK, BLANK, BLANK, BLANK],
    );
    assert!(events.iter().any(|e| matches!(e, Event::Attacked { .. })));
    assert_eq!((at(&state, second).0, at(&state, alastair).0), (q1, q0));
}
