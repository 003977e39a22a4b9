//! Bots by name: [`BotSpec`] reads and writes `random`, `greedy`, `mcts:100ms`, `mcts:1s`,
//! `mcts:500i`, the strings players pick from in the command line, the server and the page.
//!
//! A spec only describes a bot. Rulesets build them, because the strong ones need the
//! ruleset's own knowledge (its greedy bot, its evaluator): [`build_generic`] builds the ones
//! that need none and answers `None` for `greedy`, which each ruleset crate supplies.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use skirmish_engine::Ruleset;

use crate::eval::Evaluator;
use crate::mcts::{Budget, Mcts, MctsConfig};
use crate::{Bot, RandomBot};

/// Which bot to seat, as players name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotSpec {
    /// `random`: uniformly random legal actions.
    Random,
    /// `greedy`: the ruleset's one-ply greedy bot.
    Greedy,
    /// `mcts:BUDGET`: tree search with a time (`100ms`, `1s`) or iteration (`500i`) budget.
    Mcts(Budget),
}

/// Why a bot name was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{spec}: {message}")]
pub struct SpecError {
    /// The whole string given.
    pub spec: String,
    /// What is wrong with it, naming the bad part.
    pub message: String,
}

/// The error for `mcts` without a budget.
const NEEDS_BUDGET: &str = "mcts needs a budget: mcts:100ms, mcts:1s or mcts:500i";

/// What every error ends with, so a player sees what is accepted.
const CHOICES: &str = "use random, greedy or mcts:BUDGET (mcts:100ms, mcts:1s, mcts:500i)";

impl FromStr for BotSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<BotSpec, SpecError> {
        let fail = |message: String| SpecError {
            spec: s.to_string(),
            message,
        };
        let (name, options) = match s.split_once(':') {
            Some((name, options)) => (name, Some(options)),
            None => (s, None),
        };
        match (name, options) {
            ("", _) => Err(fail(format!("no bot named; {CHOICES}"))),
            ("random" | "greedy", Some(options)) => Err(fail(format!(
                "{name} takes no options, but `{options}` was given"
            ))),
            ("random", None) => Ok(BotSpec::Random),
            ("greedy", None) => Ok(BotSpec::Greedy),
            ("mcts", None) => Err(fail(NEEDS_BUDGET.to_string())),
            ("mcts", Some(budget)) => parse_budget(budget).map(BotSpec::Mcts).map_err(fail),
            (other, _) => Err(fail(format!("unknown bot `{other}`; {CHOICES}"))),
        }
    }
}

/// Reads `100ms`, `2s` or `500i`.
fn parse_budget(text: &str) -> Result<Budget, String> {
    let digits = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(digits);
    if text.is_empty() {
        return Err(NEEDS_BUDGET.to_string());
    }
    if number.is_empty() {
        return Err(format!(
            "budget `{text}` must start with a whole number, as in 100ms, 1s or 500i"
        ));
    }
    let n: u64 = number
        .parse()
        .map_err(|_| format!("budget `{number}` is too large"))?;
    if n == 0 {
        return Err(format!("budget `{text}` must be more than zero"));
    }
    match unit {
        "ms" => Ok(Budget::Time(Duration::from_millis(n))),
        "s" => Ok(Budget::Time(Duration::from_secs(n))),
        "i" => Ok(Budget::Iterations(n)),
        "" => Err(format!(
            "budget `{text}` has no unit; use ms, s or i (iterations)"
        )),
        other => Err(format!("unknown unit `{other}`; use ms, s or i")),
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Greedy => f.write_str("greedy"),
            BotSpec::Mcts(budget) => write!(f, "mcts:{budget}"),
        }
    }
}

impl BotSpec {
    /// For `mcts:…`, `base` with the spec's budget; `None` for other bots.
    pub fn mcts_config(&self, base: MctsConfig) -> Option<MctsConfig> {
        match self {
            BotSpec::Mcts(budget) => Some(MctsConfig {
                budget: *budget,
                ..base
            }),
            BotSpec::Random | BotSpec::Greedy => None,
        }
    }
}

/// Builds the bots of `spec` that need nothing from the ruleset but an evaluator: `random`,
/// and `mcts:…` with [`MctsConfig::default`] (one worker per core) and `evaluator`. `greedy`
/// gives `None`: each ruleset supplies its own.
pub fn build_generic<R, E>(
    spec: &BotSpec,
    seed: u64,
    evaluator: E,
) -> Option<Box<dyn Bot<R> + Send>>
where
    R: Ruleset,
    R::State: Sync,
    R::Action: Sync,
    E: Evaluator<R> + 'static,
{
    match spec {
        BotSpec::Random => Some(Box::new(RandomBot::new(seed))),
        BotSpec::Greedy => None,
        BotSpec::Mcts(_) => {
            let config = spec.mcts_config(MctsConfig::default())?;
            Some(Box::new(Mcts::new(seed, config, evaluator)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::OutcomeOnly;
    use skirmish_engine::fixtures::LuckyPig;

    #[test]
    fn specs_round_trip() {
        for text in [
            "random",
            "greedy",
            "mcts:100ms",
            "mcts:1s",
            "mcts:500i",
            "mcts:1500ms",
        ] {
            let spec: BotSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!(
            "mcts:100ms".parse::<BotSpec>().unwrap(),
            BotSpec::Mcts(Budget::Time(Duration::from_millis(100)))
        );
        assert_eq!(
            "mcts:500i".parse::<BotSpec>().unwrap(),
            BotSpec::Mcts(Budget::Iterations(500))
        );
        // A whole number of seconds written in milliseconds reads back in seconds.
        assert_eq!(
            "mcts:2000ms".parse::<BotSpec>().unwrap().to_string(),
            "mcts:2s"
        );
    }

    fn error(text: &str) -> String {
        text.parse::<BotSpec>().unwrap_err().to_string()
    }

    #[test]
    fn errors_name_the_bad_part() {
        assert_eq!(
            error("mcts:10x"),
            "mcts:10x: unknown unit `x`; use ms, s or i"
        );
        assert_eq!(
            error("minimax"),
            format!("minimax: unknown bot `minimax`; {CHOICES}")
        );
        assert!(
            error("mcts").contains("needs a budget"),
            "{}",
            error("mcts")
        );
        assert!(error("mcts:").contains("needs a budget"));
        assert!(error("mcts:ms").contains("`ms` must start with a whole number"));
        assert!(error("mcts:0ms").contains("more than zero"));
        assert!(error("mcts:100").contains("no unit"));
        assert!(error("mcts:1.5s").contains("unknown unit `.5s`"));
        assert!(error("mcts:99999999999999999999i").contains("too large"));
        assert!(error("random:3").contains("random takes no options, but `3`"));
        assert!(error("").contains("no bot named"));
    }

    #[test]
    fn generic_bots_are_built_except_greedy() {
        let random = build_generic::<LuckyPig, _>(&BotSpec::Random, 1, OutcomeOnly).unwrap();
        assert_eq!(random.name(), "random");
        let spec: BotSpec = "mcts:50ms".parse().unwrap();
        let mcts = build_generic::<LuckyPig, _>(&spec, 1, OutcomeOnly).unwrap();
        assert_eq!(mcts.name(), "mcts:50ms");
        assert!(build_generic::<LuckyPig, _>(&BotSpec::Greedy, 1, OutcomeOnly).is_none());
    }
}
