//! Scenarios of the turns given by a card's power when its marker comes, with real cards
//! (*Mind Link*, *Utgar's Orders*, *Command of the Wild*, *Red Flag of Fury Aura*, *Learn From
//! the Master*).

use skirmish_dice::Dice;
use skirmish_engine::{Pending, Ruleset, Seat};

use crate::battlefield::Level;
use crate::game::state::{Phase, Stage, State};
use crate::game::test_support::{battle, fig, h};
use crate::game::tests::{in_turn, play};
use crate::game::{Action, Decision, Event, HeroScape};

/// A strip long enough for every army, all at level 1.
const FLAT: [Level; 30] = [1; 30];

/// Seat 1's turn of marker `marker` (0 for 1, 1 for 2) about to start: all its markers on its
/// first card; the marker is revealed and the turn starts.
fn start_turn(state: &mut State, marker: usize) {
    start_turn_on(state, marker, 0);
}

/// [`start_turn`] with the markers on card `unit`.
fn start_turn_on(state: &mut State, marker: usize, unit: u16) {
    state.players[0].markers.on = [Some(unit); 4];
    state.players[0].markers.revealed = [false; 4];
    state.phase = Phase::Turns {
        order: vec![Seat(0), Seat(1)],
        next: 2 * marker,
        turn: None,
    };
    let mut events = Vec::new();
    crate::game::play::next_turn(state, &mut Dice::scripted([]), &mut events);
}

/// The power asked of seat 1, and the figures it may choose.
fn offered(state: &State) -> (u8, Vec<u32>) {
    let Pending::Decide { seats, decision } = HeroScape::pending(state) else {
        panic!("nothing asked: {:?}", HeroScape::pending(state));
    };
    let Decision::UsePower { power, unit: 0, .. } = decision else {
        panic!("the power of the first card is not asked: {decision:?}");
    };
    assert_eq!(seats, vec![Seat(0)]);
    let actions = HeroScape::legal_actions(state, Seat(0));
    assert_eq!(actions.last(), Some(&Action::DeclinePower), "{actions:?}");
    let targets = actions
        .iter()
        .filter_map(|a| match a {
            Action::UsePower { target, .. } => *target,
            _ => None,
        })
        .collect();
    (power, targets)
}

/// Takes the offered turn with `figure`.
fn take(state: &mut State, power: u8, figure: u32) -> Vec<Event> {
    let bearer = state
        .unit_alive(0)
        .next()
        .expect("a figure of the first card")
        .id;
    play(
        state,
        Seat(0),
        Action::UsePower {
            figure: bearer,
            power,
            target: Some(figure),
        },
        &[],
    )
}

/// The figures that may move now.
fn movers(state: &State) -> Vec<u32> {
    let mut out: Vec<u32> = HeroScape::legal_actions(state, Seat(0))
        .iter()
        .filter_map(|a| match a {
            Action::Move { figure, .. } => Some(*figure),
            _ => None,
        })
        .collect();
    out.dedup();
    out
}

