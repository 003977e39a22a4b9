//! Powers acting when a figure receives wounds, from the defender's side: its owner (often
//! not the seat whose turn it is) is asked inside the attack, through a [`WoundAsk`] frame
//! answered `use_power` or `decline_power`. Nothing is rolled while a question waits, so the
//! dice stream keeps its order and replays stay exact.
//!
//! *Exoskeleton* ([`Supply::IgnoreWounds`]): "after a Mezzodemon Warmonger rolls defense dice
//! against a normal attack, you may remove 1 Exoskeleton marker from its Army Card to ignore
//! all wounds inflicted by that attack". A normal attack stops once its defence dice are
//! rolled ([`combat::finish_or_ask`]); when a figure of such a card would receive wounds and a
//! marker is left, the defending figure's owner is asked ([`Defence`]), the dice shown
//! ([`Event::DefenceRolled`]). The attack then ends as any attack does ([`combat::land`]):
//! the wounds (none when the marker went: the power is named among the attack's rules), then
//! what follows an attack in a turn.
//!
//! *Dying Swipe* ([`WoundPower::DyingSwipe`]): when a figure of the card, attacked with a
//! normal attack by an opponent's figure, receives enough wounds to be destroyed, its attack
//! dice are rolled at once ([`Event::SwipeRolled`]); the figure stays on the battlefield, its
//! wounds on its card, while its owner puts a wound for each skull, one at a time, on any
//! figure adjacent to it, or not ([`Swipe`]; no defence dice, a figure may take several).
//! Then it is removed, destroyed by the attacker (what follows a destruction in an attack
//! comes then: [`combat::destroyed_in_attack`]). Without a skull, or without a figure beside
//! it, it is removed at once.

use serde::{Deserialize, Serialize};
use skirmish_dice::Dice;
use skirmish_engine::frames::Ask;
use skirmish_engine::{Rejection, Seat};

use crate::power::wounds::WoundPower;
use crate::power::{Effect, Supply};

use super::super::combat::{self, Defended, Rolled};
use super::super::frames::HsFrame;
use super::super::state::State;
use super::super::{play, Action, Decision, Event};
use super::supplies;
use super::values::{self, adjacent, AttackKind, Why};

/// A question of this family.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WoundAsk {
    /// Once an attack's defence dice are rolled (*Exoskeleton*): the attack so far, boxed.
    Defence(Box<Defence>),
    /// As a figure falls, for each skull it rolled (*Dying Swipe*).
    Swipe(Swipe),
    /// A power reacting inside a normal or special attack (`react`: *Gift of the Empress
    /// Aura*, *Cell Divide*, *Teleport Reinforcements*), boxed.
    React(Box<super::react::Asked>),
}

/// The question asked once an attack's defence dice are rolled: the attack so far and the
/// power offered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Defence {
    /// Who answers: the power's owner.
    pub seat: Seat,
    /// The defending figure.
    pub figure: u32,
    /// Its card.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
    /// The attack, its attack dice rolled.
    pub rolled: Rolled,
    /// Its defence, rolled.
    pub defended: Defended,
}

/// A figure an attack destroyed swipes at the figures beside it before it is removed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Swipe {
    /// Who answers: the falling figure's owner.
    pub seat: Seat,
    /// The falling figure.
    pub figure: u32,
    /// Its card.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
    /// Skulls left to inflict.
    pub skulls: u16,
    /// The attacking figure.
    pub attacker: u32,
    /// The wounds the attack dealt.
    pub wounds: u16,
}

/// The powers of `unit`'s card that spend a marker to ignore an attack's wounds, with their
/// place among its powers.
fn ignoring(state: &State, unit: u16) -> Vec<u8> {
    let Some(u) = state.unit(unit) else {
        return Vec::new();
    };
    u.card
        .powers
        .iter()
        .enumerate()
        .filter(|(_, p)| {
            p.effects
                .iter()
                .flatten()
                .any(|e| matches!(e, Effect::Supply(Supply::IgnoreWounds { .. })))
        })
        .filter_map(|(i, _)| u8::try_from(i).ok())
        .collect()
}

