import { describe, expect, it } from 'vitest';
import { toJson } from '../../src/core/json.js';
import { ApiError, RuntimeError } from '../../src/core/errors.js';
import { givesBack, refundAmountOf, refundIdOf, refundLinesOf, refunds, RefundsApi, refundShippingOf, type Refund } from '../../src/api/refunds/declaration.js';
import { FakeTransport } from '../helpers/fake-transport.js';
import { API_REFUND, EVENT_REFUND } from '../helpers/refund-sample.js';

// The refunds client (About Refund): its three paths, the body a create sends, and the docs'
// two copies of a refund read alike (an older one with `id`, `refundPrice` and snake_case
// lines, as the refunds/create event prints it; a newer one with `refundId`, `amount` and
// `lineItemId`), only the id required.

const API_SAMPLE = `{"refund":${API_REFUND}}`;

describe('RefundsApi', () => {
  it("lists an order's, reads one by ids=, creates at the documented paths; the body as decided", async () => {
    const t = new FakeTransport([{ body: `{"refunds":[${EVENT_REFUND}]}` }, { body: `{"refunds":[{"id":"1"},{"id":"77"}]}` }, { body: API_SAMPLE }]);
    const api = new RefundsApi(t, refunds);
    expect((await api.listFor('6000000000000000141')).map(refundIdOf)).toEqual(['1000069823694']);
    expect(refundIdOf(await api.getById('77'))).toBe('77');
    const made = await api.createFor(
      {
        orderId: '6000000000000000141',
        lineItems: [{ lineItemId: '6100000000000000007', quantity: 1 }],
        shipping: '4.50',
        note: 'Broken',
        notifyCustomer: true,
      },
      new Set(),
    );
    expect(made.how).toBe('created');
    expect(t.requests.map((r) => `${r.method} ${r.path} ${toJson(r.query ?? {})}`)).toEqual([
      'GET /api/202412/orders/6000000000000000141/refunds {}',
      'GET /api/202412/refunds {"ids":"77"}',
      'POST /api/202412/refunds {}',
    ]);
    expect(t.requests[2]!.body).toEqual({
      refund: {
        orderId: '6000000000000000141',
        lineItems: [{ lineItemId: '6100000000000000007', quantity: 1 }],
        shipping: { shippingPrice: '4.50' },
        note: 'Broken',
        notifyCustomer: true,
      },
    });
  });

  it('reads both copies of the docs alike: the id, the amount, the lines; every other field as sent', async () => {
    const api = new RefundsApi(new FakeTransport([{ body: `{"refunds":[${EVENT_REFUND}, ${API_REFUND}]}` }]), refunds);
    const [older, newer] = (await api.listFor('1')) as [Refund, Refund];
    expect([refundIdOf(older), refundAmountOf(older), refundShippingOf(older)]).toEqual(['1000069823694', '10.00', '']);
    expect(refundLinesOf(older)).toBeUndefined();
    expect(older.customerId).toBe('1020000013594');
    expect([refundIdOf(newer), refundAmountOf(newer)]).toEqual(['1000069823695', '10.00']);
    expect(refundLinesOf(newer)).toEqual([{ lineItemId: '333', quantity: 1 }]);
    expect(newer.rightsType).toBe('1');
  });

  it('a refund without an id is a runtime error; a read by id the store does not list is a 404', async () => {
    await expect(new RefundsApi(new FakeTransport([{ body: '{"refunds":[{"amount":"1.00"}]}' }]), refunds).listFor('1')).rejects.toBeInstanceOf(RuntimeError);
    const missing = new RefundsApi(new FakeTransport([{ body: '{"refunds":[]}' }]), refunds).getById('5');
    await expect(missing).rejects.toBeInstanceOf(ApiError);
    await expect(missing).rejects.toMatchObject({ status: 404 });
  });

  it('a refund gives back what was asked only when its lines, shipping, amount and note are those asked', () => {
    const asked = { orderId: '1', lineItems: [{ lineItemId: '7', quantity: 1 }], shipping: '4.5', note: 'n' };
    const refund = { id: '9', lineItems: [{ lineItemId: '7', quantity: '1' }], shipping: { shippingPrice: '4.50' }, amount: '24.48', note: 'n' } as Refund;
    expect(givesBack(refund, asked)).toBe(true);
    expect(givesBack(refund, { ...asked, amount: '24.48' })).toBe(true);
    expect(givesBack(refund, { ...asked, amount: '20.00' })).toBe(false);
    expect(givesBack(refund, { ...asked, shipping: undefined })).toBe(false);
    expect(givesBack(refund, { ...asked, lineItems: [{ lineItemId: '7', quantity: 2 }] })).toBe(false);
    expect(givesBack(refund, { ...asked, note: 'other' })).toBe(false);
    expect(givesBack({ id: '9', lineItems: 'x' } as Refund, { orderId: '1', lineItems: [] })).toBe(false);
  });
});
