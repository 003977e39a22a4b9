//! The d20 powers that wound, heal, destroy or hinder ([`super::d20c`]) at play with the real
//! cards of the shared data, with scripted dice.

use skirmish_engine::{Pending, Ruleset, Seat};

use super::triggered;
use crate::game::state::{Phase, Stage};
use skirmish_board::hex::{Hex, HexDir};

use crate::game::powers::special::Line;
use crate::game::test_support::{battle, battle_on, h, only_at, plain, real, rolled};
use crate::game::tests::{play, BLANK, SKULL};
use crate::game::{Action, Decision, Event, HeroScape, State};

/// The place of the card's power named `name` among its powers.
fn power(card: &str, name: &str) -> u8 {
    let c = real(card);
    let (i, _) = triggered::triggered(&c)
        .find(|(i, _)| c.powers[usize::from(*i)].name == name)
        .unwrap_or_else(|| panic!("{card}'s {name} is not a triggered power"));
    i
}

fn standing(state: &State, id: u32) -> bool {
    state.figure(id).is_some_and(|f| f.on_field())
}

#[test]
fn sharpshooter_destroys_a_figure_out_of_reach_on_19_and_never_after_moving() {
    let sc = battle_on(
        plain(0, 8, 0, 2),
        &["Deadeye Dan"],
        &["Tarn Viking Warriors"],
    );
    let (state, ids) = only_at(
        &sc,
        &[
            ("Deadeye Dan", 0, Hex::new(0, 1)),
            ("Tarn Viking Warriors", 0, Hex::new(0, 0)),
            ("Tarn Viking Warriors", 1, Hex::new(6, 1)),
        ],
        Stage::Attack,
    );
    let (dan, near, far) = (ids[0], ids[1], ids[2]);
    let p = power("Deadeye Dan", "Sharpshooter");
    let shot = |target| Action::UsePower {
        figure: dan,
        power: p,
        target: Some(target),
    };
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal.contains(&shot(far)), "{legal:?}");
    assert!(
        !legal.contains(&shot(near)),
        "an adjacent figure cannot be chosen"
    );

    let mut missed = state.clone();
    let events = play(&mut missed, Seat(0), shot(far), &[18]);
    assert_eq!(rolled(&events), vec![(18, 19, false)]);
    assert!(standing(&missed, far), "1-18: missed");
    assert!(
        !HeroScape::legal_actions(&missed, Seat(0))
            .iter()
            .any(|a| matches!(a, Action::Attack { .. })),
        "instead of attacking"
    );

    let mut hit = state.clone();
    let events = play(&mut hit, Seat(0), shot(far), &[19]);
    assert_eq!(rolled(&events), vec![(19, 19, true)]);
    assert!(
        !standing(&hit, far),
        "19 or 20: the chosen figure is destroyed"
    );

    // Dan moved this turn: no Sharpshooter
    let mut moved = state.clone();
    if let Phase::Turns { turn: Some(t), .. } = &mut moved.phase {
        t.moved.push(dan);
    }
    assert!(!HeroScape::legal_actions(&moved, Seat(0))
        .iter()
        .any(|a| matches!(a, Action::UsePower { power, .. } if *power == p)));
}

fn wounds(state: &State, id: u32) -> u16 {
    state.figure(id).map_or(0, |f| f.wounds)
}

