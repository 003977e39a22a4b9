//! Scenarios of the turns with other cards and the control of figures, with real cards
//! (*Kato Katsuro's Command*, *Queen of the Crypt*).

use std::sync::Arc;

use skirmish_dice::Dice;
use skirmish_engine::{Pending, Ruleset, Seat};

use crate::battlefield::{Battlefield, Builder, Ground, Level, Material, Span};
use crate::game::geometry;
use crate::game::state::{Stage, State};
use crate::game::test_support::{battle, battle_on, h, only_at, start_turn};
use crate::game::tests::{land, play};
use crate::game::{Action, Decision, Event, HeroScape};

/// The power asked of seat 1 for its card `unit`, and the figures it may choose.
fn offered(state: &State, unit: u16) -> (u8, Vec<u32>) {
    let Pending::Decide { seats, decision } = HeroScape::pending(state) else {
        panic!("nothing asked: {:?}", HeroScape::pending(state));
    };
    let Decision::UsePower { power, unit: u, .. } = decision else {
        panic!("no power asked: {decision:?}");
    };
    assert_eq!((seats, u), (vec![Seat(0)], unit));
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

/// Takes the offered turn with `figure`'s card (the power of card `unit`).
fn take(state: &mut State, unit: u16, power: u8, figure: u32) -> Vec<Event> {
    let bearer = state.unit_alive(unit).next().expect("a figure").id;
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
fn kato_katsuros_command_gives_his_turn_to_the_ashigaru_squads_in_his_sight() {
    // "... instead of taking a turn with him, you may take a turn with one of the following
    // that you control: 1 Samurai Hero, 1 Samurai Squad, 1 Ashigaru Harquebus Squad and/or 1
    // Ashigaru Yari Squad. You may choose which Squad to activate first. Any figure in the
    // above list that is taking a turn instead of Kato Katsuro must be within clear sight of
    // Kato Katsuro before moving."
    let mut levels: [Level; 30] = [1; 30];
    levels[20] = 30; // a cliff: nothing beyond it is in Kato's sight
    let sc = battle(
        &levels,
        &[
            "Kato Katsuro",
            "Ashigaru Harquebus",
            "Ashigaru Yari",
            "Izumi Samurai",
        ],
        &["Syvarris (RotV)"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Kato Katsuro", 0, h(10)),
            ("Ashigaru Harquebus", 0, h(11)),
            ("Ashigaru Harquebus", 1, h(21)),
            ("Ashigaru Yari", 0, h(9)),
            ("Izumi Samurai", 0, h(22)),
            ("Syvarris (RotV)", 0, h(29)),
        ],
        Stage::Move,
    );
    let [kato, harq, harq_far, yari, izumi, _] = ids[..] else {
        unreachable!()
    };
    let sees = |s: &State, id| geometry::can_see(s, s.figure(kato).unwrap(), s.figure(id).unwrap());
    assert!(sees(&state, harq) && sees(&state, yari));
    assert!(
        !sees(&state, harq_far) && !sees(&state, izumi),
        "the cliff hides them"
    );
    start_turn(&mut state, Seat(0), 0);
    let (power, targets) = offered(&state, 0);
    assert_eq!(
        targets,
        vec![harq, yari],
        "the Izumi Samurai, out of Kato's sight, take no turn"
    );
    // Declined, Kato takes his own turn.
    let mut declined = state.clone();
    play(&mut declined, Seat(0), Action::DeclinePower, &[]);
    assert_eq!(movers(&declined), vec![kato]);

    let events = take(&mut state, 0, power, harq);
    assert!(events.contains(&Event::SquadTurnWith {
        squad: 1,
        unit: 0,
        power,
        instead: true
    }));
    assert_eq!(
        movers(&state),
        vec![harq],
        "the Harquebus beyond the cliff is not in Kato's sight"
    );
    // Nothing in range: the squad's turn ends with its moves; the Yari may follow.
    let events = play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert!(!events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    let (_, targets) = offered(&state, 0);
    assert_eq!(
        targets,
        vec![yari],
        "only the other Ashigaru squad, not the Samurai"
    );
    take(&mut state, 0, power, yari);
    assert_eq!(movers(&state), vec![yari]);
    let events = play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert!(
        events.contains(&Event::TurnEnded { seat: Seat(0) }),
        "both squads' turns instead of Kato's: {events:?}"
    );
    assert_eq!(state.turn().map(|t| t.seat), Some(Seat(1)));
}

#[test]
fn kato_katsuros_command_takes_one_samurai_card_only() {
    let sc = battle(
        &[1; 30],
        &["Kato Katsuro", "Izumi Samurai", "Ashigaru Yari"],
        &["Syvarris (RotV)"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Kato Katsuro", 0, h(10)),
            ("Izumi Samurai", 0, h(11)),
            ("Izumi Samurai", 1, h(12)),
            ("Ashigaru Yari", 0, h(9)),
            ("Syvarris (RotV)", 0, h(29)),
        ],
        Stage::Move,
    );
    let [_, izumi, izumi2, yari, _] = ids[..] else {
        unreachable!()
    };
    start_turn(&mut state, Seat(0), 0);
    let (power, targets) = offered(&state, 0);
    assert_eq!(
        targets,
        vec![izumi, yari],
        "one figure stands for its squad"
    );
    take(&mut state, 0, power, izumi);
    let moving = movers(&state);
    assert!(
        moving.contains(&izumi) && !moving.contains(&yari),
        "{moving:?}"
    );
    // the second Samurai moves while in Kato's sight, as the first
    assert_eq!(
        moving.contains(&izumi2),
        geometry::can_see(
            &state,
            state.unit_alive(0).next().unwrap(),
            state.figure(izumi2).unwrap()
        )
    );
    let events = play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert!(
        events.contains(&Event::TurnEnded { seat: Seat(0) }),
        "a Samurai squad is the whole choice: {events:?}"
    );
}

/// A strip of 30 hexes at level 1 whose hex 25 is a shadow space.
fn shadow_strip() -> Arc<Battlefield> {
    let mut b = Builder::new("crypt");
    for q in 0..30 {
        if q == 25 {
            let shadow = Span {
                bottom: 0,
                top: 1,
                material: Material::Solid(Ground::Shadow),
            };
            b.span(h(q), shadow, "shadow");
        } else {
            b.span(h(q), land(1), format!("hex {q}"));
        }
    }
    b.start(h(0), 1, "west");
    b.start(h(29), 2, "east");
    Arc::new(b.build().expect("the crypt strip builds"))
}

#[test]
fn queen_of_the_crypt_gives_a_turn_to_a_near_hero_or_a_unique_squad_before_sudemas() {
    // "After revealing an Order Marker on and before taking a turn with Sudema, you may take a
    // turn with another Undead or Eisenek Hero you control that is on a shadow space or within
    // 5 clear sight spaces. If you do not, you may instead take a turn with an Undead or
    // Eisenek Unique Squad you control."
    let sc = battle_on(
        shadow_strip(),
        &[
            "Sudema (SotC)",
            "Marcu Esenwein",
            "Isamu (SotC)",
            "Sonya Esenwein",
            "Necrotech Wraithriders",
            "Death Knights of Valkrill",
        ],
        &["Syvarris (RotV)"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Sudema (SotC)", 0, h(10)),
            ("Marcu Esenwein", 0, h(14)),
            ("Isamu (SotC)", 0, h(25)),
            ("Sonya Esenwein", 0, h(21)),
            ("Necrotech Wraithriders", 0, h(1)),
            ("Necrotech Wraithriders", 1, h(3)),
            ("Death Knights of Valkrill", 0, h(6)),
            ("Syvarris (RotV)", 0, h(29)),
        ],
        Stage::Move,
    );
    let [sudema, marcu, isamu, _sonya, rider, rider2, _knight, _] = ids[..] else {
        unreachable!()
    };
    start_turn(&mut state, Seat(0), 0);
    let (power, targets) = offered(&state, 0);
    assert_eq!(
        targets,
        vec![marcu, isamu, rider],
        "Marcu 4 spaces away, Isamu on shadow; Sonya, 11 spaces away on grass, and the \
         common Death Knights are not offered"
    );

    // A hero's turn: only Marcu acts, then Sudema's own turn.
    let mut hero = state.clone();
    let events = take(&mut hero, 0, power, marcu);
    assert!(events.contains(&Event::TurnWith {
        figure: marcu,
        unit: 0,
        power,
        instead: false
    }));
    assert_eq!(movers(&hero), vec![marcu]);
    play(&mut hero, Seat(0), Action::EndMoves, &[]);
    assert_eq!(movers(&hero), vec![sudema], "Sudema's turn follows");

    // The unique squad's turn: both Wraithriders act, then Sudema's turn.
    let events = take(&mut state, 0, power, rider);
    assert!(events.contains(&Event::SquadTurnWith {
        squad: 4,
        unit: 0,
        power,
        instead: false
    }));
    assert_eq!(movers(&state), vec![rider, rider2]);
    let events = play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert!(!events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    assert_eq!(
        movers(&state),
        vec![sudema],
        "one turn before Sudema's, no more"
    );
}

/// Seat 1's marker 1 revealed on its card `unit` (all its markers there), with `dice` for
/// what the turn's start rolls; the events.
fn reveal_on(state: &mut State, unit: u16, dice: &[u8]) -> Vec<Event> {
    state.players[0].markers.on = [Some(unit); 4];
    state.players[0].markers.revealed = [false; 4];
    state.phase = crate::game::state::Phase::Turns {
        order: vec![Seat(0), Seat(1)],
        next: 0,
        turn: None,
    };
    state.frames.as_mut().clear();
    let mut events = Vec::new();
    crate::game::play::next_turn(state, &mut Dice::scripted(dice.to_vec()), &mut events);
    events
}

#[test]
fn eternal_hatred_lends_marcu_to_the_opponent_for_the_turn_on_seventeen() {
    // "After revealing an order marker on this card, you must roll the 20-sided die. If you
    // roll a 17 or higher, choose an opponent. That opponent will now control Marcu Esenwein
    // for the remainder of your turn, but will not be able to view any unrevealed order
    // markers on his card. At the end of that turn, control of Marcu returns to you."
    let sc = battle(
        &[1; 12],
        &["Marcu Esenwein", "Arkmer"],
        &["Syvarris (RotV)"],
    );
    let (state0, ids) = only_at(
        &sc,
        &[
            ("Marcu Esenwein", 0, h(5)),
            ("Arkmer", 0, h(6)),
            ("Syvarris (RotV)", 0, h(4)),
        ],
        Stage::Move,
    );
    let [marcu, arkmer, syvarris] = ids[..] else {
        unreachable!()
    };

    // 16: Marcu stays his owner's, and attacks the enemy beside him.
    let mut kept = state0.clone();
    let events = reveal_on(&mut kept, 0, &[16]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PowerRolled {
            die: 16,
            success: false,
            ..
        }
    )));
    assert_eq!(kept.turn().map(|t| t.seat), Some(Seat(0)));
    let turn = kept.turn().cloned().unwrap();
    let m = kept.figure(marcu).unwrap();
    assert_eq!(
        crate::game::play::attack_targets(&kept, &turn, m),
        vec![syvarris]
    );

    // 17: the only opponent takes the rest of the turn with Marcu.
    let mut state = state0.clone();
    let events = reveal_on(&mut state, 0, &[17]);
    assert!(events.contains(&Event::ControlLent {
        unit: 0,
        from: Seat(0),
        to: Seat(1)
    }));
    let Pending::Decide { seats, .. } = HeroScape::pending(&state) else {
        panic!("the turn is not asked");
    };
    assert_eq!(seats, vec![Seat(1)], "the opponent plays Marcu's turn");
    assert!(HeroScape::legal_actions(&state, Seat(0)).is_empty());
    let turn = state.turn().cloned().unwrap();
    let m = state.figure(marcu).unwrap();
    assert_eq!(
        crate::game::play::attack_targets(&state, &turn, m),
        vec![arkmer],
        "Marcu now attacks his owner's figure"
    );
    // The owner's markers stay on Marcu's card, face down for the opponent.
    assert_eq!(state.players[0].markers.on, [Some(0); 4]);
    let seen =
        crate::game::frames::markers_view(&state, Seat(0), skirmish_engine::Viewer::Seat(Seat(1)));
    assert_eq!(
        seen.known,
        vec![(crate::game::state::Marker::One, 0)],
        "only the revealed marker shows"
    );
    // The game goes on though the owner's only other figure is Arkmer, and Marcu counts
    // for his owner while lent.
    assert!(!matches!(
        state.phase,
        crate::game::state::Phase::Over { .. }
    ));

    play(&mut state, Seat(1), Action::EndMoves, &[]);
    let events = play(&mut state, Seat(1), Action::EndTurn, &[]);
    assert!(events.contains(&Event::ControlReturned {
        unit: 0,
        to: Seat(0)
    }));
    assert!(events.contains(&Event::TurnEnded { seat: Seat(0) }));
    assert_eq!(state.figure(marcu).unwrap().owner, Seat(0));
    assert_eq!(state.units[0].owner, Seat(0));
    assert_eq!(state.players[0].markers.on, [Some(0); 4]);
}

#[test]
fn eternal_hatred_keeps_a_lone_marcus_army_in_the_game() {
    // Marcu alone in his army: lent to the opponent, his army still stands.
    let sc = battle(&[1; 12], &["Marcu Esenwein"], &["Syvarris (RotV)"]);
    let (mut state, _) = only_at(
        &sc,
        &[("Marcu Esenwein", 0, h(2)), ("Syvarris (RotV)", 0, h(9))],
        Stage::Move,
    );
    reveal_on(&mut state, 0, &[20]);
    assert!(state.powers.control.lent.is_some());
    assert!(!matches!(
        state.phase,
        crate::game::state::Phase::Over { .. }
    ));
    assert_eq!(state.turn().map(|t| t.seat), Some(Seat(1)));
}

#[test]
fn marachotts_whisper_takes_a_turn_with_a_unique_hero_within_two_spaces() {
    // "After revealing an Order Marker on this Army Card and taking a turn with Marachott, you
    // may choose a Unique Hero within 2 spaces of Marachott. Roll the 20-sided die, adding 3
    // to the roll if you control that Hero. If you roll a 16 or higher, take temporary control
    // of that Hero and immediately take a turn with that Hero. After taking that turn, control
    // of the chosen Hero returns to its previous owner."
    let sc = battle(
        &[1; 12],
        &["Marachott, Mind Whisperer", "Kato Katsuro"],
        &["Syvarris (RotV)", "Arkmer"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Marachott, Mind Whisperer", 0, h(2)),
            ("Kato Katsuro", 0, h(1)),
            ("Syvarris (RotV)", 0, h(4)),
            ("Arkmer", 0, h(10)),
        ],
        Stage::Move,
    );
    let [marachott, kato, syvarris, arkmer] = ids[..] else {
        unreachable!()
    };
    reveal_on(&mut state, 0, &[]);
    assert_eq!(movers(&state), vec![marachott]);
    // Marachott's turn: nobody beside him, it ends with the moves and the power is offered.
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    let (power, targets) = offered(&state, 0);
    assert_eq!(targets, vec![kato, syvarris], "Arkmer is 8 spaces away");
    let whisper = |state: &mut State, target, die| {
        play(
            state,
            Seat(0),
            Action::UsePower {
                figure: marachott,
                power,
                target: Some(target),
            },
            &[die],
        )
    };

    // 15 for an opponent's hero: nothing, the turn ends.
    let mut missed = state.clone();
    let events = whisper(&mut missed, syvarris, 15);
    assert!(events.contains(&Event::TurnEnded { seat: Seat(0) }));
    assert_eq!(missed.figure(syvarris).unwrap().owner, Seat(1));

    // 13 for Kato, a hero of his own: 3 more make 16, Kato's turn follows.
    let mut own = state.clone();
    let events = whisper(&mut own, kato, 13);
    assert!(events.contains(&Event::TurnAfter {
        figure: kato,
        unit: 0,
        power
    }));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::ControlLent { .. })));
    assert_eq!(movers(&own), vec![kato]);

    // 16 for Syvarris: West plays his turn, shooting his own side's Arkmer.
    let events = whisper(&mut state, syvarris, 16);
    assert!(events.contains(&Event::ControlLent {
        unit: 2,
        from: Seat(1),
        to: Seat(0)
    }));
    assert_eq!(movers(&state), vec![syvarris]);
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    let turn = state.turn().cloned().unwrap();
    let s = state.figure(syvarris).unwrap();
    assert_eq!(
        crate::game::play::attack_targets(&state, &turn, s),
        vec![arkmer]
    );
    let events = play(&mut state, Seat(0), Action::EndTurn, &[]);
    assert!(events.contains(&Event::ControlReturned {
        unit: 2,
        to: Seat(1)
    }));
    assert!(events.contains(&Event::TurnEnded { seat: Seat(0) }));
    assert_eq!(state.figure(syvarris).unwrap().owner, Seat(1));
    assert_eq!(state.units[2].owner, Seat(1));
}

