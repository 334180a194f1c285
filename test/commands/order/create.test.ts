// `order create`, in-process against a sandbox in each dialect (About Order's create): lines by
// SKU or variant id looked up in the products (an unknown SKU exits 2 naming it, nothing sent),
// the buyer by email, from flags or a JSON file (flags over it), --dry-run's exact request, and
// a create whose answer is lost never sent twice: found by its sourceIdentifier, or said to be
// maybe made.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { scratchDir } from '../../helpers/scratch.js';
import { loseFirst, useLossyProxy } from '../../helpers/lossy-proxy.js';
import { SimClock } from '../../bulk/sim-clock.js';
import { expectUsageError, requestLog, tsvRows } from '../_support.js';

// The backoffs between tries go by a simulated clock.
const clock = new SimClock().autoAdvance();

const ORDERS = '/api/202412/orders';

describe.each(DIALECTS)('order create, %s dialect', (dialect) => {
  const log = requestLog();
  const s = useSandbox({ dialect, seed: 'demo', onRequest: log.hook });
  const proxy = useLossyProxy(() => s.sandbox);
  const writes = async () => (await log.take()).filter((line) => line.method !== 'GET').map((line) => `${line.method} ${line.path}`);
  const count = async () => (await cli(['order', 'count'], { env: s.env })).stdout.trim();
  const idKey = dialect === 'real' ? 'orderId' : 'id';

  it('by SKU and variant id, the buyer by email: the lines looked up, the order made once, shown with its lines', async () => {
    log.clear();
    const made = await cli(
      [
        'order',
        'create',
        '--sku',
        'TSH-WHT-S:2',
        '--variant-id',
        '4000000000000000452',
        '--email',
        'ada@example.com',
        '--total-shipping-price',
        '4.50',
        '--tags',
        'test',
        '--json',
        'name,customerId,financialStatus,totalPrice,lineItems',
      ],
      { env: s.env },
    );
    expect(made.code, made.stderr).toBe(0);
    const order = JSON.parse(made.stdout) as { lineItems: Array<Record<string, unknown>> } & Record<string, unknown>;
    expect(order).toMatchObject({ name: '#1009', customerId: '7300000000000000101', financialStatus: 'paid', totalPrice: '141.50' });
    expect(order.lineItems.map((line) => [line.variantId, line.sku, line.quantity, line.price])).toEqual([
      ['4000000000000000409', 'TSH-WHT-S', 2, '24.00'],
      ['4000000000000000452', 'JKT-PCK', 1, '89.00'],
    ]);
    expect(await writes()).toEqual([`POST ${ORDERS}`]);
  });

  it('an unknown SKU or variant id, or a SKU given badly, exits 2 naming it; no order is sent', async () => {
    const before = await count();
    log.clear();
    const unknown = await cli(['order', 'create', '--sku', 'TSH-WHT-S', '--sku', 'NO-SUCH-SKU:3'], { env: s.env });
    expectUsageError(unknown, '--sku NO-SUCH-SKU:3');
    expect(unknown.stderr).toContain("no variant of the store's products has the SKU NO-SUCH-SKU");
    expectUsageError(await cli(['order', 'create', '--variant-id', '4000000000000000999'], { env: s.env }), '--variant-id 4000000000000000999');
    expect(await writes()).toEqual([]);
    expectUsageError(await cli(['order', 'create', '--sku', ':2'], { env: s.env }), '--sku');
    expectUsageError(await cli(['order', 'create', '--variant-id', 'TSH'], { env: s.env }), '--variant-id');
    expectUsageError(await cli(['order', 'create', '--sku', 'TSH-WHT-S:0'], { env: s.env }), '--sku');
    expectUsageError(await cli(['order', 'create', '--sku', 'TSH-WHT-S', '--email', 'ada'], { env: s.env }), '--email');
    expectUsageError(await cli(['order', 'create', '--sku', 'TSH-WHT-S', '--total-tax', '1.234'], { env: s.env }), '--total-tax');
    expectUsageError(await cli(['order', 'create', '--sku', 'TSH-WHT-S', '--financial-status', 'refunded'], { env: s.env }), '--financial-status');
    expectUsageError(await cli(['order', 'create', '--email', 'ada@example.com'], { env: s.env }), '--sku, --variant-id');
    expect(await log.take()).toEqual([]);
    expect(await count()).toBe(before);
  });

  it('from a JSON file (its lines by SKU, by variant id, or of their own), flags over its fields; a bad file names its JSON path', async () => {
    const folder = scratchDir();
    const file = join(folder, 'order.json');
    // The variant id as a JSON number past 2^53, as a file may write it: read digit-exact.
    writeFileSync(
      file,
      `{"order": {"lineItems": [{"sku": "MUG-SND", "quantity": 2, "price": "15.00"}, {"variantId": 4000000000000000410}, {"title": "Gift wrap", "price": "3.00"}],
        "email": "grace@example.com", "note": "From the old shop", "financialStatus": "pending"}}`,
    );
    const made = await cli(['order', 'create', '--file', file, '--note', 'Migrated', '--json', 'email,note,financialStatus,subtotalPrice,lineItems'], {
      env: s.env,
    });
    expect(made.code, made.stderr).toBe(0);
    const order = JSON.parse(made.stdout) as { lineItems: Array<Record<string, unknown>> } & Record<string, unknown>;
    expect(order).toMatchObject({ email: 'grace@example.com', note: 'Migrated', financialStatus: 'pending', subtotalPrice: '57.00' });
    expect(order.lineItems.map((line) => [line.sku ?? null, line.title, line.quantity, line.price])).toEqual([
      ['MUG-SND', 'Stoneware Coffee Mug - Sand', 2, '15.00'],
      ['TSH-WHT-M', 'Organic Cotton T-Shirt - White / M', 1, '24.00'],
      [null, 'Gift wrap', 1, '3.00'],
    ]);

    const before = await count();
    writeFileSync(file, JSON.stringify({ order: { lineItems: [{ sku: 'MUG-SND', quantity: 0 }] } }));
    const refused = async (sentence: string) => {
      const r = await cli(['order', 'create', '--file', file], { env: s.env });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringContaining(sentence)]);
    };
    await refused(`${file}: order.lineItems[0].quantity: must be a whole number from 1 to 999999. Nothing was sent.`);
    writeFileSync(file, JSON.stringify({ lineItems: [{ sku: 'MUG-SND' }], totalPrice: '1.00' }));
    await refused(`${file}: the order: unknown field "totalPrice". Nothing was sent.`);
    writeFileSync(file, JSON.stringify({ lineItems: [{ quantity: 1 }] }));
    await refused(`${file}: lineItems[0]: needs a sku, a variantId, or a title and a price (a line of its own)`);
    writeFileSync(file, '{"lineItems": [');
    expectUsageError(await cli(['order', 'create', '--file', file], { env: s.env }), `--file ${file} is not valid JSON`);
    expect(await count()).toBe(before);
  });

  it('--dry-run looks the lines up and prints the exact request; nothing is sent', async () => {
    log.clear();
    const dry = await cli(['order', 'create', '--sku', 'MUG-SLT:3', '--email', 'linus@example.com', '--source-identifier', 'OLD-7', '--dry-run'], {
      env: s.env,
    });
    expect(dry.code, dry.stderr).toBe(0);
    const [method, path, body] = tsvRows(dry.stdout)[0]!;
    expect([method, path]).toEqual(['POST', ORDERS]);
    expect(JSON.parse(body!)).toEqual({
      order: { email: 'linus@example.com', sourceIdentifier: 'OLD-7', lineItems: [{ variantId: '4000000000000000436', quantity: 3 }] },
    });
    expect(dry.stderr).toContain('Dry run: nothing was sent (read to build it: GET /api/202412/products');
    expect(await writes()).toEqual([]);
  });

  it('a create whose answer is lost is not sent again: with a sourceIdentifier the order is found and shown; without, it may have been made', async () => {
    const through = { ...s.env, STORE_CLI_BASE_URL: proxy.env.STORE_CLI_BASE_URL };
    proxy.use(loseFirst('POST', ORDERS, 1));
    log.clear();
    const found = await cli(['order', 'create', '--sku', 'MUG-SND', '--source-identifier', 'OLD-LOST-1', '--json', `${idKey},sourceIdentifier`], {
      env: through,
      clock,
    });
    expect(found.code, found.stderr).toBe(0);
    expect(JSON.parse(found.stdout)).toMatchObject({ sourceIdentifier: 'OLD-LOST-1' });
    expect(found.stderr).toContain('the order with the sourceIdentifier OLD-LOST-1 was found: it was made once');
    expect(await writes()).toEqual([`POST ${ORDERS}`]);

    const before = Number(await count());
    proxy.use(loseFirst('POST', ORDERS, 1));
    const unknown = await cli(['order', 'create', '--sku', 'MUG-SND'], { env: through, clock });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('The order may have been created anyway.');
    expect(unknown.stderr).toContain("'store-cli order list --created-since ");
    expect(await writes()).toEqual([`POST ${ORDERS}`]);
    expect(Number(await count())).toBe(before + 1);
  });
});
