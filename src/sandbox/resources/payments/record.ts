// A payment transaction (About Pay Transaction, partners.genstore.ai/docs/api-rest/32): what a
// gateway did with an order's money, read one at a time at `GET /payment/{paymentId}`. Its id is
// text (PI0020241010151755224), so it is kept by its own book here, not a record table's (whose
// ids are the store's decimal sequence). The docs' object is readable up to its currency; the
// rest (the order, a status, the gateway and its own fields) is this project's reading
// (docs/decisions.md "Files, themes and payments"). No request makes one: the seed does.
import * as z from 'zod';
import { ID_PATTERN } from '../../state/ids.js';
import { isTimestamp } from '../dates.js';
import { AMOUNT_PATTERN } from '../money.js';
import { seedSection } from '../resource.js';
import demo from './demo.json' with { type: 'json' };

export const SCOPES = ['read_payments'] as const;

/** A payment id as the docs write one: letters, digits, `-` and `_`. */
export const PAYMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

const amount = z.string().regex(AMOUNT_PATTERN, 'must be a decimal amount as text, such as "123.23"');

export const paymentSchema = z.strictObject({
  paymentId: z.string().regex(PAYMENT_ID, 'must be letters, digits, - or _, such as PI0020241010151755224'),
  orderId: z.string().regex(ID_PATTERN, 'must be the id of an order').optional(),
  /** As the gateways report a payment (the payment extension's words). */
  status: z.enum(['PROCESSING', 'SUCCESS', 'FAILURE']),
  amount,
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as USD'),
  fee: amount.default('0.00'),
  channel: z.string().min(1).max(64),
  channelTrxNo: z.string().max(255).default(''),
  successPaymentTime: z.string().refine(isTimestamp, 'must be a UTC timestamp like 2026-11-21T10:00:00Z').optional(),
  /** The gateway's own fields, as it sends them. */
  channelDetails: z.record(z.string(), z.unknown()).optional(),
});

export type PaymentRecord = z.output<typeof paymentSchema>;

export const paymentSeed = seedSection({
  key: 'payments',
  schema: z.array(paymentSchema).default([]),
  check(seed: { payments: readonly PaymentRecord[]; orders: readonly { id: string }[] }, report) {
    const orders = new Set(seed.orders.map((order) => order.id));
    const ids = new Map<string, number>();
    seed.payments.forEach((payment, index) => {
      const same = ids.get(payment.paymentId);
      if (same !== undefined) report(['payments', index, 'paymentId'], `is the id of payments[${same}] too`);
      ids.set(payment.paymentId, index);
      if (payment.orderId !== undefined && !orders.has(payment.orderId)) report(['payments', index, 'orderId'], `is no order's id (${payment.orderId})`);
      if (payment.status === 'SUCCESS' && payment.successPaymentTime === undefined)
        report(['payments', index, 'successPaymentTime'], 'is required of a SUCCESS payment');
    });
  },
  fill: (payments): PaymentRecord[] => payments,
  demo,
});
