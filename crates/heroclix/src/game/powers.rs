//! Powers and abilities (rulebook Partie 3 *Pouvoirs et compétences*, the Powers and Abilities
//! Card, `../shared/specs/heroclix-powers.md`): what a figure possesses right now, and the
//! passive effects every other module asks about — value modifiers, damage reduction, breakaway,
//! movement modes, line of fire.
//!
//! A figure possesses a standard power while it shows on its current click, and a combat ability
//! while its base carries the symbol (rulebook *Utiliser et posséder*). It functions as if it
//! lacked one while Outwit counters it, while a Pulse Wave ignores it, or — for combat
//! abilities — while Earthbound/Neutralized shows. Effects of a power end at once when it is
//! lost or countered, because every question goes through [`has`] at the moment it is asked.

use serde::{Deserialize, Serialize};
use skirmish_board::FigureId;
use skirmish_engine::Seat;
use skirmish_lang::Lang;

use super::state::{Fig, State};
use super::values::{Change, Effect};
use crate::figure::{
    AttackSymbol, DamageSymbol, DefenseSymbol, DialPower, Power, SpeedSymbol, Stat,
};
use crate::movement::MoveMode;

/// Something a figure can possess and Outwit can counter: a standard power or a combat ability
/// (rulebook *Compétences de combat*). Team abilities are not here: they cannot be countered.
/// Written as one identifier: the power's (`toughness`) or the ability's (`flight`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ability {
    /// A standard power.
    Power(Power),
    /// *Vol*: wing symbol.
    Flight,
    /// *Transport*: wing or reversed speed symbol.
    Carry,
    /// *Nage*: dolphin symbol.
    Swim,
    /// *Se déplacer et attaquer*: reversed speed symbol.
    MoveAndAttack,
    /// *Attaque duo*: duo symbol.
    DuoAttack,
    /// *Tireur d'élite*: sharpshooter symbol.
    Sharpshooter,
    /// *Indomptable*: indomitable symbol.
    Indomitable,
    /// *Géant*: giant symbol.
    Giant,
    /// *Colosse*: colossal symbol.
    Colossal,
    /// *Capture*, the old ability of the Sentinels (rulebook Partie 3 *Capture*; FAQ 2002
    /// *Sentinelles*): never on a base, only given by a character card; not a power, so Outwit
    /// cannot counter it (FAQ).
    Capture,
    /// The Sentinels' special multiple attack (FAQ 2002 *Sentinelles*): two combat actions in
    /// one action against two different targets, figures or blocking terrain, each at −1
    /// damage; only given by a character card.
    MultiAttack,
}

const ABILITY_IDS: [(Ability, &str); 11] = [
    (Ability::Flight, "flight"),
    (Ability::Carry, "carry"),
    (Ability::Swim, "swim"),
    (Ability::MoveAndAttack, "move_and_attack"),
    (Ability::DuoAttack, "duo_attack"),
    (Ability::Sharpshooter, "sharpshooter"),
    (Ability::Indomitable, "indomitable"),
    (Ability::Giant, "giant"),
    (Ability::Colossal, "colossal"),
    (Ability::Capture, "capture"),
    (Ability::MultiAttack, "multi_attack"),
];

impl Ability {
    /// The abilities the combat symbols of a base give (rulebook *Compétences de combat*);
    /// Capture and the multiple attack come only from character cards.
    pub const SYMBOLS: [Ability; 9] = [
        Ability::Flight,
        Ability::Carry,
        Ability::Swim,
        Ability::MoveAndAttack,
        Ability::DuoAttack,
        Ability::Sharpshooter,
        Ability::Indomitable,
        Ability::Giant,
        Ability::Colossal,
    ];

    /// The stable identifier.
    pub fn id(self) -> &'static str {
        match self {
            Ability::Power(p) => p.id(),
            other => ABILITY_IDS
                .iter()
                .find(|(a, _)| *a == other)
                .map_or("?", |(_, id)| id),
        }
    }

    /// The ability with this identifier.
    pub fn from_id(id: &str) -> Option<Ability> {
        Power::from_id(id)
            .map(Ability::Power)
            .or_else(|| ABILITY_IDS.iter().find(|(_, i)| *i == id).map(|(a, _)| *a))
    }

    /// The ability's name for players.
    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            Ability::Power(p) => p.name(lang),
            Ability::Flight => lang.pick("Flight", "Vol"),
            Ability::Carry => lang.pick("Carry", "Transport"),
            Ability::Swim => lang.pick("Swim", "Nage"),
            Ability::MoveAndAttack => lang.pick("Move and Attack", "Se déplacer et attaquer"),
            Ability::DuoAttack => lang.pick("Duo Attack", "Attaque duo"),
            Ability::Sharpshooter => lang.pick("Sharpshooter", "Tireur d'élite"),
            Ability::Indomitable => lang.pick("Indomitable", "Indomptable"),
            Ability::Giant => lang.pick("Giant", "Géant"),
            Ability::Colossal => lang.pick("Colossal", "Colosse"),
            Ability::Capture => lang.pick("Capture", "Capture"),
            Ability::MultiAttack => lang.pick("Multiple attack", "Attaque multiple"),
        }
    }
}

impl Serialize for Ability {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Ability {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let id = String::deserialize(d)?;
        Ability::from_id(&id).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown power or ability `{id}` (a power identifier such as `toughness`, or flight, carry, swim, move_and_attack, duo_attack, sharpshooter, indomitable, giant, colossal, capture, multi_attack)"
            ))
        })
    }
}

/// Which edition of the Powers and Abilities Card the game plays (spec §0.1). The four pink
/// powers (Sidestep, Precision Strike, Invincible, Empower) exist only on the 2010 card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RulesEra {
    /// The 2008 card the French rulebook refers to.
    #[default]
    Pac2008,
    /// The 2010 card: adds the four pink powers.
    Pac2010,
}

/// Which action Phasing/Teleport needs (spec SPD-3: power action up to 2007, move action from
/// 2010; the 2008 card is not known).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PhasingAction {
    /// A power action (the 2006-07 card; default).
    #[default]
    Power,
    /// Any move action (the 2010 card).
    Move,
}

