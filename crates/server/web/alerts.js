// @ts-check
// Telling a person that it became their turn while they look elsewhere: a
// notification of the browser while the page is hidden, and a vibration
// where the device has one. Both are off until the person switches them on
// at a table; the browser's permission is asked only then, on that click,
// never when a page loads. Remembered in this browser.

import { h } from './dom.js';
import { t } from './i18n.js';

const KEY = 'alerts';

/** The Notification API, where the browser has it. */
const notifications = () => (typeof Notification === 'undefined' ? null : Notification);

/** Whether the person switched the alerts on. */
export function alertsOn() {
  return localStorage.getItem(KEY) === 'on';
}

/**
 * Switches the alerts on or off. Switched on, the browser is asked for its
 * permission to notify (where it has notifications and has not been asked);
 * a refusal leaves the vibration on, and the switch says notifications are
 * blocked.
 * @param {boolean} on
 * @returns {Promise<void>}
 */
async function switchAlerts(on) {
  localStorage.setItem(KEY, on ? 'on' : 'off');
  const api = notifications();
  if (on && api && api.permission === 'default') {
    try { await api.requestPermission(); } catch { /* an old browser's callback form: asked anyway */ }
  }
  if (on && navigator.vibrate) navigator.vibrate(80);
}

/**
 * The switch at a table: a box and its words, and a note when the browser
 * blocks notifications (the vibration still works).
 * @returns {HTMLElement}
 */
export function alertsSwitch() {
  const box = h('input', { type: 'checkbox', id: 'alerts', checked: alertsOn() });
  const api = notifications();
  const note = h('span', { class: 'muted', id: 'alerts-note' });
  const say = () => {
    const blocked = box.checked && api && api.permission === 'denied';
    note.textContent = blocked ? ` (${t('alerts-blocked')})` : '';
  };
  box.addEventListener('change', async () => {
    await switchAlerts(box.checked);
    say();
  });
  say();
  return h('label', { class: 'switch', id: 'alerts-switch' }, box, ` ${t('alerts')}`, note);
}

/**
 * It became the person's turn: vibrates, and notifies while the page is
 * hidden (a click on the notification brings the page back).
 * @param {string} title what the notification says first: the game
 * @param {string} body what it says below: whose turn
 */
export function turnCame(title, body) {
  if (!alertsOn()) return;
  // A device without a vibrator has no vibrate; one the page may not use yet
  // (nobody clicked on it) ignores the call.
  if (navigator.vibrate) navigator.vibrate([120, 80, 120]);
  const api = notifications();
  if (!document.hidden || !api || api.permission !== 'granted') return;
  try {
    const shown = new api(title, { body, tag: 'spieltisch-turn' });
    shown.onclick = () => { window.focus(); shown.close(); };
  } catch {
    // Chromium on Android notifies only through a service worker: the tab's
    // title and the vibration still tell.
  }
}
