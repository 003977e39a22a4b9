//! What the HeroScape page module (`web/rulesets/heroscape/`) asks beyond the generic board:
//! the judge query `field`, the battlefield hex by hex with its stack of pieces, edge pieces,
//! start zones and glyphs as the viewer sees them, and the cards' words and powers. It reads
//! only what every seat sees (the cards are printed, the battlefield is on the table; face-down
//! glyphs stay unnamed), so it needs no viewer: the order markers are not in it at all.

use serde_json::{json, Value};
use skirmish_lang::Lang;

use crate::battlefield::Material;
use crate::game::State;

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
                "powers": c.powers.iter().map(|p| json!({ "name": p.name, "text": p.text })).collect::<Vec<_>>(),
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
    })
}

#[cfg(test)]
mod tests {
    use serde_json::Map;
    use skirmish_engine::Seat;
    use skirmish_lang::Lang;
    use skirmish_platform::{Platform, Presentation};

    use super::super::{downcast, HeroScapePresentation};

    /// The sample battlefield through the `field` query: every hex once with its level, both
    /// start zones, the cards with their numbers, and nothing of the order markers even once
    /// they are down.
    #[test]
    fn the_field_query_draws_the_battlefield_and_never_the_markers() {
        let p = Platform::new().with(HeroScapePresentation);
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
        assert!(units.iter().all(|u| u["powers"].is_array() && u["life"].as_u64() > Some(0)));
        assert_eq!(units[0]["owner"], serde_json::json!(Seat(0)));
        let text = v.to_string();
        assert!(!text.contains("marker"), "the field names markers: {text}");
    }
}
