//! Movement (*Action 2. Déplacer*): where a figure may end its move, by which path, at what cost,
//! with which falls and leaving-engagement attacks, and why any other place is refused.
//!
//! The rules, as [`reach`] applies them:
//! * Each step to a neighbouring hex costs 1, plus 1 per level edge climbed (*Se déplacer vers le
//!   haut*, example 5); a step may not climb more levels than the figure's height (*Hauteur
//!   limite*, example 6). Water adds no height: a figure in water stands at the water's bottom, so
//!   leaving it climbs (example 9B).
//! * Going down is free (example 7); a drop of at least the figure's height is a fall, one attack
//!   die, and at least its height plus 10 two dice (*Chute*, example 8). Falls are reported on
//!   the path ([`Fall`]); the game rolls them.
//! * Entering water ends the move (example 9A); a double-space figure stops only when both its
//!   hexes are in water. Entering a glyph ends the move (for a double-space figure, its lead
//!   hex entering one).
//! * A figure passes through friends that are not engaged, never through enemies or engaged
//!   friends, and never ends on another figure (example 4).
//! * A figure fits where the free space above the ground is at least its height: under an
//!   overhang (example 11), into a narrow passage (example 13). Climbing from a hex needs the
//!   room to climb in that hex, going down into one needs the room to go down in it: a figure
//!   under a low overhang cannot climb through it, nor drop through a bridge. Levels climbed onto
//!   a small overhang are counted from where the figure stands to the top of the overhang, as if
//!   it rested on its nearest support (example 12).
//! * A double-space figure's lead hex chooses the path and the other follows the same hexes; it
//!   must end with both hexes at one level (example 10). Either end may lead. After the move, the
//!   placement's `head` is the hex that led.
//! * A flying figure counts hexes only, over anything (height, water, figures, obstacles), and
//!   lands where it fits and nobody stands. When it takes off engaged it takes the
//!   leaving-engagement attacks of those enemies (*Vol et surplomb*: M1 attacks Raelin); a stealth
//!   flyer takes none. Flyers pass over glyphs unless [`MoveQuery::glyphs_stop_flight`].
//! * Leaving engagement (*Quitter un engagement*): each time a walking figure arrives on a place
//!   not adjacent to an enemy it was engaged with, that enemy rolls one attack die ([`Leave`]).
//!
//! Searches run on a [`Grid`] and cost microseconds (`benches/geometry.rs`).

mod graph;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_board::FigureId;
use skirmish_path::{search, MoveGraph};

use crate::battlefield::Level;
use crate::body::{Base, Body, Placement, Spot, Standing};
use crate::engagement::{contact, engaged_with};
use crate::grid::{Grid, NONE};
use graph::{Graph, Mode, Occ, Relax, Started};

/// A move to search: who moves, how far, and who else stands on the battlefield.
#[derive(Clone, Copy, Debug)]
pub struct MoveQuery<'a> {
    /// The moving figure, where it stands now.
    pub mover: Standing,
    /// Its move value (*Déplacement*) for this move, in hexes.
    pub allowance: u16,
    /// Every other figure on the battlefield (the mover, if listed, is skipped).
    pub others: &'a [Standing],
    /// Whether a flyer passing over a glyph must stop on it as walkers do. The rulebook's text
    /// (*« lorsqu'une figurine passe sur un glyphe … son déplacement s'arrête »*) speaks of figures
    /// moving over the ground; flyers are taken to fly over glyphs unless this is set.
    pub glyphs_stop_flight: bool,
}

impl<'a> MoveQuery<'a> {
    /// A move of `allowance` hexes for `mover` among `others`.
    pub fn new(mover: Standing, allowance: u16, others: &'a [Standing]) -> MoveQuery<'a> {
        MoveQuery {
            mover,
            allowance,
            others,
            glyphs_stop_flight: false,
        }
    }
}

/// Why a move ends early.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopCause {
    /// It entered water (both hexes, for a double-space figure).
    Water,
    /// It entered a glyph.
    Glyph,
}

/// A fall on a path: the figure went down `drop` levels in one step, at least its height.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fall {
    /// The index in [`MovePath::steps`] of the place it fell onto.
    pub step: usize,
    /// Levels dropped.
    pub drop: Level,
    /// Attack dice to roll against it: 1, or 2 for a drop of its height plus 10 or more. A wound
    /// per skull, no defence.
    pub dice: u8,
}

