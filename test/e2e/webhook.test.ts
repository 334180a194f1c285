// `webhook listen` and `webhook trigger` as processes: the built binary (samples bundled),
// the sandbox's real deliveries,
// signatures, refusals, forwarding, and clean stops.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, killLeftovers, removeScratch, requireBuild, run, serve, until } from '../helpers/cli-spawn.js';
import { STACK_LINE } from '../helpers/stack-trace.js';
import { listen, sign } from './webhook-helpers.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

const SECRET = 'whsec-e2e-1';

describe('webhook trigger -> webhook listen', () => {
  it('each topic arrives signed and verified, in order; SIGTERM stops listen with exit 0', async () => {
    const l = await listen(['--secret', SECRET, '--json']);
    try {
      for (const topic of ['products/create', 'products/update', 'products/delete']) {
        const sent = await run(['webhook', 'trigger', topic, '--to', l.url, '--secret', SECRET, '--json']);
        expect(sent.code, sent.stderr).toBe(0);
        expect(JSON.parse(sent.stdout)).toMatchObject({ topic, status: 200, productId: '4000000000000000501' });
      }
      await l.lines(3);
      const records = l.records();
      expect(records.map((r) => [r.topic, r.productId, r.title, r.verified, r.status])).toEqual([
        ['products/create', '4000000000000000501', 'Merino Crew Sweater', true, 200],
        ['products/update', '4000000000000000501', 'Merino Crew Sweater (Winter Edition)', true, 200],
        ['products/delete', '4000000000000000501', null, true, 200],
      ]);
      expect((records[0]!.payload as { variants: unknown[] }).variants).toHaveLength(4);
    } finally {
      const end = await l.stop('SIGTERM');
      expect(end).toEqual({ code: 0, signal: null });
    }
    expect(l.stderr()).toMatch(/Stopped listening/);
    expect(l.stderr()).not.toMatch(STACK_LINE);
    expect(`${l.stdout()}${l.stderr()}`).not.toContain(SECRET);
  });

  it('a forged signature gets 401 and a warning on stderr; Ctrl-C (SIGINT) also exits 0', async () => {
    const l = await listen(['--secret', SECRET, '--json']);
    try {
      const body = JSON.stringify({ productId: '4000000000000000999', title: 'Forged' });
      const forged = await fetch(l.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-topic': 'products/create', 'x-service-webhook-id': 'wh-forged-e2e', 'x-service-hmac-sha256': sign(body, 'guessed') },
        body,
      });
      expect(forged.status).toBe(401);
      await forged.text();
      const wrongSecret = await run(['webhook', 'trigger', 'products/update', '--to', l.url, '--secret', 'guessed']);
      expect(wrongSecret.code).toBe(1);
      expect(wrongSecret.stderr).toMatch(/answered 401 to the products\/update event/);
      expect(wrongSecret.stderr).not.toContain('guessed');
    } finally {
      expect(await l.stop('SIGINT')).toEqual({ code: 0, signal: null });
    }
    expect(l.stdout()).toBe('');
    expect(l.stderr()).toMatch(/warning: Refused a products\/create delivery \(X-Service-\* headers, webhook id wh-forged-e2e\): its X-Service-Hmac-Sha256 signature does not match/);
    expect(l.stderr()).toMatch(/warning: Refused a products\/update delivery/);
  });

  it('a topic without a sample exits 2 naming the topics it can send', async () => {
    const r = await run(['webhook', 'trigger', 'products/archive', '--to', 'http://127.0.0.1:9/']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /Cannot trigger products\/archive: there is no sample payload for 'products\/archive'; trigger sends the samples of products\/create, products\/update, products\/delete, orders\/create, .*discounts\/delete, shop\/update, .*app\/authorizationCodeGranted\./,
    );
  });
});

