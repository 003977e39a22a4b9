//! The hex map model: which hexes exist and what stands on each.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Hex, HexDir};

/// Largest extent of a map along `q` and along `r`, in hexes. The map is stored densely over its
/// bounding box, so this caps memory (about 16 MiB) whatever a map file says; real boards are
/// well under 100 hexes across.
pub const MAX_SPAN: u32 = 1024;

/// Most players a map can name in start zones and objectives (HeroScape: up to 8 with several
/// boxes).
pub const MAX_PLAYERS: u8 = 8;

/// The top surface of a hex. Closed set for the terrains the two games print, plus
/// [`Terrain::Custom`] for names a map declares itself (expansion terrains), kept as an index into
/// [`HexMap::custom_terrains`] so that a cell stays small and `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    /// Grass tiles (HeroScape).
    Grass,
    /// Rock tiles.
    Rock,
    /// Sand tiles.
    Sand,
    /// Dungeon floor.
    Dungeon,
    /// Swamp (land).
    Swamp,
    /// Swamp water: water for movement.
    SwampWater,
    /// Lava field (solid ground).
    LavaField,
    /// Molten lava.
    MoltenLava,
    /// Concrete.
    Concrete,
    /// Asphalt.
    Asphalt,
    /// Road.
    Road,
    /// Snow.
    Snow,
    /// Ice.
    Ice,
    /// Water: entering it ends a HeroScape move, and it adds no height (*Se déplacer dans l'eau*).
    Water,
    /// Wellspring water: water for movement.
    WellspringWater,
    /// Shadow tiles.
    Shadow,
    /// The printed ground of a board with no terrain of its own (Masters of the Universe).
    Plain,
    /// A terrain the map declares by name; the index is into [`HexMap::custom_terrains`].
    Custom(u8),
}

impl Terrain {
    /// Every terrain except [`Terrain::Custom`], in declaration order.
    pub const BUILT_IN: [Terrain; 17] = [
        Terrain::Grass,
        Terrain::Rock,
        Terrain::Sand,
        Terrain::Dungeon,
        Terrain::Swamp,
        Terrain::SwampWater,
        Terrain::LavaField,
        Terrain::MoltenLava,
        Terrain::Concrete,
        Terrain::Asphalt,
        Terrain::Road,
        Terrain::Snow,
        Terrain::Ice,
        Terrain::Water,
        Terrain::WellspringWater,
        Terrain::Shadow,
        Terrain::Plain,
    ];

    /// The name used in map files; `None` for custom terrains, whose name lives in the map
    /// ([`HexMap::terrain_name`]).
    pub const fn name(self) -> Option<&'static str> {
        Some(match self {
            Terrain::Grass => "grass",
            Terrain::Rock => "rock",
            Terrain::Sand => "sand",
            Terrain::Dungeon => "dungeon",
            Terrain::Swamp => "swamp",
            Terrain::SwampWater => "swamp_water",
            Terrain::LavaField => "lava_field",
            Terrain::MoltenLava => "molten_lava",
            Terrain::Concrete => "concrete",
            Terrain::Asphalt => "asphalt",
            Terrain::Road => "road",
            Terrain::Snow => "snow",
            Terrain::Ice => "ice",
            Terrain::Water => "water",
            Terrain::WellspringWater => "wellspring_water",
            Terrain::Shadow => "shadow",
            Terrain::Plain => "plain",
            Terrain::Custom(_) => return None,
        })
    }

    /// The built-in terrain with this file name.
    pub fn from_name(name: &str) -> Option<Terrain> {
        Terrain::BUILT_IN
            .into_iter()
            .find(|t| t.name() == Some(name))
    }

    /// The letter that stands for this terrain in a map's `[grid]` rows unless the map's legend
    /// says otherwise.
    pub const fn default_letter(self) -> Option<char> {
        Some(match self {
            Terrain::Grass => 'g',
            Terrain::Rock => 'r',
            Terrain::Sand => 's',
            Terrain::Dungeon => 'd',
            Terrain::Swamp => 'm',
            Terrain::SwampWater => 'M',
            Terrain::LavaField => 'l',
            Terrain::MoltenLava => 'L',
            Terrain::Concrete => 'c',
            Terrain::Asphalt => 'a',
            Terrain::Road => 'o',
            Terrain::Snow => 'n',
            Terrain::Ice => 'i',
            Terrain::Water => 'w',
            Terrain::WellspringWater => 'W',
            Terrain::Shadow => 'h',
            Terrain::Plain => 'p',
            Terrain::Custom(_) => return None,
        })
    }

    /// Water of any kind: HeroScape stops a move on entering it, and a water hex's height is
    /// that of the bed it lies on (water adds no level).
    pub const fn is_water(self) -> bool {
        matches!(
            self,
            Terrain::Water | Terrain::SwampWater | Terrain::WellspringWater
        )
    }
}

