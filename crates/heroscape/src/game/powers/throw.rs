//! Powers that throw a chosen figure away from the figure using them (*Throw 14*: a
//! [`Placing`] whose [`Throw`] is set, `power/throw.rs`).
//!
//! The triggered power chooses the figure and rolls as any other; on a success the placing
//! frame of `place.rs` asks its player for the landing space among [`spaces`]: an empty space
//! within so many spaces of the thrower where the figure fits, in the thrower's clear sight
//! when the card says so (sight from the thrower to the figure as it would stand there). Once
//! it is placed, [`landed`] rolls the throwing damage unless the card spares it there. Placing
//! is not moving: no leaving-engagement attack, no glyph stopped on, no fall.
//!
//! *Hive Tunnel* is a placing move of the figure itself ([`Effect::Place`], `moves.rs`); once
//! it is placed, [`placed`] rolls for each figure around it ([`ThrowPower::RollsAround`]).
//! *Fey Step* is a placing move before the normal move ([`MoveWay::Step`]): once made, the
//! power is spent for the game and the figure still counts as not moved.
//!
//! *Tactical Switch* ([`ThrowPower::SwitchWhenAttacking`]) is offered as a normal attack is
//! declared ([`attack_declared`]), the attack waiting for the answer; used, the two figures
//! switch spaces and the attack goes on only if the attacker may still make it.

use skirmish_board::hex::Hex;
use skirmish_dice::Dice;

use crate::battlefield::Level;
use serde::{Deserialize, Serialize};

use crate::power::{Effect, Filter, Throw, ThrowPower};

use super::super::frames::HsFrame;
use super::super::state::{Figure, State};
use super::super::{combat, geometry, Action, Event};
use super::d20c::PowerRoll;
use super::moves::MoveWay;
use super::place::Placement;
use super::triggered::{Offer, Then, TurnKey};

/// Where a thrown figure may land: empty spaces within `throw.within` spaces of the thrower
/// (counted as range is, from its nearest hex), where the figure fits, seen by the thrower
/// when the card asks for clear sight. The space the figure stands on is not empty.
pub fn spaces(
    state: &State,
    thrower: &Figure,
    figure: &Figure,
    throw: &Throw,
) -> Vec<(Hex, Level)> {
    if !thrower.on_field() || !figure.on_field() {
        return Vec::new();
    }
    let grid = geometry::grid(state);
    let body = geometry::body(state, figure);
    let near = |hex: Hex| {
        thrower
            .hexes()
            .any(|t| t.distance(hex) <= u32::from(throw.within))
    };
    let taken = |hex: Hex, level: Level| {
        state.figures.iter().any(|g| {
            g.on_field() && g.id != figure.id && g.level == level && g.hexes().any(|x| x == hex)
        })
    };
    let here = figure.hex.map(|h| (h, figure.level));
    let mut out = Vec::new();
    for (hex, _) in state.field.columns() {
        if !near(hex) {
            continue;
        }
        for (level, room, _) in grid.footings(hex) {
            if !body.fits(room) || taken(hex, level) || here == Some((hex, level)) {
                continue;
            }
            let there = Figure {
                hex: Some(hex),
                tail: None,
                level,
                ..figure.clone()
            };
            if geometry::within(state, thrower, &there, u32::from(throw.within))
                && (!throw.clear_sight || geometry::can_see(state, thrower, &there))
            {
                out.push((hex, level));
            }
        }
    }
    out
}

/// Whether the landing space spares the thrown figure its damage roll: a level higher than the
/// thrower's top (its base plus its card's height), or water, when the card says so.
fn spared(state: &State, p: &Placement, throw: &Throw, hex: Hex, level: Level) -> bool {
    let Some(damage) = throw.damage else {
        return true;
    };
    let above = state.figure(p.user).is_some_and(|u| {
        i32::from(level) > i32::from(u.level) + i32::from(state.card_of(u).height)
    });
    let water = geometry::grid(state)
        .footings(hex)
        .any(|(l, _, water)| l == level && water);
    (damage.spared_above_top && above) || (damage.spared_on_water && water)
}

