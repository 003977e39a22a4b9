//! Scenarios of the powers that read the order markers (`markers.rs`), with real cards: *Lead by
//! Example*, *Might of Bleakewoode* and *Vigilance of Nastralund*, *Gladiator Inspiration*,
//! *Corrosive Bile*, *Dwarven Strategic Bonding* and *Crag of Steel* (with its secrecy).

use std::sync::Arc;

use skirmish_board::hex::Hex;
use skirmish_dice::Dice;
use skirmish_engine::{Pending, Ruleset, Seat, Viewer};

use crate::battlefield::Battlefield;
use crate::game::frames::HsFrame;
use crate::game::powers::values::{attack_dice, defence_dice, move_of, AttackKind};
use crate::game::state::{Marker, Markers, Phase, Stage, State};
use crate::game::test_support::{battle_on, only_at, plain, start_turn};
use crate::game::tests::play;
use crate::game::{Action, Decision, Event, HeroScape};

/// A plain of grass 10 × 4: room to stand figures side by side with nothing between them.
fn field() -> Arc<Battlefield> {
    plain(0, 9, 0, 3)
}

fn at(q: i32, r: i32) -> Hex {
    Hex::new(q, r)
}

/// The attack dice of `a` against `d` in a normal attack.
fn attack(state: &State, a: u32, d: u32) -> u16 {
    let (a, d) = (state.figure(a).unwrap(), state.figure(d).unwrap());
    attack_dice(state, a, d, AttackKind::Normal).value()
}

/// The defence dice of `d` against a normal attack of `a`.
fn defence(state: &State, a: u32, d: u32) -> u16 {
    let (a, d) = (state.figure(a).unwrap(), state.figure(d).unwrap());
    defence_dice(state, a, d, AttackKind::Normal).value()
}

fn moves(state: &State, f: u32) -> u16 {
    move_of(state, state.figure(f).unwrap()).value()
}

#[test]
fn lead_by_example_adds_to_gi_joe_and_soldiers_near_duke_while_his_marker_is_up() {
    // "While Duke has a revealed Order Marker on his Army Card, other G.I. JOE and Soldier
    // figures you control within 2 clear sight spaces of Duke add 1 to their Attack Value."
    let sc = battle_on(
        field(),
        &["Duke", "Greenshirts", "Spitting Hive Soldier", "Crixus"],
        &["Syvarris (RotV)"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Duke", 0, at(4, 1)),
            ("Greenshirts", 0, at(5, 1)),
            ("Spitting Hive Soldier", 0, at(3, 1)),
            ("Crixus", 0, at(4, 2)),
            ("Greenshirts", 1, at(8, 0)),
            ("Syvarris (RotV)", 0, at(9, 3)),
        ],
        Stage::Attack,
    );
    let [duke, joe, soldier, crixus, far, enemy] = ids[..] else {
        panic!("six figures");
    };
    // marker 1 lies face up on Duke's card
    assert!(state.players[0].markers.revealed[0]);
    assert_eq!(
        state.players[0].markers.on[0],
        Some(state.figure(duke).unwrap().unit)
    );
    assert_eq!(
        attack(&state, joe, enemy),
        3,
        "a G.I. Joe Soldier adds 1, once"
    );
    assert_eq!(
        attack(&state, soldier, enemy),
        3,
        "a Soldier of Einar adds 1"
    );
    assert_eq!(attack(&state, crixus, enemy), 5, "a Gladiator adds nothing");
    assert_eq!(attack(&state, duke, enemy), 4, "Duke himself adds nothing");
    assert_eq!(attack(&state, far, enemy), 2, "4 spaces away");
    // face down, the markers give nothing
    state.players[0].markers.revealed = [false; 4];
    assert_eq!(attack(&state, joe, enemy), 2);
    assert_eq!(attack(&state, soldier, enemy), 2);
}

