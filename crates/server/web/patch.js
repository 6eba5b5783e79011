// @ts-check
// A replay step's change of the view (docs/api.md, "replay"): edits in
// order, each `[path, value]` (set the value at the JSON Pointer: replace
// it, add the key, or append to an array) or `[path]` (remove the key, or
// the array's last element).

/**
 * Applies `change` to `view` in place (a change of the whole view, path
 * "", gives a new one: use the result).
 * @param {any} view
 * @param {import('./types').Edit[]} change
 * @returns {any}
 */
export function applyChange(view, change) {
  for (const edit of change) {
    const path = edit[0];
    if (path === '') { view = structuredClone(edit[1]); continue; }
    const keys = path.slice(1).split('/').map(k => k.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = /** @type {string} */ (keys.pop());
    let at = view;
    for (const key of keys) at = at[key];
    if (edit.length === 2) {
      if (Array.isArray(at) && Number(last) === at.length) at.push(structuredClone(edit[1]));
      else at[last] = structuredClone(edit[1]);
    } else if (Array.isArray(at)) at.pop();
    else delete at[last];
  }
  return view;
}
