import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { expectUsageError, requestLog, stripAnsi, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { DIALECTS } from '../../helpers/dialects.js';

describe.each(DIALECTS)('collection list (%s dialect)', (dialect) => {
  const log = requestLog();
  const s = useSandbox({
    dialect,
    seed: 'demo',
    onRequest: log.hook,
    tokens: [parseTokenSpec('full-token-0001'), parseTokenSpec('gift-token-0002:read_gift_card')],
  });
  const env = () => ({ ...s.env, STORE_CLI_TOKEN: 'full-token-0001' });

  it('every collection, TSV in the documented column order', async () => {
    const r = await cli(['collection', 'list'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const rows = tsvRows(r.stdout);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    const summer = rows.find((row) => row[1] === 'Summer Sale')!;
    expect(summer[0]).toBe('4000000000000000304');
    expect(summer[2]).toBe('custom');
    expect(summer[3]).toMatch(/^\d+$/);
    expect(summer[4]).toBe('true');
  });

  it('--title filters by part of the title ignoring case; --collection-type sends the type code', async () => {
    log.clear();
    const r = await cli(['collection', 'list', '--title', 'SUMMER'], { env: env() });
    expect(tsvRows(r.stdout).map((row) => row[1])).toEqual(['Summer Sale', 'Summer Essentials']);
    expect((await log.take()).map((q) => q.path)).toEqual(['/api/202412/collections?title=SUMMER']);
    const smart = await cli(['collection', 'list', '--collection-type', 'smart', '--json', 'title,collectionType'], { env: env() });
    const list = JSON.parse(smart.stdout);
    // --json is the collection as the store sent it: the code, text here and a number on a real store.
    expect(list).toEqual([
      { title: 'New Arrivals', collectionType: dialect === 'real' ? 2 : '2' },
      { title: 'Best Sellers', collectionType: dialect === 'real' ? 2 : '2' },
    ]);
    expect((await log.take()).map((q) => q.path)).toEqual(['/api/202412/collections?collectionType=2']);
    for (const custom of ['custom', 'manual']) {
      const r2 = await cli(['collection', 'list', '--collection-type', custom], { env: env() });
      expect(r2.code, r2.stderr).toBe(0);
      expect(new Set(tsvRows(r2.stdout).map((row) => row[2]))).toEqual(new Set(['custom']));
      expect((await log.take()).map((q) => q.path)).toEqual(['/api/202412/collections?collectionType=1']);
    }
  });

  it('a terminal shows a table; --jsonl one object per line', async () => {
    const tty = await cli(['collection', 'list', '--title', 'rainy'], { env: env(), tty: true });
    expect(stripAnsi(tty.stdout)).toMatch(/^ID\s+TITLE\s+TYPE\s+PRODUCTS\s+PUBLISHED\n4000000000000000335\s+Rainy Day Picks\s+custom\s+\d+\s+false\n$/);
    const jsonl = await cli(['collection', 'list', '--jsonl'], { env: env() });
    const lines = jsonl.stdout.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(6);
    expect(JSON.parse(lines[0]!)).toHaveProperty('collectionId');
  });

  it('an unknown --collection-type exits 2 and sends nothing; no match is an empty success', async () => {
    log.clear();
    expectUsageError(await cli(['collection', 'list', '--collection-type', 'auto'], { env: env() }), '--collection-type');
    expect(await log.take()).toEqual([]);
    expect(await cli(['collection', 'list', '--title', 'zzz'], { env: env() })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('a token without read_products exits 4', async () => {
    const r = await cli(['collection', 'list'], { env: { ...s.env, STORE_CLI_TOKEN: 'gift-token-0002' } });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/403/);
  });
});
