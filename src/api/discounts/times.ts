// Times of a discount as the client reads and sends them: a store's time (with Z, an offset,
// or no zone: Genstore writes them so, read as UTC) as an instant, and a time or a date given
// by a person as the time sent. Imports nothing: the schema, the wire shapes, the views and
// the import rows share it.
/**
 * A store's time as milliseconds since the epoch: with Z, with an offset, or without a zone
 * (Genstore writes them so: read as UTC, docs/decisions.md "Dates"); undefined for text that
 * is no time. A date alone is its midnight, UTC.
 */
export function instantOf(text: string): number | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?)(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(text.trim());
  if (match === null) return undefined;
  const time = match[2] === undefined ? '00:00:00' : match[2].replace(/(\.\d{3})\d+$/, '$1');
  const zone = match[3] === undefined ? 'Z' : match[3].toUpperCase();
  const at = Date.parse(`${match[1]}T${time}${zone}`);
  return Number.isNaN(at) ? undefined : at;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A start or end time as sent: a time as given, or a date turned into its first second (a
 * start) or its last (an end), UTC, so `2026-12-10` as an end runs through that day.
 * Undefined for text that is neither, or names no calendar day (2026-02-30).
 */
export function timeToSend(given: string, edge: 'start' | 'end'): string | undefined {
  if (!TIMESTAMP.test(given) && !DATE.test(given)) return undefined;
  const day = given.slice(0, 10);
  const midnight = instantOf(day);
  if (midnight === undefined || new Date(midnight).toISOString().slice(0, 10) !== day || instantOf(given) === undefined) return undefined;
  return DATE.test(given) ? `${given}T${edge === 'start' ? '00:00:00' : '23:59:59'}Z` : given;
}
