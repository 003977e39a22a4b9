//! HeroScape Expert as an engine [`Ruleset`]: set-up and placement by d20, rounds of secret
//! order markers, d20 initiative and three turns per player (reveal, move, attack), glyphs,
//! victory by destruction or by points at the round limit.
//!
//! | Rulebook section | Module |
//! |---|---|
//! | *Rassemblez et placez votre armée*, *La bataille commence*, *Votre tour de jeu*, *Finir la bataille*, *Comptez les points* | [`play`] |
//! | *Placez vos marqueurs précisant l'ordre des figurines* | [`frames`] |
//! | *Déplacer*, *Les règles d'engagements*, *Ligne de visée* | [`geometry`] |
//! | *Attaquer*, *Chute*, *Quitter un engagement* | [`combat`] |
//! | *Les Glyphes* | [`glyphs`] |
//! | *Constituer son armée en « Draft »* (in the game's set-up) | [`drafting`] |
//! | *Pouvoirs spéciaux* | [`powers`] |

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_dice::{Dice, Picker};
use skirmish_engine::{Outcome, Pending, Rejection, Ruleset, Seat, SetupError, Viewer};

use crate::battlefield::{Glyph, Level};

pub mod combat;
pub mod drafting;
pub mod frames;
pub mod geometry;
pub mod glyphs;
pub mod play;
pub mod powers;
pub mod state;
#[cfg(test)]
pub(crate) mod test_support;
#[cfg(test)]
mod tests;
pub mod view;

pub use combat::Face;
pub use state::{
    D20Roll, Figure, Marker, Options, Phase, Player, PlayerSetup, Scenario, Stage, State, Turn,
    Unit,
};
pub use view::View;

/// The HeroScape Expert ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeroScape;

/// One answer to a decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Action {
    /// Puts a figure in the player's start zone.
    Place {
        /// The figure.
        figure: u32,
        /// Its hex.
        hex: Hex,
        /// The other hex of a double-space figure.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tail: Option<Hex>,
    },
    /// Lays an order marker on a card (secret from the other side).
    PlaceMarker {
        /// The marker.
        marker: Marker,
        /// The unit (card) it lies on.
        unit: u16,
    },
    /// Moves a figure of the active card.
    Move {
        /// The figure.
        figure: u32,
        /// Where it ends.
        to: Hex,
        /// The level it ends at (a hex under an overhang has several).
        level: Level,
        /// The other hex of a double-space figure.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tail: Option<Hex>,
    },
    /// Ends the moves: on to the attacks.
    EndMoves,
    /// A figure of the active card attacks.
    Attack {
        /// The attacker.
        figure: u32,
        /// The target.
        target: u32,
    },
    /// Ends the turn.
    EndTurn,
    /// A figure of the active card makes one of its card's special attacks
    /// ([`powers::special`]).
    SpecialAttack {
        /// The attacker.
        figure: u32,
        /// The power: its index among the card's special attacks, in print order.
        power: u8,
        /// The chosen figure (a single target, the centre of an explosion).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<u32>,
        /// For a fire line: the attacker's hex it starts from and its direction.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        line: Option<powers::special::Line>,
        /// The attack dice chosen, for a power that lets the player choose them.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dice: Option<u16>,
        /// The other figures chosen besides the targeted one, for a power that lets the
        /// player choose some ([`crate::power::Also`]).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        also: Vec<u32>,
    },
    /// Takes an army card from the draft's pool.
    DraftPick {
        /// The card's id.
        card: String,
    },
    /// Stops drafting: the army is complete.
    DraftPass,
    /// Erland: summons a figure onto a hex next to the glyph.
    Summon {
        /// The figure summoned.
        figure: u32,
        /// Where it goes.
        hex: Hex,
    },
    /// Erland: summons nobody.
    NoSummon,
    /// Uses a special power (*pouvoir spécial*) of a figure's card: `power` is the power's
    /// place on the card, `target` the figure it chooses.
    UsePower {
        /// The figure using it.
        figure: u32,
        /// The power's place among its card's powers.
        power: u8,
        /// The figure it chooses, when it chooses one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<u32>,
    },
    /// Does not use the special power asked about (or places no more figures with it).
    DeclinePower,
    /// A figure with *Run* (or *Tracking*) adds to its move before moving, at the card's cost.
    Run {
        /// The figure.
        figure: u32,
    },
    /// Lays a destroyed hero's spirit on one of the player's unique cards.
    PlaceSpirit {
        /// The unit whose card takes it.
        unit: u16,
    },
    /// *Overextend Attack*: a wound marker on the hero, and another turn with it.
    Overextend,
    /// Moves a figure of the active card by a power instead of its normal move (*Warp Space*,
    /// *Grapple Gun*).
    PowerMove {
        /// The figure.
        figure: u32,
        /// The power.
        way: powers::moves::MoveWay,
        /// Where it ends.
        to: Hex,
        /// The level it ends at.
        level: Level,
        /// The other hex of a double-space figure.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tail: Option<Hex>,
    },
    /// Before a figure with *Carry* moves, chooses the friend it carries.
    Carry {
        /// The carrier.
        figure: u32,
        /// The friend carried.
        friend: u32,
    },
    /// Places the carried figure on a space adjacent to its carrier, after the carrier's move;
    /// also a figure a power places on a space at a level (*Chain Grab*: `powers::place`).
    PlaceCarried {
        /// The carried figure.
        figure: u32,
        /// Its hex.
        to: Hex,
        /// The level it stands at.
        level: Level,
    },
    /// The opponent a power's player chooses (*Stab in the Back*: the one given the card).
    ChooseOpponent {
        /// The opponent's seat.
        seat: Seat,
    },
    /// Moves one of the player's unrevealed order markers onto the card a power names (*Glide
    /// In*: `powers::glide`).
    MoveMarker {
        /// The marker.
        marker: Marker,
    },
    /// A number a power asks its player for: how many (wound markers to remove: *Healing
    /// Touch*), or which of its options, from 0 in print order (*Volley unto Himself*).
    Choose {
        /// The number.
        n: u16,
    },
    /// Lays a tile from a card onto a space (*Nanite Smoke Grenade*: `powers::tiles`).
    PlaceTile {
        /// The space.
        hex: Hex,
    },
}

