//! Triggered powers with real cards of the shared data (`heroscape-cards.json`, read where
//! the crate's tests find it, or under `$SKIRMISH_SHARED`), on small battlefields with scripted
//! dice.

use std::collections::BTreeMap;
use std::sync::Arc;

use skirmish_board::hex::Hex;
use skirmish_dice::Dice;
use skirmish_engine::{conformance, Pending, Ruleset, Seat};

use super::{self as triggered, deploy_spaces};
use crate::battlefield::{Battlefield, Builder, Ground, Level, Material, Span};
use crate::card::Card;
use crate::game::frames::HsFrame;
use crate::game::state::GlyphState;
use crate::game::test_support::{real, rolled};
use crate::game::tests::play;
use crate::game::{
    Action, Decision, Event, HeroScape, Marker, Options, Phase, PlayerSetup, RollFor, Scenario,
    Stage, State, Turn,
};
use crate::power::{Effect, Outcome, Trigger, Triggered};

/// The card's triggered power: its place and data.
fn power(card: &Card) -> (u8, Triggered) {
    triggered::triggered(card)
        .next()
        .map(|(i, t)| (i, t.clone()))
        .unwrap_or_else(|| panic!("{} has no triggered power", card.name))
}

/// A field of grass at level 1, `w` by `h`, with water (its bed at level 1) on `water`; zone 1
/// on the west column, zone 2 on the east one.
fn field(w: i32, h: i32, water: &[(i32, i32)]) -> Arc<Battlefield> {
    let mut b = Builder::new("powers");
    for q in 0..w {
        for r in 0..h {
            let hex = Hex::new(q, r);
            let grass = Span {
                bottom: 0,
                top: 1,
                material: Material::Solid(Ground::Grass),
            };
            b.span(hex, grass, format!("hex {q},{r}"));
            if water.contains(&(q, r)) {
                let pool = Span {
                    bottom: 1,
                    top: 2,
                    material: Material::Liquid(Ground::Water),
                };
                b.span(hex, pool, format!("water {q},{r}"));
            }
            if q == 0 {
                b.start(hex, 1, "west");
            }
            if q == w - 1 {
                b.start(hex, 2, "east");
            }
        }
    }
    Arc::new(b.build().unwrap())
}

fn scenario(field: Arc<Battlefield>, west: &[&str], east: &[&str]) -> Scenario {
    let army = |names: &[&str]| names.iter().map(|n| real(n)).collect();
    Scenario {
        battlefield: field,
        players: vec![
            PlayerSetup {
                name: "West".into(),
                team: 1,
                army: army(west),
            },
            PlayerSetup {
                name: "East".into(),
                team: 2,
                army: army(east),
            },
        ],
        rounds: 5,
        options: Options::default(),
        draft: None,
    }
}

/// A state in a turn of seat 1 with unit 0: figures placed where given (a second hex for a
/// double-space figure), the others destroyed; seat 2's markers on its first unit.
fn in_turn(scenario: &Scenario, places: &[(u32, Hex, Option<Hex>)], stage: Stage) -> State {
    let mut state = HeroScape::setup(scenario, &mut Dice::seeded(1)).unwrap();
    for f in &mut state.figures {
        f.hex = None;
        f.tail = None;
        f.destroyed = true;
    }
    for &(id, hex, tail) in places {
        let level = state
            .field
            .column(hex)
            .unwrap()
            .top_footing()
            .unwrap()
            .level;
        let f = state.figure_mut(id).unwrap();
        f.hex = Some(hex);
        f.tail = tail;
        f.level = level;
        f.destroyed = false;
    }
    state.frames.as_mut().clear();
    let east = state.units.iter().find(|u| u.owner == Seat(1)).unwrap().id;
    state.players[0].markers.on = [Some(0); 4];
    state.players[1].markers.on = [Some(east); 4];
    state.players[0].markers.revealed[0] = true;
    state.phase = Phase::Turns {
        order: vec![Seat(0), Seat(1)],
        next: 1,
        turn: Some(Turn {
            seat: Seat(0),
            marker: Marker::One,
            unit: 0,
            stage,
            moved: Vec::new(),
            attacked: Vec::new(),
            record: Default::default(),
            carry: None,
        }),
    };
    state
}

fn asked(state: &State) -> (Vec<Seat>, Decision) {
    match HeroScape::pending(state) {
        Pending::Decide { seats, decision } => (seats, decision),
        other => panic!("nothing asked: {other:?}"),
    }
}

