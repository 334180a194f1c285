// Gift card search: its filters (from the query or carried by a page token) and its pages,
// walked over the cards in ascending id order.
import { invalidField } from '../../http/sandbox-errors.js';
import { canonicalId } from '../../state/ids.js';
import { decodePageToken, pageUrl, parseLimit, parseSinceId, type PageCursor } from '../pagination.js';
import { GIFT_CARD_STATUSES, LAST_CHARACTERS_PATTERN, lastCharactersOf, statusOf, type GiftCardRecord, type GiftCardStatus } from './record.js';

const SEARCH_PATH = '/api/202412/gift_cards/search';

interface SearchFilters {
  sinceId?: string;
  status?: GiftCardStatus;
  lastCharacters?: string;
}

function parseStatus(raw: string, field: string): GiftCardStatus {
  const status = GIFT_CARD_STATUSES.find((name) => name === raw);
  if (status === undefined) throw invalidField(field, `must be one of ${GIFT_CARD_STATUSES.join(', ')}`);
  return status;
}

function parseLastCharacters(raw: string, field: string): string {
  if (!LAST_CHARACTERS_PATTERN.test(raw)) throw invalidField(field, 'must be the last 4 characters of a code (letters or digits)');
  return raw.toUpperCase();
}

function filtersFromQuery(query: URLSearchParams): SearchFilters {
  const filters: SearchFilters = {};
  const sinceId = parseSinceId(query.get('sinceId'));
  if (sinceId !== null) filters.sinceId = sinceId;
  const status = query.get('status');
  if (status !== null) filters.status = parseStatus(status, 'status');
  const last = query.get('lastCharacters');
  if (last !== null) filters.lastCharacters = parseLastCharacters(last, 'lastCharacters');
  return filters;
}

function filtersFromToken(cursor: PageCursor): SearchFilters {
  const { sinceId, status, lastCharacters } = cursor.filters;
  const filters: SearchFilters = {};
  if (sinceId !== undefined) {
    const id = canonicalId(sinceId);
    if (id === null) throw invalidField('pageToken', 'is not a page token issued by this store');
    filters.sinceId = id;
  }
  if (status !== undefined) filters.status = parseStatus(status, 'pageToken');
  if (lastCharacters !== undefined) filters.lastCharacters = parseLastCharacters(lastCharacters, 'pageToken');
  return filters;
}

const FILTER_NAMES = ['sinceId', 'status', 'lastCharacters'] as const;

/**
 * The token carries the filters, so the next page needs only pageToken and limit. A client
 * that sends the filters again is welcome to, but they must be the same ones: a different
 * filter would silently change the listing halfway through. The real dialect takes no
 * filter at all beside a token, as the real store's documentation asks.
 */
function resolveSearch(query: URLSearchParams, tokenAlone: boolean): { after: string | null; filters: SearchFilters; paged: boolean } {
  const token = query.get('pageToken');
  if (token !== null && tokenAlone) {
    const extra = FILTER_NAMES.find((name) => query.has(name));
    if (extra !== undefined) {
      throw invalidField(extra, 'must not be sent beside pageToken (only limit may be): the filters go on the first page and the token carries them');
    }
  }
  const given = filtersFromQuery(query);
  if (token === null) return { after: given.sinceId ?? null, filters: given, paged: false };
  const cursor = decodePageToken(token);
  const filters = filtersFromToken(cursor);
  for (const name of FILTER_NAMES) {
    if (given[name] !== undefined && given[name] !== filters[name]) {
      throw invalidField(name, 'differs from the filter carried by pageToken; send pageToken alone to get the next page');
    }
  }
  return { after: cursor.after, filters, paged: true };
}

/** Index of the first card with an id strictly above `after` (cards ascending by id). */
export function startIndex(cards: readonly GiftCardRecord[], after: string | null): number {
  if (after === null) return 0;
  const bound = BigInt(after);
  let low = 0;
  let high = cards.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (BigInt((cards[middle] as GiftCardRecord).id) <= bound) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Where the page before a page (that starts at `first`) starts: walks back over `limit`
 * matches, not below the listing's sinceId. '0' is before every id.
 */
function previousAfter(cards: readonly GiftCardRecord[], first: number, limit: number, floor: string | undefined, matches: (card: GiftCardRecord) => boolean): string {
  const bottom = floor === undefined ? -1n : BigInt(floor);
  let found = 0;
  for (let index = first - 1; index >= 0; index -= 1) {
    const card = cards[index] as GiftCardRecord;
    if (BigInt(card.id) <= bottom) break;
    if (matches(card) && (found += 1) === limit) return index > 0 ? (cards[index - 1] as GiftCardRecord).id : (floor ?? '0');
  }
  return floor ?? '0';
}

/** One page of a search over `cards` (ascending by id), and the links to the pages around it. */
export function searchPage(cards: readonly GiftCardRecord[], query: URLSearchParams, now: Date, tokenAlone: boolean): { page: GiftCardRecord[]; links: { previous?: string; next?: string } } {
  const limit = parseLimit(query.get('limit'));
  const { after, filters, paged } = resolveSearch(query, tokenAlone);
  const matches = (card: GiftCardRecord) =>
    (filters.status === undefined || statusOf(card, now) === filters.status) && (filters.lastCharacters === undefined || lastCharactersOf(card.code).toUpperCase() === filters.lastCharacters);
  const first = startIndex(cards, after);
  const page: GiftCardRecord[] = [];
  let more = false;
  for (let index = first; index < cards.length; index += 1) {
    const card = cards[index] as GiftCardRecord;
    if (!matches(card)) continue;
    if (page.length === limit) {
      more = true;
      break;
    }
    page.push(card);
  }
  const carried: Record<string, string> = {};
  if (filters.sinceId !== undefined) carried.sinceId = filters.sinceId;
  if (filters.status !== undefined) carried.status = filters.status;
  if (filters.lastCharacters !== undefined) carried.lastCharacters = filters.lastCharacters;
  const links: { previous?: string; next?: string } = {};
  const last = page.at(-1);
  if (more && last !== undefined) links.next = pageUrl(SEARCH_PATH, limit, { after: last.id, filters: carried });
  // Only a page reached through a token has one before it.
  if (paged) links.previous = pageUrl(SEARCH_PATH, limit, { after: previousAfter(cards, first, limit, filters.sinceId, matches), filters: carried });
  return { page, links };
}
