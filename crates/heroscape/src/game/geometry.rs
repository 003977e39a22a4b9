//! What the turn asks of the battlefield's geometry, answered by the crate's [`movement`],
//! [`engagement`] and [`sight`] modules: where a figure may move (with the path, its falls and
//! its leaving-engagement attacks), who is engaged with whom, range and line of sight. The game
//! turns its figures into [`Standing`]s (a body from the card, a placement from the figure) and
//! never measures anything itself.
//!
//! A figure's special powers that change how it moves (ghost walk, water walk, lava resistance,
//! Climb X2) come from its card ([`super::powers::moves`]) into every move query, with the
//! glyphs that are gone; the Rannveig glyph grounds every flyer while a figure stands on it.
//!
//! [`movement`]: crate::movement
//! [`engagement`]: crate::engagement
//! [`sight`]: crate::sight

use std::cell::RefCell;
use std::sync::Arc;

use skirmish_board::hex::Hex;
use skirmish_board::FigureId;

use crate::battlefield::{Battlefield, Level};
use crate::body::{Base, Body, Flight, Placement, Spot, Standing};
use crate::grid::Grid;
use crate::movement::{self, MovePath, MoveQuery, Refusal, Way};
use crate::sight::{self, Sight};

use super::glyphs;
use super::state::{Figure, State};

/// A place a figure may end a move at, with the cheapest way there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Destination {
    /// The (lead) hex.
    pub hex: Hex,
    /// The other hex of a double-space figure.
    pub tail: Option<Hex>,
    /// The level its base ends at.
    pub level: Level,
    /// Move spent.
    pub cost: u16,
    /// The path, with its falls and leaving-engagement attacks.
    pub path: MovePath,
}

thread_local! {
    /// The grid of the battlefield last asked about: a game asks about one battlefield many
    /// times, and indexing it costs more than a search. The `Arc` kept here keeps its address
    /// from being reused by another battlefield.
    static GRID: RefCell<Option<(Arc<Battlefield>, Arc<Grid>)>> = const { RefCell::new(None) };
}

/// The indexed battlefield of a state.
pub fn grid(state: &State) -> Arc<Grid> {
    GRID.with(|cell| {
        let mut cached = cell.borrow_mut();
        if let Some((field, grid)) = cached.as_ref() {
            if Arc::ptr_eq(field, &state.field) {
                return grid.clone();
            }
        }
        let grid = Arc::new(Grid::new(&state.field));
        *cached = Some((state.field.clone(), grid.clone()));
        grid
    })
}

/// A figure's body: its card's height and base, the card's target point and hit zone when it
/// gives them (in levels above the base; the body counts tenths).
pub fn body(state: &State, f: &Figure) -> Body {
    let card = state.card_of(f);
    let base = if card.base >= 2 {
        Base::Double
    } else {
        Base::Single
    };
    let mut flight = super::powers::flight(card);
    if flight.flies() && grounded(state) {
        flight = Flight::Walks;
    }
    let mut body = Body::new(card.height.max(1), base, flight);
    if let Some(t) = card.target_point {
        body.target_point = t.saturating_mul(10);
    }
    if let Some([lo, hi]) = card.hit_zone {
        body.hit_zone = [lo.saturating_mul(10), hi.saturating_mul(10)];
    }
    body
}

/// Where a figure stands.
pub fn placement(f: &Figure) -> Option<Placement> {
    let hex = f.hex?;
    Some(match f.tail {
        Some(tail) => Placement::double(hex, tail, f.level),
        None => Placement::single(hex, f.level),
    })
}

/// A figure as the geometry sees it, standing at `at`.
fn standing_at(state: &State, f: &Figure, at: Placement) -> Standing {
    Standing {
        id: FigureId(f.id),
        team: state.team(f.owner),
        body: body(state, f),
        at,
    }
}

/// A figure on the battlefield as the geometry sees it.
pub fn standing(state: &State, f: &Figure) -> Option<Standing> {
    Some(standing_at(state, f, placement(f)?))
}

/// Every figure on the battlefield but `but`.
fn others(state: &State, but: u32) -> Vec<Standing> {
    state
        .figures
        .iter()
        .filter(|g| g.on_field() && g.id != but)
        .filter_map(|g| standing(state, g))
        .collect()
}

