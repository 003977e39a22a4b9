//! One worker's search tree and its iterations: determinize, select, expand, evaluate, back up.
//!
//! The tree is open loop: a node is reached by a sequence of `(seat, action)` edges from the
//! root, whatever the dice rolled and whatever was dealt for hidden information on the way. So
//! the same node stands for many states, and the actions legal there change from one iteration
//! to the next; an edge that is not legal in this iteration's state is skipped, and each edge
//! counts how often it was available, which replaces the parent's visits in the UCT bound (the
//! single-observer ISMCTS of Cowling, Powley and Whitehouse, 2012).

use skirmish_engine::search::InfoSet;
use skirmish_engine::{Dice, Pending, Picker, Ruleset, Seat, Viewer};

use crate::eval::{outcome_rewards, Evaluator};

/// Marks an edge whose child node has not been created yet.
const NO_CHILD: u32 = u32::MAX;

/// The knobs of one search, copied out of [`MctsConfig`](super::MctsConfig).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settings {
    pub exploration: f64,
    pub widening_scale: f64,
    pub widening_exponent: f64,
    pub prior_weight: f64,
    pub rollout_depth: usize,
    pub merge_secret_actions: bool,
}

impl Settings {
    /// How many actions a node that was visited `visits` times may consider: k(n) =
    /// ceil(C·(n+1)^α), at least one.
    fn widening(&self, visits: u32) -> usize {
        let k = (self.widening_scale * f64::from(visits + 1).powf(self.widening_exponent)).ceil();
        if k.is_finite() && k >= 1.0 {
            // Saturates on huge values, which only means "every action".
            k as usize
        } else {
            1
        }
    }
}

/// One action tried from a node.
#[derive(Debug)]
struct Edge<A> {
    seat: Seat,
    action: A,
    /// The evaluator's prior, normalized over the legal actions it was computed with.
    prior: f64,
    /// Where the action was in the legal list last time it was looked up: legal lists are
    /// usually in the same order, so this finds it without a scan.
    hint: usize,
    visits: u32,
    /// Iterations in which the action was legal and among the considered ones here.
    available: u32,
    /// Sum of the rewards of `seat` over the visits.
    value: f64,
    /// Whether the other seats do not see the action ([`Ruleset::action_view`] hides it from
    /// spectators): a secret pick.
    secret: bool,
    child: u32,
}

/// A node: the edges tried from it, best prior first.
#[derive(Debug)]
struct Node<A> {
    edges: Vec<Edge<A>>,
    visits: u32,
    /// The one child shared by all the secret actions of a seat here, by seat.
    secret_children: Vec<(Seat, u32)>,
    /// The next actions widening will add, best prior first, from the last time the
    /// evaluator's priors were worked out here (they cost as much as listing the actions:
    /// without this, every step of k(n) paid for them again).
    waiting: Vec<Waiting<A>>,
    /// The seat whose every action the evaluator did not prune had an edge here when its
    /// priors were last worked out: widening has nothing to add for it, so it is not asked
    /// again while one of those edges is legal.
    exhausted: Option<Seat>,
    /// The legal actions last listed here, under a perfect-information ruleset.
    listed: Option<Listed<A>>,
}

/// A node's legal actions, kept for the next visit that reaches the same state: under
/// [`Ruleset::PERFECT_INFORMATION`] the state at a node depends only on the dice rolled on the
/// way from the root, which `way` records (below a merged secret action nothing is kept).
#[derive(Debug)]
struct Listed<A> {
    seat: Seat,
    way: Vec<u8>,
    actions: Vec<A>,
}

/// The most legal actions a worker keeps in all its nodes' [`Listed`] lists (a few tens of
/// megabytes for HeroClix): listing them again is the main cost of an iteration, but a long
/// search must not hold every node's list.
const MAX_KEPT_ACTIONS: usize = 400_000;

