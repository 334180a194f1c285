// Gift cards on the wire: paths, wrappers, schemas and input checks. Commands call these
// functions with domain values and never see a path or a `giftCard` wrapper.
import * as z from 'zod/mini';
import { maskCode } from '../core/secrets.js';
import { nextPageQuery } from '../core/paginate.js';
import type { Transport } from './transport.js';
import { API_PREFIX, decimalAmount, isoDate, numericId, parseCount, parseInput, parseWire, segment, unwrap, wireAmount, wireId } from './wire.js';

const nullableText = z.optional(z.nullable(z.string()));
const optionalId = z.optional(z.nullable(wireId));

/** A gift card as the store sends it. Unknown fields are kept, so --json stays exact. */
export const giftCardSchema = z.looseObject({
  id: wireId,
  code: z.optional(z.string()),
  lastCharacters: z.optional(z.string()),
  balance: z.optional(wireAmount),
  initialValue: z.optional(wireAmount),
  currency: nullableText,
  customerId: optionalId,
  orderId: optionalId,
  lineItemId: optionalId,
  note: nullableText,
  disableTime: nullableText,
  expireTime: nullableText,
  createTime: nullableText,
  updateTime: nullableText,
  userId: optionalId,
});

export type GiftCard = z.infer<typeof giftCardSchema>;
export const giftCardFields: readonly string[] = Object.keys(giftCardSchema.shape);

export type GiftCardStatus = 'enabled' | 'disabled' | 'expired';
export const GIFT_CARD_STATUSES: readonly GiftCardStatus[] = ['enabled', 'disabled', 'expired'];

/** DESIGN: disabled once disableTime is set; expired when expireTime is a past date. */
export function giftCardStatus(card: GiftCard, today: string): GiftCardStatus {
  if (card.disableTime) return 'disabled';
  if (card.expireTime && card.expireTime.slice(0, 10) < today) return 'expired';
  return 'enabled';
}

// ---- inputs, checked before anything is sent -------------------------------------------

const note = z.string().check(z.maxLength(500, 'must be at most 500 characters'));

export const giftCardCreateInput = z.object({
  code: z.string().check(
    z.minLength(1, 'must not be empty'),
    z.regex(/^\S+$/, 'must not contain spaces'),
    z.maxLength(255, 'must be at most 255 characters'),
  ),
  initialValue: decimalAmount(),
  customerId: z.optional(numericId()),
  note: z.optional(note),
  expireTime: z.optional(isoDate()),
});
export type GiftCardCreate = z.infer<typeof giftCardCreateInput>;

export const giftCardUpdateInput = z.object({
  giftCardId: numericId(),
  balance: decimalAmount(),
  note: z.optional(note),
  /** null clears the expiry (the card never expires). */
  expireTime: z.optional(z.nullable(isoDate())),
});
export type GiftCardUpdate = z.infer<typeof giftCardUpdateInput>;

export const giftCardSearchInput = z.object({
  limit: z.optional(z.int('must be a whole number between 1 and 250').check(z.minimum(1, 'must be between 1 and 250'), z.maximum(250, 'must be between 1 and 250'))),
  sinceId: z.optional(numericId()),
  status: z.optional(z.enum(GIFT_CARD_STATUSES as [GiftCardStatus, ...GiftCardStatus[]], `must be one of ${GIFT_CARD_STATUSES.join(', ')}`)),
  pageToken: z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
  lastCharacters: z.optional(z.string().check(z.regex(/^[A-Za-z0-9]{4}$/, 'must be the last four letters or digits of a code'))),
});
export type GiftCardSearch = z.infer<typeof giftCardSearchInput>;

const idInput = z.object({ giftCardId: numericId() });
const idNames = { giftCardId: '<giftCardId>' };

export const checkGiftCardCreate = (value: unknown) => parseInput(giftCardCreateInput, value);
export const checkGiftCardUpdate = (value: unknown) => parseInput(giftCardUpdateInput, value, idNames);
export const checkGiftCardSearch = (value: unknown) => parseInput(giftCardSearchInput, value);
export const checkGiftCardId = (giftCardId: unknown) => parseInput(idInput, { giftCardId }, idNames).giftCardId;

// ---- requests ----------------------------------------------------------------------------

const BASE = `${API_PREFIX}/gift_cards`;
export const MAX_PAGE_SIZE = 250;

export class GiftCardsApi {
  constructor(private readonly transport: Transport) {}

  /** The only call whose answer carries the full code: it is shown once, never again. */
  async create(input: GiftCardCreate): Promise<GiftCard> {
    const body = { giftCard: definedOnly(input) };
    const response = await this.transport.request({ method: 'POST', path: BASE, body });
    return readCard(response.body);
  }

  async update({ giftCardId, ...fields }: GiftCardUpdate): Promise<GiftCard> {
    const response = await this.transport.request({ method: 'PUT', path: `${BASE}/${segment(giftCardId)}`, body: { giftCard: definedOnly(fields) } });
    return secret(readCard(response.body));
  }

  /** Disabling is idempotent (DESIGN), so a lost answer may safely be asked again. */
  async disable(giftCardId: string): Promise<GiftCard> {
    const response = await this.transport.request({ method: 'POST', path: `${BASE}/${segment(giftCardId)}/disable`, body: {}, idempotent: true });
    return secret(readCard(response.body));
  }

  async get(giftCardId: string): Promise<GiftCard> {
    const response = await this.transport.request({ method: 'GET', path: `${BASE}/${segment(giftCardId)}` });
    return secret(readCard(response.body));
  }

  async count(): Promise<string> {
    const response = await this.transport.request({ method: 'GET', path: `${BASE}/count` });
    return parseCount(response.body);
  }

  /**
   * Pages of cards as they arrive; with `all`, follows next-page links to the end.
   * Without `all`, returns the next page's token (if any) so the caller can say how to go on.
   */
  async *search(input: GiftCardSearch, all: boolean): AsyncGenerator<GiftCard[], string | undefined> {
    let query: Record<string, string | undefined> = {
      limit: input.limit?.toString(),
      sinceId: input.sinceId,
      status: input.status,
      pageToken: input.pageToken,
      lastCharacters: input.lastCharacters,
    };
    for (;;) {
      const response = await this.transport.request({ method: 'GET', path: `${BASE}/search`, query });
      const list = unwrap(response.body, 'giftCards', 'list');
      parseWire(z.array(giftCardSchema), list, 'a gift card list');
      yield (list as GiftCard[]).map(secret);
      const next = nextPageQuery(response.headers.link, response.body, query);
      if (!next) return undefined;
      if (!all) return next.pageToken;
      query = next;
    }
  }
}

/** Checked against the schema, but returned as sent: zod's copy would reorder the keys. */
function readCard(body: unknown): GiftCard {
  const card = unwrap(body, 'giftCard', 'object');
  parseWire(giftCardSchema, card, 'a gift card');
  return card as GiftCard;
}

/** Codes are secrets: after creation a card only ever shows its last characters. */
function secret(card: GiftCard): GiftCard {
  if (card.code === undefined) return card;
  const last = card.lastCharacters ?? card.code.slice(-4);
  return { ...card, code: maskCode(last) };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
