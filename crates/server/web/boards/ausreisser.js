// @ts-check
// Der Ausreisser: the table with the tempo, the road (flat or Steigung), the
// pile, and round it the riders with the yellow jersey, penalty chips, cards
// in hand and the top of each rider's pile; below, the viewer's hand, whose
// speed cards offer the legal plays that use them. Everything comes from the
// designed view (docs/api.md, "Der Ausreisser") and the legal actions' data
// and words: the board holds no rule (a play's speed ridden is in its words).

import { h, s } from '../dom.js';
import { t, getLang, seatWord, youAfter } from '../i18n.js';
import { narrow, redrawOnTurn } from './narrow.js';

/**
 * @typedef {import('../types').AusreisserView} View
 * @typedef {import('../types').Snapshot<View>} Snapshot
 * @typedef {import('../types').AusreisserPlay} Play
 * @typedef {import('../types').AusreisserTop} Top
 */

const EN = {
    stage: 'Stage', of: 'of', tempo: 'Tempo', flat: 'flat', hill: 'Steigung', hillHint: 'no passing, no wind shadow',
    pile: 'pile', cards: 'cards', chips: 'min.', total: 'points', jersey: 'yellow jersey', noPlay: 'no play yet',
    hand: 'Your hand', wind: 'Gegenwind', spurt: 'Spurt', lastStage: 'last stage', owed: 'owed',
    choose: 'Choosing the first leader', dealing: 'Dealing', refill: 'refilling', drawing: 'drawing',
    window: 'Steigung window: anyone but the leader may lay one', pickCombo: 'Play', withHill: 'with Steigung', speed: 'speed',
    clickToPlay: 'Click a highlighted speed card to play it.', reactHill: 'Play Steigung on the leader', pass: 'Pass',
    spectatorHand: 'Hands are secret: spectators see card counts only.', over: 'The series is over', noSpecial: 'without special cards',
    cancel: 'Cancel', winner: 'Winner', winners: 'Winners',
};
/** @type {Record<keyof typeof EN, string>} */
const DE = {
    stage: 'Etappe', of: 'von', tempo: 'Tempo', flat: 'flach', hill: 'Steigung', hillHint: 'kein Überholen, kein Windschatten',
    pile: 'Stapel', cards: 'Karten', chips: 'Min.', total: 'Punkte', jersey: 'Gelbes Trikot', noPlay: 'noch keine Karte',
    hand: 'Deine Karten', wind: 'Gegenwind', spurt: 'Spurt', lastStage: 'letzte Etappe', owed: 'nachzuziehen',
    choose: 'Wahl des ersten Ausreissers', dealing: 'Es wird gegeben', refill: 'füllt auf', drawing: 'zieht',
    window: 'Steigungsfenster: alle außer dem Ausreisser dürfen eine legen', pickCombo: 'Spielen', withHill: 'mit Steigung', speed: 'Tempo',
    clickToPlay: 'Klicke eine markierte Tempokarte, um sie zu spielen.', reactHill: 'Steigung auf den Ausreisser', pass: 'Passen',
    spectatorHand: 'Die Karten sind geheim: Zuschauer sehen nur die Anzahl.', over: 'Die Rundfahrt ist zu Ende', noSpecial: 'ohne Sonderkarten',
    cancel: 'Abbrechen', winner: 'Sieger', winners: 'Sieger',
};
/** @param {keyof typeof EN} key */
const tx = key => (getLang() === 'de' ? DE : EN)[key];

export const RIDER_COLOURS = ['#c0392b', '#2162b0', '#2d7a3a', '#7d3c98', '#138d90', '#7a4b26'];

const W = 1000, HGT = 580, CX = 500, CY = 290, RX = 390, RY = 200;
/**
 * On a phone the table is drawn narrower, to be read at the screen's width:
 * its centre on top, the seats below it in two columns, SEAT_ROW apart.
 */
const PHONE_W = 440, CENTRE_H = 250, SEAT_ROW = 136;

/**
 * A legal play as its parts, from its data (`kind` play, `params` speed,
 * spurts, winds, hill), or null for any other action.
 * @param {import('../types').Legal} legal
 * @returns {Play | null}
 */
function playOf(legal) {
  const p = legal.params;
  if (legal.kind !== 'play' || !p) return null;
  return { speed: Number(p.speed), spurts: Number(p.spurts), winds: Number(p.winds), hill: !!p.hill };
}