/// A leaving-engagement attack on a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Leave {
    /// The index in [`MovePath::steps`] of the place where the figure is no longer adjacent to
    /// the enemy (1 for a flyer taking off).
    pub step: usize,
    /// The enemy left, which rolls one attack die: a wound per skull, no defence.
    pub enemy: FigureId,
}

/// A path a figure may take, with what happens on the way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MovePath {
    /// Where the figure stands after each step, the start first and the destination last. A
    /// flyer's places in the air are given at the top footing of the hex it flies over. For a
    /// double-space figure every step's `head` is the hex that leads, the start included (its
    /// placement, with the two hexes swapped when the tail leads).
    pub steps: Vec<Placement>,
    /// Movement spent on arriving at each step (0 for the start), never decreasing.
    pub spent: Vec<u16>,
    /// Falls, in path order.
    pub falls: Vec<Fall>,
    /// Leaving-engagement attacks, in path order.
    pub leaves: Vec<Leave>,
    /// Why the move ends at its last step before the allowance is used up, if it must.
    pub stop: Option<StopCause>,
}

impl MovePath {
    /// Movement spent on the whole path.
    pub fn cost(&self) -> u16 {
        self.spent.last().copied().unwrap_or(0)
    }

    /// The destination.
    pub fn end(&self) -> Placement {
        *self.steps.last().expect("a path has at least its start")
    }
}

/// A place a figure may end its move at, with the least movement it costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Destination {
    /// Where it would stand.
    pub at: Placement,
    /// Movement spent.
    pub cost: u16,
}

/// Why a figure may not end its move somewhere (codes and data; the presentation words them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "reason")]
pub enum Refusal {
    /// The hex is not part of the battlefield.
    OffBattlefield {
        /// The hex.
        hex: Hex,
    },
    /// Nothing to stand on at that level in that hex (an obstacle, or no surface there).
    NoGround {
        /// The hex.
        hex: Hex,
        /// The level asked for.
        level: Level,
    },
    /// The figure does not fit: the free space above that ground is lower than its height
    /// (*Surplomb*, *Passage étroit*).
    NoRoom {
        /// The hex.
        hex: Hex,
        /// The level of the ground.
        level: Level,
        /// Free levels above it.
        headroom: Level,
        /// The figure's height.
        height: Level,
    },
    /// Another figure stands there.
    Occupied {
        /// The hex.
        hex: Hex,
        /// The figure.
        figure: FigureId,
    },
    /// A double-space figure's two hexes are not neighbours.
    NotNeighbours {
        /// One hex.
        head: Hex,
        /// The other.
        tail: Hex,
    },
    /// A double-space figure would end on two levels (*« la fin du mouvement doit toujours se
    /// faire au même niveau d'élévation »*).
    Unlevel {
        /// The level of one hex.
        head: Level,
        /// The level of the other.
        tail: Level,
    },
    /// The way costs more movement than the figure has.
    TooFar {
        /// Movement the cheapest way needs.
        needed: u16,
        /// Movement the figure has.
        allowance: u16,
    },
    /// Every way in goes through water or a glyph first, which ends the move there.
    StopsOnTheWay {
        /// Where the move would end.
        at: Spot,
        /// Why.
        cause: StopCause,
    },
    /// Every way in needs a step that climbs more levels than the figure's height.
    ClimbTooHigh {
        /// Where the step starts.
        from: Spot,
        /// Where it ends.
        to: Spot,
        /// Levels it climbs.
        levels: Level,
        /// The figure's height.
        height: Level,
    },
    /// Every way in passes through a figure that cannot be passed (an enemy, or an engaged
    /// friend).
    BlockedBy {
        /// Where it stands.
        hex: Hex,
        /// The figure.
        figure: FigureId,
    },
    /// No way at all leads there (walled in, or a passage too low for the figure).
    NoWay,
    /// The figure is not standing on the battlefield where its placement says.
    NotOnBattlefield,
}

/// Every move a figure can make: build it with [`reach`].
pub struct Reach<'a> {
    grid: &'a Grid,
    query: MoveQuery<'a>,
    graph: Graph<'a>,
    inner: Option<skirmish_path::Reach<u32>>,
    starts: [u32; 2],
}

