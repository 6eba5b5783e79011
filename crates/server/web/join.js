// @ts-check
// The page of an invitation (#/join/ID/CODE): which game and seat, who else
// sits at the table; give your name and take the seat.

import { h, clear } from './dom.js';
import { t, tr, seatWord } from './i18n.js';
import { request } from './api.js';
import { myName, nameField, takeSeat, seatsInWords } from './lobby.js';

/**
 * The page of an invitation that leads nowhere.
 * @param {HTMLElement} main
 * @param {string} text
 */
function refused(main, text) {
  clear(main).append(h('div', { class: 'panel', id: 'bad-link' },
    h('p', { class: 'error', text }),
    h('p', {}, h('a', { href: '#/', class: 'primary', id: 'to-lobby' }, t('to-lobby')))));
}

/**
 * A taken seat: say so, and offer to watch at a public table.
 * @param {HTMLElement} main
 * @param {import('./types').InvitationReply} invitation
 */
function taken(main, invitation) {
  clear(main).append(h('div', { class: 'panel', id: 'taken' },
    h('p', { class: 'error', text: t('taken') }),
    invitation.spectator ? h('p', {}, h('a', { href: invitation.spectator, class: 'primary', id: 'watch' }, t('watch-instead'))) : null,
    h('p', {}, h('a', { href: '#/', id: 'to-lobby' }, t('to-lobby')))));
}

/**
 * @param {HTMLElement} main
 * @param {string} table
 * @param {string} code
 */
export async function showJoin(main, table, code) {
  document.title = 'spieltisch';
  clear(main).append(h('p', { class: 'muted', id: 'connecting', text: t('connecting') }));
  /** @type {import('./api.js').Result<import('./types').InvitationReply>} */
  const res = await request(`/api/tables/${encodeURIComponent(table)}/invite/${encodeURIComponent(code)}`, undefined, 'unreachable-reload');
  if (!res.ok) {
    refused(main, res.code === 'table.unknown' ? t('bad-link') : res.text);
    return;
  }
  const invitation = res.reply;
  if (invitation.taken) { taken(main, invitation); return; }
  const game = tr(invitation.name) || invitation.game;
  document.title = `${game} · spieltisch`;
  const error = h('p', { class: 'error', id: 'join-error' });
  const name = nameField('join-name', myName());
  const others = invitation.seats.filter(s => s.seat !== invitation.seat);
  const button = h('button', { type: 'submit', class: 'primary', id: 'take' }, t('take'));
  const form = h('form', {}, h('label', {}, `${t('your-name')} `, name), ' ', button);
  form.addEventListener('submit', async ev => {
    ev.preventDefault();
    error.textContent = '';
    const typed = name.value.trim();
    if (!typed) { error.textContent = t('name-first'); name.focus(); return; }
    button.disabled = true;
    const refusal = await takeSeat(table, { invite: code }, typed, invitation.game);
    button.disabled = false;
    if (refusal) error.textContent = refusal;
  });
  clear(main).append(h('div', { class: 'panel', id: 'join' },
    h('h2', { text: `${t('join-at')} ${game}` }),
    h('p', {}, `${t('join-seat')}: `, h('strong', { text: seatWord(invitation.seat) })),
    others.length ? h('p', { id: 'others' }, `${t('others')}: ${seatsInWords(others)}`) : null,
    form, error,
    h('p', {}, h('a', { class: 'rules-link', href: `#/rules/${invitation.game}` }, t('rules')))));
  name.focus();
}
