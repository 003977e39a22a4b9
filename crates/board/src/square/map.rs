use serde::{Deserialize, Serialize};

use super::derived::MapCache;
use super::{Dir, Square};

/// Which of the three kinds of Clix map this is (rulebook *Cartes*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum MapKind {
    /// Every square is outdoor terrain (*carte en extérieurs*).
    #[default]
    Outdoor,
    /// Every square is indoor terrain (*carte en intérieurs*).
    Indoor,
    /// Outdoor map whose yellow-bounded squares are indoors (*carte intérieurs/extérieurs*).
    Mixed,
}

/// Printed terrain types of a square, as a set: a square inside several coloured lines is of
/// several types at once. Elevation is not here but in [`Cell::level`], because a square can be
/// elevated *and* hindering or blocking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Terrain(u8);

impl Terrain {
    /// Clear terrain: no type at all.
    pub const CLEAR: Terrain = Terrain(0);
    /// Inside a green line (*terrain gênant*).
    pub const HINDERING: Terrain = Terrain(1);
    /// Inside a blue line (*eau*): hindering for movement only.
    pub const WATER: Terrain = Terrain(2);
    /// Inside a brown line (*terrain bloquant*).
    pub const BLOCKING: Terrain = Terrain(4);

    /// True when every type of `other` is in `self`.
    pub const fn contains(self, other: Terrain) -> bool {
        self.0 & other.0 == other.0
    }

    /// The union of both sets.
    pub const fn with(self, other: Terrain) -> Terrain {
        Terrain(self.0 | other.0)
    }

    /// `self` without the types of `other`.
    pub const fn without(self, other: Terrain) -> Terrain {
        Terrain(self.0 & !other.0)
    }

    /// True for clear terrain.
    pub const fn is_clear(self) -> bool {
        self.0 == 0
    }
}

/// A terrain marker placed during play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Marker {
    /// *Marqueur débris*: hindering; on a blocking square it makes the square hindering instead
    /// (rulebook *Marqueur débris*).
    Debris,
    /// A barrier marker: blocking terrain while it stays.
    Barrier,
    /// A smoke cloud marker: hindering terrain while it stays.
    Smoke,
    /// An object lying on the square (rulebook *Les objets en tant que terrain*): hindering.
    Object,
}

impl Marker {
    /// Every marker kind.
    pub const ALL: [Marker; 4] = [
        Marker::Debris,
        Marker::Barrier,
        Marker::Smoke,
        Marker::Object,
    ];

    const fn bit(self) -> u8 {
        match self {
            Marker::Debris => 1,
            Marker::Barrier => 2,
            Marker::Smoke => 4,
            Marker::Object => 8,
        }
    }
}

/// The set of markers lying on one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct TerrainMarkers(u8);

impl TerrainMarkers {
    /// True if a marker of this kind lies here.
    pub const fn has(self, m: Marker) -> bool {
        self.0 & m.bit() != 0
    }

    /// True if no marker lies here.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The markers present, in a fixed order.
    pub fn iter(self) -> impl Iterator<Item = Marker> {
        Marker::ALL.into_iter().filter(move |m| self.has(*m))
    }
}

const WALL_N: u8 = 1;
const WALL_E: u8 = 2;
const WALL_S: u8 = 4;
const WALL_W: u8 = 8;

pub(crate) const fn wall_bit(dir: Dir) -> u8 {
    match dir {
        Dir::N => WALL_N,
        Dir::E => WALL_E,
        Dir::S => WALL_S,
        Dir::W => WALL_W,
        _ => 0,
    }
}

/// Everything the map says about one square.
///
/// Serialized compactly as an array (`[terrain, level, indoor, zone, special, stair, ladder,
/// markers, walls]`): maps travel inside every game state, replay check and network message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(from = "CellRepr", into = "CellRepr")]
pub struct Cell {
    /// Printed terrain types.
    pub terrain: Terrain,
    /// Elevation: 0 is the ground, 1 and above are elevated terrain (inside a red line).
    pub level: u8,
    /// Inside a yellow line on a mixed map, or any square of an indoor map.
    pub indoor: bool,
    /// Deployment zone number (purple line), 0 when none.
    pub zone: u8,
    /// Index into [`SquareMap::special_zones`] for an orange-bounded square.
    pub special: Option<u16>,
    /// `(staircase, step)` if this square is a step of a staircase.
    pub stair: Option<(u16, u8)>,
    /// Index into [`SquareMap::ladders`] if a ladder touches this square.
    pub ladder: Option<u16>,
    /// Markers placed during play.
    pub markers: TerrainMarkers,
    walls: u8,
}

