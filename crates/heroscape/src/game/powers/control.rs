//! Turns with other cards given by a card's power once its order marker is revealed
//! ([`Control::CardTurns`]): *Kato Katsuro's Command* (instead of Kato's turn, a Samurai hero,
//! a Samurai squad, or an Ashigaru Harquebus squad and/or an Ashigaru Yari squad, in the order
//! the player chooses, each figure in Kato's clear sight before it moves), *Queen of the
//! Crypt* (before Sudema's turn, an Undead or Eisenek hero on a shadow space or within 5
//! clear-sight spaces, or else an Undead or Eisenek unique squad).
//!
//! The marker is revealed as for any turn; the player is asked (the power's `use_power`
//! decision) with one figure for each hero that may take the turn and one figure standing for
//! each squad. A hero's turn is its card's turn in which only that figure acts; a squad's turn
//! is its card's turn (a card's worth of figures of a common squad's copies). When it ends,
//! the next card of the same choice is offered while one is left ("and/or"), then the card's
//! own turn follows (*before*) or the turn ends (*instead*).

use serde::{Deserialize, Serialize};
use skirmish_dice::Dice;
use skirmish_engine::Seat;

use crate::card::Kind;
use crate::power::control::CardTurns;
use crate::power::{Control, Effect};

use super::super::frames::HsFrame;
use super::super::geometry;
use super::super::state::{Figure, Marker, Phase, Stage, State};
use super::super::{Action, Event};
use super::command::OpponentChoice;
use super::matches;
use super::triggered::{ground_of, Offer, Then};
use super::values::within_clear_sight;

/// What these powers remember.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ControlMemory {
    /// The turns a [`Control::CardTurns`] power is giving in the turn under way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub given: Option<Given>,
    /// A card an opponent controls for the rest of the turn under way (*Eternal Hatred*).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lent: Option<Lent>,
    /// The turns (round, turn's index) whose revealed marker has had its roll for a card
    /// lent for the turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lend_rolled: Vec<(u32, usize)>,
    /// The turns (round, turn's index) at whose end a hero's turn was offered
    /// ([`Control::HeroTurnAfter`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hero_asked: Vec<(u32, usize)>,
    /// The unique heroes on the battlefield as the player turn under way began, and who
    /// controlled them ([`Control::MarkersFromFallen`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub heroes_at_start: Vec<(u32, Seat)>,
    /// The questions of a [`Control::MarkersFromFallen`] power asked at the end of a turn
    /// (round, turn's index): the card and the question (1: move the markers, 2: the X).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trail_asked: Vec<((u32, usize), u16, u8)>,
    /// Command markers laid this game by turns given ([`CardTurns::command_marker`]): the
    /// round, the player, the card.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub command_markers: Vec<(u32, Seat, u16)>,
}

/// A card an opponent controls for the rest of the turn ([`Control::LentForTurn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lent {
    /// The card.
    pub unit: u16,
    /// Its owner, to whom control returns.
    pub from: Seat,
    /// The opponent controlling it.
    pub to: Seat,
    /// The player whose turn it is, the turn's player again once control returns.
    pub turn_of: Seat,
}

/// The turns a card's power gives in the turn under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Given {
    /// The card whose marker was revealed.
    pub unit: u16,
    /// The power's place on it.
    pub power: u8,
    /// The choice taken, once a turn is taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choice: Option<usize>,
    /// The cards that took (or are taking) a turn, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub taken: Vec<u16>,
    /// The card taking its turn now, and its one figure when it is a hero's turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acting: Option<(u16, Option<u32>)>,
}

/// A card's power of this module: its place and what it says.
fn power_of(state: &State, unit: u16) -> Option<(u8, &CardTurns)> {
    let card = &state.unit(unit)?.card;
    card.powers.iter().enumerate().find_map(|(i, p)| {
        p.effects.as_deref()?.iter().find_map(|e| match e {
            Effect::Control(Control::CardTurns(c)) => Some((u8::try_from(i).ok()?, c)),
            _ => None,
        })
    })
}

