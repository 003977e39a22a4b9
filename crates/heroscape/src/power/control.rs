//! The words of the card language about taking turns with other cards and controlling
//! figures: [`Effect::Control`](super::Effect::Control). Read by `power/parse/control.rs`,
//! played by `game/powers/control.rs`.

use serde::{Deserialize, Serialize};

use super::Filter;

/// A power over turns with other cards and control of figures. In a card file:
/// `{ effect = "control", control = "lent_for_turn", at_least = 17 }`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "control", rename_all = "snake_case")]
pub enum Control {
    /// Once this card's order marker is revealed, a turn with another card's hero figure or
    /// squad the player chooses, before this card's turn or instead of it (*Kato Katsuro's
    /// Command*, *Queen of the Crypt*).
    CardTurns(CardTurns),
    /// After an order marker on this card is revealed, its owner must roll the 20-sided die;
    /// on `at_least` or more the owner chooses an opponent, who controls the card's figures
    /// for the rest of that turn, the owner's order markers staying on the card, unseen by
    /// that opponent; control returns to the owner at the end of the turn (*Eternal Hatred*).
    LentForTurn {
        /// The lowest roll that lends the card.
        at_least: u8,
    },
    /// After a turn with this card under an order marker revealed on it, its controller may
    /// choose a unique hero within `within` spaces of its figure (clear-sight spaces with
    /// `clear_sight`), not matching `except`, and roll the 20-sided die, adding `own_bonus`
    /// when they control that hero: on `at_least` or more they take control of it and take a
    /// turn with it at once, after which control returns to its owner, the order markers on
    /// its card staying there (*Marachott's Whisper*, *Enslave*).
    HeroTurnAfter {
        /// Spaces from this card's figure.
        within: u16,
        /// Counted in clear sight.
        #[serde(default, skip_serializing_if = "super::is_false")]
        clear_sight: bool,
        /// The lowest roll that gives the turn.
        at_least: u8,
        /// Added to the roll when the chosen hero is already the player's.
        #[serde(default, skip_serializing_if = "is_zero")]
        own_bonus: u16,
        /// Heroes that cannot be chosen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        except: Option<Filter>,
    },
    /// After a player turn in which unique heroes its owner controlled were destroyed, the
    /// owner may move all order markers on those heroes' cards to this card; then, if one of
    /// those heroes matches `x_turn_if`, the owner may reveal the X order marker on this card
    /// to take a turn with it (*Pick Up the Trail*).
    MarkersFromFallen {
        /// The heroes whose fall allows the X turn.
        x_turn_if: Filter,
    },
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}

/// Turns with other cards one of whose [`TurnChoice`]s the player takes
/// ([`Control::CardTurns`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardTurns {
    /// The choices: the player takes the turns of one of them, or none.
    pub choices: Vec<TurnChoice>,
    /// The turns replace this card's turn (else they come before it).
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub instead: bool,
    /// A figure may take part in these turns only from clear sight of this card's figure: it
    /// must be in its clear sight before it moves (or attacks, when it does not move).
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub in_sight: bool,
    /// With `in_sight`, within this many clear-sight spaces too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub within: Option<u16>,
    /// Each turn given lays a command marker on the chosen card until the round's end, and a
    /// card sharing its affiliation (general) with a hero of the player's bearing one cannot
    /// be chosen (*Ragtag Armada*).
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub command_marker: bool,
}

/// One choice of a [`CardTurns`]: a turn with one card matching each filter, in the order the
/// player chooses, any of them left out ("1 Ashigaru Harquebus Squad and/or 1 Ashigaru Yari
/// Squad"). A filter for heroes gives a turn to one hero figure; a filter for squads gives the
/// squad's turn (all its figures, a card's worth of a common squad's).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TurnChoice {
    /// The cards, one turn each at most.
    pub cards: Vec<Filter>,
    /// Where a hero chosen must stand when chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub near: Option<Near>,
}

/// Where a figure must stand: on one of the land types `on`, or within `within` clear-sight
/// spaces of this card's figure ("that is on a shadow space or within 5 clear sight spaces").
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Near {
    /// Land types (`shadow`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub on: Vec<String>,
    /// Clear-sight spaces.
    pub within: u16,
}
