//! Scenarios of the powers reacting inside an attack (`react.rs`), normal and special, with
//! real cards and scripted dice (1–3 skull, 4–5 shield, 6 blank): *Gift of the Empress Aura*,
//! *Cell Divide*, *Teleport Reinforcements*.

use skirmish_board::hex::Hex;
use skirmish_engine::{Pending, Ruleset, Seat};

use crate::game::frames::HsFrame;
use crate::game::powers::special::{self, Aim};
use crate::game::powers::values::{attack_dice, defence_dice, AttackKind, Why};
use crate::game::state::{Stage, State};
use crate::game::test_support::{battle_on, only_at, plain};
use crate::game::tests::play;
use crate::game::{Action, Decision, Event, HeroScape};

const SAMURAI: &str = "Izumi Samurai";
const KIOVA: &str = "Empress Kiova";
const IMPERIUM: &str = "The Einar Imperium";
const TUL: &str = "Tul-Bak-Ra";
const DIVIDERS: &str = "Marro Dividers";
const WARRIORS: &str = "Marro Warriors";
const WARDEN: &str = "Warden 816";

fn at(q: i32, r: i32) -> Hex {
    Hex::new(q, r)
}

/// The place of the power named `name` on `figure`'s card.
fn power(state: &State, figure: u32, name: &str) -> (u16, u8) {
    let unit = state.figure(figure).unwrap().unit;
    let i = state
        .unit(unit)
        .unwrap()
        .card
        .powers
        .iter()
        .position(|p| p.name == name)
        .unwrap_or_else(|| panic!("{name} on the card"));
    (unit, u8::try_from(i).unwrap())
}

/// The dice of `a`'s normal attack on `d`: attack, defence.
fn normal_dice(state: &State, a: u32, d: u32) -> (usize, usize) {
    let (fa, fd) = (state.figure(a).unwrap(), state.figure(d).unwrap());
    (
        usize::from(attack_dice(state, fa, fd, AttackKind::Normal).value()),
        usize::from(defence_dice(state, fa, fd, AttackKind::Normal).value()),
    )
}

/// `a`'s first special attack at `d`: the action and its dice, attack and defence.
fn special_at(state: &State, a: u32, d: u32) -> (Action, usize, usize) {
    let aim = Aim {
        figure: a,
        power: 0,
        target: Some(d),
        line: None,
        dice: None,
        also: Vec::new(),
    };
    let shot = special::shot(state, &aim).expect("the special attack may be made");
    let (fa, fd) = (state.figure(a).unwrap(), state.figure(d).unwrap());
    let defence = defence_dice(
        state,
        fa,
        fd,
        AttackKind::Special {
            dice: shot.power.attack,
        },
    );
    (
        Action::SpecialAttack {
            figure: a,
            power: 0,
            target: Some(d),
            line: None,
            dice: None,
            also: Vec::new(),
        },
        usize::from(shot.attack),
        usize::from(defence.value()),
    )
}

/// The question waiting: its seats and decision.
fn asked(state: &State) -> (Vec<Seat>, Decision) {
    match HeroScape::pending(state) {
        Pending::Decide { seats, decision } => (seats, decision),
        other => panic!("a question, not {other:?}"),
    }
}

fn reacting(state: &State) -> bool {
    matches!(
        state.frames.top(),
        Some(HsFrame::Wounds(
            crate::game::powers::wounds::WoundAsk::React(_)
        ))
    )
}

fn use_power(figure: u32, power: u8, target: Option<u32>) -> Action {
    Action::UsePower {
        figure,
        power,
        target,
    }
}

/// The first space offered to place `figure` on.
fn first_space(state: &State, seat: Seat, figure: u32) -> Action {
    HeroScape::legal_actions(state, seat)
        .into_iter()
        .find(|a| matches!(a, Action::PlaceCarried { figure: f, .. } if *f == figure))
        .expect("a space to place the figure on")
}

fn adjacent(state: &State, a: u32, b: u32) -> bool {
    let (fa, fb) = (state.figure(a).unwrap(), state.figure(b).unwrap());
    crate::game::powers::values::adjacent(state, fa, fb)
}