#[test]
fn searing_intensity_rolls_for_each_figure_next_to_any_fire_elemental_of_its_player() {
    // Two Fire Elemental cards: the active one at 2, the other at 4; Dan (West's own figure)
    // and a viking beside the first, a viking between both, one beside the second only.
    let sc = battle(
        &[1; 8],
        &["Fire Elemental", "Fire Elemental", "Deadeye Dan"],
        &["Tarn Viking Warriors"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Deadeye Dan", 0, h(1)),
            ("Fire Elemental", 0, h(2)),
            ("Tarn Viking Warriors", 0, h(3)),
            ("Fire Elemental", 1, h(4)),
            ("Tarn Viking Warriors", 1, h(5)),
        ],
        Stage::Move,
    );
    let (dan, between, beyond) = (ids[0], ids[2], ids[4]);
    // "you must roll": nobody is asked; one roll for each figure, the viking between both
    // elementals once, the elementals (Lava Resistant) never
    let events = play(&mut state, Seat(0), Action::EndMoves, &[14, 13, 20]);
    assert_eq!(
        rolled(&events),
        vec![(14, 14, true), (13, 14, false), (20, 14, true)]
    );
    assert_eq!(wounds(&state, dan), 1, "friend or foe");
    assert!(standing(&state, between) && wounds(&state, between) == 0);
    assert!(
        !standing(&state, beyond),
        "next to the other Fire Elemental card"
    );
    assert!(wounds(&state, ids[1]) == 0 && wounds(&state, ids[3]) == 0);
}

#[test]
fn helm_of_mitonsoul_destroys_each_figure_within_3_spaces_on_a_20() {
    let sc = battle_on(
        plain(0, 8, 0, 2),
        &["Runa", "Deadeye Dan"],
        &["Tarn Viking Warriors"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Runa", 0, Hex::new(3, 1)),
            ("Deadeye Dan", 0, Hex::new(1, 1)),
            ("Tarn Viking Warriors", 0, Hex::new(3, 0)),
            ("Tarn Viking Warriors", 1, Hex::new(6, 1)),
            ("Tarn Viking Warriors", 2, Hex::new(8, 1)),
        ],
        Stage::Move,
    );
    let (runa, dan, v0, v1, v2) = (ids[0], ids[1], ids[2], ids[3], ids[4]);
    let p = power("Runa", "Helm of Mitonsoul Aura");
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    match HeroScape::pending(&state) {
        Pending::Decide {
            decision: Decision::UsePower { power, .. },
            ..
        } => assert_eq!(power, p),
        other => panic!("Runa's helm is not offered: {other:?}"),
    }
    let helm = Action::UsePower {
        figure: runa,
        power: p,
        target: None,
    };
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![helm.clone(), Action::DeclinePower],
        "one use rolls for every figure around"
    );
    let mut declined = state.clone();
    play(&mut declined, Seat(0), Action::DeclinePower, &[]);
    assert!([dan, v0, v1].iter().all(|id| standing(&declined, *id)));
    // Dan, then the vikings 1 and 3 spaces away; not the one 5 away, never Runa
    let events = play(&mut state, Seat(0), helm, &[20, 19, 20]);
    assert_eq!(
        rolled(&events),
        vec![(20, 20, true), (19, 20, false), (20, 20, true)]
    );
    assert!(!standing(&state, dan), "her own figures too");
    assert!(standing(&state, v0));
    assert!(!standing(&state, v1));
    assert!(standing(&state, v2) && standing(&state, runa));
}

/// The power the game asks about, if it asks one.
fn offered(state: &State) -> Option<u8> {
    match HeroScape::pending(state) {
        Pending::Decide {
            decision: Decision::UsePower { power, .. },
            ..
        } => Some(power),
        _ => None,
    }
}

