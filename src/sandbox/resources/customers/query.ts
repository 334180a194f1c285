// Listing and searching customers: pages by id like every listing of the sandbox; the token
// carries the filters (the real dialect wants it alone). Search matches an email exactly
// (ignoring case), a phone by its digits, a name by part of the first, last or full name.
import { isJsonNumber, isJsonObject } from '../../http/body-json.js';
import { invalidField, malformedBody } from '../../http/sandbox-errors.js';
import { byId, listPage, type ListFilter, type Page } from '../pagination.js';
import { contactKey, type CustomerRecord } from './record.js';

export const LIST_PATH = '/api/202412/customers';
export const SEARCH_PATH = '/api/202412/customers/search';

export const SEARCH_FILTERS = ['email', 'phone', 'name'] as const;

const notEmpty = (raw: string, field: string): string => {
  if (raw.trim() === '') throw invalidField(field, 'must not be empty');
  return raw;
};

const SEARCH: readonly ListFilter<CustomerRecord>[] = [
  { name: 'email', check: notEmpty, keep: (customer, email) => customer.email !== undefined && contactKey.email(customer.email) === contactKey.email(email) },
  { name: 'phone', check: notEmpty, keep: (customer, phone) => customer.phone !== undefined && contactKey.phone(customer.phone) === contactKey.phone(phone) },
  {
    name: 'name',
    check: notEmpty,
    keep(customer, name) {
      const wanted = name.trim().toLowerCase();
      const names = [customer.firstName, customer.lastName, [customer.firstName, customer.lastName].filter(Boolean).join(' ')];
      return names.some((candidate) => candidate !== undefined && candidate.toLowerCase().includes(wanted));
    },
  },
];

/**
 * One page of `customers` (ascending by id) and the links around it. `search`: the search
 * route, which needs one filter at least (a search for nothing is a listing).
 */
export function customerPage(customers: readonly CustomerRecord[], query: URLSearchParams, tokenAlone: boolean, search: boolean): Page<CustomerRecord> {
  const given = SEARCH_FILTERS.filter((name) => query.has(name));
  if (!search && given.length > 0) throw invalidField(given[0]!, 'is a filter of /customers/search, not of the listing');
  if (search && given.length === 0 && !query.has('pageToken')) throw invalidField('query', `needs at least one of ${SEARCH_FILTERS.join(', ')}`);
  const listing = {
    path: search ? SEARCH_PATH : LIST_PATH,
    order: byId((customer: CustomerRecord) => customer.id),
    sinceId: true,
    filters: search ? SEARCH : [],
  };
  return listPage(customers, query, listing, tokenAlone);
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
