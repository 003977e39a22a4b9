//! The round's start: figures that start off the battlefield, placed on a roll.

use super::*;

/// The next figure of a unit still off the battlefield.
pub(super) fn next_to_deploy(state: &State, unit: u16) -> Option<u32> {
    state
        .figures
        .iter()
        .find(|f| f.unit == unit && !f.destroyed && f.hex.is_none())
        .map(|f| f.id)
}

/// The figure a placing frame asks about.
pub(super) fn to_place(state: &State, d: &Deploy) -> Option<u32> {
    if d.beside.is_empty() {
        next_to_deploy(state, d.unit)
    } else {
        returnable(state, d.unit)
    }
}

/// Where a figure that starts off the battlefield may be placed: an empty space (two at one
/// level for a double-space figure), none adjacent to a figure, none on a glyph.
pub fn deploy_spaces(state: &State, f: &Figure) -> Vec<(Hex, Option<Hex>, Level)> {
    empty_spaces_apart(state, f, false)
}

/// Empty spaces where `f` fits (two at one level for a double-space figure), none adjacent to a
/// figure, and on a glyph only when `on_glyphs` (*Glider Landing* does not forbid them).
pub(crate) fn empty_spaces_apart(
    state: &State,
    f: &Figure,
    on_glyphs: bool,
) -> Vec<(Hex, Option<Hex>, Level)> {
    let card = state.card_of(f);
    let height = card.height.max(1);
    let taken: Vec<Hex> = state
        .figures
        .iter()
        .filter(|g| g.on_field())
        .flat_map(|g| g.hexes().collect::<Vec<_>>())
        .collect();
    let free = |h: Hex| -> Option<Level> {
        if taken.iter().any(|t| t.distance(h) <= 1)
            || (!on_glyphs && glyphs::glyph_at(state, h).is_some())
        {
            return None;
        }
        let top = state.field.column(h)?.top_footing()?;
        top.headroom
            .is_none_or(|room| room >= height)
            .then_some(top.level)
    };
    let mut out = Vec::new();
    for (h, _) in state.field.columns() {
        let Some(level) = free(h) else { continue };
        if card.base >= 2 {
            for n in h.neighbours() {
                if free(n) == Some(level) {
                    out.push((h, Some(n), level));
                }
            }
        } else {
            out.push((h, None, level));
        }
    }
    out
}

/// The round's start, before the order markers: each card with figures off the battlefield
/// rolls its *start of round* power, players in the order of a d20 roll-off when several have
/// one; each success asks its player to place the figures ([`Deploy`] frames, above the
/// markers' frame).
pub fn start_of_round(state: &mut State, dice: &mut Dice, events: &mut Vec<Event>) {
    let mut ready: Vec<(Seat, u16, u8)> = Vec::new();
    for u in &state.units {
        if next_to_deploy(state, u.id).is_none() {
            continue;
        }
        for (power, t) in triggered(&u.card) {
            if t.trigger == Trigger::StartOfRound && t.outcomes.contains(&Outcome::DeployApart) {
                ready.push((u.owner, u.id, power));
            }
        }
    }
    if ready.is_empty() {
        return;
    }
    let mut seats: Vec<Seat> = Vec::new();
    for (s, _, _) in &ready {
        if !seats.contains(s) {
            seats.push(*s);
        }
    }
    if seats.len() > 1 {
        let first = play::roll_off(state, dice, &seats, RollFor::Powers, events);
        let all: Vec<Seat> = state.seats().collect();
        let at = all.iter().position(|s| *s == first).unwrap_or(0);
        let order: Vec<Seat> = all[at..].iter().chain(&all[..at]).copied().collect();
        ready.sort_by_key(|(s, _, _)| order.iter().position(|o| o == s));
    }
    let mut deploys = Vec::new();
    for (seat, unit, power) in ready {
        let Some(t) = power_of(state, unit, power).cloned() else {
            continue;
        };
        let Some(roller) = next_to_deploy(state, unit) else {
            continue;
        };
        // The figures are off the battlefield: the roll counts the army's glyphs only.
        if !t.roll.as_ref().is_none_or(|roll| {
            let bonus = glyphs::d20_bonus(state, seat) + roll_bonus(state, seat, unit, power);
            let malus = super::super::d20c::harrowing(state, seat, unit);
            let die = dice.d20();
            let success = u16::from(die) + bonus >= u16::from(roll.at_least) + malus;
            events.push(Event::PowerRolled {
                figure: roller,
                unit,
                power,
                die,
                bonus,
                distance: 0,
                needed: roll.at_least,
                success,
                malus,
            });
            success
        }) {
            continue;
        }
        if state
            .figure(roller)
            .is_some_and(|f| !deploy_spaces(state, f).is_empty())
        {
            deploys.push(Deploy {
                seat,
                unit,
                power,
                beside: Vec::new(),
            });
        }
    }
    for d in deploys.into_iter().rev() {
        state.frames.as_mut().push(HsFrame::Deploy(d));
    }
}
