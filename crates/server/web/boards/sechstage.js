// @ts-check
// 6-Tage Rennen: the oval track drawn from the static part's track (length,
// sprint lines, Fahrerwechsel and Sturz spaces) and points tables, the riders
// as lettered tokens, the grey piles, the riders' sheet with the standings and
// the score sheet as the view gives them, and the viewer's own hand as
// playable cards. The board works nothing out: points come as exact mixed
// numbers, totals and ranks from the view.
//
// Space 0 is the start behind the line; spaces 1 to length−1 run once round
// the oval, so the line closes the lap; a rider on `length` has finished.

import { h, s } from '../dom.js';
import { t, getLang, seatWord, youAfter } from '../i18n.js';
import { narrow, redrawOnTurn } from './narrow.js';

/**
 * @typedef {import('../types').SechstageView} View
 * @typedef {import('../types').SechstageStatic} Static
 * @typedef {import('../types').SechstageTrack} Track
 * @typedef {import('../types').SechstageMixed} Mixed
 * @typedef {import('../types').Snapshot<View, Static>} Snapshot
 */

export const RIDER_COLOURS = ['#c0392b', '#2162b0', '#2d7a3a', '#e6a800', '#7d3c98', '#138d90', '#d35489', '#7a4b26'];
const INK_ON = ['#fff', '#fff', '#fff', '#222', '#fff', '#fff', '#fff', '#fff'];

const EN = {
    race: 'Race', of: 'of', start: 'Start', finish: 'Finish', sprint: 'Sprint', across: 'across',
    change: 'Fahrerwechsel', changeHint: 'driver change', fall: 'Sturz', fallHint: 'misses a turn',
    pileLow: 'grey 1–3', pileHigh: 'grey 4–6', rider: 'Rider', space: 'Space', cards: 'Cards',
    racePoints: 'Race points', lapsDown: 'Laps down', points: 'Points', rank: 'Rank', sheet: 'Score sheet',
    hand: 'Your hand', green: 'green', grey: 'grey', changed: 'changed drivers', falls: 'fell: misses next turn',
    finished: 'finished', lastTurn: 'one more turn', drawing: 'Driver change: drawing', noCards: 'no cards',
    clickToPlay: 'Click a card to ride that many spaces.', spectatorHand: 'Hands are secret: spectators see card counts only.',
    total: 'Total', crossed: 'Order across the line', moving: 'to ride', series: 'Series',
};
/** @type {Record<keyof typeof EN, string>} */
const DE = {
    race: 'Rennen', of: 'von', start: 'Start', finish: 'Ziel', sprint: 'Sprint', across: 'durch',
    change: 'Fahrerwechsel', changeHint: 'neue Karten', fall: 'Sturz', fallHint: 'setzt einmal aus',
    pileLow: 'grau 1–3', pileHigh: 'grau 4–6', rider: 'Fahrer', space: 'Feld', cards: 'Karten',
    racePoints: 'Rennpunkte', lapsDown: 'Runden zurück', points: 'Punkte', rank: 'Platz', sheet: 'Wertung',
    hand: 'Deine Karten', green: 'grün', grey: 'grau', changed: 'Fahrer gewechselt', falls: 'gestürzt: setzt einmal aus',
    finished: 'im Ziel', lastTurn: 'noch ein Zug', drawing: 'Fahrerwechsel: es wird gezogen', noCards: 'keine Karten',
    clickToPlay: 'Klicke eine Karte, um so viele Felder zu fahren.', spectatorHand: 'Die Karten sind geheim: Zuschauer sehen nur die Anzahl.',
    total: 'Summe', crossed: 'Reihenfolge im Ziel', moving: 'fährt', series: 'Serie',
};
/** @param {keyof typeof EN} key */
const tx = key => (getLang() === 'de' ? DE : EN)[key];

/**
 * The letter of a seat's rider: A for seat 0.
 * @param {number} seat
 */
export const riderLetter = seat => String.fromCharCode(65 + seat);

/**
 * Exact points as the view gives them, a mixed number: `5 1/3`.
 * @param {Mixed} points
 */
export function formatPoints({ whole, num, den }) {
  const sign = whole < 0 || num < 0 ? '−' : '';
  const w = Math.abs(whole), n = Math.abs(num);
  if (!n) return `${sign}${w}`;
  return w ? `${sign}${w} ${n}/${den}` : `${sign}${n}/${den}`;
}

