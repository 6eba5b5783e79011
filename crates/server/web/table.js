// @ts-check
// A table: the board, your moves, the log, and the result; live over a WebSocket.

import { h, clear } from './dom.js';
import { t, tr, say, getLang, seatWord, youAfter, errorText } from './i18n.js';
import { renderBoard } from './boards/index.js';
import { remember, absolute } from './lobby.js';
import { request, post } from './api.js';
import { prepareMotion, playMotion } from './motion.js';
import { chime } from './sound.js';
import { alertsSwitch, turnCame } from './alerts.js';

/**
 * @typedef {import('./types').Snapshot} Snapshot
 * @typedef {import('./types').Update} Update
 * @typedef {import('./types').ServerError} ServerError
 * @typedef {import('./types').ServerMessage} ServerMessage
 * @typedef {import('./types').ClientMessage} ClientMessage
 */

/**
 * How a connection stands: `open`; `lost` (reconnecting); `unreachable`
 * (the server does not answer; still trying); `unknown` (the server knows
 * no such table or token: the link is bad, and nothing is tried any more);
 * `expired` (the table was closed unfinished, abandoned: nothing is tried
 * any more either); `unsent` (a move was clicked while not connected, and
 * not sent).
 * @typedef {'open' | 'lost' | 'unreachable' | 'unknown' | 'expired' | 'unsent'} Status
 */

/**
 * @typedef {object} Handlers
 * @property {(s: Snapshot) => void} onState every snapshot, and every update applied to the last one
 * @property {(e: ServerError) => void} onError a refusal of the server
 * @property {(st: Status) => void} onStatus how the connection stands
 */

/**
 * @typedef {object} Connection
 * @property {(version: number, action: string) => void} act plays an action against a version
 * @property {(message: ClientMessage) => boolean} send sends a message; false when not connected
 * @property {() => Snapshot | null} current the last snapshot, with the updates since applied
 * @property {() => void} close ends the connection for good: nothing is tried or drawn after it
 */

/**
 * What an update changes in the snapshot it continues: everything but the
 * table's fixed facts; the update's log entries replace the snapshot's from
 * the first one's `at` on (an entry may have grown, a driver change by its
 * draws).
 * @param {Snapshot} snapshot
 * @param {Update} update
 * @returns {Snapshot}
 */
export function applyUpdate(snapshot, update) {
  return {
    ...snapshot,
    version: update.version,
    turn: update.turn,
    legal: update.legal,
    window: update.window,
    outcome: update.outcome,
    view: update.view,
    text: update.text,
    log: continueLog(snapshot.log || [], update.log),
  };
}

/**
 * A log continued by entries that began or changed later.
 * @param {import('./types').LogEntry[]} log
 * @param {import('./types').LogEntry[]} entries
 */
export function continueLog(log, entries) {
  if (!entries.length) return log;
  const from = entries[0].at;
  return log.filter(entry => entry.at < from).concat(entries);
}

/**
 * A live connection for one token; calls onState with every snapshot.
 * @param {string} table
 * @param {string} token
 * @param {Handlers} handlers
 * @returns {Connection}
 */
