import { describe, expect, it } from 'vitest';
import { toJson } from '../../src/core/json.js';
import { RuntimeError } from '../../src/core/errors.js';
import { ProductsApi } from '../../src/api/products/requests.js';
import { CategoriesApi } from '../../src/api/categories/declaration.js';
import { CollectionsApi } from '../../src/api/collections/requests.js';
import { FakeTransport } from '../helpers/fake-transport.js';

const PRODUCT =
  '{"productId":50000000000000000011,"title":"Tee","collections":"[\\"1\\"]","variants":[{"variantId":"7","price":"19.99","inventoryQuantities":[{"locationId":"3","available":5}]}],"salesChannels":[{"salesChannelCode":"online_store"}]}';

describe('ProductsApi', () => {
  it("create wraps the product and returns the store's product unwrapped, ids digit-exact; it is sent once (never again after it may have reached the store)", async () => {
    const t = new FakeTransport([{ body: `{"product":${PRODUCT}}` }]);
    const product = await new ProductsApi(t).create({ title: 'Tee' });
    expect(t.requests).toEqual([{ method: 'POST', path: '/api/202412/products', body: { product: { title: 'Tee' } }, once: true }]);
    expect(toJson(product)).toBe(PRODUCT);
  });

  it('get, update and delete address the product by an encoded path segment', async () => {
    const t = new FakeTransport([{ body: `{"product":${PRODUCT}}` }, { body: `{"product":${PRODUCT}}` }, { body: '{}' }]);
    const api = new ProductsApi(t);
    await api.get('5/../x');
    await api.update('5', { title: 'T' });
    await api.delete('5');
    expect(t.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/202412/products/5%2F..%2Fx',
      'PUT /api/202412/products/5',
      'DELETE /api/202412/products/5',
    ]);
    expect(t.requests[1]!.body).toEqual({ product: { title: 'T' } });
  });

  it('an answer that is no product is a runtime error naming the field', async () => {
    const api = new ProductsApi(new FakeTransport([{ body: '{"item":{}}' }, { body: '{"product":{"title":"no id"}}' }]));
    await expect(api.get('1')).rejects.toThrow(/no 'product' object/);
    await expect(api.get('1')).rejects.toThrow(RuntimeError);
  });
});

describe('CategoriesApi and CollectionsApi', () => {
  it('category search sends categoryName (none for all) and follows a next-page link', async () => {
    const t = new FakeTransport([
      {
        body: '{"productCategories":[{"categoryId":"1","categoryName":"Tops","parentCategoryId":"0"}]}',
        headers: { link: '</api/202412/category/search?categoryName=top&pageToken=p2>; rel="next"' },
      },
      { body: '{"productCategories":[{"categoryId":2,"categoryName":"Tank tops","parentCategoryId":1}]}' },
      { body: '{"productCategories":[]}' },
    ]);
    const api = new CategoriesApi(t);
    const found = await api.search('top');
    expect(found.map((c) => toJson(c.categoryId))).toEqual(['"1"', '2']);
    expect(t.requests.map((r) => r.query)).toEqual([{ categoryName: 'top' }, { categoryName: 'top', pageToken: 'p2' }]);
    expect(await api.search()).toEqual([]);
    expect(t.requests[2]!.query).toEqual({ categoryName: undefined });
  });

  it('collection list sends title and collectionType as the type code', async () => {
    const t = new FakeTransport([
      { body: '{"collections":[{"collectionId":"6","title":"Summer Sale","collectionType":1,"countGoodsNum":"2","published":true,"collects":"[\\"5\\"]"}]}' },
    ]);
    const found = await new CollectionsApi(t).list({ title: 'summer', collectionType: 'manual' });
    expect(found).toHaveLength(1);
    expect(t.requests[0]).toEqual({ method: 'GET', path: '/api/202412/collections', query: { title: 'summer', collectionType: '1' } });
  });

  it('a list of the wrong shape is named', async () => {
    await expect(new CollectionsApi(new FakeTransport([{ body: '{"collections":[{"title":"no id"}]}' }])).list()).rejects.toThrow(
      /collection list .* at 0\.collectionId/,
    );
  });
});
