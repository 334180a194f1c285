// Webhooks of either header family, in-process: `webhook listen` verifying deliveries signed
// as X-Service-* and as X-Genstore-*, `trigger` and `resend` sending in the profile's family
// or --brand's, and the sandbox delivering in its dialect's family. Deliveries are signed
// here, independently of the product's code.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, scratchDirs } from '../../helpers/cli-in-process.js';
import { startLogged } from '../../helpers/logged-sandbox.js';
import { STACK_LINE } from '../../helpers/stack-trace.js';
import { linesOf, sign, startListen as listen } from './support.js';

type Env = Record<string, string>;

const SECRET = 'whsec-e2e-families';
const FAMILIES = [
  { brand: 'service', prefix: 'X-Service' },
  { brand: 'genstore', prefix: 'X-Genstore' },
] as const;

/** A delivery's headers under a family's names, as a store of that family sends them. */
function deliveryHeaders(prefix: string, topic: string, webhookId: string, body: string, secret: string | undefined): Record<string, string> {
  return {
    'content-type': 'application/json',
    [`${prefix}-Topic`]: topic,
    [`${prefix}-Webhook-Id`]: webhookId,
    [`${prefix}-Triggered-At`]: '2024-10-30T16:19:13-04:00',
    [`${prefix}-Api-Version`]: '202412',
    [`${prefix}-Shop-Domain`]: 'harbor-goods.genmystore.com',
    ...(secret === undefined ? {} : { [`${prefix}-Hmac-Sha256`]: sign(body, secret) }),
  };
}

async function post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { method: 'POST', headers, body });
  return { status: response.status, text: await response.text() };
}

