// `refund list|get|create`, in-process against a sandbox in each dialect (About Refund): an
// order's refunds listed and read by id, money given back for lines and shipping (the order's
// financialStatus following), the store's refusal beyond what was paid shown as one sentence,
// --yes required without a terminal, --dry-run's exact request, and a refund whose answer is
// lost never sent twice: found among the order's refunds, or said to be maybe made.
import { describe, expect, it } from 'vitest';
import { cli, liveCli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { expectUsageError, requestLog, stripAnsi, tsvRecord, tsvRows } from '../_support.js';
import { loseFirst, useLossyProxy } from '../../helpers/lossy-proxy.js';
import { SimClock } from '../../bulk/sim-clock.js';
import { STACK_LINE } from '../../helpers/stack-trace.js';

// The backoffs between tries go by a simulated clock.
const clock = new SimClock().autoAdvance();

const FULL = '6000000000000000121'; // #1003, refunded in full by the demo's refund 6300000000000000002
const MUGS = '6000000000000000141'; // #1005: 2 × MUG-SND (line ...007) at 18.50, shipping 4.50, total 44.46
const PAID = '6000000000000000131'; // #1004, paid, total 117.04
const FRESH = '6000000000000000161'; // #1007, paid, total 142.02

describe.each(DIALECTS)('refund, %s dialect', (dialect) => {
  const log = requestLog();
  const s = useSandbox({ dialect, seed: 'demo', onRequest: log.hook });
  const proxy = useLossyProxy(() => s.sandbox);
  const writes = async () => (await log.take()).filter((line) => line.method !== 'GET').map((line) => `${line.method} ${line.path}`);
  const json = async (argv: string[]) => JSON.parse((await cli(argv, { env: s.env })).stdout) as Record<string, unknown>;

  it("list and get: the demo's full refund of #1003, its lines id×quantity; an unknown refund exits 1", async () => {
    const listed = await cli(['refund', 'list', FULL], { env: s.env });
    expect(listed.code, listed.stderr).toBe(0);
    expect(tsvRows(listed.stdout)).toEqual([
      ['6300000000000000002', '79.92', 'USD', '6100000000000000004×4', '', 'Cancelled before it shipped.', expect.stringMatching(/^2026-09-20T10:00:00/)],
    ]);
    expect(await json(['refund', 'list', FULL, '--json', 'id,amount'])).toEqual([
      { [dialect === 'real' ? 'refundId' : 'id']: '6300000000000000002', amount: '79.92' },
    ]);
    // The order may be named as the store shows it: the same refunds.
    const byName = await cli(['refund', 'list', '#1003'], { env: s.env });
    expect(byName.code, byName.stderr).toBe(0);
    expect(byName.stdout).toBe(listed.stdout);
    const got = await cli(['refund', 'get', '6300000000000000002'], { env: s.env });
    expect(got.code, got.stderr).toBe(0);
    expect(tsvRecord(got.stdout)).toMatchObject({ ID: '6300000000000000002', ORDER: FULL, AMOUNT: '79.92', LINES: '6100000000000000004×4', STATUS: 'success' });
    const missing = await cli(['refund', 'get', '6300000000000000099'], { env: s.env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No refund has the id 6300000000000000099.');
  });

  it('create gives back a line (its quantity: what is left of it) and the shipping; the order is refunded; list shows it', async () => {
    log.clear();
    const made = await cli(['refund', 'create', MUGS, '--line-items', '6100000000000000007', '--shipping-price', '4.50', '--note', 'Both broke', '--yes'], {
      env: s.env,
    });
    expect(made.code, made.stderr).toBe(0);
    expect(tsvRecord(made.stdout)).toMatchObject({ ORDER: MUGS, AMOUNT: '44.46', LINES: '6100000000000000007×2', SHIPPING: '4.50', NOTE: 'Both broke' });
    expect(await writes()).toEqual(['POST /api/202412/refunds']);
    expect(await json(['order', 'get', MUGS, '--json', 'financialStatus'])).toEqual({ financialStatus: 'refunded' });
    expect(tsvRows((await cli(['refund', 'list', MUGS], { env: s.env })).stdout)).toHaveLength(1);
    const again = await cli(['refund', 'create', MUGS, '--line-items', '6100000000000000007', '--yes'], { env: s.env });
    expectUsageError(again, '--line-items');
    expect(again.stderr).toContain('the line 6100000000000000007 of the order #1005 is refunded in full already');
  });

  it('more than was paid: the store refuses (422), shown as one sentence, exit 1; nothing is refunded', async () => {
    const beyond = await cli(['refund', 'create', PAID, '--amount', '500', '--yes'], { env: s.env });
    expect(beyond.code).toBe(1);
    const lines = beyond.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('A refund of 500.00 USD is more than the 117.04 USD left to refund on the order #1004 (paid 117.04, refunded 0.00)');
    expect(beyond.stderr).not.toMatch(STACK_LINE);
    expect(await json(['refund', 'list', PAID, '--json', 'id'])).toEqual([]);
  });

  it('bad input exits 2 naming the flag, before anything is sent; a line the order has not exits 2 after reading it, nothing refunded', async () => {
    log.clear();
    expectUsageError(await cli(['refund', 'create', PAID, '--yes'], { env: s.env }), '--line-items, --shipping-price or --amount');
    expectUsageError(await cli(['refund', 'create', PAID, '--amount', '0', '--yes'], { env: s.env }), '--amount');
    expectUsageError(await cli(['refund', 'create', PAID, '--amount', '1.005', '--yes'], { env: s.env }), '--amount');
    expectUsageError(await cli(['refund', 'create', PAID, '--shipping-price', 'five', '--yes'], { env: s.env }), '--shipping-price');
    expectUsageError(await cli(['refund', 'create', PAID, '--amount', '1', '--note', 'x'.repeat(501), '--yes'], { env: s.env }), '--note');
    expectUsageError(await cli(['refund', 'create', PAID, '--line-items', '61:0', '--yes'], { env: s.env }), '--line-items');
    expectUsageError(await cli(['refund', 'create', ' ', '--amount', '1', '--yes'], { env: s.env }), '<order>');
    expect(await log.take()).toEqual([]);
    // A name no order holds is looked up (GETs only) and exits 2 naming the argument.
    const unnamed = await cli(['refund', 'create', '#9999', '--amount', '1', '--yes'], { env: s.env });
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toContain("No order is named '#9999' (<order>)");
    const foreign = await cli(['refund', 'create', PAID, '--line-items', '6100000000000000001', '--yes'], { env: s.env });
    expectUsageError(foreign, '--line-items');
    expect(foreign.stderr).toContain('6100000000000000001 is no line item of the order #1004 (its lines: 6100000000000000005, 6100000000000000006)');
    expect(await writes()).toEqual([]);
  });

  it('without a terminal it needs --yes (exit 2 naming it, nothing read or sent); --dry-run prints the exact request and sends nothing', async () => {
    log.clear();
    const refused = await cli(['refund', 'create', FRESH, '--amount', '5'], { env: s.env });
    expectUsageError(refused, '--yes');
    expect(await log.take()).toEqual([]);
    const dry = await cli(['refund', 'create', FRESH, '--line-items', '6100000000000000009:1', '--amount', '5', '--notify', '--dry-run'], { env: s.env });
    expect(dry.code, dry.stderr).toBe(0);
    const [method, path, body] = tsvRows(dry.stdout)[0]!;
    expect([method, path]).toEqual(['POST', '/api/202412/refunds']);
    expect(JSON.parse(body!)).toEqual({
      refund: { orderId: FRESH, lineItems: [{ lineItemId: '6100000000000000009', quantity: 1 }], amount: '5', notifyCustomer: true },
    });
    expect(dry.stderr).toContain('Dry run: nothing was sent');
    expect(await writes()).toEqual([]);
  });

  it("a create whose answer is lost is not sent again: found among the order's refunds, it is shown as made once", async () => {
    proxy.use(loseFirst('POST', '/api/202412/refunds', 1));
    log.clear();
    const lost = await cli(['refund', 'create', FRESH, '--amount', '5.00', '--note', 'Lost answer', '--yes', '--json', 'amount,note'], {
      env: { ...s.env, STORE_CLI_BASE_URL: proxy.env.STORE_CLI_BASE_URL },
      clock,
    });
    expect(lost.code, lost.stderr).toBe(0);
    expect(JSON.parse(lost.stdout)).toEqual({ amount: '5.00', note: 'Lost answer' });
    expect(lost.stderr).toContain("the refund was found among the order's refunds: it was made once");
    expect(await writes()).toEqual(['POST /api/202412/refunds']);
    expect(await json(['refund', 'list', FRESH, '--json', 'note'])).toEqual([{ note: 'Lost answer' }]);
  });

  it('a create cut off before the store saw it is not sent again either: it may have been made, and the error says how to find out', async () => {
    proxy.use((request) => (request.method === 'POST' && request.path === '/api/202412/refunds' ? 'drop' : false));
    log.clear();
    const cut = await cli(['refund', 'create', FRESH, '--amount', '6.00', '--yes'], {
      env: { ...s.env, STORE_CLI_BASE_URL: proxy.env.STORE_CLI_BASE_URL },
      clock,
    });
    expect(cut.code).toBe(1);
    expect(cut.stderr).toContain("The refund may have been made anyway: it is not among the order's refunds yet");
    expect(cut.stderr).toContain(`'store-cli refund list ${FRESH}' shows whether it was made`);
    expect(await writes()).toEqual([]);
    expect(await json(['refund', 'list', FRESH, '--json', 'amount'])).toEqual([{ amount: '5.00' }]);
  });
});

// In a terminal the refund is shown (the order's name and total, what goes back) and asked
// about: nothing is sent unless the answer is yes.
describe('refund create in a terminal', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });
  const writes = async () => (await log.take()).filter((line) => line.method !== 'GET');

  it('declined: shows the order, its total and the lines and shipping given back, exits 2, sends nothing', async () => {
    log.clear();
    const r = await liveCli(['refund', 'create', MUGS, '--line-items', '6100000000000000007:1', '--shipping-price', '4.50', '--note', 'One broke'], {
      env: s.env,
      tty: true,
      stdin: 'n\n',
    }).done;
    expect(r.code).toBe(2);
    const shown = stripAnsi(r.stderr);
    expect(shown).toContain(`Refund on order #1005 (${MUGS}, total 44.46 USD, 0.00 USD refunded so far):`);
    expect(shown).toContain('1 × Stoneware Coffee Mug - Sand (line 6100000000000000007, 18.50 USD each)');
    expect(shown).toContain('shipping 4.50 USD');
    expect(shown).toContain('amount: as the store works it out from the lines and the shipping');
    expect(shown).toContain('Refund this on order #1005? It cannot be taken back.');
    expect(await writes()).toEqual([]);
  });

  it('accepted: the refund is made, and shown', async () => {
    log.clear();
    const r = await liveCli(['refund', 'create', MUGS, '--amount', '10', '--note', 'Goodwill'], { env: s.env, tty: true, stdin: 'y\n' }).done;
    expect(r.code, r.stderr).toBe(0);
    expect(stripAnsi(r.stderr)).toContain('amount: 10 USD');
    expect(await writes()).toEqual([expect.objectContaining({ method: 'POST', path: '/api/202412/refunds' })]);
    expect(stripAnsi(r.stdout)).toContain('Goodwill');
  });
});
