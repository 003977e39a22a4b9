//! Powers read from where a figure began its turn over several land types (*Lurking
//! Ambush*), a spirit that hands *Life Drain* to another hero (*Life Drain Spirit*), and a
//! friendly figure healed when a normal attack destroys a figure (*Spear of Sankari*).
//!
//! The spirit is laid through the *Spirit* question of [`super::choices`] (the owner chooses
//! the card among those the power allows); the heal is an offer of [`super::triggered`] (the
//! owner chooses the figure or declines). The conditions on the figures next to an attack's
//! figures (*Mark of the Warlord*, *Adjacent Tough*), height advantage taken by the other figure
//! (*Defend the Deep*) and a figure left without defence dice (*Negative Element*) are read
//! here too.

use crate::card::{Card, Rarity};
use crate::power::{Condition, Effect, Filter, Trigger};

use super::super::frames::HsFrame;
use super::super::state::{Figure, State, Unit};
use super::triggered::{self, Offer, Then};
use super::values::{adjacent, Fight, Tally, Why};
use super::{effects, matches, values};

/// Whether `f` began the turn (outside a turn: stands) with at least one hex of its base on
/// one of the land types `grounds` ([`crate::power::Condition::StartedTurnOnAny`]).
pub fn started_on_any(state: &State, f: &Figure, grounds: &[String]) -> bool {
    let start = values::at_turn_start(state, f);
    if !start.on_field() {
        return false;
    }
    let on = start.hexes().any(|hex| {
        state
            .field
            .column(hex)
            .and_then(|c| c.footings().find(|ft| ft.level == start.level))
            .and_then(|ft| serde_json::to_value(ft.ground).ok())
            .and_then(|v| v.as_str().map(str::to_owned))
            .is_some_and(|g| grounds.iter().any(|x| x.eq_ignore_ascii_case(&g)))
    });
    on
}

/// Whether one of the conditions about the figures next to the attack's figures holds for
/// `f`, reached by a power of `unit`'s card ([`Condition::OpponentAdjacentTo`],
/// [`Condition::AdjacentControlled`], [`Condition::OpponentHeightAdvantage`],
/// [`Condition::OpponentControlled`], [`Condition::OpponentEngagedWithOwn`]); any other condition is left to
/// [`values::holds`] and reads false here.
pub fn holds(
    state: &State,
    unit: &Unit,
    f: &Figure,
    condition: &Condition,
    fight: Option<&Fight>,
) -> bool {
    match condition {
        Condition::OpponentAdjacentTo(filter) => fight.is_some_and(|x| {
            let other = x.other(f);
            state.figures.iter().any(|g| {
                g.on_field()
                    && g.id != other.id
                    && g.id != f.id
                    && matches(state.card_of(g), filter)
                    && adjacent(state, other, g)
            })
        }),
        Condition::AdjacentControlled(filter) => state.figures.iter().any(|g| {
            g.on_field()
                && g.id != f.id
                && g.owner == f.owner
                && matches(state.card_of(g), filter)
                && adjacent(state, f, g)
        }),
        Condition::OpponentEngagedWithOwn(filter) => fight.is_some_and(|x| {
            let other = x.other(f);
            state.figures.iter().any(|g| {
                g.on_field()
                    && g.id != other.id
                    && g.owner == unit.owner
                    && !state.allies(g.owner, other.owner)
                    && matches(state.card_of(g), filter)
                    && adjacent(state, other, g)
            })
        }),
        Condition::OpponentHeightAdvantage => fight.is_some_and(|x| x.other(f).level > f.level),
        Condition::OpponentControlled => fight.is_some_and(|x| x.other(f).owner == unit.owner),
        _ => false,
    }
}

/// The cards a card's *Life Drain Spirit* may be laid on, if it has one.
pub fn drain_spirit_onto(card: &Card) -> Option<&Filter> {
    effects(card).find_map(|e| match e {
        Effect::LifeDrainSpirit { onto } => Some(onto),
        _ => None,
    })
}

/// Whether the card `onto` may hold the spirit of unit `from`: a unique card, and one its
/// *Life Drain Spirit* allows when it has one.
pub fn may_hold_spirit(state: &State, from: u16, onto: u16) -> bool {
    let Some(to) = state.unit(onto) else {
        return false;
    };
    to.card.rarity == Rarity::Unique
        && state
            .unit(from)
            .and_then(|u| drain_spirit_onto(&u.card))
            .is_none_or(|filter| matches(&to.card, filter))
}

/// Whether a figure has *Life Drain* from a *Life Drain Spirit* laid on its card.
pub fn drain_spirit_on(state: &State, f: &Figure) -> bool {
    state
        .lasting
        .drain_spirits
        .iter()
        .any(|&(_, onto)| onto == f.unit)
}

/// `attacker`'s normal attack has just destroyed a figure: its card's *when it destroys a
/// figure with a normal attack* powers are offered to its owner, when a figure they may
/// choose has a wound to remove (a figure without one would gain nothing).
pub fn destroyed_with_normal_attack(state: &mut State, attacker: u32) {
    let Some(a) = state.figure(attacker).filter(|f| f.on_field()).cloned() else {
        return;
    };
    let Some(unit) = state.unit(a.unit) else {
        return;
    };
    let seat = unit.owner;
    let offers: Vec<u8> = triggered::triggered(&unit.card)
        .filter(|(_, t)| t.trigger == Trigger::DestroysWithNormalAttack)
        .filter(|(_, t)| {
            t.target.as_ref().is_some_and(|target| {
                triggered::candidates(state, seat, &a, target)
                    .into_iter()
                    .any(|id| {
                        state
                            .figure(id)
                            .is_some_and(|f| state.unit_alive(f.unit).any(|g| g.wounds > 0))
                    })
            })
        })
        .map(|(power, _)| power)
        .collect();
    for power in offers {
        state.frames.as_mut().push(HsFrame::Power(Offer {
            seat,
            figure: attacker,
            unit: a.unit,
            power,
            then: Then::Turn,
        }));
    }
}

/// *Negative Element*: the defender's power leaving it no defence dice while its conditions
/// hold takes every die off the tally, named after the power (automatic shields stay).
pub fn no_defence_dice(state: &State, fight: &Fight, t: &mut Tally) {
    let Some(unit) = state.unit(fight.defender.unit) else {
        return;
    };
    let power = values::named_effects(&unit.card).find_map(|(power, e)| match e {
        Effect::NoDefenceDice { when }
            if when
                .iter()
                .all(|c| values::holds(state, unit, fight.defender, c, Some(fight))) =>
        {
            Some(power)
        }
        _ => None,
    });
    if let Some(power) = power {
        let left = i16::try_from(t.value()).unwrap_or(i16::MAX);
        t.add(
            Why::Power {
                unit: unit.id,
                power: power.to_string(),
            },
            -left,
        );
    }
}
