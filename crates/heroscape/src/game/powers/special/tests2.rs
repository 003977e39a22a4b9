//! Special attacks and the powers around them, with the real cards (the shared card data:
//! `SKIRMISH_SHARED` or `shared/` beside the repository) and scripted dice: *Overwhelm*
//! (Knight Irene), *Apparition* (Kita the Springrunner), *Longshot Specialists* (Greatbow
//! Archers), other figures chosen besides the target (*Tetsubo*, *Fledgling Lightning Breath*),
//! combined attacks (*Encircle*).

use skirmish_dice::Dice;
use skirmish_engine::{Ruleset, Seat};

use crate::game::powers::values::{self, AttackKind};
use crate::game::state::{Phase, Stage, State};
use skirmish_board::hex::Hex;

use crate::game::powers::special::explain;
use crate::game::test_support::{battle, battle_on, fig, h, plain_raised};
use crate::game::tests::{in_turn, play, BLANK, SHIELD, SKULL};
use crate::game::{Action, Event, HeroScape};

fn special(figure: u32, target: u32, dice: Option<u16>) -> Action {
    special_also(figure, target, dice, &[])
}

fn special_also(figure: u32, target: u32, dice: Option<u16>, also: &[u32]) -> Action {
    Action::SpecialAttack {
        figure,
        power: 0,
        target: Some(target),
        line: None,
        dice,
        also: also.to_vec(),
    }
}

fn legal(state: &State, action: &Action) -> bool {
    HeroScape::legal_actions(state, Seat(0)).contains(action)
}

/// The attack dice rolled by the only special attack among `events`.
fn special_dice(events: &[Event]) -> usize {
    let rolls: Vec<usize> = events
        .iter()
        .filter_map(|e| match e {
            Event::SpecialAttacked { attack, .. } => Some(attack.len()),
            _ => None,
        })
        .collect();
    assert_eq!(rolls.len(), 1, "{events:?}");
    rolls[0]
}

