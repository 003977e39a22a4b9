//! An enemy order marker looked at, then maybe moved, in words (`game::powers::peek`:
//! *Maddening Chitter*). The marker's number shows only in the logs of those who may know it.

use super::*;
use crate::game::powers::peek::Peeked;

/// A log line of a look at a marker, or of its move.
pub(super) fn peeked_text(state: &State, what: &Peeked, lang: Lang) -> String {
    let which =
        |marker: &Option<Marker>| marker.map_or_else(String::new, |m| format!(" {}", m.symbol()));
    match what {
        Peeked::Looked {
            figure,
            unit,
            power,
            seat,
            on,
            marker,
            ..
        } => match lang {
            Lang::En => format!(
                "{}: {}: looks at a face-down order marker{} of {} on {}",
                figure_name(state, *figure),
                power_name(state, *unit, *power),
                which(marker),
                seat_name(state, *seat, lang),
                unit_name(state, *on)
            ),
            Lang::Fr => format!(
                "{} : {} : regarde un marqueur d'ordre face cachée{} de {} sur {}",
                figure_name(state, *figure),
                power_name(state, *unit, *power),
                which(marker),
                seat_name(state, *seat, lang),
                unit_name(state, *on)
            ),
        },
        Peeked::Moved {
            seat,
            marker,
            from,
            to,
            ..
        } => match lang {
            Lang::En => format!(
                "the order marker{} of {} moves from {} to {}",
                which(marker),
                seat_name(state, *seat, lang),
                unit_name(state, *from),
                unit_name(state, *to)
            ),
            Lang::Fr => format!(
                "le marqueur d'ordre{} de {} passe de {} à {}",
                which(marker),
                seat_name(state, *seat, lang),
                unit_name(state, *from),
                unit_name(state, *to)
            ),
        },
    }
}
