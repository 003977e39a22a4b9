//! The combat dial: clicks of four combat values, each with the power behind it.
//!
//! HeroClix *Le disque de combat*, *Valeurs de combat*, *Lignes de départ*; HorrorClix *Disque
//! de combat*, *Valeurs de combat* and *Sabliers*: « dans certaines circonstances spéciales, un
//! des nombres du disque de combat peut être remplacé par un symbole particulier, comme le
//! sablier ». So a value on the dial is a [`DialValue`], a number or a [`DialSymbol`]; rules that
//! need a number ask [`Click::number`], which says which symbol stood in the way.
//!
//! What sits behind a value (the coloured square) differs between the games — HeroClix's
//! standard powers of the Powers and Abilities Card, HorrorClix's colours that each monster card
//! names — so a [`Click`] is generic over it.

use std::cmp::Ordering;
use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use skirmish_lang::Lang;

/// The four combat values shown in the stat window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stat {
    /// Speed value (*vitesse*).
    Speed,
    /// Attack value (*attaque*).
    Attack,
    /// Defence value (*défense*).
    Defense,
    /// Damage value (*dégâts*).
    Damage,
}

impl Stat {
    /// The four columns, in dial order.
    pub const ALL: [Stat; 4] = [Stat::Speed, Stat::Attack, Stat::Defense, Stat::Damage];

    /// The value's name for players.
    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            Stat::Speed => lang.pick("speed", "vitesse"),
            Stat::Attack => lang.pick("attack", "attaque"),
            Stat::Defense => lang.pick("defence", "défense"),
            Stat::Damage => lang.pick("damage", "dégâts"),
        }
    }

    /// The identifier files use (`speed`, `attack`, `defense`, `damage`).
    pub fn id(self) -> &'static str {
        match self {
            Stat::Speed => "speed",
            Stat::Attack => "attack",
            Stat::Defense => "defense",
            Stat::Damage => "damage",
        }
    }
}

/// A symbol printed on the dial in place of a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DialSymbol {
    /// HorrorClix's hourglass (*sablier*): as speed the monster is *immuable*, as attack
    /// *impuissant*, as defence *intangible*; each one costs a click at the end of its turn.
    Hourglass,
}

impl DialSymbol {
    /// Every symbol.
    pub const ALL: [DialSymbol; 1] = [DialSymbol::Hourglass];

    /// The identifier files use (`hourglass`).
    pub fn id(self) -> &'static str {
        match self {
            DialSymbol::Hourglass => "hourglass",
        }
    }

    /// The symbol as printed (`⌛`), which files may also use.
    pub fn glyph(self) -> &'static str {
        match self {
            DialSymbol::Hourglass => "⌛",
        }
    }

    /// The symbol's name for players.
    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            DialSymbol::Hourglass => lang.pick("hourglass", "sablier"),
        }
    }

    /// The symbol written `text`: its identifier or its glyph.
    pub fn from_id(text: &str) -> Option<DialSymbol> {
        DialSymbol::ALL
            .into_iter()
            .find(|s| s.id() == text || s.glyph() == text)
    }
}

/// One value of one click: a number, or a symbol in its place.
///
/// Files write a number as a plain integer and a symbol as its identifier (`"hourglass"`), so
/// every dial written before symbols existed reads unchanged, and a number serializes exactly as
/// the integer it was (state hashes of stored games do not move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DialValue {
    /// A printed number.
    Number(u8),
    /// A symbol printed instead of a number.
    Symbol(DialSymbol),
}

impl DialValue {
    /// The number, or `None` for a symbol.
    pub fn number(self) -> Option<u8> {
        match self {
            DialValue::Number(n) => Some(n),
            DialValue::Symbol(_) => None,
        }
    }

    /// The symbol, or `None` for a number.
    pub fn symbol(self) -> Option<DialSymbol> {
        match self {
            DialValue::Number(_) => None,
            DialValue::Symbol(s) => Some(s),
        }
    }
}

impl From<u8> for DialValue {
    fn from(n: u8) -> Self {
        DialValue::Number(n)
    }
}

impl From<DialSymbol> for DialValue {
    fn from(s: DialSymbol) -> Self {
        DialValue::Symbol(s)
    }
}

impl PartialEq<u8> for DialValue {
    fn eq(&self, other: &u8) -> bool {
        *self == DialValue::Number(*other)
    }
}

impl PartialOrd for DialValue {
    /// Numbers compare as numbers; a symbol equals itself and compares with nothing else.
    fn partial_cmp(&self, other: &DialValue) -> Option<Ordering> {
        match (self, other) {
            (DialValue::Number(a), DialValue::Number(b)) => Some(a.cmp(b)),
            _ => (self == other).then_some(Ordering::Equal),
        }
    }
}

impl PartialOrd<u8> for DialValue {
    /// A symbol is no number: it compares with none.
    fn partial_cmp(&self, other: &u8) -> Option<Ordering> {
        self.number().map(|n| n.cmp(other))
    }
}

