// Orders: the schema of an order as stores send it, and the checks of every input before
// it is sent. The requests themselves are in requests.ts.
import * as z from 'zod/mini';
import { CANCEL_REASONS, FINANCIAL_STATUSES, FULFILLMENT_STATUSES, MAX_ORDER_PAGE_SIZE, ORDER_STATUSES, type OrderField } from './fields.js';
import { numericId, parseInput, parseWire, wireId, type Assert, type ExactFields, asSent, checkedListAsSent } from '../schema.js';
import { RuntimeError } from '../../core/errors.js';
import { isCalendarDate } from '../wire.js';
import { idOf } from './reading.js';

/**
 * Strict in what we send, tolerant in what we read: an order needs an id (`orderId`, or `id`
 * as the fulfilment guide lists them); every other field is shown as the store sent it,
 * whatever its JSON type (the docs' sample writes `paymentGatewayNames` as JSON-array text).
 */
export const orderSchema = z.looseObject({
  orderId: z.optional(wireId),
  id: z.optional(wireId),
  name: asSent,
  status: asSent,
  financialStatus: asSent,
  fulfillmentStatus: asSent,
  currency: asSent,
  shopCurrency: asSent,
  subtotalPrice: asSent,
  totalTax: asSent,
  totalShippingPrice: asSent,
  totalDiscounts: asSent,
  totalPrice: asSent,
  totalOutstanding: asSent,
  currentTotalDiscounts: asSent,
  currentTotalTax: asSent,
  customerId: asSent,
  email: asSent,
  note: asSent,
  tags: asSent,
  sourceIdentifier: asSent,
  paymentGatewayNames: asSent,
  lineItems: asSent,
  /** The order's refunds in brief, as the docs' event sample carries them (`totalRefundShippingPrice`...). */
  refunds: asSent,
  cancelReason: asSent,
  cancelTime: asSent,
  closedTime: asSent,
  createTime: asSent,
  updateTime: asSent,
});
export type Order = z.infer<typeof orderSchema>;
/** fields.ts names exactly these fields (tsc checks it). */
export type OrderFieldsCheck = Assert<ExactFields<typeof orderSchema.shape, OrderField>>;

// ---- inputs, checked before anything is sent -------------------------------------------

const day = z.string().check(
  z.regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/,
    'must be a date (YYYY-MM-DD) or an ISO 8601 time such as 2026-11-01T00:00:00Z',
  ),
  z.refine((s) => isCalendarDate(s.slice(0, 10)) && !Number.isNaN(Date.parse(s)), 'must be a real date'),
);
const email = z.string().check(z.regex(/^[^\s@]+@[^\s@]+$/, 'must be a customer id or an email address'));

export const orderListInput = z.object({
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_ORDER_PAGE_SIZE))),
  sinceId: z.optional(numericId()),
  status: z.optional(z.enum(ORDER_STATUSES, `must be one of ${ORDER_STATUSES.join(', ')}`)),
  financialStatus: z.optional(z.enum(FINANCIAL_STATUSES, `must be one of ${FINANCIAL_STATUSES.join(', ')}`)),
  fulfillmentStatus: z.optional(z.enum(FULFILLMENT_STATUSES, `must be one of ${FULFILLMENT_STATUSES.join(', ')}`)),
  createTimeMin: z.optional(day),
  createTimeMax: z.optional(day),
  customerId: z.optional(numericId()),
  email: z.optional(email),
  pageToken: z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
});
export type OrderListQuery = z.infer<typeof orderListInput>;

const note = z.string().check(z.maxLength(5000, 'must be at most 5000 characters'));
const tags = z.string().check(z.maxLength(1000, 'must be at most 1000 characters'));
export const orderUpdateInput = z.object({ orderId: numericId(), note: z.optional(note), tags: z.optional(tags) });
export type OrderUpdate = z.infer<typeof orderUpdateInput>;

export const orderCancelInput = z.object({ orderId: numericId(), reason: z.optional(z.enum(CANCEL_REASONS, `must be one of ${CANCEL_REASONS.join(', ')}`)) });
export type OrderCancel = z.infer<typeof orderCancelInput>;

const idNames = { orderId: '<orderId>' };
const nameOf = { createTimeMin: '--created-since', createTimeMax: '--created-until', customerId: '--customer', email: '--customer' };

/** `names`: the flags as a verb declares them, where they differ (order export's --since and --until). */
export const checkOrderQuery = (value: unknown, names: Partial<typeof nameOf> = {}) => parseInput(orderListInput, value, { ...nameOf, ...names });
export const checkOrderUpdate = (value: unknown) => parseInput(orderUpdateInput, value, idNames);
export const checkOrderCancel = (value: unknown) => parseInput(orderCancelInput, value, idNames);
export const checkOrderId = (orderId: unknown) => parseInput(z.object({ orderId: numericId() }), { orderId }, idNames).orderId;

/** Checked against the schema, but returned as sent: zod's copy would reorder the keys. */
export function checkOrder(order: unknown): Order {
  parseWire(orderSchema, order, 'an order');
  if (idOf(order as Order) === undefined) throw new RuntimeError("The store sent an order without an id (neither 'orderId' nor 'id').");
  return order as Order;
}

export const checkOrderPage = (list: unknown): Order[] => checkedListAsSent(orderSchema, list, 'an order list');
