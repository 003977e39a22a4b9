//! Figures entering the battlefield during the game ([`Effect::Arrive`]).
//!
//! A card whose figures do not start on the battlefield ([`Effect::StartsOffBattlefield`]) is
//! left out of the placement; its waiting figures score nothing until they stand on the
//! battlefield ([`State::points`]) and keep their player in the game. *Iskra's Summoning*
//! ([`Arrive::OnlySummonedBy`]) says no other power brings them: the game has none that would.
//!
//! *Summon the Rechets of Bogdan* ([`Arrive::SummonCard`]): when a turn with the summoning card
//! ends, while the summoned card is in its owner's army with figures waiting off the
//! battlefield (not yet summoned: a summoning places or destroys them all), an [`Arrival`]
//! frame asks the owner whether to try ([`Decision::UsePower`]). The roll counts the d20
//! bonuses as any power's. On a success every waiting figure must be placed, one at a time
//! ([`Decision::Deploy`], answered with [`Action::Place`], no refusal: *you must place*), on
//! an empty space within the power's clear-sight spaces of the summoning figure; a figure with
//! no such space left is destroyed and never summoned. Then the owner may take a turn with
//! the summoned card at once: the turn under way becomes that card's, a new turn for the
//! powers (its moves, its attacks), and ends as any turn.
//!
//! A space is within N clear sight spaces of a figure when it is N spaces or fewer from it
//! (counted as range is) and the figure sees the hit zone of the figure placed there, standing
//! on it: what *clear sight* means for figures, applied to the figure that will stand there.
//! Placing is not moving: no glyph is stopped on, no leaving-engagement attack, no fall.

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_board::FigureId;
use skirmish_dice::Dice;
use skirmish_engine::frames::Ask;
use skirmish_engine::{Rejection, Seat};

use crate::battlefield::Level;
use crate::body::{Placement, Standing};
use crate::power::{Arrive, Effect, Moment};

use super::super::frames::HsFrame;
use super::super::state::{Figure, Phase, Stage, State};
use super::super::{combat, geometry, play, Action, Decision, Event};
use super::triggered::{mark_used, used};

/// A space a figure may be placed on: its hex, its other hex when it is double-space, the
/// level of its base.
pub type Space = (Hex, Option<Hex>, Level);

/// What an [`Arrival`] asks now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Whether to try the summoning.
    Offer,
    /// Where the next waiting figure goes.
    Placing,
    /// Whether to take a turn with the summoned card now.
    Turn,
}

/// A summoning under way after a turn with the summoning card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arrival {
    /// The summoning card's owner, whose turn it was.
    pub seat: Seat,
    /// The summoning figure.
    pub user: u32,
    /// Its unit.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
    /// The summoned card's unit.
    pub summoned: u16,
    /// What is asked.
    pub step: Step,
}

/// What happened when figures entered the battlefield, told in the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arrived {
    /// A figure was summoned by the power of `unit`; its placing follows.
    Summoned {
        /// The figure.
        figure: u32,
        /// The summoning card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
    },
    /// A figure to summon had no space left: it is destroyed, never to be summoned.
    NoRoom {
        /// The figure.
        figure: u32,
        /// The summoning card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
    },
    /// An order marker of `seat` moved from one card to another (*Glide In*); its number is
    /// hidden from those who may not see the seat's markers.
    MarkerMoved {
        /// Whose marker.
        seat: Seat,
        /// Which, when the viewer may know.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        marker: Option<crate::game::Marker>,
        /// The card it lay on.
        from: u16,
        /// The card it lies on now.
        to: u16,
    },
    /// The summoned card takes a turn at once.
    TurnWith {
        /// The summoned card.
        summoned: u16,
        /// The summoning card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
    },
}

/// The arrival words of a card, with their place among its powers.
fn words(card: &crate::card::Card) -> impl Iterator<Item = (u8, &Arrive)> {
    card.powers.iter().enumerate().flat_map(|(i, p)| {
        p.effects.iter().flatten().filter_map(move |e| match e {
            Effect::Arrive { arrive } => Some((u8::try_from(i).ok()?, arrive)),
            _ => None,
        })
    })
}