/// How many figures a card brings.
fn count(name: &str) -> u32 {
    u32::from(real(name).figures)
}

const SKULL: u8 = 1;
const BLANK: u8 = 6;

#[test]
fn the_parser_gives_the_cards_their_triggered_powers() {
    let (_, t) = power(&real("Ne-Gok-Sa"));
    assert_eq!(t.trigger, Trigger::AfterMoveBeforeAttack);
    assert_eq!(t.outcomes, vec![Outcome::TakeControl]);
    assert_eq!(t.roll.as_ref().map(|r| r.at_least), Some(20));
    let (_, t) = power(&real("Kee-Mo-Shi"));
    assert_eq!(t.roll.as_ref().map(|r| r.at_least), Some(19));
    let (_, t) = power(&real("Marro Warriors"));
    let roll = t.roll.clone().unwrap();
    assert_eq!(t.trigger, Trigger::InsteadOfAttacking);
    assert_eq!(
        (roll.at_least, roll.on_ground, roll.each_figure),
        (15, Some(("water".to_string(), 10)), true)
    );
    assert_eq!(t.outcomes, vec![Outcome::ReturnDestroyedAdjacent]);
    let drop = real("Airborne Elite");
    assert!(super::super::effects(&drop).any(|e| matches!(e, Effect::StartsOffBattlefield)));
    let (_, t) = power(&drop);
    assert_eq!(
        (t.trigger, t.roll.map(|r| r.at_least), t.outcomes),
        (Trigger::StartOfRound, Some(13), vec![Outcome::DeployApart])
    );
    let (_, t) = power(&real("\"Blink\" Dawson"));
    assert_eq!(t.trigger, Trigger::TargetedFromAfar(7));
    assert_eq!(
        t.outcomes,
        vec![Outcome::WoundAttacker(1), Outcome::EndAttack]
    );
    let (_, t) = power(&real("Grimnak"));
    assert_eq!(t.trigger, Trigger::BeforeAttacking);
    assert!(t.roll.unwrap().only_if.is_some());
    let (_, t) = power(&real("Brave Arrow"));
    assert_eq!(t.trigger, Trigger::WouldBeWoundedFromAfar);
    assert!(t.roll.unwrap().add_distance);
    let (_, t) = power(&real("Aubrien Archers"));
    assert_eq!(
        (t.trigger, t.outcomes),
        (Trigger::AfterTurn, vec![Outcome::AnotherTurn])
    );
    let (_, t) = power(&real("Arkmer"));
    assert_eq!(t.trigger, Trigger::OpponentEngages);
    let (_, t) = power(&real("Tarn Viking Warriors"));
    assert_eq!(t.outcomes, vec![Outcome::MoveAgain]);
    // Dragon Swoop, after Sonlen's Dragon Healing
    let sonlen = real("Sonlen (SotM)");
    let (_, t) = triggered::triggered(&sonlen)
        .find(|(i, _)| sonlen.powers[usize::from(*i)].name == "Dragon Swoop")
        .expect("Sonlen's Dragon Swoop is triggered");
    let t = t.clone();
    assert_eq!(
        (t.target.and_then(|x| x.within), t.outcomes),
        (Some(4), vec![Outcome::WoundTarget(1)]),
        "Dragon Swoop"
    );
    let (_, t) = power(&real("Feral Troll"));
    assert_eq!(
        (t.trigger, t.outcomes),
        (Trigger::AfterTurn, vec![Outcome::Heal(1)])
    );
}

/// Ne-Gok-Sa (seat 1) next to Syvarris (seat 2).
fn shackle() -> (State, u32, u32, u8) {
    let sc = scenario(field(6, 3, &[]), &["Ne-Gok-Sa"], &["Syvarris (RotV)"]);
    let state = in_turn(
        &sc,
        &[(1, Hex::new(2, 1), None), (2, Hex::new(3, 1), None)],
        Stage::Move,
    );
    let (p, _) = power(state.card_of(state.figure(1).unwrap()));
    (state, 1, 2, p)
}

