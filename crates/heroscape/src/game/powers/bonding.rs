//! Powers over the order of turns: *Bonding* (before a turn with this card, a turn with one
//! figure you control matching the power) and *Battle Ready* (this card's X marker revealed
//! instead of another card's numbered marker, which moves here).
//!
//! Both are *you may* powers: a frame of [`super::triggered`] asks the player. A bonded turn is
//! a turn of the chosen figure's card in which only that figure moves and attacks; when it
//! ends, the bonding card's own turn begins, under the same order marker.

use serde::{Deserialize, Serialize};
use skirmish_engine::Seat;

use crate::power::{Effect, Filter};

use super::super::frames::HsFrame;
use super::super::state::{Figure, Marker, Phase, Stage, State};
use super::super::Event;
use super::matches;
use super::triggered::{Offer, Then};

/// A bonded turn under way: the one figure taking it, and the card whose turn follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bonded {
    /// The figure taking the bonded turn.
    pub figure: u32,
    /// The bonding card, whose turn comes next.
    pub then: u16,
}

/// A card's *Bonding* power: its place and whom it bonds with. A power naming several kinds
/// of figures ("a Warlord or Profiteer Hero") has one bonding effect per kind: the bonded
/// figure matches any of them, and one bonded turn is taken all the same.
fn bonding(state: &State, unit: u16) -> Option<(u8, Vec<&Filter>)> {
    let card = &state.unit(unit)?.card;
    card.powers.iter().enumerate().find_map(|(i, p)| {
        let with: Vec<&Filter> = p
            .effects
            .as_deref()?
            .iter()
            .filter_map(|e| match e {
                Effect::Bonding { with } => Some(with),
                _ => None,
            })
            .collect();
        // *their chosen Liege*: the figure chosen at the start of the game, no filter
        let chosen = p
            .effects
            .as_deref()?
            .iter()
            .any(|e| matches!(e, Effect::ChosenBonding));
        (!with.is_empty() || chosen).then_some((u8::try_from(i).ok()?, with))
    })
}

/// A card's *Battle Ready* power: its place.
fn battle_ready(state: &State, unit: u16) -> Option<u8> {
    let card = &state.unit(unit)?.card;
    card.powers.iter().enumerate().find_map(|(i, p)| {
        p.effects
            .as_deref()?
            .iter()
            .any(|e| matches!(e, Effect::BattleReady))
            .then(|| u8::try_from(i).ok())?
    })
}

/// Whether `power` of `unit` is a turn-order power of this module.
pub(crate) fn is_turn_power(state: &State, unit: u16, power: u8) -> bool {
    bonding(state, unit).is_some_and(|(p, _)| p == power)
        || battle_ready(state, unit) == Some(power)
        || super::orders::is_power(state, unit, power)
        || super::control::is_power(state, unit, power)
}

/// Whether a figure of the active card may act: during a bonded turn only the bonded figure.
pub fn may_act(state: &State, f: &Figure) -> bool {
    state.powers.bonded.is_none_or(|b| b.figure == f.id) && super::control::may_act(state, f)
}

/// The figures a bonding card's player may take the bonded turn with.
fn partners(state: &State, seat: Seat, unit: u16, with: &[&Filter]) -> Vec<u32> {
    if with.is_empty() {
        return super::start_choices::chosen_partner(state, seat, unit);
    }
    state
        .figures
        .iter()
        .filter(|f| f.on_field() && f.owner == seat && f.unit != unit)
        .filter(|f| with.iter().any(|w| matches(state.card_of(f), w)))
        .map(|f| f.id)
        .collect()
}

/// A figure to name a unit by in a question: its first figure in the game.
fn bearer(state: &State, unit: u16) -> Option<u32> {
    state.unit_alive(unit).next().map(|f| f.id)
}

/// The uses of a turn-order power offered.
pub(crate) fn uses(state: &State, o: &Offer) -> Vec<super::super::Action> {
    use super::super::Action;
    if super::orders::is_power(state, o.unit, o.power) {
        return super::orders::uses(state, o);
    }
    if super::control::is_power(state, o.unit, o.power) {
        return super::control::uses(state, o);
    }
    if let Some((p, with)) = bonding(state, o.unit).filter(|(p, _)| *p == o.power) {
        return partners(state, o.seat, o.unit, &with)
            .into_iter()
            .map(|t| Action::UsePower {
                figure: o.figure,
                power: p,
                target: Some(t),
            })
            .collect();
    }
    vec![Action::UsePower {
        figure: o.figure,
        power: o.power,
        target: None,
    }]
}

/// A turn has just started: a card with *Bonding* offers its bonded turn first; true while
/// the question is pending.
pub fn before_turn(state: &mut State) -> bool {
    state.powers.bonded = None;
    super::control::turn_starts(state);
    let turn_given = super::orders::before_turn(state)
        || offer_bonding(state)
        || super::control::before_turn(state);
    // asked first, on top of the others (*before using any other special powers*)
    super::orders::after_reveal(state) || turn_given
}

