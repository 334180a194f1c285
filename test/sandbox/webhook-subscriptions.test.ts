import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox, SandboxOptions, WebhookLogLine } from '../../src/sandbox/index.js';
import { launchSandbox } from '../../src/sandbox/sandbox.js';
import { DIALECTS, type DialectName } from '../helpers/dialects.js';
import { call, withSandbox, type Reply } from './helpers.js';
import { createProduct } from './product-helpers.js';
import { startReceiver, type Receiver } from './webhook-receiver.js';

// Webhook subscriptions (`/api/202412/app/webhooks`, real-store-notes "Webhooks"): the API
// in both dialects, its scope, its persistence, and delivery to the subscriptions.

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function receiver(): Promise<Receiver> {
  const started = await startReceiver();
  cleanups.push(() => started.close());
  return started;
}

async function sandboxWith(options: SandboxOptions): Promise<RunningSandbox> {
  const sandbox = await launchSandbox(options, { webhookBackoffMs: 2 });
  cleanups.push(() => sandbox.close());
  return sandbox;
}

/** A clock the test moves: each call of tick() is a minute later. */
function clock(start: string) {
  let at = new Date(start);
  return {
    now: () => at,
    tick: () => {
      at = new Date(at.getTime() + 60_000);
    },
  };
}

function subscribe(sandbox: RunningSandbox, address: string, topic: string, token?: string): Promise<Reply> {
  return call(sandbox, 'POST', '/app/webhooks', { body: { webhook: { address, topic } }, ...(token === undefined ? {} : { token }) });
}

async function subscribed(sandbox: RunningSandbox, address: string, topic: string): Promise<{ id: string }> {
  const reply = await subscribe(sandbox, address, topic);
  if (reply.status !== 201) throw new Error(`subscribe failed: ${reply.status} ${reply.text}`);
  return reply.json.webhook;
}

/** The error's text in the dialect's body: {"message"} in ours, {"error"} in the real one. */
function errorText(reply: Reply, dialect: DialectName): string {
  return dialect === 'real' ? reply.json.error : reply.json.message;
}