/// A raised surface over a hex with room beneath it: a MotU platform, or a HeroScape overhang
/// (a bridge of tiles figures can walk under). Figures may stand both on the ground of the hex
/// and on the platform.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Platform {
    /// Height of the surface figures stand on, in the same levels as [`HexCell::height`].
    pub level: u8,
    /// Height of the platform's lower face, so `underside - height` is the headroom beneath
    /// (HeroScape: who fits under an overhang). Equal to `level` when nobody cares (MotU).
    pub underside: u8,
}

impl Platform {
    /// A platform whose thickness does not matter: `underside == level`.
    pub const fn at(level: u8) -> Platform {
        Platform {
            level,
            underside: level,
        }
    }
}

/// How tall a piece of terrain standing in a hex is, in the MotU sense (*obstacle bas / haut*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ObstacleKind {
    /// Under two inches and nothing to stand on, or a window opening: gives cover, does not
    /// block sight, costs 3 movement to cross in MotU.
    Low,
    /// Two inches or more: blocks sight, costs 6 movement to cross in MotU.
    High,
}

impl ObstacleKind {
    /// The name used in map files.
    pub const fn name(self) -> &'static str {
        match self {
            ObstacleKind::Low => "low",
            ObstacleKind::High => "high",
        }
    }
}

/// A piece of terrain occupying a hex at ground level, which figures cannot stand in: a wall
/// section or column (MotU), a ruin, tree or glacier (HeroScape).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Obstacle {
    /// Low or high.
    pub kind: ObstacleKind,
    /// Height in levels above the hex's ground, for games that compare it with figure heights
    /// (a HeroScape ruin is 6 tall); 0 when the map does not say.
    pub height: u8,
}

/// A set of players, numbered 1 to [`MAX_PLAYERS`], as a bit set so a cell stays one byte.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
pub struct PlayerSet(u8);

impl PlayerSet {
    /// No player.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// Just `player`, or `None` if it is not in `1..=MAX_PLAYERS`.
    pub const fn single(player: u8) -> Option<PlayerSet> {
        if player >= 1 && player <= MAX_PLAYERS {
            Some(PlayerSet(1 << (player - 1)))
        } else {
            None
        }
    }

    /// True if `player` is in the set.
    pub const fn contains(self, player: u8) -> bool {
        player >= 1 && player <= MAX_PLAYERS && self.0 & (1 << (player - 1)) != 0
    }

    /// Adds `player`; false (and no change) if it is not in `1..=MAX_PLAYERS`.
    pub fn insert(&mut self, player: u8) -> bool {
        match PlayerSet::single(player) {
            Some(p) => {
                self.0 |= p.0;
                true
            }
            None => false,
        }
    }

    /// True for the empty set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The players in the set, ascending.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (1..=MAX_PLAYERS).filter(move |p| self.contains(*p))
    }

    /// The highest player in the set.
    pub fn max(self) -> Option<u8> {
        self.iter().last()
    }
}

