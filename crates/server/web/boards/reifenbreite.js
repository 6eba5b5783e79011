// @ts-check
// Um Reifenbreite: the stretch of the course around the riders, drawn from
// the course layout in the table's static part (every space with its lane,
// measure and surface), the riders as team-coloured numbered tokens, the
// decisions of the rider to move, the energy cards of every team, a profile
// of the whole course, and the score sheet at the end.
//
// The road runs left to right: lane 4 on top, lane 1 (rightmost in the
// direction of travel) at the bottom. Inside curves the lanes have different
// numbers of spaces over one common measure, with thick lines between them.
// On a phone the road runs up the page instead, over fewer rows, so that its
// spaces are large enough for a finger and a rider's moves fit the screen.

import { h, s } from '../dom.js';
import { getLang, tr, seatWord, youAfter } from '../i18n.js';
import { narrow, redrawOnTurn } from './narrow.js';
import { markLastMove } from '../motion.js';

/**
 * @typedef {import('../types').ReifenbreiteView} View
 * @typedef {import('../types').ReifenbreiteStatic} Static
 * @typedef {import('../types').ReifenbreiteRider} Rider
 * @typedef {import('../types').Snapshot<View, Static>} Snapshot
 * @typedef {import('../types').ReifenbreiteLayout} Layout
 * @typedef {import('../types').Legal} Legal
 * @typedef {{ team?: number, rider?: number, leader?: number, asked?: number, cards?: string[], amount?: number, breakaway?: boolean, to?: number }} PhaseParams
 *   the phase's parameters, with riders as their places in the lists (`view.riders`, `static.riders`)
 * @typedef {[string, PhaseParams]} Phase the phase's kind and its parameters
 * @typedef {{ view: View, fixed: Static, index: Map<number, number>, names: string[], you: string }} Race
 *   the view, the table's static part, and each printed number's place in their lists
 * @typedef {{ lane: number, pos: number, cell: string, curve: boolean, kind: string, number: number, from: number }} Space
 * @typedef {{ to: Map<number, Legal>, place: Map<number, Map<number, Legal>>, other: Legal[] }} Sorted
 * @typedef {(action: string) => void} Act
 */

const EN = {
    round: 'Round', stage: 'Stage', lane: 'Lane', curve: 'curve', start: 'Start', finish: 'Finish', sprint: 'Sprint',
    toMove: 'is to move', moves: 'moves up to', breakaway: 'breakaway', mayDraft: 'may draft in the slipstream', offers: 'offers the lead to',
    places: 'places a rider', rollOff: 'Roll-off for the start', director: 'The race director draws the photo cards',
    over: 'The race is over', dice: 'dice', chanceCard: 'a 7: chance card', photo: 'photo card',
    pickRider: 'Choose a rider, then click a start space.', pickSpace: 'Click a highlighted space.',
    behind: 'behind', ahead: 'ahead', energy: 'Energy cards', team: 'Team', manager: 'manager', you: 'you',
    chosen: 'cards chosen', none: 'none', sheet: 'Score sheet', place: 'Place', rider: 'Rider', points: 'Points',
    extra: 'Sprints + jersey', total: 'Total', dq: 'disqualified', teamTotal: 'Team totals', jersey: 'yellow jersey',
    dismounted: 'dismounted', finished: 'finished', stillToMove: 'still to move', photos: 'photo cards', drew: 'race director drew',
    asphalt: 'asphalt', cobbles: 'cobbles', climb: 'climb', descent: 'descent', profile: 'Course',
    ride: 'Ride', rideDice: 'Roll the dice', break: 'Break away!', tow: 'Tow: die + 6', tow12: 'Long tow: 12',
    ask: 'Offer the lead', accept: 'Take the lead', refuse: 'Refuse the lead', draft: 'Draft', skip: 'Do not draft',
    joker: 'joker', stageRace: 'stage race: stages × best rider + team total', perStage: 'Team points per stage',
};
/** @type {Record<keyof typeof EN, string>} */
const DE = {
    round: 'Runde', stage: 'Etappe', lane: 'Spur', curve: 'Kurve', start: 'Start', finish: 'Ziel', sprint: 'Sprint',
    toMove: 'ist am Zug', moves: 'zieht bis zu', breakaway: 'Ausreißversuch', mayDraft: 'kann sich im Windschatten anhängen', offers: 'bietet die Führung an:',
    places: 'stellt einen Fahrer auf', rollOff: 'Auswürfeln des Startspielers', director: 'Der Rennleiter zieht die Foto-Karten',
    over: 'Das Rennen ist beendet', dice: 'Würfel', chanceCard: 'eine 7: Chancen-Karte', photo: 'Foto-Karte',
    pickRider: 'Wähle einen Fahrer, dann klicke ein Startfeld.', pickSpace: 'Klicke ein markiertes Feld.',
    behind: 'dahinter', ahead: 'voraus', energy: 'Energie-Karten', team: 'Team', manager: 'Teamchef', you: 'du',
    chosen: 'Karten gewählt', none: 'keine', sheet: 'Wertungsblatt', place: 'Platz', rider: 'Fahrer', points: 'Punkte',
    extra: 'Sprints + Trikot', total: 'Gesamt', dq: 'disqualifiziert', teamTotal: 'Teamwertung', jersey: 'Gelbes Trikot',
    dismounted: 'abgestiegen', finished: 'im Ziel', stillToMove: 'noch zu ziehen', photos: 'Foto-Karten', drew: 'der Rennleiter zog',
    asphalt: 'Asphalt', cobbles: 'Kopfsteinpflaster', climb: 'Steigung', descent: 'Gefälle', profile: 'Strecke',
    ride: 'Fahren', rideDice: 'Würfeln', break: 'Ausreißen!', tow: 'Mitziehen: Würfel + 6', tow12: 'Langer Zug: 12',
    ask: 'Führung anbieten', accept: 'Führung übernehmen', refuse: 'Führung ablehnen', draft: 'Anhängen', skip: 'Nicht anhängen',
    joker: 'Joker', stageRace: 'Etappenrennen: Etappen × bester Fahrer + Teamergebnis', perStage: 'Teampunkte je Etappe',
};
/** @param {keyof typeof EN} key */
const tx = key => (getLang() === 'de' ? DE : EN)[key];

/**
 * A course's name in the reader's language: a printed course has both.
 * @param {Layout} layout
 */
const courseName = layout => tr(layout.title) || layout.name;

/** Team colours for teams 2x, 3x, 4x, 5x, and the ink on them. */
export const TEAM_COLOURS = ['#c0392b', '#2162b0', '#2d7a3a', '#e6a800'];
const TEAM_INK = ['#fff', '#fff', '#fff', '#222'];
/** Surface colours of section 9: asphalt beige, cobbles blue-green, climb red, descent ochre. */
/** @type {Record<string, string>} */
const SURFACE = { a: '#ece1c6', c: '#8ec3b6', u: '#e3907f', d: '#e7c15a' };
/** @type {Record<string, 'asphalt' | 'cobbles' | 'climb' | 'descent'>} */
const SURFACE_KEY = { a: 'asphalt', c: 'cobbles', u: 'climb', d: 'descent' };

