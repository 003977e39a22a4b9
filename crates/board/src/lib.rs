//! Board geometry for Skirmish: the square grids of HeroClix and HorrorClix and the hex grids of
//! HeroScape and Masters of the Universe: Battleground.
//!
//! This crate knows shapes, terrain and elevation, never a ruleset: what a hindering square *does*
//! to a line of fire or a move is decided by the rules crates (`skirmish-los`, `skirmish-path` and
//! each game) on top of the facts stored here.

pub mod hex;
pub mod square;

use serde::{Deserialize, Serialize};

/// Identifies a figure on the board, so that the squares of a multi-base figure are known as
/// one figure and a figure's own squares never get in its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct FigureId(pub u32);
