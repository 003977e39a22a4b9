//! Objects (rulebook Partie 4 *Objets*) and Super Strength (*Force herculéenne*, spec ATK-5):
//! picking up during a move, holding, using in close combat, throwing, dropping.
//!
//! - An object lying on a square is hindering terrain (an `object` marker on the map).
//! - A figure with Super Strength that moves because of its own action may pick up one object
//!   on or next to a square of its path (the last square only its own, when entering it ended
//!   the move next to an opposing figure); it holds one object at most.
//! - A holder making a close attack against a single figure must use the object: +1 damage
//!   (light) or +2 (heavy), unless the attack deals no damage. A holder may throw it with a
//!   ranged combat action, whatever its range: a light object up to 8 squares for 2 damage, a
//!   heavy one up to 6 for 3. A used object leaves the game, hit or miss.
//! - A holder knocked out or losing Super Strength drops the object on its square; if one
//!   already lies there, the dropped one leaves the game.
//! - Telekinesis (spec ATK-12) moves a lying light or heavy object (option 2) or hurls it in a
//!   ranged attack (option 3); the rules for that live in `power_actions`, the object's moves
//!   here.

use serde::{Deserialize, Serialize};
use skirmish_board::square::{Marker, Square};
use skirmish_board::FigureId;

use super::event::Event;
use super::powers;
use super::state::{Fig, Interrupt, ObjectKind, State};
use crate::figure::Power;
use crate::tactics::ObjectRule;

/// What happened to an object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ObjectFate {
    /// Picked up.
    PickedUp,
    /// Used in a close attack or thrown: it leaves the game.
    Used,
    /// Dropped on the holder's square.
    Dropped,
    /// Dropped where another object lies: it leaves the game.
    Removed,
    /// Destroyed by an attack: it leaves the game.
    Destroyed,
    /// Moved by Telekinesis to the event's square.
    Moved,
    /// Used in a close attack and kept in hand (a reusable object: FAQ 2002 *Poubelle*).
    Kept,
}

/// True if the object's card gives it this rule.
pub fn has_rule(o: &super::state::Object, rule: ObjectRule) -> bool {
    o.special.as_ref().is_some_and(|d| d.rules.contains(&rule))
}

/// True if the figure holds an object with this rule.
pub fn holds_with(state: &State, figure: FigureId, rule: ObjectRule) -> bool {
    held(state, figure).is_some_and(|i| has_rule(&state.objects[i], rule))
}

/// True if the held object may be used as a weapon: its holder has Super Strength (rulebook
/// *Objets*) and it is not indestructible (the artefact never leaves the game).
fn weapon(state: &State, figure: FigureId) -> bool {
    held(state, figure).is_some_and(|i| !has_rule(&state.objects[i], ObjectRule::Indestructible))
        && state
            .fig(figure)
            .is_some_and(|f| powers::power(state, f, Power::SuperStrength))
}

/// The index of the object a figure holds.
pub fn held(state: &State, figure: FigureId) -> Option<usize> {
    state.objects.iter().position(|o| o.held_by == Some(figure))
}

/// The index of the object lying on `square` (not held). No two lying objects share a square:
/// a drop onto one removes the dropped object, and Telekinesis never moves one onto another.
pub fn lying_at(state: &State, square: Square) -> Option<usize> {
    state
        .objects
        .iter()
        .position(|o| o.square == Some(square) && o.held_by.is_none())
}

/// The kind of object a figure holds.
pub fn held_kind(state: &State, figure: FigureId) -> Option<ObjectKind> {
    held(state, figure).map(|i| state.objects[i].kind)
}

