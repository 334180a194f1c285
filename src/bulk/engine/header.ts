// The header line of an import file: which column holds what. A header that cannot be
// read is the one failure that stops the import before anything is sent (exit 2). Each
// kind names its columns (kinds/<kind>/rows.ts, kinds/metafields/header.ts); this finds them.
import { UsageError } from '../../core/errors.js';
import type { Layout } from './row-kind.js';

/** The columns an import knows: `ignored` ones (a rejects file's line and reason) may be there and are skipped. */
export interface ColumnNames {
  required: readonly string[];
  optional: readonly string[];
  ignored: readonly string[];
}

/**
 * Which column holds each known name (any case, surrounding spaces ignored). Throws
 * UsageError for a header of one field that holds separators (a semicolon-separated file,
 * most often), an empty or unknown column, a column named twice. Missing columns are the
 * caller's to judge.
 */
export function findColumns(cells: readonly string[], source: string, names: ColumnNames): Map<string, number> {
  const fail = (message: string) => new UsageError(`${source}: ${message}`, false);
  const all = [...names.required, ...names.optional, ...names.ignored];
  const describe = `${names.required.join(', ')} and optionally ${names.optional.join(', ')}`;
  if (cells.length === 1 && /[;\t|]/.test(cells[0] ?? '')) {
    const semicolons = (cells[0] ?? '').includes(';') ? 'looks like a semicolon-separated file (as spreadsheets save in some languages): ' : '';
    throw fail(
      `the header "${clip(cells[0]!)}" is one field: ${semicolons}store-cli reads comma-separated values (the header must be ${names.required.join(',')}).`,
    );
  }
  const found = new Map<string, number>();
  cells.forEach((cell, index) => {
    const wanted = cell.trim().toLowerCase();
    const name = all.find((known) => known.toLowerCase() === wanted);
    if (cell.trim() === '') throw fail(`field ${index + 1} of the header is empty; the columns are ${describe}.`);
    if (name === undefined) throw fail(`unknown column "${clip(cell.trim())}" in the header; the columns are ${describe}.`);
    if (names.ignored.includes(name)) return;
    if (found.has(name)) throw fail(`the column "${name}" appears twice in the header.`);
    found.set(name, index);
  });
  return found;
}

function clip(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > 60 ? `${oneLine.slice(0, 57)}...` : oneLine;
}

/** Where each column a kind names was found, and how a reject names a column by its place. */
export interface ColumnLayout<C extends string> extends Layout {
  columns: Partial<Record<C, number>>;
}

/** The layout of a header whose columns `findColumns` found; `width`: its number of fields. */
export function columnLayout<C extends string>(found: ReadonlyMap<string, number>, width: number): ColumnLayout<C> {
  const columns = Object.fromEntries(found) as Partial<Record<C, number>>;
  return {
    columns,
    width,
    columnName: (index) => (Object.keys(columns) as C[]).find((name) => columns[name] === index) ?? `field ${index + 1}`,
  };
}

/**
 * A row's cells by column name ('' where the header lacks the column or the row is short).
 * Surrounding spaces are dropped from every cell but those `asWritten` (a title or a note may
 * hold them on purpose).
 */
export function cellsByName<C extends string>(
  names: readonly C[],
  cells: readonly string[],
  layout: { columns: Partial<Record<C, number>> },
  asWritten: readonly C[] = [],
): Record<C, string> {
  const cell = (name: C) => {
    const index = layout.columns[name];
    const value = index === undefined ? '' : (cells[index] ?? '');
    return asWritten.includes(name) ? value : value.trim();
  };
  return Object.fromEntries(names.map((name) => [name, cell(name)])) as Record<C, string>;
}
