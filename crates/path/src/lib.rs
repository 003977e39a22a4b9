//! Movement search for every Skirmish ruleset.
//!
//! A ruleset describes its board as a [`MoveGraph`]: from a position, which single steps are
//! possible, what each costs, whether the mover must stop after it, and where a move may end. The
//! search answers with every place the mover can end its move and a path to each — paths, not
//! only squares, because a player must see (and a judge check) the way a figure went.
//!
//! The search keeps two labels per position, "arrived and may go on" and "arrived and must
//! stop", because rules such as *entering hindering terrain ends the move* make the same square
//! worth more when reached one way than another.

use serde::Serialize;

/// One possible step out of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step<N> {
    /// Where the step leads.
    pub to: N,
    /// Movement it costs (1 for a HeroClix square, diagonal included).
    pub cost: u32,
    /// The mover must end its move after this step.
    pub stop: bool,
}

/// A board as movement sees it, for one mover at one moment.
pub trait MoveGraph {
    /// A position: a square, a hex, or a hex with a facing.
    type Node: Copy + Eq + std::fmt::Debug;

    /// Number of positions; indices run from 0 below it.
    fn node_count(&self) -> usize;
    /// The index of a position, or `None` if it is not on the board.
    fn index(&self, node: Self::Node) -> Option<usize>;
    /// The position at an index.
    fn node(&self, index: usize) -> Self::Node;
    /// The steps possible out of `from`, pushed onto `out`.
    fn steps(&self, from: Self::Node, out: &mut Vec<Step<Self::Node>>);
    /// True if the mover may end its move here.
    fn can_end(&self, node: Self::Node) -> bool;

    /// The steps out of the position at index `from`, handed to `visit` as (index, cost, stop)
    /// in the order [`MoveGraph::steps`] gives them. The default goes through `steps`, using
    /// `scratch` for them; boards with per-square tables answer straight from their indices,
    /// which is most of a search's work.
    fn for_each_step(
        &self,
        from: usize,
        scratch: &mut Vec<Step<Self::Node>>,
        mut visit: impl FnMut(usize, u32, bool),
    ) {
        scratch.clear();
        self.steps(self.node(from), scratch);
        for s in scratch.iter() {
            if let Some(j) = self.index(s.to) {
                visit(j, s.cost, s.stop);
            }
        }
    }

    /// [`MoveGraph::can_end`] by index.
    fn can_end_index(&self, index: usize) -> bool {
        self.can_end(self.node(index))
    }

    /// True if every step costs 1: the search then walks the board as a plain wavefront.
    fn unit_costs(&self) -> bool {
        false
    }
}

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct Label {
    cost: u32,
    // Parent as index * 2 + (1 if the parent label is the "stopped" one).
    parent: u32,
}

const UNSET: Label = Label {
    cost: NONE,
    parent: NONE,
};

/// The result of a movement search: where the mover can go and how.
#[derive(Clone, Debug)]
pub struct Reach<N> {
    start: N,
    start_index: usize,
    budget: u32,
    // [going on, stopped] per node index.
    labels: Vec<[Label; 2]>,
    // Every node reached, in index order, and whether a move may end there.
    reached: Vec<(usize, N, bool)>,
}

/// A path found by the search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Path<N> {
    /// Positions from the start to the destination, both included.
    pub nodes: Vec<N>,
    /// Movement spent.
    pub cost: u32,
}

impl<N: Copy + Eq + std::fmt::Debug> Reach<N> {
    /// Where the search started.
    pub fn start(&self) -> N {
        self.start
    }

    /// Index of the start position.
    pub fn start_index(&self) -> usize {
        self.start_index
    }

    /// The movement that was available.
    pub fn budget(&self) -> u32 {
        self.budget
    }

    fn best(&self, i: usize) -> Option<(u32, usize)> {
        let [go, stop] = *self.labels.get(i)?;
        match (go.cost, stop.cost) {
            (NONE, NONE) => None,
            (g, s) if g <= s => Some((g, 0)),
            (_, s) => Some((s, 1)),
        }
    }

    /// True if the mover can end its move at `node` (its start included: moving 0 squares is
    /// allowed).
    pub fn can_end_at<G: MoveGraph<Node = N>>(&self, graph: &G, node: N) -> bool {
        graph.index(node).is_some_and(|i| {
            self.best(i).is_some()
                && self
                    .reached
                    .binary_search_by_key(&i, |r| r.0)
                    .is_ok_and(|k| self.reached[k].2)
        })
    }

    /// Every position the mover can end its move at, with the movement it costs, in index order.
    pub fn destinations(&self) -> Vec<(N, u32)> {
        self.reached
            .iter()
            .filter(|r| r.2)
            .filter_map(|&(i, n, _)| self.best(i).map(|(c, _)| (n, c)))
            .collect()
    }