/// The thrown figure has landed on `hex` at `level`: the throwing damage is rolled (the
/// power's d20, its bonuses counted) unless the landing space spares it, and on a success the
/// figure receives the card's wounds.
pub(crate) fn landed(
    state: &mut State,
    dice: &mut Dice,
    p: &Placement,
    hex: Hex,
    level: Level,
    events: &mut Vec<Event>,
) {
    let Some(throw) = p.placing.throw else {
        return;
    };
    let Some(damage) = throw.damage else {
        return;
    };
    if spared(state, p, &throw, hex, level) {
        return;
    }
    let roll = PowerRoll {
        seat: p.seat,
        figure: p.user,
        unit: p.unit,
        power: p.power,
        needed: damage.at_least,
        extra: 0,
    };
    if roll.roll(state, dice, events) {
        combat::wound_by(state, p.figure, damage.wounds, dice, events);
    }
}

/// The bands of a table of wounds: `(least total, wounds)`, lowest first.
type Bands = Vec<(u8, u16)>;

/// The power of `figure`'s card whose rolls follow its placing move (*Hive Tunnel*): its place
/// among the card's powers, the bands and whether the card's wound markers add.
fn rolls_around(state: &State, f: &Figure) -> Option<(u8, Bands, bool)> {
    let card = state.card_of(f);
    card.powers.iter().enumerate().find_map(|(i, p)| {
        let effects = p.effects.as_deref()?;
        if !effects.iter().any(|e| matches!(e, Effect::Place { .. })) {
            return None;
        }
        effects.iter().find_map(|e| match e {
            Effect::Throw(ThrowPower::RollsAround {
                bands,
                per_own_wound,
            }) => Some((u8::try_from(i).ok()?, bands.clone(), *per_own_wound)),
            _ => None,
        })
    })
}

/// `figure` has just been placed by its card's placing move: a power that rolls for each
/// figure adjacent to it then (*Hive Tunnel*) rolls, nobody asked ("roll", not "you may"), one
/// figure after the other, friend or foe; each total (the card's wound markers added when it
/// says so) gives the wounds of the highest band it reaches.
fn placed(state: &mut State, figure: u32, dice: &mut Dice, events: &mut Vec<Event>) {
    let Some(f) = state.figure(figure).filter(|f| f.on_field()).cloned() else {
        return;
    };
    let Some((power, bands, per_own_wound)) = rolls_around(state, &f) else {
        return;
    };
    let Some(&(lowest, _)) = bands.first() else {
        return;
    };
    let marked: u16 = state
        .figures
        .iter()
        .filter(|g| g.unit == f.unit)
        .map(|g| g.wounds)
        .sum();
    let around: Vec<u32> = state
        .figures
        .iter()
        .filter(|g| g.on_field() && g.id != f.id && super::triggered::adjacent(state, &f, g))
        .map(|g| g.id)
        .collect();
    for id in around {
        let roll = PowerRoll {
            seat: f.owner,
            figure,
            unit: f.unit,
            power,
            needed: lowest,
            extra: if per_own_wound { marked } else { 0 },
        };
        let total = roll.total(state, dice, events);
        if let Some(&(_, wounds)) = bands
            .iter()
            .rev()
            .find(|(from, _)| total >= u16::from(*from))
        {
            combat::wound_by(state, id, wounds, dice, events);
        }
    }
}

/// The place among its card's powers of `f`'s *Fey Step*, with whether it is once per game.
fn step_power(state: &State, f: &Figure) -> Option<(u8, bool)> {
    state
        .card_of(f)
        .powers
        .iter()
        .enumerate()
        .find_map(|(i, p)| {
            p.effects.as_deref()?.iter().find_map(|e| match e {
                Effect::Throw(ThrowPower::StepBeforeMove { once_per_game, .. }) => {
                    Some((u8::try_from(i).ok()?, *once_per_game))
                }
                _ => None,
            })
        })
}

/// Whether `f` may still use its *Fey Step*: not spent when it is once per game. (Only a
/// figure that has not moved this turn is offered moves at all: *before moving normally*.)
pub fn may_step(state: &State, f: &Figure) -> bool {
    step_power(state, f)
        .is_some_and(|(power, once)| !once || !super::d20::spent(state, f.unit, power))
}

/// After a move by the power `way` of `figure`: *Hive Tunnel*'s rolls once placed; *Fey
/// Step* spent for the game, the figure free to move normally still (placing it was not its
/// move).
pub(crate) fn after_power_move(
    state: &mut State,
    figure: u32,
    way: Option<MoveWay>,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    // what moved by a power this turn, for the powers that ask (*Thunder Step*: `thunder.rs`)
    if let (
        Some(w),
        crate::game::Phase::Turns {
            turn: Some(turn), ..
        },
    ) = (way, &mut state.phase)
    {
        turn.record.moved_by.push((figure, w));
    }
    match way {
        Some(MoveWay::Place) => placed(state, figure, dice, events),
        Some(MoveWay::Step) => {
            let Some(f) = state.figure(figure).cloned() else {
                return;
            };
            if let Some((power, true)) = step_power(state, &f) {
                state.powers.spent.push((f.unit, power));
            }
            if let crate::game::Phase::Turns {
                turn: Some(turn), ..
            } = &mut state.phase
            {
                turn.moved.retain(|id| *id != figure);
            }
        }
        _ => {}
    }
}

