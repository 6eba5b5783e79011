//! Kuhn poker as a game of the catalog, for tests of the front ends only.
//!
//! Its code is always compiled, but it answers only after
//! [`register_fixtures`], which only test code calls. A Cargo feature
//! cannot keep a fixture out of a product: cargo unifies the features of
//! dev-dependencies into the binary whenever tests or examples are built
//! with it (`--all-targets`).

use crate::CatalogGame;
use rand::RngCore;
use spieltisch_conformance::kuhn::{Kuhn, KuhnAction};
use spieltisch_conformance::{Golden, VariantSet};
use spieltisch_core::{Bot, Decision};
use std::sync::atomic::{AtomicBool, Ordering};

static REGISTERED: AtomicBool = AtomicBool::new(false);

/// Registers the test fixtures (Kuhn poker, `kuhn`) in this process, listed
/// after the games. For tests only: a test process, or a test-only binary,
/// calls it before it uses a fixture. Calling it again changes nothing.
pub fn register_fixtures() {
    REGISTERED.store(true, Ordering::Relaxed);
}

pub(crate) fn registered() -> bool {
    REGISTERED.load(Ordering::Relaxed)
}

impl CatalogGame for Kuhn {
    const HIDDEN_INFORMATION: bool = true;

    /// A hand of Kuhn poker is two or three actions: IS-MCTS runs millions
    /// of iterations a second (`cargo bench -p spieltisch-ai --bench
    /// search`, docs/benchmarks.md); a quarter of that is a safe figure.
    const ITERATIONS_PER_SECOND: u32 = 1_000_000;

    fn heuristic() -> Box<dyn Bot<Self>> {
        Box::new(KuhnBot)
    }

    fn conformance() -> Vec<VariantSet<Self::Options>> {
        spieltisch_conformance::kuhn::test_plan::conformance()
    }

    fn goldens() -> Vec<Golden<Self::Options>> {
        spieltisch_conformance::kuhn::test_plan::goldens()
    }
}

/// Bets and calls with the king, folds the jack to a bet, checks otherwise.
#[derive(Clone, Copy, Debug, Default)]
pub struct KuhnBot;

impl Bot<Kuhn> for KuhnBot {
    fn name(&self) -> String {
        "heuristic".into()
    }

    fn choose(&mut self, decision: &Decision<'_, Kuhn>, _rng: &mut dyn RngCore) -> KuhnAction {
        let view = decision.view();
        let card = view.cards.get(decision.seat()).copied().flatten().unwrap_or(0);
        let legal = decision.legal();
        let want = match (legal.contains(&KuhnAction::Bet {}), card) {
            (true, 2) => KuhnAction::Bet {},
            (true, _) => KuhnAction::Check {},
            (false, 0) => KuhnAction::Fold {},
            (false, _) => KuhnAction::Call {},
        };
        if legal.contains(&want) { want } else { legal[0] }
    }
}
