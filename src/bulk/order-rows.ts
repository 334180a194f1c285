// What `order export` writes: one row per line item, the order's money beside each line as
// flat decimal columns (amounts as the store wrote them, never through a float), as CSV or
// JSON lines. An order without line items still gets one row, its line cells empty, so no
// order is missing from the file. Pure: no I/O.
import { idOf, type Order } from '../api/orders/schema.js';
import { scalarText } from '../core/json.js';
import { csvLine } from './export-rows.js';

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
export type OrderExportFormat = 'csv' | 'jsonl';

type Row = Record<OrderExportColumn, string>;

/** A field of a line item by the first of its names that is there (stores name a line's title or price differently). */
function pick(item: Record<string, unknown>, ...names: string[]): string {
  for (const name of names) if (item[name] !== undefined && item[name] !== null) return scalarText(item[name]);
  return '';
}

/** quantity × price in exact decimal arithmetic (cents as a bigint); '' when either is not a plain decimal. */
export function lineTotal(quantity: string, price: string): string {
  if (!/^\d+$/.test(quantity) || !/^-?\d+(\.\d{1,2})?$/.test(price)) return '';
  const negative = price.startsWith('-');
  const [whole = '0', fraction = ''] = price.replace('-', '').split('.');
  const cents = (BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))) * BigInt(quantity);
  const text = `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
  return negative && cents !== 0n ? `-${text}` : text;
}

/** One order's rows: one per line item, or one with empty line cells for an order without any. */
export function orderRows(order: Order): Row[] {
  const head = {
    orderId: idOf(order) ?? '',
    orderName: scalarText(order.name),
    createTime: scalarText(order.createTime),
    status: scalarText(order.status),
    financialStatus: scalarText(order.financialStatus),
    fulfillmentStatus: scalarText(order.fulfillmentStatus),
    currency: scalarText(order.currency),
    subtotal: scalarText(order.subtotalPrice),
    shipping: scalarText(order.totalShippingPrice),
    tax: scalarText(order.totalTax ?? order.currentTotalTax),
    discounts: scalarText(order.totalDiscounts ?? order.currentTotalDiscounts),
    total: scalarText(order.totalPrice),
    customerId: scalarText(order.customerId),
    email: scalarText(order.email),
  };
  const items = Array.isArray(order.lineItems) ? order.lineItems.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];
  const empty = { lineItemId: '', productId: '', variantId: '', sku: '', title: '', lineQuantity: '', linePrice: '', lineDiscount: '', lineTotal: '' };
  if (items.length === 0) return [{ ...head, ...empty }];
  return items.map((item) => {
    const lineQuantity = pick(item, 'quantity');
    const linePrice = pick(item, 'price');
    return {
      ...head,
      lineItemId: pick(item, 'lineItemId', 'id'),
      productId: pick(item, 'productId'),
      variantId: pick(item, 'variantId'),
      sku: pick(item, 'sku'),
      title: pick(item, 'title', 'name'),
      lineQuantity,
      linePrice,
      lineDiscount: pick(item, 'totalDiscount', 'discount'),
      lineTotal: lineTotal(lineQuantity, linePrice),
    };
  });
}

export function orderHeader(format: OrderExportFormat): string {
  return format === 'csv' ? csvLine(ORDER_EXPORT_COLUMNS) : '';
}

/** Rows as the file's lines, each ending in a line feed. */
export function orderRowsText(rows: readonly Row[], format: OrderExportFormat): string {
  let text = '';
  for (const row of rows) text += format === 'csv' ? csvLine(ORDER_EXPORT_COLUMNS.map((key) => row[key])) : `${JSON.stringify(row)}\n`;
  return text;
}