/// Searches every move of `query.mover` of at most `query.allowance`.
pub fn reach<'a>(grid: &'a Grid, query: &MoveQuery<'a>) -> Reach<'a> {
    let graph = Graph::new(
        grid,
        &query.mover,
        query.others,
        Relax::default(),
        query.glyphs_stop_flight,
    );
    let starts = start_states(&graph, &query.mover.at);
    let inner = run(&graph, starts, u32::from(query.allowance));
    Reach {
        grid,
        query: *query,
        graph,
        inner,
        starts,
    }
}

/// The states a figure standing at `at` starts from (two for a double-space figure: either end
/// may lead).
fn start_states(graph: &Graph<'_>, at: &Placement) -> [u32; 2] {
    let grid = graph.grid;
    match graph.mode {
        Mode::Walk => [
            grid.node_at(at.head.hex, at.head.level).unwrap_or(NONE),
            NONE,
        ],
        Mode::Fly => [grid.slot(at.head.hex), NONE],
        Mode::WalkDouble => {
            let (Some(h), Some(t)) = (
                grid.node_at(at.head.hex, at.head.level),
                at.tail.and_then(|t| grid.node_at(t.hex, t.level)),
            ) else {
                return [NONE; 2];
            };
            [
                graph.walk_double_state(h, t).unwrap_or(NONE),
                graph.walk_double_state(t, h).unwrap_or(NONE),
            ]
        }
        Mode::FlyDouble => {
            let h = grid.slot(at.head.hex);
            let t = at.tail.map_or(NONE, |t| grid.slot(t.hex));
            if h == NONE || t == NONE {
                return [NONE; 2];
            }
            [
                graph.fly_double_state(h, t).unwrap_or(NONE),
                graph.fly_double_state(t, h).unwrap_or(NONE),
            ]
        }
    }
}

fn run(graph: &Graph<'_>, starts: [u32; 2], budget: u32) -> Option<skirmish_path::Reach<u32>> {
    if starts[0] == NONE {
        return None;
    }
    if graph.has_virtual_start() {
        let started = Started { graph, starts };
        search(&started, graph.virtual_start(), budget)
    } else {
        search(graph, starts[0], budget)
    }
}

