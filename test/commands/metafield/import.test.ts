import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { cli, liveCli, untilDone } from '../../helpers/cli-in-process.js';
import { descriptorsOn } from '../../helpers/descriptors.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { requestLog, waitFor } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { csv, definitionRequest, freshIds, metafieldRequests, plainRows, products, readBack, scratchFile } from './_import.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { SimClock } from '../../bulk/sim-clock.js';

const importArgs = (...rest: string[]) => ['metafield', 'import', ...rest];

// 3,000 rows in each dialect (300 objects: more than a page of 250): the requests a row do not
// change with the size, and the import's speed and memory at 100,000 rows are bench/import.mjs's.
describe.each(DIALECTS.map((dialect) => [dialect, 300] as const))('metafield import: %s dialect, %i objects of 10 values', (dialect, objects) => {
  const log = requestLog();
  const s = useSandbox({ dialect, seed: 'demo', onRequest: log.hook });

  it('reads back exactly, costs about one request per object, and a re-run changes nothing', { timeout: 90_000 }, async () => {
    const ids = freshIds(objects);
    const rows = objects * 10;
    const plain = plainRows(ids, 10);
    const file = scratchFile('values.csv', csv(plain.rows));
    log.clear();

    const first = await cli(importArgs(file, '--json'), { env: s.env });
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ rows, created: rows, updated: 0, unchanged: 0, failed: 0 });
    const fresh = metafieldRequests(await log.take());
    // Create first: one POST per object, plus the first few objects read before the import learned they were fresh.
    expect(fresh.length).toBeLessThanOrEqual(objects + 8);
    expect(fresh.filter((q) => q.status !== 200)).toEqual([]);
    expect(await readBack(s.sandbox, products(ids))).toEqual(plain.target);
    log.clear();

    const again = await cli(importArgs(file, '--json'), { env: s.env });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ rows, created: 0, updated: 0, unchanged: rows, failed: 0 });
    expect(again.stderr).toContain(`Nothing to change: all ${rows.toLocaleString('en-US')} rows`);
    const rerun = metafieldRequests(await log.take());
    expect(rerun).toHaveLength(objects);
    expect(rerun.every((q) => q.method === 'GET')).toBe(true);

    // One value in ten changed: one more request per changed value, no more.
    const changed = plainRows(ids, 10, (id, k) => (k === 3 ? `changed-${id}` : `v-${id}-${k}`));
    const changedFile = scratchFile('changed.csv', csv(changed.rows));
    const third = await cli(importArgs(changedFile, '--json'), { env: s.env });
    expect(third.code, third.stderr).toBe(0);
    expect(JSON.parse(third.stdout)).toMatchObject({ rows, created: 0, updated: objects, unchanged: rows - objects, failed: 0 });
    const update = metafieldRequests(await log.take());
    expect(update.filter((q) => q.method === 'GET')).toHaveLength(objects);
    expect(update.filter((q) => q.method === 'PUT')).toHaveLength(objects);
    expect(update).toHaveLength(2 * objects);
    expect(await readBack(s.sandbox, products(ids))).toEqual(changed.target);
  });
});

