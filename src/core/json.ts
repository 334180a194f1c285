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
