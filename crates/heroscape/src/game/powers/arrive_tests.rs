//! Scenarios of figures entering the battlefield during the game (`arrive.rs`), with real
//! cards and scripted dice: *Iskra's Summoning*, *Summon the Rechets of Bogdan*, *Glide In*.

use skirmish_board::hex::Hex;
use skirmish_dice::Dice;
use skirmish_engine::{Pending, Ruleset, Seat, Viewer};

use super::arrive::{arrival, Arrived, Step};
use crate::game::state::{Marker, Phase, Stage, State};
use crate::game::test_support::{battle_on, fig, only_at, plain, plain_raised, rolled, start_turn};
use crate::game::tests::play;
use crate::game::{Action, Decision, Event, HeroScape};

fn at(q: i32, r: i32) -> Hex {
    Hex::new(q, r)
}

const ISKRA: &str = "Iskra Esenwein";
const RECHETS: &str = "Rechets of Bogdan";

/// The place of Iskra's summoning among her card's powers.
fn summoning(state: &State) -> u8 {
    let card = &state.units[0].card;
    let i = card
        .powers
        .iter()
        .position(|p| p.name == "Summon the Rechets of Bogdan")
        .expect("Iskra prints her summoning");
    u8::try_from(i).unwrap()
}

/// The Rechets' figures.
fn rechets(state: &State) -> Vec<u32> {
    (0..3).map(|n| fig(state, RECHETS, n)).collect()
}

/// What the state asks of West.
fn asked(state: &State) -> Option<Decision> {
    match HeroScape::pending(state) {
        Pending::Decide { decision, .. } => Some(decision),
        _ => None,
    }
}

#[test]
fn the_rechets_are_not_placed_with_the_army() {
    // "Rechets of Bogdan do not start the game on the battlefield."
    let sc = battle_on(plain(0, 6, 0, 3), &[ISKRA, RECHETS], &["Syvarris (RotV)"]);
    let mut state = HeroScape::setup(&sc, &mut Dice::seeded(3)).expect("sets up");
    let mut dice = Dice::seeded(4);
    while matches!(state.phase, Phase::Placement { .. }) {
        let seat = match HeroScape::pending(&state) {
            Pending::Decide { seats, .. } => seats[0],
            other => panic!("placement asks: {other:?}"),
        };
        let legal = HeroScape::legal_actions(&state, seat);
        for a in &legal {
            if let Action::Place { figure, .. } = a {
                assert_ne!(state.card_of(state.figure(*figure).unwrap()).name, RECHETS);
            }
        }
        let mut events = Vec::new();
        HeroScape::apply(&mut state, seat, &legal[0], &mut dice, &mut events).unwrap();
    }
    for r in rechets(&state) {
        let f = state.figure(r).unwrap();
        assert!(
            f.hex.is_none() && !f.destroyed,
            "a Rechet waits off the battlefield"
        );
    }
    // waiting, they score nothing (50 points), Iskra her 50
    assert_eq!(state.points(Seat(0)), 50);
    assert!(state.figure(fig(&state, ISKRA, 0)).unwrap().hex.is_some());
}