/// Whether `power` of `unit` is a power of this module.
pub(crate) fn is_power(state: &State, unit: u16, power: u8) -> bool {
    power_of(state, unit).is_some_and(|(p, _)| p == power)
}

/// The figure of the power's card on the battlefield (a hero's card: its one figure).
fn bearer(state: &State, unit: u16) -> Option<&Figure> {
    state.unit_alive(unit).find(|f| f.on_field())
}

/// Whether `f` is in the clear sight of the power's figure (`in_sight`), within its spaces
/// when it gives some, or the power asks none.
fn sighted(state: &State, spec: &CardTurns, unit: u16, f: &Figure) -> bool {
    !spec.in_sight
        || bearer(state, unit).is_some_and(|b| match spec.within {
            Some(n) => within_clear_sight(state, b, f, n),
            None => geometry::can_see(state, b, f),
        })
}

/// The figures standing for the turns `seat` may take now: each hero figure that may take it,
/// the first figure of each squad that may act. Only the cards of the choice already taken,
/// once one is, and never a card that took its turn.
fn options(state: &State, seat: Seat, unit: u16, given: Option<&Given>) -> Vec<u32> {
    let Some((_, spec)) = power_of(state, unit) else {
        return Vec::new();
    };
    let Some(me) = bearer(state, unit) else {
        return Vec::new();
    };
    let taken = given.map_or(&[][..], |g| &g.taken[..]);
    let mut out = Vec::new();
    let mut squads = Vec::new();
    for f in state
        .figures
        .iter()
        .filter(|f| f.on_field() && f.owner == seat && f.unit != unit && !taken.contains(&f.unit))
    {
        let card = state.card_of(f);
        let fits = spec.choices.iter().enumerate().any(|(i, c)| {
            given.and_then(|g| g.choice).is_none_or(|x| x == i)
                && c.cards.iter().any(|w| {
                    matches(card, w)
                        && !taken
                            .iter()
                            .any(|&t| state.unit(t).is_some_and(|u| matches(&u.card, w)))
                })
                && (card.kind == Kind::Squad
                    || c.near.as_ref().is_none_or(|n| {
                        ground_of(state, f).is_some_and(|g| n.on.contains(&g))
                            || within_clear_sight(state, me, f, n.within)
                    }))
        });
        if !fits
            || !sighted(state, spec, unit, f)
            || (spec.command_marker && marked(state, seat, f))
        {
            continue;
        }
        if card.kind == Kind::Squad {
            if squads.contains(&f.unit) {
                continue;
            }
            squads.push(f.unit);
        }
        out.push(f.id);
    }
    out
}

/// Whether the question pending is a power of this module giving a turn to the figure chosen
/// (worth taking with one's own figures).
pub fn gives_turn(state: &State) -> bool {
    match state.frames.top() {
        Some(HsFrame::Power(o)) => {
            power_of(state, o.unit).is_some_and(|(p, _)| p == o.power)
                || hero_power(state, o.unit).is_some_and(|(p, _)| p == o.power)
        }
        _ => false,
    }
}

/// Whether `f`'s card may not take a command marker of `seat`'s this round: it shares its
/// affiliation with a hero `seat` controls whose card bears one (its own card included).
fn marked(state: &State, seat: Seat, f: &Figure) -> bool {
    let general = &state.card_of(f).general;
    state
        .powers
        .control
        .command_markers
        .iter()
        .filter(|(round, s, _)| *round == state.round && *s == seat)
        .filter_map(|(_, _, u)| state.unit(*u))
        .any(|u| u.owner == seat && u.card.general == *general)
}

/// A turn has just started (its marker revealed): what an earlier turn's power gave is over.
pub(crate) fn turn_starts(state: &mut State) {
    state.powers.control.given = None;
    record_heroes(state);
}

