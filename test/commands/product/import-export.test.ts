// product export and product import between two stores of each dialect, against sandboxes
// started here: export from the demo store A, import into store B (the same categories,
// collections and locations, no products), export from B: the same bytes with --no-ids; a
// re-run sends no write (the sandbox's request log); --dry-run writes nothing; --rejects;
// --shard; a store injecting faults. The runs wait in simulated time (the rate limit, the
// retries). A run killed midway (SIGKILL) is test/e2e/kill-and-resume.test.ts's.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimClock } from '../../bulk/sim-clock.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { runLogged, startLogged, type LoggedSandbox } from '../../helpers/logged-sandbox.js';
import { untilDone } from '../../helpers/cli-in-process.js';
import { scratchDir } from '../../helpers/scratch.js';
import { api, methodAndPath } from '../../helpers/store-request.js';
import { catalogFile } from '../../helpers/product-catalog-file.js';

const writes = (requests: readonly string[]) => requests.map(methodAndPath).filter((line) => !line.startsWith('GET '));

/** A demo store without its products: its categories, collections and locations stay. */
async function emptied(store: LoggedSandbox): Promise<LoggedSandbox> {
  const listed = await api(store, 'GET', '/products?limit=250');
  for (const product of (listed.json as { products: Array<{ productId: unknown }> }).products) {
    expect((await api(store, 'DELETE', `/products/${String(product.productId)}`)).status).toBeLessThan(300);
  }
  return store;
}