impl Cell {
    /// Terrain as it stands now, markers included: debris turns blocking terrain into hindering
    /// terrain and adds hindering elsewhere, a barrier is blocking, smoke is hindering.
    pub fn terrain_now(&self) -> Terrain {
        let mut t = self.terrain;
        if self.markers.has(Marker::Debris) {
            t = t.without(Terrain::BLOCKING).with(Terrain::HINDERING);
        }
        if self.markers.has(Marker::Smoke) || self.markers.has(Marker::Object) {
            t = t.with(Terrain::HINDERING);
        }
        if self.markers.has(Marker::Barrier) {
            t = t.with(Terrain::BLOCKING);
        }
        t
    }

    /// Hindering now (printed or by a marker). Water is not hindering here: it only hinders
    /// movement, which [`Cell::hinders_movement`] answers.
    pub fn is_hindering(&self) -> bool {
        self.terrain_now().contains(Terrain::HINDERING)
    }

    /// Blocking now (printed and not turned to debris, or a barrier).
    pub fn is_blocking(&self) -> bool {
        self.terrain_now().contains(Terrain::BLOCKING)
    }

    /// Hindering for movement: hindering terrain or water (rulebook *Eau*).
    pub fn hinders_movement(&self) -> bool {
        let t = self.terrain_now();
        t.contains(Terrain::HINDERING) || t.contains(Terrain::WATER)
    }

    /// True if a wall runs along this square's edge in orthogonal direction `dir`.
    pub fn wall(&self, dir: Dir) -> bool {
        self.walls & wall_bit(dir) != 0
    }

    /// True if any wall runs along this square's edges.
    pub fn has_walls(&self) -> bool {
        self.walls != 0
    }

    pub(crate) fn wall_bits(&self) -> u8 {
        self.walls
    }
}

type CellRepr = (
    Terrain,
    u8,
    bool,
    u8,
    Option<u16>,
    Option<(u16, u8)>,
    Option<u16>,
    TerrainMarkers,
    u8,
);

impl From<CellRepr> for Cell {
    fn from(r: CellRepr) -> Cell {
        Cell {
            terrain: r.0,
            level: r.1,
            indoor: r.2,
            zone: r.3,
            special: r.4,
            stair: r.5,
            ladder: r.6,
            markers: r.7,
            walls: r.8 & (WALL_N | WALL_E | WALL_S | WALL_W),
        }
    }
}

impl From<Cell> for CellRepr {
    fn from(c: Cell) -> CellRepr {
        (
            c.terrain, c.level, c.indoor, c.zone, c.special, c.stair, c.ladder, c.markers, c.walls,
        )
    }
}

/// A staircase: its steps from the bottom to the top. Only the top step is elevated (FAQ
/// *Escaliers*: only the last step, along the thick black line, is up high).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Staircase {
    /// Steps in climbing order; the last one is on the higher level.
    pub steps: Vec<Square>,
}

/// A ladder joining one square at a lower level to one at a higher level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ladder {
    /// The square at the foot of the ladder.
    pub bottom: Square,
    /// The square at the top of the ladder.
    pub top: Square,
}

/// An orange-bounded zone with rules of its own printed on the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecialZone {
    /// Short name shown to players.
    pub name: String,
    /// The special rules printed on the map, as text.
    pub rules: String,
}

/// Why a staircase or ladder cannot be added.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    /// A square lies off the map.
    #[error("square {0} is off the map")]
    OffMap(Square),
    /// Two consecutive squares do not touch.
    #[error("squares {0} and {1} do not touch")]
    NotTouching(Square, Square),
    /// The level does not change where it must.
    #[error("{0}")]
    Levels(String),
    /// The square already belongs to a staircase or ladder.
    #[error("square {0} already belongs to another staircase or ladder")]
    Taken(Square),
    /// A staircase needs at least two steps.
    #[error("a staircase needs at least two steps")]
    TooShort,
}

