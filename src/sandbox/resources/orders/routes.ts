// Orders (`/orders`): the handlers and their scopes, and the stored orders (ascending by id).
// The record and its rules are in record.ts, the wire form in present.ts, listing filters and
// pages in query.ts, request bodies in input.ts, the seed section and demo orders in seed.ts.
// A token without read_all_orders sees the orders of the last 60 days only: an older one is
// missing from listings and counts, and not found by id (404), as if it were not there.
import * as z from 'zod';
import { formatTimestamp } from '../dates.js';
import { conflict } from '../../http/sandbox-errors.js';
import { findByPathId, RecordBook } from '../record-book.js';
import { JsonInteger } from '../../http/body-json.js';
import { withholdProtected } from '../../http/protected-fields.js';
import { READ_ONCE, type Resource, type ResourceEnv, type Route, type RouteReply, type RouteRequest } from '../resource.js';
import { parseCancelOrder, parseCreateOrder, parseUpdateOrder } from './input.js';
import { present } from './present.js';
import { countOf, listPage } from '../pagination.js';
import { orderListing } from './query.js';
import { KEY, normalTags, orderRecordSchema, READ_ALL_ORDERS, visible, windowStart, type OrderRecord } from './record.js';
import { datedOrder, type FilledOrder } from './seed.js';
import { createFulfillmentResource, WRITE_FULFILLMENTS } from './fulfillments.js';
import { createRefundResource } from './refunds.js';
import { newOrder } from './new-order.js';

/** The scopes its routes require, in the order a token's grant lists them; read_all_orders widens what read_orders sees. */
export const SCOPES = ['read_orders', 'write_orders', READ_ALL_ORDERS, WRITE_FULFILLMENTS] as const;

/** A read takes either: read_all_orders is read_orders without the 60-day window (docs/decisions.md, "Orders"). */
const READ = ['read_orders', READ_ALL_ORDERS] as const;

/** An order's protected customer fields (http/protected-fields.ts): its buyer's email. */
const PROTECTED_ORDER_FIELDS = ['email'] as const;

/** The webhook topics an order's changes are announced under. */
const TOPICS = { create: 'orders/create', paid: 'orders/paid', update: 'orders/update', cancelled: 'orders/cancelled' } as const;

