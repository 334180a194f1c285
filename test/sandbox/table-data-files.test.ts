// The resources that became record tables (locations, webhook subscriptions, customers,
// categories) keep their data file format: a sandbox started on a file and a journal as
// earlier versions wrote them reads them, and writes the same sections back.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, withSandbox } from './helpers.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-tables-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const stamp = { createTime: '2026-11-01T09:00:00Z', updateTime: '2026-11-02T09:00:00Z' };

/** The sections as the sandbox wrote them before its resources were tables. */
const data = {
  categories: [
    { categoryId: '4000000000000000101', categoryName: 'Apparel', parentCategoryId: '0' },
    { categoryId: '4000000000000000102', categoryName: 'Tops', parentCategoryId: '4000000000000000101' },
  ],
  locations: [
    { locationId: '4000000000000000003', name: 'Downtown Store', address1: '18 Market Street', city: 'San Francisco', country: 'US', ...stamp },
    { locationId: '8100000000000000001', name: 'Default location', ...stamp },
  ],
  webhooks: [{ id: '4000000000000000007', address: 'https://hooks.example.com/a', topic: 'products/create', format: 'json', ...stamp }],
  customers: [
    {
      id: '4000000000000000009',
      firstName: 'Ada',
      email: 'ada@example.com',
      notes: 'Loyal',
      state: 'ENABLED',
      verifiedEmail: true,
      taxExempt: false,
      tags: ['vip'],
      addresses: [{ id: '4000000000000000010', city: 'London', isDefaultAddress: true }],
      ordersCount: 2,
      totalSpent: '10.00',
      ...stamp,
    },
  ],
};

describe('a data file of the resources that are record tables', () => {
  it('is read as earlier versions wrote it, its journal redone on top, and written back in the same form', async () => {
    const dataFile = join(dir, 'state.json');
    await writeFile(dataFile, JSON.stringify({ format: 'store-cli-sandbox', version: 1, lastId: '4000000000000000010', journalSeq: 0, data }, null, 2));
    const moved = { ...data.locations[0], name: 'Market Street', updateTime: '2026-11-03T09:00:00Z' };
    const journal = [
      { seq: 1, key: 'locations', lastId: '4000000000000000010', change: { put: moved } },
      { seq: 2, key: 'webhooks', lastId: '4000000000000000010', change: { remove: '4000000000000000007' } },
    ];
    await writeFile(`${dataFile}.journal`, journal.map((line) => `${JSON.stringify(line)}\n`).join(''));

    await withSandbox({ dataFile }, async (sandbox) => {
      const locations = (await call(sandbox, 'GET', '/shops/locations')).json.locations;
      expect(locations).toEqual([
        {
          locationId: '4000000000000000003',
          name: 'Market Street',
          address1: '18 Market Street',
          city: 'San Francisco',
          country: 'US',
          createTime: stamp.createTime,
          updateTime: '2026-11-03T09:00:00Z',
        },
        { locationId: '8100000000000000001', name: 'Default location', ...stamp },
      ]);
      expect((await call(sandbox, 'GET', '/app/webhooks')).json.webhooks).toEqual([]);
      expect((await call(sandbox, 'GET', '/customers/4000000000000000009')).json.customer).toMatchObject({
        email: 'ada@example.com',
        tags: '["vip"]',
        ordersCount: '2',
      });
      expect((await call(sandbox, 'GET', '/category/search?categoryName=tops')).json.productCategories).toEqual([
        { categoryId: '4000000000000000102', categoryName: 'Tops', parentCategoryId: '4000000000000000101' },
      ]);
      // Ids go on above the file's, not from the start.
      const created = await call(sandbox, 'POST', '/shops/location', { body: { location: { name: 'Kiosk' } } });
      expect(BigInt(created.json.location.locationId)).toBeGreaterThan(4000000000000000010n);
    });
    const written = JSON.parse(await readFile(dataFile, 'utf8')).data;
    expect(written.customers).toEqual(data.customers);
    expect(written.categories).toEqual(data.categories);
    expect(written.locations).toEqual([moved, expect.objectContaining({ name: 'Kiosk' }), data.locations[1]]);
  });

  it('without a locations section (written before locations existed) gets the default location', async () => {
    const dataFile = join(dir, 'old.json');
    await writeFile(dataFile, JSON.stringify({ format: 'store-cli-sandbox', version: 1, lastId: '4000000000000000000', data: { giftCards: [] } }));
    await withSandbox({ dataFile }, async (sandbox) => {
      expect((await call(sandbox, 'GET', '/shops/locations')).json.locations).toEqual([
        expect.objectContaining({ locationId: '8100000000000000001', name: 'Default location' }),
      ]);
    });
  });
});
