// The designed data of Um Reifenbreite, generated from its Rust types by
// crates/server/tests/web_types.rs. Do not edit: change the Rust types and
// run `UPDATE_TYPES=1 cargo test -p spieltisch-server --test web_types`.

/**
 * An action as data ([`spieltisch_core::ActionData`]): its kind with its
 * parameters, on the wire `{"kind": "place", "params": {"rider": 21, "space": 7}}`;
 * riders by their printed numbers, energy cards by their notation with
 * what they are worth.
 */
export type Action = { "kind": "first", "params": { team: number, } } | { "kind": "place", "params": { rider: number, space: number, } } | { "kind": "card", "params": { card: string, joker: boolean, value: number, mountain: boolean, } } | { "kind": "ride", "params": Record<symbol, never> } | { "kind": "break", "params": Record<symbol, never> } | { "kind": "tow", "params": Record<symbol, never> } | { "kind": "tow12", "params": Record<symbol, never> } | { "kind": "ask", "params": Record<symbol, never> } | { "kind": "accept", "params": Record<symbol, never> } | { "kind": "refuse", "params": Record<symbol, never> } | { "kind": "roll", "params": { total: number, } } | { "kind": "chance", "params": { card: string, } } | { "kind": "photo", "params": { value: number, } } | { "kind": "director", "params": { value: number, } } | { "kind": "to", "params": { space: number, } } | { "kind": "draft", "params": Record<symbol, never> } | { "kind": "skip", "params": Record<symbol, never> };

/**
 * A course as the options (and so every record) carry it: the fields of a
 * course file, with the board it is ridden on written out in full instead
 * of named. A race is rebuilt from its options alone, whatever files exist
 * where it is replayed, and a later edit of a built-in course or board
 * cannot change a race already written down.
 *
 * Built from a built-in course ([`Course::built_in`], no file read) or, by
 * a front end only, from course and board files ([`read_course_file`]).
 */
export type Course = {
  /**
   * The built-in course's option value, or the course file's name
   * without its folder.
   */
  key: string, name: string, start: string, via: Array<string>, finish: string, sprints: Array<SprintFile>, energy_rows: number,
  /**
   * The board, as its board file writes it (see [`crate::board`]).
   */
  board: unknown, };

/**
 * A kind of energy card: whose it is, its value and whether it bears the
 * mountain sign.
 */
export type EnergyKindInfo = {
  /**
   * A stable name: the owner's place in the team (1–4) or `J` for a
   * joker, a dash, the value and `M` with the mountain sign: `1-6M`,
   * `4-5`, `J-6M`.
   */
  id: string,
  /**
   * The owner's place in his team, 1–4 (the last digit of his number);
   * `null` for a joker, which any rider of the team may play.
   */
  owner: number | null, value: number, mountain: boolean, };

/**
 * An entry's event; on the wire an object whose `kind` names it.
 */
export type Event = { "kind": "first", team: number, } | { "kind": "place", rider: number, space: number, stage?: number, } | { "kind": "turn", rider: number | null, round: number, steps: Array<Step>, moved: Array<Moved>, stage?: number, };

/**
 * The static part of an Um Reifenbreite table (documented field by field
 * in `docs/api.md`).
 */
export type Fixed = {
  /**
   * The options as the race holds them: the course ridden named also
   * when none was given, every course by content.
   */
  options: Options,
  /**
   * The rules in force, resolved from the options.
   */
  rules: Rules,
  /**
   * The managers.
   */
  seats: number,
  /**
   * Every team, from team 0.
   */
  teams: Array<TeamInfo>,
  /**
   * Every rider of the race, by team and place in the team: the order of
   * a view's riders.
   */
  riders: Array<RiderInfo>,
  /**
   * Points for finishing places 1–16 (18).
   */
  place_points: [number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number],
  /**
   * The kinds of energy card, in the order of a team's counts in a view.
   */
  energy_kinds: Array<EnergyKindInfo>,
  /**
   * The course of each stage, drawn ([`Layout`]).
   */
  stages: Array<Layout>, };

/**
 * The yellow jersey.
 */
export type Jersey = {
  /**
   * Its wearer.
   */
  rider: number,
  /**
   * The round in which he took it.
   */
  since: number, };

/**
 * When a new sprint winner's claim to the yellow jersey is judged (15.1:
 * "so berechnet der Rennleiter, welcher Fahrer jetzt die meisten Punkte
 * hat"; docs/rules/reifenbreite.md#when-the-jersey-changes).
 */
