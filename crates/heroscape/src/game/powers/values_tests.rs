//! Scenarios with real cards for the powers that change values and dice: *Assassinate*
//! (an enemy standing alone), *Maul* and *Venomous Sting* (a skull on every die), *Hypnosis*
//! (the defence lowered per skull), *Evil Eye Protection* (excess shields against attacks
//! from afar), *Lumbering Bully*, *Headbutt*, *Combined Arbalest* and *Orc Archer
//! Enhancement*.

use skirmish_board::hex::Hex;
use skirmish_dice::Dice;
use skirmish_engine::Seat;
use skirmish_lang::Lang;

use super::super::tests::{play, strip, BLANK, SHIELD, SKULL};
use super::super::*;
use super::values::{self, AttackKind, Tally, Why};
use crate::game::test_support::{fig, h, real};

/// West (seat 1, whose turn it is with its first card) against East on a flat strip.
fn battle(len: usize, west: &[&str], east: &[&str]) -> Scenario {
    let army = |names: &[&str]| names.iter().map(|n| real(n)).collect();
    Scenario {
        battlefield: strip(&vec![1; len]),
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

/// The turn's state with only the listed figures on the battlefield.
pub(super) fn only(s: &Scenario, places: &[(&str, usize, i32)]) -> (State, Vec<u32>) {
    let at: Vec<(&str, usize, Hex)> = places.iter().map(|&(n, i, q)| (n, i, h(q))).collect();
    crate::game::test_support::only_at(s, &at, Stage::Attack)
}

fn tallies(state: &State, a: u32, d: u32) -> (Tally, Tally) {
    let (a, d) = (
        state.figure(a).unwrap().clone(),
        state.figure(d).unwrap().clone(),
    );
    (
        values::attack_dice(state, &a, &d, AttackKind::Normal),
        values::defence_dice(state, &a, &d, AttackKind::Normal),
    )
}

fn by_power(t: &Tally, power: &str) -> i16 {
    t.changes
        .iter()
        .filter(|c| matches!(&c.why, Why::Power { power: p, .. } if p == power))
        .map(|c| c.by)
        .sum()
}

/// Resolves a normal attack with scripted dice, whoever's turn it is.
pub(super) fn resolve(state: &mut State, a: u32, t: u32, dice: &[u8]) -> Vec<Event> {
    let mut d = Dice::scripted(dice.iter().copied());
    let mut events = Vec::new();
    combat::resolve(state, a, t, AttackKind::Normal, &mut d, &mut events);
    assert!(d.script_error().is_none(), "{:?}", d.script_error());
    events
}

fn attacked(events: &[Event]) -> (Vec<combat::Face>, Tally, u16) {
    events
        .iter()
        .find_map(|e| match e {
            Event::Attacked {
                defence,
                defence_dice,
                wounds,
                ..
            } => {
                assert_eq!(defence.len(), usize::from(defence_dice.value()));
                Some((defence.clone(), defence_dice.clone(), *wounds))
            }
            _ => None,
        })
        .expect("an attack")
}

fn power_wounds(events: &[Event], figure: u32) -> Option<(u16, String)> {
    events.iter().find_map(|e| match e {
        Event::PowerWounded {
            figure: f,
            wounds,
            why: Why::Power { power, .. },
        } if *f == figure => Some((*wounds, power.clone())),
        _ => None,
    })
}

#[test]
fn assassinate_adds_two_against_an_enemy_no_other_enemy_is_adjacent_to() {
    // "Snake Eyes adds 2 to his Attack Value when attacking an enemy figure that is not
    // adjacent to any other enemy figures."
    let s = battle(6, &["Snake Eyes"], &["Marro Warriors"]);
    let (mut state, ids) = only(
        &s,
        &[
            ("Snake Eyes", 0, 0),
            ("Marro Warriors", 0, 1),
            ("Marro Warriors", 1, 4),
        ],
    );
    let (snake, m0, m1) = (ids[0], ids[1], ids[2]);
    let (attack, _) = tallies(&state, snake, m0);
    assert_eq!(attack.value(), 4 + 2);
    assert_eq!(by_power(&attack, "ASSASSINATE 2"), 2);
    // played: 6 dice rolled, 3 skulls against 3 blank defence dice destroy the warrior
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: snake,
            target: m0,
        },
        &[
            SKULL, SKULL, SKULL, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK,
        ],
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Attacked { attack, .. } if attack.len() == 6
    )));
    // another enemy adjacent to the target: the printed 4
    let (state, _) = only(
        &s,
        &[
            ("Snake Eyes", 0, 0),
            ("Marro Warriors", 0, 1),
            ("Marro Warriors", 1, 2),
        ],
    );
    assert_eq!(tallies(&state, snake, m0).0.value(), 4);
    assert_eq!(m1, fig(&state, "Marro Warriors", 1));
    // a friend of Snake Eyes next to the target is no enemy of his
    let s = battle(6, &["Snake Eyes", "Agent Carr (RotV)"], &["Marro Warriors"]);
    let (state, ids) = only(
        &s,
        &[
            ("Snake Eyes", 0, 0),
            ("Marro Warriors", 0, 1),
            ("Agent Carr (RotV)", 0, 2),
        ],
    );
    assert_eq!(tallies(&state, ids[0], ids[1]).0.value(), 6);
}

