// The one pager of the sandbox's listings: a page of records after a position (`sinceId`, or
// a page token's), the filters checked from the query or carried by the token, the dialect's
// rule for a filter beside a token, and the links to the pages around (a previous one on every
// page reached through a token). Each listing says how its records are ordered and filtered.
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

/**
 * Where the next page starts (strictly after the position `after`; '' is before the first)
 * and the filters of the listing, so that a next-page request needs nothing but the token
 * and a limit.
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

/** Path and query of the page a cursor points at; the server puts it in a Link header. */
export function pageUrl(path: string, limit: number, cursor: PageCursor): string {
  const query = new URLSearchParams({ limit: String(limit), pageToken: encodePageToken(cursor) });
  return `${path}?${query.toString()}`;
}

/** How a listing's records are ordered (they come to the pager in this order) and where a page ends. */
export interface ListOrder<T> {
  /** The position of a record: a page's last one is where the next page starts after. */
  positionOf(record: T): string;
  /** True for a position this listing hands out (a token's is checked before it is used). */
  isPosition(text: string): boolean;
  /** True when the record comes after the position. */
  isAfter(record: T, position: string): boolean;
}

/** Ascending by id: the order of every listing but those of definitions and stock. */
export function byId<T>(idOf: (record: T) => string): ListOrder<T> {
  return {
    positionOf: idOf,
    isPosition: (text) => canonicalId(text) === text,
    isAfter: (record, position) => BigInt(idOf(record)) > BigInt(position),
  };
}

/** A filter of a listing: a query parameter of the first page, carried by the token after it. */
export interface ListFilter<T> {
  readonly name: string;
  /**
   * The value the listing compares, from the one sent; undefined: no filter (an empty title).
   * Throws invalidField(field, ...): `field` is the parameter, or pageToken when the token carried it.
   */
  check?(raw: string, field: string): string | undefined;
  keep(record: T, value: string): boolean;
}

export interface Listing<T> {
  /** The listing's path below the origin, as its Link URLs name it (`/api/202412/...`). */
  readonly path: string;
  readonly order: ListOrder<T>;
  readonly filters?: readonly ListFilter<T>[];
  /** Takes `sinceId` (positions after it, an id): carried by the token, and the floor of a previous page. */
  readonly sinceId?: boolean;
  /** What the caller may see at all (an order within a token's window): neither a filter nor carried. */
  readonly visible?: (record: T) => boolean;
}

export interface Page<T> {
  page: T[];
  links: { previous?: string; next?: string };
}

const SINCE_ID: ListFilter<never> = {
  name: 'sinceId',
  check(raw, field) {
    const id = canonicalId(raw);
    if (id === null) throw invalidField(field, 'must be a numeric id');
    return id;
  },
  keep: () => true,
};

function filtersOf<T>(listing: Listing<T>): readonly ListFilter<T>[] {
  return [...(listing.sinceId === true ? [SINCE_ID as ListFilter<T>] : []), ...(listing.filters ?? [])];
}

/** The checked filters `read` gives (the query's, or a token's), by name; those without a value left out. */
function checkedFilters<T>(
  filters: readonly ListFilter<T>[],
  read: (name: string) => string | null | undefined,
  field: (name: string) => string,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const filter of filters) {
    const raw = read(filter.name);
    if (raw === null || raw === undefined) continue;
    const value = filter.check === undefined ? raw : filter.check(raw, field(filter.name));
    if (value !== undefined) values[filter.name] = value;
  }
  return values;
}

/** Does a record pass the listing's filters (sinceId aside: the position does that) and its visibility? */
function keeper<T>(listing: Listing<T>, values: Readonly<Record<string, string>>): (record: T) => boolean {
  const given = (listing.filters ?? []).flatMap((filter) => (values[filter.name] === undefined ? [] : [{ filter, value: values[filter.name] as string }]));
  return (record) => (listing.visible === undefined || listing.visible(record)) && given.every(({ filter, value }) => filter.keep(record, value));
}

