// Any request of the API, for the `api` command: a path as the user wrote it (below the
// API prefix unless it names one), a JSON body sent as given, the answer unparsed. The
// token only ever goes to the configured store: an absolute URL must be that store's.
import { RuntimeError, UsageError } from '../core/errors.js';
import type { Method } from '../core/http.js';
import { isLosslessNumber, parseJson } from '../core/json.js';
import { MAX_PAGES, nextPageQuery, PageTrail } from '../core/paginate.js';
import { rawPath, type Transport } from '../core/transport.js';
import { API_PREFIX } from './wire.js';

export type QueryPairs = ReadonlyArray<readonly [string, string]>;

export interface RawRequest {
  method: Method;
  /** `gift_cards/count`, `/api/202412/gift_cards/count`, or a URL of the store itself; may carry a query. */
  path: string;
  /** Query parameters after the path's own, in order (a key may repeat). */
  query?: QueryPairs;
  /** JSON text, sent exactly as given. */
  body?: string;
  /** Extra headers, lower-case names. */
  headers?: Record<string, string>;
  /** pages(): the most pages followed (the api command's --max-pages); unset, MAX_PAGES. */
  maxPages?: number;
  /** pages(): how the caller raises that bound (the api command's flag), named in the error at the bound. */
  maxPagesFlag?: string;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | undefined>;
  /** The body exactly as received ('' when there was none). */
  text: string;
}

export interface RawPage {
  status: number;
  headers: Record<string, string | undefined>;
  /** The page's items: see pageItems. */
  items: unknown[];
}

// HTTP's idempotent methods may be resent after a lost answer; POST and PATCH may not.
const IDEMPOTENT: ReadonlySet<Method> = new Set(['GET', 'PUT', 'DELETE']);

export class RawApi {
  /** `root`: the API root a bare path goes below (the profile's version); a path naming `api/...` is sent as written. */
  constructor(
    private readonly transport: Transport,
    private readonly root: () => Promise<string> = async () => API_PREFIX,
  ) {}

  async request(request: RawRequest): Promise<RawResponse> {
    const target = await this.target(request);
    return this.send(request, target.path, target.query);
  }

  /**
   * Every page of a GET, following `Link: rel="next"` (or a body's nextPageToken) on the
   * same path of the same store, one page in memory at a time.
   */
  async *pages(request: RawRequest): AsyncGenerator<RawPage> {
    const target = await this.target(request);
    let query = target.query;
    const trail = new PageTrail(Object.fromEntries(query));
    for (let page = 1; ; page++) {
      const response = await this.send(request, target.path, query);
      const body = pageBody(response.text, `${request.method} ${target.path}`, page);
      const items = pageItems(body);
      trail.checkPage(items, page);
      yield { status: response.status, headers: response.headers, items };
      const next = nextPageQuery({
        page,
        bound: { pages: request.maxPages ?? MAX_PAGES, ...(request.maxPagesFlag === undefined ? {} : { flag: request.maxPagesFlag }) },
        link: response.headers.link,
        body,
        query: Object.fromEntries(query),
        items: items.length,
      });
      if (!next) return;
      trail.checkNext(next, page);
      query = Object.entries(next);
    }
  }

  private async target(request: RawRequest): Promise<{ path: string; query: QueryPairs }> {
    const base = isAbsolute(request.path) ? await this.transport.baseUrl?.() : undefined;
    const resolved = resolveApiPath(request.path, base, await this.root());
    return { path: resolved.path, query: [...resolved.query, ...(request.query ?? [])] };
  }

  private async send(request: RawRequest, path: string, query: QueryPairs): Promise<RawResponse> {
    const search = new URLSearchParams(query.map(([k, v]): [string, string] => [k, v])).toString();
    return rawPath(this.transport)({
      method: request.method,
      path: search === '' ? path : `${path}?${search}`,
      idempotent: IDEMPOTENT.has(request.method),
      ...(request.body !== undefined ? { bodyText: request.body } : {}),
      ...(request.headers ? { headers: request.headers } : {}),
    });
  }
}

function isAbsolute(path: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(path) || path.startsWith('//');
}

/**
 * The request path below the base URL, and the query the user wrote. A path that does not
 * start with `api/` is taken as below `root` (/api/202412 unless the profile names another version; the leading slash optional); an
 * absolute URL must be on the store's origin and under its base path (`baseUrl`).
 */
export function resolveApiPath(path: string, baseUrl: string | undefined, root: string = API_PREFIX): { path: string; query: QueryPairs } {
  if (path.trim() === '') throw new UsageError('<path> must not be empty: give one such as gift_cards/count.');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) throw new UsageError('<path> must not contain control characters or line breaks.');
  if (isAbsolute(path)) return storeUrlPath(path, baseUrl);
  const at = path.indexOf('?');
  const bare = at < 0 ? path : path.slice(0, at);
  const query = at < 0 ? [] : [...new URLSearchParams(path.slice(at + 1)).entries()];
  const rooted = /^\/?api(\/|$)/.test(bare) ? `/${bare.replace(/^\/+/, '')}` : `${root}/${bare.replace(/^\/+/, '')}`;
  return { path: encodePath(rooted), query };
}

function storeUrlPath(text: string, baseUrl: string | undefined): { path: string; query: QueryPairs } {
  let url: URL;
  try {
    // `//host/path` takes the store's scheme, as a browser would.
    url = new URL(text, baseUrl ?? 'https://scheme-relative.invalid');
  } catch {
    throw new UsageError(`<path> '${text}' is not a valid URL; give a path such as gift_cards/count.`);
  }
  if (!baseUrl) throw new UsageError('<path> must be a path such as gift_cards/count, not a URL.');
  const base = new URL(baseUrl);
  if (url.origin !== base.origin) {
    throw new UsageError(
      `<path> ${url.origin} is not the store (${base.origin}): the access token is only sent to the store. Give a path such as gift_cards/count.`,
    );
  }
  const prefix = base.pathname.replace(/\/+$/, '');
  if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) {
    throw new UsageError(`<path> ${url.pathname} is outside the store's base URL (${base.origin}${prefix}/).`);
  }
  return { path: url.pathname.slice(prefix.length) || '/', query: [...url.searchParams.entries()] };
}

/** Percent-encodes what a path cannot carry (spaces, #...) and keeps escapes already there. */
function encodePath(path: string): string {
  return path.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@%/]/g, (c) => encodeURIComponent(c));
}

function pageBody(text: string, what: string, page: number): unknown {
  if (text.trim() === '') return undefined;
  try {
    return parseJson(text);
  } catch {
    throw new RuntimeError(`The store answered page ${page} of ${what} with a body that is not JSON: only JSON pages can be followed.`);
  }
}

/**
 * A page's items: the elements of a top-level array, or of the one array property of an
 * object (`{"giftCards": [...]}`); any other body is one item; an empty body none.
 */
export function pageItems(body: unknown): unknown[] {
  if (body === undefined) return [];
  if (Array.isArray(body)) return body;
  if (typeof body === 'object' && body !== null && !isLosslessNumber(body)) {
    const arrays = Object.values(body).filter(Array.isArray);
    if (arrays.length === 1) return arrays[0] as unknown[];
  }
  return [body];
}