/// A square map: a grid of [`Cell`]s with walls on edges, stairs, ladders and zones.
///
/// The map is plain data that a game clones into its state, because play changes it: markers are
/// placed, walls are destroyed. Tables derived from it ([`SquareMap::facts`],
/// [`SquareMap::derived`]) ride along unseen; staircases and ladders are changed only through
/// [`SquareMap::add_staircase`] and [`SquareMap::add_ladder`], which keep those tables right.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawSquareMap")]
pub struct SquareMap {
    /// Name printed on the map.
    pub name: String,
    /// Outdoor, indoor or mixed.
    pub kind: MapKind,
    width: i32,
    height: i32,
    cells: Vec<Cell>,
    /// Staircases, indexed by [`Cell::stair`].
    pub staircases: Vec<Staircase>,
    /// Ladders, indexed by [`Cell::ladder`].
    pub ladders: Vec<Ladder>,
    /// Special (orange) zones, indexed by [`Cell::special`].
    pub special_zones: Vec<SpecialZone>,
    #[serde(skip)]
    pub(crate) cache: MapCache,
}

// By hand so that the derived tables stay out of the map's description.
impl std::fmt::Debug for SquareMap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SquareMap")
            .field("name", &self.name)
            .field("kind", &self.kind)
            .field("width", &self.width)
            .field("height", &self.height)
            .field("cells", &self.cells)
            .field("staircases", &self.staircases)
            .field("ladders", &self.ladders)
            .field("special_zones", &self.special_zones)
            .finish()
    }
}

/// A deserialized map before its sizes and references are checked.
#[derive(Deserialize)]
struct RawSquareMap {
    name: String,
    kind: MapKind,
    width: i32,
    height: i32,
    cells: Vec<Cell>,
    staircases: Vec<Staircase>,
    ladders: Vec<Ladder>,
    special_zones: Vec<SpecialZone>,
}

impl TryFrom<RawSquareMap> for SquareMap {
    type Error = String;

    /// Only maps whose lookups cannot go out of bounds are accepted: a map arriving from a file
    /// or the network must never make a later query panic.
    fn try_from(r: RawSquareMap) -> Result<SquareMap, String> {
        if r.width < 1 || r.height < 1 || r.width > 1000 || r.height > 1000 {
            return Err(format!("map size {}×{} is out of range", r.width, r.height));
        }
        if r.cells.len() != (r.width * r.height) as usize {
            return Err(format!(
                "map has {} cells for {}×{} squares",
                r.cells.len(),
                r.width,
                r.height
            ));
        }
        for c in &r.cells {
            if c.special
                .is_some_and(|s| usize::from(s) >= r.special_zones.len())
            {
                return Err("a cell names a special zone that does not exist".into());
            }
            if c.ladder.is_some_and(|l| usize::from(l) >= r.ladders.len()) {
                return Err("a cell names a ladder that does not exist".into());
            }
            if let Some((st, k)) = c.stair {
                let ok = r
                    .staircases
                    .get(usize::from(st))
                    .is_some_and(|s| usize::from(k) < s.steps.len());
                if !ok {
                    return Err("a cell names a staircase step that does not exist".into());
                }
            }
        }
        Ok(SquareMap {
            name: r.name,
            kind: r.kind,
            width: r.width,
            height: r.height,
            cells: r.cells,
            staircases: r.staircases,
            ladders: r.ladders,
            special_zones: r.special_zones,
            cache: MapCache::default(),
        })
    }
}

impl SquareMap {
    /// A map of clear ground squares, `width` columns by `height` rows. Sizes below 1 are
    /// raised to 1.
    pub fn new(name: impl Into<String>, kind: MapKind, width: i32, height: i32) -> Self {
        let width = width.max(1);
        let height = height.max(1);
        let indoor = kind == MapKind::Indoor;
        SquareMap {
            name: name.into(),
            kind,
            width,
            height,
            cells: vec![
                Cell {
                    indoor,
                    ..Cell::default()
                };
                (width * height) as usize
            ],
            staircases: Vec::new(),
            ladders: Vec::new(),
            special_zones: Vec::new(),
            cache: MapCache::default(),
        }
    }

    /// Number of columns.
    pub fn width(&self) -> i32 {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> i32 {
        self.height
    }

    /// Number of squares.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Never true: a map has at least one square.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// True if the square lies on the map.
    pub fn contains(&self, sq: Square) -> bool {
        sq.x >= 0 && sq.y >= 0 && sq.x < self.width && sq.y < self.height
    }

    /// Flat index of a square on the map (row-major), for per-square arrays.
    pub fn index(&self, sq: Square) -> Option<usize> {
        self.contains(sq)
            .then(|| (sq.y * self.width + sq.x) as usize)
    }

    /// The square at a flat index.
    pub fn square_at(&self, index: usize) -> Square {
        let i = index as i32;
        Square::new(i % self.width, i / self.width)
    }

    /// Every square of the map, row by row.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| Square::new(x, y)))
    }