/// An objective marker printed or placed on a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Objective {
    /// Anybody's to claim (MotU objective tokens; who may claim is the scenario's rule).
    Neutral,
    /// Belongs to this player (1-based), e.g. a HeroScape scenario's flag.
    Player(u8),
}

/// Everything the map says about one hex. Small and `Copy` because game states clone maps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HexCell {
    /// Top surface of the ground.
    pub terrain: Terrain,
    /// Ground height in stacked levels (HeroScape tiles; 0 is the table, or MotU's standard
    /// elevation). For water, the height of the bed the water lies on.
    pub height: u8,
    /// A raised surface over the ground (MotU platform, HeroScape overhang).
    pub platform: Option<Platform>,
    /// Terrain piece standing on the ground of this hex.
    pub obstacle: Option<Obstacle>,
    /// MotU difficult terrain (*terrain difficile*): ground you can stand on that slows you.
    pub difficult: bool,
    /// A ladder (MotU stairs/ladder piece, HeroScape castle ladder) stands in this hex, leaning
    /// against the platform of the neighbour in this direction.
    pub ladder: Option<HexDir>,
    /// Players whose start (deployment) zone includes this hex.
    pub start_zone: PlayerSet,
    /// Objective marker on this hex.
    pub objective: Option<Objective>,
}

impl HexCell {
    /// Bare ground of `terrain` at `height`, with nothing else on it.
    pub const fn new(terrain: Terrain, height: u8) -> HexCell {
        HexCell {
            terrain,
            height,
            platform: None,
            obstacle: None,
            difficult: false,
            ladder: None,
            start_zone: PlayerSet::EMPTY,
            objective: None,
        }
    }

    /// True when something besides terrain and height is set.
    pub fn has_features(&self) -> bool {
        self.platform.is_some()
            || self.obstacle.is_some()
            || self.difficult
            || self.ladder.is_some()
            || !self.start_zone.is_empty()
            || self.objective.is_some()
    }
}

/// Smallest and largest axial coordinates of a map's hexes (inclusive).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HexBounds {
    /// Smallest `q`.
    pub min_q: i32,
    /// Largest `q`.
    pub max_q: i32,
    /// Smallest `r`.
    pub min_r: i32,
    /// Largest `r`.
    pub max_r: i32,
}

impl HexBounds {
    /// True if `hex` lies inside the bounds (it may still be missing from the map).
    pub fn contains(&self, hex: Hex) -> bool {
        (self.min_q..=self.max_q).contains(&hex.q) && (self.min_r..=self.max_r).contains(&hex.r)
    }
}

/// A hex map can't grow beyond [`MAX_SPAN`] hexes along `q` or `r`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("hex {0} would stretch the map beyond {MAX_SPAN} hexes along q or r")]
pub struct MapTooLarge(pub Hex);

/// Which property of a cell a [`MapIssue`] is about (named as in map files).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CellField {
    /// [`HexCell::terrain`].
    Terrain,
    /// [`HexCell::height`].
    Height,
    /// [`HexCell::platform`].
    Platform,
    /// [`HexCell::obstacle`].
    Obstacle,
    /// [`HexCell::difficult`].
    Difficult,
    /// [`HexCell::ladder`].
    Ladder,
    /// [`HexCell::start_zone`].
    Start,
    /// [`HexCell::objective`].
    Objective,
}

impl CellField {
    /// The key of this field in a `[[hex]]` entry of a map file.
    pub const fn key(self) -> &'static str {
        match self {
            CellField::Terrain => "terrain",
            CellField::Height => "height",
            CellField::Platform => "platform",
            CellField::Obstacle => "obstacle",
            CellField::Difficult => "difficult",
            CellField::Ladder => "ladder",
            CellField::Start => "start",
            CellField::Objective => "objective",
        }
    }
}

