//! Scenarios of the triggered powers and bondings read from more real cards: a bonding with
//! one of several kinds of heroes, a heal on a roll, defence caps, a roll once wounds are
//! inflicted.

use super::*;

/// Figures of an `Attacked` event: its defence dice and wounds.
fn defended(events: &[Event]) -> Vec<(usize, u16)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Attacked {
                defence, wounds, ..
            } => Some((defence.len(), *wounds)),
            _ => None,
        })
        .collect()
}

#[test]
fn villainous_bonding_offers_a_warlord_or_a_profiteer_hero() {
    let sc = scenario(
        field(10, 4, &[]),
        &[
            "COBRA Troopers",
            "COBRA Commander",
            "Destro",
            "Kita the Springrunner",
        ],
        &["Syvarris (RotV)"],
    );
    let commander = count("COBRA Troopers") + 1;
    let (destro, kita) = (commander + 1, commander + 2);
    let mut state = in_turn(
        &sc,
        &[
            (1, Hex::new(0, 0), None),
            (commander, Hex::new(0, 2), None),
            (destro, Hex::new(1, 3), None),
            (kita, Hex::new(0, 3), None),
            (kita + 1, Hex::new(9, 3), None),
        ],
        Stage::Move,
    );
    before_turn_one(&mut state, 0);
    let (_, decision) = asked(&state);
    let Decision::UsePower { power, .. } = decision else {
        panic!("bonding is not asked: {decision:?}");
    };
    let bond = |target| Action::UsePower {
        figure: 1,
        power,
        target: Some(target),
    };
    // Kita is neither a Warlord nor a Profiteer: not offered.
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![bond(commander), bond(destro), Action::DeclinePower]
    );
    let events = play(&mut state, Seat(0), bond(destro), &[]);
    assert!(events.contains(&Event::BondedTurn {
        figure: destro,
        unit: 0
    }));
    assert_eq!(state.turn().map(|t| t.unit), Some(2), "Destro's card moves");
}

#[test]
fn lay_on_hands_heals_a_wounded_friendly_hero_on_6() {
    let sc = scenario(
        field(6, 4, &[]),
        &["Rhogar Dragonspine", "Syvarris (RotV)", "Ne-Gok-Sa"],
        &["Brave Arrow"],
    );
    let mut state = in_turn(
        &sc,
        &[
            (1, Hex::new(2, 1), None),
            (2, Hex::new(1, 1), None),
            (3, Hex::new(3, 1), None),
            (4, Hex::new(2, 2), None),
        ],
        Stage::Move,
    );
    state.figure_mut(2).unwrap().wounds = 2;
    state.figure_mut(4).unwrap().wounds = 2;
    let (p, _) = power(&real("Rhogar Dragonspine"));
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    let heal = Action::UsePower {
        figure: 1,
        power: p,
        target: Some(2),
    };
    // Ne-Gok-Sa has no wound, Brave Arrow is an enemy: only Syvarris may be chosen.
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![heal.clone(), Action::DeclinePower]
    );
    let mut missed = state.clone();
    let events = play(&mut missed, Seat(0), heal.clone(), &[5]);
    assert_eq!(rolled(&events), vec![(5, 6, false)]);
    assert_eq!(missed.figure(2).unwrap().wounds, 2);
    let events = play(&mut state, Seat(0), heal, &[6]);
    assert_eq!(rolled(&events), vec![(6, 6, true)]);
    assert_eq!(state.figure(2).unwrap().wounds, 1);
    assert_eq!(state.figure(4).unwrap().wounds, 2);
}

