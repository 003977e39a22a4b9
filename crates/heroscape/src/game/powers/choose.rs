//! Powers whose player chooses how many or several things, or one of the power's options
//! ([`crate::power::choose`]), asked through one frame ([`Choosing`]):
//!
//! - **how many**: once a roll allows "up to N" wound markers off the chosen figure's card
//!   ([`Heal::UpTo`]: *Healing Touch*), the player answers [`Action::Choose`] with a number
//!   from none to the most the card holds ([`Decision::HowMany`]);
//! - **several figures**: a power that chooses "up to N different figures" ([`Choose::More`]:
//!   *Poisonous Acid Breath*) takes its first figure with its use, then asks for each other one
//!   ([`Decision::UsePower`] again, answered with [`Action::UsePower`] or
//!   [`Action::DeclinePower`] for no more), each pick checked against the power's target and
//!   never a figure chosen already; then the die is rolled for each chosen figure, one at a
//!   time in the order chosen;
//! - **an option**: after moving and before attacking, the player may take one of the power's
//!   options ([`Choose::RangeForAttacks`]: *Volley unto Himself*), answered with
//!   [`Action::Choose`] naming it, or decline; the figure's range value is the option's for
//!   the rest of the turn and it may make that many normal attacks;
//! - **each figure chooses**: at the start of the card's turn each of its figures may choose a
//!   figure, one figure at a time ([`Choose::EachFigure`]: *Soul Devour*), then a roll for each;
//! - **how many act**: a roll at the start of the card's turn says how many of its figures may
//!   move and attack ([`Choose::Swarm`]: *Hive Swarm*);
//! - **a charge**: before moving, a figure may take more move to end beside an enemy, and then
//!   must ([`Choose::Charge`]: *Charging Assault*).

use serde::{Deserialize, Serialize};
use skirmish_dice::Dice;
use skirmish_engine::frames::Ask;
use skirmish_engine::{Rejection, Seat};

use super::triggered::{self, Offer, Then, TurnKey};
use super::values::{Tally, Why};
use crate::body::Placement;
use crate::card::Kind;
use crate::game::frames::HsFrame;
use crate::game::geometry;
use crate::game::state::{Figure, State};
use crate::game::{play, Action, Decision, Event};
use crate::movement::Way;
use crate::power::choose::{Choose, Heal, RangeOption, SwarmLine};
use crate::power::{Effect, Outcome, Stat, Triggered};

/// What the family remembers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChooseMemory {
    /// Options taken in a turn ([`Choose::RangeForAttacks`]): the turn, the unit, the power,
    /// the option's place among the power's options.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<(TurnKey, u16, u8, u8)>,
    /// Figures that may move and attack in a turn ([`Choose::Swarm`]): the turn, the unit,
    /// how many.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub swarms: Vec<(TurnKey, u16, u16)>,
    /// Figures that charged in a turn ([`Choose::Charge`]): the turn, the figure, the power.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub charged: Vec<(TurnKey, u32, u8)>,
}

/// A question of this family, asked to the power's player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choosing {
    /// Who answers: the power's player.
    pub seat: Seat,
    /// The figure using the power.
    pub user: u32,
    /// Its unit.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
    /// What is asked.
    pub question: Question,
    /// What goes on once it is answered.
    pub then: Then,
}

/// What a [`Choosing`] frame asks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "ask")]
pub enum Question {
    /// How many wound markers to remove from the card of `figure`, none to `most`.
    Heal {
        /// The chosen figure.
        figure: u32,
        /// The most that may be removed.
        most: u16,
    },
    /// Another figure to choose before any roll, or no more.
    Pick {
        /// The figures chosen so far, in order.
        chosen: Vec<u32>,
        /// The most figures in all.
        most: u8,
    },
    /// One of the power's options, or none.
    Option,
    /// The figure each figure of the card chooses, one figure at a time ([`Choose::EachFigure`]).
    EachFigure {
        /// The figures still to choose, the one asked now first.
        left: Vec<u32>,
        /// What the figures before chose: the figure, its choice.
        picks: Vec<(u32, u32)>,
    },
}

/// The words of this family on a card, with their power's place.
fn words(state: &State, unit: u16) -> Vec<(u8, Choose)> {
    super::words_of(state, unit, |e| match e {
        Effect::Choose(w) => Some(w.clone()),
        _ => None,
    })
}

