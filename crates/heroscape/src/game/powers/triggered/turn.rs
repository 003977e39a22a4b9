//! Powers of the turn: after the moves, in the attack step, when an attack is declared or
//! about to wound, after an attack or a move, and when the turn ends.

use super::*;

/// Once the moves are over: offers the active card's *after moving and before attacking*
/// powers, one at a time (a roll the card makes without asking is made at once); true while
/// a question is pending.
pub fn after_moves(state: &mut State, dice: &mut Dice, events: &mut Vec<Event>) -> bool {
    if state.frames.top().is_some() {
        return true;
    }
    let Some(turn) = state.turn().cloned() else {
        return false;
    };
    super::super::d20::after_turn_rolls(state, &turn, dice, events);
    super::super::d20c::after_moves(state, &turn, dice, events);
    // A card with no figure left uses no after-turn power, but a bonded turn's end still gives
    // the bonding card its own turn (its figure destroyed during the bonded turn).
    let first = on_field(state, turn.unit).first().copied();
    let card = state.units[usize::from(turn.unit)].card.clone();
    for (power, t) in triggered(&card) {
        let Some(first) = first else {
            break;
        };
        if t.trigger != Trigger::AfterMoveBeforeAttack || used(state, turn.unit, power) {
            continue;
        }
        mark_used(state, turn.unit, power);
        let offer = Offer {
            seat: turn.seat,
            figure: first,
            unit: turn.unit,
            power,
            then: Then::Turn,
        };
        if t.target.is_some() && uses(state, &offer).is_empty() {
            continue;
        }
        if t.target.is_none() && t.roll.as_ref().is_some_and(|r| r.forced) {
            if succeeds(state, dice, first, power, t, None, events) {
                for outcome in &t.outcomes {
                    apply(state, first, power, None, outcome, &offer, dice, events);
                }
            }
            continue;
        }
        state.frames.as_mut().push(HsFrame::Power(offer));
        return true;
    }
    first.is_some_and(|first| {
        super::super::supplies::after_moves(state, &turn, first)
            || super::super::choose::after_moves(state, &turn, first)
            || super::super::summon::after_moves(state, &turn, first)
    })
}

