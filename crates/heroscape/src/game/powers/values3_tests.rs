//! Scenarios with real cards for *Lurking Ambush* (values from where Othkurik began his turn),
//! *Life Drain Spirit* (Misaerx's figure handing *Life Drain* to a Revna warrior) and *Spear
//! of Sankari* (Mielki heals a friend after a normal attack destroys a figure).

use std::sync::Arc;

use skirmish_board::hex::Hex;

use skirmish_engine::{Ruleset, Seat};

use super::super::tests::{land, play, BLANK, SHIELD, SKULL};
use super::super::*;
use super::values::{self, AttackKind, Tally, Why};
use super::values_tests::{only, resolve};
use crate::battlefield::{Battlefield, Builder, Ground, Material, Span};
use crate::game::test_support::{battle, battle_on, h, only_at, plain_raised, real};

const OTHKURIK: &str = "Othkurik The Black Dragon";
const MARRO: &str = "Marro Warriors";

fn by_power(t: &Tally, power: &str) -> i16 {
    t.changes
        .iter()
        .filter(|c| matches!(&c.why, Why::Power { power: p, .. } if p == power))
        .map(|c| c.by)
        .sum()
}

/// A strip of 8 hexes at level 1: hex 1 is shadow, hex 2 swamp water over the ground.
fn ambush_field() -> Arc<Battlefield> {
    let mut b = Builder::new("ambush");
    for q in 0..8 {
        let hex = h(q);
        if q == 1 {
            let shadow = Span {
                bottom: 0,
                top: 1,
                material: Material::Solid(Ground::Shadow),
            };
            b.span(hex, shadow, "shadow");
        } else {
            b.span(hex, land(1), format!("hex {q}"));
        }
        if q == 2 {
            let swamp = Span {
                bottom: 1,
                top: 2,
                material: Material::Liquid(Ground::SwampWater),
            };
            b.span(hex, swamp, "swamp water");
        }
    }
    b.start(h(0), 1, "west");
    b.start(h(7), 2, "east");
    Arc::new(b.build().expect("the ambush strip builds"))
}

/// Othkurik's move and Lurking Ambush's share of his attack against the marro.
fn ambush(state: &State, o: u32, m: u32) -> (u16, i16) {
    let (a, d) = (
        state.figure(o).unwrap().clone(),
        state.figure(m).unwrap().clone(),
    );
    (
        values::move_of(state, &a).value(),
        by_power(
            &values::attack_dice(state, &a, &d, AttackKind::Normal),
            "Lurking Ambush",
        ),
    )
}

#[test]
fn lurking_ambush_adds_move_and_attack_for_a_turn_begun_unengaged_on_shadow_or_swamp_water() {
    // "If Othkurik starts his turn unengaged and on at least one shadow or swamp water space,
    // for this turn add 1 to Othkurik's movement and 3 to his Attack value."
    let s = battle_on(ambush_field(), &[OTHKURIK], &[MARRO]);
    let card = real(OTHKURIK);
    // on grass: nothing
    let (state, ids) = only(&s, &[(OTHKURIK, 0, 0), (MARRO, 0, 6)]);
    assert_eq!(ambush(&state, ids[0], ids[1]), (card.move_, 0));
    // on swamp water, unengaged
    let (state, ids) = only(&s, &[(OTHKURIK, 0, 2), (MARRO, 0, 6)]);
    assert_eq!(ambush(&state, ids[0], ids[1]), (card.move_ + 1, 3));
    // on shadow but engaged when the turn began: nothing
    let (state, ids) = only(&s, &[(OTHKURIK, 0, 1), (MARRO, 0, 2)]);
    assert_eq!(ambush(&state, ids[0], ids[1]), (card.move_, 0));
    // on shadow, unengaged: he flies next to the marro and still attacks with 3 more dice
    let (mut state, ids) = only(&s, &[(OTHKURIK, 0, 1), (MARRO, 0, 6)]);
    let (o, m) = (ids[0], ids[1]);
    assert_eq!(ambush(&state, o, m), (card.move_ + 1, 3));
    state.figure_mut(o).unwrap().hex = Some(h(5));
    assert_eq!(ambush(&state, o, m), (card.move_ + 1, 3));
    let n = usize::from(card.attack + 3);
    let mut dice = vec![BLANK; n + usize::from(real(MARRO).defense)];
    dice[0] = SHIELD;
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: o,
            target: m,
        },
        &dice,
    );
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Attacked { attack, .. } if attack.len() == n)));
}