/// What the game asks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Decision {
    /// Place the next figure of the army in the start zone.
    Place {
        /// The figure to place.
        figure: u32,
    },
    /// Every player lays its order markers on its cards.
    PlaceMarkers {
        /// The round.
        round: u32,
    },
    /// Move the active card's figures, one after the other.
    Move {
        /// The marker revealed.
        marker: Marker,
        /// The active unit.
        unit: u16,
    },
    /// Attack with the active card's figures.
    Attack {
        /// The marker revealed.
        marker: Marker,
        /// The active unit.
        unit: u16,
    },
    /// Pick an army card from the draft's pool, or stop.
    Draft {
        /// Points the player has left to spend.
        points_left: u32,
    },
    /// Erland: summon a figure next to the glyph, or not.
    Summon {
        /// The glyph's hex.
        hex: Hex,
    },
    /// Use a special power now, or not (a power that says *you may*).
    UsePower {
        /// The figure bearing it (the attacked figure, or the active card's first figure).
        figure: u32,
        /// Its unit.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
    },
    /// Place a figure a power puts on the battlefield: one that starts off it (*The Drop*: any
    /// empty space, not adjacent to another figure, not on a glyph), or a destroyed one coming
    /// back (*Water Clone*: an empty space at the roller's level next to it).
    Deploy {
        /// The figure to place.
        figure: u32,
        /// Its unit.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
    },
    /// Lay the spirit of a destroyed hero (*Spirit*) on one of your unique army cards.
    Spirit {
        /// The destroyed hero's unit.
        unit: u16,
    },
    /// Place the figure `carrier` carried on a space adjacent to it (*Carry*).
    PlaceCarried {
        /// The carrier, which has moved.
        carrier: u32,
        /// The carried figure.
        figure: u32,
    },
    /// Move figures by a power that moves other figures you control, or move no more
    /// (*Gladiatron Movement Bonding*, *Scatter*, *Cover Fire*).
    PowerMoves {
        /// The power's card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// Figures it has moved so far.
        moved: u16,
    },
    /// Choose how many wound markers a power removes from the card of `target`, from none to
    /// `most` (*Healing Touch*: "remove up to 2 markers").
    HowMany {
        /// The figure that used the power.
        figure: u32,
        /// Its unit.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// The chosen figure.
        target: u32,
        /// The most that may be chosen.
        most: u16,
    },
    /// Lay a tile from the card onto a space the power allows, or not (*Nanite Smoke
    /// Grenade*, *Blend Into Shadow*: `powers::tiles`).
    PlaceTile {
        /// The card's figure.
        figure: u32,
        /// Its unit.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
    },
}

