//! Powers that act when a figure is destroyed: experience markers a card gains for every
//! opponent's figure its figures destroy (*Bloodlust*), and wounds a hero receives when the
//! hero it is bound to is destroyed (*Eternal Heartbreak*), and figures that wounds destroy
//! only at the end of a round (*Eternal Servitude*).

use crate::power::Effect;

use super::super::combat;
use super::super::state::State;
use super::super::Event;
use super::values::{named_effects, Why};

/// The experience markers on a unit's card.
pub fn experience(state: &State, unit: u16) -> u16 {
    state
        .lasting
        .experience
        .iter()
        .find(|(u, _)| *u == unit)
        .map_or(0, |(_, n)| *n)
}

/// `by` destroyed `victim`: when `victim` was an opponent's figure and `by`'s card gains
/// experience (*Bloodlust*), a marker is placed on it, up to the card's maximum. Called where
/// the game knows which figure destroyed which: an attack's wounds, a counter strike's, a
/// leaving-engagement attack's.
pub fn destroyed_by(state: &mut State, by: u32, victim: u32, events: &mut Vec<Event>) {
    super::d20c::destroyed_by(state, by, victim);
    let (Some(b), Some(v)) = (state.figure(by), state.figure(victim)) else {
        return;
    };
    if !v.destroyed || state.allies(b.owner, v.owner) {
        return;
    }
    let unit = b.unit;
    let Some((power, max)) = named_effects(state.card_of(b)).find_map(|(name, e)| match e {
        Effect::Experience { max } => Some((name.to_string(), *max)),
        _ => None,
    }) else {
        return;
    };
    let now = experience(state, unit);
    if now >= max {
        return;
    }
    let lasting = &mut state.lasting.experience;
    match lasting.iter_mut().find(|(u, _)| *u == unit) {
        Some(entry) => entry.1 = now + 1,
        None => lasting.push((unit, now + 1)),
    }
    events.push(Event::ExperienceGained {
        figure: by,
        why: Why::Power { unit, power },
        markers: now + 1,
    });
}

/// `figure` was just destroyed: every figure on the battlefield its controller controls whose
/// card is bound to the destroyed figure's card (*Eternal Heartbreak*: "If you control Cyprien
/// Esenwein and he is destroyed, Sonya Esenwein immediately receives 2 wounds") receives its
/// wounds.
pub fn heartbreak(state: &mut State, figure: u32, events: &mut Vec<Event>) {
    let Some(dead) = state.figure(figure) else {
        return;
    };
    let (owner, name) = (dead.owner, state.card_of(dead).name.to_lowercase());
    let mut struck: Vec<(u32, u16, Why)> = Vec::new();
    for g in state
        .figures
        .iter()
        .filter(|g| g.on_field() && g.owner == owner && g.id != figure)
    {
        for (power, e) in named_effects(state.card_of(g)) {
            if let Effect::Heartbreak { name: n, wounds } = e {
                if n.to_lowercase() == name {
                    let why = Why::Power {
                        unit: g.unit,
                        power: power.to_string(),
                    };
                    struck.push((g.id, *wounds, why));
                }
            }
        }
    }
    for (id, wounds, why) in struck {
        combat::power_wound(state, id, wounds, why, events);
    }
}

/// Whether wounds that reach `figure`'s life leave it standing for now: its card says wounds
/// destroy it only during the end of a round (*Eternal Servitude*: "Isamu cannot be destroyed
/// by wounds on this Army Card except during the end of a round"); [`end_of_round`] does it.
pub fn spared_until_round_end(state: &State, figure: u32) -> bool {
    state.figure(figure).is_some_and(|f| {
        named_effects(state.card_of(f)).any(|(_, e)| matches!(e, Effect::DestroyedAtRoundEnd))
    })
}

/// The end of a round: every figure spared by *Eternal Servitude* whose wounds reach its life
/// is destroyed now.
pub fn end_of_round(state: &mut State, events: &mut Vec<Event>) {
    let doomed: Vec<u32> = state
        .figures
        .iter()
        .filter(|f| f.on_field() && spared_until_round_end(state, f.id))
        .filter(|f| f.wounds >= super::values::life_of(state, f).value().max(1))
        .map(|f| f.id)
        .collect();
    for id in doomed {
        combat::destroy(state, id, events);
    }
}