#[test]
fn life_drain_spirit_gives_life_drain_to_a_unique_revna_warrior_only() {
    // "When Misaerx the Kyrie Warrior is destroyed, place this figure on the Army Card of a
    // Unique Warrior that follows Revna. That Hero now has Life Drain."
    let misaerx = "Misaerx the Kyrie Warrior";
    let kilkorax = "Kilkorax the Kyrie Warrior";
    let mielki = "Mielki the Kyrie Warrior";
    let s = battle(&[1; 8], &[misaerx, kilkorax, mielki], &[MARRO]);
    let (mut state, ids) = only(
        &s,
        &[
            (misaerx, 0, 0),
            (MARRO, 0, 1),
            (kilkorax, 0, 2),
            (MARRO, 1, 3),
            (mielki, 0, 4),
        ],
    );
    let (x, m0, k, m1, mi) = (ids[0], ids[1], ids[2], ids[3], ids[4]);
    let k_unit = state.figure(k).unwrap().unit;
    let mut events = Vec::new();
    combat::wound(&mut state, x, real(misaerx).life, &mut events);
    assert!(state.figure(x).unwrap().destroyed);
    // Kilkorax (Revna) may hold it; Mielki (Ullar) may not
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![Action::PlaceSpirit { unit: k_unit }]
    );
    let placed = play(
        &mut state,
        Seat(0),
        Action::PlaceSpirit { unit: k_unit },
        &[],
    );
    assert!(placed.iter().any(|e| matches!(
        e,
        Event::SpiritPlaced { onto, .. } if *onto == k_unit
    )));
    assert!(state.frames.top().is_none());
    // Mielki, wounded, destroys a marro: no life drain for her
    state.figure_mut(mi).unwrap().wounds = 1;
    let sweep = |state: &State, a: u32, d: u32| {
        let (fa, fd) = (
            state.figure(a).unwrap().clone(),
            state.figure(d).unwrap().clone(),
        );
        let mut dice =
            vec![
                SKULL;
                usize::from(values::attack_dice(state, &fa, &fd, AttackKind::Normal).value())
            ];
        let def = values::defence_dice(state, &fa, &fd, AttackKind::Normal).value();
        dice.extend(vec![BLANK; usize::from(def)]);
        dice
    };
    let dice = sweep(&state, mi, m1);
    let events = resolve(&mut state, mi, m1, &dice);
    assert!(state.figure(m1).unwrap().destroyed);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::LifeDrained { .. })));
    assert_eq!(state.figure(mi).unwrap().wounds, 1);
    // Kilkorax, wounded, destroys the other one: a wound marker off his card
    state.figure_mut(k).unwrap().wounds = 2;
    let dice = sweep(&state, k, m0);
    let events = resolve(&mut state, k, m0, &dice);
    assert!(state.figure(m0).unwrap().destroyed);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::LifeDrained { figure } if *figure == k)));
    assert_eq!(state.figure(k).unwrap().wounds, 1);
}

