import { describe, expect, it } from 'vitest';
import { cli, liveCli } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { call, expectUsageError, requestLog, stripAnsi } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { createProduct, teeProduct, writes } from './_products.js';

describe('product delete', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });
  const exists = async (id: string) => (await call(s.sandbox, 'GET', `/products/${id}`)).status === 200;

  it('--yes deletes: nothing on stdout, the product is gone', async () => {
    const product = await createProduct(s.sandbox, teeProduct('Doomed'));
    log.clear();
    const r = await cli(['product', 'delete', product.productId, '--yes'], { env: s.env });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await log.take()).toEqual([{ method: 'DELETE', path: `/api/202412/products/${product.productId}`, status: 200 }]);
    expect(await exists(product.productId)).toBe(false);
  });

  it('without --yes and without a terminal: exit 2 naming --yes, nothing sent', async () => {
    const product = await createProduct(s.sandbox, teeProduct());
    log.clear();
    expectUsageError(await cli(['product', 'delete', product.productId], { env: s.env }), '--yes');
    expect(await log.take()).toEqual([]);
    expect(await exists(product.productId)).toBe(true);
  });

  it('in a terminal asks, naming the title; declined: exit 2 and nothing deleted', async () => {
    const product = await createProduct(s.sandbox, teeProduct('Keep Me'));
    log.clear();
    const r = await liveCli(['product', 'delete', product.productId], { env: s.env, tty: true, stdin: 'n\n' }).done;
    expect(r.code).toBe(2);
    expect(stripAnsi(r.stderr)).toContain(`Delete product ${product.productId} (Keep Me)? This cannot be undone.`);
    expect(stripAnsi(r.stderr)).toMatch(/\(y\/N\)/);
    expect(stripAnsi(r.stderr)).toMatch(/nothing was sent/);
    expect(writes(await log.take())).toEqual([]);
    expect(await exists(product.productId)).toBe(true);
  });

  it('in a terminal, accepted: deleted, confirmed on stderr', async () => {
    const product = await createProduct(s.sandbox, teeProduct('Bye'));
    const r = await liveCli(['product', 'delete', product.productId], { env: s.env, tty: true, stdin: 'y\n' }).done;
    expect(r.code, r.stderr).toBe(0);
    expect(stripAnsi(r.stderr)).toContain(`Deleted product ${product.productId} (Bye).`);
    expect(await exists(product.productId)).toBe(false);
  });

  it('an unknown id exits 1 (404)', async () => {
    const r = await cli(['product', 'delete', '4999999999999999999', '--yes'], { env: s.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: .*404/);
    expectNoStackTrace(r.stderr);
  });
});
