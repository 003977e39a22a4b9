//! HeroClix's judge queries: where a figure could move now (*Déplacement*, with the breakaway
//! and the squares it may not enter, and why), and the line of fire between two figures or to a
//! square (*Ligne de vue*: the squares it crosses and what hinders or blocks it), computed with
//! the rules' own movement and line-of-fire functions.

use super::catalogue::msg;
use serde_json::{json, Value};
use skirmish_board::square::Square;
use skirmish_board::FigureId;
use skirmish_engine::Game;
use skirmish_lang::Lang;
use skirmish_los::{ClixLos, Endpoint, Verdict};
use skirmish_platform::Problem;

use crate::figure::Stat;
use crate::game::{combat, play, powers, text, Fig, HeroClix, State};
use crate::movement::{self, MoveQuery};

fn figure_or_error(state: &State, id: u32) -> Result<&Fig, Problem> {
    state.fig(FigureId(id)).ok_or_else(|| {
        Problem::new(
            "bad-request",
            format!("there is no figure #{id} in this game"),
        )
    })
}

/// Where a figure given a move action now could go: allowance, breakaway, and every destination
/// with its cost and path. With `to`, also whether that square can be reached, and why not.
pub fn reach(
    game: &Game<HeroClix>,
    figure: u32,
    to: Option<Square>,
    lang: Lang,
) -> Result<Value, Problem> {
    let state = game.state();
    let f = figure_or_error(state, figure)?;
    let Some(from) = f.square.filter(|_| !f.ko) else {
        return Err(Problem::new(
            "bad-request",
            format!("{} is not on the map", f.label),
        ));
    };
    // The engine's own speed and movement rules (Flight, Leap/Climb...), so that the judge's
    // answer and reason are the ones the move itself is checked against.
    let speed = play::move_speed(state, f, None);
    if f.is_multi_base() {
        return Ok(multi_base_reach(state, f, from, speed, to, lang));
    }
    let others = play::standings(state, f);
    let escaped = play::breakaway_enemies(state, f);
    let near = crate::game::reach::near_squares(state, f);
    let q = MoveQuery {
        from,
        speed,
        others: &others,
        broke_away_from: &escaped,
        near: &near,
    };
    let r = movement::reach_with(&state.map, &q, powers::move_mode(state, f, None))
        .map_err(|e| Problem::new("bad-request", e.text(lang)))?;
    let destinations: Vec<Value> = r
        .destinations()
        .into_iter()
        .map(|(sq, cost)| {
            let path = r.path_to(sq).map(|p| p.nodes).unwrap_or_default();
            json!({ "square": sq, "cost": cost, "path": path })
        })
        .collect();
    let mut out = json!({
        "figure": figure,
        "from": from,
        "speed": speed.full,
        "allowance": r.allowance,
        "halved": r.halved,
        // The search runs as if the breakaway succeeded (`broke_away_from`), so that it lists
        // every square beyond; whether a roll comes first is the engine's own test.
        "needs_breakaway": play::rolls_to_break_away(state, f),
        "destinations": destinations,
    });
    if let Some(to) = to {
        out["to"] = match r.path_to(to) {
            Ok(p) => json!({ "square": to, "ok": true, "cost": p.cost, "path": p.nodes }),
            Err(e) => json!({ "square": to, "ok": false, "reason": e.text(lang), "refusal": e }),
        };
    }
    Ok(out)
}