/// A player turn begins: the unique heroes on the battlefield and their controllers.
fn record_heroes(state: &mut State) {
    let heroes = state
        .figures
        .iter()
        .filter(|f| f.on_field() && state.card_of(f).kind == Kind::Hero)
        .filter(|f| state.card_of(f).rarity == crate::card::Rarity::Unique)
        .map(|f| (f.id, f.owner))
        .collect();
    state.powers.control.heroes_at_start = heroes;
}

/// A turn has just started: a card with a power of this module offers its turns; true while
/// the question is pending.
pub(crate) fn before_turn(state: &mut State) -> bool {
    let Some(turn) = state.turn().cloned() else {
        return false;
    };
    let Some((power, _)) = power_of(state, turn.unit) else {
        return false;
    };
    let Some(figure) = bearer(state, turn.unit).map(|f| f.id) else {
        return false;
    };
    if options(state, turn.seat, turn.unit, None).is_empty() {
        return false;
    }
    state.powers.control.given = Some(Given {
        unit: turn.unit,
        power,
        choice: None,
        taken: Vec::new(),
        acting: None,
    });
    state.frames.as_mut().push(HsFrame::Power(Offer {
        seat: turn.seat,
        figure,
        unit: turn.unit,
        power,
        then: Then::Turn,
    }));
    true
}

/// The uses offered: a turn with each hero or squad that may take it.
pub(crate) fn uses(state: &State, o: &Offer) -> Vec<Action> {
    let given = state
        .powers
        .control
        .given
        .as_ref()
        .filter(|g| g.unit == o.unit);
    options(state, o.seat, o.unit, given)
        .into_iter()
        .map(|t| Action::UsePower {
            figure: o.figure,
            power: o.power,
            target: Some(t),
        })
        .collect()
}

/// Takes the turn with the card of `target` (with `target` alone when it is a hero).
pub(crate) fn use_power(
    state: &mut State,
    o: &Offer,
    target: Option<u32>,
    events: &mut Vec<Event>,
) {
    let Some(t) = target.and_then(|id| state.figure(id)).cloned() else {
        return;
    };
    let Some((_, spec)) = power_of(state, o.unit) else {
        return;
    };
    let card = state.card_of(&t);
    let hero = card.kind == Kind::Hero;
    let instead = spec.instead;
    let given = state.powers.control.given.clone();
    let choice = given.as_ref().and_then(|g| g.choice).or_else(|| {
        spec.choices
            .iter()
            .position(|c| c.cards.iter().any(|w| matches(card, w)))
    });
    let mut given = given.filter(|g| g.unit == o.unit).unwrap_or(Given {
        unit: o.unit,
        power: o.power,
        choice: None,
        taken: Vec::new(),
        acting: None,
    });
    given.choice = choice;
    given.taken.push(t.unit);
    if spec.command_marker {
        let round = state.round;
        let markers = &mut state.powers.control.command_markers;
        // the markers of earlier rounds are removed at the end of their round
        markers.retain(|(r, ..)| *r == round);
        markers.push((round, o.seat, t.unit));
    }
    given.acting = Some((t.unit, hero.then_some(t.id)));
    state.powers.control.given = Some(given);
    super::bonding::extra_turn_with(state, t.unit);
    events.push(if hero {
        Event::TurnWith {
            figure: t.id,
            unit: o.unit,
            power: o.power,
            instead,
        }
    } else {
        Event::SquadTurnWith {
            squad: t.unit,
            unit: o.unit,
            power: o.power,
            instead,
        }
    });
}

/// Whether `f` may act in the turn under way: in a hero's turn this power gave, only that
/// hero; with `in_sight`, only a figure that already acted this turn or stands in the clear
/// sight of the power's figure (*before moving*).
pub(crate) fn may_act(state: &State, f: &Figure) -> bool {
    let Some(given) = &state.powers.control.given else {
        return true;
    };
    let (Some((unit, one)), Some(turn)) = (given.acting, state.turn()) else {
        return true;
    };
    if turn.unit != unit {
        return true;
    }
    if one.is_some_and(|id| id != f.id) {
        return false;
    }
    let acted = turn.moved.contains(&f.id) || turn.attacked.contains(&f.id);
    acted
        || power_of(state, given.unit).is_some_and(|(_, spec)| sighted(state, spec, given.unit, f))
}

