//! Scenarios of the powers answering a targeting (`guard.rs`), with real cards and scripted
//! dice (1–3 skull, 4–5 shield, 6 blank; a 20-sided die's roll as is): *Master of Disguise*,
//! *Smoke Powder*.

use skirmish_board::hex::Hex;
use skirmish_engine::{Ruleset, Seat};

use crate::game::geometry;
use crate::game::powers::guard::Guarded;
use crate::game::powers::values::{attack_dice, defence_dice, AttackKind};
use crate::game::state::{Stage, State};
use crate::game::test_support::{battle_on, only_at, plain, rolled};
use crate::game::tests::play;
use crate::game::{Action, Event, HeroScape};
use crate::power::Outcome;

const SAMURAI: &str = "Izumi Samurai";
const CRIXUS: &str = "Crixus";
const FIA: &str = "Fia Bonny the Void Siren";
const NAKITA: &str = "Nakita Agents";
const WARRIORS: &str = "Marro Warriors";

fn at(q: i32, r: i32) -> Hex {
    Hex::new(q, r)
}

/// The dice of `a`'s normal attack on `d`: attack, defence.
fn normal_dice(state: &State, a: u32, d: u32) -> (usize, usize) {
    let (fa, fd) = (state.figure(a).unwrap(), state.figure(d).unwrap());
    (
        usize::from(attack_dice(state, fa, fd, AttackKind::Normal).value()),
        usize::from(defence_dice(state, fa, fd, AttackKind::Normal).value()),
    )
}

fn attack(figure: u32, target: u32) -> Action {
    Action::Attack { figure, target }
}

/// Whether `a` may attack `t` now.
fn may_attack(state: &State, a: u32, t: u32) -> bool {
    HeroScape::legal_actions(state, Seat(0)).contains(&attack(a, t))
}

/// The wounds the attack logged, if it was rolled.
fn attacked(events: &[Event]) -> Option<u16> {
    events.iter().find_map(|e| match e {
        Event::Attacked { wounds, .. } => Some(*wounds),
        _ => None,
    })
}

/// Whether a power called the attack of `a` off.
fn called_off(events: &[Event], a: u32) -> bool {
    events.iter().any(|e| {
        matches!(
            e,
            Event::PowerUsed {
                target: Some(t),
                outcome: Outcome::EndAttack,
                ..
            } if *t == a
        )
    })
}

#[test]
fn master_of_disguise_calls_off_a_squad_figures_attack_and_any_other_this_turn() {
    // "The first time each turn that Fia Bonny is targeted by a Squad figure with a normal or
    // special attack, you may roll the 20-sided die. If you roll a 13 or higher, Bonny cannot
    // be targeted by that attack or any other attack this turn."
    let sc = battle_on(plain(0, 6, 0, 3), &[SAMURAI], &[FIA]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (SAMURAI, 0, at(2, 1)),
            (SAMURAI, 1, at(2, 2)),
            (FIA, 0, at(3, 1)),
        ],
        Stage::Attack,
    );
    let [s0, s1, fia] = ids[..] else {
        panic!("three figures");
    };
    assert!(may_attack(&state, s1, fia));
    // the roll is made at once, before any combat die: 13 succeeds
    let events = play(&mut state, Seat(0), attack(s0, fia), &[13]);
    assert_eq!(rolled(&events), vec![(13, 13, true)]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Guard {
            what: Guarded::Untargetable { figure, .. }
        } if *figure == fia
    )));
    // the attack is spent without a die rolled, and she takes nothing
    assert!(called_off(&events, s0));
    assert_eq!(attacked(&events), None);
    assert_eq!(state.figure(fia).unwrap().wounds, 0);
    // the other Samurai, adjacent too, may not target her this turn
    assert!(!may_attack(&state, s1, fia));
    assert!(!may_attack(&state, s0, fia));
}

#[test]
fn master_of_disguise_failing_rolls_once_a_turn_and_only_for_squads() {
    let sc = battle_on(plain(0, 6, 0, 3), &[SAMURAI], &[FIA]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (SAMURAI, 0, at(2, 1)),
            (SAMURAI, 1, at(2, 2)),
            (FIA, 0, at(3, 1)),
        ],
        Stage::Attack,
    );
    let [s0, s1, fia] = ids[..] else {
        panic!("three figures");
    };
    // 12 fails: the attack goes on, its dice after the d20
    let (att, def) = normal_dice(&state, s0, fia);
    let mut dice = vec![12];
    dice.extend(vec![1; att]);
    dice.extend(vec![6; def]);
    let events = play(&mut state, Seat(0), attack(s0, fia), &dice);
    assert_eq!(rolled(&events), vec![(12, 13, false)]);
    assert!(!called_off(&events, s0));
    assert!(attacked(&events).is_some_and(|w| w > 0));
    // the second targeting of the turn by a Squad figure is not the first: no roll
    let (att, def) = normal_dice(&state, s1, fia);
    let mut dice = vec![6; att];
    dice.extend(vec![6; def]);
    let events = play(&mut state, Seat(0), attack(s1, fia), &dice);
    assert!(rolled(&events).is_empty());
    assert_eq!(attacked(&events), Some(0));

    // a hero targeting her is no Squad figure: no roll either
    let sc = battle_on(plain(0, 6, 0, 3), &[CRIXUS], &[FIA]);
    let (mut state, ids) = only_at(
        &sc,
        &[(CRIXUS, 0, at(2, 1)), (FIA, 0, at(3, 1))],
        Stage::Attack,
    );
    let [crixus, fia] = ids[..] else {
        panic!("two figures");
    };
    let (att, def) = normal_dice(&state, crixus, fia);
    let mut dice = vec![6; att];
    dice.extend(vec![6; def]);
    let events = play(&mut state, Seat(0), attack(crixus, fia), &dice);
    assert!(rolled(&events).is_empty());
    assert_eq!(attacked(&events), Some(0));
}

