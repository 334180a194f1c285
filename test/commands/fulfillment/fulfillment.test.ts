// `fulfillment list|count|create|update-tracking|cancel`, in-process against a sandbox in each
// dialect (About Fulfillment): the order's lines shipped, its status following, tracking
// changed, a fulfillment cancelled, and a create whose answer is lost never sent twice.
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { expectUsageError, requestLog, tsvRows } from '../_support.js';
import { loseFirst, useLossyProxy } from '../../helpers/lossy-proxy.js';
import { SimClock } from '../../bulk/sim-clock.js';

// The backoffs between tries go by a simulated clock.
const clock = new SimClock().autoAdvance();

const ORDER = '6000000000000000161';
const OTHER = '6000000000000000141';

describe.each(DIALECTS)('fulfillment, %s dialect', (dialect) => {
  const log = requestLog();
  const s = useSandbox({
    dialect,
    seed: 'demo',
    onRequest: log.hook,
    tokens: [parseTokenSpec('all-scopes-token-1'), parseTokenSpec('reader-token-2:read_orders')],
  });
  const proxy = useLossyProxy(() => s.sandbox);
  const as = (token: string) => ({ ...s.env, STORE_CLI_TOKEN: token });
  const env = () => as('all-scopes-token-1');
  const orderStatus = async (id: string) =>
    (JSON.parse((await cli(['order', 'get', id, '--json', 'fulfillmentStatus'], { env: env() })).stdout) as { fulfillmentStatus: string }).fulfillmentStatus;

  it('create ships some lines (partial), then the rest (fulfilled); list and count show both; update-tracking and cancel change them', async () => {
    const dry = await cli(
      ['fulfillment', 'create', ORDER, '--line-items', '6100000000000000009:1', '--carrier', 'UPS', '--tracking-number', '1Z999', '--notify', '--dry-run'],
      { env: env() },
    );
    expect(dry.code, dry.stderr).toBe(0);
    const [method, path, body] = tsvRows(dry.stdout)[0]!;
    expect([method, path]).toEqual(['POST', '/api/202412/fulfillments']);
    expect(JSON.parse(body!)).toEqual({
      fulfillment: {
        orderId: ORDER,
        lineItems: [{ id: '6100000000000000009', quantity: 1 }],
        trackingCompany: 'UPS',
        trackingNumber: '1Z999',
        notifyCustomer: true,
      },
    });

    log.clear();
    const first = await cli(
      [
        'fulfillment',
        'create',
        ORDER,
        '--line-items',
        '6100000000000000009:1',
        '--carrier',
        'UPS',
        '--tracking-number',
        '1Z999',
        '--json',
        'id,trackingNumber,status',
      ],
      {
        env: env(),
      },
    );
    expect(first.code, first.stderr).toBe(0);
    const one = JSON.parse(first.stdout) as { id: string };
    expect(one).toMatchObject({ trackingNumber: '1Z999', status: 'success' });
    expect((await log.take()).filter((l) => l.method !== 'GET').map((l) => `${l.method} ${l.path}`)).toEqual(['POST /api/202412/fulfillments']);
    expect(await orderStatus(ORDER)).toBe('partial');

    const rest = await cli(['fulfillment', 'create', ORDER, '--carrier', 'DHL', '--tracking-number', 'JD0001'], { env: env() });
    expect(rest.code, rest.stderr).toBe(0);
    expect(tsvRows(rest.stdout)).toContainEqual(['LINES', '6100000000000000010×1, 6100000000000000011×1']);
    expect(await orderStatus(ORDER)).toBe('fulfilled');
    const nothingLeft = await cli(['fulfillment', 'create', ORDER, '--tracking-number', 'X'], { env: env() });
    expect(nothingLeft.code).toBe(1);
    expect(nothingLeft.stderr).toContain('nothing is left to ship');

    const list = await cli(['fulfillment', 'list', ORDER], { env: as('reader-token-2') });
    expect(list.code, list.stderr).toBe(0);
    expect(tsvRows(list.stdout).map((row) => row.slice(1, 4))).toEqual([
      ['success', 'UPS', '1Z999'],
      ['success', 'DHL', 'JD0001'],
    ]);
    expect(JSON.parse((await cli(['fulfillment', 'count', ORDER, '--json'], { env: env() })).stdout).count).toBe(2);

    const tracked = await cli(
      [
        'fulfillment',
        'update-tracking',
        one.id,
        '--carrier',
        'FedEx',
        '--tracking-url',
        'https://track.example.com/1Z999',
        '--json',
        'trackingCompany,trackingNumber,trackingUrl',
      ],
      { env: env() },
    );
    expect(JSON.parse(tracked.stdout)).toEqual({ trackingCompany: 'FedEx', trackingNumber: '1Z999', trackingUrl: 'https://track.example.com/1Z999' });
    const cancelled = await cli(['fulfillment', 'cancel', one.id, '--json', 'status'], { env: env() });
    expect(JSON.parse(cancelled.stdout)).toEqual({ status: 'cancelled' });
    expect(await orderStatus(ORDER)).toBe('partial');
  });

  it('bad input exits 2 naming the flag or argument, nothing sent; a read-only token cannot create', async () => {
    log.clear();
    expectUsageError(await cli(['fulfillment', 'create', OTHER, '--line-items', '61000:0'], { env: env() }), '--line-items');
    expectUsageError(await cli(['fulfillment', 'create', OTHER, '--tracking-url', 'track.example.com'], { env: env() }), '--tracking-url');
    expectUsageError(await cli(['fulfillment', 'create', OTHER, '--carrier', ' '], { env: env() }), '--carrier');
    expectUsageError(await cli(['fulfillment', 'update-tracking', '6200000000000000001'], { env: env() }), '--carrier');
    expect(await log.take()).toEqual([]);
    const readOnly = await cli(['fulfillment', 'create', OTHER, '--tracking-number', 'X'], { env: as('reader-token-2') });
    expect(readOnly.code).toBe(4);
    expect(readOnly.stderr).toContain('write_fulfillments');
  });

  it('ORDER by name: list, count and create find the order in the listing (250 a page); a name of no order, or of several, exits 2 writing nothing', async () => {
    log.clear();
    const listed = await cli(['fulfillment', 'list', '#1004', '--json', 'orderId,trackingNumber'], { env: env() });
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([{ orderId: '6000000000000000131', trackingNumber: 'JD014600006281230000' }]);
    // One page of the listing finds the name (every status, 250 a page), then the order's fulfillments.
    expect((await log.take()).map((l) => `${l.method} ${l.path.split('?')[0]}`)).toEqual([
      'GET /api/202412/orders',
      'GET /api/202412/orders/6000000000000000131/fulfillments',
    ]);
    expect(JSON.parse((await cli(['fulfillment', 'count', ' #1004 ', '--json'], { env: env() })).stdout)).toEqual({ count: 1 });
    const dry = await cli(['fulfillment', 'create', '#1005', '--tracking-number', 'BYNAME', '--dry-run', '--json'], { env: env() });
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)[0].body).toEqual({ fulfillment: { orderId: '6000000000000000141', trackingNumber: 'BYNAME' } });
    expect(dry.stderr).toContain('GET /api/202412/orders');

    log.clear();
    const missing = await cli(['fulfillment', 'create', '#9999', '--tracking-number', 'X'], { env: env() });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("No order is named '#9999' (<order>) among the 8 orders the token sees; 'store-cli order list' lists them.");
    expect((await log.take()).filter((l) => l.method !== 'GET')).toEqual([]);
    // #1001 is 120 days old: a token without read_all_orders does not see it, and is told why.
    const windowed = await cli(['fulfillment', 'list', '#1001'], { env: as('reader-token-2') });
    expect(windowed.code).toBe(2);
    expect(windowed.stderr).toMatch(/No order is named '#1001' .* This token lacks read_all_orders, so it sees only the orders of the last 60 days/);
  });

  it('a create whose answer is lost is not sent again, and says how to find out: the store made it once', async () => {
    proxy.use(loseFirst('POST', '/api/202412/fulfillments', Infinity));
    log.clear();
    const lost = await cli(['fulfillment', 'create', OTHER, '--tracking-number', 'LOST1'], {
      env: { ...env(), STORE_CLI_BASE_URL: proxy.env.STORE_CLI_BASE_URL },
      clock,
    });
    expect(lost.code, lost.stderr).toBe(1);
    expect(lost.stderr).toContain(`fulfillment list ${OTHER}`);
    expect((await log.take()).filter((l) => l.method === 'POST')).toHaveLength(1);
    expect(proxy.lost).toBe(1);
    const made = JSON.parse((await cli(['fulfillment', 'list', OTHER, '--json', 'trackingNumber'], { env: env() })).stdout) as unknown[];
    expect(made).toEqual([{ trackingNumber: 'LOST1' }]);
  });
});

