//! Clix movement: which squares a figure given a move action can reach, and by which path.
//!
//! HeroClix rulebook *Déplacer votre personnage*, *Actions de déplacement*, *Évasion*, *Terrain
//! gênant*, *Eau*, *Terrain bloquant*, *Murs*, *Terrain élevé*, *Déplacement : échelles et
//! escaliers*, *Déplacement à travers un point d'intersection*; FAQ *Escaliers*, *Terrain
//! gênant*. HorrorClix says the same in *Déplacer les monstres*, *Évasion*, *Terrain gênant*,
//! *Eau*, *Terrain bloquant* and *Murs* (its maps have no elevated terrain, so the level rules
//! below never come into play there).
//!
//! - A step goes to any of the eight neighbouring squares and costs 1, diagonals included.
//! - Blocking terrain, walls and squares of opposing figures cannot be entered or crossed;
//!   friendly figures can be passed through, and no move ends on another figure's square.
//! - A diagonal step through a corner point counts as the less restrictive of the two squares
//!   touching the point off the path: walls on the way round, blocking terrain, opposing figures
//!   and other levels make a side blocking; hindering terrain or water make it hindering.
//! - Entering hindering terrain (or water) from terrain that does not hinder movement ends the
//!   move; so does passing a corner point that counts as hindering. A figure that starts in
//!   hindering terrain moves half its speed, rounded up: a replacement value, halved before
//!   the modifiers, which the game works out ([`Speed`]).
//! - Entering a square adjacent to an opposing figure ends the move, unless the mover broke away
//!   from that figure during this action.
//! - Levels change only along staircases (through every step, bottom to top or back) and
//!   ladders; the steps of a staircase can only be entered from the neighbouring steps, its foot
//!   from the ground around it, and its top from the level above.
//!
//! Left for HorrorClix to add when it comes: victims, which no monster may cross but which do
//! not stop a move next to them (*Déplacer les monstres*), and its two flight modes (hovering
//! and soaring, *Monstres volants*) as [`MoveMode`]s.

use serde::Serialize;
use std::sync::{Arc, OnceLock};

use skirmish_board::square::{Dir, Square, SquareMap};
use skirmish_board::FigureId;
use skirmish_lang::Lang;
use skirmish_path::{search, MoveGraph, Path, Reach, Step};

mod memo;

/// Whose side a figure on the board is on, seen from the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// A figure of the mover's team.
    Friend,
    /// An opposing figure.
    Enemy,
}

/// A figure standing on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Standing {
    /// Its square.
    pub square: Square,
    /// Which figure.
    pub figure: FigureId,
    /// Friend or enemy of the mover.
    pub side: Side,
}

/// How far a mover may go: its speed value in play, and what that value is when the move starts
/// in hindering terrain. Halving is a replacement value (rulebook *Valeurs de remplacement*), so
/// it comes before the modifiers (*Règles d'or*, *Remplacer puis modifier*): speed 7 with +1
/// moves 5 from hindering terrain, not 4. Only the game knows the modifiers, so it works out
/// both numbers; the search picks one once it knows where the move starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Speed {
    /// The speed value.
    pub full: u32,
    /// The speed value when the move starts in hindering terrain.
    pub hindered: u32,
}

impl Speed {
    /// A speed no modifier touches: from hindering terrain, half of it rounded up (*Arrondis*).
    pub fn plain(speed: u32) -> Self {
        Speed {
            full: speed,
            hindered: speed.div_ceil(2),
        }
    }
}

impl From<u32> for Speed {
    fn from(speed: u32) -> Self {
        Speed::plain(speed)
    }
}

/// A move to search: who moves, from where, how far, past whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveQuery<'a> {
    /// The square the mover starts on.
    pub from: Square,
    /// The mover's speed value, and what it is from hindering terrain.
    pub speed: Speed,
    /// Every other figure on the board.
    pub others: &'a [Standing],
    /// Opposing figures the mover broke away from during this action: becoming adjacent to them
    /// does not end the move (rulebook *Évasion*).
    pub broke_away_from: &'a [FigureId],
    /// Further squares that count as next to an opposing figure for this mover, beyond the
    /// ones touching it: giant reach (spec COMB-8), worked out by the game for the pair. Like
    /// the touching squares they end the move unless the mover broke away from that figure.
    pub near: &'a [(Square, FigureId)],
}

/// How a power or ability lets a mover treat the board (Leap/Climb, Phasing/Teleport, Flight,
/// Swim, Hypersonic Speed...). The default is the plain rulebook movement.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct MoveMode {
    /// Hindering terrain neither halves nor ends the move.
    pub ignore_hindering: bool,
    /// Levels change anywhere, not only along stairs and ladders.
    pub ignore_elevation: bool,
    /// Outdoor blocking terrain can be crossed (never ended on).
    pub ignore_outdoor_blocking: bool,
    /// Every blocking square and wall can be crossed (never ended on): Phasing/Teleport.
    pub ignore_blocking_and_walls: bool,
    /// Squares holding or next to opposing figures can be crossed, and being next to one does
    /// not end the move.
    pub pass_enemies: bool,
    /// Water is clear terrain for this mover (Swim).
    pub swim: bool,
    /// The speed is locked (Sidestep): starting in hindering terrain does not halve it.
    pub speed_locked: bool,
    /// Squares next to opposing figures do not end the move (Move and Attack); their own
    /// squares still cannot be crossed.
    pub ignore_near_enemies: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Occ {
    Empty,
    Friend,
    Enemy,
}

