import { afterEach, describe, expect, it } from 'vitest';
import { launchSandbox } from '../../src/sandbox/sandbox.js';
import { DIALECTS } from '../helpers/dialects.js';
import { call, withSandbox } from './helpers.js';
import { startReceiver, type Receiver } from './webhook-receiver.js';

// Fulfillments (About Fulfillment): made against an order's lines, what is left to ship
// checked, the order's fulfillment status following; tracking changed; cancelled; an order's
// listed and counted; in both dialects.

const ORDER = '6000000000000000161';
const DONE = '6000000000000000111';

describe.each(DIALECTS)('fulfillments (%s dialect)', (dialect) => {
  it('a fulfillment of one line makes the order partial, of the rest fulfilled; too many, a fulfilled order, a foreign line are refused; cancel reopens', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const one = await call(sandbox, 'POST', '/fulfillments', {
        body: {
          fulfillment: {
            orderId: ORDER,
            lineItems: [{ id: '6100000000000000009', quantity: 1 }],
            trackingCompany: 'UPS',
            trackingNumber: '1Z999',
            notifyCustomer: 'true',
          },
        },
      });
      expect(one.status).toBe(dialect === 'real' ? 201 : 200);
      expect(one.json.fulfillment).toMatchObject({ status: 'success', trackingCompany: 'UPS', trackingNumber: '1Z999', notifyCustomer: true });
      expect((await call(sandbox, 'GET', `/orders/${ORDER}`)).json.order.fulfillmentStatus).toBe('partial');

      const again = await call(sandbox, 'POST', '/fulfillments', {
        body: { fulfillment: { orderId: ORDER, lineItems: [{ id: '6100000000000000009', quantity: 1 }] } },
      });
      expect(again.status).toBe(409);
      expect(again.text).toContain('0 left to ship');
      const foreign = await call(sandbox, 'POST', '/fulfillments', {
        body: { fulfillment: { orderId: ORDER, lineItems: [{ id: '6100000000000000001', quantity: 1 }] } },
      });
      expect(foreign.status).toBe(400);
      expect(foreign.text).toContain('lineItems[0].id');

      const rest = await call(sandbox, 'POST', '/fulfillments', { body: { fulfillment: { orderId: ORDER, trackingNumber: '1Z1000' } } });
      expect(rest.json.fulfillment.lineItems.map((line: { id: unknown }) => String(line.id))).toEqual(['6100000000000000010', '6100000000000000011']);
      expect((await call(sandbox, 'GET', `/orders/${ORDER}`)).json.order.fulfillmentStatus).toBe('fulfilled');
      expect((await call(sandbox, 'POST', '/fulfillments', { body: { fulfillment: { orderId: DONE } } })).status).toBe(409);

      const listed = await call(sandbox, 'GET', `/orders/${ORDER}/fulfillments`);
      expect(listed.json.fulfillments).toHaveLength(2);
      expect(String((await call(sandbox, 'GET', `/orders/${ORDER}/fulfillments/count`)).json.count)).toBe('2');

      const id = String(rest.json.fulfillment.id);
      const tracked = await call(sandbox, 'PUT', `/fulfillments/${id}/update_tracking`, {
        body: { fulfillment: { trackingCompany: 'DHL', trackingNumber: 'JD0001' } },
      });
      expect(tracked.json.fulfillment).toMatchObject({ trackingCompany: 'DHL', trackingNumber: 'JD0001' });
      const moved = await call(sandbox, 'PUT', `/fulfillments/${id}/update_tracking`, { body: { fulfillment: { orderId: DONE } } });
      expect(moved.status).toBe(400);

      const cancelled = await call(sandbox, 'PUT', `/fulfillments/${id}/cancel`);
      expect(cancelled.json.fulfillment.status).toBe('cancelled');
      expect((await call(sandbox, 'GET', `/orders/${ORDER}`)).json.order.fulfillmentStatus).toBe('partial');
      expect((await call(sandbox, 'PUT', `/fulfillments/${id}/update_tracking`, { body: { fulfillment: { trackingNumber: 'X' } } })).status).toBe(409);
      expect((await call(sandbox, 'PUT', `/fulfillments/${id}/cancel`)).status).toBe(200);
    });
  });

  it("an order's fulfillments, listed or counted: a 404 for an order that does not exist, in a store with fulfillments or none", async () => {
    for (const seed of ['demo', 'none'] as const) {
      await withSandbox({ seed, dialect }, async (sandbox) => {
        for (const path of ['/orders/6999999999999999999/fulfillments', '/orders/6999999999999999999/fulfillments/count']) {
          expect((await call(sandbox, 'GET', path)).status, `${seed}: ${path}`).toBe(404);
        }
      });
    }
  });

  it('cancelling the one fulfillment of a fulfilled order leaves it unfulfilled, to be shipped again', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const whole = await call(sandbox, 'POST', '/fulfillments', { body: { fulfillment: { orderId: ORDER, trackingNumber: 'ONE' } } });
      expect((await call(sandbox, 'GET', `/orders/${ORDER}`)).json.order.fulfillmentStatus).toBe('fulfilled');
      await call(sandbox, 'PUT', `/fulfillments/${String(whole.json.fulfillment.id)}/cancel`);
      expect((await call(sandbox, 'GET', `/orders/${ORDER}`)).json.order.fulfillmentStatus).toBe('unfulfilled');
      const again = await call(sandbox, 'POST', '/fulfillments', { body: { fulfillment: { orderId: ORDER, trackingNumber: 'TWO' } } });
      expect(again.status, again.text).toBe(dialect === 'real' ? 201 : 200);
    });
  });

  it('a line sent without a quantity ships all that is left of it; once none is left it is refused', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      // The partial order #1004: its line 6100000000000000006 is not shipped yet.
      const partial = '6000000000000000131';
      const rest = await call(sandbox, 'POST', '/fulfillments', {
        body: { fulfillment: { orderId: partial, lineItems: [{ id: '6100000000000000006' }], trackingNumber: 'ALL-LEFT' } },
      });
      expect(rest.status, rest.text).toBe(dialect === 'real' ? 201 : 200);
      expect(rest.json.fulfillment.lineItems.map((line: { id: unknown; quantity: unknown }) => [String(line.id), Number(line.quantity)])).toEqual([
        ['6100000000000000006', 1],
      ]);
      const none = await call(sandbox, 'POST', '/fulfillments', { body: { fulfillment: { orderId: partial, lineItems: [{ id: '6100000000000000006' }] } } });
      expect(none.status).toBe(409);
      expect(none.text).toContain('nothing left to ship');
      const zero = await call(sandbox, 'POST', '/fulfillments', {
        body: { fulfillment: { orderId: ORDER, lineItems: [{ id: '6100000000000000009', quantity: 0 }] } },
      });
      expect(zero.status).toBe(400);
      expect(zero.text).toContain('lineItems[0].quantity');
    });
  });
});