/// The rules choices the recovered card texts leave open (spec §9.5), each named, with the
/// 2008 reading (or the nearest confirmed one) as default. `docs/rules/heroclix-powers.md` lists
/// them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PowerOptions {
    /// Card edition.
    pub era: RulesEra,
    /// Phasing/Teleport's action type.
    pub phasing_action: PhasingAction,
    /// Stealth blocks lines of fire only when it is not its owner's turn (2012 card); the 2008
    /// card blocks them always.
    pub stealth_only_off_turn: bool,
    /// Quake's damage is locked at 2 and knocks back exactly 2 (2012 card); by default it
    /// becomes 2 only when higher and knocks back one square per damage taken (2005 card).
    pub quake_locked: bool,
    /// Leadership succeeds on this d6 result or more (4 on the 2005 card, 5 on the 2012 one).
    pub leadership_threshold: u8,
    /// Perplex lasts until the start of the user's next turn (2012 card) instead of the end of
    /// the turn (2005 card).
    pub perplex_until_next_turn: bool,
    /// Battle Fury also keeps Incapacitate off the figure (2012 card).
    pub battle_fury_blocks_incapacitate: bool,
    /// X-Men heal by exchanging a click, the healer always taking 1 (FAQ 2002); by default the
    /// healer takes 1 only on a d6 of 1–4 (2012 card).
    pub x_men_exchange: bool,
    /// Fliers pass squares next to or holding opposing figures (2012 card, spec COMB-1); the
    /// 2008 text is not recovered, so by default they stop next to them as every mover does.
    pub flight_passes_opponents: bool,
    /// Standard figures do not block lines of fire to or from a giant; giants and colossal
    /// figures do. A [2005] rule (spec COMB-8 item 6) the 2008-era giant rules are not known
    /// to have dropped: on by default; off, every figure blocks as in the rulebook.
    pub giant_lines_over_standard: bool,
    /// Standard and giant figures do not block lines of fire to or from a colossal figure;
    /// colossal figures do (the 2010 colossal ability, spec COMB-9 — the baseline the spec takes
    /// for 2008): on by default; off, the giant rule (or the rulebook) applies.
    pub colossal_lines_over_smaller: bool,
    /// Combat Reflexes' knockback clause (spec DEF-4; the 2008 clause is not known).
    pub combat_reflexes: CombatReflexesKnockback,
    /// Energy Explosion's model (spec ATK-2).
    pub energy_explosion: EnergyExplosionModel,
    /// The 2002 Mind Control (spec SPD-6, FAQ 2002 *Contrôle Psychique*): the controlled figure
    /// takes an action token for its action and may be pushed; a figure with two tokens cannot
    /// be controlled. By default its action is free (2006-07 card).
    pub mind_control_tokens: bool,
    /// Blades/Claws/Fangs' d6 is locked: no modifier applies to it (2012/13 card, spec ATK-1);
    /// by default it is a replacement that modifiers still change.
    pub blades_locked: bool,
    /// A successful Leadership roll also lets the leader clear an action token from an adjacent
    /// friend of lower point value (2012/13 card, spec DMG-12).
    pub leadership_clears_token: bool,
    /// Battle Fury ignores Shape Change and the Skrulls' roll (2012/13 card, spec DMG-2).
    pub battle_fury_ignores_shape_change: bool,
    /// Hereditary enemies (FAQ 2002 *Constituez votre équipe*, *Contrôle Psychique*,
    /// *Sentinelles*): a 2002 rule the 2008 rulebook does not have, so off by default.
    pub hereditary_enemies: HereditaryEnemies,
    /// How much of a dial in play the page shows (rulebook *Étape 1*). It changes no rule the
    /// engine runs, only what players are shown, and is left out of saved states at its default
    /// so that states saved before it existed keep their hashes.
    #[serde(skip_serializing_if = "DialView::is_full")]
    pub dial_view: DialView,
}

impl PowerOptions {
    /// The options named by `name=value` pairs, the others at their default: values are read as
    /// JSON (`true`, `5`) or else as text (`pac2010`). An unknown name or a wrong value is an
    /// error that names it and the options there are.
    pub fn from_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<PowerOptions, String> {
        let mut map = serde_json::Map::new();
        for (name, value) in pairs {
            let v = serde_json::from_str::<serde_json::Value>(value)
                .ok()
                .filter(|v| !v.is_string())
                .unwrap_or_else(|| serde_json::Value::String(value.to_string()));
            if map.insert(name.to_string(), v).is_some() {
                return Err(format!("the option `{name}` is given twice"));
            }
        }
        PowerOptions::from_json(serde_json::Value::Object(map))
    }

    /// The options of a JSON object (`{"era": "pac2010"}`), the others at their default.
    pub fn from_json(value: serde_json::Value) -> Result<PowerOptions, String> {
        serde_json::from_value(value).map_err(|e| {
            let e = e.to_string();
            if e.contains("expected one of") {
                format!("bad rules option: {e}")
            } else {
                format!(
                    "bad rules option: {e} (options: {})",
                    PowerOptions::NAMES.join(", ")
                )
            }
        })
    }

    /// The options' names, as files and commands write them.
    pub const NAMES: [&'static str; 19] = [
        "era",
        "phasing_action",
        "stealth_only_off_turn",
        "quake_locked",
        "leadership_threshold",
        "perplex_until_next_turn",
        "battle_fury_blocks_incapacitate",
        "x_men_exchange",
        "flight_passes_opponents",
        "giant_lines_over_standard",
        "colossal_lines_over_smaller",
        "combat_reflexes",
        "energy_explosion",
        "mind_control_tokens",
        "blades_locked",
        "leadership_clears_token",
        "battle_fury_ignores_shape_change",
        "hereditary_enemies",
        "dial_view",
    ];

    /// The values an option that is not a yes/no takes, for forms that offer them.
    pub fn choices() -> Vec<(&'static str, Vec<serde_json::Value>)> {
        use serde_json::json;
        vec![
            ("era", vec![json!("pac2008"), json!("pac2010")]),
            ("phasing_action", vec![json!("power"), json!("move")]),
            ("leadership_threshold", vec![json!(4), json!(5)]),
            (
                "combat_reflexes",
                vec![json!("none"), json!("elect"), json!("ignore")],
            ),
            (
                "energy_explosion",
                vec![json!("splash"), json!("area_per_bolt")],
            ),
            (
                "hereditary_enemies",
                vec![json!("off"), json!("any_ring"), json!("same_colour")],
            ),
            ("dial_view", vec![json!("full"), json!("current")]),
        ]
    }

