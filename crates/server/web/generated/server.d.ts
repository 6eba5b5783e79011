// The server's replies and messages (docs/api.md), generated from the Rust
// types that write them by crates/server/tests/web_types.rs. Do not edit:
// change the Rust types and run `UPDATE_TYPES=1 cargo test -p spieltisch-server --test web_types`.

/**
 * Who caused an event: a seat, or chance (dice, cards drawn, a referee's
 * decision). On the wire `{"seat": 1}` or `"chance"`, as [`Turn`] is.
 */
export type Actor = { "seat": number } | "chance";

/**
 * The bot pool's search lane, and its quick lane beside it.
 */
export type BotPoolHealth = { oldest_wait_ms: number, queue: number,
  /**
   * The lane of the bots that do not search.
   */
  quick: LaneHealth, running: number, threads: number, };

/**
 * The reply of `POST /api/tables/{id}/claim`: the seat taken, with the
 * claimant's own new token.
 */
export type Claimed = { ok: true, seat: number, table: string, token: string,
  /**
   * The table's path for the token.
   */
  url: string, };

/**
 * Open HTTP connections and WebSockets.
 */
export type ConnectionCounts = { http: number, websockets: number, };

/**
 * A seat of a new table: what plays it, and its link when a person plays it.
 */
export type CreatedSeat = {
  /**
   * The invitation's path (`/#/join/ID/CODE`) of a free seat.
   */
  invite: string | null, name: string | null, seat: number, spec: string, token: string | null,
  /**
   * The table's path for the seat's token.
   */
  url: string | null, };

/**
 * One criterion of a ranking ([`Outcome::ranked_by`]): seats are compared
 * by it when every criterion before it is equal.
 */
export type Criterion = {
  /**
   * What is compared, a snake_case word documented per game
   * (`laps_down`, `points`, `match_points`).
   */
  key: string,
  /**
   * Whether less is better (laps down) rather than more (points).
   */
  lower_is_better: boolean,
  /**
   * Each seat's value.
   */
  values: Array<number>, };

/**
 * An error as every client receives it (`ServerError::body`): a stable
 * code, a message in English, and the numbers and names a client needs
 * to word it itself, each present only where the error has it. The keys
 * are in alphabetical order, the order the body has always had on the
 * wire.
 */
export type ErrorBody = {
  /**
   * Stable and machine-readable (the list is in docs/api.md).
   */
  code: string,
  /**
   * The option (or a bot's parameter) the error is about.
   */
  key?: string, limit?: number,
  /**
   * In English; a client words the error from its code and the fields
   * beside it.
   */
  message: string,
  /**
   * Why a combination of options cannot be played (its keys in
   * alphabetical order, as they have always been written).
   */
  reason?: Said, retry_after_seconds?: number,
  /**
   * The HTTP status, in the refusals the web framework makes by itself.
   */
  status?: number,
  /**
   * `"error"` on the table's WebSocket, where every message says what
   * it is; absent from an HTTP reply.
   */
  type?: ErrorType,
  /**
   * The value given for `key`.
   */
  value?: ErrorValue, };

/**
 * Every refusal as an HTTP reply: `{"error": {...}, "ok": false}`.
 */
export type ErrorReply = { error: ErrorBody, ok: false, };

/**
 * The `type` of an error that is a message of the table's WebSocket.
 */
export type ErrorType = "error";

/**
 * The value an error names: a bot's parameter is a number, an option's
 * value the text given.
 */
export type ErrorValue = number | string;

/**
 * What `spieltisch games --json` and the engine's `games` command show
 * about a game: its [`GameInfo`] plus what the catalog knows.
 */
export type GameEntry = {
  /**
   * True when seats hold secrets.
   */
  hidden_information: boolean,
  /**
   * The option that sets the number of seats, if any.
   */
  seats_option: string | null,
  /**
   * Every number of seats a table of the game can have, from
   * `min_seats` to `max_seats` (Six: 2 and 4, never 3), as the game's
   * own check of its options decides it: a lobby offers only these.
   */
  seat_counts: Array<number>,
  /**
   * The stable identifier: `six`, `sechstage`, `reifenbreite`, `ausreisser`.
   */
  id: string,
  /**
   * The game's name, from its catalog (`game-name`).
   */
  name: Said,
  /**
   * The smallest and largest number of seats.
   */
  min_seats: number, max_seats: number, options: Array<OptionSpec>,
  /**
   * Where the rules come from.
   */
  rules_source: string, };

