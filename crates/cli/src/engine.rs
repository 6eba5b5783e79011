//! `spieltisch engine`: the JSON-lines protocol for scripts and external
//! bots, specified in `docs/protocol.md`.
//!
//! One request per line, one reply per request, in order. Every reply is
//! `{"ok":true,...}` or `{"ok":false,"error":{"code":...,"message":...}}`;
//! nothing a client sends makes the process stop or print anything else.
//! Blank lines are skipped. A request's `id`, if it has one, is echoed back.

use crate::{
    error::CliError,
    input::{Line, read_line},
};
use serde_json::{Map, Value, json};
use spieltisch_catalog::{
    CatalogError, DynSession, FileAccess, SeatSpec, entries, load_session, new_session, read_files,
    read_record_files, session_from_record,
};
use spieltisch_core::{Lang, Record, Turn, Viewer};
use std::{
    io::{BufRead, Write},
    panic::{AssertUnwindSafe, catch_unwind},
};

/// The longest request line accepted, in bytes.
pub const MAX_LINE: usize = 1 << 20;

/// Serves requests from `input` until it ends.
pub fn run(input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    let mut engine = Engine::default();
    while let Some(line) = read_line(input, MAX_LINE)? {
        let reply = match line {
            Line::TooLong => failure(
                None,
                Failure::new(
                    "protocol.line_too_long",
                    format!("a request line may have at most {MAX_LINE} bytes"),
                ),
            ),
            Line::Bytes(bytes) if bytes.iter().all(u8::is_ascii_whitespace) => continue,
            Line::Bytes(bytes) => engine.reply(&bytes),
        };
        writeln!(out, "{reply}")?;
        out.flush()?;
    }
    Ok(())
}

/// An error reply: a stable code and a message for people.
#[derive(Debug)]
struct Failure {
    code: &'static str,
    message: String,
}

impl Failure {
    fn new(code: &'static str, message: impl Into<String>) -> Self {
        Failure { code, message: message.into() }
    }

    fn bad_request(message: impl Into<String>) -> Self {
        Failure::new("protocol.bad_request", message)
    }
}

impl From<CatalogError> for Failure {
    fn from(e: CatalogError) -> Self {
        Failure { code: e.code(), message: e.to_string() }
    }
}

fn failure(id: Option<&Value>, f: Failure) -> Value {
    let mut reply = json!({ "ok": false, "error": { "code": f.code, "message": f.message } });
    if let Some(id) = id {
        reply["id"] = id.clone();
    }
    reply
}

type Reply = Result<Map<String, Value>, Failure>;

/// The engine's state: at most one game, and whether chance is drawn
/// automatically.
#[derive(Debug)]
struct Engine {
    session: Option<Box<dyn DynSession>>,
    auto_chance: bool,
}

impl Default for Engine {
    fn default() -> Self {
        Engine { session: None, auto_chance: true }
    }
}

impl Engine {
    /// The reply to one request line. A panic inside a game (a bug, never
    /// input) becomes an `internal` error reply and drops the game, whose
    /// state may be half-changed.
    fn reply(&mut self, bytes: &[u8]) -> Value {
        let request: Value = match serde_json::from_slice(bytes) {
            Ok(v) => v,
            Err(e) => {
                return failure(
                    None,
                    Failure::new("protocol.malformed_json", format!("not valid JSON: {e}")),
                );
            }
        };
        let id = request.get("id").cloned();
        let handled = catch_unwind(AssertUnwindSafe(|| self.handle(&request)));
        match handled {
            Ok(Ok(mut map)) => {
                let mut reply = Map::new();
                reply.insert("ok".into(), Value::Bool(true));
                if let Some(id) = id {
                    reply.insert("id".into(), id);
                }
                reply.append(&mut map);
                Value::Object(reply)
            }
            Ok(Err(f)) => failure(id.as_ref(), f),
            Err(_) => {
                self.session = None;
                failure(
                    id.as_ref(),
                    Failure::new("internal", "internal error in the game; the game was closed"),
                )
            }
        }
    }

