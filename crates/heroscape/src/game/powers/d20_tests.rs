//! The d20 family's powers at play with the real cards of the shared data (read where the
//! crate's tests find it, or under `$SKIRMISH_SHARED`), on a strip of level ground, with
//! scripted dice.

use skirmish_engine::{Pending, Ruleset, Seat};

use super::triggered;
use crate::game::state::Stage;
use crate::game::test_support::{battle, fig, h, real, rolled};
use crate::game::tests::{in_turn, play};
use crate::game::{Action, Decision, Event, HeroScape, Scenario, State};
use crate::power::Outcome;

/// Combat die values: 1 a skull, 4 a shield.
const SKULL: u8 = 1;
const SHIELD: u8 = 4;

/// The place of the card's power named `name` among its powers.
fn power(card: &str, name: &str) -> u8 {
    let c = real(card);
    let (i, _) = triggered::triggered(&c)
        .find(|(i, _)| c.powers[usize::from(*i)].name == name)
        .unwrap_or_else(|| panic!("{card}'s {name} is not a triggered power"));
    i
}

/// A state of West's turn with the card `active` (West's first card), the figures named by
/// card and number placed on the strip's hexes.
fn turn(sc: &Scenario, places: &[(&str, usize, i32)], stage: Stage) -> State {
    let blank = in_turn(sc, &[], stage);
    let at: Vec<(u32, skirmish_board::hex::Hex)> = places
        .iter()
        .map(|&(name, n, q)| (fig(&blank, name, n), h(q)))
        .collect();
    in_turn(sc, &at, stage)
}

/// The defence dice rolled in the events' attack.
fn defence_rolled(events: &[Event]) -> usize {
    events
        .iter()
        .find_map(|e| match e {
            Event::Attacked { defence, .. } => Some(defence.len()),
            _ => None,
        })
        .expect("an attack")
}

fn asked(state: &State) -> Decision {
    match HeroScape::pending(state) {
        Pending::Decide { decision, .. } => decision,
        other => panic!("nothing asked: {other:?}"),
    }
}

#[test]
fn whip_must_be_used_and_leaves_the_chosen_figure_no_defence_against_james() {
    let sc = battle(&[1; 5], &["James Murphy"], &["Ne-Gok-Sa"]);
    let mut state = turn(
        &sc,
        &[("James Murphy", 0, 1), ("Ne-Gok-Sa", 0, 2)],
        Stage::Move,
    );
    let (james, ne) = (fig(&state, "James Murphy", 0), fig(&state, "Ne-Gok-Sa", 0));
    let p = power("James Murphy", "Whip 12");
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    let whip = Action::UsePower {
        figure: james,
        power: p,
        target: Some(ne),
    };
    // "choose", not "you may choose": no way to decline while a figure can be chosen
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![whip.clone()]
    );
    let attack = Action::Attack {
        figure: james,
        target: ne,
    };
    let mut missed = state.clone();
    let events = play(&mut missed, Seat(0), whip.clone(), &[11]);
    assert_eq!(rolled(&events), vec![(11, 12, false)]);
    let events = play(
        &mut missed,
        Seat(0),
        attack.clone(),
        &[SKULL, SKULL, SHIELD, 6, 6, 6, 6, 6],
    );
    assert_eq!(
        defence_rolled(&events),
        6,
        "Ne-Gok-Sa defends with his 6 dice"
    );

    let events = play(&mut state, Seat(0), whip, &[12]);
    assert_eq!(rolled(&events), vec![(12, 12, true)]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PowerUsed {
            target: Some(t),
            outcome: Outcome::TargetDefenceAtMost(0),
            ..
        } if *t == ne
    )));
    let events = play(&mut state, Seat(0), attack, &[SKULL, SKULL]);
    assert_eq!(defence_rolled(&events), 0, "no defence dice against James");
    assert_eq!(state.figure(ne).unwrap().wounds, 2);
}