#[test]
fn might_and_vigilance_read_the_markers_revealed_on_the_other_generals_cards() {
    // Might: other Jandar figures near Concan add 1 to their attack if a marker is revealed on
    // an Utgar card of the army; Vigilance: Utgar figures near him add 1 to their defence if
    // one is revealed on a Jandar card.
    let sc = battle_on(
        field(),
        &[
            "Concan the Kyrie Warrior (SotC)",
            "Alastair MacDirk",
            "Cornelius Breech, The Derelict Prince",
        ],
        &["Syvarris (RotV)"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Concan the Kyrie Warrior (SotC)", 0, at(4, 1)),
            ("Alastair MacDirk", 0, at(5, 1)),
            ("Cornelius Breech, The Derelict Prince", 0, at(3, 1)),
            ("Syvarris (RotV)", 0, at(9, 3)),
        ],
        Stage::Attack,
    );
    let [concan, jandar, utgar, enemy] = ids[..] else {
        panic!("four figures");
    };
    let utgar_card = state.figure(utgar).unwrap().unit;
    // marker 1 is face up on Concan's card (Jandar): Vigilance holds, Might does not
    assert_eq!(defence(&state, enemy, utgar), 4);
    assert_eq!(attack(&state, jandar, enemy), 5);
    // marker 2 on Cornelius's card (Utgar), face down: nothing yet
    state.players[0].markers.on[1] = Some(utgar_card);
    assert_eq!(attack(&state, jandar, enemy), 5);
    state.players[0].markers.revealed[1] = true;
    assert_eq!(attack(&state, jandar, enemy), 6);
    assert_eq!(
        attack(&state, concan, enemy),
        4,
        "Might reaches the other figures"
    );
    // no marker face up on a Jandar card: no Vigilance
    state.players[0].markers.revealed[0] = false;
    assert_eq!(defence(&state, enemy, utgar), 3);
    assert_eq!(defence(&state, enemy, concan), 4);
}

/// Places every order marker through the markers frame: West's on `west` (1, 2, 3, X), East's
/// all on `east`; the initiative is rolled with `initiative` and the first turn starts.
fn place_markers(state: &mut State, west: [u16; 4], east: u16, initiative: &[u8]) {
    for p in &mut state.players {
        p.markers = Markers::default();
    }
    state.phase = Phase::Markers;
    state.frames.as_mut().clear();
    state
        .frames
        .as_mut()
        .push(HsFrame::Markers { order: Vec::new() });
    for (m, unit) in Marker::ALL.into_iter().zip(west) {
        play(state, Seat(0), Action::PlaceMarker { marker: m, unit }, &[]);
    }
    for m in Marker::ALL {
        let dice = if m == Marker::X { initiative } else { &[] };
        play(
            state,
            Seat(1),
            Action::PlaceMarker {
                marker: m,
                unit: east,
            },
            dice,
        );
    }
}

#[test]
fn gladiator_inspiration_holds_for_the_round_when_every_marker_is_on_gladiators() {
    // "If all Order Markers for a round are placed on Gladiator Army Cards, and at least one
    // Order Marker is placed on Spartacus, then all Gladiators you control (except Spartacus)
    // become inspired. Inspired Gladiators add one to their Move number and add 1 extra attack
    // die and defense die for the rest of the round."
    let sc = battle_on(
        field(),
        &["Spartacus", "Crixus", "Alastair MacDirk"],
        &["Syvarris (RotV)"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Spartacus", 0, at(1, 1)),
            ("Crixus", 0, at(2, 2)),
            ("Alastair MacDirk", 0, at(3, 1)),
            ("Syvarris (RotV)", 0, at(9, 3)),
        ],
        Stage::Move,
    );
    let [spartacus, crixus, alastair, enemy] = ids[..] else {
        panic!("four figures");
    };
    let [s, c, a] = [spartacus, crixus, alastair].map(|f| state.figure(f).unwrap().unit);
    let east = state.figure(enemy).unwrap().unit;
    let start = state.clone();
    // 1 and X on Spartacus, 2 and 3 on Crixus
    place_markers(&mut state, [s, c, c, s], east, &[20, 1]);
    assert!(matches!(state.phase, Phase::Turns { turn: Some(_), .. }));
    assert_eq!(attack(&state, crixus, enemy), 6);
    assert_eq!(defence(&state, enemy, crixus), 4);
    assert_eq!(moves(&state, crixus), 6);
    assert_eq!(
        attack(&state, spartacus, enemy),
        6,
        "Spartacus is not inspired"
    );
    assert_eq!(attack(&state, alastair, enemy), 5, "not a Gladiator");
    // Spartacus destroyed: the inspiration lasts the round
    state.figure_mut(spartacus).unwrap().destroyed = true;
    assert_eq!(attack(&state, crixus, enemy), 6);
    // a marker on a card that is not a Gladiator's: nobody is inspired
    let mut other = start.clone();
    place_markers(&mut other, [s, c, a, s], east, &[20, 1]);
    assert_eq!(attack(&other, crixus, enemy), 5);
    assert_eq!(moves(&other, crixus), 5);
    // every marker on Gladiators but none on Spartacus: nobody is inspired
    let mut other = start;
    place_markers(&mut other, [c, c, c, c], east, &[20, 1]);
    assert_eq!(defence(&other, enemy, crixus), 3);
}