/// Where a double-space figure may be put next to `user` (*Spear of Summoning* choosing a
/// figure on two hexes): two empty neighbouring hexes at one level where it fits, the
/// figure then adjacent to the user (engagement's adjacency), on the user's level with
/// `same_level`; its own place left out. Each placing once, lead hex first as found.
pub fn double_beside(
    state: &State,
    user: &Figure,
    figure: &Figure,
    same_level: bool,
) -> Vec<(Hex, Hex, Level)> {
    let (Some(me), Some(it)) = (
        geometry::standing(state, user),
        geometry::standing(state, figure),
    ) else {
        return Vec::new();
    };
    let grid = geometry::grid(state);
    let free = |hex: Hex, level: Level| {
        !me.at.covers(hex)
            && grid
                .footings(hex)
                .any(|(l, room, _)| l == level && it.body.fits(room))
            && !state.figures.iter().any(|g| {
                g.on_field() && g.id != figure.id && g.level == level && g.hexes().any(|x| x == hex)
            })
    };
    let mut out: Vec<(Hex, Hex, Level)> = Vec::new();
    for spot in me.at.spots() {
        for a in spot.hex.neighbours() {
            for (level, _, _) in grid.footings(a) {
                if (same_level && level != user.level) || !free(a, level) {
                    continue;
                }
                for b in a.neighbours() {
                    let seen = out
                        .iter()
                        .any(|&(x, y, l)| l == level && ((x, y) == (a, b) || (x, y) == (b, a)));
                    let here = figure.hex == Some(a) && figure.tail == Some(b)
                        || figure.hex == Some(b) && figure.tail == Some(a);
                    if seen || here || !free(b, level) {
                        continue;
                    }
                    let at = crate::body::Placement::double(a, b, level);
                    if crate::engagement::contact(&grid, &me.body, &me.at, &it.body, &at).adjacent()
                    {
                        out.push((a, b, level));
                    }
                }
            }
        }
    }
    out
}

/// The answers placing a double-space chosen figure next to the user, when the placing frame
/// places one ([`Action::Place`] with its second hex); `None` for a single-space figure or a
/// throw, which are put on one space.
pub(crate) fn double_places(state: &State, p: &Placement) -> Option<Vec<Action>> {
    let (user, figure) = (state.figure(p.user)?, state.figure(p.figure)?);
    if p.placing.throw.is_some() || !p.placing.adjacent || state.card_of(figure).base < 2 {
        return None;
    }
    Some(
        double_beside(state, user, figure, p.placing.same_level)
            .into_iter()
            .map(|(hex, tail, _)| Action::Place {
                figure: figure.id,
                hex,
                tail: Some(tail),
            })
            .collect(),
    )
}

/// Puts the double-space chosen figure on `hex` and `tail` next to the user; false when that
/// is no place [`double_beside`] offers.
pub(crate) fn place_double(
    state: &mut State,
    p: &Placement,
    hex: Hex,
    tail: Option<Hex>,
    events: &mut Vec<Event>,
) -> bool {
    let (Some(user), Some(figure), Some(tail)) =
        (state.figure(p.user), state.figure(p.figure), tail)
    else {
        return false;
    };
    let Some(level) = double_beside(state, user, figure, p.placing.same_level)
        .into_iter()
        .find(|&(a, b, _)| (a, b) == (hex, tail))
        .map(|(_, _, l)| l)
    else {
        return false;
    };
    super::setup::stand(state, p.figure, hex, Some(tail), level);
    events.push(Event::Placed {
        figure: p.figure,
        hex,
        level,
    });
    true
}

/// What the powers of the family remember.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThrowMemory {
    /// Opponents' figures moved by *Tactical Switch*: the turn's key, the figure.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub switched: Vec<(TurnKey, u32)>,
    /// Figures that used *Barge Into Battle*: the turn's key, the figure.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub barged: Vec<(TurnKey, u32)>,
    /// What *Knockback* remembers ([`super::knock`]).
    #[serde(default)]
    pub knock: super::knock::KnockMemory,
}

