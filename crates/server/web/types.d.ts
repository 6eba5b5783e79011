// The data the front end receives from the server (docs/api.md), as the
// type checker sees it (`npx tsc -p tsconfig.json`). Written by hand from
// the server's replies; only what the pages read is described. This file
// is not served: the modules refer to it in JSDoc comments only.

/** A text in both languages of the interface. */
export interface Text {
  en: string;
  de: string;
}

/** Who looks at a table: a seat (0-based on the wire) or a spectator. */
export type Viewer = { seat: number } | 'spectator';

/** Whose turn it is. */
export type Turn = { seat: number } | 'chance' | 'over';

/** A legal action: its notation, and its description for people. */
export interface Legal {
  /** The notation, what `act` sends back. */
  action: string;
  /** The action as data (docs/api.md, "Actions as data"); absent in compact messages. */
  kind?: string;
  params?: { [key: string]: any };
  text?: string;
}

/** A seat of a table: what plays it, its team, and who sits there. */
export interface SeatInfo {
  seat: number;
  kind: string;
  team: number;
  /** The name of the person who sits there, if they gave one. */
  name?: string | null;
  /** A person's seat that nobody has taken yet. */
  free?: boolean;
}

/** A seat as lists show it (no team). */
export interface SeatShown {
  seat: number;
  kind: string;
  name: string | null;
  free?: boolean;
}

/** The end of a game: points and ranks (1 = first) per seat. */
export interface Outcome {
  scores: number[];
  ranks: number[];
  teams: number[];
  /** How the ranks were decided where more than the scores decide them. */
  ranked_by?: Criterion[];
}

/** One criterion of a ranking, in the order it counts. */
export interface Criterion {
  key: string;
  lower_is_better: boolean;
  values: number[];
}

/** What the server says when it refuses something. */
export interface ServerError {
  code: string;
  /** In English; the page words the error from its code and the fields below. */
  message: string;
  status?: number;
  /** The option (or a bot's parameter) the error is about. */
  key?: string;
  /** The value given for it. */
  value?: string | number;
  /** Why a combination of options cannot be played. */
  reason?: Text;
  limit?: number;
  retry_after_seconds?: number;
}

/** Everything a viewer needs to draw a table (`type: "state"`), with the updates since applied. */
export interface Snapshot<V = unknown, S = unknown> {
  type?: 'state';
  table: string;
  game: string;
  name?: Text;
  version: number;
  viewer?: Viewer;
  turn: Turn;
  seats: SeatInfo[];
  /** The table's static part: what never changes while it is played (course and track
   * drawings, points tables); sent in snapshots only, kept across updates. */
  static?: S;
  view: V;
  text: string;
  legal: Legal[];
  log: LogEntry[];
  outcome?: Outcome | null;
  /** The seats asked in an open Steigung window, in the order their answers count. */
  window?: number[];
  /** Whether this seat passes Steigung windows at once (only this seat sees it). */
  auto_pass?: boolean;
  /** The rematch's table, once someone at this finished one asked for it. */
  rematch?: string;
}

/** Who caused an event: a seat, or chance. */
export type Actor = { seat: number } | 'chance';

/** One entry of a viewer's log: an event (its fields per game, in docs/api.md)
 * with who caused it and its words in the connection's language. */
export interface LogEntry {
  /** The number of the action the entry begins with. */
  at: number;
  actor: Actor;
  event: { kind: string; [field: string]: unknown };
  text?: string;
}

/** What changed since the version `from` (`type: "update"`). */
export interface Update {
  type: 'update';
  version: number;
  from: number;
  turn: Turn;
  /** The log entries that began or changed since `from`: they replace the
   * client's entries from the first one's `at` on. */
  log: LogEntry[];
  legal: Legal[];
  outcome?: Outcome | null;
  window?: number[];
  view: unknown;
  text: string;
}

/** A message of the table's WebSocket. */
export type ServerMessage =
  | (Snapshot & { type: 'state' })
  | Update
  | ({ type: 'error' } & ServerError)
  | { type: 'pong' };

/** A message the page sends on the table's WebSocket. */
export type ClientMessage =
  | { type: 'act'; version: number; action: string }
  | { type: 'lang'; lang: string }
  | { type: 'auto_pass'; on: boolean }
  | { type: 'sync' }
  | { type: 'ping' };

/** An option's default: a value, another option's value, automatic, or not used. */
export type OptionDefault =
  | { value: string | number | boolean }
  | { follows: string }
  | { auto: true }
  | { off: true };

/** One choice of an option. */
export interface OptionChoice {
  value: string;
  label: Text;
  help: Text;
}

