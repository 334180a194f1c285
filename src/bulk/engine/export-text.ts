// The text every export writes with: one CSV line (RFC 4180), the two formats (CSV, JSON
// lines), and the orders that make the same rows on two stores the same bytes (code units,
// never a locale; ids by their number, never through a float). Pure: no I/O.

export type ExportFormat = 'csv' | 'jsonl';

/** Code-unit order: the same on every machine and in every locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const DIGITS = /^\d+$/;

/** Ids in numeric order (of any length, never through a JS number); ids that are not digits after them, as text. */
export function compareIds(a: string, b: string): number {
  const aDigits = DIGITS.test(a);
  const bDigits = DIGITS.test(b);
  if (aDigits !== bDigits) return aDigits ? -1 : 1;
  if (!aDigits) return compareText(a, b);
  const x = a.replace(/^0+(?=\d)/, '');
  const y = b.replace(/^0+(?=\d)/, '');
  return x.length - y.length || compareText(x, y) || compareText(a, b);
}

/** A cell is quoted when it holds a quote, comma or line break, or begins or ends with white space (which spreadsheets drop). */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One CSV line (RFC 4180: quotes doubled inside quoted cells), ending in a line feed. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map((cell) => (NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',')}\n`;
}
