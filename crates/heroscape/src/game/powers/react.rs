//! Powers reacting inside an attack, normal or special ([`React`]), from the side of the
//! figures it reaches. Their owner (often not the seat whose turn it is) is asked inside the
//! attack through the pause of `wounds.rs` (an [`Asked`] in [`WoundAsk::React`]), answered
//! with `use_power`, `decline_power` or, to place a figure, `place_carried`. Nothing is rolled
//! while a question waits, so the dice stream keeps its order and replays stay exact.
//!
//! A normal attack stops where [`combat::finish_or_ask`] hands it here ([`normal`]): once its
//! defence dice are rolled ([`Step::Defended`]), then for *Exoskeleton* (`wounds.rs`,
//! [`Step::Exo`]), then before its wounds land ([`Step::Receive`]), and once they have landed.
//! A special attack stops at the same moments for each figure it affects, in the order it
//! rolls them (`special::volley`: [`special_defended`], [`special_wounds`],
//! [`special_wounded`]). The attack then goes on as it would have.
//!
//! * *Gift of the Empress Aura* ([`React::DefenceReroll`]): once the defence dice of a figure
//!   the aura reaches are rolled, with at least one die not showing a shield, the aura's owner
//!   may roll those dice again, once for that roll ([`Reacted::DefenceRerolled`]).
//!   *Hero Worship* rolls one such die again, for a figure beside one of the card's (its
//!   attack side is the question between a normal attack's rolls, `rolls2.rs`).
//! * *Cell Divide* ([`React::Divide`]): before the wounds of an opponent's normal or special
//!   attack land on a figure of the card, its owner may roll the d20; on a success the wounds
//!   are ignored and, when a figure of the owner's of that card's name was destroyed before
//!   (having stood on the battlefield) and a space on the defender's level beside it is empty,
//!   the owner places it there ([`Reacted::Divided`]; a `deploy` decision).
//! * *Teleport Reinforcements* ([`React::Reinforce`]): once an opposing figure's normal or
//!   special attack has put wounds on a figure of the card that still stands, its owner may
//!   choose a friendly figure matching the filter for each wound, one at a time, each placed
//!   on an empty space adjacent to the wounded figure (placing is not moving: no
//!   leaving-engagement attack, no glyph); a figure an enemy's Cyberclaw holds is not offered.
//! * *Kieru* ([`React::Evade`]): before the wounds of any attack land on a figure of the card,
//!   the d20 is rolled (nobody asked); on a success its owner may place it on an empty space
//!   within the power's spaces and levels (a `deploy` decision, or `decline_power`) and the
//!   wounds are ignored.
//! * *Mortal Strike* ([`React::DicePerWound`]): once a normal attack of a figure of the card
//!   has put wounds on an opponent's figure matching the filter, still standing, a combat die
//!   is rolled for each wound (nobody asked), each skull a wound more.
//! * *Acid Sacs* ([`React::Burst`]): as the wounds of a normal attack or a leaving-engagement
//!   attack that destroy a figure of the card are put on it ([`bursts`], from `combat`), a
//!   d20 for each figure adjacent to it not spared, nobody asked, each success a wound.
//! * *Expendable Rabble* ([`React::Sacrifice`]): before the wounds of an opponent's normal
//!   attack land on a figure of the card, its owner may destroy a figure they control matching
//!   the filter adjacent to it to ignore them.

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_dice::Dice;
use skirmish_engine::frames::Ask;
use skirmish_engine::Seat;

use crate::battlefield::Level;
use crate::power::react::React;
use crate::power::{Effect, Filter, Outcome};

use super::super::combat::{self, Defended, Face, Rolled};
use super::super::frames::HsFrame;
use super::super::state::{Figure, State};
use super::super::{play, Action, Decision, Event};
use super::d20c::PowerRoll;
use super::special::volley::{self, Volley};
use super::values::{self, Why};
use super::wounds::{self, WoundAsk};

/// Where a normal attack stands between its defence dice and its wounds: it goes on from
/// the step given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// The defence dice are rolled.
    Defended,
    /// The powers rolling them again have answered: *Exoskeleton* next.
    Exo,
    /// The wounds are about to land: the powers answering them next.
    Receive,
    /// The wounds land.
    Land,
}

