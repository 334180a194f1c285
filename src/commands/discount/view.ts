// How discounts read in a table or TSV; --json shows them as the store sent them.
import type { Discount } from '../../api/discounts/schema.js';
import type { Palette } from '../../core/colors.js';
import { scalarText } from '../../core/json.js';
import { listView, type Column, type View } from '../../core/output.js';
import type { DiscountListColumn } from './columns.js';

const text = (field: keyof Discount) => (discount: Discount) => scalarText(discount[field]);

const statusStyle = (value: string, colors: Palette) => (value === 'ENABLED' ? colors.green(value) : value === 'DISABLED' ? colors.red(value) : value);

const columns: Record<DiscountListColumn, Column<Discount>> = {
  id: { header: 'ID', value: text('id') },
  title: { header: 'TITLE', value: text('title'), shrinkable: true },
  discountType: { header: 'TYPE', value: text('discountType') },
  valueType: { header: 'VALUE TYPE', value: text('valueType') },
  value: { header: 'VALUE', value: text('value') },
  discountMethod: { header: 'METHOD', value: text('discountMethod') },
  status: { header: 'STATUS', value: text('status'), style: statusStyle },
  startTime: { header: 'STARTS', value: text('startTime') },
  // Scripts get an empty cell for "no end"; people read "never".
  endTime: { header: 'ENDS', value: text('endTime'), style: (value, colors) => value || colors.dim('never') },
};

/** A listing, in the column order `discount list` declares (DISCOUNT_LIST_COLUMNS). */
export function discountListView(order: readonly DiscountListColumn[]): View<Discount> {
  return listView(columns, order, ['startTime', 'endTime', 'valueType']);
}

/** One discount, field by field. */
export const discountDetailView: View<Discount> = {
  columns: [
    ...Object.values(columns),
    { header: 'ELIGIBILITY', value: text('eligibility') },
    { header: 'SEGMENTS', value: (discount) => (Array.isArray(discount.segmentIds) ? discount.segmentIds.map((id) => scalarText(id)).join(',') : scalarText(discount.segmentIds)) },
    // Scripts get an empty cell for "no limit"; people read "none".
    { header: 'USAGE LIMIT', value: text('usageLimit'), style: (value, colors) => value || colors.dim('none') },
    { header: 'ONCE PER CUSTOMER', value: text('oncePerCustomer') },
    { header: 'CODES', value: text('codesCount') },
    { header: 'CREATED', value: text('createTime') },
    { header: 'UPDATED', value: text('updateTime') },
  ],
};
