//! A battlefield indexed for movement, engagement and line of sight, built once per battlefield.
//!
//! [`Battlefield`] keeps its columns in a map, which is the right shape for readers and files but
//! costs a tree walk per lookup. A [`Grid`] lays the same facts out densely: hexes by position in
//! their bounding box, each hex's footings (the places a figure may stand) as numbered *nodes*,
//! the six neighbours of each hex. A reachable set then reads only arrays.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use skirmish_board::hex::{Hex, HexDir};

use crate::battlefield::{
    Battlefield, Builder, Column, EdgePiece, GlyphSpot, Ground, Level, Material, Obstacle, Span,
    StartPlayers,
};

pub(crate) const NONE: u32 = u32::MAX;

/// A place a figure may stand, as the searches read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    /// Index of its hex in [`Grid::hexes`].
    pub hex: u32,
    /// The level a base rests at.
    pub level: Level,
    /// Free levels above it; `Level::MAX` for open sky.
    pub headroom: Level,
    /// Water: entering it ends a walking move.
    pub water: bool,
    /// A glyph lies here at the start of the game: entering it ends a move (while it lies
    /// there: a search leaves out the glyphs its query says are gone).
    pub glyph: bool,
    /// Molten lava: entering it ends a walking move, as water does, and rolls for molten lava
    /// damage.
    pub lava: bool,
}

/// A battlefield laid out for fast geometric queries. Build it once with [`Grid::new`] and keep it
/// instead of the battlefield (it owns a copy of it, see [`Grid::battlefield`]): it compares as
/// that battlefield and is written as its pieces, so a game state may hold it.
#[derive(Clone, Debug)]
pub struct Grid {
    field: Battlefield,
    q0: i32,
    r0: i32,
    width: i32,
    height: i32,
    slots: Vec<u32>,
    hexes: Vec<Hex>,
    neighbours: Vec<[u32; 6]>,
    first_node: Vec<u32>,
    nodes: Vec<Node>,
    /// Per hex, the spans of its column that block sight or count for the ruin exception
    /// (solid and obstacle spans; water is left out).
    solids: Vec<Vec<Span>>,
    /// Per hex, the highest level anything in it reaches.
    tops: Vec<Level>,
    /// Per hex, the walls standing on its edges (battlements, road walls) as (direction index,
    /// bottom, top), registered on both hexes of the edge.
    walls: Vec<Vec<(u8, Level, Level)>>,
    max_footings: usize,
}

impl Grid {
    /// Indexes `field`.
    pub fn new(field: &Battlefield) -> Grid {
        let hexes: Vec<Hex> = field.columns().map(|(h, _)| h).collect();
        let (mut q0, mut q1, mut r0, mut r1) = (0, -1, 0, -1);
        if let Some(first) = hexes.first() {
            (q0, q1, r0, r1) = (first.q, first.q, first.r, first.r);
        }
        for h in &hexes {
            q0 = q0.min(h.q);
            q1 = q1.max(h.q);
            r0 = r0.min(h.r);
            r1 = r1.max(h.r);
        }
        let width = q1 - q0 + 1;
        let height = r1 - r0 + 1;
        let mut slots = vec![NONE; (width.max(0) as usize) * (height.max(0) as usize)];
        for (i, h) in hexes.iter().enumerate() {
            slots[((h.r - r0) * width + (h.q - q0)) as usize] = i as u32;
        }
        let mut grid = Grid {
            field: field.clone(),
            q0,
            r0,
            width,
            height,
            slots,
            neighbours: Vec::with_capacity(hexes.len()),
            first_node: Vec::with_capacity(hexes.len() + 1),
            nodes: Vec::new(),
            solids: Vec::with_capacity(hexes.len()),
            tops: Vec::with_capacity(hexes.len()),
            walls: vec![Vec::new(); hexes.len()],
            hexes,
            max_footings: 1,
        };
        for i in 0..grid.hexes.len() {
            let h = grid.hexes[i];
            let n = HexDir::ALL.map(|d| grid.slot(h.neighbour(d)));
            grid.neighbours.push(n);
            let column = field.column(h).cloned().unwrap_or_default();
            grid.first_node.push(grid.nodes.len() as u32);
            let mut count = 0;
            for f in column.footings() {
                count += 1;
                grid.nodes.push(Node {
                    hex: i as u32,
                    level: f.level,
                    headroom: f.headroom.unwrap_or(Level::MAX),
                    water: f.ground.is_water(),
                    lava: f.ground == Ground::Lava,
                    glyph: field
                        .glyphs()
                        .iter()
                        .any(|g| g.hex == h && g.level == f.level),
                });
            }
            grid.max_footings = grid.max_footings.max(count);
            grid.tops.push(column.top());
            grid.solids.push(
                column
                    .spans()
                    .iter()
                    .copied()
                    .filter(|s| !matches!(s.material, Material::Liquid(_)))
                    .collect(),
            );
        }
        grid.first_node.push(grid.nodes.len() as u32);
        for e in field.edge_pieces() {
            // Ladders and flags are thin or open: they neither stop a step nor hide a figure.
            if !matches!(e.kind, Obstacle::Battlement | Obstacle::RoadWall) {
                continue;
            }
            let d = e.side.index();
            let (a, b) = (grid.slot(e.hex), grid.slot(e.hex.neighbour(e.side)));
            if a != NONE {
                grid.walls[a as usize].push((d, e.bottom, e.top));
            }
            if b != NONE {
                grid.walls[b as usize].push((e.side.opposite().index(), e.bottom, e.top));
            }
        }
        grid
    }

