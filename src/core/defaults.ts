// Configuration defaults (`store-cli config`): the keys, what each accepts, and the built-in
// value when a profile sets none. Plain data, no zod: commands read these on every run,
// and the zod schemas (defaults-schema.ts) load only to check a value someone stored.
import { BRANDS, DEFAULT_API_VERSION, type Brand } from './brand.js';
import { UsageError } from './errors.js';

export const OUTPUT_FORMATS = ['table', 'tsv', 'json', 'jsonl'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const COLOR_MODES = ['auto', 'never'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

/** How customer search is asked (the store's two copies of its docs differ: GET, or POST). */
export const CUSTOMER_SEARCH_METHODS = ['get', 'post'] as const;
export type CustomerSearchMethod = (typeof CUSTOMER_SEARCH_METHODS)[number];

/** The spec's page size limits (the client's zod schema of --limit says the same). */
export const PAGE_SIZE = { min: 1, max: 250, builtIn: 50 } as const;
/** Requests in flight of a bulk import. */
export const IMPORT_CONCURRENCY = { min: 1, max: 64, builtIn: 8 } as const;

export interface DefaultValues {
  output: OutputFormat;
  'page-size': number;
  'import-concurrency': number;
  color: ColorMode;
  /** The store's header family; unset, the host or a 401 decides (see ctx.brand()). */
  brand: Brand;
  /** The path segment of every typed request: /api/<version>/... */
  'api-version': string;
  /** The method customer search is asked with first; a 404 or 405 makes the client try the other once and save it here. */
  'customer-search': CustomerSearchMethod;
}

export type DefaultKey = keyof DefaultValues;

/** In the order `config list` shows them. */
export const DEFAULT_KEYS: readonly DefaultKey[] = ['output', 'page-size', 'import-concurrency', 'color', 'brand', 'api-version', 'customer-search'];

/** Other spellings the config verbs take for a key: `apiVersion`, as the docs and the issue name the profile key. */
export const DEFAULT_KEY_ALIASES: Readonly<Record<string, DefaultKey>> = { apiVersion: 'api-version' };

export const BUILT_IN: Readonly<DefaultValues> = {
  output: 'table',
  'page-size': PAGE_SIZE.builtIn,
  'import-concurrency': IMPORT_CONCURRENCY.builtIn,
  color: 'auto',
  brand: 'service',
  'api-version': DEFAULT_API_VERSION,
  'customer-search': 'get',
};

/** What each key accepts, in the words of an error message ("page-size must be ..."). */
export const ALLOWED: Readonly<Record<DefaultKey, string>> = {
  output: `one of ${OUTPUT_FORMATS.join(', ')}`,
  'page-size': `a whole number from ${PAGE_SIZE.min} to ${PAGE_SIZE.max}`,
  'import-concurrency': `a whole number from ${IMPORT_CONCURRENCY.min} to ${IMPORT_CONCURRENCY.max}`,
  color: `one of ${COLOR_MODES.join(', ')}`,
  brand: `one of ${BRANDS.join(', ')}`,
  'api-version': 'six digits, year and month, such as 202412',
  'customer-search': `one of ${CUSTOMER_SEARCH_METHODS.join(', ')}`,
};

/** Where a setting's value came from. */
export type SettingSource = 'profile' | 'default';

export interface Setting<K extends DefaultKey = DefaultKey> {
  key: K;
  value: DefaultValues[K];
  source: SettingSource;
}

/** A stored value that is not valid (the file was edited by hand, or by an older version). */
export class InvalidDefaultError extends UsageError {
  constructor(key: DefaultKey, profile: string, raw: unknown) {
    super(
      `The config file holds ${key} ${JSON.stringify(raw)} for profile '${profile}', but ${key} must be ${ALLOWED[key]}: ` +
        `run 'store-cli config set ${key} VALUE' or 'store-cli config unset ${key}'.`,
      false,
    );
  }
}

/**
 * The setting of one key: the profile's stored value when it has one (checked by `check`),
 * else the built-in value. A flag on the command line wins over both.
 */
export function settingFrom<K extends DefaultKey>(
  key: K,
  stored: Readonly<Record<string, unknown>> | undefined,
  check: (key: K, raw: unknown) => DefaultValues[K],
): Setting<K> {
  const raw = stored?.[key];
  if (raw === undefined) return { key, value: BUILT_IN[key], source: 'default' };
  return { key, value: check(key, raw), source: 'profile' };
}
