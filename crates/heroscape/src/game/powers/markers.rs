//! Powers that read the order markers: a marker face up on a card (*Lead by Example*, *Might of
//! Bleakewoode*, *Vigilance of Nastralund*), every marker of the round on one kind of card
//! (*Gladiator Inspiration*), a change lasting until the next marker is revealed (*Corrosive
//! Bile*), a *Bonding* turn not taken (*Dwarven Strategic Bonding*), and the X marker revealed
//! to activate a power: with a numbered marker on the card for the round (*Crag of Steel*,
//! *Frost Rage*), with any marker until the owner's next one (*Hanwi's Darkness*), or after the
//! card's turn for an additional turn (*Battle Surge*).
//!
//! Secrecy: what these powers read of the markers is what every player sees at the table (the
//! markers face up, how many lie face down on each card), except where the X lies, which only
//! its owner (and teammates) may know before it is revealed. An X question is therefore asked
//! whenever a marker of the owner's lies face down on the card and the X is still face down,
//! whether that marker is the X or not: the question is the same, only the owner's answers
//! (reveal, or only decline) differ, and nobody else is offered them.

use serde::{Deserialize, Serialize};

use crate::power::{Condition, Effect, Stat};

use super::super::frames::HsFrame;
use super::super::state::{Figure, Marker, Phase, State, Unit};
use super::super::{Action, Event};
use super::matches;
use super::triggered::{turn_key, Offer, Then, TurnKey};
use super::values::{named_effects, Fight, Tally, Why};

/// What these powers remember.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkerMemory {
    /// Defence lowered until the next marker is revealed (*Corrosive Bile*): the figure, the
    /// card whose power lowered it, the power's place, by how much.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lowered: Vec<(u32, u16, u8, u16)>,
    /// Cards whose *Inspiration* holds: the round and the card.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inspiring: Vec<(u32, u16)>,
    /// Turns (round, index) in which a *Bonding* turn was taken before the card's own turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bonded: Vec<(u32, usize)>,
    /// Cards whose *Darkness* is active, until their owner next reveals a marker.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dark: Vec<u16>,
    /// The additional turn an X gives (*Battle Surge*): its key and the card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub surge: Option<(TurnKey, u16)>,
    /// Turns after which an additional turn was offered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub surge_asked: Vec<TurnKey>,
}

/// Whether one of the markers of `unit`'s owner lies face up on a card of that owner that
/// `on` accepts.
fn revealed_on(state: &State, unit: &Unit, on: impl Fn(&Unit) -> bool) -> bool {
    let Some(player) = state.players.get(unit.owner.index()) else {
        return false;
    };
    (0..4).any(|i| {
        player.markers.revealed[i]
            && player.markers.on[i]
                .and_then(|u| state.unit(u))
                .is_some_and(|u| u.owner == unit.owner && on(u))
    })
}

/// The conditions of this module, for a figure reached by an effect of `unit`'s card; `None`
/// for the others.
pub(crate) fn holds(state: &State, unit: &Unit, condition: &Condition) -> Option<bool> {
    Some(match condition {
        Condition::RevealedMarkerHere => revealed_on(state, unit, |u| u.id == unit.id),
        Condition::RevealedMarkerOn(filter) => {
            revealed_on(state, unit, |u| matches(&u.card, filter))
        }
        Condition::NotBonded => match &state.phase {
            Phase::Turns {
                next,
                turn: Some(t),
                ..
            } => t.unit == unit.id && !state.powers.markers.bonded.contains(&(state.round, *next)),
            _ => false,
        },
        Condition::XRevealedHere => {
            let x = Marker::X.index();
            state
                .players
                .get(unit.owner.index())
                .is_some_and(|p| p.markers.on[x] == Some(unit.id) && p.markers.revealed[x])
        }
        _ => return None,
    })
}

/// A *Bonding* turn is taken: the card's own turn that follows is not without it.
pub(crate) fn bonded(state: &mut State) {
    if let Phase::Turns { next, .. } = &state.phase {
        let key = (state.round, *next);
        let round = state.round;
        let memory = &mut state.powers.markers;
        memory.bonded.retain(|(r, _)| *r == round);
        memory.bonded.push(key);
    }
}