#[test]
fn hive_mind_gives_a_marro_squad_a_turn_within_twelve_spaces_before_the_hive() {
    // "After revealing an Order Marker on this Army Card, you may take a turn with any small or
    // medium common Marro Squad you control before taking a turn with Marro Hive. Any figure
    // that is taking a turn must be within 12 clear sight spaces of Marro Hive, prior to its
    // movement."
    let sc = battle(
        &[1; 30],
        &["Marro Hive", "Marro Dividers", "Marro Warriors"],
        &["Syvarris (RotV)"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Marro Hive", 0, h(2)),
            ("Marro Dividers", 0, h(5)),
            ("Marro Dividers", 1, h(20)),
            ("Marro Warriors", 0, h(7)),
            ("Syvarris (RotV)", 0, h(29)),
        ],
        Stage::Move,
    );
    let [_, near, far, _, _] = ids[..] else {
        unreachable!()
    };
    start_turn(&mut state, Seat(0), 0);
    let (power, targets) = offered(&state, 0);
    assert_eq!(targets, vec![near], "the Marro Warriors are a unique squad");
    let events = take(&mut state, 0, power, near);
    assert!(events.contains(&Event::SquadTurnWith {
        squad: 1,
        unit: 0,
        power,
        instead: false
    }));
    assert!(state.figure(far).is_some_and(|f| f.on_field()));
    assert_eq!(
        movers(&state),
        vec![near],
        "18 spaces from the hive, the other waits"
    );
    let events = play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert!(!events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    assert_eq!(
        state.turn().map(|t| t.unit),
        Some(0),
        "the hive's own turn follows"
    );
}

#[test]
fn festering_honor_guard_bonding_gives_the_guard_a_turn_before_the_queen() {
    // "After revealing an Order Marker on Queen Maladrix the Conqueror and before taking a turn
    // with her, you may first take a turn with your Festering Honor Guard."
    let sc = battle(
        &[1; 30],
        &["Queen Maladrix The Conqueror", "Festering Honor Guard"],
        &["Syvarris (RotV)"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Queen Maladrix The Conqueror", 0, h(2)),
            ("Festering Honor Guard", 0, h(8)),
            ("Festering Honor Guard", 1, h(14)),
            ("Syvarris (RotV)", 0, h(29)),
        ],
        Stage::Move,
    );
    let [queen, guard, guard2, _] = ids[..] else {
        unreachable!()
    };
    start_turn(&mut state, Seat(0), 0);
    let (power, targets) = offered(&state, 0);
    assert_eq!(targets, vec![guard]);
    let mut declined = state.clone();
    play(&mut declined, Seat(0), Action::DeclinePower, &[]);
    assert_eq!(movers(&declined), vec![queen]);
    take(&mut state, 0, power, guard);
    assert_eq!(movers(&state), vec![guard, guard2], "the whole squad");
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert_eq!(movers(&state), vec![queen], "then the queen's turn");
}

/// Cainak and Guilty McCreech (West) against Syvarris, who is about to take East's turn with
/// Guilty one wound from destroyed; West's markers: `on` (unit per marker 1, 2, 3, X).
fn trail_state(on: [u16; 4]) -> (State, [u32; 3]) {
    let sc = battle(
        &[1; 12],
        &["Cainak, Private Eye", "Guilty McCreech (ZD)"],
        &["Syvarris (RotV)"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Cainak, Private Eye", 0, h(2)),
            ("Guilty McCreech (ZD)", 0, h(6)),
            ("Syvarris (RotV)", 0, h(10)),
        ],
        Stage::Move,
    );
    let [cainak, guilty, syvarris] = ids[..] else {
        unreachable!()
    };
    state.figure_mut(guilty).unwrap().wounds = 1;
    state.players[0].markers.on = on.map(Some);
    state.players[0].markers.revealed = [false; 4];
    state.players[1].markers.on = [Some(2); 4];
    state.players[1].markers.revealed = [false; 4];
    state.phase = crate::game::state::Phase::Turns {
        order: vec![Seat(1), Seat(0)],
        next: 0,
        turn: None,
    };
    state.frames.as_mut().clear();
    crate::game::play::next_turn(&mut state, &mut Dice::scripted([]), &mut Vec::new());
    // Syvarris shoots Guilty down: 3 skulls, 2 blank shields
    use crate::game::tests::{BLANK, SKULL};
    play(&mut state, Seat(1), Action::EndMoves, &[]);
    let events = play(
        &mut state,
        Seat(1),
        Action::Attack {
            figure: syvarris,
            target: guilty,
        },
        &[SKULL, SKULL, SKULL, BLANK, BLANK],
    );
    assert!(state.figure(guilty).unwrap().destroyed, "{events:?}");
    (state, [cainak, guilty, syvarris])
}

#[test]
fn pick_up_the_trail_moves_a_fallen_lawmans_markers_and_reveals_the_x_for_a_turn() {
    // "After a Player Turn in which 1 or more Unique Heroes you control were destroyed, you may
    // move all Order Markers on those Heroes' Army Cards to this Army Card. Then, if any of the
    // destroyed Heroes was a Lawman, you may reveal the "X" Order Marker on this Army Card to
    // take a turn with Cainak, Private Eye."
    let (mut state, [cainak, _, _]) = trail_state([1, 1, 0, 0]);
    let events = play(&mut state, Seat(1), Action::EndTurn, &[]);
    assert!(!events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    let (power, _) = offered(&state, 0);
    let use_it = Action::UsePower {
        figure: cainak,
        power,
        target: None,
    };
    // declined, the markers stay on Guilty's card: their turns will be lost
    let mut declined = state.clone();
    play(&mut declined, Seat(0), Action::DeclinePower, &[]);
    assert_eq!(declined.players[0].markers.on[0], Some(1));

    let events = play(&mut state, Seat(0), use_it.clone(), &[]);
    assert!(events.contains(&Event::MarkersMoved {
        seat: Seat(0),
        from: 1,
        to: 0,
        count: 2
    }));
    assert_eq!(state.players[0].markers.on, [Some(0); 4]);
    // East sees how many lie face down on Cainak's card, never which
    let seen =
        crate::game::frames::markers_view(&state, Seat(0), skirmish_engine::Viewer::Seat(Seat(1)));
    assert!(seen.known.is_empty());
    assert_eq!(seen.hidden, vec![(0, 4)]);
    // Guilty was a Lawman: the X on Cainak's card gives him a turn now.
    let (_, _) = offered(&state, 0);
    let events = play(&mut state, Seat(0), use_it, &[]);
    assert!(events.contains(&Event::TurnEnded { seat: Seat(1) }));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::XRevealed {
            seat: Seat(0),
            unit: 0,
            ..
        }
    )));
    let turn = state.turn().cloned().unwrap();
    assert_eq!(
        (turn.seat, turn.unit, turn.marker),
        (Seat(0), 0, crate::game::state::Marker::X)
    );
    assert_eq!(movers(&state), vec![cainak]);
}

