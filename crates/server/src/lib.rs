//! # spieltisch-server: play in the browser
//!
//! One process serves the lobby, the tables and the web front end (embedded
//! in the binary), and stores every table and every accepted action in an
//! embedded SQLite database, so a restart resumes every game exactly.
//!
//! - The server holds the truth: each action is checked by the engine against
//!   the version the client saw (stale ones are refused), committed, and only
//!   then announced; each connection receives only its viewer's view.
//! - Seat links carry unguessable tokens; an action is accepted only from its
//!   seat's token; spectators get the public view.
//! - Bots play on the server after a short pause, within the operator's
//!   caps on what a decision may cost, on one pool of threads for all
//!   tables with a queue fair per table ([`bot_pool`]), never on the async
//!   runtime.
//! - One client cannot take the server from the others: requests,
//!   connections and tables are limited per client address and in total
//!   ([`limits`]), slow and silent connections are closed, and a table whose
//!   commit fails tries again until storage works.
//!
//! The HTTP and WebSocket API is documented in `docs/api.md`, the limits
//! and what they guard against in `docs/security.md`.

pub mod bot_pool;
pub mod client_addr;
pub mod cluster;
pub mod db_address;
pub mod error;
pub mod health;
pub mod limits;
mod listener;
mod node;
pub mod options_shown;
pub mod people;
pub mod registry;
pub mod rematch;
pub mod replay;
pub mod sorted_keys;
pub mod storage;
pub mod table;
mod web;
pub mod words;
pub mod ws;

use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State, WebSocketUpgrade};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use bot_pool::BotPool;
use client_addr::AddrGroup;
pub use db_address::{DbAddress, PostgresUrl};
use error::{ErrorBody, ErrorReply, ServerError};
use limits::{Gate, Limits};
pub use listener::InMemory;
use rand::RngCore;
use registry::Registry;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sorted_keys::Sorted;
use spieltisch_catalog::{
    BotLimits, CatalogError, FileAccess, NewTable, SeatSpec, TableRequest, entries, new_table,
};
use spieltisch_core::{Lang, Seat};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use storage::SharedStorage;
use storage::{StoreError, TableCap, TableRow};
use table::{Detail, Seating, Table, TableSettings};

/// How the server runs.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    pub addr: SocketAddr,
    /// Where games are kept; [`DbAddress::Memory`] keeps them in memory
    /// only (tests).
    pub db: DbAddress,
    pub bot_delay: Duration,
    /// How long a decision that seats take together (a Steigung window)
    /// waits for people; whoever has not answered then passes.
    pub window_deadline: Duration,
    /// The most unfinished tables at once (finished ones do not count).
    pub max_tables: usize,
    /// How many messages each WebSocket connection may send (lifted with
    /// the other per-client limits when `limits.per_client` is off).
    pub rate: ws::RateLimit,
    /// The limits per client address, on connections and on tables.
    pub limits: Limits,
    /// How long a write waits for a lock another connection holds on the
    /// database before it fails.
    pub busy_timeout: Duration,
    /// How long a table tries a failed commit again before it gives up on
    /// it for now (a bot's move is then tried again a little later).
    pub commit_patience: Duration,
    /// The folder whose files clients may name in game options (course and
    /// track files); `None` refuses every option value that names a file.
    pub game_files: Option<PathBuf>,
    /// What one bot decision may cost; seat specs beyond it are refused.
    pub bots: BotLimits,
    /// The threads of the search pool that every bot decision runs on.
    pub bot_threads: usize,
    /// How long a table that nobody holds stays in memory after it was
    /// last asked for ([`registry`]).
    pub unload_after: Duration,
    /// An unfinished table that no person came to within this time of its
    /// creation expires.
    pub expire_unvisited: Duration,
    /// An unfinished table that nobody played or visited for this long
    /// expires.
    pub expire_idle: Duration,
    /// How often idle tables leave memory and abandoned ones expire.
    pub sweep_every: Duration,
    /// How many replays are built at once; more wait `replay_wait`, then
    /// are refused (`replay.busy`).
    pub replay_builds: usize,
    pub replay_wait: Duration,
    /// The most bytes one reply of a replay holds; the steps beyond follow
    /// in further pages ([`replay::PAGE_BYTES`]).
    pub replay_page_bytes: usize,
    /// The bus of a cluster of nodes sharing one PostgreSQL database
    /// ([`cluster`]); `None`: this server is alone.
    pub bus: Option<cluster::BusConfig>,
    /// Whether a client may choose the chance seed of any table. Without
    /// it, only of a table where no one else could use it
    /// ([`seed_of_new_table`]); load tests and tests that replay exact
    /// games set it.
    pub allow_client_seeds: bool,
    /// What to do with an SQLite file at `db` that exists but holds
    /// nothing: refuse it (the default), or start a new database in it.
    pub empty_file: storage::EmptyFile,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: DbAddress::Memory,
            bot_delay: Duration::from_millis(400),
            window_deadline: Duration::from_secs(20),
            max_tables: 100_000,
            rate: ws::RateLimit::default(),
            limits: Limits::default(),
            busy_timeout: storage::BUSY_TIMEOUT,
            commit_patience: Duration::from_secs(20),
            game_files: None,
            bots: BotLimits::default(),
            bot_threads: bot_pool::default_threads(),
            unload_after: Duration::from_secs(10 * 60),
            expire_unvisited: Duration::from_secs(24 * 60 * 60),
            expire_idle: Duration::from_secs(30 * 24 * 60 * 60),
            sweep_every: Duration::from_secs(5),
            replay_builds: 2,
            replay_wait: Duration::from_secs(5),
            replay_page_bytes: replay::PAGE_BYTES,
            bus: None,
            allow_client_seeds: false,
            empty_file: storage::EmptyFile::Refuse,
        }
    }
}

