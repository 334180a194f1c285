// The one pacing run in real time: a spawned import against a sandbox with the rate limit of
// the basic plan (40 @ 4/s, with its header), hosted in the test (store-cli/sandbox as built). Every other pacing, retry and give-up test runs in simulated
// time (test/commands/metafield/import-pacing.test.ts is this same run with the CLI and the
// sandbox's buckets on one simulated clock); this one holds the simulation to the system
// clock, real latency and two processes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killLeftovers, removeScratch, requireBuild, runLogged, scratch } from '../helpers/cli-spawn.js';
import { useHosted } from '../helpers/hosted-store.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

describe('metafield import against a sandbox with --rate-limit basic, in real time (spawned)', () => {
  // Its request log is read in the test's process: no marker request takes from the importer's bucket.
  const hosted = useHosted({ rateLimit: 'basic' });

  it('drains the bucket to its reserve, then keeps pace with the refill: few refusals, every object written once', { timeout: 60_000 }, async () => {
    const ids = Array.from({ length: 48 }, (_, i) => String(8_800_000 + i));
    const lines = ['domain,bizId,namespace,code,value', ...ids.flatMap((id) => [`products,${id},ns0,code0,a-${id}`, `products,${id},ns1,code1,b-${id}`])];
    const file = join(scratch().root, 'values.csv');
    writeFileSync(file, `${lines.join('\n')}\n`);

    const r = await runLogged(hosted.store, ['metafield', 'import', file, '--json', '--verbose'], { timeoutMs: 50_000 });
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as { rows: number; created: number; failed: number; requests: number; refused: number };
    expect(summary).toMatchObject({ rows: 96, created: 96, failed: 0 });
    const writes = r.requests.filter((line) => line.startsWith('POST /api/202412/metafields/'));
    const refused = writes.filter((line) => line.split(' ')[2] === '429').length;
    // Every object's values were taken once (one write each), the refusals sent again.
    expect(writes.filter((line) => line.split(' ')[2] === '200')).toHaveLength(ids.length);
    // Past the bucket's 40 the import waited for the refill: the bucket was really used up.
    expect(writes.length).toBeGreaterThan(44);
    expect(refused / writes.length).toBeLessThan(0.05);
    expect(r.stderr).toMatch(/^< rate limit: bucket \d+\/40 used, refill \d+\.\d\/s \((learnt|assumed until learnt)\), reserve 2$/m);
  });
});