/// The triggered effect of power `power` of `unit`.
fn triggered_of(state: &State, unit: u16, power: u8) -> Option<Triggered> {
    let card = &state.unit(unit)?.card;
    triggered::triggered(card)
        .find(|(i, _)| *i == power)
        .map(|(_, t)| t.clone())
}

/// How many other figures power `power` of `unit` lets its player choose.
fn more_of(state: &State, unit: u16, power: u8) -> Option<u8> {
    words(state, unit).into_iter().find_map(|(p, c)| match c {
        Choose::More { more } if p == power => Some(more),
        _ => None,
    })
}

/// The options of power `power` of `unit`.
fn options_of(state: &State, unit: u16, power: u8) -> Vec<RangeOption> {
    words(state, unit)
        .into_iter()
        .find_map(|(p, c)| match c {
            Choose::RangeForAttacks { options } if p == power => Some(options),
            _ => None,
        })
        .unwrap_or_default()
}

/// Goes on with what the power interrupted.
fn go_on(state: &mut State, dice: &mut Dice, then: &Then, events: &mut Vec<Event>) {
    match *then {
        Then::EndTurn { seat } => play::end_turn(state, seat, dice, events),
        Then::NextTurn => play::next_turn(state, dice, events),
        Then::Turn | Then::Attack { .. } => play::settle(state, dice, events),
    }
}

// --- several figures --------------------------------------------------------------------------

/// A power that chooses several figures ([`Choose::More`]) used on its first figure `chosen`:
/// asks for the others, then rolls for each. False for any other power.
pub(crate) fn use_power(
    state: &mut State,
    dice: &mut Dice,
    user: u32,
    chosen: Option<u32>,
    o: &Offer,
    events: &mut Vec<Event>,
) -> bool {
    let (Some(more), Some(first)) = (more_of(state, o.unit, o.power), chosen) else {
        return false;
    };
    let c = Choosing {
        seat: o.seat,
        user,
        unit: o.unit,
        power: o.power,
        question: Question::Pick {
            chosen: vec![first],
            most: more.saturating_add(1),
        },
        then: o.then.clone(),
    };
    if others(state, &c).is_empty() {
        roll_each(state, dice, &c, &[first], events);
    } else {
        state.frames.as_mut().push(HsFrame::Choose(c));
    }
    true
}

/// The figures the player may still choose: those the power's target allows, not chosen yet,
/// while fewer than the most are chosen.
fn others(state: &State, c: &Choosing) -> Vec<u32> {
    let Question::Pick { chosen, most } = &c.question else {
        return Vec::new();
    };
    if chosen.len() >= usize::from(*most) {
        return Vec::new();
    }
    let (Some(t), Some(user)) = (
        triggered_of(state, c.unit, c.power),
        state.figure(c.user).cloned(),
    ) else {
        return Vec::new();
    };
    let Some(target) = &t.target else {
        return Vec::new();
    };
    triggered::candidates(state, c.seat, &user, target)
        .into_iter()
        .filter(|id| !chosen.contains(id))
        .collect()
}

/// Rolls for each chosen figure still on the battlefield, one at a time in the order chosen (a
/// hero against the roll's hero threshold), each success applying the power's outcomes to it.
fn roll_each(
    state: &mut State,
    dice: &mut Dice,
    c: &Choosing,
    chosen: &[u32],
    events: &mut Vec<Event>,
) {
    let Some(t) = triggered_of(state, c.unit, c.power) else {
        return;
    };
    let offer = Offer {
        seat: c.seat,
        figure: c.user,
        unit: c.unit,
        power: c.power,
        then: c.then.clone(),
    };
    for &id in chosen {
        let Some(kind) = state
            .figure(id)
            .filter(|f| f.on_field())
            .map(|f| state.card_of(f).kind)
        else {
            continue;
        };
        let success = match &t.roll {
            Some(roll) => {
                let mut r = roll.clone();
                if let (Kind::Hero, Some(h)) = (kind, roll.hero_at_least) {
                    r.at_least = h;
                }
                triggered::roll_d20(state, dice, c.user, c.power, &r, 0, events)
            }
            None => true,
        };
        if success {
            for outcome in &t.outcomes {
                triggered::apply(
                    state,
                    c.user,
                    c.power,
                    Some(id),
                    outcome,
                    &offer,
                    dice,
                    events,
                );
            }
        }
    }
}

// --- how many -----------------------------------------------------------------------------------