// The oval: a stadium of two straights and two half circles.
const W = 1100, HGT = 560, CX = 550, CY = 280, HALF = 250, R = 185, TRACK = 58;
const PERIMETER = 4 * HALF + 2 * Math.PI * R;

/**
 * The point `d` along the centre line (from the line, bottom straight, heading right) and its outward normal.
 * @param {number} d
 */
function along(d) {
  d = ((d % PERIMETER) + PERIMETER) % PERIMETER;
  const arc = Math.PI * R;
  if (d < HALF) return { x: CX + d, y: CY + R, nx: 0, ny: 1 };
  d -= HALF;
  if (d < arc) {
    const a = Math.PI / 2 - d / R; // from the bottom round the right end to the top
    return { x: CX + HALF + R * Math.cos(a), y: CY + R * Math.sin(a), nx: Math.cos(a), ny: Math.sin(a) };
  }
  d -= arc;
  if (d < 2 * HALF) return { x: CX + HALF - d, y: CY - R, nx: 0, ny: -1 };
  d -= 2 * HALF;
  if (d < arc) {
    const a = -Math.PI / 2 - d / R;
    return { x: CX - HALF + R * Math.cos(a), y: CY + R * Math.sin(a), nx: Math.cos(a), ny: Math.sin(a) };
  }
  d -= arc;
  return { x: CX - HALF + d, y: CY + R, nx: 0, ny: 1 };
}

/**
 * A point `off` outward from the centre line at `d`.
 * @param {number} d
 * @param {number} off
 * @returns {[number, number]}
 */
function at(d, off) {
  const p = along(d);
  return [p.x + p.nx * off, p.y + p.ny * off];
}

/** @param {[number, number]} p */
const pt = ([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`;

/**
 * A label outside the track at `d`, anchored away from the oval.
 * @param {number} d
 * @param {number} off
 * @param {import('../dom.js').Attrs} attrs
 */
function outsideLabel(d, off, attrs) {
  const p = along(d);
  const [x, y] = at(d, off);
  const anchor = p.nx > 0.5 ? 'start' : p.nx < -0.5 ? 'end' : 'middle';
  return s('text', { x, y: y + 4 + (p.ny < -0.5 ? -4 : 0), 'text-anchor': anchor, ...attrs });
}

/**
 * The outline of the track between `d0` and `d1`.
 * @param {number} d0
 * @param {number} d1
 */
function cellPolygon(d0, d1, steps = 3) {
  const outer = [], inner = [];
  for (let i = 0; i <= steps; i++) {
    const d = d0 + (d1 - d0) * i / steps;
    outer.push(at(d, TRACK / 2));
    inner.push(at(d, -TRACK / 2));
  }
  return [...outer, ...inner.reverse()].map(pt).join(' ');
}

/**
 * A rider's token: its letter in its colour, ringed while it moves, marked when it fell.
 * @param {number} seat
 * @param {number} x
 * @param {number} y
 * @param {{ mover?: boolean, falls?: boolean, changed?: boolean, size?: number }} how
 */
function riderToken(seat, x, y, { mover = false, falls = false, changed = false, size = 12 }) {
  return s('g', { class: 'rider-token' + (mover ? ' moving' : ''), 'data-rider': seat, 'data-piece': `rider:${seat}`, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` },
    mover ? s('circle', { r: size + 5, class: 'mover-ring' }) : null,
    s('circle', { r: size, fill: RIDER_COLOURS[seat % 8], stroke: changed ? '#8a8a8a' : '#fff', 'stroke-width': changed ? 3.5 : 2 }),
    s('text', { y: size * 0.38, 'text-anchor': 'middle', 'font-size': size * 1.05, 'font-weight': 700, fill: INK_ON[seat % 8], text: riderLetter(seat) }),
    falls ? s('g', { class: 'fall-mark' }, s('circle', { cx: size * 0.9, cy: -size * 0.8, r: 6, fill: '#fff', stroke: '#c0392b', 'stroke-width': 1.5 }),
      s('text', { x: size * 0.9, y: -size * 0.8 + 4, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 800, fill: '#c0392b', text: '!' }),
      s('title', { text: tx('falls') })) : null);
}

/**
 * @param {View} view
 * @param {Static} fixed
 * @param {SVGElement} svg
 */
