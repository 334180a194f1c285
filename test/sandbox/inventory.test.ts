import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/scratch.js';
import { DIALECTS } from '../helpers/dialects.js';
import { call, withSandbox } from './helpers.js';
import { DEMO } from './product-helpers.js';

// Inventory (`/inventory`, About Inventory) over the catalog's stock, and the shop
// (`/shops/info`, About Shop) from the sandbox's options, in both dialects.

const DOWNTOWN = '4000000000000000003';
const KIOSK = '4000000000000000005';
/** The demo T-shirt's first variant (TSH-WHT-S): 40 at the Main Warehouse, 6 Downtown. */
const VARIANT = '4000000000000000409';

describe.each(DIALECTS)('inventory (%s dialect)', (dialect) => {
  it('lists every variant at every location, filters, and pages with the filters in the token', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const all = await call(sandbox, 'GET', '/inventory?limit=250');
      expect(all.status).toBe(200);
      expect(all.json.inventories).toHaveLength(13);
      const mine = await call(sandbox, 'GET', `/inventory?variantId=${VARIANT}`);
      expect(mine.json.inventories.map((item: Record<string, unknown>) => [String(item.locationId), String(item.available), item.sku])).toEqual([
        [DOWNTOWN, '6', 'TSH-WHT-S'],
        [DEMO.location, '40', 'TSH-WHT-S'],
      ]);
      const downtown = await call(sandbox, 'GET', `/inventory?locationId=${DOWNTOWN}&limit=4`);
      expect(downtown.json.inventories).toHaveLength(4);
      const next = /<\s*([^>\s]+)\s*>;\s*rel="?next/.exec(downtown.headers.get('link') ?? '')?.[1];
      const rest = await call(sandbox, 'GET', next!);
      expect(rest.json.inventories.map((item: Record<string, unknown>) => String(item.locationId))).toEqual([DOWNTOWN, DOWNTOWN]);
      expect((await call(sandbox, 'GET', '/inventory?productId=x')).status).toBe(400);
    });
  });

  it('sets a quantity, stocks a variant at a new location, and the product shows it (one source of truth)', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const set = await call(sandbox, 'PUT', `/inventory/${VARIANT}`, { body: { inventory: { locationId: DOWNTOWN, available: 9 } } });
      expect(set.status).toBe(200);
      expect(String(set.json.inventory.available)).toBe('9');
      const notThere = await call(sandbox, 'PUT', `/inventory/${VARIANT}`, { body: { inventory: { locationId: KIOSK, available: 1 } } });
      expect(notThere.status).toBe(404);
      const connected = await call(sandbox, 'POST', '/inventory/connect', { body: { inventory: { variantId: VARIANT, locationId: KIOSK, available: '3' } } });
      expect(connected.status).toBe(dialect === 'real' ? 201 : 200);
      expect((await call(sandbox, 'POST', '/inventory/connect', { body: { inventory: { variantId: VARIANT, locationId: KIOSK } } })).status).toBe(409);
      const product = await call(sandbox, 'GET', `/products/${DEMO.products.tShirt}`);
      const variant = product.json.product.variants.find((v: { variantId: unknown }) => String(v.variantId) === VARIANT);
      expect(variant.inventoryQuantities.map((q: Record<string, unknown>) => [String(q.locationId), String(q.available)])).toEqual([
        [DEMO.location, '40'],
        [DOWNTOWN, '9'],
        [KIOSK, '3'],
      ]);
      // The kiosk now holds stock: it cannot be deleted.
      expect((await call(sandbox, 'DELETE', `/shops/locations/${KIOSK}`)).status).toBe(409);
    });
  });

  it('refuses a bad body at its JSON path and an unknown variant or location', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const bad = await call(sandbox, 'PUT', `/inventory/${VARIANT}`, { body: { inventory: { locationId: DOWNTOWN, available: 'many' } } });
      expect(bad.status).toBe(400);
      expect(bad.text).toContain('inventory.available');
      expect((await call(sandbox, 'PUT', '/inventory/4000000000000000999', { body: { inventory: { locationId: DOWNTOWN, available: 1 } } })).status).toBe(404);
      const nowhere = await call(sandbox, 'PUT', `/inventory/${VARIANT}`, { body: { inventory: { locationId: '4000000000000000999', available: 1 } } });
      expect(nowhere.status).toBe(400);
      expect(nowhere.text).toContain('names no location');
    });
  });

  it('answers the shop from its options', async () => {
    await withSandbox({ seed: 'demo', dialect, shopName: "Sun's Shop", shopDomain: 'sun.example.com', currency: 'EUR' }, async (sandbox) => {
      const info = await call(sandbox, 'GET', '/shops/info');
      expect(info.status).toBe(200);
      expect(info.json.shop).toMatchObject({ shopName: "Sun's Shop", domain: 'sun.example.com', currency: 'EUR', country: 'US' });
    });
  });
});