/// The figures of a unit waiting off the battlefield (not destroyed, never placed).
fn waiting(state: &State, unit: u16) -> impl Iterator<Item = &Figure> {
    state
        .figures
        .iter()
        .filter(move |f| f.unit == unit && !f.destroyed && f.hex.is_none())
}

/// The summoning or rebirth at `power` of `unit`, which this module answers.
fn summoning(state: &State, unit: u16, power: u8) -> Option<Arrive> {
    let card = &state.unit(unit)?.card;
    words(card)
        .find(|(i, a)| {
            *i == power && matches!(a, Arrive::SummonCard { .. } | Arrive::Rebirth { .. })
        })
        .map(|(_, a)| a.clone())
}

/// The destroyed figures a rebirth of `user`'s card may bring back, each with its spaces:
/// figures of its owner's army that stood on the battlefield, matching the filter, whose card
/// does not bar this card; a double-space figure never next to the user (the spaces adjacent
/// to a figure are counted for one hex: no card brought back there has two).
pub fn reborn_places(state: &State, user: &Figure, arrive: &Arrive) -> Vec<(u32, Vec<Space>)> {
    let Arrive::Rebirth { filter, within, .. } = arrive else {
        return Vec::new();
    };
    let by = &state.card_of(user).name;
    let barred = |card: &crate::card::Card| {
        words(card).any(|(_, a)| matches!(a, Arrive::NotRebornBy { by: b } if b == by))
    };
    let mut out = Vec::new();
    for f in state
        .figures
        .iter()
        .filter(|f| f.owner == user.owner && f.destroyed && f.hex.is_some() && f.id != user.id)
    {
        let card = state.card_of(f);
        if !super::matches(card, filter) || barred(card) {
            continue;
        }
        let spaces: Vec<(Hex, Option<Hex>, Level)> = match within {
            Some(n) => spaces_in_sight(state, user, f, *n),
            None if card.base < 2 => super::moves::carry_places(state, user, f)
                .into_iter()
                .map(|(h, l)| (h, None, l))
                .collect(),
            None => Vec::new(),
        };
        if !spaces.is_empty() {
            out.push((f.id, spaces));
        }
    }
    out
}

/// Empty spaces within `within` clear-sight spaces of `from` where `placed` fits: each with
/// its other hex for a double-space figure and its level. The placed figure is thought of as
/// standing there, and `from` must see its hit zone.
pub fn spaces_in_sight(
    state: &State,
    from: &Figure,
    placed: &Figure,
    within: u16,
) -> Vec<(Hex, Option<Hex>, Level)> {
    let (Some(seer), Some(at)) = (geometry::standing(state, from), geometry::placement(from))
    else {
        return Vec::new();
    };
    let grid = geometry::grid(state);
    let body = geometry::body(state, placed);
    let double = state.card_of(placed).base >= 2;
    let others: Vec<Standing> = state
        .figures
        .iter()
        .filter(|g| g.on_field() && g.id != from.id && g.id != placed.id)
        .filter_map(|g| geometry::standing(state, g))
        .collect();
    let empty = |h: Hex| state.figure_at(h).is_none();
    let max = u32::from(within);
    let near = |h: Hex| from.hexes().any(|x| x.distance(h) <= max);
    let mut out = Vec::new();
    for (hex, _) in state.field.columns() {
        if !near(hex) || !empty(hex) {
            continue;
        }
        for (level, room, _) in grid.footings(hex).collect::<Vec<_>>() {
            if !body.fits(room) {
                continue;
            }
            let tails: Vec<Option<Hex>> = if double {
                hex.neighbours()
                    .into_iter()
                    .filter(|&n| {
                        empty(n) && grid.footings(n).any(|(l, r, _)| l == level && body.fits(r))
                    })
                    .map(Some)
                    .collect()
            } else {
                vec![None]
            };
            for tail in tails {
                let to = match tail {
                    Some(t) => Placement::double(hex, t, level),
                    None => Placement::single(hex, level),
                };
                if crate::sight::range(&grid, &at, &to).is_none_or(|r| r > max) {
                    continue;
                }
                let there = Standing {
                    id: FigureId(placed.id),
                    team: state.team(placed.owner),
                    body,
                    at: to,
                };
                if crate::sight::line_of_sight(&grid, &seer, &there, &others).clear {
                    out.push((hex, tail, level));
                }
            }
        }
    }
    out
}

