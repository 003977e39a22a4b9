//! What happened, for logs, the web player's animations and rules scenarios: events are data;
//! their words are in [`crate::present::events`].

use serde::{Deserialize, Serialize};
use skirmish_board::square::Square;
use skirmish_board::FigureId;
use skirmish_engine::Seat;
use skirmish_lang::Lang;

use crate::figure::Stat;
use crate::game::powers::Ability;
use crate::game::values::Value;

/// Kinds of damage (rulebook *Infliger des dégâts* and following).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageKind {
    /// Damage from an attack.
    Attack,
    /// Pushing damage (*dégât de dépassement*).
    Pushing,
    /// Knockback damage (*dégât de recul*).
    Knockback,
    /// The critical miss's unavoidable damage to the attacker.
    CriticalMiss,
    /// Damage from a power that is not an attack (Poison).
    Power,
    /// Unavoidable damage from a power or team ability (Mind Control, Masters of Evil, X-Men).
    Unavoidable,
}

fn is_zero(v: &i8) -> bool {
    *v == 0
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The first player was rolled for.
    FirstPlayer {
        /// Each seat's 2d6 totals, rerolls included, in order.
        rolls: Vec<(Seat, Vec<u8>)>,
        /// The winner.
        seat: Seat,
    },
    /// The map was chosen.
    MapChosen {
        /// Its name.
        name: String,
    },
    /// A battlefield condition was revealed (*Conditions de bataille*).
    ConditionRevealed {
        /// The seat that brought it.
        seat: Seat,
        /// Index into the game's conditions.
        condition: usize,
        /// Its name.
        name: String,
        /// Its French name, when it has one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name_fr: Option<String>,
    },
    /// A theme team cancelled a battlefield condition, or chose to cancel none.
    ConditionCancelled {
        /// The theme team's seat.
        seat: Seat,
        /// The condition's name, or `None` when it kept them all.
        name: Option<String>,
        /// Its French name, when it has one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name_fr: Option<String>,
    },
    /// An object was placed during set-up.
    ObjectPlaced {
        /// The seat placing it.
        seat: Seat,
        /// Its name.
        name: String,
        /// Its French name, when it has one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name_fr: Option<String>,
        /// Its square.
        square: Square,
    },
    /// A feat left the game with the last character it was assigned to, or one character of
    /// a per-character feat was knocked out (*Exploits et points de victoire*).
    FeatScored {
        /// The feat's name.
        feat: String,
        /// Its French name, when it has one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name_fr: Option<String>,

        /// Who scores its points, if anyone.
        scored_by: Option<Seat>,
        /// Points.
        points: u32,
    },
    /// A wild card chose the team ability it uses (rulebook *Jokers*).
    WildCardChosen {
        /// The wild card.
        figure: FigureId,
        /// The team ability, or none.
        team: Option<String>,
    },
    /// An opposing team's object left the game: its points are scored.
    ObjectScored {
        /// The object's name.
        object: String,
        /// Who scores.
        scored_by: Seat,
        /// Points.
        points: u32,
    },
    /// A feat was set aside for a figure's coming action.
    FeatSetAside {
        /// The figure.
        figure: FigureId,
        /// The feat's name.
        feat: String,
        /// Its French name, when it has one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name_fr: Option<String>,
    },
    /// The event dial turned one click.
    EventDialTurned {
        /// The event's name.
        name: String,
        /// Its French name, when it has one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name_fr: Option<String>,
        /// The click it shows now, from 1 (the green line).
        click: usize,
    },
    /// A theme team's character used Probability Control and took an action token.
    ThemeReroll {
        /// The character.
        figure: FigureId,
        /// Theme uses left to its team.
        left: u8,
    },
    /// A seat chose its deployment zone.
    ZoneChosen {
        /// The seat.
        seat: Seat,
        /// The zone.
        zone: u8,
    },
    /// Every deployment zone grew one row towards the centre because a team did not fit.
    ZonesGrown {
        /// Rows added so far.
        rows: u8,
    },
    /// A figure was placed.
    Placed {
        /// The figure.
        figure: FigureId,
        /// Its square.
        square: Square,
    },
    /// A round began.
    RoundStarted {
        /// Its number.
        round: u32,
    },
    /// A seat's turn began.
    TurnStarted {
        /// The seat.
        seat: Seat,
        /// Actions it may give.
        actions: u8,
    },
    /// A breakaway roll.
    Breakaway {
        /// The figure.
        figure: FigureId,
        /// The d6 (0 when no roll was needed).
        roll: u8,
        /// Success.
        success: bool,
        /// The power that made it succeed without a roll (Leap/Climb, Phasing/Teleport,
        /// Hypersonic Speed).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        automatic: Option<crate::figure::Power>,
        /// Modifier to the roll (Plasticity: +2 for it, −2 against it).
        #[serde(default, skip_serializing_if = "is_zero")]
        modifier: i8,
    },
    /// A figure moved.
    Moved {
        /// The figure.
        figure: FigureId,
        /// Squares from start to end.
        path: Vec<Square>,
    },
    /// An attack roll.
    AttackRoll {
        /// The attacker.
        attacker: FigureId,
        /// Ranged or close.
        ranged: bool,
        /// The two dice.
        dice: (u8, u8),
        /// Attack value, with what modified it.
        attack: Value,
        /// The total.
        total: i32,
    },
    /// One target's result.
    AttackResult {
        /// The target.
        target: FigureId,
        /// Defence value, with what modified it.
        defense: Value,
        /// Energy Explosion's splash: the target hit that this figure stands next to.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        beside: Option<FigureId>,
        /// Hit.
        hit: bool,
        /// A roll of 2 or 12, which decides alone.
        critical: Option<Critical>,
    },
    /// A figure took damage.
    Damage {
        /// The figure.
        figure: FigureId,
        /// Clicks.
        amount: u8,
        /// What kind.
        kind: DamageKind,
    },
    /// A figure was knocked back.
    KnockedBack {
        /// The figure.
        figure: FigureId,
        /// Squares from start to end.
        path: Vec<Square>,
        /// What stopped it, if anything.
        stopped_by: Option<KnockbackStop>,
    },
    /// A figure was knocked out.
    KnockedOut {
        /// The figure.
        figure: FigureId,
        /// Who scores its points, if anyone.
        scored_by: Option<Seat>,
        /// The points scored: its point value, twice it when knocked out by a hereditary enemy.
        points: u32,
        /// The hereditary enemy it was knocked out by (rules option `hereditary_enemies`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hereditary_enemy: Option<FigureId>,
    },
    /// A power was used.
    PowerUsed {
        /// The figure using it.
        figure: FigureId,
        /// The power.
        power: crate::figure::Power,
        /// Its single target, if any.
        target: Option<FigureId>,
    },
    /// A die rolled for a power (Blades/Claws/Fangs, Impervious, Regeneration, Leadership...).
    PowerRoll {
        /// Whose power.
        figure: FigureId,
        /// The power.
        power: crate::figure::Power,
        /// The d6.
        roll: u8,
    },
    /// A figure picked as a target rolled to escape it (Shape Change on 5–6, Skrulls on 6).
    ShapeChange {
        /// The target.
        figure: FigureId,
        /// The d6.
        roll: u8,
        /// It escaped: the attack is not made against it.
        success: bool,
        /// `shape_change` or `skrulls`.
        ability: String,
    },
    /// Super Senses roll against a hit (5–6 evades).
    Evaded {
        /// The figure hit.
        figure: FigureId,
        /// The d6.
        roll: u8,
        /// It evaded: no damage, no effect.
        success: bool,
    },
    /// The attack's damage value, explained.
    DamageValue {
        /// The attacker.
        attacker: FigureId,
        /// Damage value, with what modified it.
        damage: Value,
    },
    /// A power reduced damage dealt to a figure.
    DamageReduced {
        /// The figure.
        figure: FigureId,
        /// The power.
        power: crate::figure::Power,
        /// Damage before.
        from: u8,
        /// Damage after.
        to: u8,
    },
    /// A figure was healed.
    Healed {
        /// The figure.
        figure: FigureId,
        /// Clicks healed.
        amount: u8,
        /// The power that healed it.
        power: Option<crate::figure::Power>,
    },
    /// Outwit countered a power or ability.
    Countered {
        /// The target.
        figure: FigureId,
        /// What it lost.
        ability: crate::game::powers::Ability,
        /// The Outwit user.
        by: FigureId,
    },
    /// A counter, Perplex modifier or power marker ended.
    EffectEnded {
        /// The figure it was on (or the figure whose markers went).
        figure: FigureId,
        /// What ended.
        what: EffectEnd,
    },
    /// Perplex modified a value.
    Perplexed {
        /// The target.
        figure: FigureId,
        /// Which value.
        stat: crate::figure::Stat,
        /// +1 or −1.
        delta: i8,
        /// The Perplex user.
        by: FigureId,
    },
    /// A power placed a marker.
    MarkerPlaced {
        /// The figure.
        figure: FigureId,
        /// The marker.
        marker: skirmish_board::square::Marker,
        /// Where.
        square: Square,
    },
    /// Markers a power placed were removed.
    MarkersRemoved {
        /// The figure whose markers they were.
        figure: FigureId,
        /// Where.
        squares: Vec<Square>,
    },
    /// An object was picked up, used, dropped, removed, destroyed or moved by Telekinesis.
    ObjectMoved {
        /// The figure involved.
        figure: FigureId,
        /// The object's name.
        object: String,
        /// What happened.
        fate: crate::game::objects::ObjectFate,
        /// Where, if on the map.
        square: Option<Square>,
    },
    /// A team ability was used on a friend.
    TeamAbilityUsed {
        /// The figure using it.
        figure: FigureId,
        /// The team ability.
        team: String,
        /// The friend.
        target: FigureId,
        /// The d6, when one is rolled.
        roll: Option<u8>,
    },
    /// A player switched off one of a figure's powers or abilities until the next turn.
    SwitchedOff {
        /// The figure.
        figure: FigureId,
        /// What.
        ability: crate::game::powers::Ability,
    },
    /// One roll hit several targets and the attacker split the damage between them, some
    /// perhaps getting none: said before the damage so that every target hit is accounted for.
    DamageSplit {
        /// The attacker.
        attacker: FigureId,
        /// Each target hit and the damage given to it, before any reduction.
        shares: Vec<(FigureId, u8)>,
    },
    /// Leadership gave one more action this turn.
    ExtraAction {
        /// The leader.
        figure: FigureId,
    },
    /// Blocking terrain or a wall was destroyed.
    TerrainDestroyed {
        /// Squares where debris was placed.
        debris: Vec<Square>,
    },
    /// An attack on terrain failed to destroy it.
    TerrainHeld {
        /// Damage dealt.
        damage: i32,
    },
    /// A figure was given an action token.
    Token {
        /// The figure.
        figure: FigureId,
        /// Tokens it now has.
        tokens: u8,
    },
    /// A player switched off one of its figure's team abilities until the next turn.
    TeamSwitchedOff {
        /// The figure.
        figure: FigureId,
        /// The team ability.
        team: String,
    },
    /// A figure was taken captive (Capture).
    Captured {
        /// The captor.
        figure: FigureId,
        /// The captive.
        captive: FigureId,
    },
    /// A captive was set free: rescued by `rescuer`, or its captor knocked out.
    Freed {
        /// The captive.
        captive: FigureId,
        /// The captor.
        captor: FigureId,
        /// The figure that rescued it, if any.
        rescuer: Option<FigureId>,
    },
    /// A captive was released in its captor's starting area: knocked out, twice its points to
    /// the captor's player (FAQ 2002 *Sentinelles*).
    CaptiveReleased {
        /// The captor.
        figure: FigureId,
        /// The captive.
        captive: FigureId,
        /// Who scores.
        scored_by: Option<Seat>,
        /// The points scored (twice the captive's point value, three times for a hereditary
        /// enemy of the captor).
        points: u32,
        /// The captive is a hereditary enemy of the captor (rules option `hereditary_enemies`).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        hereditary: bool,
    },
    /// One action token was cleared from a figure (Leadership, 2012/13 card).
    TokenCleared {
        /// The figure.
        figure: FigureId,
    },
    /// A figure took the pass action.
    Passed {
        /// The figure.
        figure: FigureId,
    },
    /// Tokens were cleared at the end of a turn.
    TokensCleared {
        /// Figures cleared.
        figures: Vec<FigureId>,
    },
    /// A seat ended its turn.
    TurnEnded {
        /// The seat.
        seat: Seat,
    },
    /// A tie on victory points was rolled off.
    RollOff {
        /// Each tied seat's 2d6 totals.
        rolls: Vec<(Seat, Vec<u8>)>,
    },
    /// The game ended.
    GameOver {
        /// Winners.
        winners: Vec<Seat>,
        /// Victory points per seat.
        scores: Vec<(Seat, u32)>,
        /// Why.
        reason: EndReason,
    },
}

