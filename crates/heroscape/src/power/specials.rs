//! Riders on special attacks that the [`super::SpecialAttack`] fields do not say: the effect
//! data of [`super::Effect::Specials`]. Each rider belongs to the special attack of the same
//! power (the power's other effect). Read in `power/parse/specials.rs`, played in
//! `game/powers/special/` (*Psionic Blast*: `psionic.rs`; *Full Barrage*: `riders.rs`; *Drill-Drive*: `drill.rs`; *Ninjutsu Barrage*: `barrage.rs`; *Ninjutsu Mastery*: `mastery.rs`).

use serde::{Deserialize, Serialize};

/// A rider on the special attack of its power. In a card file:
/// `{ effect = "specials", rule = "marker_off_on_wound" }`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "snake_case", deny_unknown_fields)]
pub enum Specials {
    /// Each figure that receives one or more wounds from the power's special attack loses one
    /// unrevealed order marker from its army card (every copy of a common card counting as
    /// one), chosen at random; which marker went is never told (*Psionic Blast*: "if a figure
    /// receives 1 or more wounds from Psionic Blast Special Attack, remove one unrevealed order
    /// marker at random from that figure's Army Card (or cards if your opponent has more than
    /// one Common card for that figure)").
    MarkerOffOnWound,
    /// The special attack's range and dice come in pairs, the player choosing one for each
    /// attack (the action names the pair's dice), each pair used at most once in a turn (*Full
    /// Barrage*: "Range Special. Attack Special. ... Each attack must target a different figure
    /// and must use a different Range and Attack Value pair from the list below (in any
    /// order)": Range 7, Attack 2; Range 5, Attack 3; Range 3, Attack 4). The special attack
    /// itself offers the pairs' dice (`dice_choice`), its attacks and its different targets.
    Pairs {
        /// The pairs, in print order.
        pairs: Vec<Pair>,
    },
    /// Instead of moving and attacking normally, the figure may move up to `spaces` spaces in
    /// a straight line, passing through figures and taking no leaving-engagement attack from
    /// the figures passed through; after moving, `attack` attack dice are rolled once for all
    /// the figures it passed through, friend or foe, each rolling its defence dice separately,
    /// no defender ever counting height advantage (*Drill-Drive*). Its player chooses where the
    /// move ends, as for the other moves by power; the attack needs neither range nor sight.
    DrillDrive {
        /// Most spaces moved.
        spaces: u16,
        /// Attack dice.
        attack: u16,
    },
    /// Instead of moving and attacking normally, the figure may move up to `spaces` spaces
    /// and make the attacks of the power's special attack at any point before, during or after
    /// that move, on a space where it could end its movement (*Ninjutsu Barrage*: "Kumiko can
    /// attack up to 3 times with Ninjutsu Barrage Special Attack at any point before, during,
    /// or after this move as long as Kumiko is on a space where she could end her movement").
    /// The special attack itself keeps its dice, range, number of attacks and different
    /// targets.
    Barrage {
        /// Most spaces moved.
        spaces: u16,
    },
    /// Before each attack of the power's special attack, the figure is placed (not moved) on
    /// an empty space adjacent to an opponent's figure within `within` clear sight spaces of it,
    /// at most `levels` levels above or below its base; it makes the special attack's attacks
    /// only if it did not move normally this turn, else one; it rolls `last_marker_dice`
    /// instead of the printed dice while exactly one of its player's order markers lies face
    /// down on its card (*Ninjutsu Mastery*: "If Shiori did not move normally, she may attack
    /// with Ninjutsu Mastery Special Attack up to three times. Before each attack, you must
    /// choose an opponent's figure within 2 clear sight spaces of Shiori and place Shiori on an
    /// empty space adjacent to that figure that is not more than 6 spaces higher or lower than
    /// Shiori's base. ... Shiori rolls 2 attack dice, or 3 attack dice if Shiori has exactly
    /// one unrevealed Order Marker on her Army Card"). Played in `special::mastery`.
    Mastery {
        /// The opponent's figure beside which it lands is within this many clear sight spaces.
        within: u16,
        /// Most levels between its base and the space it lands on.
        levels: u16,
        /// Attack dice with exactly one unrevealed order marker on its card.
        last_marker_dice: u16,
    },
    /// The special attack may be used only at a targeted figure its user was not adjacent to
    /// when the turn began, and, with `not_after`, not in a turn in which the user moved by
    /// the power of its card so named (*Thunder Ram Assault Special Attack*: "you can only use
    /// ... if Eltahale was not adjacent to the targeted figure at the start of this turn. You
    /// cannot use ... if you used Thunder Step this turn"). Only the targeted figure counts,
    /// not the others the attack also affects.
    NotAdjacentAtStart {
        /// The printed name of the move by power that bars the attack for the turn.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        not_after: Option<String>,
    },
}

/// One range and attack value pair of [`Specials::Pairs`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pair {
    /// Range in spaces.
    pub range: u16,
    /// Attack dice.
    pub attack: u16,
}