#[test]
fn maul_wounds_for_every_skull_without_defence_dice_against_small_and_medium_figures() {
    // "When rolling attack dice against a small or medium figure, if a Deathstalker rolls a
    // skull on every die, the defending figure receives a wound for every skull, and cannot
    // roll any defense dice."
    let s = battle(6, &["Deathstalkers"], &["Agent Carr (RotV)", "Torin"]);
    let (mut state, ids) = only(&s, &[("Deathstalkers", 0, 0), ("Agent Carr (RotV)", 0, 1)]);
    let (ds, carr) = (ids[0], ids[1]);
    // 3 skulls of 3 dice: no defence dice (Carr's 4 would have been rolled), 3 wounds
    let events = resolve(&mut state, ds, carr, &[SKULL, SKULL, SKULL]);
    let (defence, tally, wounds) = attacked(&events);
    assert!(defence.is_empty());
    assert_eq!((tally.printed, by_power(&tally, "Maul")), (4, -4));
    assert_eq!(wounds, 3);
    assert_eq!(state.figure(carr).unwrap().wounds, 3);
    let en = crate::present::text::event_text(
        &state,
        events
            .iter()
            .find(|e| matches!(e, Event::Attacked { .. }))
            .unwrap(),
        skirmish_engine::Viewer::Omniscient,
        Lang::En,
    );
    assert!(en.contains("Maul"), "{en}");
    // one die short of all skulls: the defence rolls its 4 dice
    let (mut state, _) = only(&s, &[("Deathstalkers", 0, 0), ("Agent Carr (RotV)", 0, 1)]);
    let events = resolve(
        &mut state,
        ds,
        carr,
        &[SKULL, SKULL, BLANK, SHIELD, BLANK, BLANK, BLANK],
    );
    let (defence, _, wounds) = attacked(&events);
    assert_eq!((defence.len(), wounds), (4, 1));
    // a large figure defends normally even against all skulls
    let (mut state, ids) = only(&s, &[("Deathstalkers", 0, 0), ("Torin", 0, 1)]);
    let events = resolve(
        &mut state,
        ds,
        ids[1],
        &[SKULL, SKULL, SKULL, SHIELD, SHIELD, SHIELD, BLANK],
    );
    assert_eq!(attacked(&events).2, 0);
}

