//! The frames of the triggered powers: an offered power answered (used, with a figure it
//! chooses, or declined), its outcomes applied, and the figures a power places.

use super::*;

/// What a power frame asks.
pub(crate) fn asks(frame: &HsFrame, state: &State) -> Ask<Decision> {
    match frame {
        HsFrame::Power(o) => Ask {
            seats: vec![o.seat],
            decision: Decision::UsePower {
                figure: o.figure,
                unit: o.unit,
                power: o.power,
            },
        },
        HsFrame::Deploy(d) => match to_place(state, d) {
            Some(figure) => Ask {
                seats: vec![d.seat],
                decision: Decision::Deploy {
                    figure,
                    unit: d.unit,
                    power: d.power,
                },
            },
            None => Ask {
                seats: Vec::new(),
                decision: Decision::PlaceMarkers { round: state.round },
            },
        },
        HsFrame::Markers { .. }
        | HsFrame::Spirit { .. }
        | HsFrame::PowerMoves(_)
        | HsFrame::Landing(_)
        | HsFrame::StartChoice(_)
        | HsFrame::MidAttack(_)
        | HsFrame::Opponent(_)
        | HsFrame::Wounds(_)
        | HsFrame::Arrive(_)
        | HsFrame::Glide(_)
        | HsFrame::Choose(_)
        | HsFrame::Tile(_)
        | HsFrame::Knock(_)
        | HsFrame::Rise(_)
        | HsFrame::Summon(_)
        | HsFrame::Place(_)
        | HsFrame::MidMove(_) => Ask {
            seats: Vec::new(),
            decision: Decision::PlaceMarkers { round: state.round },
        },
    }
}

/// The answers to a power frame.
pub(crate) fn answers(frame: &HsFrame, state: &State, seat: Seat) -> Vec<Action> {
    match frame {
        HsFrame::Power(o) if o.seat == seat => {
            let mut out = uses(state, o);
            if out.is_empty()
                || !(super::super::d20::must_choose(state, o)
                    || super::super::misc::choosing(state, o))
            {
                out.push(Action::DeclinePower);
            }
            out
        }
        HsFrame::Deploy(d) if d.seat == seat && !d.beside.is_empty() => {
            let Some(figure) = to_place(state, d) else {
                return Vec::new();
            };
            clone_spaces(state, d.beside[0])
                .into_iter()
                .map(|(hex, _)| Action::Place {
                    figure,
                    hex,
                    tail: None,
                })
                .collect()
        }
        HsFrame::Deploy(d) if d.seat == seat => {
            let Some(f) = next_to_deploy(state, d.unit).and_then(|id| state.figure(id)) else {
                return Vec::new();
            };
            let mut out: Vec<Action> = deploy_spaces(state, f)
                .into_iter()
                .map(|(hex, tail, _)| Action::Place {
                    figure: f.id,
                    hex,
                    tail,
                })
                .collect();
            out.push(Action::DeclinePower);
            out
        }
        _ => Vec::new(),
    }
}

/// The ways to use an offered power: with each figure that may choose, each figure it may
/// choose.
pub(in crate::game::powers) fn uses(state: &State, o: &Offer) -> Vec<Action> {
    if let Some(chosen) = super::super::misc::destroy_uses(state, o) {
        return chosen;
    }
    if let Some(chosen) = super::super::peek::move_uses(state, o) {
        return chosen;
    }
    if let Some(chosen) = super::super::wrath::uses(state, o) {
        return chosen;
    }
    if super::super::markers::is_x_power(state, o.unit, o.power) {
        return super::super::markers::x_uses(state, o);
    }
    if super::super::command::is_power(state, o.unit, o.power) {
        return super::super::command::uses(state, o);
    }
    if super::super::control::is_offer(state, o.unit, o.power) {
        return super::super::control::offer_uses(state, o);
    }
    if super::super::supplies::is_supply_power(state, o.unit, o.power) {
        return super::super::supplies::uses(state, o);
    }
    if super::super::throw::is_switch(state, o.unit, o.power) {
        return super::super::throw::switch_uses(o);
    }
    if super::super::bonding::is_turn_power(state, o.unit, o.power) && !by_bonded(state, o) {
        return super::super::bonding::uses(state, o);
    }
    let Some(t) = power_of(state, o.unit, o.power) else {
        return Vec::new();
    };
    if super::super::d20::spent(state, o.unit, o.power) {
        return Vec::new();
    }
    if let Some(one) = super::super::d20c::use_once(state, o, t) {
        return one;
    }
    if t.target.is_none() {
        return vec![Action::UsePower {
            figure: o.figure,
            power: o.power,
            target: None,
        }];
    }
    let users: Vec<u32> = match o.then {
        // Each figure of the active card may be the one choosing (not the bonded figure's
        // use of its bonding card's power: that figure chooses).
        Then::Turn if !by_bonded(state, o) => on_field(state, o.unit),
        _ => vec![o.figure],
    };
    let mut out = Vec::new();
    for u in users {
        let Some(user) = state.figure(u) else {
            continue;
        };
        for target in useful_targets(state, o.seat, user, o.power, t) {
            out.push(Action::UsePower {
                figure: u,
                power: o.power,
                target: Some(target),
            });
        }
    }
    out
}

