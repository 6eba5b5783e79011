// @ts-check
// The router: #/ lobby, #/table/ID/TOKEN, #/hotseat/ID/TOKENS, #/replay/ID/TOKEN,
// #/join/ID/CODE (an invitation), #/rules/GAME.

import { getLang, setLang, t } from './i18n.js';
import { showLobby } from './lobby.js';
import { showTable, showHotseat } from './table.js';
import { showReplay } from './replay.js';
import { showRules } from './rules.js';
import { showJoin } from './join.js';
import { labelSoundToggle, toggleSound } from './sound.js';
import { h, clear } from './dom.js';

/** What the page shown now does when the person leaves it. @type {(() => void) | null} */
let leave = null;

/**
 * An element the page always has.
 * @param {string} id
 */
function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el;
}

function route() {
  if (leave) { leave(); leave = null; }
  const main = byId('main');
  const parts = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  document.documentElement.lang = getLang();
  byId('lang-toggle').textContent = getLang() === 'de' ? 'EN' : 'DE';
  labelSoundToggle(byId('sound-toggle'));
  // The server answers a path that leads nowhere with this page.
  if (location.pathname !== '/') showMissing(main);
  else if (parts[0] === 'table' && parts[1] && parts[2]) leave = showTable(main, parts[1], parts[2]);
  else if (parts[0] === 'hotseat' && parts[1] && parts[2]) leave = showHotseat(main, parts[1], parts[2].split(','));
  else if (parts[0] === 'replay' && parts[1] && parts[2]) leave = showReplay(main, parts[1], parts[2]);
  else if (parts[0] === 'rules' && parts[1]) showRules(main, parts[1]);
  else if (parts[0] === 'join' && parts[1] && parts[2]) showJoin(main, parts[1], parts[2]);
  else leave = showLobby(main);
}

/**
 * The page of an address that leads nowhere: it says so, and leads to the lobby.
 * @param {HTMLElement} main
 */
function showMissing(main) {
  document.title = 'spieltisch';
  clear(main).append(h('div', { class: 'panel', id: 'missing' },
    h('p', { class: 'error', text: t('missing') }),
    h('p', {}, h('a', { href: '/', class: 'primary', id: 'to-lobby' }, t('to-lobby')))));
}

byId('lang-toggle').addEventListener('click', () => {
  setLang(getLang() === 'de' ? 'en' : 'de');
  route();
});
byId('sound-toggle').addEventListener('click', () => toggleSound(byId('sound-toggle')));
window.addEventListener('hashchange', route);
route();
