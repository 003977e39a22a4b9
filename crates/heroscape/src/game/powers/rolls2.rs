//! Powers acting inside a normal attack: as it begins ([`Effect::Splash`]) and between its
//! rolls ([`Effect::DuringRoll`]). [`combat::attack_or_ask`] stops the attack where such a
//! power applies and offers it to its owner through a [`MidAttack`] frame; the attack goes on
//! with the answers ([`combat::proceed`], [`combat::finish`]), then as any attack does (the
//! powers after attacking, the turn settling). A power that does not apply is not asked.
//!
//! Between the rolls the dice rolled are shown ([`Event::AttackRolled`], and the question's
//! words). *Onslaught Aura* ("once per player turn, after another Gladiator figure you
//! control or any figure you control within 4 clear sight spaces of Taelord the Kyrie Warrior
//! rolls attack dice for a normal attack against an adjacent figure, it may add 1 skull to the
//! roll"): the skull added counts like an automatic skull — it is not rolled, so *Deadly
//! Strike* ("each skull rolled") does not double it. *Brutality Aura* rolls again every attack
//! die without a skull, *Chain Axe* one of them (they all count alike, so which one is no
//! choice); the log shows the dice before and after ([`Event::AttackRerolled`]). Neither is
//! asked when every die shows a skull.
//!
//! As the attack begins, *Cleave* may choose a Squad figure adjacent to the attacker and
//! *Vydar's Hammer* must choose a Small, Medium or Large figure adjacent to the defender (the
//! defending figure never): it takes a wound if the defending figure receives any from the
//! attack ([`Event::SplashChosen`], then a [`Event::PowerWounded`]).

use serde::{Deserialize, Serialize};
use skirmish_dice::Dice;
use skirmish_engine::frames::Ask;
use skirmish_engine::{Rejection, Seat};

use crate::power::rolls2::{Beside, DuringRoll, Once, RollChange, Splash};
use crate::power::{Effect, Filter};

use super::super::combat::{self, Face, Rolled, Splashed};
use super::super::frames::HsFrame;
use super::super::state::{Figure, State, Turn, Unit};
use super::super::{play, Action, Decision, Event};
use super::values::{self, adjacent, AttackKind, Fight, Why};

/// The question asked inside an attack: the attack so far and the powers still to offer,
/// first first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MidAttack {
    /// The attacking figure.
    pub attacker: u32,
    /// The defending figure.
    pub target: u32,
    /// The attack, its attack dice rolled; `None` as it begins, before the roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolled: Option<Rolled>,
    /// The figures chosen as it began (*Cleave*).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chosen: Vec<Splashed>,
    /// The powers to offer.
    pub offers: Vec<RollOffer>,
}

/// One power offered inside an attack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollOffer {
    /// Who answers: the power's owner.
    pub seat: Seat,
    /// A figure of the power's card (the attacker when it bears the power).
    pub figure: u32,
    /// The power's card.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
}

/// The effects of `unit`'s power at `power` with the power's name.
fn effects_at(state: &State, unit: u16, power: u8) -> Option<(String, &[Effect])> {
    let p = state.unit(unit)?.card.powers.get(usize::from(power))?;
    Some((p.name.clone(), p.effects.as_deref()?))
}

fn why(state: &State, unit: u16, power: u8) -> Why {
    Why::Power {
        unit,
        power: effects_at(state, unit, power)
            .map(|(n, _)| n)
            .unwrap_or_default(),
    }
}

fn during_roll(state: &State, unit: u16, power: u8) -> Option<DuringRoll> {
    effects_at(state, unit, power)?
        .1
        .iter()
        .find_map(|e| match e {
            Effect::DuringRoll { roll } => Some(roll.clone()),
            _ => None,
        })
}

fn splash_of(state: &State, unit: u16, power: u8) -> Option<Splash> {
    effects_at(state, unit, power)?
        .1
        .iter()
        .find_map(|e| match e {
            Effect::Splash { splash } => Some(splash.clone()),
            _ => None,
        })
}