    /// Every option at its default as JSON, for forms: unlike serializing
    /// `PowerOptions::default()`, it names the options saved states leave out at their default.
    pub fn defaults_json() -> serde_json::Value {
        let mut v = serde_json::to_value(PowerOptions::default()).unwrap_or_default();
        if let Some(m) = v.as_object_mut() {
            m.entry("dial_view")
                .or_insert_with(|| serde_json::json!(DialView::Full));
        }
        v
    }

    /// The options that differ from the defaults, as `name = value` text, for logs and views.
    pub fn changed(&self) -> Vec<String> {
        let now = serde_json::to_value(self).unwrap_or_default();
        let base = serde_json::to_value(PowerOptions::default()).unwrap_or_default();
        PowerOptions::NAMES
            .iter()
            .filter(|n| now.get(**n) != base.get(**n))
            .map(|n| format!("{n} = {}", now.get(*n).cloned().unwrap_or_default()))
            .collect()
    }
}

/// Combat Reflexes' knockback clause (spec DEF-4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CombatReflexesKnockback {
    /// +2 defence against close attacks only (no clause; default).
    #[default]
    None,
    /// The 2005 card: the figure may choose to be knocked back by any attack that damages it,
    /// doubles or not, and takes no knockback damage.
    Elect,
    /// The 2012/13 card: the figure is never knocked back.
    Ignore,
}

/// Which opposing characters are hereditary enemies (FAQ 2002 *Constituez votre équipe*): two
/// bases with a hereditary-enemy ring (`enemy_ring`, « un cercle extérieur d'une couleur autre
/// que noire ») whose characters do not bear the same name. Knocking one out scores twice its
/// points, releasing one as a captive three times (FAQ *Sentinelles*); a Mind Controller counts
/// for what its controlled figure does and suffers (FAQ *Contrôle Psychique*).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HereditaryEnemies {
    /// No hereditary enemies (the 2008 rulebook; default).
    #[default]
    Off,
    /// Any two rings make hereditary enemies: the FAQ's words, which name no colour.
    AnyRing,
    /// Only rings of the same colour do: a reading for players who pair arch-enemies by colour.
    SameColour,
}

/// How much of a figure's dial in play players may read (rulebook *Étape 1* : « Vous ne pouvez
/// pas tourner un disque de combat pendant la partie pour regarder les valeurs situées avant ou
/// après »).
///
/// The default is `Full`: the rule guards a physical dial (a dial turned to look may be put
/// back on the wrong click), and the engine alone turns dials here, so it cannot be broken that
/// way; the printed dials stay readable in the team builder, as a player at a table may know a
/// figure's dial from its card or a checklist, so hiding them in play would only slow new
/// players down. `Current` is for players who want the table's discipline: in play the page
/// shows only the click showing, neither the clicks before nor after it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DialView {
    /// Every click of a dial in play can be read (default).
    #[default]
    Full,
    /// Only the click showing (rulebook *Étape 1*); the builder still shows whole dials.
    Current,
}

impl DialView {
    /// True for the default, which saved states leave out.
    pub fn is_full(&self) -> bool {
        *self == DialView::Full
    }
}

/// Energy Explosion's model (spec ATK-2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnergyExplosionModel {
    /// The 2005 model (default): damage 1; the roll is compared with each figure next to a hit
    /// target, 1 damage per hit.
    #[default]
    Splash,
    /// The 2013 card: hit targets take the damage value; every other figure next to one takes 1
    /// damage per lightning bolt on the attacker's base, no roll needed.
    AreaPerBolt,
}

impl Default for PowerOptions {
    fn default() -> Self {
        PowerOptions {
            era: RulesEra::Pac2008,
            phasing_action: PhasingAction::Power,
            stealth_only_off_turn: false,
            quake_locked: false,
            leadership_threshold: 4,
            perplex_until_next_turn: false,
            battle_fury_blocks_incapacitate: false,
            x_men_exchange: false,
            flight_passes_opponents: false,
            giant_lines_over_standard: true,
            colossal_lines_over_smaller: true,
            combat_reflexes: CombatReflexesKnockback::None,
            energy_explosion: EnergyExplosionModel::Splash,
            mind_control_tokens: false,
            blades_locked: false,
            leadership_clears_token: false,
            battle_fury_ignores_shape_change: false,
            hereditary_enemies: HereditaryEnemies::Off,
            dial_view: DialView::Full,
        }
    }
}

/// An Outwit counter on a figure (spec DMG-11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counter {
    /// What is countered.
    pub ability: Ability,
    /// The Outwit user: the counter ends when it loses Outwit or is knocked out.
    pub by: FigureId,
    /// The counter ends when this seat's next turn begins.
    pub until_turn_of: Seat,
}

/// A Perplex modifier on a figure (spec DMG-10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Perplexed {
    /// Which value.
    pub stat: Stat,
    /// +1 or −1.
    pub delta: i8,
    /// The Perplex user: the modifier ends when it loses Perplex or is knocked out.
    pub by: FigureId,
    /// The modifier ends when this seat's turn ends (or its next turn begins, by option).
    pub seat: Seat,
}

fn era_allows(state: &State, p: Power) -> bool {
    !matches!(
        p,
        Power::Sidestep | Power::PrecisionStrike | Power::Invincible | Power::Empower
    ) || state.options.powers.era == RulesEra::Pac2010
}

/// True if the figure's dial shows this power on its current click.
pub fn shows(f: &Fig, p: Power) -> bool {
    f.def.dial.get(f.click).is_some_and(|c| {
        c.powers
            .iter()
            .flatten()
            .any(|d| *d == DialPower::Standard(p))
    })
}

/// True while Earthbound/Neutralized replaces the figure's symbols with the standard ones.
/// It can be neither countered nor ignored.
pub fn earthbound(f: &Fig) -> bool {
    shows(f, Power::EarthboundNeutralized)
}

