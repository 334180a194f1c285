// An order as the sandbox answers it, in the dialect asked for (ids as numbers or text, the id's key).
import { JsonInteger } from '../../http/body-json.js';
import type { Dialect } from '../../http/dialect.js';
import type { OrderRecord } from './record.js';

/**
 * The wire form: the id under the dialect's name for it, the money under the dialect's names
 * (ours: `currency`, `totalTax`; Genstore's samples: `shopCurrency`, `currentTotalTax` and
 * `currentTotalDiscounts`), times as the dialect writes them, ids as JSON integers, and its
 * refunds in brief (`refunds`, as the order event sample carries them, `totalRefundShippingPrice` each).
 */
export function present(
  order: OrderRecord,
  time: (stored: string) => string,
  dialect: Pick<Dialect, 'orderIdKey' | 'orderMoney'>,
  refunds: readonly Record<string, unknown>[] = [],
): Record<string, unknown> {
  const documented = dialect.orderMoney === 'documented';
  // Nothing is ever paid in the sandbox beyond the order's state: paid orders owe nothing.
  const outstanding = order.financialStatus === 'paid' || order.status === 'cancelled' ? '0.00' : order.totalPrice;
  return {
    [dialect.orderIdKey]: new JsonInteger(order.id),
    name: order.name,
    status: order.status,
    financialStatus: order.financialStatus,
    fulfillmentStatus: order.fulfillmentStatus,
    ...(documented ? { shopCurrency: order.currency } : { currency: order.currency }),
    subtotalPrice: order.subtotalPrice,
    totalShippingPrice: order.totalShippingPrice,
    ...(documented ? { currentTotalTax: order.totalTax } : { totalTax: order.totalTax }),
    totalDiscounts: order.totalDiscounts,
    // No order is edited in the sandbox: its current discounts are its discounts.
    ...(documented ? { currentTotalDiscounts: order.totalDiscounts } : {}),
    totalPrice: order.totalPrice,
    totalOutstanding: outstanding,
    customerId: order.customerId === undefined ? undefined : new JsonInteger(order.customerId),
    email: order.email,
    note: order.note,
    tags: order.tags,
    sourceIdentifier: order.sourceIdentifier,
    lineItems: order.lineItems.map((line) => ({
      id: new JsonInteger(line.id),
      productId: line.productId === undefined ? undefined : new JsonInteger(line.productId),
      variantId: line.variantId === undefined ? undefined : new JsonInteger(line.variantId),
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      price: line.price,
    })),
    refunds,
    cancelReason: order.cancelReason,
    cancelTime: order.cancelTime === undefined ? undefined : time(order.cancelTime),
    createTime: time(order.createTime),
    updateTime: time(order.updateTime),
  };
}
