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
//! * A battlement or a road wall on the edge between two hexes stops a walking step across it
//!   when it rises above the higher of the two levels (and starts below the figure's top).
//! * A double-space figure's lead hex chooses the path and the other follows the same hexes; it
//!   must end with both hexes at one level (example 10). Either end may lead. After the move, the
//!   placement's `head` is the hex that led.
//! * A flying figure counts hexes only, over anything (height, water, figures, obstacles), and
//!   lands where it fits and nobody stands. When it takes off engaged it takes the
//!   leaving-engagement attacks of those enemies (*Vol et surplomb*: M1 attacks Raelin); a stealth
//!   flyer takes none. Flyers pass over glyphs unless [`MoveQuery::glyphs_stop_flight`].
//! * Leaving engagement (*Quitter un engagement*): each time a walking figure arrives on a place
//!   not adjacent to an enemy it was engaged with, that enemy rolls one attack die ([`Leave`]).
//! * Molten lava is water for movement (entering it ends a walking move, a double-space figure
//!   stopping when both hexes are in it) and the game rolls for molten lava damage on the step
//!   that first stands on it ([`MovePath::molten`]); a flyer flies over it and rolls only if it
//!   lands there.
//! * Glyphs that are gone (a temporary glyph used and discarded) stop nobody:
//!   [`MoveQuery::gone_glyphs`] lists them, so that the grid, built once per battlefield, keeps
//!   the glyphs the game began with.
//!
//! Special powers change these rules ([`Powers`], read from the card by the game):
//! * *Ghost Walk* (*Phantom Walk*): the figure moves through every figure, friend or foe, engaged
//!   or not, and still never ends on one; it still takes leaving-engagement attacks (standing on
//!   an enemy's hex on the way keeps it engaged with that enemy, so passing through one enemy is
//!   one engagement left, not two).
//! * *Water walk* (*Slither*, *Swim*, *Water Suits*...): entering water does not end its move.
//! * *Lava Resistant*: molten lava neither ends its move nor hurts it.
//! * *Climb X2*, *X3*: its height counts twice (three times) going up or down: a step may climb
//!   that many levels, and a drop is a fall only from that many.
//!
//! and some replace the normal move ([`Way`]):
//! * *Warp Space* ([`Way::Teleport`]): the figure is placed on an empty space within its
//!   allowance, counted as a flyer counts (hexes only, over anything); the path is its start and
//!   its end. Engaged when it starts, it takes the leaving-engagement attacks of every enemy it
//!   was engaged with.
//! * *Grapple Gun* ([`Way::Grapple`]): a walking move (usually of one space) whose steps cost one
//!   space each, however many levels they climb, up to the grapple's levels; engagement rules
//!   apply as to any walk.
//! * *Drill-Drive* ([`Way::Drill`]): a walking move whose steps all go one way, in a straight
//!   line, passing through every figure as *Ghost Walk* does (the game leaves out the
//!   leaving-engagement attacks of the figures passed through).
//!
//! Searches run on a [`Grid`] and cost microseconds (`benches/geometry.rs`).
//!
//! ```
//! use skirmish_board::{hex::Hex, FigureId};
//! use skirmish_heroscape::battlefield::{Builder, Ground, Material, Span};
//! use skirmish_heroscape::body::{Body, Placement, Standing};
//! use skirmish_heroscape::grid::Grid;
//! use skirmish_heroscape::movement::{reach, MoveQuery, Refusal};
//!
//! // A row of grass at level 1, and a ledge 3 levels higher at its end.
//! let mut b = Builder::new("ledge");
//! for q in 0..4 {
//!     let top = if q == 3 { 4 } else { 1 };
//!     let span = Span { bottom: 0, top, material: Material::Solid(Ground::Grass) };
//!     b.span(Hex::new(q, 0), span, format!("hex {q}"));
//! }
//! let grid = Grid::new(&b.build().unwrap());
//! let finn = Standing {
//!     id: FigureId(1),
//!     team: 1,
//!     body: Body::single(5),
//!     at: Placement::single(Hex::new(0, 0), 1),
//! };
//! let r = reach(&grid, &MoveQuery::new(finn, 6, &[]));
//! let path = r.path_to(&Placement::single(Hex::new(3, 0), 4)).unwrap();
//! assert_eq!(path.spent, vec![0, 1, 2, 6]); // the last step climbs three level edges
//! assert_eq!(
//!     reach(&grid, &MoveQuery::new(finn, 5, &[])).explain(&path.end()),
//!     Err(Refusal::TooFar { needed: 6, allowance: 5 })
//! );
//! ```