/// What is wrong with a map, found by [`HexMap::validate`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MapIssueKind {
    /// The ladder leans towards a hex that is off the map or has no platform.
    #[error("the ladder leans {0} but the hex there has no platform to reach")]
    LadderWithoutPlatform(HexDir),
    /// A platform no higher than the ground it stands over.
    #[error("platform level {level} is not above the ground height {height}")]
    PlatformNotAboveGround {
        /// Platform level.
        level: u8,
        /// Ground height.
        height: u8,
    },
    /// A platform whose underside is above its top or below the ground.
    #[error("platform underside {underside} must lie between the ground height {height} and the level {level}")]
    PlatformUnderside {
        /// Underside.
        underside: u8,
        /// Platform level.
        level: u8,
        /// Ground height.
        height: u8,
    },
    /// MotU: a piece of terrain cannot be both an obstacle and difficult terrain.
    #[error("a hex cannot be both difficult terrain and an obstacle")]
    DifficultObstacle,
    /// A player number above the map's player count.
    #[error("player {player} is beyond the map's {players} players")]
    PlayerOutOfRange {
        /// The player named.
        player: u8,
        /// Players the map declares.
        players: u8,
    },
    /// A custom terrain index with no name in the map.
    #[error("custom terrain #{0} is not declared by the map")]
    UnknownCustomTerrain(u8),
}

/// One problem [`HexMap::validate`] found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("hex {hex}, `{}`: {kind}", field.key())]
pub struct MapIssue {
    /// Where.
    pub hex: Hex,
    /// Which field of that hex.
    pub field: CellField,
    /// What.
    pub kind: MapIssueKind,
}

/// A hex board of any shape: the set of hexes that exist, each with its [`HexCell`].
///
/// Stored densely over the bounding box (so lookups are an index computation) and cloned as one
/// allocation of cells plus the name strings. Equality compares contents, not storage.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "HexMapData", into = "HexMapData")]
pub struct HexMap {
    name: String,
    players: Option<u8>,
    custom_terrains: Vec<String>,
    /// Axial coordinates of the bounding box's first cell.
    min_q: i32,
    min_r: i32,
    /// Box size along q and r.
    width: u32,
    rows: u32,
    cells: Vec<Option<HexCell>>,
    len: usize,
}

impl PartialEq for HexMap {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
            && self.players == other.players
            && self.custom_terrains == other.custom_terrains
            && self.len == other.len
            && self.iter().eq(other.iter())
    }
}

impl Eq for HexMap {}

/// The serialised form of a [`HexMap`]: a plain list of cells, checked on the way in so that a
/// deserialised map always has consistent storage.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct HexMapData {
    /// Map name.
    pub name: String,
    /// Declared player count.
    pub players: Option<u8>,
    /// Names of [`Terrain::Custom`] terrains.
    pub custom_terrains: Vec<String>,
    /// Every hex with its cell.
    pub cells: Vec<(Hex, HexCell)>,
}

/// Why a [`HexMapData`] could not become a [`HexMap`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HexMapDataError {
    /// See [`MapTooLarge`].
    #[error(transparent)]
    TooLarge(#[from] MapTooLarge),
    /// The same hex is listed twice.
    #[error("hex {0} is listed twice")]
    Duplicate(Hex),
}

impl TryFrom<HexMapData> for HexMap {
    type Error = HexMapDataError;

    fn try_from(data: HexMapData) -> Result<Self, Self::Error> {
        let mut map = HexMap::new(data.name);
        map.players = data.players;
        map.custom_terrains = data.custom_terrains;
        map.reserve_for(data.cells.iter().map(|(h, _)| *h))?;
        for (hex, cell) in data.cells {
            if map.insert(hex, cell)?.is_some() {
                return Err(HexMapDataError::Duplicate(hex));
            }
        }
        Ok(map)
    }
}

impl From<HexMap> for HexMapData {
    fn from(map: HexMap) -> Self {
        let cells = map.iter().map(|(h, c)| (h, *c)).collect();
        HexMapData {
            name: map.name,
            players: map.players,
            custom_terrains: map.custom_terrains,
            cells,
        }
    }
}

