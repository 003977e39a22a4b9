//! What players answer and what they are asked.

use serde::{Deserialize, Serialize};
use skirmish_board::square::{Dir, Square};
use skirmish_board::FigureId;

/// One answer to the pending decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// The first player picks the map (index into the scenario's maps).
    ChooseMap {
        /// Which map.
        map: usize,
    },
    /// Pick a deployment zone.
    ChooseZone {
        /// Zone number.
        zone: u8,
    },
    /// Place a figure in the deployment zone.
    Place {
        /// The figure.
        figure: FigureId,
        /// Its square.
        square: Square,
    },
    /// Give a figure a move action (*action de déplacement*), to end on `to`; a figure next to an
    /// opposing figure first rolls to break away.
    Move {
        /// The figure.
        figure: FigureId,
        /// Where it ends its move.
        to: Square,
    },
    /// Give a figure a close combat action against an adjacent opposing figure.
    CloseAttack {
        /// The attacker.
        attacker: FigureId,
        /// The target.
        target: FigureId,
    },
    /// Give a figure a ranged combat action against up to its number of bolts of targets.
    RangedAttack {
        /// The attacker.
        attacker: FigureId,
        /// The targets, in increasing id order.
        targets: Vec<FigureId>,
    },
    /// Attack a square of blocking terrain to destroy it.
    DestroyBlocking {
        /// The attacker.
        attacker: FigureId,
        /// The blocking square.
        square: Square,
        /// Ranged (true) or close combat.
        ranged: bool,
    },
    /// Attack a section of wall to destroy it: the wall along `dir` of `square`.
    DestroyWall {
        /// The attacker.
        attacker: FigureId,
        /// Square on the attacker's side of the wall.
        square: Square,
        /// Which edge of that square.
        dir: Dir,
        /// Ranged (true) or close combat.
        ranged: bool,
    },
    /// The pass action (FAQ *Action de passer*): no token, not counted in the action total.
    Pass {
        /// The figure.
        figure: FigureId,
    },
    /// Split an attack's damage between the targets hit: one amount per hit target, in the
    /// order the decision lists them.
    SplitDamage {
        /// Damage to each target hit.
        amounts: Vec<u8>,
    },
    /// Choose the square that sets a knockback line.
    KnockbackVia {
        /// One of the two squares offered.
        square: Square,
    },
    /// End the turn.
    EndTurn,
}

/// What the game is waiting for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Decision {
    /// Choose the map.
    ChooseMap {
        /// Names of the maps.
        maps: Vec<String>,
    },
    /// Choose a deployment zone.
    ChooseZone {
        /// Zones still free that may be chosen.
        zones: Vec<u8>,
    },
    /// Place figures.
    Deploy {
        /// Figures still to place.
        figures: Vec<FigureId>,
    },
    /// Give actions to figures, or end the turn.
    Turn {
        /// The round.
        round: u32,
        /// Actions left this turn.
        actions_left: u8,
    },
    /// Split damage.
    SplitDamage {
        /// The attacker.
        attacker: FigureId,
        /// The targets hit, in the order amounts are given.
        targets: Vec<FigureId>,
        /// Damage to share.
        damage: u8,
    },
    /// Choose a knockback line.
    KnockbackLine {
        /// The figure knocked back.
        figure: FigureId,
        /// The two squares to choose from.
        options: [Square; 2],
    },
}
