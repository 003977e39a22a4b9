//! Where a figure should stand: the greedy bot's scoring of move destinations.
//!
//! A figure has hundreds of destinations and every one is weighed against every opposing
//! figure, so what does not depend on the square is worked out once: per decision, which
//! squares touch which opposing figure ([`Ctx::adjacency`]) and the walking distances to the
//! nearest one (on first need); per moving figure, what each opposing figure is worth to hit
//! or costs to be hit by ([`Mover`]). A square's cheap estimate is then a few comparisons per
//! opposing figure; only the best candidates get lines of fire.

use std::cell::{Cell, OnceCell};
use std::sync::Arc;

use skirmish_board::square::{Square, SquareMap};
use skirmish_board::FigureId;
use skirmish_los::{ClixLos, Endpoint, OccupancyGrid, Occupant, Verdict};

use super::{Ctx, Unit};
use crate::bots::odds::hit_chance;

/// What one opposing figure means to the figure being moved, whatever square it ends on.
struct Foe {
    id: FigureId,
    sq: Square,
    range: u32,
    /// It may act on its side's next turn.
    fresh: bool,
    /// Another friendly figure is next to it: it cannot shoot without moving first.
    held: bool,
    /// Our attack on it, in expected points: next to it or along a clear line of fire, and
    /// along a hindered line.
    shot: [f64; 2],
    /// Its attack on us, the same way.
    shot_at: [f64; 2],
}

/// A friendly figure about to move, with its view of every opposing figure.
pub(super) struct Mover<'a> {
    unit: Unit<'a>,
    foes: Vec<Foe>,
}

/// Walking steps between squares for the approach distances, built once per version of a map
/// (see [`SquareMap::derived`]): from each square, the touching squares a figure can step to.
#[derive(Debug)]
pub(super) struct WalkGraph {
    /// `next[start[i]..start[i + 1]]` are the squares one step from square `i`.
    start: Vec<u32>,
    next: Vec<u32>,
}

impl WalkGraph {
    /// Steps between touching squares that are not blocking, not across a wall or a blocked
    /// corner, and on one level (or linked by stairs or a ladder). Water and hindering terrain
    /// count as one step: this guides the approach, the movement rules decide the moves.
    fn of(map: &SquareMap) -> WalkGraph {
        let mut start = Vec::with_capacity(map.len() + 1);
        let mut next = Vec::new();
        for i in 0..map.len() {
            start.push(next.len() as u32);
            let a = map.square_at(i);
            for n in a.neighbours() {
                let (Some(cell), Some(j)) = (map.cell(n), map.index(n)) else {
                    continue;
                };
                if cell.is_blocking() || map.step_crosses_wall(a, n) || map.corner_cut(a, n) {
                    continue;
                }
                if map.level(a) != cell.level && !map.level_link(a, n) {
                    continue;
                }
                next.push(j as u32);
            }
        }
        start.push(next.len() as u32);
        WalkGraph { start, next }
    }
}

/// Distances worked out for one choice, kept for the next: they hold while the map (the same
/// [`WalkGraph`], which the cache keeps alive so that its address cannot be reused) and the
/// opposing figures' squares are the same.
#[derive(Clone, Debug)]
pub(super) struct FieldCache {
    graph: Arc<WalkGraph>,
    sources: Vec<Square>,
    field: Arc<Vec<u32>>,
}

/// Steps from every square (row-major) to the nearest of `sources` over `graph`'s steps;
/// `u32::MAX` where none is reachable.
fn distance_field(map: &SquareMap, graph: &WalkGraph, sources: &[Square]) -> Vec<u32> {
    let mut dist = vec![u32::MAX; map.len()];
    let mut queue: Vec<u32> = Vec::with_capacity(map.len());
    for s in sources {
        if let Some(i) = map.index(*s) {
            if dist[i] == u32::MAX {
                dist[i] = 0;
                queue.push(i as u32);
            }
        }
    }
    let mut head = 0;
    while let Some(&a) = queue.get(head) {
        head += 1;
        let a = a as usize;
        let d = dist[a] + 1;
        let (from, to) = (graph.start[a] as usize, graph.start[a + 1] as usize);
        for &n in &graph.next[from..to] {
            let slot = &mut dist[n as usize];
            if *slot == u32::MAX {
                *slot = d;
                queue.push(n);
            }
        }
    }
    dist
}