/// The state every handler shares.
#[derive(Debug)]
pub struct App {
    /// The tables in memory and the places of the unfinished ones.
    registry: Registry,
    store: SharedStorage,
    config: ServerConfig,
    /// `config.game_files`, canonical (what admitted files must lie under).
    game_files: Option<PathBuf>,
    /// The limits in force and what they count.
    gate: Gate,
    /// The threads every bot decision runs on.
    bots: BotPool,
    /// One permit per replay that may be built at once.
    replays: Arc<tokio::sync::Semaphore>,
    /// This node's place in a cluster, if it is in one.
    cluster: Option<Arc<cluster::Cluster>>,
}

type Shared = Arc<App>;

/// A new random token: 128 bits from the operating system's generator, in hex.
pub(crate) fn token() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl App {
    /// Opens the database and resumes every stored table.
    pub async fn open(config: ServerConfig) -> Result<Shared, ServerError> {
        let game_files = match &config.game_files {
            None => None,
            Some(dir) => {
                let canonical = dir.canonicalize().ok().filter(|d| d.is_dir()).ok_or_else(|| {
                    ServerError::BadRequest(format!("--game-files {}: not a readable folder", dir.display()))
                })?;
                Some(canonical)
            }
        };
        let store = storage::open_as(&config.db, config.busy_timeout, config.empty_file)
            .await
            .map_err(|e| ServerError::Storage(e.to_string()))?;
        let gate = Gate::new(config.limits.clone(), config.max_tables, store.counts_tables());
        let cluster = match &config.bus {
            None => None,
            Some(_) if !matches!(config.db, DbAddress::Postgres(_)) => {
                return Err(ServerError::BadRequest(
                    "the nodes of a cluster share one PostgreSQL database: --bus needs --db postgres://…"
                        .into(),
                ));
            }
            Some(bus) => Some(Arc::new(cluster::Cluster::connect(bus).await.map_err(ServerError::Storage)?)),
        };
        let bots = BotPool::new(config.bot_threads);
        let replays = Arc::new(tokio::sync::Semaphore::new(config.replay_builds.max(1)));
        let app = Arc::new(App {
            registry: Registry::default(),
            store,
            config,
            game_files,
            gate,
            bots,
            replays,
            cluster,
        });
        // A file whose schema or list of unfinished tables cannot be read
        // was refused above, naming the commands that salvage it. Damage
        // elsewhere is reported, and a table that cannot be resumed exactly
        // (its rows on a damaged page among them) is quarantined (kept,
        // not served) when it is loaded.
        match app.store.integrity_check().await {
            Ok(problems) if problems.is_empty() => {}
            Ok(problems) => {
                let file = match &app.config.db {
                    DbAddress::Sqlite(path) => path.display().to_string(),
                    _ => "…".to_string(),
                };
                tracing::error!(
                    "the database is damaged: {}; tables on damaged pages are quarantined when they are loaded; see what is damaged with `spieltisch admin check --db {file}`",
                    problems.join("; ")
                )
            }
            Err(e) => tracing::error!("the database could not be checked: {e}"),
        }
        app.resume_unfinished().await?;
        Ok(app)
    }

    fn settings(&self) -> TableSettings {
        TableSettings {
            bot_delay: self.config.bot_delay,
            window_deadline: self.config.window_deadline,
            commit_patience: self.config.commit_patience,
            bots: self.bots.clone(),
            bot_limits: self.config.bots.clone(),
            open: Arc::clone(&self.registry.open),
            cluster: self.cluster.clone(),
        }
    }

    /// Which files clients may name: those inside the game-files folder,
    /// or none.
    fn file_access(&self) -> FileAccess<'_> {
        match &self.game_files {
            Some(dir) => FileAccess::Folder(dir),
            None => FileAccess::Nothing,
        }
    }

    /// How many tables are in memory.
    pub fn table_count(&self) -> usize {
        self.registry.in_memory()
    }

    /// Idle tables leave memory, abandoned ones expire.
    pub(crate) async fn sweep(&self) {
        self.unload_idle();
        self.expire_abandoned().await;
    }
}