describe.each(DIALECTS)('fulfillment ORDER names, %s dialect', (dialect) => {
  const line = (id: string) => ({ id, title: 'Mug', quantity: 1, price: '18.50' });
  const s = useSandbox({
    dialect,
    seed: {
      orders: [
        { id: '6900000000000000001', name: 'SO-1', lineItems: [line('6910000000000000001')] },
        { id: '6900000000000000002', name: 'so-1', lineItems: [line('6910000000000000002')] },
        { id: '6900000000000000003', name: 'SO-2', lineItems: [line('6910000000000000003')] },
      ],
    },
  });

  it('a name matches ignoring case; a name two orders hold exits 2 naming both, nothing sent', async () => {
    const found = await cli(['fulfillment', 'create', 'so-2', '--tracking-number', 'Z1', '--json', 'orderId'], { env: s.env });
    expect(found.code, found.stderr).toBe(0);
    expect(JSON.parse(found.stdout)).toEqual({ orderId: '6900000000000000003' });
    const twice = await cli(['fulfillment', 'create', 'SO-1', '--tracking-number', 'Z2'], { env: s.env });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain("2 orders are named 'SO-1' (ids 6900000000000000001, 6900000000000000002): give <order> the id of the one meant.");
    expect(JSON.parse((await cli(['fulfillment', 'count', '6900000000000000001', '--json'], { env: s.env })).stdout)).toEqual({ count: 0 });
  });
});
