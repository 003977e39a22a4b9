//! Special powers as data (*Pouvoirs spéciaux*): a small declarative card language.
//!
//! A power is *expressed* when its whole printed effect is a list of [`Effect`]s; otherwise it
//! stays text and players are told it is not run. The language is the common vocabulary of
//! HeroScape cards: value modifiers with whom they reach and when ([`Effect::Modify`], auras
//! included), movement abilities ([`Ability`]), extra attacks, counter strikes, special attacks
//! with their own range, dice and area ([`SpecialAttack`]), bonding, spirits, and powers that
//! choose a figure and roll the 20-sided die at a given moment ([`Triggered`]).
//!
//! In a card file an effect is one inline table tagged by `effect`:
//!
//! ```toml
//! effects = [
//!   { effect = "ability", ability = "flying" },
//!   { effect = "modify", stat = "defense", by = 2, when = ["defending", "opponent_not_adjacent"] },
//!   { effect = "modify", stat = "attack", by = 1, who = "adjacent_friendly", filter = { max_range = 1 }, when = ["normal_attack"] },
//! ]
//! ```
//!
//! `docs/heroscape-cards.md` lists the whole vocabulary. [`parse`] reads printed powers into it
//! and [`coverage`] says, card by card, what is expressed and what stays text.

pub mod arrive;
mod attack;
pub mod choose;
pub mod command;
pub mod control;
pub mod coverage;
pub mod d20c;
mod grammar;
pub mod guard;
pub mod midmove;
pub mod misc;
pub mod parse;
pub mod place;
pub mod react;
pub mod rolls2;
pub mod specials;
pub mod supplies;
pub mod throw;
pub mod tiles;
pub mod wounds;

pub use arrive::{Arrive, Moment};
pub use attack::*;
pub use supplies::Supply;

use serde::{Deserialize, Serialize};

use crate::card::{Kind, Rarity, Size};
pub use command::Command;
pub use control::Control;
pub use place::{LevelWindow, Placing};
pub use throw::{Throw, ThrowDamage, ThrowPower};

/// A value on the card a power changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stat {
    /// Move (*Déplacement*).
    Move,
    /// Range (*Portée*).
    Range,
    /// Attack dice (*Attaque*).
    Attack,
    /// Defence dice (*Défense*).
    Defense,
    /// Life (*Points de vie*).
    Life,
}

/// Which figures a card's figure or a power is about: every field given must hold. An empty
/// filter matches every figure. Names compare without case, species and classes also without a
/// plural `s`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Filter {
    /// Species (*Race*), e.g. "Orc".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub species: Option<String>,
    /// Class (*Classe*), e.g. "Warrior".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    /// Personality (*Personnalité*), e.g. "Valiant".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub personality: Option<String>,
    /// The Valkyrie general the card follows, e.g. "Utgar".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub general: Option<String>,
    /// The card's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Sizes allowed (empty: any).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sizes: Vec<Size>,
    /// Hero or squad figures only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<Kind>,
    /// Unique or common cards only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rarity: Option<Rarity>,
    /// A printed range of at least this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_range: Option<u16>,
    /// A printed range of at most this (1: figures that fight adjacent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_range: Option<u16>,
    /// Figures that have (true) or lack (false) Flying or Stealth Flying.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flying: Option<bool>,
    /// Figures matching this filter are left out ("that is not a Samurai").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub except: Option<Box<Filter>>,
}

impl Filter {
    /// True when no field narrows it.
    pub fn is_any(&self) -> bool {
        *self == Filter::default()
    }
}

/// Which figures an effect reaches, seen from the figure bearing the power.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// Each figure of this card.
    #[default]
    Bearer,
    /// Friendly figures (yours and your teammates') adjacent to a figure of this card.
    AdjacentFriendly,
    /// Figures you control adjacent to a figure of this card.
    AdjacentControlled,
    /// Figures you control within this many clear-sight spaces of a figure of this card, this
    /// card's figures included.
    ControlledWithin(u16),
    /// The same, this card's figures left out ("does not affect Raelin").
    OtherControlledWithin(u16),
    /// Figures you control, this card's figures left out.
    OtherControlled,
    /// Every figure you control, this card's included.
    Controlled,
    /// Every figure adjacent to a figure of this card, friend or foe.
    AdjacentAll,
    /// Opponents' figures within this many clear-sight spaces of a figure of this card.
    OpponentsWithin(u16),
    /// Opponents' figures adjacent to a figure of this card.
    AdjacentOpponents,
    /// Friendly figures (yours and your teammates'), wherever they stand, this card's figures
    /// left out (*Ullar's Amulet*: its conditions say which).
    OtherFriendly,
    /// The figure a figure of this card is attacking (*Soul Weapons*).
    AttackedBy,
    /// Friendly figures (yours and your teammates') within this many clear-sight spaces of a
    /// figure of this card, this card's figures left out.
    OtherFriendlyWithin(u16),
    /// Friendly figures adjacent to figures of this card, the change counted once for each
    /// adjacent figure of this card ("for each adjacent Swog Rider you control").
    AdjacentFriendlyEach,
}