/// A normal attack's defence dice are rolled: when its defending figure would receive wounds
/// and a power of its card may ignore them, the figure's owner is asked and the attack waits
/// for the answer. A defence left unrolled by a power (*Hide in Darkness*) was not rolled, and
/// is not asked about.
pub(crate) fn ask(
    state: &mut State,
    rolled: &Rolled,
    defended: &Defended,
    events: &mut Vec<Event>,
) -> bool {
    if rolled.kind != AttackKind::Normal || defended.dodge.is_some() {
        return false;
    }
    let Some(t) = state.figure(rolled.target).filter(|t| t.on_field()) else {
        return false;
    };
    let (seat, unit) = (t.owner, t.unit);
    let Some(power) = ignoring(state, unit)
        .into_iter()
        .find(|&p| supplies::available(state, unit, p))
    else {
        return false;
    };
    let wounds = combat::wounds_of(state, rolled, defended);
    if wounds == 0 {
        return false;
    }
    events.push(Event::DefenceRolled {
        attacker: rolled.attacker,
        target: rolled.target,
        attack: rolled.attack.clone(),
        defence: defended.defence.clone(),
        wounds,
    });
    state
        .frames
        .as_mut()
        .push(HsFrame::Wounds(WoundAsk::Defence(Box::new(Defence {
            seat,
            figure: rolled.target,
            unit,
            power,
            rolled: rolled.clone(),
            defended: defended.clone(),
        }))));
    true
}

/// The *Dying Swipe* of `target`'s card: its place and dice.
fn swipe_of(state: &State, target: u32) -> Option<(u8, u16)> {
    let t = state.figure(target)?;
    state
        .card_of(t)
        .powers
        .iter()
        .enumerate()
        .find_map(|(i, p)| {
            p.effects.iter().flatten().find_map(|e| match e {
                Effect::Wounds(WoundPower::DyingSwipe { dice }) => {
                    Some((u8::try_from(i).ok()?, *dice))
                }
                _ => None,
            })
        })
}

/// The figures adjacent to the falling figure, which a skull may wound.
fn beside(state: &State, figure: u32) -> Vec<u32> {
    let Some(f) = state.figure(figure) else {
        return Vec::new();
    };
    state
        .figures
        .iter()
        .filter(|g| g.on_field() && g.id != figure && adjacent(state, f, g))
        .map(|g| g.id)
        .collect()
}

