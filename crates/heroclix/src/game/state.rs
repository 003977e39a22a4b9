//! The state of a HeroClix game, its scenario (what a game starts from) and the options.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use skirmish_board::square::{Square, SquareMap};
use skirmish_board::FigureId;
use skirmish_engine::Seat;

use crate::figure::{FigureDef, Stat};

/// One figure chosen for a team.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamFigure {
    /// The figure.
    pub def: Arc<FigureDef>,
    /// Starting line, 0 for the first one.
    #[serde(default)]
    pub line: usize,
    /// A name to tell copies apart ("Street Tough 2"); the figure's name by default.
    #[serde(default)]
    pub label: Option<String>,
}

/// One seat's team.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamSetup {
    /// The player's or team's name.
    pub name: String,
    /// Seats with the same alliance number play together (two versus two); by default every
    /// seat is alone.
    #[serde(default)]
    pub alliance: Option<u8>,
    /// The figures.
    pub figures: Vec<TeamFigure>,
    /// Feats, objects, battlefield condition and theme (rulebook Partie 4 *Tactiques*).
    #[serde(default)]
    pub tactics: crate::game::tactics::TeamTactics,
}

/// A figure already on the board, for scenarios that start from a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedFigure {
    /// Index of the seat (0-based) whose team it belongs to.
    pub seat: u8,
    /// Index of the figure in that team's list.
    pub index: usize,
    /// Its square.
    pub square: Option<Square>,
    /// Clicks of damage taken from its starting line.
    #[serde(default)]
    pub damage: usize,
    /// Action tokens on it.
    #[serde(default)]
    pub tokens: u8,
    /// It has received an action or moved this game (no first-round immunity).
    #[serde(default)]
    pub active: bool,
    /// The team ability a wild card uses (rulebook *Jokers*).
    #[serde(default)]
    pub wild_card: Option<String>,
}

/// A position to start from instead of the set-up steps (for rules scenarios and puzzles).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// The round being played.
    pub round: u32,
    /// The seat whose turn it is (0-based).
    pub active: u8,
    /// The first player (0-based); turn order goes on from it.
    #[serde(default)]
    pub first: u8,
    /// Where each figure stands.
    pub figures: Vec<PlacedFigure>,
    /// Each seat's starting area (deployment zone), in seat order, where the map has zones.
    #[serde(default)]
    pub zones: Vec<Option<u8>>,
}

/// Game options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// Build total in points; sets the action total (one action per 100 points).
    pub build_total: u32,
    /// The game ends after this many rounds and victory points decide (*temps limite*).
    #[serde(default)]
    pub round_limit: Option<u32>,
    /// Powers: card edition and the readings the card texts leave open.
    #[serde(default)]
    pub powers: crate::game::powers::PowerOptions,
    /// Play theme teams' bonuses (rulebook *Équipes à thème*, an optional tactic).
    #[serde(default)]
    pub theme_teams: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            build_total: 300,
            round_limit: None,
            powers: Default::default(),
            theme_teams: false,
        }
    }
}

/// Everything a HeroClix game starts from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    /// The maps to choose from: the first player chooses when there are several.
    pub maps: Vec<SquareMap>,
    /// One team per seat, in seat order (clockwise around the table).
    pub teams: Vec<TeamSetup>,
    /// Options.
    #[serde(default)]
    pub options: Options,
    /// Start from this position instead of the set-up steps.
    #[serde(default)]
    pub position: Option<Position>,
    /// Objects lying on the battlefield from the start (rulebook Partie 4 *Objets*).
    #[serde(default)]
    pub objects: Vec<ObjectSetup>,
    /// The event dial every player agreed to (rulebook *Socles événement*).
    #[serde(default)]
    pub event: Option<Arc<crate::tactics::EventDef>>,
}

/// The kinds of object (rulebook *Objets*: yellow, red and blue rings).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ObjectKind {
    /// A light object: +1 damage in close combat; thrown up to 8 squares for 2 damage.
    Light,
    /// A heavy object: +2 damage in close combat; thrown up to 6 squares for 3 damage.
    Heavy,
    /// An immobile object: never picked up nor moved.
    Immobile,
}

