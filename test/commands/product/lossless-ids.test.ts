// A store that writes ids as bare JSON numbers beyond 2^53: every product command keeps
// each digit, and an edit sends the ids back exactly as read.
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { call, requestLog } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { teeProduct } from './_products.js';

describe('product commands with ids as JSON numbers', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', idsAs: 'number', onRequest: log.hook });

  it('get --json keeps the bare numbers digit-exact', async () => {
    const r = await cli(['product', 'get', '4000000000000000401', '--json', 'productId,categoryId,collections'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('"productId":4000000000000000401');
    expect(r.stdout).toContain('"categoryId":4000000000000000212');
    expect(JSON.parse(r.stdout).collections).toBe('[4000000000000000304,4000000000000000317,4000000000000000322]');
  });

  it('create by names, then edit: the variant ids come back unchanged', async () => {
    const created = await cli(['product', 'create', '--file', '-', '--category', 'tops', '--collection', 'best sellers', '--json'], {
      env: s.env,
      stdin: JSON.stringify(teeProduct('Numbers')),
    });
    expect(created.code, created.stderr).toBe(0);
    const productId = /"productId":(\d+)/.exec(created.stdout)![1]!;
    const variantIds = [...created.stdout.matchAll(/"variantId":(\d+)/g)].map((m) => m[1]);
    expect(variantIds).toHaveLength(4);
    expect(created.stdout).toContain('"categoryId":4000000000000000207');

    const edited = await cli(['product', 'edit', productId, '--price', '5.00', '--json', 'variants'], { env: s.env });
    expect(edited.code, edited.stderr).toBe(0);
    expect([...edited.stdout.matchAll(/"variantId":(\d+)/g)].map((m) => m[1])).toEqual(variantIds);
    const stored = (await call(s.sandbox, 'GET', `/products/${productId}`)).text;
    expect([...stored.matchAll(/"variantId":(\d+)/g)].map((m) => m[1])).toEqual(variantIds);
    expect([...stored.matchAll(/"price":"([\d.]+)"/g)].map((m) => m[1])).toEqual(['5.00', '5.00', '5.00', '5.00']);
  });

  it('the terminal summary names collections read from numeric JSON-array text', async () => {
    const r = await cli(['product', 'get', '4000000000000000401', '--no-color'], { env: s.env, tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^COLLECTIONS\s+Summer Sale \(id 4000000000000000304\), Summer Essentials/m);
  });
});
