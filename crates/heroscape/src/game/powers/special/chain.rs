//! Special attacks that leap from defender to neighbour ([`Chain`]): *Arcane Bolt* ("after
//! attacking with Arcane Bolt Special Attack, if the defending figure receives at least 1
//! wound, you may choose a figure that was adjacent to the defending figure at the beginning of
//! that attack and attack that chosen figure ... until you fail to inflict a wound") and
//! *Erupting Earth* (the same after every attack, "rolling one fewer attack die than the
//! previous, up to a total of four attacks").
//!
//! The first attack is an ordinary one within the printed range ("the first target ... must be
//! within a Range of 5"); the figures adjacent to its defender when it begins are remembered
//! with the figure's use of the power, and the next attack may only choose one of them, at any
//! range (*Range 5 + Special*), the other rules of a target still holding (an opponent's
//! figure, in clear sight, one the attacker is engaged with when it is engaged). Never the same
//! figure twice in a turn (`distinct_targets`). Whether to go on is the player's: another
//! special attack action, or anything else.

use super::{this_turn, Aim, Refusal};
use crate::game::state::{Figure, State};
use crate::power::{Chain, SpecialAttack};

/// The attack dice of the attack after `used` attacks with the power this turn (a die fewer
/// each time with `fewer_dice`), or why there is none.
pub(super) fn dice(power: &SpecialAttack, chain: Chain, used: u8) -> Result<u16, Refusal> {
    if chain.most.is_some_and(|m| used >= m) {
        return Err(Refusal::UsedUp(used));
    }
    let fewer = chain.fewer_dice.saturating_mul(u16::from(used));
    match power.attack.checked_sub(fewer) {
        Some(n) if n > 0 => Ok(n),
        _ => Err(Refusal::UsedUp(used)),
    }
}

/// Whether `aim`'s target may be the next link: a figure adjacent to the last defender when
/// that attack began.
pub(super) fn check(state: &State, f: &Figure, aim: &Aim) -> Result<(), Refusal> {
    let Some(t) = aim.target else {
        return Err(Refusal::NeedsTarget);
    };
    let beside = this_turn(state)
        .iter()
        .find(|u| u.figure == f.id && u.power == aim.power)
        .is_some_and(|u| u.beside.contains(&t));
    if beside {
        Ok(())
    } else {
        Err(Refusal::NotBeside(t))
    }
}

/// The figures adjacent to `target` now, as the next link may choose among.
pub(super) fn beside(state: &State, target: u32) -> Vec<u32> {
    let Some(t) = state.figure(target).filter(|t| t.on_field()) else {
        return Vec::new();
    };
    let mut out: Vec<u32> = state
        .figures
        .iter()
        .filter(|g| g.on_field() && g.id != t.id && super::area::adjacent(state, t, g))
        .map(|g| g.id)
        .collect();
    out.sort_unstable();
    out
}
