// @ts-check
// Six: the hex field, drawn from the view; legal cells and stones are clickable.
// Cells are axial `q,r` (q east, r south-east), as in the game's notation.

import { s } from '../dom.js';

const SIZE = 22;
const SQRT3 = Math.sqrt(3);

/**
 * The centre of cell `q,r` on the drawing.
 * @param {number} q
 * @param {number} r
 * @returns {[number, number]}
 */
function center(q, r) {
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
 * A cell `q,r` as its two numbers.
 * @param {string} cell
 * @returns {[number, number]}
 */
const parse = cell => {
  const [q, r] = cell.split(',').map(Number);
  return [q, r];
};

/**
 * @param {import('../types').Snapshot<import('../types').SixView>} snapshot
 * @param {(action: string) => void} act
 */
export function drawSix(snapshot, act) {
  const view = snapshot.view;
  const stones = new Map();
  for (const c of view.red || []) stones.set(c, 'red');
  for (const c of view.black || []) stones.set(c, 'black');
  // Legal actions by cell, from their data: `place` on empty cells,
  // `lift` and `keep` on stones.
  const byCell = new Map();
  for (const l of snapshot.legal || []) {
    const cell = l.params && l.params.cell;
    if (cell) byCell.set(`${cell.q},${cell.r}`, l.action);
  }
  const cells = [...stones.keys(), ...byCell.keys()].map(parse);
  if (!cells.length) cells.push([0, 0]);
  const xs = cells.map(([q, r]) => center(q, r)[0]);
  const ys = cells.map(([q, r]) => center(q, r)[1]);
  // At least 13 cells across and 11 rows, so a small field is not blown up.
  const pad = SIZE * 2;
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2, cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const w = Math.max(Math.max(...xs) - Math.min(...xs) + 2 * pad, 13 * SIZE * SQRT3);
  const hgt = Math.max(Math.max(...ys) - Math.min(...ys) + 2 * pad, 11 * SIZE * 1.5);
  const minX = cx - w / 2, minY = cy - hgt / 2;
  const svg = s('svg', { viewBox: `${minX} ${minY} ${w} ${hgt}`, role: 'img', 'aria-label': 'Six', 'data-board': 'six' });
  for (const [cell, colour] of stones) {
    const [q, r] = parse(cell);
    const [x, y] = center(q, r);
    const action = byCell.get(cell);
    const g = s('g', { 'data-cell': cell, class: action ? 'clickable' : null, onclick: action ? () => act(action) : null },
      s('polygon', { points: hexPoints(x, y, SIZE - 1), fill: colour === 'red' ? '#c0392b' : '#222', stroke: action ? '#f1c40f' : '#555', 'stroke-width': action ? 3 : 1 }),
      s('text', { x, y: y + 4, 'text-anchor': 'middle', 'font-size': 9, fill: '#fff' }, cell));
    svg.append(g);
  }
  for (const [cell, action] of byCell) {
    if (stones.has(cell)) continue;
    const [q, r] = parse(cell);
    const [x, y] = center(q, r);
    svg.append(s('g', { 'data-cell': cell, 'data-action': action, class: 'clickable', onclick: () => act(action) },
      s('polygon', { points: hexPoints(x, y, SIZE - 2), class: 'hint-cell' }),
      s('text', { x, y: y + 4, 'text-anchor': 'middle', 'font-size': 8, fill: '#a07800' }, cell)));
  }
  return svg;
}