async function eventually(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function signature(raw: Buffer, secret: string): string {
  return createHmac('sha256', secret).update(raw).digest('base64');
}

describe.each(DIALECTS)('the subscription API, %s dialect', (dialect) => {
  const time = (stamp: string) => (dialect === 'real' ? stamp.replace(/Z$/, '+00:00') : stamp);

  it('creates (201 in both dialects), reads, lists, counts, updates and deletes a subscription', async () => {
    const moving = clock('2026-06-01T08:00:00Z');
    const sandbox = await sandboxWith({ dialect, now: moving.now });
    const created = await subscribe(sandbox, 'https://hooks.example.com/a', 'products/create');
    expect(created.status).toBe(201);
    const webhook = created.json.webhook;
    expect(webhook).toEqual({
      id: expect.stringMatching(/^\d{19}$/),
      address: 'https://hooks.example.com/a',
      topic: 'products/create',
      format: 'json',
      createTime: time('2026-06-01T08:00:00Z'),
      updateTime: time('2026-06-01T08:00:00Z'),
    });
    expect((await call(sandbox, 'GET', `/app/webhooks/${webhook.id}`)).json).toEqual({ webhook });
    const other = await subscribed(sandbox, 'https://hooks.example.com/a', 'products/delete');

    const list = await call(sandbox, 'GET', '/app/webhooks');
    expect(list.status).toBe(200);
    expect(list.json.webhooks.map((entry: { id: string }) => entry.id)).toEqual([webhook.id, other.id]);
    expect((await call(sandbox, 'GET', '/app/webhooks/count')).json).toEqual({ count: '2' });
    expect((await call(sandbox, 'GET', '/app/webhooks/count?topic=products/delete')).json).toEqual({ count: '1' });
    expect((await call(sandbox, 'GET', '/app/webhooks?topic=products/delete')).json.webhooks).toEqual([other]);

    moving.tick();
    const updated = await call(sandbox, 'PUT', `/app/webhooks/${webhook.id}`, { body: { webhook: { address: 'https://hooks.example.com/b' } } });
    expect(updated.status).toBe(200);
    expect(updated.json.webhook).toEqual({ ...webhook, address: 'https://hooks.example.com/b', updateTime: time('2026-06-01T08:01:00Z') });

    const removed = await call(sandbox, 'DELETE', `/app/webhooks/${webhook.id}`);
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({});
    expect((await call(sandbox, 'GET', `/app/webhooks/${webhook.id}`)).status).toBe(404);
    expect((await call(sandbox, 'DELETE', `/app/webhooks/${webhook.id}`)).status).toBe(404);
    expect((await call(sandbox, 'GET', '/app/webhooks/count')).json).toEqual({ count: '1' });
  });

  it('accepts every documented topic (201), moves one to another topic, and counts them by topic', async () => {
    const documented = [
      ...['products', 'collections', 'discounts'].flatMap((noun) => ['create', 'update', 'delete'].map((verb) => `${noun}/${verb}`)),
      ...['create', 'update', 'paid', 'cancelled', 'fulfilled', 'partiallyFulfilled'].map((verb) => `orders/${verb}`),
      ...['create', 'update', 'delete', 'merge', 'data_request', 'redact'].map((verb) => `customers/${verb}`),
      'app/scopesUpdate',
      'app/uninstalled',
      'app/authorizationCodeGranted',
      'shop/update',
      'shop/redact',
    ];
    const sandbox = await sandboxWith({ dialect });
    const ids: Record<string, string> = {};
    for (const topic of documented) {
      const reply = await subscribe(sandbox, 'https://hooks.example.com/all', topic);
      expect(reply.status, topic).toBe(201);
      expect(reply.json.webhook.topic).toBe(topic);
      ids[topic] = reply.json.webhook.id;
    }
    expect((await call(sandbox, 'GET', '/app/webhooks/count')).json).toEqual({ count: String(documented.length) });
    expect((await call(sandbox, 'GET', '/app/webhooks/count?topic=orders/create')).json).toEqual({ count: '1' });
    // The order subscription moves to a topic nobody has yet: orders/create has none left.
    await call(sandbox, 'DELETE', `/app/webhooks/${ids['orders/paid']}`);
    const moved = await call(sandbox, 'PUT', `/app/webhooks/${ids['orders/create']}`, { body: { webhook: { topic: 'orders/paid' } } });
    expect(moved.status).toBe(200);
    expect(moved.json.webhook).toMatchObject({ id: ids['orders/create'], topic: 'orders/paid', address: 'https://hooks.example.com/all' });
    expect((await call(sandbox, 'GET', '/app/webhooks/count?topic=orders/create')).json).toEqual({ count: '0' });
    expect((await call(sandbox, 'GET', '/app/webhooks/count?topic=orders/paid')).json).toEqual({ count: '1' });
    expect((await call(sandbox, 'GET', '/app/webhooks/count?topic=orders/created')).status).toBe(400);
  });

  it("orders/delete, an earlier reading of ours that Genstore's order events do not list: taken in ours, refused in the real dialect", async () => {
    const sandbox = await sandboxWith({ dialect });
    const reply = await subscribe(sandbox, 'https://hooks.example.com/orders', 'orders/delete');
    if (dialect === 'real') {
      expect(reply.status).toBe(400);
      expect(errorText(reply, dialect)).toContain('webhook.topic');
    } else expect(reply.status).toBe(201);
  });

  it('refuses a bad address, an unknown topic, a missing field and a duplicate address and topic, in its error form', async () => {
    const sandbox = await sandboxWith({ dialect });
    const cases: Array<[unknown, string]> = [
      [{ webhook: { address: 'hooks.example.com/a', topic: 'products/create' } }, 'webhook.address'],
      [{ webhook: { address: 'ftp://hooks.example.com/a', topic: 'products/create' } }, 'webhook.address'],
      [{ webhook: { address: 'https://hooks.example.com/a', topic: 'orders/created' } }, 'webhook.topic'],
      [{ webhook: { address: 'https://hooks.example.com/a', topic: 'products' } }, 'webhook.topic'],
      [{ webhook: { address: 'https://hooks.example.com/a' } }, 'webhook.topic is required'],
      [{ webhook: { address: 'https://hooks.example.com/a', topic: 'products/create', format: 'xml' } }, 'webhook.format'],
      [{ address: 'https://hooks.example.com/a', topic: 'products/create' }, '{"webhook"'],
    ];
    for (const [body, named] of cases) {
      const reply = await call(sandbox, 'POST', '/app/webhooks', { body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(errorText(reply, dialect)).toContain(named);
      if (dialect === 'service') expect(reply.json.code).toBe('invalid');
    }
    const first = await subscribed(sandbox, 'https://hooks.example.com/a', 'products/create');
    const again = await subscribe(sandbox, 'https://hooks.example.com/a', 'products/create');
    expect(again.status).toBe(409);
    expect(errorText(again, dialect)).toContain(first.id);
    // An update that would make a duplicate is refused too; the same address on another topic is not a duplicate.
    const second = await subscribed(sandbox, 'https://hooks.example.com/a', 'products/update');
    const clash = await call(sandbox, 'PUT', `/app/webhooks/${second.id}`, { body: { webhook: { topic: 'products/create' } } });
    expect(clash.status).toBe(409);
    const empty = await call(sandbox, 'PUT', `/app/webhooks/${second.id}`, { body: { webhook: {} } });
    expect(empty.status).toBe(400);
    expect((await call(sandbox, 'GET', '/app/webhooks/count')).json).toEqual({ count: '2' });
  });

  it('pages a listing by Link, limit and pageToken', async () => {
    const sandbox = await sandboxWith({ dialect });
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) ids.push((await subscribed(sandbox, `https://hooks.example.com/${index}`, 'products/create')).id);
    const first = await call(sandbox, 'GET', '/app/webhooks?limit=2');
    expect(first.json.webhooks.map((entry: { id: string }) => entry.id)).toEqual(ids.slice(0, 2));
    const next = /<\s*([^>\s]+)\s*>;\s*rel="?next"?/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toBeDefined();
    const second = await call(sandbox, 'GET', next as string);
    expect(second.json.webhooks.map((entry: { id: string }) => entry.id)).toEqual(ids.slice(2));
    expect(second.headers.get('link') ?? '').not.toMatch(/rel="?next/);
    expect((await call(sandbox, 'GET', `/app/webhooks?sinceId=${ids[0]}`)).json.webhooks).toHaveLength(2);
    // The token carries the filters: sending another one beside it is refused (the real dialect refuses any).
    const filtered = await call(sandbox, 'GET', '/app/webhooks?limit=1&topic=products/create');
    const token = new URL(/<\s*([^>\s]+)\s*>;\s*rel="?next"?/.exec(filtered.headers.get('link') ?? '')?.[1] as string).searchParams.get('pageToken') as string;
    const other = await call(sandbox, 'GET', `/app/webhooks?pageToken=${token}&topic=products/delete`);
    expect(other.status).toBe(400);
    expect(errorText(other, dialect)).toContain('topic');
    const same = await call(sandbox, 'GET', `/app/webhooks?pageToken=${token}&topic=products/create`);
    expect(same.status).toBe(dialect === 'real' ? 400 : 200);
    const alone = await call(sandbox, 'GET', `/app/webhooks?pageToken=${token}&limit=1`);
    expect(alone.json.webhooks.map((entry: { id: string }) => entry.id)).toEqual([ids[1]]);
  });
});

describe('subscription scopes', () => {
  const tokens = [
    { token: 'writer-apps', scopes: ['write_apps' as const] },
    { token: 'reader-apps', scopes: ['read_apps' as const] },
    { token: 'products-only', scopes: ['read_products' as const, 'write_products' as const] },
  ];

  it('writes need write_apps; reads take read_apps or write_apps; other scopes get 403 naming them', async () => {
    const sandbox = await sandboxWith({ tokens });
    const made = await subscribe(sandbox, 'https://hooks.example.com/w', 'products/create', 'writer-apps');
    expect(made.status).toBe(201);
    const id = made.json.webhook.id as string;
    for (const token of ['writer-apps', 'reader-apps']) {
      expect((await call(sandbox, 'GET', '/app/webhooks', { token })).status).toBe(200);
      expect((await call(sandbox, 'GET', `/app/webhooks/${id}`, { token })).status).toBe(200);
      expect((await call(sandbox, 'GET', '/app/webhooks/count', { token })).status).toBe(200);
    }
    const refusedWrite = await subscribe(sandbox, 'https://hooks.example.com/r', 'products/create', 'reader-apps');
    expect(refusedWrite.status).toBe(403);
    expect(refusedWrite.json.message).toContain('write_apps');
    expect((await call(sandbox, 'DELETE', `/app/webhooks/${id}`, { token: 'reader-apps' })).status).toBe(403);
    const refusedRead = await call(sandbox, 'GET', '/app/webhooks', { token: 'products-only' });
    expect(refusedRead.status).toBe(403);
    expect(refusedRead.json.message).toContain('any of read_apps, write_apps');
    expect((await call(sandbox, 'GET', '/app/webhooks', { token: null })).status).toBe(401);
    expect((await call(sandbox, 'GET', '/app/webhooks/count', { token: 'writer-apps' })).json).toEqual({ count: '1' });
  });
});

describe('subscription persistence', () => {
  it('keeps subscriptions across a restart with a data file, changes since the last snapshot included', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandbox-subscriptions-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const dataFile = join(dir, 'state.json');
    const before = await withSandbox({ dataFile }, async (sandbox) => {
      const kept = await subscribed(sandbox, 'https://hooks.example.com/kept', 'products/update');
      const gone = await subscribed(sandbox, 'https://hooks.example.com/gone', 'products/delete');
      await call(sandbox, 'PUT', `/app/webhooks/${kept.id}`, { body: { webhook: { address: 'https://hooks.example.com/moved' } } });
      await call(sandbox, 'DELETE', `/app/webhooks/${gone.id}`);
      return (await call(sandbox, 'GET', '/app/webhooks')).json.webhooks;
    });
    expect(before).toHaveLength(1);
    expect(JSON.parse(await readFile(dataFile, 'utf8')).data.webhooks).toEqual([
      expect.objectContaining({ address: 'https://hooks.example.com/moved', topic: 'products/update' }),
    ]);
    await withSandbox({ dataFile }, async (sandbox) => {
      expect((await call(sandbox, 'GET', '/app/webhooks')).json.webhooks).toEqual(before);
      // New ids stay above the kept ones.
      const next = await subscribed(sandbox, 'https://hooks.example.com/new', 'products/create');
      expect(BigInt(next.id) > BigInt(before[0].id)).toBe(true);
    });
  });
});

describe('delivery to subscriptions', () => {
  const SECRET = 'subscription-secret';

  it('delivers each event, signed, to the subscriptions of its topic only, beside the --webhook shortcut', async () => {
    const creates = await receiver();
    const updates = await receiver();
    const everything = await receiver();
    const sandbox = await sandboxWith({ seed: 'demo', webhooks: { urls: [everything.url], secret: SECRET } });
    await subscribed(sandbox, creates.url, 'products/create');
    await subscribed(sandbox, updates.url, 'products/update');
    // Subscribed and given as the shortcut: it gets each event once.
    await subscribed(sandbox, everything.url, 'products/create');

    const product = await createProduct(sandbox);
    await call(sandbox, 'PUT', `/products/${product.productId}`, { body: { product: { ...product, title: 'Renamed' } } });
    await call(sandbox, 'DELETE', `/products/${product.productId}`);

    await everything.until((received) => received.length === 3);
    await creates.until((received) => received.length === 1);
    await updates.until((received) => received.length === 1);
    expect(everything.received.map((delivery) => delivery.topic)).toEqual(['products/create', 'products/update', 'products/delete']);
    expect(creates.received.map((delivery) => [delivery.topic, delivery.json.productId])).toEqual([['products/create', product.productId]]);
    // One URL gets one product's events in order, so a create sent to it by mistake would have come first.
    expect(updates.received.map((delivery) => delivery.topic)).toEqual(['products/update']);
    expect(updates.received[0]?.json.title).toBe('Renamed');
    for (const delivery of [...creates.received, ...updates.received, ...everything.received]) {
      expect(delivery.headers['x-service-hmac-sha256']).toBe(signature(delivery.raw, SECRET));
    }
    // The same event carries the same webhook id to every URL.
    expect(creates.received[0]?.webhookId).toBe(everything.received[0]?.webhookId);
  });

  it('reaches a subscription made at run time, and a deleted one gets nothing more', async () => {
    const hooks = await receiver();
    const sandbox = await sandboxWith({ seed: 'demo' });
    const product = await createProduct(sandbox);
    const onUpdate = await subscribed(sandbox, hooks.url, 'products/update');
    await subscribed(sandbox, hooks.url, 'products/delete');
    await call(sandbox, 'PUT', `/products/${product.productId}`, { body: { product: { ...product, title: 'Once' } } });
    await hooks.until((received) => received.length === 1);
    expect((await call(sandbox, 'DELETE', `/app/webhooks/${onUpdate.id}`)).status).toBe(200);
    await call(sandbox, 'PUT', `/products/${product.productId}`, { body: { product: { ...product, title: 'Twice' } } });
    await call(sandbox, 'DELETE', `/products/${product.productId}`);
    await hooks.until((received) => received.some((delivery) => delivery.topic === 'products/delete'));
    // The second update would have arrived before the delete (one product's events go in order).
    expect(hooks.received.map((delivery) => `${delivery.topic} ${delivery.json.title ?? ''}`.trim())).toEqual(['products/update Once', 'products/delete']);
    expect(hooks.received[0]?.headers['x-service-hmac-sha256']).toBe(signature(hooks.received[0]!.raw, sandbox.webhookSecret as string));
  });

  it('real dialect: a subscription stopped after 8 failures in a row gets events again once subscribed anew', async () => {
    let healthy = false;
    const hooks = await startReceiver(() => (healthy ? 200 : 500));
    cleanups.push(() => hooks.close());
    const lines: WebhookLogLine[] = [];
    const sandbox = await sandboxWith({ seed: 'demo', dialect: 'real', onWebhook: (line) => lines.push(line) });
    const first = await subscribed(sandbox, hooks.url, 'products/create');
    await createProduct(sandbox);
    await hooks.until((received) => received.length === 8);
    await eventually(() => lines.some((line) => line.outcome === 'stopped'));
    healthy = true;
    // Stopped: this event is not sent at all.
    const missed = await createProduct(sandbox, { product: { title: 'Missed' } });
    expect((await call(sandbox, 'DELETE', `/app/webhooks/${first.id}`)).status).toBe(200);
    await subscribed(sandbox, hooks.url, 'products/create');
    const caught = await createProduct(sandbox, { product: { title: 'Caught' } });
    await hooks.until((received) => received.some((delivery) => delivery.status === 200));
    expect(hooks.received.filter((delivery) => delivery.status === 200).map((delivery) => delivery.json.productId)).toEqual([caught.productId]);
    expect(hooks.received.some((delivery) => delivery.json.productId === missed.productId)).toBe(false);
  });

  it('with webhooks: false keeps subscriptions and delivers nothing', async () => {
    const sandbox = await sandboxWith({ seed: 'demo', webhooks: false });
    expect((await subscribe(sandbox, 'http://127.0.0.1:9/never', 'products/create')).status).toBe(201);
    expect((await call(sandbox, 'GET', '/app/webhooks/count')).json).toEqual({ count: '1' });
    expect(sandbox.webhookSecret).toBeUndefined();
  });
});
