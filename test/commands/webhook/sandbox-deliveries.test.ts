// `webhook listen` receiving the sandbox's real deliveries (the sandbox signs and sends them
// with code of its own), and the trigger samples compared with what the sandbox really sends.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src/sandbox/index.js';
import { launchSandbox } from '../../../src/sandbox/sandbox.js';
import { call, tsvRows, waitFor } from '../_support.js';
import { startApp, startListen, type App, type Listener } from './support.js';

const SECRET = 'whsec-sandbox-listen-1';
const sample = (name: string) => JSON.parse(readFileSync(new URL(`../../../src/webhooks/samples/${name}`, import.meta.url), 'utf8')) as unknown;

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function listenFor(args: string[]): Promise<Listener> {
  const listener = await startListen(args);
  cleanups.push(() => listener.stop());
  return listener;
}

/** A sandbox with the demo catalog whose webhook retries wait milliseconds, not seconds. */
async function sandboxPostingTo(url: string, secret: string): Promise<RunningSandbox> {
  const sandbox = await launchSandbox({ port: 0, seed: 'demo', webhooks: { urls: [url], secret } }, { webhookBackoffMs: 5 });
  cleanups.push(() => sandbox.close());
  return sandbox;
}

const createBody = {
  product: {
    title: 'Harbor Rain Jacket',
    vendor: 'Northwind Outdoor',
    categoryId: '4000000000000000231',
    collections: '["4000000000000000335"]',
    options: [{ name: 'Size', value: [{ name: 'M' }, { name: 'L' }] }],
    variants: [
      { sku: 'HRJ-M', price: '120.00', inventoryQuantities: [{ available: '5' }], options: [{ name: 'Size', value: { name: 'M' } }] },
      { sku: 'HRJ-L', price: '120.00', options: [{ name: 'Size', value: { name: 'L' } }] },
    ],
    images: [{ src: 'https://img.example.com/harbor-1.jpg' }],
  },
};

async function api(sandbox: RunningSandbox, method: string, path: string, body?: unknown): Promise<any> {
  const reply = await call(sandbox, method, path, body);
  if (reply.status !== 200) throw new Error(`${method} ${path}: ${reply.status} ${reply.text}`);
  return JSON.parse(reply.text);
}

/** Create, edit (the full product sent back with a new title) and delete one product; returns what GET showed. */
async function createEditDelete(sandbox: RunningSandbox): Promise<{ id: string; created: unknown; edited: unknown }> {
  const { product } = await api(sandbox, 'POST', '/products', createBody);
  const id = product.productId as string;
  const created = (await api(sandbox, 'GET', `/products/${id}`)).product;
  await api(sandbox, 'PUT', `/products/${id}`, { product: { ...product, title: 'Harbor Rain Jacket II' } });
  const edited = (await api(sandbox, 'GET', `/products/${id}`)).product;
  await api(sandbox, 'DELETE', `/products/${id}`);
  return { id, created, edited };
}

