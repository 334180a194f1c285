// Tracking rows as JSON lines: one object a row, keyed by the CSV's column names (order,
// trackingNumber, carrier, trackingUrl, lineItems, notify), each turned into the record a CSV
// row would be, so that the same checks apply. Ids may be JSON numbers (kept digit-exact),
// `notify` a boolean, and `lineItems` the cell's text or a list of ids or {"id", "quantity"}.
import type { Readable } from 'node:stream';
import { isLosslessNumber } from '../../../core/json.js';
import type { CsvRecord } from '../../engine/csv-rows.js';
import { jsonObjectLines } from '../../engine/jsonl-rows.js';
import { FULFILLMENT_COLUMNS } from './rows.js';

/** Keys a rejects file adds (line, reason): ignored, as the CSV header ignores them. */
const IGNORED_KEYS: ReadonlySet<string> = new Set(['line', 'reason']);

/** The header (every column), then one record per non-blank line. Ending the iteration early closes the input. */
export async function* fulfillmentJsonlRecords(input: Readable): AsyncGenerator<CsvRecord> {
  yield { line: 0, cells: [...FULFILLMENT_COLUMNS], bytes: 0 };
  for await (const parsed of jsonObjectLines(input, `a JSON object with the keys ${FULFILLMENT_COLUMNS.join(', ')}`)) {
    yield 'object' in parsed ? recordOf(parsed.object, parsed) : parsed;
  }
}

function recordOf(object: Record<string, unknown>, at: { line: number; bytes: number }): CsvRecord {
  const { line, bytes } = at;
  const cells: string[] = [];
  for (const key of FULFILLMENT_COLUMNS) {
    const cell = key === 'lineItems' ? linesCell(object[key]) : cellOf(object[key]);
    if (cell === undefined) return { line, cells, bytes, problem: `"${key}" must be ${key === 'lineItems' ? 'text or a list of line items' : 'text'}` };
    cells.push(cell);
  }
  const unknown = Object.keys(object).find((key) => !(FULFILLMENT_COLUMNS as readonly string[]).includes(key) && !IGNORED_KEYS.has(key));
  if (unknown !== undefined)
    return { line, cells, bytes, problem: `unknown key ${JSON.stringify(unknown.slice(0, 40))}; the keys are ${FULFILLMENT_COLUMNS.join(', ')}` };
  return { line, cells, bytes };
}

/** A key's value as cell text: ids digit-exact, booleans as their word. */
function cellOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (isLosslessNumber(value) || typeof value === 'boolean') return String(value);
  return undefined;
}

/** `["61…09", {"id": "61…10", "quantity": 2}]` as the cell's `61…09;61…10:2`; text as it is. */
function linesCell(value: unknown): string | undefined {
  if (!Array.isArray(value)) return cellOf(value);
  const items: string[] = [];
  for (const item of value) {
    if (item !== null && typeof item === 'object' && !isLosslessNumber(item)) {
      const { id, quantity, ...rest } = item as Record<string, unknown>;
      const idText = cellOf(id);
      const quantityText = cellOf(quantity);
      if (idText === undefined || idText === '' || quantityText === undefined || Object.keys(rest).length > 0) return undefined;
      items.push(quantityText === '' ? idText : `${idText}:${quantityText}`);
    } else {
      const text = cellOf(item);
      if (text === undefined || text === '') return undefined;
      items.push(text);
    }
  }
  return items.join(';');
}
