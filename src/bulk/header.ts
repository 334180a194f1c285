// The header line of an import file: which column holds what. A header that cannot be
// read is the one failure that stops the import before anything is sent (exit 2).
import { FieldError, UsageError } from '../core/errors.js';
import { pluralWord } from '../core/words.js';

const REQUIRED_COLUMNS = ['domain', 'bizId', 'namespace', 'code', 'value'] as const;
const OPTIONAL_COLUMNS = ['type'] as const;
/** Columns a rejects file adds: a fixed rejects file imports as it is. */
const IGNORED_COLUMNS = ['line', 'reason'] as const;

type Known = (typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number];

export interface Columns {
  /** Absent when --domain stands in for the column. */
  domain?: number;
  bizId: number;
  namespace: number;
  code: number;
  value: number;
  type?: number;
  /** Fields in the header: a row with another count is ragged. */
  width: number;
}

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
    throw fail(`the header "${clip(cells[0]!)}" is one field: ${semicolons}store-cli reads comma-separated values (the header must be ${names.required.join(',')}).`);
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

export function readHeader(cells: readonly string[], source: string, domainFlag: string | undefined): Columns {
  const fail = (message: string) => new UsageError(`${source}: ${message}`, false);
  const found = findColumns(cells, source, { required: REQUIRED_COLUMNS, optional: OPTIONAL_COLUMNS, ignored: IGNORED_COLUMNS }) as Map<Known, number>;
  if (found.has('domain') && domainFlag !== undefined) {
    throw new FieldError('domain', (name) => `${name()} is for files without a domain column, and ${source} has one: drop the flag or the column.`);
  }
  const missing = REQUIRED_COLUMNS.filter((name) => !found.has(name) && !(name === 'domain' && domainFlag !== undefined));
  if (missing.length > 0) {
    const hint = missing.includes('domain') ? ' (or pass --domain for a file whose rows all share one)' : '';
    throw fail(`the header lacks the ${pluralWord(missing.length, 'column')} ${missing.join(', ')}${hint}; it must name ${REQUIRED_COLUMNS.join(',')} and may add type.`);
  }
  return {
    ...(found.has('domain') ? { domain: found.get('domain')! } : {}),
    bizId: found.get('bizId')!,
    namespace: found.get('namespace')!,
    code: found.get('code')!,
    value: found.get('value')!,
    ...(found.has('type') ? { type: found.get('type')! } : {}),
    width: cells.length,
  };
}

/** How a reject names a column: "value", or "field 7" for one the import ignores. */
export function columnName(columns: Columns, index: number): string {
  const known = (Object.keys(columns) as Array<keyof Columns>).find((key) => key !== 'width' && columns[key] === index);
  return known ?? `field ${index + 1}`;
}

function clip(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > 60 ? `${oneLine.slice(0, 57)}...` : oneLine;
}
