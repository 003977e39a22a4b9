//! The tile catalogue: every piece a HeroScape battlefield is built from, as Virtualscape type
//! codes (`.hsc` files) and as the web map editor's piece ids (`g24`, `r7`, `w1`, `lp14`, ...),
//! with its shape per rotation, its height in levels and what it is.
//!
//! Sources (facts only, no code copied): Virtualscape's tile classes (`OnRotationChange()` gives
//! each shape, the constructors the heights of castle walls and arches), the map editor's piece
//! table (`src/data/pieces.ts`, `tileTemplates.ts`), and the rulebook where it names a height.
//!
//! **Shapes.** A piece covers its origin hex plus fixed offsets that depend on its rotation.
//! Virtualscape gives them in odd-r offset form relative to an even row; converted to axial
//! offsets (`q - (r - (r & 1)) / 2`, floor parity) they simply add to the origin's axial
//! coordinates: `oddr(x, y) + oddr(dx, dy)` is the hex Virtualscape draws at `(x + dx + (y & dy &
//! 1), y + dy)`. The map editor gives one axial template per piece and turns it clockwise by 60°
//! per rotation step about the origin.
//!
//! **Heights.** A land tile is one level thick. Thin tiles (water, molten lava, ice, shadow,
//! swamp water) occupy one level too but *add no height*: a figure stands in them at their bottom
//! level (*Se déplacer dans l'eau*). Obstacles with a number in their name are that many levels
//! tall (tree 10, palm 14, brush 9). The editor gives glaciers, outcrops and the hive as the room
//! they take *above* their base hex (glacier 1-hex: 7, "even though it spans 8 in reality"), so
//! their height here is that number plus one. Ruins are 6 levels, the height the rulebook gives
//! (*une ruine a une hauteur de 6*). Castle walls are 9 levels and arches 10 (Virtualscape's
//! `m_Height`); the opening under an arch is taken as 8 levels (the lintel as 2): no source gives
//! it. Battlements are 5 (the Fortress rulebook's example 8, quoted by the editor), ladders 2 per
//! piece (both programs stack them two levels apart), road walls 3 and flags 4 (an estimate).

use skirmish_board::hex::Hex;

use super::{Ground, Level, Obstacle};

/// Axial offsets of a piece's hexes from its origin, one list per rotation 0 to 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape([&'static [(i8, i8)]; 6]);

impl Shape {
    /// The offsets at `rotation` (taken modulo 6).
    pub fn offsets(&self, rotation: u8) -> &'static [(i8, i8)] {
        self.0[usize::from(rotation % 6)]
    }

    /// The hexes a piece with its origin at `origin` covers at `rotation`.
    pub fn hexes(&self, origin: Hex, rotation: u8) -> Vec<Hex> {
        self.offsets(rotation)
            .iter()
            .map(|&(q, r)| origin + Hex::new(i32::from(q), i32::from(r)))
            .collect()
    }

    /// How many hexes the piece covers.
    pub fn len(&self) -> usize {
        self.0[0].len()
    }

    /// Whether the shape has no hex (never, for catalogue shapes).
    pub fn is_empty(&self) -> bool {
        self.0[0].is_empty()
    }
}

/// One axial template turned clockwise by 60° per rotation step, as the map editor does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Template(pub &'static [(i8, i8)]);

impl Template {
    /// The hexes covered with the template's origin at `origin`, turned `rotation` steps clockwise.
    pub fn hexes(&self, origin: Hex, rotation: u8) -> Vec<Hex> {
        self.0
            .iter()
            .map(|&(q, r)| {
                let (mut q, mut r) = (i32::from(q), i32::from(r));
                for _ in 0..rotation % 6 {
                    // (q, r, s) -> (-r, -s, -q): one step clockwise on screen.
                    let s = -q - r;
                    (q, r) = (-r, -s);
                }
                origin + Hex::new(q, r)
            })
            .collect()
    }

    /// How many hexes the piece covers.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the template has no hex.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// What a piece is, which decides how it fills the columns of its hexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Solid land or a solid castle piece: figures stand on top.
    Land(Ground),
    /// A thin tile that adds no height (water, molten lava, ice, shadow, swamp water): figures
    /// stand in it, at its bottom level.
    Thin(Ground),
    /// A tall solid piece figures may climb and stand on (glacier, outcrop, hive).
    Raised(Ground),
    /// A piece nobody enters, filling its hexes (trees, palms, brush, ruins, pillars).
    Obstacle(Obstacle),
    /// A castle arch or door: its two end hexes are solid for the whole height; the middle hex
    /// is open from the bottom up to `gap` levels, then solid (the lintel).
    Arch {
        /// Levels of opening under the lintel.
        gap: Level,
    },
    /// A piece standing on a hex *edge* rather than filling hexes (battlements, ladders, flags,
    /// road walls): kept beside the columns, see [`super::EdgePiece`].
    Edge(Obstacle),
    /// A glyph lying on the ground.
    Glyph,
    /// A start-area marker (Virtualscape): the hex belongs to a player's start zone.
    StartArea,
    /// A figure placed on the map (Virtualscape's figure tiles): not terrain.
    Figure,
}

/// A piece of the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Its name, in English.
    pub name: &'static str,
    /// What it is.
    pub role: Role,
    /// Its height in levels (1 for tiles; 0 for glyphs, start areas and figures).
    pub height: Level,
}

const fn piece(name: &'static str, role: Role, height: Level) -> Piece {
    Piece { name, role, height }
}