impl fmt::Display for DialValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DialValue::Number(n) => write!(f, "{n}"),
            DialValue::Symbol(s) => f.write_str(s.glyph()),
        }
    }
}

impl Serialize for DialValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            DialValue::Number(n) => serializer.serialize_u8(*n),
            DialValue::Symbol(s) => serializer.serialize_str(s.id()),
        }
    }
}

impl<'de> Deserialize<'de> for DialValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct DialValueVisitor;

        impl Visitor<'_> for DialValueVisitor {
            type Value = DialValue;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number from 0 to 255 or a dial symbol (\"hourglass\")")
            }

            fn visit_u64<E: de::Error>(self, v: u64) -> Result<DialValue, E> {
                u8::try_from(v)
                    .map(DialValue::Number)
                    .map_err(|_| E::invalid_value(de::Unexpected::Unsigned(v), &self))
            }

            fn visit_i64<E: de::Error>(self, v: i64) -> Result<DialValue, E> {
                u8::try_from(v)
                    .map(DialValue::Number)
                    .map_err(|_| E::invalid_value(de::Unexpected::Signed(v), &self))
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<DialValue, E> {
                DialSymbol::from_id(v)
                    .map(DialValue::Symbol)
                    .ok_or_else(|| E::invalid_value(de::Unexpected::Str(v), &self))
            }
        }

        deserializer.deserialize_any(DialValueVisitor)
    }
}

/// A symbol on the dial where a rule needs a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SymbolShown {
    /// The column.
    pub stat: Stat,
    /// The symbol printed there.
    pub symbol: DialSymbol,
}

impl SymbolShown {
    /// "the dial shows an hourglass (⌛) as its speed value, not a number".
    pub fn explain(&self, lang: Lang) -> String {
        let symbol = self.symbol.name(lang);
        let glyph = self.symbol.glyph();
        let stat = self.stat.name(lang);
        match lang {
            Lang::En => {
                format!("the dial shows an {symbol} ({glyph}) as its {stat} value, not a number")
            }
            Lang::Fr => format!(
                "le cadran affiche un {symbol} ({glyph}) comme valeur de {stat}, pas un nombre"
            ),
        }
    }
}

impl fmt::Display for SymbolShown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.explain(Lang::En))
    }
}

impl std::error::Error for SymbolShown {}

/// One click of the combat dial: the four values and the power behind each (`P`, the game's
/// kind of power mark).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Click<P> {
    /// Speed value.
    pub speed: DialValue,
    /// Attack value.
    pub attack: DialValue,
    /// Defence value.
    pub defense: DialValue,
    /// Damage value.
    pub damage: DialValue,
    /// Power behind each value, in [`Stat::ALL`] order.
    pub powers: [Option<P>; 4],
    /// A starting line is printed before this click.
    pub starting_line: bool,
}

impl<P> Click<P> {
    /// The printed value of one column, number or symbol.
    pub fn value(&self, stat: Stat) -> DialValue {
        match stat {
            Stat::Speed => self.speed,
            Stat::Attack => self.attack,
            Stat::Defense => self.defense,
            Stat::Damage => self.damage,
        }
    }

    /// The printed number of one column, for rules that need one; a symbol there is an error
    /// that says which.
    pub fn number(&self, stat: Stat) -> Result<u8, SymbolShown> {
        match self.value(stat) {
            DialValue::Number(n) => Ok(n),
            DialValue::Symbol(symbol) => Err(SymbolShown { stat, symbol }),
        }
    }

    /// The power behind one column's value.
    pub fn power(&self, stat: Stat) -> Option<&P> {
        self.powers[stat as usize].as_ref()
    }

    /// The columns showing a symbol instead of a number.
    pub fn symbols(&self) -> impl Iterator<Item = SymbolShown> + '_ {
        Stat::ALL
            .into_iter()
            .filter_map(|stat| self.number(stat).err())
    }
}

/// Indices of the clicks that follow a starting line, in dial order; the first click when no
/// line is marked.
pub fn starting_lines<P>(dial: &[Click<P>]) -> Vec<usize> {
    let lines: Vec<usize> = dial
        .iter()
        .enumerate()
        .filter(|(_, c)| c.starting_line)
        .map(|(i, _)| i)
        .collect();
    if lines.is_empty() {
        vec![0]
    } else {
        lines
    }
}

/// Every symbol on a dial where a game that knows no symbol needs numbers: `(click index,
/// what)`, in dial order.
pub fn symbols<P>(dial: &[Click<P>]) -> Vec<(usize, SymbolShown)> {
    dial.iter()
        .enumerate()
        .flat_map(|(i, c)| c.symbols().map(move |s| (i, s)))
        .collect()
}

/// The click a figure stands on after `clicks` of damage from `click` on a dial of `len`
/// clicks: at most `len`, the KO click that follows the last one (HeroClix *Infliger des
/// dégâts*; HorrorClix *Dégâts*: turn the dial once per damage).
pub fn damaged(click: usize, clicks: usize, len: usize) -> usize {
    click.saturating_add(clicks).min(len)
}