/// Offers a *Bonding* card's bonded turn; true when asked.
fn offer_bonding(state: &mut State) -> bool {
    let Some(turn) = state.turn().cloned() else {
        return false;
    };
    let Some((power, ready)) = bonding(state, turn.unit)
        .map(|(p, with)| (p, !partners(state, turn.seat, turn.unit, &with).is_empty()))
    else {
        return false;
    };
    let Some(figure) = bearer(state, turn.unit) else {
        return false;
    };
    if !ready {
        return false;
    }
    state.frames.as_mut().push(HsFrame::Power(Offer {
        seat: turn.seat,
        figure,
        unit: turn.unit,
        power,
        then: Then::Turn,
    }));
    true
}

/// Before `seat` reveals `marker` on `unit`: a card of its own with *Battle Ready* and the X
/// marker still face down on it offers to take the turn instead (asked once per marker); true
/// while the question is pending (the turn is not started: it starts again once answered).
pub fn before_reveal(state: &mut State, seat: Seat, marker: Marker, unit: u16) -> bool {
    let Phase::Turns { next, .. } = &state.phase else {
        return false;
    };
    let key = (state.round, *next);
    if state.powers.battle_ready_asked.contains(&key) {
        return false;
    }
    let markers = &state.players[seat.index()].markers;
    let x = Marker::X.index();
    let Some(ready) = markers.on[x].filter(|&u| u != unit && !markers.revealed[x]) else {
        return false;
    };
    if marker == Marker::X
        || state.units[usize::from(ready)].owner != seat
        || !state.unit_standing(ready)
    {
        return false;
    }
    let (Some(power), Some(figure)) = (battle_ready(state, ready), bearer(state, ready)) else {
        return false;
    };
    state.powers.battle_ready_asked.retain(|(r, _)| *r == key.0);
    state.powers.battle_ready_asked.push(key);
    if let Phase::Turns { next, .. } = &mut state.phase {
        *next -= 1;
    }
    state.frames.as_mut().push(HsFrame::Power(Offer {
        seat,
        figure,
        unit: ready,
        power,
        then: Then::NextTurn,
    }));
    true
}

/// Uses a turn-order power: the bonded turn starts with `target`, or *Battle Ready* moves the
/// numbered marker whose turn comes to this card and reveals the X.
pub(crate) fn use_power(
    state: &mut State,
    o: &Offer,
    target: Option<u32>,
    events: &mut Vec<Event>,
) {
    if super::orders::is_power(state, o.unit, o.power) {
        super::orders::use_power(state, o, target, events);
        return;
    }
    if super::control::is_power(state, o.unit, o.power) {
        super::control::use_power(state, o, target, events);
        return;
    }
    if let Some(t) = target.and_then(|id| state.figure(id)).cloned() {
        state.powers.bonded = Some(Bonded {
            figure: t.id,
            then: o.unit,
        });
        super::markers::bonded(state);
        extra_turn_with(state, t.unit);
        events.push(Event::BondedTurn {
            figure: t.id,
            unit: o.unit,
        });
        super::triggered::bonded_turn_starts(state, o, t.id);
        return;
    }
    let Phase::Turns { order, next, .. } = &state.phase else {
        return;
    };
    let n = order.len().max(1);
    let marker = Marker::of_turn(*next / n);
    let markers = &mut state.players[o.seat.index()].markers;
    let Some(from) = markers.on[marker.index()] else {
        return;
    };
    markers.on[marker.index()] = Some(o.unit);
    markers.revealed[Marker::X.index()] = true;
    events.push(Event::MarkerMoved {
        seat: o.seat,
        marker,
        from,
        to: o.unit,
    });
}

/// The turn ends: after a bonded turn the bonding card's own turn begins; true then.
pub fn after_bonded(state: &mut State) -> bool {
    if let Some(goes_on) = super::control::after_given_turn(state) {
        return goes_on;
    }
    let Some(b) = state.powers.bonded.take() else {
        return false;
    };
    if let Some(pending) = super::orders::after_turn_with(state, &b) {
        return pending;
    }
    if !state.unit_standing(b.then) {
        return false;
    }
    extra_turn_with(state, b.then);
    true
}

/// The turn under way goes on as an extra turn of `unit`'s card, from its moves (a bonded turn,
/// a turn given by *Mind Link*, the bonding card's own turn after them).
pub(crate) fn extra_turn_with(state: &mut State, unit: u16) {
    state.powers.extra_turns += 1;
    if let Phase::Turns {
        turn: Some(turn), ..
    } = &mut state.phase
    {
        turn.unit = unit;
        turn.stage = Stage::Move;
        turn.moved.clear();
        turn.attacked.clear();
    }
}
