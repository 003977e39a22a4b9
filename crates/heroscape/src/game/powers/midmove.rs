//! Powers acting in the middle of a move ([`crate::power::midmove::MidMove`]).
//!
//! A move is a path of spaces ([`crate::movement::MovePath`]: the path the game takes to the
//! place chosen, the one the page draws), walked one space after the other by
//! [`play::walk_from`]. Before the figure sets off, the game notes for each space of the path
//! whether the figure could end its movement there (one of the places its move may end, as
//! the legal moves list them; a figure placed by a power instead of moving steps onto no
//! space). As it steps onto a space, every power that fires there is offered, one after the
//! other, to its owner — the moving figure's enemy for *Sharp Thorns* — through a [`Pause`]
//! frame: the figure stands on that space while the question is asked, the dice rolled on the
//! way so far (falls, leaving-engagement attacks) already rolled. Once answered, the figure
//! walks on along the rest of the same path, or its move ends where it stands when the power
//! says so; then what follows any move (a glyph stopped on, powers after moving, the turn
//! settling) happens where it stands.
//!
//! The space a move sets off from is a point of it too (*Stomp 8*: "at any point during his
//! normal movement that he is on a space where he could end his movement"): a power of the
//! moving figure's own card may be asked there before the first step.
//!
//! *Sharp Thorns* and *Wicked Thorns* (`MidMove::Thorns`) fire each time an enemy figure of
//! the sizes they name steps onto a space adjacent to a figure of the card where it could
//! end its movement, the last space of its path included; a success ends the move there and
//! lowers the figure's attack value (its normal attacks' dice, not a special attack's printed
//! dice) until the end of the turn, a higher roll also wounds it. Moves made by another card's
//! power (*Scatter*, *Gladiatron Movement Bonding*) stop the same way, the power's own
//! question (`extra_moves`) going on once the move is over. *Stomp 8* (`MidMove::Stomp`),
//! once in its card's turn, is offered to the moving figure's player on each space of its
//! normal move where it could end its movement and an adjacent figure of the sizes named
//! stands at most the levels named above it; the player chooses the figure (friend or foe,
//! as printed), and the move goes on whatever the roll.

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_dice::Dice;
use skirmish_engine::frames::Ask;
use skirmish_engine::{Rejection, Seat};

use crate::battlefield::Level;
use crate::body::Placement;
use crate::movement::MovePath;
use crate::power::midmove::MidMove;
use crate::power::{Effect, Stat};

use super::super::frames::HsFrame;
use super::super::state::{Figure, State};
use super::super::{combat, geometry, glyphs, play, Action, Decision, Event};
use super::moves::MoveWay;
use super::triggered::TurnKey;
use super::values::{adjacent, AttackKind, Fight, Tally, Why};

/// What is watched on a move's way: for each step of its path, whether the figure could end
/// its movement there (noted as it set off), and whether it is its normal move.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Watch {
    /// Per step of the path, the start first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ends: Vec<bool>,
    /// The figure's normal move (not a power's).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub normal: bool,
}

/// A question these powers ask.
// One frame at a time stands on the stack, for a moment: boxing the paused move would only
// make it harder to read.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "ask", rename_all = "snake_case")]
pub enum MidMoveFrame {
    /// A move stopped on a space of its path.
    Pause(Pause),
    /// A figure passed over to grab, at the end of a move (*Talon Grab*).
    Grab(Grab),
}

/// At the end of its move, a figure's power may choose a figure it passed over (*Talon
/// Grab*).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grab {
    /// Who answers: the power's owner.
    pub seat: Seat,
    /// The figure that moved.
    pub user: u32,
    /// Its card.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
}

/// A move stopped on a space of its path while powers that fire there are asked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pause {
    /// The moving figure.
    pub figure: u32,
    /// Its whole path, the start first.
    pub path: MovePath,
    /// The step of the path it stands on.
    pub at: usize,
    /// What is watched on the way.
    pub watch: Watch,
    /// The enemies it was engaged with as it set off (for the powers after moving).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub engaged_before: Vec<u32>,
    /// The power it moves by instead of its normal move, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub way: Option<MoveWay>,
    /// The powers still to offer on this space, first first.
    pub offers: Vec<MoveOffer>,
    /// The move is one of those another card's power makes (the [`HsFrame::PowerMoves`]
    /// frame under this one), not the active card's own.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub power_moves: bool,
}