    /// Every position the search got to, whether or not a move may end there (squares of
    /// friendly figures passed through, for instance).
    pub fn visited(&self) -> Vec<(N, u32)> {
        self.reached
            .iter()
            .filter_map(|&(i, n, _)| self.best(i).map(|(c, _)| (n, c)))
            .collect()
    }

    /// The cheapest path to `node`, if it was reached.
    pub fn path_to<G: MoveGraph<Node = N>>(&self, graph: &G, node: N) -> Option<Path<N>> {
        let i = graph.index(node)?;
        let (cost, which) = self.best(i)?;
        let mut nodes = vec![node];
        let mut cur = self.labels[i][which].parent;
        let mut guard = self.labels.len() * 2 + 2;
        while cur != NONE && guard > 0 {
            let idx = (cur / 2) as usize;
            let w = (cur % 2) as usize;
            nodes.push(graph.node(idx));
            cur = self.labels[idx][w].parent;
            guard -= 1;
        }
        nodes.reverse();
        Some(Path { nodes, cost })
    }
}

/// Searches every move of at most `budget` movement from `start`.
///
/// Steps are expanded cheapest first (a bucket queue, since costs are small integers; a plain
/// first-in first-out wavefront when every step costs 1, which expands in the same order); a step
/// marked `stop` reaches its position with the "stopped" label, which is never expanded further.
/// Among equally cheap ways to a position the first found is kept. Returns `None` if `start` is
/// not on the board.
pub fn search<G: MoveGraph>(graph: &G, start: G::Node, budget: u32) -> Option<Reach<G::Node>> {
    let n = graph.node_count();
    let start_index = graph.index(start)?;
    let mut labels = vec![[UNSET; 2]; n];
    labels[start_index][0] = Label {
        cost: 0,
        parent: NONE,
    };
    // Positions reached, as a bit set: listing them in index order then costs a scan of words
    // rather than a sort.
    let mut seen = vec![0u64; n.div_ceil(64)];
    seen[start_index / 64] |= 1 << (start_index % 64);
    let mut steps = Vec::new();
    if graph.unit_costs() {
        wavefront(
            graph,
            start_index,
            budget,
            &mut labels,
            &mut seen,
            &mut steps,
        );
    } else {
        buckets(
            graph,
            start_index,
            budget,
            &mut labels,
            &mut seen,
            &mut steps,
        );
    }
    let count = seen.iter().map(|w| w.count_ones() as usize).sum();
    let mut reached = Vec::with_capacity(count);
    for (w, &word) in seen.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let i = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            reached.push((i, graph.node(i), graph.can_end_index(i)));
        }
    }
    Some(Reach {
        start,
        start_index,
        budget,
        labels,
        reached,
    })
}

/// The search when every step costs 1: positions are expanded in the order they were first
/// reached going on, which is cheapest first.
fn wavefront<G: MoveGraph>(
    graph: &G,
    start_index: usize,
    budget: u32,
    labels: &mut [[Label; 2]],
    seen: &mut [u64],
    steps: &mut Vec<Step<G::Node>>,
) {
    // Each position enters the queue once at most.
    let mut queue = Vec::with_capacity(labels.len());
    queue.push(start_index as u32);
    let mut k = 0;
    while let Some(&i) = queue.get(k) {
        k += 1;
        let i = i as usize;
        let c = labels[i][0].cost;
        if c >= budget {
            // The queue is in cost order: nothing after this can step further either.
            break;
        }
        let nc = c + 1;
        graph.for_each_step(i, steps, |j, _, stop| {
            let Some(l) = labels.get_mut(j) else {
                return;
            };
            let which = usize::from(stop);
            // Costs only grow along the queue, so a label already set is as cheap or cheaper.
            if l[which].cost != NONE {
                return;
            }
            if let Some(w) = seen.get_mut(j / 64) {
                *w |= 1 << (j % 64);
            }
            l[which] = Label {
                cost: nc,
                parent: (i as u32) * 2,
            };
            if !stop {
                queue.push(j as u32);
            }
        });
    }
}

