//! Special attacks (*attaques spéciales*): [`SpecialAttack`] at play.
//!
//! In the attack step a figure of the active card may make one of its card's special attacks
//! instead of its normal attack (besides it with `with_normal_attack`; `attacks` times with
//! `attacks`, and once more after each attack that did what `again` asks):
//! [`Action::SpecialAttack`] names the power (its index among the card's special attacks), the
//! chosen figure for a single target or an explosion, the start hex and direction for a fire
//! line, nothing for an attack on every adjacent figure. The attack dice are rolled once for
//! every figure affected; each affected figure then rolls its own defence dice, and none when
//! no skull was rolled (*l'attaque est nulle*). Both counts are the ones of
//! [`values::attack_dice`] and [`values::defence_dice`] with [`AttackKind::Special`], as for a
//! normal attack (*ajoutez un dé ou plusieurs dés en tenant compte des bonus obtenus par les
//! pouvoirs, les glyphes ou la hauteur*): the power's printed dice, glyphs, the powers of every
//! card that reach the figures (those naming special attacks included, those naming normal
//! attacks left out), automatic skulls and shields, and height. The attacker's height
//! advantage is over the chosen figure; a line or an attack on every adjacent figure chooses
//! none, so it rolls no height die, and the powers that look at the defender look at the first
//! opponent's figure it affects. Each defender counts its own height advantage, and
//! `weaker_defence` takes its dice off the figures it names. [`Event::SpecialAttacked`] lists
//! every figure affected with its roll and what made its dice.
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
//! Not kept: Ivor's glyph does not lengthen special attack ranges.

mod also;
pub mod area;
pub mod barrage;
mod chain;
pub mod challenge;
mod combined;
pub mod drill;
pub mod extra_attacks;
pub mod mastery;
mod psionic;
pub mod reach;
mod refusal;
mod riders;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests2;
#[cfg(test)]
mod tests3;
#[cfg(test)]
mod tests4;
#[cfg(test)]
mod tests5;
mod venom;
pub mod volley;

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_dice::Dice;
use skirmish_engine::{Rejection, Seat};

use super::values::{self, AttackKind, Tally, Why};
use crate::card::Card;
use crate::game::state::{Figure, Phase, Stage, State};
use crate::game::{combat, geometry, Action, Event, Face};
use crate::power::{Area, Effect, SpecialAttack};

pub use area::Line;
pub use refusal::Refusal;

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
    /// Its last attack did what the power's `again` asks: it may attack once more.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub again: bool,
    /// The chosen dice it rolled this turn, for a power with a pool of dice.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub dice: u16,
    /// The figures adjacent to its last defender when that attack began: a chained power's
    /// next attack chooses among them (*Arcane Bolt*).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub beside: Vec<u32>,
    /// The dice each of its attacks chose this turn, in order (*Full Barrage*'s pairs).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chosen: Vec<u16>,
}

