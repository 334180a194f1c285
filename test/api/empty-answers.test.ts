// Any 2xx is success, and a 202/204 may carry no body (real-store-notes.md): every write
// still succeeds, reading the object back or answering with what was sent.
import { describe, expect, it } from 'vitest';
import { GiftCardsApi } from '../../src/api/gift-cards/requests.js';
import { MetafieldsApi } from '../../src/api/metafields/requests.js';
import { ProductsApi } from '../../src/api/products/requests.js';
import { isEmptyAnswer } from '../../src/api/wire.js';
import { parseJson } from '../../src/core/json.js';
import { FakeTransport } from '../helpers/fake-transport.js';

const CARD = '{"giftCard":{"id":"201462124","code":"FULLCODE1234ABCD","lastCharacters":"ABCD","balance":"5.00","disableTime":"2024-12-16T17:04:38.004"}}';
const PRODUCT = '{"product":{"productId":"301","title":"Tee"}}';

describe('writes answered without a body', () => {
  it('gift card update and disable answered 204 read the card back, its code masked', async () => {
    const transport = new FakeTransport([{ status: 204, body: '' }, { body: CARD }, { status: 204, body: '' }, { body: CARD }]);
    const api = new GiftCardsApi(transport);
    expect(await api.update({ giftCardId: '201462124', balance: '5.00' })).toMatchObject({ id: '201462124', code: '****ABCD' });
    expect(await api.disable('201462124')).toMatchObject({ id: '201462124', code: '****ABCD', disableTime: '2024-12-16T17:04:38.004' });
    expect(transport.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /api/202412/gift_cards/201462124',
      'GET /api/202412/gift_cards/201462124',
      'POST /api/202412/gift_cards/201462124/disable',
      'GET /api/202412/gift_cards/201462124',
    ]);
  });

  it('gift card create answered 201 with the card returns it; answered 202/204 without one returns undefined', async () => {
    const transport = new FakeTransport([
      { status: 201, body: CARD },
      { status: 202, body: '' },
    ]);
    const api = new GiftCardsApi(transport);
    expect((await api.create({ code: 'FULLCODE1234ABCD', initialValue: '5.00' })).card).toMatchObject({ id: '201462124', code: 'FULLCODE1234ABCD' });
    expect(await api.create({ code: 'OTHERCODE5678', initialValue: '5.00' })).toEqual({ card: undefined, how: 'created' });
    expect(transport.requests).toHaveLength(2);
  });

  it('metafield delete answered 204 returns the namespace and code it removed', async () => {
    const transport = new FakeTransport([{ status: 204, body: '' }]);
    expect(await new MetafieldsApi(transport).delete('products', '7', 'custom', 'size')).toEqual({ namespace: 'custom', code: 'size' });
  });

  it('metafield update and batch create answered 204 return the values as sent', async () => {
    const transport = new FakeTransport([
      { status: 204, body: '' },
      { status: 201, body: '' },
    ]);
    const api = new MetafieldsApi(transport);
    expect(await api.update('products', '7', { namespace: 'custom', code: 'size', value: 'M' })).toEqual({ namespace: 'custom', code: 'size', value: 'M' });
    const values = [
      { namespace: 'custom', code: 'a', value: '1' },
      { namespace: 'custom', code: 'b', value: '2' },
    ];
    expect(await api.createBatch('products', '7', values)).toEqual(values);
  });

  it('product create answered without a body returns undefined; update reads the product back', async () => {
    const transport = new FakeTransport([{ status: 202, body: '' }, { status: 204, body: '' }, { body: PRODUCT }, { status: 204, body: '' }]);
    const api = new ProductsApi(transport);
    expect(await api.create({ title: 'Tee' })).toBeUndefined();
    expect(await api.update('301', { title: 'Tee' })).toMatchObject({ productId: '301', title: 'Tee' });
    await expect(api.delete('301')).resolves.toBeUndefined();
    expect(transport.requests.map((r) => r.method)).toEqual(['POST', 'PUT', 'GET', 'DELETE']);
  });

  it('only an object with no field counts as no answer', () => {
    expect(isEmptyAnswer({})).toBe(true);
    for (const body of [{ giftCard: null }, [], null, undefined, '', parseJson('0')]) expect(isEmptyAnswer(body)).toBe(false);
  });
});