/// Answers a power frame.
pub(crate) fn resolve(
    state: &mut State,
    asked: HsFrame,
    seat: Seat,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), Rejection> {
    if !answers(&asked, state, seat).contains(answer) {
        return Err(Rejection::illegal(match &asked {
            HsFrame::Deploy(_) => {
                "place the figure on an empty space, not adjacent to another figure and not on a \
                 glyph, or place no more"
            }
            _ => "use the power (with a figure it may choose) or decline it",
        }));
    }
    match asked {
        HsFrame::Power(offer) => {
            state.frames.as_mut().pop();
            answer_offer(state, &offer, answer, dice, events);
        }
        HsFrame::Deploy(mut d) if !d.beside.is_empty() => {
            let &Action::Place { figure, hex, .. } = answer else {
                return Ok(());
            };
            let roller = d.beside.remove(0);
            let level = state.figure(roller).map_or(0, |r| r.level);
            super::super::setup::revive(state, figure, hex, level);
            events.push(Event::PowerUsed {
                figure: roller,
                unit: d.unit,
                power: d.power,
                target: Some(figure),
                outcome: Outcome::ReturnDestroyedAdjacent,
            });
            events.push(Event::Placed { figure, hex, level });
            if clone_ready(state, &mut d) {
                if let Some(top) = state.frames.as_mut().top_mut() {
                    *top = HsFrame::Deploy(d);
                }
                return Ok(());
            }
            state.frames.as_mut().pop();
            play::settle(state, dice, events);
        }
        HsFrame::Deploy(d) => {
            match *answer {
                Action::Place { figure, hex, tail } => {
                    let level = land_level(state, hex).unwrap_or(0);
                    super::super::setup::stand(state, figure, hex, tail, level);
                    events.push(Event::Placed { figure, hex, level });
                    if next_to_deploy(state, d.unit)
                        .and_then(|id| state.figure(id))
                        .is_some_and(|f| !deploy_spaces(state, f).is_empty())
                    {
                        return Ok(());
                    }
                }
                _ => {
                    let figure = next_to_deploy(state, d.unit).unwrap_or(0);
                    events.push(Event::PowerDeclined {
                        figure,
                        unit: d.unit,
                        power: d.power,
                    });
                }
            }
            state.frames.as_mut().pop();
            skirmish_engine::frames::resume::<HsFrame>(state);
        }
        HsFrame::Markers { .. }
        | HsFrame::Spirit { .. }
        | HsFrame::PowerMoves(_)
        | HsFrame::Landing(_)
        | HsFrame::StartChoice(_)
        | HsFrame::MidAttack(_)
        | HsFrame::Opponent(_)
        | HsFrame::Wounds(_)
        | HsFrame::Arrive(_)
        | HsFrame::Glide(_)
        | HsFrame::Choose(_)
        | HsFrame::Tile(_)
        | HsFrame::Knock(_)
        | HsFrame::Rise(_)
        | HsFrame::Summon(_)
        | HsFrame::Place(_)
        | HsFrame::MidMove(_) => {}
    }
    Ok(())
}