/// What a d20 roll-off decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RollFor {
    /// Who places the army first.
    Placement,
    /// Who places order markers first (advanced variant).
    Markers,
    /// Initiative: who plays the round's first turn.
    Initiative,
    /// Who picks the first card of the draft.
    Draft,
    /// Which player uses first powers that trigger at the same moment (*Activer des Pouvoirs
    /// en simultané*).
    Powers,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Event {
    /// A figure was placed.
    Placed {
        /// The figure.
        figure: u32,
        /// Its hex.
        hex: Hex,
        /// Its level.
        level: Level,
    },
    /// A figure could not be placed: the start zone is full.
    NoRoom {
        /// The figure.
        figure: u32,
    },
    /// A round begins.
    RoundStarted {
        /// The round.
        round: u32,
    },
    /// A player laid an order marker: the marker and card only for those who may see them.
    MarkerPlaced {
        /// Who.
        seat: Seat,
        /// Which marker (hidden from the other side).
        marker: Option<Marker>,
        /// On which unit (hidden from the other side).
        unit: Option<u16>,
    },
    /// All of a player's markers are down: how many lie on each card, face down.
    MarkersDown {
        /// Who.
        seat: Seat,
        /// Markers per unit.
        counts: Vec<(u16, u8)>,
    },
    /// A d20 roll-off (one event per throw: ties throw again, modifiers kept).
    RollOff {
        /// What it decides.
        purpose: RollFor,
        /// The rolls.
        rolls: Vec<D20Roll>,
        /// The winner, or `None` when the best tied and those seats roll again.
        winner: Option<Seat>,
    },
    /// The turn order of the round.
    TurnOrder {
        /// Seats in order.
        order: Vec<Seat>,
    },
    /// A turn begins: its marker is turned face up on its card.
    TurnStarted {
        /// Whose.
        seat: Seat,
        /// The marker.
        marker: Marker,
        /// The card.
        unit: u16,
    },
    /// The marker's card has no figure left: the turn is lost (the marker stays face down).
    TurnLost {
        /// Whose.
        seat: Seat,
        /// The marker.
        marker: Marker,
    },
    /// A figure moved.
    Moved {
        /// The figure.
        figure: u32,
        /// The places stepped on, the destination last.
        path: Vec<(Hex, Level)>,
        /// Where it set off from (absent from replays written before it was recorded).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<(Hex, Level)>,
    },
    /// A figure fell (*Chute*): attack dice, a wound per skull.
    Fell {
        /// The figure.
        figure: u32,
        /// Levels dropped.
        drop: Level,
        /// The dice.
        dice: Vec<Face>,
        /// Wounds.
        wounds: u16,
    },
    /// A figure left an engagement: the enemy left behind rolls one attack die, no defence.
    LeftEngagement {
        /// The figure leaving.
        figure: u32,
        /// The enemy left.
        enemy: u32,
        /// The die.
        die: Face,
        /// More dice rolled with it (*A Coward's Reward*).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        more: Vec<Face>,
    },
    /// A glyph was turned face up.
    GlyphRevealed {
        /// The figure that stopped on it.
        figure: u32,
        /// Where.
        hex: Hex,
        /// Which.
        glyph: Glyph,
    },
    /// A temporary glyph acted and was discarded.
    GlyphUsed {
        /// Which.
        glyph: Glyph,
        /// Figures it healed or destroyed.
        figures: Vec<u32>,
        /// d20 rolls per figure, where it rolled.
        rolls: Vec<(u32, u8)>,
    },
    /// An attack.
    Attacked {
        /// The attacker.
        attacker: u32,
        /// The target.
        target: u32,
        /// Attack dice.
        attack: Vec<Face>,
        /// Defence dice.
        defence: Vec<Face>,
        /// Dice added for height: attacker, defender.
        height: (u16, u16),
        /// Skulls.
        skulls: u16,
        /// Shields.
        shields: u16,
        /// Wounds dealt.
        wounds: u16,
        /// The attack dice and what made their number (card, glyphs, height, powers).
        #[serde(default)]
        attack_dice: powers::values::Tally,
        /// The defence dice and what made their number.
        #[serde(default)]
        defence_dice: powers::values::Tally,
        /// Powers that changed what the dice count (skulls or shields counting double, one
        /// shield blocking all...).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rules: Vec<powers::values::Why>,
    },
    /// A figure was destroyed.
    Destroyed {
        /// The figure.
        figure: u32,
    },
    /// A card's last figure was destroyed: the card leaves the game.
    CardRemoved {
        /// The unit.
        unit: u16,
    },
    /// A turn ended.
    TurnEnded {
        /// Whose.
        seat: Seat,
    },
    /// The game ended.
    GameOver {
        /// How.
        outcome: Outcome,
    },
    /// A special attack: the attack dice rolled once, then every affected figure's defence.
    SpecialAttacked {
        /// The attacker.
        attacker: u32,
        /// The power's printed name.
        power: String,
        /// The chosen figure, if the power chooses one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<u32>,
        /// The fire line, for a line.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        line: Option<powers::special::Line>,
        /// Attack dice.
        attack: Vec<Face>,
        /// Attack dice added for height over the chosen figure.
        height: u16,
        /// Skulls.
        skulls: u16,
        /// Every figure affected, the chosen one first, with its defence.
        hits: Vec<powers::special::Hit>,
        /// The attack dice and what made their number (printed, glyphs, height, powers).
        #[serde(default)]
        attack_dice: powers::values::Tally,
    },
    /// A player took a card in the draft.
    DraftPicked {
        /// Who.
        seat: Seat,
        /// The card's id.
        card: String,
        /// Its name.
        name: String,
        /// Its points.
        points: u32,
        /// Points the player has left.
        points_left: u32,
    },
    /// A player stopped drafting; `forced` when no card left was affordable.
    DraftPassed {
        /// Who.
        seat: Seat,
        /// It could afford nothing.
        forced: bool,
    },
    /// The draft is over: each army's points.
    DraftOver {
        /// Points drafted per seat.
        points: Vec<(Seat, u32)>,
    },
    /// Erland summoned a figure.
    Summoned {
        /// The figure.
        figure: u32,
        /// Where it stands now.
        hex: Hex,
        /// At which level.
        level: Level,
    },
    /// A power's 20-sided die: the die, what is added (Lodin's glyph, the distance for
    /// *Concealment*), the lowest total that succeeds.
    PowerRolled {
        /// The figure rolling.
        figure: u32,
        /// Its unit.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// The die.
        die: u8,
        /// Added by glyphs and cards (Lodin's +1, *Frenzy Enhancement*...).
        bonus: u16,
        /// Added for the spaces to the attacker.
        #[serde(default, skip_serializing_if = "is_zero")]
        distance: u16,
        /// The lowest total that succeeds.
        needed: u8,
        /// Whether it succeeded.
        success: bool,
        /// Taken off by an opponent's power (*Harrowing Presence*).
        #[serde(default, skip_serializing_if = "is_zero")]
        malus: u16,
    },
    /// A power acted: one of its outcomes.
    PowerUsed {
        /// The figure using it.
        figure: u32,
        /// Its unit.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// The figure it chose or reached.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<u32>,
        /// What it did.
        outcome: crate::power::Outcome,
    },
    /// A player chose not to use a power.
    PowerDeclined {
        /// The figure bearing it.
        figure: u32,
        /// Its unit.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
    },
    /// A player took control of another's army card and its figures (*Mind Shackle*); the
    /// order markers on it were removed.
    ControlTaken {
        /// The unit.
        unit: u16,
        /// Its controller before.
        from: Seat,
        /// Its controller now.
        to: Seat,
    },
    /// Before its card's turn, a figure takes a bonded turn (*Bonding*).
    BondedTurn {
        /// The figure taking it.
        figure: u32,
        /// The bonding card, whose turn follows.
        unit: u16,
    },
    /// *Battle Ready*: the X marker on a card is revealed and the numbered marker whose turn
    /// comes moves there from another card.
    MarkerMoved {
        /// Whose markers.
        seat: Seat,
        /// The numbered marker.
        marker: Marker,
        /// The card it lay on.
        from: u16,
        /// The card with *Battle Ready*.
        to: u16,
    },
    /// *Counter Strike*: the defender's shields beyond the skulls wound the attacker.
    CounterStruck {
        /// The defender striking back.
        figure: u32,
        /// The attacker wounded.
        attacker: u32,
        /// Wounds.
        wounds: u16,
    },
    /// *Life Drain*: the attacker destroyed a figure and removed one of its wound markers.
    LifeDrained {
        /// The attacker.
        figure: u32,
    },
    /// A destroyed hero's spirit was laid on a card (*Spirit*).
    SpiritPlaced {
        /// The destroyed hero's unit.
        from: u16,
        /// The unit whose card holds it.
        onto: u16,
    },
    /// A figure used *Run* (or *Tracking*).
    Ran {
        /// The figure.
        figure: u32,
    },
    /// The active card used *Overextend Attack*: a wound marker, and another turn.
    Overextended {
        /// The unit.
        unit: u16,
    },
    /// A figure with *Carry* chose the friend it carries on its move.
    CarryChosen {
        /// The carrier.
        carrier: u32,
        /// The friend.
        figure: u32,
    },
    /// The carried figure was placed next to its carrier.
    Carried {
        /// The carrier.
        carrier: u32,
        /// The carried figure.
        figure: u32,
        /// Its hex.
        hex: Hex,
        /// Its level.
        level: Level,
    },
    /// A figure moved by a power instead of its normal move (the `moved` event follows).
    MovedBy {
        /// The figure.
        figure: u32,
        /// The power.
        way: powers::moves::MoveWay,
    },
    /// Molten lava damage (*lave en fusion*): a d20, 20 survives, anything else destroys.
    MoltenLava {
        /// The figure that moved onto molten lava.
        figure: u32,
        /// The d20.
        die: u8,
        /// Added by glyphs (Lodin).
        bonus: u16,
        /// Whether it survived.
        survived: bool,
    },
    /// Lava field damage at the end of a round: one attack die, a wound per skull.
    LavaField {
        /// The figure on the lava field.
        figure: u32,
        /// The die.
        die: Face,
    },
    /// A power's wounds after an attack's rolls (*Lumbering Bully*, *Evil Eye Protection*,
    /// *Headbutt*).
    PowerWounded {
        /// The figure wounded.
        figure: u32,
        /// Wounds.
        wounds: u16,
        /// The power.
        why: powers::values::Why,
    },
    /// A card's figure destroyed an opponent's figure: an experience marker is placed on its
    /// card (*Bloodlust*).
    ExperienceGained {
        /// The figure that destroyed.
        figure: u32,
        /// The power.
        why: powers::values::Why,
        /// Experience markers on the card now.
        markers: u16,
    },
    /// A figure takes a turn given by a card's power, before that card's turn or `instead` of
    /// it (*Mind Link*, *Command of the Wild*).
    TurnWith {
        /// The figure taking it.
        figure: u32,
        /// The card whose power gives it.
        unit: u16,
        /// The power.
        power: u8,
        /// It replaces the card's turn.
        instead: bool,
    },
    /// A figure is moved by a power of a card that moves other figures (*Gladiatron Movement
    /// Bonding*, *Scatter*); its move follows.
    PowerMoved {
        /// The figure.
        figure: u32,
        /// The power's card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
    },
    /// A figure that started off the battlefield lands before its card's turn (*Glider
    /// Landing*); its placing follows.
    Landed {
        /// The figure.
        figure: u32,
        /// Its card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
    },
    /// A player reveals the X order marker lying on a card to activate its power (*Crag of
    /// Steel*).
    XRevealed {
        /// The player.
        seat: Seat,
        /// The card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
    },
    /// At the start of the game, a card chose one figure of its army (*Cleave to the Mighty*).
    StartChosen {
        /// The card's figure named for it.
        figure: u32,
        /// The card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// The figure chosen.
        chosen: u32,
    },
    /// The poison die of a special attack that would wound (*Poison Sting*, *Venom Ray*).
    VenomRolled {
        /// The attacker.
        attacker: u32,
        /// The special attack's printed name.
        power: String,
        /// The defending figure.
        target: u32,
        /// The 20-sided die.
        die: u8,
        /// Added to it (the glyph of Lodin, powers adding to the player's rolls).
        #[serde(default, skip_serializing_if = "is_zero")]
        bonus: u16,
        /// It added a wound, and the die is rolled again.
        more: bool,
        /// It destroys the defending figure.
        destroys: bool,
        /// Taken off by an opponent's power (*Harrowing Presence*).
        #[serde(default, skip_serializing_if = "is_zero")]
        malus: u16,
    },
    /// A power removed order markers from a card (*Crippling Gaze*: all of them; *Crippling
    /// Glance*: one unrevealed marker at random). Which markers went is never told.
    MarkersRemoved {
        /// The figure whose power removed them.
        figure: u32,
        /// Its unit.
        by: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// Whose markers.
        seat: Seat,
        /// The card they lay on.
        unit: u16,
        /// How many.
        count: u8,
    },
    /// A figure has no visible hit zone while it stays where it is, until its player next
    /// reveals an order marker (*Cloud of Darkness*).
    HitZoneHidden {
        /// The figure.
        figure: u32,
        /// Its unit.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
    },
    /// A normal attack's dice are rolled and a power may change the roll before the defence
    /// dice are rolled (`powers::rolls2`).
    AttackRolled {
        /// The attacker.
        attacker: u32,
        /// The defending figure.
        target: u32,
        /// The attack dice rolled.
        attack: Vec<combat::Face>,
    },
    /// A power added skulls to an attack's roll (*Onslaught Aura*).
    SkullsAdded {
        /// The attacker.
        attacker: u32,
        /// The power's card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// Skulls added.
        skulls: u16,
    },
    /// A power rolled attack dice again (*Brutality Aura*, *Chain Axe*).
    AttackRerolled {
        /// The attacker.
        attacker: u32,
        /// The power's card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// The attack dice before.
        before: Vec<combat::Face>,
        /// The attack dice after.
        after: Vec<combat::Face>,
    },
    /// As an attack began, a power chose a figure that takes a wound if the defending figure
    /// receives any (*Cleave*, *Vydar's Hammer*).
    SplashChosen {
        /// The attacker.
        attacker: u32,
        /// The power's card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// The figure chosen.
        chosen: u32,
    },
    /// A marker the card started the game with is taken off it for its power (*Black Powder
    /// Pistols*: the range raised for the rest of the turn).
    SupplyUsed {
        /// The figure of the card named for it.
        figure: u32,
        /// The card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// Markers left on the card.
        left: u16,
    },
    /// A marker goes from the card onto the chosen figure's card, whose special powers are
    /// negated for the rest of the game (*Rod of Negation*).
    PowersNegated {
        /// The figure of the card using the power.
        figure: u32,
        /// The card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// The figure chosen.
        target: u32,
        /// Markers left on the card.
        left: u16,
    },
    /// A card's squad takes a turn given by another card's power, before that card's turn or
    /// instead of it (*Kato Katsuro's Command*, *Queen of the Crypt*).
    SquadTurnWith {
        /// The squad's card.
        squad: u16,
        /// The card whose power gives the turn.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// Instead of the card's own turn (else before it).
        instead: bool,
    },
    /// An opponent controls a card and its figures for the rest of the turn, its owner's
    /// order markers staying on it (*Eternal Hatred*).
    ControlLent {
        /// The unit.
        unit: u16,
        /// Its owner.
        from: Seat,
        /// The opponent controlling it for the turn.
        to: Seat,
    },
    /// A figure takes a turn at once after the turn of the card whose power gives it
    /// (*Marachott's Whisper*).
    TurnAfter {
        /// The figure taking it.
        figure: u32,
        /// The card whose power gives it.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
    },
    /// Order markers go from a card to another (*Pick Up the Trail*): how many, never which.
    MarkersMoved {
        /// Their player.
        seat: Seat,
        /// The card they leave.
        from: u16,
        /// The card they go to.
        to: u16,
        /// How many.
        count: u8,
    },
    /// The turn is over: control of a card lent for it returns to its owner.
    ControlReturned {
        /// The unit.
        unit: u16,
        /// Its owner, who controls it again.
        to: Seat,
    },
    /// A normal attack's defence dice are rolled and a power of the defending figure's card
    /// may answer the wounds before they land (`powers::wounds`: *Exoskeleton*).
    DefenceRolled {
        /// The attacker.
        attacker: u32,
        /// The defending figure.
        target: u32,
        /// The attack dice rolled.
        attack: Vec<combat::Face>,
        /// The defence dice rolled.
        defence: Vec<combat::Face>,
        /// The wounds the defending figure would receive.
        wounds: u16,
    },
    /// A figure an attack destroys rolls attack dice before it is removed, a wound on an
    /// adjacent figure for each skull (`powers::wounds`: *Dying Swipe*).
    SwipeRolled {
        /// The falling figure.
        figure: u32,
        /// Its card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// The attack dice rolled.
        attack: Vec<combat::Face>,
    },
    /// A power ended a figure's move where it stands, in the middle of its path, maybe
    /// lowering its attack value until the end of the turn (*Sharp Thorns*:
    /// `powers::midmove`).
    MoveEnded {
        /// The moving figure.
        figure: u32,
        /// The power's card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// Attack value taken off until the end of the turn.
        #[serde(default, skip_serializing_if = "is_zero")]
        attack_lowered: u16,
    },
    /// Figures entering the battlefield during the game (a summoning: `powers::arrive`).
    Arrive {
        /// What happened.
        what: powers::arrive::Arrived,
    },
    /// A figure's power took one of its options for the turn: its range value is `range`
    /// and it may make up to `attacks` normal attacks (*Volley unto Himself*).
    RangeForAttacks {
        /// The figure.
        figure: u32,
        /// Its unit.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// The range value for the turn.
        range: u16,
        /// Normal attacks it may make this turn.
        attacks: u8,
    },
    /// A card's roll at the start of its turn said how many of its figures may move and
    /// attack this turn (*Hive Swarm*).
    FiguresForTurn {
        /// The card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// How many figures.
        figures: u16,
    },
    /// Before moving, a figure adds to its move value and must end its move adjacent to an
    /// enemy figure if it can (*Charging Assault*).
    Charged {
        /// The figure.
        figure: u32,
        /// Its unit.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// Spaces added to its move.
        by: u16,
    },
    /// A power laid a tile from its card onto the battlefield (`powers::tiles`).
    TileLaid {
        /// The card's figure.
        figure: u32,
        /// Its unit.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// The space.
        hex: Hex,
        /// The tile's land type.
        ground: crate::battlefield::Ground,
        /// Tiles left on the card.
        left: u16,
    },
    /// A power reacting inside an attack did something (`powers::react`: defence dice rolled
    /// again, a figure placed back or beside the wounded one).
    React {
        /// What.
        what: powers::react::Reacted,
    },
    /// A power answering a targeting did something (`powers::guard`: a figure no attack may
    /// target, figures with no visible hit zone, for the rest of the turn).
    Guard {
        /// What.
        what: powers::guard::Guarded,
    },
    /// An enemy order marker looked at, or moved after the look (`powers::peek`: *Maddening
    /// Chitter*); its number hidden from those who may not know it.
    Peek {
        /// What.
        what: powers::peek::Peeked,
    },
    /// A power rolled attack dice for wounds around a figure of its player, to be put one
    /// skull at a time (`powers::wrath`: *Lolth's Wrath*).
    WrathRolled {
        /// The figure whose power it is.
        figure: u32,
        /// Its card.
        unit: u16,
        /// The power's place among its card's powers.
        power: u8,
        /// The figure chosen, destroyed afterwards.
        chosen: u32,
        /// The attack dice rolled.
        attack: Vec<combat::Face>,
    },
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}

