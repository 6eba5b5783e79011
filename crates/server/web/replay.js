// @ts-check
// Stepping through a finished game, as the token's viewer saw it.

import { h, clear } from './dom.js';
import { t, tr, getLang } from './i18n.js';
import { renderBoard } from './boards/index.js';
import { request } from './api.js';
import { applyChange, namePaths } from './patch.js';
import { prepareMotion, playMotion } from './motion.js';
import { linkToCopy } from './table.js';

/** Every how many steps a whole view is kept, so that a jump costs few changes. */
const CHECKPOINT = 64;

/**
 * The views of a replay by step (0: the game as it opens), rebuilt from
 * the first view and the steps' changes, keeping a whole view every
 * CHECKPOINT steps.
 * @param {import('./types').ReplayReply} reply
 * @returns {(at: number) => unknown}
 */
function viewsOf(reply) {
  /** @type {Map<number, unknown>} */
  const kept = new Map([[0, reply.first.view]]);
  const changes = namePaths(reply.steps.map(step => step[3]));
  return at => {
    let from = at - (at % CHECKPOINT);
    while (!kept.has(from)) from -= CHECKPOINT;
    let view = structuredClone(kept.get(from));
    for (let i = from + 1; i <= at; i++) {
      view = applyChange(view, changes[i - 1]);
      if (i % CHECKPOINT === 0 && !kept.has(i)) kept.set(i, structuredClone(view));
    }
    return view;
  };
}

/**
 * @param {HTMLElement} main
 * @param {string} table
 * @param {string} token
 */
export function showReplay(main, table, token) {
  clear(main).append(h('p', { class: 'muted', text: t('connecting') }));
  /** @type {{ version: number, turn: import('./types').Turn, log: import('./types').ReplayEntry[] }[]} */
  let steps = [];
  /** @type {(at: number) => unknown} */
  let viewAt = () => null;
  let at = 0;
  let game = '';
  let name = '';
  /** @type {unknown} the table's static part, once for every step */
  let fixed = null;
  /** @type {import('./types').SeatInfo[]} who sat where, with their names */
  let seats = [];
  /** @type {import('./types').Viewer} */
  let viewer = 'spectator';
  /** The spectator's replay: a link to share. */
  let share = '';
  let gone = false;
  /** @type {{ snapshot: import('./types').Snapshot, board: HTMLElement } | null} the step drawn last */
  let shown = null;
  /**
   * The log entries of step `at` as a snapshot's (the board marks the last
   * one): begun at the version before, by whoever was to move then.
   * @param {number} at
   * @returns {import('./types').LogEntry[]}
   */
  function entriesOf(at) {
    if (at === 0) return [];
    const before = steps[at - 1];
    const actor = typeof before.turn === 'object' ? before.turn : 'chance';
    return steps[at].log.map(entry => ({ ...entry, at: before.version, actor }));
  }
  function draw() {
    const step = steps[at];
    const view = viewAt(at);
    /** @type {import('./types').Snapshot} */
    const snapshot = { game, table, static: fixed, view, text: '', legal: [], log: entriesOf(at), turn: step.turn, seats, viewer, version: step.version };
    // A step forward moves its pieces from where the last step showed them.
    const motion = shown && prepareMotion(game, shown.snapshot, snapshot, shown.board);
    const board = renderBoard(game, snapshot, () => {}) || h('pre', { class: 'text', text: JSON.stringify(view, null, 1) });
    const container = h('div', { class: 'board' }, board);
    // The log so far beside the board, this step's entry marked.
    const told = steps.slice(0, at + 1).flatMap((s, n) => s.log.map(entry => ({ entry, n })));
    const log = h('ol', { class: 'log', id: 'replay-log' },
      told.map(({ entry, n }) => h('li', { class: n === at ? 'current' : '', text: entry.text || entry.event.kind })));
    clear(main).append(
      h('h2', {}, `${t('replay')} · ${name} · ${t('table')} ${table}`),
      h('div', { class: 'replay-controls' },
        h('button', { id: 'first', type: 'button', onclick: () => { at = 0; draw(); } }, t('first')),
        h('button', { id: 'prev', type: 'button', onclick: () => { at = Math.max(0, at - 1); draw(); } }, t('back')),
        h('span', { id: 'step', text: `${at} / ${steps.length - 1}` }),
        h('button', { id: 'next', type: 'button', onclick: () => { at = Math.min(steps.length - 1, at + 1); draw(); } }, t('next')),
        h('button', { id: 'last', type: 'button', onclick: () => { at = steps.length - 1; draw(); } }, t('last'))),
      h('p', { class: 'status', id: 'step-log', text: step.log.map(entry => entry.text || entry.event.kind).join(' · ') }),
      h('div', { class: 'table-layout' },
        h('div', { class: 'main-column' }, container),
        h('div', { class: 'side' }, h('div', { class: 'panel' }, h('h3', { text: t('log') }), log),
          share ? h('div', { class: 'panel', id: 'share' }, h('h3', { text: t('share') }),
            h('ul', { class: 'links' }, linkToCopy(t('shareHelp'), share, 'share-link'))) : null)));
    log.scrollTop = log.scrollHeight;
    playMotion(motion, container);
    shown = { snapshot, board: container };
  }
  (async () => {
    /** @type {import('./api.js').Result<import('./types').ReplayReply>} */
    const res = await request(`/api/tables/${encodeURIComponent(table)}/replay?token=${encodeURIComponent(token)}&lang=${getLang()}`, undefined, 'unreachableReload');
    if (gone) return;
    if (!res.ok) {
      clear(main).append(h('p', { class: 'error', id: 'error', text: res.text }), h('p', {}, h('a', { href: '#/', class: 'primary' }, t('toLobby'))));
      return;
    }
    steps = [res.reply.first, ...res.reply.steps.map(([version, turn, log]) => ({ version, turn, log }))];
    viewAt = viewsOf(res.reply);
    game = res.reply.game;
    fixed = res.reply.static;
    // A replay's seats have no team (the boards read their names only).
    seats = /** @type {import('./types').SeatInfo[]} */ (res.reply.seats);
    viewer = res.reply.viewer;
    share = res.reply.share;
    name = tr(res.reply.name) || res.reply.game;
    document.title = `${name} · ${t('replay')} · spieltisch`;
    if (steps.length) draw();
  })().catch(e => {
    // A replay this page cannot show is a bug: said on the page and logged.
    console.error(e);
    clear(main).append(h('p', { class: 'error', id: 'error', text: t('garbled') }));
  });
  /** @param {KeyboardEvent} ev */
  const keys = ev => {
    if (!steps.length) return;
    if (ev.key === 'ArrowRight') at = Math.min(steps.length - 1, at + 1);
    else if (ev.key === 'ArrowLeft') at = Math.max(0, at - 1);
    else return;
    draw();
  };
  window.addEventListener('keydown', keys);
  return () => { gone = true; window.removeEventListener('keydown', keys); };
}
