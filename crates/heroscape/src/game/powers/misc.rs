//! Single leftover powers at play ([`crate::power::misc`]):
//!
//! - *Stinger Drain*: a table of results rolled after moving (the triggered powers' offer and
//!   table, `d20.rs`); its outcomes here: a figure of the card's name its player controls
//!   destroyed (its player choosing which, through the same offer, when it has several), the
//!   card's attacks forbidden for the turn, its attack raised for the turn.
//! - *Pirate King*: classes a card also has, seen by every filter ([`super::matches`]).
//! - *Charge!!!*: a figure of the card attacks an opponent's figure during its card's turn
//!   ([`attacked`], from the attack's record): every army card of its player has its value
//!   raised until that player reveals an order marker again ([`marker_revealed`]).

use serde::{Deserialize, Serialize};
use skirmish_engine::Seat;

use super::triggered::{on_field, turn_key, Offer, Then, TurnKey};
use super::values::{Tally, Why};
use crate::card::Card;
use crate::game::frames::HsFrame;
use crate::game::state::{Figure, Phase, State};
use crate::game::{combat, Action, Event};
use crate::power::misc::{Misc, MiscOutcome};
use crate::power::{Effect, Stat};

/// What these powers remember.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MiscMemory {
    /// Values raised for the turn under way: the turn, the unit, the power, the value, by how
    /// much (*Stinger Drain*).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub raised: Vec<(TurnKey, u16, u8, Stat, i8)>,
    /// The power whose table asks its player to choose a figure to destroy: the unit, the
    /// power (*Stinger Drain*).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destroying: Option<(u16, u8)>,
    /// Players whose army cards are raised until they next reveal an order marker: the
    /// player, the unit and power that earned it (*Charge!!!*).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub charged: Vec<(Seat, u16, u8)>,
}

/// The words of this family on a card, with their power's place.
fn words(card: &Card) -> impl Iterator<Item = (u8, &Misc)> {
    card.powers.iter().enumerate().flat_map(|(i, p)| {
        p.effects
            .as_deref()
            .unwrap_or_default()
            .iter()
            .filter_map(move |e| match e {
                Effect::Misc(m) => Some((u8::try_from(i).unwrap_or(u8::MAX), m)),
                _ => None,
            })
    })
}

/// Whether the card's class is also `class` (*Pirate King*).
pub(crate) fn also_class(card: &Card, class: &str) -> bool {
    words(card).any(|(_, m)| match m {
        Misc::AlsoClass { classes } => classes.iter().any(|c| super::same_word(class, c, true)),
        Misc::AttackRaisesArmy { .. } | Misc::WoundsAroundChosen { .. } => false,
    })
}

/// One outcome of a table of this family, rolled by `user` for `o`.
pub(crate) fn apply(
    state: &mut State,
    user: u32,
    power: u8,
    outcome: MiscOutcome,
    o: &Offer,
    events: &mut Vec<Event>,
) {
    match outcome {
        MiscOutcome::DestroyOwn => {
            let mine = own_kin(state, o.seat, o.unit);
            match mine.as_slice() {
                [] => {}
                [one] => combat::destroy(state, *one, events),
                _ => {
                    state.powers.misc.destroying = Some((o.unit, power));
                    state.frames.as_mut().push(HsFrame::Power(Offer {
                        seat: o.seat,
                        figure: user,
                        unit: o.unit,
                        power,
                        then: Then::Turn,
                    }));
                }
            }
        }
        MiscOutcome::NoAttack => {
            let all = on_field(state, o.unit);
            if let Phase::Turns {
                turn: Some(turn), ..
            } = &mut state.phase
            {
                if turn.unit == o.unit {
                    for id in all {
                        if !turn.attacked.contains(&id) {
                            turn.attacked.push(id);
                        }
                    }
                }
            }
        }
        MiscOutcome::TurnValue { stat, by } => {
            if let Some(k) = turn_key(state) {
                let raised = &mut state.powers.misc.raised;
                raised.retain(|r| r.0 == k);
                raised.push((k, o.unit, power, stat, by));
            }
        }
    }
}

