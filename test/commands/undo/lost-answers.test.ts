// Bulk creates whose answers are lost (the store made the object, the connection was cut
// before its answer came back: test/helpers/lossy-proxy.ts) or that the store failed: never a
// second product, and a journal that says what the run made, so that undo takes it all back.
import { describe, expect, it } from 'vitest';
import { useLossyProxy } from '../../helpers/lossy-proxy.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { call, freshCode } from '../_support.js';
import { file, newProducts, productCount, products, runIdOf, runner } from './_runs.js';

const PRODUCTS = '/api/202412/products';

describe('product import when create answers are lost', () => {
  const s = useSandbox({ seed: 'demo' });
  const proxy = useLossyProxy(() => s.sandbox);

  it('50 new handles with every third answer lost: 50 products, each once, all journaled; undo removes all 50', async () => {
    const { run } = runner(() => proxy.env);
    let creates = 0;
    proxy.use((request) => request.method === 'POST' && request.path === PRODUCTS && ++creates % 3 === 1);
    const before = await productCount(s.sandbox);
    const lostBefore = proxy.lost;
    const imported = await run(['product', 'import', newProducts('lost-a', 50), '--json']);
    const runId = runIdOf(imported);
    expect(proxy.lost - lostBefore).toBe(17);
    expect(JSON.parse(imported.stdout)).toMatchObject({ rows: 50, created: 50, failed: 0 });
    expect(await productCount(s.sandbox)).toBe(before + 50);
    const handles = (await products(s.sandbox)).map((p) => String(p.title)).filter((title) => title.startsWith('lost-a '));
    expect(handles.sort()).toEqual(Array.from({ length: 50 }, (_, i) => `lost-a ${i}`).sort());

    proxy.use(() => false);
    const undone = await run(['undo', runId, '--yes', '--json']);
    expect(undone.code, undone.stderr).toBe(0);
    expect(JSON.parse(undone.stdout)).toMatchObject({ deleted: 50, leftAlone: 0 });
    expect(await productCount(s.sandbox)).toBe(before);
  });

  it('the store answers 503 (done, having made nothing): looked up, not found, sent again; every product made once, none failed', async () => {
    const { run } = runner(() => proxy.env);
    let creates = 0;
    proxy.use((request) => request.method === 'POST' && request.path === PRODUCTS && ++creates % 3 === 1 && 'fail');
    const before = await productCount(s.sandbox);
    const imported = await run(['product', 'import', newProducts('fail-a', 30), '--json', '--concurrency', '1']);
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ rows: 30, created: 30, failed: 0 });
    expect(await productCount(s.sandbox)).toBe(before + 30);
  });

  it('a connection cut before any answer (the create may still be under way): looked up, not found, the rows fail as "may have been created"; a re-run makes them, never twice', async () => {
    const { run } = runner(() => proxy.env);
    let creates = 0;
    proxy.use((request) => request.method === 'POST' && request.path === PRODUCTS && ++creates % 4 === 1 && 'drop');
    const before = await productCount(s.sandbox);
    const path = newProducts('drop-a', 20);
    // One create at a time: with eight in flight, three drops can come back before any success,
    // and three failures in a row end the run (exit 1) before the rows this test counts.
    const imported = await run(['product', 'import', path, '--json', '--concurrency', '1']);
    expect(imported.code).toBe(3);
    expect(JSON.parse(imported.stdout)).toMatchObject({ rows: 20, created: 15, failed: 5 });
    expect(imported.stderr).toContain('The product may have been created anyway; a re-run finds it by its handle (or SKU) and leaves it alone, or makes it\n');
    expect(await productCount(s.sandbox)).toBe(before + 15);

    proxy.use(() => false);
    const again = await run(['product', 'import', path, '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ rows: 20, created: 5, unchanged: 15 });
    expect(await productCount(s.sandbox)).toBe(before + 20);
  });
});

describe('gift card and metafield imports when create answers are lost', () => {
  const s = useSandbox({ seed: 'demo' });
  const proxy = useLossyProxy(() => s.sandbox);

  it("gift cards made by a lost attempt (the resend found the code taken) are the run's: undo disables them", async () => {
    const { run } = runner(() => proxy.env);
    const codes = [freshCode('LOSTA'), freshCode('LOSTB'), freshCode('LOSTC')];
    const path = file('cards.csv', `code,initialValue\n${codes.map((code) => `${code},10.00`).join('\n')}\n`);
    let creates = 0;
    proxy.use((request) => request.method === 'POST' && request.path === '/api/202412/gift_cards' && ++creates <= 3);
    const runId = runIdOf(await run(['giftcard', 'import', path, '--json']));
    proxy.use(() => false);
    const undone = await run(['undo', runId, '--yes', '--json']);
    expect(undone.code, undone.stderr).toBe(0);
    expect(JSON.parse(undone.stdout)).toMatchObject({ disabled: 3, leftAlone: 0 });
    for (const code of codes) {
      const [card] = JSON.parse((await call(s.sandbox, 'GET', `/gift_cards/search?lastCharacters=${code.slice(-4)}`)).text).giftCards as Array<{
        disableTime?: string;
      }>;
      expect(card?.disableTime).toBeTruthy();
    }
  });

  it('metafield values made by a lost create: counted created and undone when the object was read first; named, never "as before", when it was not', async () => {
    const { run } = runner(() => proxy.env);
    const ids = ['4000000000000000401', '4000000000000000431'];
    const values = async (id: string) =>
      JSON.parse((await call(s.sandbox, 'GET', `/metafields/products/${id}`)).text).metafields as Array<{ namespace: string; code: string }>;
    let posts = 0;
    proxy.use((request) => request.method === 'POST' && request.path.startsWith('/api/202412/metafields/') && ++posts <= 2);
    const rows = ids.map((id) => `products,${id},lost,kept,v${id}`);
    const imported = await run(['metafield', 'import', file('values.csv', `domain,bizId,namespace,code,value\n${rows.join('\n')}\n`), '--json']);
    const runId = runIdOf(imported);
    proxy.use(() => false);
    const undone = await run(['undo', runId, '--yes', '--json']);
    const counts = JSON.parse(undone.stdout) as { deleted: number; leftAlone: number; asBefore: number };
    // Each value is either taken back (the run knew it made it) or named as not known: none is
    // left in place while undo says the store is as before the run.
    expect(counts.asBefore).toBe(0);
    expect(counts.deleted + counts.leftAlone).toBe(2);
    for (const id of ids) {
      const held = (await values(id)).some((v) => v.namespace === 'lost' && v.code === 'kept');
      if (held) expect(undone.stderr).toContain(`products/${id}/lost.kept: the answer to the run's create of it was lost`);
    }
    expect(undone.code).toBe(counts.leftAlone > 0 ? 3 : 0);
  });
});