impl<'a> Reach<'a> {
    /// The query searched.
    pub fn query(&self) -> &MoveQuery<'a> {
        &self.query
    }

    /// Every place the figure may end its move (its start included), with the least movement
    /// each costs. A double-space figure's two hexes are listed once, headed by the hex that led
    /// on the cheapest way there.
    pub fn destinations(&self) -> Vec<Destination> {
        let Some(inner) = &self.inner else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (s, cost) in inner.destinations() {
            self.ends_of(s, |at| {
                out.push(Destination {
                    at,
                    cost: cost as u16,
                })
            });
        }
        if self.graph.mode == Mode::WalkDouble || self.graph.mode == Mode::FlyDouble {
            // The same two hexes reached with either end leading: keep the cheaper.
            out.sort_by_key(|d| (unordered(&d.at), d.cost));
            out.dedup_by_key(|d| unordered(&d.at));
        }
        out
    }

    /// How many places the search got to (passed through or ended at), counting a double-space
    /// figure's states and a flyer's hexes: the search's work.
    pub fn visited(&self) -> usize {
        self.inner.as_ref().map_or(0, |r| r.visited().len())
    }

    /// The placements a reached state stands for when the move ends there.
    fn ends_of(&self, s: u32, mut f: impl FnMut(Placement)) {
        let g = &self.graph;
        let grid = self.grid;
        match g.mode {
            Mode::Walk | Mode::WalkDouble => f(g.placement(s)),
            Mode::Fly => {
                for n in grid.nodes_of(s) {
                    let node = grid.node(n);
                    if node.headroom >= g.body.height && g.free(n) {
                        f(Placement::single(grid.hex(s), node.level));
                    }
                }
            }
            Mode::FlyDouble => {
                let (l, t) = g.fly_double_hexes(s);
                for level in g.fly_double_levels(l, t) {
                    f(Placement::double(grid.hex(l), grid.hex(t), level));
                }
            }
        }
    }

    /// The search states that end at `to` (for a double-space figure, either end leading).
    fn states_of(&self, to: &Placement) -> [u32; 2] {
        let g = &self.graph;
        let grid = self.grid;
        match g.mode {
            Mode::Walk => [
                grid.node_at(to.head.hex, to.head.level).unwrap_or(NONE),
                NONE,
            ],
            Mode::Fly => [grid.slot(to.head.hex), NONE],
            Mode::WalkDouble | Mode::FlyDouble => start_states(g, to),
        }
    }

    /// Whether the figure may end its move at `to` (a double-space figure's hexes in either
    /// order).
    pub fn can_end(&self, to: &Placement) -> bool {
        self.path_to(to).is_some()
    }

    /// The cheapest path to `to`, if the figure may end its move there.
    pub fn path_to(&self, to: &Placement) -> Option<MovePath> {
        let inner = self.inner.as_ref()?;
        if !self.shape_matches(to) {
            return None;
        }
        let mut best: Option<(u32, Vec<u32>)> = None;
        for s in self.states_of(to) {
            if s == NONE || !inner.can_end_at(&self.graph, s) || !self.ends_at(s, to) {
                continue;
            }
            if let Some(p) = self.inner_path(inner, s) {
                if best.as_ref().is_none_or(|(c, _)| p.0 < *c) {
                    best = Some(p);
                }
            }
        }
        let (_, states) = best?;
        Some(self.describe(&states, to))
    }

    fn shape_matches(&self, to: &Placement) -> bool {
        matches!(
            (self.query.mover.body.base, to.tail),
            (Base::Single, None) | (Base::Double, Some(_))
        )
    }

    /// Whether ending in state `s` puts the figure at `to` (a flyer lands at a chosen level).
    fn ends_at(&self, s: u32, to: &Placement) -> bool {
        let mut hit = false;
        self.ends_of(s, |at| hit |= unordered(&at) == unordered(to));
        hit
    }

    fn inner_path(&self, inner: &skirmish_path::Reach<u32>, s: u32) -> Option<(u32, Vec<u32>)> {
        let p = match self.graph.mode {
            Mode::WalkDouble | Mode::FlyDouble => inner.path_to(
                &Started {
                    graph: &self.graph,
                    starts: self.starts,
                },
                s,
            )?,
            _ => inner.path_to(&self.graph, s)?,
        };
        let mut nodes = p.nodes;
        if self.graph.has_virtual_start() {
            nodes.remove(0);
        }
        Some((p.cost, nodes))
    }

    /// A path as the game reads it, from the search's states.
    fn describe(&self, states: &[u32], to: &Placement) -> MovePath {
        let g = &self.graph;
        let mut steps: Vec<Placement> = states.iter().map(|&s| g.placement(s)).collect();
        // The start as the figure stands and the end as asked (a flyer's levels), each headed by
        // the hex that leads.
        steps[0] = orient(&self.query.mover.at, steps[0].head.hex);
        let last = steps.len() - 1;
        if last > 0 {
            let lead = steps[last].head.hex;
            steps[last] = orient(to, lead);
        }
        describe_steps(
            self.grid,
            &self.query.mover,
            self.query.others,
            steps,
            |i| self.step_cost(states[i - 1], states[i]),
            |i| self.stop_cause(states[i]),
        )
    }

    fn step_cost(&self, a: u32, b: u32) -> u16 {
        let g = &self.graph;
        match g.mode {
            Mode::Walk => climb_cost(self.grid.node(a).level, self.grid.node(b).level),
            Mode::WalkDouble => {
                let (la, _) = g.walk_double_nodes(a);
                let (lb, _) = g.walk_double_nodes(b);
                climb_cost(self.grid.node(la).level, self.grid.node(lb).level)
            }
            Mode::Fly | Mode::FlyDouble => 1,
        }
    }

    fn stop_cause(&self, s: u32) -> Option<StopCause> {
        let g = &self.graph;
        let grid = self.grid;
        match g.mode {
            Mode::Walk => {
                let n = grid.node(s);
                if n.glyph {
                    Some(StopCause::Glyph)
                } else if n.water {
                    Some(StopCause::Water)
                } else {
                    None
                }
            }
            Mode::WalkDouble => {
                let (l, t) = g.walk_double_nodes(s);
                if grid.node(l).glyph {
                    Some(StopCause::Glyph)
                } else if grid.node(l).water && grid.node(t).water {
                    Some(StopCause::Water)
                } else {
                    None
                }
            }
            Mode::Fly | Mode::FlyDouble => {
                let h = if g.mode == Mode::Fly {
                    s
                } else {
                    g.fly_double_hexes(s).0
                };
                (g.glyphs_stop_flight && grid.nodes_of(h).any(|n| grid.node(n).glyph))
                    .then_some(StopCause::Glyph)
            }
        }
    }

    /// Why the figure may not end its move at `to`, or the path if it may.
    pub fn explain(&self, to: &Placement) -> Result<MovePath, Refusal> {
        if let Some(p) = self.path_to(to) {
            return Ok(p);
        }
        if self.inner.is_none() {
            return Err(Refusal::NotOnBattlefield);
        }
        self.check_place(to)?;
        // The place itself is fine: find which rule keeps the figure out, relaxing one rule
        // after another (the allowance, then stops, climbs and figures in the way).
        let mover = self.query.mover;
        let unbounded = u32::from(u16::MAX);
        // One rule at a time (stops, figures, climbs), then all three at once.
        let all = Relax {
            stops: true,
            climb: true,
            figures: true,
        };
        let stages = [
            Relax::default(),
            Relax {
                stops: true,
                ..Relax::default()
            },
            Relax {
                figures: true,
                ..Relax::default()
            },
            Relax {
                climb: true,
                ..Relax::default()
            },
            all,
        ];
        for (stage, relax) in stages.into_iter().enumerate() {
            let graph = Graph::new(
                self.grid,
                &mover,
                self.query.others,
                relax,
                self.query.glyphs_stop_flight,
            );
            let starts = start_states(&graph, &mover.at);
            let Some(inner) = run(&graph, starts, unbounded) else {
                continue;
            };
            let relaxed = Reach {
                grid: self.grid,
                query: self.query,
                graph,
                inner: Some(inner),
                starts,
            };
            let found = relaxed.states_of(to).into_iter().find_map(|s| {
                let inner = relaxed.inner.as_ref()?;
                if s == NONE || !inner.can_end_at(&relaxed.graph, s) || !relaxed.ends_at(s, to) {
                    return None;
                }
                relaxed.inner_path(inner, s)
            });
            if let Some((cost, states)) = found {
                if stage == 0 {
                    return Err(Refusal::TooFar {
                        needed: u16::try_from(cost).unwrap_or(u16::MAX),
                        allowance: self.query.allowance,
                    });
                }
                return Err(self.relaxed_reason(&states, &relaxed.graph));
            }
        }
        Err(Refusal::NoWay)
    }

    /// The first place on a relaxed path where a rule was broken.
    fn relaxed_reason(&self, states: &[u32], g: &Graph<'_>) -> Refusal {
        let height = self.query.mover.body.height;
        let strict = Reach {
            grid: self.grid,
            query: self.query,
            graph: Graph::new(
                self.grid,
                &self.query.mover,
                self.query.others,
                Relax::default(),
                self.query.glyphs_stop_flight,
            ),
            inner: None,
            starts: self.starts,
        };
        for i in 1..states.len() {
            let (a, b) = (g.placement(states[i - 1]), g.placement(states[i]));
            let walks = !self.query.mover.body.flight.flies();
            if walks && b.head.level > a.head.level && b.head.level - a.head.level > height {
                return Refusal::ClimbTooHigh {
                    from: a.head,
                    to: b.head,
                    levels: b.head.level - a.head.level,
                    height,
                };
            }
            if walks {
                if let Some(n) = self.grid.node_at(b.head.hex, b.head.level) {
                    let (occ, k) = g.occ[n as usize];
                    if occ == Occ::Block && k != NONE {
                        return Refusal::BlockedBy {
                            hex: b.head.hex,
                            figure: self.query.others[k as usize].id,
                        };
                    }
                }
            }
            if i + 1 < states.len() {
                if let Some(cause) = strict.stop_cause(states[i]) {
                    return Refusal::StopsOnTheWay { at: b.head, cause };
                }
            }
        }
        Refusal::NoWay
    }

    /// Refusals that depend only on the place asked for.
    fn check_place(&self, to: &Placement) -> Result<(), Refusal> {
        let body = self.query.mover.body;
        if let (Base::Double, Some(t)) = (body.base, to.tail) {
            if to.head.hex.distance(t.hex) != 1 {
                return Err(Refusal::NotNeighbours {
                    head: to.head.hex,
                    tail: t.hex,
                });
            }
            if t.level != to.head.level {
                return Err(Refusal::Unlevel {
                    head: to.head.level,
                    tail: t.level,
                });
            }
        }
        for spot in to.spots() {
            check_spot(self.grid, &body, &self.graph, self.query.others, spot)?;
        }
        Ok(())
    }
}

