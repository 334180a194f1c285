// Finding the next page. DESIGN: a `Link: <URL>; rel="next"` header whose URL carries
// pageToken; tolerated too: a body field `nextPageToken`. Real stores write the Link in
// looser forms (real-store-notes.md): `"< URL >; rel=previous, < URL >; rel=next"`, i.e.
// padded URLs, unquoted rels and the whole value in double quotes. Every listing loop asks
// `nextPageQuery` here, so "is there more, and how do I ask for it" is decided in one place.
import { RuntimeError } from './errors.js';
import { isLosslessNumber, toJson } from './json.js';

export interface LinkValue {
  url: string;
  rels: string[];
}

export interface LinkHeader {
  links: LinkValue[];
  /** Some part is not a link-value with a rel this client knows: the header was not fully understood. */
  unreadable: boolean;
}

/** The relations a paging Link uses; a link with none of them is not understood. */
const PAGING_RELS: ReadonlySet<string> = new Set(['next', 'prev', 'previous', 'first', 'last']);

export function parseLinkHeader(header: string | readonly string[] | undefined): LinkValue[] {
  return readLinkHeader(header).links;
}

/** One header, several (undici's list), or several joined with ", ": all read alike. */
export function readLinkHeader(header: string | readonly string[] | undefined): LinkHeader {
  const result: LinkHeader = { links: [], unreadable: false };
  for (const value of typeof header === 'string' ? [header] : (header ?? [])) scanLinks(value, result);
  return result;
}

const SPACE = /[ \t]/;

/**
 * A tolerant scanner rather than a regular expression: commas and quotes may sit inside
 * URLs and quoted parameters, and a double quote wrapping the whole value (or each of
 * several joined values) must not be taken for part of a link.
 */
