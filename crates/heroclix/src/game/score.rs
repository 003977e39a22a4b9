//! The end of the game and victory points (rulebook *Gagner une partie d'HeroClix*, *Désigner le
//! vainqueur*, *Déterminer les points de victoire*).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use skirmish_engine::{Dice, Outcome, Seat};

use super::event::{EndReason, Event};
use super::state::{Phase, State};

/// After an action resolves: the game is over when one side at most has figures on the map.
pub fn check_end(state: &mut State, dice: &mut Dice, events: &mut Vec<Event>) {
    if state.outcome.is_some() || state.phase != Phase::Play {
        return;
    }
    // Captives set free come back on the map first (FAQ 2002 *Sentinelles*: the game does not
    // end in the middle of an action).
    if super::capture::ask_placement(state) {
        return;
    }
    let mut sides: Vec<u8> = state
        .in_play()
        .map(|f| state.seats[f.owner.index()].alliance)
        .collect();
    sides.sort_unstable();
    sides.dedup();
    match sides.as_slice() {
        [] => end_by_points(state, EndReason::NoFigureLeft, dice, events),
        // Rulebook *Désigner le vainqueur*: a side whose figures are all held captive has left
        // the map but is not vanquished; victory points decide.
        [side]
            if state.figures.iter().any(|f| {
                f.captured_by.is_some() && state.seats[f.owner.index()].alliance != *side
            }) =>
        {
            end_by_points(state, EndReason::LastTeamStanding, dice, events)
        }
        [side] => {
            let winners: Vec<Seat> = (0..state.seats.len())
                .filter(|&i| state.seats[i].alliance == *side)
                .map(|i| Seat(i as u8))
                .collect();
            finish(state, winners, EndReason::LastTeamStanding, events);
        }
        _ => {}
    }
}

/// Ends the game on victory points: a side's points are its seats' points added up (two players
/// playing together add theirs); a tie is rolled off on 2d6, rerolling ties.
pub fn end_by_points(
    state: &mut State,
    reason: EndReason,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let mut by_side: BTreeMap<u8, u32> = BTreeMap::new();
    for s in &state.seats {
        *by_side.entry(s.alliance).or_default() += s.victory_points;
    }
    let best = by_side.values().copied().max().unwrap_or(0);
    let mut tied: Vec<u8> = by_side
        .iter()
        .filter(|(_, p)| **p == best)
        .map(|(a, _)| *a)
        .collect();
    if tied.len() > 1 {
        let mut rolls: Vec<(Seat, Vec<u8>)> = tied
            .iter()
            .map(|a| (first_seat(state, *a), Vec::new()))
            .collect();
        let mut contenders: Vec<usize> = (0..tied.len()).collect();
        for _ in 0..50 {
            let mut top = 0;
            for &c in &contenders {
                let (x, y) = dice.two_d6();
                rolls[c].1.push(x + y);
                top = top.max(x + y);
            }
            contenders.retain(|&c| rolls[c].1.last() == Some(&top));
            if contenders.len() == 1 {
                break;
            }
        }
        events.push(Event::RollOff { rolls });
        tied = vec![tied[contenders[0]]];
    }
    let winners: Vec<Seat> = (0..state.seats.len())
        .filter(|&i| tied.contains(&state.seats[i].alliance))
        .map(|i| Seat(i as u8))
        .collect();
    finish(state, winners, reason, events);
}

fn first_seat(state: &State, alliance: u8) -> Seat {
    (0..state.seats.len())
        .find(|&i| state.seats[i].alliance == alliance)
        .map_or(Seat(0), |i| Seat(i as u8))
}

fn finish(state: &mut State, winners: Vec<Seat>, reason: EndReason, events: &mut Vec<Event>) {
    let scores: Vec<(Seat, u32)> = state
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| (Seat(i as u8), s.victory_points))
        .collect();
    state.phase = Phase::Over;
    state.frames().pop();
    state.outcome = Some(End {
        winners: winners.clone(),
        scores: scores.iter().map(|(s, p)| (*s, i64::from(*p))).collect(),
        reason,
    });
    events.push(Event::GameOver {
        winners,
        scores,
        reason,
    });
}

/// How the game ended, as the state keeps it: the rule that ended it is data
/// ([`EndReason`]), and front ends word it in their reader's language.
///
/// It serializes exactly as the engine's [`Outcome`] did when the state kept one (the reason as
/// a fixed English sentence), so that the hashes of states, and with them every recorded
/// replay, stay the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct End {
    /// The winning seats.
    pub winners: Vec<Seat>,
    /// Victory points by seat.
    pub scores: Vec<(Seat, i64)>,
    /// The rule that ended the game.
    #[serde(with = "stored_reason")]
    pub reason: EndReason,
}

impl End {
    /// The engine's outcome: its reason is the stored English sentence, for replay files and
    /// programs; people read [`EndReason::text`] in their language.
    pub fn outcome(&self) -> Outcome {
        Outcome {
            winners: self.winners.clone(),
            scores: self.scores.clone(),
            reason: stored_reason::sentence(self.reason).to_string(),
        }
    }
}

/// The end reason as states store it: the English sentences states were hashed with before the
/// reason became data. They are a storage format now, frozen: the words players read are the
/// catalogue's (`end_reason.*`), free to change.
mod stored_reason {
    use serde::{Deserialize, Deserializer, Serializer};

    use super::EndReason;

    const ALL: [EndReason; 3] = [
        EndReason::LastTeamStanding,
        EndReason::NoFigureLeft,
        EndReason::RoundLimit,
    ];

    pub fn sentence(reason: EndReason) -> &'static str {
        match reason {
            EndReason::LastTeamStanding => "last team standing",
            EndReason::NoFigureLeft => "no figure left",
            EndReason::RoundLimit => "round limit reached, victory points decide",
        }
    }

    pub fn serialize<S: Serializer>(reason: &EndReason, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(sentence(*reason))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<EndReason, D::Error> {
        let text = String::deserialize(d)?;
        ALL.into_iter()
            .find(|r| sentence(*r) == text)
            .ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "outcome.reason: unknown end of game `{text}` (expected one of: {})",
                    ALL.map(sentence).join(", ")
                ))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stored form is the engine's outcome as states held it, byte for byte: recorded
    /// hashes depend on it.
    #[test]
    fn an_end_is_stored_as_the_outcome_was() {
        let end = End {
            winners: vec![Seat(1)],
            scores: vec![(Seat(0), 15), (Seat(1), 50)],
            reason: EndReason::RoundLimit,
        };
        let stored = serde_json::to_string(&end).unwrap();
        assert_eq!(stored, serde_json::to_string(&end.outcome()).unwrap());
        assert_eq!(
            stored,
            r#"{"winners":[1],"scores":[[0,15],[1,50]],"reason":"round limit reached, victory points decide"}"#
        );
        assert_eq!(serde_json::from_str::<End>(&stored).unwrap(), end);
        let err = serde_json::from_str::<End>(r#"{"winners":[],"scores":[],"reason":"bored"}"#)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("outcome.reason") && err.contains("bored"),
            "{err}"
        );
    }
}
