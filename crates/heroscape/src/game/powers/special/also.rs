//! The other figures a special attack lets the player choose besides its targeted figure
//! ([`Also`]): *Tetsubo* ("you may also choose one figure adjacent to the targeted figure to be
//! attacked by the Tetsubo Special Attack as well"), *Fledgling Lightning Breath* ("you may
//! choose one other figure within 3 clear sight spaces of the targeted figure to be affected"),
//! *Acid Spray* ("up to two other figures adjacent to the targeted figure").
//!
//! The action names them; the attack dice are rolled once for all, and each figure defends on
//! its own, as for an explosion. They are chosen from where the targeted figure stands, so the
//! power's range is the targeted figure's only (*Range 4 + Special*). Figures "attacked" are
//! opponents' figures, as any attack's target; figures "affected" may be anyone's but the
//! attacker's. Figures "within N clear sight spaces of the targeted figure" need the targeted
//! figure's clear sight and no other; figures adjacent to it need the attacker's, as the
//! figures of an explosion do (unless the power needs no sight).

use super::{affects, needs_sight, Refusal};
use crate::game::geometry;
use crate::game::powers::values;
use crate::game::state::{Figure, State};
use crate::power::{Also, SpecialAttack};

/// Whether `g` may be chosen besides `target`.
fn candidate(
    state: &State,
    f: &Figure,
    power: &SpecialAttack,
    also: Also,
    target: &Figure,
    g: &Figure,
) -> bool {
    if !g.on_field() || g.id == f.id || g.id == target.id {
        return false;
    }
    if also.opponents_only && state.allies(g.owner, f.owner) {
        return false;
    }
    let near = if also.clear_sight {
        values::within_clear_sight(state, target, g, also.within)
    } else if also.within <= 1 {
        super::area::adjacent(state, target, g)
    } else {
        super::area::spaces(target, g) <= u32::from(also.within)
    };
    let seen =
        also.clear_sight || !needs_sight(state, f, power, target) || geometry::can_see(state, f, g);
    near && seen && affects(state, f, power, g)
}

/// The figures the action chose besides `target`, checked.
pub(super) fn chosen<'a>(
    state: &'a State,
    f: &Figure,
    power: &SpecialAttack,
    target: &Figure,
    ids: &[u32],
) -> Result<Vec<&'a Figure>, Refusal> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let also = power.also.ok_or(Refusal::NoAim)?;
    if ids.len() > usize::from(also.most) {
        return Err(Refusal::TooManyAlso(also.most));
    }
    let mut out: Vec<&Figure> = Vec::new();
    for id in ids {
        let g = state
            .figure(*id)
            .filter(|g| !out.iter().any(|o| o.id == g.id))
            .filter(|g| candidate(state, f, power, also, target, g))
            .ok_or(Refusal::NotAlso(*id))?;
        out.push(g);
    }
    Ok(out)
}

/// Every choice of other figures for an attack at `target`: none, and each set of at most
/// `most` candidates (in id order, so each set is offered once).
pub(super) fn choices(
    state: &State,
    f: &Figure,
    power: &SpecialAttack,
    target: &Figure,
) -> Vec<Vec<u32>> {
    let mut out = vec![Vec::new()];
    let Some(also) = power.also else {
        return out;
    };
    let mut near: Vec<u32> = state
        .figures
        .iter()
        .filter(|g| candidate(state, f, power, also, target, g))
        .map(|g| g.id)
        .collect();
    near.sort_unstable();
    let mut frontier: Vec<Vec<u32>> = vec![Vec::new()];
    for _ in 0..also.most {
        let next: Vec<Vec<u32>> = frontier
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
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}
