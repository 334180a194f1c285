/**
 * A gift card as the sandbox stores it, and the rules it enforces where the spec says "not
 * shown" (see DESIGN's decisions table), shared by request validation and the seed section.
 */
import * as z from 'zod';
import { isCalendarDate, isTimestamp, utcDay } from '../dates.js';
import { AMOUNT_PATTERN } from '../money.js';
import { ID_PATTERN } from '../../state/ids.js';

/** The resource's key: its section in the data file, the journal and a seed. */
export const KEY = 'giftCards';

/** 8..20 ASCII letters or digits. */
export const CODE_PATTERN = /^[A-Za-z0-9]{8,20}$/;

/** What the `lastCharacters` search filter accepts: exactly the four last characters of a code. */
export const LAST_CHARACTERS_PATTERN = /^[A-Za-z0-9]{4}$/;

export const NOTE_MAX_LENGTH = 500;

export const GIFT_CARD_STATUSES = ['enabled', 'disabled', 'expired'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

/** Customer a card is assigned to when the create request names none (customerId is required in responses). */
export const DEFAULT_CUSTOMER_ID = '7000000000000000001';

/** The administrator account every sandbox card is created by (userId). */
export const ADMIN_USER_ID = '9000000000000000001';

export function lastCharactersOf(code: string): string {
  return code.slice(-4);
}

/** Codes are secrets: after creation the service only ever shows the last four. */
export function maskCode(code: string): string {
  return `****${lastCharactersOf(code)}`;
}

const idText = z.string().regex(ID_PATTERN);

/** A card as kept in memory and in the data file (full code included: the file is mode 0600). */
export const giftCardRecordSchema = z.object({
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

export type GiftCardRecord = z.infer<typeof giftCardRecordSchema>;

/** Disabled is final; expiry is judged by the UTC calendar day of `now`. */
export function statusOf(card: GiftCardRecord, now: Date): GiftCardStatus {
  if (card.disableTime !== undefined) return 'disabled';
  if (card.expireTime !== null && card.expireTime < utcDay(now)) return 'expired';
  return 'enabled';
}