#[test]
fn spear_of_sankari_heals_a_small_or_medium_friend_within_four_after_a_kill() {
    // "When Mielki destroys a figure with a normal attack, you may choose a Small or Medium
    // friendly figure within 4 clear sight spaces of Mielki. Remove a Wound Marker from the
    // chosen figure. Mielki cannot heal herself with Spear of Sankari..."
    let mielki = "Mielki the Kyrie Warrior";
    let drake = "Sgt. Drake Alexander (ROTV)";
    let syvarris = "Syvarris (RotV)";
    // Othkurik beside Mielki, Drake two spaces west, Syvarris five spaces south.
    let s = battle_on(
        plain_raised(10, 6, &[]),
        &[mielki, drake, OTHKURIK, syvarris],
        &[MARRO],
    );
    let places = [
        (mielki, 0, Hex::new(3, 0)),
        (MARRO, 0, Hex::new(4, 0)),
        (drake, 0, Hex::new(1, 0)),
        (OTHKURIK, 0, Hex::new(2, 1)),
        (syvarris, 0, Hex::new(3, 5)),
    ];
    let card = real(mielki);
    let spear = card
        .powers
        .iter()
        .position(|p| p.name == "Spear of Sankari")
        .and_then(|i| u8::try_from(i).ok())
        .expect("Mielki has Spear of Sankari");
    let attack = |state: &mut State, mi: u32, m: u32, hit: bool| {
        let (fa, fd) = (
            state.figure(mi).unwrap().clone(),
            state.figure(m).unwrap().clone(),
        );
        let n = values::attack_dice(state, &fa, &fd, AttackKind::Normal).value();
        let def = values::defence_dice(state, &fa, &fd, AttackKind::Normal).value();
        let mut dice = vec![if hit { SKULL } else { BLANK }; usize::from(n)];
        dice.extend(vec![BLANK; usize::from(def)]);
        play(
            state,
            Seat(0),
            Action::Attack {
                figure: mi,
                target: m,
            },
            &dice,
        )
    };
    // Everyone wounded, Mielki too; a miss offers nothing.
    let (mut state, ids) = only_at(&s, &places, Stage::Attack);
    let (mi, m, d, o, sy) = (ids[0], ids[1], ids[2], ids[3], ids[4]);
    for id in [mi, d, o, sy] {
        state.figure_mut(id).unwrap().wounds = 2;
    }
    attack(&mut state, mi, m, false);
    assert!(!state.figure(m).unwrap().destroyed);
    assert!(state.frames.top().is_none());
    // A kill: only Drake may be chosen (Othkurik is large, Syvarris 6 spaces away, Mielki
    // herself never), or the power declined.
    let (mut state, _) = only_at(&s, &places, Stage::Attack);
    for id in [mi, d, o, sy] {
        state.figure_mut(id).unwrap().wounds = 2;
    }
    attack(&mut state, mi, m, true);
    assert!(state.figure(m).unwrap().destroyed);
    let mut legal = HeroScape::legal_actions(&state, Seat(0));
    legal.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        legal,
        vec![
            Action::DeclinePower,
            Action::UsePower {
                figure: mi,
                power: spear,
                target: Some(d),
            },
        ]
    );
    let events = play(
        &mut state,
        Seat(0),
        Action::UsePower {
            figure: mi,
            power: spear,
            target: Some(d),
        },
        &[],
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PowerUsed { target: Some(t), outcome: crate::power::Outcome::HealTarget(1), .. } if *t == d
    )));
    let wounds: Vec<u16> = [mi, d, o, sy]
        .iter()
        .map(|id| state.figure(*id).unwrap().wounds)
        .collect();
    assert_eq!(wounds, vec![2, 1, 2, 2]);
    // With no wounded friend in reach, nothing is asked.
    let (mut state, _) = only_at(&s, &places, Stage::Attack);
    state.figure_mut(mi).unwrap().wounds = 2;
    state.figure_mut(o).unwrap().wounds = 2;
    attack(&mut state, mi, m, true);
    assert!(state.figure(m).unwrap().destroyed);
    assert!(state.frames.top().is_none());
}

/// The attack tally of `a` against `d`, and the defence tally of `d`.
fn tallies(state: &State, a: u32, d: u32) -> (Tally, Tally) {
    let (fa, fd) = (
        state.figure(a).unwrap().clone(),
        state.figure(d).unwrap().clone(),
    );
    (
        values::attack_dice(state, &fa, &fd, AttackKind::Normal),
        values::defence_dice(state, &fa, &fd, AttackKind::Normal),
    )
}