/**
 * The reply of `GET /api/games`.
 */
export type GameList = {
  /**
   * Each game's entry, its keys in alphabetical order ([`sorted_keys::sorted`]).
   */
  games: Array<GameEntry>, ok: true,
  /**
   * The seat specs the server accepts.
   */
  seat_kinds: Array<string>, };

/**
 * The reply of `GET /api/health` (docs/api.md). Every object's keys are
 * in alphabetical order, the order this reply has always had on the wire.
 */
export type HealthReply = {
  /**
   * The search pool every search bot's decision runs on.
   */
  bots: BotPoolHealth, connections: ConnectionCounts,
  /**
   * While storage fails: the error, `server.storage`.
   */
  error?: ErrorBody, ok: boolean, storage: StorageHealth, tables: TableCounts,
  /**
   * Addresses the rate limiters hold a state for.
   */
  tracked_addresses: number, };

/**
 * A free seat's invitation, to pass on.
 */
export type Invitation = {
  /**
   * The join page's path, `/#/join/ID/CODE`.
   */
  invite: string, seat: number, };

/**
 * The reply of `GET /api/tables/{id}/invite/{code}`: the table and seat
 * an invitation leads to, for the join page (never a token or a code).
 */
export type Invited = { game: string, name: Said, ok: true, over: boolean, public: boolean, seat: number,
  /**
   * Every seat as anyone may see it (`SeatConfig::public`).
   */
  seats: Array<SeatShown>,
  /**
   * The spectator's path, at a public table.
   */
  spectator: string | null, table: string,
  /**
   * Someone took the seat already.
   */
  taken: boolean, };

/**
 * One lane of the bot pool: its threads, the decisions waiting and
 * running, and how long the oldest waiting one has waited.
 */
export type LaneHealth = { oldest_wait_ms: number, queue: number, running: number, threads: number, };

/**
 * A legal action: its notation, and for people its data and words.
 */
export type LegalAction = {
  /**
   * The notation, what `act` sends back.
   */
  action: string,
  /**
   * The action as data, its kind and parameters ([`spieltisch_core::ActionData`], see
   * `docs/api.md`), in place of its data's two fields; left out of
   * compact snapshots, where the notation says it.
   */
  kind?: string, params?: { [key: string]: any },
  /**
   * The action in words; left out of compact snapshots.
   */
  text?: string, };

/**
 * A public table, as the lobby lists it.
 */
export type ListedTable = {
  /**
   * Seconds since 1970.
   */
  created_at: number, game: string,
  /**
   * How many moves the players made, chance outcomes not counted; `null`
   * where the table is not in memory on this server (only a live
   * session knows which actions were chance's).
   */
  moves: number | null,
  /**
   * The game's name (`null` for a game this server does not know).
   */
  name: Said | null,
  /**
   * The options the table was opened with that differ from the game's
   * defaults, in words.
   */
  options: Array<OptionShown>, over: boolean,
  /**
   * Every seat as anyone may see it (`SeatConfig::public`).
   */
  seats: Array<SeatShown>,
  /**
   * The spectator's path.
   */
  spectator: string, table: string,
  /**
   * How many actions were played, chance outcomes (dice, draws)
   * included: 0 before the game started.
   */
  version: number, };

/**
 * A viewer's log entry as it is sent: the number of the action it begins
 * with, who caused it, the event (its fields per game, in `docs/api.md`),
 * and its words when they are asked for.
 */
export type LogEntry = { at: number, actor: Actor,
  /**
   * The game's event: its `kind` and its fields.
   */
  event: { kind: string; [field: string]: unknown }, text?: string, };

/**
 * The reply of `GET /api/mine`.
 */