/// One power offered as a figure steps onto a space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveOffer {
    /// Who answers: the power's owner.
    pub seat: Seat,
    /// The figure of the power's card it fires from (the one adjacent to the mover, or the
    /// mover).
    pub figure: u32,
    /// The power's card.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
}

/// What these powers remember.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MidMoveMemory {
    /// Attack values lowered until the end of a turn (*Sharp Thorns*).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lowered: Vec<Lowered>,
    /// Figures passed over in a turn by a flying figure whose card remembers them (*Talon
    /// Grab*): the turn, the flyer, the figure passed over.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub passed: Vec<(TurnKey, u32, u32)>,
}

/// A figure's attack value lowered until the end of a turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lowered {
    /// The turn.
    pub turn: TurnKey,
    /// The figure.
    pub figure: u32,
    /// The power's card.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
    /// By how much.
    pub by: u8,
}

/// A card's mid-move powers with their place among its powers.
fn mid_moves(card: &crate::card::Card) -> impl Iterator<Item = (u8, &MidMove)> {
    card.powers.iter().enumerate().flat_map(|(i, p)| {
        p.effects.iter().flatten().filter_map(move |e| match e {
            Effect::MidMove(m) => Some((u8::try_from(i).ok()?, m)),
            _ => None,
        })
    })
}

fn power_of(state: &State, unit: u16, power: u8) -> Option<MidMove> {
    mid_moves(&state.unit(unit)?.card)
        .find(|(i, _)| *i == power)
        .map(|(_, m)| m.clone())
}

/// Whether a power may fire on `f`'s move (`normal`: its normal move): a standing enemy
/// card's, or its own card's on its normal move. The cheap test before the spaces of a path
/// are looked at.
fn watched(state: &State, f: &Figure, normal: bool) -> bool {
    let own =
        normal && mid_moves(state.card_of(f)).any(|(_, m)| matches!(m, MidMove::Stomp { .. }));
    own || state.units.iter().any(|u| {
        state.unit_standing(u.id)
            && !state.allies(u.owner, f.owner)
            && mid_moves(&u.card).any(|(_, m)| match m {
                MidMove::Thorns { filter, .. } => super::matches(state.card_of(f), filter),
                MidMove::Stomp { .. } | MidMove::GrabPassedOver { .. } => false,
            })
    })
}

/// Whether placement `p` is the place `(hex, tail, level)` (a double-space figure's hexes in
/// either order).
fn same_place(p: &Placement, hex: Hex, tail: Option<Hex>, level: Level) -> bool {
    let (h, t) = (p.head.hex, p.tail.map(|s| s.hex));
    p.level() == level && ((h == hex && t == tail) || (Some(h) == tail && t == Some(hex)))
}

/// What to watch on `f`'s move along `path` (its normal move, or `way`): noted before it
/// sets off. Nothing when no power watches the move, or when the power places the figure
/// rather than moving it.
pub(crate) fn watch_move(
    state: &State,
    f: &Figure,
    path: &MovePath,
    way: Option<MoveWay>,
) -> Watch {
    let normal = way.is_none();
    if !watched(state, f, normal) {
        return Watch::default();
    }
    let ends: Vec<(Hex, Option<Hex>, Level)> = match way {
        None => {
            let mut ends: Vec<_> = geometry::move_ends(state, f)
                .into_iter()
                .map(|d| (d.at.head.hex, d.at.tail.map(|t| t.hex), d.at.level()))
                .collect();
            // it could end its movement where it stands, by moving no further
            if let Some(hex) = f.hex {
                ends.push((hex, f.tail, f.level));
            }
            ends
        }
        Some(
            w @ (MoveWay::AlternateMove | MoveWay::Leap | MoveWay::DrillDrive | MoveWay::Barrage),
        ) => super::moves::power_destinations(state, f, w)
            .into_iter()
            .map(|d| (d.hex, d.tail, d.level))
            .collect(),
        // placed, not moved: it steps onto no space
        Some(
            MoveWay::Teleport
            | MoveWay::Place
            | MoveWay::Tunnel
            | MoveWay::Step
            | MoveWay::Mastery
            | MoveWay::Beside,
        ) => return Watch::default(),
    };
    Watch {
        ends: mark(path, &ends),
        normal,
    }
}