mod graph;
#[cfg(test)]
mod tests;
mod words;

use serde::{Deserialize, Serialize};
use skirmish_board::hex::{Hex, HexDir};
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
    /// What the mover's special powers change.
    pub powers: Powers,
    /// The normal move, or a power that replaces it.
    pub way: Way,
    /// Glyphs of the battlefield that are no longer there (used and discarded): they stop
    /// nobody.
    pub gone_glyphs: &'a [Spot],
    /// Places where an enemy's power holds the mover (*Cyberclaw*: "figures that enter a space
    /// adjacent to any Gladiatron may not move"): a walking step onto one ends the move (for
    /// a double-space figure, its lead hex entering one). Flyers fly over them, as over water.
    pub held: &'a [Spot],
    /// Places where an enemy's vortex catches the mover (*Swirling Vortex*: "when an
    /// opponent's small or medium figure moves onto a space within 2 clear sight spaces of an
    /// Air Elemental you control, that figure must end its move there"): stops walking steps
    /// as [`MoveQuery::held`] does, with its own cause for people.
    pub caught: &'a [Spot],
    /// Figures nobody may move through, friend or foe, ghost walk included (*Swirling
    /// Vortex*: "figures can never move through any figure affected by Swirling Vortex").
    /// Flyers still pass over them.
    pub impassable: &'a [FigureId],
}

/// What a figure's special powers change in its moves (*Pouvoirs spéciaux*): see the module's
/// documentation. The default is a figure without any.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Powers {
    /// *Ghost Walk*: moves through all figures.
    #[serde(default)]
    pub ghost_walk: bool,
    /// Entering water does not end its move (*Slither*, *Swim*).
    #[serde(default)]
    pub water_walk: bool,
    /// *Lava Resistant*: molten lava neither stops nor hurts it (lava fields neither, which the
    /// game rolls at the end of the round).
    #[serde(default)]
    pub lava_resistant: bool,
    /// *Climb X2* (2), *Climb X3* (3): how many times its height counts going up or down; 0 and
    /// 1 mean once.
    #[serde(default)]
    pub climb_factor: u8,
}

impl Powers {
    /// The height that counts going up or down for a figure `height` tall: the most levels a
    /// step climbs, and the drop from which it falls.
    pub fn climb_height(&self, height: Level) -> Level {
        height.saturating_mul(Level::from(self.climb_factor.max(1)))
    }
}

/// How a figure moves: its normal move, or a power used instead of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "way")]
pub enum Way {
    /// Its normal move: walking, or flying when its body flies.
    #[default]
    Normal,
    /// Placed on an empty space within the allowance, counted as a flyer counts (*Warp Space*).
    Teleport,
    /// Walking steps of one space each whatever they climb, up to `up` levels (*Grapple Gun*).
    Grapple {
        /// Most levels one step climbs.
        up: Level,
    },
    /// A walk in a straight line, every step in the direction `dir`, through every figure
    /// (never ending on one), each step costing as a walking step does (*Drill-Drive*: "move
    /// him up to 5 spaces in a straight line ... Decker may pass through figures"). A flyer's
    /// steps keep to the line too.
    Drill {
        /// The direction of every step.
        dir: HexDir,
    },
}

impl<'a> MoveQuery<'a> {
    /// A move of `allowance` hexes for `mover` among `others`.
    pub fn new(mover: Standing, allowance: u16, others: &'a [Standing]) -> MoveQuery<'a> {
        MoveQuery {
            mover,
            allowance,
            others,
            glyphs_stop_flight: false,
            powers: Powers::default(),
            way: Way::Normal,
            gone_glyphs: &[],
            held: &[],
            caught: &[],
            impassable: &[],
        }
    }

    /// The same query with the places an enemy's vortex catches the mover, and the figures
    /// nobody may move through ([`MoveQuery::caught`], [`MoveQuery::impassable`]).
    pub fn with_vortex(self, caught: &'a [Spot], impassable: &'a [FigureId]) -> MoveQuery<'a> {
        MoveQuery {
            caught,
            impassable,
            ..self
        }
    }

