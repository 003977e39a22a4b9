//! Scenarios of the powers acting between an attack's rolls (`rolls2.rs`), with real cards
//! and scripted dice (1–3 skull, 4–5 shield, 6 blank): *Onslaught Aura*, *Brutality Aura*,
//! *Dynastic Leadership*, *Chain Axe*.

use skirmish_board::hex::Hex;
use skirmish_engine::{Pending, Ruleset, Seat};

use crate::game::frames::HsFrame;
use crate::game::powers::values::{defence_dice, move_of, AttackKind};
use crate::game::state::{Stage, State};
use crate::game::test_support::{battle_on, only_at, plain};
use crate::game::tests::play;
use crate::game::{Action, Decision, Event, Face, HeroScape};

const TAELORD: &str = "Taelord the Kyrie Warrior (SotC)";

fn at(q: i32, r: i32) -> Hex {
    Hex::new(q, r)
}

/// Blank defence dice, as many as `d` rolls against `a`'s normal attack.
fn blanks(state: &State, a: u32, d: u32) -> Vec<u8> {
    let (fa, fd) = (state.figure(a).unwrap(), state.figure(d).unwrap());
    vec![6; usize::from(defence_dice(state, fa, fd, AttackKind::Normal).value())]
}

/// The attack's record in the events.
fn attacked(events: &[Event]) -> (u16, u16) {
    events
        .iter()
        .find_map(|e| match e {
            Event::Attacked { skulls, wounds, .. } => Some((*skulls, *wounds)),
            _ => None,
        })
        .expect("an attack was resolved")
}

/// The place of the power named `name` on `figure`'s card.
fn power_of(state: &State, figure: u32, name: &str) -> u8 {
    let card = state.card_of(state.figure(figure).unwrap());
    let i = card.powers.iter().position(|p| p.name == name).unwrap();
    u8::try_from(i).unwrap()
}

fn waits_for_the_aura(state: &State) -> bool {
    matches!(state.frames.top(), Some(HsFrame::MidAttack(_)))
}

/// West: three Capuan Gladiators (the turn's card) with Taelord far off; East: Tarn Viking
/// Warriors, two of them each adjacent to a gladiator.
fn gladiators() -> (State, Vec<u32>) {
    let sc = battle_on(
        plain(0, 9, 0, 3),
        &["Capuan Gladiators", TAELORD],
        &["Tarn Viking Warriors"],
    );
    only_at(
        &sc,
        &[
            ("Capuan Gladiators", 0, at(1, 1)),
            ("Capuan Gladiators", 1, at(1, 3)),
            (TAELORD, 0, at(9, 3)),
            ("Tarn Viking Warriors", 0, at(2, 1)),
            ("Tarn Viking Warriors", 1, at(2, 2)),
        ],
        Stage::Attack,
    )
}

#[test]
fn onslaught_aura_adds_a_skull_to_another_gladiators_roll_once_per_player_turn() {
    // "Once per player turn, after another Gladiator figure you control or any figure you
    // control within 4 clear sight spaces of Taelord the Kyrie Warrior rolls attack dice for
    // a normal attack against an adjacent figure, it may add 1 skull to the roll."
    let (mut state, ids) = gladiators();
    let [g1, g2, taelord, v1, v2] = ids[..] else {
        panic!("five figures");
    };
    // three blanks: the gladiator (attack 3) rolled no skull; West is asked, dice shown
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: g1,
            target: v1,
        },
        &[6, 6, 6],
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::AttackRolled { attacker, attack, .. } if *attacker == g1 && attack.len() == 3
    )));
    assert!(!events.iter().any(|e| matches!(e, Event::Attacked { .. })));
    assert!(waits_for_the_aura(&state));
    let taelord_unit = state.figure(taelord).unwrap().unit;
    match HeroScape::pending(&state) {
        Pending::Decide { seats, decision } => {
            assert_eq!(seats, vec![Seat(0)]);
            assert!(
                matches!(decision, Decision::UsePower { unit, power: 0, .. } if unit == taelord_unit)
            );
        }
        other => panic!("a question between the rolls, not {other:?}"),
    }
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![
            Action::UsePower {
                figure: taelord,
                power: 0,
                target: None
            },
            Action::DeclinePower
        ]
    );
    assert!(HeroScape::legal_actions(&state, Seat(1)).is_empty());
    // the skull added, the Viking's defence rolls blanks: 1 wound, and it falls
    let defence = blanks(&state, g1, v1);
    let events = play(
        &mut state,
        Seat(0),
        Action::UsePower {
            figure: taelord,
            power: 0,
            target: None,
        },
        &defence,
    );
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::SkullsAdded { skulls: 1, .. })));
    assert_eq!(attacked(&events), (1, 1));
    assert!(state.figure(v1).unwrap().destroyed);
    assert!(!waits_for_the_aura(&state));
    // the second gladiator's attack in the same player turn is not asked: no skull
    let defence = blanks(&state, g2, v2);
    let dice: Vec<u8> = [6, 6, 6].into_iter().chain(defence).collect();
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: g2,
            target: v2,
        },
        &dice,
    );
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::AttackRolled { .. })));
    assert_eq!(attacked(&events), (0, 0));
    assert!(!state.figure(v2).unwrap().destroyed);
}