#[test]
fn smoke_powder_hides_the_agents_and_their_neighbours_from_afar_for_the_turn() {
    // "When any Nakita Agent you control, or any figure you control that is adjacent to any
    // Nakita agent you control, is targeted for a normal attack from a non-adjacent opponent,
    // you may roll the 20-sided die. If you roll a 13 or higher, all Nakita Agents you
    // control, and all figures you control that are adjacent to those Nakita Agents, no
    // longer have any visible hit zones for the duration of the targeting figure's turn."
    let sc = battle_on(plain(0, 6, 0, 3), &[WARRIORS], &[NAKITA, SAMURAI]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (WARRIORS, 0, at(1, 1)),
            (WARRIORS, 1, at(1, 2)),
            (NAKITA, 0, at(5, 1)),
            (NAKITA, 1, at(6, 3)),
            (SAMURAI, 0, at(5, 2)),
            (SAMURAI, 1, at(3, 0)),
        ],
        Stage::Attack,
    );
    let [w0, w1, agent, far_agent, beside, alone] = ids[..] else {
        panic!("six figures");
    };
    assert!(may_attack(&state, w1, agent) && may_attack(&state, w1, beside));
    // the Samurai beside an agent is targeted from afar: 13 succeeds
    let events = play(&mut state, Seat(0), attack(w0, beside), &[13]);
    assert_eq!(rolled(&events), vec![(13, 13, true)]);
    assert!(called_off(&events, w0));
    assert_eq!(attacked(&events), None);
    let Some(Event::Guard {
        what: Guarded::Smoked { figures, .. },
    }) = events.iter().find(|e| matches!(e, Event::Guard { .. }))
    else {
        panic!("the smoke is logged");
    };
    let mut hidden = figures.clone();
    hidden.sort_unstable();
    let mut want = vec![agent, far_agent, beside];
    want.sort_unstable();
    assert_eq!(hidden, want);
    // no hit zone shows any more: neither agent nor the Samurai beside one may be attacked,
    // the Samurai standing apart may
    let fw = state.figure(w1).unwrap();
    assert!(!geometry::can_see(&state, fw, state.figure(agent).unwrap()));
    assert!(!may_attack(&state, w1, agent));
    assert!(!may_attack(&state, w1, far_agent));
    assert!(!may_attack(&state, w1, beside));
    assert!(may_attack(&state, w1, alone));
}

#[test]
fn smoke_powder_failing_or_from_beside_lets_the_attack_on() {
    let sc = battle_on(plain(0, 6, 0, 3), &[WARRIORS], &[NAKITA, SAMURAI]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (WARRIORS, 0, at(1, 1)),
            (WARRIORS, 1, at(4, 1)),
            (NAKITA, 0, at(5, 1)),
            (SAMURAI, 1, at(3, 0)),
        ],
        Stage::Attack,
    );
    let [w0, w1, agent, alone] = ids[..] else {
        panic!("four figures");
    };
    // a figure neither an agent nor beside one: no roll
    let (att, def) = normal_dice(&state, w0, alone);
    let mut dice = vec![6; att];
    dice.extend(vec![6; def]);
    let events = play(&mut state, Seat(0), attack(w0, alone), &dice);
    assert!(rolled(&events).is_empty());
    // from beside the agent: no roll either
    let (att, def) = normal_dice(&state, w1, agent);
    let mut dice = vec![6; att];
    dice.extend(vec![6; def]);
    let events = play(&mut state, Seat(0), attack(w1, agent), &dice);
    assert!(rolled(&events).is_empty());
    assert_eq!(attacked(&events), Some(0));

    // from afar, 12 fails: the attack goes on
    let (mut state, ids) = only_at(
        &sc,
        &[(WARRIORS, 0, at(1, 1)), (NAKITA, 0, at(5, 1))],
        Stage::Attack,
    );
    let [w0, agent] = ids[..] else {
        panic!("two figures");
    };
    let (att, def) = normal_dice(&state, w0, agent);
    let mut dice = vec![12];
    dice.extend(vec![1; att]);
    dice.extend(vec![6; def]);
    let events = play(&mut state, Seat(0), attack(w0, agent), &dice);
    assert_eq!(rolled(&events), vec![(12, 13, false)]);
    assert!(attacked(&events).is_some_and(|w| w > 0));
    assert!(state.figure(agent).unwrap().destroyed);
}