/// True if the figure possesses the ability or a card lets it use it, and it functions now.
pub fn has(state: &State, f: &Fig, a: Ability) -> bool {
    has_own(state, f, a)
        || (state.card_effects
            && state.grantable.contains(&a)
            && !blocked(state, f, a)
            && (!matches!(a, Ability::Power(_)) && !earthbound(f)
                || matches!(a, Ability::Power(p) if era_allows(state, p)))
            && super::tactics::uses(state, f, a))
}

/// True if an ability cannot function on this figure whatever grants it: off the map, ignored by
/// a Pulse Wave, countered by Outwit, switched off.
fn blocked(state: &State, f: &Fig, a: Ability) -> bool {
    !f.in_play()
        || state.ignoring.contains(&f.id)
        || f.countered.iter().any(|c| c.ability == a)
        || f.switched_off.contains(&a)
}

/// True if the figure's own dial or base gives it the ability and it functions now; card
/// effects aside (feat prerequisites ask this, so that a feat cannot meet its own).
pub fn has_own(state: &State, f: &Fig, a: Ability) -> bool {
    if !f.in_play() {
        return false;
    }
    if a == Ability::Power(Power::EarthboundNeutralized) {
        return earthbound(f);
    }
    if blocked(state, f, a) {
        return false;
    }
    match a {
        Ability::Power(p) => era_allows(state, p) && shows(f, p),
        _ if earthbound(f) => false,
        other => symbol_grants(&f.def, other),
    }
}

/// True if the figure's base shows the combat symbol that gives this ability (rulebook
/// *Compétences de combat*); never for a standard power.
pub fn symbol_grants(def: &crate::figure::FigureDef, a: Ability) -> bool {
    let s = def.symbols;
    match a {
        Ability::Power(_) => false,
        Ability::Flight => matches!(s.speed, SpeedSymbol::Wing | SpeedSymbol::TransportWing),
        Ability::Carry => matches!(
            s.speed,
            SpeedSymbol::Wing
                | SpeedSymbol::TransportWing
                | SpeedSymbol::TransportBoot
                | SpeedSymbol::TransportDolphin
        ),
        Ability::Swim => matches!(
            s.speed,
            SpeedSymbol::Dolphin | SpeedSymbol::TransportDolphin
        ),
        Ability::MoveAndAttack => matches!(
            s.speed,
            SpeedSymbol::TransportBoot | SpeedSymbol::TransportWing | SpeedSymbol::TransportDolphin
        ),
        Ability::DuoAttack => s.attack == AttackSymbol::Duo,
        Ability::Sharpshooter => s.attack == AttackSymbol::Sharpshooter,
        Ability::Indomitable => s.defense == DefenseSymbol::Indomitable,
        Ability::Giant => s.damage == DamageSymbol::Giant,
        Ability::Colossal => s.damage == DamageSymbol::Colossal,
        Ability::Capture | Ability::MultiAttack => false,
    }
}

/// Shorthand for a standard power.
pub fn power(state: &State, f: &Fig, p: Power) -> bool {
    has(state, f, Ability::Power(p))
}

/// Everything the figure possesses now (powers first, card order), for Outwit's choices and
/// the player's view.
pub fn possessed(state: &State, f: &Fig) -> Vec<Ability> {
    // Only a power its dial shows or a card may grant can be possessed: checking those alone
    // spares asking about every power of the game (this runs for each figure at every
    // listing of the legal actions). Listed in `Power::ALL`'s order, as before.
    let shown = f.def.dial.get(f.click).into_iter().flat_map(|c| {
        c.powers.iter().flatten().filter_map(|d| match d {
            DialPower::Standard(p) => Some(*p),
            _ => None,
        })
    });
    let granted = state.grantable.iter().filter_map(|a| match a {
        Ability::Power(p) if state.card_effects => Some(*p),
        _ => None,
    });
    let mut candidates: Vec<(usize, Power)> = shown
        .chain(granted)
        .filter_map(|p| Power::ALL.iter().position(|q| *q == p).map(|i| (i, p)))
        .collect();
    candidates.sort_unstable_by_key(|(i, _)| *i);
    candidates.dedup_by_key(|(i, _)| *i);
    let mut out: Vec<Ability> = candidates
        .into_iter()
        .map(|(_, p)| Ability::Power(p))
        .filter(|a| has(state, f, *a))
        .collect();
    for a in Ability::SYMBOLS {
        if has(state, f, a) {
            out.push(a);
        }
    }
    out
}

/// True if the figure possesses the team ability (an identifier such as `defenders`), or uses
/// it as a wild card: a wild card uses any team ability of a friendly figure on the map
/// (rulebook *Jokers*; FAQ *Laquais de Fatalis*, *Spider-Man*). Team abilities cannot be
/// countered, but a Pulse Wave ignores them. An alternate team ability card gives its
/// characters one more, or a different one (rulebook Partie 3 *Compétences de groupe
/// alternatives*; [`team_abilities`]).
pub fn team(state: &State, f: &Fig, ability: &str) -> bool {
    if !f.in_play() || state.ignoring.contains(&f.id) || f.teams_off.iter().any(|t| t == ability) {
        return false;
    }
    if possesses_team(state, f, ability) {
        return true;
    }
    // A wild card uses the one team ability its player chose for it, while a friendly figure
    // on the map possesses it (rulebook *Jokers*) and may lend it (an ATA card may forbid).
    f.wild_card.as_deref() == Some(ability)
        && is_wild_card(state, f)
        && state.in_play().any(|o| {
            o.id != f.id && state.allied(o.owner, f.owner) && lends_team(state, o, ability)
        })
}

/// The alternate team ability card whose team ability the figure possesses, if any.
pub fn ata_of<'a>(state: &'a State, f: &Fig) -> Option<&'a crate::tactics::AtaDef> {
    state
        .atas
        .iter()
        .find(|a| a.figures.contains(&f.id))
        .map(|a| a.def.as_ref())
}

/// The team abilities the figure possesses, working or not: those printed on its base unless
/// an alternate team ability card replaces them, and the card's (rulebook Partie 3
/// *Compétences de groupe alternatives*: « Ces compétences de groupe sont possédées par les
/// personnages en question »).
pub fn team_abilities<'a>(state: &'a State, f: &'a Fig) -> impl Iterator<Item = &'a str> {
    let ata = ata_of(state, f);
    let replaced = ata.is_some_and(|a| a.replaces);
    f.def
        .team_abilities
        .iter()
        .map(String::as_str)
        .filter(move |_| !replaced)
        .chain(
            ata.filter(|a| a.replaces || !f.def.team_abilities.contains(&a.team_ability))
                .map(|a| a.team_ability.as_str()),
        )
}

