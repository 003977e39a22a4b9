//! *Knockback* ([`ThrowPower::Knockback`]): after a figure of the card attacks, its player may
//! roll the d20 for each figure it attacked this turn that still stands, one at a time, and on
//! a success place that figure on an empty space near the attacker, no higher than it stood.
//!
//! Once the attack is over (`play::settle`, in the attack step), the figures the card's figure
//! attacked this turn — the targets of its normal attacks, every figure its special attacks
//! reached (remembered by [`special_attacked`]) — that match the card's filter, still stand,
//! stand on one space, are held by no Cyberclaw and have a space to go to are offered in a
//! [`Knock`] frame ([`Decision::UsePower`]): its player picks the next figure to roll for
//! ([`Action::UsePower`] with that figure), or rolls for no other ([`Action::DeclinePower`]).
//! On a success the frame asks where the figure goes ([`Decision::Deploy`], answered with
//! [`Action::PlaceCarried`]; the card says *place*, so there is no leaving it). Each figure is
//! offered once a turn. Placing is not moving: no leaving-engagement attack, no glyph stopped
//! on, no lava; a non-flying figure placed lower than it stood takes the fall of that drop
//! (the movement's *Chute*: one attack die from a drop of its height, two from ten more, a
//! wound per skull), as the card says.

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_dice::Dice;
use skirmish_engine::frames::Ask;
use skirmish_engine::{Rejection, Seat};

use crate::battlefield::Level;
use crate::power::{Effect, Filter, Outcome, Placing, Roll, Throw, ThrowPower};

use super::super::frames::HsFrame;
use super::super::state::{Figure, Stage, State};
use super::super::{combat, geometry, play, Action, Decision, Event};
use super::triggered::TurnKey;

/// A *Knockback* under way: the figures still to roll for, or the one to place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Knock {
    /// The attacker's player, who rolls and places.
    pub seat: Seat,
    /// The figure with the power, which attacked.
    pub user: u32,
    /// Its unit.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
    /// The figures not rolled for yet.
    pub left: Vec<u32>,
    /// The figure whose roll succeeded, waiting for its space.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placing: Option<u32>,
}

/// What *Knockback* remembers of the turn under way.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnockMemory {
    /// Figures a special attack of a figure with the power reached: the turn's key, the
    /// attacker, the figure.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub struck: Vec<(TurnKey, u32, u32)>,
    /// Figures already offered to the power: the turn's key, the figure.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offered: Vec<(TurnKey, u32)>,
}

/// The power of a card: its place among the card's powers, the figures it knocks back, the
/// roll needed and the spaces.
fn knockback(state: &State, unit: u16) -> Option<(u8, Filter, u8, u16)> {
    let card = &state.unit(unit)?.card;
    card.powers.iter().enumerate().find_map(|(i, p)| {
        p.effects.as_deref()?.iter().find_map(|e| match e {
            Effect::Throw(ThrowPower::Knockback {
                filter,
                at_least,
                within,
            }) => Some((u8::try_from(i).ok()?, filter.clone(), *at_least, *within)),
            _ => None,
        })
    })
}

/// The landing the power allows: within its clear-sight spaces of the user, no damage roll.
fn throw_of(within: u16) -> Throw {
    Throw {
        within,
        clear_sight: true,
        damage: None,
    }
}

/// Where `figure` may be placed: an empty space within the power's clear-sight spaces of
/// `user` where it fits, on its own level or lower ("the same level as or lower than its
/// current location").
pub fn spaces(state: &State, user: &Figure, figure: &Figure, within: u16) -> Vec<(Hex, Level)> {
    super::throw::spaces(state, user, figure, &throw_of(within))
        .into_iter()
        .filter(|&(_, level)| level <= figure.level)
        .collect()
}

