// order list against the sandbox's demo orders, in both dialects: newest first by default
// (the store lists oldest first and documents no sort: the client orders the answer), --sort
// oldest, each order's next page by id as the hint says, --all newest first page by page
// (the listing read twice), and the flags that do not go together.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { expectUsageError, requestLog, tsvRows } from '../_support.js';
import { call } from '../_support.js';

/** The demo orders, ascending (the store's order): 101 is 120 days old, 171 placed today. */
const ALL = ['101', '111', '121', '131', '141', '151', '161', '171'].map((tail) => `6000000000000000${tail}`);
const newest = [...ALL].reverse();

describe.each(DIALECTS)('order list (%s dialect)', (dialect) => {
  const log = requestLog();
  const s = useSandbox({ dialect, seed: 'demo', onRequest: log.hook });
  const list = (args: string[]) => cli(['order', 'list', ...args], { env: s.env });
  const ids = (stdout: string) => tsvRows(stdout).map((row) => row[0]);
  const asked = async () => (await log.take()).filter((q) => q.path.startsWith('/api/202412/orders')).map((q) => q.path);

  it('newest first by default, the listing read in pages of 250; --sort oldest is the store order, one page of its own size', async () => {
    log.clear();
    const r = await list([]);
    expect(r.code, r.stderr).toBe(0);
    expect(ids(r.stdout)).toEqual(newest);
    expect(r.stderr).toBe('');
    expect(await asked()).toEqual(['/api/202412/orders?limit=250']);
    const oldest = await list(['--sort', 'oldest']);
    expect(ids(oldest.stdout)).toEqual(ALL);
    expect(await asked()).toEqual(['/api/202412/orders']);
    const json = await list(['--json', 'orderId,id']);
    expect((JSON.parse(json.stdout) as Array<{ orderId?: string; id?: string }>).map((order) => order.orderId ?? order.id)).toEqual(newest);
  });

  it('a newest-first page of --limit: the latest orders, and the next page by --before-id, as the hint says', async () => {
    const first = await list(['--limit', '3']);
    expect(ids(first.stdout)).toEqual(newest.slice(0, 3));
    const hint = /add --before-id (\d+) for the next page, or --all for every page\./.exec(first.stderr);
    expect(hint?.[1]).toBe(newest[2]);
    const second = await list(['--limit', '3', '--before-id', hint![1]!]);
    expect(ids(second.stdout)).toEqual(newest.slice(3, 6));
    const third = await list(['--limit', '3', '--before-id', newest[5]!]);
    expect(ids(third.stdout)).toEqual(newest.slice(6));
    expect(third.stderr).toBe('');
    // With a filter the hint keeps it: the client checks it again on the next page too.
    const filtered = await list(['--limit', '1', '--customer', 'ada@example.com']);
    expect(ids(filtered.stdout)).toEqual(['6000000000000000161']);
    expect(filtered.stderr).toContain('run it again with the same filters and --before-id 6000000000000000161 for the next page');
  });

  it('an oldest-first page: its next page by --since-id, the last one shown', async () => {
    const first = await list(['--sort', 'oldest', '--limit', '3']);
    expect(ids(first.stdout)).toEqual(ALL.slice(0, 3));
    expect(first.stderr).toContain(`add --since-id ${ALL[2]} for the next page`);
    const second = await list(['--sort', 'oldest', '--limit', '3', '--since-id', ALL[2]!]);
    expect(ids(second.stdout)).toEqual(ALL.slice(3, 6));
  });

  it('--all newest first: every order, a page at a time from the newest, the listing read twice (2n-1 requests for n pages)', async () => {
    log.clear();
    const r = await list(['--all', '--limit', '3', '--json', 'orderId,id']);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Array<{ orderId?: string; id?: string }>).map((order) => order.orderId ?? order.id)).toEqual(newest);
    const paths = await asked();
    expect(paths).toHaveLength(5);
    // The second pass starts each page after the id the page before it ended with.
    expect(paths.slice(3)).toEqual([`/api/202412/orders?sinceId=${ALL[2]}&limit=3`, '/api/202412/orders?limit=3']);
    const oldest = await list(['--all', '--sort', 'oldest', '--limit', '3']);
    expect(ids(oldest.stdout)).toEqual(ALL);
    expect(await asked()).toHaveLength(3);
    const before = await list(['--all', '--before-id', ALL[4]!]);
    expect(ids(before.stdout)).toEqual(ALL.slice(0, 4).reverse());
  });

  it('--page-token continues the store own order; the flags that do not go together exit 2, nothing sent', async () => {
    const raw = await call(s.sandbox, 'GET', '/orders?limit=2');
    const token = /pageToken=([^&>\s]+)/.exec(raw.headers.get('link') ?? '')![1]!;
    const next = await list(['--page-token', decodeURIComponent(token), '--limit', '2']);
    expect(next.code, next.stderr).toBe(0);
    expect(ids(next.stdout)).toEqual(ALL.slice(2, 4));
    log.clear();
    expectUsageError(await list(['--page-token', 'abc', '--sort', 'newest']), '--page-token');
    expectUsageError(await list(['--before-id', '5', '--sort', 'oldest']), '--before-id');
    expectUsageError(await list(['--before-id', 'abc']), '--before-id');
    expectUsageError(await list(['--sort', 'latest']), '--sort');
    expectUsageError(await list(['--sort', 'oldest', '--max-pages', '3']), '--max-pages');
    expect(await asked()).toEqual([]);
  });

  it('in a terminal: one line an order at 80 columns, the day it was placed, ids whole; the time and every column where there is room', async () => {
    const table = async (columns: number) => {
      const r = await cli(['order', 'list'], { env: { ...s.env, NO_COLOR: '1' }, tty: true, columns });
      expect(r.code, r.stderr).toBe(0);
      const lines = r.stdout.trimEnd().split('\n');
      for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(columns);
      return { header: lines[0]!.split(/\s{2,}/), rows: lines.slice(1).map((line) => line.split(/\s{2,}/)) };
    };
    const narrow = await table(80);
    expect(narrow.header).toEqual(['ID', 'NAME', 'CREATED', 'PAYMENT', 'FULFILMENT', 'TOTAL']);
    expect(narrow.rows.map((row) => row[0])).toEqual(newest);
    for (const row of narrow.rows) expect(row[2]).toMatch(/^\d{4}-\d\d-\d\d$/);
    const middle = await table(120);
    expect(middle.header).toEqual(['ID', 'NAME', 'CREATED', 'STATUS', 'PAYMENT', 'FULFILMENT', 'TOTAL', 'CURRENCY', 'EMAIL']);
    expect(middle.rows[0]![2]).toMatch(/^\d{4}-\d\d-\d\d$/);
    const wide = await table(160);
    expect(wide.header).toEqual(middle.header);
    for (const row of wide.rows) expect(row[2]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
  });
});