const U = 44; // pixels per row of the road
const LH = 40; // pixels per lane
/**
 * How many rows of the road are shown: at most (unless the decision needs
 * more) and at least; on a phone, where the road runs up the page, fewer.
 * @typedef {{ most: number, least: number }} Rows
 */
/** @type {Rows} */
const ROWS_ACROSS = { most: 26, least: 18 };
/** @type {Rows} */
const ROWS_UPRIGHT = { most: 14, least: 10 };
/** Room beside the road for the labels of lines and curves: wider where the road runs up the page and the labels beside it. */
const GUTTER_ACROSS = 44, GUTTER_UPRIGHT = 92;


/**
 * A rider's printed number, from his place in the lists.
 * @param {Race} race
 * @param {number} r
 */
const num = (race, r) => race.fixed.riders[r].number;
/**
 * A rider's team, from 0.
 * @param {Race} race
 * @param {number} r
 */
const teamOf = (race, r) => race.fixed.riders[r].team;
/**
 * The place in the lists of the rider with printed number `n`.
 * @param {Race} race
 * @param {number | undefined} n
 * @returns {number | undefined}
 */
const placeOf = (race, n) => (n === undefined ? undefined : race.index.get(n));
/**
 * A team as people call it: `Team 2x`.
 * @param {Race} race
 * @param {number} t
 */
const teamName = (race, t) => `${tx('team')} ${race.fixed.teams[t].number}x`;
/**
 * A team with the manager who rides it: `Team 5x · Leo`.
 * @param {Race} race
 * @param {number} t
 */
const teamWithManager = (race, t) => `${teamName(race, t)} · ${race.names[race.fixed.teams[t].seat]}`;
/**
 * The space of a rider on the road (whose space is known).
 * @param {Rider} r
 */
const spaceOf = r => (r.space === null ? 0 : r.space);

/**
 * The layout's spaces with where each starts and ends along the course.
 * @param {Layout} layout
 * @returns {Space[]}
 */
function unroll(layout) {
  const spaces = layout.spaces.split(' ').map(token => {
    const [lane, pos, cell, curve] = token.split('/');
    return { lane: Number(lane), pos: Number(pos), cell, curve: curve === 'c', kind: cell[0], number: Number(cell.slice(1)) || 0, from: 0 };
  });
  const last = [0, 0, 0, 0, 0];
  for (const sp of spaces) {
    sp.from = sp.curve ? last[sp.lane] : sp.pos - layout.row;
    last[sp.lane] = sp.pos;
  }
  return spaces;
}

/**
 * @param {Race} race
 * @returns {Phase}
 */
function phaseOf(race) {
  // Read without narrowing by kind: each field where the phase has it.
  const ph = /** @type {import('../types').ReifenbreitePhase & PhaseParams} */ (race.view.phase);
  return [ph.kind, {
    team: ph.team, rider: placeOf(race, ph.rider), leader: placeOf(race, ph.leader), asked: placeOf(race, ph.asked),
    cards: ph.cards, amount: ph.amount, breakaway: ph.breakaway, to: ph.to,
  }];
}

/** @param {Rider} r */
const onRoad = r => r.status === 'road' || r.status === 'finished' || r.status === 'dismounted';

/**
 * Legal actions by kind: spaces to click (`to`, `place`) and everything else as buttons.
 * @param {Snapshot} snapshot
 * @param {Race} race
 * @param {Phase} phase
 * @returns {Sorted}
 */
function sortLegal(snapshot, race, phase) {
  /** @type {Sorted} */
  const { to, place, other } = { to: new Map(), place: new Map(), other: [] };
  // By the actions' data (docs/api.md): `to` a space, `place` a rider
  // (printed number) on a space, everything else a button.
  for (const l of snapshot.legal || []) {
    const params = l.params || {};
    if (l.kind === 'to') to.set(Number(params.space), l);
    else if (l.kind === 'place' && placeOf(race, Number(params.rider)) !== undefined) {
      const rider = /** @type {number} */ (placeOf(race, Number(params.rider)));
      const spaces = place.get(rider) || new Map();
      place.set(rider, spaces);
      spaces.set(Number(params.space), l);
    } else other.push(l);
  }
  const [name, p] = phase;
  const draft = name === 'draft' ? other.find(l => l.kind === 'draft') : null;
  if (draft && p.to !== undefined) to.set(p.to, draft);
  return { to, place, other };
}

// The rider chosen for placing, kept across redraws of the same table.
/** @type {number | null} */
let placing = null;

/**
 * The stretch of road to show: [from, to) in measure units.
 * @param {Layout} layout
 * @param {Space[]} spaces
 * @param {Race} race
 * @param {Phase} phase
 * @param {Set<number>} targets
 * @param {Rows} rows
 * @returns {[number, number]}
 */
function windowOf(layout, spaces, race, phase, targets, rows) {
  const row = layout.row;
  const [name, p] = phase;
  const start = spaces.slice(0, layout.start);
  /** @type {number[]} */
  let keep = [];
  if (name === 'first_team' || name === 'place') keep = start.map(sp => sp.pos);
  if (name === 'over') {
    const finish = layout.lines[layout.lines.length - 1].at;
    keep = [finish - 14 * row, finish + 3 * row];
  }
  const riders = race.view.riders.filter(onRoad).map(r => spaces[spaceOf(r)].pos);
  if (!keep.length) keep = riders.length ? riders : start.map(sp => sp.pos);
  const must = [...targets].map(id => spaces[id].pos);
  for (const r of [p.rider, p.leader, p.asked]) {
    const rider = r === undefined ? undefined : race.view.riders[r];
    if (rider && rider.space !== null) must.push(spaces[rider.space].pos);
  }
  const all = keep.concat(must);
  let lo = Math.min(...all) - 2 * row, hi = Math.max(...all) + 2 * row;
  if (hi - lo > rows.most * row) {
    // Spread out: centre on the decision, leaning ahead; every target of it
    // stays in, however far it reaches.
    const focus = must.length ? must : keep;
    const flo = Math.min(...focus) - 3 * row, fhi = Math.max(...focus) + 2 * row;
    const spare = Math.max(0, rows.most * row - (fhi - flo));
    lo = Math.max(lo, flo - Math.round(spare * 0.6));
    hi = Math.max(lo + rows.most * row, must.length ? Math.max(...must) + 2 * row : lo);
  }
  if (hi - lo < rows.least * row) hi = lo + rows.least * row;
  const end = Math.max(...spaces.map(sp => sp.pos));
  lo = Math.max(0, lo);
  hi = Math.min(end, hi);
  return [lo, hi];
}

/**
 * A rider's token: its number in its team's colour, the star (x1) marked.
 * @param {Race} race
 * @param {number} r
 * @param {number} x
 * @param {number} y
 * @param {{ mover?: boolean, moved?: boolean | number, size?: number }} how
 */