/// Whether the Rannveig glyph (*vent*) lies face up under a figure: every figure that can fly
/// loses that power (*« Toutes les figurines qui peuvent voler perdent ce pouvoir »*).
pub use super::glyphs::grounded;

/// The glyphs the battlefield began with that are gone (used and discarded): they no longer
/// stop anyone.
pub fn gone_glyphs(state: &State) -> Vec<Spot> {
    state
        .glyphs
        .iter()
        .filter(|g| g.gone)
        .map(|g| Spot::new(g.spot.hex, g.spot.level))
        .collect()
}

/// Runs `ask` on the move query of `f` moving `way` with `allowance`, its card's powers and the
/// glyphs that are gone; `None` when `f` is not on the battlefield.
fn with_query<R>(
    state: &State,
    f: &Figure,
    way: Way,
    allowance: u16,
    ask: impl FnOnce(&Grid, &MoveQuery<'_>) -> R,
) -> Option<R> {
    let me = standing(state, f)?;
    let grid = grid(state);
    let others = others(state, f.id);
    let gone = gone_glyphs(state);
    // A figure an enemy's Cyberclaw holds may not move at all; one entering its reach stops.
    let allowance = if super::powers::holds::held(state, f) {
        0
    } else {
        allowance
    };
    let held = super::powers::holds::held_spots(state, f);
    let caught = super::powers::vortex::caught_spots(state, f);
    let impassable = super::powers::vortex::affected(state);
    let query = MoveQuery::new(me, allowance, &others)
        .with_powers(super::powers::moves::powers(state.card_of(f)))
        .with_way(way)
        .with_gone_glyphs(&gone)
        .with_held(&held)
        .with_vortex(&caught, &impassable);
    Some(ask(&grid, &query))
}

/// Searches every move of `f` moving `way` with `allowance` and hands the search and where `f`
/// stands to `k`; `None` when `f` is not on the battlefield.
fn with_reach<T>(
    state: &State,
    f: &Figure,
    (way, allowance): (Way, u16),
    k: impl FnOnce(&movement::Reach<'_>, &Standing) -> T,
) -> Option<T> {
    with_query(state, f, way, allowance, |grid, query| {
        let reach = movement::reach(grid, query);
        k(&reach, &query.mover)
    })
}

/// Runs `k` on the search of `f`'s normal move this turn, as the game makes it (its card's
/// movement powers, the glyphs gone); `None` when `f` is not on the battlefield.
pub(crate) fn with_normal_reach<T>(
    state: &State,
    f: &Figure,
    k: impl FnOnce(&movement::Reach<'_>) -> T,
) -> Option<T> {
    with_reach(state, f, normal(state, f), |reach, _| k(reach))
}

/// The places `reach` may end at but the start.
fn moves(reach: &movement::Reach<'_>, me: &Standing) -> Vec<movement::Destination> {
    let mut ends = reach.destinations();
    ends.retain(|d| d.at != me.at);
    ends
}

/// Every place `f` may end a move this turn (its start excepted), each with its cheapest path
/// (*Déplacer*, examples 4-13).
pub fn destinations(state: &State, f: &Figure) -> Vec<Destination> {
    destinations_by(state, f, Way::Normal, glyphs::move_of(state, f))
}

/// A figure's normal move this turn.
fn normal(state: &State, f: &Figure) -> (Way, u16) {
    (Way::Normal, glyphs::move_of(state, f))
}

/// Every place `f` may end a move this turn, as [`destinations`] lists them, with the move each
/// costs but not its path: the legal moves need only the places, and describing a path (its
/// falls, the engagements it leaves) costs more than the whole search, for every place.
pub fn move_ends(state: &State, f: &Figure) -> Vec<movement::Destination> {
    with_reach(state, f, normal(state, f), moves).unwrap_or_default()
}

/// The one move of [`destinations`] that ends at `to` (`tail`: a double-space figure's other
/// hex) at `level`, with its path; `None` when it is not among them.
pub fn destination(
    state: &State,
    f: &Figure,
    to: Hex,
    level: Level,
    tail: Option<Hex>,
) -> Option<Destination> {
    with_reach(state, f, normal(state, f), |reach, me| {
        let end = moves(reach, me).into_iter().find(|d| {
            d.at.head.hex == to && d.at.level() == level && d.at.tail.map(|t| t.hex) == tail
        })?;
        described(reach, end)
    })
    .flatten()
}

/// Why `f`, moving `way` with `allowance`, may not end its move at `to` (or the path if it
/// may); `None` when `f` is not on the battlefield.
pub fn explain_move(
    state: &State,
    f: &Figure,
    way: Way,
    allowance: u16,
    to: &Placement,
) -> Option<Result<MovePath, Refusal>> {
    with_query(state, f, way, allowance, |grid, query| {
        movement::reach(grid, query).explain(to)
    })
}

/// [`explain_move`]'s refusal in words (`name` names figures), `None` when the move is
/// allowed.
pub fn refusal_text(
    state: &State,
    f: &Figure,
    (way, allowance): (Way, u16),
    to: &Placement,
    lang: skirmish_lang::Lang,
    name: &dyn Fn(FigureId) -> String,
) -> Option<String> {
    if super::powers::holds::held(state, f) {
        return Some(super::powers::holds::held_text(lang));
    }
    with_query(state, f, way, allowance, |grid, query| {
        let why = movement::reach(grid, query).explain(to).err()?;
        Some(why.text(query, lang, name))
    })
    .flatten()
}

/// A place reached, with its cheapest path.
fn described(reach: &movement::Reach<'_>, d: movement::Destination) -> Option<Destination> {
    let path = reach.path_to(&d.at)?;
    Some(Destination {
        hex: d.at.head.hex,
        tail: d.at.tail.map(|t| t.hex),
        level: d.at.level(),
        cost: d.cost,
        path,
    })
}

/// Every place `f` may end a move `way` with `allowance` (its start excepted), each with its
/// cheapest path.
pub fn destinations_by(state: &State, f: &Figure, way: Way, allowance: u16) -> Vec<Destination> {
    with_reach(state, f, (way, allowance), |reach, me| {
        moves(reach, me)
            .into_iter()
            .filter_map(|d| described(reach, d))
            .collect()
    })
    .unwrap_or_default()
}

/// The enemy figures `f` is engaged with where it stands (*Les règles d'engagements*, with the
/// height and ruin exceptions).
pub fn engaged_with(state: &State, f: &Figure) -> Vec<u32> {
    let Some(me) = standing(state, f) else {
        return Vec::new();
    };
    crate::engagement::engaged_with(&grid(state), &me, &others(state, f.id))
        .into_iter()
        .map(|id| id.0)
        .collect()
}

/// The range between two figures in hexes (around missing hexes), `None` when no way over the
/// battlefield joins them.
pub fn range(state: &State, a: &Figure, b: &Figure) -> Option<u32> {
    sight::range(&grid(state), &placement(a)?, &placement(b)?)
}

/// Whether `b` is within `max` hexes of `a` ([`range`]). The range around missing hexes is never
/// shorter than the straight count, which costs nothing: most figures are ruled out by it
/// before the search around the battlefield's edge, a search over the whole battlefield for a
/// far figure.
pub fn within(state: &State, a: &Figure, b: &Figure, max: u32) -> bool {
    let straight = a
        .hexes()
        .flat_map(|x| b.hexes().map(move |y| x.distance(y)))
        .min();
    straight.is_some_and(|d| d <= max) && range(state, a, b).is_some_and(|r| r <= max)
}

/// The line of sight from `a`'s target point to `b`'s hit zone, through terrain and figures
/// (*Ligne de visée*, example 16).
pub fn sight(state: &State, a: &Figure, b: &Figure) -> Option<Sight> {
    let (sa, sb) = (standing(state, a)?, standing(state, b)?);
    let others: Vec<Standing> = others(state, a.id)
        .into_iter()
        .filter(|o| o.id.0 != b.id)
        .collect();
    Some(sight::line_of_sight(&grid(state), &sa, &sb, &others))
}

/// Whether `a` sees part of `b`'s hit zone.
pub fn can_see(state: &State, a: &Figure, b: &Figure) -> bool {
    !super::powers::d20c::hit_zone_hidden(state, b) && sight(state, a, b).is_some_and(|s| s.clear)
}