#[test]
fn utgars_cutlass_may_remove_a_wound_after_destroying_an_adjacent_figure() {
    let sc = battle(&[1; 8], &["Bok-Bur-Na"], &["Tarn Viking Warriors"]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Bok-Bur-Na", 0, h(1)),
            ("Tarn Viking Warriors", 0, h(2)),
            ("Tarn Viking Warriors", 1, h(4)),
        ],
        Stage::Attack,
    );
    let (bok, beside, apart) = (ids[0], ids[1], ids[2]);
    state.figure_mut(bok).unwrap().wounds = 2;
    let p = power("Bok-Bur-Na", "Utgar's Cutlass 14");
    let hits = [SKULL, SKULL, BLANK, BLANK, BLANK, BLANK];

    // a figure that was not adjacent: no Cutlass
    let mut far = state.clone();
    far.figure_mut(beside).unwrap().hex = None;
    play(
        &mut far,
        Seat(0),
        Action::Attack {
            figure: bok,
            target: apart,
        },
        &hits,
    );
    assert!(!standing(&far, apart));
    assert_eq!(offered(&far), None);

    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: bok,
            target: beside,
        },
        &hits,
    );
    assert!(!standing(&state, beside));
    assert_eq!(offered(&state), Some(p), "you may roll");
    let cutlass = Action::UsePower {
        figure: bok,
        power: p,
        target: None,
    };
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![cutlass.clone(), Action::DeclinePower]
    );
    let mut low = state.clone();
    let events = play(&mut low, Seat(0), cutlass.clone(), &[13]);
    assert_eq!(rolled(&events), vec![(13, 14, false)]);
    assert_eq!(wounds(&low, bok), 2);
    let events = play(&mut state, Seat(0), cutlass, &[14]);
    assert_eq!(rolled(&events), vec![(14, 14, true)]);
    assert_eq!(wounds(&state, bok), 1, "one wound marker removed");
}

#[test]
fn subsume_soul_removes_a_wound_for_the_first_figure_destroyed_in_a_turn_only() {
    let sc = battle(&[1; 8], &["Nuckelavee"], &["Tarn Viking Warriors"]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Nuckelavee", 0, h(1)),
            ("Tarn Viking Warriors", 0, h(2)),
            ("Tarn Viking Warriors", 1, h(0)),
        ],
        Stage::Attack,
    );
    let (nuck, v0, v1) = (ids[0], ids[1], ids[2]);
    state.figure_mut(nuck).unwrap().wounds = 2;
    let p = power("Nuckelavee", "SUBSUME SOUL");
    // Withering Breath along the line: 2 dice and one per wound, a special attack
    let breath = Action::SpecialAttack {
        figure: nuck,
        power: 0,
        target: None,
        line: Some(Line {
            from: h(1),
            dir: HexDir::E,
        }),
        dice: None,
        also: Vec::new(),
    };
    let events = play(
        &mut state,
        Seat(0),
        breath,
        &[SKULL, SKULL, SKULL, SKULL, BLANK, BLANK, BLANK, BLANK],
    );
    assert!(!standing(&state, v0), "{events:?}");
    assert_eq!(offered(&state), Some(p));
    let subsume = Action::UsePower {
        figure: nuck,
        power: p,
        target: None,
    };
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![subsume.clone(), Action::DeclinePower]
    );
    // a second figure destroyed in the turn (the other viking leaving the engagement, hit
    // by the Nuckelavee's leaving-engagement attack) is not a first time: no second question
    let mut declined = state.clone();
    let mut d = skirmish_dice::Dice::scripted([SKULL]);
    let mut events = Vec::new();
    crate::game::combat::leave_engagement(&mut declined, v1, nuck, &mut d, &mut events);
    assert!(!standing(&declined, v1), "{events:?}");
    play(&mut declined, Seat(0), Action::DeclinePower, &[]);
    assert_eq!(wounds(&declined, nuck), 2);
    assert_eq!(offered(&declined), None, "once a turn");
    play(&mut state, Seat(0), subsume, &[]);
    assert_eq!(wounds(&state, nuck), 1);
}

