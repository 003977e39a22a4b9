//! Hex grids (HeroScape, Masters of the Universe: Battleground).
//!
//! * Geometry ([`Hex`], [`HexDir`]): axial coordinates on **pointy-top** hexes, `q` growing east
//!   and `r` growing down the page, as both games' boards are printed and drawn; cube
//!   coordinates (`s = -q - r`) for the maths; offset coordinates ([`RowShift`]) for people.
//! * [`line`]: the exact straight line between two hex centres, reporting the stretches that run
//!   along an edge instead of guessing a side.
//! * [`Facing`]: MotU front / flank / rear arcs.
//! * [`HexMap`]: hexes of any shape with height, terrain, platforms, obstacles, ladders, start
//!   zones and objectives; read from and written to TOML map files (`docs/hex-maps.md`), drawn
//!   with [`render_svg`].
//!
//! As for the rest of this crate, only facts live here: how far a figure may climb, whether a
//! platform blocks a line of sight, what water does to a move, is the business of the rules
//! crates.

mod coord;
mod error;
mod facing;
mod line;
mod map;
mod read;
mod svg;
mod write;

pub use coord::{Hex, HexDir, ParseHexDirError, ParseHexError, RowShift};
pub use error::{HexMapError, HexMapProblem, InvalidHexMap};
pub use facing::{Facing, FacingArc};
pub use line::{line, LineStep};
pub use map::{
    CellField, HexBounds, HexCell, HexMap, HexMapData, HexMapDataError, MapIssue, MapIssueKind,
    MapTooLarge, Objective, Obstacle, ObstacleKind, Platform, PlayerSet, Terrain, MAX_PLAYERS,
    MAX_SPAN,
};
pub use read::{load_hex_map, HEX_MAP_FORMAT};
pub use svg::{render_svg, SvgOptions};
