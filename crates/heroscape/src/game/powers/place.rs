//! Powers that place a chosen figure somewhere ([`Outcome::Place`]: *Chain Grab*, *Grapple
//! Grab*).
//!
//! The triggered power chooses the figure ([`crate::power::Target`], narrowed here by the
//! [`LevelWindow`] of its [`Placing`]) and rolls as any other; on a success a [`Placement`]
//! frame asks the power's player ([`Decision::Deploy`]) for the space, answered with
//! [`Action::PlaceCarried`] (a figure put on a space at a level), or [`Action::DeclinePower`]
//! when the card says *you may place*. The legal spaces are the empty spaces adjacent to the
//! figure that used the power where the chosen figure fits, on its level for a *same-level
//! space*. Placing is not moving: the figure takes no leaving-engagement attack (each card
//! says so), stops on no glyph and rolls for no lava, as a figure landing by its power (*Glider
//! Landing*). A figure an enemy's Cyberclaw holds may not be moved by any power, so it is not
//! worth choosing.

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_dice::Dice;
use skirmish_engine::frames::Ask;
use skirmish_engine::{Rejection, Seat};

use crate::battlefield::Level;
use crate::power::{LevelWindow, Outcome, Placing, Triggered};

use super::super::frames::HsFrame;
use super::super::state::{Figure, State};
use super::super::{play, Action, Decision, Event};
use super::triggered::{Offer, Then};

/// A chosen figure waiting to be placed by the power that succeeded, or, while `choosing`,
/// the player choosing another figure before any roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    /// Who places it: the power's player.
    pub seat: Seat,
    /// The figure that used the power.
    pub user: u32,
    /// Its unit.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
    /// The figure placed now (while `choosing`, the first figure chosen).
    pub figure: u32,
    /// Figures chosen and not yet rolled for, in the order they were chosen.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub queue: Vec<u32>,
    /// The player may still choose another figure (*up to 2 different figures*).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub choosing: bool,
    /// Where it may go.
    pub placing: Placing,
    /// What goes on once it is placed.
    pub then: Then,
}

/// The placing of a triggered power, if it places the figure it chooses.
fn placing_of(t: &Triggered) -> Option<&Placing> {
    t.outcomes.iter().find_map(|o| match o {
        Outcome::Place(p) => Some(p),
        _ => None,
    })
}

/// Whether `chosen` stands within the levels `window` allows around `user`.
pub fn within_levels(state: &State, user: &Figure, chosen: &Figure, window: &LevelWindow) -> bool {
    let base = i32::from(user.level);
    let top = if window.above_top {
        base + i32::from(state.card_of(user).height)
    } else {
        base
    };
    let level = i32::from(chosen.level);
    level <= top + i32::from(window.above) && level >= base - i32::from(window.below)
}

/// Whether a figure is worth choosing for a power that places it: within the card's levels,
/// and not held where it stands by an enemy's Cyberclaw. Every figure is, for other powers.
pub(crate) fn worth_choosing(state: &State, user: &Figure, t: &Triggered, chosen: u32) -> bool {
    let Some(p) = placing_of(t) else {
        return true;
    };
    let Some(c) = state.figure(chosen) else {
        return false;
    };
    p.levels.is_none_or(|w| within_levels(state, user, c, &w))
        && !super::holds::held(state, c)
        && (!p.single_space || state.card_of(c).base < 2)
        && (!p.after_normal_move || moved_normally(state, user))
        && (!p.switch || may_switch(state, user, c))
        && (!p.into_battle || super::throw::may_barge(state, user, c))
}

/// Whether `f` moved by its normal move this turn (not by a power).
fn moved_normally(state: &State, f: &Figure) -> bool {
    state
        .turn()
        .is_some_and(|t| t.record.moved_normally.contains(&f.id))
}

/// Whether `f` fits on `hex` at `level` (its height under any overhang there).
fn fits_at(state: &State, f: &Figure, hex: Hex, level: Level) -> bool {
    let body = super::super::geometry::body(state, f);
    super::super::geometry::grid(state)
        .footings(hex)
        .any(|(l, room, _)| l == level && body.fits(room))
}

/// Whether two single-space figures may switch spaces: each fits where the other stands, and
/// no Cyberclaw holds the user.
pub(crate) fn may_switch(state: &State, user: &Figure, other: &Figure) -> bool {
    let (Some(a), Some(b)) = (user.hex, other.hex) else {
        return false;
    };
    user.tail.is_none()
        && other.tail.is_none()
        && !super::holds::held(state, user)
        && fits_at(state, user, b, other.level)
        && fits_at(state, other, a, user.level)
}

/// *Eldritch Switch*, *Tactical Switch*: the user and the chosen figure switch spaces.
pub(crate) fn switch(state: &mut State, user: u32, chosen: u32, events: &mut Vec<Event>) {
    let (Some(a), Some(b)) = (state.figure(user).cloned(), state.figure(chosen).cloned()) else {
        return;
    };
    let (Some(ha), Some(hb)) = (a.hex, b.hex) else {
        return;
    };
    for (id, hex, level) in [(user, hb, b.level), (chosen, ha, a.level)] {
        if let Some(f) = state.figure_mut(id) {
            f.hex = Some(hex);
            f.level = level;
        }
        events.push(Event::Placed {
            figure: id,
            hex,
            level,
        });
    }
}

