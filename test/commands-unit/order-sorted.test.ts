// The page walks of `order list` (commands/order/sorted.ts) against a store answered from a
// list: a page the client's check leaves short is filled from the next pages, but a store that
// names the same next page again, page after page, is stopped, not paged for ever.
import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/index.js';
import { oldestPage } from '../../src/commands/order/sorted.js';
import { RuntimeError } from '../../src/core/errors.js';
import { FakeTransport } from '../helpers/fake-transport.js';

const page = (ids: string[], next?: string) => ({
  body: JSON.stringify({ orders: ids.map((id) => ({ id, status: id === '3' ? 'cancelled' : 'open' })) }),
  ...(next === undefined ? {} : { headers: { link: `<https://s.example/api/202412/orders?pageToken=${next}&limit=2>; rel="next"` } }),
});

describe('oldestPage', () => {
  it('fills a page the check left short from the next pages, the filters checked on each', async () => {
    const transport = new FakeTransport([page(['1', '2'], 't2'), page(['3', '4'], 't3'), page(['5'])]);
    const found = await oldestPage(createApi(transport), { status: 'cancelled' }, 2, 2, { pages: 100 });
    expect(found.orders.map((order) => order.id)).toEqual(['3']);
    expect(found.more).toBe(false);
    expect(transport.requests.map((r) => r.query)).toEqual([
      { status: 'cancelled', limit: '2' },
      { pageToken: 't2', limit: '2' },
      { pageToken: 't3', limit: '2' },
    ]);
  });

  it('stops at a next page named twice, and at the bound', async () => {
    // Two tokens taking turns: the third page names the first token again.
    const again = new FakeTransport([page(['1', '2'], 'a'), page(['1', '2'], 'b'), page(['1', '2'], 'a'), page(['1', '2'], 'b')]);
    await expect(oldestPage(createApi(again), { status: 'cancelled' }, 2, 2, { pages: 100 })).rejects.toThrow(RuntimeError);
    expect(again.requests).toHaveLength(3);
    const endless = new FakeTransport(Array.from({ length: 10 }, (_, index) => page(['1', '2'], `t${index}`)));
    await expect(oldestPage(createApi(endless), { status: 'cancelled' }, 2, 2, { pages: 4 })).rejects.toThrow(/after 4 pages/);
  });
});
