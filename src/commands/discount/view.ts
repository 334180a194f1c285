// How discounts read in a table or TSV, whatever the store's shape (read by
// api/discounts/wire-shape.ts); --json shows them as the store sent them. TSV cells are the
// store's values, for scripts; a table says them in words: `15%`, `order`, `code`, and a
// status of `ended` or `scheduled` for an enabled discount outside its dates.
import { DISCOUNT_METHODS, DISCOUNT_TYPES, ELIGIBILITIES, shortWord, VALUE_TYPES } from '../../api/discounts/fields.js';
import type { Discount } from '../../api/discounts/schema.js';
import { instantOf } from '../../api/discounts/times.js';
import { readDiscount, type DiscountReading } from '../../api/discounts/wire-shape.js';
import type { Palette } from '../../core/colors.js';
import { dateOf, listView, type Column, type View } from '../../core/output.js';

const readings = new WeakMap<Discount, DiscountReading>();

/** The discount's reading, made once per record however many cells show it. */
function read(discount: Discount): DiscountReading {
  let reading = readings.get(discount);
  if (reading === undefined) readings.set(discount, (reading = readDiscount(discount)));
  return reading;
}

type TextField = Exclude<keyof DiscountReading, 'segmentIds'>;
const text = (field: TextField) => (discount: Discount) => read(discount)[field];

/**
 * A table cell in words, made from the record's value (the table sized the column for the
 * words, so it may have cut the value to their width). Only a value the words know is
 * turned (documented values, digits: plain ASCII); anything else stays as the table made
 * it, escaped, and words too wide for the cell (a narrowed column) leave it as it is.
 */
const said =
  (field: TextField, words: (value: string, discount: Discount) => string | undefined) =>
  (shown: string, _colors: Palette, discount: Discount): string => {
    const value = read(discount)[field];
    const saying = value === '' ? undefined : words(value, discount);
    if (saying === undefined) return shown;
    return shown === value || saying.length <= shown.length ? saying : shown;
  };

/** A documented value in its short word. */
const word = (field: TextField, words: Record<string, string>) => said(field, (value) => shortWord(words, value));

/** What a person reads for the status: an enabled discount whose end is past has ended, one whose start is ahead is scheduled. */
export function statusWord(discount: DiscountReading, now: Date): string {
  if (discount.status !== 'ENABLED') return discount.status === 'DISABLED' ? 'disabled' : discount.status;
  const [start, end] = [instantOf(discount.startTime), instantOf(discount.endTime)];
  if (end !== undefined && end <= now.getTime()) return 'ended';
  if (start !== undefined && start > now.getTime()) return 'scheduled';
  return 'enabled';
}

function statusStyle(now: Date) {
  return (cell: string, colors: Palette, discount: Discount) => {
    const shown = said('status', (value) => (value === 'ENABLED' || value === 'DISABLED' ? statusWord(read(discount), now) : undefined))(
      cell,
      colors,
      discount,
    );
    return shown === 'enabled'
      ? colors.green(shown)
      : shown === 'disabled'
        ? colors.red(shown)
        : shown === 'scheduled'
          ? colors.yellow(shown)
          : shown === 'ended'
            ? colors.dim(shown)
            : shown;
  };
}

function columnsAt(now: Date) {
  return {
    id: { header: 'ID', value: text('id') },
    title: { header: 'TITLE', value: text('title'), shrinkable: true },
    discountType: { header: 'TYPE', value: text('discountType'), style: word('discountType', DISCOUNT_TYPES) },
    valueType: { header: 'VALUE TYPE', value: text('valueType'), style: word('valueType', VALUE_TYPES) },
    // 15 percent reads 15%; an amount as the store wrote it.
    value: {
      header: 'VALUE',
      value: text('value'),
      style: said('value', (value, discount) => (read(discount).valueType === 'PERCENTAGE' && /^\d+(\.\d+)?$/.test(value) ? `${value}%` : undefined)),
    },
    discountMethod: { header: 'METHOD', value: text('discountMethod'), style: word('discountMethod', DISCOUNT_METHODS) },
    status: { header: 'STATUS', value: text('status'), style: statusStyle(now) },
    startTime: { header: 'STARTS', value: text('startTime'), narrow: dateOf },
    // Scripts get an empty cell for "no end"; people read "never".
    endTime: { header: 'ENDS', value: text('endTime'), style: (value, colors) => value || colors.dim('never'), narrow: dateOf },
    code: { header: 'CODE', value: text('code') },
  } satisfies Record<string, Column<Discount>>;
}

/** A column `discount list` may declare (its DISCOUNT_LIST_COLUMNS, in the order scripts cut them). */
export type DiscountListColumn = keyof ReturnType<typeof columnsAt>;

/**
 * A listing, in the column order `discount list` declares (DISCOUNT_LIST_COLUMNS); `now` tells
 * ended and scheduled apart. A narrow terminal shows the days a discount starts and ends
 * rather than their times, then loses the value's type (VALUE says 15% or 5.00), the start,
 * the end and the method (a code in CODE says it) before it cuts the title.
 */
export function discountListView(order: readonly DiscountListColumn[], now: Date): View<Discount> {
  return listView(columnsAt(now), order, ['valueType', 'startTime', 'endTime', 'discountMethod']);
}

/** One discount, field by field. */
export function discountDetailView(now: Date): View<Discount> {
  const columns = columnsAt(now);
  return {
    columns: [
      columns.id,
      columns.title,
      columns.discountType,
      columns.valueType,
      columns.value,
      columns.discountMethod,
      columns.code,
      columns.status,
      columns.startTime,
      columns.endTime,
      { header: 'ELIGIBILITY', value: text('eligibility'), style: word('eligibility', ELIGIBILITIES) },
      { header: 'SEGMENTS', value: (discount) => read(discount).segmentIds.join(',') },
      // Scripts get an empty cell for "no limit"; people read "none".
      { header: 'USAGE LIMIT', value: text('usageLimit'), style: (value, colors) => value || colors.dim('none') },
      { header: 'ONCE PER CUSTOMER', value: text('oncePerCustomer') },
      // The service's count of a discount's codes (a Genstore discount holds its one code, above).
      { header: 'CODES', value: text('codesCount') },
      { header: 'CREATED', value: text('createTime') },
      { header: 'UPDATED', value: text('updateTime') },
    ],
  };
}