fn check_spot(
    grid: &Grid,
    body: &Body,
    graph: &Graph<'_>,
    others: &[Standing],
    spot: Spot,
) -> Result<(), Refusal> {
    if !grid.contains(spot.hex) {
        return Err(Refusal::OffBattlefield { hex: spot.hex });
    }
    let Some(n) = grid.node_at(spot.hex, spot.level) else {
        return Err(Refusal::NoGround {
            hex: spot.hex,
            level: spot.level,
        });
    };
    let node = grid.node(n);
    if node.headroom < body.height {
        return Err(Refusal::NoRoom {
            hex: spot.hex,
            level: spot.level,
            headroom: node.headroom,
            height: body.height,
        });
    }
    let (occ, k) = graph.occ[n as usize];
    if occ != Occ::Free && k != NONE {
        return Err(Refusal::Occupied {
            hex: spot.hex,
            figure: others[k as usize].id,
        });
    }
    Ok(())
}

/// `to` with its head on `lead` (the hex that led), for a double-space figure.
fn orient(to: &Placement, lead: Hex) -> Placement {
    match to.tail {
        Some(t) if t.hex == lead => Placement {
            head: t,
            tail: Some(to.head),
        },
        _ => *to,
    }
}

/// A double-space placement's hexes in a fixed order, to compare placements either end first.
fn unordered(p: &Placement) -> (Spot, Option<Spot>) {
    match p.tail {
        Some(t) if t < p.head => (t, Some(p.head)),
        _ => (p.head, p.tail),
    }
}