describe('sandbox serve --webhook -> webhook listen', () => {
  it("the sandbox's create, update and delete arrive in order, signatures verified", async () => {
    const l = await listen(['--secret', SECRET, '--json']);
    const s = await serve(['--json', '--quiet', '--token', 't', '--webhook', l.url, '--webhook-secret', SECRET]);
    try {
      const created = await api(s, 'POST', '/products', { product: { title: 'Trail Mug', variants: [{ price: '14.00' }] } });
      expect(created.status).toBe(200);
      const product = (created.json as { product: Record<string, unknown> & { productId: string } }).product;
      expect((await api(s, 'PUT', `/products/${product.productId}`, { product: { ...product, title: 'Trail Mug XL' } })).status).toBe(200);
      expect((await api(s, 'DELETE', `/products/${product.productId}`)).status).toBe(200);

      await l.lines(3);
      expect(l.records().map((r) => [r.topic, r.productId, r.title, r.verified, r.status])).toEqual([
        ['products/create', product.productId, 'Trail Mug', true, 200],
        ['products/update', product.productId, 'Trail Mug XL', true, 200],
        ['products/delete', product.productId, null, true, 200],
      ]);
      expect(l.stderr()).not.toMatch(/warning/);
    } finally {
      await s.stop();
      expect((await l.stop()).code).toBe(0);
    }
  });

  it('deliveries signed with another secret are refused with 401 and a warning; the sandbox sees the 401', async () => {
    const l = await listen(['--secret', SECRET, '--json']);
    const s = await serve(['--json', '--token', 't', '--webhook', l.url, '--webhook-secret', 'someone-elses-secret']);
    try {
      expect((await api(s, 'POST', '/products', { product: { title: 'Forged Mug' } })).status).toBe(200);
      await until(
        () => (/warning: Refused a products\/create delivery .*signature does not match/.test(l.stderr()) ? true : undefined),
        10_000,
        () => l.stderr(),
      );
      await until(
        () => (/products\/create .*401/.test(s.stderr()) ? true : undefined),
        10_000,
        () => s.stderr(),
      );
      expect(l.stdout()).toBe('');
    } finally {
      await s.stop();
      await l.stop();
    }
  });
});

describe('webhook listen --forward-to', () => {
  let app: Server;
  let appUrl: string;
  const received: Array<{ rawHeaders: string[]; headers: IncomingHttpHeaders; body: Buffer }> = [];

  beforeAll(async () => {
    app = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ rawHeaders: req.rawHeaders, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(received.length === 1 ? 204 : 503).end();
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/webhooks`;
  });
  afterAll(async () => {
    app.closeAllConnections();
    await new Promise((resolve) => app.close(resolve));
  });

  it("headers and body reach the app unchanged; listen prints the app's status and passes it back", async () => {
    const l = await listen(['--secret', SECRET, '--forward-to', appUrl]);
    try {
      const first = await run(['webhook', 'trigger', 'products/create', '--to', l.url, '--secret', SECRET, '--json', 'webhookId,status']);
      expect(first.code, first.stderr).toBe(0);
      const { webhookId, status } = JSON.parse(first.stdout) as { webhookId: string; status: number };
      expect(status).toBe(204);
      const second = await run(['webhook', 'trigger', 'products/delete', '--to', l.url, '--secret', SECRET]);
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(/answered 503/);

      const [delivered] = received;
      const names = delivered!.rawHeaders.filter((_, i) => i % 2 === 0);
      // The sender's header names, in its case and order (trigger writes them so).
      expect(names.filter((n) => n.startsWith('X-Service-'))).toEqual(['X-Service-Topic', 'X-Service-Webhook-Id', 'X-Service-Triggered-At', 'X-Service-Api-Version', 'X-Service-Hmac-Sha256']);
      expect(delivered!.headers['x-service-webhook-id']).toBe(webhookId);
      expect(delivered!.headers['x-service-hmac-sha256']).toBe(sign(delivered!.body, SECRET));
      expect(delivered!.headers['user-agent']).toMatch(/^store-cli\//);
      expect(JSON.parse(delivered!.body.toString('utf8'))).toMatchObject({ productId: '4000000000000000501', title: 'Merino Crew Sweater' });

      const lines = await l.lines(2);
      expect(lines.map((line) => line.split('\t').slice(1))).toEqual([
        ['products/create', '4000000000000000501', 'Merino Crew Sweater', 'verified', 'service', '204'],
        ['products/delete', '4000000000000000501', '', 'verified', 'service', '503'],
      ]);
    } finally {
      expect((await l.stop()).code).toBe(0);
    }
  });
});
