// product list and product count against the sandbox, in both dialects: pages, --all, the
// filters the store takes (title, status, collectionId as query parameters) and the one it
// does not (category: filtered by the client over every page), output forms, and the
// paging rule (--page-token alone).
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { call, compareIds, expectUsageError, requestLog, stripAnsi, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { createProduct, DEMO } from './_products.js';

const MUG = '4000000000000000431';
const JACKET = '4000000000000000451';
const MUGS_CATEGORY = '4000000000000000249';

describe.each(DIALECTS)('product list and count (%s dialect)', (dialect) => {
  const log = requestLog();
  const s = useSandbox({
    dialect,
    seed: 'demo',
    onRequest: log.hook,
    tokens: [
      parseTokenSpec('full-token-0001'),
      parseTokenSpec('reader-0002:read_products'),
      parseTokenSpec('writer-0003:write_products'),
      parseTokenSpec('gift-token-0004:read_gift_card'),
    ],
  });
  const env = (token = 'full-token-0001') => ({ ...s.env, STORE_CLI_TOKEN: token });
  const list = (args: string[], options: { tty?: boolean; token?: string } = {}) =>
    cli(['product', 'list', ...args], { env: env(options.token), ...(options.tty ? { tty: true, columns: 160 } : {}) });
  const queries = async () => (await log.take()).filter((q) => q.path.startsWith('/api/202412/products')).map((q) => q.path);
  const paramsOf = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);

  /** The demo's three products and ten more "Lamp" products (five in Summer Sale, drafts every third), ascending. */
  let all: string[] = [];
  let lamps: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 10; i += 1) {
      const product = await createProduct(s.sandbox, {
        title: `Lamp ${i}`,
        status: i % 3 === 0 ? 'draft' : 'active',
        categoryId: MUGS_CATEGORY,
        collections: JSON.stringify(i % 2 === 0 ? [DEMO.collections.summerSale] : []),
        variants: [{ price: `${10 + i}.50` }],
      });
      lamps.push(String(product.productId));
    }
    lamps = lamps.sort(compareIds);
    all = [DEMO.tshirt, MUG, JACKET, ...lamps].sort(compareIds);
  });

  it('one page piped: TSV rows in the documented column order, the store default page', async () => {
    log.clear();
    const r = await list([]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const rows = tsvRows(r.stdout);
    expect(rows.map((row) => row[0])).toEqual(all);
    // id, title, status, vendor, type, category, number of variants, price (lowest..highest)
    expect(rows[0]).toEqual([DEMO.tshirt, 'Organic Cotton T-Shirt', 'active', 'Northwind Apparel', 'normal', DEMO.categories.tShirts, '4', '24.00']);
    expect(rows.find((row) => row[0] === lamps[1])).toEqual([lamps[1], 'Lamp 1', 'active', '', 'normal', MUGS_CATEGORY, '1', '11.50']);
    expect(await queries()).toEqual(['/api/202412/products']);
  });

  it('--all --limit 4 follows every page, each page after the first asked with its token and limit alone', async () => {
    log.clear();
    const r = await list(['--all', '--limit', '4', '--json', 'productId']);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { productId: string }[]).map((p) => p.productId)).toEqual(all);
    const sent = await queries();
    expect(sent).toHaveLength(4);
    expect(paramsOf(sent[0]!)).toEqual({ limit: '4' });
    for (const path of sent.slice(1)) expect(Object.keys(paramsOf(path)).sort()).toEqual(['limit', 'pageToken']);
  });

  it('--all --jsonl streams one product per line; --json fields keep only those, as the store sent them', async () => {
    const jsonl = await list(['--all', '--limit', '5', '--jsonl', 'productId,title']);
    expect(jsonl.code, jsonl.stderr).toBe(0);
    const lines = jsonl.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(all.length);
    expect(JSON.parse(lines[0]!)).toEqual({ productId: DEMO.tshirt, title: 'Organic Cotton T-Shirt' });
    const json = await list(['--title', 'mug', '--json']);
    const [mug] = JSON.parse(json.stdout) as Record<string, unknown>[];
    const stored = JSON.parse((await call(s.sandbox, 'GET', `/products/${MUG}`)).text).product;
    // The listing's product is the create/edit form: the single read adds salesChannels and productCategory.
    for (const key of Object.keys(mug!)) expect(mug![key]).toEqual(stored[key]);
    expect(Object.keys(mug!)).toContain('variants');
    expectUsageError(await list(['--json', 'productId,bogus']), 'bogus');
  });

  it('--title, --status and --collection (by name) go to the store as title, status and collectionId', async () => {
    log.clear();
    const r = await list(['--title', 'LAMP', '--status', 'draft', '--collection', 'summer sale', '--json', 'productId']);
    expect(r.code, r.stderr).toBe(0);
    // Lamps 0 and 6 are drafts in Summer Sale (3 is a draft, in no collection; 9 a draft, in none).
    expect((JSON.parse(r.stdout) as { productId: string }[]).map((p) => p.productId)).toEqual([lamps[0], lamps[6]]);
    const paths = (await log.take()).map((q) => q.path);
    expect(paths).toEqual([
      '/api/202412/collections?title=summer+sale',
      `/api/202412/products?title=LAMP&status=draft&collectionId=${DEMO.collections.summerSale}`,
    ]);
    const byId = await list(['--collection', DEMO.collections.newArrivals, '--json', 'productId']);
    expect((JSON.parse(byId.stdout) as { productId: string }[]).map((p) => p.productId)).toEqual([MUG, JACKET]);
  });

  it('--category (by name) is filtered by the client over every page: the store gets no category', async () => {
    log.clear();
    const r = await list(['--category', 'mugs', '--limit', '4', '--json', 'productId']);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { productId: string }[]).map((p) => p.productId)).toEqual([MUG, ...lamps]);
    const sent = (await log.take()).map((q) => q.path);
    expect(sent[0]).toBe('/api/202412/category/search?categoryName=mugs');
    const listings = sent.slice(1);
    expect(listings).toHaveLength(4); // every page of 4, though no --all was given
    for (const path of listings) expect(path).not.toMatch(/categor/i);
    const tops = await list(['--category', DEMO.categories.tShirts, '--status', 'active', '--json', 'productId']);
    expect(JSON.parse(tops.stdout)).toEqual([{ productId: DEMO.tshirt }]);
  });

  it('a name that matches no collection or several exits 2 and lists nothing', async () => {
    log.clear();
    const ambiguous = await list(['--collection', 'summer']);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stdout).toBe('');
    expect(ambiguous.stderr).toMatch(
      /Collection 'summer' is ambiguous: Summer Sale \(id 4000000000000000304\), Summer Essentials \(id 4000000000000000317\); pass an id or the exact name to --collection/,
    );
    const missing = await list(['--category', 'no such category']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/No category matches 'no such category' \(--category\)/);
    expect((await log.take()).filter((q) => q.path.startsWith('/api/202412/products'))).toEqual([]);
  });

  it('an empty listing succeeds: nothing piped, [] with --json, a sentence in a terminal', async () => {
    const piped = await list(['--title', 'zzz']);
    expect(piped).toEqual({ code: 0, stdout: '', stderr: '' });
    expect((await list(['--title', 'zzz', '--json'])).stdout).toBe('[]\n');
    const tty = await list(['--title', 'zzz'], { tty: true });
    expect(tty.code).toBe(0);
    expect(stripAnsi(tty.stderr)).toContain('No products match.');
  });

  it('a terminal shows a table and, after one page of several, the token for the next', async () => {
    const first = await list(['--limit', '5'], { tty: true });
    expect(first.code, first.stderr).toBe(0);
    const screen = stripAnsi(first.stdout);
    expect(screen).toMatch(/^ID\s+TITLE\s+STATUS\s+VENDOR\s+TYPE\s+CATEGORY\s+VARIANTS\s+PRICE\n/);
    expect(screen).toMatch(
      new RegExp(`${DEMO.tshirt}\\s+Organic Cotton T-Shirt\\s+active\\s+Northwind Apparel\\s+normal\\s+${DEMO.categories.tShirts}\\s+4\\s+24.00`),
    );
    const hint = /add --page-token (\S+) for the next page/.exec(stripAnsi(first.stderr));
    expect(hint, first.stderr).not.toBeNull();
    const second = await list(['--limit', '5', '--page-token', hint![1]!, '--json', 'productId']);
    expect(second.code, second.stderr).toBe(0);
    expect((JSON.parse(second.stdout) as { productId: string }[]).map((p) => p.productId)).toEqual(all.slice(5, 10));
    // After a filtered page, the token goes alone and still lists with the filter.
    const drafts = await list(['--status', 'draft', '--limit', '2'], { tty: true });
    const token = /run it again with --page-token (\S+) instead of the filters/.exec(stripAnsi(drafts.stderr));
    expect(token, drafts.stderr).not.toBeNull();
    const rest = await list(['--all', '--page-token', token![1]!, '--json', 'productId,status']);
    expect(rest.code, rest.stderr).toBe(0);
    for (const p of JSON.parse(rest.stdout) as { status: string }[]) expect(p.status).toBe('draft');
    // Piped, the same line on stderr: a script can tell it got one page of several.
    const piped = await list(['--limit', '5', '--json', 'productId']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stderr).toMatch(/^More products match: add --page-token \S+ for the next page, or --all for every page\.\n$/);
  });

  it('at 80 columns: the category id, the type and the vendor give way before the title, which stays whole; one line a product', async () => {
    const r = await cli(['product', 'list', '--limit', '5'], { env: { ...env(), NO_COLOR: '1' }, tty: true, columns: 80 });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(lines[0]!.split(/\s{2,}/)).toEqual(['ID', 'TITLE', 'STATUS', 'VARIANTS', 'PRICE']);
    expect(lines[1]!.split(/\s{2,}/)).toEqual([DEMO.tshirt, 'Organic Cotton T-Shirt', 'active', '4', '24.00']);
    expect(r.stdout).not.toContain(DEMO.categories.tShirts);
  });

  it.each([
    [['--title', 'lamp'], '--title'],
    [['--status', 'draft'], '--status'],
    [['--collection', 'Summer Sale'], '--collection'],
    [['--category', 'mugs'], '--category'],
  ])('--page-token with %j exits 2 naming the filter; nothing is sent', async (filter, named) => {
    log.clear();
    const r = await list(['--page-token', 'eyJ2IjoxfQ', '--limit', '5', ...filter]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`--page-token cannot be combined with ${named}: filters go on the first page only (the page token carries them)`);
    expect(await log.take()).toEqual([]);
  });

  it.each([
    [['--limit', '0'], '--limit'],
    [['--limit', '251'], '--limit'],
    [['--limit', 'x'], '--limit'],
    [['--status', 'published'], '--status'],
    [['--page-token', ''], '--page-token'],
  ])('%j exits 2 naming the flag; nothing is sent', async (args, flag) => {
    log.clear();
    expectUsageError(await list(args), flag);
    expect(await log.take()).toEqual([]);
  });

  it('count: all products, or those the filters match (category counted by the client)', async () => {
    const count = (args: string[], token?: string) => cli(['product', 'count', ...args], { env: env(token) });
    log.clear();
    expect(await count([])).toEqual({ code: 0, stdout: `${all.length}\n`, stderr: '' });
    expect((await count(['--json'])).stdout).toBe(`{"count":${all.length}}\n`);
    expect((await count(['--status', 'draft'])).stdout).toBe('5\n'); // the jacket and lamps 0, 3, 6, 9
    expect((await count(['--collection', 'summer sale', '--title', 'lamp'])).stdout).toBe('5\n');
    const counted = (await log.take()).map((q) => q.path);
    if (dialect === 'real') {
      // Genstore documents no product count: the listing is counted, in pages of 250, and /products/count is never asked.
      expect(counted.some((path) => path.startsWith('/api/202412/products/count'))).toBe(false);
      expect(counted).toContain(`/api/202412/products?limit=250&title=lamp&collectionId=${DEMO.collections.summerSale}`);
    } else expect(counted).toContain(`/api/202412/products/count?title=lamp&collectionId=${DEMO.collections.summerSale}`);
    expect((await count(['--category', 'mugs'])).stdout).toBe('11\n');
    expect((await count(['--category', 'mugs', '--status', 'draft'])).stdout).toBe('4\n');
    const byListing = (await log.take()).map((q) => q.path).filter((path) => path.startsWith('/api/202412/products'));
    expect(byListing.every((path) => !path.startsWith('/api/202412/products/count'))).toBe(true);
    expect(paramsOf(byListing[0]!)).toEqual({ limit: '250' });
  });

  it('either products scope lists and counts; a gift-card token exits 4', async () => {
    for (const token of ['reader-0002', 'writer-0003']) {
      expect((await list(['--title', 'mug', '--json', 'productId'], { token })).stdout).toContain(MUG);
      expect((await cli(['product', 'count'], { env: env(token) })).code).toBe(0);
    }
    const refused = await list([], { token: 'gift-token-0004' });
    expect(refused.code).toBe(4);
    expect((await cli(['product', 'count'], { env: env('gift-token-0004') })).code).toBe(4);
  });
});
