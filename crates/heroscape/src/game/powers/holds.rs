//! *Cyberclaw* ([`Effect::Cyberclaw`]): "All small or medium opponent's figures that enter or
//! occupy a space adjacent to any Gladiatron may not move. Figures affected by the Cyberclaw
//! cannot be moved by any special power on an Army Card or Glyph."
//!
//! A figure the claw matches that stands adjacent to an enemy figure of a Cyberclaw card is
//! *held*: it has no move at all, by its normal move or by any power, and no power or glyph
//! moves it (Carry, Erland's summons). A walking figure that enters such a space stops there
//! (the movement search's [`crate::movement::MoveQuery::held`], as water stops it); a flyer
//! flies over the spaces, as over water, and is held where it lands. Adjacent is engagement's
//! adjacency (the height and ruin exceptions count), and enemies only: engagement is between
//! enemies, so *Necrotech Ghoulgrip*'s "engaged with" holds the same figures as "opponent's
//! figures adjacent".

use crate::body::{Base, Placement, Spot};
use crate::engagement::contact;
use crate::power::Effect;

use super::super::geometry;
use super::super::state::{Figure, State};
use super::{effects_of, matches};

/// The enemy figures on the battlefield whose Cyberclaw holds `f`'s card.
fn holders<'a>(state: &'a State, f: &'a Figure) -> impl Iterator<Item = &'a Figure> + 'a {
    let card = state.card_of(f);
    state
        .figures
        .iter()
        .filter(move |h| h.on_field() && h.id != f.id && !state.allies(h.owner, f.owner))
        .filter(move |h| {
            effects_of(state, h).any(|e| match e {
                Effect::Cyberclaw { filter, .. } => matches(card, filter),
                _ => false,
            })
        })
}

/// Whether an enemy's Cyberclaw holds `f` where it stands: it may not move, nor be moved by
/// any power or glyph.
pub fn held(state: &State, f: &Figure) -> bool {
    f.on_field() && holders(state, f).any(|h| super::values::adjacent(state, f, h))
}

/// The places where an enemy's Cyberclaw would hold `f` (one-hex places: a double-space figure
/// is held when its lead hex enters one): a walking move that enters one ends there.
pub fn held_spots(state: &State, f: &Figure) -> Vec<Spot> {
    let mut out = Vec::new();
    let mut holders = holders(state, f).peekable();
    if holders.peek().is_none() {
        return out;
    }
    let grid = geometry::grid(state);
    let mut body = geometry::body(state, f);
    body.base = Base::Single;
    for h in holders {
        let Some(them) = geometry::standing(state, h) else {
            continue;
        };
        for spot in them.at.spots() {
            for n in spot.hex.neighbours() {
                if them.at.covers(n) {
                    continue;
                }
                for (level, _, _) in grid.footings(n) {
                    let at = Placement::single(n, level);
                    let s = Spot::new(n, level);
                    if !out.contains(&s)
                        && contact(&grid, &body, &at, &them.body, &them.at).adjacent()
                    {
                        out.push(s);
                    }
                }
            }
        }
    }
    out
}

/// Why a held figure may not move, for people.
pub fn held_text(lang: skirmish_lang::Lang) -> String {
    lang.pick(
        "an enemy's Cyberclaw holds it: it may not move, nor be moved by any power or glyph",
        "le Cyberclaw d'un adversaire la retient : elle ne peut pas se déplacer, ni être déplacée par un pouvoir ou un glyphe",
    )
    .into()
}
