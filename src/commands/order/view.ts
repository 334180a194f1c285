// How orders read in a table or TSV. Every field goes through the one reading of an order
// (api/orders/reading.ts), which `order export` uses too.
import { cancelledText, createdText, customerIdOf, emailOf, idOf, orderLines, orderMoney, orderStatus, type OrderLine } from '../../api/orders/reading.js';
import type { Order } from '../../api/orders/schema.js';
import type { Palette } from '../../core/colors.js';
import { scalarText } from '../../core/json.js';
import { dateOf, listView, type Column, type Output, type View } from '../../core/output.js';
import type { OrderListColumn } from './columns.js';

const text = (field: keyof Order) => (order: Order) => scalarText(order[field]);
const money = (field: keyof ReturnType<typeof orderMoney>) => (order: Order) => orderMoney(order)[field];

/**
 * The buyer's email is a protected customer field: a store withholds it from a token without
 * the approval, leaving the key out. An order of a customer that comes without one shows
 * `(withheld)`, never an empty cell that would say the buyer has none.
 */
export const WITHHELD = '(withheld)';
const emailText = (order: Order) => emailOf(order) ?? (customerIdOf(order) !== '' ? WITHHELD : '');

const statusStyle = (value: string, colors: Palette) => (value === 'cancelled' ? colors.red(value) : value === 'closed' ? colors.dim(value) : value);

const listColumns: Record<OrderListColumn, Column<Order>> = {
  orderId: { header: 'ID', value: (order) => idOf(order) ?? '' },
  name: { header: 'NAME', value: text('name') },
  createTime: { header: 'CREATED', value: createdText, narrow: dateOf },
  status: { header: 'STATUS', value: orderStatus, style: statusStyle },
  financialStatus: { header: 'PAYMENT', value: text('financialStatus') },
  fulfillmentStatus: { header: 'FULFILMENT', value: text('fulfillmentStatus') },
  totalPrice: { header: 'TOTAL', value: money('total') },
  currency: { header: 'CURRENCY', value: money('currency') },
  email: { header: 'EMAIL', value: emailText, style: (value, colors) => (value === WITHHELD ? colors.dim(value) : value), shrinkable: true },
};

/**
 * A listing, in the column order list declares (ORDER_LIST_COLUMNS). A narrow terminal shows
 * the day an order was placed rather than its time, then loses the email, the currency (a
 * store's orders share one, mostly) and the status (a cancelled order's payment says
 * refunded or voided), and only then the day and the name: at 80 columns ID, NAME, CREATED,
 * PAYMENT, FULFILMENT and TOTAL.
 */
export function orderListView(order: readonly OrderListColumn[]): View<Order> {
  return listView(listColumns, order, ['email', 'currency', 'status', 'createTime', 'name']);
}

/** One order, field by field; its line items counted (a terminal lists them below: orderLinesView). */
export function orderDetailView(): View<Order> {
  const lines = (order: Order) => (Array.isArray(order.lineItems) ? String(order.lineItems.length) : scalarText(order.lineItems));
  return {
    columns: [
      listColumns.orderId,
      listColumns.name,
      listColumns.status,
      listColumns.financialStatus,
      listColumns.fulfillmentStatus,
      { header: 'SUBTOTAL', value: money('subtotal') },
      { header: 'SHIPPING', value: money('shipping') },
      { header: 'TAX', value: money('tax') },
      { header: 'DISCOUNTS', value: money('discounts') },
      listColumns.totalPrice,
      { header: 'OUTSTANDING', value: money('outstanding') },
      listColumns.currency,
      { header: 'CUSTOMER', value: customerIdOf },
      listColumns.email,
      { header: 'LINE ITEMS', value: lines },
      { header: 'NOTE', value: text('note'), shrinkable: true },
      { header: 'TAGS', value: text('tags') },
      { header: 'CANCELLED', value: cancelledText },
      { header: 'REASON', value: text('cancelReason') },
      listColumns.createTime,
      { header: 'UPDATED', value: text('updateTime') },
    ],
  };
}

/** The line items under an order in a terminal: what was bought, each line's total in exact decimals. */
export const orderLinesView: View<OrderLine> = {
  columns: [
    { header: 'LINE', value: (line) => line.id },
    { header: 'SKU', value: (line) => line.sku },
    { header: 'TITLE', value: (line) => line.title, shrinkable: true },
    { header: 'QTY', value: (line) => line.quantity },
    { header: 'PRICE', value: (line) => line.price },
    { header: 'DISCOUNT', value: (line) => line.discount },
    { header: 'TOTAL', value: (line) => line.total },
  ],
};

/** An order as `order get` prints it: the record, and in a terminal its line items as a table below it. */
export async function showOrder(out: Output, order: Order): Promise<void> {
  await out.item(order, orderDetailView());
  if (out.isTable) await out.list([orderLines(order)], orderLinesView, 'The order has no line items.');
}