function token(race, r, x, y, { mover = false, moved = false, size = 15 }) {
  const team = teamOf(race, r);
  const star = race.fixed.riders[r].star;
  const jersey = !!race.view.jersey && race.view.jersey.rider === num(race, r);
  const g = s('g', { 'data-rider': num(race, r), 'data-piece': `rider:${num(race, r)}`, class: 'rider', opacity: moved ? 0.72 : 1 });
  if (mover) {
    g.append(s('circle', { cx: x, cy: y, r: size + 5, fill: 'none', stroke: '#ffd400', 'stroke-width': 4 },
      s('animate', { attributeName: 'stroke-opacity', values: '1;0.25;1', dur: '1.2s', repeatCount: 'indefinite' })));
  }
  g.append(s('circle', { cx: x, cy: y + 1.5, r: size, fill: 'rgba(0,0,0,.25)' }));
  if (jersey) g.append(s('circle', { cx: x, cy: y, r: size + 3.5, fill: '#ffe000', stroke: '#111', 'stroke-width': 1.2, class: 'jersey' }));
  g.append(s('circle', { cx: x, cy: y, r: size, fill: TEAM_COLOURS[team], stroke: '#fff', 'stroke-width': 2 }));
  if (star) {
    // The team's star (x1): a golden star above the number.
    const pts = [];
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + i * Math.PI / 5, rr = i % 2 ? 2.6 : 6;
      pts.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(y - size + 1 + rr * Math.sin(a)).toFixed(1)}`);
    }
    g.append(s('polygon', { points: pts.join(' '), fill: '#ffd400', stroke: '#6b5200', 'stroke-width': 0.8 }));
  }
  g.append(s('text', { x, y: y + 5, 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 700, fill: TEAM_INK[team] }, String(num(race, r))));
  g.append(s('title', {}, `${tx('rider')} ${num(race, r)}${star ? ' ★' : ''}${jersey ? ' · ' + tx('jersey') : ''}`));
  return g;
}

/**
 * Where things lie on the drawn road: the stretch [lo, hi] is laid out as a
 * ribbon that runs straight along straight rows and turns through each
 * curve, so that every lane's spaces keep about the same length (a lane with
 * more spaces lies on the outside). `pt(m, d)` is the point at measure `m`,
 * `d` pixels to the right of the road's centre line.
 * @param {Space[]} spaces
 * @param {number} row
 * @param {number} lo
 * @param {number} hi
 * @param {boolean} up whether the road runs up the page (else left to right)
 */
function geometry(spaces, row, lo, hi, up) {
  /**
   * @typedef {[number, number]} Point
   * @typedef {{ end: number, lo: number, hi: number, count: Record<number, number> }} Curve
   * @typedef {{ lo: number, hi: number, theta: number, left: boolean, radius: number }} Piece
   * @typedef {{ m: number, P: Point, h: number, p?: Piece, phi0?: number }} Seg
   */
  // Curves: runs of curve spaces that follow each other in track order.
  /** @type {Curve[]} */
  const curves = [];
  spaces.forEach((sp, id) => {
    if (!sp.curve) return;
    const last = curves[curves.length - 1];
    if (last && last.end === id - 1 && sp.from < last.hi + row) {
      last.end = id; last.lo = Math.min(last.lo, sp.from); last.hi = Math.max(last.hi, sp.pos);
      last.count[sp.lane] = (last.count[sp.lane] || 0) + 1;
    } else curves.push({ end: id, lo: sp.from, hi: sp.pos, count: { [sp.lane]: 1 } });
  });
  /** @type {Piece[]} */
  const pieces = [];
  for (const c of curves) {
    if (c.hi <= lo || c.lo >= hi) continue;
    const lanes = Object.keys(c.count).map(Number).sort();
    const first = lanes[0], last = lanes[lanes.length - 1];
    const diff = last > first ? (c.count[first] - c.count[last]) / (last - first) : 0;
    // Lane 1 longer: a left turn (lane 1 outside); lane 4 longer: a right
    // turn. Up the page the road runs straight through its curves, to stay
    // narrow enough for spaces a finger can hit: a curve's lanes then show
    // their numbers of spaces as spaces of different lengths, none shorter
    // than a row, between the thick lines.
    const theta = up ? 0 : Math.min(1.4, Math.abs(diff) * U / LH);
    const outer = diff > 0 ? c.count[first] : c.count[last];
    const outerLane = diff > 0 ? first : last;
    const outerD = Math.abs((2.5 - outerLane) * LH);
    pieces.push({ lo: c.lo, hi: c.hi, theta, left: diff > 0, radius: theta > 0 ? outer * U / theta - outerD : 0 });
  }
  /**
   * @param {number} h
   * @returns {Point}
   */
  const dir = h => [Math.cos(h), Math.sin(h)];
  /** @param {number} h */
  const right = h => dir(h + Math.PI / 2);
  /**
   * @param {Seg} seg
   * @param {number} mm
   * @param {number} d
   * @returns {{ P: Point, h: number }}
   */
  function pointIn(seg, mm, d) {
    const { p } = seg;
    if (!p) {
      const k = ((mm - seg.m) / row) * U, dd = dir(seg.h), r = right(seg.h);
      return { P: [seg.P[0] + dd[0] * k + r[0] * d, seg.P[1] + dd[1] * k + r[1] * d], h: seg.h };
    }
    const phi = p.theta * (mm - p.lo) / (p.hi - p.lo) - (seg.phi0 || 0);
    const r0 = right(seg.h);
    if (p.left) {
      const O = [seg.P[0] - p.radius * r0[0], seg.P[1] - p.radius * r0[1]];
      const r1 = right(seg.h - phi);
      return { P: [O[0] + (p.radius + d) * r1[0], O[1] + (p.radius + d) * r1[1]], h: seg.h - phi };
    }
    const O = [seg.P[0] + p.radius * r0[0], seg.P[1] + p.radius * r0[1]];
    const r1 = right(seg.h + phi);
    return { P: [O[0] - (p.radius - d) * r1[0], O[1] - (p.radius - d) * r1[1]], h: seg.h + phi };
  }
  // Straight stretches and curves, each with where it begins, for a start heading h0.
  /**
   * @param {number} h0
   * @returns {Seg[]}
   */
  function build(h0) {
    /** @type {Seg[]} */
    const segs = [];
    /** @type {Point} */
    let P = [0, 0];
    let h = h0, m = lo;
    for (const p of pieces) {
      const plo = Math.max(p.lo, lo);
      if (plo > m) {
        /** @type {Seg} */
        const seg = { m, P, h };
        segs.push(seg);
        P = pointIn(seg, plo, 0).P;
        m = plo;
      }
      if (p.theta === 0) continue;
      /** @type {Seg} */
      const seg = { p, m: plo, P, h, phi0: p.theta * (plo - p.lo) / (p.hi - p.lo) };
      segs.push(seg);
      const end = pointIn(seg, Math.min(p.hi, hi), 0);
      P = end.P; h = end.h; m = Math.min(p.hi, hi);
    }
    segs.push({ m, P, h });
    return segs;
  }
  /**
   * @param {Seg[]} segs
   * @param {number} mm
   * @returns {Seg}
   */
  const locate = (segs, mm) => {
    let seg = segs[0];
    for (const sg of segs) if (sg.m <= mm) seg = sg;
    return mm < seg.m ? { m: seg.m, P: seg.P, h: seg.h } : seg;
  };
  // Turn the stretch so that it is as wide and flat (up the page: as tall
  // and narrow) as it can be.
  const turn = pieces.reduce((a, p) => a + (p.theta ? (p.left ? -p.theta : p.theta) : 0), 0);
  /** @type {Seg[] | null} */
  let chosen = null;
  let best = Infinity;
  const ahead = up ? -Math.PI / 2 : 0;
  for (const f of [0, 0.25, 0.5, 0.75, 1]) {
    const cand = build(ahead - turn * f);
    const xs = [], ys = [];
    for (let i = 0; i <= 24; i++) {
      const mm = lo + (hi - lo) * i / 24;
      const q = pointIn(locate(cand, mm), mm, 0).P;
      xs.push(q[0]); ys.push(q[1]);
    }
    const across = Math.max(...ys) - Math.min(...ys), along = Math.max(...xs) - Math.min(...xs);
    const ratio = up ? (along + 4 * LH) / (across + 1) : (across + 4 * LH) / (along + 1);
    if (ratio < best - 1e-6) { best = ratio; chosen = cand; }
  }
  const segs = chosen || build(ahead);
  /**
   * @param {number} mm
   * @param {number} d
   */
  const at = (mm, d) => pointIn(locate(segs, mm), mm, d);
  /**
   * @param {number} mm
   * @param {number} d
   */
  const pt = (mm, d) => at(mm, d).P;
  /**
   * The outline of the stretch [m0, m1] between offsets d0 and d1.
   * @param {number} m0
   * @param {number} m1
   * @param {number} d0
   * @param {number} d1
   */
  function quad(m0, m1, d0, d1) {
    const curved = segs.some(sg => sg.p && m1 > sg.p.lo && m0 < sg.p.hi);
    const n = curved ? 6 : 1;
    const a = [], b = [];
    for (let i = 0; i <= n; i++) {
      const mm = m0 + (m1 - m0) * i / n;
      a.push(pt(mm, d0)); b.push(pt(mm, d1));
    }
    return a.concat(b.reverse()).map(p => `${p[0].toFixed(1)},${p[1].toFixed(1)}`).join(' ');
  }
  /**
   * Where a label at measure `mm`, `d` pixels right of the centre line,
   * is anchored so that it reads away from the road.
   * @param {number} mm
   * @param {number} d
   * @returns {{ x: number, y: number, anchor: 'start' | 'middle' | 'end' }}
   */
  function beside(mm, d) {
    const { P, h } = at(mm, d);
    const outward = right(h)[0] * Math.sign(d);
    return { x: P[0], y: P[1], anchor: outward > 0.5 ? 'start' : outward < -0.5 ? 'end' : 'middle' };
  }
  return { pt, quad, beside, curves: curves.filter(c => c.hi > lo && c.lo < hi) };
}

/** @param {number} lane */
const laneD = lane => (2.5 - lane) * LH;

/**
 * A label beside the road, a line of text for each of `lines`, reading away from the road.
 * @param {{ x: number, y: number, anchor: 'start' | 'middle' | 'end' }} where
 * @param {string[]} lines
 * @param {import('../dom.js').Attrs} attrs
 */
function label({ x, y, anchor }, lines, attrs) {
  // A label of several lines beside the road is centred on its point.
  const first = anchor === 'middle' ? 5 : 5 - (lines.length - 1) * 7;
  return s('text', { x, y: y + first, 'text-anchor': anchor, ...attrs },
    lines.map((line, i) => s('tspan', { x, dy: i ? '1.1em' : 0 }, line)));
}

/**
 * The stretch of road around the decision, with the riders on it; returns
 * the drawing and the stretch [lo, hi] it shows.
 * @param {Race} race
 * @param {Act} act
 * @param {Layout} layout
 * @param {Space[]} spaces
 * @param {Phase} phase
 * @param {Sorted} legal
 * @returns {[SVGSVGElement, number, number]}
 */
function drawRoad(race, act, layout, spaces, phase, legal) {
  const row = layout.row;
  const targets = new Set(legal.to.keys());
  const placeable = placing !== null ? legal.place.get(placing) || null : null;
  if (placeable) for (const id of placeable.keys()) targets.add(id);
  const up = narrow();
  const [lo, hi] = windowOf(layout, spaces, race, phase, targets, up ? ROWS_UPRIGHT : ROWS_ACROSS);
  const geo = geometry(spaces, row, lo, hi, up);
  const gutter = up ? GUTTER_UPRIGHT : GUTTER_ACROSS;
  /**
   * @param {Space} sp
   * @returns {[number, number]}
   */
  const clip = sp => [Math.max(sp.from, lo), Math.min(sp.pos, hi)];
  /** @type {[number, Space][]} */
  const visible = [];
  spaces.forEach((sp, id) => { if (sp.pos > lo && sp.from < hi) visible.push([id, sp]); });
  // The bounding box of the stretch, with room for labels and riders beside the road.
  const xs = [], ys = [];
  for (const [, sp] of visible) {
    const [a, b] = clip(sp);
    for (const m of [a, (a + b) / 2, b]) for (const d of [-2 * LH - gutter, 2 * LH + gutter]) { const p = geo.pt(m, d); xs.push(p[0]); ys.push(p[1]); }
  }
  const minX = Math.min(...xs) - 16, minY = Math.min(...ys) - 16;
  const width = Math.max(...xs) + 16 - minX, height = Math.max(...ys) + 16 - minY;
  const svg = s('svg', { viewBox: `${minX.toFixed(1)} ${minY.toFixed(1)} ${width.toFixed(1)} ${height.toFixed(1)}`, role: 'img', 'aria-label': `Um Reifenbreite · ${courseName(layout)}`, 'data-board': 'reifenbreite', class: up ? 'board-svg upright' : 'board-svg' });
  svg.append(s('defs', {}, s('marker', { id: 'rb-arrow', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto-start-reverse' }, s('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: '#555' }))));
  svg.append(s('rect', { x: minX, y: minY, width, height, fill: '#d7e4c0' }));
  // The road's edge, then the spaces.
  for (const [, sp] of visible) {
    const [a, b] = clip(sp);
    svg.append(s('polygon', { points: geo.quad(a, b, laneD(sp.lane) - LH / 2 - 2, laneD(sp.lane) + LH / 2 + 2), fill: '#5b5347', stroke: '#5b5347', 'stroke-width': 2 }));
  }
  const occupied = new Map();
  race.view.riders.forEach((r, i) => { if (r.status === 'road' || r.status === 'finished') occupied.set(r.space, i); });
  for (const [id, sp] of visible) {
    const [a, b] = clip(sp);
    const d = laneD(sp.lane);
    const action = legal.to.get(id) || (placeable && placeable.get(id));
    const start = id < layout.start;
    const g = s('g', { 'data-space': id, class: action ? 'clickable target' : null, 'data-action': action ? action.action : null, onclick: action ? () => act(action.action) : null },
      s('polygon', { points: geo.quad(a, b, d - LH / 2, d + LH / 2), fill: SURFACE[sp.kind] || SURFACE.a, stroke: '#7d7364', 'stroke-width': 0.8 }));
    const span = ((b - a) / row) * U;
    if (start) g.append(s('polygon', { points: geo.quad(a + (b - a) * 3 / span, b - (b - a) * 3 / span, d - LH / 2 + 3, d + LH / 2 - 3), fill: 'none', stroke: '#fff', 'stroke-width': 1.5, 'stroke-dasharray': '4 3' }));
    const c = geo.pt((a + b) / 2, d);
    if (sp.number && !occupied.has(id)) {
      g.append(s('text', { x: c[0], y: c[1] + 5, 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 600, fill: 'rgba(40,30,20,.72)' }, String(sp.number)));
    }
    if (action) {
      g.append(s('polygon', { points: geo.quad(a + (b - a) * 2.5 / span, b - (b - a) * 2.5 / span, d - LH / 2 + 2.5, d + LH / 2 - 2.5), fill: 'rgba(21,101,192,.2)', stroke: '#1565c0', 'stroke-width': 3, 'stroke-linejoin': 'round', class: 'target-mark' }));
      g.append(s('title', {}, action.text));
    }
    svg.append(g);
  }
  // Thick lines between the lanes of curves (and on the steps into and out of them).
  for (const c of geo.curves) {
    const a = Math.max(c.lo - row * 0.1, lo), b = Math.min(c.hi + row * 0.1, hi);
    const lanes = Math.max(...Object.keys(c.count).map(Number));
    for (let lane = 2; lane <= lanes; lane++) {
      const pts = [];
      for (let i = 0; i <= 16; i++) pts.push(geo.pt(a + (b - a) * i / 16, laneD(lane) + LH / 2));
      svg.append(s('polyline', { points: pts.map(p => p.map(v => v.toFixed(1)).join(',')).join(' '), fill: 'none', stroke: '#222', 'stroke-width': 5, 'stroke-linecap': 'round', class: 'thick-line' }));
    }
    svg.append(label(geo.beside((a + b) / 2, -2 * LH - 22), [tx('curve')], { 'font-size': 12, fill: '#444', 'font-style': 'italic', class: 'curve-label' }));
  }
  // The lines of the route: sprints, the finish, plain line names.
  /**
   * A line across the road at `m`, from offset `d0` to `d1`.
   * @param {number} m
   * @param {number} d0
   * @param {number} d1
   * @param {import('../dom.js').Attrs} attrs
   */
  const across = (m, d0, d1, attrs) => { const p = geo.pt(m, d0), q = geo.pt(m, d1); return s('line', Object.assign({ x1: p[0], y1: p[1], x2: q[0], y2: q[1] }, attrs)); };
  const sprintAt = new Map((layout.sprints || []).map(sp => [sp.leg - 1, sp]));
  layout.lines.forEach((line, k) => {
    if (line.at < lo || line.at > hi) return;
    const finish = k === layout.lines.length - 1;
    const sprint = race.fixed.rules.sprints && sprintAt.get(k);
    if (finish) {
      const w = row * 5 / U;
      svg.append(across(line.at - w, -2 * LH, 2 * LH, { stroke: '#fff', 'stroke-width': 10 }));
      svg.append(across(line.at - w, -2 * LH, 2 * LH, { stroke: '#111', 'stroke-width': 10, 'stroke-dasharray': '5 5' }));
      svg.append(across(line.at + w, -2 * LH, 2 * LH, { stroke: '#111', 'stroke-width': 10 }));
      svg.append(across(line.at + w, -2 * LH, 2 * LH, { stroke: '#fff', 'stroke-width': 10, 'stroke-dasharray': '5 5', class: 'finish-line' }));
    } else {
      svg.append(across(line.at, -2 * LH - 4, 2 * LH + 4, { stroke: sprint ? '#1f7a3a' : '#fff', 'stroke-width': sprint ? 5 : 3, 'stroke-dasharray': sprint ? null : '7 4', class: sprint ? 'sprint-line' : 'route-line' }));
    }
    const words = finish ? [`${tx('finish')} ${line.line}`] : sprint ? [`${tx('sprint')} ${line.line}`, sprint.points.join('/')] : [line.line];
    svg.append(label(geo.beside(line.at, 2 * LH + 18), words, { 'font-size': 13, 'font-weight': 700, fill: finish ? '#111' : sprint ? '#1f7a3a' : '#555', class: finish ? 'finish-label' : null }));
  });
  // The start area.
  const startSpaces = spaces.slice(0, layout.start);
  const sx0 = Math.min(...startSpaces.map(sp => sp.from)), sx1 = Math.max(...startSpaces.map(sp => sp.pos));
  if (sx1 > lo && sx0 < hi) {
    svg.append(label(geo.beside(Math.max(sx0, lo) + row * 0.3, -2 * LH - 19), [tx('start')], { 'font-size': 13, 'font-weight': 700, fill: '#333', class: 'start-label' }));
    if (sx0 >= lo) svg.append(across(sx0, -2 * LH, 2 * LH, { stroke: '#fff', 'stroke-width': 3 }));
  }
  // Lane numbers at the start of the stretch.
  for (let lane = 1; lane <= 4; lane++) {
    const p = geo.pt(lo - row * 0.18, laneD(lane));
    svg.append(s('text', { x: p[0], y: p[1] + 4, 'text-anchor': 'middle', 'font-size': 10, fill: '#556' }, String(lane)));
  }
  // Riders on the road, beside it when dismounted.
  const [name, p] = phase;
  const mover = p.rider !== undefined ? p.rider : name === 'proposal' ? p.asked : null;
  let behind = 0, ahead = 0;
  race.view.riders.forEach((r, i) => {
    if (!onRoad(r)) return;
    const sp = spaces[spaceOf(r)];
    if (sp.pos <= lo) { behind++; return; }
    if (sp.from >= hi) { ahead++; return; }
    const [a, b] = clip(sp);
    const moved = r.moved;
    if (r.status === 'dismounted') {
      const c = geo.pt((a + b) / 2, sp.lane >= 3 ? -2 * LH - 18 : 2 * LH + 18);
      const g = token(race, i, c[0], c[1], { moved: true, size: 12 });
      g.append(s('title', {}, `${num(race, i)} · ${tx('dismounted')}`));
      svg.append(g);
    } else {
      const c = geo.pt((a + b) / 2, laneD(sp.lane));
      const g = token(race, i, c[0], c[1], { mover: i === mover, moved });
      if (r.status === 'finished') g.setAttribute('data-finished', '');
      const action = legal.to.get(spaceOf(r));
      if (action) { g.setAttribute('class', 'rider clickable'); g.addEventListener('click', () => act(action.action)); }
      svg.append(g);
    }
  });
  // Up the page, the riders behind are below the stretch and those ahead above it.
  if (behind) svg.append(s('text', { x: minX + 8, y: minY + height - 8, 'font-size': 12, fill: '#333', class: 'behind' }, `${up ? '▼' : '◀'} ${behind} ${tx('behind')}`));
  if (ahead) {
    svg.append(up ? s('text', { x: minX + 8, y: minY + 16, 'font-size': 12, fill: '#333', class: 'ahead' }, `▲ ${ahead} ${tx('ahead')}`)
      : s('text', { x: minX + width - 8, y: minY + height - 8, 'text-anchor': 'end', 'font-size': 12, fill: '#333', class: 'ahead' }, `${ahead} ${tx('ahead')} ▶`));
  }
  return [svg, lo, hi];
}

/**
 * The whole course as a stage profile: climbs up, descents down, lines, riders and the stretch shown.
 * @param {Race} race
 * @param {Layout} layout
 * @param {Space[]} spaces
 * @param {number} lo
 * @param {number} hi
 */
function drawProfile(race, layout, spaces, lo, hi) {
  const end = Math.max(...spaces.map(sp => sp.pos));
  const W = 1000, H = 84, base = 64;
  const lane1 = spaces.filter(sp => sp.lane === 1);
  let height = 0;
  /** @type {[number, number, string][]} */
  const pts = [];
  for (const sp of lane1) {
    if (sp.kind === 'u') height += sp.number;
    else if (sp.kind === 'd') height -= sp.number;
    pts.push([sp.pos, height, sp.kind]);
  }
  const min = Math.min(0, ...pts.map(p => p[1])), max = Math.max(1, ...pts.map(p => p[1]));
  /** @param {number} pos */
  const xOf = pos => 8 + (pos / end) * (W - 16);
  /** @param {number} v */
  const yOf = v => base - 6 - ((v - min) / (max - min)) * 40;
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'profile', 'data-profile': layout.key, role: 'img', 'aria-label': `${tx('profile')}: ${courseName(layout)}`, style: 'width:100%;height:auto;display:block;margin-top:.4rem' });
  svg.append(s('rect', { x: 0, y: 0, width: W, height: H, fill: '#f4f0e6', rx: 6 }));
  for (let i = 1; i < pts.length; i++) {
    const [p0, v0] = pts[i - 1], [p1, v1, kind] = pts[i];
    svg.append(s('polygon', { points: `${xOf(p0)},${base} ${xOf(p0)},${yOf(v0)} ${xOf(p1)},${yOf(v1)} ${xOf(p1)},${base}`, fill: SURFACE[kind] || SURFACE.a, stroke: SURFACE[kind] || SURFACE.a, 'stroke-width': 0.5 }));
  }
  svg.append(s('rect', { x: xOf(lo), y: 6, width: Math.max(2, xOf(hi) - xOf(lo)), height: base - 6, fill: 'rgba(0,0,0,.08)', stroke: '#333', 'stroke-width': 1, 'stroke-dasharray': '3 2' }));
  layout.lines.forEach((line, k) => {
    const x = xOf(line.at);
    const last = k === layout.lines.length - 1;
    svg.append(s('line', { x1: x, x2: x, y1: 8, y2: base, stroke: last ? '#111' : '#1f7a3a', 'stroke-width': last ? 2.5 : 1.2 }));
    svg.append(s('text', { x, y: H - 6, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: '#333' }, line.line));
  });
  race.view.riders.forEach((r, i) => {
    if (!onRoad(r)) return;
    const team = teamOf(race, i);
    svg.append(s('circle', { cx: xOf(spaces[spaceOf(r)].pos), cy: base + 2 + team * 0.1, r: 4, fill: TEAM_COLOURS[team], stroke: '#fff', 'stroke-width': 1 }));
  });
  svg.append(s('text', { x: 10, y: 16, 'font-size': 12, 'font-weight': 700, fill: '#333' }, courseName(layout)));
  return svg;
}

/**
 * What is going on, in words.
 * @param {Race} race
 * @param {Phase} phase
 */
function phaseLine(race, phase) {
  const [name, p] = phase;
  /** @param {number | undefined} r */
  const n = r => (r === undefined ? '?' : String(num(race, r)));
  switch (name) {
    case 'first_team': return tx('rollOff');
    case 'place': return `${teamName(race, p.team || 0)} ${tx('places')}`;
    case 'choose': return `${tx('rider')} ${n(p.rider)} ${tx('toMove')}`;
    case 'dice': return `${tx('rider')} ${n(p.rider)}: ${tx('dice')}`;
    case 'chance_draw': return `${tx('rider')} ${n(p.rider)}: ${tx('chanceCard')}`;
    case 'move': return `${tx('rider')} ${n(p.rider)} ${tx('moves')} ${p.amount}${p.breakaway ? ` (${tx('breakaway')})` : ''}`;
    case 'draft': return `${tx('rider')} ${n(p.rider)} ${tx('mayDraft')}`;
    case 'tow_photo': return `${tx('rider')} ${n(p.rider)}: ${tx('photo')}`;
    case 'proposal': return `${n(p.leader)} ${tx('offers')} ${n(p.asked)}`;
    case 'director': return tx('director');
    default: return tx('over');
  }
}

/**
 * An energy card of `team` of the kind `kind` (its place in the static part's `energy_kinds`):
 * its owner's number (J: a joker), value and mountain sign.
 * @typedef {{ who: string, value: number, mountain: boolean }} CardLabel
 * @param {Race} race
 * @param {number} kind
 * @param {number} team
 * @returns {CardLabel}
 */
function cardLabel(race, kind, team) {
  const { owner, value, mountain } = race.fixed.energy_kinds[kind];
  const rider = owner === null ? undefined : race.fixed.riders.find(r => r.team === team && r.place === owner);
  return { who: rider ? String(rider.number) : 'J', value, mountain };
}

/**
 * An energy card, a button when it can be played.
 * @param {CardLabel} label
 * @param {import('../dom.js').Attrs} [attrs]
 */
function miniCard({ who, value, mountain }, attrs = {}, count = 1) {
  return h(attrs.onclick ? 'button' : 'span', Object.assign({
    type: attrs.onclick ? 'button' : undefined,
    class: 'energy-card' + (attrs.onclick ? ' playable' : ''),
    style: 'display:inline-flex;flex-direction:column;align-items:center;justify-content:center;width:42px;height:58px;margin:2px;border-radius:6px;'
      + 'border:2px solid ' + (attrs.onclick ? '#d8a200' : 'rgba(0,0,0,.2)') + ';background:linear-gradient(160deg,#fdfaf2,#e9e0c9);color:#222;position:relative;padding:0;font:inherit;'
      + (attrs.onclick ? 'box-shadow:0 0 0 3px rgba(255,212,0,.5);cursor:pointer;' : ''),
  }, attrs),
  h('span', { style: 'font-size:.65rem;color:#555', text: who }),
  h('span', { style: 'font-size:1.35rem;font-weight:800;line-height:1', text: value }),
  h('span', { style: 'font-size:.6rem;height:.8rem;color:#b8321e', text: mountain ? 'M' : '', title: mountain ? 'M' : undefined }),
  count > 1 ? h('span', { style: 'position:absolute;right:-7px;top:-7px;background:#222;color:#fff;border-radius:8px;font-size:.7rem;padding:0 .3rem', text: `×${count}` }) : null);
}

/** @param {Race} race */
function energyPanel(race) {
  const me = race.view.viewer;
  const [name, p] = phaseOf(race);
  const activeTeam = p.rider !== undefined ? teamOf(race, p.rider) : name === 'place' ? p.team : null;
  const rows = [];
  for (let team = 0; team < race.fixed.teams.length; team++) {
    const seat = race.fixed.teams[team].seat;
    /** @type {HTMLElement[]} */
    const cards = [];
    race.view.teams[team].energy.forEach((count, kind) => { if (count) cards.push(miniCard(cardLabel(race, kind, team), {}, count)); });
    rows.push(h('div', { class: 'energy-team', 'data-team': race.fixed.teams[team].number, style: 'display:flex;align-items:center;gap:.5rem;padding:.25rem .4rem;border-radius:6px;' + (team === activeTeam ? 'background:#fff7d6;' : '') },
      h('span', { style: `display:inline-block;min-width:7.5rem;font-weight:600;border-left:8px solid ${TEAM_COLOURS[team]};padding-left:.4rem` },
        teamWithManager(race, team), me === seat ? h('span', { class: 'muted', style: 'font-weight:400;font-size:.8rem', text: race.you }) : null),
      h('span', { style: 'display:flex;flex-wrap:wrap' }, cards.length ? cards : h('span', { class: 'muted', text: '—' }))));
  }
  return h('div', { class: 'energy', id: 'energy' }, h('h3', { style: 'font-size:1rem;margin:.4rem 0', text: tx('energy') }), rows);
}

const BUTTON = 'border:1px solid #ccc3b0;background:#fff;border-radius:6px;padding:.45rem .9rem;font:inherit;cursor:pointer;';
const PRIMARY = 'border:0;background:#b8321e;color:#fff;border-radius:6px;padding:.45rem 1rem;font:inherit;font-weight:600;cursor:pointer;';

/**
 * The decision in hand: energy cards, ride, break away, tow, lead exchange,
 * drafting, placing; `redraw()` draws the board again (a rider chosen for placing).
 * @param {Race} race
 * @param {Act} act
 * @param {Sorted} legal
 * @param {Phase} phase
 * @param {() => void} redraw
 */
function decisionPanel(race, act, legal, phase, redraw) {
  const [name, p] = phase;
  const rider = p.rider === undefined ? 0 : p.rider;
  const chosenIds = p.cards || [];
  const parts = [h('p', { style: 'margin:.2rem 0 .5rem;font-weight:600', class: 'phase-line', text: `${tx('round')} ${race.view.round} · ${phaseLine(race, phase)}` })];
  if (name === 'choose') {
    const chosen = chosenIds.map(id => {
      const c = cardLabel(race, race.fixed.energy_kinds.findIndex(k => k.id === id), teamOf(race, rider));
      return `${c.who}-${c.value}${c.mountain ? 'M' : ''}`;
    });
    parts.push(h('p', { class: 'muted', style: 'margin:0 0 .4rem', text: `${tx('chosen')}: ${chosen.length ? chosen.join(', ') : tx('none')}` }));
  }
  if (legal.place.size) {
    parts.push(h('p', { class: 'muted', style: 'margin:0 0 .4rem', text: tx('pickRider') }));
    parts.push(h('div', { class: 'place-riders', style: 'display:flex;gap:.4rem;flex-wrap:wrap' }, [...legal.place.keys()].map(r => {
      const team = teamOf(race, r);
      return h('button', {
        type: 'button', 'data-rider': num(race, r), class: r === placing ? 'selected' : null,
        style: `${BUTTON}min-width:3.2rem;font-weight:700;background:${TEAM_COLOURS[team]};color:${TEAM_INK[team]};` + (r === placing ? 'outline:3px solid #ffd400;outline-offset:2px;' : 'opacity:.8;'),
        onclick: () => { placing = r; redraw(); },
      }, `${num(race, r)}${race.fixed.riders[r].star ? ' ★' : ''}`);
    })));
  } else if (legal.to.size && name === 'move') {
    parts.push(h('p', { class: 'muted', style: 'margin:0 0 .4rem', text: tx('pickSpace') }));
  }
  /** @type {HTMLElement[]} */
  const cards = [];
  /** @type {HTMLElement[]} */
  const buttons = [];
  for (const l of legal.other) {
    if (l.kind === 'card' && l.params) {
      // The card's data says whose it is, its value and its mountain sign.
      const { joker, value, mountain } = l.params;
      const team = teamOf(race, rider);
      cards.push(miniCard({ who: joker ? tx('joker') : String(num(race, rider)), value: Number(value), mountain: !!mountain },
        { onclick: () => act(l.action), title: l.text, 'data-action': l.action, 'data-team': race.fixed.teams[team].number }));
      continue;
    }
    /** @type {Record<string, string>} */
    const labels = { ride: chosenIds.length >= 2 ? tx('ride') : tx('rideDice'), break: tx('break'), tow: tx('tow'), tow12: tx('tow12'), ask: tx('ask'), accept: tx('accept'), refuse: tx('refuse'), draft: tx('draft'), skip: tx('skip') };
    const primary = l.kind === 'ride' || l.kind === 'accept' || l.kind === 'draft';
    buttons.push(h('button', { type: 'button', 'data-action': l.action, title: l.text, style: primary ? PRIMARY : BUTTON, onclick: () => act(l.action) }, labels[l.action] || l.text));
  }
  if (cards.length) parts.push(h('div', { class: 'decision-cards', style: 'display:flex;flex-wrap:wrap;align-items:center;gap:.2rem;margin-bottom:.4rem' }, cards));
  if (buttons.length) parts.push(h('div', { class: 'decision-buttons', style: 'display:flex;flex-wrap:wrap;gap:.5rem' }, buttons));
  return h('div', { class: 'decision', id: 'decision', style: 'margin:.5rem .3rem;padding:.6rem .8rem;border-radius:8px;background:#fffaf0;border:1px solid #e6d9b8' }, parts);
}

/** The surfaces and marks of the road. */
function legend() {
  return h('div', { class: 'legend', style: 'display:flex;flex-wrap:wrap;gap:.9rem;font-size:.8rem;color:#555;margin:.3rem .3rem 0' },
    Object.entries(SURFACE).map(([k, colour]) => h('span', {}, h('span', { style: `display:inline-block;width:.9rem;height:.9rem;border:1px solid #7d7364;vertical-align:-.15rem;margin-right:.25rem;background:${colour}` }), tx(SURFACE_KEY[k]))),
    h('span', {}, h('span', { style: 'display:inline-block;width:1.3rem;border-top:4px solid #222;vertical-align:.2rem;margin-right:.25rem' }), tx('curve')),
    h('span', {}, '★ x1'));
}

