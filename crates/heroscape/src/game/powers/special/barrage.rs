//! *Ninjutsu Barrage* ([`Specials::Barrage`]): instead of moving and attacking normally, the
//! figure may move up to the rider's spaces and make its special attack's attacks at any point
//! before, during or after that move, on a space where it could end its movement.
//!
//! The move is made in the attack step, in pieces: each piece is a move by power
//! ([`MoveWay::Barrage`], an [`Action::PowerMove`]) by the movement rules of the figure
//! (its card's movement powers included) with the spaces not yet spent, ending where a move
//! may end; a piece that the rules end early (water, a glyph) ends the whole move. Between the
//! pieces, and before the first or after the last, the special attack's attacks (their number
//! and different figures the special attack's own fields keep). A figure that moved normally
//! this turn uses neither; a figure that used either makes no normal attack.
//!
//! [`Action::PowerMove`]: crate::game::Action::PowerMove

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::game::geometry::{self, Destination};
use crate::game::powers::moves::MoveWay;
use crate::game::state::{Figure, Stage, State};
use crate::game::Action;
use crate::movement::{MovePath, Way};
use crate::power::specials::Specials;
use crate::power::Effect;

use super::turn_key;

/// A barrage under way: its move's spaces spent so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Barrage {
    /// The turn it is in: the round and the turn's number in it.
    pub turn: (u32, usize),
    /// The figure.
    pub figure: u32,
    /// Spaces moved.
    pub spent: u16,
    /// A piece of the move ended early: no more moving.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stopped: bool,
    /// The piece under way, counted once it is over (while it is walked, the places it could
    /// end are the ones it had as it set off): its spaces, and whether the rules end it early.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<(u16, bool)>,
}

/// The printed name and spaces of `card`'s barrage, if it has one.
fn barrage_of(card: &Card) -> Option<(&str, u16)> {
    crate::game::powers::values::named_effects(card).find_map(|(name, e)| match e {
        Effect::Specials(Specials::Barrage { spaces }) => Some((name, *spaces)),
        _ => None,
    })
}

/// This turn's barrage of `figure`, if it began one.
fn under_way(state: &State, figure: u32) -> Option<&Barrage> {
    let key = turn_key(state)?;
    state
        .specials
        .barrage
        .as_ref()
        .filter(|b| b.turn == key && b.figure == figure)
}

/// Whether `f` began a barrage this turn (moved or attacked with it).
pub(super) fn began(state: &State, f: &Figure) -> bool {
    let card = state.card_of(f);
    let Some((name, _)) = barrage_of(card) else {
        return false;
    };
    let list = super::specials(card);
    under_way(state, f.id).is_some()
        || super::this_turn(state).iter().any(|u| {
            u.figure == f.id
                && list
                    .get(usize::from(u.power))
                    .is_some_and(|(n, _)| *n == name)
        })
}

/// Whether `f` moved normally this turn (not by its barrage): the power named `name`, when it
/// is a barrage, is then refused.
pub(super) fn moved_normally(state: &State, f: &Figure, name: &str) -> bool {
    let barrage = barrage_of(state.card_of(f)).is_some_and(|(n, _)| n == name);
    barrage
        && under_way(state, f.id).is_none()
        && state.turn().is_some_and(|t| t.moved.contains(&f.id))
}

/// Where `f` may end the next piece of its barrage move now, if it may make one.
pub fn destinations(state: &State, f: &Figure) -> Vec<Destination> {
    let Some((name, spaces)) = barrage_of(state.card_of(f)) else {
        return Vec::new();
    };
    let Some(turn) = state.turn() else {
        return Vec::new();
    };
    if turn.stage != Stage::Attack || f.unit != turn.unit || !f.on_field() {
        return Vec::new();
    }
    // a normal attack, or a normal move, is not a barrage's
    let attacked_normally = turn.attacked.contains(&f.id) && !began(state, f);
    if attacked_normally || moved_normally(state, f, name) {
        return Vec::new();
    }
    let (spent, stopped) = under_way(state, f.id).map_or((0, false), |b| (b.spent, b.stopped));
    if stopped || spent >= spaces {
        return Vec::new();
    }
    geometry::destinations_by(state, f, Way::Normal, spaces - spent)
}

/// The pieces of barrage move the active card's figures may make now.
pub(super) fn moves(state: &State) -> Vec<Action> {
    let Some(turn) = state.turn() else {
        return Vec::new();
    };
    state
        .figures
        .iter()
        .filter(|f| f.unit == turn.unit && f.on_field())
        .flat_map(|f| {
            destinations(state, f)
                .into_iter()
                .map(|d| Action::PowerMove {
                    figure: f.id,
                    way: MoveWay::Barrage,
                    to: d.hex,
                    level: d.level,
                    tail: d.tail,
                })
        })
        .collect()
}

/// `f` sets off on a piece of its barrage move along `path`.
pub(crate) fn set_off(state: &mut State, f: &Figure, path: &MovePath) {
    let Some(key) = turn_key(state) else {
        return;
    };
    let spent = under_way(state, f.id).map_or(0, |b| b.spent);
    state.specials.barrage = Some(Barrage {
        turn: key,
        figure: f.id,
        spent,
        stopped: false,
        piece: Some((path.cost(), path.stop.is_some())),
    });
}

/// After `figure`'s move: a piece of its barrage move is over, its spaces spent; a piece the
/// rules ended early ends the move.
pub(crate) fn after_move(state: &mut State, figure: u32) {
    if let Some(b) = state
        .specials
        .barrage
        .as_mut()
        .filter(|b| b.figure == figure)
    {
        if let Some((cost, stops)) = b.piece.take() {
            b.spent = b.spent.saturating_add(cost);
            b.stopped |= stops;
        }
    }
}

/// Why `f` may not make that piece of barrage move now, in English.
pub fn explain(state: &State, f: &Figure) -> String {
    let Some((name, spaces)) = barrage_of(state.card_of(f)) else {
        return format!("figure {} has no barrage", f.id);
    };
    let spent = under_way(state, f.id).map_or(0, |b| b.spent);
    format!(
        "figure {} may move by {name} in the attack step only, instead of moving and attacking \
         normally, to a place its move may end with the {} spaces left of {spaces}",
        f.id,
        spaces.saturating_sub(spent)
    )
}