/// [`Outcome::HealChosen`] reached `target`: every marker off its card, or a question for how
/// many when the card holds any.
pub(crate) fn heal(
    state: &mut State,
    user: u32,
    power: u8,
    target: Option<u32>,
    heal: Heal,
    o: &Offer,
) {
    let Some(t) = target.and_then(|id| state.figure(id)).cloned() else {
        return;
    };
    let held = wounds_on(state, t.unit);
    match heal {
        Heal::All => remove(state, t.unit, held),
        Heal::UpTo(n) if held > 0 => {
            let Some(unit) = state.figure(user).map(|f| f.unit) else {
                return;
            };
            state.frames.as_mut().push(HsFrame::Choose(Choosing {
                seat: o.seat,
                user,
                unit,
                power,
                question: Question::Heal {
                    figure: t.id,
                    most: n.min(held),
                },
                then: o.then.clone(),
            }));
        }
        Heal::UpTo(_) => {}
    }
}

/// The wound markers on a unit's card.
fn wounds_on(state: &State, unit: u16) -> u16 {
    state
        .figures
        .iter()
        .filter(|f| f.unit == unit && !f.destroyed)
        .map(|f| f.wounds)
        .sum()
}

/// Removes `n` wound markers from a unit's card.
fn remove(state: &mut State, unit: u16, n: u16) {
    let mut left = n;
    for f in state
        .figures
        .iter_mut()
        .filter(|f| f.unit == unit && !f.destroyed)
    {
        let off = f.wounds.min(left);
        f.wounds -= off;
        left -= off;
    }
}

// --- options --------------------------------------------------------------------------------

/// Once the moves are over: offers the active card's options power ([`Choose::RangeForAttacks`])
/// once a turn; true when the question is pushed.
pub(crate) fn after_moves(state: &mut State, turn: &crate::game::state::Turn, first: u32) -> bool {
    for (power, c) in words(state, turn.unit) {
        if !matches!(c, Choose::RangeForAttacks { .. }) || triggered::used(state, turn.unit, power)
        {
            continue;
        }
        triggered::mark_used(state, turn.unit, power);
        state.frames.as_mut().push(HsFrame::Choose(Choosing {
            seat: turn.seat,
            user: first,
            unit: turn.unit,
            power,
            question: Question::Option,
            then: Then::Turn,
        }));
        return true;
    }
    false
}

/// The option taken this turn by `unit`'s power, if any: the power, the option.
fn taken(state: &State, unit: u16) -> Option<(u8, RangeOption)> {
    let k = triggered::turn_key(state)?;
    state
        .powers
        .choose
        .options
        .iter()
        .find(|(key, u, _, _)| *key == k && *u == unit)
        .and_then(|&(_, _, power, i)| {
            options_of(state, unit, power)
                .get(usize::from(i))
                .map(|o| (power, *o))
        })
}

/// The change an option taken this turn makes to `f`'s range: the printed value brought to
/// the option's, the other changes still adding to it.
pub(crate) fn changes(state: &State, f: &Figure, stat: Stat, t: &mut Tally) {
    if stat == Stat::Move {
        if let Some((power, by)) = charge_of(state, f) {
            let name = state.card_of(f).powers[usize::from(power)].name.clone();
            t.add(
                Why::Power {
                    unit: f.unit,
                    power: name,
                },
                i16::try_from(by).unwrap_or(i16::MAX),
            );
        }
    }
    if stat != Stat::Range {
        return;
    }
    let Some((power, option)) = taken(state, f.unit) else {
        return;
    };
    let by = i16::try_from(option.range).unwrap_or(i16::MAX)
        - i16::try_from(state.card_of(f).range).unwrap_or(i16::MAX);
    let name = state.card_of(f).powers[usize::from(power)].name.clone();
    t.add(
        Why::Power {
            unit: f.unit,
            power: name,
        },
        by,
    );
}

/// The spaces a figure's *Charging Assault* adds to its move this turn, with the power.
fn charge_of(state: &State, f: &Figure) -> Option<(u8, u16)> {
    let k = triggered::turn_key(state)?;
    let &(_, _, power) = state
        .powers
        .choose
        .charged
        .iter()
        .find(|(key, id, _)| *key == k && *id == f.id)?;
    words(state, f.unit).into_iter().find_map(|(p, c)| match c {
        Choose::Charge { by } if p == power => Some((power, by)),
        _ => None,
    })
}