#[test]
fn mind_shackle_is_asked_when_the_moves_end_and_takes_the_card_on_a_20() {
    let (mut state, ne, syv, p) = shackle();
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert_eq!(
        asked(&state),
        (
            vec![Seat(0)],
            Decision::UsePower {
                figure: ne,
                unit: 0,
                power: p
            }
        )
    );
    let use_it = Action::UsePower {
        figure: ne,
        power: p,
        target: Some(syv),
    };
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![use_it.clone(), Action::DeclinePower]
    );
    let mut failed = state.clone();
    let events = play(&mut failed, Seat(0), use_it.clone(), &[19]);
    assert_eq!(rolled(&events), vec![(19, 20, false)]);
    assert_eq!(failed.units[1].owner, Seat(1));

    let events = play(&mut state, Seat(0), use_it, &[20]);
    assert_eq!(rolled(&events), vec![(20, 20, true)]);
    assert!(events.contains(&Event::ControlTaken {
        unit: 1,
        from: Seat(1),
        to: Seat(0)
    }));
    assert_eq!(state.units[1].owner, Seat(0));
    assert_eq!(state.figure(syv).unwrap().owner, Seat(0));
    assert!(
        state.players[1].markers.on.iter().all(|m| m.is_none()),
        "the markers on the card are removed"
    );
    assert!(
        matches!(state.phase, Phase::Over { .. }),
        "East has no figure left: {:?}",
        state.phase
    );
}

#[test]
fn lodin_adds_one_to_a_power_roll() {
    let (mut state, ne, syv, p) = shackle();
    let at = state.figure(ne).unwrap().clone();
    state.glyphs.push(GlyphState {
        spot: crate::battlefield::GlyphSpot {
            hex: at.hex.unwrap(),
            level: at.level,
            glyph: crate::battlefield::Glyph::Lodin,
            face_up: true,
        },
        face_up: true,
        gone: false,
    });
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    let use_it = Action::UsePower {
        figure: ne,
        power: p,
        target: Some(syv),
    };
    let events = play(&mut state, Seat(0), use_it, &[19]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PowerRolled {
            die: 19,
            bonus: 1,
            success: true,
            ..
        }
    )));
    assert_eq!(state.units[1].owner, Seat(0));
}

#[test]
fn a_declined_power_is_not_asked_again_in_the_turn() {
    let (mut state, ne, _, p) = shackle();
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    let events = play(&mut state, Seat(0), Action::DeclinePower, &[]);
    assert!(events.contains(&Event::PowerDeclined {
        figure: ne,
        unit: 0,
        power: p
    }));
    assert!(matches!(asked(&state).1, Decision::Attack { .. }));
}

#[test]
fn quickdraw_asks_the_defender_in_the_middle_of_the_attack() {
    let sc = scenario(
        field(8, 3, &[]),
        &["Syvarris (RotV)"],
        &["\"Blink\" Dawson"],
    );
    let mut state = in_turn(
        &sc,
        &[(1, Hex::new(0, 1), None), (2, Hex::new(5, 1), None)],
        Stage::Attack,
    );
    let (p, _) = power(&real("\"Blink\" Dawson"));
    let attack = Action::Attack {
        figure: 1,
        target: 2,
    };
    let events = play(&mut state, Seat(0), attack, &[]);
    assert!(
        !events.iter().any(|e| matches!(e, Event::Attacked { .. })),
        "the attack waits for the answer"
    );
    assert_eq!(
        asked(&state),
        (
            vec![Seat(1)],
            Decision::UsePower {
                figure: 2,
                unit: 1,
                power: p
            }
        )
    );
    assert!(HeroScape::legal_actions(&state, Seat(0)).is_empty());
    let mut declined = state.clone();
    let quick = Action::UsePower {
        figure: 2,
        power: p,
        target: None,
    };
    let events = play(&mut state, Seat(1), quick, &[7]);
    assert_eq!(rolled(&events), vec![(7, 7, true)]);
    assert_eq!(
        state.figure(1).unwrap().wounds,
        1,
        "the attacker takes a wound"
    );
    assert!(!events.iter().any(|e| matches!(e, Event::Attacked { .. })));

    // Declined, the attack goes on: 3 attack dice, 2 defence dice.
    let events = play(
        &mut declined,
        Seat(1),
        Action::DeclinePower,
        &[SKULL, BLANK, BLANK, BLANK, BLANK],
    );
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Attacked { wounds: 1, .. })));
    assert_eq!(declined.figure(2).unwrap().wounds, 1);
}

