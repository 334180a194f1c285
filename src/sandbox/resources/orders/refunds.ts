// Refunds (About Refund, partners.genstore.ai/docs/api-rest/18): money given back on an order,
// for some of its lines, its shipping, or an amount. `POST /refunds` makes one, `GET
// /refunds?ids=` reads them by id, `GET /orders/{id}/refunds` lists an order's. A record table
// with what it cannot say: a refund is checked against what the order was paid and what its
// earlier refunds gave back (422 beyond it), its amount is worked out from its lines and its
// shipping unless given, the order's financialStatus follows (partially_refunded, refunded), and
// refunds/create is announced. The bodies past the readable part are this project's choice:
// docs/decisions.md "Refunds".
import * as z from 'zod';
import { JsonInteger } from '../../http/body-json.js';
import { invalidField, unprocessable } from '../../http/sandbox-errors.js';
import { ID_PATTERN } from '../../state/ids.js';
import { formatTimestamp } from '../dates.js';
import { AMOUNT_PATTERN, amountInCents, centsText } from '../money.js';
import { RecordBook } from '../record-book.js';
import { createTime, flag, kept, listRead, sentText, text, updateTime, type FieldKind } from '../record-fields.js';
import { recordTable, type TableRecord, type TableResource } from '../record-table.js';
import type { ResourceEnv, Route, RouteRequest } from '../resource.js';
import { orderId, type OrderAccess } from './fulfillments.js';
import type { OrderRecord } from './record.js';
import demo from './refunds-demo.json' with { type: 'json' };

export const REFUND_TOPIC = 'refunds/create';

export interface RefundedLine {
  lineItemId: string;
  quantity: number;
}

const amountSchema = z.string().regex(AMOUNT_PATTERN, 'must be a decimal amount with at most 2 decimal places');

/** A positive amount, sent as text (or a JSON number, as it reads). */
function readAmount(value: unknown, at: string, errors: { add(at: string, message: string): void }): string | undefined {
  const text = sentText(value);
  if (!AMOUNT_PATTERN.test(text)) errors.add(at, 'must be a decimal amount such as 10.00, with at most 2 decimals');
  else if (amountInCents(text) === 0n) errors.add(at, 'must be more than 0.00');
  else return text;
  return undefined;
}

/** The order's lines refunded: each line item's id and how many. */
const lineItems: FieldKind<RefundedLine[], false> = {
  ...kept(z.array(z.object({ lineItemId: z.string().regex(ID_PATTERN), quantity: z.number().int().positive() })), []),
  read: listRead<RefundedLine>('{"lineItemId", "quantity"}', (item, at, errors, _index, earlier) => {
    const line = item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
    const id = sentText(line.lineItemId);
    const quantity = Number(String(line.quantity));
    if (!ID_PATTERN.test(id)) errors.add(`${at}.lineItemId`, 'must be a line item id of the order');
    else if (!Number.isSafeInteger(quantity) || quantity < 1) errors.add(`${at}.quantity`, 'must be a whole number of at least 1');
    else if (earlier.some((other) => other.lineItemId === id)) errors.add(`${at}.lineItemId`, 'is given twice (give each line once, with its whole quantity)');
    else return { lineItemId: id, quantity };
    return undefined;
  }),
};

/** The shipping refunded, `{"shippingPrice": "5.00"}` on the wire; kept as the amount. */
const shipping: FieldKind<string, true> = {
  stored: amountSchema,
  optional: true,
  read(value, at, errors) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      errors.add(at, 'must be an object {"shippingPrice": "5.00"}');
      return undefined;
    }
    return readAmount((value as Record<string, unknown>).shippingPrice, `${at}.shippingPrice`, errors);
  },
  present: (value) => ({ shippingPrice: value }),
};

/** The money given back: worked out from the lines and the shipping when a create leaves it out. */
const amount: FieldKind<string, false> = { stored: amountSchema, optional: false, read: readAmount };

