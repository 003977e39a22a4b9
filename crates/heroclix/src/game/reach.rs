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