#[test]
fn a_declined_onslaught_aura_leaves_the_roll_and_is_offered_again() {
    let (mut state, ids) = gladiators();
    let [g1, g2, taelord, v1, v2] = ids[..] else {
        panic!("five figures");
    };
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: g1,
            target: v1,
        },
        &[6, 6, 6],
    );
    let defence = blanks(&state, g1, v1);
    let events = play(&mut state, Seat(0), Action::DeclinePower, &defence);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::PowerDeclined { figure, .. } if *figure == taelord)));
    assert_eq!(attacked(&events), (0, 0));
    assert!(!state.figure(v1).unwrap().destroyed);
    // not used yet this turn: the next attack is asked again
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: g2,
            target: v2,
        },
        &[6, 6, 6],
    );
    assert!(waits_for_the_aura(&state));
}

#[test]
fn onslaught_aura_reaches_taelord_and_deadly_strike_does_not_double_the_added_skull() {
    // Taelord is within 4 spaces of himself ("any figure you control within 4 clear sight
    // spaces"); his Deadly Strike doubles the skulls rolled, not the one added.
    let sc = battle_on(plain(0, 9, 0, 3), &[TAELORD], &["Tarn Viking Warriors"]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (TAELORD, 0, at(1, 1)),
            ("Tarn Viking Warriors", 0, at(2, 1)),
            ("Tarn Viking Warriors", 1, at(8, 1)),
        ],
        Stage::Attack,
    );
    let [taelord, v1, _] = ids[..] else {
        panic!("three figures");
    };
    // attack 2: a skull and a blank
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: taelord,
            target: v1,
        },
        &[1, 6],
    );
    assert!(waits_for_the_aura(&state));
    let defence = blanks(&state, taelord, v1);
    let events = play(
        &mut state,
        Seat(0),
        Action::UsePower {
            figure: taelord,
            power: 0,
            target: None,
        },
        &defence,
    );
    // 1 rolled, doubled to 2, and the 1 added
    assert_eq!(attacked(&events).0, 3);
}

