// --rehearse against a "live" store (a sandbox started here with definitions, values and
// cards, at a rate plan, in simulated time), in both dialects: the rehearsal sends the live store nothing but GETs, and
// the rows it says the store would reject are exactly those the real run then gets rejected
// (the rejects files alike, row for row), with the same plan.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimClock } from '../../bulk/sim-clock.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { runLogged, startLogged, type LoggedSandbox } from '../../helpers/logged-sandbox.js';
import { plan, rowsOf, writes, type Summary } from '../../helpers/rehearsal.js';
import { scratchDir } from '../../helpers/scratch.js';
import { api } from '../../helpers/store-request.js';

/** Every file under `dir`, as text. */
function filesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    try {
      return [readFileSync(join(dir, entry), 'utf8')];
    } catch {
      return [];
    }
  });
}

describe.each(DIALECTS)('--rehearse (%s dialect)', (dialect) => {
  const clock = new SimClock().autoAdvance();
  let live: LoggedSandbox;

  beforeAll(async () => {
    live = await startLogged({ seed: 'demo', dialect, rateLimit: { rps: 5, burst: 100 } }, clock);
    expect(
      (await api(live, 'POST', '/metafields/products/9100001', { metaFieldDataList: [{ namespace: 'custom', code: 'material', value: 'cotton' }] })).status,
    ).toBeLessThan(300);
    expect((await api(live, 'POST', '/gift_cards', { giftCard: { code: 'HOLDCARD0001', initialValue: '10.00' } })).status).toBeLessThan(300);
    expect((await api(live, 'POST', '/gift_cards', { giftCard: { code: 'HOLDCARD0002', initialValue: '20.00' } })).status).toBeLessThan(300);
  });
  afterAll(async () => {
    await live?.close();
  });

  it('metafield import: only GETs reach the store; the rejects and the plan are those of the real run that follows', async () => {
    const dir = scratchDir();
    const file = join(dir, 'values.csv');
    writeFileSync(
      file,
      [
        'domain,bizId,namespace,code,value',
        // Held already: unchanged; then one its Integer definition refuses (checked by the client against the copied definition).
        'products,9100001,custom,material,cotton',
        'products,9100001,custom,stock_floor,lots',
        // A weight over the definition's 500 kg maximum: only the store refuses it.
        'products,9100002,specs,weight,900 kg',
        'products,9100002,custom,material,wool',
        'products,9100003,custom,material,linen',
      ].join('\n') + '\n',
    );
    const env = live.env();
    const rehearsed = await runLogged(live, ['metafield', 'import', file, '--rehearse', '--rejects', join(dir, 'rehearsed.csv'), '--json'], { env });
    expect(rehearsed.code, rehearsed.stderr).toBe(3);
    expect(rehearsed.requests.length).toBeGreaterThan(0);
    expect(writes(rehearsed.requests)).toEqual([]);
    expect(rehearsed.stderr).toMatch(
      /^Rehearsal of .*values\.csv on a copy of the store \(nothing written to the store\): 5 rows of 3 objects: 2 to create, 0 to update, 1 unchanged, 2 the store would reject\.$/m,
    );
    expect(rehearsed.stderr).toMatch(
      /^Copied from the store with 4 reads \(GET only; nothing was written to it\): the 3 objects of the file \(1 value held\)/m,
    );
    expect(rehearsed.stderr).toMatch(
      /^The real run would send about \d+ requests: about \d+s at the store's rate \(a bucket of 100, \d+ in use, refilled at 5 a second\)\.$/m,
    );
    expect(rehearsed.stderr).toMatch(/2 of 5 rows would be rejected \(see .*rehearsed\.csv\); nothing was written to the store\./);
    // Nothing changed on the store: the rehearsal's creates went to its copy.
    expect(JSON.stringify((await api(live, 'GET', '/metafields/products/9100003')).json)).not.toContain('linen');

    const real = await runLogged(live, ['metafield', 'import', file, '--rejects', join(dir, 'real.csv'), '--json'], { env });
    expect(real.code, real.stderr).toBe(3);
    expect(writes(real.requests).length).toBeGreaterThan(0);
    // The same rows with the same reasons; rejects are written as they fail, so in any order.
    expect(rowsOf(join(dir, 'rehearsed.csv'))).toEqual(rowsOf(join(dir, 'real.csv')));
    expect(readFileSync(join(dir, 'real.csv'), 'utf8')).toMatch(/must be at most 500 kg/);
    expect(plan(JSON.parse(real.stdout) as Summary)).toEqual(plan(JSON.parse(rehearsed.stdout) as Summary));
    expect((JSON.parse(rehearsed.stdout) as Summary).requests).toBe((JSON.parse(real.stdout) as Summary).requests);
  });

  it("giftcard import: a code another card holds and a currency not the store's are found, and no card is written; codes reach no file", async () => {
    const dir = scratchDir();
    const file = join(dir, 'cards.csv');
    writeFileSync(
      file,
      [
        'code,initialValue,balance,currency,note',
        // The store's card: its balance to update.
        'HOLDCARD0001,10.00,7.00,,',
        // Held by a card made with another initial value: refused.
        'HOLDCARD0002,25.00,25.00,,',
        'NEWCARD00003,5.00,5.00,,fresh',
        // Not the store's currency: refused.
        'NEWCARD00004,5.00,5.00,EUR,',
      ].join('\n') + '\n',
    );
    const env = live.env();
    const rehearsed = await runLogged(live, ['giftcard', 'import', file, '--rehearse', '--rejects', join(dir, 'rehearsed.csv'), '--json'], { env });
    expect(rehearsed.code, rehearsed.stderr).toBe(3);
    expect(writes(rehearsed.requests)).toEqual([]);
    expect(rehearsed.stderr).toMatch(/: 4 rows of 4 cards: 1 to create, 1 to update, 0 unchanged, 2 the store would reject\.$/m);
    expect(rehearsed.stderr).not.toMatch(/HOLDCARD|NEWCARD/);
    // The copy lived in memory: no file of the run's data or config holds a code.
    expect(
      filesUnder(env.STORE_CLI_DATA_DIR!)
        .concat(filesUnder(env.STORE_CLI_CONFIG_DIR!))
        .some((text) => text.includes('HOLDCARD0002')),
    ).toBe(false);
    const search = JSON.stringify((await api(live, 'GET', '/gift_cards/search?lastCharacters=0003')).json);
    expect(search).not.toContain('fresh');

    const real = await runLogged(live, ['giftcard', 'import', file, '--rejects', join(dir, 'real.csv'), '--json'], { env });
    expect(real.code, real.stderr).toBe(3);
    // The same rows with the same reasons; rejects are written as they fail, so in any order.
    expect(rowsOf(join(dir, 'rehearsed.csv'))).toEqual(rowsOf(join(dir, 'real.csv')));
    expect(readFileSync(join(dir, 'real.csv'), 'utf8').trim().split('\n')).toHaveLength(3);
    expect(plan(JSON.parse(real.stdout) as Summary)).toEqual(plan(JSON.parse(rehearsed.stdout) as Summary));
  });

  it('reads stdin once, for the copy and the run on it', async () => {
    const input = 'domain,bizId,namespace,code,value\nproducts,9100001,custom,material,cotton\nproducts,9100004,custom,material,silk\n';
    const result = await runLogged(live, ['metafield', 'import', '-', '--rehearse', '--json'], { stdin: input });
    expect(result.code, result.stderr).toBe(0);
    expect(writes(result.requests)).toEqual([]);
    expect(result.stderr).toMatch(
      /^Rehearsal of stdin on a copy of the store \(nothing written to the store\): 2 rows of 2 objects: 1 to create, 0 to update, 1 unchanged, 0 the store would reject\.$/m,
    );
    expect(plan(JSON.parse(result.stdout) as Summary)).toEqual({ rows: 2, created: 1, updated: 0, unchanged: 1, failed: 0 });
  });

  it("giftcard import --codes-out: checked as the real run checks it, never written; the rehearsal's codes are its own", async () => {
    const dir = scratchDir();
    const file = join(dir, 'codeless.csv');
    writeFileSync(file, 'code,initialValue\n,15.00\n');
    const codes = join(dir, 'codes.csv');
    const result = await runLogged(live, ['giftcard', 'import', file, '--rehearse', '--codes-out', codes]);
    expect(result.code, result.stderr).toBe(0);
    expect(writes(result.requests)).toEqual([]);
    expect(result.stderr).toMatch(/: 1 row of 1 card: 1 to create, 0 to update, 0 unchanged, 0 the store would reject\.$/m);
    expect(readdirSync(dir)).toEqual(['codeless.csv']);

    writeFileSync(codes, 'kept\n');
    const taken = await runLogged(live, ['giftcard', 'import', file, '--rehearse', '--codes-out', codes]);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toMatch(/--codes-out .*codes\.csv exists already/);
    expect(taken.requests).toEqual([]);
    expect(readFileSync(codes, 'utf8')).toBe('kept\n');
  });

  it('--rehearse with --dry-run: one sentence, exit 2, nothing sent', async () => {
    const dir = scratchDir();
    const file = join(dir, 'one.csv');
    writeFileSync(file, 'domain,bizId,namespace,code,value\nproducts,1,custom,material,x\n');
    const result = await runLogged(live, ['metafield', 'import', file, '--rehearse', '--dry-run']);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe('error: --rehearse and --dry-run are two ways to preview an import: give one.');
    expect(result.requests).toEqual([]);
  });
});
