//! Special attacks that do more than roll at their targets, with the real cards and scripted
//! dice: the poison die (*Poison Sting*), attacks leaping from defender to neighbour (*Arcane
//! Bolt*, *Erupting Earth*), a volley of three figures (*Arrow Volley*), a fire line from the
//! targeted figure (*Burning Breath*), dice for the attacker's wounds (*Withering Breath*) and
//! the figures beside both the attacker and its target (*Sweeping Sword*).

use skirmish_board::hex::{Hex, HexDir};
use skirmish_engine::{Ruleset, Seat};

use super::{explain, shot, Aim, Line};
use crate::game::geometry;
use crate::game::state::{Stage, State};
use crate::game::test_support::{battle, battle_on, only_at, plain_raised};
use crate::game::tests::{play, BLANK, SHIELD, SKULL};
use crate::game::{Action, Event, HeroScape};

fn at(figure: u32, target: u32) -> Action {
    aimed(figure, target, None, &[])
}

fn aimed(figure: u32, target: u32, line: Option<Line>, also: &[u32]) -> Action {
    Action::SpecialAttack {
        figure,
        power: 0,
        target: Some(target),
        line,
        dice: None,
        also: also.to_vec(),
    }
}

fn legal(state: &State, action: &Action) -> bool {
    HeroScape::legal_actions(state, Seat(0)).contains(action)
}

fn any_special(state: &State) -> bool {
    HeroScape::legal_actions(state, Seat(0))
        .iter()
        .any(|a| matches!(a, Action::SpecialAttack { .. }))
}

/// The attack dice of each special attack among `events`, in order.
fn rolled(events: &[Event]) -> Vec<usize> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::SpecialAttacked { attack, .. } => Some(attack.len()),
            _ => None,
        })
        .collect()
}

fn venom_dice(events: &[Event]) -> Vec<u8> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::VenomRolled { die, .. } => Some(*die),
            _ => None,
        })
        .collect()
}

fn wounds(state: &State, id: u32) -> u16 {
    state.figure(id).unwrap().wounds
}

/// `n` dice showing `face`, then the rest.
fn dice(parts: &[(usize, u8)]) -> Vec<u8> {
    parts
        .iter()
        .flat_map(|(n, face)| std::iter::repeat_n(*face, *n))
        .collect()
}

#[test]
fn poison_sting_rolls_the_d20_again_while_it_adds_wounds() {
    let s = battle(&[1; 6], &["Sujoah"], &["Ne-Gok-Sa"]);
    let place = || {
        only_at(
            &s,
            &[
                ("Sujoah", 0, Hex::new(2, 0)),
                ("Ne-Gok-Sa", 0, Hex::new(3, 0)),
            ],
            Stage::Attack,
        )
    };
    // 2 skulls against 1 shield: a wound; 10 and 19 add one each and roll again, 9 stops.
    let (mut state, ids) = place();
    let (sujoah, negoksa) = (ids[0], ids[1]);
    let mut d = dice(&[(2, SKULL), (2, BLANK), (1, SHIELD), (5, BLANK)]);
    d.extend([10, 19, 9]);
    let events = play(&mut state, Seat(0), at(sujoah, negoksa), &d);
    assert_eq!(venom_dice(&events), vec![10, 19, 9]);
    assert_eq!(wounds(&state, negoksa), 3);
    // No wound: no poison die.
    let (mut state, _) = place();
    let d = dice(&[(2, SKULL), (2, BLANK), (2, SHIELD), (4, BLANK)]);
    let events = play(&mut state, Seat(0), at(sujoah, negoksa), &d);
    assert!(venom_dice(&events).is_empty());
    assert_eq!(wounds(&state, negoksa), 0);
    // A 20 destroys the defender (life 5) whatever its wounds.
    let (mut state, _) = place();
    let mut d = dice(&[(1, SKULL), (3, BLANK), (6, BLANK)]);
    d.push(20);
    let events = play(&mut state, Seat(0), at(sujoah, negoksa), &d);
    assert_eq!(venom_dice(&events), vec![20]);
    assert!(state.figure(negoksa).unwrap().destroyed);
}

