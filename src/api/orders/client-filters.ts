// Which order filters the store is trusted with, and the check of the others on every order
// that comes back. The docs show only `financialStatus` and `fulfillmentStatus` as listing
// filters (the fulfilment guide), and `sinceId` and `limit` for paging; `status`,
// `createTimeMin`/`createTimeMax`, `customerId` and `email` are sent by the names the orders
// carry (docs/decisions.md "Orders"), but a store that ignores a parameter it does not know
// would answer every order. So each of those is checked again here, through the one reading of
// an order (reading.ts): a filter the docs do not show can narrow an answer, never widen it.
// A field an order does not carry (an email withheld, no creation time) cannot be checked:
// the store's word stands for that order.
import { instantOf } from '../instant.js';
import { createdText, customerIdOf, emailOf, orderStatus } from './reading.js';
import type { Order, OrderListQuery } from './schema.js';

type Filters = Partial<Omit<OrderListQuery, 'limit' | 'pageToken'>>;

/** The listing filters the store's docs show: the store is trusted with these alone. */
export const DOCUMENTED_ORDER_FILTERS = ['financialStatus', 'fulfillmentStatus'] as const;

/** The filters of `filters` the docs do not show (status `any` is no filter). */
export function undocumentedFilters(filters: Filters): string[] {
  const given: string[] = [];
  if (filters.status !== undefined && filters.status !== 'any') given.push('status');
  for (const name of ['createTimeMin', 'createTimeMax', 'customerId', 'email'] as const) if (filters[name] !== undefined) given.push(name);
  return given;
}

const digits = (id: string) => id.replace(/^0+(?=\d)/, '');

/** Whether an order passes the undocumented filters of `filters`; undefined when there are none to check. */
export function orderMatcher(filters: Filters): ((order: Order) => boolean) | undefined {
  if (undocumentedFilters(filters).length === 0) return undefined;
  const status = filters.status === 'any' ? undefined : filters.status;
  const min = filters.createTimeMin === undefined ? undefined : instantOf(filters.createTimeMin)?.ms;
  const max = filters.createTimeMax === undefined ? undefined : instantOf(filters.createTimeMax)?.ms;
  const customerId = filters.customerId === undefined ? undefined : digits(filters.customerId);
  const email = filters.email?.toLowerCase();
  return (order) => {
    if (status !== undefined && orderStatus(order) !== status) return false;
    if (min !== undefined || max !== undefined) {
      const created = instantOf(createdText(order))?.ms;
      if (created !== undefined && ((min !== undefined && created < min) || (max !== undefined && created > max))) return false;
    }
    if (customerId !== undefined) {
      const own = customerIdOf(order);
      if (own !== '' && digits(own) !== customerId) return false;
    }
    if (email !== undefined) {
      const own = emailOf(order);
      if (own !== undefined && own.toLowerCase() !== email) return false;
    }
    return true;
  };
}