/// An action the evaluator ranked at a node but widening has not added yet.
#[derive(Debug)]
struct Waiting<A> {
    seat: Seat,
    action: A,
    prior: f64,
    /// Where the action was in the legal list it was ranked from (see [`Edge::hint`]).
    hint: usize,
}

/// How many ranked actions a node keeps waiting beyond those widening needs now: enough for
/// k(n) to grow for a few hundred visits without asking the evaluator again, few enough that a
/// tree of many nodes does not hold every node's whole action list.
const WAITING: usize = 24;

impl<A> Node<A> {
    fn new() -> Node<A> {
        Node {
            edges: Vec::new(),
            visits: 0,
            secret_children: Vec::new(),
            waiting: Vec::new(),
            exhausted: None,
            listed: None,
        }
    }
}

/// What one root action got in a worker's search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RootEdge {
    /// Index in the legal actions handed to the bot.
    pub index: usize,
    pub visits: u32,
    /// Sum of the root seat's rewards.
    pub value: f64,
}

/// One worker: a tree, its own dice and picker, and scratch space reused across iterations.
pub(crate) struct Worker<'a, R: Ruleset, E> {
    nodes: Vec<Node<R::Action>>,
    settings: Settings,
    evaluator: &'a E,
    picker: Picker,
    dice: Dice,
    /// Seats at the table, learnt from the first determinization.
    seats: usize,
    events: Vec<R::Event>,
    path: Vec<(u32, usize)>,
    considered: Vec<usize>,
    /// What this iteration met on its way from the root that the actions do not say: the dice
    /// values rolled (see [`Listed`]).
    way: Vec<u8>,
    /// Whether this iteration took a secret action whose child is shared with the others: the
    /// way then does not say where it is.
    secret_on_the_way: bool,
    /// Legal actions kept in the nodes' [`Listed`] lists, at most [`MAX_KEPT_ACTIONS`].
    kept_actions: usize,
    /// Actions the ruleset refused although it listed them (ruleset bugs), for the stats.
    pub refused: u64,
}

impl<'a, R: Ruleset, E: Evaluator<R>> Worker<'a, R, E> {
    /// A worker whose randomness (determinizations, dice, playouts) all comes from `seed`.
    pub(crate) fn new(settings: Settings, evaluator: &'a E, seed: u64) -> Self {
        Worker {
            nodes: vec![Node::new()],
            settings,
            evaluator,
            picker: Picker::new(seed),
            dice: Dice::seeded(super::mix(seed, DICE_SALT)),
            seats: 0,
            events: Vec::new(),
            path: Vec::new(),
            considered: Vec::new(),
            way: Vec::new(),
            secret_on_the_way: false,
            kept_actions: 0,
            refused: 0,
        }
    }

    /// Nodes in the tree.
    pub(crate) fn nodes(&self) -> usize {
        self.nodes.len()
    }