/** One option of a game, as `/api/games` describes it. */
export interface OptionSpec {
  key: string;
  label: Text;
  help: Text;
  type: 'int' | 'bool' | 'choice' | 'choice_or_file' | 'choice_or_file_list' | 'string';
  min?: number;
  max?: number;
  choices?: OptionChoice[];
  default: OptionDefault;
}

/** A game, as `/api/games` describes it. */
export interface GameEntry {
  id: string;
  name: Text;
  min_seats: number;
  max_seats: number;
  rules_source: string;
  hidden_information: boolean;
  /** The option that sets the number of seats (`players`, `teams`), if any. */
  seats_option: string | null;
  options: OptionSpec[];
}

/** The reply of `GET /api/games`. */
export interface GamesReply {
  ok: true;
  games: GameEntry[];
  seat_kinds: string[];
}

/** A refusal in the shape of every HTTP error. */
export interface ErrorReply {
  ok: false;
  error: ServerError;
}

/** A seat of a new table: its link, when a person plays it. */
export interface CreatedSeat {
  seat: number;
  spec: string;
  name: string | null;
  token: string | null;
  url: string | null;
  /** The invitation's path (`/#/join/ID/CODE`) of a free seat. */
  invite: string | null;
}

/** The reply of `POST /api/tables`. */
export interface CreateReply {
  ok: true;
  table: string;
  game: string;
  seed: number;
  seats: CreatedSeat[];
  spectator: { token: string; url: string };
  hotseat: string | null;
}

/** One table of `GET /api/mine`. */
export interface TableSummary {
  table: string;
  token: string;
  game: string;
  name: Text;
  viewer: Viewer;
  version: number;
  turn: Turn;
  seats: SeatShown[];
  over: boolean;
  /** Per seat, 1 = first, once the game is over. */
  ranks: number[] | null;
  /** Closed unfinished: nobody played at it for a long time. */
  expired: boolean;
}

/** The reply of `GET /api/tables/{id}/invite/{code}`. */
export interface InvitationReply {
  ok: true;
  table: string;
  game: string;
  name: Text;
  seat: number;
  taken: boolean;
  public: boolean;
  over: boolean;
  seats: SeatShown[];
  /** The spectator's path, at a public table. */
  spectator: string | null;
}

/** The reply of `POST /api/tables/{id}/claim`. */
export interface ClaimReply {
  ok: true;
  table: string;
  seat: number;
  token: string;
  url: string;
}

/** One table of `GET /api/public`. */
export interface PublicTable {
  table: string;
  game: string;
  name: Text;
  created_at: number;
  seats: SeatShown[];
  over: boolean;
  spectator: string;
}

/** The reply of `GET /api/public`. */
export interface PublicReply {
  ok: true;
  tables: PublicTable[];
}

/** The reply of `GET /api/mine`. */
export interface MineReply {
  ok: true;
  tables: TableSummary[];
}

/** One edit of a replay step's change: `[path, value]` sets the value at
 * the JSON Pointer `path` (replaces it, adds the key, or appends to an
 * array); `[path]` removes the key, or the array's last element. */
export type Edit = [string, unknown] | [string];

/** The game as it opens, in a replay: its view whole. */
export interface ReplayFirst {
  version: number;
  turn: Turn;
  view: unknown;
  log: LogEntry[];
}

/** One entry of the viewer's log (a whole move with the chance folded into it),
 * in a replay: `[version, turn, log, change]`, the change of the view against the
 * step before. */
export type ReplayStep = [number, Turn, ReplayEntry[], Edit[]];

/** A log entry in a replay step: its `at` and `actor` are the step's. */
export type ReplayEntry = Omit<LogEntry, 'at' | 'actor'>;

/** The reply of `GET /api/tables/{id}/replay`. */
export interface ReplayReply {
  ok: true;
  table: string;
  game: string;
  name: Text;
  viewer: Viewer;
  /** The table's static part, once for every step. */
  static: unknown;
  first: ReplayFirst;
  steps: ReplayStep[];
  outcome: unknown;
}

/** A table link kept in the browser. */
export interface Remembered {
  table: string;
  token: string;
  game: string;
  seat: number;
}

// ---- The games' views, as far as the boards read them ----

/** Six: a cell, axial (q east, r south-east). */
export interface SixCell {
  q: number;
  r: number;
}

/** Six: stones by colour, each list in reading order. */
export interface SixStones {
  red: SixCell[];
  black: SixCell[];
}

