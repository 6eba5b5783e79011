// @ts-check
// Requests to the server's HTTP API: a reply, or what went wrong in the
// person's language (never a bare "TypeError: Failed to fetch").

import { t, errorText } from './i18n.js';

/**
 * What a request gave: the reply, or the error in words (with the server's
 * code when the server refused).
 * @template T
 * @typedef {{ ok: true, reply: T } | { ok: false, text: string, code: string | null, error?: import('./types').ServerError }} Result
 */

/**
 * Sends a request and reads its JSON reply.
 * @template T
 * @param {string} url
 * @param {RequestInit} [init]
 * @param {import('./i18n.js').TextKey} [unreachable] what to say when the server cannot be reached
 * @returns {Promise<Result<T>>}
 */
export async function request(url, init, unreachable = 'unreachable-retry') {
  /** @type {Response} */
  let res;
  try {
    res = await fetch(url, init);
  } catch {
    return { ok: false, text: t(unreachable), code: null };
  }
  /** @type {unknown} */
  let body;
  try {
    body = await res.json();
  } catch {
    return { ok: false, text: t('garbled'), code: null };
  }
  if (typeof body !== 'object' || body === null) return { ok: false, text: t('garbled'), code: null };
  const reply = /** @type {{ ok?: boolean, error?: import('./types').ServerError }} */ (body);
  if (reply.ok === false && reply.error) return { ok: false, text: errorText(reply.error), code: reply.error.code, error: reply.error };
  if (!res.ok) return { ok: false, text: t('garbled'), code: null };
  return { ok: true, reply: /** @type {T} */ (body) };
}

/**
 * Sends a JSON body with POST.
 * @template T
 * @param {string} url
 * @param {unknown} body
 * @returns {Promise<Result<T>>}
 */
export function post(url, body) {
  return request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}