#[test]
fn concealment_adds_the_spaces_to_the_attacker_to_the_roll() {
    let sc = scenario(field(8, 3, &[]), &["Syvarris (RotV)"], &["Brave Arrow"]);
    let mut state = in_turn(
        &sc,
        &[(1, Hex::new(0, 1), None), (2, Hex::new(5, 1), None)],
        Stage::Attack,
    );
    let mut missed = state.clone();
    let attack = Action::Attack {
        figure: 1,
        target: 2,
    };
    // Three skulls, three blank defence dice: 3 wounds, then 5 + 5 spaces = 10.
    let dice = [SKULL, SKULL, SKULL, BLANK, BLANK, BLANK];
    let events = play(
        &mut state,
        Seat(0),
        attack.clone(),
        &[dice.to_vec(), vec![5]].concat(),
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PowerRolled {
            die: 5,
            distance: 5,
            needed: 10,
            success: true,
            ..
        }
    )));
    assert_eq!(state.figure(2).unwrap().wounds, 0);
    play(
        &mut missed,
        Seat(0),
        attack,
        &[dice.to_vec(), vec![4]].concat(),
    );
    assert_eq!(missed.figure(2).unwrap().wounds, 3);
}

#[test]
fn chomp_destroys_a_squad_figure_without_a_roll_and_a_hero_on_16() {
    let sc = scenario(
        field(6, 4, &[]),
        &["Grimnak"],
        &["Marro Warriors", "Ne-Gok-Sa"],
    );
    // Grimnak (1) on two hexes, a Marro Warrior (2) and Ne-Gok-Sa next to him.
    let ne = 2 + count("Marro Warriors");
    let mut state = in_turn(
        &sc,
        &[
            (1, Hex::new(2, 1), Some(Hex::new(3, 1))),
            (2, Hex::new(1, 1), None),
            (ne, Hex::new(4, 1), None),
        ],
        Stage::Attack,
    );
    let (p, _) = power(&real("Grimnak"));
    let chomp = |target| Action::UsePower {
        figure: 1,
        power: p,
        target: Some(target),
    };
    let mut hero = state.clone();
    let events = play(&mut state, Seat(0), chomp(2), &[]);
    assert!(rolled(&events).is_empty(), "a squad figure needs no roll");
    assert!(events.contains(&Event::Destroyed { figure: 2 }));
    assert!(
        !HeroScape::legal_actions(&state, Seat(0)).contains(&chomp(ne)),
        "once a turn"
    );
    let mut lucky = hero.clone();
    let events = play(&mut hero, Seat(0), chomp(ne), &[15]);
    assert_eq!(rolled(&events), vec![(15, 16, false)]);
    assert!(!hero.figure(ne).unwrap().destroyed);
    play(&mut lucky, Seat(0), chomp(ne), &[16]);
    assert!(lucky.figure(ne).unwrap().destroyed);
}

#[test]
fn water_clone_rolls_for_each_warrior_and_needs_less_in_water() {
    let sc = scenario(
        field(12, 4, &[(1, 1)]),
        &["Marro Warriors"],
        &["Syvarris (RotV)"],
    );
    // Warriors 1 (in water) and 2 (on grass); 3 and 4 were destroyed; Syvarris far away.
    let mut state = in_turn(
        &sc,
        &[
            (1, Hex::new(1, 1), None),
            (2, Hex::new(1, 3), None),
            (count("Marro Warriors") + 1, Hex::new(11, 0), None),
        ],
        Stage::Attack,
    );
    for id in 3..=count("Marro Warriors") {
        let f = state.figure_mut(id).unwrap();
        f.hex = Some(Hex::new(5, 0));
    }
    let (p, _) = power(&real("Marro Warriors"));
    let clone = Action::UsePower {
        figure: 1,
        power: p,
        target: None,
    };
    let events = play(&mut state, Seat(0), clone, &[12, 12]);
    assert_eq!(rolled(&events), vec![(12, 10, true), (12, 15, false)]);
    let (seats, decision) = asked(&state);
    assert_eq!(
        (seats, decision),
        (
            vec![Seat(0)],
            Decision::Deploy {
                figure: 3,
                unit: 0,
                power: p
            }
        ),
        "the player chooses where the clone stands"
    );
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert_eq!(
        legal.len(),
        6,
        "the six grass spaces around the pool: {legal:?}"
    );
    let events = play(&mut state, Seat(0), legal[2].clone(), &[]);
    let back = state.figure(3).unwrap();
    assert!(back.on_field());
    assert_eq!(back.level, state.figure(1).unwrap().level);
    assert_eq!(back.hex.unwrap().distance(Hex::new(1, 1)), 1);
    assert!(
        state.figure(4).unwrap().destroyed,
        "one comes back per success"
    );
    assert!(
        events.iter().any(|e| matches!(e, Event::TurnEnded { .. })),
        "water clone is instead of attacking: the turn is over"
    );
}

