//! What happened, for logs, the web player's animations and rules scenarios.

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

impl Critical {
    /// The note for the log.
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            Critical::Miss => lang.pick(
                "critical miss: 2 always misses",
                "échec critique : un 2 rate toujours",
            ),
            Critical::Hit { extra_damage: true } => lang.pick(
                "critical hit: 12 always hits, +1 damage",
                "coup critique : un 12 touche toujours, +1 dégât",
            ),
            Critical::Hit {
                extra_damage: false,
            } => lang.pick(
                "critical hit: 12 always hits",
                "coup critique : un 12 touche toujours",
            ),
        }
    }
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

impl KnockbackStop {
    /// The note for the log.
    pub fn text(self, lang: Lang) -> String {
        match (self, lang) {
            (KnockbackStop::MapEdge, _) => lang.pick("the map edge", "le bord de la carte").into(),
            (KnockbackStop::Blocking { at }, Lang::En) => {
                format!("terrain that blocks movement at {at}")
            }
            (KnockbackStop::Blocking { at }, Lang::Fr) => {
                format!("un terrain qui bloque le déplacement en {at}")
            }
            (KnockbackStop::FigureBelow { at }, Lang::En) => {
                format!("would fall onto the figure on {at}: stays on the edge")
            }
            (KnockbackStop::FigureBelow { at }, Lang::Fr) => {
                format!("tomberait sur le personnage en {at} : reste au bord")
            }
            (KnockbackStop::Figure { at }, Lang::En) => {
                format!("another figure on {at}, no damage")
            }
            (KnockbackStop::Figure { at }, Lang::Fr) => {
                format!("un autre personnage en {at}, sans dégât")
            }
            (KnockbackStop::Fell { flier: true }, _) => lang
                .pick(
                    "dropped off elevated terrain (flier: no damage)",
                    "descend du terrain élevé (volant : sans dégât)",
                )
                .into(),
            (KnockbackStop::Fell { flier: false }, _) => lang
                .pick("fell off elevated terrain", "tombe du terrain élevé")
                .into(),
        }
    }
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

impl EffectEnd {
    /// The note for the log.
    pub fn text(self, lang: Lang) -> String {
        match (self, lang) {
            (EffectEnd::PerplexOn { stat }, Lang::En) => {
                format!("Perplex on {} ends", stat.name(lang))
            }
            (EffectEnd::PerplexOn { stat }, Lang::Fr) => {
                format!("fin de Perplexité sur {}", stat.name(lang))
            }
            (EffectEnd::Perplex, _) => lang.pick("Perplex ends", "fin de Perplexité").into(),
            (EffectEnd::PerplexDamaged, _) => lang
                .pick("Perplex ends (damaged)", "fin de Perplexité (dégâts subis)")
                .into(),
            (EffectEnd::PerplexUserLost, _) => lang
                .pick(
                    "Perplex ends (its user lost Perplex)",
                    "fin de Perplexité (son utilisateur a perdu Perplexité)",
                )
                .into(),
            (EffectEnd::CounterEnds { ability }, Lang::En) => {
                format!("{} no longer countered", ability.name(lang))
            }
            (EffectEnd::CounterEnds { ability }, Lang::Fr) => {
                format!("{} n'est plus contré", ability.name(lang))
            }
            (EffectEnd::Countered { ability }, Lang::En) => format!(
                "{} comes back (its Outwit user lost Outwit)",
                ability.name(lang)
            ),
            (EffectEnd::Countered { ability }, Lang::Fr) => format!(
                "{} revient (son utilisateur d'Ingéniosité a perdu Ingéniosité)",
                ability.name(lang)
            ),
        }
    }
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
    /// The reason for players.
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            EndReason::LastTeamStanding => {
                lang.pick("last team standing", "dernière équipe sur la carte")
            }
            EndReason::NoFigureLeft => lang.pick("no figure left", "plus aucun personnage"),
            EndReason::RoundLimit => lang.pick(
                "round limit reached, victory points decide",
                "limite de rounds atteinte, les points de victoire décident",
            ),
        }
    }
}

/// ": 80 victory points to Wardens (player 1)", in the log's language.
fn points_to(points: u32, seat: &str, fr: bool) -> String {
    if fr {
        format!(" : {points} points de victoire pour {seat}")
    } else {
        format!(": {points} victory points to {seat}")
    }
}