describe('inventory and shop scopes', () => {
  it('reads need either inventory scope, writes write_inventory; the shop needs a shop scope', async () => {
    const tokens = [
      { token: 'reader', scopes: ['read_inventory' as const] },
      { token: 'shop', scopes: ['read_shops' as const] },
    ];
    await withSandbox({ seed: 'demo', tokens }, async (sandbox) => {
      expect((await call(sandbox, 'GET', '/inventory', { token: 'reader' })).status).toBe(200);
      expect(
        (await call(sandbox, 'PUT', `/inventory/${VARIANT}`, { token: 'reader', body: { inventory: { locationId: DOWNTOWN, available: 1 } } })).status,
      ).toBe(403);
      expect((await call(sandbox, 'GET', '/inventory', { token: 'shop' })).status).toBe(403);
      expect((await call(sandbox, 'GET', '/shops/info', { token: 'shop' })).status).toBe(200);
      expect((await call(sandbox, 'GET', '/shops/info', { token: 'reader' })).status).toBe(403);
    });
  });
});

describe('locations and stock survive a restart (data file and journal)', () => {
  it('a location made and stock set are there after a restart; a data file without locations gets the default one', async () => {
    const dir = scratchDir('sandbox-locations-');
    const dataFile = join(dir, 'state.json');
    const made = await withSandbox({ dataFile, seed: 'demo' }, async (sandbox) => {
      const created = await call(sandbox, 'POST', '/shops/location', { body: { location: { name: 'Depot' } } });
      const id = String(created.json.location.locationId);
      expect(
        (await call(sandbox, 'POST', '/inventory/connect', { body: { inventory: { variantId: VARIANT, locationId: id, available: 8 } } })).status,
      ).toBeLessThan(300);
      expect((await call(sandbox, 'PUT', `/inventory/${VARIANT}`, { body: { inventory: { locationId: DOWNTOWN, available: 1 } } })).status).toBe(200);
      return id;
    });
    await withSandbox({ dataFile }, async (sandbox) => {
      expect((await call(sandbox, 'GET', `/shops/locations/${made}`)).json.location.name).toBe('Depot');
      const stock = await call(sandbox, 'GET', `/inventory?variantId=${VARIANT}`);
      expect(stock.json.inventories.map((item: Record<string, unknown>) => [String(item.locationId), String(item.available)])).toEqual([
        [DOWNTOWN, '1'],
        [made, '8'],
        [DEMO.location, '40'],
      ]);
    });
    const state = JSON.parse(await readFile(dataFile, 'utf8'));
    delete state.data.locations;
    state.data.products = [];
    await writeFile(dataFile, JSON.stringify(state));
    await withSandbox({ dataFile }, async (sandbox) => {
      const list = await call(sandbox, 'GET', '/shops/locations');
      expect(list.json.locations.map((location: { name: string }) => location.name)).toEqual(['Default location']);
    });
  });
});
