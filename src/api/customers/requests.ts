// Customer requests (partners.genstore.ai "About Customer"): paths and the `customer` wrapper.
// Commands call these with domain values and never see a path. Every customer read passes
// through markWithheld (withheld.ts), so no command shows a withheld field as empty. The
// schemas (zod) load only when an answer is read.
import { definedOnly } from '../../core/defined-only.js';
import { UsageError } from '../../core/errors.js';
import type { PageBound } from '../../core/paginate.js';
import { scalarText } from '../../core/json.js';
import type { Transport } from '../../core/transport.js';
import type { Customer, CustomerChange, CustomerCreate, CustomerSearch } from './schema.js';
import { markWithheld } from './withheld.js';
import { API_PREFIX, createOnce, isEmptyAnswer, pagesOf, segment, unwrap } from '../wire.js';

const schemas = () => import('./schema.js');

const BASE = `${API_PREFIX}/customers`;
/** The docs' page size of a listing that sends no limit, and the largest. */
const DEFAULT_PAGE_SIZE = 50;
export const MAX_CUSTOMER_PAGE = 250;

export interface CustomerPaging {
  limit?: number;
  sinceId?: string;
  pageToken?: string;
}

export class CustomersApi {
  constructor(private readonly transport: Transport) {}

  /** Pages of customers as they arrive; with `all`, to the end. Without, returns the next page's token. */
  async *list(paging: CustomerPaging, all: boolean, bound?: PageBound): AsyncGenerator<Customer[], string | undefined> {
    const query = { limit: paging.limit?.toString(), sinceId: paging.sinceId, pageToken: paging.pageToken };
    return yield* pagesOf(this.transport, BASE, query, readCustomers, { all, ...(bound ? { bound } : {}), defaultLimit: DEFAULT_PAGE_SIZE });
  }

  /** Customers matching an email (exactly, ignoring case), a phone or part of a name, as the store matches them. */
  async *search(filter: CustomerSearch, paging: Omit<CustomerPaging, 'sinceId'>, all: boolean, bound?: PageBound): AsyncGenerator<Customer[], string | undefined> {
    const query = { email: filter.email, phone: filter.phone, name: filter.name, limit: paging.limit?.toString(), pageToken: paging.pageToken };
    return yield* pagesOf(this.transport, `${BASE}/search`, query, readCustomers, { all, ...(bound ? { bound } : {}), defaultLimit: DEFAULT_PAGE_SIZE });
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
  const { checkCustomerList } = await schemas();
  return checkCustomerList(unwrap(body, 'customers', 'list')).map(markWithheld);
}

async function readCustomer(body: unknown): Promise<Customer> {
  const { checkCustomer } = await schemas();
  return markWithheld(checkCustomer(unwrap(body, 'customer', 'object')));
}
