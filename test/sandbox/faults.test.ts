import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { launchSandbox } from '../../src/sandbox/sandbox.js';
import { call, createCard, withSandbox } from './helpers.js';
import { ALL_SCOPES } from '../../src/sandbox/http/auth.js';

async function statuses(seed: number, count: number): Promise<Array<number | 'reset'>> {
  return withSandbox({ failRate: 0.5, failSeed: seed }, async (sandbox) => {
    const seen: Array<number | 'reset'> = [];
    for (let index = 0; index < count; index += 1) {
      try {
        seen.push((await call(sandbox, 'GET', '/gift_cards/count')).status);
      } catch {
        seen.push('reset');
      }
    }
    return seen;
  });
}

describe('fault injection', () => {
  it('is deterministic for a seed and injects every kind', async () => {
    const first = await statuses(42, 40);
    const second = await statuses(42, 40);
    expect(second).toEqual(first);
    expect(new Set(first)).toEqual(new Set([200, 429, 500, 503, 'reset']));
    const other = await statuses(43, 40);
    expect(other).not.toEqual(first);
  });

  it("'reset' destroys the connection without a response", async () => {
    const lines: number[] = [];
    await withSandbox({ failRate: 1, failKinds: ['reset'], onRequest: (line) => lines.push(line.status) }, async (sandbox) => {
      const error = await call(sandbox, 'GET', '/gift_cards/count').catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(TypeError);
      expect(lines).toEqual([0]);
    });
  });

  it("'429' answers rate_limited with Retry-After and changes no state", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandbox-faults-'));
    const dataFile = join(dir, 'state.json');
    await withSandbox({ tokens: [{ token: 'given-test-token-0001', scopes: [...ALL_SCOPES] }], failRate: 1, failKinds: ['429'], dataFile }, async (sandbox) => {
      const reply = await call(sandbox, 'POST', '/gift_cards', { body: { giftCard: { code: 'RATELIMIT001', initialValue: '1' } } });
      expect(reply.status).toBe(429);
      expect(reply.headers.get('retry-after')).toBe('1');
      expect(reply.json.code).toBe('rate_limited');
    });
    // Nothing was mutated, so nothing was ever persisted.
    // A given token (a generated one is kept in the data file): nothing else would write it.
    expect(existsSync(dataFile)).toBe(false);
    await rm(dir, { recursive: true, force: true });
  });

  it('uses the configured Retry-After seconds', async () => {
    const sandbox = await launchSandbox({ failRate: 1, failKinds: ['429'] }, { retryAfterSeconds: 3 });
    try {
      expect((await call(sandbox, 'GET', '/gift_cards/count')).headers.get('retry-after')).toBe('3');
    } finally {
      await sandbox.close();
    }
  });

  it("'500' and '503' answer with the error body", async () => {
    for (const kind of ['500', '503'] as const) {
      await withSandbox({ failRate: 1, failKinds: [kind] }, async (sandbox) => {
        const reply = await call(sandbox, 'POST', '/gift_cards', { body: { giftCard: { code: 'FAULTCARD001', initialValue: '1' } } });
        expect(reply.status).toBe(Number(kind));
        expect(reply.json).toMatchObject({ code: kind === '500' ? 'internal_error' : 'unavailable', errors: [] });
      });
    }
  });

  it('fails nothing at rate 0', async () => {
    await withSandbox({ failRate: 0 }, async (sandbox) => {
      for (let index = 0; index < 20; index += 1) await createCard(sandbox);
      expect((await call(sandbox, 'GET', '/gift_cards/count')).json.count).toBe('20');
    });
  });
});