#[test]
fn corrosive_bile_lowers_the_defence_of_the_figure_attacked_until_a_marker_is_revealed() {
    // "After a Spitting Hive Soldier attacks a figure or destructible object, that figure or
    // destructible object reduces its Defense Value by 1 until the next time any player
    // reveals an Order Marker."
    let sc = battle_on(
        field(),
        &["Spitting Hive Soldier", "Crixus"],
        &["Syvarris (RotV)", "Alastair MacDirk"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Spitting Hive Soldier", 0, at(4, 1)),
            ("Crixus", 0, at(5, 2)),
            ("Syvarris (RotV)", 0, at(6, 1)),
            ("Alastair MacDirk", 0, at(7, 3)),
        ],
        Stage::Attack,
    );
    let [spitter, crixus, syvarris, alastair] = ids[..] else {
        panic!("four figures");
    };
    assert_eq!(defence(&state, crixus, syvarris), 2);
    // two blanks against two blanks: no wound, the bile all the same (the attack alone: as
    // an action it would end the turn, and East's marker would wash the bile off at once)
    let mut events = Vec::new();
    crate::game::combat::attack(
        &mut state,
        spitter,
        syvarris,
        &mut Dice::scripted([6, 6, 6, 6]),
        &mut events,
    );
    assert!(matches!(events[0], Event::Attacked { wounds: 0, .. }));
    assert_eq!(defence(&state, crixus, syvarris), 1);
    let tally = defence_dice(
        &state,
        state.figure(crixus).unwrap(),
        state.figure(syvarris).unwrap(),
        AttackKind::Normal,
    );
    assert!(
        tally.changes.iter().any(|c| c.by == -1
            && matches!(&c.why, crate::game::powers::values::Why::Power { power, .. } if power == "CORROSIVE BILE")),
        "{tally:?}"
    );
    assert_eq!(
        defence(&state, crixus, alastair),
        3,
        "only the figure attacked"
    );
    // East reveals its next marker: the bile is gone
    let east = state.figure(syvarris).unwrap().unit;
    start_turn(&mut state, Seat(1), east);
    assert_eq!(defence(&state, crixus, syvarris), 2);
}

/// The power the first card of West is asked to use now.
fn asked_power(state: &State) -> (u32, u8) {
    let Pending::Decide { seats, decision } = HeroScape::pending(state) else {
        panic!("nothing asked: {:?}", HeroScape::pending(state));
    };
    assert_eq!(seats, vec![Seat(0)], "only the owner is asked");
    let Decision::UsePower { figure, power, .. } = decision else {
        panic!("no power asked: {decision:?}");
    };
    (figure, power)
}

