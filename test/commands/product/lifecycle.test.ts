// The product flow against a demo sandbox started here, in both dialects: creating by names,
// reading, listing, a dry-run edit, an edit, and deleting. It ran as spawned processes
// before; test/e2e/smoke.test.ts keeps one run of the bundle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { runLogged, startLogged, type LoggedSandbox } from '../../helpers/logged-sandbox.js';
import { STACK_LINE } from '../../helpers/stack-trace.js';
import { api, methodAndPath } from '../../helpers/store-request.js';

let sandbox: LoggedSandbox;

/** Runs the CLI and returns its result with the requests the sandbox logged meanwhile, as "METHOD /path". */
async function runSent(args: string[]) {
  const result = await runLogged(sandbox, args);
  return { ...result, requests: result.requests.map(methodAndPath) };
}

describe.each(DIALECTS)('the product flow (%s dialect)', (dialect) => {
  beforeAll(async () => {
    sandbox = await startLogged({ dialect, seed: 'demo', tokens: ['t', 'reader:read_products'].map(parseTokenSpec) });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  let productId = '';

  it('create by names: category and collections looked up, one POST', async () => {
    const r = await runSent([
      'product',
      'create',
      '--title',
      'E2E Linen Shirt',
      '--category',
      'T-Shirts',
      '--collection',
      'summer sale',
      '--collection',
      'new arrivals',
      '--option',
      'Size=S,M',
      '--price',
      '39.00',
      '--sku',
      'LIN',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const created = JSON.parse(r.stdout);
    productId = created.productId;
    expect(productId).toMatch(/^\d+$/);
    expect(created.categoryId).toBe('4000000000000000212');
    expect(JSON.parse(created.collections)).toEqual(['4000000000000000304', '4000000000000000311']);
    expect(created.variants.map((v: { sku: string }) => v.sku)).toEqual(['LIN-S', 'LIN-M']);
    expect(r.requests.filter((q) => q.startsWith('POST'))).toEqual(['POST /api/202412/products']);
    expect(r.requests.filter((q) => q.startsWith('GET')).sort()).toEqual([
      'GET /api/202412/category/search',
      'GET /api/202412/collections',
      'GET /api/202412/collections',
    ]);
  });

  it('collection list: types named custom/smart, --json as the store sent them, --collection-type as the code', async () => {
    const piped = await cli(['collection', 'list', '--title', 'summer'], { env: sandbox.env() });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toMatch(/^4000000000000000304\tSummer Sale\tcustom\t\d+\ttrue\n4000000000000000317\tSummer Essentials\tcustom\t\d+\ttrue\n$/);
    const json = await runLogged(sandbox, ['collection', 'list', '--collection-type', 'smart', '--json', 'title,collectionType,published']);
    expect(json.requests.map((line) => line.split(' ')[1])).toEqual(['/api/202412/collections?collectionType=2']);
    expect(json.code, json.stderr).toBe(0);
    const [type, published] = dialect === 'real' ? [2, true] : ['2', 'true'];
    expect(JSON.parse(json.stdout)).toEqual([
      { title: 'New Arrivals', collectionType: type, published },
      { title: 'Best Sellers', collectionType: type, published },
    ]);
  });

  it('an ambiguous name exits 2 listing the candidates; a missing one too; nothing is created', async () => {
    const ambiguous = await runSent(['product', 'create', '--title', 'Nope', '--collection', 'summer']);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stdout).toBe('');
    expect(ambiguous.stderr).toMatch(/Collection 'summer' is ambiguous: Summer Sale \(id 4000000000000000304\), Summer Essentials \(id 4000000000000000317\)/);
    expect(ambiguous.stderr).not.toMatch(STACK_LINE);
    expect(ambiguous.requests).toEqual(['GET /api/202412/collections']);
    const missing = await runSent(['product', 'create', '--title', 'Nope', '--category', 'Shoes']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/No category matches 'Shoes'/);
    expect(missing.requests).toEqual(['GET /api/202412/category/search']);
  });

  it("get: piped, the product's fields then its variants as TSV; --json the product", async () => {
    const piped = await cli(['product', 'get', productId], { env: sandbox.env() });
    expect(piped.code, piped.stderr).toBe(0);
    const lines = piped.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`ID\t${productId}`);
    expect(lines[11]).toBe('VARIANTS\t2');
    expect(lines.slice(12).map((line) => line.split('\t').slice(2, 5))).toEqual([
      ['S', 'LIN-S', '39.00'],
      ['M', 'LIN-M', '39.00'],
    ]);
    expect(lines[12]!.split('\t')[0]).toBe(productId);
    const json = await cli(['product', 'get', productId, '--json', 'title,productCategory,salesChannels'], { env: sandbox.env() });
    expect(JSON.parse(json.stdout)).toEqual({
      title: 'E2E Linen Shirt',
      productCategory: { categoryId: '4000000000000000212', categoryName: 'T-Shirts' },
      salesChannels: [{ salesChannelCode: 'online_store' }],
    });
  });

  it('product list --all across pages, filters, --json fields, an empty listing; product count', async () => {
    const every = await runLogged(sandbox, ['product', 'list', '--all', '--limit', '2', '--json', 'productId,title']);
    expect(every.code, every.stderr).toBe(0);
    expect(every.stderr).toBe('');
    const listed = JSON.parse(every.stdout) as { productId: string; title: string }[];
    expect(listed.map((p) => p.title)).toEqual(['Organic Cotton T-Shirt', 'Stoneware Coffee Mug', 'Packable Rain Jacket', 'E2E Linen Shirt']);
    expect(listed[3]!.productId).toBe(productId);
    const pages = every.requests.map((line) => line.split(' ')[1]!);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toBe('/api/202412/products?limit=2');
    expect(pages[1]).toMatch(/^\/api\/202412\/products\?limit=2&pageToken=[\w-]+$/);

    const piped = await cli(['product', 'list', '--collection', 'new arrivals', '--status', 'active'], { env: sandbox.env() });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toBe(
      `4000000000000000431\tStoneware Coffee Mug\tactive\tHarbor Ceramics\tnormal\t4000000000000000249\t2\t18.50\n${productId}\tE2E Linen Shirt\tactive\t\tnormal\t4000000000000000212\t2\t39.00\n`,
    );
    const byCategory = await cli(['product', 'list', '--category', 'T-Shirts', '--jsonl', 'title'], { env: sandbox.env() });
    expect(byCategory.stdout).toBe('{"title":"Organic Cotton T-Shirt"}\n{"title":"E2E Linen Shirt"}\n');
    expect(await cli(['product', 'list', '--title', 'no such thing'], { env: sandbox.env() })).toMatchObject({ code: 0, stdout: '', stderr: '' });

    const count = await cli(['product', 'count'], { env: sandbox.env() });
    expect(count).toMatchObject({ code: 0, stdout: '4\n', stderr: '' });
    const drafts = await cli(['product', 'count', '--status', 'draft', '--json'], { env: sandbox.env() });
    expect(JSON.parse(drafts.stdout)).toEqual({ count: 1 });
    const refused = await runLogged(sandbox, ['product', 'list', '--page-token', 'abc', '--status', 'draft']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--page-token cannot be combined with --status: filters go on the first page only/);
    expect(refused.requests).toEqual([]);
  });

  it('edit --dry-run prints the diff and sends no PUT; edit then saves', async () => {
    const dry = await runSent(['product', 'edit', productId, '--price', '44.00', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe('variants[0].price\t"39.00"\t"44.00"\nvariants[1].price\t"39.00"\t"44.00"\n');
    expect(dry.requests).toEqual([`GET /api/202412/products/${productId}`]);
    const saved = await runSent(['product', 'edit', productId, '--price', '44.00', '--json', 'variants']);
    expect(saved.code, saved.stderr).toBe(0);
    expect(JSON.parse(saved.stdout).variants.map((v: { price: string }) => v.price)).toEqual(['44.00', '44.00']);
    expect(saved.requests.filter((q) => !q.startsWith('GET'))).toEqual([`PUT /api/202412/products/${productId}`]);
  });

  it('a read-only token cannot edit (exit 4); delete needs --yes without a terminal, then deletes', async () => {
    const reader = await cli(['product', 'edit', productId, '--title', 'X'], { env: sandbox.env({ STORE_CLI_TOKEN: 'reader' }) });
    expect(reader.code).toBe(4);
    const refused = await runSent(['product', 'delete', productId]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--yes/);
    expect(refused.requests).toEqual([]);
    const deleted = await runSent(['product', 'delete', productId, '--yes']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.requests).toEqual([`DELETE /api/202412/products/${productId}`]);
    expect((await api(sandbox, 'GET', `/products/${productId}`)).status).toBe(404);
    const again = await cli(['product', 'get', productId], { env: sandbox.env() });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/404/);
  });
});
