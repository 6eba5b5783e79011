//! The search bots.

use crate::knowledge::Knowledge;
use crate::search::{Determinize, Effort, Grown, SearchConfig, SearchResult, search, search_from};
use rand::RngCore;
use spieltisch_core::{Bot, Decision, Game};
use std::sync::Arc;

/// A bot that searches from its seat's view: `mcts` (one world per decision)
/// or `ismcts` (a new world every iteration), as its config says.
///
/// Tree reuse (`mcts` with [`SearchConfig::reuse`]): after a decision the
/// bot keeps its tree and world; at its next decision it looks in the tree
/// for the position whose view is the one it now sees, and continues from
/// that subtree and world, so the iterations spent on the lines actually
/// played are not lost. The kept world is one the search drew from the
/// seat's earlier view and that has led to exactly the current view, so the
/// bot still knows nothing the view does not show. When the position is not
/// in the tree, it starts afresh.
pub struct SearchBot<G: Game> {
    name: String,
    config: SearchConfig,
    knowledge: Arc<dyn Knowledge<G>>,
    kept: Option<Kept<G>>,
    reused: u64,
    effort: Option<Effort>,
}

/// What a bot keeps between decisions for tree reuse.
struct Kept<G: Game> {
    seat: spieltisch_core::Seat,
    chosen: G::Action,
    trees: Vec<Grown<G>>,
}

impl<G: Game> std::fmt::Debug for SearchBot<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchBot").field("name", &self.name).field("config", &self.config).finish()
    }
}

impl<G: Game> SearchBot<G> {
    pub fn new(name: impl Into<String>, config: SearchConfig, knowledge: Arc<dyn Knowledge<G>>) -> Self {
        SearchBot { name: name.into(), config, knowledge, kept: None, reused: 0, effort: None }
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

    /// The root visits the last decision took over from the one before
    /// (tree reuse); 0 when it started afresh.
    pub fn reused(&self) -> u64 {
        self.reused
    }

    /// What the last decision's search did; `None` before the first
    /// decision and after a forced one (a single legal action, not searched).
    pub fn effort(&self) -> Option<Effort> {
        self.effort
    }

    /// The full search statistics for a decision (for hints and analysis).
    pub fn analyze(&self, decision: &Decision<'_, G>, seed: u64) -> SearchResult<G::Action> {
        search(
            &decision.view(),
            &decision.static_part(),
            decision.seat(),
            decision.legal(),
            &self.config,
            &*self.knowledge,
            seed,
        )
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
    if !config.reuse && config.determinize == Determinize::Once {
        parts.push("reuse=0".to_string());
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
            self.reused = 0;
            self.effort = None;
            return decision.legal()[0].clone();
        }
        let view = decision.view();
        let seat = decision.seat();
        let reuse = self.config.reuse && self.config.determinize == Determinize::Once;
        let kept = match self.kept.take() {
            Some(kept) if reuse && kept.seat == seat => {
                kept.trees.into_iter().map(|tree| tree.advance(&kept.chosen, seat, &view)).collect()
            }
            _ => Vec::new(),
        };
        let (result, trees) = search_from(
            &view,
            &decision.static_part(),
            seat,
            decision.legal(),
            &self.config,
            &*self.knowledge,
            seed,
            kept,
        );
        let chosen = result.best().expect("search over a non-empty legal list");
        self.reused = result.reused;
        self.effort = Some(result.effort());
        if reuse {
            self.kept = Some(Kept { seat, chosen: chosen.clone(), trees });
        }
        chosen
    }
}
