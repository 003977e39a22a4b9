//! Adjacency for a purpose: whether one figure counts as adjacent to another for movement,
//! for close combat, or plainly (spec COMB-8 *Géant*).
//!
//! Plain adjacency is the rulebook's (*Cases adjacentes*, [`State::figures_adjacent`]). Giants
//! stretch it: for movement (breaking away, stopping next to an opposing figure) a giant and any
//! figure up to 2 squares away count as adjacent both ways, and in close combat a giant reaches
//! figures up to 2 squares away while they still need to stand next to it to strike back. Ranged
//! combat and every power keyed to plain adjacency (Poison, Support, Leadership, Defend...) keep
//! the rulebook's one square. Every rule that asks "is X next to Y" goes through [`adjacent`] or
//! [`adjacent_at`], so the giant rules live here only.

use skirmish_board::square::Square;
use skirmish_board::FigureId;
use skirmish_los::{ClixLos, Endpoint, Verdict};

use super::powers::{self, Ability};
use super::state::{Fig, State};
use crate::figure::DamageSymbol;

/// What an adjacency question is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Breaking away and stopping next to opposing figures: a giant reaches 2 squares, and
    /// figures 2 squares from a giant are adjacent to it too (spec COMB-8 items 1–2).
    Movement,
    /// The first figure attacking the second in close combat, and the powers keyed to close
    /// combat (Quake, Flurry, Blades...): only a giant attacker reaches 2 squares (items 1, 2, 7).
    CloseCombat,
    /// Everything else: ranged combat, Poison, Support, Leadership, team abilities — the
    /// rulebook's adjacency (items 3, 7).
    Plain,
}

/// How big a figure is, for the giant rules (ordered small to big).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Size {
    /// Standard damage symbol (or the giant or colossal ability not functioning).
    Standard,
    /// Giant symbol.
    Giant,
    /// Colossal symbol.
    Colossal,
}

/// The figure's size now: its symbol, unless the ability is countered or switched off.
pub fn size(state: &State, f: &Fig) -> Size {
    // The common case without asking the powers: a standard symbol and no card of the game
    // that could grant a size.
    if !matches!(
        f.def.symbols.damage,
        DamageSymbol::Giant | DamageSymbol::Colossal
    ) && !state
        .grantable
        .iter()
        .any(|a| matches!(a, Ability::Giant | Ability::Colossal))
    {
        return Size::Standard;
    }
    if powers::has(state, f, Ability::Giant) {
        Size::Giant
    } else if powers::has(state, f, Ability::Colossal) {
        Size::Colossal
    } else {
        Size::Standard
    }
}

/// Whether giant reach applies between `a` and `b` for this purpose: their sizes when it does.
fn reach_applies(state: &State, a: &Fig, b: &Fig, purpose: Purpose) -> Option<(Size, Size)> {
    let sa = size(state, a);
    match purpose {
        Purpose::Plain => None,
        Purpose::CloseCombat => (sa == Size::Giant).then(|| (sa, size(state, b))),
        Purpose::Movement => {
            let sb = size(state, b);
            (sa == Size::Giant || sb == Size::Giant).then_some((sa, sb))
        }
    }
}

/// True if `a` counts as adjacent to `b` for `purpose`. Close combat reads "may `a` strike
/// `b`": a standard figure 2 squares from a giant may not, the giant may.
pub fn adjacent(state: &State, a: &Fig, b: &Fig, purpose: Purpose) -> bool {
    if purpose == Purpose::Plain {
        return state.figures_adjacent(a, b);
    }
    if !a.is_multi_base() && !b.is_multi_base() {
        // The common case, without building footprints.
        return a.in_play()
            && a.square
                .is_some_and(|at| adjacent_at(state, a, at, b, purpose));
    }
    if state.figures_adjacent(a, b) {
        return true;
    }
    if a.id == b.id || !a.in_play() || !b.in_play() {
        return false;
    }
    // Cheap distance test first: most pairs are far apart, and the giant test asks the powers.
    let fa = a.footprint();
    let fb = b.footprint();
    let near = |x: &Square| fb.iter().any(|y| x.distance(*y) <= 2);
    if !fa.iter().any(near) {
        return false;
    }
    let Some((sa, sb)) = reach_applies(state, a, b, purpose) else {
        return false;
    };
    fa.iter().any(|x| {
        fb.iter()
            .any(|y| x.distance(*y) <= 2 && squares_reach(state, *x, sa, *y, sb))
    })
}