impl ObjectKind {
    /// The kind's name for players ("light object", "objet léger").
    pub fn name(self, lang: skirmish_lang::Lang) -> &'static str {
        match self {
            ObjectKind::Light => lang.pick("light object", "objet léger"),
            ObjectKind::Heavy => lang.pick("heavy object", "objet lourd"),
            ObjectKind::Immobile => lang.pick("immobile object", "objet immobile"),
        }
    }
}

/// An object placed before the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectSetup {
    /// Its kind.
    pub kind: ObjectKind,
    /// Its name ("Girder").
    #[serde(default)]
    pub name: Option<String>,
    /// Its square.
    pub square: Square,
    /// The card of a special object.
    #[serde(default)]
    pub special: Option<Arc<crate::tactics::SpecialObjectDef>>,
}

/// An object in the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Object {
    /// Its kind.
    pub kind: ObjectKind,
    /// Its name.
    pub name: String,
    /// Where it lies, when on the map and not held.
    pub square: Option<Square>,
    /// The figure holding it.
    pub held_by: Option<FigureId>,
    /// The card of a special object.
    #[serde(default)]
    pub special: Option<Arc<crate::tactics::SpecialObjectDef>>,
    /// The seat that brought it and must still place it during set-up.
    #[serde(default)]
    pub to_place: Option<Seat>,
    /// The team that brought it (its points go to an opponent removing it from the game).
    #[serde(default)]
    pub brought_by: Option<Seat>,
}

/// One figure in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fig {
    /// Its id in this game (index into [`State::figures`]).
    pub id: FigureId,
    /// What is printed on it.
    pub def: Arc<FigureDef>,
    /// The name shown in logs.
    pub label: String,
    /// Whose team it is on.
    pub owner: Seat,
    /// Point value for its starting line.
    pub points: u32,
    /// Click index of its starting line: healing never goes above it.
    pub start_click: usize,
    /// Current click index.
    pub click: usize,
    /// Square, while on the map.
    pub square: Option<Square>,
    /// Action tokens (0 to 2).
    pub tokens: u8,
    /// Knocked out (*vaincu*) and removed from the game.
    pub ko: bool,
    /// Received an action this turn (the pass action included): gets no other.
    pub acted_this_turn: bool,
    /// Received an action token this turn: keeps its tokens at the end of the turn.
    pub token_this_turn: bool,
    /// Received an action or moved this game: no more first-round immunity.
    pub active: bool,
    /// The last opposing seat that dealt it damage (for victory points of a figure KO'd on its
    /// own turn).
    pub last_damaged_by: Option<Seat>,
    /// The last opposing figure that dealt it damage (the Mind Controller for a controlled
    /// figure's deeds), for hereditary enemies (rules option `hereditary_enemies`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_hit_by: Option<FigureId>,
    /// While Mind Control lends it to another seat: its owner, to give it back.
    #[serde(default)]
    pub controlled_from: Option<Seat>,
    /// Powers and abilities Outwit counters on it.
    #[serde(default)]
    pub countered: Vec<crate::game::powers::Counter>,
    /// Perplex modifiers on it.
    #[serde(default)]
    pub perplexed: Vec<crate::game::powers::Perplexed>,
    /// Powers and abilities its player switched off; they come back when the next turn begins.
    #[serde(default)]
    pub switched_off: Vec<crate::game::powers::Ability>,
    /// Team abilities its player switched off (FAQ 2002 *Compétences d'équipe*: all are
    /// optional); they come back when the next turn begins.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams_off: Vec<String>,
    /// The team ability a wild card uses now (rulebook *Jokers*): none at the start.
    #[serde(default)]
    pub wild_card: Option<String>,
    /// Figures it holds captive (Capture): off the map, out of play, not knocked out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub captives: Vec<FigureId>,
    /// The figure holding it captive (Capture).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captured_by: Option<FigureId>,
}

impl Fig {
    /// The printed value of one column on the current click.
    pub fn printed(&self, stat: Stat) -> u8 {
        self.def.printed(self.click, stat)
    }

    /// True while the figure stands on the map.
    pub fn in_play(&self) -> bool {
        !self.ko && self.square.is_some()
    }

    /// True for a figure whose base covers more than one square.
    pub fn is_multi_base(&self) -> bool {
        self.def.base.width > 1 || self.def.base.depth > 1
    }

