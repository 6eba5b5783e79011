// The server's replies (docs/api.md), generated from the Rust types that
// write them by crates/server/tests/web_types.rs. Do not edit: change the
// Rust types and run `UPDATE_TYPES=1 cargo test -p spieltisch-server --test web_types`.
// The parts they refer to that are declared by hand in ../types.d.ts:
import type { GameEntry, LogEntry, Outcome, ReplayEntry, SeatShown, TableSummary, Turn, Viewer } from '../types';

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
   * Why a combination of options cannot be played.
   */
  reason?: Reason, retry_after_seconds?: number,
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
 * The reply of `GET /api/games`.
 */
export type GameList = {
  /**
   * Each game's entry, its keys in alphabetical order ([`wire::sorted`]).
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
export type Invited = { game: string, name: Text, ok: true, over: boolean, public: boolean, seat: number,
  /**
   * Every seat as anyone may see it (`SeatConfig::public`, typed by hand for now).
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
 * A public table, as the lobby lists it.
 */
export type ListedTable = {
  /**
   * Seconds since 1970.
   */
  created_at: number, game: string,
  /**
   * The game's name (`null` for a game this server does not know).
   */
  name: Text | null, over: boolean,
  /**
   * Every seat as anyone may see it (`SeatConfig::public`, typed by hand for now).
   */
  seats: Array<SeatShown>,
  /**
   * The spectator's path.
   */
  spectator: string, table: string, };

/**
 * The reply of `GET /api/mine`.
 */
export type MyTables = { ok: true,
  /**
   * Each as `GET /api/tables/{id}` summarizes it, with its token
   * (`table::summary_of`, typed by hand for now).
   */
  tables: Array<TableSummary>, };

/**
 * The reply of `GET /api/public`.
 */
export type PublicTables = { ok: true, tables: Array<ListedTable>, };

/**
 * Why a combination of options cannot be played, in both languages of
 * the interface (only the game can say it).
 */
export type Reason = { de: string, en: string, };

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
export type Replay = { ok: true, game: string, name: Text,
  /**
   * Who sat where, with the names of people (`SeatConfig::public`,
   * typed by hand for now).
   */
  seats: Array<SeatShown>,
  /**
   * The replay as a spectator sees it: a link to share.
   */
  share: string, table: string, viewer: Viewer,
  /**
   * The table's static part, once for every step.
   */
  static: unknown, first: ReplayFirst, steps: Array<ReplayStep>, outcome: Outcome | null, };

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
 * leave out their `at` and `actor`, which the step says.
 */
export type ReplayStep = [number, Turn, Array<ReplayEntry>, Array<[string, unknown] | [string]>];

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
  spectator?: string | null, };

/**
 * A fixed text in both languages.
 */
export type Text = { en: string, de: string, };

/**
 * A token and the table's path for it.
 */
export type TokenLink = { token: string, url: string, };
