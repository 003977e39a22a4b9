//! HeroClix for the web page: legal actions as JSON with their sentences, the log from events,
//! the prompt for the pending decision, and the reach and line-of-fire helpers the page draws.
//! The sentences are the rules crate's own ([`skirmish_heroclix::game::text`], shared with the
//! terminal player); everything is computed from the engine's state with the rules' own
//! functions, so what the page shows is what the engine will accept.

use serde_json::{json, Value};
use skirmish_board::square::Square;
use skirmish_board::FigureId;
use skirmish_engine::{Game, Pending, Ruleset, Seat, Viewer};
use skirmish_heroclix::figure::Stat;
use skirmish_heroclix::game::combat;
use skirmish_heroclix::game::play;
use skirmish_heroclix::game::text;
use skirmish_heroclix::game::{Event, Fig, HeroClix, State};
use skirmish_heroclix::movement::{self, MoveQuery};
use skirmish_lang::Lang;
use skirmish_los::{ClixLos, Endpoint, Verdict};

use crate::error::{code, ApiError};

/// The HeroClix game inside a dynamic game, if it is one.
pub fn downcast(game: &dyn skirmish_engine::AnyGame) -> Option<&Game<HeroClix>> {
    game.as_any().downcast_ref::<Game<HeroClix>>()
}

/// The legal actions of `seat`, each as JSON with its sentence.
pub fn legal_with_texts(game: &Game<HeroClix>, seat: Seat, lang: Lang) -> Vec<(Value, String)> {
    let actions = game.legal_actions(seat);
    let mut d = text::ActionTexts::new(game.state(), lang);
    actions
        .iter()
        .filter_map(|a| {
            let v = serde_json::to_value(a).ok()?;
            Some((v, d.describe(a)))
        })
        .collect()
}

/// What the pending decision asks, as a sentence.
pub fn decision_text(game: &Game<HeroClix>, lang: Lang) -> String {
    let s = game.state();
    let fr = lang == Lang::Fr;
    match game.pending() {
        Pending::Over(outcome) => {
            let w: Vec<String> = outcome
                .winners
                .iter()
                .map(|w| text::seat_name(*w, lang))
                .collect();
            if fr {
                format!("Partie terminée : {} ({})", w.join(", "), outcome.reason)
            } else {
                format!("Game over: {} ({})", w.join(", "), outcome.reason)
            }
        }
        Pending::Decide { seats, decision } => text::decision_prompt(s, &seats, &decision, lang),
    }
}

/// The log of steps `from_step + 1 ..` (steps count from 1, the first action), as `viewer` may
/// see it: one entry per event with its text, the event itself (for animations) and the dice it
/// shows.
pub fn log_entries(
    game: &Game<HeroClix>,
    viewer: Viewer,
    from_step: usize,
    lang: Lang,
) -> Vec<Value> {
    let state = game.state();
    let mut out = Vec::new();
    for (i, step) in game.steps().iter().enumerate().skip(from_step) {
        for event in &step.events {
            let Some(event) = HeroClix::event_view(event, viewer) else {
                continue;
            };
            let dice: Vec<u8> = match &event {
                Event::AttackRoll { dice, .. } => vec![dice.0, dice.1],
                Event::Breakaway { roll, .. } => vec![*roll],
                _ => Vec::new(),
            };
            let mut entry = json!({
                "step": i + 1,
                "seat": step.seat,
                "text": event.text(state, lang),
                "event": event,
            });
            if !dice.is_empty() {
                entry["dice"] = json!(dice);
            }
            out.push(entry);
        }
    }
    out
}

/// Seat names for the snapshot: the teams' names.
pub fn seat_names(game: &Game<HeroClix>) -> Vec<String> {
    game.state().seats.iter().map(|s| s.name.clone()).collect()
}

