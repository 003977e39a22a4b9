//! The 20-sided die powers that answer an attack on one of their card's figures once its attack
//! dice show a skull, before the defence dice are rolled ([`Trigger::SkullRolled`]): *Hide in
//! Darkness* (the attack's damage ignored, 3 added to the die on a dungeon space and 6 on a
//! shadow space), *Stealthy* (no damage from an opponent's figure that is not adjacent, then a
//! move of 3), *Disappearing Ninja* and *Vanish* (no damage, then a move of 4 that must end
//! away from every enemy figure: the power is used only when such a move can be made); and
//! *Tactical Disengagement*, a roll to ignore the wounds of a leaving-engagement attack
//! ([`Trigger::LeavingEngagementWounds`]).
//!
//! A success leaves the defence unrolled and the attack without damage. The move it gives
//! (*may immediately move*) is asked once the attack is over, through the frame of the powers
//! that move figures ([`super::extra_moves`], one figure alone): any place of the movement
//! search within its spaces, away from every enemy figure with *Vanish*; declining is staying,
//! which *Vanish* allows only where no enemy figure is adjacent.

use serde::{Deserialize, Serialize};
use skirmish_dice::Dice;

use super::extra_moves::{PowerMoves, Resume};
use super::triggered;
use super::values::Why;
use crate::game::frames::HsFrame;
use crate::game::state::{Figure, State};
use crate::game::{geometry, Action, Event};
use crate::movement::Way;
use crate::power::{Outcome, Roll, Trigger, Triggered};

/// The move a power gives one figure alone (*Stealthy*, *Vanish*).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Alone {
    /// The figure that moves.
    pub figure: u32,
    /// The most spaces.
    pub spaces: u16,
    /// It must end the move not adjacent to any enemy figure.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub apart: bool,
}

/// What a roll adds while `f` stands on one of its land types (*Hide in Darkness*).
pub(crate) fn ground_bonus(state: &State, roll: &Roll, f: &Figure) -> u16 {
    if roll.ground_bonus.is_empty() {
        return 0;
    }
    let Some(ground) = triggered::ground_of(state, f) else {
        return 0;
    };
    roll.ground_bonus
        .iter()
        .filter(|(g, _)| *g == ground)
        .map(|(_, n)| u16::from(*n))
        .sum()
}

/// The move a power's outcomes give: its spaces and whether it must end apart.
fn move_of(t: &Triggered) -> Option<(u16, bool)> {
    t.outcomes.iter().find_map(|o| match *o {
        Outcome::MoveSelf { spaces, apart } => Some((spaces, apart)),
        _ => None,
    })
}

/// Whether `f`, standing at `at`, would be adjacent to no enemy figure of its own.
fn apart_at(state: &State, f: &Figure, at: &geometry::Destination) -> bool {
    let mut there = f.clone();
    there.hex = Some(at.hex);
    there.tail = at.tail;
    there.level = at.level;
    apart(state, &there)
}

/// Whether no enemy figure is adjacent to `f` where it stands.
fn apart(state: &State, f: &Figure) -> bool {
    !state.figures.iter().any(|g| {
        g.on_field()
            && g.id != f.id
            && !state.allies(g.owner, f.owner)
            && triggered::adjacent(state, f, g)
    })
}

/// The places the figure of `alone` may move to now.
fn places(state: &State, alone: &Alone) -> Vec<geometry::Destination> {
    let Some(f) = state.figure(alone.figure).filter(|f| f.on_field()) else {
        return Vec::new();
    };
    geometry::destinations_by(state, f, Way::Normal, alone.spaces)
        .into_iter()
        .filter(|d| !alone.apart || apart_at(state, f, d))
        .collect()
}

/// Whether a move that must end apart can be made, staying put included.
fn can_end_apart(state: &State, f: &Figure, spaces: u16) -> bool {
    apart(state, f)
        || !places(
            state,
            &Alone {
                figure: f.id,
                spaces,
                apart: true,
            },
        )
        .is_empty()
}

