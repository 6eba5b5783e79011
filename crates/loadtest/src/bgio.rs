//! The load client's side of boardgame.io's protocol (0.50.2), so that the
//! same generator drives boardgame.io's server as an anchor
//! (`bench/anchors/bgio`, docs/benchmarks.md "Against boardgame.io").
//!
//! boardgame.io speaks socket.io v4, that is Engine.IO v4 packets carried
//! one per WebSocket text message at `/socket.io/?EIO=4&transport=websocket`:
//! the first character is the Engine.IO type (`0` open, `2` ping, `3` pong,
//! `4` message), and a message's next character the socket.io type (`0`
//! connect, `2` event, `4` connect error), then `/namespace,` unless the
//! namespace is `/`, then an optional acknowledgement id, then JSON. Each
//! game is its own namespace, `/` + the game's name.
//!
//! A match is made through boardgame.io's lobby API (`POST
//! /games/{name}/create`, then `/games/{name}/{matchID}/join` per seat, which
//! answers the seat's credentials); a seat then emits `sync` (match, player,
//! credentials, players) and gets `sync` (match, {state, ...}) back, and for
//! every move of anyone an `update` (match, state). A move is the event
//! `update` (action, stateID, match, player), the action carrying the
//! credentials; a move sent against an older stateID is ignored.

use super::{Seat, Shared, TableInFlight, Ws, connect_ws};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::json;
use std::borrow::Cow;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// One Engine.IO packet as the load client sees it.
#[derive(Debug, PartialEq, Eq)]
pub enum Packet<'a> {
    /// `0{...}`: the session is open.
    Open,
    /// `2`: the server's heartbeat, to be answered with [`PONG`] within its
    /// ping timeout or the server drops the connection.
    Ping,
    /// `40...`: our namespace accepted the connection.
    Connected,
    /// `44...`: our namespace refused it; the JSON says why.
    ConnectError(&'a str),
    /// `42...`: an event for our namespace: its JSON array, event name first.
    Event(&'a str),
    /// Anything else (a noop, a close, another namespace's traffic).
    Other,
}

pub const PONG: &str = "3";

/// What comes after the socket.io packet type for `namespace`.
fn namespace_prefix(namespace: &str) -> String {
    if namespace == "/" { String::new() } else { format!("{namespace},") }
}

/// Reads one WebSocket text message of an Engine.IO v4 session.
pub fn parse<'a>(text: &'a str, namespace: &str) -> Packet<'a> {
    let mut chars = text.char_indices();
    match chars.next() {
        Some((_, '0')) => return Packet::Open,
        Some((_, '2')) if text.len() == 1 => return Packet::Ping,
        Some((_, '4')) => {}
        _ => return Packet::Other,
    }
    let Some((_, kind)) = chars.next() else { return Packet::Other };
    let rest = &text[2..];
    let rest = if namespace == "/" {
        // The default namespace is left out, so a packet for another one
        // starts with '/'.
        if rest.starts_with('/') {
            return Packet::Other;
        }
        rest
    } else {
        match rest.strip_prefix(namespace).and_then(|r| r.strip_prefix(',')) {
            Some(r) => r,
            // A connect for a namespace may come without the trailing comma.
            None if rest == namespace => "",
            None => return Packet::Other,
        }
    };
    match kind {
        '0' => Packet::Connected,
        '4' => Packet::ConnectError(rest),
        '2' => Packet::Event(rest.trim_start_matches(|c: char| c.is_ascii_digit())),
        _ => Packet::Other,
    }
}

/// The socket.io CONNECT packet for `namespace`.
pub fn connect_packet(namespace: &str) -> String {
    format!("40{}", namespace_prefix(namespace))
}

/// An event packet for `namespace` whose JSON array (name first) is `array`.
pub fn event_packet(namespace: &str, array: &str) -> String {
    format!("42{}{array}", namespace_prefix(namespace))
}

/// The `sync` event with which a seat asks for the match's state.
pub fn sync_packet(
    namespace: &str,
    match_id: &str,
    player: usize,
    credentials: &str,
    players: usize,
) -> String {
    let array = json!(["sync", match_id, player.to_string(), credentials, players]);
    event_packet(namespace, &array.to_string())
}

