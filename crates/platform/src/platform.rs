//! The rulesets a program offers, with their presentations and the engine's registry.

use std::sync::Arc;

use serde::Serialize;
use serde_json::json;
use skirmish_engine::Registry;
use skirmish_lang::Lang;

use crate::{BoardKind, BotPlayer, Presentation, Problem, RandomPlayer};
use skirmish_bots::{BotSpec, SpecError};

/// What the start page and `skirmish rulesets` show of a ruleset.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RulesetInfo {
    /// Its id.
    pub id: &'static str,
    /// Its name in the requested language.
    pub name: String,
    /// Its name in every language (`{"en": …, "fr": …}`).
    pub names: serde_json::Value,
    /// Squares or hexes.
    pub board: BoardKind,
    /// Its page module, or `None` for the generic one.
    pub module: Option<&'static str>,
    /// Its judge queries.
    pub judge: Vec<&'static str>,
    /// Its bots' names, strongest first.
    pub bots: Vec<String>,
}

/// Every ruleset a program offers: their presentations, in the order they were added (the
/// first is the default), and the engine's registry that plays them.
#[derive(Clone, Default)]
pub struct Platform {
    rulesets: Vec<Arc<dyn Presentation>>,
    registry: Registry,
}

impl std::fmt::Debug for Platform {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.ids()).finish()
    }
}

impl Platform {
    /// No ruleset yet.
    pub fn new() -> Platform {
        Platform::default()
    }

    /// Adds a ruleset; one with the same id replaces it in place.
    pub fn with(mut self, presentation: impl Presentation + 'static) -> Platform {
        self.add(Arc::new(presentation));
        self
    }

    /// Adds a ruleset; one with the same id replaces it in place.
    pub fn add(&mut self, presentation: Arc<dyn Presentation>) -> &mut Platform {
        presentation.register(&mut self.registry);
        match self
            .rulesets
            .iter_mut()
            .find(|p| p.id() == presentation.id())
        {
            Some(slot) => *slot = presentation,
            None => self.rulesets.push(presentation),
        }
        self
    }

    /// The engine's registry of every added ruleset.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// The ids, in order.
    pub fn ids(&self) -> Vec<&'static str> {
        self.rulesets.iter().map(|p| p.id()).collect()
    }

    /// The default ruleset's id: the first added.
    pub fn default_id(&self) -> Option<&'static str> {
        self.rulesets.first().map(|p| p.id())
    }

    /// A ruleset's presentation.
    pub fn get(&self, id: &str) -> Option<&Arc<dyn Presentation>> {
        self.rulesets.iter().find(|p| p.id() == id)
    }

    /// A ruleset's presentation, or a problem naming the rulesets there are.
    pub fn find(&self, id: &str) -> Result<&Arc<dyn Presentation>, Problem> {
        self.get(id).ok_or_else(|| {
            Problem::new(
                "unknown-ruleset",
                format!(
                    "unknown ruleset '{}'; this program plays: {}",
                    crate::clip(id, 40),
                    self.ids().join(", ")
                ),
            )
        })
    }

    /// A ruleset's bots, strongest first, the random player last.
    pub fn bots(&self, id: &str) -> Vec<Arc<dyn BotPlayer>> {
        let mut bots = self.get(id).map(|p| p.bots()).unwrap_or_default();
        if !bots.iter().any(|b| b.name() == "random") {
            bots.push(Arc::new(RandomPlayer));
        }
        bots
    }

    /// A ruleset's bot by name.
    pub fn bot(&self, id: &str, name: &str) -> Option<Arc<dyn BotPlayer>> {
        self.bots(id).into_iter().find(|b| b.name() == name)
    }

    /// A ruleset's bot by [`BotSpec`] (`random`, `greedy`, `mcts:250ms`…): a listed bot of
    /// that name, else, for `mcts:BUDGET`, the ruleset's tree search with that budget. The
    /// error says what is wrong with the name or which bots the ruleset has.
    pub fn bot_by_spec(&self, id: &str, spec: &str) -> Result<Arc<dyn BotPlayer>, String> {
        let parsed: BotSpec = spec.trim().parse().map_err(|e: SpecError| e.to_string())?;
        let name = parsed.to_string();
        if let Some(bot) = self.bot(id, &name) {
            return Ok(bot);
        }
        let built = match parsed {
            BotSpec::Mcts(budget) => self.get(id).and_then(|p| p.mcts_bot(budget)),
            BotSpec::Random | BotSpec::Greedy => None,
        };
        built.ok_or_else(|| {
            let names: Vec<String> = self.bots(id).iter().map(|b| b.name().to_string()).collect();
            format!("{id} has no {name} bot; it has: {}", names.join(", "))
        })
    }

    /// What the start page shows of every ruleset.
    pub fn infos(&self, lang: Lang) -> Vec<RulesetInfo> {
        self.rulesets
            .iter()
            .map(|p| RulesetInfo {
                id: p.id(),
                name: p.name(lang),
                names: json!({ "en": p.name(Lang::En), "fr": p.name(Lang::Fr) }),
                board: p.board_kind(),
                module: p.page_module(),
                judge: p.judge_queries(),
                bots: self
                    .bots(p.id())
                    .iter()
                    .map(|b| b.name().to_string())
                    .collect(),
            })
            .collect()
    }
}
