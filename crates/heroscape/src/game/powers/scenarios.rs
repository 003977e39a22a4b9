//! Power scenarios with real cards (read from the shared card file through the importer) and
//! scripted dice: auras and conditions, automatic shields, dice rules, attack counts, *Run*,
//! leaving-engagement dice, *Spirit* and *Overextend Attack*.

use std::sync::Arc;

use skirmish_board::hex::Hex;
use skirmish_dice::Dice;
use skirmish_engine::{Ruleset, Seat};

use super::super::tests::{in_turn, land, play, BLANK, SHIELD, SKULL};
use super::super::*;
use super::values::{self, AttackKind, Tally, Why};
use crate::battlefield::{Builder, Glyph, GlyphSpot};
use crate::game::test_support::{battle, battle_on, fig, h};

/// The turn goes on with another card of West's (as after its own marker).
fn now_card_of(state: &mut State, id: u32) {
    let unit = state.figure(id).unwrap().unit;
    if let Phase::Turns { turn: Some(t), .. } = &mut state.phase {
        t.unit = unit;
    }
}

/// Gives a double-space figure its second hex.
fn tail(state: &mut State, id: u32, hex: Hex) {
    state.figure_mut(id).unwrap().tail = Some(hex);
}

fn figure(state: &State, id: u32) -> Figure {
    state.figure(id).unwrap().clone()
}

/// The tallies of a normal attack between two figures.
fn dice(state: &State, a: u32, d: u32) -> (Tally, Tally) {
    let (a, d) = (figure(state, a), figure(state, d));
    (
        values::attack_dice(state, &a, &d, AttackKind::Normal),
        values::defence_dice(state, &a, &d, AttackKind::Normal),
    )
}

fn powers_named(t: &Tally) -> Vec<String> {
    t.changes
        .iter()
        .filter_map(|c| match &c.why {
            Why::Power { power, .. } => Some(power.clone()),
            _ => None,
        })
        .collect()
}

/// The one attack among events: (attack dice, defence dice, skulls, shields, wounds).
fn attacked(events: &[Event]) -> (Tally, Tally, u16, u16, u16, Vec<Why>) {
    events
        .iter()
        .find_map(|e| match e {
            Event::Attacked {
                attack_dice,
                defence_dice,
                skulls,
                shields,
                wounds,
                rules,
                attack,
                defence,
                ..
            } => {
                assert_eq!(attack.len(), usize::from(attack_dice.value()));
                assert_eq!(defence.len(), usize::from(defence_dice.value()));
                Some((
                    attack_dice.clone(),
                    defence_dice.clone(),
                    *skulls,
                    *shields,
                    *wounds,
                    rules.clone(),
                ))
            }
            _ => None,
        })
        .expect("an attack")
}

fn attack(state: &mut State, a: u32, t: u32, dice: &[u8]) -> Vec<Event> {
    play(
        state,
        Seat(0),
        Action::Attack {
            figure: a,
            target: t,
        },
        dice,
    )
}

fn can_attack(state: &State, a: u32, t: u32) -> bool {
    HeroScape::legal_actions(state, Seat(0)).contains(&Action::Attack {
        figure: a,
        target: t,
    })
}

