//! The questions a HeroClix action asks before it can go on — a damage split, a knockback
//! line, a reroll, a Mastermind's choice, a free attack, placing markers, a captive or a
//! passenger... — as frames on the engine's stack ([`skirmish_engine::frames`]): what each
//! asks ([`Frame::asks`]), what answers it ([`Frame::answers`]), and whether a step queued after
//! the current one can still be taken when its turn comes ([`Frame::resumes`]). Answers are
//! resolved by the rules that asked (combat, powers, capture, objects), through
//! [`super::play::resolve_answer`].

use skirmish_board::FigureId;
use skirmish_engine::frames::{Ask, Frame, FramesMut};
use skirmish_engine::{Dice, Rejection, Seat};

pub use skirmish_engine::frames::{answer, legal, pending, resume};

use super::action::{Action, Decision};
use super::event::Event;
use super::play::{figure_actions, passenger_squares, splits};
use super::state::{Interrupt, State};
use super::{capture, combat, power_actions, rolls};
use crate::figure::Stat;

/// The seat that answers for a figure, as the frame's seat list.
fn owner_of(state: &State, figure: FigureId) -> Vec<Seat> {
    vec![state.fig(figure).map_or(Seat(0), |f| f.owner)]
}

/// Asks `frame` now: the step that asks it has settled the question asked before, if any.
pub fn ask(state: &mut State, frame: Interrupt) {
    debug_assert!(
        state.asked().is_none(),
        "{frame:?} would hide {:?}",
        state.asked()
    );
    state.frames().push(frame);
}

impl Frame for Interrupt {
    type State = State;
    type Action = Action;
    type Decision = Decision;
    type Event = Event;

    fn asked(state: &State) -> Option<&Interrupt> {
        state.asked()
    }