/// The turn under way is ending: a summoning power of its card is offered to its owner, once
/// per turn, while the card it summons waits off the battlefield; true while it is asked.
pub(crate) fn after_turn(state: &mut State, seat: Seat) -> bool {
    if state.frames.top().is_some() {
        return false;
    }
    let Some(turn) = state.turn().cloned() else {
        return false;
    };
    let Some(user) = state.unit_alive(turn.unit).find(|f| f.on_field()).cloned() else {
        return false;
    };
    if user.owner != seat {
        return false;
    }
    let card = state.units[usize::from(turn.unit)].card.clone();
    for (power, arrive) in words(&card) {
        if used(state, turn.unit, power) {
            continue;
        }
        if let Arrive::Rebirth {
            moment: Moment::AfterTurn,
            ..
        } = arrive
        {
            if offer_rebirth(state, seat, &user, turn.unit, power, arrive) {
                return true;
            }
            continue;
        }
        let Arrive::SummonCard { card: name, .. } = arrive else {
            continue;
        };
        // the summoned card in the owner's army, with figures still to summon
        let Some(summoned) = state
            .units
            .iter()
            .find(|u| {
                u.owner == seat && u.card.name == *name && waiting(state, u.id).next().is_some()
            })
            .map(|u| u.id)
        else {
            continue;
        };
        mark_used(state, turn.unit, power);
        state.frames.as_mut().push(HsFrame::Arrive(Arrival {
            seat,
            user: user.id,
            unit: turn.unit,
            power,
            summoned,
            step: Step::Offer,
        }));
        return true;
    }
    false
}

/// Offers a rebirth when a figure may come back; true when asked.
fn offer_rebirth(
    state: &mut State,
    seat: Seat,
    user: &Figure,
    unit: u16,
    power: u8,
    arrive: &Arrive,
) -> bool {
    if reborn_places(state, user, arrive).is_empty() {
        return false;
    }
    mark_used(state, unit, power);
    state.frames.as_mut().push(HsFrame::Arrive(Arrival {
        seat,
        user: user.id,
        unit,
        power,
        summoned: unit,
        step: Step::Offer,
    }));
    true
}

/// The moves of the turn are over: a rebirth of the active card used *after moving and before
/// attacking* is offered, once per turn, when a figure may come back; true while it is asked.
pub(crate) fn after_moves(state: &mut State) -> bool {
    if state.frames.top().is_some() {
        return false;
    }
    let Some(turn) = state.turn().cloned() else {
        return false;
    };
    let Some(user) = state.unit_alive(turn.unit).find(|f| f.on_field()).cloned() else {
        return false;
    };
    if user.owner != turn.seat {
        return false;
    }
    let card = state.units[usize::from(turn.unit)].card.clone();
    for (power, arrive) in words(&card) {
        let Arrive::Rebirth {
            moment: Moment::AfterMoveBeforeAttack,
            ..
        } = arrive
        else {
            continue;
        };
        if !used(state, turn.unit, power)
            && offer_rebirth(state, turn.seat, &user, turn.unit, power, arrive)
        {
            return true;
        }
    }
    false
}

/// The frame is answered: it goes, and what it interrupted goes on (the attacks after a
/// rebirth *before attacking*, else the turn's end).
fn carry_on(state: &mut State, a: &Arrival, dice: &mut Dice, events: &mut Vec<Event>) {
    state.frames.as_mut().pop();
    let before_attacks = matches!(
        summoning(state, a.unit, a.power),
        Some(Arrive::Rebirth {
            moment: Moment::AfterMoveBeforeAttack,
            ..
        })
    );
    if before_attacks {
        play::settle(state, dice, events);
    } else {
        play::end_turn(state, a.seat, dice, events);
    }
}

/// What the frame asks.
pub(crate) fn asks(state: &State, a: &Arrival) -> Ask<Decision> {
    let decision = match a.step {
        Step::Offer | Step::Turn => Decision::UsePower {
            figure: a.user,
            unit: a.unit,
            power: a.power,
        },
        Step::Placing => Decision::Deploy {
            figure: waiting(state, a.summoned)
                .next()
                .map(|f| f.id)
                .or_else(|| rebirths(state, a).first().map(|(id, _)| *id))
                .unwrap_or(0),
            unit: a.unit,
            power: a.power,
        },
    };
    Ask {
        seats: vec![a.seat],
        decision,
    }
}