#[test]
fn iskra_summons_the_rechets_on_fourteen_within_six_clear_sight_spaces_and_they_take_a_turn() {
    // "After taking a turn with Iskra Esenwein, you may attempt to summon the Rechets of
    // Bogdan ... Roll the 20-sided die. If you roll a 14 or higher, you must place all 3
    // Rechets of Bogdan on empty spaces within 6 clear sight spaces of Iskra Esenwein. ... When
    // the Rechets of Bogdan are summoned, you may immediately take a turn with them."
    // A plain 12 × 5; a pillar 12 levels high at (2, 3) hides (2, 4) from Iskra at (2, 2).
    let field = plain_raised(12, 5, &[(at(2, 3), 12)]);
    let sc = battle_on(field, &[ISKRA, RECHETS], &["Syvarris (RotV)"]);
    let (mut state, ids) = only_at(
        &sc,
        &[(ISKRA, 0, at(2, 2)), ("Syvarris (RotV)", 0, at(11, 4))],
        Stage::Attack,
    );
    // East's markers on its card (unit 2: West has two)
    state.players[1].markers.on = [Some(2); 4];
    let iskra = ids[0];
    let power = summoning(&state);
    let rs = rechets(&state);
    let events = play(&mut state, Seat(0), Action::EndTurn, &[]);
    assert!(!events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    assert_eq!(
        asked(&state),
        Some(Decision::UsePower {
            figure: iskra,
            unit: 0,
            power
        })
    );
    let try_it = Action::UsePower {
        figure: iskra,
        power,
        target: None,
    };

    // 13: nothing, the turn ends, the Rechets still wait (not yet summoned)
    let mut missed = state.clone();
    let events = play(&mut missed, Seat(0), try_it.clone(), &[13]);
    assert_eq!(rolled(&events), vec![(13, 14, false)]);
    assert!(events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    assert!(rs.iter().all(|r| missed.figure(*r).unwrap().hex.is_none()));

    // 14: each Rechet must be placed, no refusal
    let events = play(&mut state, Seat(0), try_it, &[14]);
    assert_eq!(rolled(&events), vec![(14, 14, true)]);
    assert_eq!(arrival(&state).map(|a| a.step), Some(Step::Placing));
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(!legal.contains(&Action::DeclinePower));
    let spaces: Vec<Hex> = legal
        .iter()
        .map(|a| match a {
            Action::Place { figure, hex, .. } => {
                assert_eq!(*figure, rs[0]);
                *hex
            }
            other => panic!("only places: {other:?}"),
        })
        .collect();
    // within 6 (8, 2) is, (9, 2) is 7 away; the pillar hides (2, 4); Iskra's space is taken
    assert!(spaces.contains(&at(8, 2)));
    assert!(spaces.contains(&at(3, 2)));
    assert!(spaces.contains(&at(0, 2)));
    assert!(!spaces.contains(&at(9, 2)));
    assert!(!spaces.contains(&at(2, 4)));
    assert!(!spaces.contains(&at(2, 2)));
    for (r, hex) in rs.iter().zip([at(3, 2), at(2, 1), at(1, 2)]) {
        let events = play(
            &mut state,
            Seat(0),
            Action::Place {
                figure: *r,
                hex,
                tail: None,
            },
            &[],
        );
        assert!(events.contains(&Event::Arrive {
            what: Arrived::Summoned {
                figure: *r,
                unit: 0,
                power
            }
        }));
        assert_eq!(state.figure(*r).unwrap().hex, Some(hex));
    }
    // all placed: a turn with them is offered
    assert_eq!(arrival(&state).map(|a| a.step), Some(Step::Turn));
    let events = play(
        &mut state,
        Seat(0),
        Action::UsePower {
            figure: iskra,
            power,
            target: Some(rs[0]),
        },
        &[],
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Arrive {
            what: Arrived::TurnWith { summoned: 1, .. }
        }
    )));
    let turn = state.turn().expect("a turn under way");
    assert_eq!((turn.unit, turn.stage), (1, Stage::Move));
    // the Rechets move now
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal
        .iter()
        .any(|a| matches!(a, Action::Move { figure, .. } if *figure == rs[0])));
    // once summoned, the power is not offered again after Iskra's turns
    let mut later = state.clone();
    if let Phase::Turns { turn: Some(t), .. } = &mut later.phase {
        t.unit = 0;
    }
    later.powers.extra_turns += 1;
    assert!(!super::arrive::after_turn(&mut later, Seat(0)));
}