/// A roll of 2 or 12 (rulebook *Obtenir 2 ou 12*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Critical {
    /// A 2 always misses.
    Miss,
    /// A 12 always hits; `extra_damage`: and deals 1 more damage (attacks that deal damage).
    Hit {
        /// The +1 damage of a critical hit.
        extra_damage: bool,
    },
}

/// What stopped a knockback (rulebook *Recul*, *Tomber d'un terrain élevé*; FAQ *Recul*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "by")]
pub enum KnockbackStop {
    /// The edge of the map (1 damage).
    MapEdge,
    /// Terrain that blocks movement, a wall or higher ground (1 damage).
    Blocking {
        /// The square it would have entered.
        at: Square,
    },
    /// It would have fallen onto a figure below: it stays on the edge (1 damage).
    FigureBelow {
        /// That figure's square.
        at: Square,
    },
    /// Another figure (no damage).
    Figure {
        /// Its square.
        at: Square,
    },
    /// It fell off elevated terrain (2 damage; none for a flier).
    Fell {
        /// A flier takes no damage.
        flier: bool,
    },
}

/// An effect that ended (Perplex modifiers, Outwit counters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum EffectEnd {
    /// A Perplex modifier on a value ended with its user's turn.
    PerplexOn {
        /// The value it modified.
        stat: Stat,
    },
    /// Perplex modifiers ended with the turn.
    Perplex,
    /// Perplex ended because the figure was damaged.
    PerplexDamaged,
    /// Perplex ended because its user lost Perplex.
    PerplexUserLost,
    /// An Outwit counter ended with its user's next turn.
    CounterEnds {
        /// The ability countered.
        ability: Ability,
    },
    /// An ability countered by Outwit came back because the Outwit user lost Outwit.
    Countered {
        /// The ability.
        ability: Ability,
    },
}

