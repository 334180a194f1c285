// The zod schema of every configuration default. Loaded only to check a value: one typed
// by `config set`, or one found in the config file (which anyone can edit).
import * as z from 'zod/mini';
import {
  ALLOWED,
  COLOR_MODES,
  CUSTOMER_SEARCH_METHODS,
  IMPORT_CONCURRENCY,
  InvalidDefaultError,
  OUTPUT_FORMATS,
  PAGE_SIZE,
  type DefaultKey,
  type DefaultValues,
} from './defaults.js';
import { API_VERSION_PATTERN, BRANDS } from './brand.js';
import { UsageError } from './errors.js';

const wholeIn = (range: { min: number; max: number }) => z.int().check(z.gte(range.min), z.lte(range.max));

export const DEFAULT_SCHEMAS: { [K in DefaultKey]: z.ZodMiniType<DefaultValues[K]> } = {
  output: z.enum(OUTPUT_FORMATS),
  'page-size': wholeIn(PAGE_SIZE),
  'import-concurrency': wholeIn(IMPORT_CONCURRENCY),
  color: z.enum(COLOR_MODES),
  brand: z.enum(BRANDS),
  'api-version': z.string().check(z.regex(API_VERSION_PATTERN)),
  'customer-search': z.enum(CUSTOMER_SEARCH_METHODS),
};

const NUMERIC: ReadonlySet<DefaultKey> = new Set(['page-size', 'import-concurrency']);

/** A value typed on the command line (`config set page-size 100`), as it will be stored. */
export function parseDefault<K extends DefaultKey>(key: K, text: string): DefaultValues[K] {
  // Only plain digits become a number: " 7", "1e2" and "0x10" stay text and are refused.
  const candidate = NUMERIC.has(key) && /^\d{1,6}$/.test(text) ? Number(text) : text;
  const result = DEFAULT_SCHEMAS[key].safeParse(candidate);
  if (!result.success) throw new UsageError(`${key} must be ${ALLOWED[key]} (got '${text}').`);
  return result.data;
}

/** A value read from the profile in the config file. */
export function checkStored<K extends DefaultKey>(key: K, raw: unknown, profile: string): DefaultValues[K] {
  const result = DEFAULT_SCHEMAS[key].safeParse(raw);
  if (!result.success) throw new InvalidDefaultError(key, profile, raw);
  return result.data;
}