/**
 * Who finished, who dismounted, who wears the jersey, who won the sprints.
 * @param {Race} race
 * @param {Layout} layout
 */
function statusLines(race, layout) {
  const view = race.view;
  const lines = [];
  const dis = view.riders.filter(r => r.status === 'dismounted').map(r => r.number);
  if (view.finish.length) lines.push(`${tx('finished')}: ${view.finish.join(' ')}`);
  if (dis.length) lines.push(`${tx('dismounted')}: ${dis.join(' ')}`);
  if (view.jersey) lines.push(`${tx('jersey')}: ${view.jersey.rider}`);
  if (race.fixed.rules.sprints) {
    view.sprint_results.forEach((res, i) => { if (res.length) lines.push(`${tx('sprint')} ${((layout.sprints || [])[i] || { line: i + 1 }).line}: ${res.join(' ')}`); });
  }
  return lines.length ? h('p', { class: 'muted race-notes', style: 'margin:.3rem .3rem 0;font-size:.85rem', text: lines.join(' · ') }) : null;
}

/**
 * The score sheet (section 18): places, sprint and jersey points, totals, teams.
 * @param {Race} race
 * @param {Layout} layout
 */
function scoreSheet(race, layout) {
  const { view, fixed } = race;
  // The stages finished, each with its points per rider and team.
  const n = view.teams.length ? view.teams[0].stage_points.length : 0;
  if (!n) return null;
  const last = n - 1;
  const rows = view.finish.map((number, i) => {
    const r = placeOf(race, number);
    if (r === undefined) return null;
    const rider = view.riders[r], team = teamOf(race, r);
    return h('tr', { 'data-rider-row': number, class: fixed.teams[team].seat === view.viewer ? 'mine' : null },
      h('td', { text: `${i + 1}.` }),
      h('td', {}, h('span', { class: 'chip', style: `background:${TEAM_COLOURS[team]};color:${TEAM_INK[team]}`, text: number }), fixed.riders[r].star ? ' ★' : ''),
      h('td', { text: fixed.place_points[i] === undefined ? '' : fixed.place_points[i] }),
      h('td', { text: (rider.sprint_points + rider.jersey_points) || '' }),
      h('td', {}, String(rider.stage_points[last]), rider.disqualified[last] ? h('span', { class: 'note', text: ` ${tx('dq')}` }) : null));
  });
  const teams = fixed.teams.map((info, t) => {
    const riders = view.riders.filter((_, r) => teamOf(race, r) === t);
    const totals = riders.map(r => `${r.number}: ${r.stage_points.reduce((sum, v) => sum + v, 0)}`);
    return h('tr', { 'data-team-row': info.number }, h('td', { style: `border-left:8px solid ${TEAM_COLOURS[t]}`, text: teamWithManager(race, t) }),
      h('td', { text: totals.join(' · ') }), h('td', { style: 'font-weight:700', text: view.teams[t].score }));
  });
  const notes = [];
  if (fixed.rules.sprints) {
    (layout.sprints || []).forEach((sp, i) => {
      const res = view.sprint_results[i] || [];
      if (res.length) notes.push(`${tx('sprint')} ${sp.line}: ${res.map((number, k) => `${number} (${sp.points[k]})`).join(', ')}`);
    });
  }
  if (view.director.length) {
    const noted = view.riders.filter(r => r.photos.length).map(r => `${r.number} [${r.photos.join(', ')}]`);
    notes.push(`${tx('photos')}: ${noted.join(', ')} · ${tx('drew')}: ${view.director.join(', ')}`);
  }
  if (n >= 2) notes.push(tx('stageRace'));
  // Section 17: a sheet per stage; its team points, stage by stage.
  const perStage = n >= 2 ? [
    h('h4', { text: tx('perStage') }),
    h('table', { class: 'sheet', id: 'stage-sheet' },
      h('tr', {}, h('th', { text: tx('stage') }), ...fixed.teams.map((_, t) => h('th', { text: teamName(race, t) }))),
      [...Array(n).keys()].map(k => h('tr', { 'data-stage-row': k + 1 }, h('td', { text: `${k + 1}. ${fixed.stages[k] ? courseName(fixed.stages[k]) : ''}` }),
        ...view.teams.map(team => h('td', { text: team.stage_points[k] }))))),
  ] : [];
  return h('div', { class: 'score-sheet', id: 'score-sheet', style: 'margin:.5rem .3rem' },
    h('h3', { style: 'font-size:1.05rem', text: n >= 2 ? `${tx('sheet')} · ${tx('stage')} ${n}/${n}` : tx('sheet') }),
    h('div', { class: 'sheet-box' }, h('table', { class: 'sheet' }, h('tr', {}, ...[tx('place'), tx('rider'), tx('points'), tx('extra'), tx('total')].map(x => h('th', { text: x }))), rows)),
    notes.map(x => h('p', { class: 'muted', style: 'font-size:.85rem;margin:.2rem 0', text: x })),
    ...perStage,
    h('h4', { text: tx('teamTotal') }),
    h('div', { class: 'sheet-box' }, h('table', { class: 'sheet' }, teams)));
}

