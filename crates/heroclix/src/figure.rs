//! Figures as data: the combat dial and everything printed on the base and the character card
//! (rulebook *Personnages*, *Le socle*, *Le disque de combat*, *La carte de personnage*).
//!
//! A [`FigureDef`] is content, shared by every copy of the figure in every game; the state of
//! one figure in a game (its click, its square, its tokens) lives in the game state.
//!
//! The dial itself ([`Stat`], [`DialValue`], the generic click, [`BaseSize`]) is the shared Clix
//! core's ([`skirmish_clix::dial`]); what is HeroClix's own stays here: the standard powers of
//! the Powers and Abilities Card behind the values, the combat symbols of the base, the character
//! card. HeroClix knows no dial symbol: every value it plays with is a number, which content
//! loading and set-up check ([`FigureDef::check_numbers`]).

use std::fmt;

use serde::{Deserialize, Serialize};

pub use skirmish_clix::dial::{BaseSize, DialSymbol, DialValue, Stat, SymbolShown};

macro_rules! powers {
    ($( $variant:ident => $id:literal, $stat:ident, $en:literal, $fr:literal; )*) => {
        /// A standard power of the Powers and Abilities Card (`../shared/specs/heroclix-powers.md`),
        /// keyed by the stable identifiers the hcunits data uses.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum Power {
            $(
                #[doc = $en]
                #[serde(rename = $id)]
                $variant,
            )*
        }

        impl Power {
            /// Every standard power, column by column in card order.
            pub const ALL: &'static [Power] = &[$(Power::$variant),*];

            /// The stable identifier (`leap_climb`, `energy_explosion`...).
            pub fn id(self) -> &'static str {
                match self { $(Power::$variant => $id,)* }
            }

            /// The column of the card the power belongs to.
            pub fn column(self) -> Stat {
                match self { $(Power::$variant => Stat::$stat,)* }
            }

            /// The power's name for players (the rulebook's French name where it gives one).
            pub fn name(self, lang: skirmish_lang::Lang) -> &'static str {
                match self { $(Power::$variant => lang.pick($en, $fr),)* }
            }

            /// The power with this identifier.
            pub fn from_id(id: &str) -> Option<Power> {
                match id { $($id => Some(Power::$variant),)* _ => None }
            }
        }
    };
}

powers! {
    Flurry => "flurry", Speed, "Flurry", "Rage";
    LeapClimb => "leap_climb", Speed, "Leap/Climb", "Saut/Escalade";
    PhasingTeleport => "phasing_teleport", Speed, "Phasing/Teleport", "Intangibilité/Téléportation";
    EarthboundNeutralized => "earthbound_neutralized", Speed, "Earthbound/Neutralized", "Retour à la Terre";
    Charge => "charge", Speed, "Charge", "Charge";
    MindControl => "mind_control", Speed, "Mind Control", "Contrôle psychique";
    Plasticity => "plasticity", Speed, "Plasticity", "Élasticité";
    ForceBlast => "force_blast", Speed, "Force Blast", "Projection";
    Sidestep => "sidestep", Speed, "Sidestep", "Pas de côté";
    HypersonicSpeed => "hypersonic_speed", Speed, "Hypersonic Speed", "Vitesse supersonique";
    Stealth => "stealth", Speed, "Stealth", "Furtivité";
    RunningShot => "running_shot", Speed, "Running Shot", "Tir en mouvement";
    BladesClawsFangs => "blades_claws_fangs", Attack, "Blades/Claws/Fangs", "Lames/Griffes/Crocs";
    EnergyExplosion => "energy_explosion", Attack, "Energy Explosion", "Explosion d'énergie";
    PulseWave => "pulse_wave", Attack, "Pulse Wave", "Vague pulsante";
    Quake => "quake", Attack, "Quake", "Tremblement";
    SuperStrength => "super_strength", Attack, "Super Strength", "Force herculéenne";
    Incapacitate => "incapacitate", Attack, "Incapacitate", "Neutralisation";
    PenetratingPsychicBlast => "penetrating_psychic_blast", Attack, "Penetrating/Psychic Blast", "Rayon pénétrant/psychique";
    SmokeCloud => "smoke_cloud", Attack, "Smoke Cloud", "Nuage de fumée";
    PrecisionStrike => "precision_strike", Attack, "Precision Strike", "Frappe précise";
    Poison => "poison", Attack, "Poison", "Poison";
    StealEnergy => "steal_energy", Attack, "Steal Energy", "Vol d'énergie";
    Telekinesis => "telekinesis", Attack, "Telekinesis", "Télékinésie";
    SuperSenses => "super_senses", Defense, "Super Senses", "Super sens";
    Toughness => "toughness", Defense, "Toughness", "Résistance";
    Defend => "defend", Defense, "Defend", "Protection";
    CombatReflexes => "combat_reflexes", Defense, "Combat Reflexes", "Réflexes de combat";
    EnergyShieldDeflection => "energy_shield_deflection", Defense, "Energy Shield/Deflection", "Bouclier d'énergie/Déflection";
    Barrier => "barrier", Defense, "Barrier", "Barrière";
    Mastermind => "mastermind", Defense, "Mastermind", "Cerveau";
    Willpower => "willpower", Defense, "Willpower", "Volonté";
    Invincible => "invincible", Defense, "Invincible", "Invincible";
    Impervious => "impervious", Defense, "Impervious", "Impénétrable";
    Regeneration => "regeneration", Defense, "Regeneration", "Régénération";
    Invulnerability => "invulnerability", Defense, "Invulnerability", "Invulnérabilité";
    RangedCombatExpert => "ranged_combat_expert", Damage, "Ranged Combat Expert", "Expert du combat à distance";
    BattleFury => "battle_fury", Damage, "Battle Fury", "Fureur";
    Support => "support", Damage, "Support", "Soutien";
    ExploitWeakness => "exploit_weakness", Damage, "Exploit Weakness", "Exploiter faiblesse";
    Enhancement => "enhancement", Damage, "Enhancement", "Augmentation";
    ProbabilityControl => "probability_control", Damage, "Probability Control", "Contrôle des probabilités";
    ShapeChange => "shape_change", Damage, "Shape Change", "Métamorphose";
    CloseCombatExpert => "close_combat_expert", Damage, "Close Combat Expert", "Expert au corps à corps";
    Empower => "empower", Damage, "Empower", "Renforcement";
    Perplex => "perplex", Damage, "Perplex", "Perplexité";
    Outwit => "outwit", Damage, "Outwit", "Ingéniosité";
    Leadership => "leadership", Damage, "Leadership", "Commandement";
}

