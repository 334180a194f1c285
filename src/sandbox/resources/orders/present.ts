import { JsonInteger } from '../../http/body-json.js';
import type { OrderRecord } from './record.js';

/** The wire form: the id under the dialect's name for it, times as the dialect writes them, ids as JSON integers. */
export function present(order: OrderRecord, time: (stored: string) => string, idKey: 'id' | 'orderId'): Record<string, unknown> {
  return {
    [idKey]: new JsonInteger(order.id),
    name: order.name,
    status: order.status,
    financialStatus: order.financialStatus,
    fulfillmentStatus: order.fulfillmentStatus,
    currency: order.currency,
    subtotalPrice: order.subtotalPrice,
    totalShippingPrice: order.totalShippingPrice,
    totalTax: order.totalTax,
    totalDiscounts: order.totalDiscounts,
    totalPrice: order.totalPrice,
    // Nothing is ever paid in the sandbox beyond the order's state: paid orders owe nothing.
    totalOutstanding: order.financialStatus === 'paid' || order.status === 'cancelled' ? '0.00' : order.totalPrice,
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
    cancelReason: order.cancelReason,
    cancelTime: order.cancelTime === undefined ? undefined : time(order.cancelTime),
    createTime: time(order.createTime),
    updateTime: time(order.updateTime),
  };
}
