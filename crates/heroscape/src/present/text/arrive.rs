//! Figures entering the battlefield during the game, in words (`game::powers::arrive`).

use super::*;
use crate::game::powers::arrive::Arrived;

/// A log line of an arrival.
pub(super) fn arrived_text(state: &State, what: &Arrived, lang: Lang) -> String {
    let fig = |id: &u32| figure_name(state, *id);
    match what {
        Arrived::Summoned {
            figure,
            unit,
            power,
        } => match lang {
            Lang::En => format!(
                "{} is summoned onto the battlefield by {}",
                fig(figure),
                power_name(state, *unit, *power)
            ),
            Lang::Fr => format!(
                "{} est invoqué sur le champ de bataille par {}",
                fig(figure),
                power_name(state, *unit, *power)
            ),
        },
        Arrived::NoRoom {
            figure,
            unit,
            power,
        } => match lang {
            Lang::En => format!(
                "{} cannot be placed on the battlefield by {}: it is destroyed and cannot be summoned again",
                fig(figure),
                power_name(state, *unit, *power)
            ),
            Lang::Fr => format!(
                "{} ne peut pas être placé sur le champ de bataille par {} : il est détruit et ne pourra plus être invoqué",
                fig(figure),
                power_name(state, *unit, *power)
            ),
        },
        Arrived::MarkerMoved {
            seat,
            marker,
            from,
            to,
        } => {
            let which = marker.map_or_else(String::new, |m| format!(" {}", m.symbol()));
            match lang {
                Lang::En => format!(
                    "{} moves an order marker{which} from {} to {}",
                    seat_name(state, *seat, lang),
                    unit_name(state, *from),
                    unit_name(state, *to)
                ),
                Lang::Fr => format!(
                    "{} déplace un marqueur d'ordre{which} de {} vers {}",
                    seat_name(state, *seat, lang),
                    unit_name(state, *from),
                    unit_name(state, *to)
                ),
            }
        }
        Arrived::TurnWith {
            summoned,
            unit,
            power,
        } => match lang {
            Lang::En => format!(
                "{} takes a turn at once ({})",
                unit_name(state, *summoned),
                power_name(state, *unit, *power)
            ),
            Lang::Fr => format!(
                "{} joue un tour immédiatement ({})",
                unit_name(state, *summoned),
                power_name(state, *unit, *power)
            ),
        },
    }
}