#[test]
fn pick_up_the_trail_asks_for_the_x_whatever_lies_face_down_on_cainak() {
    // The X on Guilty's card, the markers not moved: the question is asked all the same (a
    // face-down marker lies on Cainak's card), and West can only decline it.
    let (mut state, _) = trail_state([0, 1, 0, 1]);
    play(&mut state, Seat(1), Action::EndTurn, &[]);
    play(&mut state, Seat(0), Action::DeclinePower, &[]);
    let (_, targets) = offered(&state, 0);
    assert!(targets.is_empty());
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![Action::DeclinePower]
    );
    let events = play(&mut state, Seat(0), Action::DeclinePower, &[]);
    assert!(events.contains(&Event::TurnEnded { seat: Seat(1) }));
}

#[test]
fn tidal_advance_moves_fierce_figures_a_space_per_marker_on_the_vanguards_each_round() {
    // "At the start of each round, after placing Order Markers, you may move each Fierce and
    // Unfathomable figure you control up to 1 space for each each of your Order Markers on the
    // Gelryie Vanguards."
    use crate::game::frames::HsFrame;
    use crate::game::state::{Marker, Markers, Phase};
    let sc = battle(
        &[1; 30],
        &["Gelryie Vanguards", "Arkmer"],
        &["Syvarris (RotV)"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Gelryie Vanguards", 0, h(5)),
            ("Gelryie Vanguards", 1, h(10)),
            ("Arkmer", 0, h(15)),
            ("Syvarris (RotV)", 0, h(29)),
        ],
        Stage::Move,
    );
    let [g1, g2, arkmer, _] = ids[..] else {
        unreachable!()
    };
    assert_ne!(
        state.card_of(state.figure(arkmer).unwrap()).personality,
        "Fierce"
    );
    state.round = 2;
    state.phase = Phase::Markers;
    for p in &mut state.players {
        p.markers = Markers::default();
    }
    state.frames.as_mut().clear();
    state
        .frames
        .as_mut()
        .push(HsFrame::Markers { order: Vec::new() });
    // two of West's markers on the vanguards, two on Arkmer
    for (marker, unit) in [
        (Marker::One, 0),
        (Marker::Two, 0),
        (Marker::Three, 1),
        (Marker::X, 1),
    ] {
        play(
            &mut state,
            Seat(1),
            Action::PlaceMarker { marker, unit: 2 },
            &[],
        );
        play(
            &mut state,
            Seat(0),
            Action::PlaceMarker { marker, unit },
            &[],
        );
    }
    let Pending::Decide { seats, decision } = HeroScape::pending(&state) else {
        panic!("nothing asked");
    };
    assert_eq!(seats, vec![Seat(0)]);
    assert!(
        matches!(decision, Decision::PowerMoves { unit: 0, .. }),
        "{decision:?}"
    );
    let legal = HeroScape::legal_actions(&state, Seat(0));
    let reaches = |f: u32, q: i32| {
        legal
            .iter()
            .any(|a| matches!(a, Action::Move { figure, to, .. } if *figure == f && *to == h(q)))
    };
    assert!(
        reaches(g1, 3) && reaches(g2, 12),
        "2 spaces: a space per marker"
    );
    assert!(!reaches(g1, 2) && !reaches(g2, 13), "not 3");
    assert!(
        !legal
            .iter()
            .any(|a| matches!(a, Action::Move { figure, .. } if *figure == arkmer)),
        "Arkmer is not Fierce"
    );
}

