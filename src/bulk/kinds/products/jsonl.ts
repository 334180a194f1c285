// Product rows as JSON lines (what `product export --jsonl` writes): one object a variant,
// keyed by the CSV's column names. The first object's keys are the header; a later line
// without one of them leaves that column alone (as an empty cell does), and a line with a
// key the first did not have is one reject. Values are text; numbers and booleans are read
// as their JSON text, null as an empty cell.
import type { Readable } from 'node:stream';
import { isLosslessNumber } from '../../../core/json.js';
import type { CsvRecord } from '../../engine/csv-rows.js';
import { jsonObjectLines, type ObjectLine } from '../../engine/jsonl-rows.js';

const IGNORED_KEYS: ReadonlySet<string> = new Set(['line', 'reason']);

export async function* productJsonlRecords(input: Readable): AsyncGenerator<CsvRecord> {
  let keys: string[] | undefined;
  // Lines that fail before the first object: told once the header is known.
  const early: CsvRecord[] = [];
  for await (const parsed of jsonObjectLines(input, 'a JSON object of a product row (keys such as handle, title, sku, price)')) {
    if (!('object' in parsed)) {
      if (keys === undefined) early.push(parsed);
      else yield parsed;
      continue;
    }
    if (keys === undefined) {
      keys = Object.keys(parsed.object).filter((key) => !IGNORED_KEYS.has(key));
      yield { line: 0, cells: keys, bytes: 0 };
      yield* early;
    }
    yield recordOf(parsed, keys);
  }
}

function recordOf(parsed: Extract<ObjectLine, { object: unknown }>, keys: readonly string[]): CsvRecord {
  const { line, bytes, object } = parsed;
  const unknown = Object.keys(object).find((key) => !keys.includes(key) && !IGNORED_KEYS.has(key));
  if (unknown !== undefined)
    return { line, cells: [], bytes, problem: `the key ${JSON.stringify(unknown.slice(0, 40))} is not one of the first line's (${keys.join(', ')})` };
  const cells: string[] = [];
  for (const key of keys) {
    const value = object[key];
    if (value === undefined || value === null) cells.push('');
    else if (typeof value === 'string') cells.push(value);
    else if (typeof value === 'boolean' || isLosslessNumber(value)) cells.push(String(value));
    else return { line, cells, bytes, problem: `"${key}" must be text` };
  }
  return { line, cells, bytes };
}