/// Whether an option taken this turn lets `f`, having made the attacks `made`, attack again.
pub(crate) fn allows(state: &State, f: &Figure, made: &[u32]) -> bool {
    taken(state, f.unit).is_some_and(|(_, o)| made.len() < usize::from(o.attacks))
}

// --- how many figures act ------------------------------------------------------------------

/// A turn starts: the active card's *Hive Swarm* is rolled, nobody asked (the card says
/// *roll*), with the player's d20 bonuses, the line rolled saying how many of its figures may
/// move and attack this turn; then its *Soul Devour* asks each of its figures in turn for the
/// figure it chooses. True while a question is pending.
pub(crate) fn start_of_turn(state: &mut State, dice: &mut Dice, events: &mut Vec<Event>) -> bool {
    let Some(turn) = state.turn().cloned() else {
        return false;
    };
    let Some(&first) = triggered::on_field(state, turn.unit).first() else {
        return false;
    };
    for (power, c) in words(state, turn.unit) {
        if triggered::used(state, turn.unit, power) {
            continue;
        }
        let lines = match c {
            Choose::Swarm { lines } => lines,
            Choose::EachFigure => {
                triggered::mark_used(state, turn.unit, power);
                let c = Choosing {
                    seat: turn.seat,
                    user: first,
                    unit: turn.unit,
                    power,
                    question: Question::EachFigure {
                        left: triggered::on_field(state, turn.unit),
                        picks: Vec::new(),
                    },
                    then: Then::Turn,
                };
                if let Some(c) = next_chooser(state, c) {
                    state.frames.as_mut().push(HsFrame::Choose(c));
                    return true;
                }
                continue;
            }
            _ => continue,
        };
        triggered::mark_used(state, turn.unit, power);
        let Some(figures) = roll_lines(state, dice, first, power, &lines, events) else {
            continue;
        };
        if let Some(k) = triggered::turn_key(state) {
            let swarms = &mut state.powers.choose.swarms;
            swarms.retain(|(key, ..)| *key == k);
            swarms.push((k, turn.unit, figures));
        }
        events.push(Event::FiguresForTurn {
            unit: turn.unit,
            power,
            figures,
        });
    }
    false
}

/// The figures `chooser` may choose for an [`Choose::EachFigure`] power: those the power's
/// target allows, none its player controls (taking control of one's own card is nothing).
fn each_choices(state: &State, c: &Choosing, chooser: u32) -> Vec<u32> {
    let (Some(t), Some(user)) = (
        triggered_of(state, c.unit, c.power),
        state.figure(chooser).filter(|f| f.on_field()).cloned(),
    ) else {
        return Vec::new();
    };
    let Some(target) = &t.target else {
        return Vec::new();
    };
    let mut out = triggered::candidates(state, c.seat, &user, target);
    if t.outcomes.contains(&Outcome::TakeControl) {
        out.retain(|id| state.figure(*id).is_some_and(|f| f.owner != c.seat));
    }
    out
}

/// The question for the next figure of an [`Choose::EachFigure`] power that has a figure to
/// choose (the ones without are passed over), or `None` when none is left.
fn next_chooser(state: &State, mut c: Choosing) -> Option<Choosing> {
    loop {
        let Question::EachFigure { left, .. } = &c.question else {
            return None;
        };
        let &first = left.first()?;
        if !each_choices(state, &c, first).is_empty() {
            return Some(c);
        }
        if let Question::EachFigure { left, .. } = &mut c.question {
            left.remove(0);
        }
    }
}

/// Rolls once for each figure that chose, in order, each success acting with that figure as
/// the power's user.
fn roll_picks(
    state: &mut State,
    dice: &mut Dice,
    c: &Choosing,
    picks: &[(u32, u32)],
    events: &mut Vec<Event>,
) {
    let Some(t) = triggered_of(state, c.unit, c.power) else {
        return;
    };
    for &(chooser, chosen) in picks {
        if !state.figure(chooser).is_some_and(Figure::on_field)
            || !state.figure(chosen).is_some_and(Figure::on_field)
        {
            continue;
        }
        let offer = Offer {
            seat: c.seat,
            figure: chooser,
            unit: c.unit,
            power: c.power,
            then: c.then.clone(),
        };
        let success = match &t.roll {
            Some(roll) => triggered::roll_d20(state, dice, chooser, c.power, roll, 0, events),
            None => true,
        };
        if success {
            for outcome in &t.outcomes {
                triggered::apply(
                    state,
                    chooser,
                    c.power,
                    Some(chosen),
                    outcome,
                    &offer,
                    dice,
                    events,
                );
            }
        }
    }
}

