import { describe, expect, it } from 'vitest';
import { OrdersApi } from '../../src/api/orders/requests.js';
import { checkOrderCancel, checkOrderId, checkOrderQuery, checkOrderUpdate } from '../../src/api/orders/schema.js';
import { idOf, lineTotal } from '../../src/api/orders/reading.js';
import { orderRows, orderRowsText } from '../../src/bulk/kinds/orders/rows.js';
import { toJson } from '../../src/core/json.js';
import { FakeTransport } from '../helpers/fake-transport.js';
import { DOCS_ORDER, EVENT_ORDER } from '../helpers/order-sample.js';
import { parseJson } from '../../src/core/json.js';
import { orderMoney, orderStatus } from '../../src/api/orders/reading.js';
import { usageMessage } from '../helpers/usage-error.js';

/** The docs' two orders (test/helpers/order-sample.ts), wrapped as a read answers them. */
const DOCS_ANSWER = `{"order":${DOCS_ORDER}}`;

/** An order as the fulfilment guide lists them (partners.genstore.ai/docs/apps/app-build-case-fulfillment): `id`, not `orderId`. */
const GUIDE_ORDERS = '{"orders":[{"id":"300157930096874","financialStatus":"paid","fulfillmentStatus":"unfulfilled"}]}';

describe('order requests', () => {
  it("reads the docs' sample order whole, its id from orderId, every field as sent", async () => {
    const transport = new FakeTransport([{ body: DOCS_ANSWER }]);
    const order = await new OrdersApi(transport).get('1001');
    expect(transport.requests[0]).toMatchObject({ method: 'GET', path: '/api/202412/orders/1001' });
    expect(idOf(order)).toBe('1001');
    expect(order.paymentGatewayNames).toBe('["authorize_net","Cash on Delivery (COD)"]');
    expect(order.totalPrice).toBe('409.94');
    // --json prints exactly what came, in the store's order.
    expect(toJson(order)).toBe(DOCS_ORDER);
  });

  it("reads the docs' money names: the object sample's currentTotalTax where it has no totalTax, the event sample's shopCurrency where it has no currency", () => {
    const docs = parseJson(DOCS_ORDER) as never;
    const event = parseJson(EVENT_ORDER) as never;
    expect(orderMoney(docs)).toEqual({ currency: '', subtotal: '', shipping: '', tax: '10.00', discounts: '0.00', total: '409.94', outstanding: '5.00' });
    expect(orderMoney(event)).toEqual({ currency: 'USD', subtotal: '', shipping: '', tax: '', discounts: '10.25', total: '110.25', outstanding: '' });
    // Neither writes a status: the event's closedTime says closed; nothing says other than open of the object sample.
    expect([orderStatus(docs), orderStatus(event)]).toEqual(['open', 'closed']);
    // The service's own names come first where both are there.
    expect(orderMoney({ id: '1', currency: 'EUR', shopCurrency: 'USD', totalTax: '1.00', currentTotalTax: '0.50' } as never)).toMatchObject({
      currency: 'EUR',
      tax: '1.00',
    });
  });

  it("writes the docs' two orders as export rows with their money columns (no line items: one row, line cells empty)", () => {
    const [row] = orderRows(parseJson(DOCS_ORDER) as never);
    expect(row).toMatchObject({
      orderId: '1001',
      total: '409.94',
      tax: '10.00',
      discounts: '0.00',
      fulfillmentStatus: 'partial',
      lineItemId: '',
      lineTotal: '',
    });
    expect(orderRowsText([row!], 'csv')).toBe('1001,,,open,,partial,,,,10.00,0.00,409.94,,,,,,,,,,,\n');
    const [event] = orderRows(parseJson(EVENT_ORDER) as never);
    expect(orderRowsText([event!], 'csv')).toBe('1002,,,closed,,,USD,,,,10.25,110.25,,,,,,,,,,,\n');
  });

  it("lists the fulfilment guide's orders, their id from id, with its filters sent by the store's names", async () => {
    const transport = new FakeTransport([{ body: GUIDE_ORDERS }]);
    const query = checkOrderQuery({ limit: 10, financialStatus: 'paid', fulfillmentStatus: 'unfulfilled' });
    const pages = new OrdersApi(transport).list(query, false);
    const first = await pages.next();
    expect(first.value).toHaveLength(1);
    expect(idOf((first.value as never[])[0]!)).toBe('300157930096874');
    expect(transport.requests[0]).toMatchObject({
      method: 'GET',
      path: '/api/202412/orders',
      query: { limit: '10', financialStatus: 'paid', fulfillmentStatus: 'unfulfilled' },
    });
  });

  it('keeps ids of any length digit-exact', async () => {
    const transport = new FakeTransport([{ body: '{"order":{"orderId":98765432109876543210,"totalPrice":"1.00"}}' }]);
    const order = await new OrdersApi(transport).get('98765432109876543210');
    expect(idOf(order)).toBe('98765432109876543210');
  });

  it('refuses an order without any id, naming both names', async () => {
    const transport = new FakeTransport([{ body: '{"order":{"totalPrice":"1.00"}}' }]);
    await expect(new OrdersApi(transport).get('1')).rejects.toThrow(/neither 'orderId' nor 'id'/);
  });

  it('follows next pages with --all, the token alone', async () => {
    const transport = new FakeTransport([
      { body: '{"orders":[{"id":"1"}]}', headers: { link: '<https://x/api/202412/orders?pageToken=p2&limit=250>; rel="next"' } },
      { body: '{"orders":[{"id":"2"}]}' },
    ]);
    const seen: string[] = [];
    for await (const page of new OrdersApi(transport).everyOrder({ createTimeMin: '2026-01-01T00:00:00Z' })) seen.push(...page.map((o) => idOf(o)!));
    expect(seen).toEqual(['1', '2']);
    expect(transport.requests[0]!.query).toEqual({ createTimeMin: '2026-01-01T00:00:00Z', limit: '250' });
    expect(transport.requests[1]!.query).toEqual({ pageToken: 'p2', limit: '250' });
  });

  it("counts with the store's count when every filter is one its docs show; with another, by listing", async () => {
    const transport = new FakeTransport([
      { body: '{"count":"12"}' },
      { body: '{"orders":[{"id":"1","status":"open"},{"id":"2","status":"closed"},{"id":"3"}]}' },
    ]);
    const api = new OrdersApi(transport);
    expect(await api.count({ financialStatus: 'paid', fulfillmentStatus: 'unfulfilled' })).toBe('12');
    expect(transport.requests[0]).toMatchObject({ path: '/api/202412/orders/count', query: { financialStatus: 'paid', fulfillmentStatus: 'unfulfilled' } });
    // status is not a filter the docs show: the store's count could count every order.
    expect(await api.count({ status: 'open', financialStatus: 'paid' })).toBe('2');
    expect(transport.requests[1]).toMatchObject({ path: '/api/202412/orders', query: { status: 'open', financialStatus: 'paid', limit: '250' } });
  });

  it('a filter the docs do not show cannot widen a listing: each order that comes back is checked against it', async () => {
    // A store that ignores every parameter it does not document: all five orders, whatever was asked.
    const every = JSON.stringify({
      orders: [
        { id: '1', status: 'open', createTime: '2026-11-01T10:00:00Z', customerId: '7', email: 'ada@example.com' },
        { id: '2', status: 'cancelled', createTime: '2026-11-02T10:00:00Z', customerId: '7', email: 'ada@example.com' },
        { id: '3', status: 'open', createTime: '2026-10-01T10:00:00.000', customerId: '8', email: 'grace@example.com' },
        { id: '4', createTime: '2026-11-03T10:00:00.000', customer: { id: '7' } },
        { id: '5', status: 'open', createTime: '2026-11-04T10:00:00Z', customerId: '7' },
      ],
    });
    const ids = async (query: Parameters<OrdersApi['list']>[0]) => {
      const seen: string[] = [];
      for await (const page of new OrdersApi(new FakeTransport([{ body: every }])).list(query, true)) seen.push(...page.map((o) => idOf(o)!));
      return seen;
    };
    expect(await ids({ status: 'open' })).toEqual(['1', '3', '4', '5']);
    // A zone-less time is read as UTC; order 4 has no status and no cancel or close time: open.
    expect(await ids({ createTimeMin: '2026-10-15T00:00:00Z', createTimeMax: '2026-11-03T10:00:00Z' })).toEqual(['1', '2', '4']);
    // The customer by customerId or the order's customer object.
    expect(await ids({ customerId: '7' })).toEqual(['1', '2', '4', '5']);
    // An email the order does not carry (withheld from the token) is the store's word.
    expect(await ids({ email: 'ADA@example.com' })).toEqual(['1', '2', '4', '5']);
    // The documented filters are the store's alone: nothing is checked, whatever comes.
    expect(await ids({ financialStatus: 'paid' })).toEqual(['1', '2', '3', '4', '5']);
  });

  it('cancels with the reason, as an idempotent request; an empty answer is read back', async () => {
    const transport = new FakeTransport([{ body: '' }, { body: '{"order":{"id":"5","status":"cancelled"}}' }]);
    const order = await new OrdersApi(transport).cancel({ orderId: '5', reason: 'customer' });
    expect(order.status).toBe('cancelled');
    expect(transport.requests[0]).toMatchObject({ method: 'POST', path: '/api/202412/orders/5/cancel', body: { reason: 'customer' }, idempotent: true });
    expect(transport.requests[1]).toMatchObject({ method: 'GET', path: '/api/202412/orders/5' });
  });

  it('updates note and tags under an order wrapper, nothing else', async () => {
    const transport = new FakeTransport([{ body: '{"order":{"id":"5","note":"n","tags":"a, b"}}' }]);
    await new OrdersApi(transport).update({ orderId: '5', tags: 'a,b' });
    expect(transport.requests[0]).toMatchObject({ method: 'PUT', path: '/api/202412/orders/5', body: { order: { tags: 'a,b' } } });
  });
});

