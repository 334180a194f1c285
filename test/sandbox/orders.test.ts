import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/scratch.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { launchSandbox } from '../../src/sandbox/sandbox.js';
import { call, withSandbox } from './helpers.js';
import { startReceiver } from './webhook-receiver.js';

// Orders: the demo set (dated relative to the sandbox's clock), filters, pages, the 60-day
// window of a token without read_all_orders, cancel and update, and their webhooks.

const NOW = new Date('2026-11-20T12:00:00.000Z');
const OLD = '6000000000000000101'; // 120 days old: outside the window
const RECENT = '6000000000000000131'; // 30 days old
const narrow = 'narrow';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({
    seed: 'demo',
    now: () => NOW,
    tokens: [
      { token: 'all', scopes: ['read_orders', 'write_orders', 'read_all_orders', 'read_customer_protected_data'] },
      { token: 'approved', scopes: ['read_orders', 'read_customer_protected_data'] },
      { token: narrow, scopes: ['read_orders', 'write_orders'] },
      { token: 'none', scopes: ['read_products'] },
    ],
  });
});

afterAll(async () => {
  await sandbox.close();
});

const ids = (reply: { json: any }) => (reply.json.orders as Array<{ id: string }>).map((order) => order.id);

describe('orders of the demo set', () => {
  it('dates demo orders relative to the clock, some beyond 60 days, with totals that add up', async () => {
    const reply = await call(sandbox, 'GET', '/orders', { token: 'all' });
    expect(reply.status).toBe(200);
    expect(reply.json.orders).toHaveLength(8);
    const old = reply.json.orders[0];
    expect(old).toMatchObject({
      id: OLD,
      name: '#1001',
      createTime: '2026-07-23T12:00:00Z',
      subtotalPrice: '66.50',
      totalPrice: '76.78',
      email: 'ada@example.com',
    });
    expect(old.lineItems[0]).toMatchObject({ title: 'Organic Cotton T-Shirt - White / S', quantity: 2, price: '24.00' });
  });

  it('filters by state, payment, fulfilment, time and customer (id or email, ignoring case)', async () => {
    expect(ids(await call(sandbox, 'GET', '/orders?status=cancelled', { token: 'all' }))).toEqual(['6000000000000000121']);
    expect(ids(await call(sandbox, 'GET', '/orders?financialStatus=paid&fulfillmentStatus=unfulfilled', { token: 'all' }))).toEqual([
      '6000000000000000141',
      '6000000000000000161',
    ]);
    expect(ids(await call(sandbox, 'GET', '/orders?createTimeMin=2026-11-01T00:00:00Z&createTimeMax=2026-11-18T23:59:59Z', { token: 'all' }))).toEqual([
      '6000000000000000141',
      '6000000000000000151',
    ]);
    expect(ids(await call(sandbox, 'GET', '/orders?email=GRACE@example.com', { token: 'all' }))).toEqual([
      '6000000000000000111',
      '6000000000000000141',
      '6000000000000000171',
    ]);
    expect(ids(await call(sandbox, 'GET', '/orders?customerId=7300000000000000342', { token: 'all' }))).toEqual(['6000000000000000121', '6000000000000000151']);
    expect((await call(sandbox, 'GET', '/orders/count?status=open', { token: 'all' })).json).toEqual({ count: '6' });
  });

  it('pages by token, the filters carried', async () => {
    const first = await call(sandbox, 'GET', '/orders?limit=2&email=ada@example.com', { token: 'all' });
    expect(ids(first)).toEqual([OLD, RECENT]);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')![1]!;
    const second = await call(sandbox, 'GET', next, { token: 'all' });
    expect(ids(second)).toEqual(['6000000000000000161']);
    expect(second.headers.get('link')).toBeNull();
  });

  it('refuses a bad filter by its name', async () => {
    const reply = await call(sandbox, 'GET', '/orders?financialStatus=maybe', { token: 'all' });
    expect(reply.status).toBe(400);
    expect(reply.json.errors[0].field).toBe('financialStatus');
  });
});

describe('the 60-day window', () => {
  it('hides older orders from listings, counts and reads of a token without read_all_orders', async () => {
    expect(ids(await call(sandbox, 'GET', '/orders', { token: narrow }))).toEqual([
      '6000000000000000131',
      '6000000000000000141',
      '6000000000000000151',
      '6000000000000000161',
      '6000000000000000171',
    ]);
    expect((await call(sandbox, 'GET', '/orders/count', { token: narrow })).json).toEqual({ count: '5' });
    expect((await call(sandbox, 'GET', '/orders/count', { token: 'all' })).json).toEqual({ count: '8' });
    expect((await call(sandbox, 'GET', `/orders/${OLD}`, { token: narrow })).status).toBe(404);
    expect((await call(sandbox, 'GET', `/orders/${OLD}`, { token: 'all' })).status).toBe(200);
    expect((await call(sandbox, 'POST', `/orders/${OLD}/cancel`, { token: narrow, body: {} })).status).toBe(404);
  });

  it("withholds the buyer's email (a protected customer field) from a token without the approval", async () => {
    const withheld = await call(sandbox, 'GET', `/orders/${RECENT}`, { token: narrow });
    expect(withheld.json.order).not.toHaveProperty('email');
    expect(withheld.json.order.customerId).toBe('7300000000000000101');
    const approved = await call(sandbox, 'GET', `/orders/${RECENT}`, { token: 'approved' });
    expect(approved.json.order.email).toBe('ada@example.com');
  });

  it('needs read_orders to read and write_orders to change', async () => {
    expect((await call(sandbox, 'GET', '/orders', { token: 'none' })).status).toBe(403);
    expect((await call(sandbox, 'PUT', `/orders/${RECENT}`, { token: 'none', body: { order: { note: 'x' } } })).status).toBe(403);
  });
});

