//! What a pending decision asks, and the prompt naming who must answer it (the catalogue's
//! `decision.*` messages).

use skirmish_engine::Seat;
use skirmish_lang::Lang;

use super::{figure_name, team_name};
use crate::game::action::Decision;
use crate::game::state::State;
use crate::present::catalogue::msg;

/// What a decision asks, in lower case to follow the name of whoever must answer and a colon:
/// "choose your deployment zone", "split 3 damage between Vex, Grumblestone". See
/// [`decision_prompt`] for the whole sentence.
pub fn describe_decision(state: &State, decision: &Decision, lang: Lang) -> String {
    let name = |id| figure_name(state, id);
    // A wildcard arm ends this match: decisions added to the rules read as their debug form
    // until they get their words here.
    match decision {
        Decision::ChooseMap { .. } => msg!(lang, "decision.choose_map"),
        Decision::ChooseZone { .. } => msg!(lang, "decision.choose_zone"),
        Decision::CancelCondition { conditions } => {
            msg!(lang, "decision.cancel_condition", count = conditions.len())
        }
        Decision::PlaceObject { objects } => {
            msg!(lang, "decision.place_object", left = objects.len())
        }
        Decision::Deploy { figures, .. } => msg!(lang, "decision.deploy", left = figures.len()),
        Decision::Turn {
            round,
            actions_left,
            ..
        } => msg!(
            lang,
            "decision.turn",
            round = round,
            actions_left = actions_left
        ),
        Decision::SplitDamage {
            targets, damage, ..
        } => {
            let names: Vec<String> = targets.iter().map(|t| name(*t)).collect();
            msg!(
                lang,
                "decision.split_damage",
                damage = damage,
                targets = names.join(", ")
            )
        }
        Decision::KnockbackLine { figure, .. } => {
            msg!(lang, "decision.knockback_line", figure = name(*figure))
        }
        Decision::Blades { attacker, damage } => msg!(
            lang,
            "decision.blades",
            attacker = name(*attacker),
            damage = damage
        ),
        Decision::FreeAttack { figure, power } => msg!(
            lang,
            "decision.free_attack",
            figure = name(*figure),
            power = power.name(lang)
        ),
        Decision::PickUp { figure, .. } => msg!(lang, "decision.pick_up", figure = name(*figure)),
        Decision::Controlled { controller, figure } => msg!(
            lang,
            "decision.controlled",
            controller = name(*controller),
            figure = name(*figure)
        ),
        Decision::LeadershipToken { figure, .. } => {
            msg!(lang, "decision.leadership_token", figure = name(*figure))
        }
        Decision::ElectKnockback { figure, distance } => msg!(
            lang,
            "decision.elect_knockback",
            figure = name(*figure),
            distance = distance
        ),
        Decision::PlaceCaptive { captive, .. } => {
            msg!(lang, "decision.place_captive", captive = name(*captive))
        }
        Decision::PlacePassenger { carrier, passenger } => msg!(
            lang,
            "decision.place_passenger",
            passenger = name(*passenger),
            carrier = name(*carrier)
        ),
        Decision::AbilityAttack { figure, ability } => msg!(
            lang,
            "decision.ability_attack",
            figure = name(*figure),
            ability = ability.name(lang)
        ),
        Decision::MoveOn { figure, speed } => msg!(
            lang,
            "decision.move_on",
            figure = name(*figure),
            speed = speed
        ),
        Decision::PlaceMarkers {
            figure,
            power,
            placed,
        } => msg!(
            lang,
            "decision.place_markers",
            power = power.name(lang),
            figure = name(*figure),
            marker = placed.len() + 1,
            placed = placed.len()
        ),
        Decision::RollReroll {
            figure,
            subject,
            roll,
            dice,
            success,
        } => {
            let dice: Vec<String> = dice.iter().map(u8::to_string).collect();
            let result = match success {
                Some(true) => msg!(lang, "decision.roll_succeeds"),
                Some(false) => msg!(lang, "decision.roll_fails"),
                None => String::new(),
            };
            msg!(
                lang,
                "decision.roll_reroll",
                figure = name(*figure),
                subject = name(*subject),
                roll = roll.name(lang),
                dice = dice.join(" + "),
                result = result
            )
        }
        Decision::Reroll {
            figure,
            attacker,
            dice,
        } => msg!(
            lang,
            "decision.reroll",
            figure = name(*figure),
            attacker = name(*attacker),
            a = dice.0,
            b = dice.1
        ),
        Decision::Mastermind { figure, amount, .. } => msg!(
            lang,
            "decision.mastermind",
            figure = name(*figure),
            amount = amount
        ),
        #[allow(unreachable_patterns)]
        _ => format!("{decision:?}"),
    }
}

/// The prompt for a decision that `seats` must answer, naming their teams: "Wardens (player 1):
/// choose your deployment zone", "Round 3, Wardens (player 1)'s turn: 2 action(s) left".
pub fn decision_prompt(state: &State, seats: &[Seat], decision: &Decision, lang: Lang) -> String {
    let who = seats
        .iter()
        .map(|s| team_name(state, *s, lang))
        .collect::<Vec<_>>()
        .join(", ");
    match decision {
        Decision::Turn {
            round,
            actions_left,
            ..
        } => msg!(
            lang,
            "decision.turn_prompt",
            round = round,
            who = who,
            actions_left = actions_left
        ),
        _ => msg!(
            lang,
            "decision.prompt",
            who = who,
            what = describe_decision(state, decision, lang)
        ),
    }
}
