// The sandbox's request log: a ring of the last N requests it answered (and the webhook
// deliveries it made), read by `GET /_sandbox/logs`, `store-cli sandbox logs` and
// RunningSandbox.requests(). Nothing secret goes in: a token shows its last 4 characters
// at most, and gift card codes and secret-looking query parameters are masked.
import { randomUUID } from 'node:crypto';
import { decodePageToken } from '../resources/pagination.js';
import type { RouteRequest } from '../resources/resource.js';
import { mayReadProtected, protectedParameters } from './protected-fields.js';

export const DEFAULT_LOG_SIZE = 10_000;
export const MAX_LOG_SIZE = 1_000_000;
/** What a masked query parameter's value reads as. */
export const MASKED = '***';

/** One line of the log: a request the sandbox answered, or one attempt to deliver a webhook. */
export interface RequestLogEntry {
  /** 1, 2, 3... in the order the entries were written; starts at 1 again when the sandbox restarts. */
  seq: number;
  /** When the request arrived (a delivery attempt began), ISO 8601 UTC. */
  time: string;
  kind: 'request' | 'webhook';
  /** A webhook delivery is a POST. */
  method: string;
  /** The request's path as sent, without its query; for a webhook delivery, the URL it went to (without user:password). */
  path: string;
  /** The query as sent, without `?` ('' for none), gift card codes and secret-looking values masked. */
  query: string;
  /** The status answered (for a webhook: the subscriber's); 0 when there was none. */
  status: number;
  /** Milliseconds from arrival to answer (for a webhook: the attempt's). */
  ms: number;
  /** The last 4 characters of the token the request carried; '' without one, or for a token shorter than 8 characters. */
  tokenLast4: string;
  /** Webhook deliveries only. */
  topic?: string;
  webhookId?: string;
  attempt?: number;
  outcome?: 'delivered' | 'retrying' | 'gave-up' | 'stopped';
  /** Why no status came (a refused connection, a timeout). */
  error?: string;
}

export type NewEntry = Omit<RequestLogEntry, 'seq' | 'time'> & { at: Date };

/** Which entries a reader wants; every part is optional. */
export interface LogFilter {
  /** Exact statuses and classes (4 for 4xx); matched when any matches. */
  statuses?: { exact: readonly number[]; classes: readonly number[] };
  /** Upper-case methods. */
  methods?: readonly string[];
  pathPrefix?: string;
  /** Only entries after this seq. */
  after?: number;
}

/** The last 4 characters of a token, or nothing when so few would be too large a part of it. */
export function tokenTail(token: string | undefined): string {
  return token !== undefined && token.length >= 8 ? token.slice(-4) : '';
}

// Query parameters whose value is a secret: a gift card code (outside metafields, where `code`
// names a field), and anything named like a credential. `pageToken` is a cursor, not a secret.
const SECRET_NAMES = new Set([
  'code',
  'giftcardcode',
  'key',
  'apikey',
  'auth',
  'authorization',
  'sig',
  'signature',
  'hmac',
  'session',
  'sessionid',
  'pin',
  'otp',
]);
const SECRET_WORDS = /secret|passw|pwd|token|credential|accesskey|privatekey/;
const NOT_SECRET = new Set(['pagetoken']);

function isSecretParameter(name: string, pathname: string): boolean {
  const plain = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (NOT_SECRET.has(plain)) return false;
  if (plain === 'code') return !pathname.includes('/metafields');
  return SECRET_NAMES.has(plain) || SECRET_WORDS.test(plain);
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The raw query (without `?`) with every secret value replaced by MASKED; everything else kept byte for byte. */
export function maskedQuery(rawQuery: string, pathname: string): string {
  if (rawQuery === '') return '';
  return rawQuery
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const name = equals < 0 ? part : part.slice(0, equals);
      return equals >= 0 && isSecretParameter(decoded(name), pathname) ? `${name}=${MASKED}` : part;
    })
    .join('&');
}

/**
 * An entry as a reader sees it: one whose token was not approved for protected customer data
 * (protected-fields.ts) sees the values of the query parameters that search by such data
 * masked, as answers leave those fields out, and so is a page token that carries such a search
 * (this sandbox's tokens carry their listing's filters). The log keeps them for readers who may.
 */