describe('changes', () => {
  it('updates note and tags only, normalising tags', async () => {
    const reply = await call(sandbox, 'PUT', `/orders/${RECENT}`, { token: 'all', body: { order: { tags: ' vip ,, gift ' } } });
    expect(reply.json.order).toMatchObject({ id: RECENT, tags: 'vip, gift', note: 'Leave at the back door.', updateTime: '2026-11-20T12:00:00Z' });
    const refused = await call(sandbox, 'PUT', `/orders/${RECENT}`, { token: 'all', body: { order: { totalPrice: '0.00' } } });
    expect(refused.status).toBe(400);
    expect(refused.json.errors[0].field).toBe('order.totalPrice');
  });

  it('cancels once (a second cancel answers the order unchanged); a closed order cannot be cancelled', async () => {
    const first = await call(sandbox, 'POST', '/orders/6000000000000000151/cancel', { token: 'all', body: { reason: 'inventory' } });
    expect(first.json.order).toMatchObject({ status: 'cancelled', cancelReason: 'inventory', cancelTime: '2026-11-20T12:00:00Z', totalOutstanding: '0.00' });
    const again = await call(sandbox, 'POST', '/orders/6000000000000000151/cancel', { token: 'all', body: { reason: 'fraud' } });
    expect(again.json.order).toMatchObject({ status: 'cancelled', cancelReason: 'inventory' });
    expect((await call(sandbox, 'POST', `/orders/${OLD}/cancel`, { token: 'all' })).status).toBe(409);
    expect((await call(sandbox, 'POST', `/orders/${RECENT}/cancel`, { token: 'all', body: { reason: 'bored' } })).status).toBe(400);
  });
});

describe('durability', () => {
  it('keeps a cancel and an update across a restart on the same data file (journaled)', async () => {
    const dataFile = join(scratchDir(), 'state.json');
    await withSandbox({ seed: 'demo', dataFile, now: () => NOW }, async (first) => {
      expect((await call(first, 'POST', `/orders/${RECENT}/cancel`, { body: { reason: 'fraud' } })).status).toBe(200);
      expect((await call(first, 'PUT', '/orders/6000000000000000141', { body: { order: { note: 'kept' } } })).status).toBe(200);
    });
    await withSandbox({ dataFile, now: () => NOW }, async (second) => {
      expect((await call(second, 'GET', `/orders/${RECENT}`)).json.order).toMatchObject({
        status: 'cancelled',
        cancelReason: 'fraud',
        createTime: '2026-10-21T12:00:00Z',
      });
      expect((await call(second, 'GET', '/orders/6000000000000000141')).json.order.note).toBe('kept');
      expect((await call(second, 'GET', '/orders/count')).json).toEqual({ count: '8' });
    });
  });
});

describe('the real dialect', () => {
  it('names the id orderId, writes it as a string and times without a zone', async () => {
    await withSandbox({ seed: 'demo', dialect: 'real', now: () => NOW }, async (real) => {
      const reply = await call(real, 'GET', `/orders/${RECENT}`);
      expect(reply.json.order.orderId).toBe(RECENT);
      expect(reply.json.order).not.toHaveProperty('id');
      expect(reply.json.order.createTime).toBe('2026-10-21T12:00:00.000');
      expect(reply.text).toContain(`"orderId":"${RECENT}"`);
    });
  });

  it("names the money as the docs' samples do: shopCurrency, currentTotalTax and currentTotalDiscounts beside totalDiscounts; ours keeps currency and totalTax", async () => {
    await withSandbox({ seed: 'demo', dialect: 'real', now: () => NOW }, async (real) => {
      const order = (await call(real, 'GET', `/orders/${OLD}`)).json.order;
      expect(order).toMatchObject({
        shopCurrency: 'USD',
        currentTotalTax: '5.28',
        totalDiscounts: '0.00',
        currentTotalDiscounts: '0.00',
        totalPrice: '76.78',
        totalOutstanding: '0.00',
      });
      expect(order).not.toHaveProperty('currency');
      expect(order).not.toHaveProperty('totalTax');
    });
    const ours = (await call(sandbox, 'GET', `/orders/${OLD}`, { token: 'all' })).json.order;
    expect(ours).toMatchObject({ currency: 'USD', totalTax: '5.28', totalDiscounts: '0.00' });
    expect(ours).not.toHaveProperty('shopCurrency');
    expect(ours).not.toHaveProperty('currentTotalTax');
  });
});

describe('webhooks', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()?.();
  });

  it('announces orders/update and orders/cancelled with the order', async () => {
    const hooks = await startReceiver();
    cleanups.push(() => hooks.close());
    const hooked = await launchSandbox({ seed: 'demo', now: () => NOW, webhooks: { urls: [hooks.url], secret: 's' } }, { webhookBackoffMs: 1 });
    cleanups.push(() => hooked.close());
    await call(hooked, 'PUT', `/orders/${RECENT}`, { body: { order: { note: 'n' } } });
    await call(hooked, 'POST', `/orders/${RECENT}/cancel`, { body: {} });
    await hooks.until((received) => received.length === 2);
    expect(hooks.received.map((delivery) => delivery.topic)).toEqual(['orders/update', 'orders/cancelled']);
    expect(hooks.received[1]!.json).toMatchObject({ id: RECENT, status: 'cancelled' });
  });
});
