// How a gift card reads in a table or TSV. Listings show the last characters, never the
// code; only the card just created shows its full code.
import { giftCardStatus } from '../../api/gift-card-status.js';
import { giftCardFields, type GiftCard } from '../../api/gift-cards.js';
import type { Palette } from '../../core/colors.js';
import { scalarText } from '../../core/json.js';
import type { Column, View } from '../../core/output.js';

const text = (field: keyof GiftCard) => (card: GiftCard) => scalarText(card[field]);

const statusStyle = (value: string, colors: Palette) =>
  value === 'enabled' ? colors.green(value) : value === 'disabled' ? colors.red(value) : colors.yellow(value);

/** Scripts get an empty cell for "no expiry"; people read "never". */
const expiresColumn: Column<GiftCard> = { header: 'EXPIRES', value: text('expireTime'), style: (value, colors) => value || colors.dim('never') };

/** The status the card's fields give at `now` (the store sends none). */
function statusColumn(now: Date): Column<GiftCard> {
  return { header: 'STATUS', value: (card) => giftCardStatus(card, now), style: statusStyle };
}

/** Columns of a listing, in a stable order scripts can `cut`. */
export function giftCardListView(now: Date): View<GiftCard> {
  return {
    fields: giftCardFields,
    columns: [
      { header: 'ID', value: text('id') },
      { header: 'LAST4', value: text('lastCharacters') },
      { header: 'BALANCE', value: text('balance') },
      { header: 'CURRENCY', value: text('currency') },
      statusColumn(now),
      expiresColumn,
      { header: 'CUSTOMER', value: text('customerId') },
      { header: 'NOTE', value: text('note'), shrinkable: true },
    ],
  };
}

/** One card, field by field; `withCode` only for the card just created. */
export function giftCardDetailView(now: Date, withCode = false): View<GiftCard> {
  return {
    fields: giftCardFields,
    columns: [
      { header: 'ID', value: text('id') },
      withCode ? { header: 'CODE', value: text('code'), style: (v: string, c: Palette) => c.bold(c.cyan(v)) } : { header: 'LAST4', value: text('lastCharacters') },
      { header: 'BALANCE', value: text('balance') },
      { header: 'INITIAL', value: text('initialValue') },
      { header: 'CURRENCY', value: text('currency') },
      statusColumn(now),
      expiresColumn,
      { header: 'CUSTOMER', value: text('customerId') },
      { header: 'NOTE', value: text('note') },
      { header: 'DISABLED', value: text('disableTime') },
      { header: 'CREATED', value: text('createTime') },
      { header: 'UPDATED', value: text('updateTime') },
    ],
  };
}