#[test]
fn gift_of_the_empress_rerolls_a_kyries_defence_against_a_normal_attack() {
    // "When you roll defense dice for any Kyrie that you control who follows Einar and is
    // within 5 clear sight spaces of Empress Kiova, you may re-roll all defense dice that did
    // not show shields. ... Empress Kiova's Gift of the Empress Aura does not affect Empress
    // Kiova."
    let sc = battle_on(plain(0, 6, 0, 3), &[SAMURAI], &[KIOVA, IMPERIUM]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (SAMURAI, 0, at(1, 1)),
            (SAMURAI, 1, at(5, 1)),
            (IMPERIUM, 0, at(2, 1)),
            (KIOVA, 0, at(4, 1)),
        ],
        Stage::Attack,
    );
    let [s1, s2, kyrie, kiova] = ids[..] else {
        panic!("four figures");
    };
    let (unit, gift) = power(&state, kiova, "Gift of the Empress Aura");
    // skulls against blanks: Kiova's player (not the seat whose turn it is) is asked, the dice
    // shown, nothing landed yet
    let (att, def) = normal_dice(&state, s1, kyrie);
    assert!(att > 0 && def > 0);
    let mut dice = vec![1; att];
    dice.extend(vec![6; def]);
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: s1,
            target: kyrie,
        },
        &dice,
    );
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::DefenceRolled { target, .. } if *target == kyrie)));
    assert!(!events.iter().any(|e| matches!(e, Event::Attacked { .. })));
    assert_eq!(
        asked(&state),
        (
            vec![Seat(1)],
            Decision::UsePower {
                figure: kiova,
                unit,
                power: gift
            }
        )
    );
    // every blank rolled again shows a shield: the attack is blocked
    let events = play(
        &mut state,
        Seat(1),
        use_power(kiova, gift, None),
        &vec![4; def],
    );
    let wounds = events
        .iter()
        .find_map(|e| match e {
            Event::Attacked {
                wounds, shields, ..
            } => Some((*wounds, *shields)),
            _ => None,
        })
        .expect("the attack lands");
    assert_eq!(
        wounds.0,
        u16::try_from(att.saturating_sub(wounds.1 as usize)).unwrap()
    );
    assert!(wounds.1 as usize >= def);
    assert!(state.figure(kyrie).unwrap().on_field());
    assert!(events.iter().any(|e| matches!(
        e,
        Event::React {
            what: crate::game::powers::react::Reacted::DefenceRerolled { figure, .. }
        } if *figure == kyrie
    )));
    assert!(!reacting(&state));
    // Kiova herself is not reached: her defence is not asked about
    let (att, def) = normal_dice(&state, s2, kiova);
    let mut dice = vec![1; att];
    dice.extend(vec![6; def]);
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: s2,
            target: kiova,
        },
        &dice,
    );
    assert!(events.iter().any(|e| matches!(e, Event::Attacked { .. })));
    assert!(!reacting(&state));
}

#[test]
fn gift_of_the_empress_rerolls_a_defence_against_a_special_attack() {
    // Tul-Bak-Ra's Mind Blast at a Kyrie of the Imperium beside Kiova: the defence rolled,
    // Kiova's player rolls its blanks again before the wounds land.
    let sc = battle_on(plain(0, 6, 0, 3), &[TUL], &[KIOVA, IMPERIUM]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (TUL, 0, at(1, 1)),
            (IMPERIUM, 0, at(3, 1)),
            (KIOVA, 0, at(4, 2)),
        ],
        Stage::Attack,
    );
    let [tul, kyrie, kiova] = ids[..] else {
        panic!("three figures");
    };
    let (_, gift) = power(&state, kiova, "Gift of the Empress Aura");
    let (blast, att, def) = special_at(&state, tul, kyrie);
    let mut dice = vec![1; att];
    dice.extend(vec![6; def]);
    let events = play(&mut state, Seat(0), blast, &dice);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::DefenceRolled { target, .. } if *target == kyrie)));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::SpecialAttacked { .. })));
    assert!(reacting(&state));
    assert!(matches!(
        asked(&state),
        (seats, Decision::UsePower { figure, power, .. })
            if seats == vec![Seat(1)] && figure == kiova && power == gift
    ));
    // declined: the blanks stay, the wounds land and the Kyrie (life 1) falls
    let events = play(&mut state, Seat(1), Action::DeclinePower, &[]);
    let hit = events
        .iter()
        .find_map(|e| match e {
            Event::SpecialAttacked { hits, .. } => hits.first().cloned(),
            _ => None,
        })
        .expect("the special attack lands");
    assert_eq!(usize::from(hit.wounds), att);
    assert!(state.figure(kyrie).unwrap().destroyed);
}

