// What a group of rows asks of one business object, given what it holds: values to
// create, values to update, values already right.
import { parseFieldType, type FieldType } from '../../../api/metafields/types.js';
import { sameValue, toWireValue } from '../../../api/metafields/values.js';
import type { Metafield, MetafieldInput } from '../../../api/metafields/schema.js';
import { quoted, type Row } from './rows.js';

export interface Plan {
  create: Row[];
  update: Row[];
  unchanged: Row[];
  /** Rows without a type whose value does not fit the type of the value stored. */
  invalid: Array<{ row: Row; reason: string }>;
}

/**
 * A row without a type takes the type of the value the store holds, as `metafield set`
 * does: its text is converted by that type ("1.5 kg" for a Weight) before it is compared
 * and sent. Values compare by meaning where the type is known (1.50 kg and 1.5 kg are
 * the same weight).
 */
export function planChanges(rows: readonly Row[], current: readonly Metafield[]): Plan {
  const held = new Map<string, Metafield>();
  for (const value of current) held.set(fieldKey(value.namespace, value.code), value);
  const plan: Plan = { create: [], update: [], unchanged: [], invalid: [] };
  for (const row of rows) {
    const stored = held.get(fieldKey(row.namespace, row.code));
    if (stored === undefined) {
      plan.create.push(row);
      continue;
    }
    const type = row.type ?? storedType(stored);
    let wanted = row;
    if (row.type === undefined && type !== undefined) {
      const converted = toWireValue(type, row.text.value);
      if (!converted.ok) {
        plan.invalid.push({ row, reason: `the value ${quoted(row.text.value)} is not ${converted.expected} (${type} is the field's type on the store)` });
        continue;
      }
      wanted = { ...row, value: converted.value };
    }
    if (sameValue(type, stored.value, wanted.value)) plan.unchanged.push(wanted);
    else plan.update.push(wanted);
  }
  return plan;
}

/**
 * A row checked against the type of its field's definition, as the store checks a value it
 * is sent: a row without a type of its own takes the definition's (its text converted, as
 * by a stored value's type), and a value that does not fit is refused before it is sent.
 */
export function fitDefinition(row: Row, type: FieldType | undefined): { ok: true; row: Row } | { ok: false; reason: string } {
  if (type === undefined || row.type === type) return { ok: true, row };
  const converted = toWireValue(type, row.type === undefined ? row.text.value : row.value);
  if (!converted.ok)
    return { ok: false, reason: `the value ${quoted(row.text.value)} is not ${converted.expected} (${type} is the field's type on the store)` };
  return { ok: true, row: row.type === undefined ? { ...row, value: converted.value } : row };
}

function storedType(value: Metafield) {
  return typeof value.fieldType === 'string' ? parseFieldType(value.fieldType) : undefined;
}

export function fieldKey(namespace: string, code: string): string {
  return `${namespace}\u0000${code}`;
}

export function toInput(row: Row): MetafieldInput {
  return { namespace: row.namespace, code: row.code, value: row.value };
}

/**
 * Rows in create requests of at most `maxItems` values and about `maxBytes` of body:
 * long values would otherwise make a request of 100 values too large for a store.
 */
export function chunk(rows: readonly Row[], maxItems: number, maxBytes: number): Row[][] {
  const chunks: Row[][] = [];
  let current: Row[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = bodyBytes(row);
    if (current.length > 0 && (current.length >= maxItems || bytes + size > maxBytes)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** The JSON text one value adds to a create request (escapes included). */
function bodyBytes(row: Row): number {
  return Buffer.byteLength(JSON.stringify(row.value)) + row.namespace.length + row.code.length + 40;
}