/// The request to open a table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateTable {
    pub game: String,
    #[serde(default)]
    pub options: Value,
    /// One seat spec per seat: `human`, `random`, `heuristic`, `easy`, ...
    pub seats: Vec<String>,
    /// The chance seed, where the client may choose it
    /// ([`seed_of_new_table`]); the server's own otherwise.
    pub seed: Option<u64>,
    /// One device for all people at the table: the response carries a
    /// hot-seat link with every person's token.
    #[serde(default)]
    pub hotseat: bool,
    /// Per seat, the name of the person who sits there (or null): a
    /// person's seat given a name is taken at once.
    #[serde(default)]
    pub names: Vec<Option<String>>,
    /// People's seats without a name get an invitation instead of a token.
    #[serde(default)]
    pub invite: bool,
    /// Listed in the lobby, where anyone may take a free seat or watch
    /// (implies `invite`).
    #[serde(default)]
    pub public: bool,
}

async fn create_table(
    State(app): State<Shared>,
    Extension(client): Extension<AddrGroup>,
    Json(req): Json<CreateTable>,
) -> Result<Response, ServerError> {
    // First, before any work: the client's rate and its place among the
    // unfinished tables (given back if the table is not made after all).
    let slot = app.gate.create_table(client)?;
    let specs: Vec<SeatSpec> = req
        .seats
        .iter()
        .map(|s| s.parse::<SeatSpec>().and_then(|spec| spec.validate().map(|()| spec)))
        .collect::<Result<_, _>>()
        .map_err(|e| ServerError::Catalog(e.into()))?;
    let seed = seed_of_new_table(&req, &specs, app.config.allow_client_seeds)?;
    let options = match req.options {
        Value::Null => serde_json::Map::new(),
        Value::Object(map) => map,
        _ => return Err(ServerError::BadRequest("options must be a JSON object".into())),
    };
    let request =
        TableRequest { options, seats: Some(specs), files: app.file_access(), bots: Some(&app.config.bots) };
    let NewTable { session, seats: specs } = new_table(&req.game, request, seed).map_err(|e| match e {
        CatalogError::SeatCount { seats, named, .. } => {
            ServerError::BadRequest(format!("this game has {seats} seats but {named} seat specs were given"))
        }
        CatalogError::SeatsSetOptions { source, .. } => ServerError::Catalog(*source),
        e => ServerError::Catalog(e),
    })?;
    let seats = people::seats_of_new_table(&specs, &req.names, req.invite || req.public)?;
    let seating = Seating {
        seats: seats.clone(),
        spectator_token: token(),
        hotseat: req.hotseat,
        public: req.public,
        rematch: None,
    };
    let spectator_token = seating.spectator_token.clone();
    let id = app.open_table(client, slot, session, seating).await?;
    let human_tokens: Vec<&str> = seats.iter().filter_map(|s| s.token.as_deref()).collect();
    Ok(Json(TableCreated {
        game: &req.game,
        hotseat: req.hotseat.then(|| format!("/#/hotseat/{id}/{}", human_tokens.join(","))),
        ok: true,
        public: req.public,
        seats: seats
            .iter()
            .enumerate()
            .map(|(i, s)| CreatedSeat {
                invite: s.invite.as_ref().map(|code| format!("/#/join/{id}/{code}")),
                name: s.name.as_deref(),
                seat: i,
                spec: &s.spec,
                token: s.token.as_deref(),
                url: s.token.as_ref().map(|t| format!("/#/table/{id}/{t}")),
            })
            .collect(),
        spectator: TokenLink { token: &spectator_token, url: format!("/#/table/{id}/{spectator_token}") },
        table: &id,
    })
    .into_response())
}