/// A special attack of `attacker` reached `figures`: remembered for its card's *Knockback*
/// (a figure a special attack affects is a figure it attacked).
pub(crate) fn special_attacked(state: &mut State, attacker: u32, figures: &[u32]) {
    let Some(unit) = state.figure(attacker).map(|f| f.unit) else {
        return;
    };
    let Some(key) = super::triggered::turn_key(state) else {
        return;
    };
    if knockback(state, unit).is_none() {
        return;
    }
    let memory = &mut state.powers.throw.knock;
    memory.struck.retain(|(k, _, _)| *k == key);
    for &id in figures {
        if !memory.struck.contains(&(key, attacker, id)) {
            memory.struck.push((key, attacker, id));
        }
    }
}

/// The figures `user` attacked this turn, in order, each once.
fn attacked(state: &State, user: u32) -> Vec<u32> {
    let key = super::triggered::turn_key(state);
    let normal = state.turn().into_iter().flat_map(|t| {
        t.record
            .strikes
            .iter()
            .filter(move |s| s.attacker == user)
            .map(|s| s.target)
    });
    let special = state
        .powers
        .throw
        .knock
        .struck
        .iter()
        .filter(move |(k, a, _)| Some(*k) == key && *a == user)
        .map(|(_, _, id)| *id);
    let mut out: Vec<u32> = Vec::new();
    for id in normal.chain(special) {
        if !out.contains(&id) {
            out.push(id);
        }
    }
    out
}

/// Whether `id` may be knocked back by `user` now: standing on one space, matching the
/// card's filter, held by no Cyberclaw, with a space to go to.
fn may_knock(state: &State, user: &Figure, id: u32, filter: &Filter, within: u16) -> bool {
    state.figure(id).is_some_and(|f| {
        f.on_field()
            && f.tail.is_none()
            && super::matches(state.card_of(f), filter)
            && !super::holds::held(state, f)
            && !spaces(state, user, f, within).is_empty()
    })
}

/// The attack step of a turn, once an attack is over: a figure of the active card with
/// *Knockback* that attacked figures it may knock back, not offered yet this turn, is offered
/// them; true while the question is pending.
pub(crate) fn after_attack(state: &mut State) -> bool {
    if state.frames.top().is_some() {
        return false;
    }
    let Some(turn) = state.turn().cloned() else {
        return false;
    };
    if turn.stage != Stage::Attack {
        return false;
    }
    let Some((power, filter, _, within)) = knockback(state, turn.unit) else {
        return false;
    };
    let Some(key) = super::triggered::turn_key(state) else {
        return false;
    };
    let users: Vec<Figure> = state
        .figures
        .iter()
        .filter(|f| f.unit == turn.unit && f.on_field())
        .cloned()
        .collect();
    for user in users {
        let offered = &state.powers.throw.knock.offered;
        let left: Vec<u32> = attacked(state, user.id)
            .into_iter()
            .filter(|id| !offered.contains(&(key, *id)))
            .filter(|id| may_knock(state, &user, *id, &filter, within))
            .collect();
        if left.is_empty() {
            continue;
        }
        let memory = &mut state.powers.throw.knock;
        memory.offered.retain(|(k, _)| *k == key);
        memory.offered.extend(left.iter().map(|id| (key, *id)));
        state.frames.as_mut().push(HsFrame::Knock(Knock {
            seat: turn.seat,
            user: user.id,
            unit: turn.unit,
            power,
            left,
            placing: None,
        }));
        return true;
    }
    false
}

/// What the frame asks: the next figure to roll for, or where the figure goes.
pub(crate) fn asks(k: &Knock) -> Ask<Decision> {
    super::place_or_use(k.seat, (k.user, k.unit, k.power), k.placing)
}