#[test]
fn venomous_sting_leaves_the_defence_no_dice_after_all_skulls() {
    // "When rolling attack dice, if this Wyvern rolls a skull on every die, the defending
    // figure can not roll defense dice."
    let s = battle(6, &["Wyvern"], &["Torin"]);
    let (mut state, ids) = only(&s, &[("Wyvern", 0, 0), ("Torin", 0, 1)]);
    let events = resolve(&mut state, ids[0], ids[1], &[SKULL; 4]);
    let (defence, _, wounds) = attacked(&events);
    assert!(defence.is_empty());
    assert_eq!(wounds, 4);
}

#[test]
fn hypnosis_lowers_the_defence_by_the_skulls_rolled() {
    // "When a Ranoc Viper attacks an adjacent figure, the defender reduces its Defense Value
    // by 1 for each skull in the attacking Viper's roll."
    let s = battle(6, &["Ranoc Vipers"], &["Agent Carr (RotV)"]);
    let (mut state, ids) = only(&s, &[("Ranoc Vipers", 0, 0), ("Agent Carr (RotV)", 0, 1)]);
    // 2 skulls: Carr rolls 4 - 2 = 2 defence dice, 1 shield: 1 wound
    let events = resolve(&mut state, ids[0], ids[1], &[SKULL, SKULL, SHIELD, BLANK]);
    let (defence, tally, wounds) = attacked(&events);
    assert_eq!(defence.len(), 2);
    assert_eq!(by_power(&tally, "HYPNOSIS"), -2);
    assert_eq!(wounds, 1);
    let fr = crate::present::text::event_text(
        &state,
        events
            .iter()
            .find(|e| matches!(e, Event::Attacked { .. }))
            .unwrap(),
        skirmish_engine::Viewer::Omniscient,
        Lang::Fr,
    );
    assert!(fr.contains("-2 HYPNOSIS"), "{fr}");
    // from afar, no hypnosis: Carr's 4 dice
    let (mut state, _) = only(&s, &[("Ranoc Vipers", 0, 0), ("Agent Carr (RotV)", 0, 3)]);
    let events = resolve(
        &mut state,
        ids[0],
        ids[1],
        &[SKULL, SKULL, SHIELD, BLANK, BLANK, BLANK],
    );
    assert_eq!(attacked(&events).0.len(), 4);
}

#[test]
fn evil_eye_protection_wounds_attackers_from_afar_for_torin_and_his_small_utgar_friends() {
    // "When Torin or an adjacent friendly Small or Medium Utgar figure successfully defends
    // against a normal attack from a non-adjacent figure, the attacking figure takes 1 wound
    // for each excess shield."
    let s = battle(8, &["Torin", "Marro Warriors"], &["Syvarris (RotV)"]);
    let place = |marro: i32, syv: i32| {
        only(
            &s,
            &[
                ("Torin", 0, 0),
                ("Marro Warriors", 0, marro),
                ("Syvarris (RotV)", 0, syv),
            ],
        )
    };
    let (mut state, ids) = place(1, 6);
    let (torin, marro, syv) = (ids[0], ids[1], ids[2]);
    // Syvarris (3 dice) from afar on Torin (4 dice): 0 skulls, 3 shields: 3 wounds back
    let events = resolve(
        &mut state,
        syv,
        torin,
        &[BLANK, BLANK, BLANK, SHIELD, SHIELD, SHIELD, BLANK],
    );
    assert_eq!(
        power_wounds(&events, syv),
        Some((3, "EVIL EYE PROTECTION".into()))
    );
    assert_eq!(state.figure(syv).unwrap().wounds, 3);
    // the Marro warrior adjacent to Torin (3 dice): 1 skull, 3 shields: 2 wounds back
    let (mut state, _) = place(1, 6);
    let events = resolve(
        &mut state,
        syv,
        marro,
        &[SKULL, BLANK, BLANK, SHIELD, SHIELD, SHIELD],
    );
    assert_eq!(power_wounds(&events, syv).map(|w| w.0), Some(2));
    // not adjacent to Torin: no protection
    let (mut state, _) = place(3, 6);
    let events = resolve(
        &mut state,
        syv,
        marro,
        &[SKULL, BLANK, BLANK, SHIELD, SHIELD, SHIELD],
    );
    assert_eq!(power_wounds(&events, syv), None);
    // an adjacent attacker is not struck back
    let (mut state, _) = place(3, 1);
    let events = resolve(
        &mut state,
        syv,
        torin,
        &[BLANK, BLANK, BLANK, SHIELD, SHIELD, SHIELD, BLANK],
    );
    assert_eq!(power_wounds(&events, syv), None);
}

