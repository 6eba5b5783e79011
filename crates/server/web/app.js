// The router: #/ lobby, #/table/ID/TOKEN, #/hotseat/ID/TOKENS, #/replay/ID/TOKEN.

import { getLang, setLang } from './i18n.js';
import { showLobby } from './lobby.js';
import { showTable, showHotseat } from './table.js';
import { showReplay } from './replay.js';

let leave = null;

function route() {
  if (leave) { leave(); leave = null; }
  const main = document.getElementById('main');
  const parts = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  document.documentElement.lang = getLang();
  document.getElementById('lang-toggle').textContent = getLang() === 'de' ? 'EN' : 'DE';
  if (parts[0] === 'table' && parts[1] && parts[2]) leave = showTable(main, parts[1], parts[2]);
  else if (parts[0] === 'hotseat' && parts[1] && parts[2]) leave = showHotseat(main, parts[1], parts[2].split(','));
  else if (parts[0] === 'replay' && parts[1] && parts[2]) leave = showReplay(main, parts[1], parts[2]);
  else leave = showLobby(main);
}

document.getElementById('lang-toggle').addEventListener('click', () => {
  setLang(getLang() === 'de' ? 'en' : 'de');
  route();
});
window.addEventListener('hashchange', route);
route();
