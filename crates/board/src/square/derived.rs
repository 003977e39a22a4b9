//! Tables derived from a map's cells, kept beside the map until the map changes.
//!
//! Movement searches and lines of fire ask the same questions of every square thousands of times
//! per game state (is it blocking now, markers included? which walls? which level?). Reading them
//! from [`Cell`]s means re-deriving the terrain from markers each time, so the answers are
//! computed once per version of the map and shared by its clones. Rules crates can keep their own
//! tables the same way ([`SquareMap::derived`]).
//!
//! The cache is no part of the map's value: it is not serialized (game states are hashed through
//! their JSON), it compares equal whatever it holds, and every method that changes a cell,
//! a staircase or a ladder empties it.

use std::any::Any;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

use super::map::{Cell, Marker, SquareMap, Terrain};
use super::Dir;

/// The facts about one square that movement and line of sight read most, packed in one word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareFact(u32);

// Bits 0–3 are the walls, as in `Cell`; the level sits in bits 16–23.
const BLOCKING: u32 = 1 << 4;
const HINDERING: u32 = 1 << 5;
const HINDERS_MOVEMENT: u32 = 1 << 6;
const WATER_ONLY: u32 = 1 << 7;
const INDOOR: u32 = 1 << 8;
const BARRIER: u32 = 1 << 9;
const STAIR: u32 = 1 << 10;
const STAIR_MIDDLE: u32 = 1 << 11;
const LADDER: u32 = 1 << 12;
const LEVEL_SHIFT: u32 = 16;

impl SquareFact {
    fn of(cell: &Cell, map: &SquareMap) -> Self {
        let terrain = cell.terrain_now();
        let mut bits = u32::from(cell.wall_bits());
        let mut set = |on: bool, bit: u32| {
            if on {
                bits |= bit;
            }
        };
        set(terrain.contains(Terrain::BLOCKING), BLOCKING);
        set(terrain.contains(Terrain::HINDERING), HINDERING);
        set(cell.hinders_movement(), HINDERS_MOVEMENT);
        set(terrain == Terrain::WATER, WATER_ONLY);
        set(cell.indoor, INDOOR);
        set(cell.markers.has(Marker::Barrier), BARRIER);
        set(cell.stair.is_some(), STAIR);
        set(cell.ladder.is_some(), LADDER);
        if let Some((id, k)) = cell.stair {
            let steps = map
                .staircases
                .get(usize::from(id))
                .map_or(0, |s| s.steps.len());
            set(k > 0 && usize::from(k) + 1 < steps, STAIR_MIDDLE);
        }
        SquareFact(bits | u32::from(cell.level) << LEVEL_SHIFT)
    }

    /// Elevation level.
    #[inline]
    pub const fn level(self) -> u8 {
        (self.0 >> LEVEL_SHIFT) as u8
    }

    /// The walls along the square's edges as a bit set: 1 north, 2 east, 4 south, 8 west.
    #[inline]
    pub const fn walls(self) -> u8 {
        (self.0 & 0xf) as u8
    }

    /// True if a wall runs along the edge in orthogonal direction `dir`.
    #[inline]
    pub fn wall(self, dir: Dir) -> bool {
        self.walls() & super::map::wall_bit(dir) != 0
    }

    /// Blocking now ([`Cell::is_blocking`]).
    #[inline]
    pub const fn blocking(self) -> bool {
        self.0 & BLOCKING != 0
    }

    /// Hindering now ([`Cell::is_hindering`]).
    #[inline]
    pub const fn hindering(self) -> bool {
        self.0 & HINDERING != 0
    }

    /// Hindering for movement: hindering terrain or water ([`Cell::hinders_movement`]).
    #[inline]
    pub const fn hinders_movement(self) -> bool {
        self.0 & HINDERS_MOVEMENT != 0
    }

    /// The terrain now is water and nothing else.
    #[inline]
    pub const fn water_only(self) -> bool {
        self.0 & WATER_ONLY != 0
    }

    /// Indoor square.
    #[inline]
    pub const fn indoor(self) -> bool {
        self.0 & INDOOR != 0
    }

    /// A barrier marker lies here.
    #[inline]
    pub const fn barrier(self) -> bool {
        self.0 & BARRIER != 0
    }

    /// A step of a staircase.
    #[inline]
    pub const fn stair(self) -> bool {
        self.0 & STAIR != 0
    }

    /// A step of a staircase other than its bottom and top steps.
    #[inline]
    pub const fn stair_middle(self) -> bool {
        self.0 & STAIR_MIDDLE != 0
    }

    /// An end of a ladder.
    #[inline]
    pub const fn ladder(self) -> bool {
        self.0 & LADDER != 0
    }
}

/// [`SquareFact`]s of every square of a map, by flat index ([`SquareMap::index`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareFacts {
    facts: Vec<SquareFact>,
}

impl SquareFacts {
    fn new(map: &SquareMap) -> Self {
        SquareFacts {
            facts: map.cells().iter().map(|c| SquareFact::of(c, map)).collect(),
        }
    }