#[test]
fn lumbering_bully_turns_the_defences_excess_shields_into_wounds_on_the_ogre() {
    let s = battle(6, &["Ogre Pulverizer"], &["Agent Carr (RotV)"]);
    let (mut state, ids) = only(
        &s,
        &[("Ogre Pulverizer", 0, 0), ("Agent Carr (RotV)", 0, 1)],
    );
    let (ogre, carr) = (ids[0], ids[1]);
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: ogre,
            target: carr,
        },
        &[SKULL, BLANK, BLANK, BLANK, SHIELD, SHIELD, SHIELD, BLANK],
    );
    assert_eq!(
        power_wounds(&events, ogre),
        Some((2, "Lumbering Bully".into()))
    );
    assert_eq!(state.figure(ogre).unwrap().wounds, 2);
    let fr = events
        .iter()
        .find(|e| matches!(e, Event::PowerWounded { .. }))
        .map(|e| {
            crate::present::text::event_text(
                &state,
                e,
                skirmish_engine::Viewer::Omniscient,
                Lang::Fr,
            )
        })
        .unwrap();
    assert!(fr.contains("subit 2 blessures (Lumbering Bully"), "{fr}");
}

#[test]
fn headbutt_wounds_both_figures_after_an_even_roll() {
    // "After a Ramosaur Rider makes a normal attack, if there was an equal number of shields
    // in the defense roll as skulls in the attack roll, Ramosaur Rider and the defender must
    // each take 1 wound."
    let s = battle(6, &["Ramosaur Rider"], &["Agent Carr (RotV)"]);
    let (mut state, ids) = only(&s, &[("Ramosaur Rider", 0, 0), ("Agent Carr (RotV)", 0, 1)]);
    let (rider, carr) = (ids[0], ids[1]);
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: rider,
            target: carr,
        },
        &[SKULL, BLANK, SHIELD, BLANK, BLANK, BLANK],
    );
    assert_eq!(attacked(&events).2, 0);
    assert_eq!(power_wounds(&events, rider), Some((1, "HEADBUTT".into())));
    assert_eq!(state.figure(rider).unwrap().wounds, 1);
    assert_eq!(state.figure(carr).unwrap().wounds, 1);
    // 1 skull against 2 shields: nothing
    let (mut state, _) = only(&s, &[("Ramosaur Rider", 0, 0), ("Agent Carr (RotV)", 0, 1)]);
    resolve(
        &mut state,
        rider,
        carr,
        &[SKULL, BLANK, SHIELD, SHIELD, BLANK, BLANK],
    );
    assert_eq!(state.figure(rider).unwrap().wounds, 0);
}

#[test]
fn combined_arbalest_adds_a_die_per_wound_protectors_dealt_the_defender_this_turn() {
    let s = battle(8, &["Protectors of Ullar"], &["Agent Carr (RotV)"]);
    let (mut state, ids) = only(
        &s,
        &[
            ("Protectors of Ullar", 0, 0),
            ("Protectors of Ullar", 1, 6),
            ("Agent Carr (RotV)", 0, 3),
        ],
    );
    let (p0, p1, carr) = (ids[0], ids[1], ids[2]);
    assert_eq!(tallies(&state, p1, carr).0.value(), 3);
    // the first protector deals 2 wounds
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: p0,
            target: carr,
        },
        &[SKULL, SKULL, BLANK, BLANK, BLANK, BLANK, BLANK],
    );
    assert_eq!(state.figure(carr).unwrap().wounds, 2);
    let (attack, _) = tallies(&state, p1, carr);
    assert_eq!(by_power(&attack, "Combined Arbalest"), 2);
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: p1,
            target: carr,
        },
        &[
            BLANK, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK,
        ],
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Attacked { attack, .. } if attack.len() == 5
    )));
}

