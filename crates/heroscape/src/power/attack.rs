//! Special attacks as data (*Attaque spéciale*): their range, dice and area, the riders every
//! special attack may carry (venom, chained targets, combined attacks, bonuses, attacking
//! again), and the serde helpers the card language shares.

use serde::{Deserialize, Serialize};

use super::*;

/// Where a special attack's dice land.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Area {
    /// One targeted figure.
    Single,
    /// The targeted figure and every figure within this many spaces of it (*Explosion 1*:
    /// the adjacent ones); the attack dice are rolled once, each figure defends separately.
    Explosion(u16),
    /// Every figure on a straight line of this many spaces from one of the attacker's hexes,
    /// at any level the attacker can see (*Ligne de feu*).
    Line(u16),
    /// Every figure adjacent to the attacker.
    AllAdjacent,
}

/// A special attack (*attaque spéciale*): its own range, dice and area.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialAttack {
    /// Range in spaces (none for a line, which has its length instead).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<u16>,
    /// Attack dice, rolled once for all affected figures.
    pub attack: u16,
    /// Which figures it affects.
    #[serde(default = "single")]
    pub area: Area,
    /// Usable once per game.
    #[serde(default, skip_serializing_if = "is_false")]
    pub once_per_game: bool,
    /// When one figure of the card uses it, every figure of the card that attacks this turn
    /// must use it too.
    #[serde(default, skip_serializing_if = "is_false")]
    pub all_attackers_must_use: bool,
    /// No line of sight is needed unless the attacker or the target is under an overhang.
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_sight_unless_overhang: bool,
    /// Clear sight is needed only to the chosen figure, not to the others affected.
    #[serde(default, skip_serializing_if = "is_false")]
    pub sight_to_target_only: bool,
    /// The attacker can be among the affected figures.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hits_self: bool,
    /// Friendly figures are not affected.
    #[serde(default, skip_serializing_if = "is_false")]
    pub spares_friends: bool,
    /// Only figures matching this filter can be attacked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub targets: Option<Filter>,
    /// No line of sight is needed at all.
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_sight: bool,
    /// Attacks with it a figure may make in a turn (default 1).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub attacks: u8,
    /// It may be used besides the figure's normal attack, before or after it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub with_normal_attack: bool,
    /// Lob height (*Lob 12*, the Expert rulebook's grenades: *accessibles jusqu'à une hauteur
    /// de 12 ou moins*): the attack is thrown over whatever stands between the attacker and the
    /// chosen figure, which may rise at most this many levels above the attacker's base (the
    /// tops of the columns the straight line crosses, the chosen figure's included). The line
    /// of sight rules still apply as the other fields say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lob: Option<u16>,
    /// With several attacks in a turn, each must target a different figure ("he cannot attack
    /// the same figure more than once").
    #[serde(default, skip_serializing_if = "is_false")]
    pub distinct_targets: bool,
    /// The figure may attack again with it after an attack that did this ("if Deathwalker's
    /// Rapid Fire Special Attack inflicts a wound, he may attack again with his Rapid Fire
    /// Special Attack"), as many times as each attack does it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub again: Option<Again>,
    /// Figures matching the filter roll this many fewer defence dice against it ("Common
    /// Squad figures roll 2 fewer defense dice against Fledgling Fires Special Attack").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weaker_defence: Option<(Filter, u16)>,
    /// Attack dice added for other figures near the attacker ("add 1 to Chardris' attack dice
    /// for every additional Elf Wizard you control within 3 clear sight spaces of Chardris, up
    /// to a maximum of +3 dice").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus: Option<Bonus>,
    /// Each affected figure is a separate attack with its own roll ("roll each attack
    /// separately"), instead of one roll for all.
    #[serde(default, skip_serializing_if = "is_false")]
    pub separately: bool,
    /// The printed dice the player chooses among for each attack ("Attack 1, 2 or 3"); the
    /// action names one. Empty: the printed `attack`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice_choice: Vec<u16>,
    /// The attack dice a figure has for the turn, spent by each attack's chosen dice ("Moriko
    /// starts each turn with 6 attack dice"); it may attack until they are all rolled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice_pool: Option<u16>,
    /// Only a figure that moved this turn may use it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub after_moving: bool,
    /// The chosen figure must not be adjacent to the attacker.
    #[serde(default, skip_serializing_if = "is_false")]
    pub non_adjacent: bool,
    /// The chosen figure's base is at most this many levels above or below the attacker's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level_gap: Option<u16>,
    /// *Pounce*: when the chosen figure is destroyed the attacker is placed on its space,
    /// else the attacker is destroyed.
    #[serde(default, skip_serializing_if = "is_false")]
    pub pounce: bool,
    /// When its second attack in a turn targets the figure its first one did, the player may
    /// roll this many more attack dice (*Overwhelm*: "if you attack the same figure a second
    /// time, you may roll an additional attack die for the second attack"); the action names
    /// the dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub same_target_extra: Option<u16>,
    /// It cannot be used in a turn in which a figure of the card used *Run* ("you may not use
    /// Overwhelm Special Attack if you used the Run Special Power this turn").
    #[serde(default, skip_serializing_if = "is_false")]
    pub not_after_run: bool,
    /// Other figures the player may choose besides the targeted one, affected by the same roll
    /// (*Tetsubo*: "you may also choose one figure adjacent to the targeted figure to be
    /// attacked ... as well"; *Fledgling Lightning Breath*: "one other figure within 3 clear
    /// sight spaces of the targeted figure"); the action names them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub also: Option<Also>,
    /// Several figures of the card combine their attacks into this one (*Encircle*: "if 3
    /// Ashigaru Yari you control are adjacent to the same enemy figure, they may roll their
    /// attack dice as one combined attack"); the action names the others.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combined: Option<Combined>,
    /// A 20-sided die for the poison of an attack that would wound (*Poison Sting*, *Venom
    /// Ray*): a wound more and roll again from `more_from`, the defender destroyed on
    /// `destroy_at`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub venom: Option<Venom>,
    /// After an attack, another at a figure that was adjacent to the defender when that attack
    /// began, out of the power's range (*Arcane Bolt*, *Erupting Earth*).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain: Option<Chain>,
    /// Besides its targeted figure, the player may choose this many spaces in a straight line
    /// from it; every figure on them the attacker sees is affected, friends included
    /// (*Burning Breath*: "you may also choose 4 spaces in a straight line from the targeted
    /// figure").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line_from_target: Option<u16>,
    /// One attack die more for each wound on the attacker (*Withering Breath*: "roll 1
    /// additional attack die for each wound on the attacking Nuckelavee").
    #[serde(default, skip_serializing_if = "is_false")]
    pub per_own_wound: bool,
    /// An explosion that affects, besides the chosen figure, only the figures adjacent to both
    /// it and the attacker (*Sweeping Sword*: "any figures adjacent to both Shurrak and the
    /// chosen figure are also affected").
    #[serde(default, skip_serializing_if = "is_false")]
    pub beside_attacker: bool,
    /// The figures it affects roll no defence dice against it (*Ullar Enhanced Rifle*: "the
    /// chosen figure cannot roll defense dice when attacked by ...").
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_defence: bool,
    /// It cannot be used in a turn in which the figure moved ("may not use this special attack
    /// if he moved this turn").
    #[serde(default, skip_serializing_if = "is_false")]
    pub not_after_moving: bool,
    /// Its chosen figure must be adjacent to a figure the attacker's player controls (*RA-1A
    /// Guided Cannon*: "can target only figures that are adjacent to one or more figures you
    /// control").
    #[serde(default, skip_serializing_if = "is_false")]
    pub target_beside_own: bool,
    /// No defender has height advantage against it ("figures never have height advantage
    /// against ...").
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_defender_height: bool,
    /// Against a chosen figure matching the filter it rolls this many dice instead of `attack`
    /// (*Shuriken*: "if Shiori is attacking a small or medium figure, roll 3 attack dice").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice_against: Option<(Filter, u16)>,
}

