// Gift cards (`/gift_cards`): the handlers and their scopes, and the stored cards with their
// indexes. The record and its rules are in record.ts, the wire form in present.ts, search in
// query.ts, request bodies in input.ts, the seed section and demo cards in seed.ts.
import { formatTimestamp } from '../dates.js';
import { conflict, malformedBody } from '../../http/sandbox-errors.js';
import { findByPathId, RecordBook, recordSection } from '../record-book.js';
import { isJsonObject, JsonInteger } from '../../http/body-json.js';
import type { Resource, ResourceEnv, Route, RouteReply, RouteRequest } from '../resource.js';
import { parseCreateGiftCard, parseUpdateGiftCard } from './input.js';
import { present } from './present.js';
import type { FilledGiftCard } from './seed.js';
import { listPage } from '../pagination.js';
import { cardSearch } from './query.js';
import { ADMIN_USER_ID, DEFAULT_CUSTOMER_ID, giftCardRecordSchema, KEY, lastCharactersOf, type GiftCardRecord } from './record.js';

/** The scopes its routes require, in the order a token's grant lists them. */
export const SCOPES = ['read_gift_card', 'write_gift_card'] as const;

export function createGiftCardResource(env: ResourceEnv): Resource {
  const time = (stored: string) => env.dialect.time(stored);
  const reveal = env.codesInReads === 'shown';
  /** Ascending by id, the order search walks in. */
  let cards = new RecordBook<GiftCardRecord>((card) => card.id, 'gift card');
  let idByCode = new Map<string, string>();

  function replaceAll(records: GiftCardRecord[]): void {
    // Checked whole before any is kept: an id twice, then a code twice.
    const next = new RecordBook<GiftCardRecord>((card) => card.id, 'gift card');
    next.replace(records);
    const nextByCode = new Map<string, string>();
    for (const card of records) {
      const key = card.code.toLowerCase();
      if (nextByCode.has(key)) throw new Error(`gift card code ending ${lastCharactersOf(card.code)} appears twice`);
      nextByCode.set(key, card.id);
    }
    cards = next;
    idByCode = nextByCode;
    for (const card of records) env.ids.observe(card.id);
  }

  const find = (rawId: string | undefined): GiftCardRecord => findByPathId(rawId, (id) => cards.get(id), 'gift card');

  function create(request: RouteRequest) {
    const input = parseCreateGiftCard(request.body);
    if (idByCode.has(input.code.toLowerCase())) {
      throw conflict('A gift card with this code exists already.', [
        { field: 'giftCard.code', message: 'is already used by another gift card (codes are unique ignoring case)' },
      ]);
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
    cards.put(card);
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

  function search(request: RouteRequest): RouteReply {
    const { page, links } = listPage(cards.all(), request.query, cardSearch(request.now), env.dialect.pageTokenAlone);
    return { body: { giftCards: page.map((card) => present(card, time, reveal)) }, links };
  }

  const routes: Route[] = [
    { method: 'POST', path: '/gift_cards', scope: 'write_gift_card', handle: create },
    { method: 'GET', path: '/gift_cards/search', scope: 'read_gift_card', handle: search },
    {
      method: 'GET',
      path: '/gift_cards/count',
      scope: 'read_gift_card',
      handle: () => ({ body: { count: new JsonInteger(String(cards.all().length)) } }),
    },
    {
      method: 'GET',
      path: '/gift_cards/:id',
      scope: 'read_gift_card',
      handle: (request) => ({ body: { giftCard: present(find(request.params.id), time, reveal) } }),
    },
    { method: 'PUT', path: '/gift_cards/:id', scope: 'write_gift_card', handle: update },
    { method: 'POST', path: '/gift_cards/:id/disable', scope: 'write_gift_card', handle: disable },
  ];

  return {
    key: KEY,
    routes,
    ...recordSection(giftCardRecordSchema, replaceAll, () => cards.all()),
    /** A change is the card as it now is: inserted in id order, or replacing the card with its id. */
    apply(change) {
      const card = giftCardRecordSchema.parse(change);
      const code = card.code.toLowerCase();
      const owner = idByCode.get(code);
      if (owner !== undefined && owner !== card.id) throw new Error(`gift card code ending ${lastCharactersOf(card.code)} appears twice`);
      const existing = cards.get(card.id);
      if (existing !== undefined) idByCode.delete(existing.code.toLowerCase());
      cards.put(card);
      idByCode.set(code, card.id);
      env.ids.observe(card.id);
    },
    seed(section: FilledGiftCard[]) {
      replaceAll(
        section.map(({ customerId, currency, ...card }) => ({
          ...card,
          customerId: customerId ?? DEFAULT_CUSTOMER_ID,
          currency: currency ?? env.currency,
          userId: ADMIN_USER_ID,
        })),
      );
    },
    /** The seed form: every stored field in a fixed order, the derived lastCharacters beside the code, no userId (always the admin). */
    snapshot() {
      return cards.all().map((card) => ({
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
