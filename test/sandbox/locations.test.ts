import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.js';
import { call, withSandbox } from './helpers.js';
import { DEMO } from './product-helpers.js';

// Locations (`/shops/locations`, About Shop): create at the singular `/shops/location`, read,
// change, count, page and delete, in both dialects; the default location; stock's references.

const DOWNTOWN = '4000000000000000003';
const KIOSK = '4000000000000000005';

describe.each(DIALECTS)('locations (%s dialect)', (dialect) => {
  it('lists the demo set by id, pages by Link, counts, reads one', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const all = await call(sandbox, 'GET', '/shops/locations');
      expect(all.status).toBe(200);
      expect(all.json.locations.map((location: { name: string }) => location.name)).toEqual(['Downtown Store', 'Airport Kiosk', 'Main Warehouse']);
      expect(all.text).toContain(`"locationId":"${DOWNTOWN}"`);

      const first = await call(sandbox, 'GET', '/shops/locations?limit=2');
      expect(first.json.locations).toHaveLength(2);
      const next = /<\s*([^>\s]+)\s*>;\s*rel="?next/.exec(first.headers.get('link') ?? '')?.[1];
      expect(next).toBeDefined();
      const second = await call(sandbox, 'GET', next!);
      expect(second.json.locations.map((location: { name: string }) => location.name)).toEqual(['Main Warehouse']);
      expect(second.headers.get('link') ?? '').not.toContain('next');

      expect(String((await call(sandbox, 'GET', '/shops/locations/count')).json.count)).toBe('3');
      const one = await call(sandbox, 'GET', `/shops/locations/${DOWNTOWN}`);
      expect(one.json.location).toMatchObject({ name: 'Downtown Store', city: 'San Francisco', country: 'US' });
      expect((await call(sandbox, 'GET', '/shops/locations/4000000000000000999')).status).toBe(404);
    });
  });

  it('creates, changes and deletes a location; refuses a bad body, the default one and one with stock', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const created = await call(sandbox, 'POST', '/shops/location', { body: { location: { name: 'Pop-up', city: 'Austin', country: 'US' } } });
      expect(created.status).toBe(dialect === 'real' ? 201 : 200);
      const id = String(created.json.location.locationId);
      expect(created.json.location).toMatchObject({ name: 'Pop-up', city: 'Austin' });

      const changed = await call(sandbox, 'PUT', `/shops/locations/${id}`, { body: { location: { name: 'Pop-up East' } } });
      expect(changed.json.location).toMatchObject({ name: 'Pop-up East', city: 'Austin' });

      const blank = await call(sandbox, 'POST', '/shops/location', { body: { location: { city: 'Nowhere' } } });
      expect(blank.status).toBe(400);
      expect(blank.text).toContain('location.name');
      expect((await call(sandbox, 'POST', '/shops/location', { body: { location: { name: 'X', country: 'usa' } } })).status).toBe(400);

      expect((await call(sandbox, 'DELETE', `/shops/locations/${DEMO.location}`)).status).toBe(409);
      const stocked = await call(sandbox, 'DELETE', `/shops/locations/${DOWNTOWN}`);
      expect(stocked.status).toBe(409);
      expect(stocked.text).toContain('stock');

      expect((await call(sandbox, 'DELETE', `/shops/locations/${id}`)).status).toBe(200);
      expect((await call(sandbox, 'DELETE', `/shops/locations/${KIOSK}`)).status).toBe(200);
      expect((await call(sandbox, 'GET', `/shops/locations/${id}`)).status).toBe(404);
    });
  });

  it('keeps stock only at locations of the store', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const product = (variantStock: unknown[]) => ({ product: { title: 'Stocked', variants: [{ price: '5.00', inventoryQuantities: variantStock }] } });
      const good = await call(sandbox, 'POST', '/products', { body: product([{ locationId: DOWNTOWN, available: 3 }]) });
      expect(good.status).toBeLessThan(300);
      const bad = await call(sandbox, 'POST', '/products', { body: product([{ locationId: '4000000000000000999', available: 3 }]) });
      expect(bad.status).toBe(400);
      expect(bad.text).toContain('names no location of this store');
    });
  });
});

describe('locations in an empty store and their scopes', () => {
  it('an empty store has its default location; reads need a shop scope', async () => {
    const tokens = [
      { token: 'reader', scopes: ['read_shops' as const] },
      { token: 'products', scopes: ['read_products' as const] },
    ];
    await withSandbox({ tokens }, async (sandbox) => {
      const list = await call(sandbox, 'GET', '/shops/locations', { token: 'reader' });
      expect(list.json.locations).toEqual([expect.objectContaining({ locationId: DEMO.location, name: 'Default location' })]);
      expect((await call(sandbox, 'GET', '/shops/locations', { token: 'products' })).status).toBe(403);
      expect((await call(sandbox, 'POST', '/shops/location', { token: 'reader', body: { location: { name: 'A' } } })).status).toBe(403);
    });
  });
});
