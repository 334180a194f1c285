// The header of a metafield import file: domain, bizId, namespace, code, value and optionally
// type, in any order and any case (a rejects file's line and reason are skipped).
import { FieldError, UsageError } from '../../../core/errors.js';
import { pluralWord } from '../../../core/words.js';
import { findColumns } from '../../engine/header.js';

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

export function readHeader(cells: readonly string[], source: string, domainFlag: string | undefined): Columns {
  const fail = (message: string) => new UsageError(`${source}: ${message}`, false);
  const found = findColumns(cells, source, { required: REQUIRED_COLUMNS, optional: OPTIONAL_COLUMNS, ignored: IGNORED_COLUMNS }) as Map<Known, number>;
  if (found.has('domain') && domainFlag !== undefined) {
    throw new FieldError('domain', (name) => `${name()} is for files without a domain column, and ${source} has one: drop the flag or the column.`);
  }
  const missing = REQUIRED_COLUMNS.filter((name) => !found.has(name) && !(name === 'domain' && domainFlag !== undefined));
  if (missing.length > 0) {
    const hint = missing.includes('domain') ? ' (or pass --domain for a file whose rows all share one)' : '';
    throw fail(
      `the header lacks the ${pluralWord(missing.length, 'column')} ${missing.join(', ')}${hint}; it must name ${REQUIRED_COLUMNS.join(',')} and may add type.`,
    );
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