/// [`watch_move`] for a move another card's power makes, whose ends are `ends`.
pub(crate) fn watch_power_move(
    state: &State,
    f: &Figure,
    path: &MovePath,
    ends: &[geometry::Destination],
) -> Watch {
    if !watched(state, f, false) {
        return Watch::default();
    }
    let ends: Vec<(Hex, Option<Hex>, Level)> =
        ends.iter().map(|d| (d.hex, d.tail, d.level)).collect();
    Watch {
        ends: mark(path, &ends),
        normal: false,
    }
}

fn mark(path: &MovePath, ends: &[(Hex, Option<Hex>, Level)]) -> Vec<bool> {
    path.steps
        .iter()
        .map(|s| ends.iter().any(|&(h, t, l)| same_place(s, h, t, l)))
        .collect()
}

/// The figures `stomper`'s *Stomp* may choose where it stands.
fn stomp_candidates(
    state: &State,
    stomper: &Figure,
    filter: &crate::power::Filter,
    above: u8,
) -> Vec<u32> {
    state
        .figures
        .iter()
        .filter(|g| g.on_field() && adjacent(state, stomper, g))
        .filter(|g| super::matches(state.card_of(g), filter))
        .filter(|g| i32::from(g.level) <= i32::from(stomper.level) + i32::from(above))
        .map(|g| g.id)
        .collect()
}

/// The powers that fire as figure `mover` stands on step `step` of its path, in the order of
/// the cards and their powers.
pub(crate) fn offers_at(state: &State, mover: u32, step: usize, watch: &Watch) -> Vec<MoveOffer> {
    let Some(m) = state.figure(mover).filter(|m| m.on_field()) else {
        return Vec::new();
    };
    if !watch.ends.get(step).copied().unwrap_or(false) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for u in &state.units {
        if !state.unit_standing(u.id) {
            continue;
        }
        for (power, mid) in mid_moves(&u.card) {
            let from = match mid {
                // moving onto a space: never the one it sets off from
                MidMove::Thorns { filter, .. } => {
                    if step == 0
                        || state.allies(u.owner, m.owner)
                        || !super::matches(state.card_of(m), filter)
                    {
                        continue;
                    }
                    state
                        .figures
                        .iter()
                        .find(|g| g.unit == u.id && g.on_field() && adjacent(state, g, m))
                }
                MidMove::Stomp { filter, above, .. } => {
                    if !watch.normal
                        || m.unit != u.id
                        || super::triggered::used(state, u.id, power)
                        || stomp_candidates(state, m, filter, *above).is_empty()
                    {
                        continue;
                    }
                    Some(m)
                }
                MidMove::GrabPassedOver { .. } => None,
            };
            if let Some(g) = from {
                out.push(MoveOffer {
                    seat: u.owner,
                    figure: g.id,
                    unit: u.id,
                    power,
                });
            }
        }
    }
    out
}

/// A move walked up to step `at`, where powers fire: asks the first.
pub(crate) fn pause(
    state: &mut State,
    figure: u32,
    (path, at): (MovePath, usize),
    watch: Watch,
    (engaged_before, way): (Vec<u32>, Option<MoveWay>),
    power_moves: bool,
) {
    let offers = offers_at(state, figure, at, &watch);
    state
        .frames
        .as_mut()
        .push(HsFrame::MidMove(MidMoveFrame::Pause(Pause {
            figure,
            path,
            at,
            watch,
            engaged_before,
            way,
            offers,
            power_moves,
        })));
}

/// What follows the move, where the figure stands: the turn's, or the power's that moved it.
fn finish(state: &mut State, p: Pause, dice: &mut Dice, events: &mut Vec<Event>) {
    if p.power_moves {
        if let Some(HsFrame::PowerMoves(m)) = state.frames.top().cloned() {
            super::extra_moves::walked(state, m, p.figure, &p.engaged_before, dice, events);
            return;
        }
    }
    play::finish_move(state, p.figure, &p.engaged_before, p.way, dice, events);
}

/// What the frame asks.
pub(crate) fn asks(f: &MidMoveFrame) -> Ask<Decision> {
    match f {
        MidMoveFrame::Pause(p) => pause_asks(p),
        MidMoveFrame::Grab(g) => Ask {
            seats: vec![g.seat],
            decision: Decision::UsePower {
                figure: g.user,
                unit: g.unit,
                power: g.power,
            },
        },
    }
}

