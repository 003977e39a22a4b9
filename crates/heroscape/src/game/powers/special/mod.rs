//! Special attacks (*attaques spéciales*): [`SpecialAttack`] at play.
//!
//! In the attack step a figure of the active card may make one of its card's special attacks
//! instead of its normal attack (besides it with `with_normal_attack`; `attacks` times with
//! `attacks`): [`Action::SpecialAttack`] names the power (its index among the card's special
//! attacks), the chosen figure for a single target or an explosion, the start hex and direction
//! for a fire line, nothing for an attack on every adjacent figure. The attack dice are rolled
//! once for every figure affected (the power's dice, Astrid's glyph, and the height advantage
//! over the chosen figure when there is one); each affected figure then rolls its own defence
//! dice with its own height advantage, and none when no skull was rolled (*l'attaque est
//! nulle*). [`Event::SpecialAttacked`] lists every figure affected with its roll.
//!
//! The rules it keeps (rulebook *La ligne de feu, l'attaque spéciale de Mimring*, *Les grenades
//! des unités d'élites Aéroportées*, and the card texts):
//! * a fire line covers the hexes in a straight line from the front or back of the attacker,
//!   and affects every figure on them at any level the attacker sees, friends included unless
//!   `spares_friends`;
//! * an explosion affects the chosen figure and the figures adjacent to it (within `n` spaces
//!   for `Explosion(n)`, n > 1), the attacker only with `hits_self`; the attacker must see the
//!   figures affected unless `sight_to_target_only` (only the chosen one) or no sight is needed;
//! * no sight is needed with `no_sight`, nor with `no_sight_unless_overhang` unless the
//!   attacker or the chosen figure stands under an overhang; with `lob` the columns crossed may
//!   rise at most that many levels over the attacker's base (*12 < 16*);
//! * a `once_per_game` attack is spent once used; with `all_attackers_must_use` every figure of
//!   the card that attacks in that turn must use it too (and may, though it is spent), so it is
//!   refused once a figure of the card made a normal attack that turn;
//! * the chosen figure is an opponent's, within the power's range, and one the attacker is
//!   engaged with when it is engaged (*Les figurines engagées ne peuvent attaquer que...*);
//!   lines and attacks on every adjacent figure choose nobody and must affect an opponent's
//!   figure.
//!
//! Not kept: Ivor's glyph does not lengthen special attack ranges; value modifiers of other
//! powers reach special attacks only through the glyph and dice functions the combat rules
//! give.

pub mod area;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_dice::Dice;
use skirmish_engine::{Rejection, Seat};

use crate::card::Card;
use crate::game::state::{Figure, Phase, Stage, State};
use crate::game::{combat, geometry, glyphs, Action, Event, Face};
use crate::power::{Area, Effect, SpecialAttack};

pub use area::Line;

/// The special attacks of a card, in print order, with the printed name of their power; an
/// action names one by its index here.
pub fn specials(card: &Card) -> Vec<(&str, &SpecialAttack)> {
    card.powers
        .iter()
        .flat_map(|p| {
            p.effects.iter().flatten().filter_map(move |e| match e {
                Effect::SpecialAttack(s) => Some((p.name.as_str(), s)),
                _ => None,
            })
        })
        .collect()
}

/// One special attack made this turn by one figure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Use {
    /// The attacker.
    pub figure: u32,
    /// Its unit.
    pub unit: u16,
    /// The power's index among the card's special attacks.
    pub power: u8,
    /// How many times this turn.
    pub times: u8,
    /// The figures it chose this turn (a power with `distinct_targets` never chooses one twice).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<u32>,
}

/// What the game remembers of special attacks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Uses {
    /// Once-per-game special attacks already used: (unit, power).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spent: Vec<(u16, u8)>,
    /// The turn `this_turn` is about: the round and the turn's number in it.
    #[serde(default)]
    pub turn: (u32, usize),
    /// Special attacks made in that turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub this_turn: Vec<Use>,
}

/// The printed names of a unit's once-per-game special attacks already used.
pub fn spent(state: &State, unit: u16) -> Vec<String> {
    let Some(u) = state.unit(unit) else {
        return Vec::new();
    };
    let list = specials(&u.card);
    state
        .specials
        .spent
        .iter()
        .filter(|(x, _)| *x == unit)
        .filter_map(|(_, p)| list.get(usize::from(*p)).map(|(n, _)| n.to_string()))
        .collect()
}

