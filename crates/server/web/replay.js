// Stepping through a finished game, as the token's viewer saw it.

import { h, clear } from './dom.js';
import { t, tr, getLang } from './i18n.js';
import { renderBoard } from './boards/index.js';

export function showReplay(main, table, token) {
  clear(main).append(h('p', { class: 'muted', text: t('connecting') }));
  let steps = [];
  let at = 0;
  let game = '';
  let name = '';
  function draw() {
    const step = steps[at];
    const snapshot = { game, table, view: step.view, text: step.text, legal: [], log: [], turn: step.turn, seats: [], version: step.version };
    const board = renderBoard(game, snapshot, () => {}) || h('pre', { class: 'text', text: step.text });
    clear(main).append(
      h('h2', {}, `${t('replay')} · ${name} · ${t('table')} ${table}`),
      h('div', { class: 'replay-controls' },
        h('button', { id: 'first', onclick: () => { at = 0; draw(); } }, t('first')),
        h('button', { id: 'prev', onclick: () => { at = Math.max(0, at - 1); draw(); } }, t('back')),
        h('span', { id: 'step', text: `${at} / ${steps.length - 1}` }),
        h('button', { id: 'next', onclick: () => { at = Math.min(steps.length - 1, at + 1); draw(); } }, t('next')),
        h('button', { id: 'last', onclick: () => { at = steps.length - 1; draw(); } }, t('last'))),
      h('p', { class: 'status', text: step.action || '' }),
      h('div', { class: 'board' }, board));
  }
  fetch(`/api/tables/${encodeURIComponent(table)}/replay?token=${encodeURIComponent(token)}&lang=${getLang()}`)
    .then(r => r.json())
    .then(reply => {
      if (!reply.ok) { clear(main).append(h('p', { class: 'error', text: reply.error.message })); return; }
      steps = reply.steps;
      game = reply.game;
      name = tr(reply.name) || reply.game;
      document.title = `${name} · ${t('replay')} · spieltisch`;
      draw();
    });
  const keys = ev => {
    if (!steps.length) return;
    if (ev.key === 'ArrowRight') at = Math.min(steps.length - 1, at + 1);
    else if (ev.key === 'ArrowLeft') at = Math.max(0, at - 1);
    else return;
    draw();
  };
  window.addEventListener('keydown', keys);
  return () => window.removeEventListener('keydown', keys);
}