#[test]
fn orc_archer_enhancement_adds_per_adjacent_swog_rider() {
    // "All friendly Orc Archers add 1 to their Attack and Defense Values for each adjacent
    // Swog Rider you control."
    let s = battle(
        8,
        &["Arrow Gruts", "Swog Rider", "Swog Rider"],
        &["Marro Warriors"],
    );
    let (state, ids) = only(
        &s,
        &[
            ("Arrow Gruts", 0, 1),
            ("Swog Rider", 0, 0),
            ("Swog Rider", 1, 2),
            ("Marro Warriors", 0, 6),
        ],
    );
    let (grut, marro) = (ids[0], ids[3]);
    let (attack, _) = tallies(&state, grut, marro);
    assert_eq!(attack.value(), 1 + 2);
    let (_, defence) = tallies(&state, marro, grut);
    assert_eq!(defence.value(), 1 + 2);
    // one rider away: +1
    let (state, _) = only(
        &s,
        &[
            ("Arrow Gruts", 0, 1),
            ("Swog Rider", 0, 0),
            ("Swog Rider", 1, 4),
            ("Marro Warriors", 0, 6),
        ],
    );
    assert_eq!(tallies(&state, grut, marro).0.value(), 2);
}

#[test]
fn terrifying_aura_lowers_opponents_defence_within_four_and_twist_the_blade_adds_a_wound() {
    let s = battle(
        8,
        &["Raelin the Kyrie Warrior (AOA)"],
        &["Finn the Viking Champion"],
    );
    let raelin_name = "Raelin the Kyrie Warrior (AOA)";
    let (state, ids) = only(
        &s,
        &[(raelin_name, 0, 0), ("Finn the Viking Champion", 0, 5)],
    );
    let (raelin, finn) = (ids[0], ids[1]);
    // 5 spaces away: Finn's printed 4
    assert_eq!(tallies(&state, raelin, finn).1.value(), 4);
    let (mut state, _) = only(
        &s,
        &[(raelin_name, 0, 0), ("Finn the Viking Champion", 0, 1)],
    );
    let (_, defence) = tallies(&state, raelin, finn);
    assert_eq!(
        (defence.value(), by_power(&defence, "Terrifying Aura")),
        (3, -1)
    );
    let en = crate::present::text::tally_text(&state, &defence, false, Lang::En);
    assert!(
        en.contains("3 defence dice: 4 printed, -1 Terrifying Aura"),
        "{en}"
    );
    // 2 skulls against 1 shield: 1 wound, and Twist the Blade's
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: raelin,
            target: finn,
        },
        &[SKULL, SKULL, BLANK, SHIELD, BLANK, BLANK],
    );
    let (_, _, wounds) = attacked(&events);
    assert_eq!(wounds, 2);
    assert_eq!(state.figure(finn).unwrap().wounds, 2);
    // a leaving-engagement attack's wound too
    let mut d = Dice::scripted([SKULL]);
    let mut events = Vec::new();
    combat::leave_engagement(&mut state, finn, raelin, &mut d, &mut events);
    assert_eq!(
        power_wounds(&events, finn),
        Some((1, "Twist the Blade".into()))
    );
    assert_eq!(state.figure(finn).unwrap().wounds, 4);
    // no wound, no extra one
    let (mut state, _) = only(
        &s,
        &[(raelin_name, 0, 0), ("Finn the Viking Champion", 0, 1)],
    );
    resolve(
        &mut state,
        raelin,
        finn,
        &[SKULL, BLANK, BLANK, SHIELD, BLANK, BLANK],
    );
    assert_eq!(state.figure(finn).unwrap().wounds, 0);
}

