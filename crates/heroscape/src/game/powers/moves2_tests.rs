//! Scenarios with real cards for the start-of-game choices: *Cleave to the Mighty* (Scions of
//! Icaria choose a Liege and take bonded turns with it), *Loyalty to the Lizard King* and
//! *Lizard King Bonding* (Greenscale Warriors stronger near their chosen Lizard King).

use skirmish_board::hex::Hex;
use skirmish_dice::Dice;
use skirmish_engine::{Pending, Ruleset, Seat, Viewer};

use super::super::*;
use super::values::{self, AttackKind};
use crate::game::test_support::{battle_on, fig, plain, start_turn};
use crate::game::tests::play;

fn asked(state: &State) -> (Vec<Seat>, Decision) {
    match HeroScape::pending(state) {
        Pending::Decide { seats, decision } => (seats, decision),
        other => panic!("nothing asked: {other:?}"),
    }
}

/// A game of `west` against Gorillinators on a plain, every figure placed (each on the first
/// hex it may take): the state when placement is over.
fn placed(west: &[&str]) -> State {
    let sc = battle_on(plain(0, 11, 0, 9), west, &["Gorillinators"]);
    let mut state = HeroScape::setup(&sc, &mut Dice::seeded(1)).expect("the scenario sets up");
    while let (seats, Decision::Place { .. }) = asked(&state) {
        let a = HeroScape::legal_actions(&state, seats[0])[0].clone();
        let mut events = Vec::new();
        HeroScape::apply(&mut state, seats[0], &a, &mut Dice::seeded(2), &mut events)
            .expect("a placement");
    }
    state
}

/// The targets the legal uses of a power name.
fn targets(state: &State, seat: Seat) -> Vec<u32> {
    let mut out: Vec<u32> = HeroScape::legal_actions(state, seat)
        .iter()
        .filter_map(|a| match a {
            Action::UsePower {
                target: Some(t), ..
            } => Some(*t),
            _ => None,
        })
        .collect();
    out.sort_unstable();
    out
}

/// West chooses `chosen` for the power asked, or uses the power on it.
fn choose_now(state: &mut State, chosen: u32) -> Vec<Event> {
    let a = choose(state, Seat(0), chosen);
    play(state, Seat(0), a, &[])
}

fn choose(state: &State, seat: Seat, chosen: u32) -> Action {
    HeroScape::legal_actions(state, seat)
        .into_iter()
        .find(|a| matches!(a, Action::UsePower { target: Some(t), .. } if *t == chosen))
        .unwrap_or_else(|| panic!("{chosen} cannot be chosen"))
}

#[test]
fn cleave_to_the_mighty_chooses_a_liege_before_the_first_round_and_bonds_with_it() {
    let mut state = placed(&[
        "Scions of Icaria",
        "Charos",
        "Sonlen (SotM)",
        "Sgt. Drake Alexander (ROTV)",
    ]);
    let (charos, sonlen) = (fig(&state, "Charos", 0), fig(&state, "Sonlen (SotM)", 0));
    // every army placed, the first round not begun: West chooses its Liege
    let (seats, decision) = asked(&state);
    assert_eq!(seats, vec![Seat(0)]);
    assert!(
        matches!(
            decision,
            Decision::UsePower {
                unit: 0,
                power: 0,
                ..
            }
        ),
        "{decision:?}"
    );
    // the dragon king and the archmage; not the soldier, not a squad
    let mut liege = vec![charos, sonlen];
    liege.sort_unstable();
    assert_eq!(targets(&state, Seat(0)), liege);
    assert!(!HeroScape::legal_actions(&state, Seat(0)).contains(&Action::DeclinePower));
    assert!(HeroScape::legal_actions(&state, Seat(1)).is_empty());
    let events = choose_now(&mut state, charos);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::StartChosen { unit: 0, power: 0, chosen, .. } if *chosen == charos
    )));
    assert!(matches!(
        asked(&state).1,
        Decision::PlaceMarkers { round: 1 }
    ));
    // the card shows its Liege to everyone
    let shown = &HeroScape::view(&state, Viewer::Seat(Seat(1))).units[0].chosen;
    assert_eq!(shown.len(), 1);
    assert_eq!(
        (shown[0].figure, shown[0].name.as_str()),
        (charos, "Charos")
    );
    // before the Scions' turn: a turn with their Liege, and only it
    start_turn(&mut state, Seat(0), 0);
    let (_, decision) = asked(&state);
    assert!(
        matches!(
            decision,
            Decision::UsePower {
                unit: 0,
                power: 0,
                ..
            }
        ),
        "{decision:?}"
    );
    assert_eq!(targets(&state, Seat(0)), vec![charos]);
    let events = choose_now(&mut state, charos);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::BondedTurn { figure, unit: 0 } if *figure == charos)));
    let charos_unit = state.figure(charos).map(|f| f.unit);
    assert_eq!(state.turn().map(|t| t.unit), charos_unit);
}