/// The poison die of a special attack that would inflict a wound: "roll the 20-sided die for
/// Poison Damage. If you roll a 10-19, add 1 to the number of wounds inflicted and roll again
/// for Poison Damage. If you roll a 20, destroy the defending figure."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Venom {
    /// From this roll (below `destroy_at`): one wound more, and the die is rolled again.
    pub more_from: u8,
    /// From this roll: the defending figure is destroyed.
    pub destroy_at: u8,
}

/// A special attack that leaps from its defender to a figure adjacent to it ("you may choose a
/// figure that was adjacent to the defending figure at the beginning of that attack and attack
/// that chosen figure"), never at the same figure twice in a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chain {
    /// Only after an attack whose defender received a wound (*Arcane Bolt*: "until you fail
    /// to inflict a wound").
    #[serde(default, skip_serializing_if = "is_false")]
    pub on_wound: bool,
    /// Each attack after the first rolls this many fewer dice than the one before (*Erupting
    /// Earth*: "rolling one fewer attack die than the previous").
    #[serde(default, skip_serializing_if = "is_zero_u16")]
    pub fewer_dice: u16,
    /// At most this many attacks in all ("up to a total of four attacks").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub most: Option<u8>,
}

pub(crate) fn is_zero_u16(n: &u16) -> bool {
    *n == 0
}

