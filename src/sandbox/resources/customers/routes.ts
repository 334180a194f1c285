// Customers (`/customers`, partners.genstore.ai "About Customer"): the table (record.ts) with
// what it cannot say: emails and phones unique in the store, a contact field kept, addresses
// given ids, protected fields withheld from a token without the approval
// (http/protected-fields.ts), customers/create|update|delete webhooks, and the listing and
// search (query.ts: search is GET in our dialect, POST in the real one, as the docs' two copies differ).
import { JsonInteger } from '../../http/body-json.js';
import { withholdProtected } from '../../http/protected-fields.js';
import { conflict, invalidField } from '../../http/sandbox-errors.js';
import type { TableResource } from '../record-table.js';
import type { ResourceEnv, Route, RouteReply, RouteRequest } from '../resource.js';
import { CUSTOMER_TOPICS } from '../webhook-subscriptions/topics.js';
import { customerPage, searchQuery } from './query.js';
import { CONTACT_FIELDS, contactKey, customerTable, type CustomerRecord } from './record.js';

export { SCOPES } from './record.js';

/** The fields only a token approved for protected data reads (the docs' list: name, email, phone, address). */
const PROTECTED_CUSTOMER_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'addresses'] as const;

export function createCustomerResource(env: ResourceEnv): TableResource<CustomerRecord> {
  /** The other customer with the same email or phone, refused (help.genstore.ai "Customer account"). */
  function refuseTaken(customer: CustomerRecord): void {
    for (const field of ['email', 'phone'] as const) {
      const value = customer[field];
      if (value === undefined) continue;
      const key = contactKey[field](value);
      if (table.all().some((other) => other.id !== customer.id && other[field] !== undefined && contactKey[field](other[field]) === key)) {
        const [what, message] =
          field === 'email'
            ? ['email address', 'is used by another customer (emails are unique ignoring case)']
            : ['phone number', 'is used by another customer'];
        throw conflict(`Another customer has this ${what}.`, [{ field: `customer.${field}`, message }]);
      }
    }
  }

  const announce = (topic: string) => (customer: CustomerRecord, _: unknown, request: RouteRequest) =>
    env.emit({ topic, key: customer.id, payload: () => table.present(customer), at: request.now });

  const table = customerTable.resource(env, {
    present: (shown, _, request) => withholdProtected(shown, PROTECTED_CUSTOMER_FIELDS, request),
    beforeSave(customer, existing) {
      if (CONTACT_FIELDS.every((field) => customer[field] === undefined)) {
        if (existing === undefined) throw invalidField('customer', 'needs at least one of firstName, lastName, email and phone');
        throw conflict('A customer keeps at least one of first name, last name, email and phone.', [
          { field: 'customer', message: 'would clear every contact field' },
        ]);
      }
      refuseTaken(customer);
      return { ...customer, addresses: customer.addresses.map((address) => (address.id === '' ? { ...address, id: env.ids.next() } : address)) };
    },
    saved: (customer, existing, request) => announce(existing === undefined ? CUSTOMER_TOPICS.create : CUSTOMER_TOPICS.update)(customer, existing, request),
    removed: ({ id }, request) => env.emit({ topic: CUSTOMER_TOPICS.delete, key: id, payload: () => ({ id: new JsonInteger(id) }), at: request.now }),
  });

  function listing(search: boolean) {
    return (request: RouteRequest): RouteReply => {
      const { page, links } = customerPage(table.all(), request.query, env.dialect.pageTokenAlone, search);
      return { body: { customers: page.map((customer) => table.present(customer, request)) }, links };
    };
  }

  // An order made through the API names its buyer by id or email (resources/lookups.ts).
  const found = (customer: CustomerRecord | undefined) =>
    customer === undefined ? undefined : { id: customer.id, ...(customer.email === undefined ? {} : { email: customer.email }) };
  env.lookups.lendCustomers({
    byId: (id) => found(table.get(id)),
    byEmail: (email) => found(table.all().find((customer) => customer.email !== undefined && contactKey.email(customer.email) === contactKey.email(email))),
  });

  const READ = customerTable.scopes.read;
  const routes: Route[] = [
    { method: 'GET', path: '/customers', scope: READ, handle: listing(false) },
    // One method a dialect: the other is answered 405 with an Allow header (the router's).
    env.dialect.customerSearch === 'GET'
      ? { method: 'GET', path: '/customers/search', scope: READ, handle: listing(true) }
      : { method: 'POST', path: '/customers/search', scope: READ, handle: (request) => listing(true)({ ...request, query: searchQuery(request.body) }) },
  ];
  return { ...table, routes: [...table.routes.slice(0, 1), ...routes, ...table.routes.slice(1)] };
}