// Per-square flags. The first five depend on the map and the mover's mode only, and are kept
// with the map (`ModeTable`); the others come from the figures of one move, laid over a copy.
const IMPASSABLE: u16 = 1; // blocking terrain or an opposing figure
const HINDERS: u16 = 2; // hindering terrain or water
const STAIR_MIDDLE: u16 = 4; // a middle step of a staircase
const LINKED: u16 = 8; // part of a staircase or a ladder
const NO_END: u16 = 16; // crossable under the mover's mode, but no move ends here
const NEAR_ENEMY: u16 = 32; // adjacent to an opposing figure not broken away from
const FRIEND: u16 = 64; // a friendly figure stands here
const ENEMY: u16 = 128; // an opposing figure stands here
                        // An opposing figure that cannot be crossed stands beside: it is a side square of some diagonal
                        // steps out of here, so those are worked out afresh rather than read from the map's table.
const DIRTY: u16 = 256;

const WALL_BITS: [(Dir, u8); 4] = [(Dir::N, 1), (Dir::E, 2), (Dir::S, 4), (Dir::W, 8)];

fn wall_bit(d: Dir) -> u8 {
    WALL_BITS
        .iter()
        .find(|(x, _)| *x == d)
        .map_or(0, |(_, b)| *b)
}

/// Where each of `Dir::ALL` sits in [`ORDER`]: bit `ALL_IN_ORDER[d]` of a step mask is the
/// step towards `Dir::ALL[d]`.
const ALL_IN_ORDER: [usize; 8] = [0, 4, 1, 5, 2, 6, 3, 7];

// Orthogonal steps first: among equally short paths the search keeps the first found, and
// straight paths read better than zig-zags. Bit `d` of a step mask is the direction `ORDER[d]`.
const ORDER: [Dir; 8] = [
    Dir::N,
    Dir::E,
    Dir::S,
    Dir::W,
    Dir::NE,
    Dir::SE,
    Dir::SW,
    Dir::NW,
];

/// The mode's switches that change what the map itself allows, as an index into the tables.
fn mode_key(mode: &MoveMode) -> usize {
    usize::from(mode.ignore_hindering)
        | usize::from(mode.ignore_elevation) << 1
        | usize::from(mode.ignore_outdoor_blocking) << 2
        | usize::from(mode.ignore_blocking_and_walls) << 3
        | usize::from(mode.swim) << 4
}

const MODE_KEYS: usize = 32;

/// What the map alone says about movement under one mode, computed once per version of the map
/// (the figures change with every move, the map seldom).
struct ModeTable {
    flags: Vec<u16>,
    levels: Vec<u8>,
    walls: Vec<u8>,
    /// Per square: bit `d` when the map allows the step towards `ORDER[d]` (figures aside), bit
    /// `8 + d` when that step passes a corner point that counts as hindering.
    steps: Vec<u16>,
}

impl ModeTable {
    fn new(map: &SquareMap, mode: &MoveMode) -> Self {
        let facts = map.facts().all();
        let mut flags = vec![0u16; facts.len()];
        let mut walls = vec![0u8; facts.len()];
        let levels = facts.iter().map(|f| f.level()).collect();
        for (i, c) in facts.iter().enumerate() {
            if c.blocking() {
                // Barrier markers stop Leap/Climb and fliers (FAQ *Saut/Escalade*: it cannot
                // enter or leave a barrier); only Phasing passes them.
                let crossable = mode.ignore_blocking_and_walls
                    || (mode.ignore_outdoor_blocking && !c.indoor() && !c.barrier());
                flags[i] |= if crossable { NO_END } else { IMPASSABLE };
            }
            if c.hinders_movement() && !mode.ignore_hindering && !(mode.swim && c.water_only()) {
                flags[i] |= HINDERS;
            }
            if c.stair() || c.ladder() {
                flags[i] |= LINKED;
            }
            if c.stair_middle() {
                flags[i] |= STAIR_MIDDLE;
            }
            if !mode.ignore_blocking_and_walls {
                walls[i] = c.walls();
            }
        }
        let mut table = ModeTable {
            flags,
            levels,
            walls,
            steps: Vec::new(),
        };
        let board = Board {
            map,
            width: map.width(),
            height: map.height(),
            flags: &table.flags,
            levels: &table.levels,
            walls: &table.walls,
            ignore_elevation: mode.ignore_elevation,
        };
        let steps = (0..facts.len()).map(|i| board.step_mask(i)).collect();
        table.steps = steps;
        table
    }
}

/// Every mode's table of one map, each built when a mover first needs it.
struct MoveTables {
    modes: [OnceLock<Arc<ModeTable>>; MODE_KEYS],
}

impl MoveTables {
    fn for_mode(map: &SquareMap, mode: &MoveMode) -> Arc<ModeTable> {
        let tables = map.derived(|_| MoveTables {
            modes: std::array::from_fn(|_| OnceLock::new()),
        });
        Arc::clone(tables.modes[mode_key(mode)].get_or_init(|| Arc::new(ModeTable::new(map, mode))))
    }
}

/// The rules of a single step, read from per-square arrays: the map's alone when the tables are
/// built, the map's with this move's figures when a step next to an opposing figure is checked.
struct Board<'a> {
    map: &'a SquareMap,
    width: i32,
    height: i32,
    flags: &'a [u16],
    levels: &'a [u8],
    walls: &'a [u8],
    ignore_elevation: bool,
}

