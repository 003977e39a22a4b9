//! Triggered powers (*Pouvoirs spéciaux* used at a given moment): [`crate::power::Triggered`]
//! at play, with the cards that start off the battlefield.
//!
//! A power that says *you may* is a decision of its player, asked through the engine's frame
//! stack ([`Offer`]) — in the middle of another player's attack when the attack triggers it
//! (*Quickdraw*) — or offered among the turn's actions when it replaces or precedes an attack
//! (*Chomp*, *Water Clone*). A power its card makes happen on its own (*Stealth Dodge*, a roll
//! to ignore wounds; *Berserker Charge*'s roll after attacking; a heal after the turn) acts at
//! once. Every 20-sided die goes through the game's dice and shows in a
//! [`Event::PowerRolled`]: the die, Lodin's +1 ([`glyphs::d20_bonus`]), the distance added by
//! *Concealment*, the threshold.
//!
//! Powers of several players that trigger at the same moment (the round's start) are used in
//! the order of a d20 roll-off, the highest first (*Activer des Pouvoirs en simultané*).
//!
//! | Trigger | Where it is asked |
//! |---|---|
//! | `after_move_before_attack` | when the moves end ([`after_moves`], a frame to the active player) |
//! | `before_attacking`, `instead_of_attacking` | actions of the attack step ([`turn_actions`]) |
//! | `targeted_from_afar` | when an attack is declared ([`targeted`], a frame to the defender) |
//! | `would_be_wounded`, `would_be_wounded_from_afar` | before an attack's wounds ([`before_wounds`]) |
//! | `after_attacking` | after each attack ([`after_attack`]) |
//! | `opponent_engages` | after an enemy's move ([`after_move`]) |
//! | `after_turn` | when the turn ends ([`after_turn`]) |
//! | `start_of_round` | before the order markers ([`start_of_round`], [`Deploy`] frames) |
//!
//! `destroyed` and `destroys_figure` have no card of the shared data yet and do not act.

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_dice::Dice;
use skirmish_engine::frames::Ask;
use skirmish_engine::{Rejection, Seat};

use crate::battlefield::Level;
use crate::card::Card;
use crate::power::{Effect, Outcome, Roll, Target, Trigger, Triggered};

use super::super::frames::HsFrame;
use super::super::state::{Figure, Phase, Stage, State, Turn};
use super::super::{combat, geometry, glyphs, play, Action, Decision, Event, RollFor};
use super::matches;

/// What the powers remember between actions.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Memory {
    /// Powers used (or offered) in the turn under way: the turn's key, the unit, the power.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub used: Vec<(TurnKey, u16, u8)>,
    /// Extra turns taken (*another turn*, bonded turns): each is a new turn for the powers.
    #[serde(default)]
    pub extra_turns: u32,
    /// A bonded turn under way ([`super::bonding`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonded: Option<super::bonding::Bonded>,
    /// Turns (round, index) before which *Battle Ready* was offered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub battle_ready_asked: Vec<(u32, usize)>,
}

/// Which turn a power was used in: the round, the turn's index in the round, the extra turns
/// taken so far.
pub type TurnKey = (u32, usize, u32);

/// A power its player may use now: asked through the frame stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    /// Who answers.
    pub seat: Seat,
    /// The figure bearing it.
    pub figure: u32,
    /// Its unit.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
    /// What goes on once it is answered.
    pub then: Then,
}

/// What the game does once an [`Offer`] is answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "then")]
pub enum Then {
    /// The turn goes on.
    Turn,
    /// The attack declared goes on, unless the power ended it.
    Attack {
        /// The attacker.
        attacker: u32,
        /// The figure attacked.
        target: u32,
    },
    /// The turn of `seat` ends, unless the power gave another.
    EndTurn {
        /// Whose turn.
        seat: Seat,
    },
    /// The next turn starts (*Battle Ready* was asked before its marker was revealed).
    NextTurn,
}

/// Figures of a card placed one after the other: those that start off the battlefield (*The
/// Drop*), or destroyed figures coming back next to the figures that rolled (*Water Clone*).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deploy {
    /// Who places them.
    pub seat: Seat,
    /// The unit.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
    /// For *Water Clone*: the figures whose roll succeeded, one destroyed figure to place next
    /// to each, in order (empty for figures starting off the battlefield).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub beside: Vec<u32>,
}

/// A card's triggered powers with their place among its powers.
pub fn triggered(card: &Card) -> impl Iterator<Item = (u8, &Triggered)> {
    card.powers.iter().enumerate().filter_map(|(i, p)| {
        let t = p.effects.as_deref()?.iter().find_map(|e| match e {
            Effect::Triggered(t) => Some(t),
            _ => None,
        })?;
        Some((u8::try_from(i).ok()?, t))
    })
}

/// A unit's power at `power`, if it is a triggered one.
fn power_of(state: &State, unit: u16, power: u8) -> Option<&Triggered> {
    let card = &state.unit(unit)?.card;
    triggered(card).find(|(i, _)| *i == power).map(|(_, t)| t)
}

