//! Where a special attack lands: the straight fire line (*La ligne de feu*), the explosion
//! around the chosen figure, the figures adjacent to the attacker; the grenades' lob over the
//! battlefield (*Les grenades des unités d'élites Aéroportées*) and overhangs.

use serde::{Deserialize, Serialize};
use skirmish_board::hex::{line, Hex, HexDir, LineStep};

use crate::battlefield::Level;
use crate::engagement;
use crate::game::geometry;
use crate::game::state::{Figure, State};

/// A fire line: the hex of the attacker it starts from (*à l'avant ou à l'arrière de la
/// figurine*) and its direction; it runs over the next `Line(n)` hexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Line {
    /// One of the attacker's hexes.
    pub from: Hex,
    /// The direction it runs.
    pub dir: HexDir,
}

impl Line {
    /// The `n` hexes it covers, nearest first.
    pub fn hexes(&self, n: u16) -> Vec<Hex> {
        let mut at = self.from;
        (0..n)
            .map(|_| {
                at = at.neighbour(self.dir);
                at
            })
            .collect()
    }
}

/// The lines a figure may breathe: from each of its hexes in the six directions, leaving out
/// those that run through the figure itself (from the front of a double-space figure towards
/// its back).
pub fn lines(f: &Figure, n: u16) -> Vec<Line> {
    let own: Vec<Hex> = f.hexes().collect();
    own.iter()
        .flat_map(|&from| HexDir::ALL.map(|dir| Line { from, dir }))
        .filter(|l| !l.hexes(n).iter().any(|h| own.contains(h)))
        .collect()
}

/// Whether two figures stand adjacent in the rulebook's sense (neighbouring hexes, with the
/// height and ruin exceptions of *Les règles d'engagements*), friend or foe.
pub fn adjacent(state: &State, a: &Figure, b: &Figure) -> bool {
    let (Some(pa), Some(pb)) = (geometry::placement(a), geometry::placement(b)) else {
        return false;
    };
    let grid = geometry::grid(state);
    engagement::contact(
        &grid,
        &geometry::body(state, a),
        &pa,
        &geometry::body(state, b),
        &pb,
    )
    .adjacent()
}

/// Hexes between the nearest hexes of two figures, ignoring height.
pub fn spaces(a: &Figure, b: &Figure) -> u32 {
    a.hexes()
        .flat_map(|x| b.hexes().map(move |y| x.distance(y)))
        .min()
        .unwrap_or(u32::MAX)
}

/// Whether something solid stands over the figure's base in one of its hexes (*surplomb*).
pub fn under_overhang(state: &State, f: &Figure) -> bool {
    f.hexes().any(|h| {
        state
            .field
            .column(h)
            .is_some_and(|c| c.blocks(f.level, Level::MAX))
    })
}

/// How high a thrown attack must rise over the attacker's base to reach the chosen figure:
/// the highest top of the columns the straight line from the attacker's hex to the figure's
/// crosses (the attacker's own hexes left out, the figure's included; along an edge between two
/// hexes, the lower of the two), for the best pair of hexes of double-space figures.
pub fn lob_height(state: &State, attacker: &Figure, target: &Figure) -> Level {
    let top = |h: Hex| state.field.column(h).map_or(0, |c| c.top());
    let own: Vec<Hex> = attacker.hexes().collect();
    attacker
        .hexes()
        .flat_map(|a| target.hexes().map(move |t| (a, t)))
        .map(|(a, t)| {
            line(a, t)
                .into_iter()
                .map(|step| match step {
                    LineStep::Hex(h) if own.contains(&h) => 0,
                    LineStep::Hex(h) => top(h),
                    LineStep::Edge(h1, h2) => match (own.contains(&h1), own.contains(&h2)) {
                        (true, _) | (_, true) => 0,
                        _ => top(h1).min(top(h2)),
                    },
                })
                .max()
                .unwrap_or(0)
                .saturating_sub(attacker.level)
        })
        .min()
        .unwrap_or(0)
}