#[test]
fn the_glyph_of_lodin_adds_to_the_poison_die() {
    let s = battle(&[1; 6], &["Sujoah"], &["Ne-Gok-Sa"]);
    let (mut state, ids) = only_at(
        &s,
        &[
            ("Sujoah", 0, Hex::new(2, 0)),
            ("Ne-Gok-Sa", 0, Hex::new(3, 0)),
        ],
        Stage::Attack,
    );
    // Sujoah stands on the glyph of Lodin, face up: West adds 1 to its 20-sided dice.
    state.glyphs.push(crate::game::state::GlyphState {
        spot: crate::battlefield::GlyphSpot {
            hex: Hex::new(2, 0),
            level: state.figure(ids[0]).unwrap().level,
            glyph: crate::battlefield::Glyph::Lodin,
            face_up: true,
        },
        face_up: true,
        gone: false,
    });
    // a wound, then 19 + 1: the defender is destroyed
    let mut d = dice(&[(1, SKULL), (3, BLANK), (6, BLANK)]);
    d.push(19);
    let events = play(&mut state, Seat(0), at(ids[0], ids[1]), &d);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::VenomRolled {
            die: 19,
            bonus: 1,
            destroys: true,
            ..
        }
    )));
    assert!(state.figure(ids[1]).unwrap().destroyed);
}

#[test]
fn arcane_bolt_leaps_to_a_neighbour_of_a_wounded_defender_at_any_range() {
    let s = battle_on(
        plain_raised(8, 3, &[]),
        &["Sharwin Wildborn"],
        &["Ne-Gok-Sa", "Marro Warriors"],
    );
    let place = || {
        only_at(
            &s,
            &[
                ("Sharwin Wildborn", 0, Hex::new(0, 0)),
                ("Ne-Gok-Sa", 0, Hex::new(5, 0)),
                ("Marro Warriors", 0, Hex::new(5, 1)),
                ("Marro Warriors", 1, Hex::new(0, 2)),
            ],
            Stage::Attack,
        )
    };
    let (mut state, ids) = place();
    let (sharwin, negoksa, far, near) = (ids[0], ids[1], ids[2], ids[3]);
    let see = |state: &State, t: u32| {
        geometry::can_see(
            state,
            state.figure(sharwin).unwrap(),
            state.figure(t).unwrap(),
        )
    };
    assert!(
        see(&state, far) && see(&state, near),
        "the scene needs sight"
    );
    // The first target within 5: Ne-Gok-Sa (5 spaces), not the Marro Warrior 6 spaces away.
    assert!(legal(&state, &at(sharwin, negoksa)));
    assert!(!legal(&state, &at(sharwin, far)));
    // 3 skulls against 1 shield: 2 wounds.
    let d = dice(&[(3, SKULL), (1, SHIELD), (5, BLANK)]);
    play(&mut state, Seat(0), at(sharwin, negoksa), &d);
    assert_eq!(wounds(&state, negoksa), 2);
    // Next: a figure that was adjacent to Ne-Gok-Sa, 6 spaces away; not the one beside
    // nobody, nor Ne-Gok-Sa again.
    assert!(legal(&state, &at(sharwin, far)));
    assert!(!legal(&state, &at(sharwin, near)));
    assert!(!legal(&state, &at(sharwin, negoksa)));
    let why = explain(&state, &at(sharwin, near)).unwrap_or_default();
    assert!(why.contains("adjacent"), "{why}");
    let d = dice(&[(1, SKULL), (2, BLANK), (3, BLANK)]);
    play(&mut state, Seat(0), at(sharwin, far), &d);
    assert!(state.figure(far).unwrap().destroyed);
    // Beside the Marro Warrior was only Ne-Gok-Sa, already attacked: the bolt stops.
    assert!(!any_special(&state));
    // A first attack that wounds nobody ends it.
    let (mut state, _) = place();
    let d = dice(&[(3, BLANK)]);
    play(&mut state, Seat(0), at(sharwin, negoksa), &d);
    assert!(!any_special(&state));
}

