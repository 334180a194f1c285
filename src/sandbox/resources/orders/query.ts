// Order listing and counting: the filters (from the query, or carried by a page token), the
// 60-day window of the caller's token, and pages walked over the orders in ascending id order.
import { invalidField } from '../../http/sandbox-errors.js';
import { canonicalId } from '../../state/ids.js';
import { decodePageToken, pageUrl, parseLimit, parseSinceId } from '../pagination.js';
import { FINANCIAL_STATUSES, FULFILLMENT_STATUSES, ORDER_STATUSES, visible, type OrderRecord } from './record.js';

const LIST_PATH = '/api/202412/orders';

const FILTER_NAMES = ['sinceId', 'status', 'financialStatus', 'fulfillmentStatus', 'createTimeMin', 'createTimeMax', 'customerId', 'email'] as const;
type FilterName = (typeof FILTER_NAMES)[number];
export type OrderFilters = Partial<Record<FilterName, string>>;

function oneOf(raw: string, field: string, choices: readonly string[]): string {
  if (!choices.includes(raw)) throw invalidField(field, `must be one of ${choices.join(', ')}`);
  return raw;
}

function time(raw: string, field: string): string {
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(Date.parse(raw))) throw invalidField(field, 'must be an ISO 8601 date or time such as 2026-11-01T00:00:00Z');
  return raw;
}

/** Each filter checked; `field` names where it came from (the query, or pageToken). */
function checked(given: OrderFilters, field: (name: FilterName) => string): OrderFilters {
  const filters: OrderFilters = {};
  for (const name of FILTER_NAMES) {
    const raw = given[name];
    if (raw === undefined) continue;
    switch (name) {
      case 'sinceId': {
        const id = canonicalId(raw);
        if (id === null) throw invalidField(field(name), 'must be a numeric id');
        filters.sinceId = id;
        break;
      }
      case 'customerId': {
        const id = canonicalId(raw);
        if (id === null) throw invalidField(field(name), 'must be a numeric id');
        filters.customerId = id;
        break;
      }
      case 'status':
        filters.status = raw === 'any' ? 'any' : oneOf(raw, field(name), ORDER_STATUSES);
        break;
      case 'financialStatus':
        filters.financialStatus = oneOf(raw, field(name), FINANCIAL_STATUSES);
        break;
      case 'fulfillmentStatus':
        filters.fulfillmentStatus = oneOf(raw, field(name), FULFILLMENT_STATUSES);
        break;
      case 'createTimeMin':
      case 'createTimeMax':
        filters[name] = time(raw, field(name));
        break;
      case 'email':
        filters.email = raw;
        break;
    }
  }
  return filters;
}

export function filtersOf(query: URLSearchParams): OrderFilters {
  const given: OrderFilters = {};
  for (const name of FILTER_NAMES) {
    const value = name === 'sinceId' ? parseSinceId(query.get(name)) : query.get(name);
    if (value !== null) given[name] = value;
  }
  return checked(given, (name) => name);
}

/** Does `order` pass the filters and the window (`start`: the earliest creation time the token sees)? */
export function matcher(filters: OrderFilters, start: number | undefined): (order: OrderRecord) => boolean {
  const min = filters.createTimeMin === undefined ? undefined : Date.parse(filters.createTimeMin);
  const max = filters.createTimeMax === undefined ? undefined : Date.parse(filters.createTimeMax);
  const email = filters.email?.toLowerCase();
  return (order) => {
    if (!visible(order, start)) return false;
    // Every state unless asked (docs/decisions.md, "Orders").
    if (filters.status !== undefined && filters.status !== 'any' && order.status !== filters.status) return false;
    if (filters.financialStatus !== undefined && order.financialStatus !== filters.financialStatus) return false;
    if (filters.fulfillmentStatus !== undefined && order.fulfillmentStatus !== filters.fulfillmentStatus) return false;
    const created = Date.parse(order.createTime);
    if (min !== undefined && created < min) return false;
    if (max !== undefined && created > max) return false;
    if (filters.customerId !== undefined && order.customerId !== filters.customerId) return false;
    if (email !== undefined && order.email?.toLowerCase() !== email) return false;
    return true;
  };
}

/**
 * The filters of a listing request: from the query, or carried by its page token (then, in
 * the real dialect, nothing but limit may come beside it; in ours, the same filters may).
 */
function resolve(query: URLSearchParams, tokenAlone: boolean): { after: string | null; filters: OrderFilters } {
  const token = query.get('pageToken');
  if (token === null) {
    const filters = filtersOf(query);
    return { after: filters.sinceId ?? null, filters };
  }
  if (tokenAlone) {
    const extra = FILTER_NAMES.find((name) => query.has(name));
    if (extra !== undefined) throw invalidField(extra, 'must not be sent beside pageToken (only limit may be): the filters go on the first page and the token carries them');
  }
  const cursor = decodePageToken(token);
  const filters = checked(cursor.filters, () => 'pageToken');
  const given = filtersOf(query);
  for (const name of FILTER_NAMES) {
    if (given[name] !== undefined && given[name] !== filters[name]) throw invalidField(name, 'differs from the filter carried by pageToken; send pageToken alone to get the next page');
  }
  return { after: cursor.after, filters };
}

/** One page of a listing over `orders` (ascending by id), and the link to the next one. */
export function listPage(orders: readonly OrderRecord[], query: URLSearchParams, start: number | undefined, tokenAlone: boolean): { page: OrderRecord[]; next?: string } {
  const limit = parseLimit(query.get('limit'));
  const { after, filters } = resolve(query, tokenAlone);
  const matches = matcher(filters, start);
  const bound = after === null ? undefined : BigInt(after);
  let low = 0;
  if (bound !== undefined) {
    let high = orders.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (BigInt(orders[middle]!.id) <= bound) low = middle + 1;
      else high = middle;
    }
  }
  const page: OrderRecord[] = [];
  for (let index = low; index < orders.length; index += 1) {
    const order = orders[index]!;
    if (!matches(order)) continue;
    if (page.length === limit) {
      const carried = Object.fromEntries(Object.entries(filters).filter(([name]) => name !== 'sinceId')) as Record<string, string>;
      return { page, next: pageUrl(LIST_PATH, limit, { after: page.at(-1)!.id, filters: carried }) };
    }
    page.push(order);
  }
  return { page };
}