/// The reply of `POST /api/tables`: the new table, with a link per
/// person's seat (a token, or an invitation) and the spectator's.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TableCreated<'a> {
    pub game: &'a str,
    /// At a hot-seat table, the link with the tokens of the people's seats that are taken.
    pub hotseat: Option<String>,
    #[cfg_attr(feature = "ts", ts(type = "true"))]
    pub ok: bool,
    pub public: bool,
    pub seats: Vec<CreatedSeat<'a>>,
    pub spectator: TokenLink<'a>,
    pub table: &'a str,
}

/// A seat of a new table: what plays it, and its link when a person plays it.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CreatedSeat<'a> {
    /// The invitation's path (`/#/join/ID/CODE`) of a free seat.
    pub invite: Option<String>,
    pub name: Option<&'a str>,
    pub seat: Seat,
    pub spec: &'a str,
    pub token: Option<&'a str>,
    /// The table's path for the seat's token.
    pub url: Option<String>,
}

/// A token and the table's path for it.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TokenLink<'a> {
    pub token: &'a str,
    pub url: String,
}

/// The chance seed of a new table: the server's own, drawn from a
/// cryptographically secure generator (the one that draws tokens, none of
/// which tells anything of another draw), and never sent to anyone.
///
/// Chance is a function of the seed and the ply (`spieltisch_core::chance`),
/// so whoever knows a table's seed knows every hand and every card still to
/// be drawn. A client may therefore choose the seed only of a table where
/// nobody else could suffer from it: at most one person's seat (the rest
/// bots), no invitation, not public, not one device passed around; or at
/// any table when the operator allows it (`--allow-client-seeds`: load
/// tests, and tests that play exact games).
fn seed_of_new_table(req: &CreateTable, specs: &[SeatSpec], allowed: bool) -> Result<u64, ServerError> {
    let Some(seed) = req.seed else { return Ok(rand::rng().next_u64()) };
    let people = specs.iter().filter(|spec| spec.is_human()).count();
    let shared = if people > 1 {
        Some("the table has more than one person's seat")
    } else if req.invite || req.public {
        Some("the table invites others")
    } else if req.hotseat {
        Some("the table is played on one device passed around")
    } else {
        None
    };
    match shared {
        Some(why) if !allowed => Err(ServerError::Catalog(
            spieltisch_core::OptionsError::Invalid {
                key: "seed".into(),
                value: seed.to_string(),
                reason: format!(
                    "{why}, and whoever knows the seed knows every hidden card: the server draws it"
                ),
            }
            .into(),
        )),
        _ => Ok(seed),
    }
}

