// The designed data of Six, generated from its Rust types by
// crates/server/tests/web_types.rs. Do not edit: change the Rust types and
// run `UPDATE_TYPES=1 cargo test -p spieltisch-server --test web_types`.

/**
 * An action as data ([`spieltisch_core::ActionData`]): its kind with its
 * parameters, on the wire `{"kind": "place", "params": {"cell": {"q": 2, "r": -1}}}`.
 */
export type Action = { "kind": "place", "params": { cell: Cell, } } | { "kind": "lift", "params": { cell: Cell, } } | { "kind": "keep", "params": { cell: Cell, } } | { "kind": "pass", "params": Record<symbol, never> };

/**
 * One cell of the grid, by its true axial coordinates.
 * Written by hand for TypeScript: its `Serialize` is written by hand.
 * Cells order as they are read: by row (`r`), then by `q`.
 */
export type Cell = { q: number, r: number };

/**
 * The two colours. Seats alternate colours: even seats red, odd seats black.
 */
export type Colour = "red" | "black";

/**
 * A count per colour.
 */
export type ColourCounts = { red: number, black: number, };

/**
 * A whole move (everyone sees the same: nothing in Six is hidden). On the
 * wire an object whose `kind` names it.
 */
export type Event = { "kind": "place", cell: Cell, ended?: GameResult | null, } | { "kind": "move", lifted: Cell, placed: Cell | null, captured?: Stones, ended?: GameResult | null, } | { "kind": "pass", ended?: GameResult | null, };

/**
 * The three kinds of six.
 */
export type Formation = "line" | "triangle" | "circle";

/**
 * A six on the field: its kind and its six cells, in reading order.
 */
export type FormedSix = { kind: Formation, cells: [Cell, Cell, Cell, Cell, Cell, Cell], };

/**
 * How a game of the match ended, and why: on the wire an object whose
 * `reason` is the variant's name in snake_case, with its fields beside it.
 */
export type GameResult = { "reason": "six", winner: Colour, seat: number, formation: FormedSix, } | { "reason": "starved", winner: Colour, } | { "reason": "both_starved" } | { "reason": "repetition" } | { "reason": "move_limit" };

/**
 * One whole move: a first-round placement (`placed` alone), a second-round
 * move (`lifted`, then `placed`, with what the lift captured), or a pass
 * (neither).
 */
export type Move = { seat: number, lifted: Cell | null, placed: Cell | null,
  /**
   * The stones the lift captured; left out when none.
   */
  captured?: Stones, };

/**
 * The options of Six; keys as in [`Options::specs`].
 */
export type Options = {
  /**
   * 2, or 4 in two partnerships.
   */
  players: number,
  /**
   * May lifting a stone split the field (capturing the smaller part)?
   * `false` is the basic variant.
   */
  split: boolean,
  /**
   * The number of games in the match.
   */
  games: number,
  /**
   * Second-round moves after which a game is drawn.
   */
  move_limit: number,
  /**
   * A game is drawn when the same position (same player to move) occurs
   * this many times.
   */
  repetitions: number,
  /**
   * Does a shifted copy of the field count as the same position for
   * repetitions? By default only the very same cells do.
   */
  repeat_shifted: boolean, };

/**
 * Where the turn stands; on the wire an object whose `kind` names the step.
 */
export type PhaseView = { "kind": "place" } | { "kind": "lift" } | { "kind": "keep", lifted: Cell, captured: Stones, parts: Array<Array<Cell>>, } | { "kind": "replace", lifted: Cell, captured: Stones, } | { "kind": "over" };

/**
 * Stones by colour, each list in reading order (row `r`, then `q`).
 */
export type Stones = { red: Array<Cell>, black: Array<Cell>, };

/**
 * What every viewer sees of a match of Six (the same for every seat and a
 * spectator).
 */
export type View = {
  /**
   * The match's options: players, variant, games, and the draw rules
   * (`move_limit`, `repetitions`, `repeat_shifted`).
   */
  options: Options,
  /**
   * The stones on the field. While a stone is lifted it is on neither list.
   */
  stones: Stones, phase: PhaseView,
  /**
   * The seat to move; `None` once the match is over.
   */
  to_move: number | null,
  /**
   * The seat that began the current game.
   */
  began: number,
  /**
   * Stones each seat has still to place in the first round, per seat.
   */
  supply: Array<number>,
  /**
   * Stones of each colour captured in the current game.
   */
  captured: ColourCounts,
  /**
   * Second-round moves made in the current game (every seat's turn
   * counts); at `options.move_limit` the game is drawn.
   */
  moves: number,
  /**
   * What the repetition rule needs: the second-round moves made since the
   * last capture (or since the second round began), oldest first, none
   * capturing. Taking them back one by one from the stones on the field
   * (the lifted stone put back) gives every position seen at the start of
   * a turn since then, the only ones that can recur, since a capture
   * leaves fewer stones. Empty in the first round, in a turn whose lift
   * captured, and once the match is over.
   */
  since_capture: Array<Move>,
  /**
   * The last whole move of the current game, `None` before the first.
   */
  last: Move | null,
  /**
   * How each finished game of the match ended, in order.
   */
  results: Array<GameResult>, };