/// The attack's figures as a normal attack being valued.
fn fight<'a>(state: &'a State, attacker: u32, target: u32) -> Option<Fight<'a>> {
    Some(Fight {
        attacker: state.figure(attacker)?,
        defender: state.figure(target)?,
        kind: AttackKind::Normal,
    })
}

/// Whether the power applies to this roll now: its card stands, it reaches the attacker, the
/// attack is what it needs, the roll can change, and it was not used as often as it may be.
fn applies(state: &State, unit: u16, power: u8, roll: &DuringRoll, rolled: &Rolled) -> bool {
    let (Some(u), Some(f)) = (
        state.unit(unit),
        fight(state, rolled.attacker, rolled.target),
    ) else {
        return false;
    };
    if !state.unit_standing(unit) {
        return false;
    }
    let skulls = combat::skulls(&rolled.attack) as usize;
    if !roll.change.changes(skulls, rolled.attack.len()) {
        return false;
    }
    if roll.once == Some(Once::PlayerTurn) && super::triggered::used(state, unit, power) {
        return false;
    }
    let a = f.attacker;
    roll.attackers.iter().any(|r| {
        values::reaches(state, u, r.who, a, Some(&f)) && super::matches(state.card_of(a), &r.filter)
    }) && roll
        .when
        .iter()
        .all(|c| values::holds(state, u, a, c, Some(&f)))
}

/// The figures a [`Splash`] of the attacker's card may choose in this attack.
fn candidates(state: &State, splash: &Splash, attacker: u32, target: u32) -> Vec<u32> {
    let (Some(a), Some(t)) = (state.figure(attacker), state.figure(target)) else {
        return Vec::new();
    };
    let next_to = match splash.beside {
        Beside::Attacker => a,
        Beside::Defender => t,
    };
    state
        .figures
        .iter()
        .filter(|g| g.on_field() && g.id != target && adjacent(state, next_to, g))
        .filter(|g| super::matches(state.card_of(g), &splash.filter))
        .map(|g| g.id)
        .collect()
}

/// The powers of `attacker`'s card choosing a figure as its attack begins.
fn splash_offers(state: &State, attacker: u32, target: u32) -> Vec<RollOffer> {
    let (Some(f), Some(a)) = (fight(state, attacker, target), state.figure(attacker)) else {
        return Vec::new();
    };
    let Some(u) = state.unit(a.unit) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, p) in u.card.powers.iter().enumerate() {
        let Ok(power) = u8::try_from(i) else { continue };
        for e in p.effects.iter().flatten() {
            let Effect::Splash { splash } = e else {
                continue;
            };
            if splash
                .when
                .iter()
                .all(|c| values::holds(state, u, a, c, Some(&f)))
                && !candidates(state, splash, attacker, target).is_empty()
            {
                out.push(RollOffer {
                    seat: a.owner,
                    figure: attacker,
                    unit: u.id,
                    power,
                });
            }
        }
    }
    out
}

/// The powers applying to this roll, in the order of the units and their powers.
fn roll_offers(state: &State, rolled: &Rolled) -> Vec<RollOffer> {
    let mut out = Vec::new();
    for u in &state.units {
        for (i, p) in u.card.powers.iter().enumerate() {
            let Ok(power) = u8::try_from(i) else { continue };
            let Some(roll) = p.effects.iter().flatten().find_map(|e| match e {
                Effect::DuringRoll { roll } => Some(roll),
                _ => None,
            }) else {
                continue;
            };
            if !applies(state, u.id, power, roll, rolled) {
                continue;
            }
            let figure = if state
                .figure(rolled.attacker)
                .is_some_and(|a| a.unit == u.id)
            {
                rolled.attacker
            } else {
                match state.unit_alive(u.id).next() {
                    Some(f) => f.id,
                    None => continue,
                }
            };
            out.push(RollOffer {
                seat: u.owner,
                figure,
                unit: u.id,
                power,
            });
        }
    }
    out
}