#[test]
fn berserker_charge_moves_the_warriors_again_on_15() {
    let sc = scenario(
        field(10, 3, &[]),
        &["Tarn Viking Warriors"],
        &["Syvarris (RotV)"],
    );
    let mut state = in_turn(
        &sc,
        &[
            (1, Hex::new(0, 0), None),
            (count("Tarn Viking Warriors") + 1, Hex::new(9, 2), None),
        ],
        Stage::Move,
    );
    let (p, _) = power(&real("Tarn Viking Warriors"));
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    let charge = Action::UsePower {
        figure: 1,
        power: p,
        target: None,
    };
    let mut missed = state.clone();
    // Missed, and nothing in reach: the turn ends.
    let events = play(&mut missed, Seat(0), charge.clone(), &[14]);
    assert!(events.contains(&Event::TurnEnded { seat: Seat(0) }));
    let events = play(&mut state, Seat(0), charge, &[15]);
    assert!(!events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    let turn = state.turn().unwrap();
    assert_eq!((turn.seat, turn.stage), (Seat(0), Stage::Move));
    let events = play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert!(
        rolled(&events).is_empty(),
        "the charge is not asked twice in a turn"
    );
    assert!(events.contains(&Event::TurnEnded { seat: Seat(0) }));
}

#[test]
fn frenzy_gives_another_turn_on_16() {
    let sc = scenario(
        field(12, 3, &[]),
        &["Aubrien Archers"],
        &["Syvarris (RotV)"],
    );
    let mut state = in_turn(
        &sc,
        &[
            (1, Hex::new(0, 0), None),
            (count("Aubrien Archers") + 1, Hex::new(11, 2), None),
        ],
        Stage::Attack,
    );
    let (p, _) = power(&real("Aubrien Archers"));
    let events = play(&mut state, Seat(0), Action::EndTurn, &[]);
    assert!(!events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    let frenzy = Action::UsePower {
        figure: 1,
        power: p,
        target: None,
    };
    let mut missed = state.clone();
    let events = play(&mut missed, Seat(0), frenzy.clone(), &[15]);
    assert!(events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    let events = play(&mut state, Seat(0), frenzy, &[16]);
    assert!(!events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    let turn = state.turn().unwrap();
    assert_eq!((turn.unit, turn.stage), (0, Stage::Move));
}

#[test]
fn frenzy_enhancement_adds_one_to_every_frenzy_roll_while_the_warlord_stands() {
    let sc = scenario(
        field(12, 3, &[]),
        &["Aubrien Archers", "Venoc Warlord"],
        &["Syvarris (RotV)"],
    );
    let archers = count("Aubrien Archers");
    let warlord = archers + 1;
    let places = [
        (1, Hex::new(0, 0), None),
        (warlord, Hex::new(0, 2), None),
        (warlord + 1, Hex::new(11, 2), None),
    ];
    let (p, _) = power(&real("Aubrien Archers"));
    let frenzy = Action::UsePower {
        figure: 1,
        power: p,
        target: None,
    };
    // 15 misses alone (16 needed), and makes it with the Warlord's +1.
    let mut state = in_turn(&sc, &places, Stage::Attack);
    play(&mut state, Seat(0), Action::EndTurn, &[]);
    let events = play(&mut state, Seat(0), frenzy.clone(), &[15]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PowerRolled {
            die: 15,
            bonus: 1,
            success: true,
            ..
        }
    )));
    assert!(!events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    // Without the Warlord on the battlefield the bonus is gone.
    let mut state = in_turn(&sc, &[places[0], places[2]], Stage::Attack);
    play(&mut state, Seat(0), Action::EndTurn, &[]);
    let events = play(&mut state, Seat(0), frenzy, &[15]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PowerRolled {
            bonus: 0,
            success: false,
            ..
        }
    )));
}

#[test]
fn engagement_strike_wounds_a_figure_moving_next_to_arkmer() {
    let sc = scenario(field(8, 3, &[]), &["Syvarris (RotV)"], &["Arkmer"]);
    let mut state = in_turn(
        &sc,
        &[(1, Hex::new(0, 1), None), (2, Hex::new(4, 1), None)],
        Stage::Move,
    );
    let to = Hex::new(3, 1);
    let step = Action::Move {
        figure: 1,
        to,
        level: 1,
        tail: None,
    };
    let events = play(&mut state, Seat(0), step, &[13]);
    assert_eq!(rolled(&events), vec![(13, 13, true)]);
    assert_eq!(state.figure(1).unwrap().wounds, 1);
}

#[test]
fn the_drop_places_the_airborne_elite_apart_before_the_markers() {
    let sc = scenario(field(10, 6, &[]), &["Airborne Elite"], &["Syvarris (RotV)"]);
    let state = HeroScape::setup(&sc, &mut Dice::seeded(3)).unwrap();
    let (seats, decision) = asked(&state);
    let syv_id = count("Airborne Elite") + 1;
    assert_eq!(
        (seats, decision),
        (vec![Seat(1)], Decision::Place { figure: syv_id }),
        "the Airborne Elite are not placed at the start"
    );
    let mut state = state;
    let syv = Hex::new(9, 3);
    let s = state.figure_mut(syv_id).unwrap();
    s.hex = Some(syv);
    s.level = 1;
    state.phase = Phase::Markers;
    state.frames.as_mut().clear();
    state
        .frames
        .as_mut()
        .push(HsFrame::Markers { order: Vec::new() });
    let mut failed = state.clone();
    let mut events = Vec::new();
    triggered::start_of_round(&mut failed, &mut Dice::scripted([12]), &mut events);
    assert_eq!(rolled(&events), vec![(12, 13, false)]);
    assert!(matches!(asked(&failed).1, Decision::PlaceMarkers { .. }));

    let mut events = Vec::new();
    triggered::start_of_round(&mut state, &mut Dice::scripted([13]), &mut events);
    let (p, _) = power(&real("Airborne Elite"));
    for id in 1..syv_id {
        assert_eq!(
            asked(&state),
            (
                vec![Seat(0)],
                Decision::Deploy {
                    figure: id,
                    unit: 0,
                    power: p
                }
            )
        );
        let legal = HeroScape::legal_actions(&state, Seat(0));
        let f = state.figure(id).unwrap().clone();
        assert_eq!(legal.len(), deploy_spaces(&state, &f).len() + 1);
        let placed: Vec<Hex> = state
            .figures
            .iter()
            .filter(|g| g.on_field())
            .filter_map(|g| g.hex)
            .collect();
        for a in &legal {
            if let Action::Place { hex, .. } = a {
                assert!(
                    placed.iter().all(|p| p.distance(*hex) > 1),
                    "{hex} is next to a figure"
                );
            }
        }
        let first = legal[0].clone();
        play(&mut state, Seat(0), first, &[]);
    }
    assert!(state.figures.iter().all(|f| f.on_field()));
    assert!(matches!(asked(&state).1, Decision::PlaceMarkers { .. }));
}

#[test]
fn simultaneous_drops_go_in_the_order_of_a_d20_roll_off() {
    let sc = scenario(field(12, 8, &[]), &["Airborne Elite"], &["Airborne Elite"]);
    let mut state = HeroScape::setup(&sc, &mut Dice::seeded(3)).unwrap();
    state.phase = Phase::Markers;
    state.frames.as_mut().clear();
    state
        .frames
        .as_mut()
        .push(HsFrame::Markers { order: Vec::new() });
    let mut events = Vec::new();
    // The roll-off (West 5, East 17), then East's drop and West's.
    triggered::start_of_round(
        &mut state,
        &mut Dice::scripted([5, 17, 13, 14]),
        &mut events,
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::RollOff {
            purpose: RollFor::Powers,
            winner: Some(Seat(1)),
            ..
        }
    )));
    assert_eq!(rolled(&events), vec![(13, 13, true), (14, 13, true)]);
    assert_eq!(asked(&state).0, vec![Seat(1)]);
    for _ in 0..count("Airborne Elite") {
        let a = HeroScape::legal_actions(&state, Seat(1))[0].clone();
        play(&mut state, Seat(1), a, &[]);
    }
    assert_eq!(asked(&state).0, vec![Seat(0)], "West places next");
    play(&mut state, Seat(0), Action::DeclinePower, &[]);
    assert!(matches!(asked(&state).1, Decision::PlaceMarkers { .. }));
}