/// True if the figure possesses the team ability ([`team_abilities`]); cheap without cards.
fn possesses_team(state: &State, f: &Fig, ability: &str) -> bool {
    if state.atas.is_empty() {
        f.def.team_abilities.iter().any(|t| t == ability)
    } else {
        team_abilities(state, f).any(|t| t == ability)
    }
}

/// True if a wild card may use the team ability through this figure: it possesses it, and not
/// only through an alternate team ability card that forbids wild cards.
fn lends_team(state: &State, o: &Fig, ability: &str) -> bool {
    let printed = || o.def.team_abilities.iter().any(|t| t == ability);
    match ata_of(state, o) {
        None => printed(),
        Some(a) => (!a.replaces && printed()) || (a.team_ability == ability && a.wild_cards),
    }
}

/// The team abilities a wild card may switch to: those friendly figures on the map possess
/// and lend ([`lends_team`]), wild cards' own aside, other than the one it uses.
pub fn wild_card_options(state: &State, f: &Fig) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    if !is_wild_card(state, f) {
        return out;
    }
    for o in state.in_play() {
        if o.id == f.id || !state.allied(o.owner, f.owner) {
            continue;
        }
        for t in team_abilities(state, o) {
            if !matches!(t, "minions_of_doom" | "spider_man")
                && f.wild_card.as_deref() != Some(t)
                && !out.iter().any(|x| x == t)
                && lends_team(state, o, t)
            {
                out.push(t.to_string());
            }
        }
    }
    out.sort();
    out
}

/// The team abilities the engine runs (the ones the 2002 FAQ names); others are listed as
/// not run by team checks.
pub const TEAM_ABILITIES_RUN: &[&str] = &[
    "x_men",
    "avengers",
    "brotherhood_of_mutants",
    "defenders",
    "hydra",
    "shield",
    "masters_of_evil",
    "minions_of_doom",
    "sinister_syndicate",
    "skrulls",
    "spider_man",
];

/// A team ability's name for players.
pub fn team_name(id: &str, lang: Lang) -> String {
    let (en, fr) = match id {
        "x_men" => ("X-Men", "X-Men"),
        "avengers" => ("Avengers", "Vengeurs"),
        "brotherhood_of_mutants" => ("Brotherhood of Mutants", "Confrérie des Mauvais Mutants"),
        "defenders" => ("Defenders", "Défenseurs"),
        "hydra" => ("Hydra", "Hydra"),
        "shield" => ("S.H.I.E.L.D.", "S.H.I.E.L.D."),
        "masters_of_evil" => ("Masters of Evil", "Maîtres du mal"),
        "minions_of_doom" => ("Minions of Doom", "Laquais de Fatalis"),
        "sinister_syndicate" => ("Sinister Syndicate", "Sinistres Six"),
        "skrulls" => ("Skrulls", "Skrulls"),
        "spider_man" => ("Spider-Man", "Spider-Man"),
        other => (other, other),
    };
    lang.pick(en, fr).to_string()
}

/// Wild-card team abilities (FAQ: Minions of Doom and Spider-Man), printed or given by an
/// alternate team ability card (a replacing card may take them away).
pub fn is_wild_card(state: &State, f: &Fig) -> bool {
    team_abilities(state, f).any(|t| matches!(t, "minions_of_doom" | "spider_man"))
}

/// What an attack is, for the value effects that depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct AttackCtx {
    /// The attacker.
    pub attacker: Option<FigureId>,
    /// The target whose defence is being computed.
    pub target: Option<FigureId>,
    /// Ranged (true) or close.
    pub ranged: bool,
    /// The power the attack is made with.
    pub power: Option<Power>,
    /// Blades/Claws/Fangs rolled this damage value.
    pub blades: Option<u8>,
    /// The attack is made under Move and Attack (−2 attack).
    pub move_and_attack: bool,
    /// The attack is a Pulse Wave reaching more than one figure (damage 1).
    pub wave_many: bool,
    /// Duo Attack's second attack (−1 damage, minimum 1).
    pub duo_second: bool,
    /// The object used: held in a close attack (+1 light, +2 heavy), or thrown (2 or 3).
    pub object: Option<super::state::ObjectKind>,
}

fn fx(change: Change, en: &str, fr: &str) -> Effect {
    Effect::new(change, en, fr)
}