/// Whether a figure's card keeps it off the battlefield at the start of the game.
pub fn starts_off(state: &State, f: &Figure) -> bool {
    super::effects_of(state, f).any(|e| matches!(e, Effect::StartsOffBattlefield))
}

/// The key of the turn under way.
fn turn_key(state: &State) -> Option<TurnKey> {
    match &state.phase {
        Phase::Turns {
            next,
            turn: Some(_),
            ..
        } => Some((state.round, *next, state.powers.extra_turns)),
        _ => None,
    }
}

fn used(state: &State, unit: u16, power: u8) -> bool {
    turn_key(state).is_some_and(|k| state.powers.used.contains(&(k, unit, power)))
}

fn mark_used(state: &mut State, unit: u16, power: u8) {
    let Some(k) = turn_key(state) else {
        return;
    };
    state.powers.used.retain(|(key, _, _)| *key == k);
    state.powers.used.push((k, unit, power));
}

/// Whether two figures on the battlefield are adjacent (*adjacent*: touching hexes, with the
/// height exceptions of engagement).
pub fn adjacent(state: &State, a: &Figure, b: &Figure) -> bool {
    let (Some(pa), Some(pb)) = (geometry::placement(a), geometry::placement(b)) else {
        return false;
    };
    crate::engagement::contact(
        &geometry::grid(state),
        &geometry::body(state, a),
        &pa,
        &geometry::body(state, b),
        &pb,
    )
    .adjacent()
}

/// The figures a power's target may be, for `user` of `seat`.
fn candidates(state: &State, seat: Seat, user: &Figure, target: &Target) -> Vec<u32> {
    state
        .figures
        .iter()
        .filter(|t| t.on_field() && t.id != user.id)
        .filter(|t| !target.opponents_only || !state.allies(t.owner, seat))
        .filter(|t| !target.controlled_only || t.owner == seat)
        .filter(|t| matches(state.card_of(t), &target.filter))
        .filter(|t| {
            if target.adjacent {
                adjacent(state, user, t)
            } else if let Some(n) = target.within {
                geometry::range(state, user, t).is_some_and(|r| r <= u32::from(n))
                    && geometry::can_see(state, user, t)
            } else {
                true
            }
        })
        .map(|t| t.id)
        .collect()
}

/// The targets worth choosing for a power (control of one's own card is nothing to take).
fn useful_targets(state: &State, seat: Seat, user: &Figure, t: &Triggered) -> Vec<u32> {
    let Some(target) = &t.target else {
        return Vec::new();
    };
    let mut out = candidates(state, seat, user, target);
    if t.outcomes.contains(&Outcome::TakeControl) {
        out.retain(|id| state.figure(*id).is_some_and(|f| f.owner != seat));
    }
    out
}

/// The ground a figure stands on, as the card language names it (`water`, `lava_field`...).
fn ground_of(state: &State, f: &Figure) -> Option<String> {
    let hex = f.hex?;
    let footing = state
        .field
        .column(hex)?
        .footings()
        .find(|x| x.level == f.level)?;
    serde_json::to_value(footing.ground)
        .ok()?
        .as_str()
        .map(str::to_owned)
}

/// The threshold of a roll for the figure rolling (*a Marro Warrior on a water space needs
/// 10*).
fn threshold(state: &State, roll: &Roll, roller: &Figure) -> u8 {
    match &roll.on_ground {
        Some((ground, n)) if ground_of(state, roller).as_deref() == Some(ground.as_str()) => *n,
        _ => roll.at_least,
    }
}

/// Rolls a power's d20 for `roller` (its army's glyphs added, and `distance` for
/// *Concealment*); true on success.
fn roll_d20(
    state: &State,
    dice: &mut Dice,
    roller: u32,
    power: u8,
    roll: &Roll,
    distance: u16,
    events: &mut Vec<Event>,
) -> bool {
    let Some(f) = state.figure(roller) else {
        return false;
    };
    let bonus = glyphs::d20_bonus(state, f.owner) + roll_bonus(state, f.owner, f.unit, power);
    let needed = threshold(state, roll, f);
    let die = dice.d20();
    let success = u16::from(die) + bonus + distance >= u16::from(needed);
    events.push(Event::PowerRolled {
        figure: roller,
        unit: f.unit,
        power,
        die,
        bonus,
        distance,
        needed,
        success,
    });
    success
}

/// What the player's standing cards add to a 20-sided die rolled for power `power` of `unit`
/// (*Frenzy Enhancement*: +1 to every roll for Frenzy; *Hive Supremacy*: +1 to every roll for
/// a Marro or Wulsinu card), besides the glyphs.
pub fn roll_bonus(state: &State, seat: skirmish_engine::Seat, unit: u16, power: u8) -> u16 {
    let Some(rolling) = state.unit(unit) else {
        return 0;
    };
    let name = rolling
        .card
        .powers
        .get(usize::from(power))
        .map(|p| p.name.to_lowercase())
        .unwrap_or_default();
    let total: i32 = state
        .units
        .iter()
        .filter(|u| u.owner == seat && state.unit_standing(u.id))
        .flat_map(|u| super::effects(&u.card))
        .map(|e| match e {
            Effect::RollBonus {
                by, power: Some(p), ..
            } if name.starts_with(&p.to_lowercase()) => i32::from(*by),
            Effect::RollBonus {
                by,
                power: None,
                cards,
            } if matches(&rolling.card, cards) => i32::from(*by),
            _ => 0,
        })
        .sum();
    u16::try_from(total.max(0)).unwrap_or(0)
}

