//! *Ninjutsu Mastery* ([`Specials::Mastery`]): before each attack of its special attack, the
//! figure is placed on an empty space adjacent to an opponent's figure within the rider's
//! clear sight spaces, at most the rider's levels above or below its base; three attacks when
//! it did not move normally this turn, else one; the rider's dice instead of the printed ones
//! while exactly one unrevealed order marker lies on its card.
//!
//! The placing is a move by power in the attack step ([`MoveWay::Mastery`], an
//! [`Action::PowerMove`]): placed, not moved, it takes no leaving-engagement attack, as every
//! placing power. Each attack needs a placing since the one before (the card's "before each
//! attack, you must"), and a placing waits for its attack: no second placing before it. The
//! attack itself keeps the special attack's range (1), so it is at a figure beside the space
//! it landed on; the card does not tie it to the figure chosen for the placing, and a
//! demanding player may strike the one beside it instead. A figure that placed itself makes
//! no normal attack (the special attack is its attack).
//!
//! [`Action::PowerMove`]: crate::game::Action::PowerMove

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::game::geometry::{self, Destination};
use crate::game::powers::moves::MoveWay;
use crate::game::state::{Figure, Stage, State};
use crate::game::Action;
use crate::movement::Way;
use crate::power::specials::Specials;
use crate::power::{Condition, Effect};

use super::{area, turn_key};

/// This turn's placings of a figure by its mastery.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mastery {
    /// The turn it is in: the round and the turn's number in it.
    pub turn: (u32, usize),
    /// The figure.
    pub figure: u32,
    /// The figure had moved normally this turn before its first placing.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moved_normally: bool,
    /// Placings made this turn (each waits for its attack).
    pub placed: u8,
}

/// The rider of `card`'s mastery and its printed name, if it has one.
fn mastery_of(card: &Card) -> Option<(&str, Specials)> {
    crate::game::powers::values::named_effects(card).find_map(|(name, e)| match e {
        Effect::Specials(s @ Specials::Mastery { .. }) => Some((name, s.clone())),
        _ => None,
    })
}

/// This turn's placings of `figure`, if it made one.
fn this_turn(state: &State, figure: u32) -> Option<&Mastery> {
    let key = turn_key(state)?;
    state
        .specials
        .mastery
        .as_ref()
        .filter(|m| m.turn == key && m.figure == figure)
}

/// Whether `f` placed itself by its mastery this turn.
pub(super) fn began(state: &State, f: &Figure) -> bool {
    this_turn(state, f.id).is_some()
}

/// Whether `f` moved normally this turn (its placings are not a normal move).
fn moved_normally(state: &State, f: &Figure) -> bool {
    match this_turn(state, f.id) {
        Some(m) => m.moved_normally,
        None => state.turn().is_some_and(|t| t.moved.contains(&f.id)),
    }
}

/// The attacks `f` may make with its mastery this turn: the special attack's, or one after a
/// normal move.
fn allowed(state: &State, f: &Figure, attacks: u8) -> u8 {
    if moved_normally(state, f) {
        1
    } else {
        attacks
    }
}

/// Why the mastery named `name` of `f` cannot make its next attack (`used` made so far this
/// turn, `attacks` printed), if it cannot: more than a normal move allows, or no placing
/// before it.
pub(super) fn refusal(
    state: &State,
    f: &Figure,
    name: &str,
    used: u8,
    attacks: u8,
) -> Option<super::Refusal> {
    let (own, _) = mastery_of(state.card_of(f))?;
    if own != name {
        return None;
    }
    if used >= allowed(state, f, attacks) {
        return Some(super::Refusal::UsedUp(used));
    }
    let placed = this_turn(state, f.id).map_or(0, |m| m.placed);
    (placed <= used).then_some(super::Refusal::NotPlaced)
}

