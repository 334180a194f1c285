// Every listing of the sandbox pages through the one pager (resources/pagination.ts): the same
// Link forms, a previous page on every page reached through a token (in the real dialect, whose
// Link writes it), the filters carried by the token and checked again when it comes back.
import { describe, expect, it } from 'vitest';
import { encodePageToken } from '../../src/sandbox/resources/pagination.js';
import { call, withSandbox, type Reply } from './helpers.js';

function realLink(reply: Reply, rel: string): string | undefined {
  const value = reply.headers.get('link')?.replace(/^"(.*)"$/, '$1') ?? '';
  return new RegExp(`< (\\S+) >; rel=${rel}(,|$)`).exec(value)?.[1];
}

/** Each listing of the demo set: its path (a filter where it takes one) and the name of its page's list. */
const LISTINGS: Array<{ path: string; many: string }> = [
  { path: '/gift_cards/search?status=enabled', many: 'giftCards' },
  { path: '/products?status=active', many: 'products' },
  { path: '/shops/locations', many: 'locations' },
  { path: '/inventory', many: 'inventories' },
  { path: '/customers', many: 'customers' },
  { path: '/discounts', many: 'discounts' },
  { path: '/orders?financialStatus=paid', many: 'orders' },
  { path: '/metafields/definitions/products', many: 'metafields' },
  { path: '/app/webhooks?topic=products/create', many: 'webhooks' },
];

const idsOf = (reply: Reply, many: string, id: string): string[] => (reply.json[many] as Array<Record<string, unknown>>).map((record) => String(record[id]));

/** A page's records, each as its JSON text (an inventory item has no id of its own). */
const pageOf = (reply: Reply, many: string): string[] => (reply.json[many] as unknown[]).map((record) => JSON.stringify(record));

describe('the listings, in the real dialect', () => {
  it.each(LISTINGS)('$path links each page reached through a token back to the one before', async ({ path, many }) => {
    await withSandbox({ seed: 'demo', dialect: 'real' }, async (sandbox) => {
      for (const address of ['https://hooks.example.com/a', 'https://hooks.example.com/b', 'https://hooks.example.com/c']) {
        expect((await call(sandbox, 'POST', '/app/webhooks', { body: { webhook: { address, topic: 'products/create' } } })).status).toBe(201);
      }
      const first = await call(sandbox, 'GET', `${path}${path.includes('?') ? '&' : '?'}limit=1`);
      expect(first.status, first.text).toBe(200);
      expect(realLink(first, 'previous')).toBeUndefined();
      const second = await call(sandbox, 'GET', realLink(first, 'next') as string);
      expect(pageOf(second, many)).not.toEqual(pageOf(first, many));
      const back = await call(sandbox, 'GET', realLink(second, 'previous') as string);
      expect(back.status, back.text).toBe(200);
      expect(pageOf(back, many)).toEqual(pageOf(first, many));
    });
  });
});

describe('a page token', () => {
  it.each([
    ['/discounts', 'status'],
    ['/customers/search', 'email'],
    ['/app/webhooks', 'topic'],
    ['/orders', 'financialStatus'],
  ])('has its filters checked again when it comes back to %s: a forged %s is refused at pageToken', async (path, filter) => {
    await withSandbox({ seed: 'demo' }, async (sandbox) => {
      const token = encodePageToken({ after: '1', filters: { [filter]: filter === 'email' ? ' ' : 'bogus' } });
      const reply = await call(sandbox, 'GET', `${path}?pageToken=${token}`);
      expect(reply.status).toBe(400);
      expect(reply.json.errors).toEqual([{ field: 'pageToken', message: expect.any(String) }]);
    });
  });

  it('carries sinceId: a filter of the listing like any other, the same beside the token in our dialect', async () => {
    await withSandbox({ seed: 'demo' }, async (sandbox) => {
      const all = idsOf(await call(sandbox, 'GET', '/shops/locations'), 'locations', 'locationId');
      const first = await call(sandbox, 'GET', `/shops/locations?limit=1&sinceId=${all[0]}`);
      expect(idsOf(first, 'locations', 'locationId')).toEqual([all[1]]);
      const next = /<([^>]+)>/.exec(first.headers.get('link') ?? '')?.[1] as string;
      expect(idsOf(await call(sandbox, 'GET', `${next}&sinceId=${all[0]}`), 'locations', 'locationId')).toEqual([all[2]]);
      const other = await call(sandbox, 'GET', `${next}&sinceId=${all[1]}`);
      expect(other.status).toBe(400);
      expect(other.json.errors).toEqual([
        { field: 'sinceId', message: 'differs from the filter carried by pageToken; send pageToken alone to get the next page' },
      ]);
    });
  });
});
