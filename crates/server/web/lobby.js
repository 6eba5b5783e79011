// The lobby: pick a game, its options and seats; share the links; rejoin tables.

import { h, clear } from './dom.js';
import { t, tr } from './i18n.js';

const STORE = 'spieltisch.tables';

export function remembered() {
  try { return JSON.parse(localStorage.getItem(STORE) || '[]'); } catch { return []; }
}

export function remember(entry) {
  const list = remembered().filter(e => !(e.table === entry.table && e.token === entry.token));
  list.unshift(entry);
  localStorage.setItem(STORE, JSON.stringify(list.slice(0, 100)));
}

/** A default that is no value, in the front end's own words: "automatic", "not used", "as Teams". */
function unsetWords(spec, entry) {
  const d = spec.default;
  if (d.follows !== undefined) return t('defaultFollows').replace('{}', tr(entry.options.find(o => o.key === d.follows).label));
  return t(d.auto ? 'defaultAuto' : 'defaultOff');
}

/**
 * The input of one option, drawn from its schema: its label and help, its choices' labels, and its default.
 * A default that is a value is shown as that value; any other default is an empty field or a first entry
 * (marked `data-unset`) that leaves the option out.
 */
function optionInput(spec, entry) {
  const id = 'opt-' + spec.key;
  const hasValue = spec.default.value !== undefined;
  const value = hasValue ? spec.default.value : null;
  const unset = hasValue ? null : unsetWords(spec, entry);
  let input;
  let list = null;
  if (spec.type === 'int') {
    input = h('input', { id, type: 'number', min: spec.min, max: spec.max, value, placeholder: unset });
  } else if (spec.type === 'bool' && hasValue) {
    input = h('input', { id, type: 'checkbox', checked: value });
  } else if (spec.type === 'bool' || spec.type === 'choice') {
    const choices = spec.type === 'bool'
      ? [{ value: 'true', text: t('on') }, { value: 'false', text: t('off') }]
      : spec.choices.map(c => ({ value: c.value, text: tr(c.label), title: tr(c.help) }));
    const first = hasValue ? [] : [h('option', { value: Object.keys(spec.default)[0], text: unset, 'data-unset': true })];
    input = h('select', { id }, first, choices.map(c =>
      h('option', { value: c.value, text: c.text, title: c.title, selected: hasValue && c.value === String(value) })));
  } else {
    const listId = id + '-list';
    input = h('input', { id, value, placeholder: unset, list: spec.choices ? listId : null });
    if (spec.choices) list = h('datalist', { id: listId }, spec.choices.map(c => h('option', { value: c.value, label: tr(c.label) })));
  }
  input.dataset.key = spec.key;
  input.dataset.kind = spec.type;
  input.dataset.initial = shown(input);
  return h('label', { title: tr(spec.help) }, tr(spec.label) + ' ', input, list, h('span', { class: 'muted' }, ' ' + tr(spec.help)));
}

function shown(input) {
  return input.type === 'checkbox' ? String(input.checked) : input.value;
}

/** The options the person changed, each in its JSON type; an emptied field or an unset entry leaves its option out. */
function readOptions(form) {
  const options = {};
  for (const input of form.querySelectorAll('[data-key]')) {
    const now = shown(input);
    const unset = input.tagName === 'SELECT' && input.selectedOptions[0].dataset.unset !== undefined;
    if (now === input.dataset.initial || now === '' || unset) continue;
    const kind = input.dataset.kind;
    options[input.dataset.key] = kind === 'int' ? Number(now) : kind === 'bool' ? now === 'true' : now;
  }
  return options;
}