/// The figures a rebirth may bring back now, with their spaces.
fn rebirths(state: &State, a: &Arrival) -> Vec<(u32, Vec<Space>)> {
    match (summoning(state, a.unit, a.power), state.figure(a.user)) {
        (Some(arrive @ Arrive::Rebirth { .. }), Some(user)) if user.on_field() => {
            reborn_places(state, user, &arrive)
        }
        _ => Vec::new(),
    }
}

/// Where the next waiting figure may be placed.
fn next_spaces(state: &State, a: &Arrival) -> Option<(u32, Vec<Space>)> {
    let Some(Arrive::SummonCard { within, .. }) = summoning(state, a.unit, a.power) else {
        return None;
    };
    let placed = waiting(state, a.summoned).next()?;
    let from = state.figure(a.user).filter(|f| f.on_field())?;
    Some((placed.id, spaces_in_sight(state, from, placed, within)))
}

/// The answers of `seat`.
pub(crate) fn answers(state: &State, a: &Arrival, seat: Seat) -> Vec<Action> {
    if seat != a.seat {
        return Vec::new();
    }
    match a.step {
        Step::Offer => vec![
            Action::UsePower {
                figure: a.user,
                power: a.power,
                target: None,
            },
            Action::DeclinePower,
        ],
        // a figure brought back: any of them, anywhere allowed, or none (*you may place*)
        Step::Placing
            if matches!(
                summoning(state, a.unit, a.power),
                Some(Arrive::Rebirth { .. })
            ) =>
        {
            rebirths(state, a)
                .into_iter()
                .flat_map(|(figure, spaces)| {
                    spaces.into_iter().map(move |(hex, tail, _)| Action::Place {
                        figure,
                        hex,
                        tail,
                    })
                })
                .chain([Action::DeclinePower])
                .collect()
        }
        Step::Placing => next_spaces(state, a).map_or_else(Vec::new, |(figure, spaces)| {
            spaces
                .into_iter()
                .map(|(hex, tail, _)| Action::Place { figure, hex, tail })
                .collect()
        }),
        Step::Turn => {
            let first = state.unit_alive(a.summoned).find(|f| f.on_field());
            first
                .map(|f| Action::UsePower {
                    figure: a.user,
                    power: a.power,
                    target: Some(f.id),
                })
                .into_iter()
                .chain([Action::DeclinePower])
                .collect()
        }
    }
}

/// Answers the frame.
pub(crate) fn resolve(
    state: &mut State,
    a: &Arrival,
    seat: Seat,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    if !answers(state, a, seat).contains(answer) {
        return Err(Rejection::illegal(match a.step {
            Step::Placing => {
                "place the summoned figure on an empty space within the power's clear-sight spaces"
            }
            _ => "use the power or decline it",
        }));
    }
    if matches!(answer, Action::DeclinePower) {
        events.push(Event::PowerDeclined {
            figure: a.user,
            unit: a.unit,
            power: a.power,
        });
        carry_on(state, a, dice, events);
        return Ok(());
    }
    let rebirth = matches!(
        summoning(state, a.unit, a.power),
        Some(Arrive::Rebirth { .. })
    );
    match (a.step, answer) {
        (Step::Offer, _) => {
            let (Some(Arrive::SummonCard { at_least, .. })
            | Some(Arrive::Rebirth { at_least, .. })) = summoning(state, a.unit, a.power)
            else {
                return Err(Rejection::illegal("that power is not on the card"));
            };
            let success = super::d20c::PowerRoll {
                seat,
                figure: a.user,
                unit: a.unit,
                power: a.power,
                needed: at_least,
                extra: 0,
            }
            .roll(state, dice, events);
            if !success || (rebirth && rebirths(state, a).is_empty()) {
                carry_on(state, a, dice, events);
                return Ok(());
            }
            set_step(state, Step::Placing);
            if !rebirth {
                next(state, dice, events);
            }
        }
        (Step::Placing, &Action::Place { figure, hex, tail }) if rebirth => {
            let spaces: Vec<_> = rebirths(state, a)
                .into_iter()
                .filter(|(id, _)| *id == figure)
                .flat_map(|(_, s)| s)
                .collect();
            let level = super::setup::set_down(state, figure, &spaces, hex, tail);
            if let Some(f) = state.figure_mut(figure) {
                f.destroyed = false;
                f.wounds = 0;
            }
            events.push(Event::Arrive {
                what: Arrived::Summoned {
                    figure,
                    unit: a.unit,
                    power: a.power,
                },
            });
            events.push(Event::Placed { figure, hex, level });
            carry_on(state, a, dice, events);
        }
        (Step::Placing, &Action::Place { figure, hex, tail }) => {
            let spaces = next_spaces(state, a).map(|(_, s)| s).unwrap_or_default();
            let level = super::setup::set_down(state, figure, &spaces, hex, tail);
            events.push(Event::Arrive {
                what: Arrived::Summoned {
                    figure,
                    unit: a.unit,
                    power: a.power,
                },
            });
            events.push(Event::Placed { figure, hex, level });
            next(state, dice, events);
        }
        (Step::Turn, _) => {
            state.frames.as_mut().pop();
            take_turn(state, a, events);
            play::settle(state, dice, events);
        }
        _ => {}
    }
    Ok(())
}