/// The turn of a card this module gave is over: the next card of the same choice is offered
/// while one may take its turn, then the power's card takes its own turn (*before*) or the
/// turn ends (*instead*). `None` when the turn was not one this module gave; else whether
/// the turn goes on (false: it ends).
pub(crate) fn after_given_turn(state: &mut State) -> Option<bool> {
    let given = state.powers.control.given.as_mut()?;
    given.acting.take()?;
    let given = given.clone();
    let (_, spec) = power_of(state, given.unit)?;
    let instead = spec.instead;
    let seat = state.turn()?.seat;
    let figure = bearer(state, given.unit).map(|f| f.id);
    let more = !options(state, seat, given.unit, Some(&given)).is_empty();
    let then = if instead {
        Then::EndTurn { seat }
    } else {
        if !state.unit_standing(given.unit) {
            return Some(false);
        }
        // the card's own turn follows, unless another turn of the choice is taken first
        state.powers.extra_turns += 1;
        if let Phase::Turns {
            turn: Some(turn), ..
        } = &mut state.phase
        {
            turn.unit = given.unit;
            turn.stage = Stage::Move;
            turn.moved.clear();
            turn.attacked.clear();
        }
        Then::Turn
    };
    let Some(figure) = figure.filter(|_| more) else {
        return Some(!instead);
    };
    state.frames.as_mut().push(HsFrame::Power(Offer {
        seat,
        figure,
        unit: given.unit,
        power: given.power,
        then,
    }));
    Some(true)
}

/// A card's [`Control::LentForTurn`] power: its place and the lowest roll that lends it.
fn lend_power(state: &State, unit: u16) -> Option<(u8, u8)> {
    let card = &state.unit(unit)?.card;
    card.powers.iter().enumerate().find_map(|(i, p)| {
        p.effects.as_deref()?.iter().find_map(|e| match e {
            Effect::Control(Control::LentForTurn { at_least }) => {
                Some((u8::try_from(i).ok()?, *at_least))
            }
            _ => None,
        })
    })
}

/// The turn under way settles: once an order marker revealed on a card that is lent on a
/// high roll (*Eternal Hatred*: "you must roll"), the roll, made once for that marker without
/// asking, then the opponent it is lent to (asked as [`OpponentChoice`] with several); true
/// while that question is pending.
pub(crate) fn at_turn_start(state: &mut State, dice: &mut Dice, events: &mut Vec<Event>) -> bool {
    let Phase::Turns {
        next,
        turn: Some(turn),
        ..
    } = &state.phase
    else {
        return false;
    };
    let key = (state.round, *next);
    let turn = turn.clone();
    let memory = &state.powers.control;
    if memory.lent.is_some() || memory.lend_rolled.contains(&key) {
        return false;
    }
    // the marker revealed for this turn lies on this card
    let markers = &state.players[turn.seat.index()].markers;
    let m = turn.marker.index();
    if markers.on[m] != Some(turn.unit) || !markers.revealed[m] {
        return false;
    }
    let Some((power, at_least)) = lend_power(state, turn.unit) else {
        return false;
    };
    let Some(roller) = bearer(state, turn.unit).cloned() else {
        return false;
    };
    if roller.owner != turn.seat {
        return false;
    }
    let memory = &mut state.powers.control;
    memory.lend_rolled.retain(|(r, _)| *r == key.0);
    memory.lend_rolled.push(key);
    let lent = super::d20c::PowerRoll {
        seat: roller.owner,
        figure: roller.id,
        unit: roller.unit,
        power,
        needed: at_least,
        extra: 0,
    }
    .roll(state, dice, events);
    if !lent {
        return false;
    }
    match super::command::opponents(state, roller.owner)[..] {
        [] => false,
        [to] => {
            lend(state, roller.unit, to, events);
            false
        }
        _ => {
            state
                .frames
                .as_mut()
                .push(HsFrame::Opponent(OpponentChoice {
                    seat: roller.owner,
                    figure: roller.id,
                    unit: roller.unit,
                    power,
                    for_turn: true,
                }));
            true
        }
    }
}