#[test]
fn renew_removes_a_wound_from_an_adjacent_wizard_or_beast_near_a_wizard_of_yours() {
    let sc = battle_on(
        plain(0, 8, 0, 2),
        &["Chana the Zenithwing", "Chardris", "Krug", "Deadeye Dan"],
        &["Tarn Viking Warriors"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Chana the Zenithwing", 0, Hex::new(3, 1)),
            ("Chardris", 0, Hex::new(5, 1)),
            ("Krug", 0, Hex::new(2, 1)),
            ("Deadeye Dan", 0, Hex::new(3, 0)),
        ],
        Stage::Attack,
    );
    let (chana, chardris, krug, dan) = (ids[0], ids[1], ids[2], ids[3]);
    for id in [chardris, krug, dan] {
        state.figure_mut(id).unwrap().wounds = 2;
    }
    let p = power("Chana the Zenithwing", "RENEW 12");
    let renew = |target| Action::UsePower {
        figure: chana,
        power: p,
        target: Some(target),
    };
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal.contains(&renew(krug)), "{legal:?}");
    assert!(
        !legal.contains(&renew(dan)),
        "a Sniper is no Wizard nor Beast"
    );
    assert!(!legal.contains(&renew(chardris)), "not adjacent");

    let mut failed = state.clone();
    let events = play(&mut failed, Seat(0), renew(krug), &[11]);
    assert_eq!(rolled(&events), vec![(11, 12, false)]);
    assert_eq!(wounds(&failed, krug), 2);
    let events = play(&mut state.clone(), Seat(0), renew(krug), &[12]);
    assert_eq!(rolled(&events), vec![(12, 12, true)]);
    let mut healed = state.clone();
    play(&mut healed, Seat(0), renew(krug), &[12]);
    assert_eq!(wounds(&healed, krug), 1);

    // no Wizard of West's within 5 clear sight spaces: no Renew
    let f = state.figure_mut(chardris).unwrap();
    f.destroyed = true;
    f.hex = None;
    assert!(!HeroScape::legal_actions(&state, Seat(0))
        .iter()
        .any(|a| matches!(a, Action::UsePower { power, .. } if *power == p)));
}

#[test]
fn poison_weapons_adds_a_wound_to_a_hero_wounded_by_a_drow_on_12() {
    let sc = battle(&[1; 8], &["Deepwyrm Drow"], &["Chardris", "Krug"]);
    let (state, ids) = only_at(
        &sc,
        &[
            ("Deepwyrm Drow", 0, h(1)),
            ("Chardris", 0, h(2)),
            ("Krug", 0, h(5)),
        ],
        Stage::Attack,
    );
    let (drow, chardris, krug) = (ids[0], ids[1], ids[2]);
    let attack = Action::Attack {
        figure: drow,
        target: chardris,
    };
    // 3 skulls, Chardris' 2 defence dice blank, then the poison die
    let mut weak = state.clone();
    let events = play(
        &mut weak,
        Seat(0),
        attack.clone(),
        &[SKULL, SKULL, SKULL, BLANK, BLANK, 11],
    );
    assert_eq!(rolled(&events), vec![(11, 12, false)]);
    assert_eq!(wounds(&weak, chardris), 3);
    let mut strong = state.clone();
    let events = play(
        &mut strong,
        Seat(0),
        attack,
        &[SKULL, SKULL, SKULL, BLANK, BLANK, 12],
    );
    assert_eq!(rolled(&events), vec![(12, 12, true)]);
    assert_eq!(wounds(&strong, chardris), 4, "1 additional wound");
    // no wound, no roll
    let mut blocked = state.clone();
    let events = play(
        &mut blocked,
        Seat(0),
        Action::Attack {
            figure: drow,
            target: chardris,
        },
        &[BLANK, BLANK, BLANK, BLANK, BLANK],
    );
    assert!(rolled(&events).is_empty());

    // a leaving-engagement attack that wounds poisons too
    let mut left = state.clone();
    let mut d = skirmish_dice::Dice::scripted([SKULL, 12]);
    let mut events = Vec::new();
    crate::game::combat::leave_engagement(&mut left, chardris, drow, &mut d, &mut events);
    assert!(d.script_error().is_none());
    assert_eq!(rolled(&events), vec![(12, 12, true)]);
    assert_eq!(wounds(&left, chardris), 2);

    // a huge hero is not poisoned: no roll
    let mut huge = state.clone();
    huge.figure_mut(krug).unwrap().hex = Some(h(3));
    huge.figure_mut(krug).unwrap().tail = Some(h(2));
    huge.figure_mut(chardris).unwrap().hex = Some(h(6));
    let events = play(
        &mut huge,
        Seat(0),
        Action::Attack {
            figure: drow,
            target: krug,
        },
        &[SKULL, SKULL, SKULL, BLANK, BLANK, BLANK],
    );
    assert!(rolled(&events).is_empty());
    assert_eq!(wounds(&huge, krug), 3);
}

