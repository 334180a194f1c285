// Customer requests (partners.genstore.ai "About Customer"): paths and the `customer` wrapper.
// Commands call these with domain values and never see a path. Every customer read passes
// through markWithheld (withheld.ts), so no command shows a withheld field as empty. A
// well-formed answer is checked without zod (well-formed.ts); the schemas (zod) load only for
// an answer to refuse. Search is asked by GET or POST, as the two
// copies of the docs differ (search-method.ts), and its parameters, past the readable part of
// the docs, are checked again on each customer that comes back (searchMatcher).
import { definedOnly } from '../../core/defined-only.js';
import { ApiError, UsageError } from '../../core/errors.js';
import type { RequestSpec } from '../../core/http.js';
import type { PageBound } from '../../core/paginate.js';
import { scalarText } from '../../core/json.js';
import type { Transport } from '../../core/transport.js';
import type { Customer, CustomerChange, CustomerCreate, CustomerSearch } from './schema.js';
import { markWithheld } from './withheld.js';
import { GET_FIRST, isWrongMethod, otherMethod, type SearchMethod, type SearchMethodMemory } from './search-method.js';
import { API_PREFIX, createOnce, isEmptyAnswer, keptPages, pagesOf, segment, unwrap } from '../wire.js';
import { readChecked } from '../well-formed.js';
import { isWellFormedCustomer, isWellFormedCustomerList } from './well-formed.js';

const schemas = () => import('./schema.js');

const BASE = `${API_PREFIX}/customers`;
const SEARCH_PATH = `${BASE}/search`;
/** The docs' page size of a listing that sends no limit, and the largest. */
const DEFAULT_PAGE_SIZE = 50;
export const MAX_CUSTOMER_PAGE = 250;

export interface CustomerPaging {
  limit?: number;
  sinceId?: string;
  pageToken?: string;
}

export class CustomersApi {
  /** `searchMethod`: which method search asks first, and where the one that answered is remembered. */
  constructor(
    private readonly transport: Transport,
    private readonly searchMethod: SearchMethodMemory = GET_FIRST,
  ) {}

  /** Pages of customers as they arrive; with `all`, to the end. Without, returns the next page's token. */
  async *list(paging: CustomerPaging, all: boolean, bound?: PageBound): AsyncGenerator<Customer[], string | undefined> {
    const query = { limit: paging.limit?.toString(), sinceId: paging.sinceId, pageToken: paging.pageToken };
    return yield* pagesOf(this.transport, BASE, query, readCustomers, { all, ...(bound ? { bound } : {}), defaultLimit: DEFAULT_PAGE_SIZE });
  }

  /**
   * Customers matching an email (exactly, ignoring case), a phone or part of a name, as the
   * store matches them and as searchMatcher checks them again. Asked with the method the
   * memory names first; refused with 404 or 405, once with the other, which is then remembered.
   */
  async *search(filter: CustomerSearch, paging: Omit<CustomerPaging, 'sinceId'>, all: boolean, bound?: PageBound): AsyncGenerator<Customer[], string | undefined> {
    const query = { email: filter.email, phone: filter.phone, name: filter.name, limit: paging.limit?.toString(), pageToken: paging.pageToken };
    const pagesBy = (method: SearchMethod) =>
      pagesOf(this.transport, SEARCH_PATH, query, readCustomers, { all, ...(bound ? { bound } : {}), defaultLimit: DEFAULT_PAGE_SIZE, send: searchRequest(method) });
    const first = await this.searchMethod.first();
    let pages = pagesBy(first);
    let step: IteratorResult<Customer[], string | undefined>;
    try {
      step = await pages.next();
    } catch (refused) {
      if (!(refused instanceof ApiError) || !isWrongMethod(refused.status)) throw refused;
      const other = otherMethod(first);
      pages = pagesBy(other);
      try {
        step = await pages.next();
      } catch (error) {
        // Refused both ways: the first answer is the store's word on the search.
        throw error instanceof ApiError && isWrongMethod(error.status) ? refused : error;
      }
      await this.searchMethod.found(other);
    }
    const keep = searchMatcher(filter);
    if (step.done) return step.value;
    yield step.value.filter(keep);
    return yield* keptPages(pages, keep);
  }

  /**
   * How many customers the store holds. The docs show no count endpoint for customers, so the
   * listing is read to its end in pages of 250 and counted: the digits, as every count.
   */
  async count(): Promise<string> {
    let total = 0;
    for await (const page of this.list({ limit: MAX_CUSTOMER_PAGE }, true)) total += page.length;
    return String(total);
  }

  async get(customerId: string): Promise<Customer> {
    const response = await this.transport.request({ method: 'GET', path: `${BASE}/${segment(customerId)}` });
    return readCustomer(response.body);
  }