/// The click a figure stands on after `clicks` of healing from `click`: never before `start`,
/// its starting click (HeroClix *Soin*; HorrorClix *Soin*: « pas au delà de son clic de
/// départ »).
pub fn healed(click: usize, clicks: usize, start: usize) -> usize {
    click.saturating_sub(clicks).max(start.min(click))
}

/// True on the KO click, past the dial's last click (HeroClix *Vaincre les personnages*;
/// HorrorClix *Tuer des monstres*: three skulls).
pub fn knocked_out(click: usize, len: usize) -> bool {
    click >= len
}

/// Size of the base in squares (multi-base figures are larger than 1×1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BaseSize {
    /// Squares across.
    pub width: u8,
    /// Squares deep.
    pub depth: u8,
}

impl Default for BaseSize {
    fn default() -> Self {
        BaseSize { width: 1, depth: 1 }
    }
}

impl fmt::Display for BaseSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.depth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn click(speed: DialValue, line: bool) -> Click<String> {
        Click {
            speed,
            attack: 9.into(),
            defense: 16.into(),
            damage: 2.into(),
            powers: [Some("orange".to_string()), None, None, None],
            starting_line: line,
        }
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Dial {
        click: Vec<Click<String>>,
    }

    #[test]
    fn a_symbol_round_trips_through_toml_and_a_plain_integer_still_reads() {
        // TOML has no null: every column shows a power here.
        let full = |v: DialValue, line| Click {
            powers: ["orange", "red", "blue", "green"].map(|p| Some(p.to_string())),
            ..click(v, line)
        };
        let dial = Dial {
            click: vec![
                full(DialValue::Symbol(DialSymbol::Hourglass), true),
                full(7.into(), false),
            ],
        };
        let text = toml::to_string(&dial).unwrap();
        assert!(text.contains("speed = \"hourglass\""), "{text}");
        assert!(text.contains("speed = 7"), "{text}");
        assert_eq!(toml::from_str::<Dial>(&text).unwrap(), dial);
        // The glyph reads too.
        let glyph = text.replace("\"hourglass\"", "\"⌛\"");
        assert_eq!(toml::from_str::<Dial>(&glyph).unwrap(), dial);
    }

    #[test]
    fn a_number_serializes_as_the_integer_it_always_was() {
        let v = serde_json::to_value(click(8.into(), false)).unwrap();
        assert_eq!(v["speed"], serde_json::json!(8));
        assert_eq!(v["attack"], serde_json::json!(9));
        let back: Click<String> = serde_json::from_value(v).unwrap();
        assert_eq!(back.speed, 8);
    }

    #[test]
    fn unknown_symbols_and_out_of_range_numbers_are_refused() {
        let bad = toml::from_str::<Dial>(
            "[[click]]\nspeed = \"skull\"\nattack = 1\ndefense = 1\ndamage = 1\npowers = []\nstarting_line = false\n",
        );
        let msg = bad.unwrap_err().to_string();
        assert!(msg.contains("hourglass"), "{msg}");
        assert!(serde_json::from_str::<DialValue>("256").is_err());
        assert!(serde_json::from_str::<DialValue>("-1").is_err());
    }

    #[test]
    fn a_rule_needing_a_number_is_told_which_symbol_stood_there() {
        let c = click(DialValue::Symbol(DialSymbol::Hourglass), false);
        assert_eq!(c.number(Stat::Attack), Ok(9));
        let e = c.number(Stat::Speed).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the dial shows an hourglass (⌛) as its speed value, not a number"
        );
        assert_eq!(
            e.explain(Lang::Fr),
            "le cadran affiche un sablier (⌛) comme valeur de vitesse, pas un nombre"
        );
        assert_eq!(symbols(&[click(3.into(), false), c]), vec![(1, e)]);
    }

    #[test]
    fn values_compare_with_numbers_and_symbols_with_none() {
        let n = DialValue::from(16);
        assert!(n == 16);
        assert!(n > 15);
        assert!(n < 17);
        let s = DialValue::Symbol(DialSymbol::Hourglass);
        assert!(s != 0 && s.partial_cmp(&0).is_none());
        assert_eq!(s.to_string(), "⌛");
        assert_eq!(n.to_string(), "16");
    }

    #[test]
    fn starting_lines_default_to_the_first_click() {
        assert_eq!(starting_lines(&[click(1.into(), false)]), vec![0]);
        assert_eq!(
            starting_lines(&[
                click(1.into(), true),
                click(1.into(), false),
                click(1.into(), true)
            ]),
            vec![0, 2]
        );
    }

    #[test]
    fn damage_stops_at_the_ko_click_and_healing_at_the_start() {
        assert_eq!(damaged(2, 3, 4), 4);
        assert!(knocked_out(damaged(2, 3, 4), 4));
        assert!(!knocked_out(3, 4));
        assert_eq!(healed(5, 2, 1), 3);
        assert_eq!(healed(2, 5, 1), 1);
        // A figure set before its starting line by a rule heals no further back.
        assert_eq!(healed(0, 1, 1), 0);
    }
}
