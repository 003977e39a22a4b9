//! The movement search's states and steps, for the four ways a figure moves (one hex or two,
//! walking or flying), over [`skirmish_path`]'s search. A query's powers (ghost walk, water
//! walk, lava resistance, climb X2, the grapple gun) and its way (a teleport searches as a
//! flight) are read once here into the graph's fields, so that a step stays a few comparisons.

use skirmish_board::hex::HexDir;
use skirmish_path::{MoveGraph, Step};

use crate::battlefield::Level;
use crate::body::{Base, Body, Placement, Spot};
use crate::engagement::is_engaged;
use crate::grid::{Grid, Node, NONE};

use super::{MoveQuery, StopCause, Way};

/// Which rules a search leaves out, to find out why a destination is refused.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Relax {
    /// Water and glyphs do not end the move.
    pub stops: bool,
    /// A step may climb more than the figure's height.
    pub climb: bool,
    /// Enemies and engaged friends may be passed through.
    pub figures: bool,
}

impl Relax {
    /// Every rule a search may leave out at once.
    pub const ALL: Relax = Relax {
        stops: true,
        climb: true,
        figures: true,
    };
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// One hex, walking: a state is a node (a footing).
    Walk,
    /// Two hexes, walking: a state is the lead node, the direction to the tail and which footing
    /// of the tail's hex the tail stands on.
    WalkDouble,
    /// One hex, flying: a state is a hex.
    Fly,
    /// Two hexes, flying: a state is the lead hex and the direction to the tail.
    FlyDouble,
}

/// What stands on a node, for the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Occ {
    Free,
    /// A friend that is not engaged: passed through, not ended on.
    Friend,
    /// An enemy or an engaged friend: neither passed nor ended on.
    Block,
}

/// The board as one search sees it.
pub(crate) struct Graph<'a> {
    pub grid: &'a Grid,
    pub body: Body,
    pub mode: Mode,
    pub relax: Relax,
    pub glyphs_stop_flight: bool,
    /// Most levels one walking step may climb: the height, times Climb X2's factor, or the
    /// grapple gun's levels.
    pub climb: Level,
    /// Every walking step costs one space, whatever it climbs (the grapple gun).
    pub flat: bool,
    /// Whether entering water ends a walking move (not with water walk).
    pub water_stops: bool,
    /// Whether entering molten lava ends a walking move (not when lava resistant).
    pub lava_stops: bool,
    /// Nodes of the glyphs that are gone (used and discarded): they stop nobody. Nearly always
    /// empty, and read only on a node that had a glyph.
    pub gone: Vec<u32>,
    /// Nodes where an enemy's power holds the mover ([`MoveQuery::held`]): entering one ends
    /// a walking move. Nearly always empty.
    pub held: Vec<u32>,
    /// Nodes where an enemy's vortex catches the mover ([`MoveQuery::caught`]): entering one
    /// ends a walking move. Nearly always empty.
    pub caught: Vec<u32>,
    /// The one direction every step takes ([`Way::Drill`]), as an index of [`HexDir::ALL`].
    pub line: Option<usize>,
    /// Per node: what stands there, and which figure (index into `others`, or `NONE`).
    pub occ: Vec<(Occ, u32)>,
    /// States before the virtual start (the last index), for double-space figures.
    pub states: usize,
    /// Per tail hex, how many footings a state may name.
    pub f: usize,
}

