// `order list` newest first or oldest first. The store documents no sort: its listing runs
// in ascending ids (the order orders are placed in, `sinceId` starting after an id), so
// store-cli orders the answer itself (docs/decisions.md "Orders"):
// - oldest first is the store's own order: one page of `limit` matching orders, its
//   continuation `--since-id` the last one shown;
// - newest first reads the listing in the largest pages from the start and keeps the last
//   `limit` matching orders (memory holds those only), stopping early at `--before-id`, its
//   continuation `--before-id` the oldest one shown;
// - newest first with --all reads the listing twice, in pages of --limit (250 unless given):
//   once to learn where each page ends, then each page again from the newest, printed as
//   it arrives (memory holds one page).
// Every walk goes through api.orders.list, which checks the filters the docs do not show
// on each order, so a page here is always the matching orders only.
import type { Api } from '../../api/index.js';
import { MAX_ORDER_PAGE_SIZE } from '../../api/orders/fields.js';
import { idOf } from '../../api/orders/reading.js';
import type { Order, OrderListQuery } from '../../api/orders/schema.js';
import { compareIds } from '../../bulk/engine/export-text.js';
import { RuntimeError } from '../../core/errors.js';
import type { PageBound } from '../../core/paginate.js';

/** One page of a listing: its orders in the order shown, and whether more match beyond it. */
export interface OrderPage {
  orders: Order[];
  more: boolean;
}

/** A listing's filters and where it starts (`sinceId`): what every walk sends on its first page. */
type OrderFilters = Omit<OrderListQuery, 'limit' | 'pageToken'>;

const idText = (order: Order) => idOf(order) ?? '';

/**
 * `limit` matching orders from the start (`filters.sinceId`), ascending. The store's pages are
 * of `limit` (its default when none); should the client's check leave a page short, the next
 * is read until `limit` match or the listing ends. `more`: orders beyond the last shown
 * (after a full page, as the store's next-page link says).
 */
export async function oldestPage(api: Api, filters: OrderFilters, limit: number | undefined, pageSize: number, bound: PageBound): Promise<OrderPage> {
  const found: Order[] = [];
  let pages = api.orders.list({ ...filters, ...(limit !== undefined ? { limit } : {}) }, false);
  const tokens = new Set<string>();
  for (;;) {
    let next: string | undefined;
    for (;;) {
      const step = await pages.next();
      if (step.done) {
        next = step.value;
        break;
      }
      found.push(...step.value);
    }
    if (found.length > pageSize) return { orders: found.slice(0, pageSize), more: true };
    if (found.length === pageSize || next === undefined) return { orders: found, more: next !== undefined };
    // Each page is asked on its own: the bound and a token named twice are checked here, as the paging loop does for a listing.
    if (tokens.has(next) || tokens.size + 1 >= bound.pages) {
      throw new RuntimeError(
        `The store still named a next page after ${(tokens.size + 1).toLocaleString('en-US')} pages${tokens.has(next) ? ', one it had named before' : ''}: stopping rather than page for ever.`,
      );
    }
    tokens.add(next);
    // The token carries the store's filters; the client's check goes on with the first page's.
    pages = api.orders.list({ pageToken: next, ...(limit !== undefined ? { limit } : {}) }, false, undefined, filters);
  }
}

/**
 * The newest `limit` matching orders, newest first: the listing read from the start in the
 * largest pages, keeping the last `limit` + 1 (one more tells whether older ones remain), up
 * to `beforeId` (ids ascend, so the walk stops at the first id not below it).
 */
export async function newestPage(api: Api, filters: OrderFilters, limit: number, beforeId: string | undefined, bound: PageBound): Promise<OrderPage> {
  const kept: Order[] = [];
  walk: for await (const page of api.orders.list({ ...filters, limit: MAX_ORDER_PAGE_SIZE }, true, bound)) {
    for (const order of page) {
      if (beforeId !== undefined && compareIds(idText(order), beforeId) >= 0) break walk;
      kept.push(order);
      if (kept.length > limit + 1) kept.shift();
    }
  }
  return { orders: kept.slice(-limit).reverse(), more: kept.length > limit };
}

/**
 * Every matching order, newest first, a page at a time. The first pass reads the listing to
 * its end (or `beforeId`), keeping only the id each page of matches ends with and the last
 * page itself, which goes out first; then each earlier page is read again from the id the
 * page before it ended with (`sinceId`, a documented parameter, with the same filters) up to
 * its own last id, and goes out reversed. About twice the requests of an oldest-first --all.
 */
export async function* newestAll(
  api: Api,
  filters: OrderFilters,
  beforeId: string | undefined,
  pageSize: number,
  bound: PageBound,
): AsyncGenerator<Order[], undefined> {
  const ends: string[] = [];
  let last: Order[] = [];
  walk: for await (const page of api.orders.list({ ...filters, limit: pageSize }, true, bound)) {
    const below = beforeId === undefined ? page : page.filter((order) => compareIds(idText(order), beforeId) < 0);
    if (below.length > 0) {
      ends.push(idText(below.at(-1)!));
      last = below;
    }
    if (below.length < page.length) break walk;
  }
  if (ends.length === 0) return undefined;
  yield last.reverse();
  for (let index = ends.length - 2; index >= 0; index -= 1) {
    const after = index === 0 ? filters.sinceId : ends[index - 1];
    const upTo = ends[index]!;
    const orders: Order[] = [];
    read: for await (const page of api.orders.list({ ...filters, ...(after !== undefined ? { sinceId: after } : {}), limit: pageSize }, true, bound)) {
      for (const order of page) {
        const place = compareIds(idText(order), upTo);
        if (place > 0) break read;
        orders.push(order);
        // The page's own last order: nothing beyond it is needed (no request for the next page).
        if (place === 0) break read;
      }
    }
    yield orders.reverse();
  }
  return undefined;
}