/// `attacker`'s attack (`normal` or special) on `target` rolled `rolled` skulls: the target's
/// powers answering a skull roll it; on a success the attack does no damage, and the reason is
/// returned (the defence is then not rolled). The move the power gives waits for the attack's
/// end ([`ask`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn dodges(
    state: &mut State,
    attacker: u32,
    target: u32,
    normal: bool,
    rolled: u16,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<Why> {
    if rolled == 0 {
        return None;
    }
    let a = state.figure(attacker)?.clone();
    let t = state.figure(target).filter(|t| t.on_field())?.clone();
    let card = state.units.get(usize::from(t.unit))?.card.clone();
    for (power, p) in triggered::triggered(&card) {
        let Trigger::SkullRolled {
            normal: normal_only,
            afar,
        } = p.trigger
        else {
            continue;
        };
        if (normal_only && !normal)
            || (afar && (state.allies(a.owner, t.owner) || triggered::adjacent(state, &a, &t)))
        {
            continue;
        }
        let Some(roll) = &p.roll else { continue };
        let moves = move_of(p);
        // "can vanish only if he ends his vanishing move not adjacent to any enemy figures"
        if let Some((spaces, true)) = moves {
            if !can_end_apart(state, &t, spaces) {
                continue;
            }
        }
        if !triggered::roll_d20(state, dice, target, power, roll, 0, events) {
            continue;
        }
        events.push(Event::PowerUsed {
            figure: target,
            unit: t.unit,
            power,
            target: None,
            outcome: Outcome::IgnoreWounds,
        });
        if let Some((spaces, apart)) = moves {
            state.powers.vanishing.push((
                t.unit,
                power,
                Alone {
                    figure: target,
                    spaces,
                    apart,
                },
            ));
        }
        let name = card
            .powers
            .get(usize::from(power))
            .map(|x| x.name.clone())
            .unwrap_or_default();
        return Some(Why::Power {
            unit: t.unit,
            power: name,
        });
    }
    None
}

/// An attack is over: the moves its dodges gave are asked, the first dodge's on top; true
/// while they are.
pub(crate) fn ask(state: &mut State) -> bool {
    let waiting = std::mem::take(&mut state.powers.vanishing);
    if waiting.is_empty() || matches!(state.phase, crate::game::state::Phase::Over { .. }) {
        return false;
    }
    let mut asked = false;
    for (unit, power, alone) in waiting.into_iter().rev() {
        let Some(f) = state.figure(alone.figure).filter(|f| f.on_field()) else {
            continue;
        };
        let m = PowerMoves {
            seat: f.owner,
            user: f.id,
            unit,
            power,
            moved: Vec::new(),
            then: Resume::Turn,
            alone: Some(alone),
        };
        if moves(state, &m).is_empty() {
            continue;
        }
        state.frames.as_mut().push(HsFrame::PowerMoves(m));
        asked = true;
    }
    asked
}

/// The moves a use moving one figure alone offers (none once it has moved).
pub(crate) fn moves(state: &State, m: &PowerMoves) -> Vec<Action> {
    let Some(alone) = &m.alone else {
        return Vec::new();
    };
    if !m.moved.is_empty() {
        return Vec::new();
    }
    places(state, alone)
        .into_iter()
        .map(|d| Action::Move {
            figure: alone.figure,
            to: d.hex,
            level: d.level,
            tail: d.tail,
        })
        .collect()
}

/// Whether the figure moving alone may stay where it is: always, unless its move must end
/// apart from enemy figures and one is adjacent.
pub(crate) fn may_stay(state: &State, m: &PowerMoves) -> bool {
    let Some(alone) = &m.alone else {
        return true;
    };
    !alone.apart
        || !m.moved.is_empty()
        || state
            .figure(alone.figure)
            .is_none_or(|f| !f.on_field() || apart(state, f))
}

/// `figure` would take `wounds` from a leaving-engagement attack: its card's roll to ignore
/// them is made (*Tactical Disengagement*); true when they are ignored.
pub(crate) fn ignores_leaving_wounds(
    state: &mut State,
    figure: u32,
    wounds: u16,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> bool {
    if wounds == 0 {
        return false;
    }
    let Some(f) = state.figure(figure).filter(|f| f.on_field()).cloned() else {
        return false;
    };
    let card = state.card_of(&f).clone();
    for (power, p) in triggered::triggered(&card) {
        if p.trigger != Trigger::LeavingEngagementWounds
            || !p.outcomes.contains(&Outcome::IgnoreWounds)
        {
            continue;
        }
        let Some(roll) = &p.roll else { continue };
        if triggered::roll_d20(state, dice, figure, power, roll, 0, events) {
            events.push(Event::PowerUsed {
                figure,
                unit: f.unit,
                power,
                target: None,
                outcome: Outcome::IgnoreWounds,
            });
            return true;
        }
    }
    false
}