impl Board<'_> {
    fn idx(&self, sq: Square) -> Option<usize> {
        (sq.x >= 0 && sq.y >= 0 && sq.x < self.width && sq.y < self.height)
            .then(|| (sq.y * self.width + sq.x) as usize)
    }

    fn square(&self, i: usize) -> Square {
        let i = i as i32;
        Square::new(i % self.width, i / self.width)
    }

    /// Whether a staircase's middle steps let a step between `a` and `b` through: they are
    /// entered and left only by the neighbouring steps.
    fn stairs_allow(&self, a: Square, b: Square) -> bool {
        let middle = |s: Square| {
            self.idx(s)
                .is_some_and(|i| self.flags[i] & STAIR_MIDDLE != 0)
        };
        if !middle(a) && !middle(b) {
            return true;
        }
        matches!((self.map.cell(a).and_then(|c| c.stair), self.map.cell(b).and_then(|c| c.stair)),
            (Some((i, x)), Some((j, y))) if i == j && x.abs_diff(y) == 1)
    }

    fn level_ok(&self, i: usize, j: usize, from: Square, to: Square) -> bool {
        self.ignore_elevation
            || self.levels[i] == self.levels[j]
            || (self.flags[i] & self.flags[j] & LINKED != 0 && self.map.level_link(from, to))
    }

    /// The restriction of the corner point a diagonal step passes: the less restrictive of the
    /// two side squares, each blocked by walls on the way round it, blocking terrain, an
    /// opposing figure or another level, and hindering if it hinders movement.
    fn corner(&self, from: Square, i: usize, to: Square, j: usize) -> Restriction {
        let Some((a, b)) = from.dir_to(to).and_then(Dir::components) else {
            return Restriction::Clear;
        };
        let level = self.levels[i];
        let level_changes = level != self.levels[j];
        let side = |d: Dir, other: Dir| {
            let Some(k) = self.idx(from.step(d)) else {
                return Restriction::Blocked;
            };
            if self.walls[i] & wall_bit(d) != 0
                || self.walls[k] & wall_bit(other) != 0
                || self.flags[k] & IMPASSABLE != 0
                || (!level_changes && !self.ignore_elevation && self.levels[k] != level)
            {
                Restriction::Blocked
            } else if self.flags[k] & HINDERS != 0 {
                Restriction::Hindering
            } else {
                Restriction::Clear
            }
        };
        side(a, b).min(side(b, a))
    }

    /// The steps out of square `i` these arrays allow, as a step mask (see `ModeTable::steps`).
    fn step_mask(&self, i: usize) -> u16 {
        let from = self.square(i);
        let from_flags = self.flags[i];
        let mut mask = 0;
        for (d, dir) in ORDER.into_iter().enumerate() {
            let to = from.step(dir);
            let Some(j) = self.idx(to) else {
                continue;
            };
            let f = self.flags[j];
            if f & IMPASSABLE != 0 || !self.level_ok(i, j, from, to) {
                continue;
            }
            if (from_flags | f) & STAIR_MIDDLE != 0 && !self.stairs_allow(from, to) {
                continue;
            }
            if dir.is_diagonal() {
                match self.corner(from, i, to, j) {
                    Restriction::Blocked => continue,
                    Restriction::Hindering => mask |= 0x100 << d,
                    Restriction::Clear => {}
                }
            } else if self.walls[i] & wall_bit(dir) != 0 {
                continue;
            }
            mask |= 1 << d;
        }
        mask
    }
}

/// The board as a HeroClix mover sees it; implements [`MoveGraph`].
#[derive(Clone)]
pub struct ClixMoveGraph<'a> {
    map: &'a SquareMap,
    start: Square,
    start_index: usize,
    width: i32,
    height: i32,
    table: Arc<ModeTable>,
    /// The table's flags with this move's figures laid over them (shared with the searches
    /// kept in [`memo`]).
    flags: Arc<[u16]>,
    /// Index offsets of the steps in `ORDER`.
    offsets: [isize; 8],
    /// When set, nothing ends the move early: used to explain why a square is out of reach.
    ignore_stops: bool,
    mode: MoveMode,
}

/// How restrictive a corner point or a side square is for movement.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Restriction {
    Clear,
    Hindering,
    Blocked,
}

impl<'a> ClixMoveGraph<'a> {
    /// Prepares the board for one move.
    pub fn new(map: &'a SquareMap, query: &MoveQuery<'_>) -> Self {
        Self::with_mode(map, query, MoveMode::default())
    }

    /// Prepares the board for one move made under a power's movement rules.
    pub fn with_mode(map: &'a SquareMap, query: &MoveQuery<'_>, mode: MoveMode) -> Self {
        let table = MoveTables::for_mode(map, &mode);
        let flags = Self::overlay(map, &table, query, &mode);
        Self::assemble(map, query.from, table, flags.into(), mode)
    }

    /// The table's flags with the query's figures laid over them.
    fn overlay(
        map: &SquareMap,
        table: &ModeTable,
        query: &MoveQuery<'_>,
        mode: &MoveMode,
    ) -> Vec<u16> {
        let mut flags = table.flags.clone();
        let crossing_enemies = !mode.pass_enemies;
        let stopping_near = !mode.pass_enemies && !mode.ignore_near_enemies;
        for o in query.others {
            let Some(i) = map.index(o.square) else {
                continue;
            };
            if o.square == query.from {
                continue;
            }
            if o.side == Side::Friend {
                flags[i] |= FRIEND;
                continue;
            }
            flags[i] |= ENEMY;
            if crossing_enemies {
                flags[i] |= IMPASSABLE;
                for d in [Dir::N, Dir::E, Dir::S, Dir::W] {
                    if let Some(k) = map.index(o.square.step(d)) {
                        flags[k] |= DIRTY;
                    }
                }
            }
            if stopping_near && !query.broke_away_from.contains(&o.figure) {
                for nb in o.square.neighbours() {
                    if map.adjacent(o.square, nb) {
                        if let Some(j) = map.index(nb) {
                            flags[j] |= NEAR_ENEMY;
                        }
                    }
                }
            }
        }
        if stopping_near {
            for (sq, figure) in query.near {
                if !query.broke_away_from.contains(figure) {
                    if let Some(j) = map.index(*sq) {
                        flags[j] |= NEAR_ENEMY;
                    }
                }
            }
        }
        flags
    }