export function connect(table, token, handlers) {
  /** @type {WebSocket | null} */
  let ws = null;
  let closed = false;
  let delay = 250;
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  // The last snapshot, kept up to date by the updates that follow it.
  /** @type {Snapshot | null} */
  let current = null;
  // Said once per outage: a refused attempt to reconnect must not replace
  // a newer note, such as a move that was not sent.
  let lostSaid = false;

  /**
   * Whether the server knows this table and token: it lists the link
   * among "your tables" only then. Asked before the first connection and
   * after a refused one, so that a bad link is told apart from a server that
   * is away (a WebSocket that is refused cannot say why, and the browser logs
   * it as an error). A table that expired unfinished is listed too, but
   * refuses every connection: that ends the attempts as a bad link does.
   * @returns {Promise<'known' | 'unknown' | 'expired' | 'unreachable'>}
   */
  async function check() {
    /** @type {import('./api.js').Result<import('./types').MineReply>} */
    const res = await request(`/api/mine?tables=${encodeURIComponent(`${table}:${token}`)}`);
    if (!res.ok) return res.code === null ? 'unreachable' : 'known';
    const listed = res.reply.tables.find(tb => tb.table === table);
    return !listed ? 'unknown' : listed.expired ? 'expired' : 'known';
  }

  /** Tries again after a while, doubling the wait up to 5 s. */
  function later() {
    if (closed) return;
    timer = setTimeout(attempt, delay);
    delay = Math.min(delay * 2, 5000);
  }

  /** Checks the link, then connects; a bad link ends the attempts. */
  async function attempt() {
    timer = null;
    if (closed) return;
    const known = await check();
    if (closed) return;
    if (known === 'unknown' || known === 'expired') {
      closed = true;
      handlers.onStatus(known);
    } else if (known === 'unreachable') {
      handlers.onStatus('unreachable');
      later();
    } else open();
  }

  function open() {
    if (closed) return;
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(table)}?token=${encodeURIComponent(token)}&lang=${getLang()}`);
    ws = socket;
    let opened = false;
    socket.onopen = () => {
      if (closed) return;
      opened = true;
      delay = 250;
      lostSaid = false;
      handlers.onStatus('open');
    };
    socket.onmessage = ev => {
      // A page that left the table hears nothing more from it.
      if (closed || ws !== socket) return;
      /** @type {ServerMessage} */
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === 'state') {
        current = msg;
        handlers.onState(current);
      } else if (msg.type === 'update') {
        // An update continues the version we have; anything else means we
        // missed something, so ask for a whole snapshot.
        if (!current || msg.from !== current.version) { socket.send(JSON.stringify({ type: 'sync' })); return; }
        current = applyUpdate(current, msg);
        handlers.onState(current);
      } else if (msg.type === 'error') handlers.onError(msg);
    };
    socket.onclose = () => {
      if (closed || ws !== socket) return;
      if (!lostSaid) handlers.onStatus('lost');
      lostSaid = true;
      // A connection that was open is tried again at once, one that was
      // refused after a check.
      if (opened) { delay = 250; timer = setTimeout(open, delay); } else later();
    };
  }
  attempt();
  /** @param {ClientMessage} message */
  const send = message => {
    if (closed || !ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(message));
    return true;
  };
  return {
    act(version, action) {
      if (!send({ type: 'act', version, action })) handlers.onStatus('unsent');
    },
    send,
    current: () => current,
    close() {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      if (ws) ws.close();
    },
  };
}

/**
 * A seat as people read it: `Anna (you)`, `Bot: Hard`, `Seat 3 (free)`.
 * @param {Snapshot} snapshot
 * @param {number} seat
 */
function seatName(snapshot, seat) {
  const s = snapshot.seats[seat];
  const free = s && s.kind === 'human' && s.free ? ` (${t('free')})` : '';
  return `${seatWord(seat, snapshot.seats)}${free}${youAfter(snapshot, seat)}`;
}

/**
 * The viewer's seat, or null for a spectator.
 * @param {Snapshot} snapshot
 */
function viewerSeat(snapshot) {
  const v = snapshot.viewer;
  return v && typeof v === 'object' ? v.seat : null;
}

/**
 * @param {Snapshot} snapshot
 * @param {number} seat
 */
function isViewer(snapshot, seat) {
  return viewerSeat(snapshot) === seat;
}

/**
 * True when the viewer's seat is asked in the open Steigung window.
 * @param {Snapshot} snapshot
 */
function inWindow(snapshot) {
  const seat = viewerSeat(snapshot);
  return !!snapshot.window && seat !== null && snapshot.window.includes(seat);
}

/** @param {Snapshot} snapshot */
function statusLine(snapshot) {
  const turn = snapshot.turn;
  if (snapshot.window) {
    // A window asks everyone at once: no seat is named, nobody's answer shown.
    if (!inWindow(snapshot)) return h('p', { class: 'status window', text: t('window') });
    const open = snapshot.legal.length > 0;
    // On a shared device "your" is whoever holds it: the line names the person asked.
    const asked = viewerSeat(snapshot);
    const yours = snapshot.shared && asked !== null ? say('window-of', { name: seatWord(asked, snapshot.seats) }) : t('window-yours');
    return h('p', { class: 'status window' + (open ? ' yours' : ''), text: open ? yours : t('window-answered') });
  }
  if (turn === 'over') return h('p', { class: 'status', text: t('over') });
  if (turn === 'chance') return h('p', { class: 'status', text: t('chance') + '…' });
  const mine = isViewer(snapshot, turn.seat);
  // On a shared device nobody is "you": the line names the person to take it.
  if (mine) {
    return h('p', { class: 'status yours', text: snapshot.shared ? say('turn-of', { name: seatWord(turn.seat, snapshot.seats) }) : t('your-turn') });
  }
  // A bot's seat is deciding, not waited for: the same words for every bot.
  const seat = snapshot.seats.find(s => s.seat === turn.seat);
  const bot = seat && seat.kind !== 'human';
  const text = bot ? `${seatName(snapshot, turn.seat)} ${t('thinking')}` : `${t('waiting')} ${seatName(snapshot, turn.seat)}`;
  return h('p', { class: 'status' + (bot ? ' thinking' : ''), text });
}

/** @param {Snapshot} snapshot */
function resultTable(snapshot) {
  const o = snapshot.outcome;
  if (!o) return null;
  // Where more than the score decides the ranks, each criterion is a
  // column, in the order it counts, so the ranks explain themselves.
  const criteria = (o.ranked_by || []).filter(c => c.key !== 'points');
  const rows = o.scores.map((score, seat) => h('tr', {},
    h('td', { text: seatName(snapshot, seat) }), h('td', { text: o.ranks[seat] }),
    criteria.map(c => h('td', { text: figure(c.values[seat]) })),
    h('td', { text: figure(score) })));
  const by = (o.ranked_by || []).map(c => criterionWord(c.key));
  // Without criteria the scores alone rank; where some are equal (but not
  // all: that is a draw, which the banner says), the sheet says that they
  // share their place rather than leave a reader looking for a tie-break.
  const places = new Set(o.ranks).size;
  const shared = !by.length && places > 1 && places < o.ranks.length && !sharedByPartners(o);
  const how = by.length ? `${t('ranked-by')}: ${by.join(' → ')}` : shared ? t('ties-shared') : '';
  return h('div', { class: 'panel', id: 'result' }, h('h3', { text: t('result') }),
    h('table', { class: 'scores' }, h('tr', {}, h('th', { text: t('seat') }), h('th', { text: t('rank') }),
      criteria.map(c => h('th', { text: criterionWord(c.key) })), h('th', { text: t('score') })), rows),
    how ? h('p', { class: 'muted', id: 'ranked-by', text: how }) : null);
}

/**
 * A score as the log writes it: to three decimals at most, a negative one
 * with the minus sign (−49), not the hyphen.
 * @param {number} value
 */
function figure(value) {
  const rounded = Math.round(value * 1000) / 1000;
  return rounded < 0 ? `\u2212${-rounded}` : String(rounded);
}

/**
 * Whether every shared rank is only partners sharing their team's (Six
 * with four players), which is no tie.
 * @param {NonNullable<Snapshot['outcome']>} o
 */
function sharedByPartners(o) {
  return o.ranks.every((rank, seat) => o.ranks.every((other, s) => other !== rank || o.teams[s] === o.teams[seat]));
}

/**
 * The end of a game at a glance: who won (or that it is a draw) and, where
 * the game's log says why it ended (Six's result), why.
 * @param {Snapshot} snapshot
 */
function endBanner(snapshot) {
  const o = snapshot.outcome;
  if (!o) return null;
  const first = o.ranks.map((_, seat) => seat).filter(seat => o.ranks[seat] === 1);
  const text = first.length === o.ranks.length && first.length > 1
    ? t('draw')
    : `${first.map(seat => seatName(snapshot, seat)).join(', ')} ${first.length > 1 ? t('win-plural') : t('win')}`;
  // Why: a game that ends with a reason says it in the entry that ended it
  // (Six's result, `ended.reason`); a game ranked by more than its score
  // names its criteria.
  const ended = [...snapshot.log].reverse().find(entry => {
    const result = /** @type {{ reason?: string } | undefined} */ (entry.event.ended);
    return !!result && typeof result.reason === 'string';
  });
  const by = (o.ranked_by || []).map(c => criterionWord(c.key));
  const why = ended ? ended.text : by.length ? `${t('ranked-by')}: ${by.join(' → ')}` : '';
  return h('div', { class: 'banner', id: 'banner' }, h('strong', { text }), why ? h('span', { text: ` · ${why}` }) : null);
}

/**
 * What a page can do at the end of its game: the token it speaks with
 * (a seat's asks for the rematch; a spectator's watches it), and the page
 * of a table for that token (a hot-seat device opens every seat's).
 * @typedef {object} AfterEnd
 * @property {string} token
 * @property {(table: string) => string} pageOf the hash of table `table`'s page
 */

/**
 * The buttons under the end banner: the rematch (asked for, or ready and
 * offered to everyone at the table), the replay, and a new game.
 * @param {Snapshot} snapshot
 * @param {AfterEnd | null} after
 */
function endActions(snapshot, after) {
  if (!snapshot.outcome || !after) return null;
  const seated = viewerSeat(snapshot) !== null;
  const ready = snapshot.rematch;
  /** @type {HTMLElement | null} */
  let rematch = null;
  if (ready) {
    rematch = h('button', { type: 'button', class: 'primary', id: 'rematch', onclick: () => { location.hash = after.pageOf(ready); } },
      t(seated ? 'rematch-join' : 'rematch-watch'));
  } else if (seated) {
    rematch = h('button', { type: 'button', class: 'primary', id: 'rematch' }, t('rematch'));
    const button = rematch;
    button.addEventListener('click', async () => {
      button.setAttribute('disabled', '');
      /** @type {import('./api.js').Result<{ table: string }>} */
      const res = await post(`/api/tables/${encodeURIComponent(snapshot.table)}/rematch`, { token: after.token });
      if (res.ok) location.hash = after.pageOf(res.reply.table);
      else { button.removeAttribute('disabled'); showNote(document.body, res.text); }
    });
  }
  return h('div', { class: 'end-actions', id: 'end-actions' },
    ready ? h('span', { class: 'rematch-ready', text: t('rematch-ready') }) : null,
    rematch,
    h('a', { class: 'button', id: 'to-replay', href: `#/replay/${snapshot.table}/${after.token}` }, t('replay')),
    h('a', { class: 'button', id: 'new-game', href: '#/' }, t('new-game')));
}