/// The turn under way as (round, number of the turn in the round).
fn turn_key(state: &State) -> Option<(u32, usize)> {
    match &state.phase {
        Phase::Turns {
            next,
            turn: Some(_),
            ..
        } => Some((state.round, *next)),
        _ => None,
    }
}

/// This turn's uses (none when the record is about another turn).
fn this_turn(state: &State) -> &[Use] {
    if turn_key(state) == Some(state.specials.turn) {
        &state.specials.this_turn
    } else {
        &[]
    }
}

/// How many times `figure` made special attack `power` this turn.
fn times(state: &State, figure: u32, power: u8) -> u8 {
    this_turn(state)
        .iter()
        .filter(|u| u.figure == figure && u.power == power)
        .map(|u| u.times)
        .sum()
}

/// The special attack every attacking figure of `unit` must use this turn, if one of them used
/// a power with `all_attackers_must_use`.
fn must_use(state: &State, unit: u16) -> Option<u8> {
    let card = &state.unit(unit)?.card;
    let list = specials(card);
    this_turn(state)
        .iter()
        .filter(|u| u.unit == unit)
        .map(|u| u.power)
        .find(|p| {
            list.get(usize::from(*p))
                .is_some_and(|(_, s)| s.all_attackers_must_use)
        })
}

/// Whether a normal attack is barred to `f`: its card used a special attack every attacking
/// figure must use this turn.
pub fn normal_barred(state: &State, f: &Figure) -> bool {
    must_use(state, f.unit).is_some()
}

/// Why a special attack cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not the attack step, or not a figure of the active card on the battlefield.
    NotNow,
    /// The card has no such special attack.
    NoSuchPower,
    /// The figure made its normal attack and the power does not come besides it.
    AlreadyAttacked,
    /// The figure made all the attacks the power allows this turn.
    UsedUp(u8),
    /// The power never attacks the same figure twice in a turn, and this one it already did.
    SameTarget(u32),
    /// Another special attack of the card must be used by every attacking figure this turn.
    Barred(String),
    /// A once-per-game special attack already used.
    Spent,
    /// Every attacking figure of the card must use the power, and this figure of the card
    /// already made a normal attack this turn.
    OthersAttacked(u32),
    /// The power needs a chosen figure (single target, explosion).
    NeedsTarget,
    /// The power is a line and needs its start and direction.
    NeedsLine,
    /// The power chooses nobody (every adjacent figure), or a line was given to another area.
    NoAim,
    /// The chosen figure is not on the battlefield.
    NotOnField(u32),
    /// The chosen figure is the attacker's own or a teammate's.
    NotOpponent(u32),
    /// The chosen figure does not match the power's target filter.
    Filtered(u32),
    /// The attacker is engaged and the chosen figure is not one it is engaged with.
    Engaged(u32),
    /// The chosen figure is beyond the power's range: (spaces, range).
    OutOfRange(u32, u16),
    /// The thrown attack would have to rise higher than its lob: (height, lob).
    LobTooShort(u16, u16),
    /// No clear line of sight to the chosen figure; true when only an overhang makes it needed.
    NoSight(u32, bool),
    /// The line does not start from one of the attacker's hexes, or runs through it.
    BadLine,
    /// No opponent's figure would be affected.
    NoOpponentAffected,
}