    /// The graph of a mover starting on `from`, from its board's flags.
    fn assemble(
        map: &'a SquareMap,
        from: Square,
        table: Arc<ModeTable>,
        flags: Arc<[u16]>,
        mode: MoveMode,
    ) -> Self {
        let w = map.width() as isize;
        ClixMoveGraph {
            map,
            start: from,
            // Off the map the search refuses the start anyway.
            start_index: map.index(from).unwrap_or(usize::MAX),
            width: map.width(),
            height: map.height(),
            table,
            flags,
            offsets: [-w, 1, w, -1, 1 - w, w + 1, w - 1, -w - 1],
            ignore_stops: false,
            mode,
        }
    }

    fn board(&self) -> Board<'_> {
        Board {
            map: self.map,
            width: self.width,
            height: self.height,
            flags: &self.flags,
            levels: &self.table.levels,
            walls: &self.table.walls,
            ignore_elevation: self.mode.ignore_elevation,
        }
    }

    fn idx(&self, sq: Square) -> Option<usize> {
        (sq.x >= 0 && sq.y >= 0 && sq.x < self.width && sq.y < self.height)
            .then(|| (sq.y * self.width + sq.x) as usize)
    }

    fn occ(&self, sq: Square) -> Occ {
        let f = self.idx(sq).map_or(0, |i| self.flags[i]);
        if f & ENEMY != 0 {
            Occ::Enemy
        } else if f & FRIEND != 0 {
            Occ::Friend
        } else {
            Occ::Empty
        }
    }

    fn hinders(&self, sq: Square) -> bool {
        self.idx(sq).is_some_and(|i| self.flags[i] & HINDERS != 0)
    }

    /// True if an opposing figure (not broken away from) is adjacent to `sq`.
    pub fn near_enemy(&self, sq: Square) -> bool {
        self.idx(sq)
            .is_some_and(|i| self.flags[i] & NEAR_ENEMY != 0)
    }

    /// Why a single step from `from` to the touching square `to` is impossible, if it is.
    pub fn step_refusal(&self, from: Square, to: Square) -> Option<MoveRefusal> {
        let (Some(i), Some(j)) = (self.idx(from), self.idx(to)) else {
            return Some(MoveRefusal::OffMap(to));
        };
        let board = self.board();
        if self.flags[j] & IMPASSABLE != 0 && self.map.cell(to).is_some_and(|c| c.is_blocking()) {
            return Some(MoveRefusal::BlockingTerrain(to));
        }
        if self.flags[j] & ENEMY != 0 && !self.mode.pass_enemies {
            return Some(MoveRefusal::EnemyInTheWay(to));
        }
        if !board.level_ok(i, j, from, to) {
            return Some(MoveRefusal::Elevation { from, to });
        }
        if !board.stairs_allow(from, to) {
            return Some(MoveRefusal::StairsSide { from, to });
        }
        if !self.mode.ignore_blocking_and_walls && self.map.step_crosses_wall(from, to) {
            return Some(MoveRefusal::Wall { from, to });
        }
        if board.corner(from, i, to, j) == Restriction::Blocked {
            return Some(MoveRefusal::Corner { from, to });
        }
        None
    }
}

impl MoveGraph for ClixMoveGraph<'_> {
    type Node = Square;

    fn node_count(&self) -> usize {
        self.flags.len()
    }

    fn index(&self, node: Square) -> Option<usize> {
        self.idx(node)
    }

    fn node(&self, index: usize) -> Square {
        let i = index as i32;
        Square::new(i % self.width, i / self.width)
    }

    fn steps(&self, from: Square, out: &mut Vec<Step<Square>>) {
        let Some(i) = self.idx(from) else {
            return;
        };
        self.for_each_step(i, &mut Vec::new(), |j, cost, stop| {
            out.push(Step {
                to: self.node(j),
                cost,
                stop,
            });
        });
    }

    fn for_each_step(
        &self,
        from: usize,
        _: &mut Vec<Step<Square>>,
        mut visit: impl FnMut(usize, u32, bool),
    ) {
        let flags = &self.flags[..];
        let Some(&from_flags) = flags.get(from) else {
            return;
        };
        let mask = if from_flags & DIRTY != 0 {
            self.board().step_mask(from)
        } else {
            self.table.steps[from]
        };
        // A step stops on entering a square next to an opposing figure, or on entering hindering
        // terrain (the square or the corner point passed) from terrain that does not hinder.
        let (target_stops, corner_stops) = if self.ignore_stops {
            (0, 0)
        } else if from_flags & HINDERS != 0 {
            (NEAR_ENEMY, 0)
        } else {
            (NEAR_ENEMY | HINDERS, mask >> 8)
        };
        let mut allowed = mask & 0xff;
        while allowed != 0 {
            let d = allowed.trailing_zeros() as usize;
            allowed &= allowed - 1;
            // The mask only holds steps that stay on the map.
            let j = from.wrapping_add_signed(self.offsets[d & 7]);
            let Some(&f) = flags.get(j) else {
                continue;
            };
            if f & IMPASSABLE != 0 {
                continue;
            }
            let stop = f & target_stops != 0 || (corner_stops >> d) & 1 != 0;
            visit(j, 1, stop);
        }
    }

    fn can_end(&self, node: Square) -> bool {
        self.idx(node).is_some_and(|i| self.can_end_index(i))
    }

    fn can_end_index(&self, i: usize) -> bool {
        i == self.start_index || self.flags[i] & (FRIEND | ENEMY | IMPASSABLE | NO_END) == 0
    }

    fn unit_costs(&self) -> bool {
        true
    }
}

