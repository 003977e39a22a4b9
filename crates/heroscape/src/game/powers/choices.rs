//! Powers that ask their player something: *Run* (and *Tracking*) before a figure moves,
//! *Overextend Attack* after the turn, and the *Spirit* of a destroyed hero laid on another
//! unique card of its army.

use serde::{Deserialize, Serialize};
use skirmish_engine::{Rejection, Seat};

use crate::card::Card;
use crate::power::{Effect, Stat};

use super::super::frames::HsFrame;
use super::super::state::{Figure, Phase, Stage, State, Turn};
use super::super::{combat, Action, Event};
use super::attacks::TurnRecord;
use super::values::named_effects;

/// What the powers keep for the whole game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerState {
    /// Spirits laid on cards.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spirits: Vec<SpiritOn>,
    /// Units that used *Overextend Attack*, with the round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overextended: Vec<(u16, u32)>,
    /// Experience markers on cards (*Bloodlust*): the unit and how many.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub experience: Vec<(u16, u16)>,
    /// Figures cards chose at the start of the game ([`super::start_choices`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chosen: Vec<super::start_choices::Chosen>,
    /// Whether the start-of-game choices were asked.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub start_asked: bool,
    /// *Life Drain Spirit*s laid on cards: the destroyed hero's unit, the unit whose card
    /// holds it ([`super::values3`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drain_spirits: Vec<(u16, u16)>,
    /// Markers cards started the game with, spent ([`super::supplies`]).
    #[serde(default)]
    pub supplies: super::supplies::Supplies,
    /// Tiles cards laid on the battlefield ([`super::tiles`]).
    #[serde(default)]
    pub tiles: super::tiles::TilesState,
}

/// A destroyed hero's spirit lying on a card: the card's value rises for the rest of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpiritOn {
    /// The destroyed hero's unit.
    pub from: u16,
    /// The unit whose card holds it.
    pub onto: u16,
    /// The value raised.
    pub stat: Stat,
    /// By how much.
    pub by: i8,
}

/// A card's *Run*: the power's name, the move added, the attack change, and whether it then
/// cannot attack.
pub fn run_of(card: &Card) -> Option<(&str, i8, i8, bool)> {
    named_effects(card).find_map(|(name, e)| match e {
        Effect::Run {
            move_bonus,
            attack_change,
            no_attack,
        } => Some((name, *move_bonus, *attack_change, *no_attack)),
        _ => None,
    })
}

/// The move added and the attack change of a figure that ran this turn, with the power's name.
pub fn ran(state: &State, f: &Figure) -> Option<(i8, i8, String)> {
    let turn = state.turn()?;
    if !turn.record.ran.contains(&f.id) {
        return None;
    }
    let (name, m, a, _) = run_of(state.card_of(f))?;
    Some((m, a, name.to_string()))
}

/// Whether `f` ran this turn with a power that forbids attacking after it.
pub fn cannot_attack(state: &State, f: &Figure) -> bool {
    state.turn().is_some_and(|t| t.record.ran.contains(&f.id))
        && run_of(state.card_of(f)).is_some_and(|r| r.3)
}

/// *Run* offers: figures of the active card that may still run (before they move).
pub fn run_actions(state: &State, turn: &Turn) -> Vec<Action> {
    if turn.stage != Stage::Move {
        return Vec::new();
    }
    state
        .figures
        .iter()
        .filter(|f| f.unit == turn.unit && f.on_field())
        .filter(|f| !turn.moved.contains(&f.id) && !turn.record.ran.contains(&f.id))
        .filter(|f| run_of(state.card_of(f)).is_some())
        .map(|f| Action::Run { figure: f.id })
        .collect()
}

/// Uses *Run* for a figure.
pub fn run(state: &mut State, figure: u32, events: &mut Vec<Event>) -> Result<(), Rejection> {
    let ok = state
        .turn()
        .is_some_and(|t| run_actions(state, t).contains(&Action::Run { figure }));
    if !ok {
        return Err(Rejection::illegal(format!(
            "figure {figure} cannot run: it must be a figure of the active card with Run that \
             has not moved yet"
        )));
    }
    if let Phase::Turns {
        turn: Some(turn), ..
    } = &mut state.phase
    {
        turn.record.ran.push(figure);
    }
    events.push(Event::Ran { figure });
    Ok(())
}