#[test]
fn rechets_with_no_space_left_are_destroyed_and_never_summoned() {
    // "Any Rechets of Bogdan that you cannot place on the battlefield are immediately
    // destroyed and cannot be summoned again." Four hexes: Iskra, two empty spaces next to
    // her, Syvarris: the third Rechet has no room.
    let sc = battle_on(plain(0, 1, 0, 1), &[ISKRA, RECHETS], &["Syvarris (RotV)"]);
    let (mut state, ids) = only_at(
        &sc,
        &[(ISKRA, 0, at(0, 0)), ("Syvarris (RotV)", 0, at(1, 1))],
        Stage::Attack,
    );
    state.players[1].markers.on = [Some(2); 4];
    let (iskra, power, rs) = (ids[0], summoning(&state), rechets(&state));
    play(&mut state, Seat(0), Action::EndTurn, &[]);
    play(
        &mut state,
        Seat(0),
        Action::UsePower {
            figure: iskra,
            power,
            target: None,
        },
        &[20],
    );
    play(
        &mut state,
        Seat(0),
        Action::Place {
            figure: rs[0],
            hex: at(1, 0),
            tail: None,
        },
        &[],
    );
    let events = play(
        &mut state,
        Seat(0),
        Action::Place {
            figure: rs[1],
            hex: at(0, 1),
            tail: None,
        },
        &[],
    );
    assert!(events.contains(&Event::Arrive {
        what: Arrived::NoRoom {
            figure: rs[2],
            unit: 0,
            power
        }
    }));
    assert!(events.contains(&Event::Destroyed { figure: rs[2] }));
    let third = state.figure(rs[2]).unwrap();
    assert!(third.destroyed && third.hex.is_none());
    // two Rechets stand: the turn with them is still offered; declined, the turn ends
    assert_eq!(arrival(&state).map(|a| a.step), Some(Step::Turn));
    let events = play(&mut state, Seat(0), Action::DeclinePower, &[]);
    assert!(events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
}

const TUCK: &str = "Wing Commander Tuck Harrigan";
const SYVARRIS: &str = "Syvarris (RotV)";

#[test]
fn harrigan_glides_in_on_thirteen_apart_from_all_figures_and_draws_markers_to_his_card() {
    // "Tuck Harrington does not start the game on the battlefield. If Harrigan has not been
    // placed on the battlefield, before revealing a numbered Order Marker, you may roll the
    // 20-sided die. If you roll 13 or higher, place Harrigan on an empty space. You cannon place
    // Harrigan adjacent to other figures. Then you may move any or all of your unrevealed
    // Order Markers to this Army Card."
    let sc = battle_on(plain(0, 8, 0, 3), &[SYVARRIS, TUCK], &[SYVARRIS]);
    let (mut state, _) = only_at(
        &sc,
        &[(SYVARRIS, 0, at(0, 0)), (SYVARRIS, 1, at(8, 3))],
        Stage::Move,
    );
    let tuck = fig(&state, TUCK, 0);
    assert!(state.figure(tuck).unwrap().hex.is_none());
    let power = u8::try_from(
        state.units[1]
            .card
            .powers
            .iter()
            .position(|p| p.name == "Glide In 13")
            .unwrap(),
    )
    .unwrap();
    // West's four markers on Syvarris; marker 1 is about to be revealed
    start_turn(&mut state, Seat(0), 0);
    assert!(state.turn().is_none());
    assert_eq!(
        asked(&state),
        Some(Decision::UsePower {
            figure: tuck,
            unit: 1,
            power
        })
    );
    let roll = Action::UsePower {
        figure: tuck,
        power,
        target: None,
    };

    // 12: he stays off, and the turn is Syvarris's
    let mut missed = state.clone();
    let events = play(&mut missed, Seat(0), roll.clone(), &[12]);
    assert_eq!(rolled(&events), vec![(12, 13, false)]);
    assert_eq!(missed.turn().map(|t| t.unit), Some(0));
    assert!(missed.figure(tuck).unwrap().hex.is_none());

    // 13: he lands on an empty space adjacent to no figure
    let events = play(&mut state, Seat(0), roll, &[13]);
    assert_eq!(rolled(&events), vec![(13, 13, true)]);
    let legal = HeroScape::legal_actions(&state, Seat(0));
    let spaces: Vec<Hex> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Place { hex, .. } => Some(*hex),
            _ => None,
        })
        .collect();
    assert_eq!(spaces.len(), legal.len(), "he must be placed");
    assert!(spaces.contains(&at(4, 2)));
    assert!(!spaces.contains(&at(1, 0)), "adjacent to West's Syvarris");
    assert!(!spaces.contains(&at(7, 3)), "adjacent to East's Syvarris");
    let events = play(
        &mut state,
        Seat(0),
        Action::Place {
            figure: tuck,
            hex: at(4, 2),
            tail: None,
        },
        &[],
    );
    assert!(events.contains(&Event::Landed {
        figure: tuck,
        unit: 1,
        power
    }));
    // then any or all unrevealed markers may come to his card
    let legal = HeroScape::legal_actions(&state, Seat(0));
    for m in Marker::ALL {
        assert!(legal.contains(&Action::MoveMarker { marker: m }));
    }
    assert!(legal.contains(&Action::DeclinePower));
    let events = play(
        &mut state,
        Seat(0),
        Action::MoveMarker {
            marker: Marker::One,
        },
        &[],
    );
    let moved = Event::Arrive {
        what: Arrived::MarkerMoved {
            seat: Seat(0),
            marker: Some(Marker::One),
            from: 0,
            to: 1,
        },
    };
    assert!(events.contains(&moved));
    // East sees a marker move, not which
    assert_eq!(
        HeroScape::event_view(&moved, Viewer::Seat(Seat(1))),
        Some(Event::Arrive {
            what: Arrived::MarkerMoved {
                seat: Seat(0),
                marker: None,
                from: 0,
                to: 1,
            }
        })
    );
    assert_eq!(
        HeroScape::action_view(
            Seat(0),
            &Action::MoveMarker {
                marker: Marker::One
            },
            Viewer::Seat(Seat(1))
        ),
        None
    );
    play(&mut state, Seat(0), Action::DeclinePower, &[]);
    // marker 1 now lies on his card: the turn is his
    let turn = state.turn().expect("the turn starts");
    assert_eq!((turn.unit, turn.marker), (1, Marker::One));
    assert_eq!(state.players[0].markers.on[Marker::Two.index()], Some(0));
    // on the battlefield, he is not asked again
    let mut later = state.clone();
    later.round += 1;
    assert!(later.frames.top().is_none());
    assert!(!super::glide::before_reveal(
        &mut later,
        Seat(0),
        Marker::Two
    ));
}