#[test]
fn gift_of_the_empress_used_in_a_special_attack_blocks_it() {
    let sc = battle_on(plain(0, 6, 0, 3), &[TUL], &[KIOVA, IMPERIUM]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (TUL, 0, at(1, 1)),
            (IMPERIUM, 0, at(3, 1)),
            (KIOVA, 0, at(4, 2)),
        ],
        Stage::Attack,
    );
    let [tul, kyrie, kiova] = ids[..] else {
        panic!("three figures");
    };
    let (_, gift) = power(&state, kiova, "Gift of the Empress Aura");
    let (blast, att, def) = special_at(&state, tul, kyrie);
    assert!(def >= att, "enough defence dice to block every skull");
    let mut dice = vec![1; att];
    dice.extend(vec![6; def]);
    play(&mut state, Seat(0), blast, &dice);
    let events = play(
        &mut state,
        Seat(1),
        use_power(kiova, gift, None),
        &vec![5; def],
    );
    let hit = events
        .iter()
        .find_map(|e| match e {
            Event::SpecialAttacked { hits, .. } => hits.first().cloned(),
            _ => None,
        })
        .expect("the special attack lands");
    assert_eq!(hit.wounds, 0);
    assert_eq!(usize::from(hit.shields), def);
    assert!(state.figure(kyrie).unwrap().on_field());
}

/// West: Izumi Samurai (the turn's card) beside a Marro Divider of East; another divider of
/// East's destroyed earlier where it stood.
fn samurai_against_dividers() -> (State, Vec<u32>) {
    let sc = battle_on(plain(0, 6, 0, 3), &[SAMURAI], &[DIVIDERS]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (SAMURAI, 0, at(1, 1)),
            (DIVIDERS, 0, at(2, 1)),
            (DIVIDERS, 1, at(5, 3)),
        ],
        Stage::Attack,
    );
    state.figure_mut(ids[2]).unwrap().destroyed = true;
    (state, ids)
}

#[test]
fn cell_divide_ignores_the_wounds_and_places_a_destroyed_divider_back() {
    // "When a Marro Divider you control receives one or more wounds from a Normal or Special
    // Attack by an opponent's figure, you may roll the 20-sided die before removing that
    // figure. If you roll a 17 or higher, ignore any wounds that figure just received and, if
    // possible, place one of your previously destroyed Marro Dividers on a same-level space
    // adjacent to the defending Marro Divider."
    let (mut state, ids) = samurai_against_dividers();
    let [s, d, gone] = ids[..] else {
        panic!("three figures");
    };
    let (unit, cell) = power(&state, d, "Cell Divide");
    let (att, def) = normal_dice(&state, s, d);
    let mut dice = vec![1; att];
    dice.extend(vec![6; def]);
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: s,
            target: d,
        },
        &dice,
    );
    assert_eq!(
        asked(&state),
        (
            vec![Seat(1)],
            Decision::UsePower {
                figure: d,
                unit,
                power: cell
            }
        )
    );
    // 17: the wounds are ignored, and the destroyed divider is placed beside it
    let events = play(&mut state, Seat(1), use_power(d, cell, None), &[17]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PowerRolled {
            die: 17,
            success: true,
            ..
        }
    )));
    assert!(!events.iter().any(|e| matches!(e, Event::Attacked { .. })));
    assert_eq!(
        asked(&state),
        (
            vec![Seat(1)],
            Decision::Deploy {
                figure: gone,
                unit,
                power: cell
            }
        )
    );
    let place = first_space(&state, Seat(1), gone);
    let events = play(&mut state, Seat(1), place, &[]);
    let (wounds, rules) = events
        .iter()
        .find_map(|e| match e {
            Event::Attacked { wounds, rules, .. } => Some((*wounds, rules.clone())),
            _ => None,
        })
        .expect("the attack lands");
    assert_eq!(wounds, 0);
    assert!(rules.contains(&Why::Power {
        unit,
        power: "Cell Divide".into()
    }));
    assert!(state.figure(d).unwrap().on_field());
    let back = state.figure(gone).unwrap();
    assert!(back.on_field());
    assert_eq!(back.level, state.figure(d).unwrap().level);
    assert!(adjacent(&state, d, gone));
}

