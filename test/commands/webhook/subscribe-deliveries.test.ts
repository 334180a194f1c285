// Webhook subscriptions from the CLI to the sandbox to listen, in-process: a sandbox started
// here (no webhook URL of its own), `webhook subscribe`, `product create`, and `webhook listen`
// receiving the delivery with its signature verified; any topic, update and count in both
// dialects.
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/dialects.js';
import { startLogged } from '../../helpers/logged-sandbox.js';
import { STACK_LINE } from '../../helpers/stack-trace.js';
import { linesOf, startListen as listen } from './support.js';

const SECRET = 'whsec-e2e-subscriptions';

describe('webhook subscribe -> the sandbox -> webhook listen', () => {
  it('a subscription made with the CLI receives the product the CLI creates, signed with the sandbox secret', async () => {
    const l = await listen(['--secret', SECRET, '--json']);
    const s = await startLogged({ webhooks: { secret: SECRET } });
    try {
      const subscribed = await s.run(['webhook', 'subscribe', '--topic', 'products/create', '--address', l.url, '--json', 'id,topic,address']);
      expect(subscribed.code, subscribed.stderr).toBe(0);
      const subscription = JSON.parse(subscribed.stdout) as { id: string };
      expect(subscription).toEqual({ id: expect.stringMatching(/^\d+$/), topic: 'products/create', address: l.url });

      const created = await s.run(['product', 'create', '--title', 'Subscribed Mug', '--price', '12.00', '--json', 'productId']);
      expect(created.code, created.stderr).toBe(0);
      const { productId } = JSON.parse(created.stdout) as { productId: string };

      await linesOf(l, 1);
      expect(l.records().map((r) => [r.topic, r.productId, r.title, r.verified, r.status])).toEqual([
        ['products/create', productId, 'Subscribed Mug', true, 200],
      ]);

      const listed = await s.run(['webhook', 'subscriptions']);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout.split('\t').slice(0, 3)).toEqual([subscription.id, 'products/create', l.url]);
      const gone = await s.run(['webhook', 'unsubscribe', subscription.id, '--yes']);
      expect(gone).toMatchObject({ code: 0, stdout: '' });
    } finally {
      await s.close();
      expect((await l.stop()).code).toBe(0);
    }
    expect(l.run.stderr()).not.toMatch(/warning/);
  });
});

describe.each(DIALECTS)('webhook subscribe, subscription update and count, a sandbox of the %s dialect', (dialect) => {
  it('subscribes to any noun/verb topic (a documented one quietly, another with a warning; a malformed one exits 2), updates and counts', async () => {
    const s = await startLogged({ dialect });
    // The real dialect is a Genstore store: its client speaks X-Genstore-* (the env names the family).
    const env = s.env();
    const address = 'https://app.example.com/webhooks';
    try {
      const made = await s.run(['webhook', 'subscribe', '--topic', 'orders/create', '--address', address, '--json', 'id,topic,address'], { env });
      expect(made.code, made.stderr).toBe(0);
      expect(made.stderr).toBe('');
      const { id } = JSON.parse(made.stdout) as { id: string };
      expect(JSON.parse(made.stdout)).toEqual({ id: expect.stringMatching(/^\d+$/), topic: 'orders/create', address });
      for (const topic of ['customers/redact', 'app/uninstalled']) {
        const more = await s.run(['webhook', 'subscribe', '--topic', topic, '--address', address], { env });
        expect(more.code, more.stderr).toBe(0);
      }

      const odd = await s.run(['webhook', 'subscribe', '--topic', 'orders/archived', '--address', address], { env });
      expect(odd.stderr).toMatch(/^warning: --topic orders\/archived is not a topic the store documents \(webhook subscribe --help lists them\)/);
      // Sent: the sandbox, as a store, refuses a topic it never sends (400, exit 1).
      expect(odd.code).toBe(1);
      expect(odd.stderr).toMatch(/\n(error: )?.*webhook\.topic/);
      expect(odd.stderr).not.toMatch(STACK_LINE);

      const malformed = await s.run(['webhook', 'subscribe', '--topic', 'orders', '--address', address], { env });
      expect(malformed).toMatchObject({ code: 2, stdout: '' });
      expect(malformed.stderr).toMatch(/--topic must be a topic written noun\/verb, such as orders\/create or customers\/data_request \(got 'orders'\)\./);

      const updated = await s.run(
        ['webhook', 'subscription', 'update', id, '--topic', 'orders/paid', '--address', `${address}/v2`, '--json', 'id,topic,address'],
        { env },
      );
      expect(updated.code, updated.stderr).toBe(0);
      expect(JSON.parse(updated.stdout)).toEqual({ id, topic: 'orders/paid', address: `${address}/v2` });
      const neither = await s.run(['webhook', 'subscription', 'update', id], { env });
      expect(neither.code).toBe(2);
      expect(neither.stderr).toMatch(/Give --address, --topic or both/);

      expect(await s.run(['webhook', 'subscription', 'count'], { env })).toMatchObject({ code: 0, stdout: '3\n', stderr: '' });
      const ofTopic = await s.run(['webhook', 'subscription', 'count', '--topic', 'orders/paid', '--json'], { env });
      expect(JSON.parse(ofTopic.stdout)).toEqual({ count: 1 });
      expect((await s.run(['webhook', 'subscription', 'count', '--topic', 'orders/create'], { env })).stdout).toBe('0\n');
    } finally {
      await s.close();
    }
  });
});