/// Whether a power succeeds: no roll, a chosen figure its roll spares (*if the chosen figure
/// is a squad figure, destroy it*), or a roll made.
fn succeeds(
    state: &State,
    dice: &mut Dice,
    roller: u32,
    power: u8,
    t: &Triggered,
    target: Option<u32>,
    events: &mut Vec<Event>,
) -> bool {
    let Some(roll) = &t.roll else {
        return true;
    };
    if let (Some(filter), Some(chosen)) = (&roll.only_if, target.and_then(|id| state.figure(id))) {
        if !matches(state.card_of(chosen), filter) {
            return true;
        }
    }
    roll_d20(state, dice, roller, power, roll, 0, events)
}

/// Every figure of a unit on the battlefield.
fn on_field(state: &State, unit: u16) -> Vec<u32> {
    state
        .figures
        .iter()
        .filter(|f| f.unit == unit && f.on_field())
        .map(|f| f.id)
        .collect()
}

fn turn_mut(state: &mut State) -> Option<&mut Turn> {
    match &mut state.phase {
        Phase::Turns { turn, .. } => turn.as_mut(),
        _ => None,
    }
}

// --- The frames -------------------------------------------------------------------------------

/// What a power frame asks.
pub(crate) fn asks(frame: &HsFrame, state: &State) -> Ask<Decision> {
    match frame {
        HsFrame::Power(o) => Ask {
            seats: vec![o.seat],
            decision: Decision::UsePower {
                figure: o.figure,
                unit: o.unit,
                power: o.power,
            },
        },
        HsFrame::Deploy(d) => match to_place(state, d) {
            Some(figure) => Ask {
                seats: vec![d.seat],
                decision: Decision::Deploy {
                    figure,
                    unit: d.unit,
                    power: d.power,
                },
            },
            None => Ask {
                seats: Vec::new(),
                decision: Decision::PlaceMarkers { round: state.round },
            },
        },
        HsFrame::Markers { .. } | HsFrame::Spirit { .. } => Ask {
            seats: Vec::new(),
            decision: Decision::PlaceMarkers { round: state.round },
        },
    }
}

/// The answers to a power frame.
pub(crate) fn answers(frame: &HsFrame, state: &State, seat: Seat) -> Vec<Action> {
    match frame {
        HsFrame::Power(o) if o.seat == seat => {
            let mut out = uses(state, o);
            out.push(Action::DeclinePower);
            out
        }
        HsFrame::Deploy(d) if d.seat == seat && !d.beside.is_empty() => {
            let Some(figure) = to_place(state, d) else {
                return Vec::new();
            };
            clone_spaces(state, d.beside[0])
                .into_iter()
                .map(|(hex, _)| Action::Place {
                    figure,
                    hex,
                    tail: None,
                })
                .collect()
        }
        HsFrame::Deploy(d) if d.seat == seat => {
            let Some(f) = next_to_deploy(state, d.unit).and_then(|id| state.figure(id)) else {
                return Vec::new();
            };
            let mut out: Vec<Action> = deploy_spaces(state, f)
                .into_iter()
                .map(|(hex, tail, _)| Action::Place {
                    figure: f.id,
                    hex,
                    tail,
                })
                .collect();
            out.push(Action::DeclinePower);
            out
        }
        _ => Vec::new(),
    }
}

/// The ways to use an offered power: with each figure that may choose, each figure it may
/// choose.
fn uses(state: &State, o: &Offer) -> Vec<Action> {
    if super::bonding::is_turn_power(state, o.unit, o.power) {
        return super::bonding::uses(state, o);
    }
    let Some(t) = power_of(state, o.unit, o.power) else {
        return Vec::new();
    };
    if t.target.is_none() {
        return vec![Action::UsePower {
            figure: o.figure,
            power: o.power,
            target: None,
        }];
    }
    let users: Vec<u32> = match o.then {
        // Each figure of the active card may be the one choosing.
        Then::Turn => on_field(state, o.unit),
        _ => vec![o.figure],
    };
    let mut out = Vec::new();
    for u in users {
        let Some(user) = state.figure(u) else {
            continue;
        };
        for target in useful_targets(state, o.seat, user, t) {
            out.push(Action::UsePower {
                figure: u,
                power: o.power,
                target: Some(target),
            });
        }
    }
    out
}

