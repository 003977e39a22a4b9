//! Army cards (*Les cartes Armée*, rulebook example 1): what is printed on the Expert side.

use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::power::{Ability, Effect};

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

/// A special power as printed: its name and text (*Pouvoir(s) spécial(aux)*), and its effect
/// in the card language when the language expresses all of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PowerText {
    /// The printed name, e.g. "QUICKDRAW 7".
    pub name: String,
    /// The printed text (empty for powers printed by name only, such as Flying).
    #[serde(default)]
    pub text: String,
    /// The whole effect as data; `None` when the power stays text (not run by the game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effects: Option<Vec<Effect>>,
}

/// An army card: the numbers and words the rules read.
///
/// In a card file (`docs/heroscape-cards.md`) `id` defaults to the file's name, `base` to the
/// size's (2 for huge figures, else 1), `figures` to 1, `target_point` and `hit_zone` to the
/// figure's height ([`Card::target_point`], [`Card::hit_zone`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    /// A stable id (file name or importer id), unique in a catalogue.
    #[serde(default)]
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
    #[serde(default)]
    pub base: u8,
    /// Figures the card brings (1 for a hero).
    #[serde(default)]
    pub figures: u8,
    /// Life (*Points de vie*): wounds a figure takes before it is destroyed.
    pub life: u16,
    /// Move (*Déplacement*) in hexes.
    #[serde(rename = "move")]
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
    #[serde(default)]
    pub powers: Vec<PowerText>,
    /// The target point (*point de visée*, the green dot): the level above the figure's base
    /// its lines of sight start from; `None`: one level under the top of the figure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_point: Option<u16>,
    /// The hit zone (*zone de frappe*, the red area): the lowest and highest levels above the
    /// base a line of sight may reach to see the figure; `None`: from level 1 to the target
    /// point.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hit_zone: Option<[u16; 2]>,
    /// The set or collection the card comes from (for people; the rules do not read it).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub set: String,
}

impl Size {
    /// Hexes a figure of this size covers when its card does not say: huge figures stand on
    /// a double-space base, the others on one hex. The rulebook's double-space figures
    /// (Mimring, Grimnak) are huge; large figures are double-space only when their card says
    /// so.
    pub const fn default_base(self) -> u8 {
        match self {
            Size::Huge => 2,
            _ => 1,
        }
    }

    /// The name players read.
    pub fn name(self, lang: skirmish_lang::Lang) -> &'static str {
        match self {
            Size::Small => lang.pick("small", "petite"),
            Size::Medium => lang.pick("medium", "moyenne"),
            Size::Large => lang.pick("large", "grande"),
            Size::Huge => lang.pick("huge", "énorme"),
        }
    }
}

impl Card {
    /// The level above the base lines of sight start from (*point de visée*).
    pub fn target_point(&self) -> u16 {
        self.target_point
            .unwrap_or_else(|| self.height.saturating_sub(1).max(1))
    }

    /// The lowest and highest levels above the base a line of sight may reach to see the
    /// figure (*zone de frappe*).
    pub fn hit_zone(&self) -> [u16; 2] {
        self.hit_zone.unwrap_or_else(|| [1, self.target_point()])
    }

    /// Every effect of its expressed powers.
    pub fn effects(&self) -> impl Iterator<Item = &Effect> {
        self.powers
            .iter()
            .filter_map(|p| p.effects.as_deref())
            .flatten()
    }

    /// True if one of its powers grants `ability`.
    pub fn has(&self, ability: Ability) -> bool {
        self.effects().any(|e| e.ability() == Some(ability))
    }

    /// True if it flies (Flying or Stealth Flying).
    pub fn flies(&self) -> bool {
        self.has(Ability::Flying) || self.has(Ability::StealthFlying)
    }

    /// True when every printed power is expressed in the card language.
    pub fn fully_expressed(&self) -> bool {
        self.powers.iter().all(|p| p.effects.is_some())
    }

    /// Reads one card file's text; `source` names it in errors and gives the default id.
    pub fn from_toml(text: &str, source: &str) -> Result<Card, CardError> {
        let mut card: Card = toml::from_str(text).map_err(|e| CardError {
            source: source.to_string(),
            field: e
                .span()
                .map(|s| line_col(text, s.start))
                .unwrap_or_default(),
            message: e.message().to_string(),
        })?;
        if card.id.is_empty() {
            card.id = Path::new(source)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
        }
        if card.base == 0 {
            card.base = card.size.default_base();
        }
        if card.figures == 0 && card.kind == Kind::Hero {
            card.figures = 1;
        }
        card.validate().map_err(|(field, message)| CardError {
            source: source.to_string(),
            field: format!("field `{field}`"),
            message,
        })?;
        Ok(card)
    }

    /// Reads a card file.
    pub fn load(path: &Path) -> Result<Card, CardError> {
        let text = std::fs::read_to_string(path).map_err(|e| CardError {
            source: path.display().to_string(),
            field: String::new(),
            message: e.to_string(),
        })?;
        Card::from_toml(&text, &path.display().to_string())
    }

