import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { expectUsageError, settle, tsvRows, waitFor } from '../_support.js';
import { deliveryHeaders, endToEndHeaders, postRaw, sign, startApp, startListen, type App, type Listener } from './support.js';

const sample = (name: string) => JSON.parse(readFileSync(new URL(`../../../src/webhooks/samples/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
const SECRET = 'whsec-listen-test-1';

let listener: Listener | undefined;
let app: App | undefined;
afterEach(async () => {
  await listener?.stop();
  await app?.close();
  listener = undefined;
  app = undefined;
});

describe('webhook listen --secret --json', () => {
  it('receives trigger events of each topic: one NDJSON line each, in order, verified, payload exact', async () => {
    listener = await startListen(['--secret', SECRET, '--json']);
    for (const topic of ['products/create', 'products/update', 'products/delete']) {
      const sent = await cli(['webhook', 'trigger', topic, '--to', listener.url, '--secret', SECRET, '--json']);
      expect(sent.code, sent.stderr).toBe(0);
      expect(JSON.parse(sent.stdout)).toMatchObject({ topic, status: 200, productId: '4000000000000000501' });
    }
    const records = await waitFor(() => (listener!.records().length === 3 ? listener!.records() : undefined), 5000, 'three deliveries');
    expect(records.map((r) => r.topic)).toEqual(['products/create', 'products/update', 'products/delete']);
    expect(records.map((r) => r.title)).toEqual(['Merino Crew Sweater', 'Merino Crew Sweater (Winter Edition)', null]);
    for (const record of records) {
      expect(record).toMatchObject({ productId: '4000000000000000501', verified: true, status: 200, apiVersion: '202412' });
      expect(record.webhookId).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(record.receivedAt as string)).not.toBeNaN();
      expect(record).not.toHaveProperty('forwardStatus'); // not forwarding
    }
    expect(records[0]!.payload).toEqual(sample('products-create.json'));
    expect(records[1]!.payload).toEqual(sample('products-update.json'));
    expect(records[2]!.payload).toEqual(sample('products-delete.json'));

    const end = await listener.stop();
    listener = undefined;
    expect(end.code).toBe(0);
    expect(end.stderr).toMatch(/Stopped listening/);
    expect(end.stderr).not.toMatch(/warning/); // a secret is set, every delivery was good
    expect(`${end.stdout}${end.stderr}`).not.toContain(SECRET);
  });

  it('refuses a forged signature and a missing one with 401 and a warning; nothing reaches stdout', async () => {
    listener = await startListen(['--secret', SECRET, '--json']);
    const body = JSON.stringify({ productId: '4000000000000000777', title: 'Forged' });
    const forged = await postRaw(
      listener.url,
      [...deliveryHeaders('products/create', 'wh-forged'), 'X-Service-Hmac-Sha256', sign(body, 'not-the-secret')],
      body,
    );
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body).error).toMatch(/does not match/);
    const unsigned = await postRaw(listener.url, deliveryHeaders('products/update', 'wh-unsigned'), body);
    expect(unsigned.status).toBe(401);
    // The right signature over other bytes (the body changed on the way) is refused too.
    const tampered = await postRaw(
      listener.url,
      [...deliveryHeaders('products/create', 'wh-tampered'), 'X-Service-Hmac-Sha256', sign(body, SECRET)],
      body.replace('Forged', 'Forgeq'),
    );
    expect(tampered.status).toBe(401);
    const good = await postRaw(listener.url, [...deliveryHeaders('products/create', 'wh-good'), 'X-Service-Hmac-Sha256', sign(body, SECRET)], body);
    expect(good.status).toBe(200);

    await waitFor(() => (listener!.records().length === 1 ? true : undefined), 5000, 'the good delivery');
    expect(listener.records()).toEqual([expect.objectContaining({ webhookId: 'wh-good', productId: '4000000000000000777', verified: true })]);
    const stderr = listener.run.stderr();
    expect(stderr).toMatch(
      /warning: Refused a products\/create delivery \(X-Service-\* headers, webhook id wh-forged\): its X-Service-Hmac-Sha256 signature does not match/,
    );
    expect(stderr).toMatch(
      /warning: Refused a products\/update delivery \(X-Service-\* headers, webhook id wh-unsigned\): it carries no X-Service-Hmac-Sha256 or X-Genstore-Hmac-Sha256 header/,
    );
    expect(stderr).toMatch(/webhook id wh-tampered/);
    expect(stderr).not.toContain(SECRET);
  });

  it('answers 405 to other methods and 400 to a body that is not JSON, with warnings', async () => {
    listener = await startListen(['--json']);
    const get = await fetch(listener.url);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    await get.text();
    const bad = await postRaw(listener.url, deliveryHeaders('products/create', 'wh-bad-json'), '{"productId": ');
    expect(bad.status).toBe(400);
    await settle();
    expect(listener.records()).toEqual([]);
    expect(listener.run.stderr()).toMatch(/Refused a GET request to \/: webhook deliveries are POST requests \(answered 405\)/);
    expect(listener.run.stderr()).toMatch(/Refused a products\/create delivery \(X-Service-\* headers, webhook id wh-bad-json\): the body is not valid JSON/);
  });

  it('keeps ids exact: a productId sent as a bare JSON number beyond 2^53', async () => {
    listener = await startListen(['--secret', SECRET, '--json']);
    const body = '{"productId":4000000000000000999,"title":"Big id","variants":[{"variantId":4000000000000001001}]}';
    const sent = await postRaw(listener.url, [...deliveryHeaders('products/create'), 'X-Service-Hmac-Sha256', sign(body, SECRET)], body);
    expect(sent.status).toBe(200);
    const line = await waitFor(() => listener!.run.stdout().split('\n')[0] || undefined, 5000, 'the delivery line');
    expect(line).toContain('"productId":"4000000000000000999"');
    expect(line).toContain('"payload":{"productId":4000000000000000999,"title":"Big id","variants":[{"variantId":4000000000000001001}]}');
  });

  it('--json fields keeps only those', async () => {
    listener = await startListen(['--json', 'topic,productId', '--secret', SECRET]);
    expect((await cli(['webhook', 'trigger', 'products/delete', '--to', listener.url, '--secret', SECRET])).code).toBe(0);
    await waitFor(() => (listener!.records().length === 1 ? true : undefined), 5000, 'the delivery');
    expect(listener.records()).toEqual([{ topic: 'products/delete', productId: '4000000000000000501' }]);
  });
});

describe('webhook listen with STORE_CLI_WEBHOOK_SECRET', () => {
  it('checks signatures with the secret from the environment, as with --secret, and never prints it', async () => {
    listener = await startListen(['--json'], { STORE_CLI_WEBHOOK_SECRET: SECRET });
    const body = JSON.stringify({ productId: '4000000000000000778', title: 'From env' });
    const forged = await postRaw(
      listener.url,
      [...deliveryHeaders('products/create', 'wh-env-forged'), 'X-Service-Hmac-Sha256', sign(body, 'not-the-secret')],
      body,
    );
    expect(forged.status).toBe(401);
    const sent = await cli(['webhook', 'trigger', 'products/create', '--to', listener.url], { env: { STORE_CLI_WEBHOOK_SECRET: SECRET } });
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stderr).not.toMatch(/warning/);
    const records = await waitFor(() => (listener!.records().length === 1 ? listener!.records() : undefined), 5000, 'one delivery');
    expect(records[0]).toMatchObject({ topic: 'products/create', verified: true });
    const end = await listener.stop();
    listener = undefined;
    expect(`${end.stdout}${end.stderr}`).not.toContain(SECRET);
    expect(end.stderr).not.toMatch(/no --secret/);
  });

  it('a blank STORE_CLI_WEBHOOK_SECRET is a usage error naming it', async () => {
    const r = await cli(['webhook', 'listen', '--port', '0'], { env: { STORE_CLI_WEBHOOK_SECRET: '   ' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/STORE_CLI_WEBHOOK_SECRET must not be blank/);
  });
});

describe('webhook listen without --json', () => {
  it('piped: one tab-separated line per delivery (time, topic, product id, title, signature, header family)', async () => {
    listener = await startListen(['--secret', SECRET]);
    expect((await cli(['webhook', 'trigger', 'products/create', '--to', listener.url, '--secret', SECRET])).code).toBe(0);
    expect((await cli(['webhook', 'trigger', 'products/delete', '--to', listener.url, '--secret', SECRET, '--product-id', '42'])).code).toBe(0);
    const rows = await waitFor(() => (tsvRows(listener!.run.stdout()).length === 2 ? tsvRows(listener!.run.stdout()) : undefined), 5000, 'two lines');
    expect(rows.map((row) => row.slice(1))).toEqual([
      ['products/create', '4000000000000000501', 'Merino Crew Sweater', 'verified', 'service'],
      ['products/delete', '42', '', 'verified', 'service'],
    ]);
    expect(rows[0]![0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('without --secret: accepts unsigned deliveries, shows them unchecked, and warns once at start', async () => {
    listener = await startListen([]);
    expect(listener.run.stderr()).toMatch(/warning: no --secret \(nor STORE_CLI_WEBHOOK_SECRET\): signatures are not checked/);
    expect((await cli(['webhook', 'trigger', 'products/update', '--to', listener.url])).code).toBe(0);
    expect((await cli(['webhook', 'trigger', 'products/update', '--to', listener.url, '--secret', 'anything'])).code).toBe(0);
    const rows = await waitFor(() => (tsvRows(listener!.run.stdout()).length === 2 ? tsvRows(listener!.run.stdout()) : undefined), 5000, 'two lines');
    expect(rows.map((row) => row[4])).toEqual(['unchecked', 'unchecked']);
    expect(listener.run.stderr().match(/warning/g)).toHaveLength(1);
  });
});

describe('webhook listen --forward-to', () => {
  it('passes the delivery on unchanged (header case and order, body bytes) and answers with the app status', async () => {
    app = await startApp();
    app.answer = { status: 202, body: '{"queued":true}' };
    listener = await startListen(['--secret', SECRET, '--forward-to', app.url, '--json']);
    // Unusual but legal: pretty JSON with a trailing space, a custom header in odd case, a header twice.
    const body = '{\n  "productId": "4000000000000000888",\n  "title": "Café crème" \n}';
    const headers = [
      ...deliveryHeaders('products/create', 'wh-fwd'),
      'X-Service-Hmac-Sha256',
      sign(body, SECRET),
      'x-CUSTOM-thing',
      'A b',
      'X-Twice',
      'one',
      'X-Twice',
      'two',
    ];
    const sent = await postRaw(listener.url, headers, body);
    expect(sent).toEqual({ status: 202, body: '{"queued":true}' });

    expect(app.received).toHaveLength(1);
    const got = app.received[0]!;
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/hooks?app=1');
    expect(got.body.equals(Buffer.from(body))).toBe(true);
    expect(endToEndHeaders(got.rawHeaders)).toEqual(endToEndHeaders(headers));
    expect(got.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(sign(got.body, SECRET)).toBe(got.headers['x-service-hmac-sha256']); // the app can verify it

    const [record] = await waitFor(() => (listener!.records().length === 1 ? listener!.records() : undefined), 5000, 'the delivery');
    expect(record).toMatchObject({ webhookId: 'wh-fwd', title: 'Café crème', status: 202, forwardStatus: 202, verified: true });
  });

  it("an app's failure goes back to the sender (so it retries); an unreachable app is a 502 and a warning", async () => {
    app = await startApp();
    app.answer = { status: 500, body: '{"error":"boom"}' };
    listener = await startListen(['--secret', SECRET, '--forward-to', app.url]);
    const failed = await cli(['webhook', 'trigger', 'products/create', '--to', listener.url, '--secret', SECRET]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/answered 500 to the products\/create event: \{"error":"boom"\}/);
    expect(failed.stdout).toBe('');

    await app.close();
    const unreachable = await cli(['webhook', 'trigger', 'products/update', '--to', listener.url, '--secret', SECRET]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/answered 502/);
    app = undefined;

    const rows = await waitFor(() => (tsvRows(listener!.run.stdout()).length === 2 ? tsvRows(listener!.run.stdout()) : undefined), 5000, 'two lines');
    expect(rows.map((row) => row.slice(1))).toEqual([
      ['products/create', '4000000000000000501', 'Merino Crew Sweater', 'verified', 'service', '500'],
      ['products/update', '4000000000000000501', 'Merino Crew Sweater (Winter Edition)', 'verified', 'service', 'unreachable'],
    ]);
    expect(listener.run.stderr()).toMatch(
      /warning: Could not forward a products\/update delivery \(X-Service-\* headers, webhook id [0-9a-f-]+\) to http:\/\/127\.0\.0\.1:\d+\/hooks\?app=1: the connection was refused \(answered 502, so the sender retries\)/,
    );
  });

  it('forwards nothing when the signature is bad', async () => {
    app = await startApp();
    listener = await startListen(['--secret', SECRET, '--forward-to', app.url]);
    const r = await cli(['webhook', 'trigger', 'products/create', '--to', listener.url, '--secret', 'wrong-secret']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/answered 401/);
    expect(app.received).toEqual([]);
    expect(listener.run.stderr()).toMatch(/answered 401, nothing forwarded/);
  });
});

describe('webhook listen refuses bad options with exit 2 before listening', () => {
  const cases: Array<[string[], string]> = [
    [['--port', '70000'], '--port'],
    [['--port', 'x'], '--port'],
    [['--forward-to', 'localhost:3000'], '--forward-to'],
    [['--forward-to', 'ftp://127.0.0.1/'], '--forward-to'],
    [['--secret', ''], '--secret'],
    [['--json', 'topic,nope'], 'nope'],
  ];
  it.each(cases)('%j', async (args, flag) => {
    const r = await cli(['webhook', 'listen', '--port', '0', ...args]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(flag);
    expect(r.stderr).not.toMatch(/Listening/);
  });

  it('a port in use is named in one sentence', async () => {
    listener = await startListen([]);
    const port = new URL(listener.url).port;
    const r = await cli(['webhook', 'listen', '--port', port]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`Cannot listen on 127\\.0\\.0\\.1:${port}: the port is in use`));
  });

  it('--port 70000 is a usage error naming the flag', async () => {
    expectUsageError(await cli(['webhook', 'listen', '--port', '70000']), '--port');
  });
});
