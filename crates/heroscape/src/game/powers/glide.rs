//! *Glide In* ([`Arrive::GlideIn`]): a figure that starts off the battlefield may land before
//! any numbered order marker of its owner is revealed, then draw the owner's unrevealed markers
//! onto its card.
//!
//! When a numbered marker of the owner is about to be revealed and the figure still waits off
//! the battlefield, a [`Glide`] frame asks the owner whether to roll (once per marker). The roll
//! counts the d20 bonuses as any power's. On a success the figure is placed
//! ([`Decision::Deploy`], [`Action::Place`]) on an empty space not adjacent to any figure (a
//! glyph does not forbid it: placing is not moving, it stops on none); then the owner may move
//! unrevealed markers of theirs, one at a time ([`Action::MoveMarker`]), from other cards to
//! this one, or stop ([`Action::DeclinePower`]). The marker about to be revealed is one of
//! them: moved, its turn is this card's. A marker whose turn was lost is not moved (its turn
//! is over).
//!
//! Secrecy: the other players see that a marker went from one card to this one, never which:
//! the action and the event hide its number from them, as the placing of markers does.

use serde::{Deserialize, Serialize};
use skirmish_dice::Dice;
use skirmish_engine::frames::Ask;
use skirmish_engine::{Rejection, Seat, Viewer};

use crate::power::{Arrive, Effect};

use super::super::frames::HsFrame;
use super::super::state::{Marker, Phase, State};
use super::super::{play, Action, Decision, Event};
use super::arrive::Arrived;

/// What a [`Glide`] asks now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GlideStep {
    /// Whether to roll.
    Offer,
    /// Where the figure lands.
    Placing,
    /// Which marker to move to the card, or none more.
    Markers,
}

/// A landing by *Glide In* before a numbered marker is revealed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Glide {
    /// The owner.
    pub seat: Seat,
    /// The card.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
    /// The figure waiting off the battlefield.
    pub figure: u32,
    /// What is asked.
    pub step: GlideStep,
}

/// What *Glide In* remembers: the turns (round, index) before which it was offered.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GlideMemory {
    /// The turns asked about.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub asked: Vec<(u32, usize)>,
}

/// The *Glide In* of a card: its place and threshold.
fn glide_of(card: &crate::card::Card) -> Option<(u8, u8)> {
    card.powers.iter().enumerate().find_map(|(i, p)| {
        p.effects.iter().flatten().find_map(|e| match e {
            Effect::Arrive {
                arrive: Arrive::GlideIn { at_least },
            } => Some((u8::try_from(i).ok()?, *at_least)),
            _ => None,
        })
    })
}

/// Before `seat` reveals the numbered marker `marker`: a card of theirs with *Glide In* whose
/// figure waits off the battlefield offers its roll (once per marker); true while it is asked
/// (the turn starts again once answered).
pub fn before_reveal(state: &mut State, seat: Seat, marker: Marker) -> bool {
    if marker == Marker::X || state.frames.top().is_some() {
        return false;
    }
    let Phase::Turns { next, .. } = &state.phase else {
        return false;
    };
    let key = (state.round, *next);
    if state.powers.glide.asked.contains(&key) {
        return false;
    }
    let found = state
        .units
        .iter()
        .filter(|u| u.owner == seat)
        .find_map(|u| {
            let (power, _) = glide_of(&u.card)?;
            let f = state
                .figures
                .iter()
                .find(|f| f.unit == u.id && !f.destroyed && f.hex.is_none())?;
            Some((u.id, power, f.id))
        });
    let Some((unit, power, figure)) = found else {
        return false;
    };
    state.powers.glide.asked.retain(|(r, _)| *r == key.0);
    state.powers.glide.asked.push(key);
    if let Phase::Turns { next, .. } = &mut state.phase {
        *next -= 1;
    }
    state.frames.as_mut().push(HsFrame::Glide(Glide {
        seat,
        unit,
        power,
        figure,
        step: GlideStep::Offer,
    }));
    true
}

/// What the frame asks.
pub(crate) fn asks(g: &Glide) -> Ask<Decision> {
    let decision = match g.step {
        GlideStep::Placing => Decision::Deploy {
            figure: g.figure,
            unit: g.unit,
            power: g.power,
        },
        GlideStep::Offer | GlideStep::Markers => Decision::UsePower {
            figure: g.figure,
            unit: g.unit,
            power: g.power,
        },
    };
    Ask {
        seats: vec![g.seat],
        decision,
    }
}

/// The markers `seat` may move onto `unit`: unrevealed, on another card, their turn not lost.
fn movable(state: &State, seat: Seat, unit: u16) -> Vec<Marker> {
    let m = &state.players[seat.index()].markers;
    Marker::ALL
        .into_iter()
        .filter(|k| {
            let i = k.index();
            m.on[i].is_some_and(|u| u != unit) && !m.revealed[i] && !m.lost[i]
        })
        .collect()
}