/** The orders, their fulfillments (fulfillments.ts) and their refunds (refunds.ts), which change the orders they ship and give back on. */
export function createOrderResources(env: ResourceEnv): Resource[] {
  const time = (stored: string) => env.dialect.time(stored);
  /** The wire form for the caller: the buyer's email is a protected customer field, withheld without the approval. */
  const show = (order: OrderRecord, request: Pick<RouteRequest, 'scopes'>) =>
    withholdProtected(present(order, time, env.dialect, refunds.summaries(order)), PROTECTED_ORDER_FIELDS, request);
  const orders = new RecordBook<OrderRecord>((order) => order.id, 'order');

  /** An order and its lines hold ids the store's sequence must not give again. */
  function observe(order: OrderRecord): void {
    env.ids.observe(order.id);
    for (const line of order.lineItems) env.ids.observe(line.id);
  }

  function replaceAll(records: OrderRecord[]): void {
    orders.replace(records);
    records.forEach(observe);
  }

  /** The order, if the caller's token may see it: one outside its window is not found. */
  function find(request: RouteRequest): OrderRecord {
    const since = windowStart(request.scopes, request.now);
    const seen = (id: string) => {
      const order = orders.get(id);
      return order !== undefined && visible(order, since) ? order : undefined;
    };
    return findByPathId(request.params.id, seen, 'order');
  }

  function changed(order: OrderRecord, topic: string, request: RouteRequest): void {
    env.changed(KEY, order);
    // The app's subscription is the app's: its payload is what the app's token may read.
    env.emit({ topic, key: order.id, payload: () => show(order, request), at: request.now });
  }

  function list(request: RouteRequest): RouteReply {
    const { page, links } = listPage(orders.all(), request.query, orderListing(windowStart(request.scopes, request.now)), env.dialect.pageTokenAlone);
    return { body: { orders: page.map((order) => show(order, request)) }, links };
  }

  function count(request: RouteRequest): RouteReply {
    return { body: { count: new JsonInteger(String(countOf(orders.all(), request.query, orderListing(windowStart(request.scopes, request.now))))) } };
  }

  /** An order brought in through the API: announced as created, and as paid when it was made paid. */
  function create(request: RouteRequest): RouteReply {
    const input = parseCreateOrder(request.body);
    const order = newOrder(
      { ...input, ...(input.tags === undefined ? {} : { tags: normalTags(input.tags) }) },
      { ids: env.ids, lookups: env.lookups, currency: env.currency, names: orders.all().map((known) => known.name) },
      request.now,
    );
    orders.put(order);
    observe(order);
    changed(order, TOPICS.create, request);
    if (order.financialStatus === 'paid') env.emit({ topic: TOPICS.paid, key: order.id, payload: () => show(order, request), at: request.now });
    return { body: { order: show(order, request) }, created: true };
  }

  function update(request: RouteRequest): RouteReply {
    const order = find(request);
    const input = parseUpdateOrder(request.body);
    if (input.note !== undefined) {
      if (input.note === '') delete order.note;
      else order.note = input.note;
    }
    if (input.tags !== undefined) order.tags = normalTags(input.tags);
    order.updateTime = formatTimestamp(request.now);
    changed(order, TOPICS.update, request);
    return { body: { order: show(order, request) } };
  }

  /** Idempotent: a cancelled order is answered as it is, its cancelTime unchanged. A closed order is done with: 409. */
  function cancel(request: RouteRequest): RouteReply {
    const order = find(request);
    const input = parseCancelOrder(request.body);
    if (order.status === 'cancelled') return { body: { order: show(order, request) } };
    if (order.status === 'closed') throw conflict('The order is closed, and a closed order cannot be cancelled.');
    const stamp = formatTimestamp(request.now);
    order.status = 'cancelled';
    order.cancelReason = input.reason ?? 'other';
    order.cancelTime = stamp;
    order.updateTime = stamp;
    changed(order, TOPICS.cancelled, request);
    return { body: { order: show(order, request) } };
  }

  const routes: Route[] = [
    { method: 'GET', path: '/orders', scope: READ, handle: list },
    { method: 'GET', path: '/orders/count', scope: READ, handle: count },
    { method: 'POST', path: '/orders', scope: 'write_orders', handle: create },
    { method: 'GET', path: '/orders/:id', scope: READ, handle: (request) => ({ body: { order: show(find(request), request) } }) },
    { method: 'PUT', path: '/orders/:id', scope: 'write_orders', handle: update },
    { method: 'POST', path: '/orders/:id/cancel', scope: 'write_orders', handle: cancel },
  ];

  const access = { get: (id: string) => orders.get(id), find, changed, read: READ };
  const fulfillments = createFulfillmentResource(env, access);
  const refunds = createRefundResource(env, {
    ...access,
    visible: (id, request) => {
      const order = orders.get(id);
      return order !== undefined && visible(order, windowStart(request.scopes, request.now));
    },
  });
  const orderResource: Resource = {
    key: KEY,
    routes,
    load(section) {
      replaceAll(z.array(orderRecordSchema).parse(section ?? [], READ_ONCE));
    },
    dump() {
      return orders.all();
    },
    /** A change is the order as it now is: a new one (made by a create), or replacing the one with its id. */
    apply(change) {
      const order = orderRecordSchema.parse(change);
      orders.put(order);
      observe(order);
    },
    seed(section: FilledOrder[]) {
      const now = env.now?.() ?? new Date();
      replaceAll(section.map((order) => datedOrder(order, now, env.currency)));
    },
    /** The seed form, fields in the record schema's order (parsing builds them so): a snapshot taken back and taken again is the same text. */
    snapshot() {
      return z.array(orderRecordSchema).parse(orders.all());
    },
  };
  return [orderResource, fulfillments, refunds];
}
