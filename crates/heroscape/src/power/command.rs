//! The words of the card language about who takes a turn, who controls a card and figures
//! entering the battlefield: [`Effect::Command`](super::Effect::Command). Read by
//! `power/parse/command.rs`, played by `game/powers/command.rs`.

use serde::{Deserialize, Serialize};

/// A power over turns and control.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Command {
    /// At the end of each of its owner's player turns, the owner may reveal the X order marker
    /// lying on this card to take a turn with the card's figure; no other card takes that turn
    /// instead, and a figure of the card that moves in it cannot attack, normally or with a
    /// special attack (*Fire When Ready*).
    XTurnAfterYourTurn,
    /// After a turn with this card, its controller must roll the 20-sided die; on `at_most`
    /// or less, the controller chooses an opponent, the controller's order markers on the card
    /// are removed and that opponent controls the card from then on (*Stab in the Back*).
    GivenAwayAfterTurn {
        /// The highest roll that gives the card away.
        at_most: u8,
    },
}