/// No two figures on a hex, wounds below life, markers only on their owner's cards.
fn sound(state: &State) -> Result<(), String> {
    let mut seen = std::collections::BTreeSet::new();
    for f in state.figures.iter().filter(|f| f.on_field()) {
        for h in f.hexes() {
            if !seen.insert(h) {
                return Err(format!("two figures on {h}"));
            }
        }
        if f.wounds >= state.card_of(f).life {
            return Err(format!("figure {} stands with {} wounds", f.id, f.wounds));
        }
        if f.owner != state.units[usize::from(f.unit)].owner {
            return Err(format!("figure {} and its card have two owners", f.id));
        }
    }
    for (i, p) in state.players.iter().enumerate() {
        for u in p.markers.on.iter().flatten() {
            if crate::game::powers::control::card_owner(state, *u) != Seat(i as u8) {
                return Err(format!("seat {} has a marker on another's card", i + 1));
            }
        }
    }
    Ok(())
}

#[test]
fn random_games_with_triggered_powers_conform() {
    let mut sc = scenario(
        Arc::new(crate::present::samples::tor()),
        &[
            "Ne-Gok-Sa",
            "Marro Warriors",
            "Grimnak",
            "Tarn Viking Warriors",
            "Aubrien Archers",
        ],
        &[
            "Airborne Elite",
            "\"Blink\" Dawson",
            "Brave Arrow",
            "Arkmer",
            "Kee-Mo-Shi",
            "Syvarris (RotV)",
        ],
    );
    sc.rounds = 4;
    let stats = conformance::random_playouts::<HeroScape>(&sc, 0..25, 4000, sound).unwrap();
    assert_eq!(stats.games, 25);
}

