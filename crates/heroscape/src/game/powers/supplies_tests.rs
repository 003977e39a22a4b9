//! Markers a card starts the game with, at play with the real cards of the shared data, on a
//! strip of level ground, with scripted dice.

use skirmish_engine::{Pending, Ruleset, Seat};

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

#[test]
fn black_powder_pistols_spend_a_marker_for_four_more_range_once_a_round() {
    const EXILES: &str = "Exiles of the Sundered Sea";
    let sc = battle(&[1; 8], &[EXILES], &["Morsbane"]);
    let (mut state, ids) = only_at(
        &sc,
        &[(EXILES, 0, h(0)), ("Morsbane", 0, h(5))],
        Stage::Move,
    );
    let (exile, morsbane) = (ids[0], ids[1]);
    let p = power(EXILES, "Black Powder Pistols");
    let shoot = Action::Attack {
        figure: exile,
        target: morsbane,
    };
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    // after moving and before attacking, the owner is asked
    assert_eq!(
        asked(&state),
        Some(Decision::UsePower {
            figure: exile,
            unit: 0,
            power: p,
        })
    );
    let pistols = Action::UsePower {
        figure: exile,
        power: p,
        target: None,
    };
    let mut declined = state.clone();
    play(&mut declined, Seat(0), Action::DeclinePower, &[]);
    // range 1: Morsbane, 5 spaces away, is out of reach without the marker
    assert!(!HeroScape::legal_actions(&declined, Seat(0)).contains(&shoot));
    assert_eq!(
        crate::game::powers::supplies::left(&declined, 0, p),
        3,
        "declining keeps the markers"
    );
    let events = play(&mut state, Seat(0), pistols.clone(), &[]);
    assert!(events.contains(&Event::SupplyUsed {
        figure: exile,
        unit: 0,
        power: p,
        left: 2,
    }));
    assert_eq!(
        crate::game::powers::values::range_of(&state, state.figure(exile).unwrap()).value(),
        5
    );
    let events = play(&mut state, Seat(0), shoot, &[1, 1, 1, 6, 6]);
    assert!(events.iter().any(|e| matches!(e, Event::Attacked { .. })));
    // the card shows what is left
    let view = crate::game::view::view(&state, skirmish_engine::Viewer::Seat(Seat(1)));
    assert_eq!(view.units[0].supplies[0].left, 2);
    assert_eq!(view.units[0].supplies[0].marker, "black powder");

    // another turn of the same round (a new turn for the powers): the range is back to 1
    // and the power is not offered
    state.powers.extra_turns += 1;
    start_turn(&mut state, Seat(0), 0);
    assert_eq!(
        crate::game::powers::values::range_of(&state, state.figure(exile).unwrap()).value(),
        1
    );
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert!(!matches!(asked(&state), Some(Decision::UsePower { .. })));

    // the next rounds: offered again until the three markers are spent
    for left in [1, 0] {
        state.round += 1;
        start_turn(&mut state, Seat(0), 0);
        play(&mut state, Seat(0), Action::EndMoves, &[]);
        let events = play(&mut state, Seat(0), pistols.clone(), &[]);
        assert!(events
            .iter()
            .any(|e| matches!(e, Event::SupplyUsed { left: l, .. } if *l == left)));
    }
    state.round += 1;
    start_turn(&mut state, Seat(0), 0);
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert!(!matches!(asked(&state), Some(Decision::UsePower { .. })));
}

#[test]
fn rod_of_negation_negates_every_power_of_the_chosen_card_or_destroys_on_twenty() {
    const RAELIN: &str = "Raelin the Kyrie Warrior (ROTV)";
    let sc = battle(&[1; 8], &["Morsbane"], &[RAELIN]);
    let (start, ids) = only_at(
        &sc,
        &[("Morsbane", 0, h(0)), (RAELIN, 0, h(6))],
        Stage::Attack,
    );
    let (morsbane, raelin) = (ids[0], ids[1]);
    let p = power("Morsbane", "Rod of Negation");
    let rod = Action::UsePower {
        figure: morsbane,
        power: p,
        target: Some(raelin),
    };
    let flies =
        |s: &State| crate::game::powers::flight(s.card_of(s.figure(raelin).unwrap())).flies();
    assert!(flies(&start));
    let ended = |s: &State| {
        let mut s = s.clone();
        play(&mut s, Seat(0), Action::EndTurn, &[]);
        s
    };

    // at the end of Morsbane's turn: Raelin, an opponent's unique hero 6 spaces away, may be
    // chosen; the die decides
    let offered = ended(&start);
    assert_eq!(
        asked(&offered),
        Some(Decision::UsePower {
            figure: morsbane,
            unit: 0,
            power: p,
        })
    );
    assert!(HeroScape::legal_actions(&offered, Seat(0)).contains(&Action::DeclinePower));

    let mut nothing = offered.clone();
    play(&mut nothing, Seat(0), rod.clone(), &[15]);
    assert!(flies(&nothing), "1-15: nothing happens");
    assert_eq!(crate::game::powers::supplies::left(&nothing, 0, p), 3);

    let mut negated = offered.clone();
    let events = play(&mut negated, Seat(0), rod.clone(), &[16]);
    assert!(events.contains(&Event::PowersNegated {
        figure: morsbane,
        unit: 0,
        power: p,
        target: raelin,
        left: 2,
    }));
    // every power of Raelin's card is gone for the game: she no longer flies
    assert!(!flies(&negated));
    assert_eq!(
        crate::game::powers::effects(negated.card_of(negated.figure(raelin).unwrap())).count(),
        0
    );
    let view = crate::game::view::view(&negated, skirmish_engine::Viewer::Seat(Seat(1)));
    assert!(view.units[1].negated);
    assert_eq!(view.units[0].supplies[0].left, 2);

    let mut destroyed = offered.clone();
    play(&mut destroyed, Seat(0), rod, &[20]);
    assert!(destroyed.figure(raelin).unwrap().destroyed, "20: destroyed");
    assert_eq!(crate::game::powers::supplies::left(&destroyed, 0, p), 3);

    // seven spaces away, Raelin is out of reach: nothing is asked
    let (far, _) = only_at(
        &sc,
        &[("Morsbane", 0, h(0)), (RAELIN, 0, h(7))],
        Stage::Attack,
    );
    assert!(!matches!(
        asked(&ended(&far)),
        Some(Decision::UsePower { .. })
    ));

    // no marker left: nothing is asked
    let mut spent = start.clone();
    spent.lasting.supplies.spent.push((0, p, 3));
    assert!(!matches!(
        asked(&ended(&spent)),
        Some(Decision::UsePower { .. })
    ));
}
