import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { DEMO_IDS, requestLog } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { createFaultInjector, type FaultKind } from '../../../src/sandbox/http/faults.js';
import { SimClock } from '../../bulk/sim-clock.js';

// The backoffs and Retry-After waits go by a simulated clock: the retries take no real time.
const clock = new SimClock().autoAdvance();

/**
 * The first fault seed whose first requests fail (true) or pass (false) as given, so a
 * test knows exactly how many requests the sandbox will see. The sandbox draws its faults
 * from this same generator, request after request.
 */
function seedFor(pattern: boolean[], rate: number, kinds: FaultKind[]): number {
  for (let seed = 1; seed < 100_000; seed++) {
    const next = createFaultInjector({ rate, seed, kinds });
    if (pattern.every((fail) => (next() !== null) === fail)) return seed;
  }
  throw new Error('no seed found');
}

describe('retries under injected faults', () => {
  describe('GET commands survive a 50% fault rate of every kind (429, 500, 503, reset)', () => {
    const log = requestLog();
    // Fixed seed: the first count fails once, then passes; the get sees its own mix.
    const s = useSandbox({ seed: 'demo', failRate: 0.5, failSeed: seedFor([true, false], 0.5, ['429', '500', '503', 'reset']), onRequest: log.hook });

    it('giftcard count succeeds after a fault', async () => {
      const r = await cli(['giftcard', 'count', '--json'], { env: s.env, clock });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toEqual({ count: 8 });
      const requests = await log.take();
      expect(requests).toHaveLength(2);
      expect(requests[0]!.status).not.toBe(200);
      expect(requests[1]!.status).toBe(200);
    });

    it('giftcard get succeeds whatever the faults', async () => {
      for (const id of ['4000000000000000011', '4000000000000000174']) {
        const r = await cli(['giftcard', 'get', id, '--json', 'id'], { env: s.env, clock });
        expect(r.code, r.stderr).toBe(0);
        expect(JSON.parse(r.stdout)).toEqual({ id });
      }
      const requests = await log.take();
      expect(requests.filter((q) => q.status === 200)).toHaveLength(2);
    });
  });

  describe('search --all under 500/503/reset faults', () => {
    const log = requestLog();
    const s = useSandbox({ seed: 'demo', failRate: 0.5, failSeed: 20241212, failKinds: ['500', '503', 'reset'], onRequest: log.hook });

    it('returns every card exactly once, in order', async () => {
      const r = await cli(['giftcard', 'search', '--all', '--limit', '2', '--json', 'id'], { env: s.env, clock });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect((JSON.parse(r.stdout) as Array<{ id: string }>).map((c) => c.id)).toEqual(DEMO_IDS);
      const requests = await log.take();
      expect(requests.filter((q) => q.status === 200)).toHaveLength(4);
      expect(requests.filter((q) => q.status !== 200).length).toBeGreaterThan(0); // faults did happen
    });

    it('--verbose logs each retry on stderr', async () => {
      const r = await cli(['--verbose', 'giftcard', 'search', '--all', '--limit', '4', '--jsonl'], { env: s.env, clock });
      expect(r.code, r.stderr).toBe(0);
      expect(
        r.stdout
          .trimEnd()
          .split('\n')
          .map((line) => JSON.parse(line).id),
      ).toEqual(DEMO_IDS);
      const requests = await log.take();
      const failures = requests.filter((q) => q.status !== 200).length;
      expect((r.stderr.match(/retrying in \d+ ms/g) ?? []).length).toBe(failures);
    });
  });

  describe('a gift card create is resent with the same code after a 500 (the code is unique: no second card)', () => {
    const log = requestLog();
    const s = useSandbox({ seed: 'none', failRate: 1, failKinds: ['500'], onRequest: log.hook });

    it('five tries; then exit 1 naming the 500, showing the code and how to check', async () => {
      const r = await cli(['giftcard', 'create', '--initial-value', '10'], { env: s.env, clock });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(
        /^error: .*500.*The gift card may have been created anyway\. Check with 'store-cli giftcard search --last-characters \w{4}', or run this create again adding --code \w{16}: that is safe/,
      );
      expectNoStackTrace(r.stderr);
      expect(await log.take()).toEqual(Array(5).fill({ method: 'POST', path: '/api/202412/gift_cards', status: 500 }));
    });
  });

  describe('a POST create is resent after a 429 (refused before processing)', () => {
    const log = requestLog();
    const s = useSandbox({ seed: 'none', failRate: 0.5, failSeed: seedFor([true, false], 0.5, ['429']), failKinds: ['429'], onRequest: log.hook });

    it('the second try creates the card', async () => {
      const started = clock.now();
      const r = await cli(['giftcard', 'create', '--initial-value', '10', '--json', 'balance'], { env: s.env, clock });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({ balance: '10.00' });
      expect(clock.now() - started).toBeGreaterThanOrEqual(1000); // Retry-After: 1 honoured
      expect(await log.take()).toEqual([
        { method: 'POST', path: '/api/202412/gift_cards', status: 429 },
        { method: 'POST', path: '/api/202412/gift_cards', status: 200 },
      ]);
    });
  });

  describe('disable (an idempotent POST) is resent after a 503', () => {
    const log = requestLog();
    const s = useSandbox({ seed: 'demo', failRate: 0.5, failSeed: seedFor([true, false], 0.5, ['503']), failKinds: ['503'], onRequest: log.hook });

    it('the card ends disabled after two requests', async () => {
      const r = await cli(['giftcard', 'disable', '4000000000000000011', '--yes', '--json', 'id,disableTime'], { env: s.env, clock });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).disableTime).toEqual(expect.any(String));
      expect(await log.take()).toEqual([
        { method: 'POST', path: '/api/202412/gift_cards/4000000000000000011/disable', status: 503 },
        { method: 'POST', path: '/api/202412/gift_cards/4000000000000000011/disable', status: 200 },
      ]);
    });
  });

  describe('update (PUT) is resent after a 503', () => {
    const log = requestLog();
    // The read of the card passes, the first PUT fails.
    const s = useSandbox({ seed: 'demo', failRate: 0.5, failSeed: seedFor([false, true, false], 0.5, ['503']), failKinds: ['503'], onRequest: log.hook });

    it('two requests, the second applies', async () => {
      const r = await cli(['giftcard', 'update', '4000000000000000037', '--balance', '1.00', '--json', 'balance'], { env: s.env, clock });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({ balance: '1.00' });
      expect((await log.take()).map((q) => `${q.method} ${q.status}`)).toEqual(['GET 200', 'PUT 503', 'PUT 200']);
    });
  });
});