#[test]
fn dwarven_strategic_bonding_adds_two_spaces_when_no_dwarf_hero_took_a_turn() {
    // "Before taking a turn with The Axegrinders of Burning Forge, you may first take a turn
    // with any Dwarf Hero you control. If you do not take a turn with any Dwarf Hero you
    // control, add 2 to the Axegrinder's movement number."
    let sc = battle_on(
        field(),
        &["The Axegrinders of Burning Forge", "Migol Ironwill"],
        &["Syvarris (RotV)"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("The Axegrinders of Burning Forge", 0, at(2, 1)),
            ("Migol Ironwill", 0, at(3, 2)),
            ("Syvarris (RotV)", 0, at(9, 3)),
        ],
        Stage::Move,
    );
    let [axe, migol, _] = ids[..] else {
        panic!("three figures");
    };
    start_turn(&mut state, Seat(0), 0);
    let (bearer, power) = asked_power(&state);
    let mut declined = state.clone();
    play(&mut declined, Seat(0), Action::DeclinePower, &[]);
    assert_eq!(declined.turn().map(|t| t.unit), Some(0));
    assert_eq!(moves(&declined, axe), 6);
    // Migol takes his turn first: the Axegrinders move 4
    play(
        &mut state,
        Seat(0),
        Action::UsePower {
            figure: bearer,
            power,
            target: Some(migol),
        },
        &[],
    );
    assert_eq!(state.turn().map(|t| t.unit), Some(1));
    assert_eq!(moves(&state, axe), 4, "not its turn");
    // Migol has nobody to attack: his turn ends with his moves
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert_eq!(
        state.turn().map(|t| t.unit),
        Some(0),
        "the Axegrinders' turn"
    );
    assert_eq!(moves(&state, axe), 4);
}

/// West's marker 1 revealed, with only the figures of `places` on the battlefield, West's
/// markers on `west` (1, 2, 3, X) and East's on the card of unit 2.
fn first_turn(
    sc: &crate::game::Scenario,
    places: &[(&str, usize, Hex)],
    west: [u16; 4],
) -> (State, Vec<u32>) {
    let (mut state, ids) = only_at(sc, places, Stage::Move);
    state.players[0].markers = Markers {
        on: west.map(Some),
        ..Markers::default()
    };
    state.players[1].markers = Markers {
        on: [Some(2); 4],
        ..Markers::default()
    };
    state.phase = Phase::Turns {
        order: vec![Seat(0), Seat(1)],
        next: 0,
        turn: None,
    };
    state.frames.as_mut().clear();
    crate::game::play::next_turn(&mut state, &mut Dice::scripted([]), &mut Vec::new());
    (state, ids)
}

/// Siege's turn of marker 1 about to start with West's markers on `west` (1, 2, 3, X) and
/// East's on its first card; the marker is revealed.
fn siege_turn(sc: &crate::game::Scenario, west: [u16; 4]) -> (State, Vec<u32>) {
    first_turn(
        sc,
        &[
            ("Siege", 0, at(4, 1)),
            ("Crixus", 0, at(1, 1)),
            ("Syvarris (RotV)", 0, at(5, 1)),
            ("Alastair MacDirk", 0, at(4, 2)),
        ],
        west,
    )
}

