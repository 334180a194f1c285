// Customers (`/customers`, partners.genstore.ai "About Customer"): list, search (GET in our
// dialect, POST in the real one: the docs' two copies differ), get, create, update and
// delete, with the scopes they require, protected fields withheld from a token
// without the approval (http/protected-fields.ts), and customers/create|update|delete webhooks.
// The record is in record.ts, the wire form in present.ts, request bodies in input.ts, listing
// and search in query.ts, the seed section and demo customers in seed.ts.
import * as z from 'zod';
import type { ScopeRequirement } from '../../http/scopes.js';
import { JsonInteger } from '../../http/body-json.js';
import { conflict, notFound } from '../../http/sandbox-errors.js';
import { formatTimestamp } from '../dates.js';
import { canonicalId, compareIds } from '../../state/ids.js';
import type { Resource, ResourceEnv, Route, RouteReply, RouteRequest } from '../resource.js';
import { CUSTOMER_TOPICS } from '../webhook-subscriptions/topics.js';
import { readCustomerInput, type CustomerInput } from './input.js';
import { present } from './present.js';
import { customerPage, searchQuery } from './query.js';
import { changeSchema, customerRecordSchema, emailKey, KEY, phoneKey, type CustomerRecord } from './record.js';

/** The scopes its routes require, in the order a token's grant lists them. */
export const SCOPES = ['read_customers', 'write_customers'] as const;

/** A write token reads too, as the docs say of write_orders ("Read-write"). */
const READ: ScopeRequirement = ['read_customers', 'write_customers'];
const WRITE: ScopeRequirement = 'write_customers';

