// product import --rehearse against a "live" demo store (a sandbox started here at a rate
// plan, in simulated time), in both dialects: the rows the store would refuse (a category no category is named, a
// collection name two collections share) are found on the copy, the live store's log shows
// only GETs, and the real run that follows gets the same plan and the same rejects.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimClock } from '../../bulk/sim-clock.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { runLogged, startLogged, type LoggedSandbox } from '../../helpers/logged-sandbox.js';
import { plan, rowsOf, writes, type Summary } from '../../helpers/rehearsal.js';
import { scratchDir } from '../../helpers/scratch.js';
import { api } from '../../helpers/store-request.js';

describe.each(DIALECTS)('product import --rehearse (%s dialect)', (dialect) => {
  const clock = new SimClock().autoAdvance();
  let live: LoggedSandbox;

  beforeAll(async () => {
    live = await startLogged({ seed: 'demo', dialect, rateLimit: { rps: 5, burst: 100 } }, clock);
  });
  afterAll(async () => {
    await live?.close();
  });

  it('only GETs reach the store; the rejects and the plan are those of the real run that follows', async () => {
    const dir = scratchDir();
    const file = join(dir, 'products.csv');
    writeFileSync(
      file,
      [
        'handle,title,sku,price,category,collections,inventory:Main Warehouse',
        // The store's mug at another price: an update.
        'stoneware-coffee-mug,Stoneware Coffee Mug,MUG-SND,99.00,,,',
        // A category the store has none of: refused.
        'packable-rain-jacket,Packable Rain Jacket,JKT-PCK,,Nonexistent Category,,',
        // "Summer" is part of two collections' names: refused as ambiguous.
        'fresh-tote,Fresh Tote,TOTE-1,12.00,,Summer,',
        // New, in a category and a collection named exactly, with stock: created.
        'linen-apron,Linen Apron,APR-1,19.00,Kitchen,New Arrivals,5',
      ].join('\n') + '\n',
    );
    const env = live.env();
    const before = JSON.stringify((await api(live, 'GET', '/products?limit=250')).json);
    const rehearsed = await runLogged(live, ['product', 'import', file, '--rehearse', '--rejects', join(dir, 'rehearsed.csv'), '--json'], { env });
    expect(rehearsed.code, rehearsed.stderr).toBe(3);
    expect(rehearsed.requests.length).toBeGreaterThan(0);
    expect(writes(rehearsed.requests)).toEqual([]);
    expect(plan(JSON.parse(rehearsed.stdout) as Summary)).toEqual({ rows: 4, created: 1, updated: 1, unchanged: 0, failed: 2 });
    expect(rehearsed.stderr).toMatch(
      /^Copied from the store with \d+ reads \(GET only; nothing was written to it\): the 2 products of the file among the store's \d+, \d+ categor(y|ies), \d+ collections and the \d+ locations\.$/m,
    );
    expect(rehearsed.stderr).toMatch(/^The real run would send about \d+ requests?: about .* at the store's rate \(a bucket of 100/m);
    // Nothing changed on the store.
    expect(JSON.stringify((await api(live, 'GET', '/products?limit=250')).json)).toBe(before);

    const real = await runLogged(live, ['product', 'import', file, '--rejects', join(dir, 'real.csv'), '--json'], { env });
    expect(real.code, real.stderr).toBe(3);
    expect(writes(real.requests).length).toBeGreaterThan(0);
    expect(plan(JSON.parse(real.stdout) as Summary)).toEqual(plan(JSON.parse(rehearsed.stdout) as Summary));
    expect((JSON.parse(rehearsed.stdout) as Summary).requests).toBe((JSON.parse(real.stdout) as Summary).requests);
    expect(rowsOf(join(dir, 'rehearsed.csv'))).toEqual(rowsOf(join(dir, 'real.csv')));
    expect(readFileSync(join(dir, 'real.csv'), 'utf8')).toMatch(/Nonexistent Category/);
  });

  it("metafield columns: a value over its definition's maximum (only the store checks it) is refused on the copy as on the store", async () => {
    const dir = scratchDir();
    const file = join(dir, 'values.csv');
    writeFileSync(
      file,
      [
        'handle,sku,metafield:specs.weight,metafield:custom.material',
        'stoneware-coffee-mug,MUG-SND,900 kg,stoneware',
        'packable-rain-jacket,JKT-PCK,2 kg,nylon',
      ].join('\n') + '\n',
    );
    const env = live.env();
    const rehearsed = await runLogged(live, ['product', 'import', file, '--rehearse', '--rejects', join(dir, 'rehearsed.csv'), '--json'], { env });
    expect(rehearsed.code, rehearsed.stderr).toBe(3);
    expect(writes(rehearsed.requests)).toEqual([]);
    expect(rehearsed.stderr).toMatch(/the 2 products of the file .*\(\d+ metafield values? held\)/);
    const real = await runLogged(live, ['product', 'import', file, '--rejects', join(dir, 'real.csv'), '--json'], { env });
    expect(real.code, real.stderr).toBe(3);
    expect(plan(JSON.parse(real.stdout) as Summary)).toEqual(plan(JSON.parse(rehearsed.stdout) as Summary));
    expect(rowsOf(join(dir, 'rehearsed.csv'))).toEqual(rowsOf(join(dir, 'real.csv')));
    // The definition (copied with the values) is what refuses it: the store's own check of its maximum ("900 kg" converted as a Weight first).
    expect(readFileSync(join(dir, 'real.csv'), 'utf8')).toMatch(/^2,stoneware-coffee-mug,.*must be at most 500 kg/m);
  });

  it('a header naming no location is refused on the copy as on the store, and the live store gets only GETs', async () => {
    const dir = scratchDir();
    const file = join(dir, 'stock.csv');
    writeFileSync(file, 'handle,sku,inventory:Nowhere\nstoneware-coffee-mug,MUG-SND,3\n');
    const rehearsed = await runLogged(live, ['product', 'import', file, '--rehearse'], { env: live.env() });
    expect(rehearsed.code, rehearsed.stderr).toBe(2);
    expect(rehearsed.stderr).toMatch(/the column inventory:Nowhere names no location of the store \(its locations: .*Main Warehouse/);
    expect(writes(rehearsed.requests)).toEqual([]);
  });
});