  /**
   * Not resent once it may have reached the store: a lost answer is an UnconfirmedCreateError
   * (`customer search --email` shows whether it exists). Undefined for an answer without a body.
   */
  async create(input: CustomerCreate): Promise<Customer | undefined> {
    return createOnce(async () => {
      const response = await this.transport.request({ method: 'POST', path: BASE, body: { customer: definedOnly(input) } });
      return isEmptyAnswer(response.body) ? undefined : await readCustomer(response.body);
    }, 'The customer may have been created anyway.');
  }

  /** Sends only what changes; an answer without a body is read back. */
  async update(customerId: string, change: CustomerChange): Promise<Customer> {
    const response = await this.transport.request({ method: 'PUT', path: `${BASE}/${segment(customerId)}`, body: { customer: definedOnly(change) } });
    if (isEmptyAnswer(response.body)) return this.get(customerId);
    return readCustomer(response.body);
  }

  async delete(customerId: string): Promise<void> {
    await this.transport.request({ method: 'DELETE', path: `${BASE}/${segment(customerId)}` });
  }

  /**
   * The id of the one customer with this email (`giftcard create --customer EMAIL`). The
   * store's search matches the email; a customer whose email it shows must have this one
   * (ignoring case), one whose email is withheld is taken at the store's word. None or
   * several is a usage error: nothing is sent after it.
   */
  async idByEmail(email: string): Promise<string> {
    const found: Customer[] = [];
    for await (const page of this.search({ email }, { limit: MAX_CUSTOMER_PAGE }, true)) {
      found.push(...page.filter((customer) => customer.email === undefined || scalarText(customer.email).toLowerCase() === email.toLowerCase()));
    }
    if (found.length === 1) return scalarText(found[0]!.id);
    if (found.length === 0) throw new UsageError(`No customer has the email ${email}: check it with 'store-cli customer search --email ${email}'. Nothing was sent.`);
    throw new UsageError(`${found.length} customers have the email ${email} (ids ${found.map((customer) => scalarText(customer.id)).join(', ')}): give one with --customer-id. Nothing was sent.`);
  }
}

async function readCustomers(body: unknown): Promise<Customer[]> {
  return (await readChecked(unwrap(body, 'customers', 'list'), isWellFormedCustomerList, async () => (await schemas()).checkCustomerList)).map(markWithheld);
}

async function readCustomer(body: unknown): Promise<Customer> {
  return markWithheld(await readChecked(unwrap(body, 'customer', 'object'), isWellFormedCustomer, async () => (await schemas()).checkCustomer));
}

/**
 * One page of search by `method`: GET with the parameters in the query, or POST with them as
 * a JSON body (`limit` a number; a next page's `pageToken` and `limit` so too). Either reads
 * only, so it may be resent.
 */
function searchRequest(method: SearchMethod): (query: Record<string, string | undefined>) => RequestSpec {
  if (method === 'GET') return (query) => ({ method: 'GET', path: SEARCH_PATH, query });
  return (query) => {
    const body: Record<string, string | number> = {};
    for (const [key, value] of Object.entries(query)) if (value !== undefined) body[key] = key === 'limit' && /^\d+$/.test(value) ? Number(value) : value;
    return { method: 'POST', path: SEARCH_PATH, body, idempotent: true };
  };
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * Whether a customer the search answered matches what was asked: the email exactly ignoring
 * case, the phone by its digits (one number ending as the other, so a country code written or
 * left out does not matter), the name as part of the first, last or full name ignoring case.
 * A field the store withheld (or did not send) cannot be checked: its word stands.
 */
export function searchMatcher(filter: CustomerSearch): (customer: Customer) => boolean {
  const email = filter.email?.toLowerCase();
  const phone = filter.phone === undefined ? undefined : digitsOf(filter.phone);
  const name = filter.name?.toLowerCase();
  const text = (value: unknown) => (value === undefined || value === null ? undefined : scalarText(value));
  return (customer) => {
    const own = { email: text(customer.email), phone: text(customer.phone), first: text(customer.firstName), last: text(customer.lastName) };
    if (email !== undefined && own.email !== undefined && own.email !== '' && own.email.toLowerCase() !== email) return false;
    if (phone !== undefined && phone !== '' && own.phone !== undefined && own.phone !== '') {
      const digits = digitsOf(own.phone);
      if (!digits.endsWith(phone) && !phone.endsWith(digits)) return false;
    }
    if (name !== undefined && (own.first !== undefined || own.last !== undefined)) {
      const full = [own.first, own.last]
        .filter((part) => part !== undefined && part !== '')
        .join(' ')
        .toLowerCase();
      if (!full.includes(name)) return false;
    }
    return true;
  };
}