#[test]
fn cell_divide_failing_or_declined_leaves_the_wounds() {
    let (mut state, ids) = samurai_against_dividers();
    let [s, d, gone] = ids[..] else {
        panic!("three figures");
    };
    let (_, cell) = power(&state, d, "Cell Divide");
    let (att, def) = normal_dice(&state, s, d);
    let mut dice = vec![1; att];
    dice.extend(vec![6; def]);
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: s,
            target: d,
        },
        &dice,
    );
    // 16 is not enough: the divider is destroyed, nobody comes back
    play(&mut state, Seat(1), use_power(d, cell, None), &[16]);
    assert!(state.figure(d).unwrap().destroyed);
    assert!(state.figure(gone).unwrap().destroyed);
    assert!(!reacting(&state));
}

#[test]
fn cell_divide_answers_a_special_attack() {
    // Tul-Bak-Ra's Mind Blast at a divider: asked before the wounds land; no divider was
    // destroyed before, so none comes back.
    let sc = battle_on(plain(0, 6, 0, 3), &[TUL], &[DIVIDERS]);
    let (mut state, ids) = only_at(
        &sc,
        &[(TUL, 0, at(1, 1)), (DIVIDERS, 0, at(3, 1))],
        Stage::Attack,
    );
    let [tul, d] = ids[..] else {
        panic!("two figures");
    };
    let (unit, cell) = power(&state, d, "Cell Divide");
    let (blast, att, def) = special_at(&state, tul, d);
    let mut dice = vec![1; att];
    dice.extend(vec![6; def]);
    let events = play(&mut state, Seat(0), blast, &dice);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::SpecialAttacked { .. })));
    assert!(!events.iter().any(|e| matches!(e, Event::Destroyed { .. })));
    assert_eq!(
        asked(&state),
        (
            vec![Seat(1)],
            Decision::UsePower {
                figure: d,
                unit,
                power: cell
            }
        )
    );
    let events = play(&mut state, Seat(1), use_power(d, cell, None), &[20]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PowerUsed {
            outcome: crate::power::Outcome::IgnoreWounds,
            ..
        }
    )));
    assert!(state.figure(d).unwrap().on_field());
    assert_eq!(state.figure(d).unwrap().wounds, 0);
    assert!(!reacting(&state));
}

/// East: Tul-Bak-Ra and two Marro Warriors away from him, one engaged with a second samurai.
fn samurai_against_tul() -> (State, Vec<u32>) {
    let sc = battle_on(plain(0, 6, 0, 3), &[SAMURAI], &[TUL, WARRIORS]);
    only_at(
        &sc,
        &[
            (SAMURAI, 0, at(1, 1)),
            (SAMURAI, 1, at(5, 2)),
            (TUL, 0, at(2, 1)),
            (WARRIORS, 0, at(5, 3)),
            (WARRIORS, 1, at(6, 0)),
        ],
        Stage::Attack,
    )
}

#[test]
fn teleport_reinforcements_place_a_marro_squad_figure_for_each_wound() {
    // "When Tul-Bak-Ra receives one or more wounds from an opposing figure's Normal or Special
    // attack but is not destroyed, you may choose one friendly Marro Squad figure for every
    // wound Tul-Bak-Ra just received. Place the chosen figure(s) on any empty space(s)
    // adjacent to Tul-Bak-Ra. If the teleported figure(s) are engaged, they will not take any
    // leaving engagement attacks."
    let (mut state, ids) = samurai_against_tul();
    let [s, _, tul, w1, w2] = ids[..] else {
        panic!("five figures");
    };
    let (unit, teleport) = power(&state, tul, "Teleport Reinforments");
    let (att, def) = normal_dice(&state, s, tul);
    assert!(att >= 2, "two wounds at least");
    let mut dice = vec![1; att];
    dice.extend(vec![6; def]);
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: s,
            target: tul,
        },
        &dice,
    );
    assert!(events.iter().any(|e| matches!(e, Event::Attacked { .. })));
    assert_eq!(usize::from(state.figure(tul).unwrap().wounds), att);
    assert_eq!(
        asked(&state),
        (
            vec![Seat(1)],
            Decision::UsePower {
                figure: tul,
                unit,
                power: teleport
            }
        )
    );
    let offered = HeroScape::legal_actions(&state, Seat(1));
    assert!(offered.contains(&use_power(tul, teleport, Some(w1))));
    assert!(offered.contains(&use_power(tul, teleport, Some(w2))));
    assert!(offered.contains(&Action::DeclinePower));
    // the engaged warrior first: placed beside Tul-Bak-Ra, no leaving-engagement attack
    // rolled (the script has no die for one)
    play(&mut state, Seat(1), use_power(tul, teleport, Some(w1)), &[]);
    assert!(matches!(asked(&state).1, Decision::Deploy { figure, .. } if figure == w1));
    let place = first_space(&state, Seat(1), w1);
    let events = play(&mut state, Seat(1), place, &[]);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::LeftEngagement { .. })));
    assert!(adjacent(&state, tul, w1));
    // the second wound: the other warrior, or none
    let offered = HeroScape::legal_actions(&state, Seat(1));
    assert!(!offered.contains(&use_power(tul, teleport, Some(w1))));
    assert!(offered.contains(&use_power(tul, teleport, Some(w2))));
    play(&mut state, Seat(1), Action::DeclinePower, &[]);
    assert!(!reacting(&state));
    assert!(!adjacent(&state, tul, w2));
}