const MIELKI: &str = "Mielki the Kyrie Warrior";
const XIAMARA: &str = "Xiamara the Kyrie Warrior";

/// The wounds an *Amulet of Paivatar* logged ignoring: ignored, left.
fn ignored(events: &[Event]) -> Option<(u16, u16)> {
    events.iter().find_map(|e| match e {
        Event::Guard {
            what: Guarded::WoundsIgnored { ignored, left, .. },
        } => Some((*ignored, *left)),
        _ => None,
    })
}

#[test]
fn amulet_of_paivatar_ignores_all_but_one_wound_or_every_wound_of_an_attack() {
    // "When a Kyrie you control who follows Ullar within 6 clear sight spaces of Xiamara the
    // Kyrie Warrior would receive 1 or more wounds, you may roll the 20-sided die. If you roll
    // an 8–16, ignore all but 1 wound. If you roll a 17 or higher, ignore all wounds. Amulet
    // of Paivatar does not affect Xiamara."
    let sc = battle_on(plain(0, 6, 0, 3), &[SAMURAI], &[MIELKI, XIAMARA]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (SAMURAI, 0, at(2, 1)),
            (SAMURAI, 1, at(2, 2)),
            (SAMURAI, 2, at(4, 2)),
            (MIELKI, 0, at(3, 1)),
            (XIAMARA, 0, at(5, 1)),
        ],
        Stage::Attack,
    );
    let [s0, s1, s2, mielki, xiamara] = ids[..] else {
        panic!("five figures");
    };
    let skulls = |state: &State, a: u32, d: u32, d20: Option<u8>| {
        let (att, def) = normal_dice(state, a, d);
        let mut dice = vec![1; att];
        dice.extend(vec![6; def]);
        dice.extend(d20);
        (dice, att)
    };
    // 8: all but one of the two wounds ignored
    let (dice, att) = skulls(&state, s0, mielki, Some(8));
    assert!(att >= 2);
    let events = play(&mut state, Seat(0), attack(s0, mielki), &dice);
    assert_eq!(rolled(&events), vec![(8, 8, true)]);
    let dealt = attacked(&events).expect("the attack is rolled");
    assert_eq!(ignored(&events), Some((dealt - 1, 1)));
    assert_eq!(state.figure(mielki).unwrap().wounds, 1);
    // 17: every wound ignored
    let (dice, _) = skulls(&state, s1, mielki, Some(17));
    let events = play(&mut state, Seat(0), attack(s1, mielki), &dice);
    assert_eq!(rolled(&events), vec![(17, 8, true)]);
    assert_eq!(state.figure(mielki).unwrap().wounds, 1);
    // Xiamara herself is not reached: no roll, every wound lands
    let (dice, _) = skulls(&state, s2, xiamara, None);
    let events = play(&mut state, Seat(0), attack(s2, xiamara), &dice);
    assert!(rolled(&events).is_empty());
    let dealt = attacked(&events).expect("the attack is rolled");
    assert_eq!(state.figure(xiamara).unwrap().wounds, dealt);
}

#[test]
fn amulet_of_paivatar_answers_a_leaving_engagement_attack_and_a_low_roll_fails() {
    let sc = battle_on(plain(0, 6, 0, 3), &[MIELKI, XIAMARA], &[SAMURAI]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (MIELKI, 0, at(3, 1)),
            (XIAMARA, 0, at(5, 1)),
            (SAMURAI, 0, at(2, 1)),
        ],
        Stage::Move,
    );
    let [mielki, _xiamara, _samurai] = ids[..] else {
        panic!("three figures");
    };
    let level = state.figure(mielki).unwrap().level;
    // Mielki leaves the Samurai: its die shows a skull, the amulet's 17 ignores the wound
    let leave = Action::Move {
        figure: mielki,
        to: at(4, 0),
        level,
        tail: None,
    };
    let events = play(&mut state, Seat(0), leave, &[1, 17]);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::LeftEngagement { .. })));
    assert_eq!(rolled(&events), vec![(17, 8, true)]);
    assert_eq!(ignored(&events), Some((1, 0)));
    assert_eq!(state.figure(mielki).unwrap().wounds, 0);

    // a 7 fails: the wound lands
    let (mut state, ids) = only_at(
        &sc,
        &[
            (MIELKI, 0, at(3, 1)),
            (XIAMARA, 0, at(5, 1)),
            (SAMURAI, 0, at(2, 1)),
        ],
        Stage::Move,
    );
    let mielki = ids[0];
    let leave = Action::Move {
        figure: mielki,
        to: at(4, 0),
        level,
        tail: None,
    };
    let events = play(&mut state, Seat(0), leave, &[1, 7]);
    assert_eq!(rolled(&events), vec![(7, 8, false)]);
    assert_eq!(ignored(&events), None);
    assert_eq!(state.figure(mielki).unwrap().wounds, 1);
}