fn climb_cost(from: Level, to: Level) -> u16 {
    1 + to.saturating_sub(from)
}

/// Attack dice for a fall of `drop` levels of a figure `height` tall: 0, 1 (at least its height),
/// or 2 (at least its height plus 10).
pub fn fall_dice(height: Level, drop: Level) -> u8 {
    let (h, d) = (u32::from(height), u32::from(drop));
    if d >= h + 10 {
        2
    } else if d >= h {
        1
    } else {
        0
    }
}

/// Fills in a path's costs, falls and leaving-engagement attacks.
fn describe_steps(
    grid: &Grid,
    mover: &Standing,
    others: &[Standing],
    steps: Vec<Placement>,
    cost: impl Fn(usize) -> u16,
    stop: impl Fn(usize) -> Option<StopCause>,
) -> MovePath {
    let flies = mover.body.flight.flies();
    let mut spent: Vec<u16> = Vec::with_capacity(steps.len());
    let mut falls = Vec::new();
    let mut leaves = Vec::new();
    spent.push(0);
    let enemies: Vec<&Standing> = others
        .iter()
        .filter(|o| o.id != mover.id && o.team != mover.team)
        .collect();
    let engaged_at = |at: &Placement| -> Vec<FigureId> {
        enemies
            .iter()
            .filter(|e| contact(grid, &mover.body, at, &e.body, &e.at).adjacent())
            .map(|e| e.id)
            .collect()
    };
    let mut engaged = engaged_at(&steps[0]);
    for i in 1..steps.len() {
        spent.push(spent[i - 1].saturating_add(cost(i)));
        if flies {
            continue;
        }
        let (a, b) = (steps[i - 1].head.level, steps[i].head.level);
        if a > b {
            let dice = fall_dice(mover.body.height, a - b);
            if dice > 0 {
                falls.push(Fall {
                    step: i,
                    drop: a - b,
                    dice,
                });
            }
        }
        let now = engaged_at(&steps[i]);
        for e in &engaged {
            if !now.contains(e) {
                leaves.push(Leave { step: i, enemy: *e });
            }
        }
        engaged = now;
    }
    if steps.len() > 1 && mover.body.flight == crate::body::Flight::Flies {
        for e in engaged_with(grid, mover, others) {
            leaves.push(Leave { step: 1, enemy: e });
        }
    }
    let last = steps.len() - 1;
    MovePath {
        stop: if last > 0 { stop(last) } else { None },
        steps,
        spent,
        falls,
        leaves,
    }
}