#[test]
fn teleport_reinforcements_answer_a_special_attack() {
    // Warden 816's Evisceraxe (a special attack) wounds Tul-Bak-Ra: one warrior per wound
    let sc = battle_on(plain(0, 6, 0, 3), &[WARDEN], &[TUL, WARRIORS]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (WARDEN, 0, at(1, 1)),
            (TUL, 0, at(2, 1)),
            (WARRIORS, 0, at(5, 3)),
        ],
        Stage::Attack,
    );
    let [warden, tul, w1] = ids[..] else {
        panic!("three figures");
    };
    let (_, teleport) = power(&state, tul, "Teleport Reinforments");
    let (axe, att, def) = special_at(&state, warden, tul);
    // one skull, the rest blank: one wound, Tul-Bak-Ra stands
    let mut dice = vec![1];
    dice.extend(vec![6; att - 1]);
    dice.extend(vec![6; def]);
    play(&mut state, Seat(0), axe, &dice);
    assert_eq!(state.figure(tul).unwrap().wounds, 1);
    assert!(reacting(&state));
    play(&mut state, Seat(1), use_power(tul, teleport, Some(w1)), &[]);
    let place = first_space(&state, Seat(1), w1);
    play(&mut state, Seat(1), place, &[]);
    assert!(adjacent(&state, tul, w1));
    // one wound, one figure: nothing more is asked
    assert!(!reacting(&state));
}

#[test]
fn expendable_rabble_destroys_a_goblin_to_ignore_a_normal_attacks_wounds() {
    // "If a Horned Skull Brute you control is attacked with a normal attack by an opponent's
    // figure and would receive 1 or more wounds, you may destroy a small Goblin figure you
    // control that is adjacent to that Horned Skull Brute to ignore those wounds."
    const BRUTES: &str = "Horned Skull Brutes";
    const CUTTERS: &str = "Goblin Cutters";
    let sc = battle_on(plain(0, 6, 0, 3), &[SAMURAI], &[BRUTES, CUTTERS]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (SAMURAI, 0, at(1, 1)),
            (SAMURAI, 1, at(1, 3)),
            (BRUTES, 0, at(2, 1)),
            (BRUTES, 1, at(2, 3)),
            (CUTTERS, 0, at(3, 1)),
            (CUTTERS, 1, at(5, 0)),
        ],
        Stage::Attack,
    );
    let [s1, s2, b1, b2, near, far] = ids[..] else {
        panic!("six figures");
    };
    let (unit, rabble) = power(&state, b1, "EXPENDABLE RABBLE");
    let (att, def) = normal_dice(&state, s1, b1);
    let mut dice = vec![1; att];
    dice.extend(vec![6; def]);
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: s1,
            target: b1,
        },
        &dice,
    );
    assert_eq!(
        asked(&state),
        (
            vec![Seat(1)],
            Decision::UsePower {
                figure: b1,
                unit,
                power: rabble
            }
        )
    );
    // only the goblin beside the brute may go
    let offered = HeroScape::legal_actions(&state, Seat(1));
    assert_eq!(
        offered,
        vec![use_power(b1, rabble, Some(near)), Action::DeclinePower]
    );
    let events = play(&mut state, Seat(1), use_power(b1, rabble, Some(near)), &[]);
    let wounds = events
        .iter()
        .find_map(|e| match e {
            Event::Attacked { wounds, .. } => Some(*wounds),
            _ => None,
        })
        .expect("the attack lands");
    assert_eq!(wounds, 0);
    assert!(state.figure(near).unwrap().destroyed);
    assert!(state.figure(b1).unwrap().on_field());
    assert!(state.figure(far).unwrap().on_field());
    // the other brute has no goblin beside it: nothing is asked, the wounds land
    let (att, def) = normal_dice(&state, s2, b2);
    let mut dice = vec![1; att];
    dice.extend(vec![6; def]);
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: s2,
            target: b2,
        },
        &dice,
    );
    assert!(!reacting(&state));
    assert!(state.figure(b2).unwrap().destroyed);
}

