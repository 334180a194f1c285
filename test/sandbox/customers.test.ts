// Customers (`/api/202412/customers`): every endpoint in both dialects, the scopes, the
// protected fields a token without the approval is not shown, and the demo customers.
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.js';
import { launchSandbox } from '../../src/sandbox/sandbox.js';
import { call, withSandbox } from './helpers.js';
import { startReceiver } from './webhook-receiver.js';

const PROTECTED = ['firstName', 'lastName', 'email', 'phone', 'addresses'];

describe.each(DIALECTS)('customers (%s dialect)', (dialect) => {
  /** A search as the dialect takes it: GET with the query in ours, POST with a JSON body in the real one (the docs' two copies). */
  const search = (sandbox: Parameters<typeof call>[0], params: Record<string, string>, options: { token?: string } = {}) =>
    dialect === 'real'
      ? call(sandbox, 'POST', '/customers/search', { ...options, body: params })
      : call(sandbox, 'GET', `/customers/search?${new URLSearchParams(params)}`, options);

  it('lists, searches, gets, creates, updates and deletes', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const list = await call(sandbox, 'GET', '/customers?limit=2');
      expect(list.status).toBe(200);
      expect(list.json.customers.map((c: { email?: string }) => c.email)).toEqual(['ada@example.com', 'grace@example.com']);
      expect(list.headers.get('link')).toContain('pageToken=');

      const byEmail = await search(sandbox, { email: 'GRACE@example.com' });
      expect(byEmail.json.customers).toHaveLength(1);
      expect(String(byEmail.json.customers[0].id)).toBe('7300000000000000215');
      const byName = await search(sandbox, { name: 'torval' });
      expect(byName.json.customers.map((c: { email?: string }) => c.email)).toEqual(['linus@example.com']);
      const byPhone = await search(sandbox, { phone: '+49305550 0477' });
      expect(byPhone.json.customers).toHaveLength(1);
      expect((await search(sandbox, {})).status).toBe(400);

      const created = await call(sandbox, 'POST', '/customers', {
        body: { customer: { firstName: 'Katherine', lastName: 'Johnson', email: 'kj@example.com', tags: ['nasa'] } },
      });
      expect(created.status).toBe(dialect === 'real' ? 201 : 200);
      const id = String(created.json.customer.id);
      expect(created.json.customer).toMatchObject({ email: 'kj@example.com', state: 'INVITED', tags: '["nasa"]', ordersCount: '0', totalSpent: '0.00' });
      const duplicate = await call(sandbox, 'POST', '/customers', { body: { customer: { email: 'KJ@example.com' } } });
      expect(duplicate.status).toBe(409);
      const empty = await call(sandbox, 'POST', '/customers', { body: { customer: { notes: 'nobody' } } });
      expect(empty.status).toBe(400);

      const updated = await call(sandbox, 'PUT', `/customers/${id}`, { body: { customer: { notes: 'Orbital mechanics', phone: '+1 555 0100' } } });
      expect(updated.status).toBe(200);
      expect(updated.json.customer).toMatchObject({ notes: 'Orbital mechanics', phone: '+1 555 0100', email: 'kj@example.com' });
      expect((await call(sandbox, 'GET', `/customers/${id}`)).json.customer.notes).toBe('Orbital mechanics');

      expect((await call(sandbox, 'DELETE', `/customers/${id}`)).status).toBe(200);
      expect((await call(sandbox, 'GET', `/customers/${id}`)).status).toBe(404);
    });
  });

  it('withholds names, emails, phones and addresses from a token without the approval, and leaves them out rather than empty', async () => {
    const tokens = [
      { token: 'approved', scopes: ['read_customers', 'write_customers', 'read_customer_protected_data'] as const },
      { token: 'plain', scopes: ['read_customers', 'write_customers'] as const },
      { token: 'products', scopes: ['read_products'] as const },
    ];
    await withSandbox({ seed: 'demo', dialect, tokens: tokens.map((t) => ({ token: t.token, scopes: [...t.scopes] })) }, async (sandbox) => {
      const approved = await call(sandbox, 'GET', '/customers/7300000000000000101', { token: 'approved' });
      expect(approved.json.customer.email).toBe('ada@example.com');
      const plain = await call(sandbox, 'GET', '/customers/7300000000000000101', { token: 'plain' });
      expect(plain.status).toBe(200);
      for (const field of PROTECTED) expect(plain.json.customer).not.toHaveProperty(field);
      expect(plain.json.customer).toMatchObject({ state: 'ENABLED', totalSpent: '842.50' });
      const found = await search(sandbox, { email: 'ada@example.com' }, { token: 'plain' });
      expect(found.json.customers).toHaveLength(1);
      expect(found.json.customers[0]).not.toHaveProperty('email');
      const created = await call(sandbox, 'POST', '/customers', { token: 'plain', body: { customer: { email: 'new@example.com' } } });
      expect(created.json.customer).not.toHaveProperty('email');
      expect((await call(sandbox, 'GET', '/customers', { token: 'products' })).status).toBe(403);
      const scopes = await call(sandbox, 'GET', '/oauth2/access_scopes', { token: 'approved' });
      expect(scopes.json.accessScopes).toContain('read_customer_protected_data');
    });
  });
});