#[test]
fn galloping_charge_from_four_spaces_and_dismiss_the_rabble_against_adjacent_squads() {
    let s = battle(
        8,
        &["Templar Cavalry"],
        &["Marro Warriors", "Agent Carr (RotV)"],
    );
    let (state, ids) = only(&s, &[("Templar Cavalry", 0, 0), ("Marro Warriors", 0, 4)]);
    let (knight, marro) = (ids[0], ids[1]);
    let (attack, _) = tallies(&state, knight, marro);
    assert_eq!(by_power(&attack, "Galloping Charge"), 2);
    let (state, _) = only(&s, &[("Templar Cavalry", 0, 0), ("Marro Warriors", 0, 3)]);
    assert_eq!(
        by_power(&tallies(&state, knight, marro).0, "Galloping Charge"),
        0
    );
    // an adjacent squad figure attacks: one more defence die; an adjacent hero: none
    let (state, ids) = only(
        &s,
        &[
            ("Templar Cavalry", 0, 1),
            ("Marro Warriors", 0, 0),
            ("Agent Carr (RotV)", 0, 2),
        ],
    );
    let carr = ids[2];
    assert_eq!(tallies(&state, marro, knight).1.value(), 3 + 1);
    assert_eq!(tallies(&state, carr, knight).1.value(), 3);
}

#[test]
fn soul_weapons_and_air_mastery_reach_the_figure_attacked() {
    // "Figures attacked by a Death Knight of Valkrill subtract two from their defense dice."
    // Raelin's Defensive Aura stays out of reach of Carr (more than 4 spaces)
    let s = battle(
        8,
        &["Death Knights of Valkrill", "Air Elemental"],
        &["Agent Carr (RotV)", "Raelin the Kyrie Warrior (ROTV)"],
    );
    let (state, ids) = only(
        &s,
        &[
            ("Death Knights of Valkrill", 0, 0),
            ("Agent Carr (RotV)", 0, 1),
            ("Air Elemental", 0, 6),
            ("Raelin the Kyrie Warrior (ROTV)", 0, 7),
        ],
    );
    let (knight, carr, air, raelin) = (ids[0], ids[1], ids[2], ids[3]);
    let (_, defence) = tallies(&state, knight, carr);
    assert_eq!(
        (defence.value(), by_power(&defence, "Soul Weapons")),
        (2, -2)
    );
    // the knight defending, or Carr attacked by another figure: no change
    assert_eq!(
        by_power(&tallies(&state, carr, knight).1, "Soul Weapons"),
        0
    );
    assert_eq!(by_power(&tallies(&state, air, carr).1, "Soul Weapons"), 0);
    // "Figures that have the Flying or Stealth Flying special power subtract 1 from their
    // defense dice when attacked by an Air Elemental."
    assert_eq!(by_power(&tallies(&state, air, raelin).1, "Air Mastery"), -1);
    assert_eq!(by_power(&tallies(&state, air, carr).1, "Air Mastery"), 0);
}

#[test]
fn homing_device_and_coordinated_takedown_count_figures_adjacent_to_the_target() {
    // "When attacking a non-adjacent figure, add 1 to that Blastatron's Attack Value for every
    // Vydar Soulborg you control adjacent to the defending figure."
    let s = battle(8, &["Blastatrons"], &["Marro Warriors"]);
    let (state, ids) = only(
        &s,
        &[
            ("Blastatrons", 0, 0),
            ("Blastatrons", 1, 2),
            ("Blastatrons", 2, 4),
            ("Marro Warriors", 0, 3),
        ],
    );
    let (b0, b1, marro) = (ids[0], ids[1], ids[3]);
    assert_eq!(by_power(&tallies(&state, b0, marro).0, "HOMING DEVICE"), 2);
    // adjacent to the target itself: no homing
    assert_eq!(by_power(&tallies(&state, b1, marro).0, "HOMING DEVICE"), 0);
    // "While attacking, roll 1 additional attack die for each other friendly Ninja adjacent
    // to the target."
    let s = battle(8, &["Jinx and Kamakura", "Snake Eyes"], &["Marro Warriors"]);
    let (state, ids) = only(
        &s,
        &[
            ("Jinx and Kamakura", 0, 0),
            ("Jinx and Kamakura", 1, 2),
            ("Snake Eyes", 0, 5),
            ("Marro Warriors", 0, 1),
        ],
    );
    let (j0, marro) = (ids[0], ids[3]);
    assert_eq!(
        by_power(&tallies(&state, j0, marro).0, "COORDINATED TAKEDOWN"),
        1
    );
}