/// Rolls the d20 for `roller` against a table of lines (the glyphs' and cards' bonuses added,
/// an opponent's malus taken off; a total above the table reads as its last line, one below
/// as its first): the figures of the line rolled.
fn roll_lines(
    state: &State,
    dice: &mut Dice,
    roller: u32,
    power: u8,
    lines: &[SwarmLine],
    events: &mut Vec<Event>,
) -> Option<u16> {
    let f = state.figure(roller)?;
    let bonus = crate::game::glyphs::d20_bonus(state, f.owner)
        + triggered::roll_bonus(state, f.owner, f.unit, power);
    let malus = super::d20c::harrowing(state, f.owner, f.unit);
    let die = dice.d20();
    let top = lines.iter().map(|l| l.to).max().unwrap_or(20);
    let result = u8::try_from((u16::from(die) + bonus).saturating_sub(malus).max(1))
        .unwrap_or(u8::MAX)
        .min(top);
    let line = lines.iter().find(|l| (l.from..=l.to).contains(&result))?;
    events.push(Event::PowerRolled {
        figure: roller,
        unit: f.unit,
        power,
        die,
        bonus,
        distance: 0,
        needed: line.from,
        success: true,
        malus,
    });
    Some(line.figures)
}

/// How many figures of the active card may move and attack this turn, when its *Hive Swarm*
/// said so.
pub(crate) fn acting_limit(state: &State, turn: &crate::game::state::Turn) -> Option<usize> {
    let k = triggered::turn_key(state)?;
    state
        .powers
        .choose
        .swarms
        .iter()
        .find(|(key, unit, _)| *key == k && *unit == turn.unit)
        .map(|&(_, _, n)| usize::from(n))
}

// --- a charge -------------------------------------------------------------------------------

/// Whether `f` standing at `at` would be adjacent to an enemy figure.
fn beside_enemy(state: &State, f: &Figure, at: &Placement) -> bool {
    let grid = geometry::grid(state);
    let body = geometry::body(state, f);
    state
        .figures
        .iter()
        .filter(|e| e.on_field() && e.id != f.id && !state.allies(e.owner, f.owner))
        .any(|e| {
            geometry::placement(e).is_some_and(|pe| {
                crate::engagement::contact(&grid, &body, at, &geometry::body(state, e), &pe)
                    .adjacent()
            })
        })
}

/// Where a move action ends.
fn end_of(action: &Action) -> Option<(u32, Placement)> {
    match *action {
        Action::Move {
            figure,
            to,
            level,
            tail,
        } => Some((
            figure,
            match tail {
                Some(t) => Placement::double(to, t, level),
                None => Placement::single(to, level),
            },
        )),
        _ => None,
    }
}

/// *Charging Assault* offers: each unmoved, unengaged figure of the active card that has not
/// charged and could end a move with the spaces added adjacent to an enemy figure.
pub(crate) fn charge_actions(state: &State, turn: &crate::game::state::Turn) -> Vec<Action> {
    let mut out = Vec::new();
    for (power, c) in words(state, turn.unit) {
        let Choose::Charge { by } = c else {
            continue;
        };
        for f in play::active_figures(state, turn) {
            if turn.moved.contains(&f.id)
                || charge_of(state, f).is_some()
                || !geometry::engaged_with(state, f).is_empty()
            {
                continue;
            }
            let allowance = crate::game::glyphs::move_of(state, f).saturating_add(by);
            let reaches = geometry::destinations_by(state, f, Way::Normal, allowance)
                .into_iter()
                .any(|d| {
                    let at = match d.tail {
                        Some(t) => Placement::double(d.hex, t, d.level),
                        None => Placement::single(d.hex, d.level),
                    };
                    beside_enemy(state, f, &at)
                });
            if reaches {
                out.push(Action::UsePower {
                    figure: f.id,
                    power,
                    target: None,
                });
            }
        }
    }
    out
}