    /// The tree itself, for freeing elsewhere ([`super::free_later`]).
    pub(crate) fn into_tree(self) -> Vec<impl Send + 'static> {
        self.nodes
    }

    /// The root's edges, in the tree's order.
    pub(crate) fn root(&self) -> Vec<RootEdge> {
        self.nodes.first().map_or_else(Vec::new, |root| {
            root.edges
                .iter()
                .map(|e| RootEdge {
                    index: e.hint,
                    visits: e.visits,
                    value: e.value,
                })
                .collect()
        })
    }

    /// One iteration from the information set `info`, whose seat chooses among `root_legal`.
    pub(crate) fn iterate(&mut self, info: &InfoSet<'_, R>, root_legal: &[R::Action]) {
        // The only access to the position: a state dealt consistent with what the seat knows.
        let mut state = info.determinize(&mut self.picker);
        if self.seats == 0 {
            self.seats = R::seats(&state).len();
        }
        self.path.clear();
        self.way.clear();
        self.secret_on_the_way = false;
        let mut node = 0u32;
        let mut at_root = true;
        let mut legal_here: Vec<R::Action> = Vec::new();
        let rewards = loop {
            let seat;
            let legal: &[R::Action] = if at_root {
                seat = info.seat();
                root_legal
            } else {
                match R::pending(&state) {
                    Pending::Over(outcome) => break outcome_rewards(&outcome, self.seats),
                    // The first pending seat acts, as in `play_game`: simultaneous choices are
                    // searched one seat after the other.
                    Pending::Decide { seats, .. } => match seats.first() {
                        Some(&first) => seat = first,
                        None => break self.values(&state),
                    },
                }
                legal_here = self.legal_at(node, &state, seat);
                &legal_here
            };
            if legal.is_empty() {
                break self.values(&state);
            }
            let chosen = self.select(node, &state, seat, legal);
            if !at_root {
                self.keep_listed(node, seat, std::mem::take(&mut legal_here));
            }
            self.path.push((node, chosen));
            let edge = &self.nodes[node as usize].edges[chosen];
            let fresh = edge.visits == 0;
            if edge.secret && self.settings.merge_secret_actions {
                // The merged child does not say which secret led to it, so below it nothing
                // is kept (a perfect-information ruleset has no secret actions anyway).
                self.secret_on_the_way = true;
            }
            self.events.clear();
            // The bot's own dice: the search samples chance outcomes without ever touching the
            // game's stream.
            let applied = R::apply(
                &mut state,
                seat,
                &edge.action,
                &mut self.dice,
                &mut self.events,
            );
            self.way
                .extend(self.dice.take_log().iter().map(|r| r.value));
            if applied.is_err() {
                self.refused += 1;
                // A listed action the rules refuse is a ruleset bug; scoring it as a loss for
                // its seat steers the search away from it instead of retrying it forever.
                let mut rewards = vec![1.0 / self.seats.max(1) as f64; self.seats];
                if let Some(r) = rewards.get_mut(seat.index()) {
                    *r = 0.0;
                }
                break rewards;
            }
            if fresh {
                break self.leaf(node, chosen, &mut state);
            }
            node = self.child(node, chosen);
            at_root = false;
        };
        self.back_up(&rewards);
    }

    /// The legal actions of `seat` at `node` in `state`: the ones kept there when this
    /// iteration came the same way as the one that listed them, else listed afresh.
    fn legal_at(&mut self, node: u32, state: &R::State, seat: Seat) -> Vec<R::Action> {
        if R::PERFECT_INFORMATION && !self.secret_on_the_way {
            if let Some(listed) = &mut self.nodes[node as usize].listed {
                if listed.seat == seat && listed.way == self.way && !listed.actions.is_empty() {
                    self.kept_actions -= listed.actions.len();
                    return std::mem::take(&mut listed.actions);
                }
            }
        }
        R::legal_actions(state, seat)
    }

    /// Keeps `actions`, the legal actions of `seat` at `node` this iteration, for the next
    /// visit (see [`Worker::legal_at`]), within [`MAX_KEPT_ACTIONS`].
    fn keep_listed(&mut self, node: u32, seat: Seat, actions: Vec<R::Action>) {
        if !R::PERFECT_INFORMATION || self.secret_on_the_way {
            return;
        }
        let here = &mut self.nodes[node as usize];
        // What the node holds now (nothing when `legal_at` took its list out) is replaced.
        let without = self.kept_actions - here.listed.as_ref().map_or(0, |l| l.actions.len());
        if without + actions.len() > MAX_KEPT_ACTIONS {
            return;
        }
        self.kept_actions = without + actions.len();
        match &mut here.listed {
            Some(listed) => {
                listed.seat = seat;
                listed.way.clone_from(&self.way);
                listed.actions = actions;
            }
            None => {
                here.listed = Some(Listed {
                    seat,
                    way: self.way.clone(),
                    actions,
                });
            }
        }
    }

    /// The edge to follow from `node` for `seat`, whose legal actions in this state are
    /// `legal`: an untried one first (best prior first), else the best UCT score among the
    /// first k(n) legal edges.
    fn select(&mut self, node: u32, state: &R::State, seat: Seat, legal: &[R::Action]) -> usize {
        let k = self
            .settings
            .widening(self.nodes[node as usize].visits)
            .min(legal.len());
        self.consider(node, seat, legal, k);
        // Nothing left to add, unless none of the edges is legal in this state.
        let exhausted = self.nodes[node as usize].exhausted == Some(seat);
        if self.considered.len() < k && (!exhausted || self.considered.is_empty()) {
            self.widen(node, state, seat, legal);
            self.consider(node, seat, legal, k);
        }
        let edges = &mut self.nodes[node as usize].edges;
        for &i in &self.considered {
            edges[i].available += 1;
        }
        let c = self.settings.exploration;
        let w = self.settings.prior_weight;
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        for &i in &self.considered {
            let e = &edges[i];
            if e.visits == 0 {
                return i;
            }
            let n = f64::from(e.visits);
            let score = e.value / n
                + c * (f64::from(e.available).ln() / n).sqrt()
                + w * e.prior / (n + 1.0);
            if score > best_score {
                best_score = score;
                best = Some(i);
            }
        }
        // `considered` is never empty: `legal` is not, and widening adds an edge for it.
        best.unwrap_or(0)
    }

    /// Fills `considered` with the first `k` edges of `node` (in prior order) that belong to
    /// `seat` and are legal now, refreshing their hints.
    fn consider(&mut self, node: u32, seat: Seat, legal: &[R::Action], k: usize) {
        self.considered.clear();
        for (i, edge) in self.nodes[node as usize].edges.iter_mut().enumerate() {
            if self.considered.len() >= k {
                break;
            }
            if edge.seat != seat {
                continue;
            }
            if let Some(at) = find(legal, &edge.action, edge.hint) {
                edge.hint = at;
                self.considered.push(i);
            }
        }
    }

    /// Adds edges to `node` for the legal actions of `seat` without one, best prior first,
    /// until k(n) are legal (or all of them have an edge): from the node's waiting actions
    /// while they last, else from the evaluator's priors worked out again.
    fn widen(&mut self, node: u32, state: &R::State, seat: Seat, legal: &[R::Action]) {
        let wanted = self
            .settings
            .widening(self.nodes[node as usize].visits)
            .min(legal.len());
        let here = &mut self.nodes[node as usize];
        let mut taken = vec![false; legal.len()];
        let mut have = 0;
        for edge in here.edges.iter_mut().filter(|e| e.seat == seat) {
            if let Some(at) = find(legal, &edge.action, edge.hint) {
                edge.hint = at;
                taken[at] = true;
                have += 1;
            }
        }
        if have >= wanted {
            return;
        }
        // The waiting actions first: those legal now become edges, best first.
        let mut kept = Vec::with_capacity(here.waiting.len());
        for w in here.waiting.drain(..) {
            let legal_at = if have < wanted && w.seat == seat {
                find(legal, &w.action, w.hint).filter(|&at| !taken[at])
            } else {
                None
            };
            match legal_at {
                Some(at) => {
                    taken[at] = true;
                    have += 1;
                    here.edges.push(new_edge::<R>(seat, w.action, w.prior, at));
                }
                None => kept.push(w),
            }
        }
        here.waiting = kept;
        if have < wanted {
            let priors = self.evaluator.prior(state, seat, legal);
            self.rank(node, seat, legal, priors, &taken, wanted - have);
        }
        self.nodes[node as usize]
            .edges
            .sort_by(|a, b| b.prior.total_cmp(&a.prior));
    }

    /// Ranks `seat`'s `legal` actions at `node` by `priors` (the evaluator's, not yet
    /// normalized): the best `edges` of those not `taken` become edges, the next
    /// [`WAITING`] wait for widening.
    fn rank(
        &mut self,
        node: u32,
        seat: Seat,
        legal: &[R::Action],
        priors: Vec<f64>,
        taken: &[bool],
        edges: usize,
    ) {
        let priors = normalized(priors, legal.len());
        let here = &mut self.nodes[node as usize];
        // A prior of 0 prunes (`normalized` gives some action a positive one).
        let mut fresh: Vec<usize> = (0..legal.len())
            .filter(|&i| !taken[i] && priors[i] > 0.0)
            .collect();
        let keep = (edges + WAITING).min(fresh.len());
        // Equal priors keep the ruleset's order: the index breaks ties.
        let order = |&a: &usize, &b: &usize| priors[b].total_cmp(&priors[a]).then(a.cmp(&b));
        if keep < fresh.len() {
            fresh.select_nth_unstable_by(keep, order);
            fresh.truncate(keep);
        }
        fresh.sort_unstable_by(order);
        // What was waiting here was ranked with older priors: the new ranking replaces it.
        here.waiting.retain(|w| w.seat != seat);
        here.exhausted = (fresh.len() <= edges).then_some(seat);
        for (n, i) in fresh.into_iter().enumerate() {
            if n < edges {
                here.edges
                    .push(new_edge::<R>(seat, legal[i].clone(), priors[i], i));
            } else {
                here.waiting.push(Waiting {
                    seat,
                    action: legal[i].clone(),
                    prior: priors[i],
                    hint: i,
                });
            }
        }
    }

    /// The child node behind edge `edge` of `node`, created on first use.
    ///
    /// With `merge_secret_actions`, all the secret actions of a seat at a node lead to one
    /// shared child: the seats that answer next (the others in a simultaneous pick) choose
    /// without knowing which secret was picked, as at the table. Without it, the tree would let
    /// them answer each pick as if they had seen it, and the searching seat would expect every
    /// secret of its own to be found out. The price: the seat's own later choices in the tree
    /// do not know its secret either (the real game searches them again, knowing it).
    fn child(&mut self, node: u32, edge: usize) -> u32 {
        let (existing, secret, seat) = {
            let e = &self.nodes[node as usize].edges[edge];
            (e.child, e.secret, e.seat)
        };
        if existing != NO_CHILD {
            return existing;
        }
        let shared = secret && self.settings.merge_secret_actions;
        if shared {
            let found = self.nodes[node as usize]
                .secret_children
                .iter()
                .find(|(s, _)| *s == seat)
                .map(|&(_, id)| id);
            if let Some(id) = found {
                self.nodes[node as usize].edges[edge].child = id;
                return id;
            }
        }
        let id = u32::try_from(self.nodes.len()).unwrap_or(NO_CHILD - 1);
        self.nodes.push(Node::new());
        let parent = &mut self.nodes[node as usize];
        parent.edges[edge].child = id;
        if shared {
            parent.secret_children.push((seat, id));
        }
        id
    }

    /// The rewards of the new leaf behind edge `edge` of `node`, whose action was just applied
    /// to `state`: with an evaluator that [judges leaves](Evaluator::judges_leaves) (and no
    /// rollout), the mover's legal actions are listed and judged, and the leaf's node is
    /// created holding them and their ranking, so that its first visit neither lists nor
    /// ranks again; else a [rollout](Worker::rollout).
    fn leaf(&mut self, node: u32, edge: usize, state: &mut R::State) -> Vec<f64> {
        if self.settings.rollout_depth > 0 || !self.evaluator.judges_leaves() {
            return self.rollout(state);
        }
        let mover = match R::pending(state) {
            Pending::Over(outcome) => return outcome_rewards(&outcome, self.seats),
            Pending::Decide { seats, .. } => match seats.first() {
                Some(&first) => first,
                None => return self.values(state),
            },
        };
        let legal = R::legal_actions(state, mover);
        if legal.is_empty() {
            return self.values(state);
        }
        let Some(judged) = self.evaluator.judge_leaf(state, mover, &legal) else {
            return self.values(state);
        };
        if judged.values.len() != self.seats {
            return self.values(state);
        }
        let child = self.child(node, edge);
        let taken = vec![false; legal.len()];
        self.rank(child, mover, &legal, judged.prior, &taken, 0);
        self.keep_listed(child, mover, legal);
        judged.values.into_iter().map(reward).collect()
    }

    /// Plays up to `rollout_depth` random actions from a new leaf, then scores the state.
    fn rollout(&mut self, state: &mut R::State) -> Vec<f64> {
        for _ in 0..self.settings.rollout_depth {
            let seat = match R::pending(state) {
                Pending::Over(outcome) => return outcome_rewards(&outcome, self.seats),
                Pending::Decide { seats, .. } => match seats.first() {
                    Some(&seat) => seat,
                    None => break,
                },
            };
            let Some(action) = R::random_action(state, seat, &mut self.picker) else {
                break;
            };
            self.events.clear();
            let applied = R::apply(state, seat, &action, &mut self.dice, &mut self.events);
            self.dice.take_log();
            if applied.is_err() {
                self.refused += 1;
                break;
            }
        }
        match R::pending(state) {
            Pending::Over(outcome) => outcome_rewards(&outcome, self.seats),
            Pending::Decide { .. } => self.values(state),
        }
    }

    /// The evaluator's value of an unfinished state for every seat, kept within `[0, 1]`.
    fn values(&self, state: &R::State) -> Vec<f64> {
        (0..self.seats)
            .map(|i| {
                let seat = Seat(u8::try_from(i).unwrap_or(u8::MAX));
                reward(self.evaluator.value(state, seat))
            })
            .collect()
    }

    /// Adds the iteration's rewards along its path: each edge takes the reward of the seat
    /// that chose it, so every seat maximizes its own chance of winning.
    fn back_up(&mut self, rewards: &[f64]) {
        if self.path.is_empty() {
            self.nodes[0].visits += 1;
        }
        for &(node, edge) in &self.path {
            let node = &mut self.nodes[node as usize];
            node.visits += 1;
            let edge = &mut node.edges[edge];
            edge.visits += 1;
            edge.value += rewards.get(edge.seat.index()).copied().unwrap_or(0.0);
        }
    }
}