/// A condition a modifier or a trigger needs; a list holds when every condition holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    /// The figure reached is attacking.
    Attacking,
    /// The figure reached is defending.
    Defending,
    /// The attack is a normal attack (not a special attack).
    NormalAttack,
    /// The attack is a special attack.
    SpecialAttack,
    /// The defending figure was not adjacent to the attacker at the start of the turn (*First
    /// Assault*).
    OpponentNotAdjacentAtTurnStart,
    /// The other figure in the attack is adjacent.
    OpponentAdjacent,
    /// The other figure in the attack is not adjacent.
    OpponentNotAdjacent,
    /// The other figure in the attack matches the filter.
    Opponent(Filter),
    /// No figure of this card moved this turn.
    CardDidNotMove,
    /// The figure reached moved at least one space this turn.
    MovedThisTurn,
    /// The figure reached stands on this land type (`water`, `road`, `lava_field`, ...).
    OnGround(String),
    /// Every Army Card you control matches the filter.
    ArmyAll(Filter),
    /// The attacker is this card's second figure attacking the figure its first figure
    /// attacked this turn.
    SameTargetAsFirstFigure,
    /// The figure reached started its turn adjacent to a figure of this card.
    StartedTurnAdjacent,
    /// The figure reached stands higher than the other figure in the attack (*avantage de la
    /// hauteur*).
    HeightAdvantage,
    /// The figure reached is engaged.
    Engaged,
    /// This card has at least this many wound markers.
    WoundsAtLeast(u16),
    /// The figure reached has not moved this turn (*Reload*).
    NotMovedThisTurn,
    /// The figure reached started its turn on this land type (`water`, `shadow`...).
    StartedTurnOn(String),
    /// The figure reached started its turn adjacent to another figure its owner controls that
    /// matches the filter (*Tricky Speed*).
    StartedTurnNextTo(Filter),
    /// The other figure in the attack is adjacent to none of the reached figure's enemies
    /// but the reached figure itself (*Assassinate*: "not adjacent to any other enemy
    /// figures").
    OpponentAlone,
    /// The other figure in the attack stood at least this many spaces away from the reached
    /// figure when the turn began (*Galloping Charge*).
    OpponentFarAtTurnStart(u16),
    /// It is a turn of the reached figure's card, and the figure began it engaged (`true`) or
    /// unengaged (`false`) (*Indomitable*, *Shadow Ambush*).
    StartedTurnEngaged(bool),
    /// The other figure in the attack is at a range of at least `at_least` spaces from the
    /// figure reached, and less than `below` when set (*Longshot Specialists*: "at Range 4 or
    /// greater ... if the target figure is at Range 7 or greater, instead").
    OpponentRange {
        /// The least range.
        at_least: u16,
        /// The range it must stay under.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        below: Option<u16>,
    },
    /// An order marker of this card's owner lies face up on this card (*Lead by Example*:
    /// "while Duke has a revealed Order Marker on his Army Card").
    RevealedMarkerHere,
    /// An order marker of this card's owner lies face up on one of the owner's army cards
    /// matching the filter (*Might of Bleakewoode*: "if there is a revealed Order Marker on an
    /// Utgar Army Card in your Army").
    RevealedMarkerOn(Filter),
    /// In a turn of this card, no bonded turn of its *Bonding* came before it (*Dwarven
    /// Strategic Bonding*: "if you do not take a turn with any Dwarf Hero you control").
    NotBonded,
    /// This card's owner revealed the X order marker lying on this card this round
    /// ([`Effect::RevealXWithNumbered`]: *Crag of Steel* "for the duration of the round").
    XRevealedHere,
    /// The figure this card chose at the start of the game ([`Effect::StartChoice`]) is on the
    /// battlefield within this many clear-sight spaces of the figure reached (*Loyalty to the
    /// Lizard King*).
    ChosenWithin(u16),
    /// The figure reached began its turn with at least one space of its base on one of these
    /// land types (*Lurking Ambush*: "on at least one shadow or swamp water space"); outside a
    /// turn, where it stands.
    StartedTurnOnAny(Vec<String>),
    /// The other figure in the attack is adjacent to a figure matching the filter, whoever
    /// controls it (*Mark of the Warlord*: "a figure that is adjacent to any Marro Warlord").
    OpponentAdjacentTo(Filter),
    /// Another figure the reached figure's controller controls, matching the filter, is
    /// adjacent to it (*Adjacent Tough*: "adjacent to at least one figure who follows Einar
    /// that you control").
    AdjacentControlled(Filter),
    /// The other figure in the attack has height advantage on the reached figure: its base
    /// stands higher (*Defend the Deep*).
    OpponentHeightAdvantage,
    /// At least one of these conditions holds ("when it is on a water space or when it
    /// defends against an attack from a figure that has height advantage").
    AnyOf(Vec<Condition>),
    /// The other figure in the attack is controlled by the player controlling the power's
    /// card ("when attacked by a Captain or Pirate you control": *Intimidate*).
    OpponentControlled,
    /// The player controlling the power's card controls a figure on the battlefield of
    /// another card matching the filter (*Dynastic Leadership*: "if you control Loviatäk and
    /// another Unique Kyrie Hero who follows Utgar").
    ControlsAnother(Filter),
    /// Exactly this many of the owner's order markers lie face down on this card (*Concentrated
    /// Will*: "if Shiori has only one unrevealed order marker on her Army Card"): how many lie
    /// face down on a card is what every player sees at the table.
    UnrevealedMarkersHere(u8),
    /// The other figure in the attack stands on this land type (*Shadow Assassin*: "a Hero or
    /// Squad figure that is on a shadow tile").
    OpponentOnGround(String),
    /// The other figure in the attack is engaged with a figure matching the filter that the
    /// player controlling the power's card controls (*Blade Dance*: "a figure engaged with 1
    /// or more of your Elites of Ullar").
    OpponentEngagedWithOwn(Filter),
}

/// Movement and combat abilities with a fixed rule, named by the cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    /// Flying: ignores elevations when counting spaces, flies over water without stopping,
    /// over figures (still becoming engaged where it lands) and over obstacles; starting to fly
    /// while engaged still takes leaving-engagement attacks.
    Flying,
    /// Stealth Flying: Flying, and starting to fly while engaged takes no leaving-engagement
    /// attacks; passing over figures engages none.
    StealthFlying,
    /// Never attacked when leaving an engagement (*Disengage*).
    Disengage,
    /// Moves through all figures, friend or foe (*Ghost Walk*).
    GhostWalk,
    /// Entering water does not stop its movement (*Slither*, *Swim*).
    WaterWalk,
    /// Never rolls for molten lava or lava field damage, and molten lava does not stop its
    /// movement (*Lava Resistant*).
    LavaResistant,
    /// Opponents' figures must be adjacent to attack it with a normal attack (*Thorian Speed*).
    OnlyAdjacentNormalAttacks,
    /// Never makes leaving-engagement attacks.
    Passive,
}

