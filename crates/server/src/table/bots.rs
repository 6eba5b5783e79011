//! The table's bots: each decides on the bot pool, from its own seat's
//! view on a copy of the session, after the bot delay so that people can
//! follow, and plays through the same checked path as people.
//!
//! Apart from the table's one move at a time because a bot's decision
//! runs outside the table's lock, on another thread and for as long as
//! the pool makes it wait, and comes back as a move (or an answer) like
//! anyone's.

use super::{LAST_PAUSE, Table};
use crate::bot_pool::Lane;
use crate::error::ServerError;
use spieltisch_catalog::{BotMove, DynSession, SeatSpec};
use spieltisch_core::Seat;
use std::sync::Arc;

impl Table {
    /// The bot that plays `seat`, if a bot does.
    pub(super) fn bot_spec(&self, seat: Seat) -> Option<SeatSpec> {
        self.seats.read().ok()?.get(seat)?.bot()
    }

    /// A bot's answer to a decision taken together: it starts thinking at
    /// once (in the search pool's queue), in the state in which it answers,
    /// and answers no earlier than the bot delay, so how long the window
    /// lasts does not depend on what the bot holds.
    pub(super) fn schedule_bot_answer(
        self: &Arc<Self>,
        seat: Seat,
        spec: SeatSpec,
        version: usize,
        ahead: Box<dyn DynSession>,
    ) {
        let table = Arc::clone(self);
        let answer_at = tokio::time::Instant::now() + self.settings.bot_delay;
        tokio::spawn(async move {
            let thinking = table.think(seat, spec, ahead);
            let (choice, ()) = tokio::join!(thinking, tokio::time::sleep_until(answer_at));
            let mut live = table.live.lock().await;
            let Some(window) = live.window.as_ref().filter(|w| w.version == version) else { return };
            // A bot that failed passes: the window waits for its answer.
            let action = choice.unwrap_or_else(|| window.pass.clone());
            if let Err(e) = table.answer(&mut live, seat, action).await {
                tracing::warn!(table = %table.id, seat, "bot answer not applied: {e}");
            }
        });
    }

    /// If a bot is to move, lets it think on the search pool (on a copy of
    /// the session) and play through the same checked path as people.
    pub(super) fn schedule_bot(self: &Arc<Self>, seat: Seat, spec: SeatSpec, version: usize) {
        let table = Arc::clone(self);
        tokio::spawn(async move {
            tokio::time::sleep(table.settings.bot_delay).await;
            let copy = table.live.lock().await.session.clone_box();
            if copy.version() != version {
                return;
            }
            let Some(action) = table.think(seat, spec, copy).await else { return };
            match table.act(seat, Some(version), &action).await {
                Ok(_) => {}
                Err(ServerError::Storage(e)) => {
                    // The table is back at `version`: the bot moves
                    // again a little later, until storage works.
                    tracing::warn!(table = %table.id, seat, "bot move not stored, asking again: {e}");
                    tokio::time::sleep(LAST_PAUSE).await;
                    let mut live = table.live.lock().await;
                    if live.session.version() == version {
                        table.ask(&mut live);
                    }
                }
                Err(e) => tracing::warn!(table = %table.id, seat, "bot move not applied: {e}"),
            }
        });
    }

    /// The move of `spec`'s bot for `seat` in `session` (a copy), decided
    /// on the search pool within the server's bot limits; `None` (logged)
    /// when the bot failed. A search its deadline cut short is logged: its
    /// move depends on the machine.
    async fn think(&self, seat: Seat, spec: SeatSpec, mut session: Box<dyn DynSession>) -> Option<String> {
        let limits = self.settings.bot_limits.clone();
        let client = self.creator.as_deref().unwrap_or(&self.id);
        // A spec that cannot say fails in the decision itself, where it is
        // logged; the quick lane is where it costs least.
        let lane = if spec.searches_in(&self.game).unwrap_or(false) { Lane::Search } else { Lane::Quick };
        let decided = self
            .settings
            .bots
            .run(lane, client, &self.id, move || session.bot_move_within(&spec, &limits))
            .await;
        match decided {
            Ok(Ok(BotMove { action, search })) => {
                if let Some(report) = search.filter(|r| r.cut_short()) {
                    tracing::warn!(
                        table = %self.id,
                        seat,
                        iterations = report.effort.iterations,
                        budget = report.budget.iterations,
                        expected_ms = report.budget.expected.as_millis() as u64,
                        elapsed_ms = report.elapsed.as_millis() as u64,
                        "bot search stopped at its deadline: this move depends on the machine's speed"
                    );
                }
                Some(action)
            }
            Ok(Err(e)) => {
                tracing::error!(table = %self.id, seat, "bot failed: {e}");
                None
            }
            Err(e) => {
                tracing::error!(table = %self.id, seat, "bot task failed: {e}");
                None
            }
        }
    }
}