/// [`adjacent`] with `a` standing on `a_at` instead of its own square (a square a mover is
/// about to enter), taken as a single-base figure there.
pub fn adjacent_at(state: &State, a: &Fig, a_at: Square, b: &Fig, purpose: Purpose) -> bool {
    if a.id == b.id || !b.in_play() {
        return false;
    }
    if b.is_multi_base() {
        return b
            .footprint()
            .into_iter()
            .any(|b_at| squares_adjacent(state, a, a_at, b, b_at, purpose));
    }
    b.square
        .is_some_and(|b_at| squares_adjacent(state, a, a_at, b, b_at, purpose))
}

/// `a` on `a_at` and the square `b_at` of `b`'s base: plainly adjacent, or within giant reach.
fn squares_adjacent(
    state: &State,
    a: &Fig,
    a_at: Square,
    b: &Fig,
    b_at: Square,
    purpose: Purpose,
) -> bool {
    let d = a_at.distance(b_at);
    if d == 1 && state.map.adjacent(a_at, b_at) {
        return true;
    }
    if d == 0 || d > 2 {
        return false;
    }
    match reach_applies(state, a, b, purpose) {
        Some((sa, sb)) => squares_reach(state, a_at, sa, b_at, sb),
        None => false,
    }
}

/// The squares, beyond the ones touching an opposing figure, where the mover would count as
/// next to that figure for movement (giant reach, spec COMB-8): entering one ends the move
/// unless the mover broke away from that figure. Empty unless a giant is involved, so the
/// usual move search pays only for a size check per opposing figure.
///
/// The answer depends only on the map, the mover's size and where the opposing figures stand
/// and how big they are; every figure of a side gets the same one at each listing, and a
/// search lists the same positions again and again, so the last few answers are kept per
/// thread ([`NEAR_KEPT`]).
pub fn near_squares(state: &State, mover: &Fig) -> Vec<(Square, FigureId)> {
    let mover_size = size(state, mover);
    let mut opposed = Vec::new();
    for o in state.in_play() {
        if !state.opposed(mover, o) {
            continue;
        }
        let o_size = size(state, o);
        if mover_size != Size::Giant && o_size != Size::Giant {
            continue;
        }
        if let Some(at) = o.square.filter(|_| !o.ko) {
            opposed.push(Opposed {
                id: o.id,
                at,
                base: (o.def.base.width, o.def.base.depth),
                size: o_size,
            });
        }
    }
    if opposed.is_empty() {
        return Vec::new();
    }
    let version = state.map.derived(|_| MapVersion);
    let key = NearKey {
        version,
        mover: mover_size,
        opposed,
    };
    let kept = NEAR.with(|memo| {
        let mut memo = memo.borrow_mut();
        let at = memo.iter().position(|(k, _)| *k == key)?;
        memo[..=at].rotate_right(1);
        Some(memo[0].1.clone())
    });
    if let Some(near) = kept {
        return near;
    }
    let near = near_squares_of(state, mover_size, &key.opposed);
    NEAR.with(|memo| {
        let mut memo = memo.borrow_mut();
        if memo.len() >= NEAR_KEPT {
            memo.pop();
        }
        memo.insert(0, (key, near.clone()));
    });
    near
}

/// [`near_squares`] worked out.
fn near_squares_of(
    state: &State,
    mover_size: Size,
    opposed: &[Opposed],
) -> Vec<(Square, FigureId)> {
    let mut out = Vec::new();
    for o in opposed {
        let base = crate::movement::footprint(o.at, o.base.0, o.base.1);
        let (Some(first), Some(last)) = (base.first(), base.last()) else {
            continue;
        };
        // Every square within 2 of the base, each once.
        for y in first.y - 2..=last.y + 2 {
            for x in first.x - 2..=last.x + 2 {
                let sq = Square::new(x, y);
                // Squares touching the whole base are the move search's own business.
                let looked_at = base
                    .iter()
                    .any(|c| c.distance(sq) <= 2 && !state.map.adjacent(sq, *c));
                if !looked_at || !state.map.contains(sq) || base.contains(&sq) {
                    continue;
                }
                if base
                    .iter()
                    .any(|c| within_giant_reach(state, sq, mover_size, *c, o.size))
                {
                    out.push((sq, o.id));
                }
            }
        }
    }
    out
}

/// How many [`near_squares`] answers a thread keeps: a side or two of movers' sizes in the
/// few positions a search goes back and forth between.
const NEAR_KEPT: usize = 16;

/// One per version of a map ([`skirmish_board::square::SquareMap::derived`]): held by a kept
/// answer, its address tells that version from any other.
struct MapVersion;

/// An opposing figure as [`near_squares`] sees it.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Opposed {
    id: FigureId,
    at: Square,
    base: (u8, u8),
    size: Size,
}

/// What a [`near_squares`] answer depends on.
struct NearKey {
    version: std::sync::Arc<MapVersion>,
    mover: Size,
    opposed: Vec<Opposed>,
}

