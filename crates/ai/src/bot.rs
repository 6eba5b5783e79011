//! The search bots.

use crate::knowledge::Knowledge;
use crate::search::{Determinize, SearchConfig, SearchResult, search};
use rand::RngCore;
use spieltisch_core::{Bot, Decision, Game};
use std::sync::Arc;

/// A bot that searches from its seat's view: `mcts` (one world per decision)
/// or `ismcts` (a new world every iteration), as its config says.
pub struct SearchBot<G: Game> {
    name: String,
    config: SearchConfig,
    knowledge: Arc<dyn Knowledge<G>>,
}

impl<G: Game> std::fmt::Debug for SearchBot<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchBot").field("name", &self.name).field("config", &self.config).finish()
    }
}

impl<G: Game> SearchBot<G> {
    pub fn new(name: impl Into<String>, config: SearchConfig, knowledge: Arc<dyn Knowledge<G>>) -> Self {
        SearchBot { name: name.into(), config, knowledge }
    }

    /// Plain MCTS with `config`'s budget.
    pub fn mcts(config: SearchConfig, knowledge: Arc<dyn Knowledge<G>>) -> Self {
        let config = SearchConfig { determinize: Determinize::Once, ..config };
        SearchBot::new(format!("mcts:{}", describe(&config)), config, knowledge)
    }

    /// Information-set MCTS with `config`'s budget.
    pub fn ismcts(config: SearchConfig, knowledge: Arc<dyn Knowledge<G>>) -> Self {
        let config = SearchConfig { determinize: Determinize::EachIteration, ..config };
        SearchBot::new(format!("ismcts:{}", describe(&config)), config, knowledge)
    }

    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// The full search statistics for a decision (for hints and analysis).
    pub fn analyze(&self, decision: &Decision<'_, G>, seed: u64) -> SearchResult<G::Action> {
        search(&decision.view(), decision.seat(), decision.legal(), &self.config, &*self.knowledge, seed)
    }
}

fn describe(config: &SearchConfig) -> String {
    let mut parts = Vec::new();
    if let Some(n) = config.iterations {
        parts.push(format!("iters={n}"));
    }
    if let Some(t) = config.time {
        parts.push(format!("ms={}", t.as_millis()));
    }
    if config.threads > 1 {
        parts.push(format!("threads={}", config.threads));
    }
    parts.join(",")
}

impl<G: Game> Bot<G> for SearchBot<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, decision: &Decision<'_, G>, rng: &mut dyn RngCore) -> G::Action {
        let seed = rng.next_u64();
        if decision.legal().len() == 1 {
            return decision.legal()[0].clone();
        }
        self.analyze(decision, seed).best().expect("search over a non-empty legal list")
    }
}