/// The figures on the battlefield `seat` controls that bear the name of `unit`'s card.
fn own_kin(state: &State, seat: Seat, unit: u16) -> Vec<u32> {
    let Some(name) = state.unit(unit).map(|u| u.card.name.clone()) else {
        return Vec::new();
    };
    state
        .figures
        .iter()
        .filter(|f| f.on_field() && f.owner == seat && state.card_of(f).name == name)
        .map(|f| f.id)
        .collect()
}

/// Whether `o` asks which figure to destroy (no declining it: the card says *must*).
pub(crate) fn choosing(state: &State, o: &Offer) -> bool {
    state.powers.misc.destroying == Some((o.unit, o.power))
}

/// The answers while `o` asks which figure to destroy: each one that may be.
pub(crate) fn destroy_uses(state: &State, o: &Offer) -> Option<Vec<Action>> {
    choosing(state, o).then(|| {
        own_kin(state, o.seat, o.unit)
            .into_iter()
            .map(|id| Action::UsePower {
                figure: o.figure,
                power: o.power,
                target: Some(id),
            })
            .collect()
    })
}

/// The figure chosen to be destroyed.
pub(crate) fn destroy_chosen(
    state: &mut State,
    o: &Offer,
    chosen: Option<u32>,
    events: &mut Vec<Event>,
) {
    state.powers.misc.destroying = None;
    if let Some(id) = chosen {
        events.push(Event::PowerUsed {
            figure: o.figure,
            unit: o.unit,
            power: o.power,
            target: Some(id),
            outcome: crate::power::Outcome::Misc(MiscOutcome::DestroyOwn),
        });
        combat::destroy(state, id, events);
    }
}

/// An attack of `attacker` on `target` is declared: a figure of the turn's card attacking an
/// opponent's figure earns its player the card's *Charge!!!*.
pub(crate) fn attacked(state: &mut State, attacker: u32, target: u32) {
    let (Some(turn), Some(a), Some(t)) =
        (state.turn(), state.figure(attacker), state.figure(target))
    else {
        return;
    };
    if a.unit != turn.unit || state.allies(t.owner, turn.seat) {
        return;
    }
    let seat = turn.seat;
    let unit = a.unit;
    let earned: Vec<u8> = words(state.card_of(a))
        .filter(|(_, m)| matches!(m, Misc::AttackRaisesArmy { .. }))
        .map(|(p, _)| p)
        .collect();
    for power in earned {
        let charged = &mut state.powers.misc.charged;
        if !charged.contains(&(seat, unit, power)) {
            charged.push((seat, unit, power));
        }
    }
}

/// `seat` reveals an order marker: its *Charge!!!* ends.
pub(crate) fn marker_revealed(state: &mut State, seat: Seat) {
    state.powers.misc.charged.retain(|c| c.0 != seat);
}

/// Adds this family's changes to `f`'s `stat`: a value raised for the turn, and the army's
/// *Charge!!!*.
pub(crate) fn changes(state: &State, f: &Figure, stat: Stat, t: &mut Tally) {
    let why = |unit: u16, power: u8| Why::Power {
        unit,
        power: state.units[usize::from(unit)].card.powers[usize::from(power)]
            .name
            .clone(),
    };
    if let Some(k) = turn_key(state) {
        for &(key, unit, power, s, by) in &state.powers.misc.raised {
            if key == k && unit == f.unit && s == stat {
                t.add(why(unit, power), i16::from(by));
            }
        }
    }
    let owner = super::control::card_owner(state, f.unit);
    for &(seat, unit, power) in &state.powers.misc.charged {
        if seat != owner {
            continue;
        }
        let raise = state.units[usize::from(unit)].card.powers[usize::from(power)]
            .effects
            .as_deref()
            .unwrap_or_default()
            .iter()
            .find_map(|e| match e {
                Effect::Misc(Misc::AttackRaisesArmy { stat: s, by }) if *s == stat => Some(*by),
                _ => None,
            });
        if let Some(by) = raise {
            t.add(why(unit, power), i16::from(by));
        }
    }
}