/// A combined special attack: how many figures of the card make it and what they need.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Combined {
    /// The figures that combine, the acting one included.
    pub figures: u8,
    /// Each is adjacent to the targeted figure.
    #[serde(default, skip_serializing_if = "is_false")]
    pub adjacent_to_target: bool,
    /// Height advantage is counted between the targeted figure and the lowest of them ("the
    /// defending figure compares height to the lowest Ashigaru Yari").
    #[serde(default, skip_serializing_if = "is_false")]
    pub lowest_height: bool,
    /// No other figure of the card attacks in a turn it is used ("the 4th figure that moved
    /// this turn cannot attack").
    #[serde(default, skip_serializing_if = "is_false")]
    pub others_cannot_attack: bool,
    /// None of them is engaged (*Arrow Volley*: "three unengaged adjacent Roman Archers").
    #[serde(default, skip_serializing_if = "is_false")]
    pub unengaged: bool,
    /// They stand together: each is adjacent to another of them, one group.
    #[serde(default, skip_serializing_if = "is_false")]
    pub adjacent_together: bool,
    /// They stand on the same level ("on the same level").
    #[serde(default, skip_serializing_if = "is_false")]
    pub same_level: bool,
    /// Each of them has the targeted figure within the power's range and in clear sight ("all
    /// Roman Archers in the Arrow Volley must have a clear line of sight on the one target"),
    /// since each attacks it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub each_sees_target: bool,
}

/// The other figures a special attack lets the player choose near its targeted figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Also {
    /// At most this many ("one", "up to two").
    pub most: u8,
    /// Within this many spaces of the targeted figure (1: adjacent to it).
    pub within: u16,
    /// Counted in clear sight spaces from the targeted figure ("within 3 clear sight spaces of
    /// the targeted figure"), which is then the only sight they need; otherwise the attacker
    /// must see them, as the figures of an explosion.
    #[serde(default, skip_serializing_if = "is_false")]
    pub clear_sight: bool,
    /// They are "attacked", so opponents' figures only; otherwise "affected", any figure but
    /// the attacker.
    #[serde(default, skip_serializing_if = "is_false")]
    pub opponents_only: bool,
}

/// A special attack's extra dice: one for each other figure its player controls matching
/// `per` within `within` clear-sight spaces of the attacker, at most `max`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bonus {
    /// The figures counted.
    pub per: Filter,
    /// Within this many clear-sight spaces of the attacker.
    pub within: u16,
    /// At most this many dice.
    pub max: u16,
}

/// What a special attack must do for its figure to attack again with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Again {
    /// It inflicted at least one wound.
    Wounds,
    /// It destroyed a figure.
    Destroys,
    /// It rolled at least this many skulls.
    Skulls(u16),
    /// It rolled a skull on every die.
    AllSkulls,
}

pub(crate) fn one() -> u8 {
    1
}

pub(crate) fn is_one(n: &u8) -> bool {
    *n == 1
}

pub(crate) fn single() -> Area {
    Area::Single
}

pub(crate) fn is_zero(n: &i8) -> bool {
    *n == 0
}

pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}
