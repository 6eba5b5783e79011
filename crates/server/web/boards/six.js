// @ts-check
// Six: the hex field, drawn from the view (docs/api.md, "Six"); legal cells
// and stones are clickable, picked by the legal actions' data. Cells are
// axial `{q, r}` (q east, r south-east). The board marks the last move, the
// stone in hand and what the last lift captured, and outlines the winning
// formation of the last finished game while its stones are on the field.

import { s } from '../dom.js';
import { getLang } from '../i18n.js';

/**
 * @typedef {import('../types').SixView} View
 * @typedef {import('../types').SixCell} Cell
 * @typedef {import('../types').Snapshot<View>} Snapshot
 */

const SIZE = 22;
const SQRT3 = Math.sqrt(3);
/** @type {Record<string, string>} */
const FILL = { red: '#c0392b', black: '#222' };

const EN = {
  circle: 'winning circle', line: 'winning line', triangle: 'winning triangle',
  last: 'last move', from: 'lifted from here', hand: 'stone in hand', captured: 'captured',
  part: 'keep this part',
};
/** @type {Record<keyof typeof EN, string>} */
const DE = {
  circle: 'Gewinn-Kreis', line: 'Gewinn-Linie', triangle: 'Gewinn-Dreieck',
  last: 'letzter Zug', from: 'hier aufgenommen', hand: 'Stein in der Hand', captured: 'geschlagen',
  part: 'diesen Teil behalten',
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

/** @param {Cell} cell */
const key = cell => `${cell.q},${cell.r}`;

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
  const cells = [...view.stones.red, ...view.stones.black, ...ghosts.map(g => g[0]),
    ...[...byCell.keys()].map(k => { const [q, r] = k.split(',').map(Number); return { q, r }; })];
  if (lifted) cells.push(lifted);
  if (!cells.length) cells.push({ q: 0, r: 0 });
  const xs = cells.map(c => center(c)[0]);
  const ys = cells.map(c => center(c)[1]);
  // At least 13 cells across and 11 rows, so a small field is not blown up.
  const pad = SIZE * 2;
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2, cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const w = Math.max(Math.max(...xs) - Math.min(...xs) + 2 * pad, 13 * SIZE * SQRT3);
  const hgt = Math.max(Math.max(...ys) - Math.min(...ys) + 2 * pad, 11 * SIZE * 1.5);
  const minX = cx - w / 2, minY = cy - hgt / 2;
  const svg = s('svg', { viewBox: `${minX} ${minY} ${w} ${hgt}`, role: 'img', 'aria-label': 'Six', 'data-board': 'six' });

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
    const [q, r] = cell.split(',').map(Number);
    const [x, y] = center({ q, r });
    const action = byCell.get(cell);
    const g = s('g', { 'data-cell': cell, 'data-piece': `stone:${cell}`, 'data-action': action || null, class: action ? 'clickable' : null, onclick: action ? () => act(action) : null },
      s('polygon', { points: hexPoints(x, y, SIZE - 1), fill: FILL[colour], stroke: action ? '#f1c40f' : '#555', 'stroke-width': action ? 3 : 1 }),
      s('text', { x, y: y + 4, 'text-anchor': 'middle', 'font-size': 9, fill: '#fff' }, cell));
    if (action && phase.kind === 'keep') g.prepend(s('title', {}, tx('part')));
    svg.append(g);
  }
  for (const [cell, action] of byCell) {
    if (stones.has(cell)) continue;
    const [q, r] = cell.split(',').map(Number);
    const [x, y] = center({ q, r });
    svg.append(s('g', { 'data-cell': cell, 'data-action': action, class: 'clickable', onclick: () => act(action) },
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
  return svg;
}