#[test]
fn grimnak_gives_adjacent_orc_warriors_an_attack_and_a_defence_die() {
    // Orc Warrior Enhancement: "All friendly Orc Warriors adjacent to Grimnak roll an
    // additional attack die and an additional defense die."
    let s = battle(&[1; 8], &["Blade Gruts", "Grimnak"], &["Marro Warriors"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let (grimnak, near, far) = (
        fig(&probe, "Grimnak", 0),
        fig(&probe, "Blade Gruts", 0),
        fig(&probe, "Blade Gruts", 1),
    );
    let (m1, m2) = (
        fig(&probe, "Marro Warriors", 0),
        fig(&probe, "Marro Warriors", 1),
    );
    let mut state = in_turn(
        &s,
        &[
            (grimnak, h(1)),
            (near, h(2)),
            (m1, h(3)),
            (far, h(6)),
            (m2, h(7)),
        ],
        Stage::Attack,
    );
    tail(&mut state, grimnak, h(0));
    let (att, def) = dice(&state, near, m1);
    assert_eq!(att.printed, 2);
    assert_eq!(att.value(), 3, "{att:?}");
    assert_eq!(powers_named(&att), ["Orc Warrior Enhancement"]);
    assert_eq!(def.value(), def.printed);
    let (_, grut_def) = dice(&state, m1, near);
    assert_eq!(grut_def.value(), 3);
    // A Grut away from Grimnak, and Grimnak himself, roll their printed dice.
    assert_eq!(dice(&state, far, m2).0.value(), 2);
    assert_eq!(dice(&state, grimnak, m1).0.value(), 2);
    // The attack rolls those 3 dice and says why.
    let events = attack(
        &mut state,
        near,
        m1,
        &[SKULL, SKULL, BLANK, BLANK, BLANK, BLANK],
    );
    let (att, _, skulls, ..) = attacked(&events);
    assert_eq!((att.value(), skulls), (3, 2));
}

#[test]
fn finns_attack_aura_reaches_adjacent_friends_of_range_one_in_normal_attacks() {
    let s = battle(
        &[1; 6],
        &[
            "Finn the Viking Champion",
            "Thorgrim the Viking Champion",
            "Syvarris (RotV)",
        ],
        &["Marro Warriors"],
    );
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let finn = fig(&probe, "Finn the Viking Champion", 0);
    let thorgrim = fig(&probe, "Thorgrim the Viking Champion", 0);
    let syvarris = fig(&probe, "Syvarris (RotV)", 0);
    let marro = fig(&probe, "Marro Warriors", 0);
    let state = in_turn(
        &s,
        &[
            (syvarris, h(0)),
            (finn, h(1)),
            (thorgrim, h(2)),
            (marro, h(3)),
        ],
        Stage::Attack,
    );
    let (t, _) = dice(&state, thorgrim, marro);
    assert_eq!(t.value(), t.printed + 1);
    assert_eq!(powers_named(&t), ["Attack Aura 1"]);
    // Not to Finn himself, not to a figure of range 9, not to a special attack.
    assert!(powers_named(&dice(&state, finn, marro).0).is_empty());
    assert!(powers_named(&dice(&state, syvarris, marro).0).is_empty());
    let (a, d) = (figure(&state, thorgrim), figure(&state, marro));
    let special = values::attack_dice(&state, &a, &d, AttackKind::Special { dice: 4 });
    assert_eq!(special.value(), 4);
}

#[test]
fn raelins_defensive_aura_reaches_her_army_within_four_clear_sight_spaces() {
    let s = battle(
        &[1; 8],
        &[
            "Raelin the Kyrie Warrior (ROTV)",
            "Finn the Viking Champion",
            "Syvarris (RotV)",
        ],
        &["Marro Warriors"],
    );
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let raelin = fig(&probe, "Raelin the Kyrie Warrior (ROTV)", 0);
    let finn = fig(&probe, "Finn the Viking Champion", 0);
    let syvarris = fig(&probe, "Syvarris (RotV)", 0);
    let marro = fig(&probe, "Marro Warriors", 0);
    let state = in_turn(
        &s,
        &[
            (raelin, h(0)),
            (finn, h(4)),
            (syvarris, h(5)),
            (marro, h(7)),
        ],
        Stage::Attack,
    );
    let finn_def = dice(&state, marro, finn).1;
    assert_eq!(finn_def.value(), finn_def.printed + 2, "4 spaces away");
    assert_eq!(powers_named(&finn_def), ["Defensive Aura"]);
    assert!(
        powers_named(&dice(&state, marro, syvarris).1).is_empty(),
        "5 spaces"
    );
    assert!(
        powers_named(&dice(&state, marro, raelin).1).is_empty(),
        "not Raelin"
    );
}

#[test]
fn conditions_adjacent_opponent_and_first_assault() {
    // Agent Carr's Sword of Reckoning 4: +4 against an adjacent figure only.
    let s = battle(&[1; 6], &["Agent Carr (RotV)"], &["Marro Warriors"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let carr = fig(&probe, "Agent Carr (RotV)", 0);
    let (m1, m2) = (
        fig(&probe, "Marro Warriors", 0),
        fig(&probe, "Marro Warriors", 1),
    );
    let state = in_turn(&s, &[(carr, h(0)), (m1, h(1)), (m2, h(5))], Stage::Move);
    assert_eq!(dice(&state, carr, m1).0.value(), 2 + 4);
    assert_eq!(dice(&state, carr, m2).0.value(), 2);
    // Valguard's First Assault 3: +3 against a figure she was not adjacent to when the turn
    // began; none against one she started next to.
    let s = battle(&[1; 6], &["Valguard"], &["Marro Warriors"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let valguard = fig(&probe, "Valguard", 0);
    let mut state = in_turn(&s, &[(m1, h(2)), (valguard, h(3)), (m2, h(5))], Stage::Move);
    let printed = state.card_of(&figure(&state, valguard)).attack;
    play(
        &mut state,
        Seat(0),
        Action::Move {
            figure: valguard,
            to: h(4),
            level: 1,
            tail: None,
        },
        &[BLANK],
    );
    assert_eq!(dice(&state, valguard, m2).0.value(), printed + 3);
    assert_eq!(dice(&state, valguard, m1).0.value(), printed);
}

#[test]
fn krug_rolls_a_die_more_per_wound_he_has() {
    let s = battle(&[1; 3], &["Krug"], &["Marro Warriors"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let (krug, marro) = (fig(&probe, "Krug", 0), fig(&probe, "Marro Warriors", 0));
    let mut state = in_turn(&s, &[(krug, h(0)), (marro, h(1))], Stage::Attack);
    assert_eq!(dice(&state, krug, marro).0.value(), 2);
    state.figure_mut(krug).unwrap().wounds = 3;
    let t = dice(&state, krug, marro).0;
    assert_eq!(
        (t.value(), powers_named(&t)),
        (5, vec!["Wounded Smash".into()])
    );
}

#[test]
fn heirloom_adds_an_automatic_shield_to_its_roll() {
    let s = battle(&[1; 3], &["Krug"], &["Heirloom"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let (krug, heirloom) = (fig(&probe, "Krug", 0), fig(&probe, "Heirloom", 0));
    let mut state = in_turn(&s, &[(krug, h(1)), (heirloom, h(2))], Stage::Attack);
    tail(&mut state, krug, h(0));
    let events = attack(&mut state, krug, heirloom, &[SKULL, SKULL, BLANK, BLANK]);
    let (_, def, skulls, shields, wounds, _) = attacked(&events);
    assert_eq!((def.value(), def.automatic()), (2, 1));
    assert_eq!((skulls, shields, wounds), (2, 1, 1));
    assert_eq!(state.figure(heirloom).unwrap().wounds, 1);
}

#[test]
fn migol_doubles_his_skulls_and_lets_one_shield_leave_one_wound() {
    let s = battle(&[1; 3], &["Migol Ironwill"], &["Krug"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let (migol, krug) = (fig(&probe, "Migol Ironwill", 0), fig(&probe, "Krug", 0));
    let mut state = in_turn(&s, &[(migol, h(0)), (krug, h(1))], Stage::Attack);
    // Deadly Strike: 2 skulls count 4 against 1 shield: 3 wounds.
    let events = attack(
        &mut state,
        migol,
        krug,
        &[SKULL, SKULL, SHIELD, BLANK, BLANK],
    );
    let (.., skulls, shields, wounds, rules) = attacked(&events);
    assert_eq!((skulls, shields, wounds), (4, 1, 3));
    assert!(matches!(&rules[..], [Why::Power { power, .. }] if power == "DEADLY STRIKE"));
    // One Shield Defense: Migol defending against more skulls than his one shield takes 1.
    let mut state = in_turn(&s, &[(migol, h(0)), (krug, h(1))], Stage::Attack);
    let (m, k) = (figure(&state, migol), figure(&state, krug));
    let mut events = Vec::new();
    let mut d = Dice::scripted([SKULL, SKULL, BLANK, SHIELD, BLANK, BLANK, BLANK]);
    // Krug (2 dice) attacks Migol (4 dice) in East's name: the rules do not ask whose turn.
    combat::resolve(
        &mut state,
        k.id,
        m.id,
        AttackKind::Normal,
        &mut d,
        &mut events,
    );
    let (.., skulls, shields, wounds, rules) = attacked(&events);
    assert_eq!((skulls, shields), (2, 1));
    assert_eq!(wounds, 1);
    assert!(
        rules.is_empty(),
        "2 skulls against 1 shield leave 1 wound anyway"
    );
    let mut events = Vec::new();
    state.figure_mut(krug).unwrap().wounds = 2; // Wounded Smash: 4 dice
    let mut d = Dice::scripted([SKULL, SKULL, SKULL, BLANK, SHIELD, BLANK, BLANK, BLANK]);
    combat::resolve(
        &mut state,
        k.id,
        m.id,
        AttackKind::Normal,
        &mut d,
        &mut events,
    );
    let (.., skulls, shields, wounds, rules) = attacked(&events);
    assert_eq!((skulls, shields, wounds), (3, 1, 1));
    assert!(matches!(&rules[..], [Why::Power { power, .. }] if power == "ONE SHIELD DEFENSE"));
}

#[test]
fn shields_of_valor_count_each_shield_twice() {
    let s = battle(&[1; 3], &["Krug"], &["Sentinels of Jandar"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let (krug, sentinel) = (
        fig(&probe, "Krug", 0),
        fig(&probe, "Sentinels of Jandar", 0),
    );
    let mut state = in_turn(&s, &[(krug, h(1)), (sentinel, h(2))], Stage::Attack);
    tail(&mut state, krug, h(0));
    let events = attack(
        &mut state,
        krug,
        sentinel,
        &[SKULL, SKULL, SHIELD, BLANK, BLANK, BLANK],
    );
    let (.., skulls, shields, wounds, _) = attacked(&events);
    assert_eq!((skulls, shields, wounds), (2, 2, 0));
    assert!(!state.figure(sentinel).unwrap().destroyed);
}

#[test]
fn stealth_dodge_blocks_all_with_one_shield_against_attackers_from_afar() {
    let s = battle(&[1; 8], &["Syvarris (RotV)", "Krug"], &["Krav Maga Agents"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let syvarris = fig(&probe, "Syvarris (RotV)", 0);
    let krug = fig(&probe, "Krug", 0);
    let (a1, a2) = (
        fig(&probe, "Krav Maga Agents", 0),
        fig(&probe, "Krav Maga Agents", 1),
    );
    let mut state = in_turn(
        &s,
        &[(syvarris, h(0)), (a1, h(3)), (krug, h(5)), (a2, h(7))],
        Stage::Attack,
    );
    tail(&mut state, krug, h(6));
    let events = attack(
        &mut state,
        syvarris,
        a1,
        &[SKULL, SKULL, SKULL, SHIELD, BLANK, BLANK],
    );
    let (.., skulls, shields, wounds, rules) = attacked(&events);
    assert_eq!((skulls, shields, wounds, rules.len()), (3, 1, 0, 1));
    // Adjacent, Krug's skull goes through.
    now_card_of(&mut state, krug);
    let events = attack(&mut state, krug, a2, &[SKULL, SKULL, SHIELD, BLANK, BLANK]);
    let (.., wounds, _) = attacked(&events);
    assert_eq!(wounds, 1);
    assert!(state.figure(a2).unwrap().destroyed);
}

#[test]
fn counter_strike_wounds_an_adjacent_attacker_per_extra_shield_unless_a_samurai() {
    let s = battle(&[1; 6], &["Krug", "Kozuke Samurai"], &["Izumi Samurai"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let krug = fig(&probe, "Krug", 0);
    let kozuke = fig(&probe, "Kozuke Samurai", 0);
    let (s1, s2) = (
        fig(&probe, "Izumi Samurai", 0),
        fig(&probe, "Izumi Samurai", 1),
    );
    let mut state = in_turn(
        &s,
        &[(krug, h(1)), (s1, h(2)), (kozuke, h(4)), (s2, h(5))],
        Stage::Attack,
    );
    tail(&mut state, krug, h(0));
    // 1 skull against 3 shields: Krug takes 2 wounds.
    let events = attack(
        &mut state,
        krug,
        s1,
        &[SKULL, BLANK, SHIELD, SHIELD, SHIELD, BLANK, BLANK],
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CounterStruck { figure, attacker, wounds: 2 } if *figure == s1 && *attacker == krug
    )));
    assert_eq!(state.figure(krug).unwrap().wounds, 2);
    // A Samurai attacker is not struck back.
    now_card_of(&mut state, kozuke);
    let n = state.card_of(&figure(&state, kozuke)).attack;
    let mut script = vec![BLANK; usize::from(n)];
    script.extend([SHIELD; 5]);
    let events = attack(&mut state, kozuke, s2, &script);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::CounterStruck { .. })));
    assert_eq!(state.figure(kozuke).unwrap().wounds, 0);
}

#[test]
fn life_drain_removes_a_wound_when_the_target_is_destroyed() {
    let s = battle(&[1; 3], &["Sonya Esenwein"], &["Marro Warriors"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let (sonya, marro) = (
        fig(&probe, "Sonya Esenwein", 0),
        fig(&probe, "Marro Warriors", 0),
    );
    let mut state = in_turn(&s, &[(sonya, h(0)), (marro, h(1))], Stage::Attack);
    state.figure_mut(sonya).unwrap().wounds = 2;
    let events = attack(
        &mut state,
        sonya,
        marro,
        &[SKULL, SKULL, BLANK, BLANK, BLANK, BLANK],
    );
    assert!(events.contains(&Event::LifeDrained { figure: sonya }));
    assert_eq!(state.figure(sonya).unwrap().wounds, 1);
}

#[test]
fn double_attack_allows_one_more_attack_on_any_target() {
    let s = battle(&[1; 8], &["Syvarris (RotV)"], &["Krug"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let (syvarris, krug) = (fig(&probe, "Syvarris (RotV)", 0), fig(&probe, "Krug", 0));
    let mut state = in_turn(&s, &[(syvarris, h(0)), (krug, h(5))], Stage::Attack);
    tail(&mut state, krug, h(6));
    let misses = [BLANK; 6];
    attack(&mut state, syvarris, krug, &misses);
    assert!(can_attack(&state, syvarris, krug), "the additional attack");
    attack(&mut state, syvarris, krug, &misses);
    assert!(!can_attack(&state, syvarris, krug));
}

#[test]
fn whirlwind_assault_attacks_any_number_of_figures_once_each() {
    let s = battle(
        &[1; 8],
        &["Raelin the Kyrie Warrior (BT)"],
        &["Marro Warriors"],
    );
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let raelin = fig(&probe, "Raelin the Kyrie Warrior (BT)", 0);
    let (m1, m2) = (
        fig(&probe, "Marro Warriors", 0),
        fig(&probe, "Marro Warriors", 1),
    );
    let mut state = in_turn(&s, &[(m1, h(2)), (raelin, h(3)), (m2, h(4))], Stage::Attack);
    let misses = [BLANK; 8];
    attack(&mut state, raelin, m1, &misses);
    assert!(
        !can_attack(&state, raelin, m1),
        "never the same figure twice"
    );
    assert!(can_attack(&state, raelin, m2));
    attack(&mut state, raelin, m2, &misses);
    // Nothing left to attack: the turn ends by itself.
    assert_ne!(state.turn().map(|t| t.seat), Some(Seat(0)));
}

#[test]
fn shaolin_assault_attacks_each_adjacent_figure() {
    let s = battle(&[1; 8], &["Shaolin Monks"], &["Marro Warriors"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let monk = fig(&probe, "Shaolin Monks", 0);
    let (m1, m2) = (
        fig(&probe, "Marro Warriors", 0),
        fig(&probe, "Marro Warriors", 1),
    );
    let mut state = in_turn(&s, &[(m1, h(2)), (monk, h(3)), (m2, h(4))], Stage::Attack);
    attack(&mut state, monk, m1, &[BLANK; 8]);
    assert!(can_attack(&state, monk, m2));
    assert!(!can_attack(&state, monk, m1));
}

#[test]
fn run_adds_to_the_move_at_the_cost_of_the_attack() {
    let s = battle(&[1; 12], &["Knight Irene"], &["Marro Warriors"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let irene = fig(&probe, "Knight Irene", 0);
    let marro = fig(&probe, "Marro Warriors", 0);
    let mut state = in_turn(&s, &[(irene, h(0)), (marro, h(11))], Stage::Move);
    let card = state.card_of(&figure(&state, irene)).clone();
    assert_eq!(glyphs::move_of(&state, &figure(&state, irene)), card.move_);
    let events = play(&mut state, Seat(0), Action::Run { figure: irene }, &[]);
    assert_eq!(events, [Event::Ran { figure: irene }]);
    let mv = values::move_of(&state, &figure(&state, irene));
    assert_eq!(mv.value(), card.move_ + 3);
    assert_eq!(powers_named(&mv), ["Run 3"]);
    assert_eq!(
        dice(&state, irene, marro).0.value(),
        card.attack - 2,
        "attack -2 this turn"
    );
    assert!(!HeroScape::legal_actions(&state, Seat(0)).contains(&Action::Run { figure: irene }));
    // Tracking: no attack after it.
    let s = battle(&[1; 12], &["Brave Arrow"], &["Marro Warriors"]);
    let arrow = 1;
    let mut state = in_turn(&s, &[(arrow, h(0)), (marro, h(1))], Stage::Move);
    let t = state.turn().unwrap().clone();
    assert_eq!(
        powers::attacks::attack_targets(&state, &t, &figure(&state, arrow), vec![marro]),
        [marro]
    );
    play(&mut state, Seat(0), Action::Run { figure: arrow }, &[]);
    let t = state.turn().unwrap().clone();
    assert!(
        powers::attacks::attack_targets(&state, &t, &figure(&state, arrow), vec![marro]).is_empty()
    );
}

#[test]
fn leaving_engagement_dice_follow_disengage_and_a_cowards_reward() {
    let s = battle(&[1; 8], &["Kita the Springrunner"], &["Sir Denrick"]);
    // Each army has one card: figure 1 is West's, figure 2 East's.
    let (kita, denrick) = (1, 2);
    let mut state = in_turn(&s, &[(kita, h(2)), (denrick, h(3))], Stage::Move);
    // Kita disengages: no die.
    let events = play(
        &mut state,
        Seat(0),
        Action::Move {
            figure: kita,
            to: h(0),
            level: 1,
            tail: None,
        },
        &[],
    );
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::LeftEngagement { .. })));
    // Thorgrim leaving Sir Denrick: two dice (A Coward's Reward), a wound per skull.
    let s = battle(&[1; 8], &["Thorgrim the Viking Champion"], &["Sir Denrick"]);
    let thorgrim = 1;
    let mut state = in_turn(&s, &[(thorgrim, h(4)), (denrick, h(3))], Stage::Move);
    let events = play(
        &mut state,
        Seat(0),
        Action::Move {
            figure: thorgrim,
            to: h(6),
            level: 1,
            tail: None,
        },
        &[SKULL, SKULL],
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::LeftEngagement { die: combat::Face::Skull, more, .. } if more == &[combat::Face::Skull]
    )));
    assert_eq!(state.figure(thorgrim).unwrap().wounds, 2);
    // The dice are rolled on the first hex away from Sir Denrick: the log moves him there, rolls,
    // then walks the rest of the way.
    let order: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Moved { path, from, .. } => Some(format!("moved {from:?} {path:?}")),
            Event::LeftEngagement { .. } => Some("left".into()),
            _ => None,
        })
        .collect();
    let at = |q: i32| (h(q), 1 as crate::battlefield::Level);
    assert_eq!(
        order,
        [
            format!("moved {:?} {:?}", Some(at(4)), vec![at(5)]),
            "left".into(),
            format!("moved {:?} {:?}", Some(at(5)), vec![at(6)]),
        ]
    );
}

#[test]
fn thorian_speed_is_attacked_normally_only_from_an_adjacent_space() {
    let s = battle(
        &[1; 8],
        &["Syvarris (RotV)", "Krug"],
        &["Sgt. Drake Alexander (ROTV)"],
    );
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let syvarris = fig(&probe, "Syvarris (RotV)", 0);
    let krug = fig(&probe, "Krug", 0);
    let drake = fig(&probe, "Sgt. Drake Alexander (ROTV)", 0);
    let mut state = in_turn(
        &s,
        &[(syvarris, h(0)), (drake, h(5)), (krug, h(6))],
        Stage::Attack,
    );
    tail(&mut state, krug, h(7));
    let (sy, dr) = (figure(&state, syvarris), figure(&state, drake));
    assert!(geometry::can_see(&state, &sy, &dr) && geometry::range(&state, &sy, &dr) == Some(5));
    assert!(!play::targets(&state, &sy).contains(&drake));
    assert!(play::targets(&state, &figure(&state, krug)).contains(&drake));
}

#[test]
fn finns_spirit_goes_on_a_unique_card_and_raises_its_normal_attack() {
    let s = battle(
        &[1; 6],
        &[
            "Thorgrim the Viking Champion",
            "Finn the Viking Champion",
            "Blade Gruts",
        ],
        &["Krug"],
    );
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let finn = fig(&probe, "Finn the Viking Champion", 0);
    let thorgrim = fig(&probe, "Thorgrim the Viking Champion", 0);
    let krug = fig(&probe, "Krug", 0);
    let mut state = in_turn(
        &s,
        &[(finn, h(0)), (thorgrim, h(2)), (krug, h(3))],
        Stage::Attack,
    );
    tail(&mut state, krug, h(4));
    let before = dice(&state, thorgrim, krug).0.value();
    let mut events = Vec::new();
    combat::wound(&mut state, finn, 10, &mut events);
    let legal = HeroScape::legal_actions(&state, Seat(0));
    let t_unit = figure(&state, thorgrim).unit;
    // Thorgrim is the only unique card left (the Blade Gruts are common).
    assert_eq!(legal, [Action::PlaceSpirit { unit: t_unit }]);
    assert!(HeroScape::legal_actions(&state, Seat(1)).is_empty());
    let mut events = Vec::new();
    HeroScape::apply(
        &mut state,
        Seat(0),
        &Action::PlaceSpirit { unit: t_unit },
        &mut Dice::scripted([]),
        &mut events,
    )
    .unwrap();
    assert!(matches!(events[..], [Event::SpiritPlaced { onto, .. }] if onto == t_unit));
    let after = dice(&state, thorgrim, krug).0;
    assert_eq!(after.value(), before + 1);
    assert!(after
        .changes
        .iter()
        .any(|c| matches!(c.why, Why::Spirit { .. })));
    // The turn goes on.
    assert!(can_attack(&state, thorgrim, krug));
}

#[test]
fn overextend_attack_wounds_the_hero_for_another_turn_once_a_round() {
    let s = battle(&[1; 8], &["Eldgrim the Viking Champion"], &["Krug"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let eldgrim = fig(&probe, "Eldgrim the Viking Champion", 0);
    let krug = fig(&probe, "Krug", 0);
    let mut state = in_turn(&s, &[(eldgrim, h(0)), (krug, h(7))], Stage::Move);
    tail(&mut state, krug, h(6));
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    // Nobody in reach: the turn waits for the choice instead of ending.
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        [Action::Overextend, Action::EndTurn]
    );
    let events = play(&mut state, Seat(0), Action::Overextend, &[]);
    assert_eq!(events[0], Event::Overextended { unit: 0 });
    let turn = state.turn().unwrap();
    assert_eq!((turn.seat, turn.stage), (Seat(0), Stage::Move));
    assert_eq!(state.figure(eldgrim).unwrap().wounds, 1);
    play(&mut state, Seat(0), Action::EndMoves, &[]);
    assert_ne!(state.turn().map(|t| t.seat), Some(Seat(0)), "once a round");
}

#[test]
fn the_attack_says_what_made_its_dice_glyph_and_height_included() {
    let mut b = Builder::new("astrid");
    for (q, top) in [(0, 3), (1, 1), (2, 1)] {
        b.span(h(q), land(top), format!("hex {q}"));
    }
    b.start(h(0), 1, "w").start(h(2), 2, "e");
    b.glyph(GlyphSpot {
        hex: h(0),
        level: 3,
        glyph: Glyph::Astrid,
        face_up: true,
    });
    let s = battle_on(
        Arc::new(b.build().unwrap()),
        &["Sir Denrick"],
        &["Marro Warriors"],
    );
    let (denrick, marro) = (1, 2);
    let mut state = in_turn(&s, &[(denrick, h(0)), (marro, h(1))], Stage::Attack);
    let events = attack(&mut state, denrick, marro, &[BLANK; 12]);
    let (att, ..) = attacked(&events);
    assert_eq!(att.value(), 6);
    assert_eq!(
        att.changes
            .iter()
            .map(|c| c.why.clone())
            .collect::<Vec<_>>(),
        [
            Why::Glyph {
                glyph: Glyph::Astrid
            },
            Why::Height
        ]
    );
    let line = crate::present::text::event_text(
        &state,
        events
            .iter()
            .find(|e| matches!(e, Event::Attacked { .. }))
            .unwrap(),
        skirmish_engine::Viewer::Omniscient,
        skirmish_lang::Lang::En,
    );
    assert!(
        line.contains("6 attack dice: 4 printed, +1 glyph Astrid (attack +1), +1 height"),
        "{line}"
    );
    let fr = crate::present::text::event_text(
        &state,
        events
            .iter()
            .find(|e| matches!(e, Event::Attacked { .. }))
            .unwrap(),
        skirmish_engine::Viewer::Omniscient,
        skirmish_lang::Lang::Fr,
    );
    assert!(
        fr.contains("6 dés d'attaque : 4 sur la carte, +1 glyphe Astrid"),
        "{fr}"
    );
}