/// The answers of `seat`: each figure left that may still be knocked back, or no more; or
/// each space for the figure to place.
pub(crate) fn answers(state: &State, k: &Knock, seat: Seat) -> Vec<Action> {
    if seat != k.seat {
        return Vec::new();
    }
    let (Some(user), Some((_, filter, _, within))) =
        (state.figure(k.user), knockback(state, k.unit))
    else {
        return Vec::new();
    };
    if let Some(id) = k.placing {
        let Some(f) = state.figure(id) else {
            return Vec::new();
        };
        return spaces(state, user, f, within)
            .into_iter()
            .map(|(to, level)| Action::PlaceCarried {
                figure: id,
                to,
                level,
            })
            .collect();
    }
    let mut out: Vec<Action> = k
        .left
        .iter()
        .filter(|id| may_knock(state, user, **id, &filter, within))
        .map(|id| Action::UsePower {
            figure: k.user,
            power: k.power,
            target: Some(*id),
        })
        .collect();
    out.push(Action::DeclinePower);
    out
}

/// Answers the frame: rolls for the figure chosen (its space asked on a success), places the
/// figure (its fall taken), or rolls for no more; the turn goes on once nothing is left.
pub(crate) fn resolve(
    state: &mut State,
    k: &Knock,
    seat: Seat,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    if !answers(state, k, seat).contains(answer) {
        return Err(Rejection::illegal(if k.placing.is_some() {
            "place the figure on an empty space the power allows"
        } else {
            "roll for a figure the power may knock back, or for no other"
        }));
    }
    let Some((_, _, at_least, within)) = knockback(state, k.unit) else {
        return Ok(());
    };
    let mut next = k.clone();
    match *answer {
        Action::UsePower {
            target: Some(id), ..
        } => {
            next.left.retain(|x| *x != id);
            let roll = Roll {
                at_least,
                ..Roll::default()
            };
            if super::triggered::roll_d20(state, dice, k.user, k.power, &roll, 0, events) {
                events.push(Event::PowerUsed {
                    figure: k.user,
                    unit: k.unit,
                    power: k.power,
                    target: Some(id),
                    outcome: Outcome::Place(Placing {
                        throw: Some(throw_of(within)),
                        ..Placing::default()
                    }),
                });
                next.placing = Some(id);
            }
        }
        Action::PlaceCarried { figure, to, level } => {
            place(state, figure, to, level, dice, events);
            next.placing = None;
        }
        _ => {
            events.push(Event::PowerDeclined {
                figure: k.user,
                unit: k.unit,
                power: k.power,
            });
            next.left.clear();
        }
    }
    state.frames.as_mut().pop();
    let more = next.placing.is_some()
        || answers(state, &next, next.seat)
            .iter()
            .any(|a| matches!(a, Action::UsePower { .. }));
    if more {
        state.frames.as_mut().push(HsFrame::Knock(next));
    } else {
        play::settle(state, dice, events);
    }
    Ok(())
}

/// Puts `figure` on `to` at `level`; a walker placed lower than it stood falls that drop.
fn place(
    state: &mut State,
    figure: u32,
    to: Hex,
    level: Level,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let Some(f) = state.figure(figure).cloned() else {
        return;
    };
    super::setup::stand(state, figure, to, None, level);
    events.push(Event::Placed {
        figure,
        hex: to,
        level,
    });
    let body = geometry::body(state, &f);
    let drop = f.level.saturating_sub(level);
    if body.flight.flies() || drop == 0 {
        return;
    }
    let height = super::moves::powers(state.card_of(&f)).climb_height(body.height);
    let n = combat::fall_dice(drop, height);
    if n == 0 {
        return;
    }
    let faces = combat::roll(dice, n);
    let wounds = combat::skulls(&faces);
    events.push(Event::Fell {
        figure,
        drop,
        dice: faces,
        wounds,
    });
    combat::wound(state, figure, wounds, events);
}

/// What declining means in the frame, for people.
pub fn decline_text(lang: skirmish_lang::Lang) -> String {
    lang.pick(
        "Roll for no other figure",
        "Ne lancer le dé pour aucune autre figurine",
    )
    .into()
}