    /// The squares its base covers on the map (its square is the base's top-left one; rulebook
    /// *Personnages multi-socle*); empty when off the map.
    pub fn footprint(&self) -> Vec<Square> {
        match self.square {
            Some(sq) if !self.ko => {
                crate::movement::footprint(sq, self.def.base.width, self.def.base.depth)
            }
            _ => Vec::new(),
        }
    }

    /// True if its base covers `sq`.
    pub fn occupies(&self, sq: Square) -> bool {
        let Some(a) = self.square else { return false };
        !self.ko
            && sq.x >= a.x
            && sq.y >= a.y
            && sq.x < a.x + i32::from(self.def.base.width.max(1))
            && sq.y < a.y + i32::from(self.def.base.depth.max(1))
    }
}

/// One seat at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// Team name.
    pub name: String,
    /// Seats sharing an alliance play together.
    pub alliance: u8,
    /// Deployment zone chosen.
    pub zone: Option<u8>,
    /// Victory points scored.
    pub victory_points: u32,
    /// The keyword its theme team shares, when theme teams are played.
    #[serde(default)]
    pub theme: Option<String>,
    /// Theme-team uses of Probability Control left (one per two characters with the keyword).
    #[serde(default)]
    pub theme_rerolls: u8,
}

/// Where the game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// The first player chooses the map (rulebook *Étape 2*).
    ChooseMap,
    /// Seats choose deployment zones, starting left of the first player.
    ChooseZones {
        /// Index into the turn order of the seat choosing.
        next: usize,
    },
    /// Theme teams may cancel one battlefield condition (*Équipes à thème*).
    CancelCondition {
        /// Index into the turn order of the seat asked.
        next: usize,
    },
    /// Seats place their objects one at a time, first player first (*Placer les objets*).
    PlaceObjects {
        /// Index into the turn order of the seat placing.
        next: usize,
    },
    /// Seats place their figures, first player first (*Étape 3*).
    Deploy {
        /// Index into the turn order of the seat deploying.
        next: usize,
    },
    /// Rounds and turns.
    Play,
    /// The game is over.
    Over,
}

