// `payment get ID`, in-process against a sandbox in each dialect (About Pay Transaction: a
// payment read by its text id; a gateway's own fields shown as sent, its secrets masked).
import { describe, expect, it } from 'vitest';
import type { SandboxSeed } from '../../../src/sandbox/index.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { demoDocument } from '../../../src/sandbox/state/seed.js';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS, wireTime } from '../../helpers/dialects.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { expectUsageError, requestLog, stripAnsi, tsvRecord } from '../_support.js';

const PAYPAL = 'PI0020260919143000121';
const LEAKY = 'PI0020261101120000999';

/** The demo set and a payment whose gateway sent what it never should: a whole card number, its security code, a key. */
function seed(): SandboxSeed {
  const document = demoDocument() as Record<string, unknown[]>;
  document.payments!.push({
    paymentId: LEAKY,
    orderId: '6000000000000000141',
    status: 'SUCCESS',
    amount: '44.46',
    currency: 'USD',
    channel: 'acme_gateway',
    channelTrxNo: 'ACME-7731',
    successPaymentTime: '2026-11-16T12:00:00Z',
    channelDetails: { card: { number: '4111111111111111', cardNumber: '4111111111111111', cvv: '737' }, apiKey: 'sk_live_51HxYz0123456789', approval: 'OK-55' },
  });
  return document as SandboxSeed;
}

describe.each(DIALECTS)('payment, %s dialect', (dialect) => {
  const log = requestLog();
  const s = useSandbox({
    dialect,
    seed: seed(),
    onRequest: log.hook,
    tokens: [parseTokenSpec('pay-token-1:read_payments'), parseTokenSpec('orders-token-2:read_orders')],
  });
  const as = (token: string) => ({ ...s.env, STORE_CLI_TOKEN: token });
  const env = () => as('pay-token-1');

  it('get shows the payment field by field, its gateway and transaction number; --json prints every field as sent', async () => {
    const shown = await cli(['payment', 'get', PAYPAL], { env: env() });
    expect(shown.code, shown.stderr).toBe(0);
    expect(tsvRecord(shown.stdout)).toEqual({
      ID: PAYPAL,
      ORDER: '6000000000000000121',
      STATUS: 'SUCCESS',
      AMOUNT: '79.92',
      CURRENCY: 'USD',
      FEE: '3.12',
      GATEWAY: 'paypal',
      GATEWAY_TRANSACTION: '0SX593062F1597043',
      PAID: wireTime(dialect, '2026-09-19T14:30:41Z'),
      GATEWAY_DETAILS: 'payerId: QYR5Z8XDVJNXQ, paymentSource: paypal_wallet, sellerProtection: ELIGIBLE',
    });
    const json = await cli(['payment', 'get', PAYPAL, '--json'], { env: env() });
    expect(JSON.parse(json.stdout)).toMatchObject({ paymentId: PAYPAL, amount: '79.92', fee: '3.12', channelDetails: { payerId: 'QYR5Z8XDVJNXQ' } });
    const picked = await cli(['payment', 'get', PAYPAL, '--json', 'amount,channelTrxNo'], { env: env() });
    expect(JSON.parse(picked.stdout)).toEqual({ amount: '79.92', channelTrxNo: '0SX593062F1597043' });
  });

  it('a card number, security code or key the gateway sent shows its last four characters only, in every form', async () => {
    const json = await cli(['payment', 'get', LEAKY, '--json', 'channelDetails'], { env: env() });
    expect(JSON.parse(json.stdout)).toEqual({
      channelDetails: { card: { number: '****1111', cardNumber: '****1111', cvv: '****' }, apiKey: '****6789', approval: 'OK-55' },
    });
    for (const run of [await cli(['payment', 'get', LEAKY], { env: env() }), await cli(['payment', 'get', LEAKY], { env: env(), tty: true, columns: 200 })]) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).not.toContain('41111111');
      expect(run.stdout).not.toContain('737');
      expect(run.stdout).not.toContain('sk_live');
      expect(stripAnsi(run.stdout)).toContain('****1111');
    }
  });

  it('an id that is not one exits 2 naming it, nothing sent; an unknown one exits 1; a token without read_payments exits 4', async () => {
    log.clear();
    expectUsageError(await cli(['payment', 'get', '../orders/1'], { env: env() }), '<id>');
    expectUsageError(await cli(['payment', 'get', 'PI 1'], { env: env() }), '<id>');
    expect(await log.take()).toEqual([]);
    const missing = await cli(['payment', 'get', 'PI404'], { env: env() });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('PI404');
    const refused = await cli(['payment', 'get', PAYPAL], { env: as('orders-token-2') });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('read_payments');
  });
});
