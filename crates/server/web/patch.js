// @ts-check
// JSON Patch (RFC 6902), as the server writes a replay's steps.

/**
 * The keys of a JSON Pointer (RFC 6901): `/a/0/b~1c` is `a`, `0`, `b/c`.
 * @param {string} pointer
 * @returns {string[]}
 */
function keys(pointer) {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map(k => k.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The container a pointer ends in, and its last key.
 * @param {any} doc
 * @param {string} pointer
 * @returns {[any, string]}
 */
function parentOf(doc, pointer) {
  const path = keys(pointer);
  const last = path.pop();
  if (last === undefined) throw new Error(`no parent of the whole document: ${pointer}`);
  let at = doc;
  for (const key of path) {
    if (at === null || typeof at !== 'object' || !(key in at)) throw new Error(`no such path: ${pointer}`);
    at = at[key];
  }
  return [at, last];
}

/**
 * @param {any} doc
 * @param {string} pointer
 */
function get(doc, pointer) {
  return keys(pointer).reduce((at, key) => at[key], doc);
}

/**
 * @param {any} doc
 * @param {string} pointer
 * @param {unknown} value
 * @returns {any} the document (a new one when the whole is replaced)
 */
function add(doc, pointer, value) {
  if (pointer === '') return value;
  const [parent, key] = parentOf(doc, pointer);
  if (Array.isArray(parent)) parent.splice(key === '-' ? parent.length : Number(key), 0, value);
  else parent[key] = value;
  return doc;
}

/**
 * @param {any} doc
 * @param {string} pointer
 * @returns {unknown} what was there
 */
function remove(doc, pointer) {
  const [parent, key] = parentOf(doc, pointer);
  if (Array.isArray(parent)) return parent.splice(Number(key), 1)[0];
  const was = parent[key];
  delete parent[key];
  return was;
}

/**
 * Applies `ops` to `doc` in place (the whole document may be replaced:
 * use the result).
 * @param {any} doc
 * @param {import('./types').PatchOp[]} ops
 * @returns {any}
 */
export function applyPatch(doc, ops) {
  for (const op of ops) {
    switch (op.op) {
      case 'add': doc = add(doc, op.path, structuredClone(op.value)); break;
      case 'remove': remove(doc, op.path); break;
      case 'replace':
        if (op.path === '') doc = structuredClone(op.value);
        else { remove(doc, op.path); doc = add(doc, op.path, structuredClone(op.value)); }
        break;
      case 'move': doc = add(doc, op.path, remove(doc, op.from || '')); break;
      case 'copy': doc = add(doc, op.path, structuredClone(get(doc, op.from || ''))); break;
      case 'test':
        if (JSON.stringify(get(doc, op.path)) !== JSON.stringify(op.value)) throw new Error(`test failed at ${op.path}`);
        break;
    }
  }
  return doc;
}
