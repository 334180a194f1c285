// `discount export`: the store's discounts as the rows `discount import` reads, one a discount
// with its code (a service discount's several codes in one cell, `;` between them), or as
// JSON lines (one object a discount, keys as the CSV columns). Sorted by code ignoring case
// (a discount without one by its title), then id, so that two stores holding the same
// discounts export the same bytes with --no-ids, whatever order they made them in: the rows
// are therefore held until the last page is read. Genstore is read through its listing alone
// (each discount holds its code); the service, also each code discount's codes.
import type { DiscountShape } from '../../../api/discounts/wire-shape.js';
import { compareIds, compareText, csvLine } from '../../engine/export-text.js';
import { countedPages, NO_PROGRESS, type ExportProgress } from '../../engine/export-progress.js';
import type { RowSink } from '../../engine/output-sink.js';
import { entryOf, type DiscountStore, type IndexEntry } from './kind.js';
import { DISCOUNT_COLUMNS, DISCOUNT_ID_COLUMNS, LIST_SEPARATOR, type DiscountColumn } from './rows.js';

export interface DiscountExportOptions {
  /** The store's ids (discountId) as a column; false with --no-ids. */
  ids: boolean;
  format: 'csv' | 'jsonl';
  /** In a terminal, the line of what was read. */
  progress?: ExportProgress;
}

/** Writes every discount of the store; returns how many. */
export async function exportDiscounts(
  store: Pick<DiscountStore, 'shape' | 'everyDiscount' | 'everyCode'>,
  out: Pick<RowSink, 'write'>,
  options: DiscountExportOptions,
): Promise<number> {
  const shape: DiscountShape = await store.shape();
  const held: Array<{ key: string; id: string; cells: Record<DiscountColumn, string> }> = [];
  for await (const page of countedPages(store.everyDiscount(), options.progress ?? NO_PROGRESS)) {
    for (const discount of page) {
      const cells = cellsOf(await entryOf(store, discount, shape));
      held.push({ key: (cells.code.split(LIST_SEPARATOR)[0] || cells.title).toLowerCase(), id: cells.discountId, cells });
    }
  }
  held.sort((a, b) => compareText(a.key, b.key) || compareIds(a.id, b.id));
  const header = DISCOUNT_COLUMNS.filter((name) => options.ids || !DISCOUNT_ID_COLUMNS.includes(name));
  let text = options.format === 'csv' ? csvLine(header) : '';
  for (const row of held) {
    const cells = header.map((name) => row.cells[name]);
    text += options.format === 'csv' ? csvLine(cells) : `${JSON.stringify(Object.fromEntries(header.map((name, index) => [name, cells[index]])))}\n`;
    // Written in pieces, so a large store's file never sits whole in one string.
    if (text.length >= 64 * 1024) {
      await out.write(text);
      text = '';
    }
  }
  if (text !== '') await out.write(text);
  return held.length;
}

/** A discount's row: its settings as the store holds them, codes ordered ignoring case. */
function cellsOf(entry: IndexEntry): Record<DiscountColumn, string> {
  const { settings } = entry;
  const codes = [...settings.codes].sort((a, b) => compareText(a.toLowerCase(), b.toLowerCase()) || compareText(a, b));
  return {
    code: codes.join(LIST_SEPARATOR),
    discountId: entry.id,
    title: settings.title,
    discountType: settings.discountType,
    valueType: settings.valueType,
    value: settings.value,
    discountMethod: settings.discountMethod,
    eligibility: settings.eligibility,
    segmentIds: settings.segmentIds.join(LIST_SEPARATOR),
    status: settings.status,
    startTime: settings.startTime,
    endTime: settings.endTime,
    usageLimit: settings.usageLimit,
    oncePerCustomer: settings.oncePerCustomer,
  };
}