/// The spaces the figure may be placed on: empty spaces adjacent to the user where it fits
/// (the one it stands on is not empty), on the user's level for a same-level space.
pub fn spaces(state: &State, p: &Placement) -> Vec<(Hex, Level)> {
    let (Some(user), Some(figure)) = (state.figure(p.user), state.figure(p.figure)) else {
        return Vec::new();
    };
    if let Some(throw) = p.placing.throw {
        return super::throw::spaces(state, user, figure, &throw);
    }
    if !user.on_field() || !figure.on_field() || !p.placing.adjacent {
        return Vec::new();
    }
    if state.card_of(figure).base >= 2 {
        return super::throw::double_beside(state, user, figure, p.placing.same_level)
            .into_iter()
            .map(|(hex, _, level)| (hex, level))
            .collect();
    }
    let here = figure.hex.map(|h| (h, figure.level));
    super::moves::carry_places(state, user, figure)
        .into_iter()
        .filter(|&(_, level)| !p.placing.same_level || level == user.level)
        .filter(|&spot| Some(spot) != here)
        .collect()
}

/// The power succeeded: asks where to place the chosen figure, when it may go somewhere.
pub(crate) fn start(
    state: &mut State,
    user: u32,
    power: u8,
    chosen: Option<u32>,
    placing: &Placing,
    o: &Offer,
    events: &mut Vec<Event>,
) {
    let (Some(figure), Some(unit)) = (chosen, state.figure(user).map(|f| f.unit)) else {
        return;
    };
    if placing.switch {
        switch(state, user, figure, events);
        if placing.into_battle {
            super::throw::barged(state, user, o);
        }
        return;
    }
    let p = Placement {
        seat: o.seat,
        user,
        unit,
        power,
        figure,
        queue: Vec::new(),
        choosing: false,
        placing: *placing,
        then: o.then.clone(),
    };
    if !spaces(state, &p).is_empty() {
        state.frames.as_mut().push(HsFrame::Place(p));
    }
}

/// The triggered power at `power` of `unit`.
fn power_of(state: &State, unit: u16, power: u8) -> Option<Triggered> {
    let card = &state.unit(unit)?.card;
    super::triggered::triggered(card)
        .find(|(i, _)| *i == power)
        .map(|(_, t)| t.clone())
}

/// A power that lets the player choose several figures before rolling (*Witchcraft
/// Telekinesis*), used on `chosen`: asks for the others, then rolls for each in turn. False for
/// any other power, which the triggered powers play.
pub(crate) fn use_power(
    state: &mut State,
    dice: &mut Dice,
    user: u32,
    o: &Offer,
    chosen: Option<u32>,
    events: &mut Vec<Event>,
) -> bool {
    let Some(t) = power_of(state, o.unit, o.power) else {
        return false;
    };
    let (Some(placing), Some(figure)) = (placing_of(&t).copied(), chosen) else {
        return false;
    };
    if placing.more == 0 {
        return false;
    }
    let p = Placement {
        seat: o.seat,
        user,
        unit: o.unit,
        power: o.power,
        figure,
        queue: Vec::new(),
        choosing: true,
        placing,
        then: o.then.clone(),
    };
    // the offer's answer goes on with the turn once nothing more is asked
    if others(state, &p).is_empty() {
        roll_next(state, dice, &p, vec![figure], events);
    } else {
        state.frames.as_mut().push(HsFrame::Place(p));
    }
    true
}

/// The figures chosen so far.
fn chosen(p: &Placement) -> Vec<u32> {
    std::iter::once(p.figure)
        .chain(p.queue.iter().copied())
        .collect()
}

/// The other figures the player may still choose: figures the power may choose, not chosen yet.
fn others(state: &State, p: &Placement) -> Vec<u32> {
    let (Some(t), Some(user)) = (power_of(state, p.unit, p.power), state.figure(p.user)) else {
        return Vec::new();
    };
    let Some(target) = &t.target else {
        return Vec::new();
    };
    let taken = chosen(p);
    if taken.len() > usize::from(p.placing.more) {
        return Vec::new();
    }
    super::triggered::candidates(state, p.seat, user, target)
        .into_iter()
        .filter(|id| !taken.contains(id) && worth_choosing(state, user, &t, *id))
        .collect()
}