/// [`reach`] for a figure whose base covers several squares: squares are the base's top-left
/// square, and the whole base moves (the engine's own move search for such figures).
fn multi_base_reach(
    state: &State,
    f: &Fig,
    from: Square,
    speed: movement::Speed,
    to: Option<Square>,
    lang: Lang,
) -> Value {
    let paths = play::move_paths(state, f);
    let halved = f
        .footprint()
        .into_iter()
        .any(|s| state.map.cell(s).is_some_and(|c| c.hinders_movement()));
    let destinations: Vec<Value> = paths
        .iter()
        .map(|(sq, p)| json!({ "square": sq, "cost": p.cost, "path": p.nodes }))
        .collect();
    let mut out = json!({
        "figure": f.id.0,
        "from": from,
        "speed": speed.full,
        "allowance": if halved { speed.hindered } else { speed.full },
        "halved": halved,
        "needs_breakaway": play::rolls_to_break_away(state, f),
        "base": [f.def.base.width, f.def.base.depth],
        "destinations": destinations,
    });
    if let Some(to) = to {
        let reason = msg!(lang, "reach.cannot_end", figure = f.label, square = to);
        out["to"] = match paths.iter().find(|(s, _)| *s == to) {
            Some((_, p)) => json!({ "square": to, "ok": true, "cost": p.cost, "path": p.nodes }),
            None => json!({ "square": to, "ok": false, "reason": reason }),
        };
    }
    out
}

/// The line of fire from a figure to another figure or to a square, explained.
pub fn line_of_fire(
    game: &Game<HeroClix>,
    from: u32,
    to_figure: Option<u32>,
    to_square: Option<Square>,
    lang: Lang,
) -> Result<Value, Problem> {
    let state = game.state();
    let a = figure_or_error(state, from)?;
    let from_eps: Vec<Endpoint> = a
        .footprint()
        .into_iter()
        .map(|sq| Endpoint::at(&state.map, sq).with_figure(a.id))
        .collect();
    if from_eps.is_empty() {
        return Err(Problem::new(
            "bad-request",
            format!("{} is not on the map", a.label),
        ));
    }
    let (to_eps, target) = match (to_figure, to_square) {
        (Some(id), _) => {
            let t = figure_or_error(state, id)?;
            let eps: Vec<Endpoint> = t
                .footprint()
                .into_iter()
                .map(|sq| Endpoint::at(&state.map, sq).with_figure(t.id))
                .collect();
            if eps.is_empty() {
                return Err(Problem::new(
                    "bad-request",
                    format!("{} is not on the map", t.label),
                ));
            }
            (eps, Some(t))
        }
        (None, Some(sq)) => {
            if !state.map.contains(sq) {
                return Err(Problem::new("bad-request", format!("{sq} is off the map")));
            }
            (vec![Endpoint::at(&state.map, sq)], None)
        }
        (None, None) => {
            return Err(Problem::new(
                "bad-request",
                "give the target: to=FIGURE or square=x,y",
            ))
        }
    };
    let occ = combat::occupancy(state);
    let range = combat::range(state, a);
    // A multi-base figure draws from or to any square of its base: the clearest line within
    // range counts, then the shortest (as the attack itself chooses).
    let mut best: Option<((bool, Verdict, u32), Endpoint, Endpoint)> = None;
    for x in &from_eps {
        for y in &to_eps {
            let d = x.square.distance(y.square);
            let v = ClixLos::HEROCLIX.verdict(&state.map, *x, *y, &occ);
            let key = (d > range, v, d);
            if best.as_ref().is_none_or(|(k, _, _)| key < *k) {
                best = Some((key, *x, *y));
            }
        }
    }
    let Some((_, from_ep, to_ep)) = best else {
        return Err(Problem::bad_request("no line to explain"));
    };
    let line = ClixLos::HEROCLIX.explain(&state.map, from_ep, to_ep, &occ);
    let mut out = json!({
        "from": line.from,
        "to": line.to,
        "verdict": line.verdict,
        "verdict_text": line.verdict.name(lang),
        "distance": line.distance,
        "range": range,
        "in_range": line.distance <= range,
        "squares": line.squares,
        "corners": line.corners,
        "notes": line.describe_named(lang, &|id| state.fig(id).map(|f| f.label.clone())),
        "raw_notes": line.notes,
    });
    if let Some(t) = target {
        if line.verdict != Verdict::Blocked && state.opposed(a, t) {
            let attack = combat::stat(state, a, Stat::Attack).value;
            let (defence, _) = text::defence_against(state, a, t, true);
            out["attack"] = json!({
                "attack": attack,
                "defense": defence,
                "text": text::needs_text(attack, defence, lang),
            });
        }
    }
    Ok(out)
}
