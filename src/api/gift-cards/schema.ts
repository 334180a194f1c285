// Gift cards: the schema of a card as stores send it, and the checks of every input
// before it is sent. The requests themselves are in requests.ts.
import * as z from 'zod/mini';
import { GIFT_CARD_STATUSES, MAX_PAGE_SIZE } from './status.js';
import type { GiftCardField } from './fields.js';
import { decimalAmount, isoDate, numericId, parseInput, parseWire, wireAmount, wireId, type Assert, type ExactFields, checkedListAsSent } from '../schema.js';

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
/** fields.ts names exactly these fields (tsc checks it). */
export type GiftCardFieldsCheck = Assert<ExactFields<typeof giftCardSchema.shape, GiftCardField>>;

// ---- inputs, checked before anything is sent -------------------------------------------

const note = z.string().check(z.maxLength(500, 'must be at most 500 characters'));

export const giftCardCreateInput = z.object({
  code: z.string().check(z.minLength(1, 'must not be empty'), z.regex(/^\S+$/, 'must not contain spaces'), z.maxLength(255, 'must be at most 255 characters')),
  initialValue: decimalAmount(),
  customerId: z.optional(numericId()),
  note: z.optional(note),
  expireTime: z.optional(isoDate()),
});
export type GiftCardCreate = z.infer<typeof giftCardCreateInput>;
/** A create whose code is not chosen yet (a dry run without --code: the code is generated when the card is sent). */
export type GiftCardCreateDraft = Omit<GiftCardCreate, 'code'> & { code?: string };
const giftCardDraftInput = z.omit(giftCardCreateInput, { code: true });

export const giftCardUpdateInput = z.object({
  giftCardId: numericId(),
  /** Absent: the card's current balance is read and sent back (the store requires one). */
  balance: z.optional(decimalAmount()),
  note: z.optional(note),
  /** null clears the expiry (the card never expires). */
  expireTime: z.optional(z.nullable(isoDate())),
});
export type GiftCardUpdate = z.infer<typeof giftCardUpdateInput>;

export const giftCardSearchInput = z.object({
  limit: z.optional(
    z
      .int(`must be a whole number between 1 and ${MAX_PAGE_SIZE}`)
      .check(z.minimum(1, `must be between 1 and ${MAX_PAGE_SIZE}`), z.maximum(MAX_PAGE_SIZE, `must be between 1 and ${MAX_PAGE_SIZE}`)),
  ),
  sinceId: z.optional(numericId()),
  status: z.optional(z.enum(GIFT_CARD_STATUSES, `must be one of ${GIFT_CARD_STATUSES.join(', ')}`)),
  pageToken: z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
  lastCharacters: z.optional(z.string().check(z.regex(/^[A-Za-z0-9]{4}$/, 'must be the last four letters or digits of a code'))),
});
export type GiftCardSearch = z.infer<typeof giftCardSearchInput>;

const idInput = z.object({ giftCardId: numericId() });
const idNames = { giftCardId: '<giftCardId>' };

/** The code is a secret: a refused --code is named with its rule, never shown. */
export const checkGiftCardCreate = (value: unknown) => parseInput(giftCardCreateInput, value, {}, ['code']);
/** Every field of a create but the code, which is checked when it is made. */
export const checkGiftCardCreateDraft = (value: unknown): GiftCardCreateDraft => parseInput(giftCardDraftInput, value);
export const checkGiftCardUpdate = (value: unknown) => parseInput(giftCardUpdateInput, value, idNames);
export const checkGiftCardSearch = (value: unknown) => parseInput(giftCardSearchInput, value);
export const checkGiftCardId = (giftCardId: unknown) => parseInput(idInput, { giftCardId }, idNames).giftCardId;

/** Checked against the schema, but returned as sent: zod's copy would reorder the keys. */
export function checkCard(card: unknown): GiftCard {
  parseWire(giftCardSchema, card, 'a gift card');
  return card as GiftCard;
}

export const checkCardList = (list: unknown): GiftCard[] => checkedListAsSent(giftCardSchema, list, 'a gift card list');
