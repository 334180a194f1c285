// `inventory list` and `inventory set`, and `product create --location NAME`, in-process
// against a sandbox in each dialect (About Inventory's /inventory over the catalog's stock).
import { describe, expect, it } from 'vitest';
import { cli, liveCli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { expectUsageError, requestLog, stripAnsi, tsvRows } from '../_support.js';

const MAIN = '8100000000000000001';
const DOWNTOWN = '4000000000000000003';
const TSHIRT = '4000000000000000401';
/** The T-shirt's first variant, TSH-WHT-S: 40 at the Main Warehouse, 6 Downtown. */
const VARIANT = '4000000000000000409';

describe.each(DIALECTS)('inventory, %s dialect', (dialect) => {
  const log = requestLog();
  const s = useSandbox({
    dialect,
    seed: 'demo',
    onRequest: log.hook,
    tokens: [
      parseTokenSpec('all-scopes-token-1'),
      parseTokenSpec('stock-only-token-2:read_inventory,write_inventory'),
      parseTokenSpec('products-token-3:read_products'),
    ],
  });
  const as = (token: string) => ({ ...s.env, STORE_CLI_TOKEN: token });
  const env = () => as('all-scopes-token-1');

  it('list: product, variant, SKU, location by name, available; filtered by product, variant and location (name or id)', async () => {
    const byVariant = await cli(['inventory', 'list', '--variant', VARIANT], { env: env() });
    expect(byVariant.code, byVariant.stderr).toBe(0);
    expect(tsvRows(byVariant.stdout)).toEqual([
      [TSHIRT, VARIANT, 'TSH-WHT-S', 'Downtown Store', '6'],
      [TSHIRT, VARIANT, 'TSH-WHT-S', 'Main Warehouse', '40'],
    ]);
    const byProduct = await cli(['inventory', 'list', '--product', TSHIRT, '--location', 'downtown store', '--json', 'variantId,available'], { env: env() });
    expect(JSON.parse(byProduct.stdout)).toHaveLength(4);
    const byId = await cli(['inventory', 'list', '--location', MAIN, '--all', '--limit', '2'], { env: env() });
    expect(tsvRows(byId.stdout).every((row) => row[3] === 'Main Warehouse')).toBe(true);
    expect(tsvRows(byId.stdout)).toHaveLength(7);
    expectUsageError(await cli(['inventory', 'list', '--product', 'x'], { env: env() }), '--product');
    const unknown = await cli(['inventory', 'list', '--location', 'Moon Base'], { env: env() });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("No location matches 'Moon Base'");
  });

  it('set --quantity sets; --adjust reads then sets and says so; a variant not stocked there is stocked there', async () => {
    log.clear();
    const set = await cli(['inventory', 'set', VARIANT, '--location', 'Main Warehouse', '--quantity', '35', '--json', 'available'], { env: env() });
    expect(set.code, set.stderr).toBe(0);
    expect(String(JSON.parse(set.stdout).available)).toBe('35');
    expect(set.stderr).toContain('40 -> 35');
    const adjusted = await cli(['inventory', 'set', VARIANT, '--location', MAIN, '--adjust', '-5'], { env: env() });
    expect(adjusted.code, adjusted.stderr).toBe(0);
    expect(adjusted.stderr).toContain('35 -> 30 (read, then set: the store has no relative change)');
    expect(tsvRows(adjusted.stdout)).toContainEqual(['AVAILABLE', '30']);
    const put = (await log.take()).filter((l) => l.method === 'PUT').map((l) => l.path);
    expect(put).toEqual([`/api/202412/inventory/${VARIANT}`, `/api/202412/inventory/${VARIANT}`]);

    const kiosk = await cli(['inventory', 'set', VARIANT, '--location', 'Airport Kiosk', '--adjust', '+4'], { env: env() });
    expect(kiosk.code, kiosk.stderr).toBe(0);
    expect(kiosk.stderr).toContain('not stocked there before; now stocked 4');
    expect((await log.take()).some((l) => l.method === 'POST' && l.path === '/api/202412/inventory/connect')).toBe(true);
    const product = await cli(['product', 'get', TSHIRT, '--json', 'variants'], { env: env() });
    const variant = (JSON.parse(product.stdout).variants as Array<{ variantId: string; inventoryQuantities: Array<{ available: unknown }> }>).find(
      (v) => String(v.variantId) === VARIANT,
    )!;
    expect(variant.inventoryQuantities.map((q) => String(q.available))).toEqual(['30', '6', '4']);
  });

  it('set refuses bad input with exit 2 and sends nothing; --dry-run shows the PUT', async () => {
    log.clear();
    expectUsageError(await cli(['inventory', 'set', VARIANT, '--location', MAIN], { env: env() }), '--quantity');
    expectUsageError(await cli(['inventory', 'set', VARIANT, '--location', MAIN, '--quantity', '1', '--adjust', '+1'], { env: env() }), '--quantity');
    expectUsageError(await cli(['inventory', 'set', VARIANT, '--location', MAIN, '--adjust', '5'], { env: env() }), '--adjust');
    expectUsageError(await cli(['inventory', 'set', VARIANT, '--location', MAIN, '--quantity', '1.5'], { env: env() }), '--quantity');
    expect(await log.take()).toEqual([]);
    const dry = await cli(['inventory', 'set', VARIANT, '--location', DOWNTOWN, '--adjust', '+1', '--dry-run'], { env: env() });
    expect(dry.code, dry.stderr).toBe(0);
    expect(tsvRows(dry.stdout)).toEqual([['PUT', `/api/202412/inventory/${VARIANT}`, `{"inventory":{"locationId":"${DOWNTOWN}","available":"7"}}`]]);
    expect((await log.take()).some((l) => l.method !== 'GET')).toBe(false);
  });

  it('set --sku finds the variant among the products; an unknown SKU, or an id and --sku both, exit 2 with nothing written', async () => {
    log.clear();
    const bySku = await cli(['inventory', 'set', '--sku', 'TSH-WHT-M', '--location', 'Downtown Store', '--quantity', '11', '--json', 'variantId,available'], {
      env: env(),
    });
    expect(bySku.code, bySku.stderr).toBe(0);
    expect(JSON.parse(bySku.stdout)).toMatchObject({ variantId: '4000000000000000410' });
    expect(String(JSON.parse(bySku.stdout).available)).toBe('11');
    expect((await log.take()).filter((l) => l.method === 'PUT').map((l) => l.path)).toEqual(['/api/202412/inventory/4000000000000000410']);
    const unknown = await cli(['inventory', 'set', '--sku', 'NO-SUCH-SKU', '--location', MAIN, '--quantity', '1'], { env: env() });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("No variant has the SKU 'NO-SUCH-SKU' (--sku)");
    expectUsageError(await cli(['inventory', 'set', VARIANT, '--sku', 'TSH-WHT-S', '--location', MAIN, '--quantity', '1'], { env: env() }), '--sku');
    expectUsageError(await cli(['inventory', 'set', '--location', MAIN, '--quantity', '1'], { env: env() }), '--sku');
    expect((await log.take()).filter((l) => l.method !== 'GET')).toEqual([]);
  });

  it('set --adjust below zero: without a terminal exit 2 naming --allow-negative, nothing written; with it, set; a dry run warns', async () => {
    const before = await cli(['inventory', 'list', '--variant', VARIANT, '--location', DOWNTOWN, '--json', 'available'], { env: env() });
    const quantity = String(JSON.parse(before.stdout)[0].available);
    log.clear();
    const refused = await cli(['inventory', 'set', VARIANT, '--location', DOWNTOWN, '--adjust', '-1000'], { env: env() });
    expectUsageError(refused, '--allow-negative');
    expect(refused.stderr).toContain(`from ${quantity} to ${BigInt(quantity) - 1000n}, below zero`);
    expect((await log.take()).filter((l) => l.method !== 'GET')).toEqual([]);

    const dry = await cli(['inventory', 'set', VARIANT, '--location', DOWNTOWN, '--adjust', '-1000', '--dry-run'], { env: env() });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('below zero: the real run asks in a terminal, or needs --allow-negative');
    expect((await log.take()).filter((l) => l.method !== 'GET')).toEqual([]);

    const allowed = await cli(['inventory', 'set', VARIANT, '--location', DOWNTOWN, '--adjust', '-1000', '--allow-negative', '--json', 'available'], {
      env: env(),
    });
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(String(JSON.parse(allowed.stdout).available)).toBe(String(BigInt(quantity) - 1000n));
    const back = await cli(['inventory', 'set', VARIANT, '--location', DOWNTOWN, '--quantity', quantity], { env: env() });
    expect(back.code, back.stderr).toBe(0);
  });

  it('set --adjust below zero in a terminal asks: no writes nothing (exit 2), yes sets', async () => {
    log.clear();
    const declined = await liveCli(['inventory', 'set', VARIANT, '--location', MAIN, '--adjust', '-999999'], { env: env(), tty: true, stdin: 'n\n' }).done;
    expect(declined.code).toBe(2);
    expect(stripAnsi(declined.stderr)).toMatch(new RegExp(`Take variant ${VARIANT} below zero \\(-?\\d+ -> -\\d+\\)\\?`));
    expect((await log.take()).filter((l) => l.method !== 'GET')).toEqual([]);
    const accepted = await liveCli(['inventory', 'set', VARIANT, '--location', MAIN, '--adjust', '-999999'], { env: env(), tty: true, stdin: 'y\n' }).done;
    expect(accepted.code, accepted.stderr).toBe(0);
    expect((await log.take()).filter((l) => l.method === 'PUT')).toHaveLength(1);
    await cli(['inventory', 'set', VARIANT, '--location', MAIN, '--adjust', '+999999'], { env: env() });
  });

  it('product create --inventory --location NAME stocks the new product there', async () => {
    const made = await cli(
      ['product', 'create', '--title', `Stocked ${dialect}`, '--price', '9.00', '--inventory', '12', '--location', 'Downtown Store', '--json', 'productId'],
      { env: env() },
    );
    expect(made.code, made.stderr).toBe(0);
    const { productId } = JSON.parse(made.stdout) as { productId: string };
    const listed = await cli(['inventory', 'list', '--product', String(productId)], { env: env() });
    expect(tsvRows(listed.stdout).map((row) => [row[3], row[4]])).toEqual([['Downtown Store', '12']]);
    expectUsageError(
      await cli(['product', 'create', '--title', 'T', '--inventory', '1', '--location', 'Main', '--location-id', MAIN], { env: env() }),
      '--location',
    );
  });

  it('scopes: a token without read_shops still lists stock (locations by id); one without inventory scopes exits 4', async () => {
    const idsOnly = await cli(['inventory', 'list', '--variant', VARIANT], { env: as('stock-only-token-2') });
    expect(idsOnly.code, idsOnly.stderr).toBe(0);
    expect(tsvRows(idsOnly.stdout).map((row) => row[3])).toContain(MAIN);
    const refused = await cli(['inventory', 'list'], { env: as('products-token-3') });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('read_inventory');
  });
});
