//! Tiles laid on the battlefield by a card's power, in words (`game::powers::tiles`).

use super::*;
use crate::battlefield::Ground;
use crate::present::judge::ground_word;

/// The log line of a tile laid.
pub(super) fn laid_text(
    state: &State,
    (figure, unit, power): (u32, u16, u8),
    hex: Hex,
    ground: Ground,
    left: u16,
    lang: Lang,
) -> String {
    let grid = Grid::of(&state.field);
    match lang {
        Lang::En => format!(
            "{} uses {}: a {} tile is laid on {} ({left} left on the card)",
            figure_name(state, figure),
            power_name(state, unit, power),
            ground_word(ground, lang),
            grid.name(hex)
        ),
        Lang::Fr => format!(
            "{} utilise {} : une tuile {} est posée en {} ({left} restante(s) sur la carte)",
            figure_name(state, figure),
            power_name(state, unit, power),
            ground_of(ground),
            grid.name(hex)
        ),
    }
}

/// "d'ombre", "d'eau", "de lave en fusion": the French tile's complement.
fn ground_of(ground: Ground) -> String {
    let w = ground_word(ground, Lang::Fr);
    if w.starts_with(['a', 'e', 'i', 'o', 'u', 'é']) {
        format!("d'{w}")
    } else {
        format!("de {w}")
    }
}

/// The question: which space takes the tile.
pub(super) fn decision_text(
    state: &State,
    who: &str,
    (unit, power): (u16, u8),
    lang: Lang,
) -> String {
    use crate::game::powers::tiles::{end_of_turn_ground, left, tiles_of};
    let ground = tiles_of(state, unit, power)
        .and_then(end_of_turn_ground)
        .unwrap_or(Ground::Custom);
    let left = left(state, unit, power, ground);
    match lang {
        Lang::En => format!(
            "{who}: {}: lay a {} tile from the card ({left} left) on a space the power allows, or not",
            power_name(state, unit, power),
            ground_word(ground, lang)
        ),
        Lang::Fr => format!(
            "{who} : {} : posez une tuile {} de la carte ({left} restante(s)) sur une case que le pouvoir permet, ou non",
            power_name(state, unit, power),
            ground_of(ground)
        ),
    }
}

/// An answer: the space.
pub(super) fn action_text(state: &State, hex: Hex, lang: Lang) -> String {
    let grid = Grid::of(&state.field);
    let level = state.field.tile_fits(hex).unwrap_or(0);
    match lang {
        Lang::En => format!("Lay the tile on {} (level {level})", grid.name(hex)),
        Lang::Fr => format!("Poser la tuile en {} (niveau {level})", grid.name(hex)),
    }
}
