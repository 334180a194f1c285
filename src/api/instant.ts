// A store's time as an instant. Stores write times in several forms (real-store-notes.md
// "Data"): with `Z` or an offset, without a zone (`2024-12-16T17:04:38.004`, the store's local
// time, which the client cannot know: read as UTC, as the README says), or a plain date.
// Every reading of a store's time that must compare it goes through here.

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

export interface Instant {
  /** Milliseconds since the epoch; a plain date is its midnight UTC. */
  ms: number;
  /** The text was a date without a time. */
  dateOnly: boolean;
}

/** The instant a store's time names; undefined for text that is no real date or time (never a guess). */
export function instantOf(text: string): Instant | undefined {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, fraction, zone] = match;
  const year = Number(y);
  const month = Number(mo) - 1;
  const day = Number(d);
  const midnight = Date.UTC(year, month, day);
  const check = new Date(midnight);
  // Date.UTC rolls 2025-02-30 over into March: refuse what is no calendar date.
  if (year < 1 || check.getUTCFullYear() !== year || check.getUTCMonth() !== month || check.getUTCDate() !== day) return undefined;
  if (h === undefined) return { ms: midnight, dateOnly: true };
  const hours = Number(h);
  const minutes = Number(mi);
  const seconds = s === undefined ? 0 : Number(s);
  if (hours > 24 || minutes > 59 || seconds > 60 || (hours === 24 && minutes + seconds > 0)) return undefined;
  const ms = fraction === undefined ? 0 : Number(`0.${fraction}`) * 1000;
  return { ms: Date.UTC(year, month, day, hours, minutes, seconds) + ms - offsetMinutes(zone) * 60_000, dateOnly: false };
}

/** `+02:00` -> 120; `Z` or none (read as UTC) -> 0. */
function offsetMinutes(zone: string | undefined): number {
  if (zone === undefined || /^z$/i.test(zone)) return 0;
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
  return zone.startsWith('-') ? -minutes : minutes;
}