fn is_zero(n: &u16) -> bool {
    *n == 0
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
    /// The drill move under way and the figures it passes through (*Drill-Drive*).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drill: Option<drill::Drilled>,
    /// The barrage under way (*Ninjutsu Barrage*).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub barrage: Option<barrage::Barrage>,
    /// This turn's placings of a figure before its attacks (*Ninjutsu Mastery*).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mastery: Option<mastery::Mastery>,
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

/// The chosen dice `figure` rolled with `power` this turn.
fn dice_spent(state: &State, figure: u32, power: u8) -> u16 {
    this_turn(state)
        .iter()
        .filter(|u| u.figure == figure && u.power == power)
        .map(|u| u.dice)
        .sum()
}

/// The dice `same_target_extra` offers `aim`: the printed dice and the extra, when this is
/// the figure's second attack with the power this turn and at the figure its first one chose.
fn extra_offered(state: &State, f: &Figure, aim: &Aim, power: &SpecialAttack) -> Option<u16> {
    let extra = power.same_target_extra?;
    let t = aim.target?;
    let earlier = this_turn(state)
        .iter()
        .find(|u| u.figure == f.id && u.power == aim.power)?;
    (earlier.times == 1 && earlier.targets.first() == Some(&t))
        .then_some(power.attack.saturating_add(extra))
}

/// Whether `figure`'s last attack with `power` this turn earned it another (`again`).
fn again_earned(state: &State, figure: u32, power: u8) -> bool {
    this_turn(state)
        .iter()
        .any(|u| u.figure == figure && u.power == power && u.again)
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
        || combined::barring(state, f.unit).is_some()
        || barrage::began(state, f)
        || mastery::began(state, f)
}

/// Why a normal attack is barred to `figure`, for people, if it is.
pub fn barred_text(state: &State, figure: u32) -> Option<String> {
    let f = state.figure(figure)?;
    if let Some(name) = combined::barring(state, f.unit) {
        return Some(format!(
            "figure {figure} cannot attack this turn: its card used {name}, after which no \
             other figure of the card attacks"
        ));
    }
    must_use(state, f.unit).map(|_| {
        format!(
            "figure {figure} must use its card's special attack this turn: another figure of \
             the card used it, and every figure of the card that attacks must use it"
        )
    })
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
    /// What made the attack dice: the printed dice and each change.
    pub dice: Tally,
}

/// The aim of a special attack action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Aim {
    /// The attacker.
    pub figure: u32,
    /// The power's index among the card's special attacks.
    pub power: u8,
    /// The chosen figure.
    pub target: Option<u32>,
    /// The fire line.
    pub line: Option<Line>,
    /// The attack dice chosen.
    pub dice: Option<u16>,
    /// The other figures chosen besides the targeted one.
    pub also: Vec<u32>,
}

