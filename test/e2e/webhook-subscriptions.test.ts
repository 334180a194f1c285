// Webhook subscriptions end to end, every piece a process of the built binary:
// `sandbox serve` (no --webhook), `webhook subscribe`, `product create`, and `webhook
// listen` receiving the delivery with its signature verified; any topic, update and count
// in both dialects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killLeftovers, removeScratch, requireBuild, run, serve } from '../helpers/cli-spawn.js';
import { STACK_LINE } from '../helpers/stack-trace.js';
import { listen } from './webhook-helpers.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

const SECRET = 'whsec-e2e-subscriptions';

describe('webhook subscribe -> sandbox serve -> webhook listen', () => {
  it('a subscription made with the CLI receives the product the CLI creates, signed with the sandbox secret', async () => {
    const l = await listen(['--secret', SECRET, '--json']);
    const s = await serve(['--json', '--quiet', '--token', 't', '--webhook-secret', SECRET]);
    try {
      const subscribed = await run(['webhook', 'subscribe', '--topic', 'products/create', '--address', l.url, '--json', 'id,topic,address'], { env: s.env() });
      expect(subscribed.code, subscribed.stderr).toBe(0);
      const subscription = JSON.parse(subscribed.stdout) as { id: string };
      expect(subscription).toEqual({ id: expect.stringMatching(/^\d+$/), topic: 'products/create', address: l.url });

      const created = await run(['product', 'create', '--title', 'Subscribed Mug', '--price', '12.00', '--json', 'productId'], { env: s.env() });
      expect(created.code, created.stderr).toBe(0);
      const { productId } = JSON.parse(created.stdout) as { productId: string };

      await l.lines(1);
      expect(l.records().map((r) => [r.topic, r.productId, r.title, r.verified, r.status])).toEqual([['products/create', productId, 'Subscribed Mug', true, 200]]);

      const listed = await run(['webhook', 'subscriptions'], { env: s.env() });
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout.split('\t').slice(0, 3)).toEqual([subscription.id, 'products/create', l.url]);
      const gone = await run(['webhook', 'unsubscribe', subscription.id, '--yes'], { env: s.env() });
      expect(gone).toMatchObject({ code: 0, stdout: '' });
    } finally {
      await s.stop();
      expect((await l.stop()).code).toBe(0);
    }
    expect(l.stderr()).not.toMatch(/warning/);
  });
});

describe.each(['service', 'real'] as const)('webhook subscribe, subscription update and count, sandbox serve --dialect %s', (dialect) => {
  it('subscribes to any noun/verb topic (a documented one quietly, another with a warning; a malformed one exits 2), updates and counts', async () => {
    const s = await serve(['--json', '--quiet', '--token', 't', '--dialect', dialect]);
    // The real dialect is a Genstore store: its client speaks X-Genstore-*.
    const env = s.env(dialect === 'real' ? { STORE_CLI_BRAND: 'genstore' } : {});
    const address = 'https://app.example.com/webhooks';
    try {
      const made = await run(['webhook', 'subscribe', '--topic', 'orders/create', '--address', address, '--json', 'id,topic,address'], { env });
      expect(made.code, made.stderr).toBe(0);
      expect(made.stderr).toBe('');
      const { id } = JSON.parse(made.stdout) as { id: string };
      expect(JSON.parse(made.stdout)).toEqual({ id: expect.stringMatching(/^\d+$/), topic: 'orders/create', address });
      for (const topic of ['customers/redact', 'app/uninstalled']) {
        const more = await run(['webhook', 'subscribe', '--topic', topic, '--address', address], { env });
        expect(more.code, more.stderr).toBe(0);
      }

      const odd = await run(['webhook', 'subscribe', '--topic', 'orders/archived', '--address', address], { env });
      expect(odd.stderr).toMatch(/^warning: --topic orders\/archived is not a topic the store documents \(webhook subscribe --help lists them\)/);
      // Sent: the sandbox, as a store, refuses a topic it never sends (400, exit 1).
      expect(odd.code).toBe(1);
      expect(odd.stderr).toMatch(/\n(error: )?.*webhook\.topic/);
      expect(odd.stderr).not.toMatch(STACK_LINE);

      const malformed = await run(['webhook', 'subscribe', '--topic', 'orders', '--address', address], { env });
      expect(malformed).toMatchObject({ code: 2, stdout: '' });
      expect(malformed.stderr).toMatch(/--topic must be a topic written noun\/verb, such as orders\/create or customers\/data_request \(got 'orders'\)\./);

      const updated = await run(['webhook', 'subscription', 'update', id, '--topic', 'orders/paid', '--address', `${address}/v2`, '--json', 'id,topic,address'], { env });
      expect(updated.code, updated.stderr).toBe(0);
      expect(JSON.parse(updated.stdout)).toEqual({ id, topic: 'orders/paid', address: `${address}/v2` });
      const neither = await run(['webhook', 'subscription', 'update', id], { env });
      expect(neither.code).toBe(2);
      expect(neither.stderr).toMatch(/Give --address, --topic or both/);

      expect(await run(['webhook', 'subscription', 'count'], { env })).toMatchObject({ code: 0, stdout: '3\n', stderr: '' });
      const ofTopic = await run(['webhook', 'subscription', 'count', '--topic', 'orders/paid', '--json'], { env });
      expect(JSON.parse(ofTopic.stdout)).toEqual({ count: 1 });
      expect((await run(['webhook', 'subscription', 'count', '--topic', 'orders/create'], { env })).stdout).toBe('0\n');
    } finally {
      await s.stop();
    }
  }, 90_000);
});
