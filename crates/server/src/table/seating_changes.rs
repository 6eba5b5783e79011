//! Changes of who sits at a table after it opened: a person claims a
//! free seat, or the finished table names its rematch.
//!
//! Apart from the table's moves because they change its seating, not its
//! game: each is stored in the table's seating before anyone hears of it,
//! then every connection gets a fresh snapshot instead of an update, and
//! in a cluster the first of two that race on different nodes wins at the
//! owner.

use super::seating::SeatConfig;
use super::{Live, Table};
use crate::cluster::{Answer, Request};
use crate::error::ServerError;
use spieltisch_core::{Outcome, Seat};
use std::sync::Arc;
use tokio::sync::watch;

impl Table {
    /// A receiver that wakes whenever someone takes a seat.
    pub fn seating_changes(&self) -> watch::Receiver<u64> {
        self.seating.subscribe()
    }

    /// Gives `seat` to a person named `name` with a new `token`, if the
    /// seat is still free: stored before it is answered, then every
    /// connection gets a fresh snapshot. Claims are taken one at a time
    /// (under the table's lock), so of two for one seat exactly one wins.
    pub async fn claim(self: &Arc<Self>, seat: Seat, name: String, token: String) -> Result<(), ServerError> {
        if !self.owns() {
            let request = Request::Claim { seat, name: name.clone(), token: token.clone() };
            if self.forwarded(request).await?.is_some() {
                return Ok(());
            }
        }
        let mut live = self.live.lock().await;
        let mut seats = self.seats();
        let Some(config) = seats.get_mut(seat).filter(|c| c.is_person()) else {
            return Err(ServerError::NoSuchSeat(seat));
        };
        if !config.is_free() {
            return Err(ServerError::SeatTaken(seat));
        }
        config.token = Some(token);
        config.name = Some(name);
        let stored = self.seating_now(seats.clone()).stored();
        self.store.seat(&self.id, stored).await.map_err(|e| ServerError::Storage(e.to_string()))?;
        if let Ok(mut now) = self.seats.write() {
            *now = seats;
        }
        live.frames.written.clear();
        self.seating.send_modify(|changes| *changes += 1);
        self.publish(&mut live);
        Ok(())
    }

    /// The rematch's table, if someone asked for one.
    pub fn rematch(&self) -> Option<String> {
        self.rematch.read().ok().and_then(|r| r.clone())
    }

    /// Makes the rematch of this finished table once: `open` opens the new
    /// table (given this table's seats) and is called only by the first to
    /// ask; everyone else gets the same table. The new table is stored in
    /// this one's seating before it is announced, so a restart keeps it, and
    /// every connection then gets a fresh snapshot that names it.
    pub async fn rematch_with<F, Fut>(self: &Arc<Self>, open: F) -> Result<String, ServerError>
    where
        F: FnOnce(Vec<SeatConfig>, Outcome) -> Fut,
        Fut: std::future::Future<Output = Result<String, ServerError>>,
    {
        let mut live = self.live.lock().await;
        if let Some(made) = self.rematch() {
            return Ok(made);
        }
        let Some(outcome) = live.session.outcome() else {
            return Err(ServerError::NotOver);
        };
        if !self.owns() {
            // Opened here; the owner keeps the first rematch made.
            drop(live);
            let made = open(self.seats(), outcome).await?;
            return match self.forwarded(Request::Rematch { made: made.clone() }).await? {
                Some(Answer::Rematch(kept)) => Ok(kept),
                Some(_) => Ok(made),
                None => self.keep_rematch(&mut *self.live.lock().await, made).await,
            };
        }
        let made = open(self.seats(), outcome).await?;
        self.keep_rematch(&mut live, made).await
    }

    /// Stores `made` as the rematch, unless one was kept first; answers the
    /// rematch kept.
    pub(super) async fn keep_rematch(&self, live: &mut Live, made: String) -> Result<String, ServerError> {
        if let Some(kept) = self.rematch() {
            return Ok(kept);
        }
        let mut seating = self.seating_now(self.seats());
        seating.rematch = Some(made.clone());
        self.store.seat(&self.id, seating.stored()).await.map_err(|e| ServerError::Storage(e.to_string()))?;
        if let Ok(mut now) = self.rematch.write() {
            *now = Some(made.clone());
        }
        live.frames.written.clear();
        self.seating.send_modify(|changes| *changes += 1);
        self.publish(live);
        Ok(made)
    }
}