const VS_ONE: Shape = Shape([
    &[(0, 0)],
    &[(0, 0)],
    &[(0, 0)],
    &[(0, 0)],
    &[(0, 0)],
    &[(0, 0)],
]);
const VS_TWO: Shape = Shape([
    &[(0, 0), (1, 0)],
    &[(0, 0), (0, 1)],
    &[(0, 0), (-1, 1)],
    &[(0, 0), (1, 0)],
    &[(0, 0), (0, 1)],
    &[(0, 0), (-1, 1)],
]);
const VS_THREE: Shape = Shape([
    &[(0, 0), (1, 0), (0, 1)],
    &[(0, 0), (-1, 1), (0, 1)],
    &[(0, 0), (1, 0), (0, 1)],
    &[(0, 0), (-1, 1), (0, 1)],
    &[(0, 0), (1, 0), (0, 1)],
    &[(0, 0), (-1, 1), (0, 1)],
]);
const VS_SEVEN: Shape = Shape([
    &[(0, 0), (1, 0), (-1, 1), (0, 1), (1, 1), (-1, 2), (0, 2)],
    &[(0, 0), (1, 0), (-1, 1), (0, 1), (1, 1), (-1, 2), (0, 2)],
    &[(0, 0), (1, 0), (-1, 1), (0, 1), (1, 1), (-1, 2), (0, 2)],
    &[(0, 0), (1, 0), (-1, 1), (0, 1), (1, 1), (-1, 2), (0, 2)],
    &[(0, 0), (1, 0), (-1, 1), (0, 1), (1, 1), (-1, 2), (0, 2)],
    &[(0, 0), (1, 0), (-1, 1), (0, 1), (1, 1), (-1, 2), (0, 2)],
]);
const VS_TWENTY_FOUR: Shape = Shape([
    &[
        (0, 0),
        (1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
        (-1, 2),
        (0, 2),
        (1, 2),
        (-2, 3),
        (-1, 3),
        (0, 3),
        (1, 3),
        (2, 3),
        (-2, 4),
        (-1, 4),
        (0, 4),
        (1, 4),
        (2, 4),
        (-3, 5),
        (-2, 5),
        (-1, 5),
        (0, 5),
        (1, 5),
        (2, 5),
    ],
    &[
        (0, 0),
        (1, 0),
        (-2, 1),
        (-1, 1),
        (0, 1),
        (1, 1),
        (-4, 2),
        (-3, 2),
        (-2, 2),
        (-1, 2),
        (0, 2),
        (-4, 3),
        (-3, 3),
        (-2, 3),
        (-1, 3),
        (-4, 4),
        (-3, 4),
        (-2, 4),
        (-4, 5),
        (-3, 5),
        (-2, 5),
        (-4, 6),
        (-3, 6),
        (-4, 7),
    ],
    &[
        (0, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
        (-2, 2),
        (-1, 2),
        (0, 2),
        (1, 2),
        (2, 2),
        (-3, 3),
        (-2, 3),
        (-1, 3),
        (0, 3),
        (1, 3),
        (2, 3),
        (-4, 4),
        (-3, 4),
        (-2, 4),
        (-1, 4),
        (0, 4),
        (1, 4),
        (-5, 5),
        (-4, 5),
        (-3, 5),
    ],
    &[
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 0),
        (4, 0),
        (5, 0),
        (0, 1),
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
        (0, 2),
        (1, 2),
        (2, 2),
        (3, 2),
        (4, 2),
        (1, 3),
        (2, 3),
        (3, 3),
        (1, 4),
        (2, 4),
        (3, 4),
        (1, 5),
        (2, 5),
    ],
    &[
        (0, 0),
        (-1, 1),
        (0, 1),
        (-2, 2),
        (-1, 2),
        (0, 2),
        (-2, 3),
        (-1, 3),
        (0, 3),
        (-3, 4),
        (-2, 4),
        (-1, 4),
        (0, 4),
        (-4, 5),
        (-3, 5),
        (-2, 5),
        (-1, 5),
        (0, 5),
        (-5, 6),
        (-4, 6),
        (-3, 6),
        (-2, 6),
        (-5, 7),
        (-4, 7),
    ],
    &[
        (0, 0),
        (1, 0),
        (2, 0),
        (-4, 1),
        (-3, 1),
        (-2, 1),
        (-1, 1),
        (0, 1),
        (1, 1),
        (-5, 2),
        (-4, 2),
        (-3, 2),
        (-2, 2),
        (-1, 2),
        (0, 2),
        (-5, 3),
        (-4, 3),
        (-3, 3),
        (-2, 3),
        (-1, 3),
        (-4, 4),
        (-3, 4),
        (-2, 4),
        (-3, 5),
    ],
]);
const VS_STRAIGHT_FIVE: Shape = Shape([
    &[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    &[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
    &[(0, 0), (-1, 1), (-2, 2), (-3, 3), (-4, 4)],
    &[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    &[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
    &[(0, 0), (-1, 1), (-2, 2), (-3, 3), (-4, 4)],
]);
const VS_FOUR: Shape = Shape([
    &[(0, 0), (1, 0), (0, 1), (1, 1)],
    &[(0, 0), (-1, 1), (0, 1), (-1, 2)],
    &[(0, 0), (1, 0), (-1, 1), (0, 1)],
    &[(0, 0), (1, 0), (0, 1), (1, 1)],
    &[(0, 0), (-1, 1), (0, 1), (-1, 2)],
    &[(0, 0), (1, 0), (-1, 1), (0, 1)],
]);
const VS_STRAIGHT_THREE: Shape = Shape([
    &[(0, 0), (1, 0), (2, 0)],
    &[(0, 0), (0, 1), (0, 2)],
    &[(0, 0), (-1, 1), (-2, 2)],
    &[(0, 0), (1, 0), (2, 0)],
    &[(0, 0), (0, 1), (0, 2)],
    &[(0, 0), (-1, 1), (-2, 2)],
]);
const VS_MARVEL_SIX: Shape = Shape([
    &[(0, 0), (1, 0), (0, 1), (1, 1), (2, 1), (3, 1)],
    &[(0, 0), (-1, 1), (0, 1), (-1, 2), (-1, 3), (-1, 4)],
    &[(0, 0), (1, 0), (-1, 1), (0, 1), (-2, 2), (-3, 3)],
    &[(0, 0), (1, 0), (2, 0), (3, 0), (2, 1), (3, 1)],
    &[(0, 0), (0, 1), (0, 2), (-1, 3), (0, 3), (-1, 4)],
    &[(0, 0), (-1, 1), (-3, 2), (-2, 2), (-4, 3), (-3, 3)],
]);
const VS_STRAIGHT_FOUR: Shape = Shape([
    &[(0, 0), (1, 0), (2, 0), (3, 0)],
    &[(0, 0), (0, 1), (0, 2), (0, 3)],
    &[(0, 0), (-1, 1), (-2, 2), (-3, 3)],
    &[(0, 0), (1, 0), (2, 0), (3, 0)],
    &[(0, 0), (0, 1), (0, 2), (0, 3)],
    &[(0, 0), (-1, 1), (-2, 2), (-3, 3)],
]);
const VS_SIX: Shape = Shape([
    &[(0, 0), (1, 0), (2, 0), (-1, 1), (0, 1), (1, 1)],
    &[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)],
    &[(0, 0), (-1, 1), (0, 1), (-2, 2), (-1, 2), (-2, 3)],
    &[(0, 0), (1, 0), (2, 0), (-1, 1), (0, 1), (1, 1)],
    &[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)],
    &[(0, 0), (-1, 1), (0, 1), (-2, 2), (-1, 2), (-2, 3)],
]);
const VS_WALL_WALK_SEVEN: Shape = Shape([
    &[(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1)],
    &[(0, 0), (-1, 1), (0, 1), (-1, 2), (0, 2), (-1, 3), (0, 3)],
    &[(0, 0), (1, 0), (-1, 1), (0, 1), (-2, 2), (-1, 2), (-2, 3)],
    &[(0, 0), (1, 0), (2, 0), (-1, 1), (0, 1), (1, 1), (2, 1)],
    &[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2), (0, 3)],
    &[(0, 0), (-1, 1), (0, 1), (-2, 2), (-1, 2), (-3, 3), (-2, 3)],
]);
const VS_WALL_WALK_NINE: Shape = Shape([
    &[
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 0),
        (4, 0),
        (0, 1),
        (1, 1),
        (2, 1),
        (3, 1),
    ],
    &[
        (0, 0),
        (-1, 1),
        (0, 1),
        (-1, 2),
        (0, 2),
        (-1, 3),
        (0, 3),
        (-1, 4),
        (0, 4),
    ],
    &[
        (0, 0),
        (1, 0),
        (-1, 1),
        (0, 1),
        (-2, 2),
        (-1, 2),
        (-2, 3),
        (-3, 3),
        (-3, 4),
    ],
    &[
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
        (2, 1),
        (3, 1),
    ],
    &[
        (0, 0),
        (1, 0),
        (0, 1),
        (1, 1),
        (0, 2),
        (1, 2),
        (0, 3),
        (1, 3),
        (0, 4),
    ],
    &[
        (0, 0),
        (-1, 1),
        (0, 1),
        (-2, 2),
        (-1, 2),
        (-3, 3),
        (-2, 3),
        (-4, 4),
        (-3, 4),
    ],
]);

/// Every Virtualscape type code but glyphs (`14000 + letter`) and custom tiles (17000), with
/// its piece and shape.
pub const VIRTUALSCAPE: &[(i32, Piece, Shape)] = &[
    (
        1001,
        piece("grass 1-hex", Role::Land(Ground::Grass), 1),
        VS_ONE,
    ),
    (
        1002,
        piece("grass 2-hex", Role::Land(Ground::Grass), 1),
        VS_TWO,
    ),
    (
        1003,
        piece("grass 3-hex", Role::Land(Ground::Grass), 1),
        VS_THREE,
    ),
    (
        1007,
        piece("grass 7-hex", Role::Land(Ground::Grass), 1),
        VS_SEVEN,
    ),
    (
        1024,
        piece("grass 24-hex", Role::Land(Ground::Grass), 1),
        VS_TWENTY_FOUR,
    ),
    (
        2001,
        piece("rock 1-hex", Role::Land(Ground::Rock), 1),
        VS_ONE,
    ),
    (
        2002,
        piece("rock 2-hex", Role::Land(Ground::Rock), 1),
        VS_TWO,
    ),
    (
        2003,
        piece("rock 3-hex", Role::Land(Ground::Rock), 1),
        VS_THREE,
    ),
    (
        2007,
        piece("rock 7-hex", Role::Land(Ground::Rock), 1),
        VS_SEVEN,
    ),
    (
        2024,
        piece("rock 24-hex", Role::Land(Ground::Rock), 1),
        VS_TWENTY_FOUR,
    ),
    (
        3001,
        piece("sand 1-hex", Role::Land(Ground::Sand), 1),
        VS_ONE,
    ),
    (
        3002,
        piece("sand 2-hex", Role::Land(Ground::Sand), 1),
        VS_TWO,
    ),
    (
        3003,
        piece("sand 3-hex", Role::Land(Ground::Sand), 1),
        VS_THREE,
    ),
    (
        3007,
        piece("sand 7-hex", Role::Land(Ground::Sand), 1),
        VS_SEVEN,
    ),
    (
        4001,
        piece("water 1-hex", Role::Thin(Ground::Water), 1),
        VS_ONE,
    ),
    (
        4002,
        piece("water 1-hex (counted as two)", Role::Thin(Ground::Water), 1),
        VS_ONE,
    ),
    (5001, piece("ice 1-hex", Role::Thin(Ground::Ice), 1), VS_ONE),
    (
        6001,
        piece("molten lava 1-hex", Role::Thin(Ground::Lava), 1),
        VS_ONE,
    ),
    (
        7001,
        piece("lava field 1-hex", Role::Land(Ground::LavaField), 1),
        VS_ONE,
    ),
    (
        7002,
        piece("lava field 2-hex", Role::Land(Ground::LavaField), 1),
        VS_TWO,
    ),
    (
        7007,
        piece("lava field 7-hex", Role::Land(Ground::LavaField), 1),
        VS_SEVEN,
    ),
    (
        8001,
        piece("road 1-hex", Role::Land(Ground::Road), 1),
        VS_ONE,
    ),
    (
        8002,
        piece("road 2-hex", Role::Land(Ground::Road), 1),
        VS_TWO,
    ),
    (
        8005,
        piece("road 5-hex", Role::Land(Ground::Road), 1),
        VS_STRAIGHT_FIVE,
    ),
    (
        9001,
        piece("snow 1-hex", Role::Land(Ground::Snow), 1),
        VS_ONE,
    ),
    (
        9002,
        piece("snow 2-hex", Role::Land(Ground::Snow), 1),
        VS_TWO,
    ),
    (
        10004,
        piece("big tree (4 hexes)", Role::Obstacle(Obstacle::Tree), 15),
        VS_FOUR,
    ),
    (
        10011,
        piece("tree 10", Role::Obstacle(Obstacle::Tree), 10),
        VS_ONE,
    ),
    (
        10012,
        piece("tree 11", Role::Obstacle(Obstacle::Tree), 11),
        VS_ONE,
    ),
    (
        10013,
        piece("tree 12", Role::Obstacle(Obstacle::Tree), 12),
        VS_ONE,
    ),
    (
        11002,
        piece("ruin 2-hex", Role::Obstacle(Obstacle::Ruin), 6),
        VS_TWO,
    ),
    (
        11003,
        piece("ruin 3-hex", Role::Obstacle(Obstacle::Ruin), 6),
        VS_STRAIGHT_THREE,
    ),
    (
        11006,
        piece("warehouse wall", Role::Obstacle(Obstacle::Ruin), 9),
        VS_MARVEL_SIX,
    ),
    (
        11007,
        piece("broken warehouse wall", Role::Obstacle(Obstacle::Ruin), 9),
        VS_MARVEL_SIX,
    ),
    (
        12004,
        piece("road wall", Role::Edge(Obstacle::RoadWall), 3),
        VS_STRAIGHT_FOUR,
    ),
    (
        13001,
        piece("glacier 1-hex", Role::Raised(Ground::Glacier), 8),
        VS_ONE,
    ),
    (
        13003,
        piece("glacier 3-hex", Role::Raised(Ground::Glacier), 10),
        VS_THREE,
    ),
    (
        13004,
        piece("glacier 4-hex", Role::Raised(Ground::Glacier), 9),
        VS_FOUR,
    ),
    (
        13006,
        piece("glacier 6-hex", Role::Raised(Ground::Glacier), 17),
        VS_SIX,
    ),
    (14001, piece("unknown glyph", Role::Glyph, 0), VS_ONE),
    (15001, piece("start area", Role::StartArea, 0), VS_ONE),
    (
        16001,
        piece("castle wall-walk 1-hex", Role::Land(Ground::Castle), 1),
        VS_ONE,
    ),
    (
        16007,
        piece("castle wall-walk 7-hex", Role::Land(Ground::Castle), 1),
        VS_WALL_WALK_SEVEN,
    ),
    (
        16009,
        piece("castle wall-walk 9-hex", Role::Land(Ground::Castle), 1),
        VS_WALL_WALK_NINE,
    ),
    (
        16101,
        piece("castle base corner", Role::Land(Ground::Castle), 1),
        VS_ONE,
    ),
    (
        16102,
        piece("castle base straight", Role::Land(Ground::Castle), 1),
        VS_ONE,
    ),
    (
        16103,
        piece("castle base end", Role::Land(Ground::Castle), 1),
        VS_ONE,
    ),
    (
        16201,
        piece("castle wall corner", Role::Land(Ground::Castle), 9),
        VS_ONE,
    ),
    (
        16202,
        piece("castle wall straight", Role::Land(Ground::Castle), 9),
        VS_ONE,
    ),
    (
        16203,
        piece("castle wall end", Role::Land(Ground::Castle), 9),
        VS_ONE,
    ),
    (
        16301,
        piece("castle battlement", Role::Edge(Obstacle::Battlement), 5),
        VS_ONE,
    ),
    (
        16401,
        piece("castle door", Role::Arch { gap: 8 }, 10),
        VS_STRAIGHT_THREE,
    ),
    (
        16402,
        piece("castle ladder", Role::Edge(Obstacle::Ladder), 2),
        VS_ONE,
    ),
    (
        16403,
        piece("castle flag", Role::Edge(Obstacle::Flag), 4),
        VS_ONE,
    ),
    (
        16404,
        piece("castle arch", Role::Arch { gap: 8 }, 10),
        VS_STRAIGHT_THREE,
    ),
    (18001, piece("figure (1 hex)", Role::Figure, 0), VS_ONE),
    (18002, piece("figure (2 hexes)", Role::Figure, 0), VS_TWO),
    (
        19001,
        piece("swamp water 1-hex", Role::Thin(Ground::SwampWater), 1),
        VS_ONE,
    ),
    (
        20001,
        piece("swamp 1-hex", Role::Land(Ground::Swamp), 1),
        VS_ONE,
    ),
    (
        20002,
        piece("swamp 2-hex", Role::Land(Ground::Swamp), 1),
        VS_TWO,
    ),
    (
        20003,
        piece("swamp 3-hex", Role::Land(Ground::Swamp), 1),
        VS_THREE,
    ),
    (
        20007,
        piece("swamp 7-hex", Role::Land(Ground::Swamp), 1),
        VS_SEVEN,
    ),
    (
        20024,
        piece("swamp 24-hex", Role::Land(Ground::Swamp), 1),
        VS_TWENTY_FOUR,
    ),
    (
        21001,
        piece("concrete 1-hex", Role::Land(Ground::Concrete), 1),
        VS_ONE,
    ),
    (
        21002,
        piece("concrete 2-hex", Role::Land(Ground::Concrete), 1),
        VS_TWO,
    ),
    (
        21007,
        piece("concrete 7-hex", Role::Land(Ground::Concrete), 1),
        VS_SEVEN,
    ),
    (
        22001,
        piece("asphalt 1-hex", Role::Land(Ground::Asphalt), 1),
        VS_ONE,
    ),
    (
        22002,
        piece("asphalt 2-hex", Role::Land(Ground::Asphalt), 1),
        VS_TWO,
    ),
    (
        22007,
        piece("asphalt 7-hex", Role::Land(Ground::Asphalt), 1),
        VS_SEVEN,
    ),
    (
        23006,
        piece("Marro hive", Role::Raised(Ground::Hive), 17),
        VS_SIX,
    ),
    (
        24001,
        piece("palm 15 (older code)", Role::Obstacle(Obstacle::Palm), 15),
        VS_ONE,
    ),
    (
        24002,
        piece("jungle brush", Role::Obstacle(Obstacle::Brush), 9),
        VS_ONE,
    ),
    (
        24014,
        piece("palm 14", Role::Obstacle(Obstacle::Palm), 14),
        VS_ONE,
    ),
    (
        24015,
        piece("palm 15", Role::Obstacle(Obstacle::Palm), 15),
        VS_ONE,
    ),
    (
        24016,
        piece("palm 16", Role::Obstacle(Obstacle::Palm), 16),
        VS_ONE,
    ),
    (
        25001,
        piece("shadow 1-hex", Role::Thin(Ground::Shadow), 1),
        VS_ONE,
    ),
    (
        25002,
        piece(
            "shadow 1-hex (counted as two)",
            Role::Thin(Ground::Shadow),
            1,
        ),
        VS_ONE,
    ),
    (
        26001,
        piece("dungeon 1-hex", Role::Land(Ground::Dungeon), 1),
        VS_ONE,
    ),
    (
        26002,
        piece("dungeon 2-hex", Role::Land(Ground::Dungeon), 1),
        VS_TWO,
    ),
    (
        26003,
        piece("dungeon 3-hex", Role::Land(Ground::Dungeon), 1),
        VS_THREE,
    ),
    (
        26007,
        piece("dungeon 7-hex", Role::Land(Ground::Dungeon), 1),
        VS_SEVEN,
    ),
    (
        26024,
        piece("dungeon 24-hex", Role::Land(Ground::Dungeon), 1),
        VS_TWENTY_FOUR,
    ),
    (
        27001,
        piece("outcrop 1-hex", Role::Raised(Ground::Outcrop), 7),
        VS_ONE,
    ),
    (
        27003,
        piece("outcrop 3-hex", Role::Raised(Ground::Outcrop), 9),
        VS_THREE,
    ),
];

/// Every piece id of the map editor, with its piece and template.
pub const EDITOR: &[(&str, Piece, Template)] = &[
    (
        "g1",
        piece("grass 1-hex", Role::Land(Ground::Grass), 1),
        ED_ONE,
    ),
    (
        "g2",
        piece("grass 2-hex", Role::Land(Ground::Grass), 1),
        ED_TWO,
    ),
    (
        "g3",
        piece("grass 3-hex", Role::Land(Ground::Grass), 1),
        ED_THREE,
    ),
    (
        "g7",
        piece("grass 7-hex", Role::Land(Ground::Grass), 1),
        ED_SEVEN,
    ),
    (
        "g24",
        piece("grass 24-hex", Role::Land(Ground::Grass), 1),
        ED_TWENTY_FOUR,
    ),
    (
        "r1",
        piece("rock 1-hex", Role::Land(Ground::Rock), 1),
        ED_ONE,
    ),
    (
        "r2",
        piece("rock 2-hex", Role::Land(Ground::Rock), 1),
        ED_TWO,
    ),
    (
        "r3",
        piece("rock 3-hex", Role::Land(Ground::Rock), 1),
        ED_THREE,
    ),
    (
        "r7",
        piece("rock 7-hex", Role::Land(Ground::Rock), 1),
        ED_SEVEN,
    ),
    (
        "r24",
        piece("rock 24-hex", Role::Land(Ground::Rock), 1),
        ED_TWENTY_FOUR,
    ),
    (
        "s1",
        piece("sand 1-hex", Role::Land(Ground::Sand), 1),
        ED_ONE,
    ),
    (
        "s2",
        piece("sand 2-hex", Role::Land(Ground::Sand), 1),
        ED_TWO,
    ),
    (
        "s3",
        piece("sand 3-hex", Role::Land(Ground::Sand), 1),
        ED_THREE,
    ),
    (
        "s7",
        piece("sand 7-hex", Role::Land(Ground::Sand), 1),
        ED_SEVEN,
    ),
    (
        "s24",
        piece("sand 24-hex", Role::Land(Ground::Sand), 1),
        ED_TWENTY_FOUR,
    ),
    (
        "d1",
        piece("dungeon 1-hex", Role::Land(Ground::Dungeon), 1),
        ED_ONE,
    ),
    (
        "d2",
        piece("dungeon 2-hex", Role::Land(Ground::Dungeon), 1),
        ED_TWO,
    ),
    (
        "d3",
        piece("dungeon 3-hex", Role::Land(Ground::Dungeon), 1),
        ED_THREE,
    ),
    (
        "d7",
        piece("dungeon 7-hex", Role::Land(Ground::Dungeon), 1),
        ED_SEVEN,
    ),
    (
        "d24",
        piece("dungeon 24-hex", Role::Land(Ground::Dungeon), 1),
        ED_TWENTY_FOUR,
    ),
    (
        "sw1",
        piece("swamp 1-hex", Role::Land(Ground::Swamp), 1),
        ED_ONE,
    ),
    (
        "sw2",
        piece("swamp 2-hex", Role::Land(Ground::Swamp), 1),
        ED_TWO,
    ),
    (
        "sw3",
        piece("swamp 3-hex", Role::Land(Ground::Swamp), 1),
        ED_THREE,
    ),
    (
        "sw7",
        piece("swamp 7-hex", Role::Land(Ground::Swamp), 1),
        ED_SEVEN,
    ),
    (
        "sw24",
        piece("swamp 24-hex", Role::Land(Ground::Swamp), 1),
        ED_TWENTY_FOUR,
    ),
    (
        "sn1",
        piece("snow 1-hex", Role::Land(Ground::Snow), 1),
        ED_ONE,
    ),
    (
        "sn2",
        piece("snow 2-hex", Role::Land(Ground::Snow), 1),
        ED_TWO,
    ),
    (
        "sn3",
        piece("snow 3-hex", Role::Land(Ground::Snow), 1),
        ED_THREE,
    ),
    (
        "sn7",
        piece("snow 7-hex", Role::Land(Ground::Snow), 1),
        ED_SEVEN,
    ),
    (
        "sn24",
        piece("snow 24-hex", Role::Land(Ground::Snow), 1),
        ED_TWENTY_FOUR,
    ),
    (
        "lf1",
        piece("lava field 1-hex", Role::Land(Ground::LavaField), 1),
        ED_ONE,
    ),
    (
        "lf2",
        piece("lava field 2-hex", Role::Land(Ground::LavaField), 1),
        ED_TWO,
    ),
    (
        "lf7",
        piece("lava field 7-hex", Role::Land(Ground::LavaField), 1),
        ED_SEVEN,
    ),
    (
        "a1",
        piece("asphalt 1-hex", Role::Land(Ground::Asphalt), 1),
        ED_ONE,
    ),
    (
        "a2",
        piece("asphalt 2-hex", Role::Land(Ground::Asphalt), 1),
        ED_TWO,
    ),
    (
        "a7",
        piece("asphalt 7-hex", Role::Land(Ground::Asphalt), 1),
        ED_SEVEN,
    ),
    (
        "c1",
        piece("concrete 1-hex", Role::Land(Ground::Concrete), 1),
        ED_ONE,
    ),
    (
        "c2",
        piece("concrete 2-hex", Role::Land(Ground::Concrete), 1),
        ED_TWO,
    ),
    (
        "c7",
        piece("concrete 7-hex", Role::Land(Ground::Concrete), 1),
        ED_SEVEN,
    ),
    (
        "rd1",
        piece("road 1-hex", Role::Land(Ground::Road), 1),
        ED_ONE,
    ),
    (
        "rd2",
        piece("road 2-hex", Role::Land(Ground::Road), 1),
        ED_TWO,
    ),
    (
        "rd5",
        piece("road 5-hex", Role::Land(Ground::Road), 1),
        ED_STRAIGHT_FIVE,
    ),
    (
        "ww1",
        piece("wellspring water 1-hex", Role::Thin(Ground::Water), 1),
        ED_ONE,
    ),
    (
        "w1",
        piece("water 1-hex", Role::Thin(Ground::Water), 1),
        ED_ONE,
    ),
    (
        "w3",
        piece("water 3-hex", Role::Thin(Ground::Water), 1),
        ED_THREE,
    ),
    (
        "l1",
        piece("molten lava 1-hex", Role::Thin(Ground::Lava), 1),
        ED_ONE,
    ),
    (
        "ws1",
        piece("swamp water 1-hex", Role::Thin(Ground::SwampWater), 1),
        ED_ONE,
    ),
    (
        "ws3",
        piece("swamp water 3-hex", Role::Thin(Ground::SwampWater), 1),
        ED_THREE,
    ),
    (
        "ws6",
        piece("swamp water 6-hex", Role::Thin(Ground::SwampWater), 1),
        ED_SIX,
    ),
    ("i1", piece("ice 1-hex", Role::Thin(Ground::Ice), 1), ED_ONE),
    (
        "i3",
        piece("ice 3-hex", Role::Thin(Ground::Ice), 1),
        ED_THREE,
    ),
    (
        "i4",
        piece("ice 4-hex", Role::Thin(Ground::Ice), 1),
        ED_FOUR,
    ),
    ("i6", piece("ice 6-hex", Role::Thin(Ground::Ice), 1), ED_SIX),
    (
        "sh1",
        piece("shadow 1-hex", Role::Thin(Ground::Shadow), 1),
        ED_ONE,
    ),
    (
        "sh3",
        piece("shadow 3-hex", Role::Thin(Ground::Shadow), 1),
        ED_THREE,
    ),
    (
        "tr10",
        piece("tree 10", Role::Obstacle(Obstacle::Tree), 10),
        ED_ONE,
    ),
    (
        "tr11",
        piece("tree 11", Role::Obstacle(Obstacle::Tree), 11),
        ED_ONE,
    ),
    (
        "tr12",
        piece("tree 12", Role::Obstacle(Obstacle::Tree), 12),
        ED_ONE,
    ),
    (
        "tr15",
        piece("big tree (4 hexes)", Role::Obstacle(Obstacle::Tree), 15),
        ED_FOUR,
    ),
    (
        "str10",
        piece("snow tree 10", Role::Obstacle(Obstacle::Tree), 10),
        ED_ONE,
    ),
    (
        "str12",
        piece("snow tree 12", Role::Obstacle(Obstacle::Tree), 12),
        ED_ONE,
    ),
    (
        "tp14",
        piece("palm 14", Role::Obstacle(Obstacle::Palm), 14),
        ED_ONE,
    ),
    (
        "tp15",
        piece("palm 15", Role::Obstacle(Obstacle::Palm), 15),
        ED_ONE,
    ),
    (
        "tp16",
        piece("palm 16", Role::Obstacle(Obstacle::Palm), 16),
        ED_ONE,
    ),
    (
        "tb9",
        piece("jungle brush 9", Role::Obstacle(Obstacle::Brush), 9),
        ED_ONE,
    ),
    (
        "sb10",
        piece("swamp brush 10", Role::Obstacle(Obstacle::Brush), 10),
        ED_ONE,
    ),
    (
        "lp13",
        piece("Laur palm 13", Role::Obstacle(Obstacle::Palm), 13),
        ED_ONE,
    ),
    (
        "lp14",
        piece("Laur palm 14", Role::Obstacle(Obstacle::Palm), 14),
        ED_ONE,
    ),
    (
        "lp15",
        piece("Laur palm 15", Role::Obstacle(Obstacle::Palm), 15),
        ED_ONE,
    ),
    (
        "lb10",
        piece("Laur brush 10", Role::Obstacle(Obstacle::Brush), 10),
        ED_ONE,
    ),
    (
        "o1",
        piece("outcrop 1-hex", Role::Raised(Ground::Outcrop), 7),
        ED_ONE,
    ),
    (
        "o3",
        piece("outcrop 3-hex", Role::Raised(Ground::Outcrop), 9),
        ED_THREE,
    ),
    (
        "og1",
        piece("glacier 1-hex", Role::Raised(Ground::Glacier), 8),
        ED_ONE,
    ),
    (
        "og3",
        piece("glacier 3-hex", Role::Raised(Ground::Glacier), 10),
        ED_THREE,
    ),
    (
        "og4",
        piece("glacier 4-hex", Role::Raised(Ground::Glacier), 9),
        ED_FOUR,
    ),
    (
        "og6",
        piece("glacier 6-hex", Role::Raised(Ground::Glacier), 17),
        ED_SIX,
    ),
    (
        "h",
        piece("Marro hive", Role::Raised(Ground::Hive), 17),
        ED_SIX,
    ),
    (
        "rs2",
        piece("ruin 2-hex", Role::Obstacle(Obstacle::Ruin), 6),
        ED_TWO,
    ),
    (
        "rs3",
        piece("ruin 3-hex", Role::Obstacle(Obstacle::Ruin), 6),
        ED_STRAIGHT_THREE,
    ),
    (
        "rm",
        piece("warehouse wall", Role::Obstacle(Obstacle::Ruin), 9),
        ED_MARVEL_SIX,
    ),
    (
        "rmb",
        piece("broken warehouse wall", Role::Obstacle(Obstacle::Ruin), 9),
        ED_MARVEL_SIX,
    ),
    (
        "lwp",
        piece("Laur wall pillar", Role::Obstacle(Obstacle::Other), 10),
        ED_ONE,
    ),
    (
        "lws",
        piece("Laur wall (short)", Role::Edge(Obstacle::Other), 10),
        ED_ONE,
    ),
    (
        "lwl",
        piece("Laur wall (long)", Role::Edge(Obstacle::Other), 10),
        ED_ONE,
    ),
    (
        "lwr",
        piece("Laur wall (ruined)", Role::Edge(Obstacle::Other), 10),
        ED_ONE,
    ),
    (
        "cg1",
        piece("castle wall-walk 1-hex", Role::Land(Ground::Castle), 1),
        ED_ONE,
    ),
    (
        "cg7",
        piece("castle wall-walk 7-hex", Role::Land(Ground::Castle), 1),
        ED_WALL_WALK_SEVEN,
    ),
    (
        "cg9",
        piece("castle wall-walk 9-hex", Role::Land(Ground::Castle), 1),
        ED_WALL_WALK_NINE,
    ),
    (
        "cbc",
        piece("castle base corner", Role::Land(Ground::Castle), 1),
        ED_ONE,
    ),
    (
        "cbs",
        piece("castle base straight", Role::Land(Ground::Castle), 1),
        ED_ONE,
    ),
    (
        "cbe",
        piece("castle base end", Role::Land(Ground::Castle), 1),
        ED_ONE,
    ),
    (
        "cwc",
        piece("castle wall corner", Role::Land(Ground::Castle), 9),
        ED_ONE,
    ),
    (
        "cws",
        piece("castle wall straight", Role::Land(Ground::Castle), 9),
        ED_ONE,
    ),
    (
        "cwe",
        piece("castle wall end", Role::Land(Ground::Castle), 9),
        ED_ONE,
    ),
    (
        "ca",
        piece("castle arch with door", Role::Arch { gap: 8 }, 10),
        ED_STRAIGHT_THREE,
    ),
    (
        "cab",
        piece("castle arch", Role::Arch { gap: 8 }, 10),
        ED_STRAIGHT_THREE,
    ),
    (
        "ld",
        piece("castle ladder", Role::Edge(Obstacle::Ladder), 2),
        ED_ONE,
    ),
    (
        "bt",
        piece("castle battlement", Role::Edge(Obstacle::Battlement), 5),
        ED_ONE,
    ),
    (
        "rw",
        piece("road wall", Role::Edge(Obstacle::RoadWall), 3),
        ED_STRAIGHT_FOUR,
    ),
];

const ED_ONE: Template = Template(&[(0, 0)]);
const ED_TWO: Template = Template(&[(0, 0), (1, 0)]);
const ED_THREE: Template = Template(&[(0, 0), (1, 0), (0, 1)]);
const ED_FOUR: Template = Template(&[(0, 0), (1, 0), (0, 1), (1, 1)]);
const ED_STRAIGHT_THREE: Template = Template(&[(0, 0), (1, 0), (2, 0)]);
const ED_STRAIGHT_FOUR: Template = Template(&[(0, 0), (1, 0), (2, 0), (3, 0)]);
const ED_STRAIGHT_FIVE: Template = Template(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]);
const ED_SIX: Template = Template(&[(0, 0), (1, 0), (0, 1), (-1, 1), (2, 0), (1, 1)]);
const ED_SEVEN: Template = Template(&[(0, 0), (1, 0), (0, 1), (-1, 1), (1, 1), (-1, 2), (0, 2)]);
const ED_TWENTY_FOUR: Template = Template(&[
    (0, 0),
    (1, 0),
    (0, 1),
    (-1, 1),
    (1, 1),
    (-1, 2),
    (0, 2),
    (1, 2),
    (-2, 3),
    (-1, 3),
    (0, 3),
    (1, 3),
    (2, 3),
    (-2, 4),
    (-1, 4),
    (0, 4),
    (1, 4),
    (2, 4),
    (-3, 5),
    (-2, 5),
    (-1, 5),
    (0, 5),
    (1, 5),
    (2, 5),
]);
const ED_MARVEL_SIX: Template = Template(&[(0, 0), (1, 0), (0, 1), (1, 1), (2, 1), (3, 1)]);
const ED_WALL_WALK_SEVEN: Template =
    Template(&[(0, 0), (1, 0), (0, 1), (2, 0), (3, 0), (1, 1), (2, 1)]);