describe.each(DIALECTS)('metafield import: rows that fail (%s dialect)', (dialect) => {
  const s = useSandbox({ dialect, seed: 'demo' });

  it('go to the rejects file with their line and reason while the good rows apply; exit 3', async () => {
    const [a, b, c] = freshIds(3);
    const header = ['domain', 'bizId', 'namespace', 'code', 'value', 'type'];
    const text = csv(
      [
        ['products', a!, 'custom', 'material', 'Linen', ''], // line 2: good
        ['products', a!, 'custom', 'stock_floor', '4x2', 'Integer'], // 3: bad Integer
        ['products', a!, 'custom', 'launch_date', '2026-02-30', 'Date'], // 4: bad Date
        ['products', a!, 'custom', 'rating', '4.5', 'Decimel'], // 5: unknown type
        ['products', a!, 'custom', 'is_gift', 'yes', 'Boolean'], // 6: good
        ['products', b!, 'custom', 'care_guide', 'x'.repeat(65_536), ''], // 7: over-long
        ['products', b!, 'custom', 'material', 'Wool'], // 8: ragged
        ['products', b!, 'specs', 'weight', '1.5 kg', 'Weight'], // 9: good
        ['products', b!, 'custom', 'stock_floor', 'lots', ''], // 10: the store refuses it (its definition says Integer)
        ['products', b!, 'specs', 'weight', '2 kg', 'Weight'], // 11: the file already set it on line 9
        ['products', 'not-a-number', 'custom', 'material', 'Silk', ''], // 12: the store refuses the bizId
        ['products', c!, 'custom', 'care_guide', '"Quoted", with commas\nand a line break', 'MultiLineText'], // 13-14: good
      ],
      header,
    );
    const file = scratchFile('values.csv', text);
    const rejects = scratchFile('rejects.csv', '');
    const r = await cli(importArgs(file, '--rejects', rejects, '--json'), { env: s.env });
    expect(r.code, r.stderr).toBe(3);
    expectNoStackTrace(r.stderr);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 12, created: 4, updated: 0, unchanged: 0, failed: 8 });
    expect(r.stderr).toMatch(/^error: 8 of 12 rows failed \(see .*rejects\.csv\)\.$/m);

    const rejected = parse(readFileSync(rejects), { columns: true }) as Array<Record<string, string>>;
    const byLine = Object.fromEntries(rejected.map((row) => [row.line, row.reason]));
    expect(Object.keys(byLine).sort((x, y) => Number(x) - Number(y))).toEqual(['3', '4', '5', '7', '8', '10', '11', '12']);
    expect(byLine['3']).toMatch(/^the value "4x2" is not an Integer/);
    expect(byLine['4']).toMatch(/^the value "2026-02-30" is not a Date/);
    expect(byLine['5']).toMatch(/^unknown type "Decimel"/);
    expect(byLine['7']).toBe('the value (65536 characters) is not a value of at most 65535 characters');
    expect(byLine['8']).toBe('the row has 5 fields where the header has 6');
    // A value its definition refuses is refused before it is sent, alike in both dialects (the store would answer 400).
    expect(byLine['10']).toBe('the value "lots" is not an Integer like "42" (a whole number within signed 64-bit) (Integer is the field\'s type on the store)');
    expect(byLine['11']).toBe('the file already set specs.weight of this object on line 9');
    expect(byLine['12']).toMatch(/bizId/);
    // The rejects file carries the row as written, so it can be fixed and imported again.
    expect(rejected.find((row) => row.line === '3')).toMatchObject({
      domain: 'products',
      bizId: a,
      namespace: 'custom',
      code: 'stock_floor',
      type: 'Integer',
      value: '4x2',
    });

    const state = await readBack(s.sandbox, products([a!, b!, c!]));
    expect(state).toEqual(
      new Map([
        [`products/${a}/custom.is_gift`, 'true'],
        [`products/${a}/custom.material`, 'Linen'],
        [`products/${b}/specs.weight`, '{"value":1.5,"unit":"kg"}'],
        [`products/${c}/custom.care_guide`, '"Quoted", with commas\nand a line break'],
      ]),
    );
  });

  it('a file that stops being CSV partway: the rows before it apply, the rest is not read; exit 3', async () => {
    const [a, b, c] = freshIds(3);
    const text = `domain,bizId,namespace,code,value\nproducts,${a},ns,x,1\nproducts,${a},ns,y,2\nproducts,${b},ns,x,3\nproducts,${b},ns,y,"open\nproducts,${c},ns,x,4\n`;
    const r = await cli(importArgs(scratchFile('v.csv', text), '--json'), { env: s.env });
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/^Stopped at line 5, which is not valid CSV \(.*\): the rest of the file was not read\.$/m);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 3, created: 3, failed: 0 });
    expect(await readBack(s.sandbox, products([a!, b!, c!]))).toEqual(
      new Map([
        [`products/${a}/ns.x`, '1'],
        [`products/${a}/ns.y`, '2'],
        [`products/${b}/ns.x`, '3'],
      ]),
    );
  });

  it('a fixed rejects file imports as it is (its line and reason columns are ignored)', async () => {
    const [a] = freshIds(1);
    const rejects = scratchFile('rejects.csv', '');
    const first = await cli(
      importArgs(
        scratchFile('v.csv', csv([['products', a!, 'custom', 'stock_floor', 'ten', 'Integer']], ['domain', 'bizId', 'namespace', 'code', 'value', 'type'])),
        '--rejects',
        rejects,
      ),
      { env: s.env },
    );
    expect(first.code).toBe(3);
    const fixed = readFileSync(rejects, 'utf8').replace(',ten,', ',10,');
    const second = await cli(importArgs(scratchFile('fixed.csv', fixed), '--json'), { env: s.env });
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ rows: 1, created: 1 });
  });

  it('without --rejects, the first reasons are shown and the flag is suggested', async () => {
    const [a] = freshIds(1);
    const rows = Array.from({ length: 7 }, (_, i) => ['products', a!, 'custom', `c${i}`, 'x', 'Integer']);
    const r = await cli(importArgs(scratchFile('v.csv', csv(rows, ['domain', 'bizId', 'namespace', 'code', 'value', 'type']))), { env: s.env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('  line 2: the value "x" is not an Integer');
    expect(r.stderr).toContain('  ... and 2 more (--rejects FILE lists every one).');
  });
});