    /// The cell of a square on the map.
    pub fn cell(&self, sq: Square) -> Option<&Cell> {
        self.index(sq).map(|i| &self.cells[i])
    }

    pub(crate) fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The cell of a square on the map, for editing.
    pub fn cell_mut(&mut self, sq: Square) -> Option<&mut Cell> {
        let i = self.index(sq)?;
        self.invalidate();
        Some(&mut self.cells[i])
    }

    /// Elevation level of a square (0 off the map).
    pub fn level(&self, sq: Square) -> u8 {
        self.cell(sq).map_or(0, |c| c.level)
    }

    /// True if a wall runs along the edge of `sq` in orthogonal direction `dir`. The map edge is
    /// not a wall (rulebook *Murs*).
    pub fn wall(&self, sq: Square, dir: Dir) -> bool {
        self.cell(sq).is_some_and(|c| c.wall(dir))
    }

    /// Puts or removes a wall along the edge of `sq` in orthogonal direction `dir`, on both sides
    /// of the edge. Diagonal directions and edges on the map border are ignored.
    pub fn set_wall(&mut self, sq: Square, dir: Dir, present: bool) {
        let other = sq.step(dir);
        if dir.is_diagonal() || !self.contains(sq) || !self.contains(other) {
            return;
        }
        for (s, d) in [(sq, dir), (other, dir.opposite())] {
            if let Some(c) = self.cell_mut(s) {
                if present {
                    c.walls |= wall_bit(d);
                } else {
                    c.walls &= !wall_bit(d);
                }
            }
        }
    }

    /// True if the single step from `from` to the touching square `to` crosses a wall. A diagonal
    /// step crosses a wall only when both ways round the corner do: walls stop exactly at square
    /// corners, so a diagonal through the end of a wall passes (FAQ *Terrain bloquant*).
    pub fn step_crosses_wall(&self, from: Square, to: Square) -> bool {
        let Some(dir) = from.dir_to(to) else {
            return false;
        };
        match dir.components() {
            None => self.wall(from, dir),
            Some((a, b)) => {
                let via_a = from.step(a);
                let via_b = from.step(b);
                let blocked_a = self.wall(from, a) || self.wall(via_a, b);
                let blocked_b = self.wall(from, b) || self.wall(via_b, a);
                blocked_a && blocked_b
            }
        }
    }

    /// True if `a` and `b` are consecutive steps of one staircase or the two ends of one ladder:
    /// the only places where a figure changes level by walking.
    pub fn level_link(&self, a: Square, b: Square) -> bool {
        let (Some(ca), Some(cb)) = (self.cell(a), self.cell(b)) else {
            return false;
        };
        if let (Some((sa, ia)), Some((sb, ib))) = (ca.stair, cb.stair) {
            if sa == sb && ia.abs_diff(ib) == 1 {
                return true;
            }
        }
        matches!((ca.ladder, cb.ladder), (Some(la), Some(lb)) if la == lb)
    }

    /// Whether figures on `a` and `b` are adjacent: the squares touch, are on the same level
    /// (figures at different elevations are never adjacent, FAQ *Adjacent*) unless they are
    /// consecutive steps of a staircase, and no wall separates them (rulebook *Murs*).
    pub fn adjacent(&self, a: Square, b: Square) -> bool {
        if a.distance(b) != 1 || !self.contains(a) || !self.contains(b) {
            return false;
        }
        let same_level = self.level(a) == self.level(b);
        let stair_link = self.cell(a).and_then(|c| c.stair).is_some() && self.level_link(a, b);
        (same_level || stair_link) && !self.step_crosses_wall(a, b) && !self.corner_cut(a, b)
    }

    /// True if `a` and `b` touch, whatever their levels, with no wall or blocked corner between
    /// them: how a figure that may attack across elevations (Leap/Climb) sees adjacency.
    pub fn adjacent_any_level(&self, a: Square, b: Square) -> bool {
        a.distance(b) == 1
            && self.contains(a)
            && self.contains(b)
            && !self.step_crosses_wall(a, b)
            && !self.corner_cut(a, b)
    }