/// The answers of `seat`.
pub(crate) fn answers(state: &State, f: &MidMoveFrame, seat: Seat) -> Vec<Action> {
    match f {
        MidMoveFrame::Pause(p) => pause_answers(state, p, seat),
        MidMoveFrame::Grab(g) if g.seat == seat => {
            let mut out: Vec<Action> = grab_candidates(state, g)
                .into_iter()
                .map(|t| Action::UsePower {
                    figure: g.user,
                    power: g.power,
                    target: Some(t),
                })
                .collect();
            out.push(Action::DeclinePower);
            out
        }
        MidMoveFrame::Grab(_) => Vec::new(),
    }
}

/// Answers the frame.
pub(crate) fn resolve(
    state: &mut State,
    f: MidMoveFrame,
    seat: Seat,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    match f {
        MidMoveFrame::Pause(p) => pause_resolve(state, p, seat, answer, dice, events),
        MidMoveFrame::Grab(g) => grab_resolve(state, &g, seat, answer, dice, events),
    }
}

/// What a paused move asks: the first power offered, to its owner.
fn pause_asks(p: &Pause) -> Ask<Decision> {
    let o = p.offers.first();
    Ask {
        seats: o.map(|o| o.seat).into_iter().collect(),
        decision: Decision::UsePower {
            figure: o.map_or(p.figure, |o| o.figure),
            unit: o.map_or(0, |o| o.unit),
            power: o.map_or(0, |o| o.power),
        },
    }
}

/// The answers: use the power (on the moving figure, or on a figure it may choose), or not.
fn pause_answers(state: &State, p: &Pause, seat: Seat) -> Vec<Action> {
    let Some(o) = p.offers.first().filter(|o| o.seat == seat) else {
        return Vec::new();
    };
    let targets = match (power_of(state, o.unit, o.power), state.figure(o.figure)) {
        (Some(MidMove::Stomp { filter, above, .. }), Some(f)) => {
            stomp_candidates(state, f, &filter, above)
        }
        _ => vec![p.figure],
    };
    let mut out: Vec<Action> = targets
        .into_iter()
        .map(|t| Action::UsePower {
            figure: o.figure,
            power: o.power,
            target: Some(t),
        })
        .collect();
    out.push(Action::DeclinePower);
    out
}

/// Answers the first power offered; the next that still fires on this space is asked, or the
/// figure walks on (or its move ends here, when a power ended it).
fn pause_resolve(
    state: &mut State,
    mut p: Pause,
    seat: Seat,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    if !pause_answers(state, &p, seat).contains(answer) {
        return Err(Rejection::illegal(
            "use the power (on a figure it may choose), or decline it",
        ));
    }
    state.frames.as_mut().pop();
    let o = p.offers.remove(0);
    let ended = match answer {
        Action::UsePower { target, .. } => use_power(state, &p, &o, *target, dice, events),
        _ => {
            events.push(Event::PowerDeclined {
                figure: o.figure,
                unit: o.unit,
                power: o.power,
            });
            false
        }
    };
    let standing = state.figure(p.figure).is_some_and(|f| f.on_field());
    if !ended && standing {
        let now = offers_at(state, p.figure, p.at, &p.watch);
        p.offers.retain(|x| now.contains(x));
        if !p.offers.is_empty() {
            state
                .frames
                .as_mut()
                .push(HsFrame::MidMove(MidMoveFrame::Pause(p)));
            return Ok(());
        }
        if let Some(f) = state.figure(p.figure).cloned() {
            if p.at + 1 < p.path.steps.len() {
                if let Some(at) =
                    play::walk_from(state, &f, &p.path, p.at + 1, &p.watch, dice, events)
                {
                    let power_moves = p.power_moves;
                    let (path, watch) = (p.path, p.watch);
                    pause(
                        state,
                        p.figure,
                        (path, at),
                        watch,
                        (p.engaged_before, p.way),
                        power_moves,
                    );
                    return Ok(());
                }
            }
        }
    }
    finish(state, p, dice, events);
    Ok(())
}

