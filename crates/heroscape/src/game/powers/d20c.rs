//! The 20-sided die powers that wound, heal, destroy or hinder, beyond what the triggered
//! powers ([`super::triggered`]) play alone: the riders of [`crate::power::d20c::D20c`] that
//! narrow a triggered power printed with them (*Sharpshooter*: a figure not adjacent, never
//! after the user moved), a power that rolls for every figure around its user as one use
//! (*Helm of Mitonsoul Aura*), rolls around every figure of the card's name (*Searing
//! Intensity*), and wounds removed after destroying a figure (*Utgar's Cutlass*: an adjacent
//! one with a normal attack; *Subsume Soul*: the first one in a turn, by any attack), the
//! riders of *Renew* (a Wizard or Beast chosen near a Wizard of yours), and the poison die of
//! a wounding attack (*Poison Weapons*), and order markers removed from a chosen figure's
//! card (*Crippling Gaze*, *Crippling Glance*), secretly, and a figure no one can see
//! (*Cloud of Darkness*: no visible hit zone, until its player's next reveal), and what an
//! opponent's figure takes off the rolls of the cards near it (*Harrowing Presence*).

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_dice::Dice;
use skirmish_engine::Seat;

use super::triggered::{self, Offer, Then};
use crate::battlefield::Level;
use crate::card::Card;
use crate::game::frames::HsFrame;
use crate::game::state::{Figure, State, Turn};
use crate::game::{combat, geometry, Action, Event};
use crate::power::d20c::D20c;
use crate::power::{Ability, Effect, Outcome, Roll, Trigger, Triggered};

/// The words of this family printed in the card's power at `power`.
pub(crate) fn words(card: &Card, power: u8) -> impl Iterator<Item = &D20c> {
    card.powers
        .get(usize::from(power))
        .and_then(|p| p.effects.as_deref())
        .unwrap_or_default()
        .iter()
        .filter_map(|e| match e {
            Effect::D20c(w) => Some(w),
            _ => None,
        })
}

/// Leaves out of `targets` the figures the riders of power `power` forbid `user` to choose,
/// and every figure when they forbid `user` to use it now (*Sharpshooter*: "non-adjacent",
/// "may not use this special power if he moved this turn").
pub(crate) fn keep_targets(state: &State, user: &Figure, power: u8, targets: &mut Vec<u32>) {
    for w in words(state.card_of(user), power) {
        match w {
            D20c::ChosenNotAdjacent => targets.retain(|id| {
                state
                    .figure(*id)
                    .is_some_and(|t| !triggered::adjacent(state, user, t))
            }),
            D20c::NotAfterMoving => {
                if state.turn().is_some_and(|t| t.moved.contains(&user.id)) {
                    targets.clear();
                }
            }
            D20c::ChosenAnyOf { filters } => targets.retain(|id| {
                state
                    .figure(*id)
                    .is_some_and(|t| filters.iter().any(|f| super::matches(state.card_of(t), f)))
            }),
            D20c::NearControlled { filter, within } => {
                let near = state.figures.iter().any(|o| {
                    o.on_field()
                        && o.id != user.id
                        && o.owner == user.owner
                        && super::matches(state.card_of(o), filter)
                        && geometry::range(state, user, o).is_some_and(|r| r <= u32::from(*within))
                        && geometry::can_see(state, user, o)
                });
                if !near {
                    targets.clear();
                }
            }
            D20c::OncePerRound => {
                if super::peek::spent_this_round(state, user.unit, power) {
                    targets.clear();
                }
            }
            D20c::PeekMoveMarker => targets.retain(|id| super::peek::holds_face_down(state, *id)),
            D20c::DestroyedAdjacent
            | D20c::FirstEachTurn
            | D20c::AroundKinRolls { .. }
            | D20c::PoisonWounds { .. }
            | D20c::RemoveMarkers { .. }
            | D20c::HiddenUntilReveal
            | D20c::SubtractFromOpponents { .. } => {}
        }
    }
}