/// The `update` event that makes the move `name` (no arguments) for `player`
/// against state `state_id`.
pub fn move_packet(
    namespace: &str,
    name: &str,
    match_id: &str,
    player: usize,
    credentials: &str,
    state_id: u64,
) -> String {
    let player = player.to_string();
    let action = json!({
        "type": "MAKE_MOVE",
        "payload": {"type": name, "args": [], "playerID": player, "credentials": credentials},
    });
    event_packet(namespace, &json!(["update", action, state_id, match_id, player]).to_string())
}

/// The fields of a match state the load client reads.
#[derive(Debug, Deserialize)]
pub struct MatchState<'a> {
    #[serde(rename = "_stateID")]
    pub state_id: u64,
    #[serde(borrow)]
    pub ctx: MatchCtx<'a>,
}

#[derive(Debug, Deserialize)]
pub struct MatchCtx<'a> {
    #[serde(rename = "currentPlayer", borrow)]
    pub current_player: Cow<'a, str>,
    /// Present (and not null) once the game is over.
    #[serde(default)]
    pub gameover: Option<IgnoredAny>,
}

#[derive(Deserialize)]
struct SyncInfo<'a> {
    #[serde(borrow)]
    state: MatchState<'a>,
}

/// The third element of an event's array (after the name and the match
/// id), the rest skipped: boardgame.io's `update` carries the deltalog as a
/// fourth.
struct ThirdOf<T>(T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for ThirdOf<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Third<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for Third<T> {
            type Value = ThirdOf<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an event array of at least three elements")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<ThirdOf<T>, A::Error> {
                let missing =
                    || serde::de::Error::invalid_length(2, &"an event array of at least three elements");
                seq.next_element::<IgnoredAny>()?.ok_or_else(missing)?;
                seq.next_element::<IgnoredAny>()?.ok_or_else(missing)?;
                let third = seq.next_element::<T>()?.ok_or_else(missing)?;
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(ThirdOf(third))
            }
        }
        deserializer.deserialize_seq(Third(std::marker::PhantomData))
    }
}

/// A state the server sent: from an `update` event (after a move) or from
/// the `sync` answer (`fresh` false); other events are `None`.
pub fn state_of(event: &str) -> Result<Option<(MatchState<'_>, bool)>, String> {
    if event.starts_with(r#"["update","#) {
        let ThirdOf(state) = serde_json::from_str(event).map_err(|e| format!("unreadable update: {e}"))?;
        Ok(Some((state, true)))
    } else if event.starts_with(r#"["sync","#) {
        let ThirdOf(SyncInfo { state }) =
            serde_json::from_str(event).map_err(|e| format!("unreadable sync: {e}"))?;
        Ok(Some((state, false)))
    } else {
        Ok(None)
    }
}

/// The move the anchor game offers (bench/anchors/bgio/server.js).
const MOVE: &str = "move";

/// Makes a match through the lobby API, connects its seats and plays it to
/// the end (true) or until told to stop (false).
pub(super) async fn play_one(
    addr: SocketAddr,
    bind: Option<IpAddr>,
    game: &str,
    seats: usize,
    seed: u64,
    shared: &Arc<Shared>,
) -> Result<bool, String> {
    let create = json!({"numPlayers": seats});
    let (status, reply) =
        shared.http.request(addr, "POST", &format!("/games/{game}/create"), Some(&create)).await?;
    let match_id =
        reply["matchID"].as_str().ok_or_else(|| format!("create: HTTP {status}: {reply}"))?.to_string();
    let mut credentials = Vec::new();
    for player in 0..seats {
        let join = json!({"playerID": player.to_string(), "playerName": format!("seat {player}")});
        let path = format!("/games/{game}/{match_id}/join");
        let (status, reply) = shared.http.request(addr, "POST", &path, Some(&join)).await?;
        let token =
            reply["playerCredentials"].as_str().ok_or_else(|| format!("join: HTTP {status}: {reply}"))?;
        credentials.push(token.to_string());
    }
    let namespace = format!("/{game}");
    let table = Arc::new(TableInFlight::new(seats));
    let mut tasks = Vec::new();
    for (player, credentials) in credentials.into_iter().enumerate() {
        let mut ws = connect_ws(addr, bind, "/socket.io/?EIO=4&transport=websocket").await?;
        handshake(&mut ws, &namespace).await?;
        let sync = sync_packet(&namespace, &match_id, player, &credentials, seats);
        ws.send(Message::Text(sync.into())).await.map_err(|e| e.to_string())?;
        let seat = Seat { index: player, table: table.clone(), shared: shared.clone() };
        let ids = SeatIds { namespace: namespace.clone(), match_id: match_id.clone(), credentials };
        tasks.push(tokio::spawn(seat_loop(
            ws,
            seat,
            ids,
            super::pace::seed_state(seed.wrapping_mul(31).wrapping_add(player as u64)),
        )));
    }
    shared.table_opened();
    let mut finished = false;
    let mut failure = None;
    for task in tasks {
        match task.await {
            Ok(Ok(done)) => finished |= done,
            Ok(Err(e)) => failure = Some(e),
            Err(e) => failure = Some(e.to_string()),
        }
    }
    shared.table_closed();
    failure.map_or(Ok(finished), Err)
}