/** Six: one whole move; a pass has neither `lifted` nor `placed`. */
export interface SixMove {
  seat: number;
  lifted: SixCell | null;
  placed: SixCell | null;
  /** What the lift captured; absent when nothing. */
  captured?: SixStones;
}

/** Six: where the turn stands. */
export type SixPhase =
  | { kind: 'place' }
  | { kind: 'lift' }
  | { kind: 'keep'; lifted: SixCell; captured: SixStones; parts: SixCell[][] }
  | { kind: 'replace'; lifted: SixCell; captured: SixStones }
  | { kind: 'over' };

/** Six: how a game of the match ended. */
export type SixResult =
  | { reason: 'six'; winner: 'red' | 'black'; seat: number;
      formation: { kind: 'line' | 'triangle' | 'circle'; cells: SixCell[] } }
  | { reason: 'starved'; winner: 'red' | 'black' }
  | { reason: 'both_starved' | 'repetition' | 'move_limit' };

/** Six: the whole match, the same for every viewer (docs/api.md, "Six"). */
export interface SixView {
  options: { players: number; split: boolean; games: number; move_limit: number; repetitions: number; repeat_shifted: boolean };
  stones: SixStones;
  phase: SixPhase;
  to_move: number | null;
  began: number;
  supply: number[];
  captured: { red: number; black: number };
  moves: number;
  since_capture: SixMove[];
  last: SixMove | null;
  results: SixResult[];
}

/** 6-Tage Rennen: a track. */
export interface SechstageTrack {
  name: string;
  length: number;
  sprints: number[];
  fahrerwechsel: number[];
  sturz: number[];
}

/** 6-Tage Rennen: exact points as a mixed number in lowest terms, `whole` + `num`/`den`. */
export interface SechstageMixed {
  whole: number;
  num: number;
  den: number;
}

/** 6-Tage Rennen: cards of one value. */
export interface SechstageCards {
  value: number;
  count: number;
}

/** 6-Tage Rennen: a count for each grey pile, 1–3 (`low`) and 4–6 (`high`). */
export interface SechstagePiles {
  low: number;
  high: number;
}

/** 6-Tage Rennen: a rider, one per seat. */
export interface SechstageRider {
  seat: number;
  position: number;
  finished: boolean;
  cards: number;
  /** The hand by value, lowest first; only the viewer's own. */
  hand: SechstageCards[] | null;
  changed: boolean;
  falls: boolean;
  played_green: SechstageCards[];
  played_grey: SechstageCards[];
  drawn: SechstagePiles;
  points: SechstageMixed;
}

/** 6-Tage Rennen: a seat's standing over the races run. */
export interface SechstageStanding {
  seat: number;
  laps_down: number;
  points: SechstageMixed;
  /** From 1, as the outcome ranks: fewest laps down, then most points. */
  rank: number;
}

/** 6-Tage Rennen: one rider's line of a finished race. */
export interface SechstageRaceLine {
  seat: number;
  position: number;
  laps_down: number;
  points: SechstageMixed;
  /** The race placing, from 1. */
  place: number;
}

/** 6-Tage Rennen: a finished race on the score sheet. */
export interface SechstageRaceRow {
  order: number[];
  finish_order: number[];
  /** In seat order. */
  riders: SechstageRaceLine[];
}

/** 6-Tage Rennen: the static part of a table, its options with the track by content and the points tables. */
export interface SechstageStatic {
  players: number;
  races: number;
  balancing: boolean;
  laps_down: 'full_four' | 'part_of_four';
  track: SechstageTrack;
  /** Points for the first riders across a sprint line, first place first. */
  sprint_points: number[];
  /** Points for the first riders across the finish, first place first. */
  finish_points: number[];
}

/** 6-Tage Rennen: what a viewer sees. */
export interface SechstageView {
  viewer: number | null;
  race: number;
  order: number[];
  /** `null` once the series is over. */
  mover: number | null;
  draws_due: SechstagePiles | null;
  riders: SechstageRider[];
  piles: SechstagePiles;
  sprint_crossed: number[];
  finish_order: number[];
  last_turns: number[] | null;
  /** In seat order. */
  standings: SechstageStanding[];
  score_sheet: SechstageRaceRow[];
}

/** Der Ausreisser: a play of speed card and modifiers (a legal play's `params`). */
export interface AusreisserPlay {
  speed: number;
  spurts: number;
  winds: number;
  hill: boolean;
}

/** Der Ausreisser: a card by its rulebook name: a speed card `39`–`50`, `hill`, `wind` or `spurt`. */
export type AusreisserCard = string;