    /// The battlefield this grid indexes.
    ///
    /// (A `Grid` is built from it: `Grid::from(battlefield)` works too.)
    pub fn battlefield(&self) -> &Battlefield {
        &self.field
    }

    /// Whether `hex` holds anything (is part of the battlefield).
    pub fn contains(&self, hex: Hex) -> bool {
        self.slot(hex) != NONE
    }

    /// The column of `hex`.
    pub fn column(&self, hex: Hex) -> Option<&Column> {
        self.field.column(hex)
    }

    /// The levels a figure may stand at in `hex`, bottom to top, with their headroom (`None`:
    /// open sky) and whether they are water.
    pub fn footings(&self, hex: Hex) -> impl Iterator<Item = (Level, Option<Level>, bool)> + '_ {
        self.nodes_of(self.slot(hex)).map(move |i| {
            let n = &self.nodes[i as usize];
            (
                n.level,
                (n.headroom != Level::MAX).then_some(n.headroom),
                n.water,
            )
        })
    }

    /// The ground a figure would stand on at `hex`, `level`, if there is a footing there.
    pub fn ground(&self, hex: Hex, level: Level) -> Option<Ground> {
        self.field
            .column(hex)?
            .footings()
            .find(|f| f.level == level)
            .map(|f| f.ground)
    }

    /// The number of hexes.
    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    /// Whether the battlefield is empty.
    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }

    // --- crate-internal dense access ---

    pub(crate) fn slot(&self, hex: Hex) -> u32 {
        let (dq, dr) = (hex.q.wrapping_sub(self.q0), hex.r.wrapping_sub(self.r0));
        if dq < 0 || dr < 0 || dq >= self.width || dr >= self.height {
            return NONE;
        }
        self.slots[(dr * self.width + dq) as usize]
    }

    pub(crate) fn hex(&self, i: u32) -> Hex {
        self.hexes[i as usize]
    }

    pub(crate) fn hex_count(&self) -> usize {
        self.hexes.len()
    }

    pub(crate) fn neighbours(&self, i: u32) -> &[u32; 6] {
        &self.neighbours[i as usize]
    }

    pub(crate) fn nodes_of(&self, hex: u32) -> std::ops::Range<u32> {
        if hex == NONE {
            return 0..0;
        }
        self.first_node[hex as usize]..self.first_node[hex as usize + 1]
    }

    pub(crate) fn node(&self, i: u32) -> &Node {
        &self.nodes[i as usize]
    }

    pub(crate) fn node_count(&self) -> usize {
        self.nodes.len()
    }

    pub(crate) fn max_footings(&self) -> usize {
        self.max_footings
    }

    /// The node of a spot, if a figure may stand there.
    pub(crate) fn node_at(&self, hex: Hex, level: Level) -> Option<u32> {
        self.nodes_of(self.slot(hex))
            .find(|&i| self.nodes[i as usize].level == level)
    }

    /// The walls on the edge of hex `hex` in direction index `dir`, as (bottom, top).
    pub(crate) fn walls(&self, hex: u32, dir: u8) -> impl Iterator<Item = (Level, Level)> + '_ {
        self.walls[hex as usize]
            .iter()
            .filter(move |w| w.0 == dir)
            .map(|w| (w.1, w.2))
    }

    /// Whether a wall on the edge of `hex` in direction index `dir` stands in the way of a
    /// figure `height` tall stepping across it with its feet at `level`.
    pub(crate) fn walled(&self, hex: u32, dir: u8, level: Level, height: Level) -> bool {
        !self.walls[hex as usize].is_empty()
            && self.walls(hex, dir).any(|(bottom, top)| {
                top > level && u32::from(bottom) < u32::from(level) + u32::from(height)
            })
    }

    /// The highest level anything in a hex reaches.
    pub(crate) fn top(&self, hex: u32) -> Level {
        self.tops[hex as usize]
    }

    /// The solid and obstacle spans of a hex (what blocks sight).
    pub(crate) fn solids(&self, hex: u32) -> &[Span] {
        if hex == NONE {
            return &[];
        }
        &self.solids[hex as usize]
    }

    /// The ruin spans of a hex, for the ruin exception to engagement.
    pub(crate) fn ruins(&self, hex: Hex) -> impl Iterator<Item = Span> + '_ {
        self.solids(self.slot(hex))
            .iter()
            .copied()
            .filter(|s| matches!(s.material, Material::Obstacle(Obstacle::Ruin)))
    }
}

