// How records read as rows and columns: what a command declares, apart from the code that
// lays a table out (core/table.ts, loaded only when a table is printed).
import type { Palette } from './colors.js';

export interface Column<T> {
  header: string;
  /** The column's name in a listing (the names its command declares): what --columns and View.drop name. */
  name?: string;
  value(item: T): string;
  /** Free text that a table may cut to fit the terminal's width, and a detail view wraps (never ids or amounts). */
  shrinkable?: boolean;
  /** Colour for the table cell only; TSV and JSON never carry colour. */
  style?(text: string, colors: Palette, item: T): string;
  /**
   * A shorter form of the cell's text (a time as its date, `dateOf`) that a table shows when
   * its first page would not fit the terminal otherwise, before it leaves any column out.
   */
  narrow?(text: string): string;
  /** Free text whose cut keeps its end, `…` first: a file's path keeps the file's name. */
  keepEnd?: boolean;
  /**
   * Text a table shows under its row rather than in a column: after `label`, indented and
   * wrapped to the terminal's width, never cut (doctor's detail and hint). TSV and --columns
   * keep it a column like any other.
   */
  below?: { label: string };
}

/** How records read in a table or as TSV rows; --json shows the records themselves. */
export interface View<T> {
  columns: readonly Column<T>[];
  /**
   * Named columns a table leaves out, in this order, while its first page is wider than the
   * terminal: the least useful first (never an id the row is known by, nor an amount).
   */
  drop?: readonly string[];
}

/** The date of a time as the store wrote it (`2026-11-28T08:16:42Z` is `2026-11-28`); other text as it is. */
export function dateOf(time: string): string {
  return /^(\d{4}-\d\d-\d\d)[T ]\d/.exec(time)?.[1] ?? time;
}

/** A listing's view: `columns` in `order`, each under its name (for --columns and `drop`). */
export function listView<N extends string, T>(columns: Readonly<Record<N, Column<T>>>, order: readonly N[], drop: readonly N[] = []): View<T> {
  return { columns: order.map((name) => ({ ...columns[name], name })), drop };
}