/** @param {Play} play */
function playLabel(play) {
  const parts = [String(play.speed)];
  for (let i = 0; i < play.spurts; i++) parts.push('+2');
  for (let i = 0; i < play.winds; i++) parts.push('−2');
  if (play.hill) parts.push(`+ ${tx('hill')}`);
  return parts.join(' ');
}

/**
 * A seat's name as its box has room for it: a long name is cut short,
 * keeping the number that tells bots of one level apart ("Bot: Faust… 2").
 * @param {number} seat
 * @param {import('../types').SeatInfo[]} seats
 */
const seatShort = (seat, seats) => {
  const word = seatWord(seat, seats);
  if (word.length <= 14) return word;
  const [, base, number] = /^(.*?)( \d+)?$/.exec(word) || [word, word, ''];
  const end = number || '';
  return `${base.slice(0, 13 - end.length).trimEnd()}…${end}`;
};

/**
 * @param {number} seat
 * @param {Snapshot} snapshot
 */
const seatLabel = (seat, snapshot) => `${seatShort(seat, snapshot.seats)}${youAfter(snapshot, seat)}`;

/**
 * Seat positions round the table, the viewer's at the bottom.
 * @param {number} n
 * @param {number | null} me
 * @returns {[number, number][]}
 */
function seatPlaces(n, me) {
  const first = me === null || me === undefined ? 0 : me;
  return Array.from({ length: n }, (_, seat) => {
    const k = (seat - first + n) % n;
    const a = Math.PI / 2 + (2 * Math.PI * k) / n; // clockwise on screen, starting at the bottom
    return /** @type {[number, number]} */ ([CX + RX * Math.cos(a), CY + RY * Math.sin(a)]);
  });
}

/**
 * @param {number} x
 * @param {number} y
 */
function jersey(x, y, scale = 1) {
  const d = 'M -14 -12 L -6 -16 Q 0 -11 6 -16 L 14 -12 L 20 -4 L 13 0 L 11 -5 L 11 16 L -11 16 L -11 -5 L -13 0 L -20 -4 Z';
  return s('path', { d, transform: `translate(${x},${y}) scale(${scale})`, fill: '#ffd400', stroke: '#8a6d00', 'stroke-width': 1.5, class: 'jersey' },
    s('title', { text: tx('jersey') }));
}

/**
 * Penalty chips in the box's denominations: red for 5 minutes, blue for 1,
 * overlapping more as they grow so that they all fit. Returns the group and its width.
 * @param {number} x
 * @param {number} y
 * @param {number} count
 * @returns {[SVGGElement, number]}
 */
function chips(x, y, count) {
  const g = s('g', { class: 'chips', 'data-chips': count });
  const colours = [];
  for (let i = 0; i < Math.floor(count / 5); i++) colours.push('#c0392b');
  for (let i = 0; i < count % 5; i++) colours.push('#2162b0');
  const step = colours.length > 9 ? 48 / (colours.length - 1) : 6;
  colours.forEach((fill, i) => {
    g.append(s('circle', { cx: x + i * step, cy: y, r: 7, fill, stroke: '#fff', 'stroke-width': 1.5 }));
  });
  return [g, colours.length ? (colours.length - 1) * step + 7 : 0];
}

/**
 * A small card on the table: a speed card with its modifiers and the speed
 * ridden, or a card drawn face up (`45`, `hill`, `wind`, `spurt`).
 * @param {number} x
 * @param {number} y
 * @param {Top | null} top
 * @param {string | null} [faceup]
 */