/// Every marker is down: the cards whose *Inspiration* holds for the round are recorded (the
/// markers may move or leave later; the inspiration stays for the round).
pub(crate) fn markers_down(state: &mut State) {
    let round = state.round;
    let mut inspiring = Vec::new();
    for unit in &state.units {
        let Some(markers_on) = unit.card.powers.iter().find_map(|p| {
            p.effects.as_deref()?.iter().find_map(|e| match e {
                Effect::Inspiration { markers_on, .. } => Some(markers_on),
                _ => None,
            })
        }) else {
            continue;
        };
        let Some(player) = state.players.get(unit.owner.index()) else {
            continue;
        };
        let placed: Vec<u16> = player.markers.on.iter().flatten().copied().collect();
        let all_on = placed.iter().all(|&u| {
            state
                .unit(u)
                .is_some_and(|x| x.owner == unit.owner && matches(&x.card, markers_on))
        });
        if all_on && placed.contains(&unit.id) {
            inspiring.push((round, unit.id));
        }
    }
    state.powers.markers.inspiring = inspiring;
}

/// The changes of this module's powers to `f`'s `stat`: an *Inspiration* holding for the round,
/// a defence lowered by *Corrosive Bile*.
pub(crate) fn changes(state: &State, f: &Figure, stat: Stat, fight: Option<&Fight>, t: &mut Tally) {
    let attacking = fight.is_some_and(|x| x.attacker.id == f.id);
    let defending = fight.is_some_and(|x| x.defender.id == f.id);
    for &(round, unit) in &state.powers.markers.inspiring {
        let Some(u) = state.unit(unit).filter(|_| round == state.round) else {
            continue;
        };
        if f.unit == unit || f.owner != u.owner || !f.on_field() {
            continue;
        }
        for (power, e) in named_effects(&u.card) {
            let Effect::Inspiration {
                filter, changes, ..
            } = e
            else {
                continue;
            };
            if !matches(state.card_of(f), filter) {
                continue;
            }
            for &(s, by) in changes {
                let counts = match s {
                    Stat::Attack => attacking,
                    Stat::Defense => defending,
                    _ => true,
                };
                if s == stat && counts {
                    t.add(
                        Why::Power {
                            unit,
                            power: power.to_string(),
                        },
                        i16::from(by),
                    );
                }
            }
        }
    }
    if stat == Stat::Defense && defending {
        for &(figure, unit, power, by) in &state.powers.markers.lowered {
            if figure != f.id {
                continue;
            }
            let name = state
                .unit(unit)
                .and_then(|u| u.card.powers.get(usize::from(power)))
                .map_or_else(String::new, |p| p.name.clone());
            t.add(
                Why::Power { unit, power: name },
                -i16::try_from(by).unwrap_or(i16::MAX),
            );
        }
    }
}

/// A figure attacked another: *Corrosive Bile* lowers the defence of the figure attacked.
pub(crate) fn after_attack(state: &mut State, attacker: u32, target: u32) {
    let Some(a) = state.figure(attacker) else {
        return;
    };
    if !state.figure(target).is_some_and(Figure::on_field) {
        return;
    }
    let unit = a.unit;
    let lowered: Vec<(u8, u16)> = state
        .card_of(a)
        .powers
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let by = p.effects.as_deref()?.iter().find_map(|e| match e {
                Effect::LowerDefenceUntilReveal { by } => Some(*by),
                _ => None,
            })?;
            Some((u8::try_from(i).ok()?, by))
        })
        .collect();
    for (power, by) in lowered {
        state.powers.markers.lowered.push((target, unit, power, by));
    }
}

/// `seat` reveals an order marker: what lasted until then ends (a lowered defence, the
/// darkness of `seat`'s cards).
pub(crate) fn marker_revealed(state: &mut State, seat: skirmish_engine::Seat) {
    state.powers.markers.lowered.clear();
    super::d20c::marker_revealed(state, seat);
    super::misc::marker_revealed(state, seat);
    let units = &state.units;
    state
        .powers
        .markers
        .dark
        .retain(|&u| units.get(usize::from(u)).is_some_and(|x| x.owner != seat));
}

