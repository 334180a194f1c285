// How a gift card reads in a table or TSV. Listings show the last characters, never the
// code; only the card just created shows its full code.
import { giftCardStatus } from '../../api/gift-cards/status.js';
import type { GiftCard } from '../../api/gift-cards/schema.js';
import type { Palette } from '../../core/colors.js';
import { scalarText } from '../../core/json.js';
import { listView, type Column, type View } from '../../core/output.js';
import type { GiftCardListColumn } from './columns.js';

const text = (field: keyof GiftCard) => (card: GiftCard) => scalarText(card[field]);

const statusStyle = (value: string, colors: Palette) =>
  value === 'enabled' ? colors.green(value) : value === 'disabled' ? colors.red(value) : colors.yellow(value);

/** Scripts get an empty cell for "no expiry"; people read "never". */
const expiresColumn: Column<GiftCard> = { header: 'EXPIRES', value: text('expireTime'), style: (value, colors) => value || colors.dim('never') };

/** The status the card's fields give at `now` (the store sends none). */
function statusColumn(now: Date): Column<GiftCard> {
  return { header: 'STATUS', value: (card) => giftCardStatus(card, now), style: statusStyle };
}

/**
 * Columns of a listing, in the order search declares (GIFT_CARD_LIST_COLUMNS; scripts `cut` them).
 * A table too wide for the terminal leaves out the customer, then the expiry, before it cuts the note.
 */
export function giftCardListView(now: Date, order: readonly GiftCardListColumn[]): View<GiftCard> {
  const columns: Record<GiftCardListColumn, Column<GiftCard>> = {
    id: { header: 'ID', value: text('id') },
    lastCharacters: { header: 'LAST4', value: text('lastCharacters') },
    balance: { header: 'BALANCE', value: text('balance') },
    currency: { header: 'CURRENCY', value: text('currency') },
    status: statusColumn(now),
    expireTime: expiresColumn,
    customerId: { header: 'CUSTOMER', value: text('customerId') },
    note: { header: 'NOTE', value: text('note'), shrinkable: true },
  };
  return listView(columns, order, ['customerId', 'expireTime']);
}

/** One card, field by field; `withCode` only for the card just created. */
export function giftCardDetailView(now: Date, withCode = false): View<GiftCard> {
  return {
    columns: [
      { header: 'ID', value: text('id') },
      withCode
        ? { header: 'CODE', value: text('code'), style: (v: string, c: Palette) => c.bold(c.cyan(v)) }
        : { header: 'LAST4', value: text('lastCharacters') },
      { header: 'BALANCE', value: text('balance') },
      { header: 'INITIAL', value: text('initialValue') },
      { header: 'CURRENCY', value: text('currency') },
      statusColumn(now),
      expiresColumn,
      { header: 'CUSTOMER', value: text('customerId') },
      { header: 'NOTE', value: text('note'), shrinkable: true },
      { header: 'DISABLED', value: text('disableTime') },
      { header: 'CREATED', value: text('createTime') },
      { header: 'UPDATED', value: text('updateTime') },
    ],
  };
}
