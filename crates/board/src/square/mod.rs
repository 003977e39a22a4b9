//! Square grids as the Clix games draw them: squares with terrain types, walls on the edges
//! between squares, elevation levels, stairs and ladders, zones, and markers placed during play.

mod derived;
mod file;
mod geometry;
mod map;
mod render;
mod sketch;

pub use derived::{SquareFact, SquareFacts};
pub use file::{load_square_map, to_toml_string, MapFileError, MAX_MAP_SIDE};
pub use geometry::ParseSquareError;
pub use geometry::{Dir, Square};
pub use map::{
    Cell, Ladder, LinkError, MapKind, Marker, SpecialZone, SquareMap, Staircase, Terrain,
    TerrainMarkers,
};
pub use render::{render_ascii, render_svg, FigureToken, Overlay, SightLine, Tint};
pub use sketch::sketch;
