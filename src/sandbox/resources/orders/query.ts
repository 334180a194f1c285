// Order listing and counting: the filters (from the query, or carried by a page token) and the
// 60-day window of the caller's token, over the shared pager (ascending by id).
import { invalidField } from '../../http/sandbox-errors.js';
import { byId, choiceFilter, idFilter, type ListFilter, type Listing } from '../pagination.js';
import { FINANCIAL_STATUSES, FULFILLMENT_STATUSES, ORDER_STATUSES, visible, type OrderRecord } from './record.js';

const LIST_PATH = '/api/202412/orders';

/** A time bound of the creation time, both ends included. */
function timeFilter(name: string, passes: (created: number, bound: number) => boolean): ListFilter<OrderRecord> {
  return {
    name,
    check(raw, field) {
      if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(Date.parse(raw)))
        throw invalidField(field, 'must be an ISO 8601 date or time such as 2026-11-01T00:00:00Z');
      return raw;
    },
    keep: (order, value) => passes(Date.parse(order.createTime), Date.parse(value)),
  };
}

const FILTERS: readonly ListFilter<OrderRecord>[] = [
  // Every state unless asked (docs/decisions.md, "Orders").
  {
    ...choiceFilter<OrderRecord>('status', [...ORDER_STATUSES, 'any'], (order) => order.status),
    keep: (order, value) => value === 'any' || order.status === value,
  },
  choiceFilter('financialStatus', FINANCIAL_STATUSES, (order) => order.financialStatus),
  choiceFilter('fulfillmentStatus', FULFILLMENT_STATUSES, (order) => order.fulfillmentStatus),
  timeFilter('createTimeMin', (created, bound) => created >= bound),
  timeFilter('createTimeMax', (created, bound) => created <= bound),
  idFilter('customerId', (order, id) => order.customerId === id),
  { name: 'email', keep: (order, value) => order.email?.toLowerCase() === value.toLowerCase() },
];

/** The listing as a caller sees it: `start` is the earliest creation time its token sees. */
export function orderListing(start: number | undefined): Listing<OrderRecord> {
  return { path: LIST_PATH, order: byId((order) => order.id), filters: FILTERS, sinceId: true, visible: (order) => visible(order, start) };
}
