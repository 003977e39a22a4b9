//! Powers acting on an attack's dice and wounds from the attacker's side: a defence cap won
//! earlier in the turn (*Net Trip*, *Heart Finder Spear*), and a roll once enough wounds are
//! inflicted (*Coil Crush*).

use super::*;
use crate::game::powers::values::{Tally, Why};

/// The defence dice of `defender` attacked by `attacker`, held to the most a power of the
/// attacker's card allows this turn: the dice beyond it are taken off as a change named after
/// the power (automatic shields are not dice and stay).
pub fn cap_defence(state: &State, attacker: &Figure, defender: &Figure, dice: &mut Tally) {
    let Some(key) = turn_key(state) else {
        return;
    };
    let card = state.card_of(attacker);
    let mut cap: Option<(u16, u8)> = None;
    for &(k, unit, power) in &state.powers.capped {
        if k != key || unit != attacker.unit {
            continue;
        }
        let Some(t) = power_of(state, unit, power) else {
            continue;
        };
        for o in &t.outcomes {
            if let Outcome::DefenceAtMost { dice: most, filter } = o {
                if matches(state.card_of(defender), filter) && cap.is_none_or(|(m, _)| *most < m) {
                    cap = Some((*most, power));
                }
            }
        }
    }
    let Some((most, power)) = cap else {
        return;
    };
    let over = dice.value().saturating_sub(most);
    if over == 0 {
        return;
    }
    let name = card
        .powers
        .get(usize::from(power))
        .map(|p| p.name.clone())
        .unwrap_or_default();
    dice.add(
        Why::Power {
            unit: attacker.unit,
            power: name,
        },
        -i16::try_from(over).unwrap_or(i16::MAX),
    );
}

/// An attack's `wounds` are on the target: the attacker's *when it inflicts at least N
/// wounds* powers roll against a target matching them. A target the wounds destroyed has
/// nothing left to lose, and no roll is made.
pub fn after_wounds(
    state: &mut State,
    attacker: u32,
    target: u32,
    wounds: u16,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let Some(a) = state.figure(attacker).cloned() else {
        return;
    };
    let card = state.units[usize::from(a.unit)].card.clone();
    for (power, p) in triggered(&card) {
        let Trigger::InflictsWounds(least) = p.trigger else {
            continue;
        };
        let Some(t) = state.figure(target).filter(|t| t.on_field()) else {
            return;
        };
        if wounds < least
            || p.target
                .as_ref()
                .is_some_and(|x| !matches(state.card_of(t), &x.filter))
        {
            continue;
        }
        if !succeeds(state, dice, attacker, power, p, Some(target), events) {
            continue;
        }
        for outcome in &p.outcomes {
            events.push(Event::PowerUsed {
                figure: attacker,
                unit: a.unit,
                power,
                target: Some(target),
                outcome: outcome.clone(),
            });
            match *outcome {
                Outcome::DestroyTarget => combat::destroy(state, target, events),
                Outcome::WoundTarget(n) => combat::wound_by(state, target, n, dice, events),
                _ => {}
            }
        }
    }
}
