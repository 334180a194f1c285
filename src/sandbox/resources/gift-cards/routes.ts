import * as z from 'zod';
import { formatTimestamp, isCalendarDate, isTimestamp, utcDay } from '../dates.js';
import { conflict, invalidField, malformedBody, notFound } from '../../http/sandbox-errors.js';
import { ADMIN_USER_ID, AMOUNT_PATTERN, CODE_PATTERN, DEFAULT_CUSTOMER_ID, GIFT_CARD_STATUSES, LAST_CHARACTERS_PATTERN, lastCharactersOf, maskCode, type GiftCardStatus } from './rules.js';
import { canonicalId, compareIds, ID_PATTERN } from '../../state/ids.js';
import { isJsonObject, JsonInteger } from '../../http/body-json.js';
import { decodePageToken, pageUrl, parseLimit, parseSinceId, type PageCursor } from '../pagination.js';
import type { Resource, ResourceEnv, Route, RouteReply, RouteRequest } from '../resource.js';
import type { StoreSeed } from '../../state/seed.js';
import { parseCreateGiftCard, parseUpdateGiftCard } from './input.js';

const SEARCH_PATH = '/api/202412/gift_cards/search';
const KEY = 'giftCards';

const idText = z.string().regex(ID_PATTERN);

/** A card as kept in memory and in the data file (full code included: the file is mode 0600). */
const giftCardRecordSchema = z.object({
  id: idText,
  code: z.string().regex(CODE_PATTERN),
  initialValue: z.string().regex(AMOUNT_PATTERN),
  balance: z.string().regex(AMOUNT_PATTERN),
  customerId: idText,
  orderId: idText.optional(),
  lineItemId: idText.optional(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  note: z.string().optional(),
  expireTime: z.string().refine(isCalendarDate).nullable(),
  createTime: z.string().refine(isTimestamp),
  updateTime: z.string().refine(isTimestamp),
  disableTime: z.string().refine(isTimestamp).optional(),
  userId: idText,
});

type GiftCardRecord = z.infer<typeof giftCardRecordSchema>;

function statusOf(card: GiftCardRecord, now: Date): GiftCardStatus {
  if (card.disableTime !== undefined) return 'disabled';
  if (card.expireTime !== null && card.expireTime < utcDay(now)) return 'expired';
  return 'enabled';
}

/** The wire form (times as the dialect writes them); the full code only when the caller has just created the card. */
function present(card: GiftCardRecord, time: (stored: string) => string, revealCode = false): Record<string, unknown> {
  return {
    id: new JsonInteger(card.id),
    code: revealCode ? card.code : maskCode(card.code),
    lastCharacters: lastCharactersOf(card.code),
    balance: card.balance,
    initialValue: card.initialValue,
    customerId: new JsonInteger(card.customerId),
    orderId: card.orderId === undefined ? undefined : new JsonInteger(card.orderId),
    lineItemId: card.lineItemId === undefined ? undefined : new JsonInteger(card.lineItemId),
    currency: card.currency,
    note: card.note,
    disableTime: card.disableTime === undefined ? undefined : time(card.disableTime),
    expireTime: card.expireTime,
    createTime: time(card.createTime),
    updateTime: time(card.updateTime),
    userId: new JsonInteger(card.userId),
  };
}

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

export function createGiftCardResource(env: ResourceEnv): Resource {
  const time = (stored: string) => env.dialect.time(stored);
  const reveal = env.codesInReads === 'shown';
  /** Ascending by id: ids only grow, so new cards are appended and search walks in order. */
  let cards: GiftCardRecord[] = [];
  let byId = new Map<string, GiftCardRecord>();
  let idByCode = new Map<string, string>();

  function replaceAll(records: GiftCardRecord[]): void {
    const nextById = new Map<string, GiftCardRecord>();
    const nextByCode = new Map<string, string>();
    for (const card of records) {
      if (nextById.has(card.id)) throw new Error(`gift card id ${card.id} appears twice`);
      const key = card.code.toLowerCase();
      if (nextByCode.has(key)) throw new Error(`gift card code ending ${lastCharactersOf(card.code)} appears twice`);
      nextById.set(card.id, card);
      nextByCode.set(key, card.id);
    }
    cards = [...records].sort((a, b) => compareIds(a.id, b.id));
    byId = nextById;
    idByCode = nextByCode;
    for (const card of cards) env.ids.observe(card.id);
  }

  function find(rawId: string | undefined): GiftCardRecord {
    const id = rawId === undefined ? null : canonicalId(rawId);
    const card = id === null ? undefined : byId.get(id);
    if (card === undefined) throw notFound(`No gift card has the id ${String(rawId).slice(0, 40)}.`);
    return card;
  }

  /** Index of the first card with an id strictly above `after`. */
  function startIndex(after: string | null): number {
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

  function create(request: RouteRequest) {
    const input = parseCreateGiftCard(request.body);
    if (idByCode.has(input.code.toLowerCase())) {
      throw conflict('A gift card with this code exists already.', [{ field: 'giftCard.code', message: 'is already used by another gift card (codes are unique ignoring case)' }]);
    }
    const stamp = formatTimestamp(request.now);
    const card: GiftCardRecord = {
      id: env.ids.next(),
      code: input.code,
      initialValue: input.initialValue,
      balance: input.initialValue,
      customerId: input.customerId ?? DEFAULT_CUSTOMER_ID,
      currency: env.currency,
      ...(input.note === null ? {} : { note: input.note }),
      expireTime: input.expireTime,
      createTime: stamp,
      updateTime: stamp,
      userId: ADMIN_USER_ID,
    };
    cards.push(card);
    byId.set(card.id, card);
    idByCode.set(card.code.toLowerCase(), card.id);
    env.changed(KEY, card);
    return { body: { giftCard: present(card, time, true) }, created: true };
  }

  /**
   * A disabled card is frozen: its balance, note and expiry can no longer change (409),
   * because disabling is final (no re-enable) and a balance on a dead card would mislead.
   */
  function update(request: RouteRequest) {
    const card = find(request.params.id);
    const input = parseUpdateGiftCard(request.body);
    if (card.disableTime !== undefined) {
      throw conflict('The gift card is disabled, and a disabled gift card cannot be updated.');
    }
    card.balance = input.balance;
    if (input.note === null) delete card.note;
    else if (input.note !== undefined) card.note = input.note;
    if (input.expireTime !== undefined) card.expireTime = input.expireTime;
    card.updateTime = formatTimestamp(request.now);
    env.changed(KEY, card);
    return { body: { giftCard: present(card, time, reveal) } };
  }

  /** Idempotent: disabling a disabled card returns it unchanged, disableTime included. */
  function disable(request: RouteRequest) {
    const card = find(request.params.id);
    if (request.body !== undefined && !isJsonObject(request.body)) {
      throw malformedBody('The body of a disable request must be an empty JSON object {}.');
    }
    if (card.disableTime === undefined) {
      const stamp = formatTimestamp(request.now);
      card.disableTime = stamp;
      card.updateTime = stamp;
      env.changed(KEY, card);
    }
    return { body: { giftCard: present(card, time, reveal) } };
  }

  /**
   * Where the page before a page (that starts at `first`) starts: walks back over `limit`
   * matches, not below the listing's sinceId. '0' is before every id.
   */
  function previousAfter(first: number, limit: number, floor: string | undefined, matches: (card: GiftCardRecord) => boolean): string {
    const bottom = floor === undefined ? -1n : BigInt(floor);
    let found = 0;
    for (let index = first - 1; index >= 0; index -= 1) {
      const card = cards[index] as GiftCardRecord;
      if (BigInt(card.id) <= bottom) break;
      if (matches(card) && (found += 1) === limit) return index > 0 ? (cards[index - 1] as GiftCardRecord).id : (floor ?? '0');
    }
    return floor ?? '0';
  }

  function search(request: RouteRequest): RouteReply {
    const limit = parseLimit(request.query.get('limit'));
    const { after, filters, paged } = resolveSearch(request.query, env.dialect.pageTokenAlone);
    const matches = (card: GiftCardRecord) =>
      (filters.status === undefined || statusOf(card, request.now) === filters.status) &&
      (filters.lastCharacters === undefined || lastCharactersOf(card.code).toUpperCase() === filters.lastCharacters);
    const first = startIndex(after);
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
    if (paged) links.previous = pageUrl(SEARCH_PATH, limit, { after: previousAfter(first, limit, filters.sinceId, matches), filters: carried });
    return { body: { giftCards: page.map((card) => present(card, time, reveal)) }, links };
  }

  const routes: Route[] = [
    { method: 'POST', path: '/gift_cards', scope: 'write_gift_card', handle: create },
    { method: 'GET', path: '/gift_cards/search', scope: 'read_gift_card', handle: search },
    {
      method: 'GET',
      path: '/gift_cards/count',
      scope: 'read_gift_card',
      handle: () => ({ body: { count: new JsonInteger(String(cards.length)) } }),
    },
    { method: 'GET', path: '/gift_cards/:id', scope: 'read_gift_card', handle: (request) => ({ body: { giftCard: present(find(request.params.id), time, reveal) } }) },
    { method: 'PUT', path: '/gift_cards/:id', scope: 'write_gift_card', handle: update },
    { method: 'POST', path: '/gift_cards/:id/disable', scope: 'write_gift_card', handle: disable },
  ];

  return {
    key: KEY,
    routes,
    load(section) {
      replaceAll(z.array(giftCardRecordSchema).parse(section ?? []));
    },
    dump() {
      return cards;
    },
    /** A change is the card as it now is: inserted in id order, or replacing the card with its id. */
    apply(change) {
      const card = giftCardRecordSchema.parse(change);
      const code = card.code.toLowerCase();
      const owner = idByCode.get(code);
      if (owner !== undefined && owner !== card.id) throw new Error(`gift card code ending ${lastCharactersOf(card.code)} appears twice`);
      const at = startIndex(card.id);
      const existing = byId.get(card.id);
      if (existing === undefined) cards.splice(at, 0, card);
      else {
        idByCode.delete(existing.code.toLowerCase());
        cards[at - 1] = card;
      }
      byId.set(card.id, card);
      idByCode.set(code, card.id);
      env.ids.observe(card.id);
    },
    seed(seed: StoreSeed) {
      replaceAll(
        seed.giftCards.map(({ customerId, currency, ...card }) => ({
          ...card,
          customerId: customerId ?? DEFAULT_CUSTOMER_ID,
          currency: currency ?? env.currency,
          userId: ADMIN_USER_ID,
        })),
      );
    },
    /** The seed form: every stored field in a fixed order, the derived lastCharacters beside the code, no userId (always the admin). */
    snapshot() {
      return cards.map((card) => ({
        id: card.id,
        code: card.code,
        lastCharacters: lastCharactersOf(card.code),
        initialValue: card.initialValue,
        balance: card.balance,
        customerId: card.customerId,
        ...(card.orderId === undefined ? {} : { orderId: card.orderId }),
        ...(card.lineItemId === undefined ? {} : { lineItemId: card.lineItemId }),
        currency: card.currency,
        ...(card.note === undefined ? {} : { note: card.note }),
        expireTime: card.expireTime,
        createTime: card.createTime,
        updateTime: card.updateTime,
        ...(card.disableTime === undefined ? {} : { disableTime: card.disableTime }),
      }));
    },
  };
}
