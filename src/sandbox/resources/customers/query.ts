// Listing and searching customers: pages by id like every listing of the sandbox; the token
// carries the filters (the real dialect wants it alone). Search matches an email exactly
// (ignoring case), a phone by its digits, a name by part of the first, last or full name.
import { isJsonNumber, isJsonObject } from '../../http/body-json.js';
import { invalidField, malformedBody } from '../../http/sandbox-errors.js';
import { pageUrl, parseLimit, parseSinceId, nextPageCursor } from '../pagination.js';
import { emailKey, phoneKey, type CustomerRecord } from './record.js';

export const LIST_PATH = '/api/202412/customers';
export const SEARCH_PATH = '/api/202412/customers/search';

const LIST_FILTERS = ['sinceId'] as const;
export const SEARCH_FILTERS = ['email', 'phone', 'name'] as const;
type SearchFilter = (typeof SEARCH_FILTERS)[number];

type Filters = Partial<Record<SearchFilter | 'sinceId', string>>;

function matches(filters: Filters) {
  return (customer: CustomerRecord): boolean => {
    if (filters.email !== undefined && (customer.email === undefined || emailKey(customer.email) !== emailKey(filters.email))) return false;
    if (filters.phone !== undefined && (customer.phone === undefined || phoneKey(customer.phone) !== phoneKey(filters.phone))) return false;
    if (filters.name !== undefined) {
      const wanted = filters.name.trim().toLowerCase();
      const names = [customer.firstName, customer.lastName, [customer.firstName, customer.lastName].filter(Boolean).join(' ')];
      if (!names.some((name) => name !== undefined && name.toLowerCase().includes(wanted))) return false;
    }
    return true;
  };
}

/**
 * One page of `customers` (ascending by id) and the link to the next. `search`: the search
 * route, which needs one filter at least (a search for nothing is a listing).
 */
export function customerPage(customers: readonly CustomerRecord[], query: URLSearchParams, tokenAlone: boolean, search: boolean): { page: CustomerRecord[]; links: { next?: string } } {
  const names: readonly string[] = search ? SEARCH_FILTERS : LIST_FILTERS;
  const limit = parseLimit(query.get('limit'));
  const token = query.get('pageToken');
  let after: string | null = null;
  let filters: Filters = {};
  if (token === null) {
    for (const name of SEARCH_FILTERS) {
      const value = query.get(name);
      if (value === null) continue;
      if (!search) throw invalidField(name, 'is a filter of /customers/search, not of the listing');
      if (value.trim() === '') throw invalidField(name, 'must not be empty');
      filters[name] = value;
    }
    if (search && Object.keys(filters).length === 0) throw invalidField('query', `needs at least one of ${SEARCH_FILTERS.join(', ')}`);
    after = parseSinceId(query.get('sinceId'));
    if (after !== null) filters.sinceId = after;
  } else {
    const cursor = nextPageCursor(token, query, names, tokenAlone);
    filters = { ...cursor.filters };
    after = cursor.after;
  }
  const candidates = customers.filter((customer) => (after === null || BigInt(customer.id) > BigInt(after)) && matches(filters)(customer));
  const page = candidates.slice(0, limit);
  const last = page.at(-1);
  const carried = Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const links = candidates.length > limit && last !== undefined ? { next: pageUrl(search ? SEARCH_PATH : LIST_PATH, limit, { after: last.id, filters: carried }) } : {};
  return { page, links };
}

/** The parameters a POST search may carry in its body (as its query would, by GET). */
const BODY_PARAMETERS = [...SEARCH_FILTERS, 'limit', 'pageToken'] as const;

/**
 * A POST search's JSON body as the query the search reads: each parameter a string, or a
 * number for `limit`; any other key is refused at its name, as a store refuses what it does not take.
 */
export function searchQuery(body: unknown): URLSearchParams {
  if (!isJsonObject(body)) throw malformedBody('The body of a customer search must be a JSON object, such as {"email": "ada@example.com", "limit": 50}.');
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (!(BODY_PARAMETERS as readonly string[]).includes(key)) throw invalidField(key, `is not a parameter of customer search (${BODY_PARAMETERS.join(', ')})`);
    if (value === null || value === undefined) continue;
    if (typeof value === 'string') query.set(key, value);
    else if (key === 'limit' && isJsonNumber(value)) query.set(key, value.toString());
    else throw invalidField(key, 'must be a string');
  }
  return query;
}