/// Answers a power frame.
pub(crate) fn resolve(
    state: &mut State,
    asked: HsFrame,
    seat: Seat,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    if !answers(&asked, state, seat).contains(answer) {
        return Err(Rejection::illegal(match &asked {
            HsFrame::Deploy(_) => {
                "place the figure on an empty space, not adjacent to another figure and not on a \
                 glyph, or place no more"
            }
            _ => "use the power (with a figure it may choose) or decline it",
        }));
    }
    match asked {
        HsFrame::Power(offer) => {
            state.frames.as_mut().pop();
            answer_offer(state, &offer, answer, dice, events);
        }
        HsFrame::Deploy(mut d) if !d.beside.is_empty() => {
            let &Action::Place { figure, hex, .. } = answer else {
                return Ok(());
            };
            let roller = d.beside.remove(0);
            let level = state.figure(roller).map_or(0, |r| r.level);
            if let Some(f) = state.figure_mut(figure) {
                f.destroyed = false;
                f.wounds = 0;
                f.hex = Some(hex);
                f.tail = None;
                f.level = level;
            }
            events.push(Event::PowerUsed {
                figure: roller,
                unit: d.unit,
                power: d.power,
                target: Some(figure),
                outcome: Outcome::ReturnDestroyedAdjacent,
            });
            events.push(Event::Placed { figure, hex, level });
            if clone_ready(state, &mut d) {
                if let Some(top) = state.frames.as_mut().top_mut() {
                    *top = HsFrame::Deploy(d);
                }
                return Ok(());
            }
            state.frames.as_mut().pop();
            play::settle(state, dice, events);
        }
        HsFrame::Deploy(d) => {
            match *answer {
                Action::Place { figure, hex, tail } => {
                    let level = land_level(state, hex).unwrap_or(0);
                    if let Some(f) = state.figure_mut(figure) {
                        f.hex = Some(hex);
                        f.tail = tail;
                        f.level = level;
                    }
                    events.push(Event::Placed { figure, hex, level });
                    if next_to_deploy(state, d.unit)
                        .and_then(|id| state.figure(id))
                        .is_some_and(|f| !deploy_spaces(state, f).is_empty())
                    {
                        return Ok(());
                    }
                }
                _ => {
                    let figure = next_to_deploy(state, d.unit).unwrap_or(0);
                    events.push(Event::PowerDeclined {
                        figure,
                        unit: d.unit,
                        power: d.power,
                    });
                }
            }
            state.frames.as_mut().pop();
            skirmish_engine::frames::resume::<HsFrame>(state);
        }
        HsFrame::Markers { .. } | HsFrame::Spirit { .. } => {}
    }
    Ok(())
}

/// Uses (or not) an offered power, then goes on with what it interrupted.
fn answer_offer(
    state: &mut State,
    o: &Offer,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let mut cut = false;
    let mut again = false;
    match *answer {
        Action::UsePower { target, .. }
            if super::bonding::is_turn_power(state, o.unit, o.power) =>
        {
            super::bonding::use_power(state, o, target, events);
        }
        Action::UsePower { figure, target, .. } => {
            if let Some(t) = power_of(state, o.unit, o.power).cloned() {
                if succeeds(state, dice, figure, o.power, &t, target, events) {
                    for outcome in &t.outcomes {
                        match outcome {
                            Outcome::EndAttack => cut = true,
                            Outcome::AnotherTurn => again = true,
                            _ => {}
                        }
                        apply(state, figure, o.power, target, outcome, o, events);
                    }
                }
            }
        }
        _ => events.push(Event::PowerDeclined {
            figure: o.figure,
            unit: o.unit,
            power: o.power,
        }),
    }
    match o.then {
        Then::Turn => play::settle(state, dice, events),
        Then::Attack { attacker, target } => {
            let standing = |s: &State, id| s.figure(id).is_some_and(Figure::on_field);
            if !cut && standing(state, attacker) && standing(state, target) {
                combat::attack(state, attacker, target, dice, events);
                after_attack(state, attacker, dice, events);
            }
            play::settle(state, dice, events);
        }
        Then::EndTurn { seat } => {
            if again && !on_field(state, o.unit).is_empty() {
                state.powers.extra_turns += 1;
                if let Some(turn) = turn_mut(state) {
                    turn.stage = Stage::Move;
                    turn.moved.clear();
                    turn.attacked.clear();
                }
                play::settle(state, dice, events);
            } else {
                play::end_turn(state, seat, dice, events);
            }
        }
        Then::NextTurn => play::next_turn(state, dice, events),
    }
}

