// Order filters the store's docs do not show (status, creation time, customer), against a store
// that ignores them: a proxy in front of the sandbox keeps only the parameters the docs show
// (limit, pageToken, sinceId, financialStatus, fulfillmentStatus). The client checks the
// others on every order that comes back, so list, count and export still hold only the
// matching orders; a count with one is counted by listing. In both dialects.
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { useIgnoringProxy } from '../../helpers/ignoring-proxy.js';
import { brandEnv, DIALECTS } from '../../helpers/dialects.js';
import { tsvRows } from '../_support.js';

const DOCUMENTED = ['limit', 'pageToken', 'sinceId', 'financialStatus', 'fulfillmentStatus'];
const id = (tail: string) => `6000000000000000${tail}`;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe.each(DIALECTS)('order filters against a store that ignores those its docs do not show (%s dialect)', (dialect) => {
  const s = useSandbox({ dialect, seed: 'demo' });
  const store = useIgnoringProxy(() => s.sandbox, DOCUMENTED);
  const env = () => ({ STORE_CLI_BASE_URL: store.baseUrl, STORE_CLI_TOKEN: s.sandbox.token, ...brandEnv(dialect) });
  const ids = (stdout: string) => tsvRows(stdout).map((row) => row[0]);

  it('list: the store is sent the filter and answers every order; the client keeps the matching ones', async () => {
    store.take();
    const cancelled = await cli(['order', 'list', '--status', 'cancelled'], { env: env() });
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(ids(cancelled.stdout)).toEqual([id('121')]);
    // What reached the store: the filter dropped, so its answer held all eight orders.
    expect(store.take()).toEqual(['/api/202412/orders?limit=250']);
    const linus = await cli(['order', 'list', '--customer', 'linus@example.com', '--sort', 'oldest'], { env: env() });
    expect(ids(linus.stdout)).toEqual([id('121'), id('151')]);
    const window = await cli(['order', 'list', '--created-since', daysAgo(13), '--created-until', daysAgo(2), '--all'], { env: env() });
    expect(ids(window.stdout)).toEqual([id('151'), id('141')]);
    const byId = await cli(['order', 'list', '--customer', '7300000000000000342', '--status', 'open'], { env: env() });
    expect(ids(byId.stdout)).toEqual([id('151')]);
  });

  it('an oldest-first page the check left short is filled from the next pages of the store', async () => {
    const r = await cli(['order', 'list', '--sort', 'oldest', '--limit', '2', '--customer', 'grace@example.com'], { env: env() });
    expect(ids(r.stdout)).toEqual([id('111'), id('141')]);
    expect(r.stderr).toContain(`run it again with the same filters and --since-id ${id('141')} for the next page`);
    const rest = await cli(['order', 'list', '--sort', 'oldest', '--limit', '2', '--customer', 'grace@example.com', '--since-id', id('141')], { env: env() });
    expect(ids(rest.stdout)).toEqual([id('171')]);
  });

  it("count: by listing with a filter the docs do not show; the store's count with those they do", async () => {
    store.take();
    const open = await cli(['order', 'count', '--status', 'open'], { env: env() });
    expect(open.stdout).toBe('6\n');
    expect(store.take()).toEqual(['/api/202412/orders?limit=250']);
    const paid = await cli(['order', 'count', '--financial-status', 'paid'], { env: env() });
    // #1001, #1004, #1005, #1007 (#1002 is partially refunded by the demo's refund).
    expect(paid.stdout).toBe('4\n');
    expect(store.take()).toEqual(['/api/202412/orders/count?financialStatus=paid']);
  });

  it('export: only the matching orders are written', async () => {
    const r = await cli(['order', 'export', '--since', daysAgo(100), '--customer', 'grace@example.com'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.trimEnd().split('\n').slice(1);
    expect([...new Set(rows.map((row) => row.split(',')[0]))]).toEqual([id('111'), id('141'), id('171')]);
  });
});