impl From<Battlefield> for Grid {
    fn from(field: Battlefield) -> Grid {
        Grid::new(&field)
    }
}

impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        self.field == other.field
    }
}

impl Eq for Grid {}

/// A grid as it is written: its battlefield's pieces as lists (the battlefield's own maps are
/// keyed by hexes, which JSON cannot use as keys).
#[derive(Serialize, Deserialize)]
struct GridData {
    name: String,
    author: String,
    columns: Vec<(Hex, Vec<Span>)>,
    glyphs: Vec<GlyphSpot>,
    starts: Vec<(Hex, u8)>,
    #[serde(default)]
    edges: Vec<EdgePiece>,
}

impl Serialize for Grid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let f = &self.field;
        GridData {
            name: f.name.clone(),
            author: f.author.clone(),
            columns: f.columns().map(|(h, c)| (h, c.spans().to_vec())).collect(),
            glyphs: f.glyphs().to_vec(),
            starts: f
                .columns()
                .map(|(h, _)| (h, f.start_players(h).0))
                .filter(|&(_, p)| p != 0)
                .collect(),
            edges: f.edge_pieces().to_vec(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Grid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Grid, D::Error> {
        let data = GridData::deserialize(deserializer)?;
        let mut b = Builder::new(data.name);
        b.author(data.author);
        for (hex, spans) in data.columns {
            for (i, span) in spans.into_iter().enumerate() {
                b.span(hex, span, format!("hex {hex} piece {i}"));
            }
        }
        for g in data.glyphs {
            b.glyph(g);
        }
        for e in data.edges {
            b.edge(e);
        }
        for (hex, players) in data.starts {
            for p in 1..=8u8 {
                if StartPlayers(players).has(p) {
                    b.start(hex, p, format!("start zone hex {hex}"));
                }
            }
        }
        let field = b.build().map_err(|problems| {
            let list: Vec<String> = problems.iter().map(ToString::to_string).collect();
            serde::de::Error::custom(list.join("; "))
        })?;
        Ok(Grid::new(&field))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Field;

    #[test]
    fn a_grid_round_trips_as_its_battlefield() {
        let grid = Field::new()
            .row(0, 0, 3, 1)
            .over(1, 0, 4, 5)
            .water(4, 0, 1)
            .glyph(0, 0, 1)
            .start(2, 0, 3)
            .grid();
        let json = serde_json::to_string(&grid).unwrap();
        let back: Grid = serde_json::from_str(&json).unwrap();
        assert_eq!(back, grid);
        assert_eq!(
            back.footings(Hex::new(1, 0)).collect::<Vec<_>>(),
            vec![(1, Some(3), false), (5, None, false)]
        );
        assert_eq!(
            back.footings(Hex::new(4, 0)).collect::<Vec<_>>(),
            vec![(1, None, true)]
        );
        assert!(!back.contains(Hex::new(9, 9)));
        assert_eq!(back.battlefield().glyphs().len(), 1);
        assert!(back.battlefield().start_players(Hex::new(2, 0)).has(3));
    }
}
