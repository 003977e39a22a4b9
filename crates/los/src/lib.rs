//! Line of sight (*ligne de vue*) for Skirmish.
//!
//! Two layers:
//! - [`trace`]: pure geometry. The straight line from the centre of one square to the centre of
//!   another, walked exactly with integer arithmetic, telling which squares it crosses, which edges,
//!   and where it passes *exactly* through the corner point shared by four squares. No rule lives
//!   here; HeroScape and Masters of the Universe will get their hex traces beside it.
//! - [`clix`]: the Clix games' reading of that line (HeroClix rulebook *Ligne de vue*, *Terrain*,
//!   *Terrain élevé*, *Ligne de vue : le bord*, *Les intersections*, and the 2002 FAQ), with the
//!   intersection rule as a [`clix::CornerRule`] so HorrorClix plugs in its own.

pub mod clix;
pub mod trace;

pub use clix::{
    ClixLos, CornerRule, Endpoint, FigureId, LineOfFire, LosNote, Occupancy, OccupancyGrid,
    Occupant, Verdict,
};
pub use trace::{trace, trace_into, Step, Via};