describe.each(DIALECTS)('product export and import between two stores (%s dialect)', (dialect) => {
  let a: LoggedSandbox;
  let b: LoggedSandbox;
  let dir: string;
  const path = (name: string) => join(dir, name);

  beforeAll(async () => {
    [a, b] = await Promise.all([startLogged({ seed: 'demo', dialect }), startLogged({ seed: 'demo', dialect })]);
    await emptied(b);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('A -> B -> export with --no-ids: byte for byte; a re-run sends no write; --dry-run writes nothing', async () => {
    dir = scratchDir();
    const fromA = await a.run(['product', 'export', '--no-ids', '--metafields', '--output', path('a.csv')]);
    expect(fromA.code, fromA.stderr).toBe(0);
    expect(fromA.stderr).toMatch(/^Exported 3 products \(7 variants\) to .*a\.csv\.$/m);
    const text = readFileSync(path('a.csv'), 'utf8');
    const header = text.split('\n')[0]!;
    expect(header).toMatch(
      /^handle,title,status,category,collections,option1Name,option1Value,option2Name,option2Value,sku,barcode,price,compareOfPrice,weight,weightUnit,inventory:/,
    );
    expect(header).toContain('inventory:Main Warehouse');
    expect(header).toContain('metafield:custom.');
    expect(header).not.toContain('productId');
    expect(text).toContain(
      'organic-cotton-t-shirt,Organic Cotton T-Shirt,active,T-Shirts,Best Sellers; Summer Essentials; Summer Sale,Color,White,Size,S,TSH-WHT-S,',
    );

    const dry = await runLogged(b, ['product', 'import', path('a.csv'), '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('Dry run of');
    expect(dry.stderr).toContain('7 rows of 3 products: 7 to create, 0 to update, 0 unchanged, 0 failed');
    expect(writes(dry.requests)).toEqual([]);

    const into = await runLogged(b, ['product', 'import', path('a.csv'), '--json']);
    expect(into.code, into.stderr).toBe(0);
    expect(JSON.parse(into.stdout)).toMatchObject({ rows: 7, created: 7, failed: 0 });
    // One POST a product, and its metafield values in one batch.
    expect(writes(into.requests).filter((line) => line === 'POST /api/202412/products')).toHaveLength(3);

    const fromB = await b.run(['product', 'export', '--no-ids', '--metafields', '--output', path('b.csv')]);
    expect(fromB.code, fromB.stderr).toBe(0);
    expect(readFileSync(path('b.csv')).equals(readFileSync(path('a.csv')))).toBe(true);

    const again = await runLogged(b, ['product', 'import', path('b.csv'), '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ rows: 7, created: 0, updated: 0, unchanged: 7, failed: 0 });
    expect(again.stderr).toContain('Nothing to change');
    expect(writes(again.requests)).toEqual([]);
  });

  it('with ids and as JSON lines: the same rows but for the ids, and a re-import of its own export sends nothing', async () => {
    dir = scratchDir();
    const withIds = await a.run(['product', 'export']);
    expect(withIds.code, withIds.stderr).toBe(0);
    expect(withIds.stdout.split('\n')[0]).toMatch(/^handle,productId,title,.*,variantId,sku,/);
    const jsonl = await a.run(['product', 'export', '--jsonl', '--no-ids']);
    const lines = jsonl.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(7);
    expect(JSON.parse(lines[0]!)).toMatchObject({ handle: 'organic-cotton-t-shirt', title: 'Organic Cotton T-Shirt', sku: 'TSH-WHT-S', price: '24.00' });
    writeFileSync(path('a.jsonl'), jsonl.stdout);
    const back = await runLogged(a, ['product', 'import', path('a.jsonl'), '--key', 'sku', '--json']);
    expect(back.code, back.stderr).toBe(0);
    expect(JSON.parse(back.stdout)).toMatchObject({ rows: 7, unchanged: 7 });
    expect(writes(back.requests)).toEqual([]);
    // Piped: stdin starting with { is read as JSON lines.
    const piped = await runLogged(a, ['product', 'import', '-', '--json'], { stdin: jsonl.stdout });
    expect(piped.code, piped.stderr).toBe(0);
    expect(JSON.parse(piped.stdout)).toMatchObject({ rows: 7, unchanged: 7 });
    expect(writes(piped.requests)).toEqual([]);
    writeFileSync(path('ids.csv'), withIds.stdout);
    const byId = await runLogged(a, ['product', 'import', path('ids.csv'), '--key', 'id', '--json']);
    expect(JSON.parse(byId.stdout)).toMatchObject({ rows: 7, unchanged: 7 });
    expect(writes(byId.requests)).toEqual([]);
  });

  it('a change is one PUT of its product; an empty cell is left alone unless --empty-clears', async () => {
    dir = scratchDir();
    writeFileSync(path('price.csv'), 'sku,price,compareOfPrice,inventory:Main Warehouse\nMUG-SND,19.00,,99\n');
    const changed = await runLogged(a, ['product', 'import', path('price.csv'), '--key', 'sku', '--json']);
    expect(changed.code, changed.stderr).toBe(0);
    expect(JSON.parse(changed.stdout)).toMatchObject({ rows: 1, updated: 1 });
    expect(writes(changed.requests)).toEqual([expect.stringMatching(/^PUT \/api\/202412\/products\/\d+$/)]);
    const shown = await a.run(['product', 'export', '--no-ids']);
    expect(shown.stdout).toMatch(/^stoneware-coffee-mug,.*,MUG-SND,0012345678905,19\.00,,0\.42,kg,(\d*,){2}99$/m);

    writeFileSync(path('clear.csv'), 'sku,barcode\nMUG-SND,\n');
    const kept = await runLogged(a, ['product', 'import', path('clear.csv'), '--key', 'sku', '--json']);
    expect(JSON.parse(kept.stdout)).toMatchObject({ unchanged: 1 });
    expect(writes(kept.requests)).toEqual([]);
    const cleared = await a.run(['product', 'import', path('clear.csv'), '--key', 'sku', '--empty-clears', '--json']);
    expect(JSON.parse(cleared.stdout)).toMatchObject({ updated: 1 });
    expect((await a.run(['product', 'export', '--no-ids'])).stdout).toMatch(/^stoneware-coffee-mug,.*,MUG-SND,,19\.00,/m);
  });

  it('--rejects: the failed rows with their line and reason, the others applied; exit 3', async () => {
    dir = scratchDir();
    writeFileSync(path('bad.csv'), 'handle,title,category,price\nbad-price,Bad Price,,1.999\nno-category,No Category,Shoes,5\nfine-thing,Fine Thing,,5\n');
    const r = await a.run(['product', 'import', path('bad.csv'), '--rejects', path('rejects.csv'), '--json']);
    expect(r.code, r.stderr).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 3, created: 1, failed: 2 });
    expect(readFileSync(path('rejects.csv'), 'utf8')).toBe(
      'line,handle,title,category,price,reason\n' +
        '2,bad-price,Bad Price,,1.999,"the price ""1.999"" is not an amount such as 19.99 (at most 2 decimals)"\n' +
        "3,no-category,No Category,Shoes,5,No category matches 'Shoes' (the category column); 'store-cli category search' lists them\n",
    );
  });

  it('--dry-run without a store to read validates the rows only, and says so', async () => {
    dir = scratchDir();
    writeFileSync(path('offline.csv'), 'handle,price,inventory:Anywhere\ngood,5,1\nbad,1.234,1\n');
    const r = await a.run(['product', 'import', path('offline.csv'), '--dry-run'], {
      env: a.env({ STORE_CLI_BASE_URL: 'http://127.0.0.1:1' }),
      clock: new SimClock().autoAdvance(),
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(
      /Dry run of .*offline\.csv, the file alone \(the store could not be read: .*\): 2 rows, 1 well-formed, 1 malformed; categories, collections and locations not checked, nor which products exist \(the catalog not read\)\./,
    );
    expect(r.stderr).toContain('line 3: the price "1.234" is not an amount such as 19.99 (at most 2 decimals)');
  });

  it('--dry-run without a store to read validates rows from stdin too (the run read stdin again after closing it, and never ended)', async () => {
    const r = await a.run(['product', 'import', '-', '--dry-run'], {
      env: a.env({ STORE_CLI_BASE_URL: 'http://127.0.0.1:1' }),
      clock: new SimClock().autoAdvance(),
      stdin: 'handle,price,inventory:Anywhere\ngood,5,1\nbad,1.234,1\n',
    });
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/Dry run of stdin, the file alone \(the store could not be read: .*\): 2 rows, 1 well-formed, 1 malformed;/);
  });

  it('bad input names the file and sends nothing: an unknown location, an unknown column', async () => {
    dir = scratchDir();
    writeFileSync(path('attic.csv'), 'handle,inventory:Attic\nx,1\n');
    const attic = await runLogged(a, ['product', 'import', path('attic.csv')]);
    expect(attic.code).toBe(2);
    expect(attic.stderr).toMatch(
      /attic\.csv: the column inventory:Attic names no location of the store \(its locations: .*Main Warehouse.*\); nothing was sent\./,
    );
    expect(writes(attic.requests)).toEqual([]);
    writeFileSync(path('colour.csv'), 'handle,colour\nx,red\n');
    const colour = await a.run(['product', 'import', path('colour.csv')]);
    expect(colour.code).toBe(2);
    expect(colour.stderr).toMatch(/colour\.csv: unknown column "colour" in the header/);
    expect(colour.stderr).not.toMatch(/\n\s+at /);
  });
});

describe.each(DIALECTS)('product import in parts, and into a store injecting faults (%s dialect)', (dialect) => {
  const clock = new SimClock().autoAdvance();
  let store: LoggedSandbox;
  beforeAll(async () => {
    // The rate limit of the spawned test that kills a run midway: here in simulated time.
    store = await emptied(await startLogged({ seed: 'demo', dialect, rateLimit: { rps: 30, burst: 5 } }, clock));
  });
  afterAll(async () => {
    await store?.close();
  });

  const productsTitled = async (prefix: string) => {
    const listed = await api(store, 'GET', '/products?limit=250');
    return (listed.json as { products: Array<{ title: string }> }).products.filter((product) => product.title.startsWith(`${prefix} `)).length;
  };

  it('--shard 1/2 and 2/2 split the products without overlap; together they make the whole file', async () => {
    const file = catalogFile(scratchDir(), 'shard', 20);
    const one = await store.run(['product', 'import', file, '--shard', '1/2', '--json']);
    const two = await store.run(['product', 'import', file, '--shard', '2/2', '--json']);
    expect(one.code, one.stderr).toBe(0);
    expect(two.code, two.stderr).toBe(0);
    const [first, second] = [JSON.parse(one.stdout), JSON.parse(two.stdout)] as Array<{ rows: number; created: number }>;
    expect(first!.rows).toBeGreaterThan(0);
    expect(second!.rows).toBeGreaterThan(0);
    expect(first!.created + second!.created).toBe(40);
    expect(await productsTitled('shard')).toBe(20);
    const whole = await runLogged(store, ['product', 'import', file, '--json']);
    expect(JSON.parse(whole.stdout)).toMatchObject({ rows: 40, unchanged: 40 });
    expect(writes(whole.requests)).toEqual([]);
  });

  it('into a store injecting faults (429, 5xx, resets): re-runs reach the file, each product made once, the same export as the clean store', {
    timeout: 60_000,
  }, async () => {
    const file = catalogFile(scratchDir(), 'faulty', 15);
    const faulty = await emptied(await startLogged({ seed: 'demo', dialect, failRate: 0.2, failSeed: 11 }, clock));
    try {
      const runs = await untilDone(['product', 'import', file, '--json'], { env: faulty.env(), clock });
      expect(JSON.parse(runs.at(-1)!.stdout)).toMatchObject({ failed: 0 });
      const listed = await api(faulty, 'GET', '/products?limit=250');
      expect((listed.json as { products: unknown[] }).products).toHaveLength(15);
      const clean = await store.run(['product', 'import', file]);
      expect(clean.code, clean.stderr).toBe(0);
      const exportOf = async (target: LoggedSandbox) => {
        const r = await target.run(['product', 'export', '--no-ids']);
        expect(r.code, r.stderr).toBe(0);
        return r.stdout.split('\n').filter((line) => line.startsWith('faulty-'));
      };
      const fromFaulty = await exportOf(faulty);
      expect(fromFaulty).toHaveLength(30);
      expect(fromFaulty).toEqual(await exportOf(store));
    } finally {
      await faulty.close();
    }
  });
});