/// What a [`Effect::PerCount`] counts.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Count {
    /// Figures you control adjacent to the figure, matching the filter.
    AdjacentControlled(Filter),
    /// Wound markers on the defending figure's card.
    OpponentWounds,
    /// Wound markers on this card.
    OwnWounds,
    /// Wounds put on the other figure of the attack this turn by attacks of figures matching
    /// the filter that the reached figure's controller controls (*Combined Arbalest*).
    WoundsThisTurn(Filter),
    /// Figures matching the filter adjacent to the other figure of the attack, the reached
    /// figure left out: figures its controller controls (`controlled`) or friendly ones
    /// (*Homing Device*, *Coordinated Takedown*).
    AdjacentToOpponent {
        /// Which figures.
        #[serde(default, skip_serializing_if = "Filter::is_any")]
        filter: Filter,
        /// Only figures the reached figure's controller controls (else friendly ones).
        #[serde(default, skip_serializing_if = "is_false")]
        controlled: bool,
    },
    /// Destroyed figures of the reached figure's owner matching the filter, on any of its
    /// cards ("for each of your destroyed Gnarlfur Raiders": *Brothers in Blood*).
    Destroyed(Filter),
    /// Experience markers on this card ([`Effect::Experience`]: *Bloodlust*).
    ExperienceMarkers,
    /// Other figures the reached figure's controller controls matching the filter within
    /// this many clear-sight spaces of it ("for every Knight you control within 4 clear sight
    /// spaces of Sir Dupuis": *Knight's Courage*).
    ControlledWithin {
        /// Which figures.
        #[serde(default, skip_serializing_if = "Filter::is_any")]
        filter: Filter,
        /// Clear-sight spaces.
        within: u16,
    },
    /// Wound markers on the figure this card chose at the start of the game
    /// ([`Effect::StartChoice`]) while it is on the battlefield (*Highland Fury*).
    ChosenWounds,
}

/// When a triggered power may be used.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// A figure of this card is chosen as the target of a normal attack from an enemy figure
    /// that is not adjacent and within this many clear-sight spaces (*Quickdraw*).
    TargetedFromAfar(u16),
    /// After moving and before attacking with this card.
    AfterMoveBeforeAttack,
    /// Instead of attacking with this card.
    InsteadOfAttacking,
    /// Before attacking with a figure of this card.
    BeforeAttacking,
    /// After taking a turn with this card.
    AfterTurn,
    /// At the start of each round, before order markers are placed.
    StartOfRound,
    /// When a figure of this card is destroyed.
    Destroyed,
    /// When a figure of this card destroys a figure.
    DestroysFigure,
    /// After a figure of this card attacks.
    AfterAttacking,
    /// When a figure of this card would take one or more wounds.
    WouldBeWounded,
    /// When a figure of this card, targeted by a figure that is not adjacent, would take one
    /// or more wounds from that attack.
    WouldBeWoundedFromAfar,
    /// When an opponent's figure matching the power's target moves into engagement with a
    /// figure of this card.
    OpponentEngages,
    /// When a figure of this card attacks a figure matching the power's target and inflicts at
    /// least this many wounds (*Coil Crush*).
    InflictsWounds(u16),
    /// When the figure this card's *Bonding* chose starts its bonded turn; that figure uses
    /// the power (*Hivelord Life Bonding*).
    BondedTurnStarts,
    /// At the start of a turn with this card, before it moves (*Dragon Healing*).
    StartOfTurn,
    /// After an order marker is revealed on the card of a figure matching the power's target,
    /// before any other special power is used (*Healing Word*); that figure is the target.
    MarkerRevealedOnTarget,
    /// A figure of this card is attacked and at least one skull is rolled, before the defence
    /// dice are rolled (*Hide in Darkness*, *Disappearing Ninja*, *Vanish*, *Stealthy*): with
    /// `normal`, by a normal attack only; with `afar`, by an opponent's figure that is not
    /// adjacent only.
    SkullRolled {
        /// Normal attacks only.
        #[serde(default, skip_serializing_if = "is_false")]
        normal: bool,
        /// Attacks from an opponent's figure that is not adjacent only.
        #[serde(default, skip_serializing_if = "is_false")]
        afar: bool,
    },
    /// A figure of this card would take one or more wounds from a leaving-engagement attack
    /// (*Tactical Disengagement*).
    LeavingEngagementWounds,
    /// After taking a turn with this card, for each of its figures that attacked a figure not
    /// adjacent to it this turn; that figure uses the power (*Unstable Blaster*).
    AfterTurnAttackedFromAfar,
    /// After taking a turn with this card, if one of its figures' attacks destroyed an
    /// opponent's figure matching the filter that was not adjacent to it (*Archer's Glory*).
    AfterTurnDestroyedFromAfar(Filter),
    /// When a figure of this card destroys a figure with a normal attack (*Spear of Sankari*).
    DestroysWithNormalAttack,
}

/// The 20-sided die roll a triggered power needs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Roll {
    /// The lowest roll that succeeds.
    pub at_least: u8,
    /// A lower (or higher) threshold while the rolling figure stands on this land type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_ground: Option<(String, u8)>,
    /// Roll only when the chosen figure matches this filter; other chosen figures succeed
    /// without a roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_if: Option<Filter>,
    /// Roll once for each figure of this card (instead of once for the card).
    #[serde(default, skip_serializing_if = "is_false")]
    pub each_figure: bool,
    /// Add the number of spaces between the attacker and the rolling figure to the roll
    /// (*Concealment*).
    #[serde(default, skip_serializing_if = "is_false")]
    pub add_distance: bool,
    /// The card says *roll*, not *you may roll*: the roll is made at once, nobody is asked
    /// (*Net Trip*).
    #[serde(default, skip_serializing_if = "is_false")]
    pub forced: bool,
    /// Roll once for each figure the power's target describes, each success reaching that
    /// figure (*Toxic Skin*: each figure adjacent to it).
    #[serde(default, skip_serializing_if = "is_false")]
    pub each_target: bool,
    /// The lowest roll that succeeds when the chosen figure is a hero; `at_least` is then the
    /// squad figures' (*Stare of Stone*: a squad figure on 7, a hero on 17).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hero_at_least: Option<u8>,
    /// The power may be attempted only once per game (*Ullar's Bolt of the Witherwood*).
    #[serde(default, skip_serializing_if = "is_false")]
    pub once_per_game: bool,
    /// What each result does, when the card prints a table of results ("if you roll 13-15,
    /// the chosen figure receives 1 wound. If you roll 16-17, ... 2 wounds"): the bands cover
    /// every result from 1 to 20, the highest band taking any higher total. With bands,
    /// `at_least` is not used, and the power's own outcomes follow whatever is rolled
    /// (*Self-Destruct*: "after using this power, Deathwalker is always destroyed").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bands: Vec<Band>,
    /// What is added to the die while the rolling figure stands on a land type (*Hide in
    /// Darkness*: 3 on a dungeon space, 6 on a shadow space).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ground_bonus: Vec<(String, u8)>,
}