    /// The same query with places where an enemy's power holds the mover.
    pub fn with_held(self, held: &'a [Spot]) -> MoveQuery<'a> {
        MoveQuery { held, ..self }
    }

    /// The same query with the mover's powers.
    pub fn with_powers(self, powers: Powers) -> MoveQuery<'a> {
        MoveQuery { powers, ..self }
    }

    /// The same query moving another way.
    pub fn with_way(self, way: Way) -> MoveQuery<'a> {
        MoveQuery { way, ..self }
    }

    /// The same query with glyphs that are gone.
    pub fn with_gone_glyphs(self, gone_glyphs: &'a [Spot]) -> MoveQuery<'a> {
        MoveQuery {
            gone_glyphs,
            ..self
        }
    }

    /// Whether the mover counts hexes only (it flies, or teleports).
    pub fn flies(&self) -> bool {
        self.mover.body.flight.flies() || self.way == Way::Teleport
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
    /// It entered molten lava (both hexes, for a double-space figure).
    Lava,
    /// It entered a space where an enemy's power holds it (*Cyberclaw*:
    /// [`MoveQuery::held`]).
    Held,
    /// It entered a space where an enemy's vortex catches it (*Swirling Vortex*:
    /// [`MoveQuery::caught`]).
    Caught,
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
    /// The index in [`MovePath::steps`] of the place where the figure first stands on molten
    /// lava, which rolls for molten lava damage (never for a lava-resistant figure, nor for a
    /// flyer passing over it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub molten: Option<usize>,
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
    /// Every way in needs a step that climbs more levels than the figure may climb at once
    /// (its height; twice or three times it with Climb X2 or X3; the grapple gun's levels).
    ClimbTooHigh {
        /// Where the step starts.
        from: Spot,
        /// Where it ends.
        to: Spot,
        /// Levels it climbs.
        levels: Level,
        /// The figure's height.
        height: Level,
        /// The most levels it may climb in one step.
        #[serde(default)]
        limit: Level,
    },
    /// Every way in passes through a figure that cannot be passed (an enemy, or an engaged
    /// friend).
    BlockedBy {
        /// Where it stands.
        hex: Hex,
        /// The figure.
        figure: FigureId,
    },
    /// The placement names two hexes for a one-hex figure, or one for a double-space figure.
    WrongBase {
        /// The figure's base.
        base: Base,
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
    let graph = Graph::new(grid, query, Relax::default());
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
        let ends = inner.destinations();
        let double = matches!(self.graph.mode, Mode::WalkDouble | Mode::FlyDouble);
        for &(s, cost) in &ends {
            if double {
                // The same two hexes reached with the other end leading: keep the cheaper (the
                // lower state on a tie), found by its index in the sorted list of ends.
                let partner = self.partner(s);
                let other = ends.binary_search_by_key(&partner, |e| e.0).ok();
                if other.is_some_and(|k| (ends[k].1, partner) < (cost, s)) {
                    continue;
                }
            }
            self.ends_of(s, |at| {
                out.push(Destination {
                    at,
                    cost: cost as u16,
                })
            });
        }
        out
    }

    /// The state of a double-space figure on the same two hexes with the other end leading.
    fn partner(&self, s: u32) -> u32 {
        let g = &self.graph;
        match g.mode {
            Mode::WalkDouble => {
                let (l, t) = g.walk_double_nodes(s);
                g.walk_double_state(t, l).unwrap_or(NONE)
            }
            Mode::FlyDouble => {
                let (l, t) = g.fly_double_hexes(s);
                g.fly_double_state(t, l).unwrap_or(NONE)
            }
            _ => s,
        }
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

    /// The path to `to` that rolls the fewest dice against the figure (falls and
    /// leaving-engagement attacks) within the allowance, the cheapest among those; `None` if the
    /// figure may not end its move there. For flyers it is [`Reach::path_to`]: their dice do
    /// not depend on the way.
    pub fn safest_path_to(&self, to: &Placement) -> Option<MovePath> {
        if matches!(self.graph.mode, Mode::Fly | Mode::FlyDouble) {
            return self.path_to(to);
        }
        self.inner.as_ref()?;
        if !self.shape_matches(to) {
            return None;
        }
        let g = &self.graph;
        let targets: Vec<u32> = self
            .states_of(to)
            .into_iter()
            .filter(|&s| s != NONE && g.can_end_index(s as usize) && self.ends_at(s, to))
            .collect();
        if targets.is_empty() {
            return None;
        }
        let layers = usize::from(self.query.allowance) + 1;
        let n = g.states;
        // Labels per (state, movement spent, stopped): dice so far and the parent label.
        let idx =
            |s: u32, c: usize, stop: bool| ((s as usize * layers + c) << 1) | usize::from(stop);
        let mut dice = vec![u32::MAX; n * layers * 2];
        let mut parent = vec![u32::MAX; n * layers * 2];
        let mut engaged: Vec<Option<u64>> = vec![None; n];
        let enemies: Vec<&Standing> = self
            .query
            .others
            .iter()
            .filter(|o| o.id != self.query.mover.id && o.team != self.query.mover.team)
            .take(64)
            .collect();
        let body = self.query.mover.body;
        let fall_height = self.query.powers.climb_height(body.height);
        let mut mask = |s: u32| -> u64 {
            *engaged[s as usize].get_or_insert_with(|| {
                let at = g.placement(s);
                enemies.iter().enumerate().fold(0u64, |m, (k, e)| {
                    if engages(self.grid, &body, &at, e) {
                        m | (1 << k)
                    } else {
                        m
                    }
                })
            })
        };
        for s in self.starts {
            if s != NONE {
                dice[idx(s, 0, false)] = 0;
            }
        }
        let mut scratch = Vec::new();
        let mut steps = Vec::new();
        for c in 0..layers {
            for s in 0..n as u32 {
                let here = dice[idx(s, c, false)];
                if here == u32::MAX {
                    continue;
                }
                steps.clear();
                g.for_each_step(s as usize, &mut scratch, |j, cost, stop| {
                    steps.push((j as u32, cost, stop));
                });
                let from_mask = mask(s);
                let from_level = g.placement(s).head.level;
                for &(j, cost, stop) in &steps {
                    let nc = c + cost as usize;
                    if nc >= layers {
                        continue;
                    }
                    let to_place = g.placement(j);
                    let fall = u32::from(fall_dice(
                        fall_height,
                        from_level.saturating_sub(to_place.head.level),
                    ));
                    let left = (from_mask & !mask(j)).count_ones();
                    let d = here + fall + left;
                    let k = idx(j, nc, stop);
                    if d < dice[k] {
                        dice[k] = d;
                        parent[k] = idx(s, c, false) as u32;
                    }
                }
            }
        }
        let best = targets
            .iter()
            .flat_map(|&s| (0..layers).flat_map(move |c| [idx(s, c, false), idx(s, c, true)]))
            .filter(|&k| dice[k] != u32::MAX)
            .min_by_key(|&k| (dice[k], (k >> 1) % layers))?;
        let mut states = vec![(best >> 1) / layers];
        let mut k = parent[best];
        while k != u32::MAX {
            states.push((k as usize >> 1) / layers);
            k = parent[k as usize];
        }
        states.reverse();
        let states: Vec<u32> = states.into_iter().map(|s| s as u32).collect();
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
            &self.query,
            steps,
            |i| self.step_cost(states[i - 1], states[i]),
            |i| self.graph.stop_cause(states[i]),
        )
    }

    fn step_cost(&self, a: u32, b: u32) -> u16 {
        let g = &self.graph;
        if g.flat {
            return 1;
        }
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
        let all = Relax::ALL;
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
            let graph = Graph::new(self.grid, &self.query, relax);
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
        let strict = &self.graph;
        for i in 1..states.len() {
            let (a, b) = (g.placement(states[i - 1]), g.placement(states[i]));
            let walks = !self.query.flies();
            if walks && b.head.level > a.head.level && b.head.level - a.head.level > strict.climb {
                return Refusal::ClimbTooHigh {
                    from: a.head,
                    to: b.head,
                    levels: b.head.level - a.head.level,
                    height,
                    limit: strict.climb,
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
        if !self.shape_matches(to) {
            return Err(Refusal::WrongBase { base: body.base });
        }
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

/// Whether a figure with body `body` at `at` is engaged with `enemy`: adjacent to it, or
/// standing on its very spot (a ghost walker passing through it has not left it).
fn engages(grid: &Grid, body: &Body, at: &Placement, enemy: &Standing) -> bool {
    at.spots().any(|s| enemy.at.spots().any(|e| e == s))
        || contact(grid, body, at, &enemy.body, &enemy.at).adjacent()
}

/// Whether a placement stands on molten lava (either hex).
fn on_lava(grid: &Grid, at: &Placement) -> bool {
    at.spots().any(|s| {
        grid.node_at(s.hex, s.level)
            .is_some_and(|n| grid.node(n).lava)
    })
}

/// Fills in a path's costs, falls, leaving-engagement attacks and molten lava.
fn describe_steps(
    grid: &Grid,
    query: &MoveQuery<'_>,
    mut steps: Vec<Placement>,
    cost: impl Fn(usize) -> u16,
    stop: impl Fn(usize) -> Option<StopCause>,
) -> MovePath {
    let mover = &query.mover;
    let others = query.others;
    let flies = query.flies();
    let mut spent: Vec<u16> = Vec::with_capacity(steps.len());
    let mut falls = Vec::new();
    let mut leaves = Vec::new();
    spent.push(0);
    for i in 1..steps.len() {
        spent.push(spent[i - 1].saturating_add(cost(i)));
    }
    let last_stop = if steps.len() > 1 {
        stop(steps.len() - 1)
    } else {
        None
    };
    if query.way == Way::Teleport && steps.len() > 2 {
        // Placed, not moved: the path is where it was and where it is put.
        let end = *steps.last().expect("a path has its start");
        steps.truncate(1);
        steps.push(end);
        let total = *spent.last().expect("spent per step");
        spent = vec![0, total];
    }
    let fall_height = query.powers.climb_height(mover.body.height);
    let enemies: Vec<&Standing> = others
        .iter()
        .filter(|o| o.id != mover.id && o.team != mover.team)
        .collect();
    let engaged_at = |at: &Placement| -> Vec<FigureId> {
        enemies
            .iter()
            .filter(|e| engages(grid, &mover.body, at, e))
            .map(|e| e.id)
            .collect()
    };
    let mut molten = None;
    if flies {
        // Flyers pass over lava; only where they land counts.
        let last = steps.len() - 1;
        if last > 0 && !query.powers.lava_resistant && on_lava(grid, &steps[last]) {
            molten = Some(last);
        }
        // Taking off (or warping) engaged: every enemy left behind attacks, except for a
        // stealth flyer.
        let stealth =
            mover.body.flight == crate::body::Flight::StealthFlies && query.way != Way::Teleport;
        if last > 0 && !stealth {
            for e in engaged_with(grid, mover, others) {
                leaves.push(Leave { step: 1, enemy: e });
            }
        }
    } else {
        let mut engaged = engaged_at(&steps[0]);
        for i in 1..steps.len() {
            let (a, b) = (steps[i - 1].head.level, steps[i].head.level);
            if a > b {
                let dice = fall_dice(fall_height, a - b);
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
            if molten.is_none() && !query.powers.lava_resistant && on_lava(grid, &steps[i]) {
                molten = Some(i);
            }
        }
    }
    MovePath {
        stop: last_stop,
        steps,
        spent,
        falls,
        leaves,
        molten,
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
    let graph = Graph::new(grid, query, Relax::default());
    if unordered(&steps[0]) != unordered(&query.mover.at) {
        return Err(Refusal::NotOnBattlefield);
    }
    // A double-space figure's start is headed by the end that leads: the one the second place
    // does not put its tail on.
    let mut steps = steps.to_vec();
    if let (Some(next), Some(tail)) = (steps.get(1).copied(), steps[0].tail) {
        if next.tail.is_some_and(|t| t.hex == tail.hex) {
            steps[0] = orient(&steps[0], tail.hex);
        }
    }
    let steps = &steps[..];
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
                let cause = graph.stop_cause(s).unwrap_or(StopCause::Glyph);
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
        query,
        steps.to_vec(),
        |i| reach.step_cost(states[i - 1], states[i]),
        |i| reach.graph.stop_cause(states[i]),
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
    if b.level > a.level && b.level - a.level > graph.climb {
        return Refusal::ClimbTooHigh {
            from: a,
            to: b,
            levels: b.level - a.level,
            height: body.height,
            limit: graph.climb,
        };
    }
    Refusal::NoWay
}
