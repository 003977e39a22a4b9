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
/// Steps are expanded cheapest first (a bucket queue, since costs are small integers); a step
/// marked `stop` reaches its position with the "stopped" label, which is never expanded further.
/// Returns `None` if `start` is not on the board.
pub fn search<G: MoveGraph>(graph: &G, start: G::Node, budget: u32) -> Option<Reach<G::Node>> {
    let n = graph.node_count();
    let start_index = graph.index(start)?;
    let mut labels = vec![[UNSET; 2]; n];
    labels[start_index][0] = Label {
        cost: 0,
        parent: NONE,
    };
    // buckets[c] holds indices whose "go on" label costs c; the budget never needs more
    // buckets than there are nodes times the dearest step, so cap it to keep huge budgets cheap.
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); (budget as usize).min(n * 4) + 1];
    buckets[0].push(start_index as u32);
    let mut steps = Vec::with_capacity(16);
    let mut reached_idx = vec![start_index];
    for c in 0..buckets.len() {
        let mut k = 0;
        while k < buckets[c].len() {
            let i = buckets[c][k] as usize;
            k += 1;
            if labels[i][0].cost != c as u32 {
                continue;
            }
            steps.clear();
            graph.steps(graph.node(i), &mut steps);
            for s in &steps {
                let Some(j) = graph.index(s.to) else {
                    continue;
                };
                let nc = (c as u32).saturating_add(s.cost);
                if nc > budget || nc as usize >= buckets.len() {
                    continue;
                }
                let which = usize::from(s.stop);
                if nc < labels[j][which].cost {
                    if labels[j][0].cost == NONE && labels[j][1].cost == NONE {
                        reached_idx.push(j);
                    }
                    labels[j][which] = Label {
                        cost: nc,
                        parent: (i as u32) * 2,
                    };
                    if !s.stop {
                        buckets[nc as usize].push(j as u32);
                    }
                }
            }
        }
    }
    reached_idx.sort_unstable();
    let reached = reached_idx
        .into_iter()
        .map(|i| {
            let node = graph.node(i);
            (i, node, graph.can_end(node))
        })
        .collect();
    Some(Reach {
        start,
        start_index,
        budget,
        labels,
        reached,
    })
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
