// @ts-check
// Six: the hex field, drawn from the view (docs/api.md, "Six"); legal cells
// and stones are clickable, picked by the legal actions' data. Cells are
// axial `{q, r}` (q east, r south-east). The board marks the last move, the
// stone in hand and what the last lift captured, and outlines the winning
// formation of the last finished game while its stones are on the field.
// Where the field is too dense for a finger (a cell under 32 CSS px across),
// the drawing shows the part around the legal cells, with a button to see
// the whole field and back.

import { h, s } from '../dom.js';
import { getLang, seatWord, youAfter } from '../i18n.js';

/**
 * @typedef {import('../types').SixView} View
 * @typedef {import('../types').SixCell} Cell
 * @typedef {import('../types').Snapshot<View>} Snapshot
 */

const SIZE = 22;
const SQRT3 = Math.sqrt(3);
/** A cell's width on the drawing (flat side to flat side): the step from one column to the next. */
const CELL = SIZE * SQRT3;
/** The narrowest a clickable cell may be drawn, in CSS px: a fingertip. */
const FINGER = 32;
/** How wide a cell is drawn when the field is zoomed to the decision, in CSS px. */
const ZOOMED = 37;

/** Whether the person asked to see the whole field instead of the part around the move; kept across redraws. */
let wholeField = false;
/** @type {Record<string, string>} */
const FILL = { red: '#c0392b', black: '#222' };

const EN = {
  circle: 'winning circle', line: 'winning line', triangle: 'winning triangle',
  last: 'last move', from: 'lifted from here', hand: 'stone in hand', captured: 'captured',
  part: 'keep this part',
  whole: 'Whole board', zoom: 'Zoom to the move',
  red: 'Red', black: 'Black', toPlace: 'to place', onField: 'on the field',
  place: 'First round: place a stone', lift: 'Second round: lift a stone',
  keep: 'The field split: choose the part that stays', replace: 'Put the lifted stone down', over: 'Game over',
  game: 'Game', of: 'of',
};
/** @type {Record<keyof typeof EN, string>} */
const DE = {
  circle: 'Gewinn-Kreis', line: 'Gewinn-Linie', triangle: 'Gewinn-Dreieck',
  last: 'letzter Zug', from: 'hier aufgenommen', hand: 'Stein in der Hand', captured: 'geschlagen',
  part: 'diesen Teil behalten',
  whole: 'Ganzes Brett', zoom: 'Zum Zug zoomen',
  red: 'Rot', black: 'Schwarz', toPlace: 'zu setzen', onField: 'im Feld',
  place: 'Erste Runde: einen Stein setzen', lift: 'Zweite Runde: einen Stein aufnehmen',
  keep: 'Das Feld ist zerfallen: wähle den Teil, der bleibt', replace: 'Den aufgenommenen Stein setzen', over: 'Partie beendet',
  game: 'Partie', of: 'von',
};
/** @param {keyof typeof EN} key */
const tx = key => (getLang() === 'de' ? DE : EN)[key];

/**
 * The centre of cell `q,r` on the drawing.
 * @param {Cell} cell
 * @returns {[number, number]}
 */
function center({ q, r }) {
  return [SIZE * SQRT3 * (q + r / 2), SIZE * 1.5 * r];
}

/**
 * @param {number} x
 * @param {number} y
 * @param {number} size
 */
