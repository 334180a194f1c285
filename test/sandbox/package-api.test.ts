// The package API (`store-cli/sandbox`, src/sandbox/package.ts) in process: requests() reads the
// sandbox's request log from the last reset() on, and the options reach the sandbox.
import { describe, expect, it } from 'vitest';
import { SandboxUsageError, startSandbox, type Sandbox } from '../../src/sandbox/package.js';
import { startReceiver } from './webhook-receiver.js';

async function api(sandbox: Sandbox, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${sandbox.baseUrl}${path}`, {
    method,
    headers: { 'X-Service-Access-Token': sandbox.token, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: await response.json() };
}

const product = { product: { title: 'Mug', productType: 'normal', variants: [{ price: '9.00' }] } };

describe('startSandbox from store-cli/sandbox', () => {
  it("lists the log's requests since the last reset(), while the sandbox's own log keeps them all", async () => {
    const sandbox = await startSandbox({ seed: { giftCards: [{ id: '4100000000000000001', code: 'SEEDED000001', initialValue: '10.00' }] } });
    try {
      await api(sandbox, 'GET', '/api/202412/gift_cards/search?limit=5');
      expect(sandbox.requests().map((r) => [r.kind, r.method, r.path, r.query, r.status])).toEqual([['request', 'GET', '/api/202412/gift_cards/search', 'limit=5', 200]]);
      await sandbox.reset();
      expect(sandbox.requests()).toEqual([]);
      await api(sandbox, 'GET', '/api/202412/gift_cards/count');
      expect(sandbox.requests().map((r) => r.path)).toEqual(['/api/202412/gift_cards/count']);
      const log = await api(sandbox, 'GET', '/_sandbox/logs');
      expect(log.json.entries.map((entry: any) => entry.path)).toEqual(['/api/202412/gift_cards/search', '/api/202412/gift_cards/count']);
    } finally {
      await sandbox.stop();
    }
  });

  it("lists the deliveries to a seed's subscription, and takes targeted fault rules", async () => {
    const receiver = await startReceiver();
    const sandbox = await startSandbox({
      seed: { webhooks: [{ id: '4500000000000000001', address: receiver.url, topic: 'products/create' }] },
      faults: { rules: ['GET /api/202412/gift_cards/count 503'], seed: 1 },
    });
    try {
      expect((await api(sandbox, 'GET', '/api/202412/gift_cards/count')).status).toBe(503);
      expect((await api(sandbox, 'POST', '/api/202412/products', product)).status).toBe(200);
      await receiver.until((received) => received.length === 1);
      await expect
        .poll(() =>
          sandbox
            .requests()
            .filter((r) => r.kind === 'webhook')
            .map((r) => [r.topic, r.path, r.status]),
        )
        .toEqual([['products/create', receiver.url.replace(/\?.*$/, ''), 200]]);
    } finally {
      await sandbox.stop();
      await receiver.close();
    }
  });

  it.each([
    [{ faults: ['POST /api/202412/metafields/** 503@0.3'] }, 'startSandbox() option faults must be an object {rate?, seed?, kinds?, rules?, header?}, not an array.'],
    [{ failSeed: 7 }, 'startSandbox() has no option failSeed (did you mean faults.seed?).'],
    [{ bogus: 1 }, 'startSandbox() has no option bogus.'],
    [{ ratelimit: 'basic' }, 'startSandbox() has no option ratelimit (did you mean rateLimit?).'],
    [{ port: '8080' }, 'startSandbox() option port must be a number, not "8080".'],
    [{ faults: { rules: ['GET /x 302'] } }, `startSandbox() option faults.rules[0]: "GET /x 302": the status '302' must be an HTTP status 400..599`],
    [{ faults: { seed: 7, sead: 1 } }, 'startSandbox() has no option faults.sead.'],
    [{ tokens: [{ token: 't', scopes: ['nope'] }] }, 'startSandbox() option tokens[0].scopes[0] must be one of "read_gift_card"'],
    [{ webhooks: true }, 'startSandbox() option webhooks must be {urls?, secret?} or false, not boolean true.'],
  ])('refuses %j with SandboxUsageError naming the option, before listening', async (options, message) => {
    const error = await startSandbox(options as never).then(
      (sandbox) => sandbox.stop().then(() => undefined),
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(SandboxUsageError);
    expect((error as Error).message).toContain(message);
  });

  it('takes every documented option (docs/sandbox.md), codesInReads included', async () => {
    const sandbox = await startSandbox({
      seed: 'demo',
      dialect: 'service',
      rateLimit: { rps: 100, burst: 100 },
      faults: { rate: 0, seed: 7, kinds: ['503'], rules: ['GET /never 500'], header: false },
      tokens: [{ token: 'tok', scopes: ['read_gift_card'] }],
      idsAs: 'string',
      codesInReads: 'shown',
      webhooks: false,
      logSize: 10,
      port: 0,
      host: '127.0.0.1',
    });
    try {
      const cards = await api(sandbox, 'GET', '/api/202412/gift_cards/search?limit=1');
      expect(cards.status).toBe(200);
      expect(cards.json.giftCards[0].code).not.toMatch(/^\*/);
    } finally {
      await sandbox.stop();
    }
  });
});
