// What an edit changes, field by field: `variants[0].price` from "19.99" to "24.99".
// Objects are compared key by key, arrays item by item; an item added or removed is one
// change holding the whole item. Values compare by their JSON text (lossless).
import { isPlainObject } from '../api/products/draft.js';
import { toJson } from '../core/json.js';

export interface Change {
  field: string;
  /** Absent when the field is new. */
  before?: unknown;
  /** Absent when the field is removed. */
  after?: unknown;
}

export function diffProducts(before: unknown, after: unknown): Change[] {
  const changes: Change[] = [];
  walk('', before, after, changes);
  return changes;
}

function walk(path: string, before: unknown, after: unknown, changes: Change[]): void {
  if (before === undefined && after === undefined) return;
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...Object.keys(before), ...Object.keys(after).filter((k) => !(k in before))];
    for (const key of keys) walk(path === '' ? key : `${path}.${key}`, before[key], after[key], changes);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i++) walk(`${path}[${i}]`, before[i], after[i], changes);
    return;
  }
  if (before !== undefined && after !== undefined && toJson(before) === toJson(after)) return;
  changes.push({ field: path, ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) });
}