#[test]
fn crag_of_steel_is_asked_alike_whether_the_x_is_on_siege_or_not() {
    // "When revealing a numbered order marker on Siege's Army Card, you may also reveal an "X"
    // order marker that is on Siege's Army Card to activate Crag of Steel for the duration of
    // the round." The other players must not learn where the X is from the question.
    let sc = battle_on(
        field(),
        &["Siege", "Crixus"],
        &["Syvarris (RotV)", "Alastair MacDirk"],
    );
    // 1 and X on Siege; or 1 and 2 on Siege, X on Crixus: Siege holds two markers either way
    let (with_x, _) = siege_turn(&sc, [0, 1, 1, 0]);
    let (without_x, _) = siege_turn(&sc, [0, 0, 1, 1]);
    assert_eq!(asked_power(&with_x), asked_power(&without_x));
    let east = Viewer::Seat(Seat(1));
    assert_eq!(
        serde_json::to_value(HeroScape::view(&with_x, east)).unwrap(),
        serde_json::to_value(HeroScape::view(&without_x, east)).unwrap(),
        "East's view says nothing of where the X is"
    );
    assert_eq!(HeroScape::pending(&with_x), HeroScape::pending(&without_x));
    assert!(HeroScape::legal_actions(&with_x, Seat(1)).is_empty());
    let (bearer, power) = asked_power(&with_x);
    let reveal = Action::UsePower {
        figure: bearer,
        power,
        target: None,
    };
    assert_eq!(
        HeroScape::legal_actions(&with_x, Seat(0)),
        vec![reveal.clone(), Action::DeclinePower]
    );
    assert_eq!(
        HeroScape::legal_actions(&without_x, Seat(0)),
        vec![Action::DeclinePower],
        "no X to reveal"
    );
    // the X revealed is everyone's to see
    let mut revealed = with_x.clone();
    let events = play(&mut revealed, Seat(0), reveal, &[]);
    assert!(events.contains(&Event::XRevealed {
        seat: Seat(0),
        unit: 0,
        power
    }));
    let view = crate::game::frames::markers_view(&revealed, Seat(0), east);
    assert!(view.known.contains(&(Marker::X, 0)), "{view:?}");
    let before = crate::game::frames::markers_view(&with_x, Seat(0), east);
    assert!(
        !before.known.iter().any(|(m, _)| *m == Marker::X),
        "{before:?}"
    );
    // Siege alone holding the marker revealed: nothing to ask
    let (alone, _) = siege_turn(&sc, [0, 1, 1, 1]);
    assert!(
        !matches!(
            HeroScape::pending(&alone),
            Pending::Decide {
                decision: Decision::UsePower { .. },
                ..
            }
        ),
        "{:?}",
        HeroScape::pending(&alone)
    );
}

#[test]
fn crag_of_steel_trades_attack_and_move_for_defence_and_attacks_on_each_adjacent_figure() {
    // "While Crag of Steel is active, add 3 to Siege's Defense value and subtract 2 from
    // Siege's Attack and Move values. When Siege attacks while Crag of Steel is active, he may
    // attack any or all adjacent to him. Roll each attack separately."
    let sc = battle_on(
        field(),
        &["Siege", "Crixus"],
        &["Syvarris (RotV)", "Alastair MacDirk"],
    );
    let (mut active, ids) = siege_turn(&sc, [0, 1, 1, 0]);
    let [siege, _, syvarris, alastair] = ids[..] else {
        panic!("four figures");
    };
    let mut idle = active.clone();
    let (bearer, power) = asked_power(&active);
    play(
        &mut active,
        Seat(0),
        Action::UsePower {
            figure: bearer,
            power,
            target: None,
        },
        &[],
    );
    play(&mut idle, Seat(0), Action::DeclinePower, &[]);
    assert_eq!((moves(&active, siege), moves(&idle, siege)), (3, 5));
    assert_eq!(
        (
            defence(&active, syvarris, siege),
            defence(&idle, syvarris, siege)
        ),
        (8, 5)
    );
    assert_eq!(
        (
            attack(&active, siege, syvarris),
            attack(&idle, siege, syvarris)
        ),
        (3, 5)
    );
    for state in [&mut active, &mut idle] {
        play(state, Seat(0), Action::EndMoves, &[]);
    }
    let strike = |target| Action::Attack {
        figure: siege,
        target,
    };
    play(&mut active, Seat(0), strike(syvarris), &[6, 6, 6, 6, 6]);
    play(&mut idle, Seat(0), strike(syvarris), &[6, 6, 6, 6, 6, 6, 6]);
    assert!(
        HeroScape::legal_actions(&active, Seat(0)).contains(&strike(alastair)),
        "each adjacent figure, one attack each"
    );
    assert!(!HeroScape::legal_actions(&active, Seat(0)).contains(&strike(syvarris)));
    assert!(!HeroScape::legal_actions(&idle, Seat(0)).contains(&strike(alastair)));
}

