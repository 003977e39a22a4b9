//! Powers about who takes a turn, who controls a card and figures entering the battlefield:
//! a value while only one marker is left face down on the card (*Concentrated Will*), a turn
//! taken by revealing the X at the end of a player turn (*Fire When Ready*), a card given to an
//! opponent after its turn on a roll of the 20-sided die (*Stab in the Back*: the player
//! chooses the opponent when there are several, [`OpponentChoice`]).
//!
//! Secrecy: these powers read only what every player sees of the markers (how many lie face
//! down on each card, which are face up), never which one is which. *Fire When Ready* is asked
//! at the end of each of its owner's turns whenever one of the owner's markers lies face down on
//! the card and the X is still face down, whether that marker is the X or not, as the other X
//! powers are (`markers.rs`): only the owner's answers (reveal, or only decline) differ.

use serde::{Deserialize, Serialize};
use skirmish_dice::Dice;
use skirmish_engine::frames::Ask;
use skirmish_engine::{Rejection, Seat};

use crate::power::{Command, Condition, Effect};

use super::super::frames::HsFrame;
use super::super::state::{Figure, Marker, Phase, State, Turn, Unit};
use super::super::{glyphs, play, Action, Decision, Event};
use super::triggered::{mark_used, roll_bonus, turn_key, used, Offer, Then, TurnKey};

/// What these powers remember.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandMemory {
    /// The turn an X revealed at the end of a player turn gave (*Fire When Ready*): its key
    /// and the card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fire: Option<(TurnKey, u16)>,
    /// Turns at whose end it was offered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fire_asked: Vec<TurnKey>,
}

/// How many of the owner's order markers lie face down on `unit`'s card.
fn face_down_on(state: &State, unit: &Unit) -> usize {
    state.players.get(unit.owner.index()).map_or(0, |p| {
        (0..4)
            .filter(|&i| p.markers.on[i] == Some(unit.id) && !p.markers.revealed[i])
            .count()
    })
}

/// The conditions of this module, for a figure reached by an effect of `unit`'s card; false
/// for the others.
pub(crate) fn holds(state: &State, unit: &Unit, condition: &Condition) -> bool {
    match condition {
        Condition::UnrevealedMarkersHere(n) => face_down_on(state, unit) == usize::from(*n),
        _ => false,
    }
}

/// The place of `unit`'s power saying `which`, if it has one.
fn power_of(state: &State, unit: u16, which: &Command) -> Option<u8> {
    let card = &state.unit(unit)?.card;
    card.powers.iter().enumerate().find_map(|(i, p)| {
        p.effects
            .as_deref()?
            .iter()
            .any(|e| matches!(e, Effect::Command { command } if command == which))
            .then(|| u8::try_from(i).ok())?
    })
}

/// Whether `power` of `unit` is a power this module answers.
pub(crate) fn is_power(state: &State, unit: u16, power: u8) -> bool {
    power_of(state, unit, &Command::XTurnAfterYourTurn) == Some(power)
}

/// Whether the X of `seat` lies face down on `unit` with another marker of `seat`'s face
/// down there too, X or not: what the question may show the table.
fn may_ask(state: &State, seat: Seat, unit: u16) -> bool {
    let markers = &state.players[seat.index()].markers;
    !markers.revealed[Marker::X.index()]
        && (0..4).any(|i| markers.on[i] == Some(unit) && !markers.revealed[i])
}

/// The uses offered: revealing the X, when it lies face down on the card.
pub(crate) fn uses(state: &State, o: &Offer) -> Vec<Action> {
    let x = Marker::X.index();
    let markers = &state.players[o.seat.index()].markers;
    if markers.on[x] == Some(o.unit) && !markers.revealed[x] && state.unit_standing(o.unit) {
        vec![Action::UsePower {
            figure: o.figure,
            power: o.power,
            target: None,
        }]
    } else {
        Vec::new()
    }
}