    /// Every square's facts, by flat index.
    #[inline]
    pub fn all(&self) -> &[SquareFact] {
        &self.facts
    }
}

type Derived = Arc<dyn Any + Send + Sync>;

/// The cache a [`SquareMap`] carries; see the module documentation.
#[derive(Default)]
pub(crate) struct MapCache {
    facts: OnceLock<Arc<SquareFacts>>,
    derived: Mutex<Vec<Derived>>,
}

impl MapCache {
    fn derived_list(&self) -> std::sync::MutexGuard<'_, Vec<Derived>> {
        // A panic while the list was held cannot leave it half-updated (one push), so a poisoned
        // lock is still good.
        self.derived.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Clone for MapCache {
    fn clone(&self) -> Self {
        MapCache {
            facts: self.facts.clone(),
            derived: Mutex::new(self.derived_list().clone()),
        }
    }
}

impl PartialEq for MapCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for MapCache {}

impl fmt::Debug for MapCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("MapCache")
    }
}

impl SquareMap {
    /// The packed facts of every square, computed on first use after each change of the map.
    #[inline]
    pub fn facts(&self) -> &SquareFacts {
        self.cache
            .facts
            .get_or_init(|| Arc::new(SquareFacts::new(self)))
    }

    /// A table of type `T` derived from this map by `build`, built on first use after each change
    /// of the map and then shared by the map's clones. One table is kept per type, so `build`
    /// must depend on the map alone.
    pub fn derived<T: Any + Send + Sync>(&self, build: impl FnOnce(&SquareMap) -> T) -> Arc<T> {
        if let Some(t) = find::<T>(&self.cache.derived_list()) {
            return t;
        }
        // Built without the lock held: `build` may ask for other tables of this map.
        let built = Arc::new(build(self));
        let mut list = self.cache.derived_list();
        if let Some(t) = find::<T>(&list) {
            return t;
        }
        list.push(built.clone());
        built
    }

    /// Forgets every derived table: the map is about to change.
    pub(crate) fn invalidate(&mut self) {
        self.cache = MapCache::default();
    }
}

fn find<T: Any + Send + Sync>(list: &[Derived]) -> Option<Arc<T>> {
    let d = list.iter().find(|d| d.is::<T>())?;
    Arc::clone(d).downcast::<T>().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::{MapKind, Square};

    #[test]
    fn facts_follow_every_change_of_the_map() {
        let mut m = SquareMap::new("t", MapKind::Outdoor, 4, 4);
        let s = Square::new(1, 1);
        let i = m.index(s).unwrap();
        assert!(!m.facts().all()[i].hindering());
        m.place_marker(s, Marker::Smoke);
        assert!(m.facts().all()[i].hindering());
        m.remove_marker(s, Marker::Smoke);
        assert!(!m.facts().all()[i].hindering());
        m.set_wall(s, Dir::E, true);
        assert!(m.facts().all()[i].wall(Dir::E));
        m.cell_mut(s).unwrap().level = 2;
        assert_eq!(m.facts().all()[i].level(), 2);
        m.cell_mut(Square::new(3, 3)).unwrap().level = 1;
        m.add_staircase(vec![
            Square::new(0, 3),
            Square::new(1, 3),
            Square::new(2, 3),
            Square::new(3, 3),
        ])
        .unwrap();
        let f = m.facts().all();
        let at = |x, y| f[m.index(Square::new(x, y)).unwrap()];
        assert!(at(0, 3).stair() && !at(0, 3).stair_middle());
        assert!(at(1, 3).stair_middle() && at(2, 3).stair_middle());
        assert!(!at(3, 3).stair_middle());
    }

    #[test]
    fn derived_tables_are_shared_by_clones_and_rebuilt_after_a_change() {
        let mut m = SquareMap::new("t", MapKind::Outdoor, 3, 3);
        let built = std::cell::Cell::new(0);
        let count = |m: &SquareMap| {
            built.set(built.get() + 1);
            m.squares()
                .filter(|s| m.cell(*s).is_some_and(|c| c.is_blocking()))
                .count()
        };
        assert_eq!(*m.derived(count), 0);
        let copy = m.clone();
        assert_eq!(*copy.derived(count), 0);
        assert_eq!(built.get(), 1);
        m.place_marker(Square::new(0, 0), Marker::Barrier);
        assert_eq!(*m.derived(count), 1);
        assert_eq!(built.get(), 2);
        // Another type gets its own table.
        assert_eq!(*m.derived(|m| m.len() as u64), 9);
    }

    #[test]
    fn the_cache_is_no_part_of_the_map_value() {
        let m = SquareMap::new("t", MapKind::Outdoor, 2, 2);
        let before = serde_json::to_string(&m).unwrap();
        let debug_before = format!("{m:?}");
        let _ = m.facts();
        let _ = m.derived(|m| m.len());
        assert_eq!(serde_json::to_string(&m).unwrap(), before);
        assert_eq!(format!("{m:?}"), debug_before);
        assert_eq!(m, SquareMap::new("t", MapKind::Outdoor, 2, 2));
        assert!(!debug_before.contains("cache"));
    }
}