export const refundTable = recordTable({
  key: 'refunds',
  wrap: { one: 'refund', many: 'refunds' },
  fields: {
    orderId,
    amount,
    note: text({ max: 500 }),
    notifyCustomer: flag({ initial: false }),
    lineItems,
    shipping,
    /** No payment provider answers in the sandbox: a refund is made at once. */
    status: kept(z.enum(['success']), 'success'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  routes: { path: '/refunds', create: true },
  scopes: { read: ['read_orders', 'read_all_orders'], write: 'write_orders' },
  // The full refund of the demo's cancelled order #1003, and an amount given back on #1002.
  demo,
});

export type RefundRecord = TableRecord<typeof refundTable>;

/** What the refunds need of the orders they give back on: the fulfillments' access, and whether a token sees an order. */
export interface RefundOrderAccess extends OrderAccess {
  /** Whether the order is one the request's token may see (its 60-day window). */
  visible(orderId: string, request: RouteRequest): boolean;
}

/** An order's refunds as its own answer shows them (`refunds` of an order). */
export interface RefundsOfOrder {
  summaries(order: OrderRecord): Record<string, unknown>[];
}

export function createRefundResource(env: ResourceEnv, orders: RefundOrderAccess): TableResource<RefundRecord> & RefundsOfOrder {
  const book = new RecordBook<RefundRecord>((record) => record.id, 'refund');
  const ofOrder = (id: string) => book.all().filter((record) => record.orderId === id);

  /** What the order was paid: all of it once paid (refunds since included), nothing before. */
  const paid = (order: OrderRecord) => (['paid', 'partially_refunded', 'refunded'].includes(order.financialStatus) ? amountInCents(order.totalPrice) : 0n);
  /** An order seeded as refunded without refunds was refunded in full. */
  const refundedWhole = (order: OrderRecord) => order.financialStatus === 'refunded' && ofOrder(order.id).length === 0;

  function refunded(order: OrderRecord): { money: bigint; shipping: bigint; quantity: (lineId: string) => number } {
    if (refundedWhole(order)) {
      return {
        money: paid(order),
        shipping: amountInCents(order.totalShippingPrice),
        quantity: (id) => order.lineItems.find((line) => line.id === id)?.quantity ?? 0,
      };
    }
    const records = ofOrder(order.id);
    const sum = (of: (record: RefundRecord) => bigint) => records.reduce((total, record) => total + of(record), 0n);
    return {
      money: sum((record) => amountInCents(record.amount)),
      shipping: sum((record) => (record.shipping === undefined ? 0n : amountInCents(record.shipping))),
      quantity: (id) => records.flatMap((record) => record.lineItems).reduce((total, line) => total + (line.lineItemId === id ? line.quantity : 0), 0),
    };
  }

  /**
   * The lines' share of what was paid for the goods (total less shipping), given out by their
   * price as the order's lines are refunded: each refund gets the share its lines bring the
   * refunded value to, less what earlier refunds had, rounded down to the cent, so that the
   * last lines refunded bring the whole back and no cent is lost or given twice.
   */
  function linesShare(order: OrderRecord, lines: readonly RefundedLine[], before: (lineId: string) => number): bigint {
    const price = (id: string) => amountInCents(order.lineItems.find((line) => line.id === id)?.price ?? '0');
    const subtotal = order.lineItems.reduce((sum, line) => sum + amountInCents(line.price) * BigInt(line.quantity), 0n);
    if (subtotal === 0n) return 0n;
    const goods = amountInCents(order.totalPrice) - amountInCents(order.totalShippingPrice);
    const valueBefore = order.lineItems.reduce((sum, line) => sum + amountInCents(line.price) * BigInt(before(line.id)), 0n);
    const valueAfter = valueBefore + lines.reduce((sum, line) => sum + price(line.lineItemId) * BigInt(line.quantity), 0n);
    const shareOf = (value: bigint) => (goods > 0n ? (goods * value) / subtotal : 0n);
    return shareOf(valueAfter) - shareOf(valueBefore);
  }

  /** Refuses what the order cannot give back (400 for what is not the order's, 422 beyond what is left); the amount filled in. */
  function checked(record: RefundRecord): RefundRecord {
    const order = orders.get(record.orderId);
    if (order === undefined) throw invalidField('refund.orderId', `is no order's id (${record.orderId})`);
    const given = (record as { amount?: string }).amount;
    if (record.lineItems.length === 0 && record.shipping === undefined && given === undefined)
      throw invalidField('refund', 'must give lineItems, shipping or an amount: what is refunded');
    const money = (cents: bigint) => `${centsText(cents)} ${order.currency}`;
    const paidCents = paid(order);
    if (paidCents === 0n) throw unprocessable(`The order ${order.name} is ${order.financialStatus}: nothing was paid, so nothing can be refunded.`);
    const before = refunded(order);
    record.lineItems.forEach((line, index) => {
      const item = order.lineItems.find((candidate) => candidate.id === line.lineItemId);
      if (item === undefined) throw invalidField(`refund.lineItems[${index}].lineItemId`, `is no line item of the order ${order.name}`);
      const left = item.quantity - before.quantity(item.id);
      if (line.quantity > left)
        throw unprocessable(`Line item ${item.id} of the order ${order.name} has ${Math.max(0, left)} left to refund, not ${line.quantity}.`, [
          { field: `refund.lineItems[${index}].quantity`, message: `must be at most ${Math.max(0, left)}` },
        ]);
    });
    if (record.shipping !== undefined) {
      const left = amountInCents(order.totalShippingPrice) - before.shipping;
      if (amountInCents(record.shipping) > left)
        throw unprocessable(`The shipping of the order ${order.name} has ${money(left)} left to refund, not ${money(amountInCents(record.shipping))}.`, [
          { field: 'refund.shipping.shippingPrice', message: `must be at most ${centsText(left)}` },
        ]);
    }
    const worked = linesShare(order, record.lineItems, before.quantity) + (record.shipping === undefined ? 0n : amountInCents(record.shipping));
    const cents = given === undefined ? worked : amountInCents(given);
    const left = paidCents - before.money;
    if (cents > left)
      throw unprocessable(
        `A refund of ${money(cents)} is more than the ${money(left)} left to refund on the order ${order.name} (paid ${centsText(paidCents)}, refunded ${centsText(before.money)}).`,
        [{ field: given === undefined ? 'refund' : 'refund.amount', message: `must come to at most ${centsText(left)}` }],
      );
    if (cents === 0n) throw unprocessable(`The refund comes to 0.00 ${order.currency}: give an amount to refund.`);
    return { ...record, amount: centsText(cents) };
  }

  /** The order's payment state after a refund, journaled and announced as an update. */
  function follow(order: OrderRecord, request: RouteRequest): void {
    order.financialStatus = refunded(order).money >= paid(order) ? 'refunded' : 'partially_refunded';
    order.updateTime = formatTimestamp(request.now);
    orders.changed(order, 'orders/update', request);
  }

  const table = refundTable.resource(env, {
    store: book,
    present(shown, record) {
      // In the documented names: `refundId` in the real dialect; the buyer, the currency and each
      // line's price and product come from the order.
      const order = orders.get(record.orderId);
      const { id, orderId: orderShown, ...rest } = shown;
      const line = (refundedLine: RefundedLine) => {
        const item = order?.lineItems.find((candidate) => candidate.id === refundedLine.lineItemId);
        return {
          lineItemId: new JsonInteger(refundedLine.lineItemId),
          quantity: refundedLine.quantity,
          ...(item === undefined ? {} : { subtotal: centsText(amountInCents(item.price) * BigInt(refundedLine.quantity)) }),
          ...(item === undefined
            ? {}
            : {
                lineItem: {
                  ...(item.productId === undefined ? {} : { productId: new JsonInteger(item.productId) }),
                  ...(item.variantId === undefined ? {} : { variantId: new JsonInteger(item.variantId) }),
                  title: item.title,
                  ...(item.sku === undefined ? {} : { sku: item.sku }),
                },
              }),
        };
      };
      return {
        [env.dialect.refundIdKey]: id,
        orderId: orderShown,
        ...(order?.customerId === undefined ? {} : { customerId: new JsonInteger(order.customerId) }),
        amount: rest.amount,
        ...(order === undefined ? {} : { currency: order.currency }),
        ...rest,
        lineItems: record.lineItems.map(line),
      };
    },
    beforeSave: (record) => checked(record),
    saved(record, _existing, request) {
      follow(orders.get(record.orderId)!, request);
      env.emit({ topic: REFUND_TOPIC, key: record.orderId, payload: () => table.present(record, request), at: request.now });
    },
  });

  /** `GET /refunds?ids=1,2`: the refunds named, in the order asked; an id that is no refund (or of an order out of the token's window) left out. */
  function byIds(request: RouteRequest) {
    const raw = request.query.get('ids');
    if (raw === null || raw.trim() === '') throw invalidField('ids', 'is required: the refund ids, separated by commas');
    const ids = raw.split(',').map((id) => id.trim());
    ids.forEach((id) => {
      if (!ID_PATTERN.test(id)) throw invalidField('ids', `must be refund ids separated by commas (got '${id.slice(0, 40)}')`);
    });
    const seen = (record: RefundRecord) => orders.visible(record.orderId, request);
    const found = ids.map((id) => book.get(id)).filter((record): record is RefundRecord => record !== undefined && seen(record));
    return { body: { refunds: found.map((record) => table.present(record, request)) } };
  }

  const routes: Route[] = [
    ...table.routes,
    { method: 'GET', path: '/refunds', scope: orders.read, handle: byIds },
    {
      method: 'GET',
      path: '/orders/:id/refunds',
      scope: orders.read,
      handle: (request) => ({ body: { refunds: ofOrder(orders.find(request).id).map((record) => table.present(record, request)) } }),
    },
  ];

  return {
    ...table,
    routes,
    summaries: (order) =>
      ofOrder(order.id).map((record) => ({
        [env.dialect.refundIdKey]: new JsonInteger(record.id),
        amount: record.amount,
        totalRefundShippingPrice: record.shipping ?? '0.00',
        createTime: env.dialect.time(record.createTime),
      })),
  };
}