describe('fulfillment webhooks', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()?.();
  });

  it('a partial shipment announces orders/partiallyFulfilled, the rest orders/fulfilled, a cancel orders/update, each with the order as it then is', async () => {
    const hooks: Receiver = await startReceiver();
    cleanups.push(() => hooks.close());
    const sandbox = await launchSandbox({ seed: 'demo', webhooks: { urls: [hooks.url], secret: 'hook-secret' } }, { webhookBackoffMs: 2 });
    cleanups.push(() => sandbox.close());
    await call(sandbox, 'POST', '/fulfillments', { body: { fulfillment: { orderId: ORDER, lineItems: [{ id: '6100000000000000009', quantity: 1 }] } } });
    const rest = await call(sandbox, 'POST', '/fulfillments', { body: { fulfillment: { orderId: ORDER } } });
    await call(sandbox, 'PUT', `/fulfillments/${String(rest.json.fulfillment.id)}/cancel`);
    await hooks.until((received) => received.filter((delivery) => delivery.topic.startsWith('orders/')).length === 3);
    const orders = hooks.received.filter((delivery) => delivery.topic.startsWith('orders/'));
    expect(orders.map((delivery) => delivery.topic)).toEqual(['orders/partiallyFulfilled', 'orders/fulfilled', 'orders/update']);
    expect(orders.map((delivery) => (JSON.parse(delivery.raw.toString()) as { fulfillmentStatus: string }).fulfillmentStatus)).toEqual([
      'partial',
      'fulfilled',
      'partial',
    ]);
  });
});