#[test]
fn laglors_aura_lengthens_friendly_vydar_ranges_and_protection_from_evil_adds_a_die() {
    let s = battle(10, &["Laglor", "Agent Carr (RotV)"], &["Marro Warriors"]);
    let (state, ids) = only(
        &s,
        &[
            ("Laglor", 0, 0),
            ("Agent Carr (RotV)", 0, 3),
            ("Marro Warriors", 0, 9),
        ],
    );
    let (laglor, carr) = (ids[0], ids[1]);
    let range = |st: &State, id: u32| values::range_of(st, st.figure(id).unwrap()).value();
    assert_eq!(range(&state, carr), 6 + 2);
    assert_eq!(
        range(&state, laglor),
        state.card_of(state.figure(laglor).unwrap()).range
    );
    let (state, _) = only(
        &s,
        &[
            ("Laglor", 0, 0),
            ("Agent Carr (RotV)", 0, 5),
            ("Marro Warriors", 0, 9),
        ],
    );
    assert_eq!(range(&state, carr), 6);
    // "All small or medium figures you control within 3 clear sight spaces of Ana Karithion
    // add 1 to their defense dice when rolling defense against an attack from a figure who
    // follows Utgar."
    let s = battle(
        8,
        &["Ana Karithon", "Agent Carr (RotV)"],
        &["Marro Warriors", "Syvarris (RotV)"],
    );
    let (state, ids) = only(
        &s,
        &[
            ("Ana Karithon", 0, 0),
            ("Agent Carr (RotV)", 0, 2),
            ("Marro Warriors", 0, 3),
            ("Syvarris (RotV)", 0, 7),
        ],
    );
    let (ana, carr, marro, syv) = (ids[0], ids[1], ids[2], ids[3]);
    assert_eq!(tallies(&state, marro, carr).1.value(), 4 + 1);
    assert_eq!(tallies(&state, syv, carr).1.value(), 4);
    // not Ana herself
    assert_eq!(
        by_power(&tallies(&state, marro, ana).1, "Protection From Evil Aura"),
        0
    );
}

#[test]
fn fearless_advantage_adds_a_die_against_large_and_huge_figures() {
    // "An Axegrinder of Burning Forge rolls an additional die when attacking or defending
    // against large or huge figures."
    let s = battle(
        8,
        &["The Axegrinders of Burning Forge"],
        &["Torin", "Agent Carr (RotV)"],
    );
    let (state, ids) = only(
        &s,
        &[
            ("The Axegrinders of Burning Forge", 0, 1),
            ("Torin", 0, 0),
            ("Agent Carr (RotV)", 0, 2),
        ],
    );
    let (axe, torin, carr) = (ids[0], ids[1], ids[2]);
    assert_eq!(
        by_power(&tallies(&state, axe, torin).0, "Fearless Advantage"),
        1
    );
    assert_eq!(
        by_power(&tallies(&state, torin, axe).1, "Fearless Advantage"),
        1
    );
    assert_eq!(
        by_power(&tallies(&state, axe, carr).0, "Fearless Advantage"),
        0
    );
    assert_eq!(
        by_power(&tallies(&state, carr, axe).1, "Fearless Advantage"),
        0
    );
}