#[test]
fn erupting_earth_rolls_a_die_fewer_each_time_four_attacks_at_most() {
    let s = battle(
        &[1; 10],
        &["Xenithrax the Vinewaver"],
        &["Marro Warriors", "Ne-Gok-Sa"],
    );
    let (mut state, ids) = only_at(
        &s,
        &[
            ("Xenithrax the Vinewaver", 0, Hex::new(1, 0)),
            ("Marro Warriors", 0, Hex::new(3, 0)),
            ("Marro Warriors", 1, Hex::new(4, 0)),
            ("Marro Warriors", 2, Hex::new(5, 0)),
            ("Marro Warriors", 3, Hex::new(6, 0)),
            ("Ne-Gok-Sa", 0, Hex::new(7, 0)),
        ],
        Stage::Attack,
    );
    let x = ids[0];
    // Even attacks that roll no skull go on, 4, 3, 2 then 1 die.
    for (i, n) in [4usize, 3, 2, 1].into_iter().enumerate() {
        let events = play(&mut state, Seat(0), at(x, ids[1 + i]), &dice(&[(n, BLANK)]));
        assert_eq!(rolled(&events), vec![n]);
    }
    // Ne-Gok-Sa stood beside the last defender, but four attacks are all.
    assert!(!legal(&state, &at(x, ids[5])));
    assert!(!any_special(&state));
}

