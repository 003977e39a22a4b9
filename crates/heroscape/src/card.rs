//! Army cards (*Les cartes Armée*, rulebook example 1): what is printed on the Expert side.

use serde::{Deserialize, Serialize};

/// Unique or common (*Unique/Commune*): a unique card may be in an army once, a common card
/// several times.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rarity {
    /// One of each per army.
    Unique,
    /// As many copies as the army can afford.
    Common,
}

/// Hero or squad (*Héros/Escouade*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// One figure.
    Hero,
    /// Two or more figures sharing the card.
    Squad,
}

/// Size (*Taille*) as printed: small, medium, large or huge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Size {
    /// Small.
    Small,
    /// Medium.
    Medium,
    /// Large.
    Large,
    /// Huge.
    Huge,
}

/// A special power as printed: its name and text (*Pouvoir(s) spécial(aux)*).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerText {
    /// The printed name, e.g. "QUICKDRAW 7".
    pub name: String,
    /// The printed text.
    pub text: String,
}

/// An army card: the numbers and words the rules read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    /// A stable id (file name or importer id), unique in a catalogue.
    pub id: String,
    /// The printed name.
    pub name: String,
    /// Unique or common.
    pub rarity: Rarity,
    /// Hero or squad.
    pub kind: Kind,
    /// The Valkyrie general (Jandar, Utgar, Ullar, Vydar, Einar, Aquilla...).
    pub general: String,
    /// Species (*Race*).
    pub species: String,
    /// Class (*Classe*).
    pub class: String,
    /// Personality (*Personnalité*).
    pub personality: String,
    /// Size.
    pub size: Size,
    /// Height in levels (*Hauteur*): limits climbing per step, sets falls and engagement.
    pub height: u16,
    /// Hexes a figure's base covers: 1, or 2 for double-space figures.
    pub base: u8,
    /// Figures the card brings (1 for a hero).
    pub figures: u8,
    /// Life (*Points de vie*): wounds a figure takes before it is destroyed.
    pub life: u16,
    /// Move (*Déplacement*) in hexes.
    pub move_: u16,
    /// Range (*Portée d'attaque*) in hexes.
    pub range: u16,
    /// Attack dice (*Attaque*).
    pub attack: u16,
    /// Defence dice (*Défense*).
    pub defense: u16,
    /// Points (*Points*).
    pub points: u32,
    /// Special powers as printed.
    pub powers: Vec<PowerText>,
}