/// One outcome of a power that succeeded.
fn apply(
    state: &mut State,
    user: u32,
    power: u8,
    target: Option<u32>,
    outcome: &Outcome,
    o: &Offer,
    events: &mut Vec<Event>,
) {
    let Some(unit) = state.figure(user).map(|f| f.unit) else {
        return;
    };
    let reached = match (outcome, o.then.clone()) {
        (Outcome::WoundAttacker(_) | Outcome::EndAttack, Then::Attack { attacker, .. }) => {
            Some(attacker)
        }
        _ => target,
    };
    events.push(Event::PowerUsed {
        figure: user,
        unit,
        power,
        target: reached,
        outcome: outcome.clone(),
    });
    match *outcome {
        Outcome::WoundAttacker(n) | Outcome::WoundTarget(n) => {
            if let Some(id) = reached {
                combat::wound(state, id, n, events);
            }
        }
        Outcome::DestroyTarget => {
            if let Some(id) = reached {
                combat::destroy(state, id, events);
            }
        }
        Outcome::TakeControl => {
            if let Some(id) = reached {
                take_control(state, user, id, events);
            }
        }
        Outcome::MoveAgain => {
            if let Some(turn) = turn_mut(state) {
                turn.stage = Stage::Move;
                turn.moved.clear();
            }
        }
        Outcome::Heal(n) => heal(state, unit, n),
        Outcome::HealTarget(n) => {
            if let Some(u) = reached.and_then(|id| state.figure(id)).map(|f| f.unit) {
                heal(state, u, n);
            }
        }
        // Handled where they trigger: the attack's end, the extra turn, another attack,
        // wounds ignored, figures placed.
        Outcome::EndAttack
        | Outcome::AnotherTurn
        | Outcome::AttackAgain
        | Outcome::IgnoreWounds
        | Outcome::ReturnDestroyedAdjacent
        | Outcome::DeployApart => {}
    }
}