export type JerseyJudged = "at_crossing" | "round_end";

/**
 * The layout of one track (serialized as described in the module docs;
 * a view reads it back from the race's course).
 */
export type Layout = { key: string, name: string,
  /**
   * A printed course's name in both languages (Liège–Bastogne–Liège is
   * Lüttich–Bastenaken–Lüttich in German); a course file has one name.
   */
  title?: Text,
  /**
   * Measure units per straight row.
   */
  row: number,
  /**
   * Every space as `lane/pos/cell[/c]`, separated by blanks.
   */
  spaces: string,
  /**
   * How many spaces make the start area.
   */
  start: number, lines: Array<Line>, sprints: Array<SprintLine>, };

/**
 * The rules level (parts I–III of the rulebook).
 */
export type Level = "basic" | "advanced" | "pro";

/**
 * A line of the route and the measure where it lies.
 */
export type Line = { line: string, at: number, };

/**
 * Where a rider went during a turn: `from` and `to` are track spaces
 * (`null` off the road), `status` where it is now (left out on the road).
 */
export type Moved = { rider: number, from: number | null, to: number | null, status?: RiderStatus, };

/**
 * The options of a race (see the table in the crate documentation).
 */
export type Options = { teams: number, seats?: number,
  /**
   * The course of a single race, as content. Given as a built-in
   * course's name, it reads as that course; a course file is read by the
   * front end first ([`crate::course::read_course_file`]).
   */
  course?: Course, rules: Level, sprints?: boolean, jersey?: boolean, chase_car?: boolean, lead_exchange?: boolean,
  /**
   * Not given: [`JerseyJudged::AtCrossing`] (as records written before
   * the option existed were played).
   */
  jersey_judged?: JerseyJudged,
  /**
   * The courses of a stage race, as content: given as a list (or a
   * comma-separated text) of built-in courses' names or courses.
   */
  stages?: Array<Course>,
  /**
   * The reading of the rules a record was played under, which only
   * records carry (`DeclaredOptions::RECORD_KEYS`), never people: 1 for records
   * written before 2026-11 (record format 1: energy row 2 a copy of row
   * 1, tows shortened and lengthened by the road surface), [`EDITION`]
   * today. Left out when it is today's, so new records do not carry it.
   */
  edition?: number, };

/**
 * What the race waits for, with riders by number.
 */
export type PhaseView = { "kind": "first_team" } | { "kind": "place", team: number, } | { "kind": "choose", rider: number, cards: Array<string>, offer: number | null, } | { "kind": "dice", rider: number, base: number, dice: number, breakaway: boolean, tow: boolean, } | { "kind": "chance_draw", rider: number, breakaway: boolean, } | { "kind": "move", rider: number, amount: number, breakaway: boolean, } | { "kind": "draft", rider: number, from: number, to: number, steps: number, } | { "kind": "tow_photo", rider: number, left: number, amount: number, breakaway: boolean, tow: boolean, } | { "kind": "proposal", leader: number, asked: number, } | { "kind": "director" } | { "kind": "over" };

/**
 * How many of a chance card are left in the pile.
 */
export type PileCount = {
  /**
   * The card (`fall`, `puncture`, `headwind2`, …; see `docs/api.md`).
   */
  card: string, left: number, };

/**
 * One rider as printed on his token.
 */
export type RiderInfo = {
  /**
   * The printed number: 21–24 for the first team, 31–34, 41–44, 51–54.
   */
  number: number,
  /**
   * The team, from 0.
   */
  team: number,
  /**
   * His place in the team, 1–4: the last digit of his number, the
   * `owner` of his own energy cards.
   */
  place: number,
  /**
   * The seat of the manager who moves him.
   */
  seat: number,
  /**
   * The team's star (number x1).
   */
  star: boolean, };

/**
 * Where a rider is.
 */
export type RiderStatus = "waiting" | "road" | "dismounted" | "finished" | "out";

/**
 * One rider.
 */
