// Order requests: paths, wrappers and paging (partners.genstore.ai/docs/api-rest/9: list,
// count, get, create, update, cancel). Commands call these with domain values and never see a path
// or an `order` wrapper. The schemas (zod) load only when an order is read, so
// `order count` never pays for them. A filter the docs do not show is sent, and checked again
// on every order that comes back (client-filters.ts): a store that ignores it cannot widen
// a listing, and a count with one is counted by listing.
import { definedOnly } from '../../core/defined-only.js';
import { CancelledError, RequestError, UnconfirmedCreateError } from '../../core/errors.js';
import { scalarText } from '../../core/json.js';
import type { PageBound } from '../../core/paginate.js';
import type { Transport } from '../../core/transport.js';
import type { Order, OrderCancel, OrderListQuery, OrderUpdate } from './schema.js';
import type { OrderCreateBody } from './create-input.js';
import { MAX_ORDER_PAGE_SIZE } from './fields.js';
import { orderMatcher, undocumentedFilters } from './client-filters.js';
import { API_PREFIX, isEmptyAnswer, keptPages, pagesOf, parseCount, segment, unwrap } from '../wire.js';

const schemas = () => import('./schema.js');

const BASE = `${API_PREFIX}/orders`;
/** The store's page size when a listing sends no limit. */
const DEFAULT_PAGE_SIZE = 50;

/** A listing's filters as the store names them (page size and token apart). */
export type OrderFilters = Omit<OrderListQuery, 'limit' | 'pageToken'>;

/** A create's order, and how it was had: `created` by this request, or `recovered` by its sourceIdentifier after the answer was lost. */
export interface CreatedOrder {
  order: Order | undefined;
  how: 'created' | 'recovered';
}

/** How far before the create a recovery looks for the order it made (the store's clock may not be this machine's). */
const RECOVERY_MARGIN_MS = 86_400_000;

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

  /**
   * Makes an order, never resent: orders have no key the store documents as unique, so a second
   * send could make a second order. When the answer is lost, an order given a sourceIdentifier
   * is looked for among the orders made since the day before `sentAt` (the listing, filtered
   * here): the one order carrying it is the one made (`recovered`). Without one, or when none
   * or several carry it, the error says the order may have been made. Undefined when the store
   * answered without a body.
   */
  async create(order: OrderCreateBody, sentAt: Date): Promise<CreatedOrder> {
    const body = { order: definedOnly({ ...order, lineItems: order.lineItems.map((line) => definedOnly({ ...line })) }) };
    try {
      const response = await this.transport.request({ method: 'POST', path: BASE, body, once: true });
      return { order: isEmptyAnswer(response.body) ? undefined : await readOrder(response.body), how: 'created' };
    } catch (error) {
      if (error instanceof CancelledError) throw new UnconfirmedCreateError('Interrupted. The order may have been created anyway.', error);
      if (!(error instanceof RequestError) || !error.mayHaveApplied) throw error;
      const source = order.sourceIdentifier;
      if (source === undefined) throw new UnconfirmedCreateError(`${error.message} The order may have been created anyway.`, error);
      const since = new Date(sentAt.getTime() - RECOVERY_MARGIN_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const found = await this.carrying(source, since).catch(() => undefined);
      if (found?.length === 1) return { order: found[0], how: 'recovered' };
      const why =
        found === undefined
          ? 'the orders could not be read to tell'
          : found.length === 0
            ? `no order carries the sourceIdentifier ${source} yet, but the store may still be making it`
            : `${found.length} orders made since the day before carry the sourceIdentifier ${source}`;
      throw new UnconfirmedCreateError(`${error.message} The order may have been created anyway: ${why}.`, error);
    }
  }

  /** The orders made since `since` (any state) that carry the sourceIdentifier. */
  private async carrying(sourceIdentifier: string, since: string): Promise<Order[]> {
    const found: Order[] = [];
    for await (const page of this.everyOrder({ status: 'any', createTimeMin: since }))
      found.push(
        ...page.filter(
          (order) => order.sourceIdentifier !== undefined && order.sourceIdentifier !== null && scalarText(order.sourceIdentifier) === sourceIdentifier,
        ),
      );
    return found;
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
