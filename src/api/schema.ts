// Schema pieces shared by every resource (zod/mini): ids, amounts, dates, and turning a
// validation problem into one sentence that names the flag (or field) at fault.
import * as z from 'zod/mini';
import { RuntimeError, UsageError } from '../core/errors.js';
import { LosslessNumber } from '../core/json.js';
import { isCalendarDate, kebabFlag, MONEY_AMOUNT } from './wire.js';

/** Ids are opaque: a JSON string or a JSON number of any length, kept digit-exact. */
export const wireId = z.union([z.string(), z.instanceof(LosslessNumber)]);
/** Amounts are decimal strings; a store sending a bare number is tolerated losslessly. */
export const wireAmount = z.union([z.string(), z.instanceof(LosslessNumber)]);

export function parseWire<T>(schema: z.ZodMiniType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new RuntimeError(`The store sent ${what} that does not match the API${path}: ${issue.message}.`);
}

/** A field shown as the store sent it, whatever its type: nothing may refuse an answer over it. */
export const asSent = z.optional(z.unknown());

/** `value` checked against the schema, but returned as sent: zod's copy would reorder the keys (--json shows the store's order). */
export function checkedAsSent<T>(schema: z.ZodMiniType<T>, value: unknown, what: string): T {
  parseWire(schema, value, what);
  return value as T;
}

/** A list whose every item is checked so, returned as sent. */
export function checkedListAsSent<T>(schema: z.ZodMiniType<T>, list: unknown, what: string): T[] {
  parseWire(z.array(schema), list, what);
  return list as T[];
}

/** How each input field is named to the user when not `--kebab-case` of it. */
export type InputNames = Record<string, string>;

/**
 * `secrets`: fields whose value a message never shows (a gift card code): the error
 * names the flag and the rule only.
 */
export function parseInput<T>(schema: z.ZodMiniType<T>, value: unknown, names: InputNames = {}, secrets: readonly string[] = []): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = String(issue.path[0] ?? '');
  const name = names[field] ?? kebabFlag(field);
  const raw = (value as Record<string, unknown>)[field];
  if (raw === undefined && issue.code === 'invalid_type') throw new UsageError(`${name} is required.`);
  const shown = typeof raw === 'string' && !secrets.includes(field);
  const got = shown ? ` (got '${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}')` : '';
  throw new UsageError(`${name} ${issue.message}${issue.code === 'too_big' || issue.code === 'too_small' ? '' : got}.`);
}

// Checks shared by every resource's inputs, each with the sentence a user reads.
export { MONEY_AMOUNT };
export const decimalAmount = () =>
  z.string().check(z.regex(MONEY_AMOUNT, 'must be a non-negative decimal amount such as 25 or 19.99, with at most 15 digits before the point and 2 after'));
export const numericId = () => z.string().check(z.regex(/^\d+$/, 'must be a numeric id'));
export const isoDate = () =>
  z.string().check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD'),
    z.refine((s) => isCalendarDate(s), 'must be a real calendar date (YYYY-MM-DD)'),
  );

/**
 * `true` when a zod-free field list (a resource's fields.ts, which verbs declare at start-up)
 * names exactly a schema's fields; otherwise the fields missing from the list and those it
 * has in excess. With Assert, a field added to one and not the other fails the type check:
 * the two never drift, and no test has to compare them.
 */
export type ExactFields<Shape, Field extends string> = [Exclude<keyof Shape, Field>, Exclude<Field, keyof Shape>] extends [never, never]
  ? true
  : { missing: Exclude<keyof Shape, Field>; extra: Exclude<Field, keyof Shape> };
/** Compiles only for `true` (the error names what the type was instead). */
export type Assert<T extends true> = T;