/**
 * A ranking criterion in words.
 * @param {string} key
 */
function criterionWord(key) {
  return key === 'laps_down' ? t('laps-down') : key === 'points' ? t('score') : key === 'match_points' ? t('match-points') : key;
}

/**
 * The "pass automatically" switch of a seat at a table whose seats decide
 * together (Steigung windows): a preference of this seat only, never shown
 * to anyone else. The server offers it (`auto_pass`) only there.
 * @param {Snapshot} snapshot
 * @param {((message: ClientMessage) => boolean) | undefined} send
 */
function autoPassSwitch(snapshot, send) {
  // Once the game is over there is no window left to pass.
  const running = snapshot.turn !== 'over' && !snapshot.outcome;
  if (!running || typeof snapshot.auto_pass !== 'boolean' || !send) return null;
  const box = h('input', { type: 'checkbox', id: 'auto-pass', checked: snapshot.auto_pass });
  box.addEventListener('change', () => send({ type: 'auto_pass', on: box.checked }));
  return h('label', { class: 'auto-pass switch' }, box, ` ${t('auto-pass')}`);
}

/**
 * The switch of the alerts when it becomes the person's turn: on the page
 * of a person's own seat (not a shared device's), while the game runs.
 * @param {Snapshot} snapshot
 * @param {((message: ClientMessage) => boolean) | undefined} send
 * @param {HTMLElement} holder where the switch goes; one already there stays
 */
