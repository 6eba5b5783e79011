//! People, not seats: the names people give, the invitations that lead to
//! free seats, taking a seat, and the public tables the lobby lists.
//!
//! - A person's seat is *claimed* (it has a token) or *free* (it has an
//!   invitation code and no token yet). Whoever follows an invitation
//!   (`/#/join/ID/CODE`) and gives a name takes the seat and gets a token
//!   of their own; at a public table anyone may take a free seat by its
//!   number. The claim is stored before it is answered.
//! - Names are what people type: trimmed, 1 to [`NAME_MAX`] characters,
//!   no control characters.
//! - Public tables are listed from their rows alone: none is loaded for
//!   the list.

use crate::error::ServerError;
use crate::options_shown::{Defaults, OptionShown, options_in_words};
use crate::registry::Found;
use crate::table::{SeatConfig, SeatShown, Seating, Table};
use crate::{Shared, token};
use axum::Extension;
use axum::Json;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use spieltisch_catalog::SeatSpec;
use spieltisch_core::Seat;
use std::sync::Arc;

/// The longest name, in characters.
pub const NAME_MAX: usize = 24;

/// The most public tables the lobby lists.
pub const PUBLIC_AT_MOST: usize = 50;

/// A name as people see it: `raw` trimmed, or why it is refused.
pub fn checked_name(raw: &str) -> Result<String, ServerError> {
    let name = raw.trim();
    let length = name.chars().count();
    if length == 0 || length > NAME_MAX {
        return Err(ServerError::NameInvalid(format!(
            "a name has 1 to {NAME_MAX} characters (this one has {length})"
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(ServerError::NameInvalid("a name has no control characters (line breaks, tabs)".into()));
    }
    Ok(name.to_string())
}

/// Who sits where at a new table: a person given a name is seated at once
/// (their token is in the reply); with `invite`, a person's seat without
/// a name waits for whoever follows its invitation; otherwise it gets a
/// token, as tables always did. Bots take no names.
pub fn seats_of_new_table(
    specs: &[SeatSpec],
    names: &[Option<String>],
    invite: bool,
) -> Result<Vec<SeatConfig>, ServerError> {
    if !names.is_empty() && names.len() != specs.len() {
        return Err(ServerError::BadRequest(format!(
            "names has {} entries for {} seats: give one per seat (null for none)",
            names.len(),
            specs.len()
        )));
    }
    specs
        .iter()
        .enumerate()
        .map(|(seat, spec)| {
            let name = names.get(seat).cloned().flatten().map(|n| checked_name(&n)).transpose()?;
            let config = SeatConfig::claimed(spec.to_string(), None);
            match (spec.is_human(), name) {
                (false, Some(_)) => Err(ServerError::NameInvalid(format!(
                    "seat {} is a bot's: only a person's seat takes a name",
                    seat + 1
                ))),
                (false, None) => Ok(config),
                (true, Some(name)) => Ok(SeatConfig { token: Some(token()), name: Some(name), ..config }),
                (true, None) if invite => Ok(SeatConfig { invite: Some(token()), ..config }),
                (true, None) => Ok(SeatConfig { token: Some(token()), ..config }),
            }
        })
        .collect()
}

/// The seat an invitation code leads to, compared in constant time with
/// every seat's code, so how long the answer takes tells nothing.
fn seat_of_invite(seats: &[SeatConfig], code: &str) -> Option<Seat> {
    use subtle::ConstantTimeEq;
    let mut found = None;
    for (seat, config) in seats.iter().enumerate() {
        if config.invite.as_deref().is_some_and(|known| bool::from(known.as_bytes().ct_eq(code.as_bytes()))) {
            found = Some(seat);
        }
    }
    found
}

/// The table and seat of an invitation. A wrong code answers as an
/// unknown table does; a right one of an expired table hears that it
/// expired.
async fn invited(app: &Shared, id: &str, code: &str) -> Result<(Arc<Table>, Seat), ServerError> {
    let unknown = || ServerError::UnknownTable(id.to_string());
    match app.lookup(id).await? {
        Found::Live(table) => {
            let seat = seat_of_invite(&table.seats(), code).ok_or_else(unknown)?;
            Ok((table, seat))
        }
        Found::Expired(row) => {
            let seats = Seating::of_row(&row).map(|s| s.seats).unwrap_or_default();
            match seat_of_invite(&seats, code) {
                Some(_) => Err(ServerError::Expired(id.to_string())),
                None => Err(unknown()),
            }
        }
    }
}

/// Every seat as anyone may see it.
pub(crate) fn seats_shown(seats: &[SeatConfig]) -> Vec<SeatShown> {
    seats.iter().enumerate().map(|(seat, config)| config.public(seat)).collect()
}

/// The invitations to a table's free seats, `[{seat, invite}]` with the
/// join page's path: for the people who sit there to pass on.
pub fn invitations(table: &Table) -> Vec<Invitation> {
    let seats = table.seats();
    let free = seats.iter().enumerate().filter(|(_, config)| config.is_free());
    let paths = free.filter_map(|(seat, config)| {
        let code = config.invite.as_ref()?;
        Some(Invitation { invite: format!("/#/join/{}/{code}", table.id), seat })
    });
    paths.collect()
}

/// A free seat's invitation, to pass on.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Invitation {
    /// The join page's path, `/#/join/ID/CODE`.
    pub invite: String,
    pub seat: Seat,
}

/// The spectator's path of a table.
pub fn spectator_path(id: &str, spectator_token: &str) -> String {
    format!("/#/table/{id}/{spectator_token}")
}

/// `GET /api/tables/{id}/invite/{code}`: what an invitation leads to.
pub async fn invitation(
    State(app): State<Shared>,
    Path((id, code)): Path<(String, String)>,
) -> Result<Response, ServerError> {
    let (table, seat) = invited(&app, &id, &code).await?;
    let seats = table.seats();
    Ok(Json(Invited {
        game: &table.game,
        name: table.name().await,
        ok: true,
        over: table.is_over().await,
        public: table.public,
        seat,
        seats: seats_shown(&seats),
        spectator: table.public.then(|| spectator_path(&table.id, &table.spectator_token)),
        table: &table.id,
        taken: !seats[seat].is_free(),
    })
    .into_response())
}

/// The reply of `GET /api/tables/{id}/invite/{code}`: the table and seat
/// an invitation leads to, for the join page (never a token or a code).
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Invited<'a> {
    pub game: &'a str,
    #[serde(serialize_with = "crate::sorted_keys::sorted")]
    pub name: spieltisch_core::Said,
    #[cfg_attr(feature = "ts", ts(type = "true"))]
    pub ok: bool,
    pub over: bool,
    pub public: bool,
    pub seat: Seat,
    /// Every seat as anyone may see it (`SeatConfig::public`).
    pub seats: Vec<SeatShown>,
    /// The spectator's path, at a public table.
    pub spectator: Option<String>,
    pub table: &'a str,
    /// Someone took the seat already.
    pub taken: bool,
}

/// The request to take a seat: by invitation, or at a public table by
/// its number.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Claim {
    pub invite: Option<String>,
    pub seat: Option<Seat>,
    pub name: String,
}