    /// True if `a` and `b` touch only by a corner and both squares beside that corner block
    /// movement (blocking terrain, or a wall on the way round): squares on either side of
    /// terrain that blocks movement are not adjacent (rulebook *Cases adjacentes*).
    pub fn corner_cut(&self, a: Square, b: Square) -> bool {
        let Some((d1, d2)) = a.dir_to(b).and_then(Dir::components) else {
            return false;
        };
        let side_blocked = |d: Dir, other: Dir| {
            let s = a.step(d);
            self.cell(s).is_none_or(|c| c.is_blocking()) || self.wall(a, d) || self.wall(s, other)
        };
        side_blocked(d1, d2) && side_blocked(d2, d1)
    }

    /// Places a marker on a square on the map.
    pub fn place_marker(&mut self, sq: Square, marker: Marker) {
        // Placing a marker already there changes nothing: keep the derived tables.
        if self.cell(sq).is_some_and(|c| !c.markers.has(marker)) {
            if let Some(c) = self.cell_mut(sq) {
                c.markers.0 |= marker.bit();
            }
        }
    }

    /// Removes a marker from a square.
    pub fn remove_marker(&mut self, sq: Square, marker: Marker) {
        if self.cell(sq).is_some_and(|c| c.markers.has(marker)) {
            if let Some(c) = self.cell_mut(sq) {
                c.markers.0 &= !marker.bit();
            }
        }
    }

    /// Adds a staircase, bottom step first. All steps but the last share one level; the last is
    /// higher.
    pub fn add_staircase(&mut self, steps: Vec<Square>) -> Result<u16, LinkError> {
        if steps.len() < 2 {
            return Err(LinkError::TooShort);
        }
        self.check_free(&steps)?;
        for w in steps.windows(2) {
            if w[0].distance(w[1]) != 1 {
                return Err(LinkError::NotTouching(w[0], w[1]));
            }
        }
        let (top, lower) = steps.split_last().expect("at least two steps");
        let base = self.level(lower[0]);
        if let Some(s) = lower.iter().find(|s| self.level(**s) != base) {
            return Err(LinkError::Levels(format!(
                "step {s} is at level {} but the bottom step {} is at level {base}: only the top step is higher",
                self.level(*s),
                lower[0]
            )));
        }
        if self.level(*top) <= base {
            return Err(LinkError::Levels(format!(
                "the top step {top} must be on a higher level than the steps below it (level {base})"
            )));
        }
        let id = self.staircases.len() as u16;
        for (i, s) in steps.iter().enumerate() {
            if let Some(c) = self.cell_mut(*s) {
                c.stair = Some((id, i as u8));
            }
        }
        self.invalidate();
        self.staircases.push(Staircase { steps });
        Ok(id)
    }

    /// Adds a ladder between two touching squares, the top one higher than the bottom one.
    pub fn add_ladder(&mut self, bottom: Square, top: Square) -> Result<u16, LinkError> {
        self.check_free(&[bottom, top])?;
        if bottom.distance(top) != 1 {
            return Err(LinkError::NotTouching(bottom, top));
        }
        if self.level(top) <= self.level(bottom) {
            return Err(LinkError::Levels(format!(
                "the top of the ladder {top} (level {}) must be higher than its foot {bottom} (level {})",
                self.level(top),
                self.level(bottom)
            )));
        }
        let id = self.ladders.len() as u16;
        for s in [bottom, top] {
            if let Some(c) = self.cell_mut(s) {
                c.ladder = Some(id);
            }
        }
        self.invalidate();
        self.ladders.push(Ladder { bottom, top });
        Ok(id)
    }

    fn check_free(&self, squares: &[Square]) -> Result<(), LinkError> {
        for s in squares {
            let c = self.cell(*s).ok_or(LinkError::OffMap(*s))?;
            if c.stair.is_some() || c.ladder.is_some() {
                return Err(LinkError::Taken(*s));
            }
        }
        Ok(())
    }

    /// Deployment zone numbers present on the map, ascending.
    pub fn deployment_zones(&self) -> Vec<u8> {
        let mut z: Vec<u8> = self
            .cells
            .iter()
            .map(|c| c.zone)
            .filter(|z| *z != 0)
            .collect();
        z.sort_unstable();
        z.dedup();
        z
    }