/// Why a move cannot go somewhere.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "at", rename_all = "snake_case")]
pub enum MoveRefusal {
    /// The square is off the map.
    OffMap(Square),
    /// Blocking terrain cannot be entered.
    BlockingTerrain(Square),
    /// An opposing figure's square cannot be entered or crossed.
    EnemyInTheWay(Square),
    /// Another figure stands there: a move never ends on an occupied square.
    Occupied(Square),
    /// The two squares are on different levels and no staircase or ladder joins them.
    Elevation {
        /// Square left.
        from: Square,
        /// Square entered.
        to: Square,
    },
    /// A staircase is climbed through every step: its middle steps are entered only from the
    /// neighbouring steps.
    StairsSide {
        /// Square left.
        from: Square,
        /// Square entered.
        to: Square,
    },
    /// A wall stands between the squares.
    Wall {
        /// Square left.
        from: Square,
        /// Square entered.
        to: Square,
    },
    /// Both squares beside the corner point are blocking for movement.
    Corner {
        /// Square left.
        from: Square,
        /// Square entered.
        to: Square,
    },
    /// The square is reachable, but further than the mover's allowance.
    TooFar {
        /// Squares the shortest way needs.
        needs: u32,
        /// Squares the mover may move.
        allowance: u32,
    },
    /// Every way there ends earlier, by entering hindering terrain or coming next to an
    /// opposing figure.
    StopsEarlier(Square),
    /// No way leads there at all.
    NoPath(Square),
}

impl MoveRefusal {
    /// The refusal as a sentence.
    pub fn text(&self, lang: Lang) -> String {
        let fr = lang == Lang::Fr;
        match self {
            MoveRefusal::OffMap(s) => {
                if fr {
                    format!("la case {s} est hors de la carte")
                } else {
                    format!("square {s} is off the map")
                }
            }
            MoveRefusal::BlockingTerrain(s) => {
                if fr {
                    format!("{s} est un terrain bloquant : on ne peut pas y entrer")
                } else {
                    format!("{s} is blocking terrain: it cannot be entered")
                }
            }
            MoveRefusal::EnemyInTheWay(s) => {
                if fr {
                    format!("un personnage adverse occupe {s} : on ne peut pas traverser sa case")
                } else {
                    format!("an opposing figure stands on {s}: its square cannot be crossed")
                }
            }
            MoveRefusal::Occupied(s) => {
                if fr {
                    format!("{s} est occupée : un déplacement ne peut pas s'y terminer")
                } else {
                    format!("{s} is occupied: a move cannot end there")
                }
            }
            MoveRefusal::Elevation { from, to } => {
                if fr {
                    format!("{from} et {to} sont à des niveaux différents et aucun escalier ni aucune échelle ne les relie")
                } else {
                    format!("{from} and {to} are on different levels and no staircase or ladder joins them")
                }
            }
            MoveRefusal::StairsSide { from, to } => {
                if fr {
                    format!("de {from} à {to} : un escalier se parcourt case par case, de bas en haut ou inversement")
                } else {
                    format!("{from} to {to}: a staircase is climbed step by step, from the bottom or the top")
                }
            }
            MoveRefusal::Wall { from, to } => {
                if fr {
                    format!("un mur sépare {from} et {to}")
                } else {
                    format!("a wall stands between {from} and {to}")
                }
            }
            MoveRefusal::Corner { from, to } => {
                if fr {
                    format!("de {from} à {to} : les deux cases de part et d'autre du point d'intersection bloquent le déplacement")
                } else {
                    format!("{from} to {to}: both squares beside the corner point block movement")
                }
            }
            MoveRefusal::TooFar { needs, allowance } => {
                if fr {
                    format!("trop loin : il faut {needs} cases, le personnage peut en parcourir {allowance}")
                } else {
                    format!("too far: it takes {needs} squares and the figure may move {allowance}")
                }
            }
            MoveRefusal::StopsEarlier(s) => {
                if fr {
                    format!("tout chemin vers {s} oblige à s'arrêter avant (terrain gênant ou case adjacente à un adversaire)")
                } else {
                    format!("every way to {s} must stop before it (hindering terrain, or a square next to an opposing figure)")
                }
            }
            MoveRefusal::NoPath(s) => {
                if fr {
                    format!("aucun chemin ne mène à {s} (murs, terrain bloquant, élévation ou adversaires)")
                } else {
                    format!("no way leads to {s} (walls, blocking terrain, elevation or opposing figures)")
                }
            }
        }
    }
}

/// The answer to a move query.
pub struct MoveReach<'a> {
    /// Squares the mover may move this action: its speed, halved (rounded up) when it starts in
    /// hindering terrain.
    pub allowance: u32,
    /// True when the allowance was halved for starting in hindering terrain.
    pub halved: bool,
    /// True when the mover starts next to an opposing figure it has not broken away from: it
    /// must succeed a breakaway roll before it moves.
    pub needs_breakaway: bool,
    graph: ClixMoveGraph<'a>,
    reach: Arc<Reach<Square>>,
}

