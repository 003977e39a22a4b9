//! Tiles a card starts the game with and lays on the battlefield ([`Tiles`]), at play.
//!
//! *Nanite Smoke Grenade*, *Blend Into Shadow*, *Create Water* ([`Tiles::EndOfTurn`]): when a
//! turn with the card ends, while a tile is left on the card and a space takes one, a
//! [`HsFrame::Tile`] frame asks its player ([`Decision::PlaceTile`]) for the space
//! ([`Action::PlaceTile`]) or none ([`Action::DeclinePower`]); once a turn. The tiles left are
//! public (on the card, shown beside it as the supplies' markers are).
//!
//! **The spaces.** The card's figure (a hero's) lays the tile where it *fits normally*
//! (`battlefield/laid.rs`: on open land, not on water, another thin tile, an obstacle or a
//! special piece) and no glyph lies: on the space it occupies when the power names it, or on an
//! empty space (no figure) within the power's spaces of the figure, counted from its nearest
//! hex. *Within N clear sight spaces* adds that the figure sees the space: that it sees the hit
//! zone of a one-level figure standing there (what *clear sight* means for figures, applied to
//! the lowest figure that could stand on the space; the arrivals' reading for spaces, in
//! `arrive.rs`, applied to the space itself).
//!
//! **The battlefield.** A laid tile changes the battlefield for the rest of the game: the
//! state's battlefield is copied once (`Arc::make_mut`) and the tile added to its column, so
//! that movement, line of sight and every power reading the land type see it with no cost to
//! their queries; the tiles laid are also listed (for the views, which carry them so that the
//! page fetches the battlefield again).

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_board::FigureId;
use skirmish_dice::Dice;
use skirmish_engine::frames::Ask;
use skirmish_engine::{Rejection, Seat};

use super::super::frames::HsFrame;
use super::super::geometry;
use super::super::state::{Figure, State};
use super::super::{play, Action, Decision, Event};
use super::triggered::{mark_used, used};
use crate::battlefield::Ground;
use crate::body::{Body, Placement, Standing};
use crate::power::tiles::Tiles;
use crate::power::Effect;

/// What the tiles keep for the whole game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TilesState {
    /// Tiles laid, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub laid: Vec<LaidTile>,
}

/// A tile a power laid on the battlefield.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LaidTile {
    /// Its hex.
    pub hex: Hex,
    /// Its land type.
    pub ground: Ground,
    /// The card it came from.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
}

/// A tile its player may lay now (the [`HsFrame::Tile`] frame).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TileOffer {
    /// Who lays it.
    pub seat: Seat,
    /// The card's figure.
    pub figure: u32,
    /// The card.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
}

/// The tile power `power` of `unit`, if that power is one.
pub fn tiles_of(state: &State, unit: u16, power: u8) -> Option<&Tiles> {
    state
        .unit(unit)?
        .card
        .powers
        .get(usize::from(power))?
        .effects
        .as_deref()?
        .iter()
        .find_map(|e| match e {
            Effect::Tiles(t) => Some(t),
            _ => None,
        })
}

/// The tile powers of a unit's card, with their place among its powers.
fn powers(state: &State, unit: u16) -> Vec<(u8, Tiles)> {
    let Some(u) = state.unit(unit) else {
        return Vec::new();
    };
    (0..u.card.powers.len())
        .filter_map(|i| {
            let i = u8::try_from(i).ok()?;
            Some((i, tiles_of(state, unit, i)?.clone()))
        })
        .collect()
}

/// The tiles of `ground` left on the card: what it started with (on each copy) less those
/// laid.
pub fn left(state: &State, unit: u16, power: u8, ground: Ground) -> u16 {
    let Some(t) = tiles_of(state, unit, power) else {
        return 0;
    };
    let copies = state.unit(unit).map_or(1, |u| u16::from(u.copies.max(1)));
    let start: u16 = t
        .supply()
        .iter()
        .filter(|(g, _)| *g == ground)
        .map(|(_, n)| n * copies)
        .sum();
    let laid = state
        .lasting
        .tiles
        .laid
        .iter()
        .filter(|l| l.unit == unit && l.power == power && l.ground == ground)
        .count();
    start.saturating_sub(u16::try_from(laid).unwrap_or(u16::MAX))
}

/// The land type of an end-of-turn power's tiles.
pub fn end_of_turn_ground(t: &Tiles) -> Option<Ground> {
    match t {
        Tiles::EndOfTurn { ground, .. } => Some(*ground),
        Tiles::WhenDestroyed { .. } | Tiles::AdjacentOnlyOn { .. } => None,
    }
}

