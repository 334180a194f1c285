import { describe, expect, it } from 'vitest';
import { toJson } from '../../src/core/json.js';
import { RuntimeError } from '../../src/core/errors.js';
import { FulfillmentsApi, fulfillments } from '../../src/api/fulfillments/declaration.js';
import { FakeTransport } from '../helpers/fake-transport.js';

// The fulfillments client (About Fulfillment): its five paths, the body a create sends, and
// tolerant reads (only the id required).

const ONE = '{"id":77000000000000000011,"orderId":"6000000000000000161","status":1,"lineItems":"[{\\"id\\":\\"1\\"}]","extra":{"kept":true}}';

describe('FulfillmentsApi', () => {
  it('lists and counts an order, creates, changes tracking and cancels at the documented paths; ids digit-exact, other fields as sent', async () => {
    const t = new FakeTransport([
      { body: `{"fulfillments":[${ONE}]}` },
      { body: '{"count":"1"}' },
      { body: `{"fulfillment":${ONE}}` },
      { body: `{"fulfillment":${ONE}}` },
      { body: `{"fulfillment":${ONE}}` },
    ]);
    const api = new FulfillmentsApi(t, fulfillments);
    expect(toJson(await api.listFor('6000000000000000161'))).toBe(`[${ONE}]`);
    expect(await api.countFor('6000000000000000161')).toBe('1');
    await api.createFor('6000000000000000161', [{ id: '6100000000000000009', quantity: 1 }, { id: '6100000000000000010' }], {
      trackingCompany: 'UPS',
      trackingNumber: '1Z',
      notifyCustomer: true,
    });
    await api.updateTracking('77', { trackingNumber: '2Z' });
    await api.cancel('77');
    expect(t.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/202412/orders/6000000000000000161/fulfillments',
      'GET /api/202412/orders/6000000000000000161/fulfillments/count',
      'POST /api/202412/fulfillments',
      'PUT /api/202412/fulfillments/77/update_tracking',
      'PUT /api/202412/fulfillments/77/cancel',
    ]);
    expect(t.requests[2]!.body).toEqual({
      fulfillment: {
        orderId: '6000000000000000161',
        lineItems: [{ id: '6100000000000000009', quantity: 1 }, { id: '6100000000000000010' }],
        trackingCompany: 'UPS',
        trackingNumber: '1Z',
        notifyCustomer: true,
      },
    });
    expect(t.requests[3]!.body).toEqual({ fulfillment: { trackingNumber: '2Z' } });
  });

  it('a create without lines sends none (every line left to ship); an answer without an id is a runtime error', async () => {
    const t = new FakeTransport([{ body: '{"fulfillment":{"status":"success"}}' }]);
    await expect(new FulfillmentsApi(t, fulfillments).createFor('5', [], {})).rejects.toBeInstanceOf(RuntimeError);
    expect(t.requests[0]!.body).toEqual({ fulfillment: { orderId: '5' } });
  });
});
