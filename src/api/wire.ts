// Shared pieces of the wire format that need no schema library: paths, response
// unwrapping, counts. (Schema pieces live in schema.ts, loaded only where they are used.)
import { ApiError, CancelledError, RequestError, RuntimeError, UnconfirmedCreateError, UsageError } from '../core/errors.js';
import { isLosslessNumber, scalarText } from '../core/json.js';
import { findNextPage, nextPageQuery, PageTrail, type PageBound } from '../core/paginate.js';
import { kebab } from '../core/words.js';
import { isDotSegment } from './path-segment.js';
import type { RequestSpec } from '../core/http.js';
import type { Transport } from '../core/transport.js';
import { apiRoot, DEFAULT_API_VERSION } from '../core/brand.js';

/**
 * The root the API modules write their paths under: the spec's version. A profile's
 * `api-version` (or STORE_CLI_API_VERSION) is put in its place in one place, versioned()
 * below, which createApi wraps around every typed module's transport.
 */
export const API_PREFIX = apiRoot(DEFAULT_API_VERSION);

/** The transport that sends a path under API_PREFIX under the chosen version's root instead. */
export function versioned(transport: Transport, version: () => Promise<string>): Transport {
  return {
    ...(transport.baseUrl ? { baseUrl: () => transport.baseUrl!() } : {}),
    ...(transport.requestRaw ? { requestRaw: async (spec) => transport.requestRaw!({ ...spec, path: await versionedPath(spec.path, version) }) } : {}),
    async request(spec, view) {
      return transport.request({ ...spec, path: await versionedPath(spec.path, version) }, view);
    },
  };
}

/** `path` under the chosen version's root when it is under API_PREFIX; else as it is. */
async function versionedPath(path: string, version: () => Promise<string>): Promise<string> {
  const root = apiRoot(await version());
  const moved = root !== API_PREFIX && (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`));
  return moved ? root + path.slice(API_PREFIX.length) : path;
}

/** One path segment, whatever it holds: `../x` stays a single segment. */
export function segment(value: string): string {
  // The commands refuse these by argument name; this guards every other caller.
  if (isDotSegment(value)) throw new UsageError(`An id cannot be '${value}': in a URL path it would name another resource. Nothing was sent.`, false);
  return encodeURIComponent(value);
}

export function unwrap(body: unknown, key: string, what: string): unknown {
  if (body && typeof body === 'object' && key in body) return (body as Record<string, unknown>)[key];
  throw new RuntimeError(`The store's answer has no '${key}' ${what}.`);
}

/**
 * Every item of a listing the spec shows unpaged: a next-page link, should a store send
 * one, is followed to the end. `items` takes each page's body to its checked items.
 */
export async function readAllPages<T>(
  transport: Transport,
  path: string,
  query: Record<string, string | undefined>,
  items: (body: unknown) => T[] | Promise<T[]>,
): Promise<T[]> {
  const found: T[] = [];
  for await (const page of pagesOf(transport, path, query, items, { all: true })) found.push(...page);
  return found;
}

export interface Paging {
  /** Follow next pages to the end; otherwise read one page and return the next one's token. */
  all: boolean;
  /** At most this many pages (MAX_PAGES unless given). */
  bound?: PageBound;
  /** The store's page size when the query sets no limit, if the spec says it. */
  defaultLimit?: number;
  /** How a page is asked for its query (default: a GET with the query as parameters). */
  send?: (query: Record<string, string | undefined>) => RequestSpec;
}

/**
 * The one paging loop of every listing: pages of items as they arrive, `items` checking each
 * page's body. With `all`, next pages are followed to the end (a next page that cannot be
 * told, one past the bound, one asked for before, or a page holding an earlier page's items
 * is an error: see PageTrail); without, one page is read and the next page's token returned
 * (if any) for the caller to say how to go on: a header that cannot be read is then no
 * failure, the token being only a hint.
 */
export async function* pagesOf<T>(
  transport: Transport,
  path: string,
  first: Record<string, string | undefined>,
  items: (body: unknown) => T[] | Promise<T[]>,
  paging: Paging,
): AsyncGenerator<T[], string | undefined> {
  let query = first;
  const trail = paging.all ? new PageTrail(first) : undefined;
  for (let page = 1; ; page++) {
    const response = await transport.request(paging.send ? paging.send(query) : { method: 'GET', path, query });
    const found = await items(response.body);
    trail?.checkPage(found, page);
    yield found;
    const seen = {
      page,
      link: response.headers.link,
      body: response.body,
      query,
      items: found.length,
      ...(paging.bound ? { bound: paging.bound } : {}),
      ...(paging.defaultLimit !== undefined ? { defaultLimit: paging.defaultLimit } : {}),
    };
    if (!paging.all) {
      const next = findNextPage(seen);
      return 'query' in next ? next.query.pageToken : undefined;
    }
    const next = nextPageQuery(seen);
    if (!next) return undefined;
    trail!.checkNext(next, page);
    query = next;
  }
}

/**
 * A create that is never resent once it may have reached the store (what it makes has no
 * unique key, so a second send could make a second one): an interruption, or a failure after
 * which the request may have been applied, becomes an UnconfirmedCreateError ending with
 * `mayExist` ("The product may have been created anyway.").
 */
export async function createOnce<T>(create: () => Promise<T>, mayExist: string): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (error instanceof CancelledError) throw new UnconfirmedCreateError(`Interrupted. ${mayExist}`, error);
    if (error instanceof RequestError && error.mayHaveApplied) throw new UnconfirmedCreateError(`${error.message} ${mayExist}`, error);
    throw error;
  }
}

/**
 * Any 2xx is success, and a 204 (or 202) may carry no body, which the HTTP layer reads as
 * {}. A write answered so still happened: the caller reads the object back or shows what
 * it sent, never reports a failure.
 */
export function isEmptyAnswer(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && !isLosslessNumber(body) && Object.keys(body).length === 0;
}

export function parseCount(body: unknown): string {
  const raw = unwrap(body, 'count', 'count');
  const text = scalarText(raw).trim();
  if (!/^\d+$/.test(text)) throw new RuntimeError(`The store sent a count that is not a whole number ('${text}').`);
  return text.replace(/^0+(?=\d)/, '');
}

/** How each input field is named to the user: `note` -> `--note`, unless said otherwise. */
export function kebabFlag(field: string): string {
  return `--${kebab(field)}`;
}

/** A money amount as prices and gift card values take it: up to 15 digits, at most 2 decimals. */
export const MONEY_AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;

export function isCalendarDate(text: string): boolean {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * The store's "this code is taken" (gift card and discount codes, unique in the store): a 409
 * (the only conflict a create of a code can meet), or the 422 real stores use for validation
 * when it speaks of a duplicate code.
 */
export function isCodeTaken(error: ApiError): boolean {
  if (error.status === 409) return true;
  if (error.status !== 422) return false;
  const texts = [error.code ?? '', error.message, ...error.fields.map((f) => `${f.field ?? ''} ${f.message}`)];
  return texts.some((t) => /duplicat|already|exist|taken|in use|unique/i.test(t)) && texts.some((t) => /code/i.test(t));
}

/**
 * A listing's pages, each kept to what `keep` accepts: a filter the store's docs do not show
 * is sent, and checked again on what comes back, so a store that ignores it cannot widen the
 * answer. The next page's token (the listing's return) is handed on as it came.
 */
export async function* keptPages<T, R>(pages: AsyncGenerator<T[], R>, keep: (item: T) => boolean): AsyncGenerator<T[], R> {
  for (;;) {
    const next = await pages.next();
    if (next.done) return next.value;
    yield next.value.filter(keep);
  }
}
