import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, scratchDirs } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { ANSI, expectUsageError, requestLog, stripAnsi, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { DEMO, getProduct, writes } from './_products.js';
import { DIALECTS } from '../../helpers/dialects.js';

const dir = scratchDirs().STORE_CLI_DATA_DIR.replace(/data$/, '');
function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe.each(DIALECTS)('product create (%s dialect)', (dialect) => {
  const log = requestLog();
  const s = useSandbox({
    dialect,
    seed: 'demo',
    onRequest: log.hook,
    tokens: [parseTokenSpec('full-token-0001'), parseTokenSpec('reader-token-0002:read_products')],
  });
  const env = () => ({ ...s.env, STORE_CLI_TOKEN: 'full-token-0001' });

  it('by names: looks up the category and the collections, then creates once', async () => {
    log.clear();
    const r = await cli(
      [
        'product',
        'create',
        '--title',
        'Linen Shirt',
        '--category',
        't-shirts',
        '--collection',
        'summer sale',
        '--collection',
        'New Arrivals',
        '--price',
        '39.00',
        '--json',
      ],
      {
        env: env(),
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const created = JSON.parse(r.stdout);
    expect(created).not.toHaveProperty('product');
    expect(created.categoryId).toBe(DEMO.categories.tShirts);
    expect(JSON.parse(created.collections)).toEqual([DEMO.collections.summerSale, DEMO.collections.newArrivals]);
    expect(created.variants).toHaveLength(1);
    expect(created.variants[0].price).toBe('39.00');
    const requests = await log.take();
    expect(requests.map((q) => `${q.method} ${q.path.split('?')[0]}`).sort()).toEqual([
      'GET /api/202412/category/search',
      'GET /api/202412/collections',
      'GET /api/202412/collections',
      'POST /api/202412/products',
    ]);
    const stored = await getProduct(s.sandbox, created.productId);
    expect(stored.productCategory.categoryName).toBe('T-Shirts');
  });

  it('ids are used as given, without a look-up', async () => {
    log.clear();
    const r = await cli(
      [
        'product',
        'create',
        '--title',
        'By id',
        '--category',
        DEMO.categories.tops,
        '--collection',
        DEMO.collections.summerEssentials,
        '--json',
        'categoryId,collections',
      ],
      {
        env: env(),
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ categoryId: DEMO.categories.tops, collections: `["${DEMO.collections.summerEssentials}"]` });
    expect((await log.take()).map((q) => q.method)).toEqual(['POST']);
  });

  it('--option makes one variant per combination; variant flags apply to each; SKUs get suffixes', async () => {
    const r = await cli(
      [
        'product',
        'create',
        '--title',
        'Tee',
        '--option',
        'Color=Red,Light Blue',
        '--option',
        'Size=S,M,L',
        '--price',
        '19.99',
        '--compare-of-price',
        '24.99',
        '--sku',
        'TEE',
        '--inventory',
        '5',
        '--weight',
        '0.2',
        '--weight-unit',
        'kg',
        '--json',
      ],
      { env: env() },
    );
    expect(r.code, r.stderr).toBe(0);
    const created = JSON.parse(r.stdout);
    expect(created.isMultiVariant).toBe('true');
    expect(created.options.map((o: any) => [o.name, o.value.map((v: any) => v.name)])).toEqual([
      ['Color', ['Red', 'Light Blue']],
      ['Size', ['S', 'M', 'L']],
    ]);
    expect(created.variants.map((v: any) => v.sku)).toEqual([
      'TEE-RED-S',
      'TEE-RED-M',
      'TEE-RED-L',
      'TEE-LIGHT-BLUE-S',
      'TEE-LIGHT-BLUE-M',
      'TEE-LIGHT-BLUE-L',
    ]);
    for (const v of created.variants) {
      expect(v).toMatchObject({ price: '19.99', compareOfPrice: '24.99', weight: '0.2', weightUnit: 'kg' });
      expect(v.inventoryQuantities).toHaveLength(1);
      expect(String(v.inventoryQuantities[0].available)).toBe('5');
    }
    expect(created.variants[4].options.map((o: any) => o.value.name)).toEqual(['Light Blue', 'M']);
  });

  it('piped without --json: the variants as TSV rows; in a terminal a summary naming category and collections', async () => {
    const piped = await cli(['product', 'create', '--title', 'Mug', '--option', 'Glaze=Sand,Slate', '--price', '12.00', '--sku', 'MUG'], { env: env() });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).not.toMatch(ANSI);
    const rows = tsvRows(piped.stdout);
    expect(rows.map((row) => [row[2], row[3], row[4]])).toEqual([
      ['Sand', 'MUG-SAND', '12.00'],
      ['Slate', 'MUG-SLATE', '12.00'],
    ]);
    // Each row starts with the product's id, then the variant's.
    expect(new Set(rows.map((row) => row[0]))).toEqual(new Set([rows[0]![0]]));
    expect(rows[0]![1]).toMatch(/^\d+$/);
    expect(rows[0]![1]).not.toBe(rows[0]![0]);

    const tty = await cli(['product', 'create', '--title', 'Rain Hat', '--category', 'outerwear', '--collection', 'rainy', '--price', '15.00'], {
      env: env(),
      tty: true,
    });
    expect(tty.code, tty.stderr).toBe(0);
    const screen = stripAnsi(tty.stdout);
    expect(screen).toMatch(/^TITLE\s+Rain Hat$/m);
    expect(screen).toMatch(/^CATEGORY\s+Outerwear \(id 4000000000000000225\)$/m);
    expect(screen).toMatch(/^COLLECTIONS\s+Rainy Day Picks \(id 4000000000000000335\)$/m);
    // The create's answer has no salesChannels: the summary shows them as product get does.
    expect(screen).toMatch(/^CHANNELS\s+online_store$/m);
    expect(screen).toMatch(/^VARIANT\s+PRICE/m); // no options, no SKU: those columns are left out
    expect(stripAnsi(tty.stderr)).toMatch(/Created product \d+\./);
  });

  it('a script can use its first field: `id=$(product create ... | cut -f1)` is an id product get finds', async () => {
    const piped = await cli(['product', 'create', '--title', 'Scripted Mug', '--price', '9.00'], { env: env() });
    expect(piped.code, piped.stderr).toBe(0);
    const id = piped.stdout
      .split('\n')
      .map((line) => line.split('\t')[0])
      .filter((field) => field !== '')
      .join('\n');
    expect(id).toMatch(/^\d+$/);
    const got = await cli(['product', 'get', id, '--json', 'productId,title'], { env: env() });
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toEqual({ productId: id, title: 'Scripted Mug' });
  });

  describe('names that do not pick exactly one: exit 2 with the candidates, nothing created', () => {
    it('an ambiguous collection lists both with their ids', async () => {
      log.clear();
      const r = await cli(['product', 'create', '--title', 'X', '--category', 'tops', '--collection', 'summer'], { env: env() });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        `error: Collection 'summer' is ambiguous: Summer Sale (id ${DEMO.collections.summerSale}), Summer Essentials (id ${DEMO.collections.summerEssentials}); pass an id or the exact name to --collection.\n`,
      );
      expect(writes(await log.take())).toEqual([]);
    });

    it('an ambiguous category', async () => {
      log.clear();
      const r = await cli(['product', 'create', '--title', 'X', '--category', 'shirts'], { env: env() });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`T-Shirts (id ${DEMO.categories.tShirts})`);
      expect(r.stderr).toContain(`Sweatshirts (id ${DEMO.categories.sweatshirts})`);
      expect(writes(await log.take())).toEqual([]);
    });

    it('a category that matches nothing', async () => {
      log.clear();
      const r = await cli(['product', 'create', '--title', 'X', '--category', 'Shoes', '--price', '1'], { env: env() });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe("error: No category matches 'Shoes' (--category); 'store-cli category search' lists them.\n");
      expect(writes(await log.take())).toEqual([]);
    });
  });

  describe('--file', () => {
    const product = {
      title: 'From a file',
      status: 'draft',
      categoryId: DEMO.categories.tops,
      collections: [DEMO.collections.newArrivals],
      images: [{ src: 'https://cdn.example.com/a.jpg' }],
      options: [{ name: 'Size', value: [{ name: 'S' }, { name: 'M' }] }],
      variants: [
        { sku: 'F-S', price: '10.00', options: [{ name: 'Size', value: { name: 'S' } }] },
        { sku: 'F-M', price: '11.00', options: [{ name: 'Size', value: { name: 'M' } }] },
      ],
    };

    it('creates the product of the file, bare or wrapped; flags override its fields', async () => {
      const bare = await cli(['product', 'create', '--file', file('bare.json', product), '--json'], { env: env() });
      expect(bare.code, bare.stderr).toBe(0);
      const created = JSON.parse(bare.stdout);
      expect(created).toMatchObject({
        title: 'From a file',
        status: 'draft',
        categoryId: DEMO.categories.tops,
        collections: `["${DEMO.collections.newArrivals}"]`,
      });
      expect(created.variants.map((v: any) => [v.sku, v.price])).toEqual([
        ['F-S', '10.00'],
        ['F-M', '11.00'],
      ]);
      expect(created.images[0].src).toBe('https://cdn.example.com/a.jpg');

      const wrapped = await cli(['product', 'create', '--file', file('wrapped.json', { product }), '--title', 'Renamed', '--price', '9.00', '--json'], {
        env: env(),
      });
      expect(wrapped.code, wrapped.stderr).toBe(0);
      const second = JSON.parse(wrapped.stdout);
      expect(second.title).toBe('Renamed');
      expect(second.variants.map((v: any) => v.price)).toEqual(['9.00', '9.00']);
    });

    it('reads stdin with "-"; a product saved by get --json is a template for a copy', async () => {
      const saved = await cli(['product', 'get', DEMO.tshirt, '--json'], { env: env() });
      expect(saved.code, saved.stderr).toBe(0);
      const r = await cli(['product', 'create', '--file', '-', '--title', 'Copy of the tee', '--json'], { env: env(), stdin: saved.stdout });
      expect(r.code, r.stderr).toBe(0);
      const copy = JSON.parse(r.stdout);
      const original = JSON.parse(saved.stdout);
      expect(copy.productId).not.toBe(original.productId);
      expect(copy.variants.map((v: any) => v.sku)).toEqual(original.variants.map((v: any) => v.sku));
      expect(copy.variants[0].variantId).not.toBe(original.variants[0].variantId);
    });

    it("--title gives the title a file lacks; without either, the file's title is required", async () => {
      const { title: _title, ...untitled } = product;
      const path = file('untitled.json', untitled);
      const r = await cli(['product', 'create', '--file', path, '--title', 'Titled by flag', '--json', 'title'], { env: env() });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({ title: 'Titled by flag' });
      log.clear();
      const missing = await cli(['product', 'create', '--file', path], { env: env() });
      expect(missing.code).toBe(2);
      expect(missing.stderr).toBe(`error: ${path}: title: is required.\n`);
      expect(await log.take()).toEqual([]);
    });

    it('a rule problem in the file exits 2 before any look-up by name (even with a refused token)', async () => {
      const wrongValue = { ...product, variants: [{ price: '1.00', options: [{ name: 'Size', value: { name: 'XL' } }] }] };
      log.clear();
      const r = await cli(['product', 'create', '--file', file('xl-named.json', wrongValue), '--category', 'tops'], {
        env: { ...s.env, STORE_CLI_TOKEN: 'unknown-token-9999' },
      });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/xl-named\.json: variants\[0\]\.options\[0\]\.value\.name: "XL" is not a value/);
      expect(await log.take()).toEqual([]);
    });

    it('a bad field exits 2 naming the file and the JSON path, and nothing is sent', async () => {
      const bad = { ...product, variants: [product.variants[0], { ...product.variants[1], price: '19.999' }] };
      const path = file('bad-price.json', { product: bad });
      log.clear();
      const r = await cli(['product', 'create', '--file', path], { env: env() });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`error: ${path}: product.variants[1].price: must be a decimal amount like "19.99" (got "19.999").\n`);
      expect(await log.take()).toEqual([]);
    });

    it('a variant choosing a value its option lacks, malformed JSON, a missing file: exit 2, nothing sent', async () => {
      const wrongValue = { ...product, variants: [{ price: '1.00', options: [{ name: 'Size', value: { name: 'XL' } }] }] };
      log.clear();
      const value = await cli(['product', 'create', '--file', file('xl.json', wrongValue)], { env: env() });
      expect(value.code).toBe(2);
      expect(value.stderr).toMatch(/xl\.json: variants\[0\]\.options\[0\]\.value\.name: "XL" is not a value of option "Size" \(values: S, M\)\./);
      const syntax = await cli(['product', 'create', '--file', file('broken.json', '{"title": "x",')], { env: env() });
      expect(syntax.code).toBe(2);
      expect(syntax.stderr).toMatch(/^error: .*broken\.json is not valid JSON/);
      const missing = await cli(['product', 'create', '--file', join(dir, 'nope.json')], { env: env() });
      expectUsageError(missing, '--file');
      expect(missing.stderr).toContain('no such file');
      expect(await log.take()).toEqual([]);
      expectNoStackTrace(syntax.stderr);
    });
  });

  describe('refuses invalid flags before sending anything', () => {
    const cases: Array<[string, string[], string]> = [
      ['no --title and no --file', ['product', 'create', '--price', '1'], '--title'],
      ['a price with 3 decimals', ['product', 'create', '--title', 'X', '--price', '1.999'], '--price'],
      ['an unknown status', ['product', 'create', '--title', 'X', '--status', 'live'], '--status'],
      ['an unknown weight unit', ['product', 'create', '--title', 'X', '--weight-unit', 'stone'], '--weight-unit'],
      ['a relative image', ['product', 'create', '--title', 'X', '--image', 'a.png'], '--image'],
      ['a malformed option', ['product', 'create', '--title', 'X', '--option', 'Color:Red'], '--option'],
      ['four options', ['product', 'create', '--title', 'X', '--option', 'A=1', '--option', 'B=1', '--option', 'C=1', '--option', 'D=1'], '--option'],
      [
        'more than 100 variants',
        [
          'product',
          'create',
          '--title',
          'X',
          '--option',
          `A=${Array.from({ length: 11 }, (_, i) => i).join(',')}`,
          '--option',
          `B=${Array.from({ length: 10 }, (_, i) => i).join(',')}`,
        ],
        '--option',
      ],
      ['a barcode for several variants', ['product', 'create', '--title', 'X', '--option', 'A=1,2', '--barcode', '123'], '--barcode'],
      ['a location without inventory', ['product', 'create', '--title', 'X', '--location-id', '8'], '--location-id'],
      ['an unknown --json field', ['product', 'create', '--title', 'X', '--json', 'nope'], 'nope'],
    ];
    it.each(cases)('%s', async (_name, argv, flag) => {
      log.clear();
      const r = await cli(argv, { env: env() });
      expectUsageError(r, flag);
      expect(await log.take()).toEqual([]);
    });
  });

  it('a token without write_products: exit 4 naming 403, after the (allowed) look-ups', async () => {
    log.clear();
    const r = await cli(['product', 'create', '--title', 'X', '--category', 'tops'], { env: { ...s.env, STORE_CLI_TOKEN: 'reader-token-0002' } });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: .*403/);
    expect(r.stderr).toContain('write_products');
    expectNoStackTrace(r.stderr);
    expect((await log.take()).map((q) => `${q.method} ${q.status}`)).toEqual(['GET 200', 'POST 403']);
  });

  it('a store refusal (a category id that does not exist) exits 1 naming the field', async () => {
    const r = await cli(['product', 'create', '--title', 'X', '--category', '4999999999999999999'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: .*400.*categoryId/);
  });
});
