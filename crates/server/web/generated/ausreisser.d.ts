// The designed data of Der Ausreisser, generated from its Rust types by
// crates/server/tests/web_types.rs. Do not edit: change the Rust types and
// run `UPDATE_TYPES=1 cargo test -p spieltisch-server --test web_types`.

/**
 * An action as data ([`spieltisch_core::ActionData`]): its kind with its
 * parameters, on the wire `{"kind": "play", "params": {"speed": 45, "spurts": 1, "winds": 0, "hill": false}}`.
 */
export type Action = { "kind": "play", "params": Play } | { "kind": "hill", "params": Record<symbol, never> } | { "kind": "pass", "params": Record<symbol, never> } | { "kind": "draw", "params": { card: Card, } };

/**
 * One card kind, on the wire by its name: a speed card `39`–`50`, `hill`,
 * `wind` or `spurt`.
 */
export type Card = string;

/**
 * Cards drawn: how many, and which, in the drawer's own log only.
 */
export type Drawn = { count: number, cards?: Array<Card>, };

/**
 * An entry's event; on the wire an object whose `kind` names it.
 */
export type Event = { "kind": "choose", draws: Array<FaceUp>, leader: number | null, } | { "kind": "deal", stage: number, leader: number, hand?: Hand | null, } | { "kind": "turn" } & Turn | { "kind": "window", leader: number, laid_by: number | null, };

/**
 * A card drawn face up while choosing the first leader (a special card is
 * laid aside and the rider draws again).
 */
export type FaceUp = { seat: number, card: Card, };

/**
 * The cards dealt to `seat`.
 */
export type Hand = { seat: number, cards: { [key in Card]: number }, };

/**
 * The play and the yellow jersey.
 */
export type Lead = "sets_tempo" | "takes" | "none";

/**
 * Options of a series of Der Ausreisser.
 */
export type Options = {
  /**
   * Number of riders, 2 to 6.
   */
  players: number,
  /**
   * With the special cards (Steigung, Gegenwind, Spurt); `false` is the
   * simplified variant with the 84 speed cards only.
   */
  special: boolean,
  /**
   * Stages in the series (the rules say "usually 3-5").
   */
  stages: number, };

/**
 * What the series waits for; on the wire an object whose `kind` names it.
 */
export type PhaseView = { "kind": "choose", seat: number, contenders: Array<number>, drawn: Array<Card | null>, } | { "kind": "deal", dealt: number, seat: number, } | { "kind": "draw", seat: number, turn_card: boolean, } | { "kind": "play", seat: number, } | { "kind": "refill", seat: number, play: Top, } | { "kind": "window", seat: number, } | { "kind": "over", winners: Array<number>, total: number, };

/**
 * The cards of one turn's play: one speed card, any number of Spurts, the
 * Gegenwinds that must go with it, and a Steigung (leader only).
 */
export type Play = {
  /**
   * The number on the speed card (39 to 50).
   */
  speed: number, spurts: number, winds: number, hill: boolean, };

/**
 * A play: its cards (Gegenwinds laid on it in the refill included), and
 * what it settled once the hand was refilled.
 */
export type Ride = { cards: Play,
  /**
   * Of its Gegenwinds, those drawn in the refill and laid on it.
   */
  laid: number,
  /**
   * `None` while the hand is being refilled.
   */
  settled: Settlement | null, };

/**
 * One rider at the table, as everyone sees it.
 */
export type Rider = { seat: number,
  /**
   * Cards in hand.
   */
  cards: number,
  /**
   * Penalty chips (minutes) in this stage.
   */
  chips: number,
  /**
   * Game points of the series so far.
   */
  total: number,
  /**
   * Game points of the last finished stage, `None` before one is finished.
   */
  last_stage: number | null,
  /**
   * The top of the rider's pile: the last play of this stage, `None`
   * before the first.
   */
  top: Top | null,
  /**
   * Cards the rider draws at the start of the next turn, one for each
   * Steigung laid out of turn.
   */
  owed: number,
  /**
   * Cards received since the rider's last play of this stage, the refill
   * after it not counted. Every Gegenwind held goes down with the next
   * play, and one drawn in the refill at once, so only these can be
   * Gegenwind (the table knows that much of every hand).
   */
  drawn_since_play: number, };

/**
 * What a play settled.
 */
export type Settlement = {
  /**
   * The speed ridden, after the cap.
   */
  speed: number,
  /**
   * The tempo it rode against (0 before the stage's first play).
   */
  tempo: number,
  /**
   * A Steigung was in force, or laid with this play.
   */
  uphill: boolean, lead: Lead,
  /**
   * Penalty chips gained (positive) or handed back (negative).
   */
  penalty: number,
  /**
   * The rider's chips afterwards.
   */
  chips: number, };

/**
 * The end of a stage: per seat its points for the stage (+1 for the
 * jersey, minus the chips otherwise) and the series totals; `winners`
 * (sharing the highest total) once the series is over.
 */
export type StageEnd = {
  /**
   * Counted from 0.
   */
  stage: number, jersey: number, scores: Array<number>, totals: Array<number>, winners?: Array<number> | null, };

/**
 * A play on a rider's pile: the speed card with what went with it, and the
 * speed it counted for.
 */
export type Top = {
  /**
   * The number on the speed card (39 to 50).
   */
  card: number,
  /**
   * Spurts played with it (+2 each).
   */
  spurts: number,
  /**
   * Gegenwinds played with it or laid on it in the refill (−2 each).
   */
  winds: number,
  /**
   * True when the leader added a Steigung to it.
   */
  hill: boolean,
  /**
   * The speed ridden, after the cap (52 on the flat, 50 under a hill).
   */
  speed: number, };

/**
 * A rider's turn: from the first card drawn (or the play, when the pile is
 * empty) to the end of the refill.
 */
export type Turn = { seat: number,
  /**
   * Drawn before the play: cards owed for a Steigung laid out of turn,
   * the turn's card, more while the hand held no speed card.
   */
  drew: Drawn,
  /**
   * `None` until played (and for good when the stage ended before).
   */
  play: Ride | null,
  /**
   * Drawn after the play to refill the hand; a Gegenwind drawn then goes
   * on the play (`play.laid`), not in here.
   */
  refill: Drawn,
  /**
   * The stage this turn ended.
   */
  ended?: StageEnd | null, };

/**
 * What one viewer sees of a series: every rider's public facts, the road,
 * and for a seat its own hand.
 */
export type View = {
  /**
   * The seat looking, `None` for a spectator.
   */
  viewer: number | null, options: Options,
  /**
   * The stage being ridden, counted from 0 (once over: the last).
   */
  stage: number, phase: PhaseView,
  /**
   * The holder of the yellow jersey, `None` while the first leader is
   * being chosen.
   */
  leader: number | null,
  /**
   * The tempo: the speed of the leader's last play, `None` before the
   * first play of the stage.
   */
  tempo: number | null,
  /**
   * True while a Steigung lies (until the leader's next turn).
   */
  hill: boolean,
  /**
   * Cards left in the pile.
   */
  pile: number,
  /**
   * Every card played this stage (while the first leader is chosen: the
   * cards drawn face up).
   */
  played: { [key in Card]: number },
  /**
   * Every rider, by seat.
   */
  riders: Array<Rider>,
  /**
   * The viewer's own hand; `None` for a spectator.
   */
  hand: { [key in Card]: number } | null,
  /**
   * True while a Steigung window is open and the viewer has still to
   * answer. Every rider but the leader is asked in every window, so this
   * tells nothing about hands.
   */
  asked: boolean, };