function drawAlertsSwitch(snapshot, send, holder) {
  const wanted = !!send && viewerSeat(snapshot) !== null && snapshot.turn !== 'over' && !snapshot.outcome;
  if (!wanted) holder.replaceChildren();
  else if (!holder.firstChild) holder.replaceChildren(alertsSwitch());
}

/** Whether the person opened the table's text view (kept when the page is made anew). */
let textOpen = false;

/**
 * Copies `text`; where the clipboard cannot be written (an address that is
 * not secure, a browser that refuses), selects the text in `field` for the
 * person to copy.
 * @param {string} text
 * @param {HTMLInputElement} field
 * @param {HTMLButtonElement} button
 */
async function copy(text, field, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = t('copied');
  } catch {
    field.focus();
    field.select();
    button.textContent = t('copy-by-hand');
  }
}

/**
 * A link to pass on, with a Copy button.
 * @param {string} label
 * @param {string} path
 * @param {string} id
 */
export function linkToCopy(label, path, id) {
  const link = absolute(path);
  const field = h('input', { type: 'text', readonly: true, value: link, id, class: 'copy-field' });
  const button = h('button', { type: 'button', class: 'copy' }, t('copy'));
  button.addEventListener('click', () => copy(link, field, button));
  return h('li', {}, h('label', { for: id, text: label }), h('div', { class: 'copy-row' }, field, button));
}

/**
 * The invitations to the free seats and, at a public table, the spectator
 * link: for the people who sit at the table, while seats are free.
 * @param {Snapshot} snapshot
 * @param {Invitations | null} invitations
 */
function invitePanel(snapshot, invitations) {
  if (!invitations || viewerSeat(snapshot) === null) return null;
  const free = invitations.invites.filter(i => snapshot.seats[i.seat] && snapshot.seats[i.seat].free);
  if (!free.length) return null;
  return h('div', { class: 'panel', id: 'invite' }, h('h3', { text: t('invite') }),
    h('p', { class: 'muted', text: t('invite-help') }),
    h('ul', { class: 'links' },
      free.map(i => linkToCopy(seatWord(i.seat), i.invite, `invite-${i.seat}`)),
      invitations.spectator ? linkToCopy(t('spectator'), invitations.spectator, 'invite-spectator') : null));
}

/**
 * The invitations a seated person may pass on (`GET /api/tables/{id}`).
 * @typedef {{ invites: { seat: number, invite: string }[], spectator: string | null }} Invitations
 */

/**
 * The parts of a table's page that stay while the table is shown: every
 * snapshot updates them in place, so nothing the person looks at jumps,
 * scrolls back or closes.
 * @typedef {object} Frame
 * @property {string} table
 * @property {HTMLElement[]} parts what the frame puts into the root, in order
 * @property {HTMLElement} heading
 * @property {HTMLElement} banner where the end banner goes
 * @property {HTMLElement} status
 * @property {HTMLElement} error
 * @property {HTMLElement} board
 * @property {HTMLDetailsElement} details
 * @property {HTMLElement} summary
 * @property {HTMLElement} text
 * @property {HTMLElement} invite where the invitations go
 * @property {HTMLElement} result where the result table goes
 * @property {HTMLElement} movesPanel
 * @property {HTMLElement} movesTitle
 * @property {HTMLElement} moves
 * @property {HTMLElement} autoPass where the "pass automatically" switch goes
 * @property {HTMLElement} alerts where the switch of the alerts on your turn goes
 * @property {HTMLElement} logTitle
 * @property {HTMLOListElement} log
 * @property {Snapshot | null} shown the snapshot drawn last
 */

/** The mark of the first board the page drew. */
const BOARD_MARK = 'spieltisch:board';

/** The frame each root shows. @type {WeakMap<HTMLElement, Frame>} */
const frames = new WeakMap();

/**
 * The frame of `table` in `root`: the one there, or a new one in place of
 * whatever the root showed (the connecting line, a hot-seat cover).
 * @param {HTMLElement} root
 * @param {string} table
 * @returns {Frame}
 */
