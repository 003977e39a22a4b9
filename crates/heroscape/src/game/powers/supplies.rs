//! Markers, tiles and glyphs a card starts the game with ([`Supply`]), at play: how many are
//! left on the card (public, printed on the card, shown beside it on the page), and the powers
//! that spend them.
//!
//! *Black Powder Pistols* ([`Supply::Boost`]): when the moves of a turn with the card end, its
//! owner is asked (the triggered powers' [`Offer`], answered `use_power` or `decline_power`)
//! whether to remove a marker to raise a value of the card's figures for the rest of the turn;
//! asked only while a marker is left, and once a round when the card says so.
//!
//! *Rod of Negation* ([`Supply::Negation`]): when a turn with the card ends, while a marker is
//! left and an opponent's unique figure is within reach, its owner is asked whether to choose
//! one (the same offer, answered with the figure); the 20-sided die decides. A negated card
//! loses every special power at once: its unit's card is replaced by a copy whose powers are
//! all text, so that every lookup of its effects, whichever family reads them, finds none.

use serde::{Deserialize, Serialize};
use skirmish_dice::Dice;
use skirmish_engine::Seat;

use super::super::frames::HsFrame;
use super::super::state::{Figure, State, Turn};
use super::super::{combat, glyphs, Action, Event};
use super::triggered::{candidates, mark_used, roll_bonus, turn_key, used, Offer, Then, TurnKey};
use super::values::{Tally, Why};
use crate::card::Rarity;
use crate::power::{Effect, Filter, Stat, Supply, Target};

/// What the supplies keep for the whole game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Supplies {
    /// Markers taken off cards: the unit, the power, how many.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spent: Vec<(u16, u8, u16)>,
    /// The last round each power was used in: the unit, the power, the round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub used_in: Vec<(u16, u8, u32)>,
    /// Values raised for the turn under way: the turn's key, the unit, the power.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boosts: Vec<(TurnKey, u16, u8)>,
    /// Cards whose special powers are negated for the game (*Rod of Negation*).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub negated: Vec<u16>,
}

/// A card's supply as everyone sees it: printed on the card, its markers lie on the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SupplyView {
    /// The power's printed name.
    pub power: String,
    /// The markers' printed name ("black powder").
    pub marker: String,
    /// How many are left on the card.
    pub left: u16,
}

/// The supply of power `power` of `unit`, if that power has one.
pub fn supply_of(state: &State, unit: u16, power: u8) -> Option<&Supply> {
    let card = &state.unit(unit)?.card;
    card.powers
        .get(usize::from(power))?
        .effects
        .as_deref()?
        .iter()
        .find_map(|e| match e {
            Effect::Supply(s) => Some(s),
            _ => None,
        })
}

/// The powers of a unit's card with a supply, with their place among its powers.
fn supplies(state: &State, unit: u16) -> Vec<(u8, Supply)> {
    let Some(u) = state.unit(unit) else {
        return Vec::new();
    };
    (0..u.card.powers.len())
        .filter_map(|i| {
            let i = u8::try_from(i).ok()?;
            Some((i, supply_of(state, unit, i)?.clone()))
        })
        .collect()
}

/// Whether power `power` of `unit` spends a supply (its offers are answered here).
pub(crate) fn is_supply_power(state: &State, unit: u16, power: u8) -> bool {
    supply_of(state, unit, power).is_some()
}

/// The markers left on the card: what it started with (on each copy of the card) less those
/// taken off.
pub fn left(state: &State, unit: u16, power: u8) -> u16 {
    let Some(s) = supply_of(state, unit, power) else {
        return 0;
    };
    let copies = state.unit(unit).map_or(1, |u| u16::from(u.copies.max(1)));
    let spent: u16 = state
        .lasting
        .supplies
        .spent
        .iter()
        .filter(|(u, p, _)| *u == unit && *p == power)
        .map(|(_, _, n)| *n)
        .sum();
    (s.markers() * copies).saturating_sub(spent)
}