/// A normal attack begins: when a power of the attacker's card chooses a figure now
/// (*Cleave*), its owner is asked and the attack waits for the answer.
pub fn ask_before(state: &mut State, attacker: u32, target: u32) -> bool {
    let offers = splash_offers(state, attacker, target);
    if offers.is_empty() {
        return false;
    }
    state.frames.as_mut().push(HsFrame::MidAttack(MidAttack {
        attacker,
        target,
        rolled: None,
        chosen: Vec::new(),
        offers,
    }));
    true
}

/// The attack's dice are rolled: when a power may change the roll, its owner is asked (a
/// [`MidAttack`] frame, the dice shown) and the attack waits for the answer.
pub fn ask(state: &mut State, rolled: &Rolled, events: &mut Vec<Event>) -> bool {
    let offers = roll_offers(state, rolled);
    if offers.is_empty() {
        return false;
    }
    events.push(Event::AttackRolled {
        attacker: rolled.attacker,
        target: rolled.target,
        attack: rolled.attack.clone(),
    });
    state.frames.as_mut().push(HsFrame::MidAttack(MidAttack {
        attacker: rolled.attacker,
        target: rolled.target,
        rolled: Some(rolled.clone()),
        chosen: Vec::new(),
        offers,
    }));
    true
}

/// What the frame asks: the first power offered, to its owner.
pub(crate) fn asks(m: &MidAttack) -> Ask<Decision> {
    let o = m.offers.first();
    Ask {
        seats: o.map(|o| o.seat).into_iter().collect(),
        decision: Decision::UsePower {
            figure: o.map_or(m.attacker, |o| o.figure),
            unit: o.map_or(0, |o| o.unit),
            power: o.map_or(0, |o| o.power),
        },
    }
}

/// The answers: use the power (on each figure it may choose, as the attack begins), or not
/// (unless it must choose one).
pub(crate) fn answers(state: &State, m: &MidAttack, seat: Seat) -> Vec<Action> {
    let Some(o) = m.offers.first().filter(|o| o.seat == seat) else {
        return Vec::new();
    };
    if m.rolled.is_some() {
        return vec![
            Action::UsePower {
                figure: o.figure,
                power: o.power,
                target: None,
            },
            Action::DeclinePower,
        ];
    }
    let Some(splash) = splash_of(state, o.unit, o.power) else {
        return Vec::new();
    };
    let mut out: Vec<Action> = candidates(state, &splash, m.attacker, m.target)
        .into_iter()
        .map(|c| Action::UsePower {
            figure: o.figure,
            power: o.power,
            target: Some(c),
        })
        .collect();
    if !splash.must || out.is_empty() {
        out.push(Action::DeclinePower);
    }
    out
}

/// Answers the first power offered; the next that still applies is asked, or the attack goes
/// on: its roll, its defence dice, its wounds, then what follows an attack in a turn.
pub(crate) fn resolve(
    state: &mut State,
    mut m: MidAttack,
    seat: Seat,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    if !answers(state, &m, seat).contains(answer) {
        return Err(Rejection::illegal(
            "use the power (on a figure it may choose) or decline it",
        ));
    }
    state.frames.as_mut().pop();
    let o = m.offers.remove(0);
    match answer {
        Action::UsePower { target, .. } => use_power(state, &mut m, &o, *target, dice, events),
        _ => events.push(Event::PowerDeclined {
            figure: o.figure,
            unit: o.unit,
            power: o.power,
        }),
    }
    match &m.rolled {
        Some(rolled) => m.offers.retain(|x| {
            during_roll(state, x.unit, x.power)
                .is_some_and(|roll| applies(state, x.unit, x.power, &roll, rolled))
        }),
        None => m.offers.retain(|x| {
            splash_of(state, x.unit, x.power)
                .is_some_and(|s| !candidates(state, &s, m.attacker, m.target).is_empty())
        }),
    }
    if !m.offers.is_empty() {
        state.frames.as_mut().push(HsFrame::MidAttack(m));
        return Ok(());
    }
    let (attacker, target) = (m.attacker, m.target);
    let wounds = match m.rolled {
        Some(rolled) => combat::finish_or_ask(state, rolled, dice, events),
        None => combat::proceed(state, attacker, target, m.chosen, dice, events),
    };
    // a power between the rolls, or after the defence dice, is asked now
    let Some(wounds) = wounds else {
        return Ok(());
    };
    // what follows a normal attack in a turn (`play`'s attack action)
    super::triggered::after_attack(state, attacker, dice, events);
    if super::extra_moves::after_attack(state, attacker, target, wounds) {
        return Ok(());
    }
    play::settle(state, dice, events);
    Ok(())
}