describe('order input checks', () => {
  it('names the flag at fault', () => {
    expect(usageMessage(() => checkOrderQuery({ createTimeMin: 'yesterday' }))).toMatch(/^--created-since must be a date/);
    expect(usageMessage(() => checkOrderQuery({ createTimeMax: '2026-02-30' }))).toMatch(/^--created-until must be a real date/);
    expect(usageMessage(() => checkOrderQuery({ customerId: 'abc' }))).toMatch(/^--customer must be a numeric id/);
    expect(usageMessage(() => checkOrderQuery({ email: 'a@' }))).toMatch(/^--customer must be a customer id or an email address/);
    expect(usageMessage(() => checkOrderId('12a'))).toMatch(/^<orderId> must be a numeric id/);
    expect(usageMessage(() => checkOrderUpdate({ orderId: '1', note: 'n'.repeat(5001) }))).toBe('--note must be at most 5000 characters.');
    expect(usageMessage(() => checkOrderCancel({ orderId: '1', reason: 'bored' }))).toMatch(
      /^--reason must be one of customer, inventory, fraud, declined, other/,
    );
  });
});

describe('export rows', () => {
  it('multiplies exactly, never through a float', () => {
    expect(lineTotal('3', '0.10')).toBe('0.30');
    expect(lineTotal('7', '19.99')).toBe('139.93');
    expect(lineTotal('2', '999999999999999.99')).toBe('1999999999999999.98');
    expect(lineTotal('1', 'free')).toBe('');
  });

  it('writes one row per line item, order money on each, quoted where CSV needs it', () => {
    const order = {
      id: '9',
      name: '#9',
      currency: 'EUR',
      totalPrice: '30.00',
      lineItems: [
        { id: '1', title: 'Mug, "large"', quantity: 2, price: '10.00' },
        { id: '2', title: 'Tea', quantity: 1, price: '10.00' },
      ],
    };
    const rows = orderRows(order);
    expect(rows.map((r) => [r.lineItemId, r.lineTotal, r.total])).toEqual([
      ['1', '20.00', '30.00'],
      ['2', '10.00', '30.00'],
    ]);
    expect(orderRowsText(rows, 'csv').split('\n')[0]).toContain('"Mug, ""large"""');
    expect(JSON.parse(orderRowsText(rows, 'jsonl').split('\n')[1]!)).toMatchObject({ orderId: '9', title: 'Tea', lineQuantity: '1' });
  });
});
