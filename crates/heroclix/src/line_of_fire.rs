//! HeroClix line of fire (*ligne de vue*): the shared Clix rules of `skirmish-los` (through
//! [`skirmish_clix::line_of_fire`]) with HeroClix's intersection rule. Every statement of the
//! rulebook and FAQ it follows is a test in `crates/los/tests/heroclix_los.rs`.

pub use skirmish_clix::line_of_fire::{
    ClixLos, Endpoint, FigureId, LineOfFire, LosNote, Occupancy, OccupancyGrid, Occupant, Verdict,
};

/// HeroClix's line-of-fire rules.
pub const RULES: ClixLos = skirmish_clix::line_of_fire::HEROCLIX;
