// @ts-check
// The lobby: your name; pick a game, its options and seats, and sit down at
// your seat; take a free seat at an open table or watch it; rejoin your tables.

import { h, clear } from './dom.js';
import { t, tr, say, getLang, seatWord, kindWord, errorText } from './i18n.js';
import { request, post } from './api.js';
import { cover, blurb } from './covers.js';

/**
 * @typedef {import('./types').GameEntry} GameEntry
 * @typedef {import('./types').OptionSpec} OptionSpec
 * @typedef {import('./types').Remembered} Remembered
 */

const STORE = 'spieltisch.tables';

/** The sentence that says what each bot level is. */
const levelHelp = /** @type {const} */ ({ easy: 'level-easy', medium: 'level-medium', hard: 'level-hard' });

/** @returns {Remembered[]} */
export function remembered() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE) || '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

const NAME = 'spieltisch.name';

/** The longest name the server takes, in characters. */
export const NAME_MAX = 24;

/** The name the person last gave, or ''. */
export function myName() {
  return localStorage.getItem(NAME) || '';
}

/** @param {string} name */
export function rememberName(name) {
  localStorage.setItem(NAME, name.trim());
}

/**
 * A field for a person's name, capped as the server caps it.
 * @param {string} id
 * @param {string} value
 */
export function nameField(id, value) {
  return h('input', { id, type: 'text', maxlength: NAME_MAX, autocomplete: 'nickname', value });
}

/**
 * Takes a free seat (by invitation `code`, or by number at a public table)
 * under `name`; on success the personal token is remembered and the page
 * goes to the seat. Returns the refusal in words, or null.
 * @param {string} table
 * @param {{ invite?: string, seat?: number }} which
 * @param {string} name
 * @param {string} game
 * @returns {Promise<string | null>}
 */
