// An order made through the API (`POST /orders`, About Order's "Creates an order"), for apps
// that bring orders in from elsewhere and for test orders: its lines taken from the catalog's
// variants (their title, SKU and price unless the line gives one) or given whole, its buyer by
// id or by email (the customer with that email, ignoring case, when there is one), its money
// worked out as a seed's is. The body's form is this project's choice (docs/decisions.md
// "Order create").
import { invalidField } from '../../http/sandbox-errors.js';
import type { IdGenerator } from '../../state/ids.js';
import { formatTimestamp } from '../dates.js';
import type { Lookups } from '../lookups.js';
import type { OrderCreateInput } from './input.js';
import { subtotalOf, totalOf, type LineItemRecord, type OrderRecord } from './record.js';

export interface OrderMaking {
  ids: IdGenerator;
  lookups: Lookups;
  /** The shop's currency: every order's. */
  currency: string;
  /** The names the store's orders have (`#1001`...): a new one follows the highest. */
  names: readonly string[];
}

/** The next order name: one past the highest `#NNNN` in use, #1001 in a store without one. */
export function nextOrderName(names: readonly string[]): string {
  const numbers = names.map((name) => /^#(\d{1,15})$/.exec(name)?.[1]).filter((digits) => digits !== undefined);
  const highest = numbers.reduce((max, digits) => (BigInt(digits) > max ? BigInt(digits) : max), 1000n);
  return `#${highest + 1n}`;
}

/** The order a create makes, its lines and buyer resolved; a variant or customer that is not the store's is refused at its JSON path. */
export function newOrder(input: OrderCreateInput, making: OrderMaking, now: Date): OrderRecord {
  const { lookups, ids } = making;
  const lines = input.lineItems.map((line, index): Omit<LineItemRecord, 'id'> => {
    if (line.variantId === undefined)
      return { title: line.title!, quantity: line.quantity, price: line.price!, ...(line.sku === undefined ? {} : { sku: line.sku }) };
    const variant = lookups.variant(line.variantId);
    if (variant === undefined) throw invalidField(`order.lineItems[${index}].variantId`, `is no variant of the store's products (${line.variantId})`);
    const sku = line.sku ?? variant.sku;
    return {
      productId: variant.productId,
      variantId: variant.variantId,
      ...(sku === undefined ? {} : { sku }),
      title: variant.title,
      quantity: line.quantity,
      price: line.price ?? variant.price,
    };
  });
  let customerId = input.customerId;
  let email = input.email;
  if (customerId !== undefined) {
    const customer = lookups.customer(customerId);
    if (customer === undefined) throw invalidField('order.customerId', `is no customer's id (${customerId})`);
    email ??= customer.email;
  } else if (email !== undefined) customerId = lookups.customerByEmail(email)?.id;

  const subtotalPrice = subtotalOf(lines);
  const totalShippingPrice = input.totalShippingPrice ?? '0.00';
  const totalTax = input.totalTax ?? '0.00';
  const totalDiscounts = input.totalDiscounts ?? '0.00';
  const stamp = formatTimestamp(now);
  // The order's id first, then its lines': ids only grow.
  const id = ids.next();
  return {
    id,
    name: nextOrderName(making.names),
    ...(email === undefined ? {} : { email }),
    ...(customerId === undefined ? {} : { customerId }),
    status: 'open',
    financialStatus: input.financialStatus ?? 'paid',
    fulfillmentStatus: 'unfulfilled',
    currency: making.currency,
    subtotalPrice,
    totalShippingPrice,
    totalTax,
    totalDiscounts,
    totalPrice: totalOf(subtotalPrice, totalShippingPrice, totalTax, totalDiscounts),
    ...(input.note === undefined ? {} : { note: input.note }),
    tags: input.tags ?? '',
    ...(input.sourceIdentifier === undefined ? {} : { sourceIdentifier: input.sourceIdentifier }),
    lineItems: lines.map((line) => ({ id: ids.next(), ...line })),
    createTime: stamp,
    updateTime: stamp,
  };
}
