import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { ANSI, call, createCardDirect, expectUsageError, requestLog } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';

describe('giftcard count', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });

  it('--json prints {"count": N} with N a JSON integer, though the store sent a string', async () => {
    const raw = await call(s.sandbox, 'GET', '/gift_cards/count');
    expect(raw.text).toBe('{"count":"8"}');
    const r = await cli(['giftcard', 'count', '--json'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('{"count":8}\n');
    expect(JSON.parse(r.stdout)).toEqual({ count: 8 });
  });

  it('piped: the bare number', async () => {
    const r = await cli(['giftcard', 'count'], { env: s.env });
    expect(r).toEqual({ code: 0, stdout: '8\n', stderr: '' });
  });

  it('in a terminal: the number, no colour on stdout', async () => {
    const r = await cli(['giftcard', 'count'], { env: s.env, tty: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('8\n');
    expect(r.stdout).not.toMatch(ANSI);
  });

  it('counts cards created since', async () => {
    await createCardDirect(s.sandbox);
    await createCardDirect(s.sandbox);
    const r = await cli(['giftcard', 'count', '--json'], { env: s.env });
    expect(JSON.parse(r.stdout)).toEqual({ count: 10 });
  });

  it('--json count selects the one field; --json nope exits 2 and sends nothing', async () => {
    const ok = await cli(['giftcard', 'count', '--json', 'count'], { env: s.env });
    expect(ok.code, ok.stderr).toBe(0);
    expect(Object.keys(JSON.parse(ok.stdout))).toEqual(['count']);
    log.clear();
    const bad = await cli(['giftcard', 'count', '--json', 'nope'], { env: s.env });
    expectUsageError(bad, 'nope');
    expect(bad.stderr).toContain('Valid fields: count');
    expect(await log.take()).toEqual([]);
  });

  it('sends exactly one GET to the count endpoint', async () => {
    log.clear();
    await cli(['giftcard', 'count'], { env: s.env });
    expect(await log.take()).toEqual([{ method: 'GET', path: '/api/202412/gift_cards/count', status: 200 }]);
  });
});
