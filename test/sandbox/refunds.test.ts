import { afterEach, describe, expect, it } from 'vitest';
import { launchSandbox } from '../../src/sandbox/sandbox.js';
import { DIALECTS } from '../helpers/dialects.js';
import { call, withSandbox } from './helpers.js';
import { startReceiver, type Receiver } from './webhook-receiver.js';

// Refunds (About Refund) and orders made through the API (About Order's create), in both
// dialects: a refund is held to what the order was paid and what earlier refunds gave back
// (422 beyond it), its amount worked out from its lines and shipping unless given, the order's
// financialStatus following; an order's lines come from the catalog's variants, its buyer by
// email; each announced to webhooks.

const PAID = '6000000000000000141'; // #1005: 2 × MUG-SND at 18.50, shipping 4.50, tax 2.96, total 44.46
const PENDING = '6000000000000000151';
const CANCELLED = '6000000000000000121'; // #1003, refunded in full by the demo's refund
const GOODWILL = '6000000000000000111'; // #1002, 10.00 given back by the demo's refund

describe.each(DIALECTS)('refunds (%s dialect)', (dialect) => {
  const idKey = dialect === 'real' ? 'refundId' : 'id';
  const idOf = (refund: Record<string, unknown>) => String(refund[idKey]);

  it("the demo's refunds: an order's listed, read by ids in the order asked, summed up on the order", async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const listed = await call(sandbox, 'GET', `/orders/${CANCELLED}/refunds`);
      expect(listed.status).toBe(200);
      expect(listed.json.refunds).toHaveLength(1);
      const [full] = listed.json.refunds;
      expect(full).toMatchObject({ orderId: CANCELLED, amount: '79.92', currency: 'USD', status: 'success' });
      expect(Object.keys(full)[0]).toBe(idKey);
      expect(full.lineItems).toEqual([
        expect.objectContaining({
          quantity: 4,
          subtotal: '74.00',
          lineItem: expect.objectContaining({ title: 'Stoneware Coffee Mug - Sand', sku: 'MUG-SND' }),
        }),
      ]);
      const goodwill = (await call(sandbox, 'GET', `/orders/${GOODWILL}/refunds`)).json.refunds[0];
      const both = await call(sandbox, 'GET', `/refunds?ids=${idOf(goodwill)},9999,${idOf(full)}`);
      expect(both.json.refunds.map(idOf)).toEqual([idOf(goodwill), idOf(full)]);
      expect((await call(sandbox, 'GET', '/refunds')).status).toBe(400);
      const order = (await call(sandbox, 'GET', `/orders/${GOODWILL}`)).json.order;
      expect(order.financialStatus).toBe('partially_refunded');
      expect(order.refunds).toEqual([expect.objectContaining({ [idKey]: idOf(goodwill), amount: '10.00', totalRefundShippingPrice: '0.00' })]);
      expect((await call(sandbox, 'GET', `/orders/${PAID}`)).json.order.refunds).toEqual([]);
    });
  });

  it('a line refunded gives back its share of what was paid; the rest with the shipping brings back the whole; then nothing is left', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const line = { lineItemId: '6100000000000000007', quantity: 1 };
      const first = await call(sandbox, 'POST', '/refunds', {
        body: { refund: { orderId: PAID, lineItems: [line], note: 'One mug broke', notifyCustomer: true } },
      });
      expect(first.status, first.text).toBe(dialect === 'real' ? 201 : 200);
      // 39.96 paid for the goods (44.46 less 4.50 shipping), by price: half of it.
      expect(first.json.refund).toMatchObject({ amount: '19.98', note: 'One mug broke', notifyCustomer: true });
      expect((await call(sandbox, 'GET', `/orders/${PAID}`)).json.order.financialStatus).toBe('partially_refunded');

      const rest = await call(sandbox, 'POST', '/refunds', { body: { refund: { orderId: PAID, lineItems: [line], shipping: { shippingPrice: '4.50' } } } });
      expect(rest.json.refund).toMatchObject({ amount: '24.48', shipping: { shippingPrice: '4.50' } });
      const order = (await call(sandbox, 'GET', `/orders/${PAID}`)).json.order;
      expect(order.financialStatus).toBe('refunded');
      expect(order.refunds.map((refund: Record<string, unknown>) => refund.amount)).toEqual(['19.98', '24.48']);

      const more = await call(sandbox, 'POST', '/refunds', { body: { refund: { orderId: PAID, amount: '0.01' } } });
      expect(more.status).toBe(422);
      expect(more.text).toContain('A refund of 0.01 USD is more than the 0.00 USD left to refund on the order #1005 (paid 44.46, refunded 44.46).');
      expect((await call(sandbox, 'POST', '/refunds', { body: { refund: { orderId: PAID, lineItems: [line] } } })).text).toContain(
        'has 0 left to refund, not 1',
      );
    });
  });

  it('refuses more than was paid (422, one sentence), an unpaid order, a foreign line, more shipping than charged, and a refund of nothing', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const refund = async (fields: Record<string, unknown>) => call(sandbox, 'POST', '/refunds', { body: { refund: { orderId: PAID, ...fields } } });
      const beyond = await refund({ amount: '50.00' });
      expect(beyond.status).toBe(422);
      expect(beyond.text).toContain('A refund of 50.00 USD is more than the 44.46 USD left to refund on the order #1005 (paid 44.46, refunded 0.00).');
      const unpaid = await call(sandbox, 'POST', '/refunds', { body: { refund: { orderId: PENDING, amount: '1.00' } } });
      expect(unpaid.status).toBe(422);
      expect(unpaid.text).toContain('The order #1006 is pending: nothing was paid, so nothing can be refunded.');
      const foreign = await refund({ lineItems: [{ lineItemId: '6100000000000000001', quantity: 1 }] });
      expect(foreign.status).toBe(400);
      expect(foreign.text).toContain('lineItems[0].lineItemId');
      expect((await refund({ lineItems: [{ lineItemId: '6100000000000000007', quantity: 3 }] })).text).toContain('has 2 left to refund, not 3');
      expect((await refund({ shipping: { shippingPrice: '5.00' } })).status).toBe(422);
      expect((await refund({})).status).toBe(400);
      expect((await refund({ amount: '0' })).status).toBe(400);
      expect((await call(sandbox, 'POST', '/refunds', { body: { refund: { orderId: '1', amount: '1.00' } } })).status).toBe(400);
      expect((await call(sandbox, 'GET', `/orders/${PAID}/refunds`)).json.refunds).toEqual([]);
      expect((await call(sandbox, 'GET', `/orders/${PAID}`)).json.order.financialStatus).toBe('paid');
    });
  });
});

