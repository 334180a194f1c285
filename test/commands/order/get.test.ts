// order get against the sandbox: the order's money by the one reading of an order whichever
// names the dialect writes (ours: currency, totalTax; the real one: shopCurrency,
// currentTotalTax), its line items as a table under the record in a terminal, and an order
// older than 60 days read with a token that sees the last 60 days only, said as such.
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { stripAnsi, tsvRecord as record } from '../_support.js';

const OLD = '6000000000000000101'; // 120 days old
const RECENT = '6000000000000000131'; // 30 days old, two line items

describe.each(DIALECTS)('order get (%s dialect)', (dialect) => {
  const s = useSandbox({
    dialect,
    seed: 'demo',
    tokens: [parseTokenSpec('full-token-0001'), parseTokenSpec('narrow-token-01:read_orders,write_orders')],
  });
  const env = (token = 'full-token-0001') => ({ ...s.env, STORE_CLI_TOKEN: token });

  it('piped: the order field by field, its tax and currency whichever names the store used', async () => {
    const r = await cli(['order', 'get', RECENT], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(record(r.stdout)).toMatchObject({ ID: RECENT, TAX: '9.04', CURRENCY: 'USD', DISCOUNTS: '10.00', TOTAL: '117.04', STATUS: 'open', LINE_ITEMS: '2' });
    // Piped, the record only: the lines are --json lineItems.
    expect(r.stdout).not.toContain('QTY');
  });

  it('in a terminal: the record, then a table of its line items with each line total in exact decimals', async () => {
    const r = await cli(['order', 'get', OLD], { env: env(), tty: true, columns: 120 });
    expect(r.code, r.stderr).toBe(0);
    const text = stripAnsi(r.stdout);
    expect(text).toMatch(/TAX\s+5\.28/);
    // No line has a discount: the table leaves the empty column out.
    expect(text).toMatch(/LINE\s+SKU\s+TITLE\s+QTY\s+PRICE\s+TOTAL/);
    expect(text).toMatch(/6100000000000000001\s+TSH-WHT-S\s+Organic Cotton T-Shirt - White \/ S\s+2\s+24\.00\s+48\.00/);
    expect(text).toMatch(/6100000000000000002\s+MUG-SND\s+Stoneware Coffee Mug - Sand\s+1\s+18\.50\s+18\.50/);
    expect(text.indexOf('LINE ITEMS')).toBeLessThan(text.indexOf('MUG-SND'));
  });

  it('an order older than 60 days, with a token without read_all_orders: not found, and said that the token sees the last 60 days only', async () => {
    const hidden = await cli(['order', 'get', OLD], { env: env('narrow-token-01') });
    expect(hidden.code).toBe(1);
    expect(hidden.stderr).toContain('No order has the id');
    expect(hidden.stderr).toMatch(
      /This token lacks read_all_orders, so it sees only the orders of the last 60 days \(created since \d{4}-\d{2}-\d{2}\): an older order is not found with it/,
    );
    const cancel = await cli(['order', 'cancel', OLD, '--yes'], { env: env('narrow-token-01') });
    expect(cancel.code).toBe(1);
    expect(cancel.stderr).toContain('lacks read_all_orders');
    // A token that sees every order: a 404 is a 404, nothing more said.
    const missing = await cli(['order', 'get', '6000000000000000999'], { env: env() });
    expect(missing.code).toBe(1);
    expect(missing.stderr).not.toContain('read_all_orders');
  });
});

describe("the docs' order in the sandbox's real dialect", () => {
  // The object sample of "About Order" as a seed: its id, note, source, money and fulfilment.
  const s = useSandbox({
    dialect: 'real',
    seed: {
      orders: [
        {
          id: '1001',
          note: 'Customer changed their mind.',
          sourceIdentifier: 'ORDERID-123',
          financialStatus: 'partially_paid',
          fulfillmentStatus: 'partial',
          totalTax: '10.00',
          totalDiscounts: '0.00',
          totalPrice: '409.94',
        },
      ],
    },
  });

  it('order get shows its tax (currentTotalTax on the wire) and its currency (shopCurrency)', async () => {
    const r = await cli(['order', 'get', '1001'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(record(r.stdout)).toMatchObject({
      ID: '1001',
      TAX: '10.00',
      CURRENCY: 'USD',
      TOTAL: '409.94',
      FULFILMENT: 'partial',
      NOTE: 'Customer changed their mind.',
    });
    const wire = JSON.parse((await cli(['order', 'get', '1001', '--json', 'currentTotalTax,shopCurrency,totalTax,currency'], { env: s.env })).stdout);
    expect(wire).toEqual({ currentTotalTax: '10.00', shopCurrency: 'USD', totalTax: null, currency: null });
  });
});