/// Whether the active card may use *Overextend Attack* now (once per round, a figure left).
pub fn may_overextend(state: &State, turn: &Turn) -> bool {
    turn.stage == Stage::Attack
        && state.unit(turn.unit).is_some_and(|u| {
            named_effects(&u.card).any(|(_, e)| matches!(e, Effect::OverextendAttack))
        })
        && !state
            .lasting
            .overextended
            .contains(&(turn.unit, state.round))
        && state
            .figures
            .iter()
            .any(|f| f.unit == turn.unit && f.on_field())
}

/// *Overextend Attack*: a wound marker on each figure of the card, then another turn with it.
pub fn overextend(state: &mut State, events: &mut Vec<Event>) -> Result<(), Rejection> {
    let Some(turn) = state.turn().cloned() else {
        return Err(Rejection::illegal("no turn under way"));
    };
    if !may_overextend(state, &turn) {
        return Err(Rejection::illegal(
            "this card cannot overextend now: once per round, after its moves",
        ));
    }
    state.lasting.overextended.push((turn.unit, state.round));
    events.push(Event::Overextended { unit: turn.unit });
    let ids: Vec<u32> = state
        .figures
        .iter()
        .filter(|f| f.unit == turn.unit && f.on_field())
        .map(|f| f.id)
        .collect();
    for id in ids {
        combat::wound(state, id, 1, events);
    }
    let record = TurnRecord::starting(state);
    if let Phase::Turns { turn: Some(t), .. } = &mut state.phase {
        t.stage = Stage::Move;
        t.moved.clear();
        t.attacked.clear();
        t.record = record;
    }
    Ok(())
}

/// A card's *Spirit*: the value it raises and by how much.
pub fn spirit_of(card: &Card) -> Option<(Stat, i8)> {
    named_effects(card).find_map(|(_, e)| match e {
        Effect::Spirit { stat, by } => Some((*stat, *by)),
        _ => None,
    })
}

/// The unique cards of `seat` a spirit from unit `from` may be laid on.
pub fn spirit_cards(state: &State, seat: Seat, from: u16) -> Vec<u16> {
    state
        .living_units(seat)
        .into_iter()
        .filter(|&u| u != from)
        .filter(|&u| super::values3::may_hold_spirit(state, from, u))
        .collect()
}

/// A figure was destroyed: when it was the last of a card with *Spirit* and its owner has
/// another unique card, the owner is asked where to lay it.
pub fn released(state: &mut State, figure: u32) {
    let Some(f) = state.figure(figure) else {
        return;
    };
    let (seat, from) = (f.owner, f.unit);
    let card = state.card_of(f);
    if state.unit_standing(from)
        || (spirit_of(card).is_none() && super::values3::drain_spirit_onto(card).is_none())
    {
        return;
    }
    if spirit_cards(state, seat, from).is_empty() {
        return;
    }
    state
        .frames
        .as_mut()
        .push(HsFrame::Spirit { seat, unit: from });
}

/// The answers to a spirit question.
pub fn spirit_answers(state: &State, seat: Seat, from: u16) -> Vec<Action> {
    spirit_cards(state, seat, from)
        .into_iter()
        .map(|unit| Action::PlaceSpirit { unit })
        .collect()
}

/// Lays the spirit of unit `from` on the card chosen.
pub fn place_spirit(
    state: &mut State,
    seat: Seat,
    from: u16,
    answer: &Action,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    let &Action::PlaceSpirit { unit } = answer else {
        return Err(Rejection::illegal(
            "lay the destroyed hero's spirit on one of your unique army cards first",
        ));
    };
    if !spirit_cards(state, seat, from).contains(&unit) {
        return Err(Rejection::illegal(format!(
            "card {unit} cannot hold the spirit: it must be one of your unique army cards with a \
             figure left"
        )));
    }
    let card = state.unit(from).map(|u| &*u.card);
    let spirit = card.and_then(spirit_of);
    let drain = card.and_then(super::values3::drain_spirit_onto).is_some();
    if spirit.is_none() && !drain {
        return Err(Rejection::illegal("this card has no spirit"));
    }
    state.frames.as_mut().pop();
    if let Some((stat, by)) = spirit {
        state.lasting.spirits.push(SpiritOn {
            from,
            onto: unit,
            stat,
            by,
        });
    }
    if drain {
        state.lasting.drain_spirits.push((from, unit));
    }
    events.push(Event::SpiritPlaced { from, onto: unit });
    Ok(())
}
