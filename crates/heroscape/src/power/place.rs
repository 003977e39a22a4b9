//! Powers that place a figure somewhere (*Chain Grab*, *Grapple Grab*, *Witchcraft
//! Telekinesis*, *Eldritch Switch*): where a chosen figure may stand before the power takes it,
//! and where it is put.
//!
//! A triggered power ([`super::Triggered`]) chooses the figure (its [`super::Target`], and the
//! [`LevelWindow`] of its [`Placing`] when the card bounds the chosen figure's level) and rolls;
//! on a success its [`super::Outcome::Place`] asks its player for the space. Read in
//! `power/parse/place.rs`, played in `game/powers/place.rs`.

use serde::{Deserialize, Serialize};

/// How far above or below the figure using the power the chosen figure's base may stand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelWindow {
    /// The most levels above the user's base ("6 levels above or below Drake's level") or,
    /// with `above_top`, above the top of the user ("6 levels above that Drow Chainfighter's
    /// height": its base plus its height).
    pub above: u16,
    /// The most levels below the user's base.
    pub below: u16,
    /// `above` counts from the top of the user (its base level plus its card's height).
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub above_top: bool,
}

/// Where a power puts the figure it chose, once its roll succeeded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placing {
    /// On an empty space adjacent to the figure that used the power (the only place the cards
    /// read so far give).
    pub adjacent: bool,
    /// On the user's own level (*same-level space*).
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub same_level: bool,
    /// The player may leave the figure where it is after the success (*you may place*).
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub optional: bool,
    /// Only a figure standing within these levels of the user may be chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub levels: Option<LevelWindow>,
    /// How many more different figures the player may choose after the first, before any
    /// roll; each is then rolled for and placed in turn (*Witchcraft Telekinesis*: "up to 2
    /// different ... figures. One at a time, roll ... for each chosen figure").
    #[serde(default, skip_serializing_if = "is_zero")]
    pub more: u8,
    /// The user and the chosen figure switch spaces instead (*Eldritch Switch*).
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub switch: bool,
    /// Only a single-space figure may be chosen.
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub single_space: bool,
    /// Only a figure of the card that moved normally this turn (not by a power) may use it
    /// (*after moving normally with a Krakenling*).
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub after_normal_move: bool,
    /// The figure is thrown: placed on an empty space away from the user instead of next to
    /// it, maybe taking damage where it lands (*Throw 14*: `power/throw.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub throw: Option<super::Throw>,
    /// Only a user engaged with no enemy may use it, and only on a figure that is engaged
    /// (*Barge Into Battle*: "if a Horned Skull Brute ... ends its movement unengaged, you may
    /// choose an engaged ... figure"); each figure of the card may use it once a turn.
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub into_battle: bool,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}