/// An action under way that waits for a choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum Interrupt {
    /// The attacker splits the damage between the targets it hit.
    SplitDamage {
        /// The attack.
        attack: AttackInProgress,
    },
    /// The attacker picks which of two squares sets a knockback line.
    KnockbackLine {
        /// The attack.
        attack: AttackInProgress,
        /// The figure knocked back now.
        figure: FigureId,
        /// Squares it is knocked back.
        distance: u8,
        /// The two squares the attacker chooses between.
        options: [Square; 2],
    },
    /// The attacker may roll Blades/Claws/Fangs to replace its damage value.
    Blades {
        /// The attack.
        attack: AttackInProgress,
    },
    /// A power grants a free attack (Charge: close; Running Shot: ranged; Hypersonic Speed:
    /// either, range halved; Flurry: a second close attack); the player may decline it.
    FreeAttack {
        /// The figure.
        figure: FigureId,
        /// The power granting it.
        power: crate::figure::Power,
        /// Close attacks allowed.
        close: bool,
        /// Ranged attacks allowed.
        ranged: bool,
    },
    /// A Probability Control figure may have the attack roll rerolled.
    Reroll {
        /// The attack, rolled.
        attack: AttackInProgress,
        /// The Probability Control figure.
        figure: FigureId,
    },
    /// Probability Control on a roll of the action under way other than its attack roll (FAQ
    /// 2002 *Contrôle des Probabilités*: any roll of one or two dice): the action that rolled is
    /// held back until the answer, then played again with the roll kept or rerolled
    /// ([`super::rolls`]).
    RollReroll {
        /// The action that rolled.
        action: Box<crate::game::Action>,
        /// The seat that gave it.
        seat: Seat,
        /// The roll offered.
        offer: super::rolls::Offer,
        /// Every value the action had rolled up to the end of that roll.
        drawn: Vec<u8>,
        /// Seats already offered each roll of the action: `(ordinal, seat)`.
        offered: Vec<(u16, Seat)>,
        /// Mastermind answers given before in the action.
        #[serde(default)]
        redirects: Vec<Option<FigureId>>,
        /// The step the action answered, asked again for the action played again: part of the
        /// action held back, so not asked meanwhile.
        #[serde(default)]
        waiting: Option<Box<Interrupt>>,
    },
    /// A figure with Combat Reflexes (2005 card) damaged without doubles chooses whether it is
    /// knocked back (spec DEF-4; option `combat_reflexes = "elect"`).
    ElectKnockback {
        /// The attack.
        attack: AttackInProgress,
        /// The figure.
        figure: FigureId,
        /// Squares it would be knocked back (the damage it took).
        distance: u8,
    },
    /// A successful Leadership roll (2012/13 card, option): the leader may clear an action
    /// token from an adjacent friend of lower point value.
    LeadershipToken {
        /// The leader.
        figure: FigureId,
        /// Friends it may clear a token from.
        options: Vec<FigureId>,
    },
    /// A Mastermind about to be dealt damage may hand it all to a cheaper adjacent friend.
    Mastermind {
        /// The attack.
        attack: AttackInProgress,
        /// The Mastermind.
        figure: FigureId,
        /// The damage (critical hit included).
        amount: u8,
        /// Friends that may take it.
        options: Vec<FigureId>,
    },
    /// A Mastermind about to be dealt damage outside an attack (Poison, knockback, Mind
    /// Control's cost...): the action that dealt it is held back until the answer, then played
    /// again with the answer ([`super::rolls`]).
    MastermindHeld {
        /// The action.
        action: Box<crate::game::Action>,
        /// The seat that gave it.
        seat: Seat,
        /// The choice asked.
        offer: super::rolls::RedirectOffer,
        /// Every value the action had rolled up to that point.
        drawn: Vec<u8>,
        /// Mastermind answers given before in the action.
        redirects: Vec<Option<FigureId>>,
        /// Seats already offered each roll of the action: `(ordinal, seat)`.
        offered: Vec<(u16, Seat)>,
        /// The step the action answered, asked again for the action played again.
        #[serde(default)]
        waiting: Option<Box<Interrupt>>,
    },
    /// The carrier's move has ended: its passenger is placed next to it.
    PlacePassenger {
        /// The carrier.
        carrier: FigureId,
        /// The friend carried.
        passenger: FigureId,
        /// Where the passenger stood, should no square next to the carrier be free.
        from: Square,
    },
    /// A captive set free (rescued, or its captor knocked out) is placed by its owner on a free
    /// square next to where its captor stands or stood (FAQ 2002 *Sentinelles*).
    PlaceCaptive {
        /// The captive.
        captive: FigureId,
        /// The squares the captor's base covers or covered.
        around: Vec<Square>,
    },
    /// A mind-controlled figure may be given one free action.
    Controlled {
        /// The Mind Controller.
        controller: FigureId,
        /// The figure controlled.
        figure: FigureId,
    },
    /// A figure with Super Strength has moved past objects: it may pick one up.
    PickUp {
        /// The figure.
        figure: FigureId,
        /// Squares of objects within its reach during the move.
        squares: Vec<Square>,
    },
    /// Smoke Cloud or Barrier: place markers one at a time, each next to one already placed.
    PlaceMarkers {
        /// The figure.
        figure: FigureId,
        /// Smoke Cloud or Barrier.
        power: crate::figure::Power,
        /// Squares already chosen.
        placed: Vec<Square>,
    },
    /// An attack a combat ability grants: Duo Attack's two attacks (the second at −1 damage),
    /// Move and Attack's one attack during its move (−2 attack).
    AbilityAttack {
        /// The figure.
        figure: FigureId,
        /// Duo Attack or Move and Attack.
        ability: crate::game::powers::Ability,
        /// Duo Attack's second attack.
        second: bool,
    },
    /// Hypersonic Speed: after its attack the figure may use the rest of its movement.
    MoveOn {
        /// The figure.
        figure: FigureId,
        /// Speed left.
        speed: u32,
    },
}

