/** ISO 8601 UTC without milliseconds, e.g. 2026-11-21T10:00:00Z, as the service writes times. */
export function formatTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Today's date in UTC as YYYY-MM-DD: expiry is judged by calendar day, not by hour. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD (rejects 2025-02-30 and 2025-13-01). */
export function isCalendarDate(text: string): boolean {
  const match = CALENDAR_DATE.exec(text);
  if (match === null) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** True for a timestamp in the service's own format (seconds precision, UTC). */
export function isTimestamp(text: string): boolean {
  return TIMESTAMP.test(text) && isCalendarDate(text.slice(0, 10)) && !Number.isNaN(Date.parse(text));
}