/// Why a game ended (rulebook *Gagner une partie d'HeroClix*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Only one side has figures on the map.
    LastTeamStanding,
    /// No figure is left on the map at all.
    NoFigureLeft,
    /// The agreed number of rounds was played: victory points decide.
    RoundLimit,
}

impl EndReason {
    /// A short stable tag for programs and message keys: `last-team-standing`,
    /// `no-figure-left`, `round-limit`.
    pub fn code(self) -> &'static str {
        match self {
            EndReason::LastTeamStanding => "last-team-standing",
            EndReason::NoFigureLeft => "no-figure-left",
            EndReason::RoundLimit => "round-limit",
        }
    }

    /// The reason with this [`code`](EndReason::code).
    pub fn from_code(code: &str) -> Option<EndReason> {
        [
            EndReason::LastTeamStanding,
            EndReason::NoFigureLeft,
            EndReason::RoundLimit,
        ]
        .into_iter()
        .find(|r| r.code() == code)
    }
}

/// Looks up display names of figures and sides for event texts.
pub trait Names {
    /// The figure's display name.
    fn name(&self, id: FigureId) -> String;

    /// A seat's display name: its team's name where there is one ("Wardens (player 1)").
    fn seat(&self, seat: Seat, lang: Lang) -> String {
        crate::present::catalogue::msg!(lang, "seat", number = seat.number())
    }
}