/// A figure that charged and has not moved must end its move adjacent to an enemy figure when
/// one of its moves does: its other moves are taken out of `out`, and the moves may not end
/// before it has moved.
pub(crate) fn charge_ends(state: &State, turn: &crate::game::state::Turn, out: &mut Vec<Action>) {
    let charged: Vec<u32> = play::active_figures(state, turn)
        .filter(|f| !turn.moved.contains(&f.id) && charge_of(state, f).is_some())
        .map(|f| f.id)
        .collect();
    for id in charged {
        let Some(f) = state.figure(id).cloned() else {
            continue;
        };
        let beside =
            |a: &Action| end_of(a).is_some_and(|(m, at)| m == id && beside_enemy(state, &f, &at));
        if !out.iter().any(&beside) {
            continue;
        }
        out.retain(|a| {
            (!matches!(a, Action::EndMoves) && end_of(a).is_none_or(|(m, _)| m != id)) || beside(a)
        });
    }
}

/// Uses *Charging Assault* for a figure, when `action` is one of [`charge_actions`]; `None`
/// for any other action.
pub(crate) fn charge(
    state: &mut State,
    seat: Seat,
    action: &Action,
    events: &mut Vec<Event>,
) -> Option<Result<(), Rejection>> {
    let Action::UsePower {
        figure,
        power,
        target: None,
    } = *action
    else {
        return None;
    };
    let turn = state.turn().cloned()?;
    if turn.stage != crate::game::state::Stage::Move
        || !words(state, turn.unit)
            .iter()
            .any(|(p, c)| *p == power && matches!(c, Choose::Charge { .. }))
    {
        return None;
    }
    if turn.seat != seat || !charge_actions(state, &turn).contains(action) {
        return Some(Err(Rejection::illegal(
            "Charging Assault is used before moving an unengaged figure that could then end \
             its move adjacent to an enemy figure",
        )));
    }
    let k = triggered::turn_key(state)?;
    let charged = &mut state.powers.choose.charged;
    charged.retain(|(key, ..)| *key == k);
    charged.push((k, figure, power));
    let by = words(state, turn.unit)
        .into_iter()
        .find_map(|(p, c)| match c {
            Choose::Charge { by } if p == power => Some(by),
            _ => None,
        })
        .unwrap_or(0);
    events.push(Event::Charged {
        figure,
        unit: turn.unit,
        power,
        by,
    });
    Some(Ok(()))
}

// --- the frame ------------------------------------------------------------------------------

/// What the frame asks.
pub(crate) fn asks(c: &Choosing) -> Ask<Decision> {
    Ask {
        seats: vec![c.seat],
        decision: match c.question {
            Question::Heal { figure, most } => Decision::HowMany {
                figure: c.user,
                unit: c.unit,
                power: c.power,
                target: figure,
                most,
            },
            Question::Pick { .. } | Question::Option => Decision::UsePower {
                figure: c.user,
                unit: c.unit,
                power: c.power,
            },
            Question::EachFigure { ref left, .. } => Decision::UsePower {
                figure: left.first().copied().unwrap_or(c.user),
                unit: c.unit,
                power: c.power,
            },
        },
    }
}

/// The answers of `seat`.
pub(crate) fn answers(state: &State, c: &Choosing, seat: Seat) -> Vec<Action> {
    if seat != c.seat {
        return Vec::new();
    }
    match &c.question {
        Question::Heal { most, .. } => (0..=*most).map(|n| Action::Choose { n }).collect(),
        Question::Pick { .. } => {
            let mut out: Vec<Action> = others(state, c)
                .into_iter()
                .map(|target| Action::UsePower {
                    figure: c.user,
                    power: c.power,
                    target: Some(target),
                })
                .collect();
            out.push(Action::DeclinePower);
            out
        }
        Question::EachFigure { left, .. } => {
            let Some(&chooser) = left.first() else {
                return Vec::new();
            };
            let mut out: Vec<Action> = each_choices(state, c, chooser)
                .into_iter()
                .map(|target| Action::UsePower {
                    figure: chooser,
                    power: c.power,
                    target: Some(target),
                })
                .collect();
            out.push(Action::DeclinePower);
            out
        }
        Question::Option => {
            let n = options_of(state, c.unit, c.power).len();
            let mut out: Vec<Action> = (0..n)
                .filter_map(|i| u16::try_from(i).ok())
                .map(|n| Action::Choose { n })
                .collect();
            out.push(Action::DeclinePower);
            out
        }
    }
}