#[test]
fn onslaught_aura_is_not_asked_of_a_figure_it_does_not_reach_or_a_ranged_attack() {
    // Greenshirts are no Gladiators: beyond 4 spaces of Taelord, their attack is not asked;
    // and a gladiator's attack against a figure that is not adjacent is not either.
    let sc = battle_on(
        plain(0, 9, 0, 3),
        &["Greenshirts", TAELORD],
        &["Tarn Viking Warriors"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Greenshirts", 0, at(1, 1)),
            (TAELORD, 0, at(9, 3)),
            ("Tarn Viking Warriors", 0, at(2, 1)),
        ],
        Stage::Attack,
    );
    let [soldier, _, v1] = ids[..] else {
        panic!("three figures");
    };
    let defence = blanks(&state, soldier, v1);
    let dice: Vec<u8> = [6, 6].into_iter().chain(defence).collect();
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: soldier,
            target: v1,
        },
        &dice,
    );
    assert!(!waits_for_the_aura(&state));
    assert_eq!(attacked(&events), (0, 0));
    // within 4 spaces of Taelord, the same soldier is asked
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Greenshirts", 0, at(1, 1)),
            (TAELORD, 0, at(1, 3)),
            ("Tarn Viking Warriors", 0, at(2, 1)),
        ],
        Stage::Attack,
    );
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: ids[0],
            target: ids[2],
        },
        &[6, 6],
    );
    assert!(waits_for_the_aura(&state));
    // a ranged attack (not adjacent) within 4 spaces is not asked
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Greenshirts", 0, at(1, 1)),
            (TAELORD, 0, at(1, 3)),
            ("Tarn Viking Warriors", 0, at(4, 1)),
        ],
        Stage::Attack,
    );
    let defence = blanks(&state, ids[0], ids[2]);
    let dice: Vec<u8> = [6, 6].into_iter().chain(defence).collect();
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: ids[0],
            target: ids[2],
        },
        &dice,
    );
    assert!(!waits_for_the_aura(&state));
}

const LOVIATAK: &str = "Loviatäk the Kyrie Warrior";

/// West: Minions of Utgar (the turn's card), Loviatäk within 4 spaces, Taelord (MP) far off;
/// East: Tarn Viking Warriors, two of them each adjacent to a minion.
fn minions() -> (State, Vec<u32>) {
    let sc = battle_on(
        plain(0, 9, 0, 3),
        &[
            "Minions of Utgar",
            LOVIATAK,
            "Taelord the Kyrie Warrior (MP)",
        ],
        &["Tarn Viking Warriors"],
    );
    only_at(
        &sc,
        &[
            ("Minions of Utgar", 0, at(1, 1)),
            ("Minions of Utgar", 1, at(1, 3)),
            (LOVIATAK, 0, at(0, 2)),
            ("Taelord the Kyrie Warrior (MP)", 0, at(9, 0)),
            ("Tarn Viking Warriors", 0, at(2, 1)),
            ("Tarn Viking Warriors", 1, at(2, 2)),
        ],
        Stage::Attack,
    )
}

#[test]
fn brutality_aura_rolls_again_the_dice_without_skulls_once_per_turn() {
    // "When a Squad figure you control within 4 clear sight spaces of Loviatäk the Kyrie
    // Warrior attacks an adjacent figure with a normal attack, before defense dice are rolled,
    // you may re-roll all attack dice that did not show skulls. Brutality Aura may only be
    // used once per turn."
    let (mut state, ids) = minions();
    let [m1, m2, loviatak, _, v1, v2] = ids[..] else {
        panic!("six figures");
    };
    // a shield and a blank (attack 2): West is asked
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: m1,
            target: v1,
        },
        &[4, 6],
    );
    assert!(waits_for_the_aura(&state));
    let use_it = Action::UsePower {
        figure: loviatak,
        power: 0,
        target: None,
    };
    assert!(HeroScape::legal_actions(&state, Seat(0)).contains(&use_it));
    // both dice rolled again: two skulls; blank defence: the Viking falls
    let dice: Vec<u8> = [1, 2].into_iter().chain(blanks(&state, m1, v1)).collect();
    let events = play(&mut state, Seat(0), use_it, &dice);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::AttackRerolled { before, after, .. }
            if before.iter().all(|f| *f != Face::Skull) && after.iter().all(|f| *f == Face::Skull)
    )));
    // the Minions' own Deadly Strike doubles the skulls rolled
    assert_eq!(attacked(&events).0, 4);
    assert!(state.figure(v1).unwrap().destroyed);
    // once per turn: the second minion is not asked
    let dice: Vec<u8> = [6, 6].into_iter().chain(blanks(&state, m2, v2)).collect();
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: m2,
            target: v2,
        },
        &dice,
    );
    assert!(!waits_for_the_aura(&state));
    assert_eq!(attacked(&events), (0, 0));
}