/// `wounds` of a normal attack by `attacker` are about to be put on `target`: when they
/// destroy a figure with *Dying Swipe* attacked by an opponent's figure, its dice are rolled
/// now; with a skull and a figure beside it, the wounds go on its card without removing it
/// and its owner is asked ([`Swipe`], pushed for [`swipe_waits`]): true, the caller puts no
/// wounds. Otherwise false, and the wounds land as usual.
pub(crate) fn swipe_begins(
    state: &mut State,
    (attacker, target): (u32, u32),
    kind: AttackKind,
    wounds: u16,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> bool {
    if kind != AttackKind::Normal || wounds == 0 {
        return false;
    }
    let (Some(a), Some(t)) = (state.figure(attacker), state.figure(target)) else {
        return false;
    };
    if !t.on_field() || state.allies(a.owner, t.owner) {
        return false;
    }
    let Some((power, n)) = swipe_of(state, target) else {
        return false;
    };
    let life = values::life_of(state, t).value().max(1);
    if t.wounds.saturating_add(wounds) < life
        || super::destroyed::spared_until_round_end(state, target)
    {
        return false;
    }
    let (seat, unit) = (t.owner, t.unit);
    let faces = combat::roll(dice, n);
    let skulls = combat::skulls(&faces);
    events.push(Event::SwipeRolled {
        figure: target,
        unit,
        power,
        attack: faces,
    });
    if skulls == 0 || beside(state, target).is_empty() {
        return false;
    }
    if let Some(f) = state.figure_mut(target) {
        f.wounds = life;
    }
    state
        .frames
        .as_mut()
        .push(HsFrame::Wounds(WoundAsk::Swipe(Swipe {
            seat,
            figure: target,
            unit,
            power,
            skulls,
            attacker,
            wounds: 0,
        })));
    true
}

/// Once the attack whose wounds began a *Dying Swipe* has ended: the swipe asks now, knowing
/// the wounds the attack dealt. True when it waits.
pub(crate) fn swipe_waits(state: &mut State, wounds: u16) -> bool {
    match state.frames.as_mut().top_mut() {
        Some(HsFrame::Wounds(WoundAsk::Swipe(s))) => {
            s.wounds = wounds;
            true
        }
        _ => false,
    }
}

/// What the frame asks: the power, to its owner.
pub(crate) fn asks(w: &WoundAsk) -> Ask<Decision> {
    let (seat, figure, unit, power) = match w {
        WoundAsk::React(r) => return super::react::asks(r),
        WoundAsk::Defence(d) => (d.seat, d.figure, d.unit, d.power),
        WoundAsk::Swipe(s) => (s.seat, s.figure, s.unit, s.power),
    };
    Ask {
        seats: vec![seat],
        decision: Decision::UsePower {
            figure,
            unit,
            power,
        },
    }
}

/// The answers: use the power (on each figure a skull may wound) or not.
pub(crate) fn answers(state: &State, w: &WoundAsk, seat: Seat) -> Vec<Action> {
    match w {
        WoundAsk::React(r) => super::react::answers(state, r, seat),
        WoundAsk::Defence(d) if d.seat == seat => vec![
            Action::UsePower {
                figure: d.figure,
                power: d.power,
                target: None,
            },
            Action::DeclinePower,
        ],
        WoundAsk::Swipe(s) if s.seat == seat => beside(state, s.figure)
            .into_iter()
            .map(|t| Action::UsePower {
                figure: s.figure,
                power: s.power,
                target: Some(t),
            })
            .chain([Action::DeclinePower])
            .collect(),
        _ => Vec::new(),
    }
}

/// Answers the question, then the attack goes on.
pub(crate) fn resolve(
    state: &mut State,
    w: WoundAsk,
    seat: Seat,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    if !answers(state, &w, seat).contains(answer) {
        return Err(Rejection::illegal(
            "use the power (on a figure it may choose) or decline it",
        ));
    }
    state.frames.as_mut().pop();
    match w {
        WoundAsk::Defence(d) => defence(state, *d, answer, dice, events),
        WoundAsk::Swipe(s) => swipe(state, s, answer, dice, events),
        WoundAsk::React(r) => super::react::resolve(state, *r, answer, dice, events),
    }
    Ok(())
}

fn power_why(state: &State, unit: u16, power: u8) -> Why {
    Why::Power {
        unit,
        power: state
            .unit(unit)
            .and_then(|u| u.card.powers.get(usize::from(power)))
            .map(|p| p.name.clone())
            .unwrap_or_default(),
    }
}

/// *Exoskeleton* answered: a marker off the card and the wounds ignored, or nothing; then the
/// attack ends.
fn defence(
    state: &mut State,
    mut d: Defence,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    if matches!(answer, Action::UsePower { .. }) && supplies::available(state, d.unit, d.power) {
        supplies::spend(state, d.unit, d.power);
        events.push(Event::SupplyUsed {
            figure: d.figure,
            unit: d.unit,
            power: d.power,
            left: supplies::left(state, d.unit, d.power),
        });
        d.defended.ignored = Some(power_why(state, d.unit, d.power));
    } else {
        events.push(Event::PowerDeclined {
            figure: d.figure,
            unit: d.unit,
            power: d.power,
        });
    }
    let (attacker, target) = (d.rolled.attacker, d.rolled.target);
    // the powers answering the wounds about to land may ask (`react`), then they land
    let Some(wounds) = super::react::normal(
        state,
        d.rolled,
        d.defended,
        super::react::Step::Receive,
        dice,
        events,
    ) else {
        return;
    };
    after_attack(state, attacker, target, wounds, dice, events);
}

/// *Dying Swipe* answered for one skull: a wound on the figure chosen, or none. The next skull
/// asks while a figure stands beside the falling one; then it is removed and the attack ends.
fn swipe(
    state: &mut State,
    mut s: Swipe,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    match answer {
        Action::UsePower {
            target: Some(t), ..
        } => {
            let why = power_why(state, s.unit, s.power);
            combat::power_wound_by(state, *t, 1, why, dice, events);
        }
        _ => events.push(Event::PowerDeclined {
            figure: s.figure,
            unit: s.unit,
            power: s.power,
        }),
    }
    s.skulls -= 1;
    if s.skulls > 0 && !beside(state, s.figure).is_empty() {
        state
            .frames
            .as_mut()
            .push(HsFrame::Wounds(WoundAsk::Swipe(s)));
        return;
    }
    let (Some(a), Some(t)) = (
        state.figure(s.attacker).cloned(),
        state.figure(s.figure).cloned(),
    ) else {
        return;
    };
    combat::destroy(state, s.figure, events);
    combat::destroyed_in_attack(state, &a, &t, AttackKind::Normal, events);
    super::tiles::destroyed(state, s.figure, dice, events);
    after_attack(state, s.attacker, s.figure, s.wounds, dice, events);
}

/// What follows a normal attack in a turn (`play`'s attack action), once its question is
/// answered.
pub(crate) fn after_attack(
    state: &mut State,
    attacker: u32,
    target: u32,
    wounds: u16,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    super::triggered::after_attack(state, attacker, dice, events);
    if super::extra_moves::after_attack(state, attacker, target, wounds) {
        return;
    }
    play::settle(state, dice, events);
}
