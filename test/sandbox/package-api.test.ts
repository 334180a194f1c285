// The package API (`store-cli/sandbox`, src/sandbox/package.ts) in process: requests() reads the
// sandbox's request log from the last reset() on, and the options reach the sandbox.
import { describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/package.js';
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
});