#[test]
fn loyalty_to_the_lizard_king_helps_near_the_chosen_dragon_and_bonds_while_controlled() {
    let mut state = placed(&["Greenscale Warriors", "Charos"]);
    let charos = fig(&state, "Charos", 0);
    let (seats, decision) = asked(&state);
    assert_eq!(seats, vec![Seat(0)]);
    assert!(
        matches!(
            decision,
            Decision::UsePower {
                unit: 0,
                power: 0,
                ..
            }
        ),
        "{decision:?}"
    );
    assert_eq!(targets(&state, Seat(0)), vec![charos]);
    choose_now(&mut state, charos);
    // a warrior facing a Gorillinator, the Lizard King 2 spaces away, then far
    let (warrior, ape) = (
        fig(&state, "Greenscale Warriors", 0),
        fig(&state, "Gorillinators", 0),
    );
    let put = |state: &mut State, id: u32, hex: Hex, tail: Option<Hex>| {
        let f = state.figure_mut(id).expect("a figure");
        f.hex = Some(hex);
        f.tail = tail;
    };
    for f in &mut state.figures {
        f.hex = None;
        f.tail = None;
    }
    put(&mut state, warrior, Hex::new(5, 5), None);
    put(&mut state, ape, Hex::new(6, 5), None);
    put(&mut state, charos, Hex::new(3, 5), Some(Hex::new(2, 5)));
    let values_now = |state: &State| {
        let (w, a) = (
            state.figure(warrior).expect("warrior").clone(),
            state.figure(ape).expect("ape").clone(),
        );
        (
            values::attack_dice(state, &w, &a, AttackKind::Normal).value(),
            values::defence_dice(state, &a, &w, AttackKind::Normal).value(),
        )
    };
    assert_eq!(values_now(&state), (3, 4), "within 2 clear sight spaces");
    put(&mut state, charos, Hex::new(1, 0), Some(Hex::new(0, 0)));
    assert_eq!(values_now(&state), (2, 3), "too far");
    // Lizard King Bonding: a turn with the chosen king first, while West controls it
    start_turn(&mut state, Seat(0), 0);
    assert!(matches!(
        asked(&state).1,
        Decision::UsePower {
            unit: 0,
            power: 1,
            ..
        }
    ));
    assert_eq!(targets(&state, Seat(0)), vec![charos]);
    if let Some(f) = state.figure_mut(charos) {
        f.owner = Seat(1);
    }
    start_turn(&mut state, Seat(0), 0);
    assert!(
        matches!(asked(&state).1, Decision::Move { unit: 0, .. }),
        "no bonding with a king another player controls"
    );
}

#[test]
fn highland_fury_counts_the_champions_wounds_and_never_attacks_it() {
    let mut state = placed(&["MacDirk Warriors", "Alastair MacDirk", "Sir Denrick"]);
    let (alastair, denrick) = (
        fig(&state, "Alastair MacDirk", 0),
        fig(&state, "Sir Denrick", 0),
    );
    let (seats, decision) = asked(&state);
    assert_eq!(seats, vec![Seat(0)]);
    assert!(
        matches!(
            decision,
            Decision::UsePower {
                unit: 0,
                power: 0,
                ..
            }
        ),
        "{decision:?}"
    );
    let mut champions = vec![alastair, denrick];
    champions.sort_unstable();
    assert_eq!(targets(&state, Seat(0)), champions);
    choose_now(&mut state, alastair);
    let (warrior, ape) = (
        fig(&state, "MacDirk Warriors", 0),
        fig(&state, "Gorillinators", 0),
    );
    for f in &mut state.figures {
        f.hex = None;
        f.tail = None;
    }
    for (id, hex) in [
        (warrior, Hex::new(5, 5)),
        (ape, Hex::new(6, 5)),
        (alastair, Hex::new(4, 5)),
        (denrick, Hex::new(5, 4)),
    ] {
        state.figure_mut(id).expect("a figure").hex = Some(hex);
    }
    let attack = |state: &State| {
        let (w, a) = (
            state.figure(warrior).expect("warrior").clone(),
            state.figure(ape).expect("ape").clone(),
        );
        values::attack_dice(state, &w, &a, AttackKind::Normal).value()
    };
    assert_eq!(attack(&state), 2, "an unwounded champion adds nothing");
    state.figure_mut(alastair).expect("alastair").wounds = 2;
    assert_eq!(
        attack(&state),
        4,
        "one die per wound on the chosen champion"
    );
    state.figure_mut(denrick).expect("denrick").wounds = 3;
    assert_eq!(
        attack(&state),
        4,
        "the other champion's wounds do not count"
    );
    // both champions taken over by East: the warrior may attack Sir Denrick, not its own
    for id in [alastair, denrick] {
        state.figure_mut(id).expect("a champion").owner = Seat(1);
    }
    start_turn(&mut state, Seat(0), 0);
    if matches!(asked(&state).1, Decision::UsePower { .. }) {
        play(&mut state, Seat(0), Action::DeclinePower, &[]);
    }
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    let legal = HeroScape::legal_actions(&state, Seat(0));
    let attacks = |t: u32| Action::Attack {
        figure: warrior,
        target: t,
    };
    assert!(legal.contains(&attacks(ape)));
    assert!(legal.contains(&attacks(denrick)));
    assert!(!legal.contains(&attacks(alastair)), "the chosen champion");
    // off the battlefield, the champion is not in play: no more dice
    state.figure_mut(alastair).expect("alastair").hex = None;
    assert_eq!(attack(&state), 2);
}