/// `to` controls `unit`'s card and figures for the rest of the turn under way, and takes that
/// turn; the owner's order markers stay on the card (each seat's markers are shown by seat:
/// nothing of them shows to `to`).
pub(crate) fn lend(state: &mut State, unit: u16, to: Seat, events: &mut Vec<Event>) {
    let Some(from) = state.unit(unit).map(|u| u.owner) else {
        return;
    };
    if from == to {
        return;
    }
    state.units[usize::from(unit)].owner = to;
    for f in state.figures.iter_mut().filter(|f| f.unit == unit) {
        f.owner = to;
    }
    let mut turn_of = from;
    if let Phase::Turns {
        turn: Some(turn), ..
    } = &mut state.phase
    {
        turn_of = turn.seat;
        turn.seat = to;
    }
    state.powers.control.lent = Some(Lent {
        unit,
        from,
        to,
        turn_of,
    });
    events.push(Event::ControlLent { unit, from, to });
}

/// The turn under way ends (its after-turn powers used by whoever controlled the card): a card
/// lent for it returns to its owner, and the turn is again the player's whose turn it was
/// (`Some`: that player); `None` when no card was lent.
pub(crate) fn turn_over(state: &mut State, events: &mut Vec<Event>) -> Option<Seat> {
    let lent = state.powers.control.lent.take()?;
    state.units[usize::from(lent.unit)].owner = lent.from;
    for f in state.figures.iter_mut().filter(|f| f.unit == lent.unit) {
        f.owner = lent.from;
    }
    if let Phase::Turns {
        turn: Some(turn), ..
    } = &mut state.phase
    {
        turn.seat = lent.turn_of;
    }
    events.push(Event::ControlReturned {
        unit: lent.unit,
        to: lent.from,
    });
    Some(lent.turn_of)
}

/// Whose card `unit` is: its owner's, even while an opponent controls it for the turn (its
/// owner's order markers stay on it: *Eternal Hatred*).
pub fn card_owner(state: &State, unit: u16) -> Seat {
    state
        .powers
        .control
        .lent
        .filter(|l| l.unit == unit)
        .map_or(state.units[usize::from(unit)].owner, |l| l.from)
}

/// Whose army `f` belongs to: its owner, whoever controls it for the turn (a lent card's
/// figures still count for their owner's army).
pub(crate) fn true_owner(state: &State, f: &Figure) -> Seat {
    card_owner(state, f.unit)
}

/// The limits of a [`Control::HeroTurnAfter`] power.
struct HeroTurn {
    within: u16,
    clear_sight: bool,
    at_least: u8,
    own_bonus: u16,
    except: Option<crate::power::Filter>,
}

/// A card's [`Control::HeroTurnAfter`] power: its place and limits.
fn hero_power(state: &State, unit: u16) -> Option<(u8, HeroTurn)> {
    let card = &state.unit(unit)?.card;
    card.powers.iter().enumerate().find_map(|(i, p)| {
        p.effects.as_deref()?.iter().find_map(|e| match e {
            Effect::Control(Control::HeroTurnAfter {
                within,
                clear_sight,
                at_least,
                own_bonus,
                except,
            }) => Some((
                u8::try_from(i).ok()?,
                HeroTurn {
                    within: *within,
                    clear_sight: *clear_sight,
                    at_least: *at_least,
                    own_bonus: *own_bonus,
                    except: except.clone(),
                },
            )),
            _ => None,
        })
    })
}

/// Whether `power` of `unit` is a power this module asks with its own answers
/// ([`Control::HeroTurnAfter`], [`Control::MarkersFromFallen`]).
pub(crate) fn is_offer(state: &State, unit: u16, power: u8) -> bool {
    hero_power(state, unit).is_some_and(|(p, _)| p == power)
        || trail_power(state, unit).is_some_and(|(p, _)| p == power)
}

