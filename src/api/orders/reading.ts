// One reading of an order for every view, filter and export. The store's docs name an
// order's fields differently from sample to sample (real-store-notes.md "Commerce resources"):
// the object sample writes `orderId`, `currentTotalTax`, `currentTotalDiscounts` and
// `totalOutstanding`, the event sample `shopCurrency` and `closedTime`, the fulfilment guide
// `id`, our sandbox's service dialect `currency` and `totalTax`. Each meaning is read here,
// from the first of its names the order carries, so no command reads an order field by field.
// Free of zod, and of the schema (which reads an order's id here): an order is read as the
// record the store sent, whatever the schema checked of it.
import { scalarText } from '../../core/json.js';

type Fields = Readonly<Record<string, unknown>>;
/** An order as the store sent it (schema.ts's Order is one). */
type Order = Fields;

/** The first of `names` the record carries (neither absent nor null), as text; '' when none. */
function first(record: Fields, names: readonly string[]): string {
  for (const name of names) {
    const value = record[name];
    if (value !== undefined && value !== null) return scalarText(value);
  }
  return '';
}

const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The order's id as text, digit-exact, whichever of its two names carried it. */
export function idOf(order: Order): string | undefined {
  const raw = order.orderId ?? order.id;
  return raw === undefined || raw === null ? undefined : scalarText(raw);
}

/** The order's name as the shop and its customer know it (#1001), as text; '' when it has none. */
export function orderName(order: Order): string {
  return first(order, ['name']);
}

/** The order's money and currency, amounts as the store wrote them ('' where it sent none). */
export interface OrderMoney {
  currency: string;
  subtotal: string;
  shipping: string;
  tax: string;
  discounts: string;
  total: string;
  outstanding: string;
}

/**
 * The order's own total first, the `current…` one (after edits and refunds) where the order
 * has no other: the docs' object sample has `currentTotalTax` alone, and `totalDiscounts`
 * beside `currentTotalDiscounts`.
 */
export function orderMoney(order: Order): OrderMoney {
  return {
    currency: first(order, ['currency', 'shopCurrency']),
    subtotal: first(order, ['subtotalPrice', 'currentSubtotalPrice']),
    shipping: first(order, ['totalShippingPrice']),
    tax: first(order, ['totalTax', 'currentTotalTax']),
    discounts: first(order, ['totalDiscounts', 'currentTotalDiscounts']),
    total: first(order, ['totalPrice', 'currentTotalPrice']),
    outstanding: first(order, ['totalOutstanding']),
  };
}

const CANCEL_TIMES = ['cancelTime', 'cancelledAt', 'cancelledTime'] as const;
const CLOSE_TIMES = ['closedTime', 'closedAt'] as const;

/** When the order was created, as the store wrote it ('' when it sent no creation time). */
export function createdText(order: Order): string {
  return first(order, ['createTime', 'createdAt', 'createdTime']);
}

/** When the order was cancelled, as written ('' when it was not, or the store does not say). */
export function cancelledText(order: Order): string {
  return first(order, CANCEL_TIMES);
}

/**
 * The order's state: `status` as sent; without one, what its times say (cancelled when it has
 * a cancel time, closed when it has a close time, else open), as the family's `status` filter
 * reads an order. The event sample carries `closedTime` and no `status`.
 */
export function orderStatus(order: Order): string {
  const sent = first(order, ['status']);
  if (sent !== '') return sent;
  if (first(order, CANCEL_TIMES) !== '') return 'cancelled';
  if (first(order, CLOSE_TIMES) !== '') return 'closed';
  return 'open';
}

/** The buyer's customer id: `customerId`, else the id of the order's `customer` object ('' when neither). */
export function customerIdOf(order: Order): string {
  const own = first(order, ['customerId']);
  if (own !== '') return own;
  return isRecord(order.customer) ? first(order.customer, ['id', 'customerId']) : '';
}

/** The buyer's email: `email`, else the `customer` object's; undefined when the order carries none (withheld, or no buyer). */
export function emailOf(order: Order): string | undefined {
  const own = first(order, ['email']);
  if (own !== '') return own;
  const nested = isRecord(order.customer) ? first(order.customer, ['email']) : '';
  return nested === '' ? undefined : nested;
}

/** One line item as every view and the export read it. */
export interface OrderLine {
  id: string;
  productId: string;
  variantId: string;
  sku: string;
  title: string;
  quantity: string;
  price: string;
  discount: string;
  /** quantity × price in exact decimals; '' when either is not a plain number. */
  total: string;
}

/** The order's line items (objects only: anything else in the list is not a line), each field by the first of its names. */
export function orderLines(order: Order): OrderLine[] {
  const items = Array.isArray(order.lineItems) ? order.lineItems.filter(isRecord) : [];
  return items.map((item) => {
    const quantity = first(item, ['quantity']);
    const price = first(item, ['price']);
    return {
      id: first(item, ['lineItemId', 'id']),
      productId: first(item, ['productId']),
      variantId: first(item, ['variantId']),
      sku: first(item, ['sku']),
      title: first(item, ['title', 'name']),
      quantity,
      price,
      discount: first(item, ['totalDiscount', 'discount']),
      total: lineTotal(quantity, price),
    };
  });
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
