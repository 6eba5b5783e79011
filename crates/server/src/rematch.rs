//! A rematch: the same people, the same game and options, a new table.
//!
//! - Any person seated at a finished table may ask; the first request opens
//!   the rematch and every later one (from anyone at the table) gets the
//!   same table. The finished table names it in its snapshots from then on,
//!   so everyone there is offered it in their own view.
//! - Each person keeps their token: a person's link to the rematch is the
//!   old link with the new table's id. Spectators keep theirs too. A seat
//!   nobody had taken gets a new invitation.
//! - Seats move on as the game's rules say who begins a rematch
//!   ([`spieltisch_core::Game::rematch_shift`]): by default everyone moves
//!   one seat on, so that the order of play changes.

use crate::error::ServerError;
use crate::registry::Found;
use crate::table::{SeatConfig, Seating};
use crate::{Shared, token};
use axum::extract::{Path, State};
use axum::{Extension, Json};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use spieltisch_core::{Seat, Viewer};

/// The rematch's seats: moved on by `shift`, each person with their name
/// and token, a seat nobody took with a fresh invitation.
pub fn seats_moved_on(seats: &[SeatConfig], shift: usize) -> Vec<SeatConfig> {
    let n = seats.len();
    (0..n)
        .map(|j| {
            let mut seat = seats[(j + shift) % n].clone();
            if seat.is_free() {
                seat.invite = Some(token());
            }
            seat
        })
        .collect()
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RematchRequest {
    /// The token of a person seated at the finished table.
    pub token: String,
}

/// `POST /api/tables/{id}/rematch`: the rematch of a finished table, opened
/// by the first person to ask.
pub async fn rematch(
    State(app): State<Shared>,
    Extension(client): Extension<crate::client_addr::AddrGroup>,
    Path(id): Path<String>,
    Json(req): Json<RematchRequest>,
) -> Result<Json<RematchMade>, ServerError> {
    let table = match app.lookup(&id).await? {
        Found::Live(table) => table,
        Found::Expired(_) => return Err(ServerError::Expired(id)),
    };
    let Viewer::Seat(_) = table.viewer_for(&req.token)? else {
        return Err(ServerError::Spectator);
    };
    let game = table.game.clone();
    let (hotseat, public, spectator_token) = (table.hotseat, table.public, table.spectator_token.clone());
    // The options as the finished game holds them (files by their content).
    let options = table.record().await.options;
    let new_id = table
        .rematch_with(|seats, outcome| {
            let app = app.clone();
            async move {
                let slot = app.gate.create_table(client)?;
                let session = spieltisch_catalog::new_session(&game, &options, rand::rng().next_u64())?;
                let moved = seats_moved_on(&seats, session.rematch_shift(&outcome));
                let seating = Seating { seats: moved, spectator_token, hotseat, public, rematch: None };
                app.open_table(client, slot, session, seating).await
            }
        })
        .await?;
    let new_seat = match app.lookup(&new_id).await? {
        Found::Live(new) => new.seats().iter().position(|s| s.token.as_deref() == Some(req.token.as_str())),
        Found::Expired(_) => None,
    };
    let url = format!("/#/table/{new_id}/{}", req.token);
    Ok(Json(RematchMade { ok: true, seat: new_seat, table: new_id, url }))
}

/// The reply of `POST /api/tables/{id}/rematch`: the rematch's table, and
/// where the asker sits there.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RematchMade {
    #[cfg_attr(feature = "ts", ts(type = "true"))]
    pub ok: bool,
    /// The asker's seat at the rematch.
    pub seat: Option<Seat>,
    pub table: String,
    /// The rematch's path for the asker's token.
    pub url: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn people_keep_their_names_and_tokens_and_a_free_seat_gets_a_new_invitation() {
        let anna =
            SeatConfig { name: Some("Anna".into()), ..SeatConfig::claimed("human".into(), Some("a".into())) };
        let bot = SeatConfig::claimed("medium".into(), None);
        let free = SeatConfig { invite: Some("old".into()), ..SeatConfig::claimed("human".into(), None) };
        let moved = seats_moved_on(&[anna.clone(), bot.clone(), free], 1);
        assert_eq!(moved[0], bot);
        assert!(moved[1].is_free() && moved[1].invite.as_deref() != Some("old"));
        assert_eq!(moved[2], anna);
    }
}