/// The uses of a power [`is_offer`] names.
pub(crate) fn offer_uses(state: &State, o: &Offer) -> Vec<Action> {
    if trail_power(state, o.unit).is_some_and(|(p, _)| p == o.power) {
        return trail_uses(state, o);
    }
    hero_uses(state, o)
}

/// Uses a power [`is_offer`] names; true when a turn follows.
pub(crate) fn answer(
    state: &mut State,
    o: &Offer,
    target: Option<u32>,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> bool {
    if trail_power(state, o.unit).is_some_and(|(p, _)| p == o.power) {
        return trail_use(state, o, events);
    }
    hero_turn(state, o, target, dice, events)
}

/// A card's [`Control::MarkersFromFallen`] power: its place and the heroes whose fall allows
/// the X turn.
fn trail_power(state: &State, unit: u16) -> Option<(u8, &crate::power::Filter)> {
    let card = &state.unit(unit)?.card;
    card.powers.iter().enumerate().find_map(|(i, p)| {
        p.effects.as_deref()?.iter().find_map(|e| match e {
            Effect::Control(Control::MarkersFromFallen { x_turn_if }) => {
                Some((u8::try_from(i).ok()?, x_turn_if))
            }
            _ => None,
        })
    })
}

/// The cards of the unique heroes `seat` controlled that were destroyed in the player turn
/// under way.
fn fallen(state: &State, seat: Seat) -> Vec<u16> {
    let mut out: Vec<u16> = state
        .powers
        .control
        .heroes_at_start
        .iter()
        .filter(|(_, s)| *s == seat)
        .filter_map(|(id, _)| state.figure(*id).filter(|f| f.destroyed).map(|f| f.unit))
        .collect();
    out.dedup();
    out
}

/// The question a [`Control::MarkersFromFallen`] power of `unit` asks now: 1 (move the markers
/// on the fallen heroes' cards) or 2 (reveal the X here for a turn), from the memory.
fn trail_stage(state: &State, unit: u16) -> u8 {
    let Phase::Turns { next, .. } = &state.phase else {
        return 0;
    };
    let key = (state.round, *next);
    state
        .powers
        .control
        .trail_asked
        .iter()
        .filter(|(k, u, _)| *k == key && *u == unit)
        .map(|(_, _, s)| *s)
        .max()
        .unwrap_or(0)
}

/// `seat`'s order markers on the cards `units`.
fn markers_on(state: &State, seat: Seat, units: &[u16]) -> Vec<usize> {
    let m = &state.players[seat.index()].markers;
    (0..4)
        .filter(|&i| m.on[i].is_some_and(|u| units.contains(&u)))
        .collect()
}

/// After a player turn, the questions of the [`Control::MarkersFromFallen`] powers of the
/// players whose unique heroes fell in it: moving the markers from those heroes' cards (when
/// there are some), then, when one of them matches the power's kind, revealing the X on this
/// card for a turn, asked whenever the player has a face-down marker on it while the X is
/// face down anywhere, so that the question tells nothing of where the X lies; true while
/// one is asked.
fn trail(state: &mut State, ended: Seat) -> bool {
    let Phase::Turns { next, .. } = &state.phase else {
        return false;
    };
    let key = (state.round, *next);
    for unit in 0..state.units.len() {
        let Ok(unit) = u16::try_from(unit) else {
            continue;
        };
        let Some((power, kind)) = trail_power(state, unit).map(|(p, k)| (p, k.clone())) else {
            continue;
        };
        let seat = state.units[usize::from(unit)].owner;
        let Some(figure) = bearer(state, unit).map(|f| f.id) else {
            continue;
        };
        let fell = fallen(state, seat);
        if fell.is_empty() {
            continue;
        }
        let stage = trail_stage(state, unit);
        if stage >= 2 {
            continue;
        }
        let m = &state.players[seat.index()].markers;
        let lawman = fell
            .iter()
            .any(|&u| state.unit(u).is_some_and(|c| matches(&c.card, &kind)));
        let face_down_here = (0..4).any(|i| m.on[i] == Some(unit) && !m.revealed[i]);
        let x_question = lawman && face_down_here && !m.revealed[Marker::X.index()];
        let ask = if stage == 0 && !markers_on(state, seat, &fell).is_empty() {
            1
        } else if x_question {
            2
        } else {
            // nothing to ask: not again for this turn
            state.powers.control.trail_asked.push((key, unit, 2));
            continue;
        };
        let memory = &mut state.powers.control;
        memory.trail_asked.retain(|(k, ..)| k.0 == key.0);
        memory.trail_asked.push((key, unit, ask));
        state.frames.as_mut().push(HsFrame::Power(Offer {
            seat,
            figure,
            unit,
            power,
            then: Then::EndTurn { seat: ended },
        }));
        return true;
    }
    false
}

/// The uses of the question asked: moving the markers (always possible when asked); the X
/// turn only when the X lies face down on this card.
fn trail_uses(state: &State, o: &Offer) -> Vec<Action> {
    let one = vec![Action::UsePower {
        figure: o.figure,
        power: o.power,
        target: None,
    }];
    match trail_stage(state, o.unit) {
        1 => one,
        2 => {
            let m = &state.players[o.seat.index()].markers;
            let x = Marker::X.index();
            if m.on[x] == Some(o.unit) && !m.revealed[x] && state.unit_standing(o.unit) {
                one
            } else {
                Vec::new()
            }
        }
        _ => Vec::new(),
    }
}

/// Moves the markers from the fallen heroes' cards to this card (only their count is told),
/// or reveals the X here for a turn with this card; true when the turn follows.
fn trail_use(state: &mut State, o: &Offer, events: &mut Vec<Event>) -> bool {
    match trail_stage(state, o.unit) {
        1 => {
            let fell = fallen(state, o.seat);
            for from in fell {
                let moved = markers_on(state, o.seat, &[from]);
                let m = &mut state.players[o.seat.index()].markers;
                for &i in &moved {
                    m.on[i] = Some(o.unit);
                }
                if !moved.is_empty() {
                    events.push(Event::MarkersMoved {
                        seat: o.seat,
                        from,
                        to: o.unit,
                        count: u8::try_from(moved.len()).unwrap_or(4),
                    });
                }
            }
            false
        }
        2 => {
            if trail_uses(state, o).is_empty() {
                return false;
            }
            let Then::EndTurn { seat: ended } = o.then else {
                return false;
            };
            state.players[o.seat.index()].markers.revealed[Marker::X.index()] = true;
            super::markers::marker_revealed(state, o.seat);
            events.push(Event::XRevealed {
                seat: o.seat,
                unit: o.unit,
                power: o.power,
            });
            // the player turn that ended is over; this card's turn is a player turn of its own
            events.push(Event::TurnEnded { seat: ended });
            let record = super::attacks::TurnRecord::starting(state);
            if let Phase::Turns {
                turn: Some(turn), ..
            } = &mut state.phase
            {
                turn.seat = o.seat;
                turn.unit = o.unit;
                turn.marker = Marker::X;
                turn.record = record;
            }
            record_heroes(state);
            true
        }
        _ => false,
    }
}

/// The unique heroes `user` may choose: on the battlefield, within the spaces (in clear sight
/// when the power says so), any player's, never itself nor a hero the power spares.
fn heroes(state: &State, user: &Figure, spec: &HeroTurn) -> Vec<u32> {
    state
        .figures
        .iter()
        .filter(|f| f.on_field() && f.id != user.id)
        .filter(|f| {
            let card = state.card_of(f);
            card.kind == Kind::Hero
                && card.rarity == crate::card::Rarity::Unique
                && spec.except.as_ref().is_none_or(|e| !matches(card, e))
        })
        .filter(|f| {
            if spec.clear_sight {
                within_clear_sight(state, user, f, spec.within)
            } else {
                geometry::range(state, user, f).is_some_and(|r| r <= u32::from(spec.within))
            }
        })
        .map(|f| f.id)
        .collect()
}

/// `seat`'s turn ends: a hero's turn after it ([`Control::HeroTurnAfter`]), the markers of
/// fallen heroes ([`Control::MarkersFromFallen`]); true while a question is asked.
pub(crate) fn after_turn(state: &mut State, seat: Seat) -> bool {
    hero_after_turn(state, seat) || trail(state, seat)
}

/// After a turn under an order marker revealed on a card with a [`Control::HeroTurnAfter`]
/// power, the power is offered once (a hero to choose); true while it is asked.
fn hero_after_turn(state: &mut State, seat: Seat) -> bool {
    let Phase::Turns {
        next,
        turn: Some(turn),
        ..
    } = &state.phase
    else {
        return false;
    };
    let key = (state.round, *next);
    let turn = turn.clone();
    let markers = &state.players[seat.index()].markers;
    let m = turn.marker.index();
    if turn.seat != seat
        || markers.on[m] != Some(turn.unit)
        || !markers.revealed[m]
        || state.powers.control.hero_asked.contains(&key)
    {
        return false;
    }
    let Some((power, spec)) = hero_power(state, turn.unit) else {
        return false;
    };
    // the figure that took the turn (one card's figure of several copies), else the card's
    let acted = |f: &&Figure| turn.moved.contains(&f.id) || turn.attacked.contains(&f.id);
    let Some(user) = state
        .unit_alive(turn.unit)
        .filter(|f| f.on_field())
        .find(acted)
        .or_else(|| bearer(state, turn.unit))
        .cloned()
    else {
        return false;
    };
    if user.owner != seat || heroes(state, &user, &spec).is_empty() {
        return false;
    }
    let memory = &mut state.powers.control;
    memory.hero_asked.retain(|(r, _)| *r == key.0);
    memory.hero_asked.push(key);
    state.frames.as_mut().push(HsFrame::Power(Offer {
        seat,
        figure: user.id,
        unit: turn.unit,
        power,
        then: Then::EndTurn { seat },
    }));
    true
}

/// The uses offered: each hero that may be chosen.
fn hero_uses(state: &State, o: &Offer) -> Vec<Action> {
    let (Some((_, spec)), Some(user)) = (hero_power(state, o.unit), state.figure(o.figure)) else {
        return Vec::new();
    };
    heroes(state, user, &spec)
        .into_iter()
        .map(|t| Action::UsePower {
            figure: o.figure,
            power: o.power,
            target: Some(t),
        })
        .collect()
}

/// The roll for the chosen hero (the power's bonus when the player already controls it); on
/// a success the player takes control of it (for that turn) and the turn goes on as its turn:
/// true then.
fn hero_turn(
    state: &mut State,
    o: &Offer,
    target: Option<u32>,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> bool {
    let (Some((_, spec)), Some(user)) =
        (hero_power(state, o.unit), state.figure(o.figure).cloned())
    else {
        return false;
    };
    let Some(t) = target
        .filter(|id| heroes(state, &user, &spec).contains(id))
        .and_then(|id| state.figure(id))
        .cloned()
    else {
        return false;
    };
    let own = if t.owner == o.seat { spec.own_bonus } else { 0 };
    let success = super::d20c::PowerRoll {
        seat: o.seat,
        figure: user.id,
        unit: o.unit,
        power: o.power,
        needed: spec.at_least,
        extra: own,
    }
    .roll(state, dice, events);
    if !success {
        return false;
    }
    if t.owner != o.seat {
        lend(state, t.unit, o.seat, events);
    }
    super::bonding::extra_turn_with(state, t.unit);
    events.push(Event::TurnAfter {
        figure: t.id,
        unit: o.unit,
        power: o.power,
    });
    true
}

#[cfg(test)]
#[path = "control_tests.rs"]
mod tests;
