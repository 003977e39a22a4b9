//! How much of a set of cards the card language expresses: per card, which powers are data and
//! which stay text.

use std::fmt::Write as _;

use skirmish_lang::Lang;

use crate::card::Card;

/// One card's powers, split.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardCoverage {
    /// The card's id.
    pub id: String,
    /// The card's name.
    pub name: String,
    /// Its set.
    pub set: String,
    /// Names of the powers expressed in the card language.
    pub expressed: Vec<String>,
    /// Names of the powers that stay text.
    pub text: Vec<String>,
}

impl CardCoverage {
    /// True when every power is expressed (a card without powers is).
    pub fn full(&self) -> bool {
        self.text.is_empty()
    }
}

/// The coverage of a set of cards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Card by card, in the order given.
    pub cards: Vec<CardCoverage>,
}

impl Coverage {
    /// The coverage of these cards, read from their powers' `effects`.
    pub fn of<'a>(cards: impl IntoIterator<Item = &'a Card>) -> Coverage {
        let cards = cards
            .into_iter()
            .map(|c| {
                let (expressed, text): (Vec<_>, Vec<_>) =
                    c.powers.iter().partition(|p| p.effects.is_some());
                CardCoverage {
                    id: c.id.clone(),
                    name: c.name.clone(),
                    set: c.set.clone(),
                    expressed: expressed.into_iter().map(|p| p.name.clone()).collect(),
                    text: text.into_iter().map(|p| p.name.clone()).collect(),
                }
            })
            .collect();
        Coverage { cards }
    }

    /// Cards whose every power is expressed.
    pub fn full_cards(&self) -> usize {
        self.cards.iter().filter(|c| c.full()).count()
    }

    /// Powers expressed, and powers in all.
    pub fn powers(&self) -> (usize, usize) {
        self.cards.iter().fold((0, 0), |(e, t), c| {
            (e + c.expressed.len(), t + c.expressed.len() + c.text.len())
        })
    }

    /// The summary line: cards fully expressed and powers expressed, with percentages.
    pub fn summary(&self, lang: Lang) -> String {
        let n = self.cards.len();
        let full = self.full_cards();
        let (e, t) = self.powers();
        let pct = |a: usize, b: usize| {
            if b == 0 {
                100.0
            } else {
                100.0 * a as f64 / b as f64
            }
        };
        match lang {
            Lang::En => format!(
                "{full} of {n} cards fully expressed ({:.1} %), {e} of {t} powers expressed ({:.1} %)",
                pct(full, n),
                pct(e, t)
            ),
            Lang::Fr => format!(
                "{full} cartes sur {n} entièrement exprimées ({:.1} %), {e} pouvoirs sur {t} exprimés ({:.1} %)",
                pct(full, n),
                pct(e, t)
            ),
        }
    }

    /// One line per card (what stays text), then the summary.
    pub fn report(&self, lang: Lang) -> String {
        let mut out = String::new();
        for c in &self.cards {
            if c.full() {
                let _ = writeln!(
                    out,
                    "  ok    {} — {}",
                    c.name,
                    lang.pick("every power expressed", "tous les pouvoirs exprimés")
                );
            } else {
                let _ = writeln!(
                    out,
                    "  text  {} — {}: {}",
                    c.name,
                    lang.pick("stays text", "reste en texte"),
                    c.text.join(", ")
                );
            }
        }
        let _ = writeln!(out, "{}", self.summary(lang));
        out
    }
}