    /// The card as a card file.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_else(|e| format!("# cannot write this card: {e}\n"))
    }

    /// Checks the numbers and words against the rules: the field at fault and why.
    pub fn validate(&self) -> Result<(), (&'static str, String)> {
        if self.id.trim().is_empty() {
            return Err(("id", "is empty".into()));
        }
        if self.name.trim().is_empty() {
            return Err(("name", "is empty".into()));
        }
        if self.height == 0 {
            return Err(("height", "must be at least 1 level".into()));
        }
        if !(1..=2).contains(&self.base) {
            return Err((
                "base",
                format!("is {}: a base covers 1 or 2 hexes", self.base),
            ));
        }
        match self.kind {
            Kind::Hero if self.figures != 1 => {
                return Err((
                    "figures",
                    format!("is {}: a hero card has one figure", self.figures),
                ))
            }
            Kind::Squad if self.figures < 2 => {
                return Err((
                    "figures",
                    format!(
                        "is {}: a squad card has two figures or more (give `figures`)",
                        self.figures
                    ),
                ))
            }
            _ => {}
        }
        if self.life == 0 {
            return Err(("life", "must be at least 1".into()));
        }
        if self.attack == 0 && self.range > 0 {
            return Err(("attack", "is 0 but the card has a range".into()));
        }
        if self.points == 0 {
            return Err(("points", "must be at least 1".into()));
        }
        if let Some(t) = self.target_point {
            if t == 0 || t > self.height {
                return Err((
                    "target_point",
                    format!("is {t}: it must be from 1 to the height ({})", self.height),
                ));
            }
        }
        if let Some([lo, hi]) = self.hit_zone {
            if lo > hi || hi > self.height {
                return Err((
                    "hit_zone",
                    format!(
                        "is [{lo}, {hi}]: it must go up from the base to at most the height ({})",
                        self.height
                    ),
                ));
            }
        }
        for p in &self.powers {
            if p.name.trim().is_empty() {
                return Err(("powers.name", "a power has no name".into()));
            }
        }
        Ok(())
    }
}

/// `line L, column C` of a byte offset.
fn line_col(text: &str, offset: usize) -> String {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    format!("line {line}, column {col}")
}

/// A card file that cannot be read: the file, the place (field or line) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardError {
    /// The file (or other source) read.
    pub source: String,
    /// Where in it: `field \`life\`` or `line 3, column 8`.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}: {}", self.source, self.message)
        } else {
            write!(f, "{}: {}: {}", self.source, self.field, self.message)
        }
    }
}

impl std::error::Error for CardError {}

/// The original sample cards built into the program (`content/heroscape/cards`): file name and
/// text.
pub const SAMPLE_CARDS: [(&str, &str); 13] = [
    (
        "ashgrove-spearmen.toml",
        include_str!("../../../content/heroscape/cards/ashgrove-spearmen.toml"),
    ),
    (
        "brother-ansel.toml",
        include_str!("../../../content/heroscape/cards/brother-ansel.toml"),
    ),
    (
        "captain-oriel-vance.toml",
        include_str!("../../../content/heroscape/cards/captain-oriel-vance.toml"),
    ),
    (
        "cinder-drake.toml",
        include_str!("../../../content/heroscape/cards/cinder-drake.toml"),
    ),
    (
        "fenmarsh-longbows.toml",
        include_str!("../../../content/heroscape/cards/fenmarsh-longbows.toml"),
    ),
    (
        "gravemoor-wights.toml",
        include_str!("../../../content/heroscape/cards/gravemoor-wights.toml"),
    ),
    (
        "ironbark-sentinel.toml",
        include_str!("../../../content/heroscape/cards/ironbark-sentinel.toml"),
    ),
    (
        "marrowfen-shaman.toml",
        include_str!("../../../content/heroscape/cards/marrowfen-shaman.toml"),
    ),
    (
        "saltmarsh-skirmishers.toml",
        include_str!("../../../content/heroscape/cards/saltmarsh-skirmishers.toml"),
    ),
    (
        "skyreach-falconer.toml",
        include_str!("../../../content/heroscape/cards/skyreach-falconer.toml"),
    ),
    (
        "stonebound-golem.toml",
        include_str!("../../../content/heroscape/cards/stonebound-golem.toml"),
    ),
    (
        "thrall-hulk.toml",
        include_str!("../../../content/heroscape/cards/thrall-hulk.toml"),
    ),
    (
        "vael-nightrunner.toml",
        include_str!("../../../content/heroscape/cards/vael-nightrunner.toml"),
    ),
];

/// The original sample cards, read.
pub fn sample_cards() -> Vec<Card> {
    SAMPLE_CARDS
        .iter()
        .map(|(file, text)| {
            Card::from_toml(text, &format!("content/heroscape/cards/{file}"))
                .unwrap_or_else(|e| panic!("a built-in card is broken: {e}"))
        })
        .collect()
}