/// The attack a question stops. (The question holding it is boxed in its frame, so the size
/// of a normal attack's rolls costs nothing elsewhere.)
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Attack {
    /// A normal attack, its defence dice rolled.
    Normal {
        /// Its attack dice and what made them.
        rolled: Rolled,
        /// Its defence.
        defended: Defended,
    },
    /// A normal attack whose wounds have landed.
    Landed {
        /// The attacker.
        attacker: u32,
        /// The defending figure.
        target: u32,
        /// The wounds dealt.
        wounds: u16,
    },
    /// A special attack under way, boxed.
    Special(Box<Volley>),
}

/// What is asked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "ask")]
pub enum Question {
    /// Roll the defending figure's dice that did not show a shield again (*Gift of the
    /// Empress Aura*).
    Reroll,
    /// Roll the d20 to ignore the wounds (*Cell Divide*).
    Divide,
    /// Where the destroyed figure comes back (*Cell Divide*, after a success).
    DivideBack {
        /// The figure placed back.
        figure: u32,
    },
    /// Which figure to place beside the wounded one next, or none (*Teleport
    /// Reinforcements*).
    Reinforce {
        /// How many more may be chosen.
        left: u16,
        /// The figures chosen so far.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        chosen: Vec<u32>,
    },
    /// Which adjacent figure to destroy to ignore the wounds, or none (*Expendable Rabble*).
    Sacrifice,
    /// Where the figure whose roll succeeded goes, or nowhere (*Kieru*).
    Evade,
    /// Where the chosen figure goes.
    ReinforcePlace {
        /// The figure chosen.
        figure: u32,
        /// How many more may be chosen after it.
        left: u16,
        /// The figures chosen before it.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        chosen: Vec<u32>,
    },
}

/// A question asked inside an attack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Asked {
    /// Who answers: the power's owner.
    pub seat: Seat,
    /// A figure of the power's card (the defending figure when it bears the power).
    pub figure: u32,
    /// The power's card.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
    /// The figure the attack reaches that the question is about.
    pub defender: u32,
    /// What is asked.
    pub question: Question,
    /// The attack, stopped.
    pub attack: Attack,
}

/// What a reacting power did, for the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "reacted")]
pub enum Reacted {
    /// A figure's defence dice that did not show a shield were rolled again.
    DefenceRerolled {
        /// The defending figure.
        figure: u32,
        /// The power's card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// The dice before.
        before: Vec<Face>,
        /// The dice after.
        after: Vec<Face>,
    },
    /// A destroyed figure was placed back beside the defending figure.
    Divided {
        /// The figure placed back.
        figure: u32,
        /// The defending figure.
        beside: u32,
        /// The power's card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
    },
    /// A power of the attacker's card rolled combat dice after its attack wounded a figure.
    DiceRolled {
        /// The attacker.
        figure: u32,
        /// The power's card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// The dice rolled.
        dice: Vec<Face>,
    },
    /// A figure was placed beside the wounded figure.
    Reinforced {
        /// The figure placed.
        figure: u32,
        /// The wounded figure.
        beside: u32,
        /// The power's card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
    },
}

/// The reacting powers of `unit`'s card, with their place among its powers.
fn powers_of(state: &State, unit: u16) -> Vec<(u8, React)> {
    super::words_of(state, unit, |e| match e {
        Effect::React(w) => Some(w.clone()),
        _ => None,
    })
}

/// Who is asked for which power: seat, a figure of the card, the card, the power.
type Offer = (Seat, u32, u16, u8);

/// A power rolling again the defence dice `defence` of `defender`: offered when one of them
/// did not show a shield, to the owner of a card on the battlefield whose aura reaches it.
fn reroll_offer(state: &State, defender: u32, defence: &[Face]) -> Option<Offer> {
    if defence.iter().all(|f| *f == Face::Shield) {
        return None;
    }
    let t = state.figure(defender).filter(|t| t.on_field())?;
    state.units.iter().find_map(|u| {
        let bearer = state.unit_alive(u.id).find(|f| f.on_field())?;
        powers_of(state, u.id)
            .into_iter()
            .find_map(|(power, r)| match r {
                React::DefenceReroll {
                    defenders, when, ..
                } if values::reaches(state, u, defenders.who, t, None)
                    && super::matches(state.card_of(t), &defenders.filter)
                    && when.iter().all(|c| values::holds(state, u, t, c, None)) =>
                {
                    Some((u.owner, bearer.id, u.id, power))
                }
                _ => None,
            })
    })
}

