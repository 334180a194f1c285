// Lossless JSON. Stores may send ids and counts as JSON numbers longer than 2^53;
// JSON.parse would silently round them, so every response goes through lossless-json,
// which keeps each number's exact text (a LosslessNumber) and writes it back unchanged.
import { LosslessNumber, isLosslessNumber, parse, stringify } from 'lossless-json';

export { LosslessNumber, isLosslessNumber };

export function parseJson(text: string): unknown {
  return parse(text);
}

export function toJson(value: unknown, indent?: number): string {
  return stringify(value, null, indent) ?? 'null';
}

/** The text of a scalar for tables and TSV: digits of a number exactly as received. */
export function scalarText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (isLosslessNumber(value)) return value.toString();
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return toJson(value);
}

/** The deepest nesting of arrays and objects a JSON input may have (a product file needs 5). */
export const MAX_JSON_DEPTH = 100;

/**
 * Where the first bracket opening a level deeper than `max` is (a string index), or -1.
 * A flat scan that skips strings, not a recursive parser: it cannot overflow the stack,
 * as lossless-json (recursive) does on JSON nested 100,000 deep.
 */
export function tooDeepAt(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return i;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return -1;
}