/** Der Ausreisser: cards by name with how many of each, in the order of the kinds. */
export type AusreisserCards = Record<AusreisserCard, number>;

/** Der Ausreisser: a play on a rider's pile, with the speed it counted for. */
export interface AusreisserTop {
  /** The speed card, 39–50. */
  card: number;
  spurts: number;
  winds: number;
  hill: boolean;
  /** The speed ridden, after the cap. */
  speed: number;
}

/** Der Ausreisser: one rider at the table. */
export interface AusreisserRider {
  seat: number;
  cards: number;
  chips: number;
  total: number;
  last_stage: number | null;
  top: AusreisserTop | null;
  owed: number;
  drawn_since_play: number;
}

/** Der Ausreisser: what the series waits for. */
export type AusreisserPhase =
  | { kind: 'choose'; seat: number; contenders: number[]; drawn: (AusreisserCard | null)[] }
  | { kind: 'deal'; dealt: number; seat: number }
  | { kind: 'draw'; seat: number; turn_card: boolean }
  | { kind: 'play'; seat: number }
  | { kind: 'refill'; seat: number; play: AusreisserTop }
  | { kind: 'window'; seat: number }
  | { kind: 'over'; winners: number[]; total: number };

/** Der Ausreisser: what a viewer sees (docs/api.md, "Der Ausreisser"). */
export interface AusreisserView {
  viewer: number | null;
  options: { players: number; special: boolean; stages: number };
  stage: number;
  phase: AusreisserPhase;
  leader: number | null;
  tempo: number | null;
  hill: boolean;
  pile: number;
  played: AusreisserCards;
  riders: AusreisserRider[];
  /** The viewer's own hand; null for a spectator. */
  hand: AusreisserCards | null;
  asked: boolean;
}

/** Um Reifenbreite: the drawn course. */
export interface ReifenbreiteLayout {
  key: string;
  name: string;
  /** A printed course's name in both languages; absent for a course file. */
  title?: Text;
  /** Measure units per row of the road. */
  row: number;
  /** Every space as `lane/pos/cell[/c]`, separated by spaces. */
  spaces: string;
  /** How many spaces make the start area. */
  start: number;
  lines: { at: number; line: string }[];
  sprints?: { leg: number; line: string; points: number[] }[];
}

/** Um Reifenbreite: what the race waits for; riders by their printed numbers. */
export interface ReifenbreitePhase {
  kind: 'first_team' | 'place' | 'choose' | 'dice' | 'chance_draw' | 'move' | 'draft' | 'tow_photo' | 'proposal' | 'director' | 'over';
  team?: number;
  rider?: number;
  /** `choose`: the energy kinds chosen so far (ids of the static part's `energy_kinds`). */
  cards?: string[];
  offer?: number | null;
  base?: number;
  dice?: number;
  amount?: number;
  breakaway?: boolean;
  tow?: boolean;
  from?: number;
  to?: number;
  steps?: number;
  left?: number;
  leader?: number;
  asked?: number;
}

/** Um Reifenbreite: a rider as a viewer sees him. */
export interface ReifenbreiteRider {
  number: number;
  space: number | null;
  status: 'waiting' | 'road' | 'dismounted' | 'finished' | 'out';
  /** True when he has moved this round; left out otherwise. */
  moved?: boolean;
  asked: boolean;
  tows: number;
  /** Photo cards noted; `null` while hidden. */
  photos: (number | null)[];
  sprint_points: number;
  jersey_points: number;
  stage_points: number[];
  disqualified: boolean[];
}

/** Um Reifenbreite: what a viewer sees. */
export interface ReifenbreiteView {
  viewer: number | null;
  stage: number;
  round: number;
  phase: ReifenbreitePhase;
  first_team: number;
  placed: number;
  riders: ReifenbreiteRider[];
  teams: { energy: number[]; stage_points: number[]; score: number }[];
  pile: { card: string; left: number }[];
  finish: number[];
  sprint_results: number[][];
  jersey: { rider: number; since: number } | null;
  jersey_pending: number[];
  dismounted: number[];
  director: number[];
}

/** Um Reifenbreite: the static part of a table. */
export interface ReifenbreiteStatic {
  rules: { sprints: boolean; jersey: boolean; chase_car: boolean; lead_exchange: boolean; surfaces: boolean };
  seats: number;
  teams: { number: number; seat: number }[];
  riders: { number: number; team: number; place: number; seat: number; star: boolean }[];
  place_points: number[];
  energy_kinds: { id: string; owner: number | null; value: number; mountain: boolean }[];
  /** The course of each stage, drawn. */
  stages: ReifenbreiteLayout[];
}