impl<'a> Graph<'a> {
    pub fn new(grid: &'a Grid, query: &MoveQuery<'_>, relax: Relax) -> Graph<'a> {
        let mover = &query.mover;
        let others = query.others;
        let body = mover.body;
        let powers = query.powers;
        let flies = body.flight.flies() || query.way == Way::Teleport;
        let mode = match (body.base, flies) {
            (Base::Single, false) => Mode::Walk,
            (Base::Double, false) => Mode::WalkDouble,
            (Base::Single, true) => Mode::Fly,
            (Base::Double, true) => Mode::FlyDouble,
        };
        let mut occ = vec![(Occ::Free, NONE); grid.node_count()];
        for (k, o) in others.iter().enumerate() {
            if o.id == mover.id {
                continue;
            }
            let kind = if !query.impassable.is_empty() && query.impassable.contains(&o.id) {
                // never passed, even by ghost walk (a flyer still passes over)
                Occ::Block
            } else if powers.ghost_walk || matches!(query.way, Way::Drill { .. }) {
                // Ghost walk passes through every figure, and never ends on one.
                Occ::Friend
            } else if o.team != mover.team || is_engaged(grid, o, others) {
                Occ::Block
            } else {
                Occ::Friend
            };
            for s in o.at.spots() {
                if let Some(n) = grid.node_at(s.hex, s.level) {
                    occ[n as usize] = (kind, k as u32);
                }
            }
        }
        let f = grid.max_footings();
        let states = match mode {
            Mode::Walk => grid.node_count(),
            Mode::WalkDouble => grid.node_count() * 6 * f,
            Mode::Fly => grid.hex_count(),
            Mode::FlyDouble => grid.hex_count() * 6,
        };
        let climb = match query.way {
            Way::Grapple { up } => up,
            _ => powers.climb_height(body.height),
        };
        let gone = query
            .gone_glyphs
            .iter()
            .filter_map(|s| grid.node_at(s.hex, s.level))
            .collect();
        let held = query
            .held
            .iter()
            .filter_map(|s| grid.node_at(s.hex, s.level))
            .collect();
        let caught = query
            .caught
            .iter()
            .filter_map(|s| grid.node_at(s.hex, s.level))
            .collect();
        Graph {
            grid,
            held,
            caught,
            line: match query.way {
                Way::Drill { dir } => Some(dir.index() as usize),
                _ => None,
            },
            body,
            mode,
            relax,
            glyphs_stop_flight: query.glyphs_stop_flight,
            climb,
            flat: matches!(query.way, Way::Grapple { .. }),
            water_stops: !powers.water_walk,
            lava_stops: !powers.lava_resistant,
            gone,
            occ,
            states,
            f,
        }
    }

    /// Whether a glyph still lies on node `n` (it had one when the game began).
    pub fn glyph_lies(&self, n: u32) -> bool {
        self.node(n).glyph && (self.gone.is_empty() || !self.gone.contains(&n))
    }

    /// Whether walking onto node `b` ends the move for a one-hex figure: a glyph still lying
    /// there, or water and molten lava unless its powers say otherwise.
    fn halts(&self, b: &Node) -> bool {
        (b.water && self.water_stops) || (b.lava && self.lava_stops)
    }

    /// Whether an enemy's power holds the mover on node `n`.
    fn held_at(&self, n: u32) -> bool {
        (!self.held.is_empty() && self.held.contains(&n)) || self.caught_at(n)
    }

    /// Whether an enemy's vortex catches the mover on node `n`.
    fn caught_at(&self, n: u32) -> bool {
        !self.caught.is_empty() && self.caught.contains(&n)
    }

    /// Why a move that ends in state `s` had to end there, if it had to.
    pub fn stop_cause(&self, s: u32) -> Option<StopCause> {
        let ground = |n: u32| {
            let node = self.node(n);
            if node.water && self.water_stops {
                Some(StopCause::Water)
            } else if node.lava && self.lava_stops {
                Some(StopCause::Lava)
            } else {
                None
            }
        };
        match self.mode {
            Mode::Walk => {
                if self.glyph_lies(s) {
                    Some(StopCause::Glyph)
                } else if self.caught_at(s) {
                    Some(StopCause::Caught)
                } else if self.held_at(s) {
                    Some(StopCause::Held)
                } else {
                    ground(s)
                }
            }
            Mode::WalkDouble => {
                let (l, t) = self.walk_double_nodes(s);
                if self.glyph_lies(l) {
                    Some(StopCause::Glyph)
                } else if self.caught_at(l) {
                    Some(StopCause::Caught)
                } else if self.held_at(l) {
                    Some(StopCause::Held)
                } else if ground(t).is_some() {
                    ground(l)
                } else {
                    None
                }
            }
            Mode::Fly | Mode::FlyDouble => {
                let h = if self.mode == Mode::Fly {
                    s
                } else {
                    self.fly_double_hexes(s).0
                };
                self.fly_stops_in(h).then_some(StopCause::Glyph)
            }
        }
    }

    /// Whether this search has a virtual start (both ends of a double-space figure may lead).
    pub fn has_virtual_start(&self) -> bool {
        matches!(self.mode, Mode::WalkDouble | Mode::FlyDouble)
    }

    pub fn virtual_start(&self) -> u32 {
        self.states as u32
    }

    // --- state encodings ---

    pub fn walk_double_state(&self, lead: u32, tail: u32) -> Option<u32> {
        let lh = self.grid.node(lead).hex;
        let th = self.grid.node(tail).hex;
        let dir = self.grid.neighbours(lh).iter().position(|&n| n == th)?;
        let k = (tail - self.grid.nodes_of(th).start) as usize;
        Some((lead as usize * 6 * self.f + dir * self.f + k) as u32)
    }

    /// (lead node, tail node) of a double walking state.
    pub fn walk_double_nodes(&self, s: u32) -> (u32, u32) {
        let s = s as usize;
        let lead = (s / (6 * self.f)) as u32;
        let dir = (s / self.f) % 6;
        let k = (s % self.f) as u32;
        let th = self.grid.neighbours(self.grid.node(lead).hex)[dir];
        (lead, self.grid.nodes_of(th).start + k)
    }

    pub fn fly_double_state(&self, lead: u32, tail: u32) -> Option<u32> {
        let dir = self.grid.neighbours(lead).iter().position(|&n| n == tail)?;
        Some(lead * 6 + dir as u32)
    }

    /// (lead hex, tail hex) of a double flying state.
    pub fn fly_double_hexes(&self, s: u32) -> (u32, u32) {
        let lead = s / 6;
        (lead, self.grid.neighbours(lead)[(s % 6) as usize])
    }

    fn node(&self, n: u32) -> &Node {
        self.grid.node(n)
    }

    /// The cost of a walking step between two nodes, and whether it ends the move (water or a
    /// glyph for a one-hex figure; the caller decides for two hexes), or `None` if it is not
    /// allowed.
    fn walk_step(&self, from: u32, to: u32) -> Option<u32> {
        let a = self.node(from);
        let b = self.node(to);
        let h = self.body.height;
        if b.headroom < h {
            return None;
        }
        let cost = if b.level > a.level {
            let climb = b.level - a.level;
            if (climb > self.climb && !self.relax.climb) || a.headroom < climb {
                return None;
            }
            if self.flat {
                1
            } else {
                1 + u32::from(climb)
            }
        } else {
            if b.headroom < a.level - b.level {
                return None;
            }
            1
        };
        if self.occ[to as usize].0 == Occ::Block && !self.relax.figures {
            return None;
        }
        Some(cost)
    }

    /// Whether a wall on the edge crossed (battlement, road wall) stands in the way of a
    /// walking step between two nodes: it rises above the higher of the two levels and starts
    /// below the top of the figure standing there.
    fn walled(&self, hex: u32, dir: usize, from: u32, to: u32) -> bool {
        let level = self.node(from).level.max(self.node(to).level);
        self.grid.walled(hex, dir as u8, level, self.body.height)
    }

    /// Whether no other figure stands on a node.
    pub fn free(&self, n: u32) -> bool {
        self.occ[n as usize].0 == Occ::Free
    }

    /// A node a flying figure may land on in hex `h`: it fits and nobody stands there.
    fn landing(&self, n: u32) -> bool {
        self.node(n).headroom >= self.body.height && self.free(n)
    }

    fn fly_stops_in(&self, h: u32) -> bool {
        self.glyphs_stop_flight
            && !self.relax.stops
            && self.grid.nodes_of(h).any(|n| self.glyph_lies(n))
    }

    /// The levels at which a double flying figure may land on `lead` and `tail`.
    pub fn fly_double_levels(&self, lead: u32, tail: u32) -> impl Iterator<Item = Level> + '_ {
        self.grid.nodes_of(lead).filter_map(move |a| {
            let level = self.node(a).level;
            let b = self
                .grid
                .nodes_of(tail)
                .find(|&b| self.node(b).level == level)?;
            (self.landing(a) && self.landing(b)).then_some(level)
        })
    }

    /// The placement a state stands for (for flying states, at the top of the column the
    /// figure flies over, trees and other obstacles included).
    pub fn placement(&self, s: u32) -> Placement {
        let spot = |n: u32| {
            let node = self.node(n);
            Spot::new(self.grid.hex(node.hex), node.level)
        };
        let over = |h: u32| Spot::new(self.grid.hex(h), self.grid.top(h));
        match self.mode {
            Mode::Walk => Placement {
                head: spot(s),
                tail: None,
            },
            Mode::WalkDouble => {
                let (l, t) = self.walk_double_nodes(s);
                Placement {
                    head: spot(l),
                    tail: Some(spot(t)),
                }
            }
            Mode::Fly => Placement {
                head: over(s),
                tail: None,
            },
            Mode::FlyDouble => {
                let (l, t) = self.fly_double_hexes(s);
                Placement {
                    head: over(l),
                    tail: Some(over(t)),
                }
            }
        }
    }
}