/// The powers the active card may use in its attack step: *before attacking* with a figure
/// that has not attacked, *instead of attacking* while none has.
pub fn turn_actions(state: &State, turn: &Turn) -> Vec<Action> {
    if turn.stage != Stage::Attack {
        return Vec::new();
    }
    let figures = on_field(state, turn.unit);
    let Some(&first) = figures.first() else {
        return Vec::new();
    };
    let card = &state.units[usize::from(turn.unit)].card;
    let mut out = Vec::new();
    for (power, t) in triggered(card) {
        if used(state, turn.unit, power) {
            continue;
        }
        match t.trigger {
            Trigger::BeforeAttacking => {
                for &id in figures.iter().filter(|id| !turn.attacked.contains(id)) {
                    let Some(user) = state.figure(id) else {
                        continue;
                    };
                    // A roll for the attack to come: only for a figure with a figure to
                    // attack (*Heart Finder Spear*).
                    if t.target.is_none() {
                        if play::attack_targets(state, turn, user).is_empty() {
                            continue;
                        }
                        out.push(Action::UsePower {
                            figure: id,
                            power,
                            target: None,
                        });
                        continue;
                    }
                    for target in useful_targets(state, turn.seat, user, power, t) {
                        out.push(Action::UsePower {
                            figure: id,
                            power,
                            target: Some(target),
                        });
                    }
                }
            }
            Trigger::InsteadOfAttacking
                if turn.attacked.is_empty() && can_return(state, turn.unit, t) =>
            {
                if t.target.is_none() {
                    out.push(Action::UsePower {
                        figure: first,
                        power,
                        target: None,
                    });
                    continue;
                }
                // A figure chosen instead of attacking (*Stare of Stone*).
                for &id in &figures {
                    let Some(user) = state.figure(id) else {
                        continue;
                    };
                    for target in useful_targets(state, turn.seat, user, power, t) {
                        out.push(Action::UsePower {
                            figure: id,
                            power,
                            target: Some(target),
                        });
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// Whether an *instead of attacking* power has something to do: a destroyed figure to bring
/// back.
pub(super) fn can_return(state: &State, unit: u16, t: &Triggered) -> bool {
    !t.outcomes.contains(&Outcome::ReturnDestroyedAdjacent)
        || state
            .figures
            .iter()
            .any(|f| f.unit == unit && f.destroyed && f.hex.is_some())
}

/// Uses a power of the active card in its attack step ([`turn_actions`]).
pub fn use_in_turn(
    state: &mut State,
    seat: Seat,
    action: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    // a power used before a figure moves (*Charging Assault*)
    if let Some(done) = super::super::choose::charge(state, seat, action, events) {
        return done;
    }
    let (
        Some(turn),
        &Action::UsePower {
            figure,
            power,
            target,
        },
    ) = (state.turn().cloned(), action)
    else {
        return Err(Rejection::illegal("no special power is asked now"));
    };
    if turn.seat != seat || !turn_actions(state, &turn).contains(action) {
        return Err(Rejection::illegal(
            "that power cannot be used now: before attacking with a figure that has not \
             attacked, or instead of attacking while none has",
        ));
    }
    let Some(t) = power_of(state, turn.unit, power).cloned() else {
        return Err(Rejection::illegal("that power is not on the card"));
    };
    mark_used(state, turn.unit, power);
    let offer = Offer {
        seat,
        figure,
        unit: turn.unit,
        power,
        then: Then::Turn,
    };
    if t.trigger == Trigger::InsteadOfAttacking {
        let rollers = on_field(state, turn.unit);
        if let Some(turn) = turn_mut(state) {
            turn.attacked.extend(rollers.iter().copied());
        }
        if super::super::choose::use_power(state, dice, figure, target, &offer, events)
            || super::super::d20c::use_power(state, dice, figure, target, &offer, &t, events)
            || super::super::d20::use_power(state, dice, figure, power, &t, target, &offer, events)
        {
            return Ok(());
        }
        // One at a time, each figure in play rolls (*Water Clone*); each success then brings a
        // destroyed figure back next to its roller, on a space its player chooses.
        let each = t.roll.as_ref().is_some_and(|r| r.each_figure);
        let mut beside = Vec::new();
        for roller in if each { rollers } else { vec![figure] } {
            if succeeds(state, dice, roller, power, &t, None, events) {
                for outcome in &t.outcomes {
                    if *outcome == Outcome::ReturnDestroyedAdjacent {
                        beside.push(roller);
                    } else {
                        apply(state, roller, power, None, outcome, &offer, dice, events);
                    }
                }
            }
        }
        let mut placing = Deploy {
            seat,
            unit: turn.unit,
            power,
            beside,
        };
        if clone_ready(state, &mut placing) {
            state.frames.as_mut().push(HsFrame::Deploy(placing));
        }
        return Ok(());
    }
    // wounds around the chosen figure, asked skull by skull (*Lolth's Wrath*)
    if super::super::wrath::use_power(state, dice, figure, target, &offer, events) {
        return Ok(());
    }
    if succeeds(state, dice, figure, power, &t, target, events) {
        for outcome in &t.outcomes {
            apply(state, figure, power, target, outcome, &offer, dice, events);
        }
    }
    Ok(())
}

/// The level of the top land of a hex.
pub(super) fn land_level(state: &State, hex: Hex) -> Option<Level> {
    Some(state.field.column(hex)?.top_footing()?.level)
}

/// A destroyed figure of a unit that may come back (*Water Clone*; figures never placed for
/// want of room never stood on the battlefield).
pub(super) fn returnable(state: &State, unit: u16) -> Option<u32> {
    state
        .figures
        .iter()
        .find(|f| f.unit == unit && f.destroyed && f.hex.is_some())
        .map(|f| f.id)
}

/// *Water Clone*: the empty spaces at the roller's level adjacent to it.
pub fn clone_spaces(state: &State, roller: u32) -> Vec<(Hex, Level)> {
    let Some(r) = state.figure(roller).filter(|f| f.on_field()) else {
        return Vec::new();
    };
    let height = state.card_of(r).height.max(1);
    let mut out: Vec<(Hex, Level)> = Vec::new();
    for h in r.hexes().flat_map(|h| h.neighbours()) {
        let free = state.figure_at(h).is_none()
            && glyphs::glyph_at(state, h).is_none()
            && state.field.column(h).is_some_and(|c| {
                c.footings()
                    .any(|x| x.level == r.level && x.headroom.is_none_or(|room| room >= height))
            });
        if free && !out.iter().any(|(o, _)| *o == h) {
            out.push((h, r.level));
        }
    }
    out
}

/// Drops the rollers of a *Water Clone* frame that can bring nobody back; true when one is
/// left.
pub(super) fn clone_ready(state: &State, d: &mut Deploy) -> bool {
    if returnable(state, d.unit).is_none() {
        d.beside.clear();
    }
    while d
        .beside
        .first()
        .is_some_and(|&r| clone_spaces(state, r).is_empty())
    {
        d.beside.remove(0);
    }
    !d.beside.is_empty()
}

/// An attack is declared: the target's *Quickdraw* is offered to its player first; true when
/// the attack waits for the answer.
pub fn targeted(state: &mut State, attacker: u32, target: u32) -> bool {
    let (Some(a), Some(t)) = (
        state.figure(attacker).cloned(),
        state.figure(target).cloned(),
    ) else {
        return false;
    };
    let card = state.units[usize::from(t.unit)].card.clone();
    for (power, p) in triggered(&card) {
        let Trigger::TargetedFromAfar(n) = p.trigger else {
            continue;
        };
        let within = geometry::range(state, &t, &a).is_some_and(|r| r <= u32::from(n));
        if adjacent(state, &a, &t) || !within || !geometry::can_see(state, &t, &a) {
            continue;
        }
        state.frames.as_mut().push(HsFrame::Power(Offer {
            seat: t.owner,
            figure: target,
            unit: t.unit,
            power,
            then: Then::Attack { attacker, target },
        }));
        return true;
    }
    false
}

/// An attack's wounds are about to be put on the target: its powers may roll to ignore them
/// (*Stealth Dodge*; *Concealment* from a figure not adjacent, adding the spaces between
/// them, only for the figure the attack `targeted`: a figure a special attack affects without
/// choosing it is not targeted). Returns the wounds left.
pub fn before_wounds(
    state: &mut State,
    attacker: u32,
    target: u32,
    targeted: bool,
    wounds: u16,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> u16 {
    if wounds == 0 {
        return 0;
    }
    let (Some(a), Some(t)) = (
        state.figure(attacker).cloned(),
        state.figure(target).cloned(),
    ) else {
        return wounds;
    };
    let card = state.units[usize::from(t.unit)].card.clone();
    for (power, p) in triggered(&card) {
        if !p.outcomes.contains(&Outcome::IgnoreWounds) {
            continue;
        }
        let Some(roll) = &p.roll else { continue };
        let distance = match p.trigger {
            Trigger::WouldBeWounded => 0,
            Trigger::WouldBeWoundedFromAfar if targeted && !adjacent(state, &a, &t) => {
                if roll.add_distance {
                    geometry::range(state, &a, &t)
                        .and_then(|r| u16::try_from(r).ok())
                        .unwrap_or(0)
                } else {
                    0
                }
            }
            _ => continue,
        };
        if roll_d20(state, dice, target, power, roll, distance, events) {
            events.push(Event::PowerUsed {
                figure: target,
                unit: t.unit,
                power,
                target: None,
                outcome: Outcome::IgnoreWounds,
            });
            return 0;
        }
    }
    // what its own powers left, an *Amulet of Paivatar* reaching it may answer
    crate::game::powers::guard::amulet(state, target, wounds, dice, events)
}

/// After a figure's attack: *after attacking, roll... you may attack again*.
pub fn after_attack(state: &mut State, attacker: u32, dice: &mut Dice, events: &mut Vec<Event>) {
    let Some(a) = state.figure(attacker).cloned().filter(Figure::on_field) else {
        return;
    };
    if state.turn().is_none_or(|t| t.unit != a.unit) {
        return;
    }
    let card = state.units[usize::from(a.unit)].card.clone();
    for (power, p) in triggered(&card) {
        if p.trigger != Trigger::AfterAttacking || !p.outcomes.contains(&Outcome::AttackAgain) {
            continue;
        }
        let ok = match &p.roll {
            Some(roll) => roll_d20(state, dice, attacker, power, roll, 0, events),
            None => true,
        };
        if ok {
            events.push(Event::PowerUsed {
                figure: attacker,
                unit: a.unit,
                power,
                target: None,
                outcome: Outcome::AttackAgain,
            });
            if let Some(turn) = turn_mut(state) {
                turn.attacked.retain(|id| *id != attacker);
            }
            return;
        }
    }
}

/// After a figure's move: enemies it moved into engagement with roll their *opponent
/// engages* powers against it (*Sword of Reckoning*-like counters).
pub fn after_move(
    state: &mut State,
    mover: u32,
    engaged_before: &[u32],
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let Some(m) = state.figure(mover).cloned().filter(Figure::on_field) else {
        return;
    };
    let newly: Vec<u32> = geometry::engaged_with(state, &m)
        .into_iter()
        .filter(|id| !engaged_before.contains(id))
        .collect();
    for id in newly {
        let Some(g) = state.figure(id).cloned() else {
            continue;
        };
        let card = state.units[usize::from(g.unit)].card.clone();
        for (power, p) in triggered(&card) {
            if p.trigger != Trigger::OpponentEngages {
                continue;
            }
            if let Some(target) = &p.target {
                if !matches(state.card_of(&m), &target.filter) {
                    continue;
                }
            }
            let ok = match &p.roll {
                Some(roll) => roll_d20(state, dice, id, power, roll, 0, events),
                None => true,
            };
            if !ok {
                continue;
            }
            for outcome in &p.outcomes {
                if let Outcome::WoundTarget(n) = *outcome {
                    events.push(Event::PowerUsed {
                        figure: id,
                        unit: g.unit,
                        power,
                        target: Some(mover),
                        outcome: outcome.clone(),
                    });
                    combat::wound_by(state, mover, n, dice, events);
                }
            }
            if state.figure(mover).is_none_or(|f| f.destroyed) {
                return;
            }
        }
    }
}

/// The turn is ending: *after taking a turn* powers act (a heal at once; *another turn* is
/// offered); true while a question is pending.
pub fn after_turn(state: &mut State, seat: Seat, dice: &mut Dice, events: &mut Vec<Event>) -> bool {
    if state.frames.top().is_some() {
        return true;
    }
    let Some(turn) = state.turn().cloned() else {
        return false;
    };
    // A card with no figure left uses no after-turn power, but a bonded turn's end still gives
    // the bonding card its own turn (its figure destroyed during the bonded turn).
    let first = on_field(state, turn.unit).first().copied();
    let card = state.units[usize::from(turn.unit)].card.clone();
    for (power, t) in triggered(&card) {
        let Some(first) = first else {
            break;
        };
        // a power after the turn only when an attack of the turn earned it (*Archer's Glory*)
        let earned = super::super::d20::after_turn_earned(state, &turn, t);
        if (t.trigger != Trigger::AfterTurn && !earned) || used(state, turn.unit, power) {
            continue;
        }
        mark_used(state, turn.unit, power);
        let offer = Offer {
            seat,
            figure: first,
            unit: turn.unit,
            power,
            then: Then::EndTurn { seat },
        };
        // A roll for each figure next to it, made without asking (*Toxic Skin*).
        if let (Some(target), Some(roll)) = (&t.target, &t.roll) {
            if roll.forced && roll.each_target {
                let Some(user) = state.figure(first).cloned() else {
                    continue;
                };
                for id in candidates(state, seat, &user, target) {
                    if state.figure(id).is_some_and(Figure::on_field)
                        && roll_d20(state, dice, first, power, roll, 0, events)
                    {
                        for outcome in &t.outcomes {
                            apply(state, first, power, Some(id), outcome, &offer, dice, events);
                        }
                    }
                }
                continue;
            }
        }
        if t.roll.is_none() && !earned {
            let wounded = state.unit_alive(turn.unit).any(|f| f.wounds > 0);
            if !wounded && t.outcomes.iter().all(Outcome::heals_own_card) {
                continue;
            }
            for outcome in &t.outcomes {
                apply(state, first, power, None, outcome, &offer, dice, events);
            }
            continue;
        }
        state.frames.as_mut().push(HsFrame::Power(offer));
        return true;
    }
    if first.is_some_and(|first| super::super::supplies::after_turn(state, &turn, seat, first)) {
        return true;
    }
    // A bonded turn is over: the bonding card's own turn begins.
    if super::super::bonding::after_bonded(state) {
        play::settle(state, dice, events);
        return true;
    }
    false
}
