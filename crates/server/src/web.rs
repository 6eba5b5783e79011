//! The web front end, embedded in the binary: plain JavaScript modules, no
//! build step, nothing fetched from elsewhere.

use axum::Router;
use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::sync::LazyLock;

/// (path, content type, content) of every asset.
const ASSETS: &[(&str, &str, &str)] = &[
    ("index.html", "text/html; charset=utf-8", include_str!("../web/index.html")),
    ("style.css", "text/css; charset=utf-8", include_str!("../web/style.css")),
    ("favicon.svg", "image/svg+xml", include_str!("../web/favicon.svg")),
    ("app.js", "text/javascript; charset=utf-8", include_str!("../web/app.js")),
    ("dom.js", "text/javascript; charset=utf-8", include_str!("../web/dom.js")),
    ("api.js", "text/javascript; charset=utf-8", include_str!("../web/api.js")),
    ("i18n.js", "text/javascript; charset=utf-8", include_str!("../web/i18n.js")),
    ("lobby.js", "text/javascript; charset=utf-8", include_str!("../web/lobby.js")),
    ("table.js", "text/javascript; charset=utf-8", include_str!("../web/table.js")),
    ("replay.js", "text/javascript; charset=utf-8", include_str!("../web/replay.js")),
    ("patch.js", "text/javascript; charset=utf-8", include_str!("../web/patch.js")),
    ("motion.js", "text/javascript; charset=utf-8", include_str!("../web/motion.js")),
    ("sound.js", "text/javascript; charset=utf-8", include_str!("../web/sound.js")),
    ("alerts.js", "text/javascript; charset=utf-8", include_str!("../web/alerts.js")),
    ("rules.js", "text/javascript; charset=utf-8", include_str!("../web/rules.js")),
    ("covers.js", "text/javascript; charset=utf-8", include_str!("../web/covers.js")),
    ("join.js", "text/javascript; charset=utf-8", include_str!("../web/join.js")),
    ("boards/index.js", "text/javascript; charset=utf-8", include_str!("../web/boards/index.js")),
    ("boards/narrow.js", "text/javascript; charset=utf-8", include_str!("../web/boards/narrow.js")),
    ("boards/six.js", "text/javascript; charset=utf-8", include_str!("../web/boards/six.js")),
    ("boards/sechstage.js", "text/javascript; charset=utf-8", include_str!("../web/boards/sechstage.js")),
    ("boards/ausreisser.js", "text/javascript; charset=utf-8", include_str!("../web/boards/ausreisser.js")),
    (
        "boards/reifenbreite.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/boards/reifenbreite.js"),
    ),
];

/// The page's words, made from the catalogs once ([`crate::words::page_module`]).
static WORDS_MODULE: LazyLock<String> = LazyLock::new(crate::words::page_module);

fn asset(path: &str) -> Response {
    if path == "words.js" {
        let kind = "text/javascript; charset=utf-8";
        return ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "no-cache")], WORDS_MODULE.as_str())
            .into_response();
    }
    match ASSETS.iter().find(|(p, _, _)| *p == path) {
        Some((_, kind, body)) => {
            ([(header::CONTENT_TYPE, *kind), (header::CACHE_CONTROL, "no-cache")], *body).into_response()
        }
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

/// Whether `request` is a browser's navigation to a page (a GET that
/// accepts HTML), outside the API and the WebSockets, whose clients are
/// programs and always get JSON.
pub fn navigated(request: &axum::extract::Request) -> bool {
    let path = request.uri().path();
    let accepts_html =
        request.headers().get_all(header::ACCEPT).iter().filter_map(|v| v.to_str().ok()).any(|v| {
            v.split(',').any(|kind| kind.split(';').next().is_some_and(|k| k.trim() == "text/html"))
        });
    request.method() == axum::http::Method::GET
        && accepts_html
        && !path.starts_with("/api/")
        && !path.starts_with("/ws/")
        && path != "/api"
        && path != "/ws"
}

/// The page, as the answer to a path that leads nowhere: the status says
/// so, and the page tells the person and leads to the lobby.
pub fn missing_page() -> Response {
    let mut page = asset("index.html");
    *page.status_mut() = StatusCode::NOT_FOUND;
    page
}

/// The page and its assets, sent gzip-compressed to a browser that takes it
/// (the modules shrink to about a third; docs/benchmarks.md, "The web page").
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/", get(|| async { asset("index.html") }))
        .route("/assets/{*path}", get(|Path(path): Path<String>| async move { asset(&path) }))
        .layer(tower_http::compression::CompressionLayer::new())
}

#[cfg(test)]
mod tests {
    use super::ASSETS;

    /// The paths a text refers to: `/assets/P` and, in a module, the
    /// relative imports `'./P'` and `'../P'` (resolved against `base`).
    fn references(base: &str, text: &str) -> Vec<String> {
        let mut found = Vec::new();
        for (i, _) in text.match_indices("/assets/") {
            let rest = &text[i + "/assets/".len()..];
            let end = rest
                .find(|c: char| c == '"' || c == '\'' || c == ')' || c.is_whitespace())
                .unwrap_or(rest.len());
            found.push(rest[..end].to_string());
        }
        for line in text.lines().filter(|l| l.starts_with("import ")) {
            let Some(from) = line.split(" from ").nth(1) else { continue };
            let path = from.trim().trim_end_matches(';').trim_matches('\'');
            let mut parts: Vec<&str> = base.split('/').filter(|p| !p.is_empty()).collect();
            for piece in path.split('/') {
                match piece {
                    "." => {}
                    ".." => {
                        parts.pop();
                    }
                    p => parts.push(p),
                }
            }
            found.push(parts.join("/"));
        }
        found
    }

    /// Every stylesheet, icon and module the pages ask for is served: a
    /// module added to `web/` but not to [`ASSETS`] would break the page.
    #[test]
    fn every_asset_the_pages_refer_to_is_served() {
        for (path, _, text) in ASSETS {
            let base = path.rsplit_once('/').map_or("", |(dir, _)| dir);
            for wanted in references(base, text) {
                assert!(
                    wanted == "words.js" || ASSETS.iter().any(|(p, _, _)| *p == wanted),
                    "{path} refers to {wanted}, which is not served"
                );
            }
        }
    }

    #[test]
    fn the_page_has_an_icon() {
        let (_, _, index) = ASSETS.iter().find(|(p, _, _)| *p == "index.html").unwrap();
        assert!(index.contains(r#"<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">"#));
        let (_, kind, icon) = ASSETS.iter().find(|(p, _, _)| *p == "favicon.svg").unwrap();
        assert_eq!(*kind, "image/svg+xml");
        assert!(icon.starts_with("<svg"));
    }
}
