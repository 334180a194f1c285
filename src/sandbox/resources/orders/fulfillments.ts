// Fulfillments (About Fulfillment, partners.genstore.ai/docs/api-rest/17): an order's shipment,
// its lines and its tracking. `POST /fulfillments` makes one, `PUT /fulfillments/{id}/update_tracking`
// changes its carrier and number, `PUT /fulfillments/{id}/cancel` cancels it, and an order's are
// listed and counted at `/orders/{id}/fulfillments`. A record table with what it cannot say:
// the lines are checked against the order (what is left to ship), and the order's fulfillment
// status follows (orders/fulfilled or orders/partiallyFulfilled announced). The bodies past the
// readable part are this project's choice: docs/decisions.md "Fulfillments".
import * as z from 'zod';
import { JsonInteger } from '../../http/body-json.js';
import { conflict, invalidField } from '../../http/sandbox-errors.js';
import type { ScopeRequirement } from '../../http/scopes.js';
import { ID_PATTERN } from '../../state/ids.js';
import { formatTimestamp } from '../dates.js';
import { findByPathId, RecordBook } from '../record-book.js';
import { createTime, flag, kept, listRead, sentText, text, updateTime, type FieldKind } from '../record-fields.js';
import { recordTable, type TableRecord, type TableResource } from '../record-table.js';
import type { ResourceEnv, Route, RouteRequest } from '../resource.js';
import { isHttpUrl } from '../text.js';
import type { OrderRecord } from './record.js';
import demo from './fulfillments-demo.json' with { type: 'json' };

export const WRITE_FULFILLMENTS = 'write_fulfillments';

export interface FulfilledLine {
  id: string;
  quantity: number;
}

/** A line sent without a quantity, before the order says how many are left of it. */
const ALL_LEFT = 0;

/** The order's lines it ships: each line item's id and how many (none: all that is left of it); no lines sent, every line left to ship. */
const lineItems: FieldKind<FulfilledLine[], false> = {
  ...kept(z.array(z.object({ id: z.string().regex(ID_PATTERN), quantity: z.number().int().positive() })), [], (lines) =>
    lines.map((line) => ({ id: new JsonInteger(line.id), quantity: line.quantity })),
  ),
  read: listRead('{"id", "quantity"}', (item, at, errors) => {
    const line = item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
    const id = sentText(line.id);
    const quantity = Number(String(line.quantity));
    if (!ID_PATTERN.test(id)) errors.add(`${at}.id`, 'must be a line item id of the order');
    // No quantity: all that is left of the line (ALL_LEFT until the order is read).
    else if (line.quantity === undefined || line.quantity === null) return { id, quantity: ALL_LEFT };
    else if (!Number.isSafeInteger(quantity) || quantity < 1)
      errors.add(`${at}.quantity`, 'must be a whole number of at least 1, or left out for all that is left of the line');
    else return { id, quantity };
    return undefined;
  }),
};

/** The order it belongs to: an id, sent as text or a number, shown as the dialect writes ids (a refund's too). */
export const orderId: FieldKind<string, false> = {
  stored: z.string().regex(ID_PATTERN),
  optional: false,
  required: true,
  read(value, at, errors) {
    const id = sentText(value);
    if (ID_PATTERN.test(id)) return id;
    errors.add(at, 'must be the id of an order');
    return undefined;
  },
  present: (value) => new JsonInteger(value),
};

export const fulfillmentTable = recordTable({
  key: 'fulfillments',
  wrap: { one: 'fulfillment', many: 'fulfillments' },
  fields: {
    orderId,
    status: kept(z.enum(['success', 'cancelled']), 'success'),
    trackingCompany: text({ max: 255, clearable: true }),
    trackingNumber: text({ max: 255, clearable: true }),
    trackingUrl: text({ max: 2048, clearable: true, rule: { test: isHttpUrl, message: 'must be an absolute http or https URL' } }),
    notifyCustomer: flag({ initial: false }),
    lineItems,
    createTime: createTime(),
    updateTime: updateTime(),
  },
  // The table's create, and its update served at update_tracking (routes below).
  routes: { path: '/fulfillments', create: true, update: true },
  scopes: { read: ['read_orders', 'read_all_orders'], write: WRITE_FULFILLMENTS },
  // The shipments of the demo's fulfilled order #1001 and partial order #1004.
  demo,
});

export type FulfillmentRecord = TableRecord<typeof fulfillmentTable>;

/** What the fulfillments need of the orders they ship. */
export interface OrderAccess {
  get(id: string): OrderRecord | undefined;
  /** The order of a path's `:id`, if the request's token may see it (else 404). */
  find(request: RouteRequest): OrderRecord;
  /** Journals the changed order and announces it under `topic`. */
  changed(order: OrderRecord, topic: string, request: RouteRequest): void;
  read: ScopeRequirement;
}

