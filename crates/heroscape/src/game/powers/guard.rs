//! Powers answering an attack as a figure is *targeted*, before any die is rolled
//! ([`Guard`]): the pause comes as a normal attack is declared (`play.rs`, before the target's
//! other powers answer it) and as a special attack chooses its figure (`special::apply`, once
//! the attack is recorded). Both rolls are made at once, nobody asked: "you may roll" a die
//! that can only help, and *Master of Disguise* is spent on the first targeting whether it
//! rolls or not, so asking would only slow the game.
//!
//! * *Master of Disguise* ([`Guard::Disguise`]): the first time in a turn a figure of the card
//!   is targeted by a figure matching the power's filter (a Squad figure) with a normal or
//!   special attack, the d20; on a success no attack may target it for the rest of the turn
//!   ([`may_target`]), the one declared included.
//! * *Smoke Powder* ([`Guard::Smoke`]): when a figure of the card, or a figure its owner
//!   controls adjacent to one, is targeted for a normal attack by an opponent's figure not
//!   adjacent to it, the d20; on a success every figure of the card and every figure the owner
//!   controls adjacent to one of them (as they stand then) has no visible hit zone for the
//!   rest of that turn ([`smoked`], read by `geometry::can_see`), the target included.
//!
//! * *Amulet of Paivatar* ([`Guard::Amulet`]): when `wounds` are about to land on a figure
//!   the amulet reaches ([`amulet`]), from an attack (normal or special, after the target's
//!   own powers such as *Stealth Dodge*), a leaving-engagement attack, a fall, lava or a
//!   power's wounds, the d20 (nobody asked: no result makes it worse); from the lower number
//!   all wounds but one are ignored, from the higher every one. Only the wounds a rule puts
//!   on a figure are answered: a power destroying a figure outright gives no wounds to ignore.
//!   (Wounds a player puts on their own card by choice or by a card's cost, *Overextend
//!   Attack* or an idle turn's wounds, and *Heartbreak*'s as a figure is removed, land where
//!   no die is at hand: the amulet does not answer them.)
//!
//! How the attack declared counts when a roll succeeds: it is spent. The attacker chose its
//! target and attacked; the target slipped away before the dice (as *Quickdraw*'s attack that
//! ends at once). The attacker keeps what its powers give beyond one attack (*Double
//! Attack*...), and may not target the figure again this turn.

use serde::{Deserialize, Serialize};
use skirmish_dice::Dice;

use crate::power::guard::Guard;
use crate::power::{Effect, Outcome};

use super::super::state::{Figure, State};
use super::super::Event;
use super::d20c::PowerRoll;
use super::triggered::{turn_key, TurnKey};
use super::values;

/// What the guarding powers remember, each entry for the turn it was made in.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GuardMemory {
    /// Figures whose *Master of Disguise* has answered its first targeting this turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tried: Vec<(TurnKey, u32)>,
    /// Figures no attack may target for the rest of the turn (*Master of Disguise*).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub disguised: Vec<(TurnKey, u32)>,
    /// Figures with no visible hit zone for the rest of the turn (*Smoke Powder*).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub smoked: Vec<(TurnKey, u32)>,
}

/// What a guarding power did, for the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "guarded")]
pub enum Guarded {
    /// No attack may target the figure for the rest of the turn.
    Untargetable {
        /// The figure.
        figure: u32,
        /// The power's card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
    },
    /// The figures have no visible hit zone for the rest of the turn.
    Smoked {
        /// The figures.
        figures: Vec<u32>,
        /// The power's card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
    },
    /// Wounds about to land on a figure were ignored, all or all but `left`.
    WoundsIgnored {
        /// The figure.
        figure: u32,
        /// The power's card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// The wounds ignored.
        ignored: u16,
        /// The wounds it still receives.
        left: u16,
    },
}

/// The guarding powers of `unit`'s card, with their place among its powers.
pub(crate) fn powers_of(state: &State, unit: u16) -> Vec<(u8, Guard)> {
    super::words_of(state, unit, |e| match e {
        Effect::Guard(w) => Some(w.clone()),
        _ => None,
    })
}

/// Whether `t` is listed for the turn under way in `list`.
fn this_turn(state: &State, list: &[(TurnKey, u32)], t: u32) -> bool {
    turn_key(state).is_some_and(|k| list.contains(&(k, t)))
}

/// Whether `f` may target `t` with a normal or special attack as far as the guarding powers
/// say: not a figure *Master of Disguise* made untargetable this turn.
pub fn may_target(state: &State, _f: &Figure, t: &Figure) -> bool {
    !this_turn(state, &state.powers.guard.disguised, t.id)
}

/// Whether `f` has no visible hit zone for the rest of the turn (*Smoke Powder*).
pub fn smoked(state: &State, f: &Figure) -> bool {
    this_turn(state, &state.powers.guard.smoked, f.id)
}

