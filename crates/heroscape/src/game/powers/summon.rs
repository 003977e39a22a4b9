//! *Elven Summoning Spell* ([`ThrowPower::SummonAdjacent`]): after moving and before
//! attacking, the card's player may roll the d20, adding the number of the figures the power
//! names that they control adjacent to the user; the band the total reaches says how many such
//! figures, not adjacent to the user, they may place adjacent to it.
//!
//! Once the moves are over (`triggered::after_moves`), a [`Summon`] frame offers the roll
//! ([`Decision::UsePower`], [`Action::UsePower`] with no figure or [`Action::DeclinePower`])
//! when a figure could be summoned. The roll goes through the game's dice as any power's
//! ([`Event::PowerRolled`], its bonus the adjacent figures). Then, as many times as the band
//! allows, the player picks the next figure ([`Action::UsePower`] with it, or
//! [`Action::DeclinePower`] for no more) and its space ([`Decision::Deploy`] answered with
//! [`Action::PlaceCarried`]: an empty space adjacent to the user where it fits). A figure
//! adjacent to the user is never summoned — the ones it stood beside before the roll, and the
//! ones just placed. Placing is not moving: no leaving-engagement attack (the card says so),
//! no glyph stopped on. A double-space figure is not offered: the card's *place adjacent*
//! reads one space.

use serde::{Deserialize, Serialize};
use skirmish_dice::Dice;
use skirmish_engine::frames::Ask;
use skirmish_engine::{Rejection, Seat};

use crate::power::{Effect, Filter, Outcome, Placing, ThrowPower};

use super::super::frames::HsFrame;
use super::super::state::{Figure, State, Turn};
use super::super::{play, Action, Decision, Event};
use super::d20c::PowerRoll;

/// A summoning under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summon {
    /// The card's player.
    pub seat: Seat,
    /// The figure with the power.
    pub user: u32,
    /// Its unit.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
    /// How many figures may still be placed; `None` before the roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left: Option<u8>,
    /// The figure chosen, waiting for its space.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placing: Option<u32>,
}

/// A summoning power: its place among the card's powers, the figures it summons, the bands
/// (`(least total, most figures)`).
type SummonPower = (u8, Filter, Vec<(u8, u8)>);

/// The power of a card, if it has one.
fn summon_power(state: &State, unit: u16) -> Option<SummonPower> {
    let card = &state.unit(unit)?.card;
    card.powers.iter().enumerate().find_map(|(i, p)| {
        p.effects.as_deref()?.iter().find_map(|e| match e {
            Effect::Throw(ThrowPower::SummonAdjacent { filter, bands }) => {
                Some((u8::try_from(i).ok()?, filter.clone(), bands.clone()))
            }
            _ => None,
        })
    })
}

/// The figures `seat` controls matching `filter` on the battlefield, `user` left out.
fn controlled<'a>(
    state: &'a State,
    seat: Seat,
    user: &'a Figure,
    filter: &'a Filter,
) -> impl Iterator<Item = &'a Figure> + 'a {
    state.figures.iter().filter(move |g| {
        g.on_field()
            && g.id != user.id
            && g.owner == seat
            && super::matches(state.card_of(g), filter)
    })
}

/// The figures that may be summoned next to `user`: controlled, matching, on one space, not
/// adjacent to it, held by no Cyberclaw, with an empty space beside it to go to.
fn candidates(state: &State, seat: Seat, user: &Figure, filter: &Filter) -> Vec<u32> {
    controlled(state, seat, user, filter)
        .filter(|g| {
            g.tail.is_none()
                && !super::triggered::adjacent(state, user, g)
                && !super::holds::held(state, g)
                && !super::moves::carry_places(state, user, g).is_empty()
        })
        .map(|g| g.id)
        .collect()
}

/// The moves are over: the active card's summoning is offered once a turn, when a figure may
/// be summoned; true while the question is pending.
pub(crate) fn after_moves(state: &mut State, turn: &Turn, first: u32) -> bool {
    let Some((power, filter, _)) = summon_power(state, turn.unit) else {
        return false;
    };
    if super::triggered::used(state, turn.unit, power) {
        return false;
    }
    super::triggered::mark_used(state, turn.unit, power);
    let Some(user) = state.figure(first).filter(|f| f.on_field()).cloned() else {
        return false;
    };
    if candidates(state, turn.seat, &user, &filter).is_empty() {
        return false;
    }
    state.frames.as_mut().push(HsFrame::Summon(Summon {
        seat: turn.seat,
        user: first,
        unit: turn.unit,
        power,
        left: None,
        placing: None,
    }));
    true
}

