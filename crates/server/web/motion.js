// @ts-check
// The last move on the board: read from the last log entry's structured
// event (docs/api.md, "The log"), marked on the board, and shown moving:
// each piece it moved slides from where it was to where it is now (FLIP:
// measured before and after the redraw, then the difference is undone and
// animated away). The drawing is final at once, so a click never waits for
// an animation; nothing moves for a person whose system asks for reduced
// motion.
//
// Boards name their pieces with `data-piece` keys that stay the same across
// redraws: `stone:q,r` (Six), `rider:SEAT` (6-Tage Rennen), `rider:NUMBER`
// (Um Reifenbreite), `top:SEAT` (the top of a Der Ausreisser rider's pile).

/**
 * @typedef {import('./types').LogEntry} LogEntry
 * @typedef {import('./types').Snapshot<any, any>} Snapshot
 */

/**
 * A piece the last move placed or moved.
 * @typedef {object} Flight
 * @property {string} piece its `data-piece` key on the board
 * @property {string} how what the move did with it, to tell a step not yet shown from one shown already
 * @property {string} [left] the place it left, a selector on the board as drawn after the move
 * @property {string} [was] what it was before the move, a selector on the board as drawn before
 *   (itself, or the card in the hand it was played from); it moves from there, else from `left`,
 *   and without either it fades in
 */

/** @typedef {(entry: LogEntry, snapshot: Snapshot) => Flight[]} Tracer */

/** How long a piece takes to reach its place, in ms. */
const DURATION = 260;

/** @param {{ q: number, r: number }} cell */
const cellKey = cell => `${cell.q},${cell.r}`;

/**
 * The seat that made the move, or null for chance.
 * @param {LogEntry} entry
 */
const actorSeat = entry => (typeof entry.actor === 'object' && entry.actor ? entry.actor.seat : null);

/** @type {{ [game: string]: Tracer | undefined }} */
const TRACERS = {
  six(entry) {
    const e = /** @type {{ kind: string, cell?: { q: number, r: number }, lifted?: { q: number, r: number }, placed?: { q: number, r: number } | null, ended?: unknown }} */ (entry.event);
    // A move that ended a game of the match leaves a new field behind.
    if (e.ended) return [];
    if (e.kind === 'place' && e.cell) return [{ piece: `stone:${cellKey(e.cell)}`, how: 'placed' }];
    if (e.kind === 'move' && e.lifted && e.placed) {
      // The board marks the cell the stone was lifted from (`data-last-from`).
      return [{ piece: `stone:${cellKey(e.placed)}`, how: cellKey(e.lifted), left: `[data-last-from="${cellKey(e.lifted)}"]` }];
    }
    return [];
  },
  sechstage(entry) {
    const e = /** @type {{ kind: string, from?: number, to?: number, race_over?: unknown }} */ (entry.event);
    const seat = actorSeat(entry);
    // A play that ended a race leaves the riders lined up for the next one.
    if (e.kind !== 'play' || seat === null || e.race_over) return [];
    const piece = `rider:${seat}`;
    return [{ piece, how: `${e.from}→${e.to}`, left: `[data-space="${e.from}"]`, was: `[data-piece="${piece}"]` }];
  },
  reifenbreite(entry) {
    const e = /** @type {{ kind: string, rider?: number, moved?: { rider: number, from: number | null, to: number | null }[] }} */ (entry.event);
    if (e.kind === 'place' && e.rider !== undefined) return [{ piece: `rider:${e.rider}`, how: 'placed' }];
    if (e.kind !== 'turn' || !e.moved) return [];
    return e.moved.filter(m => m.to !== null).map(m => {
      const piece = `rider:${m.rider}`;
      // From the space it left on the road as drawn now: the stretch shown may have moved on.
      return { piece, how: `${m.from}→${m.to}`, left: m.from === null ? undefined : `[data-space="${m.from}"]` };
    });
  },
  ausreisser(entry, snapshot) {
    const e = /** @type {{ kind: string, seat?: number, play?: { cards: { speed: number } } | null, leader?: number, laid_by?: number | null }} */ (entry.event);
    if (e.kind === 'window' && e.laid_by !== null && e.laid_by !== undefined && e.leader !== undefined) {
      // Marked, not moved: the card stays where it lay, a Steigung on it.
      const piece = `top:${e.leader}`;
      return [{ piece, how: `hill ${e.laid_by}`, was: `[data-piece="${piece}"]` }];
    }
    if (e.kind !== 'turn' || e.seat === undefined || !e.play) return [];
    const speed = e.play.cards.speed;
    const view = /** @type {{ viewer?: number | null } | null} */ (snapshot.view);
    // The viewer's own card comes from the hand, anyone else's from the seat's cards.
    const own = !!view && view.viewer === e.seat;
    return [{ piece: `top:${e.seat}`, how: String(speed), was: own ? `#hand [data-card="${speed}"]` : `g.seat[data-seat="${e.seat}"]` }];
  },
};

/**
 * What the last entry of a log placed or moved, on the board of `game`.
 * @param {string} game
 * @param {Snapshot} snapshot
 * @returns {Flight[]}
 */
function lastFlights(game, snapshot) {
  const tracer = TRACERS[game];
  const log = snapshot.log || [];
  const last = log[log.length - 1];
  return tracer && last ? tracer(last, snapshot) : [];
}

/**
 * The element of a piece on a board.
 * @param {Element} board
 * @param {string} piece
 */