/// The search for any step costs: a bucket queue by cost.
fn buckets<G: MoveGraph>(
    graph: &G,
    start_index: usize,
    budget: u32,
    labels: &mut [[Label; 2]],
    seen: &mut [u64],
    steps: &mut Vec<Step<G::Node>>,
) {
    // buckets[c] holds indices whose "go on" label costs c; the budget never needs more
    // buckets than there are nodes times the dearest step, so cap it to keep huge budgets cheap.
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); (budget as usize).min(labels.len() * 4) + 1];
    buckets[0].push(start_index as u32);
    for c in 0..buckets.len() {
        let mut k = 0;
        while k < buckets[c].len() {
            let i = buckets[c][k] as usize;
            k += 1;
            if labels[i][0].cost != c as u32 {
                continue;
            }
            graph.for_each_step(i, steps, |j, cost, stop| {
                let nc = (c as u32).saturating_add(cost);
                if nc > budget || nc as usize >= buckets.len() {
                    return;
                }
                let which = usize::from(stop);
                if nc < labels[j][which].cost {
                    seen[j / 64] |= 1 << (j % 64);
                    labels[j][which] = Label {
                        cost: nc,
                        parent: (i as u32) * 2,
                    };
                    if !stop {
                        buckets[nc as usize].push(j as u32);
                    }
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A corridor 0..len with one "sticky" cell that stops movement.
    struct Line {
        len: usize,
        sticky: usize,
        blocked_end: usize,
    }

    impl MoveGraph for Line {
        type Node = usize;
        fn node_count(&self) -> usize {
            self.len
        }
        fn index(&self, n: usize) -> Option<usize> {
            (n < self.len).then_some(n)
        }
        fn node(&self, i: usize) -> usize {
            i
        }
        fn steps(&self, from: usize, out: &mut Vec<Step<usize>>) {
            for to in [from.wrapping_sub(1), from + 1] {
                if to < self.len {
                    out.push(Step {
                        to,
                        cost: 1,
                        stop: to == self.sticky,
                    });
                }
            }
        }
        fn can_end(&self, n: usize) -> bool {
            n != self.blocked_end
        }
    }

    #[test]
    fn stop_cells_end_the_move() {
        let g = Line {
            len: 10,
            sticky: 3,
            blocked_end: 99,
        };
        let r = search(&g, 0, 8).unwrap();
        let d: Vec<usize> = r.destinations().into_iter().map(|(n, _)| n).collect();
        assert_eq!(d, vec![0, 1, 2, 3]);
        assert_eq!(r.path_to(&g, 3).unwrap().nodes, vec![0, 1, 2, 3]);
        assert!(r.path_to(&g, 4).is_none());
    }

    #[test]
    fn pass_through_but_not_end() {
        let g = Line {
            len: 10,
            sticky: 99,
            blocked_end: 2,
        };
        let r = search(&g, 0, 4).unwrap();
        assert!(!r.can_end_at(&g, 2));
        assert!(r.can_end_at(&g, 4));
        assert_eq!(r.path_to(&g, 4).unwrap().cost, 4);
        assert!(!r.can_end_at(&g, 5));
    }

    /// A grid with walls, sticky cells and cells where no move ends, searched both ways.
    struct Grid {
        w: usize,
        cells: &'static [u8],
        unit: bool,
    }

    impl MoveGraph for Grid {
        type Node = (usize, usize);
        fn node_count(&self) -> usize {
            self.cells.len()
        }
        fn index(&self, (x, y): (usize, usize)) -> Option<usize> {
            (x < self.w && y < self.cells.len() / self.w).then(|| y * self.w + x)
        }
        fn node(&self, i: usize) -> (usize, usize) {
            (i % self.w, i / self.w)
        }
        fn steps(&self, (x, y): (usize, usize), out: &mut Vec<Step<(usize, usize)>>) {
            for (dx, dy) in [
                (0, -1),
                (1, 0),
                (0, 1),
                (-1, 0),
                (1, -1),
                (1, 1),
                (-1, 1),
                (-1, -1),
            ] {
                let to = (x.wrapping_add_signed(dx), y.wrapping_add_signed(dy));
                if let Some(j) = self.index(to) {
                    if self.cells[j] != b'#' {
                        out.push(Step {
                            to,
                            cost: 1,
                            stop: self.cells[j] == b'~',
                        });
                    }
                }
            }
        }
        fn can_end(&self, n: (usize, usize)) -> bool {
            self.index(n).is_some_and(|i| self.cells[i] != b'f')
        }
        fn unit_costs(&self) -> bool {
            self.unit
        }
    }

    #[test]
    fn the_wavefront_finds_what_the_bucket_queue_finds() {
        // Five rows of eight: `#` cannot be entered, `~` stops the move, `f` cannot be ended on.
        let cells: &[u8] = b"..#.......~#.f.....#.##....~~.#...f..~..";
        for budget in [0, 1, 3, 6, 40] {
            let slow = Grid {
                w: 8,
                cells,
                unit: false,
            };
            let fast = Grid {
                w: 8,
                cells,
                unit: true,
            };
            let a = search(&slow, (0, 0), budget).unwrap();
            let b = search(&fast, (0, 0), budget).unwrap();
            assert_eq!(a.destinations(), b.destinations());
            assert_eq!(a.visited(), b.visited());
            for (n, _) in a.visited() {
                assert_eq!(a.path_to(&slow, n), b.path_to(&fast, n));
            }
        }
    }

    #[test]
    fn off_board_start_is_none() {
        let g = Line {
            len: 3,
            sticky: 9,
            blocked_end: 9,
        };
        assert!(search(&g, 7, 3).is_none());
    }
}
