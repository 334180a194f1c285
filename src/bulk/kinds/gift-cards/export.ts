// `giftcard export`: the store's cards as the CSV `giftcard import` reads, codes masked to
// their last four characters unless they are revealed. Sorted by code (then id), so that
// two stores holding the same cards export the same bytes whatever order they made them in:
// the rows are held until the last page is read. `sort: 'none'` writes each page as it comes
// (memory flat), in the store's order. As CSV, or as JSON lines (one object a card, keys as
// the CSV's columns).
import type { GiftCard } from '../../../api/gift-cards/schema.js';
import { showsFullCode } from '../../../api/gift-cards/match.js';
import { scalarText } from '../../../core/json.js';
import { compareText, type ExportFormat } from '../../engine/export-text.js';
import type { RowSink } from '../../engine/output-sink.js';
import { GIFT_CARD_COLUMNS } from './rows.js';

export const GIFT_CARD_SORTS = ['code', 'none'] as const;
export type GiftCardSort = (typeof GIFT_CARD_SORTS)[number];

export interface ExportCounts {
  cards: number;
  /** Cards written with their whole code (only with reveal). */
  revealed: number;
  /** Cards whose whole code the store did not show (with reveal: written masked all the same). */
  masked: number;
}

interface Held {
  /** The code as written (masked or whole): the order never tells more than the file does. */
  code: string;
  id: string;
  record: string[];
}

/** Writes the header (CSV), then every card of `pages`; `reveal`: whole codes where the store shows them. */
export async function exportGiftCards(
  pages: AsyncIterable<GiftCard[]>,
  out: Pick<RowSink, 'write'>,
  reveal: boolean,
  sort: GiftCardSort = 'code',
  format: ExportFormat = 'csv',
): Promise<ExportCounts> {
  const { stringify: csv } = await import('csv-stringify/sync');
  const stringify = (records: string[][]) =>
    format === 'csv'
      ? csv(records)
      : records.map((record) => `${JSON.stringify(Object.fromEntries(GIFT_CARD_COLUMNS.map((name, index) => [name, record[index]])))}\n`).join('');
  const counts: ExportCounts = { cards: 0, revealed: 0, masked: 0 };
  const held: Held[] = [];
  if (format === 'csv') await out.write(csv([[...GIFT_CARD_COLUMNS]]));
  for await (const page of pages) {
    const records = page.map((card) => {
      const whole = showsFullCode(card);
      if (!whole) counts.masked += 1;
      else if (reveal) counts.revealed += 1;
      return giftCardRecord(card, reveal && whole);
    });
    counts.cards += page.length;
    if (sort === 'none') {
      if (records.length > 0) await out.write(stringify(records));
    } else {
      page.forEach((card, index) => held.push({ code: records[index]![0]!, id: scalarText(card.id), record: records[index]! }));
    }
  }
  if (held.length > 0) {
    held.sort(byCode);
    await out.write(stringify(held.map((row) => row.record)));
  }
  return counts;
}

/**
 * Codes ignoring case (as the store compares them), then as written, then ids by number
 * (ids are digit strings of any length: shorter is smaller). No locale: the same bytes on
 * every machine.
 */
function byCode(a: Held, b: Held): number {
  return compareText(a.code.toUpperCase(), b.code.toUpperCase()) || compareText(a.code, b.code) || a.id.length - b.id.length || compareText(a.id, b.id);
}

/** One card as a row of the import CSV; amounts and ids as the store wrote them. */
export function giftCardRecord(card: GiftCard, reveal: boolean): string[] {
  const last = card.lastCharacters ?? (card.code ?? '').slice(-4);
  const cells: Record<(typeof GIFT_CARD_COLUMNS)[number], string> = {
    code: reveal ? card.code! : last === '' ? '' : `****${last}`,
    initialValue: scalarText(card.initialValue),
    balance: scalarText(card.balance),
    currency: card.currency ?? '',
    note: card.note ?? '',
    expireTime: card.expireTime ?? '',
    customerId: scalarText(card.customerId),
    status: card.disableTime ? 'disabled' : 'enabled',
  };
  return GIFT_CARD_COLUMNS.map((name) => cells[name]);
}
