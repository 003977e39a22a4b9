//! The card language's words for 20-sided die powers that wound, heal, destroy or hinder
//! beyond what a [`super::Triggered`] says alone ([`super::Effect::D20c`]).
//!
//! Most are *riders*: words that narrow the triggered power printed with them on the same
//! power (*Sharpshooter*: "any non-adjacent figure", "may not use this special power if he
//! moved this turn"). Others are powers of their own (*Searing Intensity*). They are played in
//! `game/powers/d20c.rs`.

use serde::{Deserialize, Serialize};

use super::{Ability, Filter};

/// One word of this family. In a card file: `{ effect = "d20c", rule = "chosen_not_adjacent" }`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "snake_case", deny_unknown_fields)]
pub enum D20c {
    /// The figure the power's triggered effect chooses must not be adjacent to the figure
    /// using it (*Sharpshooter*: "any non-adjacent figure").
    ChosenNotAdjacent,
    /// The power's triggered effect cannot be used by a figure that moved this turn
    /// (*Sharpshooter*: "may not use this special power if he moved this turn").
    NotAfterMoving,
    /// The figure the power's figure destroyed was adjacent to it (*Utgar's Cutlass*: "when
    /// Bok-Bur-Na destroys an adjacent figure with a normal attack").
    DestroyedAdjacent,
    /// The power acts only the first time in a turn that its trigger happens to the figure
    /// (*Subsume Soul*: "the first time a Nuckelavee destroys a figure each turn"); a first time
    /// that could not use it lets the chance go.
    FirstEachTurn,
    /// The figure the power's triggered effect chooses must match one of these filters ("a
    /// friendly Wizard or Beast": *Renew*).
    ChosenAnyOf {
        /// The kinds of figure.
        filters: Vec<Filter>,
    },
    /// The power's triggered effect can be used only while its user is within `within` clear
    /// sight spaces of another figure its player controls matching `filter` (*Renew*: "if
    /// Chana the Zenithwing is within 5 clear sight spaces of a Wizard that you control").
    NearControlled {
        /// The other figure.
        filter: Filter,
        /// Clear sight spaces.
        within: u16,
    },
    /// Each time a figure of this card attacks a figure matching `targets` with a normal attack
    /// (or, with `leaving_engagement`, a leaving-engagement attack) and inflicts at least one
    /// wound, its player rolls the 20-sided die; on `at_least` or more the defending figure
    /// receives `wounds` more wounds (*Poison Weapons*).
    PoisonWounds {
        /// Which defending figures.
        targets: Filter,
        /// The lowest roll that adds the wounds.
        at_least: u8,
        /// Wounds added.
        wounds: u16,
        /// Its leaving-engagement attacks too.
        #[serde(default)]
        leaving_engagement: bool,
    },
    /// On the success of the power's triggered effect, order markers are removed from the
    /// chosen figure's Army Card: `one_at_random` removes one of its unrevealed markers, chosen
    /// by the die (*Crippling Glance*), else every marker on it goes, revealed or not, from
    /// every copy of a common card (*Crippling Gaze*). Which marker went is never told.
    RemoveMarkers {
        /// One unrevealed marker at random, not all.
        #[serde(default)]
        one_at_random: bool,
    },
    /// The power's triggered effect may be used once per round, whatever the turns its card
    /// takes (*Maddening Chitter 14*: "once per round, before taking a turn with the Thyraxis
    /// Dragoon").
    OncePerRound,
    /// On the success of the power's triggered effect, its player looks at one unrevealed order
    /// marker on the chosen figure's Army Card (one of the face-down markers, which one the die
    /// decides: they are alike from the back), then may move it to the card of any other
    /// figure of the same player. Only the looking player learns its number (*Maddening
    /// Chitter 14*).
    PeekMoveMarker,
    /// On the success of the power's triggered effect, the figure that used it has no visible
    /// hit zone while it remains on that space, until its player next reveals an order marker:
    /// no figure can see it (*Cloud of Darkness*).
    HiddenUntilReveal,
    /// When an opponent rolls the 20-sided die for a special power of one of their Army
    /// Cards, one or more of whose figures are within `within` spaces of a figure its player
    /// controls with this power, `by` is subtracted from the roll (*Harrowing Presence*).
    SubtractFromOpponents {
        /// Subtracted.
        by: u16,
        /// Spaces.
        within: u16,
    },
    /// After moving and before attacking with this card, its player must roll the 20-sided
    /// die once for each figure adjacent to at least one figure they control of this card's
    /// name, friend or foe; on `at_least` or more that figure receives `wounds` wounds. Figures
    /// with the `spared` ability are not affected (*Searing Intensity*).
    AroundKinRolls {
        /// The lowest roll that wounds.
        at_least: u8,
        /// Wounds on a success.
        wounds: u16,
        /// Figures with this ability are left out (*Lava Resistant*).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        spared: Option<Ability>,
    },
}
