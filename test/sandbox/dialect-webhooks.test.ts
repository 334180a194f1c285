import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox, WebhookLogLine } from '../../src/sandbox/index.js';
import { launchSandbox } from '../../src/sandbox/sandbox.js';
import { call } from './helpers.js';
import { createProduct } from './product-helpers.js';
import { startReceiver, type Answer, type Receiver } from './webhook-receiver.js';

// Webhooks of the real dialect: no ordering guarantee, and a URL that fails 8 times in a
// row gets nothing more (README "Dialects").

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function receiver(answer?: Answer): Promise<Receiver> {
  const started = await startReceiver(answer);
  cleanups.push(() => started.close());
  return started;
}

async function realSandbox(urls: string[], onWebhook?: (line: WebhookLogLine) => void): Promise<RunningSandbox> {
  const sandbox = await launchSandbox(
    { seed: 'demo', dialect: 'real', webhooks: { urls, secret: 's' }, ...(onWebhook ? { onWebhook } : {}) },
    { webhookBackoffMs: 1 },
  );
  cleanups.push(() => sandbox.close());
  return sandbox;
}

describe("webhooks in the 'real' dialect", () => {
  it('delivers every event (in no promised order), under X-Genstore-* names with the shop domain, with an offset on the trigger time', async () => {
    const hooks = await receiver();
    const sandbox = await realSandbox([hooks.url]);
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1) ids.push((await createProduct(sandbox)).productId);
    await hooks.until((received) => received.length === 12);
    expect(new Set(hooks.received.map((delivery) => delivery.json.productId))).toEqual(new Set(ids));
    expect(hooks.received.every((delivery) => delivery.topic === 'products/create')).toBe(true);
    const first = hooks.received[0]!;
    expect(first.headers['x-genstore-triggered-at']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    expect(first.headers).toMatchObject({
      'x-genstore-topic': 'products/create',
      'x-genstore-api-version': '202412',
      'x-genstore-shop-domain': 'sandbox.localhost',
    });
    expect(first.headers['x-genstore-hmac-sha256']).toBe(createHmac('sha256', 's').update(first.raw).digest('base64'));
    expect(first.headers['x-genstore-webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Nothing of the spec's family: a Genstore receiver reads one set of names.
    expect(Object.keys(first.headers).filter((name) => name.startsWith('x-service-'))).toEqual([]);
  });

  it('stops delivering to a URL after 8 consecutive failures, and says so; other URLs go on', async () => {
    const lines: WebhookLogLine[] = [];
    const failing = await receiver(() => 500);
    const healthy = await receiver();
    const sandbox = await realSandbox([failing.url, healthy.url], (line) => lines.push(line));

    const first = await createProduct(sandbox);
    await failing.until((received) => received.length === 8);
    await healthy.until((received) => received.length === 1);
    // Once stopped, a later event reaches the healthy URL only.
    const second = await createProduct(sandbox);
    await healthy.until((received) => received.length === 2);
    const deleted = await call(sandbox, 'DELETE', `/products/${first.productId}`);
    expect(deleted.status).toBe(200);
    await healthy.until((received) => received.length === 3);

    expect(failing.received).toHaveLength(8);
    expect(healthy.received.map((delivery) => delivery.json.productId)).toEqual([first.productId, second.productId, first.productId]);
    const failed = lines.filter((line) => line.url === failing.url);
    expect(failed.map((line) => line.outcome)).toEqual([...Array<string>(7).fill('retrying'), 'stopped']);
    expect(failed.at(-1)).toMatchObject({ status: 500, failures: 8 });
  });

  it('counts failures across events: a success in between starts the count again', async () => {
    const lines: WebhookLogLine[] = [];
    // Fails everything but the 6th delivery it receives.
    const flaky = await receiver((_delivery, earlier) => (earlier.length === 5 ? 200 : 500));
    const sandbox = await realSandbox([flaky.url], (line) => lines.push(line));
    await createProduct(sandbox);
    await flaky.until((received) => received.length === 6);
    await createProduct(sandbox);
    // 5 failures, 1 success, then 8 failures of the second event stop the URL.
    await flaky.until((received) => received.length === 14);
    await new Promise<void>((resolve) => {
      const poll = () => (lines.length === 14 ? resolve() : setTimeout(poll, 5));
      poll();
    });
    expect(lines.map((line) => line.outcome).filter((outcome) => outcome !== 'retrying')).toEqual(['delivered', 'stopped']);
  });
});
