import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_PATH } from '../../helpers/api-path.js';
import { cli } from '../../helpers/cli-in-process.js';
import { expectUsageError, waitFor, serveInProcess as serve } from '../_support.js';
import { startReceiver } from '../../sandbox/webhook-receiver.js';

/** `header`: the dialect's token header (the real dialect reads X-Genstore-Access-Token only). */
async function createProduct(baseUrl: string, token: string, header = 'X-Service-Access-Token'): Promise<string> {
  const response = await fetch(`${baseUrl}${API_PATH}/products`, {
    method: 'POST',
    headers: { [header]: token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ product: { title: 'Hooked' } }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { product: { productId: string } }).product.productId;
}

describe('sandbox serve --webhook', () => {
  it('prints the generated secret on stderr, delivers signed product events and logs each attempt', async () => {
    const receiver = await startReceiver((_delivery, earlier) => (earlier.length === 0 ? 500 : 200));
    try {
      const server = await serve(['--token', 'tok-hooks', '--webhook', receiver.url]);
      const secret = /Webhook secret \(generated\): (whsec_\S+)/.exec(server.run.stderr())?.[1] as string;
      expect(secret).toBeDefined();
      expect(server.run.stdout()).not.toContain(secret);

      const productId = await createProduct(server.line, 'tok-hooks');
      await receiver.until((received) => received.some((delivery) => delivery.status === 200));
      const delivery = receiver.received[1]!;
      expect(delivery.json.productId).toBe(productId);
      expect(delivery.headers['x-service-hmac-sha256']).toBe(createHmac('sha256', secret).update(delivery.raw).digest('base64'));
      await waitFor(() => (/delivered/.test(server.run.stderr()) ? true : undefined), 5000, 'the delivery log line');

      const result = await server.stop();
      expect(result.code).toBe(0);
      expect(result.stderr).toMatch(new RegExp(`webhook products/create -> ${receiver.url}: 500, retry 2 of 8 in \\d+\\.\\d s`));
      expect(result.stderr).toContain(`webhook products/create -> ${receiver.url}: 200, delivered (attempt 2 of 8)`);
    } finally {
      await receiver.close();
    }
  });

  it('uses --webhook-secret, adds it to --json, and --quiet silences the delivery log', async () => {
    const receiver = await startReceiver();
    try {
      const server = await serve(['--json', '--quiet', '--token', 'tok-q', '--webhook', receiver.url, '--webhook-secret', 'my-secret']);
      expect(JSON.parse(server.line)).toEqual({ baseUrl: expect.any(String), token: 'tok-q', webhookSecret: 'my-secret' });
      await createProduct(JSON.parse(server.line).baseUrl, 'tok-q');
      await receiver.until((received) => received.length === 1 && received[0]?.status === 200);
      const delivery = receiver.received[0]!;
      expect(delivery.headers['x-service-hmac-sha256']).toBe(createHmac('sha256', 'my-secret').update(delivery.raw).digest('base64'));
      const result = await server.stop();
      expect(result.stderr).not.toMatch(/webhook products/);
      expect(result.stderr).not.toContain('my-secret');
    } finally {
      await receiver.close();
    }
  });

  it('takes the secret from STORE_CLI_WEBHOOK_SECRET when --webhook-secret is not given, and does not print it', async () => {
    const receiver = await startReceiver();
    try {
      const server = await serve(['--token', 'tok-env', '--webhook', receiver.url], { STORE_CLI_WEBHOOK_SECRET: 'env-secret-1' });
      await createProduct(server.line, 'tok-env');
      await receiver.until((received) => received.length === 1 && received[0]?.status === 200);
      const delivery = receiver.received[0]!;
      expect(delivery.headers['x-service-hmac-sha256']).toBe(createHmac('sha256', 'env-secret-1').update(delivery.raw).digest('base64'));
      const result = await server.stop();
      expect(result.stderr).not.toMatch(/Webhook secret \(generated\)/);
      expect(`${result.stdout}${result.stderr}`).not.toContain('env-secret-1');
    } finally {
      await receiver.close();
    }
  });

  it('--dialect real: stops delivering to a URL after 8 consecutive failures and says so on stderr', async () => {
    const receiver = await startReceiver(() => 503);
    try {
      const server = await serve(['--dialect', 'real', '--token', 'tok-real', '--webhook', receiver.url, '--webhook-secret', 's']);
      expect(server.run.stderr()).toContain('speaking the real dialect');
      // Eight events fail at least once each, and the real dialect sends them without waiting
      // for one another: eight failures in a row, with no backoff to sit through.
      for (let index = 0; index < 8; index += 1) await createProduct(server.line, 'tok-real', 'X-Genstore-Access-Token');
      const stopped = `webhook products/create -> ${receiver.url}: 503, 8 consecutive failures: delivery to this URL stopped, no more events go there`;
      await waitFor(() => (server.run.stderr().includes(stopped) ? true : undefined), 10_000, 'the stop line');
      const result = await server.stop();
      expect(result.code).toBe(0);
      expect(result.stderr.split(stopped)).toHaveLength(2);
      expect(receiver.received.length).toBeGreaterThanOrEqual(8);
    } finally {
      await receiver.close();
    }
  });

  it('without --webhook still has a secret for subscriptions: generated and printed, or --webhook-secret in --json', async () => {
    const generated = await serve(['--token', 'tok-g']);
    expect(generated.run.stderr()).toMatch(/Webhook secret \(generated\): whsec_\S+/);
    expect((await generated.stop()).code).toBe(0);
    const given = await serve(['--json', '--token', 'tok-s', '--webhook-secret', 'sub-secret']);
    expect(JSON.parse(given.line)).toEqual({ baseUrl: expect.any(String), token: 'tok-s', webhookSecret: 'sub-secret' });
    expect((await given.stop()).stderr).not.toContain('sub-secret');
  });

  describe('refuses bad webhook flags with exit 2 before listening', () => {
    it.each([
      [['--webhook', 'localhost:4000/hooks']],
      [['--webhook', 'ftp://127.0.0.1/hooks']],
      [['--webhook', 'http://127.0.0.1:4000/ok', '--webhook', 'not a url']],
    ])('%j', async (args) => {
      const result = await cli(['sandbox', 'serve', '--port', '0', ...args]);
      expectUsageError(result, '--webhook must be an absolute http or https URL');
      expect(result.stderr).toMatch(/\(got '[^']+'\)\.\n/);
    });

    it('an empty --webhook-secret', async () => {
      expectUsageError(await cli(['sandbox', 'serve', '--port', '0', '--webhook-secret', ' ']), '--webhook-secret must not be empty');
    });
  });
});
