// The orders' section of a seed (and of a snapshot), and the demo set's orders (demo.json).
// Orders are not made through the API here (the store's create is for apps importing orders,
// docs/decisions.md "Orders"): a seed is where they come from. The 60-day window is relative
// to now, so a seed may date an order by `daysAgo` instead of a fixed `createTime`.
import * as z from 'zod';
import { formatTimestamp, isTimestamp } from '../dates.js';
import { AMOUNT_PATTERN } from '../money.js';
import { seedSection } from '../resource.js';
import { characterCount } from '../text.js';
import { ID_PATTERN } from '../../state/ids.js';
import demo from './demo.json' with { type: 'json' };
import {
  CANCEL_REASONS,
  FINANCIAL_STATUSES,
  FULFILLMENT_STATUSES,
  KEY,
  NOTE_MAX_LENGTH,
  ORDER_STATUSES,
  subtotalOf,
  totalOf,
  type OrderRecord,
} from './record.js';

const id = z.string({ error: 'must be a decimal id as a JSON string' }).regex(ID_PATTERN, 'must be a decimal id without leading zeros');
const amount = z.string({ error: 'must be a decimal amount as a JSON string' }).regex(AMOUNT_PATTERN, 'must be a decimal amount with at most 2 decimal places');
const timestamp = z.string().refine(isTimestamp, 'must be a UTC timestamp like 2026-11-21T10:00:00Z');

const seedLineSchema = z.strictObject({
  id,
  productId: id.optional(),
  variantId: id.optional(),
  sku: z.string().optional(),
  title: z.string(),
  quantity: z.number().int('must be a whole number').positive('must be at least 1'),
  price: amount,
});

/**
 * An order of a seed: the stored order minus what the sandbox supplies. `subtotalPrice`
 * defaults to the lines' sum, `totalPrice` to subtotal + shipping + tax − discounts, the
 * name to #1001, #1002... in the section's order, `createTime` to `daysAgo` days before the
 * store takes the seed (else to when the seed is loaded), the states to open, paid and
 * unfulfilled; a cancelled order's cancelTime to its createTime.
 */
const seedOrderSchema = z.strictObject({
  id,
  name: z.string().optional(),
  email: z.string().optional(),
  customerId: id.optional(),
  status: z.enum(ORDER_STATUSES).default('open'),
  financialStatus: z.enum(FINANCIAL_STATUSES).default('paid'),
  fulfillmentStatus: z.enum(FULFILLMENT_STATUSES).default('unfulfilled'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as USD')
    .optional(),
  subtotalPrice: amount.optional(),
  totalShippingPrice: amount.default('0.00'),
  totalTax: amount.default('0.00'),
  totalDiscounts: amount.default('0.00'),
  totalPrice: amount.optional(),
  note: z
    .string()
    .refine((note) => characterCount(note) <= NOTE_MAX_LENGTH, `must be at most ${NOTE_MAX_LENGTH} characters`)
    .optional(),
  tags: z.string().default(''),
  sourceIdentifier: z.string().optional(),
  lineItems: z.array(seedLineSchema).default([]),
  cancelReason: z.enum(CANCEL_REASONS).optional(),
  cancelTime: timestamp.optional(),
  daysAgo: z.number().int('must be a whole number of days').min(0, 'must not be negative').optional(),
  createTime: timestamp.optional(),
  updateTime: timestamp.optional(),
});

type SeedOrder = z.output<typeof seedOrderSchema>;

/**
 * A seed's order with its defaults: what the resource stores, but for what needs the store's
 * clock or shop: a `daysAgo` order's times are set when the store takes the seed (the demo set
 * is checked once, long before), a missing currency is the shop's.
 */
export type FilledOrder = Omit<OrderRecord, 'currency' | 'createTime' | 'updateTime'> & {
  currency?: string;
  daysAgo?: number;
  createTime?: string;
  updateTime?: string;
};

/** The stored order of a filled one, its relative dates read against `now`. */
export function datedOrder({ daysAgo, ...order }: FilledOrder, now: Date, currency: string): OrderRecord {
  const createTime = order.createTime ?? formatTimestamp(new Date(now.getTime() - (daysAgo ?? 0) * 86_400_000));
  const cancelTime = order.status === 'cancelled' ? (order.cancelTime ?? createTime) : undefined;
  return {
    ...order,
    currency: order.currency ?? currency,
    createTime,
    updateTime: order.updateTime ?? cancelTime ?? createTime,
    ...(cancelTime === undefined ? {} : { cancelTime }),
  };
}

export const orderSeed = seedSection({
  key: KEY,
  schema: z.array(seedOrderSchema).default([]),
  check(seed: { orders: SeedOrder[] }, report) {
    const ids = new Map<string, string>();
    seed.orders.forEach((order, index) => {
      const same = ids.get(order.id);
      if (same !== undefined) report(['orders', index, 'id'], `is the id of ${same} too`);
      ids.set(order.id, `orders[${index}]`);
      order.lineItems.forEach((line, lineIndex) => {
        const sameLine = ids.get(line.id);
        if (sameLine !== undefined) report(['orders', index, 'lineItems', lineIndex, 'id'], `is the id of ${sameLine} too`);
        ids.set(line.id, `orders[${index}].lineItems[${lineIndex}]`);
      });
      if (order.daysAgo !== undefined && order.createTime !== undefined)
        report(['orders', index, 'daysAgo'], 'cannot be given with createTime (give one of them)');
      if (order.status !== 'cancelled' && (order.cancelTime !== undefined || order.cancelReason !== undefined)) {
        report(['orders', index, order.cancelTime !== undefined ? 'cancelTime' : 'cancelReason'], 'is only for an order whose status is cancelled');
      }
    });
  },
  fill: (orders, { stamp }): FilledOrder[] =>
    orders.map((order, index) => {
      const subtotalPrice = order.subtotalPrice ?? subtotalOf(order.lineItems);
      const filled: FilledOrder = {
        ...order,
        name: order.name ?? `#${1001 + index}`,
        subtotalPrice,
        totalPrice: order.totalPrice ?? totalOf(subtotalPrice, order.totalShippingPrice, order.totalTax, order.totalDiscounts),
        ...(order.daysAgo === undefined ? { createTime: order.createTime ?? stamp } : {}),
        ...(order.status === 'cancelled' ? { cancelReason: order.cancelReason ?? 'other' } : {}),
      };
      return filled;
    }),
  demo,
});