/// An evaluator's value kept within `[0, 1]` (a NaN counts as a loss).
fn reward(v: f64) -> f64 {
    if v.is_nan() {
        0.0
    } else {
        v.clamp(0.0, 1.0)
    }
}

/// A new edge for `action` of `seat`, found at `hint` in the legal list.
fn new_edge<R: Ruleset>(seat: Seat, action: R::Action, prior: f64, hint: usize) -> Edge<R::Action> {
    Edge {
        seat,
        secret: R::action_view(seat, &action, Viewer::Spectator).is_none(),
        action,
        prior,
        hint,
        visits: 0,
        available: 0,
        value: 0.0,
        child: NO_CHILD,
    }
}

/// Mixed into a worker's seed for its dice, so dice and choices draw from unrelated streams.
const DICE_SALT: u64 = 0xD1CE_0F5E_A4C4;

/// Where `action` is in `legal`, trying `hint` first.
fn find<A: PartialEq>(legal: &[A], action: &A, hint: usize) -> Option<usize> {
    if legal.get(hint) == Some(action) {
        return Some(hint);
    }
    legal.iter().position(|a| a == action)
}

/// The evaluator's priors made usable: one per action, finite, non-negative, summing to 1
/// (uniform when it gave nothing usable).
fn normalized(mut priors: Vec<f64>, len: usize) -> Vec<f64> {
    if priors.len() != len {
        priors = vec![1.0; len];
    }
    for p in &mut priors {
        if !p.is_finite() || *p < 0.0 {
            *p = 0.0;
        }
    }
    let total: f64 = priors.iter().sum();
    if total > 0.0 {
        for p in &mut priors {
            *p /= total;
        }
    } else {
        let uniform = 1.0 / len.max(1) as f64;
        priors.iter_mut().for_each(|p| *p = uniform);
    }
    priors
}