#[test]
fn stare_of_stone_destroys_a_squad_figure_on_7_and_a_hero_on_17() {
    let sc = battle(&[1; 6], &["Sudema (ZD)"], &["Ne-Gok-Sa", "Marro Warriors"]);
    let state = turn(
        &sc,
        &[
            ("Sudema (ZD)", 0, 2),
            ("Ne-Gok-Sa", 0, 1),
            ("Marro Warriors", 0, 4),
        ],
        Stage::Attack,
    );
    let sudema = fig(&state, "Sudema (ZD)", 0);
    let (ne, warrior) = (
        fig(&state, "Ne-Gok-Sa", 0),
        fig(&state, "Marro Warriors", 0),
    );
    let p = power("Sudema (ZD)", "Stare of Stone");
    let stare = |target| Action::UsePower {
        figure: sudema,
        power: p,
        target: Some(target),
    };
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal.contains(&stare(ne)) && legal.contains(&stare(warrior)));

    let mut squad = state.clone();
    let events = play(&mut squad, Seat(0), stare(warrior), &[7]);
    assert_eq!(rolled(&events), vec![(7, 7, true)]);
    assert!(events.contains(&Event::Destroyed { figure: warrior }));
    assert!(
        !HeroScape::legal_actions(&squad, Seat(0)).contains(&Action::Attack {
            figure: sudema,
            target: ne
        }),
        "instead of attacking"
    );

    let mut hero = state.clone();
    let events = play(&mut hero, Seat(0), stare(ne), &[16]);
    assert_eq!(rolled(&events), vec![(16, 17, false)]);
    assert!(!hero.figure(ne).unwrap().destroyed);
    let mut hero = state;
    play(&mut hero, Seat(0), stare(ne), &[17]);
    assert!(hero.figure(ne).unwrap().destroyed);
}

#[test]
fn commanders_strike_chooses_only_a_figure_engaged_with_another_of_your_figures() {
    let sc = battle(
        &[1; 7],
        &["Mogrimm Forgehammer", "Tarn Viking Warriors"],
        &["Marro Warriors"],
    );
    // Marro 0 stands alone, Marro 1 fights Mogrimm only, Marro 2 fights a Viking.
    let mut state = turn(
        &sc,
        &[
            ("Marro Warriors", 0, 0),
            ("Marro Warriors", 1, 1),
            ("Mogrimm Forgehammer", 0, 2),
            ("Marro Warriors", 2, 4),
            ("Tarn Viking Warriors", 0, 5),
        ],
        Stage::Move,
    );
    let mogrimm = fig(&state, "Mogrimm Forgehammer", 0);
    let engaged = fig(&state, "Marro Warriors", 2);
    let p = power("Mogrimm Forgehammer", "Commander's Strike");
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    let strike = Action::UsePower {
        figure: mogrimm,
        power: p,
        target: Some(engaged),
    };
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![strike.clone(), Action::DeclinePower]
    );
    let mut missed = state.clone();
    let events = play(&mut missed, Seat(0), strike.clone(), &[14]);
    assert_eq!(rolled(&events), vec![(14, 15, false)]);
    assert!(!missed.figure(engaged).unwrap().destroyed);
    let events = play(&mut state, Seat(0), strike, &[15]);
    assert!(events.contains(&Event::Destroyed { figure: engaged }));
}