#[test]
fn heart_finder_spear_leaves_one_defence_die_on_12() {
    let sc = scenario(field(6, 3, &[]), &["Vydar Queen Qhyrion"], &["Ne-Gok-Sa"]);
    let mut state = in_turn(
        &sc,
        &[(1, Hex::new(2, 1), None), (2, Hex::new(3, 1), None)],
        Stage::Attack,
    );
    let (p, _) = power(&real("Vydar Queen Qhyrion"));
    let spear = Action::UsePower {
        figure: 1,
        power: p,
        target: None,
    };
    let attack = Action::Attack {
        figure: 1,
        target: 2,
    };
    let skulls = vec![SKULL; usize::from(real("Vydar Queen Qhyrion").attack)];
    let mut missed = state.clone();
    let events = play(&mut missed, Seat(0), spear.clone(), &[11]);
    assert_eq!(rolled(&events), vec![(11, 12, false)]);
    let events = play(
        &mut missed,
        Seat(0),
        attack.clone(),
        &[skulls.clone(), vec![BLANK; 6]].concat(),
    );
    assert_eq!(defended(&events), vec![(6, 4)]);

    let events = play(&mut state, Seat(0), spear.clone(), &[12]);
    assert_eq!(rolled(&events), vec![(12, 12, true)]);
    assert!(
        !HeroScape::legal_actions(&state, Seat(0)).contains(&spear),
        "once before attacking"
    );
    let events = play(&mut state, Seat(0), attack, &[skulls, vec![BLANK]].concat());
    assert_eq!(
        defended(&events),
        vec![(1, 4)],
        "Ne-Gok-Sa's 6 dice held to 1"
    );
}

#[test]
fn net_trip_is_rolled_without_asking_and_holds_small_and_medium_figures() {
    let sc = scenario(field(6, 4, &[]), &["Retiarius"], &["Ne-Gok-Sa", "Grimnak"]);
    let start = in_turn(
        &sc,
        &[
            (1, Hex::new(2, 1), None),
            (2, Hex::new(3, 1), None),
            (3, Hex::new(2, 2), Some(Hex::new(1, 2))),
        ],
        Stage::Move,
    );
    let skulls = vec![SKULL; usize::from(real("Retiarius").attack)];
    let at = |target| Action::Attack { figure: 1, target };
    let mut missed = start.clone();
    let events = play(&mut missed, Seat(0), Action::EndMoves, &[13]);
    assert_eq!(rolled(&events), vec![(13, 14, false)]);
    let events = play(
        &mut missed,
        Seat(0),
        at(2),
        &[skulls.clone(), vec![BLANK; 6]].concat(),
    );
    assert_eq!(defended(&events)[0].0, 6);

    let mut tripped = start.clone();
    let events = play(&mut tripped, Seat(0), Action::EndMoves, &[14]);
    assert_eq!(rolled(&events), vec![(14, 14, true)]);
    assert!(
        !matches!(
            HeroScape::pending(&tripped),
            Pending::Decide {
                decision: Decision::UsePower { .. },
                ..
            }
        ),
        "the card rolls without asking"
    );
    let mut huge = tripped.clone();
    let events = play(
        &mut tripped,
        Seat(0),
        at(2),
        &[skulls.clone(), vec![BLANK]].concat(),
    );
    assert_eq!(defended(&events)[0].0, 1, "a medium figure rolls one die");
    let events = play(
        &mut huge,
        Seat(0),
        at(3),
        &[skulls, vec![BLANK; 4]].concat(),
    );
    assert_eq!(defended(&events)[0].0, 4, "a huge figure keeps its dice");
}

#[test]
fn coil_crush_destroys_on_15_after_two_wounds() {
    let sc = scenario(field(6, 4, &[]), &["Wo-Sa-Ga"], &["Ne-Gok-Sa"]);
    let state = in_turn(
        &sc,
        &[
            (1, Hex::new(2, 1), Some(Hex::new(2, 2))),
            (2, Hex::new(3, 1), None),
        ],
        Stage::Attack,
    );
    let attack = Action::Attack {
        figure: 1,
        target: 2,
    };
    let n = usize::from(real("Wo-Sa-Ga").attack);
    let hits = |k: usize| {
        [
            vec![SKULL; k],
            vec![BLANK; n - k],
            vec![BLANK; usize::from(real("Ne-Gok-Sa").defense)],
        ]
        .concat()
    };
    let mut one = state.clone();
    let events = play(&mut one, Seat(0), attack.clone(), &hits(1));
    assert!(rolled(&events).is_empty(), "one wound: no roll");
    let mut missed = state.clone();
    let events = play(
        &mut missed,
        Seat(0),
        attack.clone(),
        &[hits(2), vec![14]].concat(),
    );
    assert_eq!(rolled(&events), vec![(14, 15, false)]);
    assert_eq!(missed.figure(2).unwrap().wounds, 2);
    assert!(!missed.figure(2).unwrap().destroyed);
    let mut crushed = state;
    let events = play(&mut crushed, Seat(0), attack, &[hits(2), vec![15]].concat());
    assert_eq!(rolled(&events), vec![(15, 15, true)]);
    assert!(events.contains(&Event::Destroyed { figure: 2 }));
}

