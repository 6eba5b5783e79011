// The data the front end receives from the server (docs/api.md), as the
// type checker sees it (`npx tsc -p tsconfig.json`). The server's replies and
// the table's messages (./generated/server.d.ts) and each game's designed
// data (views, static parts, log events, actions as data; ./generated/GAME.d.ts)
// are generated from the Rust types that write them, and re-exported below
// under the names the modules use: change the Rust types and run
// `UPDATE_TYPES=1 cargo test -p spieltisch-server --test web_types`.
// Declared here: only what is the browser's own (the messages it sends, the
// links it remembers, and the snapshot as a page holds it with full detail).
// These files are not served: the modules refer to them in JSDoc comments only.

/** A text in both languages of the interface. */
export type Text = import('./generated/server').Text;

/** Who looks at a table: a seat (0-based on the wire) or a spectator. */
export type Viewer = import('./generated/server').Viewer;

/** Whose turn it is. */
export type Turn = import('./generated/server').Turn;

/** A legal action: its notation, and for people its data and description. */
export type Legal = import('./generated/server').LegalAction;

/** A seat of a table in a snapshot: what plays it, its team, and who sits there. */
export type SeatInfo = import('./generated/server').SeatSummary;

/** A seat as lists show it (no team). */
export type SeatShown = import('./generated/server').SeatShown;

/** The end of a game: points and ranks (1 = first) per seat. */
export type Outcome = import('./generated/server').Outcome;

/** One criterion of a ranking, in the order it counts. */
export type Criterion = import('./generated/server').Criterion;

/** Who caused an event: a seat, or chance. */
export type Actor = import('./generated/server').Actor;

/** One entry of a viewer's log: an event (its fields per game, in docs/api.md)
 * with who caused it and its words in the connection's language. */
export type LogEntry = import('./generated/server').LogEntry;

/** A snapshot as it is sent (`type: "state"`), in either detail. */
export type SnapshotSent = import('./generated/server').Snapshot;

/** Everything a viewer needs to draw a table, as a page holds it: a snapshot
 * in full detail (its words and log there) with the updates since applied;
 * a replay makes one per step, without what only a table has. */
export interface Snapshot<V = unknown, S = unknown>
  extends Omit<SnapshotSent, 'type' | 'name' | 'outcome' | 'view' | 'static' | 'text' | 'log'>,
    Partial<Pick<SnapshotSent, 'type' | 'name' | 'outcome'>> {
  view: V;
  static?: S;
  text: string;
  log: LogEntry[];
  /** Shown on a device that several people share (hot-seat): no seat is "you". */
  shared?: boolean;
}

/** What changed since the version `from` (`type: "update"`), in full detail:
 * its log entries began or changed since `from` and replace the client's
 * entries from the first one's `at` on. */
export type Update = Omit<import('./generated/server').Update, 'log' | 'view' | 'text'> &
  { log: LogEntry[]; view: unknown; text: string };

/** What the server says when it refuses something: its code, a message in
 * English, and the fields a page words the error from. */
export type ServerError = import('./generated/server').ErrorBody;

/** A message of the table's WebSocket, as a page in full detail receives it. */
export type ServerMessage =
  | (Snapshot & { type: 'state' })
  | Update
  | Exclude<import('./generated/server').ServerMessage, SnapshotSent | import('./generated/server').Update>;

/** A message the page sends on the table's WebSocket. */
export type ClientMessage =
  | { type: 'act'; version: number; action: string }
  | { type: 'lang'; lang: string }
  | { type: 'auto_pass'; on: boolean }
  | { type: 'sync' }
  | { type: 'ping' };

/** An option's default: a value, another option's value, automatic, or not used. */
export type OptionDefault = import('./generated/server').OptionDefault;

/** One choice of an option. */
export type OptionChoice = import('./generated/server').OptionChoice;

/** One option of a game, as `/api/games` describes it. */
export type OptionSpec = import('./generated/server').OptionSpec;

/** A game, as `/api/games` describes it. */
export type GameEntry = import('./generated/server').GameEntry;

/** One table of `GET /api/mine`. */
export type TableSummary = import('./generated/server').TableSummary;

/** A log entry in a replay step: its `at` and `actor` are the step's. */
export type ReplayEntry = import('./generated/server').ReplayStep[2][number];

// ---- The server's replies, generated (./generated/server.d.ts) ----

/** The reply of `GET /api/games`. */
export type GamesReply = import('./generated/server').GameList;
/** A refusal in the shape of every HTTP error. */
export type ErrorReply = import('./generated/server').ErrorReply;
/** A seat of a new table: its link, when a person plays it. */
export type CreatedSeat = import('./generated/server').CreatedSeat;
/** The reply of `POST /api/tables`. */
export type CreateReply = import('./generated/server').TableCreated;
/** The reply of `GET /api/tables/{id}`: the summary (without a token) and
 * what the people at the table pass on. */