const ED_WALL_WALK_NINE: Template = Template(&[
    (0, 0),
    (1, 0),
    (0, 1),
    (2, 0),
    (3, 0),
    (1, 1),
    (2, 1),
    (4, 0),
    (3, 1),
]);

/// The first code of the glyph family: a glyph tile's code is this plus its letter.
pub const GLYPH_FAMILY: i32 = 14000;
/// The code of Virtualscape's custom tiles, whose size is stored in the file.
pub const CUSTOM_TILE: i32 = 17000;

/// The piece and shape of a Virtualscape type code. Glyphs (`14001` to `14254`) all share the
/// one-hex glyph piece; a custom tile (`17000`) needs its hex count, given as `custom_hexes`
/// (1, 2, 3, 7 or 24, the sizes Virtualscape offers).
pub fn virtualscape(code: i32, custom_hexes: Option<i32>) -> Option<(Piece, Shape)> {
    if code > GLYPH_FAMILY && code < GLYPH_FAMILY + 255 {
        return Some((piece("glyph", Role::Glyph, 0), VS_ONE));
    }
    if code == CUSTOM_TILE {
        let shape = match custom_hexes? {
            1 => VS_ONE,
            2 => VS_TWO,
            3 => VS_THREE,
            7 => VS_SEVEN,
            24 => VS_TWENTY_FOUR,
            _ => return None,
        };
        return Some((piece("custom tile", Role::Land(Ground::Custom), 1), shape));
    }
    VIRTUALSCAPE
        .binary_search_by_key(&code, |(c, _, _)| *c)
        .ok()
        .map(|i| (VIRTUALSCAPE[i].1, VIRTUALSCAPE[i].2))
}

