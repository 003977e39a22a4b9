//! A battlefield indexed for movement, engagement and line of sight, built once per battlefield.
//!
//! [`Battlefield`] keeps its columns in a map, which is the right shape for readers and files but
//! costs a tree walk per lookup. A [`Grid`] lays the same facts out densely: hexes by position in
//! their bounding box, each hex's footings (the places a figure may stand) as numbered *nodes*,
//! the six neighbours of each hex. A reachable set then reads only arrays.

use skirmish_board::hex::{Hex, HexDir};

use crate::battlefield::{Battlefield, Column, Ground, Level, Material, Obstacle, Span};

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
    /// A glyph lies here: entering it ends a move.
    pub glyph: bool,
}

/// A battlefield laid out for fast geometric queries. Build it once with [`Grid::new`] and keep it
/// beside the battlefield (it owns a copy of it, see [`Grid::battlefield`]).
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
                    glyph: field
                        .glyphs()
                        .iter()
                        .any(|g| g.hex == h && g.level == f.level),
                });
            }
            grid.max_footings = grid.max_footings.max(count);
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
        grid
    }

    /// The battlefield this grid indexes.
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