#[test]
fn toxic_skin_rolls_for_each_adjacent_figure_at_the_turn_end_but_soulborgs() {
    let sc = scenario(
        field(6, 4, &[]),
        &["Kee-Mo-Shi", "Ne-Gok-Sa"],
        &["Syvarris (RotV)", "Omnicron Snipers"],
    );
    // Kee-Mo-Shi (1) between her own Ne-Gok-Sa (2), Syvarris (3) and a soulborg sniper (4).
    let mut state = in_turn(
        &sc,
        &[
            (1, Hex::new(2, 1), None),
            (2, Hex::new(2, 2), None),
            (3, Hex::new(3, 1), None),
            (4, Hex::new(1, 1), None),
        ],
        Stage::Attack,
    );
    let events = play(&mut state, Seat(0), Action::EndTurn, &[17, 16]);
    assert_eq!(rolled(&events), vec![(17, 17, true), (16, 17, false)]);
    assert_eq!(state.figure(2).unwrap().wounds, 1, "friends are not spared");
    assert_eq!(state.figure(3).unwrap().wounds, 0);
    assert!(
        !state.figure(4).unwrap().destroyed,
        "no roll for a soulborg"
    );
    assert!(events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
}

#[test]
fn hivelord_life_bonding_lets_the_bonded_hivelord_destroy_an_adjacent_nagrub_to_heal() {
    let sc = scenario(
        field(10, 4, &[]),
        &["Marrden Nagrubs", "Wo-Sa-Ga"],
        &["Syvarris (RotV)"],
    );
    let hivelord = count("Marrden Nagrubs") + 1;
    let mut state = in_turn(
        &sc,
        &[
            (1, Hex::new(1, 1), None),
            (2, Hex::new(5, 3), None),
            (hivelord, Hex::new(2, 1), Some(Hex::new(3, 1))),
            (hivelord + 1, Hex::new(9, 3), None),
        ],
        Stage::Move,
    );
    state.figure_mut(hivelord).unwrap().wounds = 2;
    before_turn_one(&mut state, 0);
    let (_, decision) = asked(&state);
    let Decision::UsePower { power, .. } = decision else {
        panic!("bonding is not asked: {decision:?}");
    };
    let bond = Action::UsePower {
        figure: 1,
        power,
        target: Some(hivelord),
    };
    play(&mut state, Seat(0), bond, &[]);
    assert_eq!(
        asked(&state),
        (
            vec![Seat(0)],
            Decision::UsePower {
                figure: hivelord,
                unit: 0,
                power
            }
        ),
        "the hivelord's turn starts with the question"
    );
    // Only the nagrub next to Wo-Sa-Ga may be destroyed.
    let sacrifice = Action::UsePower {
        figure: hivelord,
        power,
        target: Some(1),
    };
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![sacrifice.clone(), Action::DeclinePower]
    );
    let mut declined = state.clone();
    play(&mut declined, Seat(0), Action::DeclinePower, &[]);
    assert_eq!(declined.figure(hivelord).unwrap().wounds, 2);
    assert!(!declined.figure(1).unwrap().destroyed);
    let events = play(&mut state, Seat(0), sacrifice, &[]);
    assert!(events.contains(&Event::Destroyed { figure: 1 }));
    assert_eq!(state.figure(hivelord).unwrap().wounds, 1);
    assert!(HeroScape::legal_actions(&state, Seat(0))
        .iter()
        .any(|a| matches!(a, Action::Move { figure, .. } if *figure == hivelord)));
}