#[test]
fn overwhelm_rolls_a_die_more_only_at_the_same_figure_a_second_time() {
    let s = battle(&[1; 8], &["Knight Irene"], &["Marro Warriors"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let irene = fig(&probe, "Knight Irene", 0);
    let (m1, m2) = (
        fig(&probe, "Marro Warriors", 0),
        fig(&probe, "Marro Warriors", 1),
    );
    let mut state = in_turn(&s, &[(m1, h(2)), (irene, h(3)), (m2, h(4))], Stage::Attack);
    // The first attack rolls the printed 3 dice, at either figure.
    for t in [m1, m2] {
        assert!(legal(&state, &special(irene, t, None)));
        assert!(!legal(&state, &special(irene, t, Some(4))));
    }
    let events = play(&mut state, Seat(0), special(irene, m1, None), &[BLANK; 3]);
    assert_eq!(special_dice(&events), 3);
    // The second: 3 or 4 dice at the same figure, only 3 at another.
    assert!(legal(&state, &special(irene, m1, Some(4))));
    assert!(legal(&state, &special(irene, m1, None)));
    assert!(legal(&state, &special(irene, m2, None)));
    assert!(!legal(&state, &special(irene, m2, Some(4))));
    // 4 skulls against 3 shields: a wound, and the Marro Warrior (life 1) is destroyed.
    let mut dice = vec![SKULL; 4];
    dice.extend([SHIELD; 3]);
    let events = play(&mut state, Seat(0), special(irene, m1, Some(4)), &dice);
    assert_eq!(special_dice(&events), 4);
    assert!(state.figure(m1).unwrap().destroyed);
    // Twice, no more.
    assert!(!HeroScape::legal_actions(&state, Seat(0))
        .iter()
        .any(|a| matches!(a, Action::SpecialAttack { .. })));
}

#[test]
fn overwhelm_is_barred_in_a_turn_irene_ran() {
    let s = battle(&[1; 8], &["Knight Irene"], &["Marro Warriors"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let irene = fig(&probe, "Knight Irene", 0);
    let m1 = fig(&probe, "Marro Warriors", 0);
    let to_attack = |state: &mut State| {
        if let Phase::Turns { turn: Some(t), .. } = &mut state.phase {
            t.stage = Stage::Attack;
        }
    };
    // Without Run she may use it.
    let mut state = in_turn(&s, &[(irene, h(2)), (m1, h(3))], Stage::Move);
    to_attack(&mut state);
    assert!(legal(&state, &special(irene, m1, None)));
    // After Run she may attack normally, not with Overwhelm.
    let mut state = in_turn(&s, &[(irene, h(2)), (m1, h(3))], Stage::Move);
    play(&mut state, Seat(0), Action::Run { figure: irene }, &[]);
    to_attack(&mut state);
    assert!(!HeroScape::legal_actions(&state, Seat(0))
        .iter()
        .any(|a| matches!(a, Action::SpecialAttack { .. })));
    assert!(legal(
        &state,
        &Action::Attack {
            figure: irene,
            target: m1
        }
    ));
    let why = explain(&state, &special(irene, m1, None)).unwrap_or_default();
    assert!(why.contains("Run"), "{why}");
}

#[test]
fn apparition_lets_only_figures_within_two_spaces_target_kita() {
    // A normal attack: Marro Warriors (range 6) on a flat strip.
    let s = battle(&[1; 10], &["Marro Warriors"], &["Kita the Springrunner"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let kita = fig(&probe, "Kita the Springrunner", 0);
    let (far, near) = (
        fig(&probe, "Marro Warriors", 0),
        fig(&probe, "Marro Warriors", 1),
    );
    let state = in_turn(
        &s,
        &[(far, h(2)), (near, h(3)), (kita, h(5))],
        Stage::Attack,
    );
    let attack = |figure| Action::Attack {
        figure,
        target: kita,
    };
    assert!(!legal(&state, &attack(far)), "3 spaces away");
    assert!(legal(&state, &attack(near)), "2 spaces away");
    // A special attack: Tul-Bak-Ra's Mind Blast (range 3).
    let s = battle(&[1; 10], &["Tul-Bak-Ra"], &["Kita the Springrunner"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let tul = fig(&probe, "Tul-Bak-Ra", 0);
    let kita = fig(&probe, "Kita the Springrunner", 0);
    let state = in_turn(&s, &[(tul, h(2)), (kita, h(5))], Stage::Attack);
    assert!(!legal(&state, &special(tul, kita, None)));
    let why = explain(&state, &special(tul, kita, None)).unwrap_or_default();
    assert!(why.contains("within 2 spaces"), "{why}");
    let mut state = in_turn(&s, &[(tul, h(3)), (kita, h(5))], Stage::Attack);
    assert!(legal(&state, &special(tul, kita, None)));
    let mut dice = vec![SKULL; 3];
    dice.extend([BLANK; 4]);
    let events = play(&mut state, Seat(0), special(tul, kita, None), &dice);
    assert_eq!(special_dice(&events), 3);
}

#[test]
fn longshot_specialists_add_by_range_when_the_archer_did_not_move() {
    let s = battle(&[1; 12], &["Greatbow Archers"], &["Marro Warriors"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let archer = fig(&probe, "Greatbow Archers", 0);
    let marro = fig(&probe, "Marro Warriors", 0);
    let mut state = in_turn(&s, &[(archer, h(1)), (marro, h(4))], Stage::Attack);
    // A large figure: its second hex behind it.
    state.figure_mut(archer).unwrap().tail = Some(h(0));
    let dice_at = |state: &mut State, q: i32| {
        state.figure_mut(marro).unwrap().hex = Some(h(q));
        let (a, t) = (
            state.figure(archer).unwrap().clone(),
            state.figure(marro).unwrap().clone(),
        );
        values::attack_dice(state, &a, &t, AttackKind::Normal).value()
    };
    // Printed 3; +1 at range 4 to 6; +2 instead at range 7.
    assert_eq!(dice_at(&mut state, 4), 3, "range 3");
    assert_eq!(dice_at(&mut state, 5), 4, "range 4");
    assert_eq!(dice_at(&mut state, 7), 4, "range 6");
    assert_eq!(dice_at(&mut state, 8), 5, "range 7");
    // The attack rolls them: 5 dice at range 7.
    let mut dice = vec![SKULL; 5];
    dice.extend([SHIELD; 3]);
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: archer,
            target: marro,
        },
        &dice,
    );
    let rolled = events.iter().find_map(|e| match e {
        Event::Attacked { attack, .. } => Some(attack.len()),
        _ => None,
    });
    assert_eq!(rolled, Some(5));
    // An archer that moved this turn adds nothing.
    let mut state = in_turn(&s, &[(archer, h(1)), (marro, h(8))], Stage::Attack);
    state.figure_mut(archer).unwrap().tail = Some(h(0));
    if let Phase::Turns { turn: Some(t), .. } = &mut state.phase {
        t.moved.push(archer);
    }
    assert_eq!(dice_at(&mut state, 8), 3);
}

/// The figures an only special attack among `events` affected, with their wounds.
fn hits(events: &[Event]) -> Vec<(u32, u16)> {
    events
        .iter()
        .find_map(|e| match e {
            Event::SpecialAttacked { hits, .. } => {
                Some(hits.iter().map(|h| (h.figure, h.wounds)).collect())
            }
            _ => None,
        })
        .expect("a special attack")
}

#[test]
fn tetsubo_attacks_a_figure_adjacent_to_the_target_as_well() {
    let s = battle(&[1; 8], &["Gurei-Oni"], &["Marro Warriors"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let gurei = fig(&probe, "Gurei-Oni", 0);
    let m: Vec<u32> = (0..3).map(|i| fig(&probe, "Marro Warriors", i)).collect();
    // m0 | Gurei-Oni | m1 | m2: m2 is adjacent to m1 only, m0 to Gurei-Oni only.
    let mut state = in_turn(
        &s,
        &[(m[0], h(1)), (gurei, h(2)), (m[1], h(3)), (m[2], h(4))],
        Stage::Attack,
    );
    assert!(legal(&state, &special(gurei, m[1], None)));
    assert!(legal(&state, &special_also(gurei, m[1], None, &[m[2]])));
    assert!(!legal(&state, &special_also(gurei, m[1], None, &[m[0]])));
    assert!(!legal(
        &state,
        &special_also(gurei, m[1], None, &[m[2], m[0]])
    ));
    // One roll of 3 dice, then each defends with its 3: 2 skulls against 1 shield and 2.
    let dice = [
        SKULL, SKULL, BLANK, SHIELD, BLANK, BLANK, SHIELD, SHIELD, BLANK,
    ];
    let events = play(
        &mut state,
        Seat(0),
        special_also(gurei, m[1], None, &[m[2]]),
        &dice,
    );
    assert_eq!(special_dice(&events), 3);
    assert_eq!(hits(&events), [(m[1], 1), (m[2], 0)]);
    assert!(state.figure(m[1]).unwrap().destroyed);
    assert!(!state.figure(m[2]).unwrap().destroyed);
}

#[test]
fn lightning_breath_reaches_a_figure_within_three_clear_sight_spaces_of_the_target() {
    let s = battle(&[1; 10], &["Blue Wyrmling"], &["Marro Warriors"]);
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let wyrm = fig(&probe, "Blue Wyrmling", 0);
    let m: Vec<u32> = (0..3).map(|i| fig(&probe, "Marro Warriors", i)).collect();
    // The target at range 4; the second 3 spaces beyond it (7 from the wyrmling), the third 4.
    let mut state = in_turn(
        &s,
        &[(wyrm, h(0)), (m[0], h(4)), (m[1], h(7)), (m[2], h(8))],
        Stage::Attack,
    );
    assert!(legal(&state, &special_also(wyrm, m[0], None, &[m[1]])));
    assert!(!legal(&state, &special_also(wyrm, m[0], None, &[m[2]])));
    assert!(!legal(&state, &special(wyrm, m[1], None)), "out of range 4");
    let dice = [SKULL, SKULL, BLANK, BLANK, BLANK, SHIELD, BLANK, BLANK];
    let events = play(
        &mut state,
        Seat(0),
        special_also(wyrm, m[0], None, &[m[1]]),
        &dice,
    );
    assert_eq!(special_dice(&events), 2);
    assert_eq!(hits(&events), [(m[0], 2), (m[1], 1)]);
    assert!(state.figure(m[1]).unwrap().destroyed);
}

#[test]
fn encircle_rolls_three_yari_attacks_as_one_from_the_lowest_height() {
    let centre = Hex::new(2, 2);
    let around: Vec<Hex> = centre.neighbours().into_iter().collect();
    // The acting Yari stands a level higher than the target, the two others level with it.
    let field = plain_raised(6, 5, &[(around[0], 2)]);
    let mut s = battle_on(field, &["Ashigaru Yari"], &["Tul-Bak-Ra"]);
    // The squad has four figures ("the 4th figure"); the data does not say, and the importer
    // reads three from "if 3 Ashigaru Yari".
    s.players[0].army[0].figures = 4;
    let probe = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
    let y: Vec<u32> = (0..4).map(|i| fig(&probe, "Ashigaru Yari", i)).collect();
    let tul = fig(&probe, "Tul-Bak-Ra", 0);
    let places = [
        (y[0], around[0]),
        (y[1], around[1]),
        (y[2], around[2]),
        (y[3], around[3]),
        (tul, centre),
    ];
    let mut state = in_turn(&s, &places, Stage::Attack);
    let encircle = special_also(y[0], tul, None, &[y[1], y[2]]);
    assert!(legal(&state, &encircle));
    let fourth = Action::Attack {
        figure: y[3],
        target: tul,
    };
    assert!(legal(&state, &fourth));
    assert!(!legal(&state, &special(y[0], tul, None)), "alone");
    assert!(
        !legal(&state, &special_also(y[0], tul, None, &[y[1]])),
        "two"
    );
    // The fourth has attacked: no Encircle.
    let mut after_fourth = state.clone();
    if let Phase::Turns { turn: Some(t), .. } = &mut after_fourth.phase {
        t.attacked.push(y[3]);
    }
    assert!(!legal(&after_fourth, &encircle));
    // Six dice, no height die for the higher Yari: the lowest is level with Tul-Bak-Ra.
    let mut dice = vec![SKULL, SKULL, SKULL, SKULL, BLANK, BLANK];
    dice.extend([SHIELD, BLANK, BLANK, BLANK]);
    // The attack itself, without the turn's end that follows when nothing is left to do.
    let mut d = Dice::scripted(dice.iter().copied());
    let mut events = Vec::new();
    super::apply(&mut state, Seat(0), &encircle, &mut d, &mut events).unwrap();
    assert!(d.script_error().is_none(), "{:?}", d.script_error());
    assert_eq!(special_dice(&events), 6);
    assert_eq!(hits(&events), [(tul, 3)]);
    assert_eq!(state.figure(tul).unwrap().wounds, 3);
    // The three attacked, and the fourth may not.
    let t = state.turn().unwrap();
    assert!(y[..3].iter().all(|id| t.attacked.contains(id)));
    assert!(super::normal_barred(&state, state.figure(y[3]).unwrap()));
    assert!(!legal(&state, &fourth));
    assert!(HeroScape::legal_actions(&state, Seat(0))
        .iter()
        .all(|a| !matches!(a, Action::Attack { .. } | Action::SpecialAttack { .. })));
    let why = super::barred_text(&state, y[3]).unwrap_or_default();
    assert!(why.contains("Encircle"), "{why}");
}
