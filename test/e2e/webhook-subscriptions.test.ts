// Webhook subscriptions end to end, every piece a process of the built binary:
// `sandbox serve` (no --webhook), `webhook subscribe`, `product create`, and `webhook
// listen` receiving the delivery with its signature verified.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killLeftovers, removeScratch, requireBuild, run, serve } from '../helpers/cli-spawn.js';
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