#[test]
fn ragtag_armada_gives_turns_to_heroes_of_affiliations_without_a_command_marker() {
    // "After revealing an Order Marker on and before taking a turn with Thormun, you may place
    // a gold Command Marker on the Army Card of another Hero you control to immediately take a
    // turn with that Hero. You may not place a Command Marker on the Army Card of a figure
    // with the same Affiliation as a Hero you control that already has a Command Marker. At
    // the end of the round, remove all of your Command Markers."
    let sc = battle(
        &[1; 30],
        &["Thormun", "Arkmer", "Ulginesh", "Kato Katsuro"],
        &["Syvarris (RotV)"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Thormun", 0, h(2)),
            ("Arkmer", 0, h(4)),
            ("Ulginesh", 0, h(6)),
            ("Kato Katsuro", 0, h(8)),
            ("Syvarris (RotV)", 0, h(29)),
        ],
        Stage::Move,
    );
    let [thormun, arkmer, ulginesh, kato, _] = ids[..] else {
        unreachable!()
    };
    start_turn(&mut state, Seat(0), 0);
    let (power, targets) = offered(&state, 0);
    assert_eq!(targets, vec![arkmer, ulginesh, kato]);
    let events = take(&mut state, 0, power, arkmer);
    assert!(events.contains(&Event::TurnWith {
        figure: arkmer,
        unit: 0,
        power,
        instead: false
    }));
    assert_eq!(movers(&state), vec![arkmer]);
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert_eq!(movers(&state), vec![thormun], "Thormun's turn follows");

    // Thormun's next turn this round: Arkmer's card bears a marker, Ulginesh follows Ullar too
    let mut again = state.clone();
    start_turn(&mut again, Seat(0), 0);
    let (_, targets) = offered(&again, 0);
    assert_eq!(targets, vec![kato]);

    // the next round the markers are gone
    state.round += 1;
    start_turn(&mut state, Seat(0), 0);
    let (_, targets) = offered(&state, 0);
    assert_eq!(targets, vec![arkmer, ulginesh, kato]);
}
