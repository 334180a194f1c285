// metafield import against rate limits and injected 429s: paced by the store's bucket header,
// and not slowed to a crawl by 429s that are faults. Counted from the sandbox's request log.
// In simulated time: the CLI and the sandbox's buckets share one clock, so the refill the
// import waits for takes milliseconds (test/e2e/pacing.test.ts keeps one run in real time).
import { describe, expect, it } from 'vitest';
import { ALL_SCOPES } from '../../../src/sandbox/index.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { cli } from '../../helpers/cli-in-process.js';
import { requestLog } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { SimClock } from '../../bulk/sim-clock.js';
import { csv, freshIds, metafieldRequests, plainRows, products, readBack, scratchFile } from './_import.js';

const importArgs = (...rest: string[]) => ['metafield', 'import', ...rest];
// The importer has a bucket of its own; the test reads back with the other token.
const tokens = [
  { token: 'reader-token-0001', scopes: [...ALL_SCOPES] },
  { token: 'importer-token-0001', scopes: [...ALL_SCOPES] },
];

// The real dialect is the real store's case: 429s without Retry-After, {"error"} bodies.
describe.each(DIALECTS)('metafield import against sandbox --rate-limit basic (40 @ 4/s, with the header), %s dialect', (dialect) => {
  const log = requestLog();
  const clock = new SimClock().autoAdvance();
  const s = useSandbox({ tokens, rateLimit: 'basic', dialect, onRequest: log.hook, rateClock: clock.read });

  it('drains the bucket to its reserve, then keeps pace with the refill: few refusals, every value there', { timeout: 60_000 }, async () => {
    const ids = freshIds(48);
    const { rows, target } = plainRows(ids, 2);
    const file = scratchFile('values.csv', csv(rows));
    log.clear();
    const r = await cli([...importArgs(file, '--json'), '--verbose'], { env: { ...s.env, STORE_CLI_TOKEN: 'importer-token-0001' }, clock });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: rows.length, created: rows.length, failed: 0 });
    // The one read of the products' definitions included.
    const requests = (await log.take()).filter((q) => q.path.startsWith('/api/202412/metafields'));
    const refused = requests.filter((q) => q.status === 429).length;
    // The summary counts what the store's log shows: every attempt, and the 429s among them.
    expect(JSON.parse(r.stdout)).toMatchObject({ requests: requests.length, refused });
    // Past the bucket's 40, the import had to wait for the refill: the bucket was really used up.
    expect(requests.length).toBeGreaterThan(44);
    expect(refused / requests.length).toBeLessThan(0.05);
    expect(r.stderr).toMatch(/^\d+ requests \(\d\.\d\d per object\); (none refused \(429\)|\d+ refused by the store's rate limit \(429, its bucket empty\))/m);
    expect(r.stderr).toMatch(/^< rate limit: bucket \d+\/40 used, refill \d+\.\d\/s \((learnt|assumed until learnt)\), reserve 2$/m);
    expect(await readBack(s.sandbox, products(ids))).toEqual(target);
  });
});

describe('metafield import under sandbox --fail-rate 0.2 (no limit, no header)', () => {
  const log = requestLog();
  const s = useSandbox({ failRate: 0.2, failSeed: 9090, onRequest: log.hook });
  const clock = new SimClock().autoAdvance();

  it('loses and duplicates nothing; the injected 429s are retried, and the run is not held to a crawl', { timeout: 60_000 }, async () => {
    const ids = freshIds(120);
    const { rows, target } = plainRows(ids, 10);
    const file = scratchFile('values.csv', csv(rows));
    log.clear();
    const r = await cli(importArgs(file, '--json'), { env: s.env, clock });
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as { created: number; unchanged: number; failed: number };
    expect(summary.failed).toBe(0);
    expect(summary.created + summary.unchanged).toBe(rows.length);
    const requests = metafieldRequests(await log.take());
    expect(requests.filter((q) => q.status === 429).length).toBeGreaterThan(3);
    // About one request per object plus the faults' retries: nothing waited on a collapsed rate.
    expect(requests.length).toBeLessThan(ids.length * 1.6);
    // No bucket header: the injected 429s are refusals, not the store's rate limit (it has none).
    expect(r.stderr).toMatch(/\d+ refused \(429\) and sent again/);
    expect(r.stderr).not.toMatch(/rate limit/);
    expect(await readBack(s.sandbox, products(ids))).toEqual(target);
  });
});