    fn handle(&mut self, request: &Value) -> Reply {
        let request = request
            .as_object()
            .ok_or_else(|| Failure::bad_request("a request is a JSON object with a \"cmd\" field"))?;
        let cmd = match request.get("cmd") {
            Some(Value::String(cmd)) => cmd.as_str(),
            Some(_) => return Err(Failure::bad_request("\"cmd\" must be a string")),
            None => return Err(Failure::bad_request("missing \"cmd\" field")),
        };
        let req = Request(request);
        match cmd {
            "games" => Ok(obj(json!({ "games": entries() }))),
            "new" => self.new_game(&req),
            "legal" => self.legal(&req),
            "apply" => self.apply(&req),
            "bot" => self.bot(&req),
            "analyze" => self.analyze(&req),
            "state" => {
                let state = self.session()?.to_json()?;
                Ok(obj(json!({ "state": state })))
            }
            "view" => self.view(&req),
            "static" => self.static_part(),
            "describe" => self.describe(&req),
            "load" => self.load(&req),
            "record" => Ok(obj(json!({ "record": self.session()?.record() }))),
            "result" => self.result(),
            other => Err(Failure::new(
                "protocol.unknown_cmd",
                format!(
                    "unknown command '{}' (commands: games, new, legal, apply, bot, state, view, static, describe, load, record, result)",
                    other.chars().take(64).collect::<String>()
                ),
            )),
        }
    }

    fn session(&self) -> Result<&dyn DynSession, Failure> {
        self.session.as_deref().ok_or_else(no_game)
    }

    fn session_mut(&mut self) -> Result<&mut Box<dyn DynSession>, Failure> {
        self.session.as_mut().ok_or_else(no_game)
    }

    /// Puts `session` in place (drawing chance if automatic) and describes it.
    fn start(&mut self, mut session: Box<dyn DynSession>) -> Reply {
        if self.auto_chance {
            session.run_chance();
        }
        let reply = status(session.as_ref());
        self.session = Some(session);
        Ok(reply)
    }

    fn new_game(&mut self, req: &Request) -> Reply {
        let game = req.str("game")?.ok_or_else(|| Failure::bad_request("\"new\" needs \"game\""))?;
        let mut options = req.0.get("options").cloned().unwrap_or(Value::Null);
        // Files the options name are read here (the rules read none), from
        // where the engine runs, as a program that plays on them would.
        if let Value::Object(given) = &mut options {
            read_files(game, given, FileAccess::Local)?;
        }
        let seed = req.u64("seed")?.unwrap_or(0);
        let auto_chance = match req.str("chance")? {
            None | Some("auto") => true,
            Some("manual") => false,
            Some(_) => return Err(Failure::bad_request("\"chance\" is \"auto\" or \"manual\"")),
        };
        let session = new_session(game, &options, seed)?;
        self.auto_chance = auto_chance;
        self.start(session)
    }

    fn legal(&mut self, req: &Request) -> Reply {
        let lang = req.lang()?;
        let session = self.session()?;
        let mut reply = status(session);
        match session.turn() {
            Turn::Chance => {
                let (actions, weights): (Vec<String>, Vec<u32>) =
                    session.chance_outcomes().into_iter().unzip();
                reply.insert("actions".into(), json!(actions));
                reply.insert("weights".into(), json!(weights));
                reply.insert("data".into(), json!(session.chance_data()));
            }
            _ => match lang {
                Some(lang) => {
                    reply.insert("data".into(), json!(session.legal_data()));
                    let (actions, described): (Vec<String>, Vec<String>) =
                        session.legal_described(&[], lang).into_iter().unzip();
                    reply.insert("actions".into(), json!(actions));
                    reply.insert("described".into(), json!(described));
                }
                None => {
                    reply.insert("actions".into(), json!(session.legal()));
                    reply.insert("data".into(), json!(session.legal_data()));
                }
            },
        }
        Ok(reply)
    }

    fn check_version(&self, req: &Request) -> Result<(), Failure> {
        if let Some(expected) = req.u64("version")? {
            let now = self.session()?.version();
            if expected != now as u64 {
                return Err(Failure::new(
                    "state.stale",
                    format!("the request is for version {expected}, but the game is at version {now}"),
                ));
            }
        }
        Ok(())
    }

    fn apply(&mut self, req: &Request) -> Reply {
        let action = req.str("action")?.ok_or_else(|| Failure::bad_request("\"apply\" needs \"action\""))?;
        let seat = req.seat()?;
        self.check_version(req)?;
        let auto_chance = self.auto_chance;
        let session = self.session_mut()?;
        session.apply(seat, action)?;
        if auto_chance {
            session.run_chance();
        }
        Ok(status(session.as_ref()))
    }

    fn bot(&mut self, req: &Request) -> Reply {
        let text = req.str("bot")?.unwrap_or("heuristic");
        let spec: SeatSpec = text.parse().map_err(CatalogError::from)?;
        self.check_version(req)?;
        let auto_chance = self.auto_chance;
        let session = self.session_mut()?;
        let action = session.bot_move(&spec)?;
        if auto_chance {
            session.run_chance();
        }
        let mut reply = obj(json!({ "action": action }));
        reply.append(&mut status(session.as_ref()));
        Ok(reply)
    }