/// What sits in the coloured square behind one value of one click.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DialPower {
    /// A standard power from the card.
    Standard(Power),
    /// A special power (white square with a black border): described on the character card,
    /// in [`FigureDef::special_powers`] under the same column.
    Special,
    /// A power the engine does not know (later-era marks such as `spell` or `trap`), kept by
    /// name so it can be reported.
    Unknown(String),
}

impl DialPower {
    /// Reads a power identifier as the data files write it.
    pub fn from_id(id: &str) -> DialPower {
        match id {
            "special" => DialPower::Special,
            _ => Power::from_id(id)
                .map_or_else(|| DialPower::Unknown(id.to_string()), DialPower::Standard),
        }
    }

    /// The identifier as the data files write it.
    pub fn id(&self) -> &str {
        match self {
            DialPower::Standard(p) => p.id(),
            DialPower::Special => "special",
            DialPower::Unknown(s) => s,
        }
    }
}

/// One click of a HeroClix combat dial: the four values and the standard or special power
/// behind each.
pub type Click = skirmish_clix::dial::Click<DialPower>;

/// Speed symbols (rulebook *Compétences de combat de vitesse*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum SpeedSymbol {
    /// Boot: moves normally.
    #[default]
    Boot,
    /// Wing: flight.
    Wing,
    /// Dolphin: swim.
    Dolphin,
    /// Reversed boot: carries friends (transporter).
    TransportBoot,
    /// Reversed wing: flight, transporter.
    TransportWing,
    /// Reversed dolphin: swim, transporter.
    TransportDolphin,
}

/// Attack symbols.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum AttackSymbol {
    /// Fist: no ability.
    #[default]
    Fist,
    /// Duo attack.
    Duo,
    /// Sharpshooter.
    Sharpshooter,
    /// Later-era symbol (autonomous).
    Autonomous,
    /// Later-era symbol (team).
    Team,
}

/// Defence symbols.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum DefenseSymbol {
    /// Shield: no ability.
    #[default]
    Shield,
    /// Indomitable: may be pushed without pushing damage.
    Indomitable,
    /// Later-era vehicle symbol.
    Vehicle,
}

/// Damage symbols.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum DamageSymbol {
    /// Starburst: no ability.
    #[default]
    Starburst,
    /// Giant.
    Giant,
    /// Colossal.
    Colossal,
    /// Later-era tiny symbol.
    Tiny,
}

/// The four combat symbols printed on the base.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Symbols {
    /// Speed symbol.
    #[serde(default)]
    pub speed: SpeedSymbol,
    /// Attack symbol.
    #[serde(default)]
    pub attack: AttackSymbol,
    /// Defence symbol.
    #[serde(default)]
    pub defense: DefenseSymbol,
    /// Damage symbol.
    #[serde(default)]
    pub damage: DamageSymbol,
}

/// Which part of the card a special power or trait belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecialKind {
    /// A trait (star symbol): always on.
    Trait,
    /// Special power of the speed column.
    Speed,
    /// Special power of the attack column.
    Attack,
    /// Special power of the defence column.
    Defense,
    /// Special power of the damage column.
    Damage,
}