/// Squares of objects a Super Strength figure could pick up after moving along `path`.
pub fn pickup_squares(state: &State, f: &Fig, path: &[Square]) -> Vec<Square> {
    let strong = powers::power(state, f, Power::SuperStrength);
    // FAQ 2002 *Le Gagnant*: some objects need no Super Strength to be picked up.
    let light_enough = state
        .objects
        .iter()
        .any(|o| o.held_by.is_none() && has_rule(o, ObjectRule::AnyoneCarries));
    if !(strong || light_enough) || held(state, f.id).is_some() {
        return Vec::new();
    }
    let mut reach: Vec<Square> = Vec::new();
    for (i, sq) in path.iter().enumerate() {
        reach.push(*sq);
        let last = i + 1 == path.len();
        // A move that ended next to an opposing figure (within a giant's reach, too) was
        // stopped there: no picking up on the way in.
        let stopped = last
            && i > 0
            && state.in_play().any(|o| {
                state.opposed(f, o)
                    && super::reach::adjacent_at(state, f, *sq, o, super::reach::Purpose::Movement)
            });
        if !stopped {
            reach.extend(sq.neighbours().filter(|n| state.map.adjacent(*sq, *n)));
        }
    }
    let mut out: Vec<Square> = state
        .objects
        .iter()
        .filter(|o| o.kind != ObjectKind::Immobile && o.held_by.is_none())
        .filter(|o| strong || has_rule(o, ObjectRule::AnyoneCarries))
        .filter_map(|o| o.square)
        .filter(|s| reach.contains(s))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// After a figure's move: offer the objects it could pick up, before the next step of its
/// action.
pub fn offer_pickup(state: &mut State, figure: FigureId, events: &[Event]) {
    let path = events.iter().rev().find_map(|e| match e {
        Event::Moved { figure: f, path } if *f == figure => Some(path.clone()),
        _ => None,
    });
    let Some(path) = path else { return };
    let Some(f) = state.fig(figure) else { return };
    let squares = pickup_squares(state, f, &path);
    if squares.is_empty() {
        return;
    }
    state.frames().push(Interrupt::PickUp { figure, squares });
}

/// The figure picks up the object on `square`.
pub fn pick_up(state: &mut State, figure: FigureId, square: Square, events: &mut Vec<Event>) {
    let Some(i) = state
        .objects
        .iter()
        .position(|o| o.square == Some(square) && o.held_by.is_none())
    else {
        return;
    };
    let o = &mut state.objects[i];
    o.square = None;
    o.held_by = Some(figure);
    let name = o.name.clone();
    std::sync::Arc::make_mut(&mut state.map).remove_marker(square, Marker::Object);
    events.push(Event::ObjectMoved {
        figure,
        object: name,
        fate: ObjectFate::PickedUp,
        square: Some(square),
    });
}

/// Removes an object from the game. A team's object removed while an opponent of it is the
/// active player scores its points for that player (rulebook *Déterminer les points de
/// victoire*: *Objets*; only special objects cost points).
pub fn take_out(state: &mut State, i: usize, events: &mut Vec<Event>) -> super::state::Object {
    let o = state.objects.remove(i);
    if let (Some(team), Some(def)) = (o.brought_by, &o.special) {
        let active = state.active_seat();
        if def.cost > 0 && !state.allied(active, team) {
            state.seats[active.index()].victory_points += def.cost;
            events.push(Event::ObjectScored {
                object: o.name.clone(),
                scored_by: active,
                points: def.cost,
            });
        }
    }
    o
}

/// The held object is used in an attack: it leaves the game.
pub fn use_held(
    state: &mut State,
    figure: FigureId,
    events: &mut Vec<Event>,
) -> Option<ObjectKind> {
    if !weapon(state, figure) {
        return None;
    }
    let i = held(state, figure)?;
    if has_rule(&state.objects[i], ObjectRule::Reusable) {
        let o = &state.objects[i];
        events.push(Event::ObjectMoved {
            figure,
            object: o.name.clone(),
            fate: ObjectFate::Kept,
            square: None,
        });
        return Some(o.kind);
    }
    let o = take_out(state, i, events);
    events.push(Event::ObjectMoved {
        figure,
        object: o.name,
        fate: ObjectFate::Used,
        square: None,
    });
    Some(o.kind)
}

/// Telekinesis moves the object lying on `from` to `to` (spec ATK-12 option 2).
pub fn move_lying(
    state: &mut State,
    figure: FigureId,
    from: Square,
    to: Square,
    events: &mut Vec<Event>,
) {
    let Some(i) = lying_at(state, from) else {
        return;
    };
    let o = &mut state.objects[i];
    o.square = Some(to);
    let name = o.name.clone();
    std::sync::Arc::make_mut(&mut state.map).remove_marker(from, Marker::Object);
    std::sync::Arc::make_mut(&mut state.map).place_marker(to, Marker::Object);
    events.push(Event::ObjectMoved {
        figure,
        object: name,
        fate: ObjectFate::Moved,
        square: Some(to),
    });
}

/// The object lying on `square` is hurled in an attack (Telekinesis option 3): it leaves the
/// game, hit or miss, as a thrown object does.
pub fn use_lying(
    state: &mut State,
    figure: FigureId,
    square: Square,
    events: &mut Vec<Event>,
) -> Option<ObjectKind> {
    let i = lying_at(state, square)?;
    let o = take_out(state, i, events);
    std::sync::Arc::make_mut(&mut state.map).remove_marker(square, Marker::Object);
    events.push(Event::ObjectMoved {
        figure,
        object: o.name,
        fate: ObjectFate::Used,
        square: Some(square),
    });
    Some(o.kind)
}

/// Drops the object a figure holds on `square`.
pub fn drop_held(state: &mut State, figure: FigureId, square: Square, events: &mut Vec<Event>) {
    let Some(i) = held(state, figure) else { return };
    let occupied = state.objects.iter().any(|o| o.square == Some(square));
    if occupied {
        let o = take_out(state, i, events);
        events.push(Event::ObjectMoved {
            figure,
            object: o.name,
            fate: ObjectFate::Removed,
            square: Some(square),
        });
        return;
    }
    let o = &mut state.objects[i];
    o.held_by = None;
    o.square = Some(square);
    let name = o.name.clone();
    std::sync::Arc::make_mut(&mut state.map).place_marker(square, Marker::Object);
    events.push(Event::ObjectMoved {
        figure,
        object: name,
        fate: ObjectFate::Dropped,
        square: Some(square),
    });
}

/// Holders that lost Super Strength drop their object at once.
pub fn drop_if_lost(state: &mut State, events: &mut Vec<Event>) {
    let losers: Vec<(FigureId, Square)> = state
        .objects
        .iter()
        .filter_map(|o| o.held_by)
        .filter_map(|h| state.fig(h))
        .filter(|f| f.in_play() && !powers::power(state, f, Power::SuperStrength))
        .filter(|f| !holds_with(state, f.id, ObjectRule::AnyoneCarries))
        .filter_map(|f| f.square.map(|s| (f.id, s)))
        .collect();
    for (f, s) in losers {
        drop_held(state, f, s, events);
    }
}

/// Targets a holder may throw its object at, with the object's own reach.
pub fn throw_targets(state: &State, f: &Fig, occ: &skirmish_los::OccupancyGrid) -> Vec<FigureId> {
    let Some(kind) = held_kind(state, f.id).filter(|_| weapon(state, f.id)) else {
        return Vec::new();
    };
    let reach = match kind {
        ObjectKind::Light => 8,
        _ => 6,
    };
    super::combat::ranged_targets_within(state, f, occ, reach)
}

/// The figure an action makes attack, if it is an attack of any kind (FAQ 2002 *Le
/// Scientifique*: the holder « ne peut pas attaquer, ni utiliser les pouvoirs Charge et
/// Attaque en mouvement »).
pub fn attacker_of(state: &State, action: &super::action::Action) -> Option<FigureId> {
    use super::action::Action as A;
    match action {
        A::CloseAttack { attacker, .. }
        | A::RangedAttack { attacker, .. }
        | A::AreaAttack { attacker, .. }
        | A::DestroyBlocking { attacker, .. }
        | A::DestroyWall { attacker, .. } => Some(*attacker),
        A::ThrowObject { figure, .. }
        | A::TelekinesisThrow { figure, .. }
        | A::MultiAttack { figure }
        | A::DuoAttack { figure }
        | A::MoveAndAttack { figure, .. }
        | A::MindControl { figure, .. }
        | A::Capture { figure, .. }
        | A::Rescue { figure, .. } => Some(*figure),
        A::PowerMove {
            figure,
            power: Power::Charge | Power::RunningShot | Power::HypersonicSpeed,
            ..
        } => Some(*figure),
        A::Telekinesis { figure, target, .. }
            if state
                .fig(*figure)
                .zip(state.fig(*target))
                .is_some_and(|(f, t)| state.opposed(f, t)) =>
        {
            Some(*figure)
        }
        _ => None,
    }
}

/// Why the action is refused if its figure holds an object that forbids attacking.
pub fn attack_refusal(state: &State, action: &super::action::Action) -> Option<String> {
    let figure = attacker_of(state, action)?;
    if !holds_with(state, figure, ObjectRule::HolderCannotAttack) {
        return None;
    }
    let f = state.fig(figure)?;
    let o = &state.objects[held(state, figure)?];
    Some(format!(
        "{} carries {}: it can make no attack, nor use Charge, Running Shot or Hypersonic Speed (FAQ 2002 « Le Scientifique »)",
        f.label, o.name
    ))
}