/// Waits for Engine.IO's open packet, then connects to `namespace`.
async fn handshake(ws: &mut Ws, namespace: &str) -> Result<(), String> {
    let mut opened = false;
    loop {
        let text = next_text(ws, Duration::from_secs(30)).await?.ok_or("closed during the handshake")?;
        match parse(&text, namespace) {
            Packet::Open => {
                opened = true;
                ws.send(Message::Text(connect_packet(namespace).into())).await.map_err(|e| e.to_string())?;
            }
            Packet::Connected if opened => return Ok(()),
            Packet::ConnectError(why) => return Err(format!("socket.io refused {namespace}: {why}")),
            Packet::Ping => ws.send(Message::Text(PONG.into())).await.map_err(|e| e.to_string())?,
            _ => {}
        }
    }
}

/// The next text message, `None` at the end of the stream.
async fn next_text(
    ws: &mut Ws,
    silence: Duration,
) -> Result<Option<tokio_tungstenite::tungstenite::Utf8Bytes>, String> {
    loop {
        match tokio::time::timeout(silence, ws.next()).await {
            Err(_) => return Err(format!("no message within {silence:?}")),
            Ok(None) => return Ok(None),
            Ok(Some(Err(e))) => return Err(e.to_string()),
            Ok(Some(Ok(Message::Text(text)))) => return Ok(Some(text)),
            Ok(Some(Ok(Message::Close(_)))) => return Ok(None),
            Ok(Some(Ok(_))) => {}
        }
    }
}

struct SeatIds {
    namespace: String,
    match_id: String,
    credentials: String,
}