/// Checks a path a player traced, step by step, with the same rules as [`reach`]: every step to
/// a neighbouring place, within the allowance, no step after a stop, ending where the figure
/// may end. `steps` starts with the figure's placement.
pub fn check_path(
    grid: &Grid,
    query: &MoveQuery<'_>,
    steps: &[Placement],
) -> Result<MovePath, Refusal> {
    let to = steps.last().ok_or(Refusal::NoWay)?;
    let graph = Graph::new(
        grid,
        &query.mover,
        query.others,
        Relax::default(),
        query.glyphs_stop_flight,
    );
    if unordered(&steps[0]) != unordered(&query.mover.at) {
        return Err(Refusal::NotOnBattlefield);
    }
    let mut states = Vec::with_capacity(steps.len());
    for (i, p) in steps.iter().enumerate() {
        let s = match graph.mode {
            Mode::Walk => grid.node_at(p.head.hex, p.head.level),
            Mode::Fly => Some(grid.slot(p.head.hex)).filter(|&h| h != NONE),
            Mode::WalkDouble => {
                let t = p.tail.ok_or(Refusal::NoWay)?;
                let (Some(l), Some(t)) = (
                    grid.node_at(p.head.hex, p.head.level),
                    grid.node_at(t.hex, t.level),
                ) else {
                    return Err(Refusal::NoGround {
                        hex: p.head.hex,
                        level: p.head.level,
                    });
                };
                graph.walk_double_state(l, t)
            }
            Mode::FlyDouble => {
                let t = p.tail.ok_or(Refusal::NoWay)?;
                graph.fly_double_state(grid.slot(p.head.hex), grid.slot(t.hex))
            }
        };
        let Some(s) = s else {
            let spot = p.head;
            if !grid.contains(spot.hex) {
                return Err(Refusal::OffBattlefield { hex: spot.hex });
            }
            return Err(Refusal::NoGround {
                hex: spot.hex,
                level: spot.level,
            });
        };
        if i > 0 {
            let prev = states[i - 1];
            let mut found = None;
            let mut scratch = Vec::new();
            graph.for_each_step(prev as usize, &mut scratch, |j, cost, stop| {
                if j as u32 == s {
                    found = Some((cost, stop));
                }
            });
            let Some((_, stop)) = found else {
                return Err(step_refusal(grid, &graph, query, &steps[i - 1], p));
            };
            if stop && i + 1 < steps.len() {
                let cause = if grid
                    .node_at(p.head.hex, p.head.level)
                    .is_some_and(|n| grid.node(n).glyph)
                    || graph.mode == Mode::Fly
                    || graph.mode == Mode::FlyDouble
                {
                    StopCause::Glyph
                } else {
                    StopCause::Water
                };
                return Err(Refusal::StopsOnTheWay { at: p.head, cause });
            }
        }
        states.push(s);
    }
    let reach = Reach {
        grid,
        query: *query,
        inner: None,
        starts: [states[0], NONE],
        graph,
    };
    reach.check_place(to)?;
    let last = *states.last().expect("at least the start");
    if !reach.graph.can_end_index(last as usize) || !reach.ends_at(last, to) {
        reach.check_place(to)?;
        return Err(Refusal::NoWay);
    }
    let path = describe_steps(
        grid,
        &query.mover,
        query.others,
        steps.to_vec(),
        |i| reach.step_cost(states[i - 1], states[i]),
        |i| reach.stop_cause(states[i]),
    );
    if path.cost() > query.allowance {
        return Err(Refusal::TooFar {
            needed: path.cost(),
            allowance: query.allowance,
        });
    }
    Ok(path)
}

/// Why one step of a traced path is not allowed.
fn step_refusal(
    grid: &Grid,
    graph: &Graph<'_>,
    query: &MoveQuery<'_>,
    from: &Placement,
    to: &Placement,
) -> Refusal {
    let body = query.mover.body;
    let (a, b) = (from.head, to.head);
    if a.hex.distance(b.hex) != 1 {
        return Refusal::NoWay;
    }
    if let Some(n) = grid.node_at(b.hex, b.level) {
        let node = grid.node(n);
        if node.headroom < body.height {
            return Refusal::NoRoom {
                hex: b.hex,
                level: b.level,
                headroom: node.headroom,
                height: body.height,
            };
        }
        let (occ, k) = graph.occ[n as usize];
        if occ == Occ::Block && k != NONE {
            return Refusal::BlockedBy {
                hex: b.hex,
                figure: query.others[k as usize].id,
            };
        }
    }
    if b.level > a.level && b.level - a.level > body.height {
        return Refusal::ClimbTooHigh {
            from: a,
            to: b,
            levels: b.level - a.level,
            height: body.height,
        };
    }
    Refusal::NoWay
}
