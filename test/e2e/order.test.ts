// The order verbs as a real process against `sandbox serve`, in both dialects: every verb,
// a token without read_all_orders (older orders hidden, and the export says so), bad input
// refused before anything is sent, and an export killed midway that --resume completes to
// the very bytes of an export never interrupted.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitOf, killLeftovers, removeScratch, requireBuild, run, scratch, serve, spawnGathering, until, type ServeHandle } from '../helpers/cli-spawn.js';
import { DIALECTS, dialectArgs } from '../helpers/dialects.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

const FULL = 'order-full-token-0001';
const NARROW = 'order-narrow-token-01';
const OLD = '6000000000000000101';
const RECENT = '6000000000000000131';

/** A day as YYYY-MM-DD, `days` before today (UTC). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe.each(DIALECTS)('order verbs (spawned, %s dialect)', (dialect) => {
  let sandbox: ServeHandle;
  const full = () => ({ env: sandbox.env({ STORE_CLI_TOKEN: FULL }) });
  const narrow = () => ({ env: sandbox.env({ STORE_CLI_TOKEN: NARROW }) });
  const ids = (stdout: string) => (JSON.parse(stdout) as Array<{ orderId?: string; id?: string }>).map((order) => order.orderId ?? order.id);

  beforeAll(async () => {
    sandbox = await serve(['--json', '--demo', ...dialectArgs(dialect), '--token', FULL, '--token', `${NARROW}:read_orders,write_orders`]);
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('list: every order with read_all_orders, the last 60 days without; filters by the store names', async () => {
    const all = await run(['order', 'list', '--json', 'orderId,id'], full());
    expect(all.code, all.stderr).toBe(0);
    expect(ids(all.stdout)).toHaveLength(8);
    // Newest first unless --sort oldest (the store's own order).
    const recent = await run(['order', 'list', '--json', 'orderId,id'], narrow());
    expect(ids(recent.stdout)).toEqual(['6000000000000000171', '6000000000000000161', '6000000000000000151', '6000000000000000141', RECENT]);
    const unfulfilled = await run(['order', 'list', '--financial-status', 'paid', '--fulfillment-status', 'unfulfilled', '--sort', 'oldest', '--json', 'orderId,id'], full());
    expect(ids(unfulfilled.stdout)).toEqual(['6000000000000000141', '6000000000000000161']);
    const byEmail = await run(['order', 'list', '--customer', 'linus@example.com', '--created-since', daysAgo(80), '--sort', 'oldest'], full());
    expect(
      byEmail.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('\t')[0]),
    ).toEqual(['6000000000000000121', '6000000000000000151']);
    expect(byEmail.stderr).toBe('');
    // Without read_all_orders a window reaching back further than 60 days is cut short: said on stderr.
    const cut = await run(['order', 'list', '--customer', 'linus@example.com', '--created-since', daysAgo(80), '--json', 'orderId,id'], narrow());
    expect(ids(cut.stdout)).toEqual(['6000000000000000151']);
    expect(cut.stderr).toMatch(/warning: --created-since reaches back more than 60 days, but this token lacks the scope read_all_orders/);
    const paged = await run(['order', 'list', '--limit', '3'], full());
    expect(paged.stdout.trim().split('\n')).toHaveLength(3);
    expect(paged.stderr).toMatch(/More orders match: add --before-id \d+ for the next page/);
  });

  it('get: one order, its line items with --json; an order beyond 60 days is not found without read_all_orders', async () => {
    const got = await run(['order', 'get', OLD, '--json', 'lineItems,totalPrice'], full());
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({
      totalPrice: '76.78',
      lineItems: [
        { quantity: 2, price: '24.00' },
        { quantity: 1, price: '18.50' },
      ],
    });
    const table = await run(['order', 'get', RECENT], full());
    expect(table.stdout).toMatch(/^TOTAL\t117\.04$/m);
    // Without the protected-fields approval the buyer's email is withheld: said, never an empty cell.
    const withheld = await run(['order', 'get', RECENT], narrow());
    expect(withheld.stdout).toMatch(/^EMAIL\t\(withheld\)$/m);
    expect(JSON.parse((await run(['order', 'get', RECENT, '--json'], narrow())).stdout)).not.toHaveProperty('email');
    expect(table.stdout).toMatch(/^EMAIL\tada@example\.com$/m);
    const hidden = await run(['order', 'get', OLD], narrow());
    expect(hidden.code).toBe(1);
    expect(hidden.stderr).toMatch(/404|not found|No order/i);
    expect(hidden.stderr).toMatch(/lacks read_all_orders, so it sees only the orders of the last 60 days/);
  });

  it('count: with filters, and within the window', async () => {
    expect((await run(['order', 'count', '--status', 'open', '--json'], full())).stdout.trim()).toBe('{"count":6}');
    expect((await run(['order', 'count'], narrow())).stdout.trim()).toBe('5');
    const cut = await run(['order', 'count', '--created-since', daysAgo(365)], narrow());
    expect(cut.stdout.trim()).toBe('5');
    expect(cut.stderr).toMatch(/older orders are missing from this answer/);
  });

  it('update: note and tags; --dry-run sends nothing', async () => {
    const dry = await run(['order', 'update', RECENT, '--note', 'Ring twice', '--dry-run'], full());
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`PUT\t/api/202412/orders/${RECENT}\t{"order":{"note":"Ring twice"}}`);
    const updated = await run(['order', 'update', RECENT, '--note', 'Ring twice', '--tags', 'vip, gift', '--json', 'note,tags'], narrow());
    expect(JSON.parse(updated.stdout)).toEqual({ note: 'Ring twice', tags: 'vip, gift' });
    const nothing = await run(['order', 'update', RECENT], full());
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/Say what to change: --note, --tags or both/);
  });

  it('cancel: --yes without a terminal, --reason, --dry-run; a second cancel changes nothing', async () => {
    const refused = await run(['order', 'cancel', '6000000000000000151'], full());
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/without confirmation.*pass --yes/);
    const dry = await run(['order', 'cancel', '6000000000000000151', '--reason', 'inventory', '--dry-run'], full());
    expect(dry.stdout).toContain('POST\t/api/202412/orders/6000000000000000151/cancel\t{"reason":"inventory"}');
    const cancelled = await run(['order', 'cancel', '6000000000000000151', '--yes', '--reason', 'inventory', '--json', 'status,cancelReason'], narrow());
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(JSON.parse(cancelled.stdout)).toEqual({ status: 'cancelled', cancelReason: 'inventory' });
    const again = await run(['order', 'cancel', '6000000000000000151', '--yes', '--reason', 'fraud', '--json', 'cancelReason'], full());
    expect(JSON.parse(again.stdout)).toEqual({ cancelReason: 'inventory' });
    const closed = await run(['order', 'cancel', OLD, '--yes'], full());
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
      const result = await run(args, full());
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });

  it('export: one row per line item with flat money columns; the 60-day window said without read_all_orders', async () => {
    const folder = scratch().root;
    const since = daysAgo(200);
    const wide = await run(['order', 'export', '--since', since, '--output', join(folder, 'all.csv'), '--json'], full());
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

    const limited = await run(['order', 'export', '--since', since, '--output', join(folder, 'recent.csv'), '--json'], narrow());
    expect(limited.code, limited.stderr).toBe(0);
    expect(JSON.parse(limited.stdout)).toMatchObject({ orders: 5, windowLimited: true });
    expect(limited.stderr).toMatch(/warning: --since reaches back more than 60 days, but this token lacks the scope read_all_orders: .*older orders are missing from the export/);

    // Within the window nothing is hidden: no warning, whatever the token. One line per line item (#1007 has three).
    const jsonl = await run(['order', 'export', '--since', daysAgo(10), '--jsonl'], narrow());
    expect(jsonl.stderr).toBe('');
    expect(
      jsonl.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).orderId),
    ).toEqual(['6000000000000000151', '6000000000000000161', '6000000000000000161', '6000000000000000161', '6000000000000000171']);
  });
});

/** A seed of `count` orders, two line items each, all in the last 30 days. */
function bigSeed(count: number): string {
  const orders = Array.from({ length: count }, (_, index) => ({
    id: String(6_500_000_000_000_000_000n + BigInt(index)),
    email: `buyer${index % 97}@example.com`,
    daysAgo: index % 30,
    totalShippingPrice: '4.50',
    lineItems: [
      { id: String(6_600_000_000_000_000_000n + BigInt(2 * index)), sku: 'MUG-SND', title: 'Stoneware Coffee Mug, "Sand"', quantity: 1 + (index % 3), price: '18.50' },
      { id: String(6_600_000_000_000_000_001n + BigInt(2 * index)), sku: 'TSH-WHT-S', title: 'T-Shirt', quantity: 1, price: '24.00' },
    ],
  }));
  return JSON.stringify({ orders });
}

