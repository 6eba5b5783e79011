// @ts-check
// Building the page: every text goes in through textContent, never as HTML.

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * An attribute's value: a string or number is set as it is, `true` as an
 * empty attribute, `false`, `null` and `undefined` leave it out; a function
 * under `onX` listens to event X; `text` sets the text content.
 * @typedef {string | number | boolean | null | undefined | ((ev: Event) => void)} AttrValue
 * @typedef {{ [name: string]: AttrValue }} Attrs
 * @typedef {Node | string | number | null | undefined | false | ChildList} Child
 * @typedef {Child[]} ChildList
 */

/**
 * @param {Element} el
 * @param {Child[]} children
 */
function appendAll(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) appendAll(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/**
 * @template {Element} E
 * @param {E} el
 * @param {Attrs | null | undefined} attrs
 * @param {Child[]} children
 * @returns {E}
 */
function fill(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (typeof v === 'function') {
      if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    } else if (k === 'text') el.textContent = String(v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  appendAll(el, children);
  return el;
}

/**
 * An HTML element: h('button', {onclick: f, class: 'x'}, 'label').
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs | null} [attrs]
 * @param {Child[]} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/**
 * An SVG element.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs | null} [attrs]
 * @param {Child[]} children
 * @returns {SVGElementTagNameMap[K]}
 */
export function s(tag, attrs, ...children) {
  return fill(/** @type {SVGElementTagNameMap[K]} */ (document.createElementNS(SVG_NS, tag)), attrs, children);
}

/**
 * Empties an element.
 * @template {Element} E
 * @param {E} el
 * @returns {E}
 */
export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}
