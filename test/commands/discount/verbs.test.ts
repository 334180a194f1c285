// Every discount verb in-process against a real sandbox in each dialect (its /discounts API,
// demo discounts), checked by what it prints, its exit code, and what reached the store: our
// dialect's flat discounts with their codes apart, the real one's nested with the code inside
// (docs/decisions.md "Discounts").
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS, wireTime } from '../../helpers/dialects.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { call, requestLog, stripAnsi, tsvRows } from '../_support.js';

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
  /** The discount's id field: Genstore's `discountId`, our `id`. */
  const ID = dialect === 'real' ? 'discountId' : 'id';
  const createArgs = (title: string, ...more: string[]) => [
    'discount',
    'create',
    '--title',
    title,
    '--discount-type',
    'order',
    ...(more.includes('--value') ? [] : ['--value-type', 'percentage', '--value', '10']),
    ...more,
  ];

  it('list: the demo discounts as rows (type, method, value and code from either shape), JSON, filtered; a page at a time with a hint to go on', async () => {
    const piped = await cli(['discount', 'list'], { env: s.env });
    expect(piped.code, piped.stderr).toBe(0);
    const code = (value: string) => (dialect === 'real' ? value : '');
    expect(tsvRows(piped.stdout).map((row) => [...row.slice(0, 7), row[9]])).toEqual([
      [SUMMER, 'Summer sale: 15% off orders', 'ORDER_DISCOUNT', 'PERCENTAGE', '15', 'CODE_DISCOUNT', 'ENABLED', code('SUMMER15')],
      [AUTOMATIC, '5.00 off every T-shirt', 'PRODUCT_DISCOUNT', 'FIXED_AMOUNT_OFF', '5.00', 'AUTOMATIC_DISCOUNT', 'ENABLED', ''],
      [SHIPPING, 'Free shipping for members', 'SHIPPING_DISCOUNT', 'PERCENTAGE', '100', 'CODE_DISCOUNT', 'DISABLED', code('SHIPFREE')],
    ]);
    const json = JSON.parse((await cli(['discount', 'list', '--json', `${ID},startTime`], { env: s.env })).stdout);
    expect(json[0]).toEqual({ [ID]: SUMMER, startTime: wireTime(dialect, '2026-06-01T00:00:00Z') });
    log.clear();
    const codes = await cli(['discount', 'list', '--discount-method', 'code', '--status', 'enabled', '--json', ID], { env: s.env });
    expect(JSON.parse(codes.stdout)).toEqual([{ [ID]: SUMMER }]);
    // Genstore documents no filter: it is sent none, and store-cli keeps what matches.
    const query = (await log.take()).map((request) => request.path.replace(/^[^?]*\??/, ''));
    expect(query).toEqual([dialect === 'real' ? '' : 'status=ENABLED&discountMethod=CODE_DISCOUNT']);
    const paged = await cli(['discount', 'list', '--limit', '2', '--json', ID], { env: s.env });
    expect(JSON.parse(paged.stdout)).toHaveLength(2);
    const token = /--page-token (\S+)/.exec(paged.stderr)?.[1];
    expect(token, paged.stderr).toBeDefined();
    const next = await cli(['discount', 'list', '--page-token', token!, '--json', ID], { env: s.env });
    expect(next.code, next.stderr).toBe(0);
    expect(JSON.parse(next.stdout)).toEqual([{ [ID]: SHIPPING }]);
    const all = await cli(['discount', 'list', '--all', '--limit', '1', '--jsonl', ID], { env: s.env });
    expect(all.stdout.trim().split('\n')).toHaveLength(3);
  });

  it('list in a terminal: 15% and 5.00, short words, and ended or scheduled for an enabled discount outside its dates', async () => {
    const at = (iso: string) => ({ env: s.env, tty: true, columns: 160, now: () => new Date(iso) });
    const rows = (stdout: string) =>
      stripAnsi(stdout)
        .split('\n')
        .slice(1)
        .filter((line) => line.trim() !== '')
        .map((line) => line.trim().split(/\s{2,}/));
    // Summer runs from June 1st to September 1st 2026.
    const during = await cli(['discount', 'list', '--columns', 'id,discountType,value,discountMethod,status'], at('2026-07-01T00:00:00Z'));
    expect(during.code, during.stderr).toBe(0);
    expect(rows(during.stdout)).toEqual([
      [SUMMER, 'order', '15%', 'code', 'enabled'],
      [AUTOMATIC, 'product', '5.00', 'automatic', 'enabled'],
      [SHIPPING, 'shipping', '100%', 'code', 'disabled'],
    ]);
    expect(rows((await cli(['discount', 'list', '--columns', 'id,status'], at('2026-09-02T00:00:00Z'))).stdout)[0]).toEqual([SUMMER, 'ended']);
    expect(rows((await cli(['discount', 'list', '--columns', 'id,status'], at('2026-05-01T00:00:00Z'))).stdout)[0]).toEqual([SUMMER, 'scheduled']);
  });

  it('list at 80 columns: one line a discount, its code whole, the method and dates left out before the title is cut; at 160 every column, times whole', async () => {
    const table = async (columns: number) => {
      const r = await cli(['discount', 'list'], { env: { ...s.env, NO_COLOR: '1' }, tty: true, columns, now: () => new Date('2026-07-01T00:00:00Z') });
      expect(r.code, r.stderr).toBe(0);
      const lines = r.stdout.trimEnd().split('\n');
      for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(columns);
      return { header: lines[0]!.split(/\s{2,}/), rows: lines.slice(1).map((line) => line.split(/\s{2,}/)) };
    };
    const narrow = await table(80);
    // Genstore's discounts carry their code (ours count them apart): a code says the method.
    expect(narrow.header).toEqual(['ID', 'TITLE', 'TYPE', 'VALUE', 'STATUS', ...(dialect === 'real' ? ['CODE'] : [])]);
    const [id, title, ...rest] = narrow.rows[0]!;
    expect([id, ...rest]).toEqual([SUMMER, 'order', '15%', 'enabled', ...(dialect === 'real' ? ['SUMMER15'] : [])]);
    // The title has what the row leaves it, 20 cells at least: whole beside our flat discounts, cut beside a code.
    expect(title).toBe(dialect === 'real' ? 'Summer sale: 15% off …' : 'Summer sale: 15% off orders');
    const wide = await table(160);
    expect(wide.header).toEqual(['ID', 'TITLE', 'TYPE', 'VALUE TYPE', 'VALUE', 'METHOD', 'STATUS', 'STARTS', 'ENDS', ...(dialect === 'real' ? ['CODE'] : [])]);
    expect(wide.rows[0]![7]).toMatch(/^2026-06-01T00:00:00/);
  });

  it('get: field by field, or as the store sent it', async () => {
    const piped = await cli(['discount', 'get', SHIPPING], { env: s.env });
    expect(piped.code, piped.stderr).toBe(0);
    const fields = Object.fromEntries(tsvRows(piped.stdout).map(([name, value]) => [name, value]));
    expect(fields).toMatchObject({
      ID: SHIPPING,
      TYPE: 'SHIPPING_DISCOUNT',
      METHOD: 'CODE_DISCOUNT',
      VALUE: '100',
      ELIGIBILITY: 'SEGMENT',
      SEGMENTS: '7700000000000000011',
      STATUS: 'DISABLED',
    });
    expect([fields.CODE, fields.CODES]).toEqual(dialect === 'real' ? ['SHIPFREE', ''] : ['', '1']);
    const json = JSON.parse((await cli(['discount', 'get', SHIPPING, '--json'], { env: s.env })).stdout);
    expect(json).toEqual(await stored(SHIPPING));
    const missing = await cli(['discount', 'get', '6100000000000099999'], { env: s.env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No discount has the id 6100000000000099999');
    expectNoStackTrace(missing.stderr);
  });

  it('count: the service counts; Genstore, which documents no count, is read and counted (no /count path sent)', async () => {
    log.clear();
    const all = await cli(['discount', 'count', '--json'], { env: s.env });
    expect(all.code, all.stderr).toBe(0);
    expect(JSON.parse(all.stdout)).toEqual({ count: 3 });
    expect((await cli(['discount', 'count', '--status', 'disabled'], { env: s.env })).stdout).toBe('1\n');
    const paths = (await log.take()).map((request) => request.path.replace(/\?.*/, ''));
    expect(paths).toEqual(
      dialect === 'real' ? ['/api/202412/discounts', '/api/202412/discounts'] : ['/api/202412/discounts/count', '/api/202412/discounts/count'],
    );
    const bad = await cli(['discount', 'count', '--status', 'on'], { env: s.env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--status must be one of enabled, disabled');
  });

  it('create: every type, value type and method; the store holds what was printed', async () => {
    for (const [type, valueType, value, method] of [
      ['product', 'fixed', '5.00', 'automatic'],
      ['order', 'percentage', '12.5', 'code'],
      ['SHIPPING_DISCOUNT', 'PERCENTAGE', '100', 'CODE_DISCOUNT'],
    ] as const) {
      const r = await cli(
        [
          'discount',
          'create',
          '--title',
          `New ${type}`,
          '--discount-type',
          type,
          '--value-type',
          valueType,
          '--value',
          value,
          '--discount-method',
          method,
          '--json',
        ],
        {
          env: s.env,
        },
      );
      expect(r.code, r.stderr).toBe(0);
      const made = JSON.parse(r.stdout);
      expect(made).toMatchObject({ title: `New ${type}`, value, status: 'ENABLED', eligibility: 'ALL', endTime: null });
      expect(made).toEqual(await stored(made[ID]));
    }
    const segment = await cli(
      [
        ...createArgs('VIP', '--value-type', 'fixed', '--value', '20'),
        '--segment-ids',
        '7700000000000000011,7700000000000000012',
        '--end-time',
        '2027-01-01',
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
      // A date given as the end: through its last second.
      endTime: wireTime(dialect, '2027-01-01T23:59:59Z'),
    });
  });

  it('create --code: the code inside the discount (Genstore), or added to it (service); none: Genstore generates 8 letters and digits', async () => {
    const custom = await cli([...createArgs('Custom code', '--code', 'CUSTOM15')], { env: s.env });
    expect(custom.code, custom.stderr).toBe(0);
    const fields = Object.fromEntries(tsvRows(custom.stdout).map(([name, value]) => [name, value]));
    expect(dialect === 'real' ? fields.CODE : fields.CODES).toBe(dialect === 'real' ? 'CUSTOM15' : '1');
    if (dialect === 'service') {
      const codes = JSON.parse((await call(s.sandbox, 'GET', `/discounts/${fields.ID}/codes`)).text).discountCodes;
      expect(codes.map((one: { code: string }) => one.code)).toEqual(['CUSTOM15']);
    }
    const generated = await cli([...createArgs('Generated code'), '--json'], { env: s.env });
    expect(generated.code, generated.stderr).toBe(0);
    const made = JSON.parse(generated.stdout);
    if (dialect === 'real') expect(made.promotionType.generateType.discountCode).toMatch(/^[A-Z0-9]{8}$/);
    else expect(made.codesCount).toBe(0);
    // A code the store holds (ignoring case): refused by the store, exit 1.
    const taken = await cli([...createArgs('Taken code', '--code', 'custom15')], { env: s.env });
    expect(taken.code, taken.stderr).toBe(1);
    expect(taken.stderr).toContain('taken');
  });

  it('create: bad input exits 2 naming the flag (and the code rule), and sends nothing; --dry-run prints the request', async () => {
    log.clear();
    for (const [args, message] of [
      [['--value', '150'], '--value must be above 0, and at most 100 for a percentage'],
      [['--discount-type', 'everything'], '--discount-type must be one of product, order, shipping'],
      [['--usage-limit', 'lots'], '--usage-limit must be a whole number'],
      [['--segment-ids', '1,,2'], '--segment-ids must be segment ids separated by commas'],
      [
        ['--code', 'NOT-8!'],
        dialect === 'real' ? '--code must be 8 letters and digits (Genstore takes "a custom 8-digit code"' : '--code must be 3 to 50 letters, digits, - or _',
      ],
      [['--start-time', '2026-12-11', '--end-time', '2026-12-10'], '--start-time (2026-12-11T00:00:00Z) is not before --end-time (2026-12-10T23:59:59Z)'],
      [['--end-time', 'next week'], '--end-time must be a time such as 2026-12-01T00:00:00Z or a date such as 2026-12-01'],
    ] as const) {
      const base = { '--title': 'X', '--discount-type': 'order', '--value-type': 'percentage', '--value': '10', '--discount-method': 'code' } as Record<
        string,
        string
      >;
      for (let i = 0; i < args.length; i += 2) base[args[i]!] = args[i + 1]!;
      const r = await cli(['discount', 'create', ...Object.entries(base).flat()], { env: s.env });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(message);
      expectNoStackTrace(r.stderr);
    }
    const dry = await cli([...createArgs('X', '--code', 'DRYRUN12', '--dry-run', '--json')], { env: s.env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toEqual([
      {
        method: 'POST',
        path: '/api/202412/discounts',
        body:
          dialect === 'real'
            ? {
                discount: {
                  promotionType: { categoryType: 'ORDER_DISCOUNT', generateType: { discountCode: 'DRYRUN12', generateDiscountType: 'CODE_DISCOUNT' } },
                  title: 'X',
                  valueType: 'PERCENTAGE',
                  value: '10',
                },
              }
            : { discount: { title: 'X', discountType: 'ORDER_DISCOUNT', valueType: 'PERCENTAGE', value: '10', discountMethod: 'CODE_DISCOUNT' } },
      },
    ]);
    expect(await log.take()).toEqual([]);
  });

  it('update: sends only the changes, prints the discount the store holds; nothing to change exits 2', async () => {
    log.clear();
    const r = await cli(
      ['discount', 'update', SUMMER, '--value', '20', '--discount-type', 'product', '--end-time', 'none', '--json', `${ID},value,endTime,title`],
      { env: s.env },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ [ID]: SUMMER, value: '20', endTime: null, title: 'Summer sale: 15% off orders' });
    expect((await log.take()).map((q) => `${q.method} ${q.path} ${q.status}`)).toEqual([`PUT /api/202412/discounts/${SUMMER} 200`]);
    expect(await stored(SUMMER)).toMatchObject(
      dialect === 'real'
        ? { value: '20', endTime: null, promotionType: { categoryType: 'PRODUCT_DISCOUNT', generateType: { discountCode: 'SUMMER15' } } }
        : { value: '20', endTime: null, discountType: 'PRODUCT_DISCOUNT' },
    );
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

  it('delete: needs --yes without a terminal; deletes the discount and its code, which another may take then', async () => {
    const made = JSON.parse((await cli([...createArgs('Doomed', '--code', 'DOOMED12', '--json', ID)], { env: s.env })).stdout) as Record<string, string>;
    const id = made[ID]!;
    const unasked = await cli(['discount', 'delete', id], { env: s.env });
    expect(unasked.code).toBe(2);
    expect(unasked.stderr).toContain('--yes');
    const gone = await cli(['discount', 'delete', id, '--yes'], { env: s.env });
    expect(gone.code, gone.stderr).toBe(0);
    expect(gone.stdout).toBe('');
    expect((await call(s.sandbox, 'GET', `/discounts/${id}`)).status).toBe(404);
    // Its code went with it: another discount may take it now.
    expect((await cli([...createArgs('Reborn', '--code', 'DOOMED12')], { env: s.env })).code).toBe(0);
  });

  it('scopes: a reader lists but cannot write (exit 4); a token without discount scopes cannot list', async () => {
    expect((await cli(['discount', 'list'], { env: as('reader-token') })).code).toBe(0);
    const write = await cli(['discount', 'disable', SUMMER], { env: as('reader-token') });
    expect(write.code).toBe(4);
    expect((await cli(['discount', 'list'], { env: as('cards-token') })).code).toBe(4);
  });

  it('never sends a path the dialect does not have: no /codes in the real one', async () => {
    log.clear();
    await cli([...createArgs('Path check', '--code', 'PATHS123')], { env: s.env });
    await cli(['discount', 'count'], { env: s.env });
    const paths = (await log.take()).map((request) => request.path);
    if (dialect === 'real') expect(paths.filter((path) => /\/codes|\/count/.test(path))).toEqual([]);
    else expect(paths.some((path) => path.endsWith('/codes'))).toBe(true);
  });
});
