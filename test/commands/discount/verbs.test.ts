// Every discount verb in-process against a real sandbox in each dialect (its /discounts API,
// demo discounts), checked by what it prints, its exit code, and what reached the store.
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS, wireTime } from '../../helpers/dialects.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { call, requestLog, tsvRows } from '../_support.js';

const SUMMER = '6100000000000000013';
const AUTOMATIC = '6100000000000000047';
const SHIPPING = '6100000000000000058';

describe.each(DIALECTS)('discount verbs, %s dialect', (dialect) => {
  const log = requestLog();
  const s = useSandbox({
    dialect,
    seed: 'demo',
    onRequest: log.hook,
    tokens: [
      { token: 'all-scopes-token', scopes: ['read_discounts', 'write_discounts'] },
      { token: 'reader-token', scopes: ['read_discounts'] },
      { token: 'cards-token', scopes: ['read_gift_card'] },
    ],
  });
  const as = (token: string) => ({ ...s.env, STORE_CLI_TOKEN: token });
  const stored = async (id: string) => JSON.parse((await call(s.sandbox, 'GET', `/discounts/${id}`)).text).discount;

  it('list: the demo discounts as rows, JSON, filtered; a page at a time with a hint to go on', async () => {
    const piped = await cli(['discount', 'list'], { env: s.env });
    expect(piped.code, piped.stderr).toBe(0);
    expect(tsvRows(piped.stdout).map((row) => row.slice(0, 7))).toEqual([
      [SUMMER, 'Summer sale: 15% off orders', 'ORDER_DISCOUNT', 'PERCENTAGE', '15', 'CODE_DISCOUNT', 'ENABLED'],
      [AUTOMATIC, '5.00 off every T-shirt', 'PRODUCT_DISCOUNT', 'FIXED_AMOUNT_OFF', '5.00', 'AUTOMATIC_DISCOUNT', 'ENABLED'],
      [SHIPPING, 'Free shipping for members', 'SHIPPING_DISCOUNT', 'PERCENTAGE', '100', 'CODE_DISCOUNT', 'DISABLED'],
    ]);
    const json = JSON.parse((await cli(['discount', 'list', '--json', 'id,startTime'], { env: s.env })).stdout);
    expect(json[0]).toEqual({ id: SUMMER, startTime: wireTime(dialect, '2026-06-01T00:00:00Z') });
    const codes = await cli(['discount', 'list', '--discount-method', 'code', '--status', 'enabled', '--json', 'id'], { env: s.env });
    expect(JSON.parse(codes.stdout)).toEqual([{ id: SUMMER }]);
    const paged = await cli(['discount', 'list', '--limit', '2', '--json', 'id'], { env: s.env });
    expect(JSON.parse(paged.stdout)).toHaveLength(2);
    const token = /--page-token (\S+)/.exec(paged.stderr)?.[1];
    expect(token, paged.stderr).toBeDefined();
    const next = await cli(['discount', 'list', '--page-token', token!, '--json', 'id'], { env: s.env });
    expect(next.code, next.stderr).toBe(0);
    expect(JSON.parse(next.stdout)).toEqual([{ id: SHIPPING }]);
    const all = await cli(['discount', 'list', '--all', '--limit', '1', '--jsonl', 'id'], { env: s.env });
    expect(all.stdout.trim().split('\n')).toHaveLength(3);
  });

  it('get: field by field, or as the store sent it', async () => {
    const piped = await cli(['discount', 'get', SHIPPING], { env: s.env });
    expect(piped.code, piped.stderr).toBe(0);
    const fields = Object.fromEntries(tsvRows(piped.stdout).map(([name, value]) => [name, value]));
    expect(fields).toMatchObject({ ID: SHIPPING, METHOD: 'CODE_DISCOUNT', ELIGIBILITY: 'SEGMENT', SEGMENTS: '7700000000000000011', STATUS: 'DISABLED', CODES: '1' });
    const json = JSON.parse((await cli(['discount', 'get', SHIPPING, '--json'], { env: s.env })).stdout);
    expect(json).toEqual(await stored(SHIPPING));
    const missing = await cli(['discount', 'get', '6100000000000099999'], { env: s.env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No discount has the id 6100000000000099999');
    expectNoStackTrace(missing.stderr);
  });

  it('create: every type, value type and method; the store holds what was printed', async () => {
    for (const [type, valueType, value, method] of [
      ['product', 'fixed', '5.00', 'automatic'],
      ['order', 'percentage', '12.5', 'code'],
      ['SHIPPING_DISCOUNT', 'PERCENTAGE', '100', 'CODE_DISCOUNT'],
    ] as const) {
      const r = await cli(['discount', 'create', '--title', `New ${type}`, '--discount-type', type, '--value-type', valueType, '--value', value, '--discount-method', method, '--json'], {
        env: s.env,
      });
      expect(r.code, r.stderr).toBe(0);
      const made = JSON.parse(r.stdout);
      expect(made).toMatchObject({ title: `New ${type}`, value, status: 'ENABLED', eligibility: 'ALL', endTime: null });
      expect(made).toEqual(await stored(made.id));
    }
    const segment = await cli(
      [
        'discount',
        'create',
        '--title',
        'VIP',
        '--discount-type',
        'order',
        '--value-type',
        'fixed',
        '--value',
        '20',
        '--discount-method',
        'code',
        '--segment-ids',
        '7700000000000000011,7700000000000000012',
        '--end-time',
        '2027-01-01T00:00:00Z',
        '--usage-limit',
        '50',
        '--once-per-customer',
        'true',
        '--json',
      ],
      { env: s.env },
    );
    expect(segment.code, segment.stderr).toBe(0);
    expect(JSON.parse(segment.stdout)).toMatchObject({
      eligibility: 'SEGMENT',
      segmentIds: ['7700000000000000011', '7700000000000000012'],
      usageLimit: 50,
      oncePerCustomer: true,
      endTime: wireTime(dialect, '2027-01-01T00:00:00Z'),
    });
  });

  it('create: bad input exits 2 naming the flag, and sends nothing; --dry-run prints the request', async () => {
    log.clear();
    for (const [args, message] of [
      [['--value', '150'], '--value must be above 0, and at most 100 for a percentage'],
      [['--discount-type', 'everything'], '--discount-type must be one of product, order, shipping'],
      [['--usage-limit', 'lots'], '--usage-limit must be a whole number'],
      [['--segment-ids', '1,,2'], '--segment-ids must be segment ids separated by commas'],
    ] as const) {
      const base = { '--title': 'X', '--discount-type': 'order', '--value-type': 'percentage', '--value': '10', '--discount-method': 'code' } as Record<string, string>;
      base[args[0]] = args[1];
      const r = await cli(['discount', 'create', ...Object.entries(base).flat(), ...(args[0] in base ? [] : args)], { env: s.env });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(message);
      expectNoStackTrace(r.stderr);
    }
    const dry = await cli(['discount', 'create', '--title', 'X', '--discount-type', 'order', '--value-type', 'percentage', '--value', '10', '--discount-method', 'code', '--dry-run', '--json'], {
      env: s.env,
    });
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toEqual([
      { method: 'POST', path: '/api/202412/discounts', body: { discount: { title: 'X', discountType: 'ORDER_DISCOUNT', valueType: 'PERCENTAGE', value: '10', discountMethod: 'CODE_DISCOUNT' } } },
    ]);
    expect(await log.take()).toEqual([]);
  });

  it('update: sends only the changes, prints the discount the store holds; nothing to change exits 2', async () => {
    log.clear();
    const r = await cli(['discount', 'update', SUMMER, '--value', '20', '--end-time', 'none', '--json', 'id,value,endTime,title'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: SUMMER, value: '20', endTime: null, title: 'Summer sale: 15% off orders' });
    expect((await log.take()).map((q) => `${q.method} ${q.path} ${q.status}`)).toEqual([`PUT /api/202412/discounts/${SUMMER} 200`]);
    expect(await stored(SUMMER)).toMatchObject({ value: '20', endTime: null });
    const none = await cli(['discount', 'update', SUMMER], { env: s.env });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('nothing to change');
    // The store refuses what a whole discount would not hold: a segment discount with no segment.
    const refused = await cli(['discount', 'update', AUTOMATIC, '--eligibility', 'segment'], { env: s.env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('segmentIds');
  });

  it('enable and disable: idempotent, through /status', async () => {
    const off = await cli(['discount', 'disable', AUTOMATIC, '--json', 'status'], { env: s.env });
    expect(off.code, off.stderr).toBe(0);
    expect(JSON.parse(off.stdout)).toEqual({ status: 'DISABLED' });
    expect((await cli(['discount', 'disable', AUTOMATIC, '--json', 'status'], { env: s.env })).stdout).toBe(off.stdout);
    const on = await cli(['discount', 'enable', AUTOMATIC, '--json', 'status'], { env: s.env });
    expect(JSON.parse(on.stdout)).toEqual({ status: 'ENABLED' });
    expect((await stored(AUTOMATIC)).status).toBe('ENABLED');
    const dry = await cli(['discount', 'enable', AUTOMATIC, '--dry-run', '--json'], { env: s.env });
    expect(JSON.parse(dry.stdout)).toEqual([{ method: 'PUT', path: `/api/202412/discounts/${AUTOMATIC}/status`, body: { status: 'ENABLED' } }]);
  });

  it('delete: needs --yes without a terminal; deletes the discount and its codes', async () => {
    const made = JSON.parse(
      (await cli(['discount', 'create', '--title', 'Doomed', '--discount-type', 'order', '--value-type', 'fixed', '--value', '1', '--discount-method', 'code', '--json', 'id'], { env: s.env })).stdout,
    ) as { id: string };
    expect((await call(s.sandbox, 'POST', `/discounts/${made.id}/codes`, { discountCode: { code: 'DOOMED-1' } })).status).toBeLessThan(300);
    const unasked = await cli(['discount', 'delete', made.id], { env: s.env });
    expect(unasked.code).toBe(2);
    expect(unasked.stderr).toContain('--yes');
    const gone = await cli(['discount', 'delete', made.id, '--yes'], { env: s.env });
    expect(gone.code, gone.stderr).toBe(0);
    expect(gone.stdout).toBe('');
    expect((await call(s.sandbox, 'GET', `/discounts/${made.id}`)).status).toBe(404);
    // Its code went with it: another discount may take it now.
    expect((await call(s.sandbox, 'POST', `/discounts/${SHIPPING}/codes`, { discountCode: { code: 'DOOMED-1' } })).status).toBeLessThan(300);
  });

  it('scopes: a reader lists but cannot write (exit 4); a token without discount scopes cannot list', async () => {
    expect((await cli(['discount', 'list'], { env: as('reader-token') })).code).toBe(0);
    const write = await cli(['discount', 'disable', SUMMER], { env: as('reader-token') });
    expect(write.code).toBe(4);
    expect((await cli(['discount', 'list'], { env: as('cards-token') })).code).toBe(4);
  });
});