impl Refusal {
    /// The reason, for people (explanations of illegal actions are in English).
    pub fn text(&self, state: &State, figure: u32, name: &str) -> String {
        let card = state
            .figure(figure)
            .map_or(String::new(), |f| state.card_of(f).name.clone());
        match self {
            Refusal::NotNow => format!(
                "figure {figure} cannot make a special attack now: special attacks are made in \
                 the attack step, by a figure of the active card on the battlefield"
            ),
            Refusal::NoSuchPower => {
                format!("figure {figure} ({card}) has no such special attack")
            }
            Refusal::AlreadyAttacked => format!(
                "figure {figure} has already made its normal attack this turn, and {name} does \
                 not come besides it"
            ),
            Refusal::UsedUp(n) => format!(
                "figure {figure} has already used {name} {n} time(s) this turn, all it allows"
            ),
            Refusal::SameTarget(t) => format!(
                "figure {figure} has already attacked figure {t} with {name} this turn, and \
                 {name} never attacks the same figure twice"
            ),
            Refusal::Barred(other) => format!(
                "{card} used {other} this turn: every figure of the card that attacks must use it"
            ),
            Refusal::Spent => {
                format!("{name} may be used once per game, and {card} has already used it")
            }
            Refusal::OthersAttacked(other) => format!(
                "every figure of {card} that attacks in a turn must use {name}, and figure \
                 {other} already made a normal attack this turn"
            ),
            Refusal::NeedsTarget => format!("{name} needs a chosen figure to attack"),
            Refusal::NeedsLine => format!(
                "{name} is a line: give the hex of figure {figure} it starts from and its \
                 direction"
            ),
            Refusal::NoAim => format!("{name} takes no chosen figure and no line"),
            Refusal::NotOnField(t) => format!("figure {t} is not on the battlefield"),
            Refusal::NotOpponent(t) => {
                format!("figure {t} is not an opponent's figure: {name} must choose one")
            }
            Refusal::Filtered(t) => format!("{name} cannot be used against figure {t}"),
            Refusal::Engaged(t) => format!(
                "figure {figure} is engaged and may only attack figures it is engaged with, \
                 not figure {t}"
            ),
            Refusal::OutOfRange(d, r) => {
                format!("the chosen figure is {d} spaces away, out of {name}'s range of {r}")
            }
            Refusal::LobTooShort(h, l) => format!(
                "the throw is too short: the highest column between figure {figure} and its \
                 target rises {h} levels above its base, and {name} lobs {l} at most ({l} < {h})"
            ),
            Refusal::NoSight(t, overhang) if *overhang => format!(
                "figure {figure} or figure {t} stands under an overhang, so a clear line of \
                 sight is needed, and figure {figure} does not see figure {t}"
            ),
            Refusal::NoSight(t, _) => {
                format!("figure {figure} has no clear line of sight to figure {t}")
            }
            Refusal::BadLine => {
                format!("the line must start from a hex of figure {figure} and run away from it")
            }
            Refusal::NoOpponentAffected => {
                format!("{name} would affect no opponent's figure there")
            }
        }
    }
}

/// A special attack ready to be made: who it affects, where, and its dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shot {
    /// The power's printed name.
    pub name: String,
    /// The power.
    pub power: SpecialAttack,
    /// The figures affected, the chosen one first.
    pub affected: Vec<u32>,
    /// The hexes it covers (the line, the explosion, the attacker's neighbours).
    pub cells: Vec<Hex>,
    /// Attack dice rolled once for all.
    pub attack: u16,
    /// Of those, the dice added for height over the chosen figure.
    pub height: u16,
}

/// The aim of a special attack action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aim {
    /// The attacker.
    pub figure: u32,
    /// The power's index among the card's special attacks.
    pub power: u8,
    /// The chosen figure.
    pub target: Option<u32>,
    /// The fire line.
    pub line: Option<Line>,
}

impl Aim {
    /// The aim of an action, if it is a special attack.
    pub fn of(action: &Action) -> Option<Aim> {
        match *action {
            Action::SpecialAttack {
                figure,
                power,
                target,
                line,
            } => Some(Aim {
                figure,
                power,
                target,
                line,
            }),
            _ => None,
        }
    }
}

