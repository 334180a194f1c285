// How orders read in a table or TSV.
import { idOf, type Order } from '../../api/orders/schema.js';
import type { Palette } from '../../core/colors.js';
import { scalarText } from '../../core/json.js';
import { listView, type Column, type View } from '../../core/output.js';
import type { OrderListColumn } from './columns.js';

const text = (field: keyof Order) => (order: Order) => scalarText(order[field]);

/**
 * The buyer's email is a protected customer field: a store withholds it from a token without
 * the approval, leaving the key out. An order of a customer that comes without one shows
 * `(withheld)`, never an empty cell that would say the buyer has none.
 */
export const WITHHELD = '(withheld)';
const emailText = (order: Order) => (order.email === undefined && order.customerId !== undefined && order.customerId !== null ? WITHHELD : scalarText(order.email));

const statusStyle = (value: string, colors: Palette) => (value === 'cancelled' ? colors.red(value) : value === 'closed' ? colors.dim(value) : value);

const listColumns: Record<OrderListColumn, Column<Order>> = {
  orderId: { header: 'ID', value: (order) => idOf(order) ?? '' },
  name: { header: 'NAME', value: text('name') },
  createTime: { header: 'CREATED', value: text('createTime') },
  status: { header: 'STATUS', value: text('status'), style: statusStyle },
  financialStatus: { header: 'PAYMENT', value: text('financialStatus') },
  fulfillmentStatus: { header: 'FULFILMENT', value: text('fulfillmentStatus') },
  totalPrice: { header: 'TOTAL', value: text('totalPrice') },
  currency: { header: 'CURRENCY', value: text('currency') },
  email: { header: 'EMAIL', value: emailText, style: (value, colors) => (value === WITHHELD ? colors.dim(value) : value), shrinkable: true },
};

/** A listing, in the column order list declares (ORDER_LIST_COLUMNS); a narrow terminal loses the email first. */
export function orderListView(order: readonly OrderListColumn[]): View<Order> {
  return listView(listColumns, order, ['email']);
}

/** One order, field by field; its line items counted (--json shows them whole). */
export function orderDetailView(): View<Order> {
  const lines = (order: Order) => (Array.isArray(order.lineItems) ? String(order.lineItems.length) : scalarText(order.lineItems));
  return {
    columns: [
      listColumns.orderId,
      listColumns.name,
      listColumns.status,
      listColumns.financialStatus,
      listColumns.fulfillmentStatus,
      { header: 'SUBTOTAL', value: text('subtotalPrice') },
      { header: 'SHIPPING', value: text('totalShippingPrice') },
      { header: 'TAX', value: text('totalTax') },
      { header: 'DISCOUNTS', value: text('totalDiscounts') },
      listColumns.totalPrice,
      { header: 'OUTSTANDING', value: text('totalOutstanding') },
      listColumns.currency,
      { header: 'CUSTOMER', value: text('customerId') },
      listColumns.email,
      { header: 'LINE ITEMS', value: lines },
      { header: 'NOTE', value: text('note'), shrinkable: true },
      { header: 'TAGS', value: text('tags') },
      { header: 'CANCELLED', value: text('cancelTime') },
      { header: 'REASON', value: text('cancelReason') },
      listColumns.createTime,
      { header: 'UPDATED', value: text('updateTime') },
    ],
  };
}