/**
 * @param {Snapshot} snapshot
 * @param {Act} act
 */
export function drawReifenbreite(snapshot, act) {
  const view = snapshot.view;
  // The course drawings, the riders' numbers and the rules' tables come
  // once per table, in its static part.
  const given = snapshot.static;
  if (!given) return null;
  const fixed = given;
  const found = fixed.stages[view.stage];
  if (!found) return null;
  const layout = found;
  /** @type {Race} */
  const race = { view, fixed, index: new Map(fixed.riders.map((r, i) => [r.number, i])), names: snapshot.seats.map(seat => seatWord(seat.seat, snapshot.seats)),
    you: typeof snapshot.viewer === 'object' ? youAfter(snapshot, snapshot.viewer.seat) : '' };
  const spaces = unroll(layout);
  const phase = phaseOf(race);
  const legal = sortLegal(snapshot, race, phase);
  // A rider to place is chosen before the road is drawn, so that its start
  // spaces are clickable at once.
  if (!legal.place.size) placing = null;
  else if (placing === null || !legal.place.has(placing)) placing = [...legal.place.keys()][0];
  const wrap = h('div', { class: 'reifenbreite', 'data-game': 'reifenbreite' });
  function draw() {
    /** @type {(Element | null)[]} */
    const children = [];
    const [road, lo, hi] = drawRoad(race, act, layout, spaces, phase, legal);
    const stages = fixed.stages.length;
    // Each team's chip names its manager: the banner and the result call
    // the winner by the manager's name, and the chip says which colour that is.
    const title = `${courseName(layout)}${stages > 1 ? ` · ${tx('stage')} ${view.stage + 1}/${stages}` : ''} · ${tx('round')} ${view.round}`;
    children.push(h('div', { class: 'rb-head' },
      h('strong', { text: title }),
      h('span', { class: 'rb-teams' }, fixed.teams.map((_, t) =>
        h('span', { class: 'rb-team', style: `background:${TEAM_COLOURS[t]};color:${TEAM_INK[t]}`, text: teamWithManager(race, t) })))));
    children.push(road);
    children.push(legend());
    if (phase[0] === 'over') children.push(scoreSheet(race, layout));
    else children.push(decisionPanel(race, act, legal, phase, draw));
    children.push(statusLines(race, layout));
    children.push(energyPanel(race));
    children.push(drawProfile(race, layout, spaces, lo, hi));
    wrap.replaceChildren(...children.filter(c => c !== null));
    // Drawn again when a rider is chosen for placing: the mark with it.
    markLastMove('reifenbreite', wrap, snapshot);
  }
  draw();
  redrawOnTurn('reifenbreite', wrap, draw);
  return wrap;
}
