// The designed data of 6-Tage Rennen (six-day race), generated from its Rust types by
// crates/server/tests/web_types.rs. Do not edit: change the Rust types and
// run `UPDATE_TYPES=1 cargo test -p spieltisch-server --test web_types`.

/**
 * An action as data ([`spieltisch_core::ActionData`]): its kind with its
 * parameters, on the wire `{"kind": "play", "params": {"value": 4}}`.
 */
export type Action = { "kind": "play", "params": { value: number, } } | { "kind": "draw", "params": { value: number, } };

/**
 * A count for each grey pile: the 1–3 pile (`low`) and the 4–6 pile (`high`).
 */
export type ByPile = { low: number, high: number, };

/**
 * Cards of one value, as views list them: `{"value": 4, "count": 2}`.
 */
export type CardCount = { value: number, count: number, };

/**
 * A driver change: the green cards the rider discarded, the grey cards it
 * drew from each pile, and their values: only for the rider's own seat
 * (`None` for every other viewer, who learns the counts only).
 */
export type Change = { discarded: number, drawn: ByPile, cards: Array<CardCount> | null, };

/**
 * A line crossed: the rider's place across it (from 1) and the points it
 * scored there (0 from the fifth on). `line` is the space a sprint line
 * follows, the track length for the finish.
 */
export type Crossing = { line: number, place: number, points: number, };

/**
 * An entry's event; on the wire an object whose `kind` names it.
 */
export type Event = { "kind": "play", value: number,
  /**
   * Where the rider stood.
   */
  from: number,
  /**
   * Where the card's own move ended, before any slipstream (the
   * track length if across the line).
   */
  landing: number,
  /**
   * The slipstream bonus, if the card's move ended among riders.
   */
  slipstream: Slipstream | null,
  /**
   * Where the whole move ended (the track length if across the line).
   */
  to: number,
  /**
   * The sprint lines the move crossed.
   */
  sprints: Array<Crossing>,
  /**
   * The rider crossed the finish.
   */
  finish: Crossing | null,
  /**
   * The rider fell (Sturz): it misses its next turn.
   */
  fell: boolean,
  /**
   * The rider changed drivers (Fahrerwechsel).
   */
  change: Change | null,
  /**
   * The race this play ended (with the draws folded in: the last one).
   */
  race_over: RaceOver | null, };

/**
 * The options (players, races, the balancing rule, how laps down count, the
 * track by content) with the points tables a board shows: written as the
 * options' own keys plus `sprint_points` and `finish_points`.
 */
export type Fixed = {
  /**
   * Points for the first riders across each sprint line, first place first.
   */
  sprint_points: Array<number>,
  /**
   * Points for the first riders across the finish, first place first.
   */
  finish_points: Array<number>,
  /**
   * Number of riders, 3–8.
   */
  players: number,
  /**
   * Races in the series, 1–20.
   */
  races: number,
  /**
   * The optional balancing rule: each race after the first starts in the
   * reverse order of the previous race's placings.
   */
  balancing: boolean,
  /**
   * The track, as content: given as `default` it reads as the built-in
   * track; a track file is read by the front end first
   * ([`crate::track::read_track_file`]).
   */
  track: Track,
  /**
   * How laps down are counted.
   */
  laps_down: LapsDown, };

/**
 * How a rider who did not cross the line is counted laps down. The rulebook:
 * "a lap down for every four spaces their token is from the finish line, to
 * a maximum of five"; both readings stop at five (see the crate docs).
 */
export type LapsDown = "full_four" | "part_of_four";

/**
 * Points as a front end shows them, without knowing the 840: a mixed number
 * in lowest terms, `whole` + `num`/`den` (`5 1/3` is `{"whole": 5, "num": 1,
 * "den": 3}`; whole points have `num` 0 and `den` 1). Race points are never
 * negative; were one, every part would carry the sign.
 */
export type Mixed = { whole: number, num: number, den: number, };

/**
 * One rider's line of a finished race on the score sheet.
 */
export type RaceLine = { seat: number,
  /**
   * Where the rider ended (the track length if across the line).
   */
  position: number, laps_down: number,
  /**
   * Race points (sprints and finish).
   */
  points: Mixed,
  /**
   * The rider's placing in the race, from 1: finishers in crossing order,
   * then the others by distance to the line, race points and turn order.
   */
  place: number, };

/**
 * A race that ended: its number (from 0), whether it was the series' last,
 * and its line of the score sheet (as the view's `score_sheet` has it).
 */
export type RaceOver = { race: number, last: boolean, result: RaceRow, };

/**
 * A finished race on the score sheet.
 */
export type RaceRow = {
  /**
   * The turn order of the race (seats).
   */
  order: Array<number>,
  /**
   * Seats in the order they crossed the finish.
   */
  finish_order: Array<number>,
  /**
   * Every rider's line, in seat order.
   */
  riders: Array<RaceLine>, };

/**
 * One rider as a viewer sees it.
 */
export type RiderView = { seat: number,
  /**
   * Spaces from the start (the track length once across the line).
   */
  position: number,
  /**
   * Across the finish line this race.
   */
  finished: boolean,
  /**
   * Cards in hand.
   */
  cards: number,
  /**
   * The hand by value, lowest first: only for the viewer's own seat.
   */
  hand: Array<CardCount> | null,
  /**
   * Has changed drivers: holds grey cards from now on.
   */
  changed: boolean,
  /**
   * Fell and misses the next turn.
   */
  falls: boolean,
  /**
   * Green and grey cards played this race, by value.
   */
  played_green: Array<CardCount>, played_grey: Array<CardCount>,
  /**
   * Cards drawn this race from each grey pile.
   */
  drawn: ByPile,
  /**
   * Race points so far in this race.
   */
  points: Mixed, };

/**
 * A slipstream bonus: `riders` stood on the space the card's move ended
 * on, so the rider moved `bonus` (value × riders) more.
 */
export type Slipstream = { riders: number, bonus: number, };

/**
 * A seat's standing over the races run so far.
 */
export type Standing = { seat: number, laps_down: number, points: Mixed,
  /**
   * Its rank as the outcome would give it now (fewest laps down, then
   * most points; equal on both share a rank), from 1.
   */
  rank: number, };

/**
 * A validated track. Positions count spaces from the line: a rider starts at
 * 0 (behind the line), stands on spaces `1..length`, and has finished on
 * reaching `length` or more.
 */
export type Track = { name: string, description: string, length: number, sprints: Array<number>, fahrerwechsel: Array<number>, sturz: Array<number>, };

/**
 * What one viewer (a seat, or a spectator) may see of a series.
 */
export type View = { viewer: number | null,
  /**
   * The race being run, from 0 (the number of races once over).
   */
  race: number,
  /**
   * Seats in turn order for this race.
   */
  order: Array<number>,
  /**
   * The seat moving or changing drivers; `None` once the series is over.
   */
  mover: number | null,
  /**
   * During a driver change, the draws still due from each pile (the 4–6
   * pile first).
   */
  draws_due: ByPile | null, riders: Array<RiderView>,
  /**
   * Cards left in each grey pile.
   */
  piles: ByPile,
  /**
   * Riders across each sprint line so far.
   */
  sprint_crossed: Array<number>,
  /**
   * Seats in the order they crossed the finish this race.
   */
  finish_order: Array<number>,
  /**
   * After the first finisher: the seats still due their one more turn.
   */
  last_turns: Array<number> | null,
  /**
   * Each seat's laps down, points and rank over the races run, in seat order.
   */
  standings: Array<Standing>,
  /**
   * The score sheet of the races run.
   */
  score_sheet: Array<RaceRow>, };