describe('metafield import: an unusable file exits 2 and sends nothing', () => {
  const log = requestLog();
  const s = useSandbox({ onRequest: log.hook });

  const cases: Array<[string, string | Buffer, RegExp]> = [
    ['a missing column', 'domain,bizId,namespace,value\nproducts,1,ns,v\n', /the header lacks the column code;/],
    ['an unknown column', 'domain,bizId,namespace,code,value,colour\n', /unknown column "colour"/],
    ['an empty file', '', /is empty: it needs a header line/],
    ['a file that is not CSV', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]), /the header/],
    ['semicolons', 'domain;bizId;namespace;code;value\nproducts;1;ns;c;v\n', /reads comma-separated values/],
    ['broken quotes before any row was sent', 'domain,bizId,namespace,code,value\nproducts,1,ns,c,"open\n', /line 2 is not valid CSV .*; nothing was sent/],
    [
      'a cell of 3 MB, past the row limit (reading stops there)',
      `domain,bizId,namespace,code,value\nproducts,1,ns,c,"${'x'.repeat(3 * 1024 * 1024)}"\nproducts,2,ns,c,v\n`,
      /line 2 is not valid CSV \(the row is longer than 1,048,576 characters, which no row of an import can be \(a value holds at most 65,535\): reading stopped there\); nothing was sent/,
    ],
  ];
  for (const [what, content, message] of cases) {
    it(what, async () => {
      log.clear();
      const file = scratchFile('bad.csv', content);
      const r = await cli(importArgs(file), { env: s.env });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toContain(file);
      expect(r.stdout).toBe('');
      expectNoStackTrace(r.stderr);
      expect(await log.take()).toEqual([]);
    });
  }

  it.runIf(process.platform === 'linux')('a journal that cannot be kept: exit 1, nothing sent, and the file it opened is closed', async () => {
    log.clear();
    const file = scratchFile('values.csv', csv([['products', '1', 'ns', 'c', 'v']]));
    // The data folder is a file: the run's journal, which undo needs, cannot be made there.
    const notAFolder = scratchFile('not-a-folder', '');
    const r = await cli(importArgs(file), { env: { ...s.env, STORE_CLI_DATA_DIR: notAFolder } });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain(`Cannot keep the run's journal under ${notAFolder}/runs (ENOTDIR), which undo needs: nothing was sent.`);
    expect(await log.take()).toEqual([]);
    // A close in flight may take a moment.
    await waitFor(() => (descriptorsOn(file).length === 0 ? true : undefined), 2_000, `no descriptor left open on ${file}`);
  });

  it('bad flags and a missing file', async () => {
    const file = scratchFile('ok.csv', csv([['products', '1', 'ns', 'c', 'v']]));
    for (const [args, message] of [
      [[file, '--shard', '4/3'], /--shard must be i\/n/],
      [[file, '--concurrency', '0'], /--concurrency must be a whole number from 1 to 64/],
      [[file, '--domain', 'widgets'], /--domain must be one of products/],
      [[file, '--domain', 'products'], /--domain is for files without a domain column/],
      [['/nonexistent/values.csv'], /does not exist; nothing was sent/],
      [[file, '--rejects', '/nonexistent/r.csv'], /--rejects \/nonexistent\/r\.csv: its folder \/nonexistent does not exist\. Nothing was sent\./],
      [[file, '--json', 'rows,nope'], /nope/],
    ] as Array<[string[], RegExp]>) {
      const r = await cli(importArgs(...args), { env: s.env });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    expect(await log.take()).toEqual([]);
  });
});

