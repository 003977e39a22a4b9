//! Combat (*ATTAQUER*): the six-faced combat die (3 skulls, 2 shields, 1 blank), attack dice
//! counting skulls against defence dice counting shields, height advantage, wounds and
//! destruction; and the wounds of moving (falls, leaving an engagement). What the dice count
//! comes from [`values`]; the powers that change what they do from [`attacks`].

use serde::{Deserialize, Serialize};
use skirmish_dice::{Dice, Die};

use crate::battlefield::Level;

use super::powers::values::{self, AttackKind, Fight, Tally};
use super::powers::{attacks, rolls, rolls2};
use super::state::State;
use super::Event;

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

/// `attacker` attacks `target` with a normal attack (*Attaquer*); the wounds dealt.
pub fn attack(
    state: &mut State,
    attacker: u32,
    target: u32,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> u16 {
    resolve(state, attacker, target, AttackKind::Normal, dice, events)
}

/// One attack, normal or special: the attack dice its [`values::attack_dice`] tally says, then
/// the defence dice; the skulls (doubled by *Deadly Shot*, automatic skulls added) not blocked
/// by the shields (doubled by *Shields of Valor*, automatic shields added) wound the target,
/// unless one shield blocks all (*Stealth Dodge*) or leaves one wound (*One Shield Defense*).
/// Between the rolls, [`rolls::after_attack_roll`] lowers the defence by the skulls
/// (*Hypnosis*) or leaves it no dice after a skull on every die (*Maul*). Then *Counter
/// Strike* (or a [`rolls::riposte`], or the attacker's *Lumbering Bully*) wounds the attacker
/// for each shield beyond the skulls, *Headbutt* wounds both after an even roll, and *Life
/// Drain* heals an attacker that destroyed its target. Returns the wounds dealt.
pub fn resolve(
    state: &mut State,
    attacker: u32,
    target: u32,
    kind: AttackKind,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> u16 {
    begin(state, attacker, target, kind, dice).map_or(0, |r| finish(state, r, dice, events))
}

/// A normal attack in which the owner of a power may be asked as it begins
/// ([`rolls2::ask_before`]: *Cleave*) or between the rolls ([`rolls2::ask`]: *Onslaught
/// Aura*): the wounds dealt, or `None` when a question waits and the attack goes on once it
/// is answered.
pub fn attack_or_ask(
    state: &mut State,
    attacker: u32,
    target: u32,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<u16> {
    if rolls2::ask_before(state, attacker, target) {
        return None;
    }
    proceed(state, attacker, target, Vec::new(), dice, events)
}

/// A normal attack goes on once the figures it chose as it began are known (`chosen`): its
/// roll, and a question between the rolls or the rest ([`attack_or_ask`]).
pub(crate) fn proceed(
    state: &mut State,
    attacker: u32,
    target: u32,
    chosen: Vec<Splashed>,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<u16> {
    let Some(mut r) = begin(state, attacker, target, AttackKind::Normal, dice) else {
        return Some(0);
    };
    r.splashed = chosen;
    if rolls2::ask(state, &r, events) {
        return None;
    }
    finish_or_ask(state, r, dice, events)
}

/// A figure chosen as an attack began, which takes wounds if the defending figure receives
/// any (*Cleave*).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Splashed {
    /// The power.
    pub why: values::Why,
    /// The figure chosen.
    pub figure: u32,
    /// The wounds it takes.
    pub wounds: u16,
}

/// An attack whose attack dice are rolled and whose defence dice are not yet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rolled {
    /// The attacking figure.
    pub attacker: u32,
    /// The defending figure.
    pub target: u32,
    /// Normal or special.
    pub kind: AttackKind,
    /// The attack dice and what made them.
    pub attack_dice: Tally,
    /// The defence dice and what made them (before the powers answering the roll).
    pub defence_dice: Tally,
    /// The attack dice rolled.
    pub attack: Vec<Face>,
    /// Skulls added to the roll by powers, one entry each (*Onslaught Aura*).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub added: Vec<values::Why>,
    /// Figures chosen as the attack began (*Cleave*).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub splashed: Vec<Splashed>,
}

/// The attack begins: the dice each side rolls are counted and the attack dice rolled.
fn begin(
    state: &mut State,
    attacker: u32,
    target: u32,
    kind: AttackKind,
    dice: &mut Dice,
) -> Option<Rolled> {
    let (Some(a), Some(t)) = (
        state.figure(attacker).cloned(),
        state.figure(target).cloned(),
    ) else {
        return None;
    };
    let bonus = attacks::turn_attack_bonus(state, &a);
    attacks::record(state, attacker, target);
    let mut attack_dice = values::attack_dice(state, &a, &t, kind);
    if let Some((why, by)) = bonus {
        attack_dice.add(why, by);
    }
    let mut defence_dice = values::defence_dice(state, &a, &t, kind);
    super::powers::triggered::cap_defence(state, &a, &t, &mut defence_dice);
    super::powers::d20::hold_defence(state, &a, &t, &mut defence_dice);
    let attack = roll(dice, attack_dice.value());
    Some(Rolled {
        attacker,
        target,
        kind,
        attack_dice,
        defence_dice,
        attack,
        added: Vec::new(),
        splashed: Vec::new(),
    })
}

/// The defence of an attack whose defence dice are rolled and whose wounds are not yet put on
/// the defending figure: where a power of the defender's side may be asked
/// (`powers::wounds`: *Exoskeleton*).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Defended {
    /// The power that left the defence unrolled and the attack without damage (*Hide in
    /// Darkness*).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dodge: Option<values::Why>,
    /// What a power answering the skulls did (*Maul*).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sweep: Option<rolls::Sweep>,
    /// The defence dice rolled.
    pub defence: Vec<Face>,
    /// The power that ignores all the attack's wounds (*Exoskeleton*).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ignored: Option<values::Why>,
}

/// The attack goes on from its rolled attack dice: the defence dice, the wounds, and what
/// follows them. Returns the wounds dealt.
pub(crate) fn finish(
    state: &mut State,
    rolled: Rolled,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> u16 {
    let (rolled, defended) = defend(state, rolled, dice, events);
    land(state, rolled, defended, dice, events)
}

/// [`finish`], where a power of the defender's side may be asked once the defence dice are
/// rolled ([`super::powers::react::normal`]): `None` while the question waits; the attack
/// goes on with [`land`] once it is answered.
pub(crate) fn finish_or_ask(
    state: &mut State,
    rolled: Rolled,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<u16> {
    let (rolled, defended) = defend(state, rolled, dice, events);
    // the powers of the defender's side (*Exoskeleton*, *Gift of the Empress Aura*...), then
    // the wounds
    super::powers::react::normal(
        state,
        rolled,
        defended,
        super::powers::react::Step::Defended,
        dice,
        events,
    )
}

/// The defence dice: a power answering the skulls may leave them unrolled (*Hide in
/// Darkness*) or change them (*Hypnosis*, *Maul*), then they are rolled.
fn defend(
    state: &mut State,
    mut rolled: Rolled,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> (Rolled, Defended) {
    let dodge = super::powers::vanish::dodges(
        state,
        rolled.attacker,
        rolled.target,
        rolled.kind == AttackKind::Normal,
        skulls(&rolled.attack),
        dice,
        events,
    );
    let sweep = match (
        dodge.is_none(),
        state.figure(rolled.attacker).cloned(),
        state.figure(rolled.target).cloned(),
    ) {
        (true, Some(a), Some(t)) => {
            let fight = Fight {
                attacker: &a,
                defender: &t,
                kind: rolled.kind,
            };
            rolls::after_attack_roll(state, &fight, &rolled.attack, &mut rolled.defence_dice)
        }
        _ => None,
    };
    let defence = if dodge.is_none() {
        roll(dice, rolled.defence_dice.value())
    } else {
        Vec::new()
    };
    (
        rolled,
        Defended {
            dodge,
            sweep,
            defence,
            ignored: None,
        },
    )
}

/// What the dice of an attack come to: the skulls and shields counted, the wounds, and the
/// powers that changed them.
struct Count {
    skulls: u16,
    shields: u16,
    wounds: u16,
    rules: Vec<values::Why>,
}

fn count(state: &State, fight: &Fight, rolled: &Rolled, defended: &Defended) -> Count {
    let (attack_faces, defence_faces) = (&rolled.attack, &defended.defence);
    let (rolled_s, rolled_b) = (skulls(attack_faces), shields(defence_faces));
    let mut s = rolled_s + rolled.attack_dice.automatic() + rolled.added.len() as u16;
    let mut rules = rolled.added.clone();
    if let Some(why) = attacks::skulls_double(state, fight) {
        s += rolled_s;
        rules.push(why);
    }
    let mut b = rolled_b + rolled.defence_dice.automatic();
    if let Some(why) = attacks::shields_double(state, fight) {
        b += rolled_b;
        rules.push(why);
    }
    let mut wounds = s.saturating_sub(b);
    if wounds > 0 && b > 0 {
        if let Some(why) = attacks::one_shield_blocks_all(state, fight) {
            wounds = 0;
            rules.push(why);
        } else if rolled_b > 0 && wounds > 1 {
            if let Some(why) = attacks::one_shield_leaves_one(state, fight) {
                wounds = 1;
                rules.push(why);
            }
        }
    }
    if let Some(sw) = &defended.sweep {
        if sw.wound_per_skull {
            wounds = s;
        }
        rules.push(sw.why.clone());
    }
    if fight.kind == AttackKind::Normal {
        if let Some((why, by)) = rolls::extra_wound(state, fight.attacker, wounds, false) {
            wounds += by;
            rules.push(why);
        }
    }
    if let Some(why) = defended.dodge.clone() {
        wounds = 0;
        rules.push(why);
    }
    if let Some(why) = defended.ignored.clone() {
        wounds = 0;
        rules.push(why);
    }
    Count {
        skulls: s,
        shields: b,
        wounds,
        rules,
    }
}

/// The wounds an attack whose defence dice are rolled would put on the defending figure, before
/// the powers answering them (0 when a power destroys it outright).
pub(crate) fn wounds_of(state: &State, rolled: &Rolled, defended: &Defended) -> u16 {
    let (Some(a), Some(t)) = (state.figure(rolled.attacker), state.figure(rolled.target)) else {
        return 0;
    };
    if defended.sweep.as_ref().is_some_and(|sw| sw.destroy) {
        return 0;
    }
    let fight = Fight {
        attacker: a,
        defender: t,
        kind: rolled.kind,
    };
    count(state, &fight, rolled, defended).wounds
}

/// The attack ends from its rolled defence: the wounds, and what follows them. Returns the
/// wounds dealt.
pub(crate) fn land(
    state: &mut State,
    rolled: Rolled,
    defended: Defended,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> u16 {
    let (Some(a), Some(t)) = (
        state.figure(rolled.attacker).cloned(),
        state.figure(rolled.target).cloned(),
    ) else {
        return 0;
    };
    let fight = Fight {
        attacker: &a,
        defender: &t,
        kind: rolled.kind,
    };
    let Count {
        skulls: s,
        shields: b,
        wounds,
        rules,
    } = count(state, &fight, &rolled, &defended);
    let Rolled {
        attacker,
        target,
        kind,
        attack_dice,
        defence_dice,
        attack: attack_faces,
        splashed,
        ..
    } = rolled;
    let Defended {
        dodge,
        sweep,
        defence: defence_faces,
        ..
    } = defended;
    let height = height_bonus(a.level, t.level);
    let counter = if dodge.is_none() {
        b.saturating_sub(s)
    } else {
        0
    };
    let (counter_strike, riposte) = if counter > 0 && sweep.is_none() {
        let strike = attacks::counter_strike(state, &fight);
        let other = strike
            .is_none()
            .then(|| rolls::riposte(state, &fight).or_else(|| rolls::wound_self(state, &fight)))
            .flatten();
        (strike, other)
    } else {
        (None, None)
    };
    let headbutt = if dodge.is_none() {
        rolls::even_roll(state, &fight, s, b)
    } else {
        None
    };
    events.push(Event::Attacked {
        attacker,
        target,
        attack: attack_faces,
        defence: defence_faces,
        height,
        skulls: s,
        shields: b,
        wounds,
        attack_dice,
        defence_dice,
        rules,
    });
    // a figure falling with *Dying Swipe* stays while it swipes, as good as destroyed: what
    // would not reach a destroyed figure does not reach it
    let mut swiping = false;
    let wounds = if sweep.as_ref().is_some_and(|sw| sw.destroy) {
        destroy(state, target, events);
        wounds
    } else {
        let wounds = super::powers::triggered::before_wounds(
            state, attacker, target, true, wounds, dice, events,
        );
        swiping = super::powers::wounds::swipe_begins(
            state,
            (attacker, target),
            kind,
            wounds,
            dice,
            events,
        );
        if !swiping {
            if kind == AttackKind::Normal {
                // *Acid Sacs* rolls before the falling figure is removed
                super::powers::react::bursts(state, target, wounds, dice, events);
            }
            wound(state, target, wounds, events);
        }
        if kind == AttackKind::Normal && !swiping {
            super::powers::d20c::poison(state, attacker, target, wounds, false, dice, events);
        }
        wounds
    };
    attacks::record_wounds(state, attacker, target, wounds);
    if wounds > 0 {
        for s in splashed {
            power_wound_by(state, s.figure, s.wounds, s.why, dice, events);
        }
    }
    super::powers::markers::after_attack(state, attacker, target);
    if !swiping {
        super::powers::triggered::after_wounds(state, attacker, target, wounds, dice, events);
    }
    if counter_strike.is_some() {
        events.push(Event::CounterStruck {
            figure: target,
            attacker,
            wounds: counter,
        });
        let standing = state.figure(attacker).is_some_and(|g| !g.destroyed);
        wound_by(state, attacker, counter, dice, events);
        if standing {
            super::powers::destroyed::destroyed_by(state, target, attacker, events);
        }
    }
    if let Some(why) = riposte {
        power_wound_by(state, attacker, counter, why, dice, events);
    }
    if let Some((why, n)) = headbutt {
        for id in [attacker, target] {
            if !(swiping && id == target) {
                power_wound_by(state, id, n, why.clone(), dice, events);
            }
        }
    }
    let destroyed = !t.destroyed && state.figure(target).is_some_and(|g| g.destroyed);
    if destroyed {
        destroyed_in_attack(state, &a, &t, kind, events);
        if kind == AttackKind::Normal {
            super::powers::tiles::destroyed(state, target, dice, events);
        }
    }
    wounds
}

/// What follows an attack's destroying its defending figure: the attacker's powers answering
/// it (*Life Drain*...). `a` and `t` are the attacker and the defender as the attack began.
pub(crate) fn destroyed_in_attack(
    state: &mut State,
    a: &super::state::Figure,
    t: &super::state::Figure,
    kind: AttackKind,
    events: &mut Vec<Event>,
) {
    let (attacker, target) = (a.id, t.id);
    super::powers::destroyed::destroyed_by(state, attacker, target, events);
    if let Some(f) = state.figure(attacker).cloned() {
        if attacks::life_drain(state, &f) {
            if let Some(g) = state.figure_mut(attacker) {
                g.wounds -= 1;
            }
            events.push(Event::LifeDrained { figure: attacker });
        }
    }
    if kind == AttackKind::Normal {
        super::powers::values3::destroyed_with_normal_attack(state, attacker);
        super::powers::d20c::destroyed_with_normal_attack(state, a, t);
    }
}

/// The wounds of leaving an engagement (*Quitter un engagement*): `enemy` rolls its
/// leaving-engagement dice ([`attacks::leaving_dice`]: none against *Disengage* or from a
/// *Passive* figure), a wound per skull, no defence.
pub fn leave_engagement(
    state: &mut State,
    figure: u32,
    enemy: u32,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let (Some(f), Some(e)) = (state.figure(figure), state.figure(enemy)) else {
        return;
    };
    let n = attacks::leaving_dice(state, f, e);
    if n == 0 {
        return;
    }
    let mut faces = roll(dice, n);
    let die = faces.remove(0);
    let wounds = u16::from(die == Face::Skull) + skulls(&faces);
    let extra = rolls::extra_wound(state, e, wounds, true);
    events.push(Event::LeftEngagement {
        figure,
        enemy,
        die,
        more: faces,
    });
    let total = wounds + extra.as_ref().map_or(0, |(_, by)| *by);
    if super::powers::vanish::ignores_leaving_wounds(state, figure, total, dice, events) {
        return;
    }
    // an *Amulet of Paivatar* answers the attack's wounds, its extra wound among them
    let total = super::powers::guard::amulet(state, figure, total, dice, events);
    let wounds = wounds.min(total);
    // *Acid Sacs* rolls before the falling figure is removed
    super::powers::react::bursts(state, figure, total, dice, events);
    wound(state, figure, wounds, events);
    if let Some((why, _)) = extra {
        power_wound(state, figure, total - wounds, why, events);
    }
    super::powers::d20c::poison(state, enemy, figure, wounds, true, dice, events);
    super::powers::destroyed::destroyed_by(state, enemy, figure, events);
    super::powers::tiles::destroyed(state, figure, dice, events);
}

/// A power puts `n` wounds on a figure still on the battlefield (*Lumbering Bully*,
/// *Headbutt*...), saying which.
pub(crate) fn power_wound(
    state: &mut State,
    figure: u32,
    n: u16,
    why: values::Why,
    events: &mut Vec<Event>,
) {
    if n == 0 || !state.figure(figure).is_some_and(|f| f.on_field()) {
        return;
    }
    events.push(Event::PowerWounded {
        figure,
        wounds: n,
        why,
    });
    wound(state, figure, n, events);
}

/// [`wound`] once the powers answering wounds about to land from any source have answered
/// (*Amulet of Paivatar*: `powers::guard`).
pub(crate) fn wound_by(
    state: &mut State,
    figure: u32,
    n: u16,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let n = super::powers::guard::amulet(state, figure, n, dice, events);
    wound(state, figure, n, events);
}

/// [`power_wound`] once the powers answering wounds about to land from any source have
/// answered (*Amulet of Paivatar*: `powers::guard`).
pub(crate) fn power_wound_by(
    state: &mut State,
    figure: u32,
    n: u16,
    why: values::Why,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    if n == 0 || !state.figure(figure).is_some_and(|f| f.on_field()) {
        return;
    }
    let n = super::powers::guard::amulet(state, figure, n, dice, events);
    power_wound(state, figure, n, why, events);
}

/// Puts `n` wounds on a figure, destroying it at its life ([`values::life_of`]).
pub fn wound(state: &mut State, figure: u32, n: u16, events: &mut Vec<Event>) {
    if n == 0 {
        return;
    }
    let Some(f) = state.figure(figure) else {
        return;
    };
    let life = values::life_of(state, f).value().max(1);
    let wounds = f.wounds.saturating_add(n);
    if let Some(f) = state.figure_mut(figure) {
        f.wounds = wounds.min(life);
    }
    if wounds >= life && !super::powers::destroyed::spared_until_round_end(state, figure) {
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
    super::powers::choices::released(state, figure);
    super::powers::destroyed::heartbreak(state, figure, events);
}
