// @ts-check
// Board drawings per game. A drawing gets the snapshot and `act(action)`, and
// returns an element, or null to fall back to the game's text drawing; the
// last move of the snapshot's log is marked on it.

import { drawSix } from './six.js';
import { drawSechstage } from './sechstage.js';
import { drawAusreisser } from './ausreisser.js';
import { drawReifenbreite } from './reifenbreite.js';
import { markLastMove } from '../motion.js';

/**
 * @typedef {import('../types').Snapshot} Snapshot
 * @typedef {(snapshot: import('../types').Snapshot<any>, act: (action: string) => void) => Element | null} Board
 */

/** @type {Record<string, Board>} */
const BOARDS = { six: drawSix, sechstage: drawSechstage, ausreisser: drawAusreisser, reifenbreite: drawReifenbreite };

/**
 * The board of `game` drawn from a snapshot whose view is that game's.
 * @param {string} game
 * @param {Snapshot} snapshot
 * @param {(action: string) => void} act
 * @returns {Element | null}
 */
export function renderBoard(game, snapshot, act) {
  const draw = BOARDS[game];
  if (!draw) return null;
  try {
    const drawn = draw(snapshot, act);
    if (drawn) markLastMove(game, drawn, snapshot);
    return drawn;
  } catch (e) {
    console.error('board drawing failed', e);
    return null;
  }
}
