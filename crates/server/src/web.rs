//! The web front end, embedded in the binary: plain JavaScript modules, no
//! build step, nothing fetched from elsewhere.

use axum::Router;
use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

/// (path, content type, content) of every asset.
const ASSETS: &[(&str, &str, &str)] = &[
    ("index.html", "text/html; charset=utf-8", include_str!("../web/index.html")),
    ("style.css", "text/css; charset=utf-8", include_str!("../web/style.css")),
    ("app.js", "text/javascript; charset=utf-8", include_str!("../web/app.js")),
    ("dom.js", "text/javascript; charset=utf-8", include_str!("../web/dom.js")),
    ("api.js", "text/javascript; charset=utf-8", include_str!("../web/api.js")),
    ("i18n.js", "text/javascript; charset=utf-8", include_str!("../web/i18n.js")),
    ("lobby.js", "text/javascript; charset=utf-8", include_str!("../web/lobby.js")),
    ("table.js", "text/javascript; charset=utf-8", include_str!("../web/table.js")),
    ("replay.js", "text/javascript; charset=utf-8", include_str!("../web/replay.js")),
    ("boards/index.js", "text/javascript; charset=utf-8", include_str!("../web/boards/index.js")),
    ("boards/six.js", "text/javascript; charset=utf-8", include_str!("../web/boards/six.js")),
    ("boards/sechstage.js", "text/javascript; charset=utf-8", include_str!("../web/boards/sechstage.js")),
    ("boards/ausreisser.js", "text/javascript; charset=utf-8", include_str!("../web/boards/ausreisser.js")),
    (
        "boards/reifenbreite.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/boards/reifenbreite.js"),
    ),
];

fn asset(path: &str) -> Response {
    match ASSETS.iter().find(|(p, _, _)| *p == path) {
        Some((_, kind, body)) => {
            ([(header::CONTENT_TYPE, *kind), (header::CACHE_CONTROL, "no-cache")], *body).into_response()
        }
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/", get(|| async { asset("index.html") }))
        .route("/assets/{*path}", get(|Path(path): Path<String>| async move { asset(&path) }))
}