#[test]
fn mind_link_gives_ulginesh_turn_to_two_elf_wizards_within_six_spaces() {
    // "After revealing an Order Marker on Ulginesh, instead of taking a turn with him, you may
    // take a turn with up to 2 other Elf Wizards you control. Any Elf Wizard that is taking a
    // turn instead of Ulginesh must be within 6 clear sight spaces of Ulginesh before moving."
    let sc = battle(
        &FLAT,
        &["Ulginesh", "Arkmer", "Chardris", "Jorhdawn"],
        &["Syvarris (RotV)"],
    );
    let state0 = HeroScape::setup(&sc, &mut Dice::seeded(1)).unwrap();
    let [ulginesh, arkmer, chardris, jorhdawn, syvarris] = [
        fig(&state0, "Ulginesh", 0),
        fig(&state0, "Arkmer", 0),
        fig(&state0, "Chardris", 0),
        fig(&state0, "Jorhdawn", 0),
        fig(&state0, "Syvarris (RotV)", 0),
    ];
    let mut state = in_turn(
        &sc,
        &[
            (ulginesh, h(4)),
            (arkmer, h(1)),
            (chardris, h(8)),
            (jorhdawn, h(11)),
            (syvarris, h(29)),
        ],
        Stage::Move,
    );
    start_turn(&mut state, 0);
    let (power, targets) = offered(&state);
    assert_eq!(
        targets,
        vec![arkmer, chardris],
        "Jorhdawn, 7 spaces away, is too far"
    );
    // Declined, Ulginesh takes his own turn.
    let mut declined = state.clone();
    play(&mut declined, Seat(0), Action::DeclinePower, &[]);
    assert_eq!(movers(&declined), vec![ulginesh]);

    let events = take(&mut state, power, arkmer);
    assert!(events.contains(&Event::TurnWith {
        figure: arkmer,
        unit: 0,
        power,
        instead: true
    }));
    assert_eq!(movers(&state), vec![arkmer], "only Arkmer acts");
    // Nothing in range: Arkmer's turn ends with the moves, and the second wizard is offered.
    let events = play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert!(!events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    let (_, targets) = offered(&state);
    assert_eq!(targets, vec![chardris], "Arkmer has had his turn");
    take(&mut state, power, chardris);
    assert_eq!(movers(&state), vec![chardris]);
    // Two turns taken: the turn ends without Ulginesh's own.
    let events = play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert!(events.contains(&Event::TurnEnded { seat: Seat(0) }));
    assert_eq!(state.turn().map(|t| t.seat), Some(Seat(1)));
}

#[test]
fn utgars_orders_gives_the_minions_turn_to_a_kyrie_warrior_of_utgar() {
    // "Instead of taking a turn with the Minions of Utgar, you may take a turn with any Kyrie
    // Warrior you control who follows Utgar."
    let sc = battle(
        &FLAT,
        &["Minions of Utgar", "Runa", "Arkmer"],
        &["Syvarris (RotV)"],
    );
    let state0 = HeroScape::setup(&sc, &mut Dice::seeded(1)).unwrap();
    let minion = fig(&state0, "Minions of Utgar", 0);
    let [runa, arkmer, syvarris] = [
        fig(&state0, "Runa", 0),
        fig(&state0, "Arkmer", 0),
        fig(&state0, "Syvarris (RotV)", 0),
    ];
    let mut state = in_turn(
        &sc,
        &[
            (minion, h(0)),
            (runa, h(4)),
            (arkmer, h(8)),
            (syvarris, h(29)),
        ],
        Stage::Move,
    );
    // Nobody within 3 spaces of Runa: her Helm of Mitonsoul Aura is not asked after the moves.
    // One minion on the battlefield, the others destroyed.
    for f in state
        .figures
        .iter_mut()
        .filter(|f| f.unit == 0 && f.id != minion)
    {
        f.destroyed = true;
        f.hex = None;
    }
    start_turn(&mut state, 0);
    let (power, targets) = offered(&state);
    assert_eq!(targets, vec![runa], "Arkmer is no Kyrie Warrior");
    take(&mut state, power, runa);
    assert_eq!(movers(&state), vec![runa]);
    let events = play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert!(
        events.contains(&Event::TurnEnded { seat: Seat(0) }),
        "one turn instead of the minions': {events:?}"
    );
}

#[test]
fn command_of_the_wild_comes_before_haluchotts_turn() {
    // "After revealing an Order Marker on Haluchott, Corruptor of Beasts, before taking
    // Haluchott's turn, you may take a turn with up to two Small, Medium, or Large Beasts you
    // control."
    let sc = battle(
        &FLAT,
        &[
            "Haluchott, Corruptor of Beasts",
            "Kita the Springrunner",
            "Chana the Zenithwing",
            "Krug",
        ],
        &["Syvarris (RotV)"],
    );
    let state0 = HeroScape::setup(&sc, &mut Dice::seeded(1)).unwrap();
    let [haluchott, kita, chana, krug, syvarris] = [
        fig(&state0, "Haluchott, Corruptor of Beasts", 0),
        fig(&state0, "Kita the Springrunner", 0),
        fig(&state0, "Chana the Zenithwing", 0),
        fig(&state0, "Krug", 0),
        fig(&state0, "Syvarris (RotV)", 0),
    ];
    let mut state = in_turn(
        &sc,
        &[
            (haluchott, h(0)),
            (kita, h(3)),
            (chana, h(6)),
            (krug, h(10)),
            (syvarris, h(29)),
        ],
        Stage::Move,
    );
    state.figure_mut(krug).unwrap().tail = Some(h(11));
    start_turn(&mut state, 0);
    let (power, targets) = offered(&state);
    assert_eq!(targets, vec![kita, chana], "Krug is a huge beast");
    let events = take(&mut state, power, kita);
    assert!(events.contains(&Event::TurnWith {
        figure: kita,
        unit: 0,
        power,
        instead: false
    }));
    assert_eq!(movers(&state), vec![kita]);
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    let (_, targets) = offered(&state);
    assert_eq!(targets, vec![chana]);
    // No second beast: Haluchott's own turn follows.
    let events = play(&mut state, Seat(0), Action::DeclinePower, &[]);
    assert!(!events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    assert_eq!(
        state.turn().map(|t| (t.unit, t.stage)),
        Some((0, Stage::Move))
    );
    assert_eq!(movers(&state), vec![haluchott]);
}

#[test]
fn red_flag_of_fury_acts_on_order_marker_one_only() {
    // "If Order Marker 1 is placed on Ornak, then instead of taking that turn with Ornak, you
    // may take a turn with up to 2 Unique Heroes you control who follow Utgar. [...] within 8
    // clear sight spaces of Ornak prior to its movement."
    let sc = battle(&FLAT, &["Ornak", "Runa", "Arkmer"], &["Syvarris (RotV)"]);
    let state0 = HeroScape::setup(&sc, &mut Dice::seeded(1)).unwrap();
    let [ornak, runa, arkmer, syvarris] = [
        fig(&state0, "Ornak", 0),
        fig(&state0, "Runa", 0),
        fig(&state0, "Arkmer", 0),
        fig(&state0, "Syvarris (RotV)", 0),
    ];
    let mut state = in_turn(
        &sc,
        &[
            (ornak, h(0)),
            (runa, h(3)),
            (arkmer, h(5)),
            (syvarris, h(29)),
        ],
        Stage::Move,
    );
    let mut second = state.clone();
    start_turn(&mut state, 0);
    let (_, targets) = offered(&state);
    assert_eq!(targets, vec![runa], "Arkmer follows Ullar");
    // Marker 2 on Ornak: his own turn, nothing asked.
    start_turn(&mut second, 1);
    assert!(matches!(
        HeroScape::pending(&second),
        Pending::Decide {
            decision: Decision::Move { .. },
            ..
        }
    ));
    assert_eq!(movers(&second), vec![ornak]);
}

#[test]
fn learn_from_the_master_bonds_jinx_and_kamakura_with_a_ninja_hero() {
    // "After revealing an Order Marker on and before taking a turn with this Squad, you may
    // first take a turn with a Ninja Hero you control."
    let sc = battle(
        &FLAT,
        &["Jinx and Kamakura", "Snake Eyes", "Runa"],
        &["Syvarris (RotV)"],
    );
    let state0 = HeroScape::setup(&sc, &mut Dice::seeded(1)).unwrap();
    let [jinx, kamakura, snake, runa, syvarris] = [
        fig(&state0, "Jinx and Kamakura", 0),
        fig(&state0, "Jinx and Kamakura", 1),
        fig(&state0, "Snake Eyes", 0),
        fig(&state0, "Runa", 0),
        fig(&state0, "Syvarris (RotV)", 0),
    ];
    let mut state = in_turn(
        &sc,
        &[
            (jinx, h(0)),
            (kamakura, h(2)),
            (snake, h(4)),
            (runa, h(6)),
            (syvarris, h(29)),
        ],
        Stage::Move,
    );
    start_turn(&mut state, 0);
    let (power, targets) = offered(&state);
    assert_eq!(targets, vec![snake], "Runa is no Ninja");
    let events = take(&mut state, power, snake);
    assert!(events.contains(&Event::BondedTurn {
        figure: snake,
        unit: 0
    }));
    assert_eq!(movers(&state), vec![snake]);
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert_eq!(
        state.turn().map(|t| t.unit),
        Some(0),
        "then the squad's turn"
    );
    assert_eq!(movers(&state), vec![jinx, kamakura]);
}

#[test]
fn healing_word_may_heal_the_hero_whose_marker_is_revealed_next_to_ana() {
    // "After revealing an Order Marker on a wounded small or medium Hero figure you control
    // that is adjacent to Ana Karithon, and before using any other special powers [...], you
    // may first roll the 20-sided die. If you roll a 1 - 12 nothing happens. If you roll a 13
    // or higher, remove up to 2 wound markers from that Hero's Army Card."
    let sc = battle(
        &FLAT,
        &["Ana Karithon", "Chardris", "Runa"],
        &["Syvarris (RotV)"],
    );
    let state0 = HeroScape::setup(&sc, &mut Dice::seeded(1)).unwrap();
    let [ana, chardris, runa, syvarris] = [
        fig(&state0, "Ana Karithon", 0),
        fig(&state0, "Chardris", 0),
        fig(&state0, "Runa", 0),
        fig(&state0, "Syvarris (RotV)", 0),
    ];
    let mut state = in_turn(
        &sc,
        &[
            (chardris, h(1)),
            (ana, h(2)),
            (runa, h(3)),
            (syvarris, h(29)),
        ],
        Stage::Move,
    );
    state.figure_mut(chardris).unwrap().wounds = 3;
    state.figure_mut(runa).unwrap().wounds = 1;
    // Unwounded, Chardris is not offered the roll.
    let mut unwounded = state.clone();
    unwounded.figure_mut(chardris).unwrap().wounds = 0;
    start_turn_on(&mut unwounded, 0, 1);
    assert!(matches!(
        HeroScape::pending(&unwounded),
        Pending::Decide {
            decision: Decision::Move { unit: 1, .. },
            ..
        }
    ));
    start_turn_on(&mut state, 0, 1);
    let (power, targets) = offered(&state);
    assert_eq!(
        targets,
        vec![chardris],
        "Runa's marker is not the one revealed"
    );
    let mut failed = state.clone();
    play(
        &mut failed,
        Seat(0),
        Action::UsePower {
            figure: ana,
            power,
            target: Some(chardris),
        },
        &[12],
    );
    assert_eq!(
        failed.figure(chardris).unwrap().wounds,
        3,
        "12 does nothing"
    );
    play(
        &mut state,
        Seat(0),
        Action::UsePower {
            figure: ana,
            power,
            target: Some(chardris),
        },
        &[13],
    );
    assert_eq!(
        state.figure(chardris).unwrap().wounds,
        1,
        "two wounds removed"
    );
    assert_eq!(state.figure(runa).unwrap().wounds, 1);
    assert_eq!(movers(&state), vec![chardris], "then Chardris's turn");
}