/// For each square (row-major), bit `k` set if it is adjacent to opposing figure `k` (the
/// first 32 of them; [`Ctx::adjacent_to`] asks the map for the others).
pub(super) fn adjacency(map: &SquareMap, enemies: &[Unit<'_>]) -> Vec<u32> {
    let mut bits = vec![0u32; map.len()];
    for (k, e) in enemies.iter().enumerate().take(32) {
        for n in e.sq.neighbours() {
            if map.adjacent(n, e.sq) {
                if let Some(i) = map.index(n) {
                    bits[i] |= 1 << k;
                }
            }
        }
    }
    bits
}

impl<'a> Ctx<'a> {
    /// True if `s` is adjacent to opposing figure `k`.
    fn adjacent_to(&self, bits: u32, s: Square, k: usize) -> bool {
        if k < 32 {
            bits & (1 << k) != 0
        } else {
            self.map().adjacent(s, self.enemies[k].sq)
        }
    }

    /// The walking distances to the nearest opposing figure, worked out on first need.
    fn field(&self) -> &[u32] {
        self.field
            .get_or_init(|| {
                let sources: Vec<Square> = self.enemies.iter().map(|e| e.sq).collect();
                let graph = self.state.map.derived(WalkGraph::of);
                let field = Arc::new(distance_field(&self.state.map, &graph, &sources));
                self.fresh_field.set(true);
                FieldCache {
                    graph,
                    sources,
                    field,
                }
            })
            .field
            .as_slice()
    }

    /// Takes the distances of an earlier choice if they still hold.
    pub(super) fn reuse_field(&self, cache: Option<&FieldCache>) {
        let Some(cache) = cache else { return };
        let same_sources = cache.sources.len() == self.enemies.len()
            && cache
                .sources
                .iter()
                .zip(&self.enemies)
                .all(|(s, e)| *s == e.sq);
        if same_sources && Arc::ptr_eq(&cache.graph, &self.state.map.derived(WalkGraph::of)) {
            let _ = self.field.set(cache.clone());
        }
    }

    /// The distances this choice worked out, if it did.
    pub(super) fn new_field(&self) -> Option<FieldCache> {
        if self.fresh_field.get() {
            self.field.get().cloned()
        } else {
            None
        }
    }

    /// Friendly figure `f` about to move, with what every opposing figure means to it.
    pub(super) fn mover(&self, f: Unit<'a>) -> Mover<'a> {
        let map = self.map();
        let foes = self
            .enemies
            .iter()
            .map(|e| {
                let ours = |hindered: i32| {
                    hit_chance(f.attack, e.defense + hindered) * self.damage_value(e.fig, f.damage)
                };
                let theirs = |hindered: i32| {
                    hit_chance(e.attack, f.defense + hindered) * self.damage_value(f.fig, e.damage)
                };
                Foe {
                    id: e.fig.id,
                    sq: e.sq,
                    range: e.range,
                    fresh: e.fresh,
                    held: self
                        .friends
                        .iter()
                        .any(|o| o.fig.id != f.fig.id && map.adjacent(e.sq, o.sq)),
                    shot: [ours(0), ours(1)],
                    shot_at: [theirs(0), theirs(1)],
                }
            })
            .collect();
        Mover { unit: f, foes }
    }

    /// Scores the moves of one figure.
    pub(super) fn move_scores(
        &self,
        figure: FigureId,
        list: &[(usize, Square)],
        scores: &mut [f64],
    ) {
        let Some(f) = self.friend(figure) else { return };
        if f.fig.tokens >= 1 {
            // A move that pushes costs a click and the next turn for no attack.
            for (i, _) in list {
                scores[*i] = -1000.0;
            }
            return;
        }
        let from = f.sq;
        let mover = self.mover(f);
        let breakaway = self
            .map()
            .index(from)
            .is_some_and(|i| self.adjacency[i] != 0)
            || self
                .enemies
                .iter()
                .skip(32)
                .any(|e| self.map().adjacent(from, e.sq));
        let chance = if breakaway { 0.5 } else { 1.0 };
        let mut cheap: Vec<(f64, usize, Square)> = Vec::with_capacity(list.len());
        for (i, to) in list {
            if *to == from {
                scores[*i] = -1000.0;
            } else {
                cheap.push((self.square_value(&mover, *to, None), *i, *to));
            }
        }
        // The best by the cheap estimate, ties to the first listed: a total order, so the
        // candidates are the same whatever the partition does.
        let order = |a: &(f64, usize, Square), b: &(f64, usize, Square)| {
            b.0.total_cmp(&a.0).then(a.1.cmp(&b.1))
        };
        let keep = self.w.candidates.min(cheap.len());
        if keep < cheap.len() {
            cheap.select_nth_unstable_by(keep, order);
            // Squares past the candidates keep a cheap score well below any checked one.
            for (_, i, _) in &cheap[keep..] {
                scores[*i] = -500.0;
            }
            cheap.truncate(keep);
        }
        let mut occ = self.occ.clone();
        occ.set(from, None);
        let here = self.square_value(&mover, from, Some(&self.occ));
        for (_, i, to) in &cheap {
            occ.set(
                *to,
                Some(Occupant {
                    figure: f.fig.id,
                    level: self.map().level(*to),
                }),
            );
            let there = self.square_value(&mover, *to, Some(&occ));
            occ.set(*to, None);
            scores[*i] = chance * (there - here) - self.w.token;
        }
    }

    /// How good `s` is for the moving figure to end on: the attack it allows next turn, the
    /// attacks it invites, and the way still to go. With `occ` (figures as they would stand),
    /// lines of fire are checked; without, they are assumed clear.
    pub(super) fn square_value(
        &self,
        m: &Mover<'_>,
        s: Square,
        occ: Option<&OccupancyGrid>,
    ) -> f64 {
        let map = self.map();
        let f = &m.unit;
        let bits = map.index(s).map_or(0, |i| self.adjacency[i]);
        let engaged = bits != 0 || self.enemies.iter().skip(32).any(|e| map.adjacent(s, e.sq));
        let los = |e: &Foe| match occ {
            Some(occ) => ClixLos::HEROCLIX.verdict(
                map,
                Endpoint::at(map, s).with_figure(f.fig.id),
                Endpoint::at(map, e.sq).with_figure(e.id),
                occ,
            ),
            None => Verdict::Clear,
        };
        let along = |v: Verdict, values: &[f64; 2]| match v {
            Verdict::Blocked => 0.0,
            Verdict::Hindered => values[1],
            _ => values[0],
        };
        let mut offence = 0.0f64;
        let mut threat = 0.0;
        for (k, e) in m.foes.iter().enumerate() {
            let adjacent = self.adjacent_to(bits, s, k);
            let dist = (s.x - e.sq.x)
                .unsigned_abs()
                .max((s.y - e.sq.y).unsigned_abs());
            let mut verdict = None;
            // Our attack on it next turn.
            let o = if adjacent {
                e.shot[0]
            } else if f.range > 0 && !engaged && dist <= f.range {
                along(*verdict.get_or_insert_with(|| los(e)), &e.shot)
            } else {
                0.0
            };
            offence = offence.max(o);
            // Its attack on us on its next turn; next to us or to another of ours, it cannot
            // shoot without moving first.
            if !e.fresh {
                continue;
            }
            if adjacent {
                threat += e.shot_at[0];
            } else if e.range > 0 && dist <= e.range && !e.held {
                threat += along(*verdict.get_or_insert_with(|| los(e)), &e.shot_at);
            }
        }
        // A captor heads home: its captives score twice their points once released in its
        // starting area.
        let home = self.homeward(f, s);
        let approach = if offence > 0.0 || home > 0.0 {
            0.0
        } else {
            let steps = map
                .index(s)
                .and_then(|i| self.field().get(i).copied())
                .filter(|d| *d != u32::MAX)
                .unwrap_or_else(|| {
                    self.enemies
                        .iter()
                        .map(|e| s.distance(e.sq) * 2)
                        .min()
                        .unwrap_or(0)
                });
            let wanted = f.range.max(1);
            f64::from(steps.saturating_sub(wanted))
        };
        self.w.future * offence - self.w.threat * threat - self.w.approach * approach + home
    }

    /// What standing on `s` is worth to a captor for bringing its captives home: more the
    /// nearer its starting area.
    fn homeward(&self, f: &Unit<'_>, s: Square) -> f64 {
        if f.fig.captives.is_empty() {
            return 0.0;
        }
        let Some(zone) = self
            .state
            .seats
            .get(f.fig.owner.index())
            .and_then(|x| x.zone)
        else {
            return 0.0;
        };
        let prize: f64 = f
            .fig
            .captives
            .iter()
            .map(|c| f64::from(crate::game::capture::release_points(self.state, f.fig.id, *c).0))
            .sum();
        let (w, d) = (
            i32::from(f.fig.def.base.width.max(1)),
            i32::from(f.fig.def.base.depth.max(1)),
        );
        let area = crate::game::setup::zone_squares(self.state, zone);
        // Squares of the base still outside the starting area, at their distance from it.
        let mut out = 0;
        for dy in 0..d {
            for dx in 0..w {
                let b = Square::new(s.x + dx, s.y + dy);
                out += area.iter().map(|z| z.distance(b)).min().unwrap_or(48);
            }
        }
        prize * 0.5 / (1.0 + f64::from(out))
    }
}

/// The lazily built distance field a [`Ctx`] keeps.
pub(super) type Field = OnceCell<FieldCache>;

/// Whether a [`Ctx`]'s distance field was worked out rather than reused.
pub(super) type Fresh = Cell<bool>;
