//! A rematch: the same people, the same game and options, a new table.
//!
//! - Any person seated at a finished table may ask; the first request opens
//!   the rematch and every later one (from anyone at the table) gets the
//!   same table. The finished table names it in its snapshots from then on,
//!   so everyone there is offered it in their own view.
//! - Each person keeps their token: a person's link to the rematch is the
//!   old link with the new table's id. Spectators keep theirs too. A seat
//!   nobody had taken gets a new invitation.
//! - Seats move on: in Six the loser begins (the rules: "the loser begins
//!   the next game"; after a draw the side that did not begin), so the
//!   loser's side takes the first seat; in the other games everyone moves
//!   one seat on, so that the order of play changes.

use crate::error::ServerError;
use crate::registry::Found;
use crate::table::{SeatConfig, Seating};
use crate::{Shared, token};
use axum::extract::{Path, State};
use axum::{Extension, Json};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use spieltisch_core::{Outcome, Seat, Viewer};

/// How many seats everyone moves on at the rematch of `game`: the new seat
/// `j` is taken by whoever sat at `(j + shift) % seats`.
pub fn shift(game: &str, outcome: &Outcome, seats: usize) -> usize {
    if seats == 0 {
        return 0;
    }
    if game != "six" {
        return 1;
    }
    let worst = outcome.ranks.iter().copied().max().unwrap_or(1);
    let draw = outcome.ranks.iter().all(|&rank| rank == worst);
    if draw {
        // The side that did not begin (seat 0's) begins.
        return 1;
    }
    // The first seat of the losing side after the previous beginner (seat
    // 0), going round: with four players a side's two seats alternate.
    (1..=seats).find(|s| outcome.ranks[s % seats] == worst).unwrap_or(1) % seats
}

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
                let moved = seats_moved_on(&seats, shift(&game, &outcome, seats.len()));
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

    fn outcome(ranks: &[u32]) -> Outcome {
        Outcome {
            scores: ranks.iter().map(|&r| f64::from(3 - r)).collect(),
            ranks: ranks.to_vec(),
            teams: (0..ranks.len()).collect(),
            ranked_by: vec![],
        }
    }

    #[test]
    fn in_six_the_loser_begins_the_rematch() {
        // Two players: the loser takes seat 0.
        assert_eq!(shift("six", &outcome(&[1, 2]), 2), 1);
        assert_eq!(shift("six", &outcome(&[2, 1]), 2), 0);
        // A draw: the side that did not begin.
        assert_eq!(shift("six", &outcome(&[1, 1]), 2), 1);
        // Four players in partnerships 0+2 and 1+3: the losing side's first
        // seat after seat 0 begins, and partners stay opposite.
        assert_eq!(shift("six", &outcome(&[1, 2, 1, 2]), 4), 1);
        assert_eq!(shift("six", &outcome(&[2, 1, 2, 1]), 4), 2);
        assert_eq!(shift("six", &outcome(&[1, 1, 1, 1]), 4), 1);
    }

    #[test]
    fn in_the_other_games_everyone_moves_one_seat_on() {
        for game in ["sechstage", "reifenbreite", "ausreisser"] {
            assert_eq!(shift(game, &outcome(&[2, 1, 3]), 3), 1, "{game}");
        }
    }

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
