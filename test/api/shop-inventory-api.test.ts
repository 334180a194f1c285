import { describe, expect, it } from 'vitest';
import { toJson } from '../../src/core/json.js';
import { shop as shopResource } from '../../src/api/shop/declaration.js';
import { InventoryApi } from '../../src/api/inventory/declaration.js';
import { RestApi } from '../../src/api/rest-resource.js';
import type { Transport } from '../../src/core/transport.js';
import { FakeTransport } from '../helpers/fake-transport.js';
import { DOCS_SHOP_SAMPLE } from '../helpers/shop-sample.js';

// The shop (`GET /shops/info`, About Shop) with the docs' own sample, and the inventory
// client (About Inventory): paths, wrappers, filters, paging.

/** The shop's module, as createApi builds it. */
class ShopApi extends RestApi<typeof shopResource> {
  constructor(transport: Transport) {
    super(transport, shopResource);
  }
}

describe('ShopApi', () => {
  it("reads the docs' sample: the shop unwrapped, every field as sent", async () => {
    const t = new FakeTransport([{ body: DOCS_SHOP_SAMPLE }]);
    const shop = await new ShopApi(t).get();
    expect(t.requests).toEqual([{ method: 'GET', path: '/api/202412/shops/info' }]);
    expect(toJson(shop)).toBe(DOCS_SHOP_SAMPLE.slice('{"shop":'.length, -1));
    expect(shop).toMatchObject({ shopName: "Sun's Shop", domain: 'online-shop.genstore.com', timezone: '-4', ianaTimezone: 'America/New_York' });
  });

  it('an answer without a shop is a runtime error', async () => {
    await expect(new ShopApi(new FakeTransport([{ body: '{"store":{}}' }])).get()).rejects.toThrow(/no 'shop' object/);
  });
});

describe('InventoryApi', () => {
  const ITEM = '{"productId":"10274458975658","variantId":10274458975659,"sku":"TEE-S","locationId":"3","available":-2}';

  it('lists with the filters on the first page and the token alone after, ids digit-exact', async () => {
    const t = new FakeTransport([
      { body: `{"inventories":[${ITEM}]}`, headers: { link: '</api/202412/inventory?limit=250&pageToken=p2>; rel="next"' } },
      { body: '{"inventories":[]}' },
    ]);
    const items = await new InventoryApi(t).list({ productId: '10274458975658', locationId: '3' });
    expect(t.requests.map((r) => r.query)).toEqual([
      { productId: '10274458975658', variantId: undefined, locationId: '3', limit: '250' },
      { pageToken: 'p2', limit: '250' },
    ]);
    expect(toJson(items)).toBe(`[${ITEM}]`);
  });

  it('connect POSTs to inventory/connect; set PUTs to inventory/{variantId}: both wrapped as inventory', async () => {
    const t = new FakeTransport([{ body: `{"inventory":${ITEM}}` }, { body: `{"inventory":${ITEM}}` }, { body: '' }]);
    const api = new InventoryApi(t);
    await api.connect('7', { locationId: '3', available: '5' });
    await api.set('7/..', { locationId: '3', available: '-2' });
    expect(await api.set('7', { locationId: '3', available: '0' })).toBeUndefined();
    expect(t.requests.slice(0, 2)).toEqual([
      { method: 'POST', path: '/api/202412/inventory/connect', body: { inventory: { variantId: '7', locationId: '3', available: '5' } } },
      { method: 'PUT', path: '/api/202412/inventory/7%2F..', body: { inventory: { locationId: '3', available: '-2' } } },
    ]);
  });
});