export function createCustomerResource(env: ResourceEnv): Resource {
  const time = (stored: string) => env.dialect.time(stored);
  /** Ascending by id (ids only grow, so new customers are appended). */
  let customers: CustomerRecord[] = [];

  function find(rawId: string | undefined): CustomerRecord {
    const id = rawId === undefined ? null : canonicalId(rawId);
    const found = id === null ? undefined : customers.find((customer) => customer.id === id);
    if (found === undefined) throw notFound(`No customer has the id ${String(rawId).slice(0, 40)}.`);
    return found;
  }

  /** Emails and phones are unique in a store (help.genstore.ai "Customer account"). */
  function refuseTaken(customer: CustomerRecord): void {
    for (const other of customers) {
      if (other.id === customer.id) continue;
      if (customer.email !== undefined && other.email !== undefined && emailKey(other.email) === emailKey(customer.email)) {
        throw conflict('Another customer has this email address.', [{ field: 'customer.email', message: 'is used by another customer (emails are unique ignoring case)' }]);
      }
      if (customer.phone !== undefined && other.phone !== undefined && phoneKey(other.phone) === phoneKey(customer.phone)) {
        throw conflict('Another customer has this phone number.', [{ field: 'customer.phone', message: 'is used by another customer' }]);
      }
    }
  }

  function put(record: CustomerRecord): void {
    const index = customers.findIndex((existing) => existing.id === record.id);
    if (index === -1) customers.push(record);
    else customers[index] = record;
    customers.sort((a, b) => compareIds(a.id, b.id));
    env.ids.observe(record.id);
  }

  /** The request's changes over `base`: text cleared by null, addresses given new ids. */
  function merged(base: CustomerRecord, input: CustomerInput, stamp: string): CustomerRecord {
    const next: CustomerRecord = { ...base, updateTime: stamp };
    for (const [name, value] of Object.entries(input.text) as Array<[keyof CustomerInput['text'], string | null]>) {
      if (value === null) delete next[name];
      else next[name] = value;
    }
    if (input.tags !== undefined) next.tags = input.tags;
    if (input.taxExempt !== undefined) next.taxExempt = input.taxExempt;
    if (input.addresses !== undefined) next.addresses = input.addresses.map((address) => ({ id: env.ids.next(), ...address }));
    return next;
  }

  function announce(topic: string, customer: CustomerRecord, at: Date): void {
    env.emit({ topic, key: customer.id, payload: present(customer, time, {}), at });
  }

  function create(request: RouteRequest): RouteReply {
    const input = readCustomerInput(request.body, true);
    const stamp = formatTimestamp(request.now);
    const blank: CustomerRecord = {
      id: env.ids.next(),
      state: 'INVITED',
      verifiedEmail: false,
      taxExempt: false,
      tags: [],
      addresses: [],
      ordersCount: 0,
      totalSpent: '0.00',
      createTime: stamp,
      updateTime: stamp,
    };
    const record = merged(blank, input, stamp);
    refuseTaken(record);
    put(record);
    env.changed(KEY, { put: record });
    announce(CUSTOMER_TOPICS.create, record, request.now);
    return { body: { customer: present(record, time, request) }, created: true };
  }

  function update(request: RouteRequest): RouteReply {
    const existing = find(request.params.id);
    const record = merged(existing, readCustomerInput(request.body, false), formatTimestamp(request.now));
    if (!['firstName', 'lastName', 'email', 'phone'].some((name) => record[name as keyof CustomerRecord] !== undefined)) {
      throw conflict('A customer keeps at least one of first name, last name, email and phone.', [{ field: 'customer', message: 'would clear every contact field' }]);
    }
    refuseTaken(record);
    put(record);
    env.changed(KEY, { put: record });
    announce(CUSTOMER_TOPICS.update, record, request.now);
    return { body: { customer: present(record, time, request) } };
  }

  function remove(request: RouteRequest): RouteReply {
    const { id } = find(request.params.id);
    customers = customers.filter((customer) => customer.id !== id);
    env.changed(KEY, { remove: id });
    env.emit({ topic: CUSTOMER_TOPICS.delete, key: id, payload: { id: new JsonInteger(id) }, at: request.now });
    return { body: {} };
  }

  function listing(search: boolean) {
    return (request: RouteRequest): RouteReply => {
      const { page, links } = customerPage(customers, request.query, env.dialect.pageTokenAlone, search);
      return { body: { customers: page.map((customer) => present(customer, time, request)) }, links };
    };
  }

  /** Search by POST (the real dialect): the parameters come as a JSON body, a next page's token and limit so too. */
  function searchByBody(request: RouteRequest): RouteReply {
    return listing(true)({ ...request, query: searchQuery(request.body) });
  }

  const routes: Route[] = [
    { method: 'POST', path: '/customers', scope: WRITE, handle: create },
    { method: 'GET', path: '/customers', scope: READ, handle: listing(false) },
    // One method a dialect: the other is answered 405 with an Allow header (the router's).
    env.dialect.customerSearch === 'GET'
      ? { method: 'GET', path: '/customers/search', scope: READ, handle: listing(true) }
      : { method: 'POST', path: '/customers/search', scope: READ, handle: searchByBody },
    { method: 'GET', path: '/customers/:id', scope: READ, handle: (request) => ({ body: { customer: present(find(request.params.id), time, request) } }) },
    { method: 'PUT', path: '/customers/:id', scope: WRITE, handle: update },
    { method: 'DELETE', path: '/customers/:id', scope: WRITE, handle: remove },
  ];

  function replaceAll(records: CustomerRecord[]): void {
    customers = [];
    for (const record of records) {
      if (customers.some((existing) => existing.id === record.id)) throw new Error(`customer id ${record.id} appears twice`);
      put(record);
    }
  }

  return {
    key: KEY,
    routes,
    load(section) {
      replaceAll(z.array(customerRecordSchema).parse(section ?? []));
    },
    dump() {
      return customers;
    },
    apply(change) {
      const parsed = changeSchema.parse(change);
      if ('put' in parsed) put(parsed.put);
      else customers = customers.filter((customer) => customer.id !== parsed.remove);
    },
    seed(section: CustomerRecord[]) {
      replaceAll(structuredClone(section));
    },
    snapshot() {
      return customers.map((customer) => structuredClone(customer));
    },
  };
}