function drawTrack(view, fixed, svg) {
  const track = fixed.track;
  const n = track.length; // slots 0 .. n−1 round the oval
  const step = PERIMETER / n;
  /** @type {Map<number, 'change' | 'fall'>} */
  const special = new Map();
  for (const p of track.fahrerwechsel || []) special.set(p, 'change');
  for (const p of track.sturz || []) special.set(p, 'fall');
  // The infield and the track's bed.
  svg.append(
    s('rect', { x: 0, y: 0, width: W, height: HGT, fill: '#efe8d8', rx: 10 }),
    s('rect', { x: CX - HALF - R - TRACK / 2 - 6, y: CY - R - TRACK / 2 - 6, width: 2 * (HALF + R) + TRACK + 12, height: 2 * R + TRACK + 12, rx: R + TRACK / 2 + 6, fill: '#c9b99a' }),
    s('rect', { x: CX - HALF - R + TRACK / 2, y: CY - R + TRACK / 2, width: 2 * (HALF + R) - TRACK, height: 2 * R - TRACK, rx: R - TRACK / 2, fill: '#7fae6e' }));
  for (let k = 0; k < n; k++) {
    /** @type {'start' | 'change' | 'fall' | 'plain'} */
    const kind = k === 0 ? 'start' : special.get(k) || 'plain';
    const fill = { start: '#fff', change: '#4b7bd1', fall: '#d0483a', plain: k % 2 ? '#e9d6ae' : '#f3e4c3' }[kind];
    svg.append(s('polygon', { points: cellPolygon(k * step, (k + 1) * step), fill, stroke: '#9c8761', 'stroke-width': 0.8, 'data-space': k, class: 'space space-' + kind },
      s('title', { text: kind === 'change' ? `${k}: ${tx('change')} (${tx('changeHint')})` : kind === 'fall' ? `${k}: ${tx('fall')} (${tx('fallHint')})` : String(k) })));
    if (kind === 'change' || kind === 'fall') {
      const [x, y] = at((k + 0.5) * step, 0);
      svg.append(s('text', { x, y: y + 5, 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 700, fill: '#fff', text: kind === 'change' ? 'W' : 'S' }));
      svg.append(outsideLabel((k + 0.5) * step, TRACK / 2 + 12, { class: 'track-label', fill: kind === 'change' ? '#2b55a3' : '#a52a1f', text: `${kind === 'change' ? tx('change') : tx('fall')} · ${k}` }));
    }
    // Every tenth space is numbered outside the track.
    if (k % 10 === 0 && k > 0 && !special.has(k)) {
      const [x, y] = at((k + 0.5) * step, TRACK / 2 + 11);
      svg.append(s('text', { x, y: y + 4, 'text-anchor': 'middle', 'font-size': 12, fill: '#8a7a5c', text: k }));
    }
  }
  // The start and finish line, chequered, right after the start slot 0.
  chequer(svg, step, '#222', fixed.finish_points);
  // Sprint lines after their spaces.
  (track.sprints || []).forEach((after, i) => {
    const d = (after + 1) * step;
    const [x0, y0] = at(d, -TRACK / 2 - 4), [x1, y1] = at(d, TRACK / 2 + 4);
    svg.append(s('line', { x1: x0, y1: y0, x2: x1, y2: y1, stroke: '#e6a800', 'stroke-width': 5, 'stroke-linecap': 'round' }));
    const [lx, ly] = at(d, TRACK / 2 + 22);
    const crossed = (view.sprint_crossed || [])[i] || 0;
    const places = fixed.sprint_points.length;
    svg.append(s('g', { class: 'sprint-label' },
      s('text', { x: lx, y: ly, 'text-anchor': 'middle', class: 'track-label', fill: '#8a6200', text: `${tx('sprint')} ${i + 1} · ${fixed.sprint_points.join('-')}` }),
      s('text', { x: lx, y: ly + 15, 'text-anchor': 'middle', 'font-size': 12, fill: '#8a6200', text: `${Math.min(crossed, places)}/${places} ${tx('across')}` })));
  });
}

/**
 * The start and finish line, chequered.
 * @param {SVGElement} svg
 * @param {number} step
 * @param {string} ink
 * @param {number[]} points the finish's points for the first places
 */
function chequer(svg, step, ink, points) {
  const d = step; // the line sits after the start slot 0
  const squares = 6;
  for (let i = 0; i < squares; i++) {
    for (let j = 0; j < 2; j++) {
      const o0 = -TRACK / 2 + i * TRACK / squares, o1 = o0 + TRACK / squares;
      const a = d - 3 + j * 3, b = a + 3;
      const poly = [at(a, o0), at(b, o0), at(b, o1), at(a, o1)].map(pt).join(' ');
      svg.append(s('polygon', { points: poly, fill: (i + j) % 2 ? ink : '#fff' }));
    }
  }
  const [lx, ly] = at(d, TRACK / 2 + 22);
  svg.append(s('text', { x: lx, y: ly + 4, 'text-anchor': 'middle', class: 'track-label', fill: '#222', text: `${tx('start')} / ${tx('finish')} · ${points.join('-')}` }));
}