#[test]
fn expendable_rabble_does_not_answer_a_special_attack() {
    const BRUTES: &str = "Horned Skull Brutes";
    const CUTTERS: &str = "Goblin Cutters";
    let sc = battle_on(plain(0, 6, 0, 3), &[TUL], &[BRUTES, CUTTERS]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (TUL, 0, at(1, 1)),
            (BRUTES, 0, at(3, 1)),
            (CUTTERS, 0, at(4, 1)),
        ],
        Stage::Attack,
    );
    let [tul, brute, goblin] = ids[..] else {
        panic!("three figures");
    };
    let (blast, att, def) = special_at(&state, tul, brute);
    let mut dice = vec![1; att];
    dice.extend(vec![6; def]);
    play(&mut state, Seat(0), blast, &dice);
    assert!(!reacting(&state));
    assert!(state.figure(brute).unwrap().destroyed);
    assert!(state.figure(goblin).unwrap().on_field());
}

#[test]
fn kieru_rolls_and_shiori_leaves_the_wounds_behind() {
    // "If Shiori is attacked with a normal or special attack and would take 1 or more wounds,
    // roll the 20-sided die. If you roll a 14 or higher, you may place Shiori on an empty
    // space within 2 spaces of Shiori that is not more than 6 levels above or below Shiori's
    // level. If you do, ignore those wounds."
    const SHIORI: &str = "Shiori (AOA)";
    let sc = battle_on(plain(0, 6, 0, 3), &[SAMURAI], &[SHIORI]);
    let (mut state, ids) = only_at(
        &sc,
        &[(SAMURAI, 0, at(1, 1)), (SHIORI, 0, at(2, 1))],
        Stage::Attack,
    );
    let [s, shiori] = ids[..] else {
        panic!("two figures");
    };
    let (unit, kieru) = power(&state, shiori, "KIERU 14");
    let (att, def) = normal_dice(&state, s, shiori);
    let mut dice = vec![1; att];
    dice.extend(vec![6; def]);
    // the roll is made at once, nobody asked: 14 succeeds
    dice.push(14);
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: s,
            target: shiori,
        },
        &dice,
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PowerRolled {
            die: 14,
            success: true,
            ..
        }
    )));
    assert_eq!(
        asked(&state),
        (
            vec![Seat(1)],
            Decision::Deploy {
                figure: shiori,
                unit,
                power: kieru
            }
        )
    );
    let offered = HeroScape::legal_actions(&state, Seat(1));
    assert!(offered.contains(&Action::DeclinePower));
    // every space offered is within 2 of where she stands, none her own
    let from = state.figure(shiori).unwrap().hex.unwrap();
    assert!(offered.iter().all(|a| match a {
        Action::PlaceCarried { to, .. } => *to != from && from.distance(*to) <= 2,
        _ => true,
    }));
    let place = first_space(&state, Seat(1), shiori);
    let Action::PlaceCarried { to, .. } = place else {
        panic!("a space");
    };
    let events = play(&mut state, Seat(1), place, &[]);
    let wounds = events
        .iter()
        .find_map(|e| match e {
            Event::Attacked { wounds, .. } => Some(*wounds),
            _ => None,
        })
        .expect("the attack lands");
    assert_eq!(wounds, 0);
    assert_eq!(state.figure(shiori).unwrap().wounds, 0);
    assert_eq!(state.figure(shiori).unwrap().hex, Some(to));
}

#[test]
fn kieru_failing_against_a_special_attack_leaves_the_wounds() {
    const SHIORI: &str = "Shiori (AOA)";
    let sc = battle_on(plain(0, 6, 0, 3), &[TUL], &[SHIORI]);
    let (mut state, ids) = only_at(
        &sc,
        &[(TUL, 0, at(1, 1)), (SHIORI, 0, at(3, 1))],
        Stage::Attack,
    );
    let [tul, shiori] = ids[..] else {
        panic!("two figures");
    };
    let (blast, att, def) = special_at(&state, tul, shiori);
    let mut dice = vec![1; att];
    dice.extend(vec![6; def]);
    // 13 fails: nothing is asked, the wounds land where she stands
    dice.push(13);
    let events = play(&mut state, Seat(0), blast, &dice);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PowerRolled {
            die: 13,
            success: false,
            ..
        }
    )));
    assert!(!reacting(&state));
    assert_eq!(usize::from(state.figure(shiori).unwrap().wounds), att);
    assert_eq!(state.figure(shiori).unwrap().hex, Some(at(3, 1)));
}