export type RiderView = {
  /**
   * The printed number.
   */
  number: number,
  /**
   * The space he is on (a number of the stage's `spaces`), `null`
   * before he is placed.
   */
  space: number | null, status: RiderStatus,
  /**
   * Has moved this round (or may no longer move in it); left out when
   * not, which halves what a replay spends on every round's end.
   */
  moved?: boolean,
  /**
   * Has offered or taken over the lead this round.
   */
  asked: boolean,
  /**
   * Tows taken this stage.
   */
  tows: number,
  /**
   * The photo cards noted for him, `null` for one whose number is
   * hidden (until the race is over).
   */
  photos: Array<number | null>,
  /**
   * Sprint points this stage.
   */
  sprint_points: number,
  /**
   * Points for the yellow jersey this stage.
   */
  jersey_points: number,
  /**
   * His points in each finished stage.
   */
  stage_points: Array<number>,
  /**
   * Whether he was disqualified (by the race director's photo cards) in
   * each finished stage.
   */
  disqualified: Array<boolean>, };

/**
 * The rules in force, resolved from the options.
 */
export type Rules = {
  /**
   * Part II: surfaces count.
   */
  surfaces: boolean, sprints: boolean, jersey: boolean, chase_car: boolean, lead_exchange: boolean,
  /**
   * When a change of the yellow jersey is judged.
   */
  jersey_judged: JerseyJudged,
  /**
   * The rules edition ([`Options::edition`]).
   */
  edition: number, };

/**
 * A sprint as course files and [`Course`] write it.
 */
export type SprintFile = {
  /**
   * The line.
   */
  at: string,
  /**
   * Points for places 1–3.
   */
  points: [number, number, number],
  /**
   * Which passing of the line (1 = the first), for a route that passes
   * it more than once.
   */
  pass?: number | null, };

/**
 * A sprint: its line, its place in the lines (`leg` − 1) and the points
 * for places 1–3.
 */
export type SprintLine = { line: string, leg: number, points: [number, number, number], };

/**
 * One step of a turn: a decision or a chance outcome, on the wire a word
 * (`"ride"`) or a one-key object (`{"roll": 8}`). The rider it concerns
 * says whose decision it was (the mover's, or the rider's behind for an
 * answer or a draft).
 */
export type Step = { "card": string } | "ride" | "break" | "tow" | "tow12" | "ask" | { "accept": number } | { "refuse": number } | { "roll": number } | { "chance": string } | "photo" | { "director": number } | { "to": number } | { "draft": number } | { "skip": number };

/**
 * One team.
 */
export type TeamInfo = {
  /**
   * The team's number, the first digit of its riders' numbers (2–5): the
   * team is called `2x`, `3x`, ….
   */
  number: number,
  /**
   * The seat of its manager (team `t` is managed by seat `t % seats`).
   */
  seat: number, };

/**
 * One team.
 */
export type TeamView = {
  /**
   * The energy cards held: a count per kind of the static part's
   * `energy_kinds`, in that order.
   */
  energy: Array<number>,
  /**
   * The team's points in each finished stage (the sum of its riders').
   */
  stage_points: Array<number>,
  /**
   * The team's result so far as the outcome counts it: the sum of its
   * riders' points; in a stage race of n stages, n × its best rider's
   * total plus that sum.
   */
  score: number, };

/**
 * A fixed text in both languages.
 */
export type Text = { en: string, de: string, };

/**
 * What a viewer sees (see the module documentation).
 */
export type View = {
  /**
   * The seat looking, `null` for a spectator.
   */
  viewer: number | null,
  /**
   * The stage being ridden, from 0: its course is the static part's
   * `stages[stage]`.
   */
  stage: number, round: number,
  /**
   * What the race waits for.
   */
  phase: PhaseView,
  /**
   * The team that won the roll-off and placed first (0 before it).
   */
  first_team: number,
  /**
   * How many riders are placed on the start.
   */
  placed: number,
  /**
   * Every rider, in the static part's order of `riders`.
   */
  riders: Array<RiderView>,
  /**
   * Every team, by team number from 0.
   */
  teams: Array<TeamView>,
  /**
   * The chance cards left in the pile, in the deck's order.
   */
  pile: Array<PileCount>,
  /**
   * The riders over the finish line, in the order they crossed it.
   */
  finish: Array<number>,
  /**
   * For each sprint of the stage's course, the riders who took its
   * places, in order.
   */
  sprint_results: Array<Array<number>>,
  /**
   * The wearer of the yellow jersey.
   */
  jersey: Jersey | null,
  /**
   * With `jersey_judged=round_end`: the new sprint winners of this round
   * whose claim to the jersey is judged when the round ends.
   */
  jersey_pending: Array<number>,
  /**
   * The riders who dismounted this round, in the order they did.
   */
  dismounted: Array<number>,
  /**
   * The race director's two photo cards, once drawn at the end.
   */
  director: Array<number>, };
