import { invalidField } from '../http/sandbox-errors.js';
import { canonicalId } from '../state/ids.js';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 250;

export function parseLimit(raw: string | null): number {
  if (raw === null) return DEFAULT_PAGE_SIZE;
  const value = /^[0-9]{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= 1 && value <= MAX_PAGE_SIZE)) {
    throw invalidField('limit', `must be an integer from 1 to ${MAX_PAGE_SIZE}`);
  }
  return value;
}

export function parseSinceId(raw: string | null): string | null {
  if (raw === null) return null;
  const id = canonicalId(raw);
  if (id === null) throw invalidField('sinceId', 'must be a numeric id');
  return id;
}

/**
 * Where the next page starts (strictly after the id `after`) and the filters of the
 * listing, so that a next-page request needs nothing but the token and a limit.
 */
export interface PageCursor {
  after: string;
  filters: Readonly<Record<string, string>>;
}

const TOKEN_VERSION = 1;

/** base64url of a small versioned JSON document; opaque to clients by contract, not by crypto. */
export function encodePageToken(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify({ v: TOKEN_VERSION, after: cursor.after, f: cursor.filters }), 'utf8').toString('base64url');
}

/** `isPosition` says what `after` may be: an id by default; a listing ordered otherwise passes its own rule. */
export function decodePageToken(raw: string, isPosition: (after: string) => boolean = (after) => canonicalId(after) === after): PageCursor {
  const bad = () => invalidField('pageToken', 'is not a page token issued by this store');
  if (!/^[A-Za-z0-9_-]{1,2048}$/.test(raw)) throw bad();
  let document: unknown;
  try {
    document = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (typeof document !== 'object' || document === null) throw bad();
  const { v, after, f } = document as Record<string, unknown>;
  if (v !== TOKEN_VERSION || typeof after !== 'string' || !isPosition(after)) throw bad();
  if (typeof f !== 'object' || f === null || Array.isArray(f)) throw bad();
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(f)) {
    if (typeof value !== 'string') throw bad();
    filters[key] = value;
  }
  return { after, filters };
}

/**
 * A next page's cursor, the request's filters checked against it: beside the token a filter
 * is refused where the dialect sends the token alone, and elsewhere must be the token's own.
 */
export function nextPageCursor(token: string, query: URLSearchParams, names: Iterable<string>, tokenAlone: boolean, isPosition?: (after: string) => boolean): PageCursor {
  const cursor = decodePageToken(token, isPosition);
  for (const name of names) {
    if (!query.has(name)) continue;
    if (tokenAlone) throw invalidField(name, 'must not be sent beside pageToken (only limit may be): the filters go on the first page and the token carries them');
    if (query.get(name) !== cursor.filters[name]) throw invalidField(name, 'differs from the filter carried by pageToken; send pageToken alone to get the next page');
  }
  return cursor;
}

/** Path and query of the page a cursor points at; the server puts it in a Link header. */
export function pageUrl(path: string, limit: number, cursor: PageCursor): string {
  const query = new URLSearchParams({ limit: String(limit), pageToken: encodePageToken(cursor) });
  return `${path}?${query.toString()}`;
}
