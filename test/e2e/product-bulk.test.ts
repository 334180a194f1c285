// product import killed midway (SIGKILL) and run again, as a real process against a served
// store of each dialect: every product is made once, and a third run sends no write. The
// rest of product export and import (two stores, --dry-run, --rejects, --shard, faults) is
// in-process: test/commands/product/import-export.test.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, exitOf, killLeftovers, methodAndPath, removeScratch, requireBuild, run, runLogged, serve, spawnCli, until, type ServeHandle } from '../helpers/cli-spawn.js';
import { DIALECTS, dialectArgs } from '../helpers/dialects.js';
import { scratchDir } from '../helpers/scratch.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

const writes = (requests: readonly string[]) => requests.map(methodAndPath).filter((line) => !line.startsWith('GET '));

/** A demo store without its products: its categories, collections and locations stay. */
async function emptied(store: ServeHandle): Promise<ServeHandle> {
  const listed = await api(store, 'GET', '/products?limit=250');
  for (const product of (listed.json as { products: Array<{ productId: unknown }> }).products) {
    expect((await api(store, 'DELETE', `/products/${String(product.productId)}`)).status).toBeLessThan(300);
  }
  return store;
}

describe.each(DIALECTS)('product import after a kill (spawned, %s dialect)', (dialect) => {
  let store: ServeHandle;
  beforeAll(async () => {
    // A rate limit makes a run last long enough to be stopped in the middle.
    store = await emptied(await serve(['--json', '--demo', ...dialectArgs(dialect), '--rate-limit', '30/5']));
  }, 30_000);
  afterAll(async () => {
    await store?.stop();
  });

  /** `count` products of two variants each, titled by `prefix`. */
  function catalogFile(dir: string, prefix: string, count: number): string {
    let text = 'handle,title,status,option1Name,option1Value,sku,price,inventory:Main Warehouse\n';
    for (let i = 0; i < count; i++) {
      for (const size of ['S', 'M']) text += `${prefix}-${i},${prefix} ${i},active,Size,${size},${prefix.toUpperCase()}-${i}-${size},${10 + i}.50,${i}\n`;
    }
    const file = join(dir, `${prefix}.csv`);
    writeFileSync(file, text);
    return file;
  }

  const productsTitled = async (prefix: string) => {
    const listed = await api(store, 'GET', '/products?limit=250');
    return (listed.json as { products: Array<{ title: string }> }).products.filter((product) => product.title.startsWith(`${prefix} `)).length;
  };

  it('killed midway (SIGKILL), then run again: every product once, and a third run sends no write', { timeout: 120_000 }, async () => {
    const file = catalogFile(scratchDir(), 'kill', 40);
    const child = spawnCli(['product', 'import', file, '--concurrency', '2'], store.env());
    child.stdin!.end();
    await until(
      async () => ((await productsTitled('kill')) >= 5 ? true : undefined),
      30_000,
      () => 'fewer than 5 products made',
    );
    child.kill('SIGKILL');
    expect((await exitOf(child, 5_000)).signal).toBe('SIGKILL');
    const partial = await productsTitled('kill');
    expect(partial).toBeLessThan(40);

    const again = await run(['product', 'import', file, '--json'], { env: store.env(), timeoutMs: 60_000 });
    expect(again.code, again.stderr).toBe(0);
    const summary = JSON.parse(again.stdout) as { rows: number; created: number; unchanged: number; failed: number };
    expect(summary).toMatchObject({ rows: 80, failed: 0 });
    expect(summary.unchanged).toBeGreaterThan(0);
    expect(summary.created + summary.unchanged).toBe(80);
    expect(await productsTitled('kill')).toBe(40);

    const third = await runLogged(store, ['product', 'import', file, '--json'], { timeoutMs: 40_000 });
    expect(JSON.parse(third.stdout)).toMatchObject({ rows: 80, created: 0, updated: 0, unchanged: 80, failed: 0 });
    expect(writes(third.requests)).toEqual([]);
  });
});
