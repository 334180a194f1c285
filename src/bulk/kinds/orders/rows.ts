// What `order export` writes: one row per line item, the order's money beside each line as
// flat decimal columns (amounts as the store wrote them, never through a float), as CSV or
// JSON lines. An order without line items still gets one row, its line cells empty, so no
// order is missing from the file. Every field is read by the one reading of an order
// (api/orders/reading.ts), as `order get` reads it. Pure: no I/O.
import { createdText, customerIdOf, emailOf, idOf, orderLines, orderMoney, orderStatus } from '../../../api/orders/reading.js';
import type { Order } from '../../../api/orders/schema.js';
import { scalarText } from '../../../core/json.js';
import { csvLine, type ExportFormat } from '../../engine/export-text.js';

export const ORDER_EXPORT_COLUMNS = [
  'orderId',
  'orderName',
  'createTime',
  'status',
  'financialStatus',
  'fulfillmentStatus',
  'currency',
  'subtotal',
  'shipping',
  'tax',
  'discounts',
  'total',
  'customerId',
  'email',
  'lineItemId',
  'productId',
  'variantId',
  'sku',
  'title',
  'lineQuantity',
  'linePrice',
  'lineDiscount',
  'lineTotal',
] as const;
export type OrderExportColumn = (typeof ORDER_EXPORT_COLUMNS)[number];
type Row = Record<OrderExportColumn, string>;

/** One order's rows: one per line item, or one with empty line cells for an order without any. */
export function orderRows(order: Order): Row[] {
  const money = orderMoney(order);
  const head = {
    orderId: idOf(order) ?? '',
    orderName: scalarText(order.name),
    createTime: createdText(order),
    status: orderStatus(order),
    financialStatus: scalarText(order.financialStatus),
    fulfillmentStatus: scalarText(order.fulfillmentStatus),
    currency: money.currency,
    subtotal: money.subtotal,
    shipping: money.shipping,
    tax: money.tax,
    discounts: money.discounts,
    total: money.total,
    customerId: customerIdOf(order),
    email: emailOf(order) ?? '',
  };
  const lines = orderLines(order);
  if (lines.length === 0)
    return [{ ...head, lineItemId: '', productId: '', variantId: '', sku: '', title: '', lineQuantity: '', linePrice: '', lineDiscount: '', lineTotal: '' }];
  return lines.map((line) => ({
    ...head,
    lineItemId: line.id,
    productId: line.productId,
    variantId: line.variantId,
    sku: line.sku,
    title: line.title,
    lineQuantity: line.quantity,
    linePrice: line.price,
    lineDiscount: line.discount,
    lineTotal: line.total,
  }));
}

export function orderHeader(format: ExportFormat): string {
  return format === 'csv' ? csvLine(ORDER_EXPORT_COLUMNS) : '';
}

/** Rows as the file's lines, each ending in a line feed. */
export function orderRowsText(rows: readonly Row[], format: ExportFormat): string {
  let text = '';
  for (const row of rows) text += format === 'csv' ? csvLine(ORDER_EXPORT_COLUMNS.map((key) => row[key])) : `${JSON.stringify(row)}\n`;
  return text;
}