/// One line of a 20-sided die's table of results.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Band {
    /// The lowest result of the band.
    pub from: u8,
    /// The highest result of the band.
    pub to: u8,
    /// What it does (nothing: "nothing happens").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub outcomes: Vec<Outcome>,
}

/// The figure a triggered power chooses.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Target {
    /// Adjacent to the figure using the power (else within `within` clear-sight spaces).
    #[serde(default, skip_serializing_if = "is_false")]
    pub adjacent: bool,
    /// Within this many clear-sight spaces.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub within: Option<u16>,
    /// Opponents' figures only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub opponents_only: bool,
    /// Figures you control only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub controlled_only: bool,
    /// What it must be.
    #[serde(default, skip_serializing_if = "Filter::is_any")]
    pub filter: Filter,
    /// Friendly figures only: yours and your teammates' (*a friendly Hero*).
    #[serde(default, skip_serializing_if = "is_false")]
    pub friendly_only: bool,
    /// Figures with at least one wound marker only (*a wounded friendly Hero*).
    #[serde(default, skip_serializing_if = "is_false")]
    pub wounded: bool,
    /// Figures engaged with a figure you control other than the one using the power only
    /// (*Commander's Strike*).
    #[serde(default, skip_serializing_if = "is_false")]
    pub engaged_with_other: bool,
    /// The figure using the power may choose itself (*Dragon Healing*: "Sonlen or a Hero
    /// figure within 4 clear sight spaces of Sonlen").
    #[serde(default, skip_serializing_if = "is_false")]
    pub with_user: bool,
    /// With `adjacent`: or a figure the user flew over during its move this turn (*Healing
    /// Wing*: "adjacent to Sonlen or that he passed over during his movement this turn").
    #[serde(default, skip_serializing_if = "is_false")]
    pub passed_over: bool,
}

/// What a triggered power does when it succeeds.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The attacking figure takes this many wounds (no defence).
    WoundAttacker(u16),
    /// The attack ends at once.
    EndAttack,
    /// The chosen figure takes this many wounds (no defence).
    WoundTarget(u16),
    /// The chosen figure is destroyed.
    DestroyTarget,
    /// Take control of the chosen figure's Army Card and all its figures, removing the order
    /// markers on it; control stays even if this figure is later destroyed.
    TakeControl,
    /// Move every figure of this card again.
    MoveAgain,
    /// Take another turn with this card.
    AnotherTurn,
    /// The figure may attack again.
    AttackAgain,
    /// The wounds it would take are ignored.
    IgnoreWounds,
    /// Place one previously destroyed figure of this card on an empty same-level space
    /// adjacent to the rolling figure.
    ReturnDestroyedAdjacent,
    /// Place every figure of this card that is off the battlefield on empty spaces, none
    /// adjacent to another figure and none on a glyph.
    DeployApart,
    /// Remove this many wound markers from this card.
    Heal(u16),
    /// Remove this many wound markers from the chosen figure's card.
    HealTarget(u16),
    /// Remove this many more wound markers from this card while the figure that used the
    /// power stands on one of these land types (*Cold Regenerate*: one more on snow or ice).
    HealOnGround {
        /// The land types, as the card language names them (`snow`, `ice`).
        grounds: Vec<String>,
        /// How many more wound markers.
        by: u16,
    },
    /// For the rest of the turn, a figure matching `filter` attacked by the figure that used
    /// the power rolls at most `dice` defence dice (*Net Trip*, *Heart Finder Spear*).
    DefenceAtMost {
        /// The most defence dice.
        dice: u16,
        /// Which defending figures it holds (empty: any).
        #[serde(default, skip_serializing_if = "Filter::is_any")]
        filter: Filter,
    },
    /// The chosen figure rolls at most this many defence dice when the figure that used the
    /// power attacks it this turn (*Whip*, *Paralyzing Stare*: "cannot roll any defense dice
    /// if attacked by James this turn").
    TargetDefenceAtMost(u16),
    /// Each figure adjacent to the figure that used the power takes this many wounds, friend
    /// or foe (*Self-Destruct*).
    WoundAdjacent(u16),
    /// The figure that used the power is destroyed (*Self-Destruct*).
    DestroySelf,
    /// The figure that used the power may move at once up to `spaces` spaces by the movement
    /// rules (*Stealthy*); with `apart`, the power is used only when it can end that move not
    /// adjacent to any enemy figure, and it must (*Vanish*, *Disappearing Ninja*).
    MoveSelf {
        /// The most spaces.
        spaces: u16,
        /// It must end the move not adjacent to any enemy figure.
        #[serde(default, skip_serializing_if = "is_false")]
        apart: bool,
    },
    /// The figure that used the power receives this many wounds (*Unstable Blaster*).
    WoundSelf(u16),
    /// The chosen figure is placed where [`Placing`] says, on a space its player chooses
    /// (*Chain Grab*: `game/powers/place.rs`).
    Place(Placing),
    /// Wound markers removed from the chosen figure's card: as many as its player chooses up
    /// to a number, or all of them ([`choose::Heal`]: *Healing Touch*).
    HealChosen(choose::Heal),
    /// An outcome of the single leftover powers ([`misc::MiscOutcome`]: *Stinger Drain*).
    Misc(misc::MiscOutcome),
}

impl Outcome {
    /// Whether it only removes wound markers from the card of the figure using the power:
    /// such a power is not offered while that card has none.
    pub fn heals_own_card(&self) -> bool {
        matches!(self, Outcome::Heal(_) | Outcome::HealOnGround { .. })
    }
}

/// A power used at a given moment: maybe a chosen figure, maybe a d20 roll, then outcomes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Triggered {
    /// When it may be used.
    pub trigger: Trigger,
    /// The figure it chooses, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Target>,
    /// The roll it needs, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<Roll>,
    /// What happens on success (or at once without a roll).
    pub outcomes: Vec<Outcome>,
}

