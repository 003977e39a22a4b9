//! Glyphs (*LES GLYPHES*): stopping on one turns it face up; a permanent glyph helps the whole
//! army of the figure standing on it for as long as it stays there; a temporary glyph acts once
//! and is discarded.
//!
//! Permanent: Astrid (+1 attack die), Gerda (+1 defence die), Ivor (+4 range to figures of range
//! 4 or more), Valda (+2 move, not for the figure leaving it), Dagmar (+8 initiative), Jalgard
//! (+2 defence dice), Lodin (+1 to every d20). Temporary: Kelda (heals the card of the figure
//! that stops on it), Mitonsoul (a d20 per figure on the battlefield, a 1 destroys it).
//! Rannveig grounds every flyer while a figure stands on it (`geometry::grounded`). Brandar's
//! rule is the scenario's; Erland, Sturla and the expansion glyphs have no effect yet.

use skirmish_board::hex::Hex;
use skirmish_dice::Dice;
use skirmish_engine::Seat;

use crate::battlefield::Glyph;

use super::state::{Figure, GlyphState, State};
use super::Event;

/// The glyph lying on `hex`, if it is still there.
pub fn glyph_at(state: &State, hex: Hex) -> Option<&GlyphState> {
    state.glyphs.iter().find(|g| g.spot.hex == hex && !g.gone)
}

/// How many of the permanent `glyph` the army of `seat` holds (a figure of its own standing on
/// it, face up), leaving out figure `but`.
fn held(state: &State, seat: Seat, glyph: Glyph, but: Option<u32>) -> u16 {
    let n = state
        .glyphs
        .iter()
        .filter(|g| !g.gone && g.face_up && g.spot.glyph == glyph)
        .filter(|g| {
            state.figures.iter().any(|f| {
                f.owner == seat
                    && Some(f.id) != but
                    && f.on_field()
                    && f.level == g.spot.level
                    && f.hexes().any(|h| h == g.spot.hex)
            })
        })
        .count();
    u16::try_from(n).unwrap_or(u16::MAX)
}

/// A figure's move this turn: its card's, +2 per Valda its army holds with another figure.
pub fn move_of(state: &State, f: &Figure) -> u16 {
    state.card_of(f).move_ + 2 * held(state, f.owner, Glyph::Valda, Some(f.id))
}

/// A figure's attack dice before height: its card's, +1 per Astrid.
pub fn attack_of(state: &State, f: &Figure) -> u16 {
    state.card_of(f).attack + held(state, f.owner, Glyph::Astrid, None)
}

/// A figure's defence dice before height: its card's, +1 per Gerda, +2 per Jalgard.
pub fn defence_of(state: &State, f: &Figure) -> u16 {
    state.card_of(f).defense
        + held(state, f.owner, Glyph::Gerda, None)
        + 2 * held(state, f.owner, Glyph::Jalgard, None)
}

/// A figure's range: its card's, +4 per Ivor when it is 4 or more.
pub fn range_of(state: &State, f: &Figure) -> u16 {
    let r = state.card_of(f).range;
    if r >= 4 {
        r + 4 * held(state, f.owner, Glyph::Ivor, None)
    } else {
        r
    }
}

/// What a seat adds to its initiative roll: +8 per Dagmar, and Lodin's +1 to every d20.
pub fn initiative_bonus(state: &State, seat: Seat) -> u16 {
    8 * held(state, seat, Glyph::Dagmar, None) + d20_bonus(state, seat)
}

/// What a seat adds to any d20 it rolls: +1 per Lodin.
pub fn d20_bonus(state: &State, seat: Seat) -> u16 {
    held(state, seat, Glyph::Lodin, None)
}

/// A figure has stopped on `hex`: a face-down glyph there turns face up, and a temporary glyph
/// acts and is discarded.
pub fn stopped_on(state: &mut State, figure: u32, dice: &mut Dice, events: &mut Vec<Event>) {
    let Some(f) = state.figure(figure).cloned() else {
        return;
    };
    let Some(i) = state
        .glyphs
        .iter()
        .position(|g| !g.gone && f.hexes().any(|h| h == g.spot.hex))
    else {
        return;
    };
    let glyph = state.glyphs[i].spot.glyph;
    if !state.glyphs[i].face_up {
        state.glyphs[i].face_up = true;
        events.push(Event::GlyphRevealed {
            figure,
            hex: state.glyphs[i].spot.hex,
            glyph,
        });
    }
    match glyph {
        Glyph::Kelda => {
            state.glyphs[i].gone = true;
            let healed: Vec<u32> = state
                .figures
                .iter()
                .filter(|g| g.unit == f.unit && !g.destroyed && g.wounds > 0)
                .map(|g| g.id)
                .collect();
            for id in &healed {
                if let Some(g) = state.figure_mut(*id) {
                    g.wounds = 0;
                }
            }
            events.push(Event::GlyphUsed {
                glyph,
                figures: healed,
                rolls: Vec::new(),
            });
        }
        Glyph::Mitonsoul => {
            state.glyphs[i].gone = true;
            let on_field: Vec<u32> = state
                .figures
                .iter()
                .filter(|g| g.on_field())
                .map(|g| g.id)
                .collect();
            let mut rolls = Vec::new();
            let mut struck = Vec::new();
            for id in on_field {
                let die = dice.d20();
                rolls.push((id, die));
                if die == 1 {
                    struck.push(id);
                }
            }
            events.push(Event::GlyphUsed {
                glyph,
                figures: struck.clone(),
                rolls,
            });
            for id in struck {
                super::combat::destroy(state, id, events);
            }
        }
        _ => {}
    }
}