/// The box covering `start` and the hexes of `hexes`, as `(min_q, max_q, min_r, max_r)`.
fn box_of(
    start: Option<(i32, i32, i32, i32)>,
    hexes: impl Iterator<Item = Hex>,
) -> Option<(i32, i32, i32, i32)> {
    hexes.fold(start, |acc, h| {
        Some(match acc {
            None => (h.q, h.q, h.r, h.r),
            Some((a, b, c, d)) => (a.min(h.q), b.max(h.q), c.min(h.r), d.max(h.r)),
        })
    })
}

fn span(lo: i32, hi: i32) -> u64 {
    (i64::from(hi) - i64::from(lo) + 1).unsigned_abs()
}

impl HexMap {
    /// An empty map.
    pub fn new(name: impl Into<String>) -> HexMap {
        HexMap {
            name: name.into(),
            players: None,
            custom_terrains: Vec::new(),
            min_q: 0,
            min_r: 0,
            width: 0,
            rows: 0,
            cells: Vec::new(),
            len: 0,
        }
    }

    /// The map's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Renames the map.
    pub fn set_name(&mut self, name: impl Into<String>) {
        self.name = name.into();
    }

    /// How many players the map is laid out for, if it says.
    pub fn players(&self) -> Option<u8> {
        self.players
    }

    /// Sets the player count (start zones and objectives are checked against it).
    pub fn set_players(&mut self, players: Option<u8>) {
        self.players = players;
    }

    /// Names of the custom terrains, indexed by [`Terrain::Custom`].
    pub fn custom_terrains(&self) -> &[String] {
        &self.custom_terrains
    }

    /// The terrain called `name`: a built-in one, or a custom one this map declares.
    pub fn terrain_by_name(&self, name: &str) -> Option<Terrain> {
        Terrain::from_name(name).or_else(|| {
            self.custom_terrains
                .iter()
                .position(|n| n == name)
                .and_then(|i| u8::try_from(i).ok())
                .map(Terrain::Custom)
        })
    }

    /// Declares a custom terrain (or finds it if already declared). `None` when the name is
    /// blank or a built-in terrain's, or 256 custom terrains already exist.
    pub fn add_custom_terrain(&mut self, name: &str) -> Option<Terrain> {
        if name.trim().is_empty() || Terrain::from_name(name).is_some() {
            return None;
        }
        if let Some(t) = self.terrain_by_name(name) {
            return Some(t);
        }
        let i = u8::try_from(self.custom_terrains.len()).ok()?;
        self.custom_terrains.push(name.to_string());
        Some(Terrain::Custom(i))
    }

    /// The name of a terrain as a map file writes it (`"?"` for an undeclared custom index).
    pub fn terrain_name(&self, terrain: Terrain) -> &str {
        match terrain {
            Terrain::Custom(i) => self
                .custom_terrains
                .get(usize::from(i))
                .map_or("?", String::as_str),
            t => t.name().unwrap_or("?"),
        }
    }

    fn index(&self, hex: Hex) -> Option<usize> {
        let dq = i64::from(hex.q) - i64::from(self.min_q);
        let dr = i64::from(hex.r) - i64::from(self.min_r);
        if dq < 0 || dr < 0 || dq >= i64::from(self.width) || dr >= i64::from(self.rows) {
            return None;
        }
        usize::try_from(dr * i64::from(self.width) + dq).ok()
    }

    /// The cell of `hex`, if the hex is on the map.
    pub fn get(&self, hex: Hex) -> Option<&HexCell> {
        self.index(hex)
            .and_then(|i| self.cells.get(i))
            .and_then(Option::as_ref)
    }

    /// The cell of `hex` for changing, if the hex is on the map.
    pub fn get_mut(&mut self, hex: Hex) -> Option<&mut HexCell> {
        let i = self.index(hex)?;
        self.cells.get_mut(i).and_then(Option::as_mut)
    }