/// An offered power that rolls for each figure its target describes, used as one answer
/// (*Helm of Mitonsoul Aura*: "you must roll ... for all figures within 3 clear sight
/// spaces"): `Some` of that one use (none when no figure is there) for such a power, `None`
/// for any other.
pub(crate) fn use_once(state: &State, o: &Offer, t: &Triggered) -> Option<Vec<Action>> {
    let (Some(target), Some(roll)) = (&t.target, &t.roll) else {
        return None;
    };
    if !roll.each_target || roll.forced {
        return None;
    }
    let user = state.figure(o.figure)?;
    let mut around = triggered::candidates(state, o.seat, user, target);
    keep_targets(state, user, o.power, &mut around);
    Some(if around.is_empty() {
        Vec::new()
    } else {
        vec![Action::UsePower {
            figure: o.figure,
            power: o.power,
            target: None,
        }]
    })
}

/// Uses an offered power of this family: one that rolls for each figure its target describes
/// ([`use_once`]: one roll for each, one at a time, the outcomes on each success), or one that
/// removes order markers from the `chosen` figure's card on a success ([`remove_markers`]).
/// False for any other power.
pub(crate) fn use_power(
    state: &mut State,
    dice: &mut Dice,
    user: u32,
    chosen: Option<u32>,
    o: &Offer,
    t: &Triggered,
    events: &mut Vec<Event>,
) -> bool {
    let card = state.unit(o.unit).map(|u| u.card.clone());
    if card
        .as_deref()
        .is_some_and(|c| words(c, o.power).any(|w| *w == D20c::OncePerRound))
    {
        super::peek::note_round_use(state, o.unit, o.power);
    }
    let peeks = card
        .as_deref()
        .is_some_and(|c| words(c, o.power).any(|w| *w == D20c::PeekMoveMarker));
    if let (true, Some(roll)) = (peeks, &t.roll) {
        super::peek::use_power(state, dice, user, chosen, o, roll, events);
        return true;
    }
    let hides = card
        .as_deref()
        .is_some_and(|c| words(c, o.power).any(|w| *w == D20c::HiddenUntilReveal));
    if let (true, Some(roll)) = (hides, &t.roll) {
        if triggered::roll_d20(state, dice, user, o.power, roll, 0, events) {
            hide(state, user, o, events);
        }
        return true;
    }
    let (Some(target), Some(roll)) = (&t.target, &t.roll) else {
        return false;
    };
    let removes = card.as_deref().and_then(|c| {
        words(c, o.power).find_map(|w| match w {
            D20c::RemoveMarkers { one_at_random } => Some(*one_at_random),
            _ => None,
        })
    });
    if let Some(one_at_random) = removes {
        if triggered::roll_d20(state, dice, user, o.power, roll, 0, events) {
            if let Some(chosen) = chosen {
                remove_markers(state, dice, user, o, chosen, one_at_random, events);
            }
        }
        return true;
    }
    if !roll.each_target {
        // a figure chosen, narrowed by this family's riders (*Sharpshooter*, *Renew*): one
        // roll, the outcomes on the chosen figure
        if chosen.is_none()
            || card
                .as_deref()
                .is_none_or(|c| words(c, o.power).next().is_none())
        {
            return false;
        }
        if triggered::roll_d20(state, dice, user, o.power, roll, 0, events) {
            for outcome in &t.outcomes {
                triggered::apply(state, user, o.power, chosen, outcome, o, dice, events);
            }
        }
        return true;
    }
    if roll.forced {
        return false;
    }
    let Some(u) = state.figure(user).cloned() else {
        return true;
    };
    let mut around = triggered::candidates(state, o.seat, &u, target);
    keep_targets(state, &u, o.power, &mut around);
    for id in around {
        if !state.figure(id).is_some_and(Figure::on_field) {
            continue;
        }
        if triggered::roll_d20(state, dice, user, o.power, roll, 0, events) {
            for outcome in &t.outcomes {
                triggered::apply(state, user, o.power, Some(id), outcome, o, dice, events);
            }
        }
    }
    true
}

