//! The 20-sided die powers that need more than one threshold and one list of outcomes, played
//! for the triggered powers ([`super::triggered`]) that carry them:
//!
//! - a table of results ([`crate::power::Roll::bands`]: *Chilling Touch*, *Self-Destruct*),
//!   each band its own outcomes, the power's outcomes following whatever is rolled;
//! - a threshold for heroes besides the squad figures' ([`crate::power::Roll::hero_at_least`]:
//!   *Stare of Stone*);
//! - a power attempted once per game ([`crate::power::Roll::once_per_game`]: *Ullar's Bolt of
//!   the Witherwood*);
//!
//! and the outcomes and choices of that family: a chosen figure that rolls no defence dice
//! against the figure that chose it this turn (*Whip*, *Paralyzing Stare*), wounds on every
//! adjacent figure and the user destroyed (*Self-Destruct*), a figure engaged with another
//! figure you control (*Commander's Strike*), and a choice the card makes compulsory ("choose
//! a small or medium figure adjacent to James", no *you may*).

use skirmish_dice::Dice;

use super::triggered::{self, Offer};
use super::values::{Tally, Why};
use crate::game::state::{Figure, State};
use crate::game::{combat, geometry, glyphs, Event};
use crate::power::{Outcome, Trigger, Triggered};

/// Whether this family plays the power's use: a table of results, a threshold for heroes, or
/// a power attempted once per game.
pub(crate) fn plays(t: &Triggered) -> bool {
    t.roll
        .as_ref()
        .is_some_and(|r| !r.bands.is_empty() || r.hero_at_least.is_some() || r.once_per_game)
}

/// Rolls a power's table of results for figure `id` (`f`), with the player's d20 bonuses:
/// the outcomes of the band rolled (a result above the table reads as its top line), then the
/// power's own, the roll logged.
#[allow(clippy::too_many_arguments)]
fn roll_table(
    state: &State,
    dice: &mut Dice,
    f: &Figure,
    id: u32,
    power: u8,
    t: &Triggered,
    roll: &crate::power::Roll,
    events: &mut Vec<Event>,
) -> Vec<Outcome> {
    let bonus =
        glyphs::d20_bonus(state, f.owner) + triggered::roll_bonus(state, f.owner, f.unit, power);
    let malus = super::d20c::harrowing(state, f.owner, f.unit);
    let die = dice.d20();
    let top = roll.bands.iter().map(|b| b.to).max().unwrap_or(20);
    // a total under the table reads as its lowest line, as one above it reads as its top
    let result = u8::try_from((u16::from(die) + bonus).saturating_sub(malus).max(1))
        .unwrap_or(u8::MAX)
        .min(top);
    let mut out = roll
        .bands
        .iter()
        .find(|b| (b.from..=b.to).contains(&result))
        .map(|b| b.outcomes.clone())
        .unwrap_or_default();
    events.push(Event::PowerRolled {
        figure: id,
        unit: f.unit,
        power,
        die,
        bonus,
        distance: 0,
        needed: roll.at_least,
        success: !out.is_empty(),
        malus,
    });
    out.extend(t.outcomes.iter().cloned());
    out
}

/// Uses a power this family plays ([`plays`]) with `user`, on the chosen figure `target`:
/// rolls, then applies the outcomes of the band rolled (or of a success) and the power's own.
/// False when the power is not one of this family's.
#[allow(clippy::too_many_arguments)]
pub(crate) fn use_power(
    state: &mut State,
    dice: &mut Dice,
    user: u32,
    power: u8,
    t: &Triggered,
    target: Option<u32>,
    offer: &Offer,
    events: &mut Vec<Event>,
) -> bool {
    let (true, Some(roll)) = (plays(t), t.roll.as_ref()) else {
        return false;
    };
    let Some(f) = state.figure(user).cloned() else {
        return true;
    };
    if roll.once_per_game {
        state.powers.spent.push((f.unit, power));
    }
    let outcomes: Vec<Outcome> = if roll.bands.is_empty() {
        let mut r = roll.clone();
        let hero = target
            .and_then(|id| state.figure(id))
            .is_some_and(|c| state.card_of(c).kind == crate::card::Kind::Hero);
        if let (true, Some(h)) = (hero, roll.hero_at_least) {
            r.at_least = h;
        }
        if triggered::roll_d20(state, dice, user, power, &r, 0, events) {
            t.outcomes.clone()
        } else {
            Vec::new()
        }
    } else {
        roll_table(state, dice, &f, user, power, t, roll, events)
    };
    for o in &outcomes {
        triggered::apply(state, user, power, target, o, offer, dice, events);
    }
    true
}

