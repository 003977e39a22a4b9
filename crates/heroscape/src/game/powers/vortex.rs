//! *Swirling Vortex* ([`Effect::SwirlingVortex`]): "When an opponent's small or medium figure
//! moves onto a space within 2 clear sight spaces of an Air Elemental you control, that figure
//! must end its move there. Figures can never move through any figure affected by Swirling
//! Vortex."
//!
//! Read as the Cyberclaw is ([`super::holds`]): a walking figure the vortex matches that steps
//! onto a space within reach of an enemy figure with the power, in clear sight of it (the
//! mover's own body standing there), ends its move there (the movement search's
//! [`crate::movement::MoveQuery::caught`]); a flyer flies over those spaces, as over water,
//! and its move ends where it lands anyway. The space it starts on does not catch it: it
//! moves on, and the first such space it enters stops it. The figures *affected* are those
//! the vortex matches that stand within its reach now: nobody walks through them, ghost walk
//! included ([`crate::movement::MoveQuery::impassable`]); flyers still pass over them.

use skirmish_board::FigureId;

use crate::body::Spot;
use crate::power::Effect;

use super::super::geometry;
use super::super::state::{Figure, State};
use super::{effects_of, matches};

/// The enemy figures on the battlefield whose vortex catches `f`'s card, with their reach.
fn vortices<'a>(state: &'a State, f: &'a Figure) -> impl Iterator<Item = (&'a Figure, u16)> + 'a {
    let card = state.card_of(f);
    state
        .figures
        .iter()
        .filter(move |v| v.on_field() && v.id != f.id && !state.allies(v.owner, f.owner))
        .filter_map(move |v| {
            effects_of(state, v).find_map(|e| match e {
                Effect::SwirlingVortex { within, filter } if matches(card, filter) => {
                    Some((v, *within))
                }
                _ => None,
            })
        })
}

/// Whether `v`'s vortex of reach `within` reaches `f` where it stands: within that many
/// spaces, in clear sight.
fn reaches(state: &State, v: &Figure, within: u16, f: &Figure) -> bool {
    geometry::range(state, v, f).is_some_and(|r| r <= u32::from(within))
        && geometry::can_see(state, v, f)
}

/// The spaces where an enemy's vortex would catch `f` (one-hex places: a double-space figure
/// is caught when its lead hex enters one).
pub fn caught_spots(state: &State, f: &Figure) -> Vec<Spot> {
    let mut out = Vec::new();
    let mut vortices = vortices(state, f).peekable();
    if vortices.peek().is_none() {
        return out;
    }
    let grid = geometry::grid(state);
    for (v, within) in vortices {
        for centre in v.hexes() {
            // the range around missing hexes is never shorter than the straight count
            for hex in centre.spiral(u32::from(within)) {
                for (level, _, _) in grid.footings(hex) {
                    let s = Spot::new(hex, level);
                    if out.contains(&s) {
                        continue;
                    }
                    let mut there = f.clone();
                    there.hex = Some(hex);
                    there.tail = None;
                    there.level = level;
                    if !v.hexes().any(|h| h == hex) && reaches(state, v, within, &there) {
                        out.push(s);
                    }
                }
            }
        }
    }
    out
}

/// The figures an enemy's vortex affects where they stand: nobody may move through them.
pub fn affected(state: &State) -> Vec<FigureId> {
    let any = state.figures.iter().any(|v| {
        v.on_field() && effects_of(state, v).any(|e| matches!(e, Effect::SwirlingVortex { .. }))
    });
    if !any {
        return Vec::new();
    }
    state
        .figures
        .iter()
        .filter(|f| f.on_field())
        .filter(|f| vortices(state, f).any(|(v, within)| reaches(state, v, within, f)))
        .map(|f| FigureId(f.id))
        .collect()
}