    /// The best actions for the seat to move, by its own view (default bot:
    /// `medium`).
    fn analyze(&mut self, req: &Request) -> Reply {
        let text = req.str("bot")?.unwrap_or("medium");
        let spec: SeatSpec = text.parse().map_err(CatalogError::from)?;
        let session = self.session()?;
        let moves = session.analyze(&spec)?;
        let mut reply = obj(json!({ "bot": spec.to_string(), "moves": moves }));
        reply.append(&mut status(session));
        Ok(reply)
    }

    fn viewer(&self, req: &Request) -> Result<Viewer, Failure> {
        Ok(match req.seat()? {
            Some(seat) => Viewer::Seat(seat),
            None => Viewer::Spectator,
        })
    }

    fn view(&mut self, req: &Request) -> Reply {
        let viewer = self.viewer(req)?;
        let session = self.session()?;
        let view = session.view(viewer)?;
        let log = session.log(viewer)?;
        let mut reply = obj(json!({ "viewer": viewer.to_string(), "view": view, "log": log }));
        reply.append(&mut status(session));
        Ok(reply)
    }

    fn static_part(&mut self) -> Reply {
        let session = self.session()?;
        let mut reply = obj(json!({ "static": session.static_part()? }));
        reply.append(&mut status(session));
        Ok(reply)
    }

    fn describe(&mut self, req: &Request) -> Reply {
        let viewer = self.viewer(req)?;
        let lang = req.lang()?.unwrap_or_default();
        let text = self.session()?.describe_view(viewer, lang)?;
        Ok(obj(json!({ "viewer": viewer.to_string(), "text": text })))
    }

    fn load(&mut self, req: &Request) -> Reply {
        let session = match (req.0.get("state"), req.0.get("record")) {
            (Some(state), None) => load_session(state)?,
            (None, Some(record)) => {
                let mut record: Record = serde_json::from_value(record.clone())
                    .map_err(|e| Failure::new("record.malformed", format!("not a game record: {e}")))?;
                read_record_files(&mut record, FileAccess::Local)?;
                session_from_record(&record)?
            }
            _ => return Err(Failure::bad_request("\"load\" needs either \"state\" or \"record\"")),
        };
        if let Some(mode) = req.str("chance")? {
            self.auto_chance = match mode {
                "auto" => true,
                "manual" => false,
                _ => return Err(Failure::bad_request("\"chance\" is \"auto\" or \"manual\"")),
            };
        }
        self.start(session)
    }

    fn result(&self) -> Reply {
        let session = self.session()?;
        let mut reply = status(session);
        match session.outcome() {
            Some(outcome) => {
                reply.insert("draw".into(), json!(outcome.is_draw()));
                reply.insert("winners".into(), json!(outcome.winners()));
                reply.insert("outcome".into(), json!(outcome));
            }
            None => {
                reply.insert("outcome".into(), Value::Null);
            }
        }
        Ok(reply)
    }
}

fn no_game() -> Failure {
    Failure::new("protocol.no_game", "no game yet: send \"new\" or \"load\" first")
}

fn obj(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

/// The fields every reply about a game carries.
fn status(session: &dyn DynSession) -> Map<String, Value> {
    let (status, to_move) = match session.turn() {
        Turn::Seat(s) => ("seat", Some(s)),
        Turn::Chance => ("chance", None),
        Turn::Over => ("over", None),
    };
    obj(json!({
        "game": session.info().id,
        "seats": session.seats(),
        "version": session.version(),
        "status": status,
        "to_move": to_move,
    }))
}

/// Typed access to a request's fields, with `protocol.bad_request` for
/// fields of the wrong type.
struct Request<'a>(&'a Map<String, Value>);

impl Request<'_> {
    fn str(&self, key: &str) -> Result<Option<&str>, Failure> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(Failure::bad_request(format!("\"{key}\" must be a string"))),
        }
    }

    fn u64(&self, key: &str) -> Result<Option<u64>, Failure> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => v
                .as_u64()
                .map(Some)
                .ok_or_else(|| Failure::bad_request(format!("\"{key}\" must be a whole number from 0"))),
        }
    }

    fn seat(&self) -> Result<Option<usize>, Failure> {
        match self.0.get("seat") {
            None | Some(Value::Null) => Ok(None),
            Some(v) => v.as_u64().and_then(|s| usize::try_from(s).ok()).map(Some).ok_or_else(|| {
                Failure::new(
                    "seat.invalid",
                    "\"seat\" must be a seat number from 0 (or null for the spectator)",
                )
            }),
        }
    }

    fn lang(&self) -> Result<Option<Lang>, Failure> {
        self.str("lang")?.map(|l| l.parse::<Lang>().map_err(Failure::bad_request)).transpose()
    }
}
