// --max-rejects and --all-or-nothing on a real import, in-process against a logged sandbox:
// past the limit no write is sent (the request log shows it), and all or nothing writes nothing
// while any row would be rejected, here by the store's definition of a field, found on a copy
// of the store.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../../helpers/cli-in-process.js';
import { runLogged, useLogged } from '../../helpers/logged-sandbox.js';
import { methodAndPath } from '../../helpers/store-request.js';

const dir = scratchDir('store-cli-thresholds-');
let files = 0;

function csv(rows: string[]): string {
  const path = join(dir, `rows-${++files}.csv`);
  writeFileSync(path, `domain,bizId,namespace,code,value\n${rows.join('\n')}\n`);
  return path;
}

const writes = (requests: string[]) => requests.map(methodAndPath).filter((line) => !line.startsWith('GET '));

describe('import thresholds', () => {
  const served = useLogged({ seed: 'demo' });

  it('--max-rejects N: past N rejects no more writes are sent; exit 3 with the summary', async () => {
    // 200 objects; from the 20th on, every second row is bad (a namespace no store takes).
    const rows = Array.from({ length: 200 }, (_, i) => `products,${7_200_000 + i},${i >= 20 && i % 2 === 0 ? 'bad ns!' : 'ns'},code,v${i}`);
    const result = await runLogged(served.store, ['metafield', 'import', csv(rows), '--max-rejects', '3', '--concurrency', '1', '--json']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/Stopped sending writes once more than 3 rows were rejected/);
    expect(result.stderr).toMatch(/4 of the \d+ rows read were rejected, more than the 3 allowed: the run stopped sending writes/);
    const summary = JSON.parse(result.stdout) as { rows: number; failed: number; created: number };
    expect(summary.failed).toBe(4);
    // Rows 0..26 hold 4 bad ones (20, 22, 24, 26): nothing after the fourth is written.
    expect(summary.created).toBeLessThanOrEqual(23);
    const written = writes(result.requests);
    expect(written.length).toBe(summary.created);
    expect(written.some((line) => line.includes('/7200199'))).toBe(false);
  });

  it('--max-rejects P%: judged from the 100th row on, then as soon as the share passes', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => `products,${7_300_000 + i},${i % 4 === 0 ? 'bad ns!' : 'ns'},code,v${i}`);
    const result = await runLogged(served.store, ['metafield', 'import', csv(rows), '--max-rejects', '20%', '--concurrency', '1']);
    expect(result.code).toBe(3);
    // A quarter of the rows are bad: the first judgement (at 100 rows read) stops the run.
    expect(result.stderr).toMatch(/Stopped sending writes once more than 20% of the rows were rejected/);
    expect(writes(result.requests).length).toBeLessThan(100);
  });

  it('--all-or-nothing: one row its definition refuses, and nothing at all is written; fixed, everything is', async () => {
    const good = ['products,4000000000000000401,custom,material,cotton'];
    const rows = [...good, 'products,4000000000000000431,custom,stock_floor,lots', 'products,4000000000000000451,custom,material,linen'];
    const refused = await runLogged(served.store, ['metafield', 'import', csv(rows), '--all-or-nothing', '--rejects', join(dir, 'refused.csv')]);
    expect(refused.code).toBe(3);
    expect(writes(refused.requests)).toEqual([]);
    expect(refused.stderr).toMatch(/All or nothing: 1 row would be rejected, so nothing was written/);
    expect(refused.stderr).toMatch(/line 3: the value "lots" is not an Integer/);

    const fixed = [...good, 'products,4000000000000000431,custom,stock_floor,12', 'products,4000000000000000451,custom,material,linen'];
    const applied = await runLogged(served.store, ['metafield', 'import', '-', '--all-or-nothing', '--json'], {
      stdin: `domain,bizId,namespace,code,value\n${fixed.join('\n')}\n`,
    });
    expect(applied.code).toBe(0);
    expect(applied.stderr).toMatch(/^Checked first on a copy of the store: none of the 3 rows would be rejected\./m);
    const summary = JSON.parse(applied.stdout) as { created: number; updated: number; unchanged: number };
    expect(summary.created + summary.updated + summary.unchanged).toBe(3);
    expect(writes(applied.requests).length).toBeGreaterThan(0);
  });

  it('a bad --max-rejects is one sentence, exit 2, nothing sent', async () => {
    const result = await runLogged(served.store, ['metafield', 'import', csv(['products,1,ns,code,v']), '--max-rejects', 'some']);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe('error: --max-rejects must be a whole number of rows (10) or a percentage of the rows read (5%), not "some".');
    expect(result.requests).toEqual([]);
  });
});