impl Ruleset for HeroScape {
    const ID: &'static str = "heroscape";
    type Scenario = Scenario;
    type State = State;
    type Action = Action;
    type Decision = Decision;
    type Event = Event;
    type View = View;

    fn setup(scenario: &Scenario, dice: &mut Dice) -> Result<State, SetupError> {
        play::setup(scenario, dice)
    }

    fn seats(state: &State) -> Vec<Seat> {
        state.seats().collect()
    }

    fn pending(state: &State) -> Pending<Decision> {
        if let Some(asked) = skirmish_engine::frames::pending::<frames::HsFrame>(state) {
            return asked;
        }
        if let Some(asked) = glyphs::pending(state) {
            return asked;
        }
        play::pending(state)
    }

    fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
        if let Some(answers) = skirmish_engine::frames::legal::<frames::HsFrame>(state, seat) {
            return answers;
        }
        if let Some(answers) = drafting::legal(state, seat) {
            return answers;
        }
        if let Some(answers) = glyphs::legal(state, seat) {
            return answers;
        }
        play::legal(state, seat)
    }

    fn explain_illegal(state: &State, seat: Seat, action: &Action) -> Rejection {
        if let Some(why) = drafting::explain(state, seat, action) {
            return why;
        }
        play::explain(state, seat, action)
    }

    fn apply(
        state: &mut State,
        seat: Seat,
        action: &Action,
        dice: &mut Dice,
        events: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        if let Some(answered) =
            skirmish_engine::frames::answer::<frames::HsFrame>(state, seat, action, dice, events)
        {
            return answered;
        }
        if let Some(answered) = drafting::apply(state, seat, action, dice, events) {
            return answered;
        }
        if let Some(answered) = glyphs::apply(state, seat, action, dice, events) {
            return answered;
        }
        play::apply(state, seat, action, dice, events)
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn event_view(event: &Event, viewer: Viewer) -> Option<Event> {
        match event {
            // Teammates' markers: the event cannot know the teams, so only the seat itself
            // sees its markers in the log; the view shows teammates'.
            Event::MarkerPlaced { seat, .. } if !viewer.sees_secrets_of(*seat) => {
                Some(Event::MarkerPlaced {
                    seat: *seat,
                    marker: None,
                    unit: None,
                })
            }
            Event::Arrive { what } => Some(Event::Arrive {
                what: powers::glide::event_view(what, viewer),
            }),
            Event::Peek { what } => Some(Event::Peek {
                what: powers::peek::event_view(what, viewer),
            }),
            other => Some(other.clone()),
        }
    }

    fn action_view(seat: Seat, action: &Action, viewer: Viewer) -> Option<Action> {
        match action {
            Action::PlaceMarker { .. } | Action::MoveMarker { .. }
                if !viewer.sees_secrets_of(seat) =>
            {
                None
            }
            other => Some(other.clone()),
        }
    }

    fn undoable(_seat: Seat, _action: &Action, events: &[Event]) -> bool {
        // A glyph turned face up cannot be turned back: the player would choose again knowing
        // it.
        !events
            .iter()
            .any(|e| matches!(e, Event::GlyphRevealed { .. }))
    }

    fn determinize(state: &State, seat: Seat, rng: &mut Picker) -> State {
        let mut guess = state.clone();
        frames::determinize_markers(&mut guess, seat, rng);
        view::determinize_glyphs(&mut guess, rng);
        guess
    }
}
