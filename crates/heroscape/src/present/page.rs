//! What the HeroScape page module (`web/rulesets/heroscape/`) asks beyond the generic board:
//! the judge query `field`, the battlefield hex by hex with its stack of pieces, edge pieces,
//! start zones and glyphs as the viewer sees them, and the cards' words and powers. It reads
//! only what every seat sees (the cards are printed, the battlefield is on the table; face-down
//! glyphs stay unnamed), so it needs no viewer: the order markers are not in it at all.

use serde_json::{json, Value};
use skirmish_lang::Lang;

use skirmish_board::hex::Hex;

use crate::battlefield::Material;
use crate::game::{geometry, Figure, State};
use skirmish_board::FigureId;

use super::judge::{self, Coords};
use super::text::{self, Grid};

/// A span's material as a word (`grass`, `water`, `tree`...) and whether figures stand in it.
fn material(m: Material) -> (String, &'static str) {
    let (v, kind) = match m {
        Material::Solid(g) => (serde_json::to_value(g), "solid"),
        Material::Liquid(g) => (serde_json::to_value(g), "liquid"),
        Material::Obstacle(o) => (serde_json::to_value(o), "obstacle"),
    };
    let word = v
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_else(|| "land".into());
    (word, kind)
}

/// The battlefield and the cards for the page (see the module's documentation).
pub fn field(state: &State, lang: Lang) -> Value {
    let grid = Grid::of(&state.field);
    let cells: Vec<Value> = state
        .field
        .columns()
        .map(|(hex, column)| {
            let spans: Vec<Value> = column
                .spans()
                .iter()
                .map(|s| {
                    let (what, kind) = material(s.material);
                    json!({ "bottom": s.bottom, "top": s.top, "what": what, "kind": kind })
                })
                .collect();
            let feet: Vec<Value> = column
                .footings()
                .map(|f| json!({ "level": f.level, "headroom": f.headroom }))
                .collect();
            let s = state.field.start_players(hex);
            let zones: Vec<u8> = (1..=8u8).filter(|p| s.has(*p)).collect();
            json!({
                "at": grid.cell(hex),
                // The view's glyphs and figures name hexes: the replay finds their cell by it.
                "hex": [hex.q, hex.r],
                "top": column.top(),
                "level": column.top_footing().map(|f| f.level),
                "spans": spans,
                "feet": feet,
                "zones": zones,
            })
        })
        .collect();
    let edges: Vec<Value> = state
        .field
        .edge_pieces()
        .iter()
        .map(|e| {
            json!({
                "at": grid.cell(e.hex),
                "side": e.side,
                "bottom": e.bottom,
                "top": e.top,
                "what": material(Material::Obstacle(e.kind)).0,
            })
        })
        .collect();
    let glyphs: Vec<Value> = state
        .glyphs
        .iter()
        .filter(|g| !g.gone)
        .map(|g| {
            let known = g.known();
            json!({
                "at": grid.cell(g.spot.hex),
                "level": g.spot.level,
                "face_up": g.face_up,
                "name": known.map(|k| text::glyph_name(k, lang)),
            })
        })
        .collect();
    let units: Vec<Value> = state
        .units
        .iter()
        .map(|u| {
            let c = &u.card;
            json!({
                "id": u.id,
                "owner": u.owner,
                "name": c.name,
                "rarity": c.rarity,
                "kind": c.kind,
                "general": c.general,
                "species": c.species,
                "class": c.class,
                "personality": c.personality,
                "size": c.size,
                "height": c.height,
                "figures": c.figures,
                "life": c.life,
                "move": c.move_,
                "range": c.range,
                "attack": c.attack,
                "defense": c.defense,
                "points": c.points,
                "copies": u.copies,
                // Whether the game plays the power: the others stay text for the players to apply.
                "powers": c.powers.iter().map(|p| json!({
                    "name": p.name,
                    "text": p.text,
                    "applied": p.effects.as_ref().is_some_and(|e| e.iter().all(crate::power::Effect::runs_in_game)),
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let figures: Vec<Value> = state
        .figures
        .iter()
        .map(|f| json!({ "id": f.id, "name": text::figure_name(state, f.id) }))
        .collect();
    json!({
        "name": state.field.name,
        "width": grid.width,
        "height": grid.height,
        "cells": cells,
        "edges": edges,
        "glyphs": glyphs,
        "units": units,
        "figures": figures,
        "start_zones": state.field.start_zone_count(),
        "glyph_names": glyph_names(lang),
    })
}

/// Every glyph's name by its identifier in views (`astrid`...): a replay names the glyphs of a
/// past position from its view, which holds identifiers only.
fn glyph_names(lang: Lang) -> serde_json::Map<String, Value> {
    ('A'..='Z')
        .map(crate::battlefield::Glyph::from_letter)
        .filter(|g| *g != crate::battlefield::Glyph::Unknown)
        .filter_map(|g| {
            let id = serde_json::to_value(g).ok()?.as_str()?.to_string();
            Some((id, Value::from(text::glyph_name(g, lang))))
        })
        .collect()
}

/// A `COL,ROW` query parameter.
pub fn cell_param(text: &str) -> Option<[i32; 2]> {
    let (c, r) = text.split_once(',')?;
    Some([c.trim().parse().ok()?, r.trim().parse().ok()?])
}

/// Why `f` may not end its move with its (lead) hex on `hex`, in words, the closest reason
/// first; `None` when it may. A double-space figure is tried with its other hex on each
/// neighbour, and each refusal names both hexes.
pub fn refusal(state: &State, f: &Figure, hex: Hex, lang: Lang) -> Option<Vec<String>> {
    // The same search as the game's move: the card's movement powers, the glyphs that are gone.
    let refused = geometry::with_normal_reach(state, f, |reach| {
        judge::end_on(reach, &state.field, hex, None, None).err()
    })??;
    let coords = Coords::of(&state.field, false);
    let name = |id: FigureId| text::figure_name(state, id.0);
    Some(judge::refusals_words(&refused, &coords, &name, lang))
}

/// The line of sight from `a` to `t` as a segment in space, for the page to draw (see
/// [`judge::line_json`]).
pub fn line(state: &State, a: &Figure, t: &Figure, lang: Lang) -> Value {
    let (Some(sa), Some(st)) = (geometry::standing(state, a), geometry::standing(state, t)) else {
        return Value::Null;
    };
    let others: Vec<_> = state
        .figures
        .iter()
        .filter(|g| g.on_field() && g.id != a.id && g.id != t.id)
        .filter_map(|g| geometry::standing(state, g))
        .collect();
    let grid = geometry::grid(state);
    let sight = crate::sight::line_of_sight(&grid, &sa, &st, &others);
    let trace = crate::sight::trace::trace(&grid, &sight, &st, &others);
    let coords = Coords::of(&state.field, false);
    let name = |id: FigureId| text::figure_name(state, id.0);
    judge::line_json(&state.field, &sight, &trace, &coords, &name, lang)
}

#[cfg(test)]
mod tests {
    use serde_json::Map;
    use skirmish_engine::Seat;
    use skirmish_lang::Lang;
    use skirmish_platform::Platform;

    use super::super::{downcast, HeroScapePresentation};

    /// The sample battlefield through the `field` query: every hex once with its level, both
    /// start zones, the cards with their numbers, and nothing of the order markers even once
    /// they are down.
    #[test]
    fn the_field_query_draws_the_battlefield_and_never_the_markers() {
        let p = Platform::new().with(HeroScapePresentation::default());
        let hs = p.find("heroscape").unwrap();
        assert_eq!(hs.page_module(), Some("/rulesets/heroscape/index.js"));
        let setup = hs.setup(&Map::new(), Lang::En).unwrap();
        let mut g = p
            .registry()
            .new_game("heroscape", &setup.scenario, 3)
            .unwrap();
        // Play placement and the first markers with the first legal action of each seat.
        while let Some(&seat) = g.pending_seats().first() {
            let state = downcast(g.as_ref()).unwrap().state();
            if state.round >= 1 && matches!(state.phase, crate::game::state::Phase::Turns { .. }) {
                break;
            }
            let legal = hs.legal(g.as_ref(), seat, Lang::En);
            g.act_json(seat, &legal[0].action).unwrap();
        }
        let state = downcast(g.as_ref()).unwrap().state();
        let v = super::field(state, Lang::Fr);
        let cells = v["cells"].as_array().unwrap();
        assert_eq!(cells.len(), state.field.len());
        let mut ats: Vec<String> = cells.iter().map(|c| c["at"].to_string()).collect();
        ats.sort();
        ats.dedup();
        assert_eq!(ats.len(), cells.len(), "a hex listed twice");
        assert!(cells.iter().any(|c| c["level"].as_u64().unwrap_or(0) > 1));
        for zone in [1, 2] {
            assert!(
                cells
                    .iter()
                    .any(|c| c["zones"].as_array().unwrap().contains(&zone.into())),
                "no hex of start zone {zone}"
            );
        }
        let units = v["units"].as_array().unwrap();
        assert_eq!(units.len(), state.units.len());
        assert!(units
            .iter()
            .all(|u| u["powers"].is_array() && u["life"].as_u64() > Some(0)));
        // The sample cards' powers are all authored as data: the game applies every one.
        let powers: Vec<&serde_json::Value> = units
            .iter()
            .flat_map(|u| u["powers"].as_array().unwrap())
            .collect();
        assert!(!powers.is_empty());
        assert!(powers
            .iter()
            .all(|p| p["applied"] == serde_json::json!(true)));
        assert_eq!(units[0]["owner"], serde_json::json!(Seat(0)));
        assert_eq!(v["glyph_names"]["astrid"], "Astrid (attaque +1)");
        assert_eq!(v["glyph_names"].as_object().unwrap().len(), 20);
        let hexes: Vec<&serde_json::Value> = cells.iter().map(|c| &c["hex"]).collect();
        assert!(state
            .field
            .columns()
            .all(|(h, _)| hexes.contains(&&serde_json::json!([h.q, h.r]))));
        let text = v.to_string();
        assert!(!text.contains("marker"), "the field names markers: {text}");

        // Refusals: a reachable hex has none, another figure's hex names it, the farthest hex
        // is too far.
        let f = state
            .figures
            .iter()
            .find(|f| f.on_field() && f.tail.is_none())
            .unwrap();
        let dest = crate::game::geometry::destinations(state, f);
        assert!(!dest.is_empty());
        assert_eq!(super::refusal(state, f, dest[0].hex, Lang::En), None);
        let other = state
            .figures
            .iter()
            .find(|g| g.on_field() && g.id != f.id)
            .unwrap();
        let why = super::refusal(state, f, other.hex.unwrap(), Lang::En).unwrap()[0].clone();
        assert!(
            why.contains(&crate::present::text::figure_name(state, other.id)),
            "{why}"
        );
        let here = f.hex.unwrap();
        let (far, _) = state
            .field
            .columns()
            .filter(|(h, c)| {
                c.top_footing().is_some() && state.figures.iter().all(|g| g.hex != Some(*h))
            })
            .max_by_key(|(h, _)| h.distance(here))
            .unwrap();
        let why = super::refusal(state, f, far, Lang::Fr).unwrap()[0].clone();
        assert!(
            why.contains("déplacement") || why.contains("chemin"),
            "{why}"
        );
    }
}