    fn stack_mut(state: &mut State) -> FramesMut<'_, Interrupt> {
        state.frames()
    }

    fn asks(&self, state: &State) -> Ask<Decision> {
        match self {
            Interrupt::SplitDamage { attack } => {
                let seat = state.fig(attack.attacker).map_or(Seat(0), |f| f.owner);
                Ask {
                    seats: vec![seat],
                    decision: Decision::SplitDamage {
                        attacker: attack.attacker,
                        targets: attack.hits.clone(),
                        damage: attack.damage,
                    },
                }
            }
            Interrupt::KnockbackLine {
                attack,
                figure,
                options,
                ..
            } => {
                let seat = state.fig(attack.attacker).map_or(Seat(0), |f| f.owner);
                Ask {
                    seats: vec![seat],
                    decision: Decision::KnockbackLine {
                        figure: *figure,
                        options: *options,
                    },
                }
            }
            Interrupt::Blades { attack } => {
                let seat = state.fig(attack.attacker).map_or(Seat(0), |f| f.owner);
                let damage = state.fig(attack.attacker).map_or(0, |a| {
                    combat::stat(state, a, Stat::Damage).value.clamp(0, 255) as u8
                });
                Ask {
                    seats: vec![seat],
                    decision: Decision::Blades {
                        attacker: attack.attacker,
                        damage,
                    },
                }
            }
            Interrupt::FreeAttack { figure, power, .. } => Ask {
                seats: owner_of(state, *figure),
                decision: Decision::FreeAttack {
                    figure: *figure,
                    power: *power,
                },
            },
            Interrupt::RollReroll { offer, .. } => Ask {
                seats: owner_of(state, offer.figure),
                decision: Decision::RollReroll {
                    figure: offer.figure,
                    subject: offer.subject,
                    roll: offer.kind,
                    dice: offer.dice.clone(),
                    success: offer.success,
                },
            },
            Interrupt::Reroll { attack, figure } => Ask {
                seats: owner_of(state, *figure),
                decision: Decision::Reroll {
                    figure: *figure,
                    attacker: attack.attacker,
                    dice: attack.dice,
                },
            },
            Interrupt::MastermindHeld { offer, .. } => Ask {
                seats: owner_of(state, offer.figure),
                decision: Decision::Mastermind {
                    figure: offer.figure,
                    amount: offer.amount,
                    options: offer.options.clone(),
                },
            },
            Interrupt::Mastermind {
                figure,
                amount,
                options,
                ..
            } => Ask {
                seats: owner_of(state, *figure),
                decision: Decision::Mastermind {
                    figure: *figure,
                    amount: *amount,
                    options: options.clone(),
                },
            },
            Interrupt::PlaceMarkers {
                figure,
                power,
                placed,
            } => Ask {
                seats: owner_of(state, *figure),
                decision: Decision::PlaceMarkers {
                    figure: *figure,
                    power: *power,
                    placed: placed.clone(),
                },
            },
            Interrupt::PickUp { figure, squares } => Ask {
                seats: owner_of(state, *figure),
                decision: Decision::PickUp {
                    figure: *figure,
                    squares: squares.clone(),
                },
            },
            Interrupt::ElectKnockback {
                figure, distance, ..
            } => Ask {
                seats: owner_of(state, *figure),
                decision: Decision::ElectKnockback {
                    figure: *figure,
                    distance: *distance,
                },
            },
            Interrupt::LeadershipToken { figure, options } => Ask {
                seats: owner_of(state, *figure),
                decision: Decision::LeadershipToken {
                    figure: *figure,
                    options: options.clone(),
                },
            },
            Interrupt::PlaceCaptive { captive, around } => Ask {
                seats: vec![capture::placing_seat(state, *captive)],
                decision: Decision::PlaceCaptive {
                    captive: *captive,
                    squares: capture::place_squares(state, *captive, around),
                },
            },
            Interrupt::Controlled { controller, figure } => Ask {
                seats: owner_of(state, *controller),
                decision: Decision::Controlled {
                    controller: *controller,
                    figure: *figure,
                },
            },
            Interrupt::PlacePassenger {
                carrier, passenger, ..
            } => Ask {
                seats: owner_of(state, *carrier),
                decision: Decision::PlacePassenger {
                    carrier: *carrier,
                    passenger: *passenger,
                },
            },
            Interrupt::AbilityAttack {
                figure, ability, ..
            } => Ask {
                seats: owner_of(state, *figure),
                decision: Decision::AbilityAttack {
                    figure: *figure,
                    ability: *ability,
                },
            },
            Interrupt::MoveOn { figure, speed } => Ask {
                seats: owner_of(state, *figure),
                decision: Decision::MoveOn {
                    figure: *figure,
                    speed: *speed,
                },
            },
        }
    }

    fn answers(&self, state: &State, _seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        match self {
            Interrupt::SplitDamage { attack } => {
                for amounts in splits(attack.damage, attack.hits.len()) {
                    out.push(Action::SplitDamage { amounts });
                }
            }
            Interrupt::KnockbackLine { options, .. } => {
                for square in options {
                    out.push(Action::KnockbackVia { square: *square });
                }
            }
            Interrupt::Blades { .. } => {
                out.push(Action::Accept);
                out.push(Action::Decline);
            }
            Interrupt::FreeAttack { figure, power, .. } => {
                out.extend(power_actions::free_attack_options(state, *figure, *power));
            }
            Interrupt::Reroll { .. }
            | Interrupt::RollReroll { .. }
            | Interrupt::ElectKnockback { .. } => {
                out.push(Action::Accept);
                out.push(Action::Decline);
            }
            Interrupt::Mastermind { options, .. }
            | Interrupt::MastermindHeld {
                offer: rolls::RedirectOffer { options, .. },
                ..
            } => {
                out.push(Action::Decline);
                for friend in options {
                    out.push(Action::Redirect { friend: *friend });
                }
            }
            Interrupt::PlaceMarkers {
                figure,
                power,
                placed,
            } => {
                if !placed.is_empty() {
                    out.push(Action::Decline);
                }
                if let Some(f) = state.fig(*figure) {
                    for square in power_actions::marker_squares(state, f, *power, placed) {
                        out.push(Action::PlaceMarker { square });
                    }
                }
            }
            Interrupt::PickUp { squares, .. } => {
                out.push(Action::Decline);
                for square in squares {
                    out.push(Action::PickUp { square: *square });
                }
            }
            Interrupt::Controlled { controller, figure } => {
                out.push(Action::Decline);
                let lent = power_actions::lent_view(state, *figure, *controller);
                let seat = lent.fig(*figure).map_or(Seat(0), |f| f.owner);
                if let Some(f) = lent.fig(*figure) {
                    let occ = combat::occupancy(&lent);
                    out.extend(
                        figure_actions(&lent, seat, f, &occ)
                            .into_iter()
                            .filter(|a| {
                                !matches!(
                                    a,
                                    Action::Pass { .. }
                                        | Action::SwitchOff { .. }
                                        | Action::SwitchOffTeam { .. }
                                )
                            }),
                    );
                }
            }
            Interrupt::PlacePassenger {
                carrier,
                passenger,
                from,
            } => {
                for square in passenger_squares(state, *carrier, *passenger, *from) {
                    out.push(Action::Place {
                        figure: *passenger,
                        square,
                    });
                }
            }
            Interrupt::AbilityAttack {
                figure, ability, ..
            } => {
                out.extend(power_actions::ability_attack_options(
                    state, *figure, *ability,
                ));
            }
            Interrupt::LeadershipToken { options, .. } => {
                out.push(Action::Decline);
                for friend in options {
                    out.push(Action::ClearToken { friend: *friend });
                }
            }
            Interrupt::PlaceCaptive { captive, around } => {
                for square in capture::place_squares(state, *captive, around) {
                    out.push(Action::Place {
                        figure: *captive,
                        square,
                    });
                }
            }
            Interrupt::MoveOn { figure, speed } => {
                out.push(Action::Decline);
                let here = state.fig(*figure).and_then(|f| f.square);
                for to in power_actions::move_on_squares(state, *figure, *speed) {
                    if Some(to) != here {
                        out.push(Action::MoveOn { to });
                    }
                }
            }
        }
        out
    }

    fn resolve(
        state: &mut State,
        seat: Seat,
        answer: &Action,
        dice: &mut Dice,
        events: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        super::play::resolve_answer(state, seat, answer, dice, events)
    }

    /// Flurry's second attack only while Flurry shows and an opposing figure is adjacent; a
    /// move on or an ability's attack only while the figure is in play and has somewhere to go
    /// or something to attack.
    fn resumes(&self, state: &State) -> bool {
        power_actions::step_possible(state, self)
    }
}
