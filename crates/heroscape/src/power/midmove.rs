//! The card language's words for powers that act in the middle of a move
//! ([`super::Effect::MidMove`]): a move is a path of spaces, and these powers fire as the
//! moving figure steps onto one of them. They are played in `game/powers/midmove.rs`.

use serde::{Deserialize, Serialize};

use super::Filter;

/// One word of this family. In a card file: `{ effect = "mid_move", mid = "thorns", ... }`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "mid", rename_all = "snake_case", deny_unknown_fields)]
pub enum MidMove {
    /// Each time an enemy figure matching `filter` moves onto a space adjacent to a figure of
    /// the card where it could end its movement, the card's owner may roll the 20-sided die:
    /// at `stop` or more the moving figure ends its movement there and its attack value is
    /// `lower` less until the end of the turn; at `wound` or more it also receives a wound
    /// (*Sharp Thorns*: "If an enemy Small or Medium figure moves onto a space adjacent to
    /// Vrono the Brambletooth where that figure could end its movement, you may roll the
    /// 20-sided die. If you roll a 12 or higher, the figure ends its movement and lowers its
    /// Attack Value by 1 until the end of the current turn. If you roll an 18 or higher, the
    /// figure also receives one wound."; *Wicked Thorns*).
    Thorns {
        /// The figures it catches.
        filter: Filter,
        /// The lowest roll that ends the move.
        stop: u8,
        /// Attack value taken off until the end of the turn.
        lower: u8,
        /// The lowest roll that also wounds.
        wound: u8,
    },
    /// Once in its card's turn, at any point of its normal move where it is on a space where
    /// it could end its movement (the space it sets off from included), its player may
    /// choose an adjacent figure matching `filter` whose base is at most `above` levels above
    /// its own and roll the 20-sided die: at `at_least` or more the chosen figure receives
    /// `wounds` wounds (*Stomp 8*: "Once during Imperator Kayne's turn, at any point during
    /// his normal movement that he is on a space where he could end his movement, you may
    /// choose an adjacent Small or Medium figure whose level is no more than 5 levels above
    /// Kayne's level and roll the 20-sided die: If you roll 8 or higher, that figure receives 1
    /// wound.").
    Stomp {
        /// The figures it may choose.
        filter: Filter,
        /// Most levels the chosen figure's base may stand above its own.
        above: u8,
        /// The lowest roll that wounds.
        at_least: u8,
        /// Wounds on a success.
        wounds: u8,
    },
    /// While the figure flies, its player may choose one opponent's figure matching `filter`
    /// that it passed over this turn (a figure on a space of its path between where it set
    /// off and where it lands); at the end of its move the chosen figure is placed on an empty
    /// space adjacent to it on its level, taking no leaving-engagement attack; a figure under
    /// an overhang is never chosen (*Talon Grab*: "While this Wyvern is flying, you may choose
    /// one opponent's small or medium figure that it passed over this turn. Place the chosen
    /// figure on an empty same-level space adjacent to this Wyvern at the end of its move. If
    /// the chosen figure is engaged when it is moved by Talon Grab, it will not take any
    /// leaving engagement attacks. Figures under overhangs can never be moved by Talon
    /// Grab.").
    GrabPassedOver {
        /// The figures it may choose.
        filter: Filter,
    },
}
