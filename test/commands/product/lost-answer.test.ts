import { describe, expect, it } from 'vitest';
import { cli, liveCli } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { requestLog, waitFor } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { loseFirst, useLossyProxy } from '../../helpers/lossy-proxy.js';
import { DEMO } from './_products.js';

const CREATE = '/api/202412/products';

// A product has no unique key: a resend could make a second one. So create is never resent
// once the request may have reached the store; it says the product may exist and what to
// look for.
describe('product create when the answer may have been lost', () => {
  describe('the store applied it, the answer was lost on the way back', () => {
    const log = requestLog();
    const s = useSandbox({ seed: 'demo', onRequest: log.hook });
    const proxy = useLossyProxy(() => s.sandbox);

    it('exit 1: the product may have been created, naming its title and SKUs; sent once', async () => {
      proxy.use(loseFirst('POST', CREATE, 1));
      log.clear();
      const r = await cli(
        ['product', 'create', '--title', 'Lost Tee', '--category', DEMO.categories.tops, '--option', 'Size=S,M,L,XL', '--sku', 'LOST', '--price', '9.00'],
        { env: proxy.env },
      );
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expectNoStackTrace(r.stderr);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^error: Could not complete the POST request to the store at .*The product may have been created anyway\./);
      expect(r.stderr).toContain(
        `Look for a product titled "Lost Tee" (SKUs LOST-S, LOST-M, LOST-L and 1 more) ('store-cli product list --title "Lost Tee"', or the store's admin) before running create again: a second run would make a second product.`,
      );
      expect(proxy.lost).toBe(1);
      expect(await log.take()).toEqual([{ method: 'POST', path: CREATE, status: 200 }]);
    });

    it('interrupted (Ctrl-C) while waiting for the answer: exit 130, the product may have been created', async () => {
      proxy.use((request) => request.method === 'POST' && request.path === CREATE && 'hold');
      log.clear();
      const lostBefore = proxy.lost;
      const controller = new AbortController();
      const run = liveCli(['product', 'create', '--title', 'Held', '--category', DEMO.categories.tops, '--price', '2'], {
        env: proxy.env,
        signal: controller.signal,
      });
      await waitFor(() => (proxy.lost === lostBefore + 1 ? true : undefined), 5000, 'the create to reach the sandbox');
      controller.abort();
      const r = await run.done;
      expect(r.code).toBe(130);
      expect(r.stderr).toMatch(/^error: Interrupted\. The product may have been created anyway\. .*titled "Held"/);
      expect(await log.take()).toEqual([{ method: 'POST', path: CREATE, status: 200 }]);
    });
  });

  describe('the store answers 500', () => {
    const log = requestLog();
    const s = useSandbox({ seed: 'demo', failRate: 1, failKinds: ['500'], onRequest: log.hook });

    it('is not resent, and says the product may have been created', async () => {
      const r = await cli(['product', 'create', '--title', 'Faulty', '--category', DEMO.categories.tops, '--price', '1'], { env: s.env });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /^error: .*\(500 internal_error\).*The product may have been created anyway\. .*titled "Faulty" \('store-cli product list --title "Faulty"', or the store's admin\) before running create again/,
      );
      expect(await log.take()).toEqual([{ method: 'POST', path: CREATE, status: 500 }]);
    });
  });
});
