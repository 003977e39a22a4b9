//! Combat values: how a printed value becomes the value in play, and why.
//!
//! HeroClix's golden rules *Remplacer puis modifier*, *La règle de trois*, *Règle des minima*,
//! *Valeur bloquée* and *Arrondis* (round halves up) are word for word HorrorClix's *Valeurs de
//! remplacement et modificateurs*, *Règle de 3* and *Arrondi*: one pipeline that every power of
//! either game feeds with [`Effect`]s instead of changing values itself.

use serde::{Deserialize, Serialize};
use skirmish_lang::Lang;

use crate::dial::{DialValue, Stat, SymbolShown};

/// What an effect does to a combat value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "value")]
pub enum Change {
    /// *Valeur de remplacement*: the value becomes this.
    Set(i32),
    /// *Valeur de remplacement*: halve the value (rounded up).
    Halve,
    /// *Valeur de remplacement*: double the value.
    Double,
    /// *Modificateur*: add this (negative to subtract).
    Modify(i32),
    /// *Valeur bloquée*: the value is this and nothing else applies.
    Lock(i32),
    /// The value cannot end below this (*règle des minima*).
    Minimum(i32),
}

/// One effect on a value, with what caused it, for explanations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effect {
    /// The change.
    pub change: Change,
    /// Why, in English and French (e.g. "hindered line of fire").
    pub why_en: String,
    /// Why, in French.
    pub why_fr: String,
}

impl Effect {
    /// An effect with its cause.
    pub fn new(change: Change, why_en: impl Into<String>, why_fr: impl Into<String>) -> Self {
        Effect {
            change,
            why_en: why_en.into(),
            why_fr: why_fr.into(),
        }
    }
}

/// A computed value and how it was reached.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Value {
    /// The printed value.
    pub printed: i32,
    /// The final value.
    pub value: i32,
    /// The effects that applied, in the order applied.
    pub effects: Vec<Effect>,
    /// The sum of modifiers before the rule of three.
    pub modifier_sum: i32,
}

impl Value {
    /// The value with no effect at all.
    pub fn printed(printed: i32) -> Self {
        Value {
            printed,
            value: printed.max(0),
            effects: Vec::new(),
            modifier_sum: 0,
        }
    }

    /// "17 +1 (hindered line of fire) = 18", or "17" when nothing applied.
    pub fn explain(&self, lang: Lang) -> String {
        if self.effects.is_empty() {
            return self.value.to_string();
        }
        let mut s = self.printed.to_string();
        for e in &self.effects {
            let why = lang.pick(&e.why_en, &e.why_fr);
            let part = match e.change {
                Change::Set(v) => format!(" → {v}"),
                Change::Halve => lang.pick(" ÷2", " ÷2").to_string(),
                Change::Double => " ×2".to_string(),
                Change::Modify(m) => format!(" {m:+}"),
                Change::Lock(v) => format!(" {} {v}", lang.pick("locked at", "bloquée à")),
                Change::Minimum(v) => format!(" (min {v})"),
            };
            s.push_str(&format!("{part} ({why})"));
        }
        if self.modifier_sum.abs() > 3 {
            s.push_str(lang.pick(
                " [modifiers capped at ±3: rule of three]",
                " [modificateurs limités à ±3 : règle de trois]",
            ));
        }
        format!("{s} = {}", self.value)
    }
}

/// Computes a value from its printed number and the effects on it: replacements first (in the
/// order given, halves rounded up), then the sum of modifiers capped at ±3, a lock overriding
/// everything, and finally the minimum (0 unless an effect sets one).
pub fn compute(printed: i32, effects: Vec<Effect>) -> Value {
    let mut v = printed;
    let mut modifiers = 0;
    let mut lock = None;
    let mut minimum = 0;
    for e in &effects {
        match e.change {
            Change::Set(x) => v = x,
            Change::Halve => v = (v + 1).div_euclid(2),
            Change::Double => v *= 2,
            Change::Modify(_) | Change::Minimum(_) | Change::Lock(_) => {}
        }
    }
    for e in &effects {
        match e.change {
            Change::Modify(m) => modifiers += m,
            Change::Lock(x) => lock = Some(x),
            Change::Minimum(x) => minimum = minimum.max(x),
            _ => {}
        }
    }
    let value = match lock {
        Some(x) => x,
        None => v + modifiers.clamp(-3, 3),
    };
    Value {
        printed,
        value: value.max(minimum),
        effects,
        modifier_sum: modifiers,
    }
}