describe('metafield import: --shard', () => {
  const log = requestLog();
  const s = useSandbox({ onRequest: log.hook });

  it('three shards cover every row exactly once, each object in one shard only', { timeout: 30_000 }, async () => {
    const ids = freshIds(90);
    const { rows, target } = plainRows(ids, 4);
    const file = scratchFile('values.csv', csv(rows));
    const touched: Array<Set<string>> = [];
    let total = 0;
    for (const shard of ['1/3', '2/3', '3/3']) {
      log.clear();
      const r = await cli(importArgs(file, '--shard', shard, '--json'), { env: s.env });
      expect(r.code, r.stderr).toBe(0);
      const summary = JSON.parse(r.stdout) as { rows: number; created: number };
      expect(summary.created).toBe(summary.rows);
      expect(summary.rows).toBeGreaterThan(0);
      expect(r.stderr).toContain(`Shard ${shard}: ${rows.length - summary.rows} rows of the file belong to other shards.`);
      total += summary.rows;
      touched.push(new Set(metafieldRequests(await log.take()).map((q) => q.path.split('/')[5]!)));
    }
    expect(total).toBe(rows.length);
    for (const [i, a] of touched.entries()) for (const b of touched.slice(i + 1)) expect([...a].filter((id) => b.has(id))).toEqual([]);
    expect(await readBack(s.sandbox, products(ids))).toEqual(target);
  });
});

describe.each(DIALECTS)('metafield import: under injected faults (%s dialect)', (dialect) => {
  // 20% of requests fail: 500, 503 or a reset connection (a POST among them, resent safely).
  const log = requestLog();
  const failing = useSandbox({ dialect, failRate: 0.2, failSeed: 424242, failKinds: ['500', '503', 'reset'], onRequest: log.hook });
  // 20% of requests fail with every kind, 429 included: each 429 pauses the run and slows it (the store is believed).
  const all = useSandbox({ dialect, failRate: 0.2, failSeed: 77, onRequest: log.hook });
  // The retries' backoffs and Retry-After waits (the CLI's and the read back's) go by a simulated clock.
  const clock = new SimClock().autoAdvance();

  async function importTwice(sandbox: typeof failing, objects: number) {
    const ids = freshIds(objects);
    const { rows, target } = plainRows(ids, 5);
    const file = scratchFile('values.csv', csv(rows));
    log.clear();
    // A run may give up an object whose six tries all met a fault (exit 3): a re-run sends it.
    const runs = await untilDone(importArgs(file, '--json'), { env: sandbox.env, clock });
    const summary = JSON.parse(runs.at(-1)!.stdout) as { rows: number; created: number; unchanged: number; failed: number };
    expect(summary).toMatchObject({ rows: rows.length, failed: 0 });
    // A create whose answer was lost and that the store had applied counts as unchanged (as
    // does, in a re-run, what the run before made).
    expect(summary.created + summary.unchanged).toBe(rows.length);
    const r = runs[0]!;
    const faults = (await log.take()).filter((q) => q.status !== 200);
    expect(await readBack(sandbox.sandbox, products(ids))).toEqual(target);

    const again = await untilDone(importArgs(file, '--json'), { env: sandbox.env, clock });
    for (const run of again) expect(JSON.parse(run.stdout)).toMatchObject({ rows: rows.length, created: 0, updated: 0 });
    expect(JSON.parse(again.at(-1)!.stdout)).toMatchObject({ unchanged: rows.length, failed: 0 });
    return { faults, stderr: r.stderr };
  }

  it('500, 503 and resets: loses and duplicates nothing, and a re-run changes nothing', { timeout: 60_000 }, async () => {
    const { faults, stderr } = await importTwice(failing, 60);
    expect(faults.length).toBeGreaterThan(5); // faults did happen
    expect(faults.some((q) => q.method === 'POST')).toBe(true);
    expect(stderr).toMatch(/\d+ retried after a failure/);
  });

  it('every kind, 429 included: the same, the 429s waited out', { timeout: 60_000 }, async () => {
    const { faults, stderr } = await importTwice(all, 12);
    expect(faults.some((q) => q.status === 429)).toBe(true);
    expect(stderr).toMatch(/\d+ refused \(429\) and sent again/);
    expect(stderr).not.toMatch(/rate limit/);
  });
});