/**
 * @param {View} view
 * @param {Track} track
 * @param {SVGElement} svg
 */
function drawRiders(view, track, svg) {
  const n = track.length;
  const step = PERIMETER / n;
  /** @type {Map<number, import('../types').SechstageRider[]>} */
  const bySpace = new Map();
  view.riders.forEach(r => {
    if (r.finished || r.position === 0) return; // the start grid is drawn in the infield
    const list = bySpace.get(r.position) || [];
    list.push(r);
    bySpace.set(r.position, list);
  });
  for (const [space, riders] of bySpace) {
    riders.forEach((r, i) => {
      // Stacked across the track from the inside out; a crowd spills outside.
      const off = -TRACK / 2 + 13 + i * 25;
      const [x, y] = at((space + 0.5) * step, off);
      svg.append(riderToken(r.seat, x, y, { mover: view.mover === r.seat, falls: r.falls, changed: r.changed }));
    });
  }
}

/**
 * @param {Snapshot} snapshot
 * @param {Static} fixed
 * @param {SVGElement} svg
 */
function infield(snapshot, fixed, svg) {
  const view = snapshot.view;
  const races = fixed.races;
  const over = view.mover === null || snapshot.turn === 'over';
  const race = Math.min(view.race + 1, races);
  svg.append(s('text', { x: CX, y: CY - 110, 'text-anchor': 'middle', 'font-size': 26, 'font-weight': 700, fill: '#fff', class: 'infield-title', text: `6-Tage Rennen` }));
  svg.append(s('text', { x: CX, y: CY - 82, 'text-anchor': 'middle', 'font-size': 17, fill: '#f4f9f0', text: `${tx('race')} ${race} ${tx('of')} ${races}${over ? ' · ' + t('over') : ''}` }));
  // The grey piles.
  /** @type {[string, number, number][]} */
  const piles = [[tx('pileLow'), view.piles.low, CX - 70], [tx('pileHigh'), view.piles.high, CX + 70]];
  for (const [label, count, x] of piles) {
    const g = s('g', { class: 'pile', 'data-pile': label });
    for (let i = Math.min(3, count) - 1; i >= 0; i--) {
      g.append(s('rect', { x: x - 26 + i * 3, y: CY - 60 - i * 3, width: 52, height: 72, rx: 6, fill: '#9a9a9a', stroke: '#fff', 'stroke-width': 1.5 }));
    }
    if (!count) g.append(s('rect', { x: x - 26, y: CY - 60, width: 52, height: 72, rx: 6, fill: 'none', stroke: '#fff', 'stroke-dasharray': '4 3' }));
    g.append(s('text', { x, y: CY - 16, 'text-anchor': 'middle', 'font-size': 22, 'font-weight': 700, fill: '#fff', text: count }));
    g.append(s('text', { x, y: CY + 30, 'text-anchor': 'middle', 'font-size': 13, fill: '#f4f9f0', text: label }));
    svg.append(g);
  }
  // Whose turn, and what is going on.
  let line = '';
  if (!over && view.mover !== null) {
    line = view.draws_due ? `${tx('drawing')}: ${riderLetter(view.mover)}` : `${riderLetter(view.mover)} ${tx('moving')}`;
  }
  if (line) svg.append(s('text', { x: CX, y: CY + 62, 'text-anchor': 'middle', 'font-size': 17, 'font-weight': 600, fill: '#fff', text: line }));
  // Riders still at the start, and those across the line in crossing order.
  const starters = view.riders.filter(r => r.position === 0 && !r.finished);
  // The grid lines up in the infield just behind the start line.
  const lineAt = PERIMETER / fixed.track.length;
  starters.forEach((r, i) => {
    const x = CX + lineAt - 14 - (starters.length - 1 - i) * 27, y = CY + R - TRACK / 2 - 22;
    svg.append(riderToken(r.seat, x, y, { mover: view.mover === r.seat && !over, falls: r.falls, changed: r.changed, size: 11 }));
  });
  if (starters.length) {
    svg.append(s('text', { x: CX + lineAt, y: CY + R - TRACK / 2 - 42, 'text-anchor': 'end', 'font-size': 12, fill: '#f4f9f0', text: `${tx('start')} ↘` }));
  }
  if (view.finish_order.length) {
    const y = CY + 92;
    svg.append(s('text', { x: CX, y, 'text-anchor': 'middle', 'font-size': 13, fill: '#f4f9f0', text: tx('crossed') }));
    const width = view.finish_order.length * 30;
    view.finish_order.forEach((seat, i) => {
      const x = CX - width / 2 + 15 + i * 30;
      svg.append(riderToken(seat, x, y + 22, { size: 11 }));
      svg.append(s('text', { x, y: y + 48, 'text-anchor': 'middle', 'font-size': 11, fill: '#fff', text: `${i + 1}.` }));
    });
  }
}

