//! Decisions that seats take together (Der Ausreisser's Steigung window,
//! [`spieltisch_core::Together`]) as the table runs them.
//!
//! Everyone asked is asked at once: each person privately, each bot from
//! its own view. Answers are held, seen by nobody else, and applied in the
//! engine's order once all are in. A person who has asked to pass
//! automatically, or is not connected, passes at once (neither depends on
//! the hand); one who has not answered by the deadline, the same for
//! everyone, passes then. Bots start thinking at once and answer no
//! earlier than the bot delay, whatever they hold; the deadline waits for
//! them, since their decisions wait in the search pool's queue and what
//! they answer must not depend on its length.
//!
//! Apart from the table's one move at a time because a window lives
//! across many calls and tasks (answers, bots, the deadline) before it
//! ends in one commit; what a window holds is in `window.rs`.

use super::window::Window;
use super::{LAST_PAUSE, Live, Table};
use crate::error::ServerError;
use spieltisch_core::{Seat, Turn};
use std::sync::Arc;
use std::time::Duration;

impl Table {
    /// Asks whoever decides now: every seat of a decision taken together at
    /// once, or a bot to move.
    pub(super) fn ask(self: &Arc<Self>, live: &mut Live) {
        self.ask_passing_the_absent(live, true);
    }

    /// [`Table::ask`]; with `pass_absent`, a person without a connection
    /// passes a decision taken together at once. Not on resuming after a
    /// restart, when nobody has had the time to reconnect: then everyone
    /// has until the deadline.
    pub(super) fn ask_passing_the_absent(self: &Arc<Self>, live: &mut Live, pass_absent: bool) {
        if !self.owns() {
            return; // the owner asks
        }
        let version = live.session.version();
        let Some((seats, pass)) = live.session.together() else {
            live.window = None;
            if let Some(seat) = live.session.turn().seat()
                && let Some(spec) = self.bot_spec(seat)
            {
                self.schedule_bot(seat, spec, version);
            }
            return;
        };
        if live.window.as_ref().is_some_and(|w| w.version == version) {
            return;
        }
        let mut window = Window { version, answers: vec![None; seats.len()], seats, pass, deadline: None };
        for (i, &seat) in window.seats.iter().enumerate() {
            match self.bot_spec(seat) {
                Some(spec) => match live.session.ahead_to(seat) {
                    Ok(ahead) => self.schedule_bot_answer(seat, spec, version, ahead),
                    Err(e) => {
                        tracing::error!(table = %self.id, seat, "cannot ask the bot: {e}");
                        window.answers[i] = Some(window.pass.clone());
                    }
                },
                None if live.auto_pass.get(seat) == Some(&true)
                    || (pass_absent && live.connections[seat] == 0) =>
                {
                    window.answers[i] = Some(window.pass.clone());
                }
                None => {}
            }
        }
        let wait = if window.complete() { Duration::ZERO } else { self.settings.window_deadline };
        window.deadline = Some(self.close_window_at(version, wait));
        live.window = Some(window);
    }

    /// Starts the task that closes the window of `version` after `wait`.
    fn close_window_at(self: &Arc<Self>, version: usize, wait: Duration) -> tokio::task::AbortHandle {
        let table = Arc::clone(self);
        let deadline = tokio::time::Instant::now() + wait;
        tokio::spawn(async move {
            tokio::time::sleep_until(deadline).await;
            table.close_window(version).await;
        })
        .abort_handle()
    }

    /// The deadline of the decision taken together at `version`: every
    /// person who has not answered passes, and the answers are applied.
    /// A bot that has not answered yet is waited for: its decision waits
    /// in the search pool's queue, and what it answers must not depend on
    /// how long that queue is (it answers, or passes if it fails, and its
    /// answer completes the window).
    async fn close_window(self: &Arc<Self>, version: usize) {
        let mut live = self.live.lock().await;
        let Some(window) = live.window.as_mut().filter(|w| w.version == version) else { return };
        // This task is the deadline: it must not stop itself while applying.
        window.deadline = None;
        for (i, &seat) in window.seats.iter().enumerate() {
            if window.answers[i].is_none() && self.bot_spec(seat).is_none() {
                window.answers[i] = Some(window.pass.clone());
            }
        }
        if !window.complete() {
            // The people who passed now have nothing left to answer.
            live.frames.written.clear();
            self.publish(&mut live);
            return;
        }
        if let Err(e) = self.resolve(&mut live).await {
            tracing::error!(table = %self.id, "the answers could not be applied: {e}");
        }
    }

    /// Holds `seat`'s answer to the open decision taken together; once all
    /// are in, applies them. Returns the version then.
    pub(super) async fn answer(
        self: &Arc<Self>,
        live: &mut Live,
        seat: Seat,
        action: String,
    ) -> Result<usize, ServerError> {
        let Some(window) = &mut live.window else { return Ok(live.session.version()) };
        let Some(i) = window.position(seat) else { return Ok(live.session.version()) };
        window.answers[i].get_or_insert(action);
        // The answerer's own messages change (nothing left to answer); no
        // one else's does, and no one else is told.
        live.frames.written.clear();
        if window.complete() {
            self.resolve(live).await
        } else {
            self.publish(live);
            Ok(live.session.version())
        }
    }

    /// Applies the answers of the open decision taken together in the
    /// engine's order, up to the answer that ends it, then commits and
    /// announces.
    async fn resolve(self: &Arc<Self>, live: &mut Live) -> Result<usize, ServerError> {
        let Some(mut window) = live.window.take() else { return Ok(live.session.version()) };
        if let Some(deadline) = window.deadline.take() {
            deadline.abort();
        }
        let before = live.session.version();
        for (&seat, answer) in window.seats.iter().zip(&window.answers) {
            if live.session.turn() != Turn::Seat(seat) {
                break; // an earlier answer ended the decision
            }
            let action = answer.as_deref().unwrap_or(&window.pass);
            if let Err(e) = live.apply(Some(seat), action) {
                // Every answer was checked when it came in; should one fail
                // anyway, the seat passes rather than stall the table.
                tracing::error!(table = %self.id, seat, "answer '{action}' not applied: {e}");
                live.apply(Some(seat), &window.pass)?;
            }
        }
        live.run_chance();
        if let Err(e) = self.commit(live, before).await {
            // The answers stay; they are applied again a little later.
            window.deadline = Some(self.close_window_at(window.version, LAST_PAUSE));
            live.window = Some(window);
            return Err(e);
        }
        Ok(self.announce(live))
    }
}
