//! The TypeScript declarations of the server's replies and of each game's
//! designed data (views, static parts, log events, actions as data),
//! generated from the Rust types that write them (ts-rs, the `ts` feature
//! of the server and the games) into `web/generated/`, where the front
//! end's `types.d.ts` takes them from. This test fails when a checked-in
//! file is not what the types generate now, so that they never drift
//! apart; `UPDATE_TYPES=1` writes them instead.

use spieltisch_core::Package;
use std::any::TypeId;
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use ts_rs::{Config, TS, TypeVisitor};

const REGENERATE: &str = "UPDATE_TYPES=1 cargo test -p spieltisch-server --test web_types";

/// Every declaration a game's root types need, each once, by name.
struct Declarations {
    config: Config,
    seen: HashSet<TypeId>,
    by_name: BTreeMap<String, String>,
    clashes: Vec<String>,
}

impl Declarations {
    fn new() -> Self {
        // Whole numbers are JSON numbers on the wire, never BigInts.
        let config = Config::new().with_large_int("number");
        Declarations { config, seen: HashSet::new(), by_name: BTreeMap::new(), clashes: Vec::new() }
    }

    fn root<T: TS + 'static>(mut self) -> Self {
        self.visit::<T>();
        self
    }

    /// The file: a header, then the declarations in the order of their names.
    fn file(self, game: &str) -> String {
        let header = format!(
            "// The designed data of {game}, generated from its Rust types by\n\
             // crates/server/tests/web_types.rs. Do not edit: change the Rust types and\n\
             // run `{REGENERATE}`.\n"
        );
        self.file_with(game, header)
    }

    /// The file: `header`, then the declarations in the order of their names.
    fn file_with(self, what: &str, header: String) -> String {
        assert!(self.clashes.is_empty(), "{what}: two types are called {:?} in TypeScript", self.clashes);
        let mut out = header;
        for declaration in self.by_name.values() {
            out.push('\n');
            out.push_str(declaration);
            out.push('\n');
        }
        out
    }
}

/// A declaration with its documented fields (each comment begins a new
/// line) indented below its first line, and no blanks at the ends of lines.
fn indented(declaration: &str) -> String {
    let mut lines = declaration.lines().map(str::trim_end);
    let first = lines.next().unwrap_or_default().to_string();
    lines.fold(first, |out, line| format!("{out}\n  {line}"))
}

impl TypeVisitor for Declarations {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        // Primitives and containers have nothing to declare; their type
        // parameters are visited by the types that use them.
        if T::output_path().is_none() || !self.seen.insert(TypeId::of::<T>()) {
            return;
        }
        let name = T::ident(&self.config);
        let declaration =
            format!("{}export {}", T::docs().unwrap_or_default(), indented(&T::decl(&self.config)));
        if self.by_name.insert(name.clone(), declaration).is_some() {
            self.clashes.push(name);
        }
        T::visit_dependencies(self);
    }
}

/// A game's file: what the browser receives of it, the view, the static
/// part (nothing for `()`), the log event, and the action as data.
fn game_file<G>() -> (String, String)
where
    G: Package,
    G::View: TS,
    G::Static: TS,
    G::Event: TS,
    G::Action: TS,
{
    let id = G::info().id;
    let text = Declarations::new()
        .root::<G::View>()
        .root::<G::Static>()
        .root::<G::Event>()
        .root::<G::Action>()
        .file(&G::info().name.en);
    (format!("{id}.d.ts"), text)
}