/// The power offered is used.
fn use_power(
    state: &mut State,
    m: &mut MidAttack,
    o: &RollOffer,
    chosen: Option<u32>,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let why = why(state, o.unit, o.power);
    if let (None, Some(splash), Some(c)) = (&m.rolled, splash_of(state, o.unit, o.power), chosen) {
        m.chosen.push(Splashed {
            why,
            figure: c,
            wounds: splash.wounds,
        });
        events.push(Event::SplashChosen {
            attacker: m.attacker,
            unit: o.unit,
            power: o.power,
            chosen: c,
        });
        return;
    }
    let (Some(rolled), Some(roll)) = (m.rolled.as_mut(), during_roll(state, o.unit, o.power))
    else {
        return;
    };
    if roll.once.is_some() {
        if let Some(k) = super::triggered::turn_key(state) {
            state.powers.used.push((k, o.unit, o.power));
        }
    }
    match roll.change {
        RollChange::AddSkulls(n) => {
            for _ in 0..n {
                rolled.added.push(why.clone());
            }
            events.push(Event::SkullsAdded {
                attacker: rolled.attacker,
                unit: o.unit,
                power: o.power,
                skulls: n,
            });
        }
        RollChange::RerollNonSkulls | RollChange::RerollOneNonSkull => {
            let before = rolled.attack.clone();
            let mut left = match roll.change {
                RollChange::RerollOneNonSkull => 1,
                _ => usize::MAX,
            };
            for face in &mut rolled.attack {
                if *face != Face::Skull && left > 0 {
                    *face = combat::roll(dice, 1)[0];
                    left -= 1;
                }
            }
            events.push(Event::AttackRerolled {
                attacker: rolled.attacker,
                unit: o.unit,
                power: o.power,
                before,
                after: rolled.attack.clone(),
            });
        }
    }
}

/// [`crate::power::Condition::ControlsAnother`]: the owner of `unit`'s card controls a figure
/// on the battlefield of another card matching `filter`.
pub fn controls_another(state: &State, unit: &Unit, filter: &Filter) -> bool {
    state.figures.iter().any(|g| {
        g.on_field()
            && g.owner == unit.owner
            && g.unit != unit.id
            && super::matches(state.card_of(g), filter)
    })
}

/// [`Effect::ExtraAttacksAfterAdjacent`]: whether `f`'s first attack of the turn was against a
/// figure adjacent to it then (the turn's record says so).
pub fn first_attack_adjacent(turn: &Turn, f: &Figure) -> bool {
    turn.record
        .strikes
        .iter()
        .find(|s| s.attacker == f.id)
        .is_some_and(|s| !s.apart)
}

/// [`Effect::ReachNear`]: the range `f`'s powers add against `t` (*Reach*).
pub fn reach_near(state: &State, f: &Figure, t: &Figure) -> u32 {
    if state.allies(f.owner, t.owner) {
        return 0;
    }
    let card = state.card_of(f);
    super::effects(card)
        .filter_map(|e| match *e {
            Effect::ReachNear {
                within,
                above_top,
                below_base,
                by,
            } if super::super::geometry::within(state, f, t, u32::from(within))
                && i32::from(t.level)
                    <= i32::from(f.level) + i32::from(card.height) + i32::from(above_top)
                && i32::from(t.level) >= i32::from(f.level) - i32::from(below_base) =>
            {
                Some(u32::from(by))
            }
            _ => None,
        })
        .sum()
}