/// `seat`'s player turn ends (its bonded and given turns over): the card whose turn it was may
/// be given away (*Stab in the Back*); then a card of `seat`'s that may take a turn by
/// revealing its X offers it, once per turn. True while a question is pending.
pub(crate) fn after_turn(
    state: &mut State,
    seat: Seat,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> bool {
    let (Some(turn), Some(key)) = (state.turn().cloned(), turn_key(state)) else {
        return false;
    };
    if stab_in_the_back(state, &turn, dice, events) {
        return true;
    }
    if turn.seat != seat || state.powers.command.fire_asked.contains(&key) {
        return false;
    }
    let offer = state
        .units
        .iter()
        .filter(|u| u.owner == seat)
        .find_map(|u| {
            let power = power_of(state, u.id, &Command::XTurnAfterYourTurn)?;
            let figure = state.unit_alive(u.id).find(|f| f.on_field())?.id;
            may_ask(state, seat, u.id).then_some(Offer {
                seat,
                figure,
                unit: u.id,
                power,
                then: Then::EndTurn { seat },
            })
        });
    let Some(offer) = offer else {
        return false;
    };
    let memory = &mut state.powers.command;
    memory.fire_asked.retain(|k| k.0 == key.0);
    memory.fire_asked.push(key);
    state.frames.as_mut().push(HsFrame::Power(offer));
    true
}

/// Reveals the X on the card: the turn that follows is the card's, under the X (no other
/// card's power is asked for it); true when it follows.
pub(crate) fn use_power(state: &mut State, o: &Offer, events: &mut Vec<Event>) -> bool {
    if uses(state, o).is_empty() {
        return false;
    }
    state.players[o.seat.index()].markers.revealed[Marker::X.index()] = true;
    // revealing the X is revealing an order marker: what lasts until then ends
    super::markers::marker_revealed(state, o.seat);
    events.push(Event::XRevealed {
        seat: o.seat,
        unit: o.unit,
        power: o.power,
    });
    let Some((round, next, extra)) = turn_key(state) else {
        return false;
    };
    // the answer's caller makes it the next extra turn, from its moves
    state.powers.command.fire = Some(((round, next, extra + 1), o.unit));
    let record = super::attacks::TurnRecord::starting(state);
    if let Phase::Turns {
        turn: Some(turn), ..
    } = &mut state.phase
    {
        turn.unit = o.unit;
        turn.marker = Marker::X;
        turn.record = record;
    }
    true
}

/// Whether `f` may not attack now, normally or with a special attack: it moved in the turn its
/// card's X gave at the end of a player turn (*Fire When Ready*).
pub(crate) fn moved_cannot_attack(state: &State, turn: &Turn, f: &Figure) -> bool {
    state
        .powers
        .command
        .fire
        .is_some_and(|(key, unit)| unit == f.unit && turn_key(state) == Some(key))
        && turn.moved.contains(&f.id)
}

/// The opponents `seat` may choose: the seats still in the game on another team.
pub(crate) fn opponents(state: &State, seat: Seat) -> Vec<Seat> {
    state
        .seats()
        .filter(|&s| !state.allies(s, seat) && state.in_game(s))
        .collect()
}

/// `unit`'s card goes to `to` for good: its figures with it, the markers its controller had
/// laid on it removed (a taken control, *Stab in the Back*).
pub(crate) fn give_control(state: &mut State, unit: u16, to: Seat, events: &mut Vec<Event>) {
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

/// After a turn with a card that is given away on a low roll, the roll (made once, nobody
/// asked: "you must roll"); on a give-away with several opponents, the question of which
/// ([`OpponentChoice`]); true while it is pending.
fn stab_in_the_back(
    state: &mut State,
    turn: &Turn,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> bool {
    let Some((power, at_most)) = state.unit(turn.unit).and_then(|u| {
        u.card.powers.iter().enumerate().find_map(|(i, p)| {
            p.effects.as_deref()?.iter().find_map(|e| match e {
                Effect::Command {
                    command: Command::GivenAwayAfterTurn { at_most },
                } => Some((u8::try_from(i).ok()?, *at_most)),
                _ => None,
            })
        })
    }) else {
        return false;
    };
    let Some(roller) = state.unit_alive(turn.unit).find(|f| f.on_field()).cloned() else {
        return false;
    };
    // the controller's turn with the card: once per turn
    if roller.owner != turn.seat || used(state, turn.unit, power) {
        return false;
    }
    mark_used(state, turn.unit, power);
    let bonus = glyphs::d20_bonus(state, roller.owner)
        + roll_bonus(state, roller.owner, roller.unit, power);
    let malus = super::d20c::harrowing(state, roller.owner, roller.unit);
    let die = dice.d20();
    let kept = (u16::from(die) + bonus).saturating_sub(malus) > u16::from(at_most);
    // what it takes to keep the card
    events.push(Event::PowerRolled {
        figure: roller.id,
        unit: roller.unit,
        power,
        die,
        bonus,
        distance: 0,
        needed: at_most.saturating_add(1),
        success: kept,
        malus,
    });
    if kept {
        return false;
    }
    match opponents(state, roller.owner)[..] {
        [] => false,
        [to] => {
            give_control(state, roller.unit, to, events);
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
                    for_turn: false,
                }));
            true
        }
    }
}

/// A power's player choosing one of several opponents (*Stab in the Back*: the one given the
/// card), asked as the power's [`Decision::UsePower`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpponentChoice {
    /// Who chooses.
    pub seat: Seat,
    /// The figure bearing the power.
    pub figure: u32,
    /// Its unit.
    pub unit: u16,
    /// The power's place among its card's powers.
    pub power: u8,
    /// The opponent controls the card for the rest of the turn only (*Eternal Hatred*), not
    /// for good.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub for_turn: bool,
}

/// What the frame asks: the power's use.
pub(crate) fn asks(c: &OpponentChoice) -> Ask<Decision> {
    Ask {
        seats: vec![c.seat],
        decision: Decision::UsePower {
            figure: c.figure,
            unit: c.unit,
            power: c.power,
        },
    }
}

/// The answers: each opponent.
pub(crate) fn answers(state: &State, c: &OpponentChoice, seat: Seat) -> Vec<Action> {
    if seat != c.seat {
        return Vec::new();
    }
    opponents(state, seat)
        .into_iter()
        .map(|s| Action::ChooseOpponent { seat: s })
        .collect()
}

/// The opponent chosen is given the card; the turn's end goes on.
pub(crate) fn resolve(
    state: &mut State,
    c: &OpponentChoice,
    seat: Seat,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    if !answers(state, c, seat).contains(answer) {
        return Err(Rejection::illegal("choose one of your opponents"));
    }
    let Action::ChooseOpponent { seat: to } = *answer else {
        return Err(Rejection::illegal("choose one of your opponents"));
    };
    state.frames.as_mut().pop();
    if c.for_turn {
        super::control::lend(state, c.unit, to, events);
        play::settle(state, dice, events);
        return Ok(());
    }
    give_control(state, c.unit, to, events);
    play::end_turn(state, c.seat, dice, events);
    Ok(())
}