/** @param {Snapshot} snapshot */
function riderTable(snapshot) {
  const view = snapshot.view;
  const me = view.viewer;
  // Ranks say something only once a race is on the sheet.
  const ranked = view.score_sheet.length > 0;
  const columns = [tx('rider'), tx('space'), tx('cards'), tx('racePoints'), `${tx('lapsDown')} (${tx('series')})`, `${tx('points')} (${tx('series')})`];
  if (ranked) columns.push(`${tx('rank')} (${tx('series')})`);
  const head = h('tr', {}, ...columns.map(c => h('th', { text: c })));
  const rows = view.order.map(seat => {
    const r = view.riders[seat];
    const standing = view.standings[seat];
    const notes = [];
    if (r.changed) notes.push(tx('changed'));
    if (r.falls) notes.push(tx('falls'));
    if (r.finished) notes.push(`${tx('finished')} (${view.finish_order.indexOf(seat) + 1}.)`);
    if (view.last_turns && view.last_turns.includes(seat)) notes.push(tx('lastTurn'));
    const name = `${seatWord(seat, snapshot.seats)}${youAfter(snapshot, seat)}`;
    return h('tr', { class: (view.mover === seat ? 'current ' : '') + (seat === me ? 'mine' : ''), 'data-rider-row': seat },
      h('td', {}, h('span', { class: 'chip', style: `background:${RIDER_COLOURS[seat % 8]};color:${INK_ON[seat % 8]}`, text: riderLetter(seat) }), ' ', name,
        notes.length ? h('div', { class: 'note', text: notes.join(' · ') }) : null),
      h('td', { text: r.finished ? tx('finish') : r.position }),
      h('td', {}, h('span', { class: 'mini-card ' + (r.changed ? 'grey' : 'green') }), ` ${r.cards}`),
      h('td', { text: formatPoints(r.points) }),
      h('td', { text: standing.laps_down }),
      h('td', { text: formatPoints(standing.points) }),
      ranked ? h('td', { text: `${standing.rank}.` }) : null);
  });
  return h('div', { class: 'sheet-box' }, h('table', { class: 'sheet riders' }, h('thead', {}, head), h('tbody', {}, rows)));
}

/** @param {View} view */
function scoreSheet(view) {
  if (!view.score_sheet.length) return null;
  const seats = view.standings.map(st => st.seat);
  const head = h('tr', {}, h('th', { text: tx('race') }), ...seats.map(seat => h('th', {},
    h('span', { class: 'chip', style: `background:${RIDER_COLOURS[seat % 8]};color:${INK_ON[seat % 8]}`, text: riderLetter(seat) }))));
  const rows = view.score_sheet.map((race, i) => h('tr', {}, h('td', { text: i + 1 }),
    ...race.riders.map(line => h('td', { title: `${tx('lapsDown')} · ${tx('points')}` },
      h('b', { text: line.laps_down }), ' · ', formatPoints(line.points)))));
  const total = h('tr', { class: 'total' }, h('td', { text: tx('total') }), ...view.standings.map(st => h('td', {},
    h('b', { text: st.laps_down }), ' · ', formatPoints(st.points))));
  return h('div', { class: 'score-sheet' }, h('h4', { text: `${tx('sheet')} (${tx('lapsDown')} · ${tx('points')})` }),
    h('div', { class: 'sheet-box' }, h('table', { class: 'sheet' }, h('thead', {}, head), h('tbody', {}, rows, total))));
}

/**
 * @param {Snapshot} snapshot
 * @param {(action: string) => void} act
 */