/// Whether the power may be used now: a marker left, and not yet this round when it may be
/// used once a round.
pub(crate) fn available(state: &State, unit: u16, power: u8) -> bool {
    let Some(s) = supply_of(state, unit, power) else {
        return false;
    };
    let once = match s {
        Supply::Boost { once_per_round, .. } => *once_per_round,
        Supply::Negation { .. } | Supply::IgnoreWounds { .. } => false,
    };
    left(state, unit, power) > 0
        && !(once
            && state
                .lasting
                .supplies
                .used_in
                .contains(&(unit, power, state.round)))
}

/// Once the moves of `turn` are over (*after moving and before attacking*): offers the first
/// *Black Powder Pistols* of the active card that may be used; true when a question is pushed.
pub(crate) fn after_moves(state: &mut State, turn: &Turn, first: u32) -> bool {
    for (power, s) in supplies(state, turn.unit) {
        if !matches!(s, Supply::Boost { .. })
            || used(state, turn.unit, power)
            || !available(state, turn.unit, power)
        {
            continue;
        }
        mark_used(state, turn.unit, power);
        state.frames.as_mut().push(HsFrame::Power(Offer {
            seat: turn.seat,
            figure: first,
            unit: turn.unit,
            power,
            then: Then::Turn,
        }));
        return true;
    }
    false
}

/// When a turn with the card ends: offers the first *Rod of Negation* of the active card that
/// has a marker left and a figure to choose; true when a question is pushed.
pub(crate) fn after_turn(state: &mut State, turn: &Turn, seat: Seat, first: u32) -> bool {
    for (power, s) in supplies(state, turn.unit) {
        if !matches!(s, Supply::Negation { .. })
            || used(state, turn.unit, power)
            || !available(state, turn.unit, power)
        {
            continue;
        }
        mark_used(state, turn.unit, power);
        let offer = Offer {
            seat,
            figure: first,
            unit: turn.unit,
            power,
            then: Then::EndTurn { seat },
        };
        if uses(state, &offer).is_empty() {
            continue;
        }
        state.frames.as_mut().push(HsFrame::Power(offer));
        return true;
    }
    false
}

/// The figures a *Rod of Negation* may choose for `user`: opponents' unique figures within
/// its clear-sight spaces.
fn negation_targets(state: &State, seat: Seat, user: u32, within: u16) -> Vec<u32> {
    let Some(user) = state.figure(user) else {
        return Vec::new();
    };
    let target = Target {
        within: Some(within),
        opponents_only: true,
        filter: Filter {
            rarity: Some(Rarity::Unique),
            ..Filter::default()
        },
        ..Target::default()
    };
    candidates(state, seat, user, &target)
}

/// The ways to use an offered supply power, while it may be used: at once, or on each figure
/// it may choose.
pub(crate) fn uses(state: &State, o: &Offer) -> Vec<Action> {
    if !available(state, o.unit, o.power) {
        return Vec::new();
    }
    match supply_of(state, o.unit, o.power) {
        Some(Supply::Boost { .. }) => vec![Action::UsePower {
            figure: o.figure,
            power: o.power,
            target: None,
        }],
        Some(Supply::Negation { within, .. }) => negation_targets(state, o.seat, o.figure, *within)
            .into_iter()
            .map(|t| Action::UsePower {
                figure: o.figure,
                power: o.power,
                target: Some(t),
            })
            .collect(),
        // asked inside an attack (`wounds`), never offered as a turn's power
        Some(Supply::IgnoreWounds { .. }) | None => Vec::new(),
    }
}

/// Takes a marker off the card.
pub(crate) fn spend(state: &mut State, unit: u16, power: u8) {
    let sup = &mut state.lasting.supplies;
    match sup
        .spent
        .iter_mut()
        .find(|(u, p, _)| *u == unit && *p == power)
    {
        Some((_, _, n)) => *n += 1,
        None => sup.spent.push((unit, power, 1)),
    }
}

/// Uses an offered supply power (with the figure chosen, if it chooses one).
pub(crate) fn use_power(
    state: &mut State,
    o: &Offer,
    target: Option<u32>,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    if !available(state, o.unit, o.power) {
        return;
    }
    match supply_of(state, o.unit, o.power).cloned() {
        Some(Supply::Boost { .. }) => boost(state, o, events),
        Some(Supply::Negation {
            negate_from,
            destroy_from,
            ..
        }) => {
            if let Some(t) = target {
                negation(state, o, t, (negate_from, destroy_from), dice, events);
            }
        }
        Some(Supply::IgnoreWounds { .. }) | None => {}
    }
}

