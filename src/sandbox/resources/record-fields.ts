// The kinds of field a record table (record-table.ts) is described in: each says how its value
// is stored (the data file, the journal, a snapshot), written in a seed, read from a request
// body (its errors at their JSON path) and shown on the wire in the dialect's form. A
// resource whose field fits none writes its own kind: a FieldKind is a plain object.
import * as z from 'zod';
import type { FieldErrors } from '../http/sandbox-errors.js';
import { isTimestamp } from './dates.js';
import type { ResourceEnv } from './resource.js';
import { characterCount } from './text.js';

/** What a read answers for a value that removes the field (a text cleared by null or ""). */
export const CLEAR = Symbol('clear');

export interface FieldKind<T = unknown, Optional extends boolean = boolean> {
  /** The value as stored: the data file, the journal, a snapshot. */
  readonly stored: z.ZodType<T>;
  /** As a seed's author writes it (its default filled in); absent: `stored`, defaulting to `initial`. */
  readonly seed?: z.ZodType<T | undefined, unknown>;
  /** A record may lack it (it is then left out of the record and of the wire form). */
  readonly optional: Optional;
  /** A create must send it. */
  readonly required?: boolean;
  /** A new record's value when its create or its seed leaves it out. */
  readonly initial?: T;
  /** Stamped by the store with the request's time: when the record was made, or last changed. */
  readonly stamp?: 'created' | 'updated';
  /** Sent as null (or, where the kind says so, as ""), it removes the field; otherwise null is as good as absent. */
  readonly clearable?: boolean;
  /**
   * A value sent in a body (never undefined nor null) at JSON path `at`: the value, CLEAR, or
   * undefined once an error is added. Absent: the store's own field, ignored in a body.
   */
  read?(value: unknown, at: string, errors: FieldErrors, env: ResourceEnv): T | typeof CLEAR | undefined;
  /** The wire form; absent: as stored. */
  present?(value: T, env: ResourceEnv): unknown;
}

/** A rule a text must pass, and what is said when it does not. */
export interface TextRule {
  test: RegExp | ((text: string) => boolean);
  message: string;
}

export interface TextOptions<Required extends boolean> {
  /** The most characters (code points) it may have. */
  max: number;
  /** A create must send it, and no record lacks it. */
  required?: Required;
  /** Not only spaces. */
  notBlank?: boolean;
  rule?: TextRule;
  /** null or "" removes it (on a create: leaves it out). */
  clearable?: boolean;
}

const passes = (rule: TextRule, text: string) => (typeof rule.test === 'function' ? rule.test(text) : rule.test.test(text));

/** One-line text, as most fields of a record are. */
export function text<Required extends boolean = false>(options: TextOptions<Required>): FieldKind<string, Required extends true ? false : true> {
  const { max, notBlank = false, rule, clearable = false } = options;
  /** What is wrong with a text, checked in the order a person would fix it. */
  const problem = (value: string): string | undefined => {
    if (characterCount(value) > max) return `must be at most ${max} characters`;
    if (notBlank && value.trim() === '') return 'must not be blank';
    if (rule !== undefined && !passes(rule, value)) return rule.message;
    return undefined;
  };
  return {
    stored: z.string({ error: 'must be a string' }).superRefine((value, context) => {
      const message = problem(value);
      if (message !== undefined) context.addIssue({ code: 'custom', message });
    }),
    optional: (options.required !== true) as Required extends true ? false : true,
    required: options.required === true,
    clearable,
    read(value, at, errors) {
      if (clearable && value === '') return CLEAR;
      if (typeof value !== 'string') {
        errors.add(at, 'must be a string');
        return undefined;
      }
      const message = problem(value);
      if (message === undefined) return value;
      errors.add(at, message);
      return undefined;
    },
  };
}

/** One of a list of words; `values` may depend on the sandbox (the topics a dialect takes). */
export function choice<const V extends string>(
  values: readonly V[],
  options: { required?: boolean; initial?: V; accepted?: (env: ResourceEnv) => readonly V[] } = {},
): FieldKind<V, false> {
  const oneOf = (list: readonly string[]) => `must be one of ${list.join(', ')}`;
  return {
    stored: z
      .string({ error: oneOf(values) })
      .refine((value): value is V => (values as readonly string[]).includes(value), oneOf(values)) as unknown as z.ZodType<V>,
    optional: false,
    ...(options.required === true ? { required: true } : {}),
    ...(options.initial === undefined ? {} : { initial: options.initial }),
    read(value, at, errors, env) {
      const accepted: readonly string[] = options.accepted?.(env) ?? values;
      if (typeof value === 'string' && accepted.includes(value)) return value as V;
      errors.add(at, oneOf(accepted));
      return undefined;
    },
  };
}

/** true or false, sent as a JSON boolean or as the text the store writes ("true"). */
export function flag(options: { initial: boolean; writable?: boolean; shown?: 'text' | 'boolean' }): FieldKind<boolean, false> {
  return {
    stored: z.boolean({ error: 'must be true or false' }),
    optional: false,
    initial: options.initial,
    ...(options.writable === false
      ? {}
      : {
          read(value: unknown, at: string, errors: FieldErrors) {
            if (value === true || value === 'true') return true;
            if (value === false || value === 'false') return false;
            errors.add(at, 'must be true or false');
            return undefined;
          },
        }),
    ...(options.shown === 'text' ? { present: (value: boolean) => String(value) } : {}),
  };
}

const timestampSchema = z
  .string({ error: 'must be a UTC timestamp like 2026-11-21T10:00:00Z' })
  .refine(isTimestamp, 'must be a UTC timestamp like 2026-11-21T10:00:00Z');

/** A time the store keeps (UTC, `2026-11-21T10:00:00Z`), written in the dialect's form; a seed may leave it out. */
function timestamp(stamp: 'created' | 'updated'): FieldKind<string, false> {
  return { stored: timestampSchema, optional: false, stamp, present: (value, env) => env.dialect.time(value) };
}

/** When the record was made: the create's time, or the seed's load when it gives none. */
export const createTime = (): FieldKind<string, false> => timestamp('created');

/** When the record last changed: each create and update's time; in a seed, its createTime when it gives none. */
export const updateTime = (): FieldKind<string, false> => timestamp('updated');

/** A field only the store writes (a count, a state it keeps): stored as `schema` says, new records start at `initial`. */
export function kept<T>(schema: z.ZodType<T>, initial: T, present?: (value: T) => unknown): FieldKind<T, false> {
  return { stored: schema, optional: false, initial, ...(present === undefined ? {} : { present }) };
}

/** A value sent as text, a number or a JSON integer too long for a number, as text; '' for anything else (an id or an amount then fails its pattern). */
export function sentText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || (typeof value === 'object' && value !== null) ? String(value) : '';
}

/**
 * The `read` of a list in a body: not an array, one error (`must be an array of ${what}`); each
 * entry read by `entry` at `at[index]` (undefined once it adds an error), told the entries read
 * before it. The list only when every entry read.
 */
export function listRead<T>(
  what: string,
  entry: (value: unknown, at: string, errors: FieldErrors, index: number, earlier: readonly T[]) => T | undefined,
): (value: unknown, at: string, errors: FieldErrors) => T[] | undefined {
  return (value, at, errors) => {
    if (!Array.isArray(value)) {
      errors.add(at, `must be an array of ${what}`);
      return undefined;
    }
    const list: T[] = [];
    value.forEach((item: unknown, index) => {
      const read = entry(item, `${at}[${index}]`, errors, index, list);
      if (read !== undefined) list.push(read);
    });
    return list.length === value.length ? list : undefined;
  };
}