function handPanel(snapshot, act) {
  const view = snapshot.view;
  const me = view.viewer;
  if (me === null || me === undefined) return h('p', { class: 'muted hand-note', text: tx('spectatorHand') });
  const rider = view.riders[me];
  const hand = rider.hand || [];
  /** @type {Map<number, string>} */
  const playable = new Map();
  for (const l of snapshot.legal || []) {
    if (l.kind === 'play' && l.params) playable.set(Number(l.params.value), l.action);
  }
  const colour = rider.changed ? 'grey' : 'green';
  /** @type {HTMLElement[]} */
  const cards = [];
  hand.forEach(({ value, count }) => {
    const action = playable.get(value);
    const stack = [];
    for (let i = Math.min(count, 4) - 1; i > 0; i--) stack.push(h('span', { class: `card-back ${colour}`, style: `transform:translate(${i * 4}px,${-i * 4}px)` }));
    cards.push(h(action ? 'button' : 'div', {
      type: action ? 'button' : undefined,
      class: `play-card ${colour}${action ? ' playable' : ''}`,
      'data-card': value,
      'data-action': action,
      title: action ? (snapshot.legal.find(l => l.action === action) || {}).text : undefined,
      onclick: action ? () => act(action) : undefined,
    }, ...stack, h('span', { class: 'face' }, h('span', { class: 'corner', text: value }), h('span', { class: 'value', text: value }), h('span', { class: 'kind', text: tx(colour) })),
    count > 1 ? h('span', { class: 'count', text: `×${count}` }) : null));
  });
  return h('div', { class: 'hand', id: 'hand', 'data-seat': me },
    h('h3', {}, `${tx('hand')} `, h('span', { class: 'muted', text: `(${rider.cards} · ${tx(colour)})` })),
    cards.length ? h('div', { class: 'cards' }, cards) : h('p', { class: 'muted', text: tx('noCards') }),
    playable.size ? h('p', { class: 'muted hand-note', text: tx('clickToPlay') }) : null);
}

/**
 * @param {Snapshot} snapshot
 * @param {(action: string) => void} act
 */
export function drawSechstage(snapshot, act) {
  const view = snapshot.view;
  // The track and the series' length come once per table, in its static part.
  const fixed = snapshot.static;
  if (!fixed) return null;
  const svg = drawOval(snapshot, fixed);
  const wrap = h('div', { class: 'board-sechstage' }, svg, handPanel(snapshot, act), riderTable(snapshot), scoreSheet(view));
  redrawOnTurn('sechstage', wrap, () => { const first = wrap.firstElementChild; if (first) first.replaceWith(drawOval(snapshot, fixed)); });
  return wrap;
}

/**
 * The oval with its riders. On a phone it stands upright, its long side down
 * the page, so that it is drawn twice as large and its words can be read:
 * the track is turned a quarter round, every word on it turned back, and the
 * infield's piles and order drawn the right way up in its middle.
 * @param {Snapshot} snapshot
 * @param {Static} fixed
 */
function drawOval(snapshot, fixed) {
  const view = snapshot.view;
  const upright = narrow();
  const svg = s('svg', { viewBox: upright ? `0 0 ${HGT} ${W}` : `0 0 ${W} ${HGT}`, role: 'img', 'aria-label': '6-Tage Rennen', 'data-board': 'sechstage', class: upright ? 'board-svg upright' : 'board-svg' });
  const track = upright ? s('g', { transform: `translate(${HGT} 0) rotate(90)` }) : svg;
  const middle = upright ? s('g', { transform: `rotate(-90 ${CX} ${CY})` }) : svg;
  drawTrack(view, fixed, track);
  infield(snapshot, fixed, middle);
  drawRiders(view, fixed.track, track);
  if (upright) {
    // A rider's token turns back about its centre, with its letter and marks.
    for (const token of track.querySelectorAll('.rider-token')) token.setAttribute('transform', `${token.getAttribute('transform')} rotate(-90)`);
    for (const text of track.querySelectorAll('text')) if (!text.closest('.rider-token')) turnBack(text);
    track.append(middle);
    svg.append(track);
  }
  return svg;
}

/**
 * A word on the turned track, turned back upright about its own anchor. A
 * label outside the oval keeps running along the track: the margin beside
 * the upright oval is too narrow for it across, and its lines stay apart.
 * @param {SVGTextElement} text
 */
function turnBack(text) {
  const x = Number(text.getAttribute('x')), y = Number(text.getAttribute('y'));
  const straight = Math.abs(x - CX) <= HALF;
  const outside = straight ? Math.abs(y - CY) > R + TRACK / 2 : Math.hypot(Math.abs(x - CX) - HALF, y - CY) > R + TRACK / 2;
  if (!outside) text.setAttribute('transform', `rotate(-90 ${x} ${y})`);
}