/// *Rod of Negation*: the die, then the chosen figure's card negated or the figure destroyed.
fn negation(
    state: &mut State,
    o: &Offer,
    chosen: u32,
    (negate_from, destroy_from): (u8, u8),
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let Some(f) = state.figure(o.figure).cloned() else {
        return;
    };
    let Some(unit) = state.figure(chosen).map(|c| c.unit) else {
        return;
    };
    let bonus = glyphs::d20_bonus(state, f.owner) + roll_bonus(state, f.owner, f.unit, o.power);
    let malus = super::d20c::harrowing(state, f.owner, f.unit);
    let die = dice.d20();
    let total = (u16::from(die) + bonus).saturating_sub(malus);
    events.push(Event::PowerRolled {
        figure: o.figure,
        unit: o.unit,
        power: o.power,
        die,
        bonus,
        distance: 0,
        needed: negate_from,
        success: total >= u16::from(negate_from),
        malus,
    });
    if total >= u16::from(destroy_from) {
        combat::destroy(state, chosen, events);
    } else if total >= u16::from(negate_from) {
        spend(state, o.unit, o.power);
        negate(state, unit);
        events.push(Event::PowersNegated {
            figure: o.figure,
            unit: o.unit,
            power: o.power,
            target: chosen,
            left: left(state, o.unit, o.power),
        });
    }
}

/// Negates every special power of a unit's card for the rest of the game.
fn negate(state: &mut State, unit: u16) {
    let Some(u) = state.units.get_mut(usize::from(unit)) else {
        return;
    };
    let mut card = (*u.card).clone();
    for p in &mut card.powers {
        p.effects = None;
    }
    u.card = std::sync::Arc::new(card);
    if !state.lasting.supplies.negated.contains(&unit) {
        state.lasting.supplies.negated.push(unit);
    }
}

/// Whether a unit's special powers are negated for the game (*Rod of Negation*).
pub fn negated(state: &State, unit: u16) -> bool {
    state.lasting.supplies.negated.contains(&unit)
}

/// *Black Powder Pistols*: a marker is taken off the card and its value raised for the rest
/// of the turn.
fn boost(state: &mut State, o: &Offer, events: &mut Vec<Event>) {
    spend(state, o.unit, o.power);
    let round = state.round;
    let key = turn_key(state);
    let sup = &mut state.lasting.supplies;
    sup.used_in
        .retain(|(u, p, _)| !(*u == o.unit && *p == o.power));
    sup.used_in.push((o.unit, o.power, round));
    if let Some(k) = key {
        sup.boosts.retain(|(key, _, _)| *key == k);
        sup.boosts.push((k, o.unit, o.power));
    }
    events.push(Event::SupplyUsed {
        figure: o.figure,
        unit: o.unit,
        power: o.power,
        left: left(state, o.unit, o.power),
    });
}

/// Adds the values raised this turn by a supply power of `f`'s card to `f`'s `stat`.
pub(crate) fn changes(state: &State, f: &Figure, stat: Stat, t: &mut Tally) {
    let Some(k) = turn_key(state) else {
        return;
    };
    for (key, unit, power) in &state.lasting.supplies.boosts {
        if *key != k || *unit != f.unit {
            continue;
        }
        if let Some(Supply::Boost { stat: s, by, .. }) = supply_of(state, *unit, *power) {
            if *s == stat {
                let name = state.units[usize::from(*unit)].card.powers[usize::from(*power)]
                    .name
                    .clone();
                t.add(
                    Why::Power {
                        unit: *unit,
                        power: name,
                    },
                    i16::from(*by),
                );
            }
        }
    }
}

/// The supplies of a unit's card as everyone sees them.
pub fn views(state: &State, unit: u16) -> Vec<SupplyView> {
    supplies(state, unit)
        .into_iter()
        .map(|(power, s)| SupplyView {
            power: state.units[usize::from(unit)].card.powers[usize::from(power)]
                .name
                .clone(),
            marker: s.marker().to_string(),
            left: left(state, unit, power),
        })
        .collect()
}
