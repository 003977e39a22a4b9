//! Combined special attacks ([`Combined`]): several figures of the active card roll their
//! attack dice as one attack (*Encircle*: "if 3 Ashigaru Yari you control are adjacent to the
//! same enemy figure, they may roll their attack dice as one combined attack. The defending
//! figure compares height to the lowest Ashigaru Yari to determine any height advantage. If
//! Encircle Special Attack is used, the 4th figure that moved this turn cannot attack").
//!
//! The action names the acting figure and, in `also`, the others; all are figures of the
//! active card (the figures taking the turn) that have not attacked yet, and every one of them
//! has attacked once it is made. With `lowest_height` the attack's and the defence's height
//! dice are those of the lowest of them against the targeted figure. With
//! `others_cannot_attack` it is refused once another figure of the card attacked this turn, and
//! once made no other figure of the card attacks this turn, normally or specially.
//!
//! *Arrow Volley* ("three unengaged adjacent Roman Archers on the same level may combine their
//! attacks and roll their attack dice as one attack. All Roman Archers in the Arrow Volley
//! must have a clear line of sight on the one target"): none of them engaged, all on the
//! acting figure's level, standing together (each adjacent to another of them, one group), and
//! each with the target within the power's range and in clear sight, since each attacks it.

use super::{specials, this_turn, Aim, Refusal};
use crate::game::geometry;
use crate::game::powers::values;
use crate::game::state::{Figure, State};
use crate::power::{Combined, SpecialAttack};

/// The other figures of a combined attack, checked: (the figures, all of them included).
pub(super) fn partners<'a>(
    state: &'a State,
    f: &'a Figure,
    c: Combined,
    target: &Figure,
    aim: &Aim,
) -> Result<Vec<&'a Figure>, Refusal> {
    let turn = state.turn().ok_or(Refusal::NotNow)?;
    let need = usize::from(c.figures.saturating_sub(1));
    if aim.also.len() != need {
        return Err(Refusal::NeedsPartners(c.figures));
    }
    let mut all = vec![f];
    for id in &aim.also {
        let g = state
            .figure(*id)
            .filter(|g| g.on_field() && g.unit == f.unit && !all.iter().any(|a| a.id == g.id))
            .filter(|g| !turn.attacked.contains(&g.id))
            .ok_or(Refusal::NotPartner(*id))?;
        all.push(g);
    }
    if c.adjacent_to_target {
        if let Some(g) = all.iter().find(|g| !values::adjacent(state, g, target)) {
            return Err(Refusal::PartnerNotAdjacent(g.id));
        }
    }
    for g in &all {
        if c.unengaged && !geometry::engaged_with(state, g).is_empty() {
            return Err(Refusal::PartnerEngaged(g.id));
        }
        if c.same_level && g.level != f.level {
            return Err(Refusal::PartnerLevel(g.id));
        }
    }
    if c.adjacent_together && !together(state, &all) {
        return Err(Refusal::NotTogether);
    }
    if c.each_sees_target {
        if let Some(g) = all
            .iter()
            .find(|g| !has_shot(state, g, power_range(state, f, aim), target))
        {
            return Err(Refusal::PartnerNoShot(g.id));
        }
    }
    if c.others_cannot_attack {
        let other = turn.attacked.iter().find(|id| {
            !all.iter().any(|a| a.id == **id)
                && state.figure(**id).is_some_and(|g| g.unit == f.unit)
        });
        if let Some(other) = other {
            return Err(Refusal::OthersAttacked(*other));
        }
    }
    Ok(all)
}

/// The printed range of the power `aim` names.
fn power_range(state: &State, f: &Figure, aim: &Aim) -> u16 {
    specials(state.card_of(f))
        .get(usize::from(aim.power))
        .and_then(|(_, s)| s.range)
        .unwrap_or(1)
}

/// Whether `g` has `target` within `range` and in clear sight.
fn has_shot(state: &State, g: &Figure, range: u16, target: &Figure) -> bool {
    geometry::range(state, g, target).is_some_and(|d| d <= u32::from(range))
        && geometry::can_see(state, g, target)
}

/// Whether the figures stand together: one group, each adjacent to another of them.
fn together(state: &State, all: &[&Figure]) -> bool {
    let mut reached = vec![0usize];
    let mut i = 0;
    while i < reached.len() {
        let here = all[reached[i]];
        for (j, g) in all.iter().enumerate() {
            if !reached.contains(&j) && values::adjacent(state, here, g) {
                reached.push(j);
            }
        }
        i += 1;
    }
    reached.len() == all.len()
}

/// The figure whose height counts against the targeted figure: the lowest of the combined
/// figures with `lowest_height`, else the acting one.
pub(super) fn height_figure<'a>(
    state: &'a State,
    f: &'a Figure,
    aim: &Aim,
    power: &SpecialAttack,
) -> &'a Figure {
    if !power.combined.is_some_and(|c| c.lowest_height) {
        return f;
    }
    aim.also
        .iter()
        .filter_map(|id| state.figure(*id))
        .chain(std::iter::once(f))
        .min_by_key(|g| (g.level, g.id))
        .unwrap_or(f)
}

/// Every choice of partners for `f`'s combined attack at `target`: each set of the card's
/// other figures that could join it (in id order, so each set is offered once).
pub(super) fn choices(
    state: &State,
    f: &Figure,
    power: &SpecialAttack,
    target: &Figure,
) -> Vec<Vec<u32>> {
    let Some(c) = power.combined else {
        return vec![Vec::new()];
    };
    let attacked = state.turn().map(|t| t.attacked.clone()).unwrap_or_default();
    let mut near: Vec<u32> = state
        .figures
        .iter()
        .filter(|g| g.on_field() && g.unit == f.unit && g.id != f.id)
        .filter(|g| !attacked.contains(&g.id))
        .filter(|g| !c.adjacent_to_target || values::adjacent(state, g, target))
        .filter(|g| !c.unengaged || geometry::engaged_with(state, g).is_empty())
        .filter(|g| !c.same_level || g.level == f.level)
        .filter(|g| !c.each_sees_target || has_shot(state, g, power.range.unwrap_or(1), target))
        .map(|g| g.id)
        .collect();
    near.sort_unstable();
    let mut sets: Vec<Vec<u32>> = vec![Vec::new()];
    for _ in 1..c.figures {
        sets = sets
            .iter()
            .flat_map(|set| {
                let last = set.last().copied();
                near.iter()
                    .filter(move |id| last.is_none_or(|l| **id > l))
                    .map(move |id| {
                        let mut s = set.clone();
                        s.push(*id);
                        s
                    })
            })
            .collect();
    }
    sets
}

/// The combined attack of `unit` made this turn that bars its other figures, by name.
pub(super) fn barring(state: &State, unit: u16) -> Option<String> {
    let card = &state.unit(unit)?.card;
    let list = specials(card);
    this_turn(state)
        .iter()
        .filter(|u| u.unit == unit)
        .find_map(|u| {
            list.get(usize::from(u.power))
                .filter(|(_, s)| s.combined.is_some_and(|c| c.others_cannot_attack))
                .map(|(n, _)| n.to_string())
        })
}