/// What this family's outcomes do, once [`triggered::apply`] has told of them.
pub(crate) fn apply(
    state: &mut State,
    user: u32,
    power: u8,
    target: Option<u32>,
    outcome: &Outcome,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    match *outcome {
        Outcome::TargetDefenceAtMost(_) => {
            if let (Some(k), Some(chosen)) = (triggered::turn_key(state), target) {
                let held = &mut state.powers.held;
                held.retain(|(key, ..)| *key == k);
                held.push((k, user, chosen, power));
            }
        }
        Outcome::WoundAdjacent(n) => {
            let Some(u) = state.figure(user).cloned().filter(Figure::on_field) else {
                return;
            };
            let around: Vec<u32> = state
                .figures
                .iter()
                .filter(|f| f.on_field() && f.id != user && triggered::adjacent(state, &u, f))
                .map(|f| f.id)
                .collect();
            for id in around {
                if state.figure(id).is_some_and(Figure::on_field) {
                    combat::wound_by(state, id, n, dice, events);
                }
            }
        }
        Outcome::DestroySelf if state.figure(user).is_some_and(Figure::on_field) => {
            combat::destroy(state, user, events);
        }
        _ => {}
    }
}

/// The defence dice of `defender` attacked by `attacker`, held to the most a power the
/// attacker used on that very figure this turn allows (*Whip*: none): the dice beyond it are
/// taken off as a change named after the power.
pub fn hold_defence(state: &State, attacker: &Figure, defender: &Figure, dice: &mut Tally) {
    let Some(key) = triggered::turn_key(state) else {
        return;
    };
    let card = state.card_of(attacker);
    let mut cap: Option<(u16, u8)> = None;
    for &(k, user, chosen, power) in &state.powers.held {
        if k != key || user != attacker.id || chosen != defender.id {
            continue;
        }
        let Some((_, t)) = triggered::triggered(card).find(|(i, _)| *i == power) else {
            continue;
        };
        for o in &t.outcomes {
            if let Outcome::TargetDefenceAtMost(most) = *o {
                if cap.is_none_or(|(m, _)| most < m) {
                    cap = Some((most, power));
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

/// Whether `chosen` is engaged with a figure `seat` controls other than `user` (*Commander's
/// Strike*: "engaged with any other figure you control").
pub(crate) fn engaged_with_other(
    state: &State,
    seat: skirmish_engine::Seat,
    user: &Figure,
    chosen: &Figure,
) -> bool {
    geometry::engaged_with(state, chosen)
        .into_iter()
        .any(|id| id != user.id && state.figure(id).is_some_and(|f| f.owner == seat))
}

/// Whether a once-per-game power of `unit` was attempted already.
pub(crate) fn spent(state: &State, unit: u16, power: u8) -> bool {
    state.powers.spent.contains(&(unit, power))
}

/// Whether the offered power's figure must be chosen when one can be: the card says
/// "choose" and "roll", no *you may* (*Whip*, *Paralyzing Stare*).
pub(crate) fn must_choose(state: &State, o: &Offer) -> bool {
    let Some(unit) = state.unit(o.unit) else {
        return false;
    };
    triggered::triggered(&unit.card)
        .find(|(i, _)| *i == o.power)
        .is_some_and(|(_, t)| {
            t.trigger == Trigger::AfterMoveBeforeAttack
                && t.target.is_some()
                && t.roll.as_ref().is_some_and(|r| r.forced)
        })
}

/// A turn starts: the active card's *at the start of its turn* power is offered to its player
/// when it has a figure to choose (*Dragon Healing*); true while the question is pending.
pub(crate) fn start_of_turn(state: &mut State) -> bool {
    let Some(turn) = state.turn().cloned() else {
        return false;
    };
    let Some(&first) = triggered::on_field(state, turn.unit).first() else {
        return false;
    };
    let Some(unit) = state.unit(turn.unit) else {
        return false;
    };
    let powers: Vec<u8> = triggered::triggered(&unit.card)
        .filter(|(_, t)| t.trigger == Trigger::StartOfTurn && t.target.is_some())
        .map(|(i, _)| i)
        .collect();
    for power in powers {
        if triggered::used(state, turn.unit, power) {
            continue;
        }
        triggered::mark_used(state, turn.unit, power);
        let offer = Offer {
            seat: turn.seat,
            figure: first,
            unit: turn.unit,
            power,
            then: triggered::Then::Turn,
        };
        if triggered::uses(state, &offer).is_empty() {
            continue;
        }
        state
            .frames
            .as_mut()
            .push(crate::game::frames::HsFrame::Power(offer));
        return true;
    }
    false
}

/// The turn of `turn` is over: each figure of its card that attacked a figure not adjacent to
/// it this turn rolls the card's *after taking a turn, if it attacked a non-adjacent figure*
/// powers, nobody asked (*Unstable Blaster*: "if you roll 1-5, that Geistfire receives 1
/// wound"). Once per turn.
pub(crate) fn after_turn_rolls(
    state: &mut State,
    turn: &crate::game::state::Turn,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let Some(unit) = state.unit(turn.unit) else {
        return;
    };
    let card = unit.card.clone();
    for (power, t) in triggered::triggered(&card) {
        if t.trigger != Trigger::AfterTurnAttackedFromAfar
            || triggered::used(state, turn.unit, power)
        {
            continue;
        }
        triggered::mark_used(state, turn.unit, power);
        let Some(roll) = t.roll.as_ref().filter(|r| !r.bands.is_empty()) else {
            continue;
        };
        let mut shooters: Vec<u32> = Vec::new();
        for s in &turn.record.strikes {
            if s.extra != state.powers.extra_turns {
                continue;
            }
            let ours = state
                .figure(s.attacker)
                .is_some_and(|f| f.unit == turn.unit);
            if s.apart && ours && !shooters.contains(&s.attacker) {
                shooters.push(s.attacker);
            }
        }
        for id in shooters {
            let Some(f) = state.figure(id).filter(|f| f.on_field()).cloned() else {
                continue;
            };
            let out = roll_table(state, dice, &f, id, power, t, roll, events);
            for o in out {
                if let Outcome::WoundSelf(n) = o {
                    if state.figure(id).is_some_and(Figure::on_field) {
                        events.push(Event::PowerUsed {
                            figure: id,
                            unit: f.unit,
                            power,
                            target: None,
                            outcome: o.clone(),
                        });
                        combat::wound_by(state, id, n, dice, events);
                    }
                }
            }
        }
    }
}

/// Whether an attack of the turn under way earned `t`, an *after taking a turn, if it
/// destroyed* power: a figure of the turn's card destroyed by its attack an opponent's figure
/// matching the power's filter that was not adjacent to it (*Archer's Glory*: "an opponent's
/// non-adjacent Unique Hero").
pub(crate) fn after_turn_earned(
    state: &State,
    turn: &crate::game::state::Turn,
    t: &Triggered,
) -> bool {
    let Trigger::AfterTurnDestroyedFromAfar(filter) = &t.trigger else {
        return false;
    };
    turn.record.strikes.iter().any(|s| {
        s.extra == state.powers.extra_turns
            && s.apart
            && s.destroyed
            && state
                .figure(s.attacker)
                .is_some_and(|a| a.unit == turn.unit)
            && state.figure(s.target).is_some_and(|x| {
                !state.allies(x.owner, turn.seat) && super::matches(state.card_of(x), filter)
            })
    })
}