/// Answers the frame.
pub(crate) fn resolve(
    state: &mut State,
    c: &Choosing,
    seat: Seat,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    if !answers(state, c, seat).contains(answer) {
        return Err(Rejection::illegal(match c.question {
            Question::Heal { .. } => "choose how many wound markers to remove, within the power's",
            Question::Pick { .. } => {
                "choose another figure the power may choose, not chosen yet, or no more"
            }
            Question::Option => "choose one of the power's options, or do not use it",
            Question::EachFigure { .. } => {
                "choose a figure this figure may choose with the power, or none"
            }
        }));
    }
    state.frames.as_mut().pop();
    match (&c.question, answer) {
        (Question::Heal { figure, .. }, &Action::Choose { n }) => {
            if let Some(unit) = state.figure(*figure).map(|f| f.unit) {
                remove(state, unit, n);
            }
            events.push(Event::PowerUsed {
                figure: c.user,
                unit: c.unit,
                power: c.power,
                target: Some(*figure),
                outcome: Outcome::HealTarget(n),
            });
        }
        (Question::Pick { chosen, most }, answer) => {
            let mut chosen = chosen.clone();
            if let Action::UsePower {
                target: Some(t), ..
            } = *answer
            {
                chosen.push(t);
                let next = Choosing {
                    question: Question::Pick {
                        chosen: chosen.clone(),
                        most: *most,
                    },
                    ..c.clone()
                };
                if !others(state, &next).is_empty() {
                    state.frames.as_mut().push(HsFrame::Choose(next));
                    return Ok(());
                }
            }
            roll_each(state, dice, c, &chosen, events);
        }
        (Question::EachFigure { left, picks }, answer) => {
            let mut left = left.clone();
            let mut picks = picks.clone();
            if !left.is_empty() {
                let chooser = left.remove(0);
                match *answer {
                    Action::UsePower {
                        target: Some(t), ..
                    } => picks.push((chooser, t)),
                    _ => events.push(Event::PowerDeclined {
                        figure: chooser,
                        unit: c.unit,
                        power: c.power,
                    }),
                }
            }
            let next = Choosing {
                question: Question::EachFigure {
                    left,
                    picks: picks.clone(),
                },
                ..c.clone()
            };
            if let Some(next) = next_chooser(state, next) {
                state.frames.as_mut().push(HsFrame::Choose(next));
                return Ok(());
            }
            roll_picks(state, dice, c, &picks, events);
        }
        (Question::Option, &Action::Choose { n }) => {
            let option = options_of(state, c.unit, c.power)
                .get(usize::from(n))
                .copied();
            if let (Some(k), Some(o), Ok(i)) = (triggered::turn_key(state), option, u8::try_from(n))
            {
                let options = &mut state.powers.choose.options;
                options.retain(|(key, ..)| *key == k);
                options.push((k, c.unit, c.power, i));
                events.push(Event::RangeForAttacks {
                    figure: c.user,
                    unit: c.unit,
                    power: c.power,
                    range: o.range,
                    attacks: o.attacks,
                });
            }
        }
        _ => events.push(Event::PowerDeclined {
            figure: c.user,
            unit: c.unit,
            power: c.power,
        }),
    }
    go_on(state, dice, &c.then, events);
    Ok(())
}

/// The option `n` of the power asked now, for people: its range and attacks.
pub fn option_asked(state: &State, n: u16) -> Option<RangeOption> {
    let Some(HsFrame::Choose(c)) = state.frames.top() else {
        return None;
    };
    options_of(state, c.unit, c.power)
        .get(usize::from(n))
        .copied()
}

/// The figure whose wound markers the question asked now removes.
pub fn heal_asked(state: &State) -> Option<u32> {
    match state.frames.top() {
        Some(HsFrame::Choose(Choosing {
            question: Question::Heal { figure, .. },
            ..
        })) => Some(*figure),
        _ => None,
    }
}

/// Whether the question asked now is for other figures to choose.
pub fn picking(state: &State) -> bool {
    matches!(
        state.frames.top(),
        Some(HsFrame::Choose(Choosing {
            question: Question::Pick { .. },
            ..
        }))
    )
}

/// The greedy bot's worth of answering `n`: wound markers off a friend's card (none off an
/// enemy's), or the option with the most attacks (declining is worth 0.2).
pub fn bot_score(state: &State, seat: Seat, n: u16) -> f64 {
    if let Some(figure) = heal_asked(state) {
        let friend = state
            .figure(figure)
            .is_some_and(|f| state.allies(f.owner, seat));
        return if friend { f64::from(n) } else { -f64::from(n) };
    }
    option_asked(state, n).map_or(0.0, |o| 0.3 + f64::from(o.attacks) * 0.1)
}