function frameIn(root, table) {
  const known = frames.get(root);
  if (known && known.table === table && known.parts[0].parentNode === root) return known;
  const frame = newFrame(table);
  clear(root).append(...frame.parts);
  frames.set(root, frame);
  return frame;
}

/**
 * @param {string} table
 * @returns {Frame}
 */
function newFrame(table) {
  const board = h('div', { class: 'board', id: 'board' });
  const summary = h('summary');
  const text = h('pre', { class: 'text' });
  const details = h('details', { open: textOpen }, summary, text);
  details.addEventListener('toggle', () => { textOpen = details.open; });
  const movesTitle = h('h3'), moves = h('div', { class: 'moves', id: 'moves' });
  const movesPanel = h('div', { class: 'panel' }, movesTitle, moves);
  const logTitle = h('h3'), log = h('ol', { class: 'log', id: 'log' });
  const invite = h('div'), result = h('div'), autoPass = h('div'), alerts = h('div');
  const heading = h('h2'), banner = h('div'), status = h('p', { class: 'status', id: 'turn-bar' });
  const error = h('p', { class: 'error', id: 'error' });
  const layout = h('div', { class: 'table-layout' },
    h('div', { class: 'main-column' }, board, details),
    h('div', { class: 'side' }, invite, result, movesPanel, autoPass, alerts, h('div', { class: 'panel' }, logTitle, log)));
  return {
    table, parts: [heading, banner, status, error, layout], heading, banner, status, error, board, details, summary, text,
    invite, result, movesPanel, movesTitle, moves, autoPass, alerts, logTitle, log, shown: null,
  };
}

/**
 * Draws one snapshot into `root`, updating the table's page in place;
 * `act(action)` plays a move, `send(message)` sends any other message of
 * the table's protocol.
 * @param {HTMLElement} root
 * @param {Snapshot} snapshot
 * @param {(action: string) => void} act
 * @param {string} [note] a line to show above the board
 * @param {(message: ClientMessage) => boolean} [send]
 * @param {Invitations | null} [invitations] the free seats' links, for a seated person
 * @param {AfterEnd | null} [after] what the person can do once the game is over
 */
export function drawSnapshot(root, snapshot, act, note, send, invitations = null, after = null) {
  const { scrollX, scrollY } = window;
  const frame = frameIn(root, snapshot.table);
  const name = tr(snapshot.name) || snapshot.game;
  // The tab says when it is your turn, also while you look elsewhere.
  document.title = `${snapshot.legal.length ? `▶ ${t('your-turn')} · ` : ''}${name} · spieltisch`;
  // A chime, if the person wants one, when the turn comes to them.
  if (snapshot.legal.length && frame.shown && !frame.shown.legal.length) {
    chime();
    turnCame(name, t('your-turn'));
  }
  setHeading(frame.heading, snapshot, name);
  const banner = endBanner(snapshot);
  frame.banner.replaceChildren(...present(banner), ...present(endActions(snapshot, after)));
  const line = statusLine(snapshot);
  frame.status.className = line.className;
  frame.status.textContent = line.textContent;
  frame.status.hidden = !!banner;
  frame.error.textContent = note || '';
  drawBoard(frame, snapshot, act);
  frame.invite.replaceChildren(...present(invitePanel(snapshot, invitations)));
  frame.result.replaceChildren(...present(resultTable(snapshot)));
  drawMoves(frame, snapshot, act);
  frame.autoPass.replaceChildren(...present(autoPassSwitch(snapshot, send)));
  drawAlertsSwitch(snapshot, send, frame.alerts);
  frame.logTitle.textContent = t('log');
  continueLogList(frame.log, snapshot.log, !frame.shown);
  frame.shown = snapshot;
  if (window.scrollX !== scrollX || window.scrollY !== scrollY) window.scrollTo(scrollX, scrollY);
}

/**
 * What a part of the page holds: the element, or nothing.
 * @param {HTMLElement | null} el
 */
const present = el => (el ? [el] : []);

/**
 * The heading: the game, the table, and a link to the game's rules.
 * @param {HTMLElement} heading
 * @param {Snapshot} snapshot
 * @param {string} name
 */
function setHeading(heading, snapshot, name) {
  const words = `${name} · ${t('table')} ${snapshot.table} `;
  const link = heading.querySelector('a');
  const watching = viewerSeat(snapshot) === null ? t('watching') : '';
  const badge = heading.querySelector('#watching');
  if (heading.firstChild && heading.firstChild.textContent === words && link && link.textContent === t('rules')
    && (badge ? badge.textContent : '') === watching) return;
  heading.replaceChildren(words,
    h('a', { class: 'rules-link', href: `#/rules/${snapshot.game}`, target: '_blank', rel: 'noopener' }, t('rules')),
    // A spectator is told so: no moves will ever be offered to them.
    ...(watching ? [h('span', { class: 'badge watching', id: 'watching', text: watching })] : []));
}

