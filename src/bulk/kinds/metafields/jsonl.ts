// Metafield values as JSON lines (what `metafield export --jsonl` writes): one object a value,
// keyed by the CSV's column names (domain, bizId, namespace, code, value, type), each turned
// into the record a CSV row would be, so that the same checks apply.
import type { Readable } from 'node:stream';
import { isLosslessNumber, toJson } from '../../../core/json.js';
import type { CsvRecord } from '../../engine/csv-rows.js';
import { jsonObjectLines } from '../../engine/jsonl-rows.js';

/** The keys of a line, in the order of the CSV's columns. */
export const JSONL_KEYS = ['domain', 'bizId', 'namespace', 'code', 'value', 'type'] as const;
/** Keys a rejects file adds (line, reason): ignored, as the CSV header ignores them. */
const IGNORED_KEYS: ReadonlySet<string> = new Set(['line', 'reason']);

/**
 * The header (the keys, without domain when --domain stands in for it), then one record
 * per non-blank line. Ending the iteration early closes the input.
 */
export async function* jsonlRecords(input: Readable, domainFlag: string | undefined): AsyncGenerator<CsvRecord> {
  const keys: readonly string[] = domainFlag === undefined ? JSONL_KEYS : JSONL_KEYS.filter((key) => key !== 'domain');
  yield { line: 0, cells: [...keys], bytes: 0 };
  for await (const parsed of jsonObjectLines(input, `a JSON object with the keys ${JSONL_KEYS.join(', ')}`)) {
    yield 'object' in parsed ? recordOf(parsed.object, parsed, keys, domainFlag) : parsed;
  }
}

/** A metafield line's object to its cells, or to a problem (with whatever cells it had). */
function recordOf(object: Record<string, unknown>, at: { line: number; bytes: number }, keys: readonly string[], domainFlag: string | undefined): CsvRecord {
  const { line, bytes } = at;
  const problem = (reason: string, cells: string[] = []): CsvRecord => ({ line, cells, bytes, problem: reason });
  const cells: string[] = [];
  for (const key of keys) {
    const cell = cellOf(key, object[key]);
    if (cell === undefined) return problem(`"${key}" must be text`, cells);
    cells.push(cell);
  }
  const unknown = Object.keys(object).find((key) => !(JSONL_KEYS as readonly string[]).includes(key) && !IGNORED_KEYS.has(key));
  if (unknown !== undefined) return problem(`unknown key ${JSON.stringify(unknown.slice(0, 40))}; the keys are ${JSONL_KEYS.join(', ')}`, cells);
  if (domainFlag !== undefined && object.domain !== undefined && object.domain !== domainFlag) {
    return problem(`the line's domain is ${JSON.stringify(String(object.domain)).slice(0, 40)}, and --domain says ${domainFlag}`, cells);
  }
  return { line, cells, bytes };
}

/** A key's value as cell text: ids digit-exact; a value written as JSON (an object, a number) becomes its compact JSON text. */
function cellOf(key: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (isLosslessNumber(value) || typeof value === 'boolean') return String(value);
  return key === 'value' ? toJson(value) : undefined;
}