impl App {
    /// Opens a new table of `session` with `seating`: stores it before
    /// anyone hears of it, holds its place among the creator's unfinished
    /// tables, and starts it (bots to move begin). Its id, or why it could
    /// not be opened (then nothing of it remains).
    async fn open_table(
        &self,
        client: AddrGroup,
        slot: limits::TableSlot,
        session: Box<dyn spieltisch_catalog::DynSession>,
        seating: Seating,
    ) -> Result<String, ServerError> {
        let id = token()[..12].to_string();
        let row = TableRow {
            id: id.clone(),
            game: session.info().id.to_string(),
            options: session.record().options.clone(),
            seed: session.record().seed,
            format: session.record().format,
            seats: seating.stored(),
            spectator_token: seating.spectator_token.clone(),
            created_at: storage::now(),
            creator: Some(client.to_string()),
        };
        let table = Table::new(
            id.clone(),
            Some(client.to_string()),
            seating,
            session,
            self.store.clone(),
            self.settings(),
        );
        let progress = table.progress_now().await;
        self.store.create_within(row, progress, self.gate.table_caps).await.map_err(|e| match e {
            StoreError::Cap(TableCap::Total(cap)) => ServerError::Full(cap),
            StoreError::Cap(TableCap::PerCreator(cap)) => ServerError::TooManyTables(cap),
            e => ServerError::Storage(e.to_string()),
        })?;
        self.registry.open.hold(&id, slot);
        self.registry.insert(Arc::clone(&table));
        if let Err(e) = self.join(&table).await {
            tracing::warn!(table = %id, "cannot join the new table to the cluster: {e}");
        }
        if let Err(e) = table.start().await {
            // Nobody has the table's links: it leaves memory (and the limits).
            self.registry.remove(&id);
            self.registry.open.release(&id);
            return Err(e);
        }
        Ok(id)
    }
}

#[derive(Debug, Deserialize)]
struct TokenQuery {
    token: String,
    lang: Option<String>,
    /// `compact`: snapshots without the text drawing, move descriptions and log.
    detail: Option<String>,
}

fn lang_of(q: &TokenQuery) -> Lang {
    q.lang.as_deref().and_then(|l| l.parse().ok()).unwrap_or_default()
}

fn detail_of(q: &TokenQuery) -> Detail {
    Detail { lang: lang_of(q), compact: q.detail.as_deref() == Some("compact") }
}

async fn table_info(
    State(app): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<TokenQuery>,
) -> Result<Json<Sorted<TableInfo>>, ServerError> {
    let (table, viewer) = app.table_for(&id, &q.token).await?;
    let seated = matches!(viewer, spieltisch_core::Viewer::Seat(_));
    Ok(Json(Sorted(TableInfo {
        summary: table.summary(viewer).await,
        hotseat: table.hotseat,
        // People at the table invite the others.
        invites: seated.then(|| people::invitations(&table)),
        ok: true,
        public: table.public,
        spectator: seated
            .then(|| table.public.then(|| people::spectator_path(&table.id, &table.spectator_token))),
    })))
}

/// The reply of `GET /api/tables/{id}`: the table's summary, as lists show
/// it, and what the people at the table pass on. Written through a JSON
/// value ([`Sorted`]), whose keys are in alphabetical order, the summary's
/// among the others, as this reply has always been written.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TableInfo {
    /// The summary, as `GET /api/mine` lists it (`table::summary_of`).
    #[serde(flatten)]
    pub summary: table::TableSummary,
    pub hotseat: bool,
    /// For a seat's token: the free seats' invitations, to pass on.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub invites: Option<Vec<people::Invitation>>,
    #[cfg_attr(feature = "ts", ts(type = "true"))]
    pub ok: bool,
    pub public: bool,
    /// For a seat's token: the spectator's path at a public table, else `null`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub spectator: Option<Option<String>>,
}

async fn table_state(
    State(app): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<TokenQuery>,
) -> Result<Json<table::Snapshot>, ServerError> {
    let (table, viewer) = app.table_for(&id, &q.token).await?;
    Ok(Json(table.snapshot(viewer, detail_of(&q)).await?))
}

#[derive(Debug, Deserialize)]
struct ReplayQuery {
    token: String,
    lang: Option<String>,
    /// The step a page after the first begins with (the reply's `next`).
    #[serde(default)]
    from: usize,
}