#[test]
fn arrow_volley_needs_three_unengaged_archers_together_on_one_level() {
    // Three archers in a column west, Ne-Gok-Sa east of them (5 or 6 spaces), a bump at (1, 1).
    let raised = [(Hex::new(1, 1), 2)];
    let s = battle_on(
        plain_raised(8, 4, &raised),
        &["Roman Archers"],
        &["Ne-Gok-Sa", "Marro Warriors"],
    );
    let archers = |third: Hex, marro: Hex| {
        only_at(
            &s,
            &[
                ("Roman Archers", 0, Hex::new(0, 0)),
                ("Roman Archers", 1, Hex::new(0, 1)),
                ("Roman Archers", 2, third),
                ("Ne-Gok-Sa", 0, Hex::new(5, 1)),
                ("Marro Warriors", 0, marro),
            ],
            Stage::Attack,
        )
    };
    let far = Hex::new(7, 3);
    let (mut state, ids) = archers(Hex::new(0, 2), far);
    let (a, b, c, ne) = (ids[0], ids[1], ids[2], ids[3]);
    let volley = aimed(a, ne, None, &[b, c]);
    assert!(legal(&state, &volley));
    // with one other only, no volley
    assert!(!legal(&state, &aimed(a, ne, None, &[b])));
    // one roll of 6 dice: 4 skulls against 2 shields, 2 wounds; all three have attacked
    let d = dice(&[(4, SKULL), (2, BLANK), (2, SHIELD), (4, BLANK)]);
    let events = play(&mut state, Seat(0), volley.clone(), &d);
    assert_eq!(rolled(&events), vec![6]);
    assert_eq!(wounds(&state, ne), 2);
    // the card's three figures on the battlefield have all attacked: its turn is over
    assert!(events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    // the third archer apart from the others
    let (state, _) = archers(Hex::new(3, 2), far);
    assert!(!legal(&state, &volley));
    let why = explain(&state, &volley).unwrap_or_default();
    assert!(why.contains("together"), "{why}");
    // the third archer beside the others but a level higher
    let (state, _) = archers(Hex::new(1, 1), far);
    assert!(!legal(&state, &volley));
    let why = explain(&state, &volley).unwrap_or_default();
    assert!(why.contains("same level"), "{why}");
    // the third archer engaged with a Marro Warrior
    let (state, _) = archers(Hex::new(0, 2), Hex::new(1, 2));
    assert!(!legal(&state, &volley));
    let why = explain(&state, &volley).unwrap_or_default();
    assert!(why.contains("engaged"), "{why}");
}

#[test]
fn burning_breath_adds_a_line_from_its_target() {
    let s = battle(&[1; 10], &["Moltenclaw"], &["Marro Warriors"]);
    let (mut state, ids) = only_at(
        &s,
        &[
            ("Moltenclaw", 0, Hex::new(1, 0)),
            ("Marro Warriors", 0, Hex::new(2, 0)),
            ("Marro Warriors", 1, Hex::new(4, 0)),
            ("Marro Warriors", 2, Hex::new(7, 0)),
        ],
        Stage::Attack,
    );
    let (molten, m0, m1) = (ids[0], ids[1], ids[2]);
    let east = |from| Line {
        from,
        dir: HexDir::E,
    };
    let affected = |state: &State, action: &Action| {
        shot(state, &Aim::of(action).unwrap())
            .map(|s| s.affected)
            .unwrap_or_default()
    };
    // Only the target without a line; with the 4 spaces east of it, the figures on them
    // (the fifth space's Marro Warrior is beyond).
    assert_eq!(affected(&state, &at(molten, m0)), vec![m0]);
    let breath = aimed(molten, m0, Some(east(Hex::new(2, 0))), &[]);
    assert!(legal(&state, &breath));
    assert_eq!(affected(&state, &breath), vec![m0, m1]);
    // a line that does not start from the target is refused
    let wrong = aimed(molten, m0, Some(east(Hex::new(3, 0))), &[]);
    assert!(!legal(&state, &wrong));
    let why = explain(&state, &wrong).unwrap_or_default();
    assert!(why.contains("targeted figure"), "{why}");
    // one roll for all, each defends
    let d = dice(&[(4, SKULL), (3, BLANK), (1, SHIELD), (2, BLANK)]);
    play(&mut state, Seat(0), breath, &d);
    assert!(state.figure(m0).unwrap().destroyed && state.figure(m1).unwrap().destroyed);
}

#[test]
fn withering_breath_rolls_a_die_more_per_wound_of_the_nuckelavee() {
    let s = battle(&[1; 8], &["Nuckelavee"], &["Marro Warriors"]);
    let (mut state, ids) = only_at(
        &s,
        &[
            ("Nuckelavee", 0, Hex::new(1, 0)),
            ("Marro Warriors", 0, Hex::new(3, 0)),
        ],
        Stage::Attack,
    );
    let breath = Action::SpecialAttack {
        figure: ids[0],
        power: 0,
        target: None,
        line: Some(Line {
            from: Hex::new(1, 0),
            dir: HexDir::E,
        }),
        dice: None,
        also: Vec::new(),
    };
    let dice_now = |state: &State| shot(state, &Aim::of(&breath).unwrap()).unwrap().attack;
    assert_eq!(dice_now(&state), 2);
    state.figure_mut(ids[0]).unwrap().wounds = 2;
    assert_eq!(dice_now(&state), 4);
    let events = play(&mut state, Seat(0), breath.clone(), &dice(&[(4, BLANK)]));
    assert_eq!(rolled(&events), vec![4]);
}

#[test]
fn sweeping_sword_affects_the_figures_beside_both_shurrak_and_its_target() {
    let s = battle_on(plain_raised(6, 3, &[]), &["Shurrak"], &["Marro Warriors"]);
    let (mut state, ids) = only_at(
        &s,
        &[
            ("Shurrak", 0, Hex::new(1, 1)),
            ("Marro Warriors", 0, Hex::new(2, 1)),
            ("Marro Warriors", 1, Hex::new(2, 0)),
            ("Marro Warriors", 2, Hex::new(3, 1)),
        ],
        Stage::Attack,
    );
    let (shurrak, m0, beside, behind) = (ids[0], ids[1], ids[2], ids[3]);
    let sweep = at(shurrak, m0);
    let affected = shot(&state, &Aim::of(&sweep).unwrap()).unwrap().affected;
    // the Marro Warrior beside the target only (east of it) is not affected
    assert_eq!(affected, vec![m0, beside]);
    let d = dice(&[(5, SKULL), (3, BLANK), (3, BLANK)]);
    play(&mut state, Seat(0), sweep, &d);
    assert!(state.figure(m0).unwrap().destroyed && state.figure(beside).unwrap().destroyed);
    assert!(!state.figure(behind).unwrap().destroyed);
}

#[test]
fn ullar_enhanced_rifle_shoots_small_or_medium_figures_that_roll_no_defence() {
    let s = battle(&[1; 10], &["Deadeye Dan"], &["Ne-Gok-Sa", "Grimnak"]);
    let (mut state, ids) = only_at(
        &s,
        &[
            ("Deadeye Dan", 0, Hex::new(0, 0)),
            ("Ne-Gok-Sa", 0, Hex::new(4, 0)),
            ("Grimnak", 0, Hex::new(8, 0)),
        ],
        Stage::Attack,
    );
    let (dan, ne, grimnak) = (ids[0], ids[1], ids[2]);
    // Grimnak is huge
    assert!(!legal(&state, &at(dan, grimnak)));
    // a skull and no defence dice at all (the script holds only the attack die)
    let events = play(&mut state, Seat(0), at(dan, ne), &[SKULL]);
    assert_eq!(rolled(&events), vec![1]);
    assert_eq!(wounds(&state, ne), 1);
    // not in a turn Deadeye Dan moved
    let (mut state, _) = only_at(
        &s,
        &[
            ("Deadeye Dan", 0, Hex::new(0, 0)),
            ("Ne-Gok-Sa", 0, Hex::new(4, 0)),
        ],
        Stage::Attack,
    );
    if let crate::game::Phase::Turns { turn: Some(t), .. } = &mut state.phase {
        t.moved.push(dan);
    }
    assert!(!legal(&state, &at(dan, ne)));
    let why = explain(&state, &at(dan, ne)).unwrap_or_default();
    assert!(why.contains("moved"), "{why}");
}

#[test]
fn ra_1a_guided_cannon_targets_figures_beside_ones_own_with_no_height_for_them() {
    // Ne-Gok-Sa two levels up, beside a Marro Warrior of Frizzt's army.
    let s = battle_on(
        plain_raised(8, 3, &[(Hex::new(6, 1), 3)]),
        &["Frizzt Galagan", "Marro Warriors"],
        &["Ne-Gok-Sa", "Izumi Samurai"],
    );
    let (mut state, ids) = only_at(
        &s,
        &[
            ("Frizzt Galagan", 0, Hex::new(0, 1)),
            ("Marro Warriors", 0, Hex::new(6, 2)),
            ("Ne-Gok-Sa", 0, Hex::new(6, 1)),
            ("Izumi Samurai", 0, Hex::new(3, 0)),
        ],
        Stage::Attack,
    );
    let (frizzt, ne, samurai) = (ids[0], ids[2], ids[3]);
    assert!(!legal(&state, &at(frizzt, samurai)));
    let why = explain(&state, &at(frizzt, samurai)).unwrap_or_default();
    assert!(why.contains("adjacent to a figure you control"), "{why}");
    // 2 skulls; Ne-Gok-Sa rolls its 6 dice, no height die (the script would run short)
    let d = dice(&[(2, SKULL), (6, BLANK)]);
    play(&mut state, Seat(0), at(frizzt, ne), &d);
    assert_eq!(wounds(&state, ne), 2);
}

#[test]
fn shuriken_rolls_three_dice_at_small_or_medium_figures_two_at_others() {
    let s = battle(&[1; 10], &["Shiori (SOTM)"], &["Ne-Gok-Sa", "Grimnak"]);
    let (mut state, ids) = only_at(
        &s,
        &[
            ("Shiori (SOTM)", 0, Hex::new(0, 0)),
            ("Ne-Gok-Sa", 0, Hex::new(3, 0)),
            ("Grimnak", 0, Hex::new(5, 0)),
        ],
        Stage::Attack,
    );
    let (shiori, ne, grimnak) = (ids[0], ids[1], ids[2]);
    let dice_at = |state: &State, t| {
        shot(state, &Aim::of(&at(shiori, t)).unwrap())
            .unwrap()
            .attack
    };
    assert_eq!(dice_at(&state, ne), 3);
    assert_eq!(dice_at(&state, grimnak), 2);
    let events = play(&mut state, Seat(0), at(shiori, ne), &dice(&[(3, BLANK)]));
    assert_eq!(rolled(&events), vec![3]);
}

fn normal(figure: u32, target: u32) -> Action {
    Action::Attack { figure, target }
}

fn any_attack(state: &State, figure: u32) -> bool {
    HeroScape::legal_actions(state, Seat(0))
        .iter()
        .any(|a| matches!(a, Action::Attack { figure: f, .. } if *f == figure))
}

#[test]
fn flailing_tentacles_attack_three_times_one_fewer_per_wound() {
    let s = battle_on(
        plain_raised(4, 3, &[]),
        &["Krakenling"],
        &["Marro Warriors"],
    );
    let place = || {
        only_at(
            &s,
            &[
                ("Krakenling", 0, Hex::new(1, 1)),
                ("Marro Warriors", 0, Hex::new(2, 1)),
                ("Marro Warriors", 1, Hex::new(0, 1)),
            ],
            Stage::Attack,
        )
    };
    // Unwounded: three attacks, the same figure again allowed.
    let (mut state, ids) = place();
    let (k, m0, m1) = (ids[0], ids[1], ids[2]);
    for t in [m0, m0, m1] {
        play(&mut state, Seat(0), normal(k, t), &dice(&[(7, BLANK)]));
    }
    assert!(!any_attack(&state, k));
    // One wound: two.
    let (mut state, _) = place();
    state.figure_mut(k).unwrap().wounds = 1;
    for t in [m0, m1] {
        play(&mut state, Seat(0), normal(k, t), &dice(&[(7, BLANK)]));
    }
    assert!(!any_attack(&state, k));
}

#[test]
fn feral_rage_attacks_up_to_twice_more_never_the_same_figure() {
    let s = battle_on(
        plain_raised(4, 3, &[]),
        &["Quasatch Hunters"],
        &["Marro Warriors"],
    );
    let (mut state, ids) = only_at(
        &s,
        &[
            ("Quasatch Hunters", 0, Hex::new(1, 1)),
            ("Marro Warriors", 0, Hex::new(2, 1)),
            ("Marro Warriors", 1, Hex::new(0, 1)),
            ("Marro Warriors", 2, Hex::new(1, 2)),
            ("Marro Warriors", 3, Hex::new(1, 0)),
        ],
        Stage::Attack,
    );
    let q = ids[0];
    play(&mut state, Seat(0), normal(q, ids[1]), &dice(&[(6, BLANK)]));
    assert!(!legal(&state, &normal(q, ids[1])));
    for t in [ids[2], ids[3]] {
        play(&mut state, Seat(0), normal(q, t), &dice(&[(6, BLANK)]));
    }
    // three attacks in all: the fourth Marro Warrior is left
    assert!(!legal(&state, &normal(q, ids[4])));
}

#[test]
fn personal_arsenal_makes_one_more_normal_attack_two_dice_weaker() {
    let s = battle_on(
        plain_raised(6, 3, &[]),
        &["Destro"],
        &["Ne-Gok-Sa", "Marro Warriors"],
    );
    let (mut state, ids) = only_at(
        &s,
        &[
            ("Destro", 0, Hex::new(0, 1)),
            ("Ne-Gok-Sa", 0, Hex::new(3, 1)),
            ("Marro Warriors", 0, Hex::new(3, 2)),
        ],
        Stage::Attack,
    );
    let (destro, ne, marro) = (ids[0], ids[1], ids[2]);
    let attack_dice = |events: &[Event]| {
        events
            .iter()
            .find_map(|e| match e {
                Event::Attacked { attack, .. } => Some(attack.len()),
                _ => None,
            })
            .unwrap()
    };
    // 4 dice, then 2 at another figure (or the same), then no more
    let events = play(
        &mut state,
        Seat(0),
        normal(destro, ne),
        &dice(&[(10, BLANK)]),
    );
    assert_eq!(attack_dice(&events), 4);
    assert!(legal(&state, &normal(destro, ne)));
    let events = play(
        &mut state,
        Seat(0),
        normal(destro, marro),
        &dice(&[(5, BLANK)]),
    );
    assert_eq!(attack_dice(&events), 2);
    assert!(!any_attack(&state, destro));
}

#[test]
fn combat_challenge_makes_adjacent_opponents_attack_tandros_kreel() {
    let s = battle_on(
        plain_raised(6, 3, &[]),
        &["Sujoah"],
        &["Tandros Kreel", "Ne-Gok-Sa"],
    );
    let place = |tandros: Hex| {
        only_at(
            &s,
            &[
                ("Sujoah", 0, Hex::new(2, 1)),
                ("Tandros Kreel", 0, tandros),
                ("Ne-Gok-Sa", 0, Hex::new(2, 2)),
            ],
            Stage::Attack,
        )
    };
    // Tandros beside Sujoah: Sujoah's normal and special attacks go at him only.
    let (state, ids) = place(Hex::new(3, 1));
    let (sujoah, tandros, ne) = (ids[0], ids[1], ids[2]);
    assert!(legal(&state, &normal(sujoah, tandros)));
    assert!(legal(&state, &at(sujoah, tandros)));
    assert!(!legal(&state, &normal(sujoah, ne)));
    assert!(!legal(&state, &at(sujoah, ne)));
    let why = explain(&state, &at(sujoah, ne)).unwrap_or_default();
    assert!(why.contains("Combat Challenge"), "{why}");
    // Tandros away: Ne-Gok-Sa may be attacked.
    let (state, _) = place(Hex::new(5, 0));
    assert!(legal(&state, &normal(sujoah, ne)));
    assert!(legal(&state, &at(sujoah, ne)));
}
