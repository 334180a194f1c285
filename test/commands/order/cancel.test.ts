import { describe, expect, it } from 'vitest';
import { liveCli } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { call, requestLog, stripAnsi } from '../_support.js';

// order cancel in a terminal: the order is read to name it in the question, and nothing is
// sent unless the answer is yes.
describe('order cancel in a terminal', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });
  const stored = async (id: string) => JSON.parse((await call(s.sandbox, 'GET', `/orders/${id}`)).text).order;
  const writes = async () => (await log.take()).filter((q) => q.method !== 'GET');

  it('declined: names the order and its total, exits 2, sends no cancel', async () => {
    log.clear();
    const r = await liveCli(['order', 'cancel', '6000000000000000141'], { env: s.env, tty: true, stdin: 'n\n' }).done;
    expect(r.code).toBe(2);
    expect(stripAnsi(r.stderr)).toContain('Cancel order 6000000000000000141 (#1005, 44.46 USD)? It cannot be reopened.');
    expect(await writes()).toEqual([]);
    expect((await stored('6000000000000000141')).status).toBe('open');
  });

  it('accepted: the order is cancelled with the reason given', async () => {
    log.clear();
    const r = await liveCli(['order', 'cancel', '6000000000000000141', '--reason', 'customer'], { env: s.env, tty: true, stdin: 'y\n' }).done;
    expect(r.code, r.stderr).toBe(0);
    expect(await writes()).toEqual([expect.objectContaining({ method: 'POST', path: '/api/202412/orders/6000000000000000141/cancel' })]);
    expect(await stored('6000000000000000141')).toMatchObject({ status: 'cancelled', cancelReason: 'customer' });
  });
});