/// The steps of a finished game as the token's viewer saw it ([`replay`]),
/// a page of at most `replay_page_bytes` from step `from` on: streamed
/// while it is built, at most `replay_builds` at once.
async fn replay(
    State(app): State<Shared>,
    Extension(client): Extension<AddrGroup>,
    Path(id): Path<String>,
    Query(q): Query<ReplayQuery>,
) -> Result<Response, ServerError> {
    let (table, viewer) = app.table_for(&id, &q.token).await?;
    if !table.is_over().await {
        return Err(ServerError::NotFinished);
    }
    // One at a time per address, then a place among the builds at once.
    let mine = app.gate.replay(client)?;
    let limit = app.config.replay_builds.max(1);
    let permit = tokio::time::timeout(app.config.replay_wait, Arc::clone(&app.replays).acquire_owned())
        .await
        .map_err(|_| ServerError::ReplaysBusy(limit))?
        .map_err(|_| ServerError::ReplaysBusy(limit))?;
    let head = replay::Head {
        table: table.id.clone(),
        game: table.game.clone(),
        name: table.name().await,
        viewer,
        seats: table.seats(),
        shown_seats: people::seats_shown(&table.seats()),
        share: format!("/#/replay/{}/{}", table.id, table.spectator_token),
    };
    let record = table.record().await;
    let page = replay::Page { from: q.from, at_most: app.config.replay_page_bytes };
    // The first replay finds the steps, so that a page beyond them is
    // refused before the reply's status is sent.
    let (record, prepared) = tokio::task::spawn_blocking(move || {
        let prepared = replay::prepare(&record, viewer);
        (record, prepared)
    })
    .await
    .map_err(|e| ServerError::Catalog(spieltisch_catalog::CatalogError::Internal(e.to_string())))?;
    let prepared = prepared?;
    replay::check_page(&prepared, page)?;
    let lang = q.lang.as_deref().and_then(|l| l.parse().ok()).unwrap_or_default();
    let body = replay::stream(record, prepared, head, lang, page, (mine, permit));
    Ok(([(axum::http::header::CONTENT_TYPE, "application/json")], body).into_response())
}

#[derive(Debug, Deserialize)]
struct MineQuery {
    /// `table:token` pairs separated by commas, as the browser remembers them.
    tables: String,
}

/// The tables a browser has links for, to see and rejoin them (at most
/// [`MINE_AT_MOST`]; the others are not looked at). Answered from what is
/// stored, without loading any table.
async fn mine(State(app): State<Shared>, Query(q): Query<MineQuery>) -> Result<Json<MyTables>, ServerError> {
    let pairs: Vec<(String, String)> = q
        .tables
        .split(',')
        .take(MINE_AT_MOST)
        .filter_map(|pair| pair.split_once(':'))
        .map(|(id, token)| (id.to_string(), token.to_string()))
        .collect();
    let tables = app.summaries(&pairs).await?;
    Ok(Json(MyTables { ok: true, tables }))
}

/// The reply of `GET /api/mine`.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MyTables {
    #[cfg_attr(feature = "ts", ts(type = "true"))]
    pub ok: bool,
    /// Each as `GET /api/tables/{id}` summarizes it, with its token
    /// (`table::summary_of`).
    pub tables: Vec<table::TableSummary>,
}

/// The most tables one "your tables" request looks at.
const MINE_AT_MOST: usize = 200;

async fn games() -> Json<GameList> {
    Json(GameList { games: entries(), ok: true, seat_kinds: spieltisch_catalog::SEAT_KINDS })
}

/// The reply of `GET /api/games`.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameList {
    /// Each game's entry, its keys in alphabetical order ([`sorted_keys::sorted`]).
    #[serde(serialize_with = "sorted_keys::sorted")]
    pub games: Vec<spieltisch_catalog::GameEntry>,
    #[cfg_attr(feature = "ts", ts(type = "true"))]
    pub ok: bool,
    /// The seat specs the server accepts.
    pub seat_kinds: &'static [&'static str],
}