export async function takeSeat(table, which, name, game) {
  rememberName(name);
  /** @type {import('./api.js').Result<import('./types').ClaimReply>} */
  const res = await post(`/api/tables/${encodeURIComponent(table)}/claim`, { ...which, name });
  if (!res.ok) return res.text;
  remember({ table, token: res.reply.token, game, seat: res.reply.seat });
  location.hash = res.reply.url.replace(/^\/?#/, '');
  return null;
}

/**
 * Who sits at a table, in words: `Anna, Seat 2 (free), Bot: hard`.
 * @param {import('./types').SeatShown[]} seats
 */
export function seatsInWords(seats) {
  return seats.map(s => s.kind !== 'human' ? kindWord(s.kind)
    : s.free ? `${seatWord(s.seat)} (${t('free')})` : s.name || seatWord(s.seat)).join(', ');
}

/** @param {Remembered} entry */
export function remember(entry) {
  const list = remembered().filter(e => !(e.table === entry.table && e.token === entry.token));
  list.unshift(entry);
  localStorage.setItem(STORE, JSON.stringify(list.slice(0, 100)));
}

/**
 * The address of a link the server gives as a path (`/#/table/…`), in full.
 * @param {string} path
 */
export function absolute(path) {
  return new URL(path, location.origin).href;
}

/**
 * A default that is no value, in the front end's own words: "automatic", "not used", "as Teams".
 * @param {OptionSpec} spec
 * @param {GameEntry} entry
 */
function unsetWords(spec, entry) {
  const d = spec.default;
  if ('follows' in d) {
    const followed = entry.options.find(o => o.key === d.follows);
    return say('default-follows', { option: followed ? tr(followed.label) : d.follows });
  }
  return t('auto' in d ? 'default-auto' : 'default-off');
}

/**
 * What an input shows now, as text.
 * @param {HTMLInputElement | HTMLSelectElement} input
 */
function shown(input) {
  return input instanceof HTMLInputElement && input.type === 'checkbox' ? String(input.checked) : input.value;
}

/**
 * The input of one option, drawn from its schema: its label and help, its choices' labels, and its default.
 * A default that is a value is shown as that value; any other default is an empty field or a first entry
 * (marked `data-unset`) that leaves the option out.
 * @param {OptionSpec} spec
 * @param {GameEntry} entry
 */
function optionInput(spec, entry) {
  const id = 'opt-' + spec.key;
  const value = 'value' in spec.default ? spec.default.value : null;
  const hasValue = value !== null;
  const unset = hasValue ? null : unsetWords(spec, entry);
  /** @type {HTMLInputElement | HTMLSelectElement} */
  let input;
  let list = null;
  const counts = countsTaken(spec, entry);
  if (counts) {
    // Only the numbers of seats the game takes (Six: 2 or 4, never 3).
    input = h('select', { id }, counts.map(n =>
      h('option', { value: String(n), text: String(n), selected: String(n) === String(value) })));
  } else if (spec.type === 'int') {
    input = h('input', { id, type: 'number', min: spec.min, max: spec.max, value: hasValue ? String(value) : null, placeholder: unset });
  } else if (spec.type === 'bool' && hasValue) {
    input = h('input', { id, type: 'checkbox', checked: value === true });
  } else if (spec.type === 'bool' || spec.type === 'choice') {
    /** @type {{ value: string, text: string, title?: string }[]} */
    const choices = spec.type === 'bool'
      ? [{ value: 'true', text: t('on') }, { value: 'false', text: t('off') }]
      : (spec.choices || []).map(c => ({ value: c.value, text: tr(c.label), title: tr(c.help) }));
    const first = hasValue ? [] : [h('option', { value: Object.keys(spec.default)[0], text: unset, 'data-unset': true })];
    input = h('select', { id }, first, choices.map(c =>
      h('option', { value: c.value, text: c.text, title: c.title, selected: hasValue && c.value === String(value) })));
  } else {
    const listId = id + '-list';
    // A file's path or one of the choices, or free text (no choices).
    const choices = 'choices' in spec ? spec.choices : null;
    input = h('input', { id, value: hasValue ? String(value) : null, placeholder: unset, list: choices ? listId : null });
    if (choices) list = h('datalist', { id: listId }, choices.map(c => h('option', { value: c.value, label: tr(c.label) })));
  }
  input.dataset.key = spec.key;
  input.dataset.kind = spec.type;
  input.dataset.initial = shown(input);
  return h('label', { title: tr(spec.help) }, tr(spec.label) + ' ', input, list, h('span', { class: 'muted' }, ' ' + tr(spec.help)));
}

/**
 * The seat counts to choose among, where the option sets the number of
 * seats and the game takes only some of the numbers in its range; else null
 * (every number from the least to the most is a field's to type).
 * @param {OptionSpec} spec
 * @param {GameEntry} entry
 */
function countsTaken(spec, entry) {
  if (spec.key !== entry.seats_option || spec.type !== 'int') return null;
  const counts = entry.seat_counts;
  return counts.length && counts.length < spec.max - spec.min + 1 ? counts : null;
}

/**
 * The numbers of players a game takes, in words: `3–8`, or `2 or 4`.
 * @param {GameEntry} entry
 */
function countsInWords(entry) {
  const counts = entry.seat_counts;
  if (!counts.length) return `${entry.min_seats}–${entry.max_seats}`;
  const gapless = counts[counts.length - 1] - counts[0] === counts.length - 1;
  if (gapless) return counts.length > 1 ? `${counts[0]}–${counts[counts.length - 1]}` : String(counts[0]);
  return `${counts.slice(0, -1).join(', ')} ${t('or')} ${counts[counts.length - 1]}`;
}

/**
 * The options the person changed, each in its JSON type; an emptied field or an unset entry leaves its option out.
 * @param {HTMLElement} form
 */
function readOptions(form) {
  /** @type {Record<string, string | number | boolean>} */
  const options = {};
  for (const input of form.querySelectorAll('input[data-key], select[data-key]')) {
    if (!(input instanceof HTMLInputElement || input instanceof HTMLSelectElement)) continue;
    const now = shown(input);
    const unset = input instanceof HTMLSelectElement && input.selectedOptions[0].dataset.unset !== undefined;
    const key = input.dataset.key;
    if (!key || now === input.dataset.initial || now === '' || unset) continue;
    const kind = input.dataset.kind;
    options[key] = kind === 'int' ? Number(now) : kind === 'bool' ? now === 'true' : now;
  }
  return options;
}

/**
 * The number an option's field holds, or null when it is empty.
 * @param {HTMLElement} form
 * @param {string | null | undefined} key
 */
function numberIn(form, key) {
  const input = key ? form.querySelector(`[data-key="${key}"]`) : null;
  if (!(input instanceof HTMLInputElement || input instanceof HTMLSelectElement) || input.value === '') return null;
  const n = Number(input.value);
  return Number.isFinite(n) ? n : null;
}

/**
 * The option whose default follows the seat-count option: Um Reifenbreite's
 * managers (`seats`) follow its `teams`.
 * @param {GameEntry} entry
 */
function followerOf(entry) {
  const key = entry.seats_option;
  return key ? entry.options.find(o => 'follows' in o.default && o.default.follows === key) : undefined;
}

/**
 * How many seats the table will have: the seat-count option (`players`,
 * `teams`), or, where another option's default follows it and that option
 * is given (Um Reifenbreite's managers, `seats`), that option, at most the
 * seat-count option's value.
 * @param {HTMLElement} form
 * @param {GameEntry} entry
 */
export function seatCount(form, entry) {
  const key = entry.seats_option;
  const follower = followerOf(entry);
  const count = numberIn(form, key);
  const shared = follower ? numberIn(form, follower.key) : null;
  const n = shared !== null && count !== null ? Math.min(shared, count) : shared !== null ? shared : count;
  return Math.max(entry.min_seats, Math.min(entry.max_seats, n || entry.min_seats));
}

/**
 * The seat of a summary's viewer, or null for a spectator.
 * @param {import('./types').TableSummary} tb
 */
function viewerSeatOf(tb) {
  return typeof tb.viewer === 'object' ? tb.viewer.seat : null;
}

/**
 * Whether it is the viewer's turn at a listed table.
 * @param {import('./types').TableSummary} tb
 */
function yourTurn(tb) {
  const seat = viewerSeatOf(tb);
  return !tb.over && !tb.expired && seat !== null && typeof tb.turn === 'object' && tb.turn.seat === seat;
}

/**
 * Where a listed table stands, in words: whose turn, or who won.
 * @param {import('./types').TableSummary} tb
 */
function standingWords(tb) {
  if (tb.expired) return t('expired');
  if (tb.over) {
    const first = (tb.ranks || []).map((rank, seat) => rank === 1 ? seat : -1).filter(seat => seat >= 0);
    const names = first.map(seat => seatWord(seat, tb.seats)).join(', ');
    return first.length && first.length < tb.seats.length ? `${t('over')}, ${t('won-by')} ${names}` : t('over');
  }
  if (typeof tb.turn === 'object') return `${t('waiting')} ${seatWord(tb.turn.seat, tb.seats)}`;
  return '';
}

/**
 * How an open table stands, in words: its seats free of all, its options
 * that differ from the game's, how long ago it was opened, and how far it
 * got once started: `1 of 3 seats free · Races: 2 · opened 5 minutes ago · 12 moves played`.
 * @param {import('./types').PublicTable} tb
 * @param {number} now seconds since 1970
 */
export function tableStatus(tb, now) {
  const free = tb.seats.filter(s => s.free).length;
  const seats = say('seats-free', { free, all: tb.seats.length });
  const options = tb.options.map(o => `${tr(o.label)}: ${tr(o.value)}`);
  // The players' moves: the version counts chance's dice and draws too. A
  // table the server does not hold in memory comes without the count.
  const progress = tb.version === 0 ? t('not-started')
    : tb.moves === null ? t('under-way') : say('moves-played', { count: tb.moves });
  return [seats, ...options, `${t('opened')} ${ago(now - tb.created_at)}`, progress].join(' · ');
}

/**
 * A time gone by, in the page's language: `5 minutes ago`, `vor 2 Stunden`.
 * @param {number} seconds
 */
function ago(seconds) {
  const words = new Intl.RelativeTimeFormat(getLang(), { numeric: 'auto' });
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return words.format(-s, 'second');
  if (s < 3600) return words.format(-Math.floor(s / 60), 'minute');
  if (s < 86400) return words.format(-Math.floor(s / 3600), 'hour');
  return words.format(-Math.floor(s / 86400), 'day');
}

/**
 * Each table once (a hot-seat table is remembered with several tokens):
 * the line whose seat is to move, or else the first.
 * @param {import('./types').TableSummary[]} tables
 */
function oncePerTable(tables) {
  /** @type {Map<string, import('./types').TableSummary>} */
  const chosen = new Map();
  for (const tb of tables) {
    const before = chosen.get(tb.table);
    if (!before || (yourTurn(tb) && !yourTurn(before))) chosen.set(tb.table, tb);
  }
  return [...chosen.values()];
}

/** @param {HTMLElement} main */
export function showLobby(main) {
  clear(main);
  document.title = 'spieltisch';
  const error = h('p', { class: 'error', id: 'lobby-error' });
  const mine = h('div', { class: 'panel', id: 'mine' }, h('h2', { text: t('mine') }));
  const open = h('div', { class: 'panel', id: 'open-tables' }, h('h2', { text: t('open-tables') }));
  const form = h('div', { class: 'panel' });
  const cards = h('div', { class: 'games' });
  const name = nameField('your-name', myName());
  name.addEventListener('change', () => rememberName(name.value));
  // Open tables and your own come first: a person who comes back, or to
  // join, finds them without scrolling past the new game's options.
  open.hidden = true;
  main.append(h('h1', { text: t('lobby') }),
    h('label', { class: 'your-name' }, `${t('your-name')} `, name), open, mine, cards, form, error);
  // People choose among the levels; the other bots (random, rules of thumb,
  // tuned searches) stay for scripts and the command line.
  const seatKinds = ['human', 'easy', 'medium', 'hard'];

  /**
   * The name typed in the lobby, or null (and the field asks for it).
   * @returns {string | null}
   */
  function typedName() {
    const typed = name.value.trim();
    if (typed) return typed;
    error.textContent = t('name-first');
    name.focus();
    return null;
  }

  /**
   * @param {GameEntry} entry
   * @param {HTMLElement} box
   */
  function drawSeats(entry, box) {
    // Keep what was chosen for the seats that stay.
    const before = [...box.querySelectorAll('select')].map(s => s.value);
    const names = [...box.querySelectorAll('input[data-name-seat]')].map(i => /** @type {HTMLInputElement} */ (i).value);
    clear(box);
    const n = seatCount(form, entry);
    for (let i = 0; i < n; i++) {
      const chosen = before[i] || (i === 0 ? 'human' : 'medium');
      const select = h('select', { 'data-seat': i },
        seatKinds.map(k => h('option', { value: k, selected: k === chosen, text: k === 'human' ? t('human') : kindWord(k) })));
      // At a hot-seat table each person at the device gives a name.
      const named = nameField(`seat-name-${i}`, names[i] || (i === 0 && myName()) || seatWord(i));
      named.dataset.nameSeat = String(i);
      named.setAttribute('aria-label', `${t('seat-name')} ${seatWord(i)}`);
      box.append(h('div', { class: 'seat-row' }, h('label', {}, `${seatWord(i)} `, select), named));
    }
    showSeatNames();
  }

  /** Shows a name field beside each person's seat at a hot-seat table only. */
  function showSeatNames() {
    const hot = /** @type {HTMLInputElement | null} */ (form.querySelector('#hotseat'));
    for (const row of form.querySelectorAll('.seat-row')) {
      const select = /** @type {HTMLSelectElement} */ (row.querySelector('select'));
      const field = /** @type {HTMLInputElement} */ (row.querySelector('input'));
      field.hidden = !(hot && hot.checked && select.value === 'human');
    }
  }

  /** @param {GameEntry} entry */
  function choose(entry) {
    for (const c of cards.querySelectorAll('.game-card')) {
      if (c instanceof HTMLElement) c.classList.toggle('selected', c.dataset.id === entry.id);
    }
    clear(form);
    error.textContent = '';
    const seats = h('div', { id: 'seats' });
    const hot = h('input', { type: 'checkbox', id: 'hotseat' });
    const listed = h('input', { type: 'checkbox', id: 'public' });
    form.append(h('h2', { text: tr(entry.name) }), h('p', { class: 'muted', text: blurb(entry.id) }),
      h('h3', { text: t('options') }), ...entry.options.map(spec => optionInput(spec, entry)),
      h('h3', { text: t('players') }), seats,
      h('ul', { class: 'levels muted', id: 'levels' },
        /** @type {const} */ (['easy', 'medium', 'hard']).map(level =>
          h('li', {}, h('strong', { text: kindWord(level) }), ' ' + t(levelHelp[level])))),
      h('label', {}, hot, ' ' + t('hotseat')),
      h('label', {}, listed, ' ' + t('public-table')),
      h('button', { class: 'primary', id: 'create', type: 'button', onclick: () => create(entry) }, t('create')));
    drawSeats(entry, seats);
    // One listener for the form, whichever game it shows now.
    form.onchange = ev => {
      const key = ev.target instanceof HTMLElement ? ev.target.dataset.key : undefined;
      if (key && entry.options.some(o => o.key === key)) drawSeats(entry, seats);
      else showSeatNames();
    };
  }

  /**
   * Per seat, the name it is taken under at once: every person's at a
   * hot-seat table (as typed beside the seat), else yours on the first
   * person's seat; the other people's seats wait for their invitations.
   * @param {string[]} seats
   * @param {boolean} hot
   * @param {string} yours
   */
  function namesFor(seats, hot, yours) {
    const first = seats.indexOf('human');
    return seats.map((kind, i) => {
      if (kind !== 'human') return null;
      if (!hot) return i === first ? yours : null;
      const field = /** @type {HTMLInputElement | null} */ (form.querySelector(`#seat-name-${i}`));
      return (field && field.value.trim()) || seatWord(i);
    });
  }

  /** @param {GameEntry} entry */
  async function create(entry) {
    error.textContent = '';
    const yours = typedName();
    if (yours === null) return;
    rememberName(yours);
    const seats = [...form.querySelectorAll('select[data-seat]')].map(s => /** @type {HTMLSelectElement} */ (s).value);
    const hot = /** @type {HTMLInputElement | null} */ (form.querySelector('#hotseat'));
    const listed = /** @type {HTMLInputElement | null} */ (form.querySelector('#public'));
    const hotseat = !!hot && hot.checked;
    const options = readOptions(form);
    // Seats that share the seat-count option's units (managers of teams):
    // the server takes that option from the number of seats unless it is
    // given, so it is sent whenever its follower is.
    const key = entry.seats_option;
    const follower = followerOf(entry);
    const count = numberIn(form, key);
    if (key && follower && follower.key in options && !(key in options) && count !== null) options[key] = count;
    const body = { game: entry.id, options, seats, hotseat, names: namesFor(seats, hotseat, yours), invite: true, public: !!listed && listed.checked };
    /** @type {import('./api.js').Result<import('./types').CreateReply>} */
    const res = await post('/api/tables', body);
    if (!res.ok) {
      // An option is named by its label, as the form shows it.
      const labels = Object.fromEntries(entry.options.map(o => [o.key, o.label]));
      error.textContent = res.error ? errorText(res.error, labels) : res.text;
      return;
    }
    const reply = res.reply;
    for (const s of reply.seats) if (s.token) remember({ table: reply.table, token: s.token, game: entry.id, seat: s.seat });
    // You sit down at once: at the device's seats, or at your own.
    const own = reply.seats.find(s => s.url);
    const to = reply.hotseat || (own && own.url) || reply.spectator.url;
    location.hash = to.replace(/^\/?#/, '');
  }

  async function loadOpen() {
    /** @type {import('./api.js').Result<import('./types').PublicReply>} */
    const res = await request('/api/public', undefined, 'unreachable-reload');
    if (!res.ok) { open.append(h('p', { class: 'error', text: res.text })); return; }
    // Only tables still played with a seat to take are open; none, and the panel stays hidden.
    const tables = res.reply.tables.filter(tb => !tb.over && tb.seats.some(s => s.free));
    if (!tables.length) return;
    open.hidden = false;
    const ul = h('ul', { class: 'links open-tables' });
    const now = Date.now() / 1000;
    for (const tb of tables) {
      const takes = tb.seats.filter(s => s.free).map(s => h('button', { type: 'button', class: 'take', 'data-table': tb.table, 'data-seat': s.seat,
        onclick: async () => {
          error.textContent = '';
          const yours = typedName();
          if (yours === null) return;
          const refused = await takeSeat(tb.table, { seat: s.seat }, yours, tb.game);
          if (refused) error.textContent = refused;
        } }, `${t('take-seat')} ${s.seat + 1}`));
      ul.append(h('li', { 'data-table': tb.table },
        h('strong', { text: tr(tb.name) || tb.game }), ` · ${seatsInWords(tb.seats)} `,
        h('span', { class: 'muted table-status', text: `· ${tableStatus(tb, now)} ` }),
        h('span', { class: 'actions' }, takes, h('a', { href: tb.spectator, class: 'watch' }, t('watch')))));
    }
    open.append(ul);
  }

  async function loadMine() {
    const list = remembered();
    if (!list.length) { mine.append(h('p', { class: 'muted', text: t('none') })); return; }
    const q = list.map(e => `${e.table}:${e.token}`).join(',');
    /** @type {import('./api.js').Result<import('./types').MineReply>} */
    const res = await request('/api/mine?tables=' + encodeURIComponent(q), undefined, 'unreachable-reload');
    if (!res.ok) { mine.append(h('p', { class: 'error', text: res.text })); return; }
    const ul = h('ul', { class: 'links' });
    for (const tb of oncePerTable(res.reply.tables)) {
      const turn = yourTurn(tb);
      const seat = viewerSeatOf(tb);
      const people = tb.seats.map(s => s.kind !== 'human' ? kindWord(s.kind)
        : `${seatWord(s.seat, tb.seats)}${s.seat === seat ? ` (${t('you')})` : ''}`).join(', ');
      const label = `${tr(tb.name) || tb.game} · ${people}`;
      ul.append(h('li', { class: turn ? 'your-turn' : '', 'data-table': tb.table },
        tb.expired ? h('span', { class: 'muted', text: label }) : h('a', { href: `#/table/${tb.table}/${tb.token}` }, label),
        turn ? h('span', { class: 'badge', text: t('your-turn') }) : h('span', { class: 'muted', text: ` · ${standingWords(tb)}` }),
        tb.over ? h('a', { href: `#/replay/${tb.table}/${tb.token}`, text: ' · ' + t('replay') }) : null));
    }
    mine.append(res.reply.tables.length ? ul : h('p', { class: 'muted', text: t('none') }));
  }

  async function loadGames() {
    /** @type {import('./api.js').Result<import('./types').GamesReply>} */
    const res = await request('/api/games', undefined, 'unreachable-reload');
    if (!res.ok) { error.textContent = res.text; return; }
    for (const g of res.reply.games) {
      cards.append(h('div', { class: 'panel game-card', 'data-id': g.id, onclick: () => choose(g) },
        cover(g.id),
        h('h3', { text: tr(g.name) }),
        h('p', { class: 'blurb', text: blurb(g.id) }),
        h('p', { class: 'muted', text: `${countsInWords(g)} ${t('players')}` }),
        // The rules open without choosing the game.
        h('a', { class: 'rules-link', href: `#/rules/${g.id}`, onclick: ev => ev.stopPropagation() }, t('rules'))));
    }
    if (res.reply.games.length) choose(res.reply.games[0]);
  }

  loadGames();
  loadOpen();
  loadMine();
  return () => {};
}