impl PartialEq for NearKey {
    fn eq(&self, other: &NearKey) -> bool {
        std::sync::Arc::ptr_eq(&self.version, &other.version)
            && self.mover == other.mover
            && self.opposed == other.opposed
    }
}

type NearMemo = Vec<(NearKey, Vec<(Square, FigureId)>)>;

thread_local! {
    static NEAR: std::cell::RefCell<NearMemo> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Whether a figure of size `sa` on `a_at` counts as next to the square `b_at` of a figure of
/// size `sb`, one of them a giant: [`adjacent_at`] for movement with the sizes already known
/// (the move search asks it for every square around a giant).
pub fn within_giant_reach(state: &State, a_at: Square, sa: Size, b_at: Square, sb: Size) -> bool {
    let d = a_at.distance(b_at);
    if d == 1 && state.map.adjacent(a_at, b_at) {
        return true;
    }
    (1..=2).contains(&d) && squares_reach(state, a_at, sa, b_at, sb)
}

/// The giant adjacency test between a figure of size `sx` on `x` and one of size `sy` on `y`,
/// one of them a giant, the squares at most 2 apart (spec COMB-8 items 1, 4 and 6):
/// - a giant on elevated terrain is not adjacent to a standard figure on the ground (either
///   way round: the pair is the same for the standard figure's breakaway);
/// - a giant counts as standing at the other figure's elevation ([2005]: giant vs grounded
///   standard = both grounded, vs elevated = both elevated); two giants keep their own, so
///   they reach each other whatever their elevations, as item 1 says;
/// - the line between the square centres must not be blocked as a line of fire between those
///   elevations: blocking terrain, walls, or elevated terrain between two grounded figures
///   stop it. Figures on the way never do, and hindering terrain does not matter.
fn squares_reach(state: &State, x: Square, sx: Size, y: Square, sy: Size) -> bool {
    let (lx, ly) = (state.map.level(x), state.map.level(y));
    let high_giant_low_standard = |gs: Size, gl: u8, os: Size, ol: u8| {
        gs == Size::Giant && os == Size::Standard && gl > 0 && ol == 0
    };
    if high_giant_low_standard(sx, lx, sy, ly) || high_giant_low_standard(sy, ly, sx, lx) {
        return false;
    }
    let (lx, ly) = match (sx == Size::Giant, sy == Size::Giant) {
        (true, false) => (ly, ly),
        (false, true) => (lx, lx),
        _ => (lx, ly),
    };
    let from = Endpoint {
        square: x,
        level: lx,
        figure: None,
    };
    let to = Endpoint {
        square: y,
        level: ly,
        figure: None,
    };
    ClixLos::HEROCLIX.verdict(&state.map, from, to, &()) != Verdict::Blocked
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::bots::bench::{mid_game, starter_scenario};

    /// The answer worked out afresh, without the memo.
    fn fresh(state: &State, mover: &Fig) -> Vec<(Square, FigureId)> {
        let mover_size = size(state, mover);
        let opposed: Vec<Opposed> = state
            .in_play()
            .filter(|o| state.opposed(mover, o))
            .filter(|o| mover_size == Size::Giant || size(state, o) == Size::Giant)
            .filter_map(|o| {
                Some(Opposed {
                    id: o.id,
                    at: o.square?,
                    base: (o.def.base.width, o.def.base.depth),
                    size: size(state, o),
                })
            })
            .collect();
        near_squares_of(state, mover_size, &opposed)
    }

    #[test]
    fn kept_near_squares_answer_as_fresh_ones_and_a_giant_moved_misses() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let game = mid_game(&starter_scenario(&root));
        let state = game.state();
        let giant = state
            .in_play()
            .find(|f| size(state, f) == Size::Giant)
            .expect("the starter teams have a giant");
        let facing = state
            .in_play()
            .find(|f| state.opposed(giant, f))
            .expect("someone faces the giant");
        let near = near_squares(state, facing);
        assert!(
            !near.is_empty(),
            "a giant reaches past the squares next to it"
        );
        assert_eq!(near, fresh(state, facing));
        assert_eq!(near_squares(state, facing), near, "the kept answer");
        // The giant a square further: another answer, worked out again.
        let mut moved = state.clone();
        let g = moved
            .figures
            .iter_mut()
            .find(|f| f.id == giant.id)
            .expect("the giant");
        let at = g.square.expect("on the map");
        g.square = Some(Square::new(at.x + 1, at.y));
        let facing = moved.fig(facing.id).expect("still there").clone();
        let after = near_squares(&moved, &facing);
        assert_eq!(after, fresh(&moved, &facing));
        assert_ne!(after, near);
    }
}