const pieceOn = (board, piece) => board.querySelector(`[data-piece="${piece}"]`);

/**
 * Marks the last move on a drawn board: a glow round each piece it moved
 * (`last-move`), a dashed outline round the places they left (`last-from`).
 * A board that marks its last move itself, from its view, says so
 * (`data-marks-last-move`).
 * @param {string} game
 * @param {Element} board
 * @param {Snapshot} snapshot
 */
export function markLastMove(game, board, snapshot) {
  if (board.hasAttribute('data-marks-last-move')) return;
  for (const flight of lastFlights(game, snapshot)) {
    const piece = pieceOn(board, flight.piece);
    // A place is only said to be left by a piece still on the board (not
    // one of a course or race that is over).
    if (!piece) continue;
    piece.classList.add('last-move');
    const left = flight.left ? board.querySelector(flight.left) : null;
    if (left) left.classList.add('last-from');
  }
}

/**
 * Where an element is, relative to the board it is drawn on.
 * @param {Element} el
 * @param {Element} board
 */
function placeOn(el, board) {
  const r = el.getBoundingClientRect(), b = board.getBoundingClientRect();
  return { x: r.x - b.x + r.width / 2, y: r.y - b.y + r.height / 2 };
}

/**
 * The moves of a redraw: the pieces that `after`'s last entry moved and
 * that `before` (the snapshot drawn last) did not show moving yet, with
 * where the board showed what they were; null when there is nothing to move.
 * Call before the board is redrawn, then `play` after.
 * @param {string} game
 * @param {Snapshot | null} before
 * @param {Snapshot} after
 * @param {Element} board the board's container as drawn before
 */
export function prepareMotion(game, before, after, board) {
  if (!before || before.table !== after.table || after.version <= before.version || reducedMotion()) return null;
  const last = after.log[after.log.length - 1];
  const tracer = TRACERS[game];
  if (!last || !tracer) return null;
  const known = before.log.find(entry => entry.at === last.at);
  const shown = new Set(known ? tracer(known, before).map(f => `${f.piece} ${f.how}`) : []);
  const flights = tracer(last, after).filter(f => !shown.has(`${f.piece} ${f.how}`));
  if (!flights.length) return null;
  /** @type {Map<string, { x: number, y: number }>} */
  const was = new Map();
  for (const flight of flights) {
    const el = flight.was ? board.querySelector(flight.was) : null;
    if (el) was.set(flight.piece, placeOn(el, board));
  }
  return { flights, was };
}

/**
 * Plays the moves prepared before the redraw.
 * @param {ReturnType<typeof prepareMotion>} motion
 * @param {Element} board the board's container now: the one measured before, or one in its place
 */
export function playMotion(motion, board) {
  if (!motion) return;
  const { flights, was } = motion;
  for (const flight of flights) {
    const el = pieceOn(board, flight.piece);
    if (!el) continue;
    const left = flight.left ? board.querySelector(flight.left) : null;
    const from = was.get(flight.piece) || (left ? placeOn(left, board) : undefined);
    if (!from) {
      el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: DURATION, easing: 'ease-out' });
      continue;
    }
    const to = placeOn(el, board);
    const [dx, dy] = localDelta(el, from.x - to.x, from.y - to.y);
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) continue;
    // `translate` adds to whatever `transform` the drawing gave the piece.
    const slide = el.animate([{ translate: `${dx}px ${dy}px` }, { translate: '0px 0px' }], { duration: DURATION, easing: 'cubic-bezier(.2,.7,.3,1)' });
    showOutside(el, slide, from, board);
  }
}

/**
 * Lets a piece that comes from outside its drawing (a card from the hand
 * below it) be seen on its way in, above what it passes, while it moves;
 * meanwhile it lets clicks through to what lies under it.
 * @param {Element} el
 * @param {Animation} slide
 * @param {{ x: number, y: number }} from where it starts, on the board
 * @param {Element} board
 */
function showOutside(el, slide, from, board) {
  const svg = el instanceof SVGElement ? el.ownerSVGElement : null;
  if (!svg || !(el instanceof SVGElement)) return;
  const box = svg.getBoundingClientRect(), b = board.getBoundingClientRect();
  const x = from.x + b.x, y = from.y + b.y;
  if (x >= box.left && x <= box.right && y >= box.top && y <= box.bottom) return;
  svg.classList.add('flying');
  el.style.pointerEvents = 'none';
  const landed = () => { svg.classList.remove('flying'); el.style.pointerEvents = ''; };
  slide.addEventListener('finish', landed);
  slide.addEventListener('cancel', landed);
}

/**
 * A distance on the screen in the units a piece's `translate` is in: its
 * parent's user units inside an SVG drawing, CSS pixels elsewhere.
 * @param {Element} el
 * @param {number} dx
 * @param {number} dy
 * @returns {[number, number]}
 */
function localDelta(el, dx, dy) {
  const parent = el.parentNode;
  if (!(el instanceof SVGElement) || !(parent instanceof SVGGraphicsElement)) return [dx, dy];
  const ctm = parent.getScreenCTM();
  if (!ctm) return [dx, dy];
  const inverse = ctm.inverse();
  const a = new DOMPoint(0, 0).matrixTransform(inverse), b = new DOMPoint(dx, dy).matrixTransform(inverse);
  return [b.x - a.x, b.y - a.y];
}

/** Whether the person's system asks for as little motion as possible. */
export function reducedMotion() {
  return matchMedia('(prefers-reduced-motion: reduce)').matches;
}