function hexPoints(x, y, size) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i - 30);
    pts.push(`${(x + size * Math.cos(a)).toFixed(1)},${(y + size * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

/**
 * The whole cell at `x, y`, unseen: a clickable cell takes a click anywhere in it.
 * @param {number} x
 * @param {number} y
 */
const fingerArea = (x, y) => s('polygon', { points: hexPoints(x, y, SIZE), fill: 'transparent' });

/** @param {Cell} cell */
const key = cell => `${cell.q},${cell.r}`;

/**
 * The cell of a key `q,r`.
 * @param {string} cellKey
 * @returns {Cell}
 */
function cellOf(cellKey) {
  const [q, r] = cellKey.split(',').map(Number);
  return { q, r };
}

/**
 * A rectangle of the drawing.
 * @typedef {{ x: number, y: number, w: number, h: number }} Box
 */

/**
 * The rectangle round the centres of `cells`, widened by `padX` and `padY` on each side.
 * @param {Cell[]} cells
 * @param {number} padX
 * @param {number} padY
 * @returns {Box}
 */
function around(cells, padX, padY) {
  const xs = cells.map(c => center(c)[0]);
  const ys = cells.map(c => center(c)[1]);
  const x = Math.min(...xs) - padX, y = Math.min(...ys) - padY;
  return { x, y, w: Math.max(...xs) + padX - x, h: Math.max(...ys) + padY - y };
}

/**
 * A box of `w` × `h` centred on `box`, moved to lie inside `bounds` as far as it fits.
 * @param {Box} box
 * @param {number} w
 * @param {number} h
 * @param {Box} bounds
 * @returns {Box}
 */
function centredIn(box, w, h, bounds) {
  /**
   * @param {number} start
   * @param {number} size
   * @param {number} lo
   * @param {number} room
   */
  const place = (start, size, lo, room) => (size >= room ? lo + (room - size) / 2 : Math.min(Math.max(start, lo), lo + room - size));
  return { x: place(box.x + (box.w - w) / 2, w, bounds.x, bounds.w), y: place(box.y + (box.h - h) / 2, h, bounds.y, bounds.h), w, h };
}

/**
 * The part of the field to show round the legal cells (`targets`) on a
 * drawing `width` px wide and at most `maxHeight` px high: cells ZOOMED px
 * across, the rows of the field that fit, and every target in it (drawn
 * smaller where the targets spread wider than that).
 * @param {Box} field the cells in play
 * @param {Box} whole the field as drawn whole
 * @param {Box} targets
 * @param {number} width
 * @param {number} maxHeight
 * @returns {Box}
 */
function zoomedBox(field, whole, targets, width, maxHeight) {
  const scale = ZOOMED / CELL;
  const w = Math.max(Math.min(width / scale, whole.w), targets.w);
  const h = Math.max(Math.min(maxHeight / scale, field.h), targets.h);
  return centredIn(targets, w, h, whole);
}

/** @param {Box} box */
const viewBox = box => [box.x, box.y, box.w, box.h].map(v => v.toFixed(1)).join(' ');

/**
 * The drawing `svg` of the field in a frame that shows the whole field or,
 * where the whole field would draw its cells narrower than a finger, the
 * part round the targets, with a button to switch between the two; fitted
 * again whenever the frame's width changes (it is known only once the frame
 * is on the page). The drawing says which it shows in `data-view` (`whole`,
 * `zoomed`).
 * @param {SVGSVGElement} svg
 * @param {Box} field the cells in play
 * @param {Box} whole the field as drawn whole
 * @param {Box | null} targets
 */
function fitToFinger(svg, field, whole, targets) {
  const toggle = h('button', { type: 'button', class: 'board-view', id: 'six-view', hidden: true });
  // Watched for the width: an empty line, so that a new height of the
  // drawing does not call for another fitting in the same frame.
  const ruler = h('div', { class: 'ruler' });
  /** @param {number} width */
  function fit(width) {
    const maxHeight = parseFloat(getComputedStyle(svg).maxHeight) || Infinity;
    const dense = Math.min(width / whole.w, maxHeight / whole.h) * CELL < FINGER;
    const zoomed = dense && !wholeField ? targets : null;
    svg.setAttribute('viewBox', viewBox(zoomed ? zoomedBox(field, whole, zoomed, width, maxHeight) : whole));
    svg.dataset.view = zoomed ? 'zoomed' : 'whole';
    toggle.hidden = !dense || !targets;
    toggle.textContent = wholeField ? tx('zoom') : tx('whole');
  }
  toggle.addEventListener('click', () => { wholeField = !wholeField; fit(ruler.clientWidth); });
  const observer = new ResizeObserver(([entry]) => {
    // A board replaced by the next one is left alone for good.
    if (!ruler.isConnected) observer.disconnect();
    else if (entry.contentRect.width) fit(entry.contentRect.width);
  });
  observer.observe(ruler);
  // The board marks its last move itself, from its view (`markLastMove`).
  return h('div', { class: 'six-board', 'data-marks-last-move': true }, toggle, ruler, svg);
}

/**
 * The formation to outline: the last finished game's six, while every one of
 * its cells holds a stone of the winner (the match is over, or a replay
 * stands at that game's end).
 * @param {View} view
 * @param {Map<string, string>} stones
 */
function winningSix(view, stones) {
  const last = view.results[view.results.length - 1];
  if (!last || last.reason !== 'six') return null;
  const winner = last.winner;
  return last.formation.cells.every(c => stones.get(key(c)) === winner) ? last.formation : null;
}

/**
 * @param {Snapshot} snapshot
 * @param {(action: string) => void} act
 */
export function drawSix(snapshot, act) {
  const view = snapshot.view;
  const phase = view.phase;
  /** @type {Map<string, string>} */
  const stones = new Map();
  for (const c of view.stones.red) stones.set(key(c), 'red');
  for (const c of view.stones.black) stones.set(key(c), 'black');
  // Legal actions by cell, from their data: `place` on empty cells, `lift`
  // on stones, `keep` on every stone of the part it keeps.
  /** @type {Map<string, string>} */
  const byCell = new Map();
  for (const l of snapshot.legal || []) {
    const cell = l.params && l.params.cell;
    if (!cell) continue;
    const part = l.kind === 'keep' && phase.kind === 'keep'
      ? phase.parts.find(p => p.some(c => key(c) === key(cell)))
      : null;
    for (const c of part || [cell]) byCell.set(key(c), l.action);
  }
  const lifted = phase.kind === 'keep' || phase.kind === 'replace' ? phase.lifted : null;
  const mover = view.to_move === null ? null : view.to_move % 2 === 0 ? 'red' : 'black';
  // What the lift of this turn captured, else what the last move captured.
  const captured = phase.kind === 'keep' || phase.kind === 'replace'
    ? phase.captured
    : (view.last && view.last.captured) || { red: [], black: [] };
  /** @type {[Cell, string][]} */
  const ghosts = [...captured.red.map(c => /** @type {[Cell, string]} */ ([c, 'red'])),
    ...captured.black.map(c => /** @type {[Cell, string]} */ ([c, 'black']))];
  const win = winningSix(view, stones);

  /** @type {Cell[]} */
  const cells = [...view.stones.red, ...view.stones.black, ...ghosts.map(g => g[0]), ...[...byCell.keys()].map(cellOf)];
  if (lifted) cells.push(lifted);
  if (!cells.length) cells.push({ q: 0, r: 0 });
  // At least 13 cells across and 11 rows, so a small field is not blown up.
  const field = around(cells, SIZE * 2, SIZE * 2);
  const whole = centredIn(field, Math.max(field.w, 13 * CELL), Math.max(field.h, 11 * SIZE * 1.5), field);
  const svg = s('svg', { viewBox: viewBox(whole), role: 'img', 'aria-label': 'Six', 'data-board': 'six' });

  for (const [cell, colour] of ghosts) {
    const [x, y] = center(cell);
    svg.append(s('g', { 'data-captured': key(cell), class: 'six-captured' },
      s('title', {}, tx('captured')),
      s('polygon', { points: hexPoints(x, y, SIZE - 3), fill: FILL[colour], 'fill-opacity': 0.18, stroke: FILL[colour], 'stroke-dasharray': '2 3' })));
  }
  if (lifted && mover) {
    const [x, y] = center(lifted);
    svg.append(s('g', { 'data-lifted': key(lifted) },
      s('title', {}, phase.kind === 'replace' ? tx('hand') : tx('from')),
      s('polygon', { points: hexPoints(x, y, SIZE - 3), fill: 'none', stroke: FILL[mover], 'stroke-width': 2, 'stroke-dasharray': '4 3' })));
  }
  const lastPlaced = view.last && view.last.placed ? key(view.last.placed) : null;
  for (const [cell, colour] of stones) {
    const [x, y] = center(cellOf(cell));
    const action = byCell.get(cell);
    const g = s('g', { 'data-cell': cell, 'data-piece': `stone:${cell}`, 'data-action': action || null, class: action ? 'clickable' : null, onclick: action ? () => act(action) : null },
      action ? fingerArea(x, y) : null,
      s('polygon', { points: hexPoints(x, y, SIZE - 1), fill: FILL[colour], stroke: action ? '#f1c40f' : '#555', 'stroke-width': action ? 3 : 1 }),
      s('text', { x, y: y + 4, 'text-anchor': 'middle', 'font-size': 9, fill: '#fff' }, cell));
    if (action && phase.kind === 'keep') g.prepend(s('title', {}, tx('part')));
    svg.append(g);
  }
  for (const [cell, action] of byCell) {
    if (stones.has(cell)) continue;
    const [x, y] = center(cellOf(cell));
    svg.append(s('g', { 'data-cell': cell, 'data-action': action, class: 'clickable', onclick: () => act(action) },
      fingerArea(x, y),
      s('polygon', { points: hexPoints(x, y, SIZE - 2), class: 'hint-cell' }),
      s('text', { x, y: y + 4, 'text-anchor': 'middle', 'font-size': 8, fill: '#a07800' }, cell)));
  }
  // Marks on top, never catching clicks meant for the cells below.
  if (view.last) {
    if (view.last.lifted) {
      const [x, y] = center(view.last.lifted);
      svg.append(s('circle', { cx: x, cy: y, r: 4, class: 'six-last-from', 'data-last-from': key(view.last.lifted), 'pointer-events': 'none' },
        s('title', {}, tx('from'))));
    }
    if (lastPlaced && view.last.placed) {
      const [x, y] = center(view.last.placed);
      svg.append(s('polygon', { points: hexPoints(x, y, SIZE - 5), class: 'six-last', 'data-last': lastPlaced, 'pointer-events': 'none' },
        s('title', {}, tx('last'))));
    }
  }
  if (win) {
    const outline = s('g', { class: 'six-formation', 'data-formation': win.kind, 'pointer-events': 'none' },
      s('title', {}, tx(win.kind)));
    for (const cell of win.cells) {
      const [x, y] = center(cell);
      outline.append(s('polygon', { points: hexPoints(x, y, SIZE), 'data-win': key(cell) }));
    }
    svg.append(outline);
  }
  const targets = byCell.size ? around([...byCell.keys()].map(cellOf), CELL, SIZE * 2) : null;
  const board = fitToFinger(svg, field, whole, targets);
  board.prepend(holdings(snapshot));
  return board;
}

/**
 * Who plays which colour and what each holds: the stones still to place in
 * the first round and those on the field, the phase of the turn, and the
 * game of the match; the viewer's own seat marked.
 * @param {Snapshot} snapshot
 */
function holdings(snapshot) {
  const view = snapshot.view;
  const games = view.options.games;
  const game = Math.min(view.results.length + 1, games);
  const phase = tx(view.phase.kind);
  const seats = view.supply.map((left, seat) => {
    const colour = seat % 2 === 0 ? 'red' : 'black';
    const onField = view.stones[colour].length;
    const you = youAfter(snapshot, seat);
    return h('li', { 'data-seat': seat, class: seat === view.to_move ? 'to-move' : null },
      h('span', { class: `six-swatch ${colour}`, title: tx(colour) }),
      h('strong', { text: `${seatWord(seat, snapshot.seats)}${you}` }),
      ` ${tx(colour)} · ${left} ${tx('toPlace')} · ${onField} ${tx('onField')}`);
  });
  return h('div', { class: 'six-holdings', id: 'six-holdings' },
    h('p', { class: 'six-phase', text: games > 1 ? `${tx('game')} ${game} ${tx('of')} ${games} · ${phase}` : phase }),
    h('ul', {}, seats));
}