#[test]
fn mortal_strike_rolls_a_die_per_wound_on_a_unique_hero() {
    // "When an opponent's Unique Hero takes 1 or more wounds from a normal attack from this
    // Master of the Hunt, roll 1 combat die for each wound inflicted in that attack. For each
    // additional skull rolled, the defending figure takes 1 wound."
    const HUNTER: &str = "Master of the Hunt";
    let sc = battle_on(plain(0, 6, 0, 3), &[HUNTER], &[TUL]);
    let (mut state, ids) = only_at(
        &sc,
        &[(HUNTER, 0, at(1, 1)), (TUL, 0, at(2, 1))],
        Stage::Attack,
    );
    let [hunter, tul] = ids[..] else {
        panic!("two figures");
    };
    let (unit, strike) = power(&state, hunter, "MORTAL STRIKE");
    let (att, def) = normal_dice(&state, hunter, tul);
    assert!(att >= 2);
    // two skulls, blanks: two wounds; then two dice, one skull: one wound more
    let mut dice = vec![1, 1];
    dice.extend(vec![6; att - 2]);
    dice.extend(vec![6; def]);
    dice.extend([2, 6]);
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: hunter,
            target: tul,
        },
        &dice,
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::React {
            what: crate::game::powers::react::Reacted::DiceRolled { figure, power, dice, .. }
        } if *figure == hunter && *power == strike && dice.len() == 2
    )));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PowerWounded { figure, wounds: 1, why } if *figure == tul
            && *why == Why::Power { unit, power: "MORTAL STRIKE".into() }
    )));
    assert_eq!(state.figure(tul).unwrap().wounds, 3);
}

const MISAERX: &str = "Misaerx the Kyrie Warrior";
const ACOLYTES: &str = "Revnan Acolytes";

#[test]
fn hero_worship_rerolls_one_defence_die_of_a_revna_hero_beside_acolytes() {
    // "While a Hero you control who follows Revna attacks with a normal attack or defends, if
    // that Hero is adjacent to one or more Revnan Acolytes you control, you may re-roll 1 die."
    let sc = battle_on(plain(0, 6, 0, 3), &[SAMURAI], &[MISAERX, ACOLYTES]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (SAMURAI, 0, at(1, 1)),
            (MISAERX, 0, at(2, 1)),
            (ACOLYTES, 0, at(3, 1)),
        ],
        Stage::Attack,
    );
    let [s, hero, acolyte] = ids[..] else {
        panic!("three figures");
    };
    let (unit, worship) = power(&state, acolyte, "Hero Worship");
    let (att, def) = normal_dice(&state, s, hero);
    assert!(att >= 1 && att < usize::from(state.card_of(state.figure(hero).unwrap()).life));
    let mut dice = vec![1; att];
    dice.extend(vec![6; def]);
    play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: s,
            target: hero,
        },
        &dice,
    );
    assert!(matches!(
        asked(&state),
        (seats, Decision::UsePower { unit: u, power, .. })
            if seats == vec![Seat(1)] && u == unit && power == worship
    ));
    let Some(use_it) = HeroScape::legal_actions(&state, Seat(1))
        .into_iter()
        .find(|a| matches!(a, Action::UsePower { .. }))
    else {
        panic!("the power is offered");
    };
    // one die rolled again, a shield: one wound fewer
    play(&mut state, Seat(1), use_it, &[4]);
    assert_eq!(usize::from(state.figure(hero).unwrap().wounds), att - 1);
}

#[test]
fn hero_worship_rerolls_one_attack_die_of_a_revna_hero_beside_acolytes() {
    let sc = battle_on(plain(0, 6, 0, 3), &[MISAERX, ACOLYTES], &[SAMURAI]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (MISAERX, 0, at(2, 1)),
            (ACOLYTES, 0, at(2, 2)),
            (SAMURAI, 0, at(3, 1)),
        ],
        Stage::Attack,
    );
    let [hero, _, s] = ids[..] else {
        panic!("three figures");
    };
    let (att, def) = normal_dice(&state, hero, s);
    // no skull: the hero's own player is asked between the rolls
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: hero,
            target: s,
        },
        &vec![6; att],
    );
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::AttackRolled { .. })));
    let Some(use_it) = HeroScape::legal_actions(&state, Seat(0))
        .into_iter()
        .find(|a| matches!(a, Action::UsePower { .. }))
    else {
        panic!("the power is offered");
    };
    // one die rolled again shows a skull; the samurai's blanks leave it a wound
    let mut dice = vec![1];
    dice.extend(vec![6; def]);
    play(&mut state, Seat(0), use_it, &dice);
    assert!(state.figure(s).unwrap().destroyed);
}