/// West's first turn of the round about to start, East's markers as given; the events of its
/// start.
fn start_first_turn(state: &mut State, east: [Option<u16>; 4]) -> Vec<Event> {
    state.players[1].markers.on = east;
    state.players[1].markers.revealed = [false; 4];
    if let Phase::Turns { next, turn, .. } = &mut state.phase {
        *next = 0;
        *turn = None;
    }
    let mut events = Vec::new();
    crate::game::play::next_turn(
        state,
        &mut skirmish_dice::Dice::scripted(Vec::<u8>::new()),
        &mut events,
    );
    events
}

#[test]
fn crippling_gaze_removes_every_order_marker_from_the_chosen_figures_card_on_15() {
    let sc = battle(
        &[1; 8],
        &["D\u{fc}nd"],
        &["Tarn Viking Warriors", "Chardris"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("D\u{fc}nd", 0, h(1)),
            ("Tarn Viking Warriors", 0, h(4)),
            ("Chardris", 0, h(7)),
        ],
        Stage::Move,
    );
    let (dund, viking) = (ids[0], ids[1]);
    let p = power("D\u{fc}nd", "Crippling Gaze 15");
    start_first_turn(&mut state, [Some(1), Some(2), Some(1), Some(1)]);
    assert_eq!(offered(&state), Some(p), "before moving");
    let gaze = Action::UsePower {
        figure: dund,
        power: p,
        target: Some(viking),
    };
    let mut failed = state.clone();
    let events = play(&mut failed, Seat(0), gaze.clone(), &[14]);
    assert_eq!(rolled(&events), vec![(14, 15, false)]);
    assert_eq!(
        failed.players[1].markers.on,
        [Some(1), Some(2), Some(1), Some(1)]
    );
    let events = play(&mut state, Seat(0), gaze, &[15]);
    assert_eq!(rolled(&events), vec![(15, 15, true)]);
    assert_eq!(state.players[1].markers.on, [None, Some(2), None, None]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::MarkersRemoved {
            unit: 1,
            count: 3,
            ..
        }
    )));
}

#[test]
fn crippling_glance_removes_one_unrevealed_marker_chosen_by_the_die() {
    let sc = battle(
        &[1; 8],
        &["Agent Carr (TT)"],
        &["Tarn Viking Warriors", "Chardris"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Agent Carr (TT)", 0, h(1)),
            ("Tarn Viking Warriors", 0, h(4)),
            ("Chardris", 0, h(7)),
        ],
        Stage::Move,
    );
    let (carr, viking) = (ids[0], ids[1]);
    let p = power("Agent Carr (TT)", "CRIPPLING GLANCE 15");
    start_first_turn(&mut state, [Some(1), Some(2), Some(1), Some(1)]);
    assert_eq!(offered(&state), Some(p));
    let glance = Action::UsePower {
        figure: carr,
        power: p,
        target: Some(viking),
    };
    // the vikings' card holds markers 1, 3 and X: the die's second face takes the 3
    let events = play(&mut state, Seat(0), glance, &[15, 2]);
    assert_eq!(rolled(&events), vec![(15, 15, true)]);
    assert_eq!(
        state.players[1].markers.on,
        [Some(1), Some(2), None, Some(1)]
    );
    let removed: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::MarkersRemoved { .. }))
        .collect();
    assert_eq!(removed.len(), 1);
    // the log says how many went, never which
    let log = serde_json::to_string(&removed).unwrap();
    assert!(
        log.contains("\"count\":1") && !log.contains("marker\":"),
        "{log}"
    );
}

