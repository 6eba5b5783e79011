// @ts-check
// The page's words in the person's language: the server makes them of its
// catalogs (crates/server/words/*.ftl, the `page-` keys) into `words.js`,
// and the page says them by itself, choosing plural forms as the server
// does. The server's refusals are said from their codes.
//
// Seats are counted from 1 in every text for people (the wire counts from
// 0). In German a seat is a "Spieler" and a rank a "Platz".

import words from './words.js';

/** @typedef {'en' | 'de'} Lang */
/** @typedef {import('./generated/words').PageWords} PageWords */
/** @typedef {import('./generated/words').Pattern} Pattern */
/**
 * A word said without arguments.
 * @typedef {{ [K in keyof PageWords]: [PageWords[K]] extends [never] ? K : never }[keyof PageWords]} TextKey
 */

/**
 * The refusals whose server message names what was wrong (which option,
 * which seat): English readers get it as the detail.
 */
const DETAILED = new Set(['seat.malformed', 'seat.unknown', 'seat.bad_param', 'action.parse', 'options.file', 'options.unknown', 'options.invalid', 'options.duplicate', 'options.malformed', 'options.rule', 'request.invalid']);

/**
 * @param {string | null} l
 * @returns {l is Lang}
 */
const known = l => l === 'en' || l === 'de';

/** @type {Lang} */
let lang = 'en';
{
  const wanted = localStorage.getItem('lang') || (navigator.language || 'en').slice(0, 2);
  if (known(wanted)) lang = wanted;
}

/** @returns {Lang} */
export function getLang() { return lang; }

/** @param {string} l */
export function setLang(l) { lang = known(l) ? l : 'en'; localStorage.setItem('lang', lang); }

/**
 * A word of the page in the current language.
 * @param {TextKey} key
 */
export function t(key) { return spoken(words[lang][key], {}); }

/**
 * A word with its arguments put in: `say('pass-to', { name: 'Jonas' })`.
 * @template {keyof PageWords} K
 * @param {K} key
 * @param {Record<PageWords[K], string | number>} args
 */
export function say(key, args) { return spoken(words[lang][key], args); }

/**
 * A pattern with `args` put in, as the server says it: a choice takes the
 * first variant whose key is the argument itself or, for a number, its
 * plural category (English and German share theirs: `one` for 1, `other`
 * for every other whole number), else its default.
 * @param {Pattern} pattern
 * @param {Record<string, string | number>} args
 * @returns {string}
 */
function spoken(pattern, args) {
  if (typeof pattern === 'string') return pattern;
  return pattern.map(part => {
    if (typeof part === 'string') return part;
    if ('arg' in part) return String(args[part.arg] ?? `{$${part.arg}}`);
    const value = args[part.select];
    const plural = typeof value === 'number' ? (Math.abs(value) === 1 ? 'one' : 'other') : null;
    const chosen = part.variants.findIndex(([key]) => key === value || key === plural);
    return spoken(part.variants[chosen < 0 ? part.default : chosen][1], args);
  }).join('');
}

/**
 * A {en, de} text object from the server, in the current language.
 * @param {{ en: string, de?: string } | null | undefined} text
 */
export function tr(text) { return text ? ((lang === 'de' && text.de) || text.en || '') : ''; }

/**
 * A seat as people read it, given the snapshot's seats: the name of the
 * person who sits there; for a bot, its level (`Bot: Medium`, numbered
 * where several bots share one: `Bot: Medium 2`), as the server's log and
 * moves call it; else `Seat 3` for seat 2 of the wire.
 * @param {number} seat
 * @param {{ name?: string | null, kind?: string }[]} [seats]
 */
export function seatWord(seat, seats) {
  const person = seats && seats[seat];
  if (person && person.name) return person.name;
  if (seats && person && person.kind && person.kind !== 'human') {
    const word = kindWord(person.kind);
    const same = seats.filter(s => !s.name && s.kind && s.kind !== 'human' && kindWord(s.kind) === word);
    return same.length > 1 ? `${word} ${same.indexOf(person) + 1}` : word;
  }
  return `${t('seat')} ${seat + 1}`;
}

/**
 * ` (you)` after the viewer's own seat, on a device of one person; a
 * device shared by several people (hot-seat) has no one "you".
 * @param {{ viewer: import('./types').Viewer, shared?: boolean }} snapshot
 * @param {number} seat
 */
export function youAfter(snapshot, seat) {
  const v = snapshot.viewer;
  const mine = !!v && typeof v === 'object' && v.seat === seat;
  return mine && !snapshot.shared ? ` (${t('you')})` : '';
}

/**
 * What plays a seat, in words: `Bot: hard` for `hard`; a search bot's spec
 * (`mcts:iters=2000`) is shown after "Bot".
 * @param {string} kind
 */
export function kindWord(kind) {
  /** @type {Record<string, TextKey>} */
  const keys = { human: 'kind-human', random: 'kind-random', heuristic: 'kind-heuristic', easy: 'kind-easy', medium: 'kind-medium', hard: 'kind-hard' };
  const key = keys[kind];
  return key ? t(key) : say('kind-search', { spec: kind });
}

/**
 * A refusal of the server in the person's language, from its code and its
 * parameters: the option it is about (by its label where `labels` has it),
 * the value given, and the reason a game gives in both languages. The
 * server's own message (English) is added as the detail only for English
 * readers, and stands alone only for a code not known here.
 * @param {import('./types').ServerError} error
 * @param {Record<string, { en: string, de?: string }>} [labels] the options' labels by key
 */
export function errorText(error, labels = {}) {
  const key = /** @type {keyof PageWords} */ (`error-${error.code.replaceAll('.', '-')}`);
  if (!(key in words[lang])) return lang === 'en' ? error.message : `${t('refused')} (${error.code})`;
  /** @type {string[]} */
  const detail = [];
  if (error.key) detail.push(labels[error.key] ? tr(labels[error.key]) : error.key);
  if (error.value !== undefined) detail.push(lang === 'de' ? `„${error.value}“` : `“${error.value}”`);
  if (error.reason) detail.push(tr(error.reason));
  if (!detail.length && DETAILED.has(error.code) && lang === 'en' && error.message) detail.push(error.message);
  const said = spoken(words[lang][key], {});
  return detail.length ? `${said} (${detail.join(': ')})` : said;
}
