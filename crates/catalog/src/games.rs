//! [`CatalogGame`] for each registered game: its heuristic bot, whether it
//! has secrets, and its extra summary figures.

use crate::{CatalogGame, Stat};
use spieltisch_core::Bot;

/// 6-Tage Rennen: hands of cards are secret; `sim` also reports each seat
/// spec's mean laps down over the series.
impl CatalogGame for spieltisch_sechstage::Sechstage {
    const HIDDEN_INFORMATION: bool = true;

    fn heuristic() -> Box<dyn Bot<Self>> {
        Box::new(spieltisch_sechstage::HeuristicBot::default())
    }

    fn extra_stats(final_state: &Self) -> Vec<(&'static str, Stat)> {
        let laps = final_state.total_laps_down().into_iter().map(f64::from).collect();
        vec![("laps_down", Stat::PerSeat(laps))]
    }
}

/// Der Ausreisser: hands of cards are secret.
impl CatalogGame for spieltisch_ausreisser::Ausreisser {
    const HIDDEN_INFORMATION: bool = true;

    fn heuristic() -> Box<dyn Bot<Self>> {
        Box::new(spieltisch_ausreisser::HeuristicBot::default())
    }
}