/// `POST /api/tables/{id}/claim`: takes a free seat.
pub async fn claim(
    State(app): State<Shared>,
    Extension(client): Extension<crate::client_addr::AddrGroup>,
    Path(id): Path<String>,
    Json(req): Json<Claim>,
) -> Result<Response, ServerError> {
    app.gate.claim(client)?;
    let name = checked_name(&req.name)?;
    let (table, seat) = match (&req.invite, req.seat) {
        (Some(code), _) => invited(&app, &id, code).await?,
        (None, Some(seat)) => match app.lookup(&id).await? {
            // A private table's seats are taken by invitation only: asked
            // by number, it answers as an unknown table.
            Found::Live(table) if table.public => (table, seat),
            _ => return Err(ServerError::UnknownTable(id)),
        },
        (None, None) => {
            return Err(ServerError::BadRequest(
                "say which seat: an invitation code or a seat number".into(),
            ));
        }
    };
    let personal = token();
    table.claim(seat, name, personal.clone()).await?;
    let url = format!("/#/table/{}/{personal}", table.id);
    Ok(Json(Claimed { ok: true, seat, table: &table.id, token: &personal, url }).into_response())
}

/// The reply of `POST /api/tables/{id}/claim`: the seat taken, with the
/// claimant's own new token.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Claimed<'a> {
    #[cfg_attr(feature = "ts", ts(type = "true"))]
    pub ok: bool,
    pub seat: Seat,
    pub table: &'a str,
    pub token: &'a str,
    /// The table's path for the token.
    pub url: String,
}