    /// The squares of one deployment zone, row by row.
    pub fn zone_squares(&self, zone: u8) -> Vec<Square> {
        self.squares()
            .filter(|s| self.cell(*s).is_some_and(|c| c.zone == zone))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(x: i32, y: i32) -> Square {
        Square::new(x, y)
    }

    #[test]
    fn walls_are_two_sided_and_map_edges_are_not_walls() {
        let mut m = SquareMap::new("t", MapKind::Outdoor, 4, 4);
        m.set_wall(sq(1, 1), Dir::E, true);
        assert!(m.wall(sq(1, 1), Dir::E));
        assert!(m.wall(sq(2, 1), Dir::W));
        m.set_wall(sq(0, 0), Dir::N, true);
        assert!(!m.wall(sq(0, 0), Dir::N));
        assert!(!m.adjacent(sq(1, 1), sq(2, 1)));
    }

    #[test]
    fn diagonal_past_the_end_of_a_wall_is_adjacent() {
        // FAQ *Terrain bloquant*: walls stop at the corners, a doorway diagonal passes.
        let mut m = SquareMap::new("t", MapKind::Indoor, 4, 4);
        m.set_wall(sq(1, 1), Dir::S, true);
        assert!(m.adjacent(sq(1, 1), sq(2, 2)));
        // A continuous wall along the row cuts the diagonal.
        m.set_wall(sq(2, 1), Dir::S, true);
        assert!(!m.adjacent(sq(1, 1), sq(2, 2)));
        // An L-shaped corner around the target square cuts it too.
        let mut l = SquareMap::new("t", MapKind::Indoor, 4, 4);
        l.set_wall(sq(2, 2), Dir::N, true);
        l.set_wall(sq(2, 2), Dir::W, true);
        assert!(!l.adjacent(sq(1, 1), sq(2, 2)));
    }

    #[test]
    fn squares_either_side_of_blocking_terrain_are_not_adjacent() {
        // Rulebook *Cases adjacentes*.
        let mut m = SquareMap::new("t", MapKind::Outdoor, 3, 3);
        m.cell_mut(sq(1, 0)).unwrap().terrain = Terrain::BLOCKING;
        assert!(m.adjacent(sq(0, 0), sq(1, 1)));
        m.cell_mut(sq(0, 1)).unwrap().terrain = Terrain::BLOCKING;
        assert!(!m.adjacent(sq(0, 0), sq(1, 1)));
        assert!(m.corner_cut(sq(0, 0), sq(1, 1)));
    }

    #[test]
    fn different_levels_are_never_adjacent() {
        let mut m = SquareMap::new("t", MapKind::Outdoor, 4, 4);
        m.cell_mut(sq(1, 1)).unwrap().level = 1;
        assert!(!m.adjacent(sq(1, 1), sq(1, 2)));
        assert!(m.adjacent(sq(1, 2), sq(1, 3)));
    }

    #[test]
    fn staircase_steps_are_adjacent_across_the_elevation_line() {
        let mut m = SquareMap::new("t", MapKind::Outdoor, 5, 5);
        m.cell_mut(sq(3, 1)).unwrap().level = 1;
        m.add_staircase(vec![sq(1, 1), sq(2, 1), sq(3, 1)]).unwrap();
        assert!(m.adjacent(sq(2, 1), sq(3, 1)));
        assert!(m.level_link(sq(2, 1), sq(3, 1)));
        assert!(!m.level_link(sq(1, 1), sq(3, 1)));
        let err = m.add_staircase(vec![sq(0, 0), sq(0, 1)]).unwrap_err();
        assert!(matches!(err, LinkError::Levels(_)));
    }

    #[test]
    fn serializes_compactly_and_refuses_inconsistent_maps() {
        let mut m = SquareMap::new("t", MapKind::Outdoor, 2, 2);
        m.set_wall(sq(0, 0), Dir::E, true);
        let json = serde_json::to_string(&m).unwrap();
        assert!(json.len() < 300, "{json}");
        let back: SquareMap = serde_json::from_str(&json).unwrap();
        assert_eq!(back, m);
        let broken = json.replace("\"width\":2", "\"width\":3");
        assert!(serde_json::from_str::<SquareMap>(&broken).is_err());
    }

    #[test]
    fn debris_turns_blocking_into_hindering() {
        let mut m = SquareMap::new("t", MapKind::Outdoor, 3, 3);
        m.cell_mut(sq(1, 1)).unwrap().terrain = Terrain::BLOCKING;
        assert!(m.cell(sq(1, 1)).unwrap().is_blocking());
        m.place_marker(sq(1, 1), Marker::Debris);
        let c = m.cell(sq(1, 1)).unwrap();
        assert!(!c.is_blocking());
        assert!(c.is_hindering());
        m.place_marker(sq(0, 0), Marker::Barrier);
        assert!(m.cell(sq(0, 0)).unwrap().is_blocking());
    }
}
