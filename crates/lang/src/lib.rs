//! The languages of player-facing text. Rules and identifiers are English; players read English
//! or French, and the French uses the rulebooks' own terms (*ligne de vue*, *terrain gênant*,
//! *évasion*...).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A language for player-facing text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// French, with the rulebooks' terms.
    Fr,
}

impl Lang {
    /// Picks the English or the French text.
    pub fn pick<'a>(self, en: &'a str, fr: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Fr => fr,
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Lang::En => "en",
            Lang::Fr => "fr",
        })
    }
}

/// A language code that is neither `en` nor `fr`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLang(pub String);

impl fmt::Display for UnknownLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown language `{}`: use `en` or `fr`", self.0)
    }
}

impl std::error::Error for UnknownLang {}

impl FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "en" | "english" => Ok(Lang::En),
            "fr" | "french" | "français" | "francais" => Ok(Lang::Fr),
            _ => Err(UnknownLang(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_codes() {
        assert_eq!("FR".parse::<Lang>(), Ok(Lang::Fr));
        assert_eq!("en".parse::<Lang>(), Ok(Lang::En));
        assert!("de".parse::<Lang>().is_err());
        assert_eq!(
            Lang::Fr.pick("line of fire", "ligne de vue"),
            "ligne de vue"
        );
    }
}