/// Rolls for the chosen figures in turn (a hero's threshold for a hero, when the card gives
/// one) until one succeeds with a space to go to: that one is asked about, the rest wait in
/// its frame (true).
fn roll_next(
    state: &mut State,
    dice: &mut Dice,
    p: &Placement,
    mut queue: Vec<u32>,
    events: &mut Vec<Event>,
) -> bool {
    let roll = power_of(state, p.unit, p.power).and_then(|t| t.roll);
    while !queue.is_empty() {
        let figure = queue.remove(0);
        let Some(c) = state.figure(figure).filter(|c| c.on_field()) else {
            continue;
        };
        let success = match &roll {
            Some(roll) => {
                let mut r = roll.clone();
                if let (crate::card::Kind::Hero, Some(h)) =
                    (state.card_of(c).kind, roll.hero_at_least)
                {
                    r.at_least = h;
                }
                super::triggered::roll_d20(state, dice, p.user, p.power, &r, 0, events)
            }
            None => true,
        };
        if !success {
            continue;
        }
        events.push(Event::PowerUsed {
            figure: p.user,
            unit: p.unit,
            power: p.power,
            target: Some(figure),
            outcome: Outcome::Place(p.placing),
        });
        let next = Placement {
            figure,
            queue: queue.clone(),
            choosing: false,
            ..p.clone()
        };
        if !spaces(state, &next).is_empty() {
            state.frames.as_mut().push(HsFrame::Place(next));
            return true;
        }
    }
    false
}

/// Goes on with what the power interrupted.
fn go_on(state: &mut State, dice: &mut Dice, then: &Then, events: &mut Vec<Event>) {
    match *then {
        Then::EndTurn { seat } => play::end_turn(state, seat, dice, events),
        Then::NextTurn => play::next_turn(state, dice, events),
        Then::Turn | Then::Attack { .. } => play::settle(state, dice, events),
    }
}

/// What the frame asks: another figure to choose (the power's own question again), or where
/// to place the figure.
pub(crate) fn asks(p: &Placement) -> Ask<Decision> {
    Ask {
        seats: vec![p.seat],
        decision: if p.choosing {
            Decision::UsePower {
                figure: p.user,
                unit: p.unit,
                power: p.power,
            }
        } else {
            Decision::Deploy {
                figure: p.figure,
                unit: p.unit,
                power: p.power,
            }
        },
    }
}

/// The answers of `seat`: another figure or no more; or each space, and leaving the figure
/// where it is when the card allows.
pub(crate) fn answers(state: &State, p: &Placement, seat: Seat) -> Vec<Action> {
    if seat != p.seat {
        return Vec::new();
    }
    if p.choosing {
        let mut out: Vec<Action> = others(state, p)
            .into_iter()
            .map(|target| Action::UsePower {
                figure: p.user,
                power: p.power,
                target: Some(target),
            })
            .collect();
        out.push(Action::DeclinePower);
        return out;
    }
    // a figure on two hexes is put on two (`throw::double_places`)
    let mut out: Vec<Action> = super::throw::double_places(state, p).unwrap_or_else(|| {
        spaces(state, p)
            .into_iter()
            .map(|(to, level)| Action::PlaceCarried {
                figure: p.figure,
                to,
                level,
            })
            .collect()
    });
    if p.placing.optional {
        out.push(Action::DeclinePower);
    }
    out
}

/// Answers the frame: adds the figure chosen (or chooses no more), then rolls; or places the
/// figure (or leaves it, when the card allows), then rolls for the next chosen figure.
pub(crate) fn resolve(
    state: &mut State,
    p: &Placement,
    seat: Seat,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    if !answers(state, p, seat).contains(answer) {
        return Err(Rejection::illegal(if p.choosing {
            "choose another figure the power may choose, or no more"
        } else {
            "place the chosen figure on one of the empty spaces the power allows"
        }));
    }
    state.frames.as_mut().pop();
    if p.choosing {
        let mut p = p.clone();
        if let Action::UsePower {
            target: Some(t), ..
        } = *answer
        {
            p.queue.push(t);
            if !others(state, &p).is_empty() {
                state.frames.as_mut().push(HsFrame::Place(p));
                return Ok(());
            }
        }
        if !roll_next(state, dice, &p, chosen(&p), events) {
            go_on(state, dice, &p.then, events);
        }
        return Ok(());
    }
    match *answer {
        Action::PlaceCarried { figure, to, level } => {
            super::setup::stand(state, figure, to, None, level);
            events.push(Event::Placed {
                figure,
                hex: to,
                level,
            });
            super::throw::landed(state, dice, p, to, level, events);
        }
        Action::Place { hex, tail, .. } => {
            super::throw::place_double(state, p, hex, tail, events);
        }
        _ => events.push(Event::PowerDeclined {
            figure: p.user,
            unit: p.unit,
            power: p.power,
        }),
    }
    if !roll_next(state, dice, p, p.queue.clone(), events) {
        go_on(state, dice, &p.then, events);
    }
    Ok(())
}

/// What declining means in a placing frame, for people: choosing no other figure, or leaving
/// the figure where it stands.
pub fn decline_text(state: &State, lang: skirmish_lang::Lang) -> String {
    let choosing = matches!(state.frames.top(), Some(HsFrame::Place(p)) if p.choosing);
    if choosing {
        lang.pick("Choose no other figure", "Ne choisir aucune autre figurine")
    } else {
        lang.pick(
            "Leave the figure where it stands",
            "Laisser la figurine où elle se trouve",
        )
    }
    .into()
}