/// An attack between its roll and its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackInProgress {
    /// The attacker.
    pub attacker: FigureId,
    /// Ranged (true) or close.
    pub ranged: bool,
    /// The two dice.
    pub dice: (u8, u8),
    /// Targets hit.
    pub hits: Vec<FigureId>,
    /// Damage to share between the hits (before the critical hit's +1 each).
    pub damage: u8,
    /// Damage each hit figure took, once dealt, for knockback.
    pub dealt: Vec<(FigureId, u8)>,
    /// Knockbacks still to resolve, farthest first.
    pub knockbacks: Vec<(FigureId, u8)>,
    /// The power the attack is made with.
    #[serde(default)]
    pub power: Option<crate::figure::Power>,
    /// Made under Move and Attack.
    #[serde(default)]
    pub move_and_attack: bool,
    /// Duo Attack's second attack.
    #[serde(default)]
    pub duo_second: bool,
    /// The object used: held in a close attack, or thrown.
    #[serde(default)]
    pub object: Option<ObjectKind>,
    /// A Pulse Wave reaching several figures (damage 1).
    #[serde(default)]
    pub wave_many: bool,
    /// Energy Explosion: hits on each figure (targets and the figures next to them).
    #[serde(default)]
    pub splash: Vec<(FigureId, u8)>,
    /// Blades/Claws/Fangs roll replacing the damage value.
    #[serde(default)]
    pub blades: Option<u8>,
    /// Damage taken so far, by figure, while it is being dealt.
    #[serde(default)]
    pub taken: Vec<(FigureId, u8)>,
    /// The targets (for a Pulse Wave, every figure it reaches).
    #[serde(default)]
    pub targets: Vec<FigureId>,
    /// Pulse Wave: figures reached through hindering terrain.
    #[serde(default)]
    pub wave_hindered: Vec<FigureId>,
    /// Seats already offered a Probability Control reroll of this roll.
    #[serde(default)]
    pub rerolls_offered: Vec<Seat>,
    /// Figures damaged without doubles that may still choose to be knocked back (Combat
    /// Reflexes, 2005 card), with the distance.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub elect: Vec<(FigureId, u8)>,
}

impl AttackInProgress {
    /// An attack by `attacker` on `targets`, before its roll: no power, nothing hit or dealt.
    pub fn new(attacker: FigureId, ranged: bool, targets: Vec<FigureId>) -> Self {
        AttackInProgress {
            attacker,
            ranged,
            dice: (0, 0),
            hits: Vec::new(),
            damage: 0,
            dealt: Vec::new(),
            knockbacks: Vec::new(),
            power: None,
            move_and_attack: false,
            duo_second: false,
            object: None,
            wave_many: false,
            splash: Vec::new(),
            blades: None,
            taken: Vec::new(),
            targets,
            wave_hindered: Vec::new(),
            rerolls_offered: Vec::new(),
            elect: Vec::new(),
        }
    }
}