/// Lays a tile of `ground` from power `power` of `unit` on `hex`, where it fits; whether it
/// was laid.
fn lay(state: &mut State, unit: u16, power: u8, hex: Hex, ground: Ground) -> bool {
    if !fits(state, hex)
        || Arc::make_mut(&mut state.field)
            .lay_tile(hex, ground)
            .is_none()
    {
        return false;
    }
    state.lasting.tiles.laid.push(LaidTile {
        hex,
        ground,
        unit,
        power,
    });
    true
}

/// Whether a tile may go on `hex` as far as the game goes: it fits normally and no glyph lies
/// there.
fn fits(state: &State, hex: Hex) -> bool {
    state.field.tile_fits(hex).is_some()
        && !state.glyphs.iter().any(|g| !g.gone && g.spot.hex == hex)
}

/// Whether `f` sees the space `hex`: the hit zone of a one-level figure standing on it.
fn sees_space(state: &State, f: &Figure, hex: Hex) -> bool {
    let (Some(seer), Some(level)) = (geometry::standing(state, f), state.field.tile_fits(hex))
    else {
        return false;
    };
    let there = Standing {
        // no figure has id 0: the space's stand-in blocks nothing and is skipped by nobody
        id: FigureId(0),
        team: state.team(f.owner),
        body: Body::single(1),
        at: Placement::single(hex, level),
    };
    let others: Vec<Standing> = state
        .figures
        .iter()
        .filter(|g| g.on_field() && g.id != f.id)
        .filter_map(|g| geometry::standing(state, g))
        .collect();
    crate::sight::line_of_sight(&geometry::grid(state), &seer, &there, &others).clear
}

/// The spaces where the figure `f` may lay a tile of `t`.
pub fn spaces(state: &State, f: &Figure, t: &Tiles) -> Vec<Hex> {
    let Tiles::EndOfTurn {
        within,
        clear_sight,
        own_space,
        ..
    } = *t
    else {
        return Vec::new();
    };
    let mut out: Vec<Hex> = Vec::new();
    if !f.on_field() {
        return out;
    }
    if own_space {
        out.extend(f.hexes().filter(|&h| fits(state, h)));
    }
    if within == 0 {
        return out;
    }
    let max = u32::from(within);
    for (hex, _) in state.field.columns() {
        if out.contains(&hex)
            || !f.hexes().any(|x| x.distance(hex) <= max)
            || state.figure_at(hex).is_some()
            || !fits(state, hex)
            || (clear_sight && !sees_space(state, f, hex))
        {
            continue;
        }
        out.push(hex);
    }
    out
}

/// The turn under way is ending: the first tile power of its card with a tile left and a
/// space for it is offered to `seat`, once a turn; true while it is asked.
pub(crate) fn after_turn(state: &mut State, seat: Seat) -> bool {
    if state.frames.top().is_some() {
        return true;
    }
    let Some(turn) = state.turn().cloned() else {
        return false;
    };
    let Some(first) = state
        .unit_alive(turn.unit)
        .find(|f| f.on_field())
        .map(|f| f.id)
    else {
        return false;
    };
    for (power, t) in powers(state, turn.unit) {
        let Some(ground) = end_of_turn_ground(&t) else {
            continue;
        };
        if used(state, turn.unit, power) || left(state, turn.unit, power, ground) == 0 {
            continue;
        }
        mark_used(state, turn.unit, power);
        let Some(f) = state.figure(first) else {
            continue;
        };
        if spaces(state, f, &t).is_empty() {
            continue;
        }
        state.frames.as_mut().push(HsFrame::Tile(TileOffer {
            seat,
            figure: first,
            unit: turn.unit,
            power,
        }));
        return true;
    }
    false
}

/// What the frame asks.
pub(crate) fn asks(o: &TileOffer) -> Ask<Decision> {
    Ask {
        seats: vec![o.seat],
        decision: Decision::PlaceTile {
            figure: o.figure,
            unit: o.unit,
            power: o.power,
        },
    }
}

/// The answers of `seat`: each space, or no tile.
pub(crate) fn answers(state: &State, o: &TileOffer, seat: Seat) -> Vec<Action> {
    let (Some(f), Some(t)) = (
        state.figure(o.figure).filter(|_| seat == o.seat),
        tiles_of(state, o.unit, o.power),
    ) else {
        return Vec::new();
    };
    let ground = end_of_turn_ground(t);
    let mut out: Vec<Action> = if ground.is_none_or(|g| left(state, o.unit, o.power, g) == 0) {
        Vec::new()
    } else {
        spaces(state, f, t)
            .into_iter()
            .map(|hex| Action::PlaceTile { hex })
            .collect()
    };
    out.push(Action::DeclinePower);
    out
}

