//! Combat (*ATTAQUER*): the six-faced combat die (3 skulls, 2 shields, 1 blank), attack dice
//! counting skulls against defence dice counting shields, height advantage, wounds and
//! destruction; and the wounds of moving (falls, leaving an engagement).

use serde::{Deserialize, Serialize};
use skirmish_dice::{Dice, Die};

use crate::battlefield::Level;

use super::state::State;
use super::{glyphs, Event};

/// A face of the combat die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Face {
    /// A skull (*crâne*): counts on attack.
    Skull,
    /// A shield (*bouclier*): counts on defence.
    Shield,
    /// Blank.
    Blank,
}

impl Face {
    /// The face a combat die rolled as `value` (1–3 skulls, 4–5 shields, 6 blank:
    /// [`Die::heroscape_combat`]).
    pub const fn of(value: u8) -> Face {
        match value {
            1..=3 => Face::Skull,
            4 | 5 => Face::Shield,
            _ => Face::Blank,
        }
    }
}

/// Rolls `n` combat dice.
pub fn roll(dice: &mut Dice, n: u16) -> Vec<Face> {
    let die = Die::heroscape_combat();
    (0..n).map(|_| Face::of(dice.roll(&die))).collect()
}

/// Skulls among faces.
pub fn skulls(faces: &[Face]) -> u16 {
    faces.iter().filter(|f| **f == Face::Skull).count() as u16
}

/// Shields among faces.
pub fn shields(faces: &[Face]) -> u16 {
    faces.iter().filter(|f| **f == Face::Shield).count() as u16
}

/// Extra dice for height (*L'avantage de la hauteur*): the figure whose base is higher rolls one
/// more die, two more when it is 10 levels or more higher; attacker first, defender second.
pub const fn height_bonus(attacker: Level, defender: Level) -> (u16, u16) {
    if attacker > defender {
        (if attacker - defender >= 10 { 2 } else { 1 }, 0)
    } else if defender > attacker {
        (0, if defender - attacker >= 10 { 2 } else { 1 })
    } else {
        (0, 0)
    }
}

/// Attack dice a fall rolls (*Chute*): one for a drop at least the figure's height, two at
/// least 10 levels more than it.
pub const fn fall_dice(drop: Level, height: Level) -> u16 {
    if drop >= height + 10 {
        2
    } else if drop >= height {
        1
    } else {
        0
    }
}

/// `attacker` attacks `target`: attack dice, then defence dice, and the skulls not blocked
/// wound the target.
pub fn attack(
    state: &mut State,
    attacker: u32,
    target: u32,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let (Some(a), Some(t)) = (
        state.figure(attacker).cloned(),
        state.figure(target).cloned(),
    ) else {
        return;
    };
    let (up_a, up_d) = height_bonus(a.level, t.level);
    let attack_n = glyphs::attack_of(state, &a) + up_a;
    let defence_n = glyphs::defence_of(state, &t) + up_d;
    let attack_faces = roll(dice, attack_n);
    let defence_faces = roll(dice, defence_n);
    let (s, b) = (skulls(&attack_faces), shields(&defence_faces));
    let wounds = s.saturating_sub(b);
    events.push(Event::Attacked {
        attacker,
        target,
        attack: attack_faces,
        defence: defence_faces,
        height: (up_a, up_d),
        skulls: s,
        shields: b,
        wounds,
    });
    let wounds =
        super::powers::triggered::before_wounds(state, attacker, target, wounds, dice, events);
    wound(state, target, wounds, events);
}

/// Puts `n` wounds on a figure, destroying it at its life.
pub fn wound(state: &mut State, figure: u32, n: u16, events: &mut Vec<Event>) {
    if n == 0 {
        return;
    }
    let Some(f) = state.figure(figure) else {
        return;
    };
    let life = state.card_of(f).life.max(1);
    let wounds = f.wounds.saturating_add(n);
    if let Some(f) = state.figure_mut(figure) {
        f.wounds = wounds.min(life);
    }
    if wounds >= life {
        destroy(state, figure, events);
    }
}

/// Removes a figure from the battlefield; its card leaves the game with its last figure, its
/// markers staying face down.
pub fn destroy(state: &mut State, figure: u32, events: &mut Vec<Event>) {
    let Some(f) = state.figure_mut(figure) else {
        return;
    };
    if f.destroyed {
        return;
    }
    f.destroyed = true;
    let unit = f.unit;
    events.push(Event::Destroyed { figure });
    if !state.unit_standing(unit) {
        events.push(Event::CardRemoved { unit });
    }
}
