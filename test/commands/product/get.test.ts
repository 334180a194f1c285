import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { ANSI, call, expectUsageError, requestLog, stripAnsi, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { DEMO } from './_products.js';

describe('product get', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook, tokens: [parseTokenSpec('full-token-0001'), parseTokenSpec('gift-token-0002:read_gift_card')] });
  const env = () => ({ ...s.env, STORE_CLI_TOKEN: 'full-token-0001' });

  it('--json prints the product exactly as the store sent it, unwrapped', async () => {
    const r = await cli(['product', 'get', DEMO.tshirt, '--json'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const got = JSON.parse(r.stdout);
    const stored = JSON.parse((await call(s.sandbox, 'GET', `/products/${DEMO.tshirt}`)).text).product;
    expect(got).toEqual(stored);
    expect(Object.keys(got)).toEqual(Object.keys(stored));
    expect(got.salesChannels).toEqual([{ salesChannelCode: 'online_store' }]);
  });

  it('--json with fields keeps only those', async () => {
    const r = await cli(['product', 'get', DEMO.tshirt, '--json', 'title,status'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ title: 'Organic Cotton T-Shirt', status: 'active' });
  });

  it("piped: the product's own fields as FIELD<TAB>value lines, then one TSV row per variant, in the documented column order; one request", async () => {
    log.clear();
    const r = await cli(['product', 'get', DEMO.tshirt], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(ANSI);
    const lines = tsvRows(r.stdout);
    // As giftcard get prints its card: ID first, VARIANTS (how many rows follow) last.
    const record = lines.slice(0, 12);
    expect(record.map((line) => line[0])).toEqual([
      'ID',
      'TITLE',
      'SUBTITLE',
      'STATUS',
      'VENDOR',
      'TYPE',
      'CATEGORY',
      'COLLECTIONS',
      'CHANNELS',
      'OPTIONS',
      'IMAGES',
      'VARIANTS',
    ]);
    expect(Object.fromEntries(record)).toMatchObject({
      ID: DEMO.tshirt,
      TITLE: 'Organic Cotton T-Shirt',
      STATUS: 'active',
      CHANNELS: 'online_store',
      VARIANTS: '4',
    });
    for (const line of record) expect(line).toHaveLength(2);
    const rows = lines.slice(12);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual([DEMO.tshirt, '4000000000000000409', 'White / S', 'TSH-WHT-S', '24.00', '30.00', '9.50', '0.18', 'kg', '46', '']);
    expect(rows.map((row) => row[0])).toEqual([DEMO.tshirt, DEMO.tshirt, DEMO.tshirt, DEMO.tshirt]);
    expect(rows.map((row) => row[2])).toEqual(['White / S', 'White / M', 'Navy / M', 'Navy / L']);
    expect((await log.take()).map((q) => q.path)).toEqual([`/api/202412/products/${DEMO.tshirt}`]);
  });

  it('in a terminal: a summary with names, then the variants table', async () => {
    const r = await cli(['product', 'get', DEMO.tshirt], { env: env(), tty: true, columns: 160 });
    expect(r.code, r.stderr).toBe(0);
    const screen = stripAnsi(r.stdout);
    expect(screen).toMatch(/^TITLE\s+Organic Cotton T-Shirt$/m);
    expect(screen).toMatch(/^STATUS\s+active$/m);
    expect(screen).toMatch(/^VENDOR\s+Northwind Apparel$/m);
    expect(screen).toMatch(/^CATEGORY\s+T-Shirts \(id 4000000000000000212\)$/m);
    expect(screen).toMatch(
      /^COLLECTIONS\s+Summer Sale \(id 4000000000000000304\), Summer Essentials \(id 4000000000000000317\), Best Sellers \(id 4000000000000000322\)$/m,
    );
    expect(screen).toMatch(/^CHANNELS\s+online_store$/m);
    expect(screen).toMatch(/^OPTIONS\s+Color: White, Navy; Size: S, M, L$/m);
    expect(screen).toMatch(/^IMAGES\s+https:\/\/cdn\.example\.com\/store-cli-demo\/tshirt-white\.jpg https:/m);
    expect(screen).toMatch(/^VARIANTS\s+4$/m);
    // No variant has a barcode: the column is left out.
    expect(screen).toMatch(/^VARIANT\s+OPTIONS\s+SKU\s+PRICE\s+COMPARE AT\s+COST\s+WEIGHT\s+UNIT\s+STOCK$/m);
    expect(screen).toMatch(/^4000000000000000412\s+Navy \/ L\s+TSH-NVY-L\s+24\.00\s+30\.00\s+9\.50\s+0\.18\s+kg\s+0$/m);
  });

  it('at 80 columns the variants table leaves out empty and low-value columns, not the options', async () => {
    const created = await cli(
      [
        'product',
        'create',
        '--title',
        'Canvas Tote',
        '--option',
        'Color=Sand,Charcoal Grey',
        '--option',
        'Size=Small,Extra Large',
        '--price',
        '19.99',
        '--json',
        'productId',
      ],
      { env: env() },
    );
    expect(created.code, created.stderr).toBe(0);
    const { productId } = JSON.parse(created.stdout) as { productId: string };
    const r = await cli(['product', 'get', productId], { env: env(), tty: true, columns: 80 });
    expect(r.code, r.stderr).toBe(0);
    const lines = stripAnsi(r.stdout).split('\n');
    const header = lines.findIndex((line) => line.startsWith('VARIANT '));
    // SKU, COMPARE AT, COST, WEIGHT and BARCODE are empty on every variant.
    expect(lines[header]!.split(/\s{2,}/)).toEqual(['VARIANT', 'OPTIONS', 'PRICE', 'UNIT', 'STOCK']);
    const rows = lines.slice(header + 1).filter((line) => line !== '');
    expect(rows.map((row) => row.split(/\s{2,}/)[1])).toEqual(['Sand / Small', 'Sand / Extra Large', 'Charcoal Grey / Small', 'Charcoal Grey / Extra Large']);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    // The demo T-shirt fills every column but the barcode: the weight goes (the least useful of those) before anything is cut.
    const tshirt = stripAnsi((await cli(['product', 'get', DEMO.tshirt], { env: env(), tty: true, columns: 80 })).stdout);
    expect(tshirt).toMatch(/^VARIANT\s+OPTIONS\s+SKU\s+PRICE\s+COMPARE AT\s+COST\s+STOCK$/m);
    expect(tshirt).toMatch(/^4000000000000000412\s+Navy \/ L\s+TSH-NVY-L\s+24\.00\s+30\.00\s+9\.50\s+0$/m);
    expect(tshirt).not.toContain('…');
  });

  it('an unknown id exits 1 with the 404; a non-numeric id exits 2 and sends nothing', async () => {
    const unknown = await cli(['product', 'get', '4999999999999999999'], { env: env() });
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/^error: .*404/);
    expectNoStackTrace(unknown.stderr);
    log.clear();
    expectUsageError(await cli(['product', 'get', 'tee'], { env: env() }), '<productId>');
    expect(await log.take()).toEqual([]);
  });

  it('a token without read_products exits 4', async () => {
    const r = await cli(['product', 'get', DEMO.tshirt], { env: { ...s.env, STORE_CLI_TOKEN: 'gift-token-0002' } });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/403/);
  });
});
