import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SandboxUsageError, startSandbox, type RunningSandbox, type SandboxOptions, type WebhookLogLine } from '../../src/sandbox/index.js';
import { launchSandbox, type SandboxInternals } from '../../src/sandbox/sandbox.js';
import { backoffDelay } from '../../src/sandbox/http/webhooks.js';
import { call } from './helpers.js';
import { createProduct, DEMO, shirtBody } from './product-helpers.js';
import { startReceiver, type Receiver } from './webhook-receiver.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET = 'hook-secret-for-tests';

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function receiver(answer?: Parameters<typeof startReceiver>[0]): Promise<Receiver> {
  const started = await startReceiver(answer);
  cleanups.push(() => started.close());
  return started;
}

/** A sandbox whose retries wait milliseconds, not seconds. */
async function sandboxWith(options: SandboxOptions, internals: SandboxInternals = {}): Promise<RunningSandbox> {
  const sandbox = await launchSandbox({ seed: 'demo', ...options }, { webhookBackoffMs: 2, ...internals });
  cleanups.push(() => sandbox.close());
  return sandbox;
}

function signature(raw: Buffer, secret: string): string {
  return createHmac('sha256', secret).update(raw).digest('base64');
}

/** Polls until `check` holds (the sandbox logs an attempt once the answer has fully arrived). */
async function eventually(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Resolves when `release()` is called: holds a receiver's answer open. */
function gate(): { opened: Promise<void>; release: () => void } {
  let release = () => {};
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { opened, release };
}

describe('product webhooks', () => {
  it('POSTs create, update and delete in order, each signed, with the decided headers and the product as GET shows it', async () => {
    const hooks = await receiver();
    const sandbox = await sandboxWith({ webhooks: { urls: [hooks.url], secret: SECRET }, now: () => new Date('2026-05-01T10:00:00.250Z') });
    expect(sandbox.webhookSecret).toBe(SECRET);

    const created = await createProduct(sandbox, shirtBody({ categoryId: DEMO.categories.tShirts }));
    const afterCreate = (await call(sandbox, 'GET', `/products/${created.productId}`)).json.product;
    const edited = await call(sandbox, 'PUT', `/products/${created.productId}`, { body: { product: { ...created, title: 'Renamed' } } });
    expect(edited.status).toBe(200);
    const afterUpdate = (await call(sandbox, 'GET', `/products/${created.productId}`)).json.product;
    expect((await call(sandbox, 'DELETE', `/products/${created.productId}`)).status).toBe(200);

    await hooks.until((received) => received.length === 3);
    expect(hooks.received.map((delivery) => delivery.topic)).toEqual(['products/create', 'products/update', 'products/delete']);
    for (const delivery of hooks.received) {
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(delivery.headers['x-service-api-version']).toBe('202412');
      expect(delivery.headers['x-service-triggered-at']).toBe('2026-05-01T10:00:00Z');
      expect(delivery.headers['x-service-shop-domain']).toBe('sandbox.localhost');
      expect(Object.keys(delivery.headers).filter((name) => name.startsWith('x-genstore-'))).toEqual([]);
      expect(delivery.webhookId).toMatch(UUID);
      expect(delivery.headers['x-service-hmac-sha256']).toBe(signature(delivery.raw, SECRET));
      expect(delivery.headers['x-service-hmac-sha256']).not.toBe(signature(delivery.raw, 'another-secret'));
    }
    expect(new Set(hooks.received.map((delivery) => delivery.webhookId)).size).toBe(3);
    expect(hooks.received[0]?.json).toEqual(afterCreate);
    expect(afterCreate.productCategory.categoryName).toBe('T-Shirts');
    expect(hooks.received[1]?.json).toEqual(afterUpdate);
    expect(hooks.received[1]?.json.title).toBe('Renamed');
    expect(hooks.received[2]?.json).toEqual({ productId: created.productId });
  });

  it('generates a secret when none is given, and signs with it', async () => {
    const hooks = await receiver();
    const sandbox = await sandboxWith({ webhooks: { urls: [hooks.url] } });
    expect(sandbox.webhookSecret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    await createProduct(sandbox);
    await hooks.until((received) => received.length === 1);
    const [delivery] = hooks.received;
    expect(delivery?.headers['x-service-hmac-sha256']).toBe(signature(delivery!.raw, sandbox.webhookSecret as string));
  });

  it("retries a failed delivery with the same webhook id, and holds that product's later events until it succeeds", async () => {
    const lines: WebhookLogLine[] = [];
    const hooks = await receiver((delivery, earlier) => (delivery.topic === 'products/create' && earlier.length < 2 ? 500 : 200));
    const sandbox = await sandboxWith({ webhooks: { urls: [hooks.url], secret: SECRET }, onWebhook: (line) => lines.push(line) });

    const product = await createProduct(sandbox);
    await call(sandbox, 'PUT', `/products/${product.productId}`, { body: { product: { ...product, title: 'v2' } } });
    await call(sandbox, 'PUT', `/products/${product.productId}`, { body: { product: { ...product, title: 'v3' } } });
    await hooks.until((received) => received.length === 5);
    await eventually(() => lines.length === 5);

    expect(hooks.received.map((delivery) => `${delivery.topic} ${delivery.status}`)).toEqual([
      'products/create 500',
      'products/create 500',
      'products/create 200',
      'products/update 200',
      'products/update 200',
    ]);
    const createIds = hooks.received.slice(0, 3).map((delivery) => delivery.webhookId);
    expect(new Set(createIds).size).toBe(1);
    expect(hooks.received.slice(3).map((delivery) => delivery.json.title)).toEqual(['v2', 'v3']);
    expect(lines.map((line) => [line.topic, line.attempt, line.status, line.outcome])).toEqual([
      ['products/create', 1, 500, 'retrying'],
      ['products/create', 2, 500, 'retrying'],
      ['products/create', 3, 200, 'delivered'],
      ['products/update', 1, 200, 'delivered'],
      ['products/update', 1, 200, 'delivered'],
    ]);
    expect(lines[0]).toMatchObject({ url: hooks.url, webhookId: createIds[0], maxAttempts: 8, retryInMs: expect.any(Number) });
  });

  it("does not hold one product's events behind another product's delivery", async () => {
    const first = gate();
    const hooks = await receiver(async (delivery) => {
      if (delivery.json.title === 'Held') await first.opened;
      return 200;
    });
    const sandbox = await sandboxWith({ webhooks: { urls: [hooks.url], secret: SECRET } });
    await createProduct(sandbox, { product: { title: 'Held' } });
    await createProduct(sandbox, { product: { title: 'Free' } });
    // The second product's create arrives while the first one's is still unanswered.
    await hooks.until((received) => received.some((delivery) => delivery.json.title === 'Free' && delivery.status === 200));
    expect(hooks.received.find((delivery) => delivery.json.title === 'Held')?.status).toBe(0);
    first.release();
    await hooks.until((received) => received.every((delivery) => delivery.status === 200));
  });

  it("gives up after 8 attempts and then delivers the product's next event", async () => {
    const lines: WebhookLogLine[] = [];
    const hooks = await receiver((delivery) => (delivery.topic === 'products/create' ? 503 : 200));
    const sandbox = await sandboxWith({ webhooks: { urls: [hooks.url], secret: SECRET }, onWebhook: (line) => lines.push(line) }, { webhookBackoffMs: 1 });
    const product = await createProduct(sandbox);
    await call(sandbox, 'DELETE', `/products/${product.productId}`);
    await hooks.until((received) => received.some((delivery) => delivery.topic === 'products/delete'));
    await eventually(() => lines.length === 9);

    expect(hooks.received.map((delivery) => delivery.topic)).toEqual([...Array(8).fill('products/create'), 'products/delete']);
    expect(lines.map((line) => line.outcome)).toEqual([...Array(7).fill('retrying'), 'gave-up', 'delivered']);
    expect(lines[7]).not.toHaveProperty('retryInMs');
  });

  it('delivers to several URLs, each in its own queue, with one webhook id per event', async () => {
    const slow = gate();
    const fast = await receiver();
    const held = await receiver(async () => {
      await slow.opened;
      return 200;
    });
    const sandbox = await sandboxWith({ webhooks: { urls: [fast.url, held.url], secret: SECRET } });
    const product = await createProduct(sandbox);
    await call(sandbox, 'DELETE', `/products/${product.productId}`);
    // One subscriber that has not answered does not hold up the other.
    await fast.until((received) => received.length === 2);
    expect(held.received).toHaveLength(1);
    slow.release();
    await held.until((received) => received.length === 2 && received.every((delivery) => delivery.status === 200));
    expect(held.received.map((delivery) => delivery.webhookId)).toEqual(fast.received.map((delivery) => delivery.webhookId));
    expect(held.received.map((delivery) => delivery.topic)).toEqual(['products/create', 'products/delete']);
  });

  it('counts a refused connection as a failed attempt', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/gone`;
    await new Promise((resolve) => closed.close(resolve));
    const lines: WebhookLogLine[] = [];
    const sandbox = await sandboxWith({ webhooks: { urls: [url], secret: SECRET }, onWebhook: (line) => lines.push(line) }, { webhookBackoffMs: 600_000 });
    await createProduct(sandbox);
    await eventually(() => lines.length > 0);
    expect(lines[0]).toMatchObject({ attempt: 1, status: 0, error: 'connection refused', outcome: 'retrying' });
  });

  it('answers the request before delivery, and close() cuts a delivery in flight and drops pending retries', async () => {
    const never = gate();
    const hooks = await receiver(async (delivery) => {
      if (delivery.topic === 'products/create') await never.opened;
      return 500;
    });
    cleanups.push(async () => never.release());
    const lines: WebhookLogLine[] = [];
    const sandbox = await launchSandbox(
      { webhooks: { urls: [hooks.url], secret: SECRET }, onWebhook: (line) => lines.push(line) },
      { webhookBackoffMs: 600_000 },
    );
    const product = await createProduct(sandbox);
    await hooks.until((received) => received.length === 1);
    // The create was answered although its webhook is still unanswered.
    expect(hooks.received[0]?.status).toBe(0);
    await sandbox.close();
    expect(lines).toEqual([]);
    expect(hooks.received).toHaveLength(1);
    expect(product.productId).toMatch(/^[0-9]+$/);
  });

  it('close() ends a wait between attempts at once', async () => {
    const hooks = await receiver(() => 500);
    const lines: WebhookLogLine[] = [];
    const sandbox = await launchSandbox(
      { webhooks: { urls: [hooks.url], secret: SECRET }, onWebhook: (line) => lines.push(line) },
      { webhookBackoffMs: 600_000 },
    );
    await createProduct(sandbox);
    await eventually(() => lines.length === 1);
    expect(lines[0]).toMatchObject({ outcome: 'retrying', status: 500 });
    // A ten-minute wait is pending; close() must not sit it out (the test would time out).
    await sandbox.close();
    expect(hooks.received).toHaveLength(1);
  });

  it('writes ids as bare digits in the payload with idsAs number', async () => {
    const hooks = await receiver();
    const sandbox = await sandboxWith({ webhooks: { urls: [hooks.url], secret: SECRET }, idsAs: 'number' });
    await call(sandbox, 'DELETE', `/products/${DEMO.products.mug}`);
    await hooks.until((received) => received.length === 1);
    expect(hooks.received[0]?.raw.toString('utf8')).toBe(`{"productId":${DEMO.products.mug}}`);
  });

  it('sends nothing for refused requests and for reads', async () => {
    const hooks = await receiver();
    const sandbox = await sandboxWith({ webhooks: { urls: [hooks.url], secret: SECRET } });
    expect((await call(sandbox, 'POST', '/products', { body: { product: { title: '' } } })).status).toBe(400);
    expect((await call(sandbox, 'GET', `/products/${DEMO.products.mug}`)).status).toBe(200);
    await call(sandbox, 'DELETE', `/products/${DEMO.products.jacket}`);
    await hooks.until((received) => received.length === 1);
    expect(hooks.received.map((delivery) => delivery.topic)).toEqual(['products/delete']);
  });
});

describe('webhook options', () => {
  it.each([
    [{ urls: ['not a url'] }, /"not a url" is not an absolute http or https URL/],
    [{ urls: ['/hooks'] }, /absolute http or https URL/],
    [{ urls: ['ftp://127.0.0.1/hooks'] }, /absolute http or https URL/],
    [{ urls: ['http://127.0.0.1:1/x'], secret: ' ' }, /must not be empty/],
  ])('refuses %j with a usage error', async (webhooks, message) => {
    const error = await startSandbox({ webhooks }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(SandboxUsageError);
    expect((error as Error).message).toMatch(message);
  });

  it('has a webhook secret without webhook URLs too (subscriptions use it), and none with webhooks: false', async () => {
    expect((await sandboxWith({})).webhookSecret).toMatch(/^whsec_/);
    expect((await sandboxWith({ webhooks: { secret: 'lonely' } })).webhookSecret).toBe('lonely');
    expect((await sandboxWith({ webhooks: false })).webhookSecret).toBeUndefined();
  });
});

describe('backoff', () => {
  it('doubles the wait with each attempt, with up to half of it left to chance', () => {
    expect([1, 2, 3, 7].map((attempt) => backoffDelay(attempt, 1000, () => 0))).toEqual([500, 1000, 2000, 32000]);
    expect([1, 2, 3, 7].map((attempt) => backoffDelay(attempt, 1000, () => 1))).toEqual([1000, 2000, 4000, 64000]);
    expect(backoffDelay(2, 1000, () => 0.5)).toBe(1500);
  });
});