/// The place of the power named `name` on the card of unit `unit`.
fn power_at(state: &State, unit: u16, name: &str) -> u8 {
    let i = state.units[usize::from(unit)]
        .card
        .powers
        .iter()
        .position(|p| p.name == name)
        .unwrap_or_else(|| panic!("no power {name}"));
    u8::try_from(i).unwrap()
}

/// Destroys a figure where it stood.
fn destroyed_at(state: &mut State, id: u32, hex: Hex) {
    let f = state.figure_mut(id).unwrap();
    f.hex = Some(hex);
    f.level = 1;
    f.destroyed = true;
    f.wounds = 0;
}

#[test]
fn kurrok_brings_back_a_destroyed_small_or_medium_elemental_within_three_clear_sight_spaces() {
    // "After moving and before attacking with Kurrok the Elementalist, you may roll the
    // 20-sided die. If you roll an 11 or higher, you may, if possible, place one of your
    // previously destroyed small or medium Elementals on an empty space within 3 clear sight
    // spaces of Kurrok the Elementalist."
    const KURROK: &str = "Kurrok the Elementalist";
    let sc = battle_on(
        plain(0, 9, 0, 4),
        &[KURROK, "Fire Elemental", "Greater Ice Elemental"],
        &[SYVARRIS],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[(KURROK, 0, at(2, 2)), (SYVARRIS, 0, at(9, 4))],
        Stage::Move,
    );
    state.players[1].markers.on = [Some(3); 4];
    let kurrok = ids[0];
    let (fire, ice) = (
        fig(&state, "Fire Elemental", 0),
        fig(&state, "Greater Ice Elemental", 0),
    );
    destroyed_at(&mut state, fire, at(8, 0));
    destroyed_at(&mut state, ice, at(7, 0));
    let power = power_at(&state, 0, "Summon Elemental");
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert_eq!(
        asked(&state),
        Some(Decision::UsePower {
            figure: kurrok,
            unit: 0,
            power
        })
    );
    let roll = Action::UsePower {
        figure: kurrok,
        power,
        target: None,
    };
    let mut missed = state.clone();
    let events = play(&mut missed, Seat(0), roll.clone(), &[10]);
    assert_eq!(rolled(&events), vec![(10, 11, false)]);
    assert!(missed.figure(fire).unwrap().destroyed);

    let events = play(&mut state, Seat(0), roll, &[11]);
    assert_eq!(rolled(&events), vec![(11, 11, true)]);
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal.contains(&Action::DeclinePower), "you may place");
    let mut spaces = Vec::new();
    for a in &legal {
        if let Action::Place { figure, hex, .. } = a {
            // the huge Greater Ice Elemental is not small or medium
            assert_eq!(*figure, fire);
            spaces.push(*hex);
        }
    }
    assert!(spaces.contains(&at(5, 2)), "3 spaces away");
    assert!(!spaces.contains(&at(6, 2)), "4 spaces away");
    play(
        &mut state,
        Seat(0),
        Action::Place {
            figure: fire,
            hex: at(5, 2),
            tail: None,
        },
        &[],
    );
    let f = state.figure(fire).unwrap();
    assert!(f.on_field() && f.hex == Some(at(5, 2)) && f.wounds == 0);
    assert!(state.figure(ice).unwrap().destroyed);
}