/// Rolls the 20-sided die for the power offered (the player's bonuses and an opponent's
/// malus counted): the die and the total.
fn roll(
    state: &State,
    o: &MoveOffer,
    needed: u8,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<u16> {
    let user = state.figure(o.figure)?;
    let bonus = glyphs::d20_bonus(state, user.owner)
        + super::triggered::roll_bonus(state, user.owner, user.unit, o.power);
    let malus = super::d20c::harrowing(state, user.owner, user.unit);
    let die = dice.d20();
    let total = (u16::from(die) + bonus).saturating_sub(malus);
    events.push(Event::PowerRolled {
        figure: o.figure,
        unit: o.unit,
        power: o.power,
        die,
        bonus,
        distance: 0,
        needed,
        success: total >= u16::from(needed),
        malus,
    });
    Some(total)
}

/// Uses the power offered; true when it ended the move.
fn use_power(
    state: &mut State,
    p: &Pause,
    o: &MoveOffer,
    target: Option<u32>,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> bool {
    match power_of(state, o.unit, o.power) {
        Some(MidMove::Thorns {
            stop, lower, wound, ..
        }) => {
            let Some(total) = roll(state, o, stop, dice, events) else {
                return false;
            };
            if total < u16::from(stop) {
                return false;
            }
            events.push(Event::MoveEnded {
                figure: p.figure,
                unit: o.unit,
                power: o.power,
                attack_lowered: u16::from(lower),
            });
            if let Some(turn) = super::triggered::turn_key(state) {
                state.powers.midmove.lowered.push(Lowered {
                    turn,
                    figure: p.figure,
                    unit: o.unit,
                    power: o.power,
                    by: lower,
                });
            }
            if total >= u16::from(wound) {
                let why = why(state, o.unit, o.power);
                combat::power_wound_by(state, p.figure, 1, why, dice, events);
            }
            true
        }
        Some(MidMove::Stomp {
            at_least, wounds, ..
        }) => {
            super::triggered::mark_used(state, o.unit, o.power);
            let (Some(total), Some(t)) = (roll(state, o, at_least, dice, events), target) else {
                return false;
            };
            if total >= u16::from(at_least) {
                let why = why(state, o.unit, o.power);
                combat::power_wound_by(state, t, u16::from(wounds), why, dice, events);
            }
            false
        }
        Some(MidMove::GrabPassedOver { .. }) | None => false,
    }
}

/// The figure at step `step` of a flyer's path, between where it set off and where it lands:
/// the figures there are passed over, remembered for the turn when the flyer's card has a
/// power about them.
pub(crate) fn passing(state: &mut State, mover: u32, step: &Placement) {
    let Some(f) = state.figure(mover) else {
        return;
    };
    let card = state.card_of(f);
    let remembers = mid_moves(card).any(|(_, m)| matches!(m, MidMove::GrabPassedOver { .. }))
        || super::triggered::triggered(card)
            .any(|(_, t)| t.target.as_ref().is_some_and(|x| x.passed_over));
    if !remembers || !geometry::body(state, f).flight.flies() {
        return;
    }
    let Some(turn) = super::triggered::turn_key(state) else {
        return;
    };
    let under: Vec<u32> = state
        .figures
        .iter()
        .filter(|g| g.id != mover && g.on_field())
        .filter(|g| {
            g.hexes()
                .any(|h| h == step.head.hex || step.tail.is_some_and(|t| t.hex == h))
        })
        .map(|g| g.id)
        .collect();
    for g in under {
        let key = (turn, mover, g);
        if !state.powers.midmove.passed.contains(&key) {
            state.powers.midmove.passed.push(key);
        }
    }
}

/// Whether `flyer` passed over figure `other` during its move this turn (remembered only for
/// the cards with a power about it: *Talon Grab*, *Healing Wing*).
pub(crate) fn passed_over(state: &State, flyer: u32, other: u32) -> bool {
    super::triggered::turn_key(state)
        .is_some_and(|turn| state.powers.midmove.passed.contains(&(turn, flyer, other)))
}

/// The placing of *Talon Grab*: an empty space adjacent to the user, on its level, once
/// chosen (no roll).
fn grab_placing() -> crate::power::Placing {
    crate::power::Placing {
        adjacent: true,
        same_level: true,
        optional: false,
        levels: None,
        more: 0,
        switch: false,
        single_space: false,
        after_normal_move: false,
        into_battle: false,
        throw: None,
    }
}

fn grab_placement(g: &Grab, figure: u32) -> super::place::Placement {
    super::place::Placement {
        seat: g.seat,
        user: g.user,
        unit: g.unit,
        power: g.power,
        figure,
        queue: Vec::new(),
        choosing: false,
        placing: grab_placing(),
        then: super::triggered::Then::Turn,
    }
}

/// The figures *Talon Grab* may choose: opponents' figures of the sizes named that the user
/// passed over this turn, not under an overhang, not held by a Cyberclaw, with a space to go.
fn grab_candidates(state: &State, g: &Grab) -> Vec<u32> {
    let (Some(user), Some(MidMove::GrabPassedOver { filter })) =
        (state.figure(g.user), power_of(state, g.unit, g.power))
    else {
        return Vec::new();
    };
    let Some(turn) = super::triggered::turn_key(state) else {
        return Vec::new();
    };
    state
        .powers
        .midmove
        .passed
        .iter()
        .filter(|(t, mover, _)| *t == turn && *mover == user.id)
        .filter_map(|&(_, _, c)| state.figure(c))
        .filter(|c| c.on_field() && !state.allies(c.owner, user.owner))
        .filter(|c| super::matches(state.card_of(c), &filter))
        .filter(|c| !super::special::area::under_overhang(state, c))
        .filter(|c| !super::holds::held(state, c))
        .filter(|c| !super::place::spaces(state, &grab_placement(g, c.id)).is_empty())
        .map(|c| c.id)
        .collect()
}

/// A figure of the active card ended its move: its *Talon Grab* is asked when it passed
/// over a figure it may choose; true then.
pub(crate) fn after_move(state: &mut State, figure: u32) -> bool {
    let Some(f) = state.figure(figure).filter(|f| f.on_field()) else {
        return false;
    };
    let Some(power) = mid_moves(state.card_of(f))
        .find(|(_, m)| matches!(m, MidMove::GrabPassedOver { .. }))
        .map(|(i, _)| i)
    else {
        return false;
    };
    let g = Grab {
        seat: state.units[usize::from(f.unit)].owner,
        user: f.id,
        unit: f.unit,
        power,
    };
    if grab_candidates(state, &g).is_empty() {
        return false;
    }
    state
        .frames
        .as_mut()
        .push(HsFrame::MidMove(MidMoveFrame::Grab(g)));
    true
}

/// *Talon Grab* answered: the chosen figure is placed next to the user (its space asked by a
/// placing frame), or nothing; then the turn goes on.
fn grab_resolve(
    state: &mut State,
    g: &Grab,
    seat: Seat,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    let legal = answers(state, &MidMoveFrame::Grab(g.clone()), seat);
    if !legal.contains(answer) {
        return Err(Rejection::illegal(
            "choose a figure the power may grab, or none",
        ));
    }
    state.frames.as_mut().pop();
    match *answer {
        Action::UsePower {
            target: Some(t), ..
        } => {
            events.push(Event::PowerUsed {
                figure: g.user,
                unit: g.unit,
                power: g.power,
                target: Some(t),
                outcome: crate::power::Outcome::Place(grab_placing()),
            });
            state
                .frames
                .as_mut()
                .push(HsFrame::Place(grab_placement(g, t)));
        }
        _ => {
            events.push(Event::PowerDeclined {
                figure: g.user,
                unit: g.unit,
                power: g.power,
            });
            play::settle(state, dice, events);
        }
    }
    Ok(())
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

/// The attack values these powers lowered for the turn under way (normal attacks: a special
/// attack rolls its own printed dice, not the attack value).
pub(crate) fn changes(state: &State, f: &Figure, stat: Stat, fight: Option<&Fight>, t: &mut Tally) {
    if stat != Stat::Attack
        || fight.is_some_and(|x| matches!(x.kind, AttackKind::Special { .. }))
        || state.powers.midmove.lowered.is_empty()
    {
        return;
    }
    let Some(key) = super::triggered::turn_key(state) else {
        return;
    };
    for l in state
        .powers
        .midmove
        .lowered
        .iter()
        .filter(|l| l.turn == key && l.figure == f.id)
    {
        t.add(why(state, l.unit, l.power), -i16::from(l.by));
    }
}
