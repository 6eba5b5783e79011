// @ts-check
// The lobby's face of each game: a small drawing and one line saying what
// the game is, in both languages.

import { s } from './dom.js';
import { getLang } from './i18n.js';

/** @type {Record<string, { en: string, de: string }>} */
const BLURBS = {
  six: {
    en: 'Place and shift hexagonal stones until your colour forms a line, a triangle or a circle of six.',
    de: 'Sechseckige Steine setzen und versetzen, bis die eigene Farbe eine Linie, ein Dreieck oder einen Kreis aus sechs bildet.',
  },
  sechstage: {
    en: 'A six-day track race of cards and slipstream: stay with the bunch and lose as few laps as you can.',
    de: 'Ein Sechstagerennen mit Karten und Windschatten: im Feld bleiben und möglichst wenige Runden verlieren.',
  },
  reifenbreite: {
    en: 'Team road racing over hills and cobbles: ride the dice, draft behind others and spend your energy well.',
    de: 'Straßenrennen im Team über Berge und Pflaster: würfeln, im Windschatten fahren und die Kraft gut einteilen.',
  },
  ausreisser: {
    en: 'A card game of breakaways: lead the stage, keep the yellow jersey, and lay hills on whoever escapes.',
    de: 'Ein Kartenspiel um Ausreißversuche: die Etappe anführen, das Gelbe Trikot halten und dem Ausreisser Steigungen legen.',
  },
};

/**
 * One line saying what the game is, in the current language.
 * @param {string} game
 */
export function blurb(game) {
  const text = BLURBS[game];
  return text ? text[getLang()] : '';
}

/**
 * A hexagon's corner points around (x, y).
 * @param {number} x
 * @param {number} y
 * @param {number} r
 */
function hexPoints(x, y, r) {
  return Array.from({ length: 6 }, (_, i) => {
    const a = Math.PI / 180 * (60 * i - 30);
    return `${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
}

/** Six: a field of red and black stones, black about to close a line. */
function sixCover() {
  const r = 11;
  const w = r * Math.sqrt(3);
  /** @type {[number, number, string][]} */
  const stones = [
    [0, 0, 'red'], [1, 0, 'black'], [2, 0, 'black'], [3, 0, 'black'], [4, 0, 'red'],
    [0, 1, 'black'], [1, 1, 'red'], [2, 1, 'red'], [3, 1, 'black'],
    [1, -1, 'red'], [2, -1, 'red'], [3, -1, 'black'],
  ];
  const fill = /** @type {Record<string, string>} */ ({ red: '#c0392b', black: '#222' });
  return stones.map(([q, row, colour]) => s('polygon', {
    points: hexPoints(38 + w * (q + row / 2), 50 + row * r * 1.5, r - 0.8),
    fill: fill[colour], stroke: '#fff', 'stroke-width': 1.2,
  }));
}

/** 6-Tage Rennen: the oval of the track with a bunch and one rider behind. */
function sechstageCover() {
  const riders = [['#d32f2f', 104, 22], ['#1976d2', 114, 24], ['#388e3c', 124, 27], ['#fbc02d', 58, 78]];
  return [
    s('rect', { x: 14, y: 14, width: 132, height: 72, rx: 36, fill: '#c8a46e', stroke: '#8d6e3f', 'stroke-width': 2 }),
    s('rect', { x: 32, y: 30, width: 96, height: 40, rx: 20, fill: '#e8f0e0', stroke: '#8d6e3f', 'stroke-width': 2 }),
    s('line', { x1: 80, y1: 14, x2: 80, y2: 30, stroke: '#fff', 'stroke-width': 3 }),
    riders.map(([colour, x, y]) => s('circle', { cx: x, cy: y, r: 5, fill: colour, stroke: '#fff', 'stroke-width': 1.5 })),
  ];
}

/** Um Reifenbreite: a road climbing over a hill, riders of two teams on it. */
function reifenbreiteCover() {
  return [
    s('path', { d: 'M0 84 L40 60 L70 30 L92 24 L120 52 L160 70 L160 100 L0 100 Z', fill: '#9ccc65' }),
    s('path', { d: 'M4 86 C30 74 50 50 70 34 S100 22 118 50 S150 70 158 72', fill: 'none', stroke: '#6d6d6d', 'stroke-width': 9, 'stroke-linecap': 'round' }),
    s('path', { d: 'M4 86 C30 74 50 50 70 34 S100 22 118 50 S150 70 158 72', fill: 'none', stroke: '#fff', 'stroke-width': 1, 'stroke-dasharray': '4 4' }),
    [['#1565c0', 48, 56], ['#1565c0', 60, 44], ['#e53935', 74, 32], ['#e53935', 40, 63]].map(([colour, x, y]) =>
      s('circle', { cx: x, cy: y, r: 4.5, fill: String(colour), stroke: '#fff', 'stroke-width': 1.5 })),
    s('path', { d: 'M132 18 L132 4 L146 8 L132 12', fill: '#fdd835', stroke: '#555', 'stroke-width': 1 }),
  ];
}

/** Der Ausreisser: a fan of cards in front of a yellow jersey. */
function ausreisserCover() {
  /** @type {[number, string][]} */
  const cards = [[-24, '39'], [-8, '45'], [8, '48'], [24, 'hill']];
  return [
    s('path', { d: 'M58 22 L72 14 L88 14 L102 22 L96 34 L90 32 L90 60 L70 60 L70 32 L64 34 Z', fill: '#fdd835', stroke: '#b59a00', 'stroke-width': 1.5 }),
    cards.map(([angle, card]) => s('g', { transform: `rotate(${angle} 80 120)` },
      s('rect', { x: 68, y: 44, width: 24, height: 36, rx: 3, fill: '#fdfaf2', stroke: '#555', 'stroke-width': 1 }),
      card === 'hill'
        ? s('path', { d: 'M72 64 L80 52 L88 64 Z', fill: '#8b5a2b' })
        : s('text', { x: 80, y: 60, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 'bold', fill: '#333', text: card }))),
  ];
}

/** @type {Record<string, () => import('./dom.js').Child[]>} */
const DRAWINGS = { six: sixCover, sechstage: sechstageCover, reifenbreite: reifenbreiteCover, ausreisser: ausreisserCover };

/**
 * A small drawing of the game, or null for a game without one.
 * @param {string} game
 */
export function cover(game) {
  const draw = DRAWINGS[game];
  if (!draw) return null;
  return s('svg', { class: 'cover-art', viewBox: '0 0 160 100', role: 'img', 'aria-hidden': 'true' }, draw());
}