describe('customer webhooks', () => {
  it('emits customers/create, customers/update and customers/delete (a deletion names the id), in order', async () => {
    const hooks = await startReceiver();
    const sandbox = await launchSandbox({ seed: 'none', webhooks: { urls: [hooks.url], secret: 'customer-secret' } }, { webhookBackoffMs: 2 });
    try {
      const created = await call(sandbox, 'POST', '/customers', { body: { customer: { email: 'hook@example.com' } } });
      const id = String(created.json.customer.id);
      await call(sandbox, 'PUT', `/customers/${id}`, { body: { customer: { notes: 'changed' } } });
      await call(sandbox, 'DELETE', `/customers/${id}`);
      await hooks.until((received) => received.length === 3);
      expect(hooks.received.map((delivery) => delivery.topic)).toEqual(['customers/create', 'customers/update', 'customers/delete']);
      expect(hooks.received[0]?.json).toMatchObject({ id, email: 'hook@example.com' });
      expect(hooks.received[1]?.json.notes).toBe('changed');
      expect(hooks.received[2]?.json).toEqual({ id });
    } finally {
      await sandbox.close();
      await hooks.close();
    }
  });
});

describe('customer search: one method a dialect', () => {
  it('ours answers GET and refuses POST (405, Allow: GET); the real one answers POST with a JSON body and refuses GET (405, Allow: POST)', async () => {
    await withSandbox({ seed: 'demo' }, async (sandbox) => {
      const post = await call(sandbox, 'POST', '/customers/search', { body: { email: 'ada@example.com' } });
      expect(post.status).toBe(405);
      expect(post.headers.get('allow')).toBe('GET');
    });
    await withSandbox({ seed: 'demo', dialect: 'real' }, async (sandbox) => {
      const get = await call(sandbox, 'GET', '/customers/search?email=ada%40example.com');
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST');
      expect(get.json).toEqual({ error: expect.stringContaining('POST') });
      const first = await call(sandbox, 'POST', '/customers/search', { body: { name: 'e', limit: 1 } });
      expect(first.status).toBe(200);
      expect(first.json.customers).toHaveLength(1);
      const next = new URL(/< (\S+) >; rel=next/.exec(first.headers.get('link') ?? '')![1]!);
      // The next page by its token and limit in the body, as the first page's parameters went.
      const second = await call(sandbox, 'POST', '/customers/search', { body: { pageToken: next.searchParams.get('pageToken'), limit: 1 } });
      expect(second.status).toBe(200);
      expect(second.json.customers[0].id).not.toEqual(first.json.customers[0].id);
      const unknown = await call(sandbox, 'POST', '/customers/search', { body: { email: 'ada@example.com', sort: 'name' } });
      expect(unknown.status).toBe(400);
      expect(unknown.json.error).toContain('sort');
      expect((await call(sandbox, 'POST', '/customers/search', { rawBody: '[]' })).status).toBe(400);
    });
  });
});