/// Glinerva and a Spitting Hive Soldier (West) against Syvarris and Alastair; West's marker 1
/// revealed with its markers on `west` (1, 2, 3, X).
fn glinerva_turn(west: [u16; 4]) -> (State, Vec<u32>) {
    let sc = battle_on(
        field(),
        &["Glinerva the Kyrie Warrior", "Spitting Hive Soldier"],
        &["Syvarris (RotV)", "Alastair MacDirk"],
    );
    first_turn(
        &sc,
        &[
            ("Glinerva the Kyrie Warrior", 0, at(1, 1)),
            ("Spitting Hive Soldier", 0, at(3, 1)),
            ("Syvarris (RotV)", 0, at(6, 1)),
            ("Alastair MacDirk", 0, at(9, 3)),
        ],
        west,
    )
}

#[test]
fn hanwis_darkness_stops_attacks_from_afar_until_its_owner_reveals_again() {
    // "When you reveal an Order Marker, you may also reveal the "X" Order Marker on Glinerva the
    // Kyrie Warrior to activate Hanwi's Darkness. Until you next reveal an Order Marker,
    // Glinerva and all Small, Medium, and Large figures within 5 spaces of her cannot target or
    // be targeted by non-adjacent figures with a normal or special attack."
    // Marker 1 on the Spitting Hive Soldier; 3 and X, or 2 and 3, on Glinerva.
    let (mut dark, ids) = glinerva_turn([1, 1, 0, 0]);
    let (idle, _) = glinerva_turn([1, 0, 0, 1]);
    let [_, spitter, syvarris, _] = ids[..] else {
        panic!("four figures");
    };
    assert_eq!(dark.turn().map(|t| t.unit), Some(1), "the Soldier's turn");
    assert_eq!(asked_power(&dark), asked_power(&idle));
    assert_eq!(HeroScape::pending(&dark), HeroScape::pending(&idle));
    let east = Viewer::Seat(Seat(1));
    assert_eq!(
        serde_json::to_value(HeroScape::view(&dark, east)).unwrap(),
        serde_json::to_value(HeroScape::view(&idle, east)).unwrap(),
        "East's view says nothing of where the X is"
    );
    assert_eq!(
        HeroScape::legal_actions(&idle, Seat(0)),
        vec![Action::DeclinePower]
    );
    let (bearer, power) = asked_power(&dark);
    play(
        &mut dark,
        Seat(0),
        Action::UsePower {
            figure: bearer,
            power,
            target: None,
        },
        &[],
    );
    let mut idle = idle;
    play(&mut idle, Seat(0), Action::DeclinePower, &[]);
    for state in [&mut dark, &mut idle] {
        play(state, Seat(0), Action::EndMoves, &[]);
    }
    let spit = Action::Attack {
        figure: spitter,
        target: syvarris,
    };
    let may = |s: &State, a: u32, t: u32| {
        crate::game::powers::attacks::may_target(s, s.figure(a).unwrap(), s.figure(t).unwrap())
    };
    assert!(HeroScape::legal_actions(&idle, Seat(0)).contains(&spit));
    assert!(
        !HeroScape::legal_actions(&dark, Seat(0)).contains(&spit),
        "3 spaces from Glinerva, the Soldier cannot target from afar"
    );
    assert!(!may(&dark, syvarris, spitter), "nor be targeted from afar");
    // East's marker revealed: the darkness stays; West's next one ends it
    start_turn(&mut dark, Seat(1), 2);
    assert!(!may(&dark, syvarris, spitter));
    start_turn(&mut dark, Seat(0), 1);
    assert!(may(&dark, syvarris, spitter));
}