function tableCard(x, y, top, faceup) {
  const g = s('g', { class: 'top-card', transform: `translate(${x},${y})` });
  g.append(s('rect', { x: -24, y: -33, width: 48, height: 66, rx: 6, fill: '#fff', stroke: '#7a6a4a', 'stroke-width': 1.5 }));
  if (faceup) {
    /** @type {Record<string, string>} */
    const names = { hill: tx('hill'), wind: tx('wind'), spurt: tx('spurt') };
    const name = names[faceup];
    g.append(s('text', { y: name ? 4 : 8, 'text-anchor': 'middle', 'font-size': name ? 10 : 22, 'font-weight': 800, fill: '#222', text: name || faceup }));
    return g;
  }
  if (!top) return g;
  g.append(s('text', { y: 4, 'text-anchor': 'middle', 'font-size': 22, 'font-weight': 800, fill: '#222', text: top.card }));
  // The cards that went with it, as the cards read (Spurt +2, Gegenwind −2).
  const mods = [];
  if (top.spurts) mods.push(Array(top.spurts).fill('+2').join(' '));
  if (top.winds) mods.push(Array(top.winds).fill('−2').join(' '));
  if (mods.length) g.append(s('text', { y: 22, 'text-anchor': 'middle', 'font-size': 11, fill: '#555', text: mods.join(' ') }));
  if (top.hill) g.append(s('path', { d: 'M 8 30 L 16 18 L 24 30 Z', fill: '#8b5a2b' }, s('title', { text: tx('hill') })));
  if (top.speed !== top.card || mods.length) {
    g.append(s('circle', { cx: 22, cy: -30, r: 12, fill: '#222' }),
      s('text', { x: 22, y: -26, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: '#fff', text: top.speed }));
  }
  return g;
}

/**
 * The top of a rider's pile, named as the same piece across redraws.
 * @param {number} seat
 * @param {SVGGElement} card
 */
function topCard(seat, card) {
  card.setAttribute('data-piece', `top:${seat}`);
  return card;
}

/**
 * The seat whose turn it is, or who draws face up for the first lead; null
 * in a Steigung window (everyone but the leader is asked at once), while
 * dealing and once over.
 * @param {View} view
 */
function activeSeat(view) {
  const p = view.phase;
  return p.kind === 'choose' || p.kind === 'draw' || p.kind === 'play' || p.kind === 'refill' ? p.seat : null;
}

/**
 * @param {Snapshot} snapshot
 * @param {import('../types').AusreisserRider} rider
 * @param {[number, number]} place
 */
function seatPanel(snapshot, rider, [x, y]) {
  const view = snapshot.view;
  const seat = rider.seat;
  const me = view.viewer;
  const phase = view.phase;
  const active = activeSeat(view) === seat;
  const leads = view.leader === seat;
  const g = s('g', { class: 'seat' + (active ? ' active' : ''), 'data-seat': seat });
  const top = y - 56;
  g.append(s('rect', { x: x - 95, y: top, width: 190, height: 112, rx: 10, fill: seat === me ? '#fffaf0' : '#fff',
    stroke: active ? '#ffd400' : '#b9ab8c', 'stroke-width': active ? 4 : 1.5, class: active ? 'seat-box active' : 'seat-box' }));
  g.append(s('rect', { x: x - 95, y: top, width: 8, height: 112, rx: 3, fill: RIDER_COLOURS[seat % RIDER_COLOURS.length] }));
  g.append(s('text', { x: x - 80, y: top + 21, 'font-size': 17, 'font-weight': 700, fill: '#222', text: seatLabel(seat, snapshot) }));
  // Cards in hand as small backs, with the count.
  const n = rider.cards;
  for (let i = 0; i < Math.min(n, 8); i++) {
    g.append(s('rect', { x: x - 80 + i * 5, y: top + 30, width: 14, height: 20, rx: 2, fill: '#8b2d1e', stroke: '#fff', 'stroke-width': 1 }));
  }
  g.append(s('text', { x: x - 80 + Math.min(n, 8) * 5 + 16, y: top + 45, 'font-size': 13.5, fill: '#555', text: `${n}${rider.owed ? ` (+${rider.owed})` : ''}` },
    s('title', { text: `${n} ${tx('cards')}${rider.owed ? `, ${rider.owed} ${tx('owed')}` : ''}` })));
  // Penalty chips, then the points of the series.
  const [chipGroup] = chips(x - 73, top + 68, rider.chips);
  if (rider.chips) g.append(chipGroup);
  g.append(s('text', { x: x - 80, y: top + 104, 'font-size': 13.5, fill: '#555' },
    s('tspan', { fill: rider.chips ? '#a52a1f' : '#555', 'font-weight': rider.chips ? 700 : 400, text: `${rider.chips} ${tx('chips')}` }),
    s('tspan', { text: ` · ${signed(rider.total)} ${tx('total')}` })));
  // The top of the rider's pile (or the card drawn face up for the first
  // leader), below the seat's name, which may run across the whole box
  // (`Spieler 1 (du)`).
  const cardY = y + 4;
  const faceup = phase.kind === 'choose' ? phase.drawn[seat] : null;
  if (faceup) g.append(tableCard(x + 58, cardY, null, faceup));
  else if (phase.kind === 'refill' && phase.seat === seat) {
    // The play being made: settled once the hand is refilled.
    g.append(topCard(seat, tableCard(x + 58, cardY, phase.play)));
  } else if (rider.top) g.append(topCard(seat, tableCard(x + 58, cardY, rider.top)));
  else g.append(s('rect', { x: x + 34, y: cardY - 33, width: 48, height: 66, rx: 6, fill: 'none', stroke: '#b9ab8c', 'stroke-dasharray': '4 3' }));
  if (leads) g.append(jersey(x + 58, top - 6, 0.95));
  return g;
}