/// `attacker` targets `target` with a normal attack (`normal`) or a special attack: the
/// guarding powers roll. True when the attack is called off (it is spent: see the module).
pub(crate) fn targeted(
    state: &mut State,
    attacker: u32,
    target: u32,
    normal: bool,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> bool {
    let (Some(a), Some(t)) = (
        state.figure(attacker).cloned(),
        state.figure(target).cloned(),
    ) else {
        return false;
    };
    if !t.on_field() || state.allies(a.owner, t.owner) {
        return false;
    }
    disguise(state, &a, &t, dice, events) || (normal && smoke(state, &a, &t, dice, events))
}

/// *Master of Disguise*: the first targeting of the turn by a figure matching the filter.
fn disguise(
    state: &mut State,
    a: &Figure,
    t: &Figure,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> bool {
    let Some(key) = turn_key(state) else {
        return false;
    };
    let found = powers_of(state, t.unit)
        .into_iter()
        .find_map(|(power, g)| match g {
            Guard::Disguise { at_least, by } if super::matches(state.card_of(a), &by) => {
                Some((power, at_least))
            }
            _ => None,
        });
    let Some((power, at_least)) = found else {
        return false;
    };
    if state.powers.guard.tried.contains(&(key, t.id)) {
        return false;
    }
    // a turn's entries are all a later turn needs to forget
    state.powers.guard.tried.retain(|(k, _)| *k == key);
    state.powers.guard.tried.push((key, t.id));
    let roll = PowerRoll {
        seat: t.owner,
        figure: t.id,
        unit: t.unit,
        power,
        needed: at_least,
        extra: 0,
    };
    if !roll.roll(state, dice, events) {
        return false;
    }
    state.powers.guard.disguised.retain(|(k, _)| *k == key);
    state.powers.guard.disguised.push((key, t.id));
    events.push(Event::Guard {
        what: Guarded::Untargetable {
            figure: t.id,
            unit: t.unit,
            power,
        },
    });
    ended(a, t.id, t.unit, power, events);
    true
}

/// The attack of `a` ends before its dice, called off by the power.
fn ended(a: &Figure, figure: u32, unit: u16, power: u8, events: &mut Vec<Event>) {
    events.push(Event::PowerUsed {
        figure,
        unit,
        power,
        target: Some(a.id),
        outcome: Outcome::EndAttack,
    });
}

/// The figures of `unit` on the battlefield, with every figure their owner controls adjacent
/// to one of them.
fn smoke_cloud(state: &State, unit: u16) -> Vec<u32> {
    let agents: Vec<&Figure> = state
        .figures
        .iter()
        .filter(|g| g.unit == unit && g.on_field())
        .collect();
    state
        .figures
        .iter()
        .filter(|g| g.on_field())
        .filter(|g| {
            agents
                .iter()
                .any(|n| n.id == g.id || (n.owner == g.owner && values::adjacent(state, n, g)))
        })
        .map(|g| g.id)
        .collect()
}

/// *Smoke Powder*: a normal attack from an opponent's figure not adjacent to `t`, a figure of
/// a card with the power or one its owner controls beside a figure of that card.
fn smoke(
    state: &mut State,
    a: &Figure,
    t: &Figure,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> bool {
    let Some(key) = turn_key(state) else {
        return false;
    };
    if values::adjacent(state, a, t) {
        return false;
    }
    let units: Vec<u16> = state
        .units
        .iter()
        .filter(|u| u.owner == t.owner)
        .map(|u| u.id)
        .collect();
    for unit in units {
        let Some((power, at_least)) =
            powers_of(state, unit)
                .into_iter()
                .find_map(|(power, g)| match g {
                    Guard::Smoke { at_least } => Some((power, at_least)),
                    _ => None,
                })
        else {
            continue;
        };
        let cloud = smoke_cloud(state, unit);
        if !cloud.contains(&t.id) {
            continue;
        }
        let Some(bearer) = state.unit_alive(unit).find(|g| g.on_field()).map(|g| g.id) else {
            continue;
        };
        let roll = PowerRoll {
            seat: t.owner,
            figure: bearer,
            unit,
            power,
            needed: at_least,
            extra: 0,
        };
        if !roll.roll(state, dice, events) {
            return false;
        }
        state.powers.guard.smoked.retain(|(k, _)| *k == key);
        state
            .powers
            .guard
            .smoked
            .extend(cloud.iter().map(|&g| (key, g)));
        events.push(Event::Guard {
            what: Guarded::Smoked {
                figures: cloud,
                unit,
                power,
            },
        });
        ended(a, bearer, unit, power, events);
        return true;
    }
    false
}

/// `wounds` are about to land on `figure`, from any source: an *Amulet of Paivatar* reaching
/// it rolls, nobody asked. The wounds it still receives.
pub(crate) fn amulet(
    state: &mut State,
    figure: u32,
    wounds: u16,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> u16 {
    if wounds == 0 {
        return 0;
    }
    let Some(t) = state.figure(figure).filter(|t| t.on_field()).cloned() else {
        return wounds;
    };
    let found = state.units.iter().find_map(|u| {
        let bearer = state.unit_alive(u.id).find(|g| g.on_field())?;
        powers_of(state, u.id)
            .into_iter()
            .find_map(|(power, g)| match g {
                Guard::Amulet { wearers, some, all }
                    if values::reaches(state, u, wearers.who, &t, None)
                        && super::matches(state.card_of(&t), &wearers.filter) =>
                {
                    Some((u.owner, bearer.id, u.id, power, some, all))
                }
                _ => None,
            })
    });
    let Some((seat, bearer, unit, power, some, all)) = found else {
        return wounds;
    };
    let roll = PowerRoll {
        seat,
        figure: bearer,
        unit,
        power,
        needed: some,
        extra: 0,
    };
    let total = roll.total(state, dice, events);
    let left = if total >= u16::from(all) {
        0
    } else if total >= u16::from(some) {
        1
    } else {
        wounds
    };
    if left < wounds {
        events.push(Event::Guard {
            what: Guarded::WoundsIgnored {
                figure,
                unit,
                power,
                ignored: wounds - left,
                left,
            },
        });
    }
    left
}