#[test]
fn marro_hive_rebirths_a_common_marro_squad_figure_next_to_it_but_never_a_grok_rider() {
    // "After taking a turn with Marro Hive, you may roll the 20-sided die. If you roll a 13 or
    // higher, you may place any previously destroyed common Marro Squad figure from your army
    // on an empty space adjacent to Marro Hive." Grok Training: "Marro Hive cannot rebirth
    // Grok Riders with its rebirth special power."
    const HIVE: &str = "Marro Hive";
    let sc = battle_on(
        plain(0, 9, 0, 4),
        &[HIVE, "Grok Riders", "Marro Drones"],
        &[SYVARRIS],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[(HIVE, 0, at(3, 2)), (SYVARRIS, 0, at(9, 4))],
        Stage::Attack,
    );
    state.players[1].markers.on = [Some(3); 4];
    let hive = ids[0];
    let (grok, drone) = (
        fig(&state, "Grok Riders", 0),
        fig(&state, "Marro Drones", 0),
    );
    destroyed_at(&mut state, grok, at(8, 0));
    destroyed_at(&mut state, drone, at(7, 0));
    let power = power_at(&state, 0, "Marro Rebirth");
    play(&mut state, Seat(0), Action::EndTurn, &[]);
    assert_eq!(
        asked(&state),
        Some(Decision::UsePower {
            figure: hive,
            unit: 0,
            power
        })
    );
    play(
        &mut state,
        Seat(0),
        Action::UsePower {
            figure: hive,
            power,
            target: None,
        },
        &[13],
    );
    let legal = HeroScape::legal_actions(&state, Seat(0));
    let mut spaces = Vec::new();
    for a in &legal {
        if let Action::Place { figure, hex, .. } = a {
            assert_eq!(*figure, drone, "a Grok Rider is never reborn");
            spaces.push(*hex);
        }
    }
    // next to the hive's two hexes, (3, 2) and (2, 2); not two spaces off
    assert!(spaces.contains(&at(4, 2)) && spaces.contains(&at(1, 2)));
    assert!(!spaces.contains(&at(5, 2)));
    let events = play(
        &mut state,
        Seat(0),
        Action::Place {
            figure: drone,
            hex: at(4, 2),
            tail: None,
        },
        &[],
    );
    assert!(state.figure(drone).unwrap().on_field());
    assert!(state.figure(grok).unwrap().destroyed);
    assert!(events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
}
