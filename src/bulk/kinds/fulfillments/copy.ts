// What a fulfillment import's rehearsal copies: the orders the file names, read as the real run
// reads them (the listing, or each by id: orders.ts), with their names, states and lines; and
// the fulfillments of those the listing does not show unfulfilled (one GET an order, as the
// real run's pre-reads), so that each row meets on the copy what it meets on the store: its
// number shipped already, its lines shipped under another, or room to ship. The file is first
// read through the import's own pre-flight (a bad file stops here, before any request).
import type { Api } from '../../../api/index.js';
import type { Fulfillment } from '../../../api/fulfillments/declaration.js';
import { idOf, orderLines, orderName, orderStatus } from '../../../api/orders/reading.js';
import { idKey } from '../../../api/orders/refs.js';
import type { Order } from '../../../api/orders/schema.js';
import { FINANCIAL_STATUSES, FULFILLMENT_STATUSES } from '../../../api/orders/fields.js';
import { scalarText } from '../../../core/json.js';
import { isHttpUrl } from '../../../core/target.js';
import { plural } from '../../../core/words.js';
import { eachAtMost, seedTime, type CopyPlan, type StoreCopy } from '../../engine/store-copy.js';
import { readOrderIndex } from './orders.js';
import { preflight } from './preflight.js';

export async function copyFulfillments(plan: CopyPlan, api: Api): Promise<StoreCopy> {
  const { ids, names } = await preflight(plan.source, plan.shard ? { shard: plan.shard } : {});
  const index = await readOrderIndex(api.orders, api.accessScopes, ids, names, plan.concurrency, new Date());
  const orders = index.orders();
  const shipped: Fulfillment[] = [];
  await eachAtMost(
    orders.filter((order) => scalarText(order.fulfillmentStatus).toLowerCase() !== 'unfulfilled'),
    plan.concurrency,
    async (order) => {
      shipped.push(...(await api.fulfillments.listFor(idOf(order)!)));
    },
  );
  return {
    seed: { orders: orders.map(orderSeed), fulfillments: shipped.map(fulfillmentSeed).filter((seed) => seed !== undefined) },
    described: `the ${plural(orders.length, 'order')} the file names, with ${plural(shipped.length, 'fulfillment')}`,
  };
}

const ID = /^\d{1,20}$/;
const AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined => values.find((known) => known === scalarText(value).toLowerCase());

/** An order of the copy as the seed's orders section holds it: what the import reads of it (name, states, lines), the rest left to the seed's defaults. */
function orderSeed(order: Order): object {
  const status = orderStatus(order);
  const created = scalarText(order.createTime);
  const lines = orderLines(order)
    .filter((line) => ID.test(line.id))
    .map((line) => ({
      id: idKey(line.id),
      title: line.title || 'Line item',
      quantity: /^\d+$/.test(line.quantity) && Number(line.quantity) > 0 ? Number(line.quantity) : 1,
      price: AMOUNT.test(line.price) ? line.price : '0.00',
    }));
  const fields = {
    id: idKey(idOf(order)!),
    name: orderName(order) || undefined,
    status: status === 'open' || status === 'closed' || status === 'cancelled' ? status : undefined,
    financialStatus: oneOf(FINANCIAL_STATUSES, order.financialStatus),
    fulfillmentStatus: oneOf(FULFILLMENT_STATUSES, order.fulfillmentStatus),
    lineItems: lines,
    createTime: created === '' ? undefined : seedTime(created),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** A fulfillment of the copy as the seed's fulfillments section holds it; undefined for one of no known order or lines. */
function fulfillmentSeed(fulfillment: Fulfillment): object | undefined {
  const id = scalarText(fulfillment.id);
  const orderId = scalarText(fulfillment.orderId);
  if (!ID.test(id) || !ID.test(orderId)) return undefined;
  const text = (value: unknown) => (value === undefined || value === null || scalarText(value) === '' ? undefined : scalarText(value).slice(0, 255));
  const url = text(fulfillment.trackingUrl);
  const items = Array.isArray(fulfillment.lineItems) ? (fulfillment.lineItems as unknown[]) : [];
  const lineItems = items.flatMap((item) => {
    const line = item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
    const lineId = scalarText(line.id ?? line.lineItemId);
    const quantity = Number(scalarText(line.quantity));
    return ID.test(lineId) && Number.isSafeInteger(quantity) && quantity > 0 ? [{ id: idKey(lineId), quantity }] : [];
  });
  const created = scalarText(fulfillment.createTime);
  const fields = {
    id: idKey(id),
    orderId: idKey(orderId),
    status: scalarText(fulfillment.status).toLowerCase() === 'cancelled' ? 'cancelled' : 'success',
    trackingCompany: text(fulfillment.trackingCompany),
    trackingNumber: text(fulfillment.trackingNumber),
    trackingUrl: url !== undefined && isHttpUrl(url) ? url : undefined,
    notifyCustomer: scalarText(fulfillment.notifyCustomer) === 'true' ? true : undefined,
    lineItems,
    createTime: created === '' ? undefined : seedTime(created),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