/// The whole state of a HeroClix game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Options.
    pub options: Options,
    /// The battlefield, markers and destroyed walls included. Shared between the copies of a
    /// state (search and every action clone one) and copied only when something on it changes
    /// (`Arc::make_mut`), which is rare: an object picked up, a wall destroyed.
    pub map: Arc<SquareMap>,
    /// Maps still to choose from (set-up only).
    pub map_choices: Vec<Arc<SquareMap>>,
    /// Every figure, KO'd ones included.
    pub figures: Vec<Fig>,
    /// The seats.
    pub seats: Vec<SeatInfo>,
    /// Phase.
    pub phase: Phase,
    /// Round number, from 1.
    pub round: u32,
    /// Turn order: the first player, then clockwise.
    pub order: Vec<Seat>,
    /// Index into `order` of the active seat.
    pub turn: usize,
    /// Actions given this turn.
    pub actions_used: u8,
    /// Actions per turn.
    pub action_total: u8,
    /// Rows added to every deployment zone because a team did not fit.
    pub zone_growth: u8,
    /// The question the action under way asks now: the top of its stack of pending frames
    /// ([`State::frames`]).
    pub(super) interrupt: Option<Interrupt>,
    /// The outcome, once over.
    pub outcome: Option<super::score::End>,
    /// The rolls for the first player (set-up), shown in the log.
    pub first_player_rolls: Vec<(Seat, Vec<u8>)>,
    /// Figures whose powers and team abilities a Pulse Wave ignores during the action.
    #[serde(default)]
    pub ignoring: Vec<FigureId>,
    /// The figure resolving a Charge (it ignores knockback meanwhile).
    #[serde(default)]
    pub charging: Option<FigureId>,
    /// A carrier and the friend it carries, during the carrier's move (speed −2; the passenger
    /// is off the map until placed).
    #[serde(default)]
    pub carrying: Option<(FigureId, FigureId)>,
    /// Figures moved by Telekinesis, with the seat whose next turn lets them use Telekinesis
    /// again.
    #[serde(default)]
    pub telekinesed: Vec<(FigureId, Seat)>,
    /// A Mind Control under way: the controller, the figures hit still to act, the points hit.
    #[serde(default)]
    pub mind_control: Option<MindControl>,
    /// Actions given before a controlled figure's free action, restored after it.
    #[serde(default)]
    pub lent_actions_used: Option<u8>,
    /// Objects (rulebook Partie 4 *Objets*), held or lying on the map; used ones are removed.
    #[serde(default)]
    pub objects: Vec<Object>,
    /// Feats the teams brought.
    #[serde(default)]
    pub feats: Vec<crate::game::tactics::FeatInPlay>,
    /// Battlefield conditions revealed.
    #[serde(default)]
    pub conditions: Vec<crate::game::tactics::ConditionInPlay>,
    /// Alternate team ability cards the teams brought, with the characters possessing their
    /// team abilities (empty in most games: team ability lookups then skip them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub atas: Vec<crate::game::tactics::AtaInPlay>,
    /// The dice of the action under way, for Probability Control (empty between actions).
    #[serde(default, skip_serializing_if = "super::rolls::Tape::is_clear")]
    pub rolls: super::rolls::Tape,
    /// Feats declared unused for a figure's coming action: `(figure, feat index)`.
    #[serde(default)]
    pub feats_aside: Vec<(FigureId, usize)>,
    /// The event dial and the click it shows.
    #[serde(default)]
    pub event: Option<crate::game::tactics::EventInPlay>,
    /// Every power or ability some card in the game can grant: lookups of others skip cards.
    #[serde(default)]
    pub grantable: Vec<crate::game::powers::Ability>,
    /// Some card effect (special power, trait, feat, condition, special object) may apply:
    /// without any, card lookups are skipped.
    #[serde(default)]
    pub card_effects: bool,
    /// S.H.I.E.L.D. boosts given this turn: `(agent, friend)`.
    #[serde(default)]
    pub shield_boosts: Vec<(FigureId, FigureId)>,
    /// Pairs of X-Men that healed this turn (FAQ: once per turn per pair).
    #[serde(default)]
    pub x_men_pairs: Vec<(FigureId, FigureId)>,
    /// Figures carried this turn: no non-free action for them until next turn.
    #[serde(default)]
    pub carried_this_turn: Vec<FigureId>,
    /// The figure resolving a Move and Attack (it passes squares next to opposing figures).
    #[serde(default)]
    pub moving_and_attacking: Option<FigureId>,
    /// Once-per-turn powers used this turn, by figure (Outwit, Perplex, Probability Control,
    /// Poison, Leadership).
    #[serde(default)]
    pub used_this_turn: Vec<(FigureId, crate::figure::Power)>,
    /// Probability Control used during opponents' turns this round, by figure.
    #[serde(default)]
    pub used_this_round: Vec<(FigureId, crate::figure::Power)>,
    /// Targets a figure may not attack again this turn after a successful Shape Change or
    /// Skrulls roll: `(attacker, target)`.
    #[serde(default)]
    pub shape_changed: Vec<(FigureId, FigureId)>,
    /// The frames waiting below the one asked, nearest first: the next steps of the action under
    /// way once the current one is settled (Flurry's second attack, Hypersonic Speed's move
    /// on...). Kept apart from `interrupt` so that states serialize, and hash, as they did before
    /// the stack existed.
    #[serde(default)]
    pub(super) queued: Vec<Interrupt>,
    /// A Leadership roll succeeded this turn: one more action (never more than one).
    #[serde(default)]
    pub leadership_bonus: bool,
    /// Markers placed by powers (Smoke Cloud, Barrier) and the debris of destroyed barrier
    /// markers, removed together.
    #[serde(default)]
    pub power_markers: Vec<PowerMarker>,
    /// Captives set free and still to be placed by their owners, with the squares of the base
    /// of the captor they were next to (Capture).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub releasing: Vec<(FigureId, Vec<Square>)>,
    /// The figure resolving a multiple attack, and what its first attack was made against
    /// (the second must be made against something else).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub multi_attacking: Option<MultiAttacking>,
}

/// A multiple attack under way (FAQ 2002 *Sentinelles*).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MultiAttacking {
    /// The attacker.
    pub figure: FigureId,
    /// What its first attack was made against, once made.
    #[serde(default)]
    pub first: Option<AttackTarget>,
}