/// Answers the frame: the tile is laid (or not), then the turn ends.
pub(crate) fn resolve(
    state: &mut State,
    o: &TileOffer,
    seat: Seat,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    if !answers(state, o, seat).contains(answer) {
        return Err(Rejection::illegal(
            "lay the tile on a space the power allows where it fits normally, or do not",
        ));
    }
    state.frames.as_mut().pop();
    match *answer {
        Action::PlaceTile { hex } => {
            let ground = tiles_of(state, o.unit, o.power).and_then(end_of_turn_ground);
            if let Some(ground) = ground {
                if lay(state, o.unit, o.power, hex, ground) {
                    events.push(Event::TileLaid {
                        figure: o.figure,
                        unit: o.unit,
                        power: o.power,
                        hex,
                        ground,
                        left: left(state, o.unit, o.power, ground),
                    });
                }
            }
        }
        _ => events.push(Event::PowerDeclined {
            figure: o.figure,
            unit: o.unit,
            power: o.power,
        }),
    }
    play::end_turn(state, o.seat, dice, events);
    Ok(())
}

/// The tiles left on a unit's card, shown beside it as the supplies' markers are.
pub fn views(state: &State, unit: u16) -> Vec<super::supplies::SupplyView> {
    let mut out = Vec::new();
    for (power, t) in powers(state, unit) {
        for (ground, _) in t.supply() {
            out.push(super::supplies::SupplyView {
                power: state.units[usize::from(unit)].card.powers[usize::from(power)]
                    .name
                    .clone(),
                marker: format!(
                    "{} tile",
                    crate::present::judge::ground_word(ground, skirmish_lang::Lang::En)
                ),
                left: left(state, unit, power, ground),
            });
        }
    }
    out
}

/// `figure` was just destroyed by a normal attack or a leaving-engagement attack: a card laying
/// tiles where its figures fall (*Volcanic Carapace*) rolls and lays one on the space it
/// occupied, when one fits there and one is left. Its player rolls: the figure's controller.
pub(crate) fn destroyed(state: &mut State, figure: u32, dice: &mut Dice, events: &mut Vec<Event>) {
    let Some(f) = state.figure(figure).filter(|f| f.destroyed).cloned() else {
        return;
    };
    let Some(hex) = f.hex else {
        return;
    };
    for (power, t) in powers(state, f.unit) {
        let Tiles::WhenDestroyed {
            common,
            rare,
            rare_from,
            ..
        } = t
        else {
            continue;
        };
        let (commons, rares) = (
            left(state, f.unit, power, common),
            left(state, f.unit, power, rare),
        );
        if commons + rares == 0 || !fits(state, hex) {
            continue;
        }
        let high = super::d20c::PowerRoll {
            seat: f.owner,
            figure,
            unit: f.unit,
            power,
            needed: rare_from,
            extra: 0,
        }
        .roll(state, dice, events);
        // "if you roll a 19 or higher place a molten lava tile, if able. otherwise place a
        // lava field tile": a lava field tile when no molten lava is left ("place one of these
        // tiles"), none when that one is missing too
        let ground = if high && rares > 0 {
            rare
        } else if commons > 0 {
            common
        } else {
            continue;
        };
        if lay(state, f.unit, power, hex, ground) {
            events.push(Event::TileLaid {
                figure,
                unit: f.unit,
                power,
                hex,
                ground,
                left: left(state, f.unit, power, ground),
            });
        }
    }
}

/// The greedy bot's worth of laying a tile on `hex`: above declining (0.2), the nearer the
/// seat's own figures the better (the cards lay shadow and water for their own figures).
pub fn bot_score(state: &State, seat: Seat, hex: Hex) -> f64 {
    let near = state
        .figures
        .iter()
        .filter(|f| f.on_field() && f.owner == seat)
        .flat_map(|f| f.hexes().map(move |h| h.distance(hex)))
        .min()
        .unwrap_or(0);
    (0.6 - f64::from(near) * 0.05).max(0.25)
}

/// Whether `f` may choose `t` as the target of a normal attack as far as the land under `t`
/// says: a figure with *Lurk In Shadows* on a shadow space is attacked by opponents' figures
/// only from an adjacent space.
pub fn may_target(state: &State, f: &Figure, t: &Figure) -> bool {
    if state.allies(f.owner, t.owner) {
        return true;
    }
    let card = state.card_of(t);
    let on = super::values::ground_of(state, t);
    let hides = card
        .powers
        .iter()
        .flat_map(|p| p.effects.iter().flatten())
        .any(
            |e| matches!(e, Effect::Tiles(Tiles::AdjacentOnlyOn { ground }) if on == Some(*ground)),
        );
    !hides || super::values::adjacent(state, f, t)
}