/// The special attack `aim` would make now, or why it cannot.
pub fn shot(state: &State, aim: &Aim) -> Result<Shot, Refusal> {
    let turn = state.turn().ok_or(Refusal::NotNow)?;
    let f = state
        .figure(aim.figure)
        .filter(|f| f.on_field() && f.unit == turn.unit && turn.stage == Stage::Attack)
        .ok_or(Refusal::NotNow)?;
    let card = state.card_of(f);
    let list = specials(card);
    let (name, power) = *list
        .get(usize::from(aim.power))
        .ok_or(Refusal::NoSuchPower)?;
    let used = times(state, f.id, aim.power);
    if !power.with_normal_attack && used == 0 && turn.attacked.contains(&f.id) {
        return Err(Refusal::AlreadyAttacked);
    }
    if used >= power.attacks.max(1) {
        return Err(Refusal::UsedUp(used));
    }
    if let Some(p) = must_use(state, f.unit).filter(|p| *p != aim.power) {
        let other = list.get(usize::from(p)).map_or("", |(n, _)| *n);
        return Err(Refusal::Barred(other.to_string()));
    }
    if power.once_per_game
        && state.specials.spent.contains(&(f.unit, aim.power))
        && !(power.all_attackers_must_use && must_use(state, f.unit) == Some(aim.power))
    {
        return Err(Refusal::Spent);
    }
    if power.all_attackers_must_use {
        let normal = turn.attacked.iter().find(|id| {
            state.figure(**id).is_some_and(|g| g.unit == f.unit)
                && !this_turn(state).iter().any(|u| u.figure == **id)
        });
        if let Some(other) = normal {
            return Err(Refusal::OthersAttacked(*other));
        }
    }
    let mut shot = Shot {
        name: name.to_string(),
        power: power.clone(),
        affected: Vec::new(),
        cells: Vec::new(),
        attack: glyphs::attack_of(state, f)
            .saturating_sub(card.attack)
            .saturating_add(power.attack),
        height: 0,
    };
    match power.area {
        Area::Single | Area::Explosion(_) => {
            if aim.line.is_some() {
                return Err(Refusal::NoAim);
            }
            let t = aim.target.ok_or(Refusal::NeedsTarget)?;
            if power.distinct_targets
                && this_turn(state)
                    .iter()
                    .any(|u| u.figure == f.id && u.power == aim.power && u.targets.contains(&t))
            {
                return Err(Refusal::SameTarget(t));
            }
            let target = chosen(state, f, power, t)?;
            shot.affected.push(t);
            shot.cells.extend(target.hexes());
            let (up, _) = combat::height_bonus(f.level, target.level);
            shot.height = up;
            shot.attack += up;
            if let Area::Explosion(n) = power.area {
                let sight = needs_sight(state, f, power, target) && !power.sight_to_target_only;
                for g in state.figures.iter().filter(|g| g.on_field() && g.id != t) {
                    let near = if n <= 1 {
                        area::adjacent(state, target, g)
                    } else {
                        area::spaces(target, g) <= u32::from(n)
                    };
                    let seen = g.id == f.id || !sight || geometry::can_see(state, f, g);
                    if near && seen && affects(state, f, power, g) {
                        shot.affected.push(g.id);
                    }
                }
                shot.cells.extend(blast(state, target, n));
            }
        }
        Area::Line(n) => {
            if aim.target.is_some() {
                return Err(Refusal::NoAim);
            }
            let line = aim.line.ok_or(Refusal::NeedsLine)?;
            if !area::lines(f, n).contains(&line) {
                return Err(Refusal::BadLine);
            }
            let hexes = line.hexes(n);
            for h in &hexes {
                let mut here: Vec<&Figure> = state
                    .figures
                    .iter()
                    .filter(|g| g.on_field() && g.id != f.id && g.hexes().any(|x| x == *h))
                    .filter(|g| !shot.affected.contains(&g.id))
                    .collect();
                here.sort_by_key(|g| g.id);
                for g in here {
                    let seen = power.no_sight || geometry::can_see(state, f, g);
                    if seen && affects(state, f, power, g) {
                        shot.affected.push(g.id);
                    }
                }
            }
            shot.cells = hexes
                .into_iter()
                .filter(|h| state.field.column(*h).is_some())
                .collect();
        }
        Area::AllAdjacent => {
            if aim.target.is_some() || aim.line.is_some() {
                return Err(Refusal::NoAim);
            }
            for g in state
                .figures
                .iter()
                .filter(|g| g.on_field() && g.id != f.id)
            {
                if area::adjacent(state, f, g) && affects(state, f, power, g) {
                    shot.affected.push(g.id);
                }
            }
            shot.cells = f
                .hexes()
                .flat_map(|h| h.neighbours())
                .filter(|h| !f.hexes().any(|x| x == *h) && state.field.column(*h).is_some())
                .collect();
            shot.cells.sort();
            shot.cells.dedup();
        }
    }
    let opponent = |id: &u32| {
        state
            .figure(*id)
            .is_some_and(|g| !state.allies(g.owner, f.owner))
    };
    if !shot.affected.iter().any(opponent) {
        return Err(Refusal::NoOpponentAffected);
    }
    Ok(shot)
}

