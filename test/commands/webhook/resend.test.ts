// `webhook resend <webhookId> --log FILE --to URL`: a delivery kept by `listen --log`
// sent again, its body byte for byte, re-signed, its webhook id kept.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchSandbox } from '../../../src/sandbox/sandbox.js';
import { cli } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { call, waitFor } from '../_support.js';
import { deliveryHeaders, postRaw, sign, startApp, startListen, type App, type Listener } from './support.js';

const SECRET = 'whsec-resend-test-1';
const NEW_SECRET = 'whsec-resend-rotated-2';
const dir = mkdtempSync(join(tmpdir(), 'resend-'));
const NOW = new Date('2026-12-01T08:30:00.900Z');

let app: App;
let listener: Listener | undefined;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  app.received.length = 0;
  app.answer = { status: 200, body: '{"ok":true}' };
});
afterEach(async () => {
  await listener?.stop();
  listener = undefined;
});

/** A log written by a real `listen --log`, with the deliveries posted to it. */
async function logOf(name: string, deliveries: Array<{ headers: string[]; body: string }>, args: string[] = ['--secret', SECRET]): Promise<string> {
  const file = join(dir, name);
  listener = await startListen([...args, '--log', file]);
  for (const d of deliveries) expect((await postRaw(listener.url, d.headers, d.body)).status).toBe(200);
  await listener.stop();
  listener = undefined;
  return file;
}

const signed = (topic: string, id: string, body: string) => ({
  headers: [...deliveryHeaders(topic, id), 'X-Service-Shop-Domain', 'demo.example', 'X-Service-Hmac-Sha256', sign(body, SECRET)],
  body,
});

