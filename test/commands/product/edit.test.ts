import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, scratchDirs } from '../../helpers/cli-in-process.js';
import { expectUsageError, requestLog, stripAnsi, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { DEMO, createProduct, getProduct, teeProduct, writes } from './_products.js';

const dir = scratchDirs().STORE_CLI_DATA_DIR.replace(/data$/, '');
function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('product edit', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook, tokens: [parseTokenSpec('full-token-0001'), parseTokenSpec('reader-token-0002:read_products')] });
  const env = () => ({ ...s.env, STORE_CLI_TOKEN: 'full-token-0001' });

  it('--dry-run prints each changed field and sends nothing', async () => {
    const product = await createProduct(s.sandbox, teeProduct());
    log.clear();
    const r = await cli(['product', 'edit', product.productId, '--price', '24.99', '--status', 'draft', '--dry-run'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(tsvRows(r.stdout)).toEqual([
      ['status', '"active"', '"draft"'],
      ['variants[0].price', '"19.99"', '"24.99"'],
      ['variants[1].price', '"19.99"', '"24.99"'],
      ['variants[2].price', '"19.99"', '"24.99"'],
      ['variants[3].price', '"19.99"', '"24.99"'],
    ]);
    expect((await log.take()).map((q) => q.method)).toEqual(['GET']);
    expect((await getProduct(s.sandbox, product.productId)).variants[0].price).toBe('19.99');
  });

  it('--dry-run in a terminal: a FIELD/BEFORE/AFTER table and a note that nothing was sent; --json: a list', async () => {
    const product = await createProduct(s.sandbox, teeProduct());
    const tty = await cli(['product', 'edit', product.productId, '--title', 'Renamed', '--dry-run'], { env: env(), tty: true });
    expect(tty.code, tty.stderr).toBe(0);
    expect(stripAnsi(tty.stdout)).toMatch(/^FIELD\s+BEFORE\s+AFTER\ntitle\s+"Test Tee"\s+"Renamed"\n$/);
    expect(stripAnsi(tty.stderr)).toContain('Dry run: 1 change to product');
    const json = await cli(['product', 'edit', product.productId, '--title', 'Renamed', '--dry-run', '--json'], { env: env() });
    expect(JSON.parse(json.stdout)).toEqual([{ field: 'title', before: 'Test Tee', after: 'Renamed' }]);
  });

  it('piped: every row starts with the product id, so `cut -f1` gives the id to a script', async () => {
    const product = await createProduct(s.sandbox, teeProduct());
    const r = await cli(['product', 'edit', product.productId, '--vendor', 'Globex'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const rows = tsvRows(r.stdout);
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => row[0])).toEqual(Array(4).fill(product.productId));
    expect(rows.map((row) => row[1])).toEqual(product.variants.map((v: { variantId: string }) => v.variantId));
  });

  it('sends the full product with its ids and prints the saved product', async () => {
    const product = await createProduct(s.sandbox, teeProduct());
    log.clear();
    const r = await cli(
      ['product', 'edit', product.productId, '--price', '24.99', '--vendor', 'Globex', '--category', 'tops', '--collection', 'summer sale', '--json'],
      { env: env() },
    );
    expect(r.code, r.stderr).toBe(0);
    const saved = JSON.parse(r.stdout);
    expect(saved.vendor).toBe('Globex');
    expect(saved.categoryId).toBe(DEMO.categories.tops);
    expect(JSON.parse(saved.collections)).toEqual([DEMO.collections.summerSale]);
    // The same variants (ids kept), each with the new price, SKUs and stock untouched.
    expect(saved.variants.map((v: any) => [v.variantId, v.sku, v.price])).toEqual(product.variants.map((v: any) => [v.variantId, v.sku, '24.99']));
    const stored = await getProduct(s.sandbox, product.productId);
    expect(stored.variants.map((v: any) => v.price)).toEqual(['24.99', '24.99', '24.99', '24.99']);
    expect(writes(await log.take()).map((q) => `${q.method} ${q.path}`)).toEqual([`PUT /api/202412/products/${product.productId}`]);
  });

  it('--file with a partial product: a variant named by variantId is merged, others listed are kept', async () => {
    const product = await createProduct(s.sandbox, teeProduct());
    const [a, b, c, d] = product.variants.map((v: any) => v.variantId);
    const patch = file('patch.json', {
      subTitle: 'Now softer',
      variants: [{ variantId: a, price: '9.99' }, { variantId: b }, { variantId: c }, { variantId: d, sku: 'TT-BLUE-M-2' }],
    });
    const dry = await cli(['product', 'edit', product.productId, '--file', patch, '--dry-run'], { env: env() });
    expect(dry.code, dry.stderr).toBe(0);
    expect(tsvRows(dry.stdout).map((row) => row[0])).toEqual(['variants[0].price', 'variants[3].sku', 'subTitle']);
    const r = await cli(['product', 'edit', product.productId, '--file', patch, '--json'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const saved = JSON.parse(r.stdout);
    expect(saved.subTitle).toBe('Now softer');
    expect(saved.variants.map((v: any) => [v.variantId, v.price, v.sku])).toEqual([
      [a, '9.99', 'TT-RED-S'],
      [b, '19.99', 'TT-RED-M'],
      [c, '19.99', 'TT-BLUE-S'],
      [d, '19.99', 'TT-BLUE-M-2'],
    ]);
  });

  it("--option replaces the options: surviving variants keep their ids, new ones copy the first one's price", async () => {
    const product = await createProduct(s.sandbox, teeProduct());
    const r = await cli(['product', 'edit', product.productId, '--option', 'Color=Red,Green', '--option', 'Size=S,M', '--json'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const saved = JSON.parse(r.stdout);
    const titles = saved.variants.map((v: any) => v.options.map((o: any) => o.value.name).join('/'));
    expect(titles).toEqual(['Red/S', 'Red/M', 'Green/S', 'Green/M']);
    expect(saved.variants[0].variantId).toBe(product.variants[0].variantId);
    expect(saved.variants[1].variantId).toBe(product.variants[1].variantId);
    expect(saved.variants[2].price).toBe('19.99');
    expect(saved.variants.map((v: any) => v.variantId)).not.toContain(product.variants[2].variantId);
  });

  it('no change: says so, sends nothing, exits 0', async () => {
    const product = await createProduct(s.sandbox, teeProduct());
    log.clear();
    const r = await cli(['product', 'edit', product.productId, '--vendor', 'Acme'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/No change: product \d+ already has these values; nothing was sent\./);
    expect(writes(await log.take())).toEqual([]);
  });

  it('a product saved by get --json is a patch: its read-only fields change nothing and are not sent', async () => {
    const product = await createProduct(s.sandbox, { ...teeProduct(), categoryId: DEMO.categories.tops });
    const saved = JSON.parse((await cli(['product', 'get', product.productId, '--json'], { env: env() })).stdout);
    expect(saved.salesChannels).toBeDefined();
    expect(saved.productCategory).toBeDefined();
    log.clear();
    const same = await cli(['product', 'edit', product.productId, '--file', '-'], { env: env(), stdin: JSON.stringify(saved) });
    expect(same.code, same.stderr).toBe(0);
    expect(same.stderr).toMatch(/No change/);
    const dry = await cli(['product', 'edit', product.productId, '--file', '-', '--dry-run'], {
      env: env(),
      stdin: JSON.stringify({ ...saved, vendor: 'Globex' }),
    });
    expect(tsvRows(dry.stdout)).toEqual([['vendor', '"Acme"', '"Globex"']]);
    expect(writes(await log.take())).toEqual([]);
  });

  describe('refusals, nothing sent', () => {
    it('no flags and no file', async () => {
      log.clear();
      expectUsageError(await cli(['product', 'edit', DEMO.tshirt], { env: env() }), '--file');
      expect(await log.take()).toEqual([]);
    });

    it('a bad patch names the file and the JSON path', async () => {
      const path = file('bad-patch.json', { variants: [{ price: 'cheap' }] });
      log.clear();
      const r = await cli(['product', 'edit', DEMO.tshirt, '--file', path], { env: env() });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`error: ${path}: variants[0].price: must be a decimal amount like "19.99" (got "cheap").\n`);
      expect(await log.take()).toEqual([]);
    });

    it('an unknown variantId in the patch, an ambiguous collection: exit 2 after reads only', async () => {
      const product = await createProduct(s.sandbox, teeProduct());
      log.clear();
      const unknown = await cli(['product', 'edit', product.productId, '--file', file('ghost.json', { variants: [{ variantId: '1', price: '1.00' }] })], {
        env: env(),
      });
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/ghost\.json: variants\[0\]\.variantId: product \d+ has no variant 1\./);
      const ambiguous = await cli(['product', 'edit', product.productId, '--collection', 'summer'], { env: env() });
      expect(ambiguous.code).toBe(2);
      expect(ambiguous.stderr).toMatch(/Collection 'summer' is ambiguous/);
      expect(writes(await log.take())).toEqual([]);
    });
  });

  it('an unknown id exits 1 (404); a token without write_products exits 4', async () => {
    const unknown = await cli(['product', 'edit', '4999999999999999999', '--price', '1'], { env: env() });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/404/);
    const reader = await cli(['product', 'edit', DEMO.tshirt, '--price', '1'], { env: { ...s.env, STORE_CLI_TOKEN: 'reader-token-0002' } });
    expect(reader.code).toBe(4);
    expect(reader.stderr).toMatch(/403/);
  });
});