/// A card's *reveal the X* power: its place and its effect.
fn x_power(state: &State, unit: u16) -> Option<(u8, &Effect)> {
    let card = &state.unit(unit)?.card;
    card.powers.iter().enumerate().find_map(|(i, p)| {
        let e = p.effects.as_deref()?.iter().find(|e| {
            matches!(
                e,
                Effect::RevealXWithNumbered | Effect::RevealXWithAny | Effect::XExtraTurn { .. }
            )
        })?;
        Some((u8::try_from(i).ok()?, e))
    })
}

/// Whether `power` of `unit` is a *reveal the X* power.
pub(crate) fn is_x_power(state: &State, unit: u16, power: u8) -> bool {
    x_power(state, unit).is_some_and(|(p, _)| p == power)
}

/// Whether `seat` may be asked to reveal the X on `unit`: the X still face down (a face-up X
/// is everyone's to see) and a marker of `seat`'s face down on the card, X or not.
fn may_ask(state: &State, seat: skirmish_engine::Seat, unit: u16) -> bool {
    let markers = &state.players[seat.index()].markers;
    !markers.revealed[Marker::X.index()]
        && (0..4).any(|i| markers.on[i] == Some(unit) && !markers.revealed[i])
}

/// A marker was just revealed for the turn: the owner is asked, for each card of theirs with a
/// *reveal the X* power that this reveal wakes (any reveal, or a numbered marker on that card),
/// whether to reveal the X there too, when another of the owner's markers lies face down on
/// the card (what everyone sees); true when asked. Whether that marker is the X only the
/// owner's answers say.
pub(crate) fn offer_x(state: &mut State) -> bool {
    let Some(turn) = state.turn().cloned() else {
        return false;
    };
    let mut offers = Vec::new();
    for unit in state.units.iter().filter(|u| u.owner == turn.seat) {
        let Some((power, e)) = x_power(state, unit.id) else {
            continue;
        };
        let wakes = match e {
            Effect::RevealXWithAny => true,
            Effect::RevealXWithNumbered => turn.unit == unit.id && turn.marker != Marker::X,
            _ => false,
        };
        let Some(figure) = state
            .unit_alive(unit.id)
            .find(|f| f.on_field())
            .map(|f| f.id)
        else {
            continue;
        };
        if wakes && may_ask(state, turn.seat, unit.id) {
            offers.push(Offer {
                seat: turn.seat,
                figure,
                unit: unit.id,
                power,
                then: Then::Turn,
            });
        }
    }
    let asked = !offers.is_empty();
    for o in offers {
        state.frames.as_mut().push(HsFrame::Power(o));
    }
    asked
}

/// The uses offered: revealing the X, when it lies face down on the card.
pub(crate) fn x_uses(state: &State, o: &Offer) -> Vec<Action> {
    let x = Marker::X.index();
    let markers = &state.players[o.seat.index()].markers;
    if markers.on[x] == Some(o.unit) && !markers.revealed[x] {
        vec![Action::UsePower {
            figure: o.figure,
            power: o.power,
            target: None,
        }]
    } else {
        Vec::new()
    }
}

/// Reveals the X on the card: its power is active (for the round, until the owner's next
/// marker, or for an additional turn); true when an additional turn follows.
pub(crate) fn reveal_x(state: &mut State, o: &Offer, events: &mut Vec<Event>) -> bool {
    if x_uses(state, o).is_empty() {
        return false;
    }
    state.players[o.seat.index()].markers.revealed[Marker::X.index()] = true;
    super::misc::marker_revealed(state, o.seat);
    events.push(Event::XRevealed {
        seat: o.seat,
        unit: o.unit,
        power: o.power,
    });
    match x_power(state, o.unit).map(|(_, e)| e) {
        Some(Effect::RevealXWithAny) => {
            state.powers.markers.dark.push(o.unit);
            false
        }
        Some(Effect::XExtraTurn { .. }) => {
            // the additional turn is the next extra turn of this one
            let Some((round, next, extra)) = turn_key(state) else {
                return false;
            };
            state.powers.markers.surge = Some(((round, next, extra + 1), o.unit));
            true
        }
        _ => false,
    }
}

