/**
 * The gift card rules that the sandbox enforces where the spec says "not shown"
 * (see DESIGN's decisions table), shared by request validation and the demo data schema.
 */

/** 8..20 ASCII letters or digits. */
export const CODE_PATTERN = /^[A-Za-z0-9]{8,20}$/;

/** Non-negative decimal string with at most 2 fraction digits; 15 integer digits is plenty for money. */
export const AMOUNT_PATTERN = /^[0-9]{1,15}(\.[0-9]{1,2})?$/;

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

/** Exact amount in cents for comparisons; never a float. */
export function amountInCents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}