/// `GET /api/public`: the newest public tables, each with its seats (who
/// sits there, which are free) and its spectator's path.
pub async fn public_tables(State(app): State<Shared>) -> Result<Json<PublicTables>, ServerError> {
    let found =
        app.store.public_tables(PUBLIC_AT_MOST).await.map_err(|e| ServerError::Storage(e.to_string()))?;
    let mut defaults = Defaults::default();
    let mut tables: Vec<ListedTable> = found
        .into_iter()
        .filter_map(|listed| {
            let row = listed.row;
            let seating = Seating::of_row(&row).ok()?;
            let entry = spieltisch_catalog::entry_of(&row.game).ok();
            let options = entry.as_ref().map_or_else(Vec::new, |entry| {
                options_in_words(entry, &row.options, seating.seats.len(), &mut defaults)
            });
            Some(ListedTable {
                created_at: row.created_at,
                name: entry.map(|e| e.info.name.clone()),
                options,
                over: listed.over,
                seats: seats_shown(&seating.seats),
                spectator: spectator_path(&row.id, &row.spectator_token),
                game: row.game,
                table: row.id,
                version: listed.version,
                moves: None,
            })
        })
        .collect();
    // The stored actions do not say which of them chance took, and reading
    // them would mean replaying every listed table at every listing; a table
    // in memory has counted its players' moves as they were made. A table
    // not in memory here is listed without the count.
    for table in &mut tables {
        table.moves = app.moves_in_memory(&table.table).await;
    }
    Ok(Json(PublicTables { ok: true, tables }))
}

/// The reply of `GET /api/public`.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PublicTables {
    #[cfg_attr(feature = "ts", ts(type = "true"))]
    pub ok: bool,
    pub tables: Vec<ListedTable>,
}

/// A public table, as the lobby lists it.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ListedTable {
    /// Seconds since 1970.
    pub created_at: i64,
    pub game: String,
    /// How many moves the players made, chance outcomes not counted; `null`
    /// where the table is not in memory on this server (only a live
    /// session knows which actions were chance's).
    pub moves: Option<usize>,
    /// The game's name (`null` for a game this server does not know).
    #[serde(serialize_with = "crate::sorted_keys::sorted")]
    pub name: Option<spieltisch_core::Said>,
    /// The options the table was opened with that differ from the game's
    /// defaults, in words.
    pub options: Vec<OptionShown>,
    pub over: bool,
    /// Every seat as anyone may see it (`SeatConfig::public`).
    pub seats: Vec<SeatShown>,
    /// The spectator's path.
    pub spectator: String,
    pub table: String,
    /// How many actions were played, chance outcomes (dice, draws)
    /// included: 0 before the game started.
    pub version: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_counted_in_characters() {
        assert_eq!(checked_name("  Anna ").unwrap(), "Anna");
        assert_eq!(checked_name(&"ü".repeat(NAME_MAX)).unwrap().chars().count(), NAME_MAX, "48 bytes");
        for bad in ["", "   ", "a\nb", "tab\there", &"x".repeat(NAME_MAX + 1)] {
            assert_eq!(checked_name(bad).unwrap_err().code(), "name.invalid", "{bad:?}");
        }
    }
}