impl Aim {
    /// The aim of an action, if it is a special attack.
    pub fn of(action: &Action) -> Option<Aim> {
        match action {
            Action::SpecialAttack {
                figure,
                power,
                target,
                line,
                dice,
                also,
            } => Some(Aim {
                figure: *figure,
                power: *power,
                target: *target,
                line: *line,
                dice: *dice,
                also: also.clone(),
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
    if let Some(other) = combined::barring(state, f.unit) {
        return Err(Refusal::CombinedUsed(other));
    }
    if power.not_after_run && !turn.record.ran.is_empty() {
        return Err(Refusal::AfterRun);
    }
    // A chained attack after the first: its dice, and a target beside the last defender.
    let link = power.chain.filter(|_| used > 0);
    let linked_dice = match link {
        Some(c) => Some(chain::dice(power, c, used)?),
        None => None,
    };
    if super::markers::special_barred(state, f, name) {
        return Err(Refusal::NotThisTurn);
    }
    let printed = match (power.dice_choice.is_empty(), aim.dice) {
        (true, None) => linked_dice.unwrap_or(power.attack),
        (true, Some(n)) if extra_offered(state, f, aim, power) == Some(n) => n,
        (true, Some(n)) => return Err(Refusal::NotOffered(n)),
        (false, None) => return Err(Refusal::NeedsDice(power.dice_choice.clone())),
        (false, Some(n)) if !power.dice_choice.contains(&n) => return Err(Refusal::NotOffered(n)),
        (false, Some(n)) => n,
    };
    if let Some(pool) = power.dice_pool {
        // A pool of dice: as many attacks as it lasts.
        let rolled = dice_spent(state, f.id, aim.power);
        if rolled >= pool {
            return Err(Refusal::PoolSpent(rolled, pool));
        }
        if printed > pool - rolled {
            return Err(Refusal::PoolShort(printed, pool - rolled));
        }
    } else if used >= power.attacks.max(1) && !again_earned(state, f.id, aim.power) {
        return Err(Refusal::UsedUp(used));
    }
    if let Some(p) = must_use(state, f.unit).filter(|p| *p != aim.power) {
        let other = list.get(usize::from(p)).map_or("", |(n, _)| *n);
        return Err(Refusal::Barred(other.to_string()));
    }
    if power.after_moving && !turn.moved.contains(&f.id) {
        return Err(Refusal::NotMoved);
    }
    if barrage::moved_normally(state, f, name) {
        return Err(Refusal::Moved);
    }
    if let Some(why) = mastery::refusal(state, f, name, used, power.attacks) {
        return Err(why);
    }
    if (power.not_after_moving || super::command::moved_cannot_attack(state, turn, f))
        && turn.moved.contains(&f.id)
    {
        return Err(Refusal::Moved);
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
    let mut power = power.clone();
    power.attack = mastery::dice(state, f, name, printed);
    riders::pair_range(state, f, aim, name, &mut power)?;
    let power = &power;
    let mut shot = Shot {
        name: name.to_string(),
        power: power.clone(),
        affected: Vec::new(),
        cells: Vec::new(),
        attack: 0,
        height: 0,
        dice: Tally::default(),
    };
    match power.area {
        Area::Single | Area::Explosion(_) => {
            if aim.line.is_some()
                && (power.line_from_target.is_none() || power.area != Area::Single)
            {
                return Err(Refusal::NoAim);
            }
            let t = aim.target.ok_or(Refusal::NeedsTarget)?;
            if link.is_some() {
                chain::check(state, f, aim)?;
            }
            if power.distinct_targets
                && this_turn(state)
                    .iter()
                    .any(|u| u.figure == f.id && u.power == aim.power && u.targets.contains(&t))
            {
                return Err(Refusal::SameTarget(t));
            }
            let target = chosen(state, f, power, t, link.is_none())?;
            riders::not_adjacent_at_start(state, f, name, target)?;
            if let Some((filter, n)) = &power.dice_against {
                // *Shuriken*: its dice by the figure attacked
                if super::matches(state.card_of(target), filter) {
                    shot.power.attack = *n;
                }
            }
            shot.affected.push(t);
            shot.cells.extend(target.hexes());
            if let Some(c) = power.combined {
                // The others named are attackers, not figures affected.
                combined::partners(state, f, c, target, aim)?;
            } else {
                for g in also::chosen(state, f, power, target, &aim.also)? {
                    shot.affected.push(g.id);
                    shot.cells.extend(g.hexes());
                }
            }
            if let (Some(n), Some(line)) = (power.line_from_target, aim.line) {
                // *Burning Breath*: a fire line from the targeted figure.
                if !area::lines(target, n).contains(&line) {
                    return Err(Refusal::BadTargetLine);
                }
                line_figures(state, f, power, line, n, &mut shot);
            }
            if let Area::Explosion(n) = power.area {
                let sight = needs_sight(state, f, power, target) && !power.sight_to_target_only;
                for g in state.figures.iter().filter(|g| g.on_field() && g.id != t) {
                    let near = if n <= 1 {
                        area::adjacent(state, target, g)
                    } else {
                        area::spaces(target, g) <= u32::from(n)
                    } && (!power.beside_attacker || area::adjacent(state, f, g));
                    let seen = g.id == f.id || !sight || geometry::can_see(state, f, g);
                    if near && seen && affects(state, f, power, g) {
                        shot.affected.push(g.id);
                    }
                }
                shot.cells.extend(blast(state, target, n));
            }
        }
        Area::Line(n) => {
            if aim.target.is_some() || !aim.also.is_empty() {
                return Err(Refusal::NoAim);
            }
            let line = aim.line.ok_or(Refusal::NeedsLine)?;
            if !area::lines(f, n).contains(&line) {
                return Err(Refusal::BadLine);
            }
            line_figures(state, f, power, line, n, &mut shot);
        }
        Area::AllAdjacent => {
            if aim.target.is_some() || aim.line.is_some() || !aim.also.is_empty() {
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
    // *Combat Challenge*: an attack choosing nobody must reach a challenger.
    let must = challenge::challengers(state, f);
    if !must.is_empty() && !shot.affected.iter().any(|id| must.contains(id)) {
        return Err(Refusal::Challenged(must[0]));
    }
    let Some(reference) = shot
        .affected
        .iter()
        .find(|id| opponent(id))
        .and_then(|id| state.figure(*id))
    else {
        return Err(Refusal::NoOpponentAffected);
    };
    let striker = combined::height_figure(state, f, aim, power);
    let mut dice = attack_tally(state, striker, reference, &shot);
    if aim.target.is_none() && !power.separately {
        // No chosen figure: no height advantage over one.
        dice.changes.retain(|c| c.why != Why::Height);
    }
    shot.height = height_of(&dice);
    shot.attack = dice.value();
    shot.dice = dice;
    Ok(shot)
}

/// Adds the figures on a fire line's hexes to the shot, at any level the attacker sees
/// (friends too unless the power spares them, never the attacker), and the hexes on the
/// battlefield to its cells.
fn line_figures(
    state: &State,
    f: &Figure,
    power: &SpecialAttack,
    line: Line,
    n: u16,
    shot: &mut Shot,
) {
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
    shot.cells.extend(
        hexes
            .into_iter()
            .filter(|h| state.field.column(*h).is_some()),
    );
}

/// The attack dice of `a`'s special attack against `t`: [`values::attack_dice`] and the
/// power's own `bonus` (and a die per wound on `a` with `per_own_wound`).
fn attack_tally(state: &State, a: &Figure, t: &Figure, shot: &Shot) -> Tally {
    let kind = AttackKind::Special {
        dice: shot.power.attack,
    };
    let mut tally = values::attack_dice(state, a, t, kind);
    if let Some(b) = &shot.power.bonus {
        let n = state
            .figures
            .iter()
            .filter(|g| g.on_field() && g.owner == a.owner && g.id != a.id)
            .filter(|g| super::matches(state.card_of(g), &b.per))
            .filter(|g| values::within_clear_sight(state, a, g, b.within))
            .count();
        let n = u16::try_from(n).unwrap_or(u16::MAX).min(b.max);
        tally.add(
            Why::Power {
                unit: a.unit,
                power: shot.name.clone(),
            },
            i16::try_from(n).unwrap_or(0),
        );
    }
    if shot.power.per_own_wound && a.wounds > 0 {
        tally.add(
            Why::Power {
                unit: a.unit,
                power: shot.name.clone(),
            },
            i16::try_from(a.wounds).unwrap_or(0),
        );
    }
    tally
}

/// The dice a tally added for height.
pub(crate) fn height_of(t: &Tally) -> u16 {
    t.changes
        .iter()
        .filter(|c| c.why == Why::Height)
        .map(|c| u16::try_from(c.by).unwrap_or(0))
        .sum()
}

/// The chosen figure of a single-target attack or an explosion, checked.
fn chosen<'a>(
    state: &'a State,
    f: &Figure,
    power: &SpecialAttack,
    t: u32,
    ranged: bool,
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
    if power.target_beside_own
        && !state.figures.iter().any(|g| {
            g.on_field()
                && g.id != target.id
                && g.owner == f.owner
                && area::adjacent(state, target, g)
        })
    {
        return Err(Refusal::NotBesideOwn(t));
    }
    if power.non_adjacent && values::adjacent(state, f, target) {
        return Err(Refusal::Adjacent(t));
    }
    if let Some(most) = power.level_gap {
        let gap = f.level.abs_diff(target.level);
        if gap > most {
            return Err(Refusal::LevelGap(t, gap, most));
        }
    }
    let engaged = geometry::engaged_with(state, f);
    if !engaged.is_empty() && !engaged.contains(&t) {
        return Err(Refusal::Engaged(t));
    }
    if super::start_choices::spares(state, f, target) {
        return Err(Refusal::Filtered(t));
    }
    if !challenge::allows(state, f, t) {
        return Err(Refusal::Challenged(t));
    }
    if !super::guard::may_target(state, f, target) {
        return Err(Refusal::Filtered(t));
    }
    if let Some(n) =
        reach::reach_limit(state, target).filter(|_| !reach::may_target(state, f, target))
    {
        return Err(Refusal::BeyondReach(t, n));
    }
    if !super::markers::darkness_allows(state, f, target) {
        return Err(Refusal::Darkness(t));
    }
    // A chained attack's later targets are at any range (*Range 5 + Special*).
    let range = power.range.unwrap_or(1);
    match geometry::range(state, f, target) {
        Some(d) if d <= u32::from(range) || !ranged => {}
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
                    .flat_map(|t| {
                        let others = if power.combined.is_some() {
                            combined::choices(state, f, power, t)
                        } else {
                            also::choices(state, f, power, t)
                        };
                        // *Burning Breath*: no line, or one from the targeted figure.
                        let mut lines = vec![None];
                        if let Some(n) = power.line_from_target {
                            lines.extend(area::lines(t, n).into_iter().map(Some));
                        }
                        others.into_iter().flat_map(move |also| {
                            lines.clone().into_iter().map(move |line| Aim {
                                figure: f.id,
                                power: power_ix,
                                target: Some(t.id),
                                line,
                                dice: None,
                                also: also.clone(),
                            })
                        })
                    })
                    .collect(),
                Area::Line(n) => area::lines(f, n)
                    .into_iter()
                    .map(|l| Aim {
                        figure: f.id,
                        power: power_ix,
                        target: None,
                        line: Some(l),
                        dice: None,
                        also: Vec::new(),
                    })
                    .collect(),
                Area::AllAdjacent => vec![Aim {
                    figure: f.id,
                    power: power_ix,
                    target: None,
                    line: None,
                    dice: None,
                    also: Vec::new(),
                }],
            };
            let choices: Vec<Option<u16>> = if let Some(extra) = power.same_target_extra {
                // shot() keeps the extra dice only for a second attack at the same figure.
                vec![None, Some(power.attack.saturating_add(extra))]
            } else if power.dice_choice.is_empty() {
                vec![None]
            } else {
                power.dice_choice.iter().copied().map(Some).collect()
            };
            let aims = aims.into_iter().flat_map(|a| {
                choices.iter().map(move |dice| Aim {
                    dice: *dice,
                    ..a.clone()
                })
            });
            for aim in aims {
                match shot(state, &aim) {
                    Ok(_) => out.push(Action::SpecialAttack {
                        figure: aim.figure,
                        power: aim.power,
                        target: aim.target,
                        line: aim.line,
                        dice: aim.dice,
                        also: aim.also,
                    }),
                    // Nothing else of this power can be legal for this figure.
                    Err(
                        Refusal::NotNow
                        | Refusal::AlreadyAttacked
                        | Refusal::UsedUp(_)
                        | Refusal::Barred(_)
                        | Refusal::Spent
                        | Refusal::OthersAttacked(_)
                        | Refusal::PoolSpent(..)
                        | Refusal::NotMoved
                        | Refusal::NotPlaced
                        | Refusal::Moved
                        | Refusal::AfterRun
                        | Refusal::NotThisTurn
                        | Refusal::CombinedUsed(_),
                    ) => break,
                    Err(_) => {}
                }
            }
        }
    }
    // *Ninjutsu Barrage*: the pieces of its move between the attacks
    out.extend(barrage::moves(state));
    // *Ninjutsu Mastery*: the placings before its attacks
    out.extend(mastery::moves(state));
    out
}

/// Whether a figure of the active card can still make a special attack, or a piece of a
/// barrage move (the turn goes on).
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
    /// What made its defence dice (empty when it rolled none).
    #[serde(default)]
    pub defence_dice: Tally,
    /// Shields.
    pub shields: u16,
    /// Wounds it takes.
    pub wounds: u16,
}

/// Makes a special attack: the attack dice once, then each affected figure's defence, then the
/// wounds in the order listed. True once it is over; false while a power of the figures it
/// reaches asks its owner (the attack goes on once answered: `volley`).
pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<bool, Rejection> {
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
    // the chosen figure's side may call the attack off as it is targeted (*Master of
    // Disguise*): the attack is spent (`powers::guard`)
    if let Some(t) = aim.target {
        if super::guard::targeted(state, aim.figure, t, false, dice, events) {
            return Ok(true);
        }
    }
    let Some(a) = state.figure(aim.figure).cloned() else {
        return Ok(true);
    };
    // The figures beside the defender as the attack begins, for a chained power's next one.
    let beside = match (shot.power.chain, aim.target) {
        (Some(_), Some(t)) => chain::beside(state, t),
        _ => Vec::new(),
    };
    // The figure whose height counts against the defenders (a combined attack's lowest).
    let striker = combined::height_figure(state, &a, &aim, &shot.power).clone();
    let chosen_space = aim
        .target
        .and_then(|t| state.figure(t))
        .and_then(|t| Some((t.hex?, t.level)));
    // the attack goes on as data, which a power of the figures it reaches may stop to ask
    // its owner (`volley`, `powers::react`)
    let groups: Vec<(Vec<u32>, Tally)> = if shot.power.separately {
        shot.affected
            .iter()
            .filter_map(|id| state.figure(*id))
            .map(|t| (vec![t.id], attack_tally(state, &a, t, &shot)))
            .collect()
    } else {
        vec![(shot.affected.clone(), shot.dice.clone())]
    };
    Ok(volley::run(
        state,
        volley::Volley {
            target: aim.target,
            line: aim.line,
            chosen_space,
            beside,
            ..volley::Volley::new(seat, aim.power, shot.name, shot.power, a, striker, groups)
        },
        dice,
        events,
    ))
}

/// What is added to `a`'s player's 20-sided die for the special attack named `name`: the
/// glyph of Lodin and the powers adding to that power's rolls.
fn venom_bonus(state: &State, a: &Figure, name: &str) -> u16 {
    let ix = state
        .card_of(a)
        .powers
        .iter()
        .position(|p| p.name == name)
        .and_then(|i| u8::try_from(i).ok());
    crate::game::glyphs::d20_bonus(state, a.owner)
        + ix.map_or(0, |i| {
            super::triggered::roll_bonus(state, a.owner, a.unit, i)
        })
}

/// *Pounce* after the attack: the attacker takes the chosen figure's space when it was
/// destroyed, and is destroyed when it was not.
fn pounce(
    state: &mut State,
    attacker: u32,
    target: Option<u32>,
    space: Option<(Hex, crate::battlefield::Level)>,
    events: &mut Vec<Event>,
) {
    let gone = target
        .and_then(|t| state.figure(t))
        .is_some_and(|t| t.destroyed);
    let held = state
        .figure(attacker)
        .is_some_and(|f| super::holds::held(state, f));
    match space {
        // a Cyberclaw holding the attacker keeps it where it is: no power moves it
        Some(_) if gone && held => {}
        Some((hex, level)) if gone => {
            if let Some(f) = state.figure_mut(attacker).filter(|f| f.on_field()) {
                f.hex = Some(hex);
                f.tail = None;
                f.level = level;
                events.push(Event::Placed {
                    figure: attacker,
                    hex,
                    level,
                });
            }
        }
        _ => combat::destroy(state, attacker, events),
    }
}

/// The defence dice of `t` against the special attack: [`values::defence_dice`], less the
/// dice the power's `weaker_defence` takes from the figures it names.
fn defence_tally(
    state: &State,
    a: &Figure,
    t: &Figure,
    name: &str,
    power: &SpecialAttack,
) -> Tally {
    let kind = AttackKind::Special { dice: power.attack };
    let mut tally = values::defence_dice(state, a, t, kind);
    if power.no_defender_height {
        tally.changes.retain(|c| c.why != Why::Height);
    }
    super::d20::hold_defence(state, a, t, &mut tally);
    if let Some((filter, n)) = &power.weaker_defence {
        if super::matches(state.card_of(t), filter) {
            tally.add(
                Why::Power {
                    unit: a.unit,
                    power: name.to_string(),
                },
                -i16::try_from(*n).unwrap_or(0),
            );
        }
    }
    tally
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
            u.dice = u.dice.saturating_add(aim.dice.unwrap_or(0));
            u.chosen.extend(aim.dice);
        }
        None => uses.this_turn.push(Use {
            figure: aim.figure,
            unit,
            power: aim.power,
            times: 1,
            targets: aim.target.into_iter().collect(),
            again: false,
            dice: aim.dice.unwrap_or(0),
            beside: Vec::new(),
            chosen: aim.dice.into_iter().collect(),
        }),
    }
    if power.once_per_game && !uses.spent.contains(&(unit, aim.power)) {
        uses.spent.push((unit, aim.power));
    }
    // A combined attack is the attack of every figure in it.
    let partners: &[u32] = if power.combined.is_some() {
        &aim.also
    } else {
        &[]
    };
    if !power.with_normal_attack {
        if let Phase::Turns {
            turn: Some(turn), ..
        } = &mut state.phase
        {
            for id in std::iter::once(&aim.figure).chain(partners) {
                if !turn.attacked.contains(id) {
                    turn.attacked.push(*id);
                }
            }
        }
    }
}
