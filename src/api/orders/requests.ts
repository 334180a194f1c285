// Order requests: paths, wrappers and paging (partners.genstore.ai/docs/api-rest/9: list,
// count, get, update, cancel). Commands call these with domain values and never see a path
// or an `order` wrapper. The schemas (zod) load only when an order is read, so
// `order count` never pays for them. A filter the docs do not show is sent, and checked again
// on every order that comes back (client-filters.ts): a store that ignores it cannot widen
// a listing, and a count with one is counted by listing.
import { definedOnly } from '../../core/defined-only.js';
import type { PageBound } from '../../core/paginate.js';
import type { Transport } from '../../core/transport.js';
import type { Order, OrderCancel, OrderListQuery, OrderUpdate } from './schema.js';
import { MAX_ORDER_PAGE_SIZE } from './fields.js';
import { orderMatcher, undocumentedFilters } from './client-filters.js';
import { API_PREFIX, isEmptyAnswer, keptPages, pagesOf, parseCount, segment, unwrap } from '../wire.js';

const schemas = () => import('./schema.js');

const BASE = `${API_PREFIX}/orders`;
/** The store's page size when a listing sends no limit. */
const DEFAULT_PAGE_SIZE = 50;

/** A listing's filters as the store names them (page size and token apart). */
export type OrderFilters = Omit<OrderListQuery, 'limit' | 'pageToken'>;

export class OrdersApi {
  constructor(private readonly transport: Transport) {}

  /**
   * Pages of orders as they arrive, each kept to the query's filters; with `all`, follows
   * next-page links to the end (at most `bound.pages` pages). Without `all`, returns the next
   * page's token (if any). A page may hold fewer orders than the store sent, even none.
   * `checked`: the filters to check the orders against, when not the query's own (a page
   * asked by its token alone goes on with the filters of the first page).
   */
  list(query: OrderListQuery, all: boolean, bound?: PageBound, checked: OrderFilters = query): AsyncGenerator<Order[], string | undefined> {
    const pages = pagesOf(this.transport, BASE, toQuery(query), readOrders, { all, defaultLimit: DEFAULT_PAGE_SIZE, ...(bound ? { bound } : {}) });
    const keep = orderMatcher(checked);
    return keep === undefined ? pages : keptPages(pages, keep);
  }

  /** Every matching order, page after page of the largest size, in the store's order (ascending ids). */
  everyOrder(filters: OrderFilters, bound?: PageBound): AsyncGenerator<Order[], string | undefined> {
    return this.list({ ...filters, limit: MAX_ORDER_PAGE_SIZE }, true, bound);
  }

  /**
   * The store's count (`GET orders/count`) when every filter is one its docs show; with any
   * other, the matching orders of the listing counted page by page (pages of 250), as a
   * count sent a filter the store ignores would count every order.
   */
  async count(filters: OrderFilters = {}): Promise<string> {
    if (undocumentedFilters(filters).length > 0) {
      let total = 0;
      for await (const page of this.everyOrder(filters)) total += page.length;
      return String(total);
    }
    const response = await this.transport.request({ method: 'GET', path: `${BASE}/count`, query: toQuery(filters) });
    return parseCount(response.body);
  }

  async get(orderId: string): Promise<Order> {
    const response = await this.transport.request({ method: 'GET', path: `${BASE}/${segment(orderId)}` });
    return readOrder(response.body);
  }

  /** Note and tags only: the two fields a merchant edits on a placed order. */
  async update({ orderId, ...fields }: OrderUpdate): Promise<Order> {
    const response = await this.transport.request({ method: 'PUT', path: `${BASE}/${segment(orderId)}`, body: { order: definedOnly(fields) } });
    if (isEmptyAnswer(response.body)) return this.get(orderId);
    return readOrder(response.body);
  }

  /**
   * Cancelling a cancelled order changes nothing (the sandbox answers the order as it is), so
   * a lost answer may be asked again. An answer without a body is read back.
   */
  async cancel({ orderId, reason }: OrderCancel): Promise<Order> {
    const response = await this.transport.request({
      method: 'POST',
      path: `${BASE}/${segment(orderId)}/cancel`,
      body: definedOnly({ reason }),
      idempotent: true,
    });
    if (isEmptyAnswer(response.body)) return this.get(orderId);
    return readOrder(response.body);
  }
}

function toQuery(query: Partial<OrderListQuery>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) out[key] = String(value);
  return out;
}

async function readOrders(body: unknown): Promise<Order[]> {
  const { checkOrderPage } = await schemas();
  return checkOrderPage(unwrap(body, 'orders', 'list'));
}

async function readOrder(body: unknown): Promise<Order> {
  const { checkOrder } = await schemas();
  return checkOrder(unwrap(body, 'order', 'object'));
}