#[test]
fn the_greedy_bot_answers_every_power_and_the_powers_act() {
    let mut sc = scenario(
        Arc::new(crate::present::samples::tor()),
        &["Ne-Gok-Sa", "Marro Warriors", "Grimnak", "Aubrien Archers"],
        &[
            "Airborne Elite",
            "\"Blink\" Dawson",
            "Brave Arrow",
            "Arkmer",
        ],
    );
    sc.rounds = 6;
    let mut seen: BTreeMap<&'static str, usize> = BTreeMap::new();
    for seed in 0..6 {
        let mut game = skirmish_engine::Game::<HeroScape>::new(sc.clone(), seed).unwrap();
        for step in 0..3000u64 {
            let Pending::Decide { seats, .. } = game.pending() else {
                break;
            };
            let seat = seats[0];
            let legal = game.legal_actions(seat);
            let pick = crate::present::bots::choose(game.state(), seat, &legal, seed * 7919 + step)
                .cloned()
                .expect("the bot answers");
            for e in game.act(seat, pick).unwrap() {
                let kind = match e {
                    Event::PowerRolled { .. } => "rolled",
                    Event::PowerUsed { .. } => "used",
                    Event::Placed { .. } => "placed",
                    _ => continue,
                };
                *seen.entry(kind).or_default() += 1;
            }
        }
        assert!(game.is_over(), "seed {seed}: the game ends");
    }
    assert!(seen.get("rolled").is_some_and(|n| *n > 0), "{seen:?}");
    assert!(seen.get("used").is_some_and(|n| *n > 0), "{seen:?}");
}

#[test]
fn levels_of_the_test_field() {
    let f = field(3, 3, &[(1, 1)]);
    let level = |q, r| -> Level {
        f.column(Hex::new(q, r))
            .unwrap()
            .top_footing()
            .unwrap()
            .level
    };
    assert_eq!(
        (level(0, 0), level(1, 1)),
        (1, 1),
        "water's bed is level with the grass"
    );
}

/// Seat 1's turn with marker 1 about to start: its markers on `west` (X on `x`), seat 2's on its
/// first card.
fn before_turn_one(state: &mut State, x: u16) {
    state.players[0].markers.on = [Some(0), Some(0), Some(0), Some(x)];
    state.players[0].markers.revealed = [false; 4];
    state.phase = Phase::Turns {
        order: vec![Seat(0), Seat(1)],
        next: 0,
        turn: None,
    };
    let mut events = Vec::new();
    crate::game::play::next_turn(state, &mut Dice::scripted([]), &mut events);
}