export type MyTables = { ok: true,
  /**
   * Each as `GET /api/tables/{id}` summarizes it, with its token
   * (`table::summary_of`).
   */
  tables: Array<TableSummary>, };

/**
 * One value of a choice: the word scripts type, and what people read.
 */
export type OptionChoice = {
  /**
   * The value, as on the command line and in JSON. Stable: scripts use it.
   */
  value: string,
  /**
   * A short name for the value.
   */
  label: Text,
  /**
   * What choosing it means.
   */
  help: Text, };

/**
 * An option's default as it is written: `value` (in the option's JSON
 * type, as `options` take it), `follows` (a key), `auto` or `off` (both
 * `true`).
 */
export type OptionDefault = { "value": string | number | boolean } | { "follows": string } | { "auto": true } | { "off": true };

/**
 * One option of a listed table, in words.
 */
export type OptionShown = {
  /**
   * The option's key, as `options` name it.
   */
  key: string,
  /**
   * The option's label (keys in alphabetical order, as the value's).
   */
  label: Said,
  /**
   * Its value.
   */
  value: Said, };

/**
 * An [`OptionSpec`] as it is written: the kind's fields flattened beside
 * `type`, and the default as an object with one key.
 */
export type OptionSpec = { key: string, label: Text, default: OptionDefault, help: Text, } & ({ "type": "int", min: number, max: number, } | { "type": "bool" } | { "type": "choice", choices: Array<OptionChoice>, } | { "type": "text" } | { "type": "choice_or_file", choices: Array<OptionChoice>, } | { "type": "choice_or_file_list", choices: Array<OptionChoice>, max: number, });

/**
 * The result of a finished game: each seat's score and rank, and the teams.
 *
 * Ranks count from 1 (best); equal ranks are ties. Partners share a rank.
 * `scores` are the game's own points (for display and `mean_score`); the
 * exact score sheet, where the game has one, is part of the final view.
 */
export type Outcome = { scores: Array<number>, ranks: Array<number>,
  /**
   * `teams[seat]` is the seat's team; every seat is its own team unless the
   * game has partnerships.
   */
  teams: Array<number>,
  /**
   * How the ranks were decided, as data, where more than the scores
   * decide them: the criteria in the order they count, each with every
   * seat's value (6-Tage Rennen: laps down, then points). Empty: the
   * ranks follow the scores, higher first, equal scores tie.
   */
  ranked_by?: Array<Criterion>, };

/**
 * The answer to a ping: `{"type":"pong"}`, a fixed text.
 */
export type Pong = { type: "pong", };

/**
 * The reply of `GET /api/public`.
 */
export type PublicTables = { ok: true, tables: Array<ListedTable>, };

/**
 * The reply of `POST /api/tables/{id}/rematch`: the rematch's table, and
 * where the asker sits there.
 */
export type RematchMade = { ok: true,
  /**
   * The asker's seat at the rematch.
   */
  seat: number | null, table: string,
  /**
   * The rematch's path for the asker's token.
   */
  url: string, };

/**
 * The reply of `GET /api/tables/{id}/replay` (docs/api.md), written while
 * the game is replayed: its `steps` are made as they are written, and its
 * `outcome` is the game's after them. The head's keys (`game` to
 * `viewer`) are in alphabetical order, as the reply has always had them.
 */
export type Replay = { ok: true, game: string, name: Said,
  /**
   * Who sat where, with the names of people (`SeatConfig::public`).
   */
  seats: Array<SeatShown>,
  /**
   * The replay as a spectator sees it: a link to share.
   */
  share: string, table: string, viewer: Viewer,
  /**
   * The table's static part, once for every step (the first page only).
   */
  static?: unknown,
  /**
   * The game as it opens (the first page only).
   */
  first?: ReplayFirst,
  /**
   * How many steps the replay has in all its pages.
   */
  total: number, steps: Array<ReplayStep>,
  /**
   * The step the next page begins with (`from`), or `null` on the last.
   */
  next: number | null,
  /**
   * The game's outcome on the last page, `null` on the others.
   */
  outcome: Outcome | null, };