    /// True if `hex` is on the map.
    pub fn contains(&self, hex: Hex) -> bool {
        self.get(hex).is_some()
    }

    /// Makes the storage cover `hexes` at once, so that inserting many hexes one by one does
    /// not re-lay the box each time.
    pub(crate) fn reserve_for(
        &mut self,
        hexes: impl Iterator<Item = Hex>,
    ) -> Result<(), MapTooLarge> {
        let current = (self.width > 0 && self.rows > 0).then(|| {
            (
                self.min_q,
                (i64::from(self.min_q) + i64::from(self.width) - 1) as i32,
                self.min_r,
                (i64::from(self.min_r) + i64::from(self.rows) - 1) as i32,
            )
        });
        let mut far = None;
        let Some((q0, q1, r0, r1)) = box_of(
            current,
            hexes.inspect(|h| {
                if far.is_none() {
                    far = Some(*h);
                }
            }),
        ) else {
            return Ok(());
        };
        if Some((q0, q1, r0, r1)) == current {
            return Ok(());
        }
        let (w, h) = (span(q0, q1), span(r0, r1));
        if w > u64::from(MAX_SPAN) || h > u64::from(MAX_SPAN) {
            return Err(MapTooLarge(far.unwrap_or(Hex::new(q1, r1))));
        }
        // Both spans are at most MAX_SPAN, so these conversions and the product are small.
        let (w, h) = (w as u32, h as u32);
        let mut cells = vec![None; (w as usize) * (h as usize)];
        for (hex, cell) in self.iter() {
            let i = (i64::from(hex.r) - i64::from(r0)) * i64::from(w) + i64::from(hex.q)
                - i64::from(q0);
            if let Some(slot) = usize::try_from(i).ok().and_then(|i| cells.get_mut(i)) {
                *slot = Some(*cell);
            }
        }
        self.min_q = q0;
        self.min_r = r0;
        self.width = w;
        self.rows = h;
        self.cells = cells;
        Ok(())
    }

    /// Puts `cell` on `hex`, adding the hex to the map if needed; returns the cell it replaced.
    pub fn insert(&mut self, hex: Hex, cell: HexCell) -> Result<Option<HexCell>, MapTooLarge> {
        if self.index(hex).is_none() {
            self.reserve_for(std::iter::once(hex))?;
        }
        let i = self.index(hex).ok_or(MapTooLarge(hex))?;
        let slot = self.cells.get_mut(i).ok_or(MapTooLarge(hex))?;
        let old = slot.replace(cell);
        if old.is_none() {
            self.len += 1;
        }
        Ok(old)
    }

    /// Takes `hex` off the map; returns its cell if it was there.
    pub fn remove(&mut self, hex: Hex) -> Option<HexCell> {
        let i = self.index(hex)?;
        let old = self.cells.get_mut(i)?.take();
        if old.is_some() {
            self.len -= 1;
        }
        old
    }