/// The server's file: every reply of the HTTP API, and every message of
/// the table's WebSocket, with the parts of the core and the catalog they
/// carry (turns, viewers, outcomes, log entries, the games' entries).
fn server_file() -> (String, String) {
    use spieltisch_server::{error, health, people, rematch, replay, ws};
    let header = format!(
        "// The server's replies and messages (docs/api.md), generated from the Rust\n\
         // types that write them by crates/server/tests/web_types.rs. Do not edit:\n\
         // change the Rust types and run `{REGENERATE}`.\n"
    );
    let text = Declarations::new()
        .root::<error::ErrorReply>()
        .root::<health::HealthReply<'static>>()
        .root::<spieltisch_server::GameList>()
        .root::<spieltisch_server::TableCreated<'static>>()
        .root::<spieltisch_server::TableInfo>()
        .root::<spieltisch_server::MyTables>()
        .root::<people::Invited<'static>>()
        .root::<people::Claimed<'static>>()
        .root::<people::PublicTables>()
        .root::<rematch::RematchMade>()
        .root::<replay::ReplayReply<'static>>()
        .root::<ws::ServerMessage>()
        .file_with("the server", header);
    ("server.d.ts".to_string(), text)
}

fn generated() -> Vec<(String, String)> {
    use spieltisch_ausreisser as ausreisser;
    use spieltisch_reifenbreite as reifenbreite;
    use spieltisch_sechstage as sechstage;
    use spieltisch_six as six;
    vec![
        server_file(),
        words_file(),
        game_file::<six::Six>(),
        game_file::<sechstage::Sechstage>(),
        game_file::<ausreisser::Ausreisser>(),
        game_file::<reifenbreite::Reifenbreite>(),
    ]
}

/// The page's words: each key (without the catalogs' `page-`) with the
/// names of its arguments, so that `tsc` refuses a word the catalogs lack
/// or one said with other arguments.
fn words_file() -> (String, String) {
    let mut out = format!(
        "// The page's words, generated from the server's catalogs (words/*.ftl, the\n\
         // `page-` keys) by crates/server/tests/web_types.rs. Do not edit: change the\n\
         // catalogs and run `{REGENERATE}`.\n\n\
         /** Each word by its key: the names of its arguments (`never` for none). */\n\
         export interface PageWords {{\n"
    );
    for (key, names) in spieltisch_server::words::catalog().arguments(spieltisch_server::words::PAGE) {
        let names: Vec<String> = names.iter().map(|name| format!("'{name}'")).collect();
        let names = if names.is_empty() { "never".to_string() } else { names.join(" | ") };
        out.push_str(&format!("  '{key}': {names};\n"));
    }
    out.push_str(
        "}\n\n\
         /** A word as the page says it by itself: text, or parts (Pattern in\n\
         \x20* crates/core/src/words/catalog.rs). */\n\
         export type Pattern = string | Part[];\n\n\
         /** Text, an argument, or a choice by an argument among variants. */\n\
         export type Part = string | { arg: string } | { select: string, variants: [string | number, Pattern][], default: number };\n",
    );
    ("words.d.ts".to_string(), out)
}

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("web/generated")
}

#[test]
fn the_generated_typescript_declarations_are_fresh() {
    let folder = folder();
    let files = generated();
    if std::env::var_os("UPDATE_TYPES").is_some() {
        std::fs::create_dir_all(&folder).unwrap();
        for (name, text) in &files {
            std::fs::write(folder.join(name), text).unwrap();
        }
    }
    let mut stale = Vec::new();
    for (name, text) in &files {
        let checked_in = std::fs::read_to_string(folder.join(name)).unwrap_or_default();
        if checked_in != *text {
            stale.push(name.as_str());
        }
    }
    let known: HashSet<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    let strays: Vec<String> = std::fs::read_dir(&folder)
        .map(|entries| entries.filter_map(|e| e.ok()?.file_name().into_string().ok()).collect())
        .unwrap_or_default();
    let strays: Vec<&String> = strays.iter().filter(|name| !known.contains(name.as_str())).collect();
    assert!(
        stale.is_empty(),
        "web/generated/{stale:?} differ from what the Rust types generate: run `{REGENERATE}` and commit"
    );
    assert!(strays.is_empty(), "web/generated/ holds {strays:?}, which no type generates: remove them");
}