/**
 * The first step: the game as it opens, its view whole.
 */
export type ReplayFirst = { version: number, turn: Turn, view: unknown,
  /**
   * Empty: the first view comes before any entry.
   */
  log: Array<LogEntry>, };

/**
 * One step: the actions of one entry of the viewer's log, written as the
 * array `[version, turn, log, change]`: a long game has thousands of
 * steps, and their keys would be a sixth of the reply. The log's entries
 * leave out their `at` and `actor`, which the step says. A path of the
 * change that an earlier change named is written as its number
 * ([`number_paths`]).
 */
export type ReplayStep = [number, Turn, Array<Omit<LogEntry, "at" | "actor">>, Array<[string | number, unknown] | [string | number]>];

/**
 * Words said in both languages, for a client that shows either: one
 * message of a crate's catalog, said in English and in German.
 */
export type Said = { en: string, de: string, };

/**
 * A seat as anyone may see it, as lists and replays show it (no team):
 * its keys in alphabetical order, as they have always been written.
 */
export type SeatShown = {
  /**
   * A person's seat that nobody has taken yet.
   */
  free?: boolean,
  /**
   * What plays the seat: a seat spec.
   */
  kind: string,
  /**
   * The name of the person who sits there, if they gave one.
   */
  name: string | null, seat: number, };

/**
 * A seat of a table in a snapshot: what plays it, its team, and who sits there.
 */
export type SeatSummary = { seat: number, kind: string, team: number,
  /**
   * The name of the person who sits there, if they gave one.
   */
  name: string | null,
  /**
   * A person's seat that nobody has taken yet.
   */
  free?: boolean, };

/**
 * A message the server sends on the table's WebSocket: a snapshot, an
 * update, a refusal (an error's body, typed `error`) or the answer to a
 * ping. Each is written from its own type, the pong as a fixed text
 * ([`Pong`]); this names them together for TypeScript.
 */
export type ServerMessage = Snapshot | Update | ErrorBody | Pong;

/**
 * Everything one viewer needs to draw the table: sent on connect and on
 * request (`sync`), so a client that reconnects is fully in sync at once.
 */
export type Snapshot = {
  /**
   * `"state"`.
   */
  type: "state", table: string, game: string,
  /**
   * The game's name in English and German.
   */
  name: Said, version: number, viewer: Viewer, turn: Turn, seats: Array<SeatSummary>,
  /**
   * The table's static part ([`spieltisch_core::Game::Static`]): what
   * never changes while the table is played, such as a course's
   * drawing; `null` for a game without one. Only snapshots carry it,
   * never updates: a client keeps it from the snapshot.
   */
  static: unknown,
  /**
   * What the viewer may see, as the game designs it (`web/generated/GAME.d.ts`).
   */
  view: unknown,
  /**
   * The view drawn as text by the game (a fallback and a screen-reader aid);
   * left out of compact snapshots.
   */
  text?: string,
  /**
   * The viewer's legal actions, when it is the viewer's turn (or the
   * viewer has still to answer a decision taken together).
   */
  legal: Array<LegalAction>,
  /**
   * The seats asked together now (a Steigung window), in the order their
   * answers count; absent otherwise. Who has answered is not shown.
   */
  window?: Array<number>,
  /**
   * For a seat at a table whose seats decide together (a game whose
   * options have Steigung windows): whether it passes every such
   * decision at once. Absent at every other table.
   */
  auto_pass?: boolean,
  /**
   * The viewer's log for people, an entry per event with its words;
   * left out of compact snapshots.
   */
  log?: Array<LogEntry>, outcome: Outcome | null,
  /**
   * The table of the rematch of this finished game, once someone asked
   * for it: a person's token is the same there.
   */
  rematch?: string, };

/**
 * A storage error and when it happened.
 */
export type StorageFaultShown = {
  /**
   * Seconds since 1970.
   */
  at: number, message: string, };

/**
 * The database writer's queue and its last error.
 */
export type StorageHealth = {
  /**
   * Whether the last transaction failed (and none has succeeded since).
   */
  failing: boolean,
  /**
   * The last storage error (kept after recovery), or `null`.
   */
  last_error: StorageFaultShown | null,
  /**
   * Commands waiting for the database writer.
   */
  queue: number, };

