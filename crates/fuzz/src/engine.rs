//! Request lines of the engine protocol (`spieltisch engine`,
//! `docs/protocol.md`).

use serde_json::Value;
use spieltisch_catalog::SeatSpec;

/// Serves the input's lines as one engine session, in process.
///
/// Requests that search (`analyze`, and `bot` with a searching seat spec) are
/// left out: they cost what the client asks the search to spend, which has
/// nothing to do with reading the line (their refusals are covered by the
/// engine's own tests).
///
/// Checks: every line that is not blank gets exactly one reply, in order;
/// every reply is a JSON object with `ok`; a failure carries a stable code
/// and a message, and is never `internal` (the engine turns a panic in a
/// game into that code, so it marks a bug); a request's `id` is echoed; a
/// reply about a game has its version and status, and a seat to move that
/// exists.
pub fn engine(data: &[u8]) {
    let lines: Vec<&[u8]> = data.split(|&b| b == b'\n').filter(|line| !searches(line)).collect();
    let input = lines.join(&b'\n');
    let mut out = Vec::new();
    spieltisch::serve_engine(&mut &input[..], &mut out).expect("reading and writing memory cannot fail");
    let requests: Vec<&[u8]> = lines
        .iter()
        .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
        .filter(|line| !line.iter().all(u8::is_ascii_whitespace))
        .collect();
    let out = String::from_utf8(out).expect("replies are UTF-8");
    let replies: Vec<&str> = out.lines().collect();
    assert_eq!(
        replies.len(),
        requests.len(),
        "{} requests got {} replies:\n{out}",
        requests.len(),
        replies.len()
    );
    for (request, reply) in requests.iter().zip(replies) {
        let shown = String::from_utf8_lossy(request);
        let reply: Value =
            serde_json::from_str(reply).unwrap_or_else(|e| panic!("{shown}: reply {reply:?}: {e}"));
        check_reply(&reply, &shown);
        let request: Option<Value> = serde_json::from_slice(request).ok();
        if let Some(id) = request.as_ref().and_then(|r| r.get("id")) {
            assert_eq!(reply.get("id"), Some(id), "{shown}: the id is not echoed in {reply}");
        }
    }
}

fn check_reply(reply: &Value, request: &str) {
    match reply.get("ok") {
        Some(Value::Bool(true)) => {
            if let Some(version) = reply.get("version") {
                assert!(version.is_u64(), "{request}: version in {reply}");
                let seats = reply["seats"].as_u64().unwrap_or_else(|| panic!("{request}: seats in {reply}"));
                match reply["status"].as_str() {
                    Some("seat") => {
                        let seat = reply["to_move"].as_u64();
                        assert!(seat.is_some_and(|s| s < seats), "{request}: seat to move in {reply}");
                    }
                    Some("chance" | "over") => assert!(reply["to_move"].is_null(), "{request}: {reply}"),
                    _ => panic!("{request}: status in {reply}"),
                }
            }
        }
        Some(Value::Bool(false)) => {
            let code =
                reply["error"]["code"].as_str().unwrap_or_else(|| panic!("{request}: no code in {reply}"));
            assert!(!code.is_empty() && code != "internal", "{request}: {reply}");
            assert!(reply["error"]["message"].as_str().is_some_and(|m| !m.is_empty()), "{request}: {reply}");
        }
        _ => panic!("{request}: a reply without ok: {reply}"),
    }
}

/// True for a request that asks for a search: `analyze`, or `bot` with a
/// seat spec that searches (`mcts`, `ismcts` or a level that stands for one).
fn searches(line: &[u8]) -> bool {
    let Ok(Value::Object(request)) = serde_json::from_slice::<Value>(line) else { return false };
    match request.get("cmd").and_then(Value::as_str) {
        Some("analyze") => true,
        Some("bot") => match request.get("bot").and_then(Value::as_str).map(str::parse::<SeatSpec>) {
            Some(Ok(spec)) => !matches!(spec.kind(), "human" | "random" | "heuristic" | "easy"),
            _ => false,
        },
        _ => false,
    }
}