export function showLobby(main) {
  clear(main);
  document.title = 'spieltisch';
  const error = h('p', { class: 'error' });
  const mine = h('div', { class: 'panel' }, h('h2', { text: t('mine') }));
  const form = h('div', { class: 'panel' });
  const cards = h('div', { class: 'games' });
  main.append(h('h1', { text: t('lobby') }), cards, form, error, mine);
  let games = [];
  let seatKinds = ['human', 'random', 'heuristic'];

  function seatCount(entry) {
    const key = entry.seats_option;
    const input = key && form.querySelector(`[data-key="${key}"]`);
    const n = input ? Number(input.value) : entry.min_seats;
    return Math.max(entry.min_seats, Math.min(entry.max_seats, n || entry.min_seats));
  }

  function drawSeats(entry, box) {
    clear(box);
    const n = seatCount(entry);
    for (let i = 0; i < n; i++) {
      const select = h('select', { 'data-seat': i },
        seatKinds.map(k => h('option', { value: k, selected: (i === 0 ? k === 'human' : k === 'heuristic'), text: k === 'human' ? t('human') : k })));
      box.append(h('label', {}, `${t('seat')} ${i + 1} `, select));
    }
  }

  function choose(entry) {
    for (const c of cards.children) c.classList.toggle('selected', c.dataset.id === entry.id);
    clear(form);
    const seats = h('div');
    const hot = h('input', { type: 'checkbox', id: 'hotseat' });
    form.append(h('h2', { text: tr(entry.name) }), h('p', { class: 'muted', text: entry.rules_source }),
      h('h3', { text: t('options') }), ...entry.options.map(spec => optionInput(spec, entry)),
      h('h3', { text: t('players') }), seats,
      h('label', {}, hot, ' ' + t('hotseat')),
      h('button', { class: 'primary', id: 'create', onclick: () => create(entry) }, t('create')));
    drawSeats(entry, seats);
    form.addEventListener('change', ev => {
      if (ev.target.dataset && ev.target.dataset.key === entry.seats_option) drawSeats(entry, seats);
    });
  }

  async function create(entry) {
    error.textContent = '';
    const seats = [...form.querySelectorAll('[data-seat]')].map(s => s.value);
    const body = { game: entry.id, options: readOptions(form), seats, hotseat: form.querySelector('#hotseat').checked };
    const res = await fetch('/api/tables', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const reply = await res.json();
    if (!reply.ok) { error.textContent = reply.error.message; return; }
    for (const s of reply.seats) if (s.token) remember({ table: reply.table, token: s.token, game: entry.id, seat: s.seat });
    if (reply.hotseat) { location.hash = reply.hotseat.slice(1); return; }
    const links = h('ul', { class: 'links' },
      reply.seats.filter(s => s.url).map(s => h('li', {}, `${t('seat')} ${s.seat + 1}: `,
        h('a', { href: s.url, text: location.origin + '/' + s.url }))),
      h('li', {}, t('spectator') + ': ', h('a', { href: reply.spectator.url, text: location.origin + '/' + reply.spectator.url })));
    clear(form).append(h('h2', { text: t('links') }), links);
    const first = reply.seats.find(s => s.url);
    if (first) form.append(h('p', {}, h('a', { href: first.url, class: 'primary', id: 'go' }, t('open'))));
  }

  async function loadMine() {
    const list = remembered();
    if (!list.length) { mine.append(h('p', { class: 'muted', text: t('none') })); return; }
    const q = list.map(e => `${e.table}:${e.token}`).join(',');
    const reply = await (await fetch('/api/mine?tables=' + encodeURIComponent(q))).json();
    const ul = h('ul', { class: 'links' });
    for (const tb of reply.tables) {
      const state = tb.over ? t('over') : `v${tb.version}`;
      ul.append(h('li', {}, h('a', { href: `#/table/${tb.table}/${tb.token}` },
        `${tr(tb.name) || tb.game} · ${t('table')} ${tb.table} · ${state}`),
        tb.over ? h('a', { href: `#/replay/${tb.table}/${tb.token}`, text: ' · ' + t('replay') }) : null));
    }
    mine.append(reply.tables.length ? ul : h('p', { class: 'muted', text: t('none') }));
  }

  fetch('/api/games').then(r => r.json()).then(reply => {
    games = reply.games;
    seatKinds = reply.seat_kinds || seatKinds;
    for (const g of games) {
      cards.append(h('div', { class: 'panel game-card', 'data-id': g.id, onclick: () => choose(g) },
        h('h3', { text: tr(g.name) }), h('p', { class: 'muted', text: `${g.min_seats}–${g.max_seats} · ${g.id}` })));
    }
    if (games.length) choose(games[0]);
  }).catch(e => { error.textContent = String(e); });
  loadMine();
  return () => {};
}
