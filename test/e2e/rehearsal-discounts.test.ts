// discount import --rehearse against a "live" store (a served sandbox at a rate plan), in
// both dialects: a code the discount holds is unchanged, a code another discount holds is
// found taken, and the live store's log shows only GETs; the real run that follows gets the
// same plan and the same rejects, row for row.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, killLeftovers, requireBuild, runLogged, scratch, serve, type ServeHandle } from '../helpers/cli-spawn.js';
import { DIALECTS, dialectArgs } from '../helpers/dialects.js';
import { plan, rowsOf, writes, type Summary } from '../helpers/rehearsal.js';

describe.each(DIALECTS)('discount import --rehearse (spawned, %s dialect)', (dialect) => {
  let live: ServeHandle;
  let discountId: string;

  beforeAll(async () => {
    requireBuild();
    live = await serve(['--json', ...dialectArgs(dialect), '--rate-limit', '5/100']);
    const discount = { title: 'Rehearsed sale', discountType: 'ORDER_DISCOUNT', valueType: 'PERCENTAGE', value: '10', discountMethod: 'CODE_DISCOUNT' };
    const made = await api(live, 'POST', '/discounts', { discount });
    expect(made.status, JSON.stringify(made.json)).toBeLessThan(300);
    discountId = String((made.json as { discount: { id: string | number } }).discount.id);
    expect((await api(live, 'POST', `/discounts/${discountId}/codes`, { discountCode: { code: 'HELD-HERE' } })).status).toBeLessThan(300);
    const other = await api(live, 'POST', '/discounts', { discount: { ...discount, title: 'Another sale' } });
    const otherId = String((other.json as { discount: { id: string | number } }).discount.id);
    expect((await api(live, 'POST', `/discounts/${otherId}/codes`, { discountCode: { code: 'HELD-ELSEWHERE' } })).status).toBeLessThan(300);
  });
  afterAll(async () => {
    await live?.stop();
    killLeftovers();
  });

  it('only GETs reach the store; the code another discount holds is the rejection the real run then gets', async () => {
    const dir = scratch().root;
    const file = join(dir, 'codes.csv');
    writeFileSync(file, 'code\nHELD-HERE\nheld-elsewhere\nNEW-ONE\nNEW-TWO\n');
    const env = live.env();
    const rehearsed = await runLogged(live, ['discount', 'import', file, '--discount', discountId, '--rehearse', '--rejects', join(dir, 'rehearsed.csv'), '--json'], { env, timeoutMs: 60_000 });
    expect(rehearsed.code, rehearsed.stderr).toBe(3);
    expect(rehearsed.requests.length).toBeGreaterThan(0);
    expect(writes(rehearsed.requests)).toEqual([]);
    expect(plan(JSON.parse(rehearsed.stdout) as Summary)).toEqual({ rows: 4, created: 2, updated: 0, unchanged: 1, failed: 1 });
    expect(rehearsed.stderr).toMatch(
      /^Copied from the store with \d+ reads \(GET only; nothing was written to it\): discount \d+ with 1 code, and the 4 codes of the file looked for on 1 other code discount \(1 held there\)\.$/m,
    );
    expect(rehearsed.stderr).toMatch(/^The real run would send about \d+ requests?: about .* at the store's rate/m);
    expect(rehearsed.stderr).toMatch(/nothing was written to the store/);
    const codes = (await api(live, 'GET', `/discounts/${discountId}/codes`)).json as { discountCodes: Array<{ code: string }> };
    expect(codes.discountCodes.map((c) => c.code)).toEqual(['HELD-HERE']);

    const real = await runLogged(live, ['discount', 'import', file, '--discount', discountId, '--rejects', join(dir, 'real.csv'), '--json'], { env, timeoutMs: 60_000 });
    expect(real.code, real.stderr).toBe(3);
    expect(writes(real.requests).length).toBeGreaterThan(0);
    expect(plan(JSON.parse(real.stdout) as Summary)).toEqual(plan(JSON.parse(rehearsed.stdout) as Summary));
    expect(rowsOf(join(dir, 'rehearsed.csv'))).toEqual(rowsOf(join(dir, 'real.csv')));
    expect(readFileSync(join(dir, 'real.csv'), 'utf8')).toMatch(/another discount holds it/);
  }, 90_000);

  it('a bad file is refused before any request; --rehearse with --dry-run is refused', async () => {
    const dir = scratch().root;
    const file = join(dir, 'bad.csv');
    writeFileSync(file, 'code\nOK-CODE\nok-code\n');
    const bad = await runLogged(live, ['discount', 'import', file, '--discount', discountId, '--rehearse'], { env: live.env() });
    expect(bad.code, bad.stderr).toBe(2);
    expect(bad.stderr).toMatch(/line 3: the code repeats the code of line 2/);
    expect(bad.requests).toEqual([]);
    const both = await runLogged(live, ['discount', 'import', file, '--discount', discountId, '--rehearse', '--dry-run'], { env: live.env() });
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--rehearse and --dry-run are two ways to preview an import: give one\./);
    expect(both.requests).toEqual([]);
  });

  it('an automatic discount is refused on the copy as on the store (exit 2), with only GETs sent', async () => {
    const made = await api(live, 'POST', '/discounts', {
      discount: { title: 'Automatic sale', discountType: 'ORDER_DISCOUNT', valueType: 'PERCENTAGE', value: '5', discountMethod: 'AUTOMATIC_DISCOUNT' },
    });
    expect(made.status, JSON.stringify(made.json)).toBeLessThan(300);
    const automaticId = String((made.json as { discount: { id: string | number } }).discount.id);
    const file = join(scratch().root, 'codes.csv');
    writeFileSync(file, 'code\nAUTO-ONE\n');
    const rehearsed = await runLogged(live, ['discount', 'import', file, '--discount', automaticId, '--rehearse'], { env: live.env() });
    expect(rehearsed.code, rehearsed.stderr).toBe(2);
    expect(rehearsed.stderr).toMatch(/^error: Discount \d+ applies automatically \(AUTOMATIC_DISCOUNT\): it takes no codes\. Nothing was sent\.$/m);
    expect(writes(rehearsed.requests)).toEqual([]);
  });
});