#[test]
fn brutality_aura_is_not_asked_when_every_die_shows_a_skull() {
    let (mut state, ids) = minions();
    let [m1, _, _, _, v1, _] = ids[..] else {
        panic!("six figures");
    };
    let dice: Vec<u8> = [1, 1].into_iter().chain(blanks(&state, m1, v1)).collect();
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: m1,
            target: v1,
        },
        &dice,
    );
    assert!(!waits_for_the_aura(&state));
    // two skulls, doubled by the Minions' own Deadly Strike
    assert_eq!(attacked(&events).0, 4);
}

#[test]
fn dynastic_leadership_needs_another_unique_kyrie_hero_who_follows_utgar() {
    // "If you control Loviatäk and another Unique Kyrie Hero who follows Utgar, figures you
    // control who follow Utgar increase their Move Value by 1."
    let (mut state, ids) = minions();
    let [m1, _, loviatak, taelord, v1, _] = ids[..] else {
        panic!("six figures");
    };
    let moves = |s: &State, id: u32| move_of(s, s.figure(id).unwrap()).value();
    assert_eq!(moves(&state, m1), 5, "Minions of Utgar: 4 + 1");
    assert_eq!(moves(&state, loviatak), 6, "Loviatäk follows Utgar: 5 + 1");
    assert_eq!(moves(&state, v1), 4, "an opponent's figure: unchanged");
    // without another Utgar Kyrie hero on the battlefield, nothing
    state.figure_mut(taelord).unwrap().destroyed = true;
    assert_eq!(moves(&state, m1), 4);
    assert_eq!(moves(&state, loviatak), 5);
}

#[test]
fn chain_axe_rolls_one_die_without_a_skull_again() {
    // "After rolling attack dice, before defense dice are rolled, you may re-roll one die that
    // did not roll a skull."
    let sc = battle_on(
        plain(0, 9, 0, 3),
        &["Dorim the Bulkhead Brawler"],
        &["Tarn Viking Warriors"],
    );
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Dorim the Bulkhead Brawler", 0, at(1, 1)),
            ("Tarn Viking Warriors", 0, at(2, 1)),
            ("Tarn Viking Warriors", 1, at(8, 1)),
        ],
        Stage::Attack,
    );
    let [dorim, v1, _] = ids[..] else {
        panic!("three figures");
    };
    // attack 4: a skull, then three dice without one
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: dorim,
            target: v1,
        },
        &[1, 4, 6, 6],
    );
    assert!(waits_for_the_aura(&state));
    // one die only is rolled again (one die scripted: a second would break the script)
    let dice: Vec<u8> = [2].into_iter().chain(blanks(&state, dorim, v1)).collect();
    let power = power_of(&state, dorim, "Chain Axe");
    let events = play(
        &mut state,
        Seat(0),
        Action::UsePower {
            figure: dorim,
            power,
            target: None,
        },
        &dice,
    );
    let Some(Event::AttackRerolled { before, after, .. }) = events
        .iter()
        .find(|e| matches!(e, Event::AttackRerolled { .. }))
    else {
        panic!("the die rolled again is in the log");
    };
    assert_eq!(before.len(), 4);
    assert_eq!(
        after.iter().filter(|f| **f == Face::Skull).count(),
        2,
        "{before:?} → {after:?}"
    );
    assert_eq!(attacked(&events).0, 2);
}