describe.each(DIALECTS)('order create (%s dialect)', (dialect) => {
  const idKey = dialect === 'real' ? 'orderId' : 'id';

  it("takes its lines from the catalog's variants (or a line of its own), its buyer by email; totals worked out; the next name", async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const made = await call(sandbox, 'POST', '/orders', {
        body: {
          order: {
            lineItems: [
              { variantId: '4000000000000000409', quantity: 2 },
              { title: 'Gift wrap', price: '3.00', quantity: 1 },
            ],
            email: 'GRACE@example.com',
            totalShippingPrice: '4.00',
            tags: ' test ,, migrated',
            sourceIdentifier: 'OLD-1001',
          },
        },
      });
      expect(made.status, made.text).toBe(dialect === 'real' ? 201 : 200);
      const order = made.json.order;
      expect(order).toMatchObject({
        name: '#1009',
        status: 'open',
        financialStatus: 'paid',
        fulfillmentStatus: 'unfulfilled',
        customerId: '7300000000000000215',
        email: 'GRACE@example.com',
        subtotalPrice: '51.00',
        totalPrice: '55.00',
        tags: 'test, migrated',
        sourceIdentifier: 'OLD-1001',
        refunds: [],
      });
      expect(order.lineItems).toEqual([
        expect.objectContaining({
          sku: 'TSH-WHT-S',
          title: 'Organic Cotton T-Shirt - White / S',
          quantity: 2,
          price: '24.00',
          variantId: '4000000000000000409',
        }),
        expect.objectContaining({ title: 'Gift wrap', quantity: 1, price: '3.00' }),
      ]);
      const id = String(order[idKey]);
      expect((await call(sandbox, 'GET', `/orders/${id}`)).json.order.name).toBe('#1009');
      // Made paid, it can be given back.
      expect((await call(sandbox, 'POST', '/refunds', { body: { refund: { orderId: id, amount: '55.00' } } })).status).toBe(dialect === 'real' ? 201 : 200);
    });
  });

  it('refuses an unknown variant or customer at its JSON path, a field it does not take, a line without a quantity; nothing is made', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const create = (order: Record<string, unknown>) => call(sandbox, 'POST', '/orders', { body: { order } });
      const variant = await create({ lineItems: [{ variantId: '1', quantity: 1 }] });
      expect(variant.status).toBe(400);
      expect(variant.text).toContain('order.lineItems[0].variantId');
      expect((await create({ lineItems: [{ variantId: '4000000000000000409', quantity: 1 }], customerId: '1' })).text).toContain('order.customerId');
      expect((await create({ lineItems: [{ variantId: '4000000000000000409', quantity: 1 }], totalPrice: '1.00' })).text).toContain('order.totalPrice');
      expect((await create({ lineItems: [{ variantId: '4000000000000000409' }] })).text).toContain('order.lineItems[0].quantity');
      expect((await create({ lineItems: [] })).status).toBe(400);
      expect((await create({ lineItems: [{ variantId: '4000000000000000409', quantity: 1 }], financialStatus: 'refunded' })).status).toBe(400);
      expect(String((await call(sandbox, 'GET', '/orders/count')).json.count)).toBe('8');
    });
  });
});

describe('order and refund webhooks', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()?.();
  });

  it('a paid order made announces orders/create and orders/paid; a refund refunds/create with the refund, then orders/update with the order refunded', async () => {
    const hooks: Receiver = await startReceiver();
    cleanups.push(() => hooks.close());
    const sandbox = await launchSandbox({ seed: 'demo', webhooks: { urls: [hooks.url], secret: 'hook-secret' } }, { webhookBackoffMs: 2 });
    cleanups.push(() => sandbox.close());
    const made = await call(sandbox, 'POST', '/orders', { body: { order: { lineItems: [{ variantId: '4000000000000000435', quantity: 1 }] } } });
    const id = String(made.json.order.id);
    await call(sandbox, 'POST', '/refunds', { body: { refund: { orderId: id, amount: '18.50' } } });
    await hooks.until((received) => received.length === 4);
    expect(hooks.received.map((delivery) => delivery.topic)).toEqual(['orders/create', 'orders/paid', 'orders/update', 'refunds/create']);
    const refund = JSON.parse(hooks.received[3]!.raw.toString()) as { orderId: string; amount: string };
    expect(refund).toMatchObject({ amount: '18.50' });
    expect(String(refund.orderId)).toBe(id);
    expect((JSON.parse(hooks.received[2]!.raw.toString()) as { financialStatus: string }).financialStatus).toBe('refunded');
  });
});
