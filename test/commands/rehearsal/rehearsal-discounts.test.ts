// discount import --rehearse against a "live" store (a sandbox started here at a rate plan,
// in simulated time), in both dialects: the store's discounts are copied (GETs only), a discount the store holds as
// the row says is unchanged, a row the store cannot make is the rejection, and the real run
// that follows gets the same plan and the same rejects, row for row; --like works on the
// copy as on the store.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimClock } from '../../bulk/sim-clock.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { runLogged, startLogged, type LoggedSandbox } from '../../helpers/logged-sandbox.js';
import { plan, rowsOf, writes, type Summary } from '../../helpers/rehearsal.js';
import { scratchDir } from '../../helpers/scratch.js';
import { api } from '../../helpers/store-request.js';

const HEADER = 'code,title,discountType,valueType,value,discountMethod';

describe.each(DIALECTS)('discount import --rehearse (%s dialect)', (dialect) => {
  const clock = new SimClock().autoAdvance();
  let live: LoggedSandbox;

  beforeAll(async () => {
    live = await startLogged({ dialect, rateLimit: { rps: 5, burst: 100 } }, clock);
    // Two discounts with a code each, through the CLI (the store's own shape).
    for (const [title, code] of [
      ['Rehearsed sale', 'HELDHERE'],
      ['Another sale', 'ELSEWHER'],
    ]) {
      const made = await runLogged(live, [
        'discount',
        'create',
        '--title',
        title!,
        '--discount-type',
        'order',
        '--value-type',
        'percentage',
        '--value',
        '10',
        '--code',
        code!,
      ]);
      expect(made.code, made.stderr).toBe(0);
    }
  });
  afterAll(async () => {
    await live?.close();
  });

  it('only GETs reach the store; the row it cannot make is the rejection the real run then gets', async () => {
    const dir = scratchDir();
    const file = join(dir, 'discounts.csv');
    writeFileSync(
      file,
      `${HEADER}\nHELDHERE,Rehearsed sale,order,percentage,10,code\nNEWONE01,New one,order,fixed,5,code\nNEWLACKS,,,,,\nNEWTWO02,New two,shipping,percentage,100,code\n`,
    );
    const env = live.env();
    const rehearsed = await runLogged(live, ['discount', 'import', file, '--rehearse', '--rejects', join(dir, 'rehearsed.csv'), '--json'], { env });
    expect(rehearsed.code, rehearsed.stderr).toBe(3);
    expect(rehearsed.requests.length).toBeGreaterThan(0);
    expect(writes(rehearsed.requests)).toEqual([]);
    expect(plan(JSON.parse(rehearsed.stdout) as Summary)).toEqual({ rows: 4, created: 2, updated: 0, unchanged: 1, failed: 1 });
    expect(rehearsed.stderr).toMatch(
      /^Copied from the store with \d+ reads? \(GET only; nothing was written to it\): the store's 2 discounts with their 2 codes\.$/m,
    );
    expect(rehearsed.stderr).toMatch(/^The real run would send about \d+ requests?: about .* at the store's rate/m);
    expect(rehearsed.stderr).toMatch(/nothing was written to the store/);
    expect(rehearsed.stderr).toContain("Planned from the store's 2 discounts, read in 1 page before the import.");
    const listed = (await api(live, 'GET', '/discounts')).json as { discounts: unknown[] };
    expect(listed.discounts).toHaveLength(2);

    const real = await runLogged(live, ['discount', 'import', file, '--rejects', join(dir, 'real.csv'), '--json'], { env });
    expect(real.code, real.stderr).toBe(3);
    expect(writes(real.requests).length).toBeGreaterThan(0);
    expect(plan(JSON.parse(real.stdout) as Summary)).toEqual(plan(JSON.parse(rehearsed.stdout) as Summary));
    expect(rowsOf(join(dir, 'rehearsed.csv'))).toEqual(rowsOf(join(dir, 'real.csv')));
    expect(readFileSync(join(dir, 'real.csv'), 'utf8')).toMatch(/the row lacks its title, discountType, valueType, value to make it/);
  });

  it('--like on the copy: a file of codes, each a copy of the discount; only GETs', async () => {
    const file = join(scratchDir(), 'codes.csv');
    writeFileSync(file, 'code\nCOPY0001\nCOPY0002\nHELDHERE\n');
    const rehearsed = await runLogged(live, ['discount', 'import', file, '--like', 'HELDHERE', '--rehearse', '--json'], { env: live.env() });
    expect(rehearsed.code, rehearsed.stderr).toBe(3);
    expect(plan(JSON.parse(rehearsed.stdout) as Summary)).toEqual({ rows: 3, created: 2, updated: 0, unchanged: 0, failed: 1 });
    expect(writes(rehearsed.requests)).toEqual([]);
  });

  it('a bad file is refused before any request; --rehearse with --dry-run is refused', async () => {
    const dir = scratchDir();
    const file = join(dir, 'bad.csv');
    writeFileSync(file, 'code\nOKCODE12\nokcode12\n');
    const bad = await runLogged(live, ['discount', 'import', file, '--rehearse'], { env: live.env() });
    expect(bad.code, bad.stderr).toBe(2);
    expect(bad.stderr).toMatch(/line 3: the code okcode12 repeats a code of line 2/);
    expect(bad.requests).toEqual([]);
    const both = await runLogged(live, ['discount', 'import', file, '--rehearse', '--dry-run'], { env: live.env() });
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--rehearse and --dry-run are two ways to preview an import: give one\./);
    expect(both.requests).toEqual([]);
  });
});