#[test]
fn double_assault_gives_another_attack_after_an_adjacent_one_only() {
    // "When Evar Scarcarver attacks an adjacent figure or destructible object, he may attack
    // one additional time."
    let sc = battle_on(
        plain(0, 9, 0, 3),
        &["Evar Scarcarver"],
        &["Tarn Viking Warriors"],
    );
    let attack = |figure, target| Action::Attack { figure, target };
    let attacks = |state: &State| {
        HeroScape::legal_actions(state, Seat(0))
            .into_iter()
            .filter(|a| matches!(a, Action::Attack { .. }))
            .count()
    };
    // two Vikings adjacent: after the first attack (blanks, nobody falls), another one
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Evar Scarcarver", 0, at(1, 1)),
            ("Tarn Viking Warriors", 0, at(2, 1)),
            ("Tarn Viking Warriors", 1, at(1, 2)),
        ],
        Stage::Attack,
    );
    let [evar, v1, v2] = ids[..] else {
        panic!("three figures");
    };
    let dice: Vec<u8> = [6, 6].into_iter().chain(blanks(&state, evar, v1)).collect();
    play(&mut state, Seat(0), attack(evar, v1), &dice);
    assert!(HeroScape::legal_actions(&state, Seat(0)).contains(&attack(evar, v2)));
    let dice: Vec<u8> = [6, 6].into_iter().chain(blanks(&state, evar, v2)).collect();
    play(&mut state, Seat(0), attack(evar, v2), &dice);
    assert_eq!(attacks(&state), 0, "one additional time only");
    // a Viking 3 spaces away first: no other attack, though another stands in range
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Evar Scarcarver", 0, at(1, 1)),
            ("Tarn Viking Warriors", 0, at(4, 1)),
            ("Tarn Viking Warriors", 1, at(4, 2)),
        ],
        Stage::Attack,
    );
    let [evar, far, _] = ids[..] else {
        panic!("three figures");
    };
    assert_eq!(attacks(&state), 2);
    let dice: Vec<u8> = [6, 6]
        .into_iter()
        .chain(blanks(&state, evar, far))
        .collect();
    play(&mut state, Seat(0), attack(evar, far), &dice);
    assert_eq!(attacks(&state), 0);
}

/// Whether the attack waits for a choice made as it begins (before its roll).
fn waits_before_the_roll(state: &State) -> bool {
    matches!(state.frames.top(), Some(HsFrame::MidAttack(m)) if m.rolled.is_none())
}

#[test]
fn cleave_wounds_the_chosen_squad_figure_when_the_defender_is_wounded() {
    // "When Tandros Kreel attacks an adjacent figure, you may choose one Squad figure that is
    // also adjacent to Tandros Kreel. If the defending figure recieves any wounds from Tandros
    // Kreel's attack, the chosen figure recieves one wound."
    let sc = battle_on(
        plain(0, 9, 0, 3),
        &["Tandros Kreel"],
        &["Tarn Viking Warriors"],
    );
    let places = [
        ("Tandros Kreel", 0, at(1, 1)),
        ("Tarn Viking Warriors", 0, at(2, 1)),
        ("Tarn Viking Warriors", 1, at(1, 2)),
        ("Tarn Viking Warriors", 2, at(5, 1)),
    ];
    let (mut state, ids) = only_at(&sc, &places, Stage::Attack);
    let [tandros, v1, v2, _] = ids[..] else {
        panic!("four figures");
    };
    let power = power_of(&state, tandros, "Cleave");
    let cleave = |t| Action::UsePower {
        figure: tandros,
        power,
        target: Some(t),
    };
    // asked before any die is rolled: the other adjacent squad figure, or nobody
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: tandros,
            target: v1,
        },
        &[],
    );
    assert!(events.is_empty());
    assert!(waits_before_the_roll(&state));
    assert_eq!(
        HeroScape::legal_actions(&state, Seat(0)),
        vec![cleave(v2), Action::DeclinePower]
    );
    // attack 2 + 2 (Plus 2 Broadsword): one skull, blank defence: both Vikings fall
    let dice: Vec<u8> = [1, 6, 6, 6]
        .into_iter()
        .chain(blanks(&state, tandros, v1))
        .collect();
    let events = play(&mut state, Seat(0), cleave(v2), &dice);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::SplashChosen { chosen, .. } if *chosen == v2)));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::PowerWounded { figure, wounds: 1, .. } if *figure == v2)));
    assert!(state.figure(v1).unwrap().destroyed);
    assert!(state.figure(v2).unwrap().destroyed);
    // no wound on the defender: none on the chosen figure
    let (mut state, _) = only_at(&sc, &places, Stage::Attack);
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: tandros,
            target: v1,
        },
        &[],
    );
    let dice: Vec<u8> = [6, 6, 6, 6]
        .into_iter()
        .chain(blanks(&state, tandros, v1))
        .collect();
    let events = play(&mut state, Seat(0), cleave(v2), &dice);
    assert_eq!(attacked(&events).1, 0);
    assert!(!state.figure(v2).unwrap().destroyed);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::PowerWounded { .. })));
}