/// One effect of a power.
// Effects are read once per card and kept in short lists; boxing the large variants would only
// make the data harder to write.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    /// A standard ability.
    Ability {
        /// Which.
        ability: Ability,
    },
    /// A modifier to a value of the figures reached, while every condition holds.
    Modify {
        /// The value.
        stat: Stat,
        /// By how much (dice or spaces).
        by: i8,
        /// Whom it reaches.
        #[serde(default)]
        who: Who,
        /// Only figures matching this.
        #[serde(default, skip_serializing_if = "Filter::is_any")]
        filter: Filter,
        /// When it applies.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        when: Vec<Condition>,
    },
    /// `stat` rises by one for each thing counted, up to `max` (*Staff of Lerkintin*, *Blood
    /// Frenzy*, *Wounded Smash*), while the conditions hold.
    PerCount {
        /// The value.
        stat: Stat,
        /// What is counted.
        count: Count,
        /// The most it adds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<u16>,
        /// When it applies.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        when: Vec<Condition>,
    },
    /// Adds `count` automatic skulls (attack) or shields (defence) to whatever is rolled, while
    /// the conditions hold (*Tough*).
    Automatic {
        /// `attack` for skulls, `defense` for shields.
        stat: Stat,
        /// How many.
        count: u8,
        /// When.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        when: Vec<Condition>,
    },
    /// It may attack any or all figures adjacent to it, each attack rolled separately
    /// (*Whirlwind Assault*).
    AttackEachAdjacent,
    /// When it rolls at least one shield and more skulls than shields are rolled against it,
    /// all skulls but one are blocked (*One Shield Defense*).
    OneShieldLeavesOneWound,
    /// Before moving, it may add `move_bonus` to its move; if it does, `attack_change` is
    /// added to its attack this turn, or it cannot attack this turn when `no_attack` (*Run*,
    /// *Tracking*).
    Run {
        /// Spaces added to its move.
        move_bonus: i8,
        /// Change to its attack this turn (usually negative).
        #[serde(default, skip_serializing_if = "is_zero")]
        attack_change: i8,
        /// It cannot attack this turn.
        #[serde(default, skip_serializing_if = "is_false")]
        no_attack: bool,
    },
    /// Before another of your cards' numbered order marker is revealed, you may reveal this
    /// card's X marker instead, move that numbered marker here and reveal it (*Battle Ready*).
    BattleReady,
    /// Its leaving-engagement attacks roll this many more dice (*A Coward's Reward*).
    LeavingEngagementDice {
        /// More dice.
        by: u8,
    },
    /// Its height counts this many times when climbing or going down (*Climb X2*).
    Climb {
        /// 2 or 3.
        factor: u8,
    },
    /// After its attack it may attack again this many times (*Double Attack*).
    ExtraAttacks {
        /// How many more attacks.
        count: u8,
        /// The extra attacks must be normal attacks.
        #[serde(default, skip_serializing_if = "is_false")]
        normal_only: bool,
        /// The extra attacks must target an adjacent figure.
        #[serde(default, skip_serializing_if = "is_false")]
        adjacent_only: bool,
        /// Attack dice added to the extra attacks.
        #[serde(default, skip_serializing_if = "is_zero")]
        bonus: i8,
    },
    /// Before it moves, choose an unengaged friendly figure adjacent to it matching the filter;
    /// after it moves, place that figure adjacent to it (*Carry*).
    Carry {
        /// Which figures.
        filter: Filter,
    },
    /// Instead of moving normally, it may be placed on an empty space within `within` spaces;
    /// an engaged figure still takes leaving-engagement attacks (*Warp Space*).
    Teleport {
        /// Spaces.
        within: u16,
    },
    /// Defending against a normal attack from an adjacent figure, each shield beyond the
    /// skulls wounds the attacker once (*Counter Strike*).
    CounterStrike {
        /// Attackers it does not work against.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        except: Option<Filter>,
    },
    /// While the conditions hold, one shield blocks all damage of an attack (*Stealth Dodge*).
    OneShieldBlocksAll {
        /// When.
        when: Vec<Condition>,
    },
    /// Each shield it rolls in defence counts for one more shield (*Shields of Valor*).
    ShieldsCountDouble,
    /// It may attack any number of times in its turn, never the same figure twice.
    AttackAnyNumber,
    /// Each skull it rolls in attack counts for one more skull (*Deadly Shot*).
    SkullsCountDouble {
        /// When.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        when: Vec<Condition>,
    },
    /// Each time it destroys a figure, you may remove a wound marker from this card
    /// (destructible objects excepted) (*Life Drain*).
    LifeDrain,
    /// A special attack.
    SpecialAttack(SpecialAttack),
    /// Before taking a turn with this card you may first take a turn with one figure you
    /// control matching the filter (*Bonding*).
    Bonding {
        /// Which figures.
        with: Filter,
    },
    /// When this hero is destroyed, its spirit is placed on any Unique Army Card, whose value
    /// rises by `by` for the rest of the game (*Spirit*).
    Spirit {
        /// The value raised.
        stat: Stat,
        /// By how much.
        by: i8,
    },
    /// Instead of its normal move it may move `spaces` spaces up to `up_levels` levels higher,
    /// engagement rules still applying (*Grapple Gun*).
    AlternateMove {
        /// Spaces.
        spaces: u16,
        /// Levels it may climb.
        up_levels: u16,
    },
    /// This card's figures do not start the game on the battlefield.
    StartsOffBattlefield,
    /// After taking a turn with this hero you may put a wound marker on it and take another
    /// turn with it, once per round (*Overextend Attack*).
    OverextendAttack,
    /// A power used at a given moment.
    Triggered(Triggered),
    /// Adds `by` to your 20-sided die rolls for the power named `power` on any Army Card, or
    /// for every power of the Army Cards matching `cards` (*Frenzy Enhancement*, *Hive
    /// Supremacy*). Cards print "add" or "you may add": a higher roll never hurts a roll that
    /// needs a number or higher, so both read the same.
    RollBonus {
        /// How much.
        by: i8,
        /// The power's printed name, compared without case ("frenzy").
        #[serde(default, skip_serializing_if = "Option::is_none")]
        power: Option<String>,
        /// The cards whose rolls it raises, when it is not one power's.
        #[serde(default, skip_serializing_if = "Filter::is_any")]
        cards: Filter,
    },
    /// An opponent's figure matching `filter` that moves onto a space within `within` clear
    /// sight spaces of a figure of this card must end its move there, and no figure may move
    /// through a figure so caught (*Swirling Vortex*).
    SwirlingVortex {
        /// Clear sight spaces.
        within: u16,
        /// Which figures it catches.
        filter: Filter,
    },
    /// Opponents' figures matching `filter` that enter or occupy a space adjacent to a figure
    /// of this card may not move, and no special power of an Army Card or glyph can move them
    /// (*Cyberclaw*).
    Cyberclaw {
        /// Which figures it holds.
        filter: Filter,
        /// Only the figures engaged with it, not every adjacent one (*Necrotech Ghoulgrip*).
        #[serde(default, skip_serializing_if = "is_false")]
        engaged: bool,
    },
    /// Instead of moving normally, it may be placed on an empty space within `within` spaces
    /// (counted as a flyer counts: hexes only, over anything) that the other fields allow
    /// (*Underground Movement*, *Teleportation*, *Shadow Dance*). An engaged figure takes the
    /// leaving-engagement attacks unless `disengage`.
    Place {
        /// Spaces.
        within: u16,
        /// Most levels above its base the space may be.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        up: Option<u16>,
        /// Most levels below its base the space may be.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        down: Option<u16>,
        /// The space is on its level.
        #[serde(default, skip_serializing_if = "is_false")]
        same_level: bool,
        /// The space is not water (water or swamp water).
        #[serde(default, skip_serializing_if = "is_false")]
        dry: bool,
        /// The land type the space must be (`shadow`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        onto: Option<String>,
        /// The land type it must have started its turn on.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        started_on: Option<String>,
        /// Engaged when it starts, it takes no leaving-engagement attacks.
        #[serde(default, skip_serializing_if = "is_false")]
        disengage: bool,
    },
    /// Instead of its normal move it may leap `spaces` spaces counted as a flyer counts (over
    /// water, figures and obstacles), ending at most `levels` levels above or below where it
    /// started, taking no leaving-engagement attacks (*Stealth Leap*).
    Leap {
        /// Spaces.
        spaces: u16,
        /// Most levels up or down.
        levels: u16,
    },
    /// When its normal move ends on a space of the land type `ground`, it may at once be placed
    /// on an empty space of that land type, on its level, within `within` spaces (*Water
    /// Tunnel*, *Swamp Water Tunnel*). An engaged figure takes the leaving-engagement attacks
    /// unless `disengage`.
    Tunnel {
        /// Spaces.
        within: u16,
        /// The land type (`water`, `swamp_water`).
        ground: String,
        /// Engaged when it starts, it takes no leaving-engagement attacks.
        #[serde(default, skip_serializing_if = "is_false")]
        disengage: bool,
    },
    /// Adds `by` to your initiative roll when at least one of your order markers lies on this
    /// card, or `by` per marker on it when `per_marker`, at most `max` (*Combat Leader*,
    /// *Initiative Advantage*); only while every marker you placed lies on a card matching
    /// `markers_on`. Cards print "you may add": a higher roll never loses the initiative.
    InitiativeBonus {
        /// How much.
        by: u16,
        /// Per marker on this card.
        #[serde(default, skip_serializing_if = "is_false")]
        per_marker: bool,
        /// At most.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<u16>,
        /// The cards all your markers must lie on.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        markers_on: Option<Filter>,
    },
    /// When a figure of this card rolls a skull on every attack die against a figure matching
    /// `targets`, the defending figure rolls no defence dice (*Venomous Sting*); with
    /// `wound_per_skull` it takes a wound for every skull whatever else would block them
    /// (*Maul*); with `destroy` it is destroyed (*Lethal Sting*).
    AllSkulls {
        /// Which defending figures.
        #[serde(default, skip_serializing_if = "Filter::is_any")]
        targets: Filter,
        /// A wound for every skull.
        #[serde(default, skip_serializing_if = "is_false")]
        wound_per_skull: bool,
        /// The defending figure is destroyed.
        #[serde(default, skip_serializing_if = "is_false")]
        destroy: bool,
    },
    /// While the conditions hold for the attacking figure of this card, the defender's
    /// defence value falls by 1 for each skull its attack dice rolled (*Hypnosis*).
    DefensePerSkull {
        /// When (seen from the attacker).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        when: Vec<Condition>,
    },
    /// When a figure of this card (or, with `guards`, a friendly figure matching it adjacent
    /// to one) successfully defends while the conditions hold for the defender, the attacking
    /// figure takes 1 wound for each excess shield (*Evil Eye Protection*, *Arcane Riposte*).
    Riposte {
        /// When (seen from the defender).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        when: Vec<Condition>,
        /// Friendly figures adjacent to this card's figures that it also protects.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        guards: Option<Filter>,
    },
    /// When a figure of this card attacks, each shield the defender rolls beyond the skulls is
    /// an unblockable wound on the attacker, inflicted by the defender (*Lumbering Bully*).
    ExcessShieldsWoundSelf,
    /// After a figure of this card makes a normal attack, if the shields equal the skulls,
    /// the attacker and the defender each take this many wounds (*Headbutt*).
    EvenRollWoundsBoth {
        /// Wounds each.
        wounds: u16,
    },
    /// When a figure of this card inflicts at least 1 wound with a normal attack (or, with
    /// `leaving_engagement`, a leaving-engagement attack), it inflicts `by` more (*Twist the
    /// Blade*).
    ExtraWound {
        /// More wounds.
        by: u16,
        /// Its leaving-engagement attacks too.
        #[serde(default, skip_serializing_if = "is_false")]
        leaving_engagement: bool,
    },
    /// For every opponent's figure a figure of this card destroys, an experience marker is
    /// placed on this card, at most `max` (*Bloodlust*); [`Count::ExperienceMarkers`] reads
    /// them.
    Experience {
        /// The most markers the card may hold.
        max: u16,
    },
    /// If you control the figure of the card named `name` and it is destroyed, each figure of
    /// this card you control at once receives `wounds` wounds (*Eternal Heartbreak*).
    Heartbreak {
        /// The other card's printed name.
        name: String,
        /// Wounds received.
        wounds: u16,
    },
    /// Wounds on this card destroy its figure only during the end of a round: it stays on the
    /// battlefield with as many wounds as its life until then (*Eternal Servitude*).
    DestroyedAtRoundEnd,
    /// Figures you control matching `filter` may leap `by` more levels up or down when using
    /// their *Stealth Leap* ([`Effect::Leap`]) (*Master's Influence*).
    LeapLevels {
        /// More levels.
        by: u16,
        /// Which figures.
        filter: Filter,
    },
    /// When this card's turn comes, you may take turns with up to `up_to` other figures you
    /// control matching `with`, one after the other, before this card's turn or `instead` of
    /// it (*Mind Link*, *Utgar's Orders*, *Command of the Wild*). Each figure must be within
    /// `within` clear sight spaces of this card's figure before it moves, and the power works
    /// only on the turn of order marker `marker` when they are given (*Red Flag of Fury Aura*).
    TurnsWith {
        /// Which figures.
        with: Filter,
        /// How many turns at most.
        up_to: u8,
        /// Their turns replace this card's turn (else they come before it).
        #[serde(default, skip_serializing_if = "is_false")]
        instead: bool,
        /// Clear sight spaces from this card's figure, before the figure moves.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        within: Option<u16>,
        /// The numbered order marker (1 to 3) whose turn it must be.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        marker: Option<u8>,
    },
    /// A figure must be within this many spaces of a figure of this card to target it with a
    /// normal or special attack (*Apparition*).
    TargetedOnlyWithin {
        /// The most spaces.
        spaces: u16,
    },
    /// At the moment `when` says, you may move figures you control matching one of `filters`,
    /// at most `count` of them (every one when `None`), each once and up to `spaces` spaces, by
    /// the normal movement rules (*Gladiatron Movement Bonding*, *Scatter*, *Cover Fire*).
    MoveOthers {
        /// When.
        when: MoveMoment,
        /// How many figures at most (`None`: all of them).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        count: Option<u16>,
        /// Which figures: those matching any of these.
        filters: Vec<Filter>,
        /// Only figures not engaged when they start moving.
        #[serde(default, skip_serializing_if = "is_false")]
        unengaged: bool,
        /// Spaces each.
        spaces: u16,
        /// Only figures within this many clear-sight spaces of the figure using the power.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        within: Option<u16>,
        /// Not the figure using the power (*You cannot use Cover Fire to move Agent Skahen*).
        #[serde(default, skip_serializing_if = "is_false")]
        not_user: bool,
    },
    /// Before an order marker on this card is revealed, you may place one figure of this card
    /// that is off the battlefield and not destroyed on an empty space not adjacent to any
    /// figure; it cannot move normally that turn (*Glider Landing*, with
    /// [`Effect::StartsOffBattlefield`]).
    LandBeforeReveal,
    /// If every order marker its owner placed this round lies on a card matching `markers_on`,
    /// one at least on this card, the figures the owner controls matching `filter` (this
    /// card's left out) change by `changes` for the rest of the round, even if this card's
    /// figures are destroyed (*Gladiator Inspiration*: "become inspired"). Attack and defence
    /// changes count when the figure attacks or defends.
    Inspiration {
        /// The cards every placed marker must lie on.
        markers_on: Filter,
        /// The figures inspired.
        filter: Filter,
        /// Each value and by how much.
        changes: Vec<(Stat, i8)>,
    },
    /// After a figure of this card attacks a figure, that figure's defence value falls by `by`
    /// until the next time any player reveals an order marker (*Corrosive Bile*); each attack
    /// lowers it again.
    LowerDefenceUntilReveal {
        /// How much.
        by: u16,
    },
    /// When a numbered order marker on this card is revealed, its owner may also reveal the X
    /// order marker lying on this card; [`Condition::XRevealedHere`] then holds for the rest of
    /// the round (*Crag of Steel*). Asked whenever another marker of the owner's lies face down
    /// on the card, so that the question says nothing of where the X is.
    RevealXWithNumbered,
    /// While every condition holds, the figure may attack any or all adjacent figures, each
    /// attack rolled separately (*Crag of Steel*: [`Effect::AttackEachAdjacent`] while active).
    AttackEachAdjacentWhile {
        /// The conditions.
        when: Vec<Condition>,
    },
    /// When its owner reveals any order marker, the owner may also reveal the X order marker
    /// lying on this card to activate the card's [`Effect::Darkness`] until the owner next
    /// reveals an order marker (*Hanwi's Darkness*). Asked, as [`Effect::RevealXWithNumbered`],
    /// whenever a marker of the owner's lies face down on the card.
    RevealXWithAny,
    /// While active ([`Effect::RevealXWithAny`]), this card's figure and every figure of
    /// `sizes` within `within` spaces of it cannot target, or be targeted by, non-adjacent
    /// figures with a normal or special attack (*Hanwi's Darkness*).
    Darkness {
        /// Spaces from this card's figure.
        within: u16,
        /// The sizes of the other figures reached.
        sizes: Vec<Size>,
    },
    /// After a turn with this card, its owner may reveal the X order marker lying on it to take
    /// one additional turn with it, in which the special attack named `barred` (normalised)
    /// cannot be used and at whose end the figure takes `idle_wounds` wounds if it attacked no
    /// figure (*Battle Surge*). Asked, as [`Effect::RevealXWithNumbered`], whenever a marker of
    /// the owner's lies face down on the card.
    XExtraTurn {
        /// The special attack barred in the additional turn.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        barred: Option<String>,
        /// Wounds if it attacks no figure in the additional turn.
        #[serde(default)]
        idle_wounds: u16,
    },
    /// At the start of the game, before the first round, the owner chooses one figure of the
    /// army matching one of `choose` (a unique hero): this card's chosen figure for the game,
    /// which its other effects name (*Cleave to the Mighty*, *Loyalty to the Lizard King*;
    /// `game/powers/start_choices.rs`).
    StartChoice {
        /// Which figures may be chosen: those matching any of these.
        choose: Vec<Filter>,
    },
    /// Before a turn with this card, you may first take a turn with the figure this card
    /// chose at the start of the game ([`Effect::StartChoice`]), while you control it
    /// (*Lizard King Bonding*, *Cleave to the Mighty*).
    ChosenBonding,
    /// This card's figures cannot attack the figure the card chose at the start of the game
    /// ([`Effect::StartChoice`]), with a normal or a special attack (*Highland Fury*).
    SpareChosen,
    /// It may make up to `times` normal attacks in its turn (*Hydra Heads*: "when this Fen
    /// Hydra attacks, it may attack up to 4 times"; *Feral Rage*: "it may attack up to 2
    /// additional times"), each at any figure it may attack, never one it attacked this turn
    /// with `distinct`, one fewer for each wound on it with `fewer_per_wound` (the first
    /// attack always stays).
    AttacksUpTo {
        /// Attacks in all, the first included.
        times: u8,
        /// Never the same figure twice in a turn.
        #[serde(default, skip_serializing_if = "is_false")]
        distinct: bool,
        /// One attack fewer for each wound marker on it.
        #[serde(default, skip_serializing_if = "is_false")]
        fewer_per_wound: bool,
    },
    /// An opponent's figure adjacent to it that attacks, with a normal or a special attack,
    /// must attack it (*Combat Challenge*).
    CombatChallenge,
    /// When this card's hero is destroyed, its figure is laid on the Army Card of a hero you
    /// control matching `onto` (another card), which has *Life Drain* ([`Effect::LifeDrain`])
    /// from then on (*Life Drain Spirit*).
    LifeDrainSpirit {
        /// The cards it may be laid on.
        onto: Filter,
    },
    /// While the conditions hold, a figure of this card rolls no defence dice, whatever would
    /// add to them (*Negative Element*: "can never roll defense dice while it is on a water
    /// space"); automatic shields are not rolled and still count.
    NoDefenceDice {
        /// When.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        when: Vec<Condition>,
    },
    /// A choice its owner makes between an attack's rolls ([`rolls2::DuringRoll`]:
    /// *Onslaught Aura*).
    DuringRoll {
        /// The choice.
        roll: rolls2::DuringRoll,
    },
    /// When its first normal attack of the turn was against an adjacent figure, it may attack
    /// `count` more times (*Double Assault*: "when Evar Scarcarver attacks an adjacent figure
    /// or destructible object, he may attack one additional time"; the game has no
    /// destructible objects).
    ExtraAttacksAfterAdjacent {
        /// How many more attacks.
        count: u8,
    },
    /// If the figure flew this turn (it moved, and moves by flying), its first attack of the
    /// turn rolls `by` more attack dice (*Dragon Assault*: "if Sonlen used his Flying Special
    /// Power this turn, roll 1 additional Combat Die on the first attack").
    FlownFirstAttackDice {
        /// How many more dice.
        by: u8,
    },
    /// As its attack begins, a figure is chosen that takes wounds if the defending figure
    /// does ([`rolls2::Splash`]: *Cleave*, *Vydar's Hammer*).
    Splash {
        /// The choice.
        splash: rolls2::Splash,
    },
    /// Its range is `by` more when it attacks an opponent's figure within `within` spaces
    /// whose base is at most `above_top` levels above its top (base plus height) and at most
    /// `below_base` levels below its base (*Reach*: "may add 1 to its Range when attacking that
    /// figure").
    ReachNear {
        /// Spaces.
        within: u16,
        /// Most levels above the figure's top.
        above_top: u16,
        /// Most levels below the figure's base.
        below_base: u16,
        /// Range added.
        by: u16,
    },
    /// A power over turns, control and figures entering the battlefield ([`command`]).
    Command {
        /// Which.
        command: Command,
    },
    /// Markers, tiles or glyphs the card starts the game with, and what its power does with
    /// them ([`supplies`]: *Black Powder Pistols*).
    Supply(Supply),
    /// A word of the d20 family that wounds, heals, destroys or hinders ([`d20c::D20c`]:
    /// riders on the power's triggered effect, and powers of their own).
    D20c(d20c::D20c),
    /// A power over turns with other cards and control of figures ([`control::Control`]:
    /// *Kato Katsuro's Command*).
    Control(control::Control),
    /// A power acting when a figure of the card receives wounds ([`wounds::WoundPower`]:
    /// *Dying Swipe*).
    Wounds(wounds::WoundPower),
    /// A power acting in the middle of a move, as the moving figure steps onto a space
    /// ([`midmove::MidMove`]: *Sharp Thorns*).
    MidMove(midmove::MidMove),
    /// Figures entering the battlefield during the game ([`Arrive`]: *Iskra's Summoning*,
    /// *Summon the Rechets of Bogdan*).
    Arrive {
        /// Which.
        arrive: Arrive,
    },
    /// A word of the family whose player chooses how many or several things, or one of the
    /// power's options ([`choose::Choose`]: *Poisonous Acid Breath*, *Volley unto Himself*).
    Choose(choose::Choose),
    /// A power that throws, places or switches figures acting on its own
    /// ([`throw::ThrowPower`]: *Hive Tunnel*'s rolls once placed).
    Throw(throw::ThrowPower),
    /// A rider on the special attack of the same power ([`specials::Specials`]: *Psionic
    /// Blast*'s order marker off a wounded figure's card).
    Specials(specials::Specials),
    /// Tiles the card starts the game with and lays on the battlefield ([`tiles::Tiles`]:
    /// *Nanite Smoke Grenade*, *Blend Into Shadow*).
    Tiles(tiles::Tiles),
    /// A single leftover power ([`misc::Misc`]: *Pirate King*, *Charge!!!*).
    Misc(misc::Misc),
    /// A power reacting inside an attack on a figure it reaches ([`react::React`]).
    React(react::React),
    /// A power answering an attack as a figure is targeted, or wounds about to land
    /// ([`guard::Guard`]: *Master of Disguise*).
    Guard(guard::Guard),
}