/** The index of the first record after `position` ('' is before the first), the records in the listing's order. */
function firstAfter<T>(records: readonly T[], position: string, order: ListOrder<T>): number {
  if (position === '') return 0;
  let low = 0;
  let high = records.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (order.isAfter(records[middle] as T, position)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The position the page before a page (starting at index `first`) starts after: `limit` kept
 * records back, not below the floor (sinceId); '' when that reaches the first record.
 */
function previousPosition<T>(
  records: readonly T[],
  first: number,
  limit: number,
  order: ListOrder<T>,
  keep: (record: T) => boolean,
  floor: string | undefined,
): string {
  let found = 0;
  for (let index = first - 1; index >= 0; index -= 1) {
    const record = records[index] as T;
    if (floor !== undefined && !order.isAfter(record, floor)) break;
    if (keep(record) && (found += 1) === limit) return index > 0 ? order.positionOf(records[index - 1] as T) : (floor ?? '');
  }
  return floor ?? '';
}

/**
 * One page of `records` (in the listing's order) and the links around it. The token carries
 * the position and the filters; a filter sent beside it is refused where the dialect sends the
 * token alone (`tokenAlone`), and elsewhere must be the token's own.
 */
export function listPage<T>(records: readonly T[], query: URLSearchParams, listing: Listing<T>, tokenAlone: boolean): Page<T> {
  const limit = parseLimit(query.get('limit'));
  const filters = filtersOf(listing);
  const token = query.get('pageToken');
  let values: Record<string, string>;
  let after: string;
  if (token === null) {
    values = checkedFilters(
      filters,
      (name) => query.get(name),
      (name) => name,
    );
    after = values.sinceId ?? '';
  } else {
    const cursor = decodePageToken(token, (position) => position === '' || listing.order.isPosition(position));
    values = checkedFilters(
      filters,
      (name) => cursor.filters[name],
      () => 'pageToken',
    );
    const beside = filters.filter((filter) => query.has(filter.name));
    const [extra] = beside;
    if (tokenAlone && extra !== undefined)
      throw invalidField(extra.name, 'must not be sent beside pageToken (only limit may be): the filters go on the first page and the token carries them');
    const sent = checkedFilters(
      beside,
      (name) => query.get(name),
      (name) => name,
    );
    for (const filter of beside) {
      if (sent[filter.name] !== values[filter.name])
        throw invalidField(filter.name, 'differs from the filter carried by pageToken; send pageToken alone to get the next page');
    }
    after = cursor.after;
  }
  const keep = keeper(listing, values);
  const floor = values.sinceId;
  // Never below sinceId, whatever position a token names.
  const first = Math.max(firstAfter(records, after, listing.order), floor === undefined ? 0 : firstAfter(records, floor, listing.order));
  const page: T[] = [];
  let more = false;
  for (let index = first; index < records.length; index += 1) {
    const record = records[index] as T;
    if (!keep(record)) continue;
    if (page.length === limit) {
      more = true;
      break;
    }
    page.push(record);
  }
  const links: Page<T>['links'] = {};
  const last = page.at(-1);
  if (more && last !== undefined) links.next = pageUrl(listing.path, limit, { after: listing.order.positionOf(last), filters: values });
  // Only a page reached through a token has one before it.
  if (token !== null)
    links.previous = pageUrl(listing.path, limit, { after: previousPosition(records, first, limit, listing.order, keep, floor), filters: values });
  return { page, links };
}

/** How many records pass the query's filters (a count takes a listing's filters, but no position). */
export function countOf<T>(records: readonly T[], query: URLSearchParams, listing: Listing<T>): number {
  const keep = keeper(
    listing,
    checkedFilters(
      listing.filters ?? [],
      (name) => query.get(name),
      (name) => name,
    ),
  );
  let count = 0;
  for (const record of records) if (keep(record)) count += 1;
  return count;
}

/** A filter that must be one of `values`, compared as sent. */
export function choiceFilter<T>(name: string, values: readonly string[], of: (record: T) => string | undefined): ListFilter<T> {
  return {
    name,
    check(raw, field) {
      if (!values.includes(raw)) throw invalidField(field, `must be one of ${values.join(', ')}`);
      return raw;
    },
    keep: (record, value) => of(record) === value,
  };
}

/** A filter by an id (leading zeros dropped); an empty one is no filter. */
export function idFilter<T>(name: string, matches: (record: T, id: string) => boolean): ListFilter<T> {
  return {
    name,
    check(raw, field) {
      if (raw === '') return undefined;
      const id = canonicalId(raw);
      if (id === null) throw invalidField(field, 'must be a numeric id');
      return id;
    },
    keep: matches,
  };
}
