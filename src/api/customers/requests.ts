// Customer requests beyond the declaration (declaration.ts): search, asked by GET or POST as the
// two copies of the docs differ (search-method.ts), its parameters, past the readable part of
// the docs, checked again on each customer that comes back (searchMatcher); and the one id of
// an email. Commands call these with domain values and never see a path.
import { ApiError, UsageError } from '../../core/errors.js';
import type { RequestSpec } from '../../core/http.js';
import type { PageBound } from '../../core/paginate.js';
import { scalarText } from '../../core/json.js';
import type { Transport } from '../../core/transport.js';
import { RestApi, type PageQuery } from '../rest-resource.js';
import { CUSTOMER_PAGING, customers, type Customer, type CustomerSearch } from './declaration.js';
import type { CustomerWrite } from './writable.js';
import { GET_FIRST, isWrongMethod, otherMethod, type SearchMethod, type SearchMethodMemory } from './search-method.js';
import { API_PREFIX, keptPages, pagesOf } from '../wire.js';

const SEARCH_PATH = `${API_PREFIX}${customers.path}/search`;
/** The docs' page size of a listing that sends no limit, and the largest: as the declaration pages. */
const { defaultLimit: DEFAULT_PAGE_SIZE, max: MAX_CUSTOMER_PAGE } = CUSTOMER_PAGING;

export class CustomersApi extends RestApi<typeof customers> {
  /** `searchMethod`: which method search asks first, and where the one that answered is remembered. */
  constructor(
    transport: Transport,
    private readonly searchMethod: SearchMethodMemory = GET_FIRST,
  ) {
    super(transport, customers);
  }

  /**
   * Customers matching an email (exactly, ignoring case), a phone or part of a name, as the
   * store matches them and as searchMatcher checks them again. Asked with the method the
   * memory names first; refused with 404 or 405, once with the other, which is then remembered.
   */
  async *search(filter: CustomerSearch, paging: Omit<PageQuery, 'sinceId'>, all: boolean, bound?: PageBound): AsyncGenerator<Customer[], string | undefined> {
    const query = { email: filter.email, phone: filter.phone, name: filter.name, limit: paging.limit?.toString(), pageToken: paging.pageToken };
    const pagesBy = (method: SearchMethod) =>
      pagesOf(this.transport, SEARCH_PATH, query, (body) => this.readList(body), {
        all,
        ...(bound ? { bound } : {}),
        defaultLimit: DEFAULT_PAGE_SIZE,
        send: searchRequest(method),
      });
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

  /** Every customer, in pages of the largest size (ascending ids), from after `sinceId` when given. */
  everyCustomer(sinceId?: string): AsyncGenerator<Customer[], string | undefined> {
    return this.pages({ limit: MAX_CUSTOMER_PAGE, ...(sinceId === undefined ? {} : { sinceId }) }, true);
  }

  /** The customers a search by email or phone finds (every page), each checked again (searchMatcher). */
  async find(filter: Pick<CustomerSearch, 'email' | 'phone'>): Promise<Customer[]> {
    const found: Customer[] = [];
    for await (const page of this.search(filter, { limit: MAX_CUSTOMER_PAGE }, true)) found.push(...page);
    return found;
  }

  /**
   * A create of a bulk run (customer import): its addresses too, and never resent by the
   * transport once it may have reached the store, as the import looks the customer up by its
   * email or phone before it sends it again (a lost answer is an UnconfirmedCreateError).
   */
  createWith(input: CustomerWrite): Promise<Customer | undefined> {
    return this.create(input, { once: true });
  }

  /** A change of a bulk run (customer import, its undo): the fields given, addresses included (the whole list). */
  updateWith(id: string, change: CustomerWrite): Promise<Customer | undefined> {
    return this.update(id, change);
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
    if (found.length === 0)
      throw new UsageError(`No customer has the email ${email}: check it with 'store-cli customer search --email ${email}'. Nothing was sent.`);
    throw new UsageError(
      `${found.length} customers have the email ${email} (ids ` +
        `${found.map((customer) => scalarText(customer.id)).join(', ')}): give one with --customer-id. Nothing was sent.`,
    );
  }
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