impl MoveGraph for Graph<'_> {
    type Node = u32;

    fn node_count(&self) -> usize {
        self.states + usize::from(self.has_virtual_start())
    }

    fn index(&self, node: u32) -> Option<usize> {
        ((node as usize) < self.node_count()).then_some(node as usize)
    }

    fn node(&self, index: usize) -> u32 {
        index as u32
    }

    fn steps(&self, _from: u32, _out: &mut Vec<Step<u32>>) {
        unreachable!("the heroscape graph answers by index (for_each_step)")
    }

    fn for_each_step(
        &self,
        from: usize,
        _scratch: &mut Vec<Step<u32>>,
        mut visit: impl FnMut(usize, u32, bool),
    ) {
        let grid = self.grid;
        let from = from as u32;
        if from == self.virtual_start() {
            // Either end of a double-space figure may lead: the search starts from both.
            return;
        }
        match self.mode {
            Mode::Walk => {
                let hex = self.node(from).hex;
                for (d, &nh) in grid.neighbours(hex).iter().enumerate() {
                    if self.line.is_some_and(|l| l != d) {
                        continue;
                    }
                    for to in grid.nodes_of(nh) {
                        if self.walled(hex, d, from, to) {
                            continue;
                        }
                        if let Some(cost) = self.walk_step(from, to) {
                            let b = self.node(to);
                            let stop = (self.halts(b)
                                || (b.glyph && self.glyph_lies(to))
                                || self.held_at(to))
                                && !self.relax.stops;
                            visit(to as usize, cost, stop);
                        }
                    }
                }
            }
            Mode::WalkDouble => {
                let (lead, tail) = self.walk_double_nodes(from);
                let lh = self.node(lead).hex;
                let th = self.node(tail).hex;
                let lead_halts = self.halts(self.node(lead));
                for (d, &nh) in grid.neighbours(lh).iter().enumerate() {
                    if nh == NONE || nh == th {
                        continue;
                    }
                    let back = HexDir::ALL[d].opposite().index() as usize;
                    let k = (lead - grid.nodes_of(lh).start) as usize;
                    for to in grid.nodes_of(nh) {
                        if self.walled(lh, d, lead, to) {
                            continue;
                        }
                        if let Some(cost) = self.walk_step(lead, to) {
                            let b = self.node(to);
                            let stop = ((self.halts(b) && lead_halts)
                                || (b.glyph && self.glyph_lies(to))
                                || self.held_at(to))
                                && !self.relax.stops;
                            let s = to as usize * 6 * self.f + back * self.f + k;
                            visit(s, cost, stop);
                        }
                    }
                }
            }
            Mode::Fly => {
                for (d, &nh) in grid.neighbours(from).iter().enumerate() {
                    if nh != NONE && self.line.is_none_or(|l| l == d) {
                        visit(nh as usize, 1, self.fly_stops_in(nh));
                    }
                }
            }
            Mode::FlyDouble => {
                let (lead, tail) = self.fly_double_hexes(from);
                for (d, &nh) in grid.neighbours(lead).iter().enumerate() {
                    if nh == NONE || nh == tail {
                        continue;
                    }
                    let back = HexDir::ALL[d].opposite().index() as u32;
                    visit((nh * 6 + back) as usize, 1, self.fly_stops_in(nh));
                }
            }
        }
    }

    fn can_end(&self, node: u32) -> bool {
        self.can_end_index(node as usize)
    }

    fn can_end_index(&self, index: usize) -> bool {
        let s = index as u32;
        if s == self.virtual_start() && self.has_virtual_start() {
            return false;
        }
        match self.mode {
            Mode::Walk => self.free(s),
            Mode::WalkDouble => {
                let (l, t) = self.walk_double_nodes(s);
                self.node(l).level == self.node(t).level && self.free(l) && self.free(t)
            }
            Mode::Fly => self.grid.nodes_of(s).any(|n| self.landing(n)),
            Mode::FlyDouble => {
                let (l, t) = self.fly_double_hexes(s);
                t != NONE && self.fly_double_levels(l, t).next().is_some()
            }
        }
    }

    fn unit_costs(&self) -> bool {
        self.mode == Mode::Fly
    }
}