/// The dice of the mastery named `name` of `f` for its next attack: the rider's while exactly
/// one unrevealed order marker of its player lies on its card, else `printed`.
pub(super) fn dice(state: &State, f: &Figure, name: &str, printed: u16) -> u16 {
    let Some((
        own,
        Specials::Mastery {
            last_marker_dice, ..
        },
    )) = mastery_of(state.card_of(f))
    else {
        return printed;
    };
    let last = state.unit(f.unit).is_some_and(|u| {
        crate::game::powers::values::holds(state, u, f, &Condition::UnrevealedMarkersHere(1), None)
    });
    if own == name && last {
        last_marker_dice
    } else {
        printed
    }
}

/// Where `f` may be placed by its mastery now: empty spaces adjacent to an opponent's figure
/// within the rider's clear sight spaces of it, at most its levels above or below its base;
/// none once its attacks are made, while a placing waits for its attack, or after a normal
/// attack.
pub fn destinations(state: &State, f: &Figure) -> Vec<Destination> {
    let card = state.card_of(f);
    let Some((name, Specials::Mastery { within, levels, .. })) = mastery_of(card) else {
        return Vec::new();
    };
    let Some(turn) = state.turn() else {
        return Vec::new();
    };
    if turn.stage != Stage::Attack || f.unit != turn.unit || !f.on_field() {
        return Vec::new();
    }
    let list = super::specials(card);
    let Some((i, power)) = list
        .iter()
        .enumerate()
        .find(|(_, (n, _))| *n == name)
        .map(|(i, (_, p))| (i, *p))
    else {
        return Vec::new();
    };
    let used = super::times(state, f.id, u8::try_from(i).unwrap_or(u8::MAX));
    let placed = this_turn(state, f.id).map_or(0, |m| m.placed);
    let attacked_normally = turn.attacked.contains(&f.id) && used == 0;
    if attacked_normally
        || placed > used
        || used >= allowed(state, f, power.attacks)
        || crate::game::powers::markers::special_barred(state, f, name)
    {
        return Vec::new();
    }
    let marks: Vec<&Figure> = state
        .figures
        .iter()
        .filter(|g| g.on_field() && !state.allies(g.owner, f.owner))
        .filter(|g| area::spaces(f, g) <= u32::from(within) && geometry::can_see(state, f, g))
        .collect();
    // an opponent's figure is at most `within` spaces away: the space beside it one more
    geometry::destinations_by(state, f, Way::Teleport, within.saturating_add(1))
        .into_iter()
        .filter(|d| d.tail.is_none() && d.level.abs_diff(f.level) <= levels)
        .filter(|d| {
            let mut there = f.clone();
            there.hex = Some(d.hex);
            there.level = d.level;
            marks
                .iter()
                .any(|g| g.id != f.id && area::adjacent(state, &there, g))
        })
        .collect()
}

/// The placings the active card's figures may make now.
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
                    way: MoveWay::Mastery,
                    to: d.hex,
                    level: d.level,
                    tail: d.tail,
                })
        })
        .collect()
}

/// `f` is placed by its mastery (before the placing: whether it moved normally is what its
/// turn says now).
pub(crate) fn placed(state: &mut State, f: &Figure) {
    let Some(key) = turn_key(state) else {
        return;
    };
    let moved = moved_normally(state, f);
    let placed = this_turn(state, f.id).map_or(0, |m| m.placed);
    state.specials.mastery = Some(Mastery {
        turn: key,
        figure: f.id,
        moved_normally: moved,
        placed: placed.saturating_add(1),
    });
}

/// Why `f` may not be placed there by its mastery now, in English.
pub fn explain(state: &State, f: &Figure) -> String {
    let Some((name, _)) = mastery_of(state.card_of(f)) else {
        return format!("figure {} has no Ninjutsu Mastery", f.id);
    };
    format!(
        "figure {} is placed by {name} in the attack step only, before each of its attacks, on \
         an empty space beside an opponent's figure it sees close by",
        f.id
    )
}