/// The moves of the turn are over: the active card's *after moving and before attacking*
/// rolls its player must make act, once per turn (*Searing Intensity*: a roll for each figure
/// adjacent to a figure of the card's name its player controls).
pub(crate) fn after_moves(
    state: &mut State,
    turn: &Turn,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let Some(unit) = state.unit(turn.unit) else {
        return;
    };
    let card = unit.card.clone();
    let Some(&roller) = triggered::on_field(state, turn.unit).first() else {
        return;
    };
    for (i, p) in card.powers.iter().enumerate() {
        let Ok(power) = u8::try_from(i) else { break };
        for e in p.effects.as_deref().unwrap_or_default() {
            let Effect::D20c(D20c::AroundKinRolls {
                at_least,
                wounds,
                spared,
            }) = e
            else {
                continue;
            };
            if triggered::used(state, turn.unit, power) {
                continue;
            }
            triggered::mark_used(state, turn.unit, power);
            let roll = Roll {
                at_least: *at_least,
                forced: true,
                ..Roll::default()
            };
            for id in around_kin(state, turn.seat, &card.name, *spared) {
                if !state.figure(id).is_some_and(Figure::on_field) {
                    continue;
                }
                if triggered::roll_d20(state, dice, roller, power, &roll, 0, events) {
                    let outcome = Outcome::WoundTarget(*wounds);
                    events.push(Event::PowerUsed {
                        figure: roller,
                        unit: turn.unit,
                        power,
                        target: Some(id),
                        outcome,
                    });
                    combat::wound_by(state, id, *wounds, dice, events);
                }
            }
        }
    }
}

/// The figures on the battlefield adjacent to at least one figure `seat` controls of the card
/// named `name`, friend or foe, those with the `spared` ability left out; each once.
fn around_kin(state: &State, seat: Seat, name: &str, spared: Option<Ability>) -> Vec<u32> {
    let kin: Vec<&Figure> = state
        .figures
        .iter()
        .filter(|f| f.on_field() && f.owner == seat && state.card_of(f).name == name)
        .collect();
    state
        .figures
        .iter()
        .filter(|f| f.on_field())
        .filter(|f| spared.is_none_or(|a| !super::has_ability(state.card_of(f), a)))
        .filter(|f| {
            kin.iter()
                .any(|k| k.id != f.id && triggered::adjacent(state, k, f))
        })
        .map(|f| f.id)
        .collect()
}

/// `attacker`'s normal attack destroyed `target` (both as they stood before it): its card's
/// *when it destroys an adjacent figure with a normal attack* powers that heal it are offered
/// to its owner while it has a wound to remove (*Utgar's Cutlass*).
pub(crate) fn destroyed_with_normal_attack(state: &mut State, attacker: &Figure, target: &Figure) {
    let Some(now) = state.figure(attacker.id).filter(|f| f.on_field()).cloned() else {
        return;
    };
    let Some(unit) = state.unit(now.unit) else {
        return;
    };
    let (seat, card) = (unit.owner, unit.card.clone());
    let beside = triggered::adjacent(state, attacker, target);
    for (power, t) in triggered::triggered(&card) {
        if t.trigger != Trigger::DestroysWithNormalAttack || t.target.is_some() {
            continue;
        }
        if words(&card, power).any(|w| *w == D20c::DestroyedAdjacent) && !beside {
            continue;
        }
        if !worth(&now, t) {
            continue;
        }
        state.frames.as_mut().push(HsFrame::Power(Offer {
            seat,
            figure: now.id,
            unit: now.unit,
            power,
            then: Then::Turn,
        }));
    }
}

/// `by` destroyed `victim` (by an attack, normal or special, a counter strike or a
/// leaving-engagement attack): `by`'s card's *when it destroys a figure* powers are offered to
/// its owner, the first time in the turn only when the card says so (*Subsume Soul*), while
/// they have something to do.
pub(crate) fn destroyed_by(state: &mut State, by: u32, victim: u32) {
    let Some(b) = state.figure(by).filter(|f| f.on_field()).cloned() else {
        return;
    };
    if !state.figure(victim).is_some_and(|v| v.destroyed) {
        return;
    }
    let Some(unit) = state.unit(b.unit) else {
        return;
    };
    let (seat, card) = (unit.owner, unit.card.clone());
    for (power, t) in triggered::triggered(&card) {
        if t.trigger != Trigger::DestroysFigure {
            continue;
        }
        if words(&card, power).any(|w| *w == D20c::FirstEachTurn) {
            if triggered::used(state, b.unit, power) {
                continue;
            }
            triggered::mark_used(state, b.unit, power);
        }
        if !worth(&b, t) {
            continue;
        }
        state.frames.as_mut().push(HsFrame::Power(Offer {
            seat,
            figure: by,
            unit: b.unit,
            power,
            then: Then::Turn,
        }));
    }
}