#[test]
fn ullars_bolt_destroys_on_16_and_is_attempted_once_per_game() {
    let sc = battle(&[1; 5], &["Atlaga the Kyrie Warrior"], &["Ne-Gok-Sa"]);
    let places = [("Atlaga the Kyrie Warrior", 0, 1), ("Ne-Gok-Sa", 0, 3)];
    let mut state = turn(&sc, &places, Stage::Move);
    let atlaga = fig(&state, "Atlaga the Kyrie Warrior", 0);
    let ne = fig(&state, "Ne-Gok-Sa", 0);
    let p = power("Atlaga the Kyrie Warrior", "Ullar's Bolt of the Witherwood");
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    let bolt = Action::UsePower {
        figure: atlaga,
        power: p,
        target: Some(ne),
    };
    let mut lucky = state.clone();
    play(&mut lucky, Seat(0), bolt.clone(), &[16]);
    assert!(lucky.figure(ne).unwrap().destroyed);

    let events = play(&mut state, Seat(0), bolt, &[15]);
    assert_eq!(rolled(&events), vec![(15, 16, false)]);
    assert!(!state.figure(ne).unwrap().destroyed);
    // a later turn: the power was attempted, it is not offered again
    let mut later = turn(&sc, &places, Stage::Move);
    later.powers.spent = state.powers.spent.clone();
    play(&mut later, Seat(0), Action::EndMoves, &[]);
    assert!(matches!(asked(&later), Decision::Attack { .. }));
    // while a fresh game offers it
    let mut fresh = turn(&sc, &places, Stage::Move);
    play(&mut fresh, Seat(0), Action::EndMoves, &[]);
    assert!(matches!(asked(&fresh), Decision::UsePower { .. }));
}

#[test]
fn chilling_touch_wounds_by_the_table_of_results() {
    let sc = battle(&[1; 5], &["Cyprien Esenwein"], &["Ne-Gok-Sa"]);
    let mut state = turn(
        &sc,
        &[("Cyprien Esenwein", 0, 1), ("Ne-Gok-Sa", 0, 2)],
        Stage::Move,
    );
    let cyprien = fig(&state, "Cyprien Esenwein", 0);
    let ne = fig(&state, "Ne-Gok-Sa", 0);
    let p = power("Cyprien Esenwein", "Chilling Touch");
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    let touch = Action::UsePower {
        figure: cyprien,
        power: p,
        target: Some(ne),
    };
    assert!(HeroScape::legal_actions(&state, Seat(0)).contains(&Action::DeclinePower));
    // Ne-Gok-Sa has 5 life: 20 or more is 6 wounds and destroys him
    for (die, wounds) in [(12, 0), (13, 1), (15, 1), (16, 2), (17, 2), (19, 3)] {
        let mut s = state.clone();
        let events = play(&mut s, Seat(0), touch.clone(), &[die]);
        assert_eq!(rolled(&events), vec![(die, 13, wounds > 0)]);
        assert_eq!(s.figure(ne).unwrap().wounds, wounds, "a roll of {die}");
    }
    let events = play(&mut state, Seat(0), touch, &[20]);
    assert!(events.contains(&Event::Destroyed { figure: ne }));
}

#[test]
fn self_destruct_wounds_every_adjacent_figure_and_destroys_deathwalker() {
    let sc = battle(
        &[1; 6],
        &["Deathwalker 7000", "Tarn Viking Warriors"],
        &["Ne-Gok-Sa", "Marro Warriors"],
    );
    let state = turn(
        &sc,
        &[
            ("Tarn Viking Warriors", 0, 1),
            ("Deathwalker 7000", 0, 2),
            ("Ne-Gok-Sa", 0, 3),
            ("Marro Warriors", 0, 5),
        ],
        Stage::Attack,
    );
    let dw = fig(&state, "Deathwalker 7000", 0);
    let viking = fig(&state, "Tarn Viking Warriors", 0);
    let (ne, far) = (
        fig(&state, "Ne-Gok-Sa", 0),
        fig(&state, "Marro Warriors", 0),
    );
    let p = power("Deathwalker 7000", "Self-Destruct");
    let boom = Action::UsePower {
        figure: dw,
        power: p,
        target: None,
    };
    let mut safe = state.clone();
    let events = play(&mut safe, Seat(0), boom.clone(), &[3]);
    assert_eq!(rolled(&events), vec![(3, 4, false)]);
    assert_eq!(safe.figure(ne).unwrap().wounds, 0);
    assert!(!safe.figure(viking).unwrap().destroyed);
    assert!(safe.figure(dw).unwrap().destroyed, "always destroyed");

    let mut s = state.clone();
    let events = play(&mut s, Seat(0), boom.clone(), &[15]);
    assert_eq!(rolled(&events), vec![(15, 4, true)]);
    assert_eq!(s.figure(ne).unwrap().wounds, 2);
    assert!(s.figure(viking).unwrap().destroyed, "friend or foe");
    assert_eq!(s.figure(far).unwrap().wounds, 0);
    assert!(!s.figure(far).unwrap().destroyed, "not adjacent");
    assert!(s.figure(dw).unwrap().destroyed);

    let mut s = state;
    play(&mut s, Seat(0), boom, &[16]);
    assert_eq!(s.figure(ne).unwrap().wounds, 4, "4 wounds on 16-19");
}