#[test]
fn mark_of_the_warlord_adds_two_dice_against_a_figure_next_to_any_marro_warlord() {
    // "When attacking a figure that is adjacent to any Marro Warlord, Grok Riders add 2 to
    // their attack dice." Ne-Gok-Sa is the opponent's here: any warlord counts.
    let grok = "Grok Riders";
    let s = battle(&[1; 8], &[grok], &[MARRO, "Ne-Gok-Sa"]);
    let (mut state, ids) = only(
        &s,
        &[
            (grok, 0, 2),
            (MARRO, 0, 3),
            ("Ne-Gok-Sa", 0, 4),
            (grok, 1, 5),
            (MARRO, 1, 6),
        ],
    );
    let (g0, m0, g1, m1) = (ids[0], ids[1], ids[3], ids[4]);
    let mark = |state: &State, a, d| by_power(&tallies(state, a, d).0, "Mark of the Warlord");
    assert_eq!(mark(&state, g0, m0), 2);
    assert_eq!(
        mark(&state, g1, m1),
        0,
        "the warlord is not next to this marro"
    );
    // played: the first rider rolls its printed dice and 2 more
    let n = usize::from(real(grok).attack + 2);
    assert_eq!(usize::from(tallies(&state, g0, m0).0.value()), n);
    let def = usize::from(tallies(&state, g0, m0).1.value());
    let mut dice = vec![BLANK; n + def];
    dice[0] = SHIELD;
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: g0,
            target: m0,
        },
        &dice,
    );
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Attacked { attack, .. } if attack.len() == n)));
}

#[test]
fn adjacent_tough_adds_a_shield_next_to_an_einar_figure_you_control() {
    // "When rolling defense dice for Hatamoto Taro, if Hatamoto Taro is adjacent to at least
    // one figure who follows Einar that you control, add one automatic shield to the defense
    // roll."
    let taro = "Hatamoto Taro";
    let izumi = "Izumi Samurai";
    let s = battle(&[1; 8], &[taro, izumi], &[MARRO, izumi]);
    let shields = |places: &[(&str, usize, i32)]| {
        let (state, ids) = only(&s, places);
        let defence = tallies(&state, ids[1], ids[0]).1;
        (defence.automatic(), by_power(&defence, "Adjacent Tough 1"))
    };
    // a samurai of his own beside him: one automatic shield
    assert_eq!(
        shields(&[(taro, 0, 2), (MARRO, 0, 3), (izumi, 0, 1)]),
        (1, 1)
    );
    // his own samurai away, the opponent's beside him: none
    assert_eq!(
        shields(&[(taro, 0, 2), (MARRO, 0, 3), (izumi, 0, 6), (izumi, 3, 1)]),
        (0, 0)
    );
    // played: the shield blocks the marro's only skull
    let (mut state, ids) = only(&s, &[(taro, 0, 2), (MARRO, 0, 3), (izumi, 0, 1)]);
    let (a, d) = tallies(&state, ids[1], ids[0]);
    let mut dice = vec![BLANK; usize::from(a.value() + d.value())];
    dice[0] = SKULL;
    let events = resolve(&mut state, ids[1], ids[0], &dice);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Attacked {
            skulls: 1,
            shields: 1,
            wounds: 0,
            ..
        }
    )));
    assert_eq!(state.figure(ids[0]).unwrap().wounds, 0);
}

/// A strip of 8 hexes: hex 1 water over the ground, hex 4 three levels high.
fn deep_field() -> Arc<Battlefield> {
    let mut b = Builder::new("deep");
    for q in 0..8 {
        b.span(h(q), land(if q == 4 { 3 } else { 1 }), format!("hex {q}"));
    }
    let water = Span {
        bottom: 1,
        top: 2,
        material: Material::Liquid(Ground::Water),
    };
    b.span(h(1), water, "water");
    b.start(h(0), 1, "west");
    b.start(h(7), 2, "east");
    Arc::new(b.build().expect("the deep strip builds"))
}