impl MoveReach<'_> {
    /// Every square the move can end on, with its cost, row by row.
    pub fn destinations(&self) -> Vec<(Square, u32)> {
        self.reach.destinations()
    }

    /// True if the move can end on `to`.
    pub fn can_end_at(&self, to: Square) -> bool {
        self.reach.can_end_at(&self.graph, to)
    }

    /// The path of a legal move to `to`, or why there is none.
    pub fn path_to(&self, to: Square) -> Result<Path<Square>, MoveRefusal> {
        if self.can_end_at(to) {
            if let Some(p) = self.reach.path_to(&self.graph, to) {
                return Ok(p);
            }
        }
        Err(self.why_not(to))
    }

    /// The search result itself.
    pub fn raw(&self) -> &Reach<Square> {
        &self.reach
    }

    /// Why the move cannot end on `to`.
    fn why_not(&self, to: Square) -> MoveRefusal {
        let map = self.graph.map;
        let from = self.reach.start();
        let Some(cell) = map.cell(to) else {
            return MoveRefusal::OffMap(to);
        };
        if cell.is_blocking() {
            return MoveRefusal::BlockingTerrain(to);
        }
        if to != from && self.graph.occ(to) != Occ::Empty {
            return MoveRefusal::Occupied(to);
        }
        let unlimited = map.len() as u32;
        if let Some(r) = search(&self.graph, from, unlimited) {
            if let Some(p) = r.path_to(&self.graph, to) {
                return MoveRefusal::TooFar {
                    needs: p.cost,
                    allowance: self.allowance,
                };
            }
        }
        let mut free = self.graph.clone();
        free.ignore_stops = true;
        let Some(r) = search(&free, from, unlimited) else {
            return MoveRefusal::NoPath(to);
        };
        if r.path_to(&free, to).is_some() {
            return MoveRefusal::StopsEarlier(to);
        }
        // Unreachable at any speed: say what stops the last step from any square the mover could
        // get next to.
        for n in to.neighbours() {
            if r.path_to(&free, n).is_some() {
                if let Some(refusal) = self.graph.step_refusal(n, to) {
                    return refusal;
                }
            }
        }
        MoveRefusal::NoPath(to)
    }
}

/// Movement allowance for a figure of speed `speed` starting on `from` (rulebook *Terrain
/// gênant*: its speed is halved, as a replacement value, when it starts in hindering terrain).
pub fn allowance(map: &SquareMap, from: Square, speed: Speed) -> (u32, bool) {
    if map.cell(from).is_some_and(|c| c.hinders_movement()) {
        (speed.hindered, true)
    } else {
        (speed.full, false)
    }
}

/// Every square a move can reach, or why it cannot start.
pub fn reach<'a>(map: &'a SquareMap, query: &MoveQuery<'_>) -> Result<MoveReach<'a>, MoveRefusal> {
    reach_with(map, query, MoveMode::default())
}

/// Every square a move made under a power's movement rules can reach.
pub fn reach_with<'a>(
    map: &'a SquareMap,
    query: &MoveQuery<'_>,
    mode: MoveMode,
) -> Result<MoveReach<'a>, MoveRefusal> {
    let table = MoveTables::for_mode(map, &mode);
    let found = memo::searched(&table, None, query, &mode, || {
        let flags = ClixMoveGraph::overlay(map, &table, query, &mode);
        let graph =
            ClixMoveGraph::assemble(map, query.from, Arc::clone(&table), flags.into(), mode);
        let starts_hindered = graph.hinders(query.from);
        let (allowance, halved) = if starts_hindered && !mode.speed_locked {
            allowance(map, query.from, query.speed)
        } else {
            (query.speed.full, false)
        };
        memo::Searched {
            reach: search(&graph, query.from, allowance).map(Arc::new),
            flags: graph.flags,
            allowance,
            halved,
        }
    });
    let graph = ClixMoveGraph::assemble(map, query.from, table, found.flags, mode);
    let reach = found.reach.ok_or(MoveRefusal::OffMap(query.from))?;
    Ok(MoveReach {
        allowance: found.allowance,
        halved: found.halved,
        needs_breakaway: graph.near_enemy(query.from),
        graph,
        reach,
    })
}

/// The lowest d6 roll that breaks away (HeroClix and HorrorClix *Évasion*: 1 to 3 fails, 4 to 6
/// succeeds).
pub const BREAKAWAY_ROLL: i32 = 4;

/// Whether a breakaway roll of `roll` with `modifier` (from powers) succeeds: [`BREAKAWAY_ROLL`]
/// or more, a 1 always failing and a 6 always succeeding whatever modifies the roll.
pub fn breakaway_succeeds(roll: u8, modifier: i32) -> bool {
    roll != 1 && (roll == 6 || i32::from(roll) + modifier >= BREAKAWAY_ROLL)
}

/// The squares of a base `width`×`depth` whose top-left square is `anchor`.
pub fn footprint(anchor: Square, width: u8, depth: u8) -> Vec<Square> {
    let mut out = Vec::with_capacity(usize::from(width) * usize::from(depth));
    for dy in 0..i32::from(depth.max(1)) {
        for dx in 0..i32::from(width.max(1)) {
            out.push(Square::new(anchor.x + dx, anchor.y + dy));
        }
    }
    out
}

/// Movement of a multi-base figure (rulebook *Déplacer un personnage multi-socle*): the whole
/// base moves one square at a time, each of its squares taking a step a single-base figure
/// could take; it ends where every square of the base may legally be occupied, on one level,
/// with no wall under the base. Positions are the base's top-left square.
#[derive(Clone)]
pub struct MultiBaseGraph<'a> {
    single: ClixMoveGraph<'a>,
    width: u8,
    depth: u8,
    // Per square, the directions in which that one square may step as part of the base (bit d
    // for `Dir::ALL[d]`), worked out on first use: each square belongs to the bases of several
    // anchors, and the rule check is the costly part of a multi-base search.
    square_steps: Vec<std::cell::Cell<u16>>,
    // Per anchor, whether a wall runs under the base there: 0 unknown, 1 no, 2 yes.
    walls_under: Vec<std::cell::Cell<u8>>,
}

/// Marks a worked-out entry of [`MultiBaseGraph::square_steps`].
const STEPS_KNOWN: u16 = 0x100;

impl<'a> MultiBaseGraph<'a> {
    /// Prepares the board for one move of a `width`×`depth` base starting at `query.from`.
    pub fn new(map: &'a SquareMap, query: &MoveQuery<'_>, width: u8, depth: u8) -> Self {
        Self::with_mode(map, query, width, depth, MoveMode::default())
    }