/**
 * The tables in memory now, and the unfinished ones counted against the cap.
 */
export type TableCounts = { held: number, unfinished: number, };

/**
 * The reply of `POST /api/tables`: the new table, with a link per
 * person's seat (a token, or an invitation) and the spectator's.
 */
export type TableCreated = { game: string,
  /**
   * At a hot-seat table, the link with the tokens of the people's seats that are taken.
   */
  hotseat: string | null, ok: true, public: boolean, seats: Array<CreatedSeat>, spectator: TokenLink, table: string, };

/**
 * The reply of `GET /api/tables/{id}`: the table's summary, as lists show
 * it, and what the people at the table pass on. Written through a JSON
 * value ([`Sorted`]), whose keys are in alphabetical order, the summary's
 * among the others, as this reply has always been written.
 */
export type TableInfo = { hotseat: boolean,
  /**
   * For a seat's token: the free seats' invitations, to pass on.
   */
  invites?: Array<Invitation>, ok: true, public: boolean,
  /**
   * For a seat's token: the spectator's path at a public table, else `null`.
   */
  spectator?: string | null,
  /**
   * Closed unfinished: nobody played at it for a long time.
   */
  expired: boolean, game: string,
  /**
   * The game's name (`null` for a game this server does not know).
   */
  name: Said | null, over: boolean,
  /**
   * Per seat, 1 = first, once the game is over.
   */
  ranks: Array<number> | null, seats: Array<SeatShown>, table: string,
  /**
   * The token the browser gave for the table (`GET /api/mine` only).
   */
  token?: string, turn: Turn, version: number, viewer: Viewer, };

/**
 * A table as lobby lists show it (loaded or not): the same words either
 * way. Its keys are in alphabetical order, as lists have always had them.
 */
export type TableSummary = {
  /**
   * Closed unfinished: nobody played at it for a long time.
   */
  expired: boolean, game: string,
  /**
   * The game's name (`null` for a game this server does not know).
   */
  name: Said | null, over: boolean,
  /**
   * Per seat, 1 = first, once the game is over.
   */
  ranks: Array<number> | null, seats: Array<SeatShown>, table: string,
  /**
   * The token the browser gave for the table (`GET /api/mine` only).
   */
  token?: string, turn: Turn, version: number, viewer: Viewer, };

/**
 * A fixed text in both languages.
 */
export type Text = { en: string, de: string, };

/**
 * A token and the table's path for it.
 */
export type TokenLink = { token: string, url: string, };

/**
 * Whose decision the game is waiting for.
 */
export type Turn = { "seat": number } | "chance" | "over";

/**
 * What changed since version `from`, for one viewer: sent to each
 * connection after its first snapshot, instead of a whole snapshot.
 */
export type Update = {
  /**
   * `"update"`.
   */
  type: "update", version: number,
  /**
   * The version the receiver had; `log` continues its log from there.
   */
  from: number, turn: Turn,
  /**
   * What happened since `from`, as the viewer may know it.
   */
  log: UpdateLog,
  /**
   * The viewer's legal actions, when it is the viewer's turn.
   */
  legal: Array<LegalAction>,
  /**
   * The seats asked together now, as in [`Snapshot::window`].
   */
  window?: Array<number>, outcome: Outcome | null,
  /**
   * The new view; left out of compact updates (a program asks with
   * `sync` when it wants one). Written as the game's view type writes
   * it ([`DynSession::view_text`]).
   */
  view?: unknown,
  /**
   * The view drawn as text; left out of compact updates.
   */
  text?: string, };

/**
 * An update's log: for people, the log entries that began or changed
 * since `from` (replacing the receiver's entries from the first one's
 * `at` on); for programs (compact), the actions since `from` in notation
 * as the viewer saw them (secret ones redacted).
 */
export type UpdateLog = Array<LogEntry> | Array<string>;

/**
 * Who a view is made for.
 */
export type Viewer = { "seat": number } | "spectator";