/// The frame's step changes.
fn set_step(state: &mut State, step: Step) {
    if let Some(HsFrame::Arrive(top)) = state.frames.as_mut().top_mut() {
        top.step = step;
    }
}

/// After a figure is placed (or the roll succeeded): waiting figures with no space left are
/// destroyed; once none waits, the turn with the summoned card is offered, or the turn ends.
fn next(state: &mut State, dice: &mut Dice, events: &mut Vec<Event>) {
    let Some(HsFrame::Arrive(a)) = state.frames.top().cloned() else {
        return;
    };
    while let Some((figure, spaces)) = next_spaces(state, &a) {
        if !spaces.is_empty() {
            return;
        }
        events.push(Event::Arrive {
            what: Arrived::NoRoom {
                figure,
                unit: a.unit,
                power: a.power,
            },
        });
        combat::destroy(state, figure, events);
    }
    let turn_after = matches!(
        summoning(state, a.unit, a.power),
        Some(Arrive::SummonCard {
            turn_after: true,
            ..
        })
    );
    if turn_after && state.unit_alive(a.summoned).any(|f| f.on_field()) {
        set_step(state, Step::Turn);
        return;
    }
    state.frames.as_mut().pop();
    play::end_turn(state, a.seat, dice, events);
}

/// The turn under way becomes the summoned card's: a new turn for the powers, from its moves.
fn take_turn(state: &mut State, a: &Arrival, events: &mut Vec<Event>) {
    state.powers.extra_turns += 1;
    let record = super::attacks::TurnRecord::starting(state);
    if let Phase::Turns {
        turn: Some(turn), ..
    } = &mut state.phase
    {
        turn.unit = a.summoned;
        turn.stage = Stage::Move;
        turn.moved.clear();
        turn.attacked.clear();
        turn.record = record;
        turn.carry = None;
    }
    events.push(Event::Arrive {
        what: Arrived::TurnWith {
            summoned: a.summoned,
            unit: a.unit,
            power: a.power,
        },
    });
}

/// The words of a use offered by the frame on top, when it is an arrival's (the turn with the
/// summoned card), for the action's menu line.
pub(crate) fn use_text(state: &State, lang: skirmish_lang::Lang) -> Option<String> {
    let Some(HsFrame::Arrive(a)) = state.frames.top() else {
        return None;
    };
    let name = state.unit(a.summoned).map(|u| u.card.name.clone())?;
    Some(match (a.step, lang) {
        (Step::Turn, skirmish_lang::Lang::En) => format!("Take a turn with {name} now"),
        (Step::Turn, skirmish_lang::Lang::Fr) => {
            format!("Jouer un tour avec {name} maintenant")
        }
        (_, skirmish_lang::Lang::En) => format!("Roll to summon {name}"),
        (_, skirmish_lang::Lang::Fr) => format!("Lancer le dé pour invoquer {name}"),
    })
}

#[cfg(test)]
pub(crate) fn arrival(state: &State) -> Option<&Arrival> {
    match state.frames.top() {
        Some(HsFrame::Arrive(a)) => Some(a),
        _ => None,
    }
}