    /// Number of hexes on the map.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the map has no hex.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Every hex with its cell, in row-major order (by `r`, then `q`).
    pub fn iter(&self) -> impl Iterator<Item = (Hex, &HexCell)> + '_ {
        let w = self.width.max(1) as usize;
        self.cells.iter().enumerate().filter_map(move |(i, c)| {
            let c = c.as_ref()?;
            let q = i64::from(self.min_q) + (i % w) as i64;
            let r = i64::from(self.min_r) + (i / w) as i64;
            Some((Hex::new(q as i32, r as i32), c))
        })
    }

    /// Every hex on the map, in row-major order.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        self.iter().map(|(h, _)| h)
    }

    /// The tight bounds of the hexes on the map; `None` for an empty map.
    pub fn bounds(&self) -> Option<HexBounds> {
        box_of(None, self.hexes()).map(|(min_q, max_q, min_r, max_r)| HexBounds {
            min_q,
            max_q,
            min_r,
            max_r,
        })
    }

    /// The neighbours of `hex` that are on the map, with the direction to each.
    pub fn neighbours_on_map(&self, hex: Hex) -> impl Iterator<Item = (HexDir, Hex)> + '_ {
        HexDir::ALL
            .into_iter()
            .map(move |d| (d, hex.neighbour(d)))
            .filter(|(_, h)| self.contains(*h))
    }

    /// The hexes of `player`'s start zone, in row-major order.
    pub fn start_zone(&self, player: u8) -> impl Iterator<Item = Hex> + '_ {
        self.iter()
            .filter(move |(_, c)| c.start_zone.contains(player))
            .map(|(h, _)| h)
    }

    /// Every objective marker, in row-major order.
    pub fn objectives(&self) -> impl Iterator<Item = (Hex, Objective)> + '_ {
        self.iter().filter_map(|(h, c)| c.objective.map(|o| (h, o)))
    }

    /// Checks what a map file cannot express wrongly on its own line: ladders must lean against
    /// a platform, platforms must be above their ground, obstacles are not difficult terrain,
    /// players exist, custom terrains are declared. Issues come in row-major order of hexes.
    pub fn validate(&self) -> Vec<MapIssue> {
        let mut out = Vec::new();
        let players = self.players.unwrap_or(MAX_PLAYERS);
        for (hex, c) in self.iter() {
            let mut issue = |field, kind| out.push(MapIssue { hex, field, kind });
            if let Terrain::Custom(i) = c.terrain {
                if usize::from(i) >= self.custom_terrains.len() {
                    issue(CellField::Terrain, MapIssueKind::UnknownCustomTerrain(i));
                }
            }
            if let Some(p) = c.platform {
                if p.level <= c.height {
                    issue(
                        CellField::Platform,
                        MapIssueKind::PlatformNotAboveGround {
                            level: p.level,
                            height: c.height,
                        },
                    );
                } else if p.underside > p.level || p.underside < c.height {
                    issue(
                        CellField::Platform,
                        MapIssueKind::PlatformUnderside {
                            underside: p.underside,
                            level: p.level,
                            height: c.height,
                        },
                    );
                }
            }
            if c.difficult && c.obstacle.is_some() {
                issue(CellField::Difficult, MapIssueKind::DifficultObstacle);
            }
            if let Some(d) = c.ladder {
                let leans_on = self.get(hex.neighbour(d)).and_then(|n| n.platform);
                if leans_on.is_none() {
                    issue(CellField::Ladder, MapIssueKind::LadderWithoutPlatform(d));
                }
            }
            if let Some(p) = c.start_zone.max() {
                if p > players {
                    issue(
                        CellField::Start,
                        MapIssueKind::PlayerOutOfRange { player: p, players },
                    );
                }
            }
            if let Some(Objective::Player(p)) = c.objective {
                if p == 0 || p > players {
                    issue(
                        CellField::Objective,
                        MapIssueKind::PlayerOutOfRange { player: p, players },
                    );
                }
            }
        }
        out
    }
}

