// `discount export`: a discount's codes as the CSV `discount import` reads (code first; the
// import ignores the other columns) or as JSON lines (each code as the store sent it),
// written page by page in the store's order: memory stays flat however many codes it has.
import type { DiscountCode } from '../api/discounts/schema.js';
import { scalarText, toJson } from '../core/json.js';
import type { RowSink } from './output-sink.js';

export const DISCOUNT_CODE_EXPORT_COLUMNS = ['code', 'usageCount', 'createTime'] as const;
export const DISCOUNT_EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type DiscountExportFormat = (typeof DISCOUNT_EXPORT_FORMATS)[number];

/** Writes every code of `pages` (a CSV header first); returns how many. */
export async function exportDiscountCodes(pages: AsyncIterable<DiscountCode[]>, out: Pick<RowSink, 'write'>, format: DiscountExportFormat): Promise<number> {
  const { stringify } = await import('csv-stringify/sync');
  let codes = 0;
  if (format === 'csv') await out.write(stringify([[...DISCOUNT_CODE_EXPORT_COLUMNS]]));
  for await (const page of pages) {
    codes += page.length;
    if (page.length === 0) continue;
    if (format === 'jsonl') await out.write(page.map((code) => `${toJson(code)}\n`).join(''));
    else await out.write(stringify(page.map((code) => DISCOUNT_CODE_EXPORT_COLUMNS.map((name) => scalarText(code[name])))));
  }
  return codes;
}