interface Recorded {
  rawHeaders: string[];
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A handler that records what reaches it and answers 200. */
async function recorder(): Promise<{ url: string; received: Recorded[]; close(): Promise<void> }> {
  const received: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ rawHeaders: req.rawHeaders, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The family-prefixed header names of a request, in order. */
function familyNames(recorded: Recorded): string[] {
  return recorded.rawHeaders.filter((_, i) => i % 2 === 0).filter((name) => /^x-(service|genstore)-/i.test(name));
}

/** An environment whose saved profile names a store and, optionally, its brand (the config file as `auth login` writes it). */
function profileEnv(profile: { baseUrl: string; brand?: string }): Env {
  const env = scratchDirs();
  mkdirSync(env.STORE_CLI_CONFIG_DIR, { recursive: true, mode: 0o700 });
  const record = {
    baseUrl: profile.baseUrl,
    token: 'shpat-e2e-families-token',
    ...(profile.brand === undefined ? {} : { defaults: { brand: profile.brand } }),
  };
  writeFileSync(join(env.STORE_CLI_CONFIG_DIR, 'config.json'), JSON.stringify({ defaultProfile: 'shop', profiles: { shop: record } }), { mode: 0o600 });
  return env;
}

describe.each(FAMILIES)('webhook listen --secret, $prefix-* deliveries', ({ brand, prefix }) => {
  it('verifies a delivery signed under the family, shows which family and shop domain; refuses forged and unsigned ones with 401', async () => {
    const l = await listen(['--secret', SECRET, '--json']);
    const body = JSON.stringify({ productId: '4000000000000000321', title: `${brand} mug` });
    try {
      const good = await post(l.url, deliveryHeaders(prefix, 'products/create', `wh-${brand}-good`, body, SECRET), body);
      expect(good).toEqual({ status: 200, text: '{"received":true}' });
      const forged = await post(l.url, deliveryHeaders(prefix, 'products/create', `wh-${brand}-forged`, body, 'guessed-secret'), body);
      expect(forged.status).toBe(401);
      expect(JSON.parse(forged.text).error).toBe(`The ${prefix}-Hmac-Sha256 signature does not match the body.`);
      // The signature of another body: what a tampered delivery carries.
      const tampered = await post(l.url, deliveryHeaders(prefix, 'products/update', `wh-${brand}-tampered`, body, SECRET), body.replace('mug', 'jug'));
      expect(tampered.status).toBe(401);
      const unsigned = await post(l.url, deliveryHeaders(prefix, 'products/delete', `wh-${brand}-unsigned`, body, undefined), body);
      expect(unsigned.status).toBe(401);

      await linesOf(l, 1);
      expect(l.records()).toEqual([
        expect.objectContaining({
          topic: 'products/create',
          webhookId: `wh-${brand}-good`,
          triggeredAt: '2024-10-30T16:19:13-04:00',
          apiVersion: '202412',
          brand,
          shopDomain: 'harbor-goods.genmystore.com',
          productId: '4000000000000000321',
          verified: true,
          status: 200,
        }),
      ]);
    } finally {
      expect((await l.stop()).code).toBe(0);
    }
    const stderr = l.run.stderr();
    expect(stderr).toContain(
      `warning: Refused a products/create delivery (${prefix}-* headers, webhook id wh-${brand}-forged): its ${prefix}-Hmac-Sha256 signature does not match the body signed with --secret (answered 401).`,
    );
    expect(stderr).toContain(`Refused a products/update delivery (${prefix}-* headers, webhook id wh-${brand}-tampered)`);
    expect(stderr).toContain(
      `Refused a products/delete delivery (${prefix}-* headers, webhook id wh-${brand}-unsigned): it carries no X-Service-Hmac-Sha256 or X-Genstore-Hmac-Sha256 header`,
    );
    expect(stderr).not.toMatch(STACK_LINE);
    expect(l.run.stdout().split('\n').filter(Boolean)).toHaveLength(1);
  });
});

describe('webhook listen, a table of both families', () => {
  it('piped: the BRAND column says which family each delivery came in', async () => {
    const l = await listen(['--secret', SECRET]);
    try {
      for (const { prefix } of FAMILIES) {
        const body = JSON.stringify({ productId: '7', title: prefix });
        expect((await post(l.url, deliveryHeaders(prefix, 'products/update', `wh-${prefix}`, body, SECRET), body)).status).toBe(200);
      }
      const lines = await linesOf(l, 2);
      expect(lines.map((line) => line.split('\t').slice(1))).toEqual([
        ['products/update', '7', 'X-Service', 'verified', 'service'],
        ['products/update', '7', 'X-Genstore', 'verified', 'genstore'],
      ]);
    } finally {
      await l.stop();
    }
  });
});

describe('webhook listen without --secret refuses what a web page can send', () => {
  it('an Origin header is a 403, a text/plain, form or untyped body a 415, each with a warning; a store-like JSON delivery gets through', async () => {
    const l = await listen(['--json']);
    const body = JSON.stringify({ productId: '4000000000000000555', title: 'From a page' });
    const headers = deliveryHeaders('X-Service', 'products/create', 'wh-page', body, undefined);
    try {
      // A page's fetch() of JSON text: CORS lets it out without asking, with the page's Origin.
      const fromPage = await post(l.url, { ...headers, origin: 'https://evil.example' }, body);
      expect(fromPage.status).toBe(403);
      for (const type of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const simple = await post(l.url, { ...headers, 'content-type': type }, body);
        expect(simple.status, type).toBe(415);
      }
      // A Blob body has no type at all.
      const untyped = await fetch(l.url, { method: 'POST', headers: { 'x-service-topic': 'products/create' }, body: new Blob([body]) });
      expect(untyped.status).toBe(415);
      await untyped.text();
      const store = await post(l.url, { ...headers, 'content-type': 'application/json; charset=utf-8' }, body);
      expect(store.status).toBe(200);
      await linesOf(l, 1);
      expect(l.records().map((r) => [r.webhookId, r.verified])).toEqual([['wh-page', false]]);
    } finally {
      await l.stop();
    }
    const stderr = l.run.stderr();
    expect(stderr).toContain(
      "warning: Refused a products/create delivery (X-Service-* headers, webhook id wh-page): it carries an Origin header (https://evil.example), as a web page's request does, and without --secret nothing proves it came from a store (answered 403).",
    );
    expect(stderr).toContain(
      "its Content-Type is 'text/plain;charset=UTF-8', not application/json, and without --secret nothing proves it came from a store (answered 415).",
    );
    expect(stderr).toContain("its Content-Type is 'application/x-www-form-urlencoded'");
    expect(stderr).toContain('its Content-Type is missing, not application/json');
  });

  it('with --secret a signed delivery is checked by its signature alone', async () => {
    const l = await listen(['--secret', SECRET, '--json']);
    const body = JSON.stringify({ productId: '1', title: 'Signed' });
    try {
      const signed = await post(
        l.url,
        { ...deliveryHeaders('X-Genstore', 'products/create', 'wh-signed-origin', body, SECRET), origin: 'https://admin.example' },
        body,
      );
      expect(signed.status).toBe(200);
      const forged = await post(
        l.url,
        { ...deliveryHeaders('X-Genstore', 'products/create', 'wh-forged-origin', body, 'nope'), origin: 'https://evil.example' },
        body,
      );
      expect(forged.status).toBe(401);
    } finally {
      await l.stop();
    }
  });
});

describe('webhook trigger and resend send in the profile family, or in --brand', () => {
  it("trigger: a profile whose brand is genstore signs X-Genstore-* with its store's domain; --brand service, a genmystore host, STORE_CLI_BRAND each choose", async () => {
    const handler = await recorder();
    const l = await listen(['--secret', SECRET, '--json']);
    try {
      const genstoreProfile = profileEnv({ baseUrl: 'https://harbor-goods.example.com', brand: 'genstore' });
      const cases: Array<[string, string[], Env, string, string | undefined]> = [
        ['the profile says genstore', [], genstoreProfile, 'X-Genstore', 'harbor-goods.example.com'],
        ['--brand overrides the profile', ['--brand', 'service'], genstoreProfile, 'X-Service', 'harbor-goods.example.com'],
        ['a genmystore host names genstore', [], profileEnv({ baseUrl: 'https://harbor.genmystore.com' }), 'X-Genstore', 'harbor.genmystore.com'],
        ['STORE_CLI_BRAND names it', [], { ...scratchDirs(), STORE_CLI_BRAND: 'genstore' }, 'X-Genstore', undefined],
        ['nothing names one: service', [], scratchDirs(), 'X-Service', undefined],
      ];
      for (const [why, flags, env, prefix, shop] of cases) {
        const sent = await cli(['webhook', 'trigger', 'products/create', '--to', handler.url, '--secret', SECRET, ...flags, '--json', 'webhookId,status'], {
          env,
        });
        expect(sent.code, `${why}: ${sent.stderr}`).toBe(0);
        const recorded = handler.received.at(-1)!;
        const names = [
          `${prefix}-Topic`,
          `${prefix}-Webhook-Id`,
          `${prefix}-Triggered-At`,
          `${prefix}-Api-Version`,
          ...(shop ? [`${prefix}-Shop-Domain`] : []),
          `${prefix}-Hmac-Sha256`,
        ];
        expect(familyNames(recorded), why).toEqual(names);
        const lower = prefix.toLowerCase();
        expect(recorded.headers[`${lower}-hmac-sha256`], why).toBe(sign(recorded.body, SECRET));
        expect(recorded.headers[`${lower}-shop-domain`], why).toBe(shop);
        expect(recorded.headers[`${lower}-webhook-id`], why).toBe((JSON.parse(sent.stdout) as { webhookId: string }).webhookId);
        // And listen, which takes either family, verifies it.
        expect((await cli(['webhook', 'trigger', 'products/delete', '--to', l.url, '--secret', SECRET, ...flags], { env })).code, why).toBe(0);
      }
      await linesOf(l, cases.length);
      expect(l.records().map((r) => [r.brand, r.verified])).toEqual(cases.map(([, , , prefix]) => [prefix === 'X-Genstore' ? 'genstore' : 'service', true]));
      const bad = await cli(['webhook', 'trigger', 'products/create', '--to', handler.url, '--brand', 'shopify']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/--brand/);
      expect(bad.stderr).toMatch(/service, genstore/);
    } finally {
      await l.stop();
      await handler.close();
    }
  });

  it('resend: a logged X-Genstore-* delivery goes out re-signed in the logged family, the profile family or --brand, webhook id kept', async () => {
    const dataDir = scratchDirs().STORE_CLI_DATA_DIR;
    mkdirSync(dataDir, { recursive: true });
    const logFile = join(dataDir, 'deliveries.jsonl');
    const l = await listen(['--secret', SECRET, '--log', logFile]);
    const body = JSON.stringify({ productId: '4000000000000000654', title: 'Logged' });
    try {
      expect((await post(l.url, deliveryHeaders('X-Genstore', 'products/update', 'wh-logged-genstore', body, SECRET), body)).status).toBe(200);
      await linesOf(l, 1);
    } finally {
      await l.stop();
    }
    expect(readFileSync(logFile, 'utf8')).toContain('"X-Genstore-Webhook-Id","wh-logged-genstore"');
    const handler = await recorder();
    try {
      const cases: Array<[string, string[], Env, string]> = [
        ['nothing names a family: the logged one', [], scratchDirs(), 'X-Genstore'],
        ['--brand service renames them', ['--brand', 'service'], scratchDirs(), 'X-Service'],
        ['the profile says service', [], profileEnv({ baseUrl: 'https://harbor-goods.example.com', brand: 'service' }), 'X-Service'],
      ];
      for (const [why, flags, env, prefix] of cases) {
        const resent = await cli(
          [
            'webhook',
            'resend',
            'wh-logged-genstore',
            '--log',
            logFile,
            '--to',
            handler.url,
            '--secret',
            'new-secret',
            ...flags,
            '--json',
            'topic,webhookId,productId,status',
          ],
          {
            env,
          },
        );
        expect(resent.code, `${why}: ${resent.stderr}`).toBe(0);
        expect(JSON.parse(resent.stdout), why).toEqual({
          topic: 'products/update',
          webhookId: 'wh-logged-genstore',
          productId: '4000000000000000654',
          status: 200,
        });
        const recorded = handler.received.at(-1)!;
        expect(familyNames(recorded), why).toEqual([
          `${prefix}-Topic`,
          `${prefix}-Webhook-Id`,
          `${prefix}-Triggered-At`,
          `${prefix}-Api-Version`,
          `${prefix}-Shop-Domain`,
          `${prefix}-Hmac-Sha256`,
        ]);
        const lower = prefix.toLowerCase();
        expect(recorded.body.toString('utf8')).toBe(body);
        expect(recorded.headers[`${lower}-hmac-sha256`], why).toBe(sign(body, 'new-secret'));
        expect(recorded.headers[`${lower}-webhook-id`], why).toBe('wh-logged-genstore');
        expect(recorded.headers[`${lower}-shop-domain`], why).toBe('harbor-goods.genmystore.com');
        expect(recorded.headers[`${lower}-triggered-at`], why).not.toBe('2024-10-30T16:19:13-04:00');
      }
    } finally {
      await handler.close();
    }
  });
});

describe.each(['service', 'real'] as const)('sandbox serve --dialect %s -> webhook listen', (dialect) => {
  it("delivers in its dialect's family, with the sandbox's shop domain, verified by listen", async () => {
    const l = await listen(['--secret', SECRET, '--json']);
    const s = await startLogged({ dialect, webhooks: { urls: [l.url], secret: SECRET } });
    // The real dialect is a Genstore store: its client speaks X-Genstore-* (the env names the family).
    const env = s.env();
    try {
      const created = await cli(['product', 'create', '--title', `Dialect ${dialect} mug`, '--price', '9.00', '--json', 'productId'], { env });
      expect(created.code, created.stderr).toBe(0);
      const { productId } = JSON.parse(created.stdout) as { productId: string };
      await linesOf(l, 1);
      expect(l.records().map((r) => [r.topic, r.productId, r.brand, r.shopDomain, r.verified, r.status])).toEqual([
        ['products/create', productId, dialect === 'real' ? 'genstore' : 'service', 'sandbox.localhost', true, 200],
      ]);
    } finally {
      await s.close();
      await l.stop();
    }
    expect(l.run.stderr()).not.toMatch(/warning/);
  });
});
