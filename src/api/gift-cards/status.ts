// The gift card statuses (the spec's search filter) and how a card's status follows from
// its fields. Free of the schema library, so `search --help` can list the choices.
import { instantOf } from '../instant.js';

export const GIFT_CARD_STATUSES = ['enabled', 'disabled', 'expired'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

/** The spec's largest page of a search: `search --help` declares it as --limit's bound, the schema checks it, the requests ask for it. */
export const MAX_PAGE_SIZE = 250;

/** DESIGN: disabled once disableTime is set; expired once expireTime has passed (see expiryInstant). */
export function giftCardStatus(card: { disableTime?: string | null; expireTime?: string | null }, now: Date): GiftCardStatus {
  if (card.disableTime) return 'disabled';
  const expiry = card.expireTime ? expiryInstant(card.expireTime) : undefined;
  if (expiry !== undefined && now.getTime() >= expiry) return 'expired';
  return 'enabled';
}

/**
 * The instant (ms since the epoch) from which a card is expired, read from expireTime as
 * the store wrote it. Stores differ (real-store-notes.md), so:
 * - a plain date `2027-12-04` is usable all that day: expired from the next midnight UTC
 *   (a card expiring today is not expired yet);
 * - a time with `Z` or an offset is that instant;
 * - a time without a zone (`2024-12-16T17:04:38.004`) is the store's local time, which
 *   the client cannot know: it is read as UTC (api/instant.ts).
 * Undefined for text that is no date: a card is never called expired on a guess.
 */
export function expiryInstant(expireTime: string): number | undefined {
  const instant = instantOf(expireTime);
  if (instant === undefined) return undefined;
  return instant.dateOnly ? instant.ms + 86_400_000 : instant.ms;
}
