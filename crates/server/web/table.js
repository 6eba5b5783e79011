// A table: the board, your moves, the log, and the result; live over a WebSocket.

import { h, clear } from './dom.js';
import { t, tr, getLang } from './i18n.js';
import { renderBoard } from './boards/index.js';
import { remember } from './lobby.js';

/**
 * What an update changes in the snapshot it continues: everything but the
 * table's fixed facts, and the log grows by the update's lines.
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
    log: (snapshot.log || []).concat(update.log),
  };
}

/** A live connection for one token; calls onState with every snapshot. */
function connect(table, token, handlers) {
  let ws = null;
  let closed = false;
  let delay = 250;
  // The last snapshot, kept up to date by the updates that follow it.
  let current = null;
  function open() {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(table)}?token=${encodeURIComponent(token)}&lang=${getLang()}`);
    ws.onopen = () => { delay = 250; handlers.onStatus && handlers.onStatus('open'); };
    ws.onmessage = ev => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === 'state') {
        current = msg;
        handlers.onState(current);
      } else if (msg.type === 'update') {
        // An update continues the version we have; anything else means we
        // missed something, so ask for a whole snapshot.
        if (!current || msg.from !== current.version) { ws.send(JSON.stringify({ type: 'sync' })); return; }
        current = applyUpdate(current, msg);
        handlers.onState(current);
      } else if (msg.type === 'error') handlers.onError(msg);
    };
    ws.onclose = () => {
      if (closed) return;
      handlers.onStatus && handlers.onStatus('lost');
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 5000);
    };
  }
  open();
  const send = message => { if (ws && ws.readyState === 1) ws.send(JSON.stringify(message)); };
  return {
    act(version, action) { send({ type: 'act', version, action }); },
    send,
    close() { closed = true; if (ws) ws.close(); },
  };
}

function seatName(snapshot, seat) {
  const s = snapshot.seats[seat];
  const you = snapshot.viewer && snapshot.viewer.seat === seat ? ` (${t('you')})` : '';
  return `${t('seat')} ${seat + 1}${s && s.kind !== 'human' ? ' · ' + s.kind : ''}${you}`;
}

/** True when the viewer's seat is asked in the open Steigung window. */
function inWindow(snapshot) {
  return !!snapshot.window && !!snapshot.viewer && snapshot.window.includes(snapshot.viewer.seat);
}

function statusLine(snapshot) {
  const turn = snapshot.turn;
  if (snapshot.window) {
    // A window asks everyone at once: no seat is named, nobody's answer shown.
    if (!inWindow(snapshot)) return h('p', { class: 'status window', text: t('window') });
    const open = snapshot.legal.length > 0;
    return h('p', { class: 'status window' + (open ? ' yours' : ''), text: open ? t('windowYours') : t('windowAnswered') });
  }
  if (turn === 'over') return h('p', { class: 'status', text: t('over') });
  if (turn === 'chance') return h('p', { class: 'status', text: t('chance') + '…' });
  const mine = snapshot.viewer && snapshot.viewer.seat === turn.seat;
  return h('p', { class: 'status' + (mine ? ' yours' : '') }, mine ? t('yourTurn') : `${t('waiting')} ${seatName(snapshot, turn.seat)}`);
}

function resultTable(snapshot) {
  const o = snapshot.outcome;
  if (!o) return null;
  const rows = o.scores.map((score, seat) => h('tr', {},
    h('td', { text: seatName(snapshot, seat) }), h('td', { text: o.ranks[seat] }), h('td', { text: Math.round(score * 1000) / 1000 })));
  return h('div', { class: 'panel', id: 'result' }, h('h3', { text: t('result') }),
    h('table', { class: 'scores' }, h('tr', {}, h('th', { text: t('seat') }), h('th', { text: t('rank') }), h('th', { text: t('score') })), rows));
}

/** A log line as people read it: a redaction the server sends as a word is
 * said in the page's language, and what the viewer may not see is left out. */
function logWords(line) {
  return line === 'window closed' ? t('windowClosed') : line;
}

/** The "pass automatically" switch of a seat in a game with Steigung
 * windows: a preference of this seat only, never shown to anyone else. */
function autoPassSwitch(snapshot, send) {
  const special = snapshot.game === 'ausreisser' && snapshot.view && snapshot.view.options && snapshot.view.options.special;
  if (!special || typeof snapshot.auto_pass !== 'boolean' || !send) return null;
  const box = h('input', { type: 'checkbox', id: 'auto-pass', checked: snapshot.auto_pass });
  box.addEventListener('change', () => send({ type: 'auto_pass', on: box.checked }));
  return h('label', { class: 'auto-pass' }, box, ` ${t('autoPass')}`);
}

/** Draws one snapshot into `root`; `act(action)` plays a move, `send(message)`
 * sends any other message of the table's protocol. */
export function drawSnapshot(root, snapshot, act, note, send) {
  clear(root);
  const board = h('div', { class: 'board', id: 'board' });
  const drawn = renderBoard(snapshot.game, snapshot, act);
  board.append(drawn || h('pre', { class: 'text', text: snapshot.text }));
  const moves = h('div', { class: 'moves', id: 'moves' },
    snapshot.legal.map(l => h('button', { type: 'button', 'data-action': l.action, title: l.action, onclick: () => act(l.action) }, l.text)));
  const log = h('ol', { class: 'log', id: 'log' }, snapshot.log.filter(line => line).map(line => h('li', { text: logWords(line) })));
  const details = h('details', {}, h('summary', { text: t('text') }), h('pre', { class: 'text', text: snapshot.text }));
  const name = tr(snapshot.name) || snapshot.game;
  document.title = `${name} · spieltisch`;
  root.append(
    h('h2', {}, `${name} · ${t('table')} ${snapshot.table}`),
    statusLine(snapshot),
    h('p', { class: 'error', id: 'error', text: note || '' }),
    h('div', { class: 'table-layout' },
      h('div', {}, board, drawn ? details : null),
      h('div', { class: 'side' },
        resultTable(snapshot),
        snapshot.legal.length ? h('div', { class: 'panel' }, h('h3', { text: t('moves') }), moves) : null,
        autoPassSwitch(snapshot, send),
        h('div', { class: 'panel' }, h('h3', { text: t('log') }), log))));
  log.scrollTop = log.scrollHeight;
}

export function showTable(main, table, token) {
  clear(main).append(h('p', { class: 'muted', text: t('connecting') }));
  let snapshot = null;
  let note = '';
  const conn = connect(table, token, {
    onState(s) {
      snapshot = s;
      if (s.viewer && s.viewer.seat !== undefined) remember({ table, token, game: s.game, seat: s.viewer.seat });
      drawSnapshot(main, s, action => conn.act(s.version, action), note, conn.send);
      note = '';
    },
    onError(e) {
      note = e.code === 'action.stale' ? t('stale') : e.message;
      const el = main.querySelector('#error');
      if (el) el.textContent = note;
    },
    onStatus(st) {
      if (st === 'lost') { const el = main.querySelector('#error'); if (el) el.textContent = t('reconnecting'); }
    },
  });
  return () => conn.close();
}

/** One device, several people: a cover hides each seat's view until that person is ready. */
export function showHotseat(main, table, tokens) {
  clear(main).append(h('p', { class: 'muted', text: t('connecting') }));
  const latest = new Map();
  let shownSeat = null;
  let coverFor = null;
  const conns = tokens.map(token => connect(table, token, {
    onState(s) { latest.set(s.viewer.seat, { s, token }); draw(); },
    onError(e) { const el = main.querySelector('#error'); if (el) el.textContent = e.message; },
  }));
  const bySeat = seat => tokens.findIndex((_, i) => latest.get(seat) && latest.get(seat).token === tokens[i]);

  /** A Steigung window on one device: one shared prompt that shows no hand;
   * whoever lays a Steigung clicks their seat, the rest pass together. */
  function drawWindow(any) {
    // By seat number, for the people reading it (the window's own order is
    // the engine's priority, nothing a person needs).
    const asked = any.s.window.filter(seat => latest.has(seat) && latest.get(seat).s.legal.length > 0)
      .sort((a, b) => a - b);
    if (!asked.length) return false;
    shownSeat = null;
    clear(main).append(h('div', { class: 'cover window-prompt', id: 'window-prompt', 'data-version': any.s.version },
      h('h2', { text: t('window') }),
      h('p', { text: t('windowWho') }),
      h('p', { class: 'error', id: 'error' }),
      h('div', { class: 'moves' },
        asked.map(seat => h('button', { type: 'button', 'data-seat': seat, onclick: () => {
          const { s } = latest.get(seat);
          if (s.legal.some(l => l.action === 'hill')) conns[bySeat(seat)].act(s.version, 'hill');
          else { const el = main.querySelector('#error'); if (el) el.textContent = `${t('seat')} ${seat + 1}: ${t('cannotAct')}`; }
        } }, `${t('seat')} ${seat + 1}`)),
        h('button', { type: 'button', id: 'window-nobody', onclick: () => {
          for (const seat of asked) {
            const { s } = latest.get(seat);
            if (s.legal.length) conns[bySeat(seat)].act(s.version, 'pass');
          }
        } }, t('windowNobody')))));
    return true;
  }

  function draw() {
    const any = [...latest.values()][0];
    if (!any) return;
    if (any.s.window && drawWindow(any)) return;
    const turn = any.s.turn;
    const humanToMove = turn && turn.seat !== undefined && latest.has(turn.seat) ? turn.seat : null;
    if (humanToMove !== null && humanToMove !== shownSeat && coverFor !== humanToMove) {
      coverFor = humanToMove;
      clear(main).append(h('div', { class: 'cover', id: 'cover' },
        h('h2', { text: `${t('passTo')} ${humanToMove + 1}` }),
        h('button', { type: 'button', id: 'ready', onclick: () => { shownSeat = humanToMove; coverFor = null; draw(); } },
          `${t('ready')} ${humanToMove + 1}`)));
      return;
    }
    if (coverFor !== null) return;
    const seat = shownSeat !== null && latest.has(shownSeat) ? shownSeat : (turn === 'over' ? [...latest.keys()][0] : null);
    if (seat === null) {
      // Nobody has looked yet and a bot or chance is to move: show no hand.
      clear(main).append(h('p', { class: 'muted', text: t('waiting') + '…' }));
      return;
    }
    const { s } = latest.get(seat);
    drawSnapshot(main, s, action => conns[bySeat(seat)].act(s.version, action));
  }
  return () => conns.forEach(c => c.close());

}