#[test]
fn bonding_offers_a_turn_with_a_matching_figure_first() {
    let sc = scenario(
        field(10, 4, &[]),
        &["Arrow Gruts", "Kita the Springrunner"],
        &["Syvarris (RotV)"],
    );
    let kita = count("Arrow Gruts") + 1;
    let mut state = in_turn(
        &sc,
        &[
            (1, Hex::new(0, 0), None),
            (kita, Hex::new(0, 2), None),
            (kita + 1, Hex::new(9, 3), None),
        ],
        Stage::Move,
    );
    before_turn_one(&mut state, 0);
    let (seats, decision) = asked(&state);
    let Decision::UsePower { power, .. } = decision else {
        panic!("bonding is not asked: {decision:?}");
    };
    assert_eq!(seats, vec![Seat(0)]);
    let bond = Action::UsePower {
        figure: 1,
        power,
        target: Some(kita),
    };
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![bond.clone(), Action::DeclinePower]
    );
    let events = play(&mut state, Seat(0), bond, &[]);
    assert!(events.contains(&Event::BondedTurn {
        figure: kita,
        unit: 0
    }));
    let moving: Vec<u32> = HeroScape::legal_actions(&state, Seat(0))
        .iter()
        .filter_map(|a| match a {
            Action::Move { figure, .. } => Some(*figure),
            _ => None,
        })
        .collect();
    assert!(!moving.is_empty() && moving.iter().all(|f| *f == kita));
    // Nothing in range: the bonded turn ends with the moves.
    let events = play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert!(!events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    let turn = state.turn().unwrap();
    assert_eq!(
        (turn.unit, turn.stage),
        (0, Stage::Move),
        "then the gruts' own turn"
    );
    assert!(HeroScape::legal_actions(&state, Seat(0))
        .iter()
        .any(|a| matches!(a, Action::Move { figure: 1, .. })));
}

#[test]
fn a_bonded_figure_destroyed_in_its_turn_still_gives_the_bonding_card_its_turn() {
    let sc = scenario(
        field(10, 4, &[]),
        &["Arrow Gruts", "Kita the Springrunner"],
        &["Syvarris (RotV)"],
    );
    let kita = count("Arrow Gruts") + 1;
    let mut state = in_turn(
        &sc,
        &[
            (1, Hex::new(0, 0), None),
            (kita, Hex::new(0, 2), None),
            (kita + 1, Hex::new(9, 3), None),
        ],
        Stage::Move,
    );
    before_turn_one(&mut state, 0);
    let Decision::UsePower { power, .. } = asked(&state).1 else {
        panic!("bonding is not asked");
    };
    let bond = Action::UsePower {
        figure: 1,
        power,
        target: Some(kita),
    };
    play(&mut state, Seat(0), bond, &[]);
    assert_eq!(state.turn().unwrap().unit, 1, "Kita's bonded turn");
    // Kita falls in her own turn (as to a counter strike or a leaving-engagement die).
    let mut events = Vec::new();
    let life = state.card_of(state.figure(kita).unwrap()).life;
    crate::game::combat::wound(&mut state, kita, life, &mut events);
    crate::game::play::settle(&mut state, &mut Dice::scripted([]), &mut events);
    assert!(state.figure(kita).unwrap().destroyed);
    let turn = state.turn().expect("the turn goes on");
    assert_eq!(
        (turn.unit, turn.stage),
        (0, Stage::Move),
        "the gruts' own turn follows: {events:?}"
    );
}

#[test]
fn battle_ready_reveals_the_x_and_takes_the_numbered_marker() {
    let sc = scenario(
        field(10, 4, &[]),
        &["Tarn Viking Warriors", "Battle Copter"],
        &["Syvarris (RotV)"],
    );
    let copter = count("Tarn Viking Warriors") + 1;
    let mut state = in_turn(
        &sc,
        &[
            (1, Hex::new(0, 0), None),
            (copter, Hex::new(0, 2), None),
            (copter + 1, Hex::new(9, 3), None),
        ],
        Stage::Move,
    );
    before_turn_one(&mut state, 1);
    let (seats, decision) = asked(&state);
    assert_eq!(seats, vec![Seat(0)]);
    let Decision::UsePower { power, unit: 1, .. } = decision else {
        panic!("battle ready is not asked: {decision:?}");
    };
    let mut declined = state.clone();
    let events = play(
        &mut state,
        Seat(0),
        Action::UsePower {
            figure: copter,
            power,
            target: None,
        },
        &[],
    );
    assert!(events.contains(&Event::MarkerMoved {
        seat: Seat(0),
        marker: Marker::One,
        from: 0,
        to: 1
    }));
    assert!(events.contains(&Event::TurnStarted {
        seat: Seat(0),
        marker: Marker::One,
        unit: 1
    }));
    assert!(state.players[0].markers.revealed[Marker::X.index()]);
    let events = play(&mut declined, Seat(0), Action::DeclinePower, &[]);
    assert!(events.contains(&Event::TurnStarted {
        seat: Seat(0),
        marker: Marker::One,
        unit: 0
    }));
}

mod cards;
