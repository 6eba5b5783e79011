// @ts-check
// A replay step's change of the view (docs/api.md, "replay"): edits in
// order, each `[path, value]` (set the value at the JSON Pointer: replace
// it, add the key, or append to an array) or `[path]` (remove the key, or
// the array's last element). A path is written out the first time a change
// of the replay names it, and as its number every later time.

/**
 * The replay's changes with every path written out: a number is the path
 * of that index among the paths written out before it, in order.
 * @param {import('./types').Edit[][]} changes
 * @returns {import('./types').NamedEdit[][]}
 */
export function namePaths(changes) {
  /** @type {string[]} */
  const paths = [];
  return changes.map(change => change.map(edit => {
    const [written] = edit;
    if (typeof written === 'string') paths.push(written);
    const path = typeof written === 'number' ? paths[written] : written;
    return /** @type {import('./types').NamedEdit} */ (edit.length === 2 ? [path, edit[1]] : [path]);
  }));
}

/**
 * Applies `change` to `view` in place (a change of the whole view, path
 * "", gives a new one: use the result).
 * @param {any} view
 * @param {import('./types').NamedEdit[]} change
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