/** @param {number} points */
const signed = points => `${points > 0 ? '+' : ''}${points}`;

/**
 * Seat positions in two columns below the table's centre (a phone), in
 * seat order from the viewer's.
 * @param {number} n
 * @param {number | null} me
 * @returns {[number, number][]}
 */
function seatGrid(n, me) {
  const first = me === null || me === undefined ? 0 : me;
  return Array.from({ length: n }, (_, seat) => {
    const k = (seat - first + n) % n;
    return /** @type {[number, number]} */ ([PHONE_W / 4 + (k % 2) * PHONE_W / 2, CENTRE_H + 84 + Math.floor(k / 2) * SEAT_ROW]);
  });
}

/**
 * @param {Snapshot} snapshot
 * @param {SVGElement} svg
 */
function centre(snapshot, svg) {
  const view = snapshot.view;
  const o = view.options;
  const phase = view.phase;
  svg.append(s('text', { x: CX, y: CY - 78, 'text-anchor': 'middle', 'font-size': 16, fill: '#f4f9f0',
    text: phase.kind === 'over' ? tx('over') : `Der Ausreisser · ${tx('stage')} ${view.stage + 1} ${tx('of')} ${o.stages}${o.special ? '' : ` · ${tx('noSpecial')}`}` }));
  if (phase.kind === 'choose' || phase.kind === 'deal') {
    // Below the pile, which it ran into (Wahl des ersten Ausreissers).
    svg.append(s('text', { x: CX, y: CY + 84, 'text-anchor': 'middle', 'font-size': 22, 'font-weight': 700, fill: '#fff', text: phase.kind === 'choose' ? tx('choose') : tx('dealing') }));
  } else if (phase.kind === 'over') {
    const names = phase.winners.map(seat => seatWord(seat, snapshot.seats)).join(', ');
    svg.append(s('text', { x: CX, y: CY, 'text-anchor': 'middle', 'font-size': 22, 'font-weight': 700, fill: '#fff', class: 'winners',
      text: `${phase.winners.length > 1 ? tx('winners') : tx('winner')}: ${names} (${signed(phase.total)})` }));
  } else {
    // The tempo sign.
    svg.append(s('circle', { cx: CX - 60, cy: CY + 4, r: 52, fill: '#fff', stroke: '#c0392b', 'stroke-width': 9 }),
      s('text', { x: CX - 60, y: CY + 18, 'text-anchor': 'middle', 'font-size': 40, 'font-weight': 800, fill: '#222', class: 'tempo', text: view.tempo === null ? '–' : view.tempo }),
      s('text', { x: CX - 60, y: CY + 78, 'text-anchor': 'middle', 'font-size': 13, fill: '#f4f9f0', text: `${tx('tempo')} (km/h)` }));
    // The road: a hill or flat.
    const road = s('g', { class: 'road', 'data-hill': view.hill ? 'true' : 'false' });
    if (view.hill) {
      road.append(s('path', { d: `M ${CX + 45} ${CY + 40} L ${CX + 90} ${CY - 25} L ${CX + 135} ${CY + 40} Z`, fill: '#8b5a2b', stroke: '#fff', 'stroke-width': 2 }),
        s('text', { x: CX + 90, y: CY + 60, 'text-anchor': 'middle', 'font-size': 15, 'font-weight': 700, fill: '#fff', text: tx('hill') }),
        s('text', { x: CX + 90, y: CY + 76, 'text-anchor': 'middle', 'font-size': 11, fill: '#f4f9f0', text: tx('hillHint') }));
    } else {
      road.append(s('line', { x1: CX + 45, y1: CY + 30, x2: CX + 135, y2: CY + 30, stroke: '#fff', 'stroke-width': 4, 'stroke-linecap': 'round' }),
        s('text', { x: CX + 90, y: CY + 60, 'text-anchor': 'middle', 'font-size': 15, fill: '#f4f9f0', text: tx('flat') }));
    }
    svg.append(road);
  }
  // The pile.
  const pile = s('g', { class: 'pile', 'data-pile': view.pile });
  for (let i = Math.min(3, view.pile) - 1; i >= 0; i--) {
    pile.append(s('rect', { x: CX - 200 + i * 3, y: CY - 40 - i * 3, width: 50, height: 70, rx: 6, fill: '#8b2d1e', stroke: '#fff', 'stroke-width': 1.5 }));
  }
  pile.append(s('text', { x: CX - 175, y: CY + 50, 'text-anchor': 'middle', 'font-size': 13, fill: '#f4f9f0', text: `${view.pile} · ${tx('pile')}` }));
  svg.append(pile);
  // What is happening now.
  let line = '';
  if (phase.kind === 'window') line = tx('window');
  else if (phase.kind === 'refill') line = `${seatWord(phase.seat, snapshot.seats)} ${tx('refill')}`;
  else if (phase.kind === 'draw') line = `${seatWord(phase.seat, snapshot.seats)} ${tx('drawing')}`;
  if (line) svg.append(s('text', { x: CX, y: CY + 100, 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 600, fill: '#fff', text: line }));
  if (view.riders.some(r => r.last_stage !== null)) {
    const shown = view.riders.map(r => `${r.seat + 1}: ${signed(r.last_stage || 0)}`).join(' · ');
    svg.append(s('text', { x: CX, y: CY - 56, 'text-anchor': 'middle', 'font-size': 12, fill: '#f4f9f0', text: `${tx('lastStage')} (${t('seat')}: ${tx('total')}) ${shown}` }));
  }
}