/// Whether a power that only removes wounds from its own card has one to remove.
fn worth(user: &Figure, t: &Triggered) -> bool {
    user.wounds > 0 || !t.outcomes.iter().all(Outcome::heals_own_card)
}

/// `attacker` attacked `defender` with a normal attack (or, `leaving`, a leaving-engagement
/// attack) that inflicted `wounds`: each *Poison Weapons* of its card whose targets the
/// defender matches rolls the 20-sided die, nobody asked, and on a success the defender
/// receives its wounds more.
pub(crate) fn poison(
    state: &mut State,
    attacker: u32,
    defender: u32,
    wounds: u16,
    leaving: bool,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let (Some(a), Some(d)) = (state.figure(attacker).cloned(), state.figure(defender)) else {
        return;
    };
    if wounds == 0 || !d.on_field() {
        return;
    }
    let card = state.card_of(&a).clone();
    let prey = state.card_of(d).clone();
    for (i, p) in card.powers.iter().enumerate() {
        let Ok(power) = u8::try_from(i) else { break };
        for e in p.effects.as_deref().unwrap_or_default() {
            let Effect::D20c(D20c::PoisonWounds {
                targets,
                at_least,
                wounds: more,
                leaving_engagement,
            }) = e
            else {
                continue;
            };
            if (leaving && !leaving_engagement) || !super::matches(&prey, targets) {
                continue;
            }
            if !state.figure(defender).is_some_and(Figure::on_field) {
                return;
            }
            let roll = Roll {
                at_least: *at_least,
                forced: true,
                ..Roll::default()
            };
            if triggered::roll_d20(state, dice, attacker, power, &roll, 0, events) {
                events.push(Event::PowerUsed {
                    figure: attacker,
                    unit: a.unit,
                    power,
                    target: Some(defender),
                    outcome: Outcome::WoundTarget(*more),
                });
                combat::wound_by(state, defender, *more, dice, events);
            }
        }
    }
}

/// *Crippling Gaze*, *Crippling Glance*: order markers off the card of `chosen`, whoever placed
/// them. One at random is picked among the unrevealed ones by a die with a face for each,
/// from the recorded dice stream; the event tells how many went, never which.
fn remove_markers(
    state: &mut State,
    dice: &mut Dice,
    user: u32,
    o: &Offer,
    chosen: u32,
    one_at_random: bool,
    events: &mut Vec<Event>,
) {
    let Some(unit) = state.figure(chosen).map(|f| f.unit) else {
        return;
    };
    for seat in 0..state.players.len() {
        let markers = &state.players[seat].markers;
        let lying: Vec<usize> = (0..4)
            .filter(|&i| markers.on[i] == Some(unit))
            .filter(|&i| !one_at_random || !markers.revealed[i])
            .collect();
        if lying.is_empty() {
            continue;
        }
        let gone: Vec<usize> = if one_at_random {
            let faces: Vec<String> = (1..=lying.len()).map(|n| n.to_string()).collect();
            let Ok(die) = skirmish_dice::Die::custom("order marker", faces) else {
                continue;
            };
            let face = usize::from(dice.roll(&die).max(1)) - 1;
            lying.get(face).copied().into_iter().collect()
        } else {
            lying
        };
        let markers = &mut state.players[seat].markers;
        for &i in &gone {
            markers.on[i] = None;
            markers.revealed[i] = false;
            markers.lost[i] = false;
        }
        events.push(Event::MarkersRemoved {
            figure: user,
            by: o.unit,
            power: o.power,
            seat: Seat(u8::try_from(seat).unwrap_or(u8::MAX)),
            unit,
            count: u8::try_from(gone.len()).unwrap_or(u8::MAX),
        });
    }
}

/// A figure with no visible hit zone while it stays where it was when its power hid it, until
/// its player next reveals an order marker (*Cloud of Darkness*).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hidden {
    /// The figure.
    pub figure: u32,
    /// Where it stood.
    pub hex: Hex,
    /// At which level.
    pub level: Level,
    /// Whose reveal ends it.
    pub seat: Seat,
}