/// Effects of powers and abilities on one value of a figure, outside any attack (Perplex) or
/// inside one (`ctx`), in the order the pipeline reads them.
pub fn effects(state: &State, f: &Fig, stat: Stat, ctx: Option<&AttackCtx>) -> Vec<Effect> {
    let mut out = Vec::new();
    // Replacements first in reading order; `values::compute` applies them before modifiers.
    if let Some(ctx) = ctx {
        let attacker = ctx.attacker.and_then(|id| state.fig(id));
        let is_attacker = ctx.attacker == Some(f.id);
        let is_target = ctx.target == Some(f.id);
        match stat {
            Stat::Attack if is_attacker => {
                if ctx.move_and_attack {
                    out.push(fx(
                        Change::Modify(-2),
                        "Move and Attack",
                        "Se déplacer et attaquer",
                    ));
                    out.push(fx(
                        Change::Minimum(1),
                        "Move and Attack",
                        "Se déplacer et attaquer",
                    ));
                }
                if let Some(v) = syndicate_attack(state, f) {
                    out.insert(
                        0,
                        fx(
                            Change::Set(v),
                            "Sinister Syndicate: adjacent member's attack value",
                            "Syndicat du crime : valeur d'attaque d'un membre adjacent",
                        ),
                    );
                }
            }
            Stat::Defense if is_target => {
                if let Some((v, how_en, how_fr)) = borrowed_defense(state, f) {
                    out.insert(0, fx(Change::Set(v), &how_en, &how_fr));
                }
                if ctx.ranged && power(state, f, Power::EnergyShieldDeflection) {
                    out.push(fx(
                        Change::Modify(2),
                        "Energy Shield/Deflection against a ranged attack",
                        "Bouclier d'énergie/Déviation contre une attaque à distance",
                    ));
                }
                if !ctx.ranged && power(state, f, Power::CombatReflexes) {
                    out.push(fx(
                        Change::Modify(2),
                        "Combat Reflexes against a close attack",
                        "Réflexes de combat contre une attaque au corps à corps",
                    ));
                }
                if let Some(a) = attacker {
                    if ctx.ranged {
                        let hydra = hydra_helpers(state, a, f);
                        if hydra > 0 {
                            out.push(fx(
                                Change::Modify(-hydra),
                                "Hydra: an adjacent Hydra figure sees the target",
                                "Hydra : un personnage Hydra adjacent voit la cible",
                            ));
                        }
                    }
                }
            }
            Stat::Damage if is_attacker => {
                match ctx.power {
                    Some(Power::EnergyExplosion)
                        if state.options.powers.energy_explosion
                            == EnergyExplosionModel::Splash =>
                    {
                        out.push(fx(
                            Change::Set(1),
                            "Energy Explosion: damage 1 per hit",
                            "Explosion d'énergie : 1 dégât par touche",
                        ))
                    }
                    Some(Power::Quake) if state.options.powers.quake_locked => {
                        out.push(fx(Change::Lock(2), "Quake", "Tremblement"))
                    }
                    Some(Power::Quake) if f.printed(Stat::Damage) > 2 => out.push(fx(
                        Change::Set(2),
                        "Quake: damage becomes 2",
                        "Tremblement : les dégâts deviennent 2",
                    )),
                    Some(Power::PulseWave) if ctx.wave_many => out.push(fx(
                        Change::Set(1),
                        "Pulse Wave reaching several figures: damage 1",
                        "Vague pulsante atteignant plusieurs personnages : 1 dégât",
                    )),
                    Some(Power::RangedCombatExpert) | Some(Power::CloseCombatExpert) => {
                        let p = ctx.power.unwrap_or(Power::CloseCombatExpert);
                        out.push(Effect::new(
                            Change::Modify(2),
                            p.name(Lang::En),
                            p.name(Lang::Fr),
                        ));
                    }
                    _ => {}
                }
                match (ctx.object, ctx.ranged) {
                    (Some(super::state::ObjectKind::Light), false) => {
                        out.push(fx(Change::Modify(1), "light object", "objet léger"))
                    }
                    (Some(super::state::ObjectKind::Heavy), false) => {
                        out.push(fx(Change::Modify(2), "heavy object", "objet lourd"))
                    }
                    (Some(super::state::ObjectKind::Light), true) => out.insert(
                        0,
                        fx(Change::Set(2), "thrown light object", "objet léger lancé"),
                    ),
                    (Some(_), true) => out.insert(
                        0,
                        fx(Change::Set(3), "thrown heavy object", "objet lourd lancé"),
                    ),
                    _ => {}
                }
                if ctx.ranged {
                    for (agent, friend) in &state.shield_boosts {
                        if *friend == f.id
                            && state
                                .fig(*agent)
                                .is_some_and(|a| a.in_play() && state.figures_adjacent(a, f))
                        {
                            out.push(fx(
                                Change::Modify(1),
                                "S.H.I.E.L.D. support",
                                "soutien du S.H.I.E.L.D.",
                            ));
                        }
                    }
                }
                if ctx.duo_second {
                    out.push(fx(
                        Change::Modify(-1),
                        "Duo Attack: second attack",
                        "Attaque duo : seconde attaque",
                    ));
                    out.push(fx(
                        Change::Minimum(1),
                        "Duo Attack: second attack",
                        "Attaque duo : seconde attaque",
                    ));
                }
                if let Some(roll) = ctx.blades {
                    let roll = i32::from(roll);
                    out.insert(
                        0,
                        fx(
                            if state.options.powers.blades_locked {
                                Change::Lock(roll)
                            } else {
                                Change::Set(roll)
                            },
                            "Blades/Claws/Fangs roll",
                            "jet de Lames/Griffes/Crocs",
                        ),
                    );
                }
                let boost = if ctx.ranged {
                    Power::Enhancement
                } else {
                    Power::Empower
                };
                for o in state.in_play() {
                    if o.id != f.id
                        && state.allied(o.owner, f.owner)
                        && state.figures_adjacent(o, f)
                        && power(state, o, boost)
                    {
                        out.push(Effect::new(
                            Change::Modify(1),
                            format!("{} from {}", boost.name(Lang::En), o.label),
                            format!("{} de {}", boost.name(Lang::Fr), o.label),
                        ));
                    }
                }
            }
            _ => {}
        }
    }
    // FAQ 2002 *Sentinelles*: each attack of a multiple attack deals 1 less — on blocking
    // terrain too; with Energy Explosion the damage is reduced first, then becomes the
    // explosion's 1.
    let splash_one = state.options.powers.energy_explosion == EnergyExplosionModel::Splash;
    if stat == Stat::Damage
        && state
            .multi_attacking
            .as_ref()
            .is_some_and(|m| m.figure == f.id)
        && ctx.is_none_or(|c| !(splash_one && c.power == Some(Power::EnergyExplosion)))
    {
        out.push(fx(
            Change::Modify(-1),
            "multiple attack",
            "attaque multiple",
        ));
    }
    for p in &f.perplexed {
        if p.stat == stat
            && state
                .fig(p.by)
                .is_some_and(|u| power(state, u, Power::Perplex))
        {
            out.push(fx(
                Change::Modify(i32::from(p.delta)),
                "Perplex",
                "Perplexité",
            ));
        }
    }
    if state.card_effects {
        let value = match stat {
            Stat::Speed => crate::card_effect::Value::Speed,
            Stat::Attack => crate::card_effect::Value::Attack,
            Stat::Defense => crate::card_effect::Value::Defense,
            Stat::Damage => crate::card_effect::Value::Damage,
        };
        out.extend(super::tactics::modifiers(state, f, value, ctx));
    }
    out
}

