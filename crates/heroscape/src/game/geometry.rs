//! What the turn asks of the battlefield's geometry: where a figure may move (with the path),
//! who is engaged with whom, range and line of sight, and the figures' levels. The rules of the
//! turn read only these functions.
//!
//! TEMPORARY: a single-level-step search standing in for the `movement`, `engagement` and
//! `sight` modules being written on the `hs-geometry` branch, which replace it when merged.
//! Until then: single-space figures only, no ruin exception, every line of sight clear.

use std::collections::BTreeMap;

use skirmish_board::hex::Hex;

use crate::battlefield::{Footing, Level};

use super::glyphs;
use super::state::{Figure, State};

/// A hex and the level of a footing in it.
type Place = (Hex, Level);

/// A place a figure may end its move, with the way there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Destination {
    /// The hex.
    pub hex: Hex,
    /// The level its base ends at.
    pub level: Level,
    /// The hexes and levels stepped on, the start excluded, the destination last.
    pub path: Vec<(Hex, Level)>,
    /// Move spent.
    pub cost: u16,
}

/// A figure's height in levels.
fn height(state: &State, f: &Figure) -> Level {
    state.card_of(f).height.max(1)
}

/// The footing of a column at `level`.
pub fn footing_at(state: &State, hex: Hex, level: Level) -> Option<Footing> {
    state
        .field
        .column(hex)?
        .footings()
        .find(|ft| ft.level == level)
}

/// Where a figure of `f`'s height may stand in `hex`: footings with room for it.
fn footings_for(state: &State, f: &Figure, hex: Hex) -> Vec<Footing> {
    let h = height(state, f);
    state
        .field
        .column(hex)
        .map(|c| {
            c.footings()
                .filter(|ft| ft.headroom.is_none_or(|room| room >= h))
                .collect()
        })
        .unwrap_or_default()
}

/// Whether two figures standing at these places are adjacent for engagement: neighbouring
/// hexes, unless one's base is at least the other's height above it (*LES RÈGLES
/// D'ENGAGEMENTS*, example 14).
pub fn adjacent_at(
    state: &State,
    a: &Figure,
    a_at: (Hex, Level),
    b: &Figure,
    b_at: (Hex, Level),
) -> bool {
    if a_at.0.distance(b_at.0) != 1 {
        return false;
    }
    let (ha, hb) = (height(state, a), height(state, b));
    let (la, lb) = (a_at.1, b_at.1);
    !(la >= lb + hb || lb >= la + ha)
}

/// The enemy figures `f` is engaged with where it stands.
pub fn engaged_with(state: &State, f: &Figure) -> Vec<u32> {
    let Some(at) = f.hex else {
        return Vec::new();
    };
    engaged_at(state, f, (at, f.level))
}

/// The enemy figures `f` would be engaged with standing at `at`.
pub fn engaged_at(state: &State, f: &Figure, at: (Hex, Level)) -> Vec<u32> {
    state
        .figures
        .iter()
        .filter(|e| e.on_field() && !state.allies(e.owner, f.owner))
        .filter(|e| {
            e.hexes()
                .any(|h| adjacent_at(state, f, at, e, (h, e.level)))
        })
        .map(|e| e.id)
        .collect()
}

/// Every place `f` may end a move this turn, each with one cheapest path (*Déplacer*):
/// a step costs one hex plus one per level climbed, a climb no higher than the figure per
/// step, friends passed unless engaged, enemies never, water and glyphs end the move, no end
/// on another figure.
pub fn destinations(state: &State, f: &Figure) -> Vec<Destination> {
    let Some(start) = f.hex else {
        return Vec::new();
    };
    let budget = glyphs::move_of(state, f);
    let h = height(state, f);
    let mut best: BTreeMap<Place, (u16, Vec<Place>)> = BTreeMap::new();
    best.insert((start, f.level), (0, Vec::new()));
    let mut frontier = vec![(start, f.level)];
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for at in frontier {
            let (cost, path) = best[&at].clone();
            if at.0 != start && stops_here(state, at) {
                continue;
            }
            for n in at.0.neighbours() {
                if let Some(other) = state.figure_at(n) {
                    let friend = state.allies(other.owner, f.owner);
                    if other.id != f.id && (!friend || !engaged_with(state, other).is_empty()) {
                        continue;
                    }
                }
                for ft in footings_for(state, f, n) {
                    let climb = ft.level.saturating_sub(at.1);
                    if climb > h {
                        continue;
                    }
                    let c = cost + 1 + climb;
                    if c > budget {
                        continue;
                    }
                    let key = (n, ft.level);
                    if best.get(&key).is_some_and(|(old, _)| *old <= c) {
                        continue;
                    }
                    let mut p = path.clone();
                    p.push(key);
                    best.insert(key, (c, p));
                    next.push(key);
                }
            }
        }
        frontier = next;
    }
    best.into_iter()
        .filter(|((hex, _), _)| *hex != start)
        .filter(|((hex, _), _)| state.figure_at(*hex).is_none())
        .map(|((hex, level), (cost, path))| Destination {
            hex,
            level,
            path,
            cost,
        })
        .collect()
}

/// Whether entering this place ends a move: water, or a glyph.
fn stops_here(state: &State, at: (Hex, Level)) -> bool {
    footing_at(state, at.0, at.1).is_some_and(|ft| ft.ground.is_water())
        || glyphs::glyph_at(state, at.0).is_some()
}

/// The range between two figures in hexes, from any hex of one to any of the other.
pub fn range(a: &Figure, b: &Figure) -> u32 {
    a.hexes()
        .flat_map(|x| b.hexes().map(move |y| x.distance(y)))
        .min()
        .unwrap_or(u32::MAX)
}

/// Whether `a` sees any of `b`'s hit zone.
pub fn can_see(state: &State, a: &Figure, b: &Figure) -> bool {
    let _ = (state, a, b);
    true
}