/// What an attack is made against: a figure, a square of blocking terrain or a wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackTarget {
    /// A figure.
    Figure(FigureId),
    /// A square of blocking terrain (or an object on it).
    Square(Square),
    /// The wall along one edge of a square.
    Wall(Square, skirmish_board::square::Dir),
}

/// A Mind Control action between its attack and its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MindControl {
    /// The Mind Controller.
    pub controller: FigureId,
    /// Figures hit that have not been given their action yet.
    pub waiting: Vec<FigureId>,
    /// The figure acting now, if any.
    pub acting: Option<FigureId>,
    /// Its action-token state before, restored when it goes back to its owner.
    pub saved: Option<(u8, bool, bool)>,
    /// Combined point value of the figures hit.
    pub points: u32,
}

/// A marker a power placed on the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerMarker {
    /// The figure whose power placed it.
    pub owner: FigureId,
    /// Its seat: the markers go when that seat's next turn begins.
    pub seat: Seat,
    /// The power.
    pub power: crate::figure::Power,
    /// Where.
    pub square: Square,
    /// What lies there.
    pub marker: skirmish_board::square::Marker,
}

impl State {
    /// The question asked now in the middle of an action, if any (the top of the stack of
    /// pending frames).
    pub fn asked(&self) -> Option<&Interrupt> {
        self.interrupt.as_ref()
    }

    /// The frames waiting below the one asked, nearest first.
    pub fn waiting_frames(&self) -> &[Interrupt] {
        &self.queued
    }

    /// The stack of pending frames ([`skirmish_engine::frames`]), to change it.
    pub fn frames(&mut self) -> skirmish_engine::frames::FramesMut<'_, Interrupt> {
        skirmish_engine::frames::FramesMut::new(&mut self.interrupt, &mut self.queued)
    }

    /// The seat whose turn it is.
    pub fn active_seat(&self) -> Seat {
        self.order.get(self.turn).copied().unwrap_or(Seat(0))
    }

    /// A figure by id.
    pub fn fig(&self, id: FigureId) -> Option<&Fig> {
        self.figures.get(id.0 as usize)
    }

    /// A figure by id, for changing it.
    pub fn fig_mut(&mut self, id: FigureId) -> Option<&mut Fig> {
        self.figures.get_mut(id.0 as usize)
    }

    /// True if the two seats play on the same side.
    pub fn allied(&self, a: Seat, b: Seat) -> bool {
        a == b
            || matches!((self.seats.get(a.index()), self.seats.get(b.index())), (Some(x), Some(y)) if x.alliance == y.alliance)
    }

    /// The figure standing on a square (any square of its base).
    pub fn figure_at(&self, sq: Square) -> Option<&Fig> {
        self.figures.iter().find(|f| f.occupies(sq))
    }

    /// True if two figures on the map are adjacent: some square of one's base is adjacent to
    /// some square of the other's (rulebook *Cases adjacentes*, *Personnages multi-socle*).
    pub fn figures_adjacent(&self, a: &Fig, b: &Fig) -> bool {
        if a.id == b.id || !a.in_play() || !b.in_play() {
            return false;
        }
        let (Some(sa), Some(sb)) = (a.square, b.square) else {
            return false;
        };
        if !a.is_multi_base() && !b.is_multi_base() {
            return self.map.adjacent(sa, sb);
        }
        // Bases farther apart than their sizes cannot touch: most pairs are, and listing
        // their squares is the costly part.
        let reach = |f: &Fig| u32::from(f.def.base.width.max(f.def.base.depth).max(1));
        if sa.distance(sb) > reach(a).max(reach(b)) {
            return false;
        }
        let fb = b.footprint();
        a.footprint()
            .into_iter()
            .any(|x| fb.iter().any(|y| self.map.adjacent(x, *y)))
    }

    /// Figures on the map.
    pub fn in_play(&self) -> impl Iterator<Item = &Fig> {
        self.figures.iter().filter(|f| f.in_play())
    }

    /// True if `a` and `b` are on opposing sides.
    pub fn opposed(&self, a: &Fig, b: &Fig) -> bool {
        !self.allied(a.owner, b.owner)
    }

    /// True if a figure stands adjacent to an opposing figure.
    pub fn next_to_enemy(&self, f: &Fig) -> bool {
        self.in_play()
            .any(|o| self.opposed(f, o) && self.figures_adjacent(f, o))
    }
}