/// A special power or trait from the character card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecialPower {
    /// Trait or column.
    pub kind: SpecialKind,
    /// Its name.
    pub name: String,
    /// Its text.
    pub text: String,
    /// What the text does, as compositions of standard effects; empty when not written yet.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<crate::card_effect::CardEffect>,
    /// What the text asks that the effects cannot say (listed to players as not run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_expressed: Option<String>,
}

impl SpecialPower {
    /// True if the engine runs all of it: effects written and nothing left unexpressed.
    pub fn runs(&self) -> bool {
        !self.effects.is_empty() && self.not_expressed.is_none()
    }
}

/// Everything printed about one figure: base, dial and card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FigureDef {
    /// Stable identifier, unique in a content set (`sk001`, or the hcunits `unit_id`).
    pub id: String,
    /// Character name.
    pub name: String,
    /// Set (expansion) code.
    pub set: String,
    /// Collector number in its set.
    pub number: String,
    /// Unique figure (silver ring): at most one per team (rulebook *Personnages uniques*).
    pub unique: bool,
    /// Point value for each starting line, in dial order.
    pub points: Vec<u32>,
    /// Range value in squares (0 = close combat only).
    pub range: u8,
    /// Number of lightning bolts: the most targets of one ranged attack.
    pub targets: u8,
    /// Combat symbols.
    pub symbols: Symbols,
    /// Base size.
    pub base: BaseSize,
    /// Team abilities (team symbols), as identifiers such as `avengers`.
    pub team_abilities: Vec<String>,
    /// Keywords from the card.
    pub keywords: Vec<String>,
    /// Traits and special powers from the card.
    pub special_powers: Vec<SpecialPower>,
    /// The clicks of the dial; the KO click follows the last one.
    pub dial: Vec<Click>,
    /// A bystander token (*Jeton spectateur*): one click, knocked out by any damage, not counted
    /// when theme teams share a keyword.
    #[serde(default)]
    pub bystander: bool,
    /// The colour of a hereditary-enemy base's outer ring (FAQ 2002 *Constituez votre équipe*:
    /// « un cercle extérieur d'une couleur autre que noire »); `None` for an ordinary black ring.
    /// It matters only under the rules option `hereditary_enemies`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enemy_ring: Option<String>,
}

impl FigureDef {
    /// Indices of the clicks that follow a starting line, in dial order.
    pub fn starting_lines(&self) -> Vec<usize> {
        skirmish_clix::dial::starting_lines(&self.dial)
    }

    /// The printed number of one column on click `click` (0 past the dial, on the KO click).
    ///
    /// Content loading and set-up refuse dials with symbols ([`FigureDef::check_numbers`]), so
    /// a HeroClix figure in play always shows numbers; a symbol reads as 0 rather than stop a
    /// game should a figure be built by hand past those checks.
    pub fn printed(&self, click: usize, stat: Stat) -> u8 {
        self.dial
            .get(click)
            .map_or(0, |c| c.number(stat).unwrap_or(0))
    }

    /// Refuses a dial showing a symbol where HeroClix needs a number (HeroClix has no symbol on
    /// its dials; HorrorClix's hourglass is not a HeroClix value): the first one, with its field
    /// (`dial[3].speed`, 0-based) and what stands there.
    pub fn check_numbers(&self) -> Result<(), DialSymbolError> {
        match skirmish_clix::dial::symbols(&self.dial).first() {
            None => Ok(()),
            Some(&(click, shown)) => Err(DialSymbolError {
                figure: self.id.clone(),
                click,
                shown,
            }),
        }
    }

    /// The point value when the figure starts on starting line number `line` (0 = first).
    pub fn points_for_line(&self, line: usize) -> Option<u32> {
        self.points.get(line).copied()
    }

    /// Every standard power or unknown power mark appearing anywhere on the dial.
    pub fn dial_powers(&self) -> Vec<DialPower> {
        let mut out: Vec<DialPower> = Vec::new();
        for c in &self.dial {
            for p in c.powers.iter().flatten() {
                if !out.contains(p) {
                    out.push(p.clone());
                }
            }
        }
        out
    }
}

/// A symbol on a HeroClix figure's dial where HeroClix needs a number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DialSymbolError {
    /// The figure's id.
    pub figure: String,
    /// The click, 0-based.
    pub click: usize,
    /// The column and the symbol.
    pub shown: SymbolShown,
}

impl DialSymbolError {
    /// The field at fault, as content issues name fields: `dial[3].speed`.
    pub fn field(&self) -> String {
        format!("dial[{}].{}", self.click, self.shown.stat.id())
    }
}

impl fmt::Display for DialSymbolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({}): {}; HeroClix needs a number there (the {} is a HorrorClix symbol)",
            self.field(),
            self.figure,
            self.shown,
            self.shown.symbol.name(skirmish_lang::Lang::En)
        )
    }
}

impl std::error::Error for DialSymbolError {}
