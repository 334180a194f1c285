import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { expectUsageError } from '../_support.js';
import { sign, startApp, type App } from './support.js';

const sampleText = (name: string) => readFileSync(new URL(`../../../src/webhooks/samples/${name}`, import.meta.url), 'utf8');
const SECRET = 'whsec-trigger-test-1';
const NOW = new Date('2026-11-21T10:00:00.250Z');

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
});
beforeEach(() => {
  app.received.length = 0;
  app.answer = { status: 200, body: '{"ok":true}' };
});

describe('webhook trigger', () => {
  it.each([
    ['products/create', 'products-create.json'],
    ['products/update', 'products-update.json'],
    ['products/delete', 'products-delete.json'],
  ])('%s: the sample as JSON, described and signed by the headers of the contract', async (topic, file) => {
    const r = await cli(['webhook', 'trigger', topic, '--to', app.url, '--secret', SECRET], { now: () => NOW });
    expect(r.code, r.stderr).toBe(0);
    expect(app.received).toHaveLength(1);
    const got = app.received[0]!;
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/hooks?app=1');
    expect(JSON.parse(got.body.toString('utf8'))).toEqual(JSON.parse(sampleText(file)));
    expect(got.headers).toMatchObject({
      'content-type': 'application/json',
      'x-service-topic': topic,
      'x-service-triggered-at': '2026-11-21T10:00:00Z',
      'x-service-api-version': '202412',
      'content-length': String(got.body.length),
    });
    expect(got.headers['x-service-webhook-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(got.headers['x-service-hmac-sha256']).toBe(sign(got.body, SECRET));
    // Piped: FIELD<TAB>value lines; the status is the receiver's.
    expect(r.stdout).toBe(
      [`TOPIC\t${topic}`, `WEBHOOK_ID\t${got.headers['x-service-webhook-id']}`, 'PRODUCT_ID\t4000000000000000501', `URL\t${app.url}`, 'STATUS\t200', ''].join(
        '\n',
      ),
    );
    expect(r.stderr).toBe('');
  });

  it('a fresh webhook id for every event', async () => {
    await cli(['webhook', 'trigger', 'products/create', '--to', app.url, '--secret', SECRET]);
    await cli(['webhook', 'trigger', 'products/create', '--to', app.url, '--secret', SECRET]);
    const ids = app.received.map((r) => r.headers['x-service-webhook-id']);
    expect(new Set(ids).size).toBe(2);
  });

  it('--json prints {topic, webhookId, productId, url, status}; --json status only that', async () => {
    app.answer = { status: 202, body: '' };
    const full = await cli(['webhook', 'trigger', 'products/update', '--to', app.url, '--secret', SECRET, '--json']);
    expect(full.code, full.stderr).toBe(0);
    const printed = JSON.parse(full.stdout) as Record<string, unknown>;
    expect(printed).toEqual({
      topic: 'products/update',
      webhookId: app.received[0]!.headers['x-service-webhook-id'],
      productId: '4000000000000000501',
      url: app.url,
      status: 202,
    });
    const one = await cli(['webhook', 'trigger', 'products/update', '--to', app.url, '--secret', SECRET, '--json', 'status']);
    expect(JSON.parse(one.stdout)).toEqual({ status: 202 });
  });

  it('--product-id puts that id on the product, its variants and images', async () => {
    const r = await cli([
      'webhook',
      'trigger',
      'products/update',
      '--to',
      app.url,
      '--secret',
      SECRET,
      '--product-id',
      '4000000000000000123',
      '--json',
      'productId',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ productId: '4000000000000000123' });
    const body = JSON.parse(app.received[0]!.body.toString('utf8')) as {
      productId: string;
      variants: Array<{ productId: string }>;
      images: Array<{ productId: string }>;
    };
    expect(body.productId).toBe('4000000000000000123');
    expect(new Set([...body.variants, ...body.images].map((x) => x.productId))).toEqual(new Set(['4000000000000000123']));
    const deletion = await cli(['webhook', 'trigger', 'products/delete', '--to', app.url, '--product-id', '77']);
    expect(deletion.code).toBe(0);
    expect(app.received[1]!.body.toString('utf8')).toBe('{"productId":"77"}');
  });

  it('credentials in --to are never shown: not in the output, not in an error', async () => {
    const withCredentials = app.url.replace('http://', 'http://hook:pw-s3cret@');
    const sent = await cli(['webhook', 'trigger', 'products/create', '--to', withCredentials, '--json', 'url']);
    expect(sent.code, sent.stderr).toBe(0);
    expect(JSON.parse(sent.stdout)).toEqual({ url: app.url });
    app.answer = { status: 500, body: 'down' };
    const failed = await cli(['webhook', 'trigger', 'products/create', '--to', withCredentials]);
    expect(failed.code).toBe(1);
    expect(`${failed.stdout}${failed.stderr}`).not.toContain('pw-s3cret');
  });

  it('without --secret: sent unsigned, with a warning on stderr', async () => {
    const r = await cli(['webhook', 'trigger', 'products/create', '--to', app.url]);
    expect(r.code).toBe(0);
    expect(app.received[0]!.headers).not.toHaveProperty('x-service-hmac-sha256');
    expect(r.stderr).toMatch(/^warning: no --secret \(nor STORE_CLI_WEBHOOK_SECRET\): the event goes unsigned/);
  });

  it('a non-2xx answer exits 1 with one sentence quoting the receiver; nothing on stdout', async () => {
    app.answer = { status: 401, body: '{"error": "bad\n signature"}' };
    const r = await cli(['webhook', 'trigger', 'products/create', '--to', app.url, '--secret', SECRET]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`error: The receiver at ${app.url} answered 401 to the products/create event: {"error": "bad signature"}.\n`);
  });

  it('an unreachable receiver exits 1 naming it', async () => {
    const port = await freePort();
    const r = await cli(['webhook', 'trigger', 'products/delete', '--to', `http://127.0.0.1:${port}/`]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      new RegExp(`error: Could not deliver the products/delete event to http://127\\.0\\.0\\.1:${port}/: the connection was refused \\(ECONNREFUSED\\)\\.`),
    );
    expectNoStackTrace(r.stderr);
  });

  it('the secret never appears, not even with --verbose', async () => {
    const ok = await cli(['--verbose', 'webhook', 'trigger', 'products/create', '--to', app.url, '--secret', SECRET]);
    expect(ok.stderr).toMatch(/> POST http:\/\/127\.0\.0\.1:\d+\/hooks\?app=1/);
    expect(ok.stderr).toMatch(/> X-Service-Topic: products\/create/);
    expect(ok.stderr).toMatch(/< 200/);
    app.answer = { status: 500, body: 'nope' };
    const failed = await cli(['--verbose', 'webhook', 'trigger', 'products/create', '--to', app.url, '--secret', SECRET]);
    expect(failed.code).toBe(1);
    for (const r of [ok, failed]) expect(`${r.stdout}${r.stderr}`).not.toContain(SECRET);
  });
});

describe('webhook trigger refuses bad usage with exit 2, sending nothing', () => {
  it('a topic without a sample, or no topic at all, naming the topics it can send', async () => {
    const r = await cli(['webhook', 'trigger', 'collections/create', '--to', app.url]);
    expectUsageError(r, "Cannot trigger collections/create: there is no sample payload for 'collections/create'");
    expect(r.stderr).toContain('trigger sends the samples of products/create, products/update, products/delete, orders/create,');
    // A near miss of a topic it can send names that topic.
    expectUsageError(
      await cli(['webhook', 'trigger', 'order/create', '--to', app.url]),
      'Cannot trigger order/create: did you mean orders/create? Nothing was sent.',
    );
    expectUsageError(await cli(['webhook', 'trigger', 'products', '--to', app.url]), "'products' is not a topic");
  });

  it.each([
    [['products/create'], '--to'],
    [['products/create', '--to', 'not a url'], '--to'],
    [['products/create', '--to', 'file:///tmp/x'], '--to'],
    [['products/create', '--to', 'http://127.0.0.1:1/', '--secret', ' '], '--secret'],
    [['products/create', '--to', 'http://127.0.0.1:1/', '--product-id', 'abc'], '--product-id'],
    [['products/create', '--to', 'http://127.0.0.1:1/', '--json', 'nope'], 'nope'],
  ])('%j', async (args, flag) => {
    const r = await cli(['webhook', 'trigger', ...args]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(flag);
    expect(app.received).toEqual([]);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