/// Looks up display names of figures and sides for event texts.
pub trait Names {
    /// The figure's display name.
    fn name(&self, id: FigureId) -> String;

    /// A seat's display name: its team's name where there is one ("Wardens (player 1)").
    fn seat(&self, seat: Seat, lang: Lang) -> String {
        format!("{} {}", lang.pick("player", "joueur"), seat.number())
    }
}

impl Event {
    /// The event as a log line.
    pub fn text(&self, names: &dyn Names, lang: Lang) -> String {
        let fr = lang == Lang::Fr;
        let n = |id: &FigureId| names.name(*id);
        let seat = |s: &Seat| names.seat(*s, lang);
        let path = |p: &[Square]| {
            p.iter()
                .map(Square::to_string)
                .collect::<Vec<_>>()
                .join(" → ")
        };
        match self {
            Event::FirstPlayer { rolls, seat: s } => {
                let r: Vec<String> = rolls
                    .iter()
                    .map(|(s, v)| format!("{} {:?}", seat(s), v))
                    .collect();
                if fr {
                    format!("Premier joueur : {} (2d6 : {})", seat(s), r.join(", "))
                } else {
                    format!("First player: {} (2d6: {})", seat(s), r.join(", "))
                }
            }
            Event::MapChosen { name } => {
                if fr {
                    format!("Carte choisie : {name}")
                } else {
                    format!("Map chosen: {name}")
                }
            }
            Event::ConditionRevealed {
                seat: s,
                name,
                name_fr,
                ..
            } => {
                let name = localized(name, name_fr, fr);
                if fr {
                    format!("Condition de bataille de {} : {name}", seat(s))
                } else {
                    format!("{}'s battlefield condition: {name}", seat(s))
                }
            }
            Event::ConditionCancelled {
                seat: s,
                name,
                name_fr,
            } => match (name.as_deref().map(|x| localized(x, name_fr, fr)), fr) {
                (Some(c), true) => format!(
                    "{} (équipe à thème) annule la condition de bataille {c}",
                    seat(s)
                ),
                (Some(c), false) => format!(
                    "{} (theme team) cancels the battlefield condition {c}",
                    seat(s)
                ),
                (None, true) => format!(
                    "{} (équipe à thème) n'annule aucune condition de bataille",
                    seat(s)
                ),
                (None, false) => {
                    format!("{} (theme team) cancels no battlefield condition", seat(s))
                }
            },
            Event::ObjectPlaced {
                seat: s,
                name,
                name_fr,
                square,
            } => {
                let name = localized(name, name_fr, fr);
                if fr {
                    format!("{} place l'objet {name} en {square}", seat(s))
                } else {
                    format!("{} places the object {name} on {square}", seat(s))
                }
            }
            Event::FeatScored {
                feat,
                name_fr,
                scored_by,
                points,
            } => match (scored_by, fr) {
                (Some(s), true) => format!(
                    "L'exploit {} quitte la partie : {points} points de victoire pour {}",
                    localized(feat, name_fr, true),
                    seat(s)
                ),
                (Some(s), false) => format!(
                    "The feat {feat} leaves the game: {points} victory points to {}",
                    seat(s)
                ),
                (None, true) => format!(
                    "L'exploit {} quitte la partie",
                    localized(feat, name_fr, true)
                ),
                (None, false) => format!("The feat {feat} leaves the game"),
            },
            Event::WildCardChosen { figure, team } => match (team, fr) {
                (Some(t), true) => format!(
                    "{} (joker) utilise la compétence d'équipe {}",
                    n(figure),
                    crate::game::powers::team_name(t, Lang::Fr)
                ),
                (Some(t), false) => format!(
                    "{} (wild card) uses the team ability {}",
                    n(figure),
                    crate::game::powers::team_name(t, Lang::En)
                ),
                (None, true) => format!(
                    "{} (joker) n'utilise plus de compétence d'équipe",
                    n(figure)
                ),
                (None, false) => format!("{} (wild card) uses no team ability now", n(figure)),
            },
            Event::ObjectScored {
                object,
                scored_by,
                points,
            } => {
                if fr {
                    format!(
                        "L'objet {object} est retiré du jeu : {points} points de victoire pour {}",
                        seat(scored_by)
                    )
                } else {
                    format!(
                        "The object {object} leaves the game: {points} victory points to {}",
                        seat(scored_by)
                    )
                }
            }
            Event::FeatSetAside {
                figure,
                feat,
                name_fr,
            } => {
                if fr {
                    format!(
                        "{} n'utilise pas l'exploit {} pendant sa prochaine action",
                        n(figure),
                        localized(feat, name_fr, true)
                    )
                } else {
                    format!(
                        "{} does not use the feat {feat} during its next action",
                        n(figure)
                    )
                }
            }
            Event::EventDialTurned {
                name,
                name_fr,
                click,
            } => {
                let name = localized(name, name_fr, fr);
                if fr {
                    format!("Le socle événement {name} tourne : clic {click}")
                } else {
                    format!("The event dial {name} turns: click {click}")
                }
            }
            Event::ThemeReroll { figure, left } => {
                if fr {
                    format!("{} utilise Contrôle des probabilités (équipe à thème) et reçoit un marqueur action ; {left} utilisation(s) restante(s)", n(figure))
                } else {
                    format!("{} uses Probability Control (theme team) and takes an action token; {left} use(s) left", n(figure))
                }
            }
            Event::ZoneChosen { seat: s, zone } => {
                if fr {
                    format!("{} choisit la zone de déploiement {zone}", seat(s))
                } else {
                    format!("{} chooses deployment zone {zone}", seat(s))
                }
            }
            Event::ZonesGrown { rows } => {
                if fr {
                    format!("Une équipe ne tient pas : les zones de déploiement sont agrandies ({rows} rang(s))")
                } else {
                    format!("A team does not fit: deployment zones grow ({rows} row(s))")
                }
            }
            Event::Placed { figure, square } => {
                if fr {
                    format!("{} est placé en {square}", n(figure))
                } else {
                    format!("{} is placed on {square}", n(figure))
                }
            }
            Event::RoundStarted { round } => {
                format!("— Round {round} —")
            }
            Event::TurnStarted { seat: s, actions } => {
                if fr {
                    format!("Tour de {} ({actions} action(s))", seat(s))
                } else {
                    format!("{}'s turn ({actions} action(s))", seat(s))
                }
            }
            Event::Breakaway {
                figure,
                roll,
                success,
                automatic,
                modifier,
            } => {
                if let Some(p) = automatic {
                    return if fr {
                        format!("{} s'évade automatiquement ({})", n(figure), p.name(lang))
                    } else {
                        format!("{} breaks away automatically ({})", n(figure), p.name(lang))
                    };
                }
                let ok = if *success {
                    lang.pick("success", "réussie")
                } else {
                    lang.pick("failure: the action ends", "ratée : l'action se termine")
                };
                let m = if *modifier != 0 {
                    format!(" {modifier:+} (Plasticity/Élasticité)")
                } else {
                    String::new()
                };
                if fr {
                    format!("{} tente une évasion : d6 = {roll}{m}, {ok}", n(figure))
                } else {
                    format!("{} tries to break away: d6 = {roll}{m}, {ok}", n(figure))
                }
            }
            Event::Moved { figure, path: p } => {
                if fr {
                    format!("{} se déplace : {}", n(figure), path(p))
                } else {
                    format!("{} moves: {}", n(figure), path(p))
                }
            }
            Event::AttackRoll {
                attacker,
                ranged,
                dice,
                attack,
                total,
            } => {
                let kind = if *ranged {
                    lang.pick("ranged attack", "attaque à distance")
                } else {
                    lang.pick("close attack", "attaque au corps à corps")
                };
                let attack = attack.explain(lang);
                if fr {
                    format!(
                        "{} : {kind}, 2d6 = {}+{}, attaque {attack}, total {total}",
                        n(attacker),
                        dice.0,
                        dice.1
                    )
                } else {
                    format!(
                        "{}: {kind}, 2d6 = {}+{}, attack {attack}, total {total}",
                        n(attacker),
                        dice.0,
                        dice.1
                    )
                }
            }
            Event::AttackResult {
                target,
                defense,
                beside,
                hit,
                critical,
            } => {
                let defense = match beside {
                    Some(b) if fr => {
                        format!(
                            "{} (Explosion d'énergie, à côté de {})",
                            defense.explain(lang),
                            n(b)
                        )
                    }
                    Some(b) => {
                        format!(
                            "{} (Energy Explosion next to {})",
                            defense.explain(lang),
                            n(b)
                        )
                    }
                    None => defense.explain(lang),
                };
                let r = if *hit {
                    lang.pick("hit", "touché")
                } else {
                    lang.pick("miss", "manqué")
                };
                let c = critical
                    .map(|c| format!(" ({})", c.text(lang)))
                    .unwrap_or_default();
                if fr {
                    format!("  {} (défense {defense}) : {r}{c}", n(target))
                } else {
                    format!("  {} (defence {defense}): {r}{c}", n(target))
                }
            }
            Event::Damage {
                figure,
                amount,
                kind,
            } => {
                let k = match (kind, fr) {
                    (DamageKind::Attack, false) => "damage",
                    (DamageKind::Attack, true) => "dégât(s)",
                    (DamageKind::Pushing, false) => "pushing damage",
                    (DamageKind::Pushing, true) => "dégât(s) de dépassement",
                    (DamageKind::Knockback, false) => "knockback damage",
                    (DamageKind::Knockback, true) => "dégât(s) de recul",
                    (DamageKind::CriticalMiss, false) => "unavoidable damage (critical miss)",
                    (DamageKind::CriticalMiss, true) => "dégât(s) inévitable(s) (échec critique)",
                    (DamageKind::Power, false) => "damage",
                    (DamageKind::Power, true) => "dégât(s)",
                    (DamageKind::Unavoidable, false) => "unavoidable damage",
                    (DamageKind::Unavoidable, true) => "dégât(s) inévitable(s)",
                };
                if fr {
                    format!("{} subit {amount} {k}", n(figure))
                } else {
                    format!("{} takes {amount} {k}", n(figure))
                }
            }
            Event::PowerUsed {
                figure,
                power,
                target,
            } => {
                let t = target.map(|t| n(&t)).unwrap_or_default();
                match (fr, target.is_some()) {
                    (true, true) => format!("{} utilise {} sur {t}", n(figure), power.name(lang)),
                    (true, false) => format!("{} utilise {}", n(figure), power.name(lang)),
                    (false, true) => format!("{} uses {} on {t}", n(figure), power.name(lang)),
                    (false, false) => format!("{} uses {}", n(figure), power.name(lang)),
                }
            }
            Event::PowerRoll {
                figure,
                power,
                roll,
            } => format!("{} — {} : d6 = {roll}", n(figure), power.name(lang)),
            Event::ShapeChange {
                figure,
                roll,
                success,
                ability,
            } => {
                let what = if ability == "skrulls" {
                    "Skrulls"
                } else {
                    lang.pick("Shape Change", "Métamorphose")
                };
                let r = match (success, fr) {
                    (true, false) => "the attack cannot be made against it",
                    (true, true) => "l'attaque ne peut pas être faite contre lui",
                    (false, false) => "no effect",
                    (false, true) => "sans effet",
                };
                format!("{} — {what} : d6 = {roll}, {r}", n(figure))
            }
            Event::Evaded {
                figure,
                roll,
                success,
            } => {
                let r = match (success, fr) {
                    (true, false) => "evades the attack",
                    (true, true) => "évite l'attaque",
                    (false, false) => "no effect",
                    (false, true) => "sans effet",
                };
                let p = lang.pick("Super Senses", "Super sens");
                format!("{} — {p} : d6 = {roll}, {r}", n(figure))
            }
            Event::DamageValue { attacker, damage } => {
                let damage = damage.explain(lang);
                if fr {
                    format!("  dégâts de {} : {damage}", n(attacker))
                } else {
                    format!("  {}'s damage: {damage}", n(attacker))
                }
            }
            Event::DamageReduced {
                figure,
                power,
                from,
                to,
            } => {
                if fr {
                    format!(
                        "  {} — {} : dégâts {from} → {to}",
                        n(figure),
                        power.name(lang)
                    )
                } else {
                    format!(
                        "  {} — {}: damage {from} → {to}",
                        n(figure),
                        power.name(lang)
                    )
                }
            }
            Event::Healed {
                figure,
                amount,
                power,
            } => {
                let by = power
                    .map(|p| format!(" ({})", p.name(lang)))
                    .unwrap_or_default();
                if fr {
                    format!("{} est soigné de {amount} clic(s){by}", n(figure))
                } else {
                    format!("{} heals {amount} click(s){by}", n(figure))
                }
            }
            Event::Countered {
                figure,
                ability,
                by,
            } => {
                if fr {
                    format!(
                        "{} contre {} de {} jusqu'à son prochain tour (Ingéniosité)",
                        n(by),
                        ability.name(lang),
                        n(figure)
                    )
                } else {
                    format!(
                        "{} counters {}'s {} until its next turn (Outwit)",
                        n(by),
                        n(figure),
                        ability.name(lang)
                    )
                }
            }
            Event::EffectEnded { figure, what } => {
                let what = what.text(lang);
                if fr {
                    format!("Fin d'effet sur {} : {what}", n(figure))
                } else {
                    format!("Effect on {} ends: {what}", n(figure))
                }
            }
            Event::Perplexed {
                figure,
                stat,
                delta,
                by,
            } => {
                let st = stat.name(lang);
                if fr {
                    format!(
                        "{} modifie {st} de {} de {delta:+} (Perplexité)",
                        n(by),
                        n(figure)
                    )
                } else {
                    format!(
                        "{} modifies {}'s {st} by {delta:+} (Perplex)",
                        n(by),
                        n(figure)
                    )
                }
            }
            Event::MarkerPlaced {
                figure,
                marker,
                square,
            } => {
                let m = match (marker, fr) {
                    (skirmish_board::square::Marker::Barrier, false) => "a barrier marker",
                    (skirmish_board::square::Marker::Barrier, true) => "un marqueur Barrière",
                    (skirmish_board::square::Marker::Smoke, false) => "a smoke cloud marker",
                    (skirmish_board::square::Marker::Smoke, true) => "un marqueur Nuage de fumée",
                    (_, false) => "a debris marker",
                    (_, true) => "un marqueur débris",
                };
                if fr {
                    format!("{} place {m} en {square}", n(figure))
                } else {
                    format!("{} places {m} on {square}", n(figure))
                }
            }
            Event::MarkersRemoved { figure, squares } => {
                let list = path(squares);
                if fr {
                    format!("Les marqueurs de {} sont retirés : {list}", n(figure))
                } else {
                    format!("{}'s markers are removed: {list}", n(figure))
                }
            }
            Event::ObjectMoved {
                figure,
                object,
                fate,
                square,
            } => {
                use crate::game::objects::ObjectFate as F;
                let at = square.map(|s| format!(" ({s})")).unwrap_or_default();
                match (fate, fr) {
                    (F::PickedUp, false) => format!("{} picks up {object}{at}", n(figure)),
                    (F::PickedUp, true) => format!("{} ramasse {object}{at}", n(figure)),
                    (F::Used, false) => format!("{} uses {object}: it leaves the game", n(figure)),
                    (F::Used, true) => {
                        format!("{} utilise {object} : il est retiré du jeu", n(figure))
                    }
                    (F::Dropped, false) => format!("{} drops {object}{at}", n(figure)),
                    (F::Dropped, true) => format!("{} lâche {object}{at}", n(figure)),
                    (F::Removed, false) => format!(
                        "{} drops {object} where another lies: it leaves the game",
                        n(figure)
                    ),
                    (F::Destroyed, false) => format!("{} destroys {object}{at}", n(figure)),
                    (F::Destroyed, true) => format!("{} détruit {object}{at}", n(figure)),
                    (F::Moved, false) => {
                        format!("{} moves {object} by Telekinesis{at}", n(figure))
                    }
                    (F::Moved, true) => {
                        format!("{} déplace {object} par Télékinésie{at}", n(figure))
                    }
                    (F::Removed, true) => format!(
                        "{} lâche {object} sur un autre objet : il est retiré du jeu",
                        n(figure)
                    ),
                    (F::Kept, false) => {
                        format!("{} strikes with {object} and keeps it in hand", n(figure))
                    }
                    (F::Kept, true) => {
                        format!("{} frappe avec {object} et le garde en main", n(figure))
                    }
                }
            }
            Event::TeamAbilityUsed {
                figure,
                team,
                target,
                roll,
            } => {
                let r = roll.map(|r| format!(", d6 = {r}")).unwrap_or_default();
                let t = crate::game::powers::team_name(team, lang);
                if fr {
                    format!(
                        "{} utilise la compétence de groupe {t} sur {}{r}",
                        n(figure),
                        n(target)
                    )
                } else {
                    format!(
                        "{} uses the {t} team ability on {}{r}",
                        n(figure),
                        n(target)
                    )
                }
            }
            Event::SwitchedOff { figure, ability } => {
                if fr {
                    format!(
                        "{} désactive {} jusqu'au prochain tour",
                        n(figure),
                        ability.name(lang)
                    )
                } else {
                    format!(
                        "{} switches off {} until the next turn",
                        n(figure),
                        ability.name(lang)
                    )
                }
            }
            Event::DamageSplit { attacker, shares } => {
                let parts: Vec<String> = shares
                    .iter()
                    .map(|(t, d)| format!("{} {d}", n(t)))
                    .collect();
                if fr {
                    format!("{} répartit les dégâts : {}", n(attacker), parts.join(", "))
                } else {
                    format!("{} splits the damage: {}", n(attacker), parts.join(", "))
                }
            }
            Event::ExtraAction { figure } => {
                if fr {
                    format!("Commandement de {} : une action de plus ce tour", n(figure))
                } else {
                    format!("{}'s Leadership: one more action this turn", n(figure))
                }
            }
            Event::KnockedBack {
                figure,
                path: p,
                stopped_by,
            } => {
                let s = stopped_by
                    .map(|s| format!(" ({})", s.text(lang)))
                    .unwrap_or_default();
                if fr {
                    format!("{} subit un recul : {}{s}", n(figure), path(p))
                } else {
                    format!("{} is knocked back: {}{s}", n(figure), path(p))
                }
            }
            Event::KnockedOut {
                figure,
                scored_by,
                points,
                hereditary_enemy,
            } => {
                let by = scored_by
                    .map(|s| points_to(*points, &seat(&s), fr))
                    .unwrap_or_default();
                match (hereditary_enemy, fr) {
                    (Some(e), true) => format!(
                        "{} est mis KO par son ennemi héréditaire {} (points doublés){by}",
                        n(figure),
                        n(e)
                    ),
                    (Some(e), false) => format!(
                        "{} is knocked out by its hereditary enemy {} (double points){by}",
                        n(figure),
                        n(e)
                    ),
                    (None, true) => format!("{} est mis KO{by}", n(figure)),
                    (None, false) => format!("{} is knocked out{by}", n(figure)),
                }
            }
            Event::TerrainDestroyed { debris } => {
                let d = debris
                    .iter()
                    .map(Square::to_string)
                    .collect::<Vec<_>>()
                    .join(", ");
                if fr {
                    format!("Terrain détruit : marqueurs débris en {d}")
                } else {
                    format!("Terrain destroyed: debris markers on {d}")
                }
            }
            Event::TerrainHeld { damage } => {
                if fr {
                    format!("Le terrain résiste ({damage} dégât(s), il en faut 3)")
                } else {
                    format!("The terrain holds ({damage} damage, 3 needed)")
                }
            }
            Event::Token { figure, tokens } => {
                if fr {
                    format!("{} reçoit un marqueur action ({tokens})", n(figure))
                } else {
                    format!("{} gets an action token ({tokens})", n(figure))
                }
            }
            Event::TeamSwitchedOff { figure, team } => {
                let name = super::powers::team_name(team, lang);
                if fr {
                    format!(
                        "{} n'utilise plus la compétence de groupe {name} jusqu'au prochain tour",
                        n(figure)
                    )
                } else {
                    format!(
                        "{} stops using the {name} team ability until the next turn",
                        n(figure)
                    )
                }
            }
            Event::Captured { figure, captive } => {
                if fr {
                    format!("{} capture {}", n(figure), n(captive))
                } else {
                    format!("{} captures {}", n(figure), n(captive))
                }
            }
            Event::Freed {
                captive,
                captor,
                rescuer,
            } => match (rescuer, fr) {
                (Some(r), true) => {
                    format!("{} délivre {} des mains de {}", n(r), n(captive), n(captor))
                }
                (Some(r), false) => {
                    format!("{} rescues {} from {}", n(r), n(captive), n(captor))
                }
                (None, true) => format!("{} est libéré : {} est vaincu", n(captive), n(captor)),
                (None, false) => format!("{} is free: {} is knocked out", n(captive), n(captor)),
            },
            Event::CaptiveReleased {
                figure,
                captive,
                scored_by,
                points,
                hereditary,
            } => {
                let by = scored_by
                    .map(|s| points_to(*points, &seat(&s), fr))
                    .unwrap_or_default();
                let (enemy_fr, enemy_en) = if *hereditary {
                    (
                        ", son ennemi héréditaire (points triplés)",
                        ", its hereditary enemy (triple points)",
                    )
                } else {
                    ("", "")
                };
                if fr {
                    format!(
                        "{} relâche {}{enemy_fr} dans sa zone de départ, qui compte comme mis KO{by}",
                        n(figure),
                        n(captive)
                    )
                } else {
                    format!(
                        "{} releases {}{enemy_en} in its starting area, which counts as knocked out{by}",
                        n(figure),
                        n(captive)
                    )
                }
            }
            Event::TokenCleared { figure } => {
                if fr {
                    format!(
                        "Commandement : un marqueur action de {} est retiré",
                        n(figure)
                    )
                } else {
                    format!("Leadership: one action token is cleared from {}", n(figure))
                }
            }
            Event::Passed { figure } => {
                if fr {
                    format!("{} passe", n(figure))
                } else {
                    format!("{} passes", n(figure))
                }
            }
            Event::TokensCleared { figures } => {
                let f = figures.iter().map(n).collect::<Vec<_>>().join(", ");
                if fr {
                    format!("Marqueurs action enlevés : {f}")
                } else {
                    format!("Action tokens cleared: {f}")
                }
            }
            Event::TurnEnded { seat: s } => {
                if fr {
                    format!("Fin du tour de {}", seat(s))
                } else {
                    format!("End of {}'s turn", seat(s))
                }
            }
            Event::RollOff { rolls } => {
                let r: Vec<String> = rolls
                    .iter()
                    .map(|(s, v)| format!("{} {:?}", seat(s), v))
                    .collect();
                if fr {
                    format!("Égalité départagée aux dés : {}", r.join(", "))
                } else {
                    format!("Tie rolled off: {}", r.join(", "))
                }
            }
            Event::GameOver {
                winners,
                scores,
                reason,
            } => {
                let reason = reason.text(lang);
                let w = winners.iter().map(seat).collect::<Vec<_>>().join(", ");
                let s = scores
                    .iter()
                    .map(|(s, p)| format!("{} {p}", seat(s)))
                    .collect::<Vec<_>>()
                    .join(", ");
                if fr {
                    format!(
                        "Fin de la partie ({reason}) : vainqueur(s) {w} ; points de victoire : {s}"
                    )
                } else {
                    format!("Game over ({reason}): winner(s) {w}; victory points: {s}")
                }
            }
        }
    }
}