/// Uses (or not) an offered power, then goes on with what it interrupted.
pub(super) fn answer_offer(
    state: &mut State,
    o: &Offer,
    answer: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let mut cut = false;
    let mut again = false;
    match *answer {
        Action::UsePower { target, .. } if super::super::misc::choosing(state, o) => {
            super::super::misc::destroy_chosen(state, o, target, events);
        }
        Action::UsePower { target, .. } if super::super::peek::moving(state, o) => {
            super::super::peek::move_marker(state, o, target, events);
        }
        Action::DeclinePower if super::super::peek::moving(state, o) => {
            super::super::peek::move_marker(state, o, None, events);
        }
        Action::UsePower { target, .. } if super::super::wrath::striking(state, o) => {
            super::super::wrath::strike(state, o, target, events);
        }
        Action::DeclinePower if super::super::wrath::striking(state, o) => {
            super::super::wrath::strike(state, o, None, events);
        }
        Action::UsePower { .. } if super::super::markers::is_x_power(state, o.unit, o.power) => {
            again = super::super::markers::reveal_x(state, o, events);
        }
        Action::UsePower { .. } if super::super::command::is_power(state, o.unit, o.power) => {
            again = super::super::command::use_power(state, o, events);
        }
        Action::UsePower { target, .. }
            if super::super::control::is_offer(state, o.unit, o.power) =>
        {
            again = super::super::control::answer(state, o, target, dice, events);
        }
        Action::UsePower { target, .. }
            if super::super::supplies::is_supply_power(state, o.unit, o.power) =>
        {
            super::super::supplies::use_power(state, o, target, dice, events);
        }
        Action::UsePower { target, .. }
            if super::super::bonding::is_turn_power(state, o.unit, o.power)
                && !by_bonded(state, o) =>
        {
            super::super::bonding::use_power(state, o, target, events);
            // a turn a turns-with power gives goes on where the last one ended
            again = super::super::orders::is_power(state, o.unit, o.power)
                || super::super::control::is_power(state, o.unit, o.power);
        }
        Action::UsePower { .. } if super::super::throw::is_switch(state, o.unit, o.power) => {
            cut = !super::super::throw::use_switch(state, o, events);
        }
        // Several figures chosen before any roll (*Witchcraft Telekinesis*).
        Action::UsePower { figure, target, .. }
            if super::super::place::use_power(state, dice, figure, o, target, events) => {}
        Action::UsePower { figure, target, .. }
            if super::super::choose::use_power(state, dice, figure, target, o, events) => {}
        Action::UsePower { figure, target, .. } => {
            if let Some(t) = power_of(state, o.unit, o.power).cloned() {
                // The d20 families play their own powers (tables of results, once per game,
                // a roll for each figure around).
                if !super::super::d20c::use_power(state, dice, figure, target, o, &t, events)
                    && !super::super::d20::use_power(
                        state, dice, figure, o.power, &t, target, o, events,
                    )
                    && succeeds(state, dice, figure, o.power, &t, target, events)
                {
                    for outcome in &t.outcomes {
                        match outcome {
                            Outcome::EndAttack => cut = true,
                            Outcome::AnotherTurn => again = true,
                            _ => {}
                        }
                        apply(state, figure, o.power, target, outcome, o, dice, events);
                    }
                }
            }
        }
        _ => events.push(Event::PowerDeclined {
            figure: o.figure,
            unit: o.unit,
            power: o.power,
        }),
    }
    match o.then {
        Then::Turn => play::settle(state, dice, events),
        Then::Attack { attacker, target } => {
            let standing = |s: &State, id| s.figure(id).is_some_and(Figure::on_field);
            if !cut && standing(state, attacker) && standing(state, target) {
                // a power between the rolls may ask first (`rolls2`): the attack goes on there
                let Some(wounds) = combat::attack_or_ask(state, attacker, target, dice, events)
                else {
                    return;
                };
                after_attack(state, attacker, dice, events);
                if super::super::extra_moves::after_attack(state, attacker, target, wounds) {
                    return;
                }
            }
            play::settle(state, dice, events);
        }
        Then::EndTurn { seat } => {
            if again && !on_field(state, o.unit).is_empty() {
                state.powers.extra_turns += 1;
                if let Some(turn) = turn_mut(state) {
                    turn.stage = Stage::Move;
                    turn.moved.clear();
                    turn.attacked.clear();
                }
                play::settle(state, dice, events);
            } else {
                play::end_turn(state, seat, dice, events);
            }
        }
        Then::NextTurn => play::next_turn(state, dice, events),
    }
}

