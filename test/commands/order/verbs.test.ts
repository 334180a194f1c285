// The order verbs against a sandbox started here, in both dialects: every verb, a token
// without read_all_orders (older orders hidden, and the export says so), bad input refused
// before anything is sent, and the export's rows. An export killed midway and resumed is
// test/e2e/kill-and-resume.test.ts's; one interrupted (Ctrl-C) and resumed is export-interrupted.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { startLogged, type LoggedSandbox } from '../../helpers/logged-sandbox.js';
import { scratchDir } from '../../helpers/scratch.js';

const FULL = 'order-full-token-0001';
const NARROW = 'order-narrow-token-01';
const OLD = '6000000000000000101';
const RECENT = '6000000000000000131';

/** A day as YYYY-MM-DD, `days` before today (UTC). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe.each(DIALECTS)('order verbs (%s dialect)', (dialect) => {
  let sandbox: LoggedSandbox;
  const full = () => ({ env: sandbox.env({ STORE_CLI_TOKEN: FULL }) });
  const narrow = () => ({ env: sandbox.env({ STORE_CLI_TOKEN: NARROW }) });
  const ids = (stdout: string) => (JSON.parse(stdout) as Array<{ orderId?: string; id?: string }>).map((order) => order.orderId ?? order.id);

  beforeAll(async () => {
    sandbox = await startLogged({ seed: 'demo', dialect, tokens: [FULL, `${NARROW}:read_orders,write_orders`].map(parseTokenSpec) });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('list: every order with read_all_orders, the last 60 days without; filters by the store names', async () => {
    const all = await cli(['order', 'list', '--json', 'orderId,id'], full());
    expect(all.code, all.stderr).toBe(0);
    expect(ids(all.stdout)).toHaveLength(8);
    // Newest first unless --sort oldest (the store's own order).
    const recent = await cli(['order', 'list', '--json', 'orderId,id'], narrow());
    expect(ids(recent.stdout)).toEqual(['6000000000000000171', '6000000000000000161', '6000000000000000151', '6000000000000000141', RECENT]);
    const unfulfilled = await cli(
      ['order', 'list', '--financial-status', 'paid', '--fulfillment-status', 'unfulfilled', '--sort', 'oldest', '--json', 'orderId,id'],
      full(),
    );
    expect(ids(unfulfilled.stdout)).toEqual(['6000000000000000141', '6000000000000000161']);
    const byEmail = await cli(['order', 'list', '--customer', 'linus@example.com', '--created-since', daysAgo(80), '--sort', 'oldest'], full());
    expect(
      byEmail.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('\t')[0]),
    ).toEqual(['6000000000000000121', '6000000000000000151']);
    expect(byEmail.stderr).toBe('');
    // Without read_all_orders a window reaching back further than 60 days is cut short: said on stderr.
    const cut = await cli(['order', 'list', '--customer', 'linus@example.com', '--created-since', daysAgo(80), '--json', 'orderId,id'], narrow());
    expect(ids(cut.stdout)).toEqual(['6000000000000000151']);
    expect(cut.stderr).toMatch(/warning: --created-since reaches back more than 60 days, but this token lacks the scope read_all_orders/);
    const paged = await cli(['order', 'list', '--limit', '3'], full());
    expect(paged.stdout.trim().split('\n')).toHaveLength(3);
    expect(paged.stderr).toMatch(/More orders match: add --before-id \d+ for the next page/);
  });

  it('get: one order, its line items with --json; an order beyond 60 days is not found without read_all_orders', async () => {
    const got = await cli(['order', 'get', OLD, '--json', 'lineItems,totalPrice'], full());
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({
      totalPrice: '76.78',
      lineItems: [
        { quantity: 2, price: '24.00' },
        { quantity: 1, price: '18.50' },
      ],
    });
    const table = await cli(['order', 'get', RECENT], full());
    expect(table.stdout).toMatch(/^TOTAL\t117\.04$/m);
    // Without the protected-fields approval the buyer's email is withheld: said, never an empty cell.
    const withheld = await cli(['order', 'get', RECENT], narrow());
    expect(withheld.stdout).toMatch(/^EMAIL\t\(withheld\)$/m);
    expect(JSON.parse((await cli(['order', 'get', RECENT, '--json'], narrow())).stdout)).not.toHaveProperty('email');
    expect(table.stdout).toMatch(/^EMAIL\tada@example\.com$/m);
    const hidden = await cli(['order', 'get', OLD], narrow());
    expect(hidden.code).toBe(1);
    expect(hidden.stderr).toMatch(/404|not found|No order/i);
    expect(hidden.stderr).toMatch(/lacks read_all_orders, so it sees only the orders of the last 60 days/);
  });

  it('count: with filters, and within the window', async () => {
    expect((await cli(['order', 'count', '--status', 'open', '--json'], full())).stdout.trim()).toBe('{"count":6}');
    expect((await cli(['order', 'count'], narrow())).stdout.trim()).toBe('5');
    const cut = await cli(['order', 'count', '--created-since', daysAgo(365)], narrow());
    expect(cut.stdout.trim()).toBe('5');
    expect(cut.stderr).toMatch(/older orders are missing from this answer/);
  });

  it('update: note and tags; --dry-run sends nothing', async () => {
    const dry = await cli(['order', 'update', RECENT, '--note', 'Ring twice', '--dry-run'], full());
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`PUT\t/api/202412/orders/${RECENT}\t{"order":{"note":"Ring twice"}}`);
    const updated = await cli(['order', 'update', RECENT, '--note', 'Ring twice', '--tags', 'vip, gift', '--json', 'note,tags'], narrow());
    expect(JSON.parse(updated.stdout)).toEqual({ note: 'Ring twice', tags: 'vip, gift' });
    const nothing = await cli(['order', 'update', RECENT], full());
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/Say what to change: --note, --tags or both/);
  });

  it('cancel: --yes without a terminal, --reason, --dry-run; a second cancel changes nothing', async () => {
    const refused = await cli(['order', 'cancel', '6000000000000000151'], full());
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/without confirmation.*pass --yes/);
    const dry = await cli(['order', 'cancel', '6000000000000000151', '--reason', 'inventory', '--dry-run'], full());
    expect(dry.stdout).toContain('POST\t/api/202412/orders/6000000000000000151/cancel\t{"reason":"inventory"}');
    const cancelled = await cli(['order', 'cancel', '6000000000000000151', '--yes', '--reason', 'inventory', '--json', 'status,cancelReason'], narrow());
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(JSON.parse(cancelled.stdout)).toEqual({ status: 'cancelled', cancelReason: 'inventory' });
    const again = await cli(['order', 'cancel', '6000000000000000151', '--yes', '--reason', 'fraud', '--json', 'cancelReason'], full());
    expect(JSON.parse(again.stdout)).toEqual({ cancelReason: 'inventory' });
    const closed = await cli(['order', 'cancel', OLD, '--yes'], full());
    expect(closed.code).toBe(1);
    expect(closed.stderr).toMatch(/closed/);
  });

  it('bad input: one sentence naming the flag, exit 2, nothing sent', async () => {
    for (const [args, message] of [
      [['order', 'list', '--created-since', 'yesterday'], /^error: --created-since must be a date/m],
      [['order', 'list', '--customer', 'ada@'], /^error: --customer must be a customer id or an email address/m],
      [['order', 'get', '12a'], /^error: <orderId> must be a numeric id/m],
      [['order', 'cancel', '5', '--reason', 'bored', '--yes'], /--reason/],
      [['order', 'export'], /--since/],
      [['order', 'export', '--since', '2026-01-01', '--resume'], /--resume goes on with the partial file of an --output export/],
    ] as const) {
      const result = await cli([...args], full());
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });

  it('export: one row per line item with flat money columns; the 60-day window said without read_all_orders', async () => {
    const folder = scratchDir();
    const since = daysAgo(200);
    const wide = await cli(['order', 'export', '--since', since, '--output', join(folder, 'all.csv'), '--json'], full());
    expect(wide.code, wide.stderr).toBe(0);
    expect(JSON.parse(wide.stdout)).toMatchObject({ orders: 8, rows: 12, windowLimited: false, resumedAfter: null });
    expect(wide.stderr).not.toMatch(/warning/);
    const lines = readFileSync(join(folder, 'all.csv'), 'utf8').trim().split('\n');
    expect(lines[0]).toBe(
      'orderId,orderName,createTime,status,financialStatus,fulfillmentStatus,currency,subtotal,shipping,tax,discounts,total,customerId,email,lineItemId,productId,variantId,sku,title,lineQuantity,linePrice,lineDiscount,lineTotal',
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^${OLD},#1001,[^,]+,closed,paid,fulfilled,USD,66\\.50,5\\.00,5\\.28,0\\.00,76\\.78,7300000000000000101,ada@example\\.com,6100000000000000001,4000000000000000401,4000000000000000409,TSH-WHT-S,Organic Cotton T-Shirt - White / S,2,24\\.00,,48\\.00$`,
      ),
    );
    expect(lines.at(-1)).toMatch(/^6000000000000000171,#1008,.*,,,,,,,,,$/);

    const limited = await cli(['order', 'export', '--since', since, '--output', join(folder, 'recent.csv'), '--json'], narrow());
    expect(limited.code, limited.stderr).toBe(0);
    expect(JSON.parse(limited.stdout)).toMatchObject({ orders: 5, windowLimited: true });
    expect(limited.stderr).toMatch(
      /warning: --since reaches back more than 60 days, but this token lacks the scope read_all_orders: .*older orders are missing from the export/,
    );

    // Within the window nothing is hidden: no warning, whatever the token. One line per line item (#1007 has three).
    const jsonl = await cli(['order', 'export', '--since', daysAgo(10), '--jsonl'], narrow());
    expect(jsonl.stderr).toBe('');
    expect(
      jsonl.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).orderId),
    ).toEqual(['6000000000000000151', '6000000000000000161', '6000000000000000161', '6000000000000000161', '6000000000000000171']);
  });
});
