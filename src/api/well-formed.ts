// Zod-free checks of read answers, for the reads a command makes on its way to its first line
// of output (a gift card, a page of customers). An answer one of them accepts is one its
// resource's zod schema accepts too (test/api/well-formed.test.ts holds each kind to zod's),
// so zod (80 kB to parse at start-up) loads only for an answer they refuse: the schema then
// names what is wrong, or accepts what these checks were too strict to.
import { LosslessNumber } from '../core/json.js';

/** Whether a field's value is of the kind a resource's schema accepts. */
export type Kind = (value: unknown) => boolean;

/** Ids are opaque: a JSON string or a JSON number of any length, kept digit-exact (schema.ts wireId). */
export const id: Kind = (value) => typeof value === 'string' || value instanceof LosslessNumber;
/** Amounts as stores send them: a decimal string, or a bare number kept lossless (schema.ts wireAmount). */
export const amount: Kind = id;
export const text: Kind = (value) => typeof value === 'string';
export const texts: Kind = (value) => Array.isArray(value) && value.every(text);
/** A field shown as the store sent it, whatever its type (schema.ts asSent). */
export const asSent: Kind = () => true;
export const optional =
  (kind: Kind): Kind =>
  (value) =>
    value === undefined || kind(value);
export const nullable =
  (kind: Kind): Kind =>
  (value) =>
    value === null || kind(value);

/** An object (not an array) whose every named field is of its kind; fields not named are kept as sent. */
export function objectOf<F extends string>(kinds: Readonly<Record<F, Kind>>): (value: unknown) => boolean {
  const fields = Object.entries(kinds) as Array<[string, Kind]>;
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const record = value as Record<string, unknown>;
    return fields.every(([field, kind]) => kind(record[field]));
  };
}

/**
 * `value` as the store sent it when `isWellFormed` accepts it; otherwise what `schemaCheck`
 * (loaded only then: the resource's zod check) makes of it, which names the problem.
 */
export async function readChecked<T>(value: unknown, isWellFormed: (value: unknown) => boolean, schemaCheck: () => Promise<(value: unknown) => T>): Promise<T> {
  if (isWellFormed(value)) return value as T;
  return (await schemaCheck())(value);
}

/** A list whose every item `isWellFormed` accepts. */
export const listOf =
  (isWellFormed: (value: unknown) => boolean) =>
  (value: unknown): boolean =>
    Array.isArray(value) && value.every(isWellFormed);