/// What the frame asks: the roll, the next figure, or its space.
pub(crate) fn asks(s: &Summon) -> Ask<Decision> {
    super::place_or_use(s.seat, (s.user, s.unit, s.power), s.placing)
}

/// The answers of `seat`: rolling or not; each figure to summon or no more; each space.
pub(crate) fn answers(state: &State, s: &Summon, seat: Seat) -> Vec<Action> {
    if seat != s.seat {
        return Vec::new();
    }
    let (Some(user), Some((_, filter, _))) = (state.figure(s.user), summon_power(state, s.unit))
    else {
        return Vec::new();
    };
    if let Some(id) = s.placing {
        let Some(f) = state.figure(id) else {
            return Vec::new();
        };
        return super::moves::carry_places(state, user, f)
            .into_iter()
            .map(|(to, level)| Action::PlaceCarried {
                figure: id,
                to,
                level,
            })
            .collect();
    }
    let mut out: Vec<Action> = match s.left {
        None => vec![Action::UsePower {
            figure: s.user,
            power: s.power,
            target: None,
        }],
        Some(_) => candidates(state, seat, user, &filter)
            .into_iter()
            .map(|id| Action::UsePower {
                figure: s.user,
                power: s.power,
                target: Some(id),
            })
            .collect(),
    };
    out.push(Action::DeclinePower);
    out
}

/// Answers the frame: rolls (how many may come from the band reached), picks a figure, or
/// places it; the turn goes on once nothing more may be summoned.
pub(crate) fn resolve(
    state: &mut State,
    s: &Summon,
    seat: Seat,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    if !answers(state, s, seat).contains(answer) {
        return Err(Rejection::illegal(if s.placing.is_some() {
            "place the figure on an empty space adjacent to the figure summoning it"
        } else {
            "use the power (with a figure it may summon) or decline it"
        }));
    }
    let (Some(user), Some((_, filter, bands))) =
        (state.figure(s.user).cloned(), summon_power(state, s.unit))
    else {
        return Ok(());
    };
    let mut next = s.clone();
    match *answer {
        Action::UsePower { target: None, .. } => {
            let beside = controlled(state, seat, &user, &filter)
                .filter(|g| super::triggered::adjacent(state, &user, g))
                .count();
            let roll = PowerRoll {
                seat,
                figure: s.user,
                unit: s.unit,
                power: s.power,
                needed: bands.first().map_or(21, |b| b.0),
                extra: u16::try_from(beside).unwrap_or(u16::MAX),
            };
            let total = roll.total(state, dice, events);
            let most = bands
                .iter()
                .rev()
                .find(|(from, _)| total >= u16::from(*from))
                .map_or(0, |(_, n)| *n);
            next.left = Some(most);
        }
        Action::UsePower {
            target: Some(id), ..
        } => next.placing = Some(id),
        Action::PlaceCarried { figure, to, level } => {
            super::setup::stand(state, figure, to, None, level);
            events.push(Event::PowerUsed {
                figure: s.user,
                unit: s.unit,
                power: s.power,
                target: Some(figure),
                outcome: Outcome::Place(Placing {
                    adjacent: true,
                    ..Placing::default()
                }),
            });
            events.push(Event::Placed {
                figure,
                hex: to,
                level,
            });
            next.placing = None;
            next.left = next.left.map(|n| n.saturating_sub(1));
        }
        _ => {
            events.push(Event::PowerDeclined {
                figure: s.user,
                unit: s.unit,
                power: s.power,
            });
            next.left = Some(0);
        }
    }
    state.frames.as_mut().pop();
    let more = next.placing.is_some()
        || (next.left.is_some_and(|n| n > 0)
            && !candidates(state, seat, &user, &filter).is_empty());
    if more {
        state.frames.as_mut().push(HsFrame::Summon(next));
    } else {
        play::settle(state, dice, events);
    }
    Ok(())
}

/// What declining means in the frame, for people: not rolling, or summoning no more.
pub fn decline_text(state: &State, lang: skirmish_lang::Lang) -> String {
    let rolled = matches!(state.frames.top(), Some(HsFrame::Summon(s)) if s.left.is_some());
    if rolled {
        lang.pick("Summon no other figure", "N'invoquer aucune autre figurine")
    } else {
        lang.pick("Do not use the power", "Ne pas utiliser le pouvoir")
    }
    .into()
}