/// The best unmodified defence a figure may borrow from an adjacent friend: Defend from any
/// friend with the power (transitive, FAQ *Protection*), Defenders between members (FAQ
/// *Compétence d'équipe des Défenseurs*). Only a value higher than its own is worth using.
fn borrowed_defense(state: &State, f: &Fig) -> Option<(i32, String, String)> {
    let own = i32::from(f.printed(Stat::Defense));
    let mut best: Option<(i32, String, String)> = None;
    // Transitive sharing: a figure that borrowed a value may pass it on (FAQ example A-B-C).
    let mut value: Vec<(FigureId, i32)> = state
        .in_play()
        .map(|o| (o.id, i32::from(o.printed(Stat::Defense))))
        .collect();
    for _ in 0..state.figures.len().min(8) {
        let mut changed = false;
        for o in state.in_play() {
            for p in state.in_play() {
                if o.id == p.id || !state.allied(o.owner, p.owner) || !state.figures_adjacent(o, p)
                {
                    continue;
                }
                let shares = power(state, p, Power::Defend)
                    || (team(state, p, "defenders") && team(state, o, "defenders"));
                let pv = value.iter().find(|x| x.0 == p.id).map_or(0, |x| x.1);
                if let Some(ov) = value.iter_mut().find(|x| x.0 == o.id) {
                    if shares && pv > ov.1 {
                        ov.1 = pv;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    let v = value.iter().find(|x| x.0 == f.id).map_or(own, |x| x.1);
    if v > own {
        best = Some((
            v,
            "Defend/Defenders: an adjacent friend's defence value".to_string(),
            "Protection/Défenseurs : valeur de défense d'un ami adjacent".to_string(),
        ));
    }
    best
}

/// Sinister Syndicate: just before rolling, a member may use the unmodified attack value of an
/// adjacent member, itself possibly borrowed (FAQ *Sinistres 6* example A-B-C).
fn syndicate_attack(state: &State, f: &Fig) -> Option<i32> {
    if !team(state, f, "sinister_syndicate") {
        return None;
    }
    let own = i32::from(f.printed(Stat::Attack));
    let members: Vec<&Fig> = state
        .in_play()
        .filter(|o| state.allied(o.owner, f.owner) && team(state, o, "sinister_syndicate"))
        .collect();
    let mut value: Vec<(FigureId, i32)> = members
        .iter()
        .map(|o| (o.id, i32::from(o.printed(Stat::Attack))))
        .collect();
    for _ in 0..members.len() {
        let mut changed = false;
        for a in &members {
            for b in &members {
                if a.id != b.id && state.figures_adjacent(a, b) {
                    let bv = value.iter().find(|x| x.0 == b.id).map_or(0, |x| x.1);
                    if let Some(av) = value.iter_mut().find(|x| x.0 == a.id) {
                        if bv > av.1 {
                            av.1 = bv;
                            changed = true;
                        }
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    let v = value.iter().find(|x| x.0 == f.id).map_or(own, |x| x.1);
    (v > own).then_some(v)
}

/// Hydra: −1 to the target's defence for each Hydra figure adjacent to a friendly shooter that
/// has a clear line of fire to the target, whatever its range (FAQ *Hydra*; spec TA-5 — the
/// modifiers stack, one per Hydra figure).
fn hydra_helpers(state: &State, shooter: &Fig, target: &Fig) -> i32 {
    state
        .in_play()
        .filter(|h| {
            h.id != shooter.id
                && state.allied(h.owner, shooter.owner)
                && state.figures_adjacent(h, shooter)
                && team(state, h, "hydra")
                && super::combat::line_of_fire(state, h, target) == skirmish_los::Verdict::Clear
        })
        .count() as i32
}

/// Damage reduction of a figure (Toughness, Invulnerability, Invincible; Impervious needs a
/// roll and is handled by the caller). `None` when nothing reduces.
pub fn reducers(state: &State, f: &Fig) -> Vec<Power> {
    [
        Power::Toughness,
        Power::Invulnerability,
        Power::Impervious,
        Power::Invincible,
    ]
    .into_iter()
    .filter(|p| power(state, f, *p))
    .collect()
}

/// True if the figure takes no pushing damage (Willpower, Indomitable).
pub fn ignores_pushing(state: &State, f: &Fig) -> bool {
    power(state, f, Power::Willpower) || has(state, f, Ability::Indomitable)
}

/// True if the figure is never knocked back now: multi-base, giant or colossal (rulebook
/// *Recul*), or using Charge (spec SPD-5).
pub fn ignores_knockback(state: &State, f: &Fig) -> bool {
    f.is_multi_base()
        || has(state, f, Ability::Giant)
        || has(state, f, Ability::Colossal)
        || state.charging == Some(f.id)
        || state.options.powers.combat_reflexes == CombatReflexesKnockback::Ignore
            && power(state, f, Power::CombatReflexes)
}

/// True if the figure may choose to be knocked back by an attack that damages it without
/// doubles, and takes no knockback damage (Combat Reflexes, 2005 card).
pub fn elects_knockback(state: &State, f: &Fig) -> bool {
    state.options.powers.combat_reflexes == CombatReflexesKnockback::Elect
        && power(state, f, Power::CombatReflexes)
}

/// The breakaway roll's modifier and whether it succeeds without a roll.
pub struct BreakawayRule {
    /// It breaks away without rolling (Leap/Climb, Phasing/Teleport, Hypersonic Speed).
    pub automatic: Option<Power>,
    /// Modifier to the d6, with why.
    pub modifier: Vec<(i32, String)>,
}

/// How a figure breaks away on a move made with `via` (the power moving it, `None` for a
/// plain move action).
pub fn breakaway(state: &State, f: &Fig, via: Option<Power>) -> BreakawayRule {
    let automatic = match via {
        Some(p @ (Power::PhasingTeleport | Power::HypersonicSpeed)) => Some(p),
        None if power(state, f, Power::LeapClimb) => Some(Power::LeapClimb),
        None if phases_on_move(state, f) => Some(Power::PhasingTeleport),
        _ => None,
    };
    let mut modifier = Vec::new();
    if power(state, f, Power::Plasticity) {
        modifier.push((2, "Plasticity".to_string()));
    }
    let giant = has(state, f, Ability::Giant);
    if !giant
        && state.in_play().any(|o| {
            state.opposed(f, o)
                && super::reach::adjacent(state, f, o, super::reach::Purpose::Movement)
                && power(state, o, Power::Plasticity)
                && !power(state, f, Power::Plasticity)
        })
    {
        modifier.push((-2, "opposing Plasticity".to_string()));
    }
    BreakawayRule {
        automatic,
        modifier,
    }
}

/// True if Phasing/Teleport applies to the figure's plain move actions (2010 card option).
pub fn phases_on_move(state: &State, f: &Fig) -> bool {
    state.options.powers.phasing_action == PhasingAction::Move
        && power(state, f, Power::PhasingTeleport)
}

/// How the figure moves on a move made with `via` (`None`: a move action).
pub fn move_mode(state: &State, f: &Fig, via: Option<Power>) -> MoveMode {
    let mut m = MoveMode {
        swim: has(state, f, Ability::Swim),
        ..MoveMode::default()
    };
    let flight = has(state, f, Ability::Flight);
    let big = has(state, f, Ability::Giant) || has(state, f, Ability::Colossal);
    if flight || big {
        m.ignore_hindering = true;
        m.ignore_elevation = true;
        m.ignore_outdoor_blocking = true;
    }
    if flight && state.options.powers.flight_passes_opponents {
        m.pass_enemies = true;
    }
    let leap = via.is_none() && power(state, f, Power::LeapClimb);
    let phase = via == Some(Power::PhasingTeleport) || (via.is_none() && phases_on_move(state, f));
    if leap || phase {
        m.ignore_hindering = true;
        m.ignore_elevation = true;
        m.ignore_outdoor_blocking = true;
        m.pass_enemies = true;
    }
    if phase {
        m.ignore_blocking_and_walls = true;
    }
    if via == Some(Power::Sidestep) {
        m.speed_locked = true;
    }
    if via.is_none() && state.moving_and_attacking == Some(f.id) {
        m.ignore_near_enemies = true;
    }
    if via == Some(Power::HypersonicSpeed) {
        // Spec SPD-10: no breakaway needed, squares next to opposing figures do not stop it.
        m.pass_enemies = true;
    }
    m
}

/// Stealth (spec SPD-11): a line of fire to the figure crossing hindering terrain, its own
/// square included, is blocked.
pub fn stealthy(state: &State, f: &Fig) -> bool {
    power(state, f, Power::Stealth)
        && !(state.options.powers.stealth_only_off_turn && state.active_seat() == f.owner)
}

/// True if `carrier` may carry `p` (spec COMB-2): a friend standing next to it, with standard
/// symbols (no wing, dolphin, transporter, duo, giant or colossal symbol — the later card's
/// list, the 2009 card's being illegible; a multi-base figure too when its symbols allow,
/// rulebook *Personnages multi-socle*), without Battle Fury, holding no object.
pub fn can_carry(state: &State, carrier: &Fig, p: &Fig) -> bool {
    let s = p.def.symbols;
    has(state, carrier, Ability::Carry)
        && p.id != carrier.id
        && p.in_play()
        && state.allied(p.owner, carrier.owner)
        && state.figures_adjacent(carrier, p)
        && !state.objects.iter().any(|o| o.held_by == Some(p.id))
        && s.speed == SpeedSymbol::Boot
        && s.attack != AttackSymbol::Duo
        && !matches!(s.damage, DamageSymbol::Giant | DamageSymbol::Colossal)
        && !power(state, p, Power::BattleFury)
}

/// True if the figure can make no ranged attack (Battle Fury).
pub fn no_ranged(state: &State, f: &Fig) -> bool {
    power(state, f, Power::BattleFury)
}

/// True if the figure may make ranged attacks while adjacent to opposing figures (then only
/// against them): Sharpshooter.
pub fn sharpshooter(state: &State, f: &Fig) -> bool {
    has(state, f, Ability::Sharpshooter)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_choice_offered_is_accepted() {
        for (name, values) in PowerOptions::choices() {
            assert!(PowerOptions::NAMES.contains(&name), "{name}");
            for v in values {
                let mut m = serde_json::Map::new();
                m.insert(name.to_string(), v.clone());
                assert!(
                    PowerOptions::from_json(serde_json::Value::Object(m)).is_ok(),
                    "{name} = {v}"
                );
            }
        }
    }

    #[test]
    fn option_names_are_the_fields() {
        let v = PowerOptions::defaults_json();
        let mut fields: Vec<&str> = v
            .as_object()
            .map(|o| o.keys().map(String::as_str).collect())
            .unwrap_or_default();
        fields.sort_unstable();
        let mut names = PowerOptions::NAMES.to_vec();
        names.sort_unstable();
        assert_eq!(fields, names);
    }

    #[test]
    fn the_dial_view_is_kept_out_of_states_at_its_default() {
        let v = serde_json::to_value(PowerOptions::default()).unwrap_or_default();
        assert!(v.get("dial_view").is_none(), "{v}");
        let o =
            PowerOptions::from_pairs([("dial_view", "current")]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(o.dial_view, DialView::Current);
        assert_eq!(o.changed(), ["dial_view = \"current\""]);
        let back: PowerOptions =
            serde_json::from_value(serde_json::to_value(&o).unwrap_or_default())
                .unwrap_or_default();
        assert_eq!(back.dial_view, DialView::Current);
    }

    #[test]
    fn options_read_from_name_value_pairs() {
        let o = PowerOptions::from_pairs([
            ("era", "pac2010"),
            ("leadership_threshold", "5"),
            ("blades_locked", "true"),
            ("combat_reflexes", "elect"),
        ])
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(o.era, RulesEra::Pac2010);
        assert_eq!(o.leadership_threshold, 5);
        assert!(o.blades_locked);
        assert_eq!(o.combat_reflexes, CombatReflexesKnockback::Elect);
        assert_eq!(
            o.changed(),
            [
                "era = \"pac2010\"",
                "leadership_threshold = 5",
                "combat_reflexes = \"elect\"",
                "blades_locked = true"
            ]
        );
        let e = PowerOptions::from_pairs([("quake", "true")])
            .err()
            .unwrap_or_default();
        assert!(e.contains("quake") && e.contains("quake_locked"), "{e}");
        let e = PowerOptions::from_pairs([("era", "pac2020")])
            .err()
            .unwrap_or_default();
        assert!(e.contains("pac2020"), "{e}");
        let e = PowerOptions::from_pairs([("era", "pac2010"), ("era", "pac2008")])
            .err()
            .unwrap_or_default();
        assert!(e.contains("twice"), "{e}");
    }
}
