//! Kuhn poker registered as a game, for tests of the front ends only (the
//! `fixtures` feature). A released binary never lists it.

use crate::CatalogGame;
use rand::RngCore;
use spieltisch_conformance::kuhn::{Kuhn, KuhnAction};
use spieltisch_core::{Bot, Decision};

impl CatalogGame for Kuhn {
    const HIDDEN_INFORMATION: bool = true;

    fn heuristic() -> Box<dyn Bot<Self>> {
        Box::new(KuhnBot)
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
        let want = match (legal.contains(&KuhnAction::Bet), card) {
            (true, 2) => KuhnAction::Bet,
            (true, _) => KuhnAction::Check,
            (false, 0) => KuhnAction::Fold,
            (false, _) => KuhnAction::Call,
        };
        if legal.contains(&want) { want } else { legal[0] }
    }
}