#[test]
fn cloud_of_darkness_leaves_estivara_unseen_on_her_space_until_her_next_reveal() {
    let sc = battle(&[1; 8], &["Estivara"], &["Deadeye Dan"]);
    let (mut state, ids) = only_at(
        &sc,
        &[("Estivara", 0, h(1)), ("Deadeye Dan", 0, h(5))],
        Stage::Attack,
    );
    let (estivara, dan) = (ids[0], ids[1]);
    let p = power("Estivara", "Cloud of Darkness");
    let sees = |s: &State| {
        crate::game::geometry::can_see(s, s.figure(dan).unwrap(), s.figure(estivara).unwrap())
    };
    assert!(sees(&state));
    play(&mut state, Seat(0), Action::EndTurn, &[]);
    assert_eq!(
        offered(&state),
        Some(p),
        "after taking a turn with Estivara"
    );
    let cloud = Action::UsePower {
        figure: estivara,
        power: p,
        target: None,
    };
    let mut failed = state.clone();
    let events = play(&mut failed, Seat(0), cloud.clone(), &[15]);
    assert_eq!(rolled(&events), vec![(15, 16, false)]);
    assert!(sees(&failed));
    let events = play(&mut state, Seat(0), cloud, &[16]);
    assert_eq!(rolled(&events), vec![(16, 16, true)]);
    assert!(events.contains(&Event::HitZoneHidden {
        figure: estivara,
        unit: 0,
        power: p
    }));
    assert!(!sees(&state), "no visible hit zone");
    // East's turn: Dan cannot shoot her
    let shoots = |s: &State| {
        let mut s = s.clone();
        if let Phase::Turns { turn: Some(t), .. } = &mut s.phase {
            assert_eq!(t.seat, Seat(1));
            t.stage = Stage::Attack;
        }
        HeroScape::legal_actions(&s, Seat(1))
            .iter()
            .any(|a| matches!(a, Action::Attack { target, .. } if *target == estivara))
    };
    assert!(shoots(&failed));
    assert!(!shoots(&state));
    // off that space she shows again
    let mut moved = state.clone();
    moved.figure_mut(estivara).unwrap().hex = Some(h(2));
    assert!(sees(&moved));
    // an order marker of East's revealed changes nothing, West's ends it
    super::markers::marker_revealed(&mut state, Seat(1));
    assert!(!sees(&state));
    super::markers::marker_revealed(&mut state, Seat(0));
    assert!(sees(&state));
}

#[test]
fn harrowing_presence_takes_3_off_a_roll_for_a_card_with_a_figure_within_3_spaces() {
    let sc = battle_on(
        plain(0, 9, 0, 2),
        &["Deadeye Dan"],
        &["Grave Grim", "Tarn Viking Warriors"],
    );
    let (state, ids) = only_at(
        &sc,
        &[
            ("Deadeye Dan", 0, Hex::new(0, 1)),
            ("Grave Grim", 0, Hex::new(3, 0)),
            ("Tarn Viking Warriors", 0, Hex::new(8, 1)),
        ],
        Stage::Attack,
    );
    let (dan, grim, viking) = (ids[0], ids[1], ids[2]);
    let shot = Action::UsePower {
        figure: dan,
        power: power("Deadeye Dan", "Sharpshooter"),
        target: Some(viking),
    };
    // 20 - 3 = 17: missed
    let mut near = state.clone();
    let events = play(&mut near, Seat(0), shot.clone(), &[20]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PowerRolled {
            die: 20,
            malus: 3,
            success: false,
            ..
        }
    )));
    assert!(standing(&near, viking));
    // the Grave Grim 4 spaces away: 20 hits
    let mut far = state.clone();
    far.figure_mut(grim).unwrap().hex = Some(Hex::new(4, 0));
    let events = play(&mut far, Seat(0), shot, &[20]);
    assert_eq!(rolled(&events), vec![(20, 19, true)]);
    assert!(!standing(&far, viking));
}
