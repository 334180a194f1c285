import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { call, expectErrorShape, fields, withSandbox } from './helpers.js';
import { collects, createProduct, DEMO, listCollections } from './product-helpers.js';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo' });
});

afterAll(async () => {
  await sandbox.close();
});

async function searchCategories(query: string): Promise<Array<{ categoryId: string; categoryName: string; parentCategoryId: string }>> {
  const reply = await call(sandbox, 'GET', `/category/search${query}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.json.productCategories;
}

describe('category search', () => {
  it('lists the whole seeded tree without a name, roots with parent "0", every parent present', async () => {
    for (const query of ['', '?categoryName=']) {
      const all = await searchCategories(query);
      expect(all).toHaveLength(12);
      const ids = new Set(all.map((category) => category.categoryId));
      const roots = all.filter((category) => category.parentCategoryId === '0');
      expect(roots.map((category) => category.categoryName)).toEqual(['Apparel', 'Home', 'Outdoor']);
      for (const category of all) {
        if (category.parentCategoryId !== '0') expect(ids.has(category.parentCategoryId)).toBe(true);
      }
    }
  });

  it('matches a case-insensitive substring of the name', async () => {
    expect((await searchCategories('?categoryName=SHIRT')).map((category) => category.categoryName)).toEqual(['T-Shirts', 'Sweatshirts']);
    expect(await searchCategories('?categoryName=mugs%20%26%20c')).toEqual([
      { categoryId: DEMO.categories.mugs, categoryName: 'Mugs & Cups', parentCategoryId: '4000000000000000242' },
    ]);
    expect(await searchCategories('?categoryName=zzz')).toEqual([]);
  });
});

describe('collections', () => {
  it('lists the six seeded collections with collects and countGoodsNum matching the demo products', async () => {
    const all = await listCollections(sandbox);
    expect(all.map((collection) => collection.title)).toEqual([
      'Summer Sale',
      'New Arrivals',
      'Summer Essentials',
      'Best Sellers',
      'Gifts Under $50',
      'Rainy Day Picks',
    ]);
    const byTitle = Object.fromEntries(all.map((collection) => [collection.title, collection]));
    expect(byTitle['New Arrivals']).toMatchObject({ collectionType: '2', published: 'true', countGoodsNum: '2' });
    expect(byTitle['Summer Sale']).toMatchObject({ collectionType: '1' });
    expect(collects(byTitle['New Arrivals'])).toEqual([DEMO.products.mug, DEMO.products.jacket]);
    expect(byTitle['Rainy Day Picks']).toMatchObject({ published: 'false' });
    expect(byTitle['Summer Sale'].image).toEqual({ src: expect.stringMatching(/^https:\/\//) });
    for (const collection of all) expect(collection.countGoodsNum).toBe(String(collects(collection).length));
  });

  it('filters by a case-insensitive substring of the title and by type code (1 custom, 2 smart)', async () => {
    expect((await listCollections(sandbox, '?title=SUMMER')).map((collection) => collection.title)).toEqual(['Summer Sale', 'Summer Essentials']);
    expect((await listCollections(sandbox, '?collectionType=2')).map((collection) => collection.title)).toEqual(['New Arrivals', 'Best Sellers']);
    expect((await listCollections(sandbox, '?title=summer&collectionType=1')).map((collection) => collection.collectionId)).toEqual([
      DEMO.collections.summerSale,
      DEMO.collections.summerEssentials,
    ]);
    expect(await listCollections(sandbox, '?title=summer&collectionType=2')).toEqual([]);
    for (const name of ['manual', 'smart', '3']) {
      const bad = await call(sandbox, 'GET', `/collections?collectionType=${name}`);
      expectErrorShape(bad, 400, 'invalid');
      expect(fields(bad)).toEqual(['collectionType']);
    }
  });

  it('keeps collects consistent as products are created, moved between collections and deleted', async () => {
    const count = async (id: string) => (await listCollections(sandbox)).find((collection) => collection.collectionId === id);
    const before = await count(DEMO.collections.giftsUnder50);
    const product = await createProduct(sandbox, {
      product: { title: 'Candle', collections: JSON.stringify([DEMO.collections.giftsUnder50, DEMO.collections.bestSellers]) },
    });
    const gifts = await count(DEMO.collections.giftsUnder50);
    expect(collects(gifts)).toEqual([...collects(before), product.productId]);
    expect(gifts.countGoodsNum).toBe(String(Number(before.countGoodsNum) + 1));
    expect(collects(await count(DEMO.collections.bestSellers))).toContain(product.productId);

    const moved = await call(sandbox, 'PUT', `/products/${product.productId}`, {
      body: { product: { ...product, collections: JSON.stringify([DEMO.collections.bestSellers, DEMO.collections.rainyDay]) } },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(collects(await count(DEMO.collections.giftsUnder50))).toEqual(collects(before));
    expect(collects(await count(DEMO.collections.rainyDay))).toContain(product.productId);
    expect(collects(await count(DEMO.collections.bestSellers))).toContain(product.productId);

    await call(sandbox, 'DELETE', `/products/${product.productId}`);
    for (const collection of await listCollections(sandbox)) {
      expect(collects(collection)).not.toContain(product.productId);
      expect(collection.countGoodsNum).toBe(String(collects(collection).length));
    }
  });
});

describe('scopes', () => {
  const tokens = [
    { token: 'reader', scopes: ['read_products' as const] },
    { token: 'writer', scopes: ['write_products' as const] },
    { token: 'cards', scopes: ['read_gift_card' as const, 'write_gift_card' as const] },
  ];
  const reads: Array<[string, string]> = [
    ['GET', '/category/search'],
    ['GET', '/collections'],
    ['GET', `/products/${DEMO.products.mug}`],
  ];
  const writes: Array<[string, string]> = [
    ['POST', '/products'],
    ['PUT', `/products/${DEMO.products.mug}`],
    ['DELETE', `/products/${DEMO.products.jacket}`],
  ];

  it('reads need read_products, writes need write_products, a gift-card token gets 403 on all of them', async () => {
    await withSandbox({ seed: 'demo', tokens }, async (scoped) => {
      const body = { product: { title: 'Scoped' } };
      for (const [method, path] of reads) {
        expect((await call(scoped, method, path, { token: 'reader' })).status).toBe(200);
        expectErrorShape(await call(scoped, method, path, { token: 'writer' }), 403, 'forbidden');
        expectErrorShape(await call(scoped, method, path, { token: 'cards' }), 403, 'forbidden');
      }
      for (const [method, path] of writes) {
        const options = method === 'DELETE' ? {} : { body };
        const refused = await call(scoped, method, path, { ...options, token: 'reader' });
        expectErrorShape(refused, 403, 'forbidden');
        expect(refused.json.message).toContain('write_products');
        expectErrorShape(await call(scoped, method, path, { ...options, token: 'cards' }), 403, 'forbidden');
        expect((await call(scoped, method, path, { ...options, token: 'writer' })).status).toBe(200);
      }
    });
  });
});

describe('idsAs number', () => {
  it('writes product, category and collection ids and counts as bare digits, inside JSON-array text too', async () => {
    await withSandbox({ seed: 'demo', idsAs: 'number' }, async (numeric) => {
      const created = await call(numeric, 'POST', '/products', {
        body: { product: { title: 'Digits', categoryId: DEMO.categories.mugs, collections: JSON.stringify([DEMO.collections.summerSale]) } },
      });
      expect(created.status, created.text).toBe(200);
      const id = /"productId":([0-9]{19}),/.exec(created.text)?.[1] as string;
      expect(BigInt(id)).toBeGreaterThan(2n ** 53n);
      expect(created.text).toContain(`"categoryId":${DEMO.categories.mugs},`);
      expect(created.text).toContain(`"collections":"[${DEMO.collections.summerSale}]"`);
      expect(created.text).toContain(`"locationId":${DEMO.location},"available":0`);
      expect(created.text).toContain('"price":"0.00"');
      expect(created.text).toContain('"isMultiVariant":"false"');

      const read = await call(numeric, 'GET', `/products/${id}`);
      expect(read.text).toContain(`"productCategory":{"categoryId":${DEMO.categories.mugs},"categoryName":"Mugs & Cups"}`);
      const categories = await call(numeric, 'GET', '/category/search?categoryName=apparel');
      expect(categories.text).toBe(`{"productCategories":[{"categoryId":${DEMO.categories.apparel},"categoryName":"Apparel","parentCategoryId":0}]}`);
      const sale = await call(numeric, 'GET', '/collections?title=summer%20sale');
      expect(sale.text).toContain(`"collects":"[${DEMO.products.tShirt},${id}]","countGoodsNum":2}`);
    });
  });
});

describe('without demo data', () => {
  it('has no categories, collections or products, and still creates products', async () => {
    await withSandbox({}, async (empty) => {
      expect((await call(empty, 'GET', '/category/search')).json).toEqual({ productCategories: [] });
      expect((await call(empty, 'GET', '/collections')).json).toEqual({ collections: [] });
      expect((await call(empty, 'GET', `/products/${DEMO.products.mug}`)).status).toBe(404);
      const refused = await call(empty, 'POST', '/products', { body: { product: { title: 'x', categoryId: DEMO.categories.mugs } } });
      expect(fields(refused)).toEqual(['product.categoryId']);
      expect((await call(empty, 'POST', '/products', { body: { product: { title: 'x' } } })).status).toBe(200);
    });
  });
});
