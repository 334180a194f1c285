// A gift card answer checked without zod (../well-formed.ts): the kind of each field the
// schema (schema.ts giftCardSchema) declares, keyed by the --json fields, so a field added to
// fields.ts and not here fails the type check.
import { amount, id, listOf, nullable, objectOf, optional, text, type Kind } from '../well-formed.js';
import type { GiftCardField } from './fields.js';

const optionalText = optional(nullable(text));
const optionalId = optional(nullable(id));

export const GIFT_CARD_KINDS: Readonly<Record<GiftCardField, Kind>> = {
  id,
  code: optional(text),
  lastCharacters: optional(text),
  balance: optional(amount),
  initialValue: optional(amount),
  currency: optionalText,
  customerId: optionalId,
  orderId: optionalId,
  lineItemId: optionalId,
  note: optionalText,
  disableTime: optionalText,
  expireTime: optionalText,
  createTime: optionalText,
  updateTime: optionalText,
  userId: optionalId,
};

export const isWellFormedCard = objectOf(GIFT_CARD_KINDS);
export const isWellFormedCardList = listOf(isWellFormedCard);