/// Whether the power at `power` of `unit` rolls one defence die again, not all.
fn one_die(state: &State, unit: u16, power: u8) -> bool {
    powers_of(state, unit)
        .into_iter()
        .any(|(p, r)| p == power && matches!(r, React::DefenceReroll { one: true, .. }))
}

/// Whether the attacker is an opponent of the defending figure's owner.
fn opponents(state: &State, attacker: u32, defender: &Figure) -> bool {
    state
        .figure(attacker)
        .is_some_and(|a| !state.allies(a.owner, defender.owner))
}

/// A power rolling to ignore the `wounds` an opponent's attack is about to put on `defender`
/// (*Cell Divide*).
fn divide_offer(state: &State, attacker: u32, defender: u32, wounds: u16) -> Option<Offer> {
    let t = state.figure(defender).filter(|t| t.on_field())?;
    if wounds == 0 || !opponents(state, attacker, t) {
        return None;
    }
    powers_of(state, t.unit)
        .into_iter()
        .find_map(|(power, r)| matches!(r, React::Divide { .. }).then_some(power))
        .map(|power| (t.owner, t.id, t.unit, power))
}

/// A power destroying a figure beside `defender` to ignore the `wounds` an opponent's normal
/// attack is about to put on it (*Expendable Rabble*).
fn sacrifice_offer(state: &State, attacker: u32, defender: u32, wounds: u16) -> Option<Offer> {
    let t = state.figure(defender).filter(|t| t.on_field())?;
    if wounds == 0 || !opponents(state, attacker, t) {
        return None;
    }
    powers_of(state, t.unit)
        .into_iter()
        .find_map(|(power, r)| match r {
            React::Sacrifice { .. } if !sacrificed(state, t.unit, power, t.id).is_empty() => {
                Some(power)
            }
            _ => None,
        })
        .map(|power| (t.owner, t.id, t.unit, power))
}

/// The figure filter of the card's power `power`, when `pick` finds one in it.
fn filter_of(
    state: &State,
    unit: u16,
    power: u8,
    pick: fn(React) -> Option<Filter>,
) -> Option<Filter> {
    powers_of(state, unit)
        .into_iter()
        .find_map(|(p, r)| (p == power).then(|| pick(r)).flatten())
}

/// The figures *Expendable Rabble* may destroy: figures the defending figure's controller
/// controls, adjacent to it, matching the power's filter.
fn sacrificed(state: &State, unit: u16, power: u8, defender: u32) -> Vec<u32> {
    let Some(filter) = filter_of(state, unit, power, |r| match r {
        React::Sacrifice { filter } => Some(filter),
        _ => None,
    }) else {
        return Vec::new();
    };
    let Some(t) = state.figure(defender).filter(|t| t.on_field()) else {
        return Vec::new();
    };
    state
        .figures
        .iter()
        .filter(|g| g.on_field() && g.id != t.id && g.owner == t.owner)
        .filter(|g| values::adjacent(state, t, g))
        .filter(|g| super::matches(state.card_of(g), &filter))
        .map(|g| g.id)
        .collect()
}