describe("webhook listen receives the sandbox's deliveries", () => {
  it('create, update and delete: in order, signatures verified, the product as GET shows it', async () => {
    const listener = await listenFor(['--secret', SECRET, '--json']);
    const sandbox = await sandboxPostingTo(listener.url, SECRET);
    const { id, created, edited } = await createEditDelete(sandbox);

    const records = await waitFor(() => (listener.records().length >= 3 ? listener.records() : undefined), 10_000, 'three deliveries');
    expect(records.map((r) => [r.topic, r.productId, r.title, r.verified, r.status])).toEqual([
      ['products/create', id, 'Harbor Rain Jacket', true, 200],
      ['products/update', id, 'Harbor Rain Jacket II', true, 200],
      ['products/delete', id, null, true, 200],
    ]);
    expect(records.map((r) => r.payload)).toEqual([created, edited, { productId: id }]);
    for (const record of records) {
      expect(record.apiVersion).toBe('202412');
      expect(record.triggeredAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }
    expect(new Set(records.map((r) => r.webhookId)).size).toBe(3);
    expect(listener.run.stderr()).not.toMatch(/warning/);
  });

  it('refuses deliveries signed with another secret (401, a warning each); the sandbox keeps retrying them', async () => {
    const listener = await listenFor(['--secret', SECRET, '--json']);
    const sandbox = await sandboxPostingTo(listener.url, 'a-different-secret');
    const { product } = await api(sandbox, 'POST', '/products', createBody);

    // Retries of one event carry the same webhook id; each is refused.
    const refusals = await waitFor(
      () => {
        const found = listener.run
          .stderr()
          .match(
            /warning: Refused a products\/create delivery \(X-Service-\* headers, webhook id [0-9a-f-]+\): its X-Service-Hmac-Sha256 signature does not match/g,
          );
        return found && found.length >= 2 ? found : undefined;
      },
      10_000,
      'two refused attempts',
    );
    expect(new Set(refusals).size).toBe(1);
    // The sandbox saw the 401 (the first attempt's answer came before the retry was sent).
    expect(sandbox.requests().filter((entry) => entry.kind === 'webhook' && entry.status === 401).length).toBeGreaterThanOrEqual(1);
    expect(listener.run.stdout()).toBe('');
    expect(listener.run.stderr()).not.toContain(product.productId); // nothing of a refused body is shown
  });
});

describe('webhook listen --forward-to between the sandbox and an app', () => {
  it("the app's failure goes back to the sandbox, which retries the same event until the app accepts it", async () => {
    const app: App = await startApp();
    cleanups.push(() => app.close());
    app.answer = (count) => (count <= 2 ? { status: 500, body: '{"error":"not yet"}' } : { status: 200, body: '{}' });
    const listener = await listenFor(['--secret', SECRET, '--forward-to', app.url]);
    const sandbox = await sandboxPostingTo(listener.url, SECRET);
    const { product } = await api(sandbox, 'POST', '/products', createBody);

    const rows = await waitFor(() => (tsvRows(listener.run.stdout()).length >= 3 ? tsvRows(listener.run.stdout()) : undefined), 10_000, 'three attempts');
    for (const row of rows) expect(row.slice(1, 6)).toEqual(['products/create', product.productId, 'Harbor Rain Jacket', 'verified', 'service']);
    expect(rows.map((row) => row[6])).toEqual(['500', '500', '200']);
    expect(app.received).toHaveLength(3);
    const ids = new Set(app.received.map((r) => r.headers['x-service-webhook-id']));
    expect(ids.size).toBe(1); // one event, retried
    // Each attempt reached the app byte for byte as the sandbox signed it.
    for (const got of app.received) expect(JSON.parse(got.body.toString('utf8')).productId).toBe(product.productId);
  });
});

describe('the trigger samples look like real deliveries', () => {
  /** Every key path of a JSON value, arrays collapsed to their items: the shape, without the values. */
  function shape(value: unknown, path = '$', into = new Set<string>()): Set<string> {
    if (Array.isArray(value)) for (const item of value) shape(item, `${path}[]`, into);
    else if (value !== null && typeof value === 'object') for (const [key, child] of Object.entries(value)) shape(child, `${path}.${key}`, into);
    else into.add(`${path}:${typeof value}`);
    return into;
  }

  it('products/create and products/update have the keys and value types of the sandbox product; delete is {productId}', async () => {
    const listener = await listenFor(['--secret', SECRET, '--json']);
    const sandbox = await sandboxPostingTo(listener.url, SECRET);
    const full = {
      ...createBody.product,
      subTitle: 'Sealed seams',
      bodyHtml: '<p>Waterproof.</p>',
      variants: createBody.product.variants.map((v) => ({
        ...v,
        barcode: '0840',
        costPrice: '50.00',
        compareOfPrice: '150.00',
        weight: '0.6',
        weightUnit: 'kg',
      })),
    };
    const { product } = await api(sandbox, 'POST', '/products', { product: full });
    const [delivery] = await waitFor(
      () => {
        const found = listener.records().filter((r) => r.productId === product.productId);
        return found.length === 1 ? found : undefined;
      },
      10_000,
      'the create delivery',
    );
    const real = shape(delivery!.payload);
    expect([...shape(sample('products-create.json'))].sort()).toEqual([...real].sort());
    expect([...shape(sample('products-update.json'))].sort()).toEqual([...real].sort());
    expect(sample('products-delete.json')).toEqual({ productId: expect.any(String) });
  });
});