/// The chosen figure of a single-target attack or an explosion, checked.
fn chosen<'a>(
    state: &'a State,
    f: &Figure,
    power: &SpecialAttack,
    t: u32,
) -> Result<&'a Figure, Refusal> {
    let target = state
        .figure(t)
        .filter(|t| t.on_field())
        .ok_or(Refusal::NotOnField(t))?;
    if target.id == f.id || state.allies(target.owner, f.owner) {
        return Err(Refusal::NotOpponent(t));
    }
    if power
        .targets
        .as_ref()
        .is_some_and(|filter| !super::matches(state.card_of(target), filter))
    {
        return Err(Refusal::Filtered(t));
    }
    let engaged = geometry::engaged_with(state, f);
    if !engaged.is_empty() && !engaged.contains(&t) {
        return Err(Refusal::Engaged(t));
    }
    let range = power.range.unwrap_or(1);
    match geometry::range(state, f, target) {
        Some(d) if d <= u32::from(range) => {}
        d => return Err(Refusal::OutOfRange(d.unwrap_or(u32::MAX), range)),
    }
    if let Some(lob) = power.lob {
        let h = area::lob_height(state, f, target);
        if h > lob {
            return Err(Refusal::LobTooShort(h, lob));
        }
    }
    if needs_sight(state, f, power, target) && !geometry::can_see(state, f, target) {
        return Err(Refusal::NoSight(t, power.no_sight_unless_overhang));
    }
    Ok(target)
}

/// Whether the attacker must see the chosen figure.
fn needs_sight(state: &State, f: &Figure, power: &SpecialAttack, target: &Figure) -> bool {
    !power.no_sight
        && (!power.no_sight_unless_overhang
            || area::under_overhang(state, f)
            || area::under_overhang(state, target))
}

/// Whether a figure in the area is affected: the attacker only with `hits_self`, friends not
/// with `spares_friends`, and only figures the power may attack.
fn affects(state: &State, f: &Figure, power: &SpecialAttack, g: &Figure) -> bool {
    if g.id == f.id {
        return power.hits_self;
    }
    if power.spares_friends && state.allies(g.owner, f.owner) {
        return false;
    }
    power
        .targets
        .as_ref()
        .is_none_or(|filter| super::matches(state.card_of(g), filter))
}

/// The hexes of an explosion around the chosen figure: its neighbours (within `n` for a
/// larger one) that are on the battlefield.
fn blast(state: &State, target: &Figure, n: u16) -> Vec<Hex> {
    let mut out: Vec<Hex> = Vec::new();
    let mut ring: Vec<Hex> = target.hexes().collect();
    for _ in 0..n.max(1) {
        let next: Vec<Hex> = ring.iter().flat_map(|h| h.neighbours()).collect();
        ring = next;
        for h in &ring {
            if !target.hexes().any(|x| x == *h)
                && !out.contains(h)
                && state.field.column(*h).is_some()
            {
                out.push(*h);
            }
        }
    }
    out
}

/// Every special attack the active card's figures may make now.
pub fn actions(state: &State) -> Vec<Action> {
    let Some(turn) = state.turn() else {
        return Vec::new();
    };
    if turn.stage != Stage::Attack {
        return Vec::new();
    }
    let mut out = Vec::new();
    for f in state
        .figures
        .iter()
        .filter(|f| f.unit == turn.unit && f.on_field())
    {
        for (i, (_, power)) in specials(state.card_of(f)).into_iter().enumerate() {
            let power_ix = u8::try_from(i).unwrap_or(u8::MAX);
            let aims: Vec<Aim> = match power.area {
                Area::Single | Area::Explosion(_) => state
                    .figures
                    .iter()
                    .filter(|t| t.on_field() && !state.allies(t.owner, f.owner))
                    .map(|t| Aim {
                        figure: f.id,
                        power: power_ix,
                        target: Some(t.id),
                        line: None,
                    })
                    .collect(),
                Area::Line(n) => area::lines(f, n)
                    .into_iter()
                    .map(|l| Aim {
                        figure: f.id,
                        power: power_ix,
                        target: None,
                        line: Some(l),
                    })
                    .collect(),
                Area::AllAdjacent => vec![Aim {
                    figure: f.id,
                    power: power_ix,
                    target: None,
                    line: None,
                }],
            };
            for aim in aims {
                match shot(state, &aim) {
                    Ok(_) => out.push(Action::SpecialAttack {
                        figure: aim.figure,
                        power: aim.power,
                        target: aim.target,
                        line: aim.line,
                    }),
                    // Nothing else of this power can be legal for this figure.
                    Err(
                        Refusal::NotNow
                        | Refusal::AlreadyAttacked
                        | Refusal::UsedUp(_)
                        | Refusal::Barred(_)
                        | Refusal::Spent
                        | Refusal::OthersAttacked(_),
                    ) => break,
                    Err(_) => {}
                }
            }
        }
    }
    out
}