async fn seat_loop(mut ws: Ws, seat: Seat, ids: SeatIds, mut rng: u64) -> Result<bool, String> {
    // The stateID this seat moved against, until the update of its move.
    let mut pending: Option<u64> = None;
    loop {
        let Some(text) = next_text(&mut ws, seat.shared.silence).await? else { return Ok(false) };
        let event = match parse(&text, &ids.namespace) {
            Packet::Ping => {
                ws.send(Message::Text(PONG.into())).await.map_err(|e| e.to_string())?;
                continue;
            }
            Packet::Event(event) => event,
            Packet::ConnectError(why) => return Err(format!("disconnected: {why}")),
            _ => continue,
        };
        let Some((state, fresh)) = state_of(event)? else { continue };
        if fresh {
            seat.update_seen(state.state_id);
        }
        if let Some(sent) = pending
            && state.state_id > sent
        {
            seat.shared.action_done();
            pending = None;
        }
        if state.ctx.gameover.is_some() {
            let _ = ws.close(None).await;
            return Ok(true);
        }
        if seat.shared.stopping() {
            let _ = ws.close(None).await;
            return Ok(false);
        }
        if pending.is_none() && state.ctx.current_player == seat.index.to_string() {
            seat.shared.pace.wait(&mut rng).await;
            if seat.shared.stopping() {
                let _ = ws.close(None).await;
                return Ok(false);
            }
            let packet = move_packet(
                &ids.namespace,
                MOVE,
                &ids.match_id,
                seat.index,
                &ids.credentials,
                state.state_id,
            );
            seat.sending(state.state_id);
            pending = Some(state.state_id);
            ws.send(Message::Text(packet.into())).await.map_err(|e| e.to_string())?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_io_packets_are_told_apart() {
        let ns = "/nothing";
        assert_eq!(
            parse(r#"0{"sid":"abc","upgrades":[],"pingInterval":10000,"pingTimeout":20000}"#, ns),
            Packet::Open
        );
        assert_eq!(parse("2", ns), Packet::Ping);
        assert_eq!(parse(r#"40/nothing,{"sid":"x"}"#, ns), Packet::Connected);
        assert_eq!(parse("40/nothing", ns), Packet::Connected);
        assert_eq!(
            parse(r#"44/nothing,{"message":"Invalid namespace"}"#, ns),
            Packet::ConnectError(r#"{"message":"Invalid namespace"}"#)
        );
        assert_eq!(parse(r#"42/nothing,["matchData","m",[]]"#, ns), Packet::Event(r#"["matchData","m",[]]"#));
        // With an acknowledgement id.
        assert_eq!(parse(r#"42/nothing,17["x"]"#, ns), Packet::Event(r#"["x"]"#));
        // Another namespace's traffic, a namespace that only starts like ours, and noise.
        assert_eq!(parse(r#"42/other,["x"]"#, ns), Packet::Other);
        assert_eq!(parse(r#"42/nothingness,["x"]"#, ns), Packet::Other);
        assert_eq!(parse("6", ns), Packet::Other);
        assert_eq!(parse("", ns), Packet::Other);
        assert_eq!(parse("4", ns), Packet::Other);
    }

    #[test]
    fn the_default_namespace_has_no_prefix() {
        assert_eq!(connect_packet("/"), "40");
        assert_eq!(event_packet("/", r#"["a"]"#), r#"42["a"]"#);
        assert_eq!(parse(r#"40{"sid":"x"}"#, "/"), Packet::Connected);
        assert_eq!(parse(r#"42["a",1]"#, "/"), Packet::Event(r#"["a",1]"#));
        assert_eq!(parse(r#"42/nothing,["a"]"#, "/"), Packet::Other);
    }

    #[test]
    fn a_move_is_an_update_event_with_the_credentials_in_its_action() {
        let packet = move_packet("/nothing", "move", "m\"1", 1, "secret", 7);
        let array: serde_json::Value =
            serde_json::from_str(packet.strip_prefix("42/nothing,").unwrap()).unwrap();
        assert_eq!(
            array,
            json!(["update", {"type": "MAKE_MOVE", "payload": {"type": "move", "args": [], "playerID": "1", "credentials": "secret"}}, 7, "m\"1", "1"])
        );
        let sync = sync_packet("/nothing", "m1", 0, "c", 2);
        assert_eq!(sync, r#"42/nothing,["sync","m1","0","c",2]"#);
        assert_eq!(connect_packet("/nothing"), "40/nothing,");
    }

    #[test]
    fn states_are_read_from_updates_and_sync_answers_only() {
        let update = r#"["update","m1",{"G":{"moves":3},"ctx":{"numPlayers":2,"turn":4,"currentPlayer":"1","playOrder":["0","1"]},"plugins":{},"_undo":[],"_redo":[],"_stateID":3},[{"action":{"type":"MAKE_MOVE"},"_stateID":2}]]"#;
        let (state, fresh) = state_of(update).unwrap().unwrap();
        assert!(fresh);
        assert_eq!(
            (state.state_id, &*state.ctx.current_player, state.ctx.gameover.is_some()),
            (3, "1", false)
        );
        let over = r#"["update","m1",{"ctx":{"currentPlayer":"0","gameover":{"draw":true}},"_stateID":40}]"#;
        assert!(state_of(over).unwrap().unwrap().0.ctx.gameover.is_some());
        let null_over = r#"["update","m1",{"ctx":{"currentPlayer":"0","gameover":null},"_stateID":2}]"#;
        assert!(state_of(null_over).unwrap().unwrap().0.ctx.gameover.is_none());
        let sync = r#"["sync","m1",{"state":{"ctx":{"currentPlayer":"0"},"_stateID":0},"log":[],"filteredMetadata":[{"id":0}],"initialState":{}}]"#;
        let (state, fresh) = state_of(sync).unwrap().unwrap();
        assert!(!fresh);
        assert_eq!((state.state_id, &*state.ctx.current_player), (0, "0"));
        assert!(state_of(r#"["matchData","m1",[{"id":0,"isConnected":true}]]"#).unwrap().is_none());
        assert!(state_of(r#"["update","m1",{"ctx":{}}]"#).is_err());
        assert!(state_of(r#"["update","m1"]"#).is_err());
    }
}