export function createFulfillmentResource(env: ResourceEnv, orders: OrderAccess): TableResource<FulfillmentRecord> {
  const book = new RecordBook<FulfillmentRecord>((record) => record.id, 'fulfillment');
  const shipped = (orderId: string) => book.all().filter((record) => record.orderId === orderId && record.status === 'success');

  /**
   * How many of each line are shipped: by its fulfillments, or all of them for an order seeded
   * as fulfilled with none at all (one whose fulfillments are all cancelled ships nothing).
   */
  function shippedOf(order: OrderRecord): Map<string, number> {
    const records = shipped(order.id);
    const seededShipped = order.fulfillmentStatus === 'fulfilled' && !book.all().some((record) => record.orderId === order.id);
    const counts = new Map(order.lineItems.map((line) => [line.id, seededShipped ? line.quantity : 0]));
    for (const record of records) for (const line of record.lineItems) counts.set(line.id, (counts.get(line.id) ?? 0) + line.quantity);
    return counts;
  }

  /** The order's status by what is shipped, journaled and announced when it changed or a fulfillment was made. */
  function follow(order: OrderRecord, request: RouteRequest, made: boolean): void {
    const counts = shippedOf(order);
    const full = order.lineItems.every((line) => (counts.get(line.id) ?? 0) >= line.quantity);
    const some = order.lineItems.some((line) => (counts.get(line.id) ?? 0) > 0);
    const status = full ? 'fulfilled' : some ? 'partial' : 'unfulfilled';
    if (status === order.fulfillmentStatus && !made) return;
    order.fulfillmentStatus = status;
    order.updateTime = formatTimestamp(request.now);
    orders.changed(
      order,
      made && status === 'fulfilled' ? 'orders/fulfilled' : made && status === 'partial' ? 'orders/partiallyFulfilled' : 'orders/update',
      request,
    );
  }

  const table = fulfillmentTable.resource(env, {
    store: book,
    beforeSave(record, existing) {
      if (existing !== undefined) {
        if (existing.status === 'cancelled') throw conflict(`The fulfillment ${existing.id} is cancelled; its tracking cannot change.`);
        if (record.orderId !== existing.orderId || JSON.stringify(record.lineItems) !== JSON.stringify(existing.lineItems)) {
          throw invalidField('fulfillment', 'update_tracking changes only trackingCompany, trackingNumber, trackingUrl and notifyCustomer');
        }
        return record;
      }
      const order = orders.get(record.orderId);
      if (order === undefined) throw invalidField('fulfillment.orderId', `is no order's id (${record.orderId})`);
      if (order.status === 'cancelled') throw conflict(`The order ${order.name} is cancelled and cannot be fulfilled.`);
      const counts = shippedOf(order);
      const left = (id: string) => (order.lineItems.find((line) => line.id === id)?.quantity ?? 0) - (counts.get(id) ?? 0);
      if (record.lineItems.length === 0) {
        const rest = order.lineItems.filter((line) => left(line.id) > 0).map((line) => ({ id: line.id, quantity: left(line.id) }));
        if (rest.length === 0) throw conflict(`The order ${order.name} is fulfilled already: nothing is left to ship.`);
        return { ...record, lineItems: rest };
      }
      const lines = record.lineItems.map((line, index) => {
        if (!order.lineItems.some((item) => item.id === line.id))
          throw invalidField(`fulfillment.lineItems[${index}].id`, `is no line item of the order ${order.name}`);
        if (line.quantity === ALL_LEFT && left(line.id) <= 0) throw conflict(`Line item ${line.id} of the order ${order.name} has nothing left to ship.`);
        if (line.quantity > left(line.id))
          throw conflict(`Line item ${line.id} of the order ${order.name} has ${Math.max(0, left(line.id))} left to ship, not ${line.quantity}.`);
        return line.quantity === ALL_LEFT ? { ...line, quantity: left(line.id) } : line;
      });
      return { ...record, lineItems: lines };
    },
    saved(record, existing, request) {
      if (existing === undefined) follow(orders.get(record.orderId)!, request, true);
    },
  });

  function cancel(request: RouteRequest) {
    const record = findByPathId(request.params.id, (id) => book.get(id), 'fulfillment');
    if (record.status !== 'cancelled') {
      const cancelled = { ...record, status: 'cancelled' as const, updateTime: formatTimestamp(request.now) };
      book.put(cancelled);
      env.changed(fulfillmentTable.key, { put: cancelled });
      const order = orders.get(record.orderId);
      if (order !== undefined) follow(order, request, false);
    }
    return { body: { fulfillment: table.present(book.get(record.id)!, request) } };
  }

  /** The fulfillments of the path's order; a 404 when the token sees no such order, even one with none. */
  const ofOrder = (request: RouteRequest) => {
    const order = orders.find(request);
    return book.all().filter((record) => record.orderId === order.id);
  };
  const routes: Route[] = [
    ...table.routes.map((route) => (route.method === 'PUT' ? { ...route, path: '/fulfillments/:id/update_tracking' } : route)),
    { method: 'PUT', path: '/fulfillments/:id/cancel', scope: WRITE_FULFILLMENTS, handle: cancel },
    {
      method: 'GET',
      path: '/orders/:id/fulfillments',
      scope: orders.read,
      handle: (request) => ({ body: { fulfillments: ofOrder(request).map((record) => table.present(record, request)) } }),
    },
    {
      method: 'GET',
      path: '/orders/:id/fulfillments/count',
      scope: orders.read,
      handle: (request) => ({ body: { count: new JsonInteger(String(ofOrder(request).length)) } }),
    },
  ];
  return { ...table, routes };
}
