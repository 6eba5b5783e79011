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

/** The speeds a replay plays at, in steps a second, and the one it starts at. */
const SPEEDS = [1, 2, 4, 8, 16];
const FIRST_SPEED = 2;

/**
 * The views of a replay by step (0: the game as it opens), rebuilt from
 * the first view and the steps' changes, keeping a whole view every
 * CHECKPOINT steps. The changes of each page are added as it comes; each
 * page numbers its paths afresh.
 * @param {unknown} first
 */
function replayViews(first) {
  /** @type {Map<number, unknown>} */
  const kept = new Map([[0, first]]);
  /** @type {import('./types').NamedEdit[][]} */
  const changes = [];
  return {
    /** @param {import('./types').ReplayReply['steps']} steps a page's steps */
    add: steps => { changes.push(...namePaths(steps.map(step => step[3]))); },
    /** @param {number} at */
    at: at => {
      let from = at - (at % CHECKPOINT);
      while (!kept.has(from)) from -= CHECKPOINT;
      let view = structuredClone(kept.get(from));
      for (let i = from + 1; i <= at; i++) {
        view = applyChange(view, changes[i - 1]);
        if (i % CHECKPOINT === 0 && !kept.has(i)) kept.set(i, structuredClone(view));
      }
      return view;
    },
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
  /** @type {ReturnType<typeof replayViews>} */
  let views = replayViews(null);
  /** How many steps the replay has in all, those of pages still coming included. */
  let total = 0;
  /** Whether every page has come. */
  let complete = false;
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
  /** Whether the game's seats hold secrets (the share link then shows no hand). */
  let secrets = true;
  /** @type {ReturnType<typeof setInterval> | null} while the replay plays by itself */
  let playing = null;
  /** The controls, made with the first step drawn and kept: a slider being dragged stays under the finger. */
  const play = h('button', { id: 'play', type: 'button', onclick: () => (playing === null ? start() : stop()) });
  const speed = h('select', { id: 'speed', 'aria-label': t('speed'), onchange: () => { if (playing !== null) start(); } },
    SPEEDS.map(n => h('option', { value: n, text: `${n}×`, selected: n === FIRST_SPEED })));
  const slider = h('input', { id: 'slider', type: 'range', min: 0, value: 0, step: 1, 'aria-label': t('slider'),
    oninput: () => { stop(); go(Number(slider.value)); } });
  const stepWords = h('span', { id: 'step' });
  const controls = h('div', { class: 'replay-controls' },
    h('button', { id: 'first', type: 'button', onclick: () => { stop(); go(0); } }, t('first')),
    h('button', { id: 'prev', type: 'button', onclick: () => { stop(); go(at - 1); } }, t('back')),
    stepWords,
    h('button', { id: 'next', type: 'button', onclick: () => { stop(); go(at + 1); } }, t('next')),
    h('button', { id: 'last', type: 'button', onclick: () => { stop(); go(total); } }, t('last')),
    play, h('label', { class: 'speed', title: t('steps-per-second') }, `${t('speed')} `, speed), slider);
  /** The step area under the controls, drawn anew for every step. */
  const body = h('div');
  /** The line that says a page is still coming, or that one could not come. */
  const loading = h('p', { class: 'muted', id: 'replay-loading' });
  /**
   * Shows step `to` (kept within the steps come so far).
   * @param {number} to
   */
  function go(to) {
    at = Math.max(0, Math.min(steps.length - 1, to));
    draw();
  }
  /** Plays from the step shown (from the start when it shows the end), at the speed chosen. */
  function start() {
    if (playing !== null) clearInterval(playing);
    if (complete && at >= steps.length - 1) go(0);
    playing = setInterval(() => {
      if (gone) { stop(); return; }
      // At the end of the steps come so far, a page still coming is waited for.
      if (at < steps.length - 1) go(at + 1);
      if (complete && at >= steps.length - 1) stop();
    }, 1000 / Number(speed.value));
    labelPlay();
  }
  function stop() {
    if (playing !== null) clearInterval(playing);
    playing = null;
    labelPlay();
  }
  function labelPlay() {
    play.textContent = playing === null ? t('play') : t('pause');
    play.setAttribute('aria-pressed', String(playing !== null));
  }
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
    const view = views.at(at);
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
    if (!controls.isConnected) {
      labelPlay();
      slider.max = String(total);
      clear(main).append(h('h2', {}, `${t('replay')} · ${name} · ${t('table')} ${table}`), controls, loading, body);
    }
    stepWords.textContent = `${at} / ${total}`;
    slider.value = String(at);
    clear(body).append(
      h('p', { class: 'status', id: 'step-log', text: step.log.map(entry => entry.text || entry.event.kind).join(' · ') }),
      h('div', { class: 'table-layout' },
        h('div', { class: 'main-column' }, container),
        h('div', { class: 'side' }, h('div', { class: 'panel' }, h('h3', { text: t('log') }), log),
          share ? h('div', { class: 'panel', id: 'share' }, h('h3', { text: t('share') }),
            h('ul', { class: 'links' }, linkToCopy(t(secrets ? 'share-help' : 'share-open'), share, 'share-link'))) : null)));
    log.scrollTop = log.scrollHeight;
    playMotion(motion, container);
    shown = { snapshot, board: container };
  }
  /**
   * The page of the replay from step `from` on.
   * @param {number} from
   * @returns {Promise<import('./api.js').Result<import('./types').ReplayReply>>}
   */
  const page = from => request(`/api/tables/${encodeURIComponent(table)}/replay?token=${encodeURIComponent(token)}&lang=${getLang()}${from ? `&from=${from}` : ''}`, undefined, 'unreachable-reload');
  /**
   * Takes in a page's steps.
   * @param {import('./types').ReplayReply} reply
   */
  function add(reply) {
    steps.push(...reply.steps.map(([version, turn, log]) => ({ version, turn, log })));
    views.add(reply.steps);
    complete = reply.next === null;
    loading.hidden = complete;
    loading.textContent = complete ? '' : `${t('replay-loading')} ${steps.length - 1} / ${total}`;
  }
  (async () => {
    const res = await page(0);
    if (gone) return;
    if (!res.ok) {
      clear(main).append(h('p', { class: 'error', id: 'error', text: res.text }), h('p', {}, h('a', { href: '#/', class: 'primary' }, t('to-lobby'))));
      return;
    }
    const first = res.reply.first;
    if (!first) throw new Error('the first page of a replay without its first view');
    steps = [first];
    views = replayViews(first.view);
    total = res.reply.total;
    add(res.reply);
    game = res.reply.game;
    fixed = res.reply.static;
    // A replay's seats have no team (the boards read their names only).
    seats = /** @type {import('./types').SeatInfo[]} */ (res.reply.seats);
    viewer = res.reply.viewer;
    share = res.reply.share;
    name = tr(res.reply.name) || res.reply.game;
    secrets = await hasSecrets(game);
    if (gone) return;
    document.title = `${name} · ${t('replay')} · spieltisch`;
    if (steps.length) draw();
    // A long game comes in pages: the next one is asked for while the
    // first is watched.
    for (let next = res.reply.next; next !== null && !gone;) {
      const more = await page(next);
      if (gone) return;
      if (!more.ok) {
        loading.className = 'error';
        loading.hidden = false;
        loading.textContent = more.text;
        return;
      }
      add(more.reply);
      next = more.reply.next;
      if (controls.isConnected) stepWords.textContent = `${at} / ${total}`;
    }
  })().catch(e => {
    // A replay this page cannot show is a bug: said on the page and logged.
    console.error(e);
    clear(main).append(h('p', { class: 'error', id: 'error', text: t('garbled') }));
  });
  /** @param {KeyboardEvent} ev */
  const keys = ev => {
    // The slider moves by the arrows itself, and a list chooses with them.
    if (!steps.length || ev.target === slider || ev.target === speed) return;
    if (ev.key === 'ArrowRight') { stop(); go(at + 1); }
    else if (ev.key === 'ArrowLeft') { stop(); go(at - 1); }
  };
  window.addEventListener('keydown', keys);
  return () => { gone = true; stop(); window.removeEventListener('keydown', keys); };
}

/**
 * Whether a game's seats hold secrets (hands), as the list of games says;
 * where it cannot be asked, assumed so: the share link then says it shows
 * no hand, which is true either way.
 * @param {string} game
 */
async function hasSecrets(game) {
  /** @type {import('./api.js').Result<import('./types').GamesReply>} */
  const res = await request('/api/games');
  const entry = res.ok ? res.reply.games.find(g => g.id === game) : undefined;
  return !entry || entry.hidden_information;
}