/// Whether a figure of the active card can still make a special attack (the turn goes on).
pub fn any_left(state: &State) -> bool {
    !actions(state).is_empty()
}

/// Why a special attack action is refused.
pub fn explain(state: &State, action: &Action) -> Option<String> {
    let aim = Aim::of(action)?;
    let name = state
        .figure(aim.figure)
        .and_then(|f| {
            specials(state.card_of(f))
                .get(usize::from(aim.power))
                .map(|(n, _)| n.to_string())
        })
        .unwrap_or_else(|| "the special attack".into());
    Some(match shot(state, &aim) {
        Err(r) => r.text(state, aim.figure, &name),
        Ok(_) => "that is not asked now".into(),
    })
}

/// One figure affected by a special attack and its defence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hit {
    /// The figure.
    pub figure: u32,
    /// Its defence dice (none when no skull was rolled).
    pub defence: Vec<Face>,
    /// Defence dice it added for height.
    pub height: u16,
    /// Shields.
    pub shields: u16,
    /// Wounds it takes.
    pub wounds: u16,
}

/// Makes a special attack: the attack dice once, then each affected figure's defence, then the
/// wounds in the order listed.
pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    let aim = Aim::of(action).ok_or_else(|| Rejection::illegal("not a special attack"))?;
    let shot = shot(state, &aim).map_err(|r| {
        let name = state
            .figure(aim.figure)
            .and_then(|f| {
                specials(state.card_of(f))
                    .get(usize::from(aim.power))
                    .map(|(n, _)| n.to_string())
            })
            .unwrap_or_default();
        Rejection::illegal(r.text(state, aim.figure, &name))
    })?;
    if state.turn().is_none_or(|t| t.seat != seat) {
        return Err(Rejection::illegal(
            Refusal::NotNow.text(state, aim.figure, &shot.name),
        ));
    }
    record(state, &aim, &shot.power);
    let Some(a) = state.figure(aim.figure).cloned() else {
        return Ok(());
    };
    let attack = combat::roll(dice, shot.attack);
    let skulls = combat::skulls(&attack);
    let mut hits = Vec::new();
    for id in &shot.affected {
        let Some(t) = state.figure(*id) else {
            continue;
        };
        let (_, up) = combat::height_bonus(a.level, t.level);
        let defence = if skulls == 0 {
            Vec::new()
        } else {
            combat::roll(dice, glyphs::defence_of(state, t) + up)
        };
        let shields = combat::shields(&defence);
        hits.push(Hit {
            figure: *id,
            height: if skulls == 0 { 0 } else { up },
            shields,
            wounds: skulls.saturating_sub(shields),
            defence,
        });
    }
    let wounds: Vec<(u32, u16)> = hits.iter().map(|h| (h.figure, h.wounds)).collect();
    events.push(Event::SpecialAttacked {
        attacker: a.id,
        power: shot.name,
        target: aim.target,
        line: aim.line,
        attack,
        height: shot.height,
        skulls,
        hits,
    });
    for (id, n) in wounds {
        combat::wound(state, id, n, events);
    }
    Ok(())
}

/// Counts the use: this turn's record, a once-per-game power spent, and the figure's attack
/// taken unless the power comes besides the normal attack.
fn record(state: &mut State, aim: &Aim, power: &SpecialAttack) {
    let Some(key) = turn_key(state) else {
        return;
    };
    let Some(unit) = state.figure(aim.figure).map(|f| f.unit) else {
        return;
    };
    let uses = &mut state.specials;
    if uses.turn != key {
        uses.turn = key;
        uses.this_turn.clear();
    }
    match uses
        .this_turn
        .iter_mut()
        .find(|u| u.figure == aim.figure && u.power == aim.power)
    {
        Some(u) => {
            u.times = u.times.saturating_add(1);
            u.targets.extend(aim.target);
        }
        None => uses.this_turn.push(Use {
            figure: aim.figure,
            unit,
            power: aim.power,
            times: 1,
            targets: aim.target.into_iter().collect(),
        }),
    }
    if power.once_per_game && !uses.spent.contains(&(unit, aim.power)) {
        uses.spent.push((unit, aim.power));
    }
    if !power.with_normal_attack {
        if let Phase::Turns {
            turn: Some(turn), ..
        } = &mut state.phase
        {
            if !turn.attacked.contains(&aim.figure) {
                turn.attacked.push(aim.figure);
            }
        }
    }
}