/**
 * The board drawn anew inside its container, the last move moving into
 * place, whatever the person scrolled inside it kept.
 * @param {Frame} frame
 * @param {Snapshot} snapshot
 * @param {(action: string) => void} act
 */
function drawBoard(frame, snapshot, act) {
  const scrolls = scrolledIn(frame.board);
  const motion = prepareMotion(snapshot.game, frame.shown, snapshot, frame.board);
  const drawn = renderBoard(snapshot.game, snapshot, act);
  frame.board.replaceChildren(drawn || h('pre', { class: 'text', text: snapshot.text }));
  // When the page first showed a board: docs/benchmarks.md reads it.
  if (drawn && !performance.getEntriesByName(BOARD_MARK).length) performance.mark(BOARD_MARK);
  // The version shown: tests wait for it to move on after a click.
  frame.board.dataset.version = String(snapshot.version);
  restoreScrolls(frame.board, scrolls);
  playMotion(motion, frame.board);
  // The text view beside a drawn board (without one, the board is the text).
  frame.details.hidden = !drawn;
  frame.summary.textContent = t('text');
  frame.text.textContent = snapshot.text;
}

/**
 * The person's moves as buttons, in a panel shown only while there are any.
 * @param {Frame} frame
 * @param {Snapshot} snapshot
 * @param {(action: string) => void} act
 */
function drawMoves(frame, snapshot, act) {
  const top = frame.moves.scrollTop;
  frame.movesPanel.hidden = !snapshot.legal.length;
  // On a shared device the moves are those of the person holding it.
  const seat = viewerSeat(snapshot);
  frame.movesTitle.textContent = snapshot.shared && seat !== null ? say('moves-of', { name: seatWord(seat, snapshot.seats) }) : t('moves');
  frame.moves.replaceChildren(...snapshot.legal.map(l =>
    h('button', { type: 'button', 'data-action': l.action, onclick: () => act(l.action) }, l.text || l.action)));
  frame.moves.scrollTop = top;
}

/**
 * @param {import('./types').LogEntry} entry
 */
const logWords = entry => entry.text || entry.event.kind;

/**
 * Brings the log list up to `entries`: the items that still say the same
 * stay, those from the first changed entry on are replaced (an entry that
 * grew, a language switched). A list scrolled to its end stays at the end,
 * so the newest entry shows; one scrolled back stays where it is.
 * @param {HTMLOListElement} list
 * @param {import('./types').LogEntry[]} entries
 * @param {boolean} fresh the list is new: show its end
 */
function continueLogList(list, entries, fresh) {
  const atEnd = fresh || list.scrollHeight - list.scrollTop - list.clientHeight < 4;
  const items = list.children;
  let same = 0;
  while (same < entries.length && same < items.length) {
    const item = /** @type {HTMLElement} */ (items[same]);
    if (item.dataset.at !== String(entries[same].at) || item.textContent !== logWords(entries[same])) break;
    same++;
  }
  while (items.length > same) items[items.length - 1].remove();
  list.append(...entries.slice(same).map(entry => h('li', { 'data-at': String(entry.at), text: logWords(entry) })));
  if (atEnd) list.scrollTop = list.scrollHeight;
}

/**
 * Where the person scrolled inside an element: each scrolled element by
 * its path of child positions from `root`.
 * @param {HTMLElement} root
 * @returns {{ path: number[], top: number, left: number }[]}
 */
function scrolledIn(root) {
  const found = [];
  for (const el of [root, ...root.querySelectorAll('*')]) {
    if (!(el instanceof HTMLElement) || (!el.scrollTop && !el.scrollLeft)) continue;
    const path = [];
    for (let at = el; at !== root && at.parentElement; at = at.parentElement) {
      path.unshift([...at.parentElement.children].indexOf(at));
    }
    found.push({ path, top: el.scrollTop, left: el.scrollLeft });
  }
  return found;
}

/**
 * Scrolls the elements at the same paths in the new drawing as far.
 * @param {HTMLElement} root
 * @param {{ path: number[], top: number, left: number }[]} scrolls
 */
function restoreScrolls(root, scrolls) {
  for (const { path, top, left } of scrolls) {
    /** @type {Element | undefined} */
    let el = root;
    for (const i of path) el = el ? el.children[i] : undefined;
    if (el) { el.scrollTop = top; el.scrollLeft = left; }
  }
}

/**
 * The page of a link that leads to no table, or to one that expired
 * unfinished.
 * @param {HTMLElement} main
 * @param {'unknown' | 'expired'} why
 */
function badLink(main, why = 'unknown') {
  document.title = 'spieltisch';
  clear(main).append(h('div', { class: 'panel', id: 'bad-link' },
    h('p', { class: 'error', text: why === 'expired' ? errorText({ code: 'table.expired', message: '' }) : t('bad-link') }),
    h('p', {}, h('a', { href: '#/', class: 'primary', id: 'to-lobby' }, t('to-lobby')))));
}

/**
 * Says how the connection stands: above the board once there is one, else
 * in place of the "Connecting…" line.
 * @param {HTMLElement} main
 * @param {string} text
 */