#[test]
fn vydars_hammer_must_choose_a_figure_beside_the_defender() {
    // "When Major Q11 attacks an adjacent figure with a normal attack, you choose one Small,
    // Medium, or Large figure that is adjacent to the defending figure. If the defending
    // figure receives any wounds from Major Q11's attack, the chose figure receives one wound."
    let sc = battle_on(plain(0, 9, 0, 3), &["Major Q11"], &["Tarn Viking Warriors"]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            ("Major Q11", 0, at(1, 1)),
            ("Tarn Viking Warriors", 0, at(2, 1)),
            ("Tarn Viking Warriors", 1, at(3, 1)),
        ],
        Stage::Attack,
    );
    let [q11, v1, v2] = ids[..] else {
        panic!("three figures");
    };
    let power = power_of(&state, q11, "Vydar's Hammer");
    let hammer = |t| Action::UsePower {
        figure: q11,
        power,
        target: Some(t),
    };
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: q11,
            target: v1,
        },
        &[],
    );
    // "you choose": no refusal; Major Q11 stands beside the defender too
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal.contains(&hammer(v2)) && legal.contains(&hammer(q11)));
    assert!(!legal.contains(&Action::DeclinePower));
    let n = usize::from(
        crate::game::powers::values::attack_dice(
            &state,
            state.figure(q11).unwrap(),
            state.figure(v1).unwrap(),
            AttackKind::Normal,
        )
        .value(),
    );
    let dice: Vec<u8> = std::iter::once(1)
        .chain(std::iter::repeat_n(6, n - 1))
        .chain(blanks(&state, q11, v1))
        .collect();
    play(&mut state, Seat(0), hammer(v2), &dice);
    assert!(state.figure(v1).unwrap().destroyed);
    assert!(state.figure(v2).unwrap().destroyed);
}

#[test]
fn reach_lets_the_fen_hydra_attack_a_near_opponent_two_spaces_away() {
    // "If an opponent's figure is within 2 spaces of this Fen Hydra, and its base is no more
    // than 3 levels above this Fen Hydra's height or 3 levels below this Fen Hyda's base, this
    // Fen Hydra may add 1 to its Range when attacking that figure."
    let sc = battle_on(plain(0, 9, 0, 3), &["Fen Hydra"], &["Tarn Viking Warriors"]);
    let (state, ids) = only_at(
        &sc,
        &[
            ("Fen Hydra", 0, at(2, 1)),
            ("Tarn Viking Warriors", 0, at(4, 1)),
            ("Tarn Viking Warriors", 1, at(5, 2)),
        ],
        Stage::Attack,
    );
    let [hydra, near, far] = ids[..] else {
        panic!("three figures");
    };
    let f = state.figure(hydra).unwrap();
    assert_eq!(
        crate::game::glyphs::range_of(&state, f),
        1,
        "range 1 printed"
    );
    let targets = crate::game::play::targets(&state, f);
    assert!(targets.contains(&near), "2 spaces away: range 1 + 1");
    assert!(!targets.contains(&far), "3 spaces away");
    // a figure standing more than 3 levels above the hydra's top is out of its reach
    let height = state.card_of(f).height;
    let top = 1 + height + 3;
    for (level, reached) in [(top, true), (top + 1, false)] {
        let sc = battle_on(
            crate::game::test_support::plain_raised(10, 4, &[(at(4, 1), level)]),
            &["Fen Hydra"],
            &["Tarn Viking Warriors"],
        );
        let (state, ids) = only_at(
            &sc,
            &[
                ("Fen Hydra", 0, at(2, 1)),
                ("Tarn Viking Warriors", 0, at(4, 1)),
            ],
            Stage::Attack,
        );
        let f = state.figure(ids[0]).unwrap();
        assert_eq!(
            crate::game::play::targets(&state, f).contains(&ids[1]),
            reached,
            "a Viking on level {level}"
        );
    }
}