async fn socket(
    State(app): State<Shared>,
    Extension(client): Extension<AddrGroup>,
    Path(id): Path<String>,
    Query(q): Query<TokenQuery>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ServerError> {
    let (table, viewer) = app.table_for(&id, &q.token).await?;
    let detail = detail_of(&q);
    let slot = app.gate.websocket(client)?;
    let limits = &app.config.limits;
    let settings = ws::SocketSettings {
        rate: if limits.per_client { app.config.rate } else { ws::RateLimit::LIFTED },
        ping_every: limits.ws_ping,
        idle_after: limits.ws_idle,
    };
    Ok(upgrade
        .max_message_size(ws::MAX_READ)
        // The read buffer is zeroed on every read (the default is 128 KiB);
        // client messages are small, and a larger one just takes more reads.
        .read_buffer_size(1024)
        .on_upgrade(move |socket| ws::serve_socket(socket, table, viewer, detail, settings, slot))
        .into_response())
}

/// Every route, readable at a glance.
pub fn router(app: Shared) -> Router {
    Router::new()
        .route("/api/health", get(health::health))
        .route("/api/games", get(games))
        .route("/api/tables", post(create_table))
        .route("/api/mine", get(mine))
        .route("/api/tables/{id}", get(table_info))
        .route("/api/tables/{id}/state", get(table_state))
        .route("/api/tables/{id}/replay", get(replay))
        .route("/api/tables/{id}/invite/{code}", get(people::invitation))
        .route("/api/tables/{id}/claim", post(people::claim))
        .route("/api/public", get(people::public_tables))
        .route("/api/tables/{id}/rematch", post(rematch::rematch))
        .route("/ws/{id}", get(socket))
        .merge(web::routes())
        .fallback(unknown_route)
        .layer(DefaultBodyLimit::max(64 * 1024))
        .layer(axum::middleware::from_fn_with_state(Arc::clone(&app), admit))
        .layer(axum::middleware::from_fn(json_errors))
        .with_state(app)
}

/// Every request: who sent it (its connection's address, or the client a
/// trusted proxy names), and whether that address may send one more now.
/// Handlers find the address as an `Extension<AddrGroup>`.
async fn admit(
    State(app): State<Shared>,
    mut request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let client = match request.extensions().get::<ConnectInfo<SocketAddr>>() {
        Some(ConnectInfo(peer)) => app.gate.client(peer.ip(), request.headers()),
        None => AddrGroup::UNKNOWN,
    };
    if let Err(e) = app.gate.request(client) {
        return e.into_response();
    }
    request.extensions_mut().insert(client);
    next.run(request).await
}

/// A path no route takes: a browser that navigated there gets the page,
/// which says so and leads to the lobby; any other client, and any path
/// under `/api/` or `/ws/`, gets the error as JSON.
async fn unknown_route(request: axum::extract::Request) -> Response {
    if web::navigated(&request) {
        return web::missing_page();
    }
    ServerError::UnknownRoute.into_response()
}

/// Every error the framework answers by itself (a wrong method, a body it
/// cannot read, a refused WebSocket upgrade) comes back in the server's own
/// JSON shape, with a stable code and the status, so that a client can say
/// it in its own words and language.
async fn json_errors(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    use axum::http::header::{CONTENT_LENGTH, CONTENT_TYPE};
    let response = next.run(request).await;
    let status = response.status();
    let is_json =
        response.headers().get(CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    // The page a browser gets for a path that leads nowhere is its answer.
    let is_page =
        response.headers().get(CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"text/html"));
    if !(status.is_client_error() || status.is_server_error()) || is_json || is_page {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let said = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
    let said = String::from_utf8_lossy(&said).trim().to_string();
    let code = match status.as_u16() {
        404 => "route.unknown",
        405 => "request.method",
        413 => "request.too_large",
        415 => "request.media_type",
        426 => "request.upgrade",
        400..=499 => "request.invalid",
        _ => "server.internal",
    };
    let message =
        if said.is_empty() { status.canonical_reason().unwrap_or("error").to_string() } else { said };
    let error = ErrorBody { status: Some(status.as_u16()), ..ErrorBody::new(code, message) };
    let body = serde_json::to_vec(&ErrorReply { error, ok: false }).unwrap_or_default();
    parts.headers.remove(CONTENT_LENGTH);
    parts.headers.insert(CONTENT_TYPE, axum::http::HeaderValue::from_static("application/json"));
    Response::from_parts(parts, axum::body::Body::from(body))
}

/// Runs the server until interrupted.
pub async fn serve(config: ServerConfig) -> Result<(), ServerError> {
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| ServerError::BadRequest(format!("cannot listen on {}: {e}", config.addr)))?;
    serve_on(listener, config).await
}

/// Runs the server on a bound listener (tests bind port 0) until interrupted.
pub async fn serve_on(listener: tokio::net::TcpListener, config: ServerConfig) -> Result<(), ServerError> {
    let app = App::open(config).await?;
    listener::prune_every(&app, app.config.sweep_every);
    node::keep_leases_every(&app);
    listener::run(listener, app, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await;
    Ok(())
}