/**
 * How a card of the hand looks, by its name: a speed card `39`–`50`, `hill`, `wind` or `spurt`.
 * @param {string} card
 */
function cardFace(card) {
  if (card === 'hill') return { cls: 'hill', big: '', small: tx('hill') };
  if (card === 'wind') return { cls: 'wind', big: '−2', small: tx('wind') };
  if (card === 'spurt') return { cls: 'spurt', big: '+2', small: tx('spurt') };
  return { cls: 'speed', big: card, small: 'km/h' };
}

/**
 * @param {Snapshot} snapshot
 * @param {(action: string) => void} act
 */
function handPanel(snapshot, act) {
  const view = snapshot.view;
  const me = view.viewer;
  if (me === null || me === undefined || !view.hand) return h('p', { class: 'muted hand-note', text: tx('spectatorHand') });
  const legal = snapshot.legal || [];
  /** @type {Map<number, { play: Play, action: string, text: string | undefined }[]>} */
  const bySpeed = new Map();
  for (const l of legal) {
    const play = playOf(l);
    if (!play) continue;
    const list = bySpeed.get(play.speed) || [];
    list.push({ play, action: l.action, text: l.text });
    bySpeed.set(play.speed, list);
  }
  const canHill = legal.some(l => l.kind === 'hill');
  const canPass = legal.some(l => l.kind === 'pass');
  const panel = h('div', { class: 'hand', id: 'hand', 'data-seat': me });
  const combos = h('div', { class: 'combos', id: 'combos', hidden: true });
  /**
   * @param {number} speed
   * @param {HTMLElement} cardEl
   */
  function choose(speed, cardEl) {
    const list = bySpeed.get(speed) || [];
    if (list.length === 1) { act(list[0].action); return; }
    panel.querySelectorAll('.play-card.selected').forEach(e => e.classList.remove('selected'));
    cardEl.classList.add('selected');
    combos.hidden = false;
    // Each play in the server's words, which say the speed it rides.
    combos.replaceChildren(h('span', { text: `${tx('pickCombo')}:` }),
      ...list.map(c => h('button', { type: 'button', 'data-action': c.action, title: c.text, onclick: () => act(c.action) },
        h('b', { text: playLabel(c.play) }), c.text && c.text !== c.action ? h('span', { class: 'muted', text: ` · ${c.text}` }) : null)),
      h('button', { type: 'button', class: 'cancel', onclick: () => { combos.hidden = true; cardEl.classList.remove('selected'); }, text: tx('cancel') }));
  }
  /** @type {HTMLElement[]} */
  const cards = [];
  let held = 0;
  // Speed cards first, lowest first (the view lists them in that order), then the special cards.
  for (const [card, count] of Object.entries(view.hand)) {
    held += count;
    const isHill = card === 'hill';
    const special = isHill || card === 'wind' || card === 'spurt';
    const speed = special ? null : Number(card);
    const plays = speed !== null ? bySpeed.get(speed) : undefined;
    const playable = !!plays || (isHill && canHill);
    const face = cardFace(card);
    const single = plays && plays.length === 1 ? plays[0].action : undefined;
    const el = h(playable ? 'button' : 'div', {
      type: playable ? 'button' : undefined,
      class: `play-card ausreisser ${face.cls}${playable ? ' playable' : ''}`,
      'data-card': card,
      'data-action': isHill && canHill ? 'hill' : single,
    }, h('span', { class: 'face' }, h('span', { class: 'corner', text: face.big }),
      isHill ? s('svg', { viewBox: '0 0 40 28', width: 40, height: 28, class: 'mountain' }, s('path', { d: 'M 2 26 L 16 4 L 24 15 L 28 10 L 38 26 Z', fill: '#fff' })) : h('span', { class: 'value', text: face.big }),
      h('span', { class: 'kind', text: face.small })),
    count > 1 ? h('span', { class: 'count', text: `×${count}` }) : null);
    if (playable) el.addEventListener('click', () => (speed === null ? act('hill') : choose(speed, el)));
    cards.push(el);
  }
  panel.append(h('h3', {}, `${tx('hand')} `, h('span', { class: 'muted', text: `(${held})` })),
    h('div', { class: 'cards' }, cards));
  if (canHill || canPass) {
    panel.append(h('div', { class: 'reaction' },
      canHill ? h('button', { type: 'button', class: 'primary', 'data-action': 'hill', onclick: () => act('hill'), text: tx('reactHill') }) : null,
      canPass ? h('button', { type: 'button', 'data-action': 'pass', onclick: () => act('pass'), text: tx('pass') }) : null));
  }
  panel.append(combos);
  if (bySpeed.size) panel.append(h('p', { class: 'muted hand-note', text: tx('clickToPlay') }));
  return panel;
}