describe.each(DIALECTS)('metafield import: --dry-run, --json, stdin, --domain (%s dialect)', (dialect) => {
  const log = requestLog();
  const s = useSandbox({ dialect, seed: 'demo', onRequest: log.hook });

  it('--dry-run reads, plans and writes nothing', async () => {
    const [a, b] = freshIds(2);
    await cli(
      importArgs(
        scratchFile(
          'seed.csv',
          csv([
            ['products', a!, 'ns', 'same', '1'],
            ['products', a!, 'ns', 'old', '1'],
          ]),
        ),
      ),
      { env: s.env },
    );
    log.clear();
    const file = scratchFile(
      'v.csv',
      csv(
        [
          ['products', a!, 'ns', 'same', '1', ''],
          ['products', a!, 'ns', 'old', '2', ''],
          ['products', b!, 'ns', 'new', '3', ''],
          ['products', b!, 'ns', 'bad', 'x', 'Integer'],
        ],
        ['domain', 'bizId', 'namespace', 'code', 'value', 'type'],
      ),
    );
    const r = await cli(importArgs(file, '--dry-run', '--json'), { env: s.env });
    expect(r.code, r.stderr).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 4, created: 1, updated: 1, unchanged: 1, failed: 1 });
    expect(r.stderr).toContain('Dry run of');
    expect(r.stderr).toContain('1 to create, 1 to update, 1 unchanged, 1 failed');
    const requests = metafieldRequests(await log.take());
    expect(requests.map((q) => q.method)).toEqual(['GET', 'GET']);
    expect((await readBack(s.sandbox, products([a!, b!]))).get(`products/${a}/ns.old`)).toBe('1');
  });

  it('--dry-run without a store to read still checks the file, and says the types were not checked (never "0 invalid")', async () => {
    const offline = (name: string, rows: string[][], ...flags: string[]) =>
      cli(importArgs(scratchFile(name, csv(rows, ['domain', 'bizId', 'namespace', 'code', 'value', 'type'])), '--dry-run', ...flags), { env: {} });
    const r = await offline(
      'v.csv',
      [
        ['products', '1', 'ns', 'ok', '1', ''],
        ['products', '1', 'ns', 'bad', 'x', 'Integer'],
      ],
      '--json',
    );
    expect(r.code, r.stderr).toBe(3);
    expect(JSON.parse(r.stdout)).toEqual({
      rows: 2,
      created: null,
      updated: null,
      unchanged: null,
      partial: 0,
      failed: 1,
      unfinished: 0,
      requests: 0,
      refused: 0,
      elapsedMs: expect.any(Number),
      runId: null,
    });
    expect(r.stderr).toMatch(
      /the file alone \(the store could not be read: No store is set up.*\): 2 rows, 1 well-formed, 1 malformed; types not checked \(no definitions read\)\./,
    );
    const clean = await offline('offline-clean.csv', [
      ['products', '1', 'ns', 'size', '42', 'Integer'],
      ['products', '2', 'ns', 'note', 'hello', ''],
    ]);
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stderr).toMatch(/: 2 rows, 2 well-formed; types not checked \(no definitions read\)\.\n/);
    expect(clean.stderr).not.toMatch(/\binvalid\b/);
  });

  it('--json prints exactly the summary fields; --json a,b only those', async () => {
    const [a] = freshIds(1);
    const file = scratchFile('v.csv', csv([['products', a!, 'ns', 'c', 'v']]));
    const r = await cli(importArgs(file, '--json'), { env: s.env });
    expect(Object.keys(JSON.parse(r.stdout))).toEqual([
      'rows',
      'created',
      'updated',
      'unchanged',
      'partial',
      'failed',
      'unfinished',
      'requests',
      'refused',
      'elapsedMs',
      'runId',
    ]);
    const some = await cli(importArgs(file, '--json', 'rows,unchanged'), { env: s.env });
    expect(JSON.parse(some.stdout)).toEqual({ rows: 1, unchanged: 1 });
  });

  it('reads stdin for "-", takes --domain for a file without a domain column, and prints nothing on stdout without --json', async () => {
    const [a] = freshIds(1);
    const r = await cli(importArgs('-', '--domain', 'customers'), {
      env: s.env,
      stdin: `bizId,namespace,code,value,type\n${a},custom,vip,yes,Boolean\n${a},custom,birthday,2-29,MonthDay\n`,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^Imported stdin in \d+s: 2 rows of 1 object: 2 created/m);
    expect(await readBack(s.sandbox, [['customers', a!]])).toEqual(
      new Map([
        [`customers/${a}/custom.birthday`, '02-29'],
        [`customers/${a}/custom.vip`, 'true'],
      ]),
    );
  });

  it('an object that appears again later in the file is applied after its earlier rows', async () => {
    const [a, b] = freshIds(2);
    const rows = [
      ['products', a!, 'ns', 'x', '1'],
      ['products', b!, 'ns', 'x', '1'],
      ['products', a!, 'ns', 'x', '2'],
    ];
    const r = await cli(importArgs(scratchFile('v.csv', csv(rows)), '--json'), { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 3, created: 2, updated: 1 });
    expect((await readBack(s.sandbox, products([a!]))).get(`products/${a}/ns.x`)).toBe('2');
  });

  it('a refused token stops the run with exit 4 after the summary', async () => {
    const file = scratchFile('v.csv', csv([['products', '1', 'ns', 'c', 'v']]));
    const r = await cli(importArgs(file), { env: { ...s.env, STORE_CLI_TOKEN: 'not-a-known-token' } });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('Stopped early');
    expect(r.stderr).toMatch(/^error: The store refused the access token/m);
  });
});