/// The piece and template of a map-editor piece id (`g24`, `w1`, `cwe`, ...).
pub fn editor(id: &str) -> Option<(Piece, Template)> {
    EDITOR
        .iter()
        .find(|(i, _, _)| *i == id)
        .map(|(_, p, t)| (*p, *t))
}

/// The side an edge piece stands on, as a rotation number (0 east, clockwise): the map editor
/// writes it directly; Virtualscape counts from north-east, one step behind.
pub const fn virtualscape_edge_side(rotation: u8) -> u8 {
    (rotation + 5) % 6
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    fn set(hexes: Vec<Hex>) -> BTreeSet<Hex> {
        hexes.into_iter().collect()
    }

    #[test]
    fn the_tables_are_sorted_unique_and_shapes_have_their_size() {
        assert!(VIRTUALSCAPE.windows(2).all(|w| w[0].0 < w[1].0));
        for (code, p, shape) in VIRTUALSCAPE {
            let hexes = set(shape.hexes(Hex::ORIGIN, 0));
            for r in 0..6 {
                let at = set(shape.hexes(Hex::new(3, 5), r));
                assert_eq!(at.len(), shape.len(), "{code} {} rotation {r}", p.name);
            }
            // The number in a terrain tile's name is its size.
            if let Some(n) = p.name.split(' ').find_map(|w| w.strip_suffix("-hex")) {
                assert_eq!(
                    n.parse::<usize>().unwrap(),
                    hexes.len(),
                    "{code} {}",
                    p.name
                );
            }
        }
        let mut ids = BTreeSet::new();
        for (id, p, t) in EDITOR {
            assert!(ids.insert(*id), "{id} twice");
            if let Some(n) = p.name.split(' ').find_map(|w| w.strip_suffix("-hex")) {
                assert_eq!(n.parse::<usize>().unwrap(), t.len(), "{id}");
            }
            for r in 0..6 {
                assert_eq!(set(t.hexes(Hex::ORIGIN, r)).len(), t.len(), "{id} {r}");
            }
        }
    }

    #[test]
    fn virtualscape_shapes_match_the_spec_examples() {
        // Grass 2-hex: rotations 0/3 {(0,0),(1,0)}, 1/4 {(0,0),(0,1)}, 2/5 {(0,0),(-1,1)} in odd-r
        // offsets from an even row, i.e. east, south-east and south-west neighbours.
        let (_, two) = virtualscape(1002, None).unwrap();
        let o = Hex::new(4, 2);
        assert_eq!(two.hexes(o, 0), vec![o, Hex::new(5, 2)]);
        assert_eq!(two.hexes(o, 4), vec![o, Hex::new(4, 3)]);
        assert_eq!(two.hexes(o, 5), vec![o, Hex::new(3, 3)]);
        // Grass 3-hex, rotation 1: (0,0), (-1,1), (0,1) in offsets.
        let (_, three) = virtualscape(1003, None).unwrap();
        assert_eq!(three.hexes(o, 1), vec![o, Hex::new(3, 3), Hex::new(4, 3)]);
    }

    #[test]
    fn both_programs_describe_the_same_physical_tiles() {
        // For every size both know, the editor's template at rotation 0 is a Virtualscape shape
        // (some rotation), up to where the origin sits.
        let pairs = [
            (1002, "g2"),
            (1003, "g3"),
            (1007, "g7"),
            (1024, "g24"),
            (8005, "rd5"),
            (10004, "tr15"),
            (13006, "og6"),
            (11003, "rs3"),
            (11006, "rm"),
            (12004, "rw"),
            (16007, "cg7"),
            (16009, "cg9"),
            (16404, "cab"),
        ];
        let normal = |hexes: Vec<Hex>| {
            let min = *hexes.iter().min().unwrap();
            hexes
                .into_iter()
                .map(|h| h - min)
                .collect::<BTreeSet<Hex>>()
        };
        for (code, id) in pairs {
            let (_, shape) = virtualscape(code, None).unwrap();
            let (_, template) = editor(id).unwrap();
            for r in 0..6 {
                let ed = normal(template.hexes(Hex::ORIGIN, r));
                assert!(
                    (0..6).any(|v| normal(shape.hexes(Hex::ORIGIN, v)) == ed),
                    "{id} rotation {r} is no rotation of {code}"
                );
            }
        }
    }

    #[test]
    fn glyphs_custom_tiles_and_unknown_codes() {
        assert_eq!(virtualscape(14065, None).unwrap().0.role, Role::Glyph);
        assert_eq!(virtualscape(17000, Some(7)).unwrap().1.len(), 7);
        assert!(virtualscape(17000, Some(5)).is_none());
        assert!(virtualscape(17000, None).is_none());
        assert!(virtualscape(3024, None).is_none());
        assert!(editor("zz9").is_none());
        assert_eq!(virtualscape_edge_side(0), 5);
        assert_eq!(virtualscape_edge_side(4), 3);
    }
}