impl fmt::Display for Terrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Terrain::Custom(i) => write!(f, "custom#{i}"),
            t => f.write_str(t.name().unwrap_or("?")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_stay_small() {
        assert!(std::mem::size_of::<HexCell>() <= 16);
        assert_eq!(
            std::mem::size_of::<Option<HexCell>>(),
            std::mem::size_of::<HexCell>()
        );
    }

    #[test]
    fn terrain_names_round_trip() {
        for t in Terrain::BUILT_IN {
            assert_eq!(Terrain::from_name(t.name().unwrap_or_default()), Some(t));
        }
        let mut letters: Vec<char> = Terrain::BUILT_IN
            .iter()
            .filter_map(|t| t.default_letter())
            .collect();
        letters.sort_unstable();
        letters.dedup();
        assert_eq!(letters.len(), Terrain::BUILT_IN.len());
    }

    #[test]
    fn insert_get_remove_any_shape() {
        let mut m = HexMap::new("t");
        assert!(m.bounds().is_none());
        for h in Hex::new(5, -3).ring(2) {
            assert_eq!(m.insert(h, HexCell::new(Terrain::Grass, 1)), Ok(None));
        }
        assert_eq!(m.len(), 12);
        assert!(!m.contains(Hex::new(5, -3)));
        assert!(m.contains(Hex::new(7, -3)));
        let b = m.bounds().unwrap_or(HexBounds {
            min_q: 0,
            max_q: 0,
            min_r: 0,
            max_r: 0,
        });
        assert_eq!((b.min_q, b.max_q, b.min_r, b.max_r), (3, 7, -5, -1));
        let old = m.insert(Hex::new(7, -3), HexCell::new(Terrain::Rock, 2));
        assert_eq!(old, Ok(Some(HexCell::new(Terrain::Grass, 1))));
        assert_eq!(
            m.remove(Hex::new(7, -3)).map(|c| c.terrain),
            Some(Terrain::Rock)
        );
        assert_eq!(m.len(), 11);
        let order: Vec<Hex> = m.hexes().collect();
        let mut sorted = order.clone();
        sorted.sort();
        assert_eq!(order, sorted);
    }

    #[test]
    fn too_large_is_refused() {
        let mut m = HexMap::new("t");
        assert!(m
            .insert(Hex::ORIGIN, HexCell::new(Terrain::Grass, 0))
            .is_ok());
        assert!(m
            .insert(
                Hex::new(MAX_SPAN as i32, 0),
                HexCell::new(Terrain::Grass, 0)
            )
            .is_err());
        assert!(m
            .insert(
                Hex::new(i32::MIN, i32::MAX),
                HexCell::new(Terrain::Grass, 0)
            )
            .is_err());
        assert_eq!(m.len(), 1);
    }

    #[test]
    fn equality_ignores_storage() {
        let mut a = HexMap::new("t");
        let mut b = HexMap::new("t");
        let _ = a.insert(Hex::new(0, 0), HexCell::new(Terrain::Grass, 0));
        let _ = a.insert(Hex::new(9, 9), HexCell::new(Terrain::Grass, 0));
        let _ = a.remove(Hex::new(9, 9));
        let _ = b.insert(Hex::new(0, 0), HexCell::new(Terrain::Grass, 0));
        assert_eq!(a, b);
    }

    #[test]
    fn validate_finds_issues() {
        let mut m = HexMap::new("t");
        let mut ladder = HexCell::new(Terrain::Plain, 0);
        ladder.ladder = Some(HexDir::E);
        let _ = m.insert(Hex::ORIGIN, ladder);
        let issues = m.validate();
        assert_eq!(issues.len(), 1);
        assert_eq!(issues[0].field, CellField::Ladder);
        let mut deck = HexCell::new(Terrain::Plain, 0);
        deck.platform = Some(Platform::at(1));
        let _ = m.insert(Hex::new(1, 0), deck);
        assert!(m.validate().is_empty());
        m.set_players(Some(2));
        let mut zone = HexCell::new(Terrain::Plain, 0);
        zone.start_zone = PlayerSet::single(3).unwrap_or_default();
        let _ = m.insert(Hex::new(2, 0), zone);
        assert_eq!(m.validate().len(), 1);
    }

    #[test]
    fn player_sets() {
        let mut s = PlayerSet::EMPTY;
        assert!(s.insert(1));
        assert!(s.insert(8));
        assert!(!s.insert(0));
        assert!(!s.insert(9));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![1, 8]);
        assert_eq!(s.max(), Some(8));
    }

    #[test]
    fn serde_form_is_checked() {
        let data = HexMapData {
            name: "x".into(),
            players: None,
            custom_terrains: vec![],
            cells: vec![
                (Hex::ORIGIN, HexCell::new(Terrain::Grass, 0)),
                (Hex::ORIGIN, HexCell::new(Terrain::Grass, 0)),
            ],
        };
        assert!(HexMap::try_from(data).is_err());
    }
}