#[test]
fn dragon_healing_is_offered_when_sonlens_turn_starts_and_heals_the_chosen_hero_on_15() {
    let sc = battle(&[1; 6], &["Sonlen (SotM)"], &["Ne-Gok-Sa"]);
    let mut state = turn(
        &sc,
        &[("Sonlen (SotM)", 0, 1), ("Ne-Gok-Sa", 0, 4)],
        Stage::Move,
    );
    let (sonlen, ne) = (fig(&state, "Sonlen (SotM)", 0), fig(&state, "Ne-Gok-Sa", 0));
    state.figure_mut(sonlen).unwrap().wounds = 2;
    // back to the first turn of the round, not started yet
    if let crate::game::Phase::Turns { next, turn, .. } = &mut state.phase {
        *next = 0;
        *turn = None;
    }
    let mut events = Vec::new();
    crate::game::play::next_turn(
        &mut state,
        &mut skirmish_dice::Dice::scripted(Vec::<u8>::new()),
        &mut events,
    );
    let p = power("Sonlen (SotM)", "DRAGON HEALING");
    assert_eq!(
        asked(&state),
        Decision::UsePower {
            figure: sonlen,
            unit: 0,
            power: p
        }
    );
    let heal = |target| Action::UsePower {
        figure: sonlen,
        power: p,
        target: Some(target),
    };
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal.contains(&heal(sonlen)) && legal.contains(&heal(ne)));
    assert!(legal.contains(&Action::DeclinePower));
    let mut missed = state.clone();
    let events = play(&mut missed, Seat(0), heal(sonlen), &[14]);
    assert_eq!(rolled(&events), vec![(14, 15, false)]);
    assert_eq!(missed.figure(sonlen).unwrap().wounds, 2);
    let events = play(&mut state, Seat(0), heal(sonlen), &[15]);
    assert_eq!(rolled(&events), vec![(15, 15, true)]);
    assert_eq!(state.figure(sonlen).unwrap().wounds, 1);
    assert!(
        matches!(asked(&state), Decision::Move { .. }),
        "the turn goes on: {:?}",
        asked(&state)
    );
}

#[test]
fn fledgling_acid_breath_wounds_a_figure_in_sight_instead_of_attacking() {
    let sc = battle(&[1; 6], &["Black Wyrmling"], &["Ne-Gok-Sa"]);
    let state = turn(
        &sc,
        &[("Black Wyrmling", 0, 1), ("Ne-Gok-Sa", 0, 4)],
        Stage::Attack,
    );
    let wyrmling = fig(&state, "Black Wyrmling", 0);
    let ne = fig(&state, "Ne-Gok-Sa", 0);
    let p = power("Black Wyrmling", "Fledgling Acid Breath");
    let breath = Action::UsePower {
        figure: wyrmling,
        power: p,
        target: Some(ne),
    };
    for (die, wounds) in [(10, 0), (11, 1), (15, 1), (16, 2), (20, 2)] {
        let mut s = state.clone();
        let events = play(&mut s, Seat(0), breath.clone(), &[die]);
        assert_eq!(rolled(&events), vec![(die, 11, wounds > 0)]);
        assert_eq!(s.figure(ne).unwrap().wounds, wounds, "a roll of {die}");
        assert!(
            !HeroScape::legal_actions(&s, Seat(0))
                .iter()
                .any(|a| matches!(a, Action::Attack { .. })),
            "instead of attacking"
        );
    }
}