    /// Prepares the board for one move of the base under a power's or ability's movement rules
    /// (a colossal or flying multi-base figure ignores terrain as its abilities say).
    pub fn with_mode(
        map: &'a SquareMap,
        query: &MoveQuery<'_>,
        width: u8,
        depth: u8,
        mode: MoveMode,
    ) -> Self {
        Self::around(ClixMoveGraph::with_mode(map, query, mode), width, depth)
    }

    /// The base's graph over the single-base board of its anchor square.
    fn around(single: ClixMoveGraph<'a>, width: u8, depth: u8) -> Self {
        let n = single.node_count();
        MultiBaseGraph {
            single,
            width,
            depth,
            square_steps: vec![std::cell::Cell::new(0); n],
            walls_under: vec![std::cell::Cell::new(0); n],
        }
    }

    /// The directions in which the square `s` (index `i`) may step as part of the base: a step
    /// a single-base figure could take, keeping its level unless the mover ignores elevation.
    fn square_steps(&self, i: usize, s: Square) -> u16 {
        let known = self.square_steps[i].get();
        if known & STEPS_KNOWN != 0 {
            return known;
        }
        // The single-base mover's own step mask (in `ORDER`), as its search reads it.
        let g = &self.single;
        let steps = if g.flags[i] & DIRTY != 0 {
            g.board().step_mask(i)
        } else {
            g.table.steps[i]
        };
        let mut mask = STEPS_KNOWN;
        for (d, dir) in Dir::ALL.into_iter().enumerate() {
            if steps & (1 << ALL_IN_ORDER[d]) == 0 {
                continue;
            }
            let Some(j) = g.idx(s.step(dir)) else {
                continue;
            };
            // The base keeps one level, except for a mover that ignores elevation: it only
            // ends on one level (`stand_refusal`).
            if g.flags[j] & IMPASSABLE != 0
                || (g.table.levels[i] != g.table.levels[j] && !g.mode.ignore_elevation)
            {
                continue;
            }
            mask |= 1 << d;
        }
        self.square_steps[i].set(mask);
        mask
    }

    /// The squares of the base at `anchor`, row by row (as [`footprint`]), without a list.
    fn base(&self, anchor: Square) -> impl Iterator<Item = Square> {
        let (w, d) = (i32::from(self.width.max(1)), i32::from(self.depth.max(1)));
        (0..d).flat_map(move |dy| (0..w).map(move |dx| Square::new(anchor.x + dx, anchor.y + dy)))
    }

    /// True if `s` is a square of the base at `anchor`.
    fn in_base(&self, anchor: Square, s: Square) -> bool {
        let (w, d) = (i32::from(self.width.max(1)), i32::from(self.depth.max(1)));
        (anchor.x..anchor.x + w).contains(&s.x) && (anchor.y..anchor.y + d).contains(&s.y)
    }

    /// True if an opposing figure is adjacent to any square of the base at `anchor`.
    pub fn near_enemy(&self, anchor: Square) -> bool {
        self.base(anchor).any(|s| self.single.near_enemy(s))
    }

    /// True if the base at `anchor` starts in hindering terrain (any of its squares).
    pub fn in_hindering(&self, anchor: Square) -> bool {
        self.base(anchor).any(|s| self.single.hinders(s))
    }

    /// True if a wall runs between two squares of the base at `anchor`.
    fn wall_under(&self, anchor: Square) -> bool {
        let Some(i) = self.single.idx(anchor) else {
            return self.find_wall_under(anchor);
        };
        match self.walls_under[i].get() {
            1 => false,
            2 => true,
            _ => {
                let under = self.find_wall_under(anchor);
                self.walls_under[i].set(if under { 2 } else { 1 });
                under
            }
        }
    }

    fn find_wall_under(&self, anchor: Square) -> bool {
        self.base(anchor).any(|s| {
            [Dir::E, Dir::S]
                .into_iter()
                .any(|d| self.in_base(anchor, s.step(d)) && self.single.map.wall(s, d))
        })
    }

    /// Why the base cannot stand at `anchor`, if it cannot.
    pub fn stand_refusal(&self, anchor: Square) -> Option<MoveRefusal> {
        let level = self.single.map.level(anchor);
        for s in self.base(anchor) {
            let Some(i) = self.single.idx(s) else {
                return Some(MoveRefusal::OffMap(s));
            };
            // Blocking terrain a mover may cross is never ended on.
            if self.single.flags[i] & (IMPASSABLE | NO_END) != 0 {
                return Some(MoveRefusal::BlockingTerrain(s));
            }
            if self.single.flags[i] & (FRIEND | ENEMY) != 0 {
                return Some(MoveRefusal::Occupied(s));
            }
            if self.single.table.levels[i] != level {
                return Some(MoveRefusal::Elevation {
                    from: anchor,
                    to: s,
                });
            }
            for d in [Dir::E, Dir::S] {
                let t = s.step(d);
                if self.in_base(anchor, t) && self.single.map.wall(s, d) {
                    return Some(MoveRefusal::Wall { from: s, to: t });
                }
            }
        }
        None
    }
}