/// One outcome of a power that succeeded. (The dice are for what answers the wounds it puts
/// on a figure: *Amulet of Paivatar*.)
#[allow(clippy::too_many_arguments)]
pub(in crate::game::powers) fn apply(
    state: &mut State,
    user: u32,
    power: u8,
    target: Option<u32>,
    outcome: &Outcome,
    o: &Offer,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let Some(unit) = state.figure(user).map(|f| f.unit) else {
        return;
    };
    let reached = match (outcome, o.then.clone()) {
        (Outcome::WoundAttacker(_) | Outcome::EndAttack, Then::Attack { attacker, .. }) => {
            Some(attacker)
        }
        _ => target,
    };
    if let Outcome::HealOnGround { grounds, .. } = outcome {
        // off that ground the rider does nothing, and the log says nothing of it
        let on = state
            .figure(user)
            .and_then(|f| super::ground_of(state, f))
            .is_some_and(|g| grounds.contains(&g));
        if !on {
            return;
        }
    }
    events.push(Event::PowerUsed {
        figure: user,
        unit,
        power,
        target: reached,
        outcome: outcome.clone(),
    });
    match *outcome {
        Outcome::WoundAttacker(n) | Outcome::WoundTarget(n) => {
            if let Some(id) = reached {
                combat::wound_by(state, id, n, dice, events);
            }
        }
        Outcome::DestroyTarget => {
            if let Some(id) = reached {
                combat::destroy(state, id, events);
            }
        }
        Outcome::TakeControl => {
            if let Some(id) = reached {
                take_control(state, user, id, events);
            }
        }
        Outcome::MoveAgain => {
            if let Some(turn) = turn_mut(state) {
                turn.stage = Stage::Move;
                turn.moved.clear();
            }
        }
        Outcome::Heal(n) | Outcome::HealOnGround { by: n, .. } => heal(state, unit, n),
        Outcome::DefenceAtMost { .. } => {
            if let Some(k) = turn_key(state) {
                state.powers.capped.retain(|(key, _, _)| *key == k);
                state.powers.capped.push((k, unit, power));
            }
        }
        Outcome::HealTarget(n) => {
            if let Some(u) = reached.and_then(|id| state.figure(id)).map(|f| f.unit) {
                heal(state, u, n);
            }
        }
        // Handled where they trigger: the attack's end, the extra turn, another attack,
        // wounds ignored, figures placed, a dodge's move.
        Outcome::EndAttack
        | Outcome::AnotherTurn
        | Outcome::AttackAgain
        | Outcome::IgnoreWounds
        | Outcome::ReturnDestroyedAdjacent
        | Outcome::DeployApart
        | Outcome::MoveSelf { .. }
        | Outcome::WoundSelf(_) => {}
        Outcome::TargetDefenceAtMost(_) | Outcome::WoundAdjacent(_) | Outcome::DestroySelf => {
            super::super::d20::apply(state, user, power, reached, outcome, dice, events)
        }
        Outcome::Place(ref p) => {
            super::super::place::start(state, user, power, reached, p, o, events)
        }
        Outcome::HealChosen(h) => super::super::choose::heal(state, user, power, reached, h, o),
        Outcome::Misc(m) => super::super::misc::apply(state, user, power, m, o, events),
    }
}

/// Removes up to `n` wound markers from a unit's figures.
pub(super) fn heal(state: &mut State, unit: u16, n: u16) {
    let mut left = n;
    for f in state
        .figures
        .iter_mut()
        .filter(|f| f.unit == unit && !f.destroyed)
    {
        let off = f.wounds.min(left);
        f.wounds -= off;
        left -= off;
    }
}

/// *Mind Shackle*: the user's player controls the chosen figure's card and all its figures
/// from now on, even if the user is destroyed later; the order markers on that card are
/// removed.
pub(super) fn take_control(state: &mut State, user: u32, chosen: u32, events: &mut Vec<Event>) {
    let (Some(to), Some(unit)) = (
        state.figure(user).map(|f| f.owner),
        state.figure(chosen).map(|f| f.unit),
    ) else {
        return;
    };
    super::super::command::give_control(state, unit, to, events);
}