/// A card's name as a text in this language reads it: its French name in French when it has
/// one, else the English.
fn localized<'a>(name: &'a str, name_fr: &'a Option<String>, fr: bool) -> &'a str {
    match name_fr {
        Some(f) if fr => f,
        _ => name,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Letters;
    impl Names for Letters {
        fn name(&self, id: FigureId) -> String {
            if id.0 == 0 { "Varga" } else { "Ashgrave" }.to_string()
        }
    }

    #[test]
    fn hereditary_enemies_are_named_in_both_languages() {
        let ko = Event::KnockedOut {
            figure: FigureId(1),
            scored_by: Some(Seat(0)),
            points: 220,
            hereditary_enemy: Some(FigureId(0)),
        };
        let en = ko.text(&Letters, Lang::En);
        assert!(
            en.contains("Ashgrave is knocked out by its hereditary enemy Varga (double points)")
                && en.contains("220"),
            "{en}"
        );
        let fr = ko.text(&Letters, Lang::Fr);
        assert!(
            fr.contains("ennemi héréditaire Varga (points doublés)"),
            "{fr}"
        );
        let released = Event::CaptiveReleased {
            figure: FigureId(0),
            captive: FigureId(1),
            scored_by: Some(Seat(0)),
            points: 330,
            hereditary: true,
        };
        assert!(released
            .text(&Letters, Lang::En)
            .contains("releases Ashgrave, its hereditary enemy (triple points)"));
        assert!(released
            .text(&Letters, Lang::Fr)
            .contains("son ennemi héréditaire (points triplés)"));
        // An ordinary knock-out says nothing of it, and its JSON has no such field.
        let plain = Event::KnockedOut {
            figure: FigureId(1),
            scored_by: Some(Seat(0)),
            points: 110,
            hereditary_enemy: None,
        };
        assert!(!plain.text(&Letters, Lang::En).contains("hereditary"));
        let json = serde_json::to_string(&plain).unwrap();
        assert!(!json.contains("hereditary"), "{json}");
    }
}
