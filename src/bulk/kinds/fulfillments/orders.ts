// The orders a tracking file names, read before the import: what each row's order is (found,
// not found, or a name several orders hold), and what the listing already says of it (its
// state, its lines, whether anything of it is shipped), so a row of an unfulfilled order costs
// its create alone. Read through the listing (every order the token sees, 250 a page) when the
// file names an order by name (no filter finds a name) or when its pages are no more than the
// orders the file names by id; otherwise each such order is read by its id (one GET each),
// rather than 4,000 pages of a million orders for a file of ten.
import type { AccessScopesApi } from '../../../api/access-scopes/requests.js';
import { findOrders, idKey, listingPages, type OrderListing, type OrderRef } from '../../../api/orders/refs.js';
import { idOf, orderName } from '../../../api/orders/reading.js';
import type { Order } from '../../../api/orders/schema.js';
import { unlessGone } from '../../../core/errors.js';
import { eachAtMost } from '../../engine/store-copy.js';
import { counted } from '../../engine/summary.js';

/** What the index needs of the store: OrdersApi (and the token's scopes, to say why an order is not seen). */
export interface OrderSource extends OrderListing {
  count(filters: { status: 'any' }): Promise<string>;
  get(orderId: string): Promise<Order>;
}

export type OrderMatch = { kind: 'order'; id: string; order: Order } | { kind: 'missing'; reason: string };

/** Ids shown when several orders hold one name. */
const SHOWN = 5;

export class OrderIndex {
  constructor(
    private readonly byId: ReadonlyMap<string, Order>,
    private readonly byName: ReadonlyMap<string, readonly Order[]>,
    /** How the orders were read, for the summary. */
    readonly described: string,
    /** Added to the reason of an order not found: the token's 60-day window, when it has one. */
    private readonly windowNote = '',
  ) {}

  /** The order `ref` names; `written`: how the row wrote it, for the reason it is not found. */
  match(ref: OrderRef, written: string): OrderMatch {
    if (ref.kind === 'id') {
      const order = this.byId.get(idKey(ref.id));
      return order === undefined
        ? { kind: 'missing', reason: `no order has the id ${ref.id} among those the token sees${this.windowNote}` }
        : { kind: 'order', id: idOf(order)!, order };
    }
    const named = this.byName.get(ref.key) ?? [];
    if (named.length === 1) return { kind: 'order', id: idOf(named[0]!)!, order: named[0]! };
    if (named.length === 0) return { kind: 'missing', reason: `no order is named ${written} among those the token sees${this.windowNote}` };
    const ids = named.map((order) => idOf(order)!);
    const listed = ids.slice(0, SHOWN).join(', ') + (ids.length > SHOWN ? ` and ${ids.length - SHOWN} more` : '');
    return { kind: 'missing', reason: `${ids.length} orders are named ${orderName(named[0]!)} (ids ${listed}): give the row the id of the one meant` };
  }

  /** Every order found, once (for a rehearsal's copy). */
  orders(): Order[] {
    return [...new Map([...this.byId.values(), ...[...this.byName.values()].flat()].map((order) => [idOf(order)!, order])).values()];
  }
}

/**
 * The orders of `ids` and `names` (name keys), by the cheaper way: the listing, or a GET each
 * (`concurrency` at a time). An order the file names and the token does not see makes the
 * token's scopes read (once), so that its rows say whether the 60-day window hides it.
 */
export async function readOrderIndex(
  orders: OrderSource,
  scopes: AccessScopesApi,
  ids: ReadonlySet<string>,
  names: ReadonlySet<string>,
  concurrency: number,
  now: Date,
): Promise<OrderIndex> {
  let byId: Map<string, Order>;
  let byName = new Map<string, Order[]>();
  let described: string;
  const byListing = async () => {
    const found = await findOrders(orders, ids, names);
    byId = found.byId;
    byName = found.byName;
    described = `Orders looked up in the store's listing before the import: ${counted(found.seen, 'order')} read in ${counted(found.pages, 'page')}.`;
  };
  if (ids.size + names.size === 0) return new OrderIndex(new Map(), new Map(), '');
  if (names.size > 0) await byListing();
  else {
    const count = Number(await orders.count({ status: 'any' }));
    if (Number.isFinite(count) && listingPages(count) <= ids.size) await byListing();
    else {
      byId = new Map();
      await eachAtMost([...ids], concurrency, async (id) => {
        const order = await unlessGone(orders.get(id));
        if (order !== undefined) byId.set(idKey(id), order);
      });
      described = `Orders read one by one before the import (${counted(ids.size, 'request')}; the store's listing of ${counted(count, 'order')} would take more).`;
    }
  }
  const missing = [...ids].some((id) => !byId!.has(idKey(id))) || [...names].some((name) => !byName.has(name));
  return new OrderIndex(byId!, byName, described!, missing ? await windowNote(scopes, now) : '');
}

/** The token's 60-day window, as an order not found names it; '' when the token sees every order (or the store does not say). */
async function windowNote(scopes: AccessScopesApi, now: Date): Promise<string> {
  const { checkOrderWindow } = await import('../../../api/orders/window.js');
  const check = await checkOrderWindow(scopes, undefined, now);
  return check.limited === true ? ` (it lacks read_all_orders, so it sees the orders created since ${check.firstDay} only)` : '';
}
