// `giftcard export`: the store's cards as the CSV `giftcard import` reads, page after page
// (memory flat), codes masked to their last four characters unless they are revealed.
import type { GiftCard } from '../api/gift-cards.js';
import { showsFullCode } from '../api/gift-card-match.js';
import { scalarText } from '../core/json.js';
import type { RowSink } from './export-output.js';
import { GIFT_CARD_COLUMNS } from './gift-card-rows.js';

export interface ExportCounts {
  cards: number;
  /** Cards whose whole code the store did not show (with reveal: written masked all the same). */
  masked: number;
}

/** Writes the header, then every card of `pages`; `reveal`: whole codes where the store shows them. */
export async function exportGiftCards(pages: AsyncIterable<GiftCard[]>, out: Pick<RowSink, 'write'>, reveal: boolean): Promise<ExportCounts> {
  const { stringify } = await import('csv-stringify/sync');
  const counts: ExportCounts = { cards: 0, masked: 0 };
  await out.write(stringify([[...GIFT_CARD_COLUMNS]]));
  for await (const page of pages) {
    const records = page.map((card) => {
      const whole = showsFullCode(card);
      if (!whole) counts.masked += 1;
      return giftCardRecord(card, reveal && whole);
    });
    counts.cards += page.length;
    if (records.length > 0) await out.write(stringify(records));
  }
  return counts;
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