#[test]
fn frost_rage_adds_evars_wounds_to_attack_and_defence_once_its_x_is_revealed() {
    // "While Frost Rage is active, add 1 to Evar Scarcarver's Attack and Defense values for
    // each wound marker on his Army Card."
    let sc = battle_on(
        field(),
        &["Evar Scarcarver", "Crixus"],
        &["Syvarris (RotV)", "Alastair MacDirk"],
    );
    let places = [
        ("Evar Scarcarver", 0, at(4, 1)),
        ("Crixus", 0, at(1, 1)),
        ("Syvarris (RotV)", 0, at(5, 1)),
    ];
    let (mut active, ids) = first_turn(&sc, &places, [0, 1, 1, 0]);
    let [evar, _, enemy] = ids[..] else {
        panic!("three figures");
    };
    active.figure_mut(evar).unwrap().wounds = 2;
    let mut idle = active.clone();
    let (bearer, power) = asked_power(&active);
    play(
        &mut active,
        Seat(0),
        Action::UsePower {
            figure: bearer,
            power,
            target: None,
        },
        &[],
    );
    play(&mut idle, Seat(0), Action::DeclinePower, &[]);
    assert_eq!(
        (attack(&active, evar, enemy), attack(&idle, evar, enemy)),
        (4, 2)
    );
    assert_eq!(
        (defence(&active, enemy, evar), defence(&idle, enemy, evar)),
        (5, 3)
    );
}

/// Whether `figure` may make a special attack now.
fn may_special(state: &State, figure: u32) -> bool {
    HeroScape::legal_actions(state, Seat(0))
        .iter()
        .any(|a| matches!(a, Action::SpecialAttack { figure: f, .. } if *f == figure))
}

#[test]
fn battle_surge_gives_scavorith_an_additional_turn_without_double_burst() {
    // "After taking a turn with Scavorith, you may reveal an "X" Order Marker on this Army Card
    // to take 1 additional turn with Scavorith. You cannot use Double Burst Special Attack this
    // additional turn. If Scavorith does not attack a figure during the additional turn,
    // Scavorith suffers 1 wound."
    let sc = battle_on(
        field(),
        &["Scavorith, Lord of Ruin", "Crixus"],
        &["Syvarris (RotV)", "Alastair MacDirk"],
    );
    let places = [
        ("Scavorith, Lord of Ruin", 0, at(4, 1)),
        ("Crixus", 0, at(1, 2)),
        ("Syvarris (RotV)", 0, at(7, 1)),
    ];
    // 1 and X on Scavorith; or 1 and 2 on Scavorith, X on Crixus
    let (mut surging, ids) = first_turn(&sc, &places, [0, 1, 1, 0]);
    let (mut idle, _) = first_turn(&sc, &places, [0, 0, 1, 1]);
    let scavorith = ids[0];
    for state in [&mut surging, &mut idle] {
        play(state, Seat(0), Action::EndMoves, &[]);
        assert!(
            may_special(state, scavorith),
            "Double Burst in the turn itself"
        );
        play(state, Seat(0), Action::EndTurn, &[]);
    }
    // asked alike after the turn, whether the X is there or not
    assert_eq!(HeroScape::pending(&surging), HeroScape::pending(&idle));
    let east = Viewer::Seat(Seat(1));
    assert_eq!(
        serde_json::to_value(HeroScape::view(&surging, east)).unwrap(),
        serde_json::to_value(HeroScape::view(&idle, east)).unwrap()
    );
    assert_eq!(
        HeroScape::legal_actions(&idle, Seat(0)),
        vec![Action::DeclinePower]
    );
    let events = play(&mut idle, Seat(0), Action::DeclinePower, &[]);
    assert!(events.contains(&Event::TurnEnded { seat: Seat(0) }));
    let (bearer, power) = asked_power(&surging);
    let events = play(
        &mut surging,
        Seat(0),
        Action::UsePower {
            figure: bearer,
            power,
            target: None,
        },
        &[],
    );
    assert!(!events.contains(&Event::TurnEnded { seat: Seat(0) }));
    assert_eq!(
        surging.turn().map(|t| (t.unit, t.stage)),
        Some((0, Stage::Move))
    );
    // the additional turn: no Double Burst, so nothing to attack; ending it idle costs a wound
    let events = play(&mut surging, Seat(0), Action::EndMoves, &[]);
    assert!(!may_special(&surging, scavorith));
    assert!(
        events.iter().any(
            |e| matches!(e, Event::PowerWounded { figure, wounds: 1, .. } if *figure == scavorith)
        ),
        "{events:?}"
    );
    assert_eq!(surging.figure(scavorith).unwrap().wounds, 1);
    assert!(events.contains(&Event::TurnEnded { seat: Seat(0) }));
}