/**
 * The table: its centre and the seats round it; on a phone its centre on
 * top and the seats below.
 * @param {Snapshot} snapshot
 */
function drawTable(snapshot) {
  const view = snapshot.view;
  const n = view.riders.length;
  const phone = narrow();
  const width = phone ? PHONE_W : W;
  const height = phone ? CENTRE_H + 84 + Math.ceil(n / 2 - 1) * SEAT_ROW + 66 : HGT;
  const svg = s('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': 'Der Ausreisser', 'data-board': 'ausreisser', class: 'board-svg' });
  svg.append(s('rect', { x: 0, y: 0, width, height, rx: 10, fill: '#efe8d8' }));
  if (phone) {
    // The centre as on a large screen, moved into the narrow drawing on its felt.
    const middle = s('g', { transform: `translate(${PHONE_W / 2 - CX},${CENTRE_H / 2 + 6 - CY})` },
      s('rect', { x: CX - PHONE_W / 2 + 6, y: CY - CENTRE_H / 2 + 6, width: PHONE_W - 12, height: CENTRE_H - 12, rx: 40, fill: '#2f6b3a', stroke: '#7a5a32', 'stroke-width': 8 }));
    centre(snapshot, middle);
    svg.append(middle);
  } else {
    svg.append(s('ellipse', { cx: CX, cy: CY, rx: RX - 40, ry: RY - 40, fill: '#2f6b3a', stroke: '#7a5a32', 'stroke-width': 14 }));
    centre(snapshot, svg);
  }
  const places = phone ? seatGrid(n, view.viewer) : seatPlaces(n, view.viewer);
  for (const rider of view.riders) svg.append(seatPanel(snapshot, rider, places[rider.seat]));
  return svg;
}

/**
 * @param {Snapshot} snapshot
 * @param {(action: string) => void} act
 */
export function drawAusreisser(snapshot, act) {
  const table = drawTable(snapshot);
  const wrap = h('div', { class: 'board-ausreisser' }, table, handPanel(snapshot, act));
  redrawOnTurn('ausreisser', wrap, () => { const first = wrap.firstElementChild; if (first) first.replaceWith(drawTable(snapshot)); });
  return wrap;
}
