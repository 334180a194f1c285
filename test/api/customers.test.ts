// The customers module against a FakeTransport: what it sends, how it reads the docs' sample,
// and how it marks protected fields the store withheld.
import { describe, expect, it } from 'vitest';
import { CustomersApi } from '../../src/api/customers/requests.js';
import { markWithheld } from '../../src/api/customers/withheld.js';
import { heldCustomer, sameField } from '../../src/api/customers/writable.js';
import { UsageError } from '../../src/core/errors.js';
import { toJson } from '../../src/core/json.js';
import { DOCS_CUSTOMER } from '../helpers/customer-sample.js';
import { FakeTransport } from '../helpers/fake-transport.js';

const DOCS_SAMPLE = `{"customer": ${DOCS_CUSTOMER}}`;

describe('CustomersApi', () => {
  it('reads the docs sample as sent: every field kept, in its order, no withheld list (a last name came)', async () => {
    const transport = new FakeTransport([{ body: DOCS_SAMPLE }]);
    const customer = await new CustomersApi(transport).get('201462124');
    expect(transport.requests[0]).toMatchObject({ method: 'GET', path: '/api/202412/customers/201462124' });
    expect(customer.withheld).toBeUndefined();
    expect(customer.lastName).toBe('li');
    expect(customer.tags).toBe('[ "xinsheng", "human" ]');
    expect(Object.keys(customer)[0]).toBe('lastName');
    expect(JSON.parse(toJson(customer))).toEqual(JSON.parse(DOCS_SAMPLE).customer);
  });

  it('marks a customer without any contact field as withheld, leaving out the blank stand-ins', () => {
    const marked = markWithheld({ id: '1', firstName: null, email: '', state: 'ENABLED', addresses: [] });
    expect(marked).toEqual({ id: '1', state: 'ENABLED', withheld: ['firstName', 'lastName', 'email', 'phone', 'addresses'] });
    expect(markWithheld({ id: '2', phone: '+1 555 0100' })).toEqual({ id: '2', phone: '+1 555 0100' });
  });

  it('lists and searches with the filters as query parameters, page by page', async () => {
    const transport = new FakeTransport([
      {
        body: '{"customers":[{"id":"1","email":"a@example.com"}]}',
        headers: { link: '<https://s.example/api/202412/customers/search?pageToken=t2&limit=1>; rel="next"' },
      },
      { body: '{"customers":[{"id":"2","state":"ENABLED"}]}' },
    ]);
    const pages: unknown[][] = [];
    for await (const page of new CustomersApi(transport).search({ email: 'a@example.com' }, { limit: 1 }, true)) pages.push(page);
    expect(transport.requests.map((r) => r.query)).toEqual([
      { email: 'a@example.com', phone: undefined, name: undefined, limit: '1', pageToken: undefined },
      { pageToken: 't2', limit: '1' },
    ]);
    expect(pages[1]).toEqual([{ id: '2', state: 'ENABLED', withheld: ['firstName', 'lastName', 'email', 'phone', 'addresses'] }]);
  });

  it("a search parameter the store ignores cannot widen the answer: each customer is checked against it, a withheld field taken at the store's word", async () => {
    // A store that ignores every search parameter: all four customers, whatever was asked.
    const every = JSON.stringify({
      customers: [
        { id: '1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0101' },
        { id: '2', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', phone: '+1 (212) 555-0215' },
        { id: '3', firstName: 'Linus', lastName: 'Torvalds', email: 'linus@example.com' },
        { id: '4', firstName: null, lastName: null, email: null, phone: null },
      ],
    });
    const found = async (filter: Parameters<CustomersApi['search']>[0]) => {
      const ids: unknown[] = [];
      for await (const page of new CustomersApi(new FakeTransport([{ body: every }])).search(filter, {}, true)) ids.push(...page.map((c) => c.id));
      return ids;
    };
    expect(await found({ email: 'GRACE@example.com' })).toEqual(['2', '4']);
    expect(await found({ phone: '212 555 0215' })).toEqual(['2', '3', '4']);
    expect(await found({ name: 'ada love' })).toEqual(['1', '4']);
    expect(await found({ name: 'hopper', email: 'ada@example.com' })).toEqual(['4']);
  });

  it('counts by reading the listing to its end in pages of 250', async () => {
    const transport = new FakeTransport([
      { body: '{"customers":[{"id":"1"},{"id":"2"}]}', headers: { link: '<https://s.example/api/202412/customers?pageToken=n&limit=250>; rel="next"' } },
      { body: '{"customers":[{"id":"3"}]}' },
    ]);
    expect(await new CustomersApi(transport).count()).toBe('3');
    expect(transport.requests[0]).toMatchObject({ path: '/api/202412/customers', query: { limit: '250' } });
  });

  it('creates, updates and deletes under the customer wrapper, sending only the fields given', async () => {
    const transport = new FakeTransport([
      { body: '{"customer":{"id":"9","email":"k@example.com"}}', status: 201 },
      { body: '' },
      { body: '{"customer":{"id":"9","notes":"n"}}' },
      { body: '' },
    ]);
    const api = new CustomersApi(transport);
    expect(await api.create({ email: 'k@example.com', firstName: undefined })).toEqual({ id: '9', email: 'k@example.com' });
    await api.update('9', { notes: 'n' });
    await api.delete('9');
    expect(transport.requests.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body ?? null)}`)).toEqual([
      'POST /api/202412/customers {"customer":{"email":"k@example.com"}}',
      'PUT /api/202412/customers/9 {"customer":{"notes":"n"}}',
      'GET /api/202412/customers/9 null',
      'DELETE /api/202412/customers/9 null',
    ]);
  });

  it('finds the one id of an email, and refuses none or several in a sentence', async () => {
    const one = new FakeTransport([{ body: '{"customers":[{"id":"7300000000000000101","email":"ADA@example.com"}]}' }]);
    expect(await new CustomersApi(one).idByEmail('ada@example.com')).toBe('7300000000000000101');
    const none = new FakeTransport([{ body: '{"customers":[]}' }]);
    await expect(new CustomersApi(none).idByEmail('x@example.com')).rejects.toThrow(UsageError);
    const two = new FakeTransport([{ body: '{"customers":[{"id":"1"},{"id":"2"}]}' }]);
    await expect(new CustomersApi(two).idByEmail('x@example.com')).rejects.toThrow('2 customers have the email x@example.com (ids 1, 2)');
  });

  it('reads the docs sample\'s writable fields in one form (tags from their JSON text, taxExempt from "true", an address without its id)', async () => {
    const customer = await new CustomersApi(new FakeTransport([{ body: DOCS_SAMPLE }])).get('201462124');
    expect(heldCustomer(customer)).toEqual({
      id: '201462124',
      fields: {
        lastName: 'li',
        notes: 'this is new customer',
        tags: ['xinsheng', 'human'],
        taxExempt: true,
        addresses: [
          {
            firstName: 'heihei',
            lastName: 'du',
            address1: '上海嘉定',
            address2: '上海闵行',
            city: '上海',
            provinceCode: 'SH',
            countryCode: 'CN',
            zip: '23456',
            phone: '2345653464',
            company: '公司地址',
          },
        ],
      },
      withheld: [],
    });
    // The default address first, whatever place the store lists it in; tags compared as a set.
    const listed = heldCustomer({
      id: '1',
      tags: ['b', 'a'],
      addresses: [
        { city: 'Lyon', isDefaultAddress: 'false' },
        { city: 'Paris', isDefaultAddress: true },
      ],
    });
    expect(listed.fields.addresses).toEqual([{ city: 'Paris' }, { city: 'Lyon' }]);
    expect(sameField('tags', listed.fields, { tags: ['a', 'b'], addresses: [] })).toBe(true);
    expect(heldCustomer(markWithheld({ id: '2', notes: 'n' })).withheld).toEqual(['firstName', 'lastName', 'email', 'phone', 'addresses']);
  });

  it("a bulk run's create carries addresses and is sent once: the transport never resends it (the import looks first)", async () => {
    const transport = new FakeTransport([{ body: '{"customer":{"id":"9","email":"k@example.com"}}' }]);
    await new CustomersApi(transport).createWith({ email: 'k@example.com', tags: ['vip'], addresses: [{ city: 'Paris' }] });
    expect(transport.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/202412/customers',
      body: { customer: { email: 'k@example.com', tags: ['vip'], addresses: [{ city: 'Paris' }] } },
      once: true,
    });
  });
});