impl MoveGraph for MultiBaseGraph<'_> {
    type Node = Square;

    fn node_count(&self) -> usize {
        self.single.node_count()
    }

    fn index(&self, node: Square) -> Option<usize> {
        self.single.idx(node)
    }

    fn node(&self, index: usize) -> Square {
        self.single.node(index)
    }

    fn steps(&self, from: Square, out: &mut Vec<Step<Square>>) {
        // Bases are small (at most a few squares a side): kept on the stack, since this runs
        // for every square the search reaches.
        let mut buf = [from; 16];
        let owned: Vec<Square>;
        let old: &[Square] = if usize::from(self.width) * usize::from(self.depth) <= buf.len() {
            let mut n = 0;
            for s in self.base(from) {
                buf[n] = s;
                n += 1;
            }
            &buf[..n]
        } else {
            owned = self.base(from).collect();
            &owned
        };
        // The directions every square of the base may step in.
        let mut common = 0xff_u16;
        for s in old {
            match self.single.idx(*s) {
                Some(i) => common &= self.square_steps(i, *s),
                None => common = 0,
            }
        }
        for (d, dir) in Dir::ALL.into_iter().enumerate() {
            if common & (1 << d) == 0 {
                continue;
            }
            let anchor = from.step(dir);
            let mut ok = true;
            let mut stop = false;
            for s in old {
                let t = s.step(dir);
                let (Some(i), Some(j)) = (self.single.idx(*s), self.single.idx(t)) else {
                    ok = false;
                    break;
                };
                let hinders = self.single.flags[j] & HINDERS != 0;
                let from_hinders = self.single.flags[i] & HINDERS != 0;
                stop |= (hinders && !from_hinders) || self.single.flags[j] & NEAR_ENEMY != 0;
            }
            // The base never changes size while it moves (FAQ *Sentinelles*): no wall may run
            // under it at any point of the move, not only where it ends.
            ok = ok && !self.wall_under(anchor);
            if ok {
                out.push(Step {
                    to: anchor,
                    cost: 1,
                    stop: stop && !self.single.ignore_stops,
                });
            }
        }
    }

    fn can_end(&self, node: Square) -> bool {
        node == self.single.start || self.stand_refusal(node).is_none()
    }

    fn unit_costs(&self) -> bool {
        true
    }
}

/// Every anchor a multi-base figure's move can end on, with its cost and path, or why it
/// cannot move at all. Its allowance is halved when any square of its base is hindering.
pub fn reach_multi(
    map: &SquareMap,
    query: &MoveQuery<'_>,
    width: u8,
    depth: u8,
    mode: MoveMode,
) -> Result<Vec<(Square, Path<Square>)>, MoveRefusal> {
    let (graph, r) =
        multi_search(map, query, width, depth, mode).ok_or(MoveRefusal::OffMap(query.from))?;
    Ok(r.destinations()
        .into_iter()
        .filter_map(|(s, _)| r.path_to(&graph, s).map(|p| (s, p)))
        .collect())
}

/// The search behind a multi-base move: its allowance is halved when any square of the base
/// starts in hindering terrain.
fn multi_search<'a>(
    map: &'a SquareMap,
    query: &MoveQuery<'_>,
    width: u8,
    depth: u8,
    mode: MoveMode,
) -> Option<(MultiBaseGraph<'a>, Arc<Reach<Square>>)> {
    let table = MoveTables::for_mode(map, &mode);
    let base = Some((width, depth));
    let found = memo::searched(&table, base, query, &mode, || {
        let flags = ClixMoveGraph::overlay(map, &table, query, &mode);
        let single =
            ClixMoveGraph::assemble(map, query.from, Arc::clone(&table), flags.into(), mode);
        let graph = MultiBaseGraph::around(single, width, depth);
        let allowance = if graph.in_hindering(query.from) {
            query.speed.hindered
        } else {
            query.speed.full
        };
        memo::Searched {
            reach: search(&graph, query.from, allowance).map(Arc::new),
            flags: graph.single.flags,
            allowance,
            halved: allowance != query.speed.full,
        }
    });
    let single = ClixMoveGraph::assemble(map, query.from, table, found.flags, mode);
    Some((MultiBaseGraph::around(single, width, depth), found.reach?))
}

/// [`reach_multi`] for one destination: the path of the base to the anchor `to`, if its move
/// can end there (one search, one path built).
pub fn reach_multi_to(
    map: &SquareMap,
    query: &MoveQuery<'_>,
    width: u8,
    depth: u8,
    mode: MoveMode,
    to: Square,
) -> Option<Path<Square>> {
    let (graph, r) = multi_search(map, query, width, depth, mode)?;
    r.destinations()
        .iter()
        .any(|(s, _)| *s == to)
        .then(|| r.path_to(&graph, to))
        .flatten()
}

/// [`reach_multi`] without the paths: every anchor the base's move can end on.
pub fn reach_multi_destinations(
    map: &SquareMap,
    query: &MoveQuery<'_>,
    width: u8,
    depth: u8,
    mode: MoveMode,
) -> Vec<Square> {
    multi_search(map, query, width, depth, mode)
        .map(|(_, r)| r.destinations().into_iter().map(|(s, _)| s).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn breakaway_needs_four_a_one_fails_and_a_six_succeeds() {
        let plain: Vec<bool> = (1..=6).map(|r| breakaway_succeeds(r, 0)).collect();
        assert_eq!(plain, [false, false, false, true, true, true]);
        assert!(!breakaway_succeeds(1, 5), "a 1 always fails");
        assert!(breakaway_succeeds(6, -5), "a 6 always succeeds");
        assert!(breakaway_succeeds(3, 1));
        assert!(!breakaway_succeeds(5, -2));
    }

    #[test]
    fn every_direction_has_its_place_in_the_step_order() {
        for (d, dir) in Dir::ALL.into_iter().enumerate() {
            assert_eq!(ORDER[ALL_IN_ORDER[d]], dir);
        }
    }

    #[test]
    fn a_base_covers_width_by_depth_squares_from_its_top_left() {
        let f = footprint(Square::new(2, 3), 2, 1);
        assert_eq!(f, vec![Square::new(2, 3), Square::new(3, 3)]);
        assert_eq!(footprint(Square::new(0, 0), 0, 0), vec![Square::new(0, 0)]);
    }
}