/// Where a ruleset's effects on one combat value of one figure come from: its powers, terrain,
/// cards, whatever the game has. The game gathers them in the order it applies replacements
/// (golden rule: replacements in the order they were applied, then modifiers).
///
/// Left to each game on purpose: which effects exist and the order of its sources (HeroClix's
/// `game::powers::effects` reads the Powers and Abilities Card, team abilities and Partie 4
/// cards; HorrorClix will read its monster cards, cabals and plot twists).
pub trait ModifierSource<F: ?Sized> {
    /// The effects on `stat` of `figure`, in the order they apply.
    fn effects(&self, figure: &F, stat: Stat) -> Vec<Effect>;
}

/// The value in play of one column: the printed number through the effects `source` puts on
/// it. A symbol printed instead of a number has no value to modify (HorrorClix *Sabliers*: the
/// symbol itself is the rule), so it comes back as the error that names it, and no effect is
/// gathered.
pub fn in_play<F: ?Sized>(
    printed: DialValue,
    stat: Stat,
    figure: &F,
    source: &impl ModifierSource<F>,
) -> Result<Value, SymbolShown> {
    match printed {
        DialValue::Number(n) => Ok(compute(i32::from(n), source.effects(figure, stat))),
        DialValue::Symbol(symbol) => Err(SymbolShown { stat, symbol }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(c: Change) -> Effect {
        Effect::new(c, "x", "x")
    }

    /// A figure standing in hindering terrain with a +1 attack power: a toy ruleset's sources.
    struct Toy;

    impl ModifierSource<bool> for Toy {
        fn effects(&self, powered: &bool, stat: Stat) -> Vec<Effect> {
            let mut out = Vec::new();
            if *powered && stat == Stat::Attack {
                out.push(Effect::new(Change::Modify(1), "power", "pouvoir"));
            }
            out
        }
    }

    #[test]
    fn a_printed_number_goes_through_the_rulesets_sources() {
        let v = in_play(DialValue::Number(9), Stat::Attack, &true, &Toy).unwrap();
        assert_eq!((v.printed, v.value), (9, 10));
        assert_eq!(v.explain(Lang::En), "9 +1 (power) = 10");
        let v = in_play(DialValue::Number(9), Stat::Defense, &true, &Toy).unwrap();
        assert_eq!(v.value, 9);
    }

    #[test]
    fn a_symbol_has_no_value_in_play() {
        let hourglass = DialValue::Symbol(crate::dial::DialSymbol::Hourglass);
        let e = in_play(hourglass, Stat::Attack, &true, &Toy).unwrap_err();
        assert_eq!(e.stat, Stat::Attack);
    }

    #[test]
    fn replace_then_modify() {
        // Golden rule 1: replacements first, then the modifiers.
        let v = compute(9, vec![e(Change::Modify(2)), e(Change::Halve)]);
        assert_eq!(v.value, 5 + 2);
    }

    #[test]
    fn halves_round_up() {
        assert_eq!(compute(7, vec![e(Change::Halve)]).value, 4);
    }

    #[test]
    fn rule_of_three_caps_the_sum_not_the_replacement() {
        let v = compute(
            10,
            vec![
                e(Change::Modify(2)),
                e(Change::Modify(2)),
                e(Change::Set(14)),
            ],
        );
        assert_eq!(v.value, 17);
        assert_eq!(v.modifier_sum, 4);
        let v = compute(10, vec![e(Change::Modify(-5))]);
        assert_eq!(v.value, 7);
    }

    #[test]
    fn locked_value_ignores_everything_else_but_minimum_zero() {
        let v = compute(
            10,
            vec![e(Change::Modify(3)), e(Change::Lock(4)), e(Change::Double)],
        );
        assert_eq!(v.value, 4);
        let v = compute(1, vec![e(Change::Modify(-3))]);
        assert_eq!(v.value, 0, "never below zero");
        let v = compute(1, vec![e(Change::Modify(-3)), e(Change::Minimum(2))]);
        assert_eq!(v.value, 2);
    }

    #[test]
    fn explains_in_both_languages() {
        let v = compute(
            17,
            vec![Effect::new(
                Change::Modify(1),
                "hindered line of fire",
                "ligne de vue gênée",
            )],
        );
        assert_eq!(v.explain(Lang::En), "17 +1 (hindered line of fire) = 18");
        assert_eq!(v.explain(Lang::Fr), "17 +1 (ligne de vue gênée) = 18");
    }
}