function scanLinks(text: string, into: LinkHeader): void {
  const n = text.length;
  let i = 0;
  const skipSpace = () => {
    while (i < n && SPACE.test(text[i]!)) i++;
  };
  while (i < n) {
    // Between link-values: separators, and the quotes some stores wrap values in.
    while (i < n && /[\s,"]/.test(text[i]!)) i++;
    if (i >= n) break;
    if (text[i] !== '<') {
      into.unreadable = true;
      i = skipToComma(text, i);
      continue;
    }
    const close = text.indexOf('>', i);
    if (close < 0) {
      into.unreadable = true;
      return;
    }
    const link: LinkValue = { url: text.slice(i + 1, close).trim(), rels: [] };
    i = close + 1;
    for (;;) {
      skipSpace();
      if (text[i] !== ';') break;
      i++;
      skipSpace();
      const name = /^[^\s=;,"<>]*/.exec(text.slice(i))![0];
      i += name.length;
      skipSpace();
      let value = '';
      if (text[i] === '=') {
        i++;
        skipSpace();
        if (text[i] === '"') {
          let j = i + 1;
          while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
          value = text.slice(i + 1, Math.min(j, n)).replace(/\\(.)/g, '$1');
          i = Math.min(j + 1, n);
        } else {
          // Unquoted: up to the next parameter, link or closing outer quote (`rel=next last` is read as two rels).
          const token = /^[^;,"]*/.exec(text.slice(i))![0];
          value = token.trim();
          i += token.length;
        }
      }
      if (name.toLowerCase() === 'rel') link.rels.push(...value.toLowerCase().split(/\s+/).filter(Boolean));
    }
    skipSpace();
    if (i < n && text[i] !== ',' && text[i] !== '"') {
      into.unreadable = true;
      i = skipToComma(text, i);
    }
    if (link.url === '' || !link.rels.some((rel) => PAGING_RELS.has(rel))) into.unreadable = true;
    into.links.push(link);
  }
}

function skipToComma(text: string, from: number): number {
  const comma = text.indexOf(',', from);
  return comma < 0 ? text.length : comma + 1;
}

/**
 * The most pages one listing follows (docs/decisions.md): a store that names a new next
 * page after every full one would otherwise be paged until the process is killed. 100,000
 * pages of 250 is 25 million items, far past any store this tool is for.
 */
export const MAX_PAGES = 100_000;

/** The bound on a listing's pages: MAX_PAGES, or the command's --max-pages. */
export interface PageBound {
  pages: number;
  /** The flag that raises it, named in the error (undefined: the command has none). */
  flag?: string;
}

/** What a listing loop saw of one page. */
export interface PageSeen {
  /** Pages this listing has read, this one included (unset: the first). */
  page?: number;
  /** MAX_PAGES unless given. */
  bound?: PageBound;
  /** The response's Link header as received. */
  link: string | readonly string[] | undefined;
  body: unknown;
  /** The query this page was asked with. */
  query: Readonly<Record<string, string | undefined>>;
  /** How many items the page held. */
  items: number;
  /** The store's page size when the query sets no limit (the spec's 50 for gift card search); unknown elsewhere. */
  defaultLimit?: number;
}

export type NextPage = { query: Record<string, string> } | { end: true } | { problem: string };

/**
 * The next page: the next link's query as given (the request always goes to the configured
 * store, so a Link pointing elsewhere can never receive the token), else the body's
 * nextPageToken with `limit` only (filters go on the first page: the token carries them).
 * A Link that names a next page we cannot follow, or that we could not read while the page
 * was full, is a problem, never a silent end of the listing.
 */
export function findNextPage(page: PageSeen): NextPage {
  const next = followingPage(page);
  const bound = page.bound ?? { pages: MAX_PAGES };
  const read = page.page ?? 1;
  if ('query' in next && read >= bound.pages) {
    const raise = bound.flag ? ` (${bound.flag} raises the bound)` : '';
    return {
      problem:
        `The store still named a next page after ${read.toLocaleString('en-US')} pages, ` +
        `the most one listing follows${raise}: stopping rather than page for ever.`,
    };
  }
  return next;
}

function followingPage(page: PageSeen): NextPage {
  const header = readLinkHeader(page.link);
  const next = header.links.find((link) => link.rels.includes('next'));
  const linkQuery = next ? queryOf(next.url) : undefined;
  if (linkQuery && Object.keys(linkQuery).length > 0) {
    // Asking for the page just read would loop for ever.
    if (sameQuery(linkQuery, page.query))
      return { problem: `The store's Link header names the page just read as the next one (${describeHeader(page.link)}): stopping rather than loop.` };
    return { query: linkQuery };
  }

  const token = page.body && typeof page.body === 'object' ? (page.body as Record<string, unknown>).nextPageToken : undefined;
  if (typeof token === 'string' && token !== '') {
    const query: Record<string, string> = {};
    if (page.query.limit !== undefined) query.limit = page.query.limit;
    query.pageToken = token;
    return { query };
  }

  const shown = describeHeader(page.link);
  if (next) return { problem: `The store's Link header names a next page with no query to follow (${shown}): stopping rather than end the listing early.` };
  if (header.unreadable && isFull(page)) {
    const size = pageSize(page);
    const fullness = size === undefined ? `${page.items} items` : `${page.items} of ${size} items`;
    return {
      problem:
        `The store's Link header could not be read (${shown}) and the page was full (${fullness}), ` +
        `so more may follow: stopping rather than end the listing early.`,
    };
  }
  return { end: true };
}

/** The query of the next page, undefined on the last page; a RuntimeError (exit 1) when it cannot be told. */
export function nextPageQuery(page: PageSeen): Record<string, string> | undefined {
  const next = findNextPage(page);
  if ('problem' in next) throw new RuntimeError(next.problem);
  return 'query' in next ? next.query : undefined;
}

/** Only the query of a Link URL is used; read without URL parsing so odd hosts (`https://…`) do not matter. */
function queryOf(url: string): Record<string, string> {
  const at = url.indexOf('?');
  if (at < 0) return {};
  const hash = url.indexOf('#', at);
  return Object.fromEntries(new URLSearchParams(url.slice(at + 1, hash < 0 ? undefined : hash)).entries());
}

function sameQuery(next: Record<string, string>, current: PageSeen['query']): boolean {
  const defined = Object.entries(current).filter(([, value]) => value !== undefined);
  return defined.length === Object.keys(next).length && defined.every(([key, value]) => next[key] === value);
}

function pageSize(page: PageSeen): number | undefined {
  const limit = page.query.limit;
  if (limit !== undefined && /^\d+$/.test(limit)) return Number(limit);
  return page.defaultLimit;
}

/** A short page ends a listing whatever the header says; with no known size, any items may be a full page. */
function isFull(page: PageSeen): boolean {
  const size = pageSize(page);
  return size === undefined ? page.items > 0 : page.items >= size;
}

function describeHeader(link: PageSeen['link']): string {
  const text = typeof link === 'string' ? link : (link ?? []).join(', ');
  const cut = text.length > 160 ? `${text.slice(0, 160)}…` : text;
  return `Link: ${cut}`;
}

/**
 * What one listing has read, to stop a store that sends it round in a circle long before the
 * page bound: a next page asked for before (the same page token, the same query), or a page
 * holding the same items as an earlier one (a store naming a new token for the same page
 * every time). Cheap whatever the listing's length: the queries asked, and a 106-bit hash of
 * each page's ids (of each item whole where it has none), each with the page it was.
 */
export class PageTrail {
  private readonly asked = new Map<string, number>();
  private readonly held = new Map<string, number>();

  /** `first`: the query of page 1. */
  constructor(first: Readonly<Record<string, string | undefined>>) {
    this.asked.set(queryKey(first), 1);
  }

  /**
   * Page `read` holds `items`: a RuntimeError (exit 1) when an earlier page held the same ones,
   * before they are shown twice. An empty page repeats nothing (a run of them ends at the bound).
   */
  checkPage(items: readonly unknown[], read: number): void {
    if (items.length === 0) return;
    const key = pageKey(items);
    const earlier = this.held.get(key);
    if (earlier !== undefined) {
      const what = items.length === 1 ? 'the same item' : `the same ${items.length.toLocaleString('en-US')} items`;
      throw new RuntimeError(
        `The store's listing goes round in a circle: page ${read.toLocaleString('en-US')} holds ${what} as page ` +
          `${earlier.toLocaleString('en-US')}, under a new page token; stopping rather than page for ever.`,
      );
    }
    this.held.set(key, read);
  }

  /** After page `read`, the store names `next`: a RuntimeError when that page was asked for before. */
  checkNext(next: Readonly<Record<string, string>>, read: number): void {
    const key = queryKey(next);
    const earlier = this.asked.get(key);
    if (earlier !== undefined) {
      throw new RuntimeError(
        `The store's listing goes round in a circle: after page ${read.toLocaleString('en-US')} it names page ` +
          `${earlier.toLocaleString('en-US')} again as the next one (${describeQuery(next)}); stopping rather than page for ever.`,
      );
    }
    this.asked.set(key, read + 1);
  }
}

/** A query as one text, its parameters in a fixed order (a store may reorder them). */
function queryKey(query: Readonly<Record<string, string | undefined>>): string {
  return new URLSearchParams(
    Object.entries(query)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  ).toString();
}

function describeQuery(query: Readonly<Record<string, string>>): string {
  const text = new URLSearchParams(query as Record<string, string>).toString();
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

/** A page by its items' ids, in order (an item without one counts whole): two 53-bit hashes and the count. */
function pageKey(items: readonly unknown[]): string {
  const text = items.map(itemKey).join('\n');
  return `${items.length}:${hash53(text, 0).toString(36)}:${hash53(text, 0x9e3779b9).toString(36)}`;
}

function itemKey(item: unknown): string {
  if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
    const id = (item as Record<string, unknown>).id;
    if (typeof id === 'string' || typeof id === 'number' || isLosslessNumber(id)) return `id:${String(id)}`;
  }
  return `item:${toJson(item)}`;
}

/** A 53-bit string hash (the cyrb53 construction: two 32-bit multiply-xor lanes, mixed at the end); not for secrets. */
function hash53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