/// A power rolling, nobody asked, as the `wounds` of any attack are about to land on
/// `defender`; on a success its owner may place it elsewhere to ignore them (*Kieru*). The
/// roll is made here; `Some` when it succeeded and the figure has somewhere to go.
fn evade_offer(
    state: &mut State,
    defender: u32,
    wounds: u16,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<Offer> {
    let t = state.figure(defender).filter(|t| t.on_field())?.clone();
    if wounds == 0 {
        return None;
    }
    let (power, at_least) =
        powers_of(state, t.unit)
            .into_iter()
            .find_map(|(power, r)| match r {
                React::Evade { at_least, .. } => Some((power, at_least)),
                _ => None,
            })?;
    let roll = PowerRoll {
        seat: t.owner,
        figure: t.id,
        unit: t.unit,
        power,
        needed: at_least,
        extra: 0,
    };
    (roll.roll(state, dice, events) && !evade_spaces(state, t.unit, power, t.id).is_empty())
        .then_some((t.owner, t.id, t.unit, power))
}

/// Where *Kieru* may place `figure`: the empty spaces within its spaces (counted as a flyer
/// counts) at most its levels above or below the figure's level.
fn evade_spaces(state: &State, unit: u16, power: u8, figure: u32) -> Vec<(Hex, Level)> {
    let Some((within, levels)) = powers_of(state, unit)
        .into_iter()
        .find_map(|(p, r)| match r {
            React::Evade { within, levels, .. } if p == power => Some((within, levels)),
            _ => None,
        })
    else {
        return Vec::new();
    };
    let Some(f) = state.figure(figure).filter(|f| f.on_field()) else {
        return Vec::new();
    };
    let mut out: Vec<(Hex, Level)> =
        super::super::geometry::destinations_by(state, f, crate::movement::Way::Teleport, within)
            .into_iter()
            .filter(|d| d.tail.is_none() && Some(d.hex) != f.hex)
            .filter(|d| d.level.abs_diff(f.level) <= levels)
            .map(|d| (d.hex, d.level))
            .collect();
    out.sort();
    out.dedup();
    out
}

/// A power choosing figures to place beside `defender`, which an opposing figure's attack
/// has wounded without destroying it (*Teleport Reinforcements*).
fn reinforce_offer(state: &State, attacker: u32, defender: u32, wounds: u16) -> Option<Offer> {
    let t = state.figure(defender).filter(|t| t.on_field())?;
    if wounds == 0 || !opponents(state, attacker, t) {
        return None;
    }
    powers_of(state, t.unit)
        .into_iter()
        .find_map(|(power, r)| match r {
            React::Reinforce { .. } if !candidates(state, t.unit, power, t.id, &[]).is_empty() => {
                Some(power)
            }
            _ => None,
        })
        .map(|power| (t.owner, t.id, t.unit, power))
}

/// The figures *Teleport Reinforcements* may choose: friendly figures on the battlefield
/// matching its filter, not chosen yet, not held where they stand by a Cyberclaw, with an
/// empty space beside `beside` where they fit.
fn candidates(state: &State, unit: u16, power: u8, beside: u32, chosen: &[u32]) -> Vec<u32> {
    let Some(filter) = filter_of(state, unit, power, |r| match r {
        React::Reinforce { filter } => Some(filter),
        _ => None,
    }) else {
        return Vec::new();
    };
    let Some(b) = state.figure(beside).filter(|b| b.on_field()) else {
        return Vec::new();
    };
    state
        .figures
        .iter()
        .filter(|g| g.on_field() && g.id != b.id && !chosen.contains(&g.id))
        .filter(|g| state.allies(g.owner, b.owner))
        .filter(|g| super::matches(state.card_of(g), &filter))
        .filter(|g| !super::holds::held(state, g))
        .filter(|g| !reinforce_spaces(state, b, g).is_empty())
        .map(|g| g.id)
        .collect()
}

/// The empty spaces adjacent to `beside` where `g` fits (the one it stands on is not empty).
fn reinforce_spaces(state: &State, beside: &Figure, g: &Figure) -> Vec<(Hex, Level)> {
    let here = g.hex.map(|h| (h, g.level));
    super::moves::carry_places(state, beside, g)
        .into_iter()
        .filter(|&spot| Some(spot) != here)
        .collect()
}

/// A destroyed figure of `seat`'s of the card name of `unit` that stood on the battlefield,
/// one of `unit`'s own first.
fn returnable(state: &State, seat: Seat, unit: u16) -> Option<u32> {
    let name = &state.unit(unit)?.card.name;
    let mut gone: Vec<&Figure> = state
        .figures
        .iter()
        .filter(|f| f.destroyed && f.hex.is_some() && f.owner == seat)
        .filter(|f| &state.card_of(f).name == name)
        .collect();
    gone.sort_by_key(|f| (f.unit != unit, f.id));
    gone.first().map(|f| f.id)
}

/// The empty spaces on the defender's level adjacent to it (*Cell Divide*: "a same-level
/// space adjacent to the defending Marro Divider").
fn back_spaces(state: &State, defender: u32) -> Vec<(Hex, Level)> {
    super::triggered::clone_spaces(state, defender)
}

fn push(
    state: &mut State,
    (seat, figure, unit, power): Offer,
    defender: u32,
    question: Question,
    attack: Attack,
) {
    state
        .frames
        .as_mut()
        .push(HsFrame::Wounds(WoundAsk::React(Box::new(Asked {
            seat,
            figure,
            unit,
            power,
            defender,
            question,
            attack,
        }))));
}

/// The dice of a normal attack shown before its defender's side is asked.
fn shown(state: &State, rolled: &Rolled, defended: &Defended, events: &mut Vec<Event>) {
    events.push(Event::DefenceRolled {
        attacker: rolled.attacker,
        target: rolled.target,
        attack: rolled.attack.clone(),
        defence: defended.defence.clone(),
        wounds: combat::wounds_of(state, rolled, defended),
    });
}

/// A normal attack from `from` on: the powers of the defender's side asked in turn, then the
/// wounds and what asks once they have landed. The wounds dealt, or `None` while a question
/// waits (the attack goes on once it is answered, then what follows an attack in a turn).
pub(crate) fn normal(
    state: &mut State,
    rolled: Rolled,
    defended: Defended,
    from: Step,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<u16> {
    if from <= Step::Defended {
        if let Some(o) = reroll_offer(state, rolled.target, &defended.defence) {
            shown(state, &rolled, &defended, events);
            let target = rolled.target;
            push(
                state,
                o,
                target,
                Question::Reroll,
                Attack::Normal { rolled, defended },
            );
            return None;
        }
    }
    if from <= Step::Exo && wounds::ask(state, &rolled, &defended, events) {
        return None;
    }
    if from <= Step::Receive {
        let wounds = combat::wounds_of(state, &rolled, &defended);
        if let Some(o) = divide_offer(state, rolled.attacker, rolled.target, wounds) {
            shown(state, &rolled, &defended, events);
            let target = rolled.target;
            push(
                state,
                o,
                target,
                Question::Divide,
                Attack::Normal { rolled, defended },
            );
            return None;
        }
        if let Some(o) = evade_offer(state, rolled.target, wounds, dice, events) {
            shown(state, &rolled, &defended, events);
            let target = rolled.target;
            push(
                state,
                o,
                target,
                Question::Evade,
                Attack::Normal { rolled, defended },
            );
            return None;
        }
        if let Some(o) = sacrifice_offer(state, rolled.attacker, rolled.target, wounds) {
            shown(state, &rolled, &defended, events);
            let target = rolled.target;
            push(
                state,
                o,
                target,
                Question::Sacrifice,
                Attack::Normal { rolled, defended },
            );
            return None;
        }
    }
    let (attacker, target) = (rolled.attacker, rolled.target);
    let wounds = combat::land(state, rolled, defended, dice, events);
    // a falling figure's *Dying Swipe* asks now
    if wounds::swipe_waits(state, wounds) {
        return None;
    }
    mortal_strike(state, attacker, target, wounds, dice, events);
    if let Some(o) = reinforce_offer(state, attacker, target, wounds) {
        let question = Question::Reinforce {
            left: wounds,
            chosen: Vec::new(),
        };
        push(
            state,
            o,
            target,
            question,
            Attack::Landed {
                attacker,
                target,
                wounds,
            },
        );
        return None;
    }
    Some(wounds)
}

/// *Mortal Strike*: a normal attack of a figure of the card put `wounds` on an opponent's
/// figure matching the power's targets, still standing: a combat die for each wound, a wound
/// more for each skull (a wound of that attack: what follows a destruction in an attack
/// follows).
fn mortal_strike(
    state: &mut State,
    attacker: u32,
    target: u32,
    wounds: u16,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let (Some(a), Some(t)) = (
        state.figure(attacker).cloned(),
        state.figure(target).cloned(),
    ) else {
        return;
    };
    if wounds == 0 || !t.on_field() || state.allies(a.owner, t.owner) {
        return;
    }
    for (power, r) in powers_of(state, a.unit) {
        let React::DicePerWound { targets } = r else {
            continue;
        };
        if !super::matches(state.card_of(&t), &targets) {
            continue;
        }
        let faces = combat::roll(dice, wounds);
        let skulls = combat::skulls(&faces);
        events.push(Event::React {
            what: Reacted::DiceRolled {
                figure: attacker,
                unit: a.unit,
                power,
                dice: faces,
            },
        });
        combat::power_wound_by(
            state,
            target,
            skulls,
            why(state, a.unit, power),
            dice,
            events,
        );
        if state.figure(target).is_some_and(|g| g.destroyed) {
            combat::destroyed_in_attack(state, &a, &t, values::AttackKind::Normal, events);
        }
        return;
    }
}

/// `wounds` of a normal attack (or, with `leaving`, a leaving-engagement attack) are about
/// to land on `figure`: when they destroy a figure of a card with *Acid Sacs*, the d20 is
/// rolled for each figure adjacent to it that the power does not spare, one at a time, each
/// success a wound on that figure, before the falling figure is removed.
pub(crate) fn bursts(
    state: &mut State,
    figure: u32,
    wounds: u16,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let Some(f) = state.figure(figure).filter(|f| f.on_field()).cloned() else {
        return;
    };
    let life = values::life_of(state, &f).value().max(1);
    if wounds == 0
        || f.wounds.saturating_add(wounds) < life
        || super::destroyed::spared_until_round_end(state, figure)
    {
        return;
    }
    for (power, r) in powers_of(state, f.unit) {
        let React::Burst { at_least, spared } = r else {
            continue;
        };
        let beside: Vec<u32> = state
            .figures
            .iter()
            .filter(|g| g.on_field() && g.id != f.id && values::adjacent(state, &f, g))
            .filter(|g| !super::matches(state.card_of(g), &spared))
            .map(|g| g.id)
            .collect();
        for g in beside {
            let roll = PowerRoll {
                seat: f.owner,
                figure: f.id,
                unit: f.unit,
                power,
                needed: at_least,
                extra: 0,
            };
            if roll.roll(state, dice, events) {
                combat::power_wound_by(state, g, 1, why(state, f.unit, power), dice, events);
            }
        }
    }
}

/// A special attack's last defence is rolled: a power may roll it again. True when it asks
/// (the question holds the attack).
pub(crate) fn special_defended(state: &mut State, v: &Volley, events: &mut Vec<Event>) -> bool {
    let Some(hit) = v.hits.last() else {
        return false;
    };
    let Some(o) = reroll_offer(state, hit.figure, &hit.defence) else {
        return false;
    };
    events.push(Event::DefenceRolled {
        attacker: v.attacker.id,
        target: hit.figure,
        attack: v.attack.clone().unwrap_or_default(),
        defence: hit.defence.clone(),
        wounds: hit.wounds,
    });
    push(
        state,
        o,
        hit.figure,
        Question::Reroll,
        Attack::Special(Box::new(v.clone())),
    );
    true
}

/// A special attack's `wounds` are about to land on `defender`: a power may answer them.
/// True when it asks.
pub(crate) fn special_wounds(
    state: &mut State,
    v: &Volley,
    defender: u32,
    wounds: u16,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> bool {
    let (o, question) = if let Some(o) = divide_offer(state, v.attacker.id, defender, wounds) {
        (o, Question::Divide)
    } else if let Some(o) = evade_offer(state, defender, wounds, dice, events) {
        (o, Question::Evade)
    } else {
        return false;
    };
    push(
        state,
        o,
        defender,
        question,
        Attack::Special(Box::new(v.clone())),
    );
    true
}

/// A special attack's `wounds` have landed on `defender`: a power may answer. True when it
/// asks.
pub(crate) fn special_wounded(state: &mut State, v: &Volley, defender: u32, wounds: u16) -> bool {
    let Some(o) = reinforce_offer(state, v.attacker.id, defender, wounds) else {
        return false;
    };
    let question = Question::Reinforce {
        left: wounds,
        chosen: Vec::new(),
    };
    push(
        state,
        o,
        defender,
        question,
        Attack::Special(Box::new(v.clone())),
    );
    true
}

/// What the question asks, and of whom.
pub(crate) fn asks(r: &Asked) -> Ask<Decision> {
    let decision = match &r.question {
        Question::Evade => Decision::Deploy {
            figure: r.defender,
            unit: r.unit,
            power: r.power,
        },
        Question::DivideBack { figure } | Question::ReinforcePlace { figure, .. } => {
            Decision::Deploy {
                figure: *figure,
                unit: r.unit,
                power: r.power,
            }
        }
        _ => Decision::UsePower {
            figure: r.figure,
            unit: r.unit,
            power: r.power,
        },
    };
    Ask {
        seats: vec![r.seat],
        decision,
    }
}

/// The answers of `seat`: use the power or not; a figure to choose or none; a space.
pub(crate) fn answers(state: &State, r: &Asked, seat: Seat) -> Vec<Action> {
    if seat != r.seat {
        return Vec::new();
    }
    let use_it = |target| Action::UsePower {
        figure: r.figure,
        power: r.power,
        target,
    };
    match &r.question {
        Question::Reroll | Question::Divide => vec![use_it(None), Action::DeclinePower],
        Question::DivideBack { figure } => back_spaces(state, r.defender)
            .into_iter()
            .map(|(to, level)| Action::PlaceCarried {
                figure: *figure,
                to,
                level,
            })
            .collect(),
        Question::Evade => evade_spaces(state, r.unit, r.power, r.defender)
            .into_iter()
            .map(|(to, level)| Action::PlaceCarried {
                figure: r.defender,
                to,
                level,
            })
            .chain([Action::DeclinePower])
            .collect(),
        Question::Sacrifice => sacrificed(state, r.unit, r.power, r.defender)
            .into_iter()
            .map(|c| use_it(Some(c)))
            .chain([Action::DeclinePower])
            .collect(),
        Question::Reinforce { chosen, .. } => {
            candidates(state, r.unit, r.power, r.defender, chosen)
                .into_iter()
                .map(|c| use_it(Some(c)))
                .chain([Action::DeclinePower])
                .collect()
        }
        Question::ReinforcePlace { figure, .. } => {
            match (state.figure(r.defender), state.figure(*figure)) {
                (Some(b), Some(g)) => reinforce_spaces(state, b, g)
                    .into_iter()
                    .map(|(to, level)| Action::PlaceCarried {
                        figure: *figure,
                        to,
                        level,
                    })
                    .collect(),
                _ => Vec::new(),
            }
        }
    }
}

fn why(state: &State, unit: u16, power: u8) -> Why {
    Why::Power {
        unit,
        power: state
            .unit(unit)
            .and_then(|u| u.card.powers.get(usize::from(power)))
            .map(|p| p.name.clone())
            .unwrap_or_default(),
    }
}

fn declined(r: &Asked, events: &mut Vec<Event>) {
    events.push(Event::PowerDeclined {
        figure: r.figure,
        unit: r.unit,
        power: r.power,
    });
}

/// Answers the question (`wounds.rs` checked the answer and took the frame off), then the
/// attack goes on.
pub(crate) fn resolve(
    state: &mut State,
    mut r: Asked,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let used = matches!(answer, Action::UsePower { .. });
    match r.question.clone() {
        Question::Reroll => {
            if used {
                let one = one_die(state, r.unit, r.power);
                reroll(&mut r, one, dice, events);
            } else {
                declined(&r, events);
            }
            go_on(state, r.attack, Step::Exo, dice, events);
        }
        Question::Divide => {
            if !used {
                declined(&r, events);
                return go_on(state, r.attack, Step::Land, dice, events);
            }
            let at_least = powers_of(state, r.unit)
                .into_iter()
                .find_map(|(p, x)| match x {
                    React::Divide { at_least } if p == r.power => Some(at_least),
                    _ => None,
                })
                .unwrap_or(u8::MAX);
            let roll = PowerRoll {
                seat: r.seat,
                figure: r.figure,
                unit: r.unit,
                power: r.power,
                needed: at_least,
                extra: 0,
            };
            if roll.roll(state, dice, events) {
                ignore(&mut r.attack, why(state, r.unit, r.power));
                events.push(Event::PowerUsed {
                    figure: r.figure,
                    unit: r.unit,
                    power: r.power,
                    target: None,
                    outcome: Outcome::IgnoreWounds,
                });
                if let Some(back) = returnable(state, r.seat, r.unit)
                    .filter(|_| !back_spaces(state, r.defender).is_empty())
                {
                    r.question = Question::DivideBack { figure: back };
                    state
                        .frames
                        .as_mut()
                        .push(HsFrame::Wounds(WoundAsk::React(Box::new(r))));
                    return;
                }
            }
            go_on(state, r.attack, Step::Land, dice, events);
        }
        Question::DivideBack { figure } => {
            if let Action::PlaceCarried { to, level, .. } = *answer {
                super::setup::revive(state, figure, to, level);
                events.push(Event::React {
                    what: Reacted::Divided {
                        figure,
                        beside: r.defender,
                        unit: r.unit,
                        power: r.power,
                    },
                });
                events.push(Event::Placed {
                    figure,
                    hex: to,
                    level,
                });
            }
            go_on(state, r.attack, Step::Land, dice, events);
        }
        Question::Evade => {
            if let Action::PlaceCarried { figure, to, level } = *answer {
                super::setup::stand(state, figure, to, None, level);
                events.push(Event::Placed {
                    figure,
                    hex: to,
                    level,
                });
                ignore(&mut r.attack, why(state, r.unit, r.power));
                events.push(Event::PowerUsed {
                    figure: r.figure,
                    unit: r.unit,
                    power: r.power,
                    target: None,
                    outcome: Outcome::IgnoreWounds,
                });
            } else {
                declined(&r, events);
            }
            go_on(state, r.attack, Step::Land, dice, events);
        }
        Question::Sacrifice => {
            if let Action::UsePower {
                target: Some(c), ..
            } = *answer
            {
                combat::destroy(state, c, events);
                ignore(&mut r.attack, why(state, r.unit, r.power));
                events.push(Event::PowerUsed {
                    figure: r.figure,
                    unit: r.unit,
                    power: r.power,
                    target: Some(c),
                    outcome: Outcome::IgnoreWounds,
                });
            } else {
                declined(&r, events);
            }
            go_on(state, r.attack, Step::Land, dice, events);
        }
        Question::Reinforce { left, chosen } => match *answer {
            Action::UsePower {
                target: Some(figure),
                ..
            } => {
                r.question = Question::ReinforcePlace {
                    figure,
                    left,
                    chosen,
                };
                state
                    .frames
                    .as_mut()
                    .push(HsFrame::Wounds(WoundAsk::React(Box::new(r))));
            }
            _ => {
                if chosen.is_empty() {
                    declined(&r, events);
                }
                go_on(state, r.attack, Step::Land, dice, events);
            }
        },
        Question::ReinforcePlace {
            figure,
            left,
            mut chosen,
        } => {
            if let Action::PlaceCarried { to, level, .. } = *answer {
                super::setup::stand(state, figure, to, None, level);
                events.push(Event::React {
                    what: Reacted::Reinforced {
                        figure,
                        beside: r.defender,
                        unit: r.unit,
                        power: r.power,
                    },
                });
                events.push(Event::Placed {
                    figure,
                    hex: to,
                    level,
                });
            }
            chosen.push(figure);
            let left = left.saturating_sub(1);
            if left > 0 && !candidates(state, r.unit, r.power, r.defender, &chosen).is_empty() {
                r.question = Question::Reinforce { left, chosen };
                state
                    .frames
                    .as_mut()
                    .push(HsFrame::Wounds(WoundAsk::React(Box::new(r))));
                return;
            }
            go_on(state, r.attack, Step::Land, dice, events);
        }
    }
}

/// *Gift of the Empress Aura* used: the defence dice that did not show a shield are rolled
/// again (one of them with `one`: *Hero Worship*), and the attack counts the new ones.
fn reroll(r: &mut Asked, one: bool, dice: &mut Dice, events: &mut Vec<Event>) {
    let skulls = match &r.attack {
        Attack::Special(v) => volley::skulls(v).1,
        _ => 0,
    };
    let faces = match &mut r.attack {
        Attack::Normal { defended, .. } => &mut defended.defence,
        Attack::Special(v) => match v.hits.last_mut() {
            Some(hit) => &mut hit.defence,
            None => return,
        },
        Attack::Landed { .. } => return,
    };
    let before = faces.clone();
    let most = if one { 1 } else { usize::MAX };
    for face in faces.iter_mut().filter(|f| **f != Face::Shield).take(most) {
        *face = combat::roll(dice, 1)[0];
    }
    let after = faces.clone();
    if let Attack::Special(v) = &mut r.attack {
        if let Some(hit) = v.hits.last_mut() {
            volley::recount(hit, skulls);
        }
    }
    events.push(Event::React {
        what: Reacted::DefenceRerolled {
            figure: r.defender,
            unit: r.unit,
            power: r.power,
            before,
            after,
        },
    });
}

/// A power ignores the wounds about to land.
fn ignore(attack: &mut Attack, why: Why) {
    match attack {
        Attack::Normal { defended, .. } => defended.ignored = Some(why),
        Attack::Special(v) => v.pending = 0,
        Attack::Landed { .. } => {}
    }
}

/// The attack goes on once the question is answered, then what follows it in the turn.
fn go_on(state: &mut State, attack: Attack, from: Step, dice: &mut Dice, events: &mut Vec<Event>) {
    match attack {
        Attack::Normal { rolled, defended } => {
            let (attacker, target) = (rolled.attacker, rolled.target);
            if let Some(w) = normal(state, rolled, defended, from, dice, events) {
                wounds::after_attack(state, attacker, target, w, dice, events);
            }
        }
        Attack::Landed {
            attacker,
            target,
            wounds,
        } => wounds::after_attack(state, attacker, target, wounds, dice, events),
        Attack::Special(v) => {
            if volley::run(state, *v, dice, events) && !super::vanish::ask(state) {
                play::settle(state, dice, events);
            }
        }
    }
}
