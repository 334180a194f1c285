// An order as a merchant names it: its id (digits), or its name (#1001, what the shop and its
// customer see). The store's docs show no filter by name (the fulfilment guide filters by
// states only), so names are found in the listing: every order the token sees, any status,
// 250 a page, keeping only the orders asked for (memory holds those, not the store). One pass
// finds every name and id a file gives, however many: a page of 250 instead of a GET a row.
import { MAX_ORDER_PAGE_SIZE } from './fields.js';
import { idOf, orderName } from './reading.js';
import type { Order } from './schema.js';
import type { OrderFilters } from './requests.js';

export type OrderRef = { kind: 'id'; id: string } | { kind: 'name'; key: string };

/** An id without its leading zeros, as the store compares ids. */
export const idKey = (id: string) => id.replace(/^0+(?=\d)/, '');

/** How names compare: without surrounding spaces, ignoring case (#a1001 is #A1001). */
export const nameKey = (name: string) => name.trim().toLowerCase();

/** Digits are an id; anything else is a name. Undefined for an empty reference. */
export function orderRef(text: string): OrderRef | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? { kind: 'id', id: trimmed } : { kind: 'name', key: nameKey(trimmed) };
}

/** The orders a listing found of those asked for, by id (leading zeros dropped) and by name key, with what the walk read. */
export interface FoundOrders {
  byId: Map<string, Order>;
  byName: Map<string, Order[]>;
  /** Orders the listing showed, and its pages. */
  seen: number;
  pages: number;
}

/** What finding orders needs of the store: OrdersApi. */
export interface OrderListing {
  everyOrder(filters: OrderFilters): AsyncGenerator<Order[], string | undefined>;
}

/**
 * The orders with the ids and name keys asked for, read from the listing (any status, pages
 * of 250): a name held by several orders keeps them all, for the caller to refuse.
 */
export async function findOrders(orders: OrderListing, ids: ReadonlySet<string>, names: ReadonlySet<string>): Promise<FoundOrders> {
  const wanted = new Set([...ids].map(idKey));
  const found: FoundOrders = { byId: new Map(), byName: new Map(), seen: 0, pages: 0 };
  for await (const page of orders.everyOrder({ status: 'any' })) {
    found.pages += 1;
    found.seen += page.length;
    for (const order of page) {
      const id = idOf(order);
      if (id !== undefined && wanted.has(idKey(id))) found.byId.set(idKey(id), order);
      const name = nameKey(orderName(order));
      if (name !== '' && names.has(name)) found.byName.set(name, [...(found.byName.get(name) ?? []), order]);
    }
  }
  return found;
}

/** Pages of the largest size a listing of `count` orders takes. */
export const listingPages = (count: number) => Math.ceil(count / MAX_ORDER_PAGE_SIZE);
