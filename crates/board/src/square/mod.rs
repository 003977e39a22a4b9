//! Square grids as the Clix games draw them: squares with terrain types, walls on the edges
//! between squares, elevation levels, stairs and ladders, zones, and markers placed during play.

mod geometry;
mod map;

pub use geometry::ParseSquareError;
pub use geometry::{Dir, Square};
pub use map::{
    Cell, Ladder, LinkError, MapKind, Marker, SpecialZone, SquareMap, Staircase, Terrain,
    TerrainMarkers,
};