/// *Cloud of Darkness* succeeded: `user` hides where it stands.
fn hide(state: &mut State, user: u32, o: &Offer, events: &mut Vec<Event>) {
    let Some((hex, level)) = state
        .figure(user)
        .filter(|f| f.on_field())
        .and_then(|f| Some((f.hex?, f.level)))
    else {
        return;
    };
    state.powers.hidden.retain(|h| h.figure != user);
    state.powers.hidden.push(Hidden {
        figure: user,
        hex,
        level,
        seat: o.seat,
    });
    events.push(Event::HitZoneHidden {
        figure: user,
        unit: o.unit,
        power: o.power,
    });
}

/// Whether `f` has no visible hit zone now: hidden by its power and still where it was.
pub fn hit_zone_hidden(state: &State, f: &Figure) -> bool {
    super::guard::smoked(state, f)
        || state
            .powers
            .hidden
            .iter()
            .any(|h| h.figure == f.id && f.hex == Some(h.hex) && f.level == h.level)
}

/// `seat` reveals an order marker: the figures it hid show again.
pub(crate) fn marker_revealed(state: &mut State, seat: Seat) {
    state.powers.hidden.retain(|h| h.seat != seat);
}

/// What opponents' powers subtract from a 20-sided die `seat` rolls for a special power of
/// `unit` (*Harrowing Presence*: 3, when a figure of that card stands within 3 spaces of a
/// figure of the opponent's with the power). The condition is one: several such figures
/// subtract it once, the largest when they differ.
pub fn harrowing(state: &State, seat: Seat, unit: u16) -> u16 {
    let rolling: Vec<&Figure> = state
        .figures
        .iter()
        .filter(|f| f.unit == unit && f.on_field())
        .collect();
    if rolling.is_empty() {
        return 0;
    }
    state
        .figures
        .iter()
        .filter(|g| g.on_field() && !state.allies(g.owner, seat))
        .flat_map(|g| {
            super::effects_of(state, g).filter_map(move |e| match e {
                Effect::D20c(D20c::SubtractFromOpponents { by, within }) => Some((g, *by, *within)),
                _ => None,
            })
        })
        .filter(|(g, _, within)| {
            rolling
                .iter()
                .any(|f| geometry::within(state, g, f, u32::from(*within)))
        })
        .map(|(_, by, _)| by)
        .max()
        .unwrap_or(0)
}

/// A power's roll of the 20-sided die against `needed` for `figure` of `unit`: the roller's
/// glyph and card bonuses and `extra` added, opponents' *Harrowing Presence* taken off, logged
/// as [`Event::PowerRolled`]. One copy for the powers that roll outside the triggered frames.
pub(crate) struct PowerRoll {
    /// The seat rolling.
    pub seat: Seat,
    /// The figure the roll is for.
    pub figure: u32,
    /// Its card.
    pub unit: u16,
    /// The power's place among the card's powers.
    pub power: u8,
    /// The least total that succeeds.
    pub needed: u8,
    /// A bonus of the power's own (*Marachott's Whisper* on a hero of its player's).
    pub extra: u16,
}

impl PowerRoll {
    /// Rolls and logs; whether the roll succeeded.
    pub(crate) fn roll(self, state: &State, dice: &mut Dice, events: &mut Vec<Event>) -> bool {
        let needed = self.needed;
        self.total(state, dice, events) >= u16::from(needed)
    }

    /// Rolls and logs (success against `needed`); the total, bonuses counted, for powers that
    /// read a table of results (*Hive Tunnel*).
    pub(crate) fn total(self, state: &State, dice: &mut Dice, events: &mut Vec<Event>) -> u16 {
        let bonus = crate::game::glyphs::d20_bonus(state, self.seat)
            + triggered::roll_bonus(state, self.seat, self.unit, self.power)
            + self.extra;
        let malus = harrowing(state, self.seat, self.unit);
        let die = dice.d20();
        let total = (u16::from(die) + bonus).saturating_sub(malus);
        let success = total >= u16::from(self.needed);
        events.push(Event::PowerRolled {
            figure: self.figure,
            unit: self.unit,
            power: self.power,
            die,
            bonus,
            distance: 0,
            needed: self.needed,
            success,
            malus,
        });
        total
    }
}