#[test]
fn defend_the_deep_adds_two_on_water_or_against_height_advantage_never_four() {
    // "Gelryie Vanguard adds 2 to its Defense Value when it is on a water space or when it
    // defends against an attack from a figure that has height advantage."
    let gelryie = "Gelryie Vanguards";
    let s = battle_on(deep_field(), &[gelryie], &[MARRO]);
    let deep = |g: i32, m: i32| {
        let (state, ids) = only(&s, &[(gelryie, 0, g), (MARRO, 0, m)]);
        by_power(&tallies(&state, ids[1], ids[0]).1, "DEFEND THE DEEP A")
    };
    assert_eq!(deep(2, 3), 0, "on grass, level with the marro");
    assert_eq!(deep(3, 4), 2, "the marro stands higher");
    assert_eq!(deep(1, 0), 2, "on water");
    assert_eq!(deep(1, 4), 2, "on water and the marro higher: one bonus");
}

#[test]
fn negative_element_leaves_a_fire_elemental_on_water_without_defence_dice() {
    // "A Fire Elemental can never roll defense dice while it is on a water space."
    let fire = "Fire Elemental";
    let s = battle_on(deep_field(), &[MARRO], &[fire]);
    let (state, ids) = only(&s, &[(MARRO, 0, 3), (fire, 0, 2)]);
    let defence = tallies(&state, ids[0], ids[1]).1;
    assert_eq!(defence.value(), real(fire).defense);
    assert_eq!(by_power(&defence, "Negative Element"), 0);
    // on water: no die, whatever the marro's attack
    let (mut state, ids) = only(&s, &[(MARRO, 0, 0), (fire, 0, 1)]);
    let (attack, defence) = tallies(&state, ids[0], ids[1]);
    assert_eq!(defence.value(), 0);
    assert!(by_power(&defence, "Negative Element") < 0);
    let mut dice = vec![BLANK; usize::from(attack.value())];
    dice[0] = SKULL;
    let events = resolve(&mut state, ids[0], ids[1], &dice);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Attacked { defence, wounds: 1, .. } if defence.is_empty())));
}

#[test]
fn intimidate_lowers_small_and_medium_defence_near_bok_against_your_captains_and_pirates() {
    // "Small and Medium figures within 3 clear sight spaces of Bok-Bur-Na reduce their
    // Defense Value by 1 when attacked by a Captain or Pirate you control."
    let bok = "Bok-Bur-Na";
    let izumi = "Izumi Samurai";
    let grok = "Grok Riders";
    let s = battle_on(plain_raised(8, 3, &[]), &[bok, MARRO], &[izumi, grok]);
    let (mut state, ids) = only_at(
        &s,
        &[
            (bok, 0, Hex::new(0, 0)),
            (izumi, 0, Hex::new(1, 0)),
            (grok, 0, Hex::new(0, 1)),
            (MARRO, 0, Hex::new(2, 0)),
            (izumi, 1, Hex::new(6, 0)),
        ],
        Stage::Attack,
    );
    let (b, i0, g, m, i1) = (ids[0], ids[1], ids[2], ids[3], ids[4]);
    let fear = |state: &State, a, d| by_power(&tallies(state, a, d).1, "Intimidate");
    // Bok (a captain) attacks a medium samurai beside him
    assert_eq!(fear(&state, b, i0), -1);
    // a marro warrior is neither captain nor pirate
    assert_eq!(fear(&state, m, i0), 0);
    // large figures and figures six spaces away are not reached
    assert_eq!(fear(&state, b, g), 0);
    assert_eq!(fear(&state, b, i1), 0);
    // played: the samurai rolls one die fewer than printed
    let (attack, defence) = tallies(&state, b, i0);
    let n = usize::from(real(izumi).defense - 1);
    assert_eq!(usize::from(defence.value()), n);
    let mut dice = vec![BLANK; usize::from(attack.value()) + n];
    dice[0] = SHIELD;
    let events = resolve(&mut state, b, i0, &dice);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Attacked { defence, .. } if defence.len() == n)));
}
