//! What players answer and what they are asked.

use serde::{Deserialize, Serialize};
use skirmish_board::square::{Dir, Square};
use skirmish_board::FigureId;

use crate::figure::{Power, Stat};
use crate::game::powers::Ability;

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
    /// A theme team cancels one revealed battlefield condition (index into the game's
    /// conditions), or none (*Équipes à thème*).
    CancelCondition {
        /// Which condition; `null` to cancel none.
        condition: Option<usize>,
    },
    /// Place one of the team's objects (index into the game's objects) on clear terrain outside
    /// the deployment zones (*Placer les objets*).
    PlaceObject {
        /// Which object.
        object: usize,
        /// Its square.
        square: Square,
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
        /// An adjacent friend it carries (Carry: speed −2, the friend is placed next to it
        /// at the end of the move).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        carry: Option<FigureId>,
    },
    /// Give a figure a close combat action against an adjacent opposing figure, optionally
    /// activating a power that the close combat action activates (Flurry, Exploit Weakness,
    /// Incapacitate) or using Close Combat Expert (a power action making one close attack).
    CloseAttack {
        /// The attacker.
        attacker: FigureId,
        /// The target.
        target: FigureId,
        /// The power used, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        power: Option<Power>,
    },
    /// Give a figure a ranged combat action against up to its number of bolts of targets,
    /// optionally activating Energy Explosion, Penetrating/Psychic Blast or Incapacitate, or
    /// using Ranged Combat Expert (a power action, one target).
    RangedAttack {
        /// The attacker.
        attacker: FigureId,
        /// The targets, in increasing id order.
        targets: Vec<FigureId>,
        /// The power used, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        power: Option<Power>,
    },
    /// An attack that picks its own victims: Quake (close combat action: every adjacent
    /// opposing figure) or Pulse Wave (ranged combat action: every figure within half range).
    AreaAttack {
        /// The attacker.
        attacker: FigureId,
        /// Quake or Pulse Wave.
        power: Power,
    },
    /// A power that moves the figure: Charge and Running Shot (half speed, then a free attack),
    /// Hypersonic Speed (`to` is where it stops to attack), Phasing/Teleport, Sidestep.
    PowerMove {
        /// The figure.
        figure: FigureId,
        /// The power.
        power: Power,
        /// Where it goes.
        to: Square,
        /// An adjacent friend it carries (Carry).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        carry: Option<FigureId>,
    },
    /// Duo Attack (power action): two attacks, each close or single-target ranged, the second
    /// at −1 damage.
    DuoAttack {
        /// The duo.
        figure: FigureId,
    },
    /// The Sentinels' multiple attack (a power action): two combat actions against two
    /// different targets — figures or blocking terrain, each close or ranged — each at −1
    /// damage (FAQ 2002 *Sentinelles*). The attacks are chosen next.
    MultiAttack {
        /// The attacker.
        figure: FigureId,
    },
    /// A capture attempt (Capture; a close combat action): an attack on one adjacent opposing
    /// single-base figure that deals no damage; a hit takes it captive.
    Capture {
        /// The captor.
        figure: FigureId,
        /// The figure it tries to capture.
        target: FigureId,
    },
    /// A rescue attempt (Capture; a close combat action): an attack on an adjacent captor that
    /// deals no damage; a hit frees one of its captives of the rescuer's side.
    Rescue {
        /// The rescuer.
        figure: FigureId,
        /// The captor attacked.
        captor: FigureId,
        /// The captive freed on a hit.
        captive: FigureId,
    },
    /// Release a captive for points (Capture): a move action that does not move the captor,
    /// whose whole base stands in its own starting area; the captive is knocked out and scores
    /// twice its points (FAQ 2002 *Sentinelles*).
    Release {
        /// The captor.
        figure: FigureId,
        /// The captive.
        captive: FigureId,
    },
    /// Move and Attack (a transporter's move action, not starting next to an opposing figure):
    /// move to `to`, attack from there at −2 attack, then move on.
    MoveAndAttack {
        /// The figure.
        figure: FigureId,
        /// Where it stops to attack.
        to: Square,
        /// An adjacent friend it carries (Carry: speed −2), set down before the attack (FAQ
        /// 2002 *Personnage volant*).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        carry: Option<FigureId>,
    },
    /// A power used as an action that neither moves nor attacks: Regeneration, Support (a
    /// friend), Force Blast (an opposing figure), Smoke Cloud and Barrier (markers chosen next),
    /// and the free actions at the beginning of the turn Poison and Leadership.
    UsePower {
        /// The figure.
        figure: FigureId,
        /// The power.
        power: Power,
        /// Its target, for powers that take one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<FigureId>,
    },
    /// Mind Control (power action): a close attack on an adjacent opposing figure or a ranged
    /// attack (range 0 counts as 4) that deals no damage; each figure hit may then be given one
    /// free action by the controller (spec SPD-6).
    MindControl {
        /// The Mind Controller.
        figure: FigureId,
        /// The targets (one for a close attack).
        targets: Vec<FigureId>,
    },
    /// Telekinesis (power action): move a friendly figure, or — after a hit with an attack
    /// that deals no damage — an opposing one, to `to` (spec ATK-12).
    Telekinesis {
        /// The Telekinesis user.
        figure: FigureId,
        /// The figure moved.
        target: FigureId,
        /// Where it goes.
        to: Square,
    },
    /// Telekinesis option 2 on an object (power action, no roll): move the light or heavy
    /// object lying on `square` to `to` (spec ATK-12; rulebook Partie 4 *Objets*). JSON:
    /// `{"type": "telekinesis_object", "figure": 3, "square": {"x": 4, "y": 2}, "to": {"x": 9,
    /// "y": 2}}`.
    TelekinesisObject {
        /// The Telekinesis user.
        figure: FigureId,
        /// Where the object lies (no two lying objects share a square).
        square: Square,
        /// Where it goes.
        to: Square,
    },
    /// Telekinesis option 3 (power action): make a ranged attack on one opposing figure with
    /// the light or heavy object lying on `square`, for the thrown object's damage (2 light,
    /// 3 heavy); the object leaves the game, hit or miss. JSON: `{"type":
    /// "telekinesis_throw", "figure": 3, "square": {"x": 4, "y": 2}, "target": 7}`.
    TelekinesisThrow {
        /// The Telekinesis user (the attacker).
        figure: FigureId,
        /// Where the object lies.
        square: Square,
        /// The opposing figure attacked.
        target: FigureId,
    },
    /// A team ability used as a power action: `x_men` (heal an adjacent X-Men friend of 1; on
    /// a d6 of 1–4 the healer takes 1 unavoidable damage) or `shield` (an adjacent friend's
    /// ranged attacks deal +1 damage this turn while they stay adjacent).
    TeamAbility {
        /// The figure using it.
        figure: FigureId,
        /// The team ability's identifier.
        team: String,
        /// The adjacent friend.
        target: FigureId,
    },
    /// Switch off one of the figure's powers or combat abilities until the next turn begins
    /// (rulebook Partie 3: every power is optional; no action, no token).
    SwitchOff {
        /// The figure.
        figure: FigureId,
        /// What it stops using.
        ability: Ability,
    },
    /// Switch off one of the figure's team abilities until the next turn begins (FAQ 2002
    /// *Compétences d'équipe*: « toutes les compétences de groupe sont optionnelles »; no action,
    /// no token). A wild card drops the one it uses with [`Action::WildCard`] instead.
    SwitchOffTeam {
        /// The figure.
        figure: FigureId,
        /// The team ability's identifier (`defenders`...).
        team: String,
    },
    /// A wild card chooses, before an action is given, which friendly figure's team ability it
    /// uses from now on — or none (rulebook *Jokers*).
    WildCard {
        /// The wild card.
        figure: FigureId,
        /// The team ability (`defenders`...), or `null` for none.
        team: Option<String>,
    },
    /// Declare, before giving a figure its action, that one of its feats is not used during
    /// that action (rulebook *Utiliser les exploits*); the feat works again once the action
    /// is resolved, or if another figure acts first.
    SetFeatAside {
        /// The figure.
        figure: FigureId,
        /// The feat: index into the game's feats.
        feat: usize,
    },
    /// Outwit (free action): counter one power or combat ability of an opposing figure.
    Outwit {
        /// The Outwit user.
        figure: FigureId,
        /// The opposing figure.
        target: FigureId,
        /// What it counters.
        ability: Ability,
    },
    /// Perplex (free action): modify one combat value of a figure by +1 or −1.
    Perplex {
        /// The Perplex user.
        figure: FigureId,
        /// Any figure in range.
        target: FigureId,
        /// Which value.
        stat: Stat,
        /// +1 or −1.
        delta: i8,
    },
    /// Make the free attack a power grants (Charge, Running Shot, Hypersonic Speed, Flurry's
    /// second attack). `targets` is empty for Quake and Pulse Wave.
    FreeAttack {
        /// The targets.
        #[serde(default)]
        targets: Vec<FigureId>,
        /// Ranged (true) or close.
        #[serde(default)]
        ranged: bool,
        /// A power the free close or ranged combat action activates.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        power: Option<Power>,
    },
    /// Hypersonic Speed: use the rest of the movement after the attack.
    MoveOn {
        /// Where it ends.
        to: Square,
    },
    /// Mastermind: this adjacent cheaper friend takes the damage instead.
    Redirect {
        /// The friend.
        friend: FigureId,
    },
    /// Super Strength: pick up the object on this square after the move.
    PickUp {
        /// The object's square.
        square: Square,
    },
    /// Throw the object the figure holds at an opposing figure (a ranged combat action, even
    /// with range 0: a light object 8 squares for 2 damage, a heavy one 6 for 3).
    ThrowObject {
        /// The holder.
        figure: FigureId,
        /// The target.
        target: FigureId,
    },
    /// Place the next Smoke Cloud or Barrier marker.
    PlaceMarker {
        /// Its square.
        square: Square,
    },
    /// Leadership (2012/13 card, option): clear one action token from this adjacent friend of
    /// lower point value.
    ClearToken {
        /// The friend.
        friend: FigureId,
    },
    /// Use the optional power offered now (roll Blades/Claws/Fangs).
    Accept,
    /// Decline the optional choice offered now (keep the printed damage, skip the free attack,
    /// stay put).
    Decline,
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
    /// A theme team may cancel one battlefield condition.
    CancelCondition {
        /// Indices of the conditions it may cancel.
        conditions: Vec<usize>,
    },
    /// Place an object.
    PlaceObject {
        /// Indices of the seat's objects still to place.
        objects: Vec<usize>,
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
    /// Roll Blades/Claws/Fangs for the damage value, or keep it.
    Blades {
        /// The attacker.
        attacker: FigureId,
        /// Its damage value without the roll.
        damage: u8,
    },
    /// Make the free attack a power grants, or decline it.
    FreeAttack {
        /// The figure.
        figure: FigureId,
        /// The power granting it.
        power: Power,
    },
    /// Probability Control: reroll this attack roll (accept) or let it stand (decline).
    Reroll {
        /// The Probability Control figure.
        figure: FigureId,
        /// The attacker.
        attacker: FigureId,
        /// The roll as it stands.
        dice: (u8, u8),
    },
    /// Probability Control: have this roll rerolled (accept) or let it stand (decline) — any
    /// roll of the action other than its attack roll: breakaway, Super Senses, Shape Change,
    /// Skrulls, Impervious, Regeneration, Leadership, Mind Control's attack...
    RollReroll {
        /// The Probability Control figure.
        figure: FigureId,
        /// The figure whose roll it is.
        subject: FigureId,
        /// What the roll is for.
        roll: crate::game::rolls::RollKind,
        /// The dice as they stand.
        dice: Vec<u8>,
        /// Whether it succeeds as it stands, for rolls that succeed or fail.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        success: Option<bool>,
    },
    /// Mastermind: hand the damage to a friend, or take it (decline).
    Mastermind {
        /// The Mastermind.
        figure: FigureId,
        /// The damage.
        amount: u8,
        /// Friends that may take it.
        options: Vec<FigureId>,
    },
    /// Give the mind-controlled figure one free action (any of its actions), or none
    /// (decline).
    Controlled {
        /// The Mind Controller.
        controller: FigureId,
        /// The figure controlled.
        figure: FigureId,
    },
    /// Pick up one of these objects (Super Strength), or none.
    PickUp {
        /// The figure.
        figure: FigureId,
        /// Squares of the objects within reach.
        squares: Vec<Square>,
    },
    /// Combat Reflexes (2005 card, option): be knocked back by the attack that just damaged the
    /// figure without doubles (accept), taking no knockback damage, or stay (decline).
    ElectKnockback {
        /// The figure.
        figure: FigureId,
        /// Squares it would be knocked back.
        distance: u8,
    },
    /// Leadership (2012/13 card, option): clear an action token from one of these friends, or
    /// none (decline).
    LeadershipToken {
        /// The leader.
        figure: FigureId,
        /// Adjacent friends of lower point value with a token.
        options: Vec<FigureId>,
    },
    /// Place a captive set free next to its captor (the answer is [`Action::Place`]).
    PlaceCaptive {
        /// The captive.
        captive: FigureId,
        /// The squares it may be placed on.
        squares: Vec<Square>,
    },
    /// Place the figure the carrier carried next to it (the answer is [`Action::Place`]).
    PlacePassenger {
        /// The carrier.
        carrier: FigureId,
        /// The friend carried.
        passenger: FigureId,
    },
    /// Place a Smoke Cloud or Barrier marker, or stop (after at least one).
    PlaceMarkers {
        /// The figure.
        figure: FigureId,
        /// The power.
        power: Power,
        /// Squares chosen so far.
        placed: Vec<Square>,
    },
    /// Make the attack a combat ability grants (Duo Attack, Move and Attack), or decline it.
    AbilityAttack {
        /// The figure.
        figure: FigureId,
        /// The ability.
        ability: Ability,
    },
    /// Use the rest of the movement (Hypersonic Speed), or stay.
    MoveOn {
        /// The figure.
        figure: FigureId,
        /// Speed left.
        speed: u32,
    },
}
