// The store docs' two orders (test/helpers/order-sample.ts: the object sample of "About Order"
// and the order of the order events), served as they are by a tiny local store, and what
// `order get` and `order list` make of them: the client checked against the docs' text, not
// against our own sandbox. Neither writes `currency` nor `totalTax`: the object sample's tax
// is `currentTotalTax`, the event's currency `shopCurrency`; both must show.
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { useDocumentedStore } from '../../helpers/documented-store.js';
import { DOCS_ORDER, EVENT_ORDER } from '../../helpers/order-sample.js';
import { tsvRecord as record, tsvRows } from '../_support.js';

describe("orders in the docs' shapes", () => {
  const store = useDocumentedStore({
    '/api/202412/orders/1001': `{"order": ${DOCS_ORDER}}`,
    '/api/202412/orders/1002': `{"order": ${EVENT_ORDER}}`,
    '/api/202412/orders': `{"orders": [${DOCS_ORDER}, ${EVENT_ORDER}]}`,
  });
  const env = () => store.env;

  it('get of the object sample: its tax from currentTotalTax, what it owes, its fulfilment; no currency is written', async () => {
    const r = await cli(['order', 'get', '1001'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(record(r.stdout)).toMatchObject({
      ID: '1001',
      STATUS: 'open',
      FULFILMENT: 'partial',
      TAX: '10.00',
      DISCOUNTS: '0.00',
      TOTAL: '409.94',
      OUTSTANDING: '5.00',
      CURRENCY: '',
      NOTE: 'Customer changed their mind.',
    });
    // --json is the order exactly as sent.
    expect(JSON.parse((await cli(['order', 'get', '1001', '--json'], { env: env() })).stdout)).toEqual(JSON.parse(DOCS_ORDER));
  });

  it('get of the event order: its currency from shopCurrency, closed as its closedTime says', async () => {
    const r = await cli(['order', 'get', '1002'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(record(r.stdout)).toMatchObject({ ID: '1002', STATUS: 'closed', CURRENCY: 'USD', TOTAL: '110.25', DISCOUNTS: '10.25', TAX: '' });
    // Its refunds in brief, as the event carries them, are a field --json selects.
    expect(JSON.parse((await cli(['order', 'get', '1002', '--json', 'refunds'], { env: env() })).stdout)).toEqual({
      refunds: [{ totalRefundShippingPrice: '0.00' }],
    });
  });

  it('list: both, newest first, the currency column from shopCurrency', async () => {
    const r = await cli(['order', 'list'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    // id, name, created, status, payment, fulfilment, total, currency, email
    expect(tsvRows(r.stdout)).toEqual([
      ['1002', '', '', 'closed', '', '', '110.25', 'USD', ''],
      ['1001', '', '', 'open', '', 'partial', '409.94', '', ''],
    ]);
  });
});
