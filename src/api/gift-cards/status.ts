// The gift card statuses (the spec's search filter) and how a card's status follows from
// its fields. Free of the schema library, so `search --help` can list the choices.

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

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

/**
 * The instant (ms since the epoch) from which a card is expired, read from expireTime as
 * the store wrote it. Stores differ (real-store-notes.md), so:
 * - a plain date `2027-12-04` is usable all that day: expired from the next midnight UTC
 *   (a card expiring today is not expired yet);
 * - a time with `Z` or an offset is that instant;
 * - a time without a zone (`2024-12-16T17:04:38.004`) is the store's local time, which
 *   the client cannot know: it is read as UTC.
 * Undefined for text that is no date: a card is never called expired on a guess.
 */
export function expiryInstant(expireTime: string): number | undefined {
  const match = DATE_TIME.exec(expireTime.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, fraction, zone] = match;
  const year = Number(y);
  const month = Number(mo) - 1;
  const day = Number(d);
  const midnight = Date.UTC(year, month, day);
  const check = new Date(midnight);
  // Date.UTC rolls 2025-02-30 over into March: refuse what is no calendar date.
  if (year < 1 || check.getUTCFullYear() !== year || check.getUTCMonth() !== month || check.getUTCDate() !== day) return undefined;
  if (h === undefined) return Date.UTC(year, month, day + 1);
  const hours = Number(h);
  const minutes = Number(mi);
  const seconds = s === undefined ? 0 : Number(s);
  if (hours > 24 || minutes > 59 || seconds > 60 || (hours === 24 && minutes + seconds > 0)) return undefined;
  const ms = fraction === undefined ? 0 : Number(`0.${fraction}`) * 1000;
  return Date.UTC(year, month, day, hours, minutes, seconds) + ms - offsetMinutes(zone) * 60_000;
}

/** `+02:00` -> 120; `Z` or none (read as UTC) -> 0. */
function offsetMinutes(zone: string | undefined): number {
  if (zone === undefined || /^z$/i.test(zone)) return 0;
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
  return zone.startsWith('-') ? -minutes : minutes;
}