describe('metafield import: values without a definition', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });

  it('are stored as text whatever their type column says: the summary names each namespace.code once, dry run alike', async () => {
    const [a, b] = freshIds(2);
    const header = ['domain', 'bizId', 'namespace', 'code', 'value', 'type'];
    const rows = [
      ['products', a!, 'custom', 'flag', 'yes', 'Boolean'],
      ['products', b!, 'custom', 'flag', 'no', 'Boolean'],
      ['products', a!, 'custom', 'is_gift', 'yes', 'Boolean'],
      ['products', a!, 'notes', 'internal', 'Reorder in May', ''],
      ['customers', '7000000000000000001', 'custom', 'flag', 'true', ''],
    ];
    const file = scratchFile('undefined.csv', csv(rows, header));
    const flag = 'warning: no definition for custom.flag on products: stored as text (2 rows); create one with `metafield definition create`.';
    const notes = 'warning: no definition for notes.internal on products: stored as text (1 row); create one with `metafield definition create`.';
    const customers = 'warning: no definition for custom.flag on customers: stored as text (1 row); create one with `metafield definition create`.';
    for (const dry of [['--dry-run'], []]) {
      log.clear();
      const r = await cli(importArgs(file, ...dry), { env: s.env });
      expect(r.code, r.stderr).toBe(0);
      const warnings = r.stderr.split('\n').filter((line) => line.startsWith('warning: no definition'));
      expect(warnings).toEqual([customers, flag, notes]);
      expect(r.stderr).not.toContain('custom.is_gift');
      // One listing of definitions per domain, whatever the number of rows.
      expect(
        (await log.take())
          .filter(definitionRequest)
          .map((q) => q.path.split('?')[0])
          .sort(),
      ).toEqual(['/api/202412/metafields/definitions/customers', '/api/202412/metafields/definitions/products']);
    }
  });
});

describe('metafield import: Ctrl-C', () => {
  let creates = 0;
  const s = useSandbox({ onRequest: (q) => void (q.method === 'POST' && q.status === 200 && (creates += 1)) });

  it('stops taking rows, prints the summary of what was done, exits 130; a re-run finishes the job', { timeout: 60_000 }, async () => {
    const ids = freshIds(500);
    const { rows, target } = plainRows(ids, 2);
    const file = scratchFile('values.csv', csv(rows));
    const controller = new AbortController();
    creates = 0;
    const live = liveCli(importArgs(file, '--json'), { env: s.env, signal: controller.signal });
    await waitFor(() => (creates >= 5 ? true : undefined), 20_000, 'five creates');
    controller.abort();
    const r = await live.done;
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/^Interrupted: /m);
    const summary = JSON.parse(r.stdout) as { rows: number; created: number };
    expect(summary.created).toBeGreaterThan(0);
    expect(summary.created).toBeLessThan(rows.length);
    expect((await readBack(s.sandbox, products(ids))).size).toBe(summary.created);

    const again = await cli(importArgs(file, '--json'), { env: s.env });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ rows: rows.length, created: rows.length - summary.created, unchanged: summary.created });
    expect(await readBack(s.sandbox, products(ids))).toEqual(target);
  });

  it('also while waiting for more rows on stdin', async () => {
    const controller = new AbortController();
    const [a, b, c] = freshIds(3);
    creates = 0;
    // The third row stays unread until more arrives (the parser holds a chunk's last record back).
    const stdin = `domain,bizId,namespace,code,value\nproducts,${a},ns,c,v\nproducts,${b},ns,c,v\nproducts,${c},ns,c,v\n`;
    const live = liveCli(importArgs('-', '--json'), { env: s.env, signal: controller.signal, keepStdinOpen: true, stdin });
    await waitFor(() => (creates >= 1 ? true : undefined), 20_000, 'the first object applied');
    controller.abort();
    const r = await live.done;
    expect(r.code, r.stderr).toBe(130);
    expect(JSON.parse(r.stdout)).toMatchObject({ created: 1 });
    expect(r.stderr).toMatch(/^Interrupted: /m);
  });
});