export type TableInfoReply = import('./generated/server').TableInfo;
/** The reply of `GET /api/tables/{id}/invite/{code}`. */
export type InvitationReply = import('./generated/server').Invited;
/** The reply of `POST /api/tables/{id}/claim`. */
export type ClaimReply = import('./generated/server').Claimed;
/** One table of `GET /api/public`. */
export type PublicTable = import('./generated/server').ListedTable;
/** The reply of `GET /api/public`. */
export type PublicReply = import('./generated/server').PublicTables;
/** The reply of `GET /api/mine`. */
export type MineReply = import('./generated/server').MyTables;
/** The game as it opens, in a replay: its view whole. */
export type ReplayFirst = import('./generated/server').ReplayFirst;
/** One entry of the viewer's log in a replay: `[version, turn, log, change]`. */
export type ReplayStep = import('./generated/server').ReplayStep;
/** One edit of a replay step's change: `[path, value]` sets the value at
 * the JSON Pointer `path` (replaces it, adds the key, or appends to an
 * array); `[path]` removes the key, or the array's last element. A path
 * named by an earlier edit of the replay is written as its number. */
export type Edit = ReplayStep[3][number];
/** An edit with its path written out (`namePaths` in patch.js). */
export type NamedEdit = [string, unknown] | [string];
/** The reply of `GET /api/tables/{id}/replay`. */
export type ReplayReply = import('./generated/server').Replay;

/** A table link kept in the browser. */
export interface Remembered {
  table: string;
  token: string;
  game: string;
  seat: number;
}

// ---- The games' designed data, generated (./generated/) ----

/** Six: a cell, axial (q east, r south-east). */
export type SixCell = import('./generated/six').Cell;
/** Six: stones by colour, each list in reading order. */
export type SixStones = import('./generated/six').Stones;
/** Six: one whole move; a pass has neither `lifted` nor `placed`. */
export type SixMove = import('./generated/six').Move;
/** Six: where the turn stands. */
export type SixPhase = import('./generated/six').PhaseView;
/** Six: how a game of the match ended. */
export type SixResult = import('./generated/six').GameResult;
/** Six: the whole match, the same for every viewer (docs/api.md, "Six"). */
export type SixView = import('./generated/six').View;
export type SixEvent = import('./generated/six').Event;
/** Six: a legal action's `kind` and `params`. */
export type SixAction = import('./generated/six').Action;

export type SechstageTrack = import('./generated/sechstage').Track;
/** 6-Tage Rennen: exact points as a mixed number in lowest terms, `whole` + `num`/`den`. */
export type SechstageMixed = import('./generated/sechstage').Mixed;
export type SechstageCards = import('./generated/sechstage').CardCount;
/** 6-Tage Rennen: a count for each grey pile, 1–3 (`low`) and 4–6 (`high`). */
export type SechstagePiles = import('./generated/sechstage').ByPile;
export type SechstageRider = import('./generated/sechstage').RiderView;
export type SechstageStanding = import('./generated/sechstage').Standing;
export type SechstageRaceLine = import('./generated/sechstage').RaceLine;
export type SechstageRaceRow = import('./generated/sechstage').RaceRow;
/** 6-Tage Rennen: the static part of a table, its options with the track by content and the points tables. */
export type SechstageStatic = import('./generated/sechstage').Fixed;
export type SechstageView = import('./generated/sechstage').View;
export type SechstageEvent = import('./generated/sechstage').Event;
export type SechstageAction = import('./generated/sechstage').Action;

/** Der Ausreisser: a play of speed card and modifiers (a legal play's `params`). */
export type AusreisserPlay = import('./generated/ausreisser').Play;
export type AusreisserCard = import('./generated/ausreisser').Card;
/** Der Ausreisser: cards by name with how many of each, in the order of the kinds. */
export type AusreisserCards = import('./generated/ausreisser').View['played'];
export type AusreisserTop = import('./generated/ausreisser').Top;
export type AusreisserRider = import('./generated/ausreisser').Rider;
export type AusreisserPhase = import('./generated/ausreisser').PhaseView;
/** Der Ausreisser: what a viewer sees (docs/api.md, "Der Ausreisser"). */
export type AusreisserView = import('./generated/ausreisser').View;
export type AusreisserEvent = import('./generated/ausreisser').Event;
export type AusreisserAction = import('./generated/ausreisser').Action;

export type ReifenbreiteLayout = import('./generated/reifenbreite').Layout;
/** Um Reifenbreite: what the race waits for; riders by their printed numbers. */
export type ReifenbreitePhase = import('./generated/reifenbreite').PhaseView;
export type ReifenbreiteRider = import('./generated/reifenbreite').RiderView;
export type ReifenbreiteView = import('./generated/reifenbreite').View;
export type ReifenbreiteStatic = import('./generated/reifenbreite').Fixed;
export type ReifenbreiteEvent = import('./generated/reifenbreite').Event;
export type ReifenbreiteAction = import('./generated/reifenbreite').Action;