describe('webhook resend', () => {
  it('sends the logged body byte for byte, re-signed with the new secret, webhook id kept, trigger time fresh; a listener with that secret verifies it', async () => {
    const body = '{ "productId" : 40000000000000005019, "title": "\u00e9t\u00e9 \u2603" }';
    const file = await logOf('one.jsonl', [signed('products/update', 'wh-resend-1', body)]);

    listener = await startListen(['--secret', NEW_SECRET, '--json']);
    const r = await cli(['webhook', 'resend', 'wh-resend-1', '--log', file, '--to', listener.url, '--secret', NEW_SECRET, '--json'], { now: () => NOW });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      topic: 'products/update',
      webhookId: 'wh-resend-1',
      productId: '40000000000000005019',
      url: listener.url,
      status: 200,
    });
    const [received] = await waitFor(() => (listener!.records().length ? listener!.records() : undefined), 5000, 'the resent delivery');
    expect(received).toMatchObject({
      webhookId: 'wh-resend-1',
      topic: 'products/update',
      verified: true,
      triggeredAt: '2026-12-01T08:30:00Z',
      productId: '40000000000000005019',
    });
    expect(r.stderr).toBe('');
    expect(`${r.stdout}${r.stderr}`).not.toContain(NEW_SECRET);
  });

  it('what the handler gets: exact bytes, the X-Service-* headers as logged, no other header of the original sender', async () => {
    const body = '{"productId":"77",  "extra": [1, 2.50]}';
    const file = await logOf('headers.jsonl', [
      { ...signed('products/delete', 'wh-h', body), headers: [...signed('products/delete', 'wh-h', body).headers, 'Authorization', 'Basic c2VjcmV0'] },
    ]);
    const r = await cli(['webhook', 'resend', 'wh-h', '--log', file, '--to', app.url, '--secret', NEW_SECRET], { now: () => NOW });
    expect(r.code, r.stderr).toBe(0);
    const got = app.received[0]!;
    expect(got.body.toString('utf8')).toBe(body);
    expect(got.headers['x-service-hmac-sha256']).toBe(sign(body, NEW_SECRET));
    expect(got.headers).toMatchObject({
      'x-service-topic': 'products/delete',
      'x-service-webhook-id': 'wh-h',
      'x-service-triggered-at': '2026-12-01T08:30:00Z',
      'x-service-api-version': '202412',
      'x-service-shop-domain': 'demo.example',
      'content-type': 'application/json',
    });
    expect(got.headers).not.toHaveProperty('authorization');
    expect(r.stdout).toContain('STATUS\t200');
  });

  it('takes the last delivery with that id when it came several times; other ids are left alone', async () => {
    const file = await logOf('retries.jsonl', [
      signed('products/update', 'wh-dup', '{"productId":"1","title":"first try"}'),
      signed('products/update', 'wh-other', '{"productId":"2"}'),
      signed('products/update', 'wh-dup', '{"productId":"1","title":"retry"}'),
    ]);
    const r = await cli(['webhook', 'resend', 'wh-dup', '--log', file, '--to', app.url, '--secret', SECRET]);
    expect(r.code, r.stderr).toBe(0);
    expect(app.received.map((x) => x.body.toString('utf8'))).toEqual(['{"productId":"1","title":"retry"}']);
  });

  it('skips lines that are not deliveries (a torn last line) with a warning', async () => {
    const file = await logOf('torn.jsonl', [signed('products/create', 'wh-torn', '{"productId":"5"}')]);
    appendFileSync(file, '{"receivedAt":"2026-');
    const r = await cli(['webhook', 'resend', 'wh-torn', '--log', file, '--to', app.url, '--secret', SECRET]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(`warning: ${file}: skipped 1 line that is not a logged delivery (line 2).\n`);
    expect(app.received).toHaveLength(1);
  });

  it('an unverified delivery (listen had no secret) is resent with a warning; without --secret it goes unsigned', async () => {
    const file = await logOf('unchecked.jsonl', [{ headers: deliveryHeaders('products/create', 'wh-u'), body: '{"productId":"6"}' }], []);
    const r = await cli(['webhook', 'resend', 'wh-u', '--log', file, '--to', app.url]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('warning: the logged delivery was not checked when received');
    expect(r.stderr).toContain('warning: no --secret (nor STORE_CLI_WEBHOOK_SECRET): the event goes unsigned');
    expect(app.received[0]!.headers).not.toHaveProperty('x-service-hmac-sha256');
    const fromEnv = await cli(['webhook', 'resend', 'wh-u', '--log', file, '--to', app.url], { env: { STORE_CLI_WEBHOOK_SECRET: NEW_SECRET } });
    expect(fromEnv.code).toBe(0);
    expect(app.received[1]!.headers['x-service-hmac-sha256']).toBe(sign('{"productId":"6"}', NEW_SECRET));
  });

  it('exit codes as trigger: 1 for a non-2xx answer or no answer', async () => {
    const file = await logOf('fail.jsonl', [signed('products/create', 'wh-f', '{"productId":"8"}')]);
    app.answer = { status: 500, body: 'down' };
    const refused = await cli(['webhook', 'resend', 'wh-f', '--log', file, '--to', app.url, '--secret', SECRET]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(`error: The receiver at ${app.url} answered 500 to the resent products/create event (webhook id wh-f): down.\n`);
    const port = await freePort();
    const unreachable = await cli(['webhook', 'resend', 'wh-f', '--log', file, '--to', `http://127.0.0.1:${port}/`, '--secret', SECRET]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain('the connection was refused (ECONNREFUSED)');
    expectNoStackTrace(unreachable.stderr);
  });
});

describe('a sandbox delivery, kept by listen --log and resent', () => {
  it('reaches the app again exactly as the sandbox sent it: same bytes, same webhook id, a valid new signature', async () => {
    const file = join(dir, 'sandbox.jsonl');
    listener = await startListen(['--secret', SECRET, '--log', file, '--forward-to', app.url]);
    const sandbox = await launchSandbox({ port: 0, seed: 'demo', webhooks: { urls: [listener.url], secret: SECRET } }, { webhookBackoffMs: 5 });
    try {
      const created = await call(sandbox, 'POST', '/products', { product: { title: 'Resent Jacket', variants: [{ price: '10.00' }] } });
      expect(created.status).toBe(200);
      const original = await waitFor(() => app.received[0], 5000, 'the forwarded delivery');
      const id = original.headers['x-service-webhook-id'] as string;
      const r = await cli(['webhook', 'resend', id, '--log', file, '--to', app.url, '--secret', SECRET], { now: () => NOW });
      expect(r.code, r.stderr).toBe(0);
      const again = app.received[1]!;
      expect(again.body.equals(original.body)).toBe(true);
      expect(again.headers['x-service-webhook-id']).toBe(id);
      expect(again.headers['x-service-topic']).toBe('products/create');
      expect(again.headers['x-service-triggered-at']).toBe('2026-12-01T08:30:00Z');
      expect(again.headers['x-service-hmac-sha256']).toBe(sign(original.body, SECRET));
    } finally {
      await sandbox.close();
    }
  });
});

describe('webhook resend refuses with exit 2, sending nothing', () => {
  it('an id the log does not have, naming the id and the file', async () => {
    const file = await logOf('absent.jsonl', [signed('products/create', 'wh-here', '{"productId":"3"}')]);
    const r = await cli(['webhook', 'resend', 'wh-not-here', '--log', file, '--to', app.url]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`error: No delivery with webhook id wh-not-here in ${file}; nothing was sent.\n`);
    expect(app.received).toEqual([]);
  });

  it.each([
    ['a missing log', () => join(dir, 'missing.jsonl'), 'no such file'],
    ['a directory', () => dir, 'it is a directory'],
  ])('%s', async (_what, path, why) => {
    const file = path();
    const r = await cli(['webhook', 'resend', 'wh-x', '--log', file, '--to', app.url]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: --log ${file}: ${why}`);
    expect(app.received).toEqual([]);
  });

  it.each([
    [['wh-x', '--to', 'http://127.0.0.1:1/'], '--log'],
    [['wh-x', '--log', 'x.jsonl'], '--to'],
    [['wh-x', '--log', 'x.jsonl', '--to', 'ftp://x/'], '--to'],
  ])('%j', async (args, flag) => {
    const r = await cli(['webhook', 'resend', ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(flag);
  });

  it('a log that is not a log: every line skipped, then the id is absent', async () => {
    const file = join(dir, 'not-a-log.jsonl');
    writeFileSync(file, 'hello\n{"a":1}\n');
    const r = await cli(['webhook', 'resend', 'wh-x', '--log', file, '--to', app.url]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('skipped 2 lines that are not a logged delivery (lines 1, 2)');
    expect(readFileSync(file, 'utf8')).toBe('hello\n{"a":1}\n'); // read, never written
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