/// Removes up to `n` wound markers from a unit's figures.
fn heal(state: &mut State, unit: u16, n: u16) {
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

/// *Mind Shackle*: the user's player controls the chosen figure's card and all its figures
/// from now on, even if the user is destroyed later; the order markers on that card are
/// removed.
fn take_control(state: &mut State, user: u32, chosen: u32, events: &mut Vec<Event>) {
    let (Some(to), Some(unit)) = (
        state.figure(user).map(|f| f.owner),
        state.figure(chosen).map(|f| f.unit),
    ) else {
        return;
    };
    let from = state.units[usize::from(unit)].owner;
    if from == to {
        return;
    }
    state.units[usize::from(unit)].owner = to;
    for f in state.figures.iter_mut().filter(|f| f.unit == unit) {
        f.owner = to;
    }
    let markers = &mut state.players[from.index()].markers;
    for i in 0..4 {
        if markers.on[i] == Some(unit) {
            markers.on[i] = None;
            markers.revealed[i] = false;
            markers.lost[i] = false;
        }
    }
    events.push(Event::ControlTaken { unit, from, to });
}

// --- Hooks of the turn ------------------------------------------------------------------------

/// Once the moves are over: offers the active card's *after moving and before attacking*
/// powers, one at a time; true while a question is pending.
pub fn after_moves(state: &mut State) -> bool {
    if state.frames.top().is_some() {
        return true;
    }
    let Some(turn) = state.turn().cloned() else {
        return false;
    };
    let Some(first) = on_field(state, turn.unit).first().copied() else {
        return false;
    };
    let card = state.units[usize::from(turn.unit)].card.clone();
    for (power, t) in triggered(&card) {
        if t.trigger != Trigger::AfterMoveBeforeAttack || used(state, turn.unit, power) {
            continue;
        }
        mark_used(state, turn.unit, power);
        let offer = Offer {
            seat: turn.seat,
            figure: first,
            unit: turn.unit,
            power,
            then: Then::Turn,
        };
        if t.target.is_some() && uses(state, &offer).is_empty() {
            continue;
        }
        state.frames.as_mut().push(HsFrame::Power(offer));
        return true;
    }
    false
}

/// The powers the active card may use in its attack step: *before attacking* with a figure
/// that has not attacked, *instead of attacking* while none has.
pub fn turn_actions(state: &State, turn: &Turn) -> Vec<Action> {
    if turn.stage != Stage::Attack {
        return Vec::new();
    }
    let figures = on_field(state, turn.unit);
    let Some(&first) = figures.first() else {
        return Vec::new();
    };
    let card = &state.units[usize::from(turn.unit)].card;
    let mut out = Vec::new();
    for (power, t) in triggered(card) {
        if used(state, turn.unit, power) {
            continue;
        }
        match t.trigger {
            Trigger::BeforeAttacking => {
                for &id in figures.iter().filter(|id| !turn.attacked.contains(id)) {
                    let Some(user) = state.figure(id) else {
                        continue;
                    };
                    for target in useful_targets(state, turn.seat, user, t) {
                        out.push(Action::UsePower {
                            figure: id,
                            power,
                            target: Some(target),
                        });
                    }
                }
            }
            Trigger::InsteadOfAttacking
                if turn.attacked.is_empty() && can_return(state, turn.unit, t) =>
            {
                out.push(Action::UsePower {
                    figure: first,
                    power,
                    target: None,
                });
            }
            _ => {}
        }
    }
    out
}

/// Whether an *instead of attacking* power has something to do: a destroyed figure to bring
/// back.
fn can_return(state: &State, unit: u16, t: &Triggered) -> bool {
    !t.outcomes.contains(&Outcome::ReturnDestroyedAdjacent)
        || state
            .figures
            .iter()
            .any(|f| f.unit == unit && f.destroyed && f.hex.is_some())
}

/// Uses a power of the active card in its attack step ([`turn_actions`]).
pub fn use_in_turn(
    state: &mut State,
    seat: Seat,
    action: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    let (
        Some(turn),
        &Action::UsePower {
            figure,
            power,
            target,
        },
    ) = (state.turn().cloned(), action)
    else {
        return Err(Rejection::illegal("no special power is asked now"));
    };
    if turn.seat != seat || !turn_actions(state, &turn).contains(action) {
        return Err(Rejection::illegal(
            "that power cannot be used now: before attacking with a figure that has not \
             attacked, or instead of attacking while none has",
        ));
    }
    let Some(t) = power_of(state, turn.unit, power).cloned() else {
        return Err(Rejection::illegal("that power is not on the card"));
    };
    mark_used(state, turn.unit, power);
    let offer = Offer {
        seat,
        figure,
        unit: turn.unit,
        power,
        then: Then::Turn,
    };
    if t.trigger == Trigger::InsteadOfAttacking {
        let rollers = on_field(state, turn.unit);
        if let Some(turn) = turn_mut(state) {
            turn.attacked.extend(rollers.iter().copied());
        }
        // One at a time, each figure in play rolls (*Water Clone*); each success then brings a
        // destroyed figure back next to its roller, on a space its player chooses.
        let each = t.roll.as_ref().is_some_and(|r| r.each_figure);
        let mut beside = Vec::new();
        for roller in if each { rollers } else { vec![figure] } {
            if succeeds(state, dice, roller, power, &t, None, events) {
                for outcome in &t.outcomes {
                    if *outcome == Outcome::ReturnDestroyedAdjacent {
                        beside.push(roller);
                    } else {
                        apply(state, roller, power, None, outcome, &offer, events);
                    }
                }
            }
        }
        let mut placing = Deploy {
            seat,
            unit: turn.unit,
            power,
            beside,
        };
        if clone_ready(state, &mut placing) {
            state.frames.as_mut().push(HsFrame::Deploy(placing));
        }
        return Ok(());
    }
    if succeeds(state, dice, figure, power, &t, target, events) {
        for outcome in &t.outcomes {
            apply(state, figure, power, target, outcome, &offer, events);
        }
    }
    Ok(())
}

/// The level of the top land of a hex.
fn land_level(state: &State, hex: Hex) -> Option<Level> {
    Some(state.field.column(hex)?.top_footing()?.level)
}

/// A destroyed figure of a unit that may come back (*Water Clone*; figures never placed for
/// want of room never stood on the battlefield).
fn returnable(state: &State, unit: u16) -> Option<u32> {
    state
        .figures
        .iter()
        .find(|f| f.unit == unit && f.destroyed && f.hex.is_some())
        .map(|f| f.id)
}

/// *Water Clone*: the empty spaces at the roller's level adjacent to it.
pub fn clone_spaces(state: &State, roller: u32) -> Vec<(Hex, Level)> {
    let Some(r) = state.figure(roller).filter(|f| f.on_field()) else {
        return Vec::new();
    };
    let height = state.card_of(r).height.max(1);
    let mut out: Vec<(Hex, Level)> = Vec::new();
    for h in r.hexes().flat_map(|h| h.neighbours()) {
        let free = state.figure_at(h).is_none()
            && glyphs::glyph_at(state, h).is_none()
            && state.field.column(h).is_some_and(|c| {
                c.footings()
                    .any(|x| x.level == r.level && x.headroom.is_none_or(|room| room >= height))
            });
        if free && !out.iter().any(|(o, _)| *o == h) {
            out.push((h, r.level));
        }
    }
    out
}

/// Drops the rollers of a *Water Clone* frame that can bring nobody back; true when one is
/// left.
fn clone_ready(state: &State, d: &mut Deploy) -> bool {
    if returnable(state, d.unit).is_none() {
        d.beside.clear();
    }
    while d
        .beside
        .first()
        .is_some_and(|&r| clone_spaces(state, r).is_empty())
    {
        d.beside.remove(0);
    }
    !d.beside.is_empty()
}

/// An attack is declared: the target's *Quickdraw* is offered to its player first; true when
/// the attack waits for the answer.
pub fn targeted(state: &mut State, attacker: u32, target: u32) -> bool {
    let (Some(a), Some(t)) = (
        state.figure(attacker).cloned(),
        state.figure(target).cloned(),
    ) else {
        return false;
    };
    let card = state.units[usize::from(t.unit)].card.clone();
    for (power, p) in triggered(&card) {
        let Trigger::TargetedFromAfar(n) = p.trigger else {
            continue;
        };
        let within = geometry::range(state, &t, &a).is_some_and(|r| r <= u32::from(n));
        if adjacent(state, &a, &t) || !within || !geometry::can_see(state, &t, &a) {
            continue;
        }
        state.frames.as_mut().push(HsFrame::Power(Offer {
            seat: t.owner,
            figure: target,
            unit: t.unit,
            power,
            then: Then::Attack { attacker, target },
        }));
        return true;
    }
    false
}

/// An attack's wounds are about to be put on the target: its powers may roll to ignore them
/// (*Stealth Dodge*; *Concealment* from a figure not adjacent, adding the spaces between
/// them, only for the figure the attack `targeted`: a figure a special attack affects without
/// choosing it is not targeted). Returns the wounds left.
pub fn before_wounds(
    state: &mut State,
    attacker: u32,
    target: u32,
    targeted: bool,
    wounds: u16,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> u16 {
    if wounds == 0 {
        return 0;
    }
    let (Some(a), Some(t)) = (
        state.figure(attacker).cloned(),
        state.figure(target).cloned(),
    ) else {
        return wounds;
    };
    let card = state.units[usize::from(t.unit)].card.clone();
    for (power, p) in triggered(&card) {
        if !p.outcomes.contains(&Outcome::IgnoreWounds) {
            continue;
        }
        let Some(roll) = &p.roll else { continue };
        let distance = match p.trigger {
            Trigger::WouldBeWounded => 0,
            Trigger::WouldBeWoundedFromAfar if targeted && !adjacent(state, &a, &t) => {
                if roll.add_distance {
                    geometry::range(state, &a, &t)
                        .and_then(|r| u16::try_from(r).ok())
                        .unwrap_or(0)
                } else {
                    0
                }
            }
            _ => continue,
        };
        if roll_d20(state, dice, target, power, roll, distance, events) {
            events.push(Event::PowerUsed {
                figure: target,
                unit: t.unit,
                power,
                target: None,
                outcome: Outcome::IgnoreWounds,
            });
            return 0;
        }
    }
    wounds
}

/// After a figure's attack: *after attacking, roll... you may attack again*.
pub fn after_attack(state: &mut State, attacker: u32, dice: &mut Dice, events: &mut Vec<Event>) {
    let Some(a) = state.figure(attacker).cloned().filter(Figure::on_field) else {
        return;
    };
    if state.turn().is_none_or(|t| t.unit != a.unit) {
        return;
    }
    let card = state.units[usize::from(a.unit)].card.clone();
    for (power, p) in triggered(&card) {
        if p.trigger != Trigger::AfterAttacking || !p.outcomes.contains(&Outcome::AttackAgain) {
            continue;
        }
        let ok = match &p.roll {
            Some(roll) => roll_d20(state, dice, attacker, power, roll, 0, events),
            None => true,
        };
        if ok {
            events.push(Event::PowerUsed {
                figure: attacker,
                unit: a.unit,
                power,
                target: None,
                outcome: Outcome::AttackAgain,
            });
            if let Some(turn) = turn_mut(state) {
                turn.attacked.retain(|id| *id != attacker);
            }
            return;
        }
    }
}

/// After a figure's move: enemies it moved into engagement with roll their *opponent
/// engages* powers against it (*Sword of Reckoning*-like counters).
pub fn after_move(
    state: &mut State,
    mover: u32,
    engaged_before: &[u32],
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let Some(m) = state.figure(mover).cloned().filter(Figure::on_field) else {
        return;
    };
    let newly: Vec<u32> = geometry::engaged_with(state, &m)
        .into_iter()
        .filter(|id| !engaged_before.contains(id))
        .collect();
    for id in newly {
        let Some(g) = state.figure(id).cloned() else {
            continue;
        };
        let card = state.units[usize::from(g.unit)].card.clone();
        for (power, p) in triggered(&card) {
            if p.trigger != Trigger::OpponentEngages {
                continue;
            }
            if let Some(target) = &p.target {
                if !matches(state.card_of(&m), &target.filter) {
                    continue;
                }
            }
            let ok = match &p.roll {
                Some(roll) => roll_d20(state, dice, id, power, roll, 0, events),
                None => true,
            };
            if !ok {
                continue;
            }
            for outcome in &p.outcomes {
                if let Outcome::WoundTarget(n) = *outcome {
                    events.push(Event::PowerUsed {
                        figure: id,
                        unit: g.unit,
                        power,
                        target: Some(mover),
                        outcome: outcome.clone(),
                    });
                    combat::wound(state, mover, n, events);
                }
            }
            if state.figure(mover).is_none_or(|f| f.destroyed) {
                return;
            }
        }
    }
}

/// The turn is ending: *after taking a turn* powers act (a heal at once; *another turn* is
/// offered); true while a question is pending.
pub fn after_turn(state: &mut State, seat: Seat, dice: &mut Dice, events: &mut Vec<Event>) -> bool {
    if state.frames.top().is_some() {
        return true;
    }
    let Some(turn) = state.turn().cloned() else {
        return false;
    };
    let Some(first) = on_field(state, turn.unit).first().copied() else {
        return false;
    };
    let card = state.units[usize::from(turn.unit)].card.clone();
    for (power, t) in triggered(&card) {
        if t.trigger != Trigger::AfterTurn || used(state, turn.unit, power) {
            continue;
        }
        mark_used(state, turn.unit, power);
        let offer = Offer {
            seat,
            figure: first,
            unit: turn.unit,
            power,
            then: Then::EndTurn { seat },
        };
        if t.roll.is_none() {
            let wounded = state.unit_alive(turn.unit).any(|f| f.wounds > 0);
            if !wounded && t.outcomes.iter().all(|o| matches!(o, Outcome::Heal(_))) {
                continue;
            }
            for outcome in &t.outcomes {
                apply(state, first, power, None, outcome, &offer, events);
            }
            continue;
        }
        state.frames.as_mut().push(HsFrame::Power(offer));
        return true;
    }
    // A bonded turn is over: the bonding card's own turn begins.
    if super::bonding::after_bonded(state) {
        play::settle(state, dice, events);
        return true;
    }
    false
}

// --- The round's start ------------------------------------------------------------------------

/// The next figure of a unit still off the battlefield.
fn next_to_deploy(state: &State, unit: u16) -> Option<u32> {
    state
        .figures
        .iter()
        .find(|f| f.unit == unit && !f.destroyed && f.hex.is_none())
        .map(|f| f.id)
}

/// The figure a placing frame asks about.
fn to_place(state: &State, d: &Deploy) -> Option<u32> {
    if d.beside.is_empty() {
        next_to_deploy(state, d.unit)
    } else {
        returnable(state, d.unit)
    }
}

/// Where a figure that starts off the battlefield may be placed: an empty space (two at one
/// level for a double-space figure), none adjacent to a figure, none on a glyph.
pub fn deploy_spaces(state: &State, f: &Figure) -> Vec<(Hex, Option<Hex>, Level)> {
    let card = state.card_of(f);
    let height = card.height.max(1);
    let taken: Vec<Hex> = state
        .figures
        .iter()
        .filter(|g| g.on_field())
        .flat_map(|g| g.hexes().collect::<Vec<_>>())
        .collect();
    let free = |h: Hex| -> Option<Level> {
        if taken.iter().any(|t| t.distance(h) <= 1) || glyphs::glyph_at(state, h).is_some() {
            return None;
        }
        let top = state.field.column(h)?.top_footing()?;
        top.headroom
            .is_none_or(|room| room >= height)
            .then_some(top.level)
    };
    let mut out = Vec::new();
    for (h, _) in state.field.columns() {
        let Some(level) = free(h) else { continue };
        if card.base >= 2 {
            for n in h.neighbours() {
                if free(n) == Some(level) {
                    out.push((h, Some(n), level));
                }
            }
        } else {
            out.push((h, None, level));
        }
    }
    out
}

/// The round's start, before the order markers: each card with figures off the battlefield
/// rolls its *start of round* power, players in the order of a d20 roll-off when several have
/// one; each success asks its player to place the figures ([`Deploy`] frames, above the
/// markers' frame).
pub fn start_of_round(state: &mut State, dice: &mut Dice, events: &mut Vec<Event>) {
    let mut ready: Vec<(Seat, u16, u8)> = Vec::new();
    for u in &state.units {
        if next_to_deploy(state, u.id).is_none() {
            continue;
        }
        for (power, t) in triggered(&u.card) {
            if t.trigger == Trigger::StartOfRound && t.outcomes.contains(&Outcome::DeployApart) {
                ready.push((u.owner, u.id, power));
            }
        }
    }
    if ready.is_empty() {
        return;
    }
    let mut seats: Vec<Seat> = Vec::new();
    for (s, _, _) in &ready {
        if !seats.contains(s) {
            seats.push(*s);
        }
    }
    if seats.len() > 1 {
        let first = play::roll_off(state, dice, &seats, RollFor::Powers, events);
        let all: Vec<Seat> = state.seats().collect();
        let at = all.iter().position(|s| *s == first).unwrap_or(0);
        let order: Vec<Seat> = all[at..].iter().chain(&all[..at]).copied().collect();
        ready.sort_by_key(|(s, _, _)| order.iter().position(|o| o == s));
    }
    let mut deploys = Vec::new();
    for (seat, unit, power) in ready {
        let Some(t) = power_of(state, unit, power).cloned() else {
            continue;
        };
        let Some(roller) = next_to_deploy(state, unit) else {
            continue;
        };
        // The figures are off the battlefield: the roll counts the army's glyphs only.
        if !t.roll.as_ref().is_none_or(|roll| {
            let bonus = glyphs::d20_bonus(state, seat) + roll_bonus(state, seat, unit, power);
            let die = dice.d20();
            let success = u16::from(die) + bonus >= u16::from(roll.at_least);
            events.push(Event::PowerRolled {
                figure: roller,
                unit,
                power,
                die,
                bonus,
                distance: 0,
                needed: roll.at_least,
                success,
            });
            success
        }) {
            continue;
        }
        if state
            .figure(roller)
            .is_some_and(|f| !deploy_spaces(state, f).is_empty())
        {
            deploys.push(Deploy {
                seat,
                unit,
                power,
                beside: Vec::new(),
            });
        }
    }
    for d in deploys.into_iter().rev() {
        state.frames.as_mut().push(HsFrame::Deploy(d));
    }
}
