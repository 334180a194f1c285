// product count without a count endpoint: Genstore's product page documents none, so against
// the sandbox's real dialect the listing is counted, and /products/count is never asked; a
// store of the service family is asked its count. When nothing names the family, one read of
// the token's scopes settles it before any product path is sent. And the listing's filters, which the docs do not show, checked by the client
// against a store that ignores them.
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { useIgnoringProxy } from '../../helpers/ignoring-proxy.js';
import { requestLog, tsvRows } from '../_support.js';
import { createProduct } from './_products.js';

const productPaths = (lines: Array<{ path: string }>) => lines.map((q) => q.path).filter((path) => path.startsWith('/api/202412/products'));

describe("the sandbox's real dialect: no product count route", () => {
  const log = requestLog();
  const s = useSandbox({ dialect: 'real', seed: 'demo', onRequest: log.hook });

  it('product count equals the lines of product list --all, and the store is never asked /products/count', async () => {
    for (let i = 0; i < 4; i += 1)
      await createProduct(s.sandbox, { title: `Count Lamp ${i}`, status: i % 2 === 0 ? 'draft' : 'active', variants: [{ price: '10.00' }] });
    log.clear();
    const listed = await cli(['product', 'list', '--all'], { env: s.env });
    expect(listed.code, listed.stderr).toBe(0);
    const lines = listed.stdout.trimEnd().split('\n').length;
    const counted = await cli(['product', 'count'], { env: s.env });
    expect(counted.code, counted.stderr).toBe(0);
    expect(counted.stdout).toBe(`${lines}\n`);
    const drafts = await cli(['product', 'count', '--status', 'draft', '--json'], { env: s.env });
    expect(JSON.parse(drafts.stdout)).toEqual({ count: tsvRows((await cli(['product', 'list', '--all', '--status', 'draft'], { env: s.env })).stdout).length });
    const paths = productPaths(await log.take());
    expect(paths.filter((path) => path.includes('/products/count'))).toEqual([]);
    // The count reads the largest pages.
    expect(paths).toContain('/api/202412/products?limit=250');
  });
});

describe('the family nothing names is settled first: the count route for a service store, the listing for a Genstore one', () => {
  const log = requestLog();
  const s = useSandbox({ dialect: 'service', seed: 'demo', onRequest: log.hook });
  const real = useSandbox({ dialect: 'real', seed: 'demo', onRequest: log.hook });
  const paths = async () => (await log.take()).map((q) => q.path);

  it('STORE_CLI_BRAND=service asks products/count at once; unnamed, the scopes are read first, then the count', async () => {
    log.clear();
    const named = await cli(['product', 'count'], { env: s.env });
    expect(named.stdout).toBe('3\n');
    expect(await paths()).toEqual(['/api/202412/products/count']);
    const unnamed = await cli(['product', 'count'], { env: { STORE_CLI_BASE_URL: s.sandbox.baseUrl, STORE_CLI_TOKEN: s.sandbox.token } });
    expect(unnamed.stdout).toBe('3\n');
    expect(await paths()).toEqual(['/api/202412/oauth2/access_scopes', '/api/202412/products/count']);
  });

  it('a Genstore store nothing names (its own domain): found from the scopes read, then its listing counted, never /products/count', async () => {
    log.clear();
    const unnamed = await cli(['product', 'count'], { env: { STORE_CLI_BASE_URL: real.sandbox.baseUrl, STORE_CLI_TOKEN: real.sandbox.token } });
    expect(unnamed.code, unnamed.stderr).toBe(0);
    expect(unnamed.stdout).toBe('3\n');
    const sent = await paths();
    expect(sent[0]).toBe('/api/202412/oauth2/access_scopes');
    expect(productPaths(sent.map((path) => ({ path })))).toEqual(['/api/202412/products?limit=250']);
  });
});

describe('product filters against a store that ignores them (real dialect)', () => {
  const s = useSandbox({ dialect: 'real', seed: 'demo' });
  const store = useIgnoringProxy(() => s.sandbox, ['limit', 'pageToken']);
  const env = () => ({ STORE_CLI_BASE_URL: store.baseUrl, STORE_CLI_TOKEN: s.sandbox.token, STORE_CLI_BRAND: 'genstore' });

  it('title, status and collection are sent, ignored, and checked by the client on each product', async () => {
    store.take();
    const mugs = await cli(['product', 'list', '--title', 'MUG', '--json', 'title'], { env: env() });
    expect(mugs.code, mugs.stderr).toBe(0);
    expect(JSON.parse(mugs.stdout)).toEqual([{ title: 'Stoneware Coffee Mug' }]);
    expect(store.take()).toEqual(['/api/202412/products']);
    const drafts = await cli(['product', 'list', '--status', 'draft', '--all', '--json', 'status'], { env: env() });
    expect(JSON.parse(drafts.stdout)).toEqual([{ status: 'draft' }]);
    expect((await cli(['product', 'count', '--status', 'active'], { env: env() })).stdout).toBe('2\n');
    expect((await cli(['product', 'count', '--collection', '4000000000000000311'], { env: env() })).stdout).toBe('2\n'); // of the three
  });
});
