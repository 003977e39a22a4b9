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
//! | `inflicts_wounds` | once an attack's wounds are on the target ([`after_wounds`]) |
//! | `opponent_engages` | after an enemy's move ([`after_move`]) |
//! | `after_turn` | when the turn ends ([`after_turn`]) |
//! | `start_of_round` | before the order markers ([`start_of_round`], [`Deploy`] frames) |
//! | `bonded_turn_starts` | when the bonded turn starts ([`bonded_turn_starts`], a frame) |
//! | `destroys_with_normal_attack` | when a normal attack destroys a figure (`values3::destroyed_with_normal_attack`, a frame to the owner) |
//!
//! `destroys_figure` is offered when a figure of the card destroys one (`d20c::destroyed_by`,
//! *Subsume Soul*); `destroyed` has no card of the shared data yet and does not act.

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

mod bonded;
mod frames;
mod round;
#[cfg(test)]
mod tests;
mod turn;
mod wounds;

pub use bonded::*;
pub(crate) use frames::*;
pub use round::*;
pub use turn::*;
pub use wounds::*;

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
    /// Defence caps won in the turn under way (*Net Trip*): the turn's key, the unit whose
    /// attacks they hold, the power.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub capped: Vec<(TurnKey, u16, u8)>,
    /// Powers attempted once per game (*Ullar's Bolt of the Witherwood*): the unit, the power.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spent: Vec<(u16, u8)>,
    /// Defence holds won on one chosen figure in the turn under way (*Whip*): the turn's key,
    /// the figure that used the power, the chosen figure, the power.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub held: Vec<(TurnKey, u32, u32, u8)>,
    /// The turns a *turns-with* power is giving in the turn under way ([`super::orders`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain: Option<super::orders::Chain>,
    /// Turns (round, index) before which a landing was offered (*Glider Landing*:
    /// [`super::setup`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub landing_asked: Vec<(u32, usize)>,
    /// Figures landed before the turn (round, index) of their card, which cannot move normally
    /// in it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub landed: Vec<(u32, usize, u32)>,
    /// What the powers reading the order markers remember ([`super::markers`]).
    #[serde(default)]
    pub markers: super::markers::MarkerMemory,
    /// Moves won by dodging an attack (*Vanish*, *Stealthy*), asked once the attack is over
    /// ([`super::vanish`]): the unit, the power, the move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vanishing: Vec<(u16, u8, super::vanish::Alone)>,
    /// What the powers over turns and control remember ([`super::command`]).
    #[serde(default)]
    pub command: super::command::CommandMemory,
    /// Figures with no visible hit zone (*Cloud of Darkness*: [`super::d20c`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hidden: Vec<super::d20c::Hidden>,
    /// What the powers acting in the middle of a move remember ([`super::midmove`]).
    #[serde(default)]
    pub midmove: super::midmove::MidMoveMemory,
    /// What the powers over turns with other cards remember ([`super::control`]).
    #[serde(default)]
    pub control: super::control::ControlMemory,
    /// What *Glide In* remembers ([`super::glide`]).
    #[serde(default)]
    pub glide: super::glide::GlideMemory,
    /// What the powers that choose how many or several things remember ([`super::choose`]).
    #[serde(default)]
    pub choose: super::choose::ChooseMemory,
    /// What the powers that throw, place or switch figures remember ([`super::throw`]).
    #[serde(default)]
    pub throw: super::throw::ThrowMemory,
    /// What the single leftover powers remember ([`super::misc`]).
    #[serde(default)]
    pub misc: super::misc::MiscMemory,
    /// What the powers answering a targeting remember ([`super::guard`]).
    #[serde(default)]
    pub guard: super::guard::GuardMemory,
    /// What the powers that look at an enemy marker remember ([`super::peek`]).
    #[serde(default)]
    pub peek: super::peek::PeekMemory,
    /// What *Lolth's Wrath* remembers ([`super::wrath`]).
    #[serde(default)]
    pub wrath: super::wrath::WrathMemory,
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
pub(in crate::game::powers) fn turn_key(state: &State) -> Option<TurnKey> {
    match &state.phase {
        Phase::Turns {
            next,
            turn: Some(_),
            ..
        } => Some((state.round, *next, state.powers.extra_turns)),
        _ => None,
    }
}

pub(in crate::game::powers) fn used(state: &State, unit: u16, power: u8) -> bool {
    turn_key(state).is_some_and(|k| state.powers.used.contains(&(k, unit, power)))
}

pub(in crate::game::powers) fn mark_used(state: &mut State, unit: u16, power: u8) {
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
pub(crate) fn candidates(state: &State, seat: Seat, user: &Figure, target: &Target) -> Vec<u32> {
    state
        .figures
        .iter()
        .filter(|t| t.on_field() && (t.id != user.id || target.with_user))
        .filter(|t| !target.opponents_only || !state.allies(t.owner, seat))
        .filter(|t| !target.controlled_only || t.owner == seat)
        .filter(|t| !target.friendly_only || state.allies(t.owner, seat))
        .filter(|t| !target.wounded || t.wounds > 0)
        .filter(|t| matches(state.card_of(t), &target.filter))
        .filter(|t| {
            !target.engaged_with_other || super::d20::engaged_with_other(state, seat, user, t)
        })
        .filter(|t| {
            if t.id == user.id {
                true
            } else if target.adjacent {
                adjacent(state, user, t)
                    || (target.passed_over && super::midmove::passed_over(state, user.id, t.id))
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
fn useful_targets(state: &State, seat: Seat, user: &Figure, power: u8, t: &Triggered) -> Vec<u32> {
    let Some(target) = &t.target else {
        return Vec::new();
    };
    let mut out = candidates(state, seat, user, target);
    super::d20c::keep_targets(state, user, power, &mut out);
    if t.trigger == Trigger::MarkerRevealedOnTarget {
        super::orders::only_revealed(state, &mut out);
    }
    if t.outcomes.contains(&Outcome::TakeControl) {
        out.retain(|id| state.figure(*id).is_some_and(|f| f.owner != seat));
    }
    out.retain(|id| super::place::worth_choosing(state, user, t, *id));
    out
}

/// The ground a figure stands on, as the card language names it (`water`, `lava_field`...).
pub(in crate::game::powers) fn ground_of(state: &State, f: &Figure) -> Option<String> {
    serde_json::to_value(super::values::ground_of(state, f)?)
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
pub(in crate::game::powers) fn roll_d20(
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
    let bonus = glyphs::d20_bonus(state, f.owner)
        + roll_bonus(state, f.owner, f.unit, power)
        + super::vanish::ground_bonus(state, roll, f);
    let needed = threshold(state, roll, f);
    let malus = super::d20c::harrowing(state, f.owner, f.unit);
    let die = dice.d20();
    let success = u16::from(die) + bonus + distance >= u16::from(needed) + malus;
    events.push(Event::PowerRolled {
        figure: roller,
        unit: f.unit,
        power,
        die,
        bonus,
        distance,
        needed,
        success,
        malus,
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
pub(in crate::game::powers) fn on_field(state: &State, unit: u16) -> Vec<u32> {
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