/// When a [`Effect::MoveOthers`] power moves figures.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveMoment {
    /// Before taking a turn with this card, its order marker revealed.
    BeforeTurn,
    /// After a figure you control matching the filter is attacked by an opponent's figure
    /// with a normal attack (*Scatter*).
    AttackedByOpponent(Filter),
    /// After a normal attack by an enemy figure that wounded a figure matching the filter
    /// (*Ullar's Pact*); the power works even once no figure of this card stands.
    WoundedByOpponent(Filter),
    /// After a figure of this card attacks with a normal attack that inflicts one or more
    /// wounds (*Cover Fire*).
    WoundsWithNormalAttack,
    /// At the start of the first round, once every order marker is placed, before initiative
    /// (*Orc Battle Rush*).
    FirstRoundAfterMarkers,
    /// At the start of each round, once every order marker is placed, before initiative; each
    /// figure moves up to `spaces` for each of the owner's order markers on this card (*Tidal
    /// Advance*: `power/parse/control.rs`).
    EachRoundPerMarker,
}

impl Effect {
    /// Whether the game runs it: an effect the language says but the game does not play yet
    /// keeps its power as text. Every effect runs today (*Cyberclaw*, the last one left, stops
    /// figures inside the movement search: `game::powers::holds`); the check stays for the
    /// next word the language learns before the game does.
    pub fn runs_in_game(&self) -> bool {
        true
    }

    /// The ability it grants, if it is one.
    pub fn ability(&self) -> Option<Ability> {
        match self {
            Effect::Ability { ability } => Some(*ability),
            _ => None,
        }
    }
}