#[test]
fn acid_sacs_roll_for_each_adjacent_figure_but_skordyre_as_the_soldier_falls() {
    // "If a Bursting Hive Soldier receives enough wounds to be destroyed by a normal attack or
    // leaving engagement attack, before destroying that Soldier, roll the 20-sided die once
    // for each adjacent figure that is not a Skordyre. If you roll a 9 or higher, that figure
    // receives 1 wound."
    const SOLDIER: &str = "Bursting Hive Soldier";
    let sc = battle_on(plain(0, 6, 0, 3), &[SAMURAI], &[SOLDIER, SOLDIER]);
    let (mut state, ids) = only_at(
        &sc,
        &[
            (SAMURAI, 0, at(1, 1)),
            (SAMURAI, 1, at(3, 1)),
            (SOLDIER, 0, at(2, 1)),
            (SOLDIER, 1, at(2, 2)),
        ],
        Stage::Attack,
    );
    let [s1, s2, soldier, other] = ids[..] else {
        panic!("four figures");
    };
    assert!(s1 < s2, "the samurai are rolled for in order");
    let (att, def) = normal_dice(&state, s1, soldier);
    let mut dice = vec![1; att];
    dice.extend(vec![6; def]);
    // a roll for each samurai, none for the other soldier: 9 wounds the first, 8 spares the
    // second
    dice.extend([9, 8]);
    let events = play(
        &mut state,
        Seat(0),
        Action::Attack {
            figure: s1,
            target: soldier,
        },
        &dice,
    );
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::PowerRolled { .. }))
            .count(),
        2
    );
    assert!(state.figure(soldier).unwrap().destroyed);
    assert!(state.figure(s1).unwrap().destroyed);
    assert!(state.figure(s2).unwrap().on_field());
    assert_eq!(state.figure(other).unwrap().wounds, 0);
}

#[test]
fn a_cowards_reward_rolls_a_die_more_at_a_figure_leaving_a_bursting_hive_soldier() {
    // "A Bursting Hive Soldier rolls 1 additional die when making a leaving engagement
    // attack." (the data cuts the power's name, "A C" / "OWARD'S REWARDA Bursting ...": the
    // import mends it)
    const SOLDIER: &str = "Bursting Hive Soldier";
    let leave = |west: &str, east: &str, dice: &[u8]| {
        let sc = battle_on(plain(0, 6, 0, 3), &[west], &[east]);
        let (mut state, ids) = only_at(
            &sc,
            &[(west, 0, at(1, 1)), (east, 0, at(2, 1))],
            Stage::Move,
        );
        let events = play(
            &mut state,
            Seat(0),
            Action::Move {
                figure: ids[0],
                to: at(0, 1),
                level: 1,
                tail: None,
            },
            dice,
        );
        events
            .into_iter()
            .find_map(|e| match e {
                Event::LeftEngagement { enemy, more, .. } => Some((enemy, more.len())),
                _ => None,
            })
            .map(|(enemy, more)| (enemy == ids[1], more))
    };
    // the samurai leaving the soldier: two dice
    assert_eq!(leave(SAMURAI, SOLDIER, &[6, 6]), Some((true, 1)));
    // the soldier leaving the samurai: the samurai rolls its one die only
    assert_eq!(leave(SOLDIER, SAMURAI, &[6]), Some((true, 0)));
}

#[test]
fn a_cowards_reward_reads_from_the_mended_name_of_the_real_card() {
    use crate::power::Effect;
    let card = crate::game::test_support::real("Bursting Hive Soldier");
    let reward = card
        .powers
        .iter()
        .find(|p| p.name == "A COWARD'S REWARD")
        .expect("the cut name is mended");
    assert_eq!(
        reward.text,
        "A Bursting Hive Soldier rolls 1 additional die when making a leaving engagement attack."
    );
    assert_eq!(
        reward.effects,
        Some(vec![Effect::LeavingEngagementDice { by: 1 }])
    );
}