function showNote(main, text) {
  const el = main.querySelector('#error') || main.querySelector('#connecting');
  if (el) el.textContent = text;
}

/**
 * @param {HTMLElement} main
 * @param {string} table
 * @param {string} token
 */
export function showTable(main, table, token) {
  clear(main).append(h('p', { class: 'muted', id: 'connecting', text: t('connecting') }));
  let note = '';
  /** @type {Invitations | null} */
  let invitations = null;
  /** Which seats were free when the invitations were asked for. */
  let askedFor = '';
  /** @type {AfterEnd} */
  const after = { token, pageOf: next => `#/table/${next}/${token}` };
  /** @param {Snapshot} s */
  const draw = s => drawSnapshot(main, s, action => conn.act(s.version, action), note, conn.send, invitations, after);
  /**
   * Asks for the invitations whenever the free seats change (someone took
   * one), for a seated person only.
   * @param {Snapshot} s
   */
  async function invitationsFor(s) {
    const free = s.seats.filter(seat => seat.free).map(seat => seat.seat).join(',');
    if (viewerSeat(s) === null || free === askedFor) return;
    askedFor = free;
    if (!free) { invitations = null; return; }
    /** @type {import('./api.js').Result<Invitations>} */
    const res = await request(`/api/tables/${encodeURIComponent(table)}?token=${encodeURIComponent(token)}`);
    if (!res.ok) { askedFor = ''; return; }
    invitations = res.reply;
    const now = conn.current();
    if (now) draw(now);
  }
  const conn = connect(table, token, {
    onState(s) {
      const seat = viewerSeat(s);
      if (seat !== null) remember({ table, token, game: s.game, seat });
      draw(s);
      note = '';
      invitationsFor(s);
    },
    onError(e) {
      note = errorText(e);
      showNote(main, note);
    },
    onStatus(st) {
      if (st === 'unknown' || st === 'expired') badLink(main, st);
      else if (st === 'lost') showNote(main, t('reconnecting'));
      else if (st === 'unreachable') showNote(main, t('unreachable'));
      else if (st === 'unsent') showNote(main, t('not-sent'));
    },
  });
  return () => conn.close();
}

/**
 * One device, several people: a connection per seat, and one screen drawn
 * from the newest of their snapshots. The connections' messages arrive in
 * any order, so no seat's older snapshot decides what is shown, and a
 * seat acts only with a move its own newest snapshot lists; a refusal
 * (the page acted on what the table had moved past) asks that seat's
 * snapshot anew. Where seats hold secrets, a cover hides each person's
 * view until that person is ready; where they hold none (Six), the person
 * to move sees the table at once.
 * @param {HTMLElement} main
 * @param {string} table
 * @param {string[]} tokens
 */
