// `webhook listen` and `webhook trigger` as processes: the built binary (samples bundled),
// signatures verified and refused, and clean stops on SIGTERM and Ctrl-C (SIGINT). The rest
// of listen and trigger is in-process: test/commands/webhook/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killLeftovers, removeScratch, requireBuild, run } from '../helpers/cli-spawn.js';
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
});
