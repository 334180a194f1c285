/**
 * An order as the sandbox stores it, and its rules: the states it can be in, what a
 * cancellation changes, and the 60-day window a token without read_all_orders sees.
 */
import * as z from 'zod';
import { isTimestamp } from '../dates.js';
import { AMOUNT_PATTERN, amountInCents, centsText } from '../money.js';
import { ID_PATTERN } from '../../state/ids.js';

/** The resource's key: its section in the data file, the journal and a seed. */
export const KEY = 'orders';

export const ORDER_STATUSES = ['open', 'closed', 'cancelled'] as const;
export const FINANCIAL_STATUSES = ['pending', 'authorized', 'partially_paid', 'paid', 'partially_refunded', 'refunded', 'voided'] as const;
/** What an order made through the API may be: not yet paid, authorized, or paid (the default); refunds make it refunded. */
export const CREATED_FINANCIAL_STATUSES = ['pending', 'authorized', 'paid'] as const;
export const FULFILLMENT_STATUSES = ['unfulfilled', 'partial', 'fulfilled'] as const;
export const CANCEL_REASONS = ['customer', 'inventory', 'fraud', 'declined', 'other'] as const;

export const NOTE_MAX_LENGTH = 5000;
export const TAGS_MAX_LENGTH = 1000;

/** Without this scope a token sees only the orders created in the last WINDOW_DAYS days. */
export const READ_ALL_ORDERS = 'read_all_orders';
export const WINDOW_DAYS = 60;

const idText = z.string().regex(ID_PATTERN);
const amount = z.string().regex(AMOUNT_PATTERN);

export const lineItemRecordSchema = z.object({
  id: idText,
  productId: idText.optional(),
  variantId: idText.optional(),
  sku: z.string().optional(),
  title: z.string(),
  quantity: z.number().int().positive(),
  price: amount,
});
export type LineItemRecord = z.infer<typeof lineItemRecordSchema>;

export const orderRecordSchema = z.object({
  id: idText,
  name: z.string(),
  email: z.string().optional(),
  customerId: idText.optional(),
  status: z.enum(ORDER_STATUSES),
  financialStatus: z.enum(FINANCIAL_STATUSES),
  fulfillmentStatus: z.enum(FULFILLMENT_STATUSES),
  currency: z.string().regex(/^[A-Z]{3}$/),
  subtotalPrice: amount,
  totalShippingPrice: amount,
  totalTax: amount,
  totalDiscounts: amount,
  totalPrice: amount,
  note: z.string().optional(),
  tags: z.string(),
  sourceIdentifier: z.string().optional(),
  lineItems: z.array(lineItemRecordSchema),
  cancelReason: z.enum(CANCEL_REASONS).optional(),
  cancelTime: z.string().refine(isTimestamp).optional(),
  createTime: z.string().refine(isTimestamp),
  updateTime: z.string().refine(isTimestamp),
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;

/** The earliest creation time a token sees; undefined when it sees every order. */
export function windowStart(scopes: readonly string[] | undefined, now: Date): number | undefined {
  if (scopes === undefined || scopes.includes(READ_ALL_ORDERS)) return undefined;
  return now.getTime() - WINDOW_DAYS * 86_400_000;
}

export function visible(order: OrderRecord, start: number | undefined): boolean {
  return start === undefined || Date.parse(order.createTime) >= start;
}

const cents = amountInCents;

/** The lines' sum: quantity × price each, exact. */
export function subtotalOf(lines: readonly Pick<LineItemRecord, 'quantity' | 'price'>[]): string {
  return centsText(lines.reduce((sum, line) => sum + cents(line.price) * BigInt(line.quantity), 0n));
}

/** subtotal + shipping + tax − discounts, never below zero. */
export function totalOf(subtotal: string, shipping: string, tax: string, discounts: string): string {
  const total = cents(subtotal) + cents(shipping) + cents(tax) - cents(discounts);
  return centsText(total < 0n ? 0n : total);
}

/** Tags as stores keep them: trimmed, empty ones dropped, joined by ", ". */
export function normalTags(tags: string): string {
  return tags
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '')
    .join(', ');
}