describe.each(DIALECTS)('order export resumed after kill -9 (spawned, %s dialect)', (dialect) => {
  let sandbox: ServeHandle;
  const folder = scratch().root;

  beforeAll(async () => {
    writeFileSync(join(folder, 'seed.json'), bigSeed(3000));
    // Each page of 250 orders answered 150 ms late: an export takes about 2 s, and a kill lands midway.
    sandbox = await serve(['--json', '--seed', join(folder, 'seed.json'), ...dialectArgs(dialect), '--fault', 'GET /api/202412/orders 200+150ms']);
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('--resume goes on after the last page recorded and ends with the bytes of an export never interrupted', { timeout: 60_000 }, async () => {
    const since = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const whole = join(folder, 'whole.csv');
    const clean = await run(['order', 'export', '--since', since, '--output', whole], { env: sandbox.env(), timeoutMs: 40_000 });
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stderr).toMatch(/Exported 3,?000 orders, 6,?000 rows/);

    const output = join(folder, 'killed.csv');
    const progress = `${output}.progress.json`;
    const { child, stderr } = spawnGathering(['order', 'export', '--since', since, '--output', output], sandbox.env());
    await until(
      () => (existsSync(progress) && (JSON.parse(readFileSync(progress, 'utf8')) as { orders: number }).orders >= 500 ? true : undefined),
      20_000,
      () => `no progress; stderr:\n${stderr()}`,
    );
    child.kill('SIGKILL');
    expect((await exitOf(child, 10_000)).signal).toBe('SIGKILL');
    expect(existsSync(output)).toBe(false);
    expect(existsSync(`${output}.partial`)).toBe(true);
    const done = (JSON.parse(readFileSync(progress, 'utf8')) as { orders: number }).orders;
    expect(done).toBeLessThan(3000);
    // A torn last write: bytes beyond what the progress counts are cut on resume.
    writeFileSync(`${output}.partial`, 'torn,line', { flag: 'a' });

    const other = await run(['order', 'export', '--since', '2020-01-01', '--output', output, '--resume'], { env: sandbox.env() });
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/--resume: the interrupted export was asked with other filters/);

    const resumed = await run(['order', 'export', '--since', since, '--output', output, '--resume', '--json'], { env: sandbox.env(), timeoutMs: 40_000 });
    expect(resumed.code, resumed.stderr).toBe(0);
    const summary = JSON.parse(resumed.stdout) as { orders: number; resumedAfter: string };
    expect(summary.orders).toBe(3000);
    expect(summary.resumedAfter).toBe(String(6_500_000_000_000_000_000n + BigInt(done - 1)));
    expect(readFileSync(output, 'utf8')).toBe(readFileSync(whole, 'utf8'));
    expect(existsSync(`${output}.partial`) || existsSync(progress)).toBe(false);
  });

  it('Ctrl-C: exit 130 saying how to go on; --resume completes it to the same bytes', { timeout: 60_000 }, async () => {
    const since = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const output = join(folder, 'interrupted.csv');
    const progress = `${output}.progress.json`;
    const { child, stderr } = spawnGathering(['order', 'export', '--since', since, '--output', output], sandbox.env());
    await until(
      () => (existsSync(progress) && (JSON.parse(readFileSync(progress, 'utf8')) as { orders: number }).orders >= 500 ? true : undefined),
      20_000,
      () => `no progress; stderr:\n${stderr()}`,
    );
    child.kill('SIGINT');
    expect(await exitOf(child, 10_000)).toMatchObject({ code: 130, signal: null });
    expect(stderr()).toMatch(/Interrupted after \d+ orders: run the same command with --resume to go on from .*interrupted\.csv\.partial/);
    expect(existsSync(output)).toBe(false);
    const resumed = await run(['order', 'export', '--since', since, '--output', output, '--resume'], { env: sandbox.env(), timeoutMs: 40_000 });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/Exported 3,?000 orders, 6,?000 rows to .*interrupted\.csv \(resumed after order \d+\)\./);
    expect(readFileSync(output, 'utf8')).toBe(readFileSync(join(folder, 'whole.csv'), 'utf8'));
  });
});