/// The answers of `seat`.
pub(crate) fn answers(state: &State, g: &Glide, seat: Seat) -> Vec<Action> {
    if seat != g.seat {
        return Vec::new();
    }
    match g.step {
        GlideStep::Offer => vec![
            Action::UsePower {
                figure: g.figure,
                power: g.power,
                target: None,
            },
            Action::DeclinePower,
        ],
        GlideStep::Placing => state.figure(g.figure).map_or_else(Vec::new, |f| {
            super::triggered::empty_spaces_apart(state, f, true)
                .into_iter()
                .map(|(hex, tail, _)| Action::Place {
                    figure: f.id,
                    hex,
                    tail,
                })
                .collect()
        }),
        GlideStep::Markers => movable(state, seat, g.unit)
            .into_iter()
            .map(|marker| Action::MoveMarker { marker })
            .chain([Action::DeclinePower])
            .collect(),
    }
}

/// Answers the frame.
pub(crate) fn resolve(
    state: &mut State,
    g: &Glide,
    seat: Seat,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    if !answers(state, g, seat).contains(answer) {
        return Err(Rejection::illegal(match g.step {
            GlideStep::Placing => "place the figure on an empty space not adjacent to any figure",
            GlideStep::Markers => "move one of your unrevealed order markers here, or no more",
            GlideStep::Offer => "use the power or decline it",
        }));
    }
    match (g.step, answer) {
        (GlideStep::Offer, Action::DeclinePower) => {
            events.push(Event::PowerDeclined {
                figure: g.figure,
                unit: g.unit,
                power: g.power,
            });
            done(state, dice, events);
        }
        (GlideStep::Offer, _) => {
            let at_least = state
                .unit(g.unit)
                .and_then(|u| glide_of(&u.card))
                .map_or(u8::MAX, |(_, n)| n);
            let success = super::d20c::PowerRoll {
                seat,
                figure: g.figure,
                unit: g.unit,
                power: g.power,
                needed: at_least,
                extra: 0,
            }
            .roll(state, dice, events);
            let room = state
                .figure(g.figure)
                .is_some_and(|f| !super::triggered::empty_spaces_apart(state, f, true).is_empty());
            if !success || !room {
                done(state, dice, events);
            } else {
                set_step(state, GlideStep::Placing);
            }
        }
        (GlideStep::Placing, &Action::Place { figure, hex, tail }) => {
            let spaces = state
                .figure(figure)
                .map(|f| super::setup::landing_spaces(state, f))
                .unwrap_or_default();
            let level = super::setup::set_down(state, figure, &spaces, hex, tail);
            events.push(Event::Landed {
                figure,
                unit: g.unit,
                power: g.power,
            });
            events.push(Event::Placed { figure, hex, level });
            markers_or_done(state, g, dice, events);
        }
        (GlideStep::Markers, &Action::MoveMarker { marker }) => {
            let markers = &mut state.players[seat.index()].markers;
            let from = markers.on[marker.index()].unwrap_or(g.unit);
            markers.on[marker.index()] = Some(g.unit);
            events.push(Event::Arrive {
                what: Arrived::MarkerMoved {
                    seat,
                    marker: Some(marker),
                    from,
                    to: g.unit,
                },
            });
            markers_or_done(state, g, dice, events);
        }
        _ => done(state, dice, events),
    }
    Ok(())
}

/// The frame's step changes.
fn set_step(state: &mut State, step: GlideStep) {
    if let Some(HsFrame::Glide(top)) = state.frames.as_mut().top_mut() {
        top.step = step;
    }
}

/// Markers may be moved while some are left to move; else the turn starts.
fn markers_or_done(state: &mut State, g: &Glide, dice: &mut Dice, events: &mut Vec<Event>) {
    if movable(state, g.seat, g.unit).is_empty() {
        done(state, dice, events);
    } else {
        set_step(state, GlideStep::Markers);
    }
}

/// The landing is over: the marker's turn starts (on whatever card it now lies).
fn done(state: &mut State, dice: &mut Dice, events: &mut Vec<Event>) {
    state.frames.as_mut().pop();
    play::next_turn(state, dice, events);
}

/// A marker moved by *Glide In* as `viewer` may see it: its number hidden from the players who
/// may not see the owner's markers.
pub(crate) fn event_view(what: &Arrived, viewer: Viewer) -> Arrived {
    match what {
        Arrived::MarkerMoved { seat, from, to, .. } if !viewer.sees_secrets_of(*seat) => {
            Arrived::MarkerMoved {
                seat: *seat,
                marker: None,
                from: *from,
                to: *to,
            }
        }
        other => other.clone(),
    }
}

/// The words of a *Glide In* action, for its menu line.
pub(crate) fn action_text(state: &State, action: &Action, lang: skirmish_lang::Lang) -> String {
    use skirmish_lang::Lang;
    let (Action::MoveMarker { marker }, Some(HsFrame::Glide(g))) = (action, state.frames.top())
    else {
        return String::new();
    };
    let name = |u: Option<u16>| {
        u.and_then(|u| state.unit(u))
            .map_or_else(String::new, |u| u.card.name.clone())
    };
    let from = name(state.players[g.seat.index()].markers.on[marker.index()]);
    let to = name(Some(g.unit));
    match lang {
        Lang::En => format!("Move order marker {} from {from} to {to}", marker.symbol()),
        Lang::Fr => format!(
            "Déplacer le marqueur d'ordre {} de {from} vers {to}",
            marker.symbol()
        ),
    }
}
