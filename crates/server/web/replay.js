// @ts-check
// Stepping through a finished game, as the token's viewer saw it.

import { h, clear } from './dom.js';
import { t, tr, getLang } from './i18n.js';
import { renderBoard } from './boards/index.js';
import { request } from './api.js';

/**
 * @param {HTMLElement} main
 * @param {string} table
 * @param {string} token
 */
export function showReplay(main, table, token) {
  clear(main).append(h('p', { class: 'muted', text: t('connecting') }));
  /** @type {import('./types').ReplayStep[]} */
  let steps = [];
  let at = 0;
  let game = '';
  let name = '';
  /** @type {unknown} */
  let fixed = null;
  let gone = false;
  function draw() {
    const step = steps[at];
    /** @type {import('./types').Snapshot} */
    const snapshot = { game, table, static: fixed, view: step.view, text: step.text, legal: [], log: [], turn: step.turn, seats: [], version: step.version };
    const board = renderBoard(game, snapshot, () => {}) || h('pre', { class: 'text', text: step.text });
    clear(main).append(
      h('h2', {}, `${t('replay')} · ${name} · ${t('table')} ${table}`),
      h('div', { class: 'replay-controls' },
        h('button', { id: 'first', type: 'button', onclick: () => { at = 0; draw(); } }, t('first')),
        h('button', { id: 'prev', type: 'button', onclick: () => { at = Math.max(0, at - 1); draw(); } }, t('back')),
        h('span', { id: 'step', text: `${at} / ${steps.length - 1}` }),
        h('button', { id: 'next', type: 'button', onclick: () => { at = Math.min(steps.length - 1, at + 1); draw(); } }, t('next')),
        h('button', { id: 'last', type: 'button', onclick: () => { at = steps.length - 1; draw(); } }, t('last'))),
      h('p', { class: 'status', text: step.action || '' }),
      h('div', { class: 'board' }, board));
  }
  (async () => {
    /** @type {import('./api.js').Result<import('./types').ReplayReply>} */
    const res = await request(`/api/tables/${encodeURIComponent(table)}/replay?token=${encodeURIComponent(token)}&lang=${getLang()}`, undefined, 'unreachableReload');
    if (gone) return;
    if (!res.ok) {
      clear(main).append(h('p', { class: 'error', id: 'error', text: res.text }), h('p', {}, h('a', { href: '#/', class: 'primary' }, t('toLobby'))));
      return;
    }
    steps = res.reply.steps;
    game = res.reply.game;
    fixed = res.reply.static;
    name = tr(res.reply.name) || res.reply.game;
    document.title = `${name} · ${t('replay')} · spieltisch`;
    if (steps.length) draw();
  })();
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