/// A graph with a virtual start for double-space figures needs the two first steps (either end
/// leading) at no cost; [`skirmish_path::search`] starts from one node, so the virtual start's
/// steps are given here.
pub(crate) struct Started<'g, 'a> {
    pub graph: &'g Graph<'a>,
    pub starts: [u32; 2],
}

impl MoveGraph for Started<'_, '_> {
    type Node = u32;

    fn node_count(&self) -> usize {
        self.graph.node_count()
    }

    fn index(&self, node: u32) -> Option<usize> {
        self.graph.index(node)
    }

    fn node(&self, index: usize) -> u32 {
        index as u32
    }

    fn steps(&self, _from: u32, _out: &mut Vec<Step<u32>>) {
        unreachable!("the heroscape graph answers by index (for_each_step)")
    }

    fn for_each_step(
        &self,
        from: usize,
        scratch: &mut Vec<Step<u32>>,
        mut visit: impl FnMut(usize, u32, bool),
    ) {
        if from as u32 == self.graph.virtual_start() {
            for s in self.starts {
                if s != NONE {
                    visit(s as usize, 0, false);
                }
            }
        } else {
            self.graph.for_each_step(from, scratch, visit);
        }
    }

    fn can_end(&self, node: u32) -> bool {
        self.graph.can_end(node)
    }

    fn can_end_index(&self, index: usize) -> bool {
        self.graph.can_end_index(index)
    }

    fn unit_costs(&self) -> bool {
        self.graph.unit_costs()
    }
}