/// A turn ends: after the additional turn an X gave, its figures take their wounds if they
/// attacked no figure; after a turn of a card that may take one, its owner is asked (once per
/// turn); true when asked.
pub(crate) fn after_turn(
    state: &mut State,
    seat: skirmish_engine::Seat,
    events: &mut Vec<Event>,
) -> bool {
    let (Some(turn), Some(key)) = (state.turn().cloned(), turn_key(state)) else {
        return false;
    };
    if let Some((k, unit)) = state.powers.markers.surge {
        if k == key && unit == turn.unit {
            state.powers.markers.surge = None;
            let attacked = turn
                .record
                .strikes
                .iter()
                .any(|s| state.figure(s.attacker).is_some_and(|f| f.unit == unit));
            let wounds = match x_power(state, unit) {
                Some((power, Effect::XExtraTurn { idle_wounds, .. })) if !attacked => {
                    Some((power, *idle_wounds))
                }
                _ => None,
            };
            if let Some((power, n)) = wounds {
                let name = state.units[usize::from(unit)].card.powers[usize::from(power)]
                    .name
                    .clone();
                let ids: Vec<u32> = state.unit_alive(unit).map(|f| f.id).collect();
                for id in ids {
                    super::super::combat::power_wound(
                        state,
                        id,
                        n,
                        Why::Power {
                            unit,
                            power: name.clone(),
                        },
                        events,
                    );
                }
            }
        }
    }
    if state.powers.markers.surge_asked.contains(&key)
        || state.units[usize::from(turn.unit)].owner != seat
    {
        return false;
    }
    let Some((power, Effect::XExtraTurn { .. })) = x_power(state, turn.unit) else {
        return false;
    };
    let Some(figure) = state
        .unit_alive(turn.unit)
        .find(|f| f.on_field())
        .map(|f| f.id)
    else {
        return false;
    };
    if !may_ask(state, seat, turn.unit) {
        return false;
    }
    let memory = &mut state.powers.markers;
    memory.surge_asked.retain(|k| k.0 == key.0);
    memory.surge_asked.push(key);
    state.frames.as_mut().push(HsFrame::Power(Offer {
        seat,
        figure,
        unit: turn.unit,
        power,
        then: Then::EndTurn { seat },
    }));
    true
}

/// Whether the special attack `name` of `f`'s card is barred in the additional turn under way.
pub(crate) fn special_barred(state: &State, f: &Figure, name: &str) -> bool {
    let Some((key, unit)) = state.powers.markers.surge else {
        return false;
    };
    if unit != f.unit || turn_key(state) != Some(key) {
        return false;
    }
    matches!(
        x_power(state, unit),
        Some((_, Effect::XExtraTurn { barred: Some(b), .. })) if *b == crate::power::parse::normalize(name)
    )
}

/// Whether `f` may attack each adjacent figure now by an [`Effect::AttackEachAdjacentWhile`].
pub(crate) fn attacks_each_adjacent(state: &State, f: &Figure, when: &[Condition]) -> bool {
    let unit = &state.units[usize::from(f.unit)];
    when.iter()
        .all(|c| super::values::holds(state, unit, f, c, None))
}

/// Whether `f` is under an active darkness: a figure of the card, or a figure of the sizes
/// within its spaces of one.
fn in_darkness(state: &State, f: &Figure) -> bool {
    state.powers.markers.dark.iter().any(|&u| {
        let Some(unit) = state.unit(u) else {
            return false;
        };
        let Some((within, sizes)) = super::effects(&unit.card).find_map(|e| match e {
            Effect::Darkness { within, sizes } => Some((*within, sizes)),
            _ => None,
        }) else {
            return false;
        };
        state.unit_alive(u).filter(|g| g.on_field()).any(|g| {
            g.id == f.id
                || (sizes.contains(&state.card_of(f).size)
                    && super::super::geometry::range(state, g, f)
                        .is_some_and(|d| d <= u32::from(within)))
        })
    })
}

/// Whether `f` may target `t` with a normal or special attack as far as a darkness says: when
/// they are not adjacent, neither may be under one.
pub(crate) fn darkness_allows(state: &State, f: &Figure, t: &Figure) -> bool {
    state.powers.markers.dark.is_empty()
        || super::values::adjacent(state, f, t)
        || !(in_darkness(state, f) || in_darkness(state, t))
}