fn figure_or_error(state: &State, id: u32) -> Result<&Fig, ApiError> {
    state.fig(FigureId(id)).ok_or_else(|| {
        ApiError::bad(
            code::BAD_REQUEST,
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
) -> Result<Value, ApiError> {
    let state = game.state();
    let f = figure_or_error(state, figure)?;
    let Some(from) = f.square.filter(|_| !f.ko) else {
        return Err(ApiError::bad(
            code::BAD_REQUEST,
            format!("{} is not on the map", f.label),
        ));
    };
    let speed = combat::stat(state, f, Stat::Speed)
        .value
        .max(0)
        .unsigned_abs();
    if f.is_multi_base() {
        return Ok(multi_base_reach(state, f, from, speed, to, lang));
    }
    let others = play::standings(state, f);
    let escaped = play::breakaway_enemies(state, f);
    let near = play::reach_near(state, f);
    let q = MoveQuery {
        from,
        speed,
        others: &others,
        broke_away_from: &escaped,
        near: &near,
    };
    let r = movement::reach(&state.map, &q)
        .map_err(|e| ApiError::bad(code::BAD_REQUEST, e.text(lang)))?;
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
        "speed": speed,
        "allowance": r.allowance,
        "halved": r.halved,
        "needs_breakaway": r.needs_breakaway,
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
    speed: u32,
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
        "speed": speed,
        "allowance": if halved { speed.div_ceil(2) } else { speed },
        "halved": halved,
        "needs_breakaway": !play::breakaway_enemies(state, f).is_empty(),
        "base": [f.def.base.width, f.def.base.depth],
        "destinations": destinations,
    });
    if let Some(to) = to {
        let reason = match lang {
            Lang::En => format!(
                "{} cannot end a move with the top-left square of its base on {to}",
                f.label
            ),
            Lang::Fr => format!(
                "{} ne peut pas finir un déplacement avec la case en haut à gauche de son socle en {to}",
                f.label
            ),
        };
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
) -> Result<Value, ApiError> {
    let state = game.state();
    let a = figure_or_error(state, from)?;
    let from_eps: Vec<Endpoint> = a
        .footprint()
        .into_iter()
        .map(|sq| Endpoint::at(&state.map, sq).with_figure(a.id))
        .collect();
    if from_eps.is_empty() {
        return Err(ApiError::bad(
            code::BAD_REQUEST,
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
                return Err(ApiError::bad(
                    code::BAD_REQUEST,
                    format!("{} is not on the map", t.label),
                ));
            }
            (eps, Some(t))
        }
        (None, Some(sq)) => {
            if !state.map.contains(sq) {
                return Err(ApiError::bad(
                    code::BAD_REQUEST,
                    format!("{sq} is off the map"),
                ));
            }
            (vec![Endpoint::at(&state.map, sq)], None)
        }
        (None, None) => {
            return Err(ApiError::bad(
                code::BAD_REQUEST,
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
        return Err(ApiError::internal("no line to explain"));
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
        "notes": line.describe(lang),
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

/// Victory points so far, in the engine's outcome shape (`[[seat, points], ...]`).
pub fn scores(game: &Game<HeroClix>) -> Vec<(Seat, i64)> {
    game.state()
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| (Seat(i as u8), i64::from(s.victory_points)))
        .collect()
}

/// Who won, for a resignation, in the engine's outcome shape.
pub fn resigned_reason(seat: Seat, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{} resigned", text::seat_name(seat, lang)),
        Lang::Fr => format!("le {} a abandonné", text::seat_name(seat, lang)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{Content, DEFAULT_MAP, DEFAULT_TEAMS};
    use skirmish_heroclix::game::Decision;

    fn game() -> Game<HeroClix> {
        let c = Content::embedded().unwrap();
        let teams: Vec<_> = DEFAULT_TEAMS
            .iter()
            .map(|t| c.team_from_request(&json!(t)).unwrap())
            .collect();
        let s = c
            .scenario(
                DEFAULT_MAP,
                &teams,
                &crate::content::GameChoices::points(300),
                Lang::En,
            )
            .unwrap();
        Game::new(s, 7).unwrap()
    }

    /// Plays the first legal action until the game reaches the turn phase.
    fn to_play(g: &mut Game<HeroClix>) {
        for _ in 0..200 {
            let seat = g.pending_seats()[0];
            if matches!(
                g.pending(),
                Pending::Decide {
                    decision: Decision::Turn { .. },
                    ..
                }
            ) {
                return;
            }
            let a = g.legal_actions(seat)[0].clone();
            g.act(seat, a).unwrap();
        }
        panic!("no turn phase");
    }

    #[test]
    fn every_legal_action_has_a_text_in_both_languages() {
        let mut g = game();
        to_play(&mut g);
        let seat = g.pending_seats()[0];
        for lang in [Lang::En, Lang::Fr] {
            let legal = legal_with_texts(&g, seat, lang);
            assert!(!legal.is_empty());
            for (_, text) in &legal {
                assert!(!text.is_empty());
            }
            let moves: Vec<&String> = legal
                .iter()
                .filter(|(v, _)| v["type"] == "move")
                .map(|(_, t)| t)
                .collect();
            assert!(!moves.is_empty());
            if lang == Lang::En {
                assert!(
                    moves[0].starts_with("Move ") || moves[0].contains("stays"),
                    "{}",
                    moves[0]
                );
                assert!(moves.iter().any(|m| m.contains("squares")), "{moves:?}");
            } else {
                assert!(moves.iter().any(|m| m.starts_with("Déplacer")));
            }
        }
        assert!(!decision_text(&g, Lang::En).is_empty());
        assert!(!log_entries(&g, Viewer::Spectator, 0, Lang::Fr).is_empty());
    }

    #[test]
    fn reach_and_line_of_fire_answer() {
        let mut g = game();
        to_play(&mut g);
        let seat = g.pending_seats()[0];
        let mine: Vec<u32> = g
            .state()
            .figures
            .iter()
            .filter(|f| f.owner == seat)
            .map(|f| f.id.0)
            .collect();
        let theirs = g
            .state()
            .figures
            .iter()
            .find(|f| f.owner != seat)
            .map(|f| f.id.0)
            .unwrap();
        let r = reach(&g, mine[0], Some(Square::new(0, 0)), Lang::En).unwrap();
        assert!(r["destinations"].as_array().unwrap().len() > 1);
        assert!(r["to"]["ok"].is_boolean());
        let l = line_of_fire(&g, mine[0], Some(theirs), None, Lang::Fr).unwrap();
        assert!(l["verdict"].is_string());
        let giant = g
            .state()
            .figures
            .iter()
            .find(|f| f.is_multi_base())
            .map(|f| (f.id.0, f.square))
            .unwrap();
        let r = reach(&g, giant.0, giant.1, Lang::Fr).unwrap();
        assert_eq!(r["base"], json!([2, 2]));
        assert!(!r["destinations"].as_array().unwrap().is_empty());
        let l = line_of_fire(&g, giant.0, Some(mine[0]), None, Lang::En).unwrap();
        assert!(l["notes"].is_array());
        assert!(reach(&g, 999, None, Lang::En).is_err());
        assert!(line_of_fire(&g, mine[0], None, None, Lang::En).is_err());
        assert!(line_of_fire(&g, mine[0], None, Some(Square::new(-5, 900)), Lang::En).is_err());
    }
}