export function shownTo(reader: Pick<RouteRequest, 'scopes'>, entry: RequestLogEntry): RequestLogEntry {
  if (mayReadProtected(reader) || entry.query === '') return entry;
  const names = protectedParameters(decoded(entry.path));
  if (names.length === 0) return entry;
  const query = entry.query
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals < 0) return part;
      const name = decoded(part.slice(0, equals));
      const value = part.slice(equals + 1);
      const withheld = names.includes(name) || (name === 'pageToken' && carriesAny(decoded(value), names));
      return withheld && value !== MASKED ? `${part.slice(0, equals)}=${MASKED}` : part;
    })
    .join('&');
  return { ...entry, query };
}

/** A page token of this sandbox whose filters hold one of `names`; anything else carries nothing it can tell. */
function carriesAny(token: string, names: readonly string[]): boolean {
  try {
    const { filters } = decodePageToken(token, () => true);
    return names.some((name) => filters[name] !== undefined);
  } catch {
    return false;
  }
}

function statusMatches(status: number, statuses: NonNullable<LogFilter['statuses']>): boolean {
  return statuses.exact.includes(status) || statuses.classes.includes(Math.floor(status / 100));
}

export function matches(entry: RequestLogEntry, filter: LogFilter): boolean {
  if (filter.after !== undefined && entry.seq <= filter.after) return false;
  if (filter.statuses !== undefined && !statusMatches(entry.status, filter.statuses)) return false;
  if (filter.methods !== undefined && !filter.methods.includes(entry.method)) return false;
  if (filter.pathPrefix !== undefined && !entry.path.startsWith(filter.pathPrefix)) return false;
  return true;
}

interface Waiter {
  filter: LogFilter;
  wake: () => void;
}

export class RequestLog {
  /** Tells one run of a sandbox from the next: seq starts again at 1 after a restart. */
  readonly instance = randomUUID();
  private readonly ring: Array<RequestLogEntry | undefined>;
  /** The seq the next entry gets. */
  private nextSeq = 1;
  private readonly waiters = new Set<Waiter>();
  private closed = false;

  constructor(readonly size: number = DEFAULT_LOG_SIZE) {
    if (!Number.isInteger(size) || size < 1 || size > MAX_LOG_SIZE)
      throw new RangeError(`The log size must be a whole number from 1 to ${MAX_LOG_SIZE}, not ${size}.`);
    this.ring = new Array<RequestLogEntry | undefined>(size);
  }

  /** The oldest seq still kept (last + 1 when the log is empty). */
  get first(): number {
    return Math.max(1, this.nextSeq - this.size);
  }

  /** The newest seq written so far, 0 before the first. */
  get last(): number {
    return this.nextSeq - 1;
  }

  add(fields: NewEntry): RequestLogEntry {
    const { at, ...rest } = fields;
    const entry: RequestLogEntry = { seq: this.nextSeq, time: at.toISOString(), ...rest };
    this.ring[(this.nextSeq - 1) % this.size] = entry;
    this.nextSeq += 1;
    for (const waiter of this.waiters) if (matches(entry, waiter.filter)) waiter.wake();
    return entry;
  }

  /** The kept entries that match, oldest first; with `limit`, only the newest that many of them. */
  entries(filter: LogFilter = {}, limit?: number): RequestLogEntry[] {
    const found: RequestLogEntry[] = [];
    for (let seq = Math.max(this.first, (filter.after ?? 0) + 1); seq <= this.last; seq += 1) {
      const entry = this.ring[(seq - 1) % this.size] as RequestLogEntry;
      if (matches(entry, filter)) found.push({ ...entry });
    }
    return limit === undefined || found.length <= limit ? found : found.slice(found.length - limit);
  }

  /**
   * Resolves once an entry matching the filter is written, after `ms`, or when the log closes,
   * whichever comes first: a follower long-polls instead of asking again and again.
   */
  waitFor(filter: LogFilter, ms: number): Promise<void> {
    if (this.closed || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter: Waiter = {
        filter,
        wake: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(waiter.wake, ms);
      this.waiters.add(waiter);
    });
  }

  /** Answers every waiting reader now (the sandbox is stopping) and every later one at once. */
  close(): void {
    this.closed = true;
    for (const waiter of this.waiters) waiter.wake();
  }
}