/// The place among its card's powers of a *Tactical Switch*, and the figures it switches with.
fn switch_power(state: &State, unit: u16) -> Option<(u8, Filter)> {
    let card = &state.unit(unit)?.card;
    card.powers.iter().enumerate().find_map(|(i, p)| {
        p.effects.as_deref()?.iter().find_map(|e| match e {
            Effect::Throw(ThrowPower::SwitchWhenAttacking { filter }) => {
                Some((u8::try_from(i).ok()?, filter.clone()))
            }
            _ => None,
        })
    })
}

/// Whether the power at `power` of `unit` is a *Tactical Switch*.
pub(crate) fn is_switch(state: &State, unit: u16, power: u8) -> bool {
    switch_power(state, unit).is_some_and(|(p, _)| p == power)
}

/// `attacker` has declared a normal attack on `target`: its card's *Tactical Switch* is offered
/// to its player when the target is an opponent's figure it may switch with (matching the
/// card's filter, not switched yet this turn, each fitting where the other stands, neither
/// held by a Cyberclaw); true while the attack waits for the answer.
pub fn attack_declared(state: &mut State, attacker: u32, target: u32) -> bool {
    let (Some(a), Some(t)) = (state.figure(attacker), state.figure(target)) else {
        return false;
    };
    let Some((power, filter)) = switch_power(state, a.unit) else {
        return false;
    };
    let key = super::triggered::turn_key(state);
    let switched = state
        .powers
        .throw
        .switched
        .iter()
        .any(|&(k, id)| Some(k) == key && id == target);
    if state.allies(t.owner, a.owner)
        || !super::matches(state.card_of(t), &filter)
        || switched
        || super::holds::held(state, t)
        || !super::place::may_switch(state, a, t)
    {
        return false;
    }
    let offer = Offer {
        seat: a.owner,
        figure: attacker,
        unit: a.unit,
        power,
        then: Then::Attack { attacker, target },
    };
    state.frames.as_mut().push(HsFrame::Power(offer));
    true
}

/// The use of an offered *Tactical Switch*: with the figure attacked.
pub(crate) fn switch_uses(o: &Offer) -> Vec<Action> {
    match o.then {
        Then::Attack { attacker, target } => vec![Action::UsePower {
            figure: attacker,
            power: o.power,
            target: Some(target),
        }],
        _ => Vec::new(),
    }
}

/// *Tactical Switch* used: the attacker and the figure attacked switch spaces (placed, not
/// moved: no leaving-engagement attack), the figure remembered for the turn; whether the attack
/// may go on ("if possible": the attacker may still attack it from there).
pub(crate) fn use_switch(state: &mut State, o: &Offer, events: &mut Vec<Event>) -> bool {
    let Then::Attack { attacker, target } = o.then else {
        return true;
    };
    super::place::switch(state, attacker, target, events);
    if let Some(key) = super::triggered::turn_key(state) {
        let memory = &mut state.powers.throw.switched;
        memory.retain(|(k, _)| *k == key);
        memory.push((key, target));
    }
    state
        .figure(attacker)
        .is_some_and(|a| super::super::play::targets(state, a).contains(&target))
}

/// Whether `user` may switch with `chosen` by *Barge Into Battle*: the user engaged with no
/// enemy and not switched by the power yet this turn, the chosen figure engaged. Each figure of
/// the card may use it: the card's condition is each figure's own ("if a Horned Skull Brute
/// ends its movement unengaged ... switch that Horned Skull Brute"). A figure that did not move
/// ended its (empty) movement where it stands, so it may too.
pub(crate) fn may_barge(state: &State, user: &Figure, chosen: &Figure) -> bool {
    let key = super::triggered::turn_key(state);
    !state
        .powers
        .throw
        .barged
        .iter()
        .any(|&(k, id)| Some(k) == key && id == user.id)
        && geometry::engaged_with(state, user).is_empty()
        && !geometry::engaged_with(state, chosen).is_empty()
}

/// `user` switched by *Barge Into Battle*: remembered for the turn, and the power offered again
/// while another figure of the card may still use it.
pub(crate) fn barged(state: &mut State, user: u32, o: &Offer) {
    if let Some(key) = super::triggered::turn_key(state) {
        let memory = &mut state.powers.throw.barged;
        memory.retain(|(k, _)| *k == key);
        memory.push((key, user));
    }
    if !super::triggered::uses(state, o).is_empty() {
        state.frames.as_mut().push(HsFrame::Power(o.clone()));
    }
}