export function showHotseat(main, table, tokens) {
  clear(main).append(h('p', { class: 'muted', id: 'connecting', text: t('connecting') }));
  /** @type {Map<number, { s: Snapshot, token: string }>} */
  const latest = new Map();
  /** The seat whose view is shown: the person who said they are ready. @type {number | null} */
  let shownSeat = null;
  /** What the screen shows (a cover, a prompt, a table), so that a redraw keeps what did not change. */
  let screen = '';
  /** @type {HTMLElement | null} */
  let screenEl = null;
  /** Games whose seats hold no secrets: no cover for them. Until the list is read, every game covers. @type {Set<string>} */
  let coverless = new Set();
  let gone = false;
  /** @type {Connection[]} */
  const conns = tokens.map((token, i) => connect(table, token, {
    onState(s) {
      const seat = viewerSeat(s);
      if (seat === null || gone) return;
      latest.set(seat, { s, token });
      draw();
    },
    onError(e) {
      showNote(main, errorText(e));
      // Refused: this seat's snapshot was older than the table. Ask anew.
      conns[i].send({ type: 'sync' });
    },
    onStatus(st) {
      if (st === 'unknown' || st === 'expired') {
        // One bad token spoils the link: say so once, and stop the others.
        gone = true;
        conns.forEach(c => c.close());
        badLink(main, st);
      } else if (st === 'lost') showNote(main, t('reconnecting'));
      else if (st === 'unreachable') showNote(main, t('unreachable'));
      else if (st === 'unsent') showNote(main, t('not-sent'));
    },
  }));
  (async () => {
    /** @type {import('./api.js').Result<import('./types').GamesReply>} */
    const res = await request('/api/games');
    if (!res.ok || gone) return;
    coverless = new Set(res.reply.games.filter(g => !g.hidden_information).map(g => g.id));
    draw();
  })();

  /**
   * The connection that speaks for a seat.
   * @param {number} seat
   */
  const connOf = seat => {
    const entry = latest.get(seat);
    return entry ? conns[tokens.indexOf(entry.token)] : undefined;
  };

  /** The newest snapshot of any seat here: the table as it stands. */
  function newest() {
    /** @type {{ s: Snapshot, token: string } | undefined} */
    let found;
    for (const entry of latest.values()) if (!found || entry.s.version > found.s.version) found = entry;
    return found;
  }

  /**
   * Plays `action` for `seat` if the seat's newest snapshot lists it and
   * is as new as the table; otherwise sends nothing and asks that seat's
   * snapshot anew (what was clicked was drawn from an older one).
   * @param {number} seat
   * @param {string} action
   * @returns {boolean} whether it was sent
   */
  function actFor(seat, action) {
    const entry = latest.get(seat);
    const now = newest();
    const conn = connOf(seat);
    if (!entry || !now || !conn) return false;
    if (entry.s.version === now.s.version && entry.s.legal.some(l => l.action === action)) {
      conn.act(entry.s.version, action);
      return true;
    }
    conn.send({ type: 'sync' });
    return false;
  }

  /**
   * Shows what `make` draws, unless the screen shows it already.
   * @param {string} key
   * @param {() => HTMLElement} make
   */
  function show(key, make) {
    if (screen === key && screenEl && screenEl.parentNode === main) return;
    screenEl = make();
    screen = key;
    clear(main).append(screenEl);
  }

  /**
   * How a seat is called on this device.
   * @param {number} seat
   * @param {Snapshot} now
   */
  const called = (seat, now) => seatWord(seat, now.seats);

  /**
   * A Steigung window on one device: one shared prompt that shows no hand;
   * whoever lays a Steigung clicks their name, the rest pass together.
   * @param {Snapshot} now
   * @param {number[]} asked the people still to answer, by seat number
   */
  function drawWindow(now, asked) {
    shownSeat = null;
    show(`window:${now.version}:${asked.join(',')}`, () => {
      /** @type {HTMLButtonElement[]} */
      const buttons = [];
      const answered = () => buttons.forEach(b => { b.disabled = true; });
      for (const seat of asked) {
        buttons.push(h('button', { type: 'button', 'data-seat': seat, onclick: () => {
          if (actFor(seat, 'hill')) answered();
          else showNote(main, `${called(seat, now)}: ${t('cannot-act')}`);
        } }, called(seat, now)));
      }
      buttons.push(h('button', { type: 'button', id: 'window-nobody', onclick: () => {
        answered();
        for (const seat of asked) actFor(seat, 'pass');
      } }, t('window-nobody')));
      return h('div', { class: 'cover window-prompt', id: 'window-prompt', 'data-version': now.version },
        h('h2', { text: t('window') }),
        h('p', { text: t('window-who') }),
        h('p', { class: 'error', id: 'error' }),
        h('div', { class: 'moves' }, buttons));
    });
  }

  /**
   * The cover that asks for the device to be passed to the person at `seat`.
   * @param {number} seat
   * @param {Snapshot} now
   */
  function drawCover(seat, now) {
    show(`cover:${seat}`, () => h('div', { class: 'cover', id: 'cover', 'data-seat': seat },
      h('h2', { text: say('pass-to', { name: called(seat, now) }) }),
      h('button', { type: 'button', id: 'ready', onclick: () => { shownSeat = seat; draw(); } },
        say('ready', { name: called(seat, now) }))));
  }

  function draw() {
    const top = newest();
    if (!top || gone) return;
    const now = top.s;
    if (now.window) {
      // Asked: the people whose own snapshot, as new as the table, still offers an answer.
      const asked = now.window.filter(seat => {
        const entry = latest.get(seat);
        return !!entry && entry.s.version === now.version && entry.s.legal.length > 0;
      }).sort((a, b) => a - b);
      if (asked.length) { drawWindow(now, asked); return; }
      // Everyone here has answered; the bots still think.
      shownSeat = null;
      show(`answered:${now.version}`, () => h('p', { class: 'muted', id: 'connecting', text: t('window-answered') }));
      return;
    }
    const turn = now.turn;
    const toMove = typeof turn === 'object' && latest.has(turn.seat) ? turn.seat : null;
    if (toMove !== null && toMove !== shownSeat) {
      if (!coverless.has(now.game)) { drawCover(toMove, now); return; }
      shownSeat = toMove;
    }
    const seat = shownSeat !== null && latest.has(shownSeat) ? shownSeat : turn === 'over' ? viewerSeat(now) : null;
    const entry = seat === null ? undefined : latest.get(seat);
    if (seat === null || !entry) {
      // Nobody has looked yet and a bot or chance is to move: show no hand.
      show('waiting', () => h('p', { class: 'muted', id: 'connecting', text: t('waiting') + '…' }));
      return;
    }
    // The person's own update is on its way: what is shown stays until it comes.
    if (entry.s.version < now.version && screen === `table:${seat}` && !!frames.get(main)) return;
    screen = `table:${seat}`;
    screenEl = null;
    const s = entry.s;
    // The rematch of a hot-seat table is played on this device too.
    /** @type {AfterEnd} */
    const after = { token: entry.token, pageOf: next => `#/hotseat/${next}/${tokens.join(',')}` };
    drawSnapshot(main, { ...s, shared: true }, action => actFor(seat, action), undefined, undefined, null, after);
  }
  return () => { gone = true; conns.forEach(c => c.close()); };
}
